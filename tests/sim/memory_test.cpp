// sim::Memory: little-endian accesses inside one region, refusals across or
// outside regions and to read-only ones, the logs. The accesses alternate
// between regions on purpose: the memory remembers the regions it last hit,
// and an access must find its own region whatever the last one was.
#include "sim/memory.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace mlisa::sim {
namespace {

Memory three_regions() {
  Memory m;
  m.map("code", 0x0000, 0x100, false);
  m.map("data", 0x1000, 0x100);
  m.map("stack", 0x2000, 0x10);
  const uint8_t code[] = {0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
  EXPECT_TRUE(m.load(0x0, code, sizeof code));  // the loader writes read-only memory
  return m;
}

TEST(Memory, AccessesAlternatingBetweenRegionsFindEachTheirOwn) {
  Memory m = three_regions();
  uint64_t v = 0;
  for (int round = 0; round < 3; ++round) {
    ASSERT_TRUE(m.write(0x1004, 4, 0xdeadbeefu + round));
    ASSERT_TRUE(m.read(0x0, 2, v));
    EXPECT_EQ(v, 0x2211u);  // little-endian: the lower address is the low byte
    ASSERT_TRUE(m.write(0x200c, 4, 0x01020304u));
    ASSERT_TRUE(m.read(0x1004, 4, v));
    EXPECT_EQ(v, 0xdeadbeefu + round);
    ASSERT_TRUE(m.read(0x200f, 1, v));
    EXPECT_EQ(v, 0x01u);
    EXPECT_FALSE(m.read(0xfc, 8, v));  // past the end of code
  }
  ASSERT_TRUE(m.read(0x0, 8, v));
  EXPECT_EQ(v, 0x8877665544332211u);
  ASSERT_TRUE(m.read(0x3, 3, v));
  EXPECT_EQ(v, 0x665544u);
}

// A copy has its own bytes: after accesses that left the original's last
// regions remembered, the copy reads and writes its own, and the original
// keeps its own; a moved-to memory reads what the moved-from one held.
TEST(Memory, ACopyOrAMoveAccessesItsOwnBytes) {
  Memory m = three_regions();
  uint64_t v = 0;
  ASSERT_TRUE(m.write(0x1000, 4, 0x11111111u));
  ASSERT_TRUE(m.read(0x0, 1, v));
  Memory copy = m;
  ASSERT_TRUE(copy.write(0x1000, 4, 0x22222222u));
  ASSERT_TRUE(m.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x11111111u);
  ASSERT_TRUE(copy.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x22222222u);
  Memory assigned;
  assigned = copy;
  ASSERT_TRUE(assigned.write(0x1000, 4, 0x33333333u));
  ASSERT_TRUE(copy.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x22222222u);
  Memory moved = std::move(assigned);
  ASSERT_TRUE(moved.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x33333333u);
}

TEST(Memory, AccessesAcrossOrOutsideRegionsAndWritesToReadOnlyOnesAreRefused) {
  Memory m = three_regions();
  uint64_t v = 7;
  EXPECT_FALSE(m.read(0x10fe, 4, v));   // the last two bytes of data and two beyond
  EXPECT_FALSE(m.read(0x0800, 1, v));   // between regions
  EXPECT_FALSE(m.write(0x200e, 4, 1));  // past the end of stack
  EXPECT_FALSE(m.write(0x0010, 1, 1));  // code is read-only
  EXPECT_FALSE(m.read(0x1000, 0, v));
  EXPECT_FALSE(m.read(0x1000, 9, v));
  ASSERT_TRUE(m.read(0x0010, 1, v));
  EXPECT_EQ(v, 0u);  // the refused write changed nothing
}

TEST(Memory, TheLogsRecordWhatAccessesSucceeded) {
  Memory m = three_regions();
  std::vector<std::pair<uint64_t, unsigned>> writes;
  std::vector<Memory::Access> reads, overwritten;
  m.set_write_log(&writes);
  m.set_read_log(&reads);
  ASSERT_TRUE(m.write(0x1000, 2, 0xabcd));
  EXPECT_FALSE(m.write(0x0000, 2, 0xabcd));
  uint64_t v = 0;
  ASSERT_TRUE(m.read(0x1001, 1, v));
  m.set_overwritten_log(&overwritten);
  ASSERT_TRUE(m.write(0x1000, 4, 0x12345678));
  ASSERT_EQ(writes.size(), 2u);
  EXPECT_EQ(writes[0], (std::pair<uint64_t, unsigned>{0x1000, 2}));
  EXPECT_EQ(writes[1], (std::pair<uint64_t, unsigned>{0x1000, 4}));
  ASSERT_EQ(reads.size(), 1u);
  EXPECT_EQ(reads[0].address, 0x1001u);
  EXPECT_EQ(reads[0].value, 0xabu);
  ASSERT_EQ(overwritten.size(), 1u);
  EXPECT_EQ(overwritten[0].value, 0xabcdu);  // what the 4-byte write replaced
  ASSERT_TRUE(m.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x12345678u);
}

// The direct windows (compiled code's loads and stores) hold the regions the
// memory hit last, refuse what the memory refuses, and stand aside for every
// access of a kind the memory logs, so that a log misses nothing.
TEST(Memory, TheDirectWindowsHoldTheLastRegionsAndStandAsideForLogs) {
  Memory m = three_regions();
  DirectMemory& d = m.direct();
  uint64_t v = 0;
  EXPECT_FALSE(d.read<4>(0x1000, v));  // nothing hit yet
  ASSERT_TRUE(m.write(0x1000, 4, 0x0a0b0c0du));
  ASSERT_TRUE(m.read(0x0, 1, v));
  ASSERT_TRUE(d.read<2>(0x1001, v));
  EXPECT_EQ(v, 0x0b0cu);
  ASSERT_TRUE(d.read<8>(0x0, v));
  EXPECT_EQ(v, 0x8877665544332211u);
  EXPECT_FALSE(d.write<1>(0x0, 0xff));     // code is read-only
  EXPECT_FALSE(d.read<4>(0x10fe, v));      // past the end of data
  EXPECT_FALSE(d.read<1>(0x2000, v));      // stack was not hit: the slow way
  ASSERT_TRUE(d.write<2>(0x10fe, 0xbeef));
  ASSERT_TRUE(m.read(0x10fe, 2, v));
  EXPECT_EQ(v, 0xbeefu);

  std::vector<Memory::Access> reads, overwritten;
  std::vector<std::pair<uint64_t, unsigned>> writes;
  m.set_read_log(&reads);
  EXPECT_FALSE(d.read<1>(0x1000, v));
  EXPECT_TRUE(d.write<1>(0x1000, 0x01));
  m.set_read_log(nullptr);
  m.set_write_log(&writes);
  EXPECT_TRUE(d.read<1>(0x1000, v));
  EXPECT_FALSE(d.write<1>(0x1000, 0x02));
  m.set_overwritten_log(&overwritten);
  m.set_write_log(nullptr);
  EXPECT_FALSE(d.write<1>(0x1000, 0x03));  // still logging what stores replace
  m.set_overwritten_log(nullptr);
  EXPECT_TRUE(d.write<1>(0x1000, 0x04));
  ASSERT_TRUE(m.read(0x1000, 1, v));
  EXPECT_EQ(v, 0x04u);
  EXPECT_TRUE(reads.empty() && writes.empty() && overwritten.empty());

  // A copy starts its windows afresh (they point into the original's bytes).
  Memory copy = m;
  EXPECT_FALSE(copy.direct().read<1>(0x1000, v));
}

}  // namespace
}  // namespace mlisa::sim
