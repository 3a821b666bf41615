// Decimal floating-point literals rounded into an Arm format: the one parser
// that `mlisa fp`, `--set` lanes, the assembler's `.float` family and the
// GEMM data files share.
#pragma once

#include "core/fp.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace mlisa::fp {

// `text` as a whole decimal number (`1`, `-2.5`, `.5`, `1.25e-3`: the token
// decimal_float_extent measures, nothing after it; MPFR parses it, once) rounded once, to nearest with ties to even, into f, with
// f's precision, exponent range and gradual underflow (so a value past the
// largest finite one becomes infinity, and -0 keeps its sign). nullopt when
// `text` is not such a number (`inf` and `nan` included: callers name those).
std::optional<uint64_t> decimal_to_format(std::string_view text, Format f);

}  // namespace mlisa::fp
