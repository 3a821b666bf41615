#include "common.S"
    .data
    .balign 8
buf: .word 1, 2, 3, 4, 5, 6, 7, 8
     .space 64
    .text
reset:
    ldr r7, =buf
    mov r0, r7
    ldm r0!, {r1, r2}
    mov r3, r7
    ldm r3, {r3, r4}          @ Rn in the list: loaded, no writeback
    ldm.w r7, {r5, r6}
    bl dump8
    ldr r7, =buf+16
    ldmdb r7!, {r0, r1, r2}
    mov r3, r7
    ldr r7, =buf+32
    ldmdb r7, {r4, r5, r6}
    bl dump8
    ldr r0, =buf+32
    movs r1, #0x11
    movs r2, #0x22
    movs r3, #0x33
    stm r0!, {r1, r2, r3}
    mov r4, r0
    stmdb r0!, {r2, r3}
    mov r5, r0
    ldr r6, =buf+32
    ldm r6, {r0, r1, r2}
    mov r6, r4
    bl dump8
    ldr r1, =buf+48
    movs r0, #0x44
    stm r1!, {r0, r1}          @ Rn in the list, not lowest: QEMU stores?
    ldr r2, =buf+48
    ldr r3, [r2]
    ldr r4, [r2, #4]
    stm.w r2, {r0, r1, r3}
    ldr.w r5, [r2, #8]
    stmdb r2, {r0, r4}
    ldr r6, [r2, #-4]
    bl dump8
    @ push / pop in all forms
    mov r6, sp
    movs r0, #1
    movs r1, #2
    ldr r2, =0x0badf00d
    mov r8, r2
    push {r0, r1}
    push {r8}
    push.w {r0, r8}
    pop {r3, r4}
    pop.w {r5}
    pop {r0, r1}
    mov r2, sp
    subs r2, r6, r2
    bl dump8
    @ ldm/pop with pc
    adr r0, back1 + 1
    mov r1, r0
    push {r0, r1}
    pop {r2, pc}
    nop
    nop
back1:
    ldr r0, =tgt
    adds r0, #1
    ldr r7, =buf+64
    str r0, [r7, #4]
    movs r0, #9
    str r0, [r7]
    mov r5, r7
    ldm r5!, {r4, pc}
    nop
tgt:
    mov r6, r5
    ldr r0, =tgt2 + 1
    str r0, [r7, #8]
    adds r5, #4
    ldmdb r5, {r1, r2, pc}
    nop
tgt2:
    adr r0, tgt3 + 1
    push {r0}
    pop.w {pc}
    nop
tgt3:
    bl dump8
    b part2
    .ltorg
part2:
    @ TBB/TBH
    movs r0, #0
    movs r1, #2
    tbb [pc, r1]
tb1: .byte (c0 - tb1)/2, (c1 - tb1)/2, (c2 - tb1)/2, 0
c0: movs r0, #10
    b tbdone
c1: movs r0, #11
    b tbdone
c2: movs r0, #12
tbdone:
    movs r1, #1
    tbh [pc, r1, lsl #1]
th1: .hword (d0 - th1)/2, (d1 - th1)/2
d0: movs r1, #20
    b thdone
d1: movs r1, #21
thdone:
    ldr r2, =tb2
    movs r3, #1
    tbb [r2, r3]
e0: movs r2, #30
    b edone
e1: movs r2, #31
edone:
    adr r3, lbl
    adr.w r4, lbl2
    add r5, pc, #4
    subw r6, pc, #8
    addw r7, pc, #3
    bl dump8
    b part3
    .balign 4
lbl: .word 0
lbl2: .word 0
tb2: .byte (e0 - edone)/2 , 0
    .balign 2
part3:
    @ branch future: NOPs; the branch at the branch point does the work
    movs r0, #0
    movs r1, #0
    bf bp1, tf1
    bfl bp2, tf2
    bfx bp3, r2
    bfcsel bp1, tf1, bp1+4, eq
    adds r0, #1
bp1: b.w tf1
    movs r0, #99
tf1: adds r1, #1
    ldr r2, =tf3 + 1
bp2: bl tf2
    movs r1, #77
    b p3done
tf2: adds r0, #2
    bx lr
p3done:
bp3: nop
tf3: mov r7, lr
    movs r2, #0
    yield
    wfe
    sev
    nop.w
    yield.w
    dmb
    dsb ish
    isb
    dmb #5
    csdb
    ssbb
    pssbb
    .inst.w 0xf3af8010
    bl dump8
    b exit
