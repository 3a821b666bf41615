// The verification campaign: selects suites and operations, splits their cases
// into chunks, runs the chunks on a pool of threads and accumulates the counts
// the report tables show. Results depend only on (selection, cases, seed,
// shard), never on the number of threads.
#pragma once

#include "verify/suite.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::verify {

// Bad input or usage in a campaign or report (the command exits with 2).
class CampaignError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Shard K of N (1 <= k <= n); {1, 1} is the whole campaign.
struct Shard {
  uint64_t k = 1;
  uint64_t n = 1;
  bool operator==(const Shard&) const = default;
};

// Parses "K/N"; throws CampaignError when malformed or out of range.
Shard parse_shard(std::string_view text);

// Case indices [begin, end) of shard `s` of an operation with `cases` cases:
// [floor((k-1)*C/n), floor(k*C/n)).
struct IndexRange {
  uint64_t begin = 0;
  uint64_t end = 0;
  bool operator==(const IndexRange&) const = default;
};
IndexRange shard_range(uint64_t cases, Shard s);

struct ClassCounts {
  uint64_t cases = 0;
  uint64_t failed = 0;
  bool operator==(const ClassCounts&) const = default;
};

struct Failure {
  uint64_t index = 0;
  std::string detail;
  bool operator==(const Failure&) const = default;
};

struct OperationResult {
  std::string name;
  uint64_t cases = 0;
  uint64_t nan_cases = 0;
  uint64_t passed = 0;
  uint64_t failed = 0;
  std::map<std::string, ClassCounts> classes;
  std::vector<Failure> failures;  // the first few, in index order
  std::optional<CoverageCounts> coverage;  // suites that run pseudocode
  std::vector<std::pair<std::string, uint64_t>> counts;  // Suite::operation_counts
  bool operator==(const OperationResult&) const = default;
};

struct SuiteResult {
  std::string name;
  std::string target;
  std::string description;
  std::vector<OperationResult> operations;
  bool operator==(const SuiteResult&) const = default;
};

struct CampaignResult {
  std::string mlisa_version;
  uint64_t seed = 1;
  std::optional<uint64_t> cases_per_op;  // set when --cases was given
  Shard shard;
  std::vector<uint64_t> merged_shards;  // a partial merge: the shards of `shard.n` it holds
  size_t failures_limit = 0;            // failures kept per operation
  std::vector<SuiteResult> suites;
  double elapsed_seconds = 0;

  bool operator==(const CampaignResult&) const = default;
  uint64_t total_failed() const;
  uint64_t total_cases() const;
};

// Adds the counts and failures of `from` to `into` (failures left unsorted);
// coverage merges by intersecting what each missed.
void add_counts(OperationResult& into, const OperationResult& from);
void merge_coverage(std::optional<CoverageCounts>& into, const std::optional<CoverageCounts>& from);
// Sorts failures by case index and keeps the first `limit`.
void trim_failures(std::vector<Failure>& failures, size_t limit);

// A suite and the indices of the operations chosen from it.
struct Selection {
  const Suite* suite = nullptr;
  std::vector<size_t> operations;
};

// Suites by target and name (empty = any), skipping null entries. Unknown
// names throw CampaignError listing the valid ones.
std::vector<const Suite*> select_suites(const std::vector<std::unique_ptr<Suite>>& registry,
                                        const std::string& target, const std::string& name);

// Operations of each suite whose name equals `pattern` or matches it as an
// fnmatch glob (empty = all; an exact name wins over a glob reading of it);
// suites with no match are dropped. No match at
// all throws CampaignError listing the operations.
std::vector<Selection> select_operations(const std::vector<const Suite*>& suites,
                                         const std::string& pattern);

struct CampaignOptions {
  uint64_t seed = 1;
  std::optional<uint64_t> cases;  // else each suite's default_cases()
  Shard shard;
  unsigned jobs = 0;              // 0 = hardware concurrency
  uint64_t chunk_size = 4096;     // cases of one operation per work item
  size_t failures_limit = 100;    // failures kept per operation
  // Called from the calling thread about ten times a second, and at the end.
  std::function<void(uint64_t done, uint64_t total)> on_progress;
};

CampaignResult run_campaign(const std::vector<Selection>& selection, const CampaignOptions& options);

// Runs one case alone (for reproducing a failure).
CaseOutcome run_single_case(const Suite& suite, size_t op, uint64_t index, uint64_t seed);

// The command line that re-runs one case.
std::string repro_command(const std::string& suite, const std::string& op, uint64_t index, uint64_t seed);

}  // namespace mlisa::verify
