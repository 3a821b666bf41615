#include "asm/number.hpp"

#include "core/fp.hpp"
#include "core/fp_literal.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <cmath>

namespace mlisa::as {

namespace {

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

template <typename... Args>
void say(std::string* why, fmt::format_string<Args...> f, Args&&... args) {
  if (why) *why = fmt::format(f, std::forward<Args>(args)...);  // formatted only when asked for
}

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
      say(why, "'{}' is not f32bits(0x...) of at most 32 bits", text);
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
  const auto bits = fp::decimal_to_format(text, fp::Format::F32);
  if (!bits) {
    say(why, "'{}' is not a decimal floating-point number", text);
    return false;
  }
  if ((*bits & 0x7fffffffu) == 0x7f800000u) {
    say(why, "'{}' is out of range for f32", text);
    return false;
  }
  out = static_cast<uint32_t>(*bits);
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
    case ParseStatus::Malformed: say(why, "'{}' is not a number", text); return false;
    case ParseStatus::TooWide: say(why, "{} does not fit in {} bits", text, t.width); return false;
    case ParseStatus::OutOfRange: say(why, "{} is out of range for {}", text, t.name()); return false;
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
