// Typed numbers: ranges and raw hex patterns.
#include "asm/number.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fmt/format.h>

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
}

RC_GTEST_PROP(Number, IntegersRoundTrip, (uint64_t bits, uint8_t width_seed, uint8_t kind_seed)) {
  const uint32_t width = 1 + width_seed % 64;
  const NumKind kinds[] = {NumKind::Signed, NumKind::Unsigned, NumKind::Hex};
  const NumType t{kinds[kind_seed % 3], width};
  const uint64_t m = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  uint64_t back = 0;
  // Written as an assembly line writes it: signed and unsigned decimal, hex.
  const uint64_t v = bits & m;
  const bool negative = t.kind == NumKind::Signed && width < 64 && ((v >> (width - 1)) & 1);
  const std::string text = t.kind == NumKind::Hex ? fmt::format("0x{:x}", v)
                           : t.kind == NumKind::Signed ? fmt::format("{}", static_cast<int64_t>(negative ? v | ~m : v))
                                                       : fmt::format("{}", v);
  RC_ASSERT(parse_number(t, text, back));
  RC_ASSERT(back == (bits & m));
}

}  // namespace
}  // namespace mlisa::as
