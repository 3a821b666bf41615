// The single-word assembler, decoder and printer (word_isa.hpp).
#include "targets/word_isa.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <functional>

namespace mlisa::targets {

namespace {

using Item = WordTemplate::Item;
using spec::Bits;
using spec::Encoding;
using spec::OperandMap;

// Lower case (unless keep_case: then the same string with its case, so
// positions agree), whitespace runs as one space, no space next to , [ ] #.
// With `origin`, each character's index in s (a space: its run's first).
std::string normalise(std::string_view s, bool keep_case = false, std::vector<size_t>* origin = nullptr) {
  std::string t;
  std::vector<size_t> from;
  bool space = false;
  size_t space_at = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (std::isspace(static_cast<unsigned char>(c))) {
      if (!space) space_at = i;
      space = true;
      continue;
    }
    if (space && !t.empty()) t += ' ', from.push_back(space_at);
    space = false;
    t += keep_case ? c : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    from.push_back(i);
  }
  if (space) t += ' ', from.push_back(space_at);  // kept: a literal may end with the space before an operand
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    auto sticky = [](char c) { return c == ',' || c == '[' || c == ']' || c == '#'; };
    if (t[i] == ' ' && ((i + 1 < t.size() && sticky(t[i + 1])) || (!out.empty() && sticky(out.back())))) continue;
    out += t[i];
    if (origin) origin->push_back(from[i]);
  }
  return out;
}

[[noreturn]] void fail_at(const spec::TargetSpec& ts, const spec::Loc& loc, const std::string& msg) {
  SourceLocation where;
  where.file = ts.sources().name(loc.file);
  where.line = static_cast<int>(loc.line);
  where.col = static_cast<int>(loc.col);
  where.text = ts.sources().line_text(loc);
  throw InputError(std::move(where), msg);
}

std::vector<Item> parse_template(std::string_view t, size_t& i, bool nested) {
  std::vector<Item> items;
  std::string lit;
  auto flush = [&] {
    if (!lit.empty()) items.push_back({Item::Kind::Lit, normalise(lit), {}});
    lit.clear();
  };
  while (i < t.size()) {
    const char c = t[i];
    if (c == '}' && nested) {
      ++i;
      break;
    }
    if (c == '{') {
      flush();
      // A brace that begins with a space and holds a dash is a register list.
      const size_t close = t.find('}', i);
      const std::string_view body = close == std::string_view::npos ? std::string_view() : t.substr(i + 1, close - i - 1);
      if (!body.empty() && body[0] == ' ' && body.find('-') != std::string_view::npos && body.find('<') != std::string_view::npos) {
        const size_t lt = body.find('<'), gt = body.find('>', lt), dash = body.find('-', gt);
        Item list{Item::Kind::List, std::string(body.substr(lt + 1, gt - lt - 1)), {}};
        list.items.push_back({Item::Kind::Lit, normalise(body.substr(gt + 1, dash - gt - 1)), {}});
        items.push_back(std::move(list));
        i = close + 1;
        continue;
      }
      ++i;
      Item opt{Item::Kind::Optional, "", parse_template(t, i, true)};
      // `{<Rd>,}`: an optional first register, the next one when omitted.
      if (opt.items.size() == 2 && opt.items[0].kind == Item::Kind::Operand && opt.items[1].kind == Item::Kind::Lit &&
          opt.items[1].text == ",") {
        opt.same_as_next = true;
        opt.items.push_back({Item::Kind::Same, opt.items[0].text, {}});
        // The space after it: none follows a comma in normalised text.
        size_t j = i;
        while (j < t.size() && t[j] == ' ') ++j;
        i = j;
      }
      items.push_back(std::move(opt));
      continue;
    }
    if (c == '<') {
      flush();
      const size_t e = t.find('>', i);
      items.push_back({Item::Kind::Operand, std::string(t.substr(i + 1, e - i - 1)), {}});
      i = e + 1;
      continue;
    }
    lit += c;
    ++i;
  }
  flush();
  return items;
}

// The word bits of FIELDS, most significant first; -1 for a literal bit
// (its value in `lits`).
struct BitMap {
  std::vector<int> pos;
  std::vector<bool> lit;
};

BitMap bitmap(const Encoding& enc, const spec::FieldConcat& fc) {
  BitMap m;
  for (const auto& p : fc.parts) {
    if (p.field.empty()) {
      for (uint32_t k = p.literal.width(); k-- > 0;) {
        m.pos.push_back(-1);
        m.lit.push_back(p.literal.bit(k));
      }
      continue;
    }
    const spec::EncodingField* f = enc.field(p.field);
    for (uint32_t k = f->width; k-- > 0;) {
      m.pos.push_back(static_cast<int>(f->lo + k));
      m.lit.push_back(false);
    }
  }
  return m;
}

uint64_t read_bits(const BitMap& m, const Bits& word) {
  uint64_t v = 0;
  for (size_t i = 0; i < m.pos.size(); ++i) v = v << 1 | (m.pos[i] < 0 ? m.lit[i] : word.bit(static_cast<uint32_t>(m.pos[i])));
  return v;
}

// Runs f when it goes out of scope unless `done` was set: an operand's
// refusal, said once for every way its parsing gives up.
template <class F>
struct UnlessDone {
  F f;
  bool done = false;
  ~UnlessDone() {
    if (!done) f();
  }
};
template <class F>
UnlessDone(F) -> UnlessDone<F>;

struct State {
  Bits mask, value;
  bool omitted = false;  // an optional `{<Rd>,}` was left out
  // Assigns bit k (from the least significant) of raw to the bits of m;
  // false on a conflict or a literal bit that differs.
  bool assign(const BitMap& m, uint64_t raw, const Bits* care = nullptr) {
    const size_t n = m.pos.size();
    for (size_t i = 0; i < n; ++i) {
      const uint32_t k = static_cast<uint32_t>(n - 1 - i);
      if (care && !care->bit(k)) continue;
      const bool b = k < 64 && ((raw >> k) & 1);
      if (m.pos[i] < 0) {
        if (m.lit[i] != b) return false;
        continue;
      }
      const uint32_t p = static_cast<uint32_t>(m.pos[i]);
      if (mask.bit(p) && value.bit(p) != b) return false;
      mask.set_bit(p, true);
      value.set_bit(p, b);
    }
    return true;
  }
};

const OperandMap* find_op(const Encoding& enc, const std::string& name) {
  for (const auto& o : enc.operands)
    if (o.name == name) return &o;
  return nullptr;
}

// The condition codes by value (ConditionHolds's cond<3:0>), spelled as
// llvm-objdump spells them (hs, lo), then the synonyms cs and cc.
constexpr const char* kCondNames[16] = {"eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc",
                                        "hi", "ls", "ge", "lt", "gt", "le", "al", "nv"};

int cond_value(std::string_view name) {
  for (int i = 0; i < 15; ++i)
    if (name == kCondNames[i]) return i;
  if (name == "cs") return 2;
  if (name == "cc") return 3;
  return -1;
}

// The condition names at the start of s (longest first does not matter:
// every name has two letters).
std::vector<std::pair<int, size_t>> conds_at(std::string_view s) {
  std::vector<std::pair<int, size_t>> out;
  if (s.size() >= 2) {
    const int v = cond_value(s.substr(0, 2));
    if (v >= 0) out.push_back({v, 2});
  }
  return out;
}

bool has_option(const OperandMap& op, const char* o) {
  return std::find(op.label_options.begin(), op.label_options.end(), o) != op.label_options.end();
}

// A label's field value (before scale and offset) to the bits of FIELDS and
// back: the identity, except for t32-j (J1 = NOT(I1 EOR S), J2 likewise,
// where S, I1, I2 are the value's top three bits).
uint64_t t32_j(uint64_t raw, size_t width) {
  if (width < 3) return raw;
  const uint64_t sbit = (raw >> (width - 1)) & 1;
  const uint64_t flip = (sbit ? 0 : 3) << (width - 3);  // NOT(x EOR S): flip when S = 0
  return raw ^ flip;
}

// ThumbExpandImm (shared_int.isa) of a 12-bit i:imm3:imm8, or nothing where
// the manual makes it UNPREDICTABLE (a zero byte in a repeated pattern).
std::optional<uint32_t> thumb_expand_imm(uint32_t imm12) {
  const uint32_t b = imm12 & 0xff;
  if ((imm12 >> 10) == 0) {
    switch ((imm12 >> 8) & 3) {
      case 0: return b;
      case 1: return b ? std::optional<uint32_t>(b << 16 | b) : std::nullopt;
      case 2: return b ? std::optional<uint32_t>(b << 24 | b << 8) : std::nullopt;
      default: return b ? std::optional<uint32_t>(b * 0x01010101u) : std::nullopt;
    }
  }
  const uint32_t unrotated = 0x80 | (imm12 & 0x7f), rot = imm12 >> 7;
  return unrotated >> rot | unrotated << (32 - rot);
}

// The 12-bit fields that expand to `value`: at most one pattern and one
// rotation can, and the pattern is tried first, as GNU as and LLVM do.
std::vector<uint32_t> thumb_modimm_fields(uint32_t value) {
  std::vector<uint32_t> out;
  for (uint32_t pattern = 0; pattern < 4; ++pattern) {
    const uint32_t imm12 = pattern << 8 | ((pattern == 2 ? value >> 8 : value) & 0xff);  // 0xXY00XY00 has XY in bits 15:8
    if (thumb_expand_imm(imm12) == value) out.push_back(imm12);
  }
  for (uint32_t rot = 8; rot < 32; ++rot) {
    const uint32_t unrotated = value << rot | value >> (32 - rot);  // rotate left: undo ROR
    if (unrotated >= 0x80 && unrotated <= 0xff) out.push_back(rot << 7 | (unrotated & 0x7f));
  }
  return out;
}

// `<c>` without a cond operand of its own is the assembler's: the condition
// an IT block gives the instruction.
bool is_it_condition(const Encoding& enc, const std::string& name) {
  if (name != "c") return false;
  const OperandMap* op = find_op(enc, name);
  return !(op && op->kind == "cond");
}

// An optional item that holds just that `<c>` (`{<c>}`).
bool is_optional_it_condition(const Encoding& enc, const Item& optional) {
  return optional.items.size() == 1 && optional.items[0].kind == Item::Kind::Operand &&
         is_it_condition(enc, optional.items[0].text);
}

// An optional item that holds just `<v>` (`{<v>}`): an MVE instruction's
// predicate suffix, t or e inside a VPT block.
bool is_optional_vpt_suffix(const Item& optional) {
  return optional.items.size() == 1 && optional.items[0].kind == Item::Kind::Operand && optional.items[0].text == "v";
}

// A shiftamt operand's two parts: the shift type's bits and the amount's
// (the loader keeps them as one FieldConcat, the type's `count` parts first).
std::pair<BitMap, BitMap> shiftamt_maps(const Encoding& enc, const OperandMap& op) {
  spec::FieldConcat type, amount;
  for (size_t p = 0; p < op.fields.parts.size(); ++p) (p < op.count ? type : amount).parts.push_back(op.fields.parts[p]);
  return {bitmap(enc, type), bitmap(enc, amount)};
}

// DecodeImmShift's amount field for a shift type and a written amount, or
// nothing when the type cannot shift by it: LSL 0-31; LSR and ASR 1-32, 32
// held as 0; ROR 1-31 (ROR with 0 is RRX, written without an amount).
std::optional<uint64_t> shift_amount_field(uint64_t type, uint64_t amount) {
  switch (type) {
    case 0: return amount <= 31 ? std::optional<uint64_t>(amount) : std::nullopt;
    case 1:
    case 2: return amount >= 1 && amount <= 32 ? std::optional<uint64_t>(amount & 31) : std::nullopt;
    default: return amount >= 1 && amount <= 31 ? std::optional<uint64_t>(amount) : std::nullopt;
  }
}

// The amount DecodeImmShift gives a type and field, or nothing for RRX.
std::optional<uint64_t> shift_amount_text(uint64_t type, uint64_t field) {
  if (field == 0 && (type == 1 || type == 2)) return 32;
  if (field == 0 && type == 3) return std::nullopt;
  return field;
}

// VFPExpandImm (shared_vfp.isa) of imm8 = a:b:cd:efgh as a value: the sign
// a, the fraction 1.efgh and the exponent cd+1 (b = 0) or cd-3 (b = 1).
// Every such value is exact in a double, and the same in f16, f32 and f64.
double vfp_imm_value(uint32_t imm8) {
  const int cd = static_cast<int>((imm8 >> 4) & 3);
  const int e = (imm8 & 0x40) ? cd - 3 : cd + 1;
  const double v = std::ldexp(static_cast<double>(16 + (imm8 & 15)) / 16.0, e);
  return (imm8 & 0x80) ? -v : v;
}

int reg_number(const std::string& cls, std::string_view tok) {
  const std::string c = to_lower(cls);
  if (c == "ra") return tok == "apsr" ? 15 : tok == "pc" ? -1 : reg_number("r", tok);  // CLRM's list: APSR for the PC
  if (c == "r") {
    if (tok == "sp") return 13;
    if (tok == "lr") return 14;
    if (tok == "pc") return 15;
    // The procedure-call standard's names, which llvm-mc and GNU as take.
    if (tok == "ip") return 12;
    if (tok == "fp") return 11;
    if (tok == "sl") return 10;
    if (tok == "sb") return 9;
  }
  if (tok.size() <= c.size() || tok.substr(0, c.size()) != c) return -1;
  int n = 0;
  for (char ch : tok.substr(c.size())) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return -1;
    n = n * 10 + (ch - '0');
    if (n > 1000) return -1;
  }
  return n;
}

std::string reg_name(const std::string& cls, int64_t n) {
  const std::string c = to_lower(cls);
  if (c == "ra") return n == 15 ? "apsr" : reg_name("r", n);
  if (c == "r" && n == 13) return "sp";
  if (c == "r" && n == 14) return "lr";
  if (c == "r" && n == 15) return "pc";
  return fmt::format("{}{}", c, n);
}

// Why a text was refused, as llvm-mc says it: the failure furthest into the
// text (the operand to blame), merged over the templates that fail at the
// same operand in the same way (the immediate ranges or registers any of
// them takes). A text that matched a template whole but whose word the
// decode pseudocode refuses (UNPREDICTABLE, ...) beats every partial match.
struct Refusal {
  enum class Kind : uint8_t { None, Syntax, Operand, Imm, Reg, Table, OutsideIt, Whole };
  Kind kind = Kind::None;
  size_t pos = 0;   // where in the normalised text
  std::string msg;  // Syntax, Operand, Whole
  struct Range {
    int64_t lo, hi, step;
  };
  std::vector<Range> ranges;             // Imm: the values taken
  std::string reg_class;                 // Reg
  std::set<int64_t> regs;                // Reg: the register numbers taken
  std::vector<std::string> spellings;    // Table: the spellings taken
  // The text is of the operand's kind (a register of its class, a number),
  // only its value is refused: it says more than a refusal of another kind.
  bool fits_text = false;
  bool see = false;  // Whole: the word is another encoding's (SEE): a refusal of a word of its own says more

  int rank() const {
    switch (kind) {
      case Kind::None: return 0;
      case Kind::Syntax: return 1;
      case Kind::Whole: return 4;
      default: return 2 + fits_text;
    }
  }
  void note(Refusal r) {
    if (kind == Kind::Whole && !(see && r.kind == Kind::Whole && !r.see)) return;  // the first whole match refused says most
    if (r.kind != Kind::Whole && (r.pos < pos || (r.pos == pos && r.rank() < rank()))) return;
    if (r.pos == pos && r.kind == kind && r.rank() == rank() && kind != Kind::Whole) {  // the same operand refused alike: merged
      if (kind == Kind::Imm) ranges.insert(ranges.end(), r.ranges.begin(), r.ranges.end());
      if (kind == Kind::Reg && reg_class == r.reg_class) regs.insert(r.regs.begin(), r.regs.end());
      if (kind == Kind::Table)
        for (auto& sp : r.spellings)
          if (std::find(spellings.begin(), spellings.end(), sp) == spellings.end()) spellings.push_back(sp);
      return;
    }
    *this = std::move(r);
  }
};

// "an immediate in the range [0,255]", "a multiple of 4 in the range
// [-508,508]", several joined with "or" (overlapping ranges of one step merged).
std::string describe_ranges(std::vector<Refusal::Range> rs) {
  std::sort(rs.begin(), rs.end(), [](const auto& a, const auto& b) {
    return a.step != b.step ? a.step < b.step : a.lo < b.lo;
  });
  std::vector<Refusal::Range> merged;
  for (const auto& r : rs) {
    if (!merged.empty() && merged.back().step == r.step && r.lo <= merged.back().hi + r.step &&
        (r.lo - merged.back().lo) % r.step == 0) {
      merged.back().hi = std::max(merged.back().hi, r.hi);
      continue;
    }
    merged.push_back(r);
  }
  std::string out;
  for (size_t i = 0; i < merged.size(); ++i) {
    const auto& r = merged[i];
    if (i) out += " or ";
    out += r.step == 1 ? fmt::format("an immediate in the range [{},{}]", r.lo, r.hi)
                       : fmt::format("an immediate multiple of {} in the range [{},{}]", r.step, r.lo, r.hi);
  }
  return out;
}

// "a register in range [r0, r12] or r14", "an even-numbered register in
// range [r0, r12]" (llvm-mc's wording).
std::string describe_regs(const std::string& cls, const std::set<int64_t>& regs) {
  if (regs.empty()) return "a register";
  const std::string c = to_lower(cls);
  bool even = true, odd = true, every_other = true;
  int64_t prev = -1;
  for (int64_t r : regs) {
    even = even && r % 2 == 0;
    odd = odd && r % 2 == 1;
    if (prev >= 0 && r != prev + 2) every_other = false;
    prev = r;
  }
  if (regs.size() > 1 && (even || odd) && every_other)
    return fmt::format("an {}-numbered register in range [{}{}, {}{}]", even ? "even" : "odd", c, *regs.begin(), c,
                       *regs.rbegin());
  std::vector<std::string> parts;
  for (auto it = regs.begin(); it != regs.end();) {
    int64_t lo = *it, hi = lo;
    for (++it; it != regs.end() && *it == hi + 1; ++it) hi = *it;
    parts.push_back(lo == hi ? fmt::format("{}{}", c, lo) : fmt::format("[{}{}, {}{}]", c, lo, c, hi));
  }
  std::string out = "a register ";
  if (parts.front()[0] == '[') out += "in range ";
  for (size_t i = 0; i < parts.size(); ++i) out += (i == 0 ? "" : i + 1 == parts.size() ? " or " : ", ") + parts[i];
  return out;
}

// The registers of a reg operand's class its FIELDS can hold (literal bits as they are).
std::set<int64_t> reg_operand_range(const OperandMap& op, const BitMap& m) {
  std::set<int64_t> out;
  const size_t w = m.pos.size();
  const uint64_t n = w >= 6 ? 64 : uint64_t{1} << w;
  for (uint64_t v = 0; v < n; ++v) {
    bool ok = true;
    for (size_t i = 0; i < w; ++i)
      if (m.pos[i] < 0 && ((v >> (w - 1 - i)) & 1) != m.lit[i]) ok = false;
    if (ok) out.insert(static_cast<int64_t>(v) * op.scale + op.offset);
  }
  return out;
}

}  // namespace

WordIsa::WordIsa(const spec::TargetSpec& ts, const spec::BuiltinTable& builtins)
    : spec_(ts), decoder_(ts), engine_(ts.module(), builtins) {
  engine_.sources = &ts.sources();
  engine_.reset_globals();
  static const std::set<std::string> kinds = {"reg",    "imm",    "simm",     "table",    "list",     "regmask", "cond",
                                              "label",  "itmask", "modimm",   "shiftamt", "vreglist", "vfpimm",  "const"};
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) {
      for (const auto& op : enc.operands)
        if (!kinds.count(op.kind))
          fail_at(ts, op.loc, fmt::format("operand kind '{}' is not supported by the single-word assembler", op.kind));
      min_width_ = std::min(min_width_, enc.width);
      for (size_t k = 0; k < enc.syntax.size(); ++k) {
        WordTemplate t;
        t.inst = &inst;
        t.enc = &enc;
        t.syntax = k;
        t.it = k < enc.syntax_it.size() ? enc.syntax_it[k] : 0;
        size_t i = 0;
        t.items = parse_template(enc.syntax[k], i, false);
        if (!t.items.empty() && t.items[0].kind == Item::Kind::Lit)
          for (char c : t.items[0].text) {
            if (!std::isalnum(static_cast<unsigned char>(c))) break;
            t.stem += c;
          }
        if (enc.width == 16 && !t.stem.empty()) narrow_stems_.insert(t.stem);
        templates_.push_back(std::move(t));
      }
    }
}

std::string WordIsa::decode_verdict(const Encoding& enc, const Bits& word, std::string* rule) const {
  std::vector<spec::Value> frame = spec_.frame_for(enc, word);
  try {
    engine_.run({&enc.decode}, frame);
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (rule && e.loc.line > 0) {
      const std::string line = spec_.sources().line_text(e.loc);
      const size_t a = line.find_first_not_of(" \t"), b = line.find_last_not_of(" \t;");
      *rule = a == std::string::npos ? "" : line.substr(a, b + 1 - a);
    }
    switch (e.kind) {
      case K::Undefined: return "UNDEFINED";
      case K::Unpredictable: return "UNPREDICTABLE";
      case K::ConstrainedUnpredictable: return "CONSTRAINED UNPREDICTABLE";
      case K::See: return fmt::format("SEE {}", e.detail);
      case K::Nop: return "";
      case K::Exception: return e.detail.empty() ? "an exception" : e.detail;
    }
  } catch (const spec::ExecutionError& e) {
    return e.format(spec_.sources());
  }
  return "";
}

std::string WordIsa::t32_flip_negative(std::string_view text, bool* first) {
  const size_t hash = text.rfind("#-");
  if (hash == std::string_view::npos) return "";
  // The number after #-: its value, then the flipped value's text.
  const std::string_view digits = text.substr(hash + 2);
  uint64_t mag = 0;
  bool neg = false;
  if (digits.empty() || digits[0] == '-' || digits[0] == '+' || scan_integer(digits, mag, neg) != digits.size() || mag == 0 ||
      mag > 0xffffffffu)
    return "";
  size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  const std::string lowered = to_lower(text.substr(start));
  // Pairs whose value is negated (-v) and pairs whose value is inverted (~v = v - 1 here).
  static const std::pair<const char*, const char*> kNegate[] = {{"add", "sub"}, {"sub", "add"}, {"cmp", "cmn"}, {"cmn", "cmp"}};
  static const std::pair<const char*, const char*> kInvert[] = {{"mov", "mvn"}, {"mvn", "mov"}, {"and", "bic"}, {"bic", "and"},
                                                                {"orr", "orn"}, {"orn", "orr"}, {"adc", "sbc"}, {"sbc", "adc"}};
  auto flip = [&](const auto& table, uint64_t value) -> std::string {
    for (const auto& [from, to] : table) {
      const std::string_view f(from);
      if (lowered.compare(0, f.size(), f) != 0) continue;
      *first = f == "add" || f == "sub";
      return std::string(text.substr(0, start)) + to + std::string(text.substr(start + f.size(), hash + 1 - start - f.size())) +
             std::to_string(value);
    }
    return "";
  };
  std::string out = flip(kNegate, mag);
  if (out.empty()) out = flip(kInvert, mag - 1);
  return out;
}

bool WordIsa::t32_modified_immediate(uint32_t value) { return !thumb_modimm_fields(value).empty(); }

WordIsa::Assembled WordIsa::assemble(const std::string& text, const AsmContext& ctx) const {
  bool flip_first = false;
  const std::string flipped = t32 ? t32_flip_negative(text, &flip_first) : "";
  if (flipped.empty()) return assemble_as_written(text, ctx);
  if (flip_first) {
    try {
      return assemble_as_written(flipped, ctx);
    } catch (const InputError&) {
    }
    return assemble_as_written(text, ctx);
  }
  try {
    return assemble_as_written(text, ctx);
  } catch (const InputError&) {
    try {
      return assemble_as_written(flipped, ctx);
    } catch (const InputError&) {
    }
    throw;
  }
}

namespace {

// The column (1-based, in the text as written) of a position in the normalised text.
int column_of(const std::vector<size_t>& origin, size_t p) {
  if (origin.empty()) return 1;
  if (p < origin.size()) return static_cast<int>(origin[p]) + 1;
  return static_cast<int>(origin.back()) + 2;  // past the end: just after the last character
}

// The refusal as llvm-mc words it, at the column it blames.
InputError describe_refusal(const std::string& text, const std::string& trimmed,
                                     const std::vector<size_t>& origin, const Refusal& why, const AsmContext& ctx,
                                     bool t32) {
  using K = Refusal::Kind;
  const size_t mnemonic_end = std::min(trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), trimmed.size());
  const std::string mnemonic = trimmed.substr(0, mnemonic_end);
  size_t at = why.pos;
  std::string msg;
  if (why.kind == K::None || why.kind == K::Whole) {
    msg = why.kind == K::None ? "invalid instruction" : why.msg;
  } else if (at < mnemonic_end) {
    // In the mnemonic: its condition, its VPT predicate, its type suffix, or no such instruction.
    if (why.kind == K::OutsideIt && !ctx.in_it && !ctx.vpt) {
      msg = fmt::format("{} (write 'it {}' before it)", why.msg, mnemonic.substr(at, 2));
      at = 0;
    } else if (why.kind == K::OutsideIt) {
      const std::string want = ctx.vpt ? std::string(1, ctx.vpt) : to_lower(ctx.it_cond);
      const bool got = why.msg.find("got 'none'") == std::string::npos;
      msg = fmt::format("{} (write '{}{}{}')", why.msg, mnemonic.substr(0, at), want,
                        mnemonic.substr(std::min(mnemonic.size(), at + (got ? (ctx.vpt ? 1 : 2) : 0))));
    } else if (trimmed.rfind('.', at) != std::string::npos) {
      at = trimmed.rfind('.', at);
      const size_t end = std::min(trimmed.find('.', at + 1), mnemonic_end);
      msg = fmt::format("invalid type suffix '{}' for instruction", trimmed.substr(at, end - at));
      if (why.kind == K::Table && !why.spellings.empty()) {
        std::string takes;
        for (const std::string& sp : why.spellings) takes += (takes.empty() ? "" : ", ") + (sp[0] == '.' ? sp : "." + sp);
        msg += fmt::format(" (it takes {})", takes);
      }
    } else {
      msg = "invalid instruction";
      at = 0;
    }
  } else {
    switch (why.kind) {
      case K::Imm: msg = "operand must be " + describe_ranges(why.ranges); break;
      case K::Reg: msg = "operand must be " + describe_regs(why.reg_class, why.regs); break;
      case K::Table: {
        // Numbers (a shift amount held as a table): their range.
        std::vector<Refusal::Range> numbers;
        std::string takes;
        for (const std::string& sp : why.spellings) {
          int64_t v = 0;
          const auto r = std::from_chars(sp.data(), sp.data() + sp.size(), v);
          if (r.ec == std::errc() && r.ptr == sp.data() + sp.size()) numbers.push_back({v, v, 1});
          takes += (takes.empty() ? "" : ", ") + sp;
        }
        if (!numbers.empty() && numbers.size() == why.spellings.size()) {
          msg = "operand must be " + describe_ranges(numbers);
          if (at > 0 && trimmed[at - 1] == '#') --at;
        } else if (why.spellings.size() > 12) {
          // A long table (VMOV.I64's byte masks): name a few, not hundreds.
          std::string some;
          for (size_t i = 0; i < 4; ++i) some += why.spellings[i] + ", ";
          msg = fmt::format("operand must be one of the {} values this form takes ({}...)", why.spellings.size(), some);
        } else {
          msg = takes.empty() ? "invalid operand for instruction" : fmt::format("operand must be one of: {}", takes);
        }
        // An immediate held as a table is blamed at its '#', as other immediates are.
        const bool immediates = !why.spellings.empty() &&
            std::all_of(why.spellings.begin(), why.spellings.end(),
                        [](const std::string& sp) { return !sp.empty() && std::isdigit(static_cast<unsigned char>(sp[0])); });
        if (immediates && numbers.size() != why.spellings.size() && at > 0 && trimmed[at - 1] == '#') --at;
        break;
      }
      default: msg = why.msg;
    }
    if (why.kind == K::Syntax && at < trimmed.size() && trimmed[at] == ',') ++at;
    // T32: an offset in brackets is blamed on the memory operand, as llvm-mc blames it.
    if (t32 && (why.kind == K::Imm || (why.kind == K::Syntax && at < trimmed.size()))) {
      const size_t open = trimmed.rfind('[', at);
      if (open != std::string::npos && trimmed.find(']', open) >= at) at = open;
    }
  }
  SourceLocation loc;
  loc.col = column_of(origin, at);
  loc.text = text;
  return InputError(std::move(loc), msg);
}

}  // namespace

WordIsa::Assembled WordIsa::assemble_as_written(const std::string& text, const AsmContext& ctx, bool explain) const {
  std::vector<size_t> origin;  // index in text of each character of trimmed
  const std::string in = normalise(text, false, &origin);
  std::string trimmed = in;
  while (!trimmed.empty() && trimmed.back() == ' ') trimmed.pop_back();
  const std::string cased = normalise(text, true).substr(0, trimmed.size());  // label text keeps its case
  const int it_cond = ctx.in_it ? cond_value(to_lower(ctx.it_cond)) : -1;
  Refusal why;
  Refusal block_why;  // the first IT or VPT block refusal: it explains a refused mnemonic best
  auto refuse_at = [&](Refusal::Kind kind, size_t at, std::string_view msg) {
    if (!explain) return;
    if (kind == Refusal::Kind::OutsideIt && block_why.kind == Refusal::Kind::None) {
      block_why.kind = kind;
      block_why.pos = at;
      block_why.msg = msg;
    }
    Refusal r;
    r.kind = kind;
    r.pos = at;
    r.msg = std::string(msg);
    why.note(std::move(r));
  };
  // The operands of the match in progress, with where their text starts.
  std::vector<std::pair<const OperandMap*, size_t>> trail;
  // A whole match whose word the decode pseudocode refuses (verdict v, at the
  // pseudocode line `rule`): the first operand, in the order written, some
  // other value of which the pseudocode takes; the values it takes describe
  // what the operand must be.
  // The register number a table spelling names (clz's <Rm> is a table), or -1.
  auto table_reg = [](const std::string& spelling) { return reg_number("r", to_lower(spelling)); };
  auto blame = [&](const WordTemplate& t, const Bits& word, const std::string& v, const std::string& rule) {
    Refusal r;
    r.kind = Refusal::Kind::Whole;
    r.see = v.rfind("SEE", 0) == 0;
    const std::string where = fmt::format("{} in {} {}{}{}", v, t.inst->name, t.enc->name, rule.empty() ? "" : ": ", rule);
    r.msg = fmt::format("invalid instruction ({})", where);
    const Encoding& enc = *t.enc;
    // An operand's other values: (bits, care) to write into the word, and what the text would say.
    struct Alt {
      Bits value, care;
      int64_t number;        // a register or immediate, or
      std::string spelling;  // a table's spelling
    };
    auto alternatives = [&](const OperandMap& op) {
      std::vector<Alt> out;
      const BitMap m = bitmap(enc, op.fields);
      const size_t w = m.pos.size();
      auto with = [&](uint64_t x, Bits* value, Bits* care) {
        for (size_t k = 0; k < w; ++k) {
          const bool bit = (x >> (w - 1 - k)) & 1;
          if (m.pos[k] < 0) {
            if (bit != m.lit[k]) return false;
            continue;
          }
          value->set_bit(static_cast<uint32_t>(m.pos[k]), bit);
          care->set_bit(static_cast<uint32_t>(m.pos[k]), true);
        }
        return true;
      };
      if (op.kind == "table") {
        for (const auto& [pat, spelling] : op.table) {
          Alt a{Bits::zeros(enc.width), Bits::zeros(enc.width), 0, spelling};
          for (size_t k = 0; k < w; ++k)
            if (m.pos[k] >= 0 && pat.care.bit(static_cast<uint32_t>(w - 1 - k))) {
              a.value.set_bit(static_cast<uint32_t>(m.pos[k]), pat.value.bit(static_cast<uint32_t>(w - 1 - k)));
              a.care.set_bit(static_cast<uint32_t>(m.pos[k]), true);
            }
          out.push_back(std::move(a));
        }
        return out;
      }
      const uint64_t n = w >= 6 ? 64 : uint64_t{1} << w;
      for (uint64_t x = 0; x < n; ++x) {
        Alt a{Bits::zeros(enc.width), Bits::zeros(enc.width), static_cast<int64_t>(x) * op.scale + op.offset, ""};
        if (with(x, &a.value, &a.care)) out.push_back(std::move(a));
      }
      if (op.kind == "vreglist") {  // the register count too
        const BitMap cm = bitmap(enc, op.count_fields);
        for (uint64_t c = 1; c < 64 && cm.pos.size() < 7 && c < (uint64_t{1} << cm.pos.size()); ++c) {
          Alt a{Bits::zeros(enc.width), Bits::zeros(enc.width), -1, ""};
          for (size_t k = 0; k < cm.pos.size(); ++k)
            if (cm.pos[k] >= 0) {
              a.value.set_bit(static_cast<uint32_t>(cm.pos[k]), (c >> (cm.pos.size() - 1 - k)) & 1);
              a.care.set_bit(static_cast<uint32_t>(cm.pos[k]), true);
            }
          out.push_back(std::move(a));
        }
      }
      return out;
    };
    auto accepted = [&](const Bits& alt) { return decode_verdict(enc, alt).empty(); };
    auto apply = [&](const Alt& a) { return (word & ~a.care) | a.value; };
    // Operands after the mnemonic first: a type suffix is blamed only when no operand can be.
    const size_t mnemonic_end = std::min(trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), trimmed.size());
    for (int pass = 0; pass < 2; ++pass)
      for (size_t i = 0; i < trail.size(); ++i) {
        const auto& [op, at] = trail[i];
        if ((at < mnemonic_end) != (pass == 1)) continue;
        std::vector<Alt> taken;
        for (Alt& a : alternatives(*op)) {
          const Bits alt = apply(a);
          if (alt != word && accepted(alt)) taken.push_back(std::move(a));
        }
        if (taken.empty()) continue;
        r.pos = at;
        if (r.pos > 0 && trimmed[r.pos - 1] == '-') --r.pos;
        if (r.pos > 0 && trimmed[r.pos - 1] == '#') --r.pos;
        // Refused where it equals another register operand of its class, and
        // taken when that one differs: they must differ.
        auto reg_of = [&](const OperandMap& o) -> int64_t {
          if (o.kind == "reg") return static_cast<int64_t>(read_bits(bitmap(enc, o.fields), word)) * o.scale + o.offset;
          if (o.kind != "table") return -1;
          for (const Alt& a : alternatives(o))
            if (apply(a) == word && table_reg(a.spelling) >= 0) return table_reg(a.spelling);
          return -1;
        };
        const int64_t value = reg_of(*op);
        for (size_t j = 0; value >= 0 && j < trail.size(); ++j) {
          const OperandMap* o = trail[j].first;
          if (j == i || o->name == op->name || reg_of(*o) != value || (o->kind == "reg" && o->reg_class != op->reg_class)) continue;
          bool differ = false;
          for (const Alt& a : alternatives(*o)) {
            const int64_t other = o->kind == "reg" ? a.number : table_reg(a.spelling);
            if (other >= 0 && other != value && accepted((word & ~a.care) | a.value)) differ = true;
            if (differ) break;
          }
          if (differ) {
            r.msg = fmt::format("<{}> and <{}> must be different registers ({})", op->name, o->name, where);
            return r;
          }
        }
        std::set<int64_t> regs;
        std::vector<Refusal::Range> numbers;
        std::vector<std::string> words;
        for (const Alt& a : taken) {
          if (op->kind == "reg") regs.insert(a.number);
          else if (op->kind == "table" && table_reg(a.spelling) >= 0) regs.insert(table_reg(a.spelling));
          else if (op->kind == "table") words.push_back(to_lower(a.spelling));
          else if (op->kind == "imm" || op->kind == "simm") numbers.push_back({a.number, a.number, 1});
        }
        if (!regs.empty()) {
          std::string extra;
          for (const std::string& wd : words) extra += " or " + wd;
          r.msg = fmt::format("operand must be {}{} ({})", describe_regs(op->kind == "reg" ? op->reg_class : "r", regs), extra, where);
        } else if (!numbers.empty() && op->scale == 1) {
          r.msg = fmt::format("operand must be {} ({})", describe_ranges(numbers), where);
        } else if (op->kind == "regmask" || op->kind == "vreglist" || op->kind == "list") {
          r.msg = fmt::format("invalid register list for instruction ({})", where);
        } else {
          r.msg = fmt::format("invalid operand for instruction ({})", where);
        }
        return r;
      }
    return r;
  };
  // The first match that omits an optional `{<Rd>,}`: a later template of no
  // greater width that needs no omission is preferred (T32's choice among
  // encodings, as llvm-mc makes it).
  std::optional<Assembled> omitted_match;
  for (const WordTemplate& t : templates_) {
    const Encoding& enc = *t.enc;
    if (enc.width < ctx.min_width || (t.it == 1 && !ctx.in_it) || (t.it == 2 && ctx.in_it)) continue;
    if (trimmed.compare(0, t.stem.size(), t.stem) != 0) continue;  // another mnemonic: the cheap test first
    if (omitted_match && enc.width > omitted_match->enc->width) continue;
    std::optional<Assembled> found;
    bool found_omitted = false;
    // Depth-first over the items; `rest` is the remaining sequence.
    std::function<void(std::vector<const Item*>, size_t, State)> go = [&](std::vector<const Item*> rest, size_t pos,
                                                                         State st) {
      if (found) return;
      if (rest.empty()) {
        if (pos != trimmed.size()) {
          refuse_at(Refusal::Kind::Syntax, pos, "too many operands for instruction");
          return;
        }
        Bits w = enc.fixed_value | enc.should_value | st.value;
        if (ctx.should_be) {
          int n = 0;
          should_be_bits(enc, w, &n);
          if (n == 0 || (n < 64 && *ctx.should_be >> n)) {
            if (explain) refuse_at(Refusal::Kind::Whole, 0,
                      fmt::format("should_be={:#x} does not fit the {} should-be bits of {} {}", *ctx.should_be, n,
                                  t.inst->name, enc.name));
            return;
          }
          int k = n;
          for (uint32_t b = enc.width; b-- > 0;)
            if (enc.should_mask.bit(b)) w.set_bit(b, (*ctx.should_be >> --k) & 1);
        }
        std::string rule;
        const std::string v = decode_verdict(enc, w, &rule);
        if (v.empty()) {
          found = Assembled{t.inst, &enc, w};
          found_omitted = st.omitted;
        } else if (explain && (why.kind != Refusal::Kind::Whole || why.see)) {
          why.note(blame(t, w, v, rule));
        }
        return;
      }
      const Item* it = rest.front();
      std::vector<const Item*> tail(rest.begin() + 1, rest.end());
      const bool peek = it->kind == Item::Kind::Same;  // reads the text, leaves it for the next operand
      auto next = [&](size_t p, const State& s) { go(tail, peek ? pos : p, s); };
      // The same for an operand the decode pseudocode reads (blamed when it refuses).
      auto next_op = [&](const OperandMap* o, size_t p, const State& s) {
        trail.emplace_back(o, pos);
        go(tail, peek ? pos : p, s);
        trail.pop_back();
      };
      std::string_view s = std::string_view(trimmed).substr(pos);
      switch (it->kind) {
        case Item::Kind::Lit:
          if (s.substr(0, it->text.size()) == it->text) {
            next(pos + it->text.size(), st);
          } else if (!it->text.empty() && it->text.back() == ' ') {
            // Normalised text has no space before '#': `b #-420` reads as `b#-420`.
            const size_t n = it->text.size() - 1;
            if (s.substr(0, n) == std::string_view(it->text).substr(0, n) && s.substr(n, 1) == "#") return next(pos + n, st);
          }
          {
            // The first character that differs.
            size_t k = 0;
            while (k < s.size() && k < it->text.size() && s[k] == it->text[k]) ++k;
            while (k > 0 && (s[k - 1] == '#' || s[k - 1] == '-')) --k;  // where an operand's text starts
            // Inside a word (`msp_nzcvq` after a table's `msp`): the word is refused.
            auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
            size_t at = pos + k;
            if (at < trimmed.size() && word_char(trimmed[at]))
              while (at > 0 && word_char(trimmed[at - 1])) --at;
            if (at < pos) {
              refuse_at(Refusal::Kind::Syntax, at, "invalid operand for instruction");
              return;
            }
            k = at - pos;
            if (k < it->text.size() && (it->text[k] == ',' || it->text[k] == ' ') && pos + k == trimmed.size())
              refuse_at(Refusal::Kind::Syntax, pos + k, "too few operands for instruction");
            else
              refuse_at(Refusal::Kind::Syntax, pos + k, "invalid operand for instruction");
          }
          return;
        case Item::Kind::Optional: {
          std::vector<const Item*> with;
          for (const Item& x : it->items)
            if (x.kind != Item::Kind::Same) with.push_back(&x);
          with.insert(with.end(), tail.begin(), tail.end());
          go(with, pos, st);
          if (it->same_as_next) {
            // Omitted: the operand reads the text of the next operand too.
            // (Whatever register text follows: an operand's or a literal SP's.)
            std::vector<const Item*> without = tail;
            without.insert(without.begin(), &it->items.back());
            State st2 = st;
            st2.omitted = true;
            go(without, pos, st2);
            return;
          }
          // Inside an IT block the instruction spells the block's condition.
          // Inside a VPT block an MVE instruction spells its predicate (t or e).
          if (!(ctx.in_it && is_optional_it_condition(enc, *it)) && !(ctx.vpt && is_optional_vpt_suffix(*it)))
            next(pos, st);
          return;
        }
        case Item::Kind::Operand:
        case Item::Kind::Same: break;
        case Item::Kind::List: {
          const OperandMap* op = find_op(enc, it->text);
          if (!op || op->kind != "list") return;
          UnlessDone guard{[&] {
            if (!explain) return;
            refuse_at(Refusal::Kind::Operand, pos,
                      fmt::format("operand must be a list of {} consecutive registers{}", op->count,
                                  op->stride > 1 ? fmt::format(" {} apart", op->stride) : ""));
          }};
          const std::string& suffix = it->items.front().text;
          size_t p = 0;
          auto skip_space = [&] {
            if (p < s.size() && s[p] == ' ') ++p;
          };
          auto reg = [&]() -> int {
            size_t len = 0;
            while (p + len < s.size() && std::isalnum(static_cast<unsigned char>(s[p + len]))) ++len;
            const int n = reg_number(op->reg_class, s.substr(p, len));
            if (n < 0 || n > 31 || s.substr(p + len, suffix.size()) != suffix) return -1;
            p += len + suffix.size();
            return n;
          };
          if (s.empty() || s[0] != '{') return;
          ++p;
          skip_space();
          std::vector<int> regs;
          const int first = reg();
          if (first < 0) return;
          regs.push_back(first);
          skip_space();
          if (p < s.size() && s[p] == '-') {
            ++p;
            skip_space();
            const int last = reg();
            if (last < 0) return;
            for (int r = first; r != last && regs.size() <= 32;) regs.push_back(r = (r + static_cast<int>(op->stride)) % 32);
          } else {
            while (p < s.size() && s[p] == ',') {
              ++p;
              skip_space();
              const int r = reg();
              if (r < 0 || r != (regs.back() + static_cast<int>(op->stride)) % 32) return;
              regs.push_back(r);
            }
          }
          skip_space();
          if (p >= s.size() || s[p] != '}' || regs.size() != op->count) return;
          ++p;
          int64_t raw = first - op->offset;
          if (raw < 0 || raw % op->scale) return;
          raw /= op->scale;
          const BitMap m = bitmap(enc, op->fields);
          if (m.pos.size() < 63 && raw >> m.pos.size()) return;
          State st2 = st;
          if (st2.assign(m, static_cast<uint64_t>(raw))) guard.done = true, next_op(op, pos + p, st2);
          return;
        }
      }
      const std::string& name = it->text;
      const OperandMap* op = find_op(enc, name);
      if (is_it_condition(enc, name)) {
        // The IT block's condition, spelled on the mnemonic.
        if (it_cond < 0) {
          for (const auto& [v, len] : conds_at(s))
            if (len == s.size() || s[len] == ' ' || s[len] == '.')
              refuse_at(Refusal::Kind::OutsideIt, pos, "predicated instructions must be in IT block");
          return next(pos, st);
        }
        bool any = false;
        for (const auto& [v, len] : conds_at(s))
          if (v == it_cond) any = true, next(pos + len, st);
        if (!any)
          if (explain) refuse_at(Refusal::Kind::OutsideIt, pos,
                    fmt::format("incorrect condition in IT block; got '{}', but expected '{}'",
                                conds_at(s).empty() ? std::string("none") : std::string(s.substr(0, 2)), to_lower(ctx.it_cond)));
        return;
      }
      if (name == "q") {
        next(pos, st);
        if (s.substr(0, 2) == ".w" && enc.width == 32) next(pos + 2, st);
        if (s.substr(0, 2) == ".n" && enc.width == 16) next(pos + 2, st);
        return;
      }
      if (name == "v") {
        if (ctx.vpt) {
          if (!s.empty() && s[0] == ctx.vpt) return next(pos + 1, st);
          if (explain) refuse_at(Refusal::Kind::OutsideIt, pos,
                    fmt::format("incorrect predication in VPT block; got '{}', but expected '{}'",
                                !s.empty() && (s[0] == 't' || s[0] == 'e') ? std::string(1, s[0]) : std::string("none"),
                                ctx.vpt));
          return;
        }
        next(pos, st);
        if (!s.empty() && (s[0] == 't' || s[0] == 'e')) next(pos + 1, st);
        return;
      }
      if (!op) return;
      const BitMap m = bitmap(enc, op->fields);
      if (op->kind == "table") {
        bool any = false;
        // After the mnemonic a spelling is a whole word (`#2` is not the start of `#25`).
        const bool whole_word = pos > 0 && trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._") < pos;
        for (const auto& [pat, spelling] : op->table) {
          const std::string sp = to_lower(spelling);
          if (s.substr(0, sp.size()) != sp) continue;
          if (whole_word && !sp.empty() && std::isalnum(static_cast<unsigned char>(sp.back())) && sp.size() < s.size() &&
              (std::isalnum(static_cast<unsigned char>(s[sp.size()])) || s[sp.size()] == '_'))
            continue;
          State st2 = st;
          if (st2.assign(m, pat.value.low64(), &pat.care)) any = true, next_op(op, pos + sp.size(), st2);
        }
        if (any) return;
        // Refused: the spellings the bits chosen so far allow.
        if (!explain) return;
        Refusal r;
        r.kind = Refusal::Kind::Table;
        r.pos = pos;
        for (const auto& [pat, spelling] : op->table) {
          State st2 = st;
          const std::string sp = to_lower(spelling);
          if (!sp.empty() && st2.assign(m, pat.value.low64(), &pat.care) &&
              std::find(r.spellings.begin(), r.spellings.end(), sp) == r.spellings.end())
            r.spellings.push_back(sp);
        }
        why.note(std::move(r));
        return;
      }
      if (op->kind == "const") {
        const std::string c = normalise(op->constant);
        if (s.substr(0, c.size()) == c) return next(pos + c.size(), st);
        if (explain) refuse_at(Refusal::Kind::Operand, pos, fmt::format("operand must be {}", c));
        return;
      }
      if (op->kind == "cond") {
        // A condition field of its own (B T1, T3; IT's first condition).
        if (name == "c" && ctx.in_it) return;  // a conditional branch encoding inside an IT block is UNPREDICTABLE
        if (name == "c") {
          State st2 = st;
          if (st2.assign(m, 14)) next(pos, st2);  // none written: AL
        }
        for (const auto& [v, len] : conds_at(s)) {
          State st2 = st;
          if (st2.assign(m, static_cast<uint64_t>(v))) next_op(op, pos + len, st2);
        }
        if (name != "c" && conds_at(s).empty()) refuse_at(Refusal::Kind::Operand, pos, "invalid condition code");
        return;
      }
      if (op->kind == "regmask") {
        // {r0, r2-r4, lr}: any order, no register twice.
        size_t p = 0, bad = 0;
        const char* bad_msg = "register list expected";
        UnlessDone guard{[&] { if (explain) refuse_at(Refusal::Kind::Operand, pos + bad, bad_msg); }};
        if (s.empty() || s[0] != '{') return;
        ++p;
        uint64_t mask = 0;
        const size_t w = m.pos.size();
        auto reg = [&]() -> int {
          if (p < s.size() && s[p] == ' ') ++p;
          bad = p;
          size_t len = 0;
          while (p + len < s.size() && std::isalnum(static_cast<unsigned char>(s[p + len]))) ++len;
          const int n = reg_number(op->reg_class, s.substr(p, len));
          p += len;
          if (p < s.size() && s[p] == ' ') ++p;
          if (n < 0 || static_cast<size_t>(n) >= w) bad_msg = "register expected";
          return n >= 0 && static_cast<size_t>(n) < w ? n : -1;
        };
        for (;;) {
          const int a = reg();
          if (a < 0) return;
          int b = a;
          if (p < s.size() && s[p] == '-') {
            ++p;
            b = reg();
            if (b < 0) return;
            if (b < a) {
              bad_msg = "bad range in register list";
              return;
            }
          }
          for (int r = a; r <= b; ++r) {
            if ((mask >> r) & 1) {
              bad_msg = "register duplicated in register list";
              return;
            }
            mask |= uint64_t{1} << r;
          }
          if (p < s.size() && s[p] == ',') {
            ++p;
            continue;
          }
          break;
        }
        bad = p;
        bad_msg = "'}' expected";
        if (p >= s.size() || s[p] != '}') return;
        State st2 = st;
        bad = 0;
        bad_msg = "invalid register list for instruction";
        if (st2.assign(m, mask)) guard.done = true, next_op(op, pos + p + 1, st2);
        return;
      }
      if (op->kind == "vreglist") {
        // {s4-s7}, {d0, d1, d2}, {d8}, and with the vpr option a last `vpr`
        // ({s0-s3, vpr}): consecutive registers, lowest first.
        size_t p = 0, bad = 0;
        const char* bad_msg = "register list expected";
        UnlessDone guard{[&] { if (explain) refuse_at(Refusal::Kind::Operand, pos + bad, bad_msg); }};
        auto skip_space = [&] {
          if (p < s.size() && s[p] == ' ') ++p;
        };
        auto reg = [&]() -> int {
          skip_space();
          bad = p;
          bad_msg = "register expected";
          size_t len = 0;
          while (p + len < s.size() && std::isalnum(static_cast<unsigned char>(s[p + len]))) ++len;
          const int n = reg_number(op->reg_class, s.substr(p, len));
          if (n < 0 || n > 31) return -1;
          p += len;
          skip_space();
          return n;
        };
        const bool vpr = has_option(*op, "vpr");
        if (s.empty() || s[0] != '{') return;
        ++p;
        int first = -1, last = -1;
        bool saw_vpr = false;
        for (;;) {
          skip_space();
          if (vpr && s.substr(p, 3) == "vpr") {
            p += 3;
            skip_space();
            saw_vpr = true;
            break;
          }
          const int a = reg();
          if (a < 0) return;
          if (last >= 0 && a != last + 1) {
            bad_msg = a <= last ? "register list not in ascending order" : "non-contiguous register range";
            return;
          }
          int b = a;
          if (p < s.size() && s[p] == '-') {
            ++p;
            b = reg();
            if (b < 0) return;
            if (b < a) {
              bad_msg = "bad range in register list";
              return;
            }
          }
          if (first < 0) first = a;
          last = b;
          if (p < s.size() && s[p] == ',') {
            ++p;
            continue;
          }
          break;
        }
        bad = p;
        bad_msg = vpr && !saw_vpr ? "'vpr' expected at the end of the register list" : "'}' expected";
        if (first < 0 || vpr != saw_vpr || p >= s.size() || s[p] != '}') return;
        const BitMap cm = bitmap(enc, op->count_fields);
        const uint64_t count = static_cast<uint64_t>(last - first + 1) * static_cast<uint64_t>(op->scale);
        bad = 0;
        bad_msg = "invalid register list for instruction";
        if (cm.pos.size() < 63 && count >> cm.pos.size()) return;
        if (m.pos.size() < 63 && static_cast<uint64_t>(first) >> m.pos.size()) return;
        State st2 = st;
        if (st2.assign(m, static_cast<uint64_t>(first)) && st2.assign(cm, count)) guard.done = true, next_op(op, pos + p + 1, st2);
        return;
      }
      if (op->kind == "vfpimm") {
        // A decimal value; the imm8 whose VFPExpandImm is exactly it.
        double v = 0;
        const size_t len = scan_decimal_float(s, v);
        bool any = false;
        for (uint32_t imm8 = 0; len > 0 && imm8 < 256; ++imm8)
          if (vfp_imm_value(imm8) == v) {
            State st2 = st;
            if (st2.assign(m, imm8)) any = true, next_op(op, pos + len, st2);
          }
        if (!any && explain)
          refuse_at(Refusal::Kind::Operand, pos,
                    len == 0 ? std::string("floating-point immediate expected")
                             : "operand must be a floating-point constant +/-(16 to 31)/16 times a power of two "
                               "from 2^-3 to 2^4 (0.125 to 31.0)");
        return;
      }
      if (op->kind == "itmask") {
        // 0 to 3 letters t/e; each says whether that instruction's condition
        // is the first one's (bit 0 equal) or its inverse; a 1 follows them.
        const spec::EncodingField* cf = enc.field(op->reg_class);
        BitMap c0;
        c0.pos.push_back(static_cast<int>(cf->lo));
        c0.lit.push_back(false);
        for (size_t n = 0; n <= 3 && n <= s.size(); ++n) {
          if (n > 0 && s[n - 1] != 't' && s[n - 1] != 'e') break;
          for (uint64_t fc0 = 0; fc0 <= 1; ++fc0) {
            uint64_t mask = uint64_t{1} << (3 - n);
            for (size_t i = 0; i < n; ++i)
              if ((s[i] == 't') == (fc0 == 1)) mask |= uint64_t{1} << (3 - i);
            State st2 = st;
            if (st2.assign(m, mask) && st2.assign(c0, fc0)) next(pos + n, st2);
          }
        }
        refuse_at(Refusal::Kind::Operand, pos, "invalid IT mask (up to three letters t and e)");
        return;
      }
      if (op->kind == "label") {
        size_t len = 0;
        while (len < s.size() && s[len] != ',') ++len;
        while (len > 0 && s[len - 1] == ' ') --len;
        if (len == 0) return;
        const std::string_view tok = std::string_view(cased).substr(pos, len);
        // A symbol or an address, or `#<offset>` from the PC (b #-420, cbz r5,
        // #8: llvm-mc's and GNU as's spelling); `[pc, #4]` is another syntax's.
        std::optional<int64_t> pc_relative;
        bool minus_zero = false;  // `#-0`: only an encoding with a subtract form (add-bit) holds it
        if (tok[0] == '#') {
          const std::string_view n = tok.substr(1);
          uint64_t v = 0;
          bool minus = false;
          if (scan_integer(n, v, minus) != n.size() || v > (uint64_t{1} << 40)) {
            refuse_at(Refusal::Kind::Syntax, pos, "invalid operand for instruction");
            return;
          }
          pc_relative = minus ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
          minus_zero = minus && v == 0;
        } else if (!(std::isalnum(static_cast<unsigned char>(tok[0])) || tok[0] == '_' || tok[0] == '.' || tok[0] == '$')) {
          return;
        }
        int64_t pc = static_cast<int64_t>(ctx.address) + pc_offset;
        if (has_option(*op, "align-pc")) pc &= ~int64_t{3};
        std::optional<int64_t> target;
        if (pc_relative) {
          target = pc + *pc_relative;
        } else {
          uint64_t num = 0;
          bool minus = false;
          if (std::isdigit(static_cast<unsigned char>(tok[0])) && scan_integer(tok, num, minus) == tok.size())
            target = static_cast<int64_t>(num);
          else if (ctx.resolve) target = ctx.resolve(tok);
        }
        if (!target) {
          if (explain) refuse_at(Refusal::Kind::Operand, pos,
                    ctx.resolve ? fmt::format("'{}' is not a symbol", tok)
                                : fmt::format("the label '{}' needs a program around it (mlisa as, mlisa run)", tok));
          return;
        }
        const int64_t delta = *target - pc - op->offset;
        if (delta % op->scale) {
          if (explain) refuse_at(Refusal::Kind::Operand, pos,
                    fmt::format("the target {} is not a multiple of {} bytes away", tok, op->scale < 0 ? -op->scale : op->scale));
          return;
        }
        const int64_t raw = delta / op->scale;
        const size_t w = m.pos.size();
        const bool is_unsigned = has_option(*op, "unsigned"), add_bit = has_option(*op, "add-bit");
        if (minus_zero && !add_bit) return;
        const uint64_t magnitude = raw < 0 ? 0 - static_cast<uint64_t>(raw) : static_cast<uint64_t>(raw);
        const bool fits = add_bit       ? w < 63 && magnitude >> (w - 1) == 0
                          : is_unsigned ? raw >= 0 && (w >= 63 || raw >> w == 0)
                                        : w >= 63 || (raw >= -(int64_t{1} << (w - 1)) && raw < (int64_t{1} << (w - 1)));
        if (!fits) {
          if (explain) refuse_at(Refusal::Kind::Operand, pos, fmt::format("the target {} is out of reach of {} {}", tok, t.inst->name, enc.name));
          return;
        }
        uint64_t bits = add_bit ? uint64_t{raw >= 0 && !minus_zero} << (w - 1) | magnitude
                                : static_cast<uint64_t>(raw) & (w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1);
        if (has_option(*op, "t32-j")) bits = t32_j(bits, w);
        State st2 = st;
        if (st2.assign(m, bits)) next(pos + len, st2);
        return;
      }
      // A register or number token.
      size_t len = 0;
      if (op->kind == "reg") {
        while (len < s.size() && (std::isalnum(static_cast<unsigned char>(s[len])) || s[len] == '_')) ++len;
        const int n = reg_number(op->reg_class, s.substr(0, len));
        int64_t raw = n - op->offset;
        State st2 = st;
        if (n >= 0 && raw >= 0 && raw % op->scale == 0 && (m.pos.size() >= 63 || ((raw / op->scale) >> m.pos.size()) == 0) &&
            st2.assign(m, static_cast<uint64_t>(raw / op->scale)))
          return next_op(op, pos + len, st2);
        if (!explain) return;
        Refusal r;
        r.kind = Refusal::Kind::Reg;
        r.pos = pos;
        r.reg_class = op->reg_class;
        r.regs = reg_operand_range(*op, m);
        r.fits_text = n >= 0;
        why.note(std::move(r));
        return;
      }
      // Where the operand's text starts: its '#' and a '-' the template spells.
      size_t start = pos;
      const bool negated = start > 0 && trimmed[start - 1] == '-';
      if (negated) --start;
      if (start > 0 && trimmed[start - 1] == '#') --start;
      // imm, simm
      bool neg = false;
      uint64_t mag = 0;
      if (!s.empty() && s[0] != '+') len = scan_integer(s, mag, neg);
      if (len == 0) {
        refuse_at(Refusal::Kind::Syntax, start, "immediate value expected");
        return;
      }
      if (op->kind == "modimm") {
        // A negative value is its 32-bit two's complement (cmp.w r0, #-1).
        UnlessDone guard{[&] {
            if (!explain) return;
          refuse_at(Refusal::Kind::Operand, start,
                    "operand must be a modified immediate constant (an 8-bit value rotated right by 8 to 31 bits, or "
                    "0x00XY00XY, 0xXY00XY00, 0xXYXYXYXY)");
        }};
        if (mag > (neg ? 0x80000000u : 0xffffffffu)) return;
        if (neg) mag = (0 - mag) & 0xffffffffu;
        for (uint32_t f : thumb_modimm_fields(static_cast<uint32_t>(mag))) {
          State st2 = st;
          if (st2.assign(m, f)) guard.done = true, next_op(op, pos + len, st2);
        }
        return;
      }
      if (op->kind == "shiftamt") {
        // Each shift type that can shift by the amount (one, when <shift> came first).
        UnlessDone guard{[&] {
            if (!explain) return;
          refuse_at(Refusal::Kind::Operand, pos,
                    "immediate shift value out of range (lsl #0 to #31, lsr and asr #1 to #32, ror #1 to #31)");
        }};
        if (neg) return;
        const auto [type_map, amount_map] = shiftamt_maps(enc, *op);
        if (mag == 0) {
          // A shift by 0 is no shift whatever its type: LSL #0, as llvm-mc and GNU as write it.
          State st2 = st;
          for (int p : type_map.pos)
            if (p >= 0) st2.mask.set_bit(static_cast<uint32_t>(p), false);
          if (st2.assign(type_map, 0) && st2.assign(amount_map, 0)) guard.done = true, next_op(op, pos + len, st2);
          return;
        }
        for (uint64_t type = 0; type < 4; ++type) {
          const std::optional<uint64_t> field = shift_amount_field(type, mag);
          State st2 = st;
          if (field && st2.assign(type_map, type) && st2.assign(amount_map, *field)) guard.done = true, next_op(op, pos + len, st2);
        }
        return;
      }
      const size_t w = m.pos.size();
      // Refused: the values the operand takes (negated where the template spells the '-').
      UnlessDone guard{[&] {
            if (!explain) return;
        Refusal r;
        r.kind = Refusal::Kind::Imm;
        r.pos = start;
        r.fits_text = true;
        if (w < 40 && op->scale > 0) {
          const int64_t n = int64_t{1} << w;
          Refusal::Range range = op->kind == "imm" ? Refusal::Range{op->offset, (n - 1) * op->scale + op->offset, op->scale}
                                                   : Refusal::Range{-(n / 2) * op->scale + op->offset,
                                                                    (n / 2 - 1) * op->scale + op->offset, op->scale};
          if (negated) range = {-range.hi, -range.lo, range.step};
          r.ranges.push_back(range);
        } else {
          r.kind = Refusal::Kind::Operand;
          r.msg = "immediate operand out of range";
        }
        why.note(std::move(r));
      }};
      int64_t raw;
      if (op->kind == "imm") {
        // Unsigned all the way: a scaled immediate may use bit 63 (MOVZ's lsl #48).
        // A negative scale counts down from the offset (VAND's complemented constant).
        if (neg) return;
        uint64_t u;
        if (op->scale < 0) {
          if (op->offset < 0 || mag > static_cast<uint64_t>(op->offset)) return;
          u = static_cast<uint64_t>(op->offset) - mag;
        } else {
          if (op->offset > 0 && mag < static_cast<uint64_t>(op->offset)) return;
          u = mag - static_cast<uint64_t>(op->offset);
        }
        const uint64_t scale = static_cast<uint64_t>(op->scale < 0 ? -op->scale : op->scale);
        if (u % scale) return;
        const uint64_t q = u / scale;
        if (w < 64 && q >> w) return;
        raw = static_cast<int64_t>(q);
      } else {
        if (mag > (uint64_t{1} << 62)) return;
        raw = (neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag)) - op->offset;
        if (raw % op->scale) return;
        raw /= op->scale;
        if (w < 63 && (raw < -(int64_t{1} << (w - 1)) || raw >= (int64_t{1} << (w - 1)))) return;
      }
      State st2 = st;
      if (st2.assign(m, static_cast<uint64_t>(raw) & (w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1)))
        guard.done = true, next_op(op, pos + len, st2);
    };
    std::vector<const Item*> seq;
    for (const Item& x : t.items) seq.push_back(&x);
    go(seq, 0, State{Bits::zeros(enc.width), Bits::zeros(enc.width)});
    if (found && !found_omitted) return *found;
    if (found && !omitted_match) omitted_match = found;
  }
  if (omitted_match) return *omitted_match;
  // Refused: match again, this time noting why (a text that assembles pays nothing for it).
  if (!explain) return assemble_as_written(text, ctx, true);
  const size_t mnemonic_end = std::min(trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), trimmed.size());
  throw InputError(describe_refusal(text, trimmed, origin,
                                    why.pos < mnemonic_end && why.kind != Refusal::Kind::Whole && block_why.kind != Refusal::Kind::None ? block_why : why,
                                    ctx, t32));
}

const Encoding* WordIsa::decode(const Bits& word, const spec::InstructionSpec** inst, std::string* why) const {
  return decode_among(decoder_.candidates(word), word, inst, why);
}

const Encoding* WordIsa::decode_linear(const Bits& word, const spec::InstructionSpec** inst, std::string* why) const {
  return decode_among(WordDecoder::linear(spec_, word), word, inst, why);
}

const Encoding* WordIsa::decode_among(std::span<const WordDecoder::Candidate> cands, const Bits& word,
                                      const spec::InstructionSpec** inst, std::string* why) const {
  std::string last = "UNDEFINED (no encoding matches)";
  for (const WordDecoder::Candidate& c : cands) {
    const Encoding& enc = *c.enc;
    if (enc.width != word.width() || !enc.matches(word)) continue;
    const std::string v = decode_verdict(enc, word);
    if (v.empty()) {
      if (inst) *inst = c.inst;
      return &enc;
    }
    if (v.rfind("SEE", 0) != 0) last = fmt::format("{} ({} {})", v, c.inst->name, enc.name);
  }
  if (why) *why = last;
  return nullptr;
}

std::string WordIsa::print(const Encoding& enc, const Bits& word, const PrintContext& ctx) const {
  const std::vector<std::string> all = print_all(enc, word, ctx, false);
  return all.empty() ? "" : all.front();
}

std::vector<std::string> WordIsa::print_all(const Encoding& enc, const Bits& word, const PrintContext& ctx,
                                            bool fewest_operands_first) const {
  std::vector<std::pair<size_t, std::string>> texts;  // (operands, text)
  for (const WordTemplate& t : templates_) {
    if (t.enc != &enc || (t.it == 1 && !ctx.in_it) || (t.it == 2 && ctx.in_it)) continue;
    std::string out;
    bool ok = true;
    size_t operands = 0;
    for (const Item& it : t.items) {
      if (it.kind == Item::Kind::Optional && it.same_as_next) {
        // `{<Rd>,}`: printed, as llvm-objdump prints every register.
        const OperandMap* op = find_op(enc, it.items[0].text);
        if (!op || op->kind != "reg") {
          ok = false;
          break;
        }
        const int64_t r = static_cast<int64_t>(read_bits(bitmap(enc, op->fields), word)) * op->scale + op->offset;
        out += reg_name(op->reg_class, r) + ",";
        ++operands;
        continue;
      }
      if (it.kind == Item::Kind::Optional) {
        // The VPT block's predicate of this instruction.
        if (ctx.vpt && is_optional_vpt_suffix(it)) out += ctx.vpt;
        // An optional <c> the assembler owns: the IT block's condition.
        if (ctx.in_it && is_optional_it_condition(enc, it)) out += to_lower(ctx.it_cond);
        continue;
      }
      if (it.kind != Item::Kind::Lit) ++operands;
      if (it.kind == Item::Kind::Lit) {
        out += it.text;
        continue;
      }
      const OperandMap* op = find_op(enc, it.text);
      if (is_it_condition(enc, it.text)) {
        out += to_lower(ctx.it_cond);
        continue;
      }
      if (!op) continue;
      if (it.kind == Item::Kind::List) {
        // llvm-mc's style: a range when the list does not wrap and has more
        // than two registers, else the registers one by one.
        const int64_t first = static_cast<int64_t>(read_bits(bitmap(enc, op->fields), word)) * op->scale + op->offset;
        const std::string& suffix = it.items.front().text;
        const int64_t last = (first + static_cast<int64_t>(op->stride) * (op->count - 1)) % 32;
        if (op->count > 2 && op->stride == 1 && last > first) {
          out += fmt::format("{{ {}{} - {}{} }}", reg_name(op->reg_class, first), suffix, reg_name(op->reg_class, last), suffix);
        } else {
          out += "{ ";
          for (uint32_t k = 0; k < op->count; ++k)
            out += fmt::format("{}{}{}", k ? "," : "", reg_name(op->reg_class, (first + static_cast<int64_t>(op->stride) * k) % 32), suffix);
          out += " }";
        }
        continue;
      }
      const BitMap m = bitmap(enc, op->fields);
      const uint64_t raw = read_bits(m, word);
      const size_t w = m.pos.size();
      if (op->kind == "table") {
        bool hit = false;
        for (const auto& [pat, spelling] : op->table)
          if (pat.matches(Bits(static_cast<uint32_t>(w), raw))) {
            out += to_lower(spelling);
            hit = true;
            break;
          }
        if (!hit) ok = false;
      } else if (op->kind == "const") {
        out += normalise(op->constant);
      } else if (op->kind == "cond") {
        if (!(it.text == "c" && raw == 14)) out += kCondNames[raw & 15];
      } else if (op->kind == "regmask") {
        // llvm-mc's style: every register, lowest first.
        out += "{";
        bool first = true;
        for (size_t r = 0; r < w; ++r)
          if ((raw >> r) & 1) {
            out += fmt::format("{}{}", first ? "" : ",", reg_name(op->reg_class, static_cast<int64_t>(r)));
            first = false;
          }
        out += "}";
      } else if (op->kind == "vreglist") {
        // llvm-mc's style: every register, lowest first, then vpr.
        const uint64_t words = read_bits(bitmap(enc, op->count_fields), word);
        const uint64_t count = words / static_cast<uint64_t>(op->scale);
        if (words % static_cast<uint64_t>(op->scale) || (count == 0 && !has_option(*op, "vpr"))) {
          ok = false;
        } else {
          out += "{";
          for (uint64_t k = 0; k < count; ++k)
            out += fmt::format("{}{}", k ? "," : "", reg_name(op->reg_class, static_cast<int64_t>(raw + k)));
          if (has_option(*op, "vpr")) out += count ? ",vpr" : "vpr";
          out += "}";
        }
      } else if (op->kind == "vfpimm") {
        out += fmt::format("{:e}", vfp_imm_value(static_cast<uint32_t>(raw)));
      } else if (op->kind == "itmask") {
        const spec::EncodingField* cf = enc.field(op->reg_class);
        const bool fc0 = word.bit(cf->lo);
        int n = 3;
        while (n >= 0 && !((raw >> (3 - n)) & 1)) --n;
        if (n < 0) ok = false;  // mask 0000 is not an IT
        for (int i = 0; i < n; ++i) out += ((raw >> (3 - i)) & 1) == fc0 ? 't' : 'e';
      } else if (op->kind == "label") {
        uint64_t bits = raw;
        if (has_option(*op, "t32-j")) bits = t32_j(bits, w);
        int64_t v = static_cast<int64_t>(bits);
        if (has_option(*op, "add-bit")) {
          v = static_cast<int64_t>(bits & ((uint64_t{1} << (w - 1)) - 1));
          if (!((bits >> (w - 1)) & 1)) v = -v;
        } else if (!has_option(*op, "unsigned") && w < 64 && (bits >> (w - 1)) & 1) {
          v -= int64_t{1} << w;
        }
        uint64_t pc = ctx.address + static_cast<uint64_t>(pc_offset);
        if (has_option(*op, "align-pc")) pc &= ~uint64_t{3};
        const uint64_t target = pc + static_cast<uint64_t>(v * op->scale + op->offset);
        const std::optional<std::string> name = ctx.name_target ? ctx.name_target(target) : fmt::format("0x{:x}", target);
        if (!name) ok = false;
        else out += *name;
      } else if (op->kind == "shiftamt") {
        const auto [type_map, amount_map] = shiftamt_maps(enc, *op);
        const auto v = shift_amount_text(read_bits(type_map, word), read_bits(amount_map, word));
        if (!v) ok = false;  // RRX: the syntax without an amount prints it
        else out += fmt::format("{}", *v);
      } else if (op->kind == "modimm") {
        const auto v = thumb_expand_imm(static_cast<uint32_t>(raw));
        if (!v) ok = false;
        else out += fmt::format("{}", *v);
      } else if (op->kind == "reg") {
        out += reg_name(op->reg_class, static_cast<int64_t>(raw) * op->scale + op->offset);
      } else if (op->kind == "simm") {
        uint64_t v = raw;
        if (w < 64 && (raw >> (w - 1)) & 1) v -= uint64_t{1} << w;  // wrapping: the value's two's complement
        out += fmt::format("{}", static_cast<int64_t>(v * static_cast<uint64_t>(op->scale) + static_cast<uint64_t>(op->offset)));
      } else {
        out += fmt::format("{}", raw * static_cast<uint64_t>(op->scale) + static_cast<uint64_t>(op->offset));
      }
      if (!ok) break;
    }
    if (!ok) continue;
    // llvm-mc's spacing: a space after each comma and before a `#` that
    // follows a word (`lsl #2`).
    std::string pretty;
    for (char c : out) {
      if (c == '#' && !pretty.empty() && std::isalnum(static_cast<unsigned char>(pretty.back()))) pretty += ' ';
      // and after a mnemonic whose first operand is an address (`pld [r0]`).
      if (c == '[' && pretty.find(' ') == std::string::npos) pretty += ' ';
      pretty += c;
      if (c == ',') pretty += ' ';
    }
    texts.emplace_back(operands, std::move(pretty));
  }
  if (fewest_operands_first)
    std::stable_sort(texts.begin(), texts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (auto& [n, text] : texts) out.push_back(std::move(text));
  return out;
}

uint64_t WordIsa::should_be_bits(const Encoding& enc, const Bits& word, int* count) {
  uint64_t v = 0;
  int n = 0;
  for (uint32_t b = enc.width; b-- > 0;)
    if (enc.should_mask.bit(b)) {
      v = v << 1 | word.bit(b);
      ++n;
    }
  if (count) *count = n;
  return v;
}

std::string WordIsa::vpt_predicates(const spec::InstructionSpec& inst, const Encoding& enc, const Bits& word) const {
  if (inst.name.rfind("VPT", 0) != 0 && inst.name.rfind("VPST", 0) != 0) return "";
  const OperandMap* op = find_op(enc, "mask");
  if (!op || op->kind != "table") return "";
  const BitMap m = bitmap(enc, op->fields);
  const Bits raw(static_cast<uint32_t>(m.pos.size()), read_bits(m, word));
  for (const auto& [pat, spelling] : op->table)
    if (pat.matches(raw)) return "t" + to_lower(spelling);
  return "";
}

std::vector<std::string> WordIsa::it_conditions(const Encoding& enc, const Bits& word) const {
  for (const OperandMap& op : enc.operands) {
    if (op.kind != "itmask") continue;
    const spec::EncodingField* cf = enc.field(op.reg_class);
    const uint64_t first = (word.low64() >> cf->lo) & 15;
    const uint64_t mask = read_bits(bitmap(enc, op.fields), word);
    int n = 3;
    while (n >= 0 && !((mask >> (3 - n)) & 1)) --n;
    if (n < 0) return {};
    std::vector<std::string> out{kCondNames[first]};
    for (int i = 0; i < n; ++i) out.push_back(kCondNames[(first & 14) | ((mask >> (3 - i)) & 1)]);
    return out;
  }
  return {};
}

bool WordIsa::t32_prints_wide(std::string_view text) const {
  if (text.find('!') != std::string_view::npos || text.find("], #") != std::string_view::npos ||
      text.find("#-") != std::string_view::npos)
    return false;
  const std::string mnemonic = to_lower(text.substr(0, std::min(text.find(' '), text.find('.'))));
  if (narrow_stems_.count(mnemonic)) return true;
  return mnemonic.size() > 2 && cond_value(std::string_view(mnemonic).substr(mnemonic.size() - 2)) >= 0 &&
         narrow_stems_.count(mnemonic.substr(0, mnemonic.size() - 2));
}

std::vector<uint8_t> WordIsa::t32_bytes(const Bits& word) {
  const uint64_t v = word.low64();
  if (word.width() == 16) return {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)};
  return {static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24), static_cast<uint8_t>(v),
          static_cast<uint8_t>(v >> 8)};
}

}  // namespace mlisa::targets
