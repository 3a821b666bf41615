// Advanced SIMD (NEON) instructions compiled code writes: integer add and
// subtract, the logical instructions (AND, BIC, ORR, ORN, EOR, BSL, BIT,
// BIF, NOT and the MOV alias), the modified immediates (MOVI, MVNI, ORR and
// BIC (immediate), FMOV (vector)), DUP, INS, UMOV and SMOV, over four pairs
// of 128-bit inputs in V1 and V2, with V3 the destination's old value where
// an instruction reads it, for tests/targets/sme2_run_test.cpp. Every result is the whole Q register
// (a write of a D-sized vector zeroes its top half), printed as two
// doublewords of 16 hex digits, low first. It runs the same under mlisa run
// and, built with clang-19, under qemu-aarch64 (the recorded output is
// sme2_neon.qemu.out).

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp q1, q2, [x21], #32
    ldr q3, marker
    add v0.16b, v1.16b, v2.16b
    show q0
    add v0.4h, v1.4h, v2.4h
    show q0
    sub v0.4s, v1.4s, v2.4s
    show q0
    sub v0.2d, v1.2d, v2.2d
    show q0
    // logical
    and v0.16b, v1.16b, v2.16b
    show q0
    bic v0.8b, v1.8b, v2.8b
    show q0
    orr v0.16b, v1.16b, v2.16b
    show q0
    orn v0.16b, v1.16b, v2.16b
    show q0
    eor v0.8b, v1.8b, v2.8b
    show q0
    mov v0.16b, v3.16b
    bsl v0.16b, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    bit v0.16b, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    bif v0.8b, v1.8b, v2.8b
    show q0
    mvn v0.16b, v1.16b
    show q0
    mov v0.8b, v2.8b
    show q0
    // modified immediates over the destination's old value
    mov v0.16b, v3.16b
    orr v0.4s, #0x81, lsl #8
    show q0
    mov v0.16b, v1.16b
    bic v0.8h, #0xff, lsl #8
    show q0
    mov v0.16b, v2.16b
    bic v0.2s, #0x7f
    show q0
    // elements to and from vectors and general-purpose registers
    dup v0.16b, v1.b[13]
    show q0
    dup v0.4h, v2.h[6]
    show q0
    dup v0.4s, v1.s[3]
    show q0
    dup v0.2d, v2.d[1]
    show q0
    mov h0, v1.h[5]
    show q0
    mov d0, v2.d[1]
    show q0
    fmov x7, d1
    dup v0.8b, w7
    show q0
    dup v0.8h, w7
    show q0
    dup v0.2s, w7
    show q0
    dup v0.2d, x7
    show q0
    mov v0.16b, v3.16b
    mov v0.b[9], w7
    mov v0.h[2], w7
    show q0
    mov v0.16b, v3.16b
    mov v0.s[3], w7
    mov v0.d[0], x7
    show q0
    mov v0.16b, v3.16b
    mov v0.b[0], v2.b[15]
    mov v0.h[7], v1.h[1]
    mov v0.s[1], v2.s[2]
    mov v0.d[1], v1.d[0]
    show q0
    umov w0, v2.b[11]
    bl emit
    umov w0, v1.h[3]
    bl emit
    mov w0, v2.s[1]
    bl emit
    mov x0, v1.d[1]
    bl emit
    smov w0, v1.b[15]
    bl emit
    smov x0, v2.b[7]
    bl emit
    smov w0, v1.h[7]
    bl emit
    smov x0, v2.h[3]
    bl emit
    smov x0, v1.s[1]
    bl emit
    subs x22, x22, #1
    b.ne next_pair
    // the modified immediates, once
    movi v0.16b, #0xa5
    show q0
    movi v0.8b, #255
    show q0
    movi v0.4h, #0x12, lsl #8
    show q0
    movi v0.8h, #0x34
    show q0
    movi v0.2s, #0x56, lsl #16
    show q0
    movi v0.4s, #0x78, lsl #24
    show q0
    movi v0.4s, #0x9a, msl #8
    show q0
    movi v0.2s, #0xbc, msl #16
    show q0
    movi d0, #0xff00ff0000ffff00
    show q0
    movi v0.2d, #0x00ffff00ff0000ff
    show q0
    movi v0.2d, #0
    show q0
    mvni v0.8h, #0x12, lsl #8
    show q0
    mvni v0.2s, #0x34
    show q0
    mvni v0.4s, #0x56, msl #16
    show q0
    fmov v0.4s, #-1.5
    show q0
    fmov v0.2s, #31.0
    show q0
    fmov v0.2d, #0.125
    show q0
    fmov v0.8h, #-0.25
    show q0
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
marker:                         // the destination's old value
    .quad 0x5a5a5a5a5a5a5a5a, 0xa5a5a5a5c3c3c3c3
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210, 0x1111111111111111, 0x8080808080808080
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000001, 0xffffffffffffffff
    .quad 0x00000000ffffffff, 0x7fffffff00000001, 0xff00ff00ff00ff00, 0x00ff00ff00ff00ff
    .quad 0, 0xffffffffffffffff, 0x0102030405060708, 0xf0e0d0c0b0a09080

    .data
    .balign 16
vbuf:
    .space 16
line:
    .space 24
