@ Lines both assemblers refuse.
vadd.i8 q8, q0, q1
vmax.s64 q0, q1, q2
mov r0, #0x12345678
ldr r0, [r1, #4096]
vmladav.s8 r1, q1, q2
