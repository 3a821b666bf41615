// A64 literal loads for tests/targets/sme2_run_test.cpp: LDR (literal) of W,
// X, S, D and Q registers, LDRSW (literal) of a negative word, and GNU as's
// `ldr Xt|Wt, =VALUE` (MOVZ where one holds the value, else a pool word at
// .ltorg or at the end of the section), each result printed as 16 hex
// digits. It runs the same under mlisa run and, built with clang-19, under
// qemu-aarch64 (the recorded output is sme2_literals.qemu.out).
    .text
    .globl _start
_start:
    ldr w0, word_neg            // zero-extended into X0
    bl emit
    ldr x0, dword
    bl emit
    ldrsw x0, word_neg
    bl emit
    ldrsw x0, word_pos
    bl emit
    ldr s1, word_neg
    fmov w0, s1
    bl emit
    ldr d2, dword
    fmov x0, d2
    bl emit
    ldr q3, quad
    fmov x0, d3
    bl emit
    adr x1, scratch
    str q3, [x1]
    ldr x0, [x1, #8]            // the upper doubleword
    bl emit
    ldr x0, =0x10000            // MOVZ
    bl emit
    ldr w0, =0xffff0000         // MOVZ
    bl emit
    ldr x0, =0x123456789a       // pool
    bl emit
    ldr w0, =-1                 // pool, 4 bytes
    bl emit
    ldr x0, =-1                 // pool, 8 bytes
    bl emit
    ldr x0, =dword              // pool: the address
    ldr x0, [x0]
    bl emit
    b after_pool
    .ltorg
after_pool:
    ldr x0, =0x5555555555
    bl emit
    ldr w0, =0x12345678
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
quad:
    .quad 0x0123456789abcdef
    .quad 0xfedcba9876543210
dword:
    .quad 0x8000000000000007
word_neg:
    .word 0x80000001
word_pos:
    .word 0x7ffffffe

    .data
    .balign 16
scratch:
    .space 16
line:
    .space 24
