// Case generation and checking for the fp suite. See fp_cases.hpp.
#include "verify/fp_cases.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <exception>
#include <initializer_list>
#include <optional>
#include <string_view>

namespace mlisa::verify::fpcases {
namespace {

// ---------------------------------------------------------------------------
// Names.

const char* format_name(Format f) {
  switch (f) {
    case Format::F16: return "f16";
    case Format::BF16: return "bf16";
    case Format::F32: return "f32";
    case Format::F64: return "f64";
  }
  return "?";
}

std::string int_name(IntType t) { return fmt::format("{}{}", t.is_unsigned ? 'u' : 's', t.width); }

const char* kind_name(OpKind k) {
  switch (k) {
    case OpKind::Add: return "add";
    case OpKind::Sub: return "sub";
    case OpKind::Mul: return "mul";
    case OpKind::Div: return "div";
    case OpKind::Sqrt: return "sqrt";
    case OpKind::MulAdd: return "muladd";
    case OpKind::Max: return "max";
    case OpKind::Min: return "min";
    case OpKind::MaxNum: return "maxnum";
    case OpKind::MinNum: return "minnum";
    case OpKind::Compare: return "compare";
    case OpKind::CompareE: return "comparee";
    case OpKind::Abs: return "abs";
    case OpKind::Neg: return "neg";
    case OpKind::CvtFloat:
    case OpKind::CvtToInt:
    case OpKind::CvtFromInt: return "cvt";
  }
  return "?";
}

int format_width(Format f) { return f == Format::F16 || f == Format::BF16 ? 16 : f == Format::F32 ? 32 : 64; }

// ---------------------------------------------------------------------------
// Random numbers: splitmix64, seeded from (seed, operation name, index).

uint64_t mix64(uint64_t z) {
  z += 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint64_t name_hash(const std::string& s) {
  uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a
  for (unsigned char c : s) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

class Rng {
 public:
  explicit Rng(uint64_t state) : state_(state) {}
  uint64_t next() {
    state_ += 0x9e3779b97f4a7c15ull;
    uint64_t z = state_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint64_t below(uint64_t n) { return n == 0 ? 0 : next() % n; }
  int range(int lo, int hi) { return lo >= hi ? lo : lo + static_cast<int>(below(static_cast<uint64_t>(hi - lo) + 1)); }
  bool chance(int num, int den) { return below(static_cast<uint64_t>(den)) < static_cast<uint64_t>(num); }
  bool coin() { return next() & 1; }
  uint64_t bits(int n) { return n >= 64 ? next() : next() & ((uint64_t{1} << n) - 1); }

 private:
  uint64_t state_;
};

// ---------------------------------------------------------------------------
// Operand construction for one format.

struct Fmt {
  Format f;
  int width = 32, E = 8, F = 23, bias = 127, min_exp = -126, max_exp = 127;
  explicit Fmt(Format format) : f(format) {
    switch (format) {
      case Format::F16: width = 16, E = 5, F = 10; break;
      case Format::BF16: width = 16, E = 8, F = 7; break;
      case Format::F32: width = 32, E = 8, F = 23; break;
      case Format::F64: width = 64, E = 11, F = 52; break;
    }
    bias = (1 << (E - 1)) - 1;
    min_exp = 1 - bias;
    max_exp = bias;
  }
  uint64_t exp_ones() const { return (uint64_t{1} << E) - 1; }
  uint64_t frac_mask() const { return (uint64_t{1} << F) - 1; }
  uint64_t pack(bool sign, uint64_t biased, uint64_t frac) const {
    return (uint64_t{sign} << (width - 1)) | (biased << F) | (frac & frac_mask());
  }
  uint64_t zero(bool s) const { return pack(s, 0, 0); }
  uint64_t inf(bool s) const { return pack(s, exp_ones(), 0); }
  uint64_t max_normal(bool s) const { return pack(s, exp_ones() - 1, frac_mask()); }
  uint64_t min_normal(bool s) const { return pack(s, 1, 0); }
  // A normal number 1.frac * 2^e (e clamped into the normal range).
  uint64_t normal(bool s, int e, uint64_t frac) const {
    e = std::clamp(e, min_exp, max_exp);
    return pack(s, static_cast<uint64_t>(e + bias), frac);
  }
  uint64_t sign_bit() const { return uint64_t{1} << (width - 1); }
  int exponent_of(uint64_t bits) const { return static_cast<int>((bits >> F) & exp_ones()) - bias; }
};

struct Operand {
  uint64_t bits;
  const char* cls;
};

uint64_t random_frac(Rng& r, const Fmt& m) {
  // Mostly uniform, sometimes sparse or dense bit patterns (long carries).
  switch (r.below(6)) {
    case 0: return 0;
    case 1: return m.frac_mask();
    case 2: return r.bits(m.F) & r.bits(m.F) & r.bits(m.F);
    case 3: return r.bits(m.F) | r.bits(m.F) | r.bits(m.F);
    default: return r.bits(m.F);
  }
}

uint64_t random_normal(Rng& r, const Fmt& m, int elo, int ehi) {
  return m.normal(r.coin(), r.range(std::max(elo, m.min_exp), std::min(ehi, m.max_exp)), random_frac(r, m));
}

// A number of moderate size (exponent within +-range of 0).
uint64_t moderate(Rng& r, const Fmt& m, int range = 8) { return random_normal(r, m, -range, range); }

uint64_t quiet_nan(Rng& r, const Fmt& m) {
  const uint64_t q = uint64_t{1} << (m.F - 1);
  return m.pack(r.coin(), m.exp_ones(), q | (r.coin() ? r.bits(m.F - 1) : r.below(4)));
}

uint64_t signalling_nan(Rng& r, const Fmt& m) {
  uint64_t payload = r.coin() ? r.bits(m.F - 1) : r.below(4);
  if (payload == 0) payload = 1;
  return m.pack(r.coin(), m.exp_ones(), payload);
}

uint64_t denormal(Rng& r, const Fmt& m) {
  const bool s = r.coin();
  switch (r.below(4)) {
    case 0: return m.pack(s, 0, 1);                         // smallest
    case 1: return m.pack(s, 0, m.frac_mask());             // largest
    case 2: return m.pack(s, 0, uint64_t{1} << r.below(static_cast<uint64_t>(m.F)));  // a power of two
    default: {
      uint64_t f = r.bits(m.F);
      return m.pack(s, 0, f == 0 ? 1 : f);
    }
  }
}

// One operand from an edge class.
Operand edge_operand(Rng& r, const Fmt& m) {
  const bool s = r.coin();
  switch (r.below(16)) {
    case 0: return {m.zero(s), "zero"};
    case 1:
    case 2: return {denormal(r, m), "denormal"};
    case 3: return {m.inf(s), "infinity"};
    case 4: return {quiet_nan(r, m), "qnan"};
    case 5: return {signalling_nan(r, m), "snan"};
    case 6: return {r.coin() ? m.min_normal(s) : m.pack(s, 1, random_frac(r, m)), "min_normal"};
    case 7: return {r.coin() ? m.max_normal(s) : m.pack(s, m.exp_ones() - 1, random_frac(r, m)), "max_normal"};
    case 8: return {random_normal(r, m, m.max_exp - 2, m.max_exp), "near_overflow"};
    case 9: return {random_normal(r, m, m.min_exp, m.min_exp + 2), "near_underflow"};
    case 10: return {m.normal(s, 0, r.coin() ? 0 : r.below(4)), "one"};
    case 11:
    case 12: return {r.bits(m.width), "random"};
    default: return {moderate(r, m), "normal"};
  }
}

// The most telling class of several operands: the first that is not ordinary.
const char* combine(std::initializer_list<const char*> classes) {
  static const char* const order[] = {"snan", "qnan", "infinity", "zero", "denormal", "min_normal",
                                      "max_normal", "near_overflow", "near_underflow", "one"};
  for (const char* o : order)
    for (const char* c : classes)
      if (std::string_view(c) == o) return o;
  for (const char* c : classes)
    if (std::string_view(c) == "random") return "random";
  return "normal";
}

std::optional<uint64_t> encode(const Fmt& m, bool sign, uint64_t mant, int exp2) {
  return ref::EncodeExact(m.f, sign, mant, exp2);
}

// A random odd number of exactly n bits (n >= 1).
uint64_t odd_of_bits(Rng& r, int n) {
  if (n <= 1) return 1;
  uint64_t v = r.bits(n - 1) | (uint64_t{1} << (n - 1)) | 1;
  return v;
}

int bitlen(uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

// The significand (with the hidden bit) and the exponent of its LSB.
struct Sig {
  uint64_t mant;
  int exp2;
  bool sign;
};
Sig sig_of(const Fmt& m, uint64_t bits) {
  const bool s = (bits >> (m.width - 1)) & 1;
  const uint64_t e = (bits >> m.F) & m.exp_ones();
  const uint64_t f = bits & m.frac_mask();
  if (e == 0) return {f, m.min_exp - m.F, s};
  return {f | (uint64_t{1} << m.F), static_cast<int>(e) - m.bias - m.F, s};
}

uint64_t nudge(Rng& r, const Fmt& m, uint64_t bits) {
  // One unit in the last place up or down in the encoding (stays finite for the
  // normal numbers this is used on).
  return r.coin() ? bits + 1 : bits - 1;
}

// ---------------------------------------------------------------------------
// Constructions by operation.

// a + b lands exactly halfway between two neighbours (or, near, one ulp of b off).
std::array<uint64_t, 2> add_halfway(Rng& r, const Fmt& m, bool near) {
  const int ea = r.range(m.min_exp + m.F + 2, std::min(m.max_exp - 1, m.min_exp + m.F + 2 + 60));
  const int ea2 = r.coin() ? r.range(-6, 6) : ea;  // mostly moderate
  const int e = std::clamp(ea2, m.min_exp + m.F + 2, m.max_exp - 1);
  const uint64_t a = m.normal(r.coin(), e, random_frac(r, m));
  // b = odd * 2^(e - F - 1): its lowest set bit is half an ulp of a.
  const int k = r.range(1, m.F + 1);
  const uint64_t mb = odd_of_bits(r, k);
  auto b = encode(m, r.coin(), mb, e - m.F - 1);
  uint64_t bb = b ? *b : m.normal(false, e - m.F - 1, 0);
  if (near) bb = nudge(r, m, bb);
  return {a, bb};
}

// A product with exactly F+2 significant bits: a tie. Exponent of the product
// chosen by `pe_lo..pe_hi`.
std::optional<std::array<uint64_t, 2>> mul_tie(Rng& r, const Fmt& m, int pe_lo, int pe_hi) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const int n1 = r.range(1, m.F + 1);
    const uint64_t ma = odd_of_bits(r, n1);
    const unsigned __int128 lo_p = static_cast<unsigned __int128>(1) << (m.F + 1);
    const unsigned __int128 hi_p = (static_cast<unsigned __int128>(1) << (m.F + 2)) - 1;
    uint64_t lo = static_cast<uint64_t>((lo_p + ma - 1) / ma);
    uint64_t hi = static_cast<uint64_t>(std::min<unsigned __int128>(hi_p / ma, (uint64_t{1} << (m.F + 1)) - 1));
    if (lo > hi) continue;
    uint64_t mb = lo + r.below(hi - lo + 1);
    if ((mb & 1) == 0) mb = mb + 1 <= hi ? mb + 1 : mb - 1;
    if (mb < lo || (mb & 1) == 0) continue;
    // product = ma*mb * 2^(xa+xb), with ma*mb of F+2 bits: its exponent is
    // F+1 + xa + xb.
    const int pe = r.range(pe_lo, pe_hi);
    const int sum_x = pe - (m.F + 1);
    const int n2 = bitlen(mb);
    // Keep both operands normal: exponent of a is xa + n1 - 1, of b xb + n2 - 1.
    const int xa_lo = std::max(m.min_exp - (n1 - 1), sum_x - (m.max_exp - (n2 - 1)));
    const int xa_hi = std::min(m.max_exp - (n1 - 1), sum_x - (m.min_exp - (n2 - 1)));
    if (xa_lo > xa_hi) continue;
    const int xa = r.range(xa_lo, xa_hi);
    auto a = encode(m, r.coin(), ma, xa);
    auto b = encode(m, r.coin(), mb, sum_x - xa);
    if (a && b) return std::array<uint64_t, 2>{*a, *b};
  }
  return std::nullopt;
}

// A product just below 2^(target+1)... more precisely (1 - eps) * 2^pe with eps
// below 2^-F: it rounds to the top of its binade or up into the next one. Used
// for the underflow boundary (pe = min_exp) and overflow (pe = max_exp + 1).
std::optional<std::array<uint64_t, 2>> mul_near_power(Rng& r, const Fmt& m, int pe) {
  for (int attempt = 0; attempt < 8; ++attempt) {
    const uint64_t top = uint64_t{1} << m.F;
    const uint64_t ma = top + 1 + r.below(top - 1);  // in (2^F, 2^(F+1))
    const unsigned __int128 target = (static_cast<unsigned __int128>(1) << (2 * m.F + 1)) - 1;
    int64_t mb = static_cast<int64_t>(target / ma) + r.range(-1, 1);
    mb = std::clamp<int64_t>(mb, static_cast<int64_t>(top), static_cast<int64_t>(2 * top - 1));
    // a = ma * 2^(ea - F), b = mb * 2^(eb - F): product about 2^(ea + eb + 1).
    const int s = pe - 1;
    const int ea_lo = std::max(m.min_exp, s - m.max_exp), ea_hi = std::min(m.max_exp, s - m.min_exp);
    if (ea_lo > ea_hi) return std::nullopt;
    const int ea = r.range(ea_lo, ea_hi);
    const uint64_t a = m.normal(r.coin(), ea, ma);
    const uint64_t b = m.normal(r.coin(), s - ea, static_cast<uint64_t>(mb));
    return std::array<uint64_t, 2>{a, b};
  }
  return std::nullopt;
}

// a = RN(t * b) for a target quotient t = tmant * 2^texp and a random b: a / b is
// then within an ulp of t (near a midpoint when t is one).
std::optional<std::array<uint64_t, 2>> div_near(Rng& r, const Fmt& m, uint64_t tmant, int texp,
                                                int beo_lo, int beo_hi) {
  const uint64_t b = random_normal(r, m, beo_lo, beo_hi);
  const Sig sb = sig_of(m, b);
  const unsigned __int128 prod = static_cast<unsigned __int128>(tmant) * sb.mant;
  FPCR plain;
  const Rounding modes[] = {Rounding::TieEven, Rounding::Zero, Rounding::PosInf};
  const ref::Result a = ref::RoundExact(m.f, r.coin(), prod, texp + sb.exp2, plain, modes[r.below(3)]);
  if (a.flags & (fp::flag::OFC | fp::flag::UFC)) return std::nullopt;
  if ((a.bits & ~m.sign_bit()) == 0) return std::nullopt;
  return std::array<uint64_t, 2>{a.bits, b};
}

// ---------------------------------------------------------------------------
// Generators by operation shape.

struct Gen {
  Rng& r;
  const FpOperation& op;
  FpCase& c;
};

void gen_binary(Gen& g) {
  Rng& r = g.r;
  const Fmt m(g.op.format);
  auto& o = g.c.operands;
  const OpKind k = g.op.kind;
  const bool additive = k == OpKind::Add || k == OpKind::Sub;
  const uint64_t pick = r.below(100);
  if (pick < 15) {
    o[0] = r.bits(m.width), o[1] = r.bits(m.width);
    g.c.operand_class = "random";
  } else if (pick < 30) {
    // Ordinary numbers with nearby exponents.
    const int e = r.range(-20, 20);
    o[0] = random_normal(r, m, e - 2, e + 2);
    // For sums: alignment shifts up to F+3 (rounding bits), sometimes far beyond
    // (only the sticky bit survives).
    const int reach = additive ? (r.chance(1, 4) ? 3 * m.F + 8 : m.F + 3) : 4;
    o[1] = random_normal(r, m, e - reach, e + (additive ? 2 : 4));
    if (r.coin()) std::swap(o[0], o[1]);
    g.c.operand_class = "normal";
  } else if (pick < 55) {
    const Operand a = r.chance(3, 4) ? edge_operand(r, m) : Operand{moderate(r, m), "normal"};
    const Operand b = r.chance(3, 4) ? edge_operand(r, m) : Operand{moderate(r, m), "normal"};
    o[0] = a.bits, o[1] = b.bits;
    g.c.operand_class = combine({a.cls, b.cls});
  } else if (pick < 70) {
    const bool near = r.chance(1, 3);
    g.c.operand_class = near ? "near_halfway" : "halfway";
    if (additive) {
      auto ab = add_halfway(r, m, near);
      o[0] = ab[0], o[1] = ab[1];
      if (k == OpKind::Sub) o[1] ^= m.sign_bit();
      if (r.coin()) std::swap(o[0], o[1]);
    } else if (k == OpKind::Mul) {
      auto ab = mul_tie(r, m, m.min_exp - m.F + 1, std::min(m.max_exp, 40));
      if (!ab) ab = std::array<uint64_t, 2>{moderate(r, m), moderate(r, m)};
      o[0] = (*ab)[0], o[1] = (*ab)[1];
      if (near) {
        const size_t i = r.below(2);
        o[i] = nudge(r, m, o[i]);
      }
    } else if (k == OpKind::Div) {
      // Quotients cannot be exact midpoints; aim within an ulp of one.
      const uint64_t tm = (uint64_t{1} << (m.F + 1)) | (r.bits(m.F) << 1) | 1;  // F+2 bits, odd
      const int te = r.range(-10, 10);
      auto ab = div_near(r, m, tm, te - (m.F + 1), -4, 4);
      if (!ab) ab = std::array<uint64_t, 2>{moderate(r, m), moderate(r, m)};
      o[0] = (*ab)[0], o[1] = (*ab)[1];
      g.c.operand_class = "near_halfway";
    } else {
      // max/min/compare: values one ulp apart.
      o[0] = moderate(r, m);
      o[1] = nudge(r, m, o[0]);
      g.c.operand_class = "near_equal";
    }
  } else if (pick < 80) {
    g.c.operand_class = "near_overflow";
    std::optional<std::array<uint64_t, 2>> ab;
    if (additive) {
      const bool s = r.coin();
      o[0] = m.pack(s, m.exp_ones() - 1, random_frac(r, m));
      o[1] = m.normal(s ^ (k == OpKind::Sub), r.range(m.max_exp - m.F - 2, m.max_exp), random_frac(r, m));
    } else if (k == OpKind::Mul) {
      ab = mul_near_power(r, m, m.max_exp + 1);
    } else if (k == OpKind::Div) {
      const uint64_t tm = (uint64_t{1} << (m.F + 2)) - 1 - r.below(8);  // just below 2^(max+1)
      ab = div_near(r, m, tm, m.max_exp - (m.F + 1), -6, 0);
    } else {
      o[0] = random_normal(r, m, m.max_exp - 1, m.max_exp);
      o[1] = r.coin() ? m.inf(r.coin()) : random_normal(r, m, m.max_exp - 1, m.max_exp);
    }
    if (ab) o[0] = (*ab)[0], o[1] = (*ab)[1];
    else if (k == OpKind::Mul || k == OpKind::Div) o[0] = m.max_normal(r.coin()), o[1] = moderate(r, m, 2);
  } else if (pick < 92) {
    g.c.operand_class = "near_underflow";
    std::optional<std::array<uint64_t, 2>> ab;
    if (additive) {
      // Sums that cross the normal boundary (exact in binary: no UFC).
      o[0] = r.coin() ? denormal(r, m) : random_normal(r, m, m.min_exp, m.min_exp + 1);
      o[1] = r.coin() ? denormal(r, m) : random_normal(r, m, m.min_exp, m.min_exp + 1);
    } else if (k == OpKind::Mul) {
      if (r.chance(2, 3)) ab = mul_near_power(r, m, m.min_exp + r.range(-1, 0));
      else ab = mul_tie(r, m, m.min_exp - m.F, m.min_exp - 1);  // ties among denormals
    } else if (k == OpKind::Div) {
      const uint64_t tm = (uint64_t{1} << (m.F + 2)) - 1 - r.below(8);
      ab = div_near(r, m, tm, m.min_exp - 1 - (m.F + 1) - r.range(0, 1), 0, 6);
    } else {
      o[0] = r.coin() ? denormal(r, m) : m.min_normal(r.coin());
      o[1] = r.coin() ? denormal(r, m) : m.zero(r.coin());
    }
    if (ab) o[0] = (*ab)[0], o[1] = (*ab)[1];
    else if (k == OpKind::Mul || k == OpKind::Div) o[0] = m.min_normal(r.coin()), o[1] = moderate(r, m, 2);
  } else if (pick < 96) {
    // Equal operands (same value, possibly opposite zero signs).
    o[0] = r.chance(3, 4) ? moderate(r, m) : edge_operand(r, m).bits;
    o[1] = o[0];
    if ((o[0] & ~m.sign_bit()) == 0 && r.coin()) o[1] ^= m.sign_bit();
    g.c.operand_class = "equal";
  } else {
    // Opposite signs, equal magnitudes: exact zero sums.
    o[0] = r.chance(3, 4) ? moderate(r, m) : edge_operand(r, m).bits;
    o[1] = o[0] ^ (k == OpKind::Sub ? 0 : m.sign_bit());
    // Or one ulp apart: the exact result is a single ulp, often a denormal.
    if (r.coin() && ((o[1] >> m.F) & m.exp_ones()) != m.exp_ones()) o[1] = nudge(r, m, o[1]);
    g.c.operand_class = "cancel";
  }
}

void gen_sqrt(Gen& g) {
  Rng& r = g.r;
  const Fmt m(g.op.format);
  auto& o = g.c.operands;
  const uint64_t pick = r.below(100);
  // Negative operands all give the default NaN: keep them to about a quarter.
  const uint64_t sign_mask = r.chance(3, 4) ? ~m.sign_bit() : ~uint64_t{0};
  if (pick < 20) {
    o[0] = r.bits(m.width) & sign_mask;
    g.c.operand_class = "random";
  } else if (pick < 45) {
    const Operand a = edge_operand(r, m);
    o[0] = a.bits & sign_mask;
    g.c.operand_class = a.cls;
  } else if (pick < 65) {
    o[0] = random_normal(r, m, m.min_exp, m.max_exp) & ~m.sign_bit();
    g.c.operand_class = "normal";
  } else if (pick < 90) {
    // a = RN(t^2) for a midpoint t (F+2 bits, odd): sqrt(a) is next to a midpoint.
    const uint64_t tm = (uint64_t{1} << (m.F + 1)) | (r.bits(m.F) << 1) | 1;
    const int te = r.range(m.min_exp / 2, m.max_exp / 2);
    const int lsb = te - (m.F + 1);
    const unsigned __int128 sq = static_cast<unsigned __int128>(tm) * tm;
    const Rounding modes[] = {Rounding::TieEven, Rounding::Zero, Rounding::PosInf};
    const ref::Result a = ref::RoundExact(m.f, false, sq, 2 * lsb, FPCR{}, modes[r.below(3)]);
    o[0] = a.bits;
    g.c.operand_class = "near_halfway";
  } else {
    o[0] = denormal(r, m) & (r.chance(3, 4) ? ~m.sign_bit() : ~uint64_t{0});
    g.c.operand_class = "denormal";
  }
}

void gen_sign_op(Gen& g) {
  Rng& r = g.r;
  const Fmt m(g.op.format);
  if (r.coin()) {
    g.c.operands[0] = r.bits(m.width);
    g.c.operand_class = "random";
  } else {
    const Operand a = edge_operand(r, m);
    g.c.operands[0] = a.bits;
    g.c.operand_class = a.cls;
  }
}

void gen_muladd(Gen& g) {
  Rng& r = g.r;
  const Fmt m(g.op.format);
  auto& o = g.c.operands;  // addend, op1, op2
  const uint64_t pick = r.below(100);
  if (pick < 12) {
    o[0] = r.bits(m.width), o[1] = r.bits(m.width), o[2] = r.bits(m.width);
    g.c.operand_class = "random";
  } else if (pick < 27) {
    const int e = r.range(-10, 10);
    o[1] = random_normal(r, m, e - 2, e + 2);
    o[2] = random_normal(r, m, -2, 2);
    o[0] = random_normal(r, m, e - m.F, e + 3);
    g.c.operand_class = "normal";
  } else if (pick < 52) {
    Operand x[3];
    for (auto& v : x) v = r.chance(2, 3) ? edge_operand(r, m) : Operand{moderate(r, m), "normal"};
    // Make inf * 0 with a NaN addend appear often enough.
    if (r.chance(1, 8)) {
      x[1] = {m.inf(r.coin()), "infinity"};
      x[2] = {m.zero(r.coin()), "zero"};
      if (r.coin()) std::swap(x[1], x[2]);
      if (r.coin()) x[0] = {quiet_nan(r, m), "qnan"};
    }
    for (int i = 0; i < 3; ++i) o[i] = x[i].bits;
    g.c.operand_class = combine({x[0].cls, x[1].cls, x[2].cls});
  } else if (pick < 67) {
    // A product that is exact in the format, plus an addend whose lowest bit is
    // half an ulp of the product: a tie (or one ulp off).
    const bool near = r.chance(1, 3);
    g.c.operand_class = near ? "near_halfway" : "halfway";
    const int h = (m.F + 1) / 2;
    const uint64_t m1 = odd_of_bits(r, r.range(1, h)), m2 = odd_of_bits(r, r.range(1, h));
    const int x1 = r.range(-8, 8), x2 = r.range(-8, 8);
    auto a = encode(m, r.coin(), m1, x1);
    auto b = encode(m, r.coin(), m2, x2);
    if (!a || !b) {
      o[0] = moderate(r, m), o[1] = moderate(r, m), o[2] = moderate(r, m);
      return;
    }
    o[1] = *a, o[2] = *b;
    const ref::Result p = ref::FPMul(m.f, *a, *b, FPCR{});  // exact by construction
    const int pe = m.exponent_of(p.bits);
    const uint64_t madd = odd_of_bits(r, r.range(1, m.F + 1));
    auto c = encode(m, r.coin(), madd, pe - m.F - 1);
    o[0] = c ? *c : moderate(r, m);
    if (near) o[0] = nudge(r, m, o[0]);
  } else if (pick < 77) {
    // Massive cancellation: addend = -RN(op1 * op2), leaving the product's tail.
    g.c.operand_class = "cancel";
    o[1] = moderate(r, m, 12), o[2] = moderate(r, m, 12);
    const ref::Result p = ref::FPMul(m.f, o[1], o[2], FPCR{});
    o[0] = p.bits ^ m.sign_bit();
    if (r.chance(1, 4)) o[0] = nudge(r, m, o[0]);
  } else if (pick < 89) {
    g.c.operand_class = "near_underflow";
    auto ab = r.chance(2, 3) ? mul_near_power(r, m, m.min_exp + r.range(-1, 0))
                             : mul_tie(r, m, m.min_exp - m.F, m.min_exp - 1);
    if (ab) o[1] = (*ab)[0], o[2] = (*ab)[1];
    else o[1] = m.min_normal(false), o[2] = moderate(r, m, 1);
    o[0] = r.coin() ? m.zero(r.coin()) : (r.coin() ? denormal(r, m) : m.min_normal(r.coin()));
  } else {
    g.c.operand_class = "near_overflow";
    auto ab = mul_near_power(r, m, m.max_exp + 1);
    if (ab) o[1] = (*ab)[0], o[2] = (*ab)[1];
    else o[1] = m.max_normal(false), o[2] = moderate(r, m, 1);
    o[0] = r.coin() ? m.zero(r.coin()) : random_normal(r, m, m.max_exp - m.F - 2, m.max_exp);
  }
}

void gen_cvt_float(Gen& g) {
  Rng& r = g.r;
  const Fmt s(g.op.format), t(g.op.to);
  auto& o = g.c.operands;
  const uint64_t pick = r.below(100);
  if (pick < 15) {
    o[0] = r.bits(s.width);
    g.c.operand_class = "random";
    return;
  }
  if (pick < 40) {
    const Operand a = edge_operand(r, s);
    o[0] = a.bits;
    g.c.operand_class = a.cls;
    return;
  }
  if (pick < 50) {
    // A value in the target's normal range.
    o[0] = random_normal(r, s, std::max(s.min_exp, t.min_exp), std::min(s.max_exp, t.max_exp));
    g.c.operand_class = "normal";
    return;
  }
  std::optional<uint64_t> v;
  if (pick < 75) {
    // A tie at the target's precision: odd significand whose lowest bit is half
    // the target's quantum at the chosen exponent.
    const bool near = r.chance(1, 3);
    g.c.operand_class = near ? "near_halfway" : "halfway";
    for (int attempt = 0; attempt < 6 && !v; ++attempt) {
      const int et = r.chance(4, 5) ? r.range(std::max(s.min_exp, t.min_exp), std::min(s.max_exp, t.max_exp))
                                    : r.range(t.min_exp - t.F, t.min_exp - 1);
      const int q = std::max(et, t.min_exp) - t.F;  // target quantum exponent
      const int bits_needed = et - (q - 1) + 1;
      const int nbits = std::min(bits_needed, s.F + 1);
      if (nbits < 1) continue;
      v = encode(s, r.coin(), odd_of_bits(r, nbits), q - 1);
    }
    if (v && near) v = nudge(r, s, *v);
  } else if (pick < 87) {
    g.c.operand_class = "near_overflow";
    const int e = t.max_exp + r.range(0, 1);
    if (e <= s.max_exp) {
      uint64_t frac = r.coin() ? s.frac_mask() ^ r.bits(std::max(1, s.F - t.F + 1)) : random_frac(r, s);
      v = s.normal(r.coin(), e, frac);
    }
  } else {
    g.c.operand_class = "near_underflow";
    const int e = t.min_exp - r.range(0, 2);
    if (e >= s.min_exp) {
      uint64_t frac = r.coin() ? s.frac_mask() ^ r.bits(std::max(1, s.F - t.F + 1)) : random_frac(r, s);
      v = s.normal(r.coin(), e, frac);
    } else if (e >= s.min_exp - s.F) {
      v = denormal(r, s);
    }
  }
  if (v) {
    o[0] = *v;
  } else {
    const Operand a = edge_operand(r, s);
    o[0] = a.bits;
    g.c.operand_class = a.cls;
  }
}

void gen_to_int(Gen& g) {
  Rng& r = g.r;
  const Fmt s(g.op.format);
  const IntType it = g.op.integer;
  auto& o = g.c.operands;
  const uint64_t pick = r.below(100);
  std::optional<uint64_t> v;
  if (pick < 10) {
    o[0] = r.bits(s.width);
    g.c.operand_class = "random";
    return;
  }
  if (pick < 30) {
    const Operand a = edge_operand(r, s);
    o[0] = a.bits;
    g.c.operand_class = a.cls;
    return;
  }
  if (pick < 45) {
    // An exact integer of random size.
    const int n = r.range(1, std::min(it.width, s.F + 1));
    v = encode(s, r.coin(), r.bits(n) | (uint64_t{1} << (n - 1)), r.range(0, std::max(0, it.width - n)));
    g.c.operand_class = "integer";
  } else if (pick < 65) {
    // k + 1/2 (a tie) or one ulp off it.
    const bool near = r.chance(1, 3);
    g.c.operand_class = near ? "near_halfway" : "halfway";
    const int n = r.range(1, std::min(s.F + 1, it.width + 1));
    v = encode(s, r.coin(), odd_of_bits(r, n), -1);
    if (v && near) v = nudge(r, s, *v);
  } else if (pick < 85) {
    // Near the saturation bounds: +-2^(w-1), 2^w, and small negatives for unsigned.
    g.c.operand_class = "saturation";
    const int which = static_cast<int>(r.below(4));
    int e = which == 0 ? it.width - 1 : which == 1 ? it.width : which == 2 ? it.width - 2 : 0;
    if (e <= s.max_exp) {
      uint64_t b = s.normal(r.coin(), e, r.coin() ? 0 : r.below(3));
      if (r.coin()) b = nudge(r, s, b);
      if (r.chance(1, 3)) b = s.normal(r.coin(), e - 1, s.frac_mask() ^ r.below(3));
      v = b;
    }
  } else {
    g.c.operand_class = "small";
    v = random_normal(r, s, -4, 2);
  }
  if (v) {
    o[0] = *v;
  } else {
    o[0] = moderate(r, s);
    g.c.operand_class = "normal";
  }
}

void gen_from_int(Gen& g) {
  Rng& r = g.r;
  const Fmt t(g.op.format);
  const IntType it = g.op.integer;
  const uint64_t mask = it.width == 64 ? ~uint64_t{0} : (uint64_t{1} << it.width) - 1;
  auto& o = g.c.operands;
  const uint64_t pick = r.below(100);
  uint64_t v;
  if (pick < 25) {
    v = r.bits(it.width);
    g.c.operand_class = "random";
  } else if (pick < 40) {
    v = r.bits(r.range(1, 12));
    if (r.coin()) v = ~v + 1;
    g.c.operand_class = "small";
  } else if (pick < 75) {
    // (odd of F+2 bits) << shift: a tie at the format's precision; or one off.
    const bool near = r.chance(1, 3);
    g.c.operand_class = near ? "near_halfway" : "halfway";
    const int n = t.F + 2;
    if (n > it.width - (it.is_unsigned ? 0 : 1)) {
      v = r.bits(it.width);
      g.c.operand_class = "random";
    } else {
      // Keep the value below the format's overflow (it matters for f16).
      const int room = std::min(it.width - (it.is_unsigned ? 0 : 1), t.max_exp + 1) - n;
      const int shift = r.range(0, std::max(0, room));
      v = odd_of_bits(r, n) << shift;
      if (near) v += r.coin() ? 1 : ~uint64_t{0};
      if (!it.is_unsigned && r.coin()) v = ~v + 1;
    }
  } else if (pick < 90) {
    // Near powers of two, including the format's overflow for f16.
    const int e = r.range(0, it.width - 1);
    v = (uint64_t{1} << e) + static_cast<uint64_t>(r.range(-2, 2));
    if (t.f == Format::F16 && r.coin()) v = 65504 + static_cast<uint64_t>(r.range(-16, 48));
    if (!it.is_unsigned && r.coin()) v = ~v + 1;
    g.c.operand_class = "power_of_two";
  } else {
    const uint64_t extremes[] = {0, 1, mask, mask >> 1, (mask >> 1) + 1, mask - 1};
    v = extremes[r.below(6)];
    g.c.operand_class = "extreme";
  }
  o[0] = v & mask;
}

std::vector<FpOperation> build_operations() {
  std::vector<FpOperation> ops;
  const Format formats[] = {Format::F16, Format::BF16, Format::F32, Format::F64};
  const OpKind kinds[] = {OpKind::Add, OpKind::Sub, OpKind::Mul, OpKind::Div, OpKind::Sqrt,
                          OpKind::MulAdd, OpKind::Max, OpKind::Min, OpKind::MaxNum, OpKind::MinNum,
                          OpKind::Compare, OpKind::CompareE, OpKind::Abs, OpKind::Neg};
  for (OpKind k : kinds) {
    for (Format f : formats) {
      FpOperation op;
      op.kind = k;
      op.format = f;
      op.name = fmt::format("{}.{}", kind_name(k), format_name(f));
      ops.push_back(op);
    }
  }
  for (Format from : formats) {
    for (Format to : formats) {
      if (from == to) continue;
      FpOperation op;
      op.kind = OpKind::CvtFloat;
      op.format = from;
      op.to = to;
      op.name = fmt::format("cvt.{}.{}", format_name(from), format_name(to));
      ops.push_back(op);
    }
  }
  const IntType ints[] = {{false, 32}, {true, 32}, {false, 64}, {true, 64}};
  for (Format f : formats) {
    for (IntType it : ints) {
      FpOperation op;
      op.kind = OpKind::CvtToInt;
      op.format = f;
      op.integer = it;
      op.name = fmt::format("cvt.{}.{}", format_name(f), int_name(it));
      ops.push_back(op);
    }
  }
  for (Format f : formats) {
    for (IntType it : ints) {
      FpOperation op;
      op.kind = OpKind::CvtFromInt;
      op.format = f;
      op.integer = it;
      op.name = fmt::format("cvt.{}.{}", int_name(it), format_name(f));
      ops.push_back(op);
    }
  }
  return ops;
}

std::string hex(uint64_t v, int width) { return fmt::format("0x{:0{}x}", v, (width + 3) / 4); }

}  // namespace

// ---------------------------------------------------------------------------

int FpOperation::arity() const {
  switch (kind) {
    case OpKind::Sqrt:
    case OpKind::Abs:
    case OpKind::Neg:
    case OpKind::CvtFloat:
    case OpKind::CvtToInt:
    case OpKind::CvtFromInt: return 1;
    case OpKind::MulAdd: return 3;
    default: return 2;
  }
}

int FpOperation::operand_width() const {
  return kind == OpKind::CvtFromInt ? integer.width : format_width(format);
}

int FpOperation::result_width() const {
  switch (kind) {
    case OpKind::Compare:
    case OpKind::CompareE: return 4;
    case OpKind::CvtFloat: return format_width(to);
    case OpKind::CvtToInt: return integer.width;
    default: return format_width(format);
  }
}

bool FpOperation::result_is_float() const {
  return kind != OpKind::Compare && kind != OpKind::CompareE && kind != OpKind::CvtToInt;
}

std::string FpOperation::calc_op() const { return is_conversion() ? name : kind_name(kind); }
std::string FpOperation::calc_format() const { return is_conversion() ? std::string() : format_name(format); }

const std::vector<FpOperation>& fp_operations() {
  static const std::vector<FpOperation> ops = build_operations();
  return ops;
}

FpCase generate_case(const FpOperation& op, uint64_t index, uint64_t seed) {
  Rng r(mix64(seed ^ mix64(name_hash(op.name) ^ mix64(index))));
  FpCase c;
  // FPCR: RMode uniform, each control about a quarter of the time.
  c.fpcr.rmode = static_cast<Rounding>(r.below(4));
  c.fpcr.fz = r.chance(1, 4);
  c.fpcr.fz16 = r.chance(1, 4);
  c.fpcr.dn = r.chance(1, 4);
  c.fpcr.ahp = r.chance(1, 4);
  c.rounding = c.fpcr.rmode;
  if (op.kind == OpKind::CvtFloat) {
    const uint64_t x = r.below(8);
    if (x == 0) c.rounding = Rounding::TieAway;
    if (x == 1) c.rounding = Rounding::Odd;
  } else if (op.kind == OpKind::CvtToInt || op.kind == OpKind::CvtFromInt) {
    if (r.below(8) == 0) c.rounding = Rounding::TieAway;
  }
  Gen g{r, op, c};
  switch (op.kind) {
    case OpKind::Sqrt: gen_sqrt(g); break;
    case OpKind::Abs:
    case OpKind::Neg: gen_sign_op(g); break;
    case OpKind::MulAdd: gen_muladd(g); break;
    case OpKind::CvtFloat: gen_cvt_float(g); break;
    case OpKind::CvtToInt: gen_to_int(g); break;
    case OpKind::CvtFromInt: gen_from_int(g); break;
    default: gen_binary(g); break;
  }
  const uint64_t mask = op.operand_width() == 64 ? ~uint64_t{0} : (uint64_t{1} << op.operand_width()) - 1;
  for (auto& v : c.operands) v &= mask;
  for (int i = op.arity(); i < 3; ++i) c.operands[i] = 0;
  return c;
}

Evaluation run_library(const FpOperation& op, const FpCase& c) {
  fp::Context ctx{c.fpcr, 0};
  const auto& a = c.operands;
  const Format f = op.format;
  uint64_t bits = 0;
  switch (op.kind) {
    case OpKind::Add: bits = fp::FPAdd(f, a[0], a[1], ctx); break;
    case OpKind::Sub: bits = fp::FPSub(f, a[0], a[1], ctx); break;
    case OpKind::Mul: bits = fp::FPMul(f, a[0], a[1], ctx); break;
    case OpKind::Div: bits = fp::FPDiv(f, a[0], a[1], ctx); break;
    case OpKind::Sqrt: bits = fp::FPSqrt(f, a[0], ctx); break;
    case OpKind::MulAdd: bits = fp::FPMulAdd(f, a[0], a[1], a[2], ctx); break;
    case OpKind::Max: bits = fp::FPMax(f, a[0], a[1], ctx); break;
    case OpKind::Min: bits = fp::FPMin(f, a[0], a[1], ctx); break;
    case OpKind::MaxNum: bits = fp::FPMaxNum(f, a[0], a[1], ctx); break;
    case OpKind::MinNum: bits = fp::FPMinNum(f, a[0], a[1], ctx); break;
    case OpKind::Compare: bits = fp::FPCompare(f, a[0], a[1], false, ctx); break;
    case OpKind::CompareE: bits = fp::FPCompare(f, a[0], a[1], true, ctx); break;
    case OpKind::Abs: bits = fp::FPAbs(f, a[0]); break;
    case OpKind::Neg: bits = fp::FPNeg(f, a[0]); break;
    case OpKind::CvtFloat: bits = fp::FPConvert(f, op.to, a[0], ctx, c.rounding); break;
    case OpKind::CvtToInt:
      bits = fp::FPToFixed(f, a[0], 0, op.integer.is_unsigned, op.integer.width, ctx, c.rounding);
      break;
    case OpKind::CvtFromInt:
      bits = fp::FixedToFP(f, a[0], 0, op.integer.is_unsigned, op.integer.width, ctx, c.rounding);
      break;
  }
  return {bits, ctx.flags};
}

Evaluation run_reference(const FpOperation& op, const FpCase& c) {
  const auto& a = c.operands;
  const Format f = op.format;
  const FPCR& x = c.fpcr;
  ref::Result r;
  switch (op.kind) {
    case OpKind::Add: r = ref::FPAdd(f, a[0], a[1], x); break;
    case OpKind::Sub: r = ref::FPSub(f, a[0], a[1], x); break;
    case OpKind::Mul: r = ref::FPMul(f, a[0], a[1], x); break;
    case OpKind::Div: r = ref::FPDiv(f, a[0], a[1], x); break;
    case OpKind::Sqrt: r = ref::FPSqrt(f, a[0], x); break;
    case OpKind::MulAdd: r = ref::FPMulAdd(f, a[0], a[1], a[2], x); break;
    case OpKind::Max: r = ref::FPMax(f, a[0], a[1], x); break;
    case OpKind::Min: r = ref::FPMin(f, a[0], a[1], x); break;
    case OpKind::MaxNum: r = ref::FPMaxNum(f, a[0], a[1], x); break;
    case OpKind::MinNum: r = ref::FPMinNum(f, a[0], a[1], x); break;
    case OpKind::Compare: r = ref::FPCompare(f, a[0], a[1], false, x); break;
    case OpKind::CompareE: r = ref::FPCompare(f, a[0], a[1], true, x); break;
    case OpKind::Abs: r = ref::FPAbs(f, a[0]); break;
    case OpKind::Neg: r = ref::FPNeg(f, a[0]); break;
    case OpKind::CvtFloat: r = ref::FPConvert(f, op.to, a[0], x, c.rounding); break;
    case OpKind::CvtToInt:
      r = ref::FPToFixed(f, a[0], 0, op.integer.is_unsigned, op.integer.width, x, c.rounding);
      break;
    case OpKind::CvtFromInt:
      r = ref::FixedToFP(f, a[0], 0, op.integer.is_unsigned, op.integer.width, x, c.rounding);
      break;
  }
  return {r.bits, r.flags};
}

std::string flag_names(uint32_t flags) {
  static const std::pair<uint32_t, const char*> names[] = {
      {fp::flag::IOC, "IOC"}, {fp::flag::DZC, "DZC"}, {fp::flag::OFC, "OFC"},
      {fp::flag::UFC, "UFC"}, {fp::flag::IXC, "IXC"}, {fp::flag::IDC, "IDC"}};
  std::string s;
  for (const auto& [bit, name] : names) {
    if (!(flags & bit)) continue;
    if (!s.empty()) s += ',';
    s += name;
  }
  const uint32_t other = flags & ~fp::flag::ALL;
  if (other) s += fmt::format("{}0x{:x}", s.empty() ? "" : ",", other);
  return s.empty() ? "-" : s;
}

std::string fpcr_fields(const FPCR& fpcr) {
  return fmt::format("RMode={},FZ={},FZ16={},DN={},AHP={}", static_cast<int>(fpcr.rmode), int{fpcr.fz},
                     int{fpcr.fz16}, int{fpcr.dn}, int{fpcr.ahp});
}

namespace {

const char* rounding_word(Rounding r) {
  switch (r) {
    case Rounding::TieEven: return "nearest";
    case Rounding::PosInf: return "posinf";
    case Rounding::NegInf: return "neginf";
    case Rounding::Zero: return "zero";
    case Rounding::TieAway: return "tieaway";
    case Rounding::Odd: return "odd";
  }
  return "?";
}

std::string operand_text(const FpOperation& op, const FpCase& c) {
  std::string s;
  for (int i = 0; i < op.arity(); ++i) {
    if (i) s += ' ';
    s += hex(c.operands[i], op.operand_width());
  }
  return s;
}

bool rounding_overridden(const FpOperation& op, const FpCase& c) {
  return op.is_conversion() && c.rounding != c.fpcr.rmode;
}

}  // namespace

std::string calculator_command(const FpOperation& op, const FpCase& c) {
  std::string s = "mlisa fp " + op.calc_op();
  if (!op.calc_format().empty()) s += " " + op.calc_format();
  s += " " + operand_text(op, c) + " --fpcr " + fpcr_fields(c.fpcr);
  if (rounding_overridden(op, c)) s += std::string(" --rounding ") + rounding_word(c.rounding);
  return s;
}

CaseOutcome check_case(const FpOperation& op, const FpCase& c) {
  CaseOutcome out;
  out.operand_class = c.operand_class;
  for (int i = 0; i < op.arity(); ++i) {
    // (Under AHP an f16 conversion source with exponent 31 is a number.)
    const bool ahp_source = op.kind == OpKind::CvtFloat && op.format == Format::F16 && c.fpcr.ahp;
    if (op.kind != OpKind::CvtFromInt && !ahp_source && ref::IsNaN(op.format, c.operands[i])) out.nan_case = true;
  }
  Evaluation want, got;
  std::string want_error, got_error;
  try {
    want = run_reference(op, c);
  } catch (const std::exception& e) {
    want_error = e.what();
  }
  try {
    got = run_library(op, c);
  } catch (const std::exception& e) {
    got_error = e.what();
  }
  const Format result_format = op.kind == OpKind::CvtFloat ? op.to : op.format;
  if (want_error.empty() && op.result_is_float() && ref::IsNaN(result_format, want.bits)) out.nan_case = true;
  out.passed = want_error.empty() && got_error.empty() && want == got;
  if (out.passed) return out;

  const int rw = op.result_width();
  std::string line = op.calc_op();
  if (!op.calc_format().empty()) line += " " + op.calc_format();
  line += " " + operand_text(op, c) + " fpcr=" + fpcr_fields(c.fpcr);
  if (rounding_overridden(op, c)) line += std::string(" rounding=") + rounding_word(c.rounding);
  line += " expected ";
  line += want_error.empty() ? hex(want.bits, rw) + " " + flag_names(want.flags) : "(reference error: " + want_error + ")";
  line += " got ";
  line += got_error.empty() ? hex(got.bits, rw) + " " + flag_names(got.flags) : "(library error: " + got_error + ")";
  line += " | " + calculator_command(op, c);
  out.detail = std::move(line);
  return out;
}

}  // namespace mlisa::verify::fpcases
