// sme2_sve2_misc.s: SVE and SVE2 instructions (HISTCNT, HISTSEG, MATCH,
// NMATCH, FTSMUL, FTSSEL, FTMAD, FEXPA, TBX, XAR, ADDSPL, PSEL and the
// saturating narrowing shifts and immediate adds and subtracts) under
// mlisa run --target sme2 --svl 512 and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (recorded in sme2_sve2_misc.qemu.out).
// Outside Streaming mode (but for PSEL), vector length 512. Every value is
// printed as 16 hex digits (emit, sme2_emit.inc).
//
// The inputs are the data below with each element masked to a few low bits
// (AND with 3, 7 or 15), so that equal elements are common. For each of
// four governing predicates (all, a mixed pattern, two elements, none),
// loaded into P1:
//  1. HISTCNT .S and .D (two vectors, and a vector against itself), HISTSEG
//     (unpredicated, printed once per predicate all the same), MATCH and
//     NMATCH .B and .H: the predicate result and NZCV.
// Then, once:
//  2. FTSMUL, FTSSEL, FTMAD (every immediate), FEXPA, each size, over data
//     holding NaNs (quiet, signalling), infinities, zeros, denormals and
//     the largest normal, under the default FPCR and under FZ, FZ16 and
//     DN; FPSR after each size;
//  3. TBX (each size, indices partly past the table), XAR (each size,
//     rotations 1, a middle one and the element size), ADDSPL (limits,
//     SP as source and destination);
//  4. PSEL in Streaming mode, each element size, W12-W15 plus the
//     immediate, wrapping past the last element;
//  5. SQSHRNB/T, SQRSHRNB/T, UQSHRNB/T, UQRSHRNB/T, SQSHRUNB/T, SQRSHRUNB/T,
//     each size, the largest shift and a shift of 1 over inputs that
//     saturate on both sides and inputs that do not;
//  6. SQADD, UQADD, SQSUB, UQSUB (immediate), each size, the largest
//     immediates (255, 65280) and small ones.
//
// Checked by hand from the manual's definition: with the full predicate,
// HISTCNT z3.s of z4 against itself counts, for word e, the words 0..e
// equal to word e: the first word of the first line (0x...00000001 in its
// low half) is always 1, as word 0 meets only itself. FEXPA .S of the 16
// words of src (coefficient 2^(i/64) rounded to 23 fraction bits, the
// exponent field copied) and FTSMUL .S of fp32_0 by fp32_1 (square, sign
// from bit 0) were checked against a Python computation of the definition.
// ADDSPL: 0x1000 - 32 * 8 = 0xf00 and 0x1000 + 31 * 8 = 0x10f8 (streaming
// predicate length 8 bytes). PSEL (selecting predicate 0x9d3f00f1a5c30e71):
// b[w12, 0] (bit 0 set: the source, 0x0000010000000100), b[w12, 15] (bit
// 15 clear: zero), b[w14, 1] (63 + 1 wraps to bit 0: the source), b[w15, 4]
// ((2^32 - 3 + 4) MOD 64 = 1, bit 1 clear: zero). SQSHRNB .B #8 of src (32
// values) and SQRSHRUNT .H #1 of src ASR 15 (16 values, 7 of them
// saturated, the even halfwords kept) against a Python computation, as
// SQSUB .B #255 of src (64 values) and UQADD .H #65280 (32, all saturated).

    .include "sme2_print.inc"

// pr_p P: the predicate P (one doubleword) and NZCV.
    .macro pr_p p
    mrs x25, nzcv
    adr x6, scratch
    str \p, [x6]
    print_words 1
    mov x0, x25
    bl emit
    .endm

// masked T, IMM: Z4 and Z5 from the first two vectors of src, each T element ANDed with IMM.
    .macro masked t, imm
    ld1d {z4.d}, p7/z, [x20]
    ld1d {z5.d}, p7/z, [x20, #1, mul vl]
    and z4.\t, z4.\t, #\imm
    and z5.\t, z5.\t, #\imm
    .endm

// fpblock T, W: FTSMUL, FTSSEL (both operand orders), FTMAD (each
// immediate, and the operands swapped once), FEXPA (of the FP data and of
// src) on the W-bit data fpW_0 and fpW_1, then FPSR (cleared first).
    .macro fpblock t, w
    msr fpsr, xzr
    adr x6, fp\w\()_0
    ld1d {z4.d}, p7/z, [x6]
    adr x6, fp\w\()_1
    ld1d {z5.d}, p7/z, [x6]
    ftsmul z3.\t, z4.\t, z5.\t
    pr_z z3
    ftsmul z3.\t, z5.\t, z4.\t
    pr_z z3
    ftssel z3.\t, z4.\t, z5.\t
    pr_z z3
    ftssel z3.\t, z5.\t, z4.\t
    pr_z z3
    .irp i, 0, 1, 2, 3, 4, 5, 6, 7
    mov z3.d, z4.d
    ftmad z3.\t, z3.\t, z5.\t, #\i
    pr_z z3
    .endr
    mov z3.d, z5.d
    ftmad z3.\t, z3.\t, z4.\t, #2
    pr_z z3
    fexpa z3.\t, z4.\t
    pr_z z3
    ld1d {z6.d}, p7/z, [x20]
    fexpa z3.\t, z6.\t
    pr_z z3
    mrs x0, fpsr
    bl emit
    .endm

// tbxblk T, MASK: TBX of Z6.T (src + 128, the destination) with table Z4
// (src) and indices Z5 (src + 64) ANDed with MASK.
    .macro tbxblk t, mask
    ld1d {z4.d}, p7/z, [x20]
    ld1d {z5.d}, p7/z, [x20, #1, mul vl]
    ld1d {z6.d}, p7/z, [x20, #2, mul vl]
    and z5.\t, z5.\t, #\mask
    tbx z6.\t, z4.\t, z5.\t
    pr_z z6
    .endm

// xarblk T, N: XAR of src and src + 64, rotation N.
    .macro xarblk t, n
    ld1d {z4.d}, p7/z, [x20]
    ld1d {z5.d}, p7/z, [x20, #1, mul vl]
    xar z4.\t, z4.\t, z5.\t, #\n
    pr_z z4
    .endm

// psel_one T, WV, IMM, K: PSEL P3, P2, P1.T[WV, IMM] over P3 all true
// first, stored to the K-th doubleword of dst (printed after SMSTOP: a
// system call leaves Streaming mode under Linux).
    .macro psel_one t, wv, imm, k
    ptrue p3.b
    psel p3, p2, p1.\t[\wv, \imm]
    str p3, [x24, #\k, mul vl]
    .endm

// nshr OP, TD, TS, N, AS: OP Z6.TD, Z5.TS, #N over Z6 = src + 128, where Z5
// is src arithmetically shifted right by AS (0: src itself), so that
// results fall on both sides of the saturation limits.
    .macro nshr op, td, ts, n, as
    ld1d {z5.d}, p7/z, [x20]
    .if \as
    asr z5.\ts, z5.\ts, #\as
    .endif
    ld1d {z6.d}, p7/z, [x20, #2, mul vl]
    \op z6.\td, z5.\ts, #\n
    pr_z z6
    .endm

// nshr_all OP: OP of each size, shifted by the largest amount (src as it
// is) and by 1 (src shifted right by the narrow size less one).
    .macro nshr_all op
    nshr \op, b, h, 8, 0
    nshr \op, b, h, 1, 7
    nshr \op, h, s, 16, 0
    nshr \op, h, s, 1, 15
    nshr \op, s, d, 32, 0
    nshr \op, s, d, 1, 31
    .endm

// qimm OP, T, IMM: OP Z4.T, Z4.T, #IMM over Z4 = src.
    .macro qimm op, t, imm
    ld1d {z4.d}, p7/z, [x20]
    \op z4.\t, z4.\t, #\imm
    pr_z z4
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, src
    adr x21, preds
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]

    // ---- 1. HISTCNT, HISTSEG, MATCH, NMATCH
    masked s, 3
    histcnt z3.s, p1/z, z4.s, z5.s
    pr_z z3
    histcnt z3.s, p1/z, z4.s, z4.s
    pr_z z3
    masked d, 1
    histcnt z3.d, p1/z, z4.d, z5.d
    pr_z z3
    masked b, 15
    histseg z3.b, z4.b, z5.b
    pr_z z3
    msr nzcv, xzr
    match p2.b, p1/z, z4.b, z5.b
    pr_p p2
    nmatch p2.b, p1/z, z4.b, z5.b
    pr_p p2
    masked b, 63
    match p2.b, p1/z, z4.b, z5.b
    pr_p p2
    masked h, 15
    match p2.h, p1/z, z4.h, z5.h
    pr_p p2
    nmatch p2.h, p1/z, z4.h, z5.h
    pr_p p2
    masked h, 7
    nmatch p2.h, p1/z, z4.h, z5.h
    pr_p p2
    // SECTION2

    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop

    // ---- 2. FTSMUL, FTSSEL, FTMAD, FEXPA: under the default FPCR, then
    // with FZ, FZ16 and DN set (denormals flushed, default NaNs)
    fpblock h, 16
    fpblock s, 32
    fpblock d, 64
    mov x0, #0x03080000
    msr fpcr, x0
    fpblock h, 16
    fpblock s, 32
    fpblock d, 64
    msr fpcr, xzr

    // ---- 3. TBX (indices partly past the table; the destination holds
    // other data), XAR (each size, rotations 1, a middle one and the
    // element size), ADDSPL
    tbxblk b, 0x7f
    tbxblk h, 0x3f
    tbxblk s, 0x1f
    tbxblk d, 0xf
    xarblk b, 1
    xarblk b, 3
    xarblk b, 8
    xarblk h, 1
    xarblk h, 9
    xarblk h, 16
    xarblk s, 1
    xarblk s, 13
    xarblk s, 32
    xarblk d, 1
    xarblk d, 40
    xarblk d, 64
    mov x10, #0x1000
    addspl x0, x10, #-32
    bl emit
    addspl x0, x10, #31
    bl emit
    mov x11, sp
    addspl sp, sp, #-3
    mov x0, sp
    sub x0, x11, x0
    bl emit
    addspl sp, sp, #3
    addspl x0, sp, #0
    sub x0, x0, x11
    bl emit

    // ---- 4. PSEL, in Streaming mode (legal only there without
    // FEAT_SVE2p1): each element size, indices from W12-W15 plus the
    // immediate, wrapping past the last element; the selecting predicate
    // is the mixed pattern, the source the two-element one
    smstart sm
    adr x21, preds
    adr x24, dst
    ldr p1, [x21, #1, mul vl]
    ldr p2, [x21, #2, mul vl]
    mov w12, #0
    mov w13, #5
    mov w14, #63
    mov w15, #-3
    psel_one b, w12, 0, 0
    psel_one b, w12, 15, 1
    psel_one b, w13, 2, 2
    psel_one b, w14, 1, 3
    psel_one b, w15, 4, 4
    psel_one h, w13, 7, 5
    psel_one h, w14, 0, 6
    psel_one h, w15, 3, 7
    psel_one s, w12, 3, 8
    psel_one s, w13, 0, 9
    psel_one s, w15, 1, 10
    psel_one d, w12, 0, 11
    psel_one d, w13, 1, 12
    psel_one d, w14, 1, 13
    psel_one d, w15, 0, 14
    smstop sm
    ptrue p7.b
    adr x6, dst
    print_words 15

    // ---- 5. the SVE2 saturating narrowing shifts
    .irp op, sqshrnb, sqshrnt, sqrshrnb, sqrshrnt, uqshrnb, uqshrnt, uqrshrnb, uqrshrnt, sqshrunb, sqshrunt, sqrshrunb, sqrshrunt
    nshr_all \op
    .endr

    // ---- 6. SQADD, UQADD, SQSUB, UQSUB (immediate)
    .irp op, sqadd, uqadd, sqsub, uqsub
    qimm \op, b, 255
    qimm \op, b, 1
    qimm \op, h, 65280
    qimm \op, h, 3
    qimm \op, s, 65280
    qimm \op, d, 255
    .endr

    // SECTION_ONCE

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0x0000010000000100, 0
    .balign 16
src:                            // 384 bytes of arbitrary data
    .quad 0xf2a74de452e6b438, 0x6513270e269e0d37, 0x0c5c7fd0a6a3a450, 0xd23f0824128b2f33
    .quad 0x1818e811892f902b, 0x9531985d5d9dc9f8, 0xe8e25d940ed90475, 0x36f675cc81e74ef5
    .quad 0x1600a35a099950d8, 0x6b0d549b6f03675a, 0x3d9c172411e20b8f, 0x8d116ece1738f7d9
    .quad 0x0f21ddb66cad4a26, 0x90c192cfd3ac94af, 0xf28c105d1fb17c23, 0xa170b33839263059
    .quad 0x953f48f1a09f76b5, 0x0fd630f1f29d0da9, 0x95e60af593bd04cf, 0x0cb1e29c658cda14
    .quad 0x3898d190f9ebdacc, 0x8e81973e0becd7b0, 0x2217beaddbc496cb, 0x6b4cb2424a23d596
    .quad 0x8a6a63ec24ede6a4, 0x922766581e27a1c0, 0x8f6d05584ef8aa38, 0xae97ba94d0eda82f
    .quad 0x1a61dbe22e44158b, 0x923a736994e3bf91, 0x301850c5a38fd547, 0x18f135d25f557203
    .quad 0xb64ce4228c38fb29, 0x907a70c31012f037, 0x9e7769b10f4205b4, 0x7f15052434b9b5df
    .quad 0x881ed162ae2eb154, 0xc6f877186d76b07e, 0x7731af10506bf2ef, 0xec66a78795e761d1
    .quad 0x5c90a9587403e430, 0x3f98e2774cbd87ad, 0x2e05319acb5c7427, 0xc7a2ea20b2f14c94
    .quad 0x14f4733f3e7d1bfb, 0x4cdd2055930d6eaf, 0x7ebff20686734721, 0x57ee05cde00902c7
fp16_0:
    .quad 0x3a1c7bff60d70001, 0x394fbe0034ed83ff, 0xc2a430e5dd6e0400, 0xb3434043b7df6151
    .quad 0xb55b3d99e2ac42d5, 0x349943c4c1283ea0, 0xdf8e3bef4228636b, 0xdb1eb5fd3c5fb579
fp16_1:
    .quad 0xdfa7fc003a1dfe55, 0xa49c3c00610f7c00, 0x37f833515cccbe00, 0x39c15dfac286dc1a
    .quad 0x62d1e2a3c2cd3a90, 0x592b3b1cb2d740b1, 0xe359d4acdaf9c28d, 0x6257e1933b54ba99
fp32_0:
    .quad 0xbf0f938c00000001, 0x442e5c33807fffff, 0xbf5f292c7f800000, 0xbfe63bb800000000
    .quad 0x43ac25b580000000, 0x43571bee3f2da0ee, 0xbf7636b0c3bef83b, 0xc4437d6a3f09d64e
fp32_1:
    .quad 0x3f02960abfc00000, 0x43c54fc3807fffff, 0xc42a676100000000, 0x44584d4a7f800001
    .quad 0xbe656ed67f800000, 0xc4138d853f0cee61, 0x404ccaab3f3b791c, 0xbf9b20f8c3b39af3
fp64_0:
    .quad 0x0000000000000000, 0xc04d7021706a61f0, 0x7fefffffffffffff, 0x3fc2a647eb845900
    .quad 0x8000000000000000, 0x3fec8720170a1d52, 0xfff0000000000000, 0x405d63324da2b700
fp64_1:
    .quad 0x7fefffffffffffff, 0x3fedfaed4c5b91f8, 0xbff8000000000000, 0xc008afa053f97fdc
    .quad 0xfff8000000012345, 0x400e0abab05a03fc, 0x800fffffffffffff, 0x3fb686bdf344b510
    // DATA_MORE
    .balign 16
dst:
    .space 256
scratch:
    .space 64
line:
    .space 24
