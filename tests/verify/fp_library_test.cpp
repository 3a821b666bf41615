// The FP library against the MPFR reference through the fp suite's run_case: a
// deterministic slice of every operation. The full campaign is `mlisa verify fp`.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "verify/fp_cases.hpp"
#include "verify/suite.hpp"

namespace {

using mlisa::verify::CaseOutcome;
using mlisa::verify::make_fp_suite;
namespace fpcases = mlisa::verify::fpcases;

constexpr uint64_t kCasesPerOperation = 100000;  // about 4 s for all operations on one core
constexpr uint64_t kSeed = 1;
constexpr size_t kShownFailures = 5;

TEST(FpSuite, Table) {
  auto suite = make_fp_suite();
  ASSERT_NE(suite, nullptr);
  EXPECT_EQ(suite->name(), "fp");
  EXPECT_EQ(suite->target(), "core");
  const auto ops = suite->operations();
  // 14 data-processing operations x 4 formats, 12 float pairs, 4 x 4 to integer and back.
  EXPECT_EQ(ops.size(), 14u * 4 + 12 + 16 + 16);
  const std::set<std::string> names(ops.begin(), ops.end());
  EXPECT_EQ(names.size(), ops.size());
  for (const char* n : {"add.f16", "muladd.bf16", "comparee.f64", "neg.f32", "cvt.f32.bf16", "cvt.bf16.f64",
                        "cvt.f64.u64", "cvt.s32.f16", "cvt.u32.bf16"})
    EXPECT_TRUE(names.count(n)) << n;
  EXPECT_GT(suite->default_cases(), 0u);
}

TEST(FpSuite, CasesArePure) {
  auto suite = make_fp_suite();
  const auto& ops = fpcases::fp_operations();
  for (size_t op = 0; op < ops.size(); op += 7) {
    for (uint64_t i = 0; i < 50; ++i) {
      const auto a = fpcases::generate_case(ops[op], i, 42);
      const auto b = fpcases::generate_case(ops[op], i, 42);
      EXPECT_EQ(a.operands, b.operands);
      EXPECT_EQ(a.fpcr, b.fpcr);
      EXPECT_EQ(a.rounding, b.rounding);
      const CaseOutcome x = suite->run_case(op, i, 42);
      const CaseOutcome y = suite->run_case(op, i, 42);
      EXPECT_EQ(x.passed, y.passed);
      EXPECT_EQ(x.detail, y.detail);
      EXPECT_EQ(x.operand_class, y.operand_class);
    }
  }
  // Different seeds give different cases.
  const auto a = fpcases::generate_case(ops[0], 3, 1);
  const auto b = fpcases::generate_case(ops[0], 3, 2);
  EXPECT_FALSE(a.operands == b.operands && a.fpcr == b.fpcr);
}

TEST(FpSuite, GeneratorCoversEdgeClasses) {
  // Over a few thousand cases every arithmetic operation sees ties, NaNs and each
  // FPCR control both ways.
  const auto& ops = fpcases::fp_operations();
  for (const auto& op : ops) {
    if (op.kind != fpcases::OpKind::Add && op.kind != fpcases::OpKind::Mul &&
        op.kind != fpcases::OpKind::MulAdd && op.kind != fpcases::OpKind::CvtFloat)
      continue;
    std::set<std::string> classes;
    int fz = 0, dn = 0, rmode3 = 0;
    for (uint64_t i = 0; i < 2000; ++i) {
      const auto c = fpcases::generate_case(op, i, 7);
      classes.insert(c.operand_class);
      fz += c.fpcr.fz;
      dn += c.fpcr.dn;
      rmode3 += c.fpcr.rmode == mlisa::fp::Rounding::Zero;
    }
    // Ties need a source with more precision than the result.
    const auto frac_bits = [](mlisa::fp::Format f) { return mlisa::fp::traits(f).frac_bits; };
    if (op.kind != fpcases::OpKind::CvtFloat || frac_bits(op.format) > frac_bits(op.to))
      EXPECT_TRUE(classes.count("halfway")) << op.name;
    EXPECT_TRUE(classes.count("qnan") || classes.count("snan")) << op.name;
    EXPECT_TRUE(classes.count("near_underflow")) << op.name;
    EXPECT_NEAR(fz, 500, 120) << op.name;
    EXPECT_NEAR(dn, 500, 120) << op.name;
    EXPECT_NEAR(rmode3, 500, 120) << op.name;
  }
}

TEST(FpSuite, FailureDetailNamesTheCalculatorCommand) {
  fpcases::FpOperation op = fpcases::fp_operations()[0];  // add.f16
  fpcases::FpCase c;
  c.operands = {0x3c00, 0x1000, 0};
  c.fpcr.rmode = mlisa::fp::Rounding::PosInf;
  EXPECT_EQ(fpcases::calculator_command(op, c),
            "mlisa fp add f16 0x3c00 0x1000 --fpcr RMode=1,FZ=0,FZ16=0,DN=0,AHP=0");
  EXPECT_EQ(fpcases::flag_names(mlisa::fp::flag::IOC | mlisa::fp::flag::IXC), "IOC,IXC");
  EXPECT_EQ(fpcases::flag_names(0), "-");
}

class FpLibrary : public ::testing::TestWithParam<size_t> {};

TEST_P(FpLibrary, MatchesReference) {
  auto suite = make_fp_suite();
  const size_t op = GetParam();
  uint64_t failures = 0;
  std::string shown;
  for (uint64_t i = 0; i < kCasesPerOperation; ++i) {
    const CaseOutcome out = suite->run_case(op, i, kSeed);
    if (out.passed) continue;
    if (++failures <= kShownFailures) shown += "  case " + std::to_string(i) + " [" + out.operand_class + "]: " + out.detail + "\n";
  }
  EXPECT_EQ(failures, 0u) << fpcases::fp_operations()[op].name << ": " << failures << " of " << kCasesPerOperation
                          << " cases differ; first ones:\n"
                          << shown;
}

std::string op_test_name(const ::testing::TestParamInfo<size_t>& info) {
  std::string n = fpcases::fp_operations()[info.param].name;
  for (char& ch : n)
    if (ch == '.') ch = '_';
  return n;
}

INSTANTIATE_TEST_SUITE_P(AllOperations, FpLibrary, ::testing::Range<size_t>(0, fpcases::fp_operations().size()),
                         op_test_name);

}  // namespace
