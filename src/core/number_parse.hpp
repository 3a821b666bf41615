// Parsing of number literals shared by the command line tools and the
// assemblers: hex bit patterns of a given width, decimal integers, and the
// number tokens an assembler reads at the start of an operand, without
// locale or errno dependence; and the small string helpers (case, trimming,
// hex of bytes) every layer uses.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

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

// The integer token at the start of `text`: an optional sign, then "0x" and
// hex digits or decimal digits. Its length (0 when there is none, or when its
// magnitude exceeds 64 bits); `magnitude` and `negative` say its value.
size_t scan_integer(std::string_view text, uint64_t& magnitude, bool& negative);

// The length of the decimal floating-point token at the start of `text`
// (`1`, `-2.5`, `.5`, `4.`, `1.25e1`, `+1.000000e+00`: an optional sign,
// digits with an optional point, at least one digit, an optional exponent
// with digits), 0 when there is none. It only measures: a caller parses the
// token (fp::decimal_to_format with MPFR, scan_decimal_float with strtod).
size_t decimal_float_extent(std::string_view text);

// The same token and the nearest double: its length, 0 when there is none.
size_t scan_decimal_float(std::string_view text, double& value);

// Small string helpers, said once for every layer.

// ASCII lower case.
std::string to_lower(std::string_view text);

// ASCII case-insensitive equality.
bool iequals(std::string_view a, std::string_view b);

// A name that ends in a decimal number without leading zeros (`X30`, `q7`,
// `R0`, `8`): the part before the digits and the number; nullopt otherwise
// (no digits at the end, `X07`, more than nine digits).
struct NumberedName {
  std::string_view prefix;
  uint32_t number = 0;
};
std::optional<NumberedName> numbered_name(std::string_view name);

// `text` without the white space (std::isspace) at either end.
std::string_view trim(std::string_view text);
// `text` without any white space.
std::string strip_space(std::string_view text);
// `text` split on `sep` outside (), [] and {}, each part trimmed; an empty
// (or all white) text is no parts.
std::vector<std::string_view> split_top(std::string_view text, char sep);

// Little-endian bytes (a register's value as memory holds it) as "0x" and two
// hex digits a byte, the most significant first.
std::string hex_le(std::span<const uint8_t> bytes);

}  // namespace mlisa
