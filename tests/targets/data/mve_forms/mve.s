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
