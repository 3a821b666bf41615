#include "asm/number.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>
#include <mpfr.h>

#include <bit>
#include <cctype>
#include <cmath>

namespace mlisa::as {

namespace {

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

void say(std::string* why, std::string msg) {
  if (why) *why = std::move(msg);
}

// [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?
bool is_decimal(std::string_view s) {
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  size_t mant = 0;
  while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++mant;
  if (i < s.size() && s[i] == '.') {
    ++i;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++mant;
  }
  if (mant == 0) return false;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    size_t exp = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) ++i, ++exp;
    if (exp == 0) return false;
  }
  return i == s.size();
}

// Restores MPFR's exponent range (thread-local state) when it goes out of scope.
struct ExponentRange {
  mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  ExponentRange(mpfr_exp_t lo, mpfr_exp_t hi) {
    mpfr_set_emin(lo);
    mpfr_set_emax(hi);
  }
  ~ExponentRange() {
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
};

}  // namespace

std::string NumType::name() const {
  switch (kind) {
    case NumKind::Signed: return fmt::format("s{}", width);
    case NumKind::Unsigned: return fmt::format("u{}", width);
    case NumKind::Hex: return fmt::format("x{}", width);
    case NumKind::Float32: return "f32";
  }
  return "?";
}

bool parse_f32(std::string_view text, uint32_t& out, std::string* why) {
  constexpr std::string_view kBits = "f32bits(";
  if (text.starts_with(kBits) && text.ends_with(")")) {
    uint64_t v = 0;
    const auto st = parse_hex(text.substr(kBits.size(), text.size() - kBits.size() - 1), 32, v);
    if (st != ParseStatus::Ok) {
      say(why, fmt::format("'{}' is not f32bits(0x...) of at most 32 bits", text));
      return false;
    }
    out = static_cast<uint32_t>(v);
    return true;
  }
  std::string_view body = text;
  bool neg = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    neg = body[0] == '-';
    body.remove_prefix(1);
  }
  if (body == "inf" || body == "infinity") {
    out = (neg ? 0x80000000u : 0u) | 0x7f800000u;
    return true;
  }
  if (!is_decimal(text)) {
    say(why, fmt::format("'{}' is not a decimal floating-point number", text));
    return false;
  }
  const std::string s(text);
  mpfr_t x;
  mpfr_init2(x, 24);
  float f = 0;
  {
    // binary32: significand in [0.5, 1) times 2^e, e in [-148, 128].
    ExponentRange range(-148, 128);
    char* end = nullptr;
    int t = mpfr_strtofr(x, s.c_str(), &end, 10, MPFR_RNDN);
    t = mpfr_subnormalize(x, t, MPFR_RNDN);
    (void)t;
    f = mpfr_get_flt(x, MPFR_RNDN);
  }
  mpfr_clear(x);
  if (std::isinf(f)) {
    say(why, fmt::format("'{}' is out of range for f32", text));
    return false;
  }
  out = std::bit_cast<uint32_t>(f);
  return true;
}

std::string format_f32(uint32_t bits) {
  const float f = std::bit_cast<float>(bits);
  if (std::isnan(f) || bits == 0x80000000u) return fmt::format("f32bits(0x{:08x})", bits);
  return fmt::format("{}", f);
}

bool parse_number(NumType t, std::string_view text, uint64_t& out, std::string* why) {
  if (t.kind == NumKind::Float32) {
    uint32_t b = 0;
    if (!parse_f32(text, b, why)) return false;
    out = b;
    return true;
  }
  const bool is_signed = t.kind == NumKind::Signed;
  const auto st = parse_integer(text, static_cast<int>(t.width), is_signed, out);
  switch (st) {
    case ParseStatus::Ok: return true;
    case ParseStatus::Malformed: say(why, fmt::format("'{}' is not a number", text)); return false;
    case ParseStatus::TooWide: say(why, fmt::format("{} does not fit in {} bits", text, t.width)); return false;
    case ParseStatus::OutOfRange: say(why, fmt::format("{} is out of range for {}", text, t.name())); return false;
  }
  return false;
}

std::string format_number(NumType t, uint64_t bits) {
  bits &= low_mask(t.width);
  switch (t.kind) {
    case NumKind::Signed: {
      if (t.width < 64 && (bits >> (t.width - 1)) & 1) bits |= ~low_mask(t.width);
      return fmt::format("{}", static_cast<int64_t>(bits));
    }
    case NumKind::Unsigned: return fmt::format("{}", bits);
    case NumKind::Hex: return fmt::format("0x{:x}", bits);
    case NumKind::Float32: return format_f32(static_cast<uint32_t>(bits));
  }
  return "?";
}

}  // namespace mlisa::as
