#include "core/fp_literal.hpp"

#include "core/number_parse.hpp"

#include <cstring>
#include <mpfr.h>
#include <string>

namespace mlisa::fp {
namespace {

// A binary64 value that f represents exactly, as f's bit pattern (a repack:
// no rounding happens here).
uint64_t exact_double_to_format(double d, Format f) {
  uint64_t b = 0;
  std::memcpy(&b, &d, sizeof b);
  if (f == Format::F64) return b;
  const FormatTraits t = traits(f);
  const uint64_t sign = (b >> 63) << (t.width - 1);
  const int e = static_cast<int>((b >> 52) & 0x7ff);
  const uint64_t m = b & ((uint64_t{1} << 52) - 1);
  if (e == 0 && m == 0) return sign;
  if (e == 0x7ff) return sign | (((uint64_t{1} << t.exp_bits) - 1) << t.frac_bits);  // infinity
  const int exp = e - 1023;
  if (exp >= t.min_exp)
    return sign | (static_cast<uint64_t>(exp - t.min_exp + 1) << t.frac_bits) | (m >> (52 - t.frac_bits));
  const int shift = 52 - t.frac_bits + (t.min_exp - exp);  // a subnormal of f
  return sign | (shift >= 64 ? 0 : (m | (uint64_t{1} << 52)) >> shift);
}

}  // namespace

std::optional<uint64_t> decimal_to_format(std::string_view text, Format f) {
  // The token is measured, not parsed: MPFR reads it once, below.
  if (text.empty() || decimal_float_extent(text) != text.size()) return std::nullopt;
  const FormatTraits t = traits(f);
  const std::string z(text);
  // MPFR's exponent e puts a value in [0.5, 1) x 2^e: f's smallest subnormal,
  // 2^(min_exp - F), has e = min_exp - F + 1; its values stay below 2^(2 - min_exp).
  const mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_set_emin(t.min_exp - t.frac_bits + 1);
  mpfr_set_emax(2 - t.min_exp);
  mpfr_t x;
  mpfr_init2(x, t.frac_bits + 1);
  char* end = nullptr;
  int inex = mpfr_strtofr(x, z.c_str(), &end, 10, MPFR_RNDN);
  const bool whole = end == z.c_str() + z.size();
  inex = mpfr_check_range(x, inex, MPFR_RNDN);
  mpfr_subnormalize(x, inex, MPFR_RNDN);
  double d = mpfr_get_d(x, MPFR_RNDN);  // exact: x is a value of f, and f embeds in binary64
  if (mpfr_zero_p(x) && mpfr_signbit(x)) d = -0.0;
  mpfr_clear(x);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  if (!whole) return std::nullopt;
  return exact_double_to_format(d, f);
}

}  // namespace mlisa::fp
