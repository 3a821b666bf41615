// sme2_sve2_mul.s: SVE2 integer multiplies (wrapping, saturating doubling
// high half, widening), saturating and pairwise arithmetic, widening and
// narrowing adds, under mlisa run --target sme2 --svl 512 and, built with
// clang-19, under qemu-aarch64 -cpu max,sme512=on (recorded in
// sme2_sve2_mul.qemu.out).
// Outside Streaming mode, vector length 512. Every value is printed as 16
// hex digits (emit, sme2_emit.inc), a vector as its 8 doublewords.
//
// Z1 = A (limits of every element size: minima, maxima, -1, values that
// round), Z2 = B (arbitrary data), Z3 = C (an accumulator of limits) are
// reloaded before each instruction, which writes Z3 (Z4 for the
// non-destructive forms) and is printed; each binary form runs on (A, B)
// and on (A, A), so the minimum meets itself at every element size.
//  1. SQDMULH, SQRDMULH, SQRDMLAH, SQRDMLSH (vectors), each size; MUL,
//     SQDMULH, SQRDMULH, MLA, MLS, SQRDMLAH, SQRDMLSH (indexed), each size
//     and two indexes.
//  2. SMULLB/T, UMULLB/T, SQDMULLB/T, PMULLB/T, SMLALB/T, SMLSLB/T,
//     UMLALB/T, UMLSLB/T, SQDMLALB/T, SQDMLSLB/T, SQDMLALBT, SQDMLSLBT
//     (vectors), each size; the same but PMULL (indexed), each size and two
//     indexes; PMUL.
//  3. For each of three governing predicates (all, a mixed pattern, none),
//     loaded into P1: SQADD, UQADD, SQSUB, UQSUB, SUQADD, USQADD, SQSUBR,
//     UQSUBR, ADDP, SMAXP, UMAXP, SMINP, UMINP (predicated), each size, on
//     (A, B), (A, C), (C, A) and (A, A) (Z1 is the destination); SADALP,
//     UADALP, each size, into C from A and from B.
//  4. SADDWB/T, UADDWB/T, SSUBWB/T, USUBWB/T, SADDLBT, SSUBLBT, SSUBLTB,
//     SABALB/T, UABALB/T, ADDHNB/T, RADDHNB/T, SUBHNB/T, RSUBHNB/T (each
//     size), ADCLB/T, SBCLB/T (words, doublewords), EORBT, EORTB (each
//     size), into Z3 = C as bin and binl do.
//
// Checked by hand from the manual's definitions:
//  - sqdmulh z3.b, z1.b, z1.b: byte 0x80 times itself is 2^14, doubled
//    2^15, high byte 2^7 saturates to 0x7f (first doubleword of the
//    (A, A) line: 0x7f...); 0x7f * 0x7f * 2 = 0x7e02, high byte 0x7e.
//  - sqrdmulh z3.d, z1.d, z1.d: element 1 is 0x7fffffffffffffff squared,
//    doubled 2^127 - 2^65 + 2, plus 2^63, high half 0x7ffffffffffffffe.
//  - sqrdmlah z3.h, z1.h, z2.h, doubleword 4: accumulators 0x7fff with
//    positive products and 0x8000 with negative ones saturate, so it stays
//    0x7fff7fff80008000; sqrdmlsh of the same gives 0x1ec244aff123db1c
//    (top halfword: 0x7fff - (2 * -32768 * -24893 + 2^15) / 2^16 = 0x1ec2).
//  - sqdmullb z3.h, z1.b, z1.b, doubleword 2 (bytes 0x80): 2 * 128 * 128 =
//    2^15 saturates to 0x7fff in each halfword.
//  - pmullb z3.h, z1.b, z2.b, doubleword 3: 0xff clmul 0xfa = 0x5656,
//    0x80 clmul 0xd6 = 0x6b00, 0x7f clmul 0x23 = 0x0f61: 0x0f616b0000005656.
//  - umlslt z3.d, z1.s, z2.s, doubleword 6: 0 - 0xc0000001 * 0xe0c28ea9
//    modulo 2^64 = 0x576e15005f3d7157.
//  - sqadd z1.b, p1/m, z1.b, z1.b (all active), doubleword 1: 0x7f + 0x7f
//    saturates to 0x7f, 0xff + 0xff is 0xfe: 0x7ffefefefefefefe.
//  - addp z1.b, p1/m, z1.b, z2.b under the mixed predicate (bits 0x71 for
//    doubleword 0: bytes 0, 4, 5, 6 active): bytes 0, 4, 6 sum pairs of A
//    (0, 0, 0x80), byte 5 pairs 4 and 5 of B (0x8f + 0xed = 0x7c), bytes 1,
//    2, 3, 7 keep A's: 0x80807c0000000000.
//  - uadalp z3.d, p1/m, z2.s (all active), doubleword 0: 0x7fffffffffffffff
//    + 0x31d3750d + 0x07a9ed8f = 0x80000000397d629b.
//  - raddhnb z3.b, z1.h, z2.h, doubleword 0: halfword sums of A and B plus
//    0x80 are 0x758d, 0x3253, 0xee0f, 0x8829; their high bytes in the even
//    bytes, odd ones zero: 0x008800ee00320075.
//  - adclb z3.s, z1.s, z2.s, doubleword 0: 0xffffffff (C) + 0 (A) + carry 1
//    (bit 0 of B's odd word 0x07a9ed8f) wraps to 0, carry out 1:
//    0x0000000100000000.
//  - eortb z3.d, z1.d, z2.d: doubleword 0 keeps C's, doubleword 1 is A's
//    odd one EOR B's even one: 0x78561270ce2c8af2.

    .include "sme2_print.inc"

// binl OP, T, TB: OP Z3.T, Z1.TB, Z2.TB, then OP Z3.T, Z1.TB, Z1.TB.
    .macro binl op, t, tb
    ld3
    \op z3.\t, z1.\tb, z2.\tb
    pr_z z3
    ld3
    \op z3.\t, z1.\tb, z1.\tb
    pr_z z3
    .endm

// idxl OP, T, TB, I: OP Z3.T, Z1.TB, Z2.TB[I], then OP Z3.T, Z1.TB, Z1.TB[I].
    .macro idxl op, t, tb, i
    ld3
    \op z3.\t, z1.\tb, z2.\tb[\i]
    pr_z z3
    ld3
    \op z3.\t, z1.\tb, z1.\tb[\i]
    pr_z z3
    .endm

// pbin OP, T, X, Y: OP ZX.T, P1/M, ZX.T, ZY.T, ZX printed.
    .macro pbin op, t, x, y
    ld3
    \op z\x\().\t, p1/m, z\x\().\t, z\y\().\t
    pr_z z\x
    .endm

// pall OP, T: pbin on (A, B), (A, C), (C, A), (A, A).
    .macro pall op, t
    pbin \op, \t, 1, 2
    pbin \op, \t, 1, 3
    pbin \op, \t, 3, 1
    pbin \op, \t, 1, 1
    .endm

// adalp OP, T, TB: OP Z3.T, P1/M, Z1.TB, then from Z2.TB.
    .macro adalp op, t, tb
    ld3
    \op z3.\t, p1/m, z1.\tb
    pr_z z3
    ld3
    \op z3.\t, p1/m, z2.\tb
    pr_z z3
    .endm

// binw OP, T, TB: OP Z3.T, Z1.T, Z2.TB, then OP Z3.T, Z1.T, Z1.TB.
    .macro binw op, t, tb
    ld3
    \op z3.\t, z1.\t, z2.\tb
    pr_z z3
    ld3
    \op z3.\t, z1.\t, z1.\tb
    pr_z z3
    .endm

// ld3: Z1 = A, Z2 = B, Z3 = C.
    .macro ld3
    ld1d {z1.d}, p7/z, [x20]
    ld1d {z2.d}, p7/z, [x20, #1, mul vl]
    ld1d {z3.d}, p7/z, [x20, #2, mul vl]
    .endm

// bin OP, T: OP Z3.T, Z1.T, Z2.T, then OP Z3.T, Z1.T, Z1.T.
    .macro bin op, t
    ld3
    \op z3.\t, z1.\t, z2.\t
    pr_z z3
    ld3
    \op z3.\t, z1.\t, z1.\t
    pr_z z3
    .endm

// idx OP, T, I: OP Z3.T, Z1.T, Z2.T[I], then OP Z3.T, Z1.T, Z1.T[I].
    .macro idx op, t, i
    ld3
    \op z3.\t, z1.\t, z2.\t[\i]
    pr_z z3
    ld3
    \op z3.\t, z1.\t, z1.\t[\i]
    pr_z z3
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, src

    // ---- 1. saturating doubling multiplies, MUL/MLA/MLS (indexed)
    .irp op, sqdmulh, sqrdmulh, sqrdmlah, sqrdmlsh
    bin \op, b
    bin \op, h
    bin \op, s
    bin \op, d
    .endr
    .irp op, mul, sqdmulh, sqrdmulh, mla, mls, sqrdmlah, sqrdmlsh
    idx \op, h, 0
    idx \op, h, 7
    idx \op, s, 1
    idx \op, s, 2
    idx \op, d, 0
    idx \op, d, 1
    .endr

    // ---- 2. widening multiplies
    .irp op, smullb, smullt, umullb, umullt, sqdmullb, sqdmullt, smlalb, smlalt, umlalb, umlalt, smlslb, smlslt, umlslb, umlslt, sqdmlalb, sqdmlalt, sqdmlslb, sqdmlslt, sqdmlalbt, sqdmlslbt
    binl \op, h, b
    binl \op, s, h
    binl \op, d, s
    .endr
    .irp op, pmullb, pmullt
    binl \op, h, b
    binl \op, d, s
    .endr
    .irp op, smullb, smullt, umullb, umullt, sqdmullb, sqdmullt, smlalb, smlalt, umlalb, umlalt, smlslb, smlslt, umlslb, umlslt, sqdmlalb, sqdmlalt, sqdmlslb, sqdmlslt
    idxl \op, s, h, 0
    idxl \op, s, h, 7
    idxl \op, d, s, 1
    idxl \op, d, s, 2
    .endr
    bin pmul, b

    // ---- 3. predicated saturating and pairwise arithmetic
    adr x21, preds
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]
    .irp op, sqadd, uqadd, sqsub, uqsub, suqadd, usqadd, sqsubr, uqsubr, addp, smaxp, umaxp, sminp, uminp
    pall \op, b
    pall \op, h
    pall \op, s
    pall \op, d
    .endr
    .irp op, sadalp, uadalp
    adalp \op, h, b
    adalp \op, s, h
    adalp \op, d, s
    .endr
    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #3
    b.ne pred_loop

    // ---- 4. widening and narrowing adds, carries, interleaved EOR
    .irp op, saddwb, saddwt, uaddwb, uaddwt, ssubwb, ssubwt, usubwb, usubwt
    binw \op, h, b
    binw \op, s, h
    binw \op, d, s
    .endr
    .irp op, saddlbt, ssublbt, ssubltb, sabalb, sabalt, uabalb, uabalt
    binl \op, h, b
    binl \op, s, h
    binl \op, d, s
    .endr
    .irp op, addhnb, addhnt, raddhnb, raddhnt, subhnb, subhnt, rsubhnb, rsubhnt
    binl \op, b, h
    binl \op, h, s
    binl \op, s, d
    .endr
    .irp op, adclb, adclt, sbclb, sbclt
    bin \op, s
    bin \op, d
    .endr
    .irp op, eorbt, eortb
    bin \op, b
    bin \op, h
    bin \op, s
    bin \op, d
    .endr

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0
    .balign 16
src:
    // A: limits
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x8080808080808080, 0x807f7f80ff0001ff
    .quad 0x8000800080007fff, 0x8000000080000000, 0xc0000001ffffffff, 0x4000000000000001
    // B: arbitrary data
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    // C: an accumulator of limits
    .quad 0x7fffffffffffffff, 0x8000000000000000, 0x7f7f7f7f7f7f7f7f, 0x8080808080808080
    .quad 0x7fff7fff80008000, 0x7fffffff80000000, 0x0000000000000000, 0x0123456789abcdef
    // D: more data
    .quad 0x8f99a7134ddbb59f, 0x3183fa8cbec12d05, 0x85ff4bf98fb6e4c3, 0x1f9b0d2cf4dd4e4f
    .quad 0xb2b7cac9c83a9d80, 0x1e09d78f5c6d6bc4, 0xf1acd8c2d18e4b0c, 0x6a7e5dbd2a5d3cfb
    .balign 16
dst:
    .space 256
scratch:
    .space 64
line:
    .space 24
