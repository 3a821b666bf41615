@ Lines llvm-mc-19 and GNU as refuse (helper asm, issue 15).

@ Shift amounts out of range
add.w r5, r9, r2, lsl #32
add.w r5, r9, r2, ror #32
add.w r5, r9, r2, asr #33

