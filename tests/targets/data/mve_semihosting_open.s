@ mve_semihosting_open.s: opens, reads, renames and removes the file named by
@ the first argument of the semihosting command line ("PROG NAME") and
@ prints each result and errno (tests/targets/mve_semihosting_test.cpp): a
@ name outside --semihosting-root, or any name without it, must give what a
@ missing file gives under QEMU. Built as mve_semihosting.s is.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1

    .include "mve_rt_lib.inc"

    .thumb_func
reset:
    ldr r1, =cmdblk
    semi 0x15
    @ The name: what follows the first space.
    ldr r4, =cmdline
1:  ldrb r0, [r4]
    adds r4, #1
    cmp r0, #0
    beq 3f
    cmp r0, #32
    bne 1b
    @ Its length.
    movs r5, #0
2:  ldrb r0, [r4, r5]
    cmp r0, #0
    beq 3f
    adds r5, #1
    b 2b
3:  ldr r1, =openblk
    str r4, [r1]
    str r5, [r1, #8]
    semi 0x01                     @ SYS_OPEN(NAME, "r")
    bl puthex
    semi 0x13
    bl puthex
    ldr r1, =openblk
    movs r0, #4
    str r0, [r1, #4]
    semi 0x01                     @ SYS_OPEN(NAME, "w")
    bl puthex
    semi 0x13
    bl puthex
    ldr r1, =renblk
    str r4, [r1]
    str r5, [r1, #4]
    semi 0x0f                     @ SYS_RENAME(NAME, "renamed")
    bl puthex
    semi 0x13
    bl puthex
    ldr r1, =renblk
    str r4, [r1]
    str r5, [r1, #4]
    semi 0x0e                     @ SYS_REMOVE(NAME)
    bl puthex
    semi 0x13
    bl puthex
    movs r0, #0
    b exit_status

    .ltorg
    .data
    .balign 4
renamed:    .asciz "renamed"
    .balign 4
cmdblk:     .word cmdline, 256
openblk:    .word 0, 0, 0
renblk:     .word 0, 0, renamed, 7
cmdline:    .space 256
