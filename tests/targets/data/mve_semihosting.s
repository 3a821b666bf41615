@ mve_semihosting.s: the semihosting operations of `mlisa run --target mve`
@ against QEMU 7.2's (tests/targets/mve_semihosting_test.cpp). Run with the
@ working directory (QEMU) or --semihosting-root (mlisa) a scratch directory,
@ and the command line "PROG arg1 two"; every result and errno is printed in
@ hex, so the outputs must be equal line for line. Built by arm-none-eabi-gcc
@ -nostdlib -Wl,-Ttext=0 -Wl,-Tdata=0x20000000; base T32 instructions only.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1
    .word fault + 1             @ NMI
    .word fault + 1             @ HardFault

    .thumb_func
fault:
    movs r0, #0x18
    ldr r1, =0x20024
    bkpt 0xab

    .include "mve_rt_lib.inc"

@ call OP, BLOCK: the operation with r1 = BLOCK, then its result printed.
    .macro call op, block
    ldr r1, =\block
    semi \op
    bl puthex
    .endm

@ errno: SYS_ERRNO printed.
    .macro errno
    semi 0x13
    bl puthex
    .endm

    .thumb_func
reset:
    @ The console: handles are given from 1 up, lowest free first.
    call 0x01, open_tt_w          @ 1: stdout
    ldr r1, =wblk
    str r0, [r1]
    call 0x05, wblk               @ "written\n": 0 bytes left
    call 0x01, open_tt_r          @ 2: stdin
    call 0x01, open_tt_a          @ 3: stderr
    ldr r1, =handle
    movs r0, #2
    str r0, [r1]
    call 0x02, handle             @ close stdin: 0
    call 0x01, open_tt_r          @ 2 again
    @ The feature file: "SHFB" and feature byte 0x03.
    call 0x01, open_feat          @ 4
    ldr r1, =rblk
    str r0, [r1]
    ldr r2, =buffer
    str r2, [r1, #4]
    movs r2, #8
    str r2, [r1, #8]
    call 0x06, rblk               @ 8 asked, 5 read: 3
    ldr r0, =buffer
    ldr r0, [r0]
    bl puthex                     @ 42464853
    ldr r0, =buffer
    ldrb r0, [r0, #4]
    bl puthex                     @ 3
    ldr r1, =handle
    movs r0, #4
    str r0, [r1]
    call 0x0c, handle             @ SYS_FLEN: 5
    call 0x01, open_feat_w        @ mode 4: -1
    errno                         @ EACCES 13
    @ A host file: write, read back, seek, length.
    call 0x01, open_out_w
    ldr r1, =wblk2
    str r0, [r1]
    ldr r1, =handle
    str r0, [r1]
    call 0x05, wblk2              @ 0
    call 0x02, handle             @ 0
    call 0x01, open_out_r
    ldr r1, =handle
    str r0, [r1]
    ldr r1, =rblk
    str r0, [r1]
    ldr r1, =seekblk
    str r0, [r1]
    call 0x0c, handle             @ 10
    call 0x0a, seekblk            @ 0
    movs r2, #16
    ldr r1, =rblk
    str r2, [r1, #8]
    call 0x06, rblk               @ 16 asked, 7 read: 9
    ldr r0, =buffer
    ldr r0, [r0]
    bl puthex                     @ "defg"
    call 0x09, handle             @ SYS_ISTTY of a file: 0
    errno                         @ ENOTTY 25
    call 0x02, handle             @ 0
    call 0x02, handle             @ closed already: -1
    errno                         @ EBADF 9
    @ Rename and remove.
    call 0x0f, renblk             @ out.txt -> moved.txt: 0
    call 0x01, open_out_r         @ -1
    errno                         @ ENOENT 2
    call 0x0e, rmblk              @ remove moved.txt: 0
    call 0x0e, rmblk              @ again: -1
    errno                         @ 2
    call 0x01, open_bad_mode      @ mode 12: -1
    errno                         @ EINVAL 22
    @ The command line.
    call 0x15, cmdblk             @ 0
    ldr r0, =cmdblk
    ldr r0, [r0, #4]
    bl puthex                     @ its length
    ldr r1, =cmdline
    semi 0x04
    ldr r1, =newline
    semi 0x04
    call 0x15, cmdblk_small       @ too small: -1
    errno                         @ E2BIG 7
    @ The heap and stack QEMU reports.
    call 0x16, heapblk            @ 0
    ldr r4, =heapinfo
    ldr r0, [r4]
    bl puthex
    ldr r0, [r4, #4]
    bl puthex
    ldr r0, [r4, #8]
    bl puthex
    ldr r0, [r4, #12]
    bl puthex
    @ Clocks: values vary; their results are checked, not printed.
    ldr r1, =elapsed
    semi 0x30
    bl puthex                     @ 0
    semi 0x31
    bl puthex                     @ 1000000000
    semi 0x10                     @ SYS_CLOCK
    semi 0x11                     @ SYS_TIME
    cmp r0, #0
    ite ne
    movne r0, #1
    moveq r0, #0
    bl puthex                     @ 1
    call 0x08, minus_one          @ SYS_ISERROR(-1): 1
    call 0x08, handle             @ SYS_ISERROR(2): 0
    ldr r1, =char_x
    semi 0x03                     @ SYS_WRITEC
    bl puthex                     @ deadbeef
    ldr r1, =newline
    semi 0x04
    bl puthex                     @ deadbeef
    movs r0, #5
    b exit_status

    .ltorg
    .data
    .balign 4
tt:         .asciz ":tt"
feat:       .asciz ":semihosting-features"
out_txt:    .asciz "out.txt"
moved_txt:  .asciz "moved.txt"
written:    .ascii "written\n"
letters:    .ascii "abcdefghij"
newline:    .asciz "\n"
char_x:     .ascii "x"
    .balign 4
open_tt_w:  .word tt, 4, 3
open_tt_r:  .word tt, 0, 3
open_tt_a:  .word tt, 8, 3
open_feat:  .word feat, 0, 21
open_feat_w: .word feat, 4, 21
open_out_w: .word out_txt, 4, 7
open_out_r: .word out_txt, 0, 7
open_bad_mode: .word out_txt, 12, 7
wblk:       .word 0, written, 8
wblk2:      .word 0, letters, 10
rblk:       .word 0, buffer, 8
seekblk:    .word 0, 3
handle:     .word 0
renblk:     .word out_txt, 7, moved_txt, 9
rmblk:      .word moved_txt, 9
cmdblk:     .word cmdline, 256
cmdblk_small: .word cmdline, 4
heapblk:    .word heapinfo
minus_one:  .word -1
heapinfo:   .word 0, 0, 0, 0
elapsed:    .word 0, 0
buffer:     .space 16
cmdline:    .space 256
