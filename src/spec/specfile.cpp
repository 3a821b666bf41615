// The spec-file loader (docs/spec-format.md). The lines outside pseudocode
// (instruction, summary, feature, encoding, diagram, syntax, operand, decode,
// operation, pseudocode) are parsed here; the pseudocode sections are handed
// to the pseudocode parser by line range, so its diagnostics carry the line
// numbers of the .isa file. Once every file is parsed, the module is checked,
// then each encoding's decode and operation in one frame whose first slots
// are the encoding's fields.
#include "spec/specfile.hpp"

#include "core/diag.hpp"
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

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
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

bool is_shared_name(const std::string& path) {
  std::string base = std::filesystem::path(path).filename().string();
  return base.rfind("shared", 0) == 0;
}

std::string base_name(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// shared*.isa first, then by file name, then by path.
bool source_order(const SpecSource& a, const SpecSource& b) {
  const bool sa = is_shared_name(a.path), sb = is_shared_name(b.path);
  if (sa != sb) return sa;
  const std::string na = base_name(a.path), nb = base_name(b.path);
  if (na != nb) return na < nb;
  return a.path < b.path;
}

std::string join(const std::vector<std::string>& items, const char* sep = ", ") {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : sep) + s;
  return out;
}

// The `instruction` name of a spec file's text, or empty.
std::string instruction_name_of(std::string_view text) {
  for (std::string_view line : split_lines(text)) {
    if (line.empty() || indent_of(line) != 0) continue;
    std::string_view s = strip_comment(line);
    auto w = words_of(s);
    if (!w.empty() && w[0].text == "instruction") return std::string(trim(s.substr(w[0].text.size())));
  }
  return {};
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

// Where the parts of an operand line's FIELDS are, for messages.
struct OperandSite {
  uint32_t line = 0;
  std::vector<uint32_t> part_cols;
  std::vector<uint32_t> table_cols;  // table entries
};

class FileParser {
 public:
  FileParser(Module& module, SourceSet& sources, uint32_t file, const std::string& path, std::string_view text)
      : module_(module), sources_(sources), file_(file), path_(path), lines_(split_lines(text)) {}

  // Parses the whole file into `inst`; pseudocode sections are collected in
  // `pseudocode_lines` (1-based line numbers) for parse_declarations.
  void parse(InstructionSpec& inst, std::vector<std::pair<uint32_t, uint32_t>>& pseudocode_ranges);

  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg) const {
    SourceLocation where;
    where.file = path_;
    where.line = static_cast<int>(line);
    where.col = static_cast<int>(col);
    if (line >= 1 && line <= lines_.size()) where.text = std::string(lines_[line - 1]);
    throw InputError(std::move(where), msg);
  }

 private:
  struct EncodingState {
    Encoding* enc = nullptr;
    uint32_t line = 0;
    bool has_diagram = false;
    std::vector<OperandUse> uses;
    std::vector<OperandSite> sites;  // parallel to enc->operands
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

  void parse_diagram(EncodingState& st, uint32_t line, const std::vector<Word>& w);
  void parse_syntax(EncodingState& st, uint32_t line, std::string_view text, uint32_t col);
  void parse_operand(EncodingState& st, uint32_t line, std::string_view text, const std::vector<Word>& w);
  FieldConcat parse_fields(const Word& w, uint32_t line, std::vector<uint32_t>& cols);
  void finish_encoding(EncodingState& st);

  Module& module_;
  SourceSet& sources_;
  uint32_t file_;
  std::string path_;
  std::vector<std::string_view> lines_;
};

void FileParser::parse(InstructionSpec& inst, std::vector<std::pair<uint32_t, uint32_t>>& pseudocode_ranges) {
  bool have_instruction = false, have_summary = false, have_operation = false;
  EncodingState st;
  auto close_encoding = [&] {
    if (st.enc) finish_encoding(st);
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
        if (have_instruction) fail(ln, kcol, "a second 'instruction' line; a spec file holds one instruction group");
        if (rest.empty()) fail(ln, kcol + static_cast<uint32_t>(kw.size()) + 1, "'instruction' needs a name");
        inst.name = std::string(rest);
        inst.loc = Loc{file_, ln, kcol};
        have_instruction = true;
        ++i;
      } else if (kw == "summary") {
        if (have_summary) fail(ln, kcol, "a second 'summary' line");
        if (rest.empty()) fail(ln, kcol + 8, "'summary' needs a line of text");
        inst.summary = std::string(rest);
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
    if (kw == "diagram") {
      if (st.has_diagram) fail(ln, kcol, fmt::format("a second 'diagram' in encoding {}", enc.name));
      parse_diagram(st, ln, w);
      ++i;
    } else if (kw == "syntax") {
      if (rest.empty()) fail(ln, kcol + 7, "'syntax' needs a template");
      const uint32_t col = static_cast<uint32_t>(rest.data() - line.data()) + 1;
      parse_syntax(st, ln, rest, col);
      ++i;
    } else if (kw == "operand") {
      parse_operand(st, ln, line, w);
      ++i;
    } else if (kw == "feature") {
      if (w.size() < 2) fail(ln, kcol + 8, "'feature' needs a feature name (FEAT_X)");
      for (size_t k = 1; k < w.size(); ++k) {
        if (!is_identifier(w[k].text)) fail(ln, w[k].col, fmt::format("'{}' is not a feature name", w[k].text));
        enc.features.emplace_back(w[k].text);
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
           fmt::format("unknown keyword '{}' in encoding {}; expected diagram, syntax, operand, feature or decode", kw,
                       enc.name));
    }
  }
  close_encoding();
  if (!have_instruction) fail(1, 1, "not a spec file: no 'instruction NAME' line (only shared*.isa files may omit it)");
  for (Encoding& e : inst.encodings)
    if (e.decode_last_line == 0) e.decode_first_line = 0;
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
    size_t e = t.find(':', p);
    std::string_view part = t.substr(p, e == std::string_view::npos ? std::string_view::npos : e - p);
    const uint32_t col = w.col + static_cast<uint32_t>(p);
    FieldConcat::Part fp;
    if (part.size() >= 3 && part.front() == '\'' && part.back() == '\'') {
      std::string_view digits = part.substr(1, part.size() - 2);
      if (!std::all_of(digits.begin(), digits.end(), [](char c) { return c == '0' || c == '1'; }))
        fail(line, col, fmt::format("bad bit literal {} in FIELDS '{}'; expected '0' and '1' digits", part, t));
      Bits b = Bits::zeros(static_cast<uint32_t>(digits.size()));
      for (size_t k = 0; k < digits.size(); ++k) b.set_bit(static_cast<uint32_t>(digits.size() - 1 - k), digits[k] == '1');
      fp.literal = b;
    } else if (is_identifier(part)) {
      fp.field = std::string(part);
    } else {
      fail(line, col,
           fmt::format("bad FIELDS '{}': '{}' is neither a field name nor a bit literal ('0')", t, part));
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
  op.kind = std::string(w[2].text);
  op.loc = Loc{file_, line, kcol};
  for (const OperandMap& o : enc.operands)
    if (o.name == op.name)
      fail(line, w[1].col, fmt::format("operand <{}> is already mapped at line {}", op.name, o.loc.line));
  OperandSite site;
  site.line = line;

  size_t k = 3;
  auto need = [&](const char* what) -> const Word& {
    if (k >= w.size())
      fail(line, static_cast<uint32_t>(text.size()) + 2,
           fmt::format("operand <{}> {}: missing {}", op.name, op.kind, what));
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
      size_t q = p;
      while (q < s.size() && s[q] != ' ' && s[q] != '+' && s[q] != '-' && s[q] != '*') ++q;
      int64_t v;
      if (!parse_number(s.substr(p, q - p), v))
        fail(line, start_col + static_cast<uint32_t>(p), fmt::format("expected a number after '{}'", opc));
      if (opc == '*') {
        if (have_scale) fail(line, col, "a second '*' scale");
        if (v == 0) fail(line, col, "a scale of 0");
        op.scale = v;
        have_scale = true;
      } else {
        if (!allow_offset) fail(line, col, fmt::format("operand kind '{}' takes no offset", op.kind));
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
      fail(line, w[k].col, fmt::format("unexpected '{}' after operand <{}> {}", w[k].text, op.name, op.kind));
  };

  const std::string& kind = op.kind;
  if (kind == "reg") {
    const Word& cls = need("register class (R, Q, Z, ...)");
    if (!is_identifier(cls.text)) fail(line, cls.col, fmt::format("'{}' is not a register class", cls.text));
    op.reg_class = std::string(cls.text);
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    modifiers(true);
  } else if (kind == "imm" || kind == "simm" || kind == "label") {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    modifiers(true);
  } else if (kind == "cond") {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    no_more();
  } else if (kind == "table") {
    op.fields = parse_fields(need("FIELDS"), line, site.part_cols);
    if (k >= w.size()) fail(line, static_cast<uint32_t>(text.size()) + 2, "a table needs entries 'pattern'=SPELLING");
    for (; k < w.size(); ++k) {
      std::string_view e = w[k].text;
      size_t close = e.size() >= 2 && e[0] == '\'' ? e.find('\'', 1) : std::string_view::npos;
      if (close == std::string_view::npos || close + 1 >= e.size() || e[close + 1] != '=')
        fail(line, w[k].col, fmt::format("bad table entry '{}'; expected 'pattern'=SPELLING", e));
      std::string_view pat = e.substr(1, close - 1);
      if (pat.empty() || !std::all_of(pat.begin(), pat.end(), [](char c) { return c == '0' || c == '1' || c == 'x'; }))
        fail(line, w[k].col + 1, fmt::format("bad pattern '{}'; expected 0, 1 and x", pat));
      const uint32_t n = static_cast<uint32_t>(pat.size());
      BitPattern bp{Bits::zeros(n), Bits::zeros(n)};
      for (uint32_t b = 0; b < n; ++b) {
        const char c = pat[b];
        if (c == 'x') continue;
        bp.care.set_bit(n - 1 - b, true);
        bp.value.set_bit(n - 1 - b, c == '1');
      }
      op.table.emplace_back(std::move(bp), std::string(e.substr(close + 2)));
      site.table_cols.push_back(w[k].col);
    }
  } else if (kind == "list") {
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
  } else if (kind == "const") {
    std::string_view value = trim(text.substr(w[2].col - 1 + w[2].text.size()));
    if (value.empty()) fail(line, static_cast<uint32_t>(text.size()) + 2, "a const operand needs its text");
    op.constant = std::string(value);
  } else {
    fail(line, w[2].col,
         fmt::format("unknown operand kind '{}'; expected reg, imm, simm, table, list, cond, label or const", kind));
  }
  enc.operands.push_back(std::move(op));
  st.sites.push_back(std::move(site));
}

void FileParser::finish_encoding(EncodingState& st) {
  Encoding& enc = *st.enc;
  if (!st.has_diagram) fail(st.line, 1, fmt::format("encoding {} has no diagram", enc.name));
  auto find_operand = [&](const std::string& name) -> const OperandMap* {
    for (const OperandMap& o : enc.operands)
      if (o.name == name) return &o;
    return nullptr;
  };
  // Every operand of every template has a mapping. <c> and <q> (condition and
  // width qualifier) are the assembler's own; the later registers of a register
  // list follow from the list's first.
  for (const OperandUse& u : st.uses) {
    if (u.name == "c" || u.name == "q") continue;
    if (find_operand(u.name)) continue;
    if (u.list_index > 0) {
      const OperandMap* first = find_operand(u.list_first);
      if (first && first->kind == "list") continue;
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
      width += f->width;
    }
    for (size_t t = 0; t < op.table.size(); ++t)
      if (op.table[t].first.care.width() != width)
        fail(site.line, site.table_cols[t],
             fmt::format("table pattern of {} bits for FIELDS '{}' of {} bits", op.table[t].first.care.width(),
                         op.fields.text, width));
  }
}

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

const EncodingField* Encoding::field(const std::string& name) const {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::unique_ptr<TargetSpec> TargetSpec::load(const std::string& target, std::vector<SpecSource> sources,
                                              const BuiltinTable& builtins) {
  auto spec = std::unique_ptr<TargetSpec>(new TargetSpec());
  spec->target_ = target;
  std::stable_partition(sources.begin(), sources.end(),
                        [](const SpecSource& s) { return is_shared_name(s.path); });

  std::map<std::string, std::pair<std::string, uint32_t>> names;  // instruction -> file, line
  for (SpecSource& src : sources) {
    const uint32_t file = spec->sources_.add(src.path, src.text);
    if (is_shared_name(src.path)) {
      parse_declarations(spec->module_, spec->sources_, file);
      continue;
    }
    InstructionSpec inst;
    inst.file = src.path;
    inst.source = file;
    std::vector<std::pair<uint32_t, uint32_t>> ranges;
    FileParser fp(spec->module_, spec->sources_, file, src.path, src.text);
    fp.parse(inst, ranges);
    if (auto it = names.find(inst.name); it != names.end())
      fp.fail(inst.loc.line, inst.loc.col,
              fmt::format("instruction '{}' is already defined at {}:{}", inst.name, it->second.first,
                          it->second.second));
    names[inst.name] = {src.path, inst.loc.line};
    auto lines = split_lines(spec->sources_.text(file));
    for (auto [first, last] : ranges) {
      const uint32_t section = spec->sources_.add(src.path, section_text(lines, first, last));
      parse_declarations(spec->module_, spec->sources_, section);
    }
    // Each encoding runs the operation in its own frame, so each gets its own
    // tree of it (the checker writes frame slots into the tree).
    for (Encoding& enc : inst.encodings)
      if (inst.operation_first_line)
        enc.operation = parse_block(spec->module_, spec->sources_, file, inst.operation_first_line,
                                    inst.operation_last_line);
    if (inst.encodings.empty() && inst.operation_first_line)
      inst.operation = parse_block(spec->module_, spec->sources_, file, inst.operation_first_line,
                                   inst.operation_last_line);
    spec->instructions_.push_back(std::move(inst));
  }

  Checker checker(spec->module_, spec->sources_, builtins);
  checker.check_module();
  for (InstructionSpec& inst : spec->instructions_) {
    for (Encoding& enc : inst.encodings) {
      std::vector<std::pair<std::string, Type>> fields;
      for (const EncodingField& f : enc.fields) fields.emplace_back(f.name, Type::bits(static_cast<int32_t>(f.width)));
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

std::vector<SpecSource> specs_with_dir(const std::string& target, const std::optional<std::string>& spec_dir) {
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
    // The same instruction (or, for shared*.isa, the same file name) replaces
    // the embedded file; anything else adds to the target.
    const std::string inst = is_shared_name(src.path) ? std::string() : instruction_name_of(src.text);
    auto same = std::find_if(out.begin(), out.end(), [&](const SpecSource& e) {
      if (is_shared_name(src.path)) return is_shared_name(e.path) && base_name(e.path) == base_name(src.path);
      return !inst.empty() && !is_shared_name(e.path) && instruction_name_of(e.text) == inst;
    });
    if (same != out.end()) *same = std::move(src);
    else out.push_back(std::move(src));
  }
  std::sort(out.begin(), out.end(), source_order);
  return out;
}

}  // namespace mlisa::spec
