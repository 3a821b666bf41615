// The Arm floating-point library: the shared pseudocode of the Arm architecture
// (FPUnpack, FPRound, FPProcessNaNs, FPAdd, ...) for binary16, bfloat16, binary32
// and binary64, written with integer arithmetic only, so results never depend on
// the host's floating-point environment.
//
// Values are raw bit patterns in the low bits of a uint64_t. Functions carry the
// manual's names; docs/fp.md lists the choices made where the manual is silent
// (bfloat16 outside its instructions, conversions between every pair of formats).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mlisa::fp {

enum class Format : uint8_t { F16, BF16, F32, F64 };

struct FormatTraits {
  int width;      // bits in the encoding
  int exp_bits;   // E
  int frac_bits;  // F
  int min_exp;    // exponent of the smallest normal number
  const char* name;
};

constexpr FormatTraits traits(Format f) {
  switch (f) {
    case Format::F16: return {16, 5, 10, -14, "f16"};
    case Format::BF16: return {16, 8, 7, -126, "bf16"};
    case Format::F32: return {32, 8, 23, -126, "f32"};
    case Format::F64: return {64, 11, 52, -1022, "f64"};
  }
  return {0, 0, 0, 0, ""};
}

constexpr uint64_t width_mask(Format f) {
  return traits(f).width == 64 ? ~uint64_t{0} : (uint64_t{1} << traits(f).width) - 1;
}

std::optional<Format> parse_format(std::string_view name);  // "f16", "bf16", "f32", "f64"

// FPRounding. FPCR.RMode encodes the first four; TieAway and Odd are used by
// particular instructions (FCVTAS, FRINTA; FCVTXN).
enum class Rounding : uint8_t { TieEven = 0, PosInf = 1, NegInf = 2, Zero = 3, TieAway = 4, Odd = 5 };

const char* rounding_name(Rounding r);  // "nearest", "posinf", "neginf", "zero", "tieaway", "odd"
std::optional<Rounding> parse_rounding(std::string_view name);

// Cumulative exception flags, at their bit positions in FPSCR and FPSR.
namespace flag {
constexpr uint32_t IOC = 1u << 0;  // invalid operation
constexpr uint32_t DZC = 1u << 1;  // divide by zero
constexpr uint32_t OFC = 1u << 2;  // overflow
constexpr uint32_t UFC = 1u << 3;  // underflow
constexpr uint32_t IXC = 1u << 4;  // inexact
constexpr uint32_t IDC = 1u << 7;  // input denormal
constexpr uint32_t ALL = IOC | DZC | OFC | UFC | IXC | IDC;
}  // namespace flag

// "IOC,IXC" in bit order, or "-" when none is set.
std::string flags_to_string(uint32_t flags);
std::optional<uint32_t> parse_flags(std::string_view text);

// The FPCR (A-profile) / FPSCR (M-profile) fields that steer arithmetic.
// Bit positions are the same in both: AHP 26, DN 25, FZ 24, RMode 23:22, FZ16 19.
struct FPCR {
  Rounding rmode = Rounding::TieEven;
  bool fz = false;    // flush single and double (and bfloat16) denormals to zero
  bool fz16 = false;  // flush half-precision denormals to zero
  bool dn = false;    // default NaN
  bool ahp = false;   // alternative half precision (conversions only)

  static FPCR from_bits(uint32_t fpcr);
  uint32_t to_bits() const;  // TieAway and Odd have no RMode encoding and map to 0
  bool operator==(const FPCR&) const = default;
};

// The state an operation reads and updates: control fields and cumulative flags.
struct Context {
  FPCR fpcr;
  uint32_t flags = 0;  // ORed into, never cleared by an operation
};

enum class FPType : uint8_t { Zero, Denormal, Nonzero, Infinity, QNaN, SNaN };

// FPUnpack's classification (observing FZ/FZ16 as FPUnpack does, AHP ignored),
// without raising flags.
FPType classify(Format f, uint64_t op, const FPCR& fpcr);
bool is_nan(Format f, uint64_t op);

uint64_t FPZero(Format f, bool sign);
uint64_t FPInfinity(Format f, bool sign);
uint64_t FPMaxNormal(Format f, bool sign);
uint64_t FPDefaultNaN(Format f);

uint64_t FPAbs(Format f, uint64_t op);
uint64_t FPNeg(Format f, uint64_t op);

// Arithmetic rounds with ctx.fpcr.rmode.
uint64_t FPAdd(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPSub(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPMul(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPDiv(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPSqrt(Format f, uint64_t op, Context& ctx);
// addend + op1 * op2 with a single rounding.
uint64_t FPMulAdd(Format f, uint64_t addend, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPMax(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPMin(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPMaxNum(Format f, uint64_t op1, uint64_t op2, Context& ctx);
uint64_t FPMinNum(Format f, uint64_t op1, uint64_t op2, Context& ctx);
// NZCV in bits 3:0: 0b0110 equal, 0b1000 less, 0b0010 greater, 0b0011 unordered.
uint32_t FPCompare(Format f, uint64_t op1, uint64_t op2, bool signal_nans, Context& ctx);

// FPProcessNaNs: when either operand is a NaN, sets *result to the NaN the
// architecture propagates and returns true.
bool FPProcessNaNs(Format f, uint64_t op1, uint64_t op2, Context& ctx, uint64_t* result);
bool FPProcessNaNs3(Format f, uint64_t op1, uint64_t op2, uint64_t op3, Context& ctx,
                    uint64_t* result);

// FPConvert between any two formats (FPUnpackCV/FPRoundCV: AHP observed, FZ16
// ignored; FPConvertBF rules for a bfloat16 result).
uint64_t FPConvert(Format from, Format to, uint64_t op, Context& ctx, Rounding rounding);
inline uint64_t FPConvert(Format from, Format to, uint64_t op, Context& ctx) {
  return FPConvert(from, to, op, ctx, ctx.fpcr.rmode);
}

// FPToFixed: to an int_width-bit (32 or 64) integer with fbits fraction bits,
// saturating (IOC on saturation or NaN). Result in the low int_width bits.
uint64_t FPToFixed(Format from, uint64_t op, int fbits, bool is_unsigned, int int_width,
                   Context& ctx, Rounding rounding);
// FixedToFP: from an int_width-bit integer (low bits of op) with fbits fraction bits.
uint64_t FixedToFP(Format to, uint64_t op, int fbits, bool is_unsigned, int int_width,
                   Context& ctx, Rounding rounding);

// Host double holding the value exactly (every format embeds in binary64);
// for NaNs the payload is not meaningful. Integer-only, for printing.
uint64_t to_f64_bits(Format f, uint64_t op);

}  // namespace mlisa::fp
