// Parsing of integer literals shared by the command line tools (and later the
// assembler): hex bit patterns of a given width and decimal integers, without
// allocation and without locale or errno dependence.
#pragma once

#include <cstdint>
#include <string_view>

namespace mlisa {

enum class ParseStatus : uint8_t {
  Ok,
  Malformed,  // not a literal of the expected shape
  TooWide,    // a hex pattern with bits set above the width
  OutOfRange  // a decimal integer outside the range of the type
};

// "0x" or "0X" then one or more hex digits. The value must fit in `width` bits
// (1..64); leading zeros are allowed.
ParseStatus parse_hex(std::string_view text, int width, uint64_t& out);

// An integer of `width` bits (1..64): a hex pattern as parse_hex, or a decimal
// number with an optional sign ('-' only when is_signed) that must lie in the
// type's range. The result is the two's complement pattern in the low `width` bits.
ParseStatus parse_integer(std::string_view text, int width, bool is_signed, uint64_t& out);

}  // namespace mlisa
