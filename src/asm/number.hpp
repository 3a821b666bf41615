// Typed numbers of operands: s<N> (signed decimal), u<N> (unsigned decimal),
// x<N> (hexadecimal) and f32, as bit patterns of N bits (N <= 64; 32 for f32).
//
// Parsing: a decimal integer must lie in the type's range; a non-negative hex
// literal `0x...` is the raw bit pattern (at most N bits) for every integer
// type. An f32 is a decimal (`1.5`, `-2e-3`, `7`), `inf`/`-inf`, or
// `f32bits(0x...)`; decimals are converted exactly and rounded once to
// binary32 with ties to even; a finite decimal that rounds to infinity is out
// of range.
//
// Printing: s and u in decimal, x as `0x` and lower-case digits, f32 as the
// shortest decimal that parses back to the same bits, except NaNs and -0.0,
// which print as `f32bits(0x%08x)`.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mlisa::as {

enum class NumKind : uint8_t { Signed, Unsigned, Hex, Float32 };

struct NumType {
  NumKind kind = NumKind::Unsigned;
  uint32_t width = 32;
  static NumType s(uint32_t w) { return {NumKind::Signed, w}; }
  static NumType u(uint32_t w) { return {NumKind::Unsigned, w}; }
  static NumType x(uint32_t w) { return {NumKind::Hex, w}; }
  static NumType f32() { return {NumKind::Float32, 32}; }
  std::string name() const;  // s32, u16, x32, f32
};

// The width-bit pattern of `text`, or false with a reason in *why.
bool parse_number(NumType t, std::string_view text, uint64_t& out, std::string* why = nullptr);
std::string format_number(NumType t, uint64_t bits);

bool parse_f32(std::string_view text, uint32_t& out, std::string* why = nullptr);
std::string format_f32(uint32_t bits);

}  // namespace mlisa::as
