@ T32 loads, stores, branches, hints and barriers (helper mem): one form a line,
@ in llvm-mc-19's spelling (-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64).

@ LDRD, STRD (immediate, literal)
ldrd r0, r1, [r2]
ldrd r0, r1, [r2, #8]
ldrd r0, r1, [r2, #-8]
ldrd r0, r1, [r2, #1020]
ldrd r0, r1, [r2, #-1020]
ldrd r0, r1, [r2, #-0]
ldrd r0, r1, [r2, #8]!
ldrd r0, r1, [r2, #-8]!
ldrd r0, r1, [r2], #8
ldrd r0, r1, [r2], #-8
ldrd r12, lr, [sp, #16]
ldrd r1, r0, [sp], #4
ldrd r0, r1, [pc, #8]
ldrd r0, r1, [pc, #-8]
ldrd r0, r1, [pc, #1020]
strd r0, r1, [r2]
strd r0, r1, [r2, #8]
strd r0, r1, [r2, #-8]
strd r0, r1, [r2, #8]!
strd r0, r1, [r2, #-1020]!
strd r0, r1, [r2], #8
strd r0, r1, [r2], #-8
strd r12, lr, [sp, #-16]!
strd r4, r4, [r5]

@ LDRSB, LDRSH (immediate, register, literal); LDRB, LDRH (literal)
ldrsb r0, [r1, r2]
ldrsb r7, [r6, r5]
ldrsb.w r0, [r1, r2]
ldrsb r0, [r1, r2, lsl #3]
ldrsb r8, [sp, r9, lsl #1]
ldrsb r0, [r1]
ldrsb r0, [r1, #4095]
ldrsb r0, [r1, #-255]
ldrsb r0, [r1, #-4]!
ldrsb r0, [r1, #4]!
ldrsb r0, [r1], #4
ldrsb r0, [r1], #-255
ldrsb r10, [sp, #12]
ldrsb r0, [pc, #8]
ldrsb r0, [pc, #-8]
ldrsb.w r0, [pc, #4095]
ldrsh r0, [r1, r2]
ldrsh.w r0, [r1, r2]
ldrsh r0, [r1, r2, lsl #2]
ldrsh r0, [r1]
ldrsh r0, [r1, #4095]
ldrsh r0, [r1, #-255]
ldrsh r0, [r1, #-4]!
ldrsh r0, [r1, #254]!
ldrsh r0, [r1], #4
ldrsh r0, [r1], #-2
ldrsh lr, [r12, #6]
ldrsh r0, [pc, #8]
ldrsh r0, [pc, #-8]
ldrb r0, [pc, #8]
ldrb r0, [pc, #-8]
ldrb.w r9, [pc, #4095]
ldrh r0, [pc, #8]
ldrh r0, [pc, #-4095]

@ Unprivileged loads and stores
ldrt r0, [r1]
ldrt r0, [r1, #255]
ldrt lr, [sp, #4]
ldrbt r0, [r1, #1]
ldrbt r0, [r1]
ldrht r0, [r1, #2]
ldrsbt r0, [r1, #3]
ldrsht r12, [r11, #255]
strt r0, [r1, #4]
strt r0, [r1]
strbt r0, [r1, #255]
strht r0, [r1, #2]
strht r14, [sp]

@ PLD, PLI (hints)
pld [r0]
pld [r0, #4]
pld [r0, #4095]
pld [r0, #-4]
pld [r0, #-255]
pld [sp, #8]
pld [r0, r1]
pld [r0, r1, lsl #3]
pld [pc, #8]
pld [pc, #-8]
pld [pc, #4095]
pli [r0]
pli [r0, #4]
pli [r0, #4095]
pli [r0, #-4]
pli [r0, r1]
pli [r0, r1, lsl #2]
pli [pc, #8]
pli [pc, #-8]

@ LDM, LDMDB, STM, STMDB, PUSH, POP
ldm r0!, {r1, r2}
ldm r0, {r0, r1}
ldm r7, {r0, r7}
ldm r3!, {r0, r1, r2, r4, r5, r6, r7}
ldmia r0!, {r1, r2}
ldmfd r0!, {r1, r2}
ldm r0, {r1, r2}
ldm.w r0!, {r1, r2}
ldm r0, {r1, pc}
ldm r0!, {r1, lr}
ldm r8, {r0, r12, lr}
ldm sp, {r0, r1}
ldmia.w r0, {r8, r9}
ldmdb r0!, {r1, r2}
ldmdb r0, {r1, r2}
ldmea r0!, {r1, r2}
ldmdb sp!, {r4, pc}
stm r0!, {r1, r2}
stm r0!, {r0, r2}
stm r1!, {r0, r1}
stmia r0!, {r1, r2}
stmea r0!, {r1, r2}
stm r0, {r1, r2}
stm.w r0!, {r1, r2}
stm r8!, {r0, r1, lr}
stm sp, {r0, r1}
stmdb r0!, {r1, r2}
stmdb r0, {r1, r12}
stmfd r0!, {r1, r2}
stmdb r10!, {r0, lr}
push {r1}
push {r4, lr}
push {r0, r1, r2, r3, r4, r5, r6, r7, lr}
push.w {r0, r1}
push {r4, r8}
push {r8, lr}
push.w {r8}
push {r9}
push.w {r0}
push {lr}
stmdb sp!, {r1, r2}
stmfd sp!, {r4, r5, lr}
pop {r1}
pop {r4, pc}
pop {r0, r1, r2, r3, r4, r5, r6, r7, pc}
pop.w {r0, r1}
pop {r4, r8, pc}
pop {r8, lr}
pop.w {r8}
pop {r9}
pop {pc}
pop.w {pc}
pop {lr}
ldmia sp!, {r1, r2}
ldmfd sp!, {r4, r5, pc}

@ Exclusives, load-acquire and store-release
ldrex r0, [r1]
ldrex r0, [r1, #4]
ldrex r0, [r1, #1020]
ldrex lr, [sp, #8]
ldrexb r0, [r1]
ldrexh r12, [r11]
strex r0, r1, [r2]
strex r0, r1, [r2, #4]
strex r12, lr, [sp, #1020]
strexb r0, r1, [r2]
strexh r3, r4, [r5]
clrex
lda r0, [r1]
ldab r0, [r1]
ldah r0, [sp]
stl r0, [r1]
stlb lr, [r1]
stlh r0, [r1]
ldaex r0, [r1]
ldaexb r0, [r1]
ldaexh r0, [r1]
stlex r0, r1, [r2]
stlexb r0, r1, [r2]
stlexh r0, r1, [r2]

@ TBB, TBH, ADR (and its ADD/SUB spellings)
tbb [r0, r1]
tbb [pc, r1]
tbb [r12, lr]
tbh [r0, r1, lsl #1]
tbh [pc, r1, lsl #1]
adr r0, #0
adr r0, #8
adr r7, #1020
adr r0, #-0
adr r0, #-1
adr r0, #-4095
adr.w r0, #8
adr r0, #7
adr r0, #4095
adr r9, #8
adr r12, #1024
add r0, pc, #8
add r0, pc, #1020
add r9, pc, #4095
addw r0, pc, #8
subw r0, pc, #8
subw lr, pc, #4095

@ Branches with an offset from the PC
b #8
b #-2048
b #2046
beq #8
bne #-256
bgt #254
beq #256
beq #-1048576
ble #1048574
beq.w #8
cbz r0, #8
cbnz r7, #126
cbz r1, #0
bx lr
bx r0
bx pc
blx r3
blx lr
bxns lr
bxns r3
bxns sp
blxns r1
blxns sp
it eq
bxnseq r1
it ne
blxnsne r4

@ Hints and barriers
nop
nop.w
yield
yield.w
wfe
wfe.w
wfi
wfi.w
sev
sev.w
csdb
esb
dmb
dmb sy
dmb st
dmb ish
dmb sh
dmb shst
dmb un
dmb unst
dsb sh
dsb un
dsb #0x0
dsb #0x4
dmb #0xf
dmb ishst
dmb nsh
dmb nshst
dmb osh
dmb oshst
dmb #0
dmb #5
dmb #12
dsb
dsb sy
dsb st
dsb ish
dsb ishst
dsb nsh
dsb nshst
dsb osh
dsb oshst
dsb #8
dsb #13
isb
isb sy
isb #0
isb #14
ssbb
pssbb
dsb #0
dsb #4

@ Branch future (Armv8.1-M)
bf #2, #2
bf #2, #4094
bf #30, #-65536
bf #4, #65534
bfl #2, #1022
bfl #30, #262142
bfl #4, #-262144
bfx #2, r0
bfx #30, lr
bflx #6, r3
bflx #2, r12
bfcsel #2, #6, #4, ne
bfcsel #2, #6, #6, eq
bfcsel #30, #4094, #34, le
bfcsel #30, #-4096, #32, hs
bfcsel #16, #-2, #18, gt

@ Reserved hints (NOPs) and DBG
hint #5
hint #15
hint.w #5
hint.w #239
hint.w #17
dbg #3
dbg #15

@ An explicit plus sign on an offset (llvm-mc-19 and GNU as 2.40 take it)
ldr r0, [r1, #+4]
ldr r0, [r1], #+4
ldrd r0, r1, [r2, #+8]
pli [pc, #+4095]
@ LDRD and STRD with <Rt2> left out (GCC's output; GNU as 2.40 and llvm-mc-19 read it as <Rt> + 1)
ldrd r0, [sp, #8]
strd r6, [sp]
ldrd r4, [r1, #-16]!
strd r4, [r3], #8
