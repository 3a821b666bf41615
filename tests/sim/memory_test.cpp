// sim::Memory: little-endian accesses inside one region, refusals across or
// outside regions and to read-only ones, the logs. The accesses alternate
// between regions on purpose: the memory remembers the regions it last hit,
// and an access must find its own region whatever the last one was.
#include "sim/memory.hpp"

#include "core/diag.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <utility>
#include <vector>

namespace mlisa::sim {
namespace {

Memory three_regions() {
  Memory m;
  m.map("code", 0x0000, 0x100, Memory::Writes::Refused);
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

// A moved-to memory reads and writes what the moved-from one held, after
// accesses that left the original's last regions remembered.
TEST(Memory, AMovedMemoryAccessesTheBytesItWasGiven) {
  Memory m = three_regions();
  uint64_t v = 0;
  ASSERT_TRUE(m.write(0x1000, 4, 0x11111111u));
  ASSERT_TRUE(m.read(0x0, 1, v));
  Memory moved = std::move(m);
  ASSERT_TRUE(moved.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x11111111u);
  ASSERT_TRUE(moved.write(0x1000, 4, 0x22222222u));
  Memory assigned;
  assigned = std::move(moved);
  ASSERT_TRUE(assigned.read(0x1000, 4, v));
  EXPECT_EQ(v, 0x22222222u);
  ASSERT_TRUE(assigned.read(0x0, 2, v));
  EXPECT_EQ(v, 0x2211u);
}

// An alias shows the bytes of its region at a second address, both ways; a
// ROM takes a write and keeps its bytes; a region of gigabytes costs only
// the pages used, and reads zero where unwritten.
TEST(Memory, AliasesRomsAndLargeRegions) {
  Memory m;
  m.map("ram", 0x1000, 0x100);
  m.map("rom", 0x2000, 0x100, Memory::Writes::Ignored);
  m.map("ddr", 0x60000000, uint64_t{2} << 30);
  m.alias("ram alias", 0x11000, 0x80, 0x1080);
  uint64_t v = 0;
  ASSERT_TRUE(m.write(0x1084, 4, 0xa1b2c3d4u));
  ASSERT_TRUE(m.read(0x11004, 4, v));
  EXPECT_EQ(v, 0xa1b2c3d4u);
  ASSERT_TRUE(m.write(0x1107c, 4, 0x01020304u));  // the alias's last word
  ASSERT_TRUE(m.read(0x10fc, 4, v));
  EXPECT_EQ(v, 0x01020304u);
  EXPECT_FALSE(m.read(0x1107e, 4, v));  // past the alias's end
  const uint8_t rom[] = {0x5a, 0xa5};
  ASSERT_TRUE(m.load(0x2010, rom, sizeof rom));
  EXPECT_TRUE(m.write(0x2010, 2, 0xffff));
  ASSERT_TRUE(m.read(0x2010, 2, v));
  EXPECT_EQ(v, 0xa55au);
  EXPECT_FALSE(m.write(0x20fe, 4, 0));  // a ROM write outside the ROM is still refused
  ASSERT_TRUE(m.read(0xdffffff8, 8, v));
  EXPECT_EQ(v, 0u);
  ASSERT_TRUE(m.write(0xdffffffc, 4, 0x600d600du));
  ASSERT_TRUE(m.read(0xdffffffc, 4, v));
  EXPECT_EQ(v, 0x600d600du);
  EXPECT_THROW(m.alias("bad", 0x40000, 0x100, 0x10f0), InputError);  // not inside one region
  EXPECT_THROW(m.alias("overlap", 0x1080, 0x10, 0x2000), InputError);
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

  // A moved-to memory starts its windows afresh (they belong to the object).
  Memory moved = std::move(m);
  EXPECT_FALSE(moved.direct().read<1>(0x1000, v));
}

}  // namespace
}  // namespace mlisa::sim
