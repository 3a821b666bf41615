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
