bics r12, r11, #0xf000000f
mla r12, lr, r11, sp
