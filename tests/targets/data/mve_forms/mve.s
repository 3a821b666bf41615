@ MVE vector forms (helper mve): each line assembles to llvm-mc-19's bytes
@ (-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64).

@ VQDMULH, VQRDMULH
vqdmulh.s8 q0, q1, q2
vqdmulh.s16 q7, q0, q3
vqdmulh.s32 q0, q1, r2
vqdmulh.s8 q3, q4, lr
vqrdmulh.s16 q0, q1, q2
vqrdmulh.s32 q5, q6, q7
vqrdmulh.s32 q0, q1, r2
vqrdmulh.s8 q1, q2, r12
@ VHADD, VHSUB, VRHADD, VQADD, VQSUB, VABD
vhadd.s8 q0, q1, q2
vhadd.u32 q0, q1, q2
vhadd.u16 q0, q1, r2
vhadd.s32 q7, q6, r0
vhsub.s32 q0, q1, q2
vhsub.u8 q0, q1, r2
vrhadd.u8 q0, q1, q2
vrhadd.s16 q3, q1, q2
vqadd.s8 q0, q1, q2
vqadd.u32 q0, q1, r2
vqadd.s16 q0, q1, r2
vqsub.s16 q0, q1, q2
vqsub.u16 q0, q1, r2
vqsub.u32 q0, q1, q7
vabd.s8 q0, q1, q2
vabd.u32 q0, q1, q2
vabd.s16 q4, q5, q6
@ VMULH, VRMULH
vmulh.s8 q0, q1, q2
vmulh.u16 q0, q1, q2
vrmulh.u32 q0, q1, q2
vrmulh.s32 q0, q1, q2
@ VSHL, VRSHL, VQSHL, VQRSHL (vector, scalar, immediate), VQSHLU, VSHR, VRSHR, VSLI, VSRI
vshl.s8 q0, q1, q2
vshl.u32 q7, q6, q5
vshl.u16 q0, r2
vshl.s32 q3, lr
vshl.i8 q0, q1, #0
vshl.i8 q0, q1, #7
vshl.i16 q0, q1, #15
vshl.i32 q0, q1, #31
vshl.i32 q2, q3, #0
vrshl.s8 q0, q1, q2
vrshl.u16 q0, q1, q2
vrshl.u32 q0, r2
vrshl.s8 q4, r0
vqshl.s8 q0, q1, q2
vqshl.u32 q0, q1, q2
vqshl.s8 q0, r3
vqshl.u16 q0, r3
vqshl.s8 q0, q1, #0
vqshl.u8 q0, q1, #7
vqshl.s16 q0, q1, #9
vqshl.u32 q0, q1, #31
vqrshl.s16 q0, q1, q2
vqrshl.u8 q0, q1, q2
vqrshl.u8 q0, r2
vqrshl.s32 q0, r12
vqshlu.s8 q0, q1, #3
vqshlu.s16 q0, q1, #15
vqshlu.s32 q0, q1, #0
vshr.s8 q0, q1, #8
vshr.s8 q0, q1, #1
vshr.u16 q0, q1, #16
vshr.u16 q0, q1, #0x10
vshr.s8 q2, q3, #0x1
vshr.u32 q0, q1, #1
vshr.s32 q0, q1, #32
vrshr.s16 q0, q1, #16
vrshr.u8 q0, q1, #3
vrshr.s32 q0, q1, #17
vsli.8 q0, q1, #0
vsli.16 q0, q1, #15
vsli.32 q0, q1, #31
vsri.8 q0, q1, #8
vsri.16 q0, q1, #1
vsri.32 q0, q1, #32
@ VSHRN, VRSHRN, VQSHRN, VQRSHRN, VQSHRUN, VQRSHRUN (B/T)
vshrnb.i16 q0, q1, #8
vshrnb.i16 q0, q1, #1
vshrnt.i32 q0, q1, #1
vshrnt.i32 q0, q1, #16
vrshrnb.i16 q0, q1, #3
vrshrnt.i32 q5, q6, #9
vqshrnb.s16 q0, q1, #3
vqshrnt.u32 q0, q1, #3
vqshrnb.u16 q0, q1, #8
vqshrnt.s32 q0, q1, #16
vqrshrnb.s32 q0, q1, #16
vqrshrnt.u16 q0, q1, #1
vqshrunb.s16 q0, q1, #3
vqshrunt.s32 q0, q1, #16
vqrshrunb.s16 q0, q1, #8
vqrshrunt.s32 q0, q1, #3
@ VQMOVN, VQMOVUN, VMOVN, VMOVL, VSHLL
vqmovnb.s16 q0, q1
vqmovnt.u32 q0, q1
vqmovnb.u16 q7, q0
vqmovnt.s32 q0, q1
vqmovunb.s16 q0, q1
vqmovunt.s32 q0, q1
vmovnb.i16 q0, q1
vmovnt.i32 q0, q1
vmovlb.s8 q0, q1
vmovlt.u16 q0, q1
vmovlb.u8 q0, q1
vmovlt.s16 q6, q1
vshllb.s8 q0, q1, #1
vshllt.u8 q0, q1, #7
vshllb.s16 q0, q1, #15
vshllt.u16 q0, q1, #1
vshllt.u16 q0, q1, #16
vshllb.s8 q0, q1, #8
vshllt.u8 q0, q1, #8
vshllb.s16 q0, q1, #16
@ VAND, VBIC, VORR, VORN, VEOR, VMVN (register), VPSEL
vand q0, q1, q2
vand.s8 q0, q1, q2
vand.i32 q7, q1, q2
vbic q0, q1, q2
vorr q0, q1, q2
vorr.u16 q0, q1, q2
vorn q0, q1, q2
veor q0, q1, q2
veor.f32 q0, q1, q2
vmvn q0, q1
vpsel q0, q1, q2
vpsel.i8 q3, q4, q5
@ VABS, VNEG, VQABS, VQNEG, VCLS, VCLZ, VREV16, VREV32, VREV64
vabs.s8 q0, q1
vabs.s32 q0, q1
vneg.s32 q0, q1
vneg.s16 q0, q0
vqabs.s16 q0, q1
vqabs.s32 q0, q1
vqneg.s8 q0, q1
vcls.s32 q0, q1
vcls.s8 q0, q0
vclz.i8 q0, q1
vclz.i16 q0, q1
vclz.i32 q0, q0
vrev16.8 q0, q1
vrev32.8 q0, q1
vrev32.16 q0, q1
vrev64.8 q0, q1
vrev64.16 q0, q1
vrev64.32 q0, q1
@ VMOV, VMVN, VORR, VBIC (immediate)
vmov.i32 q0, #0x0
vmov.i32 q0, #0xff
vmov.i32 q0, #0x1ff
vmov.i32 q0, #0xab00
vmov.i32 q0, #0xab0000
vmov.i32 q0, #0xab000000
vmov.i32 q0, #0x12ffff
vmov.i16 q0, #0x0
vmov.i16 q7, #0xff00
vmov.i16 q0, #0x12
vmov.i8 q0, #0xff
vmov.i8 q0, #0x1
vmvn.i32 q0, #0xff
vmvn.i32 q0, #0x1ffff
vmvn.i32 q0, #0x1ff
vmvn.i32 q0, #0xab000000
vmvn.i16 q0, #0x1100
vmvn.i16 q0, #0x11
vorr.i32 q0, #0x10000
vorr.i32 q0, #0x1
vorr.i32 q0, #0xff000000
vorr.i16 q0, #0xff
vorr.i16 q0, #0xff00
vbic.i32 q0, #0xff00
vbic.i32 q0, #0xff
vbic.i16 q0, #0xff00
vbic.i16 q0, #0x1
@ VMOV (two lanes, two registers)
vmov r0, r1, q2[2], q2[0]
vmov r12, lr, q7[3], q7[1]
vmov q2[2], q2[0], r0, r1
vmov q0[3], q0[1], lr, r5
@ VADDV, VADDLV, VABAV
vaddv.s8 r0, q1
vaddv.u16 lr, q7
vaddv.s32 r2, q0
vaddva.u32 r0, q1
vaddva.s8 r12, q1
vaddlv.s32 r0, r1, q1
vaddlv.u32 r10, r11, q1
vaddlva.u32 r0, r1, q1
vaddlva.s32 r4, r9, q7
vabav.s8 r0, q1, q2
vabav.u16 lr, q1, q2
vabav.s32 r12, q7, q6
@ VMLADAV and its aliases VMLAV, VMLAVA; VMLALDAV (VMLALV), VMLSDAV, VMLSLDAV, VRMLALDAVH (VRMLALVH), VRMLSLDAVH
vmlav.s8 r0, q1, q2
vmlava.u16 r0, q1, q2
vmladav.s8 r0, q1, q2
vmladavx.s16 r2, q1, q2
vmladavax.s32 r2, q1, q2
vmlav.u32 r4, q1, q2
vmlava.s32 r12, q1, q2
vmlaldav.s16 r0, r1, q1, q2
vmlalv.s16 r0, r1, q1, q2
vmlalv.u32 r10, r11, q1, q2
vmlaldavax.s32 r0, r1, q1, q2
vmlaldavx.s16 r0, r3, q1, q2
vmlalva.u32 r0, r1, q1, q2
vmlalva.u16 r0, r1, q1, q2
vmlsdav.s8 r0, q1, q2
vmlsdav.s16 r0, q1, q2
vmlsdava.s32 r0, q1, q2
vmlsdavx.s8 r0, q1, q2
vmlsdavax.s32 r0, q1, q2
vmlsldav.s16 r0, r1, q1, q2
vmlsldava.s32 r0, r1, q1, q2
vmlsldavax.s32 r0, r1, q1, q2
vmlsldavx.s16 r0, r1, q1, q2
vrmlaldavh.s32 r0, r1, q1, q2
vrmlalvh.u32 r0, r1, q1, q2
vrmlalvha.s32 r0, r1, q1, q2
vrmlaldavhax.s32 r0, r1, q1, q2
vrmlaldavhx.s32 r2, r5, q1, q2
vrmlsldavh.s32 r0, r1, q1, q2
vrmlsldavha.s32 r0, r1, q1, q2
vrmlsldavhax.s32 r0, r1, q1, q2
@ VMLA, VMLAS (by scalar)
vmla.i8 q0, q1, r2
vmla.s16 q0, q1, r2
vmla.u32 q7, q6, lr
vmlas.i8 q0, q1, r2
vmlas.u16 q0, q1, r2
vmlas.i32 q3, q1, r12
@ VQDMLAH, VQRDMLAH, VQDMLASH, VQRDMLASH
vqdmlah.s8 q0, q1, r2
vqdmlah.s32 q0, q1, r2
vqrdmlah.s32 q0, q1, r2
vqrdmlah.s16 q0, q1, lr
vqdmlash.s16 q0, q1, r2
vqrdmlash.s8 q0, q1, r2
vqrdmlash.s32 q0, q1, r2
@ VQDMLADH, VQRDMLADH, VQDMLSDH, VQRDMLSDH
vqdmladh.s32 q0, q1, q2
vqdmladhx.s8 q0, q1, q2
vqrdmladh.s16 q0, q1, q2
vqrdmladhx.s32 q0, q1, q2
vqdmlsdh.s8 q0, q1, q2
vqdmlsdhx.s16 q0, q1, q2
vqrdmlsdh.s32 q0, q1, q2
vqrdmlsdhx.s32 q0, q1, q2
@ VMULL (integer, polynomial), VQDMULL
vmullb.s8 q0, q1, q2
vmullt.u8 q0, q1, q2
vmullb.s16 q0, q1, q2
vmullt.u32 q0, q1, q2
vmullb.s32 q7, q1, q2
vmullb.p8 q0, q1, q2
vmullt.p8 q0, q1, q2
vmullb.p16 q0, q1, q2
vmullt.p16 q0, q1, q2
vqdmullb.s16 q0, q1, q2
vqdmullt.s16 q0, q1, q2
vqdmullb.s32 q0, q1, q2
vqdmullt.s32 q0, q1, r2
vqdmullb.s16 q0, q0, r2
vqdmullb.s32 q0, q1, lr
@ VBRSR
vbrsr.8 q0, q1, r2
vbrsr.16 q0, q1, r2
vbrsr.32 q0, q1, r2
@ VIDUP, VDDUP, VIWDUP, VDWDUP
vidup.u8 q0, r0, #1
vidup.u16 q7, r12, #2
vidup.u32 q0, r2, #8
vddup.u32 q0, r4, #8
vddup.u8 q0, lr, #4
viwdup.u16 q0, r2, r1, #4
viwdup.u8 q0, r0, r11, #1
viwdup.u32 q3, r6, r9, #8
viwdup.u8 q0, r0, r1, #0x8
vdwdup.u16 q1, r2, r3, #0x2
vdwdup.u8 q0, r0, r3, #2
vdwdup.u32 q0, r10, r5, #8
@ VSHLC
vshlc q0, r0, #32
vshlc q0, r0, #1
vshlc q7, lr, #17
@ VADC, VADCI, VSBC, VSBCI
vadc.i32 q0, q1, q2
vadci.i32 q0, q1, q2
vsbc.i32 q0, q1, q2
vsbci.i32 q7, q1, q0
@ VCADD (integer), VHCADD
vcadd.i8 q0, q1, q2, #90
vcadd.i16 q0, q1, q2, #270
vcadd.i32 q0, q1, q2, #270
vcadd.i32 q0, q0, q2, #90
vhcadd.s8 q0, q1, q2, #270
vhcadd.s16 q0, q1, q2, #90
vhcadd.s32 q0, q1, q2, #270
@ VFMA, VFMS (vector), VFMA, VFMAS (by scalar), VABD, VABS, VNEG (floating-point)
vfma.f32 q0, q1, q2
vfma.f16 q7, q1, q2
vfms.f32 q0, q1, q2
vfms.f16 q0, q1, q2
vfma.f32 q0, q1, r2
vfma.f16 q0, q1, lr
vfmas.f32 q0, q1, r2
vfmas.f16 q6, q1, r12
vabd.f32 q0, q1, q2
vabd.f16 q0, q1, q2
vabs.f32 q0, q1
vabs.f16 q0, q1
vneg.f32 q0, q1
vneg.f16 q0, q1
@ VCVT (floating-point and integer, fixed point, directed rounding), VCVTB, VCVTT
vcvt.f32.s32 q0, q1
vcvt.f32.u32 q0, q1
vcvt.s32.f32 q0, q1
vcvt.u32.f32 q7, q1
vcvt.f16.s16 q0, q1
vcvt.f16.u16 q0, q1
vcvt.s16.f16 q0, q1
vcvt.u16.f16 q0, q1
vcvt.f32.s32 q0, q1, #1
vcvt.f32.s32 q0, q1, #32
vcvt.f32.u32 q0, q1, #16
vcvt.s32.f32 q0, q1, #5
vcvt.u32.f32 q0, q1, #17
vcvt.f16.u16 q0, q1, #16
vcvt.f16.s16 q0, q1, #1
vcvt.u16.f16 q0, q1, #1
vcvt.s16.f16 q0, q1, #9
vcvta.s32.f32 q0, q1
vcvta.u16.f16 q0, q1
vcvtn.u16.f16 q0, q1
vcvtn.s32.f32 q0, q1
vcvtp.s32.f32 q0, q1
vcvtp.u32.f32 q0, q1
vcvtm.u32.f32 q0, q1
vcvtm.s16.f16 q0, q1
vcvtb.f16.f32 q0, q1
vcvtt.f16.f32 q0, q1
vcvtb.f32.f16 q0, q1
vcvtt.f32.f16 q0, q1
@ VRINTN, VRINTX, VRINTA, VRINTZ, VRINTM, VRINTP
vrintn.f32 q0, q1
vrintn.f16 q0, q1
vrintx.f16 q0, q1
vrintx.f32 q0, q1
vrinta.f32 q0, q1
vrintz.f32 q0, q1
vrintz.f16 q7, q1
vrintm.f16 q0, q1
vrintm.f32 q0, q1
vrintp.f32 q0, q1
vrintp.f16 q0, q1
@ VLDRB, VLDRH, VLDRW, VLDRD (vector offsets: gather), VSTRB, VSTRH, VSTRW, VSTRD (scatter)
vldrb.u32 q0, [r0, q1]
vldrb.s16 q0, [r0, q1]
vldrb.s32 q7, [lr, q1]
vldrb.u8 q0, [r0, q1]
vldrb.u16 q0, [r12, q7]
vldrh.u32 q0, [r0, q1]
vldrh.s32 q0, [r0, q1, uxtw #1]
vldrh.u16 q0, [r0, q1, uxtw #1]
vldrh.u16 q0, [r0, q1]
vldrw.u32 q0, [r0, q1]
vldrw.u32 q0, [r0, q1, uxtw #2]
vldrd.u64 q0, [r0, q1]
vldrd.u64 q0, [r0, q1, uxtw #3]
vstrb.8 q0, [r0, q1]
vstrb.16 q0, [r0, q1]
vstrb.32 q0, [r0, q1]
vstrh.16 q0, [r0, q1, uxtw #1]
vstrh.32 q0, [r0, q1]
vstrw.32 q0, [r0, q1, uxtw #2]
vstrw.32 q0, [r0, q1]
vstrd.64 q0, [r0, q1]
vstrd.64 q0, [r0, q1, uxtw #3]
@ VLDRW, VLDRD, VSTRW, VSTRD (vector base, immediate offset, writeback)
vldrw.u32 q0, [q1, #4]
vldrw.u32 q0, [q1, #-4]!
vldrw.u32 q0, [q1]
vldrw.u32 q7, [q6, #508]
vldrw.u32 q0, [q1, #-508]
vldrd.u64 q0, [q1, #8]
vldrd.u64 q0, [q1, #-1016]!
vldrd.u64 q0, [q1]
vstrw.32 q0, [q1, #4]
vstrw.32 q0, [q1, #4]!
vstrw.32 q0, [q1]
vstrd.64 q0, [q1, #-8]!
vstrd.64 q0, [q1, #1016]
