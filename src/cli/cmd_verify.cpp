// mlisa verify: the verification campaign (docs/verify.md), and
// mlisa verify merge: sums the reports of its shards.
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "verify/campaign.hpp"
#include "verify/hazard_suite.hpp"
#include "verify/progress.hpp"
#include "verify/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>

namespace mlisa::cli {

namespace {

using namespace mlisa::verify;

struct VerifyOptions {
  std::string target, suite, op, shard = "1/1", report;
  std::vector<std::string> skip_suites;
  std::string oracle, record, vectors, spec_dir;  // suite options (the mve suites)
  uint64_t case_index = 0, cases = 0, seed = 1;
  unsigned jobs = 0;
  size_t max_failures_shown = 10;
  CLI::Option* case_option = nullptr;
  CLI::Option* cases_option = nullptr;
};

struct MergeOptions {
  std::string report = "merged-report";
  std::vector<std::string> dirs;
};

constexpr size_t kFailuresKept = 100;  // per operation in report.json

// Runs `body`, turning its errors into the diagnostics main() prints: bad
// flags or reports are usage errors, a suite that cannot run is bad input
// (an oracle missing, say); both exit 2.
template <class F>
int guarded(F body) {
  try {
    return body();
  } catch (const mlisa::Error&) {
    throw;
  } catch (const CampaignError& e) {
    throw mlisa::UsageError(e.what());
  } catch (const std::exception& e) {
    throw mlisa::InputError(e.what());
  }
}

int print_result(const CampaignResult& result, const GlobalOptions& global, size_t max_shown) {
  if (global.json)
    fmt::print("{}\n", report_to_json(result).dump(2));
  else
    fmt::print("{}", format_tables(result, max_shown));
  return result.total_failed() ? 1 : 0;
}

void save(const std::string& dir, const CampaignResult& result) {
  write_report(dir, result);
  fmt::print(stderr, "mlisa: verify: wrote {0}/report.json and {0}/index.html\n", dir);
}

// The one (suite, operation) a --case run needs.
std::pair<const Suite*, size_t> single_operation(const std::vector<Selection>& selection, const std::string& op) {
  std::vector<std::string> names;
  for (const auto& sel : selection)
    for (size_t i : sel.operations) names.push_back(sel.suite->name() + "/" + sel.suite->operations()[i]);
  if (names.size() != 1)
    throw CampaignError(fmt::format("--case needs exactly one operation, but {} match{}; narrow it with --suite and --op",
                                    names.size(), op.empty() ? "" : fmt::format(" '{}'", op)));
  return {selection[0].suite, selection[0].operations[0]};
}

int run_one_case(const std::vector<Selection>& selection, const VerifyOptions& o, const GlobalOptions& global) {
  auto [suite, op] = single_operation(selection, o.op);
  CaseOutcome out = run_single_case(*suite, op, o.case_index, o.seed);
  std::string op_name = suite->operations()[op];
  if (global.json) {
    nlohmann::json j = {{"suite", suite->name()}, {"operation", op_name}, {"case", o.case_index}, {"seed", o.seed},
                        {"passed", out.passed}, {"nan_case", out.nan_case}, {"class", out.operand_class},
                        {"detail", out.detail}};
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("{} {} case {} seed {}: {}\n", suite->name(), op_name, o.case_index, o.seed, out.passed ? "PASS" : "FAIL");
    fmt::print("  class: {}{}\n", out.operand_class, out.nan_case ? " (NaN case)" : "");
    if (!out.detail.empty()) fmt::print("  detail: {}\n", out.detail);
  }
  return out.passed ? 0 : 1;
}

CampaignOptions campaign_options(const VerifyOptions& o) {
  CampaignOptions c;
  c.seed = o.seed;
  if (o.cases_option->count()) c.cases = o.cases;
  c.shard = parse_shard(o.shard);
  c.jobs = o.jobs;
  c.failures_limit = std::max(kFailuresKept, o.max_failures_shown);
  return c;
}

// Hands --oracle, --record, --vectors and --spec-dir to the suites that take them.
void apply_suite_options(const std::vector<std::unique_ptr<Suite>>& registry, const VerifyOptions& o) {
  for (const auto& [key, value] : {std::pair<const char*, const std::string&>{"oracle", o.oracle},
                                   {"record", o.record}, {"vectors", o.vectors},
                                   {"spec-dir", o.spec_dir}}) {
    if (value.empty()) continue;
    bool taken = false;
    for (const auto& s : registry)
      if (s) taken = s->set_option(key, value) || taken;
    if (!taken) throw CampaignError(fmt::format("--{}: no suite takes it", key));
  }
}

// --suite hazards: the fault-coverage table of the pipelined tcore (docs/pipeline.md).
int run_hazard_suite_command(const VerifyOptions& o, const GlobalOptions& global) {
  if (!o.target.empty() && o.target != "tcore")
    throw CampaignError(fmt::format("the hazards suite is tcore's (got --target {})", o.target));
  HazardSuiteOptions h;
  h.seed = o.seed;
  if (!o.op.empty()) h.only = {o.op};
  h.jobs = o.jobs;
  const HazardSuiteReport r = run_hazard_suite(h);
  fmt::print("{}", global.json ? hazard_report_json(r) : hazard_report_text(r));
  for (const auto& f : r.faults)
    if (f.data_hazard && !f.detected) return 1;
  return 0;
}

int run_verify(const VerifyOptions& o, const GlobalOptions& global) {
  // tcore's hazards suite is a command of its own; mve's is a campaign suite.
  if (o.suite == "hazards" && (o.target.empty() || o.target == "tcore")) return run_hazard_suite_command(o, global);
  CampaignOptions options = campaign_options(o);
  auto registry = registered_suites();
  apply_suite_options(registry, o);
  std::vector<const Suite*> suites = select_suites(registry, o.target, o.suite);
  for (const std::string& skip : o.skip_suites) {
    if (std::none_of(registry.begin(), registry.end(), [&](const auto& s) { return s && s->name() == skip; }))
      throw CampaignError(fmt::format("--skip-suite: unknown suite '{}'", skip));
    suites.erase(std::remove_if(suites.begin(), suites.end(), [&](const Suite* s) { return s->name() == skip; }),
                 suites.end());
  }
  auto selection = select_operations(suites, o.op);
  if (o.case_option->count()) return run_one_case(selection, o, global);

  ProgressDisplay progress = ProgressDisplay::for_stderr();
  uint64_t done = 0, total = 0;
  options.on_progress = [&](uint64_t d, uint64_t t) { progress.update(done = d, total = t); };
  CampaignResult result = run_campaign(selection, options);
  progress.finish(done, total);
  if (!o.report.empty()) save(o.report, result);
  return print_result(result, global, o.max_failures_shown);
}

void warn_if_partial(const CampaignResult& merged) {
  if (merged.merged_shards.empty()) return;
  std::string missing;
  for (uint64_t k = 1; k <= merged.shard.n; ++k)
    if (!std::binary_search(merged.merged_shards.begin(), merged.merged_shards.end(), k))
      missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  fmt::print(stderr, "mlisa: warning: merged {} of {} shards (missing {})\n", merged.merged_shards.size(),
             merged.shard.n, missing);
}

int run_merge(const MergeOptions& m, const GlobalOptions& global, size_t max_shown) {
  std::vector<CampaignResult> reports;
  for (const auto& dir : m.dirs) reports.push_back(read_report(dir));
  CampaignResult merged = merge_reports(reports);
  warn_if_partial(merged);
  save(m.report, merged);
  return print_result(merged, global, max_shown);
}

void add_verify_options(CLI::App& sub, VerifyOptions& o) {
  sub.add_option("--target", o.target, "Only the suites of this target (core, mve, sme2, tcore)");
  sub.add_option("--suite", o.suite, "Only this suite");
  sub.add_option("--skip-suite", o.skip_suites, "Leave out this suite (repeatable)")->allow_extra_args(false);
  sub.add_option("--op", o.op, "Only operations with this name or matching this glob (e.g. 'add.*')");
  o.case_option = sub.add_option("--case", o.case_index, "Run only this case index and print it (needs one operation)");
  o.cases_option = sub.add_option("--cases", o.cases, "Cases per operation (default: each suite's own)");
  sub.add_option("--seed", o.seed, "Seed of the case generators")->capture_default_str();
  sub.add_option("--jobs,-j", o.jobs, "Threads (default: all cores)");
  sub.add_option("--report", o.report, "Write DIR/report.json and DIR/index.html");
  sub.add_option("--shard", o.shard, "Run shard K of N of every operation's cases (K/N, 1 <= K <= N)");
  sub.add_option("--max-failures-shown", o.max_failures_shown, "Failures listed per suite")->capture_default_str();
  sub.add_option("--oracle", o.oracle,
                 "mve and sme2 suites: qemu (run QEMU), stored (its recorded results), auto (qemu when installed; default)");
  sub.add_option("--record", o.record, "mve and sme2 suites: run QEMU and write its results to DIR/<target>/SUITE/OP.txt");
  sub.add_option("--spec-dir", o.spec_dir, "mve suites: load DIR/mve/*.isa (or DIR/*.isa) over the embedded specs");
  add_engine_option(sub);
  sub.add_option("--vectors", o.vectors, "mve and sme2 suites: the stored results' directory (default: tests/vectors)");
}

}  // namespace

Action setup_verify(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<VerifyOptions>();
  auto m = std::make_shared<MergeOptions>();
  add_verify_options(sub, *o);
  CLI::App* merge = sub.add_subcommand("merge", "Merge the reports of shards into one");
  merge->add_option("--report", m->report, "Output directory")->capture_default_str();
  merge->add_option("dirs", m->dirs, "Report directories, each with a report.json")->required();
  return [o, m, merge, &global] {
    return guarded([&] { return merge->parsed() ? run_merge(*m, global, o->max_failures_shown) : run_verify(*o, global); });
  };
}

}  // namespace mlisa::cli
