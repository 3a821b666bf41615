// sme2_sve_more2.s: SVE, SVE2 and SVE2p1 instructions added after
// sme2_sve_more.s, under mlisa run --target sme2 --svl 512. The expected
// output, sme2_sve_more2.expected, is qemu-aarch64 -cpu max,sme512=on's
// (7.2, the program built with clang-19) for every line but those of
// sections 3 and 4, whose SVE2p1 instructions QEMU 7.2 does not implement (it
// stops there with SIGILL): those come from sme2_sve_more2_ref.py, written
// from the manual's definition (it also prints the section's data).
// Outside Streaming mode, vector length 512. Every value is printed as 16
// hex digits (emit, sme2_emit.inc).
//
// For each of four predicates (all, a mixed pattern, two elements, none),
// loaded into P1:
//  1. INCP, DECP, SQINCP, UQINCP, SQDECP, UQDECP (scalar) at each predicate
//     size on 64-bit registers, and the saturating ones on 32-bit values
//     (SQINCP <Xdn>, <Pm>.<T>, <Wdn>; UQINCP <Wdn>, <Pm>.<T>), from values
//     next to the signed and unsigned limits with garbage in the upper
//     halves; then the six (vector) forms on halfwords, words and
//     doublewords near their limits.
// Then, once:
//  2. TBL with a table of two vectors (Z1, Z2; and Z31, Z0, a list that
//     wraps) at each size, indices from INDEX that run past the table and
//     start negative (so huge unsigned), and the one-vector TBL once.
//  3. SQRSHRN, UQRSHRN, SQRSHRUN (two-vector source, SVE2p1), shifts 1, 7
//     and 16, over words at the limits and at rounding ties.
//  4. SDOT, UDOT (2-way; vectors, and indexed #0 and #3; SVE2p1), Z0's
//     halfwords by Z1's into words at the limits (they wrap).
// Then a last line 0x5f.
//
// Checked by hand from the manual's definitions: the mixed predicate
// 0x9d3f00f1a5c30e71 has 31 active bytes, 17 halfwords, 10 words, 6
// doublewords. With it: INCP X of 0x7ffffffffffffff0 by .B wraps to
// 0x800000000000000f; SQINCP X saturates it to 0x7fffffffffffffff;
// SQINCP Xd, P.B, Wd of 0xdeadbeef7ffffff0 saturates the low word and sign-
// extends it: 0x000000007fffffff; UQINCP W of 0xfffffff0 gives 0xffffffff
// zero-extended, UQDECP W of 5 gives 0 and of 0xfffffff0 gives 0xffffffd1.
// TBL .D over Z1:Z2 with indices -1, 4, 9, ... gives 0, the table's
// doublewords 4, 9 and 14 (the last in Z2), then zeros (16 entries).
// SQRSHRN #1 interleaves: halfwords 0..3 are 0x7fff (0x7fffffff rounds
// to 2^30, saturated), 0x6000 (Z1's 0xc000), 0x8000 (-2^31 saturated),
// 0xa000 (Z1's -0xc000 halved, rounding to -0x6000).
// SDOT (2-way, vectors), word 0: 0x7fffffff + (-1)(-0x4000) + 0x7fff*0
// wraps to 0x80003fff; word 1: 0x80000000 + (-0x8000)(-1) = 0x80008000.
    .include "sme2_print.inc"

// pr_x X: register X.
    .macro pr_x x
    mov x0, \x
    bl emit
    .endm

// incs OP, T, O: OP of X10..X13 (loaded from scal + O) by P1.T, as 64-bit registers, each printed.
    .macro incs op, t, o
    ldp x10, x11, [x26, #\o]
    ldp x12, x13, [x26, #\o+16]
    \op x10, p1.\t
    \op x11, p1.\t
    \op x12, p1.\t
    \op x13, p1.\t
    pr_x x10
    pr_x x11
    pr_x x12
    pr_x x13
    .endm

// incw OP, T, S, O: from scal + O, OP of X10..X13 by P1.T in 32 bits, S = s for the signed form's <Xdn>, <Pm>.<T>, <Wdn> or the unsigned <Wdn>, <Pm>.<T>).
    .macro incw op, t, s, o
    ldp x10, x11, [x26, #\o]
    ldp x12, x13, [x26, #\o+16]
    .ifc \s, s
    \op x10, p1.\t, w10
    \op x11, p1.\t, w11
    \op x12, p1.\t, w12
    \op x13, p1.\t, w13
    .else
    \op w10, p1.\t
    \op w11, p1.\t
    \op w12, p1.\t
    \op w13, p1.\t
    .endif
    pr_x x10
    pr_x x11
    pr_x x12
    pr_x x13
    .endm

// incv OP, T: OP of Z2.T by P1.T, Z2 loaded from the element limits of size T.
    .macro incv op, t
    adr x6, lim\t
    ld1d {z2.d}, p7/z, [x6]
    \op z2.\t, p1.\t
    pr_z z2
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x21, preds
    adr x26, scal
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]
    // ---- 1. INCP, DECP (scalar and vector); SQINCP, UQINCP, SQDECP, UQDECP (scalar 32 and 64 bits, vector)
    .irp t, b, h, s, d
    incs incp, \t, 0
    incs decp, \t, 0
    incs sqincp, \t, 0
    incs uqincp, \t, 32
    incs sqdecp, \t, 0
    incs uqdecp, \t, 32
    incw sqincp, \t, s, 0
    incw sqdecp, \t, s, 0
    incw uqincp, \t, u, 32
    incw uqdecp, \t, u, 32
    .endr
    .irp t, h, s, d
    incv incp, \t
    incv decp, \t
    incv sqincp, \t
    incv uqincp, \t
    incv sqdecp, \t
    incv uqdecp, \t
    .endr

    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop

    // ---- 2. TBL (two tables), each size: Z1:Z2, and Z31:Z0 (the list wraps), indexed by Z3 = INDEX(start, step), some past the table
    adr x6, tdata
    ld1d {z1.d}, p7/z, [x6]
    ld1d {z2.d}, p7/z, [x6, #1, mul vl]
    ld1d {z31.d}, p7/z, [x6, #2, mul vl]
    .irp t, b, h, s, d
    index z3.\t, #-8, #3
    tbl z4.\t, {z1.\t, z2.\t}, z3.\t
    pr_z z4
    index z3.\t, #-1, #5
    tbl z4.\t, {z1.\t, z2.\t}, z3.\t
    pr_z z4
    .endr
    .irp t, b, h, s, d
    mov z0.d, z1.d
    index z3.\t, #-3, #2
    tbl z5.\t, {z31.\t, z0.\t}, z3.\t
    pr_z z5
    .endr
    // ... and the one-vector table for comparison
    index z3.h, #-8, #3
    tbl z4.h, {z1.h}, z3.h
    pr_z z4

    // ---- 3. SQRSHRN, UQRSHRN, SQRSHRUN (two registers; SVE2p1), shifts 1, 7, 16, from Z0:Z1 (words at limits)
    adr x6, shrdata
    ld1d {z0.d}, p7/z, [x6]
    ld1d {z1.d}, p7/z, [x6, #1, mul vl]
    .irp op, sqrshrn, uqrshrn, sqrshrun
    .irp c, 1, 7, 16
    \op z4.h, {z0.s-z1.s}, #\c
    pr_z z4
    .endr
    .endr

    // ---- 4. SDOT, UDOT (2-way, vectors and indexed #0, #3; SVE2p1): Z0 halfwords by Z1's, added to Z2 = accumulator words at limits
    adr x7, dotacc
    .irp op, sdot, udot
    ld1w {z2.s}, p7/z, [x7]
    \op z2.s, z0.h, z1.h
    pr_z z2
    ld1w {z2.s}, p7/z, [x7]
    \op z2.s, z0.h, z1.h[0]
    pr_z z2
    ld1w {z2.s}, p7/z, [x7]
    \op z2.s, z0.h, z1.h[3]
    pr_z z2
    .endr
    mov x0, #0x5f
    bl emit

    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:                          // all, a mixed pattern, two elements, none
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0x0000010000000100, 0
    .balign 16
scal:                           // scalar limits: near the 64- and 32-bit signed and unsigned bounds, upper halves not zero
    .quad 0x7ffffffffffffff0, 0x8000000000000005, 0xdeadbeef7ffffff0, 0x0123456780000005
    .quad 0xfffffffffffffff0, 0x0000000000000005, 0x00000001fffffff0, 0xffffffff00000005
    .balign 16
limh:                           // element limits: halfwords, words, doublewords (64 bytes each)
    .hword 0x7ff0, 0x8005, 0xfff0, 0x0005, 0x7fff, 0x8000, 0xffff, 0x0000
    .hword 0x7fe0, 0x8020, 0xffe0, 0x0020, 0x1234, 0xedcb, 0x7fc0, 0x8040
    .hword 0x7ff0, 0x8005, 0xfff0, 0x0005, 0x7fff, 0x8000, 0xffff, 0x0000
    .hword 0x7fe0, 0x8020, 0xffe0, 0x0020, 0x1234, 0xedcb, 0x7fc0, 0x8040
lims:
    .word 0x7ffffff8, 0x80000003, 0xfffffff8, 0x00000003, 0x7fffffff, 0x80000000, 0xffffffff, 0x00000000
    .word 0x7ffffff0, 0x80000010, 0xfffffff0, 0x00000010, 0x12345678, 0xedcba987, 0x7fffffe0, 0x80000020
limd:
    .quad 0x7ffffffffffffffc, 0x8000000000000002, 0xfffffffffffffffc, 0x0000000000000002
    .quad 0x7fffffffffffffff, 0x8000000000000000, 0xffffffffffffffff, 0x0000000000000000
    .balign 16
tdata:                          // 192 bytes of arbitrary data: the tables
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    .quad 0x8f99a7134ddbb59f, 0x3183fa8cbec12d05, 0x85ff4bf98fb6e4c3, 0x1f9b0d2cf4dd4e4f
    .quad 0xb2b7cac9c83a9d80, 0x1e09d78f5c6d6bc4, 0xf1acd8c2d18e4b0c, 0x6a7e5dbd2a5d3cfb
    .quad 0x86317c0c4fe0891e, 0xe8c6d7d5c3f2a8e8, 0x83def68d2f5fe41b, 0x0df27dea81b2c9c3
    .quad 0x2c0e16c7e4b5f0ca, 0x3468b07c6e7d1b20, 0xa80a3bb3de9a8a8c, 0x0ed0930bfa3fc4f8
    .balign 16
shrdata:                        // the 32 words of Z0:Z1 (sections 3)
    .word 0x7fffffff, 0x80000000, 0xffffffff, 0x00000000, 0x00007fff, 0x00008000, 0x0000ffff, 0x00010000
    .word 0x7fff7fff, 0xffff8000, 0x0001ffff, 0x00017fff, 0xfffe8000, 0x12345678, 0xedcba987, 0x00000001
    .word 0x0000c000, 0xffff4000, 0x00018000, 0xfffe7fff, 0x3fffffff, 0xc0000000, 0x00000003, 0xfffffffd
    .word 0x00010001, 0x0000fffe, 0x00017ffe, 0x8000ffff, 0x40000000, 0xbfffffff, 0x00000080, 0x000000ff
    .balign 16
dotacc:                         // the accumulator words of section 4
    .word 0x7fffffff, 0x80000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x00000001, 0xffffffff
    .balign 16
scratch:
    .space 64
line:
    .space 24
