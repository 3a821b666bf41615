// A small A64 + SME1 program for tests/targets/sme2_run_test.cpp: a loop, a
// call with a frame (STP/LDP), loads and stores, the streaming vector length,
// predicated vector and ZA array loads and stores, write(1, ...) and exit.
// It runs the same under mlisa run and, built with clang-19, under
// qemu-aarch64 -cpu max,sme512=on (no SME2 instruction in it).
    .text
    .globl _start
_start:
    // sum of 1..10 through a call per term
    mov x19, #10
    mov x20, #0
sum_loop:
    mov x0, x19
    bl accumulate
    subs x19, x19, #1
    b.ne sum_loop
    adr x21, results
    str w20, [x21]

    // the streaming vector length and counts
    smstart
    rdsvl x0, #1
    str w0, [x21, #4]
    cntw x1
    str w1, [x21, #8]
    // three words through a predicate: results[4..6] = words[0..2]
    ptrue p0.s
    mov x3, #3
    whilelt p1.s, xzr, x3
    adr x4, words
    ld1w {z0.s}, p0/z, [x4]
    add x5, x21, #16
    st1w {z0.s}, p1, [x5]
    // an array vector round trip: words -> za[w12, 1] -> scratch
    mov w12, #0
    ldr za[w12, 1], [x4, #1, mul vl]
    adr x6, scratch
    str za[w12, 1], [x6, #1, mul vl]
    addsvl x6, x6, #1
    ldr w7, [x6, #4]
    str w7, [x21, #12]
    smstop

    // print results[0..6]
    adr x22, results
    mov x23, #7
print_loop:
    ldr w0, [x22], #4
    bl print_hex
    subs x23, x23, #1
    b.ne print_loop
    cmp x20, #55
    b.eq good
    mov x0, #1
    b finish
good:
    mov x0, #7
finish:
    mov x8, #93
    svc #0

// x20 += x0, with a frame on the stack
accumulate:
    stp x29, x30, [sp, #-32]!
    str x0, [sp, #16]
    ldr x1, [sp, #16]
    add x20, x20, x1
    ldp x29, x30, [sp], #32
    ret

// w0 as 8 hex digits and a newline on stdout
print_hex:
    mov x3, #0
    mov x4, #8
print_hex_digit:
    add w5, wzr, w0, lsr #28
    add w0, wzr, w0, lsl #4
    cmp w5, #10
    b.lo print_hex_decimal
    add w5, w5, #39
print_hex_decimal:
    add w5, w5, #48
    add x3, xzr, x3, lsr #8
    orr x3, x3, x5, lsl #56
    subs x4, x4, #1
    b.ne print_hex_digit
    adr x1, line
    str x3, [x1]
    mov w5, #10
    str w5, [x1, #8]
    mov x2, #9
    mov x0, #1
    mov x8, #64
    svc #0
    ret

    .data
    .balign 16
results:
    .space 32
line:
    .space 16
words:
    .word 0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666, 0x77777777, 0x88888888
    .word 0x99999999, 0xaaaaaaaa, 0xbbbbbbbb, 0xcccccccc, 0xdddddddd, 0xeeeeeeee, 0xffffffff, 0x12345678
    .space 512
scratch:
    .space 1024
