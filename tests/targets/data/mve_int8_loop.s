    // The int8 inner-loop pattern of CMSIS-NN (issue 14): DLSTP.8, two
    // VLDRB.U8, VMLADAVA.S8, LETP, 200 times over 256 bytes. r4 ends 0.
    // bench/programs/loops.S includes this file: its HELIUM loop starts at
    // `outer` (r4 the count), its SCALAR loop ends at `done`.
    .syntax unified
    .thumb
    .global _start
_start:
    movw r4, #200
outer:
    movw r0, #:lower16:buf_a
    movt r0, #:upper16:buf_a
    movw r1, #:lower16:buf_b
    movt r1, #:upper16:buf_b
    mov r2, #256
    movs r3, #0
    dlstp.8 lr, r2
inner:
    vldrb.u8 q0, [r0], #16
    vldrb.u8 q1, [r1], #16
    vmladava.s8 r6, q0, q1
    letp lr, inner
    subs r4, r4, #1
    bne outer
done:
    mov r0, #0x18
    movw r1, #0x26
    movt r1, #2
    bkpt 0xab
    .data
buf_a: .space 256
buf_b: .space 256
