// Advanced SIMD (NEON) integer arithmetic: the multiplies (MUL, MLA, MLS,
// PMUL, PMULL, vector and by element), the widening multiplies and
// multiply-adds (SMULL, UMULL, SMLAL, UMLAL, SMLSL, UMLSL and their 2
// forms, vector and by element), the doubling multiplies (SQDMULH,
// SQRDMULH, SQDMULL, SQDMLAL, SQDMLSL: scalar, vector, 2 forms and by
// element), the absolute differences and their accumulating and widening
// forms, the widening and pairwise widening adds and subtracts, the
// narrowing high-half adds and subtracts, the saturating adds and
// subtracts (also SUQADD and USQADD), the halving adds and subtracts, the
// maxima and minima, ABS, NEG, SQABS, SQNEG, scalar ADD and SUB, CLS, CLZ,
// RBIT and the unsigned estimates URECPE and URSQRTE, over four pairs of
// 128-bit inputs in V1 and V2, with V3 the destination's old value where an
// instruction reads it (the inputs hold the extremes that saturate,
// overflow and round). Every result is the whole Q register, printed as two
// doublewords of 16 hex digits, low first; after each saturating group
// FPSR (its QC bit, 0x08000000) is printed and cleared. It runs the same
// under mlisa run and, built with clang-19, under qemu-aarch64 (the
// recorded output is sme2_neon_int.qemu.out).

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    msr fpsr, xzr
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp q1, q2, [x21], #32
    ldr q3, marker
    // multiplies and multiply-adds, vector and by element
    mul v0.16b, v1.16b, v2.16b
    show q0
    mul v0.4h, v1.4h, v2.4h
    show q0
    mul v0.4s, v1.4s, v2.4s
    show q0
    mul v0.8h, v1.8h, v2.h[7]
    show q0
    mul v0.2s, v1.2s, v2.s[3]
    show q0
    mov v0.16b, v3.16b
    mla v0.8b, v1.8b, v2.8b
    show q0
    mov v0.16b, v3.16b
    mla v0.8h, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    mls v0.4s, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    mls v0.16b, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    mla v0.4h, v1.4h, v2.h[2]
    show q0
    mov v0.16b, v3.16b
    mla v0.4s, v1.4s, v2.s[1]
    show q0
    mov v0.16b, v3.16b
    mls v0.8h, v1.8h, v2.h[6]
    show q0
    mov v0.16b, v3.16b
    mls v0.2s, v1.2s, v2.s[2]
    show q0
    // widening multiplies and multiply-adds
    smull v0.8h, v1.8b, v2.8b
    show q0
    smull2 v0.4s, v1.8h, v2.8h
    show q0
    umull v0.2d, v1.2s, v2.2s
    show q0
    umull2 v0.8h, v1.16b, v2.16b
    show q0
    smull v0.4s, v1.4h, v2.h[3]
    show q0
    umull2 v0.2d, v1.4s, v2.s[3]
    show q0
    umull v0.4s, v1.4h, v2.h[7]
    show q0
    smull2 v0.2d, v1.4s, v2.s[0]
    show q0
    mov v0.16b, v3.16b
    smlal v0.4s, v1.4h, v2.4h
    show q0
    mov v0.16b, v3.16b
    smlal2 v0.2d, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    umlal v0.8h, v1.8b, v2.8b
    show q0
    mov v0.16b, v3.16b
    umlal2 v0.4s, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    smlsl v0.2d, v1.2s, v2.2s
    show q0
    mov v0.16b, v3.16b
    smlsl2 v0.8h, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    umlsl v0.4s, v1.4h, v2.4h
    show q0
    mov v0.16b, v3.16b
    umlsl2 v0.2d, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    smlal v0.2d, v1.2s, v2.s[1]
    show q0
    mov v0.16b, v3.16b
    umlal2 v0.4s, v1.8h, v2.h[5]
    show q0
    mov v0.16b, v3.16b
    smlsl2 v0.4s, v1.8h, v2.h[0]
    show q0
    mov v0.16b, v3.16b
    umlsl v0.2d, v1.2s, v2.s[3]
    show q0
    // doubling multiplies returning high halves (saturating)
    sqdmulh v0.4h, v1.4h, v2.4h
    show q0
    sqdmulh v0.4s, v1.4s, v2.4s
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqrdmulh v0.8h, v1.8h, v2.8h
    show q0
    sqrdmulh v0.2s, v1.2s, v2.2s
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqdmulh h0, h1, h2
    show q0
    sqrdmulh s0, s1, s2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqdmulh v0.8h, v1.8h, v2.h[3]
    show q0
    sqdmulh s0, s1, v2.s[1]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqrdmulh v0.4h, v1.4h, v2.h[0]
    show q0
    sqrdmulh v0.4s, v1.4s, v2.s[2]
    show q0
    sqrdmulh h0, h1, v2.h[7]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // absolute differences, accumulating and widening
    sabd v0.16b, v1.16b, v2.16b
    show q0
    uabd v0.4h, v1.4h, v2.4h
    show q0
    sabd v0.4s, v1.4s, v2.4s
    show q0
    uabd v0.8h, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    saba v0.8b, v1.8b, v2.8b
    show q0
    mov v0.16b, v3.16b
    uaba v0.4s, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    saba v0.8h, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    uaba v0.2s, v1.2s, v2.2s
    show q0
    sabdl v0.8h, v1.8b, v2.8b
    show q0
    uabdl2 v0.4s, v1.8h, v2.8h
    show q0
    sabdl2 v0.2d, v1.4s, v2.4s
    show q0
    uabdl v0.2d, v1.2s, v2.2s
    show q0
    mov v0.16b, v3.16b
    sabal v0.4s, v1.4h, v2.4h
    show q0
    mov v0.16b, v3.16b
    uabal2 v0.8h, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    sabal2 v0.2d, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    uabal v0.2d, v1.2s, v2.2s
    show q0
    // widening adds and subtracts
    saddl v0.8h, v1.8b, v2.8b
    show q0
    uaddl2 v0.4s, v1.8h, v2.8h
    show q0
    ssubl2 v0.2d, v1.4s, v2.4s
    show q0
    usubl v0.4s, v1.4h, v2.4h
    show q0
    saddl2 v0.8h, v1.16b, v2.16b
    show q0
    usubl2 v0.2d, v1.4s, v2.4s
    show q0
    saddw v0.4s, v1.4s, v2.4h
    show q0
    uaddw2 v0.8h, v1.8h, v2.16b
    show q0
    ssubw2 v0.2d, v1.2d, v2.4s
    show q0
    usubw v0.2d, v1.2d, v2.2s
    show q0
    uaddw v0.8h, v2.8h, v1.8b
    show q0
    ssubw v0.4s, v2.4s, v1.4h
    show q0
    // narrowing high-half adds and subtracts
    addhn v0.8b, v1.8h, v2.8h
    show q0
    raddhn v0.4h, v1.4s, v2.4s
    show q0
    subhn v0.2s, v1.2d, v2.2d
    show q0
    rsubhn v0.8b, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    addhn2 v0.4s, v1.2d, v2.2d
    show q0
    mov v0.16b, v3.16b
    raddhn2 v0.16b, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    subhn2 v0.8h, v1.4s, v2.4s
    show q0
    mov v0.16b, v3.16b
    rsubhn2 v0.4s, v1.2d, v2.2d
    show q0
    raddhn v0.2s, v1.2d, v2.2d
    show q0
    // saturating adds and subtracts
    sqadd v0.16b, v1.16b, v2.16b
    show q0
    sqadd v0.4h, v1.4h, v2.4h
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    uqadd v0.8h, v1.8h, v2.8h
    show q0
    uqadd v0.2s, v1.2s, v2.2s
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqsub v0.4s, v1.4s, v2.4s
    show q0
    sqsub v0.2d, v1.2d, v2.2d
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    uqsub v0.8b, v1.8b, v2.8b
    show q0
    uqsub v0.2d, v1.2d, v2.2d
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqadd b0, b1, b2
    show q0
    sqadd d0, d1, d2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    uqadd h0, h1, h2
    show q0
    uqadd d0, d1, d2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqsub s0, s1, s2
    show q0
    sqsub h0, h1, h2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    uqsub d0, d1, d2
    show q0
    uqsub b0, b1, b2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // halving adds and subtracts
    shadd v0.16b, v1.16b, v2.16b
    show q0
    uhadd v0.4h, v1.4h, v2.4h
    show q0
    srhadd v0.4s, v1.4s, v2.4s
    show q0
    urhadd v0.8b, v1.8b, v2.8b
    show q0
    shsub v0.8h, v1.8h, v2.8h
    show q0
    uhsub v0.2s, v1.2s, v2.2s
    show q0
    srhadd v0.16b, v1.16b, v2.16b
    show q0
    urhadd v0.4s, v1.4s, v2.4s
    show q0
    // maxima and minima, elementwise and pairwise
    smax v0.16b, v1.16b, v2.16b
    show q0
    smin v0.4h, v1.4h, v2.4h
    show q0
    umax v0.4s, v1.4s, v2.4s
    show q0
    umin v0.8h, v1.8h, v2.8h
    show q0
    smaxp v0.16b, v1.16b, v2.16b
    show q0
    sminp v0.2s, v1.2s, v2.2s
    show q0
    umaxp v0.8h, v1.8h, v2.8h
    show q0
    uminp v0.4s, v1.4s, v2.4s
    show q0
    uminp v0.8b, v1.8b, v2.8b
    show q0
    // absolute value and negation, wrapping and saturating
    abs v0.16b, v1.16b
    show q0
    abs v0.4h, v2.4h
    show q0
    abs v0.2d, v1.2d
    show q0
    abs d0, d2
    show q0
    neg v0.8h, v1.8h
    show q0
    neg v0.2s, v2.2s
    show q0
    neg d0, d1
    show q0
    sqabs v0.16b, v1.16b
    show q0
    sqabs v0.4s, v2.4s
    show q0
    sqabs h0, h1
    show q0
    sqabs d0, d1
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqneg v0.8h, v2.8h
    show q0
    sqneg v0.2d, v1.2d
    show q0
    sqneg b0, b2
    show q0
    sqneg s0, s1
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // scalar add and subtract
    add d0, d1, d2
    show q0
    sub d0, d1, d2
    show q0
    // bit counts and reversal
    cls v0.16b, v1.16b
    show q0
    cls v0.4h, v2.4h
    show q0
    cls v0.4s, v1.4s
    show q0
    clz v0.8b, v2.8b
    show q0
    clz v0.8h, v1.8h
    show q0
    clz v0.2s, v2.2s
    show q0
    rbit v0.16b, v1.16b
    show q0
    rbit v0.8b, v2.8b
    show q0
    // pairwise widening adds
    saddlp v0.8h, v1.16b
    show q0
    uaddlp v0.2s, v2.4h
    show q0
    saddlp v0.2d, v1.4s
    show q0
    uaddlp v0.1d, v2.2s
    show q0
    mov v0.16b, v3.16b
    sadalp v0.4h, v1.8b
    show q0
    mov v0.16b, v3.16b
    uadalp v0.4s, v2.8h
    show q0
    mov v0.16b, v3.16b
    sadalp v0.1d, v2.2s
    show q0
    mov v0.16b, v3.16b
    uadalp v0.2d, v1.4s
    show q0
    // polynomial multiplies
    pmul v0.16b, v1.16b, v2.16b
    show q0
    pmul v0.8b, v2.8b, v1.8b
    show q0
    pmull v0.8h, v1.8b, v2.8b
    show q0
    pmull2 v0.8h, v1.16b, v2.16b
    show q0
    // the other width of the forms above
    sabd v0.2s, v1.2s, v2.2s
    show q0
    mov v0.16b, v3.16b
    mls v0.4h, v1.4h, v2.4h
    show q0
    saddw2 v0.2d, v1.2d, v2.4s
    show q0
    ssubl v0.8h, v1.8b, v2.8b
    show q0
    uaddl v0.2d, v1.2s, v2.2s
    show q0
    usubw2 v0.4s, v1.4s, v2.8h
    show q0
    saddlp v0.2s, v1.4h
    show q0
    uaddlp v0.8h, v2.16b
    show q0
    mov v0.16b, v3.16b
    sadalp v0.8h, v1.16b
    show q0
    mov v0.16b, v3.16b
    uadalp v0.4h, v2.8b
    show q0
    shadd v0.2s, v1.2s, v2.2s
    show q0
    uhadd v0.16b, v1.16b, v2.16b
    show q0
    shsub v0.8b, v1.8b, v2.8b
    show q0
    uhsub v0.4s, v1.4s, v2.4s
    show q0
    srhadd v0.4h, v1.4h, v2.4h
    show q0
    smax v0.2s, v1.2s, v2.2s
    show q0
    smin v0.8h, v1.8h, v2.8h
    show q0
    umax v0.8b, v1.8b, v2.8b
    show q0
    umin v0.4h, v1.4h, v2.4h
    show q0
    smaxp v0.4h, v1.4h, v2.4h
    show q0
    sminp v0.4s, v1.4s, v2.4s
    show q0
    umaxp v0.2s, v1.2s, v2.2s
    show q0
    sqabs v0.4h, v1.4h
    show q0
    sqneg v0.8b, v2.8b
    show q0
    sqsub v0.2s, v1.2s, v2.2s
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // doubling widening multiplies and multiply-adds (saturating)
    sqdmull v0.4s, v1.4h, v2.4h
    show q0
    sqdmull2 v0.2d, v1.4s, v2.4s
    show q0
    sqdmull s0, h1, h2
    show q0
    sqdmull d0, s1, s2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    sqdmlal v0.2d, v1.2s, v2.2s
    show q0
    mov v0.16b, v3.16b
    sqdmlal2 v0.4s, v1.8h, v2.8h
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    sqdmlsl v0.4s, v1.4h, v2.4h
    show q0
    mov v0.16b, v3.16b
    sqdmlsl2 v0.2d, v1.4s, v2.4s
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    sqdmlal s0, h1, h2
    show q0
    mov v0.16b, v3.16b
    sqdmlsl d0, s1, s2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    sqdmull v0.4s, v1.4h, v2.h[3]
    show q0
    sqdmull2 v0.2d, v1.4s, v2.s[1]
    show q0
    sqdmull s0, h1, v2.h[7]
    show q0
    sqdmull d0, s1, v2.s[0]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    sqdmlal2 v0.4s, v1.8h, v2.h[0]
    show q0
    mov v0.16b, v3.16b
    sqdmlal d0, s1, v2.s[1]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    sqdmlsl v0.2d, v1.2s, v2.s[3]
    show q0
    mov v0.16b, v3.16b
    sqdmlsl s0, h1, v2.h[1]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // saturating accumulates of the other signedness
    mov v0.16b, v1.16b
    suqadd v0.16b, v2.16b
    show q0
    mov v0.16b, v2.16b
    suqadd v0.4h, v1.4h
    show q0
    mov v0.16b, v1.16b
    suqadd d0, d2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v1.16b
    usqadd v0.8h, v2.8h
    show q0
    mov v0.16b, v2.16b
    usqadd v0.2s, v1.2s
    show q0
    mov v0.16b, v2.16b
    usqadd v0.2d, v1.2d
    show q0
    mov v0.16b, v1.16b
    usqadd b0, b2
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // unsigned reciprocal and reciprocal square root estimates
    urecpe v0.4s, v1.4s
    show q0
    urecpe v0.2s, v2.2s
    show q0
    urecpe v0.4s, v3.4s
    show q0
    ursqrte v0.4s, v2.4s
    show q0
    ursqrte v0.2s, v1.2s
    show q0
    ursqrte v0.4s, v3.4s
    show q0
    subs x22, x22, #1
    b.ne next_pair
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
marker:                         // the destination's old value
    .quad 0x5a5a5a5a5a5a5a5a, 0xa5a5a5a5c3c3c3c3
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210, 0x1111111111111111, 0x8080808080808080
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000001, 0xffffffffffffffff
    .quad 0x00000000ffff8000, 0x7fff7fff00000001, 0xff00ff00ff008000, 0x7fff80017fff8001
    .quad 0x8000800080000000, 0x7f7f80807fff8000, 0x8000800080000000, 0x80804000c0018000

    .data
    .balign 16
vbuf:
    .space 16
line:
    .space 24
