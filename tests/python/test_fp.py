# mlisa.fp: the Arm FP library. Oracles: Python's float (binary64, correctly
# rounded), numpy's float32 and float16 (correctly rounded: float16 through
# float32 is innocuous double rounding, 24 >= 2*11+2), exact rationals
# (fractions) for the inexact flag, and values worked by hand.
import math
import random
import struct
from fractions import Fraction

import numpy as np
import pytest

import mlisa
from mlisa import fp

IOC, DZC, OFC, UFC, IXC, IDC = fp.IOC, fp.DZC, fp.OFC, fp.UFC, fp.IXC, fp.IDC


def f32(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def from_f32(b):
    return struct.unpack("<f", struct.pack("<I", b))[0]


def from_f64(b):
    return struct.unpack("<d", struct.pack("<Q", b))[0]


def test_flag_constants():
    # FPSCR/FPSR cumulative bits: IOC 0, DZC 1, OFC 2, UFC 3, IXC 4, IDC 7.
    assert (IOC, DZC, OFC, UFC, IXC, IDC) == (1, 2, 4, 8, 16, 128)
    assert fp.flags_to_string(IOC | IXC) == "IOC,IXC"


def test_add_hand_worked():
    assert fp.add("f32", f32(1.0), f32(2.0)) == (f32(3.0), 0)
    assert fp.add("f16", 0x3C00, 0x3C00) == (0x4000, 0)  # 1 + 1 = 2
    # 1 + 2^-24 in binary32: the exact sum lies halfway between 1 and its
    # successor; ties to even gives 1, +inf rounding the successor.
    assert fp.add("f32", 0x3F800000, 0x33800000) == (0x3F800000, IXC)
    assert fp.add("f32", 0x3F800000, 0x33800000, rounding="posinf") == (0x3F800001, IXC)
    assert fp.add("f32", 0x3F800000, 0x33800000, fpcr=1 << 22) == (0x3F800001, IXC)  # RMode 01
    assert fp.add("f32", 0x3F800000, 0x33800000, rounding="zero") == (0x3F800000, IXC)


def test_special_values():
    assert fp.div("f32", f32(1.0), 0) == (0x7F800000, DZC)
    assert fp.sqrt("f32", f32(-1.0)) == (0x7FC00000, IOC)  # the default NaN
    assert fp.mul("f32", 0x7F7FFFFF, f32(2.0)) == (0x7F800000, OFC | IXC)
    # FZ (FPCR bit 24): a denormal input is flushed to zero and IDC set.
    assert fp.add("f32", 0x00000001, 0x00000000, fpcr=1 << 24) == (0x00000000, IDC)
    assert fp.add("f32", 0x00000001, 0x00000000) == (0x00000001, 0)
    assert fp.abs("f32", f32(-2.5)) == (f32(2.5), 0)
    assert fp.neg("f64", f64(2.5)) == (f64(-2.5), 0)


def test_muladd_rounds_once():
    # (1 + 2^-23)(1 - 2^-23) - 1 = -2^-46 exactly; a separate multiply would
    # round the product to 1 and give 0. -2^-46: sign 1, biased exponent 81.
    a, b = f32(1 + 2**-23), f32(1 - 2**-23)
    assert fp.muladd("f32", f32(-1.0), a, b) == (0xA8800000, 0)
    product, _ = fp.mul("f32", a, b)
    assert fp.add("f32", product, f32(-1.0)) == (0, 0)


def test_compare():
    assert fp.compare("f32", f32(1.0), f32(2.0))[0] == 0b1000
    assert fp.compare("f32", f32(2.0), f32(2.0))[0] == 0b0110
    assert fp.compare("f32", f32(3.0), f32(2.0))[0] == 0b0010
    assert fp.compare("f32", 0x7FC00000, f32(2.0)) == (0b0011, 0)
    assert fp.compare("f32", 0x7FC00000, f32(2.0), signal_nans=True) == (0b0011, IOC)


def test_convert():
    assert fp.convert("f32", "f64", f32(0.1)) == (f64(float(np.float32(0.1))), 0)
    assert fp.convert("f64", "f32", f64(0.1)) == (f32(0.1), IXC)
    # binary32 to bfloat16, ties to even: 0x3F808000 is halfway between
    # 0x3F80 and 0x3F81 (to 0x3F80), 0x3F818000 between 0x3F81 and 0x3F82.
    assert fp.convert("f32", "bf16", 0x3F808000) == (0x3F80, IXC)
    assert fp.convert("f32", "bf16", 0x3F818000) == (0x3F82, IXC)
    assert fp.convert("f64", "s32", f64(2.5)) == (2, IXC)  # ties to even
    assert fp.convert("f64", "s32", f64(-1.5)) == (0xFFFFFFFE, IXC)
    assert fp.convert("f64", "s32", f64(3e9)) == (0x7FFFFFFF, IOC)  # saturates
    assert fp.convert("f64", "u32", f64(-1.0)) == (0, IOC)
    assert fp.convert("s32", "f32", 0xFFFFFFFF) == (f32(-1.0), 0)
    assert fp.convert("u64", "f64", (1 << 64) - 1) == (f64(2.0**64), IXC)


def random_finite(rng, width, exp_bits):
    while True:
        b = rng.getrandbits(width)
        if (b >> (width - 1 - exp_bits)) & ((1 << exp_bits) - 1) != (1 << exp_bits) - 1:
            return b


def test_f64_against_python_float():
    rng = random.Random(1)
    ops = [("add", lambda x, y: x + y), ("sub", lambda x, y: x - y), ("mul", lambda x, y: x * y),
           ("div", lambda x, y: x / y)]
    for _ in range(2000):
        a, b = random_finite(rng, 64, 11), random_finite(rng, 64, 11)
        x, y = from_f64(a), from_f64(b)
        for name, op in ops:
            if name == "div" and y == 0:
                continue
            try:
                want = op(x, y)
            except OverflowError:
                continue
            got, flags = getattr(fp, name)("f64", a, b)
            if math.isinf(want):
                assert got == f64(want) and flags & OFC
                continue
            assert got == f64(want), (name, hex(a), hex(b))
            # IXC exactly when the result is not the exact rational value.
            exact = {"add": Fraction(x) + Fraction(y), "sub": Fraction(x) - Fraction(y),
                     "mul": Fraction(x) * Fraction(y), "div": Fraction(x) / Fraction(y)}[name]
            assert bool(flags & IXC) == (Fraction(want) != exact), (name, hex(a), hex(b))
        if x >= 0:
            assert fp.sqrt("f64", a)[0] == f64(math.sqrt(x))


@pytest.mark.parametrize("fmt,dtype,width,exp_bits", [("f32", np.float32, 32, 8), ("f16", np.float16, 16, 5)])
def test_against_numpy(fmt, dtype, width, exp_bits):
    rng = random.Random(2)
    utype = np.uint32 if width == 32 else np.uint16
    with np.errstate(all="ignore"):
        for _ in range(2000):
            a, b = random_finite(rng, width, exp_bits), random_finite(rng, width, exp_bits)
            x, y = np.array([a], utype).view(dtype)[0], np.array([b], utype).view(dtype)[0]
            for name, want in (("add", x + y), ("sub", x - y), ("mul", x * y), ("div", x / y)):
                if np.isnan(want):
                    continue
                got, _ = getattr(fp, name)(fmt, a, b)
                assert got == int(np.array([want], dtype).view(utype)[0]), (fmt, name, hex(a), hex(b))


def test_bad_arguments():
    with pytest.raises(ValueError, match="unknown format 'f8'"):
        fp.add("f8", 0, 0)
    with pytest.raises(ValueError, match="does not fit 16 bits"):
        fp.add("f16", 0x10000, 0)
    with pytest.raises(ValueError, match="unknown rounding 'up'"):
        fp.add("f32", 0, 0, rounding="up")
    with pytest.raises(ValueError, match="unknown type 's16'"):
        fp.convert("s16", "f32", 0)
    with pytest.raises(TypeError):
        fp.add("f32", 1.0, 2.0)  # bit patterns, not floats
    with pytest.raises(TypeError):
        fp.add("f32", 0, 0, 0)  # fpcr is keyword-only
