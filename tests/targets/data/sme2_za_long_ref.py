#!/usr/bin/env python3
# Writes sme2_za_long.s (a test program for mlisa run --svl 512) and
# sme2_za_long.expected (what it must print). The expected values are
# computed here from the Arm manual's definitions of SMLALL, SMLSLL, UMLALL,
# UMLSLL, USMLALL and SUMLALL (multiply-add long-long into ZA quad-vector
# groups), independently of mlisa: QEMU 7.2 has no SME2.
# With the 64-bit forms (FEAT_SME_I16I64, which QEMU's max CPU has);
# `--without-d` leaves them out.
import random, sys
random.seed(20261208)
VL = 512; VB = VL // 8; NZA = VB
WITH_D = '--without-d' not in sys.argv
inputs, asm, out = [], [], []
def elems(vec, N): return [int.from_bytes(vec[i * N // 8:(i + 1) * N // 8], 'little') for i in range(VL // N)]
def mkvec(es, N): return b''.join((e & ((1 << N) - 1)).to_bytes(N // 8, 'little') for e in es)
def add_input(v): inputs.append(v); return len(inputs) - 1
def emit_vec(v): out.extend(int.from_bytes(v[i:i + 8], 'little') for i in range(0, VB, 8))
def movx1(v): return f"    mov x1, #{v & 0xffff}" + (f"\n    movk x1, #{v >> 16}, lsl #16" if v >> 16 else "")
def load(z, idx): asm.append(f"{movx1(idx * VB)}\n    add x1, x20, x1\n    ldr z{z}, [x1]")
def sint(x, N): return x - (1 << N) if x >> (N - 1) else x
def ival(x, N, u): return x if u else sint(x, N)

# Narrow inputs rich in the limits: 0, 1, -1, the most negative and most positive.
def narrow_vec(N):
    sp = [0, 1, (1 << N) - 1, 1 << (N - 1), (1 << (N - 1)) - 1, (1 << (N - 1)) + 1]
    return add_input(mkvec([random.choice(sp) if random.random() < 0.5 else random.getrandbits(N) for _ in range(VL // N)], N))
NIN = {8: [narrow_vec(8) for _ in range(8)], 16: [narrow_vec(16) for _ in range(8)]}

# ZA starts with random words, some near the limits, so the sums wrap.
def za_word():
    return random.choice([0, 0x7fffffff, 0x80000000, 0xffffffff, random.getrandbits(32)])
zain = [add_input(mkvec([za_word() for _ in range(VL // 32)], 32)) for _ in range(NZA)]
za = [bytearray(inputs[i]) for i in zain]
asm.append(f"{movx1(zain[0] * VB)}\n    add x1, x20, x1\n    mov w12, #0\nza_fill:\n    ldr za[w12, 0], [x1]\n    add x1, x1, #{VB}\n    add w12, w12, #1\n    cmp w12, #{NZA}\n    b.ne za_fill")

# The manual's operation: nreg groups of four ZA vectors, vstride apart; in
# each, vector i's element e accumulates Zn[4e+i] * Zm[4e+i] (or Zm's
# indexed element of the 128-bit segment holding e).
def mlall(esize, wv, offset, zn, zm, nreg, index, u1, u2, sub):
    ns = esize // 4; vstride = NZA // nreg; vec = (wv + offset) % vstride; vec -= vec % 4
    eps = 128 // esize; touched = []
    for r in range(nreg):
        a = elems(zn[r], ns); b = elems(zm[r], ns)
        for i in range(4):
            acc = elems(bytes(za[vec + i]), esize); res = []
            for e in range(VL // esize):
                e2 = 4 * e + i if index < 0 else 4 * (e - e % eps) + index
                p = ival(a[4 * e + i], ns, u1) * ival(b[e2], ns, u2)
                res.append(acc[e] - p if sub else acc[e] + p)
            za[vec + i] = bytearray(mkvec(res, esize)); touched.append(vec + i)
        vec += vstride
    return touched

def zlist(z0, nreg, t):
    regs = [(z0 + r) % 32 for r in range(nreg)]
    if nreg == 1: return f"z{z0}.{t}"
    if nreg == 4 and regs[0] <= 28: return f"{{z{regs[0]}.{t}-z{regs[3]}.{t}}}"
    return "{" + ", ".join(f"z{x}.{t}" for x in regs) + "}"

SIGNS = {'smlall': (0, 0, 0), 'smlsll': (0, 0, 1), 'umlall': (1, 1, 0), 'umlsll': (1, 1, 1), 'usmlall': (1, 0, 0), 'sumlall': (0, 1, 0)}
cases = []   # (mnemonic, esize, form, nreg)
for mn in ['smlall', 'smlsll', 'umlall', 'umlsll']:
    for esize in ([32, 64] if WITH_D else [32]):
        for form, nregs in (('idx', (1, 2, 4)), ('single', (1, 2, 4)), ('multi', (2, 4))):
            for nreg in nregs: cases.append((mn, esize, form, nreg))
for form, nregs in (('idx', (1, 2, 4)), ('single', (1, 2, 4)), ('multi', (2, 4))):
    for nreg in nregs: cases.append(('usmlall', 32, form, nreg))
for form, nregs in (('idx', (1, 2, 4)), ('single', (2, 4))):
    for nreg in nregs: cases.append(('sumlall', 32, form, nreg))

for k, (mn, esize, form, nreg) in enumerate(cases):
    ns = esize // 4; t = 'b' if ns == 8 else 'h'; zt = 's' if esize == 32 else 'd'
    u1, u2, sub = SIGNS[mn]
    w = 8 + k % 4
    wv = random.choice([0, 3, 17, 62, 0x7ffffffe, 0xffffffff, random.getrandbits(32)])
    offmax = 12 if nreg == 1 else 4
    offset = random.choice(range(0, offmax + 1, 4))
    if form == 'multi':
        n = random.choice(range(0, 32, nreg)); m = random.choice(range(0, 32, nreg))
        while m == n: m = random.choice(range(0, 32, nreg))
        nregs_list = [(n + r) % 32 for r in range(nreg)]; mregs = [m + r for r in range(nreg)]
    else:
        n = random.choice(range(0, 32, nreg)) if form == 'idx' else random.randrange(32)
        nregs_list = [(n + r) % 32 for r in range(nreg)]
        m = random.choice([x for x in range(16) if x not in nregs_list]); mregs = [m] * nreg
    src = {}
    for r, z in enumerate(nregs_list): src[z] = NIN[ns][(k + r) % 8]
    for r, z in enumerate(mregs): src[z] = NIN[ns][(k + 3 * r + 5) % 8]
    for z, idx in src.items(): load(z, idx)
    asm.append(f"    mov w{w}, #{wv & 0xffff}\n    movk w{w}, #{wv >> 16}, lsl #16")
    index = -1
    if form == 'idx':
        index = random.randrange(128 // ns) if k % 3 else (128 // ns) - 1
        second = f"z{m}.{t}[{index}]"
    elif form == 'single': second = f"z{m}.{t}"
    else: second = zlist(m, nreg, t)
    vg = '' if nreg == 1 else (f', vgx{nreg}' if k % 2 == 0 else '')
    first = zlist(n, nreg, t) if nreg > 1 else f"z{n}.{t}"
    asm.append(f"    {mn} za.{zt}[w{w}, {offset}:{offset + 3}{vg}], {first}, {second}")
    touched = mlall(esize, wv, offset, [inputs[src[z]] for z in nregs_list], [inputs[src[z]] for z in mregs],
                    nreg, index, u1, u2, sub)
    for v in touched:
        asm.append(f"    mov w12, #{v}\n    str za[w12, 0], [x21]\n    add x21, x21, #{VB}")
        emit_vec(bytes(za[v]))

# SDOT, UDOT (2-way and 4-way), USDOT and SUDOT (multiple and indexed
# vector): element e of each group's ZA vector adds the sum of `ways`
# products of Zn's narrow elements ways*e + i and Zm's ways*s + i, s being
# element `index` of e's 128-bit segment.
def dot_idx(esize, ways, wv, offset, zn, zm, nreg, index, u1, u2):
    ns = esize // ways; vstride = NZA // nreg; vec = (wv + offset) % vstride; eps = 128 // esize
    b = elems(zm, ns); touched = []
    for r in range(nreg):
        a = elems(zn[r], ns); acc = elems(bytes(za[vec]), esize); res = []
        for e in range(VL // esize):
            sidx = e - e % eps + index
            res.append(acc[e] + sum(ival(a[ways * e + i], ns, u1) * ival(b[ways * sidx + i], ns, u2) for i in range(ways)))
        za[vec] = bytearray(mkvec(res, esize)); touched.append(vec); vec += vstride
    return touched
dcases = [(mn, 32, 4) for mn in ('sdot', 'udot', 'usdot', 'sudot')] + [(mn, 32, 2) for mn in ('sdot', 'udot')]
if WITH_D: dcases += [(mn, 64, 4) for mn in ('sdot', 'udot')]
DSIGNS = {'sdot': (0, 0), 'udot': (1, 1), 'usdot': (1, 0), 'sudot': (0, 1)}
for k, (mn, esize, ways) in enumerate(dcases):
    for nreg in (2, 4):
        ns = esize // ways; t = 'b' if ns == 8 else 'h'; zt = 's' if esize == 32 else 'd'
        w = 8 + (k + nreg) % 4; wv = random.choice([0, 5, 33, 0xfffffff9, random.getrandbits(32)]); offset = random.randrange(8)
        n = random.choice(range(16, 32, nreg)); m = random.randrange(16)
        index = random.randrange(128 // esize) if (k + nreg) % 3 else 128 // esize - 1
        srcn = [NIN[ns][(k + r + nreg) % 8] for r in range(nreg)]; srcm = NIN[ns][(k + 6) % 8]
        for r in range(nreg): load(n + r, srcn[r])
        load(m, srcm)
        asm.append(f"    mov w{w}, #{wv & 0xffff}\n    movk w{w}, #{wv >> 16}, lsl #16")
        vg = f', vgx{nreg}' if (k + nreg) % 2 else ''
        asm.append(f"    {mn} za.{zt}[w{w}, {offset}{vg}], {zlist(n, nreg, t)}, z{m}.{t}[{index}]")
        u1, u2 = DSIGNS[mn]
        for v in dot_idx(esize, ways, wv, offset, [inputs[x] for x in srcn], inputs[srcm], nreg, index, u1, u2):
            asm.append(f"    mov w12, #{v}\n    str za[w12, 0], [x21]\n    add x21, x21, #{VB}")
            emit_vec(bytes(za[v]))

# SVDOT, UVDOT (2-way, 4-way), USVDOT, SUVDOT: group r's element e adds
# the products of element ways*e + r of each list register i and element
# ways*s + i of Zm. USDOT, SUDOT (multiple and single vector, multiple
# vectors): pairwise 4-way byte dot products of mixed signs.
def vdot_idx(esize, ways, wv, offset, zn, zm, index, u1, u2):
    ns = esize // ways; vstride = NZA // ways; vec = (wv + offset) % vstride; eps = 128 // esize
    b = elems(zm, ns); a = [elems(x, ns) for x in zn]; touched = []
    for r in range(ways):
        acc = elems(bytes(za[vec]), esize); res = []
        for e in range(VL // esize):
            sidx = e - e % eps + index
            res.append(acc[e] + sum(ival(a[i][ways * e + r], ns, u1) * ival(b[ways * sidx + i], ns, u2) for i in range(ways)))
        za[vec] = bytearray(mkvec(res, esize)); touched.append(vec); vec += vstride
    return touched
def mixed_dot(wv, offset, zn, zm, nreg, u1, u2):
    vstride = NZA // nreg; vec = (wv + offset) % vstride; touched = []
    for r in range(nreg):
        a = elems(zn[r], 8); b = elems(zm[r], 8); acc = elems(bytes(za[vec]), 32)
        res = [acc[e] + sum(ival(a[4 * e + i], 8, u1) * ival(b[4 * e + i], 8, u2) for i in range(4)) for e in range(VL // 32)]
        za[vec] = bytearray(mkvec(res, 32)); touched.append(vec); vec += vstride
    return touched
def store_touched(ts):
    for v in ts:
        asm.append(f"    mov w12, #{v}\n    str za[w12, 0], [x21]\n    add x21, x21, #{VB}")
        emit_vec(bytes(za[v]))
VSIGNS = {'svdot': (0, 0), 'uvdot': (1, 1), 'usvdot': (1, 0), 'suvdot': (0, 1)}
vcases = [('svdot', 32, 2), ('uvdot', 32, 2), ('svdot', 32, 4), ('uvdot', 32, 4), ('usvdot', 32, 4), ('suvdot', 32, 4)]
if WITH_D: vcases += [('svdot', 64, 4), ('uvdot', 64, 4)]
for k, (mn, esize, ways) in enumerate(vcases):
    for rep in range(2):
        ns = esize // ways; t = 'b' if ns == 8 else 'h'; zt = 's' if esize == 32 else 'd'
        w = 8 + (k + rep) % 4; wv = random.choice([0, 7, 0x80000001, random.getrandbits(32)]); offset = random.randrange(8)
        n = random.choice(range(16, 32, ways)); m = random.randrange(16)
        index = (128 // esize - 1) if rep else random.randrange(128 // esize)
        srcn = [NIN[ns][(k + r + rep) % 8] for r in range(ways)]; srcm = NIN[ns][(k + 5 + rep) % 8]
        for r in range(ways): load(n + r, srcn[r])
        load(m, srcm)
        asm.append(f"    mov w{w}, #{wv & 0xffff}\n    movk w{w}, #{wv >> 16}, lsl #16")
        vg = f', vgx{ways}' if rep == 0 else ''
        asm.append(f"    {mn} za.{zt}[w{w}, {offset}{vg}], {zlist(n, ways, t)}, z{m}.{t}[{index}]")
        store_touched(vdot_idx(esize, ways, wv, offset, [inputs[x] for x in srcn], inputs[srcm], index, *VSIGNS[mn]))
mcases = [('usdot', 'single', 2), ('usdot', 'single', 4), ('sudot', 'single', 2), ('sudot', 'single', 4), ('usdot', 'multi', 2), ('usdot', 'multi', 4)]
for k, (mn, form, nreg) in enumerate(mcases):
    w = 8 + k % 4; wv = random.choice([0, 9, 0xfffffffe, random.getrandbits(32)]); offset = random.randrange(8)
    if form == 'single':
        n = random.randrange(32); nl = [(n + r) % 32 for r in range(nreg)]
        m = random.choice([x for x in range(16) if x not in nl]); ml = [m] * nreg; second = f"z{m}.b"
    else:
        n = random.choice(range(0, 16, nreg)); m = random.choice(range(16, 32, nreg))
        nl = [n + r for r in range(nreg)]; ml = [m + r for r in range(nreg)]; second = zlist(m, nreg, 'b')
    src = {}
    for r, z in enumerate(nl): src[z] = NIN[8][(k + r) % 8]
    for r, z in enumerate(ml): src[z] = NIN[8][(k + 2 * r + 3) % 8]
    for z, idx in src.items(): load(z, idx)
    asm.append(f"    mov w{w}, #{wv & 0xffff}\n    movk w{w}, #{wv >> 16}, lsl #16")
    vg = f', vgx{nreg}' if k % 2 else ''
    asm.append(f"    {mn} za.s[w{w}, {offset}{vg}], {zlist(n, nreg, 'b')}, {second}")
    u1, u2 = (1, 0) if mn == 'usdot' else (0, 1)
    store_touched(mixed_dot(wv, offset, [inputs[src[z]] for z in nl], [inputs[src[z]] for z in ml], nreg, u1, u2))

# --with-d: SMOPA and its kin into ZA .D tiles (16-bit sources), under a
# full, a mixed and an empty predicate. Tile t's row r is ZA vector 8r + t.
if WITH_D:
    pin = add_input(bytes(random.getrandbits(8) for _ in range(VB)))
    asm.append(f"{movx1(pin * VB)}\n    add x1, x20, x1\n    ldr p2, [x1]\n    ptrue p0.h\n    pfalse p1.b")
    pm = int.from_bytes(inputs[pin][:VB // 8], 'little')
    def active(pred, i):   # 16-bit element i: its lowest predicate bit
        return (pred >> (2 * i)) & 1
    preds = {0: (1 << (VB // 8 * 8)) - 1, 1: 0, 2: pm}
    MOPS = {'smopa': (0, 0, 0), 'smops': (0, 0, 1), 'umopa': (1, 1, 0), 'umops': (1, 1, 1),
            'sumopa': (0, 1, 0), 'sumops': (0, 1, 1), 'usmopa': (1, 0, 0), 'usmops': (1, 0, 1)}
    for k, (mn, (u0, u1, sub)) in enumerate(MOPS.items()):
        for pa, pb in ((0, 0), (2, 0), (0, 2), (1, 0)):
            da = (k + pa + pb) % 8; zn, zm = (k % 4) * 2 + 1, 30 - k
            load(zn, NIN[16][k % 8]); load(zm, NIN[16][(k + 3) % 8])
            asm.append(f"    {mn} za{da}.d, p{pa}/m, p{pb}/m, z{zn}.h, z{zm}.h")
            a = elems(inputs[NIN[16][k % 8]], 16); b = elems(inputs[NIN[16][(k + 3) % 8]], 16)
            for row in range(8):
                v = 8 * row + da; acc = elems(bytes(za[v]), 64); res = []
                for col in range(8):
                    t = acc[col]
                    for kk in range(4):
                        if active(preds[pa], 4 * row + kk) and active(preds[pb], 4 * col + kk):
                            pr = ival(a[4 * row + kk], 16, u0) * ival(b[4 * col + kk], 16, u1)
                            t = t - pr if sub else t + pr
                    res.append(t)
                za[v] = bytearray(mkvec(res, 64))
                asm.append(f"    mov w12, #{v}\n    str za[w12, 0], [x21]\n    add x21, x21, #{VB}")
                emit_vec(bytes(za[v]))

name = 'sme2_za_long' if WITH_D else 'sme2_za_long_without_d'
prog = f"""// SME2 multiply-add long-long into ZA quad-vector groups: SMLALL, SMLSLL,
// UMLALL, UMLSLL (byte sources into .S{', halfword sources into .D' if WITH_D else ''}),
// USMLALL and SUMLALL, in the forms multiple and indexed vector, multiple and
// single vector and multiple vectors; SDOT, UDOT (2-way and 4-way), USDOT and
// SUDOT (multiple and indexed vector); SVDOT, UVDOT (2-way, 4-way), USVDOT,
// SUVDOT; USDOT, SUDOT (multiple and single vector), USDOT (multiple
// vectors){'; SMOPA and its kin into .D tiles' if WITH_D else ''}. Generated by sme2_za_long_ref.py, which
// also writes the expected output from the manual's definitions (QEMU 7.2
// has no SME2). Inputs hold 0, 1, -1 and the signed limits; ZA starts with
// words near the limits, so sums wrap modulo 2^32. Run: mlisa run --target
// sme2 --svl 512 (it exits with status 1 at any other SVL). Each
// instruction's ZA vectors are stored to a buffer in Streaming mode and
// printed after SMSTOP, one doubleword a line.
// Checked by hand from the manual (first instruction, smlall za.s[w8, 0:3],
// z6.b, z10.b[15], W8 = 0): ZA0 word 0 = 0xb03e1aed + (-84 * -128) =
// 0xb03e44ed; ZA0 word 4 = 0x80000000 + (1 * -1) = 0x7fffffff (byte 15 of
// the second segment); ZA1 word 0 = 0xffffffff + (-127 * -128) = 0x00003f7f.
// The first SVDOT (w8 = 0x80000001, offset 2: groups at ZA vectors 3 and
// 35; Zm.H[3] is halfwords 6, 7 = -1, -32768): vector 3 word 0 =
// 0x7ffec0cf + (-32768 * -1) + (-14278 * -32768) = 0x9be240cf (halfword 0 of
// Z18 and Z19); vector 35 word 0 = 0x800032e7 + (11562 * -1) +
// (-11874 * -32768) = 0x973105bd (halfword 1 of each).
    .text
    .globl _start
_start:
    rdsvl x0, #1
    cmp x0, #{VB}
    b.ne wrong_svl
    smstart
    adr x20, inputs
    adr x21, results
{chr(10).join(asm)}
    smstop
    adr x6, results
    sub x22, x21, x6
    lsr x22, x22, #3
print_all:
    ldr x0, [x6], #8
    bl emit
    subs x22, x22, #1
    b.ne print_all
    mov x0, #0
    mov x8, #93
    svc #0
wrong_svl:
    mov x0, #1
    mov x8, #93
    svc #0

    .include "sme2_emit.inc"

    .data
    .balign 64
inputs:
"""
for v in inputs:
    prog += "    .quad " + ", ".join("0x%016x" % int.from_bytes(v[i:i + 8], 'little') for i in range(0, VB, 8)) + "\n"
prog += f"""line:
    .space 24
    .balign 64
results:
    .space {len(out) * 8 + 64}
"""
open(f'{name}.s', 'w').write(prog)
open(f'{name}.expected', 'w').write(''.join('%016x\n' % x for x in out))
print(len(cases) + 2 * len(dcases) + 2 * len(vcases) + len(mcases), 'instructions,', len(inputs), 'inputs,', len(out), 'lines')
