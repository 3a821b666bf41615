	.text
start:	{ s0: sadd s1, s2, 70000 }
	{ s0: simm.w s1, 0x12345678; s1: simm.w s2, 1 }
	{ v0: vbcast v1, s3; v1: vadd v2, v3, s4; vls: vst v5, [s6 + 8] } .encoding vs2=7
	.data
	.word start, 3
	.ascii "x\n"
