// The Advanced SIMD dot products and matrix multiply-accumulates (SDOT,
// UDOT, USDOT, SUDOT, SMMLA, UMMLA, USMMLA; BFDOT, BFMLALB, BFMLALT, BFMMLA)
// and the FEAT_LRCPC2 loads and stores (LDAPUR*, STLUR*), checked against
// qemu-aarch64. Part 1: the integer forms over four pairs of 128-bit inputs
// in V1 and V2, V3 the accumulator's old value. Part 2: the BFloat16 forms
// over three sets (V1, V2 BFloat16 values, V3 single precision accumulators)
// holding NaNs, infinities, denormals and values that round, run once with
// FPCR = 0 and once with FPCR.DN and FPCR.FZ set; FPSR is cleared before and
// printed after each group of forms. Part 3: LDAPUR and STLUR at negative,
// odd and zero offsets from a register and from SP, each access naturally
// aligned (qemu-aarch64 7.2 has no FEAT_LSE2 and faults on any unaligned
// one). Every vector result is the whole Q register, printed as two
// doublewords of 16 hex digits, low first.

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    // part 1: integer dot products and matrix multiplies
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp q1, q2, [x21], #32
    ldr q3, marker
    mov v0.16b, v3.16b
    sdot v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    udot v0.2s, v1.8b, v2.8b
    show q0
    mov v0.16b, v3.16b
    udot v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    sdot v0.2s, v2.8b, v1.4b[3]
    show q0
    mov v0.16b, v3.16b
    udot v0.4s, v1.16b, v2.4b[1]
    show q0
    mov v0.16b, v3.16b
    usdot v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    usdot v0.2s, v2.8b, v1.8b
    show q0
    mov v0.16b, v3.16b
    usdot v0.4s, v1.16b, v2.4b[2]
    show q0
    mov v0.16b, v3.16b
    sudot v0.4s, v1.16b, v2.4b[3]
    show q0
    mov v0.16b, v3.16b
    sudot v0.2s, v2.8b, v1.4b[0]
    show q0
    mov v0.16b, v3.16b
    smmla v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    ummla v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    usmmla v0.4s, v1.16b, v2.16b
    show q0
    mov v0.16b, v3.16b
    usmmla v0.4s, v2.16b, v1.16b
    show q0
    subs x22, x22, #1
    b.ne next_pair

    // part 2: BFloat16, under FPCR = 0 and then FPCR = DN | FZ
    mov x23, #0
    mov x24, #2                 // FPCR settings left
next_fpcr:
    msr fpcr, x23
    adr x21, fpinputs
    mov x22, #3                 // sets left
next_set:
    ldp q1, q2, [x21], #32
    ldr q3, [x21], #16
    msr fpsr, xzr
    mov v0.16b, v3.16b
    bfdot v0.4s, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    bfdot v0.2s, v2.4h, v1.4h
    show q0
    mov v0.16b, v3.16b
    bfdot v0.4s, v1.8h, v2.2h[1]
    show q0
    mov v0.16b, v3.16b
    bfdot v0.2s, v1.4h, v2.2h[3]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    bfmlalb v0.4s, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    bfmlalt v0.4s, v1.8h, v2.8h
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    bfmlalb v0.4s, v1.8h, v2.h[5]
    show q0
    mov v0.16b, v3.16b
    bfmlalt v0.4s, v2.8h, v1.h[2]
    show q0
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    mov v0.16b, v3.16b
    bfmmla v0.4s, v1.8h, v2.8h
    show q0
    mov v0.16b, v3.16b
    bfmmla v0.4s, v2.8h, v1.8h
    show q0
    mrs x0, fpsr
    bl emit
    subs x22, x22, #1
    b.ne next_set
    mov x23, #0x03000000        // DN | FZ
    subs x24, x24, #1
    b.ne next_fpcr
    msr fpcr, xzr

    // part 3: FEAT_LRCPC2 loads and stores
    adr x9, mbuf
    add x9, x9, #16
    ldapur w0, [x9, #-16]
    bl emit
    ldapur x0, [x9, #-8]
    bl emit
    ldapurb w0, [x9, #-1]
    bl emit
    ldapurh w0, [x9, #2]
    bl emit
    ldapursb w0, [x9, #-1]
    bl emit
    ldapursb x0, [x9, #-2]
    bl emit
    ldapursh w0, [x9, #-2]
    bl emit
    ldapursh x0, [x9, #6]
    bl emit
    ldapursw x0, [x9, #12]
    bl emit
    ldapursw x0, [x9]
    bl emit
    mov x0, #-1
    ldapur w0, [x9, #8]
    bl emit
    movz x10, #0x1122, lsl #48
    movk x10, #0x3344, lsl #32
    movk x10, #0x5566, lsl #16
    movk x10, #0x7788
    stlur x10, [x9, #-8]
    stlurb w10, [x9, #15]
    stlurh w10, [x9, #4]
    stlur w10, [x9, #8]
    ldr x0, [x9, #-16]
    bl emit
    ldr x0, [x9, #-8]
    bl emit
    ldr x0, [x9]
    bl emit
    ldr x0, [x9, #8]
    bl emit
    stlur x10, [sp, #-16]
    ldapursw x0, [sp, #-12]
    bl emit
    ldapurh w0, [sp, #-10]
    bl emit
    stlur wzr, [sp, #-16]
    ldapur x0, [sp, #-16]
    bl emit

    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
marker:                         // the accumulator's old value
    .quad 0x5a5a5a5a5a5a5a5a, 0xa5a5a5a5c3c3c3c3
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210, 0x1111111111111111, 0x8080808080808080
    .quad 0x8000000000000000, 0x7fffffffffffffff, 0x8000000000000001, 0xffffffffffffffff
    .quad 0x00000000ffffffff, 0x7fffffff00000001, 0xff00ff00ff00ff00, 0x00ff00ff00ff00ff
    .quad 0, 0xffffffffffffffff, 0x0102030405060708, 0xf0e0d0c0b0a09080
fpinputs:                       // V1, V2 (BFloat16), V3 (single)
    // values that round, overflow to infinity, cancel
    .quad 0x40493fc03f813f80, 0x7f7f7f7fc2c83c23
    .quad 0x3f8140003f823fc0, 0x7f7f3f80c1a04b80
    .quad 0x3f8000014b800001, 0x7f7fffffbf800000
    // NaNs (quiet, signalling, with payloads), infinities, zeros
    .quad 0x7fc0ff807f800001, 0x80403f807f818000
    .quad 0x3f8000003f807f80, 0x3f803f8040003f80
    .quad 0x7fc1234500000001, 0xff80000080000001
    // denormal inputs and products, denormal accumulators
    .quad 0x0080008000010040, 0x7f00ff00c0004000
    .quad 0x0080800000400001, 0x7f007f00c0004000
    .quad 0x0000000100800000, 0x7f7fffff807fffff

    .data
    .balign 16
mbuf:
    .quad 0x8182838485868788, 0xf1f2f3f4f5f6f7f8, 0x0102030405060708, 0x8899aabbccddeeff
vbuf:
    .space 16
line:
    .space 24
