#!/usr/bin/env python3
# sme2_sve_more3_ref.py: the expected output of section 8 of sme2_sve_more3.s
# (SVE2p1 and SME2 instructions, which qemu-aarch64 7.2 does not implement),
# written from the manual's definitions, independently of mlisa:
#   SQCVTN, UQCVTN, SQCVTUN (two and four vectors) and SQRSHRN, UQRSHRN,
#   SQRSHRUN (four vectors): each element of source vector r, read signed or
#   unsigned, plus half of the last place shifted out, shifted right and
#   clamped to the narrow range, goes to result element e * nreg + r;
#   SQDMULH (multiple and single vector, multiple vectors): the high half of
#   twice the signed product, saturated, all results formed before any is
#   written;
#   FCVT and FCVTN (FP32 to FP16, two vectors): FPConvert's unpacking (FZ
#   flushes single denormals with IDC; a signalling NaN raises IOC and is
#   quieted, DN gives the default NaN) and rounding (FPCR.RMode; the result
#   is never flushed, as FPRoundCV clears FZ16; Underflow when the result is
#   tiny before rounding and inexact; Overflow gives infinity or the largest
#   finite value by the rounding mode, with Inexact).
# `data` prints the program's input data; no argument prints the expected
# lines of section 8 and the last line 0x5f. VL 512.
import random, struct, sys
from fractions import Fraction
VL = 512; VB = VL // 8
random.seed(3)
LIMITS = [0x8080808080808080, 0x8000800080008000, 0x8000000080000000, 0x8000000000000000,
          0x7f7f7f7f7f7f7f7f, 0x7fff7fff7fff7fff, 0x7fffffff7fffffff, 0x7fffffffffffffff,
          0xffffffffffffffff, 0x0000000000000000, 0x00ff00ff00ff00ff, 0x0000ffff0000ffff,
          0x00000000ffffffff, 0x00007fff00008000, 0x0000000000010000, 0xff00ff80ff7f0080]
def vector(k):
    # doublewords 0-3 the most negative patterns (so products of them
    # saturate), then limits and random values that differ per vector
    w = LIMITS[:4] + [LIMITS[4 + (k + i) % 12] for i in range(2)] + [random.getrandbits(64) for _ in range(2)]
    return w
MV = [vector(k) for k in range(8)]
FC = [0x00000000, 0x80000000, 0x7f800000, 0xff800000, 0x7fc00001, 0xffbfffff, 0x7f800001, 0x00000001,
      0x477ff000, 0x477fefff, 0x33000000, 0x33000001, 0x38800000, 0x387fc000, 0x3f800001, 0xc77ff000,
      0x3eaaaaab, 0x40490fdb, 0x7f7fffff, 0x80800000, 0x38000000, 0xb87ff000, 0x33800001, 0xc2f6e979,
      0x3f801000, 0x3f803000, 0xbf801000, 0x3380000f, 0x477fe000, 0x0080ffff, 0x47800000, 0x3c7fffff]
FPCRS = [0, 0x01080000, 0x02000000, 0x00400000, 0x00800000, 0x00c00000]

def words(dws, n):
    b = b''.join(struct.pack('<Q', d) for d in dws)
    return [int.from_bytes(b[i:i + n // 8], 'little') for i in range(0, len(b), n // 8)]
def dwords(elems, n):
    b = b''.join(e.to_bytes(n // 8, 'little') for e in elems)
    return [struct.unpack('<Q', b[i:i + 8])[0] for i in range(0, len(b), 8)]
def sint(x, n): return x - (1 << n) if x >> (n - 1) else x

def narrow(srcs, esize, shift, usrc, udst):
    nreg = len(srcs); osize = esize // nreg
    lo, hi = (0, (1 << osize) - 1) if udst else (-(1 << (osize - 1)), (1 << (osize - 1)) - 1)
    E = VL // esize; out = [0] * (E * nreg)
    for r, v in enumerate(srcs):
        for e, x in enumerate(words(v, esize)):
            x = x if usrc else sint(x, esize)
            if shift: x = (x + (1 << (shift - 1))) >> shift
            out[e * nreg + r] = max(lo, min(hi, x)) & ((1 << osize) - 1)
    return dwords(out, osize)

def sqdmulh(dn, ms, esize):
    res = []
    for a, b in zip(dn, ms):
        out = []
        for x, y in zip(words(a, esize), words(b, esize)):
            p = (2 * sint(x, esize) * sint(y, esize)) >> esize
            out.append(max(-(1 << (esize - 1)), min((1 << (esize - 1)) - 1, p)) & ((1 << esize) - 1))
        res.append(dwords(out, esize))
    return res

IOC, OFC, UFC, IXC, IDC = 1, 4, 8, 16, 128
def cvt(x, fpcr, fl):
    sign = x >> 31; exp = (x >> 23) & 0xff; frac = x & 0x7fffff
    if exp == 0xff:
        if frac == 0: return sign << 15 | 0x7c00
        if not frac >> 22: fl[0] |= IOC
        if fpcr & (1 << 25): return 0x7e00
        return sign << 15 | 0x7e00 | (frac >> 13)
    if exp == 0:
        if frac == 0: return sign << 15
        if fpcr & (1 << 24): fl[0] |= IDC; return sign << 15
        val = Fraction(frac, 1 << 149)
    else:
        val = Fraction(frac | 1 << 23) * Fraction(2) ** (exp - 150)
    e = 0
    while Fraction(2) ** (e + 1) <= val: e += 1
    while Fraction(2) ** e > val: e -= 1
    if e < -14:
        bexp = 0; scaled = val * (1 << 24)
    else:
        bexp = e + 15; scaled = val * Fraction(2) ** (10 - e)
    mant = scaled.numerator // scaled.denominator; err = scaled - mant
    if bexp == 0 and err != 0: fl[0] |= UFC
    rmode = (fpcr >> 22) & 3
    if rmode == 0: up = err > Fraction(1, 2) or (err == Fraction(1, 2) and mant & 1)
    elif rmode == 1: up = err != 0 and not sign
    elif rmode == 2: up = err != 0 and sign
    else: up = False
    if up:
        mant += 1
        if mant == 1 << 10: bexp = 1
        if mant == 1 << 11: bexp += 1; mant >>= 1
    if bexp >= 31:
        fl[0] |= OFC | IXC
        if rmode == 0 or (rmode == 1 and not sign) or (rmode == 2 and sign): return sign << 15 | 0x7c00
        return sign << 15 | 0x7bff
    if err != 0: fl[0] |= IXC
    return sign << 15 | bexp << 10 | (mant & 0x3ff)

def fcvt(a, b, fpcr, interleave):
    fl = [0]; A = list(a); B = list(b); E = len(A)
    out = [0] * (2 * E)
    for i in range(E):
        ra = cvt(A[i], fpcr, fl); rb = cvt(B[i], fpcr, fl)
        if interleave: out[2 * i], out[2 * i + 1] = ra, rb
        else: out[i], out[E + i] = ra, rb
    return dwords(out, 16) + [fl[0]]


# BFMLALB/BFMLALT/BFMLSLB/BFMLSLT: FPMulAdd(addend, op1, op2) in single
# precision with the BFloat16 sources widened exactly (op1 negated for the
# subtractions, a sign flip): FZ flushes single denormal inputs (IDC) and
# outputs (UFC); NaNs by FPProcessNaNs3 (addend, op1, op2; signalling before
# quiet), with a quiet-NaN addend and infinity times zero giving the default
# NaN with IOC; then infinities, exact zeros, and one rounding.
BFA = [0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x7f81, 0x0001, 0x007f, 0x0080, 0x7f7f, 0x3f80, 0xbf80, 0x3eab, 0x4049, 0xc2f7, 0x0040,
       0x3f81, 0xff81, 0xffc1, 0x8001, 0x4000, 0x7f00, 0x0000, 0x3f80, 0x5f00, 0x1f80, 0x8080, 0xc000, 0x3c00, 0xbc01, 0x4b80, 0x3fff]
BFB = [0x3f80, 0x7f80, 0x0000, 0x3f80, 0x3f80, 0x7fc1, 0x3f80, 0x4000, 0xbf80, 0x7f7f, 0x8000, 0x3f80, 0x4040, 0x4049, 0x0000, 0xff80,
       0x3f80, 0x0001, 0x7fc0, 0x3f80, 0x7f00, 0x7f00, 0x8000, 0xbf80, 0x5f00, 0x1f80, 0x0080, 0x3f01, 0xc3ff, 0x4380, 0xcb80, 0x3f7f]
BFFPCRS = [0, 0x01000000, 0x02000000, 0x00800000]
def unpack32(x, fpcr, fl):
    sign = x >> 31; exp = (x >> 23) & 0xff; frac = x & 0x7fffff
    if exp == 0xff:
        if frac == 0: return ('inf', sign, None)
        return ('qnan' if frac >> 22 else 'snan', sign, None)
    if exp == 0:
        if frac == 0: return ('zero', sign, Fraction(0))
        if fpcr & (1 << 24): fl[0] |= IDC; return ('zero', sign, Fraction(0))
        v = Fraction(frac, 1 << 149)
    else:
        v = Fraction(frac | 1 << 23) * Fraction(2) ** (exp - 150)
    return ('num', sign, -v if sign else v)
def round32(val, fpcr, fl):
    sign = 1 if val < 0 else 0; a = -val if sign else val
    e = 0
    while Fraction(2) ** (e + 1) <= a: e += 1
    while Fraction(2) ** e > a: e -= 1
    if fpcr & (1 << 24) and e < -126:
        fl[0] |= UFC; return sign << 31
    if e < -126: bexp = 0; sc = a * Fraction(2) ** 149
    else: bexp = e + 127; sc = a * Fraction(2) ** (23 - e)
    mant = sc.numerator // sc.denominator; err = sc - mant
    if bexp == 0 and err != 0: fl[0] |= UFC
    rmode = (fpcr >> 22) & 3
    if rmode == 0: up = err > Fraction(1, 2) or (err == Fraction(1, 2) and mant & 1)
    elif rmode == 1: up = err != 0 and not sign
    elif rmode == 2: up = err != 0 and sign
    else: up = False
    if up:
        mant += 1
        if mant == 1 << 23: bexp = 1
        if mant == 1 << 24: bexp += 1; mant >>= 1
    if bexp >= 255:
        fl[0] |= OFC | IXC
        if rmode == 0 or (rmode == 1 and not sign) or (rmode == 2 and sign): return sign << 31 | 0x7f800000
        return sign << 31 | 0x7f7fffff
    if err != 0: fl[0] |= IXC
    return sign << 31 | bexp << 23 | (mant & 0x7fffff)
def fma32(a, x, y, fpcr, fl):
    ta, sa, va = unpack32(a, fpcr, fl); t1, s1, v1 = unpack32(x, fpcr, fl); t2, s2, v2 = unpack32(y, fpcr, fl)
    dn = fpcr & (1 << 25)
    for t, v in ((ta, a), (t1, x), (t2, y)):
        if t == 'snan':
            fl[0] |= IOC; return 0x7fc00000 if dn else v | 0x400000
    for t, v in ((ta, a), (t1, x), (t2, y)):
        if t == 'qnan':
            if t is ta and ((t1 == 'inf' and t2 == 'zero') or (t1 == 'zero' and t2 == 'inf')):
                fl[0] |= IOC; return 0x7fc00000
            return 0x7fc00000 if dn else v
    infP = t1 == 'inf' or t2 == 'inf'; zeroP = t1 == 'zero' or t2 == 'zero'; sP = s1 ^ s2
    if (t1 == 'inf' and t2 == 'zero') or (t1 == 'zero' and t2 == 'inf') or (ta == 'inf' and infP and sa != sP):
        fl[0] |= IOC; return 0x7fc00000
    if (ta == 'inf' and sa == 0) or (infP and sP == 0): return 0x7f800000
    if (ta == 'inf' and sa == 1) or (infP and sP == 1): return 0xff800000
    if ta == 'zero' and zeroP and sa == sP: return sa << 31
    r = va + v1 * v2
    if r == 0: return (1 << 31) if ((fpcr >> 22) & 3) == 2 else 0
    return round32(r, fpcr, fl)
def bfml(sel, index, sub, fpcr):
    fl = [0]; out = []
    for e in range(16):
        e2 = 2 * (e - e % 4) + index if index is not None else 2 * e + sel
        x = BFA[2 * e + sel]
        if sub: x ^= 0x8000
        out.append(fma32(FC[e], x << 16, BFB[e2] << 16, fpcr, fl))
    return dwords(out, 32) + [fl[0]]
def bfsection(sub):
    out = []
    for fpcr in BFFPCRS:
        for sel in (0, 1):
            for index in (None, 0, 7):
                out += bfml(sel, index, sub, fpcr)
    return out

# FDOT (2-way, FP16 to FP32): FPDotAdd. A NaN among op1_a, op1_b, op2_a,
# op2_b (signalling first, in that order; IOC for a signalling one) is the
# products' value, widened and quieted or the default NaN under DN;
# otherwise the halves (FZ16 flushes denormals, silently) give the exact
# op1_a * op2_a + op1_b * op2_b, an infinity times a zero or opposite
# infinite products being Invalid Operation, rounded once to single
# precision; then FPAdd(addend, products) rounds again.
FHA = [0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0x0001, 0x03ff, 0x0400, 0x7bff, 0x3c00, 0xbc00, 0x3555, 0xc900, 0x5640, 0x1234,
       0x8001, 0x7d00, 0xfe00, 0x0000, 0x7c00, 0x8000, 0x3c01, 0x0200, 0xfbff, 0x4248, 0x0400, 0x83ff, 0xc000, 0x7bfe, 0x0003, 0x3800]
FHB = [0x7c00, 0x0000, 0x3c00, 0xbc00, 0x3c00, 0x3c00, 0x7bff, 0x7bff, 0x3c00, 0x3c00, 0x7e01, 0x3c00, 0x3c00, 0x4000, 0x0001, 0x0400,
       0x7c00, 0x3c00, 0x3c00, 0x7d01, 0xfc00, 0x0000, 0x3c00, 0x7c00, 0x7bff, 0x3c00, 0x3c00, 0x3c00, 0x3c00, 0x3c00, 0x0001, 0x8001]
FDFPCRS = [0, 0x01080000, 0x02000000, 0x00800000]
def unpack16(x, fpcr):
    sign = x >> 15; exp = (x >> 10) & 0x1f; frac = x & 0x3ff
    if exp == 0x1f: return ('inf' if frac == 0 else 'nan', sign, None)
    if exp == 0:
        if frac == 0 or fpcr & (1 << 19): return ('zero', sign, Fraction(0))
        v = Fraction(frac, 1 << 24)
    else:
        v = Fraction(frac | 1 << 10) * Fraction(2) ** (exp - 25)
    return ('num', sign, -v if sign else v)
def fpadd32(a, b, fpcr, fl):
    ta, sa, va = unpack32(a, fpcr, fl); tb, sb, vb = unpack32(b, fpcr, fl)
    dn = fpcr & (1 << 25)
    for t, v in ((ta, a), (tb, b)):
        if t == 'snan': fl[0] |= IOC; return 0x7fc00000 if dn else v | 0x400000
    for t, v in ((ta, a), (tb, b)):
        if t == 'qnan': return 0x7fc00000 if dn else v
    if ta == 'inf' and tb == 'inf' and sa != sb: fl[0] |= IOC; return 0x7fc00000
    if ta == 'inf': return sa << 31 | 0x7f800000
    if tb == 'inf': return sb << 31 | 0x7f800000
    if ta == 'zero' and tb == 'zero' and sa == sb: return sa << 31
    r = va + vb
    if r == 0: return (1 << 31) if ((fpcr >> 22) & 3) == 2 else 0
    return round32(r, fpcr, fl)
def fpdotadd(addend, o1a, o1b, o2a, o2b, fpcr, fl):
    ops = (o1a, o1b, o2a, o2b); prod = None
    for quiet in (0, 1):
        for o in ops:
            if prod is None and (o >> 10) & 0x1f == 0x1f and o & 0x3ff and (o >> 9) & 1 == quiet:
                if not quiet: fl[0] |= IOC
                prod = 0x7fc00000 if fpcr & (1 << 25) else (o >> 15) << 31 | 0x7fc00000 | (o & 0x1ff) << 13
    if prod is None:
        u = [unpack16(o, fpcr) for o in ops]
        (t1a, s1a, v1a), (t1b, s1b, v1b), (t2a, s2a, v2a), (t2b, s2b, v2b) = u
        infa = 'inf' in (t1a, t2a); infb = 'inf' in (t1b, t2b); za = 'zero' in (t1a, t2a); zb = 'zero' in (t1b, t2b)
        spa = s1a ^ s2a; spb = s1b ^ s2b
        if (infa and za) or (infb and zb) or (infa and infb and spa != spb):
            fl[0] |= IOC; prod = 0x7fc00000
        elif infa: prod = spa << 31 | 0x7f800000
        elif infb: prod = spb << 31 | 0x7f800000
        elif za and zb and spa == spb: prod = spa << 31
        else:
            r = v1a * v2a + v1b * v2b
            prod = ((1 << 31) if ((fpcr >> 22) & 3) == 2 else 0) if r == 0 else round32(r, fpcr, fl)
    return fpadd32(addend, prod, fpcr, fl)
def fdot(index, fpcr):
    fl = [0]; out = []
    for e in range(16):
        s = e if index is None else e - e % 4 + index
        out.append(fpdotadd(FC[e], FHA[2 * e], FHA[2 * e + 1], FHB[2 * s], FHB[2 * s + 1], fpcr, fl))
    return dwords(out, 32) + [fl[0]]
def fdsection():
    out = []
    for fpcr in FDFPCRS:
        for index in (None, 0, 3):
            out += fdot(index, fpcr)
    return out

def expected():
    out = []
    # 8a: two-vector SQCVTN, UQCVTN, SQCVTUN (SVE2p1)
    out += narrow(MV[0:2], 32, 0, False, False)
    out += narrow(MV[2:4], 32, 0, True, True)
    out += narrow(MV[4:6], 32, 0, False, True)
    out += bfsection(True)
    out += fdsection()
    # 8b: four vectors
    for esize, base in ((32, 0), (64, 4)):
        for us, ud in ((False, False), (True, True), (False, True)):
            out += narrow(MV[base:base + 4], esize, 0, us, ud)
    # 8c: four-vector rounding shifts
    for esize, base, shifts in ((32, 0, (1, 7, 32)), (64, 4, (1, 33, 64))):
        for us, ud in ((False, False), (True, True), (False, True)):
            for s in shifts:
                out += narrow(MV[base:base + 4], esize, s, us, ud)
    # 8d: SQDMULH
    for esize in (8, 16, 32, 64):
        for r in sqdmulh(MV[0:2], [MV[5]] * 2, esize): out += r
        for r in sqdmulh(MV[0:4], [MV[4]] * 4, esize): out += r
        for r in sqdmulh(MV[0:2], MV[6:8], esize): out += r
        for r in sqdmulh(MV[0:4], MV[4:8], esize): out += r
    for r in sqdmulh(MV[0:4], [MV[1]] * 4, 16): out += r
    # 8e: FCVT, FCVTN under each FPCR
    for fpcr in FPCRS:
        out += fcvt(FC[:16], FC[16:], fpcr, False)
        out += fcvt(FC[:16], FC[16:], fpcr, True)
    out.append(0x5f)
    return out

if len(sys.argv) > 1 and sys.argv[1] == 'bfmlal':
    # BFMLALB/BFMLALT (section 7b, which QEMU runs): a check of this model
    for q in bfsection(False): print('%016x' % q)
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] == 'data':
    print('mvdata:                         // eight vectors for section 8 (sme2_sve_more3_ref.py data)')
    for v in MV:
        for i in range(0, 8, 4): print('    .quad ' + ', '.join('0x%016x' % q for q in v[i:i + 4]))
    print('fcdata:                         // 32 singles for FCVT and FCVTN (section 8)')
    for i in range(0, 32, 8): print('    .word ' + ', '.join('0x%08x' % w for w in FC[i:i + 8]))
    print('fcvtfpcrs:                      // none; FZ+FZ16; DN; RP; RM; RZ')
    print('    .quad ' + ', '.join('0x%08x' % f for f in FPCRS))
else:
    for q in expected(): print('%016x' % q)
