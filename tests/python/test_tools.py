# mlisa.assemble / mlisa.disassemble: encodings from llvm-mc-19 (recorded and,
# when it is installed, asked again), tcore's bundle worked by hand from
# docs/reference/tcore.md.
import pytest

import mlisa

MVE_TRIPLE, MVE_ATTR = "thumbv8.1m.main", "+mve.fp,+fp64"
SME2_TRIPLE, SME2_ATTR = "aarch64", "+sme2"

# llvm-mc-19 -show-encoding, recorded.
MVE_FORMS = {
    "vmladava.s8 r0, q1, q2": "f2ee240f",
    "vldrb.u8 q1, [r1], #16": "b1ec103e",
    "vadd.i32 q0, q1, q2": "22ef4408",
    "adds r0, r1, r2": "8818",
    "movw r3, #0x1234": "41f23423",
    "vfma.f32 s0, s1, s2": "a0ee810a",
    "dlstp.8 lr, r3": "03f001e0",
}
SME2_FORMS = {
    "add x0, x1, x2": "2000028b",
    "bfmopa za0.s, p0/m, p1/m, z0.h, z1.h": "00208181",
    "smstart": "7f4703d5",
}


def test_targets():
    assert mlisa.targets() == ["mve", "sme2", "tcore"]


@pytest.mark.parametrize("text,enc", MVE_FORMS.items())
def test_assemble_mve_as_llvm_mc(text, enc):
    assert mlisa.assemble("mve", text + "\n").hex() == enc


@pytest.mark.parametrize("text,enc", SME2_FORMS.items())
def test_assemble_sme2_as_llvm_mc(text, enc):
    assert mlisa.assemble("sme2", text).hex() == enc


def test_recorded_encodings_are_llvm_mcs(llvm_mc):
    assert [b.hex() for b in llvm_mc(MVE_TRIPLE, MVE_ATTR, list(MVE_FORMS))] == list(MVE_FORMS.values())
    assert [b.hex() for b in llvm_mc(SME2_TRIPLE, SME2_ATTR, list(SME2_FORMS))] == list(SME2_FORMS.values())


def test_target_aliases():
    assert mlisa.assemble("armv8.1-m.main+mve.fp", "adds r0, r1, r2").hex() == "8818"


def test_disassemble_mve_spells_as_llvm_mc():
    # llvm-mc prints VMLADAVA as its alias vmlava and the immediate in decimal.
    text = mlisa.disassemble("mve", bytes.fromhex("f2ee240f" + "41f23423"))
    lines = [l.strip() for l in text.splitlines()]
    assert "vmlava.s8 r0, q1, q2" in lines
    assert "movw r3, #4660" in lines


def test_disassemble_reassembles():
    code = bytes.fromhex("".join(MVE_FORMS.values()))
    assert mlisa.assemble("mve", mlisa.disassemble("mve", code)) == code
    code = bytes.fromhex("".join(SME2_FORMS.values()))
    assert mlisa.assemble("sme2", mlisa.disassemble("sme2", code)) == code


def halt_bundle():
    # docs/reference/tcore.md: a 512-bit little-endian bundle; HALT is misc-slot opcode
    # 0b000010 (slot bits 31..26, the slot at bundle bits 503..472) under
    # predicate p0 (bits 508..504 = 0); every other slot's predicate is
    # NEVER (31): s0 224, s1 264, v0 304, v1 344, vls 384, mxu 424, dma 464.
    word = 0b000010 << (472 + 26)
    for low in (224, 264, 304, 344, 384, 424, 464):
        word |= 31 << low
    return word.to_bytes(64, "little")


def test_tcore_bundle_worked_by_hand():
    assert mlisa.assemble("tcore", "{ misc: halt }\n") == halt_bundle()
    assert "halt" in mlisa.disassemble("tcore", halt_bundle()).lower()


def test_exact_disassembly_keeps_every_bit():
    # A reserved should-be bit of the T32 encoding: --exact says so and the
    # listing rebuilds the same bytes.
    code = bytes.fromhex("8818")
    assert mlisa.assemble("mve", mlisa.disassemble("mve", code, exact=True)) == code


def test_bad_source_is_located():
    with pytest.raises(mlisa.InputError, match=r"<python>:2:1: error: invalid instruction"):
        mlisa.assemble("mve", "adds r0, r1, r2\nfrob r0\n")
    with pytest.raises(ValueError):  # InputError is a ValueError too
        mlisa.assemble("sme2", "add x0, x1, #99999999")


def test_data_sections_are_refused():
    with pytest.raises(mlisa.InputError, match="code only"):
        mlisa.assemble("mve", ".data\n.word 1\n")


def test_unknown_target_and_wrong_types():
    with pytest.raises(ValueError, match="unknown target 'riscv'"):
        mlisa.assemble("riscv", "nop")
    with pytest.raises(TypeError):
        mlisa.assemble("mve", 5)
    with pytest.raises(TypeError):
        mlisa.disassemble("mve", "8818")
