@ T32 integer data processing (helper dp): every form, in llvm-mc-19's spelling.

@ logical and arithmetic, modified immediate
and r0, r1, #255
ands r2, r3, #0x00ab00ab
and r12, lr, #0xab00ab00
ands r4, r5, #0xffffffff
and r8, r9, #0x80000000
ands r1, r2, #0x3fc00
tst r0, #1
tst.w r0, #0xff00ff00
tst lr, #0x100
bic r0, r1, #255
orr r0, r1, #1
orrs r14, r2, #0x7f800000
orn r0, r1, #1
orns r3, r4, #0x55555555
mvn r0, #1
mvns r12, #0xff000000
eor r0, r1, #3
eors r6, r7, #0x1fe
teq r0, #3
teq r12, #0x80000000
cmn r0, #1
cmn.w r13, #0xff
adc r0, r1, #3
adcs r10, r11, #0x4000000
sbc r0, r1, #3
sbcs r10, r11, #0x4000000
rsb.w r0, r1, #0
rsbs.w r0, r1, #0
rsb r5, r6, #100
rsbs r8, r9, #0x1100
rsbs r0, r1, #0
rsbs r7, r7, #0
lsls r0, r1, #1
lsls r7, r6, #31
lsl.w r0, r1, #1
lsls.w r12, lr, #31
@ <Rdm>, #imm: the one register is both Rd and Rm.
lsls r0, #2
lsrs r1, #32
asrs r7, #1
lsl r0, #2
lsls r8, #2
ror r0, #2
rors r1, #0x3
lsls r0, r1, #0x1f
lsl r8, r9, #5
ror r0, r1, #1
rors r10, r11, #31
rrx r0, r1
rrxs r12, lr
lsls r0, r1
lsrs r2, r3
asrs r4, r5
rors r6, r7
lsl.w r0, r1, r2
lsls.w r12, lr, r11
lsr r0, r1, r2
lsrs.w r0, r1, r2
asr r0, r1, r2
asrs.w r0, r1, r2
ror r0, r1, r2
rors.w r0, r1, r2
mov.w r0, r1, lsl r2
movs r0, r0, lsr r2
movs.w r3, r4, asr r5
mov r3, r4, ror r5
lsls r0, r0, r1
muls r0, r1, r0
muls r7, r6, r7
mul r0, r1, r2
mul r12, lr, r11
mla r0, r1, r2, r3
mls r0, r1, r2, r3
mls r12, lr, r11, r10
smull r0, r1, r2, r3
smull r12, lr, r11, r10
umull r0, r1, r2, r3
umull r1, r0, r2, r2
smlal r0, r1, r2, r3
smlal r12, lr, r11, r10
umlal r0, r1, r2, r3
umlal r4, r5, r6, r7
sdiv r0, r1, r2
sdiv r12, lr, r11
udiv r0, r1, r2
udiv r12, lr, r11
sxtb r0, r1
sxth r7, r6
uxtb r0, r1
uxth r7, r6
sxtb.w r0, r1
sxtb r0, r1, ror #8
sxth r12, lr, ror #16
uxtb r12, lr, ror #24
uxth.w r0, r1
uxth r0, r1, ror #8
sxtb16 r0, r1
sxtb16 r0, r1, ror #8
uxtb16 r12, lr, ror #24
sxtab r0, r1, r2
sxtab r0, r1, r2, ror #8
sxtah r12, lr, r11, ror #16
uxtab r0, r1, r2, ror #24
uxtah r0, r1, r2
sxtab16 r0, r1, r2, ror #8
uxtab16 r0, r1, r2
clz r0, r1
clz r12, lr
rev r0, r1
rev.w r0, r1
rev r12, lr
rev16 r0, r1
rev16 r10, r11
revsh r0, r1
revsh r8, r9
rbit r0, r1
rbit r12, lr
ssat r0, #1, r1
ssat r0, #32, r1
ssat r0, #8, r1, lsl #31
ssat r12, #16, lr, asr #1
ssat r0, #8, r1, asr #31
usat r0, #0, r1
usat r0, #31, r1
usat r0, #8, r1, lsl #4
usat r12, #16, lr, asr #31
ssat16 r0, #1, r1
ssat16 r12, #16, lr
usat16 r0, #0, r1
usat16 r12, #15, lr
csel r0, r1, r2, eq
csel r12, lr, r11, ne
csel r0, zr, r2, hs
csel r0, r1, zr, lo
csel r0, zr, zr, mi
csel r3, r4, r5, pl
csel r3, r4, r5, vs
csel r3, r4, r5, vc
csel r3, r4, r5, hi
csel r3, r4, r5, ls
csel r3, r4, r5, ge
csel r3, r4, r5, lt
csel r3, r4, r5, gt
csel r3, r4, r5, le
csinc r0, r1, r2, eq
csinc r0, zr, r2, ne
csinc r0, r1, zr, gt
csinc r0, r1, r1, eq
csinc r0, zr, zr, ne
cset r0, eq
cset lr, hs
cset r5, le
cinc r0, r1, ne
cinc r7, lr, gt
csinv r0, r1, r2, eq
csinv r0, r1, r1, lt
csinv r0, zr, zr, ge
csetm r0, eq
csetm r9, lo
cinv r0, r1, eq
cinv r2, r2, vs
csneg r0, r1, r2, eq
csneg r0, r1, r1, hi
csneg r0, zr, zr, hi
cneg r0, r1, eq
cneg r12, r12, ls
cinc r0, zr, eq
cinv r0, zr, eq
cneg r0, zr, eq
csel r0, r1, r2, cs
cset r0, cc
lsll r0, r1, r2
lsll r10, r11, r12
asrl r0, r1, r2
asrl r2, r3, lr
uqrshll r0, r1, #64, r2
uqrshll r0, r1, #48, r2
uqrshll r10, r11, #48, lr
sqrshrl r0, r1, #64, r3
sqrshrl r4, r5, #48, r12
uqrshl r0, r1
uqrshl lr, r12
sqrshr r0, r1
sqrshr r12, lr
smlabb r0, r1, r2, r3
smlabt r12, lr, r11, r10
smlatb r0, r1, r2, r3
smlatt r0, r1, r2, r3
smulbb r0, r1, r2
smulbt r0, r1, r2
smultb r12, lr, r11
smultt r0, r1, r2
smlawb r0, r1, r2, r3
smlawt r12, lr, r11, r10
smulwb r0, r1, r2
smulwt r12, lr, r11
smmul r0, r1, r2
smmulr r12, lr, r11
smmla r0, r1, r2, r3
smmlar r12, lr, r11, r10
smmls r0, r1, r2, r3
smmlsr r12, lr, r11, r10
smlad r0, r1, r2, r3
smladx r12, lr, r11, r10
smuad r0, r1, r2
smuadx r12, lr, r11
smlsd r0, r1, r2, r3
smlsdx r12, lr, r11, r10
smusd r0, r1, r2
smusdx r12, lr, r11
smlalbb r0, r1, r2, r3
smlalbt r12, lr, r11, r10
smlaltb r0, r1, r2, r3
smlaltt r0, r1, r2, r3
smlald r0, r1, r2, r3
smlaldx r12, lr, r11, r10
smlsld r0, r1, r2, r3
smlsldx r12, lr, r11, r10
umaal r0, r1, r2, r3
umaal r12, lr, r11, r10
usad8 r0, r1, r2
usada8 r0, r1, r2, r3
usada8 r12, lr, r11, r10
sadd16 r0, r1, r2
sadd8 r12, lr, r11
sasx r0, r1, r2
ssax r0, r1, r2
ssub16 r0, r1, r2
ssub8 r0, r1, r2
qadd16 r0, r1, r2
qadd8 r0, r1, r2
qasx r0, r1, r2
qsax r0, r1, r2
qsub16 r0, r1, r2
qsub8 r12, lr, r11
shadd16 r0, r1, r2
shadd8 r0, r1, r2
shasx r0, r1, r2
shsax r0, r1, r2
shsub16 r0, r1, r2
shsub8 r0, r1, r2
uadd16 r0, r1, r2
uadd8 r0, r1, r2
uasx r0, r1, r2
usax r0, r1, r2
usub16 r0, r1, r2
usub8 r0, r1, r2
uqadd16 r0, r1, r2
uqadd8 r0, r1, r2
uqasx r0, r1, r2
uqsax r0, r1, r2
uqsub16 r0, r1, r2
uqsub8 r0, r1, r2
uhadd16 r0, r1, r2
uhadd8 r0, r1, r2
uhasx r0, r1, r2
uhsax r0, r1, r2
uhsub16 r0, r1, r2
uhsub8 r12, lr, r11
qadd r0, r1, r2
qsub r0, r1, r2
qdadd r0, r1, r2
qdsub r12, lr, r11
sel r0, r1, r2
sel r12, lr, r11
sbfx r0, r1, #0, #1
sbfx r0, r1, #0, #32
sbfx r12, lr, #31, #1
sbfx r0, r1, #7, #9
ubfx r0, r1, #0, #32
ubfx r12, lr, #16, #16
ubfx r0, r1, #3, #5
bfi r0, r1, #3, #4
bfc r0, #3, #4
bfi r0, r1, #0, #32
bfc r12, #31, #1
bfi lr, r2, #8, #24
bfc r0, #0, #1
bfi r5, r6, #31, #1
bfc r7, #0, #32
lsls.w r0, r0, r1
sxtb.w r2, r3
rev.w r2, r3
lsls.w r0, r1, #3
uxth.w r2, r3
negs r0, r1
neg r0, r1
neg r8, r9
negs r8, r9
rsb r0, r1, #5
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

@ From a comparison with llvm-mc-19 on Thumb-2 spellings (GNU as 2.40 takes each too, but `addw r2, #-16`):
@ ADD (SP plus register) T3 and SUB (SP minus register) T1, writing SP or another register
sub sp, sp, r3
sub.w sp, sp, r3
sub r2, sp, ip
subs r2, sp, r3, lsl #2
sub sp, sp, r3, lsl #2
add.w sp, sp, r1
adds.w sp, sp, r1
add sp, sp, r1, lsl #2
add r2, sp, r3, lsr #5
@ an explicit plus sign, and the two-register forms of the 32-bit encodings ({<Rd>,} omitted)
add r0, r1, #+4
mov r0, #+4
adc r4, r5
adc.w r9, r1
asr.w r1, r2
lsl.w r1, r2
lsr.w r1, r2
ror.w r1, r2
bic r1, r1
and r1, r2
orr r1, r2
eor r1, r2
sbc r1, r2
orn r1, r2
rsb r4, r8
rsb.w r4, r8
rsb r1, #0xff
rsb r9, #0
mul r5, r6
@ MOV with an immediate shift is LSL/LSR/ASR (immediate) T1 where 16 bits hold it
movs r6, r2, asr #32
movs r6, r2, lsl #3
movs r6, r2, lsr #1
rrx r1, r2
rrxs r1, r2
@ ADDW/SUBW with a negative immediate are the other one; ADR of #0 adds
addw r2, r2, #-16
addw r2, #-16
subw r2, r2, #-16
adr.w r1, #0
@ the pre-UAL names of the parallel ASX and SAX
saddsubx r9, r2, r7
ssubaddx r9, r2, r7
uqsubaddx r1, r2, r3
shaddsubx r1, r2, r3
uhsubaddx r1, r2, r3
qsubaddx r1, r2, r3
@ the CSEL family's register tables take the procedure-call names (GCC writes `cinc r3, fp, ne`)
cinc r3, fp, ne
csel r0, ip, sb, eq
csneg r1, sl, r2, lt
@ PKHTB without a shift is PKHBT with the halves swapped
pkhtb r2, r2, r3
