#!/usr/bin/env python3
# sme2_sve_more2_ref.py: the expected output of sections 3 and 4 of sme2_sve_more2.s
# (SQRSHRN, UQRSHRN, SQRSHRUN with a two-vector source: SVE2p1, which
# qemu-aarch64 7.2 does not implement), from the manual's definition:
# each 32-bit element of Zn (even result elements) and Zn+1 (odd ones),
# plus half of the last place shifted out, shifted right, clamped to the
# result's range (section 3); SDOT/UDOT (2-way) as sums of products (section
# 4, argument dot). VL 512. Prints 8 doublewords per instruction.
import struct, sys
VL = 512; E = VL // 32
words = [0x7fffffff, 0x80000000, 0xffffffff, 0x00000000, 0x00007fff, 0x00008000, 0x0000ffff, 0x00010000,
         0x7fff7fff, 0xffff8000, 0x0001ffff, 0x00017fff, 0xfffe8000, 0x12345678, 0xedcba987, 0x00000001,
         0x0000c000, 0xffff4000, 0x00018000, 0xfffe7fff, 0x3fffffff, 0xc0000000, 0x00000003, 0xfffffffd,
         0x00010001, 0x0000fffe, 0x00017ffe, 0x8000ffff, 0x40000000, 0xbfffffff, 0x00000080, 0x000000ff]
def sint(x): return x - (1 << 32) if x >> 31 else x
def run(op, shift):
    out = [0] * (2 * E)
    for r in range(2):
        for e in range(E):
            w = words[r * E + e]
            v = w if op == 'uqrshrn' else sint(w)
            v = (v + (1 << (shift - 1))) >> shift
            lo, hi = (0, 0xffff) if op in ('uqrshrn', 'sqrshrun') else (-0x8000, 0x7fff)
            v = max(lo, min(hi, v))
            out[2 * e + r] = v & 0xffff
    b = b''.join(struct.pack('<H', h) for h in out)
    return [struct.unpack('<Q', b[i:i + 8])[0] for i in range(0, 64, 8)]
# Section 4: SDOT/UDOT (2-way): Z0 (halfwords) by Z1 (halfwords), added to Z2 (words).
def elems(ws, n):  # the 32 words as n-bit elements
    b = b''.join(struct.pack('<I', w) for w in ws)
    return [int.from_bytes(b[i:i + n // 8], 'little') for i in range(0, 128 if n else 0, n // 8)]
def s16(x): return x - (1 << 16) if x >> 15 else x
acc = [0x7fffffff, 0x80000000, 0x00000001, 0xffffffff] * 4
def dot(unsigned, index=None):
    h0 = elems(words, 16)[:2 * E]; h1 = elems(words, 16)[2 * E:]
    out = []
    for e in range(E):
        s = e if index is None else e - e % 4 + index
        t = acc[e] + sum((h0[2 * e + i] if unsigned else s16(h0[2 * e + i])) * (h1[2 * s + i] if unsigned else s16(h1[2 * s + i])) for i in range(2))
        out.append(t & 0xffffffff)
    b = b''.join(struct.pack('<I', w) for w in out)
    return [struct.unpack('<Q', b[i:i + 8])[0] for i in range(0, 64, 8)]
if len(sys.argv) > 1 and sys.argv[1] == 'dot':
    for u in (False, True):
        for idx in (None, 0, 3):
            for q in dot(u, idx): print('%016x' % q)
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] == 'acc':
    print('dotacc:                         // the accumulator words of section 4')
    print('    .word ' + ', '.join('0x%08x' % w for w in acc))
    sys.exit(0)
if len(sys.argv) > 1 and sys.argv[1] == 'data':
    print('shrdata:                        // the 32 words of Z0:Z1 (sections 3)')
    for i in range(0, 32, 8):
        print('    .word ' + ', '.join('0x%08x' % w for w in words[i:i + 8]))
else:
    for op in ('sqrshrn', 'uqrshrn', 'sqrshrun'):
        for shift in (1, 7, 16):
            for q in run(op, shift): print('%016x' % q)
