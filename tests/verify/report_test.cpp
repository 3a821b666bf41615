#include "verify/report.hpp"

#include "campaign_fake_suite.hpp"
#include "verify/html_report.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mlisa::verify {
namespace {

namespace fs = std::filesystem;
using testing::FakeSuite;

CampaignResult run(const FakeSuite& s, Shard shard = {1, 1}, uint64_t seed = 1, size_t limit = 100) {
  CampaignOptions o;
  o.cases = 1000;
  o.jobs = 2;
  o.seed = seed;
  o.shard = shard;
  o.failures_limit = limit;
  return run_campaign(select_operations({&s}, ""), o);
}

// A fresh directory under the test temp dir.
fs::path scratch(const std::string& name) {
  fs::path p = fs::path(::testing::TempDir()) / ("mlisa_report_test_" + name);
  fs::remove_all(p);
  return p;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// ---- JSON ---------------------------------------------------------------

TEST(ReportJson, FollowsTheSchema) {
  FakeSuite s;
  nlohmann::json j = report_to_json(run(s));
  EXPECT_EQ(j["seed"], 1);
  EXPECT_EQ(j["cases_per_op"], 1000);
  EXPECT_EQ(j["shard"]["k"], 1);
  EXPECT_EQ(j["shard"]["n"], 1);
  EXPECT_TRUE(j.contains("mlisa_version"));
  EXPECT_TRUE(j.contains("elapsed_seconds"));
  const auto& suite = j["suites"][0];
  EXPECT_EQ(suite["name"], "fake");
  EXPECT_EQ(suite["target"], "core");
  const auto& op = suite["operations"][0];
  EXPECT_EQ(op["name"], "mod97");
  EXPECT_EQ(op["cases"], 1000);
  EXPECT_EQ(op["nan_cases"], 100);
  EXPECT_EQ(op["passed"], 989);
  EXPECT_EQ(op["failed"], 11);
  EXPECT_EQ(op["classes"]["c1"]["cases"], 333);
  EXPECT_EQ(op["classes"]["c1"]["failed"], 3);
  EXPECT_EQ(op["failures"][0]["case"], 5);
  EXPECT_EQ(op["failures"][0]["detail"], "i=5 seed=1");
  EXPECT_EQ(op["failures"][0]["repro"], "mlisa verify --suite fake --op mod97 --case 5 --seed 1");
}

TEST(ReportJson, RoundTrips) {
  FakeSuite s;
  CampaignResult r = run(s, {2, 5}, 3);
  EXPECT_EQ(report_from_json(report_to_json(r)), r);
}

TEST(ReportJson, CasesPerOpIsOptional) {
  FakeSuite s;
  CampaignResult r = run(s);
  r.cases_per_op.reset();
  nlohmann::json j = report_to_json(r);
  EXPECT_FALSE(j.contains("cases_per_op"));
  EXPECT_FALSE(report_from_json(j).cases_per_op.has_value());
}

TEST(ReportJson, MalformedInputIsAnError) {
  FakeSuite s;
  nlohmann::json j = report_to_json(run(s));
  j.erase("seed");
  EXPECT_THROW(report_from_json(j), CampaignError);
  j = report_to_json(run(s));
  j["suites"][0]["operations"][0]["cases"] = "many";
  EXPECT_THROW(report_from_json(j), CampaignError);
  j = report_to_json(run(s));
  j["shard"]["k"] = 0;
  EXPECT_THROW(report_from_json(j), CampaignError);
}

// ---- files --------------------------------------------------------------

TEST(ReportFiles, WriteThenRead) {
  FakeSuite s;
  CampaignResult r = run(s);
  fs::path dir = scratch("write") / "nested";
  write_report(dir, r);
  EXPECT_TRUE(fs::exists(dir / "report.json"));
  EXPECT_TRUE(fs::exists(dir / "index.html"));
  EXPECT_EQ(read_report(dir), r);
}

TEST(ReportFiles, MissingOrBadReportsAreOneLineErrors) {
  fs::path dir = scratch("bad");
  try {
    read_report(dir);
    FAIL();
  } catch (const CampaignError& e) {
    EXPECT_EQ(std::string(e.what()), "cannot read " + (dir / "report.json").string());
  }
  fs::create_directories(dir);
  std::ofstream(dir / "report.json") << "{ not json";
  try {
    read_report(dir);
    FAIL();
  } catch (const CampaignError& e) {
    std::string what = e.what();
    EXPECT_EQ(what.find('\n'), std::string::npos);
    EXPECT_EQ(what.rfind((dir / "report.json").string() + ": ", 0), 0u) << what;
  }
}

// ---- merge --------------------------------------------------------------

TEST(ReportMerge, ShardFilesMergeIntoTheUnshardedRun) {
  FakeSuite s;
  std::vector<CampaignResult> parts;
  for (uint64_t k = 1; k <= 4; ++k) {
    fs::path dir = scratch("shard" + std::to_string(k));
    write_report(dir, run(s, {k, 4}, 1, 5));
    parts.push_back(read_report(dir));
  }
  std::swap(parts[0], parts[3]);  // input order does not matter
  CampaignResult merged = merge_reports(parts);
  CampaignResult whole = run(s, {1, 1}, 1, 5);
  merged.elapsed_seconds = whole.elapsed_seconds = 0;
  EXPECT_EQ(merged, whole);
  EXPECT_TRUE(merged.merged_shards.empty());
}

TEST(ReportMerge, PartialMergeRemembersItsShards) {
  FakeSuite s;
  CampaignResult m = merge_reports({run(s, {3, 4}), run(s, {1, 4})});
  EXPECT_EQ(m.merged_shards, (std::vector<uint64_t>{1, 3}));
  EXPECT_EQ(m.shard.n, 4u);
  EXPECT_EQ(report_from_json(report_to_json(m)), m);
  CampaignResult all = merge_reports({m, run(s, {2, 4}), run(s, {4, 4})});
  EXPECT_EQ(all.shard, (Shard{1, 1}));
  EXPECT_EQ(all.suites[0].operations[0].cases, 1000u);
  EXPECT_THROW(merge_reports({m, run(s, {3, 4})}), CampaignError);
}

TEST(ReportMerge, RejectsReportsThatDoNotBelongTogether) {
  FakeSuite s, other("other");
  EXPECT_THROW(merge_reports({}), CampaignError);
  EXPECT_THROW(merge_reports({run(s, {1, 2}), run(s, {1, 2})}), CampaignError);        // same shard
  EXPECT_THROW(merge_reports({run(s, {1, 2}), run(s, {2, 2}, 7)}), CampaignError);     // seeds
  EXPECT_THROW(merge_reports({run(s, {1, 2}), run(s, {2, 3})}), CampaignError);        // shard counts
  EXPECT_THROW(merge_reports({run(s, {1, 2}), run(other, {2, 2})}), CampaignError);    // suites
  EXPECT_THROW(merge_reports({run(s), run(s)}), CampaignError);                        // unsharded twice
  try {
    merge_reports({run(s, {1, 2}), run(s, {2, 2}, 7)});
  } catch (const CampaignError& e) {
    EXPECT_EQ(std::string(e.what()), "report 2 differs from report 1 in its seed");
  }
}

// ---- text tables --------------------------------------------------------

TEST(ReportTables, TableShape) {
  FakeSuite s;
  std::string text = format_tables(run(s), 10);
  EXPECT_NE(text.find("fake (target core): a fake suite for the campaign tests\n"
                      "operation   cases  NaN cases  passed  failed\n"
                      "--------------------------------------------\n"
                      "mod97        1000        100     989      11\n"
                      "pass<all>&   1000          0    1000       0\n"
                      "seeded       1000          0     980      20\n"
                      "--------------------------------------------\n"
                      "total        3000        100    2969      31\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  FAIL mod97 case 5: i=5 seed=1; rerun: mlisa verify --suite fake --op mod97 --case 5 --seed 1\n"),
            std::string::npos);
  EXPECT_NE(text.find("  ... and 21 more\n"), std::string::npos);
  EXPECT_NE(text.find("verify: 31 of 3000 cases FAILED (seed 1,"), std::string::npos);
}

TEST(ReportTables, ShowsFailuresUpToTheLimit) {
  FakeSuite s;
  std::string text = format_tables(run(s), 2);
  EXPECT_NE(text.find("case 102:"), std::string::npos);
  EXPECT_EQ(text.find("case 199:"), std::string::npos);
  EXPECT_NE(text.find("  ... and 29 more\n"), std::string::npos);
}

TEST(ReportTables, AllPassed) {
  FakeSuite s;
  CampaignOptions o;
  o.cases = 5;  // no failures below index 5
  o.jobs = 1;
  std::string text = format_tables(run_campaign(select_operations({&s}, ""), o), 10);
  EXPECT_EQ(text.find("FAIL"), std::string::npos);
  EXPECT_NE(text.find("verify: all 15 cases passed (seed 1,"), std::string::npos);
}

// ---- HTML ---------------------------------------------------------------

TEST(ReportHtml, Escapes) {
  EXPECT_EQ(html_escape("a<b>&\"c'"), "a&lt;b&gt;&amp;&quot;c&#39;");
  EXPECT_EQ(html_escape("plain"), "plain");
}

TEST(ReportHtml, IsSelfContainedWithChartsAndEscapedNames) {
  FakeSuite s;
  std::string html = render_html(run(s));
  EXPECT_EQ(html.rfind("<!DOCTYPE html>", 0), 0u);
  EXPECT_NE(html.find("<svg"), std::string::npos);
  EXPECT_NE(html.find("per operation"), std::string::npos);
  EXPECT_NE(html.find("per operand class"), std::string::npos);
  EXPECT_NE(html.find("mod97"), std::string::npos);
  EXPECT_NE(html.find("seeded"), std::string::npos);
  EXPECT_NE(html.find("pass&lt;all&gt;&amp;"), std::string::npos);
  EXPECT_EQ(html.find("pass<all>"), std::string::npos);
  EXPECT_NE(html.find("class=\"failed\""), std::string::npos);
  for (const char* external : {"<script", "<link", "src=", "href=", "@import", "url("})
    EXPECT_EQ(html.find(external), std::string::npos) << external;
}

TEST(ReportHtml, WrittenBesideTheJson) {
  FakeSuite s;
  fs::path dir = scratch("html");
  write_report(dir, run(s));
  EXPECT_NE(slurp(dir / "index.html").find("<svg"), std::string::npos);
}

TEST(ReportHtml, ChartBarsScaleWithTheCounts) {
  std::string svg = svg_bar_chart("t", {{"a", 1000, 0}, {"b", 10, 1}});
  EXPECT_NE(svg.find("width=\"420.0\""), std::string::npos);  // the largest count fills the area
  EXPECT_NE(svg.find("<title>b: 1 failed</title>"), std::string::npos);
}

}  // namespace
}  // namespace mlisa::verify
