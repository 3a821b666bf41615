@ gdb_mve.s: the program of tests/cli/gdb_test.cpp. gdb-multiarch debugs it
@ on `mlisa run --gdb` and on QEMU's gdbstub with the same script
@ (gdb_mve.gdb); the two transcripts must be equal. A VPT-predicated
@ VMLADAVA (lanes 0 and 2 active) at the label `mac`, a store the script
@ watches, then a semihosting exit with status 3.
@ Built by arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib
@ -nostartfiles -Wl,-Ttext=0 -I tests/programs.
    .include "m55_reset.inc"   @ the vector table and CPACR (tests/programs)
    ldr r2, =avec
    ldr r3, =bvec
    vldrw.u32 q0, [r2]
    vldrw.u32 q1, [r3]
    movs r0, #100
    movw r1, #0x0F0F           @ VPR.P0: bytes of lanes 0 and 2
    vmsr p0, r1
    vpst
mac:
    vmladavat.s32 r0, q0, q1   @ 100 + 1*5 + 3*7 = 126 (lanes 1 and 3 masked off)
    vadd.i32 q2, q0, q1
    ldr r4, =0x20000100
    str r0, [r4]               @ the watched store
    vstrw.32 q2, [r4, #16]
    movs r0, #0x20             @ SYS_EXIT_EXTENDED
    ldr r1, =block
    bkpt 0xab
1:  b 1b
    .align 4
avec:
    .word 1, -2, 3, 4
bvec:
    .word 5, 6, 7, -8
block:
    .word 0x20026, 3
