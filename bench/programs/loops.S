@ The mve benchmark loops (bench/sim_bench.cpp, docs/performance.md), one ELF each for
@ `mlisa run --target mve` and QEMU's Cortex-M55 (`qemu-system-arm -M mps3-an547`):
@   arm-none-eabi-gcc -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -mthumb -nostdlib
@     -nostartfiles -T link.ld -DHELIUM (or -DSCALAR) -DOUTER=N loops.S -o loop.elf
@ HELIUM: the int8 layer of the CMSIS-NN inner loop (DLSTP.8, two VLDRB.U8, VMLADAVA.S8, LETP)
@   over 256 bytes: 7 + 16 * 4 + 2 = 73 instructions per outer iteration.
@ SCALAR: ADD, STR, LDRB, STRB, SUBS, BNE over 256 iterations: 4 + 256 * 6 + 2 = 1542 per outer
@   iteration.
@ Both end with a semihosting SYS_EXIT (ADP_Stopped_ApplicationExit, status 0).
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1
    .rept 14
    .word fault + 1
    .endr
fault:
    b fault
    .thumb_func
reset:
    @ CPACR: CP10 and CP11 full access (FP and MVE), as startup code does on the board.
    movw r0, #0xed88
    movt r0, #0xe000
    ldr r1, [r0]
    orr r1, r1, #0xf00000
    str r1, [r0]
    dsb
    isb
    movw r4, #:lower16:OUTER
    movt r4, #:upper16:OUTER
    movs r6, #0
#ifdef HELIUM
    b outer
#else
scalar_outer:
    movw r0, #:lower16:buf_a
    movt r0, #:upper16:buf_a
    mov r2, #256
    movs r3, #0
scalar_inner:
    add r3, r3, r2
    str r3, [r0]
    ldrb r5, [r0, #1]
    strb r5, [r0, #2]
    subs r2, r2, #1
    bne scalar_inner
    subs r4, r4, #1
    bne scalar_outer
    b done
#endif
@ The HELIUM loop, the exit (`done`) and the buffers are the engines test's program (200 outer
@ iterations from its own _start, which the vector table bypasses here): one copy of them.
#include "../../tests/targets/data/mve_int8_loop.s"
