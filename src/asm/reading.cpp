// The one operand reader (reading.hpp).
#include "asm/reading.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <climits>
#include <optional>
#include <type_traits>
#include <variant>

namespace mlisa::as {

int Refusal::rank() const {
  switch (kind) {
    case Kind::None: return 0;
    case Kind::Syntax: return 1;
    case Kind::Whole: return 4;
    default: return 2 + fits_text;
  }
}

void Refusal::note(Refusal r) {
  if (kind == Kind::Whole && !(see && r.kind == Kind::Whole && !r.see)) return;  // the first whole match refused says most
  if (r.kind != Kind::Whole && (r.pos < pos || (r.pos == pos && r.rank() < rank()))) return;
  if (r.pos == pos && r.kind == kind && r.rank() == rank() && kind != Kind::Whole) {  // the same operand refused alike: merged
    if (kind == Kind::Imm) ranges.insert(ranges.end(), r.ranges.begin(), r.ranges.end());
    if (kind == Kind::Reg && reg_class == r.reg_class) regs.insert(r.regs.begin(), r.regs.end());
    if (kind == Kind::Table || kind == Kind::Reg)
      for (auto& sp : r.spellings)
        if (std::find(spellings.begin(), spellings.end(), sp) == spellings.end()) spellings.push_back(sp);
    return;
  }
  *this = std::move(r);
}

namespace operands {

namespace {

constexpr std::string_view kMnemonicChars = "abcdefghijklmnopqrstuvwxyz0123456789._";

// Past the mnemonic a table's spelling is a whole word (`#2` is not the start of `#25`).
bool past_mnemonic(const TextAt& at) { return at.pos > 0 && at.line.find_first_not_of(kMnemonicChars) < at.pos; }

// Where a number's text starts: its '#' and a '-' the template spells before it.
size_t number_start(const TextAt& at) {
  size_t start = at.pos;
  if (start > 0 && at.line[start - 1] == '-') --start;
  if (start > 0 && at.line[start - 1] == '#') --start;
  return start;
}

// The registers of a reg operand's class its FIELDS can hold where the
// operands before it have set some of their bits (literal bits as they are):
// a register named twice (`<Qd>[<idxh>], <Qd>[<idxl>]`) takes only the first.
std::set<int64_t> reg_operand_range(const Reg& op, const Assignment& before) {
  std::set<int64_t> out;
  const size_t w = op.map.width();
  const uint64_t n = w >= 6 ? 64 : uint64_t{1} << w;
  for (uint64_t v = 0; v < n; ++v) {
    const int64_t r = static_cast<int64_t>(v) * op.scale + op.offset;
    if (op.regs.declared && r >= op.regs.count()) continue;  // a value the class has no name for
    if (Assignment p = before; assign(p, op.map, v)) out.insert(r);
  }
  return out;
}

// The values a Number takes, when its ends fit in 64 bits (MOV's #imm16 << 48 does not).
std::optional<Refusal::Range> number_range(const Number& num) {
  const size_t w = num.map.width();
  if (w >= 40 || num.scale <= 0) return std::nullopt;
  const int64_t n = int64_t{1} << w;
  int64_t lo_raw = num.is_signed ? -(n / 2) : 0, hi_raw = num.is_signed ? n / 2 - 1 : n - 1;
  // Bits that are all literals (`imm '0' + 2`, LD1R's post-index constant): the one value they hold.
  if (w > 0 && std::all_of(num.map.pos.begin(), num.map.pos.end(), [](int p) { return p < 0; })) {
    const uint64_t v = read_bits(num.map, Bits(1, 0));
    lo_raw = hi_raw = num.is_signed && (v >> (w - 1) & 1) ? static_cast<int64_t>(v) - n : static_cast<int64_t>(v);
  }
  int64_t lo, hi;
  if (__builtin_mul_overflow(lo_raw, num.scale, &lo) || __builtin_add_overflow(lo, num.offset, &lo) ||
      __builtin_mul_overflow(hi_raw, num.scale, &hi) || __builtin_add_overflow(hi, num.offset, &hi) || lo == INT64_MIN)
    return std::nullopt;
  return Refusal::Range{lo, hi, num.scale};
}

Refusal refused(Refusal::Kind kind, size_t pos, std::string msg, bool fits_text = false) {
  Refusal r;
  r.kind = kind;
  r.pos = pos;
  r.msg = std::move(msg);
  r.fits_text = fits_text;
  return r;
}

}  // namespace

void read(const Kind& k, const TextAt& at, std::vector<Way>& out) {
  const std::string_view s = at.rest();
  // The raws a kind's parse gave, all of one length.
  thread_local std::vector<Raw> raws;
  auto of_length = [&](size_t len) {
    if (len)
      for (const Raw& r : raws) out.push_back({len, r});
    raws.clear();
  };
  raws.clear();
  std::visit(
      [&](const auto& kind) {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, Table> || std::is_same_v<K, ItMask>) {
          thread_local std::vector<size_t> lengths;
          lengths.clear();
          if constexpr (std::is_same_v<K, Table>) kind.parse_all(s, past_mnemonic(at), raws, lengths);
          else kind.parse_all(s, raws, lengths);
          for (size_t i = 0; i < raws.size(); ++i) out.push_back({lengths[i], raws[i]});
          raws.clear();
        } else if constexpr (std::is_same_v<K, Cond>) {
          if (kind.own_c) out.push_back({0, Raw{14}});  // none written: AL
          of_length(kind.parse(s, raws));
        } else if constexpr (std::is_same_v<K, RegMask> || std::is_same_v<K, TileMask> || std::is_same_v<K, VRegList>) {
          size_t bad = 0;
          const char* msg = "";
          of_length(kind.parse(s, raws, &bad, &msg));
        } else if constexpr (std::is_same_v<K, List> || std::is_same_v<K, Label> || std::is_same_v<K, Mem>) {
          // read_list and read_label; Mem is the bundle engine's.
        } else {
          of_length(kind.parse(s, raws));
        }
      },
      k);
}

bool encode(const Kind& k, const Raw& r, Assignment& p) {
  if (const auto* shift = std::get_if<ShiftAmt>(&k); shift && r == Raw{0, 0})  // written #0
    for (int bit : shift->type.pos)
      if (bit >= 0) p.unset(Field{static_cast<uint32_t>(bit), 1});
  return std::visit(
      [&](const auto& kind) {
        if constexpr (requires { kind.encode(r, p); }) return kind.encode(r, p);
        else return false;
      },
      k);
}

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
  // A few values are named one by one, as llvm-mc does ("1, 2, 4 or 8", not
  // "[1,2] or [4,4] or [8,8]").
  std::string out;
  std::vector<int64_t> values;
  for (const auto& r : merged)
    for (int64_t v = r.lo; v <= r.hi && values.size() <= 8; v += r.step) values.push_back(v);
  const bool one_range = merged.size() == 1 && merged[0].step == 1;
  if (values.size() <= 8 && !one_range) {
    if (values.size() == 1) return fmt::format("the immediate {}", values[0]);
    out = "one of the immediates ";
    for (size_t i = 0; i < values.size(); ++i)
      out += fmt::format("{}{}", i == 0 ? "" : i + 1 == values.size() ? " or " : ", ", values[i]);
    return out;
  }
  for (size_t i = 0; i < merged.size(); ++i) {
    const auto& r = merged[i];
    if (i) out += " or ";
    out += r.lo == r.hi    ? fmt::format("the immediate {}", r.lo)
           : r.step == 1 ? fmt::format("an immediate in the range [{},{}]", r.lo, r.hi)
                         : fmt::format("an immediate multiple of {} in the range [{},{}]", r.step, r.lo, r.hi);
  }
  return out;
}

// "a register in range [r0, r12] or r14", "an even-numbered register in
// range [r0, r12]" (llvm-mc's wording).
std::string describe_regs(const std::string& prefix, const std::set<int64_t>& regs) {
  if (regs.empty()) return "a register";
  const std::string& c = prefix;
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

std::optional<int64_t> spelled_number(std::string_view spelling) {
  int64_t v = 0;
  const auto r = std::from_chars(spelling.data(), spelling.data() + spelling.size(), v);
  if (r.ec != std::errc() || r.ptr != spelling.data() + spelling.size()) return std::nullopt;
  return v;
}

namespace {

// The values a table takes: numbers (a shift amount held as a table) as their
// range, a long table (VMOV.I64's byte masks) by a few of them.
std::string describe_table(const std::vector<std::string>& spellings) {
  if (spellings.empty()) return "invalid operand for instruction";
  std::vector<Refusal::Range> numbers;
  for (const std::string& sp : spellings)
    if (const std::optional<int64_t> v = spelled_number(sp)) numbers.push_back({*v, *v, 1});
  if (numbers.size() == spellings.size()) return "operand must be " + describe_ranges(numbers);
  if (spellings.size() > 12) {
    std::string some;
    for (size_t i = 0; i < 4; ++i) some += spellings[i] + ", ";
    return fmt::format("operand must be one of the {} values this form takes ({}...)", spellings.size(), some);
  }
  return fmt::format("{}{}", kOneOf, fmt::join(spellings, ", "));
}

}  // namespace

std::string describe(const Refusal& r) {
  switch (r.kind) {
    case Refusal::Kind::Imm: return "operand must be " + describe_ranges(r.ranges);
    case Refusal::Kind::Reg:
      if (!r.spellings.empty()) return describe_table(r.spellings);
      return "operand must be " + describe_regs(r.reg_class, r.regs);
    case Refusal::Kind::Table: return describe_table(r.spellings);
    default: return r.msg.empty() ? "invalid operand for instruction" : r.msg;
  }
}

void name_registers(const RegNames& names, Refusal& r) {
  r.spellings.clear();
  if (!r.regs.empty() && std::all_of(r.regs.begin(), r.regs.end(), [&](int64_t x) { return names.name(x) != r.reg_class + std::to_string(x); }))
    for (int64_t x : r.regs) r.spellings.push_back(names.name(x));
}

std::vector<OtherValue> values_of(const Kind& k, uint32_t width) {
  std::vector<OtherValue> out;
  // Every raw value of a map (its first 64 when it is wider than 6 bits), as value = raw × scale + offset.
  auto raws = [&](const BitMap& m, int64_t scale, int64_t offset, bool numbered) {
    const uint64_t n = m.pos.size() >= 6 ? 64 : uint64_t{1} << m.pos.size();
    for (uint64_t raw = 0; raw < n; ++raw) {
      OtherValue v{Assignment(width), std::nullopt, ""};
      if (!assign(v.bits, m, raw, nullptr, false)) continue;  // literal bits the value does not have
      if (numbered) v.number = static_cast<int64_t>(raw) * scale + offset;
      out.push_back(std::move(v));
    }
  };
  std::visit(
      [&](const auto& kind) {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, Table>) {
          for (const Table::Entry& e : kind.entries) {
            OtherValue v{Assignment(width), std::nullopt, e.spelling};
            if (assign(v.bits, kind.map, e.pat.value.low64(), &e.pat.care, false)) out.push_back(std::move(v));
          }
        } else if constexpr (std::is_same_v<K, VRegList>) {
          raws(kind.map, kind.scale, 0, true);
          for (uint64_t c = 1; kind.count.pos.size() < 7 && c < (uint64_t{1} << kind.count.pos.size()); ++c) {  // the count too
            OtherValue v{Assignment(width), std::nullopt, ""};
            if (assign(v.bits, kind.count, c, nullptr, false)) out.push_back(std::move(v));
          }
        } else if constexpr (requires { kind.map; kind.scale; kind.offset; }) {
          raws(kind.map, kind.scale, kind.offset, true);
        } else if constexpr (requires { kind.map; }) {
          raws(kind.map, 1, 0, true);
        }
      },
      k);
  return out;
}

Assignment with_value(const Assignment& word, const OtherValue& v) {
  Assignment a = word;
  for (uint32_t b = 0; b < v.bits.width(); ++b)
    if (v.bits.assigned({b, 1})) a.unset({b, 1});
  a.merge(v.bits);
  return a;
}

std::vector<OtherValue> values_taken(const Kind& k, const Assignment& word, const std::function<bool(const Assignment&)>& takes) {
  std::vector<OtherValue> out;
  for (OtherValue& v : values_of(k, word.width())) {
    const Assignment other = with_value(word, v);
    if (!(other == word) && takes(other)) out.push_back(std::move(v));
  }
  return out;
}

std::string describe_taken(const Kind& k, const std::vector<OtherValue>& taken, const RegNames* table_regs) {
  const auto* reg = std::get_if<Reg>(&k);
  const bool is_table = std::holds_alternative<Table>(k);
  Refusal r;
  r.kind = Refusal::Kind::Reg;
  std::vector<std::string> words;  // a table's spellings that are not registers
  std::vector<Refusal::Range> numbers;
  for (const OtherValue& v : taken) {
    const int number = is_table && table_regs ? table_regs->number(v.spelling) : -1;
    if (reg && v.number) r.regs.insert(*v.number);
    else if (number >= 0) r.regs.insert(number);
    else if (is_table) words.push_back(v.spelling);
    else if (const auto* num = std::get_if<Number>(&k); num && num->scale == 1 && v.number) numbers.push_back({*v.number, *v.number, 1});
  }
  if (!r.regs.empty()) {
    const RegNames& names = reg ? reg->regs : *table_regs;
    r.reg_class = names.prefix();
    name_registers(names, r);
    if (!r.spellings.empty() && words.empty()) return describe(r);  // registers not numbered (sp, lr)
    std::string extra;
    for (const std::string& w : words) extra += " or " + w;
    return "operand must be " + describe_regs(r.reg_class, r.regs) + extra;
  }
  if (!numbers.empty()) return "operand must be " + describe_ranges(numbers);
  if (std::holds_alternative<RegMask>(k) || std::holds_alternative<TileMask>(k) || std::holds_alternative<VRegList>(k) ||
      std::holds_alternative<List>(k))
    return "invalid register list for instruction";
  return "invalid operand for instruction";
}

Refusal refusal(const Kind& k, const TextAt& at, const Assignment& before) {
  using R = Refusal::Kind;
  const std::string_view s = at.rest();
  std::vector<Raw> raws;
  uint64_t mag = 0;
  bool neg = false;
  const size_t start = number_start(at);
  const bool number_text = scan_integer(s, mag, neg) > 0;
  return std::visit(
      [&](const auto& kind) -> Refusal {
        using K = std::decay_t<decltype(kind)>;
        if constexpr (std::is_same_v<K, Reg>) {
          int n = -1;
          kind.parse(s, raws, &n);
          Refusal r;
          r.kind = R::Reg;
          r.pos = at.pos;
          r.reg_class = kind.regs.prefix();
          r.regs = reg_operand_range(kind, before);
          r.fits_text = n >= 0;
          name_registers(kind.regs, r);
          return r;
        } else if constexpr (std::is_same_v<K, Table>) {
          // The spellings the bits chosen so far allow.
          Refusal r;
          r.kind = R::Table;
          r.pos = at.pos;
          for (size_t i = 0; i < kind.entries.size(); ++i) {
            Assignment p = before;
            const std::string& sp = kind.entries[i].spelling;
            if (!sp.empty() && kind.encode(Raw{0, i + 1}, p) && std::find(r.spellings.begin(), r.spellings.end(), sp) == r.spellings.end())
              r.spellings.push_back(sp);
          }
          return r;
        } else if constexpr (std::is_same_v<K, Const>) {
          return refused(R::Operand, at.pos, fmt::format("operand must be {}", kind.text));
        } else if constexpr (std::is_same_v<K, Cond>) {
          return kind.own_c ? Refusal{} : refused(R::Operand, at.pos, "invalid condition code");
        } else if constexpr (std::is_same_v<K, RegMask> || std::is_same_v<K, TileMask> || std::is_same_v<K, VRegList>) {
          // Lists that say where they went wrong: `{r0, r2}`, `{za0.s}`, `{s4-s7}`.
          size_t bad = 0;
          const char* msg = "";
          kind.parse(s, raws, &bad, &msg);
          return refused(R::Operand, at.pos + bad, msg);
        } else if constexpr (std::is_same_v<K, VfpImm>) {
          return refused(R::Operand, at.pos,
                         kind.parse(s, raws) == 0 ? "floating-point immediate expected"
                                                  : "operand must be a floating-point constant +/-(16 to 31)/16 times a power of "
                                                    "two from 2^-3 to 2^4 (0.125 to 31.0)");
        } else if constexpr (std::is_same_v<K, ItMask>) {
          return refused(R::Operand, at.pos, "invalid IT mask (up to three letters t and e)");
        } else if constexpr (std::is_same_v<K, List>) {
          return refused(R::Operand, at.pos,
                         fmt::format("operand must be a list of {} consecutive registers{}", kind.count,
                                     kind.stride > 1 ? fmt::format(" {} apart", kind.stride) : ""));
        } else if constexpr (std::is_same_v<K, ModImm> || std::is_same_v<K, ShiftAmt> || std::is_same_v<K, Bitfield> ||
                             std::is_same_v<K, Number>) {
          if (!number_text) return refused(R::Syntax, start, "immediate value expected");
          if constexpr (std::is_same_v<K, ModImm>)
            return refused(R::Operand, start, kind.refusal ? *kind.refusal : "invalid operand for instruction", true);
          if constexpr (std::is_same_v<K, ShiftAmt>)
            return refused(R::Operand, at.pos, "immediate shift value out of range (lsl #0 to #31, lsr and asr #1 to #32, ror #1 to #31)");
          if constexpr (std::is_same_v<K, Bitfield>) return refused(R::Operand, start, kind.refusal(), true);
          if constexpr (std::is_same_v<K, Number>) {
            // The values the operand takes (negated where the template spells the '-').
            std::optional<Refusal::Range> range = number_range(kind);
            if (!range) return refused(R::Operand, start, "immediate operand out of range", true);
            if (start < at.pos && at.line[at.pos - 1] == '-') *range = {-range->hi, -range->lo, range->step};
            Refusal r = refused(R::Imm, start, "", true);
            r.ranges.push_back(*range);
            return r;
          }
        }
        return Refusal{};
      },
      k);
}

void read_list(const List& list, const ListSuffix& suffix, const TextAt& at, std::vector<Way>& out) {
  // Each spelling of the element type (one suffix when it is a literal).
  thread_local std::vector<Raw> raws;
  const size_t spellings = suffix.type ? suffix.type->entries.size() : 1;
  for (size_t k = 0; k < spellings; ++k) {
    const std::string written =
        suffix.type ? suffix.before + suffix.type->entries[k].spelling + suffix.after : suffix.before;
    raws.clear();
    const size_t len = list.parse(at.rest(), written, raws);
    for (size_t i = 0; len && i < raws.size(); ++i) out.push_back({len, Raw{raws[i].a, suffix.type ? k + 1 : 0}});
  }
}

bool encode_list(const List& list, const ListSuffix& suffix, const Raw& r, Assignment& p) {
  return (!suffix.type || suffix.type->encode(Raw{0, r.b}, p)) && list.encode(r, p);
}

std::optional<Way> read_label(const Label& label, const TextAt& at, const LabelPlace& place, Refusal* why) {
  auto refuse = [&](Refusal::Kind kind, std::string msg) -> std::optional<Way> {
    if (why) *why = refused(kind, at.pos, std::move(msg));
    return std::nullopt;
  };
  const std::string_view s = at.rest();
  size_t len = 0;
  while (len < s.size() && s[len] != ',') ++len;
  while (len > 0 && s[len - 1] == ' ') --len;
  if (len == 0) return std::nullopt;
  const std::string_view tok = s.substr(0, len);
  auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  std::optional<int64_t> pc_relative;
  bool minus_zero = false;  // `#-0`: only an encoding with a subtract form (add-bit) holds it
  const bool bare_distance = label.relative && (digit(tok[0]) || (tok[0] == '-' && tok.size() > 1 && digit(tok[1])));
  if (tok[0] == '#' || bare_distance) {
    const std::string_view n = tok.substr(tok[0] == '#' ? 1 : 0);
    uint64_t v = 0;
    bool minus = false;
    if (scan_integer(n, v, minus) != n.size() || v > (uint64_t{1} << 40)) return refuse(Refusal::Kind::Syntax, "invalid operand for instruction");
    pc_relative = minus ? -static_cast<int64_t>(v) : static_cast<int64_t>(v);
    minus_zero = minus && v == 0;
  } else if (!(std::isalnum(static_cast<unsigned char>(tok[0])) || tok[0] == '_' || tok[0] == '.' || tok[0] == '$')) {
    return std::nullopt;
  }
  const bool program = place.resolve && *place.resolve;
  const int64_t pc = static_cast<int64_t>(label.read_pc(place.pc));
  std::optional<int64_t> target;
  if (pc_relative) {
    target = pc + *pc_relative;
  } else {
    uint64_t num = 0;
    bool minus = false;
    if (digit(tok[0]) && scan_integer(tok, num, minus) == tok.size())
      target = static_cast<int64_t>(num);
    else if (program && !(place.registers && place.registers->number(to_lower(tok)) >= 0))  // `le lr, ...`: not a label
      target = (*place.resolve)(tok);
  }
  if (target && !pc_relative) *target = static_cast<int64_t>(label.reached(static_cast<uint64_t>(*target)));
  if (!target)
    return refuse(Refusal::Kind::Operand, program ? fmt::format("'{}' is not a symbol", tok)
                                                  : fmt::format("the label '{}' needs a program around it (mlisa as, mlisa run)", tok));
  if ((*target - pc - label.offset) % label.scale)
    return refuse(Refusal::Kind::Operand, fmt::format("the target {} is not a multiple of {} bytes away", tok,
                                                      label.scale < 0 ? -label.scale : label.scale));
  const std::optional<uint64_t> bits = label.field(*target - pc, minus_zero);
  if (!bits) {
    if (minus_zero && !label.add_bit) return std::nullopt;
    return refuse(Refusal::Kind::Operand, fmt::format("the target {} is out of reach of {} {}", tok, place.instruction, place.encoding));
  }
  return Way{len, Raw{*bits}};
}

}  // namespace operands
}  // namespace mlisa::as
