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

@ {<Rd>,} <Rn>, <Rm>: an omitted first register is the next one
sub.w r3, r10
subs.w r3, r10
sub r3, r2
adds r1, r2
subs r3, r2
add r1, r2, lsl #2
add r1, r1, r2
itt eq
addseq r1, r10
addeq r1, r2
itt eq
addeq r1, r1, r2
subeq r1, r2

@ The narrowest encoding (ADD T2 commuted: ADD (SP plus register) T1)
add r2, sp, r2
add r2, r3, r2
add r9, r3, r9
add sp, r2, sp
adds r2, r3, r2
adds r0, r0, #1
adds r0, #1
adds r0, r0, #200
subs r0, #200

@ Two-operand immediates
add r2, #1
subw r0, #4095
add.w sp, #0x1fe0000
addw r1, #4095

@ PC-relative immediates, register names, negative immediates
b #-420
b.w #-420
le #-106
letp lr, #-8
bl #0
cbz r5, #8
add ip, fp, sb
add sl, ip, r1
add r0, r1, #-1
add r0, r1, #-256
sub r0, r1, #-4
subs r0, r0, #-8
adds r0, r0, #-8
add sp, #-8
add r0, r1, #-4095
movs r0, #-1
adds r0, #-4096
cmp r0, #-1
it lo
movlo r1, #-1

@ VPT blocks: predicated instructions carry their suffix
vpstt
vminnmavt.f32 r0, q1
vdupt.32 q0, r1
vpte.i32 eq, q0, q1
vaddt.i32 q0, q1, q2
vadde.i32 q0, q1, q2
