// Refused by mlisa and by llvm-mc-19 -triple=aarch64 -mattr=+sme2,+sme-b16b16 (helper asm)
ldr za[w11, 0], [x0]
ldr za[w12, 16], [x0, #16, mul vl]
ldr za[w12, 1], [x0, #2, mul vl]  // column differs: one field holds both offsets; mlisa refuses the second as the first's value
ldr x0, [x1, #32768]
ldr x0, [x1, #256]!  // column differs: llvm-mc points after the '!', mlisa at it
ldp x0, x1, [x2, #4]
stp x0, x1, [x2, #512]
movz w0, #1, lsl #32  // column differs: llvm-mc blames the shift, mlisa its amount
mov x5, #0x1234567812345678  // no MOVZ, MOVN or logical immediate; LSL #48 scales past 64 bits
orr w0, w1, w2, lsl #32  // column differs: llvm-mc blames the shift, mlisa its amount
add x0, x1, x2, ror #1
ld1w {z0.s}, p8/z, [x0]
ld1w {z0.s}, p0/z, [x0, #8, mul vl]
ld1w {z0.s}, p0/z, [x0, x1, lsl #1]  // column differs: llvm-mc blames the register, mlisa the shift amount
ld1w {z0.s, z1.s}, p0/z, [x0]  // column differs: llvm-mc blames the operand after the list, mlisa the list
rdsvl x0, #32
cntw x0, all, mul #17  // column differs: llvm-mc points at the digits, mlisa at the '#'
ptrue p16.s
bfmlal za.s[w8, 0:2], z0.h, z0.h
bfmlal za.s[w12, 0:1], z0.h, z0.h
bfmlal za.s[w8, 16:17], z0.h, z0.h
bfmlal za.s[w8, 0:1], z0.h, z16.h
bfmlal za.s[w8, 0:1], z0.h, z1.h[8]  // column differs: llvm-mc points at the '[', mlisa at the index
bfmlal za.s[w8, 0:1, vgx2], {z0.h, z2.h}, z0.h
bfmlal za.s[w8, 0:1, vgx4], {z0.h-z2.h}, z0.h
bfmopa za4.s, p0/m, p0/m, z0.h, z0.h
bfmopa za0.s, p8/m, p0/m, z0.h, z0.h
bfmopa za0.s, p0/m, p0/z, z0.h, z0.h
bfmopa za0.d, p0/m, p0/m, z0.h, z0.h  // column differs: llvm-mc blames the tile, mlisa its .d suffix
add x0, x1
foo x0
ldr x0
