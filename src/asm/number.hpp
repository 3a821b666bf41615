// Typed numbers of operands: s<N> (signed decimal), u<N> (unsigned decimal)
// and x<N> (hexadecimal), as bit patterns of N bits (N <= 64).
//
// Parsing: a decimal integer must lie in the type's range; a non-negative hex
// literal `0x...` is the raw bit pattern (at most N bits) for every type.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mlisa::as {

enum class NumKind : uint8_t { Signed, Unsigned, Hex };

struct NumType {
  NumKind kind = NumKind::Unsigned;
  uint32_t width = 32;
  static NumType s(uint32_t w) { return {NumKind::Signed, w}; }
  static NumType u(uint32_t w) { return {NumKind::Unsigned, w}; }
  static NumType x(uint32_t w) { return {NumKind::Hex, w}; }
  std::string name() const;  // s32, u16, x32
};

// The width-bit pattern of `text`, or false with a reason in *why.
bool parse_number(NumType t, std::string_view text, uint64_t& out, std::string* why = nullptr);

}  // namespace mlisa::as
