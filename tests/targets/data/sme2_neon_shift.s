// Advanced SIMD (NEON) integer shifts and compares: SSHL, USHL, SRSHL,
// URSHL, SQSHL, UQSHL, SQRSHL, UQRSHL (register); SSHR, USHR, SSRA, USRA,
// SRSHR, URSHR, SRSRA, URSRA, SHL, SLI, SRI, SQSHL, UQSHL, SQSHLU
// (immediate); SHRN, RSHRN and the saturating SQSHRN, UQSHRN, SQRSHRN,
// UQRSHRN, SQSHRUN, SQRSHRUN (with their 2 forms); SSHLL, USHLL (with SXTL,
// UXTL) and SHLL (with their 2 forms); CMGT, CMGE, CMHI, CMHS, CMEQ, CMTST
// (register) and CMEQ, CMGT, CMGE, CMLE, CMLT (zero). Vector forms in 64-
// and 128-bit arrangements, and scalar forms. Each runs once over each of
// four pairs of 128-bit inputs in V1 and V2; the accumulating, inserting and
// 2 forms start from V0 = V2. After each instruction the whole Q0 is
// printed, as two doublewords of 16 hex digits, low first (a 64-bit or
// scalar write zeroes the rest); after each saturating group FPSR (QC is bit
// 27), which is then cleared. Built with clang-19 it runs under qemu-aarch64
// (the recorded output is sme2_neon_shift.qemu.out); mlisa run must print
// the same.

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp q1, q2, [x21], #32
    // SSHL, USHL: amount from the signed low byte of each V2 element
    sshl v0.16b, v1.16b, v2.16b
    show q0
    sshl v0.4h, v1.4h, v2.4h
    show q0
    sshl v0.4s, v1.4s, v2.4s
    show q0
    sshl v0.2d, v1.2d, v2.2d
    show q0
    sshl d0, d1, d2
    show q0
    ushl v0.8b, v1.8b, v2.8b
    show q0
    ushl v0.8h, v1.8h, v2.8h
    show q0
    ushl v0.2s, v1.2s, v2.2s
    show q0
    ushl v0.2d, v1.2d, v2.2d
    show q0
    ushl d0, d2, d1
    show q0
    // SSHR, USHR, SSRA, USRA (accumulating into v0 = V2)
    sshr v0.16b, v1.16b, #3
    show q0
    sshr v0.4h, v1.4h, #16
    show q0
    sshr v0.4s, v1.4s, #1
    show q0
    sshr v0.2d, v1.2d, #64
    show q0
    sshr v0.2d, v2.2d, #7
    show q0
    sshr d0, d1, #63
    show q0
    ushr v0.8b, v1.8b, #8
    show q0
    ushr v0.8h, v1.8h, #5
    show q0
    ushr v0.2s, v1.2s, #32
    show q0
    ushr v0.2d, v1.2d, #1
    show q0
    ushr d0, d1, #64
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ssra v0.16b, v1.16b, #2
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ssra v0.4s, v1.4s, #31
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ssra v0.2d, v1.2d, #64
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ssra v0.8b, v1.8b, #8
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ssra d0, d1, #3
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    usra v0.8h, v1.8h, #16
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    usra v0.2s, v1.2s, #7
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    usra v0.2d, v1.2d, #63
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    usra d0, d1, #64
    show q0
    // SHL
    shl v0.8b, v1.8b, #7
    show q0
    shl v0.16b, v1.16b, #0
    show q0
    shl v0.4h, v1.4h, #15
    show q0
    shl v0.4s, v1.4s, #9
    show q0
    shl v0.2d, v1.2d, #63
    show q0
    shl d0, d1, #1
    show q0
    // SHRN, SHRN2 (the 2 forms over v0 = V2, keeping its low half)
    shrn v0.8b, v1.8h, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    shrn2 v0.16b, v1.8h, #8
    show q0
    shrn v0.4h, v1.4s, #16
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    shrn2 v0.8h, v1.4s, #3
    show q0
    shrn v0.2s, v1.2d, #32
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    shrn2 v0.4s, v1.2d, #17
    show q0
    // SSHLL, USHLL and their aliases SXTL, UXTL
    sxtl v0.8h, v1.8b
    show q0
    sshll2 v0.8h, v1.16b, #7
    show q0
    sshll v0.4s, v1.4h, #3
    show q0
    sshll2 v0.2d, v1.4s, #31
    show q0
    sxtl2 v0.2d, v1.4s
    show q0
    ushll v0.8h, v1.8b, #5
    show q0
    uxtl2 v0.4s, v1.8h
    show q0
    ushll v0.2d, v1.2s, #31
    show q0
    ushll2 v0.8h, v1.16b, #1
    show q0
    uxtl v0.2d, v1.2s
    show q0
    // CMGT, CMGE, CMHI, CMHS, CMEQ, CMTST (register)
    cmgt v0.16b, v1.16b, v2.16b
    show q0
    cmgt v0.4h, v1.4h, v2.4h
    show q0
    cmgt v0.4s, v1.4s, v2.4s
    show q0
    cmgt v0.2d, v1.2d, v2.2d
    show q0
    cmgt d0, d2, d1
    show q0
    cmge v0.8b, v1.8b, v2.8b
    show q0
    cmge v0.8h, v1.8h, v2.8h
    show q0
    cmge v0.2s, v1.2s, v2.2s
    show q0
    cmge v0.2d, v1.2d, v2.2d
    show q0
    cmge d0, d1, d2
    show q0
    cmhi v0.16b, v1.16b, v2.16b
    show q0
    cmhi v0.4h, v1.4h, v2.4h
    show q0
    cmhi v0.4s, v1.4s, v2.4s
    show q0
    cmhi v0.2d, v1.2d, v2.2d
    show q0
    cmhi d0, d2, d1
    show q0
    cmhs v0.8b, v1.8b, v2.8b
    show q0
    cmhs v0.8h, v1.8h, v2.8h
    show q0
    cmhs v0.2s, v1.2s, v2.2s
    show q0
    cmhs v0.2d, v2.2d, v1.2d
    show q0
    cmhs d0, d1, d2
    show q0
    cmeq v0.16b, v1.16b, v2.16b
    show q0
    cmeq v0.4h, v1.4h, v2.4h
    show q0
    cmeq v0.4s, v1.4s, v2.4s
    show q0
    cmeq v0.2d, v1.2d, v2.2d
    show q0
    cmeq d0, d1, d2
    show q0
    cmtst v0.8b, v1.8b, v2.8b
    show q0
    cmtst v0.8h, v1.8h, v2.8h
    show q0
    cmtst v0.2s, v1.2s, v2.2s
    show q0
    cmtst v0.2d, v1.2d, v2.2d
    show q0
    cmtst d0, d1, d2
    show q0
    // CMEQ, CMGT, CMGE, CMLE, CMLT (zero)
    cmeq v0.16b, v1.16b, #0
    show q0
    cmeq v0.4h, v2.4h, #0
    show q0
    cmeq v0.4s, v1.4s, #0
    show q0
    cmeq v0.2d, v2.2d, #0
    show q0
    cmeq d0, d1, #0
    show q0
    cmgt v0.8b, v1.8b, #0
    show q0
    cmgt v0.8h, v2.8h, #0
    show q0
    cmgt v0.2s, v1.2s, #0
    show q0
    cmgt v0.2d, v2.2d, #0
    show q0
    cmgt d0, d1, #0
    show q0
    cmge v0.16b, v2.16b, #0
    show q0
    cmge v0.4h, v1.4h, #0
    show q0
    cmge v0.4s, v2.4s, #0
    show q0
    cmge v0.2d, v1.2d, #0
    show q0
    cmge d0, d2, #0
    show q0
    cmle v0.8b, v2.8b, #0
    show q0
    cmle v0.8h, v1.8h, #0
    show q0
    cmle v0.2s, v2.2s, #0
    show q0
    cmle v0.2d, v1.2d, #0
    show q0
    cmle d0, d2, #0
    show q0
    cmlt v0.16b, v1.16b, #0
    show q0
    cmlt v0.4h, v2.4h, #0
    show q0
    cmlt v0.4s, v1.4s, #0
    show q0
    cmlt v0.2d, v2.2d, #0
    show q0
    cmlt d0, d1, #0
    show q0
    // SRSHR, URSHR, SRSRA, URSRA (rounding; accumulating into v0 = V2), RSHRN, RSHRN2
    srshr v0.16b, v1.16b, #3
    show q0
    srshr v0.4h, v1.4h, #16
    show q0
    srshr v0.4s, v1.4s, #1
    show q0
    srshr v0.2d, v1.2d, #64
    show q0
    srshr d0, d1, #63
    show q0
    urshr v0.8b, v1.8b, #8
    show q0
    urshr v0.8h, v1.8h, #5
    show q0
    urshr v0.2s, v1.2s, #32
    show q0
    urshr v0.2d, v1.2d, #1
    show q0
    urshr d0, d1, #64
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    srsra v0.16b, v1.16b, #2
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    srsra v0.4s, v1.4s, #31
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    srsra v0.2d, v1.2d, #64
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    srsra d0, d1, #3
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ursra v0.8h, v1.8h, #16
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ursra v0.2s, v1.2s, #7
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ursra v0.2d, v1.2d, #63
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    ursra d0, d1, #64
    show q0
    rshrn v0.8b, v1.8h, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    rshrn2 v0.16b, v1.8h, #8
    show q0
    rshrn v0.4h, v1.4s, #16
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    rshrn2 v0.8h, v1.4s, #3
    show q0
    rshrn v0.2s, v1.2d, #32
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    rshrn2 v0.4s, v1.2d, #17
    show q0
    // SLI, SRI (inserting into v0 = V2)
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli v0.8b, v1.8b, #3
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli v0.16b, v1.16b, #0
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli v0.4h, v1.4h, #15
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli v0.4s, v1.4s, #9
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli v0.2d, v1.2d, #63
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sli d0, d1, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.8b, v1.8b, #8
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.16b, v1.16b, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.8h, v1.8h, #5
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.2s, v1.2s, #32
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.2d, v1.2d, #64
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri v0.2d, v1.2d, #7
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sri d0, d1, #33
    show q0
    // SRSHL, URSHL, SQSHL, UQSHL, SQRSHL, UQRSHL (register; saturations set FPSR.QC)
    srshl v0.16b, v1.16b, v2.16b
    show q0
    srshl v0.4s, v1.4s, v2.4s
    show q0
    srshl v0.2d, v1.2d, v2.2d
    show q0
    srshl d0, d1, d2
    show q0
    urshl v0.8b, v1.8b, v2.8b
    show q0
    urshl v0.8h, v1.8h, v2.8h
    show q0
    urshl v0.2d, v1.2d, v2.2d
    show q0
    urshl d0, d2, d1
    show q0
    sqshl v0.16b, v1.16b, v2.16b
    show q0
    sqshl v0.4h, v1.4h, v2.4h
    show q0
    sqshl v0.4s, v1.4s, v2.4s
    show q0
    sqshl v0.2d, v1.2d, v2.2d
    show q0
    sqshl b0, b1, b2
    show q0
    sqshl d0, d1, d2
    show q0
    uqshl v0.8b, v1.8b, v2.8b
    show q0
    uqshl v0.8h, v1.8h, v2.8h
    show q0
    uqshl v0.2s, v1.2s, v2.2s
    show q0
    uqshl v0.2d, v1.2d, v2.2d
    show q0
    uqshl h0, h1, h2
    show q0
    sqrshl v0.16b, v1.16b, v2.16b
    show q0
    sqrshl v0.8h, v1.8h, v2.8h
    show q0
    sqrshl v0.2d, v1.2d, v2.2d
    show q0
    sqrshl s0, s1, s2
    show q0
    uqrshl v0.16b, v1.16b, v2.16b
    show q0
    uqrshl v0.4h, v1.4h, v2.4h
    show q0
    uqrshl v0.4s, v1.4s, v2.4s
    show q0
    uqrshl d0, d1, d2
    show q0
    show_fpsr
    // SQSHL, UQSHL, SQSHLU (immediate); SQSHRN, UQSHRN, SQRSHRN, UQRSHRN, SQSHRUN, SQRSHRUN and their 2 forms (over v0 = V2)
    sqshl v0.16b, v1.16b, #1
    show q0
    sqshl v0.4h, v1.4h, #15
    show q0
    sqshl v0.2d, v1.2d, #63
    show q0
    sqshl s0, s1, #0
    show q0
    sqshl b0, b1, #7
    show q0
    uqshl v0.8b, v1.8b, #7
    show q0
    uqshl v0.8h, v1.8h, #1
    show q0
    uqshl v0.4s, v1.4s, #31
    show q0
    uqshl d0, d1, #1
    show q0
    sqshlu v0.16b, v1.16b, #0
    show q0
    sqshlu v0.4h, v1.4h, #3
    show q0
    sqshlu v0.2d, v1.2d, #1
    show q0
    sqshlu h0, h1, #2
    show q0
    sqshrn v0.8b, v1.8h, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sqshrn2 v0.8h, v1.4s, #16
    show q0
    sqshrn v0.2s, v1.2d, #32
    show q0
    sqshrn b0, h1, #3
    show q0
    uqshrn v0.4h, v1.4s, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    uqshrn2 v0.16b, v1.8h, #8
    show q0
    uqshrn s0, d1, #1
    show q0
    sqrshrn v0.8b, v1.8h, #3
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sqrshrn2 v0.4s, v1.2d, #17
    show q0
    sqrshrn h0, s1, #16
    show q0
    uqrshrn v0.2s, v1.2d, #1
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    uqrshrn2 v0.8h, v1.4s, #4
    show q0
    uqrshrn b0, h1, #8
    show q0
    sqshrun v0.8b, v1.8h, #2
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sqshrun2 v0.4s, v1.2d, #32
    show q0
    sqshrun h0, s1, #1
    show q0
    sqrshrun v0.4h, v1.4s, #15
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    sqrshrun2 v0.16b, v1.8h, #1
    show q0
    sqrshrun s0, d1, #31
    show q0
    show_fpsr
    // SHLL, SHLL2
    shll v0.8h, v1.8b, #8
    show q0
    shll2 v0.8h, v1.16b, #8
    show q0
    shll v0.4s, v1.4h, #16
    show q0
    shll2 v0.4s, v1.8h, #16
    show q0
    shll v0.2d, v1.2s, #32
    show q0
    shll2 v0.2d, v1.4s, #32
    show q0
    subs x22, x22, #1
    b.ne next_pair
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

// Each pair: V1's two doublewords, then V2's. The low bytes of V2's
// elements are the amounts of the register shifts: 0x01, 0x07, 0x08, 0x10,
// 0x11, 0x40, 0x41, 0x7f and negative ones (0x80 = -128, 0xff = -1, 0xf9 =
// -7, 0xc0 = -64), at every element size; pairs 3 and 4 have equal elements
// for the compares.
    .balign 16
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210, 0x01070810114080ff, 0xf9c07f0102030405
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x80000000000000f9, 0x0000000000000080
    .quad 0x00000000ffffffff, 0x7fff8000ff00ff01, 0x00000000ffff0041, 0x7fff8001ff00ff01
    .quad 0, 0xffffffffffffffff, 0x0000000080000011, 0xffffffffffffffff

    .data
    .balign 16
vbuf:
    .space 16
line:
    .space 24
