@ T32 forms of the assembler fixes of issue 15 (helper asm), in llvm-mc-19's spelling.

@ Immediate shift amounts (DecodeImmShift: LSR/ASR #32, ROR #1-31, RRX)
add.w r5, r9, r2, asr #32
add.w r5, r9, r2, lsr #32
add.w r5, r9, r2, ror #31
add.w r5, r9, r2, lsl #31
add.w r5, r9, r2, rrx
adds.w r5, r9, r2, asr #1
sub.w r5, r9, r2, lsr #32
subs.w r5, r9, r2, rrx
cmp.w r1, r2, asr #32
cmp.w r1, r2, rrx
mov.w r0, r1, lsl #2
mov.w r0, r1, asr #32
movs.w r0, r1, ror #3
mov.w r0, r1, rrx
