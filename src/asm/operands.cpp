// The operand kinds (operands.hpp).
#include "asm/operands.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace mlisa::as::operands {

namespace {

bool alnum(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// The run of letters and digits at the start of s.
size_t word_length(std::string_view s) {
  size_t n = 0;
  while (n < s.size() && alnum(s[n])) ++n;
  return n;
}

uint64_t low_mask(size_t w) { return w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1; }

// After the register a of a list: `-b` (b >= a) or nothing (b = a);
// false, with why in *msg, when the range is bad.
template <class ReadReg>
bool range_end(std::string_view s, size_t& p, ReadReg& reg, int a, int& b, const char** msg) {
  b = a;
  if (p >= s.size() || s[p] != '-') return true;
  ++p;
  b = reg();
  if (b < 0) return false;
  if (b < a) {
    *msg = "bad range in register list";
    return false;
  }
  return true;
}

}  // namespace

BitMap bitmap(const Placer& place, const spec::FieldConcat& fc) {
  BitMap m;
  for (const auto& p : fc.parts) {
    if (p.field.empty()) {
      for (uint32_t k = p.literal.width(); k-- > 0;) {
        m.pos.push_back(-1);
        m.lit.push_back(p.literal.bit(k));
      }
      continue;
    }
    Placed f = place(p.field);
    if (p.hi >= 0) f.lo += static_cast<uint32_t>(p.lo), f.width = static_cast<uint32_t>(p.hi - p.lo + 1);  // a slice (size<1>)
    for (uint32_t k = f.width; k-- > 0;) {
      m.pos.push_back(static_cast<int>(f.lo + k));
      m.lit.push_back(false);
    }
    m.lanes |= f.lanes;
    m.reads |= f.reads;
  }
  return m;
}

BitMap bitmap(const Placer& place, std::initializer_list<std::string_view> fields) {
  spec::FieldConcat fc;
  for (std::string_view f : fields) fc.parts.push_back({std::string(f), {}});
  return bitmap(place, fc);
}

Placer diagram_of(const spec::Encoding& enc) {
  return [&enc](std::string_view name) {
    const spec::EncodingField* f = enc.field(std::string(name));
    return Placed{f->lo, f->width};
  };
}

BitMap bitmap(const spec::Encoding& enc, const spec::FieldConcat& fc) { return bitmap(diagram_of(enc), fc); }

uint64_t read_bits(const BitMap& m, const Bits& word) {
  uint64_t v = 0;
  for (size_t i = 0; i < m.pos.size(); ++i) v = v << 1 | (m.pos[i] < 0 ? m.lit[i] : word.bit(static_cast<uint32_t>(m.pos[i])));
  return v;
}

bool assign(Assignment& p, const BitMap& m, uint64_t raw, const Bits* care, bool read) {
  if (!for_each_run(m, raw, care, [&](uint32_t lo, uint32_t width, uint64_t bits) { return p.set(Field{lo, width}, bits); }))
    return false;
  if (read) p.lanes |= m.lanes, p.reads |= m.reads;
  return true;
}

const char* const kCondNames[16] = {"eq", "ne", "hs", "lo", "mi", "pl", "vs", "vc",
                                    "hi", "ls", "ge", "lt", "gt", "le", "al", "nv"};

int cond_value(std::string_view name) {
  for (int i = 0; i < 15; ++i)
    if (name == kCondNames[i]) return i;
  if (name == "cs") return 2;
  if (name == "cc") return 3;
  return -1;
}

int RegNames::number(std::string_view tok) const {
  if (declared) {
    const auto& names = declared->names;
    // Most names are a prefix and the number: try that one first.
    if (const auto nn = numbered_name(tok); nn && nn->number < names.size() && iequals(tok, names[nn->number]))
      return static_cast<int>(nn->number);
    for (size_t n = 0; n < names.size(); ++n)
      if (iequals(tok, names[n])) return static_cast<int>(n);
    for (const auto& [name, n] : declared->also)
      if (iequals(tok, name)) return n;
    return -1;
  }
  // Register classes are one or two letters (r, q, s, d, z, zt, p, pn, x, w, za...).
  char c[8];
  const size_t cn = std::min<size_t>(cls.size(), sizeof c);
  for (size_t i = 0; i < cn; ++i) c[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(cls[i])));
  const std::string_view lc(c, cn);
  if (tok.size() <= lc.size() || tok.substr(0, lc.size()) != lc) return -1;
  int n = 0;
  for (char ch : tok.substr(lc.size())) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return -1;
    n = n * 10 + (ch - '0');
    if (n > 1000) return -1;
  }
  return n;
}

std::string RegNames::prefix() const {
  if (!declared || declared->names.empty()) return to_lower(cls);
  const auto nn = numbered_name(declared->names.front());
  return to_lower(nn ? nn->prefix : std::string_view(declared->names.front()));
}

std::string RegNames::name(int64_t n) const {
  if (declared && n >= 0 && static_cast<size_t>(n) < declared->names.size()) return to_lower(declared->names[static_cast<size_t>(n)]);
  return fmt::format("{}{}", to_lower(cls), n);
}

void ExpandTable::ensure() const {
  std::call_once(built_, [this] {
    build_(value_);
    for (size_t f = 0; f < value_.size(); ++f)
      if (value_[f]) {
        *value_[f] &= low_mask(bits_);
        fields_[*value_[f]].push_back(static_cast<uint32_t>(f));
      }
  });
}

size_t ExpandTable::size() const {
  ensure();
  return value_.size();
}

std::optional<uint64_t> ExpandTable::value_of(uint64_t field) const {
  ensure();
  return field < value_.size() ? value_[field] : std::nullopt;
}

const std::vector<uint32_t>& ExpandTable::fields_of(uint64_t v) const {
  static const std::vector<uint32_t> none;
  ensure();
  const auto it = fields_.find(v);
  return it == fields_.end() ? none : it->second;
}

// --- Reg

std::optional<std::string> Reg::print(const Raw& r) const {
  return regs.name(static_cast<int64_t>(r.a) * scale + offset);
}

size_t Reg::parse(std::string_view s, std::vector<Raw>& out, int* number) const {
  size_t len = 0;
  while (len < s.size() && (alnum(s[len]) || s[len] == '_')) ++len;
  const int n = regs.number(s.substr(0, len));
  if (number) *number = n;
  if (n < 0) return 0;
  const int64_t raw = n - offset;
  if (raw >= 0 && raw % scale == 0 && (map.width() >= 63 || ((raw / scale) >> map.width()) == 0))
    out.push_back({static_cast<uint64_t>(raw / scale)});
  return len;
}

// --- Number

std::optional<std::string> Number::print(const Raw& r) const {
  const size_t w = map.width();
  if (!is_signed) {
    const uint64_t v = r.a * static_cast<uint64_t>(scale) + static_cast<uint64_t>(offset);
    // A negative offset gives negative values (MOVN's `* -1 - 1`).
    if (offset < 0) return fmt::format("{}", static_cast<int64_t>(v));
    if (c_hex) return v ? fmt::format("{:#x}", v) : std::string("0");
    return hex ? fmt::format("0x{:x}", v) : fmt::format("{}", v);
  }
  uint64_t v = r.a;
  if (w > 0 && w < 64 && (r.a >> (w - 1)) & 1) v -= uint64_t{1} << w;  // wrapping: the value's two's complement
  return fmt::format("{}", static_cast<int64_t>(v * static_cast<uint64_t>(scale) + static_cast<uint64_t>(offset)));
}

std::optional<uint64_t> Number::field(uint64_t mag, bool neg) const {
  const size_t w = map.width();
  if (!is_signed) {
    // An unsigned field: a scaled immediate may use bit 63 (MOVZ's lsl #48),
    // a negative scale counts down from the offset (VAND's complemented
    // constant), and only a negative offset gives negative values (MOVN's
    // `* -1 - 1`). Worked in 128 bits, where none of these overflows.
    if (neg && offset >= 0) return std::nullopt;
    auto solve = [&](__int128 value) -> std::optional<uint64_t> {
      const __int128 u = value - offset;
      if (u % scale) return std::nullopt;
      const __int128 q = u / scale;
      if (q < 0 || (w < 64 && q >> w)) return std::nullopt;
      return static_cast<uint64_t>(q);
    };
    const __int128 value = neg ? -static_cast<__int128>(mag) : static_cast<__int128>(mag);
    if (const auto q = solve(value)) return q;
    // Negative values are 64-bit patterns too: MOVN's NOT(0xffff << 48) is
    // written 0xffffffffffff, as print() writes it (and -2 as 0xff...fe).
    if (!neg && offset < 0) return solve(value - (static_cast<__int128>(1) << 64));
    return std::nullopt;
  }
  // Any 64-bit signed value (MOV's #<imm_48s> reaches 0x7fff << 48).
  if (mag > (neg ? uint64_t{1} << 63 : uint64_t{INT64_MAX})) return std::nullopt;
  int64_t raw = 0;
  if (__builtin_sub_overflow(static_cast<int64_t>(neg ? 0 - mag : mag), offset, &raw)) return std::nullopt;
  if (raw % scale) return std::nullopt;
  raw /= scale;
  if (w == 0 && raw != 0) return std::nullopt;
  if (w > 0 && w < 63 && (raw < -(int64_t{1} << (w - 1)) || raw >= (int64_t{1} << (w - 1)))) return std::nullopt;
  return static_cast<uint64_t>(raw) & low_mask(w);
}

size_t Number::parse(std::string_view s, std::vector<Raw>& out) const {
  uint64_t mag = 0;
  bool neg = false;
  const size_t len = scan_integer(s, mag, neg);
  if (len == 0) return 0;
  if (const auto f = field(mag, neg)) out.push_back({*f});
  return len;
}

// --- ModImm

namespace {

// `element` (its low `ebits` bits) repeated to `bits` bits.
uint64_t repeat_element(uint64_t element, uint32_t ebits, uint32_t bits) {
  uint64_t v = 0;
  for (uint32_t at = 0; at < bits && at < 64; at += ebits) v |= (element & low_mask(ebits)) << at;
  return v & low_mask(bits);
}

}  // namespace

std::optional<std::string> ModImm::print(const Raw& r) const {
  if (!table) return std::nullopt;
  std::optional<uint64_t> v = table->value_of(r.a);
  if (!v) return std::nullopt;
  const uint32_t bits = text_bits();
  // Only in the syntax of its smallest repeating element (of 8 bits or more).
  auto repeats = [&](uint32_t e) { return repeat_element(*v, e, table->bits()) == *v; };
  if (element && (!repeats(element) || (element > 8 && repeats(element / 2)))) return std::nullopt;
  *v &= low_mask(bits);
  if (inverted) *v = ~*v & low_mask(bits);
  const bool negative = bits > 0 && (*v >> (bits - 1)) & 1;
  const uint64_t magnitude = negative ? (0 - *v) & low_mask(bits) : *v;
  // decimal16: signed where a 16-bit signed number holds it (a byte counts as unsigned).
  if (is_signed || (decimal16 && bits > 8 && magnitude <= (negative ? 0x8000u : 0x7fffu)))
    return negative ? fmt::format("-{}", magnitude) : fmt::format("{}", *v);
  if (decimal16) return *v <= 0xffff ? fmt::format("{}", *v) : fmt::format("0x{:x}", *v);
  if (bytemask) return *v == 0 ? std::string(16, '0') : fmt::format("{:#016x}", *v);
  return hex ? fmt::format("0x{:x}", *v) : fmt::format("{}", *v);
}

void ModImm::fields(uint64_t mag, bool neg, std::vector<Raw>& out) const {
  if (!table) return;
  const uint64_t all = low_mask(text_bits());
  if (mag > (neg ? all / 2 + 1 : all)) return;
  if (neg) mag = (0 - mag) & all;
  if (inverted) mag = ~mag & all;
  if (element) mag = repeat_element(mag, element, table->bits());
  for (uint32_t f : table->fields_of(mag)) out.push_back({f});
}

size_t ModImm::parse(std::string_view s, std::vector<Raw>& out) const {
  uint64_t mag = 0;
  bool neg = false;
  const size_t len = scan_integer(s, mag, neg);
  if (len) fields(mag, neg, out);
  return len;
}

// --- VfpImm

std::optional<std::string> VfpImm::print(const Raw& r) const {
  if (!values || r.a >= values->size()) return std::nullopt;
  return eight_decimals ? fmt::format("{:.8f}", (*values)[r.a]) : fmt::format("{:e}", (*values)[r.a]);
}

size_t VfpImm::parse(std::string_view s, std::vector<Raw>& out) const {
  // A decimal value; the imm8 whose VFPExpandImm is exactly it.
  double v = 0;
  const size_t len = values ? scan_decimal_float(s, v) : 0;
  for (uint32_t imm8 = 0; len > 0 && imm8 < values->size(); ++imm8)
    if ((*values)[imm8] == v) out.push_back({imm8});
  return len;
}

// --- ShiftAmt

std::optional<std::string> ShiftAmt::print(const Raw& r) const {
  // DecodeImmShift: LSR and ASR by 32 are held as 0; ROR by 0 is RRX.
  if (r.b == 0 && (r.a == 1 || r.a == 2)) return "32";
  if (r.b == 0 && r.a == 3) return std::nullopt;
  return fmt::format("{}", r.b);
}

void ShiftAmt::fields(uint64_t amount, std::vector<Raw>& out) const {
  // LSL 0-31; LSR and ASR 1-32, 32 held as 0; ROR 1-31. A shift by 0 is no
  // shift whatever its type: LSL #0, as llvm-mc and GNU as write it.
  if (amount == 0) {
    out.push_back({0, 0});
    return;
  }
  for (uint64_t type = 0; type < 4; ++type) {
    const bool ok = type == 0 ? amount <= 31 : type == 3 ? amount <= 31 : amount <= 32;
    if (ok) out.push_back({type, amount & 31});
  }
}

namespace {

// The length of the number at the start of s; its field values (`fields`
// of it) when it is not negative.
template <class Fields>
size_t parse_unsigned(std::string_view s, const Fields& fields) {
  uint64_t mag = 0;
  bool neg = false;
  const size_t len = scan_integer(s, mag, neg);
  if (len && !neg) fields(mag);
  return len;
}

}  // namespace

size_t ShiftAmt::parse(std::string_view s, std::vector<Raw>& out) const {
  return parse_unsigned(s, [&](uint64_t v) { fields(v, out); });
}

// --- Bitfield

std::optional<std::string> Bitfield::print(const Raw& r) const {
  const uint64_t top = datasize - 1;
  if (r.a > top || r.b > top) return std::nullopt;  // a 32-bit form's bit 5 (UNDEFINED)
  switch (role) {
    case Role::Lsl:
      if (r.b == top || r.b + 1 != r.a) return std::nullopt;
      return fmt::format("{}", top - r.b);
    case Role::ExtractWidth:
      if (r.b < r.a) return std::nullopt;
      return fmt::format("{}", r.b - r.a + 1);
    case Role::InsertLsb:
      if (r.b >= r.a) return std::nullopt;
      return fmt::format("{}", datasize - r.a);
    case Role::InsertWidth:
      if (r.b >= r.a) return std::nullopt;
      return fmt::format("{}", r.b + 1);
  }
  return std::nullopt;
}

void Bitfield::fields(uint64_t v, std::vector<Raw>& out) const {
  const uint64_t ds = datasize;
  switch (role) {
    case Role::Lsl:
      if (v < ds) out.push_back({(ds - v) % ds, ds - 1 - v});
      return;
    case Role::ExtractWidth:
      if (v < 1 || v > ds) return;
      for (uint64_t lsb = 0; lsb + v <= ds; ++lsb) out.push_back({lsb, lsb + v - 1});
      return;
    case Role::InsertLsb:
      if (v < ds) out.push_back({(ds - v) % ds, 0});
      return;
    case Role::InsertWidth:
      // immr = -lsb MOD datasize: lsb 0 (immr 0) leaves room for any width,
      // another lsb (immr = datasize - lsb) for a width up to immr.
      if (v < 1 || v > ds) return;
      out.push_back({0, v - 1});
      for (uint64_t immr = v; immr < ds; ++immr) out.push_back({immr, v - 1});
      return;
  }
}

size_t Bitfield::parse(std::string_view s, std::vector<Raw>& out) const {
  return parse_unsigned(s, [&](uint64_t v) { fields(v, out); });
}

std::string Bitfield::refusal() const {
  if (role == Role::ExtractWidth) return "requested extract overflows register";
  if (role == Role::InsertWidth) return "requested insert overflows register";
  return fmt::format("immediate must be an integer in range [0, {}].", datasize - 1);
}

// --- Cond

std::optional<std::string> Cond::print(const Raw& r) const {
  if (own_c && r.a == 14) return "";
  return kCondNames[r.a & 15];
}

size_t Cond::parse(std::string_view s, std::vector<Raw>& out) const {
  // Every condition name has two letters.
  const int v = s.size() >= 2 ? cond_value(s.substr(0, 2)) : -1;
  if (v < 0) return 0;
  out.push_back({static_cast<uint64_t>(v)});
  return 2;
}

// --- Const

size_t Const::parse(std::string_view s, std::vector<Raw>& out) const {
  // A number is its value in any base the assemblers take (`dsb #0x0` is SSBB's `#0`).
  uint64_t want = 0, got = 0;
  bool want_neg = false, got_neg = false;
  if (!text.empty() && scan_integer(text, want, want_neg) == text.size()) {
    const size_t len = scan_integer(s, got, got_neg);
    if (len == 0 || got != want || (got_neg != want_neg && want != 0)) return 0;
    out.push_back({});
    return len;
  }
  // Spaces are free on either side (`{d0-d15}` for `{d0 - d15}`, as llvm-mc-19 takes it).
  size_t i = 0;
  for (size_t j = 0; j < text.size(); ++j) {
    if (text[j] == ' ') continue;
    while (i < s.size() && s[i] == ' ') ++i;
    if (i == s.size() || s[i] != text[j]) return 0;
    ++i;
  }
  out.push_back({});
  return i;
}

// --- Table

std::optional<std::string> Table::print(const Raw& r) const {
  const Bits v(static_cast<uint32_t>(map.width()), r.a);
  for (const Entry& e : entries)
    if (e.pat.matches(v)) return e.shown;
  return std::nullopt;
}

void Table::parse_all(std::string_view s, bool whole_word, std::vector<Raw>& out, std::vector<size_t>& lengths) const {
  for (size_t i = 0; i < entries.size(); ++i) {
    const std::string& sp = entries[i].spelling;
    if (s.substr(0, sp.size()) != sp) continue;
    if (whole_word && !sp.empty() && alnum(sp.back()) && sp.size() < s.size() && (alnum(s[sp.size()]) || s[sp.size()] == '_'))
      continue;
    out.push_back({entries[i].pat.value.low64(), i + 1});
    lengths.push_back(sp.size());
  }
  // Any value of a numbered table as `#<value>` or `<value>` (`ptrue p0.s,
  // #1` is VL1, as llvm-mc takes it).
  if (numbered && !s.empty() && (s[0] == '#' || std::isdigit(static_cast<unsigned char>(s[0])))) {
    const size_t hash = s[0] == '#' ? 1 : 0;
    uint64_t v = 0;
    bool neg = false;
    const size_t n = scan_integer(s.substr(hash), v, neg);
    const bool fits = map.width() >= 64 || v < (uint64_t{1} << map.width());
    if (n > 0 && !neg && fits && (n + hash == s.size() || !(alnum(s[n + hash]) || s[n + hash] == '_'))) {
      out.push_back({v, 0});
      lengths.push_back(n + hash);
    }
  }
  // A number spelled in hexadecimal (`#0x10`, as llvm-objdump-19 prints shift
  // amounts and VIWDUP steps): the decimal spelling of its value.
  if (s.size() < 3 || s[0] != '0' || (s[1] != 'x' && s[1] != 'X')) return;
  uint64_t v = 0;
  bool neg = false;
  const size_t n = scan_integer(s, v, neg);
  if (n == 0 || (n < s.size() && (alnum(s[n]) || s[n] == '_'))) return;
  const std::string dec = std::to_string(v);
  for (size_t i = 0; i < entries.size(); ++i)
    if (entries[i].spelling == dec) {
      out.push_back({entries[i].pat.value.low64(), i + 1});
      lengths.push_back(n);
    }
}

// --- List

std::optional<std::string> List::print(const Raw& r, std::string_view suffix, Style style) const {
  const int64_t first = static_cast<int64_t>(r.a) * scale + offset, wrap = regs.count();
  const int64_t last = (first + static_cast<int64_t>(stride) * (count - 1)) % wrap;
  if (style == Style::SpacedRanges && count > 2 && stride == 1 && last > first)
    return fmt::format("{{ {}{} - {}{} }}", regs.name(first), suffix, regs.name(last), suffix);
  const bool spaced = style != Style::Tight;
  std::string out = spaced ? "{ " : "{";
  for (uint32_t k = 0; k < count; ++k)
    out += fmt::format("{}{}{}", k ? "," : "", regs.name((first + static_cast<int64_t>(stride) * k) % wrap), suffix);
  return out + (spaced ? " }" : "}");
}

size_t List::parse(std::string_view s, std::string_view suffix, std::vector<Raw>& out) const {
  size_t p = 0;
  const int wrap = regs.count();
  auto skip_space = [&] {
    if (p < s.size() && s[p] == ' ') ++p;
  };
  auto reg = [&]() -> int {
    const size_t len = word_length(s.substr(p));
    const int n = regs.number(s.substr(p, len));
    if (n < 0 || n >= wrap || s.substr(p + len, suffix.size()) != suffix) return -1;
    p += len + suffix.size();
    return n;
  };
  // The first register's field value, or nothing.
  auto field = [&](int first) -> std::optional<uint64_t> {
    int64_t raw = first - offset;
    if (raw < 0 || raw % scale) return std::nullopt;
    raw /= scale;
    if (map.width() < 63 && raw >> map.width()) return std::nullopt;
    return static_cast<uint64_t>(raw);
  };
  if (s.empty() || s[0] != '{') {
    // A list of one register may be written without braces (`ld1w z0.s, p0/z, [x0]`, as llvm-mc takes it).
    const int only = count == 1 ? reg() : -1;
    const std::optional<uint64_t> f = only < 0 ? std::nullopt : field(only);
    if (!f) return 0;
    out.push_back({*f});
    return p;
  }
  ++p;
  skip_space();
  std::vector<int> regs;
  const int first = reg();
  if (first < 0) return 0;
  regs.push_back(first);
  skip_space();
  if (p < s.size() && s[p] == '-') {
    ++p;
    skip_space();
    const int last = reg();
    if (last < 0) return 0;
    for (int r = first; r != last && regs.size() <= 32;) regs.push_back(r = (r + static_cast<int>(stride)) % wrap);
  } else {
    while (p < s.size() && s[p] == ',') {
      ++p;
      skip_space();
      const int r = reg();
      if (r < 0 || r != (regs.back() + static_cast<int>(stride)) % wrap) return 0;
      regs.push_back(r);
    }
  }
  skip_space();
  if (p >= s.size() || s[p] != '}' || regs.size() != count) return 0;
  ++p;
  const std::optional<uint64_t> f = field(first);
  if (!f) return 0;
  out.push_back({*f});
  return p;
}

// --- RegMask

std::optional<std::string> RegMask::print(const Raw& r) const {
  // llvm-mc's style: every register, lowest first.
  std::string out = "{";
  bool first = true;
  for (size_t n = 0; n < map.width(); ++n)
    if ((r.a >> n) & 1) {
      out += fmt::format("{}{}", first ? "" : ",", regs.name(static_cast<int64_t>(n)));
      first = false;
    }
  return out + "}";
}

size_t RegMask::parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const {
  // {r0, r2-r4, lr}: any order, no register twice.
  size_t p = 0;
  *bad = 0;
  *msg = "register list expected";
  if (s.empty() || s[0] != '{') return 0;
  ++p;
  uint64_t mask = 0;
  const size_t w = map.width();
  auto reg = [&]() -> int {
    if (p < s.size() && s[p] == ' ') ++p;
    *bad = p;
    const size_t len = word_length(s.substr(p));
    const int n = regs.number(s.substr(p, len));
    p += len;
    if (p < s.size() && s[p] == ' ') ++p;
    if (n < 0 || static_cast<size_t>(n) >= w) *msg = "register expected";
    return n >= 0 && static_cast<size_t>(n) < w ? n : -1;
  };
  for (;;) {
    const int a = reg();
    if (a < 0) return 0;
    int b = a;
    if (!range_end(s, p, reg, a, b, msg)) return 0;
    for (int r = a; r <= b; ++r) {
      if ((mask >> r) & 1) {
        *msg = "register duplicated in register list";
        return 0;
      }
      mask |= uint64_t{1} << r;
    }
    if (p < s.size() && s[p] == ',') {
      ++p;
      continue;
    }
    break;
  }
  *bad = p;
  *msg = "'}' expected";
  if (p >= s.size() || s[p] != '}') return 0;
  *bad = 0;
  *msg = "invalid register list for instruction";
  out.push_back({mask});
  return p + 1;
}

// --- TileMask

namespace {
// The 64-bit tiles ZAk of element size `size` (b, h, s, d) overlaps, or 0.
uint64_t tile_bits(char size, int k) {
  switch (size) {
    case 'b': return k == 0 ? 0xff : 0;
    case 'h': return k < 2 ? uint64_t{0x55} << k : 0;
    case 's': return k < 4 ? uint64_t{0x11} << k : 0;
    case 'd': return k < 8 ? uint64_t{1} << k : 0;
    default: return 0;
  }
}
}  // namespace

std::optional<std::string> TileMask::print(const Raw& r) const {
  const uint64_t m = r.a & 0xff;
  if (m == 0xff) return "{za}";
  if (m == 0x55 || m == 0xaa) return fmt::format("{{za{}.h}}", m == 0x55 ? 0 : 1);
  std::string out = "{";
  const bool by_s = (m & 0xf) == (m >> 4);  // each 32-bit tile whole
  for (int k = 0; k < (by_s ? 4 : 8); ++k)
    if ((m >> k) & 1)
      out += fmt::format("{}za{}.{}", out.size() > 1 ? std::string(1, by_s ? kTightComma : ',') : "", k, by_s ? 's' : 'd');
  return out + "}";
}

size_t TileMask::parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const {
  // {za}, {}, or {zaK.T, ...} with one element size T throughout.
  *bad = 0;
  *msg = "tile list expected";
  if (s.empty() || s[0] != '{') return 0;
  auto fail = [&](size_t at, const char* why) -> size_t {
    *bad = at;
    *msg = why;
    return 0;
  };
  size_t p = 1;
  auto space = [&] {
    while (p < s.size() && s[p] == ' ') ++p;
  };
  uint64_t mask = 0;
  char size = 0;
  space();
  if (s.substr(p, 3) == "za}" || s.substr(p, 3) == "za ") {
    p += 2;
    space();
    mask = 0xff;
  } else {
    while (p < s.size() && s[p] != '}') {
      if (s.substr(p, 2) != "za" || p + 4 >= s.size() || !std::isdigit(static_cast<unsigned char>(s[p + 2])) || s[p + 3] != '.')
        return fail(p, "invalid tile for ZERO");
      const char t = s[p + 4];
      const uint64_t bits = tile_bits(t, s[p + 2] - '0');
      if (!bits || (p + 5 < s.size() && std::isalnum(static_cast<unsigned char>(s[p + 5])))) return fail(p, "invalid tile for ZERO");
      if (size && t != size) return fail(p, "mismatched register size suffix");
      size = t;
      mask |= bits;
      p += 5;
      space();
      if (p < s.size() && s[p] == ',') {
        ++p;
        space();
      } else if (p < s.size() && s[p] != '}') {
        return fail(p, "',' or '}' expected");
      }
    }
  }
  if (p >= s.size() || s[p] != '}') return fail(p, "'}' expected");
  out.push_back({mask});
  return p + 1;
}

// --- VRegList

std::optional<std::string> VRegList::print(const Raw& r) const {
  // llvm-mc's style: every register, lowest first, then vpr.
  const uint64_t n = r.b / static_cast<uint64_t>(scale);
  if (r.b % static_cast<uint64_t>(scale) || (n == 0 && !vpr)) return std::nullopt;
  std::string out = "{";
  for (uint64_t k = 0; k < n; ++k) out += fmt::format("{}{}", k ? "," : "", regs.name(static_cast<int64_t>(r.a + k)));
  if (vpr) out += n ? ",vpr" : "vpr";
  return out + "}";
}

size_t VRegList::parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const {
  // {s4-s7}, {d0, d1, d2}, {d8}, and with vpr a last `vpr` ({s0-s3, vpr}):
  // consecutive registers, lowest first.
  size_t p = 0;
  *bad = 0;
  *msg = "register list expected";
  auto skip_space = [&] {
    if (p < s.size() && s[p] == ' ') ++p;
  };
  // A Q register in a D list is its pair of D registers (`vpush {q4-q5}` is
  // `vpush {d8-d11}`, as llvm-mc-19 takes it): reg() gives the first, top the last.
  int top = -1;
  auto reg = [&]() -> int {
    skip_space();
    *bad = p;
    *msg = "register expected";
    const size_t len = word_length(s.substr(p));
    int n = regs.number(s.substr(p, len));
    top = n;
    if (n < 0 && (regs.cls == "D" || regs.cls == "d") && (n = RegNames{"q"}.number(s.substr(p, len))) >= 0 && n <= 15)
      top = 2 * n + 1, n *= 2;
    if (n < 0 || n > 31) return -1;
    p += len;
    skip_space();
    return n;
  };
  if (s.empty() || s[0] != '{') return 0;
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
    if (a < 0) return 0;
    if (last >= 0 && a != last + 1) {
      *msg = a <= last ? "register list not in ascending order" : "non-contiguous register range";
      return 0;
    }
    int b = a;
    const int a_top = top;
    if (!range_end(s, p, reg, a, b, msg)) return 0;
    if (first < 0) first = a;
    last = b == a ? a_top : top;
    if (p < s.size() && s[p] == ',') {
      ++p;
      continue;
    }
    break;
  }
  *bad = p;
  *msg = vpr && !saw_vpr ? "'vpr' expected at the end of the register list" : "'}' expected";
  // `{vpr}` alone: no register (VSCCLRM with imm8 = 0, as GNU as and objdump write it).
  if (first < 0 && saw_vpr) first = 0, last = -1;
  if (first < 0 || vpr != saw_vpr || p >= s.size() || s[p] != '}') return 0;
  const uint64_t n = static_cast<uint64_t>(last - first + 1) * static_cast<uint64_t>(scale);
  *bad = 0;
  *msg = "invalid register list for instruction";
  if (count.width() < 63 && n >> count.width()) return 0;
  if (map.width() < 63 && static_cast<uint64_t>(first) >> map.width()) return 0;
  out.push_back({static_cast<uint64_t>(first), n});
  return p + 1;
}

// --- ItMask

std::optional<std::string> ItMask::print(const Raw& r) const {
  int n = 3;
  while (n >= 0 && !((r.a >> (3 - n)) & 1)) --n;
  if (n < 0) return std::nullopt;  // mask 0000 is not an IT
  std::string out;
  for (int i = 0; i < n; ++i) out += ((r.a >> (3 - i)) & 1) == r.b ? 't' : 'e';
  return out;
}

void ItMask::parse_all(std::string_view s, std::vector<Raw>& out, std::vector<size_t>& lengths) const {
  // 0 to 3 letters t/e; each says whether that instruction's condition is
  // the first one's (bit 0 equal) or its inverse; a 1 follows them.
  for (size_t n = 0; n <= 3 && n <= s.size(); ++n) {
    if (n > 0 && s[n - 1] != 't' && s[n - 1] != 'e') break;
    for (uint64_t fc0 = 0; fc0 <= 1; ++fc0) {
      uint64_t mask = uint64_t{1} << (3 - n);
      for (size_t i = 0; i < n; ++i)
        if ((s[i] == 't') == (fc0 == 1)) mask |= uint64_t{1} << (3 - i);
      out.push_back({mask, fc0});
      lengths.push_back(n);
    }
  }
}

// --- Label

namespace {
// A label's field to the bits of FIELDS and back: the identity, except for
// t32-j (J1 = NOT(I1 EOR S), J2 likewise, S, I1, I2 the value's top three bits).
uint64_t t32_j_flip(uint64_t raw, size_t width) {
  if (width < 3) return raw;
  const uint64_t sbit = (raw >> (width - 1)) & 1;
  const uint64_t flip = (sbit ? 0 : 3) << (width - 3);  // NOT(x EOR S): flip when S = 0
  return raw ^ flip;
}
}  // namespace

int64_t Label::delta(const Raw& r) const {
  const size_t w = map.width();
  uint64_t bits = t32_j ? t32_j_flip(r.a, w) : r.a;
  int64_t v = static_cast<int64_t>(bits);
  if (add_bit) {
    v = static_cast<int64_t>(bits & ((uint64_t{1} << (w - 1)) - 1));
    if (!((bits >> (w - 1)) & 1)) v = -v;
  } else if (!is_unsigned && w < 64 && (bits >> (w - 1)) & 1) {
    v -= int64_t{1} << w;
  }
  return v * scale + offset;
}

std::optional<uint64_t> Label::field(int64_t d, bool minus_zero) const {
  d -= offset;
  if (d % scale) return std::nullopt;
  const int64_t raw = d / scale;
  const size_t w = map.width();
  if (minus_zero && !add_bit) return std::nullopt;
  const uint64_t magnitude = raw < 0 ? 0 - static_cast<uint64_t>(raw) : static_cast<uint64_t>(raw);
  const bool fits = add_bit       ? w < 63 && magnitude >> (w - 1) == 0
                    : is_unsigned ? raw >= 0 && (w >= 63 || raw >> w == 0)
                                  : w >= 63 || (raw >= -(int64_t{1} << (w - 1)) && raw < (int64_t{1} << (w - 1)));
  if (!fits) return std::nullopt;
  uint64_t bits = add_bit ? uint64_t{raw >= 0 && !minus_zero} << (w - 1) | magnitude : static_cast<uint64_t>(raw) & low_mask(w);
  if (t32_j) bits = t32_j_flip(bits, w);
  return bits;
}

std::optional<std::string> Label::print(const Raw& r, uint64_t pc) const {
  // Subtracting 0 (the add bit clear) is the PC itself, which an address
  // would assemble with the bit set: only the `#-0` syntax spells it.
  if (add_bit && r.a == 0) return std::nullopt;
  return fmt::format("0x{:x}", read_pc(pc) + static_cast<uint64_t>(delta(r)));
}

size_t Label::parse(std::string_view s, uint64_t pc, std::vector<Raw>& out) const {
  uint64_t num = 0;
  bool minus = false;
  const size_t len = !s.empty() && std::isdigit(static_cast<unsigned char>(s[0])) ? scan_integer(s, num, minus) : 0;
  if (len == 0) return 0;
  if (const auto f = field(static_cast<int64_t>(reached(num) - read_pc(pc)))) out.push_back({*f});
  return len;
}

// --- Choice

const Choice::Alternative* Choice::selected(uint64_t selector_value) const {
  for (const Alternative& alt : alternatives)
    if (alt.selector == selector_value) return &alt;
  return nullptr;
}

Raw Choice::decode(const Bits& w) const {
  const uint64_t sel = read_bits(selector, w);
  const Alternative* alt = selected(sel);
  return {sel, alt ? std::visit([&](const auto& k) { return k.decode(w).a; }, alt->kind) : 0};
}

bool Choice::encode(const Raw& r, Assignment& p) const {
  const Alternative* alt = selected(r.a);
  return alt && std::visit([&](const auto& k) { return k.encode(Raw{r.b}, p); }, alt->kind) &&
         assign(p, selector, r.a, nullptr, false);
}

std::optional<std::string> Choice::print(const Raw& r) const {
  const Alternative* alt = selected(r.a);
  if (!alt) return std::nullopt;
  return std::visit([&](const auto& k) { return k.print(Raw{r.b}); }, alt->kind);
}

bool Choice::number(std::string_view s, uint64_t& mag, bool& neg, std::string* why) const {
  uint64_t bits = 0;
  if (!parse_number(type, s, bits, why)) return false;
  const uint32_t tw = type.width;
  neg = type.kind == NumKind::Signed && tw > 0 && tw <= 64 && ((bits >> (tw - 1)) & 1);
  mag = neg ? 0 - (bits | (tw >= 64 ? 0 : ~uint64_t{0} << tw)) : bits;
  return true;
}

size_t Choice::parse(std::string_view s, std::vector<Raw>& out) const {
  if (s.empty()) return 0;
  uint64_t mag = 0;
  bool neg = false;
  const bool is_number = number(s, mag, neg);
  bool read = is_number;
  std::vector<Raw> regs;
  for (const Alternative& alt : alternatives) {
    if (const auto* reg = std::get_if<Reg>(&alt.kind)) {
      regs.clear();
      if (reg->parse(s, regs) != s.size()) continue;
      read = true;
      for (const Raw& r : regs) out.push_back({alt.selector, r.a});
    } else if (is_number) {
      if (const auto f = std::get<Number>(alt.kind).field(mag, neg)) out.push_back({alt.selector, *f});
    }
  }
  return read ? s.size() : 0;
}

// --- prepare

std::optional<Operand> prepare(const spec::TargetSpec& spec, const spec::Encoding& enc, const spec::OperandMap& op) {
  return prepare(spec, diagram_of(enc), op);
}

std::optional<Operand> prepare(const spec::TargetSpec& spec, const Placer& place, const spec::OperandMap& op) {
  const RegNames regs{op.reg_class, spec.register_class(op.reg_class)};
  auto has = [&](const char* o) { return std::find(op.label_options.begin(), op.label_options.end(), o) != op.label_options.end(); };
  Operand out{&op, Const{}};
  const spec::OperandKind k = op.kind;
  if (k == spec::OperandKind::Reg) {
    out.kind = Reg{regs, bitmap(place, op.fields), op.scale, op.offset};
  } else if (k == spec::OperandKind::Imm || k == spec::OperandKind::Simm) {
    out.kind = Number{bitmap(place, op.fields), op.scale, op.offset, k == spec::OperandKind::Simm, has("hex"), has("c-hex")};
  } else if (k == spec::OperandKind::ModImm) {
    ModImm m{bitmap(place, op.fields), has("hex"), has("signed"), op.count};
    m.decimal16 = has("decimal16");
    m.inverted = has("inverted");
    m.bytemask = has("bytemask");
    out.kind = std::move(m);
  } else if (k == spec::OperandKind::VfpImm) {
    out.kind = VfpImm{bitmap(place, op.fields)};
  } else if (k == spec::OperandKind::Bitfield) {
    const std::string& role = op.label_options.front();
    const Bitfield::Role r = role == "lsl"             ? Bitfield::Role::Lsl
                             : role == "extract-width" ? Bitfield::Role::ExtractWidth
                             : role == "insert-lsb"    ? Bitfield::Role::InsertLsb
                                                       : Bitfield::Role::InsertWidth;
    out.kind = Bitfield{r, op.count, bitmap(place, op.fields), bitmap(place, op.count_fields)};
  } else if (k == spec::OperandKind::ShiftAmt) {
    // The loader keeps the type's `count` parts first, then the amount's.
    spec::FieldConcat type, amount;
    for (size_t p = 0; p < op.fields.parts.size(); ++p) (p < op.count ? type : amount).parts.push_back(op.fields.parts[p]);
    out.kind = ShiftAmt{bitmap(place, type), bitmap(place, amount)};
  } else if (k == spec::OperandKind::Cond) {
    out.kind = Cond{bitmap(place, op.fields), op.name == "c"};
  } else if (k == spec::OperandKind::Const) {
    // Normalised as the matcher's text is: lower case, no spaces next to , [ ] #.
    std::string t;
    for (char c : op.constant) {
      if (std::isspace(static_cast<unsigned char>(c))) {
        if (!t.empty() && t.back() != ' ') t += ' ';
        continue;
      }
      t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    while (!t.empty() && t.back() == ' ') t.pop_back();
    std::string n;
    auto sticky = [](char c) { return c == ',' || c == '[' || c == ']' || c == '#'; };
    for (size_t i = 0; i < t.size(); ++i) {
      if (t[i] == ' ' && ((i + 1 < t.size() && sticky(t[i + 1])) || (!n.empty() && sticky(n.back())))) continue;
      n += t[i];
    }
    out.kind = Const{n};
  } else if (k == spec::OperandKind::Table) {
    Table t{bitmap(place, op.fields), {}};
    for (const auto& [pat, spelling] : op.table) {
      t.entries.push_back({pat, to_lower(spelling), has("verbatim") ? spelling : to_lower(spelling)});
      // `'01110'=#14`: the field's values are numbered, so any may be written `#<value>`.
      if (pat.care == Bits::ones(pat.care.width()) && spelling == fmt::format("#{}", pat.value.low64())) t.numbered = true;
    }
    if (const std::string& only = op.table.front().second;
        op.table.size() == 1 && std::any_of(only.begin(), only.end(), [](char c) { return c >= 'A' && c <= 'Z'; }) &&
        std::any_of(only.begin(), only.end(), [](char c) { return c >= 'a' && c <= 'z'; }))
      t.entries.front().shown = only;
    out.kind = std::move(t);
  } else if (k == spec::OperandKind::List) {
    out.kind = List{regs, bitmap(place, op.fields), op.count, op.stride, op.scale, op.offset};
  } else if (k == spec::OperandKind::TileMask) {
    out.kind = TileMask{bitmap(place, op.fields)};
  } else if (k == spec::OperandKind::RegMask) {
    out.kind = RegMask{regs, bitmap(place, op.fields)};
  } else if (k == spec::OperandKind::VRegList) {
    out.kind = VRegList{regs, bitmap(place, op.fields), bitmap(place, op.count_fields), op.scale, has("vpr")};
  } else if (k == spec::OperandKind::ItMask) {
    ItMask m{bitmap(place, op.fields), {}};
    m.c0.pos.push_back(static_cast<int>(place(op.reg_class).lo));
    m.c0.lit.push_back(false);
    out.kind = std::move(m);
  } else if (k == spec::OperandKind::Label) {
    out.kind = Label{bitmap(place, op.fields), op.scale, op.offset, has("unsigned"), has("add-bit"), has("t32-j"), has("align-pc"), has("relative"), has("page")};
  } else {
    return std::nullopt;
  }
  return out;
}

}  // namespace mlisa::as::operands
