// Unit tests of the Arm floating-point library. Every expected value is worked
// out by hand from the format definitions and the rules in docs/fp.md; the
// comment beside each says how.
#include "core/fp.hpp"

#include <gtest/gtest.h>

using namespace mlisa::fp;

namespace {

struct Out {
  uint64_t bits;
  uint32_t flags;
};

FPCR cr(Rounding r = Rounding::TieEven, bool fz = false, bool fz16 = false, bool dn = false, bool ahp = false) {
  FPCR c;
  c.rmode = r;
  c.fz = fz;
  c.fz16 = fz16;
  c.dn = dn;
  c.ahp = ahp;
  return c;
}

template <typename Fn>
Out run(FPCR c, Fn fn) {
  Context ctx{c, 0};
  const uint64_t bits = fn(ctx);
  return {bits, ctx.flags};
}

#define EXPECT_FP(expr, c, want_bits, want_flags)                                          \
  do {                                                                                     \
    const Out out_ = run(c, [&](Context& ctx) { return static_cast<uint64_t>(expr); });    \
    EXPECT_EQ(out_.bits, uint64_t{want_bits}) << #expr;                                    \
    EXPECT_EQ(flags_to_string(out_.flags), flags_to_string(want_flags)) << #expr;          \
  } while (0)

constexpr uint32_t NONE = 0;
using namespace flag;

constexpr uint64_t ONE = 0x3f800000, TWO = 0x40000000, HALF = 0x3f000000;

}  // namespace

TEST(FpAdd, ExactAndRounded) {
  EXPECT_FP(FPAdd(Format::F32, ONE, TWO, ctx), cr(), 0x40400000, NONE);  // 1 + 2 = 3
  // 1 + 2^-24 lies halfway between 1 and 1 + 2^-23: ties to even keeps 1.
  EXPECT_FP(FPAdd(Format::F32, ONE, 0x33800000, ctx), cr(), ONE, IXC);
  EXPECT_FP(FPAdd(Format::F32, ONE, 0x33800000, ctx), cr(Rounding::PosInf), 0x3f800001, IXC);
  EXPECT_FP(FPAdd(Format::F32, ONE, 0x33800000, ctx), cr(Rounding::TieAway), 0x3f800001, IXC);
  // 1 + 3*2^-25 is above the halfway point: rounds up even under ties-to-even.
  EXPECT_FP(FPAdd(Format::F32, ONE, 0x33c00000, ctx), cr(), 0x3f800001, IXC);
  // 0.1 + 0.2 in binary64 is 0.30000000000000004.
  EXPECT_FP(FPAdd(Format::F64, 0x3fb999999999999a, 0x3fc999999999999a, ctx), cr(), 0x3fd3333333333334, IXC);
  EXPECT_FP(FPAdd(Format::F16, 0x3c00, 0x3c00, ctx), cr(), 0x4000, NONE);
  EXPECT_FP(FPAdd(Format::BF16, 0x3f80, 0x3f80, ctx), cr(), 0x4000, NONE);
  // bf16 has 7 fraction bits: 1 + 2^-8 is a tie, kept at 1.
  EXPECT_FP(FPAdd(Format::BF16, 0x3f80, 0x3b80, ctx), cr(), 0x3f80, IXC);
  // Far-apart operands: 2^100 - 2^-100 truncates towards zero to the value below 2^100.
  EXPECT_FP(FPSub(Format::F32, 0x71800000, 0x0d800000, ctx), cr(Rounding::Zero), 0x717fffff, IXC);
}

TEST(FpAdd, ZerosAndSigns) {
  EXPECT_FP(FPAdd(Format::F32, ONE, 0xbf800000, ctx), cr(), 0, NONE);  // 1 + -1 = +0
  EXPECT_FP(FPAdd(Format::F32, ONE, 0xbf800000, ctx), cr(Rounding::NegInf), 0x80000000, NONE);
  EXPECT_FP(FPAdd(Format::F32, 0x80000000, 0x80000000, ctx), cr(), 0x80000000, NONE);  // -0 + -0
  EXPECT_FP(FPAdd(Format::F32, 0x00000000, 0x80000000, ctx), cr(), 0, NONE);
  EXPECT_FP(FPSub(Format::F32, 0x00000000, 0x00000000, ctx), cr(Rounding::NegInf), 0x80000000, NONE);
  EXPECT_FP(FPSub(Format::F32, 0x80000000, 0x00000000, ctx), cr(), 0x80000000, NONE);  // -0 - +0
}

TEST(FpAdd, Infinities) {
  EXPECT_FP(FPAdd(Format::F32, 0x7f800000, 0xff800000, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPSub(Format::F32, 0x7f800000, 0x7f800000, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPSub(Format::F32, ONE, 0x7f800000, ctx), cr(), 0xff800000, NONE);
  EXPECT_FP(FPAdd(Format::F16, 0xfc00, 0x3c00, ctx), cr(), 0xfc00, NONE);
}

TEST(FpAdd, Overflow) {
  const uint64_t max = 0x7f7fffff;
  EXPECT_FP(FPAdd(Format::F32, max, max, ctx), cr(), 0x7f800000, OFC | IXC);
  EXPECT_FP(FPAdd(Format::F32, max, max, ctx), cr(Rounding::Zero), max, OFC | IXC);
  EXPECT_FP(FPAdd(Format::F32, max, max, ctx), cr(Rounding::NegInf), max, OFC | IXC);
  EXPECT_FP(FPAdd(Format::F32, max | 0x80000000, max | 0x80000000, ctx), cr(Rounding::PosInf), 0xff7fffff,
            OFC | IXC);
  EXPECT_FP(FPAdd(Format::F16, 0x7bff, 0x7bff, ctx), cr(), 0x7c00, OFC | IXC);  // 65504 * 2
}

TEST(FpNaN, PropagationOrder) {
  // A signalling NaN is quieted (quiet bit set, payload kept) and raises IOC.
  EXPECT_FP(FPAdd(Format::F32, 0x7f800001, ONE, ctx), cr(), 0x7fc00001, IOC);
  // The signalling NaN wins over an earlier quiet one.
  EXPECT_FP(FPAdd(Format::F32, 0x7fc00005, 0x7f800001, ctx), cr(), 0x7fc00001, IOC);
  // Two quiet NaNs: the first wins, no flag.
  EXPECT_FP(FPMul(Format::F32, 0xffc00007, 0x7fc00005, ctx), cr(), 0xffc00007, NONE);
  EXPECT_FP(FPAdd(Format::F32, 0x7fc00005, 0x7f800001, ctx), cr(Rounding::TieEven, false, false, true),
            0x7fc00000, IOC);
  EXPECT_FP(FPAdd(Format::F16, 0x7d01, 0x3c00, ctx), cr(), 0x7f01, IOC);
  EXPECT_FP(FPAdd(Format::BF16, 0xff81, 0x3f80, ctx), cr(), 0xffc1, IOC);
  EXPECT_FP(FPAdd(Format::F64, 0x7ff0000000000001, 0, ctx), cr(), 0x7ff8000000000001, IOC);
}

TEST(FpFlush, InputsAndOutputs) {
  // FZ: the smallest denormal is flushed to +0 and raises IDC; +0 + +0 = +0.
  EXPECT_FP(FPAdd(Format::F32, 0x00000001, 0, ctx), cr(Rounding::TieEven, true), 0, IDC);
  // IDC is raised even when the other operand is a NaN: operands unpack first.
  EXPECT_FP(FPAdd(Format::F32, 0x00000001, 0x7f800001, ctx), cr(Rounding::TieEven, true), 0x7fc00001,
            IOC | IDC);
  // FZ16 flushes half-precision denormals silently.
  EXPECT_FP(FPAdd(Format::F16, 0x0001, 0x0000, ctx), cr(Rounding::TieEven, false, true), 0, NONE);
  EXPECT_FP(FPAdd(Format::F16, 0x0001, 0x0000, ctx), cr(), 0x0001, NONE);
  // FZ does not touch f16, FZ16 does not touch f32.
  EXPECT_FP(FPAdd(Format::F16, 0x0001, 0x0001, ctx), cr(Rounding::TieEven, true), 0x0002, NONE);
  EXPECT_FP(FPAdd(Format::F32, 0x00000001, 0x00000001, ctx), cr(Rounding::TieEven, false, true), 0x00000002,
            NONE);
  // bf16 denormals follow FZ, with IDC.
  EXPECT_FP(FPAdd(Format::BF16, 0x0001, 0x0000, ctx), cr(Rounding::TieEven, true), 0, IDC);
  // 2^-126 * 0.5 = 2^-127 is an exact denormal (0x00400000): no UFC without flushing.
  EXPECT_FP(FPMul(Format::F32, 0x00800000, HALF, ctx), cr(), 0x00400000, NONE);
  // With FZ the tiny result is flushed: UFC, and no IXC.
  EXPECT_FP(FPMul(Format::F32, 0x00800000, HALF, ctx), cr(Rounding::TieEven, true), 0, UFC);
  EXPECT_FP(FPMul(Format::F16, 0x0400, 0x3800, ctx), cr(Rounding::TieEven, false, true), 0, UFC);
}

TEST(FpRound, TininessBeforeRounding) {
  // (1 - 2^-24) * 2^-126 is below the smallest normal; on the denormal grid it is
  // halfway between 2^-126 - 2^-149 and 2^-126 and ties to 2^-126 (even mantissa).
  // Tiny before rounding and inexact: UFC as well as IXC.
  EXPECT_FP(FPMul(Format::F32, 0x3f7fffff, 0x00800000, ctx), cr(), 0x00800000, UFC | IXC);
  // 2^-150 is halfway between 0 and the smallest denormal: ties to even gives +0.
  EXPECT_FP(FPMul(Format::F32, 0x00000001, HALF, ctx), cr(), 0, UFC | IXC);
  EXPECT_FP(FPMul(Format::F32, 0x00000001, HALF, ctx), cr(Rounding::PosInf), 0x00000001, UFC | IXC);
  EXPECT_FP(FPMul(Format::F32, 0x80000001, HALF, ctx), cr(Rounding::NegInf), 0x80000001, UFC | IXC);
  // 3 * 2^-150 = 1.5 smallest denormals: ties to even gives 2 of them.
  EXPECT_FP(FPMul(Format::F32, 0x00000003, HALF, ctx), cr(), 0x00000002, UFC | IXC);
}

TEST(FpMul, Specials) {
  EXPECT_FP(FPMul(Format::F32, 0x7f800000, 0, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPMul(Format::F32, 0xff800000, 0xbf800000, ctx), cr(), 0x7f800000, NONE);
  EXPECT_FP(FPMul(Format::F32, 0x80000000, ONE, ctx), cr(), 0x80000000, NONE);
  EXPECT_FP(FPMul(Format::F64, 0x4008000000000000, 0x3fe0000000000000, ctx), cr(), 0x3ff8000000000000,
            NONE);  // 3 * 0.5 = 1.5
}

TEST(FpDiv, RoundingAndSpecials) {
  // 1/3 = 0x1.555555...p-2: the 24-bit mantissa 0xaaaaaa... rounds up to ...ab.
  EXPECT_FP(FPDiv(Format::F32, ONE, 0x40400000, ctx), cr(), 0x3eaaaaab, IXC);
  EXPECT_FP(FPDiv(Format::F32, ONE, 0x40400000, ctx), cr(Rounding::Zero), 0x3eaaaaaa, IXC);
  EXPECT_FP(FPDiv(Format::F64, 0x3ff0000000000000, 0x4008000000000000, ctx), cr(), 0x3fd5555555555555, IXC);
  EXPECT_FP(FPDiv(Format::F32, ONE, 0, ctx), cr(), 0x7f800000, DZC);
  EXPECT_FP(FPDiv(Format::F32, 0xbf800000, 0, ctx), cr(), 0xff800000, DZC);
  EXPECT_FP(FPDiv(Format::F32, 0x7f800000, 0, ctx), cr(), 0x7f800000, NONE);  // inf / 0: no DZC
  EXPECT_FP(FPDiv(Format::F32, 0, 0, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPDiv(Format::F32, 0x7f800000, 0xff800000, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPDiv(Format::F32, ONE, 0xff800000, ctx), cr(), 0x80000000, NONE);
  EXPECT_FP(FPDiv(Format::F32, 0x40c00000, TWO, ctx), cr(), 0x40400000, NONE);  // 6 / 2 = 3
}

TEST(FpSqrt, Values) {
  EXPECT_FP(FPSqrt(Format::F32, 0x40800000, ctx), cr(), TWO, NONE);
  EXPECT_FP(FPSqrt(Format::F32, TWO, ctx), cr(), 0x3fb504f3, IXC);  // sqrt(2)
  EXPECT_FP(FPSqrt(Format::F64, 0x4000000000000000, ctx), cr(), 0x3ff6a09e667f3bcd, IXC);
  EXPECT_FP(FPSqrt(Format::F32, 0xbf800000, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPSqrt(Format::F32, 0x80000000, ctx), cr(), 0x80000000, NONE);
  EXPECT_FP(FPSqrt(Format::F32, 0x7f800000, ctx), cr(), 0x7f800000, NONE);
  EXPECT_FP(FPSqrt(Format::F32, 0xff800000, ctx), cr(), 0x7fc00000, IOC);
  // sqrt(2^-148) = 2^-74: an even power from a denormal input.
  EXPECT_FP(FPSqrt(Format::F32, 0x00000002, ctx), cr(), 0x1a800000, NONE);
  EXPECT_FP(FPSqrt(Format::F16, 0x4400, ctx), cr(), 0x4000, NONE);  // sqrt(4) = 2
}

TEST(FpMulAdd, SingleRounding) {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24; minus (1 + 2^-11) leaves exactly 2^-24.
  EXPECT_FP(FPMulAdd(Format::F32, 0xbf801000, 0x3f800800, 0x3f800800, ctx), cr(), 0x33800000, NONE);
  // Operand order: addend first. 1 + 2*3 = 7.
  EXPECT_FP(FPMulAdd(Format::F32, ONE, TWO, 0x40400000, ctx), cr(), 0x40e00000, NONE);
  // Exact zero: 1 + (-1 * 1) = +0, and -0 towards -inf.
  EXPECT_FP(FPMulAdd(Format::F32, ONE, 0xbf800000, ONE, ctx), cr(), 0, NONE);
  EXPECT_FP(FPMulAdd(Format::F32, ONE, 0xbf800000, ONE, ctx), cr(Rounding::NegInf), 0x80000000, NONE);
  EXPECT_FP(FPMulAdd(Format::F32, 0x80000000, 0x80000000, ONE, ctx), cr(), 0x80000000, NONE);  // -0 + -0*1
  EXPECT_FP(FPMulAdd(Format::F64, 0xbff0000000000000, 0x3ff0000000100000, 0x3ff0000000100000, ctx), cr(),
            0x3e00000000080000, NONE);  // (1+2^-32)^2 - 1 = 2^-31 + 2^-64
}

TEST(FpMulAdd, NaNsAndInfinities) {
  // A quiet-NaN addend with inf * 0 gives the default NaN and IOC.
  EXPECT_FP(FPMulAdd(Format::F32, 0x7fc00123, 0x7f800000, 0, ctx), cr(), 0x7fc00000, IOC);
  EXPECT_FP(FPMulAdd(Format::F32, 0x7fc00123, ONE, ONE, ctx), cr(), 0x7fc00123, NONE);
  // Signalling NaNs first, in the order addend, op1, op2.
  EXPECT_FP(FPMulAdd(Format::F32, 0x7fc00001, 0x7f800002, 0x7f800003, ctx), cr(), 0x7fc00002, IOC);
  EXPECT_FP(FPMulAdd(Format::F32, 0x7f800000, 0xff800000, ONE, ctx), cr(), 0x7fc00000, IOC);  // inf - inf
  EXPECT_FP(FPMulAdd(Format::F32, ONE, 0x7f800000, TWO, ctx), cr(), 0x7f800000, NONE);
}

TEST(FpMaxMin, Rules) {
  EXPECT_FP(FPMax(Format::F32, ONE, TWO, ctx), cr(), TWO, NONE);
  EXPECT_FP(FPMin(Format::F32, ONE, TWO, ctx), cr(), ONE, NONE);
  EXPECT_FP(FPMax(Format::F32, 0, 0x80000000, ctx), cr(), 0, NONE);
  EXPECT_FP(FPMax(Format::F32, 0x80000000, 0x80000000, ctx), cr(), 0x80000000, NONE);
  EXPECT_FP(FPMin(Format::F32, 0, 0x80000000, ctx), cr(), 0x80000000, NONE);
  EXPECT_FP(FPMax(Format::F32, 0xbf800000, 0xc0000000, ctx), cr(), 0xbf800000, NONE);  // max(-1, -2)
  EXPECT_FP(FPMax(Format::F32, 0x7fc00000, ONE, ctx), cr(), 0x7fc00000, NONE);        // max keeps NaNs
  EXPECT_FP(FPMax(Format::F32, 0xff800000, 0x7f7fffff, ctx), cr(), 0x7f7fffff, NONE);
  // A flushed denormal counts as a zero: max(+denormal, -0) = +0 with IDC.
  EXPECT_FP(FPMax(Format::F32, 0x00000001, 0x80000000, ctx), cr(Rounding::TieEven, true), 0, IDC);
  EXPECT_FP(FPMin(Format::F32, 0x80000001, 0, ctx), cr(Rounding::TieEven, true), 0x80000000, IDC);
  EXPECT_FP(FPMax(Format::F32, 0x00000001, 0x80000000, ctx), cr(), 0x00000001, NONE);
}

TEST(FpMaxMin, NumberVersions) {
  // The calculator's example: a signalling NaN still wins, quietened, with IOC.
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fa00000, ONE, ctx), cr(), 0x7fe00000, IOC);
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fa00000, ONE, ctx), cr(Rounding::TieEven, false, false, true), 0x7fc00000,
            IOC);
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fc00000, ONE, ctx), cr(), ONE, NONE);  // a quiet NaN loses
  EXPECT_FP(FPMinNum(Format::F32, ONE, 0xffc00001, ctx), cr(), ONE, NONE);
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fc00000, 0xff800000, ctx), cr(), 0xff800000, NONE);  // vs -inf
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fc00001, 0x7fc00002, ctx), cr(), 0x7fc00001, NONE);  // two quiet NaNs
  EXPECT_FP(FPMinNum(Format::F16, 0x7e00, 0xbc00, ctx), cr(), 0xbc00, NONE);
  EXPECT_FP(FPMaxNum(Format::F32, 0x7fc00000, 0x7f800001, ctx), cr(), 0x7fc00001, IOC);  // qNaN vs sNaN
}

TEST(FpCompare, Results) {
  Context ctx{cr(), 0};
  EXPECT_EQ(FPCompare(Format::F32, ONE, TWO, false, ctx), 0b1000u);
  EXPECT_EQ(FPCompare(Format::F32, TWO, ONE, false, ctx), 0b0010u);
  EXPECT_EQ(FPCompare(Format::F32, 0, 0x80000000, false, ctx), 0b0110u);
  EXPECT_EQ(FPCompare(Format::F32, 0x7fc00000, ONE, false, ctx), 0b0011u);
  EXPECT_EQ(ctx.flags, 0u);
  EXPECT_EQ(FPCompare(Format::F32, 0x7fc00000, ONE, true, ctx), 0b0011u);
  EXPECT_EQ(ctx.flags, IOC);
  Context s{cr(), 0};
  EXPECT_EQ(FPCompare(Format::F64, 0x7ff0000000000001, 0, false, s), 0b0011u);
  EXPECT_EQ(s.flags, IOC);
  Context fz{cr(Rounding::TieEven, true), 0};
  EXPECT_EQ(FPCompare(Format::F32, 0x00000001, 0x80000000, false, fz), 0b0110u);  // flushed: equal
  EXPECT_EQ(fz.flags, IDC);
}

TEST(FpConvert, FloatToFloat) {
  // 65520 is halfway between 65504 (0x7bff, odd) and 65536: ties to even overflows.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x477ff000, ctx), cr(), 0x7c00, OFC | IXC);
  // Towards zero it truncates to 65504: inexact, but no overflow.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x477ff000, ctx), cr(Rounding::Zero), 0x7bff, IXC);
  // With AHP the same value rounds to 2^16, a number there (exponent 31): IXC only.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x477ff000, ctx), cr(Rounding::TieEven, false, false, false, true),
            0x7c00, IXC);
  // AHP: a NaN becomes a zero with IOC, an infinity the largest AHP value with IOC.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0xffc00000, ctx), cr(Rounding::TieEven, false, false, false, true),
            0x8000, IOC);
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x7f800000, ctx), cr(Rounding::TieEven, false, false, false, true),
            0x7fff, IOC);
  // 2^17 is beyond AHP's range: IOC, no OFC or IXC.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x48000000, ctx), cr(Rounding::TieEven, false, false, false, true),
            0x7fff, IOC);
  // AHP source: 0x7c00 is 2^16.
  EXPECT_FP(FPConvert(Format::F16, Format::F32, 0x7c00, ctx), cr(Rounding::TieEven, false, false, false, true),
            0x47800000, NONE);
  EXPECT_FP(FPConvert(Format::F16, Format::F32, 0x3c00, ctx), cr(), ONE, NONE);
  // f16 sNaN 0x7d00: payload bit 8 moves to f32 bit 21, quiet bit set.
  EXPECT_FP(FPConvert(Format::F16, Format::F32, 0x7d00, ctx), cr(), 0x7fe00000, IOC);
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x7fe00000, ctx), cr(), 0x7f00, NONE);
  EXPECT_FP(FPConvert(Format::F64, Format::F32, 0xfff8000000000001, ctx), cr(), 0xffc00000, NONE);
  EXPECT_FP(FPConvert(Format::F32, Format::F64, 0x7f800001, ctx), cr(Rounding::TieEven, false, false, true),
            0x7ff8000000000000, IOC);
  // Conversions ignore FZ16: the f16 denormal 2^-24 converts exactly.
  EXPECT_FP(FPConvert(Format::F16, Format::F32, 0x0001, ctx), cr(Rounding::TieEven, true, true), 0x33800000, NONE);
  // ... and do not flush f16 results: 2^-24 from f32.
  EXPECT_FP(FPConvert(Format::F32, Format::F16, 0x33800000, ctx), cr(Rounding::TieEven, true, true), 0x0001, NONE);
  // FZ flushes an f32 denormal source, with IDC.
  EXPECT_FP(FPConvert(Format::F32, Format::F64, 0x00000001, ctx), cr(Rounding::TieEven, true), 0, IDC);
  // f32 to bf16: 1 + 2^-8 is a tie kept at 1; 1 + 3*2^-8 a tie rounded to even 1 + 2^-6.
  EXPECT_FP(FPConvert(Format::F32, Format::BF16, 0x3f808000, ctx), cr(), 0x3f80, IXC);
  EXPECT_FP(FPConvert(Format::F32, Format::BF16, 0x3f818000, ctx), cr(), 0x3f82, IXC);
  EXPECT_FP(FPConvert(Format::F32, Format::BF16, 0x7f800001, ctx), cr(), 0x7fc0, IOC);
  EXPECT_FP(FPConvert(Format::BF16, Format::F32, 0x3fc0, ctx), cr(), 0x3fc00000, NONE);
  // f64 to f32 round to odd (FCVTXN): 1 + 2^-26 truncates to 1 and sets the LSB.
  EXPECT_FP(FPConvert(Format::F64, Format::F32, 0x3ff0000004000000, ctx, Rounding::Odd), cr(), 0x3f800001, IXC);
  EXPECT_FP(FPConvert(Format::F64, Format::F32, 0x3ff0000000000000, ctx, Rounding::Odd), cr(), ONE, NONE);
}

TEST(FpConvert, ToAndFromIntegers) {
  const FPCR rz = cr(Rounding::Zero);
  EXPECT_FP(FPToFixed(Format::F32, 0x40200000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 2, IXC);  // 2.5
  EXPECT_FP(FPToFixed(Format::F32, 0xc0200000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0xfffffffe, IXC);
  EXPECT_FP(FPToFixed(Format::F32, 0x40600000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 4, IXC);  // 3.5
  EXPECT_FP(FPToFixed(Format::F32, 0x40600000, 0, false, 32, ctx, ctx.fpcr.rmode), rz, 3, IXC);
  EXPECT_FP(FPToFixed(Format::F32, 0xc0200000, 0, false, 32, ctx, Rounding::TieAway), cr(), 0xfffffffd, IXC);
  EXPECT_FP(FPToFixed(Format::F32, 0xc0200000, 0, false, 32, ctx, Rounding::NegInf), cr(), 0xfffffffd, IXC);
  EXPECT_FP(FPToFixed(Format::F32, 0x4f000000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0x7fffffff, IOC);  // 2^31
  EXPECT_FP(FPToFixed(Format::F32, 0x4f000000, 0, true, 32, ctx, ctx.fpcr.rmode), cr(), 0x80000000, NONE);
  EXPECT_FP(FPToFixed(Format::F32, 0xcf000000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0x80000000, NONE);
  EXPECT_FP(FPToFixed(Format::F32, 0xbf800000, 0, true, 32, ctx, ctx.fpcr.rmode), cr(), 0, IOC);  // -1 unsigned
  EXPECT_FP(FPToFixed(Format::F32, 0xbe800000, 0, true, 32, ctx, ctx.fpcr.rmode), cr(), 0, IXC);  // -0.25 -> 0
  EXPECT_FP(FPToFixed(Format::F32, 0x7fc00000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0, IOC);
  EXPECT_FP(FPToFixed(Format::F32, 0xff800000, 0, false, 64, ctx, ctx.fpcr.rmode), cr(), 0x8000000000000000, IOC);
  EXPECT_FP(FPToFixed(Format::F64, 0x43e0000000000000, 0, true, 64, ctx, ctx.fpcr.rmode), cr(),
            0x8000000000000000, NONE);  // 2^63 fits u64
  EXPECT_FP(FPToFixed(Format::F32, 0x3f000000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0, IXC);  // 0.5 -> 0
  EXPECT_FP(FPToFixed(Format::F32, 0x3f400000, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 1, IXC);  // 0.75 -> 1
  // 2^31 - 1 is 31 ones: rounds to 2^31 under ties-to-even, below it towards zero.
  EXPECT_FP(FixedToFP(Format::F32, 0x7fffffff, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0x4f000000, IXC);
  EXPECT_FP(FixedToFP(Format::F32, 0x7fffffff, 0, false, 32, ctx, ctx.fpcr.rmode), rz, 0x4effffff, IXC);
  EXPECT_FP(FixedToFP(Format::F32, 0xffffffff, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0xbf800000, NONE);
  EXPECT_FP(FixedToFP(Format::F16, 0xffffffff, 0, true, 32, ctx, ctx.fpcr.rmode), cr(), 0x7c00, OFC | IXC);
  EXPECT_FP(FixedToFP(Format::F64, 0x8000000000000000, 0, false, 64, ctx, ctx.fpcr.rmode), cr(),
            0xc3e0000000000000, NONE);
  EXPECT_FP(FixedToFP(Format::F32, 0, 0, false, 32, ctx, ctx.fpcr.rmode), cr(), 0, NONE);
}

TEST(FpControl, FpcrBitsAndNames) {
  const FPCR c = FPCR::from_bits(0x07c80000);  // AHP DN FZ, RMode 3, FZ16
  EXPECT_TRUE(c.ahp && c.dn && c.fz && c.fz16);
  EXPECT_EQ(c.rmode, Rounding::Zero);
  EXPECT_EQ(c.to_bits(), 0x07c80000u);
  EXPECT_EQ(flags_to_string(IOC | IXC), "IOC,IXC");
  EXPECT_EQ(flags_to_string(0), "-");
  EXPECT_EQ(parse_flags("DZC,IDC"), DZC | IDC);
  EXPECT_FALSE(parse_flags("IOC,"));
  EXPECT_FALSE(parse_flags("XYZ"));
  EXPECT_EQ(parse_format("bf16"), Format::BF16);
  EXPECT_FALSE(parse_format("f8"));
  EXPECT_EQ(FPDefaultNaN(Format::BF16), 0x7fc0u);
  EXPECT_EQ(FPMaxNormal(Format::F16, true), 0xfbffu);
  EXPECT_EQ(FPAbs(Format::F32, 0xff800001), 0x7f800001u);
  EXPECT_EQ(FPNeg(Format::F64, 0), 0x8000000000000000u);
  EXPECT_EQ(to_f64_bits(Format::F16, 0x3555), 0x3fd5540000000000u);  // 0x1.554p-2
  EXPECT_EQ(to_f64_bits(Format::F32, 0x00000001), 0x36a0000000000000u);  // 2^-149
}
