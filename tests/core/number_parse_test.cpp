// The number scanners every parser shares (core/number_parse.hpp). Expected
// values are the literals' meanings worked by hand.
#include "core/number_parse.hpp"

#include <gtest/gtest.h>

namespace mlisa {
namespace {

TEST(ScanInteger, DecimalHexSignsAndWhereTheTokenEnds) {
  uint64_t m = 0;
  bool neg = false;
  EXPECT_EQ(scan_integer("4095]", m, neg), 4u);
  EXPECT_EQ(m, 4095u);
  EXPECT_FALSE(neg);
  EXPECT_EQ(scan_integer("-0x1fe0000,", m, neg), 10u);
  EXPECT_EQ(m, 0x1fe0000u);
  EXPECT_TRUE(neg);
  EXPECT_EQ(scan_integer("+7", m, neg), 2u);
  EXPECT_EQ(m, 7u);
  EXPECT_EQ(scan_integer("0xffffffffffffffff", m, neg), 18u);
  EXPECT_EQ(m, ~uint64_t{0});
  EXPECT_EQ(scan_integer("18446744073709551616", m, neg), 0u);  // 2^64: too large
  EXPECT_EQ(scan_integer("0x", m, neg), 1u);                    // "0", then an x that is not a digit
  EXPECT_EQ(scan_integer("-", m, neg), 0u);
  EXPECT_EQ(scan_integer("r0", m, neg), 0u);
}

TEST(ScanDecimalFloat, TheForms) {
  double v = 0;
  EXPECT_EQ(scan_decimal_float("1", v), 1u);
  EXPECT_EQ(v, 1.0);
  EXPECT_EQ(scan_decimal_float("-2.5,", v), 4u);
  EXPECT_EQ(v, -2.5);
  EXPECT_EQ(scan_decimal_float("1.25e1", v), 6u);
  EXPECT_EQ(v, 12.5);
  EXPECT_EQ(scan_decimal_float("+1.000000e+00", v), 13u);
  EXPECT_EQ(v, 1.0);
  EXPECT_EQ(scan_decimal_float(".5", v), 2u);
  EXPECT_EQ(v, 0.5);
  EXPECT_EQ(scan_decimal_float("2e", v), 1u);  // an exponent needs digits
  EXPECT_EQ(scan_decimal_float(".", v), 0u);
  EXPECT_EQ(scan_decimal_float("-", v), 0u);
  EXPECT_EQ(scan_decimal_float("q0", v), 0u);
}

TEST(DecimalFloatExtent, MeasuresOnly) {
  EXPECT_EQ(decimal_float_extent("4."), 2u);
  EXPECT_EQ(decimal_float_extent("-1.5e-3]"), 7u);
  EXPECT_EQ(decimal_float_extent("1e+"), 1u);  // an exponent needs digits
  EXPECT_EQ(decimal_float_extent("+.e1"), 0u);
  // Past binary64's range: the extent does not care (strtod would overflow).
  EXPECT_EQ(decimal_float_extent("1e999999"), 8u);
}

TEST(ToLower, Ascii) { EXPECT_EQ(to_lower("VADD.I8 Q0"), "vadd.i8 q0"); }

TEST(IEquals, AsciiCaseOnly) {
  EXPECT_TRUE(iequals("Q0", "q0"));
  EXPECT_TRUE(iequals("", ""));
  EXPECT_FALSE(iequals("q0", "q0 "));
  EXPECT_FALSE(iequals("r1", "r2"));
}

// The register names of registers.isa and the reference's runs (`W0`..`W30`).
TEST(NumberedName, APrefixAndANumberWithoutLeadingZeros) {
  const auto x30 = numbered_name("X30");
  ASSERT_TRUE(x30);
  EXPECT_EQ(x30->prefix, "X");
  EXPECT_EQ(x30->number, 30u);
  const auto eight = numbered_name("8");
  ASSERT_TRUE(eight);
  EXPECT_EQ(eight->prefix, "");
  EXPECT_EQ(eight->number, 8u);
  EXPECT_EQ(numbered_name("R0")->number, 0u);
  EXPECT_FALSE(numbered_name("SP"));
  EXPECT_FALSE(numbered_name("X07"));
  EXPECT_FALSE(numbered_name(""));
  EXPECT_FALSE(numbered_name("q1234567890"));
}

TEST(Trim, WhiteSpaceAtEitherEnd) {
  EXPECT_EQ(trim(" \t r0 = 1 \r\n"), "r0 = 1");
  EXPECT_EQ(trim("   "), "");
  EXPECT_EQ(trim("x"), "x");
}

TEST(HexLe, MostSignificantByteFirst) {
  const uint8_t bytes[] = {0x78, 0x56, 0x34, 0x12, 0x0a};
  EXPECT_EQ(hex_le(bytes), "0x0a12345678");
  EXPECT_EQ(hex_le(std::span<const uint8_t>()), "0x");
}

}  // namespace
}  // namespace mlisa
