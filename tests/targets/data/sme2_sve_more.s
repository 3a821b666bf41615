// sme2_sve_more.s: SVE reductions, predicated MOVPRFX, non-temporal and
// vector-plus-immediate loads and stores, and prefetches under mlisa run
// --target sme2 and, built with clang-19, under qemu-aarch64 -cpu
// max,sme512=on (recorded in sme2_sve_more.qemu.out).
// Outside Streaming mode, vector length 512. Every value is printed as 16
// hex digits (emit, sme2_emit.inc).
//
// For each of four governing predicates (all, a mixed pattern, two
// elements, none), loaded into P1:
//  1. ORV, EORV, ANDV of each size over two vectors (the scalar's low
//     doubleword; Z0 was filled with garbage first), then all of Z0 once
//     (the rest of the vector zeroed);
//  2. MOVPRFX (predicated), zeroing and merging, each size, followed by a
//     merging ORR with a zero vector (as an assembler wants), and two
//     MOVPRFX on their own (.inst, followed by NOP);
//  2b. CPY (scalar) of a W or X register and CPY (SIMD&FP scalar) of B0..D0,
//     each size, over Z2 = src + 128;
//  2c. ASR, LSR, LSL (immediate, predicated), each size, over Z2 = src + 128;
//  3. LDNT1B/H/W/D (scalar plus immediate, negative immediate, scalar plus
//     scalar) and STNT1B/H/W/D (scalar plus immediate, scalar plus scalar)
//     into a buffer prefilled with other data;
//  4. the gathers LD1B, LD1SB, LD1H, LD1SH, LD1W (word elements) and LD1B
//     ... LD1D, LD1SW (doubleword elements) (vector plus immediate), and
//     the scatters ST1B/H/W (words) and ST1B/H/W/D (doublewords).
// Then every SVE prefetch form (addresses that are not mapped: no fault),
// and a last line 0x5f.

    .include "sme2_print.inc"

// red OP, ZN, T, V: OP of ZN.T into V0 (Z0 holding garbage first), its low doubleword printed.
    .macro red op, zn, t, v
    dup z0.b, #-86
    \op \v\()0, p1, \zn\().\t
    fmov x0, d0
    bl emit
    .endm

// prefill: the 192 bytes of dst from src + 128 (z8 used).
    .macro prefill
    ld1d {z8.d}, p7/z, [x20, #2, mul vl]
    st1d {z8.d}, p7, [x24]
    ld1d {z8.d}, p7/z, [x20, #3, mul vl]
    st1d {z8.d}, p7, [x24, #1, mul vl]
    ld1d {z8.d}, p7/z, [x20, #4, mul vl]
    st1d {z8.d}, p7, [x24, #2, mul vl]
    .endm

// mp T, ZM: MOVPRFX Z2.T, P1/ZM, Z1.T over Z2 = src + 128, then ORR with zero.
    .macro mp t, zm
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    movprfx z2.\t, p1/\zm, z1.\t
    orr z2.\t, p1/m, z2.\t, z9.\t
    pr_z z2
    .endm

// cp T, R, V: CPY (scalar) of R, then CPY (SIMD&FP scalar) of V, into Z2.T under P1 over Z2 = src + 128.
    .macro cp t, r, v
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    mov z2.\t, p1/m, \r
    pr_z z2
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    cpy z2.\t, p1/m, \v
    pr_z z2
    .endm

// sh OP, T, N: OP (immediate, predicated) of Z2.T by N under P1 over Z2 = src + 128.
    .macro sh op, t, n
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    \op z2.\t, p1/m, z2.\t, #\n
    pr_z z2
    .endm

    .text
    .globl _start
_start:
    ptrue p7.b
    adr x20, src
    add x23, x20, #128
    adr x24, dst
    adr x21, preds
    mov x9, #3                  // the scalar offset, in elements
    dup z9.b, #0
    mov x22, #0                 // predicate number
pred_loop:
    ldr p1, [x21]
    ld1d {z1.d}, p7/z, [x20]
    ld1d {z2.d}, p7/z, [x20, #1, mul vl]

    // ---- 1. ORV, EORV, ANDV
    .irp op, orv, eorv, andv
    red \op, z1, b, b
    red \op, z1, h, h
    red \op, z1, s, s
    red \op, z1, d, d
    red \op, z2, b, b
    red \op, z2, h, h
    red \op, z2, s, s
    red \op, z2, d, d
    .endr
    dup z0.b, #-86
    eorv h0, p1, z2.h
    pr_z z0

    // ---- 2. MOVPRFX (predicated)
    .irp t, b, h, s, d
    mp \t, z
    mp \t, m
    .endr
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    .inst 0x04912422            // movprfx z2.s, p1/m, z1.s
    nop
    pr_z z2
    ld1d {z2.d}, p7/z, [x20, #2, mul vl]
    .inst 0x04d02422            // movprfx z2.d, p1/z, z1.d
    nop
    pr_z z2

    // ---- 2b. CPY (scalar), CPY (SIMD&FP scalar)
    ldr x25, [x20, #8]
    ldr d0, [x20, #24]
    cp b, w25, b0
    cp h, w25, h0
    cp s, w25, s0
    cp d, x25, d0

    // ---- 2c. ASR, LSR, LSL (immediate, predicated)
    sh asr, b, 1
    sh asr, h, 16
    sh lsr, s, 7
    sh lsr, d, 64
    sh lsl, b, 7
    sh lsl, h, 0
    sh lsl, s, 31
    sh asr, d, 33

    // ---- 3. LDNT1, STNT1
    ldnt1b {z3.b}, p1/z, [x20, #1, mul vl]
    pr_z z3
    ldnt1b {z3.b}, p1/z, [x23, #-1, mul vl]
    pr_z z3
    ldnt1b {z3.b}, p1/z, [x20, x9]
    pr_z z3
    ldnt1h {z3.h}, p1/z, [x20, #1, mul vl]
    pr_z z3
    ldnt1h {z3.h}, p1/z, [x23, #-2, mul vl]
    pr_z z3
    ldnt1h {z3.h}, p1/z, [x20, x9, lsl #1]
    pr_z z3
    ldnt1w {z3.s}, p1/z, [x20, #1, mul vl]
    pr_z z3
    ldnt1w {z3.s}, p1/z, [x23, #-1, mul vl]
    pr_z z3
    ldnt1w {z3.s}, p1/z, [x20, x9, lsl #2]
    pr_z z3
    ldnt1d {z3.d}, p1/z, [x20, #1, mul vl]
    pr_z z3
    ldnt1d {z3.d}, p1/z, [x23, #-1, mul vl]
    pr_z z3
    ldnt1d {z3.d}, p1/z, [x20, x9, lsl #3]
    pr_z z3

    prefill
    stnt1b {z1.b}, p1, [x24, #1, mul vl]
    add x6, x24, #56
    print_words 10
    prefill
    stnt1h {z1.h}, p1, [x24, #1, mul vl]
    add x6, x24, #56
    print_words 10
    prefill
    stnt1w {z1.s}, p1, [x24, #1, mul vl]
    add x6, x24, #56
    print_words 10
    prefill
    stnt1d {z1.d}, p1, [x24, #1, mul vl]
    add x6, x24, #56
    print_words 10
    prefill
    stnt1b {z1.b}, p1, [x24, x9]
    mov x6, x24
    print_words 12
    prefill
    stnt1h {z1.h}, p1, [x24, x9, lsl #1]
    mov x6, x24
    print_words 12
    prefill
    stnt1w {z1.s}, p1, [x24, x9, lsl #2]
    mov x6, x24
    print_words 12
    prefill
    stnt1d {z1.d}, p1, [x24, x9, lsl #3]
    mov x6, x24
    print_words 12

    // ---- 4. gathers and scatters (vector plus immediate)
    index z4.s, w20, #7         // word addresses: src + 7i
    index z5.d, x20, #13        // doubleword addresses: src + 13i
    dup z3.b, #-86
    ld1b {z3.s}, p1/z, [z4.s, #5]
    pr_z z3
    dup z3.b, #-86
    ld1sb {z3.s}, p1/z, [z4.s, #31]
    pr_z z3
    dup z3.b, #-86
    ld1h {z3.s}, p1/z, [z4.s, #62]
    pr_z z3
    dup z3.b, #-86
    ld1sh {z3.s}, p1/z, [z4.s, #2]
    pr_z z3
    dup z3.b, #-86
    ld1w {z3.s}, p1/z, [z4.s]
    pr_z z3
    dup z3.b, #-86
    ld1w {z3.s}, p1/z, [z4.s, #124]
    pr_z z3
    dup z3.b, #-86
    ld1b {z3.d}, p1/z, [z5.d]
    pr_z z3
    dup z3.b, #-86
    ld1sb {z3.d}, p1/z, [z5.d, #31]
    pr_z z3
    dup z3.b, #-86
    ld1h {z3.d}, p1/z, [z5.d, #62]
    pr_z z3
    dup z3.b, #-86
    ld1sh {z3.d}, p1/z, [z5.d, #10]
    pr_z z3
    dup z3.b, #-86
    ld1w {z3.d}, p1/z, [z5.d, #4]
    pr_z z3
    dup z3.b, #-86
    ld1sw {z3.d}, p1/z, [z5.d, #124]
    pr_z z3
    dup z3.b, #-86
    ld1d {z3.d}, p1/z, [z5.d, #248]
    pr_z z3
    index z6.s, w24, #8         // word addresses: dst + 8i
    mov x12, #16
    index z7.d, x24, x12        // doubleword addresses: dst + 16i
    prefill
    st1b {z1.s}, p1, [z6.s, #3]
    mov x6, x24
    print_words 20
    prefill
    st1h {z1.s}, p1, [z6.s, #6]
    mov x6, x24
    print_words 20
    prefill
    st1w {z1.s}, p1, [z6.s, #4]
    mov x6, x24
    print_words 20
    prefill
    st1b {z1.d}, p1, [z7.d, #31]
    mov x6, x24
    print_words 20
    prefill
    st1h {z1.d}, p1, [z7.d, #30]
    mov x6, x24
    print_words 20
    prefill
    st1w {z1.d}, p1, [z7.d, #20]
    mov x6, x24
    print_words 20
    prefill
    st1d {z1.d}, p1, [z7.d, #24]
    mov x6, x24
    print_words 20

    add x21, x21, #8
    add x22, x22, #1
    cmp x22, #4
    b.ne pred_loop

    // ---- prefetches: nothing happens, wherever they point
    mov x10, #0
    mov x11, #-8
    dup z10.b, #0
    ptrue p2.b
    prfb pldl1keep, p2, [x10]
    prfh pldl2strm, p2, [x10, #-32, mul vl]
    prfw pstl3keep, p2, [x11, #31, mul vl]
    prfd #15, p2, [x10, #1, mul vl]
    prfb pldl1keep, p2, [x10, x11]
    prfh pstl1strm, p2, [x10, x11, lsl #1]
    prfw #6, p2, [x11, x11, lsl #2]
    prfd pldl3strm, p2, [x10, x11, lsl #3]
    prfb pldl1keep, p2, [x11, z10.s, uxtw]
    prfh pldl1keep, p2, [x11, z10.s, sxtw #1]
    prfw pldl1keep, p2, [x11, z10.d, uxtw #2]
    prfd pldl1keep, p2, [x11, z10.d, sxtw #3]
    prfb pldl1keep, p2, [x11, z10.d]
    prfd pldl1keep, p2, [x11, z10.d, lsl #3]
    prfb pldl1keep, p2, [z10.s]
    prfh pldl1keep, p2, [z10.s, #62]
    prfw pstl2keep, p2, [z10.d, #124]
    prfd #7, p2, [z10.d, #248]
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
