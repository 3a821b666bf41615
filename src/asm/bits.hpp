// Fields, partial assignments and machine words: the bits the assembler's
// bit model (asm/model.hpp) is built from. A machine word is an
// mlisa::spec::Bits of any width; bit 0 is the least significant.
#pragma once

#include "spec/value.hpp"

#include <cstdint>
#include <memory>
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
//
// The mask and value words of words up to kInlineWords * 64 bits (512) are
// held inline: the solver copies and merges assignments in its innermost
// loop, and these never allocate.
class Assignment {
 public:
  static constexpr uint32_t kInlineWords = 8;

  Assignment() = default;
  explicit Assignment(uint32_t width);
  Assignment(const Assignment& o) { copy_from(o); }
  Assignment(Assignment&& o) noexcept { move_from(o); }
  Assignment& operator=(const Assignment& o) {
    if (this != &o) copy_from(o);
    return *this;
  }
  Assignment& operator=(Assignment&& o) noexcept {
    if (this != &o) move_from(o);
    return *this;
  }
  ~Assignment() = default;

  uint32_t width() const { return width_; }
  uint32_t words() const { return (width_ + 63) / 64; }
  spec::Bits mask() const;   // a copy; the hot paths read mask_word/value_word
  spec::Bits value() const;
  uint64_t mask_word(uint32_t i) const { return i < words() ? m()[i] : 0; }
  uint64_t value_word(uint32_t i) const { return i < words() ? v()[i] : 0; }
  const uint64_t* mask_words() const { return m(); }    // words() of them
  const uint64_t* value_words() const { return v(); }
  uint64_t lanes = 0;  // bit i: shared immediate lane i is read
  uint64_t reads = 0;  // bit i: shared scalar-read field i is read

  // Assigns the low f.width bits of v (f.width <= 64). False, leaving *this
  // unchanged, when an assigned bit there holds a different value.
  bool set(Field f, uint64_t v);
  void unset(Field f);               // f's bits no longer assigned
  bool assigned(Field f) const;      // every bit of f assigned
  uint64_t get(Field f) const;       // the assigned bits of f (0 where unassigned)

  bool compatible(const Assignment& o) const;  // equal on the bits both assign
  bool merge(const Assignment& o);             // false (unchanged) on conflict
  // True when every assigned bit agrees with `word` (of the same or smaller width).
  bool matches(const spec::Bits& word) const;
  // Writes the assigned bits into `word` (of the same or smaller width).
  void apply(spec::Bits& word) const;
  bool empty() const;

  bool operator==(const Assignment& o) const;

 private:
  uint64_t* m() { return wide_ ? wide_.get() : inline_; }
  const uint64_t* m() const { return wide_ ? wide_.get() : inline_; }
  uint64_t* v() { return m() + words(); }
  const uint64_t* v() const { return m() + words(); }
  void copy_from(const Assignment& o);
  void move_from(Assignment& o);

  uint32_t width_ = 0;
  uint64_t inline_[2 * kInlineWords] = {};      // mask words, then value words
  std::unique_ptr<uint64_t[]> wide_;           // the same, for wider words
};

// A field's value in a word (f.width <= 64); bits beyond the word read as 0.
uint64_t get_field(const spec::Bits& word, Field f);
void set_field(spec::Bits& word, Field f, uint64_t v);
// A word of `width` bits from another of any width (truncated or zero-extended).
spec::Bits resize(const spec::Bits& word, uint32_t width);
// The low `bits` bits of a word, every one assigned, in an assignment `width` wide.
Assignment every_bit(const Word& word, uint32_t bits, uint32_t width);
// Little-endian bytes (byte 0 = bits 7..0), ceil(width/8) of them.
std::vector<uint8_t> le_bytes(const spec::Bits& word);
// -1, 0, 1 comparing the little-endian byte strings of two words of one width.
int compare_le_bytes(const spec::Bits& a, const spec::Bits& b);

}  // namespace mlisa::as
