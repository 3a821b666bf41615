// mlisa run --target mve: a T32 program (tests/targets/data/mve_t32_fib.s)
// against QEMU's Cortex-M55 (the same source built by arm-none-eabi-gcc, run
// on qemu-system-arm -M mps3-an547 with semihosting), its ELF under mlisa
// run, exit statuses of SYS_EXIT and SYS_EXIT_EXTENDED as QEMU gives them,
// and the exit code 3 of faults and the step limit.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace mlisa::test {
namespace {

const std::string kFib = std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/mve_t32_fib.s";

bool have(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

std::string tmp(const std::string& name) { return ::testing::TempDir() + "mve_run_" + name; }

void write(const std::string& path, const std::string& text) { std::ofstream(path) << text; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Builds `source` with arm-none-eabi-gcc (code at 0, data at DTCM) into an ELF.
bool build_elf(const std::string& source, const std::string& elf) {
  return std::system(fmt::format("arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -nostdlib -nostartfiles -Wl,-Ttext=0 "
                                 "-Wl,-Tdata=0x20000000 {} -o {} 2>/dev/null",
                                 source, elf)
                         .c_str()) == 0;
}

// QEMU's output (semihosting console: SYS_WRITE0/WRITEC on stderr, the
// ":tt" handle on stdout, merged in order) and exit status.
std::pair<std::string, int> run_qemu(const std::string& elf) {
  const std::string out = elf + ".out";
  const int rc = std::system(fmt::format("timeout 30 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none "
                                         "-semihosting-config enable=on,target=native -kernel {} > {} 2>&1",
                                         elf, out)
                                 .c_str());
  return {slurp(out), WIFEXITED(rc) ? WEXITSTATUS(rc) : -1};
}

std::string fib_reference() {
  std::string s = "fibonacci:\n";
  uint32_t a = 0, b = 1;
  for (int i = 1; i <= 40; ++i) {
    const uint32_t next = a + b;
    a = b;
    b = next;
    s += fmt::format("{}\n", a);
  }
  return s + fmt::format("{}\n!\n", static_cast<uint32_t>(-5));
}

TEST(MveRun, ProgramPrintsWhatItsDefinitionSays) {
  const RunResult r = run_mlisa({"run", "--target", "mve", kFib});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, fib_reference());
}

TEST(MveRun, ProgramMatchesQemu) {
  if (!have("arm-none-eabi-gcc") || !have("qemu-system-arm")) GTEST_SKIP() << "arm-none-eabi-gcc or qemu-system-arm absent";
  const std::string elf = tmp("fib.elf");
  ASSERT_TRUE(build_elf(kFib, elf));
  const auto [qemu_out, qemu_rc] = run_qemu(elf);
  ASSERT_EQ(qemu_rc, 0) << qemu_out;
  const RunResult ours = run_mlisa({"run", "--target", "mve", kFib});
  EXPECT_EQ(ours.out, qemu_out);
  EXPECT_EQ(ours.exit_code, qemu_rc);
  // The ELF QEMU ran, loaded at its sections' addresses.
  const RunResult elf_run = run_mlisa({"run", "--target", "mve", elf});
  EXPECT_EQ(elf_run.out, qemu_out) << elf_run.err;
  EXPECT_EQ(elf_run.exit_code, 0);
}

// SYS_EXIT's r1 is the reason (ApplicationExit 0, any other 1);
// SYS_EXIT_EXTENDED's block holds the reason and the status.
std::string exit_program(const std::string& body) {
  return "    .syntax unified\n    .thumb\n    .text\n    .word 0x20080000\n    .word reset + 1\nreset:\n" + body;
}

TEST(MveRun, ExitStatusesAsQemu) {
  const struct {
    const char* name;
    std::string body;
    int status;
  } cases[] = {
      {"exit_app", "    movs r0, #0x18\n    movw r1, #0x26\n    movt r1, #2\n    bkpt 0xab\n", 0},
      {"exit_other", "    movs r0, #0x18\n    movw r1, #0x24\n    movt r1, #2\n    bkpt 0xab\n", 1},
      {"exit_ext", "    movw r1, #:lower16:blk\n    movt r1, #:upper16:blk\n    movs r0, #0x20\n    bkpt 0xab\n"
                   "    .data\nblk:\n    .word 0x20026, 7\n",
       7},
  };
  const bool qemu = have("arm-none-eabi-gcc") && have("qemu-system-arm");
  for (const auto& c : cases) {
    const std::string s = tmp(std::string(c.name) + ".s");
    write(s, exit_program(c.body));
    const RunResult r = run_mlisa({"run", "--target", "mve", s});
    EXPECT_EQ(r.exit_code, c.status) << c.name << ": " << r.err;
    if (!qemu) continue;
    const std::string elf = tmp(std::string(c.name) + ".elf");
    ASSERT_TRUE(build_elf(s, elf)) << c.name;
    EXPECT_EQ(run_qemu(elf).second, c.status) << c.name << " under QEMU";
  }
}

// Code that a store rewrites runs as rewritten (the runner keeps decoded
// instructions by address, checked against the bytes in memory): a 16-bit
// MOVS and the second halfword of a 32-bit MOVW, patched after the first
// pass. By hand: 1 + 1 on the first pass, 40 (0x2228 is MOVS r2, #40) + 5
// (0x0205 makes MOVW r2, #5) on the second: exit status 47.
TEST(MveRun, CodeRewrittenByAStoreRunsAsRewritten) {
  const std::string s = tmp("smc.s");
  write(s, exit_program("    movs r3, #0\n    movs r4, #2\n"
                        "again:\n"
                        "patch16:\n    movs r2, #1\n    adds r3, r3, r2\n"
                        "patch32:\n    movw r2, #1\n    adds r3, r3, r2\n"
                        "    movw r0, #:lower16:patch16\n    movt r0, #:upper16:patch16\n"
                        "    movw r1, #0x2228\n    strh r1, [r0]\n"
                        "    movw r0, #:lower16:patch32\n    movt r0, #:upper16:patch32\n"
                        "    movw r1, #0x0205\n    strh r1, [r0, #2]\n"
                        "    dsb\n    isb\n"
                        "    subs r4, #1\n    bne again\n"
                        "    movw r1, #:lower16:blk\n    movt r1, #:upper16:blk\n    str r3, [r1, #4]\n"
                        "    movs r0, #0x20\n    bkpt 0xab\n"
                        "    .data\nblk:\n    .word 0x20026, 0\n"));
  const RunResult r = run_mlisa({"run", "--target", "mve", s});
  EXPECT_EQ(r.exit_code, 47) << r.err;
  if (!have("arm-none-eabi-gcc") || !have("qemu-system-arm")) return;
  const std::string elf = tmp("smc.elf");
  ASSERT_TRUE(build_elf(s, elf));
  EXPECT_EQ(run_qemu(elf).second, 47) << "under QEMU";
}

TEST(MveRun, FaultsAndTheStepLimitExitThree) {
  const std::string loop = tmp("loop.s");
  write(loop, exit_program("spin:\n    b spin\n"));
  RunResult r = run_mlisa({"run", "--target", "mve", "--max-steps", "1000", loop});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("step limit"), std::string::npos) << r.err;
  const std::string bx = tmp("bx.s");
  write(bx, exit_program("    movs r0, #8\n    bx r0\n"));
  r = run_mlisa({"run", "--target", "mve", bx});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("UsageFault (INVSTATE)"), std::string::npos) << r.err;
  // A BX to the next instruction, without the Thumb bit: the fault is there
  // all the same (the runner checks EPSR.T again after every branch).
  const std::string bx_next = tmp("bx_next.s");
  write(bx_next, exit_program("    b reset2\n    .p2align 6\nreset2:\n"  // past a table of no handlers
                              "    adr r0, next\n    bx r0\n    .p2align 2\nnext:\n    movs r1, #1\n"));
  r = run_mlisa({"run", "--target", "mve", bx_next});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("UsageFault (INVSTATE)"), std::string::npos) << r.err;
  r = run_mlisa({"run", "--target", "mve", tmp("missing.s")});
  EXPECT_EQ(r.exit_code, 2);
}

TEST(MveRun, ShowAndJson) {
  const std::string s = tmp("show.s");
  write(s, exit_program("    movs r5, #42\n    movs r0, #0x18\n    movw r1, #0x26\n    movt r1, #2\n    bkpt 0xab\n"));
  RunResult r = run_mlisa({"run", "--target", "mve", "--show", "r5", "--show", "sp", s});  // one value per --show
  EXPECT_EQ(r.out, "r5=0x0000002a\nsp=0x20080000\n");
  r = run_mlisa({"--json", "run", "--target", "mve", "--show", "r5", s});
  EXPECT_NE(r.out.find("\"r5\": \"0x0000002a\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"exit_status\": 0"), std::string::npos) << r.out;
}

TEST(MveRun, ExecRunsAnItBlock) {
  RunResult r = run_mlisa({"exec", "--target", "mve", "--set", "apsr=0x40000000", "--show", "r0", "it eq; moveq r0, #1"});
  EXPECT_EQ(r.out, "r0=0x00000001\n") << r.err;
  r = run_mlisa({"exec", "--target", "mve", "--show", "r0", "it eq; moveq r0, #1"});
  EXPECT_EQ(r.out, "r0=0x00000000\n") << r.err;
  // Labels, and --encodings from the assembled program (CBZ to the next
  // instruction: offset 0, bytes from llvm-mc-19 for `cbz r0, #0`).
  r = run_mlisa({"exec", "--target", "mve", "--encodings", "--set", "r0=0x1", "--show", "r1",
                 "cbz r0, done; movs r1, #1; done:"});
  EXPECT_EQ(r.out,
            "cbz r0, done                     @ encoding: [0x00,0xb1]\n"
            "movs r1, #1                      @ encoding: [0x01,0x21]\n"
            "r1=0x00000001\n")
      << r.err;
  // A literal pool after the snippet is data: the run stops before it
  // (0x12345678 + 1, by hand; once the pool's bytes ran as instructions and
  // overwrote r0).
  r = run_mlisa({"exec", "--target", "mve", "--show", "r0", "ldr r0, =0x12345678; adds r0, #1"});
  EXPECT_EQ(r.out, "r0=0x12345679\n") << r.err;
}

}  // namespace
}  // namespace mlisa::test
