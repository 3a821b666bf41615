	.equ N, 2
	.text
	.if N >= 2 && N != 3
start:	{ s0: sadd s1, s2, 7 }
	.elseif N == 1
	{ misc: halt }
	.else
	.endif
	.ifdef start
	.irpc k, 12
	{ s0: sadd s\k, s2, \k }
	.endr
	.endif
	.macro m a, b=3
	.ifb \a
	.exitm
	.endif
	{ s0: sadd s1, s\a, \b }
	.endm
	m
	m b=4, a=2
	{ misc: halt }
