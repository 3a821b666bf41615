@ Forms of the pages in pending/ (they need the shiftamt operand kind); append to
@ tests/targets/data/mve_forms/t32_dp.s when the pages move to isa/mve/.
ands r0, r1
and r0, r0, r1
and.w r0, r1, r2
ands.w r12, lr, r11
and r0, r1, r2, lsl #1
ands r0, r1, r2, lsl #31
and r0, r1, r2, lsr #1
and r0, r1, r2, lsr #32
and r0, r1, r2, asr #32
and r0, r1, r2, asr #7
and r0, r1, r2, ror #1
and r0, r1, r2, ror #31
and r0, r1, r2, rrx
ands r0, r1, r2, rrx
tst r0, r1
tst.w r0, r1
tst r12, lr, lsl #3
tst r0, r1, asr #32
tst r0, r1, rrx
teq r0, r1
teq r12, lr, lsr #32
teq r0, r1, rrx
bics r0, r1
bic r0, r1, r2
bics r12, lr, r11, ror #9
orrs r0, r1
orr r0, r1, r2
orrs r12, lr, r11, asr #3
orr r0, r1, r2, rrx
orn r0, r1, r2
orns r12, lr, r11, lsl #30
orn r0, r1, r2, rrx
eors r0, r1
eor r0, r1, r2
eors r12, lr, r11, lsr #32
mvns r0, r1
mvn r0, r1
mvns.w r0, r1
mvn r12, lr, lsl #4
mvn r0, r1, rrx
cmn r0, r1
cmn.w r0, r1
cmn sp, r1, lsl #2
cmn r12, lr, asr #32
adcs r0, r1
adc r0, r1, r2
adcs r12, lr, r11, lsl #16
adc r0, r1, r2, rrx
sbcs r0, r1
sbc r0, r1, r2
sbcs r12, lr, r11, asr #32
rsb r0, r1, r2
rsbs r12, lr, r11, lsl #5
rsb r0, r1, r2, rrx
lsrs r0, r1, #1
lsrs r7, r6, #32
lsr.w r0, r1, #1
lsrs.w r12, lr, #32
asrs r0, r1, #1
asrs r7, r6, #32
asr.w r0, r1, #31
asrs.w r12, lr, #32
lsll r0, r1, #1
lsll r0, r1, #32
lsrl r2, r3, #5
lsrl r10, r11, #32
asrl r0, r1, #3
asrl r0, r1, #32
uqshll r0, r1, #1
uqshll r0, r1, #32
urshrl r0, r1, #7
urshrl r10, r11, #32
srshrl r0, r1, #9
srshrl r0, r1, #32
sqshll r0, r1, #5
sqshll r0, r1, #32
uqshl r0, #1
uqshl r12, #32
urshr r0, #4
urshr lr, #32
srshr r0, #12
srshr r0, #32
sqshl r0, #8
sqshl r0, #32
pkhbt r0, r1, r2
pkhbt r0, r1, r2, lsl #1
pkhbt r12, lr, r11, lsl #31
pkhtb r0, r1, r2, asr #1
pkhtb r0, r1, r2, asr #32
pkhtb r12, lr, r11, asr #16
ands.w r0, r0, r1
mvns.w r2, r3
adcs.w r0, r0, r1
tst.w r2, r3
cmn.w r2, r3
