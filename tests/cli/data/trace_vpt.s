@ trace_vpt.s: a VPT block of four (then, then, else, then) for
@ tests/cli/trace_test.cpp. q0 = {1, 1, 1, 1} and q1 = 0: the compare is false
@ in every lane, so P0 = 0: the 't' instructions write nothing and the 'e'
@ one (P0 inverted) writes all of q4.
    .syntax unified
    .thumb
    .text
    .globl _start
    .thumb_func
_start:
    movs r1, #1
    vdup.32 q0, r1
    vpttet.i32 eq, q0, q1
    vaddt.i32 q2, q0, q0
    vaddt.i32 q3, q0, q0
    vadde.i32 q4, q0, q0
    vaddt.i32 q5, q0, q0
    movs r0, #0x18
    movw r1, #0x26
    movt r1, #2
    bkpt 0xab
