// The sme2 benchmark kernel (bench/sim_bench.cpp, docs/performance.md): the
// inner step of examples/bf16_gemm.s, eight BFMLAL (multiple and indexed
// vector, VGx4) of four B vectors by the elements of one A vector, OUTER
// times. Per iteration: 15 instructions and 8 x 4 x 32 = 1024 ZA
// multiply-adds (SVL 512: 32 BF16 elements per vector). The bench prepends
// `.equ OUTER, N` (below 2^32).
    .text
    .globl _start
_start:
    smstart
    ptrue p0.h
    adr x0, a_data
    adr x1, b_data
    mov w8, #0
    mov w9, #8
    movz x10, #(OUTER & 0xffff)
    movk x10, #(OUTER >> 16), lsl #16
step:
    ld1h {z8.h}, p0/z, [x0]
    ld1h {z0.h}, p0/z, [x1]
    ld1h {z1.h}, p0/z, [x1, #1, mul vl]
    ld1h {z2.h}, p0/z, [x1, #2, mul vl]
    ld1h {z3.h}, p0/z, [x1, #3, mul vl]
    bfmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, z8.h[0]
    bfmlal za.s[w8, 2:3, vgx4], {z0.h-z3.h}, z8.h[1]
    bfmlal za.s[w8, 4:5, vgx4], {z0.h-z3.h}, z8.h[2]
    bfmlal za.s[w8, 6:7, vgx4], {z0.h-z3.h}, z8.h[3]
    bfmlal za.s[w9, 0:1, vgx4], {z0.h-z3.h}, z8.h[4]
    bfmlal za.s[w9, 2:3, vgx4], {z0.h-z3.h}, z8.h[5]
    bfmlal za.s[w9, 4:5, vgx4], {z0.h-z3.h}, z8.h[6]
    bfmlal za.s[w9, 6:7, vgx4], {z0.h-z3.h}, z8.h[7]
    subs x10, x10, #1
    b.ne step
    smstop
    mov x0, #0
    mov x8, #93
    svc #0

    .data
    .balign 64
a_data:
    .fill 32, 2, 0x3f80  // BF16 1.0
b_data:
    .fill 128, 2, 0x3f80
