#include "targets/manual.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <optional>
#include <set>

namespace mlisa::targets {

using spec::BundleField;
using spec::Encoding;
using spec::InstructionSpec;
using spec::OperandMap;
using spec::TargetSpec;

// ---- pieces shared with `mlisa spec show` -----------------------------------

std::string pattern_text(const spec::BitPattern& p) {
  std::string s;
  for (uint32_t k = p.care.width(); k-- > 0;) s += p.care.bit(k) ? (p.value.bit(k) ? '1' : '0') : 'x';
  return s;
}

std::string describe_operand(const OperandMap& op) {
  std::string s(spec::kind_name(op.kind));
  if (op.kind == spec::OperandKind::Const) return s + " " + op.constant;
  if (op.kind == spec::OperandKind::Choice) {
    s += " " + op.selector + " " + op.num_type + (op.reg_class.empty() ? "" : " " + op.reg_class);
    for (const auto& [v, sym] : op.alternatives) s += fmt::format(" {}={}", v, sym);
    return s;
  }
  if (op.kind == spec::OperandKind::Mem) {
    s += " <" + op.mem_base + ">";
    if (!op.mem_offset.empty()) s += " <" + op.mem_offset + ">";
    for (const auto& [m, o] : op.mem_modifiers) s += fmt::format(" {}=<{}>", m, o);
    return s;
  }
  if (op.kind == spec::OperandKind::ItMask) return s + " " + op.fields.text + " " + op.reg_class;
  if (op.kind == spec::OperandKind::Bitfield)
    return fmt::format("{} {} {} {} {}", s, op.label_options.front(), op.count, op.fields.text, op.count_fields.text);
  if (!op.reg_class.empty()) s += " " + op.reg_class;
  s += " " + op.fields.text;
  if (op.kind == spec::OperandKind::VRegList) s += " " + op.count_fields.text;
  if (op.kind == spec::OperandKind::VRegList || op.kind == spec::OperandKind::Label || op.kind == spec::OperandKind::Imm ||
      op.kind == spec::OperandKind::ModImm || op.kind == spec::OperandKind::Table)
    for (const auto& o : op.label_options) s += " " + o;
  if (op.kind == spec::OperandKind::List) {
    s += fmt::format(" {}", op.count);
    if (op.stride != 1) s += fmt::format(" {}", op.stride);
  }
  if (op.scale != 1) s += fmt::format(" * {}", op.scale);
  if (op.offset > 0) s += fmt::format(" + {}", op.offset);
  if (op.offset < 0) s += fmt::format(" - {}", -op.offset);
  for (const auto& [pat, spelling] : op.table) s += fmt::format(" '{}'={}", pattern_text(pat), spelling);
  return s;
}

std::vector<std::string> source_lines(const spec::SourceSet& sources, uint32_t file, uint32_t first, uint32_t last,
                                      size_t indent) {
  std::vector<std::string> lines;
  if (!first || last < first) return lines;
  const std::string& text = sources.text(file);
  size_t p = 0;
  for (uint32_t n = 1; n <= last && p <= text.size(); ++n) {
    size_t e = text.find('\n', p);
    if (e == std::string::npos) e = text.size();
    if (n >= first) {
      std::string l = text.substr(p, e - p);
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
    p = e + 1;
  }
  size_t common = std::string::npos;
  for (const auto& l : lines)
    if (l.find_first_not_of(" \t") != std::string::npos) common = std::min(common, l.find_first_not_of(" \t"));
  if (common == std::string::npos) common = 0;
  for (auto& l : lines)
    l = l.find_first_not_of(" \t") == std::string::npos ? "" : std::string(indent, ' ') + l.substr(common);
  return lines;
}

namespace {

// Bit offsets from the top at which the diagram has a `|`.
std::set<uint32_t> bar_positions(const std::string& diagram) {
  std::set<uint32_t> bars;
  uint32_t n = 0;
  size_t p = 0;
  while (p < diagram.size()) {
    while (p < diagram.size() && diagram[p] == ' ') ++p;
    size_t e = diagram.find(' ', p);
    std::string t = diagram.substr(p, e == std::string::npos ? std::string::npos : e - p);
    p = e == std::string::npos ? diagram.size() : e;
    if (t.empty()) continue;
    if (t == "|") bars.insert(n);
    else if (t == "(0)" || t == "(1)") n += 1;
    else if (t.find_first_not_of("01") == std::string::npos) n += static_cast<uint32_t>(t.size());
    else if (auto c = t.find(':'); c != std::string::npos) n += static_cast<uint32_t>(std::stoul(t.substr(c + 1)));
    else n += 1;
  }
  return bars;
}

}  // namespace

std::vector<std::string> draw_diagram(const Encoding& enc) {
  struct Cell {
    uint32_t start, bits;  // from the top
    std::string label;
  };
  std::vector<Cell> cells;
  const uint32_t width = enc.width;
  uint32_t i = 0;
  while (i < width) {
    const uint32_t b = width - 1 - i;
    const spec::EncodingField* field = nullptr;
    // (A field a folded instruction fixes shows its bits.)
    for (const auto& f : enc.fields)
      if (b >= f.lo && b < f.lo + f.width && !enc.fixed_mask.bit(b)) field = &f;
    if (field) {
      cells.push_back({i, field->width, field->name});
      i += field->width;
    } else if (enc.should_mask.bit(b)) {
      cells.push_back({i, 1, enc.should_value.bit(b) ? "(1)" : "(0)"});
      ++i;
    } else {
      cells.push_back({i, 1, enc.fixed_value.bit(b) ? "1" : "0"});
      ++i;
    }
  }
  size_t w = std::max<size_t>(2, std::to_string(width - 1).size());
  for (const Cell& c : cells)
    while (c.label.size() > c.bits * w + (c.bits - 1)) ++w;
  const auto bars = bar_positions(enc.diagram_text);
  const size_t total = width * (w + 1) + 1;

  std::string top(total, '-');
  top.front() = top.back() = '+';
  std::string header;
  // Each part between bars is numbered from its own top bit down to 0, as
  // the manual numbers a 32-bit T32 encoding's halfwords 15..0 | 15..0.
  for (uint32_t k = 0; k < width; ++k) {
    header += (k == 0 || bars.count(k)) ? '|' : ' ';
    const auto next = bars.upper_bound(k);
    header += fmt::format("{:>{}}", (next == bars.end() ? width : *next) - 1 - k, w);
  }
  header += '|';
  std::string rule, row;
  for (const Cell& c : cells) {
    const size_t inner = c.bits * w + (c.bits - 1);
    rule += '+' + std::string(inner, '-');
    const size_t left = (inner - c.label.size() + 1) / 2;
    row += '|' + std::string(left, ' ') + c.label + std::string(inner - c.label.size() - left, ' ');
  }
  rule += '+';
  row += '|';
  return {top, header, rule, row, rule};
}

namespace {

std::string range(uint32_t lo, uint32_t width) {
  return width == 1 ? fmt::format("{}", lo) : fmt::format("{}..{}", lo + width - 1, lo);
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string s;
  for (const auto& l : lines) s += l + "\n";
  return s;
}

// The anchor GitHub (and most Markdown renderers) give a heading.
std::string anchor(const std::string& heading) {
  std::string a;
  for (char c : heading) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '_') a += static_cast<char>(std::tolower(u));
    else if (c == ' ' || c == '-') a += '-';
  }
  return a;
}

// Markdown table cells must not hold a bare `|`.
std::string cell(std::string s) {
  std::string r;
  for (char c : s) r += c == '|' ? std::string("\\|") : std::string(1, c);
  return r;
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

namespace {

// ---- single-word targets ---------------------------------------------------

// A declared register class's names, runs of one prefix shortened: `X0`..`X30`, `SP`.
std::string register_spellings(const spec::RegisterClass& rc) {
  std::string out;
  for (size_t i = 0; i < rc.names.size();) {
    const auto first = numbered_name(rc.names[i]);
    size_t j = i + 1;
    while (first && j < rc.names.size()) {
      const auto next = numbered_name(rc.names[j]);
      if (!next || next->prefix != first->prefix || next->number != first->number + (j - i)) break;
      ++j;
    }
    out += out.empty() ? "" : ", ";
    out += j - i > 2 ? fmt::format("`{}`..`{}`", rc.names[i], rc.names[j - 1]) : fmt::format("`{}`", rc.names[i]);
    if (j - i == 2) out += fmt::format(", `{}`", rc.names[i + 1]);
    i = j;
  }
  return out;
}

// What an operand's text is, in words (the spec's mapping is beside it).
std::string operand_meaning(const OperandMap& op, const spec::RegisterClass* declared) {
  const std::string f = "`" + op.fields.text + "`";
  auto scaled = [&](const std::string& v) {
    std::string s = v;
    if (op.scale != 1) s += fmt::format(" × {}", op.scale);
    if (op.offset > 0) s += fmt::format(" + {}", op.offset);
    if (op.offset < 0) s += fmt::format(" − {}", -op.offset);
    return s;
  };
  if (op.kind == spec::OperandKind::Reg && declared)
    return fmt::format("{} register number {}: {}", op.reg_class, scaled("UInt(" + f + ")"), register_spellings(*declared));
  if (op.kind == spec::OperandKind::Reg) return fmt::format("{} register number {}", op.reg_class, scaled("UInt(" + f + ")"));
  if (op.kind == spec::OperandKind::Imm) return "immediate " + scaled("UInt(" + f + ")");
  if (op.kind == spec::OperandKind::Simm) return "signed immediate " + scaled("SInt(" + f + ")");
  if (op.kind == spec::OperandKind::Table) {
    // Runs of four or more numbered spellings of consecutive values are
    // written as one range: '00000'..'11110' `W0`..`W30`.
    auto next = [&](size_t k) {
      const auto& [p0, s0] = op.table[k];
      const auto& [p1, s1] = op.table[k + 1];
      const auto a = numbered_name(s0), b = numbered_name(s1);
      return p0.care.is_ones() && p1.care.is_ones() && p1.value.low64() == p0.value.low64() + 1 && a && b &&
             a->prefix == b->prefix && b->number == a->number + 1;
    };
    auto spelled = [](const std::string& sp) { return sp.empty() ? std::string("(nothing)") : "`" + sp + "`"; };
    std::string s = f + ":";
    for (size_t k = 0; k < op.table.size();) {
      size_t e = k;
      while (e + 1 < op.table.size() && next(e)) ++e;
      if (k) s += ",";
      if (e >= k + 3) {
        s += fmt::format(" '{}'..'{}' {}..{}", pattern_text(op.table[k].first), pattern_text(op.table[e].first),
                         spelled(op.table[k].second), spelled(op.table[e].second));
      } else {
        e = k;
        s += fmt::format(" '{}' {}", pattern_text(op.table[k].first), spelled(op.table[k].second));
      }
      k = e + 1;
    }
    return s;
  }
  if (op.kind == spec::OperandKind::List)
    return fmt::format("a list of {} {} registers from number UInt({}){}", op.count, op.reg_class, f,
                       op.stride != 1 ? fmt::format(", every {}", op.stride) : "");
  if (op.kind == spec::OperandKind::RegMask) return fmt::format("a list of {} registers: bit k of {} is register k", op.reg_class, f);
  if (op.kind == spec::OperandKind::TileMask) return fmt::format("a list of ZA tiles: bit t of {} is ZAt.D", f);
  if (op.kind == spec::OperandKind::Cond) return "a condition (EQ ... LE) held in " + f;
  if (op.kind == spec::OperandKind::ItMask) return fmt::format("the t/e letters held in the mask {}, relative to bit 0 of `{}`", f, op.reg_class);
  if (op.kind == spec::OperandKind::ModImm)
    return "a modified immediate, the value " + f + " stands for (T32: ThumbExpandImm; A64: the bitmask immediate of DecodeBitMasks)";
  if (op.kind == spec::OperandKind::ShiftAmt) return "a shift amount as DecodeImmShift reads " + f;
  if (op.kind == spec::OperandKind::VRegList)
    return fmt::format("consecutive {} registers from UInt({}), their count in `{}`{}{}", op.reg_class, f,
                       op.count_fields.text, op.scale != 1 ? fmt::format(" × {}", op.scale) : "",
                       op.label_options.empty() ? "" : ", then VPR");
  if (op.kind == spec::OperandKind::Bitfield)
    return fmt::format("the {} of a {}-bit bitfield held in immr `{}` and imms `{}`", op.label_options.front(), op.count,
                       op.fields.text, op.count_fields.text);
  if (op.kind == spec::OperandKind::VfpImm) return "a floating-point constant: VFPExpandImm(" + f + ")";
  if (op.kind == spec::OperandKind::Label) {
    std::string s = "a PC-relative target: " + scaled(f) + " = target − PC";
    for (const auto& o : op.label_options) s += " (" + o + ")";
    return s;
  }
  if (op.kind == spec::OperandKind::Const) return "always `" + op.constant + "`";
  return "";
}

struct Group {
  std::string file;   // page name without .md
  std::string title;
  std::vector<const InstructionSpec*> insts;
  size_t encodings = 0;
};

bool has_feature(const InstructionSpec& i, const std::string& f) {
  return std::find(i.features.begin(), i.features.end(), f) != i.features.end();
}

std::string first_word(const std::string& name) {
  const size_t e = name.find_first_of(" ,");
  return name.substr(0, e);
}

// The groups of a target's instructions, in the order its docs/<target>.md
// presents them; an instruction no group claims goes to the last one.
std::vector<Group> make_groups(const TargetSpec& ts) {
  std::vector<Group> groups;
  std::function<size_t(const InstructionSpec&)> which;
  if (ts.target() == "mve") {
    groups = {{"t32-data-processing", "T32 data processing (with the DSP extension)", {}, 0},
              {"t32-loads-stores", "T32 loads and stores", {}, 0},
              {"t32-branches-system", "T32 branches, loops, hints and system", {}, 0},
              {"fp", "Floating point, scalar (FPv5: half, single, double)", {}, 0},
              {"mve", "MVE (Helium): vector integer and floating point", {}, 0}};
    static const std::set<std::string> control = {
        "B",   "BF",  "BFCSEL", "BFL",   "BFLX", "BKPT", "BL",  "BLX", "BX",  "CBNZ", "CBZ", "CLRM", "CPS",
        "CSDB", "DBG", "DLS",   "DMB",  "DSB",  "ESB",  "HINT", "ISB", "IT",  "LE",   "MRS", "MSR",  "NOP",
        "PSSBB", "SEV", "SSBB", "SVC",  "TBB",  "TT",   "UDF",  "WFE", "WFI", "WLS",  "YIELD"};
    which = [](const InstructionSpec& i) -> size_t {
      if (has_feature(i, "FEAT_MVE")) return 4;
      if (has_feature(i, "FEAT_FP")) return 3;
      const std::string w = first_word(i.name);
      if (control.count(w)) return 2;
      if (w.rfind("LD", 0) == 0 || w.rfind("ST", 0) == 0 || w.rfind("PL", 0) == 0 || w == "PUSH" || w == "POP" ||
          w == "CLREX")
        return 1;
      return 0;
    };
  } else if (ts.target() == "sme2") {
    groups = {{"a64", "A64 base: integer, branches, loads and stores", {}, 0},
              {"sve", "SVE: predicates, counts, vector loads and stores", {}, 0},
              {"sme", "SME: streaming mode, ZA tiles, ZA loads and stores", {}, 0},
              {"sme2", "SME2: multi-vector arithmetic on ZA", {}, 0}};
    which = [](const InstructionSpec& i) -> size_t {
      if (has_feature(i, "FEAT_SME2")) return 3;
      if (has_feature(i, "FEAT_SME")) return 2;
      if (has_feature(i, "FEAT_SVE")) return 1;
      return 0;
    };
  } else {
    // Any other target: one group per first feature.
    std::map<std::string, size_t> index;
    for (const auto& i : ts.instructions()) {
      const std::string f = i.features.empty() ? "other" : i.features[0];
      if (index.emplace(f, groups.size()).second) groups.push_back({anchor(f), f, {}, 0});
    }
    which = [index](const InstructionSpec& i) {
      return index.at(i.features.empty() ? "other" : i.features[0]);
    };
  }
  for (const auto& i : ts.instructions()) {
    Group& g = groups[std::min(which(i), groups.size() - 1)];
    g.insts.push_back(&i);
    g.encodings += i.encodings.size();
  }
  for (auto& g : groups)
    std::stable_sort(g.insts.begin(), g.insts.end(),
                     [](auto* a, auto* b) { return to_lower(a->name) < to_lower(b->name); });
  std::erase_if(groups, [](const Group& g) { return g.insts.empty(); });
  return groups;
}

// The mnemonics a syntax template spells: its text up to the first space (or
// a `.` outside brackets, which starts a data type), with every table operand
// and optional part in it spelled every way (`VMLAV<a>` is VMLAV and VMLAVA).
// Other operands there (`<c>`, `<q>`, a VPT mask) add nothing. `literal` is
// the text before the first operand or option.
std::vector<std::string> spell(const std::string& t, size_t& p, const Encoding& e, bool inner) {
  std::vector<std::string> alts = {""};
  auto times = [&](const std::vector<std::string>& more) {
    std::vector<std::string> out;
    for (const auto& a : alts)
      for (const auto& m : more) out.push_back(a + m);
    if (out.size() <= 64) alts = std::move(out);  // too many: this part adds nothing
  };
  while (p < t.size()) {
    const char c = t[p];
    if (c == ' ' || (c == '.' && !inner)) break;
    if (c == '}') {
      ++p;
      break;
    }
    if (c == '<') {
      const size_t e2 = t.find('>', p);
      if (e2 == std::string::npos) break;
      const std::string name = t.substr(p + 1, e2 - p - 1);
      p = e2 + 1;
      for (const auto& op : e.operands)
        if (op.name == name && op.kind == spec::OperandKind::Table) {
          std::vector<std::string> s;
          for (const auto& [pat, sp] : op.table)
            if (std::find(s.begin(), s.end(), sp) == s.end()) s.push_back(sp);
          times(s);
        }
    } else if (c == '{') {
      ++p;
      std::vector<std::string> opt = spell(t, p, e, true);
      if (std::find(opt.begin(), opt.end(), "") == opt.end()) opt.insert(opt.begin(), "");
      times(opt);
    } else {
      for (auto& a : alts) a += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      ++p;
    }
  }
  return alts;
}

struct Mnemonic {
  std::string text;
  bool alias = false;
};

// The mnemonics an instruction's templates spell, each once, in order; an
// alias is one that does not start with one of the instruction's names
// (ADDS on ADD's page is not an alias, VMLAV on VMLADAV's is).
std::vector<Mnemonic> mnemonics(const InstructionSpec& inst) {
  std::set<std::string> names;
  std::string head = inst.name.substr(0, inst.name.find(" ("));
  for (size_t p = 0; p <= head.size();) {
    size_t e = head.find(", ", p);
    if (e == std::string::npos) e = head.size();
    const std::string n = head.substr(p, e - p);
    names.insert(n);
    names.insert(n.substr(0, n.find('.')));
    p = e + 2;
  }
  std::vector<Mnemonic> out;
  for (const auto& e : inst.encodings)
    for (const auto& t : e.syntax) {
      const std::string literal = t.substr(0, t.find_first_of("<{ ."));
      size_t p = 0;
      for (const auto& m : spell(t, p, e, false)) {
        if (m.empty()) continue;
        bool seen = false;
        for (const auto& o : out) seen |= o.text == m;
        bool named = names.count(literal) > 0;
        for (const auto& n : names) named |= !n.empty() && m.rfind(n, 0) == 0;
        if (!seen) out.push_back({m, !named});
      }
    }
  return out;
}

std::string generated_note(const TargetSpec& ts) {
  return fmt::format(
      "<!-- Generated from isa/{0}/*.isa by `mlisa spec doc --target {0} --out docs/reference` (`make docs`); "
      "do not edit. -->\n\n",
      ts.target());
}

struct WordReference {
  const TargetSpec& ts;
  std::vector<Group> groups;
  std::map<const InstructionSpec*, const Group*> group_of;
  bool single;  // one document: links are to anchors in it

  std::string link(const InstructionSpec& i) const {
    return fmt::format("{}#{}", single ? "" : group_of.at(&i)->file + ".md", anchor(i.name));
  }
  std::string group_link(const Group& g) const {
    return single ? fmt::format("#{}", anchor(g.title)) : fmt::format("{}.md", g.file);
  }
  std::string shared_link() const { return single ? "#shared-pseudocode" : "shared.md"; }
  std::string index_link() const {
    return single ? fmt::format("#{}-instruction-reference", anchor(ts.target())) : std::string("README.md");
  }

  std::string index() const {
    size_t n = 0, e = 0;
    for (const auto& g : groups) n += g.insts.size(), e += g.encodings;
    std::string o = fmt::format("# {} instruction reference\n\n", ts.target());
    o += generated_note(ts);
    o += fmt::format(
        "Every instruction of the `{0}` target as its spec files describe it (isa/{0}/*.isa, "
        "docs/spec-format.md): {1} instructions with {2} encodings. Per instruction: its summary, the "
        "mnemonics it is written with (aliases marked), and per encoding the bit diagram, the assembler "
        "syntaxes, what each operand's text is and which bits hold it, and the decode pseudocode; then the "
        "operation. The helpers the pseudocode calls are in [the shared pseudocode]({3}). "
        "`mlisa spec show --target {0} NAME` prints one instruction.\n\n",
        ts.target(), n, e, shared_link());
    bool cq = false, v = false;
    for (const auto& i : ts.instructions())
      for (const auto& en : i.encodings)
        for (const auto& t : en.syntax) cq |= t.find("<c>") != std::string::npos, v |= t.find("<v>") != std::string::npos;
    if (cq)
      o += "In the syntaxes, `<c>` is the condition an IT block gives the instruction (or one it names itself where the "
           "operand table says so) and `<q>` a `.N` or `.W` width qualifier";
    if (v) o += ", and `<v>` the `T` or `E` suffix of an MVE instruction inside a VPT block";
    if (cq) o += ": the assembler's own, without a row in the operand tables.\n\n";
    o += "| group | instructions | encodings |\n|---|---|---|\n";
    for (const auto& g : groups) o += fmt::format("| [{}]({}) | {} | {} |\n", g.title, group_link(g), g.insts.size(), g.encodings);
    o += fmt::format("| all | {} | {} |\n", n, e);
    for (const auto& g : groups) {
      o += fmt::format("\n## {}, {} instructions\n\n| instruction | encodings | summary |\n|---|---|---|\n", g.title,
                       g.insts.size());
      for (const auto* i : g.insts) {
        std::string encs;
        for (const auto& en : i->encodings) encs += (encs.empty() ? "" : ", ") + en.name;
        o += fmt::format("| [{}]({}) | {} | {} |\n", i->name, link(*i), encs, cell(i->summary));
      }
    }
    // Every mnemonic, with the pages that spell it.
    std::map<std::string, std::vector<std::pair<const InstructionSpec*, bool>>> by;
    for (const auto& i : ts.instructions())
      for (const auto& m : mnemonics(i)) by[m.text].push_back({&i, m.alias});
    o += "\n## Mnemonics\n\nEvery mnemonic the assembler takes (with its suffixes spelled out, conditions and "
         "data types left off), and the instructions it writes. An alias is another spelling of an "
         "instruction's encodings: the page is that instruction's.\n\n| mnemonic | instruction |\n|---|---|\n";
    for (const auto& [m, pages] : by) {
      std::string s;
      for (const auto& [i, alias] : pages)
        s += fmt::format("{}[{}]({}){}", s.empty() ? "" : ", ", i->name, link(*i), alias ? " (alias)" : "");
      o += fmt::format("| `{}` | {} |\n", m, s);
    }
    return o;
  }

  std::string instruction(const InstructionSpec& i) const {
    const spec::SourceSet& src = ts.sources();
    std::string o = fmt::format("\n## {}\n\n{}\n\n", i.name, i.summary);
    std::string names, aliases;
    for (const auto& m : mnemonics(i)) {
      std::string& s = m.alias ? aliases : names;
      s += (s.empty() ? "" : ", ") + ("`" + m.text + "`");
    }
    if (!names.empty()) o += "Mnemonics: " + names + ".";
    if (!aliases.empty()) o += " Aliases (the same encodings written another way): " + aliases + ".";
    if (!names.empty() || !aliases.empty()) o += "\n\n";
    std::string feats;
    for (const auto& f : i.features) feats += (feats.empty() ? "" : ", ") + f;
    o += fmt::format("{}Spec: [isa/{}/{}](../../../isa/{}/{}). {} encoding{}.\n", feats.empty() ? "" : "Features: " + feats + ". ",
                     ts.target(), base_name(i.file), ts.target(), base_name(i.file), i.encodings.size(),
                     i.encodings.size() == 1 ? "" : "s");
    if (!i.folded_when.empty())
      o += fmt::format("The page folds several instructions; this one fixes `{}` (in its pseudocode, those "
                       "fields read so).\n",
                       i.folded_when);
    for (const auto& e : i.encodings) {
      std::string ef;
      for (const auto& f : e.features) ef += (ef.empty() ? "" : ", ") + f;
      o += fmt::format("\n### {} encoding {}{}\n\n", i.name, e.name, ef.empty() ? "" : " (" + ef + ")");
      o += "```text\n" + join_lines(draw_diagram(e)) + "```\n\n";
      o += fmt::format("A word is this encoding when `(word & {}) == {}` ({} bits, the diagram's leftmost bit is bit {}{}).\n\n",
                       e.fixed_mask.to_hex(), e.fixed_value.to_hex(), e.width, e.width - 1,
                       e.diagram_text.find('|') != std::string::npos ? ": the first halfword is the high one" : "");
      if (!e.variant_when.empty())
        o += fmt::format("A variant of an encoding the page writes once: it fixes `{}`.\n\n", e.variant_when);
      if (!e.syntax.empty()) {
        o += "```text\n";
        for (size_t k = 0; k < e.syntax.size(); ++k) {
          const int8_t it = k < e.syntax_it.size() ? e.syntax_it[k] : 0;
          const bool assembler_only = k < e.syntax_assembler_only.size() && e.syntax_assembler_only[k];
          o += e.syntax[k] + (it == 1 ? "    (inside IT block)" : it == 2 ? "    (outside IT block)" : "") +
               (assembler_only ? "    (assembler only)" : "") + "\n";
        }
        o += "```\n\n";
      }
      if (!e.operands.empty()) {
        o += "| operand | is | spec |\n|---|---|---|\n";
        for (const auto& op : e.operands)
          o += fmt::format("| `<{}>` | {} | `{}` |\n", op.name, cell(operand_meaning(op, ts.register_class(op.reg_class))),
                           cell(op.kind == spec::OperandKind::Table ? "table " + op.fields.text : describe_operand(op)));
        o += "\n";
      }
      const auto dec = source_lines(src, i.source, e.decode_first_line, e.decode_last_line, 0);
      if (!dec.empty()) o += "Decode:\n\n```text\n" + join_lines(dec) + "```\n";
    }
    const auto op = source_lines(src, i.source, i.operation_first_line, i.operation_last_line, 0);
    if (!op.empty()) o += fmt::format("\n### {} operation\n\n```text\n{}```\n", i.name, join_lines(op));
    return o;
  }

  std::string group_page(const Group& g) const {
    std::string o = fmt::format("# {}\n\n", g.title);
    if (!single) o += generated_note(ts);
    o += fmt::format("{} instructions, {} encodings, of the `{}` target ([index]({}), [shared pseudocode]({})).\n\n",
                     g.insts.size(), g.encodings, ts.target(), index_link(), shared_link());
    for (const auto* i : g.insts) o += fmt::format("- [{}]({})\n", i->name, link(*i));
    for (const auto* i : g.insts) o += instruction(*i);
    return o;
  }

  std::string shared_page() const {
    std::string o = "# Shared pseudocode\n\n";
    if (!single) o += generated_note(ts);
    o += fmt::format("The state and the helpers of the `{0}` target that every instruction's pseudocode uses "
                     "(isa/{0}/shared*.isa; docs/spec-language.md is the language). [Index]({1}).\n",
                     ts.target(), index_link());
    for (size_t f = 0; f < ts.sources().size(); ++f) {
      const std::string base = base_name(ts.sources().name(static_cast<uint32_t>(f)));
      if (base.rfind("shared", 0) != 0) continue;
      o += fmt::format("\n## {}\n\n```text\n{}```\n", base, ts.sources().text(static_cast<uint32_t>(f)));
    }
    return o;
  }
};

// ---- bundle targets ----------------------------------------------------------

std::string operand_text(const spec::OperandMap& op) {
  if (op.kind == spec::OperandKind::Choice) {
    std::string s = fmt::format("choice of `{}` ({}{}):", op.selector, op.num_type,
                                op.reg_class.empty() ? "" : ", registers " + op.reg_class);
    for (const auto& [v, sym] : op.alternatives) s += fmt::format(" {}=`{}`", v, sym);
    return s;
  }
  if (op.kind == spec::OperandKind::Mem) {
    std::string s = fmt::format("memory `[<{}>", op.mem_base);
    if (!op.mem_offset.empty()) s += fmt::format(" + <{}>", op.mem_offset);
    for (const auto& [m, o] : op.mem_modifiers) s += fmt::format(", {}=<{}>", m, o);
    return s + "]`";
  }
  if (op.kind == spec::OperandKind::Table) {
    std::string s = fmt::format("table of `{}`:", op.fields.text);
    for (const auto& [pat, text] : op.table) {
      s += fmt::format(" '{}'=`{}`", pattern_text(pat), text);
    }
    return s;
  }
  std::string s = fmt::format("{} {}{}", spec::kind_name(op.kind), op.reg_class.empty() ? "" : op.reg_class + " ", op.fields.text);
  if (op.scale != 1) s += fmt::format(" * {}", op.scale);
  if (op.offset) s += fmt::format(" {} {}", op.offset < 0 ? '-' : '+', op.offset < 0 ? -op.offset : op.offset);
  return "`" + s + "`";
}


WordReference word_reference(const TargetSpec& ts, bool single) {
  WordReference r{ts, make_groups(ts), {}, single};
  for (const auto& g : r.groups)
    for (const auto* i : g.insts) r.group_of[i] = &g;
  return r;
}

}  // namespace

std::vector<ManualPage> reference_pages(const TargetSpec& ts) {
  if (ts.bundle()) return {{ts.target() + ".md", bundle_manual(*as::build_isa(ts))}};
  const WordReference r = word_reference(ts, false);
  const std::string dir = ts.target() + "/";
  std::vector<ManualPage> pages = {{dir + "README.md", r.index()}};
  for (const auto& g : r.groups) pages.push_back({dir + g.file + ".md", r.group_page(g)});
  pages.push_back({dir + "shared.md", r.shared_page()});
  return pages;
}

std::string reference_document(const TargetSpec& ts) {
  if (ts.bundle()) return bundle_manual(*as::build_isa(ts));
  const WordReference r = word_reference(ts, true);
  std::string o = r.index();
  for (const auto& g : r.groups) {
    o += '\n';
    o += r.group_page(g);
  }
  o += '\n';
  o += r.shared_page();
  return o;
}

std::string bundle_manual(const as::SpecIsa& si) {
  const spec::TargetSpec& ts = *si.spec;
  const spec::BundleSpec& b = *ts.bundle();
  std::string o;
  o += fmt::format("# {} ISA reference\n\n", b.name);
  o += generated_note(ts);
  o += b.summary + "\n\n";
  o += fmt::format("## The bundle\n\nOne bundle is a {}-bit word ({} bytes, little-endian: byte 0 holds bits 7..0). "
                   "Comments in assembly start with `{}`.\n\n",
                   b.width, b.width / 8, b.comment);
  for (const auto& n : b.notes) o += "- " + n + "\n";
  o += "\n### Shared fields\n\n| field | bits | kind | reached by |\n|---|---|---|---|\n";
  for (const auto& f : b.fields) {
    std::string who;
    if (f.kind == BundleField::Kind::Port) {
      who = fmt::format("slot {} (as `{}`)", f.slot, f.local);
    } else {
      for (const auto& s : b.slots)
        if (std::find(s.reach.begin(), s.reach.end(), f.name) != s.reach.end()) who += (who.empty() ? "" : ", ") + s.name;
    }
    const char* kind = f.kind == BundleField::Kind::Lane   ? "immediate lane"
                       : f.kind == BundleField::Kind::Read ? "scalar read (a register number)"
                                                           : "port (a register number)";
    o += fmt::format("| `{}` | {} | {}{} | {} |\n", f.name, range(f.lo, f.width), kind,
                     f.reg_class.empty() ? "" : ", class " + f.reg_class, who);
  }
  o += "\n### Slots\n\n| slot | diagram bits | predicate bits | opcode (slot bits) | reaches | unit |\n|---|---|---|---|---|---|\n";
  for (const auto& s : b.slots) {
    std::string reach;
    for (const auto& r : s.reach) reach += (reach.empty() ? "" : " ") + r;
    o += fmt::format("| `{}` | {} | {} (NEVER = {}) | {} | {} | {} |\n", s.name, range(s.lo, s.width),
                     range(s.pred_lo, s.pred_width), s.never,
                     s.opcode_width ? range(s.opcode_lo, s.opcode_width) : "-", reach.empty() ? "-" : reach, s.summary);
  }
  o += "\nA bundle is written `{ slot: insn; slot: insn }`, with `(pN) insn` for a predicate other than p0 and "
       "`.encoding name=value, ...` for the bits the text does not determine (docs/assembler.md).\n";

  // Instructions, grouped by their first slot in declaration order.
  o += "\n## Instructions\n\n| instruction | slots | summary |\n|---|---|---|\n";
  std::vector<const spec::InstructionSpec*> insts;
  for (const auto& i : ts.instructions()) insts.push_back(&i);
  auto slot_rank = [&](const spec::InstructionSpec* i) {
    for (size_t k = 0; k < b.slots.size(); ++k)
      if (!i->encodings.empty() && !i->encodings[0].slots.empty() && i->encodings[0].slots[0] == b.slots[k].name) return k;
    return b.slots.size();
  };
  std::stable_sort(insts.begin(), insts.end(), [&](auto* x, auto* y) { return slot_rank(x) < slot_rank(y); });
  for (const auto* i : insts) {
    std::string slots;
    if (!i->encodings.empty())
      for (const auto& s : i->encodings[0].slots) slots += (slots.empty() ? "" : " ") + s;
    o += fmt::format("| [{}](#{}) | {} | {} |\n", i->name, anchor(i->name), slots, i->summary);
  }
  for (const auto* i : insts) {
    o += fmt::format("\n### {}\n\n{}\n", i->name, i->summary);
    for (const auto& e : i->encodings) {
      const spec::BundleSlot& first = *b.slot(e.slots[0]);
      std::string slots;
      for (const auto& s : e.slots) slots += (slots.empty() ? "" : ", ") + fmt::format("`{}` (bits {})", s, range(b.slot(s)->lo, b.slot(s)->width));
      o += fmt::format("\n#### Encoding {}\n\nSlots: {}. Diagram, bit {} first: `{}`\n\n", e.name, slots, e.width - 1,
                       e.diagram_text);
      o += fmt::format("| field | slot bits | bundle bits in `{}` |\n|---|---|---|\n", first.name);
      std::string fixed;
      for (uint32_t k = e.width; k-- > 0;)
        if (e.fixed_mask.bit(k)) fixed += e.fixed_value.bit(k) ? '1' : '0';
      for (const auto& f : e.fields)
        o += fmt::format("| `{}` | {} | {} |\n", f.name, range(f.lo, f.width), range(first.lo + f.lo, f.width));
      for (const auto& g : e.globals) {
        const BundleField* f = b.local(first.name, g);
        o += fmt::format("| `{}` (shared: `{}`) | - | {} |\n", g, f->name, range(f->lo, f->width));
      }
      o += fmt::format("| predicate | - | {} |\n", range(first.pred_lo, first.pred_width));
      o += "\nSyntax:\n\n```\n";
      for (const auto& s : e.syntax) o += s + "\n";
      o += "```\n\n";
      if (!e.operands.empty()) {
        o += "| operand | encoding |\n|---|---|\n";
        for (const auto& op : e.operands) o += fmt::format("| `<{}>` | {} |\n", op.name, operand_text(op));
        o += "\n";
      }
      const std::string dec = join_lines(source_lines(ts.sources(), i->source, e.decode_first_line, e.decode_last_line, 0));
      if (!dec.empty()) o += "Decode:\n\n```\n" + dec + "```\n";
    }
    const std::string op =
        join_lines(source_lines(ts.sources(), i->source, i->operation_first_line, i->operation_last_line, 0));
    if (!op.empty()) o += "\nOperation:\n\n```\n" + op + "```\n";
  }
  o += "\n## Shared pseudocode\n\nThe state and the helpers every instruction uses, from the target's shared*.isa files.\n";
  for (size_t f = 0; f < ts.sources().size(); ++f) {
    const std::string base = base_name(ts.sources().name(static_cast<uint32_t>(f)));
    if (base.rfind("shared", 0) != 0) continue;
    o += fmt::format("\n### {}\n\n```\n{}```\n", base, ts.sources().text(static_cast<uint32_t>(f)));
  }
  return o;
}

}  // namespace mlisa::targets
