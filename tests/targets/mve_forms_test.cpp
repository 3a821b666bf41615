// The mve forms of tests/targets/data/mve_forms/: one instruction per line,
// in llvm-mc's spelling (blank lines and `@` comments skipped). Every line of
// NAME.s assembles to llvm-mc-19's bytes (the file is one source, so IT
// blocks and labels work), and our listing of llvm-mc's bytes decodes every
// word and reassembles to them; every line of NAME.bad.s is refused by both
// assemblers. Adding a spec page means adding its forms here.
#include "asm/word_isa.hpp"
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/mve/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

constexpr const char* kLlvmArgs = "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64";

const targets::mve::Target& mve() {
  static const targets::mve::Target t = targets::mve::load();
  return t;
}

fs::path forms_dir() { return fs::path(MLISA_SOURCE_DIR) / "tests" / "targets" / "data" / "mve_forms"; }

struct Line {
  int number;
  std::string text;
};

std::vector<Line> read_lines(const fs::path& file) {
  std::vector<Line> out;
  std::ifstream in(file);
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    const size_t at = line.find('@');
    if (at != std::string::npos) line.resize(at);
    while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
    size_t start = 0;
    while (start < line.size() && std::isspace(static_cast<unsigned char>(line[start]))) ++start;
    if (start < line.size()) out.push_back({n, line.substr(start)});
  }
  return out;
}

// The form files, good (`NAME.s`) or bad (`NAME.bad.s`), in name order.
std::vector<fs::path> form_files(bool bad) {
  std::vector<fs::path> out;
  if (!fs::is_directory(forms_dir())) return out;
  for (const auto& e : fs::directory_iterator(forms_dir())) {
    const std::string name = e.path().filename().string();
    const bool is_bad = name.size() > 6 && name.compare(name.size() - 6, 6, ".bad.s") == 0;
    if (e.path().extension() == ".s" && is_bad == bad) out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<uint8_t> parse_llvm_bytes(const std::string& s) {
  std::vector<uint8_t> out;
  for (size_t at = 0; (at = s.find("0x", at)) != std::string::npos; at += 2)
    out.push_back(static_cast<uint8_t>(std::stoul(s.substr(at + 2, 2), nullptr, 16)));
  return out;
}

// The file as one source (IT blocks and labels work across lines): our
// .text and llvm-mc's encodings, line by line.
struct Assembled {
  std::vector<Line> lines;
  std::vector<std::string> theirs;  // per line, llvm-mc's spelling
  std::vector<uint8_t> ours, their_bytes;
};

Assembled assemble_both(const fs::path& file) {
  Assembled a;
  a.lines = read_lines(file);
  std::string source;
  for (const Line& l : a.lines) source += l.text + "\n";
  a.theirs = llvm_mc_encodings(kLlvmArgs, source);
  for (const std::string& e : a.theirs) {
    const auto b = parse_llvm_bytes(e);
    a.their_bytes.insert(a.their_bytes.end(), b.begin(), b.end());
  }
  try {
    const as::Object obj = as::assemble_word_program(*mve().isa, source, file.filename().string());
    if (const as::ObjSection* text = obj.find(".text")) a.ours = text->bytes;
  } catch (const Error& e) {
    ADD_FAILURE() << "ours refuses the file: " << e.what();
  }
  return a;
}

TEST(MveForms, EveryFormAssemblesAsLlvmMcDoes) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  for (const fs::path& file : form_files(false)) {
    SCOPED_TRACE(file.filename().string());
    const Assembled a = assemble_both(file);
    ASSERT_EQ(a.theirs.size(), a.lines.size()) << "llvm-mc-19 refuses a line of the file";
    if (a.ours == a.their_bytes) continue;
    // Name the first line whose bytes differ.
    size_t at = 0;
    for (size_t i = 0; i < a.lines.size(); ++i) {
      const auto b = parse_llvm_bytes(a.theirs[i]);
      const std::vector<uint8_t> mine(a.ours.begin() + static_cast<ptrdiff_t>(std::min(at, a.ours.size())),
                                      a.ours.begin() + static_cast<ptrdiff_t>(std::min(at + b.size(), a.ours.size())));
      if (mine != b) {
        ADD_FAILURE() << "line " << a.lines[i].number << ": " << a.lines[i].text << ": ours " << llvm_mc_bytes(mine)
                      << ", llvm-mc-19 " << a.theirs[i];
        break;
      }
      at += b.size();
    }
  }
}

TEST(MveForms, OurListingOfLlvmMcBytesReassemblesToThem) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  for (const fs::path& file : form_files(false)) {
    SCOPED_TRACE(file.filename().string());
    const Assembled a = assemble_both(file);
    as::ObjSection text;
    text.name = ".text";
    text.bytes = a.their_bytes;
    try {
      const std::string listing = as::disassemble_words(*mve().isa, {text}, false, file.filename().string());
      const as::Object obj = as::assemble_word_program(*mve().isa, listing, "<listing>");
      const as::ObjSection* again = obj.find(".text");
      ASSERT_NE(again, nullptr);
      EXPECT_EQ(again->bytes, a.their_bytes) << listing;
      // Every line decodes: no word of llvm-mc's is left raw.
      EXPECT_EQ(listing.find(".inst"), std::string::npos) << listing;
    } catch (const Error& e) {
      ADD_FAILURE() << "our listing of llvm-mc's bytes: " << e.what();
    }
  }
}

// The line numbers llvm-mc-19 reports an error on.
std::set<int> llvm_mc_error_lines(const fs::path& file) {
  const std::string out = ::testing::TempDir() + "mve_forms_bad.txt";
  const std::string cmd = fmt::format("llvm-mc-19 {} -show-encoding '{}' > '{}' 2>&1", kLlvmArgs, file.string(), out);
  if (std::system(cmd.c_str()) != 0) {}  // llvm-mc fails on the bad lines: its report is what counts
  std::set<int> lines;
  std::ifstream in(out);
  static const std::regex error(R"(:(\d+):\d+: error:)");
  std::smatch m;
  for (std::string line; std::getline(in, line);)
    if (std::regex_search(line, m, error)) lines.insert(std::stoi(m[1]));
  std::remove(out.c_str());
  return lines;
}

TEST(MveForms, BadFormsAreRefusedByBothAssemblers) {
  for (const fs::path& file : form_files(true)) {
    SCOPED_TRACE(file.filename().string());
    const std::set<int> llvm_errors = have_llvm_mc() ? llvm_mc_error_lines(file) : std::set<int>{};
    for (const Line& l : read_lines(file)) {
      EXPECT_THROW(mve().isa->assemble(l.text), InputError) << l.text;
      if (have_llvm_mc()) {
        EXPECT_TRUE(llvm_errors.count(l.number) == 1) << l.text << ": llvm-mc-19 accepts it";
      }
    }
  }
}

}  // namespace
}  // namespace mlisa::test
