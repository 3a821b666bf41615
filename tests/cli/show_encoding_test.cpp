// `mlisa as --show-encoding` for the Arm targets against llvm-mc-19
// -show-encoding run on the same file: the instruction and label lines are
// compared byte for byte (canonical spellings, the tab after the mnemonic,
// the comment column), for programs without label operands (llvm-mc prints
// those as fixups). llvm-mc also echoes directives (`.thumb` as `.code 16`)
// and annotates some aliases (`// =0x1`); those lines are not ours.
#include "support/llvm_mc.hpp"
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <unistd.h>
#include <vector>

namespace mlisa::test {
namespace {

std::string write_temp(const std::string& name, const std::string& text) {
  const std::string path = ::testing::TempDir() + std::to_string(getpid()) + "_" + name;
  std::ofstream(path) << text;
  return path;
}

std::string llvm_mc_show_encoding(const std::string& args, const std::string& path, bool refuses = false) {
  const std::string out = path + ".llvm.txt";
  const std::string cmd = "llvm-mc-19 " + args + " -show-encoding '" + path + "' > '" + out + "' 2>&1";
  const int rc = std::system(cmd.c_str());
  EXPECT_EQ(rc != 0, refuses) << cmd;
  std::ifstream in(out);
  std::stringstream ss;
  ss << in.rdbuf();
  std::remove(out.c_str());
  return ss.str();
}

// The instruction lines (with an encoding) and label lines of a listing.
std::string encoded_lines(const std::string& text) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.find(" encoding: [") != std::string::npos || (!line.empty() && line.back() == ':')) out += line + "\n";
  return out;
}

void expect_as_llvm_mc(const std::string& target, const std::string& args, const std::string& name,
                       const std::string& source) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const std::string path = write_temp(name, source);
  const RunResult r = run_mlisa({"as", "--target", target, "--show-encoding", path});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(encoded_lines(r.out), encoded_lines(llvm_mc_show_encoding(args, path)));
  EXPECT_EQ(r.out.rfind("\t.text\n", 0), 0u) << r.out;
  std::remove(path.c_str());
}

TEST(ShowEncoding, MveAsLlvmMcPrintsIt) {
  // Spellings that are not canonical (upper case, spacing, shorthand), an IT
  // block, data and alignment padding between instructions, Helium lines,
  // long operand lists past the comment column, a label.
  expect_as_llvm_mc("mve", "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", "mve.s",
                    "\t.syntax unified\n"
                    "\t.thumb\n"
                    "start:\n"
                    "\tADD R0,R1 ,R2\n"
                    "\tadd r2, #1\n"
                    "\tit eq\n"
                    "\taddeq r0, #1\n"
                    "\tldr r0, [r1, #4]\n"
                    "\t.word 0x12345678\n"  // data and padding in code: not instructions
                    "\t.align 3\n"
                    "\tpush {r0, r1, r2, r3, r4, r5, r6, r7, lr}\n"
                    "\tvadd.i32 q0,q1,q2\n"
                    "\tvmladava.s8 r0, q1, q2\n"
                    "\tvldrb.u8 q1, [r0], #16\n"
                    "\tnop\n");
}

TEST(ShowEncoding, Sme2AsLlvmMcPrintsIt) {
  expect_as_llvm_mc("sme2", "-triple=aarch64 -mattr=+sme2", "sme2.s",
                    "f:\n"
                    "  add x0, x1, x2\n"
                    "  ldr x0, [x1]\n"
                    "  mov w0, #1\n"
                    "  ret\n");
}

// A file with refused lines: the lines that assemble are shown as llvm-mc-19
// shows them (it shows every good line and reports every bad one), then each
// refusal with its place, and the exit status is not 0.
TEST(ShowEncoding, GoodLinesAreShownBesideRefusedOnes) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const struct {
    std::string target, args, source;
    std::vector<std::string> refusals;
  } cases[] = {
      {"sme2", "-triple=aarch64 -mattr=+sme2", "  add x0, x1, x2\n  foo x1\n  sub x0, x1, #1\n  add x0, x1, #99999\n  ret\n",
       {":2:3: error: ", ":4:15: error: "}},
      {"mve", "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", "\tadds r0, #1\n\tvadd.i32 q0, q1, q9\n\tmovs r1, #257\n\tnop\n",
       {":2:", ":3:"}},
  };
  for (const auto& c : cases) {
    const std::string path = write_temp(c.target + "_refused.s", c.source);
    const RunResult r = run_mlisa({"as", "--target", c.target, "--show-encoding", path});
    EXPECT_NE(r.exit_code, 0) << c.target;
    // The instruction lines only: llvm-mc's error lines end with ':' as labels do.
    auto instructions = [](const std::string& text) {
      std::istringstream in(text);
      std::string out;
      for (std::string line; std::getline(in, line);)
        if (line.find(" encoding: [") != std::string::npos) out += line + "\n";
      return out;
    };
    const std::string shown = instructions(r.out);
    EXPECT_EQ(shown, instructions(llvm_mc_show_encoding(c.args, path, true))) << c.target;
    EXPECT_EQ(std::count(shown.begin(), shown.end(), '\n'), 2 + (c.target == "sme2")) << shown;
    for (const std::string& where : c.refusals) EXPECT_NE(r.err.find(path + where), std::string::npos) << where << "\n" << r.err;
    std::remove(path.c_str());
  }
}

}  // namespace
}  // namespace mlisa::test
