// The hazards suite (src/verify/hazard_suite.hpp): generated hazard programs
// against faulty pipelines, beside random programs; mlisa verify --suite hazards.
#include "support/run_mlisa.hpp"
#include "verify/hazard_suite.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace mlisa::test {
namespace {

TEST(HazardSuite, DetectsMissingBypassesOnTheGapZeroProgram) {
  verify::HazardSuiteOptions o;
  o.gaps = {{0, 0}};
  o.only = {"scalar-ex1-to-scalar-bypass-missing", "vector-ex2-to-vls-bypass-missing"};
  const auto r = verify::run_hazard_suite(o);
  ASSERT_EQ(r.faults.size(), 2u);
  EXPECT_EQ(r.programs, 1u);
  EXPECT_GT(r.hazard_instructions, 1000u);
  for (const auto& f : r.faults) {
    EXPECT_TRUE(f.detected) << f.fault;
    // The generated program's first scalar pair (sadd s1, s1, s1 after the
    // setup) and its first observer store meet the bypass within a few bundles.
    EXPECT_LT(f.instructions_to_detect, 20u) << f.fault;
    EXPECT_FALSE(f.how.empty());
  }
  const auto j = nlohmann::json::parse(verify::hazard_report_json(r));
  ASSERT_EQ(j["faults"].size(), 2u);
  for (const char* key : {"fault", "unit", "detected", "instructions_to_detect", "baseline_detected",
                          "baseline_instructions_to_detect"})
    EXPECT_TRUE(j["faults"][0].contains(key)) << key;
}

TEST(HazardSuite, ControlFaultOutsideTheProgramsIsNotDetected) {
  // The generated programs have no branch: a branch-flush bug cannot show.
  verify::HazardSuiteOptions o;
  o.gaps = {{0, 0}};
  o.only = {"branch-flush-one-short"};
  const auto r = verify::run_hazard_suite(o);
  ASSERT_EQ(r.faults.size(), 1u);
  EXPECT_FALSE(r.faults[0].detected);
  EXPECT_FALSE(r.faults[0].data_hazard);
}

TEST(HazardSuite, CommandRejectsOtherTargets) {
  const auto r = run_mlisa({"verify", "--target", "mve", "--suite", "hazards"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
}

}  // namespace
}  // namespace mlisa::test
