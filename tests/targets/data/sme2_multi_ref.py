#!/usr/bin/env python3
# Writes sme2_multi_ops.s (a test program for mlisa run --svl 512) and
# sme2_multi_ops.expected (what it must print), the expected values computed
# here from the Arm manual's definitions (FPMax/FPMin/FPMaxNum/FPMinNum with
# FPUnpack's flushing and FPProcessNaNs, integer Max/Min, clamps, LUTI2/LUTI4
# over ZT0, ADD/SUB into ZA single-vector groups), independently of mlisa.
import random, struct
random.seed(20261207)
import sys
VL = int(sys.argv[1]) if len(sys.argv) > 1 else 512; VB = VL // 8; NZA = VB   # SVL; ZA has SVL/8 vectors
DN, FZ, FZ16 = 1 << 25, 1 << 24, 1 << 19
IOC, IDC = 1 << 0, 1 << 7

# ---------- floating point (FPCR.AH = 0) ----------
FMT = {16: (5, 10), 32: (8, 23), 64: (11, 52)}
def unpack(x, N, fpcr, flags):
    E, F = FMT[N]
    sign = x >> (N - 1); exp = (x >> F) & ((1 << E) - 1); frac = x & ((1 << F) - 1)
    if exp == 0:
        if frac == 0: return ('zero', sign, 0.0)
        if (N == 16 and fpcr & FZ16) or (N != 16 and fpcr & FZ):
            if N != 16: flags[0] |= IDC        # FZ16 flushes without IDC
            return ('zero', sign, 0.0)
        return ('num', sign, (-1) ** sign * frac * 2.0 ** (1 - ((1 << (E - 1)) - 1) - F))
    if exp == (1 << E) - 1:
        if frac == 0: return ('inf', sign, (-1) ** sign * float('inf'))
        return ('qnan' if frac >> (F - 1) else 'snan', sign, None)
    return ('num', sign, (-1) ** sign * (frac | (1 << F)) * 2.0 ** (exp - ((1 << (E - 1)) - 1) - F))
def defnan(N):
    E, F = FMT[N]; return (((1 << E) - 1) << F) | (1 << (F - 1))
def quiet(x, N): return x | (1 << (FMT[N][1] - 1))
def process_nans(t1, t2, a, b, N, fpcr, flags):
    for t, x in ((t1, a), (t2, b)):
        if t == 'snan':
            flags[0] |= IOC
            return defnan(N) if fpcr & DN else quiet(x, N)
    for t, x in ((t1, a), (t2, b)):
        if t == 'qnan':
            return defnan(N) if fpcr & DN else x
    return None
def inf(sign, N): E, F = FMT[N]; return (sign << (N - 1)) | (((1 << E) - 1) << F)
def fpmaxmin(a, b, N, fpcr, flags, minimum):
    t1, s1, v1 = unpack(a, N, fpcr, flags); t2, s2, v2 = unpack(b, N, fpcr, flags)
    r = process_nans(t1, t2, a, b, N, fpcr, flags)
    if r is not None: return r
    pick1 = (v1 < v2) if minimum else (v1 > v2)
    t, s, x = (t1, s1, a) if pick1 else (t2, s2, b)
    if t == 'zero':
        s = (s1 | s2) if minimum else (s1 & s2)
        return s << (N - 1)
    if t == 'inf': return inf(s, N)
    return x   # a number: exact (a denormal only where FZ/FZ16 kept it)
def fpmaxminnum(a, b, N, fpcr, flags, minimum):
    t1 = unpack(a, N, fpcr, flags)[0]; t2 = unpack(b, N, fpcr, flags)[0]
    if t1 == 'qnan' and t2 != 'qnan': a = inf(0 if minimum else 1, N)
    elif t1 != 'qnan' and t2 == 'qnan': b = inf(0 if minimum else 1, N)
    return fpmaxmin(a, b, N, fpcr, flags, minimum)
FPOPS = {'fmax': (False, False), 'fmin': (False, True), 'fmaxnm': (True, False), 'fminnm': (True, True)}
def fpop(name, a, b, N, fpcr, flags):
    number, minimum = FPOPS[name]
    return (fpmaxminnum if number else fpmaxmin)(a, b, N, fpcr, flags, minimum)

def specials(N):
    E, F = FMT[N]; s = 1 << (N - 1); one = ((1 << (E - 1)) - 1) << F
    return [0, s, one, one | s, inf(0, N), inf(1, N), defnan(N), defnan(N) | 5 | s, (((1 << E) - 1) << F) | 3,
            s | (((1 << E) - 1) << F) | 9, 1, s | 1, (1 << F) - 1, (1 << F), one + (1 << (F - 1)), (one + (2 << F)) | s,
            (((1 << E) - 2) << F) | ((1 << F) - 1), one - 1]

# ---------- vectors ----------
def elems(vec, N): return [int.from_bytes(vec[i * N // 8:(i + 1) * N // 8], 'little') for i in range(VL // N)]
def mkvec(es, N): return b''.join(e.to_bytes(N // 8, 'little') for e in es)

inputs = []            # list of VB-byte vectors in the data section
def add_input(v): inputs.append(v); return len(inputs) - 1

asm = []; out = []     # out: expected doublewords, in order
def emit_vec(v):
    for i in range(0, VB, 8): out.append(int.from_bytes(v[i:i + 8], 'little'))
def movx1(v): return f"    mov x1, #{v & 0xffff}" + (f"\n    movk x1, #{v >> 16}, lsl #16" if v >> 16 else "")
def load(z, idx): asm.append(f"{movx1(idx * VB)}\n    add x1, x20, x1\n    ldr z{z}, [x1]")
def store(z): asm.append(f"    str z{z}, [x21]\n    add x21, x21, #{VB}")
def store_x(x): asm.append(f"    str {x}, [x21], #8")

# FP tests: per size, FPCR setting, op: a multiple-and-single x2 form and a multiple-vectors x4 form
fpin = {}
for N in (16, 32, 64):
    sp = specials(N); n = VL // N; k = len(sp)
    vs = []
    for j in range(8):
        es = [sp[(i * (j + 1) + 3 * j) % k] if (i + j) % 3 else random.choice(sp) for i in range(n)]
        vs.append(add_input(mkvec(es, N)))
    fpin[N] = vs
T = {16: 'h', 32: 's', 64: 'd', 8: 'b'}
for N in (16, 32, 64):
    t = T[N]; V = fpin[N]
    for fpcr in (0, DN | FZ | FZ16):
        asm.append(f"    mov x2, #{fpcr >> 16}\n    lsl x2, x2, #16\n    msr fpcr, x2")
        for name in FPOPS:
            # {z0, z1}, {z0, z1}, z2 (single) ; {z4-z7}, {z4-z7}, {z8-z11}
            asm.append("    msr fpsr, xzr")
            for z, i in ((0, 0), (1, 1), (2, 2)): load(z, V[i])
            asm.append(f"    {name} {{z0.{t}, z1.{t}}}, {{z0.{t}, z1.{t}}}, z2.{t}")
            store(0); store(1); asm.append("    mrs x2, fpsr"); store_x("x2")
            flags = [0]
            for i in (0, 1):
                a = elems(inputs[V[i]], N); b = elems(inputs[V[2]], N)
                emit_vec(mkvec([fpop(name, x, y, N, fpcr, flags) for x, y in zip(a, b)], N))
            out.append(flags[0])
            asm.append("    msr fpsr, xzr")
            for r in range(4): load(4 + r, V[3 + r]); load(8 + r, V[(7 + r) % 8])
            asm.append(f"    {name} {{z4.{t}-z7.{t}}}, {{z4.{t}-z7.{t}}}, {{z8.{t}-z11.{t}}}")
            for r in range(4): store(4 + r)
            asm.append("    mrs x2, fpsr"); store_x("x2")
            flags = [0]
            for r in range(4):
                a = elems(inputs[V[3 + r]], N); b = elems(inputs[V[(7 + r) % 8]], N)
                emit_vec(mkvec([fpop(name, x, y, N, fpcr, flags) for x, y in zip(a, b)], N))
            out.append(flags[0])
asm.append("    msr fpcr, xzr\n    msr fpsr, xzr")

# integer min/max and clamps
def sint(x, N): return x - (1 << N) if x >> (N - 1) else x
def ival(x, N, u): return x if u else sint(x, N)
intin = {}
for N in (8, 16, 32, 64):
    n = VL // N; edge = [0, 1, (1 << N) - 1, 1 << (N - 1), (1 << (N - 1)) - 1, (1 << (N - 1)) + 1, 2, (1 << N) - 2]
    intin[N] = [add_input(mkvec([random.choice(edge) if random.random() < 0.4 else random.getrandbits(N) for _ in range(n)], N)) for _ in range(8)]
IOPS = {'smax': (False, False), 'umax': (True, False), 'smin': (False, True), 'umin': (True, True)}
for N in (8, 16, 32, 64):
    t = T[N]; V = intin[N]
    for name, (u, mn) in IOPS.items():
        f = (lambda a, b: min(a, b)) if mn else (lambda a, b: max(a, b))
        def res(a, b): return [f(ival(x, N, u), ival(y, N, u)) & ((1 << N) - 1) for x, y in zip(a, b)]
        x4 = N in (8, 32)
        # multiple and single: x4 for B and S, x2 for H and D (Zm = z31-inside? no: z15)
        nr = 4 if x4 else 2
        for r in range(nr): load(20 + r, V[r])
        load(15, V[5])
        lst = f"{{z20.{t}-z23.{t}}}" if x4 else f"{{z20.{t}, z21.{t}}}"
        asm.append(f"    {name} {lst}, {lst}, z15.{t}")
        for r in range(nr):
            store(20 + r); emit_vec(mkvec(res(elems(inputs[V[r]], N), elems(inputs[V[5]], N)), N))
        # multiple vectors: x2 for B and S, x4 for H and D
        nr = 2 if x4 else 4
        for r in range(nr): load(28 + r, V[(r + 2) % 8]); load(24 + r, V[(r + 6) % 8])
        l1 = f"{{z28.{t}, z29.{t}}}" if nr == 2 else f"{{z28.{t}-z31.{t}}}"
        l2 = f"{{z24.{t}, z25.{t}}}" if nr == 2 else f"{{z24.{t}-z27.{t}}}"
        asm.append(f"    {name} {l1}, {l1}, {l2}")
        for r in range(nr):
            store(28 + r); emit_vec(mkvec(res(elems(inputs[V[(r + 2) % 8]], N), elems(inputs[V[(r + 6) % 8]], N)), N))
    for name, u in (('sclamp', False), ('uclamp', True)):
        def clamp(d, lo, hi):
            return [min(max(ival(a, N, u), ival(x, N, u)), ival(b, N, u)) & ((1 << N) - 1) for x, a, b in zip(d, lo, hi)]
        # x2 with Zn inside the group (aliasing: every result from the old values), x4, SVE single
        load(0, V[0]); load(1, V[1]); load(5, V[6])
        asm.append(f"    {name} {{z0.{t}, z1.{t}}}, z0.{t}, z5.{t}")
        lo, hi = elems(inputs[V[0]], N), elems(inputs[V[6]], N)
        for r in range(2): store(r); emit_vec(mkvec(clamp(elems(inputs[V[r]], N), lo, hi), N))
        for r in range(4): load(12 + r, V[(r + 3) % 8])
        load(30, V[1]); load(31, V[7])
        asm.append(f"    {name} {{z12.{t}-z15.{t}}}, z30.{t}, z31.{t}")
        lo, hi = elems(inputs[V[1]], N), elems(inputs[V[7]], N)
        for r in range(4): store(12 + r); emit_vec(mkvec(clamp(elems(inputs[V[(r + 3) % 8]], N), lo, hi), N))
        load(3, V[2]); load(17, V[4]); load(18, V[5])
        asm.append(f"    {name} z3.{t}, z17.{t}, z18.{t}")
        store(3); emit_vec(mkvec(clamp(elems(inputs[V[2]], N), elems(inputs[V[4]], N), elems(inputs[V[5]], N)), N))

# ZT0: LDR/STR round trip, LUTI2/LUTI4, ZERO, and the zeroing when ZA is enabled
table = bytes(random.getrandbits(8) for _ in range(64))
tidx = add_input(table[:VB] if VB < 64 else table + bytes(VB - 64))
for k in range(VB, 64, VB): add_input(table[k:k + VB])
zt = [int.from_bytes(table[4 * i:4 * i + 4], 'little') for i in range(16)]
asm.append(f"{movx1(tidx * VB)}\n    add x1, x20, x1\n    ldr zt0, [x1]\n    str zt0, [x21]\n    add x21, x21, #64")
for i in range(0, 64, 8): out.append(int.from_bytes(table[i:i + 8], 'little'))
zn = [add_input(bytes(random.getrandbits(8) for _ in range(VB))) for _ in range(2)]
def luti(isize, N, nreg, imm, src):
    idxbits = int.from_bytes(inputs[src], 'little'); elements = VL // N
    segments = N // (isize * nreg); seg = imm % segments; res = []
    for r in range(nreg):
        base = (seg * nreg + r) * elements
        es = [zt[(idxbits >> ((base + e) * isize)) & ((1 << isize) - 1)] & ((1 << N) - 1) for e in range(elements)]
        res.append(mkvec(es, N))
    return res
cases = []
for N in (8, 16, 32):
    t = T[N]
    for imm in (0, 3, 15 if N == 32 else 6, 13):
        cases.append((f"luti2 z9.{t}, zt0, z16[{imm}]", 2, N, 1, imm, 9))
    for imm in (0, 1, 7, 5):
        cases.append((f"luti4 z9.{t}, zt0, z16[{imm}]", 4, N, 1, imm, 9))
    for imm in (0, 1, 7):
        cases.append((f"luti2 {{z10.{t}, z11.{t}}}, zt0, z16[{imm}]", 2, N, 2, imm, 10))
    for imm in (0, 3):
        cases.append((f"luti4 {{z10.{t}, z11.{t}}}, zt0, z16[{imm}]", 4, N, 2, imm, 10))
    for imm in (0, 1, 3):
        cases.append((f"luti2 {{z24.{t}-z27.{t}}}, zt0, z16[{imm}]", 2, N, 4, imm, 24))
    if N != 8:
        for imm in (0, 1):
            cases.append((f"luti4 {{z24.{t}-z27.{t}}}, zt0, z16[{imm}]", 4, N, 4, imm, 24))
for k, (text, isize, N, nreg, imm, d) in enumerate(cases):
    src = zn[k % 2]; load(16, src); asm.append("    " + text)
    for r, v in enumerate(luti(isize, N, nreg, imm, src)): store(d + r); emit_vec(v)
asm.append("    zero {zt0}\n    str zt0, [x21]\n    add x21, x21, #64"); out += [0] * 8
asm.append(f"{movx1(tidx * VB)}\n    add x1, x20, x1\n    ldr zt0, [x1]\n    smstop za\n    smstart za\n    str zt0, [x21]\n    add x21, x21, #64"); out += [0] * 8
asm.append(f"    ldr zt0, [x1]\n    smstop sm\n    mov x2, x21\n    str zt0, [x2]\n    add x21, x21, #64\n    smstart sm"); out += [int.from_bytes(table[i:i + 8], 'little') for i in range(0, 64, 8)]

# ADD, SUB (array accumulators), .S: ZA vectors preloaded, then read back
zain = [add_input(mkvec([random.getrandbits(32) if random.random() < .7 else random.choice([0, 0xffffffff, 0x80000000]) for _ in range(VL // 32)], 32)) for _ in range(NZA)]
zaval = [inputs[i] for i in zain]
asm.append(f"{movx1(zain[0] * VB)}\n    add x1, x20, x1\n    mov w12, #0\nza_fill:\n    ldr za[w12, 0], [x1]\n    add x1, x1, #{VB}\n    add w12, w12, #1\n    cmp w12, #{NZA}\n    b.ne za_fill")
za = [list(elems(v, 32)) for v in zaval]
def za_op(sub, wv, off, nreg, zsrc, srcs):
    vstride = NZA // nreg; vec = (wv + off) % vstride; touched = []
    for r in range(nreg):
        b = elems(inputs[srcs[r]], 32)
        za[vec] = [((x - y) if sub else (x + y)) & 0xffffffff for x, y in zip(za[vec], b)]
        touched.append(vec); vec += vstride
    return touched
I32 = intin[32]
ops = [("add", 8, 5, 7, 2, 0, 0x5), ("sub", 9, 0xffffffff, 3, 4, 4, 0xffffffff), ("sub", 10, 30, 0, 2, 2, 30), ("add", 11, 17, 6, 4, 28, 17)]
touched_all = []
for mn, w, wv, off, nreg, z, _ in ops:
    srcs = [I32[(z + r) % 8] for r in range(nreg)]
    for r in range(nreg): load(z + r, srcs[r])
    asm.append(f"    mov w{w}, #{wv & 0xffff}\n    movk w{w}, #{wv >> 16}, lsl #16")
    lst = f"{{z{z}.s, z{z+1}.s}}" if nreg == 2 else f"{{z{z}.s-z{z+3}.s}}"
    vg = "" if mn == "sub" and nreg == 2 else f", vgx{nreg}"
    asm.append(f"    {mn} za.s[w{w}, {off}{vg}], {lst}")
    touched_all += za_op(mn == "sub", wv, off, nreg, z, srcs)
# ADD, SUB (array results) and SDOT, UDOT (2-way, 4-way) into .S groups
def setw(w, val): asm.append(f"    mov w{w}, #{val & 0xffff}\n    movk w{w}, #{val >> 16}, lsl #16")
def zlist(z0, nreg, t):
    regs = [(z0 + r) % 32 for r in range(nreg)]
    if nreg == 4 and regs[0] <= 28: return f"{{z{regs[0]}.{t}-z{regs[3]}.{t}}}"
    return "{" + ", ".join(f"z{x}.{t}" for x in regs) + "}"
zsrc = {}
def loadz(z, idx): zsrc[z] = idx; load(z, idx)
more = [  # (mnemonic, kind, w, wv, off, nreg, n, m, mstep, tb)
    ("add", "res", 8, 33, 1, 2, 31, 5, 0, "s"), ("sub", "res", 9, 0x7ffffffe, 2, 4, 4, 8, 1, "s"),
    ("sdot", "dot4", 10, 5, 5, 4, 30, 15, 0, "b"), ("udot", "dot4", 11, 0, 0, 2, 2, 6, 1, "b"),
    ("udot", "dot4", 8, 40, 7, 2, 13, 3, 0, "b"), ("sdot", "dot4", 9, 9, 4, 4, 24, 12, 1, "b"),
    ("sdot", "dot2", 8, 6, 3, 2, 9, 12, 0, "h"), ("udot", "dot2", 9, 1000, 7, 4, 16, 20, 1, "h"),
    ("udot", "dot2", 10, 3, 0, 4, 29, 7, 0, "h"), ("sdot", "dot2", 11, 100, 2, 2, 26, 28, 1, "h")]
for k, (mn, kind, w, wv, off, nreg, n, m, mstep, tb) in enumerate(more):
    srcs = {}
    for r in range(nreg): loadz((n + r) % 32, intin[8][(k + r) % 8] if tb == "b" else intin[16][(k + r) % 8])
    for r in range(nreg if mstep else 1): loadz(m + r, intin[32][(k + 3 * r + 1) % 8] if kind == "res" else intin[8][(k + r + 4) % 8])
    if kind == "res":
        for r in range(nreg): loadz((n + r) % 32, intin[32][(k + r) % 8])
    setw(w, wv)
    tt = "s" if kind == "res" else tb
    second = zlist(m, nreg, tt) if mstep else f"z{m}.{tt}"
    asm.append(f"    {mn} za.s[w{w}, {off}, vgx{nreg}], {zlist(n, nreg, tt)}, {second}")
    vstride = NZA // nreg; vec = (wv + off) % vstride
    for r in range(nreg):
        a = inputs[zsrc[(n + r) % 32]]; b = inputs[zsrc[m + mstep * r]]
        if kind == "res":
            x, y = elems(a, 32), elems(b, 32)
            za[vec] = [((p - q) if mn == "sub" else (p + q)) & 0xffffffff for p, q in zip(x, y)]
        else:
            ways = 4 if kind == "dot4" else 2; ns = 32 // ways; u = mn == "udot"
            x, y = elems(a, ns), elems(b, ns)
            za[vec] = [(za[vec][e] + sum(ival(x[ways * e + i], ns, u) * ival(y[ways * e + i], ns, u) for i in range(ways))) & 0xffffffff for e in range(VL // 32)]
        touched_all.append(vec); vec += vstride
for v in sorted(set(touched_all)) + [1, NZA - 1]:
    asm.append(f"    mov w12, #{v}\n    str za[w12, 0], [x21]\n    add x21, x21, #{VB}")
    emit_vec(mkvec(za[v], 32))

# FCLAMP (SVE): FPMinNum(FPMaxNum(Zn, Zd), Zm), NaN-rich lanes (every fourth lane NaNs in all three)
def fclamp_vecs(N):
    sp = specials(N); n = VL // N; nans = [x for x in sp if unpack(x, N, 0, [0])[0] in ('qnan', 'snan')]
    qn = lambda k: defnan(N) | (k + 1) | (random.getrandbits(1) << (N - 1))   # quiet, payload k+1
    return [add_input(mkvec([qn(k) if i % 4 == 0 else random.choice(nans) if i % 4 == k + 1 else random.choice(sp) for i in range(n)], N)) for k in range(3)]
for N in (16, 32, 64):
    t = T[N]; Vd, Vn, Vm = fclamp_vecs(N)
    for fpcr in (0, DN | FZ | FZ16):
        asm.append(f"    mov x2, #{fpcr >> 16}\n    lsl x2, x2, #16\n    msr fpcr, x2\n    msr fpsr, xzr")
        load(3, Vd); load(17, Vn); load(18, Vm)
        asm.append(f"    fclamp z3.{t}, z17.{t}, z18.{t}")
        store(3); asm.append("    mrs x2, fpsr"); store_x("x2")
        flags = [0]; res = []
        for d, nn, m in zip(elems(inputs[Vd], N), elems(inputs[Vn], N), elems(inputs[Vm], N)):
            lo = fpmaxminnum(nn, d, N, fpcr, flags, False)
            res.append(fpmaxminnum(lo, m, N, fpcr, flags, True))
        emit_vec(mkvec(res, N)); out.append(flags[0])
asm.append("    msr fpcr, xzr\n    msr fpsr, xzr")

prog = f"""// SME2 multi-vector instructions (h6): FMAX, FMIN, FMAXNM, FMINNM, SMAX,
// SMIN, UMAX, UMIN (multiple and single vector, multiple vectors), SCLAMP and
// UCLAMP (multiple vectors and SVE2), FCLAMP (SVE), ZT0 (LDR, STR, ZERO, LUTI2, LUTI4) 
// ADD/SUB (array accumulators, array results), SDOT/UDOT (2-way, 4-way). Generated by sme2_multi_ref.py, which also
// writes the expected output. Run: mlisa run --target sme2 --svl {VL} (it
// exits with status 1 at any other SVL). Results go to a buffer in
// Streaming mode and are printed after SMSTOP, one doubleword a line.
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
sfx = '' if VL == 512 else f'.{VL}'
open(f'sme2_multi_ops{sfx}.s', 'w').write(prog)
open(f'sme2_multi_ops{sfx}.expected', 'w').write(''.join('%016x\n' % x for x in out))
print(len(inputs), 'inputs,', len(out), 'lines')
