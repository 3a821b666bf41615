@ Refused by mlisa and by llvm-mc-19 (helper isa)
vld20.8 {q7, q8}, [r0]  @ column differs: llvm-mc names q8; mlisa refuses the list as a whole (its first register is past Q6)
vld40.8 {q5, q6, q7, q8}, [r0]  @ column differs: llvm-mc names q8; mlisa refuses the list as a whole (its first register is past Q4)
vld20.8 {q0, q2}, [r0]  @ column differs: llvm-mc names q2; mlisa refuses the list as a whole (not consecutive)
vld20.64 {q0, q1}, [r0]
vld20.8 {q0, q1}, [pc]  @ column differs: llvm-mc points at the bracket, mlisa at the base register
vld22.8 {q0, q1}, [r0]
vcmul.f32 q0, q1, q0, #90
vcmul.f64 q0, q1, q2, #90
vcadd.f32 q1, q2, q3, #180
vcmla.f32 q0, q1, q2, #45
vldr fpscr, [pc, #4]
vstr fpscr, [r0, #2]
vmov.i64 q0, #0x1234
vmov.f32 q0, #0.0
