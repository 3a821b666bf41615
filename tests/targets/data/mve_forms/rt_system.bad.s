@ Refused by mlisa and llvm-mc-19 (helper rt).
svc #256
udf #65536
mrs r0, foo
msr msp_nzcvq, r0
msr basepri_max_ns, r0
msr control_ns_nzcvq, r0
cpsie
cpsie x
