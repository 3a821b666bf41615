// Real compiled code (issue 13, item 5): the C kernels of tests/programs,
// written in the style of CMSIS-NN and CMSIS-DSP, built at test time by
// arm-none-eabi-gcc and by clang-19 at -O3 for the Cortex-M55 (Helium by
// auto-vectorisation and by <arm_mve.h> intrinsics) with newlib and
// semihosting (rdimon), by tests/programs/build.sh. Each program checks its kernels against scalar
// references computed in the same program and prints checksums; it must
// print under `mlisa run --target mve` exactly what QEMU's Cortex-M55
// (mps3-an547) prints, exit as it does, and `mlisa cosim` must find no
// divergence. A compiler that is absent skips its half.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sys/wait.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

const std::string kPrograms = std::string(MLISA_SOURCE_DIR) + "/tests/programs";

bool have(const std::string& tool) {
  return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0;
}


std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Case {
  std::string kernel, compiler;
};

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  return info.param.kernel + "_" + info.param.compiler;
}

class MveKernels : public ::testing::TestWithParam<Case> {};

// Builds the case's program into a fresh directory `dir` (with dir/root):
// its path, or none when its compiler is absent.
std::optional<std::string> build(const Case& c, const fs::path& dir) {
  fs::remove_all(dir);
  fs::create_directories(dir / "root");
  const std::string elf = (dir / (c.kernel + ".elf")).string();
  // tests/programs/build.sh: exit 77 when the compiler or newlib is absent.
  const std::string cmd = fmt::format("{}/build.sh {} {} {} 2>{}", kPrograms, c.compiler, c.kernel, elf,
                                      (dir / "build.log").string());
  const int built = std::system(cmd.c_str());
  if (WIFEXITED(built) && WEXITSTATUS(built) == 77) return std::nullopt;
  EXPECT_EQ(built, 0) << cmd << "\n" << slurp((dir / "build.log").string());
  return elf;
}

std::string absent(const Case& c) {
  return std::string(c.compiler == "gcc" ? "arm-none-eabi-gcc" : "clang-19 or arm-none-eabi-gcc's newlib") +
         " absent: the program cannot be built";
}

TEST_P(MveKernels, RunsAsQemuAndCosims) {
  const Case& c = GetParam();
  const fs::path dir = fs::path(::testing::TempDir()) / ("mve_kernels_" + c.kernel + "_" + c.compiler);
  const std::optional<std::string> built = build(c, dir);
  if (!built) GTEST_SKIP() << absent(c);
  ASSERT_FALSE(HasFailure());
  const std::string& elf = *built;

  const RunResult r = run_mlisa({"run", "--target", "mve", "--semihosting-root", (dir / "root").string(), elf});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out.find("MISMATCH"), std::string::npos) << r.out;
  if (c.kernel != "hello") {
    EXPECT_NE(r.out.find("PASSED\n"), std::string::npos) << r.out;
  }

  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent: not compared with QEMU";
  const std::string qout = (dir / "qemu.out").string();
  const int rc = std::system(fmt::format("cd {} && timeout 60 qemu-system-arm -M mps3-an547 -nographic -monitor none "
                                         "-serial none -semihosting-config enable=on,target=native -kernel {} > {} 2>&1",
                                         (dir / "root").string(), elf, qout)
                                 .c_str());
  EXPECT_EQ(WIFEXITED(rc) ? WEXITSTATUS(rc) : -1, r.exit_code);
  EXPECT_EQ(r.out, slurp(qout));

  // By hops of 2000 instructions, each ending in a comparison of the whole
  // state; a hop that ends differently is gone through one instruction at
  // a time (docs/cosim.md).
  const RunResult co = run_mlisa({"cosim", "--target", "mve", "--checkpoint", "2000", elf});
  EXPECT_EQ(co.exit_code, 0) << co.err;
  EXPECT_NE(co.err.find("cosim: identical"), std::string::npos) << co.err;
  EXPECT_EQ(co.out, r.out);
}

// `mlisa disasm` of the linked program (its vector table, code, literal
// pools and jump tables, by the ELF's mapping symbols) reassembles with
// `mlisa as` to the very bytes of its .text: every narrow literal load stays
// narrow, every branch reaches its label (arm-none-eabi-objcopy reads both).
TEST_P(MveKernels, DisassemblyReassemblesToItsBytes) {
  const Case& c = GetParam();
  const fs::path dir = fs::path(::testing::TempDir()) / ("mve_kernels_disasm_" + c.kernel + "_" + c.compiler);
  const std::optional<std::string> built = build(c, dir);
  if (!built) GTEST_SKIP() << absent(c);
  ASSERT_FALSE(HasFailure());
  const std::string& elf = *built;
  if (!have("arm-none-eabi-objcopy")) GTEST_SKIP() << "arm-none-eabi-objcopy absent";
  const RunResult d = run_mlisa({"disasm", "--target", "mve", elf});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  const std::string listing = (dir / "listing.s").string(), object = (dir / "listing.o").string();
  std::ofstream(listing) << d.out;
  const RunResult a = run_mlisa({"as", "--target", "mve", listing, "-o", object});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto text = [&](const std::string& file, const std::string& out) {
    const std::string cmd = fmt::format("arm-none-eabi-objcopy -O binary -j .text {} {}", file, out);
    EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
    return slurp(out);
  };
  const std::string want = text(elf, (dir / "elf.text").string()), got = text(object, (dir / "listing.text").string());
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(got.size(), want.size());
  EXPECT_TRUE(got == want) << "the reassembled .text differs from the ELF's first at byte "
                           << std::distance(want.begin(), std::mismatch(want.begin(), want.end(), got.begin(), got.end()).first);
}

// The compiler's assembly output of the program (`-S`, the flags of
// build.sh) assembled by `mlisa as` into an object that GNU ld links with
// startup.s and newlib: calls of the library (R_ARM_THM_CALL), addresses in
// literal pools (R_ARM_ABS32) or MOVW/MOVT pairs (clang), switch tables,
// common symbols, clang's unwinding directives. It must run as the program
// the compiler builds itself: the same output, the same exit.
TEST_P(MveKernels, AssemblyThroughMlisaAsRunsAsTheCompilersBuild) {
  const Case& c = GetParam();
  const fs::path dir = fs::path(::testing::TempDir()) / ("mve_kernels_as_" + c.kernel + "_" + c.compiler);
  const std::optional<std::string> built = build(c, dir);
  if (!built) GTEST_SKIP() << absent(c);
  ASSERT_FALSE(HasFailure());
  const std::string s = (dir / (c.kernel + ".s")).string(), log = (dir / "build.log").string();
  const std::string compile = fmt::format("{}/build.sh {} {} {} -S 2>{}", kPrograms, c.compiler, c.kernel, s, log);
  ASSERT_EQ(std::system(compile.c_str()), 0) << compile << "\n" << slurp(log);
  const std::string object = (dir / "mlisa.o").string(), elf = (dir / "mlisa.elf").string();
  const RunResult a = run_mlisa({"as", "--target", "mve", s, "-o", object});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  const std::string link =
      fmt::format("arm-none-eabi-gcc -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard --specs=rdimon.specs "
                  "-T {}/m55.ld {}/startup.s {} -lm -o {} 2>{}",
                  kPrograms, kPrograms, object, elf, log);
  ASSERT_EQ(std::system(link.c_str()), 0) << link << "\n" << slurp(log);
  RunResult r[2];
  for (int k = 0; k < 2; ++k)
    r[k] = run_mlisa({"run", "--target", "mve", "--semihosting-root", (dir / "root").string(), k ? *built : elf});
  EXPECT_EQ(r[0].exit_code, r[1].exit_code) << r[0].err;
  EXPECT_EQ(r[0].out, r[1].out);
  EXPECT_FALSE(r[0].out.empty());
}

// `mlisa run --stats`: the instructions that ran, by encoding (the names of
// the Armv8-M manual), counted by hand: the loop runs three times.
TEST(MveStats, CountsByEncoding) {
  const fs::path dir = fs::path(::testing::TempDir()) / "mve_stats";
  fs::create_directories(dir);
  const std::string s = (dir / "loop.s").string();
  std::ofstream(s) << "    .syntax unified\n    .thumb\n    .text\n    .global _start\n_start:\n    movs r0, #3\n"
                      "loop:\n    subs r0, #1\n    bne loop\n    movs r0, #0x18\n    movw r1, #0x26\n"
                      "    movt r1, #2\n    bkpt 0xab\n";
  const RunResult r = run_mlisa({"run", "--target", "mve", "--stats", s});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("stats: 11 instructions, 6 distinct encodings"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("FEAT_T32 100.0%"), std::string::npos) << r.err;
  for (const char* line : {"           3  27.27%  B T1 [FEAT_T32]\n", "           3  27.27%  SUB (immediate) T2 [FEAT_T32]\n",
                           "           2  18.18%  MOV (immediate) T1 [FEAT_T32]\n",
                           "           1   9.09%  MOV (immediate) T3 [FEAT_T32]\n", "           1   9.09%  MOVT T1 [FEAT_T32]\n",
                           "           1   9.09%  BKPT T1 [FEAT_T32]\n"})
    EXPECT_NE(r.err.find(line), std::string::npos) << line << r.err;
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (const char* k : {"hello", "fc_s8", "conv_s8", "pool_s8", "softmax_s8", "eltwise", "fir_q", "float_f32",
                        "biquad_f32", "complex_f32"})
    for (const char* c : {"gcc", "clang"}) out.push_back({k, c});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Programs, MveKernels, ::testing::ValuesIn(cases()), case_name);

}  // namespace
}  // namespace mlisa::test
