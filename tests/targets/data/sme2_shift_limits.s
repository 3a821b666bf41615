// sme2_shift_limits.s: the Advanced SIMD shifts by a register of doubleword
// scalars (SSHL, USHL, SRSHL, URSHL, SQSHL, UQSHL, SQRSHL, UQRSHL) with
// amounts at and past the element size both ways, over values at the
// limits, under mlisa run --target sme2 and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (recorded in sme2_shift_limits.qemu.out).
// For each value in `vals` and each amount in `amounts` (the low byte of
// the amount register, read as signed): the eight results, each printed as
// 16 hex digits (emit, sme2_emit.inc), then FPSR (QC, bit 27). A last line
// 0x5f.
//
// By hand: uqshl of 0xffffffffffffffff by 64 saturates to
// 0xffffffffffffffff (QC set); ushl by 64 gives 0; urshl by -64 gives 1
// (the rounding bit 2^63 added to 2^64 - 1 carries into bit 64); sshl of
// -1 by -128 gives -1.

    .macro sh op
    fmov d1, x19
    fmov d2, x20
    \op d0, d1, d2
    fmov x0, d0
    bl emit
    .endm

    .text
    .globl _start
_start:
    adr x21, vals
    mov x22, #5                     // values
1:  ldr x19, [x21], #8
    adr x23, amounts
    mov x24, #10                    // amounts
2:  ldr x20, [x23], #8
    msr fpsr, xzr
    sh sshl
    sh ushl
    sh srshl
    sh urshl
    sh sqshl
    sh uqshl
    sh sqrshl
    sh uqrshl
    mrs x0, fpsr
    bl emit
    subs x24, x24, #1
    b.ne 2b
    subs x22, x22, #1
    b.ne 1b
    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                     // exit
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 8
vals:
    .quad 0xffffffffffffffff, 0x8000000000000000, 0x7fffffffffffffff, 1, 0
amounts:
    .quad 63, 64, 65, 127, -63, -64, -65, -128, 0x1240, 0xff
line:
    .space 24
