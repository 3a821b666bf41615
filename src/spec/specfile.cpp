// The spec-file loader (docs/spec-format.md). The lines outside pseudocode
// (instruction, summary, feature, encoding, diagram, syntax, operand, decode,
// operation, pseudocode) are parsed here; the pseudocode sections are handed
// to the pseudocode parser by line range, so its diagnostics carry the line
// numbers of the .isa file. Once every file is parsed, the module is checked,
// then each encoding's decode and operation in one frame whose first slots
// are the encoding's fields.
#include "spec/specfile.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "spec/checker.hpp"
#include "spec/parser.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string_view>

namespace mlisa::spec {

namespace {

// Each operand kind as the specs spell it, in OperandKind's order.
constexpr std::string_view kOperandKindNames[] = {"reg",      "imm",    "simm",     "table",  "list",     "regmask",
                                                  "cond",     "label",  "itmask",   "modimm", "shiftamt", "vreglist",
                                                  "vfpimm",   "tilemask", "bitfield", "choice", "mem", "const"};
static_assert(std::size(kOperandKindNames) == static_cast<size_t>(OperandKind::Const) + 1);

}  // namespace

std::string_view kind_name(OperandKind k) { return kOperandKindNames[static_cast<size_t>(k)]; }

std::optional<OperandKind> operand_kind(std::string_view spelling) {
  for (size_t i = 0; i < std::size(kOperandKindNames); ++i)
    if (kOperandKindNames[i] == spelling) return static_cast<OperandKind>(i);
  return std::nullopt;
}

// The table generated from isa/<target>/*.isa at build time (src/spec/embed.cmake).
namespace embedded {
struct File {
  const char* target;
  const char* name;  // file name inside isa/<target>/
  const unsigned char* data;
  size_t size;
};
extern const File kFiles[];
extern const size_t kFileCount;
}  // namespace embedded

namespace {

// ---------------------------------------------------------------------------
// Lines and words

std::vector<std::string_view> split_lines(std::string_view text) {
  std::vector<std::string_view> lines;
  size_t p = 0;
  while (p < text.size()) {
    size_t nl = text.find('\n', p);
    size_t end = nl == std::string_view::npos ? text.size() : nl;
    std::string_view line = text.substr(p, end - p);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    lines.push_back(line);
    if (nl == std::string_view::npos) break;
    p = nl + 1;
  }
  return lines;
}

size_t indent_of(std::string_view line) {
  size_t i = 0;
  while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
  return i;
}

// The line without a `//` comment and trailing blanks.
std::string_view strip_comment(std::string_view line) {
  size_t c = line.find("//");
  if (c != std::string_view::npos) line = line.substr(0, c);
  while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.remove_suffix(1);
  return line;
}

// Blank or only a comment.
bool is_blank(std::string_view line) {
  std::string_view s = strip_comment(line);
  return indent_of(s) == s.size();
}

struct Word {
  std::string_view text;
  uint32_t col = 0;  // 1-based
};

std::vector<Word> words_of(std::string_view line) {
  std::vector<Word> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size()) break;
    size_t s = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    out.push_back({line.substr(s, i - s), static_cast<uint32_t>(s + 1)});
  }
  return out;
}

bool is_ident_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool is_ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

bool is_identifier(std::string_view s) {
  if (s.empty() || !is_ident_start(s[0])) return false;
  return std::all_of(s.begin(), s.end(), is_ident_char);
}

// Binary digits as Bits of their count, most significant first; nothing for
// an empty text or another character.
std::optional<Bits> binary_digits(std::string_view digits) {
  if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0' || c == '1'; }))
    return std::nullopt;
  Bits b = Bits::zeros(static_cast<uint32_t>(digits.size()));
  for (size_t k = 0; k < digits.size(); ++k) b.set_bit(static_cast<uint32_t>(digits.size() - 1 - k), digits[k] == '1');
  return b;
}

bool parse_number(std::string_view s, int64_t& out) {
  if (s.empty()) return false;
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  }
  int64_t v = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (base == 16 && c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (base == 16 && c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else if (c == '_') continue;
    else return false;
    if (v > (INT64_MAX - d) / base) return false;
    v = v * base + d;
  }
  out = v;
  return true;
}

// The file name of a spec path (what follows the last '/'); no allocation,
// since sorting the sources compares these names many times.
std::string_view base_name(std::string_view path) {
  const size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

bool is_shared_name(std::string_view path) { return base_name(path).substr(0, 6) == "shared"; }

bool is_bundle_name(std::string_view path) { return base_name(path).substr(0, 6) == "bundle"; }

bool is_registers_name(std::string_view path) { return base_name(path).substr(0, 9) == "registers"; }

bool is_tables_name(std::string_view path) { return base_name(path).substr(0, 6) == "tables"; }

// Files that replace an embedded file of the same file name (not by instruction).
bool is_named_by_file(std::string_view path) {
  return is_shared_name(path) || is_bundle_name(path) || is_registers_name(path) || is_tables_name(path);
}

int source_rank(std::string_view path) {
  return is_shared_name(path) ? 0 : is_bundle_name(path) ? 1 : is_registers_name(path) ? 2 : is_tables_name(path) ? 3 : 4;
}

// shared*.isa first, then bundle*.isa, registers*.isa, tables*.isa, then by file name, then by path.
bool source_order(const SpecSource& a, const SpecSource& b) {
  const int ra = source_rank(a.path), rb = source_rank(b.path);
  if (ra != rb) return ra < rb;
  const std::string_view na = base_name(a.path), nb = base_name(b.path);
  if (na != nb) return na < nb;
  return a.path < b.path;
}

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// An `instruction` line's text after the keyword: the name, and what
// follows a word `when` (a folded instruction's field values), if any.
std::pair<std::string_view, std::optional<std::string_view>> split_when(std::string_view rest) {
  for (size_t at = rest.find("when"); at != std::string_view::npos; at = rest.find("when", at + 1)) {
    const bool starts = at > 0 && rest[at - 1] == ' ';
    const bool ends = at + 4 == rest.size() || rest[at + 4] == ' ';
    if (starts && ends) return {trim(rest.substr(0, at)), trim(rest.substr(at + 4))};
  }
  return {rest, std::nullopt};
}

// The names of a file's `instruction` lines (a folded file has several), in order.
std::vector<std::string> instruction_names_of(std::string_view text) {
  std::vector<std::string> out;
  for (std::string_view line : split_lines(text)) {
    if (line.empty() || indent_of(line) != 0) continue;
    std::string_view s = strip_comment(line);
    auto w = words_of(s);
    if (!w.empty() && w[0].text == "instruction") out.emplace_back(split_when(trim(s.substr(w[0].text.size()))).first);
  }
  return out;
}

// An error at line:col of a spec file (1-based), the line's text shown.
template <class Lines>
[[noreturn]] void fail_in(const std::string& path, const Lines& lines, uint32_t line, uint32_t col, const std::string& msg) {
  SourceLocation where;
  where.file = path;
  where.line = static_cast<int>(line);
  where.col = static_cast<int>(col);
  if (line >= 1 && line <= lines.size()) where.text = std::string(lines[line - 1]);
  throw InputError(std::move(where), msg);
}

// ---------------------------------------------------------------------------
// One instruction file

// A use of <name> in a syntax template.
struct OperandUse {
  std::string name;
  size_t syntax = 0;  // index of the template
  uint32_t line = 0, col = 0;
  int list_index = -1;  // position inside a register list, -1 outside
  std::string list_first;  // the first operand of that list
};

// A table operand's entries, 'pattern'=SPELLING: the pattern's bits (x: any) and the spelling.
using TableEntries = std::vector<std::pair<BitPattern, std::string>>;

// The tables a tables*.isa file names (docs/spec-format.md, "Named tables"),
// which a table operand may write instead of its entries.
struct NamedTable {
  TableEntries entries;
  uint32_t line = 0;
};
using NamedTables = std::map<std::string, NamedTable, std::less<>>;

// One entry 'pattern'=SPELLING; false with the reason and its offset in `e` otherwise.
bool parse_table_entry(std::string_view e, std::pair<BitPattern, std::string>& out, std::string& why, uint32_t& at) {
  const size_t close = e.size() >= 2 && e[0] == '\'' ? e.find('\'', 1) : std::string_view::npos;
  if (close == std::string_view::npos || close + 1 >= e.size() || e[close + 1] != '=') {
    why = fmt::format("bad table entry '{}'; expected 'pattern'=SPELLING", e);
    at = 0;
    return false;
  }
  const std::string_view pat = e.substr(1, close - 1);
  if (pat.empty() || !std::all_of(pat.begin(), pat.end(), [](char c) { return c == '0' || c == '1' || c == 'x'; })) {
    why = fmt::format("bad pattern '{}'; expected 0, 1 and x", pat);
    at = 1;
    return false;
  }
  const uint32_t n = static_cast<uint32_t>(pat.size());
  BitPattern bp{Bits::zeros(n), Bits::zeros(n)};
  for (uint32_t b = 0; b < n; ++b) {
    const char c = pat[b];
    if (c == 'x') continue;
    bp.care.set_bit(n - 1 - b, true);
    bp.value.set_bit(n - 1 - b, c == '1');
  }
  out = {std::move(bp), std::string(e.substr(close + 2))};
  return true;
}

// Where the parts of an operand line's FIELDS are, for messages.
struct OperandSite {
  uint32_t line = 0;
  std::vector<uint32_t> part_cols;
  std::vector<uint32_t> table_cols;  // table entries
};

class FileParser {
 public:
  FileParser(Module& module, SourceSet& sources, uint32_t file, const std::string& path, std::string_view text,
             const BundleSpec* bundle = nullptr, const NamedTables* tables = nullptr)
      : module_(module), sources_(sources), file_(file), path_(path), lines_(split_lines(text)), bundle_(bundle),
        tables_(tables) {}

  // Parses the whole file into `inst`; pseudocode sections are collected in
  // `pseudocode_lines` (1-based line numbers) for parse_declarations.
  void parse(InstructionSpec& inst, std::vector<std::pair<uint32_t, uint32_t>>& pseudocode_ranges);
  // The instructions of the file: `inst`, or for a folded page one copy of
  // it per `instruction ... when` line, its encodings' fields fixed to that
  // line's values and its syntax under that line's mnemonic. Each gets its
  // own decode trees (the checker writes frame slots into them).
  std::vector<InstructionSpec> unfold(const InstructionSpec& inst) const;

  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg) const {
    fail_in(path_, lines_, line, col, msg);
  }

 private:
  // A field's value a `when` gives (FIELD = BITS): the bits whose `care` bit
  // is set (an encoding variant may write `x` for a bit it leaves free).
  struct FieldFix {
    std::string field;
    Bits value, care;
    uint32_t col = 0;
    bool should_be = false;  // `(BITS)`: should-be bits, as the diagram's (0) and (1)
  };
  struct EncodingState {
    Encoding* enc = nullptr;
    uint32_t line = 0;
    bool has_diagram = false;
    std::vector<OperandUse> uses;
    std::vector<OperandSite> sites;  // parallel to enc->operands
    uint32_t slot_line = 0;
    // `variant NAME when FIELD = BITS, ...` (docs/spec-format.md, "Encoding
    // variants"): the syntax, operand, feature and relocation lines indented
    // under one are its own; the others are every variant's.
    struct Variant {
      std::string name, when;
      uint32_t line = 0;
      size_t indent = 0;
      std::vector<FieldFix> fixes;
      std::vector<std::string> features;
      std::string relocation;
    };
    std::vector<Variant> variants;
    int variant = -1;  // the variant whose lines follow, -1 none
    std::vector<int> syntax_variant, operand_variant;  // parallel to enc->syntax, enc->operands
  };

  // Lines [start, ...) that are blank or indented more than `min_indent`;
  // returns the index after them and sets first/last (1-based, 0 when empty).
  size_t body(size_t start, size_t min_indent, uint32_t& first, uint32_t& last) const {
    first = last = 0;
    size_t j = start;
    for (; j < lines_.size(); ++j) {
      std::string_view l = lines_[j];
      if (is_blank(l)) {
        // Comments indented into the body are part of it (`spec show` prints
        // them); blank lines and comments further left neither end it nor join it.
        if (!trim(l).empty() && indent_of(l) > min_indent) {
          if (!first) first = static_cast<uint32_t>(j + 1);
          last = static_cast<uint32_t>(j + 1);
        }
        continue;
      }
      if (indent_of(l) <= min_indent) break;
      if (!first) first = static_cast<uint32_t>(j + 1);
      last = static_cast<uint32_t>(j + 1);
    }
    return j;
  }

  // One `instruction NAME when FIELD = BITS, ...` line of a folded page.
  struct Folded {
    std::string name, summary, when;
    Loc loc;
    using Fix = FieldFix;
    std::vector<Fix> fixes;
  };
  std::vector<Folded> folded_;
  // FIELD = BITS, ... (with `patterns`, BITS may hold x).
  std::vector<FieldFix> parse_when(uint32_t line, std::string_view text, uint32_t col, bool patterns) const;
  // Sets an encoding's fixed bits to the values `fixes` give its fields.
  void fix_fields(Encoding& enc, const std::vector<FieldFix>& fixes, uint32_t line) const;
  // An encoding with `variant` lines becomes one encoding per variant.
  void expand_variants(InstructionSpec& inst, EncodingState& st);

  void parse_diagram(EncodingState& st, uint32_t line, const std::vector<Word>& w);
  void parse_syntax(EncodingState& st, uint32_t line, std::string_view text, uint32_t col);
  void parse_operand(EncodingState& st, uint32_t line, std::string_view text, const std::vector<Word>& w);
  FieldConcat parse_fields(const Word& w, uint32_t line, std::vector<uint32_t>& cols);
  void finish_encoding(EncodingState& st);
  void finish_bundle_encoding(EncodingState& st);

  Module& module_;
  SourceSet& sources_;
  uint32_t file_;
  std::string path_;
  std::vector<std::string_view> lines_;
  const BundleSpec* bundle_ = nullptr;
  const NamedTables* tables_ = nullptr;  // the target's tables*.isa
};

void FileParser::parse(InstructionSpec& inst, std::vector<std::pair<uint32_t, uint32_t>>& pseudocode_ranges) {
  bool have_instruction = false, have_summary = false, have_operation = false, encodings_seen = false;
  EncodingState st;
  auto close_encoding = [&] {
    if (st.enc && !st.variants.empty()) expand_variants(inst, st);
    else if (st.enc) finish_encoding(st);
    st = EncodingState{};
  };

  size_t i = 0;
  while (i < lines_.size()) {
    const uint32_t ln = static_cast<uint32_t>(i + 1);
    std::string_view raw = lines_[i];
    if (is_blank(raw)) {
      ++i;
      continue;
    }
    std::string_view line = strip_comment(raw);
    const size_t ind = indent_of(line);
    auto w = words_of(line);
    const std::string kw(w[0].text);
    const uint32_t kcol = w[0].col;
    std::string_view rest = trim(line.substr(kcol - 1 + kw.size()));

    if (ind == 0) {
      close_encoding();
      if (!have_instruction && kw != "instruction" &&
          (kw == "summary" || kw == "feature" || kw == "encoding" || kw == "operation" || kw == "pseudocode"))
        fail(ln, kcol, fmt::format("'{}' before the 'instruction' line; a spec file starts with 'instruction NAME'", kw));
      if (kw == "instruction") {
        const auto [name, when] = split_when(rest);
        if (name.empty()) fail(ln, kcol + static_cast<uint32_t>(kw.size()) + 1, "'instruction' needs a name");
        if (have_instruction && (folded_.empty() || !when))
          fail(ln, kcol,
               "a second 'instruction' line; a spec file holds one instruction, or instructions folded by "
               "'instruction NAME when FIELD = BITS' lines");
        if (have_instruction && encodings_seen)
          fail(ln, kcol, "the folded 'instruction' lines come before the first encoding");
        if (!have_instruction) {
          inst.name = std::string(name);
          inst.loc = Loc{file_, ln, kcol};
        }
        if (when) {
          Folded f;
          f.name = std::string(name);
          f.loc = Loc{file_, ln, kcol};
          f.when = std::string(*when);
          f.fixes = parse_when(ln, *when, static_cast<uint32_t>(when->data() - line.data()) + 1, false);
          for (const Folded& other : folded_)
            if (other.name == f.name)
              fail(ln, kcol + static_cast<uint32_t>(kw.size()) + 1,
                   fmt::format("instruction '{}' is already folded in at line {}", f.name, other.loc.line));
          folded_.push_back(std::move(f));
        }
        have_instruction = true;
        have_summary = false;
        ++i;
      } else if (kw == "summary") {
        if (have_summary) fail(ln, kcol, "a second 'summary' line");
        if (rest.empty()) fail(ln, kcol + 8, "'summary' needs a line of text");
        // (In a folded page, each instruction's summary follows its line.)
        (folded_.empty() ? inst.summary : folded_.back().summary) = std::string(rest);
        have_summary = true;
        ++i;
      } else if (kw == "feature") {
        if (w.size() < 2) fail(ln, kcol + 8, "'feature' needs a feature name (FEAT_X)");
        for (size_t k = 1; k < w.size(); ++k) {
          if (!is_identifier(w[k].text)) fail(ln, w[k].col, fmt::format("'{}' is not a feature name", w[k].text));
          inst.features.emplace_back(w[k].text);
        }
        ++i;
      } else if (kw == "encoding") {
        if (w.size() != 2) fail(ln, w.size() < 2 ? kcol + 9 : w[2].col, "'encoding' takes one name (T1, A1, ...)");
        const std::string name(w[1].text);
        for (const Encoding& e : inst.encodings)
          if (e.name == name)
            fail(ln, w[1].col, fmt::format("encoding '{}' is already defined at line {}", name, e.loc.line));
        inst.encodings.emplace_back();
        encodings_seen = true;
        st.enc = &inst.encodings.back();
        st.enc->name = name;
        st.enc->loc = Loc{file_, ln, kcol};
        st.line = ln;
        ++i;
      } else if (kw == "operation" || kw == "pseudocode") {
        if (!rest.empty())
          fail(ln, w[1].col, fmt::format("'{}' stands alone on its line; its pseudocode follows, indented", kw));
        uint32_t first, last;
        size_t next = body(i + 1, 0, first, last);
        if (first && indent_of(lines_[first - 1]) < 4)
          fail(first, static_cast<uint32_t>(indent_of(lines_[first - 1]) + 1),
               "pseudocode is indented by at least four spaces");
        if (kw == "operation") {
          if (have_operation) fail(ln, kcol, "a second 'operation' section");
          have_operation = true;
          inst.operation_first_line = first;
          inst.operation_last_line = last;
        } else if (first) {
          pseudocode_ranges.emplace_back(first, last);
        }
        i = next;
      } else if (kw == "decode" || kw == "diagram" || kw == "syntax" || kw == "operand") {
        fail(ln, kcol, fmt::format("'{}' belongs to an encoding: indent it under an 'encoding' line", kw));
      } else {
        fail(ln, kcol,
             fmt::format("unknown keyword '{}'; expected instruction, summary, feature, encoding, operation or "
                         "pseudocode",
                         kw));
      }
      continue;
    }

    // An indented line: part of an encoding.
    if (!st.enc)
      fail(ln, kcol, "an indented line outside an encoding; pseudocode goes under 'decode', 'operation' or 'pseudocode'");
    Encoding& enc = *st.enc;
    // A line no further right than a `variant` line ends that variant's lines.
    if (st.variant >= 0 && ind <= st.variants[static_cast<size_t>(st.variant)].indent) st.variant = -1;
    if (kw == "diagram") {
      if (st.has_diagram) fail(ln, kcol, fmt::format("a second 'diagram' in encoding {}", enc.name));
      parse_diagram(st, ln, w);
      ++i;
    } else if (kw == "syntax") {
      if (rest.empty()) fail(ln, kcol + 7, "'syntax' needs a template");
      const uint32_t col = static_cast<uint32_t>(rest.data() - line.data()) + 1;
      parse_syntax(st, ln, rest, col);
      st.syntax_variant.push_back(st.variant);
      ++i;
    } else if (kw == "operand") {
      parse_operand(st, ln, line, w);
      st.operand_variant.push_back(st.variant);
      ++i;
    } else if (kw == "feature") {
      if (w.size() < 2) fail(ln, kcol + 8, "'feature' needs a feature name (FEAT_X)");
      for (size_t k = 1; k < w.size(); ++k) {
        if (!is_identifier(w[k].text)) fail(ln, w[k].col, fmt::format("'{}' is not a feature name", w[k].text));
        (st.variant >= 0 ? st.variants[static_cast<size_t>(st.variant)].features : enc.features).emplace_back(w[k].text);
      }
      ++i;
    } else if (kw == "variant") {
      if (bundle_) fail(ln, kcol, "'variant' belongs to single-word targets");
      if (!st.has_diagram) fail(ln, kcol, fmt::format("encoding {}: 'variant' lines follow the diagram", enc.name));
      const auto [name, when] = split_when(rest);
      if (!is_identifier(name) || !when)
        fail(ln, kcol + 8, "'variant' takes a name and the field values it fixes: variant NAME when FIELD = BITS, ...");
      for (const auto& v : st.variants)
        if (v.name == name) fail(ln, kcol + 8, fmt::format("variant '{}' is already defined at line {}", name, v.line));
      EncodingState::Variant v;
      v.name = std::string(name);
      v.when = std::string(*when);
      v.line = ln;
      v.indent = ind;
      v.fixes = parse_when(ln, *when, static_cast<uint32_t>(when->data() - line.data()) + 1, true);
      st.variants.push_back(std::move(v));
      st.variant = static_cast<int>(st.variants.size() - 1);
      ++i;
    } else if (kw == "relocation") {
      if (w.size() != 2 || !is_identifier(w[1].text))
        fail(ln, kcol + 10, "'relocation' needs the ELF relocation's name (relocation R_ARM_THM_CALL)");
      std::string& relocation = st.variant >= 0 ? st.variants[static_cast<size_t>(st.variant)].relocation : enc.relocation;
      if (!relocation.empty()) fail(ln, kcol, fmt::format("a second 'relocation' in encoding {}", enc.name));
      relocation = std::string(w[1].text);
      ++i;
    } else if (kw == "slot") {
      if (!bundle_) fail(ln, kcol, "'slot' belongs to bundle targets; this target has no bundle*.isa file");
      if (st.slot_line) fail(ln, kcol, fmt::format("a second 'slot' line in encoding {}", enc.name));
      if (w.size() < 2) fail(ln, kcol + 5, "'slot' needs the slots the encoding occupies (slot s0 s1)");
      st.slot_line = ln;
      for (size_t k = 1; k < w.size(); ++k) {
        const std::string n(w[k].text);
        if (!bundle_->slot(n)) {
          std::vector<std::string> names;
          for (const auto& sl : bundle_->slots) names.push_back(sl.name);
          fail(ln, w[k].col, fmt::format("no slot '{}' in bundle {} (slots: {})", n, bundle_->name, join(names)));
        }
        if (std::find(enc.slots.begin(), enc.slots.end(), n) != enc.slots.end())
          fail(ln, w[k].col, fmt::format("slot '{}' is listed twice", n));
        enc.slots.push_back(n);
      }
      ++i;
    } else if (kw == "decode") {
      if (!rest.empty()) fail(ln, w[1].col, "'decode' stands alone on its line; its pseudocode follows, indented");
      if (enc.decode_first_line) fail(ln, kcol, fmt::format("a second 'decode' in encoding {}", enc.name));
      uint32_t first, last;
      size_t next = body(i + 1, ind, first, last);
      enc.decode_first_line = first;
      enc.decode_last_line = last;
      if (first) enc.decode = parse_block(module_, sources_, file_, first, last);
      if (!first) enc.decode_first_line = ln, enc.decode_last_line = 0;  // an empty decode
      i = next;
    } else {
      fail(ln, kcol,
           fmt::format("unknown keyword '{}' in encoding {}; expected diagram, syntax, operand, feature, relocation, variant{} or decode",
                       kw, enc.name, bundle_ ? ", slot" : ""));
    }
  }
  close_encoding();
  if (!have_instruction) fail(1, 1, "not a spec file: no 'instruction NAME' line (only shared*.isa files may omit it)");
  for (Encoding& e : inst.encodings)
    if (e.decode_last_line == 0) e.decode_first_line = 0;
}

std::vector<FileParser::FieldFix> FileParser::parse_when(uint32_t line, std::string_view text, uint32_t col, bool patterns) const {
  // FIELD = BITS, FIELD = BITS ...
  const char* kForm = patterns ? "'when' takes FIELD = BITS (0, 1 or x digits as wide as the field, or (BITS) for should-be bits), "
                                 "separated by commas"
                               : "'when' takes FIELD = BITS (binary digits as wide as the field), separated by commas";
  const std::vector<std::string_view> parts = split_top(text, ',');
  if (parts.empty()) fail(line, col, kForm);
  std::vector<FieldFix> fixes;
  for (std::string_view part : parts) {
    const uint32_t part_col = col + static_cast<uint32_t>(part.data() - text.data());
    const size_t eq = part.find('=');
    const std::string_view field = trim(part.substr(0, eq == std::string_view::npos ? part.size() : eq));
    std::string digits = eq == std::string_view::npos ? std::string() : std::string(trim(part.substr(eq + 1)));
    const bool should_be = patterns && digits.size() > 2 && digits.front() == '(' && digits.back() == ')';
    if (should_be) digits = digits.substr(1, digits.size() - 2);
    std::string care = digits;
    for (char& c : care) c = c == 'x' && patterns ? '0' : '1';
    for (char& c : digits) c = c == 'x' && patterns ? '0' : c;
    const auto value = binary_digits(digits);
    if (!is_identifier(field) || !value) fail(line, part_col, kForm);
    for (const FieldFix& x : fixes)
      if (x.field == field) fail(line, part_col, fmt::format("field '{}' is fixed twice", field));
    fixes.push_back({std::string(field), *value, *binary_digits(care), part_col, should_be});
  }
  return fixes;
}

void FileParser::fix_fields(Encoding& enc, const std::vector<FieldFix>& fixes, uint32_t line) const {
  for (const FieldFix& fix : fixes) {
    const EncodingField* field = enc.field(fix.field);
    if (!field) continue;  // (the caller checks that some encoding has it)
    if (field->width != fix.value.width())
      fail(line, fix.col,
           fmt::format("field '{}' of encoding {} is {} bits wide; '{}' fixes {}", fix.field, enc.name, field->width,
                       fix.field, fix.value.width()));
    for (uint32_t b = 0; b < field->width; ++b) {
      if (!fix.care.bit(b)) continue;
      (fix.should_be ? enc.should_mask : enc.fixed_mask).set_bit(field->lo + b, true);
      (fix.should_be ? enc.should_value : enc.fixed_value).set_bit(field->lo + b, fix.value.bit(b));
    }
  }
}

void FileParser::expand_variants(InstructionSpec& inst, EncodingState& st) {
  const Encoding base = std::move(*st.enc);
  inst.encodings.pop_back();
  for (size_t k = 0; k < st.syntax_variant.size(); ++k)
    if (st.syntax_variant[k] < 0)
      fail(base.syntax_locs[k].line, base.syntax_locs[k].col,
           fmt::format("encoding {} has variants: each syntax line belongs to one, indented under its 'variant' line", base.name));
  for (size_t v = 0; v < st.variants.size(); ++v) {
    const EncodingState::Variant& var = st.variants[v];
    const int vi = static_cast<int>(v);
    Encoding& enc = inst.encodings.emplace_back();
    enc = base;
    enc.name = base.name + "." + var.name;
    enc.variant_when = var.when;
    enc.syntax.clear(), enc.syntax_locs.clear(), enc.syntax_it.clear(), enc.syntax_assembler_only.clear(), enc.operands.clear();
    EncodingState one;
    one.enc = &enc;
    one.line = var.line;
    one.has_diagram = true;
    std::vector<int> syntax_index(base.syntax.size(), -1);
    for (size_t k = 0; k < base.syntax.size(); ++k) {
      if (st.syntax_variant[k] != vi) continue;
      syntax_index[k] = static_cast<int>(enc.syntax.size());
      enc.syntax.push_back(base.syntax[k]);
      enc.syntax_locs.push_back(base.syntax_locs[k]);
      enc.syntax_it.push_back(base.syntax_it[k]);
      enc.syntax_assembler_only.push_back(base.syntax_assembler_only[k]);
    }
    if (enc.syntax.empty()) fail(var.line, 1, fmt::format("variant {} of encoding {} has no syntax line", var.name, base.name));
    for (const OperandUse& u : st.uses)
      if (syntax_index[u.syntax] >= 0) {
        one.uses.push_back(u);
        one.uses.back().syntax = static_cast<size_t>(syntax_index[u.syntax]);
      }
    for (size_t k = 0; k < base.operands.size(); ++k)
      if (st.operand_variant[k] < 0 || st.operand_variant[k] == vi) {
        enc.operands.push_back(base.operands[k]);
        one.sites.push_back(st.sites[k]);
      }
    for (const FieldFix& fix : var.fixes)
      if (!base.field(fix.field)) fail(var.line, fix.col, fmt::format("encoding {} has no field '{}' to fix", base.name, fix.field));
    fix_fields(enc, var.fixes, var.line);
    enc.features.insert(enc.features.end(), var.features.begin(), var.features.end());
    if (!var.relocation.empty()) {
      if (!base.relocation.empty())
        fail(var.line, 1, fmt::format("encoding {} has a relocation for every variant; variant {} gives a second", base.name, var.name));
      enc.relocation = var.relocation;
    }
    // Each variant's own decode trees (the checker writes frame slots into them).
    if (enc.decode_first_line && enc.decode_last_line)
      enc.decode = parse_block(module_, sources_, file_, enc.decode_first_line, enc.decode_last_line);
    finish_encoding(one);
  }
}

std::vector<InstructionSpec> FileParser::unfold(const InstructionSpec& inst) const {
  if (folded_.empty()) return {inst};
  // The syntax templates are written with the first instruction's mnemonic.
  auto mnemonic = [](const std::string& name) { return name.substr(0, name.find(' ')); };
  const std::string first = mnemonic(folded_.front().name);
  // A field the folded lines fix may be absent from an encoding where they
  // differ in other fields (T32's ADD and SUB differ in one bit of a 16-bit
  // encoding and two of a 32-bit one): some encoding names it, and each
  // encoding tells every two of the instructions apart.
  for (const Folded& f : folded_)
    for (const Folded::Fix& fix : f.fixes)
      if (std::none_of(inst.encodings.begin(), inst.encodings.end(), [&](const Encoding& e) { return e.field(fix.field); }))
        fail(f.loc.line, fix.col, fmt::format("no encoding has a field '{}' to fix", fix.field));
  for (const Encoding& enc : inst.encodings)
    for (size_t i = 0; i < folded_.size(); ++i)
      for (size_t j = i + 1; j < folded_.size(); ++j) {
        bool apart = false;
        for (const Folded::Fix& a : folded_[i].fixes)
          for (const Folded::Fix& b : folded_[j].fixes)
            apart = apart || (a.field == b.field && enc.field(a.field) && a.value != b.value);
        if (!apart)
          fail(enc.loc.line, 1,
               fmt::format("encoding {} names no field whose value tells {} from {}", enc.name, folded_[i].name, folded_[j].name));
      }
  std::vector<InstructionSpec> out;
  for (const Folded& f : folded_) {
    InstructionSpec x = inst;
    x.name = f.name;
    x.summary = f.summary;
    x.loc = f.loc;
    x.folded_when = f.when;
    for (Encoding& enc : x.encodings) {
      fix_fields(enc, f.fixes, f.loc.line);  // a field the encoding lacks: it tells the instructions apart by others (checked above)
      for (size_t k = 0; k < enc.syntax.size(); ++k) {
        std::string& t = enc.syntax[k];
        const size_t end = t.find_first_of(" {<.");
        const std::string lead = t.substr(0, end);
        if (lead.find('|') != std::string::npos) {
          // An alias spelled per instruction: MUL|MNEG; an empty name: that
          // instruction has no such alias (|FCMLE|FCMLT).
          const std::vector<std::string_view> names = split_top(lead, '|');
          if (names.size() != folded_.size())
            fail(enc.syntax_locs[k].line, enc.syntax_locs[k].col,
                 fmt::format("'{}' names {} mnemonics; the page folds {} instructions", lead, names.size(),
                             folded_.size()));
          const std::string_view own = names[static_cast<size_t>(&f - folded_.data())];
          if (own.empty()) {
            const auto at = static_cast<ptrdiff_t>(k--);
            enc.syntax.erase(enc.syntax.begin() + at);
            enc.syntax_locs.erase(enc.syntax_locs.begin() + at);
            enc.syntax_it.erase(enc.syntax_it.begin() + at);
            enc.syntax_assembler_only.erase(enc.syntax_assembler_only.begin() + at);
            continue;
          }
          t = std::string(own) + t.substr(lead.size());
          continue;
        }
        if (lead != first)
          fail(enc.syntax_locs[k].line, enc.syntax_locs[k].col,
               fmt::format("a folded page's syntax starts with its first instruction's mnemonic, {}, or with one "
                           "mnemonic per instruction (A|B)",
                           first));
        t = mnemonic(f.name) + t.substr(first.size());
      }
      if (enc.decode_first_line)
        enc.decode = parse_block(module_, sources_, file_, enc.decode_first_line, enc.decode_last_line);
    }
    out.push_back(std::move(x));
  }
  return out;
}

void FileParser::parse_diagram(EncodingState& st, uint32_t line, const std::vector<Word>& w) {
  Encoding& enc = *st.enc;
  st.has_diagram = true;
  struct Item {
    enum Kind { Fixed, Should, Field } kind;
    bool bit = false;
    std::string name;
    uint32_t width = 1;
    uint32_t col = 0;
  };
  std::vector<Item> items;
  std::vector<std::pair<uint32_t, uint32_t>> bars;  // bit offset from the top, column
  uint32_t total = 0;
  std::map<std::string, uint32_t> seen;
  for (size_t k = 1; k < w.size(); ++k) {
    std::string_view t = w[k].text;
    const uint32_t col = w[k].col;
    if (t == "|") {
      bars.emplace_back(total, col);
      continue;
    }
    if (t == "(0)" || t == "(1)") {
      items.push_back({Item::Should, t[1] == '1', "", 1, col});
      ++total;
      continue;
    }
    if (std::all_of(t.begin(), t.end(), [](char c) { return c == '0' || c == '1'; })) {
      for (size_t b = 0; b < t.size(); ++b) items.push_back({Item::Fixed, t[b] == '1', "", 1, col + uint32_t(b)});
      total += static_cast<uint32_t>(t.size());
      continue;
    }
    std::string_view name = t, width_text;
    if (size_t c = t.find(':'); c != std::string_view::npos) {
      name = t.substr(0, c);
      width_text = t.substr(c + 1);
    }
    if (!is_identifier(name))
      fail(line, col,
           fmt::format("bad diagram item '{}'; expected 0, 1, (0), (1), a field Name or Name:W, or |", t));
    uint32_t width = 1;
    if (!width_text.empty() || t.find(':') != std::string_view::npos) {
      int64_t v;
      if (!parse_number(width_text, v) || v < 1 || v > 128)
        fail(line, col + static_cast<uint32_t>(name.size()) + 1,
             fmt::format("bad width '{}' for field '{}'; expected a number of bits from 1 to 128", width_text, name));
      width = static_cast<uint32_t>(v);
    }
    const std::string n(name);
    if (auto it = seen.find(n); it != seen.end())
      fail(line, col,
           fmt::format("field '{}' appears twice in the diagram (first at column {}); give the parts distinct names",
                       n, it->second));
    seen[n] = col;
    items.push_back({Item::Field, false, n, width, col});
    total += width;
  }
  const uint32_t dcol = w[0].col;
  if (items.empty()) fail(line, dcol, "empty diagram");
  for (auto [at, col] : bars) {
    if (at == 0 || at >= total)
      fail(line, col, "'|' separates halfwords: it goes between bits, not at either end of the diagram");
    if (at % 16 != 0)
      fail(line, col, fmt::format("'|' after {} bits; it separates halfwords, so it must follow a multiple of 16 bits",
                                  at));
  }
  if (total % 8 != 0 || total > 128)
    fail(line, dcol,
         fmt::format("diagram is {} bits wide; an encoding is a whole number of bytes, at most 128 bits "
                     "(16 or 32 for T32, 32 for A64)",
                     total));
  if (!bars.empty() && total % 16 != 0)
    fail(line, dcol, fmt::format("diagram with '|' is {} bits wide, not a whole number of halfwords", total));

  enc.width = total;
  enc.fixed_mask = Bits::zeros(total);
  enc.fixed_value = Bits::zeros(total);
  enc.should_mask = Bits::zeros(total);
  enc.should_value = Bits::zeros(total);
  enc.fields.clear();
  uint32_t top = total;  // bit index just above the next item
  for (const Item& it : items) {
    const uint32_t lo = top - it.width;
    switch (it.kind) {
      case Item::Fixed:
        enc.fixed_mask.set_bit(lo, true);
        enc.fixed_value.set_bit(lo, it.bit);
        break;
      case Item::Should:
        enc.should_mask.set_bit(lo, true);
        enc.should_value.set_bit(lo, it.bit);
        break;
      case Item::Field: enc.fields.push_back({it.name, lo, it.width}); break;
    }
    top = lo;
  }
  std::string text;
  for (size_t k = 1; k < w.size(); ++k) {
    if (k > 1) text += ' ';
    text += w[k].text;
  }
  enc.diagram_text = text;
}

void FileParser::parse_syntax(EncodingState& st, uint32_t line, std::string_view text, uint32_t col0) {
  Encoding& enc = *st.enc;
  const size_t index = enc.syntax.size();
  // A trailing "(inside IT block)" or "(outside IT block)", as the manual
  // annotates the T32 forms whose meaning depends on it, and "(assembler
  // only)" for a spelling the assemblers take that listings never print.
  int8_t it = 0;
  bool assembler_only = false;
  auto strip = [&](std::string_view suffix) {
    if (text.size() <= suffix.size() || text.substr(text.size() - suffix.size()) != suffix) return false;
    text = text.substr(0, text.size() - suffix.size());
    while (!text.empty() && text.back() == ' ') text.remove_suffix(1);
    return true;
  };
  for (bool again = true; again;) {
    again = false;
    if (strip("(inside IT block)")) it = 1, again = true;
    if (strip("(outside IT block)")) it = 2, again = true;
    if (strip("(assembler only)")) assembler_only = again = true;
  }
  enc.syntax_it.push_back(it);
  enc.syntax_assembler_only.push_back(assembler_only);
  enc.syntax.emplace_back(text);
  enc.syntax_locs.push_back(Loc{file_, line, col0});
  struct Open {
    size_t pos;
    bool is_list;
    int count = 0;
    std::string first;
  };
  std::vector<Open> stack;
  for (size_t p = 0; p < text.size(); ++p) {
    const char c = text[p];
    const uint32_t col = col0 + static_cast<uint32_t>(p);
    if (c == '{') {
      // A register list begins with a space and holds a dash before its brace closes.
      bool is_list = false;
      if (p + 1 < text.size() && text[p + 1] == ' ') {
        int depth = 0;
        for (size_t q = p; q < text.size(); ++q) {
          if (text[q] == '{') ++depth;
          else if (text[q] == '}' && --depth == 0) break;
          else if (text[q] == '-' && depth == 1) is_list = true;
        }
      }
      stack.push_back({p, is_list, 0, {}});
    } else if (c == '}') {
      if (stack.empty()) fail(line, col, fmt::format("'}}' without a matching '{{' in syntax '{}'", text));
      stack.pop_back();
    } else if (c == '<') {
      size_t e = text.find('>', p);
      if (e == std::string_view::npos) fail(line, col, fmt::format("'<' without a closing '>' in syntax '{}'", text));
      std::string_view name = text.substr(p + 1, e - p - 1);
      if (!is_identifier(name))
        fail(line, col, fmt::format("'<{}>' is not an operand name in syntax '{}'", name, text));
      OperandUse use;
      use.name = std::string(name);
      use.syntax = index;
      use.line = line;
      use.col = col;
      for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        if (!it->is_list) continue;
        if (it->count == 0) it->first = use.name;
        use.list_index = it->count++;
        use.list_first = it->first;
        break;
      }
      st.uses.push_back(std::move(use));
      p = e;
    } else if (c == '>') {
      fail(line, col, fmt::format("'>' without an opening '<' in syntax '{}'", text));
    }
  }
  if (!stack.empty())
    fail(line, col0 + static_cast<uint32_t>(stack.back().pos),
         fmt::format("'{{' without a matching '}}' in syntax '{}'", text));
}

FieldConcat FileParser::parse_fields(const Word& w, uint32_t line, std::vector<uint32_t>& cols) {
  FieldConcat fc;
  fc.text = std::string(w.text);
  size_t p = 0;
  std::string_view t = w.text;
  while (true) {
    // The next ':' outside a slice's brackets (imm6<5:3>).
    size_t e = p;
    while (e < t.size() && t[e] != ':') e = t[e] == '<' && t.find('>', e) != std::string_view::npos ? t.find('>', e) + 1 : e + 1;
    if (e >= t.size()) e = std::string_view::npos;
    std::string_view part = t.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p);
    const uint32_t col = w.col + static_cast<uint32_t>(p);
    FieldConcat::Part fp;
    // field<hi:lo> or field<k>: a slice, as the manual writes size<1>.
    const size_t open = part.find('<');
    std::string_view slice;
    if (open != std::string_view::npos && part.back() == '>') {
      slice = part.substr(open + 1, part.size() - open - 2);
      part = part.substr(0, open);
    }
    if (part.size() >= 3 && part.front() == '\'' && part.back() == '\'' && open == std::string_view::npos) {
      const auto b = binary_digits(part.substr(1, part.size() - 2));
      if (!b) fail(line, col, fmt::format("bad bit literal {} in FIELDS '{}'; expected '0' and '1' digits", part, t));
      fp.literal = *b;
    } else if (is_identifier(part)) {
      fp.field = std::string(part);
      if (open != std::string_view::npos) {
        const size_t colon = slice.find(':');
        int64_t hi = -1, lo = -1;
        if (!parse_number(slice.substr(0, colon), hi) ||
            !parse_number(colon == std::string_view::npos ? slice : slice.substr(colon + 1), lo) || hi < lo || lo < 0 || hi > 127)
          fail(line, col + static_cast<uint32_t>(open),
               fmt::format("bad slice in FIELDS '{}': write {}<hi:lo> or {}<k> with hi >= lo >= 0", t, part, part));
        fp.hi = static_cast<int>(hi);
        fp.lo = static_cast<int>(lo);
      }
    } else {
      fail(line, col,
           fmt::format("bad FIELDS '{}': '{}' is neither a field name, a slice of one (size<1>) nor a bit literal ('0')", t, part));
    }
    fc.parts.push_back(std::move(fp));
    cols.push_back(col);
    if (e == std::string_view::npos) break;
    p = e + 1;
  }
  return fc;
}

void FileParser::parse_operand(EncodingState& st, uint32_t line, std::string_view text, const std::vector<Word>& w) {
  Encoding& enc = *st.enc;
  const uint32_t kcol = w[0].col;
  if (w.size() < 3) fail(line, kcol, "'operand' needs a name and a kind: operand <name> KIND ARGS");
  std::string_view nt = w[1].text;
  if (nt.size() < 3 || nt.front() != '<' || nt.back() != '>' || !is_identifier(nt.substr(1, nt.size() - 2)))
    fail(line, w[1].col, fmt::format("'{}' is not an operand name; write it as in the template, <name>", nt));
  OperandMap op;
  op.name = std::string(nt.substr(1, nt.size() - 2));
  if (const auto k = operand_kind(w[2].text); k && (bundle_ || (*k != OperandKind::Choice && *k != OperandKind::Mem)))
    op.kind = *k;
  else
    fail(line, w[2].col,
         fmt::format("unknown operand kind '{}'; expected reg, imm, simm, table, list, regmask, cond, label, itmask, modimm, shiftamt, vreglist, vfpimm, tilemask{} or const", w[2].text,
                     bundle_ ? ", choice, mem" : ""));
  op.loc = Loc{file_, line, kcol};
  for (size_t k = 0; k < enc.operands.size(); ++k) {
    const OperandMap& o = enc.operands[k];
    const int other = st.operand_variant[k];  // two variants may map one name each their own way
    if (o.name == op.name && (other < 0 || st.variant < 0 || other == st.variant))
      fail(line, w[1].col, fmt::format("operand <{}> is already mapped at line {}", op.name, o.loc.line));
  }
  OperandSite site;
  site.line = line;

  size_t k = 3;
  auto need = [&](const char* what) -> const Word& {
    if (k >= w.size())
      fail(line, static_cast<uint32_t>(text.size()) + 2,
           fmt::format("operand <{}> {}: missing {}", op.name, kind_name(op.kind), what));
    return w[k++];
  };
  // [+ N] [- N] [* N] in any order, spaces optional: value = FIELDS * scale + offset.
  auto modifiers = [&](bool allow_offset) {
    if (k >= w.size()) return;
    const uint32_t start_col = w[k].col;
    std::string_view s = text.substr(start_col - 1);
    bool have_scale = false, have_offset = false;
    size_t p = 0;
    while (p < s.size()) {
      while (p < s.size() && s[p] == ' ') ++p;
      if (p >= s.size()) break;
      const uint32_t col = start_col + static_cast<uint32_t>(p);
      char opc = s[p];
      if (opc != '+' && opc != '-' && opc != '*')
        fail(line, col,
             fmt::format("unexpected '{}' in operand <{}>; expected {}* N", s.substr(p), op.name,
                         allow_offset ? "+ N, - N or " : ""));
      ++p;
      while (p < s.size() && s[p] == ' ') ++p;
      // A label's scale may be negative (a backward offset, LE's), and so may
      // an immediate's (a descending value, offset - field x N: VAND's
      // complemented constant).
      const bool negative = opc == '*' && (op.kind == OperandKind::Label || op.kind == OperandKind::Imm) && p < s.size() && s[p] == '-';
      if (negative) ++p;
      size_t q = p;
      while (q < s.size() && s[q] != ' ' && s[q] != '+' && s[q] != '-' && s[q] != '*') ++q;
      int64_t v;
      if (!parse_number(s.substr(p, q - p), v))
        fail(line, start_col + static_cast<uint32_t>(p), fmt::format("expected a number after '{}'", opc));
      if (negative) v = -v;
      if (opc == '*') {
        if (have_scale) fail(line, col, "a second '*' scale");
        if (v == 0) fail(line, col, "a scale of 0");
        op.scale = v;
        have_scale = true;
      } else {
        if (!allow_offset) fail(line, col, fmt::format("operand kind '{}' takes no offset", kind_name(op.kind)));
        if (have_offset) fail(line, col, "a second offset");
        op.offset = opc == '-' ? -v : v;
        have_offset = true;
      }
      p = q;
    }
    k = w.size();
  };
  auto no_more = [&] {
    if (k < w.size())
      fail(line, w[k].col, fmt::format("unexpected '{}' after operand <{}> {}", w[k].text, op.name, kind_name(op.kind)));
  };

  const OperandKind kind = op.kind;
  if (kind == OperandKind::Reg) {
    const Word& cls = need("register class (R, Q, Z, ...)");
    if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
    op.reg_class = std::string(cls.text);
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    modifiers(true);
  } else if (kind == OperandKind::Imm || kind == OperandKind::Simm || kind == OperandKind::Label) {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    // Label options: `unsigned` (a forward-only or backward-only offset) and
    // `t32-j` (B T4, BL: the second and third FIELDS parts are J1 and J2,
    // holding NOT(I1 EOR S) and NOT(I2 EOR S)) and `page` (relative to the PC's
    // 4 KB page: ADRP) and `align-pc` (relative to
    // Align(PC, 4): ADR, LDR literal) and `add-bit` (the first FIELDS bit
    // says add (1) or subtract (0) the rest: LDR literal T2) and `relative`
    // (a bare number is the offset from the PC, not an address: GNU as and
    // llvm-mc read the low-overhead-loop and branch-future targets so).
    while (kind == OperandKind::Label && k < w.size() &&
           (w[k].text == "unsigned" || w[k].text == "t32-j" || w[k].text == "align-pc" || w[k].text == "page" || w[k].text == "add-bit" ||
            w[k].text == "relative"))
      op.label_options.emplace_back(w[k++].text);
    // An immediate's option `hex`: printed in hexadecimal (VMOV.I32's
    // #0x7f, as llvm-objdump prints the vector modified immediates); `c-hex`:
    // so but zero as 0 (SVC #0x9a39, BRK #0, as C's %#x prints them).
    if (kind == OperandKind::Imm && k < w.size() && (w[k].text == "hex" || w[k].text == "c-hex"))
      op.label_options.emplace_back(w[k++].text);
    modifiers(true);
  } else if (kind == OperandKind::Cond) {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == OperandKind::Table) {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    // `verbatim`: listings print the spellings as written (A64's system
    // register names, TPIDR2_EL0, as llvm-objdump-19 prints them).
    if (k < w.size() && w[k].text == "verbatim") op.label_options.emplace_back(w[k++].text);
    if (k >= w.size())
      fail(line, static_cast<uint32_t>(text.size()) + 2, "a table needs entries 'pattern'=SPELLING or a table's name");
    for (; k < w.size(); ++k) {
      const std::string_view e = w[k].text;
      if (is_identifier(e)) {
        // A named table (tables*.isa): its entries, in order, where the name stands.
        const auto named = tables_ ? tables_->find(e) : NamedTables::const_iterator();
        if (!tables_ || named == tables_->end())
          fail(line, w[k].col, fmt::format("no table named '{}' (a tables*.isa file names tables)", e));
        for (const auto& entry : named->second.entries) {
          op.table.push_back(entry);
          site.table_cols.push_back(w[k].col);
        }
        continue;
      }
      std::pair<BitPattern, std::string> entry;
      std::string why;
      uint32_t at = 0;
      if (!parse_table_entry(e, entry, why, at)) fail(line, w[k].col + at, why);
      op.table.push_back(std::move(entry));
      site.table_cols.push_back(w[k].col);
    }
  } else if (kind == OperandKind::List) {
    const Word& cls = need("register class (Z, Q, ...)");
    if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
    op.reg_class = std::string(cls.text);
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    const Word& cnt = need("COUNT");
    int64_t v;
    if (!parse_number(cnt.text, v) || v < 1 || v > 64) fail(line, cnt.col, fmt::format("bad register count '{}'", cnt.text));
    op.count = static_cast<uint32_t>(v);
    if (k < w.size()) {
      const Word& str = w[k++];
      if (!parse_number(str.text, v) || v < 1 || v > 64) fail(line, str.col, fmt::format("bad stride '{}'", str.text));
      op.stride = static_cast<uint32_t>(v);
    }
    no_more();
  } else if (kind == OperandKind::Choice && bundle_) {
    const Word& sel = need("selector field");
    if (!is_identifier(sel.text)) fail(line, sel.col, fmt::format("'{}' is not a field name", sel.text));
    op.selector = std::string(sel.text);
    site.part_cols.push_back(sel.col);
    const Word& ty = need("number type (s32, u32, x32, f32)");
    {
      const std::string_view t = ty.text;
      int64_t n = 0;
      const bool ok = t == "f32" || (t.size() >= 2 && (t[0] == 's' || t[0] == 'u' || t[0] == 'x') &&
                                     parse_number(t.substr(1), n) && n >= 1 && n <= 64);
      if (!ok) fail(line, ty.col, fmt::format("bad number type '{}'; expected s<N>, u<N>, x<N> (N <= 64) or f32", t));
      op.num_type = std::string(t);
    }
    if (k < w.size() && w[k].text.find('=') == std::string_view::npos) {
      const Word& cls = w[k++];
      if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
      op.reg_class = std::string(cls.text);
    }
    if (k >= w.size()) fail(line, static_cast<uint32_t>(text.size()) + 2, "a choice needs alternatives VALUE=SOURCE");
    for (; k < w.size(); ++k) {
      std::string_view e = w[k].text;
      const size_t eq = e.find('=');
      int64_t v;
      if (eq == std::string_view::npos || !parse_number(e.substr(0, eq), v) || eq + 1 >= e.size())
        fail(line, w[k].col, fmt::format("bad alternative '{}'; expected VALUE=SOURCE such as 2=lo(imm0)", e));
      for (const auto& [ov, osym] : op.alternatives) {
        if (ov == static_cast<uint64_t>(v))
          fail(line, w[k].col, fmt::format("selector value {} appears twice", v));
        if (osym == e.substr(eq + 1)) fail(line, w[k].col, fmt::format("source '{}' appears twice", osym));
      }
      op.alternatives.emplace_back(static_cast<uint64_t>(v), std::string(e.substr(eq + 1)));
      site.table_cols.push_back(w[k].col);
    }
  } else if (kind == OperandKind::Mem && bundle_) {
    auto op_name = [&](std::string_view t, uint32_t col) {
      if (t.size() < 3 || t.front() != '<' || t.back() != '>' || !is_identifier(t.substr(1, t.size() - 2)))
        fail(line, col, fmt::format("'{}' is not an operand name; a mem operand names other operands, <base>", t));
      return std::string(t.substr(1, t.size() - 2));
    };
    const Word& b = need("base operand <base>");
    op.mem_base = op_name(b.text, b.col);
    site.part_cols.push_back(b.col);
    for (; k < w.size(); ++k) {
      std::string_view t = w[k].text;
      const size_t eq = t.find('=');
      if (eq == std::string_view::npos) {
        if (!op.mem_offset.empty() || !op.mem_modifiers.empty())
          fail(line, w[k].col, "the offset operand comes right after the base, before modifiers name=<op>");
        op.mem_offset = op_name(t, w[k].col);
      } else {
        if (!is_identifier(t.substr(0, eq)))
          fail(line, w[k].col, fmt::format("bad modifier '{}'; expected name=<operand>", t));
        op.mem_modifiers.emplace_back(std::string(t.substr(0, eq)),
                                      op_name(t.substr(eq + 1), w[k].col + static_cast<uint32_t>(eq) + 1));
      }
      site.part_cols.push_back(w[k].col);
    }
  } else if (kind == OperandKind::RegMask) {
    // A register list `{r0, r4-r7, lr}` held as a mask: the bits of FIELDS
    // are the registers from the highest down (literal 0 bits: registers the
    // encoding cannot name).
    const Word& cls = need("register class (R)");
    if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
    op.reg_class = std::string(cls.text);
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == OperandKind::ItMask) {
    // The IT instruction's x/y/z letters: the mask field, and the field of
    // the first condition whose bit 0 the letters are relative to (kept in
    // reg_class).
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    const Word& cond = need("the first condition's field");
    if (!is_identifier(cond.text)) fail(line, cond.col, fmt::format("'{}' is not a field name", cond.text));
    op.reg_class = std::string(cond.text);
    no_more();
  } else if (kind == OperandKind::ModImm) {
    // A modified immediate: the text is the value the target's function
    // gives FIELDS (T32: ThumbExpandImm of i:imm3:imm8; A64: the bitmask
    // immediate of N:immr:imms); `hex`: printed in hexadecimal, `signed`:
    // as a signed decimal of the value's width (A64's MOV (bitmask immediate)),
    // `decimal16`: in decimal where it is a 16-bit number, else in hex (SVE's
    // MOV (bitmask immediate)), `bytemask`: as C's %#016llx (A64's MOVI);
    // `element N`: the text is an N-bit element the value repeats (SVE's
    // bitmask immediates, `and z0.s, z0.s, #0xff0`), held in `count`.
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    if (k < w.size() && (w[k].text == "hex" || w[k].text == "signed" || w[k].text == "decimal16" || w[k].text == "bytemask"))
      op.label_options.emplace_back(w[k++].text);
    if (k < w.size() && w[k].text == "element") {
      ++k;
      const Word& n = need("the element size (8, 16, 32 or 64)");
      if (n.text != "8" && n.text != "16" && n.text != "32" && n.text != "64")
        fail(line, n.col, fmt::format("'{}' is not an element size (8, 16, 32 or 64)", n.text));
      op.count = static_cast<uint32_t>(std::stoul(std::string(n.text)));
    }
    // `inverted`: the text is the value's complement (SVE's BIC, EON and ORN
    // (immediate), aliases of AND, EOR and ORR).
    if (k < w.size() && w[k].text == "inverted") op.label_options.emplace_back(w[k++].text);
    no_more();
  } else if (kind == OperandKind::ShiftAmt) {
    // The amount of an immediate shift as DecodeImmShift reads it: the shift
    // type's FIELDS, then the 5-bit amount's FIELDS. Held as one FieldConcat
    // (type parts first); `count` is how many of its parts are the type's.
    FieldConcat type = parse_fields(need("STYPEFIELDS (the shift type)"), line, site.part_cols);
    FieldConcat amount = parse_fields(need("IMMFIELDS (the amount)"), line, site.part_cols);
    op.count = static_cast<uint32_t>(type.parts.size());
    op.fields.parts = std::move(type.parts);
    for (auto& p : amount.parts) op.fields.parts.push_back(std::move(p));
    op.fields.text = type.text + " " + amount.text;
  } else if (kind == OperandKind::VRegList) {
    // A list of consecutive S or D registers, `{d8-d15}`: the first register
    // from FIELDS, the count from COUNTFIELDS (their value is the count
    // times the scale: `* 2` for D lists, whose imm8 counts words), and the
    // option `vpr` for a list that ends with VPR (VSCCLRM).
    const Word& cls = need("register class (S, D)");
    if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
    op.reg_class = std::string(cls.text);
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    op.count_fields = parse_fields(need("COUNTFIELDS"), line, site.part_cols);
    if (k < w.size() && w[k].text == "vpr") op.label_options.emplace_back(w[k++].text);
    modifiers(false);
  } else if (kind == OperandKind::TileMask) {
    // ZA tiles held as a mask of its eight 64-bit tiles (SME ZERO): bit t of
    // FIELDS is ZAt.D; the text names tiles of any one element size.
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == OperandKind::Bitfield) {
    // A64's bitfield operands: ROLE (lsl, extract-width, insert-lsb,
    // insert-width) of the pair immr:imms of a DATASIZE-bit form, as the
    // aliases of UBFM, SBFM and BFM read it. The role is held in
    // label_options, the datasize in count, imms in count_fields.
    const Word& role = need("ROLE (lsl, extract-width, insert-lsb, insert-width)");
    if (role.text != "lsl" && role.text != "extract-width" && role.text != "insert-lsb" && role.text != "insert-width")
      fail(line, role.col, fmt::format("'{}' is not a bitfield role (lsl, extract-width, insert-lsb, insert-width)", role.text));
    op.label_options.emplace_back(role.text);
    const Word& ds = need("DATASIZE (32 or 64)");
    int64_t v = 0;
    if (!parse_number(ds.text, v) || (v != 32 && v != 64)) fail(line, ds.col, fmt::format("bad datasize '{}'; expected 32 or 64", ds.text));
    op.count = static_cast<uint32_t>(v);
    op.fields = parse_fields(need("IMMRFIELDS"), line, site.part_cols);
    op.count_fields = parse_fields(need("IMMSFIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == OperandKind::VfpImm) {
    // The VFP modified immediate of VMOV (immediate): the 8 bits of FIELDS
    // are VFPExpandImm's imm8, the text its value (`#1.0`, `#-0.125`).
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == OperandKind::Const) {
    std::string_view value = trim(text.substr(w[2].col - 1 + w[2].text.size()));
    if (value.empty()) fail(line, static_cast<uint32_t>(text.size()) + 2, "a const operand needs its text");
    op.constant = std::string(value);
  }
  enc.operands.push_back(std::move(op));
  st.sites.push_back(std::move(site));
}

void FileParser::finish_bundle_encoding(EncodingState& st) {
  Encoding& enc = *st.enc;
  if (!st.has_diagram) fail(st.line, 1, fmt::format("encoding {} has no diagram", enc.name));
  if (enc.slots.empty())
    fail(st.line, 1,
         fmt::format("encoding {} of bundle target {} needs a 'slot' line naming the slots it occupies", enc.name,
                     bundle_->name));
  for (const std::string& sn : enc.slots) {
    const BundleSlot* sl = bundle_->slot(sn);
    if (sl->width != enc.width)
      fail(st.slot_line, 1,
           fmt::format("encoding {}: the diagram is {} bits wide, slot {} is {} bits", enc.name, enc.width, sn,
                       sl->width));
  }
  auto find_operand = [&](const std::string& name) -> const OperandMap* {
    for (const OperandMap& o : enc.operands)
      if (o.name == name) return &o;
    return nullptr;
  };
  std::set<std::string> used;
  for (const OperandUse& u : st.uses) {
    if (!find_operand(u.name))
      fail(u.line, u.col,
           fmt::format("syntax '{}' uses <{}>, but encoding {} has no 'operand <{}>' line", enc.syntax[u.syntax], u.name,
                       enc.name, u.name));
    used.insert(u.name);
  }
  for (size_t i = 0; i < enc.operands.size(); ++i) {
    const OperandMap& op = enc.operands[i];
    if (op.kind != OperandKind::Mem) continue;
    std::vector<std::string> parts{op.mem_base};
    if (!op.mem_offset.empty()) parts.push_back(op.mem_offset);
    for (const auto& [m, o] : op.mem_modifiers) parts.push_back(o);
    for (size_t k = 0; k < parts.size(); ++k) {
      const OperandMap* sub = find_operand(parts[k]);
      if (!sub)
        fail(st.sites[i].line, st.sites[i].part_cols[k],
             fmt::format("mem operand <{}> names <{}>, which has no 'operand <{}>' line", op.name, parts[k], parts[k]));
      if (sub->kind == OperandKind::Mem)
        fail(st.sites[i].line, st.sites[i].part_cols[k], fmt::format("mem operand <{}> inside mem operand <{}>", sub->name, op.name));
      used.insert(parts[k]);
    }
  }
  std::vector<std::string> field_names;
  for (const auto& f : enc.fields) field_names.push_back(f.name);
  // A field name: the diagram's, or a bundle field that every slot of the
  // encoding reaches under that name.
  auto resolve = [&](const std::string& name, const OperandMap& op, uint32_t line, uint32_t col) -> uint32_t {
    if (const EncodingField* f = enc.field(name)) return f->width;
    uint32_t width = 0;
    for (const std::string& sn : enc.slots) {
      const BundleField* g = bundle_->local(sn, name);
      if (!g) {
        std::vector<std::string> reach = bundle_->slot(sn)->reach;
        for (const auto& bf : bundle_->fields)
          if (bf.kind == BundleField::Kind::Port && bf.slot == sn) reach.push_back(bf.local);
        fail(line, col,
             fmt::format("operand <{}> names field '{}', which is neither in the diagram of encoding {} (fields: {}) nor a "
                         "bundle field slot {} reaches ({})",
                         op.name, name, enc.name, field_names.empty() ? "none" : join(field_names), sn,
                         reach.empty() ? "none" : join(reach)));
      }
      if (width && g->width != width)
        fail(line, col, fmt::format("field '{}' has different widths in the slots of encoding {}", name, enc.name));
      width = g->width;
    }
    if (std::find(enc.globals.begin(), enc.globals.end(), name) == enc.globals.end()) {
      enc.globals.push_back(name);
      enc.global_widths.push_back(width);
    }
    return width;
  };
  for (size_t i = 0; i < enc.operands.size(); ++i) {
    OperandMap& op = enc.operands[i];
    const OperandSite& site = st.sites[i];
    if (!used.count(op.name))
      fail(site.line, op.loc.col,
           fmt::format("operand <{}> is not used by any syntax template or mem operand of encoding {}", op.name, enc.name));
    if (op.kind == OperandKind::List || op.kind == OperandKind::Cond || op.kind == OperandKind::Bitfield)
      fail(site.line, op.loc.col, fmt::format("operand kind '{}' is not supported in bundle targets", kind_name(op.kind)));
    if ((op.kind == OperandKind::Imm || op.kind == OperandKind::Simm || op.kind == OperandKind::Label) && (op.scale != 1 || op.offset != 0) &&
        op.kind != OperandKind::Label)
      fail(site.line, op.loc.col, fmt::format("operand <{}>: bundle targets take no scale or offset on {}", op.name, kind_name(op.kind)));
    uint32_t width = 0;
    if (op.kind == OperandKind::Choice) {
      const uint32_t sw = resolve(op.selector, op, site.line, site.part_cols[0]);
      for (size_t a = 0; a < op.alternatives.size(); ++a) {
        const auto& [v, sym] = op.alternatives[a];
        const uint32_t col = site.table_cols[a];
        if (sw < 64 && v >= (uint64_t{1} << sw))
          fail(site.line, col, fmt::format("selector value {} does not fit the {}-bit field '{}'", v, sw, op.selector));
        std::string inner = sym;
        const bool wrapped = sym.size() > 2 && sym.back() == ')';
        const size_t open = sym.find('(');
        if (wrapped && open != std::string::npos) {
          const std::string fn = sym.substr(0, open);
          inner = sym.substr(open + 1, sym.size() - open - 2);
          if (fn == "const") {
            int64_t n;
            std::string_view t = inner;
            const bool neg = !t.empty() && t[0] == '-';
            if (neg) t.remove_prefix(1);
            if (!parse_number(t, n)) fail(site.line, col, fmt::format("bad constant '{}' in '{}'", inner, sym));
            continue;
          }
          if (fn != "lo" && fn != "sext")
            fail(site.line, col, fmt::format("unknown source '{}'; expected const(N), lo(F), sext(F) or a field", sym));
          resolve(inner, op, site.line, col);
          continue;
        }
        if (!is_identifier(inner))
          fail(site.line, col, fmt::format("unknown source '{}'; expected const(N), lo(F), sext(F) or a field", sym));
        resolve(inner, op, site.line, col);
        if (!enc.field(inner)) {
          const BundleField* g = bundle_->local(enc.slots[0], inner);
          if (g->kind == BundleField::Kind::Lane)
            fail(site.line, col, fmt::format("lane '{}' as a register source; write lo({}) or sext({})", inner, inner, inner));
        } else if (op.reg_class.empty()) {
          fail(site.line, col,
               fmt::format("register source '{}' needs the choice's register class: choice {} {} CLASS ...", inner,
                           op.selector, op.num_type));
        }
      }
      continue;
    }
    for (size_t p = 0; p < op.fields.parts.size(); ++p) {
      const auto& part = op.fields.parts[p];
      if (part.field.empty()) width += part.literal.width();
      else width += resolve(part.field, op, site.line, site.part_cols[p]);
    }
    for (size_t t = 0; t < op.table.size(); ++t)
      if (op.table[t].first.care.width() != width)
        fail(site.line, site.table_cols[t],
             fmt::format("table pattern of {} bits for FIELDS '{}' of {} bits", op.table[t].first.care.width(),
                         op.fields.text, width));
  }
}

void FileParser::finish_encoding(EncodingState& st) {
  if (bundle_) {
    finish_bundle_encoding(st);
    return;
  }
  Encoding& enc = *st.enc;
  if (!st.has_diagram) fail(st.line, 1, fmt::format("encoding {} has no diagram", enc.name));
  auto find_operand = [&](const std::string& name) -> const OperandMap* {
    for (const OperandMap& o : enc.operands)
      if (o.name == name) return &o;
    return nullptr;
  };
  // Every operand of every template has a mapping. <c> and <q> (condition and
  // width qualifier) and <v> (an MVE instruction's VPT suffix T or E) are the
  // assembler's own; the later registers of a register list follow from the
  // list's first.
  for (const OperandUse& u : st.uses) {
    if (u.name == "c" || u.name == "q" || u.name == "v") continue;
    if (find_operand(u.name)) continue;
    if (u.list_index > 0) {
      const OperandMap* first = find_operand(u.list_first);
      if (first && first->kind == OperandKind::List) continue;
    }
    fail(u.line, u.col,
         fmt::format("syntax '{}' uses <{}>, but encoding {} has no 'operand <{}>' line", enc.syntax[u.syntax], u.name,
                     enc.name, u.name));
  }
  std::vector<std::string> field_names;
  for (const auto& f : enc.fields) field_names.push_back(f.name);
  for (size_t i = 0; i < enc.operands.size(); ++i) {
    OperandMap& op = enc.operands[i];
    const OperandSite& site = st.sites[i];
    const OperandUse* use = nullptr;
    for (const OperandUse& u : st.uses)
      if (u.name == op.name) {
        use = &u;
        break;
      }
    if (!use)
      fail(site.line, op.loc.col,
           fmt::format("operand <{}> is not used by any syntax template of encoding {}", op.name, enc.name));
    uint32_t width = 0;
    for (size_t p = 0; p < op.fields.parts.size(); ++p) {
      const auto& part = op.fields.parts[p];
      if (part.field.empty()) {
        width += part.literal.width();
        continue;
      }
      const EncodingField* f = enc.field(part.field);
      if (!f)
        fail(site.line, site.part_cols[p],
             fmt::format("operand <{}> of syntax '{}' names field '{}', which encoding {} does not have (fields: {})",
                         op.name, enc.syntax[use->syntax], part.field, enc.name,
                         field_names.empty() ? "none" : join(field_names)));
      if (part.hi >= static_cast<int>(f->width))
        fail(site.line, site.part_cols[p],
             fmt::format("operand <{}>: slice {}<{}> of a field of {} bits", op.name, part.field, part.hi, f->width));
      width += part.width(f);
    }
    if (op.kind == OperandKind::ShiftAmt) {
      uint32_t type_width = 0;
      for (size_t p = 0; p < op.count; ++p) {
        const auto& part = op.fields.parts[p];
        type_width += part.width(enc.field(part.field));
      }
      if (type_width != 2 || width != 7)
        fail(site.line, op.loc.col,
             fmt::format("operand <{}> shiftamt: needs a 2-bit shift type and a 5-bit amount (stype imm3:imm2), not {} and {} bits",
                         op.name, type_width, width - type_width));
    }
    for (size_t p = 0; p < op.count_fields.parts.size(); ++p) {
      const auto& part = op.count_fields.parts[p];
      if (!part.field.empty() && !enc.field(part.field))
        fail(site.line, site.part_cols[op.fields.parts.size() + p],
             fmt::format("operand <{}> names field '{}', which encoding {} does not have", op.name, part.field, enc.name));
    }
    if (op.kind == OperandKind::Bitfield) {
      uint32_t imms_width = 0;
      for (const auto& part : op.count_fields.parts) imms_width += part.width(enc.field(part.field));
      if (width != 6 || imms_width != 6)
        fail(site.line, op.loc.col,
             fmt::format("operand <{}> bitfield: needs 6-bit immr and imms, not {} and {} bits", op.name, width, imms_width));
    }
    if (op.kind == OperandKind::VfpImm && width != 8)
      fail(site.line, op.loc.col, fmt::format("operand <{}> vfpimm: needs 8 bits (imm4H:imm4L), not {}", op.name, width));
    // The assembler runs the target's function once per field value: 8, 12 or 13 bits.
    if (op.kind == OperandKind::ModImm && width != 8 && width != 12 && width != 13)
      fail(site.line, op.loc.col,
           fmt::format("operand <{}> modimm: needs 8 bits (A64 a:b:c:d:e:f:g:h), 12 (T32 i:imm3:imm8, A64 immr:imms) "
                       "or 13 (A64 N:immr:imms), not {}",
                       op.name, width));
    if (op.kind == OperandKind::ItMask && (!enc.field(op.reg_class) || width != 4))
      fail(site.line, op.loc.col,
           fmt::format("operand <{}> itmask: needs a 4-bit mask and a condition field of encoding {}", op.name, enc.name));
    for (size_t t = 0; t < op.table.size(); ++t)
      if (op.table[t].first.care.width() != width)
        fail(site.line, site.table_cols[t],
             fmt::format("table pattern of {} bits for FIELDS '{}' of {} bits", op.table[t].first.care.width(),
                         op.fields.text, width));
  }
}


// ---------------------------------------------------------------------------
// A registers file (docs/spec-format.md, "Register names"): one line per class,
//   registers NAME SPELLING... [also SPELLING=N...]
// where a SPELLING is a name or a run `X0-X30` of one prefix and numbers.
std::vector<RegisterClass> parse_registers(uint32_t file, const std::string& path, std::string_view text) {
  const auto lines = split_lines(text);
  auto fail = [&](uint32_t line, uint32_t col, const std::string& msg) { fail_in(path, lines, line, col, msg); };
  std::vector<RegisterClass> out;
  for (size_t i = 0; i < lines.size(); ++i) {
    const uint32_t ln = static_cast<uint32_t>(i + 1);
    if (is_blank(lines[i])) continue;
    const std::string_view line = strip_comment(lines[i]);
    const auto w = words_of(line);
    if (indent_of(line) != 0 || w[0].text != "registers")
      fail(ln, w[0].col, "a registers file holds lines 'registers NAME SPELLING... [also SPELLING=N...]'");
    if (w.size() < 3) fail(ln, static_cast<uint32_t>(line.size()) + 2, "'registers' needs a class name and its names");
    RegisterClass rc;
    rc.name = std::string(w[1].text);
    rc.loc = Loc{file, ln, w[1].col};
    if (!is_identifier(rc.name)) fail(ln, w[1].col, fmt::format("'{}' is not a register class name", rc.name));
    for (const RegisterClass& o : out)
      if (iequals(o.name, rc.name))
        fail(ln, w[1].col, fmt::format("register class {} is already declared at line {}", rc.name, o.loc.line));
    size_t k = 2;
    for (; k < w.size() && w[k].text != "also"; ++k) {
      const std::string_view t = w[k].text;
      const size_t dash = t.find('-');
      if (dash == std::string_view::npos) {
        if (!is_identifier(t)) fail(ln, w[k].col, fmt::format("'{}' is not a register name", t));
        rc.names.emplace_back(t);
        continue;
      }
      const auto a = numbered_name(t.substr(0, dash)), b = numbered_name(t.substr(dash + 1));
      if (!a || !b || b->number < a->number || a->prefix != b->prefix || !is_identifier(a->prefix) || b->number >= 1024)
        fail(ln, w[k].col, fmt::format("'{}' is not a run of register names (X0-X30)", t));
      if (a->number != rc.names.size())
        fail(ln, w[k].col, fmt::format("'{}' starts at {}, but it names register {}", t, a->number, rc.names.size()));
      for (uint32_t n = a->number; n <= b->number; ++n) rc.names.push_back(fmt::format("{}{}", a->prefix, n));
    }
    if (rc.names.size() > 1024) fail(ln, w[1].col, "more than 1024 registers in a class");
    for (++k; k < w.size(); ++k) {
      const std::string_view t = w[k].text;
      const size_t eq = t.find('=');
      int64_t n = -1;
      if (eq == std::string_view::npos || !is_identifier(t.substr(0, eq)) || !parse_number(t.substr(eq + 1), n) || n < 0 ||
          static_cast<size_t>(n) >= rc.names.size())
        fail(ln, w[k].col, fmt::format("'{}' is not NAME=N with N a register of the class (0 to {})", t, rc.names.size() - 1));
      rc.also.emplace_back(std::string(t.substr(0, eq)), static_cast<int>(n));
    }
    out.push_back(std::move(rc));
  }
  return out;
}

// A tables file (docs/spec-format.md, "Named tables"): one line per table,
//   table NAME 'pattern'=SPELLING...
void parse_tables(const std::string& path, std::string_view text, NamedTables& out) {
  const auto lines = split_lines(text);
  auto fail = [&](uint32_t line, uint32_t col, const std::string& msg) { fail_in(path, lines, line, col, msg); };
  for (size_t i = 0; i < lines.size(); ++i) {
    const uint32_t ln = static_cast<uint32_t>(i + 1);
    if (is_blank(lines[i])) continue;
    const std::string_view line = strip_comment(lines[i]);
    const auto w = words_of(line);
    if (indent_of(line) != 0 || w[0].text != "table") fail(ln, w[0].col, "a tables file holds lines 'table NAME 'pattern'=SPELLING...'");
    if (w.size() < 3) fail(ln, static_cast<uint32_t>(line.size()) + 2, "'table' needs a name and its entries 'pattern'=SPELLING");
    const std::string name(w[1].text);
    if (!is_identifier(name)) fail(ln, w[1].col, fmt::format("'{}' is not a table name", name));
    if (const auto it = out.find(name); it != out.end())
      fail(ln, w[1].col, fmt::format("table {} is already named at line {}", name, it->second.line));
    NamedTable t;
    t.line = ln;
    for (size_t k = 2; k < w.size(); ++k) {
      std::pair<BitPattern, std::string> entry;
      std::string why;
      uint32_t at = 0;
      if (!parse_table_entry(w[k].text, entry, why, at)) fail(ln, w[k].col + at, why);
      if (!t.entries.empty() && entry.first.care.width() != t.entries[0].first.care.width())
        fail(ln, w[k].col + 1, fmt::format("pattern of {} bits in a table of {}-bit patterns", entry.first.care.width(),
                                           t.entries[0].first.care.width()));
      t.entries.push_back(std::move(entry));
    }
    out.emplace(name, std::move(t));
  }
}

// A bundle file (docs/spec-format.md, "Bundles")

class BundleParser {
 public:
  BundleParser(uint32_t file, const std::string& path, std::string_view text)
      : file_(file), path_(path), lines_(split_lines(text)) {}

  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg) const {
    fail_in(path_, lines_, line, col, msg);
  }

  std::unique_ptr<BundleSpec> parse() {
    auto b = std::make_unique<BundleSpec>();
    b->file = path_;
    bool have_width = false;
    std::vector<uint32_t> port_lines, port_slot_cols;
    for (size_t i = 0; i < lines_.size(); ++i) {
      const uint32_t ln = static_cast<uint32_t>(i + 1);
      if (is_blank(lines_[i])) continue;
      std::string_view line = strip_comment(lines_[i]);
      auto w = words_of(line);
      const std::string kw(w[0].text);
      std::string_view rest = trim(line.substr(w[0].col - 1 + kw.size()));
      if (indent_of(line) != 0) fail(ln, w[0].col, "bundle declarations start in column 0");
      if (b->name.empty() && kw != "bundle") fail(ln, w[0].col, "a bundle file starts with 'bundle NAME'");
      auto num = [&](size_t k, const char* what) -> uint32_t {
        int64_t v;
        if (k >= w.size()) fail(ln, static_cast<uint32_t>(line.size()) + 2, fmt::format("'{}' needs {}", kw, what));
        if (!parse_number(w[k].text, v) || v < 0 || v > 65536)
          fail(ln, w[k].col, fmt::format("bad {} '{}'", what, w[k].text));
        return static_cast<uint32_t>(v);
      };
      auto name_at = [&](size_t k, const char* what) -> std::string {
        if (k >= w.size()) fail(ln, static_cast<uint32_t>(line.size()) + 2, fmt::format("'{}' needs {}", kw, what));
        std::string_view t = w[k].text;
        const bool ok = !t.empty() && is_ident_start(t[0]) &&
                        std::all_of(t.begin(), t.end(), [](char c) { return is_ident_char(c) || c == '.'; });
        if (!ok) fail(ln, w[k].col, fmt::format("bad {} '{}'", what, t));
        return std::string(t);
      };
      if (kw == "bundle") {
        if (!b->name.empty()) fail(ln, w[0].col, "a second 'bundle' line");
        b->name = name_at(1, "a name");
        if (w.size() > 2) fail(ln, w[2].col, "'bundle' takes one name");
      } else if (kw == "summary") {
        b->summary = std::string(rest);
      } else if (kw == "note") {
        b->notes.emplace_back(rest);
      } else if (kw == "width") {
        b->width = num(1, "a width in bits");
        if (b->width == 0 || b->width % 8) fail(ln, w[1].col, "the bundle width is a whole number of bytes");
        have_width = true;
      } else if (kw == "comment") {
        if (rest.empty() || rest.size() > 2) fail(ln, w[0].col, "'comment' takes the comment character");
        b->comment = std::string(rest);
      } else if (kw == "lane" || kw == "read" || kw == "port") {
        BundleField f;
        f.kind = kw == "lane" ? BundleField::Kind::Lane : kw == "read" ? BundleField::Kind::Read : BundleField::Kind::Port;
        f.name = name_at(1, "a field name");
        f.lo = num(2, "a low bit");
        f.width = num(3, "a width");
        if (f.width == 0 || f.width > 64) fail(ln, w[3].col, "a bundle field is 1 to 64 bits wide");
        f.loc = Loc{file_, ln, w[0].col};
        size_t k = 4;
        if (f.kind != BundleField::Kind::Lane) f.reg_class = name_at(k++, "a register class");
        if (f.kind == BundleField::Kind::Port) {
          if (k + 3 >= w.size() + 0 && (k + 3 > w.size() || w[k].text != "slot" || w[k + 2].text != "as"))
            fail(ln, w[0].col, "expected: port NAME LO WIDTH CLASS slot SLOT as LOCAL");
          if (w[k].text != "slot" || w[k + 2].text != "as")
            fail(ln, w[k].col, "expected: port NAME LO WIDTH CLASS slot SLOT as LOCAL");
          f.slot = std::string(w[k + 1].text);
          port_lines.push_back(ln);
          port_slot_cols.push_back(w[k + 1].col);
          f.local = name_at(k + 3, "a local name");
          if (!is_identifier(f.local)) fail(ln, w[k + 3].col, "a local name is an identifier (used in pseudocode)");
          k += 4;
        } else {
          f.local = f.name;
          if (!is_identifier(f.name)) fail(ln, w[1].col, "a lane or read name is an identifier (used in pseudocode)");
        }
        if (k < w.size()) fail(ln, w[k].col, fmt::format("unexpected '{}'", w[k].text));
        for (const auto& o : b->fields)
          if (o.name == f.name) fail(ln, w[1].col, fmt::format("field '{}' is already declared", f.name));
        b->fields.push_back(std::move(f));
      } else if (kw == "slot") {
        BundleSlot sl;
        sl.name = name_at(1, "a slot name");
        sl.lo = num(2, "a low bit");
        sl.width = num(3, "a width");
        sl.loc = Loc{file_, ln, w[0].col};
        for (const auto& o : b->slots)
          if (o.name == sl.name) fail(ln, w[1].col, fmt::format("slot '{}' is already declared", sl.name));
        size_t k = 4;
        while (k < w.size()) {
          const std::string key(w[k].text);
          if (key == "predicate") {
            sl.pred_lo = num(k + 1, "a predicate low bit");
            sl.pred_width = num(k + 2, "a predicate width");
            k += 3;
          } else if (key == "never" || key == "always") {
            (key == "never" ? sl.never : sl.always) = num(k + 1, "a predicate value");
            k += 2;
          } else if (key == "prefix") {
            sl.pred_prefix = name_at(k + 1, "a predicate prefix");
            k += 2;
          } else if (key == "opcode") {
            sl.opcode_lo = num(k + 1, "an opcode low bit");
            sl.opcode_width = num(k + 2, "an opcode width");
            if (sl.opcode_width == 0 || sl.opcode_lo + sl.opcode_width > sl.width)
              fail(ln, w[k].col, "the opcode field lies outside the slot");
            k += 3;
          } else if (key == "reach") {
            ++k;
            while (k < w.size() && w[k].text != "predicate" && w[k].text != "never" && w[k].text != "always" &&
                   w[k].text != "prefix" && w[k].text != "opcode" && w[k].text != "summary") {
              const std::string r(w[k].text);
              const BundleField* g = b->field(r);
              if (!g || g->kind == BundleField::Kind::Port)
                fail(ln, w[k].col, fmt::format("'{}' is not a lane or read declared above", r));
              sl.reach.push_back(r);
              ++k;
            }
          } else if (key == "summary") {
            sl.summary = std::string(trim(line.substr(w[k].col - 1 + key.size())));
            k = w.size();
          } else {
            fail(ln, w[k].col,
                 fmt::format("unknown slot attribute '{}'; expected predicate, never, always, prefix, opcode, reach or "
                             "summary",
                             key));
          }
        }
        if (sl.width == 0 || sl.width % 8 || sl.width > 128)
          fail(ln, w[3].col, "a slot's diagram is a whole number of bytes, at most 128 bits");
        if (sl.pred_width == 0) fail(ln, w[0].col, fmt::format("slot {} needs 'predicate LO WIDTH'", sl.name));
        b->slots.push_back(std::move(sl));
      } else {
        fail(ln, w[0].col,
             fmt::format("unknown keyword '{}' in a bundle file; expected bundle, summary, note, width, comment, lane, "
                         "read, port or slot",
                         kw));
      }
    }
    if (b->name.empty()) fail(1, 1, "a bundle file starts with 'bundle NAME'");
    if (!have_width) fail(1, 1, fmt::format("bundle {} needs a 'width' line", b->name));
    size_t port = 0;
    for (const auto& f : b->fields)
      if (f.kind == BundleField::Kind::Port) {
        if (!b->slot(f.slot)) fail(port_lines[port], port_slot_cols[port], fmt::format("no slot '{}'", f.slot));
        ++port;
      }
    // Every field and slot inside the word, none overlapping.
    struct Range {
      std::string what;
      uint32_t lo, width;
      Loc loc;
    };
    std::vector<Range> ranges;
    for (const auto& f : b->fields) ranges.push_back({f.name, f.lo, f.width, f.loc});
    for (const auto& sl : b->slots) {
      ranges.push_back({"slot " + sl.name, sl.lo, sl.width, sl.loc});
      ranges.push_back({"predicate of " + sl.name, sl.pred_lo, sl.pred_width, sl.loc});
    }
    for (size_t i = 0; i < ranges.size(); ++i) {
      const Range& r = ranges[i];
      if (r.lo + r.width > b->width)
        fail(r.loc.line, r.loc.col, fmt::format("{} (bits {}..{}) lies outside the {}-bit bundle", r.what, r.lo,
                                                r.lo + r.width - 1, b->width));
      for (size_t j = 0; j < i; ++j) {
        const Range& o = ranges[j];
        if (r.lo < o.lo + o.width && o.lo < r.lo + r.width)
          fail(r.loc.line, r.loc.col, fmt::format("{} (bits {}..{}) overlaps {} (bits {}..{})", r.what, r.lo,
                                                  r.lo + r.width - 1, o.what, o.lo, o.lo + o.width - 1));
      }
    }
    return b;
  }

 private:
  uint32_t file_;
  std::string path_;
  std::vector<std::string_view> lines_;
};

// A copy of the text with every line outside [first, last] blanked, so that
// parse_declarations sees one section at the file's own line numbers.
std::string section_text(const std::vector<std::string_view>& lines, uint32_t first, uint32_t last) {
  std::string out;
  for (uint32_t i = 1; i <= lines.size(); ++i) {
    if (i >= first && i <= last) out += lines[i - 1];
    out += '\n';
  }
  return out;
}

}  // namespace

// ---------------------------------------------------------------------------
// Encoding, TargetSpec

const BundleSlot* BundleSpec::slot(const std::string& name) const {
  for (const auto& s : slots)
    if (s.name == name) return &s;
  return nullptr;
}

const BundleField* BundleSpec::field(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

const BundleField* BundleSpec::local(const std::string& slot_name, const std::string& local_name) const {
  const BundleSlot* s = slot(slot_name);
  if (!s) return nullptr;
  for (const auto& f : fields) {
    if (f.kind == BundleField::Kind::Port) {
      if (f.slot == slot_name && f.local == local_name) return &f;
    } else if (f.name == local_name && std::find(s->reach.begin(), s->reach.end(), f.name) != s->reach.end()) {
      return &f;
    }
  }
  return nullptr;
}

const EncodingField* Encoding::field(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::unique_ptr<TargetSpec> TargetSpec::load(const std::string& target, std::vector<SpecSource> sources,
                                              const BuiltinTable& builtins) {
  auto spec = std::unique_ptr<TargetSpec>(new TargetSpec());
  spec->target_ = target;
  std::stable_sort(sources.begin(), sources.end(), [](const SpecSource& a, const SpecSource& b) {
    return source_rank(a.path) < source_rank(b.path);
  });

  std::map<std::string, std::pair<std::string, uint32_t>> names;  // instruction -> file, line
  NamedTables tables;  // tables*.isa: loaded before the pages that name them
  for (SpecSource& src : sources) {
    const uint32_t file = spec->sources_.add(src.path, src.text);
    if (is_shared_name(src.path)) {
      parse_declarations(spec->module_, spec->sources_, file);
      continue;
    }
    if (is_registers_name(src.path)) {
      for (RegisterClass& rc : parse_registers(file, src.path, src.text)) {
        if (spec->register_class(rc.name))
          throw InputError(fmt::format("{}:{}: register class {} is declared twice", src.path, rc.loc.line, rc.name));
        spec->registers_.push_back(std::move(rc));
      }
      continue;
    }
    if (is_tables_name(src.path)) {
      parse_tables(src.path, src.text, tables);
      continue;
    }
    if (is_bundle_name(src.path)) {
      BundleParser bp(file, src.path, src.text);
      if (spec->bundle_) bp.fail(1, 1, fmt::format("a second bundle file; {} already declares the bundle", spec->bundle_->file));
      spec->bundle_ = bp.parse();
      continue;
    }
    InstructionSpec inst;
    inst.file = src.path;
    inst.source = file;
    std::vector<std::pair<uint32_t, uint32_t>> ranges;
    FileParser fp(spec->module_, spec->sources_, file, src.path, src.text, spec->bundle_.get(), &tables);
    fp.parse(inst, ranges);
    auto lines = split_lines(spec->sources_.text(file));
    for (auto [first, last] : ranges) {
      const uint32_t section = spec->sources_.add(src.path, section_text(lines, first, last));
      parse_declarations(spec->module_, spec->sources_, section);
    }
    for (InstructionSpec& one : fp.unfold(inst)) {
      if (auto it = names.find(one.name); it != names.end())
        fp.fail(one.loc.line, one.loc.col,
                fmt::format("instruction '{}' is already defined at {}:{}", one.name, it->second.first,
                            it->second.second));
      names[one.name] = {src.path, one.loc.line};
      // Each encoding runs the operation in its own frame, so each gets its
      // own tree of it (the checker writes frame slots into the tree).
      for (Encoding& enc : one.encodings)
        if (one.operation_first_line)
          enc.operation = parse_block(spec->module_, spec->sources_, file, one.operation_first_line,
                                      one.operation_last_line);
      if (one.encodings.empty() && one.operation_first_line)
        one.operation = parse_block(spec->module_, spec->sources_, file, one.operation_first_line,
                                    one.operation_last_line);
      spec->instructions_.push_back(std::move(one));
    }
  }

  Checker checker(spec->module_, spec->sources_, builtins);
  checker.check_module();
  for (InstructionSpec& inst : spec->instructions_) {
    for (Encoding& enc : inst.encodings) {
      std::vector<std::pair<std::string, Type>> fields;
      for (const EncodingField& f : enc.fields) fields.emplace_back(f.name, Type::bits(static_cast<int32_t>(f.width)));
      for (size_t g = 0; g < enc.globals.size(); ++g)
        fields.emplace_back(enc.globals[g], Type::bits(static_cast<int32_t>(enc.global_widths[g])));
      enc.frame_size = checker.check_blocks(fields, {&enc.decode, &enc.operation});
    }
    if (!inst.encodings.empty()) inst.operation = inst.encodings.front().operation;
    else checker.check_blocks({}, {&inst.operation});
  }
  return spec;
}

const InstructionSpec* TargetSpec::find(const std::string& name) const {
  for (const auto& inst : instructions_)
    if (inst.name == name) return &inst;
  return nullptr;
}

std::vector<Value> TargetSpec::frame_for(const Encoding& enc, const Bits& word) const {
  if (word.width() != enc.width)
    throw InputError(fmt::format("a {}-bit word for encoding {} of {} bits", word.width(), enc.name, enc.width));
  std::vector<Value> frame(static_cast<size_t>(std::max<int32_t>(enc.frame_size, static_cast<int32_t>(enc.fields.size()))));
  for (size_t i = 0; i < enc.fields.size(); ++i)
    frame[i] = Value::bits(word.slice(enc.fields[i].lo, enc.fields[i].width));
  return frame;
}

std::vector<Value> TargetSpec::frame_for(const Encoding& enc, const std::string& slot, const Bits& word) const {
  const BundleSlot* sl = bundle_ ? bundle_->slot(slot) : nullptr;
  if (!sl || std::find(enc.slots.begin(), enc.slots.end(), slot) == enc.slots.end())
    throw InputError(fmt::format("encoding {} does not occupy slot {}", enc.name, slot));
  if (word.width() != bundle_->width)
    throw InputError(fmt::format("a {}-bit word for bundle {} of {} bits", word.width(), bundle_->name, bundle_->width));
  const size_t n = enc.fields.size() + enc.globals.size();
  std::vector<Value> frame(static_cast<size_t>(std::max<int32_t>(enc.frame_size, static_cast<int32_t>(n))));
  for (size_t i = 0; i < enc.fields.size(); ++i)
    frame[i] = Value::bits(word.slice(sl->lo + enc.fields[i].lo, enc.fields[i].width));
  for (size_t g = 0; g < enc.globals.size(); ++g) {
    const BundleField* f = bundle_->local(slot, enc.globals[g]);
    frame[enc.fields.size() + g] = Value::bits(word.slice(f->lo, f->width));
  }
  return frame;
}

std::vector<std::pair<uint32_t, uint32_t>> Encoding::compiled_fields() const {
  std::vector<std::pair<uint32_t, uint32_t>> out;
  if (slots.empty()) {
    for (const EncodingField& f : fields) out.emplace_back(f.lo, f.width);
    return out;
  }
  uint32_t at = 0;
  for (const EncodingField& f : fields) out.emplace_back(at, f.width), at += f.width;
  for (uint32_t w : global_widths) out.emplace_back(at, w), at += w;
  return out;
}

Bits TargetSpec::packed_frame(const Encoding& enc, const std::string& slot, const Bits& bundle_word) const {
  const std::vector<Value> frame = frame_for(enc, slot, bundle_word);
  const auto where = enc.compiled_fields();
  const uint32_t width = where.empty() ? 0 : where.back().first + where.back().second;
  Bits out = Bits::zeros(width);
  for (size_t i = 0; i < where.size(); ++i)
    if (where[i].second > 0) out.set_slice(where[i].first, frame[i].as_bits());
  return out;
}

// ---------------------------------------------------------------------------
// Embedded specs and --spec-dir

std::vector<std::string> embedded_targets() {
  std::set<std::string> names;
  for (size_t i = 0; i < embedded::kFileCount; ++i) names.insert(embedded::kFiles[i].target);
  return {names.begin(), names.end()};
}

std::vector<SpecSource> embedded_specs(const std::string& target) {
  std::vector<SpecSource> out;
  for (size_t i = 0; i < embedded::kFileCount; ++i) {
    const embedded::File& f = embedded::kFiles[i];
    if (target != f.target) continue;
    out.push_back({fmt::format("isa/{}/{}", f.target, f.name),
                   std::string(reinterpret_cast<const char*>(f.data), f.size)});
  }
  std::sort(out.begin(), out.end(), source_order);
  return out;
}

std::vector<SpecSource> specs_with_dir(const std::string& target, const std::optional<std::string>& spec_dir,
                                       std::vector<DirFileEffect>* effects) {
  std::vector<SpecSource> out = embedded_specs(target);
  if (!spec_dir) return out;
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path dir(*spec_dir);
  if (!fs::is_directory(dir, ec)) throw InputError(fmt::format("--spec-dir {}: no such directory", *spec_dir));
  fs::path from = dir / target;
  if (!fs::is_directory(from, ec)) from = dir;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(from, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".isa") files.push_back(entry.path());
  if (ec) throw InputError(fmt::format("--spec-dir {}: {}", *spec_dir, ec.message()));
  std::sort(files.begin(), files.end());
  for (const fs::path& p : files) {
    std::ifstream in(p, std::ios::binary);
    if (!in) throw InputError(fmt::format("{}: cannot read", p.string()));
    std::ostringstream ss;
    ss << in.rdbuf();
    SpecSource src{p.string(), ss.str()};
    // A file replaces the embedded files that hold any of its instructions
    // (so a folded file replaces its instructions' own pages); a shared,
    // registers, tables or bundle file the embedded one of its file name;
    // anything else adds to the target.
    const bool by_file = is_named_by_file(src.path);
    const std::vector<std::string> names = by_file ? std::vector<std::string>() : instruction_names_of(src.text);
    DirFileEffect effect{src.path, {}};
    auto replaced = [&](const SpecSource& e) {
      if (by_file) {
        const bool same = is_named_by_file(e.path) && base_name(e.path) == base_name(src.path);
        if (same) effect.replaced.push_back({e.path, {}});
        return same;
      }
      if (is_named_by_file(e.path)) return false;
      DirFileEffect::Replaced r{e.path, {}};
      for (const std::string& held : instruction_names_of(e.text))
        if (std::find(names.begin(), names.end(), held) != names.end()) r.by.push_back(held);
      if (r.by.empty()) return false;
      effect.replaced.push_back(std::move(r));
      return true;
    };
    std::erase_if(out, replaced);
    if (effects) effects->push_back(std::move(effect));
    out.push_back(std::move(src));
  }
  std::sort(out.begin(), out.end(), source_order);
  return out;
}

const RegisterClass* TargetSpec::register_class(std::string_view name) const {
  for (const RegisterClass& rc : registers_)
    if (iequals(rc.name, name)) return &rc;
  return nullptr;
}

}  // namespace mlisa::spec
