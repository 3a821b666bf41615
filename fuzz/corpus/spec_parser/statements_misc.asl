var x : integer = 3;
let y = 5;
repeat
    x = x + 1;
until x >= 10;
while x > 0 do
    x = x - 1;
if a then x = 1; else x = 2;
(bits(N) r, boolean sat) = SignedSatQ(x, N);
SEE "VMOV (register)";
IMPLEMENTATION_DEFINED "something";
EndOfDecode(Decode_UNDEF);
UInt('1010') + 0x1_F DIV 2 MOD 3 ^ 2
