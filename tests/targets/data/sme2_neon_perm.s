// Advanced SIMD (NEON) permutes, narrowing moves, table lookups and
// reductions: UZP1/2, ZIP1/2, TRN1/2 (every arrangement), XTN, SQXTN, UQXTN,
// SQXTUN and their 2 forms, EXT, TBL and TBX (one to four table registers,
// and a list that wraps from V31 to V0), CNT, ADDV, SADDLV, UADDLV, SMAXV,
// SMINV, UMAXV, UMINV, ADDP (vector and scalar), REV16, REV32 and REV64, over
// five pairs of 128-bit inputs in V1 and V2. Before each instruction V0 is
// set to a marker (0x5a bytes low, 0xa5 bytes high), so the listing shows
// what a result keeps and what it zeroes. Every result is the whole Q
// register, printed as two doublewords of 16 hex digits, low first; after a
// saturating narrow FPSR follows (QC is bit 27; cleared after each). The
// same program runs under mlisa run and, built with clang-19, under
// qemu-aarch64 (the recorded output is sme2_neon_perm.qemu.out).

    .include "sme2_print.inc"

// mark: V0 = the marker (written before every instruction tested).
    .macro mark
    ldr q0, [x23]
    .endm

// showfpsr: FPSR, then clear it (after a saturating narrow).
    .macro showfpsr
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    .endm

    .text
    .globl _start
_start:
    adr x21, inputs
    adr x23, consts
    ldr q6, [x23, #16]          // IDX
    ldp q3, q4, [x23, #32]      // the bytes 0xc0-0xdf
    mov x22, #5                 // pairs left
    msr fpsr, xzr
next_pair:
    ldp q1, q2, [x21], #32
    // Permutes: every arrangement, Vn = V1, Vm = V2.
    mark
    uzp1 v0.8b, v1.8b, v2.8b
    show q0
    mark
    uzp1 v0.16b, v1.16b, v2.16b
    show q0
    mark
    uzp1 v0.4h, v1.4h, v2.4h
    show q0
    mark
    uzp1 v0.8h, v1.8h, v2.8h
    show q0
    mark
    uzp1 v0.2s, v1.2s, v2.2s
    show q0
    mark
    uzp1 v0.4s, v1.4s, v2.4s
    show q0
    mark
    uzp1 v0.2d, v1.2d, v2.2d
    show q0
    mark
    uzp2 v0.8b, v1.8b, v2.8b
    show q0
    mark
    uzp2 v0.16b, v1.16b, v2.16b
    show q0
    mark
    uzp2 v0.4h, v1.4h, v2.4h
    show q0
    mark
    uzp2 v0.8h, v1.8h, v2.8h
    show q0
    mark
    uzp2 v0.2s, v1.2s, v2.2s
    show q0
    mark
    uzp2 v0.4s, v1.4s, v2.4s
    show q0
    mark
    uzp2 v0.2d, v1.2d, v2.2d
    show q0
    mark
    zip1 v0.8b, v1.8b, v2.8b
    show q0
    mark
    zip1 v0.16b, v1.16b, v2.16b
    show q0
    mark
    zip1 v0.4h, v1.4h, v2.4h
    show q0
    mark
    zip1 v0.8h, v1.8h, v2.8h
    show q0
    mark
    zip1 v0.2s, v1.2s, v2.2s
    show q0
    mark
    zip1 v0.4s, v1.4s, v2.4s
    show q0
    mark
    zip1 v0.2d, v1.2d, v2.2d
    show q0
    mark
    zip2 v0.8b, v1.8b, v2.8b
    show q0
    mark
    zip2 v0.16b, v1.16b, v2.16b
    show q0
    mark
    zip2 v0.4h, v1.4h, v2.4h
    show q0
    mark
    zip2 v0.8h, v1.8h, v2.8h
    show q0
    mark
    zip2 v0.2s, v1.2s, v2.2s
    show q0
    mark
    zip2 v0.4s, v1.4s, v2.4s
    show q0
    mark
    zip2 v0.2d, v1.2d, v2.2d
    show q0
    mark
    trn1 v0.8b, v1.8b, v2.8b
    show q0
    mark
    trn1 v0.16b, v1.16b, v2.16b
    show q0
    mark
    trn1 v0.4h, v1.4h, v2.4h
    show q0
    mark
    trn1 v0.8h, v1.8h, v2.8h
    show q0
    mark
    trn1 v0.2s, v1.2s, v2.2s
    show q0
    mark
    trn1 v0.4s, v1.4s, v2.4s
    show q0
    mark
    trn1 v0.2d, v1.2d, v2.2d
    show q0
    mark
    trn2 v0.8b, v1.8b, v2.8b
    show q0
    mark
    trn2 v0.16b, v1.16b, v2.16b
    show q0
    mark
    trn2 v0.4h, v1.4h, v2.4h
    show q0
    mark
    trn2 v0.8h, v1.8h, v2.8h
    show q0
    mark
    trn2 v0.2s, v1.2s, v2.2s
    show q0
    mark
    trn2 v0.4s, v1.4s, v2.4s
    show q0
    mark
    trn2 v0.2d, v1.2d, v2.2d
    show q0
    // Narrowing: the lower form zeroes the upper half, the 2 form keeps the
    // marker in the lower half; the saturating ones also print FPSR (QC is bit 27).
    mark
    xtn v0.8b, v1.8h
    show q0
    mark
    xtn2 v0.16b, v2.8h
    show q0
    mark
    xtn v0.4h, v1.4s
    show q0
    mark
    xtn2 v0.8h, v2.4s
    show q0
    mark
    xtn v0.2s, v1.2d
    show q0
    mark
    xtn2 v0.4s, v2.2d
    show q0
    mark
    sqxtn v0.8b, v1.8h
    show q0
    showfpsr
    mark
    sqxtn2 v0.16b, v2.8h
    show q0
    showfpsr
    mark
    sqxtn v0.4h, v1.4s
    show q0
    showfpsr
    mark
    sqxtn2 v0.8h, v2.4s
    show q0
    showfpsr
    mark
    sqxtn v0.2s, v1.2d
    show q0
    showfpsr
    mark
    sqxtn2 v0.4s, v2.2d
    show q0
    showfpsr
    mark
    uqxtn v0.8b, v1.8h
    show q0
    showfpsr
    mark
    uqxtn2 v0.16b, v2.8h
    show q0
    showfpsr
    mark
    uqxtn v0.4h, v1.4s
    show q0
    showfpsr
    mark
    uqxtn2 v0.8h, v2.4s
    show q0
    showfpsr
    mark
    uqxtn v0.2s, v1.2d
    show q0
    showfpsr
    mark
    uqxtn2 v0.4s, v2.2d
    show q0
    showfpsr
    mark
    sqxtun v0.8b, v1.8h
    show q0
    showfpsr
    mark
    sqxtun2 v0.16b, v2.8h
    show q0
    showfpsr
    mark
    sqxtun v0.4h, v1.4s
    show q0
    showfpsr
    mark
    sqxtun2 v0.8h, v2.4s
    show q0
    showfpsr
    mark
    sqxtun v0.2s, v1.2d
    show q0
    showfpsr
    mark
    sqxtun2 v0.4s, v2.2d
    show q0
    showfpsr
    // Extract: both ends of the index range and one inside.
    mark
    ext v0.8b, v1.8b, v2.8b, #0
    show q0
    mark
    ext v0.8b, v1.8b, v2.8b, #3
    show q0
    mark
    ext v0.8b, v1.8b, v2.8b, #7
    show q0
    mark
    ext v0.16b, v1.16b, v2.16b, #0
    show q0
    mark
    ext v0.16b, v1.16b, v2.16b, #5
    show q0
    mark
    ext v0.16b, v1.16b, v2.16b, #8
    show q0
    mark
    ext v0.16b, v1.16b, v2.16b, #15
    show q0
    // Table lookups: indices from IDX (V6) and from V2 itself; tables of one
    // to four registers from V1 (V3, V4 hold the bytes 0xc0-0xdf); TBX keeps
    // the marker where an index is out of range.
    mark
    tbl v0.8b, { v1.16b }, v6.8b
    show q0
    mark
    tbl v0.8b, { v1.16b, v2.16b }, v6.8b
    show q0
    mark
    tbl v0.8b, { v1.16b, v2.16b, v3.16b }, v6.8b
    show q0
    mark
    tbl v0.8b, { v1.16b, v2.16b, v3.16b, v4.16b }, v6.8b
    show q0
    mark
    tbl v0.16b, { v1.16b }, v6.16b
    show q0
    mark
    tbl v0.16b, { v1.16b, v2.16b }, v6.16b
    show q0
    mark
    tbl v0.16b, { v1.16b, v2.16b, v3.16b }, v6.16b
    show q0
    mark
    tbl v0.16b, { v1.16b, v2.16b, v3.16b, v4.16b }, v6.16b
    show q0
    mark
    tbl v0.16b, { v1.16b, v2.16b }, v2.16b
    show q0
    mark
    tbl v0.8b, { v2.16b, v3.16b, v4.16b }, v1.8b
    show q0
    mark
    tbx v0.8b, { v1.16b }, v6.8b
    show q0
    mark
    tbx v0.8b, { v1.16b, v2.16b }, v6.8b
    show q0
    mark
    tbx v0.8b, { v1.16b, v2.16b, v3.16b }, v6.8b
    show q0
    mark
    tbx v0.8b, { v1.16b, v2.16b, v3.16b, v4.16b }, v6.8b
    show q0
    mark
    tbx v0.16b, { v1.16b }, v6.16b
    show q0
    mark
    tbx v0.16b, { v1.16b, v2.16b }, v6.16b
    show q0
    mark
    tbx v0.16b, { v1.16b, v2.16b, v3.16b }, v6.16b
    show q0
    mark
    tbx v0.16b, { v1.16b, v2.16b, v3.16b, v4.16b }, v6.16b
    show q0
    mark
    tbx v0.16b, { v1.16b, v2.16b }, v2.16b
    show q0
    mark
    tbx v0.8b, { v2.16b, v3.16b, v4.16b }, v1.8b
    show q0
    // A list that wraps from V31 to V0: V31 = V4, V0 = V3.
    ldr q31, [x23, #48]
    ldr q0, [x23, #32]
    tbl v5.16b, { v31.16b, v0.16b, v1.16b, v2.16b }, v6.16b
    show q5
    ldr q0, [x23, #32]
    tbx v31.8b, { v31.16b, v0.16b }, v6.8b
    show q31
    // Bit counts.
    mark
    cnt v0.8b, v1.8b
    show q0
    mark
    cnt v0.8b, v2.8b
    show q0
    mark
    cnt v0.16b, v1.16b
    show q0
    mark
    cnt v0.16b, v2.16b
    show q0
    // Reductions across lanes of V1 and V2.
    mark
    addv b0, v1.8b
    show q0
    mark
    addv b0, v1.16b
    show q0
    mark
    addv h0, v1.4h
    show q0
    mark
    addv h0, v1.8h
    show q0
    mark
    addv s0, v1.4s
    show q0
    mark
    addv h0, v2.8h
    show q0
    mark
    smaxv b0, v1.8b
    show q0
    mark
    smaxv b0, v1.16b
    show q0
    mark
    smaxv h0, v1.4h
    show q0
    mark
    smaxv h0, v1.8h
    show q0
    mark
    smaxv s0, v1.4s
    show q0
    mark
    smaxv h0, v2.8h
    show q0
    mark
    sminv b0, v1.8b
    show q0
    mark
    sminv b0, v1.16b
    show q0
    mark
    sminv h0, v1.4h
    show q0
    mark
    sminv h0, v1.8h
    show q0
    mark
    sminv s0, v1.4s
    show q0
    mark
    sminv h0, v2.8h
    show q0
    mark
    umaxv b0, v1.8b
    show q0
    mark
    umaxv b0, v1.16b
    show q0
    mark
    umaxv h0, v1.4h
    show q0
    mark
    umaxv h0, v1.8h
    show q0
    mark
    umaxv s0, v1.4s
    show q0
    mark
    umaxv h0, v2.8h
    show q0
    mark
    uminv b0, v1.8b
    show q0
    mark
    uminv b0, v1.16b
    show q0
    mark
    uminv h0, v1.4h
    show q0
    mark
    uminv h0, v1.8h
    show q0
    mark
    uminv s0, v1.4s
    show q0
    mark
    uminv h0, v2.8h
    show q0
    mark
    saddlv h0, v1.8b
    show q0
    mark
    saddlv h0, v1.16b
    show q0
    mark
    saddlv s0, v1.4h
    show q0
    mark
    saddlv s0, v1.8h
    show q0
    mark
    saddlv d0, v1.4s
    show q0
    mark
    saddlv s0, v2.8h
    show q0
    mark
    uaddlv h0, v1.8b
    show q0
    mark
    uaddlv h0, v1.16b
    show q0
    mark
    uaddlv s0, v1.4h
    show q0
    mark
    uaddlv s0, v1.8h
    show q0
    mark
    uaddlv d0, v1.4s
    show q0
    mark
    uaddlv s0, v2.8h
    show q0
    // Pairwise adds.
    mark
    addp v0.8b, v1.8b, v2.8b
    show q0
    mark
    addp v0.16b, v1.16b, v2.16b
    show q0
    mark
    addp v0.4h, v1.4h, v2.4h
    show q0
    mark
    addp v0.8h, v1.8h, v2.8h
    show q0
    mark
    addp v0.2s, v1.2s, v2.2s
    show q0
    mark
    addp v0.4s, v1.4s, v2.4s
    show q0
    mark
    addp v0.2d, v1.2d, v2.2d
    show q0
    mark
    addp d0, v1.2d
    show q0
    mark
    addp d0, v2.2d
    show q0
    // Byte and element reversals.
    mark
    rev64 v0.8b, v1.8b
    show q0
    mark
    rev64 v0.16b, v1.16b
    show q0
    mark
    rev64 v0.4h, v1.4h
    show q0
    mark
    rev64 v0.8h, v1.8h
    show q0
    mark
    rev64 v0.2s, v1.2s
    show q0
    mark
    rev64 v0.4s, v1.4s
    show q0
    mark
    rev32 v0.8b, v1.8b
    show q0
    mark
    rev32 v0.16b, v1.16b
    show q0
    mark
    rev32 v0.4h, v1.4h
    show q0
    mark
    rev32 v0.8h, v1.8h
    show q0
    mark
    rev16 v0.8b, v1.8b
    show q0
    mark
    rev16 v0.16b, v1.16b
    show q0
    subs x22, x22, #1
    b.ne next_pair
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210, 0x1111111111111111, 0x8080808080808080
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000001, 0xffffffffffffffff
    .quad 0x00000000ffffffff, 0x7fffffff00000001, 0xff00ff00ff00ff00, 0x00ff00ff00ff00ff
    .quad 0, 0xffffffffffffffff, 0x0102030405060708, 0xf0e0d0c0b0a09080
    // Small values (in range as table indices) and values just in and out
    // of range for the narrowing saturations.
    .quad 0x007f0080ff80fffe, 0x000000ff00007fff, 0x1f10200f3f303c01, 0x0004000300020001

// The marker, IDX (table indices: in range for one to four registers,
// and out of range), and the bytes 0xc0-0xdf (V3, V4).
consts:
    .quad 0x5a5a5a5a5a5a5a5a, 0xa5a5a5a5a5a5a5a5
    .byte 0x00, 0x11, 0x05, 0x1f, 0x20, 0x2f, 0x30, 0x3f, 0x40, 0xff, 0x0f, 0x10, 0x01, 0x21, 0x32, 0x80
    .quad 0xc7c6c5c4c3c2c1c0, 0xcfcecdcccbcac9c8, 0xd7d6d5d4d3d2d1d0, 0xdfdedddcdbdad9d8

    .data
    .balign 16
vbuf:
    .space 16
line:
    .space 24
