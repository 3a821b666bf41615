// Typed numbers: ranges, raw hex patterns, exact decimal-to-binary32 rounding
// and shortest round-trip printing.
#include "asm/number.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <string>

namespace mlisa::as {
namespace {

uint64_t num(NumType t, const char* s) {
  uint64_t v = 0;
  std::string why;
  EXPECT_TRUE(parse_number(t, s, v, &why)) << s << ": " << why;
  return v;
}

std::string refuse(NumType t, const char* s) {
  uint64_t v = 0;
  std::string why;
  EXPECT_FALSE(parse_number(t, s, v, &why)) << s;
  return why;
}

uint32_t f32(const char* s) {
  uint32_t v = 0;
  std::string why;
  EXPECT_TRUE(parse_f32(s, v, &why)) << s << ": " << why;
  return v;
}

TEST(Number, IntegerRangesAndRawHex) {
  EXPECT_EQ(num(NumType::s(16), "-32768"), 0x8000u);
  EXPECT_EQ(num(NumType::s(16), "32767"), 0x7fffu);
  EXPECT_EQ(num(NumType::s(16), "0xffff"), 0xffffu);  // the raw pattern of -1
  EXPECT_EQ(refuse(NumType::s(16), "32768"), "32768 is out of range for s16");
  EXPECT_EQ(refuse(NumType::s(16), "0x10000"), "0x10000 does not fit in 16 bits");
  EXPECT_EQ(num(NumType::u(32), "4294967295"), 0xffffffffu);
  EXPECT_EQ(refuse(NumType::u(32), "-1"), "-1 is out of range for u32");
  EXPECT_EQ(num(NumType::x(8), "200"), 200u);
  EXPECT_EQ(refuse(NumType::u(8), "seven"), "'seven' is not a number");
  EXPECT_EQ(format_number(NumType::s(16), 0xfffe), "-2");
  EXPECT_EQ(format_number(NumType::u(16), 0xfffe), "65534");
  EXPECT_EQ(format_number(NumType::x(16), 0xfffe), "0xfffe");
  EXPECT_EQ(format_number(NumType::s(64), 0x8000000000000000u), "-9223372036854775808");
}

TEST(Number, DecimalFloatsRoundOnceToEven) {
  EXPECT_EQ(f32("1.5"), 0x3fc00000u);
  EXPECT_EQ(f32("-2"), 0xc0000000u);
  EXPECT_EQ(f32("0.1"), 0x3dcccccdu);
  EXPECT_EQ(f32("16777217"), 0x4b800000u);  // tie between 2^24 and 2^24+2: even
  EXPECT_EQ(f32("16777219"), 0x4b800002u);  // tie: even is 2^24+4
  EXPECT_EQ(f32("16777217.000000000000000000001"), 0x4b800001u);  // just above the tie
  EXPECT_EQ(f32("3.4028234663852886e38"), 0x7f7fffffu);  // FLT_MAX
  EXPECT_EQ(f32("1e-45"), 0x00000001u);                   // smallest subnormal
  // 2^-150 exactly is the tie between 0 and the smallest subnormal: even is 0.
  EXPECT_EQ(f32("7.00649232162408535461864791644958065640130970938257885878534141944895541342930300743319094181060791015625e-46"),
            0x00000000u);
  EXPECT_EQ(f32("7.0064923216240853546186479164495806564013097093825788587853414194489554134293030074331909418106079101562501e-46"),
            0x00000001u);
  // Subnormal tie at 1.5 * 2^-149: rounds to even 2 * 2^-149.
  EXPECT_EQ(f32("2.101947696487225606385594374934874196920392912814773657635602425834686624028790902229957282543182373046875e-45"),
            0x00000002u);
  EXPECT_EQ(f32("-0"), 0x80000000u);
  EXPECT_EQ(f32("inf"), 0x7f800000u);
  EXPECT_EQ(f32("-inf"), 0xff800000u);
  EXPECT_EQ(f32("f32bits(0x7fc00001)"), 0x7fc00001u);
  uint32_t v = 0;
  std::string why;
  EXPECT_FALSE(parse_f32("3.4028236e38", v, &why));
  EXPECT_EQ(why, "'3.4028236e38' is out of range for f32");
  EXPECT_FALSE(parse_f32("1.2.3", v, &why));
  EXPECT_FALSE(parse_f32("0x10", v, &why));
  EXPECT_FALSE(parse_f32("nan", v, &why));
}

TEST(Number, FloatPrinting) {
  EXPECT_EQ(format_f32(0x3dcccccdu), "0.1");
  EXPECT_EQ(format_f32(0x3fc00000u), "1.5");
  EXPECT_EQ(format_f32(0x00000001u), "1e-45");
  EXPECT_EQ(format_f32(0x80000000u), "f32bits(0x80000000)");
  EXPECT_EQ(format_f32(0x7fc00000u), "f32bits(0x7fc00000)");
  EXPECT_EQ(format_f32(0xff800001u), "f32bits(0xff800001)");
  EXPECT_EQ(format_f32(0x7f800000u), "inf");
  EXPECT_EQ(format_f32(0x00000000u), "0");
}

RC_GTEST_PROP(Number, EveryFloatPatternRoundTrips, (uint32_t bits)) {
  uint32_t back = 0;
  const std::string s = format_f32(bits);
  RC_ASSERT(parse_f32(s, back));
  RC_ASSERT(back == bits);
}

// glibc's strtof rounds correctly to nearest-even; it is the oracle here.
RC_GTEST_PROP(Number, DecimalsAgreeWithStrtof, (uint64_t mantissa, int exp_seed, bool neg, uint8_t digits_seed)) {
  std::string digits = std::to_string(mantissa);
  digits = digits.substr(0, 1 + digits_seed % digits.size());
  const int e = exp_seed % 100 - 60;
  const std::string s = (neg ? "-" : "") + digits.substr(0, 1) + "." + digits.substr(1) + "e" + std::to_string(e);
  const float ref = std::strtof(s.c_str(), nullptr);
  uint32_t got = 0;
  std::string why;
  const bool ok = parse_f32(s, got, &why);
  if (std::isinf(ref)) {
    RC_ASSERT(!ok);
  } else {
    RC_ASSERT(ok);
    RC_ASSERT(got == std::bit_cast<uint32_t>(ref));
  }
}

RC_GTEST_PROP(Number, IntegersRoundTrip, (uint64_t bits, uint8_t width_seed, uint8_t kind_seed)) {
  const uint32_t width = 1 + width_seed % 64;
  const NumKind kinds[] = {NumKind::Signed, NumKind::Unsigned, NumKind::Hex};
  const NumType t{kinds[kind_seed % 3], width};
  const uint64_t m = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  uint64_t back = 0;
  RC_ASSERT(parse_number(t, format_number(t, bits), back));
  RC_ASSERT(back == (bits & m));
}

}  // namespace
}  // namespace mlisa::as
