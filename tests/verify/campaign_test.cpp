#include "verify/campaign.hpp"

#include "campaign_fake_suite.hpp"
#include "verify/progress.hpp"
#include "verify/report.hpp"

#include <gtest/gtest.h>

namespace mlisa::verify {
namespace {

using testing::FakeSuite;
using testing::ThrowingSuite;

std::vector<Selection> all_of(const Suite& s) { return select_operations({&s}, ""); }

CampaignOptions options(uint64_t cases, unsigned jobs = 2) {
  CampaignOptions o;
  o.cases = cases;
  o.jobs = jobs;
  o.chunk_size = 64;
  return o;
}

// Results compared across runs, without the wall-clock time.
CampaignResult timeless(CampaignResult r) {
  r.elapsed_seconds = 0;
  return r;
}

// ---- shards -------------------------------------------------------------

TEST(CampaignShard, ParsesKOverN) {
  EXPECT_EQ(parse_shard("1/1"), (Shard{1, 1}));
  EXPECT_EQ(parse_shard("3/8"), (Shard{3, 8}));
  EXPECT_EQ(parse_shard("8/8"), (Shard{8, 8}));
}

TEST(CampaignShard, RejectsMalformed) {
  for (const char* bad : {"0/2", "3/2", "1/0", "a/b", "1/", "/2", "1/2x", "", "12", "-1/2", "1//2", " 1/2"})
    EXPECT_THROW(parse_shard(bad), CampaignError) << bad;
}

TEST(CampaignShard, RangesAreTheFloorFormula) {
  EXPECT_EQ(shard_range(10, {1, 3}), (IndexRange{0, 3}));
  EXPECT_EQ(shard_range(10, {2, 3}), (IndexRange{3, 6}));
  EXPECT_EQ(shard_range(10, {3, 3}), (IndexRange{6, 10}));
  EXPECT_EQ(shard_range(2, {1, 4}), (IndexRange{0, 0}));
  EXPECT_EQ(shard_range(1000, {1, 1}), (IndexRange{0, 1000}));
}

TEST(CampaignShard, RangesAreDisjointAndCovering) {
  for (uint64_t cases : {0ull, 1ull, 7ull, 100ull, 1001ull, 1ull << 20})
    for (uint64_t n : {1ull, 2ull, 3ull, 8ull, 13ull}) {
      uint64_t next = 0;
      for (uint64_t k = 1; k <= n; ++k) {
        IndexRange r = shard_range(cases, {k, n});
        EXPECT_EQ(r.begin, next) << cases << " " << k << "/" << n;
        EXPECT_LE(r.begin, r.end);
        next = r.end;
      }
      EXPECT_EQ(next, cases);
    }
}

TEST(CampaignShard, HugeCaseCountsDoNotOverflow) {
  uint64_t big = ~uint64_t{0};
  EXPECT_EQ(shard_range(big, {2, 2}).end, big);
  EXPECT_EQ(shard_range(big, {1, 2}).end, big / 2);
}

// ---- selection ----------------------------------------------------------

std::vector<std::unique_ptr<Suite>> registry() {
  std::vector<std::unique_ptr<Suite>> r;
  r.push_back(std::make_unique<FakeSuite>("fake", "core"));
  r.push_back(nullptr);  // a placeholder suite
  r.push_back(std::make_unique<FakeSuite>("other", "mve"));
  return r;
}

TEST(CampaignSelect, ByTargetAndName) {
  auto r = registry();
  EXPECT_EQ(select_suites(r, "", "").size(), 2u);
  ASSERT_EQ(select_suites(r, "mve", "").size(), 1u);
  EXPECT_EQ(select_suites(r, "mve", "")[0]->name(), "other");
  EXPECT_EQ(select_suites(r, "", "fake")[0]->name(), "fake");
}

TEST(CampaignSelect, UnknownNamesListTheValidOnes) {
  auto r = registry();
  try {
    select_suites(r, "", "nope");
    FAIL();
  } catch (const CampaignError& e) {
    EXPECT_EQ(std::string(e.what()), "unknown suite 'nope' (valid: fake, other)");
  }
  try {
    select_suites(r, "riscv", "");
    FAIL();
  } catch (const CampaignError& e) {
    EXPECT_EQ(std::string(e.what()), "unknown target 'riscv' (valid: core, mve)");
  }
  EXPECT_THROW(select_suites(r, "mve", "fake"), CampaignError);
}

TEST(CampaignSelect, EmptyRegistryIsNotAnError) {
  std::vector<std::unique_ptr<Suite>> r;
  r.push_back(nullptr);
  EXPECT_TRUE(select_suites(r, "", "").empty());
}

TEST(CampaignSelect, OperationsByNameOrGlob) {
  FakeSuite s;
  auto pick = [&](const std::string& p) { return select_operations({&s}, p).at(0).operations; };
  EXPECT_EQ(pick(""), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(pick("*"), (std::vector<size_t>{0, 1, 2}));
  EXPECT_EQ(pick("mod97"), (std::vector<size_t>{0}));
  EXPECT_EQ(pick("*e*"), (std::vector<size_t>{2}));
  EXPECT_EQ(pick("pass<all>&"), (std::vector<size_t>{1}));
  EXPECT_THROW(select_operations({&s}, "mod"), CampaignError);
}

// ---- counts -------------------------------------------------------------

TEST(Campaign, CountsMatchTheArithmetic) {
  FakeSuite s;
  CampaignResult r = run_campaign(all_of(s), options(1000));
  ASSERT_EQ(r.suites.size(), 1u);
  const auto& ops = r.suites[0].operations;
  ASSERT_EQ(ops.size(), 3u);

  // mod97: failures at 5 + 97k for k = 0..10 (5 + 970 = 975 < 1000); 97 = 1 (mod 3)
  // and 5 = 2 (mod 3), so failure k has class (2 + k) % 3: c0 for k = 1,4,7,10,
  // c1 for k = 2,5,8, c2 for k = 0,3,6,9.
  EXPECT_EQ(ops[0].name, "mod97");
  EXPECT_EQ(ops[0].cases, 1000u);
  EXPECT_EQ(ops[0].nan_cases, 100u);
  EXPECT_EQ(ops[0].failed, 11u);
  EXPECT_EQ(ops[0].passed, 989u);
  EXPECT_EQ(ops[0].classes.at("c0"), (ClassCounts{334, 4}));
  EXPECT_EQ(ops[0].classes.at("c1"), (ClassCounts{333, 3}));
  EXPECT_EQ(ops[0].classes.at("c2"), (ClassCounts{333, 4}));
  ASSERT_EQ(ops[0].failures.size(), 11u);
  for (size_t k = 0; k < 11; ++k) EXPECT_EQ(ops[0].failures[k].index, 5 + 97 * k);
  EXPECT_EQ(ops[0].failures[1].detail, "i=102 seed=1");

  EXPECT_EQ(ops[1].failed, 0u);
  EXPECT_EQ(ops[1].classes.at("all"), (ClassCounts{1000, 0}));

  // seeded, seed 1: (i + 1) % 50 == 0 for i = 49, 99, ..., 999.
  EXPECT_EQ(ops[2].failed, 20u);
  EXPECT_EQ(ops[2].failures.front().index, 49u);
  EXPECT_EQ(ops[2].failures.back().index, 999u);

  EXPECT_EQ(r.total_cases(), 3000u);
  EXPECT_EQ(r.total_failed(), 31u);
  EXPECT_EQ(r.seed, 1u);
  EXPECT_EQ(r.cases_per_op, 1000u);
}

TEST(Campaign, SeedReachesTheCases) {
  FakeSuite s;
  CampaignOptions o = options(1000);
  o.seed = 7;
  CampaignResult r = run_campaign(select_operations({&s}, "seeded"), o);
  // (i + 7) % 50 == 0 for i = 43, 93, ..., 993.
  EXPECT_EQ(r.suites[0].operations[0].failed, 20u);
  EXPECT_EQ(r.suites[0].operations[0].failures.front().index, 43u);
  EXPECT_EQ(r.suites[0].operations[0].failures.front().detail, "i=43 seed=7");
}

TEST(Campaign, DefaultCasesComeFromTheSuite) {
  FakeSuite s;
  CampaignOptions o;
  o.jobs = 2;
  CampaignResult r = run_campaign(all_of(s), o);
  EXPECT_EQ(r.suites[0].operations[0].cases, 1000u);
  EXPECT_FALSE(r.cases_per_op.has_value());
}

TEST(Campaign, KeepsTheFirstFailuresInIndexOrder) {
  FakeSuite s;
  CampaignOptions o = options(1000, 4);
  o.failures_limit = 3;
  CampaignResult r = run_campaign(all_of(s), o);
  const auto& f = r.suites[0].operations[0].failures;
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].index, 5u);
  EXPECT_EQ(f[1].index, 102u);
  EXPECT_EQ(f[2].index, 199u);
  EXPECT_EQ(r.suites[0].operations[0].failed, 11u);  // counted even when not kept
}

TEST(Campaign, ResultsDoNotDependOnJobsOrChunks) {
  FakeSuite s;
  CampaignOptions one = options(5000, 1);
  one.failures_limit = 4;
  one.chunk_size = 4096;
  CampaignOptions four = options(5000, 4);
  four.failures_limit = 4;
  four.chunk_size = 37;
  EXPECT_EQ(timeless(run_campaign(all_of(s), one)), timeless(run_campaign(all_of(s), four)));
}

TEST(Campaign, ShardRunsItsRangeOnly) {
  FakeSuite s;
  CampaignOptions o = options(1000);
  o.shard = {2, 3};
  CampaignResult r = run_campaign(all_of(s), o);
  const auto& op = r.suites[0].operations[0];
  EXPECT_EQ(op.cases, 333u);  // [333, 666)
  ASSERT_EQ(op.failures.size(), 3u);
  EXPECT_EQ(op.failures[0].index, 393u);
  EXPECT_EQ(op.failures[2].index, 587u);
  EXPECT_EQ(r.shard, (Shard{2, 3}));
}

TEST(Campaign, ShardsMergeIntoTheUnshardedRun) {
  FakeSuite s;
  CampaignOptions o = options(1000, 3);
  o.failures_limit = 5;
  CampaignResult whole = run_campaign(all_of(s), o);
  std::vector<CampaignResult> parts;
  for (uint64_t k = 1; k <= 3; ++k) {
    o.shard = {k, 3};
    parts.push_back(run_campaign(all_of(s), o));
  }
  EXPECT_EQ(timeless(merge_reports(parts)), timeless(whole));
}

TEST(Campaign, ProgressEndsAtTheTotal) {
  FakeSuite s;
  CampaignOptions o = options(1000);
  uint64_t done = 0, total = 0;
  o.on_progress = [&](uint64_t d, uint64_t t) { done = d, total = t; };
  run_campaign(all_of(s), o);
  EXPECT_EQ(total, 3000u);
  EXPECT_EQ(done, 3000u);
}

TEST(Campaign, SuiteExceptionsNameTheChunk) {
  ThrowingSuite s;
  CampaignOptions o = options(1000);
  o.chunk_size = 100;
  try {
    run_campaign(all_of(s), o);
    FAIL();
  } catch (const std::runtime_error& e) {
    EXPECT_EQ(std::string(e.what()), "suite throwing, operation boom, cases [100, 200): oracle crashed");
  }
}

TEST(Campaign, EmptySelectionRunsNothing) {
  CampaignResult r = run_campaign({}, options(10));
  EXPECT_TRUE(r.suites.empty());
  EXPECT_EQ(r.total_cases(), 0u);
}

// ---- single cases -------------------------------------------------------

TEST(CampaignCase, RerunsExactlyOneCase) {
  FakeSuite s;
  CaseOutcome fail = run_single_case(s, 0, 490, 1);
  EXPECT_EQ(s.calls, 1u);
  EXPECT_EQ(s.last_index, 490u);
  EXPECT_FALSE(fail.passed);
  EXPECT_EQ(fail.detail, "i=490 seed=1");
  EXPECT_EQ(fail.operand_class, "c1");
  CaseOutcome pass = run_single_case(s, 0, 491, 1);
  EXPECT_EQ(s.calls, 2u);
  EXPECT_TRUE(pass.passed);
}

TEST(CampaignCase, ReproCommand) {
  EXPECT_EQ(repro_command("fp", "add.f32", 5, 1), "mlisa verify --suite fp --op add.f32 --case 5 --seed 1");
  EXPECT_EQ(repro_command("fake", "pass<all>&", 0, 9), "mlisa verify --suite fake --op 'pass<all>&' --case 0 --seed 9");
  EXPECT_EQ(repro_command("fake", "it's", 0, 9), "mlisa verify --suite fake --op 'it'\\''s' --case 0 --seed 9");
}

// ---- progress -----------------------------------------------------------

TEST(CampaignProgress, Formats) {
  EXPECT_EQ(format_progress(500, 1000, 2.0, false), " 50.0%  500/1000 cases  250 cases/s  ETA 0:02");
  EXPECT_EQ(format_progress(3000000, 6000000, 1.0, true),
            "[###############...............]   50.0%  3000000/6000000 cases  3.0M cases/s  ETA 0:01");
  EXPECT_EQ(format_progress(0, 10, 0.0, false), "  0.0%  0/10 cases  0 cases/s  ETA ?");
  EXPECT_EQ(format_duration(3723), "1:02:03");
  EXPECT_EQ(format_duration(65), "1:05");
}

TEST(CampaignProgress, PlainDisplayStaysQuietForShortRuns) {
  std::FILE* f = std::tmpfile();
  ASSERT_NE(f, nullptr);
  ProgressDisplay p(f, false);
  p.update(1, 2);
  p.finish(2, 2);
  EXPECT_EQ(std::ftell(f), 0);
  std::fclose(f);
}

}  // namespace
}  // namespace mlisa::verify
