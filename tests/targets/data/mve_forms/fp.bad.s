@ Scalar floating-point forms that llvm-mc-19, GNU as and mlisa all refuse. Owner: helper fp.
vldmdb r0, {d0}
vmov.f16 s0, s1
vmov.f32 s0, #0.0
vmov.f32 s0, #0.1
vadd.f64 d16, d0, d1
vcvt.s32.f64 s0, d1, #32
vldr s0, [r0, #2]
vldr s0, [r0, #1024]
vldr.16 s0, [r0, #1]
vpush {d0-d16}  @ column differs: llvm-mc names d16; the manual refuses the count (regs > 16), so mlisa names the list
vldmia r0!, {s0, s2}
vabs.f64 d0, s1
vsqrt.f32 d0, d1  @ column differs: llvm-mc blames the .f32 suffix, mlisa the first D register where .f32 takes S
vmovx.f32 s0, s1
vins.f32 s0, s1
vsel.f32 s0, s1, s2
vselne.f32 s0, s1, s2
vcvta.s32.f32 d0, s1
vcmp.f32 s0, #1.0
vpop {s31, s0}
vldr d0, [r0, #-1024]
vstmia r0!, {d15-d0}
vpush {d8, q5}
vlldm pc
vmov.f64 s14, r1  @ column differs: llvm-mc blames the .f64 suffix, mlisa the S register where .f64 takes D
vmov.f16 d8, r2, r2  @ column differs: llvm-mc blames the .f16 suffix, mlisa the D register where .f16 takes S
