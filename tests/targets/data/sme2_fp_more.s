// sme2_fp_more.s: the scalar floating-point, Advanced SIMD and SVE forms
// added for clang-19's code (shared_fp_more.isa and its pages), run the same
// under mlisa run --target sme2 --svl 512 and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (recorded in sme2_fp_more.qemu.out).
// Every value is printed as 16 hex digits.
//
// Part 1, three times, under FPCR = 0, FPCR = DN|FZ|FZ16|RP and FPCR = RM:
//  - half precision, over 16 inputs (zeros of both signs, ones, ties,
//    infinities, a quiet and a signalling NaN, denormals, the largest
//    normal) paired with the next: FCMP/FCMPE (registers and #0.0) and
//    FCCMP/FCCMPE with NZCV after each, FCSEL, FNMUL, FMAXNM, FMINNM, FMAX,
//    FMIN, FRECPX, FCVTZS/FCVTZU (integer and fixed-point) and FCVTNS ...
//    FCVTAU to W and X, and
//    SCVTF/UCVTF (integer and fixed-point) from 8 integers; FPSR after each
//    group;
//  - single precision over 16 inputs (with 2^31, -2^31, 2^63): FNMUL,
//    FCCMP/FCCMPE, FRECPX, FRINT32Z/X, FRINT64Z/X, BFCVT;
//  - double precision over 16 inputs: FNMUL, FCCMP/FCCMPE, FRECPX,
//    FRINT32Z/X, FRINT64Z/X;
//  - the vector FRINT32X/Z, FRINT64X/Z (.4S, .2D) and BFCVTN/BFCVTN2.
// Part 2: FMOV (scalar, immediate) of H, FMOV of H to and from W and X,
// FMOV to and from the top half (v.D[1]); scalar SQXTN, UQXTN, SQXTUN of
// each size over 8 integers, with FPSR (QC).
// Part 3, SVE outside Streaming mode (vector length 512), under partial
// predicates: INC/DEC<H|W|D> (vector), ADR, CLS/CLZ/CNT/CNOT/NOT
// (predicated), EOR3, BCAX, BSL, BSL1N, BSL2N, NBSL, SHRNB/SHRNT/RSHRNB/
// RSHRNT, the halving adds and subtracts, SXT<B|H|W>/UXT<B|H|W>,
// SABA/UABA, SSRA/USRA/SRSRA/URSRA, FCVTZS/FCVTZU and SCVTF/UCVTF between
// sizes, with FPSR.

    .include "sme2_print.inc"

    // FPSR, then cleared
    .macro pr_fpsr
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    .endm

    .macro pr_nzcv
    mrs x0, nzcv
    bl emit
    .endm

    // a SIMD&FP register as its low 64 bits
    .macro pr_d reg
    fmov x0, \reg
    bl emit
    .endm

    // z0 in full (eight doublewords)
    .macro pr_z0
    adr x6, scratch
    st1d {z0.d}, p7, [x6]
    print_words 8
    .endm

    .text
    .globl _start
_start:
    adr x1, stack_top
    mov sp, x1
    mov x24, #0                 // FPCR index
fpcr_loop:
    adr x0, fpcrs
    ldr x0, [x0, x24, lsl #3]
    msr fpcr, x0
    msr fpsr, xzr

    // ---- half precision
    adr x25, halves
    mov x22, #0
half_loop:
    ldr h0, [x25, x22, lsl #1]
    add x0, x22, #1
    and x0, x0, #15
    ldr h1, [x25, x0, lsl #1]
    fcmp h0, h1
    pr_nzcv
    fcmpe h0, h1
    pr_nzcv
    fcmp h0, #0.0
    pr_nzcv
    fcmpe h1, #0.0
    pr_nzcv
    tst x22, #1
    fccmp h0, h1, #6, eq
    pr_nzcv
    tst x22, #2
    fccmpe h0, h1, #9, ne
    pr_nzcv
    pr_fpsr
    tst x22, #1
    fcsel h2, h0, h1, eq
    pr_d d2
    fnmul h2, h0, h1
    pr_d d2
    fmaxnm h2, h0, h1
    pr_d d2
    fminnm h2, h0, h1
    pr_d d2
    fmax h2, h0, h1
    pr_d d2
    fmin h2, h0, h1
    pr_d d2
    frecpx h2, h0
    pr_d d2
    pr_fpsr
    fcvtzs w0, h0
    bl emit
    fcvtzs x0, h0
    bl emit
    fcvtzu w0, h0
    bl emit
    fcvtzu x0, h0
    bl emit
    fcvtzs w0, h0, #3
    bl emit
    fcvtzs x0, h0, #20
    bl emit
    fcvtzu w0, h0, #32
    bl emit
    fcvtzu x0, h0, #64
    bl emit
    fcvtns w0, h0
    bl emit
    fcvtnu x0, h0
    bl emit
    fcvtps x0, h0
    bl emit
    fcvtpu w0, h0
    bl emit
    fcvtms w0, h0
    bl emit
    fcvtmu x0, h0
    bl emit
    fcvtas x0, h0
    bl emit
    fcvtau w0, h0
    bl emit
    pr_fpsr
    adr x0, ints
    and x1, x22, #7
    ldr x26, [x0, x1, lsl #3]
    scvtf h2, x26
    pr_d d2
    ucvtf h2, x26
    pr_d d2
    scvtf h2, w26
    pr_d d2
    ucvtf h2, w26
    pr_d d2
    scvtf h2, x26, #5
    pr_d d2
    ucvtf h2, w26, #32
    pr_d d2
    scvtf h2, w26, #1
    pr_d d2
    ucvtf h2, x26, #64
    pr_d d2
    pr_fpsr
    add x22, x22, #1
    cmp x22, #16
    b.ne half_loop

    // ---- single precision
    adr x25, singles
    mov x22, #0
single_loop:
    ldr s0, [x25, x22, lsl #2]
    add x0, x22, #1
    and x0, x0, #15
    ldr s1, [x25, x0, lsl #2]
    tst x22, #1
    fccmp s0, s1, #6, eq
    pr_nzcv
    tst x22, #2
    fccmpe s0, s1, #9, ne
    pr_nzcv
    fnmul s2, s0, s1
    pr_d d2
    frecpx s2, s0
    pr_d d2
    pr_fpsr
    frint32z s2, s0
    pr_d d2
    pr_fpsr
    frint32x s2, s0
    pr_d d2
    pr_fpsr
    frint64z s2, s0
    pr_d d2
    pr_fpsr
    frint64x s2, s0
    pr_d d2
    pr_fpsr
    bfcvt h2, s0
    pr_d d2
    pr_fpsr
    add x22, x22, #1
    cmp x22, #16
    b.ne single_loop

    // ---- double precision
    adr x25, doubles
    mov x22, #0
double_loop:
    ldr d0, [x25, x22, lsl #3]
    add x0, x22, #1
    and x0, x0, #15
    ldr d1, [x25, x0, lsl #3]
    tst x22, #1
    fccmp d0, d1, #6, eq
    pr_nzcv
    tst x22, #2
    fccmpe d0, d1, #9, ne
    pr_nzcv
    fnmul d2, d0, d1
    pr_d d2
    frecpx d2, d0
    pr_d d2
    pr_fpsr
    frint32z d2, d0
    pr_d d2
    pr_fpsr
    frint32x d2, d0
    pr_d d2
    pr_fpsr
    frint64z d2, d0
    pr_d d2
    pr_fpsr
    frint64x d2, d0
    pr_d d2
    pr_fpsr
    add x22, x22, #1
    cmp x22, #16
    b.ne double_loop

    // ---- vector FRINT32/64 and BFCVTN over the single and double inputs
    mov x22, #0
vector_loop:
    adr x0, singles
    add x0, x0, x22, lsl #4
    ldr q0, [x0]
    adr x0, doubles
    add x0, x0, x22, lsl #4
    ldr q1, [x0]
    frint32x v2.4s, v0.4s
    mov v16.16b, v2.16b
    pr_d d16
    mov x0, v16.d[1]
    bl emit
    frint64z v2.4s, v0.4s
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    frint32z v2.2d, v1.2d
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    frint64x v2.2d, v1.2d
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    frint32z v2.2s, v0.2s
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    pr_fpsr
    mov v2.16b, v1.16b
    bfcvtn v2.4h, v0.4s
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    mov v2.16b, v1.16b
    bfcvtn2 v2.8h, v0.4s
    mov x0, v2.d[0]
    bl emit
    mov x0, v2.d[1]
    bl emit
    pr_fpsr
    add x22, x22, #1
    cmp x22, #4
    b.ne vector_loop

    add x24, x24, #1
    cmp x24, #3
    b.ne fpcr_loop
    msr fpcr, xzr

    // ---- part 2: FMOV forms, scalar saturating narrows
    fmov h3, #1.0
    pr_d d3
    fmov h3, #-31.0
    pr_d d3
    fmov h3, #0.125
    pr_d d3
    fmov h3, #-2.5
    pr_d d3
    adr x25, ints
    mov x22, #0
int_loop:
    ldr x26, [x25, x22, lsl #3]
    add x0, x22, #3
    and x0, x0, #7
    ldr x27, [x25, x0, lsl #3]
    fmov d4, x27
    fmov v4.d[1], x26           // top half: the low half kept
    mov x0, v4.d[0]
    bl emit
    mov x0, v4.d[1]
    bl emit
    fmov x0, v4.d[1]
    bl emit
    fmov h5, w26
    mov x0, v5.d[0]
    bl emit
    fmov h5, x27
    mov x0, v5.d[0]
    bl emit
    fmov w0, h4
    bl emit
    fmov x0, h4
    bl emit
    fmov d1, x26
    sqxtn b0, h1
    pr_d d0
    sqxtn h0, s1
    pr_d d0
    sqxtn s0, d1
    pr_d d0
    pr_fpsr
    uqxtn b0, h1
    pr_d d0
    uqxtn h0, s1
    pr_d d0
    uqxtn s0, d1
    pr_d d0
    pr_fpsr
    sqxtun b0, h1
    pr_d d0
    sqxtun h0, s1
    pr_d d0
    sqxtun s0, d1
    pr_d d0
    pr_fpsr
    add x22, x22, #1
    cmp x22, #8
    b.ne int_loop

    // ---- part 3: SVE, vector length 512, partial predicates
    ptrue p7.d
    adr x0, zvecs
    ld1d {z1.d}, p7/z, [x0]
    ld1d {z2.d}, p7/z, [x0, #1, mul vl]
    ld1d {z3.d}, p7/z, [x0, #2, mul vl]
    mov x0, #37
    whilelo p0.b, xzr, x0
    mov x0, #13
    whilelo p1.h, xzr, x0
    mov x0, #11
    whilelo p2.s, xzr, x0
    mov x0, #5
    whilelo p3.d, xzr, x0
    // INC/DEC (vector)
    mov z0.d, z1.d
    incd z0.d, all, mul #4
    pr_z0
    mov z0.d, z1.d
    inch z0.h, vl8
    pr_z0
    mov z0.d, z1.d
    incw z0.s, pow2, mul #3
    pr_z0
    mov z0.d, z1.d
    decd z0.d
    pr_z0
    mov z0.d, z1.d
    dech z0.h, all, mul #16
    pr_z0
    mov z0.d, z1.d
    decw z0.s, vl7
    pr_z0
    // ADR
    adr z0.d, [z1.d, z2.d, lsl #3]
    pr_z0
    adr z0.s, [z1.s, z2.s]
    pr_z0
    adr z0.s, [z1.s, z2.s, lsl #1]
    pr_z0
    adr z0.d, [z1.d, z2.d, sxtw #2]
    pr_z0
    adr z0.d, [z1.d, z2.d, uxtw]
    pr_z0
    // CLS, CLZ, CNT, CNOT (merging)
    mov z0.d, z3.d
    cnt z0.s, p2/m, z1.s
    pr_z0
    mov z0.d, z3.d
    cnt z0.b, p0/m, z1.b
    pr_z0
    mov z0.d, z3.d
    clz z0.b, p0/m, z2.b
    pr_z0
    mov z0.d, z3.d
    clz z0.d, p3/m, z2.d
    pr_z0
    mov z0.d, z3.d
    cls z0.h, p1/m, z1.h
    pr_z0
    mov z0.d, z3.d
    cnot z0.h, p1/m, z1.h
    pr_z0
    mov z0.d, z3.d
    not z0.s, p2/m, z2.s
    pr_z0
    // bitwise ternary
    mov z0.d, z1.d
    eor3 z0.d, z0.d, z2.d, z3.d
    pr_z0
    mov z0.d, z1.d
    bcax z0.d, z0.d, z2.d, z3.d
    pr_z0
    mov z0.d, z1.d
    bsl z0.d, z0.d, z2.d, z3.d
    pr_z0
    mov z0.d, z1.d
    bsl1n z0.d, z0.d, z2.d, z3.d
    pr_z0
    mov z0.d, z1.d
    bsl2n z0.d, z0.d, z2.d, z3.d
    pr_z0
    mov z0.d, z1.d
    nbsl z0.d, z0.d, z2.d, z3.d
    pr_z0
    // shift right narrow
    mov z0.d, z3.d
    rshrnb z0.b, z1.h, #3
    pr_z0
    mov z0.d, z3.d
    rshrnt z0.h, z1.s, #7
    pr_z0
    mov z0.d, z3.d
    rshrnb z0.s, z2.d, #1
    pr_z0
    mov z0.d, z3.d
    shrnb z0.s, z1.d, #32
    pr_z0
    mov z0.d, z3.d
    shrnt z0.b, z2.h, #1
    pr_z0
    mov z0.d, z3.d
    rshrnt z0.b, z2.h, #8
    pr_z0
    // halving add and subtract (merging)
    mov z0.d, z1.d
    urhadd z0.s, p2/m, z0.s, z2.s
    pr_z0
    mov z0.d, z1.d
    srhadd z0.b, p0/m, z0.b, z2.b
    pr_z0
    mov z0.d, z1.d
    shadd z0.h, p1/m, z0.h, z2.h
    pr_z0
    mov z0.d, z1.d
    uhadd z0.d, p3/m, z0.d, z2.d
    pr_z0
    mov z0.d, z1.d
    shsub z0.b, p0/m, z0.b, z2.b
    pr_z0
    mov z0.d, z1.d
    uhsub z0.s, p2/m, z0.s, z2.s
    pr_z0
    mov z0.d, z1.d
    shsubr z0.d, p3/m, z0.d, z2.d
    pr_z0
    mov z0.d, z1.d
    uhsubr z0.h, p1/m, z0.h, z2.h
    pr_z0
    // extends (merging)
    mov z0.d, z3.d
    sxtb z0.h, p1/m, z1.h
    pr_z0
    mov z0.d, z3.d
    sxtb z0.d, p3/m, z1.d
    pr_z0
    mov z0.d, z3.d
    sxth z0.s, p2/m, z1.s
    pr_z0
    mov z0.d, z3.d
    sxtw z0.d, p3/m, z1.d
    pr_z0
    mov z0.d, z3.d
    uxtb z0.s, p2/m, z1.s
    pr_z0
    mov z0.d, z3.d
    uxth z0.d, p3/m, z1.d
    pr_z0
    mov z0.d, z3.d
    uxtw z0.d, p3/m, z1.d
    pr_z0
    // absolute difference and accumulate, shift right and accumulate
    mov z0.d, z3.d
    saba z0.b, z1.b, z2.b
    pr_z0
    mov z0.d, z3.d
    uaba z0.s, z1.s, z2.s
    pr_z0
    mov z0.d, z3.d
    saba z0.d, z1.d, z2.d
    pr_z0
    mov z0.d, z3.d
    usra z0.s, z1.s, #3
    pr_z0
    mov z0.d, z3.d
    ssra z0.d, z1.d, #60
    pr_z0
    mov z0.d, z3.d
    ursra z0.b, z1.b, #8
    pr_z0
    mov z0.d, z3.d
    srsra z0.h, z1.h, #1
    pr_z0
    mov z0.d, z3.d
    srsra z0.d, z2.d, #64
    pr_z0
    pr_fpsr
    // FCVTZS, FCVTZU between sizes: half, single and double inputs repeated
    ptrue p6.b
    adr x0, halves
    ld1h {z4.s}, p6/z, [x0]         // the 16 half inputs, one a word
    ld1h {z9.d}, p6/z, [x0, #1, mul vl] // the last 8, one a doubleword
    adr x0, singles
    ld1w {z5.d}, p6/z, [x0]         // the first 8 single inputs
    ld1w {z10.d}, p6/z, [x0, #1, mul vl] // the last 8
    adr x0, doubles
    ld1d {z6.d}, p7/z, [x0]
    mov z0.d, z3.d
    fcvtzs z0.s, p2/m, z4.h
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzu z0.s, p2/m, z4.h
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzs z0.d, p3/m, z9.h
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzu z0.d, p7/m, z9.h
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzu z0.d, p3/m, z5.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzs z0.d, p3/m, z5.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzs z0.d, p7/m, z10.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzs z0.s, p3/m, z6.d
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    fcvtzu z0.s, p3/m, z6.d
    pr_z0
    pr_fpsr
    adr x0, doubles
    ld1d {z11.d}, p7/z, [x0, #1, mul vl] // the last 8 double inputs
    mov z0.d, z3.d
    fcvtzs z0.s, p7/m, z11.d
    pr_z0
    pr_fpsr
    // SCVTF/UCVTF between sizes: integers to a narrower or wider float
    mov z0.d, z3.d
    scvtf z0.h, p2/m, z5.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    ucvtf z0.h, p2/m, z5.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    scvtf z0.h, p3/m, z11.d
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    ucvtf z0.h, p7/m, z11.d
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    scvtf z0.d, p3/m, z5.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    ucvtf z0.d, p7/m, z10.s
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    scvtf z0.s, p3/m, z11.d
    pr_z0
    pr_fpsr
    mov z0.d, z3.d
    ucvtf z0.s, p7/m, z11.d
    pr_z0
    pr_fpsr

    mov x0, #0
    mov x8, #93
    svc #0

// x0 as 16 hex digits and a newline on stdout; keeps x9-x30 (uses x0-x3 and x8)
    .include "sme2_emit.inc"

    .data
    .balign 16
fpcrs:
    .quad 0x0000000000000000
    .quad 0x0000000003480000    // DN, FZ, FZ16, RMode = RP
    .quad 0x0000000000800000    // RMode = RM
halves:
    .hword 0x0000
    .hword 0x8000
    .hword 0x3c00
    .hword 0xbc00
    .hword 0x3e00
    .hword 0x4100
    .hword 0x7c00
    .hword 0xfc00
    .hword 0x7e00
    .hword 0x7d00
    .hword 0x0001
    .hword 0x8200
    .hword 0x7bff
    .hword 0x3800
    .hword 0xc500
    .hword 0x5a00
    .balign 16
singles:
    .word 0x00000000
    .word 0x80000000
    .word 0x3f800000
    .word 0xbfc00000
    .word 0x40200000
    .word 0x7f800000
    .word 0xff800000
    .word 0x7fc00001
    .word 0x7f800001
    .word 0x00000001
    .word 0x80400000
    .word 0x4f000000
    .word 0xcf000000
    .word 0x4effffff
    .word 0x5f000000
    .word 0x3f000000
doubles:
    .quad 0x0000000000000000
    .quad 0x8000000000000000
    .quad 0x3ff8000000000000
    .quad 0xc004000000000000
    .quad 0x7ff0000000000000
    .quad 0x7ff8000000000001
    .quad 0x7ff0000000000001
    .quad 0x0000000000000001
    .quad 0x41dfffffffc00000
    .quad 0xc1e0000000000000
    .quad 0x41e0000000000000
    .quad 0x43e0000000000000
    .quad 0xc3e0000000000001
    .quad 0xfff0000000000000
    .quad 0x8008000000000000
    .quad 0x3fe0000000000000
ints:
    .quad 0x0000000000000000
    .quad 0x0000000000000001
    .quad 0x8000000000000001
    .quad 0x123456789abcdef0
    .quad 0xffffffffffffffff
    .quad 0x7fffffff80000000
    .quad 0x00000000ffffffff
    .quad 0xfedcba9876543210
    .balign 64
zvecs:                          // z1, z2, z3: bytes of no pattern
    .quad 0x8000ff7f00017ffe
    .quad 0x6018366cf658f7a7
    .quad 0x317017a6205738d1
    .quad 0x0b3510b0b46ee1da
    .quad 0x230824d215ceb3a1
    .quad 0xcfaf00103f584ad4
    .quad 0x81a0d5b3ffc6e35c
    .quad 0x6694f229359b1548
    .quad 0x07c15471a4517d6c
    .quad 0xffffffff80000000
    .quad 0x63f65da874007cb4
    .quad 0x92b850ad7eb72f82
    .quad 0xe5b8063831360a40
    .quad 0x67164890d49d0ac1
    .quad 0x7c2f7ad016edc5d4
    .quad 0xc24f6aa83bf36a14
    .quad 0xb37f5722051e2670
    .quad 0x7fffffffffffffff
    .quad 0x796d3bc4685ca8af
    .quad 0xe941aa79e6edaf80
    .quad 0xb9db434b610b1631
    .quad 0xa9b7e3ea1d1d784f
    .quad 0x18dff3934223aa56
    .quad 0xd0718c1afdd9a78d
line:
    .space 24
    .balign 16
scratch:
    .space 128
    .balign 16
    .space 256
stack_top:
