@ Scalar floating-point (Armv8-M FP extension, FPv5 with half, single and
@ double precision), in llvm-mc's spelling. Owner: helper fp.

@ VLDR, VSTR
vldr s0, [r0, #-4]
vldr s31, [r12, #1020]
vldr s0, [r0]
vldr s0, [r0, #-0]
vldr d0, [pc, #8]
vldr d15, [r3, #-1020]
vldr s1, [pc, #-16]
vldr.16 s1, [r2, #6]
vldr.16 s30, [r2, #-510]
vldr.16 s2, [r7]
vstr s5, [sp, #12]
vstr d7, [r1, #-8]
vstr d0, [r0]
vstr.16 s1, [r2, #-6]
vstr.16 s9, [r4]

@ VLDM, VSTM, VPUSH, VPOP
vldmia r0!, {d0, d1, d2, d3}
vldmdb r0!, {s0, s1, s2, s3}
vldmia r1, {s4}
vldmia r2, {d8, d9, d10, d11, d12, d13, d14, d15}
vldmia r3!, {s31}
vstmia sp, {d0}
vstmia r0!, {s16, s17}
vstmdb r5!, {d2, d3}
vstmia r6, {s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, s16, s17, s18, s19, s20, s21, s22, s23, s24, s25, s26, s27, s28, s29, s30, s31}
vpush {d8, d9, d10, d11, d12, d13, d14, d15}
vpush {s16}
vpush {d0}
vpop {s16, s17, s18, s19, s20, s21, s22, s23, s24, s25, s26, s27, s28, s29, s30, s31}
vpop {d8, d9}
@ A Q register in a D list is its pair of D registers (llvm-mc-19 takes them).
vpop {q4}
vpush {q4-q5}
vldmia r8!, {q3}
vstmdb r1!, {q0, q1}
fldmiax r0!, {d0, d1, d2, d3}
fstmdbx r1!, {d8}
fldmdbx r2!, {d4, d5}
fstmiax r3, {d15}
fstmdbx sp!, {d8, d9}
fldmiax sp!, {d8, d9}

@ VMOV
vmov.f32 s0, #1.000000e+00
vmov.f64 d1, #-2.500000e+00
vmov.f16 s3, #1.250000e-01
vmov.f32 s31, #3.100000e+01
vmov.f32 s2, #-1.250000e+01
vmov.f64 d15, #1.875000e-01
vmov.f32 s0, s1
vmov.f64 d0, d1
vmov.f64 d15, d14
vmov s3, s1
vmov s0, r1
vmov r2, s31
vmov.f16 s0, r1
vmov.f16 r1, s0
vmov.f16 s31, lr
vmov r0, r1, s2, s3
vmov s2, s3, r0, r1
vmov s30, s31, r12, lr
vmov r0, r1, d2
vmov d2, r0, r1
vmov d15, lr, r12
@ with a data type, as GCC writes them
vmov.f32 s14, r12
vmov.32 s1, r2
vmov.i32 s2, r3
vmov.s32 s3, r4
vmov.u32 r5, s4
vmov.f32 r0, s1
vmov.f64 d8, r2, r2
vmov.f64 r0, r1, d3
vmov.32 r0, d1[0]
vmov.32 d1[1], r0
vmov.32 r12, d15[1]
vmov.32 d0[0], lr
vins.f16 s0, s1
vins.f16 s31, s30
vmovx.f16 s0, s1
vmovx.f16 s17, s4

@ Arithmetic
vadd.f32 s0, s1, s2
vadd.f64 d0, d1, d2
vadd.f16 s3, s4, s5
vsub.f32 s31, s30, s29
vsub.f64 d15, d14, d13
vsub.f16 s0, s1, s2
vmul.f32 s0, s1, s2
vmul.f64 d0, d1, d2
vmul.f16 s7, s8, s9
vnmul.f32 s0, s1, s2
vnmul.f64 d3, d4, d5
vnmul.f16 s0, s1, s2
vdiv.f32 s0, s1, s2
vdiv.f64 d0, d1, d2
vdiv.f16 s10, s11, s12
vsqrt.f32 s0, s1
vsqrt.f64 d0, d1
vsqrt.f16 s3, s4
vfma.f32 s0, s1, s2
vfma.f64 d0, d1, d2
vfma.f16 s0, s1, s2
vfms.f32 s0, s1, s2
vfms.f64 d0, d1, d2
vfms.f16 s0, s1, s2
vfnma.f32 s0, s1, s2
vfnma.f64 d0, d1, d2
vfnma.f16 s0, s1, s2
vfnms.f32 s0, s1, s2
vfnms.f64 d0, d1, d2
vfnms.f16 s0, s1, s2
vmla.f32 s0, s1, s2
vmla.f64 d0, d1, d2
vmla.f16 s0, s1, s2
vmls.f32 s0, s1, s2
vmls.f64 d0, d1, d2
vmls.f16 s0, s1, s2
vnmla.f32 s0, s1, s2
vnmla.f64 d0, d1, d2
vnmla.f16 s0, s1, s2
vnmls.f32 s0, s1, s2
vnmls.f64 d0, d1, d2
vnmls.f16 s0, s1, s2
vneg.f32 s0, s1
vneg.f64 d0, d1
vneg.f16 s0, s1
vabs.f32 s0, s1
vabs.f64 d0, d1
vabs.f16 s0, s1

@ Compares, selection, max/min
vcmp.f32 s0, s1
vcmp.f64 d0, d1
vcmp.f16 s0, s1
vcmpe.f32 s0, s1
vcmpe.f64 d0, d1
vcmpe.f16 s0, s1
vcmp.f32 s0, #0
vcmp.f64 d0, #0
vcmp.f16 s0, #0
vcmpe.f32 s0, #0
vcmpe.f64 d0, #0
vcmpe.f16 s0, #0
vmrs APSR_nzcv, fpscr
vmrs r0, fpscr
vmsr fpscr, r0
vseleq.f32 s0, s1, s2
vselvs.f32 s0, s1, s2
vselge.f64 d0, d1, d2
vselgt.f64 d0, d1, d2
vselgt.f16 s0, s1, s2
vmaxnm.f32 s0, s1, s2
vminnm.f64 d0, d1, d2
vmaxnm.f16 s0, s1, s2

@ Rounding to integral
vrinta.f32 s0, s1
vrintn.f64 d0, d1
vrintp.f16 s0, s1
vrintm.f32 s0, s1
vrintr.f32 s0, s1
vrintr.f64 d0, d1
vrintr.f16 s0, s1
vrintz.f32 s0, s1
vrintz.f64 d0, d1
vrintz.f16 s0, s1
vrintx.f32 s0, s1
vrintx.f64 d0, d1
vrintx.f16 s0, s1

@ Conversions
vcvt.s32.f32 s0, s1
vcvt.u32.f32 s0, s1
vcvtr.s32.f32 s0, s1
vcvtr.u32.f32 s0, s1
vcvt.s32.f64 s0, d1
vcvtr.u32.f64 s31, d15
vcvt.s32.f16 s0, s1
vcvtr.u32.f16 s0, s1
vcvt.f32.u32 s0, s1
vcvt.f32.s32 s0, s1
vcvt.f64.s32 d0, s1
vcvt.f64.u32 d15, s31
vcvt.f16.s32 s0, s1
vcvt.f16.u32 s0, s1
vcvt.f32.s16 s0, s0, #3
vcvt.f32.u16 s0, s0, #16
vcvt.f32.s32 s0, s0, #1
vcvt.f32.u32 s0, s0, #32
vcvt.s16.f32 s0, s0, #1
vcvt.u32.f32 s0, s0, #20
vcvt.u16.f64 d0, d0, #16
vcvt.s32.f64 d1, d1, #32
vcvt.f64.s16 d2, d2, #8
vcvt.f64.u32 d3, d3, #1
vcvt.f16.s32 s0, s0, #1
vcvt.s16.f16 s5, s5, #7
vcvt.f64.f32 d0, s1
vcvt.f32.f64 s0, d1
vcvtb.f16.f32 s0, s1
vcvtt.f16.f32 s0, s1
vcvtb.f32.f16 s0, s1
vcvtt.f32.f16 s0, s1
vcvtb.f64.f16 d3, s1
vcvtt.f64.f16 d3, s1
vcvtb.f16.f64 s4, d1
vcvtt.f16.f64 s5, d12
vcvta.s32.f32 s0, s1
vcvta.u32.f64 s2, d3
vcvtn.s32.f16 s0, s1
vcvtn.u32.f32 s0, s1
vcvtp.s32.f64 s0, d1
vcvtp.u32.f16 s0, s1
vcvtm.s32.f32 s0, s1
vcvtm.u32.f64 s0, d1

@ VSCCLRM, VLLDM and VLSTM: Secure state only, UNDEFINED when executed here
@ (no Security Extension), but they assemble and disassemble as llvm-mc-19 does.
vscclrm {s0, s1, s2, s3, vpr}
vscclrm {d0, d1, d2, d3, vpr}
vscclrm {s31, vpr}
vlldm r0
vlldm r0, {d0-d15}
vlldm r0, {d0 - d31}
vlstm r1, {d0 - d15}
vlstm lr, {d0 - d31}
