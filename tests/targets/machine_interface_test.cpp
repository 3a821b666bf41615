// The one machine interface (src/sim/machine.hpp, src/targets/machines.hpp):
// the same calls drive mve, sme2 and tcore: load a small program written
// here, step it, read and write registers through the register table, read
// and write memory, and stop at a fault with its PC and at the program's
// exit. Expected values are worked by hand from the architecture:
//   mve (Armv8-M ARM): MOVS/ADDS are 16-bit T1 encodings, so the PC moves by
//     2; UDF is UNDEFINED, a UsageFault (UNDEFINSTR) that stops the run when
//     the program did not start from a vector table; Q0 is D1:D0 (and
//     S3:S2:S1:S0); semihosting SYS_EXIT (r0 = 0x18) with
//     ADP_Stopped_ApplicationExit (0x20026) in r1 exits with status 0.
//   sme2 (A64): every instruction is 4 bytes, text at 0x400000; the word 0
//     (UDF #0, permanently undefined) is UNDEFINED; W9 is the low half of X9; exit_group(7) is SVC #0
//     with X8 = 94, X0 = 7 (Linux, asm-generic/unistd.h).
//   tcore (docs/npu.md): bundles are 64 bytes; every slot reads the state
//     before the bundle; a PC past the program is the "Prefetch fault";
//     halt ends the program (status 0).
#include "core/diag.hpp"
#include "sim/machine.hpp"
#include "targets/machines.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace mlisa::test {
namespace {

using sim::StepResult;
using spec::Bits;

uint64_t get(sim::Machine& m, const std::string& name) { return m.get(name).low64(); }

void expect_ok(const StepResult& r) {
  EXPECT_TRUE(r.ok()) << r.fault << ": " << r.message;
}

// What every target shares: steps, a register write read back, memory, an
// unknown register naming the valid ones.
struct Case {
  std::string target;
  std::string source;
  std::vector<std::pair<uint64_t, uint64_t>> after_steps;  // (pc, value of `reg`) after each ok step
  std::string reg;
  std::string fault;  // the fault the next step takes
  uint64_t fault_pc;
  uint64_t data;  // an address of memory the program may use
};

const Case kCases[] = {
    {"mve",
     ".text\n.global _start\n_start:\n  movs r0, #5\n  adds r0, r0, #3\n  udf #0\n",
     {{2, 5}, {4, 8}},
     "r0",
     "UsageFault (UNDEFINSTR)",
     4,
     0x20000000},
    {"sme2",
     ".text\n.global _start\n_start:\n  movz x0, #5\n  add x0, x0, #3\n  .word 0\n",  // UDF #0
     {{0x400004, 5}, {0x400008, 8}},
     "x0",
     "UNDEFINED",
     0x400008,
     0x7fff0000 - 16},
    {"tcore",
     "{ s0: simm.s32 s1, 5 }\n{ s0: sadd s1, s1, 3; s1: smov s2, s1 }\n",
     {{64, 5}, {128, 8}},
     "s1",
     "Prefetch fault",
     128,
     0x100},
};

void PrintTo(const Case& c, std::ostream* os) { *os << c.target; }

class MachineInterface : public testing::TestWithParam<Case> {};

TEST_P(MachineInterface, StepsRegistersMemoryAndAFault) {
  const Case& c = GetParam();
  const auto m = targets::make_machine(c.target);
  EXPECT_EQ(m->target(), c.target);
  m->load_source(c.source, "prog.s");
  for (const auto& [pc, value] : c.after_steps) {
    expect_ok(m->step());
    EXPECT_EQ(m->pc(), pc);
    EXPECT_EQ(get(*m, c.reg), value);
  }
  EXPECT_EQ(m->instructions(), c.after_steps.size());
  EXPECT_FALSE(m->exit_status());

  // A register written through the table reads back at its width.
  const sim::RegisterInfo& info = m->register_info(c.reg);
  EXPECT_EQ(info.width, c.target == "sme2" ? 64u : 32u);
  EXPECT_EQ(info.group, "general");
  m->set(c.reg, Bits(info.width, 0x1234));
  EXPECT_EQ(get(*m, c.reg), 0x1234u);
  sim::set_register(*m, c.reg + "=-2");  // negative: two's complement at the width
  EXPECT_EQ(m->get(c.reg), Bits(info.width, info.width == 64 ? ~uint64_t{1} : 0xfffffffeu));
  sim::set_register(*m, c.reg + "=8");  // back to what the program computed
  EXPECT_THROW(m->set(c.reg, Bits(info.width + 8, 0)), InputError);  // not the register's width

  // Memory.
  m->write_memory(c.data, {1, 2, 3, 4});
  EXPECT_EQ(m->read_memory(c.data, 4), (std::vector<uint8_t>{1, 2, 3, 4}));
  EXPECT_THROW(m->read_memory(0xfffffff0u, 64), InputError);

  // An unknown register: the error lists the valid names.
  try {
    m->get("nosuch");
    ADD_FAILURE() << "no error";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("unknown " + c.target + " register 'nosuch' (valid: "), std::string::npos) << e.message();
    EXPECT_NE(e.message().find(c.reg.substr(0, 1) + "0-"), std::string::npos) << e.message();
  }

  // The fault: its name and the PC of the instruction that took it.
  const StepResult f = m->step();
  ASSERT_TRUE(f.faulted());
  EXPECT_EQ(f.fault, c.fault) << f.message;
  EXPECT_EQ(f.pc, c.fault_pc);
  EXPECT_THROW(f.rethrow(), Fault);
}

TEST_P(MachineInterface, RunStopsAtTheStepLimit) {
  const Case& c = GetParam();
  const auto m = targets::make_machine(c.target);
  m->load_source(c.source, "prog.s");
  const StepResult r = m->run(1);
  ASSERT_TRUE(r.faulted());
  EXPECT_EQ(r.fault, "step limit");
  EXPECT_EQ(r.pc, c.after_steps[0].first);
  EXPECT_EQ(m->instructions(), 1u);
}

INSTANTIATE_TEST_SUITE_P(Targets, MachineInterface, testing::ValuesIn(kCases),
                         [](const auto& info) { return info.param.target; });

TEST(MachineInterface, ProgramsExitWithTheirStatus) {
  const auto mve = targets::make_machine("mve");
  mve->load_source(".text\n.global _start\n_start:\n  movs r0, #0x18\n  ldr r1, =0x20026\n  bkpt 0xab\n");
  const StepResult a = mve->run(100);
  EXPECT_TRUE(a.exited()) << a.fault << ": " << a.message;
  EXPECT_EQ(a.exit_status, 0);
  EXPECT_EQ(mve->exit_status(), 0);

  const auto sme2 = targets::make_machine("sme2");
  std::string out;
  sme2->set_output([&](int fd, std::string_view s) { out += std::to_string(fd) + ":" + std::string(s); });
  sme2->load_source(".text\n.global _start\n_start:\n  movz x0, #1\n  adr x1, msg\n  movz x2, #3\n  movz x8, #64\n"
                    "  svc #0\n  movz x0, #7\n  movz x8, #94\n  svc #0\nmsg:\n  .ascii \"hi\\n\"\n");
  const StepResult b = sme2->run(100);
  EXPECT_TRUE(b.exited()) << b.fault << ": " << b.message;
  EXPECT_EQ(b.exit_status, 7);
  EXPECT_EQ(out, "1:hi\n");  // write(1, "hi\n", 3): fd 64 is write

  const auto tcore = targets::make_machine("tcore");
  tcore->load_source("{ s0: simm.s32 s1, 1; s1: sadd s2, s1, 1 }\n{ misc: halt }\n");
  const StepResult t = tcore->run(100);
  EXPECT_TRUE(t.exited()) << t.fault << ": " << t.message;
  EXPECT_EQ(t.exit_status, 0);
  EXPECT_EQ(get(*tcore, "s2"), 1u);  // s1 was 0 before the bundle
  EXPECT_TRUE(tcore->step().exited());
}

TEST(MachineInterface, RegisterTablesAndAliases) {
  const auto mve = targets::make_machine("mve");
  EXPECT_EQ(mve->register_info("Q7").width, 128u);
  EXPECT_EQ(mve->register_info("d15").width, 64u);
  EXPECT_EQ(mve->register_info("basepri").width, 8u);
  sim::set_register(*mve, "q0.s32=1,2,3,-1");
  EXPECT_EQ(get(*mve, "d0"), 0x0000000200000001u);  // Q0 is D1:D0
  EXPECT_EQ(get(*mve, "s3"), 0xffffffffu);
  // --set fpscr keeps LTPSIZE (4 at reset); ltpsize sets it.
  sim::set_register(*mve, "fpscr=0x03000000");
  EXPECT_EQ(get(*mve, "fpscr"), 0x03040000u);
  sim::set_register(*mve, "ltpsize=2");
  EXPECT_EQ(get(*mve, "fpscr"), 0x03020000u);
  EXPECT_EQ(get(*mve, "ltpsize"), 2u);
  EXPECT_THROW(sim::set_register(*mve, "ltpsize=5"), InputError);
  EXPECT_THROW(sim::set_register(*mve, "r0=0x100000000"), InputError);
  EXPECT_NE(mve->register_names().find("r0-r15, sp, lr, pc, s0-s31, d0-d15, q0-q7, fpscr"), std::string::npos)
      << mve->register_names();

  targets::MachineOptions o;
  o.svl = 128;
  const auto sme2 = targets::make_machine("sme2", o);
  EXPECT_EQ(sme2->register_info("z0").width, 128u);
  EXPECT_EQ(sme2->register_info("p15").width, 16u);
  EXPECT_EQ(sme2->register_info("za[15]").width, 128u);
  EXPECT_EQ(sme2->find_register("za[16]"), nullptr);  // SVL/8 array vectors
  sim::set_register(*sme2, "x9=0x123456789");
  EXPECT_EQ(get(*sme2, "w9"), 0x23456789u);
  EXPECT_NE(sme2->register_names().find("za[0-15]"), std::string::npos) << sme2->register_names();

  const auto tcore = targets::make_machine("tcore");
  EXPECT_EQ(tcore->register_info("p1").width, 1u);
  EXPECT_EQ(tcore->get("p0"), Bits(1, 1));  // p0 is always true
  EXPECT_EQ(tcore->debug_target(), nullptr);
}

}  // namespace
}  // namespace mlisa::test
