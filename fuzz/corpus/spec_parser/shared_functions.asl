// Sample()
// ========

bits(N) Sample(bits(N) op1, bits(N) op2, FPCRType fpcr)
    assert N IN {16,32,64};
    (type1, sign1, value1) = FPUnpack(op1, fpcr);
    if type1 == FPType_QNaN && !(sign1 IN {'0', '1x'}) then
        return op1;
    elsif value1 > 0.5 then
        return Zeros(N);
    else
        return bits(N) UNKNOWN;

(bits(N), bit) LSL_C(bits(N) x, integer shift);

bits(64) X[integer n, integer width]
    return _R[n];

X[integer n, integer width] = bits(width) value
    _R[n] = ZeroExtend(value, 64);

Elem[bits(N) &vector, integer e, integer size] = bits(size) value
    vector<(e+1)*size-1:e*size> = value;
