// mlisa spec doc: the generated instruction references (docs/reference) are
// current, their links resolve, they say what the manual and llvm-mc say; and
// the examples of docs/spec-format.md pass `mlisa spec check`.
#include "support/files.hpp"
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

const fs::path kSource = MLISA_SOURCE_DIR;
const fs::path kReference = kSource / "docs" / "reference";

// Every file under `root`, by its path relative to it.
std::map<std::string, std::string> files_under(const fs::path& root) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(root))
    if (e.is_regular_file()) out[fs::relative(e.path(), root).generic_string()] = slurp(e.path());
  return out;
}

// The generated references, written by `mlisa spec doc --out` into a fresh folder.
struct Generated {
  TempDir dir;
  std::map<std::string, std::string> files;
  Generated() {
    auto r = run_mlisa({"spec", "doc", "--out", dir.path.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    files = files_under(dir.path);
  }
};

TEST(SpecDoc, CommittedReferencesAreCurrent) {
  Generated g;
  ASSERT_TRUE(g.files.count("tcore.md") && g.files.count("mve/README.md") && g.files.count("sme2/README.md"));
  std::string stale;
  const auto committed = files_under(kReference);
  for (const auto& [path, text] : g.files) {
    auto it = committed.find(path);
    if (it == committed.end()) stale += "  docs/reference/" + path + " is missing\n";
    else if (it->second != text) stale += "  docs/reference/" + path + " differs from what the specs give\n";
  }
  // A page the generator no longer writes (README.md at the top is written by hand).
  for (const auto& [path, text] : committed)
    if (path != "README.md" && !g.files.count(path)) stale += "  docs/reference/" + path + " is no longer generated\n";
  EXPECT_TRUE(stale.empty()) << "the generated instruction references are stale:\n"
                             << stale << "refresh them with `make docs` (or: " << MLISA_BINARY
                             << " spec doc --out docs/reference) and commit docs/reference";
}

// GitHub's anchor for a heading: lower case, letters, digits, `_` and `-`,
// spaces as `-`; a repeated one gets -1, -2, ...
std::set<std::string> anchors_of(const std::string& markdown) {
  std::set<std::string> out;
  std::map<std::string, int> seen;
  std::istringstream in(markdown);
  std::string line;
  bool fenced = false;
  while (std::getline(in, line)) {
    if (line.rfind("```", 0) == 0) fenced = !fenced;
    if (fenced || line.empty() || line[0] != '#') continue;
    const size_t text = line.find_first_not_of('#');
    std::string a;
    for (char c : line.substr(line.find_first_not_of(' ', text))) {
      const auto u = static_cast<unsigned char>(c);
      if (std::isalnum(u) || c == '_' || c == '-') a += static_cast<char>(std::tolower(u));
      else if (c == ' ') a += '-';
    }
    const int n = seen[a]++;
    out.insert(n ? a + "-" + std::to_string(n) : a);
  }
  return out;
}

TEST(SpecDoc, EveryLinkResolves) {
  Generated g;
  std::map<std::string, std::set<std::string>> anchors;
  for (const auto& [path, text] : g.files) anchors[path] = anchors_of(text);
  const std::regex link(R"(\]\(([^)#\s]*)(#([^)\s]*))?\))");
  size_t links = 0;
  for (const auto& [path, text] : g.files) {
    const fs::path dir = fs::path(path).parent_path();
    for (std::sregex_iterator m(text.begin(), text.end(), link), end; m != end; ++m) {
      ++links;
      const std::string file = (*m)[1].str(), anchor = (*m)[3].str();
      const std::string target = file.empty() ? path : (dir / file).lexically_normal().generic_string();
      if (target.rfind("../", 0) == 0) {  // outside docs/reference: a spec file
        EXPECT_TRUE(fs::exists(kReference / target)) << path << " links to " << file;
        continue;
      }
      ASSERT_TRUE(anchors.count(target)) << path << " links to " << file << ", which is not generated";
      if (!anchor.empty()) {
        EXPECT_TRUE(anchors[target].count(anchor)) << path << " links to " << file << "#" << anchor;
      }
    }
  }
  EXPECT_GT(links, 2000u);
  // Printed as one document (no --out), the links are to anchors in it.
  for (const std::string target : {"mve", "sme2", "tcore"}) {
    auto r = run_mlisa({"spec", "doc", "--target", target});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto here = anchors_of(r.out);
    size_t n = 0;
    for (std::sregex_iterator m(r.out.begin(), r.out.end(), link), end; m != end; ++m) {
      if ((*m)[1].str().rfind("../", 0) == 0) continue;
      ++n;
      EXPECT_EQ((*m)[1].str(), "") << target << ": " << (*m)[0];
      EXPECT_TRUE(here.count((*m)[3].str())) << target << ": " << (*m)[0];
    }
    EXPECT_GT(n, target == "tcore" ? 20u : 100u) << target;
  }
}

// Every instruction `spec list` names has its section, once, and the index
// counts them all.
TEST(SpecDoc, EveryInstructionOnce) {
  Generated g;
  for (const std::string target : {"mve", "sme2"}) {
    auto r = run_mlisa({"spec", "list", "--target", target, "--json"});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto list = nlohmann::json::parse(r.out);
    size_t encodings = 0;
    std::map<std::string, int> sections;
    for (const auto& [path, text] : g.files) {
      if (path.rfind(target + "/", 0) != 0 || path == target + "/README.md") continue;
      std::istringstream in(text);
      std::string line;
      while (std::getline(in, line))
        if (line.rfind("## ", 0) == 0) ++sections[line.substr(3)];
    }
    for (const auto& i : list) {
      encodings += i["encodings"].size();
      EXPECT_EQ(sections[i["name"].get<std::string>()], 1) << target << ": " << i["name"];
    }
    const std::string all = "| all | " + std::to_string(list.size()) + " | " + std::to_string(encodings) + " |";
    EXPECT_NE(g.files[target + "/README.md"].find(all), std::string::npos) << target << ": " << all;
  }
}

// What the pages say, against the manual and llvm-mc-19.
TEST(SpecDoc, AliasesAndEncodingsAsTheOraclesHaveThem) {
  Generated g;
  const std::string& mve = g.files["mve/README.md"];
  // VMLAV and VMLAVA are VMLADAV without exchange (the manual's alias;
  // llvm-mc prints `vmladav.s16 r0, q0, q0` as `vmlav.s16`).
  EXPECT_NE(mve.find("| `VMLAV` | [VMLADAV](mve.md#vmladav) (alias) |"), std::string::npos);
  EXPECT_NE(mve.find("| `VMLAVA` | [VMLADAV](mve.md#vmladav) (alias) |"), std::string::npos);
  // CSET is CSINC with both sources ZR; NEG is RSB (immediate) with #0.
  EXPECT_NE(mve.find("| `CSET` | [CSINC](t32-data-processing.md#csinc) (alias) |"), std::string::npos);
  EXPECT_NE(mve.find("| `NEG` | [RSB (immediate)](t32-data-processing.md#rsb-immediate) (alias) |"), std::string::npos);
  // ADDS is ADD's own spelling, not an alias.
  EXPECT_EQ(mve.find("| `ADDS` | [ADD (immediate)](t32-data-processing.md#add-immediate) (alias)"), std::string::npos);
  // llvm-mc-19: vmladav.s16 r0, q0, q0 is f0 ee 00 0e (halfwords 0xeef0 0x0e00: every field 0 in T1);
  // vmladav.s32 r0, q0, q0 is f1 ee 00 0e (T2).
  const std::string& page = g.files["mve/mve.md"];
  const size_t at = page.find("\n## VMLADAV\n");
  ASSERT_NE(at, std::string::npos);
  EXPECT_NE(page.find("== 0xeef00e00`", at), std::string::npos);
  EXPECT_NE(page.find("== 0xeef10e00`", at), std::string::npos);
  // Numbered as the manual numbers a 32-bit T32 encoding: each halfword 15..0.
  EXPECT_NE(page.find("|15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0|15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0|",
                      at),
            std::string::npos);
  EXPECT_NE(page.find("| 1| 1| 1| U| 1| 1| 1| 0| 1| 1| 1| 1|   Qn   | 0|  RdaHi | X| 1| 1| 1|sz| 0| 0| A| 0|   Qm   | 0|", at),
            std::string::npos);
  // A64: `mov x0, #1` is MOVZ (d2800020), `cmp x1, #3` is SUBS (immediate) (f1000c3f).
  const std::string& sme2 = g.files["sme2/README.md"];
  EXPECT_NE(sme2.find("[MOVZ](a64.md#movz) (alias)"), std::string::npos);
  EXPECT_NE(sme2.find("[SUBS (immediate)](a64.md#subs-immediate) (alias)"), std::string::npos);
  EXPECT_NE(sme2.find("| `CMP` | [SUBS (extended register)](a64.md#subs-extended-register) (alias), "), std::string::npos);
  const std::string& a64 = g.files["sme2/a64.md"];
  const size_t movz = a64.find("\n## MOVZ\n");
  ASSERT_NE(movz, std::string::npos);
  EXPECT_NE(a64.find("(word & 0xff800000) == 0xd2800000`", movz), std::string::npos);
}

TEST(SpecDoc, BadInputSaysWhy) {
  auto none = run_mlisa({"spec", "doc"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err, "mlisa: error: --target is required (one of mve, sme2, tcore)\n");
  auto unknown = run_mlisa({"spec", "doc", "--target", "nope"});
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("mlisa: error: unknown target 'nope'"), std::string::npos) << unknown.err;
  TempDir dir;
  const std::string file = dir.write("file", "x");  // a file where the folder should be
  auto r = run_mlisa({"spec", "doc", "--target", "sme2", "--out", file});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("mlisa: error: cannot create " + file + "/sme2", 0), 0u) << r.err;
}

// ---- the examples of the docs -------------------------------------------------

struct Fence {
  std::string info;  // after the backticks: `isa mve`, `isa`, `isa fragment tcore`
  std::string text;
  int line = 0;
};

// The fenced blocks of a Markdown file (indented ones too, their indentation removed).
std::vector<Fence> fences(const std::string& markdown) {
  std::vector<Fence> out;
  std::istringstream in(markdown);
  std::string line;
  int n = 0;
  std::optional<Fence> open;
  size_t indent = 0;
  while (std::getline(in, line)) {
    ++n;
    const size_t i = line.find_first_not_of(' ');
    const bool fence = i != std::string::npos && line.compare(i, 3, "```") == 0;
    if (!open && fence) {
      open = Fence{line.substr(i + 3), "", n};
      indent = i;
    } else if (open && fence) {
      out.push_back(*open);
      open.reset();
    } else if (open) {
      open->text += (line.size() > indent ? line.substr(indent) : "") + "\n";
    }
  }
  return out;
}

std::string trimmed(std::string s) {
  if (const size_t c = s.find("//"); c != std::string::npos) s.resize(c);
  const size_t a = s.find_first_not_of(" \t"), b = s.find_last_not_of(" \t");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

// Every `isa` fence of a doc is a spec that passes `mlisa spec check`, and
// every line of an `isa fragment T` fence is a line of isa/T (docs/spec-format.md,
// "The examples in this file").
void check_examples(const std::string& doc, size_t& whole, size_t& fragments) {
  const std::string text = slurp(kSource / "docs" / doc);
  ASSERT_FALSE(text.empty()) << doc;
  int k = 0;
  for (const Fence& f : fences(text)) {
    std::istringstream words(f.info);
    std::string lang, a, b;
    words >> lang >> a >> b;
    if (lang != "isa") continue;
    const std::string where = doc + ":" + std::to_string(f.line);
    if (a == "fragment") {
      ++fragments;
      std::set<std::string> lines;
      for (const auto& e : fs::directory_iterator(kSource / "isa" / b)) {
        std::istringstream in(slurp(e.path()));
        for (std::string l; std::getline(in, l);) lines.insert(trimmed(l));
      }
      std::istringstream in(f.text);
      for (std::string l; std::getline(in, l);)
        EXPECT_TRUE(trimmed(l).empty() || lines.count(trimmed(l))) << where << ": not a line of isa/" << b << ": " << l;
      continue;
    }
    ++whole;
    TempDir dir;
    const std::string target = a.empty() ? "example" : a;
    const std::string file = f.text.rfind("bundle ", 0) == 0 ? "bundle.isa" : "example" + std::to_string(++k) + ".isa";
    dir.write(target + "/" + file, f.text);
    auto r = run_mlisa({"spec", "check", "--target", target, "--spec-dir", dir.path.string()});
    EXPECT_EQ(r.exit_code, 0) << where << ": the example fails `mlisa spec check`:\n" << r.err;
  }
}

TEST(SpecDoc, SpecFormatExamplesCheck) {
  size_t whole = 0, fragments = 0;
  check_examples("spec-format.md", whole, fragments);
  EXPECT_GE(whole, 2u);
  EXPECT_GE(fragments, 3u);
}

// A `console` fence of a doc holds `$ mlisa ...` commands (a quoted argument
// may run over lines), each followed by what it prints, stdout and stderr
// together: run through sh with the binary under test, they print that.
void check_console(const std::string& doc, size_t& commands) {
  const std::string text = slurp(kSource / doc);
  ASSERT_FALSE(text.empty()) << doc;
  for (const Fence& f : fences(text)) {
    if (f.info != "console") continue;
    std::vector<std::pair<std::string, std::string>> runs;  // command, expected output
    std::istringstream in(f.text);
    bool open_quote = false;
    char quote = 0;
    for (std::string l; std::getline(in, l);) {
      if (!open_quote && l.rfind("$ ", 0) == 0) {
        runs.push_back({l.substr(2), ""});
      } else if (open_quote) {
        runs.back().first += "\n" + l;
      } else {
        ASSERT_FALSE(runs.empty()) << doc << ":" << f.line << ": output before a command";
        runs.back().second += l + "\n";
        continue;
      }
      for (char c : l)
        if (!open_quote && (c == '\'' || c == '"')) open_quote = true, quote = c;
        else if (open_quote && c == quote) open_quote = false;
    }
    for (const auto& [command, expected] : runs) {
      ++commands;
      ASSERT_EQ(command.rfind("mlisa ", 0), 0u) << doc << ":" << f.line << ": " << command;
      TempDir dir;
      const std::string script = dir.write("run.sh", std::string("exec '") + MLISA_BINARY + "'" + command.substr(5) + " 2>&1\n");
      const std::string out = dir.path / "out";
      std::system(("cd '" + dir.path.string() + "' && sh run.sh > out").c_str());
      EXPECT_EQ(slurp(out), expected) << doc << ":" << f.line << ": $ " << command;
    }
  }
}

TEST(SpecDoc, ConsoleExamplesPrintWhatTheDocsSay) {
  size_t commands = 0;
  for (const char* doc : {"README.md", "docs/spec-language.md", "docs/spec-format.md"}) check_console(doc, commands);
  EXPECT_GE(commands, 3u);
}

// An example that is not a valid spec is reported (the test above can fail).
TEST(SpecDoc, BrokenExampleFailsTheCheck) {
  TempDir dir;
  dir.write("mve/x.isa", "instruction VFOO\nsummary s\n\nencoding T1\n    diagram 1 1 1 D 1 1 1 1 0 0 sz Qn:3 0 | 0000000000000000\n");
  auto r = run_mlisa({"spec", "check", "--target", "mve", "--spec-dir", dir.path.string()});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("x.isa:5:"), std::string::npos) << r.err;
}

// `spec check` tells what each --spec-dir file did: a page named like an
// embedded instruction replaces that instruction's page (here the Advanced
// SIMD PMUL's, for a page meant as another PMUL), a new name adds.
TEST(SpecDoc, CheckTellsWhatEachSpecDirFileReplaces) {
  TempDir dir;
  const std::string pmul = slurp(kSource / "isa/sme2/pmul_advsimd.isa");
  ASSERT_FALSE(pmul.empty());
  dir.write("sme2/pmul_mine.isa", pmul);
  std::string renamed = pmul;
  renamed.replace(renamed.find("instruction PMUL"), 16, "instruction PMULX");
  dir.write("sme2/pmulx.isa", renamed);
  auto r = run_mlisa({"spec", "check", "--target", "sme2", "--spec-dir", dir.path.string()});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("pmul_mine.isa replaces isa/sme2/pmul_advsimd.isa, which holds PMUL\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("pmulx.isa adds to sme2\n"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace mlisa::test
