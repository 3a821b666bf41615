@ mve_vector_mem.s: the contiguous and vector-base loads and stores (VLDRB/H/W,
@ VSTRB/H/W, VLDRW/VLDRD and VSTRW/VSTRD of a vector base) under
@ `mlisa run --target mve` against QEMU 7.2's Cortex-M55
@ (tests/targets/mve_runtime_test.cpp): widening loads, narrowing stores,
@ pre- and post-index with writeback, a vector base written back, 64-bit
@ elements, gathers and scatters of every size (offsets unscaled and scaled),
@ and loads and stores predicated by VPT. Bases are aligned to the element
@ size (docs/known-differences.md: unaligned vector accesses). The addresses
@ written back and the memory stored are printed in hex. Built by
@ arm-none-eabi-gcc -nostdlib -Wl,-Ttext=0 -Wl,-Tdata=0x20000000.
    .syntax unified
    .thumb
    .text
    .word 0x20080000
    .word reset + 1
    .word fault + 1
    .word fault + 1
    .thumb_func
fault:
    movs r0, #0x18
    ldr r1, =0x20024
    bkpt 0xab
    .include "mve_rt_lib.inc"
    .thumb_func
reset:
    ldr r0, =0xE000ED88
    ldr r1, [r0]
    orr r1, r1, #(0xF << 20)
    str r1, [r0]
    dsb
    isb
    ldr r0, =src
    vldrw.u32 q0, [r0]
    vldrb.s16 q5, [r0, #3]
    vldrh.u32 q6, [r0, #2]!
    mov r8, r0
    ldr r1, =dst
    vstrb.32 q0, [r1]
    vstrh.32 q0, [r1, #4]!
    vstrw.32 q0, [r1], #16
    vstrb.8 q0, [r1, #-2]!
    vstrh.16 q0, [r1, #18]
    vstrb.16 q5, [r1, #40]
    vstrh.32 q6, [r1, #50]
    mov r7, r1
    ldr r2, =dst2
    vidup.u32 q1, r2, #8
    vstrw.32 q0, [q1, #4]!
    vldrw.u32 q2, [q1, #-4]
    ldr r2, =dst3
    vidup.u32 q3, r2, #8
    vstrd.64 q0, [q3, #16]
    vldrd.u64 q4, [q3, #16]!
    movs r2, #0x3
    vmsr p0, r2
    vpst
    vstrwt.32 q0, [q3, #64]
    @ Gathers and scatters: Rn plus the offsets in q7 (x1, x2, x4 or x8).
    ldr r2, =offs
    vldrw.u32 q7, [r2]
    ldr r3, =dst4
    vstrb.32 q0, [r3, q7]
    vstrh.32 q0, [r3, q7, uxtw #1]
    vstrw.32 q0, [r3, q7, uxtw #2]
    vstrh.16 q5, [r3, q7]
    vstrd.64 q0, [r3, q7, uxtw #3]
    movs r2, #0xf0
    vmsr p0, r2
    vpst
    vstrbt.8 q0, [r3, q7]
    vldrb.s32 q1, [r3, q7]
    vldrh.u32 q2, [r3, q7, uxtw #1]
    vldrw.u32 q3, [r3, q7, uxtw #2]
    vldrh.u16 q4, [r3, q7]
    vldrd.u64 q5, [r3, q7, uxtw #3]
    vpst
    vldrwt.u32 q6, [r3, q7]
    ldr r0, =qs
    vstrw.32 q1, [r0]
    vstrw.32 q2, [r0, #16]
    vstrw.32 q3, [r0, #32]
    vstrw.32 q4, [r0, #48]
    vstrw.32 q5, [r0, #64]
    vstrw.32 q6, [r0, #80]
    mov r0, r7
    bl puthex
    mov r0, r8
    bl puthex
    ldr r4, =dst
    movs r5, #0
1:  ldr r0, [r4, r5, lsl #2]
    bl puthex
    adds r5, #1
    cmp r5, #136
    blt 1b
    movs r0, #0
    bl exit_status
    .ltorg
    .data
    .balign 16
src: .word 0x11223344, 0x55667788, 0x99aabbcc, 0xddeeff01, 0x0badf00d, 0xcafebabe, 0, 0
dst: .space 128
dst2: .space 64
dst3: .space 128
qs: .space 96
dst4: .space 128
offs: .word 0, 6, 16, 10
