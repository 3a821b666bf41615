@ Lines that both mlisa and llvm-mc-19 refuse (helper mem's forms).
ldmdb r11, {r4, r5, r11, sp, lr}
ldm r0!, {r0, r1}  @ column differs: llvm-mc blames the '!', mlisa the base register (wback with Rn in the list is UNPREDICTABLE)
ldm r0, {r1, lr, pc}
ldrd r0, r0, [r1]
ldrd r0, r1, [r2, #2]
ldrd r0, r1, [r2, #1024]
strd r0, r1, [r2, #-1024]
ldrsb r0, [r1, #-256]
ldrsb r0, [r1, #4096]
ldrt r0, [r1, #256]
ldrt r0, [r1, #-4]
pld [r0, #-256]
pld [r0, r1, lsl #4]
ldrex r0, [r1, #2]
ldrex r0, [r1, #1024]
hint.w #240
blxns pc
strd r2, [r3], #8  @ column differs: <Rt2> is implied (r3, the base), so mlisa blames <Rt>, llvm-mc the base register
