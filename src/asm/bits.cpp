#include "asm/bits.hpp"

#include <algorithm>
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

Assignment::Assignment(uint32_t width) : width_(width) {
  if (words() > kInlineWords) wide_ = std::make_unique<uint64_t[]>(2 * size_t{words()});
  else std::fill(inline_, inline_ + 2 * words(), 0);
}

void Assignment::copy_from(const Assignment& o) {
  lanes = o.lanes;
  reads = o.reads;
  if (o.words() > kInlineWords) {
    if (!wide_ || words() != o.words()) wide_ = std::make_unique<uint64_t[]>(2 * size_t{o.words()});
  } else {
    wide_.reset();
  }
  width_ = o.width_;
  std::copy(o.m(), o.m() + 2 * words(), m());
}

void Assignment::move_from(Assignment& o) {
  lanes = o.lanes;
  reads = o.reads;
  width_ = o.width_;
  wide_ = std::move(o.wide_);
  if (!wide_) std::copy(o.inline_, o.inline_ + 2 * words(), inline_);
}

spec::Bits Assignment::mask() const {
  spec::Bits b(width_, 0);
  for (uint32_t i = 0; i < words(); ++i) b.set_word(i, m()[i]);
  return b;
}

spec::Bits Assignment::value() const {
  spec::Bits b(width_, 0);
  for (uint32_t i = 0; i < words(); ++i) b.set_word(i, v()[i]);
  return b;
}

bool Assignment::empty() const {
  for (uint32_t i = 0; i < words(); ++i)
    if (m()[i]) return false;
  return true;
}

bool Assignment::operator==(const Assignment& o) const {
  return lanes == o.lanes && reads == o.reads && width_ == o.width_ && std::equal(m(), m() + 2 * words(), o.m());
}

bool Assignment::set(Field f, uint64_t val) {
  if (f.width == 0) return true;
  val &= low_mask(f.width);
  uint64_t* mk = m();
  uint64_t* vl = v();
  const uint32_t n = words();
  bool ok = true;
  for_parts(f, [&](uint32_t w, uint64_t msk, int sh) {
    if (w >= n) return;
    const uint64_t bits = place(val, sh) & msk;
    if ((mk[w] & msk & (vl[w] ^ bits)) != 0) ok = false;
  });
  if (!ok) return false;
  for_parts(f, [&](uint32_t w, uint64_t msk, int sh) {
    if (w >= n) return;
    const uint64_t top = w + 1 == n && width_ % 64 ? low_mask(width_ % 64) : ~uint64_t{0};
    const uint64_t bits = place(val, sh) & msk & top;
    mk[w] |= msk & top;
    vl[w] = (vl[w] & ~msk) | bits;
  });
  return true;
}

void Assignment::unset(Field f) {
  uint64_t* mk = m();
  uint64_t* vl = v();
  const uint32_t n = words();
  for_parts(f, [&](uint32_t w, uint64_t msk, int) {
    if (w >= n) return;
    mk[w] &= ~msk;
    vl[w] &= ~msk;
  });
}

bool Assignment::assigned(Field f) const {
  bool all = true;
  for_parts(f, [&](uint32_t w, uint64_t msk, int) {
    if ((mask_word(w) & msk) != msk) all = false;
  });
  return all;
}

uint64_t Assignment::get(Field f) const {
  uint64_t r = 0;
  if (f.width == 0) return 0;
  for_parts(f, [&](uint32_t w, uint64_t msk, int sh) { r |= unplace(value_word(w) & msk, sh); });
  return r & low_mask(f.width);
}

bool Assignment::compatible(const Assignment& o) const {
  const uint32_t n = std::min(words(), o.words());
  const uint64_t *am = m(), *av = v(), *bm = o.m(), *bv = o.v();
  for (uint32_t i = 0; i < n; ++i)
    if ((am[i] & bm[i] & (av[i] ^ bv[i])) != 0) return false;
  return true;
}

bool Assignment::merge(const Assignment& o) {
  if (!compatible(o)) return false;
  const uint32_t n = std::min(words(), o.words());
  uint64_t *am = m(), *av = v();
  const uint64_t *bm = o.m(), *bv = o.v();
  for (uint32_t i = 0; i < n; ++i) {
    am[i] |= bm[i];
    av[i] |= bv[i];
  }
  if (n && width_ % 64 && n == words()) {
    am[n - 1] &= low_mask(width_ % 64);
    av[n - 1] &= low_mask(width_ % 64);
  }
  lanes |= o.lanes;
  reads |= o.reads;
  return true;
}

bool Assignment::matches(const Word& word) const {
  const uint32_t n = words();
  const uint64_t *am = m(), *av = v();
  for (uint32_t i = 0; i < n; ++i)
    if ((am[i] & (av[i] ^ word.word(i))) != 0) return false;
  return true;
}

void Assignment::apply(Word& word) const {
  const uint64_t *am = m(), *av = v();
  for (uint32_t i = 0; i < words(); ++i) word.set_word(i, (word.word(i) & ~am[i]) | (av[i] & am[i]));
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

Assignment every_bit(const Word& word, uint32_t bits, uint32_t width) {
  Assignment a(width);
  for (uint32_t at = 0; at < bits; at += 64) {
    const Field f{at, std::min(64u, bits - at)};
    a.set(f, get_field(word, f));
  }
  return a;
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
