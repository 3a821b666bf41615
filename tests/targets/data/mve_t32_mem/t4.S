#include "common.S"
    .data
buf: .word 1, 2, 3, 4
    .text
reset:
    ldr r7, =buf
    movs r5, #0x55
    ldrex r0, [r7]
    str r5, [r7]            @ plain store of another value
    strex r1, r5, [r7]
    ldrex r2, [r7]
    str r2, [r7]            @ plain store of the same value
    strex r3, r5, [r7]
    ldrex r4, [r7, #4]
    strex r6, r5, [r7, #4]
    bl dump8
    b exit
