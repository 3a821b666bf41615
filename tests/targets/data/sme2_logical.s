// A64 logical (shifted register) instructions, AND, ANDS, BIC, BICS, EON,
// EOR, ORN, ORR, with each shift type, in W and X, and the flags ANDS and
// BICS set; and the conditional selects CSEL, CSINC, CSINV, CSNEG with their
// aliases CSET, CSETM, CINC, CINV, over four pairs of inputs, for
// tests/targets/sme2_run_test.cpp: every result is printed as 16 hex digits.
// It runs the same under mlisa run and, built with clang-19, under
// qemu-aarch64 (the recorded output is sme2_logical.qemu.out).
    .text
    .globl _start
_start:
    adr x21, inputs
    mov x22, #4                 // pairs left
next_pair:
    ldp x19, x20, [x21], #16
    and x0, x19, x20, lsl #3
    bl emit
    bic w0, w19, w20, asr #7
    bl emit
    bics x0, x19, x20, ror #13
    mrs x23, nzcv
    bl emit
    mov x0, x23
    bl emit
    eon x0, x19, x20, lsr #60
    bl emit
    eor w0, w19, w20, ror #31
    bl emit
    ands w0, w19, w20, lsl #1
    mrs x23, nzcv
    bl emit
    mov x0, x23
    bl emit
    orr x0, x19, x20, asr #63
    bl emit
    orn w0, w19, w20
    bl emit
    eon w0, w19, w20, lsl #31
    bl emit
    bics w0, w20, w19
    mrs x23, nzcv
    bl emit
    mov x0, x23
    bl emit
    // conditional selects on the flags of a comparison of the pair
    cmp x19, x20
    csinc x0, x19, x20, lt
    bl emit
    cmp x19, x20
    csinv w0, w19, w20, hi
    bl emit
    cmp x19, x20
    cset x0, eq
    bl emit
    cmp w19, w20
    csetm w0, ne
    bl emit
    cmp w19, w20
    cinc x0, x19, ge
    bl emit
    cmp x19, x20
    cinv w0, w20, lo
    bl emit
    cmp x19, x20
    csel x0, x19, x20, mi
    bl emit
    cmn x19, x20
    csneg w0, w19, w20, vs
    bl emit
    cmn x19, x20
    cneg x0, x20, hs
    bl emit
    subs x22, x22, #1
    b.ne next_pair
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

    .include "sme2_emit.inc"

    .balign 16
inputs:
    .quad 0x0123456789abcdef, 0xfedcba9876543210
    .quad 0x8000000000000000, 0x8000000000000000
    .quad 0x00000000ffffffff, 0x7fffffff00000001
    .quad 0, 0xffffffffffffffff

    .data
    .balign 16
line:
    .space 24
