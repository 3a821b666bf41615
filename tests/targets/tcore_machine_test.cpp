// tcore bundle semantics (src/targets/tcore/machine.hpp): slots read the
// state before the bundle and write together at its end; write conflicts,
// branches, halt, vector memory, and the matrix unit and DMA on the MXU model.
#include "tcore_fixture.hpp"

#include "core/diag.hpp"
#include "targets/tcore/machine.hpp"

#include <gtest/gtest.h>

namespace mlisa::test {
namespace {

using targets::tcore::Machine;

std::vector<as::Word> program(const std::string& listing) { return as::assemble_listing(tcore_isa(), listing); }

Machine machine() { return Machine(*tcore().isa, targets::all_builtins(), 1 << 16); }

void run(Machine& m, const std::vector<as::Word>& words, int max_steps = 1000) {
  for (int i = 0; i < max_steps && !m.halted(); ++i) m.step(words.at(m.pc / 64));
}

TEST(TcoreMachine, SlotsReadBeforeAnySlotWrites) {
  Machine m = machine();
  m.set_s(1, 10);
  m.set_s(2, 20);
  // Swap s1 and s2 in one bundle; s3 sees the old s1.
  run(m, program("{ s0: smov s1, s2; s1: smov s2, s1 }\n{ s0: sadd s3, s1, 1; misc: halt }"));
  EXPECT_EQ(m.s(1), 20u);
  EXPECT_EQ(m.s(2), 10u);
  EXPECT_EQ(m.s(3), 21u);
}

TEST(TcoreMachine, ImmediatesAndSelectors) {
  Machine m = machine();
  run(m, program("{ s0: simm.s32 s1, -5; s1: simm.w s2, 0x12345678 }\n"
                 "{ s0: sadd s3, s1, 65535; s1: ssra s4, s1, 1 }\n"
                 "{ s0: simm.s32 s5, 0 } .encoding s0.ysel=lo(imm0)\n"
                 "{ misc: halt }"));
  EXPECT_EQ(m.s(1), 0xfffffffbu);
  EXPECT_EQ(m.s(2), 0x12345678u);
  EXPECT_EQ(m.s(3), 0xfffffffbu + 65535u);
  EXPECT_EQ(m.s(4), 0xfffffffdu);
  EXPECT_EQ(m.s(5), 0u);
}

TEST(TcoreMachine, WriteConflictIsAFault) {
  Machine m = machine();
  try {
    run(m, program("{ s0: simm.s32 s1, 1; s1: simm.s32 s1, 2 }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "write conflict");
    EXPECT_NE(f.message().find("slots s0 and s1 both write _S[1]"), std::string::npos) << f.message();
  }
  // The same value twice is no conflict.
  Machine n = machine();
  run(n, program("{ s0: simm.s32 s1, 1; s1: simm.s32 s1, 1; misc: halt }"));
  EXPECT_EQ(n.s(1), 1u);
}

TEST(TcoreMachine, LoopWithPredicatedBranch) {
  // s1 counts down from 5; p1 = s1 > 0 is computed in the bundle that
  // decrements, from the value before it.
  Machine m = machine();
  run(m, program("{ s0: simm.s32 s1, 5 }\n"
                 "{ s0: ssub s1, s1, 1; s1: sadd s2, s2, 1 }\n"
                 "{ s0: scmp.lt p1, s1, 1 }\n"
                 "{ misc: br 1 }\n"
                 "{ misc: halt }"),
      100);
  // Without predication this loops for ever; bounded by max_steps.
  EXPECT_FALSE(m.halted());
  Machine k = machine();
  run(k, program("{ s0: simm.s32 s1, 5 }\n"
                 "{ s0: ssub s1, s1, 1; s1: sadd s2, s2, 1 }\n"
                 "{ s0: scmp.lt p1, s1, 1 }\n"
                 "{ misc: (p1) halt }\n"
                 "{ misc: br 1 }"));
  EXPECT_TRUE(k.halted());
  EXPECT_EQ(k.s(1), 0u);
  EXPECT_EQ(k.s(2), 5u);
}

TEST(TcoreMachine, VectorLoadComputeStore) {
  Machine m = machine();
  for (uint32_t i = 0; i < 16; ++i)
    for (int b = 0; b < 4; ++b) m.memory[0x100 + 4 * i + b] = static_cast<uint8_t>((i + 1) >> (8 * b));
  run(m, program("{ s0: simm.s32 s4, 0x100 }\n"
                 "{ s0: simm.s32 s5, 3; vls: vld v1, [s4] }\n"
                 "{ v0: vmul v2, v1, s5; v1: vadd v3, v1, -1 }\n"
                 "{ v0: vmax v4, v2, v3; vls: vst v2, [s4 + 64] }\n"
                 "{ v0: vbcast v5, s5; vls: vld v6, [s4 + 64, st=1]; misc: halt }"));
  for (uint32_t i = 0; i < 16; ++i) {
    EXPECT_EQ(m.v(2).slice(32 * i, 32).low64(), 3 * (i + 1));
    EXPECT_EQ(m.v(3).slice(32 * i, 32).low64(), i);
    EXPECT_EQ(m.v(4).slice(32 * i, 32).low64(), 3 * (i + 1));
    EXPECT_EQ(m.v(5).slice(32 * i, 32).low64(), 3u);
    EXPECT_EQ(m.read32(0x140 + 4 * i), 3 * (i + 1));
  }
  // Stride 8 bytes: every other lane of the stored vector, then what lies beyond.
  EXPECT_EQ(m.v(6).slice(0, 32).low64(), 3u);
  EXPECT_EQ(m.v(6).slice(32, 32).low64(), 9u);
}

// The seed's 2x2 example as tcore instructions: A = [[1,2],[3,4]] at 0x0,
// B = [[5,6],[7,8]] at 0x10, C to 0x100 (rows of two int32).
const char* kSeedGemm =
    "{ s0: simm.s32 s1, 0; s1: simm.s32 s2, 2 }\n"
    "{ s0: simm.s32 s3, 0x10; s1: simm.s32 s4, 0x100 }\n"
    "{ s0: simm.s32 s5, 8; dma: dma.ld l0a[s1], [s1], rows=s2, stride=s2 }\n"
    "{ dma: dma.ld l0b[s1], [s3], rows=s2, stride=s2 }\n"
    "{ mxu: ldtile l0b[0] }\n";

sim::NpuConfig seed_config() {
  sim::NpuConfig c;
  c.n = 2;
  c.dma_latency = 0;
  return c;
}

Machine seed_machine(const sim::NpuConfig& c = seed_config()) {
  Machine m(*tcore().isa, targets::all_builtins(), 1 << 12, c);
  const uint8_t a[] = {1, 2, 3, 4}, b[] = {5, 6, 7, 8};
  std::copy(a, a + 4, m.memory.begin());
  std::copy(b, b + 4, m.memory.begin() + 0x10);
  return m;
}

TEST(TcoreMachine, MatrixUnitRunsTheSeedExample) {
  Machine m = seed_machine();
  m.run(program(std::string(kSeedGemm) +
                "{ mxu: tmul l0c[s1], l0a[s1], rows=s2, acc=0 }\n"
                "{ dma: dma.st [s4], l0c[s1], rows=s2, stride=s5; misc: halt }"));
  EXPECT_TRUE(m.halted());
  const uint32_t want[] = {19, 22, 43, 50};
  for (uint32_t i = 0; i < 4; ++i) EXPECT_EQ(m.read32(0x100 + 4 * i), want[i]) << i;
  // Timing from the MXU model: DMAs of 4 and 16 bytes take 1 cycle, LDTILE N,
  // TMUL M + 2N - 1 (its cycle 0 is cycle 4, as in docs/npu.md's trace).
  const auto& ins = m.mxu_insns();
  const auto& t = m.mxu().stats().ops;
  ASSERT_EQ(ins.size(), 5u);
  ASSERT_EQ(t.size(), 5u);
  const uint64_t bundle[] = {2, 3, 4, 5, 6}, start[] = {0, 1, 2, 4, 9}, cycles[] = {1, 1, 2, 5, 1};
  for (size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(ins[i].bundle, bundle[i]) << i;
    EXPECT_EQ(t[i].start, start[i]) << i;
    EXPECT_EQ(t[i].cycles, cycles[i]) << i;
  }
  EXPECT_EQ(ins[3].text, "tmul l0c[s1], l0a[s1], rows=s2, acc=0");
  EXPECT_EQ(ins[3].slot, "mxu");
  EXPECT_EQ(sim::render(ins[3].op), "tmul l0a[0], l0c[0], rows=2, acc=0");
  EXPECT_EQ(m.cycles(), 10u);
  EXPECT_EQ(m.bundles_executed, 7u);
}

// In one bundle the MXU reads registers before the scalar slots' writes, and
// the DMA slot issues after the mxu slot (and waits for the TMUL to end).
TEST(TcoreMachine, MatrixUnitInstructionsFollowTheBundleRules) {
  Machine m = seed_machine();
  m.run(program(std::string(kSeedGemm) +
                "{ s0: simm.s32 s2, 1; mxu: tmul l0c[s1], l0a[s1], rows=s2, acc=0; "
                "dma: dma.st [s4], l0c[s1], rows=s2, stride=s5 }\n"
                "{ s0: simm.s32 s6, 0x200; s1: simm.s32 s2, 2 }\n"
                "{ mxu: tmul l0c[s1], l0a[s1], rows=s2, acc=1 }\n"
                "{ dma: dma.st [s6], l0c[s1], rows=s2, stride=s5; misc: halt }"));
  EXPECT_EQ(m.mxu_insns()[3].op.rows, 2u);  // tmul read s2 = 2
  EXPECT_EQ(m.mxu_insns()[4].op.rows, 2u);  // so did the dma.st of the same bundle
  EXPECT_EQ(m.read32(0x108), 43u);
  EXPECT_EQ(m.read32(0x204), 44u);  // acc=1: 22 + 22
  EXPECT_EQ(m.read32(0x20c), 100u);
  const auto& t = m.mxu().stats().ops;
  EXPECT_EQ(t[4].start, t[3].start + t[3].cycles);  // the DMA waited for the TMUL
}

TEST(TcoreMachine, MxuFaultsNameTheBundle) {
  sim::NpuConfig c = seed_config();
  c.l0a_rows = 8;
  Machine m = seed_machine(c);
  try {
    m.run(program("{ s0: simm.s32 s1, 4; s1: simm.s32 s2, 5 }\n"
                  "{ s0: simm.s32 s3, 0 }\n"
                  "{ mxu: tmul l0c[s3], l0a[s1], rows=s2, acc=0; misc: halt }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "MXU fault");
    EXPECT_NE(f.message().find("bundle 2 (0x00000080), slot mxu: 'tmul l0c[s3], l0a[s1], rows=s2, acc=0': L0A rows "
                               "4..8 exceed its depth of 8 rows"),
              std::string::npos)
        << f.message();
  }
  Machine n = seed_machine(c);
  try {
    n.run(program("{ s0: simm.s32 s1, 0xff0; s1: simm.s32 s2, 16 }\n"
                  "{ dma: dma.ld l0b[s0], [s1], rows=s2, stride=s2; misc: halt }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "MXU fault");
    EXPECT_NE(f.message().find("bundle 1 (0x00000040), slot dma: 'dma.ld l0b[s0], [s1], rows=s2, stride=s2': memory "
                               "bytes 0xff0..0x10e1 are beyond the end of memory (0x1000 bytes)"),
              std::string::npos)
        << f.message();
  }
  Machine z = seed_machine(c);
  try {
    z.run(program("{ mxu: tmul l0c[s0], l0a[s0], rows=s0, acc=0; misc: halt }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_NE(f.message().find("a TMUL needs at least one row of A"), std::string::npos) << f.message();
  }
  Machine p = seed_machine(c);
  try {
    p.run(program("{ s0: simm.s32 s1, 1 }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "Prefetch fault");
  }
}

TEST(TcoreMachine, UndefinedAndMemoryFaults) {
  Machine m = machine();
  // SCMP.EQ with pd = 31 (the assembler refuses it: the decode makes it UNDEFINED), pd at bits 21..25 of the slot.
  std::vector<as::Word> undefined = program("{ s0: scmp.eq p30, s1, 0 }");
  as::set_field(undefined[0], {192 + 21, 5}, 31);
  try {
    run(m, undefined);
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "UNDEFINED");
  }
  Machine n = machine();
  try {
    run(n, program("{ s0: simm.s32 s1, 2 }\n{ vls: vld v1, [s1] }"));
    FAIL();
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "Alignment fault");
  }
}

}  // namespace
}  // namespace mlisa::test
