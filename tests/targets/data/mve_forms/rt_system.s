@ SVC, UDF, MRS, MSR and CPS (helper rt): the forms llvm-mc-19 accepts and prints.
mrs r0, apsr
mrs r1, iapsr
mrs r1, eapsr
mrs r2, xpsr
mrs r3, ipsr
mrs r3,epsr
mrs r3, iepsr
mrs r4, msp
mrs r5, psp
mrs r5, msplim
mrs r5, psplim
mrs r6, primask
mrs r7, basepri
mrs r7, basepri_max
mrs r8, faultmask
mrs r9, control
msr apsr_nzcvq, r0
msr apsr_g, r0
msr apsr_nzcvqg, r0
msr apsr, r1
msr xpsr_nzcvq, r1
msr iapsr_nzcvq, r1
msr msp, r1
msr psp, r2
msr primask, r3
msr basepri, r4
msr basepri_max, r4
msr faultmask, r5
msr control, r6
msr msplim, r6
@ The Security Extension's Non-secure bank (the assembler's architecture has it; the machine not)
mrs r0, msp_ns
mrs r1, psp_ns
mrs r2, msplim_ns
mrs r3, psplim_ns
mrs r4, primask_ns
mrs r5, basepri_ns
mrs r6, faultmask_ns
mrs r7, control_ns
mrs r8, sp_ns
msr msp_ns, r0
msr psp_ns, r1
msr msplim_ns, r2
msr psplim_ns, r3
msr primask_ns, r4
msr basepri_ns, r5
msr faultmask_ns, r6
msr control_ns, r7
msr sp_ns, r8
cpsie i
cpsid i
cpsie f
cpsid f
cpsie if
svc #0
svc #255
swi #33
swi 7
udf #0
udf #255
udf.w #0
udf.w #65535
@ The generic coprocessor instructions (coprocessors 0 to 7, 12 and 13; a NOCP UsageFault when run)
mcr p7, #1, r5, c1, c1, #4
mcr p0, #0, r0, c0, c0
mcr2 p7, #1, r5, c1, c1, #4
mrc p7, #1, r5, c1, c1, #4
mrc p3, #2, apsr_nzcv, c4, c5, #6
mrc2 p1, #7, r12, c15, c0
mcrr p7, #1, r5, r4, c1
mcrr2 p6, #15, r0, r1, c2
mrrc p7, #1, r5, r4, c1
mrrc2 p2, #3, r8, r9, c10
cdp p7, #1, c1, c1, c1, #4
cdp2 p7, #1, c1, c1, c1, #4
cdp p5, #15, c15, c14, c13, #0
mrc2 p12, #3, r3, c3, c4, #0
mcr p13, #1, r0, c1, c2, #3
cdp p12, #1, c1, c1, c1, #4
