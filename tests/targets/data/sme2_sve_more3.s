// sme2_sve_more3.s: PTRUES, PFIRST, PNEXT, CTERMEQ/CTERMNE, INSR (scalar and
// SIMD&FP scalar), the saturating SQINC/UQINC/SQDEC/UQDEC{H,W,D} (vector),
// SVE2 SQABS, SQNEG, URECPE, URSQRTE (predicated), FRECPX, FLOGB, the SVE2
// pairwise FADDP, FMAXP, FMINP, FMAXNMP, FMINNMP and FCVTX, FCVTXNT,
// FCVTLT, FCVTNT, BFMLALB/BFMLALT (sections 1-7b), then SVE2p1 and SME2:
// BFMLSLB/BFMLSLT, FDOT (2-way), multi-vector narrowing, SQDMULH, FCVT/FCVTN (section
// 8), under mlisa run --target sme2 --svl 512. The expected output, sme2_sve_more3.expected, is
// qemu-aarch64 -cpu max,sme512=on's (7.2, the program built with clang-19)
// for sections 1-7b; QEMU 7.2 implements neither SVE2p1 nor SME2 and stops
// at section 8 with SIGILL, whose lines (and the last one) come from
// sme2_sve_more3_ref.py, written from the manual's definitions (it also
// prints the section's data, `data`; its BFMLALB model, `bfmlal`, gives
// QEMU's lines of section 7b).
// Vector length 512 (predicates of 64 bits); sections 1-7b and the start of
// 8 outside Streaming mode. Every value is printed as 16 hex digits (emit,
// sme2_emit.inc); NZCV as the system register reads it (N bit 31, Z 30, C
// 29, V 28).
//
//  1. PTRUES, each size, with ALL, VL1, POW2, MUL3, VL256 (too many: an
//     empty result) and #14 (no elements): the predicate and NZCV.
//  2. For each of four governing predicates (all, a mixed pattern, two
//     elements, none) in P1:
//     PFIRST over three starting predicates; PNEXT of each size stepped
//     five times from an empty predicate and once from a predicate whose
//     last true element lies beyond the active ones: each result and NZCV.
//  3. CTERMEQ and CTERMNE, 32- and 64-bit, equal and unequal operands (the
//     64-bit ones differing only above bit 31), each with C set and clear
//     beforehand (NZCV printed, Z made 1 beforehand to show it is kept).
//  4. INSR of a W or X register (including WZR/XZR) and of B/H/S/D
//     registers into each size.
//  5. SQINCH ... UQDECD (vector) over limit values (0x7fff..., 0x8000...,
//     all ones, zero and values near them) with ALL and MUL #16 (the
//     largest step), VL1, and #14 (a count of zero).
//  6. For each of the four governing predicates: SQABS and SQNEG of each
//     size over the limit values, URECPE and URSQRTE over the limits and
//     over arbitrary data (merging into Z2 = src).
//  7. FRECPX and FLOGB of each precision, the five pairwise operations of
//     each precision (the second source the first's element reverse), and
//     the four conversions, over zeros, infinities, quiet and signalling
//     NaNs, denormals, limits and values that round: with every element
//     active under FPCR zero, FZ+FZ16, DN and round toward +infinity, then
//     under the mixed and the empty predicate (FPCR zero); FPSR after each.
//  7b. BFMLALB and BFMLALT (vectors; indexed #0 and #7) of BFloat16 zeros,
//     infinities, NaNs, denormals and limits into single-precision
//     accumulators of the same kinds, under FPCR zero, FZ, DN and RM.
//  8. SQCVTN, UQCVTN, SQCVTUN with two source vectors, BFMLSLB, BFMLSLT
//     as in 7b, and FDOT (2-way, vectors and indexed #0, #3) of the halves
//     of section 7 by pairs that hit NaN order, infinity times zero and
//     rounding, under FPCR zero, FZ+FZ16, DN and RM (SVE2p1, outside
//     Streaming mode); then in Streaming mode,
//     results kept in a buffer and printed after SMSTOP (a system call
//     leaves Streaming mode):
//     SQCVTN, UQCVTN, SQCVTUN and SQRSHRN, UQRSHRN, SQRSHRUN (shifts 1, 7,
//     32 and 1, 33, 64) with four source vectors, words to bytes and
//     doublewords to halfwords; SQDMULH of each size, multiple and single
//     vector and multiple vectors, two and four vectors (the single vector
//     once one of the list); FCVT and FCVTN (FP32 to FP16) under FPCR zero,
//     FZ+FZ16, DN, RP, RM and RZ, FPSR after each.
//
// Checked by hand from the manual's definitions: PTRUES p.h, vl1 gives
// 0x1 with N=1, Z=0 and C=0 (the result is its own mask, so its last
// active element is true) -> NZCV 0x80000000; PFIRST under the all-true
// predicate of 0x0410000000808000 gives ...8001 with NZCV 0xa0000000;
// SQINCH of 0x7ff0 by all, mul #16 (32 * 16 = 512) saturates to 0x7fff;
// UQDECD of 0x000f000f000f000f... by vl1 (1) gives ...000e; CTERMEQ of
// equal registers with C clear sets N and clears V (Z kept): 0xc0000000,
// unequal ones set V = NOT C: 0x50000000; FLOGB of the halves 0, -0, +inf,
// -inf, qNaN, sNaN, 0x0001, 0x03ff gives 0x8000, 0x8000, 0x7fff, 0x7fff,
// 0x8000, 0x8000, -24, -15 with FPSR.IOC; FRECPX of half 0 and -0 gives
// 0x7800 and 0xf800, of +inf 0; FCVTX of 0x3ff0000010000001 rounds to odd:
// 0x3f800001, of 0x47efffffffffffff (above the largest single) 0x7f7fffff;
// SQDMULH .B of 0x80 by 0x80 saturates to 0x7f; SQCVTN of the words
// 0x80808080 gives 0x8000 (halfwords) and 0x80 (bytes); FCVT (FPCR zero)
// of 65520.0 rounds to even, +infinity (0x7c00, Overflow), of 2^-25 to +0
// and of just above it to 0x0001 (Underflow), with FPSR 0x1d overall;
// FDOT (vectors, FPCR zero) gives 0x7fc00000 for 0 * inf (Invalid), and
// for the pair (qNaN 0xfe00, 0) by (1.0, sNaN 0x7d01) the signalling NaN
// quieted and widened, 0x7fe02000, whatever the addend (FPSR 0x11).

    .include "sme2_print.inc"

// pr_pf P: predicate P's 64 bits, then NZCV as it was before printing.
    .macro pr_pf p
    mrs x25, nzcv
    adr x6, scratch
    str \p, [x6]
    ldr x0, [x6]
    bl emit
    mov x0, x25
    bl emit
    .endm

// pt T, PAT: PTRUES P2.T, PAT.
    .macro pt t, pat
    ptrues p2.\t, \pat
    pr_pf p2
    .endm

// pn T: PNEXT P2.T, P1, P2.T from an empty P2, five times; then from P3.
    .macro pn t
    pfalse p2.b
    .rept 5
    pnext p2.\t, p1, p2.\t
    pr_pf p2
    .endr
    mov p2.b, p3.b
    pnext p2.\t, p1, p2.\t
    pr_pf p2
    .endm

// ct OP, A, B, CIN: flags Z=1 and C=CIN, then OP A, B; NZCV printed.
    .macro ct op, a, b, cin
    mov x0, #(0x40000000 | (\cin << 29))
    msr nzcv, x0
    \op \a, \b
    mrs x0, nzcv
    bl emit
    .endm

// ins T, R: INSR Z2.T, R over Z2 = src.
    .macro ins t, r
    ld1d {z2.d}, p7/z, [x20]
    insr z2.\t, \r
    pr_z z2
    .endm

// qv OP, T: OP Z2.T (all, mul #16), then vl1, then #14, each over Z2 = lims.
    .macro qv op, t
    ld1d {z2.d}, p7/z, [x26]
    \op z2.\t, all, mul #16
    pr_z z2
    ld1d {z2.d}, p7/z, [x26]
    \op z2.\t, vl1
    pr_z z2
    ld1d {z2.d}, p7/z, [x26]
    \op z2.\t, #14
    pr_z z2
    .endm


// un OP, T, SRC: OP Z2.T, P1/M, Z3.T with Z3 from SRC (x register) over Z2 = src.
    .macro un op, t, srcreg
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [\srcreg]
    \op z2.\t, p1/m, z3.\t
    pr_z z2
    .endm

// fu OP, TD, TN, SRC: OP Z2.TD, P1/M, Z3.TN with Z3 from SRC over Z2 = src; FPSR printed and cleared.
    .macro fu op, td, tn, srcreg
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [\srcreg]
    \op z2.\td, p1/m, z3.\tn
    pr_z z2
    show_fpsr
    .endm

// fp OP, T, SRC: OP Z2.T, P1/M, Z2.T, Z3.T with Z2 from SRC and Z3 its element reverse; FPSR printed and cleared.
    .macro fp op, t, srcreg
    ld1d {z2.d}, p7/z, [\srcreg]
    rev z3.\t, z2.\t
    \op z2.\t, p1/m, z2.\t, z3.\t
    pr_z z2
    show_fpsr
    .endm

// fpgroup: the floating-point instructions under P1 and the current FPCR.
    .macro fpgroup
    fu frecpx, h, h, x27
    fu frecpx, s, s, x28
    fu frecpx, d, d, x29
    fu flogb, h, h, x27
    fu flogb, s, s, x28
    fu flogb, d, d, x29
    .irp op, faddp, fmaxp, fminp, fmaxnmp, fminnmp
    fp \op, h, x27
    fp \op, s, x28
    fp \op, d, x29
    .endr
    fu fcvtx, s, d, x29
    fu fcvtxnt, s, d, x29
    fu fcvtlt, s, h, x27
    fu fcvtlt, d, s, x28
    fu fcvtnt, h, s, x28
    fu fcvtnt, s, d, x29
    .endm

// sv Z: vector Z's 64 bytes to the buffer at x14 (in Streaming mode, where
// a system call such as emit's write would leave the mode); svf: FPSR
// there, then cleared. Printed after SMSTOP.
    .macro sv z
    st1d {\z\().d}, p7, [x14]
    add x14, x14, #64
    .endm
    .macro svf
    mrs x0, fpsr
    str x0, [x14], #8
    msr fpsr, xzr
    .endm

// bml OP: OP Z2.S, Z3.H, Z5.H, then indexed [0] and [7], each over Z2 =
// fcdata (x13); FPSR printed and cleared after each.
    .macro bml op
    ld1d {z2.d}, p7/z, [x13]
    \op z2.s, z3.h, z5.h
    pr_z z2
    show_fpsr
    ld1d {z2.d}, p7/z, [x13]
    \op z2.s, z3.h, z5.h[0]
    pr_z z2
    show_fpsr
    ld1d {z2.d}, p7/z, [x13]
    \op z2.s, z3.h, z5.h[7]
    pr_z z2
    show_fpsr
    .endm

// bfloop OP1, OP2: bml OP1 and OP2 under each FPCR of bffpcrs.
    .macro bfloop op1, op2
    adr x13, fcdata
    adr x27, bfa
    adr x28, bfb
    ld1d {z3.d}, p7/z, [x27]
    ld1d {z5.d}, p7/z, [x28]
    adr x21, bffpcrs
    mov x22, #0
7:  ldr x0, [x21], #8           // 7: print_words has its own 1:
    msr fpcr, x0
    msr fpsr, xzr
    bml \op1
    bml \op2
    add x22, x22, #1
    cmp x22, #4
    b.ne 7b
    msr fpcr, xzr
    .endm

// fdloop: FDOT Z2.S, Z3.H, Z5.H, then indexed [0] and [3], over Z2 =
// fcdata, Z3 = fph, Z5 = fhb, under each FPCR of fdfpcrs; FPSR after each.
    .macro fdloop
    adr x13, fcdata
    adr x27, fph
    adr x28, fhb
    ld1d {z3.d}, p7/z, [x27]
    ld1d {z5.d}, p7/z, [x28]
    adr x21, fdfpcrs
    mov x22, #0
7:  ldr x0, [x21], #8
    msr fpcr, x0
    msr fpsr, xzr
    ld1d {z2.d}, p7/z, [x13]
    fdot z2.s, z3.h, z5.h
    pr_z z2
    show_fpsr
    ld1d {z2.d}, p7/z, [x13]
    fdot z2.s, z3.h, z5.h[0]
    pr_z z2
    show_fpsr
    ld1d {z2.d}, p7/z, [x13]
    fdot z2.s, z3.h, z5.h[3]
    pr_z z2
    show_fpsr
    add x22, x22, #1
    cmp x22, #4
    b.ne 7b
    msr fpcr, xzr
    .endm

// ldmv: Z0-Z7 from mvdata (x12).
    .macro ldmv
    ld1d {z0.d}, p7/z, [x12, #0, mul vl]
    ld1d {z1.d}, p7/z, [x12, #1, mul vl]
    ld1d {z2.d}, p7/z, [x12, #2, mul vl]
    ld1d {z3.d}, p7/z, [x12, #3, mul vl]
    ld1d {z4.d}, p7/z, [x12, #4, mul vl]
    ld1d {z5.d}, p7/z, [x12, #5, mul vl]
    ld1d {z6.d}, p7/z, [x12, #6, mul vl]
    ld1d {z7.d}, p7/z, [x12, #7, mul vl]
    .endm

// nr OP, T, TS, SHIFTS...: OP Z8.T, { Z0.TS-Z3.TS } (T = B) or { Z4.TS-Z7.TS }, each shift.
    .macro nr op, t, lo, hi, ts, s1, s2, s3
    .irp sh, \s1, \s2, \s3
    \op z8.\t, { z\lo\().\ts - z\hi\().\ts }, #\sh
    sv z8
    .endr
    .endm

// dm T: the four SQDMULH forms of size T over fresh Z0-Z7, the results printed.
    .macro dm t
    ldmv
    sqdmulh { z0.\t, z1.\t }, { z0.\t, z1.\t }, z5.\t
    sv z0
    sv z1
    ldmv
    sqdmulh { z0.\t - z3.\t }, { z0.\t - z3.\t }, z4.\t
    sv z0
    sv z1
    sv z2
    sv z3
    ldmv
    sqdmulh { z0.\t, z1.\t }, { z0.\t, z1.\t }, { z6.\t, z7.\t }
    sv z0
    sv z1
    ldmv
    sqdmulh { z0.\t - z3.\t }, { z0.\t - z3.\t }, { z4.\t - z7.\t }
    sv z0
    sv z1
    sv z2
    sv z3
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, src
    adr x21, preds
    adr x26, lims

    // ---- 1. PTRUES
    .irp t, b, h, s, d
    pt \t, all
    pt \t, vl1
    pt \t, pow2
    pt \t, mul3
    pt \t, vl256
    pt \t, #14
    .endr

    // ---- 2. PFIRST, PNEXT under four governing predicates
    mov x22, #0
pred_loop:
    ldr p1, [x21]
    ldr p3, [x21, #4, mul vl]        // the starting predicate for PFIRST and the last PNEXT
    mov p2.b, p3.b
    pfirst p2.b, p1, p2.b
    pr_pf p2
    pfalse p2.b
    pfirst p2.b, p1, p2.b
    pr_pf p2
    ptrue p2.b
    pfirst p2.b, p1, p2.b
    pr_pf p2
    .irp t, b, h, s, d
    pn \t
    .endr
    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop

    // ---- 3. CTERMEQ, CTERMNE
    mov x10, #5
    mov x11, #5
    mov x12, #0x500000000
    add x12, x12, #5            // equal to x10 in its low 32 bits only
    .irp cin, 0, 1
    ct ctermeq, x10, x11, \cin
    ct ctermeq, x10, x12, \cin
    ct ctermeq, w10, w12, \cin
    ct ctermeq, w10, wzr, \cin
    ct ctermne, x10, x11, \cin
    ct ctermne, x10, x12, \cin
    ct ctermne, w10, w12, \cin
    ct ctermne, xzr, x10, \cin
    .endr

    // ---- 4. INSR
    ldr x10, [x20, #8]
    ldr d0, [x20, #24]
    ins b, w10
    ins h, w10
    ins s, w10
    ins d, x10
    ins b, wzr
    ins d, xzr
    ins b, b0
    ins h, h0
    ins s, s0
    ins d, d0

    // ---- 5. saturating increments and decrements (vector)
    .irp op, sqinc, uqinc, sqdec, uqdec
    qv \op\()h, h
    qv \op\()w, s
    qv \op\()d, d
    .endr

    // ---- 6. SQABS, SQNEG, URECPE, URSQRTE under four governing predicates
    adr x21, preds
    adr x12, src
    mov x22, #0
pred_loop2:
    ldr p1, [x21]
    .irp t, b, h, s, d
    un sqabs, \t, x26
    un sqneg, \t, x26
    .endr
    un urecpe, s, x26
    un urecpe, s, x12
    un ursqrte, s, x26
    un ursqrte, s, x12
    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop2

    // ---- 7. floating point: all true under four FPCR settings, then the
    // mixed and the empty predicate with FPCR zero
    adr x27, fph
    adr x28, fps
    adr x29, fpd
    adr x21, fpcrs
    ptrue p1.b
    mov x22, #0
fpcr_loop:
    ldr x0, [x21], #8
    msr fpcr, x0
    msr fpsr, xzr
    fpgroup
    add x22, x22, #1
    cmp x22, #4
    b.ne fpcr_loop
    msr fpcr, xzr
    adr x21, preds
    add x21, x21, #8
    ldr p1, [x21]
    fpgroup
    add x21, x21, #16
    ldr p1, [x21]
    fpgroup

    // ---- 7b. BFMLALB, BFMLALT (vectors, indexed)
    bfloop bfmlalb, bfmlalt

    // ---- 8. SVE2p1 and SME2 (qemu-aarch64 7.2 stops here: the expected
    // lines come from sme2_sve_more3_ref.py)
    adr x12, mvdata
    ptrue p7.b
    ldmv
    sqcvtn z8.h, { z0.s, z1.s }
    pr_z z8
    uqcvtn z8.h, { z2.s, z3.s }
    pr_z z8
    sqcvtun z8.h, { z4.s, z5.s }
    pr_z z8
    bfloop bfmlslb, bfmlslt
    fdloop
    smstart sm
    adr x14, sbuf
    ptrue p7.b                  // SMSTART zeroed the vector and predicate registers
    ldmv
    sqcvtn z8.b, { z0.s - z3.s }
    sv z8
    uqcvtn z8.b, { z0.s - z3.s }
    sv z8
    sqcvtun z8.b, { z0.s - z3.s }
    sv z8
    sqcvtn z8.h, { z4.d - z7.d }
    sv z8
    uqcvtn z8.h, { z4.d - z7.d }
    sv z8
    sqcvtun z8.h, { z4.d - z7.d }
    sv z8
    .irp op, sqrshrn, uqrshrn, sqrshrun
    nr \op, b, 0, 3, s, 1, 7, 32
    .endr
    .irp op, sqrshrn, uqrshrn, sqrshrun
    nr \op, h, 4, 7, d, 1, 33, 64
    .endr
    .irp t, b, h, s, d
    dm \t
    .endr
    ldmv
    sqdmulh { z0.h - z3.h }, { z0.h - z3.h }, z1.h    // Z1 is read before it is written
    sv z0
    sv z1
    sv z2
    sv z3
    adr x13, fcdata
    ld1d {z10.d}, p7/z, [x13]
    ld1d {z11.d}, p7/z, [x13, #1, mul vl]
    adr x21, fcvtfpcrs
    mov x22, #0
fcvt_loop:
    ldr x0, [x21], #8
    msr fpcr, x0
    msr fpsr, xzr
    fcvt z8.h, { z10.s, z11.s }
    sv z8
    svf
    fcvtn z8.h, { z10.s, z11.s }
    sv z8
    svf
    add x22, x22, #1
    cmp x22, #6
    b.ne fcvt_loop
    msr fpcr, xzr
    smstop sm
    adr x6, sbuf
    print_words 716

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:                          // governing predicates, then starting ones
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0x0000010000000100, 0
    .quad 0x0410000000808000, 0x0000000000000000, 0, 0
    .quad 0, 0, 0, 0
    .balign 16
src:                            // 64 bytes of arbitrary data
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
lims:                           // limits and values near them for every size
    .quad 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 0
    .quad 0x7ffffff07ff07ff0, 0x8000000f800f800f, 0xfffffff0fff0fff0, 0x000f000f000f000f
fph:                            // half precision: zeros, infinities, NaNs, denormals, limits
    .quad 0xfc007c0080000000, 0x03ff00017d007e00, 0xbc003c007bff0400, 0x12345640c9003555
    .quad 0x0000fe007d008001, 0x02003c0180007c00, 0x83ff04004248fbff, 0x380000037bfec000
fps:                            // single precision, the same kinds, and values that round in half
    .quad 0x7fa0000000000000, 0x7fc0000080000000, 0x000000017f800000, 0x007fffffff800000
    .quad 0x3380000100800000, 0x477ff0007f7fffff, 0x388000003f800000, 0xc2f6e979bf800000
fpd:                            // double precision, and values that round to odd in single
    .quad 0x7ff4000000000000, 0x0000000000000001, 0x3ff0000010000001, 0xc7efffffe0000001
    .quad 0x7ff0000000000000, 0x8000000000000000, 0x36a0000000000000, 0x47efffffffffffff
mvdata:                         // eight vectors for section 8 (sme2_sve_more3_ref.py data)
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x7f7f7f7f7f7f7f7f, 0x7fff7fff7fff7fff, 0x97b750923ceb3ffd, 0x216363698b529b4a
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x7fff7fff7fff7fff, 0x7fffffff7fffffff, 0xea7b5bf55eb561a4, 0x795b929e9a9a80fd
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x7fffffff7fffffff, 0x7fffffffffffffff, 0x94b2b8fda02f34a6, 0x9b08923d10c67fd9
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x7fffffffffffffff, 0xffffffffffffffff, 0xe8a8529f035efa25, 0x781f9c58d6645fa9
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0xffffffffffffffff, 0x0000000000000000, 0x8d0038ec42650644, 0x311624273bfd1d33
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x0000000000000000, 0x00ff00ff00ff00ff, 0xb7970386fee29476, 0x8a7d43b578633074
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x00ff00ff00ff00ff, 0x0000ffff0000ffff, 0x8cb4a0d7d6225675, 0x65aa9c8279f248b0
    .quad 0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000
    .quad 0x0000ffff0000ffff, 0x00000000ffffffff, 0xdc6bf1e1a399f82a, 0x3b5f3d86268ecc45
fcdata:                         // 32 singles for FCVT and FCVTN (section 8)
    .word 0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00001, 0xffbfffff, 0x7f800001, 0x00000001
    .word 0x477ff000, 0x477fefff, 0x33000000, 0x33000001, 0x38800000, 0x387fc000, 0x3f800001, 0xc77ff000
    .word 0x3eaaaaab, 0x40490fdb, 0x7f7fffff, 0x80800000, 0x38000000, 0xb87ff000, 0x33800001, 0xc2f6e979
    .word 0x3f801000, 0x3f803000, 0xbf801000, 0x3380000f, 0x477fe000, 0x0080ffff, 0x47800000, 0x3c7fffff
bfa:                            // BFloat16 sources of section 7b and 8
    .quad 0xff807f8080000000, 0x007f00017f817fc0, 0xbf803f807f7f0080, 0x0040c2f740493eab
    .quad 0x8001ffc1ff813f81, 0x3f8000007f004000, 0xc00080801f805f00, 0x3fff4b80bc013c00
bfb:
    .quad 0x3f8000007f803f80, 0x40003f807fc13f80, 0x3f8080007f7fbf80, 0xff80000040494040
    .quad 0x3f807fc000013f80, 0xbf8080007f007f00, 0x3f0100801f805f00, 0x3f7fcb804380c3ff
bffpcrs:                        // none; FZ; DN; RM
    .quad 0, 0x01000000, 0x02000000, 0x00800000
fhb:                            // half-precision second source of FDOT (section 8)
    .quad 0xbc003c0000007c00, 0x7bff7bff3c003c00, 0x3c007e013c003c00, 0x0400000140003c00
    .quad 0x7d013c003c007c00, 0x7c003c000000fc00, 0x3c003c003c007bff, 0x800100013c003c00
fdfpcrs:                        // none; FZ+FZ16; DN; RM
    .quad 0, 0x01080000, 0x02000000, 0x00800000
fcvtfpcrs:                      // none; FZ+FZ16; DN; RP; RM; RZ
    .quad 0x00000000, 0x01080000, 0x02000000, 0x00400000, 0x00800000, 0x00c00000
fpcrs:                          // none; FZ and FZ16; DN; RMode toward +infinity
    .quad 0, 0x01080000, 0x02000000, 0x00400000
    .balign 16
vbuf:
    .space 16
sbuf:                           // section 8's results in Streaming mode (716 doublewords)
    .space 6144
scratch:
    .space 64
line:
    .space 24
