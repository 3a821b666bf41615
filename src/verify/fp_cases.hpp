// Cases for the fp suite: the operation table, a deterministic counter-based
// case generator biased to the edge classes of floating point, and the check of
// one case (the library in src/core/fp.hpp against the MPFR reference).
//
// A case is a pure function of (operation, index, seed): the generator seeds a
// splitmix64 stream from the three, so any case can be re-run alone.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/fp.hpp"
#include "verify/fp_reference.hpp"
#include "verify/suite.hpp"

namespace mlisa::verify::fpcases {

using fp::Format;
using fp::FPCR;
using fp::Rounding;

enum class OpKind : uint8_t {
  Add, Sub, Mul, Div, Sqrt, MulAdd, Max, Min, MaxNum, MinNum, Compare, CompareE, Abs, Neg,
  CvtFloat,    // float to float
  CvtToInt,    // FPToFixed, fbits 0
  CvtFromInt,  // FixedToFP, fbits 0
};

struct IntType {
  bool is_unsigned = false;
  int width = 32;
};

struct FpOperation {
  OpKind kind = OpKind::Add;
  Format format = Format::F32;  // the operands' format; for CvtFromInt the result format
  Format to = Format::F32;      // CvtFloat: the result format
  IntType integer;              // CvtToInt: the result; CvtFromInt: the operand
  std::string name;             // "add.f32", "cvt.f32.f16", "cvt.f64.s32", "cvt.u64.bf16"

  int arity() const;
  int operand_width() const;  // bits of each operand
  int result_width() const;   // bits of the result (4 for the compares)
  bool result_is_float() const;
  bool is_conversion() const { return kind == OpKind::CvtFloat || kind == OpKind::CvtToInt || kind == OpKind::CvtFromInt; }
  // The calculator's OP and FORMAT words: "add" "f32", or "cvt.f32.f16" "".
  std::string calc_op() const;
  std::string calc_format() const;
};

// Every operation of the suite, in table order: OP.FORMAT for the data-processing
// operations, then cvt.FROM.TO for every ordered pair of distinct float formats,
// then float to s32, u32, s64, u64 and back.
const std::vector<FpOperation>& fp_operations();

struct FpCase {
  std::array<uint64_t, 3> operands{};  // muladd: addend, op1, op2
  FPCR fpcr;                           // rmode in 0..3
  Rounding rounding = Rounding::TieEven;  // conversions: may be TieAway or Odd; else fpcr.rmode
  const char* operand_class = "random";
};

FpCase generate_case(const FpOperation& op, uint64_t index, uint64_t seed);

// What one side computed.
struct Evaluation {
  uint64_t bits = 0;
  uint32_t flags = 0;
  bool operator==(const Evaluation&) const = default;
};

Evaluation run_library(const FpOperation& op, const FpCase& c);    // may throw
Evaluation run_reference(const FpOperation& op, const FpCase& c);  // may throw

// Runs both sides and compares bits and flags exactly. Exceptions from either
// side are failures with the message in the detail.
CaseOutcome check_case(const FpOperation& op, const FpCase& c);

// "IOC,IXC" in flag-bit order, "-" when none.
std::string flag_names(uint32_t flags);
// "RMode=0,FZ=0,FZ16=0,DN=0,AHP=0"
std::string fpcr_fields(const FPCR& fpcr);
// The equivalent calculator command line.
std::string calculator_command(const FpOperation& op, const FpCase& c);

}  // namespace mlisa::verify::fpcases
