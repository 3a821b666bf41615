// sme2_base_more.s: A64 base and SME instructions added in isa/sme2 with
// the unprivileged loads and stores, under mlisa run --target sme2 --svl
// 512 and, built with clang-19, under qemu-aarch64 -cpu max,sme512=on
// (recorded in sme2_base_more.qemu.out). Every value is printed as 16 hex
// digits (emit, sme2_emit.inc).
//
//  1. LDTR, LDTRB, LDTRH, LDTRSB, LDTRSH, LDTRSW, STTR, STTRB, STTRH: at
//     EL0 each is its LDUR/STUR counterpart. Loads of every size at offsets
//     0, -256, 255 and odd ones (unaligned), from bytes that reach the sign
//     limits (0x7f/0x80, 0x7fff/0x8000, 0x7fffffff/0x80000000), into W and
//     X (a W load clears the upper half, checked by filling the register
//     first), with SP as the base; stores of each size into a buffer of
//     0xaa bytes, printed back. Checked by hand: ldtrsb x0 of the byte 0x80
//     gives 0xffffffffffffff80, ldtrsb w0 of it 0x00000000ffffff80, ldtrsh
//     x0 of 0x8000 0xffffffffffff8000, ldtrsw of 0x80000000
//     0xffffffff80000000.
//  2. SYS at EL0: DC ZVA (as the alias and as SYS #3, C7, C4, #1) zeroes
//     the 512-byte block (DCZID_EL0.BS = 7 on QEMU's max CPU) holding the
//     address, from an address inside the block; DC CVAC, CVAU, CIVAC and
//     IC IVAU change nothing. Printed: the count of zero doublewords of a
//     1536-byte buffer of ones and the doublewords either side of the
//     block. (HVC, UDF, SYSL and the other SYS operations are UNDEFINED at
//     EL0 and stop a program: checked outside it.)

    .text
    .globl _start
_start:
    // ---- 1. the unprivileged loads and stores
    adr x20, ld_src
    add x21, x20, #256          // x21 - 256 is ld_src
    mov x22, #-1
    .irp off, 0, 1, 2, 3, 4, 5, 6, 7
    mov x0, x22
    ldtrb w0, [x20, #\off]
    bl emit
    mov x0, x22
    ldtrsb w0, [x20, #\off]
    bl emit
    ldtrsb x0, [x20, #\off]
    bl emit
    .endr
    .irp off, 0, 2, 3, 4, 6
    mov x0, x22
    ldtrh w0, [x20, #\off]
    bl emit
    mov x0, x22
    ldtrsh w0, [x20, #\off]
    bl emit
    ldtrsh x0, [x20, #\off]
    bl emit
    .endr
    .irp off, 0, 4, 8, 12, 1
    mov x0, x22
    ldtr w0, [x20, #\off]
    bl emit
    ldtrsw x0, [x20, #\off]
    bl emit
    ldtr x0, [x20, #\off]
    bl emit
    .endr
    // the offset limits: -256 from x21 and 255 from x20
    ldtr x0, [x21, #-256]
    bl emit
    ldtrb w0, [x20, #255]
    bl emit
    ldtrsb x0, [x21, #-255]
    bl emit
    ldtrsh w0, [x20, #254]
    bl emit
    ldtrsw x0, [x21, #-252]
    bl emit
    ldtr w0, [x20, #251]
    bl emit
    // SP as the base (16-byte aligned)
    mov x23, sp
    sub sp, sp, #64
    ldr q0, [x20]
    str q0, [sp, #16]
    ldtr x0, [sp, #16]
    bl emit
    ldtrsh x0, [sp, #22]
    bl emit
    sttr w22, [sp, #20]
    sttrb wzr, [sp, #17]
    ldtr x0, [sp, #16]
    bl emit
    mov sp, x23
    // stores of each size into 0xaa bytes
    adr x24, st_dst
    movz x25, #0x1122, lsl #48
    movk x25, #0x3344, lsl #32
    movk x25, #0x5566, lsl #16
    movk x25, #0x7788
    sttr x25, [x24]
    sttr w25, [x24, #9]
    sttrh w25, [x24, #15]
    sttrb w25, [x24, #18]
    sttrh wzr, [x24, #20]
    sttr xzr, [x24, #32]
    add x26, x24, #256
    sttr x25, [x26, #-256 + 40]
    sttrb w25, [x26, #-256]
    .irp i, 0, 8, 16, 24, 32, 40
    ldr x0, [x24, #\i]
    bl emit
    .endr

    // ---- 2. SYS at EL0
    adr x20, zva_buf
    mov x22, #-1
    mov x1, #0
1:  str x22, [x20, x1]
    add x1, x1, #8
    cmp x1, #1536
    b.ne 1b
    add x21, x20, #712          // inside the second block
    dc zva, x21
    bl zva_show
    add x21, x20, #1024
    dc cvac, x21
    dc cvau, x21
    dc civac, x21
    ic ivau, x21
    bl zva_show
    add x21, x20, #1535
    sys #3, c7, c4, #1, x21     // dc zva
    bl zva_show

    mov x0, #0x5f
    bl emit
    mov x0, #0
    mov x8, #93                 // exit
    svc #0

// zva_show: the number of zero doublewords of zva_buf (x20), then the
// doublewords at 504, 512, 1016 and 1024 (x1-x3, x8, x19 used).
zva_show:
    mov x19, x30
    mov x1, #0
    mov x0, #0
1:  ldr x2, [x20, x1]
    cmp x2, #0
    cinc x0, x0, eq
    add x1, x1, #8
    cmp x1, #1536
    b.ne 1b
    bl emit
    ldr x0, [x20, #504]
    bl emit
    ldr x0, [x20, #512]
    bl emit
    ldr x0, [x20, #1016]
    bl emit
    ldr x0, [x20, #1024]
    bl emit
    ret x19

    .include "sme2_emit.inc"

    .data
    .balign 16
ld_src:                         // the sign limits first, then arbitrary bytes
    .byte 0x7f, 0x80, 0xff, 0x00, 0xff, 0x7f, 0x00, 0x80
    .word 0x7fffffff, 0x80000000
    .rept 30
    .quad 0x8f99a7134ddbb59f
    .endr
    .balign 16
st_dst:
    .rept 6
    .quad 0xaaaaaaaaaaaaaaaa
    .endr
line:
    .space 24
    .balign 512
zva_buf:
    .space 1536
