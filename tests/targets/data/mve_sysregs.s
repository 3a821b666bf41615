@ mve_sysregs.s: the identification and configuration registers of the
@ System Control Space, read by `mlisa run --target mve` and by QEMU 7.2's
@ Cortex-M55 (tests/targets/mve_runtime_test.cpp): CPUID, CCR at reset,
@ the ID_PFR, ID_DFR, ID_AFR, ID_MMFR and ID_ISAR words, CLIDR, CTR, CCSIDR,
@ CSSELR, and the floating-point feature registers MVFR0-2, one word per
@ line in hex. Built as mve_exceptions.s is.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1

    .include "mve_rt_lib.inc"

    .thumb_func
reset:
    show 0xE000ED00                 @ CPUID
    show 0xE000ED14                 @ CCR
    .irp a, 0xE000ED40, 0xE000ED44, 0xE000ED48, 0xE000ED4C, 0xE000ED50, 0xE000ED54, 0xE000ED58, 0xE000ED5C
    show \a                         @ ID_PFR0-1, ID_DFR0, ID_AFR0, ID_MMFR0-3
    .endr
    .irp a, 0xE000ED60, 0xE000ED64, 0xE000ED68, 0xE000ED6C, 0xE000ED70, 0xE000ED74
    show \a                         @ ID_ISAR0-5
    .endr
    .irp a, 0xE000ED78, 0xE000ED7C, 0xE000ED80, 0xE000ED84
    show \a                         @ CLIDR, CTR, CCSIDR, CSSELR
    .endr
    .irp a, 0xE000EF40, 0xE000EF44, 0xE000EF48
    show \a                         @ MVFR0-2
    .endr
    movs r0, #0
    b exit_status
    .ltorg
