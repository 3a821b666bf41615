#include "verify/report.hpp"

#include "verify/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace mlisa::verify {

using nlohmann::json;

// ---- JSON ---------------------------------------------------------------

static json operation_to_json(const std::string& suite, const OperationResult& op, uint64_t seed) {
  json classes = json::object();
  for (const auto& [name, c] : op.classes) classes[name] = {{"cases", c.cases}, {"failed", c.failed}};
  json failures = json::array();
  for (const auto& f : op.failures)
    failures.push_back({{"case", f.index}, {"detail", f.detail}, {"repro", repro_command(suite, op.name, f.index, seed)}});
  json j = {{"name", op.name}, {"cases", op.cases}, {"nan_cases", op.nan_cases}, {"passed", op.passed},
            {"failed", op.failed}, {"classes", classes}, {"failures", failures}};
  if (op.coverage)
    j["coverage"] = {{"lines", op.coverage->lines},       {"lines_hit", op.coverage->lines_hit},
                     {"branches", op.coverage->branches}, {"branches_hit", op.coverage->branches_hit},
                     {"missed", op.coverage->missed}};
  if (!op.counts.empty()) {
    json counts = json::array();  // an array keeps the suite's column order
    for (const auto& [name, value] : op.counts) counts.push_back({{"name", name}, {"value", value}});
    j["counts"] = counts;
    for (const auto& [name, value] : op.counts) j[name] = value;
  }
  return j;
}

json report_to_json(const CampaignResult& r) {
  json suites = json::array();
  for (const auto& s : r.suites) {
    json ops = json::array();
    for (const auto& op : s.operations) ops.push_back(operation_to_json(s.name, op, r.seed));
    suites.push_back({{"name", s.name}, {"target", s.target}, {"description", s.description}, {"operations", ops}});
  }
  json j = {{"mlisa_version", r.mlisa_version}, {"seed", r.seed}};
  if (r.cases_per_op) j["cases_per_op"] = *r.cases_per_op;
  j["shard"] = {{"k", r.shard.k}, {"n", r.shard.n}};
  if (!r.merged_shards.empty()) j["merged_shards"] = r.merged_shards;
  j["failures_limit"] = r.failures_limit;
  j["suites"] = suites;
  j["elapsed_seconds"] = r.elapsed_seconds;
  return j;
}

static OperationResult operation_from_json(const json& j) {
  OperationResult op;
  op.name = j.at("name").get<std::string>();
  op.cases = j.at("cases").get<uint64_t>();
  op.nan_cases = j.at("nan_cases").get<uint64_t>();
  op.passed = j.at("passed").get<uint64_t>();
  op.failed = j.at("failed").get<uint64_t>();
  for (const auto& [name, c] : j.at("classes").items())
    op.classes[name] = {c.at("cases").get<uint64_t>(), c.at("failed").get<uint64_t>()};
  for (const auto& f : j.at("failures"))
    op.failures.push_back({f.at("case").get<uint64_t>(), f.at("detail").get<std::string>()});
  if (j.contains("coverage")) {
    const json& c = j.at("coverage");
    op.coverage = CoverageCounts{c.at("lines").get<uint32_t>(), c.at("lines_hit").get<uint32_t>(),
                                 c.at("branches").get<uint32_t>(), c.at("branches_hit").get<uint32_t>(),
                                 c.at("missed").get<std::vector<std::string>>()};
  }
  if (j.contains("counts"))
    for (const auto& c : j.at("counts")) op.counts.emplace_back(c.at("name").get<std::string>(), c.at("value").get<uint64_t>());
  return op;
}

static SuiteResult suite_from_json(const json& j) {
  SuiteResult s{j.at("name").get<std::string>(), j.at("target").get<std::string>(),
                j.at("description").get<std::string>(), {}};
  for (const auto& op : j.at("operations")) s.operations.push_back(operation_from_json(op));
  return s;
}

// nlohmann's messages start with "[json.exception.type_error.302] ".
static std::string json_message(const json::exception& e) {
  std::string what = e.what();
  auto end = what.find("] ");
  return end == std::string::npos ? what : what.substr(end + 2);
}

CampaignResult report_from_json(const json& j) {
  try {
    CampaignResult r;
    r.mlisa_version = j.at("mlisa_version").get<std::string>();
    r.seed = j.at("seed").get<uint64_t>();
    if (j.contains("cases_per_op")) r.cases_per_op = j.at("cases_per_op").get<uint64_t>();
    r.shard = {j.at("shard").at("k").get<uint64_t>(), j.at("shard").at("n").get<uint64_t>()};
    if (r.shard.k < 1 || r.shard.k > r.shard.n) throw CampaignError("shard out of range");
    if (j.contains("merged_shards")) r.merged_shards = j.at("merged_shards").get<std::vector<uint64_t>>();
    r.failures_limit = j.value("failures_limit", size_t{0});
    for (const auto& s : j.at("suites")) r.suites.push_back(suite_from_json(s));
    r.elapsed_seconds = j.at("elapsed_seconds").get<double>();
    return r;
  } catch (const json::exception& e) {
    throw CampaignError(json_message(e));
  }
}

void write_report(const std::filesystem::path& dir, const CampaignResult& result) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw CampaignError(fmt::format("cannot create {}: {}", dir.string(), ec.message()));
  auto write = [&](const char* name, const std::string& text) {
    std::ofstream out(dir / name, std::ios::binary);
    out << text;
    if (!out.flush()) throw CampaignError(fmt::format("cannot write {}", (dir / name).string()));
  };
  write("report.json", report_to_json(result).dump(2) + "\n");
  write("index.html", render_html(result));
}

CampaignResult read_report(const std::filesystem::path& dir) {
  auto path = dir / "report.json";
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CampaignError(fmt::format("cannot read {}", path.string()));
  try {
    return report_from_json(json::parse(in));
  } catch (const json::exception& e) {
    throw CampaignError(fmt::format("{}: {}", path.string(), json_message(e)));
  } catch (const CampaignError& e) {
    throw CampaignError(fmt::format("{}: {}", path.string(), e.what()));
  }
}

// ---- merge --------------------------------------------------------------

std::vector<uint64_t> covered_shards(const CampaignResult& r) {
  return r.merged_shards.empty() ? std::vector<uint64_t>{r.shard.k} : r.merged_shards;
}

static std::vector<std::vector<std::string>> layout(const CampaignResult& r) {
  std::vector<std::vector<std::string>> out;
  for (const auto& s : r.suites) {
    out.push_back({s.name, s.target});
    for (const auto& op : s.operations) out.back().push_back(op.name);
  }
  return out;
}

// Throws unless `r` can be merged into a campaign shaped like `first`.
static void check_compatible(const CampaignResult& first, const CampaignResult& r, size_t index) {
  auto differ = [&](const char* what) {
    return CampaignError(fmt::format("report {} differs from report 1 in its {}", index + 1, what));
  };
  if (r.mlisa_version != first.mlisa_version) throw differ("mlisa version");
  if (r.seed != first.seed) throw differ("seed");
  if (r.cases_per_op != first.cases_per_op) throw differ("cases per operation");
  if (r.shard.n != first.shard.n) throw differ("shard count");
  if (layout(r) != layout(first)) throw differ("suites or operations");
}

// The union of the reports' shards; throws when two hold the same shard.
static std::set<uint64_t> union_of_shards(const std::vector<CampaignResult>& reports) {
  std::set<uint64_t> all;
  for (const auto& r : reports)
    for (uint64_t k : covered_shards(r))
      if (!all.insert(k).second)
        throw CampaignError(fmt::format("shard {}/{} appears in more than one report", k, r.shard.n));
  return all;
}

CampaignResult merge_reports(const std::vector<CampaignResult>& reports) {
  if (reports.empty()) throw CampaignError("merge needs at least one report");
  for (size_t i = 1; i < reports.size(); ++i) check_compatible(reports[0], reports[i], i);
  std::set<uint64_t> shards = union_of_shards(reports);

  CampaignResult out = reports[0];
  out.elapsed_seconds = 0;
  for (auto& s : out.suites)
    for (auto& op : s.operations) {
      std::string name = op.name;
      op = OperationResult();
      op.name = name;
    }
  for (const auto& r : reports) {
    out.failures_limit = std::max(out.failures_limit, r.failures_limit);
    out.elapsed_seconds = std::max(out.elapsed_seconds, r.elapsed_seconds);
    for (size_t s = 0; s < r.suites.size(); ++s)
      for (size_t o = 0; o < r.suites[s].operations.size(); ++o)
        add_counts(out.suites[s].operations[o], r.suites[s].operations[o]);
  }
  for (auto& s : out.suites)
    for (auto& op : s.operations) {
      trim_failures(op.failures, out.failures_limit ? out.failures_limit : op.failures.size());
    }
  bool complete = shards.size() == out.shard.n;
  out.shard = complete ? Shard{1, 1} : Shard{*shards.begin(), out.shard.n};
  out.merged_shards = complete ? std::vector<uint64_t>{} : std::vector<uint64_t>(shards.begin(), shards.end());
  return out;
}

// ---- text tables --------------------------------------------------------

namespace {

using Row = std::vector<std::string>;

bool has_coverage(const SuiteResult& s) {
  return std::any_of(s.operations.begin(), s.operations.end(), [](const auto& op) { return op.coverage.has_value(); });
}

// "hit/total", or "-" for an operation without pseudocode.
std::string ratio(const std::optional<CoverageCounts>& c, bool lines) {
  if (!c) return "-";
  return lines ? fmt::format("{}/{}", c->lines_hit, c->lines) : fmt::format("{}/{}", c->branches_hit, c->branches);
}

// The names of the suite's extra count columns (Suite::operation_counts).
std::vector<std::string> count_columns(const SuiteResult& s) {
  for (const auto& op : s.operations)
    if (!op.counts.empty()) {
      std::vector<std::string> names;
      for (const auto& c : op.counts) names.push_back(c.first);
      return names;
    }
  return {};
}

Row operation_row(const OperationResult& op, bool coverage) {
  Row row{op.name};
  for (const auto& c : op.counts) row.push_back(std::to_string(c.second));
  for (uint64_t v : {op.cases, op.nan_cases, op.passed, op.failed}) row.push_back(std::to_string(v));
  if (coverage) {
    row.push_back(ratio(op.coverage, true));
    row.push_back(ratio(op.coverage, false));
  }
  return row;
}

Row total_row(const SuiteResult& s, bool coverage) {
  OperationResult total;
  total.name = "total";
  for (const auto& op : s.operations) {
    OperationResult counts = op;
    counts.coverage.reset();  // operations run different pseudocode: no sum
    counts.counts.clear();
    add_counts(total, counts);
    if (total.counts.empty()) total.counts = op.counts;
    else
      for (size_t c = 0; c < total.counts.size() && c < op.counts.size(); ++c) total.counts[c].second += op.counts[c].second;
  }
  return operation_row(total, coverage);
}

// Columns padded to their widest cell; the first left-aligned, the rest right.
std::string aligned(const std::vector<Row>& rows, size_t rule_after_header, size_t rule_before_last) {
  std::vector<size_t> width(rows[0].size(), 0);
  for (const auto& row : rows)
    for (size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  size_t line = 0;
  for (size_t w : width) line += w + 2;
  std::string rule = std::string(line - 2, '-') + "\n";
  std::string out;
  for (size_t r = 0; r < rows.size(); ++r) {
    if (r == rule_before_last) out += rule;
    for (size_t c = 0; c < rows[r].size(); ++c)
      out += c == 0 ? fmt::format("{:<{}}", rows[r][c], width[c]) : fmt::format("  {:>{}}", rows[r][c], width[c]);
    out += "\n";
    if (r + 1 == rule_after_header) out += rule;
  }
  return out;
}

std::string suite_table(const SuiteResult& s) {
  const bool coverage = has_coverage(s);
  std::vector<Row> rows{{"operation"}};
  for (const auto& name : count_columns(s)) rows[0].push_back(name);
  for (const char* name : {"cases", "NaN cases", "passed", "failed"}) rows[0].push_back(name);
  if (coverage) {
    rows[0].push_back("lines");
    rows[0].push_back("branches");
  }
  for (const auto& op : s.operations) rows.push_back(operation_row(op, coverage));
  rows.push_back(total_row(s, coverage));
  return aligned(rows, 1, rows.size() - 1);
}

std::string suite_failures(const SuiteResult& s, uint64_t seed, size_t max_shown) {
  uint64_t failed = 0;
  for (const auto& op : s.operations) failed += op.failed;
  if (failed == 0) return "";
  std::string out = fmt::format("failures in {}:\n", s.name);
  size_t shown = 0;
  for (const auto& op : s.operations)
    for (const auto& f : op.failures) {
      if (shown == max_shown) break;
      out += fmt::format("  FAIL {} case {}: {}; rerun: {}\n", op.name, f.index, f.detail,
                         repro_command(s.name, op.name, f.index, seed));
      ++shown;
    }
  if (failed > shown) out += fmt::format("  ... and {} more\n", failed - shown);
  return out;
}

// The pseudocode lines and arms an operation's cases never reached.
std::string suite_missed(const SuiteResult& s) {
  std::string out;
  for (const auto& op : s.operations) {
    if (!op.coverage || op.coverage->missed.empty()) continue;
    const auto& missed = op.coverage->missed;
    std::string list;
    for (size_t i = 0; i < missed.size() && i < 8; ++i) list += (i ? ", " : "") + missed[i];
    if (missed.size() > 8) list += fmt::format(" and {} more", missed.size() - 8);
    out += fmt::format("  not reached by {}: {}\n", op.name, list);
  }
  return out.empty() ? "" : fmt::format("pseudocode coverage of {}:\n", s.name) + out;
}

std::string summary(const CampaignResult& r) {
  std::string scope = r.shard.n > 1 ? fmt::format(" in shard {}/{}", r.shard.k, r.shard.n) : "";
  if (!r.merged_shards.empty()) scope = fmt::format(" in {} of {} shards", r.merged_shards.size(), r.shard.n);
  if (r.total_failed() == 0)
    return fmt::format("verify: all {} cases passed{} (seed {}, {:.1f} s)\n", r.total_cases(), scope, r.seed, r.elapsed_seconds);
  return fmt::format("verify: {} of {} cases FAILED{} (seed {}, {:.1f} s)\n", r.total_failed(), r.total_cases(), scope,
                     r.seed, r.elapsed_seconds);
}

}  // namespace

std::string format_tables(const CampaignResult& result, size_t max_failures_shown) {
  std::string out;
  for (const auto& s : result.suites) {
    out += fmt::format("{} (target {}): {}\n", s.name, s.target, s.description);
    out += suite_table(s);
    out += suite_failures(s, result.seed, max_failures_shown);
    out += suite_missed(s);
    out += "\n";
  }
  return out + summary(result);
}

}  // namespace mlisa::verify
