#include "common.S"
    .data
    .balign 8
buf: .word 0x11111111, 0x22222222, 0x33333333, 0x44444444
     .space 64
    .text
reset:
    ldr r7, =buf
    movs r5, #0x55
    strex r0, r5, [r7]          @ monitor open after reset: fails (1)
    ldrex r1, [r7]
    strex r2, r5, [r7]          @ passes (0)
    strex r3, r5, [r7]          @ monitor cleared: fails
    ldrex r4, [r7, #4]
    clrex
    strex r6, r5, [r7, #4]      @ cleared by clrex: fails
    bl dump8
    ldrex r0, [r7, #8]
    strex r1, r5, [r7, #12]     @ other address: fails
    ldrex r0, [r7, #8]
    strex r2, r5, [r7, #8]
    adds r6, r7, #9
    ldrexb r3, [r6]
    strexb r4, r5, [r6]
    adds r6, r7, #2
    ldrexh r0, [r6]
    movs r5, #0x66
    strexh r4, r5, [r6]
    bl dump8
    ldm r7, {r0-r3}
    bl dump8
    @ size mismatch: ldrexb then strex word at the same address
    adds r6, r7, #4
    ldrexb r0, [r6]
    movs r5, #0x77
    strex r1, r5, [r6]
    ldrex r2, [r6]
    strexb r3, r5, [r6]
    ldrexh r4, [r6]
    strexh r0, r5, [r6]
    ldr r6, [r6]
    bl dump8
    @ unaligned strex with the monitor open: QEMU fails without a fault
    adds r6, r7, #1
    strex r0, r5, [r6]
    strexh r1, r5, [r6]
    @ acquire / release
    lda r2, [r7]
    adds r6, r7, #1
    ldab r3, [r6]
    adds r6, r7, #2
    ldah r4, [r6]
    movs r5, #0x99
    adds r6, r7, #16
    stl r5, [r6]
    adds r6, r7, #21
    stlb r5, [r6]
    adds r6, r7, #26
    stlh r5, [r6]
    bl dump8
    ldr r0, [r7, #16]
    ldr r1, [r7, #20]
    ldr r2, [r7, #24]
    ldaex r3, [r7]
    stlex r4, r5, [r7]
    ldaexb r6, [r7]
    stlexb r5, r4, [r7]
    bl dump8
    adds r6, r7, #2
    ldaexh r0, [r6]
    stlexh r1, r0, [r7]
    ldaexh r2, [r6]
    stlexh r3, r7, [r6]
    ldr r4, [r7]
    stlex r5, r4, [r7]
    bl dump8
    b exit
