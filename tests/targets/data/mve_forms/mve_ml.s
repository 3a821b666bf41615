@ Forms of the ML instructions (isa/mve/v*.isa) that the ml suite runs.
vmax.s8 q0, q1, q2
vmaxa.s16 q7, q3
vmaxv.u32 r0, q1
vmaxnmav.f16 lr, q7
vminnm.f32 q0, q1, q2
vmladav.s8 r0, q1, q2
vmladavax.s16 r2, q3, q4
vmladava.u32 r12, q0, q7
vadd.i8 q0, q1, r2
vsub.f16 q3, q4, q5
vmul.f32 q1, q2, r3
vctp.16 r3
vpnot
vldrb.u8 q0, [r1]
vldrw.u32 q1, [r2, #64]!
vstrh.16 q3, [r4], #-32
dlstp.8 lr, r2
