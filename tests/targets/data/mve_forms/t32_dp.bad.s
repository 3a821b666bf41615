bics r12, r11, #0xf000000f
mla r12, lr, r11, sp
ssat r0, #8, r1, asr #32  @ column differs: llvm-mc points at the digits, mlisa at the '#' as for every immediate
ssat r0, #0, r1
usat r0, #32, r1
ssat r0, #8, r1, lsl #32  @ column differs: llvm-mc points at the digits, mlisa at the '#' as for every immediate
sxtb r0, r1, ror #4  @ column differs: llvm-mc points at the digits, mlisa at the '#' as for every immediate
clz r0, sp
sxtab r0, pc, r1
mul r0, sp, r1
smull r0, r0, r1, r2
csel r0, r1, r2, al
csel sp, r1, r2, eq
cset r0, al
csinc r0, sp, r1, eq
cset r0, nv
csel r0, r1, sp, eq
uqrshl r0, r0
lsll r0, r1, sp
lsll r12, sp, r2
sbfx r0, r1, #16, #17
ubfx r0, r1, #0, #33
bfi r0, r1, #8, #25  @ column differs: llvm-mc points at the comma before the width, mlisa at the width
bfc r0, #0, #33  @ column differs: llvm-mc points at the comma before the width, mlisa at the width
bfi r0, pc, #0, #1
addeq r0, r1, r2
mov r0
lsls r0, #33
mov.w sp, sp
qadd r1, r2
sadd16 r1, r2
