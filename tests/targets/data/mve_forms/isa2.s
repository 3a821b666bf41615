@ Forms of the second pass over isa/mve (helper isa): each line assembles to
@ llvm-mc-19's bytes (-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64).

@ VLD2, VLD4, VST2, VST4
vld20.8 {q0, q1}, [r0]
vld21.16 {q6, q7}, [r12]!
vld20.32 {q2, q3}, [sp]
vld21.s8 {q1, q2}, [lr]!
vst20.16 {q0, q1}, [r0]
vst21.32 {q5, q6}, [r3]!
vld40.8 {q0, q1, q2, q3}, [r1]
vld41.16 {q4, q5, q6, q7}, [r2]!
vld42.32 {q1, q2, q3, q4}, [r9]
vld43.u8 {q3, q4, q5, q6}, [r10]!
vst40.8 {q0, q1, q2, q3}, [r1]
vst41.16 {q4, q5, q6, q7}, [r2]!
vst42.32 {q1, q2, q3, q4}, [r9]
vst43.i32 {q0, q1, q2, q3}, [r7]!
@ VCMUL, VCMLA, VCADD (floating-point)
vcmul.f16 q0, q1, q2, #0
vcmul.f32 q3, q4, q5, #180
vcmul.f32 q0, q4, q1, #90
vcmul.f16 q7, q6, q5, #270
vcmla.f16 q6, q4, q1, #0
vcmla.f32 q7, q2, q3, #0
vcmla.f16 q6, q4, q1, #90
vcmla.f32 q0, q1, q2, #180
vcmla.f32 q0, q1, q2, #270
vcadd.f32 q1, q7, q0, #90
vcadd.f16 q1, q7, q0, #270
vcadd.f16 q0, q0, q0, #90
@ VMOV (immediate) .i64 and .f32; VAND/VORN (immediate), the complemented VBIC/VORR
vmov.i64 q0, #0xff0000ffff00ff00
vmov.i64 q7, #0xffffffffffffffff
vmov.i64 q1, #0x0
vmov.f32 q0, #1.000000e+00
vmov.f32 q1, #-2.500000e+00
vmov.f32 q1, #0.125
vmov.u8 q0, #5
vmov.s32 q0, #5
vand.i32 q0, #0xffff00ff
vand.i32 q3, #4294902015
vand.i16 q1, #0xff00
vorn.i32 q0, #0xffff00ff
vorn.i16 q1, #0xfffe
@ CLRM, TT, TTT, TTA, TTAT
clrm {r0, r2, r3, r8, r10, lr}
clrm {r1}
clrm {r0-r12, lr}
clrm {r0, apsr}
clrm {r0, r1, lr, apsr}
clrm {apsr}
tt r0, r1
ttt r2, r12
tt lr, r0
tta r0, r1
ttat r3, r9
@ VLDR, VSTR (System Register)
vstr fpscr, [r0]
vstr p0, [r1, #4]
vldr vpr, [r2], #8
vldr fpscr_nzcvqc, [r3, #-4]!
vstr fpscr_nzcvqc, [r7], #-120
vldr fpscr, [r5], #-300
vldr p0, [r12, #508]
vstr vpr, [r8, #-352]!
@ VLDM, VSTM, VPUSH, VPOP with the data size; VPOP/VPUSH as VLDM/VSTMDB SP!
vldmia.32 r0!, {s14}
vldmia.64 r0!, {d7}
vstmia.32 r1!, {s15}
vldm.64 r0, {d0-d3}
vldmdb.64 r0!, {d0-d3}
vstmdb.32 r2!, {s0-s3}
vpush.64 {d8, d9, d10, d11, d12, d13, d14, d15}
vpush.32 {s16-s31}
vpop.64 {d8-d15}
vpop.32 {s16}
vldm sp!, {d8-d15}
vldmia sp!, {s0-s3}
vstmdb sp!, {d8-d15}
