enumeration FPRounding {FPRounding_TIEEVEN, FPRounding_POSINF, FPRounding_NEGINF};
type FPCRType is (bits(2) RMode, bit FZ)
record Pair { integer a; bits(4) b; };
type FPSCR_Type of bits(32) { [31] N, [30] Z, [23:22] RMode };
type Word = bits(32);
bits(32) FPSCR;
constant integer MAX_VL = 2048;
array bits(64) _R[0..30];
