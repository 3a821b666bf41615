CheckFPEnabled();
bits(128) result;
for e = 0 to elements-1
    constant bits(16) a = Elem[op1, 2*e, 16];
    Elem[result, e, 32] = if neg then FPNeg(a) else a;
    result<e*8+7:e*8> = x<7:0>:y<lo+:4>;
(res, -) = AddWithCarry(R[n], NOT(imm32), '1');
PSTATE.<N,Z,C,V> = nzcv;
