// mlisa fp results. Every expected value is worked out by hand from IEEE 754 and
// the rules in docs/fp.md; the derivation is next to each case.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "support/run_mlisa.hpp"

using mlisa::test::run_mlisa;

namespace {

// Runs `mlisa fp ARGS...` and returns stdout, expecting exit 0 and no stderr.
std::string fp(std::vector<std::string> args) {
  args.insert(args.begin(), "fp");
  auto r = run_mlisa(args);
  std::string cmd;
  for (auto& a : args) cmd += " " + a;
  EXPECT_EQ(r.exit_code, 0) << "mlisa" << cmd << "\n" << r.err;
  EXPECT_EQ(r.err, "") << "mlisa" << cmd;
  return r.out;
}

}  // namespace

// 1 + 2 = 3 = 1.5 x 2^1: exponent 127+1 = 0x80, fraction .1 -> 0x400000.
TEST(FpCalc, AddF32) { EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x40000000"}), "0x40400000 3 -\n"); }

// f64: 1 + 1 = 2 = 1.0 x 2^1, exponent 1023+1 = 0x400.
TEST(FpCalc, AddF64) {
  EXPECT_EQ(fp({"add", "f64", "0x3ff0000000000000", "0x3ff0000000000000"}), "0x4000000000000000 2 -\n");
}

// bf16 is the top half of f32: 1 + 1 = 2 -> 0x4000.
TEST(FpCalc, AddBF16) { EXPECT_EQ(fp({"add", "bf16", "0x3f80", "0x3f80"}), "0x4000 2 -\n"); }

// f16: 1.0 = 0x3c00, 0.5 = 0x3800, 1.5 = 0x3e00.
TEST(FpCalc, AddF16) { EXPECT_EQ(fp({"add", "f16", "0x3c00", "0x3800"}), "0x3e00 1.5 -\n"); }

// 1 + 2^-24 is exactly half an ulp of 1.0 (ulp 2^-23): to nearest ties to even
// keeps 1.0; towards +inf, ties away and round to odd give 1 + 2^-23; towards
// zero keeps 1.0. Always inexact.
TEST(FpCalc, RoundingOfAHalfUlp) {
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000"}), "0x3f800000 1 IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--fpcr", "RMode=1"}), "0x3f800001 1.0000001192092896 IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--fpcr", "rmode=3"}), "0x3f800000 1 IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--rounding", "tieaway"}), "0x3f800001 1.0000001192092896 IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--rounding", "odd"}), "0x3f800001 1.0000001192092896 IXC\n");
  // --rounding overrides RMode.
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--fpcr", "RMode=1", "--rounding", "zero"}), "0x3f800000 1 IXC\n");
  // Raw FPCR: RMode is bits 23:22, so 0x00400000 is towards +inf.
  EXPECT_EQ(fp({"add", "f32", "0x3f800000", "0x33800000", "--fpcr", "0x00400000"}), "0x3f800001 1.0000001192092896 IXC\n");
}

// x - x is +0, except towards -inf where it is -0.
TEST(FpCalc, ExactZeroSumSign) {
  EXPECT_EQ(fp({"sub", "f32", "0x3f800000", "0x3f800000"}), "0x00000000 0 -\n");
  EXPECT_EQ(fp({"sub", "f32", "0x3f800000", "0x3f800000", "--rounding", "neginf"}), "0x80000000 -0 -\n");
  EXPECT_EQ(fp({"sub", "f32", "0x3f800000", "0x3f800000", "--fpcr", "RMode=2"}), "0x80000000 -0 -\n");
}

// 1 x -0 = -0 (sign XOR).
TEST(FpCalc, MulSignedZero) { EXPECT_EQ(fp({"mul", "f32", "0x3f800000", "0x80000000"}), "0x80000000 -0 -\n"); }

// 1 / 0 = +inf with DZC; 0 / 0 is the default NaN with IOC.
TEST(FpCalc, Div) {
  EXPECT_EQ(fp({"div", "f32", "0x3f800000", "0x00000000"}), "0x7f800000 inf DZC\n");
  EXPECT_EQ(fp({"div", "f32", "0x00000000", "0x00000000"}), "0x7fc00000 nan IOC\n");
  EXPECT_EQ(fp({"div", "f32", "0xbf800000", "0x00000000"}), "0xff800000 -inf DZC\n");
}

// sqrt(4) = 2; sqrt(-1) is the default NaN with IOC; sqrt(-0) = -0.
TEST(FpCalc, Sqrt) {
  EXPECT_EQ(fp({"sqrt", "f32", "0x40800000"}), "0x40000000 2 -\n");
  EXPECT_EQ(fp({"sqrt", "f32", "0xbf800000"}), "0x7fc00000 nan IOC\n");
  EXPECT_EQ(fp({"sqrt", "f32", "0x80000000"}), "0x80000000 -0 -\n");
}

// muladd A B C = A + B x C: 1 + 2 x 3 = 7 = 1.75 x 2^2 -> exponent 0x81,
// fraction .11 -> 0x40e00000. (B x C + ... in another order would give 5 or 7
// only by accident: 2 + 1 x 3 = 5, 3 + 1 x 2 = 5.)
TEST(FpCalc, MulAddOperandOrder) {
  EXPECT_EQ(fp({"muladd", "f32", "0x3f800000", "0x40000000", "0x40400000"}), "0x40e00000 7 -\n");
  EXPECT_EQ(fp({"muladd", "f32", "0x40000000", "0x3f800000", "0x40400000"}), "0x40a00000 5 -\n");
}

// muladd: a quiet NaN addend with inf x 0 is the default NaN with IOC (docs/fp.md).
TEST(FpCalc, MulAddQNaNAddendInfTimesZero) {
  EXPECT_EQ(fp({"muladd", "f32", "0x7fc00001", "0x7f800000", "0x00000000"}), "0x7fc00000 nan IOC\n");
  // Without the inf x 0, the quiet NaN addend propagates, no flags.
  EXPECT_EQ(fp({"muladd", "f32", "0x7fc00001", "0x3f800000", "0x3f800000"}), "0x7fc00001 nan(0x1) -\n");
}

// maxnum: a signalling NaN (0x7fa00000, quiet bit 22 clear, fraction 0x200000)
// still wins, quieted (0x7fe00000) with IOC; DN=1 gives the default NaN.
TEST(FpCalc, MaxNumSignallingNaN) {
  EXPECT_EQ(fp({"maxnum", "f32", "0x7fa00000", "0x3f800000"}), "0x7fe00000 nan(0x200000) IOC\n");
  EXPECT_EQ(fp({"maxnum", "f32", "0x7fa00000", "0x3f800000", "--fpcr", "DN=1"}), "0x7fc00000 nan IOC\n");
  EXPECT_EQ(fp({"maxnum", "f32", "0x7fa00000", "0x3f800000", "--fpcr", "0x02000000"}), "0x7fc00000 nan IOC\n");
}

// maxnum / minnum: a quiet NaN loses to a number.
TEST(FpCalc, MaxNumQuietNaN) {
  EXPECT_EQ(fp({"maxnum", "f32", "0x7fc00000", "0x3f800000"}), "0x3f800000 1 -\n");
  EXPECT_EQ(fp({"minnum", "f32", "0x3f800000", "0x7fc00000"}), "0x3f800000 1 -\n");
  // max (not num) propagates it.
  EXPECT_EQ(fp({"max", "f32", "0x7fc00000", "0x3f800000"}), "0x7fc00000 nan -\n");
}

// max / min of zeros: max(-0, +0) = +0, min(+0, -0) = -0.
TEST(FpCalc, MaxMinZeros) {
  EXPECT_EQ(fp({"max", "f32", "0x80000000", "0x00000000"}), "0x00000000 0 -\n");
  EXPECT_EQ(fp({"min", "f32", "0x00000000", "0x80000000"}), "0x80000000 -0 -\n");
}

// Two-operand NaN order: the first signalling NaN wins even after a quiet NaN.
TEST(FpCalc, ProcessNaNsOrder) {
  EXPECT_EQ(fp({"add", "f32", "0x7fc00001", "0x7f800002"}), "0x7fc00002 nan(0x2) IOC\n");
  EXPECT_EQ(fp({"add", "f32", "0x7fc00001", "0x7fc00002"}), "0x7fc00001 nan(0x1) -\n");
}

// NZCV: lt 1000, eq 0110, gt 0010, un 0011; comparee signals on a quiet NaN.
TEST(FpCalc, Compare) {
  EXPECT_EQ(fp({"compare", "f32", "0x3f800000", "0x40000000"}), "0x8 lt -\n");
  EXPECT_EQ(fp({"compare", "f32", "0x40000000", "0x3f800000"}), "0x2 gt -\n");
  EXPECT_EQ(fp({"compare", "f32", "0x00000000", "0x80000000"}), "0x6 eq -\n");
  EXPECT_EQ(fp({"compare", "f32", "0x7fc00000", "0x3f800000"}), "0x3 un -\n");
  EXPECT_EQ(fp({"comparee", "f32", "0x7fc00000", "0x3f800000"}), "0x3 un IOC\n");
  EXPECT_EQ(fp({"compare", "f32", "0x7f800001", "0x3f800000"}), "0x3 un IOC\n");
}

// abs / neg touch only the sign: no NaN processing, no flags.
TEST(FpCalc, AbsNeg) {
  EXPECT_EQ(fp({"abs", "f32", "0xff800001"}), "0x7f800001 snan(0x1) -\n");
  EXPECT_EQ(fp({"neg", "f16", "0x3c00"}), "0xbc00 -1 -\n");
  EXPECT_EQ(fp({"neg", "f32", "0x7fc00000"}), "0xffc00000 -nan -\n");
}

// Flush to zero: the f32 denormal 0x00000001 is Zero under FZ (with IDC);
// +0 + +0 = +0. Without FZ the sum is exact.
TEST(FpCalc, FlushToZero) {
  EXPECT_EQ(fp({"add", "f32", "0x00000001", "0x00000000", "--fpcr", "FZ=1"}), "0x00000000 0 IDC\n");
  EXPECT_EQ(fp({"add", "f32", "0x00000001", "0x00000000", "--fpcr", "0x01000000"}), "0x00000000 0 IDC\n");
  auto out = fp({"add", "f32", "0x00000001", "0x00000000"});
  EXPECT_EQ(out.substr(0, 11), "0x00000001 ");
  EXPECT_EQ(out.substr(out.size() - 3), " -\n");
  // FZ16 flushes f16 denormals without a flag; FZ leaves them alone.
  EXPECT_EQ(fp({"add", "f16", "0x0001", "0x0000", "--fpcr", "FZ16=1"}), "0x0000 0 -\n");
  EXPECT_EQ(fp({"add", "f16", "0x0001", "0x0000", "--fpcr", "FZ=1"}).substr(0, 7), "0x0001 ");
}

// 65520 (f32 0x477ff000 = 1.11111111111b x 2^15) lies exactly between the f16
// neighbours 65504 (1.1111111111b x 2^15, odd) and 65536 (even): ties to even
// gives 2^16, past the largest f16, so infinity with OFC and IXC. With AHP=1,
// 2^16 is representable (exponent 31, fraction 0 -> 0x7c00, 65536), IXC only.
TEST(FpCalc, ConvertF32ToF16Overflow) {
  EXPECT_EQ(fp({"cvt.f32.f16", "0x477ff000"}), "0x7c00 inf OFC,IXC\n");
  EXPECT_EQ(fp({"cvt.f32.f16", "0x477ff000", "--fpcr", "AHP=1"}), "0x7c00 65536 IXC\n");
  // Towards zero, 65520 truncates to the largest normal 65504 = 0x7bff, IXC only.
  EXPECT_EQ(fp({"cvt.f32.f16", "0x477ff000", "--fpcr", "RMode=3"}), "0x7bff 65504 IXC\n");
}

// AHP: 2^17 (0x48000000) is beyond 2^16 x (2 - 2^-10): 0x7fff with IOC only.
// A NaN converts to a zero of its sign with IOC; infinity to sign:0x7fff with IOC.
TEST(FpCalc, ConvertToAlternativeHalf) {
  EXPECT_EQ(fp({"cvt.f32.f16", "0x48000000", "--fpcr", "AHP=1"}), "0x7fff 131008 IOC\n");
  EXPECT_EQ(fp({"cvt.f32.f16", "0xffc00000", "--fpcr", "AHP=1"}), "0x8000 -0 IOC\n");
  EXPECT_EQ(fp({"cvt.f32.f16", "0x7f800000", "--fpcr", "AHP=1"}), "0x7fff 131008 IOC\n");
}

// The FORMAT may be given explicitly when it names the source.
TEST(FpCalc, ConvertExplicitFormat) {
  EXPECT_EQ(fp({"cvt.f32.f16", "f32", "0x3f800000"}), "0x3c00 1 -\n");
}

// f16 signalling NaN 0x7d00 (fraction 0x100, quiet bit 9 clear) to f32: quieted,
// fraction carried to the top: 0x100 << 13 = 0x200000, plus quiet bit 0x400000.
TEST(FpCalc, ConvertNaNPayload) {
  EXPECT_EQ(fp({"cvt.f16.f32", "0x7d00"}), "0x7fe00000 nan(0x200000) IOC\n");
  EXPECT_EQ(fp({"cvt.f16.f32", "0x7d00", "--fpcr", "DN=1"}), "0x7fc00000 nan IOC\n");
}

// f32 to bf16: 0x3f808000 = 1 + 2^-8 is a tie between 1.0 and 1 + 2^-7: even,
// 0x3f80. 0x3f818000 = 1 + 3 x 2^-8 ties between 1 + 2^-7 (odd) and 1 + 2^-6: 0x3f82.
TEST(FpCalc, ConvertF32ToBF16) {
  EXPECT_EQ(fp({"cvt.f32.bf16", "0x3f808000"}), "0x3f80 1 IXC\n");
  EXPECT_EQ(fp({"cvt.f32.bf16", "0x3f818000"}), "0x3f82 1.015625 IXC\n");
}

// f16 1.0 to f64 exactly.
TEST(FpCalc, ConvertF16ToF64) { EXPECT_EQ(fp({"cvt.f16.f64", "0x3c00"}), "0x3ff0000000000000 1 -\n"); }

// Float to integer (FPToFixed, fbits 0): 3.5 (0x40600000) is 4 to nearest (tie
// to even), 3 with RMode=3 (FCVTZS truncation); -2.5 (0xc0200000) is -2 either way.
TEST(FpCalc, ConvertFloatToInt) {
  EXPECT_EQ(fp({"cvt.f32.s32", "0x40600000"}), "0x00000004 4 IXC\n");
  EXPECT_EQ(fp({"cvt.f32.s32", "0x40600000", "--fpcr", "RMode=3"}), "0x00000003 3 IXC\n");
  EXPECT_EQ(fp({"cvt.f32.s32", "0xc0200000", "--fpcr", "RMode=3"}), "0xfffffffe -2 IXC\n");
  EXPECT_EQ(fp({"cvt.f32.s32", "0x40400000"}), "0x00000003 3 -\n");
  // Ties away: 2.5 (0x40200000) gives 3.
  EXPECT_EQ(fp({"cvt.f32.s32", "0x40200000", "--rounding", "tieaway"}), "0x00000003 3 IXC\n");
  // Saturation: 2^31 (0x4f000000) gives 0x7fffffff with IOC (not IXC); a NaN gives 0 with IOC.
  EXPECT_EQ(fp({"cvt.f32.s32", "0x4f000000"}), "0x7fffffff 2147483647 IOC\n");
  EXPECT_EQ(fp({"cvt.f32.s32", "0x7fc00000"}), "0x00000000 0 IOC\n");
  // Unsigned: -1 saturates to 0 with IOC.
  EXPECT_EQ(fp({"cvt.f32.u32", "0xbf800000"}), "0x00000000 0 IOC\n");
  // 64-bit: -1.0 is all ones.
  EXPECT_EQ(fp({"cvt.f64.s64", "0xbff0000000000000"}), "0xffffffffffffffff -1 -\n");
}

// Integer to float (FixedToFP): s32 -1 is -1.0 = 0xbf800000. u32 0xffffffff =
// 2^32 - 1 needs 32 significant bits; to 24 bits it rounds up to 2^32 =
// 0x4f800000 (exponent 127+32 = 0x9f), inexact. 0 gives +0.
TEST(FpCalc, ConvertIntToFloat) {
  EXPECT_EQ(fp({"cvt.s32.f32", "0xffffffff"}), "0xbf800000 -1 -\n");
  EXPECT_EQ(fp({"cvt.s32.f32", "--", "-1"}), "0xbf800000 -1 -\n");
  EXPECT_EQ(fp({"cvt.u32.f32", "0xffffffff"}), "0x4f800000 4294967296 IXC\n");
  EXPECT_EQ(fp({"cvt.u32.f32", "4294967295", "--rounding", "zero"}), "0x4f7fffff 4294967040 IXC\n");
  EXPECT_EQ(fp({"cvt.s64.f64", "0"}), "0x0000000000000000 0 -\n");
}

// Special and decimal literals.
TEST(FpCalc, Literals) {
  // inf + -inf is invalid.
  EXPECT_EQ(fp({"add", "f32", "--", "inf", "-inf"}), "0x7fc00000 nan IOC\n");
  EXPECT_EQ(fp({"abs", "f16", "nan"}), "0x7e00 nan -\n");
  EXPECT_EQ(fp({"abs", "bf16", "--", "-inf"}), "0x7f80 inf -\n");
  EXPECT_EQ(fp({"neg", "f32", "-0"}), "0x00000000 0 -\n");
  // 0.1 = 1.6 x 2^-4: exponent 123 = 0x7b, 0.6 x 2^23 = 5033164.8 -> 0x4ccccd.
  EXPECT_EQ(fp({"abs", "f32", "0.1"}), "0x3dcccccd 0.10000000149011612 -\n");
  // f16: 65519 is below the midpoint 65520 of 65504 and 65536, so 65504; 65520 ties to 65536 = inf.
  EXPECT_EQ(fp({"abs", "f16", "65519"}), "0x7bff 65504 -\n");
  EXPECT_EQ(fp({"abs", "f16", "65520"}), "0x7c00 inf -\n");
  // Smallest f32 subnormal 2^-149 ~ 1.4013e-45; 7e-46 is below half of it -> 0; 1e-45 -> 0x00000001.
  EXPECT_EQ(fp({"abs", "f32", "7e-46"}).substr(0, 11), "0x00000000 ");
  EXPECT_EQ(fp({"abs", "f32", "1e-45"}).substr(0, 11), "0x00000001 ");
  EXPECT_EQ(fp({"neg", "f64", "1.5"}), "0xbff8000000000000 -1.5 -\n");
}

// Underflow: tininess is detected before rounding. (1 - 2^-24) x 2^-126 =
// 2^-126 - 2^-150 is half a subnormal ulp (2^-149) below 2^-126: ties to even
// rounds up to the smallest normal 0x00800000, still with UFC (and IXC).
TEST(FpCalc, UnderflowBeforeRounding) {
  EXPECT_EQ(fp({"mul", "f32", "0x3f7fffff", "0x00800000"}), "0x00800000 1.1754943508222875e-38 UFC,IXC\n");
  // 0.5 x 2^-126 = 2^-127 is an exact subnormal (0x00400000): no flags. Under FZ
  // it flushes to +0 with UFC only (not IXC).
  auto exact = fp({"mul", "f32", "0x3f000000", "0x00800000"});
  EXPECT_EQ(exact.substr(0, 11), "0x00400000 ");
  EXPECT_EQ(exact.substr(exact.size() - 3), " -\n");
  EXPECT_EQ(fp({"mul", "f32", "0x3f000000", "0x00800000", "--fpcr", "FZ=1"}), "0x00000000 0 UFC\n");
  // 2^-149 x 0.5 = 2^-150 ties between 0 and 2^-149: even is 0; round to odd gives 2^-149.
  EXPECT_EQ(fp({"mul", "f32", "0x00000001", "0x3f000000"}), "0x00000000 0 UFC,IXC\n");
  EXPECT_EQ(fp({"mul", "f32", "0x00000001", "0x3f000000", "--rounding", "odd"}).substr(0, 11), "0x00000001 ");
}

// Overflow: the largest normal 0x7f7fffff doubled is infinity to nearest, the
// largest normal towards zero, towards -inf (for a positive value) and to odd.
TEST(FpCalc, OverflowByRounding) {
  EXPECT_EQ(fp({"add", "f32", "0x7f7fffff", "0x7f7fffff"}), "0x7f800000 inf OFC,IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x7f7fffff", "0x7f7fffff", "--fpcr", "RMode=3"}).substr(0, 11), "0x7f7fffff ");
  EXPECT_EQ(fp({"add", "f32", "0x7f7fffff", "0x7f7fffff", "--fpcr", "RMode=2"}).substr(0, 11), "0x7f7fffff ");
  EXPECT_EQ(fp({"add", "f32", "0xff7fffff", "0xff7fffff", "--fpcr", "RMode=2"}), "0xff800000 -inf OFC,IXC\n");
  EXPECT_EQ(fp({"add", "f32", "0x7f7fffff", "0x7f7fffff", "--rounding", "odd"}).substr(0, 11), "0x7f7fffff ");
}

// IDC is raised for a flushed denormal even when the other operand is a NaN.
TEST(FpCalc, DenormalFlushedBeforeNaNs) {
  EXPECT_EQ(fp({"add", "f32", "0x7fc00000", "0x00000001", "--fpcr", "FZ=1"}), "0x7fc00000 nan IDC\n");
}

// Round to odd from an integer: 2^24 + 1 needs 25 bits; truncated to 2^24 and
// then the LSB set: 2^24 + 2 = 0x4b800001. To nearest, 2^24 + 3 ties between
// 2^24 + 2 (odd significand) and 2^24 + 4 (even): 0x4b800002.
TEST(FpCalc, IntToFloatRounding) {
  EXPECT_EQ(fp({"cvt.s32.f32", "16777217", "--rounding", "odd"}), "0x4b800001 16777218 IXC\n");
  EXPECT_EQ(fp({"cvt.s32.f32", "16777219"}), "0x4b800002 16777220 IXC\n");
}

TEST(FpCalc, Json) {
  for (auto args : {std::vector<std::string>{"--json", "fp", "cvt.f32.f16", "0x477ff000"},
                    std::vector<std::string>{"fp", "cvt.f32.f16", "0x477ff000", "--json"}}) {
    auto r = run_mlisa(args);
    ASSERT_EQ(r.exit_code, 0) << r.err;
    auto j = nlohmann::json::parse(r.out);
    EXPECT_EQ(j["op"], "cvt.f32.f16");
    EXPECT_EQ(j["format"], "f32");
    EXPECT_EQ(j["operands"], nlohmann::json::array({"0x477ff000"}));
    EXPECT_EQ(j["result"], "0x7c00");
    EXPECT_EQ(j["value"], "inf");
    EXPECT_EQ(j["flags"], nlohmann::json::array({"OFC", "IXC"}));
  }
  auto r = run_mlisa({"--json", "fp", "add", "f32", "0x3f800000", "0x40000000"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["operands"], nlohmann::json::array({"0x3f800000", "0x40000000"}));
  EXPECT_EQ(j["result"], "0x40400000");
  EXPECT_EQ(j["value"], "3");
  EXPECT_EQ(j["flags"], nlohmann::json::array());
}

// --batch: one "0xRESULT FLAGS" line per operation, flags per line only;
// comments and blank lines skipped; FPCR from the command line.
TEST(FpBatch, Results) {
  std::string in =
      "# a comment\n"
      "add f32 0x3f800000 0x40000000\n"
      "\n"
      "   div f32 0x3f800000 0x00000000   # 1/0\n"
      "cvt.f32.f16 0x477ff000\n"
      "compare f32 0x3f800000 0x40000000\r\n"
      "muladd\tf32\t0x3f800000 0x40000000 0x40400000\n"
      "maxnum f32 0x7fa00000 0x3f800000";  // no final newline
  auto r = run_mlisa({"fp", "--batch"}, in);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out,
            "0x40400000 -\n"
            "0x7f800000 DZC\n"
            "0x7c00 OFC,IXC\n"
            "0x8 -\n"
            "0x40e00000 -\n"
            "0x7fe00000 IOC\n");
  auto dn = run_mlisa({"fp", "--batch", "--fpcr", "DN=1"}, "maxnum f32 0x7fa00000 0x3f800000\n");
  EXPECT_EQ(dn.out, "0x7fc00000 IOC\n");
}

TEST(FpBatch, Empty) {
  auto r = run_mlisa({"fp", "--batch"}, "");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "");
}

namespace {

void expect_batch_error(const std::string& in, const std::string& expected_err, const std::string& expected_out = "") {
  auto r = run_mlisa({"fp", "--batch"}, in);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, expected_err);
  EXPECT_EQ(r.out, expected_out);
}

}  // namespace

// "add f32 0x3f800000 " is 19 characters, so the bad operand starts at column 20.
TEST(FpBatch, MalformedOperandLocation) {
  expect_batch_error("add f32 0x3f800000 0x40000000\nadd f32 0x3f800000 0xzz\nadd f32 0x0 0x0\n",
                     "<stdin>:2:20: error: malformed hex operand '0xzz'\n"
                     "add f32 0x3f800000 0xzz\n"
                     "                   ^\n",
                     "0x40400000 -\n");
}

TEST(FpBatch, UnknownOpLocation) {
  expect_batch_error("# header\n  fma f32 0x0 0x0 0x0\n",
                     "<stdin>:2:3: error: unknown operation 'fma' (expected add, sub, mul, div, sqrt, muladd, max, "
                     "min, maxnum, minnum, compare, comparee, abs, neg, cvt.FROM.TO)\n"
                     "  fma f32 0x0 0x0 0x0\n"
                     "  ^\n");
}

TEST(FpBatch, UnknownFormatLocation) {
  auto r = run_mlisa({"fp", "--batch"}, "add f8 0x0 0x0\n");
  EXPECT_EQ(r.exit_code, 2);
  auto lines = r.err_lines();
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0].rfind("<stdin>:1:5: error: unknown format 'f8'", 0), 0u) << lines[0];
  EXPECT_EQ(lines[1], "add f8 0x0 0x0");
  EXPECT_EQ(lines[2], "    ^");
}

// A missing operand points just past the end of the line ("add f32 0x0" is 11 characters).
TEST(FpBatch, MissingOperandLocation) {
  auto r = run_mlisa({"fp", "--batch"}, "add f32 0x0\n");
  EXPECT_EQ(r.exit_code, 2);
  auto lines = r.err_lines();
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0].rfind("<stdin>:1:12: error: ", 0), 0u) << lines[0];
  EXPECT_EQ(lines[2], "           ^");
}

TEST(FpBatch, TooWideLocation) {
  auto r = run_mlisa({"fp", "--batch"}, "add f16 0x1 0x1ffff\n");
  EXPECT_EQ(r.exit_code, 2);
  auto lines = r.err_lines();
  ASSERT_EQ(lines.size(), 3u) << r.err;
  EXPECT_EQ(lines[0].rfind("<stdin>:1:13: error: ", 0), 0u) << lines[0];
}
