// decimal_to_format: expected patterns worked by hand from the formats'
// definitions (IEEE 754 binary16/32/64 and bfloat16), round to nearest even.
#include "core/fp_literal.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>

#include <string>

namespace mlisa::fp {
namespace {

TEST(FpLiteral, RoundsToNearestEven) {
  EXPECT_EQ(decimal_to_format("0.1", Format::F32), 0x3dcccccdu);  // 0x1.99999ap-4
  EXPECT_EQ(decimal_to_format("0.1", Format::F64), 0x3fb999999999999aull);
  EXPECT_EQ(decimal_to_format("1.5", Format::F16), 0x3e00u);
  // 1 + 2^-8 lies halfway between bfloat16 1.0 and 1 + 2^-7: the even one, 1.0.
  EXPECT_EQ(decimal_to_format("1.00390625", Format::BF16), 0x3f80u);
  // 1 + 3 x 2^-8 lies halfway between 1 + 2^-7 (odd) and 1 + 2^-6 (even).
  EXPECT_EQ(decimal_to_format("1.01171875", Format::BF16), 0x3f82u);
  EXPECT_EQ(decimal_to_format("-2.5e1", Format::F32), 0xc1c80000u);
  EXPECT_EQ(decimal_to_format(".5", Format::F16), 0x3800u);
  EXPECT_EQ(decimal_to_format("+4.", Format::F16), 0x4400u);
}

TEST(FpLiteral, RangeEnds) {
  EXPECT_EQ(decimal_to_format("65504", Format::F16), 0x7bffu);  // the largest f16
  EXPECT_EQ(decimal_to_format("65520", Format::F16), 0x7c00u);  // halfway to 2^16: rounds to infinity
  EXPECT_EQ(decimal_to_format("-1e40", Format::F32), 0xff800000u);
  EXPECT_EQ(decimal_to_format("3e-8", Format::F16), 0x0001u);   // above half of 2^-24
  EXPECT_EQ(decimal_to_format("2e-8", Format::F16), 0x0000u);   // below half of 2^-24
  EXPECT_EQ(decimal_to_format("-1e-50", Format::F32), 0x80000000u);
  EXPECT_EQ(decimal_to_format("-0", Format::F64), 0x8000000000000000ull);
  EXPECT_EQ(decimal_to_format("1e-45", Format::F32), 0x00000001u);  // 2^-149 is 1.4e-45
}

// Tokens past binary64 (only MPFR reads them): 2^-1074 = 4.9406564584124654e-324
// is f64's smallest subnormal; just above half of it rounds up to it, far
// below rounds to zero; 1e400 is past the largest finite value; a long
// mantissa of 0.1 followed by 400 zeros and a 1 is still just above 0.1.
TEST(FpLiteral, TokensOutsideBinary64) {
  EXPECT_EQ(decimal_to_format("2.4703282292062328e-324", Format::F64), 0x1ull);
  EXPECT_EQ(decimal_to_format("2.4703282292062327e-324", Format::F64), 0x0ull);
  EXPECT_EQ(decimal_to_format("-1e-400", Format::F64), 0x8000000000000000ull);
  EXPECT_EQ(decimal_to_format("1e400", Format::F64), 0x7ff0000000000000ull);
  EXPECT_EQ(decimal_to_format("0.1" + std::string(400, '0') + "1", Format::F64), 0x3fb999999999999aull);
}

TEST(FpLiteral, RefusesWhatIsNotADecimal) {
  for (const char* bad : {"", "inf", "nan", "1.5x", "e5", "1e", "0x10", "--1", " 1"})
    EXPECT_EQ(decimal_to_format(bad, Format::F32), std::nullopt) << bad;
}

// Ties in binary32: an exact halfway decimal goes to the even neighbour,
// one digit past it to the odd one (long mantissas read exactly).
TEST(FpLiteral, Binary32TiesAndSubnormals) {
  EXPECT_EQ(decimal_to_format("16777217", Format::F32), 0x4b800000u);  // between 2^24 and 2^24+2: even
  EXPECT_EQ(decimal_to_format("16777219", Format::F32), 0x4b800002u);  // between 2^24+2 and 2^24+4: even
  EXPECT_EQ(decimal_to_format("16777217.000000000000000000001", Format::F32), 0x4b800001u);  // just above the tie
  EXPECT_EQ(decimal_to_format("3.4028234663852886e38", Format::F32), 0x7f7fffffu);  // FLT_MAX
  EXPECT_EQ(decimal_to_format("3.4028236e38", Format::F32), 0x7f800000u);  // past half an ulp above it
  // 2^-150 exactly is the tie between 0 and the smallest subnormal: even is 0.
  EXPECT_EQ(decimal_to_format("7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46",
                              Format::F32),
            0x00000000u);
  EXPECT_EQ(decimal_to_format("7.0064923216240853546186479164495806564013097093825788587853414194489554134293030074331909418106079101562501e-46",
                              Format::F32),
            0x00000001u);
  // 1.5 x 2^-149: rounds to the even 2 x 2^-149.
  EXPECT_EQ(decimal_to_format("2.101947696487225606385594374934874196920392912814773657635602425834686624028790902229957282543182373046875e-45",
                              Format::F32),
            0x00000002u);
}

// glibc's strtof rounds correctly to nearest even; it is the oracle here.
RC_GTEST_PROP(FpLiteral, Binary32AgreesWithStrtof, (uint64_t mantissa, int exp_seed, bool neg, uint8_t digits_seed)) {
  std::string digits = std::to_string(mantissa);
  digits = digits.substr(0, 1 + digits_seed % digits.size());
  const int e = exp_seed % 100 - 60;
  const std::string s = (neg ? "-" : "") + digits.substr(0, 1) + "." + digits.substr(1) + "e" + std::to_string(e);
  const float ref = std::strtof(s.c_str(), nullptr);
  const auto got = decimal_to_format(s, Format::F32);
  RC_ASSERT(got.has_value());
  RC_ASSERT(*got == std::bit_cast<uint32_t>(ref));
}

}  // namespace
}  // namespace mlisa::fp
