#include "common.S"
    .data
    .balign 8
buf: .word 0x11223344, 0x8899aabb, 0xcafef00d, 0xdeadbeef, 0x80ff7f01, 0xfedcba98, 0, 0
     .space 64
    .text
reset:
    ldr r7, =buf
    @ LDRD offset, pre, post
    mov r6, r7
    ldrd r0, r1, [r6, #8]
    ldrd r2, r3, [r6], #8
    ldrd r4, r5, [r6, #8]!
    bl dump8
    mov r6, r7
    adds r6, #16
    ldrd r0, r1, [r6, #-12]
    ldrd r2, r3, [r6, #-16]!
    mov r4, r6
    ldrd r5, r0, [r7, #4]    @ 4-aligned, not 8
    bl dump8
    @ STRD
    ldr r0, =0x01020304
    ldr r1, =0x05060708
    mov r6, r7
    adds r6, #32
    strd r0, r1, [r6]
    strd r1, r0, [r6, #8]!
    strd r0, r0, [r6], #-4
    ldm r7!, {r0-r5}
    ldr r7, =buf+32
    ldm r7, {r0-r4}
    mov r5, r6
    bl dump8
    @ sign-extending loads
    ldr r7, =buf+16
    movs r3, #1
    ldrsb r0, [r7]
    ldrsb r1, [r7, #1]
    ldrsb r2, [r7, r3]
    ldrsh r4, [r7, r3, lsl #1]
    ldrsh r5, [r7, #2]
    ldrsb.w r6, [r7, #-9]
    bl dump8
    mov r6, r7
    ldrsb r0, [r6, #3]!
    mov r1, r6
    ldrsh r2, [r6], #-3
    mov r3, r6
    ldrsh r4, [r6, #-1]      @ unaligned halfword
    ldrsh r5, [r6, #6]!
    bl dump8
    @ literal loads
    ldrsb r0, lit1
    ldrsh r1, lit1
    ldrb r2, lit1
    ldrh r3, lit1
    ldrsb.w r4, [pc, #-4]
    ldrb.w r5, [pc, #3]
    ldrd r6, r7, lit2
    bl dump8
    ldrsh r0, lit3
    ldrh r1, lit3
    ldrsb r2, lit3+1
    ldrd r4, r5, [pc, #-16]
    movs r3, #0
    movs r6, #0
    movs r7, #0
    bl dump8
    @ unprivileged
    ldr r7, =buf
    ldrt r0, [r7, #4]
    ldrbt r1, [r7, #5]
    ldrht r2, [r7, #6]
    ldrsbt r3, [r7, #7]
    ldrsht r4, [r7, #18]
    movs r5, #0x7b
    strbt r5, [r7, #40]
    strht r5, [r7, #42]
    strt r5, [r7, #44]
    ldrd r5, r6, [r7, #40]
    bl dump8
    pld [r7, #4]
    pld [r7, r3, lsl #2]
    pli [r7, #-4]
    pld [pc, #8]
    pli lit1
    bl dump8
    b exit
    .balign 4
lit1: .word 0x8182f3f4
lit2: .word 0x12345678, 0x9abcdef0
lit3: .word 0x00ff8000
