// core/diag and core/number_parse, exercised from the cli tests that use them.
#include <gtest/gtest.h>

#include "core/diag.hpp"
#include "core/number_parse.hpp"

using namespace mlisa;

TEST(Diag, PlainMessage) { EXPECT_EQ(format_error("bad thing"), "mlisa: error: bad thing"); }

TEST(Diag, InputErrorWithCaret) {
  InputError e(SourceLocation{"a.s", 3, 5, "add r0, r1"}, "unknown register");
  EXPECT_EQ(e.exit_code(), 2);
  EXPECT_EQ(e.message(), "unknown register");
  EXPECT_STREQ(e.what(), "a.s:3:5: error: unknown register\nadd r0, r1\n    ^");
  EXPECT_EQ(e.location().line, 3);
}

TEST(Diag, CaretKeepsTabs) {
  InputError e(SourceLocation{"x", 1, 3, "\t\tfoo"}, "m");
  EXPECT_STREQ(e.what(), "x:1:3: error: m\n\t\tfoo\n\t\t^");
}

TEST(Diag, LocationWithoutText) {
  InputError e(SourceLocation{"f.isa", 7, 2, ""}, "m");
  EXPECT_STREQ(e.what(), "f.isa:7:2: error: m");
  InputError e2(SourceLocation{"f.isa", 7, 0, "text"}, "m");
  EXPECT_STREQ(e2.what(), "f.isa:7: error: m\ntext");
  InputError e3(SourceLocation{"f.isa", 0, 0, ""}, "m");
  EXPECT_STREQ(e3.what(), "f.isa: error: m");
}

TEST(Diag, ExitCodes) {
  EXPECT_EQ(UsageError("u").exit_code(), 2);
  EXPECT_STREQ(UsageError("u").what(), "mlisa: error: u");
  EXPECT_EQ(InputError("i").exit_code(), 2);
  EXPECT_EQ(CheckFailed("c").exit_code(), 1);
  Fault f("UsageFault", "undefined instruction at 0x100");
  EXPECT_EQ(f.exit_code(), 3);
  EXPECT_EQ(f.fault_name(), "UsageFault");
  EXPECT_STREQ(f.what(), "mlisa: error: UsageFault: undefined instruction at 0x100");
}

TEST(NumberParse, Hex) {
  uint64_t v = 0;
  EXPECT_EQ(parse_hex("0x7fc00000", 32, v), ParseStatus::Ok);
  EXPECT_EQ(v, 0x7fc00000u);
  EXPECT_EQ(parse_hex("0XFFFF", 16, v), ParseStatus::Ok);
  EXPECT_EQ(v, 0xffffu);
  EXPECT_EQ(parse_hex("0x0000ffff", 16, v), ParseStatus::Ok);  // leading zeros are fine
  EXPECT_EQ(parse_hex("0x1ffff", 16, v), ParseStatus::TooWide);
  EXPECT_EQ(parse_hex("0xffffffffffffffff", 64, v), ParseStatus::Ok);
  EXPECT_EQ(v, ~uint64_t{0});
  EXPECT_EQ(parse_hex("0x1ffffffffffffffff", 64, v), ParseStatus::TooWide);
  EXPECT_EQ(parse_hex("0x", 16, v), ParseStatus::Malformed);
  EXPECT_EQ(parse_hex("ff", 16, v), ParseStatus::Malformed);
  EXPECT_EQ(parse_hex("0xg", 16, v), ParseStatus::Malformed);
}

TEST(NumberParse, Integer) {
  uint64_t v = 0;
  EXPECT_EQ(parse_integer("-1", 32, true, v), ParseStatus::Ok);
  EXPECT_EQ(v, 0xffffffffu);
  EXPECT_EQ(parse_integer("-2147483648", 32, true, v), ParseStatus::Ok);
  EXPECT_EQ(v, 0x80000000u);
  EXPECT_EQ(parse_integer("2147483647", 32, true, v), ParseStatus::Ok);
  EXPECT_EQ(parse_integer("2147483648", 32, true, v), ParseStatus::OutOfRange);
  EXPECT_EQ(parse_integer("-2147483649", 32, true, v), ParseStatus::OutOfRange);
  EXPECT_EQ(parse_integer("4294967295", 32, false, v), ParseStatus::Ok);
  EXPECT_EQ(v, 0xffffffffu);
  EXPECT_EQ(parse_integer("4294967296", 32, false, v), ParseStatus::OutOfRange);
  EXPECT_EQ(parse_integer("18446744073709551615", 64, false, v), ParseStatus::Ok);
  EXPECT_EQ(v, ~uint64_t{0});
  EXPECT_EQ(parse_integer("18446744073709551616", 64, false, v), ParseStatus::OutOfRange);
  EXPECT_EQ(parse_integer("-9223372036854775808", 64, true, v), ParseStatus::Ok);
  EXPECT_EQ(v, uint64_t{1} << 63);
  EXPECT_EQ(parse_integer("-1", 32, false, v), ParseStatus::OutOfRange);
  EXPECT_EQ(parse_integer("0x80000000", 32, true, v), ParseStatus::Ok);
  EXPECT_EQ(parse_integer("12a", 32, true, v), ParseStatus::Malformed);
  EXPECT_EQ(parse_integer("-", 32, true, v), ParseStatus::Malformed);
}
