// mlisa cosim: a small program built by arm-none-eabi-gcc runs in lock step
// on our engine and on QEMU's Cortex-M55 with no divergence (exit 0); the
// same program with a spec page made wrong on purpose (--spec-dir) diverges
// at that instruction (exit 1, both register files shown); a missing QEMU,
// a missing file and a malformed ELF are input errors (exit 2).
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

bool have(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

fs::path dir() {
  const fs::path d = fs::path(::testing::TempDir()) / "mlisa_cosim";
  fs::create_directories(d);
  return d;
}

// A program that reaches memory, flags, a multiply, FP and a semihosting
// write before it exits with status 3: the vector table, then code.
// Programs start with tests/programs/m55_reset.inc (built with -I there).
constexpr const char* kProgram = R"(
    .include "m55_reset.inc"   @ the vector table and CPACR (tests/programs)
    movs r0, #5
    movs r1, #7
    muls r0, r1, r0
    subs r2, r0, #35
    ldr r3, =0x20000100
    str r0, [r3]
    strb r1, [r3, #5]
    ldr r4, [r3, #4]
    vmov s0, r0
    vcvt.f32.s32 s1, s0
    vadd.f32 s2, s1, s1
    movs r0, #0x04             @ SYS_WRITE0
    ldr r1, =message
    bkpt 0xab
    movs r0, #0x20             @ SYS_EXIT_EXTENDED
    ldr r1, =block
    bkpt 0xab
1:  b 1b
    .align 2
block:
    .word 0x20026, 3
message:
    .asciz "hello from both\n"
)";

fs::path build_program(const char* program = kProgram, const std::string& name = "prog") {
  const fs::path s = dir() / (name + ".s"), ld = dir() / (name + ".ld"), elf = dir() / (name + ".elf");
  std::ofstream(s) << program;
  std::ofstream(ld) << "SECTIONS { .text 0 : { KEEP(*(.vectors)) *(.text*) } }\n";
  const std::string cmd =
      fmt::format("arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -nostartfiles -I {}/tests/programs -T {} {} -o {}",
                  MLISA_SOURCE_DIR, ld.string(), s.string(), elf.string());
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return elf;
}

bool have_tools() { return have("arm-none-eabi-gcc") && have("qemu-system-arm"); }

TEST(Cosim, AProgramRunsInLockStepWithQemu) {
  if (!have_tools()) GTEST_SKIP() << "arm-none-eabi-gcc or qemu-system-arm is not installed";
  const fs::path elf = build_program();
  RunResult r = run_mlisa({"cosim", "--target", "mve", elf.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_EQ(r.out, "hello from both\n");
  EXPECT_NE(r.err.find("identical: both programs exited with status 3"), std::string::npos) << r.err;
}

// The interleaving loads and stores (VLD2x, VLD4x, VST2x, VST4x) of every
// pattern and size on a 128-byte pattern, compared with QEMU after every
// instruction, memory writes included.
constexpr const char* kInterleave = R"(
    .include "m55_reset.inc"   @ the vector table and CPACR (tests/programs)
    ldr r0, =0x20001000
    ldr r1, =0x87651234
    ldr r3, =0x79b99e37
    movs r2, #64
1:  str r1, [r0], #4
    mul r1, r1, r3
    adds r1, r1, #0x11
    subs r2, r2, #1
    bne 1b
    ldr r0, =0x20001000
    ldr r6, =0x20001100
    .irp sz, 8, 16, 32
    vld20.\sz {q0, q1}, [r0]
    vld21.\sz {q0, q1}, [r0]!
    vld40.\sz {q2, q3, q4, q5}, [r0]
    vld41.\sz {q2, q3, q4, q5}, [r0]
    vld42.\sz {q2, q3, q4, q5}, [r0]
    vld43.\sz {q2, q3, q4, q5}, [r0]!
    vst20.\sz {q0, q1}, [r6]
    vst21.\sz {q0, q1}, [r6]!
    vst40.\sz {q2, q3, q4, q5}, [r6]
    vst41.\sz {q2, q3, q4, q5}, [r6]
    vst42.\sz {q2, q3, q4, q5}, [r6]
    vst43.\sz {q2, q3, q4, q5}, [r6]!
    sub r0, r0, #80
    .endr
    movs r0, #0x18             @ SYS_EXIT, ADP_Stopped_ApplicationExit
    ldr r1, =0x20026
    bkpt 0xab
1:  b 1b
)";

TEST(Cosim, InterleavingLoadsAndStoresRunAsOnQemu) {
  if (!have_tools()) GTEST_SKIP() << "arm-none-eabi-gcc or qemu-system-arm is not installed";
  const fs::path elf = build_program(kInterleave, "interleave");
  RunResult r = run_mlisa({"cosim", "--target", "mve", elf.string()});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.err.find("identical: both programs exited with status 0"), std::string::npos) << r.err;
}

// MULS as the T2 encoding says, but one too many: the divergence names the
// instruction and the register.
constexpr const char* kWrongMul = R"(instruction MUL
summary Multiplies two registers (wrong on purpose: one more than the product).
feature FEAT_T32

encoding T1
    diagram 0 1 0 0 0 0 1 1 0 1 Rn:3 Rdm:3
    syntax MULS{<q>} <Rdm>, <Rn>, <Rdm> (outside IT block)
    operand <Rdm> reg R Rdm
    operand <Rn> reg R Rn
    decode
        integer d = UInt(Rdm);
        integer n = UInt(Rn);
        integer m = UInt(Rdm);
        boolean setflags = !InITBlock();

operation
    if ConditionPassed() then
        bits(32) result = (R[n] * R[m] + 1)<31:0>;
        R[d] = result;
        if setflags then
            APSR.N = result<31>;
            APSR.Z = IsZeroBit(result);
)";

TEST(Cosim, AWrongSpecDivergesAtItsInstruction) {
  if (!have_tools()) GTEST_SKIP() << "arm-none-eabi-gcc or qemu-system-arm is not installed";
  const fs::path elf = build_program();
  const fs::path specs = dir() / "wrong";
  fs::create_directories(specs);
  std::ofstream(specs / "mul.isa") << kWrongMul;
  // Step by step, and by hops (of 4; of 300, then 9) that end differently
  // and are gone through again one instruction at a time: the same report,
  // at the ninth instruction of the program (the MULS).
  for (const char* checkpoint : {"0", "4", "300"}) {
    RunResult r = run_mlisa(
        {"cosim", "--target", "mve", "--checkpoint", checkpoint, "--spec-dir", specs.string(), elf.string()});
    EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
    EXPECT_NE(r.err.find("divergence after 9 instructions: registers differ"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("muls r0, r1, r0"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("r0       0x00000024           0x00000023           <-- differs"), std::string::npos) << r.err;
  }
}

TEST(Cosim, ByCheckpointsAsStepByStep) {
  if (!have_tools()) GTEST_SKIP() << "arm-none-eabi-gcc or qemu-system-arm is not installed";
  const fs::path elf = build_program();
  for (const char* checkpoint : {"3", "1000"}) {
    RunResult r = run_mlisa({"cosim", "--target", "mve", "--checkpoint", checkpoint, elf.string()});
    EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
    EXPECT_EQ(r.out, "hello from both\n");
    EXPECT_NE(r.err.find("identical: both programs exited with status 3 after"), std::string::npos) << r.err;
  }
}

TEST(Cosim, MissingQemuAndBadFilesAreInputErrors) {
  if (!have("arm-none-eabi-gcc")) GTEST_SKIP() << "arm-none-eabi-gcc is not installed";
  const fs::path elf = build_program();
  RunResult no_qemu = run_mlisa({"cosim", "--target", "mve", "--qemu", "no-such-qemu", elf.string()});
  EXPECT_EQ(no_qemu.exit_code, 2);
  EXPECT_NE(no_qemu.err.find("no-such-qemu not found"), std::string::npos) << no_qemu.err;
  RunResult missing = run_mlisa({"cosim", "--target", "mve", (dir() / "absent.elf").string()});
  EXPECT_EQ(missing.exit_code, 2) << missing.err;
  const fs::path truncated = dir() / "truncated.elf";
  {
    std::ifstream in(elf, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::ofstream(truncated, std::ios::binary) << bytes.substr(0, 100);
  }
  RunResult bad = run_mlisa({"cosim", "--target", "mve", truncated.string()});
  EXPECT_EQ(bad.exit_code, 2) << bad.err;
  EXPECT_NE(bad.err.find("mlisa: error:"), std::string::npos) << bad.err;
  RunResult tcore = run_mlisa({"cosim", "--target", "tcore", elf.string()});
  EXPECT_EQ(tcore.exit_code, 2);
}

}  // namespace
}  // namespace mlisa::test
