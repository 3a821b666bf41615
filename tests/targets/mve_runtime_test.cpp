// mlisa run --target mve as the toolchain's programs need it (issue 13,
// items 2 and 6 and "Bad input"): start from the vector table, semihosting
// as QEMU 7.2 serves it (tests/targets/data/mve_semihosting.s), the
// --semihosting-root confinement, exceptions and a small RTOS
// (tests/targets/data/mve_exceptions.s), fault messages, malformed ELF files,
// and a newlib program built with --specs=rdimon.specs.
//
// The assembly programs are built at test time by arm-none-eabi-gcc (the
// tests skip without it) and run under mlisa and, when qemu-system-arm is
// installed, under QEMU's Cortex-M55 (mps3-an547); the outputs must be equal.
// The expected outputs recorded from QEMU 7.2.22 (data/*.qemu.out) are
// checked as well, so the comparison stands without QEMU.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <sys/wait.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

const std::string kData = std::string(MLISA_SOURCE_DIR) + "/tests/targets/data";

bool have(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

// A fresh scratch directory for one test.
std::string scratch(const std::string& name) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("mve_runtime_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// One of data/mve_*.s built by arm-none-eabi-gcc: code at 0, data in DTCM.
bool build(const std::string& source, const std::string& elf) {
  return std::system(fmt::format("arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -nostdlib -nostartfiles -Wl,-Ttext=0 "
                                 "-Wl,-Tdata=0x20000000 -Wl,-e,0 -I{} {}/{} -o {} 2>/dev/null",
                                 kData, kData, source, elf)
                         .c_str()) == 0;
}

// QEMU's output (stdout and stderr merged) and exit status, run in `cwd`.
std::pair<std::string, int> run_qemu(const std::string& elf, const std::string& cwd, const std::string& append = "",
                                     int lines = 0) {
  const std::string out = elf + ".qemu";
  const std::string cmd =
      fmt::format("cd {} && timeout 30 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none "
                  "-semihosting-config enable=on,target=native -kernel {}{} {}",
                  cwd, elf, append.empty() ? "" : " -append '" + append + "'",
                  lines ? fmt::format("2>&1 | head -{} > {}", lines, out) : fmt::format("> {} 2>&1", out));
  const int rc = std::system(cmd.c_str());
  return {slurp(out), WIFEXITED(rc) ? WEXITSTATUS(rc) : -1};
}

#define NEED_GCC() \
  if (!have("arm-none-eabi-gcc")) GTEST_SKIP() << "arm-none-eabi-gcc absent: the test programs cannot be built"

// ---------------------------------------------------------------------------
// Semihosting.

TEST(MveRuntime, SemihostingAsQemu) {
  NEED_GCC();
  const std::string dir = scratch("semihosting"), root = dir + "/root";
  fs::create_directories(root);
  const std::string elf = dir + "/semi.elf";
  ASSERT_TRUE(build("mve_semihosting.s", elf));
  const RunResult r = run_mlisa({"run", "--target", "mve", "--semihosting-root", root, elf, "--", "arg1", "two"});
  EXPECT_EQ(r.exit_code, 5) << r.err;  // SYS_EXIT_EXTENDED's status
  // What QEMU 7.2 printed, with this run's command line.
  const std::string cmdline = elf + " arg1 two";
  std::string expected = slurp(kData + "/mve_semihosting.qemu.out");
  expected.replace(expected.find("@CMDLINE_LENGTH@"), 16, fmt::format("{:08X}", cmdline.size()));
  expected.replace(expected.find("@CMDLINE@"), 9, cmdline);
  EXPECT_EQ(r.out, expected);
  // The files the program made, renamed and removed are gone again; nothing
  // was written outside the root.
  EXPECT_TRUE(fs::is_empty(root));
  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent: compared with the recorded output only";
  const std::string qroot = dir + "/qroot";
  fs::create_directories(qroot);
  const auto [out, rc] = run_qemu(elf, qroot, "arg1 two");
  EXPECT_EQ(rc, 5);
  EXPECT_EQ(r.out, out);
}

// Each name is opened for reading and for writing, renamed and removed
// (data/mve_semihosting_open.s): a name that resolves outside the root, or
// any name without a root, fails every time with ENOENT (2), the errno of a
// missing file, and nothing outside is touched.
TEST(MveRuntime, SemihostingRootConfines) {
  NEED_GCC();
  const std::string dir = scratch("root"), root = dir + "/root";
  fs::create_directories(root + "/sub");
  const std::string elf = dir + "/open.elf";
  ASSERT_TRUE(build("mve_semihosting_open.s", elf));
  write(dir + "/outside.txt", "secret\n");
  write(root + "/data.txt", "data\n");
  fs::create_symlink("../outside.txt", root + "/link.txt");
  const std::string refused = "FFFFFFFF\n00000002\n";
  const std::string all_refused = refused + refused + refused + refused;
  for (const std::string& name : std::vector<std::string>{"../outside.txt", "link.txt", dir + "/outside.txt",
                                                          "sub/../../outside.txt", "/etc/passwd", ".."}) {
    const RunResult r = run_mlisa({"run", "--target", "mve", "--semihosting-root", root, elf, "--", name});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_EQ(r.out, all_refused) << name;
  }
  // Without --semihosting-root no host file is reached, inside or not.
  RunResult r = run_mlisa({"run", "--target", "mve", elf, "--", "data.txt"}, "", root);
  EXPECT_EQ(r.out, all_refused);
  EXPECT_EQ(slurp(dir + "/outside.txt"), "secret\n");
  EXPECT_EQ(slurp(root + "/data.txt"), "data\n");
  EXPECT_FALSE(fs::exists(dir + "/renamed"));
  EXPECT_FALSE(fs::exists(root + "/renamed"));
  // Inside the root: read, created for writing (truncated), renamed, then
  // the name is missing for SYS_REMOVE; the sticky errno stays 2 from the
  // start of the run's first failure, as QEMU's.
  r = run_mlisa({"run", "--target", "mve", "--semihosting-root", root, elf, "--", "data.txt"});
  EXPECT_EQ(r.out, "00000001\n00000000\n00000002\n00000000\n00000000\n00000000\nFFFFFFFF\n00000002\n") << r.err;
  EXPECT_TRUE(fs::exists(root + "/renamed"));
  // QEMU's answer for a missing file (its first line pair: SYS_OPEN for
  // reading) is the refusal's.
  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent";
  const std::string qdir = dir + "/q";
  fs::create_directories(qdir);
  const auto [out, rc] = run_qemu(elf, qdir, "nosuch.txt");
  EXPECT_EQ(rc, 0);
  EXPECT_EQ(out.substr(0, refused.size()), refused) << out;
}

TEST(MveRuntime, SemihostingRootMustExist) {
  NEED_GCC();
  const std::string dir = scratch("noroot"), elf = dir + "/open.elf";
  ASSERT_TRUE(build("mve_semihosting_open.s", elf));
  const RunResult r = run_mlisa({"run", "--target", "mve", "--semihosting-root", dir + "/missing", elf});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--semihosting-root"), std::string::npos) << r.err;
  write(dir + "/file", "x");
  EXPECT_EQ(run_mlisa({"run", "--target", "mve", "--semihosting-root", dir + "/file", elf}).exit_code, 2);
}

// An operation QEMU does not serve either stops the run, naming it.
TEST(MveRuntime, UnimplementedSemihostingCallFaults) {
  const std::string dir = scratch("unimpl"), s = dir + "/p.s";
  write(s, "    .syntax unified\n    .thumb\n    .text\n    .global _start\n_start:\n    movs r0, #0x12\n"
           "    movs r1, #0\n    bkpt 0xab\n");
  const RunResult r = run_mlisa({"run", "--target", "mve", s});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("SYS_SYSTEM (0x12) is not implemented"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at 0x00000004"), std::string::npos) << r.err;
}

// ---------------------------------------------------------------------------
// Exceptions.

// data/NAME.s built and run under mlisa: exit 0 and QEMU's output, as
// recorded in data/NAME.qemu.out and, when QEMU is installed, as it runs now.
void expect_runs_as_qemu(const std::string& name) {
  NEED_GCC();
  const std::string dir = scratch(name), elf = dir + "/" + name + ".elf";
  ASSERT_TRUE(build(name + ".s", elf));
  const RunResult r = run_mlisa({"run", "--target", "mve", elf});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, slurp(kData + "/" + name + ".qemu.out"));
  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent: compared with the recorded output only";
  const auto [out, rc] = run_qemu(elf, dir);
  EXPECT_EQ(rc, 0);
  EXPECT_EQ(r.out, out);
}

TEST(MveRuntime, ExceptionsAndContextSwitchAsQemu) { expect_runs_as_qemu("mve_exceptions"); }

TEST(MveRuntime, VectorLoadsAndStoresAsQemu) { expect_runs_as_qemu("mve_vector_mem"); }

// CPUID, CCR, the ID_ words, CTR and MVFR0-2 (QEMU's values; 0 before, bar CPUID r0p0 and CCR).
TEST(MveRuntime, IdentificationRegistersAsQemu) { expect_runs_as_qemu("mve_sysregs"); }

// The board's memories: ITCM, SRAM, DTCM, SRAM 2, the QSPI ROM and DDR, their
// secure aliases, BusFaults between them, SYS_HEAPINFO in ITCM.
TEST(MveRuntime, BoardMemoriesAsQemu) { expect_runs_as_qemu("mve_memory_map"); }

std::string program(const std::string& vectors, const std::string& body) {
  return "    .syntax unified\n    .thumb\n    .text\n" + vectors + body;
}

// An executable starts from its reset vector whatever its entry symbol;
// an assembled snippet with _start and no vector table starts at _start.
TEST(MveRuntime, StartsFromTheVectorTable) {
  NEED_GCC();
  const std::string dir = scratch("vectors"), s = dir + "/v.s", elf = dir + "/v.elf";
  write(s, program("    .word 0x20001000\n    .word reset + 1\n",
                   "    .global _start\n    .thumb_func\n_start:\n    movs r0, #0x18\n    movs r1, #0\n    bkpt 0xab\n"
                   "    .thumb_func\nreset:\n    mov r0, sp\n    movs r0, #0x18\n    movw r1, #0x26\n    movt r1, #2\n"
                   "    bkpt 0xab\n"));
  ASSERT_EQ(std::system(fmt::format("arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -nostdlib -nostartfiles -Wl,-Ttext=0 "
                                    "-Wl,-e,_start {} -o {}",
                                    s, elf)
                            .c_str()),
            0);
  RunResult r = run_mlisa({"run", "--target", "mve", "--show", "sp", "--show", "lr", elf});
  EXPECT_EQ(r.exit_code, 0) << r.err;  // reset: ApplicationExit; _start would exit 1
  EXPECT_EQ(r.out, "sp=0x20001000\nlr=0xffffffff\n");
  if (have("qemu-system-arm")) {
    EXPECT_EQ(run_qemu(elf, dir).second, 0);
  }
  // The source itself, assembled by mlisa, runs from _start.
  r = run_mlisa({"run", "--target", "mve", s});
  EXPECT_EQ(r.exit_code, 1) << r.err;
}

// Exception entry clears the local exclusive monitor (the manual's exception
// entry; QEMU's Cortex-M55 too): LDREX, an SVC whose handler returns at
// once, then STREX to the marked address fails (returns 1). The program
// exits 0 when it failed, 1 when it stored; QEMU 7.2 exits 0.
TEST(MveRuntime, ExceptionEntryClearsTheExclusiveMonitor) {
  NEED_GCC();
  const std::string dir = scratch("clrex"), s = dir + "/x.s", elf = dir + "/x.elf";
  write(s, "    .syntax unified\n    .thumb\n    .text\n    .word 0x20010000\n    .word reset + 1\n"
           "    .word 0, 0, 0, 0, 0, 0, 0, 0, 0\n    .word svc_handler + 1\n"
           "    .thumb_func\nreset:\n    ldr r6, =buf\n    ldrex r2, [r6]\n    svc #0\n    movs r5, #7\n"
           "    strex r3, r5, [r6]\n    movs r0, #0x18\n    ldr r1, =0x20026\n    cmp r3, #1\n    beq 1f\n"
           "    movs r1, #1\n1:\n    bkpt 0xab\n    .thumb_func\nsvc_handler:\n    bx lr\n    .ltorg\n"
           "    .data\nbuf:\n    .word 0\n");
  ASSERT_EQ(std::system(fmt::format("arm-none-eabi-gcc -mcpu=cortex-m55 -mthumb -nostdlib -nostartfiles -Wl,-Ttext=0 "
                                    "-Wl,-Tdata=0x20000000 -Wl,-e,0 {} -o {}",
                                    s, elf)
                            .c_str()),
            0);
  const RunResult r = run_mlisa({"run", "--target", "mve", elf});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  if (have("qemu-system-arm")) {
    EXPECT_EQ(run_qemu(elf, dir).second, 0);
  }
}

// The Security Extension is the assembler's (llvm-mc-19 and GNU as take its
// instructions for Armv8.1-M) and not the machine's: the manual makes BXNS,
// BLXNS, TTA and TTAT UNDEFINED without it, and the machine decodes the
// Non-secure bank of MRS and MSR as UNPREDICTABLE, on either engine.
TEST(MveRuntime, SecurityExtensionInstructionsAssembleButDoNotRun) {
  for (const char* engine : {"compiled", "interp"}) {
    for (const auto& [line, want] : std::vector<std::pair<std::string, std::string>>{
             {"bxns lr", "UsageFault (UNDEFINSTR): UNDEFINED instruction 'bxns lr' (0x4774) at 0x00000000"},
             {"blxns r1", "UsageFault (UNDEFINSTR): UNDEFINED instruction 'blxns r1' (0x478c) at 0x00000000"},
             {"tta r0, r1", "UsageFault (UNDEFINSTR): UNDEFINED instruction 'tta r0, r1' (0xe841f080) at 0x00000000"},
             {"mrs r0, msp_ns", "UNPREDICTABLE: 'mrs r0, msp_ns' (0xf3ef8088) at 0x00000000"},
             {"msr control_ns, r0", "UNPREDICTABLE: 'msr control_ns, r0' (0xf3808894) at 0x00000000"},
             // No coprocessor but FP and MVE: a NOCP UsageFault, as QEMU's AN547 takes (the isa suite).
             {"mcr p7, #1, r5, c1, c1, #4", "UsageFault (NOCP): 'mcr p7, #1, r5, c1, c1, #4' (0xee215791) at 0x00000000"}}) {
      const RunResult r = run_mlisa({"exec", "--target", "mve", "--engine", engine, line});
      EXPECT_NE(r.exit_code, 0) << line;
      EXPECT_NE(r.err.find(want), std::string::npos) << engine << ": " << r.err;
    }
  }
}

// Faults without a handler: the architectural name, the PC, the word and its
// disassembly (its bytes when nothing decodes it); exit 3.
TEST(MveRuntime, FaultMessages) {
  const std::string dir = scratch("faults");
  const std::string undefined = dir + "/undef.s";
  write(undefined, program("", "    .global _start\n_start:\n    nop\n    .inst.w 0xf7f0a000\n"));  // UDF.W #0
  RunResult r = run_mlisa({"run", "--target", "mve", undefined});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("mlisa: error: UsageFault (UNDEFINSTR): UNDEFINED instruction 'udf #0' (0xf7f0a000) at "
                       "0x00000002"),
            std::string::npos)
      << r.err;
  const std::string raw = dir + "/raw.s";
  write(raw, program("", "    .global _start\n_start:\n    .inst.w 0xffffffff\n"));
  r = run_mlisa({"run", "--target", "mve", raw});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("UNDEFINED instruction 0xffffffff (bytes ff ff ff ff) at 0x00000000, which no encoding decodes"),
            std::string::npos)
      << r.err;
  // A vector table without a HardFault handler: the UsageFault (disabled)
  // escalates to a HardFault that cannot be taken.
  const std::string nohandler = dir + "/nohandler.s";
  write(nohandler, program("    .word 0x20080000\n    .word reset + 1\n    .word 0\n    .word 0\n",
                           "reset:\n    movs r0, #8\n    bx r0\n"));
  r = run_mlisa({"run", "--target", "mve", nohandler});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("UsageFault (INVSTATE)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("escalated to HardFault, which has no handler"), std::string::npos) << r.err;
  // A HardFault handler that spins (`b .`): the run stops with the fault.
  const std::string spin = dir + "/spin.s";
  write(spin, program("    .word 0x20080000\n    .word reset + 1\n    .word spin + 1\n    .word spin + 1\n",
                      "spin:\n    b spin\nreset:\n    movw r0, #0\n    movt r0, #0x4000\n    ldr r0, [r0]\n"));
  r = run_mlisa({"run", "--target", "mve", spin});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("BusFault (PRECISERR): 'ldr r0, [r0, #0]' (0x6800) at 0x0000001a: 4-byte read at 0x40000000"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("the HardFault handler at 0x00000010 then loops on itself"), std::string::npos) << r.err;
  // SVC without a vector table.
  const std::string svc = dir + "/svc.s";
  write(svc, program("", "    .global _start\n_start:\n    svc #3\n"));
  r = run_mlisa({"run", "--target", "mve", svc});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("SVCall: SVC 'svc #3' (0xdf03) at 0x00000000"), std::string::npos) << r.err;
}

// ---------------------------------------------------------------------------
// Malformed ELF files: exit 2 with what is wrong.

struct Segment {
  uint32_t address, offset, filesz, memsz;
};

void put(std::string& b, size_t at, uint64_t v, int n) {
  if (b.size() < at + n) b.resize(at + n, '\0');
  for (int i = 0; i < n; ++i) b[at + i] = static_cast<char>(v >> (8 * i));
}

// A 32-bit little-endian ELF executable with the given PT_LOAD segments (no
// sections), its segment bytes 0xbf00 (NOP) after the headers.
std::string elf_file(const std::vector<Segment>& segs, uint16_t machine = 40) {
  std::string b;
  b += "\x7f" "ELF";
  put(b, 4, 1, 1);  // ELFCLASS32
  put(b, 5, 1, 1);  // little-endian
  put(b, 6, 1, 1);
  put(b, 16, 2, 2);  // ET_EXEC
  put(b, 18, machine, 2);
  put(b, 20, 1, 4);
  put(b, 24, 0, 4);             // e_entry
  put(b, 28, 52, 4);            // e_phoff
  put(b, 40, 52, 2);            // e_ehsize
  put(b, 42, 32, 2);            // e_phentsize
  put(b, 44, segs.size(), 2);   // e_phnum
  put(b, 46, 40, 2);            // e_shentsize
  put(b, 48, 0, 4);             // e_shnum, e_shstrndx: no sections
  for (size_t i = 0; i < segs.size(); ++i) {
    const size_t at = 52 + 32 * i;
    put(b, at, 1, 4);  // PT_LOAD
    put(b, at + 4, segs[i].offset, 4);
    put(b, at + 8, segs[i].address, 4);
    put(b, at + 12, segs[i].address, 4);
    put(b, at + 16, segs[i].filesz, 4);
    put(b, at + 20, segs[i].memsz, 4);
    put(b, at + 24, 5, 4);  // R X
    put(b, at + 28, 4, 4);
  }
  for (const Segment& s : segs)
    for (uint32_t k = 0; k + 1 < s.filesz; k += 2) put(b, s.offset + k, 0xbf00, 2);
  return b;
}

// Words whose should-be bits ((0), (1) in the diagram) are not the manual's
// are CONSTRAINED UNPREDICTABLE. QEMU 7.2's Cortex-M55 takes each of these
// as UNDEFINED (checked with `-d int`: "Taking exception 1 [Undefined
// Instruction]"), and runs the same words with the canonical bits; so does
// mlisa. The register lists of STM/LDM are the exception (QEMU stores the
// registers those bits name; docs/known-differences.md).
TEST(MveRuntime, ShouldBeBitsAreUndefinedAsQemuTakesThem) {
  const std::string dir = scratch("should_be");
  const struct {
    const char* odd;
    const char* canonical;
    const char* text;
  } words[] = {
      {"0xe85dc71a", "0xe85dcf1a", "ldrex r12, [sp, #104]"},  // (1)(1)(1)(1) at 11:8
      {"0xee044a17", "0xee044a10", "vmov s8, r4"},            // (0)(0)(0)(0) at 3:0
      {"0xeea01b11", "0xeea01b10", "vdup.32 q0, r1"},         // (0) at 0
      {"0xfbb1e0f2", "0xfbb1f0f2", "udiv r0, r1, r2"},        // (1)(1)(1)(1) at 15:12
  };
  for (const auto& w : words) {
    const std::string odd = dir + "/odd.s", canonical = dir + "/canonical.s";
    const std::string setup = "    .global _start\n_start:\n    movw r1, #0\n    movt r1, #0x2000\n    movs r2, #3\n"
                              "    mov sp, r1\n";
    const std::string exit = "    movs r0, #0x18\n    ldr r1, =0x20026\n    bkpt 0xab\n";
    write(odd, program("", setup + "    .inst.w " + w.odd + "\n" + exit));
    write(canonical, program("", setup + "    .inst.w " + w.canonical + "\n" + exit));
    RunResult r = run_mlisa({"run", "--target", "mve", odd});
    EXPECT_EQ(r.exit_code, 3) << w.text;
    EXPECT_NE(r.err.find(fmt::format("UsageFault (UNDEFINSTR): UNDEFINED instruction '{}' ({})", w.text, w.odd)),
              std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find("should-be bits"), std::string::npos) << r.err;
    r = run_mlisa({"run", "--target", "mve", canonical});
    EXPECT_EQ(r.exit_code, 0) << w.text << ": " << r.err;
  }
}

TEST(MveRuntime, MalformedElf) {
  const std::string dir = scratch("elf");
  const struct {
    const char* name;
    std::string bytes;
    const char* says;
  } cases[] = {
      {"header", elf_file({{0, 0x100, 0x40, 0x40}}).substr(0, 40), "truncated ELF file (40 bytes, the ELF header needs 52)"},
      {"phdrs", elf_file({{0, 0x100, 0x40, 0x40}, {0x20000000, 0x140, 8, 8}}).substr(0, 90),
       "the program header table (offset 52, 2 entries of 32 bytes) ends past its 90 bytes"},
      {"segment", elf_file({{0, 0x100, 0x40, 0x40}}).substr(0, 0x120),
       "truncated ELF file: segment 0 (PT_LOAD) at 0x00000000, 64 bytes, needs file bytes 256 to 320, the file has 288"},
      {"overlap", elf_file({{0, 0x100, 0x40, 0x40}, {0x20, 0x140, 0x40, 0x40}}),
       "segment 1 (PT_LOAD) (0x00000020 to 0x00000060) overlaps segment 0 (PT_LOAD) (0x00000000 to 0x00000040)"},
      {"bss_overlap", elf_file({{0x20000000, 0x100, 0x10, 0x1000}, {0x20000800, 0x140, 0x10, 0x10}}), "overlaps"},
      {"outside", elf_file({{0, 0x100, 0x40, 0x40}, {0x02000000, 0x140, 0x10, 0x10}}),
       "segment 1 (PT_LOAD) (0x02000000, 16 bytes) is not in one of the board's memories (ITCM "
       "0x00000000-0x0007ffff, SRAM 0x01000000-0x011fffff, DTCM"},
      {"tail_outside", elf_file({{0x2007fff0, 0x100, 0x10, 0x100}}), "is not in one of the board's memories"},
      {"filesz", elf_file({{0, 0x100, 0x40, 0x20}}), "has more bytes in the file (64) than in memory (32)"},
      {"machine", elf_file({{0, 0x100, 0x40, 0x40}}, 62), "an ELF file for machine 62 (32-bit), not for this target (40"},
      {"no_load", elf_file({}), "an ELF executable without program headers"},
  };
  for (const auto& c : cases) {
    const std::string path = dir + "/" + c.name + ".elf";
    write(path, c.bytes);
    const RunResult r = run_mlisa({"run", "--target", "mve", path});
    EXPECT_EQ(r.exit_code, 2) << c.name << ": " << r.err;
    EXPECT_EQ(r.err.rfind("mlisa: error: ", 0), 0u) << c.name << ": " << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.name << ": " << r.err;
  }
}

// ---------------------------------------------------------------------------
// newlib with --specs=rdimon.specs: printf of integers, floats and doubles,
// malloc, file I/O and the command line, as QEMU runs it. The startup file
// and the linker script are those of tests/programs (docs/mve.md): the vector
// table calls newlib's _start; everything is in ITCM, so that QEMU's
// SYS_HEAPINFO (the gap after the program in ITCM) leaves the heap below the
// stack.
const char* kNewlibProgram = R"(#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char** argv) {
  printf("argc %d:", argc);
  for (int i = 1; i < argc; ++i) printf(" %s", argv[i]);
  printf("\n%d %u %x %ld %lld\n", -42, 4000000000u, 0xbeef, -123456789L, 1234567890123LL);
  printf("%f %g %e %.3f\n", 3.14159, 1.0 / 3, 2.5e-7, (double)(1.5f * 2.25f));
  volatile float f = 0.1f;
  volatile double d = 1e300;
  printf("%.9g %.17g %g\n", f * 3, d * 10, -0.0);
  char* p = malloc(1000);
  for (int i = 0; i < 1000; ++i) p[i] = (char)i;
  long sum = 0;
  for (int i = 0; i < 1000; ++i) sum += p[i];
  free(p);
  printf("malloc %ld\n", sum);
  FILE* out = fopen("newlib.txt", "w");
  if (!out) { printf("fopen failed\n"); return 1; }
  fprintf(out, "line %d\n", 7);
  fclose(out);
  FILE* in = fopen("newlib.txt", "r");
  char line[32] = {0};
  fgets(line, sizeof line, in);
  fclose(in);
  remove("newlib.txt");
  printf("read back: %s", line);
  printf("missing: %p\n", (void*)fopen("missing.txt", "r"));
  return 3;
}
)";

TEST(MveRuntime, NewlibProgramAsQemu) {
  NEED_GCC();
  const std::string dir = scratch("newlib"), root = dir + "/root", elf = dir + "/newlib.elf";
  fs::create_directories(root);
  write(dir + "/main.c", kNewlibProgram);
  const std::string programs = std::string(MLISA_SOURCE_DIR) + "/tests/programs";
  ASSERT_EQ(std::system(fmt::format("cd {0} && arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -O2 "
                                    "--specs=rdimon.specs -T {1}/m55.ld {1}/startup.s main.c -o {2} 2>/dev/null",
                                    dir, programs, elf)
                            .c_str()),
            0);
  const RunResult r = run_mlisa({"run", "--target", "mve", "--semihosting-root", root, elf, "--", "one", "two"});
  EXPECT_EQ(r.exit_code, 3) << r.err;  // main's return value
  EXPECT_NE(r.out.find("argc 3: one two\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("read back: line 7\n"), std::string::npos) << r.out;
  EXPECT_TRUE(fs::is_empty(root));
  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent";
  const auto [out, rc] = run_qemu(elf, root, "one two");
  EXPECT_EQ(rc, 3);
  EXPECT_EQ(r.out, out);
  // mlisa cosim gives each side a copy of the root (here holding the file
  // the program finds missing when it is not there): the file I/O runs in
  // lock step to the end, the files left are the same, and the directory
  // given is not touched.
  write(root + "/missing.txt", "present\n");
  const RunResult co = run_mlisa({"cosim", "--target", "mve", "--checkpoint", "2000", "--semihosting-root", root, elf,
                                  "--", "one", "two"});
  EXPECT_EQ(co.exit_code, 0) << co.err;
  EXPECT_NE(co.err.find("cosim: identical: both programs exited with status 3"), std::string::npos) << co.err;
  EXPECT_NE(co.out.find("argc 3: one two\n"), std::string::npos) << co.out;
  EXPECT_NE(co.out.find("read back: line 7\n"), std::string::npos) << co.out;
  EXPECT_EQ(co.out.find("missing: 0x0\n"), std::string::npos) << co.out;
  EXPECT_EQ(slurp(root + "/missing.txt"), "present\n");
  EXPECT_FALSE(fs::exists(root + "/newlib.txt"));
}

}  // namespace
}  // namespace mlisa::test
