// sme2_sve_more3.s: PTRUES, PFIRST, PNEXT, CTERMEQ/CTERMNE, INSR (scalar and
// SIMD&FP scalar) and the saturating SQINC/UQINC/SQDEC/UQDEC{H,W,D} (vector)
// under mlisa run --target sme2 --svl 512 and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (recorded in sme2_sve_more3.qemu.out).
// Outside Streaming mode, vector length 512 (predicates of 64 bits). Every
// value is printed as 16 hex digits (emit, sme2_emit.inc); NZCV as the
// system register reads it (N bit 31, Z 30, C 29, V 28).
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
//
// Checked by hand from the manual's definitions: PTRUES p.h, vl1 gives
// 0x1 with N=1, Z=0 and C=0 (the result is its own mask, so its last
// active element is true) -> NZCV 0x80000000; PFIRST under the all-true
// predicate of 0x0410000000808000 gives ...8001 with NZCV 0xa0000000;
// SQINCH of 0x7ff0 by all, mul #16 (32 * 16 = 512) saturates to 0x7fff;
// UQDECD of 0x000f000f000f000f... by vl1 (1) gives ...000e; CTERMEQ of
// equal registers with C clear sets N and clears V (Z kept): 0xc0000000,
// unequal ones set V = NOT C: 0x50000000.

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
    .balign 16
scratch:
    .space 64
line:
    .space 24
