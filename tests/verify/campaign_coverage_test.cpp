// Pseudocode coverage through the campaign: a suite whose cases run a small
// pseudocode function, with coverage worked out by hand from which values of
// x the cases pass.
#include "spec/checker.hpp"
#include "spec/engine.hpp"
#include "spec/parser.hpp"
#include "verify/campaign.hpp"
#include "verify/report.hpp"
#include "verify/spec_coverage.hpp"

#include <gtest/gtest.h>

using namespace mlisa;
using namespace mlisa::verify;

namespace {

// Lines 3 (if), 4, 6 and 8 (returns); the if has three arms.
constexpr const char* kPick = R"(
integer Pick(integer x)
    if x > 0 then
        return 1;
    elsif x == 0 then
        return 0;
    else
        return -1;
)";

// Case i passes x = (i % 3) - 1 and expects its sign.
class PickSuite : public Suite {
 public:
  PickSuite() {
    spec::add_standard_builtins(builtins_);
    spec::parse_declarations(module_, sources_, sources_.add("pick.asl", kPick));
    spec::Checker(module_, sources_, builtins_).check_module();
  }
  std::string name() const override { return "pick"; }
  std::string target() const override { return "test"; }
  std::string description() const override { return "pseudocode coverage"; }
  std::vector<std::string> operations() const override { return {"pick"}; }
  uint64_t default_cases() const override { return 3; }

  void run_range(size_t op, uint64_t begin, uint64_t end, uint64_t seed, CaseSink& sink) const override {
    spec::Engine engine(module_, builtins_);
    engine.coverage = sink.coverage();
    for (uint64_t i = begin; i < end; ++i) {
      const int x = static_cast<int>(i % 3) - 1;
      const spec::Value r = engine.call(*module_.functions.front(), {spec::Value::integer(x)});
      CaseOutcome out;
      out.operand_class = "x";
      out.passed = r.as_int() == (x > 0) - (x < 0);
      sink.record(op, i, out);
    }
  }
  CaseOutcome run_case(size_t, uint64_t, uint64_t) const override { return {}; }

  bool has_coverage() const override { return true; }
  CoverageCounts coverage_of(size_t, const spec::Coverage& coverage) const override {
    return coverage_counts(coverage, {&module_.functions.front()->body}, sources_);
  }

 private:
  spec::BuiltinTable builtins_;
  spec::Module module_;
  spec::SourceSet sources_;
};

CampaignResult run(const Suite& suite, uint64_t cases, unsigned jobs, Shard shard = {}) {
  CampaignOptions options;
  options.cases = cases;
  options.jobs = jobs;
  options.chunk_size = 1;
  options.shard = shard;
  return run_campaign({{&suite, {0}}}, options);
}

}  // namespace

TEST(CampaignCoverage, CountsLinesAndArms) {
  PickSuite suite;
  // x = -1 only: the if and `return -1` ran; only the else arm was taken.
  const CampaignResult one = run(suite, 1, 1);
  const auto& c1 = one.suites[0].operations[0].coverage;
  ASSERT_TRUE(c1);
  EXPECT_EQ(c1->lines, 4u);
  EXPECT_EQ(c1->lines_hit, 2u);
  EXPECT_EQ(c1->branches, 3u);
  EXPECT_EQ(c1->branches_hit, 1u);
  EXPECT_EQ(c1->missed, (std::vector<std::string>{"pick.asl:3 arm 0", "pick.asl:3 arm 1", "pick.asl:4", "pick.asl:6"}));
  // x = -1, 0, 1: everything.
  const CampaignResult all = run(suite, 3, 2);
  const auto& c3 = all.suites[0].operations[0].coverage;
  ASSERT_TRUE(c3);
  EXPECT_EQ(c3->lines_hit, 4u);
  EXPECT_EQ(c3->branches_hit, 3u);
  EXPECT_TRUE(c3->missed.empty());
}

TEST(CampaignCoverage, SameForAnyJobsAndShardsMerge) {
  PickSuite suite;
  EXPECT_EQ(run(suite, 30, 1).suites, run(suite, 30, 4).suites);  // elapsed time aside
  // Each of three shards of three cases sees one value of x; merged they see all.
  std::vector<CampaignResult> shards;
  for (uint64_t k = 1; k <= 3; ++k) shards.push_back(run(suite, 3, 1, {k, 3}));
  EXPECT_EQ(shards[0].suites[0].operations[0].coverage->lines_hit, 2u);
  const CampaignResult merged = merge_reports(shards);
  const auto& c = merged.suites[0].operations[0].coverage;
  ASSERT_TRUE(c);
  EXPECT_EQ(c->lines_hit, 4u);
  EXPECT_EQ(c->branches_hit, 3u);
  EXPECT_TRUE(c->missed.empty());
}

TEST(CampaignCoverage, ReportsAndTablesCarryIt) {
  PickSuite suite;
  const CampaignResult one = run(suite, 1, 1);
  const CampaignResult back = report_from_json(report_to_json(one));
  EXPECT_EQ(back.suites[0].operations[0].coverage, one.suites[0].operations[0].coverage);
  const std::string tables = format_tables(one, 10);
  EXPECT_NE(tables.find("lines  branches"), std::string::npos) << tables;
  EXPECT_NE(tables.find("2/4       1/3"), std::string::npos) << tables;
  EXPECT_NE(tables.find("not reached by pick: pick.asl:3 arm 0, pick.asl:3 arm 1, pick.asl:4, pick.asl:6"),
            std::string::npos)
      << tables;
}
