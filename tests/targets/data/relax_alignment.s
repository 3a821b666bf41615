@ Forms whose listing names labels that make neighbours' widths depend on each
@ other: narrow ADRs and literal loads reach only word-aligned targets, and
@ relaxing the listing must find the layout the bytes have (mlisa gen forms,
@ reduced to the lines the old relaxation got wrong).
	.syntax unified
	.thumb
	.text
	adr r6, #220
	adr r3, #104
	adr r0, #12
	adr r0, #1020
	adr r2, #8
	adr r7, #1020
	asrl r0, r7, #12
	asrl lr, r3, #7
	asrl lr, r9, #27
	asrl r8, r5, #12
	asrl r0, r7, #31
	asrl lr, r3, #10
	asrl lr, r7, #6
	asrl r2, r5, #25
	asrl r8, r3, r0
	asrl r6, r3, r0
	asrl r0, r5, r2
	asrl r2, r7, r9
	asrl r6, r1, r2
	asrl lr, r3, r4
	asrl r10, r7, r1
	asrl r2, r11, r1
	asrl r2, r5, r10
	asrl r2, r1, r0
	asrl r0, r5, r8
	asrl lr, r3, r7
	beq #-162
	bhs #-128
	bhi #46
	bgt #2
	beq #206
	bhs #200
	beq #6
	beq #0
	bls #-2
	bvc #0
	bhi #94
	blo #4
	b #2
	b #6
	b #-1144
	b #0
	b #1814
	b #-1082
	b #1758
	b #1218
	b #650
	b #-2
	b #-462
	b #-196
	blt #536574
	blo #-145824
	bfi r4, r3, #23, #9
	bfl #8, #-4094
	bfl #4, #139110
	bfl #16, #-47694
	bfl #30, #-742
	bfl #24, #40958
	bfl #2, #-2736
	bfl #2, #111576
	bfl #30, #-149694
	bfl #10, #2778
	bfl #16, #8326
	bfl #20, #-204804
	bfl #30, #10662
	bflx #30, r3
	bflx #28, r12
	bflx #30, r11
	bflx #10, r0
	bflx #26, r3
	bflx #30, r4
	bflx #30, r2
