# mlisa.npu.gemm against numpy and the timing rules of docs/npu.md worked by
# hand; and mlisa as a golden model: a Helium dot-product kernel fed random
# int8 vectors from Python, checked against numpy.
import random
import struct

import numpy as np
import pytest

import mlisa


def test_gemm_cycles_hand_worked():
    # N = 4, int8, 2x2 times 2x2: K and N pad to 4. The ops run one after
    # another (docs/npu.md): DMA A (2 rows of 4 bytes: ceil(8/64) + 32 = 33),
    # DMA B (4x4 bytes: 33), LDTILE (N = 4), TMUL (M + 2N - 1 = 9), DMA C out
    # (2 rows of 4 int32: ceil(32/64) + 32 = 33): 112 cycles.
    r = mlisa.npu.gemm([[1, 2], [3, 4]], [[5, 6], [7, 8]])
    assert r["c"] == [[19, 22], [43, 50]]
    assert r["cycles"] == 33 + 33 + 4 + 9 + 33
    assert r["macs"] == 8 and r["ops"] == 5 and r["ideal_cycles"] == 1


@pytest.mark.parametrize("m,k,n,size", [(5, 7, 6, 4), (16, 33, 9, 8), (1, 1, 1, 4)])
def test_gemm_int8_against_numpy(m, k, n, size):
    rng = np.random.default_rng(m * 100 + k)
    a = rng.integers(-128, 128, (m, k))
    b = rng.integers(-128, 128, (k, n))
    r = mlisa.npu.gemm(a.tolist(), b.tolist(), n=size)
    assert r["c"] == (a @ b).tolist()
    assert r["cycles"] >= r["ideal_cycles"]


def test_gemm_bf16_exact():
    # bf16 bits: 1.0 0x3F80, 2.0 0x4000, 3.0 0x4040, 4.0 0x4080; C in fp32 bits.
    r = mlisa.npu.gemm([[0x3F80, 0x4000]], [[0x4040], [0x4080]], dtype="bf16")
    assert r["c"] == [[struct.unpack("<I", struct.pack("<f", 11.0))[0]]] and r["flags"] == 0


def test_gemm_bad_arguments():
    with pytest.raises(ValueError, match="columns must equal b's rows"):
        mlisa.npu.gemm([[1, 2]], [[1, 2]])
    with pytest.raises(ValueError, match=r"a\[0\]\[1\]: 128 is not an int8"):
        mlisa.npu.gemm([[1, 128]], [[1], [2]])
    with pytest.raises(ValueError, match="row 1 has 1 values"):
        mlisa.npu.gemm([[1, 2], [3]], [[1], [2]])
    with pytest.raises(ValueError, match="unknown dtype"):
        mlisa.npu.gemm([[1]], [[1]], dtype="fp8")
    with pytest.raises(mlisa.InputError, match="array size 1 is outside 2..256"):
        mlisa.npu.gemm([[1]], [[1]], n=1)
    with pytest.raises(TypeError):
        mlisa.npu.gemm("ab", [[1]])


# A tail-predicated Helium loop: r0 = sum over r3 bytes of a[i] * b[i]
# (signed int8), a at r1, b at r2; DLSTP/LETP predicate the last partial
# vector. Exits through semihosting SYS_EXIT.
DOT_KERNEL = """
  .text
  .globl _start
_start:
  movs r0, #0
  dlstp.8 lr, r3
loop:
  vldrb.u8 q0, [r1], #16
  vldrb.u8 q1, [r2], #16
  vmladava.s8 r0, q0, q1
  letp lr, loop
  mov r4, r0
  movs r0, #0x18
  movw r1, #0x0026
  movt r1, #0x2
  bkpt 0xab
"""
A_BASE, B_BASE = 0x20000000, 0x20010000


def test_helium_dot_product_golden_model():
    code = mlisa.assemble("mve", DOT_KERNEL)
    m = mlisa.MveMachine()
    rng = random.Random(16)
    lengths = [1, 15, 16, 17, 255, 256] + [rng.randint(1, 512) for _ in range(40)]
    for n in lengths:
        a = np.array([rng.randint(-128, 127) for _ in range(n)], dtype=np.int8)
        b = np.array([rng.randint(-128, 127) for _ in range(n)], dtype=np.int8)
        m.reset()
        m.load_bytes(code)
        # Junk after the vectors: predication must keep it out of the sum.
        m.write(A_BASE, a.tobytes() + b"\x7f" * 16)
        m.write(B_BASE, b.tobytes() + b"\x7f" * 16)
        m["r1"], m["r2"], m["r3"] = A_BASE, B_BASE, n
        assert m.run(max_steps=10_000) == 0
        want = int(np.dot(a.astype(np.int64), b.astype(np.int64)))
        assert m.lanes("r4", 32, signed=True) == [want], n
        assert m["r2"] == B_BASE + 16 * ((n + 15) // 16)  # the loads post-incremented
