@ mve_memory_map.s: the memories of QEMU's mps3-an547 board as a program
@ sees them: each RAM written at its first and last word and read back,
@ through its own address and through the alias with address bit 28 set
@ (0x10000000 for ITCM and SRAM, 0x30000000 for DTCM and SRAM 2), the QSPI
@ ROM written (QEMU discards the write) and read, and SYS_HEAPINFO's four
@ words; reads where no memory is fault.
@ Built as mve_exceptions.s is.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1
    .word fault + 1                 @ NMI
    .word fault + 1                 @ HardFault
    .word fault + 1                 @ MemManage
    .word fault + 1                 @ BusFault
    .word fault + 1                 @ UsageFault
    .word fault + 1                 @ SecureFault

    .include "mve_rt_lib.inc"

@ poke ADDRESS, VALUE: the word stored (r0, r1 used).
    .macro poke address, value
    ldr r0, =\address
    ldr r1, =\value
    str r1, [r0]
    .endm

    .thumb_func
reset:
    poke 0x00040000, 0x11110000     @ ITCM (above the program)
    poke 0x0007FFFC, 0x1111FFFC
    poke 0x01000000, 0x22220000     @ SRAM
    poke 0x011FFFFC, 0x2222FFFC
    poke 0x20000100, 0x33330000     @ DTCM
    poke 0x2007F000, 0x3333FFFC
    poke 0x21000000, 0x44440000     @ SRAM 2
    poke 0x213FFFFC, 0x4444FFFC
    poke 0x28000000, 0x55550000     @ QSPI, a ROM
    poke 0x287FFFFC, 0x5555FFFC
    poke 0x60000000, 0x66660000     @ DDR
    poke 0xDFFFFFFC, 0x6666FFFC
    poke 0x70000010, 0x77770000
    .irp a, 0x00040000, 0x0007FFFC, 0x10040000, 0x1007FFFC
    show \a
    .endr
    .irp a, 0x01000000, 0x011FFFFC, 0x11000000, 0x111FFFFC
    show \a
    .endr
    .irp a, 0x20000100, 0x2007F000, 0x30000100, 0x3007F000
    show \a
    .endr
    .irp a, 0x21000000, 0x213FFFFC, 0x31000000, 0x313FFFFC
    show \a
    .endr
    .irp a, 0x28000000, 0x287FFFFC, 0x38000000
    show \a
    .endr
    .irp a, 0x60000000, 0xDFFFFFFC, 0x70000010
    show \a
    .endr
    poke 0x10040004, 0x1111AAAA     @ written through the aliases
    poke 0x30000104, 0x3333AAAA
    poke 0x31000004, 0x4444AAAA
    show 0x00040004
    show 0x20000104
    show 0x21000004
    .irp a, 0x00080000, 0x01200000, 0x02000000, 0x20080000, 0x21400000, 0x28800000, 0x0FFFFFFC
    show \a                         @ no memory: BusFault
    .endr
    ldr r1, =heapblk
    semi 0x16                       @ SYS_HEAPINFO
    .irp a, heapinfo, heapinfo + 4, heapinfo + 8, heapinfo + 12
    show \a
    .endr
    movs r0, #0
    b exit_status
    .ltorg

@ fault: a refused access: the faulting 16-bit load or store is skipped, with
@ r0 = 0xBAD0BAD0 for a load, and FAULT printed.
    .thumb_func
fault:
    ldr r0, [sp, #24]
    adds r0, #2
    str r0, [sp, #24]
    ldr r0, =0xBAD0BAD0
    str r0, [sp]
    ldr r1, =faultmsg
    movs r0, #4
    bkpt 0xab
    bx lr
    .ltorg

    .data
faultmsg:   .asciz "FAULT\n"

    .balign 4
heapblk:    .word heapinfo
heapinfo:   .word 0, 0, 0, 0
