// A verification suite: a table of operations, each with generated cases that
// are pure functions of (operation, case index, seed), so that any case can be
// re-run alone and a campaign can be split into deterministic shards.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::spec {
class Coverage;
}

namespace mlisa::verify {

// Pseudocode coverage of one operation's cases: the lines and the branch arms
// (each arm of an if, including the implicit else, each arm of a case) of the
// pseudocode the operation runs. `missed` names every line ("file:line") and
// arm ("file:line arm N") that no case reached, sorted, so that the coverage
// of shards merges by intersecting what they missed.
struct CoverageCounts {
  uint32_t lines = 0;
  uint32_t lines_hit = 0;
  uint32_t branches = 0;
  uint32_t branches_hit = 0;
  std::vector<std::string> missed;
  bool operator==(const CoverageCounts&) const = default;
};

// The outcome of one case.
struct CaseOutcome {
  bool passed = false;
  bool nan_case = false;      // an operand or the expected result is a NaN
  std::string operand_class;  // e.g. "zero", "denormal", "nan", "halfway", "random"
  std::string detail;         // on failure: inputs, expected and actual, one line
};

// Receives outcomes; thread-safe implementations are the runner's business.
class CaseSink {
 public:
  virtual ~CaseSink() = default;
  virtual void record(size_t op, uint64_t index, const CaseOutcome& outcome) = 0;
  // Where a suite that runs pseudocode records its coverage (the engine's
  // `coverage`); null when coverage is not being collected.
  virtual spec::Coverage* coverage() { return nullptr; }
};

class Suite {
 public:
  virtual ~Suite() = default;
  virtual std::string name() const = 0;         // "fp"
  virtual std::string target() const = 0;       // "core" for target-independent suites, else mve, sme2, tcore
  virtual std::string description() const = 0;  // one line
  virtual std::vector<std::string> operations() const = 0;  // table rows, e.g. "add.f32"
  virtual uint64_t default_cases() const = 0;   // cases per operation when --cases is absent
  // Cases of operation `op` when --cases is absent, for suites whose
  // operations differ in size (the mve hazards suite: its pairs times its variants).
  virtual uint64_t default_cases_of(size_t op) const { return default_cases(); }
  // Counts the table shows beside an operation's cases, as extra columns
  // in this order, given the cases the campaign runs of it and the seed (the
  // mve hazards suite: pairs_required, pairs_covered). The same in every shard.
  virtual std::vector<std::pair<std::string, uint64_t>> operation_counts(size_t op, uint64_t cases, uint64_t seed) const {
    return {};
  }

  // Runs cases [begin, end) of operation `op`. Batch-oriented oracles (an
  // emulator run per batch) override this; others implement run_case.
  // Must be callable from several threads at once.
  virtual void run_range(size_t op, uint64_t begin, uint64_t end, uint64_t seed, CaseSink& sink) const {
    for (uint64_t i = begin; i < end; ++i) sink.record(op, i, run_case(op, i, seed));
  }
  virtual CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const = 0;

  // Suites whose cases run pseudocode record into CaseSink::coverage() and
  // summarise an operation's share of the merged record here.
  virtual bool has_coverage() const { return false; }
  virtual CoverageCounts coverage_of(size_t op, const spec::Coverage& coverage) const { return {}; }

  // A suite's own command-line option (mlisa verify --oracle, --record,
  // --vectors), set before the run: true when the suite takes `key`; throws
  // CampaignError for a bad value.
  virtual bool set_option(const std::string& key, const std::string& value) { return false; }
};

// Every registered suite, from the one table in suites.cpp.
std::vector<std::unique_ptr<Suite>> registered_suites();

// Suite factories, one per suite file.
std::unique_ptr<Suite> make_fp_suite();
std::unique_ptr<Suite> make_mxu_suite();
std::unique_ptr<Suite> make_mve_ml_suite();
std::unique_ptr<Suite> make_mve_isa_suite();
std::unique_ptr<Suite> make_mve_examples_suite();
std::unique_ptr<Suite> make_sme2_examples_suite();
std::unique_ptr<Suite> make_sme2_za_suite();
std::unique_ptr<Suite> make_mve_hazard_suite();
std::unique_ptr<Suite> make_engines_suite();
std::unique_ptr<Suite> make_sme2_engines_suite();
std::unique_ptr<Suite> make_tcore_engines_suite();

}  // namespace mlisa::verify
