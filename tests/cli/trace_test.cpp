// mlisa run --trace (docs/trace.md): the trace of small mve programs against
// values worked by hand (a VPT-predicated VMLADAVA, a tail-predicated loop,
// loads and stores with their values) and, for the ELF of gdb_mve.s, the
// register blocks of the text format against QEMU's `-singlestep -d
// exec,cpu,nochain` log line for line; the jsonl format; a trace file that
// cannot be written.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

bool have(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

fs::path dir() {
  const fs::path d = fs::path(::testing::TempDir()) / fmt::format("mlisa_trace_{}", ::getpid());
  fs::create_directories(d);
  return d;
}

std::vector<std::string> lines_of(const fs::path& p) {
  std::ifstream in(p);
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

// The lines of a record: from its `Trace 0: 0x<address>` line to the next record.
std::vector<std::string> record(const std::vector<std::string>& trace, uint32_t address) {
  const std::string head = fmt::format("Trace 0: 0x{:08x} ", address);
  std::vector<std::string> out;
  bool in = false;
  for (const std::string& l : trace) {
    if (l.rfind("Trace 0: ", 0) == 0) in = l.rfind(head, 0) == 0;
    if (in) out.push_back(l);
  }
  return out;
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
  for (const std::string& l : lines)
    if (l == line) return true;
  return false;
}

const std::string kData = std::string(MLISA_SOURCE_DIR) + "/tests/cli/data/";

fs::path build_gdb_mve() {
  const fs::path elf = dir() / "gdb_mve.elf";
  const std::string cmd = fmt::format(
      "arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -nostartfiles -Wl,-Ttext=0 -Wl,-e,0 -I {} {} -o {}",
      std::string(MLISA_SOURCE_DIR) + "/tests/programs", kData + "gdb_mve.s", elf.string());
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  return elf;
}

TEST(TraceCli, PredicatedMacAgainstHandAndQemu) {
  if (!have("arm-none-eabi-gcc")) GTEST_SKIP() << "arm-none-eabi-gcc absent";
  const fs::path elf = build_gdb_mve(), trace = dir() / "mve.trace";
  // --fp-disabled: the reset QEMU makes (CPACR 0; the program enables FP).
  const auto r = run_mlisa({"run", "--target", "mve", "--fp-disabled", "--trace", trace.string(), elf.string()});
  ASSERT_EQ(r.exit_code, 3) << r.err;
  const auto t = lines_of(trace);
  // VPST with P0 = 0x0F0F: the mask fields 0b1000 (one instruction), VPR 0x00880f0f.
  EXPECT_TRUE(has(record(t, 0x30), "  reg vpr=0x00880f0f"));
  // VMLADAVAT: beats 0 and 2 active (mask 0x0f0f), r0 = 100 + 1*5 + 3*7 = 126,
  // the block over (VPR's mask fields 0).
  const auto mac = record(t, 0x34);
  ASSERT_FALSE(mac.empty());
  EXPECT_EQ(mac[0], "Trace 0: 0x00000034 [0xeef10e22] vmlavat.s32 r0, q0, q1");
  EXPECT_TRUE(has(mac, "  mask 0x0f0f"));
  EXPECT_TRUE(has(mac, "  reg r0=0x0000007e"));
  EXPECT_TRUE(has(mac, "  reg vpr=0x00000f0f"));
  // VADD.I32 q2 = {6, 4, 10, -4}: d4, d5.
  EXPECT_TRUE(has(record(t, 0x38), "  reg d4=0x0000000400000006"));
  EXPECT_TRUE(has(record(t, 0x38), "  reg d5=0xfffffffc0000000a"));
  // The literal load, the store and the vector store with their values.
  EXPECT_TRUE(has(record(t, 0x3c), "  read 0x00000084 4 0x20000100"));
  EXPECT_TRUE(has(record(t, 0x3e), "  write 0x20000100 4 0x0000007e"));
  const auto vstr = record(t, 0x40);
  for (const char* w : {"  write 0x20000110 4 0x00000006", "  write 0x20000114 4 0x00000004",
                        "  write 0x20000118 4 0x0000000a", "  write 0x2000011c 4 0xfffffffc"})
    EXPECT_TRUE(has(vstr, w)) << w;
  // The semihosting call reads its parameter block.
  EXPECT_TRUE(has(record(t, 0x48), "  read 0x00000070 4 0x00020026"));

  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent: the trace was not compared with QEMU's";
  const fs::path log = dir() / "qemu.log";
  const std::string cmd = fmt::format(
      "timeout 60 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none -semihosting-config "
      "enable=on,target=native -kernel {} -singlestep -d exec,cpu,nochain -D {} > /dev/null 2>&1",
      elf.string(), log.string());
  EXPECT_EQ(std::system(cmd.c_str()) >> 8, 3) << cmd;
  // docs/trace.md: the register blocks of both, line for line.
  auto blocks = [](const std::vector<std::string>& all) {
    std::vector<std::string> out;
    for (const std::string& l : all)
      if ((l.size() > 4 && l[0] == 'R' && std::isdigit(static_cast<unsigned char>(l[1])) && l[3] == '=') ||
          l.rfind("XPSR=", 0) == 0)
        out.push_back(l);
    return out;
  };
  const auto ours = blocks(t), theirs = blocks(lines_of(log));
  EXPECT_EQ(ours.size(), 22u * 5);
  EXPECT_EQ(ours, theirs);
}

TEST(TraceCli, TailPredicatedLoop) {
  const fs::path trace = dir() / "tail.trace";
  const auto r = run_mlisa({"run", "--target", "mve", "--trace", trace.string(), kData + "trace_tail.s"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto t = lines_of(trace);
  // DLSTP.32 with r0 = 3: LR = 3, FPSCR.LTPSIZE = 2.
  EXPECT_TRUE(has(record(t, 0x12), "  reg lr=0x00000003"));
  EXPECT_TRUE(has(record(t, 0x12), "  reg fpscr=0x00020000"));
  // Three of four 32-bit elements: beats 0-2 (0x0fff); VLDRW reads three words.
  const auto load = record(t, 0x16);
  EXPECT_TRUE(has(load, "  mask 0x0fff"));
  EXPECT_TRUE(has(load, "  reg d0=0x1111111111111111"));
  EXPECT_TRUE(has(load, "  reg d1=0x0000000011111111"));
  EXPECT_TRUE(has(load, "  read 0x20000008 4 0x11111111"));
  EXPECT_FALSE(has(load, "  read 0x2000000c 4 0x11111111"));
  EXPECT_TRUE(has(record(t, 0x1a), "  mask 0x0fff"));
  EXPECT_TRUE(has(record(t, 0x1a), "  reg d3=0x0000000022222222"));
  // LETP ends the loop (LR <= 4 elements) and LTPSIZE returns to 4.
  EXPECT_TRUE(has(record(t, 0x1e), "  reg fpscr=0x00040000"));
  EXPECT_TRUE(record(t, 0x22).size() > 0 && record(t, 0x22)[0].find("movs r0, #24") != std::string::npos);
}

TEST(TraceCli, VptBlockThenElse) {
  const fs::path trace = dir() / "vpt.trace";
  const auto r = run_mlisa({"run", "--target", "mve", "--trace", trace.string(), kData + "trace_vpt.s"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto t = lines_of(trace);
  // VPTTET: P0 = 0 (no lane equal), MASK01 = MASK23 = 0b0111 (four
  // instructions). The VPR values after each instruction are those QEMU's
  // gdbstub shows for the same block (0x770000, 0xee0000, 0xccffff, checked
  // by hand with gdb-multiarch).
  EXPECT_TRUE(has(record(t, 0x06), "  reg vpr=0x00770000"));
  const auto first = record(t, 0x0a), third = record(t, 0x12), fourth = record(t, 0x16);
  ASSERT_FALSE(first.empty());
  ASSERT_FALSE(third.empty());
  ASSERT_FALSE(fourth.empty());
  EXPECT_EQ(first[0], "Trace 0: 0x0000000a [0xef204840] vaddt.i32 q2, q0, q0");
  EXPECT_TRUE(has(first, "  mask 0x0000"));  // nothing written
  EXPECT_EQ(third[0], "Trace 0: 0x00000012 [0xef208840] vadde.i32 q4, q0, q0");
  // The second instruction's advance inverted P0 (the next is an else): all active.
  EXPECT_TRUE(has(record(t, 0x0e), "  reg vpr=0x00ccffff"));
  EXPECT_TRUE(has(third, "  mask 0xffff"));
  EXPECT_TRUE(has(third, "  reg d8=0x0000000200000002"));
  EXPECT_TRUE(has(third, "  reg d9=0x0000000200000002"));
  EXPECT_EQ(fourth[0], "Trace 0: 0x00000016 [0xef20a840] vaddt.i32 q5, q0, q0");
  EXPECT_TRUE(has(fourth, "  mask 0x0000"));
  EXPECT_TRUE(has(fourth, "  reg vpr=0x00000000"));
}

TEST(TraceCli, Jsonl) {
  const fs::path trace = dir() / "tail.jsonl";
  const auto r = run_mlisa(
      {"run", "--target", "mve", "--trace", trace.string(), "--trace-format", "jsonl", kData + "trace_tail.s"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto t = lines_of(trace);
  ASSERT_EQ(t.size(), 15u);
  for (const std::string& l : t) EXPECT_NO_THROW((void)nlohmann::json::parse(l)) << l;
  const auto load = nlohmann::json::parse(t[8]);
  EXPECT_EQ(load["pc"], "0x00000016");
  EXPECT_EQ(load["word"], "0xed911f00");
  EXPECT_EQ(load["size"], 4);
  EXPECT_EQ(load["asm"], "vldrw.u32 q0, [r1]");
  EXPECT_EQ(load["beat_mask"], "0x0fff");
  EXPECT_EQ(load["regs"]["d1"], "0x0000000011111111");
  ASSERT_EQ(load["mem"].size(), 3u);
  EXPECT_EQ(load["mem"][2], nlohmann::json({{"op", "read"}, {"addr", "0x20000008"}, {"size", 4}, {"value", "0x11111111"}}));
  const auto store = nlohmann::json::parse(t[2]);
  EXPECT_EQ(store["mem"][0], nlohmann::json({{"op", "write"}, {"addr", "0x20000000"}, {"size", 4}, {"value", "0x11111111"}}));
  EXPECT_FALSE(store.contains("beat_mask"));
}

TEST(TraceCli, Errors) {
  auto r = run_mlisa({"run", "--target", "mve", "--trace", "/nonexistent-dir/x.trace", kData + "trace_tail.s"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("mlisa: error: --trace /nonexistent-dir/x.trace: cannot write"), std::string::npos) << r.err;
  r = run_mlisa({"run", "--target", "mve", "--trace", "-", "--trace-format", "xml", kData + "trace_tail.s"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--trace-format must be text or jsonl"), std::string::npos) << r.err;
}

TEST(TraceCli, Sme2) {
  const fs::path trace = dir() / "sme2.trace";
  const auto r = run_mlisa({"run", "--target", "sme2", "--trace", trace.string(), "--trace-format", "jsonl",
                            std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/sme2_program.s"});
  ASSERT_EQ(r.exit_code, 7) << r.err;
  const auto t = lines_of(trace);
  EXPECT_EQ(t.size(), 740u);  // the instructions run, as mlisa's summary says
  // The first instruction: mov x19, #10.
  const auto first = nlohmann::json::parse(t.at(0));
  EXPECT_EQ(first["regs"]["x19"], "0x000000000000000a");
}

}  // namespace
}  // namespace mlisa::test
