// The Arm floating-point pseudocode (shared/functions/float/*) with integer
// arithmetic. Exact intermediate values are a sign, a binary exponent and a
// 128-bit significand whose lowest bit may be "jammed" (ORed with everything
// shifted out below it), which keeps rounding exact; see docs/fp.md.
#include "core/fp.hpp"

#include <bit>
#include <cstring>

namespace mlisa::fp {

namespace {

using u128 = unsigned __int128;

struct Params {
  int width, E, F, min_exp;
  uint64_t frac_mask, exp_max, sign_bit, quiet_bit;
};

constexpr Params params(Format f) {
  const FormatTraits t = traits(f);
  const uint64_t sign_bit = uint64_t{1} << (t.width - 1);
  return {t.width,
          t.exp_bits,
          t.frac_bits,
          t.min_exp,
          (uint64_t{1} << t.frac_bits) - 1,
          (uint64_t{1} << t.exp_bits) - 1,
          sign_bit,
          uint64_t{1} << (t.frac_bits - 1)};
}

// An operand after FPUnpack: value = (sign ? -1 : 1) * mant * 2^exp for Denormal
// and Nonzero; mant is 0 otherwise.
struct Unpacked {
  FPType type;
  bool sign;
  int exp;
  uint64_t mant;
};

bool is_nan_type(FPType t) { return t == FPType::QNaN || t == FPType::SNaN; }

// The controls an unpack or a round observes. Data processing: AHP off.
// Conversions (FPUnpackCV, FPRoundCV): FZ16 off, AHP as in FPCR.
struct Controls {
  bool flush;  // the format's flush-to-zero control
  bool ahp;    // alternative half precision (f16 only)
};

Controls arith_controls(Format f, const FPCR& fpcr) {
  return {f == Format::F16 ? fpcr.fz16 : fpcr.fz, false};
}

Controls convert_controls(Format f, const FPCR& fpcr) {
  return {f == Format::F16 ? false : fpcr.fz, f == Format::F16 && fpcr.ahp};
}

Unpacked unpack(Format f, uint64_t op, Controls c, uint32_t* flags) {
  const Params p = params(f);
  const bool sign = (op & p.sign_bit) != 0;
  const uint64_t e = (op >> p.F) & p.exp_max;
  const uint64_t frac = op & p.frac_mask;
  if (e == 0) {
    if (frac == 0) return {FPType::Zero, sign, 0, 0};
    if (c.flush) {
      // FZ16 flushes half-precision inputs silently; FZ raises Input Denormal.
      if (f != Format::F16 && flags) *flags |= flag::IDC;
      return {FPType::Zero, sign, 0, 0};
    }
    return {FPType::Denormal, sign, p.min_exp - p.F, frac};
  }
  if (e == p.exp_max && !c.ahp) {
    if (frac == 0) return {FPType::Infinity, sign, 0, 0};
    return {(frac & p.quiet_bit) ? FPType::QNaN : FPType::SNaN, sign, 0, 0};
  }
  return {FPType::Nonzero, sign, static_cast<int>(e) + p.min_exp - 1 - p.F, frac | (uint64_t{1} << p.F)};
}

int msb128(u128 x) {
  const uint64_t hi = static_cast<uint64_t>(x >> 64);
  if (hi) return 127 - std::countl_zero(hi);
  return 63 - std::countl_zero(static_cast<uint64_t>(x));
}

// Shift right, ORing every bit shifted out into the result's lowest bit.
u128 shift_right_jam(u128 x, int n) {
  if (n <= 0) return x;
  if (n >= 128) return x != 0;
  const u128 lost = x & ((u128{1} << n) - 1);
  return (x >> n) | (lost != 0);
}

uint64_t pack(const Params& p, bool sign, uint64_t biased_exp, uint64_t frac) {
  return (sign ? p.sign_bit : 0) | (biased_exp << p.F) | (frac & p.frac_mask);
}

// FPRoundBase for a nonzero value (sign, sig * 2^exp, sig != 0).
uint64_t round_to(Format f, bool sign, int exp, u128 sig, Controls c, Rounding rnd, uint32_t& flags) {
  const Params p = params(f);
  const int m = msb128(sig);
  const int e = exp + m;  // |value| = 1.xxx * 2^e
  // The top 64 significant bits, MSB at bit 63, and whether anything below is set.
  uint64_t s64;
  bool sticky;
  if (m >= 63) {
    s64 = static_cast<uint64_t>(sig >> (m - 63));
    sticky = (sig & ((u128{1} << (m - 63)) - 1)) != 0;
  } else {
    s64 = static_cast<uint64_t>(sig) << (63 - m);
    sticky = false;
  }

  if (c.flush && e < p.min_exp) {
    flags |= flag::UFC;  // flushed output: Underflow, never Inexact
    return pack(p, sign, 0, 0);
  }

  uint64_t biased_exp;
  int keep;  // significant bits that survive as the integer mantissa
  if (e >= p.min_exp) {
    biased_exp = static_cast<uint64_t>(e - p.min_exp + 1);
    keep = p.F + 1;
  } else {
    biased_exp = 0;
    keep = p.F + 1 - (p.min_exp - e);
  }
  uint64_t int_mant;
  bool round_bit, rest;
  if (keep >= 1) {
    int_mant = s64 >> (64 - keep);
    round_bit = (s64 >> (63 - keep)) & 1;
    rest = sticky || (s64 & ((uint64_t{1} << (63 - keep)) - 1)) != 0;
  } else if (keep == 0) {
    int_mant = 0;
    round_bit = true;  // the leading bit is the first one discarded
    rest = sticky || (s64 << 1) != 0;
  } else {
    int_mant = 0;
    round_bit = false;
    rest = true;
  }
  bool inexact = round_bit || rest;
  if (biased_exp == 0 && inexact) flags |= flag::UFC;  // tiny before rounding

  bool round_up = false, overflow_to_inf = false;
  switch (rnd) {
    case Rounding::TieEven:
      round_up = round_bit && (rest || (int_mant & 1));
      overflow_to_inf = true;
      break;
    case Rounding::PosInf:
      round_up = inexact && !sign;
      overflow_to_inf = !sign;
      break;
    case Rounding::NegInf:
      round_up = inexact && sign;
      overflow_to_inf = sign;
      break;
    case Rounding::Zero:
    case Rounding::Odd:
      break;
    case Rounding::TieAway:
      round_up = round_bit;
      overflow_to_inf = true;
      break;
  }
  if (round_up) {
    ++int_mant;
    if (int_mant == (uint64_t{1} << p.F)) biased_exp = 1;  // denormal rounded up to normal
    if (int_mant == (uint64_t{1} << (p.F + 1))) {           // carried into the next binade
      ++biased_exp;
      int_mant >>= 1;
    }
  }
  if (inexact && rnd == Rounding::Odd) int_mant |= 1;

  uint64_t result;
  if (!c.ahp) {
    if (biased_exp >= p.exp_max) {
      result = overflow_to_inf ? pack(p, sign, p.exp_max, 0) : pack(p, sign, p.exp_max - 1, p.frac_mask);
      flags |= flag::OFC;
      inexact = true;
    } else {
      result = pack(p, sign, biased_exp, int_mant);
    }
  } else {
    if (biased_exp > p.exp_max) {
      result = pack(p, sign, p.exp_max, p.frac_mask);
      flags |= flag::IOC;
      inexact = false;
    } else {
      result = pack(p, sign, biased_exp, int_mant);
    }
  }
  if (inexact) flags |= flag::IXC;
  return result;
}

uint64_t round_arith(Format f, bool sign, int exp, u128 sig, Context& ctx) {
  return round_to(f, sign, exp, sig, arith_controls(f, ctx.fpcr), ctx.fpcr.rmode, ctx.flags);
}

uint64_t process_nan(Format f, const Unpacked& u, uint64_t op, Context& ctx) {
  const Params p = params(f);
  uint64_t result = op;
  if (u.type == FPType::SNaN) {
    result |= p.quiet_bit;
    ctx.flags |= flag::IOC;
  }
  if (ctx.fpcr.dn) result = FPDefaultNaN(f);
  return result;
}

uint64_t invalid(Format f, Context& ctx) {
  ctx.flags |= flag::IOC;
  return FPDefaultNaN(f);
}

uint64_t exact_zero(Format f, const Context& ctx) {
  return FPZero(f, ctx.fpcr.rmode == Rounding::NegInf);
}

// Exact sum of two nonzero values a = (sa, ma * 2^ea), b = (sb, mb * 2^eb), each
// significand at most 126 bits wide; rounded. An exactly-zero sum follows the
// rounding-mode sign rule.
uint64_t add_values(Format f, bool sa, u128 ma, int ea, bool sb, u128 mb, int eb, Context& ctx) {
  // Normalise both to MSB at bit 125: room for a carry, exact for <= 126-bit inputs.
  const int sha = 125 - msb128(ma), shb = 125 - msb128(mb);
  ma <<= sha;
  ea -= sha;
  mb <<= shb;
  eb -= shb;
  if (ea < eb) {
    std::swap(ma, mb);
    std::swap(ea, eb);
    std::swap(sa, sb);
  }
  mb = shift_right_jam(mb, ea - eb);
  if (sa == sb) return round_arith(f, sa, ea, ma + mb, ctx);
  if (ma == mb) return exact_zero(f, ctx);
  if (ma > mb) return round_arith(f, sa, ea, ma - mb, ctx);
  return round_arith(f, sb, ea, mb - ma, ctx);
}

uint64_t add_sub(Format f, uint64_t op1, uint64_t op2, bool subtract, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  uint64_t result;
  if ((is_nan_type(a.type) || is_nan_type(b.type)) && FPProcessNaNs(f, op1, op2, ctx, &result)) return result;
  const bool sign2 = b.sign != subtract;  // the sign op2 is added with
  const bool inf1 = a.type == FPType::Infinity, inf2 = b.type == FPType::Infinity;
  const bool zero1 = a.type == FPType::Zero, zero2 = b.type == FPType::Zero;
  if (inf1 && inf2 && a.sign != sign2) return invalid(f, ctx);
  if (inf1) return FPInfinity(f, a.sign);
  if (inf2) return FPInfinity(f, sign2);
  if (zero1 && zero2) return a.sign == sign2 ? FPZero(f, a.sign) : exact_zero(f, ctx);
  if (zero1) return round_arith(f, sign2, b.exp, b.mant, ctx);
  if (zero2) return round_arith(f, a.sign, a.exp, a.mant, ctx);
  return add_values(f, a.sign, a.mant, a.exp, sign2, b.mant, b.exp, ctx);
}

// Largest r with r*r <= x, digit by digit.
u128 isqrt(u128 x, bool* exact) {
  u128 result = 0;
  u128 bit = u128{1} << 126;
  while (bit > x) bit >>= 2;
  while (bit != 0) {
    if (x >= result + bit) {
      x -= result + bit;
      result = (result >> 1) + bit;
    } else {
      result >>= 1;
    }
    bit >>= 2;
  }
  *exact = x == 0;
  return result;
}

// Magnitude order of two non-NaN operands of one format: a flushed denormal is
// a zero; otherwise the bit patterns without sign order like the values.
int compare_values(Format f, const Unpacked& a, uint64_t op1, const Unpacked& b, uint64_t op2) {
  const Params p = params(f);
  const uint64_t mag1 = a.type == FPType::Zero ? 0 : (op1 & ~p.sign_bit);
  const uint64_t mag2 = b.type == FPType::Zero ? 0 : (op2 & ~p.sign_bit);
  if (mag1 == 0 && mag2 == 0) return 0;
  const bool neg1 = a.sign && mag1 != 0, neg2 = b.sign && mag2 != 0;
  if (neg1 != neg2) return neg1 ? -1 : 1;
  if (mag1 == mag2) return 0;
  const int by_magnitude = mag1 < mag2 ? -1 : 1;
  return neg1 ? -by_magnitude : by_magnitude;
}

uint64_t max_min(Format f, uint64_t op1, uint64_t op2, bool is_max, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  uint64_t result;
  if ((is_nan_type(a.type) || is_nan_type(b.type)) && FPProcessNaNs(f, op1, op2, ctx, &result)) return result;
  const int cmp = compare_values(f, a, op1, b, op2);
  const bool first = is_max ? cmp > 0 : cmp < 0;
  const Unpacked& chosen = first ? a : b;
  const uint64_t chosen_op = first ? op1 : op2;
  switch (chosen.type) {
    case FPType::Infinity: return FPInfinity(f, chosen.sign);
    case FPType::Zero:  // the most positive (max) or most negative (min) zero
      return FPZero(f, is_max ? (a.sign && b.sign) : (a.sign || b.sign));
    default: return chosen_op;  // FPRound of an exact value gives it back
  }
}

uint64_t max_min_num(Format f, uint64_t op1, uint64_t op2, bool is_max, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const FPType t1 = unpack(f, op1, c, &ctx.flags).type;
  const FPType t2 = unpack(f, op2, c, &ctx.flags).type;
  // A single quiet NaN is treated as the infinity that loses.
  const uint64_t loser = FPInfinity(f, is_max);
  if (t1 == FPType::QNaN && t2 != FPType::QNaN) op1 = loser;
  else if (t1 != FPType::QNaN && t2 == FPType::QNaN) op2 = loser;
  return max_min(f, op1, op2, is_max, ctx);
}

// FPConvertNaN: quiet the NaN and carry the fraction's top bits across.
uint64_t convert_nan(Format from, Format to, uint64_t op) {
  const Params pf = params(from), pt = params(to);
  const bool sign = (op & pf.sign_bit) != 0;
  // The fraction below the quiet bit, left-aligned in 51 bits.
  const uint64_t payload51 = (op & (pf.quiet_bit - 1)) << (51 - (pf.F - 1));
  const uint64_t frac = pt.quiet_bit | (payload51 >> (51 - (pt.F - 1)));
  return pack(pt, sign, pt.exp_max, frac);
}

// Calls fn with the format as a constant: public entry points are flattened,
// so each format gets its own copy with the format parameters folded in.
template <typename Fn>
inline uint64_t per_format(Format f, Fn fn) {
  switch (f) {
    case Format::F16: return fn(Format::F16);
    case Format::BF16: return fn(Format::BF16);
    case Format::F32: return fn(Format::F32);
    case Format::F64: break;
  }
  return fn(Format::F64);
}

}  // namespace

#define MLISA_FLATTEN [[gnu::flatten]]

// ---------------------------------------------------------------------------
// Names and control fields

std::optional<Format> parse_format(std::string_view name) {
  for (Format f : {Format::F16, Format::BF16, Format::F32, Format::F64})
    if (name == traits(f).name) return f;
  return std::nullopt;
}

static constexpr const char* kRoundingNames[] = {"nearest", "posinf", "neginf", "zero", "tieaway", "odd"};

const char* rounding_name(Rounding r) { return kRoundingNames[static_cast<int>(r)]; }

std::optional<Rounding> parse_rounding(std::string_view name) {
  for (int i = 0; i < 6; ++i)
    if (name == kRoundingNames[i]) return static_cast<Rounding>(i);
  return std::nullopt;
}

static constexpr struct {
  uint32_t bit;
  const char* name;
} kFlagNames[] = {{flag::IOC, "IOC"}, {flag::DZC, "DZC"}, {flag::OFC, "OFC"},
                  {flag::UFC, "UFC"}, {flag::IXC, "IXC"}, {flag::IDC, "IDC"}};

std::string flags_to_string(uint32_t flags) {
  std::string out;
  for (const auto& f : kFlagNames) {
    if (!(flags & f.bit)) continue;
    if (!out.empty()) out += ',';
    out += f.name;
  }
  return out.empty() ? "-" : out;
}

std::optional<uint32_t> parse_flags(std::string_view text) {
  if (text == "-") return 0u;
  uint32_t flags = 0;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    const std::string_view name = text.substr(0, comma);
    bool found = false;
    for (const auto& f : kFlagNames) {
      if (name == f.name) {
        flags |= f.bit;
        found = true;
      }
    }
    if (!found) return std::nullopt;
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
    if (text.empty()) return std::nullopt;  // trailing comma
  }
  return flags;
}

FPCR FPCR::from_bits(uint32_t v) {
  FPCR c;
  c.rmode = static_cast<Rounding>((v >> 22) & 3);
  c.fz = (v >> 24) & 1;
  c.fz16 = (v >> 19) & 1;
  c.dn = (v >> 25) & 1;
  c.ahp = (v >> 26) & 1;
  return c;
}

uint32_t FPCR::to_bits() const {
  const uint32_t rm = static_cast<uint32_t>(rmode) <= 3 ? static_cast<uint32_t>(rmode) : 0;
  return (rm << 22) | (uint32_t{fz} << 24) | (uint32_t{fz16} << 19) | (uint32_t{dn} << 25) |
         (uint32_t{ahp} << 26);
}

// ---------------------------------------------------------------------------
// Constants and classification

FPType classify(Format f, uint64_t op, const FPCR& fpcr) {
  return unpack(f, op, arith_controls(f, fpcr), nullptr).type;
}

bool is_nan(Format f, uint64_t op) {
  return is_nan_type(unpack(f, op, {false, false}, nullptr).type);
}

uint64_t FPZero(Format f, bool sign) { return sign ? params(f).sign_bit : 0; }

uint64_t FPInfinity(Format f, bool sign) {
  const Params p = params(f);
  return pack(p, sign, p.exp_max, 0);
}

uint64_t FPMaxNormal(Format f, bool sign) {
  const Params p = params(f);
  return pack(p, sign, p.exp_max - 1, p.frac_mask);
}

uint64_t FPDefaultNaN(Format f) {
  const Params p = params(f);
  return pack(p, false, p.exp_max, p.quiet_bit);
}

uint64_t FPAbs(Format f, uint64_t op) { return op & ~params(f).sign_bit; }
uint64_t FPNeg(Format f, uint64_t op) { return op ^ params(f).sign_bit; }

// ---------------------------------------------------------------------------
// NaN processing

bool FPProcessNaNs(Format f, uint64_t op1, uint64_t op2, Context& ctx, uint64_t* result) {
  const Unpacked a = unpack(f, op1, {false, false}, nullptr);
  const Unpacked b = unpack(f, op2, {false, false}, nullptr);
  if (a.type == FPType::SNaN) *result = process_nan(f, a, op1, ctx);
  else if (b.type == FPType::SNaN) *result = process_nan(f, b, op2, ctx);
  else if (a.type == FPType::QNaN) *result = process_nan(f, a, op1, ctx);
  else if (b.type == FPType::QNaN) *result = process_nan(f, b, op2, ctx);
  else return false;
  return true;
}

bool FPProcessNaNs3(Format f, uint64_t op1, uint64_t op2, uint64_t op3, Context& ctx, uint64_t* result) {
  const uint64_t ops[3] = {op1, op2, op3};
  Unpacked u[3];
  for (int i = 0; i < 3; ++i) u[i] = unpack(f, ops[i], {false, false}, nullptr);
  for (FPType wanted : {FPType::SNaN, FPType::QNaN}) {
    for (int i = 0; i < 3; ++i) {
      if (u[i].type == wanted) {
        *result = process_nan(f, u[i], ops[i], ctx);
        return true;
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------------------
// Arithmetic

MLISA_FLATTEN uint64_t FPAdd(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return add_sub(F, op1, op2, false, ctx); });
}
MLISA_FLATTEN uint64_t FPSub(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return add_sub(F, op1, op2, true, ctx); });
}

static uint64_t FPMul_impl(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  uint64_t result;
  if ((is_nan_type(a.type) || is_nan_type(b.type)) && FPProcessNaNs(f, op1, op2, ctx, &result)) return result;
  const bool sign = a.sign != b.sign;
  const bool inf1 = a.type == FPType::Infinity, inf2 = b.type == FPType::Infinity;
  const bool zero1 = a.type == FPType::Zero, zero2 = b.type == FPType::Zero;
  if ((inf1 && zero2) || (zero1 && inf2)) return invalid(f, ctx);
  if (inf1 || inf2) return FPInfinity(f, sign);
  if (zero1 || zero2) return FPZero(f, sign);
  return round_arith(f, sign, a.exp + b.exp, u128{a.mant} * b.mant, ctx);
}

MLISA_FLATTEN uint64_t FPMul(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return static_cast<uint64_t>(per_format(f, [&](Format F) { return uint64_t{FPMul_impl(F, op1, op2, ctx)}; }));
}

static uint64_t FPDiv_impl(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  uint64_t result;
  if ((is_nan_type(a.type) || is_nan_type(b.type)) && FPProcessNaNs(f, op1, op2, ctx, &result)) return result;
  const bool sign = a.sign != b.sign;
  const bool inf1 = a.type == FPType::Infinity, inf2 = b.type == FPType::Infinity;
  const bool zero1 = a.type == FPType::Zero, zero2 = b.type == FPType::Zero;
  if ((inf1 && inf2) || (zero1 && zero2)) return invalid(f, ctx);
  if (inf1 || zero2) {
    if (!inf1) ctx.flags |= flag::DZC;
    return FPInfinity(f, sign);
  }
  if (zero1 || inf2) return FPZero(f, sign);
  // Dividend with its MSB at bit 126 gives a quotient of at least 73 bits.
  const int shift = 126 - msb128(a.mant);
  const u128 dividend = u128{a.mant} << shift;
  const u128 q = dividend / b.mant;
  const bool remainder = dividend % b.mant != 0;
  return round_arith(f, sign, a.exp - shift - b.exp - 1, (q << 1) | remainder, ctx);
}

MLISA_FLATTEN uint64_t FPDiv(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return static_cast<uint64_t>(per_format(f, [&](Format F) { return uint64_t{FPDiv_impl(F, op1, op2, ctx)}; }));
}

static uint64_t FPSqrt_impl(Format f, uint64_t op, Context& ctx) {
  const Unpacked a = unpack(f, op, arith_controls(f, ctx.fpcr), &ctx.flags);
  if (is_nan_type(a.type)) return process_nan(f, a, op, ctx);
  if (a.type == FPType::Zero) return FPZero(f, a.sign);
  if (a.type == FPType::Infinity && !a.sign) return FPInfinity(f, false);
  if (a.sign) return invalid(f, ctx);
  // Radicand with an even exponent and its MSB at bit 124 or 125.
  int exp = a.exp;
  int shift = 124 - msb128(a.mant);
  if ((exp - shift) & 1) ++shift;
  const u128 radicand = u128{a.mant} << shift;
  exp -= shift;
  bool exact;
  const u128 root = isqrt(radicand, &exact);
  return round_arith(f, false, exp / 2 - 1, (root << 1) | !exact, ctx);
}

MLISA_FLATTEN uint64_t FPSqrt(Format f, uint64_t op, Context& ctx) {
  return static_cast<uint64_t>(per_format(f, [&](Format F) { return uint64_t{FPSqrt_impl(F, op, ctx)}; }));
}

static uint64_t FPMulAdd_impl(Format f, uint64_t addend, uint64_t op1, uint64_t op2, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked A = unpack(f, addend, c, &ctx.flags);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  const bool inf1 = a.type == FPType::Infinity, inf2 = b.type == FPType::Infinity;
  const bool zero1 = a.type == FPType::Zero, zero2 = b.type == FPType::Zero;
  uint64_t result;
  const bool done = FPProcessNaNs3(f, addend, op1, op2, ctx, &result);
  // A quiet-NaN addend does not hide the invalid product inf * 0.
  if (A.type == FPType::QNaN && ((inf1 && zero2) || (zero1 && inf2))) return invalid(f, ctx);
  if (done) return result;

  const bool infA = A.type == FPType::Infinity, zeroA = A.type == FPType::Zero;
  const bool signP = a.sign != b.sign;
  const bool infP = inf1 || inf2, zeroP = zero1 || zero2;
  if ((inf1 && zero2) || (zero1 && inf2) || (infA && infP && A.sign != signP)) return invalid(f, ctx);
  if (infA) return FPInfinity(f, A.sign);
  if (infP) return FPInfinity(f, signP);
  if (zeroA && zeroP) return A.sign == signP ? FPZero(f, A.sign) : exact_zero(f, ctx);
  if (zeroP) return round_arith(f, A.sign, A.exp, A.mant, ctx);
  const u128 product = u128{a.mant} * b.mant;
  if (zeroA) return round_arith(f, signP, a.exp + b.exp, product, ctx);
  return add_values(f, A.sign, A.mant, A.exp, signP, product, a.exp + b.exp, ctx);
}

MLISA_FLATTEN uint64_t FPMulAdd(Format f, uint64_t addend, uint64_t op1, uint64_t op2, Context& ctx) {
  return static_cast<uint64_t>(per_format(f, [&](Format F) { return uint64_t{FPMulAdd_impl(F, addend, op1, op2, ctx)}; }));
}

MLISA_FLATTEN uint64_t FPMax(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return max_min(F, op1, op2, true, ctx); });
}
MLISA_FLATTEN uint64_t FPMin(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return max_min(F, op1, op2, false, ctx); });
}
MLISA_FLATTEN uint64_t FPMaxNum(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return max_min_num(F, op1, op2, true, ctx); });
}
MLISA_FLATTEN uint64_t FPMinNum(Format f, uint64_t op1, uint64_t op2, Context& ctx) {
  return per_format(f, [&](Format F) { return max_min_num(F, op1, op2, false, ctx); });
}

static uint32_t FPCompare_impl(Format f, uint64_t op1, uint64_t op2, bool signal_nans, Context& ctx) {
  const Controls c = arith_controls(f, ctx.fpcr);
  const Unpacked a = unpack(f, op1, c, &ctx.flags);
  const Unpacked b = unpack(f, op2, c, &ctx.flags);
  if (is_nan_type(a.type) || is_nan_type(b.type)) {
    if (a.type == FPType::SNaN || b.type == FPType::SNaN || signal_nans) ctx.flags |= flag::IOC;
    return 0b0011;
  }
  const int cmp = compare_values(f, a, op1, b, op2);
  return cmp == 0 ? 0b0110 : cmp < 0 ? 0b1000 : 0b0010;
}

MLISA_FLATTEN uint32_t FPCompare(Format f, uint64_t op1, uint64_t op2, bool signal_nans, Context& ctx) {
  return static_cast<uint32_t>(per_format(f, [&](Format F) { return uint64_t{FPCompare_impl(F, op1, op2, signal_nans, ctx)}; }));
}

// ---------------------------------------------------------------------------
// Conversions

uint64_t FPConvert(Format from, Format to, uint64_t op, Context& ctx, Rounding rounding) {
  const Unpacked a = unpack(from, op, convert_controls(from, ctx.fpcr), &ctx.flags);
  const Controls out = convert_controls(to, ctx.fpcr);
  const Params pt = params(to);
  if (is_nan_type(a.type)) {
    if (a.type == FPType::SNaN || out.ahp) ctx.flags |= flag::IOC;
    if (out.ahp) return FPZero(to, a.sign);
    if (ctx.fpcr.dn) return FPDefaultNaN(to);
    return convert_nan(from, to, op);
  }
  switch (a.type) {
    case FPType::Infinity:
      if (out.ahp) {
        ctx.flags |= flag::IOC;
        return pack(pt, a.sign, pt.exp_max, pt.frac_mask);
      }
      return FPInfinity(to, a.sign);
    case FPType::Zero: return FPZero(to, a.sign);
    default: return round_to(to, a.sign, a.exp, a.mant, out, rounding, ctx.flags);
  }
}

uint64_t FPToFixed(Format from, uint64_t op, int fbits, bool is_unsigned, int int_width, Context& ctx,
                   Rounding rounding) {
  const Unpacked a = unpack(from, op, arith_controls(from, ctx.fpcr), &ctx.flags);
  const uint64_t out_mask = int_width == 64 ? ~uint64_t{0} : (uint64_t{1} << int_width) - 1;
  // The largest magnitudes representable for each sign.
  const u128 max_pos = is_unsigned ? u128{out_mask} : u128{out_mask >> 1};
  const u128 max_neg = is_unsigned ? 0 : (u128{out_mask >> 1} + 1);
  auto saturate = [&](bool negative) {
    ctx.flags |= flag::IOC;
    return negative ? static_cast<uint64_t>(-max_neg) & out_mask : static_cast<uint64_t>(max_pos);
  };
  if (is_nan_type(a.type)) {
    ctx.flags |= flag::IOC;
    return 0;
  }
  if (a.type == FPType::Infinity) return saturate(a.sign);
  if (a.type == FPType::Zero) return 0;

  // |value| * 2^fbits = mant * 2^shift: split into integer part, round bit and rest.
  const int shift = a.exp + fbits;
  u128 mag = 0;
  bool round_bit = false, rest = false, huge = false;
  if (shift >= 0) {
    if (shift + 64 - std::countl_zero(a.mant) > 127) huge = true;
    else mag = u128{a.mant} << shift;
  } else if (-shift > 60) {
    mag = 0;  // mant < 2^53, so the value is nonzero and below one half
    rest = true;
  } else {
    const int n = -shift;
    mag = a.mant >> n;
    round_bit = (a.mant >> (n - 1)) & 1;
    rest = (a.mant & ((uint64_t{1} << (n - 1)) - 1)) != 0;
  }
  if (huge) return saturate(a.sign);
  const bool inexact = round_bit || rest;
  bool up = false;
  switch (rounding) {
    case Rounding::TieEven: up = round_bit && (rest || (mag & 1)); break;
    case Rounding::PosInf: up = inexact && !a.sign; break;
    case Rounding::NegInf: up = inexact && a.sign; break;
    case Rounding::TieAway: up = round_bit; break;
    case Rounding::Zero:
    case Rounding::Odd: break;
  }
  if (up) ++mag;
  if (rounding == Rounding::Odd && inexact) mag |= 1;
  if (a.sign ? mag > max_neg : mag > max_pos) return saturate(a.sign);
  if (inexact) ctx.flags |= flag::IXC;
  return static_cast<uint64_t>(a.sign ? -mag : mag) & out_mask;
}

uint64_t FixedToFP(Format to, uint64_t op, int fbits, bool is_unsigned, int int_width, Context& ctx,
                   Rounding rounding) {
  const uint64_t mask = int_width == 64 ? ~uint64_t{0} : (uint64_t{1} << int_width) - 1;
  op &= mask;
  if (op == 0) return FPZero(to, false);
  const bool negative = !is_unsigned && ((op >> (int_width - 1)) & 1);
  const uint64_t mag = negative ? (-op & mask) : op;
  return round_to(to, negative, -fbits, mag, arith_controls(to, ctx.fpcr), rounding, ctx.flags);
}

uint64_t to_f64_bits(Format f, uint64_t op) {
  const Unpacked a = unpack(f, op, {false, false}, nullptr);
  if (is_nan_type(a.type)) {
    // Keep the quiet bit as it was: a signalling NaN stays recognisable.
    const Params pf = params(f);
    const uint64_t payload = (op & pf.frac_mask) << (52 - pf.F);
    return (a.sign ? uint64_t{1} << 63 : 0) | (uint64_t{0x7ff} << 52) | payload;
  }
  if (a.type == FPType::Infinity) return FPInfinity(Format::F64, a.sign);
  if (a.type == FPType::Zero) return FPZero(Format::F64, a.sign);
  uint32_t ignored = 0;
  return round_to(Format::F64, a.sign, a.exp, a.mant, {false, false}, Rounding::TieEven, ignored);
}

}  // namespace mlisa::fp
