// Run-time values of the pseudocode language: bits(N) of any width (inline up
// to 64 bits, so the common case never touches the heap), integers (128-bit,
// overflow is an error), reals, booleans, enumeration members, strings, and
// aggregates (tuples, records, arrays).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlisa::spec {

using Int = __int128;

// bits(N). Bit 0 is the least significant; storage words are little-endian.
class Bits {
 public:
  static constexpr uint32_t kMaxWidth = 65536;  // the widest bits(N) the language allows

  Bits() = default;
  // Truncates value to width. The constructors, copies and moves of values
  // up to 64 bits wide are inline: the engine makes them all the time.
  Bits(uint32_t width, uint64_t value) : width_(width) {
    if (width <= 64) small_ = width == 64 ? value : value & ((uint64_t{1} << width) - 1);
    else init_wide(value);
  }
  static Bits zeros(uint32_t width) { return Bits(width, 0); }
  static Bits ones(uint32_t width);

  Bits(const Bits& other) : width_(other.width_) {
    if (is_small()) small_ = other.small_;
    else copy_wide(other);
  }
  Bits(Bits&& other) noexcept : width_(other.width_) {
    if (is_small()) small_ = other.small_;
    else words_ = other.words_;
    other.width_ = 0;
    other.small_ = 0;
  }
  Bits& operator=(const Bits& other) {
    if (is_small() && other.is_small()) {
      width_ = other.width_;
      small_ = other.small_;
      return *this;
    }
    return assign_wide(other);
  }
  Bits& operator=(Bits&& other) noexcept {
    if (this == &other) return *this;
    if (!is_small()) release_wide();
    width_ = other.width_;
    if (is_small()) small_ = other.small_;
    else words_ = other.words_;
    other.width_ = 0;
    other.small_ = 0;
    return *this;
  }
  ~Bits() {
    if (!is_small()) release_wide();
  }

  uint32_t width() const { return width_; }
  bool is_small() const { return width_ <= 64; }
  uint64_t low64() const { return is_small() ? small_ : words_[0]; }  // low 64 bits
  // 64-bit word i (0 beyond width). Inline: the assembler's solver and the
  // engine's slices call these in their innermost loops.
  uint64_t word(uint32_t i) const {
    if (i >= words()) return 0;
    return is_small() ? small_ : words_[i];
  }
  void set_word(uint32_t i, uint64_t v) {  // masked to width
    if (i >= words()) return;
    if (is_small()) {
      small_ = width_ == 64 ? v : v & ((uint64_t{1} << width_) - 1);
      return;
    }
    words_[i] = v;
    if (i == words() - 1) mask_top();
  }

  // The value of a Bits up to 64 bits wide, given within its width (the
  // compiled code's fixed-width stores; no check).
  void set_small(uint64_t v) { small_ = v; }

  bool bit(uint32_t i) const;
  void set_bit(uint32_t i, bool v);
  Bits slice(uint32_t lo, uint32_t width) const;          // x<lo+width-1:lo>
  void set_slice(uint32_t lo, const Bits& value);         // x<lo+value.width()-1:lo> = value
  static Bits concat(const Bits& high, const Bits& low);  // high:low

  bool is_zero() const;
  bool is_ones() const;
  int popcount() const;
  int highest_set_bit() const;  // -1 when zero
  int lowest_set_bit() const;   // width when zero

  Bits operator~() const;
  Bits operator&(const Bits& o) const;
  Bits operator|(const Bits& o) const;
  Bits operator^(const Bits& o) const;
  Bits add(const Bits& o) const;  // modulo 2^N
  Bits sub(const Bits& o) const;
  Bits shl(uint32_t n) const;
  Bits lshr(uint32_t n) const;
  bool operator==(const Bits& o) const;

  Int to_uint() const;  // error if more than 127 significant bits
  Int to_sint() const;
  static Bits from_int(uint32_t width, Int v);  // two's complement, low width bits

  std::string to_hex() const;     // 0x... with width/4 digits (rounded up)
  std::string to_binary() const;  // '0101'

 private:
  uint32_t words() const { return (width_ + 63) / 64; }
  void mask_top();
  void init_wide(uint64_t value);      // width_ > 64: allocate, value in word 0
  void copy_wide(const Bits& other);   // width_ > 64: allocate, copy other's words
  Bits& assign_wide(const Bits& other);  // either side wider than 64
  // The words of a wide value come from a per-thread free list of their size
  // up to bits(2048) (value.cpp), so that once warm a run copying vectors in
  // and out of Values calls no allocator.
  void release_wide() noexcept;
  uint32_t width_ = 0;
  union {
    uint64_t small_ = 0;
    uint64_t* words_;
  };
};

// A bits pattern with don't-care positions ('1x0'): matches v when
// (v & care) == value.
struct BitPattern {
  Bits value;
  Bits care;
  bool matches(const Bits& v) const { return (v & care) == value; }
};

struct EnumType;
struct RecordType;

enum class ValueKind : uint8_t { Void, Boolean, Integer, Real, Bits, Enum, String, Tuple, Record, Array };

class Value {
 public:
  Value() = default;
  // The scalar constructors are inline: both engines make them all the time.
  static Value boolean(bool b) {
    Value v;
    v.kind_ = ValueKind::Boolean;
    v.b_ = b;
    return v;
  }
  static Value integer(Int i) {
    Value v;
    v.kind_ = ValueKind::Integer;
    v.i_ = i;
    return v;
  }
  static Value real(double r) {
    Value v;
    v.kind_ = ValueKind::Real;
    v.r_ = r;
    return v;
  }
  static Value bits(Bits b) {
    Value v;
    v.kind_ = ValueKind::Bits;
    v.bits_ = std::move(b);
    return v;
  }
  static Value bits(uint32_t width, uint64_t v) { return bits(Bits(width, v)); }
  static Value enumeration(const EnumType* type, uint32_t member);
  static Value string(std::string s);
  static Value tuple(std::vector<Value> elems);
  static Value record(const RecordType* type, std::vector<Value> fields);
  static Value array(std::vector<Value> elems, Int first_index);

  ValueKind kind() const { return kind_; }
  bool as_bool() const { return b_; }
  Int as_int() const { return i_; }
  double as_real() const { return r_; }
  const Bits& as_bits() const { return bits_; }
  Bits& as_bits() { return bits_; }
  uint32_t enum_member() const { return static_cast<uint32_t>(i_); }
  const EnumType* enum_type() const { return enum_type_; }
  const RecordType* record_type() const { return record_type_; }
  const std::string& as_string() const;
  // Tuple elements, record fields or array elements; copied on write.
  const std::vector<Value>& elems() const { return elems_ ? *elems_ : no_elems(); }
  std::vector<Value>& mutable_elems() {
    if (elems_ && elems_.use_count() == 1) return *elems_;
    return mutable_elems_slow();
  }
  // In place: the value becomes the boolean or integer (no temporary when it
  // is one already, as the machine's flags and counters are).
  void set_bool(bool b) {
    if (kind_ == ValueKind::Boolean) b_ = b;
    else *this = boolean(b);
  }
  void set_int(Int i) {
    if (kind_ == ValueKind::Integer) i_ = i;
    else *this = integer(i);
  }
  Int array_first() const { return i_; }
  // Becomes equal to `from` holding no elements in common with any other
  // value: into its own elements one by one when it holds as many already
  // (no allocation then), else a copy whose elements are then made its own.
  // For a copy that is kept and compared while the original changes.
  void assign_unshared(const Value& from);

  // `integer 42`, `boolean TRUE`, `bits(8) 0x5a`, `real 0.5`, ...
  std::string describe() const;

 private:
  static const std::vector<Value>& no_elems();
  std::vector<Value>& mutable_elems_slow();
  void make_own();  // its elements, and theirs, copied where shared
  ValueKind kind_ = ValueKind::Void;
  bool b_ = false;
  Int i_ = 0;  // integer, enum member, array first index
  double r_ = 0;
  Bits bits_;
  const EnumType* enum_type_ = nullptr;
  const RecordType* record_type_ = nullptr;
  std::shared_ptr<std::vector<Value>> elems_;  // shared until written
  std::shared_ptr<const std::string> str_;
};

std::string int_to_string(Int v);

}  // namespace mlisa::spec
