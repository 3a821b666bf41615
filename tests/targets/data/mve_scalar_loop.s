    // A scalar loop (issue 14): ADD, STR, LDRB, STRB, SUBS, BNE, 20000
    // times; r5 ends 20000 * 3 = 60000 (0xea60), r3 the low byte of the
    // last sum.
    .syntax unified
    .thumb
    .global _start
_start:
    movw r0, #:lower16:buf
    movt r0, #:upper16:buf
    movw r4, #20000
    movs r5, #0
loop:
    add r5, r5, #3
    str r5, [r0]
    ldrb r3, [r0]
    strb r3, [r0, #4]
    subs r4, r4, #1
    bne loop
    mov r0, #0x18
    movw r1, #0x26
    movt r1, #2
    bkpt 0xab
    .data
buf: .space 16
