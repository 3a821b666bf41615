// The word assembler's refusals against llvm-mc-19's: every line of the bad
// form files (tests/targets/data/mve_forms/*.bad.s, sme2_forms/*.bad.s),
// assembled alone as a source, is refused at llvm-mc's column where llvm-mc
// names an operand (its column 1, "invalid instruction, any one of the
// following would fix this", blames none), and in llvm-mc's category of
// message where it says which (a register, an immediate, too few or too many
// operands, an IT or VPT block, registers that must differ). A line whose
// comment says "column differs:" is one where llvm-mc blames another place
// on purpose (the comment says why); its category is not compared either.
#include "asm/word_isa.hpp"
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include <unistd.h>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

struct BadLine {
  int number;
  std::string text;
  bool column_differs;
};

std::vector<BadLine> read_bad(const fs::path& file, const std::string& comment) {
  std::vector<BadLine> out;
  std::ifstream in(file);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    const size_t at = line.find(comment);
    const bool differs = at != std::string::npos && line.find("column differs:", at) != std::string::npos;
    if (at != std::string::npos) line.resize(at);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    if (line.find_first_not_of(" \t") != std::string::npos) out.push_back({n, line, differs});
  }
  return out;
}

struct Diag {
  int col = 0;
  std::string msg;
};

// llvm-mc's first error on each line.
std::map<int, Diag> llvm_mc_errors(const std::string& args, const fs::path& file) {
  // One file per process and input: ctest runs the mve and sme2 tests at once.
  const std::string out = ::testing::TempDir() + fmt::format("asm_diagnostics_{}_{}.txt", getpid(), file.stem().string());
  const std::string cmd = fmt::format("llvm-mc-19 {} -show-encoding '{}' > '{}' 2>&1", args, file.string(), out);
  if (std::system(cmd.c_str()) != 0) {}  // it fails on the bad lines: its report is what counts
  std::map<int, Diag> errors;
  std::ifstream in(out);
  static const std::regex error(R"(:(\d+):(\d+): error: (.*))");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, error)) errors.try_emplace(std::stoi(m[1]), Diag{std::stoi(m[2]), m[3]});
  std::remove(out.c_str());
  return errors;
}

// What a message is about, in words both assemblers use; "" when it does not say.
std::string category(const std::string& msg) {
  auto has = [&](const char* w) { return msg.find(w) != std::string::npos; };
  if (has("too few operands")) return "too few operands";
  if (has("too many operands")) return "too many operands";
  if (has("IT block")) return "IT block";
  if (has("VPT block")) return "VPT block";
  if (has("identical") || has("must be different")) return "registers must differ";
  if (has("register list") || has("list of")) return "register list";
  if (has("must be a register") || has("-numbered register") || has("register in range")) return "register";
  if (has("immediate") && (has("range") || has("must be"))) return "immediate";
  return "";
}

struct Tally {
  int lines = 0, llvm_blames = 0, same_column = 0, known_differs = 0, categorised = 0, same_category = 0;
};

void check_file(const as::WordIsa& isa, const std::string& args, const std::string& comment, const fs::path& file,
                Tally& t) {
  SCOPED_TRACE(file.filename().string());
  const std::map<int, Diag> theirs = llvm_mc_errors(args, file);
  for (const BadLine& l : read_bad(file, comment)) {
    ++t.lines;
    Diag ours;
    try {
      as::assemble_word_program(isa, l.text + "\n", "<stdin>");
      ADD_FAILURE() << l.text << ": mlisa accepts it";
      continue;
    } catch (const InputError& e) {
      ours = {e.location().col, e.message()};
      // The message is placed: file, line, column, the line and a caret.
      EXPECT_EQ(e.location().line, 1) << e.what();
      EXPECT_NE(std::string(e.what()).find("^"), std::string::npos) << e.what();
    }
    const auto it = theirs.find(l.number);
    if (it == theirs.end()) {
      ADD_FAILURE() << l.text << ": llvm-mc-19 accepts it";
      continue;
    }
    const Diag& llvm = it->second;
    const std::string both = fmt::format("{}\n  ours:    col {}: {}\n  llvm-mc: col {}: {}", l.text, ours.col, ours.msg,
                                         llvm.col, llvm.msg);
    if (llvm.col > 1) {
      ++t.llvm_blames;
      if (ours.col == llvm.col) ++t.same_column;
      else if (l.column_differs) ++t.known_differs;
      else ADD_FAILURE() << "not llvm-mc's column: " << both;
    }
    const std::string cat = category(llvm.msg);
    if (!cat.empty() && !l.column_differs) {
      ++t.categorised;
      if (category(ours.msg) == cat) ++t.same_category;
      else ADD_FAILURE() << "not llvm-mc's kind of message (" << cat << "): " << both;
    }
  }
}

void check_dir(const as::WordIsa& isa, const std::string& args, const std::string& comment, const std::string& dir) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  Tally t;
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(MLISA_SOURCE_DIR) / "tests" / "targets" / "data" / dir)) {
    const std::string name = e.path().filename().string();
    if (name.size() > 6 && name.compare(name.size() - 6, 6, ".bad.s") == 0) files.push_back(e.path());
  }
  std::sort(files.begin(), files.end());
  for (const fs::path& f : files) check_file(isa, args, comment, f, t);
  EXPECT_GT(t.lines, 0);
  // The agreement, for the record (docs/assembler.md quotes it).
  std::printf("%s: %d refused lines; llvm-mc blames an operand on %d: same column %d, known to differ %d; "
              "%d messages of a kind: same kind %d\n",
              dir.c_str(), t.lines, t.llvm_blames, t.same_column, t.known_differs, t.categorised, t.same_category);
}

TEST(AsmDiagnostics, MveRefusalsAreLocatedAsLlvmMcLocatesThem) {
  static const targets::mve::Target mve = targets::mve::load();
  check_dir(*mve.isa, "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", "@", "mve_forms");
}

TEST(AsmDiagnostics, Sme2RefusalsAreLocatedAsLlvmMcLocatesThem) {
  static const targets::sme2::Target sme2 = targets::sme2::load();
  check_dir(*sme2.isa, "-triple=aarch64 -mattr=+sme2,+sme-b16b16", "//", "sme2_forms");
}

// Without a file (one instruction, as `mlisa exec` takes it): the text and a caret.
TEST(AsmDiagnostics, OneInstructionShowsItsTextAndCaret) {
  static const targets::mve::Target mve = targets::mve::load();
  try {
    mve.isa->assemble("vmladava.s8 r3, q0, q1");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.location().col, 13);  // llvm-mc-19: <stdin>:1:13: error: operand must be an even-numbered register
    EXPECT_NE(e.message().find("even-numbered register"), std::string::npos) << e.message();
    EXPECT_EQ(std::string(e.what()),
              "mlisa: error: " + e.message() + "\nvmladava.s8 r3, q0, q1\n            ^");
  }
}

}  // namespace
}  // namespace mlisa::test
