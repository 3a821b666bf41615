@ Refused by mlisa and by llvm-mc-19 (helper mve)
vrev64.8 q0, q0
vrev16.16 q0, q1
vrev32.32 q0, q1
vmullb.s32 q0, q0, q2
vmullt.s32 q1, q2, q1
vqdmullb.s32 q0, q0, q2
vqdmullt.s32 q0, q0, r2
vmla.i8 q0, q1, sp
vshl.s8 q0, sp
vshr.s8 q0, q1, #0
vshr.s8 q0, q1, #9
vshl.i8 q0, q1, #8
vshrnb.i16 q0, q1, #9
vqmovnb.s8 q0, q1
vaddlv.s32 r0, sp, q1
vmlalv.s16 r0, sp, q1, q2
vcadd.i32 q0, q1, q0, #270
viwdup.u8 q0, r0, sp, #1
vidup.u8 q0, r1, #1
vidup.u8 q0, r0, #3
vmladava.s8 r3, q0, q1
vshr.s8 q0, q1
vadd.i8 q0, q1, q2, q3
vldrw.u32 q0, [r0, #3]
vadd.x8 q0, q1, q2
vmovx.f16 q0, q1
vfoo q0
viwdup.u8 q0, r0, r1, #0x3
