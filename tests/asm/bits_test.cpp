// Fields, partial assignments and word helpers.
#include "asm/bits.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace mlisa::as {
namespace {

TEST(Assignment, SetAndGetAcrossWordBoundaries) {
  Assignment a(160);
  EXPECT_TRUE(a.set({60, 10}, 0x3a5));
  EXPECT_TRUE(a.assigned({60, 10}));
  EXPECT_FALSE(a.assigned({59, 2}));
  EXPECT_EQ(a.get({60, 10}), 0x3a5u);
  EXPECT_EQ(a.get({62, 4}), (0x3a5u >> 2) & 0xf);
  EXPECT_TRUE(a.set({150, 10}, 0x3ff));
  EXPECT_EQ(a.mask().popcount(), 20);
}

TEST(Assignment, ConflictingBitsLeaveItUnchanged) {
  Assignment a(64);
  ASSERT_TRUE(a.set({0, 8}, 0x12));
  const Assignment before = a;
  EXPECT_FALSE(a.set({4, 8}, 0x00));  // bit 4 is 1 in 0x12
  EXPECT_EQ(a, before);
  EXPECT_TRUE(a.set({4, 8}, 0x01));   // bits 4..7 agree (0x1), 8..11 new
  EXPECT_EQ(a.get({0, 12}), 0x012u);
}

TEST(Assignment, MergeFailsOnConflictAndRecordsResources) {
  Assignment a(128), b(128), c(128);
  a.set({0, 16}, 7);
  a.lanes = 1;
  b.set({0, 16}, 21);
  b.lanes = 1;
  c.set({16, 16}, 21);
  c.reads = 2;
  Assignment m = a;
  EXPECT_FALSE(m.merge(b));
  EXPECT_EQ(m, a);
  EXPECT_TRUE(m.merge(c));
  EXPECT_EQ(m.lanes, 1u);
  EXPECT_EQ(m.reads, 2u);
  EXPECT_EQ(m.get({0, 32}), (21u << 16) | 7u);
}

TEST(Assignment, AliasesFallOutOfBitOverlap) {
  // Two names for the same bits: a form's field imm0 and the global imm0,
  // or a 20-bit field and the 16-bit lane in its low bits.
  Assignment global(64), form(64), wide(64);
  global.set({0, 16}, 0x1234);
  form.set({0, 16}, 0x1234);
  wide.set({0, 20}, 0x51234);
  EXPECT_TRUE(global.compatible(form));
  EXPECT_TRUE(global.compatible(wide));
  Assignment other(64);
  other.set({0, 20}, 0x51235);
  EXPECT_FALSE(global.compatible(other));
}

TEST(Assignment, Matches) {
  Assignment a(96);
  a.set({64, 8}, 0xab);
  Word w(96, 0);
  EXPECT_FALSE(a.matches(w));
  set_field(w, {64, 8}, 0xab);
  set_field(w, {0, 16}, 0xffff);  // unassigned bits do not matter
  EXPECT_TRUE(a.matches(w));
}

TEST(Word, LittleEndianBytesAndOrder) {
  Word a(24, 0x030201);
  EXPECT_EQ(le_bytes(a), (std::vector<uint8_t>{1, 2, 3}));
  Word b(24, 0x010202);  // byte 0 is 2 > 1, although b < a as a number
  EXPECT_LT(compare_le_bytes(a, b), 0);
  EXPECT_EQ(compare_le_bytes(a, a), 0);
  Word wide(160, 0);
  set_field(wide, {152, 8}, 0x80);
  Word low(160, 1);
  EXPECT_LT(compare_le_bytes(wide, low), 0);  // byte 0 decides first
  EXPECT_EQ(le_bytes(wide).size(), 20u);
}

RC_GTEST_PROP(Assignment, SetThenGetAnywhere, (uint32_t start_seed, uint32_t width_seed, uint64_t v)) {
  const uint32_t width = 1 + width_seed % 64;
  const uint32_t start = start_seed % (512 - width);
  Assignment a(512);
  RC_ASSERT(a.set({start, width}, v));
  const uint64_t m = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  RC_ASSERT(a.get({start, width}) == (v & m));
  RC_ASSERT(a.mask().popcount() == static_cast<int>(width));
  Word w(512, 0);
  set_field(w, {start, width}, v);
  RC_ASSERT(get_field(w, {start, width}) == (v & m));
  RC_ASSERT(a.matches(w));
}

}  // namespace
}  // namespace mlisa::as
