@ trace_tail.s: a tail-predicated loop for tests/cli/trace_test.cpp. Three
@ 32-bit elements: DLSTP.32 sets LTPSIZE = 2 and LR = 3, so the one
@ iteration's VLDRW loads beats 0-2 only (beat mask 0x0fff) and VADD writes
@ lanes 0-2 of q1.
    .syntax unified
    .thumb
    .text
    .globl _start
    .thumb_func
_start:
    mov.w r1, #0x20000000
    mov.w r2, #0x11111111
    str r2, [r1]
    str r2, [r1, #4]
    str r2, [r1, #8]
    str r2, [r1, #12]
    movs r0, #3
    dlstp.32 lr, r0
loop:
    vldrw.u32 q0, [r1]
    vadd.i32 q1, q0, q0
    letp lr, loop
    movs r0, #0x18             @ SYS_EXIT, ADP_Stopped_ApplicationExit
    movw r1, #0x26
    movt r1, #0x2
    bkpt 0xab
