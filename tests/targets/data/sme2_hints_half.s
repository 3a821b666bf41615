// The hint space (YIELD, WFE, SEVL, SEV, DGH, CSDB, the pointer-authentication
// and BTI hints that sign and authenticate LR, an unallocated hint) runs on,
// and FABS, FNEG, FSQRT, FMOV of half precision over a table of inputs (a
// denormal, -0, a signalling NaN, 2.0, -4.0 ...), each result printed as 16
// hex digits and FPSR after the group, for tests/targets/sme2_run_test.cpp. It
// runs the same under mlisa run and, built with clang-19, under qemu-aarch64
// (the recorded output is sme2_hints_half.qemu.out).
    .text
    .globl _start
_start:
    paciasp
    bti c
    sevl
    wfe
    yield
    sev
    dgh
    csdb
    hint #127
    autiasp
    mov x0, x30                 // LR as the entry left it (0), signed and authenticated
    bl emit
    adr x21, inputs
    mov x22, #8                 // inputs left
    msr fpsr, xzr
next:
    ldr h1, [x21], #2
    fabs h0, h1
    fmov w0, s0
    bl emit
    fneg h0, h1
    fmov w0, s0
    bl emit
    fsqrt h0, h1
    fmov w0, s0
    bl emit
    fmov h2, h1
    fmov w0, s2
    bl emit
    subs x22, x22, #1
    b.ne next
    mrs x0, fpsr
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 2
inputs:
    .hword 0x0001, 0x8000, 0x7c01, 0x4000, 0xc400, 0x3c00, 0x7bff, 0x0400

    .data
    .balign 16
line:
    .space 24
