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

// A suite whose cases run a small pseudocode module of its own.
class ModuleSuite : public Suite {
 public:
  ModuleSuite(const char* file, const std::string& text) {
    spec::add_standard_builtins(builtins_);
    spec::parse_declarations(module_, sources_, sources_.add(file, text));
    spec::Checker(module_, sources_, builtins_).check_module();
  }
  std::string target() const override { return "test"; }
  CaseOutcome run_case(size_t, uint64_t, uint64_t) const override { return {}; }
  bool has_coverage() const override { return true; }
  const spec::FunctionDecl& function(const std::string& name) const {
    for (const spec::FunctionDecl* f : module_.functions)
      if (f->name == name) return *f;
    throw std::logic_error(name);
  }

 protected:
  spec::BuiltinTable builtins_;
  spec::Module module_;
  spec::SourceSet sources_;
};

// Case i passes x = (i % 3) - 1 and expects its sign.
class PickSuite : public ModuleSuite {
 public:
  PickSuite() : ModuleSuite("pick.asl", kPick) {}
  std::string name() const override { return "pick"; }
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
  CoverageCounts coverage_of(size_t, const spec::Coverage& coverage) const override {
    return coverage_counts(coverage, {&module_.functions.front()->body}, sources_);
  }
};

// Lines, lines hit, branches, branches hit, what was missed.
void expect_coverage(const std::optional<CoverageCounts>& got, const CoverageCounts& want) {
  ASSERT_TRUE(got);
  EXPECT_EQ(got->lines, want.lines);
  EXPECT_EQ(got->lines_hit, want.lines_hit);
  EXPECT_EQ(got->branches, want.branches);
  EXPECT_EQ(got->branches_hit, want.branches_hit);
  EXPECT_EQ(got->missed, want.missed);
}

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
  expect_coverage(one.suites[0].operations[0].coverage, {4, 2, 3, 1, {"pick.asl:3 arm 0", "pick.asl:3 arm 1", "pick.asl:4", "pick.asl:6"}});
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

namespace {

// An instruction whose operation calls shared functions: lines 2-8 Pick
// (kPick), 10-13 Neg (its `return Other(x)` never runs in these cases),
// 15-16 Other, 18-19 Twice.
const std::string kShared = std::string(kPick) + R"(
integer Neg(integer x)
    if x > 5 then
        return Other(x);
    return Pick(-x);

integer Other(integer x)
    return x + 1;

integer Twice(integer x)
    return Neg(x) + Neg(x);
)";

// Operation 0 ("neg") calls Twice(-1) in every case; operation 1 ("sign")
// runs Pick(0). Each operation's coverage is that of its own blocks: Twice's
// body (neg) or Pick's (sign), and what they call.
class SharedSuite : public ModuleSuite {
 public:
  SharedSuite() : ModuleSuite("shared.asl", kShared) {}
  std::string name() const override { return "shared"; }
  std::string description() const override { return "coverage of shared functions"; }
  std::vector<std::string> operations() const override { return {"neg", "sign"}; }
  uint64_t default_cases() const override { return 2; }

  void run_range(size_t op, uint64_t begin, uint64_t end, uint64_t, CaseSink& sink) const override {
    spec::Engine engine(module_, builtins_);
    engine.coverage = sink.coverage();
    for (uint64_t i = begin; i < end; ++i) {
      const spec::Value r = op == 0 ? engine.call(function("Twice"), {spec::Value::integer(-1)})
                                    : engine.call(function("Pick"), {spec::Value::integer(0)});
      CaseOutcome out;
      out.operand_class = "x";
      out.passed = r.as_int() == (op == 0 ? 2 : 0);
      sink.record(op, i, out);
    }
  }
  CoverageCounts coverage_of(size_t op, const spec::Coverage& coverage) const override {
    return coverage_counts(coverage, {&function(op == 0 ? "Twice" : "Pick").body}, sources_);
  }
};

}  // namespace

TEST(CampaignCoverage, FollowsCallsIntoSharedFunctionsPerOperation) {
  SharedSuite suite;
  CampaignOptions options;
  options.jobs = 2;
  options.chunk_size = 1;
  const CampaignResult r = run_campaign({{&suite, {0, 1}}}, options);
  // neg: Twice(-1) runs line 19, Neg(-1) lines 11 and 13 (not 12: Other is
  // not counted), Pick(1) lines 3 and 4. Lines 19, 11, 12, 13, 3, 4, 6, 8:
  // 8, 5 hit. Arms: Neg's if (then, else: 1 of 2), Pick's if (1 of 3).
  // Pick(0), run by the other operation, does not count here.
  expect_coverage(r.suites[0].operations[0].coverage,
                  {8, 5, 5, 2, {"shared.asl:11 arm 0", "shared.asl:12", "shared.asl:3 arm 1", "shared.asl:3 arm 2",
                                "shared.asl:6", "shared.asl:8"}});
  // sign: Pick(0): lines 3 and 6 of 4, the elsif arm of 3.
  expect_coverage(r.suites[0].operations[1].coverage,
                  {4, 2, 3, 1, {"shared.asl:3 arm 0", "shared.asl:3 arm 2", "shared.asl:4", "shared.asl:8"}});
}
