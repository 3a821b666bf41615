@ Refused by mlisa and llvm-mc-19 (helper rt).
svc #256
udf #65536
mrs r0, foo
msr msp_nzcvq, r0
msr basepri_max_ns, r0
msr control_ns_nzcvq, r0
cpsie
cpsie x
mcr p8, #1, r5, c1, c1, #4
mcr2 p14, #1, r5, c1, c1, #4
mrc p9, #1, r5, c1, c1, #4
