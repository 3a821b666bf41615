#include "common.S"
    .data
    .balign 8
buf: .word 1, 2, 3, 4, 5, 6
    .text
reset:
    ldr r7, =buf
    movs r0, #0
    cmp r0, #0
    ite eq
    ldrdeq r1, r2, [r7]
    ldrdne r3, r4, [r7]
    it ne
    stmne r7!, {r0, r1}
    ite ne
    ldmne r7, {r5, r6}
    ldmeq r7, {r3, r6}
    bl dump8
    ldr r7, =buf
    movs r0, #2
    cmp r0, #1
    it gt
    tbbgt [pc, r0]
t1: .byte 2, 3, 4, 5
    movs r1, #1
    movs r1, #2
    movs r1, #3
    movs r1, #4
    adr r2, ret1 + 1
    str r2, [r7, #8]
    mov r3, r7
    cmp r0, #2
    it eq
    ldmeq r3!, {r4, r5, pc}
    movs r1, #99
ret1:
    ldaex r4, [r7]
    adds r4, #1
    cmp r0, #2
    ite eq
    stlexeq r6, r4, [r7]
    stlexne r5, r4, [r7]
    bl dump8
    b exit
