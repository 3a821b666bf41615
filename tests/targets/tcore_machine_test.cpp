// tcore bundle semantics (src/targets/tcore/machine.hpp): slots read the
// state before the bundle and write together at its end; write conflicts,
// branches, halt, vector memory, and the stubs of the matrix unit and DMA.
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

TEST(TcoreMachine, MatrixUnitAndDmaAreNotYetModelled) {
  for (const char* insn : {"mxu: ldtile l0b[1]", "mxu: tmul l0c[0], l0a[0], acc=1", "dma: dma.ld l0a[0], [s1]",
                           "dma: dma.st [s1], l0c[0]"}) {
    Machine m = machine();
    try {
      run(m, program(std::string("{ ") + insn + " }"));
      FAIL() << insn;
    } catch (const Fault& f) {
      EXPECT_EQ(f.fault_name(), "not yet modelled") << insn;
    }
  }
}

TEST(TcoreMachine, UndefinedAndMemoryFaults) {
  Machine m = machine();
  EXPECT_THROW(run(m, program("{ s0: scmp.eq p31, s1, 0 }")), Fault);
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
