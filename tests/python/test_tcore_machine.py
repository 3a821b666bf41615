# The tcore machine: bundles, the VLIW rule, vectors, predicates, memory,
# the MXU, faults. Expected values are worked by hand from
# docs/reference/tcore.md (the instructions' operations, "all slots of a
# bundle read the state as it was before the bundle") and docs/npu.md (the
# MXU instructions; C = A x B).
import struct

import pytest

import mlisa

BUNDLE = 64  # bytes: a 512-bit bundle


@pytest.fixture
def tcore():
    return mlisa.TcoreMachine()


def test_register_table(tcore):
    assert tcore.width("s0") == 32 and tcore.width("v31") == 512 and tcore.width("p30") == 1
    assert tcore.width("pc") == 32
    tcore["s5"] = -1  # two's complement
    assert tcore["s5"] == 0xFFFFFFFF
    # p0 is always true: it reads 1 and ignores writes.
    assert tcore["p0"] == 1
    tcore["p0"] = 0
    assert tcore["p0"] == 1
    with pytest.raises(ValueError, match=r"unknown tcore register 'q0' \(valid: s0-s31, v0-v31, p0-p30, pc\)"):
        tcore["q0"]
    with pytest.raises(ValueError, match="does not fit 1 bits"):
        tcore["p1"] = 2


def test_slots_read_the_state_before_the_bundle(tcore):
    tcore.load_source("{ s0: simm.s32 s1, 7 }\n{ s0: sadd s1, s1, 1; s1: smov s2, s1 }\n{ misc: halt }\n")
    tcore.step()
    assert (tcore.pc, tcore["s1"], tcore["s2"]) == (BUNDLE, 7, 0)
    # SADD writes 7 + 1; SMOV in the same bundle copies s1 as it was: 7.
    assert tcore.run() == 0
    assert (tcore["s1"], tcore["s2"]) == (8, 7)
    assert tcore.exit_status == 0 and tcore.instructions == 3
    assert tcore.pc == 3 * BUNDLE  # halt stops after its bundle
    assert tcore.cycles == 0  # no MXU instruction ran


VECTORS = """
{ s0: simm.w s28, 0x200 }
{ v0: vbcast v1, 3 }
{ v0: vadd v3, v2, v1; v1: vmul v4, v2, v1 }
{ vls: vst v3, [s28] }
{ vls: vst v4, [s28 + 64] }
{ misc: halt }
"""


def test_vector_lanes_and_memory(tcore):
    tcore.load_source(VECTORS)
    tcore.set_lanes("v2", 32, list(range(-8, 8)))
    assert tcore.run() == 0
    # VADD: lane e of v2 + 3; VMUL: lane e of v2 * 3 (low 32 bits, signed).
    assert tcore.lanes("v3", 32, signed=True) == [e + 3 for e in range(-8, 8)]
    assert list(struct.unpack("<16i", tcore.read(0x200, 64))) == [e + 3 for e in range(-8, 8)]
    assert list(struct.unpack("<16i", tcore.read(0x240, 64))) == [3 * e for e in range(-8, 8)]
    assert tcore["v1"] == int.from_bytes(struct.pack("<16I", *[3] * 16), "little")


LOOP = """
{ s0: simm.s32 s1, 3 }
loop:
{ s0: ssub s1, s1, 1; s1: sadd s2, s2, 10 }
{ s0: scmp.lt p1, s1, 1 }
{ misc: (p1) halt }
{ misc: br loop }
"""


def test_predicated_halt_ends_a_loop(tcore):
    tcore.load_source(LOOP)
    assert tcore.run() == 0
    # Three passes: s1 3 -> 0, s2 += 10 each; halt runs once p1 = 0 < 1.
    # Bundles: 1 + 4 + 4 + 3 (the last pass stops at the halt, bundle 3).
    assert (tcore["s1"], tcore["s2"], tcore["p1"]) == (0, 30, 1)
    assert tcore.instructions == 12
    assert tcore.pc == 4 * BUNDLE


def test_load_bytes_runs_the_assembled_image():
    m = mlisa.machine("tcore")
    code = mlisa.assemble("tcore", LOOP)
    assert len(code) == 5 * BUNDLE
    m.load_bytes(code)
    assert m.run() == 0 and m["s2"] == 30 and m.instructions == 12


GEMM = """
{ s0: simm.s32 s1, 0; s1: simm.s32 s2, 1 }
{ s0: simm.s32 s3, 4; s1: simm.s32 s4, 16 }
{ s0: simm.s32 s5, 4; s1: simm.s32 s6, 64 }
{ dma: dma.ld l0a[s1], [s1], rows=s2, stride=s3 }
{ dma: dma.ld l0b[s1], [s4], rows=s5, stride=s3 }
{ mxu: ldtile l0b[0] }
{ mxu: tmul l0c[s1], l0a[s1], rows=s2, acc=0 }
{ s0: simm.s32 s7, 16 }
{ dma: dma.st [s6], l0c[s1], rows=s2, stride=s7; misc: halt }
"""


def test_mxu_gemm_through_the_machine():
    m = mlisa.TcoreMachine(array=4, dtype="int8")
    m.load_source(GEMM)
    a = [1, 2, 3, -1]
    b = [[1, 0, 2, -1], [0, 1, 3, 5], [1, 1, 0, 7], [2, 0, 0, 100]]
    m.write(0, bytes(x & 0xFF for x in a))
    m.write(16, bytes(x & 0xFF for row in b for x in row))
    assert m.run() == 0
    # C = A x B by hand: 1+3-2, 2+3, 2+6, -1+10+21-100.
    assert struct.unpack("<4i", m.read(64, 16)) == (2, 5, 8, -70)
    # The same ops as npu.gemm plans for this shape: the same cycles.
    assert m.cycles == mlisa.npu.gemm([a], b)["cycles"]


def test_faults_carry_the_pc():
    m = mlisa.TcoreMachine(memory=4096)
    assert m.memory_size == 4096
    m.load_source("{ s0: simm.s32 s1, 1 }\n")
    with pytest.raises(mlisa.Fault) as e:
        m.run()
    assert e.value.name == "Prefetch fault" and e.value.pc == BUNDLE
    m.load_source("loop:\n{ misc: br loop }\n")
    with pytest.raises(mlisa.Fault) as e:
        m.run(max_steps=100)
    assert e.value.name == "step limit" and e.value.pc == 0
    with pytest.raises(ValueError, match="no memory at 0xfff..0x1000"):
        m.read(4095, 2)


def test_options_are_checked():
    with pytest.raises(mlisa.InputError, match="array size 1 is outside 2..256"):
        mlisa.TcoreMachine(array=1)
    with pytest.raises(ValueError, match="unknown dtype 'f32'"):
        mlisa.TcoreMachine(dtype="f32")
    with pytest.raises(TypeError):
        mlisa.TcoreMachine(4096)  # keyword-only
