// A64 logical immediates, wide moves, bitfield moves, EXTR, multiply high,
// shifts by a register, division, scalar floating point, FCVTNS and its kin,
// CCMP/CCMN, SMULL and its kin, FCVT to and from half precision, SQINCW and
// its kin, and the byte,
// halfword and unscaled loads and stores, CLZ, CLS, RBIT, the REVs, FRINT<r> and half-precision arithmetic over a table of
// inputs; then MRS/MSR of the system registers, the vector length counts,
// MOVA of single ZA slices, SIMD&FP pairs, LD1R<T> and MUL/SMULH/UMULH (vectors), and the SIMD&FP loads, stores and
// FMOV, for tests/targets/sme2_run_test.cpp: every result is printed as 16
// hex digits. It runs the same under mlisa run --svl 512 and, built with
// clang-19, under qemu-aarch64 -cpu max,sme512=on (the recorded output is
// sme2_a64_ops.qemu.out).

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    adr x21, inputs
    mov x22, #0                 // index of a; b is the next input (cyclic)
pair:
    ldr x19, [x21, x22, lsl #3]
    add x0, x22, #1
    and x0, x0, #7              // 8 inputs
    ldr x20, [x21, x0, lsl #3]

    // logical immediates, and the flags ANDS and TST set
    and x0, x19, #0xff
    bl emit
    orr x0, x19, #0x5555555555555555
    bl emit
    eor x0, x19, #0xfffffffffffffff0
    bl emit
    and w0, w19, #0x7ffffff8
    bl emit
    eor sp, x19, #0x1           // SP as destination, read back
    mov x0, sp
    adr x1, stack_top
    mov sp, x1
    bl emit
    ands w0, w19, #0xf0f0f0f0
    bl emit
    cset x0, mi
    bl emit
    tst x19, #0x8000000000000001
    cset x0, ne
    bl emit
    // wide immediates
    mov x0, #-2
    bl emit
    mov w0, #-65537
    bl emit
    mov x0, #0xffffffffffff
    bl emit
    mov x0, #0x00ff00ff00ff00ff
    bl emit
    mov w0, #0x7ffffff8
    bl emit
    movn x0, #0x1234, lsl #32
    bl emit
    // shifts by immediate
    lsl x0, x19, #13
    bl emit
    lsr x0, x19, #7
    bl emit
    asr x0, x19, #63
    bl emit
    asr w0, w19, #5
    bl emit
    lsl w0, w19, #31
    bl emit
    // bitfield extracts and inserts
    ubfx x0, x19, #4, #12
    bl emit
    sbfx x0, x19, #60, #4
    bl emit
    sbfx w0, w19, #3, #16
    bl emit
    ubfiz x0, x19, #8, #8
    bl emit
    sbfiz w0, w19, #30, #2
    bl emit
    mov x0, x20
    bfi x0, x19, #16, #16
    bl emit
    mov x0, x20
    bfxil x0, x19, #60, #4
    bl emit
    mov w0, w20
    bfc w0, #4, #24
    bl emit
    // extensions
    sxtb x0, w19
    bl emit
    sxth w0, w19
    bl emit
    sxtw x0, w19
    bl emit
    uxtb w0, w19
    bl emit
    uxth w0, w19
    bl emit
    // rotations and extracts
    ror x0, x19, #17
    bl emit
    ror w0, w19, #31
    bl emit
    extr x0, x19, x20, #40
    bl emit
    extr w0, w19, w20, #3
    bl emit
    // multiply high
    smulh x0, x19, x20
    bl emit
    umulh x0, x19, x20
    bl emit
    // shifts by a register (modulo the width) and division (by zero: 0;
    // INT32_MIN / -1 wraps)
    lsl x0, x19, x20
    bl emit
    lsr w0, w19, w20
    bl emit
    asr x0, x19, x20
    bl emit
    ror w0, w19, w20
    bl emit
    udiv x0, x19, x20
    bl emit
    sdiv x0, x19, x20
    bl emit
    sdiv w0, w19, w20
    bl emit
    udiv w0, w19, w20
    bl emit
    // scalar floating point of the pair's bits as doubles and singles
    // (denormals, NaNs), and the FPSR flags they raise
    fmov d16, x19
    fmov d17, x20
    fadd d18, d16, d17
    fmov x0, d18
    bl emit
    fmul d18, d16, d17
    fmov x0, d18
    bl emit
    fdiv d18, d16, d17
    fmov x0, d18
    bl emit
    fmadd d18, d16, d17, d16
    fmov x0, d18
    bl emit
    fnmsub d18, d17, d17, d16
    fmov x0, d18
    bl emit
    fmsub d18, d16, d17, d17
    fmov x0, d18
    bl emit
    fmov s16, w19
    fmov s17, w20
    fsub s18, s16, s17
    fmov w0, s18
    bl emit
    fnmadd s18, s16, s17, s17
    fmov w0, s18
    bl emit
    fneg d18, d16
    fmov x0, d18
    bl emit
    fabs s18, s17
    fmov w0, s18
    bl emit
    fcmp d16, d17
    mrs x0, nzcv
    bl emit
    fcmpe s16, #0.0
    mrs x0, nzcv
    bl emit
    fcsel d18, d16, d17, gt
    fmov x0, d18
    bl emit
    fcvt s18, d16
    fmov w0, s18
    bl emit
    fcvt d18, s17
    fmov x0, d18
    bl emit
    scvtf d18, x19
    fmov x0, d18
    bl emit
    ucvtf s18, w20
    fmov w0, s18
    bl emit
    fcvtzs x0, d17
    bl emit
    fcvtzu w0, s16
    bl emit
    // FMAX and its kin (NaNs, signed zeros), FSQRT, and the flags of CCMP
    // and CCMN after a compare of the pair
    fmax d18, d16, d17
    fmov x0, d18
    bl emit
    fminnm d18, d16, d17
    fmov x0, d18
    bl emit
    fmaxnm s18, s16, s17
    fmov w0, s18
    bl emit
    fmin s18, s17, s16
    fmov w0, s18
    bl emit
    fsqrt d18, d16
    fmov x0, d18
    bl emit
    fsqrt s18, s17
    fmov w0, s18
    bl emit
    cmp x19, x20
    ccmp x19, #3, #5, hs
    mrs x0, nzcv
    bl emit
    cmp w19, w20
    ccmn w19, w20, #10, lt
    mrs x0, nzcv
    bl emit
    // FCVTNS and its kin: W19 as a signed word, halved (ties: 0.5, -0.5,
    // -1073741823.5), and the raw single S17 (NaNs, saturation)
    scvtf d20, w19
    fmov d21, #0.5
    fmul d20, d20, d21
    fcvtns w0, d20
    bl emit
    fcvtas x0, d20
    bl emit
    fcvtps w0, d20
    bl emit
    fcvtms x0, d20
    bl emit
    fcvtnu w0, d20
    bl emit
    fcvtau x0, s17
    bl emit
    fcvtpu w0, s17
    bl emit
    fcvtmu x0, s17
    bl emit
    // widening multiply-adds of the pair's low words
    smull x0, w19, w20
    bl emit
    umull x0, w19, w20
    bl emit
    smsubl x0, w19, w20, x19
    bl emit
    umaddl x0, w19, w20, x20
    bl emit
    // to half precision and back, which is exact (NaNs, overflow, denormals)
    fcvt h18, s16
    fcvt d19, h18
    fmov x0, d19
    bl emit
    fcvt h18, d17
    fcvt s19, h18
    fmov w0, s19
    bl emit
    // saturating increments and decrements by element counts (at the ends
    // of the signed and unsigned ranges)
    mov x0, x19
    sqincw x0
    bl emit
    mov x0, x19
    uqdecd x0, all, mul #16
    bl emit
    mov x0, x19
    sqdech x0, w0
    bl emit
    mov x0, x19
    uqincb w0, vl7
    bl emit
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr

    // byte, halfword and word stores into a scratch doubleword of ones,
    // then loads of each width, zero- and sign-extended
    adr x23, scratch
    prfm pstl1keep, [x23]           // hints: nothing to print, but they must run
    prfm pldl2strm, [x23, x22, lsl #3]
    mov x0, #-1
    str x0, [x23]
    strb w19, [x23, #1]
    strh w20, [x23, #4]
    ldr x0, [x23]
    bl emit
    ldrb w0, [x23, #1]
    bl emit
    ldrsb x0, [x23, #1]
    bl emit
    ldrsb w0, [x23, #4]
    bl emit
    ldrh w0, [x23, #4]
    bl emit
    ldrsh x0, [x23, #4]
    bl emit
    ldrsh w0, [x23, #2]
    bl emit
    ldrsw x0, [x23, #4]
    bl emit
    // register offsets, writeback and the unscaled forms
    mov x24, #2
    strh w19, [x23, x24, lsl #1]
    mov w25, #-1
    ldrsb x0, [x23, w25, sxtw]  // the byte before the doubleword: 0x5a
    bl emit
    ldrh w0, [x23, x24, lsl #1]
    bl emit
    add x26, x23, #8
    stur x20, [x26, #-7]        // unaligned, through the unscaled form
    ldur x0, [x26, #-8]
    bl emit
    ldursw x0, [x26, #-5]
    bl emit
    ldurh w0, [x26, #-3]
    bl emit
    mov x24, x23
    ldrb w0, [x24], #3          // post-index: then x24 = scratch + 3
    bl emit
    ldrsh x0, [x24, #1]!        // pre-index: x24 = scratch + 4
    bl emit
    sub x0, x24, x23
    bl emit
    // byte and halfword stores by a register offset and with writeback, read
    // back by register offsets (extended W and shifted X)
    mov x24, #3
    strb w20, [x23, x24]
    mov w25, #6
    strh w19, [x23, w25, uxtw]
    ldr x0, [x23]
    bl emit
    ldrb w0, [x23, x24]
    bl emit
    ldrh w0, [x23, w25, uxtw]
    bl emit
    mov x24, x23
    strb w19, [x24, #7]!        // pre-index: x24 = scratch + 7
    strh w20, [x24], #-5        // post-index: stored at scratch + 7, then x24 = scratch + 2
    ldr x0, [x23]
    bl emit
    sub x0, x24, x23
    bl emit
    mov x25, #2
    ldrh w0, [x23, x25, lsl #1]
    bl emit
    ldrb w0, [x24, #-1]!        // pre-index back to scratch + 1
    bl emit
    // bit counts and reversals of each input, in W and X
    clz x0, x19
    bl emit
    clz w0, w19
    bl emit
    cls x0, x19
    bl emit
    cls w0, w19
    bl emit
    rbit x0, x19
    bl emit
    rbit w0, w19
    bl emit
    rev x0, x19
    bl emit
    rev w0, w19
    bl emit
    rev16 x0, x19
    bl emit
    rev16 w0, w19
    bl emit
    rev32 x0, x19
    bl emit
    // FRINT<r> of halves (ties) and eighths of the inputs' low words, in
    // each rounding, and the FPSR flags FRINTX raises
    msr fpsr, xzr
    scvtf d16, w19, #1
    scvtf s17, w20, #3
    .irp r, n, p, m, z, a, x, i
    frint\r d18, d16
    fmov x0, d18
    bl emit
    .endr
    .irp r, n, a, x
    frint\r s18, s17
    fmov w0, s18
    bl emit
    .endr
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr
    // half precision: the low words scaled (SCVTF #16, #20) and narrowed
    // (FCVT), then FADD, FSUB, FMUL, FDIV and the fused four; their bits
    // through memory, and the FPSR flags they raise
    scvtf s16, w19, #16
    scvtf s17, w20, #20
    fcvt h16, s16
    fcvt h17, s17
    adr x6, vectors
    .irp op, fadd, fsub, fmul, fdiv
    \op h18, h16, h17
    str h18, [x6]
    ldrh w0, [x6]
    bl emit
    .endr
    .irp op, fmadd, fmsub, fnmadd, fnmsub
    \op h18, h16, h17, h16
    str h18, [x6]
    ldrh w0, [x6]
    bl emit
    .endr
    mrs x0, fpsr
    bl emit
    msr fpsr, xzr

    add x22, x22, #1
    cmp x22, #8
    b.ne pair
    // system registers: what each keeps of all ones, and SVCR
    mov x19, #-1
    msr fpcr, x19
    mrs x0, fpcr
    bl emit
    msr fpsr, x19
    mrs x0, fpsr
    bl emit
    msr nzcv, x19
    mrs x0, nzcv
    bl emit
    msr tpidr2_el0, x19
    mrs x0, tpidr2_el0
    bl emit
    msr tpidr_el0, xzr
    mrs x0, tpidr_el0
    bl emit
    msr fpcr, xzr
    mrs x0, svcr
    bl emit
    // the vector length counts, in streaming mode
    smstart sm
    mrs x19, svcr
    rdvl x20, #1
    cntb x21
    cnth x22, vl8
    cntd x23, all, mul #3
    mov x24, #100
    inch x24
    decw x24, pow2, mul #2
    incd x24, vl1, mul #16
    decb x24, vl256
    mov x25, sp
    addvl x25, x25, #-2
    addpl x25, x25, #3
    sub x25, sp, x25
    rdvl x26, #-32
    smstop sm
    mov x0, x19
    bl emit
    mov x0, x20
    bl emit
    mov x0, x21
    bl emit
    mov x0, x22
    bl emit
    mov x0, x23
    bl emit
    mov x0, x24
    bl emit
    mov x0, x25
    bl emit
    mov x0, x26
    bl emit
    mrs x0, svcr
    bl emit
    // MOVA of single slices: a vector of the inputs into horizontal slice 2
    // of za0.s, read back as vertical slice 2 (only its element 2 is not
    // zero), and under a predicate of five elements over the loaded vector
    smstart
    ptrue p0.s
    mov x5, #5
    whilelt p2.s, xzr, x5
    adr x0, inputs
    ld1w {z1.s}, p0/z, [x0]
    ld1w {z3.s}, p0/z, [x0]
    zero {za}
    mov w12, #1
    mova za0h.s[w12, 1], p0/m, z1.s
    mov z2.s, p0/m, za0v.s[w12, 1]
    mov z3.d, p2/m, za7v.d[w12, 0]
    adr x6, vectors
    st1w {z2.s}, p0, [x6]
    st1w {z3.s}, p0, [x6, #1, mul vl]
    // SIMD&FP pairs: Q, D and S registers through memory; a write of D6
    // zeroes the rest of Z6 (streaming mode keeps Z6 otherwise)
    ldp q20, q21, [x0]
    stp q21, q20, [x6, #128]!
    ldp d22, d23, [x0, #16]
    stp d23, d22, [x6, #32]
    ldp s24, s25, [x0, #40]
    stp s25, s24, [x6, #48]
    ld1w {z6.s}, p0/z, [x0]
    ldp d6, d7, [x0, #24]
    st1w {z6.s}, p0, [x6, #1, mul vl]
    sub x6, x6, #128
    smstop
    print_words 32

    // LD1R<T>: one element of the inputs in every active element, zero- and
    // sign-extended, under a predicate of .S elements read for .H ones (every
    // other halfword) and one of three .D elements read for .S ones; then
    // MUL, SMULH, UMULH (vectors, unpredicated) of those vectors
    smstart sm
    ptrue p0.s
    ptrue p2.b
    mov x5, #3
    whilelt p1.d, xzr, x5
    adr x0, inputs
    adr x6, vectors
    ld1rw {z0.s}, p0/z, [x0, #28]       // the high word of inputs[3]
    ld1rsb {z1.d}, p1/z, [x0, #24]      // its low byte, 0xf0, as -16
    ld1rb {z2.h}, p0/z, [x0, #24]
    ld1rsh {z3.s}, p1/z, [x0, #42]      // 0x8000 of inputs[5], as -32768
    mul z5.s, z0.s, z3.s
    smulh z6.h, z0.h, z3.h
    umulh z7.d, z0.d, z1.d
    st1b {z0.b}, p2, [x6]
    st1b {z1.b}, p2, [x6, #1, mul vl]
    st1b {z2.b}, p2, [x6, #2, mul vl]
    st1b {z3.b}, p2, [x6, #3, mul vl]
    st1b {z5.b}, p2, [x6, #4, mul vl]
    st1b {z6.b}, p2, [x6, #5, mul vl]
    st1b {z7.b}, p2, [x6, #6, mul vl]
    smstop sm
    print_words 56

    // SIMD&FP single registers: loads and stores of each size, register and
    // unscaled offsets, writeback, FMOV to and from general registers
    adr x0, inputs
    adr x6, vectors
    ldr q16, [x0, #16]
    str q16, [x6]
    ldr d17, [x0, #24]
    str d17, [x6, #16]
    ldr s18, [x0, #44]
    str s18, [x6, #24]
    ldr h19, [x0, #58]
    str h19, [x6, #28]
    ldr b20, [x0, #63]
    str b20, [x6, #30]
    mov x1, #3
    ldr d21, [x0, x1, lsl #3]
    fmov x2, d21
    add x2, x2, #1
    fmov d22, x2
    str d22, [x6, #32]
    fmov s23, w2
    fmov w3, s23
    str w3, [x6, #40]
    ldr s25, [x0, #46]          // unaligned: LDUR
    str s25, [x6, #44]
    ldur d24, [x0, #9]
    str d24, [x6, #48]!
    sub x6, x6, #48
    mov x19, #8
fp_words:
    ldr x0, [x6], #8
    bl emit
    subs x19, x19, #1
    b.ne fp_words

    mov x0, #0
    mov x8, #93
    svc #0

// x0 as 16 hex digits and a newline on stdout; keeps x9-x30 (uses x0-x3 and x8)
    .include "sme2_emit.inc"

    .data
    .balign 8
inputs:
    .quad 0
    .quad 1
    .quad 0x8000000000000001
    .quad 0x123456789abcdef0
    .quad 0xffffffffffffffff
    .quad 0x7fffffff80000000
    .quad 0x00000000ffffffff
    .quad 0xfedcba9876543210
    .balign 16
vectors:
    .space 448                  // seven vectors of SVL 512
line:
    .space 24
    .byte 0x5a
scratch:
    .space 15
    .balign 16
    .space 256
stack_top:
