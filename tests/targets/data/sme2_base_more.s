// sme2_base_more.s: A64 base and SME instructions added in isa/sme2 with
// the unprivileged loads and stores, under mlisa run --target sme2 --svl
// 512 and, built with clang-19, under qemu-aarch64 -cpu max,sme512=on
// (sections 1 and 2 recorded from QEMU in sme2_base_more.expected, section
// 3 from sme2_base_more_ref.py). Every value is printed as 16 hex
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
//  3. SMLAL, SMLSL, UMLAL, UMLSL into ZA (SME2: multiple and indexed vector,
//     multiple and single vector, multiple vectors), each form with one,
//     two and four groups, in Streaming mode (ZA zero after SMSTART),
//     sources Z0-Z7 of 16-bit values that reach 0x7fff, 0x8000 and 0xffff,
//     select registers that wrap (W10 = 30, W11 = 63 with offsets); then
//     ZA vectors 0 and 2 after the first two, then all 64 ZA array
//     vectors, 8 doublewords each. QEMU 7.2 has no SME2:
//     these lines come from sme2_base_more_ref.py, written from the
//     manual's definition; lines 1-85 of sme2_base_more.expected are
//     QEMU's output of sections 1 and 2 (built with -Wa,-defsym,NO_SME2=1,
//     which leaves section 3 out). Checked by hand: smlal za.s[w8, 0:1],
//     z0.h, z1.h[0] puts into ZA vector 0 element 0 the product of z0.h[0]
//     and z1.h[0] as signed numbers (0x7fff * 0x8000 = -0x3fff8000, held
//     0xc0008000), umlal the same numbers unsigned 0x3fff8000.

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

    .ifndef NO_SME2
    // ---- 3. SMLAL, SMLSL, UMLAL, UMLSL into ZA
    smstart
    adr x20, ml_src
    ptrue p0.b
    .irp r, 0, 1, 2, 3, 4, 5, 6, 7
    ld1h {z\r\().h}, p0/z, [x20, #\r, mul vl]
    .endr
    mov w8, #0
    mov w9, #5
    mov w10, #30
    mov w11, #63
    smlal za.s[w8, 0:1], z0.h, z1.h[0]
    umlal za.s[w8, 2:3], z0.h, z1.h[0]
    adr x21, za_early           // ZA vectors 0 and 2 now
    mov w12, #0
    str za[w12, 0], [x21]
    mov w12, #2
    add x22, x21, #64
    str za[w12, 0], [x22]
    smlsl za.s[w9, 4:5], z2.h, z3.h[7]
    umlsl za.s[w10, 14:15], z31.h, z15.h[3]
    smlal za.s[w11, 6:7, vgx2], {z4.h, z5.h}, z6.h[5]
    umlsl za.s[w10, 2:3, vgx2], {z6.h, z7.h}, z0.h[1]
    umlal za.s[w9, 6:7, vgx4], {z0.h - z3.h}, z7.h[2]
    smlsl za.s[w8, 0:1, vgx4], {z4.h - z7.h}, z1.h[6]
    smlal za.s[w9, 8:9], z7.h, z2.h
    umlsl za.s[w11, 14:15], z5.h, z5.h
    umlal za.s[w10, 4:5, vgx2], {z31.h, z0.h}, z3.h
    smlsl za.s[w8, 2:3, vgx4], {z30.h, z31.h, z0.h, z1.h}, z4.h
    smlal za.s[w11, 0:1, vgx2], {z2.h, z3.h}, {z4.h, z5.h}
    umlal za.s[w10, 6:7, vgx2], {z0.h, z1.h}, {z0.h, z1.h}
    smlsl za.s[w9, 2:3, vgx4], {z0.h - z3.h}, {z4.h - z7.h}
    umlsl za.s[w8, 4:5, vgx4], {z4.h - z7.h}, {z0.h - z3.h}
    adr x21, za_dump
    mov w12, #0
1:  str za[w12, 0], [x21]
    add x21, x21, #64
    add w12, w12, #1
    cmp w12, #64
    b.ne 1b
    smstop
    adr x6, za_early
    mov x24, #528
2:  ldr x0, [x6], #8
    bl emit
    subs x24, x24, #1
    b.ne 2b
    .endif

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
    .balign 16
ml_src:                         // Z0-Z7: 8 vectors of 32 halfwords
    .hword 0x7fff, 0x8000, 0xffff, 0x0001, 0x8000, 0x7fff, 0x0000, 0xfffe
    .quad 0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c
    .quad 0x8f99a7134ddbb59f, 0x3183fa8cbec12d05
    .hword 0x8000, 0x7fff, 0xffff, 0x8000, 0x0002, 0xffff, 0x7fff, 0x1234
    .quad 0x85ff4bf98fb6e4c3, 0x1f9b0d2cf4dd4e4f, 0xb2b7cac9c83a9d80, 0x1e09d78f5c6d6bc4
    .quad 0xf1acd8c2d18e4b0c, 0x6a7e5dbd2a5d3cfb
    .quad 0x86317c0c4fe0891e, 0xe8c6d7d5c3f2a8e8, 0x83def68d2f5fe41b, 0x0df27dea81b2c9c3
    .quad 0x2c0e16c7e4b5f0ca, 0x3468b07c6e7d1b20, 0xa80a3bb3de9a8a8c, 0x0ed0930bfa3fc4f8
    .rept 8
    .quad 0x8000800080008000
    .endr
    .quad 0x7b17d17bf1fa1d9b, 0x99b41a3b0d0ed9b4, 0x2c4aa1b39f01b6a1, 0xf9a4c0cfb3cb8e24
    .quad 0x35ee0cfc2c5c79c2, 0xfb1d11c8a1fbae63, 0xf50c8fa2bbd6ea76, 0x3ecd7bb6d8a4f08b
    .rept 8
    .quad 0xffffffffffffffff
    .endr
    .quad 0x46e3c6de8e4e0bd4, 0x1bf9e7d72e19fe5c, 0x3f22bbb60d2a7fa7, 0x41ac90b5fc68a1d4
    .quad 0x1d7da0dca78deb0c, 0x2d72f9ea1de75f09, 0x2f0c0ba5b8d9ed6b, 0xd42ff3a9c14dbba2
    .rept 8
    .quad 0x7fff7fff7fff7fff
    .endr
za_early:
    .space 128
za_dump:
    .space 4096
