// sme2_sve_ffr.s: SVE first-fault and no-fault loads and the first-fault
// register, under mlisa run --target sme2 --svl 512 and, built with
// clang-19, under qemu-aarch64 -cpu max,sme512=on (recorded in
// sme2_sve_ffr.qemu.out). Outside Streaming mode, vector length 512. Every
// value is printed as 16 hex digits (emit, sme2_emit.inc); a predicate or
// FFR (64 bits at this length) as one doubleword.
//
// First, SETFFR and RDFFR (unpredicated) once. Then for each of four
// governing predicates (all, a mixed pattern, three elements, none), loaded
// into P1, each load is preceded by SETFFR and a fill of the destination
// with 0xaa and followed by the vector and FFR (RDFFR):
//  1. LDFF1B/H/W/D, LDFF1SB/SH/SW (scalar plus scalar), every element
//     size, Xm = 3 or left out (XZR), and one negative Xm;
//  1b. the LDFF1 gathers (scalar plus vector), every offset form: 32-bit
//     offsets sign- or zero-extended, scaled or not, in word and doubleword
//     elements, and 64-bit offsets, scaled or not;
//  1c. the LDFF1 gathers (vector plus immediate), word and doubleword
//     elements, immediates at 0 and at their limits;
//  1d. WRFFR of a partly false value, then loads that do not fault (FFR
//     stays as written), RDFFR (predicated) and RDFFRS with NZCV, with FFR
//     all true, partly true, equal to P1 and all false;
//  2. LDNF1B/H/W/D, LDNF1SB/SH/SW (scalar plus immediate), every element
//     size, positive and negative multiples of the vector length;
//  3. the LDNT1 gathers (vector plus scalar), word and doubleword elements,
//     Xm positive, negative or XZR, each followed by FFR (untouched), and
//     the STNT1 scatters (vector plus scalar) of Z1 into dst prefilled with
//     other data, then the first 18 doublewords of dst;
//  4. LD1RQB/H/W/D (scalar plus scalar), Xm = 3 and -8 elements.
// No load here runs past the end of memory: sme2_sve_ffr_fault.s has those
// (elements suppressed, FFR cleared from them). Every predicate has element 0
// active or none: qemu-aarch64 7.2 reads the governing predicate of the
// contiguous LDFF1/LDNF1 wrongly when the first active element is not at a
// multiple of 64 predicate bits (it loads other elements than the active
// ones), so no such case is recorded. For P1 = 0x0000010000000100 mlisa
// gives for LDFF1B {z3.b}, [x20, x9] 0x4a in element 8 (src byte 11) and
// 0xeb in element 40 (src byte 43), zero elsewhere, as the manual says.
//
// Checked by hand from the manual's definition (the mixed predicate,
// 0x9d3f00f1a5c30e71, P1 pass 2):
//  - LDFF1B {z3.h}, [x20, x9]: element 0 (active: predicate bit 0 = 1) is
//    byte 3 of src, 0x31 (src's first doubleword 0x07a9ed8f31d3750d),
//    zero-extended: 0x0031; element 1 (bit 2 = 0) is zero; FFR stays
//    0xffffffffffffffff.
//  - RDFFRS p2.b, p1/z with FFR = 0x0000000fffffffff: p2 =
//    0x00000001a5c30e71; NZCV: N = 1 (bit 0 of both is 1), Z = 0, C = 1
//    (the last active element, bit 63, is false), V = 0: 0xa0000000.
//  - P1 all true: LDNF1B {z3.b}, [x20, #1, mul vl] is src's bytes 64..127
//    (doublewords 0x8f99a7134ddbb59f ... 0x6a7e5dbd2a5d3cfb), and LDNF1D
//    {z3.d}, [x23, #-2, mul vl] (x23 = src + 128) src's first 64 bytes.
//  - P1 all true: STNT1B {z1.s}, p1, [z13.s, x13] (z13 = dst + 9i, x13 = 5)
//    writes word element 0's low byte 0x0d at dst + 5 and element 1's 0x8f
//    at dst + 14: dst's first doublewords 0x8f99a7134ddbb59f and
//    0x3183fa8cbec12d05 become 0x8f990d134ddbb59f and 0x318ffa8cbec12d05.
//  - P1 all true: LD1RQD {z3.d}, [x20, x9, lsl #3] is src's doublewords 3
//    and 4 (0xb52395d6b16907fa, 0x9ec3c4b07123a4e3) in each of the four
//    128-bit segments.

    .include "sme2_print.inc"

// pr_p P: predicate P (one doubleword at this vector length).
    .macro pr_p p
    adr x6, scratch
    str \p, [x6]
    print_words 1
    .endm

// pre, post: around a load into Z3 under P1: SETFFR and Z3 filled with
// 0xaa before, Z3 and FFR printed after.
    .macro pre
    setffr
    dup z3.b, #-86
    .endm
    .macro post
    pr_z z3
    rdffr p2.b
    pr_p p2
    .endm

// prefill: dst's 256 bytes from src + 64 (z8 used).
    .macro prefill
    ld1d {z8.d}, p7/z, [x20, #1, mul vl]
    st1d {z8.d}, p7, [x24]
    ld1d {z8.d}, p7/z, [x20, #2, mul vl]
    st1d {z8.d}, p7, [x24, #1, mul vl]
    ld1d {z8.d}, p7/z, [x20, #3, mul vl]
    st1d {z8.d}, p7, [x24, #2, mul vl]
    ld1d {z8.d}, p7/z, [x20, #4, mul vl]
    st1d {z8.d}, p7, [x24, #3, mul vl]
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, src
    add x23, x20, #128
    adr x24, dst
    adr x21, preds
    adr x12, ffrval
    mov x9, #3                  // the scalar offset, in elements
    mov x11, #-8                // a negative one
    index z4.s, #-6, #3         // word offsets -6, -3, ... 39 (sign-extended)
    index z5.s, #0, #5          // word offsets 0, 5, ... 75 (zero-extended)
    index z6.d, #-4, #3         // doubleword offsets -4 ... 17
    index z7.d, #0, #5          // doubleword offsets 0 ... 35
    index z10.s, w20, #7        // word addresses: src + 7i
    index z11.d, x20, #13       // doubleword addresses: src + 13i
    // SETFFR, RDFFR (unpredicated)
    pfalse p2.b
    setffr
    rdffr p2.b
    pr_p p2
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]
    ld1d {z1.d}, p7/z, [x20]    // the data the stores write
    // ---- 1. LDFF1 (scalar plus scalar): every element size, Xm = 3 and XZR
    pre
    ldff1b {z3.b}, p1/z, [x20, x9]
    post
    pre
    ldff1b {z3.h}, p1/z, [x20, x9]
    post
    pre
    ldff1b {z3.s}, p1/z, [x20]
    post
    pre
    ldff1b {z3.d}, p1/z, [x20, x9]
    post
    pre
    ldff1sb {z3.h}, p1/z, [x20, x9]
    post
    pre
    ldff1sb {z3.s}, p1/z, [x20, x9]
    post
    pre
    ldff1sb {z3.d}, p1/z, [x20]
    post
    pre
    ldff1h {z3.h}, p1/z, [x20, x9, lsl #1]
    post
    pre
    ldff1h {z3.s}, p1/z, [x20]
    post
    pre
    ldff1h {z3.d}, p1/z, [x20, x9, lsl #1]
    post
    pre
    ldff1sh {z3.s}, p1/z, [x20, x9, lsl #1]
    post
    pre
    ldff1sh {z3.d}, p1/z, [x20]
    post
    pre
    ldff1w {z3.s}, p1/z, [x20, x9, lsl #2]
    post
    pre
    ldff1w {z3.d}, p1/z, [x20, x9, lsl #2]
    post
    pre
    ldff1sw {z3.d}, p1/z, [x20, x9, lsl #2]
    post
    pre
    ldff1d {z3.d}, p1/z, [x20, x9, lsl #3]
    post
    pre
    ldff1d {z3.d}, p1/z, [x23, x11, lsl #3]
    post
    // ---- 1b. LDFF1 gathers (scalar plus vector), every offset form
    pre
    ldff1b {z3.s}, p1/z, [x23, z4.s, sxtw]
    post
    pre
    ldff1sb {z3.s}, p1/z, [x20, z5.s, uxtw]
    post
    pre
    ldff1h {z3.s}, p1/z, [x23, z4.s, sxtw #1]
    post
    pre
    ldff1sh {z3.s}, p1/z, [x20, z5.s, uxtw #1]
    post
    pre
    ldff1sh {z3.s}, p1/z, [x23, z4.s, sxtw]
    post
    pre
    ldff1w {z3.s}, p1/z, [x23, z4.s, sxtw #2]
    post
    pre
    ldff1w {z3.s}, p1/z, [x20, z5.s, uxtw]
    post
    pre
    ldff1sb {z3.d}, p1/z, [x23, z6.d, sxtw]
    post
    pre
    ldff1b {z3.d}, p1/z, [x20, z7.d, uxtw]
    post
    pre
    ldff1h {z3.d}, p1/z, [x20, z7.d, uxtw #1]
    post
    pre
    ldff1sh {z3.d}, p1/z, [x23, z6.d, sxtw #1]
    post
    pre
    ldff1w {z3.d}, p1/z, [x23, z6.d, sxtw #2]
    post
    pre
    ldff1sw {z3.d}, p1/z, [x20, z7.d, uxtw #2]
    post
    pre
    ldff1sw {z3.d}, p1/z, [x23, z6.d, sxtw]
    post
    pre
    ldff1d {z3.d}, p1/z, [x23, z6.d, sxtw #3]
    post
    pre
    ldff1d {z3.d}, p1/z, [x20, z7.d, uxtw]
    post
    pre
    ldff1b {z3.d}, p1/z, [x23, z6.d]
    post
    pre
    ldff1sh {z3.d}, p1/z, [x23, z6.d, lsl #1]
    post
    pre
    ldff1w {z3.d}, p1/z, [x23, z6.d, lsl #2]
    post
    pre
    ldff1sw {z3.d}, p1/z, [x23, z6.d]
    post
    pre
    ldff1d {z3.d}, p1/z, [x23, z6.d, lsl #3]
    post
    // ---- 1c. LDFF1 gathers (vector plus immediate)
    pre
    ldff1b {z3.s}, p1/z, [z10.s, #31]
    post
    pre
    ldff1sb {z3.s}, p1/z, [z10.s]
    post
    pre
    ldff1h {z3.s}, p1/z, [z10.s, #62]
    post
    pre
    ldff1sh {z3.s}, p1/z, [z10.s, #2]
    post
    pre
    ldff1w {z3.s}, p1/z, [z10.s, #124]
    post
    pre
    ldff1b {z3.d}, p1/z, [z11.d, #1]
    post
    pre
    ldff1sb {z3.d}, p1/z, [z11.d, #30]
    post
    pre
    ldff1h {z3.d}, p1/z, [z11.d]
    post
    pre
    ldff1sh {z3.d}, p1/z, [z11.d, #60]
    post
    pre
    ldff1w {z3.d}, p1/z, [z11.d, #4]
    post
    pre
    ldff1sw {z3.d}, p1/z, [z11.d, #120]
    post
    pre
    ldff1d {z3.d}, p1/z, [z11.d, #248]
    post
    // ---- 1d. FFR partly false before a load that does not fault: FFR is
    // left as it was (a load only clears it), the elements are loaded.
    ldr p3, [x12]
    wrffr p3.b
    dup z3.b, #-86
    ldff1h {z3.h}, p1/z, [x20, x9, lsl #1]
    rdffr p2.b
    pr_p p2
    dup z3.b, #-86
    ldff1w {z3.d}, p1/z, [z11.d, #8]
    rdffr p2.b
    pr_p p2
    // RDFFR (predicated), RDFFRS: FFR AND P1, and the flags
    rdffr p2.b, p1/z
    pr_p p2
    rdffrs p2.b, p1/z
    mrs x25, nzcv               // before printing: the print loop sets flags
    pr_p p2
    mov x0, x25
    bl emit
    wrffr p1.b
    rdffrs p2.b, p7/z
    mrs x25, nzcv
    pr_p p2
    mov x0, x25
    bl emit
    rdffrs p2.b, p1/z
    mrs x0, nzcv
    bl emit
    pfalse p3.b
    wrffr p3.b
    rdffr p2.b
    pr_p p2
    rdffrs p2.b, p1/z
    mrs x0, nzcv
    bl emit
    // ---- 2. LDNF1 (scalar plus immediate): every element size, positive and
    // negative multiples of the vector length (in the elements' memory size)
    pre
    ldnf1b {z3.b}, p1/z, [x20, #1, mul vl]
    post
    pre
    ldnf1b {z3.h}, p1/z, [x20]
    post
    pre
    ldnf1b {z3.s}, p1/z, [x23, #-2, mul vl]
    post
    pre
    ldnf1b {z3.d}, p1/z, [x20, #7, mul vl]
    post
    pre
    ldnf1sb {z3.h}, p1/z, [x20, #1, mul vl]
    post
    pre
    ldnf1sb {z3.s}, p1/z, [x23, #-1, mul vl]
    post
    pre
    ldnf1sb {z3.d}, p1/z, [x20, #7, mul vl]
    post
    pre
    ldnf1h {z3.h}, p1/z, [x20, #1, mul vl]
    post
    pre
    ldnf1h {z3.s}, p1/z, [x23, #-2, mul vl]
    post
    pre
    ldnf1h {z3.d}, p1/z, [x20, #3, mul vl]
    post
    pre
    ldnf1sh {z3.s}, p1/z, [x20, #2, mul vl]
    post
    pre
    ldnf1sh {z3.d}, p1/z, [x23, #-4, mul vl]
    post
    pre
    ldnf1w {z3.s}, p1/z, [x20, #1, mul vl]
    post
    pre
    ldnf1w {z3.d}, p1/z, [x23, #-2, mul vl]
    post
    pre
    ldnf1sw {z3.d}, p1/z, [x20, #2, mul vl]
    post
    pre
    ldnf1d {z3.d}, p1/z, [x20, #1, mul vl]
    post
    pre
    ldnf1d {z3.d}, p1/z, [x23, #-2, mul vl]
    post
    // ---- 3. LDNT1 gathers (vector plus scalar): word and doubleword
    // elements, Xm = 5, -8 or XZR (FFR untouched)
    index z12.s, w23, #7        // word addresses: src + 128 + 7i
    index z15.d, x23, #13       // doubleword addresses: src + 128 + 13i
    index z13.s, w24, #9        // word addresses: dst + 9i
    mov x14, #17
    index z14.d, x24, x14       // doubleword addresses: dst + 17i
    mov x13, #5
    pre
    ldnt1b {z3.s}, p1/z, [z10.s, x13]
    post
    pre
    ldnt1sb {z3.s}, p1/z, [z10.s]
    post
    pre
    ldnt1h {z3.s}, p1/z, [z10.s, x13]
    post
    pre
    ldnt1sh {z3.s}, p1/z, [z12.s, x11]
    post
    pre
    ldnt1w {z3.s}, p1/z, [z10.s, xzr]
    post
    pre
    ldnt1b {z3.d}, p1/z, [z11.d, x13]
    post
    pre
    ldnt1sb {z3.d}, p1/z, [z11.d]
    post
    pre
    ldnt1h {z3.d}, p1/z, [z11.d, x13]
    post
    pre
    ldnt1sh {z3.d}, p1/z, [z11.d, x13]
    post
    pre
    ldnt1w {z3.d}, p1/z, [z11.d, x13]
    post
    pre
    ldnt1sw {z3.d}, p1/z, [z11.d]
    post
    pre
    ldnt1d {z3.d}, p1/z, [z15.d, x11]
    post
    // STNT1 scatters (vector plus scalar) of Z1 into dst prefilled with other data
    prefill
    stnt1b {z1.s}, p1, [z13.s, x13]
    mov x6, x24
    print_words 18
    prefill
    stnt1h {z1.s}, p1, [z13.s]
    mov x6, x24
    print_words 18
    prefill
    stnt1w {z1.s}, p1, [z13.s, x13]
    mov x6, x24
    print_words 18
    prefill
    stnt1b {z1.d}, p1, [z14.d, xzr]
    mov x6, x24
    print_words 18
    prefill
    stnt1h {z1.d}, p1, [z14.d, x13]
    mov x6, x24
    print_words 18
    prefill
    stnt1w {z1.d}, p1, [z14.d, x13]
    mov x6, x24
    print_words 18
    prefill
    stnt1d {z1.d}, p1, [z14.d, x13]
    mov x6, x24
    print_words 18
    // ---- 4. LD1RQB/H/W/D (scalar plus scalar): Xm = 3 and -8 elements
    pre
    ld1rqb {z3.b}, p1/z, [x20, x9]
    post
    pre
    ld1rqb {z3.b}, p1/z, [x23, x11]
    post
    pre
    ld1rqh {z3.h}, p1/z, [x20, x9, lsl #1]
    post
    pre
    ld1rqh {z3.h}, p1/z, [x23, x11, lsl #1]
    post
    pre
    ld1rqw {z3.s}, p1/z, [x20, x9, lsl #2]
    post
    pre
    ld1rqw {z3.s}, p1/z, [x23, x11, lsl #2]
    post
    pre
    ld1rqd {z3.d}, p1/z, [x20, x9, lsl #3]
    post
    pre
    ld1rqd {z3.d}, p1/z, [x23, x11, lsl #3]
    post

    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop
    mov x0, #0x5f
    bl emit

    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
preds:
    .quad 0xffffffffffffffff, 0x9d3f00f1a5c30e71, 0x0000010000000101, 0
ffrval:
    .quad 0x0000000fffffffff
    .balign 16
src:                            // 384 bytes of arbitrary data
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    .quad 0x8f99a7134ddbb59f, 0x3183fa8cbec12d05, 0x85ff4bf98fb6e4c3, 0x1f9b0d2cf4dd4e4f
    .quad 0xb2b7cac9c83a9d80, 0x1e09d78f5c6d6bc4, 0xf1acd8c2d18e4b0c, 0x6a7e5dbd2a5d3cfb
    .quad 0x86317c0c4fe0891e, 0xe8c6d7d5c3f2a8e8, 0x83def68d2f5fe41b, 0x0df27dea81b2c9c3
    .quad 0x2c0e16c7e4b5f0ca, 0x3468b07c6e7d1b20, 0xa80a3bb3de9a8a8c, 0x0ed0930bfa3fc4f8
    .quad 0x7b17d17bf1fa1d9b, 0x99b41a3b0d0ed9b4, 0x2c4aa1b39f01b6a1, 0xf9a4c0cfb3cb8e24
    .quad 0x35ee0cfc2c5c79c2, 0xfb1d11c8a1fbae63, 0xf50c8fa2bbd6ea76, 0x3ecd7bb6d8a4f08b
    .quad 0x46e3c6de8e4e0bd4, 0x1bf9e7d72e19fe5c, 0x3f22bbb60d2a7fa7, 0x41ac90b5fc68a1d4
    .quad 0x1d7da0dca78deb0c, 0x2d72f9ea1de75f09, 0x2f0c0ba5b8d9ed6b, 0xd42ff3a9c14dbba2
    .quad 0x5fd03fb0cfd8a0d5, 0xf0b3b1cf94d3e1bb, 0xab41e2d6e6a4de6c, 0x9e9ca0b6c8b60d3a
    .quad 0x74e2fb8f3dd3ea7f, 0xa43cddd0e4d1b3d7, 0xd48ba9be38fb8c44, 0xfabc3ea9bf1bdab1
    .balign 16
dst:
    .space 256
scratch:
    .space 64
line:
    .space 24
