// Campaign reports: report.json (write, read, merge of shards) and the text
// tables printed on stdout. Schema (docs/verify.md):
//   {"mlisa_version", "seed", "cases_per_op"?, "shard": {"k", "n"}, "merged_shards"?,
//    "failures_limit", "suites": [{"name", "target", "description", "operations": [
//      {"name", "cases", "nan_cases", "passed", "failed", "classes": {CLASS: {"cases", "failed"}},
//       "failures": [{"case", "detail", "repro"}],
//       "coverage"?: {"lines", "lines_hit", "branches", "branches_hit", "missed": [...]}}]}],
//    "elapsed_seconds"}
#pragma once

#include "verify/campaign.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <string>
#include <vector>

namespace mlisa::verify {

nlohmann::json report_to_json(const CampaignResult& result);
// Throws CampaignError naming the first field that is missing or mistyped.
CampaignResult report_from_json(const nlohmann::json& json);

// Writes DIR/report.json and DIR/index.html, creating DIR.
void write_report(const std::filesystem::path& dir, const CampaignResult& result);
// Reads DIR/report.json; throws CampaignError when missing or malformed.
CampaignResult read_report(const std::filesystem::path& dir);

// Sums reports of distinct shards of one campaign (same seed, cases, suites
// and operations); failures are concatenated in case order. Throws
// CampaignError when the reports do not belong together.
CampaignResult merge_reports(const std::vector<CampaignResult>& reports);

// The shards of `result.shard.n` a report holds.
std::vector<uint64_t> covered_shards(const CampaignResult& result);

// Per suite: a table operation | cases | NaN cases | passed | failed with a
// total row, then up to `max_failures_shown` failures with their reproducing
// commands; last a one-line summary.
std::string format_tables(const CampaignResult& result, size_t max_failures_shown);

}  // namespace mlisa::verify
