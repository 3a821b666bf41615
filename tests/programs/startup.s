    .syntax unified
    .thumb
    .section .vectors, "a"
    .word 0x00080000
    .word reset
    .rept 14
    .word hang
    .endr
    .text
    .thumb_func
reset:
    ldr r0, =0xE000ED88
    ldr r1, =0x00F00000
    str r1, [r0]
    dsb
    isb
    b _start
    .thumb_func
hang:
    b hang
