// decimal_to_format: expected patterns worked by hand from the formats'
// definitions (IEEE 754 binary16/32/64 and bfloat16), round to nearest even.
#include "core/fp_literal.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace mlisa::fp
