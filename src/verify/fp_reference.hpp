// The MPFR reference for the Arm floating-point library (src/core/fp.hpp).
//
// Written from docs/fp.md and the Arm shared pseudocode, not from the library:
// operands are decoded into MPFR numbers exactly, the numeric result is computed
// exactly (add, sub, mul, fma, conversions) or truncated with a sticky bit taken
// from MPFR's ternary value (div, sqrt), and FPRound is then done by scaling the
// MPFR value to an integer significand, following the pseudocode step by step.
// The architectural rules (flushing, NaN propagation, zero signs, overflow by
// rounding mode, AHP, saturation) are layered on top in the manual's order.
//
// Every function is pure: no global state, safe to call from several threads.
#pragma once

#include <cstdint>
#include <optional>

#include "core/fp.hpp"

namespace mlisa::verify::ref {

using fp::Format;
using fp::FPCR;
using fp::Rounding;

// A result pattern (low bits) and the cumulative flags the operation raised.
struct Result {
  uint64_t bits = 0;
  uint32_t flags = 0;
  bool operator==(const Result&) const = default;
};

// Data-processing operations round with fpcr.rmode.
Result FPAdd(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPSub(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPMul(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPDiv(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPSqrt(Format f, uint64_t op, const FPCR& fpcr);
Result FPMulAdd(Format f, uint64_t addend, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPMax(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPMin(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPMaxNum(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
Result FPMinNum(Format f, uint64_t op1, uint64_t op2, const FPCR& fpcr);
// bits = NZCV: 0b0110 equal, 0b1000 less, 0b0010 greater, 0b0011 unordered.
Result FPCompare(Format f, uint64_t op1, uint64_t op2, bool signal_nans, const FPCR& fpcr);
Result FPAbs(Format f, uint64_t op);
Result FPNeg(Format f, uint64_t op);

// Float to float, any two formats, with an explicit rounding.
Result FPConvert(Format from, Format to, uint64_t op, const FPCR& fpcr, Rounding rounding);
// Float to a 32- or 64-bit integer (result in the low int_width bits). Rounding::Odd
// is not defined for this conversion and throws std::invalid_argument.
Result FPToFixed(Format from, uint64_t op, int fbits, bool is_unsigned, int int_width,
                 const FPCR& fpcr, Rounding rounding);
// A 32- or 64-bit integer (low int_width bits of op) to float.
Result FixedToFP(Format to, uint64_t op, int fbits, bool is_unsigned, int int_width,
                 const FPCR& fpcr, Rounding rounding);

// FPRound of the nonzero exact value (-1)^sign * mant * 2^exp2 to format f, as a
// data-processing operation does it (flush by FZ16 for f16 and FZ otherwise, AHP
// ignored). Exposed for the case generator and for hand-written tests.
Result RoundExact(Format f, bool sign, unsigned __int128 mant, int exp2, const FPCR& fpcr,
                  Rounding rounding);

// The pattern of (-1)^sign * mant * 2^exp2 when it is a finite number of f
// exactly (no rounding needed, in the normal or denormal range).
std::optional<uint64_t> EncodeExact(Format f, bool sign, uint64_t mant, int exp2);

// True when the pattern is a NaN of format f (IEEE interpretation, AHP off).
bool IsNaN(Format f, uint64_t op);

}  // namespace mlisa::verify::ref
