// Run-time values of the pseudocode language. Bits keeps widths up to 64 in
// one inline word and wider values in a heap array of little-endian 64-bit
// words; the bits above the width in the top word are always zero, so word
// comparisons and popcounts need no masking.
#include "spec/value.hpp"

#include "spec/ast.hpp"
#include "spec/builtins.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstring>

namespace mlisa::spec {

namespace {

constexpr uint32_t kMaxWidth = Bits::kMaxWidth;

void check_width(uint32_t width) {
  if (width > kMaxWidth)
    throw RuntimeError(fmt::format("bits({}) is wider than the largest supported width {}", width, kMaxWidth));
}

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

}  // namespace

// ---------------------------------------------------------------------------
// Bits: storage

namespace {

// Freed word arrays of 2 to 32 words (bits(65) to bits(2048), SME's widest
// vector), kept per thread for the next wide value of that size: trivially
// destructible, so that a Bits destroyed at exit finds it still usable.
constexpr uint32_t kPooledWords = 32, kKeptPerSize = 64;
struct WordPool {
  uint64_t* kept[kPooledWords + 1][kKeptPerSize];
  uint32_t count[kPooledWords + 1];
};
thread_local WordPool word_pool;

uint64_t* allocate_words(uint32_t n) {
  if (n <= kPooledWords && word_pool.count[n] > 0) return word_pool.kept[n][--word_pool.count[n]];
  return new uint64_t[n];
}

void release_words(uint64_t* p, uint32_t n) noexcept {
  if (n <= kPooledWords && word_pool.count[n] < kKeptPerSize) {
    word_pool.kept[n][word_pool.count[n]++] = p;
    return;
  }
  delete[] p;
}

}  // namespace

void Bits::release_wide() noexcept { release_words(words_, words()); }

void Bits::init_wide(uint64_t value) {
  check_width(width_);
  words_ = allocate_words(words());
  std::fill(words_ + 1, words_ + words(), uint64_t{0});
  words_[0] = value;
}

Bits Bits::ones(uint32_t width) {
  Bits b(width, ~uint64_t{0});
  if (!b.is_small()) {
    std::fill(b.words_, b.words_ + b.words(), ~uint64_t{0});
    b.mask_top();
  }
  return b;
}

void Bits::copy_wide(const Bits& other) {
  words_ = allocate_words(words());
  std::memcpy(words_, other.words_, words() * sizeof(uint64_t));
}

Bits& Bits::assign_wide(const Bits& other) {
  if (this == &other) return *this;
  if (!other.is_small()) {
    if (!is_small() && words() == other.words()) {
      width_ = other.width_;
    } else {
      uint64_t* fresh = allocate_words(other.words());
      if (!is_small()) release_wide();
      width_ = other.width_;
      words_ = fresh;
    }
    std::memcpy(words_, other.words_, words() * sizeof(uint64_t));
  } else {
    if (!is_small()) release_wide();
    width_ = other.width_;
    small_ = other.small_;
  }
  return *this;
}

void Bits::mask_top() {
  if (is_small()) {
    small_ &= low_mask(width_);
    return;
  }
  const uint32_t rem = width_ % 64;
  if (rem != 0) words_[words() - 1] &= low_mask(rem);
}


bool Bits::bit(uint32_t i) const {
  if (i >= width_) return false;
  return (word(i / 64) >> (i % 64)) & 1;
}

void Bits::set_bit(uint32_t i, bool v) {
  if (i >= width_) throw RuntimeError(fmt::format("bit {} is outside bits({})", i, width_));
  uint64_t* w = is_small() ? &small_ : &words_[i / 64];
  const uint64_t m = uint64_t{1} << (i % 64);
  *w = v ? (*w | m) : (*w & ~m);
}

// ---------------------------------------------------------------------------
// Bits: slices

namespace {

// 64 bits of b starting at bit position pos (zeros beyond the width).
uint64_t bits_at(const Bits& b, uint64_t pos) {
  const uint32_t w = static_cast<uint32_t>(pos / 64);
  const uint32_t s = static_cast<uint32_t>(pos % 64);
  if (s == 0) return b.word(w);
  return (b.word(w) >> s) | (b.word(w + 1) << (64 - s));
}

}  // namespace

Bits Bits::slice(uint32_t lo, uint32_t width) const {
  if (uint64_t{lo} + width > width_)
    throw RuntimeError(fmt::format("slice <{}:{}> is outside bits({})", uint64_t{lo} + width - 1, lo, width_));
  if (width <= 64) {
    if (is_small()) return Bits(width, width == 0 ? 0 : small_ >> lo);
    return Bits(width, bits_at(*this, lo));
  }
  Bits r = zeros(width);
  for (uint32_t j = 0; j < r.words(); ++j) r.words_[j] = bits_at(*this, uint64_t{lo} + 64 * uint64_t{j});
  r.mask_top();
  return r;
}

void Bits::set_slice(uint32_t lo, const Bits& value) {
  const uint32_t n = value.width_;
  if (uint64_t{lo} + n > width_)
    throw RuntimeError(fmt::format("slice <{}:{}> is outside bits({})", uint64_t{lo} + n - 1, lo, width_));
  if (n == 0) return;
  if (is_small()) {
    const uint64_t m = low_mask(n) << lo;
    small_ = (small_ & ~m) | ((value.small_ << lo) & m);
    return;
  }
  // Deposit value 64 bits at a time; each chunk touches at most two words.
  for (uint32_t j = 0; j < value.words(); ++j) {
    const uint32_t chunk = std::min<uint32_t>(64, n - 64 * j);
    const uint64_t v = value.word(j);
    const uint64_t pos = uint64_t{lo} + 64 * uint64_t{j};
    const uint32_t w = static_cast<uint32_t>(pos / 64);
    const uint32_t s = static_cast<uint32_t>(pos % 64);
    const uint64_t m = low_mask(chunk);
    words_[w] = (words_[w] & ~(m << s)) | ((v & m) << s);
    if (s != 0 && chunk > 64 - s) {
      const uint64_t m2 = m >> (64 - s);
      words_[w + 1] = (words_[w + 1] & ~m2) | ((v >> (64 - s)) & m2);
    }
  }
}

Bits Bits::concat(const Bits& high, const Bits& low) {
  const uint64_t total = uint64_t{high.width_} + low.width_;
  if (total > kMaxWidth)
    throw RuntimeError(fmt::format("concatenation of bits({}) and bits({}) is wider than {}", high.width_, low.width_,
                                   kMaxWidth));
  const uint32_t w = static_cast<uint32_t>(total);
  if (w <= 64) {
    const uint64_t hv = low.width_ == 64 ? 0 : (high.small_ << low.width_);
    return Bits(w, hv | low.small_);
  }
  Bits r = zeros(w);
  r.set_slice(0, low);
  r.set_slice(low.width_, high);
  return r;
}

// ---------------------------------------------------------------------------
// Bits: queries

bool Bits::is_zero() const {
  if (is_small()) return small_ == 0;
  for (uint32_t i = 0; i < words(); ++i)
    if (words_[i] != 0) return false;
  return true;
}

bool Bits::is_ones() const { return popcount() == static_cast<int>(width_); }

int Bits::popcount() const {
  if (is_small()) return std::popcount(small_);
  int n = 0;
  for (uint32_t i = 0; i < words(); ++i) n += std::popcount(words_[i]);
  return n;
}

int Bits::highest_set_bit() const {
  for (uint32_t i = words(); i-- > 0;) {
    const uint64_t w = word(i);
    if (w != 0) return static_cast<int>(64 * i + 63 - std::countl_zero(w));
  }
  return -1;
}

int Bits::lowest_set_bit() const {
  for (uint32_t i = 0; i < words(); ++i) {
    const uint64_t w = word(i);
    if (w != 0) return static_cast<int>(64 * i + std::countr_zero(w));
  }
  return static_cast<int>(width_);
}

// ---------------------------------------------------------------------------
// Bits: operators

namespace {

void same_width(const Bits& a, const Bits& b, const char* op) {
  if (a.width() != b.width())
    throw RuntimeError(fmt::format("{} of bits({}) and bits({}): the widths differ", op, a.width(), b.width()));
}

}  // namespace

Bits Bits::operator~() const {
  if (is_small()) return Bits(width_, ~small_);
  Bits r = *this;
  for (uint32_t i = 0; i < words(); ++i) r.words_[i] = ~r.words_[i];
  r.mask_top();
  return r;
}

Bits Bits::operator&(const Bits& o) const {
  same_width(*this, o, "AND");
  if (is_small()) return Bits(width_, small_ & o.small_);
  Bits r = *this;
  for (uint32_t i = 0; i < words(); ++i) r.words_[i] &= o.words_[i];
  return r;
}

Bits Bits::operator|(const Bits& o) const {
  same_width(*this, o, "OR");
  if (is_small()) return Bits(width_, small_ | o.small_);
  Bits r = *this;
  for (uint32_t i = 0; i < words(); ++i) r.words_[i] |= o.words_[i];
  return r;
}

Bits Bits::operator^(const Bits& o) const {
  same_width(*this, o, "EOR");
  if (is_small()) return Bits(width_, small_ ^ o.small_);
  Bits r = *this;
  for (uint32_t i = 0; i < words(); ++i) r.words_[i] ^= o.words_[i];
  return r;
}

Bits Bits::add(const Bits& o) const {
  same_width(*this, o, "+");
  if (is_small()) return Bits(width_, small_ + o.small_);
  Bits r = *this;
  uint64_t carry = 0;
  for (uint32_t i = 0; i < words(); ++i) {
    const uint64_t a = words_[i], b = o.words_[i];
    const uint64_t s = a + b;
    const uint64_t c1 = s < a;
    const uint64_t s2 = s + carry;
    const uint64_t c2 = s2 < s;
    r.words_[i] = s2;
    carry = c1 | c2;
  }
  r.mask_top();
  return r;
}

Bits Bits::sub(const Bits& o) const {
  same_width(*this, o, "-");
  if (is_small()) return Bits(width_, small_ - o.small_);
  Bits r = *this;
  uint64_t borrow = 0;
  for (uint32_t i = 0; i < words(); ++i) {
    const uint64_t a = words_[i], b = o.words_[i];
    const uint64_t d = a - b;
    const uint64_t b1 = a < b;
    const uint64_t d2 = d - borrow;
    const uint64_t b2 = d < borrow;
    r.words_[i] = d2;
    borrow = b1 | b2;
  }
  r.mask_top();
  return r;
}

Bits Bits::shl(uint32_t n) const {
  if (n >= width_) return zeros(width_);
  if (is_small()) return Bits(width_, small_ << n);
  Bits r = zeros(width_);
  const uint32_t ws = n / 64, bs = n % 64;
  for (uint32_t i = words(); i-- > ws;) {
    uint64_t v = words_[i - ws] << bs;
    if (bs != 0 && i - ws >= 1) v |= words_[i - ws - 1] >> (64 - bs);
    r.words_[i] = v;
  }
  r.mask_top();
  return r;
}

Bits Bits::lshr(uint32_t n) const {
  if (n >= width_) return zeros(width_);
  if (is_small()) return Bits(width_, small_ >> n);
  Bits r = zeros(width_);
  for (uint32_t i = 0; i < words(); ++i) r.words_[i] = bits_at(*this, uint64_t{n} + 64 * uint64_t{i});
  r.mask_top();
  return r;
}

bool Bits::operator==(const Bits& o) const {
  if (width_ != o.width_) return false;
  if (is_small()) return small_ == o.small_;
  return std::memcmp(words_, o.words_, words() * sizeof(uint64_t)) == 0;
}

// ---------------------------------------------------------------------------
// Bits: integers and text

Int Bits::to_uint() const {
  const int hi = highest_set_bit();
  if (hi >= 127)
    throw RuntimeError(fmt::format("UInt of bits({}) {}: the value does not fit in a 128-bit integer", width_, to_hex()));
  using U = unsigned __int128;
  return static_cast<Int>((static_cast<U>(word(1)) << 64) | word(0));
}

Int Bits::to_sint() const {
  if (width_ == 0) return 0;
  if (!bit(width_ - 1)) return to_uint();
  // Negative: -(~x) - 1, where ~x must fit in 127 bits.
  const Bits inv = ~*this;
  if (inv.highest_set_bit() >= 127)
    throw RuntimeError(fmt::format("SInt of bits({}) {}: the value does not fit in a 128-bit integer", width_, to_hex()));
  using U = unsigned __int128;
  const Int m = static_cast<Int>((static_cast<U>(inv.word(1)) << 64) | inv.word(0));
  return -m - 1;
}

Bits Bits::from_int(uint32_t width, Int v) {
  using U = unsigned __int128;
  const U u = static_cast<U>(v);
  Bits r(width, static_cast<uint64_t>(u));
  if (!r.is_small()) {
    r.words_[1] = static_cast<uint64_t>(u >> 64);
    const uint64_t fill = v < 0 ? ~uint64_t{0} : 0;
    for (uint32_t i = 2; i < r.words(); ++i) r.words_[i] = fill;
    r.mask_top();
  }
  return r;
}

std::string Bits::to_hex() const {
  static const char digits[] = "0123456789abcdef";
  const uint32_t n = (width_ + 3) / 4;
  std::string s = "0x";
  s.reserve(2 + n);
  for (uint32_t d = n; d-- > 0;) {
    const uint64_t pos = uint64_t{d} * 4;
    s.push_back(digits[bits_at(*this, pos) & 0xf]);
  }
  return s;
}

std::string Bits::to_binary() const {
  std::string s;
  s.reserve(width_ + 2);
  s.push_back('\'');
  for (uint32_t i = width_; i-- > 0;) s.push_back(bit(i) ? '1' : '0');
  s.push_back('\'');
  return s;
}

// ---------------------------------------------------------------------------
// Value

Value Value::enumeration(const EnumType* type, uint32_t member) {
  Value v;
  v.kind_ = ValueKind::Enum;
  v.enum_type_ = type;
  v.i_ = member;
  return v;
}

Value Value::string(std::string s) {
  Value v;
  v.kind_ = ValueKind::String;
  v.str_ = std::make_shared<const std::string>(std::move(s));
  return v;
}

Value Value::tuple(std::vector<Value> elems) {
  Value v;
  v.kind_ = ValueKind::Tuple;
  v.elems_ = std::make_shared<std::vector<Value>>(std::move(elems));
  return v;
}

Value Value::record(const RecordType* type, std::vector<Value> fields) {
  Value v;
  v.kind_ = ValueKind::Record;
  v.record_type_ = type;
  v.elems_ = std::make_shared<std::vector<Value>>(std::move(fields));
  return v;
}

Value Value::array(std::vector<Value> elems, Int first_index) {
  Value v;
  v.kind_ = ValueKind::Array;
  v.i_ = first_index;
  v.elems_ = std::make_shared<std::vector<Value>>(std::move(elems));
  return v;
}

const std::string& Value::as_string() const {
  static const std::string empty;
  return str_ ? *str_ : empty;
}

const std::vector<Value>& Value::no_elems() {
  static const std::vector<Value> empty;
  return empty;
}

std::vector<Value>& Value::mutable_elems_slow() {
  if (!elems_) {
    elems_ = std::make_shared<std::vector<Value>>();
  } else if (elems_.use_count() > 1) {
    elems_ = std::make_shared<std::vector<Value>>(*elems_);  // copy on write
  }
  return *elems_;
}

void Value::assign_unshared(const Value& from) {
  if (kind_ == from.kind_ && elems_ && from.elems_ && elems_ != from.elems_ && elems_.use_count() == 1 &&
      elems_->size() == from.elems_->size()) {
    for (size_t i = 0; i < elems_->size(); ++i) (*elems_)[i].assign_unshared((*from.elems_)[i]);
    i_ = from.i_;
    record_type_ = from.record_type_;
    return;
  }
  *this = from;
  make_own();
}

void Value::make_own() {
  if (!elems_) return;
  for (Value& e : mutable_elems()) e.make_own();
}

namespace {

std::string quote(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      default: out.push_back(c);
    }
  }
  out.push_back('"');
  return out;
}

}  // namespace

std::string Value::describe() const {
  switch (kind_) {
    case ValueKind::Void: return "void";
    case ValueKind::Boolean: return b_ ? "boolean TRUE" : "boolean FALSE";
    case ValueKind::Integer: return "integer " + int_to_string(i_);
    case ValueKind::Real: return fmt::format("real {}", r_);
    case ValueKind::Bits:
      if (bits_.width() == 0) return "bits(0) ''";
      return fmt::format("bits({}) {}", bits_.width(), bits_.to_hex());
    case ValueKind::String: return "string " + quote(as_string());
    case ValueKind::Enum: {
      const uint32_t m = enum_member();
      if (!enum_type_) return fmt::format("enumeration member {}", m);
      if (m < enum_type_->members.size()) return enum_type_->name + " " + enum_type_->members[m];
      return fmt::format("{} <member {}>", enum_type_->name, m);
    }
    case ValueKind::Tuple: {
      std::string s = "(";
      const auto& es = elems();
      for (size_t i = 0; i < es.size(); ++i) {
        if (i) s += ", ";
        s += es[i].describe();
      }
      return s + ")";
    }
    case ValueKind::Record: {
      std::string s = record_type_ ? record_type_->name + " {" : std::string("record {");
      const auto& es = elems();
      for (size_t i = 0; i < es.size(); ++i) {
        s += i ? ", " : " ";
        if (record_type_ && i < record_type_->field_names.size()) s += record_type_->field_names[i] + " = ";
        s += es[i].describe();
      }
      return s + (es.empty() ? "}" : " }");
    }
    case ValueKind::Array: {
      const auto& es = elems();
      std::string s = fmt::format("array [{}..{}] [", int_to_string(i_),
                                  int_to_string(i_ + static_cast<Int>(es.size()) - 1));
      for (size_t i = 0; i < es.size(); ++i) {
        if (i) s += ", ";
        s += es[i].describe();
      }
      return s + "]";
    }
  }
  return "?";
}

std::string int_to_string(Int v) {
  using U = unsigned __int128;
  if (v == 0) return "0";
  const bool neg = v < 0;
  U m = neg ? U(0) - static_cast<U>(v) : static_cast<U>(v);
  char buf[48];
  int p = sizeof(buf);
  while (m != 0) {
    buf[--p] = static_cast<char>('0' + static_cast<int>(m % 10));
    m /= 10;
  }
  if (neg) buf[--p] = '-';
  return std::string(buf + p, buf + sizeof(buf));
}

}  // namespace mlisa::spec
