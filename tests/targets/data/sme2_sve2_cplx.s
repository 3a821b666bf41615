// sme2_sve2_cplx.s: SVE and SVE2 complex-number instructions under mlisa run
// --target sme2 and, built with clang-19, under qemu-aarch64 -cpu
// max,sme512=on (recorded in sme2_sve2_cplx.qemu.out).
// Outside Streaming mode, vector length 512. Every value is printed as 16
// hex digits (emit, sme2_emit.inc); a vector is printed as its 8
// doublewords, lowest first.
//
//  1. Integer, over random vectors (Z1, Z2, Z3, Z5) and, per element size,
//     vectors of that size's limits (Z6, Z7, Z8: -2^(n-1), 2^(n-1) - 1, -1,
//     0, 1, ...), each result built over a MOVPRFX copy of the accumulator:
//     CMLA and SQRDCMLAH (vectors) of each size and rotation, SQRDCMLAH
//     and CADD/SQCADD over the limits as well; CMLA and SQRDCMLAH
//     (indexed), H and S, each rotation with an index each; CDOT (vectors
//     and indexed), S and D, each rotation; CADD and SQCADD, each size, both
//     rotations.
//  2. Floating point, over vectors mixing normal values with zeros of both
//     signs, infinities, quiet and signalling NaNs, denormals and the
//     largest finite values, per governing predicate (all, a mixed pattern,
//     none) in P1: FCMLA (vectors) of H, S and D, each rotation, and FCADD,
//     both rotations; FPSR (cumulative flags) after each size, then
//     cleared. Then FCMLA (indexed), H and S, each rotation with an index
//     each.
//  3. FMLALB, FMLALT, FMLSLB, FMLSLT (vectors, and indexed with an index
//     each) of the half-precision vectors of 2 into a single-precision
//     accumulator of the same kind (Z16); FPSR.
//  4. USDOT (vectors, indexed), SUDOT (indexed), SMMLA, USMMLA, UMMLA over
//     the random vectors and the byte limits of 1; BFMMLA over the
//     single-precision vectors of 2 read as BFloat16 pairs (specials in
//     the high halves); FPSR.
// Then, with FPCR.FZ, FZ16 and DN set, FCMLA (vectors and indexed), FCADD
// and FMLALB, FMLSLT, FMLALT (indexed) again. A last line 0x5f.
//
// Checked by hand from the manual's definitions (values of the data below,
// compared with the recorded lines):
//  - CADD z0.b, #90, first pair (line 97): Z3 bytes 0xe1, 0xdb (-31, -37)
//    and Z2 bytes 0x94, 0xa0 (-108, -96): real -31 - (-96) = 65 (0x41),
//    imaginary -37 + (-108) = -145, wrapping to 0x6f: low halfword 0x6f41.
//  - SQCADD z0.h, #90 over the halfword limits (lines 289-296): pair 1,
//    imaginary -32767 + (-32767) saturates to 0x8000 (real 16384 - 32766 =
//    0xc002); pair 3, real 1 - (-32767) saturates to 0x7fff.
//  - FCMLA z0.h, #0, full predicate (lines 961-968), halves of the first
//    vectors: 0x1849 + 0x6218 * 0xb861 (0.00209 + 780 * -0.54736) rounds
//    once to 0xdeac; a signalling NaN source 0x7d01 gives 0x7f01 (quieted,
//    payload kept); -Inf * 0 gives the default NaN 0x7e00; -65504 * 421.25
//    overflows to -Inf (0xfc00); FPSR then 0x1d (IOC, OFC, UFC, IXC).
//  - FMLALB (vectors) (lines 1468-1475): element 1, 0x3bdcddc5 + 0x3525 *
//    0x0400 (halves widened exactly) rounds once to 0x3bdd8265; the
//    signalling half NaN 0x7d01 gives the quiet single 0x7fe02000 (payload
//    moved up); +Inf + (-Inf * 1262) gives the default NaN 0x7fc00000.
//  - USDOT (vectors) (line 1533), word 0: 0x3450dbe1 + 152 * -108 + 218 *
//    -96 + 156 * 57 + 192 * -96 = 0x345024bd; SMMLA (line 1573), word 1
//    (row 0 of Z1 by row 1 of Z2, signed bytes, plus Z3's word 1) =
//    0xcb3edabf.

    .include "sme2_print.inc"

// c3 OP, T, ROT, ZA, ZN, ZM: Z0 = ZA, then OP Z0.T, ZN.T, ZM.T, #ROT; Z0 printed.
    .macro c3 op, t, rot, za, zn, zm
    movprfx z0, \za
    \op z0.\t, \zn\().\t, \zm\().\t, #\rot
    pr_z z0
    .endm

// c3r OP, T, ZA, ZN, ZM: c3 with each of the four rotations.
    .macro c3r op, t, za, zn, zm
    c3 \op, \t, 0, \za, \zn, \zm
    c3 \op, \t, 90, \za, \zn, \zm
    c3 \op, \t, 180, \za, \zn, \zm
    c3 \op, \t, 270, \za, \zn, \zm
    .endm

// c3i OP, T, ROT, I, ZA, ZN, ZM: Z0 = ZA, then OP Z0.T, ZN.T, ZM.T[I], #ROT; Z0 printed.
    .macro c3i op, t, rot, i, za, zn, zm
    movprfx z0, \za
    \op z0.\t, \zn\().\t, \zm\().\t[\i], #\rot
    pr_z z0
    .endm

// cd TW, TN, ROT, ZA, ZN, ZM: Z0 = ZA, then CDOT Z0.TW, ZN.TN, ZM.TN, #ROT; Z0 printed.
    .macro cd tw, tn, rot, za, zn, zm
    movprfx z0, \za
    cdot z0.\tw, \zn\().\tn, \zm\().\tn, #\rot
    pr_z z0
    .endm

// cdi TW, TN, ROT, I, ZA, ZN, ZM: CDOT (indexed) as cd.
    .macro cdi tw, tn, rot, i, za, zn, zm
    movprfx z0, \za
    cdot z0.\tw, \zn\().\tn, \zm\().\tn[\i], #\rot
    pr_z z0
    .endm

// ca OP, T, ROT, ZA, ZM: Z0 = ZA, then OP Z0.T, Z0.T, ZM.T, #ROT; Z0 printed.
    .macro ca op, t, rot, za, zm
    movprfx z0, \za
    \op z0.\t, z0.\t, \zm\().\t, #\rot
    pr_z z0
    .endm

// fcm T, ROT: Z0 = Z13, then FCMLA Z0.T, P1/M, Z11.T, Z12.T, #ROT; Z0 printed.
    .macro fcm t, rot
    movprfx z0, z13
    fcmla z0.\t, p1/m, z11.\t, z12.\t, #\rot
    pr_z z0
    .endm

// fca T, ROT: Z0 = Z11, then FCADD Z0.T, P1/M, Z0.T, Z12.T, #ROT; Z0 printed.
    .macro fca t, rot
    movprfx z0, z11
    fcadd z0.\t, p1/m, z0.\t, z12.\t, #\rot
    pr_z z0
    .endm

// fcmi T, ROT, I: Z0 = Z13, then FCMLA Z0.T, Z11.T, Z6.T[I], #ROT; Z0 printed.
    .macro fcmi t, rot, i
    movprfx z0, z13
    fcmla z0.\t, z11.\t, z6.\t[\i], #\rot
    pr_z z0
    .endm

// ml OP: Z0 = Z16, then OP Z0.S, Z11.H, Z12.H; Z0 printed.
    .macro ml op
    movprfx z0, z16
    \op z0.s, z11.h, z12.h
    pr_z z0
    .endm

// mli OP, I: Z0 = Z16, then OP Z0.S, Z11.H, Z6.H[I]; Z0 printed.
    .macro mli op, i
    movprfx z0, z16
    \op z0.s, z11.h, z6.h[\i]
    pr_z z0
    .endm

// c2 OP, TW, TN, ZA, ZN, ZM: Z0 = ZA, then OP Z0.TW, ZN.TN, ZM.TN; Z0 printed.
    .macro c2 op, tw, tn, za, zn, zm
    movprfx z0, \za
    \op z0.\tw, \zn\().\tn, \zm\().\tn
    pr_z z0
    .endm

// c2i OP, I, ZA, ZN, ZM: Z0 = ZA, then OP Z0.S, ZN.B, ZM.B[I]; Z0 printed.
    .macro c2i op, i, za, zn, zm
    movprfx z0, \za
    \op z0.s, \zn\().b, \zm\().b[\i]
    pr_z z0
    .endm

// fload T: Z11, Z12, Z13, Z6 from fdata_T.
    .macro fload t
    adr x10, fdata_\t
    ld1d {z11.d}, p7/z, [x10]
    ld1d {z12.d}, p7/z, [x10, #1, mul vl]
    ld1d {z13.d}, p7/z, [x10, #2, mul vl]
    ld1d {z6.d}, p7/z, [x10, #3, mul vl]
    .endm

// fsr: FPSR printed, then cleared.
    .macro fsr
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    .endm

// lims T: Z6, Z7, Z8 from ilim_T.
    .macro lims t
    adr x10, ilim_\t
    ld1d {z6.d}, p7/z, [x10]
    ld1d {z7.d}, p7/z, [x10, #1, mul vl]
    ld1d {z8.d}, p7/z, [x10, #2, mul vl]
    .endm

// isize T: section 1 for one element size.
    .macro isize t
    lims \t
    c3r cmla, \t, z3, z1, z2
    c3r sqrdcmlah, \t, z3, z1, z2
    c3r sqrdcmlah, \t, z8, z6, z7
    ca cadd, \t, 90, z3, z2
    ca cadd, \t, 270, z3, z2
    ca sqcadd, \t, 90, z3, z2
    ca sqcadd, \t, 270, z3, z2
    ca cadd, \t, 90, z6, z7
    ca sqcadd, \t, 90, z6, z7
    ca sqcadd, \t, 270, z6, z7
    .endm

// fsize T: section 2 for one element size under P1.
    .macro fsize t
    fload \t
    fcm \t, 0
    fcm \t, 90
    fcm \t, 180
    fcm \t, 270
    fca \t, 90
    fca \t, 270
    fsr
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    msr fpsr, xzr
    adr x20, irand
    ld1d {z1.d}, p7/z, [x20]
    ld1d {z2.d}, p7/z, [x20, #1, mul vl]
    ld1d {z3.d}, p7/z, [x20, #2, mul vl]
    ld1d {z4.d}, p7/z, [x20, #3, mul vl]
    ld1d {z5.d}, p7/z, [x20, #4, mul vl]
    ld1d {z15.d}, p7/z, [x20, #3, mul vl]    // Z4 again, as an index source above Z7

    // ---- 1. integer
    isize b
    isize h
    isize s
    isize d
    c3i cmla, h, 0, 0, z3, z1, z5
    c3i cmla, h, 90, 1, z3, z1, z5
    c3i cmla, h, 180, 2, z3, z1, z5
    c3i cmla, h, 270, 3, z3, z1, z5
    c3i cmla, s, 0, 1, z3, z1, z5
    c3i cmla, s, 90, 0, z3, z1, z5
    c3i cmla, s, 180, 1, z3, z1, z15
    c3i cmla, s, 270, 0, z3, z1, z5
    c3i sqrdcmlah, h, 0, 3, z3, z1, z5
    c3i sqrdcmlah, h, 90, 2, z3, z1, z5
    c3i sqrdcmlah, h, 180, 1, z3, z1, z5
    c3i sqrdcmlah, h, 270, 0, z3, z1, z5
    c3i sqrdcmlah, s, 0, 0, z3, z1, z5
    c3i sqrdcmlah, s, 90, 1, z3, z1, z5
    c3i sqrdcmlah, s, 180, 0, z3, z1, z5
    c3i sqrdcmlah, s, 270, 1, z3, z1, z5
    lims h
    c3i sqrdcmlah, h, 0, 1, z8, z6, z7
    c3i sqrdcmlah, h, 90, 2, z8, z6, z7
    c3i sqrdcmlah, h, 180, 3, z8, z6, z7
    c3i sqrdcmlah, h, 270, 0, z8, z6, z7
    lims s
    c3i sqrdcmlah, s, 0, 1, z8, z6, z7
    c3i sqrdcmlah, s, 90, 0, z8, z6, z7
    c3i sqrdcmlah, s, 180, 1, z8, z6, z7
    c3i sqrdcmlah, s, 270, 0, z8, z6, z7
    cd s, b, 0, z3, z1, z2
    cd s, b, 90, z3, z1, z2
    cd s, b, 180, z3, z1, z2
    cd s, b, 270, z3, z1, z2
    cd d, h, 0, z3, z1, z2
    cd d, h, 90, z3, z1, z2
    cd d, h, 180, z3, z1, z2
    cd d, h, 270, z3, z1, z2
    lims b
    cd s, b, 0, z8, z6, z7
    cd s, b, 270, z8, z6, z7
    lims h
    cd d, h, 90, z8, z6, z7
    cd d, h, 180, z8, z6, z7
    cdi s, b, 0, 2, z3, z1, z5
    cdi s, b, 90, 3, z3, z1, z5
    cdi s, b, 180, 0, z3, z1, z5
    cdi s, b, 270, 1, z3, z1, z5
    cdi d, h, 0, 1, z3, z1, z15
    cdi d, h, 90, 0, z3, z1, z5
    cdi d, h, 180, 1, z3, z1, z5
    cdi d, h, 270, 0, z3, z1, z5

    // ---- 2. floating point
    adr x21, preds
    mov x22, #0
pred_loop:
    ldr p1, [x21]
    fsize h
    fsize s
    fsize d
    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #3
    b.ne pred_loop

    fload h
    fcmi h, 0, 1
    fcmi h, 90, 3
    fcmi h, 180, 0
    fcmi h, 270, 2
    fsr
    fload s
    fcmi s, 0, 0
    fcmi s, 90, 1
    fcmi s, 180, 1
    fcmi s, 270, 0
    fsr

    // ---- 3. FMLALB, FMLALT, FMLSLB, FMLSLT
    adr x10, fdata_s
    ld1d {z16.d}, p7/z, [x10, #2, mul vl]
    fload h
    ml fmlalb
    ml fmlalt
    ml fmlslb
    ml fmlslt
    mli fmlalb, 0
    mli fmlalt, 7
    mli fmlslb, 5
    mli fmlslt, 2
    fsr

    // ---- 4. USDOT, SUDOT, SMMLA, USMMLA, UMMLA, BFMMLA
    c2 usdot, s, b, z3, z1, z2
    c2i usdot, 0, z3, z1, z5
    c2i usdot, 3, z3, z2, z5
    c2i sudot, 1, z3, z1, z5
    c2i sudot, 2, z3, z2, z5
    c2 smmla, s, b, z3, z1, z2
    c2 usmmla, s, b, z3, z1, z2
    c2 ummla, s, b, z3, z1, z2
    lims b
    c2 usdot, s, b, z8, z6, z7
    c2i sudot, 3, z8, z6, z7
    c2 smmla, s, b, z8, z6, z7
    c2 usmmla, s, b, z8, z6, z7
    c2 ummla, s, b, z8, z6, z7
    fload s
    c2 bfmmla, s, h, z13, z11, z12
    c2 bfmmla, s, h, z6, z12, z11
    fsr

    // FZ (24), FZ16 (19) and DN (25)
    mov x0, #0x03080000
    msr fpcr, x0
    ptrue p1.b
    .irp t, h, s, d
    fload \t
    fcm \t, 0
    fcm \t, 270
    fca \t, 90
    fsr
    .endr
    fload h
    fcmi h, 90, 2
    fload s
    fcmi s, 180, 1
    fsr
    fload h
    ml fmlalb
    ml fmlslt
    mli fmlalt, 3
    fsr
    msr fpcr, xzr

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
irand:                          // 5 vectors of random bytes: Z1, Z2, Z3, Z4, Z5
    .quad 0x4ac752cec09cda98, 0x04f95fc10f4f6815, 0x343d49bf52656e89, 0xddada040032548b8
    .quad 0x3e13bbbee872244b, 0xafbce72b3feb82d8, 0x5c26d3dfc4da05a5, 0x87dacf570c6a8e89
    .quad 0x20d0e36ca039a094, 0xffb5de4dbea12ba3, 0x55ea7c11abbd6593, 0x08c602eb7c32ebba
    .quad 0x85e9a2a4a75c6587, 0x97b4d1bc2ce30348, 0xa7efc1d855850c16, 0x5d911828d8d9e235
    .quad 0xcb3e8f423450dbe1, 0xf5f3862549de6622, 0x8b092433f49aeef6, 0xe822796ceecd42db
    .quad 0x1fa40433f8b63c43, 0xbc6f865ed83d3325, 0xc123271c3e26b867, 0x3745ce5304387a73
    .quad 0x8838583501855767, 0x267e6fbfc6175d17, 0x2d9bb14fbfec4b55, 0x37f0a65f60cbec81
    .quad 0x855cf6162e70223b, 0x5cd96618d08f4098, 0x20e8018e45b9dbc4, 0xaa97384d24f1fdc5
    .quad 0x459fcffde7f33f1b, 0x3ab720bef1e2b334, 0x2900ceacd915b82a, 0x2e8de40a4d0dd631
    .quad 0x76d7b96b0b51bf08, 0x4e447796abd40670, 0x1eb8816230a22b97, 0x0ec1b0b14239ef5e
ilim_b:                         // 3 vectors of 8-bit limits
    .quad 0xff407f01810140ff, 0x408000ff81ff8000, 0x814080407e7e0101, 0x407e00ff00018040
    .quad 0x80ffff808100017e, 0x80407f8181804000, 0x407e7f4081400140, 0x80817e8080ff4001
    .quad 0x40ff7e7f80814000, 0x7f0180010180ff7f, 0x7f017f0181ff017f, 0x810100808080817f
    .quad 0x01408101ff7e7f40, 0x7e00000181400040, 0x8040008140ff4000, 0x7e81007e8040817e
    .quad 0x817e7effff400181, 0x807f81007e7e0081, 0x7eff7fff80014001, 0x007e7e01ff7e007e
    .quad 0xff810001817f8080, 0x80817e4081807f00, 0x40007e00ff01807e, 0x7f7e81007e00ff7e
ilim_h:                         // 3 vectors of 16-bit limits
    .quad 0x8001400080010000, 0x000000017fff7ffe, 0x7fff80007ffe4000, 0xffff000180004000
    .quad 0x0001ffff40004000, 0x800180017ffe4000, 0x00007fff7ffe0001, 0x80007fff00008001
    .quad 0x7ffe8001ffffffff, 0x800100007fffffff, 0x7ffe7fff7ffe7fff, 0x000080010000ffff
    .quad 0x400080007fff4000, 0xffffffff80017ffe, 0x000100007fff7ffe, 0x4000000000000001
    .quad 0x00008001ffff8001, 0x4000400000007ffe, 0x0000000180018000, 0x8000ffff40004000
    .quad 0x800080017fff7fff, 0x7fff7fff00018000, 0x4000400000014000, 0x00007fff7ffe7fff
ilim_s:                         // 3 vectors of 32-bit limits
    .quad 0x4000000080000000, 0x7fffffff7ffffffe, 0x7ffffffe40000000, 0x7fffffff7ffffffe
    .quad 0x8000000000000000, 0xffffffff7fffffff, 0x0000000180000001, 0xffffffff7ffffffe
    .quad 0x8000000000000000, 0x7ffffffe7ffffffe, 0x0000000100000001, 0x7fffffff80000000
    .quad 0x0000000080000000, 0x7fffffff80000000, 0x7ffffffe7fffffff, 0x40000000ffffffff
    .quad 0x7fffffff80000001, 0x8000000080000001, 0x8000000040000000, 0x400000007fffffff
    .quad 0x80000001ffffffff, 0x000000017ffffffe, 0x7fffffff7fffffff, 0x40000000ffffffff
ilim_d:                         // 3 vectors of 64-bit limits
    .quad 0x8000000000000000, 0x0000000000000001, 0x8000000000000001, 0x0000000000000000
    .quad 0x7ffffffffffffffe, 0x8000000000000000, 0x4000000000000000, 0x8000000000000001
    .quad 0x7fffffffffffffff, 0x8000000000000001, 0x0000000000000001, 0xffffffffffffffff
    .quad 0x8000000000000000, 0x0000000000000001, 0x0000000000000000, 0xffffffffffffffff
    .quad 0xffffffffffffffff, 0x4000000000000000, 0x7fffffffffffffff, 0x0000000000000001
    .quad 0x4000000000000000, 0x0000000000000001, 0x0000000000000001, 0x8000000000000000
fdata_h:                        // 4 vectors: specials mixed with normal values
    .quad 0x676d352559807d01, 0x8000fc001cd20001, 0x43b22f501c6a36ff, 0x1c5da26fe679bd2d
    .quad 0xb9abdf00fc006218, 0x511eac583279ad9b, 0x040051cd9562fbff, 0x3a7845c67e00fbff
    .quad 0x00010400fbffb11a, 0x0000627d36decb34, 0xbf0fae1eb8ba7d01, 0xdd2f1836950fb62c
    .quad 0x7e007e00b861a101, 0x9705a0a50400db36, 0xbe774bc7fe55fc00, 0xcf7a63642aaa5e95
    .quad 0x0001626dd9abe07b, 0x4852a2e63c007bff, 0x3d3d9863ac9a4834, 0x5f72497ba8d04474
    .quad 0xa823d7f81849fbff, 0xcaaefbff7bffb303, 0x7c007e0051630001, 0x7c00c4b63c00344a
    .quad 0xe4cae65919cffc00, 0x9f981e50624ffc00, 0xc7eaacc57e003518, 0x60fa7c0060dad88a
    .quad 0x199e7c001bdd8000, 0x15e6fe553fc92934, 0xc026b0ad561cc3dd, 0xd17fa33fba1836fe
fdata_s:                        // 4 vectors: specials mixed with normal values
    .quad 0xb475a2d0bd3a77b3, 0xc39f6a66c0000000, 0x7f8000114a3bb57e, 0x49d4d473bcebd539
    .quad 0x00800000c8fe84b3, 0x383217cf43faf444, 0x000000013fb43092, 0x41e678207f7fffff
    .quad 0xb619d9b8c6b1d703, 0xb33e451100000000, 0x008000004022ee95, 0x80000000c11a22fe
    .quad 0x80000000b23820be, 0x00800000b3d3e40c, 0x442a159f4522f80c, 0xb2eb3c7abcccf868
    .quad 0x3bdcddc57f800000, 0x7f800000b38d9b6b, 0xc4fc25883d6cedfe, 0xff7fffffc52d6506
    .quad 0xc7f0129e7f7fffff, 0x415f122900000000, 0x3ca8089d7f7fffff, 0xcb45653d7f800000
    .quad 0xff7fffff3f935a00, 0xb3b7e9ffb891f770, 0xbb0ef4ef7f800000, 0x48c675504a227c1c
    .quad 0x3f800000ff7fffff, 0xb276c37c3d048d7a, 0x3f8000003ac07250, 0x417a61183694661e
fdata_d:                        // 4 vectors: specials mixed with normal values
    .quad 0xbf14879927b26789, 0xfff0000000000000, 0xc000000000000000, 0xc08e9eabab865b20
    .quad 0xbf34edf09fe0abcf, 0x7fefffffffffffff, 0xc0fb89833e74e4ea, 0x7fefffffffffffff
    .quad 0xc01314b32bec4418, 0xffefffffffffffff, 0xc0ed4cdaf47c6ec4, 0x7ff0000000000000
    .quad 0xbfa5c7a7550fcb6b, 0xc0a13784555a8bbe, 0x3ed30d265dd9d2ec, 0x3ff0000000000000
    .quad 0x7ff0000000000005, 0xc0ca244755bc8c06, 0xffefffffffffffff, 0xc0099733e9656f00
    .quad 0xc0ae4af2ffea838a, 0xbf67affd6334d5f2, 0x0000000000000000, 0xbec15822eb09ec3f
    .quad 0xc0e2f41c7a1cde03, 0x3ff0000000000000, 0xc0fdad9433f07698, 0x0000000000000000
    .quad 0x3ed0bc258d511153, 0xffefffffffffffff, 0xc02bf919ce75c8f2, 0x3f5c3ef482b69329
    .balign 16
scratch:
    .space 64
line:
    .space 24
