#include "asm/bits.hpp"

#include <bit>

namespace mlisa::as {

namespace {

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

uint32_t nwords(uint32_t width) { return (width + 63) / 64; }

// Calls fn(word index, mask within that word, shift) for the one or two
// storage words a field of at most 64 bits touches.
template <class Fn>
void for_parts(Field f, Fn&& fn) {
  const uint32_t w = f.start / 64, s = f.start % 64;
  const uint64_t m = low_mask(f.width);
  fn(w, m << s, static_cast<int>(s));
  if (s != 0 && f.width > 64 - s) fn(w + 1, m >> (64 - s), -static_cast<int>(64 - s));
}

uint64_t place(uint64_t v, int shift) { return shift >= 0 ? v << shift : v >> -shift; }
uint64_t unplace(uint64_t v, int shift) { return shift >= 0 ? v >> shift : v << -shift; }

}  // namespace

bool Assignment::set(Field f, uint64_t v) {
  if (f.width == 0) return true;
  v &= low_mask(f.width);
  bool ok = true;
  for_parts(f, [&](uint32_t w, uint64_t m, int sh) {
    const uint64_t bits = place(v, sh) & m;
    if ((mask_.word(w) & m & (value_.word(w) ^ bits)) != 0) ok = false;
  });
  if (!ok) return false;
  for_parts(f, [&](uint32_t w, uint64_t m, int sh) {
    const uint64_t bits = place(v, sh) & m;
    mask_.set_word(w, mask_.word(w) | m);
    value_.set_word(w, (value_.word(w) & ~m) | bits);
  });
  return true;
}

bool Assignment::assigned(Field f) const {
  bool all = true;
  for_parts(f, [&](uint32_t w, uint64_t m, int) {
    if ((mask_.word(w) & m) != m) all = false;
  });
  return all;
}

uint64_t Assignment::get(Field f) const { return get_field(value_, f); }

bool Assignment::compatible(const Assignment& o) const {
  const uint32_t n = nwords(std::min(width(), o.width()));
  for (uint32_t i = 0; i < n; ++i)
    if ((mask_.word(i) & o.mask_.word(i) & (value_.word(i) ^ o.value_.word(i))) != 0) return false;
  return true;
}

bool Assignment::merge(const Assignment& o) {
  if (!compatible(o)) return false;
  const uint32_t n = nwords(width());
  for (uint32_t i = 0; i < n; ++i) {
    mask_.set_word(i, mask_.word(i) | o.mask_.word(i));
    value_.set_word(i, value_.word(i) | o.value_.word(i));
  }
  lanes |= o.lanes;
  reads |= o.reads;
  return true;
}

bool Assignment::matches(const Word& word) const {
  const uint32_t n = nwords(width());
  for (uint32_t i = 0; i < n; ++i)
    if ((mask_.word(i) & (value_.word(i) ^ word.word(i))) != 0) return false;
  return true;
}

uint64_t get_field(const Word& word, Field f) {
  uint64_t v = 0;
  if (f.width == 0) return 0;
  for_parts(f, [&](uint32_t w, uint64_t m, int sh) { v |= unplace(word.word(w) & m, sh); });
  return v & low_mask(f.width);
}

void set_field(Word& word, Field f, uint64_t v) {
  if (f.width == 0) return;
  v &= low_mask(f.width);
  for_parts(f, [&](uint32_t w, uint64_t m, int sh) {
    word.set_word(w, (word.word(w) & ~m) | (place(v, sh) & m));
  });
}

Word resize(const Word& word, uint32_t width) {
  Word r(width, 0);
  for (uint32_t i = 0; i < nwords(width); ++i) r.set_word(i, word.word(i));
  return r;
}

std::vector<uint8_t> le_bytes(const Word& word) {
  std::vector<uint8_t> out((word.width() + 7) / 8);
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint8_t>(word.word(i / 8) >> (8 * (i % 8)));
  return out;
}

int compare_le_bytes(const Word& a, const Word& b) {
  const uint32_t n = nwords(std::max(a.width(), b.width()));
  for (uint32_t i = 0; i < n; ++i) {
    const uint64_t x = __builtin_bswap64(a.word(i)), y = __builtin_bswap64(b.word(i));
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

}  // namespace mlisa::as
