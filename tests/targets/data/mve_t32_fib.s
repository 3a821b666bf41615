@ mve_t32_fib.s: a T32 integer program for mlisa run and QEMU (tests/targets/mve_run_test.cpp):
@ Fibonacci numbers 1..40 printed in decimal (loops, BL/BLX calls, PUSH/POP,
@ CBZ/CBNZ, an IT block, byte stores, post-indexed loads) through semihosting
@ SYS_OPEN(":tt") + SYS_WRITE, SYS_WRITE0 and SYS_WRITEC, then SYS_EXIT. Vector
@ table at 0, no _start: reset takes SP and PC from it.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000            @ initial SP: the top of DTCM
    .word reset + 1
    .word fault + 1             @ NMI
    .word fault + 1             @ HardFault
    .word fault + 1             @ MemManage
    .word fault + 1             @ BusFault
    .word fault + 1             @ UsageFault
fault:
    movs r0, #0x18
    movw r1, #0x0024
    movt r1, #0x0002
    bkpt 0xab
reset:
    movw r0, #0xed88            @ CPACR: CP10, CP11 full access
    movt r0, #0xe000
    movs r1, #0
    movt r1, #0x00f0
    str r1, [r0]
    dsb
    isb
    movw r1, #:lower16:oblock   @ SYS_OPEN(":tt", "w"): the console's stdout handle
    movt r1, #:upper16:oblock
    movw r2, #:lower16:tt
    movt r2, #:upper16:tt
    str r2, [r1]
    movs r2, #4
    str r2, [r1, #4]
    movs r2, #3
    str r2, [r1, #8]
    movs r0, #1
    bkpt 0xab
    movw r1, #:lower16:handle
    movt r1, #:upper16:handle
    str r0, [r1]
    movs r0, #4                 @ SYS_WRITE0
    movw r1, #:lower16:title
    movt r1, #:upper16:title
    bkpt 0xab
    movs r4, #1
loop:
    mov r0, r4
    bl fib
    bl print_dec
    adds r4, r4, #1
    cmp r4, #40
    ble loop
    movw r3, #:lower16:negate
    movt r3, #:upper16:negate
    adds r3, r3, #1
    movs r0, #5
    blx r3
    bl print_dec
    movw r1, #:lower16:bang
    movt r1, #:upper16:bang
    movs r0, #3                 @ SYS_WRITEC
    bkpt 0xab
    adds r1, r1, #1
    movs r0, #3
    bkpt 0xab
    movs r0, #0x18              @ SYS_EXIT, ADP_Stopped_ApplicationExit
    movw r1, #0x0026
    movt r1, #0x0002
    bkpt 0xab

fib:                            @ r0 = n >= 1: r0 = F(n)
    push {r4, lr}
    movs r1, #0
    movs r2, #1
fib_loop:
    adds r4, r1, r2
    mov r1, r2
    mov r2, r4
    subs r0, r0, #1
    bne fib_loop
    mov r0, r1
    pop {r4, pc}

negate:                         @ r0 = -r0
    movs r1, #0
    subs r0, r1, r0
    bx lr

print_dec:                      @ prints r0 in decimal and a newline (SYS_WRITE)
    push {r4, r5, r6, r7, lr}
    movw r4, #:lower16:buf
    movt r4, #:upper16:buf
    movw r5, #:lower16:pow10
    movt r5, #:upper16:pow10
    movs r6, #0                 @ digits written
    movs r7, #0                 @ a nonzero digit seen
next_pow:
    ldr r1, [r5], #4
    cbz r1, done_pow
    movs r2, #0
sub_loop:
    cmp r0, r1
    blo emit
    subs r0, r0, r1
    adds r2, r2, #1
    b sub_loop
emit:
    cmp r2, #0
    it eq
    cmpeq r7, #0
    beq next_pow                @ a leading zero
    movs r7, #1
    adds r2, r2, #48
    strb r2, [r4, r6]
    adds r6, r6, #1
    b next_pow
done_pow:
    cbnz r6, have_digits
    movs r2, #48
    strb r2, [r4, r6]
    adds r6, r6, #1
have_digits:
    movs r2, #10
    strb r2, [r4, r6]
    adds r6, r6, #1
    movw r1, #:lower16:wblock
    movt r1, #:upper16:wblock
    movw r2, #:lower16:handle
    movt r2, #:upper16:handle
    ldr r2, [r2]
    str r2, [r1]
    str r4, [r1, #4]
    str r6, [r1, #8]
    movs r0, #5                 @ SYS_WRITE
    bkpt 0xab
    pop {r4, r5, r6, r7, pc}

    .align 2
pow10:
    .word 1000000000, 100000000, 10000000, 1000000, 100000, 10000, 1000, 100, 10, 1, 0
title:
    .asciz "fibonacci:\n"
bang:
    .ascii "!\n"
tt:
    .asciz ":tt"

    .data
buf:
    .space 16
wblock:
    .space 12
oblock:
    .space 12
handle:
    .word 0
