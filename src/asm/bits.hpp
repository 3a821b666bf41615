// Fields, partial assignments and machine words: the bits the assembler's
// bit model (asm/model.hpp) is built from. A machine word is an
// mlisa::spec::Bits of any width; bit 0 is the least significant.
#pragma once

#include "spec/value.hpp"

#include <cstdint>
#include <vector>

namespace mlisa::as {

using Word = spec::Bits;

// Bits [start, start + width) of a machine word. A field an operand reads or
// a constraint writes is at most 64 bits wide.
struct Field {
  uint32_t start = 0;
  uint32_t width = 0;
  bool operator==(const Field&) const = default;
};

// A partial assignment of a word of `width` bits, with the shared resources
// read. A value written by a constraint does not count as read.
class Assignment {
 public:
  Assignment() = default;
  explicit Assignment(uint32_t width) : mask_(width, 0), value_(width, 0) {}

  uint32_t width() const { return mask_.width(); }
  const spec::Bits& mask() const { return mask_; }
  const spec::Bits& value() const { return value_; }
  uint64_t lanes = 0;  // bit i: shared immediate lane i is read
  uint64_t reads = 0;  // bit i: shared scalar-read field i is read

  // Assigns the low f.width bits of v (f.width <= 64). False, leaving *this
  // unchanged, when an assigned bit there holds a different value.
  bool set(Field f, uint64_t v);
  bool assigned(Field f) const;      // every bit of f assigned
  uint64_t get(Field f) const;       // the assigned bits of f (0 where unassigned)

  bool compatible(const Assignment& o) const;  // equal on the bits both assign
  bool merge(const Assignment& o);             // false (unchanged) on conflict
  // True when every assigned bit agrees with `word` (of the same or smaller width).
  bool matches(const spec::Bits& word) const;
  bool empty() const { return mask_.is_zero(); }

  bool operator==(const Assignment& o) const {
    return lanes == o.lanes && reads == o.reads && mask_ == o.mask_ && value_ == o.value_;
  }

 private:
  spec::Bits mask_, value_;
};

// A field's value in a word (f.width <= 64); bits beyond the word read as 0.
uint64_t get_field(const spec::Bits& word, Field f);
void set_field(spec::Bits& word, Field f, uint64_t v);
// A word of `width` bits from another of any width (truncated or zero-extended).
spec::Bits resize(const spec::Bits& word, uint32_t width);
// Little-endian bytes (byte 0 = bits 7..0), ceil(width/8) of them.
std::vector<uint8_t> le_bytes(const spec::Bits& word);
// -1, 0, 1 comparing the little-endian byte strings of two words of one width.
int compare_le_bytes(const spec::Bits& a, const spec::Bits& b);

}  // namespace mlisa::as
