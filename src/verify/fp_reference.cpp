// The MPFR reference for the Arm floating-point library. See fp_reference.hpp.
//
// Structure, following the manual's shared pseudocode:
//   Unpack        FPUnpack / FPUnpackCV: classification, exact value, IDC
//   round_value   FPRoundBase: flush, denormal scaling, UFC (tininess before
//                 rounding), the six roundings, overflow, AHP, IXC
//   ProcessNaN(s) NaN propagation and quieting, default NaN
//   the operations, each as its pseudocode function reads.
#include "verify/fp_reference.hpp"

#include <gmp.h>
#include <mpfr.h>

#include <algorithm>
#include <stdexcept>
#include <string>

namespace mlisa::verify::ref {
namespace {

using fp::FPType;
namespace flag = fp::flag;

// ---------------------------------------------------------------------------
// Formats. Our own table (not the library's), from docs/fp.md.

struct Params {
  int width;    // bits of the encoding
  int E;        // exponent bits
  int F;        // fraction bits
  int min_exp;  // exponent of the smallest normal number
  int bias;
};

Params params(Format f) {
  switch (f) {
    case Format::F16: return {16, 5, 10, -14, 15};
    case Format::BF16: return {16, 8, 7, -126, 127};
    case Format::F32: return {32, 8, 23, -126, 127};
    case Format::F64: return {64, 11, 52, -1022, 1023};
  }
  throw std::invalid_argument("reference: bad format");
}

uint64_t mask_of(int width) { return width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }
uint64_t sign_bit(const Params& p) { return uint64_t{1} << (p.width - 1); }
uint64_t exp_ones(const Params& p) { return (uint64_t{1} << p.E) - 1; }
uint64_t frac_mask(const Params& p) { return (uint64_t{1} << p.F) - 1; }
uint64_t quiet_bit(const Params& p) { return uint64_t{1} << (p.F - 1); }

uint64_t pack(const Params& p, bool sign, uint64_t biased_exp, uint64_t frac) {
  return (sign ? sign_bit(p) : 0) | (biased_exp << p.F) | (frac & frac_mask(p));
}
uint64_t zero_of(Format f, bool sign) { return pack(params(f), sign, 0, 0); }
uint64_t infinity_of(Format f, bool sign) {
  const Params p = params(f);
  return pack(p, sign, exp_ones(p), 0);
}
uint64_t max_normal_of(Format f, bool sign) {
  const Params p = params(f);
  return pack(p, sign, exp_ones(p) - 1, frac_mask(p));
}
uint64_t default_nan_of(Format f) {
  const Params p = params(f);
  return pack(p, false, exp_ones(p), quiet_bit(p));
}

// ---------------------------------------------------------------------------
// A scoped mpfr_t.

class Real {
 public:
  explicit Real(mpfr_prec_t prec) { mpfr_init2(v_, std::max<mpfr_prec_t>(prec, MPFR_PREC_MIN)); }
  ~Real() { mpfr_clear(v_); }
  Real(const Real&) = delete;
  Real& operator=(const Real&) = delete;
  mpfr_ptr get() { return v_; }
  mpfr_srcptr get() const { return v_; }
  operator mpfr_ptr() { return v_; }
  operator mpfr_srcptr() const { return v_; }

 private:
  mpfr_t v_;
};

// MPFR's exponent range is per-thread state that a caller may have narrowed (to
// emulate a format with mpfr_subnormalize, say). Every entry point widens it to
// the maximum for its duration, so exact steps never overflow or underflow.
class WideExponents {
 public:
  WideExponents() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {
    mpfr_set_emin(mpfr_get_emin_min());
    mpfr_set_emax(mpfr_get_emax_max());
  }
  ~WideExponents() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }
  WideExponents(const WideExponents&) = delete;
  WideExponents& operator=(const WideExponents&) = delete;

 private:
  mpfr_exp_t emin_, emax_;
};

// Every exact step checks MPFR's ternary value: a reference that silently
// rounded where it claims exactness would be worthless.
void require_exact(int ternary, const char* what) {
  if (ternary != 0) throw std::logic_error(std::string("reference: inexact ") + what);
}

// mpfr_trunc and mpfr_floor return 0 for an integer operand, +-2 for a rounded
// non-integer whose integer part fits, and +-1 only when the integer part itself
// had to be rounded to the destination precision.
void require_integer_fits(int ternary, const char* what) {
  if (ternary == 1 || ternary == -1) throw std::logic_error(std::string("reference: inexact ") + what);
}

int bit_length(uint64_t x) { return x == 0 ? 0 : 64 - __builtin_clzll(x); }

// ---------------------------------------------------------------------------
// FPUnpack.

struct Unpacked {
  FPType type = FPType::Zero;
  bool sign = false;
  // |value| = mant * 2^exp for Denormal and Nonzero; 0 for Zero and NaNs.
  uint64_t mant = 0;
  int exp = 0;
};

enum class UnpackKind {
  DataProcessing,  // FPUnpack: AHP forced to 0, FZ16 observed
  Conversion,      // FPUnpackCV: FZ16 forced to 0, AHP observed
};

// FPUnpackBase on an f16, f32 or f64 pattern.
Unpacked unpack_ieee(Format f, uint64_t op, bool fz, bool fz16, bool ahp, uint32_t& flags) {
  const Params p = params(f);
  Unpacked u;
  u.sign = (op & sign_bit(p)) != 0;
  const uint64_t exp = (op >> p.F) & exp_ones(p);
  const uint64_t frac = op & frac_mask(p);
  const bool half = f == Format::F16;
  if (exp == 0) {
    if (frac == 0) {
      u.type = FPType::Zero;
    } else if (half ? fz16 : fz) {
      // Flushed input denormal: a zero of the operand's sign. IDC for single and
      // double only; FZ16 raises no flag.
      u.type = FPType::Zero;
      if (!half) flags |= flag::IDC;
    } else {
      u.type = FPType::Denormal;
      u.mant = frac;
      u.exp = p.min_exp - p.F;
    }
  } else if (exp == exp_ones(p) && !(half && ahp)) {
    if (frac == 0) {
      u.type = FPType::Infinity;
    } else {
      u.type = (frac & quiet_bit(p)) ? FPType::QNaN : FPType::SNaN;
    }
  } else {
    u.type = FPType::Nonzero;
    u.mant = (uint64_t{1} << p.F) | frac;
    u.exp = static_cast<int>(exp) - p.bias - p.F;
  }
  return u;
}

Unpacked Unpack(Format f, uint64_t op, const FPCR& fpcr, UnpackKind kind, uint32_t& flags) {
  const bool conversion = kind == UnpackKind::Conversion;
  if (f == Format::BF16) {
    // Unpacked as the binary32 pattern op:Zeros(16): FZ applies, with IDC.
    return unpack_ieee(Format::F32, (op & 0xffff) << 16, fpcr.fz, false, false, flags);
  }
  const bool fz16 = conversion ? false : fpcr.fz16;
  const bool ahp = conversion ? fpcr.ahp : false;
  return unpack_ieee(f, op & mask_of(params(f).width), fpcr.fz, fz16, ahp, flags);
}

bool is_nan_type(FPType t) { return t == FPType::QNaN || t == FPType::SNaN; }

// The exact signed value of an unpacked operand (infinities as MPFR infinities,
// which order like the pseudocode's 2^1000000).
void load(mpfr_ptr x, const Unpacked& u) {
  switch (u.type) {
    case FPType::Zero:
    case FPType::QNaN:
    case FPType::SNaN:
      mpfr_set_zero(x, u.sign ? -1 : 1);
      return;
    case FPType::Infinity:
      mpfr_set_inf(x, u.sign ? -1 : 1);
      return;
    case FPType::Denormal:
    case FPType::Nonzero:
      require_exact(mpfr_set_ui_2exp(x, u.mant, u.exp, MPFR_RNDN), "operand");
      if (u.sign) mpfr_neg(x, x, MPFR_RNDN);
      return;
  }
}

// Bits of precision that hold a sum of values whose lowest set bit is at or
// above 2^lsb and whose magnitude is below 2^top, exactly.
mpfr_prec_t span(long top, long lsb) { return static_cast<mpfr_prec_t>(top - lsb + 2); }
long top_of(const Unpacked& u) { return u.exp + bit_length(u.mant); }

// ---------------------------------------------------------------------------
// FPRoundBase.

struct RoundControl {
  bool flush = false;  // FZ (f32, f64, bf16) or FZ16 (f16) as the caller applies it
  bool ahp = false;    // alternative half precision result (f16 conversions only)
};

// Where the discarded part of the significand lies, in units of the kept LSB.
enum class Discarded { None, BelowHalf, Half, AboveHalf };

// Rounds x to format f. x is nonzero and finite. When sticky is false x is the
// exact value; when true the exact value lies strictly between |x| and |x| plus
// one unit in the last of x's (at least F+3) bits, on the side away from zero.
Result round_value(Format f, mpfr_srcptr x, bool sticky, const RoundControl& rc, Rounding rounding) {
  const Params p = params(f);
  Result r;
  const bool sign = mpfr_signbit(x) != 0;
  const mpfr_prec_t prec = mpfr_get_prec(x);

  Real mag(prec);
  mpfr_abs(mag, x, MPFR_RNDN);
  // MPFR writes |x| = 0.1xxx * 2^e; the manual's mantissa is in [1, 2).
  const long exponent = mpfr_get_exp(mag) - 1;

  // 1. Flush to zero: before rounding, UFC only.
  if (rc.flush && exponent < p.min_exp) {
    r.bits = zero_of(f, sign);
    r.flags |= flag::UFC;
    return r;
  }

  // 2. Scale so that the kept bits form an integer: at the value's own exponent,
  //    or at the smallest normal exponent for a tiny value.
  long biased_exp = std::max<long>(exponent - p.min_exp + 1, 0);
  const long lsb_exp = (biased_exp == 0 ? p.min_exp : exponent) - p.F;
  Real scaled(prec), whole(prec), part(prec);
  require_exact(mpfr_mul_2si(scaled, mag, -lsb_exp, MPFR_RNDN), "scaling");
  require_integer_fits(mpfr_trunc(whole, scaled), "integer part");
  require_exact(mpfr_frac(part, scaled, MPFR_RNDN), "fraction part");
  uint64_t int_mant = mpfr_get_ui(whole, MPFR_RNDZ);

  Discarded error;
  if (mpfr_zero_p(part)) {
    error = sticky ? Discarded::BelowHalf : Discarded::None;
  } else {
    const int c = mpfr_cmp_ui_2exp(part, 1, -1);  // against 1/2
    if (c < 0) error = Discarded::BelowHalf;
    else if (c == 0) error = sticky ? Discarded::AboveHalf : Discarded::Half;
    else error = Discarded::AboveHalf;
  }
  bool inexact = error != Discarded::None;

  // 3. Underflow: tiny before rounding and inexact.
  if (biased_exp == 0 && inexact) r.flags |= flag::UFC;

  // 4. Rounding.
  bool round_up = false;
  bool overflow_to_inf = false;
  switch (rounding) {
    case Rounding::TieEven:
      round_up = error == Discarded::AboveHalf || (error == Discarded::Half && (int_mant & 1));
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
      round_up = false;
      overflow_to_inf = false;
      break;
    case Rounding::TieAway:
      round_up = error == Discarded::AboveHalf || error == Discarded::Half;
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
  if (inexact && rounding == Rounding::Odd) int_mant |= 1;

  // 5./6. Overflow, or the AHP saturation.
  if (!rc.ahp) {
    if (biased_exp >= static_cast<long>(exp_ones(p))) {
      r.bits = overflow_to_inf ? infinity_of(f, sign) : max_normal_of(f, sign);
      r.flags |= flag::OFC;
      inexact = true;
    } else {
      r.bits = pack(p, sign, static_cast<uint64_t>(biased_exp), int_mant);
    }
  } else {
    if (biased_exp >= static_cast<long>(exp_ones(p)) + 1) {
      r.bits = (sign ? sign_bit(p) : 0) | (sign_bit(p) - 1);
      r.flags |= flag::IOC;
      inexact = false;
    } else {
      r.bits = pack(p, sign, static_cast<uint64_t>(biased_exp), int_mant);
    }
  }

  // 7. Inexact.
  if (inexact) r.flags |= flag::IXC;
  return r;
}

// FPRound for data-processing results: the format's own flush control, no AHP.
RoundControl data_processing_round(Format f, const FPCR& fpcr) {
  return RoundControl{f == Format::F16 ? fpcr.fz16 : fpcr.fz, false};
}

// ---------------------------------------------------------------------------
// NaNs.

uint64_t ProcessNaN(Format f, FPType type, uint64_t op, const FPCR& fpcr, uint32_t& flags) {
  const Params p = params(f);
  uint64_t result = op & mask_of(p.width);
  if (type == FPType::SNaN) {
    result |= quiet_bit(p);
    flags |= flag::IOC;
  }
  if (fpcr.dn) result = default_nan_of(f);
  return result;
}

std::optional<uint64_t> ProcessNaNs(Format f, const Unpacked& u1, const Unpacked& u2, uint64_t op1,
                                    uint64_t op2, const FPCR& fpcr, uint32_t& flags) {
  if (u1.type == FPType::SNaN) return ProcessNaN(f, u1.type, op1, fpcr, flags);
  if (u2.type == FPType::SNaN) return ProcessNaN(f, u2.type, op2, fpcr, flags);
  if (u1.type == FPType::QNaN) return ProcessNaN(f, u1.type, op1, fpcr, flags);
  if (u2.type == FPType::QNaN) return ProcessNaN(f, u2.type, op2, fpcr, flags);
  return std::nullopt;
}

std::optional<uint64_t> ProcessNaNs3(Format f, const Unpacked& u1, const Unpacked& u2,
                                     const Unpacked& u3, uint64_t op1, uint64_t op2, uint64_t op3,
                                     const FPCR& fpcr, uint32_t& flags) {
  if (u1.type == FPType::SNaN) return ProcessNaN(f, u1.type, op1, fpcr, flags);
  if (u2.type == FPType::SNaN) return ProcessNaN(f, u2.type, op2, fpcr, flags);
  if (u3.type == FPType::SNaN) return ProcessNaN(f, u3.type, op3, fpcr, flags);
  if (u1.type == FPType::QNaN) return ProcessNaN(f, u1.type, op1, fpcr, flags);
  if (u2.type == FPType::QNaN) return ProcessNaN(f, u2.type, op2, fpcr, flags);
  if (u3.type == FPType::QNaN) return ProcessNaN(f, u3.type, op3, fpcr, flags);
  return std::nullopt;
}

// FPConvertNaN: quiet, keep the sign, carry the fraction's top bits (those below
// the quiet bit) into the result, truncating or zero-extending.
uint64_t ConvertNaN(Format from, Format to, uint64_t op) {
  const Params pf = params(from), pt = params(to);
  const bool sign = (op & sign_bit(pf)) != 0;
  // The payload below the quiet bit, left-aligned in 51 bits as the manual does.
  const uint64_t payload = op & (quiet_bit(pf) - 1);
  const uint64_t frac51 = payload << (51 - (pf.F - 1));
  const uint64_t out_payload = frac51 >> (51 - (pt.F - 1));
  return pack(pt, sign, exp_ones(pt), quiet_bit(pt) | out_payload);
}

// ---------------------------------------------------------------------------
// Shared arithmetic tails.

// An exactly computed nonzero-or-zero sum: the zero rule (+0, or -0 towards
// -inf), else FPRound.
Result finish_sum(Format f, mpfr_srcptr sum, const FPCR& fpcr, uint32_t flags) {
  Result r;
  if (mpfr_zero_p(sum)) {
    r.bits = zero_of(f, fpcr.rmode == Rounding::NegInf);
  } else {
    r = round_value(f, sum, false, data_processing_round(f, fpcr), fpcr.rmode);
  }
  r.flags |= flags;
  return r;
}

Result add_sub(Format f, uint64_t op1, uint64_t op2, bool subtract, const FPCR& fpcr) {
  uint32_t flags = 0;
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  if (auto nan = ProcessNaNs(f, u1, u2, op1, op2, fpcr, flags)) return {*nan, flags};
  if (subtract) u2.sign = !u2.sign;  // FPSub is FPAdd with sign2 inverted
  const bool inf1 = u1.type == FPType::Infinity, inf2 = u2.type == FPType::Infinity;
  const bool zero1 = u1.type == FPType::Zero, zero2 = u2.type == FPType::Zero;
  if (inf1 && inf2 && u1.sign != u2.sign) return {default_nan_of(f), flags | flag::IOC};
  if ((inf1 && !u1.sign) || (inf2 && !u2.sign)) return {infinity_of(f, false), flags};
  if ((inf1 && u1.sign) || (inf2 && u2.sign)) return {infinity_of(f, true), flags};
  if (zero1 && zero2 && u1.sign == u2.sign) return {zero_of(f, u1.sign), flags};

  Real a(64), b(64);
  load(a, u1);
  load(b, u2);
  const long top = std::max(top_of(u1), top_of(u2)) + 1;
  const long lsb = std::min(zero1 ? top : u1.exp, zero2 ? top : u2.exp);
  Real sum(span(top, lsb));
  require_exact(mpfr_add(sum, a, b, MPFR_RNDN), "sum");
  return finish_sum(f, sum, fpcr, flags);
}

enum class Pick { Max, Min };

Result max_min(Format f, uint64_t op1, uint64_t op2, Pick pick, const FPCR& fpcr, uint32_t flags) {
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  if (auto nan = ProcessNaNs(f, u1, u2, op1, op2, fpcr, flags)) return {*nan, flags};
  Real a(64), b(64);
  load(a, u1);
  load(b, u2);
  const int c = mpfr_cmp(a, b);
  // FPMax takes op1 when value1 > value2, else op2; FPMin when value1 < value2.
  const bool first = pick == Pick::Max ? c > 0 : c < 0;
  const Unpacked& u = first ? u1 : u2;
  mpfr_srcptr value = first ? a.get() : b.get();
  if (u.type == FPType::Infinity) return {infinity_of(f, u.sign), flags};
  if (u.type == FPType::Zero) {
    // Most positive (FPMax) or most negative (FPMin) zero sign.
    const bool sign = pick == Pick::Max ? (u1.sign && u2.sign) : (u1.sign || u2.sign);
    return {zero_of(f, sign), flags};
  }
  Result r = round_value(f, value, false, data_processing_round(f, fpcr), fpcr.rmode);
  r.flags |= flags;
  return r;
}

Result max_min_num(Format f, uint64_t op1, uint64_t op2, Pick pick, const FPCR& fpcr) {
  uint32_t flags = 0;
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  // A single quiet NaN is replaced by the infinity that loses.
  const uint64_t loser = infinity_of(f, pick == Pick::Max);
  if (u1.type == FPType::QNaN && u2.type != FPType::QNaN) {
    op1 = loser;
  } else if (u1.type != FPType::QNaN && u2.type == FPType::QNaN) {
    op2 = loser;
  }
  return max_min(f, op1, op2, pick, fpcr, flags);
}

// Integer range checks for FPToFixed's SatQ.
void int_bounds(mpz_t lo, mpz_t hi, bool is_unsigned, int width) {
  if (is_unsigned) {
    mpz_set_ui(lo, 0);
    mpz_set_ui(hi, 1);
    mpz_mul_2exp(hi, hi, width);
    mpz_sub_ui(hi, hi, 1);
  } else {
    mpz_set_si(lo, -1);
    mpz_mul_2exp(lo, lo, width - 1);
    mpz_set_ui(hi, 1);
    mpz_mul_2exp(hi, hi, width - 1);
    mpz_sub_ui(hi, hi, 1);
  }
}

// Two's complement pattern of z (which fits in width bits) in the low bits.
uint64_t low_bits(const mpz_t z, int width) {
  mpz_t m;
  mpz_init(m);
  mpz_fdiv_r_2exp(m, z, width);  // z mod 2^width, non-negative
  const uint64_t v = mpz_get_ui(m);
  mpz_clear(m);
  return v & mask_of(width);
}

void check_format_width(int int_width) {
  if (int_width != 32 && int_width != 64) throw std::invalid_argument("reference: integer width");
}

}  // namespace

// ---------------------------------------------------------------------------
// The operations.

Result FPAdd(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return add_sub(f, op1, op2, false, fpcr);
}

Result FPSub(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return add_sub(f, op1, op2, true, fpcr);
}

Result FPMul(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  uint32_t flags = 0;
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  if (auto nan = ProcessNaNs(f, u1, u2, op1, op2, fpcr, flags)) return {*nan, flags};
  const bool inf1 = u1.type == FPType::Infinity, inf2 = u2.type == FPType::Infinity;
  const bool zero1 = u1.type == FPType::Zero, zero2 = u2.type == FPType::Zero;
  const bool sign = u1.sign != u2.sign;
  if ((inf1 && zero2) || (zero1 && inf2)) return {default_nan_of(f), flags | flag::IOC};
  if (inf1 || inf2) return {infinity_of(f, sign), flags};
  if (zero1 || zero2) return {zero_of(f, sign), flags};
  Real a(64), b(64), prod(128);  // two significands of at most 53 bits
  load(a, u1);
  load(b, u2);
  require_exact(mpfr_mul(prod, a, b, MPFR_RNDN), "product");
  Result r = round_value(f, prod, false, data_processing_round(f, fpcr), fpcr.rmode);
  r.flags |= flags;
  return r;
}

Result FPDiv(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  uint32_t flags = 0;
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  if (auto nan = ProcessNaNs(f, u1, u2, op1, op2, fpcr, flags)) return {*nan, flags};
  const bool inf1 = u1.type == FPType::Infinity, inf2 = u2.type == FPType::Infinity;
  const bool zero1 = u1.type == FPType::Zero, zero2 = u2.type == FPType::Zero;
  const bool sign = u1.sign != u2.sign;
  if ((inf1 && inf2) || (zero1 && zero2)) return {default_nan_of(f), flags | flag::IOC};
  if (inf1 || zero2) return {infinity_of(f, sign), flags | (inf1 ? 0 : flag::DZC)};
  if (zero1 || inf2) return {zero_of(f, sign), flags};
  // The quotient truncated to 128 bits; the ternary value says whether the
  // discarded tail is nonzero (a quotient of two p-bit numbers is never exactly
  // a midpoint, but the sticky bit handles every case anyway).
  Real a(64), b(64), q(128);
  load(a, u1);
  load(b, u2);
  const bool sticky = mpfr_div(q, a, b, MPFR_RNDZ) != 0;
  Result r = round_value(f, q, sticky, data_processing_round(f, fpcr), fpcr.rmode);
  r.flags |= flags;
  return r;
}

Result FPSqrt(Format f, uint64_t op, const FPCR& fpcr) {
  const WideExponents range;
  uint32_t flags = 0;
  const Unpacked u = Unpack(f, op, fpcr, UnpackKind::DataProcessing, flags);
  if (is_nan_type(u.type)) return {ProcessNaN(f, u.type, op, fpcr, flags), flags};
  if (u.type == FPType::Zero) return {zero_of(f, u.sign), flags};
  if (u.type == FPType::Infinity && !u.sign) return {infinity_of(f, false), flags};
  if (u.sign) return {default_nan_of(f), flags | flag::IOC};
  Real a(64), s(128);
  load(a, u);
  const bool sticky = mpfr_sqrt(s, a, MPFR_RNDZ) != 0;
  Result r = round_value(f, s, sticky, data_processing_round(f, fpcr), fpcr.rmode);
  r.flags |= flags;
  return r;
}

Result FPMulAdd(Format f, uint64_t addend, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  uint32_t flags = 0;
  const Unpacked uA = Unpack(f, addend, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  const bool inf1 = u1.type == FPType::Infinity, inf2 = u2.type == FPType::Infinity;
  const bool zero1 = u1.type == FPType::Zero, zero2 = u2.type == FPType::Zero;
  const bool inf_times_zero = (inf1 && zero2) || (zero1 && inf2);

  std::optional<uint64_t> nan = ProcessNaNs3(f, uA, u1, u2, addend, op1, op2, fpcr, flags);
  // A quiet NaN addend does not hide the invalid inf * 0.
  if (uA.type == FPType::QNaN && inf_times_zero) return {default_nan_of(f), flags | flag::IOC};
  if (nan) return {*nan, flags};

  const bool infA = uA.type == FPType::Infinity, zeroA = uA.type == FPType::Zero;
  const bool signP = u1.sign != u2.sign;
  const bool infP = inf1 || inf2;
  const bool zeroP = zero1 || zero2;
  if (inf_times_zero || (infA && infP && uA.sign != signP)) {
    return {default_nan_of(f), flags | flag::IOC};
  }
  if ((infA && !uA.sign) || (infP && !signP)) return {infinity_of(f, false), flags};
  if ((infA && uA.sign) || (infP && signP)) return {infinity_of(f, true), flags};
  if (zeroA && zeroP && uA.sign == signP) return {zero_of(f, uA.sign), flags};

  Real a(64), x(64), y(64);
  load(a, uA);
  load(x, u1);
  load(y, u2);
  // Exact addend + op1 * op2: bounds from the operands' own bits.
  long top = 0, lsb = 0;
  bool any = false;
  if (!zeroP) {
    top = top_of(u1) + top_of(u2) + 1;
    lsb = u1.exp + u2.exp;
    any = true;
  }
  if (!zeroA) {
    top = any ? std::max(top, top_of(uA) + 1) : top_of(uA) + 1;
    lsb = any ? std::min<long>(lsb, uA.exp) : uA.exp;
    any = true;
  }
  Real sum(any ? span(top, lsb) : 2);
  require_exact(mpfr_fma(sum, x, y, a, MPFR_RNDN), "fused multiply-add");
  return finish_sum(f, sum, fpcr, flags);
}

Result FPMax(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return max_min(f, op1, op2, Pick::Max, fpcr, 0);
}
Result FPMin(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return max_min(f, op1, op2, Pick::Min, fpcr, 0);
}
Result FPMaxNum(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return max_min_num(f, op1, op2, Pick::Max, fpcr);
}
Result FPMinNum(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr) {
  const WideExponents range;
  return max_min_num(f, op1, op2, Pick::Min, fpcr);
}

Result FPCompare(Format f, uint64_t op1, uint64_t op2, bool signal_nans, const FPCR& fpcr) {
  const WideExponents range;
  uint32_t flags = 0;
  const Unpacked u1 = Unpack(f, op1, fpcr, UnpackKind::DataProcessing, flags);
  const Unpacked u2 = Unpack(f, op2, fpcr, UnpackKind::DataProcessing, flags);
  if (is_nan_type(u1.type) || is_nan_type(u2.type)) {
    if (u1.type == FPType::SNaN || u2.type == FPType::SNaN || signal_nans) flags |= flag::IOC;
    return {0b0011, flags};
  }
  Real a(64), b(64);
  load(a, u1);
  load(b, u2);
  const int c = mpfr_cmp(a, b);  // +0 and -0 compare equal
  return {c == 0 ? 0b0110u : c < 0 ? 0b1000u : 0b0010u, flags};
}

Result FPAbs(Format f, uint64_t op) {
  const Params p = params(f);
  return {op & mask_of(p.width) & ~sign_bit(p), 0};
}

Result FPNeg(Format f, uint64_t op) {
  const Params p = params(f);
  return {(op & mask_of(p.width)) ^ sign_bit(p), 0};
}

Result FPConvert(Format from, Format to, uint64_t op, const FPCR& fpcr, Rounding rounding) {
  const WideExponents range;
  uint32_t flags = 0;
  op &= mask_of(params(from).width);
  const Unpacked u = Unpack(from, op, fpcr, UnpackKind::Conversion, flags);
  if (to == Format::BF16) {
    // FPConvertBF: FZ on the source (done by Unpack) and on the result.
    if (is_nan_type(u.type)) {
      const uint64_t bits = fpcr.dn ? default_nan_of(to) : ConvertNaN(from, to, op);
      return {bits, flags | (u.type == FPType::SNaN ? flag::IOC : 0)};
    }
    if (u.type == FPType::Infinity) return {infinity_of(to, u.sign), flags};
    if (u.type == FPType::Zero) return {zero_of(to, u.sign), flags};
    Real v(64);
    load(v, u);
    Result r = round_value(to, v, false, RoundControl{fpcr.fz, false}, rounding);
    r.flags |= flags;
    return r;
  }
  const bool alt_hp = to == Format::F16 && fpcr.ahp;
  if (is_nan_type(u.type)) {
    uint64_t bits;
    if (alt_hp) bits = zero_of(to, u.sign);
    else if (fpcr.dn) bits = default_nan_of(to);
    else bits = ConvertNaN(from, to, op);
    return {bits, flags | ((u.type == FPType::SNaN || alt_hp) ? flag::IOC : 0)};
  }
  if (u.type == FPType::Infinity) {
    if (alt_hp) return {(u.sign ? 0x8000u : 0u) | 0x7fffu, flags | flag::IOC};
    return {infinity_of(to, u.sign), flags};
  }
  if (u.type == FPType::Zero) return {zero_of(to, u.sign), flags};
  // FPRoundCV: FZ16 forced to 0, AHP observed for an f16 result.
  Real v(64);
  load(v, u);
  const RoundControl rc{to == Format::F16 ? false : fpcr.fz, alt_hp};
  Result r = round_value(to, v, false, rc, rounding);
  r.flags |= flags;
  return r;
}

Result FPToFixed(Format from, uint64_t op, int fbits, bool is_unsigned, int int_width,
                 const FPCR& fpcr, Rounding rounding) {
  const WideExponents range;
  check_format_width(int_width);
  if (rounding == Rounding::Odd) throw std::invalid_argument("reference: FPToFixed has no round to odd");
  uint32_t flags = 0;
  const Unpacked u = Unpack(from, op, fpcr, UnpackKind::DataProcessing, flags);

  mpz_t lo, hi, n;
  mpz_inits(lo, hi, n, nullptr);
  int_bounds(lo, hi, is_unsigned, int_width);
  Result r;
  if (u.type == FPType::Infinity) {
    // The pseudocode's value 2^1000000 overflows every integer: saturate, IOC.
    mpz_set(n, u.sign ? lo : hi);
    flags |= flag::IOC;
  } else {
    if (is_nan_type(u.type)) flags |= flag::IOC;  // converts as its value, 0
    // error = value - floor(value) lies in [0, 1) with bits down to the value's
    // lowest bit: for a tiny negative value that is 1 - tiny, so size it for that.
    const long lowest = u.mant == 0 ? 0 : static_cast<long>(u.exp) + fbits;
    Real v(64), down(64), error(64 + std::max(0L, -lowest) + 2);
    load(v, u);  // NaN and zero load as 0
    require_exact(mpfr_mul_2si(v, v, fbits, MPFR_RNDN), "scaling");
    require_integer_fits(mpfr_floor(down, v), "floor");
    require_exact(mpfr_sub(error, v, down, MPFR_RNDN), "error");
    mpfr_get_z(n, down, MPFR_RNDN);  // an integer already
    const int half = mpfr_cmp_ui_2exp(error, 1, -1);
    const bool inexact = !mpfr_zero_p(error);
    const bool negative = mpz_sgn(n) < 0;
    bool round_up = false;
    switch (rounding) {
      case Rounding::TieEven: round_up = half > 0 || (half == 0 && mpz_odd_p(n)); break;
      case Rounding::PosInf: round_up = inexact; break;
      case Rounding::NegInf: round_up = false; break;
      case Rounding::Zero: round_up = inexact && negative; break;
      case Rounding::TieAway: round_up = half > 0 || (half == 0 && !negative); break;
      case Rounding::Odd: break;
    }
    if (round_up) mpz_add_ui(n, n, 1);
    if (mpz_cmp(n, lo) < 0) {
      mpz_set(n, lo);
      flags |= flag::IOC;
    } else if (mpz_cmp(n, hi) > 0) {
      mpz_set(n, hi);
      flags |= flag::IOC;
    } else if (inexact) {
      flags |= flag::IXC;
    }
  }
  r.bits = low_bits(n, int_width);
  r.flags = flags;
  mpz_clears(lo, hi, n, nullptr);
  return r;
}

Result FixedToFP(Format to, uint64_t op, int fbits, bool is_unsigned, int int_width,
                 const FPCR& fpcr, Rounding rounding) {
  const WideExponents range;
  check_format_width(int_width);
  op &= mask_of(int_width);
  bool negative = false;
  uint64_t magnitude = op;
  if (!is_unsigned && (op >> (int_width - 1)) & 1) {
    negative = true;
    magnitude = (~op + 1) & mask_of(int_width);  // 2^(w-1) for the most negative value
  }
  if (magnitude == 0) return {zero_of(to, false), 0};
  Real v(64);
  require_exact(mpfr_set_ui_2exp(v, magnitude, -fbits, MPFR_RNDN), "integer operand");
  if (negative) mpfr_neg(v, v, MPFR_RNDN);
  return round_value(to, v, false, data_processing_round(to, fpcr), rounding);
}

Result RoundExact(Format f, bool sign, unsigned __int128 mant, int exp2, const FPCR& fpcr,
                  Rounding rounding) {
  const WideExponents range;
  if (mant == 0) throw std::invalid_argument("reference: RoundExact of zero");
  Real v(128), low(64);
  require_exact(mpfr_set_ui_2exp(v, static_cast<uint64_t>(mant >> 64), exp2 + 64, MPFR_RNDN), "high");
  require_exact(mpfr_set_ui_2exp(low, static_cast<uint64_t>(mant), exp2, MPFR_RNDN), "low");
  require_exact(mpfr_add(v, v, low, MPFR_RNDN), "value");
  if (sign) mpfr_neg(v, v, MPFR_RNDN);
  return round_value(f, v, false, data_processing_round(f, fpcr), rounding);
}

std::optional<uint64_t> EncodeExact(Format f, bool sign, uint64_t mant, int exp2) {
  const Params p = params(f);
  if (mant == 0) return zero_of(f, sign);
  // Normalise to the fewest bits, then see whether the value fits.
  while ((mant & 1) == 0) {
    mant >>= 1;
    ++exp2;
  }
  const int bits = bit_length(mant);
  const int exponent = exp2 + bits - 1;  // value = 1.xxx * 2^exponent
  const int max_exp = static_cast<int>(exp_ones(p)) - 1 - p.bias;
  if (exponent > max_exp) return std::nullopt;
  if (exponent >= p.min_exp) {
    if (bits > p.F + 1) return std::nullopt;
    const uint64_t sig = mant << (p.F + 1 - bits);
    return pack(p, sign, static_cast<uint64_t>(exponent + p.bias), sig);
  }
  // Denormal: value = frac * 2^(min_exp - F) with frac < 2^F.
  const int shift = exp2 - (p.min_exp - p.F);
  if (shift < 0) return std::nullopt;
  if (bits + shift > p.F) return std::nullopt;
  return pack(p, sign, 0, mant << shift);
}

bool IsNaN(Format f, uint64_t op) {
  const Params p = params(f);
  return ((op >> p.F) & exp_ones(p)) == exp_ones(p) && (op & frac_mask(p)) != 0;
}

}  // namespace mlisa::verify::ref
