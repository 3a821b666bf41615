bics r12, r11, #0xf000000f
