@ T32 load/store/branch semantics programs (helper mem): build with arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb
@ -nostdlib -nostartfiles -T link.ld tN.S; tN.qemu.txt is QEMU 7.2 mps3-an547 output (last line: exit status).
@ t3/t4 differ from mlisa where docs/known-differences.md says (exclusive size mismatch, plain store between LDREX/STREX).
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1
    .word fault + 1
    .word fault + 1
    .word fault + 1
    .word fault + 1
    .word fault + 1
    .space 0x40 - 28
fault:
    ldr r0, =0xE000ED28
    ldr r1, [r0]
    push {r1}
    ldr r0, =0xE000ED04
    ldr r1, [r0]
    push {r1}
    ldr r0, =faultmsg
    mov r1, r0
    movs r0, #4
    bkpt 0xab
    bl dump8
    movs r0, #0x18
    ldr r1, =0x20024
    bkpt 0xab
faultmsg: .asciz "FAULT\n"
    .balign 4
@ dump8: prints r0-r7 as hex words on one line; preserves everything but flags
dump8:
    push {r0-r7, lr}
    ldr r1, =outbuf
    ldr r2, =hextab
    mov r3, sp
    .irp reg, 0,1,2,3,4,5,6,7
    .irp byte, 3,2,1,0
    ldrb r4, [r3, #(\reg*4+\byte)]
    ldrh r4, [r2, r4, lsl #1]
    strh r4, [r1, #(\reg*9 + (3-\byte)*2)]
    .endr
    movs r4, #32
    strb r4, [r1, #(\reg*9+8)]
    .endr
    movs r4, #10
    strb r4, [r1, #71]
    movs r4, #0
    strb r4, [r1, #72]
    movs r0, #4
    bkpt 0xab
    pop {r0-r7, pc}
    .ltorg
hextab:
    .irp a, 0,1,2,3,4,5,6,7,8,9,a,b,c,d,e,f
    .irp b, 0,1,2,3,4,5,6,7,8,9,a,b,c,d,e,f
    .ascii "\a\b"
    .endr
    .endr
exit:
    movs r0, #0x18
    ldr r1, =0x20026
    bkpt 0xab
    .ltorg
    .data
outbuf: .space 80
    .text
