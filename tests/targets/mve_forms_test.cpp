// The mve forms of tests/targets/data/mve_forms/: one instruction per line,
// in llvm-mc's spelling (blank lines and `@` comments skipped). Every line of
// NAME.s assembles to llvm-mc-19's bytes, and our disassembly of llvm-mc's
// bytes reassembles to them; every line of NAME.bad.s is refused by both
// assemblers. Adding a spec page means adding its forms here.
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/mve/machine.hpp"
#include "targets/word_isa.hpp"

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

// A T32 word from the bytes memory holds (the first halfword is bits 31:16).
spec::Bits word_of(const std::vector<uint8_t>& b) {
  const uint32_t hw1 = static_cast<uint32_t>(b.at(0) | b.at(1) << 8);
  if (b.size() == 2) return spec::Bits(16, hw1);
  return spec::Bits(32, hw1 << 16 | static_cast<uint32_t>(b.at(2) | b.at(3) << 8));
}

TEST(MveForms, EveryFormAssemblesAsLlvmMcDoes) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const auto files = form_files(false);
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.filename().string());
    std::vector<std::string> forms;
    for (const Line& l : read_lines(file)) forms.push_back(l.text);
    expect_forms_match_llvm_mc(kLlvmArgs, forms, [](const std::string& text) {
      try {
        return llvm_mc_bytes(targets::WordIsa::t32_bytes(mve().isa->assemble(text).word));
      } catch (const Error& e) {
        return std::string("refused: ") + e.what();
      }
    });
  }
}

TEST(MveForms, OurDisassemblyOfLlvmMcBytesReassemblesToThem) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  for (const fs::path& file : form_files(false)) {
    SCOPED_TRACE(file.filename().string());
    std::string source;
    const auto lines = read_lines(file);
    for (const Line& l : lines) source += l.text + "\n";
    const auto theirs = llvm_mc_encodings(kLlvmArgs, source);
    ASSERT_EQ(theirs.size(), lines.size());
    for (size_t i = 0; i < lines.size(); ++i) {
      const spec::Bits word = word_of(parse_llvm_bytes(theirs[i]));
      std::string why;
      const spec::Encoding* enc = mve().isa->decode(word, nullptr, &why);
      if (!enc) {
        ADD_FAILURE() << lines[i].text << " (" << theirs[i] << "): ours does not decode it: " << why;
        continue;
      }
      const std::string text = mve().isa->print(*enc, word);
      try {
        EXPECT_EQ(llvm_mc_bytes(targets::WordIsa::t32_bytes(mve().isa->assemble(text).word)), theirs[i])
            << lines[i].text << " printed as " << text;
      } catch (const Error& e) {
        ADD_FAILURE() << lines[i].text << " printed as '" << text << "', which ours refuses: " << e.what();
      }
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
