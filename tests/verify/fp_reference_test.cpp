// Self-tests of the MPFR reference (src/verify/fp_reference.hpp).
//
// Every expected value below is worked out by hand from the IEEE encodings and
// the Arm rules in docs/fp.md; the comment next to it gives the derivation.
// Notation: f32 1.0 = 0x3f800000 (exponent 127, fraction 0); an ulp of 1.0 is
// 2^-23 in f32, 2^-10 in f16, 2^-7 in bf16, 2^-52 in f64.
#include "verify/fp_reference.hpp"

#include <gmp.h>
#include <gtest/gtest.h>
#include <mpfr.h>

#include <algorithm>
#include <string>

namespace {

using mlisa::fp::Format;
using mlisa::fp::FPCR;
using mlisa::fp::Rounding;
namespace flag = mlisa::fp::flag;
namespace ref = mlisa::verify::ref;

constexpr uint32_t IOC = flag::IOC, DZC = flag::DZC, OFC = flag::OFC, UFC = flag::UFC,
                   IXC = flag::IXC, IDC = flag::IDC;

FPCR mode(Rounding r) {
  FPCR c;
  c.rmode = r;
  return c;
}
const FPCR RN = mode(Rounding::TieEven);
const FPCR RP = mode(Rounding::PosInf);
const FPCR RM = mode(Rounding::NegInf);
const FPCR RZ = mode(Rounding::Zero);

FPCR with(FPCR c, bool fz, bool fz16, bool dn, bool ahp) {
  c.fz = fz;
  c.fz16 = fz16;
  c.dn = dn;
  c.ahp = ahp;
  return c;
}
const FPCR FZ = with(RN, true, false, false, false);
const FPCR FZ16 = with(RN, false, true, false, false);
const FPCR DN = with(RN, false, false, true, false);
const FPCR AHP = with(RN, false, false, false, true);

#define EXPECT_RESULT(expr, bits_, flags_)                                            \
  do {                                                                                \
    const ref::Result r_ = (expr);                                                    \
    EXPECT_EQ(r_.bits, uint64_t{bits_}) << #expr << " bits 0x" << std::hex << r_.bits; \
    EXPECT_EQ(r_.flags, uint32_t{flags_}) << #expr << " flags 0x" << std::hex << r_.flags; \
  } while (0)

constexpr Format F16 = Format::F16, BF16 = Format::BF16, F32 = Format::F32, F64 = Format::F64;

// ---------------------------------------------------------------------------
TEST(FpReference, AddRoundingBoundariesF32) {
  // 1 + 1 = 2 = 0x40000000, exact.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x3f800000, RN), 0x40000000, 0);
  // 2^-24 = 0x33800000 (exponent 103). 1 + 2^-24 lies exactly halfway between 1.0
  // and 1 + 2^-23. Nearest-even keeps the even 1.0; +inf rounds up; -inf and zero
  // truncate. All inexact.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33800000, RN), 0x3f800000, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33800000, RP), 0x3f800001, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33800000, RM), 0x3f800000, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33800000, RZ), 0x3f800000, IXC);
  // (1 + 2^-23) + 2^-24: halfway between 0x3f800001 (odd) and 0x3f800002: even wins.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800001, 0x33800000, RN), 0x3f800002, IXC);
  // Negative tie -(1 + 2^-24): -inf rounds away (magnitude up), +inf and zero truncate.
  EXPECT_RESULT(ref::FPAdd(F32, 0xbf800000, 0xb3800000, RM), 0xbf800001, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xbf800000, 0xb3800000, RP), 0xbf800000, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xbf800000, 0xb3800000, RZ), 0xbf800000, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xbf800000, 0xb3800000, RN), 0xbf800000, IXC);
  // 2^-25 = 0x33000000: below half an ulp; nearest gives 1.0, +inf gives 1 + 2^-23.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33000000, RN), 0x3f800000, IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33000000, RP), 0x3f800001, IXC);
  // 2^-24 + 2^-25 = 0x33c00000 (1.5 * 2^-24): above half an ulp, nearest rounds up.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0x33c00000, RN), 0x3f800001, IXC);
}

TEST(FpReference, AddZerosAndInfinities) {
  // 1 + -1 is an exact zero: +0, or -0 towards -inf; no flags.
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0xbf800000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0xbf800000, RM), 0x80000000, 0);
  EXPECT_RESULT(ref::FPAdd(F32, 0x3f800000, 0xbf800000, RP), 0x00000000, 0);
  // Same-sign zeros keep their sign in every mode; +0 + -0 follows the mode.
  EXPECT_RESULT(ref::FPAdd(F32, 0x80000000, 0x80000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPAdd(F32, 0x80000000, 0x80000000, RP), 0x80000000, 0);
  EXPECT_RESULT(ref::FPAdd(F32, 0x00000000, 0x80000000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPAdd(F32, 0x00000000, 0x80000000, RM), 0x80000000, 0);
  // +inf + -inf: default NaN 0x7fc00000 with IOC; inf + finite: that infinity.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f800000, 0xff800000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xff800000, 0x3f800000, RN), 0xff800000, 0);
  // FPSub: +0 - -0 gives op1's zero +0; -0 - +0 gives -0; +0 - +0 is an exact
  // zero: +0, or -0 towards -inf.
  EXPECT_RESULT(ref::FPSub(F32, 0x00000000, 0x80000000, RM), 0x00000000, 0);
  EXPECT_RESULT(ref::FPSub(F32, 0x80000000, 0x00000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPSub(F32, 0x00000000, 0x00000000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPSub(F32, 0x00000000, 0x00000000, RM), 0x80000000, 0);
  // inf - inf (same sign) is invalid; inf - -inf is +inf.
  EXPECT_RESULT(ref::FPSub(F32, 0x7f800000, 0x7f800000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPSub(F32, 0x7f800000, 0xff800000, RN), 0x7f800000, 0);
  // 3 - 1 = 2: 0x40400000 - 0x3f800000 = 0x40000000.
  EXPECT_RESULT(ref::FPSub(F32, 0x40400000, 0x3f800000, RN), 0x40000000, 0);
}

TEST(FpReference, OverflowPerMode) {
  // max normal 0x7f7fffff = (2 - 2^-23) * 2^127; doubling it overflows. Nearest and
  // +inf give inf; zero and -inf give max normal; always OFC and IXC.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x7f7fffff, RN), 0x7f800000, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x7f7fffff, RP), 0x7f800000, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x7f7fffff, RM), 0x7f7fffff, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x7f7fffff, RZ), 0x7f7fffff, OFC | IXC);
  // Negative: -inf mode goes to -inf, +inf mode stays at -max.
  EXPECT_RESULT(ref::FPAdd(F32, 0xff7fffff, 0xff7fffff, RM), 0xff800000, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xff7fffff, 0xff7fffff, RP), 0xff7fffff, OFC | IXC);
  // max + 2^103 (half an ulp of max, 0x73000000 = exponent 230): a tie whose kept
  // LSB is odd, so nearest rounds up to 2^128: overflow. Towards zero keeps max and
  // does not overflow: IXC only.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x73000000, RN), 0x7f800000, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x73000000, RZ), 0x7f7fffff, IXC);
  // max + 2^102 (a quarter ulp, 0x72800000): nearest keeps max, no overflow.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f7fffff, 0x72800000, RN), 0x7f7fffff, IXC);
  // 2^127 * 2 = 2^128 overflows: 0x7f000000 * 0x40000000.
  EXPECT_RESULT(ref::FPMul(F32, 0x7f000000, 0x40000000, RN), 0x7f800000, OFC | IXC);
  EXPECT_RESULT(ref::FPMul(F32, 0x7f000000, 0xc0000000, RM), 0xff800000, OFC | IXC);
  EXPECT_RESULT(ref::FPMul(F32, 0x7f000000, 0xc0000000, RZ), 0xff7fffff, OFC | IXC);
  // f16: 65504 (0x7bff) + 16 (0x4c00) = 65520, halfway between 65504 and 65536 with
  // an odd kept LSB: nearest overflows to 0x7c00, zero keeps 0x7bff with IXC only.
  EXPECT_RESULT(ref::FPAdd(F16, 0x7bff, 0x4c00, RN), 0x7c00, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F16, 0x7bff, 0x4c00, RZ), 0x7bff, IXC);
  // bf16: max 0x7f7f = (2 - 2^-7) * 2^127; doubled overflows.
  EXPECT_RESULT(ref::FPAdd(BF16, 0x7f7f, 0x7f7f, RN), 0x7f80, OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x7f7f, 0x7f7f, RZ), 0x7f7f, OFC | IXC);
  // f64: max 0x7fefffffffffffff doubled.
  EXPECT_RESULT(ref::FPAdd(F64, 0x7fefffffffffffff, 0x7fefffffffffffff, RN), 0x7ff0000000000000,
                OFC | IXC);
  EXPECT_RESULT(ref::FPAdd(F64, 0xffefffffffffffff, 0xffefffffffffffff, RP), 0xffefffffffffffff,
                OFC | IXC);
}

TEST(FpReference, UnderflowTininessBeforeRounding) {
  // (1 - 2^-24) [0x3f7fffff] * 2^-126 [0x00800000] = 2^-126 - 2^-150. In units of
  // the denormal quantum 2^-149 that is 2^23 - 1/2: halfway between the largest
  // denormal 0x007fffff (odd) and the smallest normal 0x00800000. Nearest rounds up
  // to the normal, but the value was tiny before rounding and inexact: UFC + IXC.
  EXPECT_RESULT(ref::FPMul(F32, 0x3f7fffff, 0x00800000, RN), 0x00800000, UFC | IXC);
  // Towards zero keeps the largest denormal.
  EXPECT_RESULT(ref::FPMul(F32, 0x3f7fffff, 0x00800000, RZ), 0x007fffff, UFC | IXC);
  // With FZ the tiny value is flushed before rounding: +0 with UFC, not IXC.
  EXPECT_RESULT(ref::FPMul(F32, 0x3f7fffff, 0x00800000, FZ), 0x00000000, UFC);
  // 2^-126 * 0.5 = 2^-127 = 0x00400000 exactly: tiny but exact, so no UFC.
  EXPECT_RESULT(ref::FPMul(F32, 0x00800000, 0x3f000000, RN), 0x00400000, 0);
  // 2^-149 * 0.5 = 2^-150: half the smallest denormal, a tie with 0 (even): +0,
  // UFC + IXC; +inf rounds up to 0x00000001.
  EXPECT_RESULT(ref::FPMul(F32, 0x00000001, 0x3f000000, RN), 0x00000000, UFC | IXC);
  EXPECT_RESULT(ref::FPMul(F32, 0x00000001, 0x3f000000, RP), 0x00000001, UFC | IXC);
  // Negative: -2^-150 towards -inf gives -2^-149.
  EXPECT_RESULT(ref::FPMul(F32, 0x80000001, 0x3f000000, RM), 0x80000001, UFC | IXC);
  // f64: 2^-1022 [0x0010000000000000] * (1 - 2^-53) [0x3fefffffffffffff]: as above,
  // 2^52 - 1/2 quanta: rounds up to the smallest normal with UFC + IXC.
  EXPECT_RESULT(ref::FPMul(F64, 0x0010000000000000, 0x3fefffffffffffff, RN), 0x0010000000000000,
                UFC | IXC);
  // f16: 2^-14 [0x0400] * (1 - 2^-11) [0x3bff] = 2^-14 - 2^-25; quantum 2^-24, so
  // 2^10 - 1/2 quanta: up to 0x0400 with UFC + IXC.
  EXPECT_RESULT(ref::FPMul(F16, 0x0400, 0x3bff, RN), 0x0400, UFC | IXC);
  // f16 output flush is by FZ16: 2^-14 * 0.5 = 2^-15 is the exact denormal 0x0200
  // without FZ16 (no flags) and +0 with UFC under FZ16 (no IXC, no IDC).
  EXPECT_RESULT(ref::FPMul(F16, 0x0400, 0x3800, RN), 0x0200, 0);
  EXPECT_RESULT(ref::FPMul(F16, 0x0400, 0x3800, FZ16), 0x0000, UFC);
  EXPECT_RESULT(ref::FPMul(F16, 0x0400, 0x3800, FZ), 0x0200, 0);  // FZ is not f16's control
  // bf16 flushes by FZ: 2^-126 [0x0080] * 0.5 [0x3f00] = 2^-127 exact denormal
  // 0x0040; under FZ +0 with UFC.
  EXPECT_RESULT(ref::FPMul(BF16, 0x0080, 0x3f00, RN), 0x0040, 0);
  EXPECT_RESULT(ref::FPMul(BF16, 0x0080, 0x3f00, FZ), 0x0000, UFC);
  EXPECT_RESULT(ref::FPMul(BF16, 0x0080, 0x3f00, FZ16), 0x0040, 0);
}

TEST(FpReference, InputFlush) {
  // FZ: the f32 denormal 0x00000001 is read as +0 and raises IDC; +0 + +0 = +0.
  EXPECT_RESULT(ref::FPAdd(F32, 0x00000001, 0x00000000, FZ), 0x00000000, IDC);
  // Without FZ the denormal is exact.
  EXPECT_RESULT(ref::FPAdd(F32, 0x00000001, 0x00000000, RN), 0x00000001, 0);
  // A flushed zero keeps its sign: -denormal + -0 = -0.
  EXPECT_RESULT(ref::FPAdd(F32, 0x80000001, 0x80000000, FZ), 0x80000000, IDC);
  // IDC is raised even when the other operand is a NaN (unpack comes first).
  EXPECT_RESULT(ref::FPAdd(F32, 0x00000001, 0x7fc00001, FZ), 0x7fc00001, IDC);
  // FZ16 flushes f16 denormals without any flag.
  EXPECT_RESULT(ref::FPAdd(F16, 0x0001, 0x0000, FZ16), 0x0000, 0);
  EXPECT_RESULT(ref::FPAdd(F16, 0x0001, 0x0000, FZ), 0x0001, 0);
  // bf16 is flushed by FZ, with IDC (it is the f32 pattern 0x00010000).
  EXPECT_RESULT(ref::FPAdd(BF16, 0x0001, 0x0000, FZ), 0x0000, IDC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x0001, 0x0000, FZ16), 0x0001, 0);
  // f64 with FZ.
  EXPECT_RESULT(ref::FPAdd(F64, 0x000fffffffffffff, 0x0000000000000000, FZ), 0, IDC);
  // A flushed divisor is a zero: 1 / flushed = +inf with DZC (and IDC).
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0x00000001, FZ), 0x7f800000, DZC | IDC);
  // Flushed / flushed is 0 / 0: default NaN, IOC and IDC.
  EXPECT_RESULT(ref::FPDiv(F32, 0x00000002, 0x00000001, FZ), 0x7fc00000, IOC | IDC);
}

TEST(FpReference, NaNPropagation) {
  // A signalling NaN beats an earlier quiet NaN; it is quieted (bit 22) with IOC.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7fc00001, 0x7f800002, RN), 0x7fc00002, IOC);
  // Two quiet NaNs: the first wins, no flag.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7fc00001, 0xffc00002, RN), 0x7fc00001, 0);
  EXPECT_RESULT(ref::FPMul(F32, 0x3f800000, 0xffc00002, RN), 0xffc00002, 0);
  // Two signalling NaNs: the first, quieted.
  EXPECT_RESULT(ref::FPSub(F32, 0xff800005, 0x7f800002, RN), 0xffc00005, IOC);
  // DN: the default NaN instead, IOC still raised for a signalling input.
  EXPECT_RESULT(ref::FPAdd(F32, 0x7f800002, 0x3f800000, DN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPAdd(F32, 0xffc00002, 0x3f800000, DN), 0x7fc00000, 0);
  // f16 quiet bit is bit 9: 0x7c01 -> 0x7e01; bf16 bit 6: 0x7f81 -> 0x7fc1;
  // f64 bit 51.
  EXPECT_RESULT(ref::FPAdd(F16, 0x7c01, 0x3c00, RN), 0x7e01, IOC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x7f81, 0x3f80, RN), 0x7fc1, IOC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x7f81, 0x3f80, DN), 0x7fc0, IOC);
  EXPECT_RESULT(ref::FPAdd(F64, 0x7ff0000000000001, 0, RN), 0x7ff8000000000001, IOC);
  EXPECT_RESULT(ref::FPAdd(F16, 0x7c01, 0x3c00, DN), 0x7e00, IOC);
  // Sqrt of a NaN is processed.
  EXPECT_RESULT(ref::FPSqrt(F32, 0xff800001, RN), 0xffc00001, IOC);
}

TEST(FpReference, MulAddNaNsAndSpecials) {
  // FPProcessNaNs3 order: signalling NaNs of addend, op1, op2, then quiet ones.
  // Quiet addend, signalling op1: op1 quieted.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7fc00003, 0x7f800001, 0x3f800000, RN), 0x7fc00001, IOC);
  // Signalling addend and op1: the addend.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7f800003, 0x7f800001, 0x3f800000, RN), 0x7fc00003, IOC);
  // Three quiet NaNs: the addend.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7fc00005, 0x7fc00001, 0x7fc00002, RN), 0x7fc00005, 0);
  // Quiet op2 only.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x3f800000, 0x3f800000, 0xffc00002, RN), 0xffc00002, 0);
  // Quiet addend with inf * 0: the default NaN with IOC, even with DN = 0.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7fc00005, 0x7f800000, 0x00000000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7fc00005, 0x80000000, 0xff800000, RN), 0x7fc00000, IOC);
  // inf * 0 + number: invalid.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x3f800000, 0x7f800000, 0x00000000, RN), 0x7fc00000, IOC);
  // -inf + (+inf * 1): opposite infinities, invalid.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0xff800000, 0x7f800000, 0x3f800000, RN), 0x7fc00000, IOC);
  // +inf + 1 * 1 = +inf; 1 + (-inf * 1) = -inf.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x7f800000, 0x3f800000, 0x3f800000, RN), 0x7f800000, 0);
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x3f800000, 0xff800000, 0x3f800000, RN), 0xff800000, 0);
  // Zero addend and zero product of the same sign: -0 + (-0 * 1) = -0 in any mode.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x80000000, 0x80000000, 0x3f800000, RN), 0x80000000, 0);
  // Opposite-signed zeros: +0 + (-0 * 1) = exact zero, +0 (or -0 towards -inf).
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x00000000, 0x80000000, 0x3f800000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x00000000, 0x80000000, 0x3f800000, RM), 0x80000000, 0);
  // -1 + 1 * 1 = exact zero: +0, or -0 towards -inf.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0xbf800000, 0x3f800000, 0x3f800000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPMulAdd(F32, 0xbf800000, 0x3f800000, 0x3f800000, RM), 0x80000000, 0);
}

TEST(FpReference, MulAddSingleRounding) {
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24 [op 0x3f800800]. Adding -1 exactly gives
  // 2^-11 + 2^-24 = 2^-11 * (1 + 2^-13): exponent 116 = 0x74, fraction bit 10:
  // 0x3a000400, exact. (Rounding the product first would lose the 2^-24.)
  EXPECT_RESULT(ref::FPMulAdd(F32, 0xbf800000, 0x3f800800, 0x3f800800, RN), 0x3a000400, 0);
  // 1 + (1 + 2^-12)^2 = 2 + 2^-11 + 2^-24; ulp of 2 is 2^-22, so 2^-24 is a quarter
  // ulp: nearest gives 2 + 2^-11 = 0x40000800 (fraction bit 11), IXC; +inf gives
  // 0x40000801.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x3f800000, 0x3f800800, 0x3f800800, RN), 0x40000800, IXC);
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x3f800000, 0x3f800800, 0x3f800800, RP), 0x40000801, IXC);
  // f64: (1 + 2^-27)^2 - 1 = 2^-26 + 2^-54 = 2^-26 * (1 + 2^-28): exponent 997 =
  // 0x3e5, fraction bit 24: 0x3e50000001000000, exact. 1 + 2^-27 is
  // 0x3ff0000002000000 (fraction bit 25).
  EXPECT_RESULT(ref::FPMulAdd(F64, 0xbff0000000000000, 0x3ff0000002000000, 0x3ff0000002000000, RN),
                0x3e50000001000000, 0);
  // f16: (1 + 2^-6)^2 - 1 = 2^-5 + 2^-12 = 2^-5 * (1 + 2^-7): exponent 10 = 0b01010,
  // fraction bit 3: 0x2808, exact. 1 + 2^-6 = 0x3c10.
  EXPECT_RESULT(ref::FPMulAdd(F16, 0xbc00, 0x3c10, 0x3c10, RN), 0x2808, 0);
  // Underflow in FMA: 0 + 2^-126 * (1 - 2^-24) as in the multiply test: UFC + IXC.
  EXPECT_RESULT(ref::FPMulAdd(F32, 0x00000000, 0x00800000, 0x3f7fffff, RN), 0x00800000, UFC | IXC);
}

TEST(FpReference, MulDivSqrt) {
  // inf * 0 invalid; -inf * 2 = -inf; -0 * 3 = -0.
  EXPECT_RESULT(ref::FPMul(F32, 0x7f800000, 0x00000000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPMul(F32, 0xff800000, 0x40000000, RN), 0xff800000, 0);
  EXPECT_RESULT(ref::FPMul(F32, 0x80000000, 0x40400000, RN), 0x80000000, 0);
  // 1.5 * 1.5 = 2.25 = 0x40100000.
  EXPECT_RESULT(ref::FPMul(F32, 0x3fc00000, 0x3fc00000, RN), 0x40100000, 0);
  // 1/3 = 1.010101...b * 2^-2: fraction 0x2aaaaa, remainder 0.101..b (2/3 ulp)
  // above half: nearest 0x3eaaaaab, zero 0x3eaaaaaa, both IXC.
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0x40400000, RN), 0x3eaaaaab, IXC);
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0x40400000, RZ), 0x3eaaaaaa, IXC);
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0x40400000, RM), 0x3eaaaaaa, IXC);
  // -1/3 towards -inf: magnitude rounds up.
  EXPECT_RESULT(ref::FPDiv(F32, 0xbf800000, 0x40400000, RM), 0xbeaaaaab, IXC);
  // 1 / +0 = +inf, DZC; -1 / +0 = -inf, DZC; 0/0 and inf/inf invalid; inf / 0 =
  // inf without DZC; 0 / 5 = 0; 1 / -inf = -0.
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0x00000000, RN), 0x7f800000, DZC);
  EXPECT_RESULT(ref::FPDiv(F32, 0xbf800000, 0x00000000, RN), 0xff800000, DZC);
  EXPECT_RESULT(ref::FPDiv(F32, 0x00000000, 0x80000000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPDiv(F32, 0x7f800000, 0xff800000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPDiv(F32, 0x7f800000, 0x00000000, RN), 0x7f800000, 0);
  EXPECT_RESULT(ref::FPDiv(F32, 0x00000000, 0x40a00000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPDiv(F32, 0x3f800000, 0xff800000, RN), 0x80000000, 0);
  // 2^-126 / 4 = 2^-128 = 0x00200000 exact: no UFC.
  EXPECT_RESULT(ref::FPDiv(F32, 0x00800000, 0x40800000, RN), 0x00200000, 0);
  // f16 1/3: 1.0101010101|0101.. * 2^-2 -> fraction 0x155, remainder 1/3 ulp below
  // half: exponent 13 -> 0x3555.
  EXPECT_RESULT(ref::FPDiv(F16, 0x3c00, 0x4200, RN), 0x3555, IXC);
  EXPECT_RESULT(ref::FPDiv(F16, 0x3c00, 0x4200, RP), 0x3556, IXC);
  // sqrt(4) = 2 exact; sqrt(-0) = -0; sqrt(+inf) = +inf; sqrt(-1) and sqrt(-inf)
  // invalid.
  EXPECT_RESULT(ref::FPSqrt(F32, 0x40800000, RN), 0x40000000, 0);
  EXPECT_RESULT(ref::FPSqrt(F32, 0x80000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPSqrt(F32, 0x7f800000, RN), 0x7f800000, 0);
  EXPECT_RESULT(ref::FPSqrt(F32, 0xbf800000, RN), 0x7fc00000, IOC);
  EXPECT_RESULT(ref::FPSqrt(F32, 0xff800000, RN), 0x7fc00000, IOC);
  // sqrt(2) = 1.01101010000010011110011|0011..b: next bit 0, so nearest truncates
  // to fraction 0x3504f3 (0x3fb504f3); +inf gives 0x3fb504f4.
  EXPECT_RESULT(ref::FPSqrt(F32, 0x40000000, RN), 0x3fb504f3, IXC);
  EXPECT_RESULT(ref::FPSqrt(F32, 0x40000000, RP), 0x3fb504f4, IXC);
  // sqrt of a negative denormal flushed by FZ is sqrt(-0) = -0 with IDC.
  EXPECT_RESULT(ref::FPSqrt(F32, 0x80000001, FZ), 0x80000000, IDC);
  // Without FZ it is a negative number: invalid.
  EXPECT_RESULT(ref::FPSqrt(F32, 0x80000001, RN), 0x7fc00000, IOC);
  // sqrt(2^-149) = 2^-74.5 = 2^-75 * sqrt(2): normal, fraction 0x3504f3, exponent 52:
  // 0x1a3504f3.
  EXPECT_RESULT(ref::FPSqrt(F32, 0x00000001, RN), 0x1a3504f3, IXC);
}

TEST(FpReference, OtherFormatsHalfway) {
  // f16: 1 + 2^-11 [0x1000] is a tie between 0x3c00 and 0x3c01.
  EXPECT_RESULT(ref::FPAdd(F16, 0x3c00, 0x1000, RN), 0x3c00, IXC);
  EXPECT_RESULT(ref::FPAdd(F16, 0x3c00, 0x1000, RP), 0x3c01, IXC);
  EXPECT_RESULT(ref::FPAdd(F16, 0x3c01, 0x1000, RN), 0x3c02, IXC);
  // bf16: 1 + 2^-8 [0x3b80] is a tie between 0x3f80 and 0x3f81.
  EXPECT_RESULT(ref::FPAdd(BF16, 0x3f80, 0x3b80, RN), 0x3f80, IXC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x3f80, 0x3b80, RP), 0x3f81, IXC);
  EXPECT_RESULT(ref::FPAdd(BF16, 0x3f81, 0x3b80, RN), 0x3f82, IXC);
  // f64: 1 + 2^-53 [0x3ca0000000000000] is a tie.
  EXPECT_RESULT(ref::FPAdd(F64, 0x3ff0000000000000, 0x3ca0000000000000, RN), 0x3ff0000000000000, IXC);
  EXPECT_RESULT(ref::FPAdd(F64, 0x3ff0000000000000, 0x3ca0000000000000, RP), 0x3ff0000000000001, IXC);
  EXPECT_RESULT(ref::FPAdd(F64, 0x3ff0000000000001, 0x3ca0000000000000, RN), 0x3ff0000000000002, IXC);
  // Products with F+2 = 12 significant bits in f16 are ties. 1.5 is fraction 0x200.
  // (1 + 2^-10) * 1.5 [0x3c01 * 0x3e00] = 1.5 + 1.5 ulp: fraction 0x201.1b, a tie
  // between 0x201 (odd) and 0x202: nearest 0x3e02, zero 0x3e01.
  EXPECT_RESULT(ref::FPMul(F16, 0x3c01, 0x3e00, RN), 0x3e02, IXC);
  EXPECT_RESULT(ref::FPMul(F16, 0x3c01, 0x3e00, RZ), 0x3e01, IXC);
  // (1 + 3 * 2^-10) * 1.5 = 1.5 + 4.5 ulp: a tie between 0x204 (even) and 0x205.
  EXPECT_RESULT(ref::FPMul(F16, 0x3c03, 0x3e00, RN), 0x3e04, IXC);
  EXPECT_RESULT(ref::FPMul(F16, 0x3c03, 0x3e00, RP), 0x3e05, IXC);
  // (1 + 5 * 2^-10) * 1.5 = 1.5 + 7.5 ulp: tie between 0x207 (odd) and 0x208: 0x3e08.
  EXPECT_RESULT(ref::FPMul(F16, 0x3c05, 0x3e00, RN), 0x3e08, IXC);
}

TEST(FpReference, MaxMin) {
  // Zeros: FPMax gives +0 unless both are -0; FPMin gives -0 unless both are +0.
  EXPECT_RESULT(ref::FPMax(F32, 0x00000000, 0x80000000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPMax(F32, 0x80000000, 0x00000000, RN), 0x00000000, 0);
  EXPECT_RESULT(ref::FPMax(F32, 0x80000000, 0x80000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0x00000000, 0x80000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0x80000000, 0x00000000, RN), 0x80000000, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0x00000000, 0x00000000, RN), 0x00000000, 0);
  // Ordinary values; infinities.
  EXPECT_RESULT(ref::FPMax(F32, 0x3f800000, 0x40000000, RN), 0x40000000, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0x3f800000, 0xc0000000, RN), 0xc0000000, 0);
  EXPECT_RESULT(ref::FPMax(F32, 0xff800000, 0xbf800000, RN), 0xbf800000, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0xff800000, 0xbf800000, RN), 0xff800000, 0);
  // -1 vs +0: max +0, min -1.
  EXPECT_RESULT(ref::FPMax(F32, 0xbf800000, 0x00000000, RN), 0x00000000, 0);
  // A flushed denormal counts as a zero of its sign: max(-denormal, +0) = +0 (IDC),
  // min(+denormal, -0) = -0 (IDC).
  EXPECT_RESULT(ref::FPMax(F32, 0x80000001, 0x00000000, FZ), 0x00000000, IDC);
  EXPECT_RESULT(ref::FPMin(F32, 0x00000001, 0x80000000, FZ), 0x80000000, IDC);
  // max(+denormal, -denormal) under FZ: zeros +0 and -0: +0.
  EXPECT_RESULT(ref::FPMax(F32, 0x00000005, 0x80000007, FZ), 0x00000000, IDC);
  // Without FZ a denormal is returned exactly, no UFC.
  EXPECT_RESULT(ref::FPMax(F32, 0x00000001, 0x00000000, RN), 0x00000001, 0);
  // FPMax propagates NaNs like any arithmetic.
  EXPECT_RESULT(ref::FPMax(F32, 0x3f800000, 0x7fc00001, RN), 0x7fc00001, 0);
  EXPECT_RESULT(ref::FPMin(F32, 0x7f800001, 0x7fc00002, RN), 0x7fc00001, IOC);
  // FPMaxNum: a single quiet NaN loses to a number.
  EXPECT_RESULT(ref::FPMaxNum(F32, 0x3f800000, 0x7fc00001, RN), 0x3f800000, 0);
  EXPECT_RESULT(ref::FPMaxNum(F32, 0xffc00001, 0xbf800000, RN), 0xbf800000, 0);
  EXPECT_RESULT(ref::FPMinNum(F32, 0x7fc00001, 0x3f800000, RN), 0x3f800000, 0);
  // The quiet NaN becomes -inf (max) / +inf (min): max(qNaN, -inf) = -inf,
  // min(qNaN, +inf) = +inf.
  EXPECT_RESULT(ref::FPMaxNum(F32, 0x7fc00001, 0xff800000, RN), 0xff800000, 0);
  EXPECT_RESULT(ref::FPMinNum(F32, 0x7fc00001, 0x7f800000, RN), 0x7f800000, 0);
  // Two quiet NaNs: the first.
  EXPECT_RESULT(ref::FPMaxNum(F32, 0x7fc00001, 0x7fc00002, RN), 0x7fc00001, 0);
  // A signalling NaN still gives a quiet NaN with IOC, even against a quiet NaN.
  EXPECT_RESULT(ref::FPMaxNum(F32, 0x7f800001, 0x3f800000, RN), 0x7fc00001, IOC);
  EXPECT_RESULT(ref::FPMinNum(F32, 0x7fc00001, 0x7f800002, RN), 0x7fc00002, IOC);
  EXPECT_RESULT(ref::FPMaxNum(F32, 0x7f800001, 0x3f800000, DN), 0x7fc00000, IOC);
  // f16 and bf16 NaN against number.
  EXPECT_RESULT(ref::FPMinNum(F16, 0x7e00, 0xbc00, RN), 0xbc00, 0);
  EXPECT_RESULT(ref::FPMaxNum(BF16, 0xbf80, 0x7fc0, RN), 0xbf80, 0);
}

TEST(FpReference, Compare) {
  EXPECT_RESULT(ref::FPCompare(F32, 0x3f800000, 0x40000000, false, RN), 0b1000, 0);  // 1 < 2
  EXPECT_RESULT(ref::FPCompare(F32, 0x40000000, 0x3f800000, false, RN), 0b0010, 0);  // 2 > 1
  EXPECT_RESULT(ref::FPCompare(F32, 0x00000000, 0x80000000, false, RN), 0b0110, 0);  // +0 == -0
  EXPECT_RESULT(ref::FPCompare(F32, 0xff800000, 0xff7fffff, false, RN), 0b1000, 0);  // -inf < -max
  EXPECT_RESULT(ref::FPCompare(F32, 0x7f800000, 0x7f800000, false, RN), 0b0110, 0);  // inf == inf
  // Quiet NaN: unordered, IOC only for the signalling compare (FCMPE).
  EXPECT_RESULT(ref::FPCompare(F32, 0x7fc00000, 0x3f800000, false, RN), 0b0011, 0);
  EXPECT_RESULT(ref::FPCompare(F32, 0x7fc00000, 0x3f800000, true, RN), 0b0011, IOC);
  // Signalling NaN: IOC either way.
  EXPECT_RESULT(ref::FPCompare(F32, 0x3f800000, 0x7f800001, false, RN), 0b0011, IOC);
  // FZ: a denormal equals zero, with IDC.
  EXPECT_RESULT(ref::FPCompare(F32, 0x00000001, 0x80000000, false, FZ), 0b0110, IDC);
  EXPECT_RESULT(ref::FPCompare(F32, 0x00000001, 0x80000000, false, RN), 0b0010, 0);
  // f16: FZ16 makes 0x0001 equal to 0 without a flag.
  EXPECT_RESULT(ref::FPCompare(F16, 0x0001, 0x0000, false, FZ16), 0b0110, 0);
  EXPECT_RESULT(ref::FPCompare(F64, 0xbff0000000000000, 0x3ff0000000000000, true, RN), 0b1000, 0);
}

TEST(FpReference, AbsNeg) {
  // Only the sign bit changes; NaNs are not processed and no flag is raised.
  EXPECT_RESULT(ref::FPAbs(F32, 0xff800001), 0x7f800001, 0);
  EXPECT_RESULT(ref::FPNeg(F32, 0x7fc00000), 0xffc00000, 0);
  EXPECT_RESULT(ref::FPNeg(F16, 0x3c00), 0xbc00, 0);
  EXPECT_RESULT(ref::FPAbs(BF16, 0xbf80), 0x3f80, 0);
  EXPECT_RESULT(ref::FPNeg(F64, 0x0000000000000001), 0x8000000000000001, 0);
  EXPECT_RESULT(ref::FPAbs(F16, 0x8001), 0x0001, 0);
}

TEST(FpReference, ConvertF32F16) {
  const Rounding N = Rounding::TieEven;
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x3f800000, RN, N), 0x3c00, 0);  // 1.0
  // 65520 = 0x477ff000 (2^15 * 1.11111111111b) is halfway between 65504 [0x7bff] and
  // 65536: nearest overflows; zero gives 0x7bff with IXC.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x477ff000, RN, N), 0x7c00, OFC | IXC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x477ff000, RZ, Rounding::Zero), 0x7bff, IXC);
  // Under AHP exponent 31 is usable: 65536 = 0x7c00 with IXC, no overflow.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x477ff000, AHP, N), 0x7c00, IXC);
  // AHP max is 2^16 * (2 - 2^-10) = 131008 [0x7fff]; 2^17 [0x48000000] is beyond it:
  // sign:0x7fff with IOC only.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x48000000, AHP, N), 0x7fff, IOC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0xc8000000, AHP, N), 0xffff, IOC);
  // 131008 exactly [2^16 * 1.1111111111b = 0x47ffe000] converts to 0x7fff without flags.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x47ffe000, AHP, N), 0x7fff, 0);
  // 131040 = 2^16 * 1.11111111111b (eleven ones) [0x47fff000] lies between the AHP
  // max 131008 and 2^17. Towards zero it rounds down to 0x7fff with IXC only; to
  // nearest it is a tie with an odd kept LSB, rounds up beyond the AHP range, and
  // so gives 0x7fff with IOC only: the test is on the rounded value.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x47fff000, with(RZ, false, false, false, true), Rounding::Zero),
                0x7fff, IXC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x47fff000, AHP, N), 0x7fff, IOC);
  // AHP: infinity gives sign:0x7fff with IOC; a NaN gives a zero of its sign with IOC.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x7f800000, AHP, N), 0x7fff, IOC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0xff800000, AHP, N), 0xffff, IOC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0xffc00000, AHP, N), 0x8000, IOC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x7f800001, AHP, N), 0x0000, IOC);
  // AHP source: 0x7c00 is 2^16 [f32 0x47800000]; 0x7e00 is 2^16 * 1.5 [0x47c00000].
  EXPECT_RESULT(ref::FPConvert(F16, F32, 0x7c00, AHP, N), 0x47800000, 0);
  EXPECT_RESULT(ref::FPConvert(F16, F32, 0x7e00, AHP, N), 0x47c00000, 0);
  // Without AHP 0x7e00 is the quiet NaN: f32 default-pattern 0x7fc00000, no flag.
  EXPECT_RESULT(ref::FPConvert(F16, F32, 0x7e00, RN, N), 0x7fc00000, 0);
  // Conversions ignore FZ16: f16 0x0001 = 2^-24 = f32 0x33800000 and back.
  EXPECT_RESULT(ref::FPConvert(F16, F32, 0x0001, FZ16, N), 0x33800000, 0);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x33800000, FZ16, N), 0x0001, 0);
  // FZ does not flush an f16 result either.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x33800000, FZ, N), 0x0001, 0);
  // 2^-25 [0x33000000] to f16: half the smallest denormal, tie with 0: +0, UFC + IXC.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x33000000, RN, N), 0x0000, UFC | IXC);
  // f32 denormal source under FZ is flushed, IDC: +0.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x00000001, FZ, N), 0x0000, IDC);
  // 2^-14 - 2^-25 = 2^-15 * 1.1111111111b (ten ones) [f32 exponent 112, fraction
  // 0x7fe000: 0x387fe000] is 2^10 - 1/2 f16 quanta of 2^-24: a tie between 0x03ff
  // (odd) and 0x0400, so nearest gives the smallest normal with UFC + IXC
  // (tininess before rounding); towards zero 0x03ff.
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x387fe000, RN, N), 0x0400, UFC | IXC);
  EXPECT_RESULT(ref::FPConvert(F32, F16, 0x387fe000, RZ, Rounding::Zero), 0x03ff, UFC | IXC);
}

TEST(FpReference, ConvertNaNsAndOtherPairs) {
  const Rounding N = Rounding::TieEven;
  // f32 signalling NaN payload 1 [0x7f800001] to f64: payload bits 21:0 move to
  // bits 50:29, quiet bit set: 0x7ff8000020000000, IOC.
  EXPECT_RESULT(ref::FPConvert(F32, F64, 0x7f800001, RN, N), 0x7ff8000020000000, IOC);
  // And back: f64 0x7ff0000020000000 (signalling, fraction bit 29) -> 0x7fc00001.
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x7ff0000020000000, RN, N), 0x7fc00001, IOC);
  // f64 quiet NaN with fraction bit 42 -> f16 fraction bit 0: 0x7e01, no flag.
  EXPECT_RESULT(ref::FPConvert(F64, F16, 0x7ff8040000000000, RN, N), 0x7e01, 0);
  // Sign kept: f16 0xfe01 -> f32 0xffc02000 (payload bit 0 to bit 13).
  EXPECT_RESULT(ref::FPConvert(F16, F32, 0xfe01, RN, N), 0xffc02000, 0);
  // DN gives the destination's default NaN.
  EXPECT_RESULT(ref::FPConvert(F16, F64, 0xfc01, DN, N), 0x7ff8000000000000, IOC);
  // Round to odd: f64 1 + 2^-30 [0x3ff0000000400000] to f32 truncates to 1.0 and,
  // being inexact, sets the LSB: 0x3f800001. Nearest gives 0x3f800000.
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3ff0000000400000, RN, Rounding::Odd), 0x3f800001, IXC);
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3ff0000000400000, RN, N), 0x3f800000, IXC);
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3ff0000000000000, RN, Rounding::Odd), 0x3f800000, 0);
  // Round to odd never overflows to infinity: f64 2^128 [0x47f0000000000000] -> f32
  // max normal with OFC + IXC.
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x47f0000000000000, RN, Rounding::Odd), 0x7f7fffff,
                OFC | IXC);
  // Ties away: f64 1 + 2^-24 [0x3ff0000010000000] is an f32 tie: away gives
  // 0x3f800001, even gives 0x3f800000.
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3ff0000010000000, RN, Rounding::TieAway), 0x3f800001, IXC);
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3ff0000010000000, RN, N), 0x3f800000, IXC);
  // f64 2^-127 [0x3800000000000000] to f32: exact denormal 0x00400000; with FZ the
  // result is flushed: +0 with UFC.
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3800000000000000, RN, N), 0x00400000, 0);
  EXPECT_RESULT(ref::FPConvert(F64, F32, 0x3800000000000000, FZ, N), 0x00000000, UFC);
  // f32 denormal to f64 under FZ: flushed source, IDC, +0.
  EXPECT_RESULT(ref::FPConvert(F32, F64, 0x00000001, FZ, N), 0x0000000000000000, IDC);
  // f32 2^-149 to f64 exactly: exponent -149 + 1023 = 874 = 0x36a.
  EXPECT_RESULT(ref::FPConvert(F32, F64, 0x00000001, RN, N), 0x36a0000000000000, 0);
  // Infinities and zeros keep their sign.
  EXPECT_RESULT(ref::FPConvert(F64, F16, 0xfff0000000000000, RN, N), 0xfc00, 0);
  EXPECT_RESULT(ref::FPConvert(F16, F64, 0x8000, RN, N), 0x8000000000000000, 0);
}

TEST(FpReference, ConvertBF16) {
  const Rounding N = Rounding::TieEven;
  // f32 1 + 2^-8 [0x3f808000] is a bf16 tie: even 0x3f80; 1 + 2^-7 + 2^-8
  // [0x3f818000] ties between 0x3f81 (odd) and 0x3f82: 0x3f82.
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0x3f808000, RN, N), 0x3f80, IXC);
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0x3f818000, RN, N), 0x3f82, IXC);
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0x3f808000, RP, Rounding::PosInf), 0x3f81, IXC);
  // bf16 to f32 is exact: append 16 zero bits.
  EXPECT_RESULT(ref::FPConvert(BF16, F32, 0x3f80, RN, N), 0x3f800000, 0);
  // bf16 denormal source: FZ flushes it with IDC; otherwise exact 0x00010000.
  EXPECT_RESULT(ref::FPConvert(BF16, F32, 0x0001, FZ, N), 0x00000000, IDC);
  EXPECT_RESULT(ref::FPConvert(BF16, F32, 0x0001, RN, N), 0x00010000, 0);
  // f64 2^-130 to bf16: denormal 2^-126 * 2^-4, fraction 2^(7-4) = 8: 0x0008 exact;
  // FZ flushes the result: +0, UFC.
  EXPECT_RESULT(ref::FPConvert(F64, BF16, 0x37d0000000000000, RN, N), 0x0008, 0);
  EXPECT_RESULT(ref::FPConvert(F64, BF16, 0x37d0000000000000, FZ, N), 0x0000, UFC);
  // bf16 signalling NaN 0x7f81 to f32: quieted, payload bit 0 to f32 bit 16:
  // 0x7fc10000, IOC.
  EXPECT_RESULT(ref::FPConvert(BF16, F32, 0x7f81, RN, N), 0x7fc10000, IOC);
  // f32 0x7f800001 to bf16: payload below bit 16 is lost, quiet: 0x7fc0, IOC.
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0x7f800001, RN, N), 0x7fc0, IOC);
  // f32 0xffa00000 (signalling, fraction bit 21) to bf16: bit 21 -> bf16 bit 5:
  // 0xffe0, IOC.
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0xffa00000, RN, N), 0xffe0, IOC);
  // f32 max normal to bf16 overflows under nearest: 0x7f80 OFC + IXC.
  EXPECT_RESULT(ref::FPConvert(F32, BF16, 0x7f7fffff, RN, N), 0x7f80, OFC | IXC);
  // bf16 to f16: 1.0 [0x3f80] -> 0x3c00; 2^16 [0x4780] overflows f16 (inf, OFC+IXC)
  // but is 0x7c00 under AHP without flags.
  EXPECT_RESULT(ref::FPConvert(BF16, F16, 0x3f80, RN, N), 0x3c00, 0);
  EXPECT_RESULT(ref::FPConvert(BF16, F16, 0x4780, RN, N), 0x7c00, OFC | IXC);
  EXPECT_RESULT(ref::FPConvert(BF16, F16, 0x4780, AHP, N), 0x7c00, 0);
  // f16 to bf16: 1 + 2^-10 [0x3c01] rounds to 1.0 with IXC (below half of 2^-7).
  EXPECT_RESULT(ref::FPConvert(F16, BF16, 0x3c01, RN, N), 0x3f80, IXC);
  // f16 NaN to bf16 keeps the top payload bits: 0x7e3f has quiet bit 9 and payload
  // 0x3f in bits 5:0 of the 9-bit payload field 8:0. bf16's payload field is 5:0,
  // so the field's top 6 bits (8:3) carry over: 0x3f >> 3 = 7: 0x7fc7.
  EXPECT_RESULT(ref::FPConvert(F16, BF16, 0x7e3f, RN, N), 0x7fc7, 0);
}

TEST(FpReference, ToFixed) {
  const int W = 32;
  // 2.5 [0x40200000]: a tie between 2 and 3. Even 2, away 3, +inf 3, -inf 2, zero 2.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40200000, 0, false, W, RN, Rounding::TieEven), 2, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40200000, 0, false, W, RN, Rounding::TieAway), 3, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40200000, 0, false, W, RN, Rounding::PosInf), 3, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40200000, 0, false, W, RN, Rounding::NegInf), 2, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40200000, 0, false, W, RN, Rounding::Zero), 2, IXC);
  // -2.5: even -2, away -3, -inf -3, zero -2, +inf -2 (two's complement, 32 bits).
  EXPECT_RESULT(ref::FPToFixed(F32, 0xc0200000, 0, false, W, RN, Rounding::TieEven), 0xfffffffe, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xc0200000, 0, false, W, RN, Rounding::TieAway), 0xfffffffd, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xc0200000, 0, false, W, RN, Rounding::NegInf), 0xfffffffd, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xc0200000, 0, false, W, RN, Rounding::Zero), 0xfffffffe, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xc0200000, 0, false, W, RN, Rounding::PosInf), 0xfffffffe, IXC);
  // 3.5 [0x40600000] to even: 4.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x40600000, 0, false, W, RN, Rounding::TieEven), 4, IXC);
  // 2^31 [0x4f000000]: beyond s32 max, saturates to 0x7fffffff with IOC (no IXC);
  // fits u32 exactly.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x4f000000, 0, false, W, RN, Rounding::Zero), 0x7fffffff, IOC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x4f000000, 0, true, W, RN, Rounding::Zero), 0x80000000, 0);
  // -2^31 [0xcf000000] fits s32 exactly.
  EXPECT_RESULT(ref::FPToFixed(F32, 0xcf000000, 0, false, W, RN, Rounding::Zero), 0x80000000, 0);
  // -1 to unsigned saturates to 0, IOC.
  EXPECT_RESULT(ref::FPToFixed(F32, 0xbf800000, 0, true, W, RN, Rounding::Zero), 0, IOC);
  // -0.5 to unsigned: towards zero 0 (in range, IXC); to even: floor -1, error 1/2,
  // -1 odd so up to 0 (IXC); towards -inf -1, saturated to 0 with IOC.
  EXPECT_RESULT(ref::FPToFixed(F32, 0xbf000000, 0, true, W, RN, Rounding::Zero), 0, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xbf000000, 0, true, W, RN, Rounding::TieEven), 0, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xbf000000, 0, true, W, RN, Rounding::NegInf), 0, IOC);
  // Ties away of -0.5 is -1: saturates for unsigned.
  EXPECT_RESULT(ref::FPToFixed(F32, 0xbf000000, 0, true, W, RN, Rounding::TieAway), 0, IOC);
  // NaN: 0 with IOC; infinities saturate with IOC.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x7fc00000, 0, false, W, RN, Rounding::Zero), 0, IOC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x7f800000, 0, false, W, RN, Rounding::Zero), 0x7fffffff, IOC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xff800000, 0, false, W, RN, Rounding::Zero), 0x80000000, IOC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0xff800000, 0, true, 64, RN, Rounding::Zero), 0, IOC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x7f800000, 0, true, 64, RN, Rounding::Zero),
                0xffffffffffffffff, IOC);
  // 64-bit: -2^63 [0xc3e0000000000000] fits s64; 2^63 saturates s64, fits u64.
  EXPECT_RESULT(ref::FPToFixed(F64, 0xc3e0000000000000, 0, false, 64, RN, Rounding::Zero),
                0x8000000000000000, 0);
  EXPECT_RESULT(ref::FPToFixed(F64, 0x43e0000000000000, 0, false, 64, RN, Rounding::Zero),
                0x7fffffffffffffff, IOC);
  EXPECT_RESULT(ref::FPToFixed(F64, 0x43e0000000000000, 0, true, 64, RN, Rounding::Zero),
                0x8000000000000000, 0);
  // Denormals: f32 2^-149 is 0 with IXC (nearest) or 1 (+inf); under FZ it is a
  // flushed zero: 0 with IDC only.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x00000001, 0, false, W, RN, Rounding::TieEven), 0, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x00000001, 0, false, W, RN, Rounding::PosInf), 1, IXC);
  EXPECT_RESULT(ref::FPToFixed(F32, 0x00000001, 0, false, W, FZ, Rounding::PosInf), 0, IDC);
  // f16 sources observe FZ16 (no flag) and ignore AHP: 0x7c00 is +inf.
  EXPECT_RESULT(ref::FPToFixed(F16, 0x0001, 0, false, W, FZ16, Rounding::PosInf), 0, 0);
  EXPECT_RESULT(ref::FPToFixed(F16, 0x7c00, 0, false, W, AHP, Rounding::Zero), 0x7fffffff, IOC);
  // f16 65504 [0x7bff] to s32: exact.
  EXPECT_RESULT(ref::FPToFixed(F16, 0x7bff, 0, false, W, RN, Rounding::Zero), 65504, 0);
  // bf16 -1.5 [0xbfc0] to s64 nearest-even: -2 with IXC.
  EXPECT_RESULT(ref::FPToFixed(BF16, 0xbfc0, 0, false, 64, RN, Rounding::TieEven),
                0xfffffffffffffffe, IXC);
  // fbits: 1.25 [0x3fa00000] with 2 fraction bits is 5, exact.
  EXPECT_RESULT(ref::FPToFixed(F32, 0x3fa00000, 2, false, W, RN, Rounding::Zero), 5, 0);
}

TEST(FpReference, FromFixed) {
  const Rounding N = Rounding::TieEven;
  // s32 -1 [0xffffffff] -> f32 -1.0; u32 0xffffffff = 2^32 - 1 rounds to 2^32
  // [0x4f800000] under nearest, and to 0x4f7fffff (2^32 - 2^8) towards zero.
  EXPECT_RESULT(ref::FixedToFP(F32, 0xffffffff, 0, false, 32, RN, N), 0xbf800000, 0);
  EXPECT_RESULT(ref::FixedToFP(F32, 0xffffffff, 0, true, 32, RN, N), 0x4f800000, IXC);
  EXPECT_RESULT(ref::FixedToFP(F32, 0xffffffff, 0, true, 32, RN, Rounding::Zero), 0x4f7fffff, IXC);
  // Zero gives +0.
  EXPECT_RESULT(ref::FixedToFP(F32, 0, 0, false, 32, RM, Rounding::NegInf), 0x00000000, 0);
  // s32 most negative -2^31 = 0xcf000000 exact.
  EXPECT_RESULT(ref::FixedToFP(F32, 0x80000000, 0, false, 32, RN, N), 0xcf000000, 0);
  // 2^24 + 1 is a tie: 2^24 [0x4b800000]; 2^24 + 3 ties between 2^24 + 2 (odd
  // significand) and 2^24 + 4 [0x4b800002].
  EXPECT_RESULT(ref::FixedToFP(F32, 0x01000001, 0, true, 32, RN, N), 0x4b800000, IXC);
  EXPECT_RESULT(ref::FixedToFP(F32, 0x01000003, 0, true, 32, RN, N), 0x4b800002, IXC);
  EXPECT_RESULT(ref::FixedToFP(F32, 0x01000001, 0, true, 32, RN, Rounding::TieAway), 0x4b800001, IXC);
  // u32 65520 to f16 overflows under nearest; FixedToFP ignores AHP.
  EXPECT_RESULT(ref::FixedToFP(F16, 65520, 0, true, 32, RN, N), 0x7c00, OFC | IXC);
  EXPECT_RESULT(ref::FixedToFP(F16, 65520, 0, true, 32, AHP, N), 0x7c00, OFC | IXC);
  // u64 max = 2^64 - 1 -> f64 2^64 [0x43f0000000000000].
  EXPECT_RESULT(ref::FixedToFP(F64, 0xffffffffffffffff, 0, true, 64, RN, N), 0x43f0000000000000, IXC);
  // s64 -1 -> f64 -1.
  EXPECT_RESULT(ref::FixedToFP(F64, 0xffffffffffffffff, 0, false, 64, RN, N), 0xbff0000000000000, 0);
  // s64 257 -> bf16: 1.00000001b * 2^8, a tie: 256 [0x4380].
  EXPECT_RESULT(ref::FixedToFP(BF16, 257, 0, false, 64, RN, N), 0x4380, IXC);
  EXPECT_RESULT(ref::FixedToFP(BF16, 257, 0, false, 64, RP, Rounding::PosInf), 0x4381, IXC);
  // Only the low int_width bits are read: 0x1_00000001 as u32 is 1.
  EXPECT_RESULT(ref::FixedToFP(F32, 0x100000001, 0, true, 32, RN, N), 0x3f800000, 0);
}

TEST(FpReference, HelperFunctions) {
  // EncodeExact: 3 * 2^-1 = 1.5 [0x3fc00000]; 2^-149 is the smallest f32 denormal;
  // 2^-150 and 2^128 are not representable, nor 2^24 + 1 (25 bits).
  EXPECT_EQ(ref::EncodeExact(F32, false, 3, -1), std::optional<uint64_t>(0x3fc00000));
  EXPECT_EQ(ref::EncodeExact(F32, true, 1, -149), std::optional<uint64_t>(0x80000001));
  EXPECT_EQ(ref::EncodeExact(F32, false, 1, -150), std::nullopt);
  EXPECT_EQ(ref::EncodeExact(F32, false, 1, 128), std::nullopt);
  EXPECT_EQ(ref::EncodeExact(F32, false, 0x1000001, 0), std::nullopt);
  EXPECT_EQ(ref::EncodeExact(F16, false, 0x3ff, -24), std::optional<uint64_t>(0x03ff));
  // RoundExact: 3 * 2^-2 = 0.75 [0x3f400000] exactly; (2^24 + 1) ties to 2^24.
  EXPECT_RESULT(ref::RoundExact(F32, false, 3, -2, RN, Rounding::TieEven), 0x3f400000, 0);
  EXPECT_RESULT(ref::RoundExact(F32, false, 0x1000001, 0, RN, Rounding::TieEven), 0x4b800000, IXC);
  // A 128-bit significand: (2^100 + 1) * 2^-100 = 1 + 2^-100 -> 1.0, IXC.
  EXPECT_RESULT(ref::RoundExact(F64, false, (static_cast<unsigned __int128>(1) << 100) + 1, -100, RN,
                                Rounding::TieEven),
                0x3ff0000000000000, IXC);
  EXPECT_TRUE(ref::IsNaN(F16, 0x7c01));
  EXPECT_FALSE(ref::IsNaN(F16, 0x7c00));
  EXPECT_TRUE(ref::IsNaN(BF16, 0xffc0));
}

// ---------------------------------------------------------------------------
// A second, independent route to the same numbers: MPFR's own correctly rounded
// operations at the format's precision, with the exponent range set so that
// mpfr_check_range + mpfr_subnormalize give IEEE gradual underflow and overflow.
// This covers the four IEEE roundings without flushing; the flags compared are
// IXC and OFC, since MPFR detects underflow after rounding and Arm before.

struct Ieee {
  int width, F, min_exp, max_exp;
};
Ieee ieee(Format f) {
  switch (f) {
    case Format::F16: return {16, 10, -14, 15};
    case Format::BF16: return {16, 7, -126, 127};
    case Format::F32: return {32, 23, -126, 127};
    case Format::F64: return {64, 52, -1022, 1023};
  }
  return {};
}

uint64_t splitmix(uint64_t& s) {
  uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// A random finite pattern: any exponent, or one near `centre`.
uint64_t random_finite(const Ieee& p, uint64_t& s, int centre) {
  const int E = p.width - 1 - p.F;
  const uint64_t ones = (uint64_t{1} << E) - 1;
  const uint64_t frac = splitmix(s) & ((uint64_t{1} << p.F) - 1);
  uint64_t exp = splitmix(s) % ones;  // 0 .. all-ones - 1
  if (splitmix(s) & 1) {
    const int bias = static_cast<int>(ones >> 1);
    const long e = centre + static_cast<long>(splitmix(s) % 9) - 4 + bias;
    exp = static_cast<uint64_t>(std::clamp<long>(e, 0, static_cast<long>(ones) - 1));
  }
  const uint64_t sign = (splitmix(s) & 1) << (p.width - 1);
  return sign | (exp << p.F) | frac;
}

void to_mpfr(mpfr_t x, const Ieee& p, uint64_t bits) {
  const uint64_t frac = bits & ((uint64_t{1} << p.F) - 1);
  const int E = p.width - 1 - p.F;
  const uint64_t exp = (bits >> p.F) & ((uint64_t{1} << E) - 1);
  const int bias = (1 << (E - 1)) - 1;
  if (exp == 0) mpfr_set_ui_2exp(x, frac, p.min_exp - p.F, MPFR_RNDN);
  else mpfr_set_ui_2exp(x, frac | (uint64_t{1} << p.F), static_cast<long>(exp) - bias - p.F, MPFR_RNDN);
  if (bits >> (p.width - 1)) mpfr_neg(x, x, MPFR_RNDN);
}

uint64_t from_mpfr(mpfr_t x, const Ieee& p) {
  const int E = p.width - 1 - p.F;
  const int bias = (1 << (E - 1)) - 1;
  const uint64_t sign = static_cast<uint64_t>(mpfr_signbit(x) ? 1 : 0) << (p.width - 1);
  if (mpfr_inf_p(x)) return sign | (((uint64_t{1} << E) - 1) << p.F);
  if (mpfr_zero_p(x)) return sign;
  mpfr_t m;
  mpfr_init2(m, 64);
  mpfr_abs(m, x, MPFR_RNDN);
  const long e = mpfr_get_exp(m) - 1;
  uint64_t out;
  if (e >= p.min_exp) {
    mpfr_mul_2si(m, m, p.F - e, MPFR_RNDN);
    out = sign | (static_cast<uint64_t>(e + bias) << p.F) | (mpfr_get_ui(m, MPFR_RNDN) - (uint64_t{1} << p.F));
  } else {
    mpfr_mul_2si(m, m, p.F - p.min_exp, MPFR_RNDN);
    out = sign | mpfr_get_ui(m, MPFR_RNDN);
  }
  mpfr_clear(m);
  return out;
}

TEST(FpReference, AgreesWithMpfrNativeRounding) {
  const mpfr_exp_t saved_emin = mpfr_get_emin(), saved_emax = mpfr_get_emax();
  const Rounding modes[] = {Rounding::TieEven, Rounding::PosInf, Rounding::NegInf, Rounding::Zero};
  const mpfr_rnd_t mpfr_modes[] = {MPFR_RNDN, MPFR_RNDU, MPFR_RNDD, MPFR_RNDZ};
  uint64_t state = 12345;
  for (Format f : {F16, BF16, F32, F64}) {
    const Ieee p = ieee(f);
    for (int op = 0; op < 6; ++op) {
      int mismatches = 0;
      for (int i = 0; i < 5000; ++i) {
        const int centre = static_cast<int>(splitmix(state) % 7) - 3;
        const uint64_t a = random_finite(p, state, centre), b = random_finite(p, state, centre),
                       c = random_finite(p, state, 2 * centre);
        const int mi = static_cast<int>(splitmix(state) % 4);
        FPCR fpcr;
        fpcr.rmode = modes[mi];
        const mpfr_rnd_t rnd = mpfr_modes[mi];

        mpfr_t x, y, z, r;
        mpfr_inits2(64, x, y, z, nullptr);
        mpfr_init2(r, p.F + 1);
        to_mpfr(x, p, a);
        to_mpfr(y, p, b);
        to_mpfr(z, p, c);
        // MPFR exponents: x = 0.1b... * 2^e; the smallest denormal 2^(min-F) has
        // e = min - F + 1, and values below 2^(max+1) have e <= max + 1.
        mpfr_set_emin(p.min_exp - p.F + 1);
        mpfr_set_emax(p.max_exp + 1);
        mpfr_clear_flags();
        int t = 0;
        ref::Result want;
        switch (op) {
          case 0: t = mpfr_add(r, x, y, rnd), want = ref::FPAdd(f, a, b, fpcr); break;
          case 1: t = mpfr_sub(r, x, y, rnd), want = ref::FPSub(f, a, b, fpcr); break;
          case 2: t = mpfr_mul(r, x, y, rnd), want = ref::FPMul(f, a, b, fpcr); break;
          case 3:
            if (mpfr_zero_p(y)) mpfr_set_ui(y, 1, MPFR_RNDN);
            t = mpfr_div(r, x, y, rnd), want = ref::FPDiv(f, a, from_mpfr(y, p), fpcr);
            break;
          case 4:
            mpfr_abs(x, x, MPFR_RNDN);
            t = mpfr_sqrt(r, x, rnd), want = ref::FPSqrt(f, from_mpfr(x, p), fpcr);
            break;
          case 5: t = mpfr_fma(r, x, y, z, rnd), want = ref::FPMulAdd(f, c, a, b, fpcr); break;
        }
        t = mpfr_check_range(r, t, rnd);
        t = mpfr_subnormalize(r, t, rnd);
        const bool overflow = mpfr_overflow_p();
        mpfr_set_emin(saved_emin);
        mpfr_set_emax(saved_emax);
        const uint64_t bits = from_mpfr(r, p);
        const uint32_t flags = (t != 0 ? IXC : 0) | (overflow ? OFC : 0);
        mpfr_clears(x, y, z, r, nullptr);
        if (bits != want.bits || flags != (want.flags & (IXC | OFC))) {
          if (++mismatches <= 3)
            ADD_FAILURE() << "format " << p.width << "/" << p.F << " op " << op << " a=0x" << std::hex << a
                          << " b=0x" << b << " c=0x" << c << " mode " << mi << ": mpfr 0x" << bits << " flags "
                          << flags << ", reference 0x" << want.bits << " flags " << want.flags;
        }
      }
      EXPECT_EQ(mismatches, 0);
    }
  }
}

}  // namespace
