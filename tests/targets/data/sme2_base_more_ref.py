#!/usr/bin/env python3
"""Section 3 of sme2_base_more.s (SMLAL, SMLSL, UMLAL, UMLSL into ZA), which
QEMU 7.2 cannot run: prints the lines the program prints for it, computed
from the manual's definition, SVL 512. sme2_base_more.expected is the first
84 lines of QEMU's output (sections 1 and 2, the program built with
-Wa,-defsym,NO_SME2=1), these lines, then the closing 000000000000005f."""

VL = 512
HW = VL // 16          # halfwords per vector
NVEC = VL // 8         # ZA array vectors


def quads(*qs):
    return [(q >> (16 * k)) & 0xffff for q in qs for k in range(4)]


# ml_src, vector by vector, as halfwords (little-endian doublewords).
src = ([0x7fff, 0x8000, 0xffff, 0x0001, 0x8000, 0x7fff, 0x0000, 0xfffe]
       + quads(0x9ec3c4b07123a4e3, 0x4c7519f2eb54fc96, 0xe0c28ea9113a73ab, 0x6c7ba3bb2b8d2e5c,
               0x8f99a7134ddbb59f, 0x3183fa8cbec12d05)
       + [0x8000, 0x7fff, 0xffff, 0x8000, 0x0002, 0xffff, 0x7fff, 0x1234]
       + quads(0x85ff4bf98fb6e4c3, 0x1f9b0d2cf4dd4e4f, 0xb2b7cac9c83a9d80, 0x1e09d78f5c6d6bc4,
               0xf1acd8c2d18e4b0c, 0x6a7e5dbd2a5d3cfb)
       + quads(0x86317c0c4fe0891e, 0xe8c6d7d5c3f2a8e8, 0x83def68d2f5fe41b, 0x0df27dea81b2c9c3,
               0x2c0e16c7e4b5f0ca, 0x3468b07c6e7d1b20, 0xa80a3bb3de9a8a8c, 0x0ed0930bfa3fc4f8)
       + quads(*[0x8000800080008000] * 8)
       + quads(0x7b17d17bf1fa1d9b, 0x99b41a3b0d0ed9b4, 0x2c4aa1b39f01b6a1, 0xf9a4c0cfb3cb8e24,
               0x35ee0cfc2c5c79c2, 0xfb1d11c8a1fbae63, 0xf50c8fa2bbd6ea76, 0x3ecd7bb6d8a4f08b)
       + quads(*[0xffffffffffffffff] * 8)
       + quads(0x46e3c6de8e4e0bd4, 0x1bf9e7d72e19fe5c, 0x3f22bbb60d2a7fa7, 0x41ac90b5fc68a1d4,
               0x1d7da0dca78deb0c, 0x2d72f9ea1de75f09, 0x2f0c0ba5b8d9ed6b, 0xd42ff3a9c14dbba2)
       + quads(*[0x7fff7fff7fff7fff] * 8))
assert len(src) == 8 * HW
Z = [src[r * HW:(r + 1) * HW] for r in range(8)] + [[0] * HW for _ in range(24)]
ZA = [[0] * (VL // 32) for _ in range(NVEC)]   # 32-bit elements; zero after SMSTART
W = {8: 0, 9: 5, 10: 30, 11: 63}


def val(h, unsigned):
    return h if unsigned or h < 0x8000 else h - 0x10000


def mlal(unsigned, sub, wv, off, n, nreg, m, mstep, index):
    """The manual's SMLAL/SMLSL/UMLAL/UMLSL into ZA: nreg groups of two ZA
    vectors, (W + off) MOD (NVEC / nreg) rounded down to even, groups a
    stride apart; vector i of a group takes halfwords 2e + i of the first
    source, times halfword 2e + i of the second (index < 0) or halfword
    index of element e's 128-bit segment."""
    stride = NVEC // nreg
    vec = (W[wv] + off) % stride
    vec -= vec % 2
    for r in range(nreg):
        op1 = Z[(n + r) % 32]
        op2 = Z[m + mstep * r]
        for i in range(2):
            row = ZA[vec + i]
            for e in range(VL // 32):
                e2 = 2 * e + i if index < 0 else 2 * (e - e % 4) + index
                p = val(op1[2 * e + i], unsigned) * val(op2[e2], unsigned)
                row[e] = (row[e] - p if sub else row[e] + p) & 0xffffffff
        vec += stride


def vector_lines(v):
    row = ZA[v]
    return ['%016x' % (row[2 * k] | row[2 * k + 1] << 32) for k in range(len(row) // 2)]


out = []
# (unsigned, sub, Wv, offset, n, nreg, m, mstep, index), as the program runs them
mlal(False, False, 8, 0, 0, 1, 1, 0, 0)       # smlal za.s[w8, 0:1], z0.h, z1.h[0]
mlal(True, False, 8, 2, 0, 1, 1, 0, 0)        # umlal za.s[w8, 2:3], z0.h, z1.h[0]
out += vector_lines(0) + vector_lines(2)
mlal(False, True, 9, 4, 2, 1, 3, 0, 7)        # smlsl za.s[w9, 4:5], z2.h, z3.h[7]
mlal(True, True, 10, 14, 31, 1, 15, 0, 3)     # umlsl za.s[w10, 14:15], z31.h, z15.h[3]
mlal(False, False, 11, 6, 4, 2, 6, 0, 5)      # smlal za.s[w11, 6:7, vgx2], {z4.h, z5.h}, z6.h[5]
mlal(True, True, 10, 2, 6, 2, 0, 0, 1)        # umlsl za.s[w10, 2:3, vgx2], {z6.h, z7.h}, z0.h[1]
mlal(True, False, 9, 6, 0, 4, 7, 0, 2)        # umlal za.s[w9, 6:7, vgx4], {z0.h - z3.h}, z7.h[2]
mlal(False, True, 8, 0, 4, 4, 1, 0, 6)        # smlsl za.s[w8, 0:1, vgx4], {z4.h - z7.h}, z1.h[6]
mlal(False, False, 9, 8, 7, 1, 2, 0, -1)      # smlal za.s[w9, 8:9], z7.h, z2.h
mlal(True, True, 11, 14, 5, 1, 5, 0, -1)      # umlsl za.s[w11, 14:15], z5.h, z5.h
mlal(True, False, 10, 4, 31, 2, 3, 0, -1)     # umlal za.s[w10, 4:5, vgx2], {z31.h, z0.h}, z3.h
mlal(False, True, 8, 2, 30, 4, 4, 0, -1)      # smlsl za.s[w8, 2:3, vgx4], {z30.h, z31.h, z0.h, z1.h}, z4.h
mlal(False, False, 11, 0, 2, 2, 4, 1, -1)     # smlal za.s[w11, 0:1, vgx2], {z2.h, z3.h}, {z4.h, z5.h}
mlal(True, False, 10, 6, 0, 2, 0, 1, -1)      # umlal za.s[w10, 6:7, vgx2], {z0.h, z1.h}, {z0.h, z1.h}
mlal(False, True, 9, 2, 0, 4, 4, 1, -1)       # smlsl za.s[w9, 2:3, vgx4], {z0.h - z3.h}, {z4.h - z7.h}
mlal(True, True, 8, 4, 4, 4, 0, 1, -1)        # umlsl za.s[w8, 4:5, vgx4], {z4.h - z7.h}, {z0.h - z3.h}
for v in range(NVEC):
    out += vector_lines(v)
print('\n'.join(out))
