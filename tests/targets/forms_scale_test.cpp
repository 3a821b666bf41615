// Every encoding of mve and sme2 at scale, against llvm-mc-19 and
// llvm-objdump-19: verify::forms draws several words of each encoding from
// the specs and prints them (src/verify/forms.hpp). For each form:
//   bytes:       llvm-mc-19 and mlisa assemble it to the same bytes (both accept it);
//   text:        mlisa's listing of llvm-mc's bytes and llvm-objdump-19's are the
//                same after the normalisation below;
//   reassemble:  llvm-mc-19 assembles mlisa's listing back to llvm-mc's bytes;
// and every bad line (a register or immediate out of range) is refused by both.
//
// The normalisation (normalise()): tabs and runs of spaces are one space, no
// space inside braces; comments go (`@ ...`, `// ...`) as do llvm-objdump's
// `<symbol+off>` annotations; a branch target is its offset from the PC the
// instruction reads (llvm-objdump prints the absolute address, mlisa a
// label or the offset); numbers are compared by value (llvm-objdump prints
// most immediates in hex, `#0x8`, and FP immediates as `#1.500000e+00`).
//
// A difference the test tolerates is listed in data/forms_allow.txt by
// target, encoding and check, with its reason ("engine:" when the cause is
// src/asm/word_isa.cpp, "llvm:" when llvm-objdump's text is not the
// instruction or llvm-mc is wrong). Counts are printed.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/targets.hpp"
#include "verify/forms.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;
using verify::forms::Form;

struct Target {
  const char* name;
  const char* mc;       // llvm-mc-19's triple and features
  const char* objdump;  // llvm-objdump-19's
};

const Target kMve{"mve", "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", "--triple=thumbv8.1m.main --mattr=+mve.fp,+fp64"};
// --no-print-imm-hex: llvm-objdump-19 otherwise prints a negative vector
// immediate as its element's pattern (`mov z31.s, #0xffffc900`). +sve: FADDA is
// SVE outside Streaming mode only.
const Target kSme2{"sme2", "-triple=aarch64 -mattr=+sme2,+sme-f64f64,+sme-i16i64,+sve,+sve2,+lse,+crc,+rcpc,+fullfp16,+bf16,+fptoint,+dotprod,+i8mm,+rcpc-immo",
                   "--triple=aarch64 --mattr=+sme2,+sme-f64f64,+sme-i16i64,+sve,+sve2,+lse,+crc,+rcpc,+fullfp16,+bf16,+fptoint,+dotprod,+i8mm,+rcpc-immo --no-print-imm-hex"};

std::string temp_file(const char* suffix) {
  std::string path = ::testing::TempDir() + "forms_XXXXXX" + suffix;
  const int fd = ::mkstemps(path.data(), static_cast<int>(std::strlen(suffix)));
  if (fd < 0) throw std::runtime_error("mkstemps failed");
  ::close(fd);
  return path;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Runs `cmd` on `input` (a file it names as {in}); stdout and stderr.
struct Ran {
  std::string out, err;
};
Ran run(const std::string& cmd_with_in, const std::string& input, const char* suffix = ".s") {
  const std::string in = temp_file(suffix), out = temp_file(".out"), err = temp_file(".err");
  std::ofstream(in) << input;
  std::string cmd = cmd_with_in;
  cmd.replace(cmd.find("{in}"), 4, in);
  if (std::system(fmt::format("{} > '{}' 2> '{}'", cmd, out, err).c_str()) != 0) {}  // errors are in the report
  Ran r{slurp(out), slurp(err)};
  std::remove(in.c_str());
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  for (std::string l; std::getline(ss, l);) out.push_back(l);
  return out;
}

std::string trim(std::string s) {
  const size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// A source of forms, each after a label `f<N>:`, and which form each of its lines belongs to.
struct Source {
  std::string text;
  std::vector<int> form_of_line;  // by line number - 1; -1 outside any
};
Source labelled(const std::vector<std::vector<std::string>>& forms, const std::vector<size_t>& index, bool t32) {
  Source s;
  if (t32) {
    s.text = "\t.syntax unified\n\t.thumb\n";
    s.form_of_line = {-1, -1};
  }
  for (size_t i = 0; i < forms.size(); ++i) {
    s.text += fmt::format("f{}:\n", index[i]);
    s.form_of_line.push_back(static_cast<int>(index[i]));
    for (const std::string& l : forms[i]) {
      s.text += "\t" + l + "\n";
      s.form_of_line.push_back(static_cast<int>(index[i]));
    }
  }
  return s;
}

// llvm-mc-19 -show-encoding of a labelled source: per form its bytes (a
// byte that holds a fixup is -1) and whether llvm-mc refused a line of it.
struct McResult {
  std::map<int, std::vector<int>> bytes;
  std::map<int, std::string> refused;  // form -> llvm-mc's first error
};
// With `object`, llvm-mc-19 also writes an object (to nowhere), so that
// fixups out of reach (`adr r2, #1048577`) are refused too; no bytes then.
McResult mc_encode(const Target& t, const Source& s, bool object = false) {
  const Ran r = run(fmt::format("llvm-mc-19 {} {} '{{in}}'", t.mc, object ? "-filetype=obj -o /dev/null" : "-show-encoding"),
                    s.text);
  McResult m;
  int form = -1;
  static const std::regex label(R"(^f(\d+):)"), encoding(R"(encoding: \[([^\]]*)\])"),
      inst(R"(^\s*\.inst(\.[nw])?\s+0x([0-9a-f]+))");
  const bool t32 = std::string(t.mc).find("thumb") != std::string::npos;
  std::smatch sm;
  for (const std::string& line : split_lines(r.out)) {
    if (std::regex_search(line, sm, label)) {
      form = std::stoi(sm[1]);
      m.bytes[form];
    } else if (std::regex_search(line, sm, inst) && form >= 0) {
      // `.inst` has no encoding line: its word (T32: the high halfword
      // first when it is 32 bits, each halfword little-endian).
      const uint64_t w = std::stoull(sm[2], nullptr, 16);
      const bool wide = sm[1] == ".w" || (sm[1].length() == 0 && !t32);
      auto halfword = [&](uint64_t h) {
        m.bytes[form].push_back(static_cast<int>(h & 0xff));
        m.bytes[form].push_back(static_cast<int>((h >> 8) & 0xff));
      };
      if (!t32) {
        for (int k = 0; k < 4; ++k) m.bytes[form].push_back(static_cast<int>((w >> (8 * k)) & 0xff));
      } else if (wide) {
        halfword(w >> 16);
        halfword(w);
      } else {
        halfword(w);
      }
    } else if (std::regex_search(line, sm, encoding) && form >= 0) {
      std::stringstream ss(sm[1].str());
      for (std::string b; std::getline(ss, b, ',');)
        m.bytes[form].push_back(b.find('A') != std::string::npos || b.find("0x") == std::string::npos
                                    ? -1
                                    : static_cast<int>(std::stoul(b.substr(b.find("0x") + 2, 2), nullptr, 16)));
    }
  }
  static const std::regex error(R"(:(\d+):\d+: error: (.*))");
  for (const std::string& line : split_lines(r.err))
    if (std::regex_search(line, sm, error)) {
      const size_t n = std::stoul(sm[1]);
      const int f = n >= 1 && n <= s.form_of_line.size() ? s.form_of_line[n - 1] : -1;
      if (!m.refused.count(f)) m.refused[f] = sm[2];
    }
  return m;
}

// ---- the listings ---------------------------------------------------------------

bool is_number_start(const std::string& s, size_t i) {
  if (i > 0 && (std::isalnum(static_cast<unsigned char>(s[i - 1])) || s[i - 1] == '_' || s[i - 1] == '.')) return false;
  size_t j = i;
  if (j < s.size() && s[j] == '-') ++j;
  return j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]));
}

// Numbers by value: integers in decimal, floating-point literals as %g.
std::string canonical_numbers(const std::string& s) {
  std::string out;
  for (size_t i = 0; i < s.size();) {
    if (!is_number_start(s, i)) {
      out += s[i++];
      continue;
    }
    size_t j = i + (s[i] == '-');
    const bool hex = j + 1 < s.size() && s[j] == '0' && (s[j + 1] == 'x' || s[j + 1] == 'X');
    size_t k = j;
    if (hex) {
      k += 2;
      while (k < s.size() && std::isxdigit(static_cast<unsigned char>(s[k]))) ++k;
    } else {
      while (k < s.size() && (std::isdigit(static_cast<unsigned char>(s[k])) || s[k] == '.' ||
                              ((s[k] == 'e' || s[k] == 'E') && k + 1 < s.size()) ||
                              ((s[k] == '+' || s[k] == '-') && (s[k - 1] == 'e' || s[k - 1] == 'E'))))
        ++k;
    }
    if (k < s.size() && (std::isalpha(static_cast<unsigned char>(s[k])) || s[k] == '_')) {  // a name (2d, 4s)
      out += s.substr(i, k - i);
      i = k;
      continue;
    }
    const std::string tok = s.substr(i, k - i);
    if (hex) {
      // Sign and magnitude: `#-0x0` (a subtracting offset of 0) stays -0.
      out += (s[i] == '-' ? "-" : "") + std::to_string(std::stoull(s.substr(j + 2, k - j - 2), nullptr, 16));
    } else if (tok.find_first_of(".eE") != std::string::npos) {
      out += fmt::format("{:g}", std::strtod(tok.c_str(), nullptr));
    } else {
      out += tok;
    }
    i = k;
  }
  return out;
}

std::string squeeze(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '\t') c = ' ';
    if (c == ' ' && (out.empty() || out.back() == ' ' || out.back() == '{')) continue;
    if (c == '}' && !out.empty() && out.back() == ' ') out.pop_back();
    out += c;
  }
  return trim(out);
}

std::string strip_comment(std::string s, bool t32) {
  const size_t at = s.find(t32 ? "@" : "//");
  if (at != std::string::npos) s.resize(at);
  return s;
}

struct ListedLine {
  uint64_t offset;  // from the form's start
  std::string text;
};

// llvm-objdump-19's line at `address`, normalised: an address it prints
// bare (a branch target, `bne.w 0xfff8900e`, `bf 0x10, 0x2a`) becomes the
// offset from the PC the instruction reads (T32: the address + 4; A64: the
// address; ADRP: its 4 KB page).
std::string normalise_objdump(std::string s, uint64_t address, bool t32) {
  s = strip_comment(s, t32);
  if (!t32 && s.find("adrp") != std::string::npos) address &= ~uint64_t{0xfff};
  s = std::regex_replace(s, std::regex(R"( ?<[^>]*>)"), "");
  std::string out;
  int depth = 0;  // inside [...] or {...}: not an address
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '[' || c == '{') ++depth;
    if (c == ']' || c == '}') --depth;
    const bool starts = depth == 0 && i > 0 && (s[i - 1] == ' ' || s[i - 1] == '\t' || s[i - 1] == ',') &&
                        s.compare(i, 2, "0x") == 0;
    if (!starts) {
      out += c;
      continue;
    }
    size_t j = i + 2;
    while (j < s.size() && std::isxdigit(static_cast<unsigned char>(s[j]))) ++j;
    const uint64_t target = std::stoull(s.substr(i + 2, j - i - 2), nullptr, 16);
    const int64_t off = t32 ? static_cast<int32_t>(static_cast<uint32_t>(target - address - 4))
                            : static_cast<int64_t>(target - address);
    out += "#" + std::to_string(off);
    i = j - 1;
  }
  return canonical_numbers(squeeze(out));
}

// mlisa's listing line at `offset`: a label it names (`entry` at 0, L_xxxx
// at byte xxxx) becomes the offset from the PC the instruction reads.
std::string normalise_ours(std::string s, uint64_t offset, bool t32, int64_t pc_offset) {
  static const std::regex label(R"(\b(entry|L_([0-9a-f]+))\b)");
  std::smatch m;
  if (std::regex_search(s, m, label)) {
    const int64_t at = m[2].matched ? static_cast<int64_t>(std::stoull(m[2], nullptr, 16)) : 0;
    s = m.prefix().str() + "#" + std::to_string(at - static_cast<int64_t>(offset) - pc_offset) + m.suffix().str();
  }
  return canonical_numbers(squeeze(strip_comment(s, t32)));
}

// The instruction lines of mlisa's listing (directives other than .inst and
// .byte, and labels, dropped).
std::vector<std::string> listing_lines(const std::string& listing) {
  std::vector<std::string> out;
  for (const std::string& raw : split_lines(listing)) {
    const std::string l = trim(raw);
    if (l.empty() || (l.back() == ':' && l.find(' ') == std::string::npos)) continue;
    if (l[0] == '.' && l.rfind(".inst", 0) != 0 && l.rfind(".byte", 0) != 0) continue;
    out.push_back(l);
  }
  return out;
}

// ---- the allow-list ------------------------------------------------------------------

struct Allowed {
  std::string reason;
  mutable int used = 0;
};
std::map<std::string, Allowed> read_allow_list() {
  std::map<std::string, Allowed> out;
  std::ifstream in(fs::path(MLISA_SOURCE_DIR) / "tests" / "targets" / "data" / "forms_allow.txt");
  for (std::string line; std::getline(in, line);) {
    line = trim(line);
    if (line.empty() || line[0] == '#') continue;
    std::stringstream ss(line);
    std::string target, id, check, reason;
    ss >> target >> id >> check;
    std::getline(ss, reason);
    reason = trim(reason);
    EXPECT_FALSE(reason.empty()) << "forms_allow.txt: no reason: " << line;
    out[target + " " + id + " " + check] = {reason};
  }
  return out;
}

bool have_llvm_objdump() { return std::system("llvm-objdump-19 --version > /dev/null 2>&1") == 0; }

// ---- the check --------------------------------------------------------------------------

void check_target(const Target& t) {
  // The source tree's pages (the same as the embedded ones once built).
  const auto loaded = targets::load_word_target(t.name, (fs::path(MLISA_SOURCE_DIR) / "isa").string());
  const as::WordIsa& isa = *loaded.isa;
  const bool t32 = isa.rules().name() == "t32";
  verify::forms::Options o;
  o.per_encoding = 8;
  const verify::forms::Forms forms = verify::forms::generate(isa, o);
  const auto allow = read_allow_list();
  std::map<std::string, int> counts;
  std::map<std::string, std::string> failures;  // "id check" -> first example
  auto differ = [&](const Form& f, const std::string& check, const std::string& what) {
    const std::string key = fmt::format("{} {} {}", t.name, f.id, check);
    if (const auto a = allow.find(key); a != allow.end()) {
      ++a->second.used;
      ++counts["allowed " + check];
      return;
    }
    ++counts["failed " + check];
    failures.emplace(f.id + " " + check, what);
  };

  // 1. Bytes: llvm-mc and mlisa.
  std::vector<std::vector<std::string>> all_lines;
  std::vector<size_t> all_index;
  for (size_t i = 0; i < forms.good.size(); ++i) {
    all_lines.push_back(forms.good[i].lines);
    all_index.push_back(i);
  }
  const McResult mc = mc_encode(t, labelled(all_lines, all_index, t32));
  std::vector<std::vector<uint8_t>> theirs(forms.good.size());
  std::vector<bool> accepted(forms.good.size(), false);
  for (size_t i = 0; i < forms.good.size(); ++i) {
    const Form& f = forms.good[i];
    std::string src;
    for (const std::string& l : f.lines) src += l + "\n";
    std::vector<uint8_t> ours;
    std::string our_error;
    try {
      const as::Object obj = as::assemble_word_program(isa, src, f.id);
      if (const as::ObjSection* text = obj.find(".text")) ours = text->bytes;
    } catch (const Error& e) {
      our_error = e.what();
    }
    const int fi = static_cast<int>(i);
    const std::string line = f.lines[f.main];
    if (mc.refused.count(fi)) {
      if (our_error.empty()) differ(f, "llvm-refuses", fmt::format("{}: llvm-mc-19: {}", line, mc.refused.at(fi)));
      else ++counts["both refuse a good line"];
      continue;
    }
    bool fixup = false;
    for (int b : mc.bytes.count(fi) ? mc.bytes.at(fi) : std::vector<int>{}) {
      if (b < 0) fixup = true;
      theirs[i].push_back(static_cast<uint8_t>(b < 0 ? 0 : b));
    }
    if (!our_error.empty()) {
      differ(f, "mlisa-refuses", fmt::format("{}: {}", line, our_error));
      continue;
    }
    if (fixup) {
      differ(f, "bytes", fmt::format("{}: llvm-mc-19 leaves a fixup", line));
      continue;
    }
    if (ours != theirs[i]) {
      differ(f, "bytes", fmt::format("{}: mlisa {}, llvm-mc-19 {}", line, llvm_mc_bytes(ours), llvm_mc_bytes(theirs[i])));
      continue;
    }
    ++counts["bytes equal"];
    accepted[i] = true;
    // The drawn word itself (a text may name a narrower or canonical encoding of it).
    const auto word = as::word_bytes(isa, spec::Bits(f.enc->width, f.word));
    const size_t at = f.main ? 2 : 0;
    if (theirs[i].size() >= at + word.size() && std::equal(word.begin(), word.end(), theirs[i].begin() + static_cast<ptrdiff_t>(at)))
      ++counts["bytes are the drawn word"];
  }

  // 2. Listings of llvm-mc's bytes: llvm-objdump-19 and mlisa.
  std::vector<std::vector<std::string>> ok_lines;
  std::vector<size_t> ok_index;
  std::map<uint64_t, size_t> form_at;  // object offset -> form
  std::vector<uint64_t> start(forms.good.size(), 0);
  uint64_t offset = 0;
  for (size_t i = 0; i < forms.good.size(); ++i) {
    if (!accepted[i]) continue;
    ok_lines.push_back(forms.good[i].lines);
    ok_index.push_back(i);
    form_at[offset] = i;
    start[i] = offset;
    offset += theirs[i].size();
  }
  const std::string obj = temp_file(".o");
  run(fmt::format("llvm-mc-19 {} -filetype=obj -o '{}' '{{in}}'", t.mc, obj), labelled(ok_lines, ok_index, t32).text);
  const Ran dump = run(fmt::format("llvm-objdump-19 -d --no-show-raw-insn {} '{}' < '{{in}}'", t.objdump, obj), "");
  std::remove(obj.c_str());
  EXPECT_NE(dump.out.find("Disassembly"), std::string::npos) << "llvm-objdump-19: " << dump.err;
  std::map<size_t, std::vector<ListedLine>> objdump;  // form -> its lines
  static const std::regex insn(R"(^\s*([0-9a-f]+):\s*\t(.*)$)");
  std::smatch m;
  for (const std::string& line : split_lines(dump.out)) {
    if (!std::regex_match(line, m, insn)) continue;
    const uint64_t address = std::stoull(m[1], nullptr, 16);
    auto it = form_at.upper_bound(address);
    if (it == form_at.begin()) continue;
    --it;
    objdump[it->second].push_back({address - it->first, normalise_objdump(m[2], address, t32)});
  }
  std::vector<std::vector<std::string>> relisted;  // mlisa's listings, for llvm-mc
  std::vector<size_t> relisted_index;
  for (size_t i = 0; i < forms.good.size(); ++i) {
    if (!accepted[i]) continue;
    const Form& f = forms.good[i];
    as::ObjSection text;
    text.name = ".text";
    text.code = true;
    text.bytes = theirs[i];
    std::vector<std::string> ours;
    try {
      ours = listing_lines(as::disassemble_words(isa, {text}, false, f.id));
    } catch (const Error& e) {
      differ(f, "text", fmt::format("{}: mlisa disasm: {}", f.lines[f.main], e.what()));
      continue;
    }
    relisted.push_back(ours);
    relisted_index.push_back(i);
    const auto& theirs_listed = objdump[i];
    if (theirs_listed.size() != ours.size()) {
      differ(f, "text", fmt::format("{}: {} lines listed by mlisa, {} by llvm-objdump-19", f.lines[f.main], ours.size(),
                                    theirs_listed.size()));
      continue;
    }
    bool same = true;
    for (size_t l = 0; l < ours.size() && same; ++l) {
      const std::string mine = normalise_ours(ours[l], theirs_listed[l].offset, t32, isa.rules().pc_offset());
      if (mine != theirs_listed[l].text) {
        differ(f, "text", fmt::format("mlisa '{}', llvm-objdump-19 '{}'", mine, theirs_listed[l].text));
        same = false;
      }
    }
    if (same) ++counts["text equal"];
  }

  // 3. llvm-mc reassembles mlisa's listings to llvm-mc's bytes (a byte that holds a fixup not compared).
  const McResult again = mc_encode(t, labelled(relisted, relisted_index, t32));
  for (size_t i : relisted_index) {
    const Form& f = forms.good[i];
    const int fi = static_cast<int>(i);
    if (again.refused.count(fi)) {
      differ(f, "reassemble", fmt::format("llvm-mc-19 refuses mlisa's listing of {}: {}", f.lines[f.main], again.refused.at(fi)));
      continue;
    }
    const std::vector<int>& b = again.bytes.count(fi) ? again.bytes.at(fi) : std::vector<int>{};
    bool same = b.size() == theirs[i].size();
    for (size_t k = 0; same && k < b.size(); ++k) same = b[k] < 0 || b[k] == theirs[i][k];
    if (same) ++counts["reassembled"];
    else differ(f, "reassemble", fmt::format("mlisa's listing of {} reassembles to other bytes", f.lines[f.main]));
  }

  // 4. Bad lines: both refuse.
  std::vector<std::vector<std::string>> bad_lines;
  std::vector<size_t> bad_index;
  for (size_t i = 0; i < forms.bad.size(); ++i) {
    bad_lines.push_back({forms.bad[i].line});
    bad_index.push_back(i);
  }
  const McResult bad = mc_encode(t, labelled(bad_lines, bad_index, t32), true);
  for (size_t i = 0; i < forms.bad.size(); ++i) {
    const auto& b = forms.bad[i];
    bool ours_refuses = false;
    try {
      as::assemble_word_program(isa, b.line + "\n", b.id);
    } catch (const Error&) {
      ours_refuses = true;
    }
    const bool theirs_refuses = bad.refused.count(static_cast<int>(i)) > 0;
    Form f;
    f.id = b.id;
    if (ours_refuses && theirs_refuses) ++counts["bad refused by both"];
    else if (!theirs_refuses && !ours_refuses) ++counts["bad accepted by both (not a bad line)"];
    else if (!ours_refuses) differ(f, "bad", fmt::format("{} ({}): mlisa accepts it, llvm-mc-19 refuses it", b.line, b.why));
    else differ(f, "bad", fmt::format("{} ({}): llvm-mc-19 accepts it, mlisa refuses it", b.line, b.why));
  }

  std::string summary = fmt::format("{}: {} encodings, {} with forms, {} forms, {} bad lines\n", t.name, forms.encodings,
                                    forms.encodings - forms.uncovered.size(), forms.good.size(), forms.bad.size());
  for (const auto& [what, n] : counts) summary += fmt::format("  {:<40} {}\n", what, n);
  for (const std::string& u : forms.uncovered) summary += fmt::format("  no form drawn: {}\n", u);
  for (const auto& [key, a] : allow)
    if (key.rfind(std::string(t.name) + " ", 0) == 0 && a.used == 0) summary += fmt::format("  allow-list entry not needed: {}\n", key);
  std::cout << summary;
  for (const auto& [key, what] : failures) ADD_FAILURE() << t.name << " " << key << ": " << what;
}

TEST(FormsAtScale, MveAgainstLlvm) {
  if (!have_llvm_mc() || !have_llvm_objdump()) GTEST_SKIP() << "llvm-mc-19 or llvm-objdump-19 is not installed";
  check_target(kMve);
}

TEST(FormsAtScale, Sme2AgainstLlvm) {
  if (!have_llvm_mc() || !have_llvm_objdump()) GTEST_SKIP() << "llvm-mc-19 or llvm-objdump-19 is not installed";
  check_target(kSme2);
}

}  // namespace
}  // namespace mlisa::test
