// Advanced SIMD (NEON) floating point, half, single and double precision:
// FADD, FSUB, FMUL, FDIV, FMLA, FMLS, FMULX, FABD, FMAX, FMIN, FMAXNM,
// FMINNM, FADDP, FMAXP, FMINP, FMAXNMP, FMINNMP (vector, and the pairwise
// ones scalar), FMAXV, FMINV, FMAXNMV, FMINNMV; FMLA, FMLS, FMUL, FMULX (by
// element); FABS, FNEG, FSQRT, FRECPE, FRSQRTE, FRECPS, FRSQRTS,
// FRINTN/P/M/Z/A/X/I; FCMEQ, FCMGE, FCMGT, FACGE, FACGT (register) and
// FCMEQ, FCMGE, FCMGT, FCMLE, FCMLT (zero); SCVTF, UCVTF, FCVTZS, FCVTZU
// (integer and fixed-point), FCVTNS, FCVTNU, FCVTMS, FCVTMU, FCVTPS, FCVTPU,
// FCVTAS, FCVTAU, FCVTN, FCVTXN and FCVTL (with their 2 forms). Each runs
// once over each of four pairs of 128-bit inputs in V1 and V2 (NaNs quiet
// and signalling, infinities, zeros of both signs, denormals, values that
// overflow, round or tie), and the whole run is made twice: with FPCR = 0,
// then with FPCR.DN, FZ and FZ16 set and RMode towards minus infinity (FPCR
// is printed first). After each instruction the whole Q0 is printed, as two
// doublewords of 16 hex digits, low first; after each group FPSR (its
// cumulative flags), which is then cleared. Built with clang-19 it runs
// under qemu-aarch64 (the recorded output is sme2_neon_fp.qemu.out); mlisa
// run must print the same.

    .include "sme2_print.inc"

    .text
    .globl _start
_start:
    msr fpsr, xzr
    adr x23, fpcrs
    mov x24, #2                 // FPCR settings left
next_fpcr:
    ldr x0, [x23], #8
    msr fpcr, x0
    mrs x0, fpcr
    bl emit
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp q1, q2, [x21], #32
    // FADD, FSUB, FMUL, FDIV, FMLA, FMLS (FMLA/FMLS accumulate into v0 = V2)
    fadd v0.4s, v1.4s, v2.4s
    show q0
    fadd v0.2d, v1.2d, v2.2d
    show q0
    fadd v0.8h, v1.8h, v2.8h
    show q0
    fsub v0.2s, v1.2s, v2.2s
    show q0
    fsub v0.2d, v1.2d, v2.2d
    show q0
    fsub v0.4h, v1.4h, v2.4h
    show q0
    fmul v0.4s, v1.4s, v2.4s
    show q0
    fmul v0.2d, v1.2d, v2.2d
    show q0
    fmul v0.8h, v1.8h, v2.8h
    show q0
    fdiv v0.4s, v1.4s, v2.4s
    show q0
    fdiv v0.2d, v1.2d, v2.2d
    show q0
    fdiv v0.8h, v1.8h, v2.8h
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.4s, v1.4s, v2.4s
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.2d, v1.2d, v2.2d
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.8h, v1.8h, v2.8h
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.2s, v1.2s, v2.2s
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.2d, v1.2d, v2.2d
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.4h, v1.4h, v2.4h
    show q0
    show_fpsr
    // FMAX, FMIN, FMAXNM, FMINNM
    fmax v0.4s, v1.4s, v2.4s
    show q0
    fmax v0.2d, v1.2d, v2.2d
    show q0
    fmax v0.8h, v1.8h, v2.8h
    show q0
    fmin v0.2s, v1.2s, v2.2s
    show q0
    fmin v0.2d, v1.2d, v2.2d
    show q0
    fmin v0.4h, v1.4h, v2.4h
    show q0
    fmaxnm v0.4s, v1.4s, v2.4s
    show q0
    fmaxnm v0.2d, v1.2d, v2.2d
    show q0
    fmaxnm v0.8h, v1.8h, v2.8h
    show q0
    fminnm v0.2s, v1.2s, v2.2s
    show q0
    fminnm v0.2d, v1.2d, v2.2d
    show q0
    fminnm v0.4h, v1.4h, v2.4h
    show q0
    show_fpsr
    // FCMEQ, FCMGE, FCMGT (register)
    fcmeq v0.4s, v1.4s, v2.4s
    show q0
    fcmeq v0.2d, v1.2d, v2.2d
    show q0
    fcmeq v0.8h, v1.8h, v2.8h
    show q0
    fcmge v0.2s, v1.2s, v2.2s
    show q0
    fcmge v0.2d, v2.2d, v1.2d
    show q0
    fcmge v0.4h, v1.4h, v2.4h
    show q0
    fcmgt v0.4s, v1.4s, v2.4s
    show q0
    fcmgt v0.2d, v1.2d, v2.2d
    show q0
    fcmgt v0.8h, v2.8h, v1.8h
    show q0
    show_fpsr
    // FABS, FNEG (vector)
    fabs v0.4s, v1.4s
    show q0
    fabs v0.2d, v2.2d
    show q0
    fabs v0.8h, v1.8h
    show q0
    fneg v0.2s, v1.2s
    show q0
    fneg v0.2d, v1.2d
    show q0
    fneg v0.4h, v2.4h
    show q0
    show_fpsr
    // SCVTF, UCVTF (vector and scalar, integer)
    scvtf v0.4s, v1.4s
    show q0
    scvtf v0.2d, v2.2d
    show q0
    scvtf v0.8h, v1.8h
    show q0
    scvtf s0, s2
    show q0
    scvtf d0, d1
    show q0
    scvtf h0, h2
    show q0
    ucvtf v0.2s, v2.2s
    show q0
    ucvtf v0.2d, v1.2d
    show q0
    ucvtf v0.4h, v2.4h
    show q0
    ucvtf s0, s1
    show q0
    ucvtf d0, d2
    show q0
    ucvtf h0, h1
    show q0
    show_fpsr
    // FCVTZS, FCVTZU (vector and scalar, integer)
    fcvtzs v0.4s, v1.4s
    show q0
    fcvtzs v0.2d, v1.2d
    show q0
    fcvtzs v0.8h, v1.8h
    show q0
    fcvtzs s0, s2
    show q0
    fcvtzs d0, d2
    show q0
    fcvtzs h0, h2
    show q0
    fcvtzu v0.2s, v2.2s
    show q0
    fcvtzu v0.2d, v2.2d
    show q0
    fcvtzu v0.4h, v2.4h
    show q0
    fcvtzu s0, s1
    show q0
    fcvtzu d0, d1
    show q0
    fcvtzu h0, h1
    show q0
    show_fpsr
    // FCVTN, FCVTN2 (over v0 = V2), FCVTL, FCVTL2
    fcvtn v0.4h, v1.4s
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fcvtn2 v0.8h, v1.4s
    show q0
    fcvtn v0.2s, v2.2d
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fcvtn2 v0.4s, v1.2d
    show q0
    fcvtl v0.4s, v1.4h
    show q0
    fcvtl2 v0.4s, v2.8h
    show q0
    fcvtl v0.2d, v1.2s
    show q0
    fcvtl2 v0.2d, v1.4s
    show q0
    show_fpsr
    // FMLA, FMLS, FMUL (by element; FMLA/FMLS accumulate into v0 = V2)
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.4s, v1.4s, v2.s[1]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.2d, v1.2d, v2.d[1]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla v0.8h, v1.8h, v2.h[6]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla s0, s1, v2.s[3]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmla h0, h1, v2.h[7]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.2s, v1.2s, v2.s[2]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.2d, v1.2d, v2.d[0]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls v0.4h, v1.4h, v2.h[3]
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fmls d0, d1, v2.d[1]
    show q0
    fmul v0.4s, v1.4s, v2.s[0]
    show q0
    fmul v0.2d, v1.2d, v2.d[1]
    show q0
    fmul v0.8h, v1.8h, v2.h[5]
    show q0
    fmul s0, s1, v2.s[1]
    show q0
    fmul d0, d1, v2.d[0]
    show q0
    fmul h0, h1, v2.h[2]
    show q0
    show_fpsr
    // FABD, FACGE, FACGT; FCMEQ, FCMGE, FCMGT (scalar register)
    fabd v0.4s, v1.4s, v2.4s
    show q0
    fabd v0.2d, v1.2d, v2.2d
    show q0
    fabd v0.4h, v1.4h, v2.4h
    show q0
    fabd s0, s1, s2
    show q0
    fabd h0, h1, h2
    show q0
    facge v0.2s, v1.2s, v2.2s
    show q0
    facge v0.2d, v1.2d, v2.2d
    show q0
    facge v0.8h, v1.8h, v2.8h
    show q0
    facge d0, d1, d2
    show q0
    facgt v0.4s, v2.4s, v1.4s
    show q0
    facgt v0.2d, v1.2d, v2.2d
    show q0
    facgt v0.4h, v1.4h, v2.4h
    show q0
    facgt s0, s1, s2
    show q0
    fcmeq s0, s1, s2
    show q0
    fcmeq d0, d1, d2
    show q0
    fcmge h0, h1, h2
    show q0
    fcmge d0, d2, d1
    show q0
    fcmgt s0, s2, s1
    show q0
    fcmgt d0, d1, d2
    show q0
    show_fpsr
    // FCMEQ, FCMGE, FCMGT, FCMLE, FCMLT (zero)
    fcmeq v0.4s, v1.4s, #0.0
    show q0
    fcmeq v0.2d, v2.2d, #0.0
    show q0
    fcmeq v0.8h, v1.8h, #0.0
    show q0
    fcmeq s0, s1, #0.0
    show q0
    fcmge v0.2s, v2.2s, #0.0
    show q0
    fcmge v0.2d, v1.2d, #0.0
    show q0
    fcmge v0.4h, v2.4h, #0.0
    show q0
    fcmge d0, d1, #0.0
    show q0
    fcmgt v0.4s, v1.4s, #0.0
    show q0
    fcmgt v0.2d, v2.2d, #0.0
    show q0
    fcmgt v0.8h, v2.8h, #0.0
    show q0
    fcmgt h0, h1, #0.0
    show q0
    fcmle v0.4s, v2.4s, #0.0
    show q0
    fcmle v0.2d, v1.2d, #0.0
    show q0
    fcmle v0.8h, v1.8h, #0.0
    show q0
    fcmle s0, s2, #0.0
    show q0
    fcmlt v0.4s, v1.4s, #0.0
    show q0
    fcmlt v0.2d, v2.2d, #0.0
    show q0
    fcmlt v0.4h, v1.4h, #0.0
    show q0
    fcmlt d0, d2, #0.0
    show q0
    show_fpsr
    // FADDP (vector and scalar), FSQRT (vector)
    faddp v0.4s, v1.4s, v2.4s
    show q0
    faddp v0.2s, v1.2s, v2.2s
    show q0
    faddp v0.2d, v1.2d, v2.2d
    show q0
    faddp v0.8h, v1.8h, v2.8h
    show q0
    faddp v0.4h, v2.4h, v1.4h
    show q0
    faddp s0, v1.2s
    show q0
    faddp d0, v2.2d
    show q0
    faddp h0, v1.2h
    show q0
    fsqrt v0.4s, v1.4s
    show q0
    fsqrt v0.2d, v2.2d
    show q0
    fsqrt v0.8h, v1.8h
    show q0
    fsqrt v0.2s, v2.2s
    show q0
    show_fpsr
    // FRINTN, FRINTP, FRINTM, FRINTZ, FRINTA, FRINTX, FRINTI (vector)
    frintn v0.4s, v1.4s
    show q0
    frintn v0.2d, v2.2d
    show q0
    frintn v0.8h, v1.8h
    show q0
    frintp v0.4s, v2.4s
    show q0
    frintp v0.2d, v1.2d
    show q0
    frintp v0.4h, v2.4h
    show q0
    frintm v0.2s, v1.2s
    show q0
    frintm v0.2d, v2.2d
    show q0
    frintm v0.8h, v2.8h
    show q0
    frintz v0.4s, v1.4s
    show q0
    frintz v0.2d, v1.2d
    show q0
    frintz v0.8h, v1.8h
    show q0
    frinta v0.4s, v2.4s
    show q0
    frinta v0.2d, v2.2d
    show q0
    frinta v0.4h, v1.4h
    show q0
    frintx v0.4s, v1.4s
    show q0
    frintx v0.2d, v1.2d
    show q0
    frintx v0.8h, v2.8h
    show q0
    frinti v0.2s, v2.2s
    show q0
    frinti v0.2d, v2.2d
    show q0
    frinti v0.8h, v1.8h
    show q0
    show_fpsr
    // FCVTNS, FCVTNU, FCVTMS, FCVTMU, FCVTPS, FCVTPU, FCVTAS, FCVTAU (vector and scalar)
    fcvtns v0.4s, v1.4s
    show q0
    fcvtns v0.2d, v2.2d
    show q0
    fcvtns v0.8h, v1.8h
    show q0
    fcvtns s0, s2
    show q0
    fcvtnu v0.2s, v2.2s
    show q0
    fcvtnu v0.2d, v1.2d
    show q0
    fcvtnu h0, h2
    show q0
    fcvtms v0.4s, v2.4s
    show q0
    fcvtms v0.2d, v1.2d
    show q0
    fcvtms v0.4h, v2.4h
    show q0
    fcvtms d0, d2
    show q0
    fcvtmu v0.4s, v1.4s
    show q0
    fcvtmu v0.8h, v2.8h
    show q0
    fcvtps v0.4s, v1.4s
    show q0
    fcvtps v0.2d, v2.2d
    show q0
    fcvtps v0.8h, v1.8h
    show q0
    fcvtps h0, h1
    show q0
    fcvtpu v0.2s, v1.2s
    show q0
    fcvtpu v0.2d, v2.2d
    show q0
    fcvtas v0.4s, v1.4s
    show q0
    fcvtas v0.2d, v1.2d
    show q0
    fcvtas v0.8h, v2.8h
    show q0
    fcvtas s0, s1
    show q0
    fcvtau v0.4s, v2.4s
    show q0
    fcvtau v0.2d, v1.2d
    show q0
    fcvtau v0.4h, v1.4h
    show q0
    fcvtau d0, d1
    show q0
    show_fpsr
    // SCVTF, UCVTF, FCVTZS, FCVTZU (vector and scalar, fixed-point)
    scvtf v0.4s, v1.4s, #1
    show q0
    scvtf v0.2d, v2.2d, #64
    show q0
    scvtf v0.8h, v1.8h, #3
    show q0
    scvtf s0, s2, #32
    show q0
    scvtf h0, h1, #16
    show q0
    ucvtf v0.2s, v2.2s, #17
    show q0
    ucvtf v0.2d, v1.2d, #1
    show q0
    ucvtf v0.4h, v2.4h, #16
    show q0
    ucvtf d0, d1, #60
    show q0
    fcvtzs v0.4s, v1.4s, #1
    show q0
    fcvtzs v0.2d, v2.2d, #64
    show q0
    fcvtzs v0.8h, v2.8h, #2
    show q0
    fcvtzs s0, s1, #31
    show q0
    fcvtzs d0, d1, #3
    show q0
    fcvtzu v0.2s, v2.2s, #30
    show q0
    fcvtzu v0.2d, v1.2d, #10
    show q0
    fcvtzu v0.8h, v1.8h, #15
    show q0
    fcvtzu h0, h2, #1
    show q0
    show_fpsr
    // FMAXNMP, FMINNMP, FMAXP, FMINP (vector and scalar); FMAXNMV, FMINNMV, FMAXV, FMINV
    fmaxnmp v0.4s, v1.4s, v2.4s
    show q0
    fmaxnmp v0.2d, v1.2d, v2.2d
    show q0
    fmaxnmp v0.8h, v1.8h, v2.8h
    show q0
    fmaxnmp s0, v1.2s
    show q0
    fmaxnmp h0, v2.2h
    show q0
    fminnmp v0.2s, v1.2s, v2.2s
    show q0
    fminnmp v0.2d, v2.2d, v1.2d
    show q0
    fminnmp v0.4h, v1.4h, v2.4h
    show q0
    fminnmp d0, v1.2d
    show q0
    fmaxp v0.4s, v1.4s, v2.4s
    show q0
    fmaxp v0.2d, v1.2d, v2.2d
    show q0
    fmaxp v0.8h, v2.8h, v1.8h
    show q0
    fmaxp d0, v2.2d
    show q0
    fminp v0.4s, v2.4s, v1.4s
    show q0
    fminp v0.2d, v1.2d, v2.2d
    show q0
    fminp v0.4h, v1.4h, v2.4h
    show q0
    fminp s0, v2.2s
    show q0
    fminp h0, v1.2h
    show q0
    fmaxnmv s0, v1.4s
    show q0
    fmaxnmv h0, v2.8h
    show q0
    fminnmv s0, v2.4s
    show q0
    fminnmv h0, v1.4h
    show q0
    fmaxv s0, v2.4s
    show q0
    fmaxv h0, v1.8h
    show q0
    fminv s0, v1.4s
    show q0
    fminv h0, v2.4h
    show q0
    show_fpsr
    // FRECPE, FRSQRTE, FRECPS, FRSQRTS (vector and scalar)
    frecpe v0.4s, v1.4s
    show q0
    frecpe v0.2d, v2.2d
    show q0
    frecpe v0.8h, v1.8h
    show q0
    frecpe s0, s2
    show q0
    frecpe h0, h1
    show q0
    frsqrte v0.4s, v2.4s
    show q0
    frsqrte v0.2d, v1.2d
    show q0
    frsqrte v0.4h, v2.4h
    show q0
    frsqrte d0, d1
    show q0
    frecps v0.4s, v1.4s, v2.4s
    show q0
    frecps v0.2d, v1.2d, v2.2d
    show q0
    frecps v0.8h, v1.8h, v2.8h
    show q0
    frecps s0, s1, s2
    show q0
    frsqrts v0.2s, v1.2s, v2.2s
    show q0
    frsqrts v0.2d, v2.2d, v1.2d
    show q0
    frsqrts v0.8h, v1.8h, v2.8h
    show q0
    frsqrts h0, h1, h2
    show q0
    show_fpsr
    // FMULX (vector, scalar, by element)
    fmulx v0.4s, v1.4s, v2.4s
    show q0
    fmulx v0.2d, v1.2d, v2.2d
    show q0
    fmulx v0.8h, v1.8h, v2.8h
    show q0
    fmulx s0, s1, s2
    show q0
    fmulx h0, h2, h1
    show q0
    fmulx v0.2s, v1.2s, v2.s[1]
    show q0
    fmulx v0.2d, v2.2d, v1.d[0]
    show q0
    fmulx v0.4h, v1.4h, v2.h[2]
    show q0
    fmulx d0, d1, v2.d[1]
    show q0
    show_fpsr
    // FCVTXN, FCVTXN2 (rounding to odd; the 2 form over v0 = V2)
    fcvtxn v0.2s, v1.2d
    show q0
    ldr q0, [x21, #-16]        // v0 = this pair's second input
    fcvtxn2 v0.4s, v2.2d
    show q0
    fcvtxn s0, d1
    show q0
    fcvtxn s0, d2
    show q0
    show_fpsr
    subs x22, x22, #1
    b.ne next_pair
    subs x24, x24, #1
    b.ne next_fpcr
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 8
fpcrs:
    .quad 0
    .quad 0x03880000            // DN, FZ, RMode = 10 (towards minus infinity), FZ16

// Each pair: V1's two doublewords, then V2's.
// 1: singles V1 = 1.5, -0.0, +inf, quiet NaN; V2 = 2.5, +0.0, -inf, 1.0.
// 2: singles V1 = the smallest denormal, signalling NaN, +inf, 2^31;
//    V2 = a negative denormal, 2.0, +0.0, -8388609.0.
// 3: doubles V1 = 1.0, quiet NaN with payload; V2 = the smallest
//    denormal, -inf.
// 4: halves V1 = 2.5, -5.5, negative signalling NaN, a denormal, then the
//    double signalling NaN; V2 = 2.0, +0.0, 1.0, a negative denormal, then
//    the double pi.
// Every pair is also read at the other sizes (halves of the singles and
// doubles, integers for SCVTF and UCVTF).
    .balign 16
inputs:
    .quad 0x800000003fc00000, 0x7fc000017f800000, 0x0000000040200000, 0x3f800000ff800000
    .quad 0x7f80000100000001, 0x4f0000007f800000, 0x4000000080400000, 0xcb00000100000000
    .quad 0x3ff0000000000000, 0x7ff8000000000123, 0x0000000000000001, 0xfff0000000000000
    .quad 0x0200fd00c5804100, 0x7ff0000000000001, 0x80013c0000004000, 0x400921fb54442d18

    .data
    .balign 16
vbuf:
    .space 16
line:
    .space 24
