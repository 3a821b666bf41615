// Every binary16 and every bfloat16 pattern through the unary operations (sqrt,
// abs, neg, conversions to the other float formats and to s32/u32), library
// against the MPFR reference, bit for bit with flags, under several FPCRs.
#include <gtest/gtest.h>

#include <string>
#include <tuple>
#include <vector>

#include "verify/fp_cases.hpp"

namespace {

namespace fpcases = mlisa::verify::fpcases;
using fpcases::OpKind;
using mlisa::fp::Format;
using mlisa::fp::FPCR;
using mlisa::fp::Rounding;

struct Setting {
  std::string name;
  FPCR fpcr;
  Rounding rounding;
};

// Every RMode with every combination of FZ, FZ16 and DN; AHP both ways for the
// f16 conversions; ties-away and round-to-odd for the float conversions.
std::vector<Setting> settings_for(const fpcases::FpOperation& op) {
  std::vector<Setting> s;
  const bool ahp_matters = op.is_conversion() && op.format == Format::F16;
  for (int ahp = 0; ahp <= (ahp_matters ? 1 : 0); ++ahp) {
    for (int m = 0; m < 4; ++m) {
      for (int bits = 0; bits < 8; ++bits) {
        FPCR c;
        c.rmode = static_cast<Rounding>(m);
        c.fz = bits & 1;
        c.fz16 = bits & 2;
        c.dn = bits & 4;
        c.ahp = ahp;
        s.push_back({fpcases::fpcr_fields(c), c, c.rmode});
      }
    }
  }
  if (op.kind == OpKind::CvtFloat || op.kind == OpKind::CvtToInt) {
    for (Rounding r : {Rounding::TieAway, Rounding::Odd}) {
      if (r == Rounding::Odd && op.kind == OpKind::CvtToInt) continue;  // FPToFixed has no odd
      for (int ahp = 0; ahp <= (ahp_matters ? 1 : 0); ++ahp) {
        FPCR c;
        c.ahp = ahp;
        s.push_back({fpcases::fpcr_fields(c) + (r == Rounding::Odd ? " odd" : " tieaway"), c, r});
        c.fz = c.dn = true;
        s.push_back({fpcases::fpcr_fields(c) + (r == Rounding::Odd ? " odd" : " tieaway"), c, r});
      }
    }
  }
  return s;
}

// The unary operations on 16-bit sources: indices into the suite's table.
std::vector<size_t> unary_16bit_operations() {
  std::vector<size_t> out;
  const auto& ops = fpcases::fp_operations();
  for (size_t i = 0; i < ops.size(); ++i) {
    const auto& op = ops[i];
    if (op.format != Format::F16 && op.format != Format::BF16) continue;
    const bool unary = op.kind == OpKind::Sqrt || op.kind == OpKind::Abs || op.kind == OpKind::Neg ||
                       op.kind == OpKind::CvtFloat ||
                       (op.kind == OpKind::CvtToInt && op.integer.width == 32);
    if (unary) out.push_back(i);
  }
  return out;
}

class FpExhaustive : public ::testing::TestWithParam<size_t> {};

TEST_P(FpExhaustive, EveryPattern) {
  const auto& op = fpcases::fp_operations()[GetParam()];
  for (const Setting& s : settings_for(op)) {
    uint64_t failures = 0;
    std::string shown;
    for (uint64_t x = 0; x < 0x10000; ++x) {
      fpcases::FpCase c;
      c.operands = {x, 0, 0};
      c.fpcr = s.fpcr;
      c.rounding = s.rounding;
      c.operand_class = "exhaustive";
      const auto out = fpcases::check_case(op, c);
      if (out.passed) continue;
      if (++failures <= 5) shown += "  " + out.detail + "\n";
    }
    EXPECT_EQ(failures, 0u) << op.name << " under " << s.name << ": " << failures << " of 65536 differ:\n" << shown;
  }
}

std::string op_test_name(const ::testing::TestParamInfo<size_t>& info) {
  std::string n = fpcases::fp_operations()[info.param].name;
  for (char& ch : n)
    if (ch == '.') ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(Unary16, FpExhaustive, ::testing::ValuesIn(unary_16bit_operations()), op_test_name);

}  // namespace
