// sme2_pairs.s: the pair loads and stores of general-purpose and SIMD&FP
// registers, LDP/STP (signed offset, pre- and post-index) and the
// non-temporal LDNP/STNP, and PRFM (literal), under mlisa run --target sme2
// and, built with clang-19, under qemu-aarch64 -cpu max,sme512=on
// (recorded in sme2_pairs.qemu.out). Every value is printed as 16 hex
// digits (emit, sme2_emit.inc, which
// clobbers X0-X3 and X8: the pairs are loaded into X10, X11).
//
// Each load reads `src` at a few offsets (negative ones from its end) and
// prints the registers it wrote (a W load: the X register, upper half
// zero); each store writes registers loaded from `src` into `dst` (cleared
// to ones first) and prints the 64 bytes of dst; the writeback forms print
// the base register's offset from its start. Then PRFM (literal) with a
// few operations, which change nothing (a last line 0x5f).
//
// By hand: ldnp w10, w11, [x20, #4] reads the words at src + 4 and src + 8:
// 0x07a9ed8f and 0x4ab7d5f1 (src's first doubleword 0x07a9ed8f31d3750d
// holds 0x31d3750d at +0 and 0x07a9ed8f at +4).

// pr X: X printed.
    .macro pr x
    mov x0, \x
    bl emit
    .endm

// pv V: the low doubleword, then the high doubleword, of Q register V.
    .macro pv v
    mov x0, \v\().d[0]
    bl emit
    mov x0, \v\().d[1]
    bl emit
    .endm

// clear: dst (64 bytes) set to ones.
    .macro clear
    mov x0, #-1
    stp x0, x0, [x21]
    stp x0, x0, [x21, #16]
    stp x0, x0, [x21, #32]
    stp x0, x0, [x21, #48]
    .endm

// prdst: the 8 doublewords of dst.
    .macro prdst
    ldr x0, [x21]
    bl emit
    ldr x0, [x21, #8]
    bl emit
    ldr x0, [x21, #16]
    bl emit
    ldr x0, [x21, #24]
    bl emit
    ldr x0, [x21, #32]
    bl emit
    ldr x0, [x21, #40]
    bl emit
    ldr x0, [x21, #48]
    bl emit
    ldr x0, [x21, #56]
    bl emit
    .endm

    .text
    .globl _start
_start:
    adr x20, src
    adr x21, dst
    add x22, x20, #64               // src's end

    // 1. LDNP and LDP of W and X registers.
    ldnp w10, w11, [x20, #4]
    pr x10
    pr x11
    ldnp w10, w11, [x22, #-8]
    pr x10
    pr x11
    ldnp x10, x11, [x20]
    pr x10
    pr x11
    ldnp x10, x11, [x20, #24]
    pr x10
    pr x11
    ldnp x10, x11, [x22, #-16]
    pr x10
    pr x11
    ldp w10, w11, [x20, #12]
    pr x10
    pr x11
    ldp x10, x11, [x20, #8]
    pr x10
    pr x11
    mov x12, x20
    ldp x10, x11, [x12, #16]!
    pr x10
    pr x11
    sub x0, x12, x20
    bl emit
    ldp w10, w11, [x12], #-12
    pr x10
    pr x11
    sub x0, x12, x20
    bl emit

    // 2. LDNP and LDP of S, D and Q registers.
    ldnp s1, s2, [x20, #8]
    pv v1
    pv v2
    ldnp d1, d2, [x20, #16]
    pv v1
    pv v2
    ldnp q1, q2, [x20]
    pv v1
    pv v2
    ldnp q1, q2, [x22, #-32]
    pv v1
    pv v2
    ldp q1, q2, [x20, #16]
    pv v1
    pv v2

    // 3. STNP and STP of each kind into dst.
    ldp x10, x11, [x20]
    ldp q1, q2, [x20, #32]
    clear
    stnp w10, w11, [x21, #4]
    prdst
    clear
    stnp x10, x11, [x21, #16]
    prdst
    clear
    add x12, x21, #64
    stnp x11, x10, [x12, #-16]
    prdst
    clear
    stnp s1, s2, [x21, #8]
    prdst
    clear
    stnp d1, d2, [x21, #24]
    prdst
    clear
    stnp q1, q2, [x21]
    prdst
    clear
    stnp q2, q1, [x21, #32]
    prdst
    clear
    mov x12, x21
    stp x10, x11, [x12, #8]!
    stp w11, w10, [x12], #24
    prdst
    sub x0, x12, x21
    bl emit

    // 4. PRFM (literal): hints only.
    prfm pldl1keep, src
    prfm pstl2strm, 1f
    prfm plil3keep, dst
    prfm #24, src
1:  mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 16
src:                            // 64 bytes of arbitrary data
    .quad 0x07a9ed8f31d3750d, 0x61a7e91f4ab7d5f1, 0xd6788c2e5ae4a2e6, 0xb52395d6b16907fa
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    .balign 16
dst:
    .space 64
line:
    .space 24
