// sme2_sve2_shift.s: SVE and SVE2 shifts: predicated by immediate (ASRD,
// SRSHR, URSHR, SQSHL, UQSHL, SQSHLU), predicated by vector (SRSHL, URSHL,
// SQSHL, UQSHL, SQRSHL, UQRSHL and their reversed forms) and the inserts
// SRI and SLI; CMP<cc> (wide elements), WHILEGE, WHILEGT, WHILEHS,
// WHILEHI (predicate), WHILERW, WHILEWR, the constructive EXT and
// SPLICE, and REVD, under mlisa run --target sme2 --svl 512 and, built with
// clang-19, under qemu-aarch64 -cpu max,sme512=on (recorded in
// sme2_sve2_shift.qemu.out).
// Outside Streaming mode, vector length 512. Every value is printed as 16
// hex digits (emit, sme2_emit.inc).
//
// For each of three governing predicates (all, a mixed pattern, none),
// loaded into P1, each instruction and element size is run over two
// source vectors: `edge` (the signed and unsigned limits, -1, 1 and values
// whose rounding is a tie) and `rnd` (arbitrary data), each result vector
// printed as its 8 doublewords. The shifts by vector take their amounts
// from INDEX vectors reaching past the element size plus one both ways
// (the amount is limited there), and from `rnd` (large amounts); the
// reversed forms swap the two registers. The wide compares, SPLICE and
// REVD (of edge into rnd) also run under each predicate (a compare prints NZCV, then the predicate
// as a doubleword); SRI, SLI, the WHILE forms (operands at the signed and
// unsigned limits, where counting down wraps) and EXT run once after the
// loop.
//
// Values checked by hand from the manual's definitions (full predicate):
//  - asrd z.b, #1 of 0x81 (-127) is 0xc1 (-63: -127/2 truncated toward
//    zero, where ASR gives -64, 0xc0);
//  - urshr z.b, #8 of 0xff is 0x01 (255 + 128 = 383, >> 8 = 1) and of
//    0x7f is 0x00;
//  - sqshl z.h, #15 of 0x0001 is 0x7fff (saturated; 0x8000 wraps) and
//    sqshlu z.h, #1 of 0x8000 is 0x0000 (negative saturates to zero);
//  - srshl z.b of rnd's first doubleword 0x07a9ed8f31d3750d by -10 ... -3
//    (bytes from the lowest) is 0x01fbfffe00000000: 0x8f (-113) by -6 is
//    (-113 + 32) >> 6 = -2, 0xa9 (-87) by -4 is (-87 + 8) >> 4 = -5, 0x07
//    by -3 is (7 + 4) >> 3 = 1;
//  - sqrshl z.b of edge's 0xffffffffffffffff by 5 ... 12 is
//    0x7f8080808080c0e0 (-1 << 5 = 0xe0, << 6 = 0xc0, << 7 = 0x80, then
//    saturated) and of 0x807f01ff00c04081 by 45 ... 52 is
//    0x807f7f8000807f80 (every nonzero byte saturates to its sign's limit);
//  - sri z.b, #3 of edge's 0x8000000000000000 into rnd's 0x07a9ed8f31d3750d
//    is 0x10a0e08020c06000 (the top three bits of each rnd byte kept);
//  - cmpeq p2.b, p1/z, z2.b, z2.d over edge sets bytes 16-24 (the eight
//    0xff bytes of -1 and the byte 1 of 1): P2 = 0x1ff0000, NZCV = C only
//    (first and last elements inactive in the result);
//  - whilege p2.b, x9, x10 with 20 and 3 sets the top 18 elements (20 down
//    to 3): P2 = 0xffffc00000000000, NZCV = 0;
//  - revd of edge swaps its first two doublewords: 0x7fffffffffffffff,
//    then 0x8000000000000000.

    .include "sme2_print.inc"

// amounts T, R, START, STEP: Z3.T = START, START + STEP, ... (R: w or x; x9, x10 used).
    .macro amounts t, r, start, step
    mov x9, #\start
    mov x10, #\step
    index z3.\t, \r\()9, \r\()10
    .endm

// shv OP, T, R, REV: OP of Z2.T (values) by Z3.T (amounts) under P1, or of
// Z3.T by Z2.T where REV is 1 (reversed forms: the destination holds the
// amounts); Z2 = edge or rnd, Z3 from INDEX vectors or rnd.
    .macro shv1 op, rev, t
    .if \rev
    \op z3.\t, p1/m, z3.\t, z2.\t
    pr_z z3
    .else
    \op z2.\t, p1/m, z2.\t, z3.\t
    pr_z z2
    .endif
    .endm
    .macro shv op, t, r, e, rev
    ld1d {z2.d}, p7/z, [x20]
    amounts \t, \r, -3, 1
    shv1 \op, \rev, \t
    ld1d {z2.d}, p7/z, [x20]
    amounts \t, \r, \e - 4, 1
    shv1 \op, \rev, \t
    ld1d {z2.d}, p7/z, [x20, #1, mul vl]
    amounts \t, \r, -\e - 2, 1
    shv1 \op, \rev, \t
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [x20, #1, mul vl]
    shv1 \op, \rev, \t
    .endm

// shi OP, T, N: OP of Z2.T by #N under P1, over Z2 = edge and Z2 = rnd.
    .macro shi op, t, n
    ld1d {z2.d}, p7/z, [x20]
    \op z2.\t, p1/m, z2.\t, #\n
    pr_z z2
    ld1d {z2.d}, p7/z, [x20, #1, mul vl]
    \op z2.\t, p1/m, z2.\t, #\n
    pr_z z2
    .endm

// cmpw OP, T: OP (wide elements) of edge.T with edge.D, rnd.T with edge.D
// and edge.T with rnd.D under P1, each printing NZCV and P2.
    .macro pr_flags_p
    mrs x0, nzcv
    bl emit
    adr x6, scratch
    str p2, [x6]
    print_words 1
    .endm
    .macro cmpw op, t
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [x20, #1, mul vl]
    \op p2.\t, p1/z, z2.\t, z2.d
    pr_flags_p
    \op p2.\t, p1/z, z3.\t, z2.d
    pr_flags_p
    \op p2.\t, p1/z, z2.\t, z3.d
    pr_flags_p
    .endm

// wh OP, T, R, A, B: OP P2.T with R9 = A, R10 = B (R: w or x), NZCV and P2 printed.
    .macro wh op, t, r, a, b
    ldr x9, =\a
    ldr x10, =\b
    \op p2.\t, \r\()9, \r\()10
    pr_flags_p
    .endm

// whs OP, T: OP P2.T over pairs around the limits.
    .macro whs op, t
    wh \op, \t, x, 20, 3
    wh \op, \t, x, 3, 20
    wh \op, \t, x, 7, 7
    wh \op, \t, x, 0x8000000000000001, 0x8000000000000000
    wh \op, \t, x, 0, 0xffffffffffffffff
    wh \op, \t, x, 1, 0
    wh \op, \t, w, 5, 0x80000000
    wh \op, \t, w, 0x80000001, 0x7fffffff
    .endm

// ptr OP, T: WHILERW or WHILEWR P2.T over address pairs.
    .macro ptr op, t
    .irp pair, "0x1000, 0x1000", "0x1000, 0x1013", "0x1013, 0x1000", "0x1000, 0x1001", "0x10, 0x8000000000000010"
    ptr1 \op, \t, \pair
    .endr
    .endm
    .macro ptr1 op, t, a, b
    wh \op, \t, x, \a, \b
    .endm

// ins_n OP, T, N: OP (SRI or SLI) of Z2.T = edge by #N into Z3.T = rnd.
    .macro ins_n op, t, n
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [x20, #1, mul vl]
    \op z3.\t, z2.\t, #\n
    pr_z z3
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, edge
    adr x21, preds
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]

    // ---- 1. shifts by immediate (predicated)
    .irp op, asrd, srshr, urshr
    shi \op, b, 1
    shi \op, b, 8
    shi \op, h, 3
    shi \op, h, 16
    shi \op, s, 1
    shi \op, s, 31
    shi \op, d, 7
    shi \op, d, 64
    .endr
    .irp op, sqshl, uqshl, sqshlu
    shi \op, b, 0
    shi \op, b, 7
    shi \op, h, 1
    shi \op, h, 15
    shi \op, s, 4
    shi \op, s, 31
    shi \op, d, 1
    shi \op, d, 63
    .endr

    // ---- 2. shifts by vector (predicated)
    .irp op, srshl, urshl, sqshl, uqshl, sqrshl, uqrshl
    shv \op, b, w, 8, 0
    shv \op, h, w, 16, 0
    shv \op, s, w, 32, 0
    shv \op, d, x, 64, 0
    .endr
    .irp op, srshlr, urshlr, sqshlr, uqshlr, sqrshlr, uqrshlr
    shv \op, b, w, 8, 1
    shv \op, h, w, 16, 1
    shv \op, s, w, 32, 1
    shv \op, d, x, 64, 1
    .endr

    // ---- 3. compares with wide elements, SPLICE (constructive)
    .irp op, cmpeq, cmpne, cmpge, cmpgt, cmplt, cmple, cmphs, cmphi, cmplo, cmpls
    cmpw \op, b
    cmpw \op, h
    cmpw \op, s
    .endr
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [x20, #1, mul vl]
    .irp t, b, h, s, d
    splice z4.\t, p1, { z2.\t, z3.\t }
    pr_z z4
    .endr
    mov z4.d, z3.d
    revd z4.q, p1/m, z2.q
    pr_z z4

    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #3
    b.ne pred_loop

    // ---- 3. SRI, SLI (unpredicated): Z2 = edge into Z3 = rnd
    ins_n sri, b, 3
    ins_n sri, b, 8
    ins_n sri, h, 16
    ins_n sri, h, 9
    ins_n sri, s, 32
    ins_n sri, s, 17
    ins_n sri, d, 64
    ins_n sri, d, 33
    ins_n sli, b, 7
    ins_n sli, b, 4
    ins_n sli, h, 15
    ins_n sli, h, 1
    ins_n sli, s, 31
    ins_n sli, s, 12
    ins_n sli, d, 63
    ins_n sli, d, 40

    // ---- 4. WHILE (counting down), WHILERW, WHILEWR, EXT (constructive)
    .irp op, whilege, whilegt, whilehs, whilehi
    .irp t, b, h, s, d
    whs \op, \t
    .endr
    .endr
    .irp op, whilerw, whilewr
    .irp t, b, h, s, d
    ptr \op, \t
    .endr
    .endr
    ld1d {z2.d}, p7/z, [x20]
    ld1d {z3.d}, p7/z, [x20, #1, mul vl]
    .irp n, 0, 1, 63, 64, 255
    ext z4.b, { z2.b, z3.b }, #\n
    pr_z z4
    .endr
    mov z31.d, z3.d
    mov z0.d, z2.d
    ext z4.b, { z31.b, z0.b }, #9
    pr_z z4
    ptrue p2.s, vl5
    splice z4.s, p2, { z31.s, z0.s }
    pr_z z4

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0
    .ltorg

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0
    .balign 16
edge:                           // limits, -1, 1, ties
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0xffffffffffffffff, 0x0000000000000001
    .quad 0x80007fffffff0001, 0x7fffffff80000000, 0x807f01ff00c04081, 0xc0000008fffffff8
rnd:                            // arbitrary data
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    .balign 16
scratch:
    .space 64
line:
    .space 24
