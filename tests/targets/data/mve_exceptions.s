@ mve_exceptions.s: exception entry and return of `mlisa run --target mve`
@ against QEMU 7.2's Cortex-M55 (tests/targets/mve_exceptions_test.cpp).
@ A startup routine installs handlers (the vector table below) and then:
@ a UDF escalated to a HardFault (UsageFault disabled); UDF and a BusFault
@ with their handlers enabled; SVC from
@ Thread mode with and without floating-point context (EXC_RETURN, the
@ stacked registers, S0 restored from the extended frame); MRS/MSR/CPS; and
@ a small RTOS: two tasks on their own process stacks (PSP) that yield by
@ SVC, the SVC handler pending PendSV, which switches the stacks, while
@ SysTick counts ticks. Everything is
@ printed in hex; the outputs must be equal line for line. Built by
@ arm-none-eabi-gcc -nostdlib -Wl,-Ttext=0 -Wl,-Tdata=0x20000000 with the
@ base T32 instructions only.
    .syntax unified
    .thumb
    .text
vectors:
    .word 0x20080000
    .word reset + 1
    .word fault + 1             @ NMI
    .word hardfault + 1
    .word fault + 1             @ MemManage
    .word busfault + 1
    .word usagefault + 1
    .word 0, 0, 0, 0
    .word svc_handler + 1
    .word 0, 0
    .word pendsv + 1
    .word systick + 1

    .include "mve_rt_lib.inc"

    .thumb_func
fault:
    print s_fault
    movs r0, #9
    b exit_status

@ store VALUE, ADDRESS (r0, r1 used)
    .macro store value, address
    ldr r0, =\value
    ldr r1, =\address
    str r0, [r1]
    .endm

@ The fault handlers print their name, the fault status registers, IPSR,
@ EXC_RETURN and the stacked PC, clear the status bits, step the stacked
@ PC over the faulting instruction (its width from its first halfword) and
@ return.
    .thumb_func
hardfault:
    mov r4, lr
    print s_hardfault
    show 0xE000ED2C             @ HFSR
    ldr r0, =0xffffffff
    ldr r1, =0xE000ED2C
    str r0, [r1]
    b fault_common
    .thumb_func
usagefault:
    mov r4, lr
    print s_usagefault
    b fault_common
    .thumb_func
busfault:
    mov r4, lr
    print s_busfault
    show 0xE000ED38             @ BFAR
fault_common:
    show 0xE000ED28             @ CFSR
    ldr r0, =0xffffffff
    ldr r1, =0xE000ED28
    str r0, [r1]
    mrs r0, ipsr
    bl puthex
    mov r0, r4
    bl puthex                   @ EXC_RETURN
    mrs r5, msp
    ldr r0, [r5, #24]           @ the stacked PC
    bl puthex
    ldrh r1, [r0]
    movs r2, #2
    movw r3, #0xe800
    cmp r1, r3
    it hs
    movhs r2, #4
    add r0, r0, r2
    str r0, [r5, #24]
    bx r4

@ SVC: SVC 1 yields; any other prints R0-R3, R12 and the APSR as the
@ handler finds them, ORed (exception entry zeroes them), IPSR, EXC_RETURN,
@ the SVC number (from the stacked return address), the stacked R0 and
@ xPSR, CONTROL, and overwrites S0 (restored at return from an extended
@ frame).
    .thumb_func
svc_handler:
    orr r0, r0, r1
    orr r0, r0, r2
    orr r0, r0, r3
    orr r0, r0, r12
    mrs r1, apsr
    orr r0, r0, r1
    ldr r1, =entry_regs
    str r0, [r1]
    mov r4, lr
    mrs r0, psp
    mrs r5, msp
    movw r1, #0xfffd            @ from Thread mode on the PSP (no FP context):
    movt r1, #0xffff            @ the frame is on the process stack
    cmp r4, r1
    it eq
    moveq r5, r0
    ldr r0, [r5, #24]
    subs r0, #2
    ldrb r0, [r0]
    cmp r0, #1
    beq svc_yield
    print s_svc
    ldr r0, =entry_regs
    ldr r0, [r0]
    bl puthex
    mrs r0, ipsr
    bl puthex
    mov r0, r4
    bl puthex
    ldr r0, [r5, #24]
    subs r0, #2
    ldrb r0, [r0]
    bl puthex
    ldr r0, [r5]
    bl puthex
    ldr r0, [r5, #28]
    bl puthex
    mrs r0, control
    bl puthex
    ldr r0, =0x11111111
    vmov s0, r0
    mrs r0, control             @ FPCA set by the handler's own FP use
    bl puthex
    bx r4

@ SVC 1 (from a task): yield, by making PendSV pending; PendSV (of lower
@ priority) is taken when the SVC returns.
svc_yield:
    ldr r0, =0xE000ED04
    movs r1, #1
    movt r1, #0x1000
    str r1, [r0]
    bx r4

@ PendSV: saves R4-R11 on the running task's process stack, switches to
@ the other task and restores its R4-R11.
    .thumb_func
pendsv:
    mrs r0, psp
    subs r0, #32
    str r4, [r0]
    str r5, [r0, #4]
    str r6, [r0, #8]
    str r7, [r0, #12]
    str r8, [r0, #16]
    str r9, [r0, #20]
    str r10, [r0, #24]
    str r11, [r0, #28]
    ldr r1, =tcb
    ldr r2, [r1, #8]            @ current: 0 or 1
    add r3, r2, r2
    add r3, r3, r3
    str r0, [r1, r3]
    movs r3, #1
    subs r2, r3, r2
    str r2, [r1, #8]
    add r3, r2, r2
    add r3, r3, r3
    ldr r0, [r1, r3]
    ldr r4, [r0]
    ldr r5, [r0, #4]
    ldr r6, [r0, #8]
    ldr r7, [r0, #12]
    ldr r8, [r0, #16]
    ldr r9, [r0, #20]
    ldr r10, [r0, #24]
    ldr r11, [r0, #28]
    adds r0, #32
    msr psp, r0
    bx lr

    .thumb_func
systick:
    ldr r0, =ticks
    ldr r1, [r0]
    adds r1, #1
    str r1, [r0]
    bx lr

@ yield: SVC 1.
    .thumb_func
yield:
    svc #1
    bx lr

@ The tasks' labels are not Thumb functions: their addresses are the
@ stacked return addresses of the initial frames, bit 0 clear.
task_a:
    store 99999, 0xE000E014         @ SYST_RVR
    store 0, 0xE000E018             @ SYST_CVR
    store 7, 0xE000E010             @ SYST_CSR: ENABLE, TICKINT, CLKSOURCE
    movs r6, #0
1:  print s_task_a
    mov r0, r6
    bl puthex
    mrs r0, control
    bl puthex
    bl yield
    adds r6, #1
    cmp r6, #3
    blt 1b
2:  ldr r0, =ticks              @ wait for SysTick
    ldr r0, [r0]
    cmp r0, #3
    blt 2b
    print s_ticks
    mrs r0, ipsr
    bl puthex
    movs r0, #0
    b exit_status

task_b:
    movs r6, #0x10
1:  print s_task_b
    mov r0, r6
    bl puthex
    mrs r0, psp
    ldr r1, =0x20011000
    cmp r0, r1
    ite ls
    movls r0, #1
    movhi r0, #0
    bl puthex                   @ on its own stack
    bl yield
    adds r6, #1
    b 1b

@ The initial frame of a task: R4-R11, then R0-R3, R12, LR, PC, xPSR.
    .thumb_func
init_task:                      @ r0 = stack top, r1 = entry; returns the PSP
    subs r0, #64
    movs r2, #0
    movs r3, #0
1:  str r3, [r0, r2]
    adds r2, #4
    cmp r2, #64
    blt 1b
    str r1, [r0, #56]
    movs r2, #0
    movt r2, #0x0100            @ xPSR: T, Thread mode
    str r2, [r0, #60]
    bx lr

    .thumb_func
reset:
    store 0x00f00000, 0xE000ED88    @ CPACR: FP on
    dsb
    isb
    print s_boot
    mrs r0, control
    bl puthex
    mrs r0, ipsr
    bl puthex
    mrs r0, msp
    bl puthex
    @ A UDF with UsageFault disabled: HardFault (FORCED).
    udf #1
    @ UsageFault enabled: UDF, then an unaligned load with UNALIGN_TRP.
    store 0x00070000, 0xE000ED24    @ SHCSR: MEMFAULTENA, BUSFAULTENA, USGFAULTENA
    show 0xE000ED24
    udf.w #2
    @ A BusFault: a load from no memory.
    ldr r1, =0xF0000000
    ldr r0, [r1]
    @ Priorities read back.
    store 0xffffffff, 0xE000ED20    @ SHPR3: PendSV, SysTick lowest
    show 0xE000ED20
    @ SVC without and with floating-point context.
    ldr r0, =0x1234
    svc #7
    print s_after
    ldr r0, =0x22222222
    vmov s0, r0
    mrs r0, control
    bl puthex                       @ FPCA
    ldr r0, =0x5678
    svc #9
    print s_after
    vmov r0, s0
    bl puthex                       @ 22222222 again
    @ Masks.
    cpsid i
    mrs r0, primask
    bl puthex
    cpsie i
    mrs r0, primask
    bl puthex
    movs r0, #0x40
    msr basepri, r0
    movs r0, #0x80
    msr basepri_max, r0             @ not higher: ignored
    mrs r0, basepri
    bl puthex
    movs r0, #0x20
    msr basepri_max, r0
    mrs r0, basepri
    bl puthex
    movs r0, #0
    msr basepri, r0
    cpsid f
    mrs r0, faultmask
    bl puthex
    cpsie f
    ldr r0, =0xf8000000
    msr apsr_nzcvq, r0
    mrs r0, apsr
    bl puthex
    mrs r0, xpsr
    bl puthex
    movs r0, #0
    msr apsr_nzcvq, r0
    @ The tasks and the scheduler.
    @ Task B gets an initial frame that PendSV's first switch pops; task
    @ A runs at once on its process stack (CONTROL.SPSEL), with no
    @ floating-point context.
    ldr r0, =0x20011000
    ldr r1, =task_b
    bl init_task
    ldr r1, =tcb
    str r0, [r1, #4]
    ldr r0, =0x20010000
    msr psp, r0
    movs r0, #2
    msr control, r0
    isb
    b task_a

    .ltorg
    .data
    .balign 4
tcb:        .word 0, 0, 0           @ PSP of task A, of task B, current
ticks:      .word 0
entry_regs: .word 0
s_boot:     .asciz "boot\n"
s_fault:    .asciz "unexpected fault\n"
s_hardfault: .asciz "HardFault\n"
s_usagefault: .asciz "UsageFault\n"
s_busfault: .asciz "BusFault\n"
s_svc:      .asciz "SVC\n"
s_after:    .asciz "after SVC\n"
s_task_a:   .asciz "task A\n"
s_task_b:   .asciz "task B\n"
s_ticks:    .asciz "ticks\n"
