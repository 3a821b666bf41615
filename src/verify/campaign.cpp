#include "verify/campaign.hpp"

#include "spec/coverage.hpp"

#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <cctype>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <set>
#include <thread>

namespace mlisa::verify {

// ---- shards -------------------------------------------------------------

static std::optional<uint64_t> parse_u64(std::string_view text) {
  uint64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

Shard parse_shard(std::string_view text) {
  auto slash = text.find('/');
  auto bad = [&] { return CampaignError(fmt::format("invalid --shard '{}': expected K/N with 1 <= K <= N", text)); };
  if (slash == std::string_view::npos) throw bad();
  auto k = parse_u64(text.substr(0, slash));
  auto n = parse_u64(text.substr(slash + 1));
  if (!k || !n || *k < 1 || *k > *n) throw bad();
  return {*k, *n};
}

// floor(a * b / c) without overflow for the case counts we meet.
static uint64_t scaled(uint64_t a, uint64_t b, uint64_t c) {
  return static_cast<uint64_t>(static_cast<unsigned __int128>(a) * b / c);
}

IndexRange shard_range(uint64_t cases, Shard s) {
  return {scaled(s.k - 1, cases, s.n), scaled(s.k, cases, s.n)};
}

// ---- results ------------------------------------------------------------

uint64_t CampaignResult::total_failed() const {
  uint64_t n = 0;
  for (const auto& s : suites)
    for (const auto& op : s.operations) n += op.failed;
  return n;
}

uint64_t CampaignResult::total_cases() const {
  uint64_t n = 0;
  for (const auto& s : suites)
    for (const auto& op : s.operations) n += op.cases;
  return n;
}

// Keeps the `limit` lowest-indexed failures, sorted.
void trim_failures(std::vector<Failure>& failures, size_t limit) {
  std::sort(failures.begin(), failures.end(), [](const Failure& a, const Failure& b) { return a.index < b.index; });
  if (failures.size() > limit) failures.resize(limit);
}

static void add_outcome(OperationResult& r, uint64_t index, const CaseOutcome& outcome, size_t limit) {
  ++r.cases;
  if (outcome.nan_case) ++r.nan_cases;
  ClassCounts& cls = r.classes[outcome.operand_class];
  ++cls.cases;
  if (outcome.passed) {
    ++r.passed;
    return;
  }
  ++r.failed;
  ++cls.failed;
  r.failures.push_back({index, outcome.detail});
  if (r.failures.size() > 2 * limit) trim_failures(r.failures, limit);
}

void add_counts(OperationResult& into, const OperationResult& from) {
  into.cases += from.cases;
  into.nan_cases += from.nan_cases;
  into.passed += from.passed;
  into.failed += from.failed;
  for (const auto& [name, c] : from.classes) {
    into.classes[name].cases += c.cases;
    into.classes[name].failed += c.failed;
  }
  into.failures.insert(into.failures.end(), from.failures.begin(), from.failures.end());
  merge_coverage(into.coverage, from.coverage);
  if (into.counts.empty()) into.counts = from.counts;  // every shard reports the same
}

void merge_coverage(std::optional<CoverageCounts>& into, const std::optional<CoverageCounts>& from) {
  if (!from) return;
  if (!into) {
    into = from;
    return;
  }
  // A line or arm is missed only if every part missed it.
  std::vector<std::string> missed;
  std::set_intersection(into->missed.begin(), into->missed.end(), from->missed.begin(), from->missed.end(),
                        std::back_inserter(missed));
  const auto missed_arms = static_cast<uint32_t>(std::count_if(
      missed.begin(), missed.end(), [](const std::string& m) { return m.find(" arm ") != std::string::npos; }));
  into->lines = std::max(into->lines, from->lines);
  into->branches = std::max(into->branches, from->branches);
  into->lines_hit = into->lines - (static_cast<uint32_t>(missed.size()) - missed_arms);
  into->branches_hit = into->branches - missed_arms;
  into->missed = std::move(missed);
}

// ---- selection ----------------------------------------------------------

static std::string join(const std::set<std::string>& names) {
  std::string out;
  for (const auto& n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "(none)" : out;
}

std::vector<const Suite*> select_suites(const std::vector<std::unique_ptr<Suite>>& registry,
                                        const std::string& target, const std::string& name) {
  std::set<std::string> targets, names;
  for (const auto& s : registry)
    if (s) targets.insert(s->target()), names.insert(s->name());
  if (!target.empty() && !targets.count(target))
    throw CampaignError(fmt::format("unknown target '{}' (valid: {})", target, join(targets)));
  if (!name.empty() && !names.count(name))
    throw CampaignError(fmt::format("unknown suite '{}' (valid: {})", name, join(names)));
  std::vector<const Suite*> out;
  for (const auto& s : registry)
    if (s && (target.empty() || s->target() == target) && (name.empty() || s->name() == name)) out.push_back(s.get());
  if (out.empty() && !(target.empty() && name.empty()))
    throw CampaignError(fmt::format("suite '{}' is not in target '{}'", name, target));
  return out;
}

static bool op_matches(const std::string& op, const std::string& pattern) {
  return pattern.empty() || fnmatch(pattern.c_str(), op.c_str(), 0) == 0;
}

std::vector<Selection> select_operations(const std::vector<const Suite*>& suites, const std::string& pattern) {
  std::vector<Selection> out;
  std::set<std::string> all;
  for (const Suite* s : suites) {
    Selection sel{s, {}};
    auto ops = s->operations();
    auto exact = std::find(ops.begin(), ops.end(), pattern);
    for (size_t i = 0; i < ops.size(); ++i) {
      all.insert(ops[i]);
      if (exact != ops.end() ? ops[i] == pattern : op_matches(ops[i], pattern)) sel.operations.push_back(i);
    }
    if (!sel.operations.empty()) out.push_back(std::move(sel));
  }
  if (out.empty() && !pattern.empty())
    throw CampaignError(fmt::format("no operation matches '{}' (valid: {})", pattern, join(all)));
  return out;
}

// ---- the runner ---------------------------------------------------------

namespace {

// One chunk: cases [begin, end) of one operation; `slot` numbers the
// (suite, operation) pairs of the campaign.
struct WorkItem {
  const Suite* suite;
  size_t selection;  // index of the suite's Selection
  size_t op;
  size_t slot;
  uint64_t begin;
  uint64_t end;
};

// Accumulates a chunk's outcomes into one thread's result for the operation,
// publishing the number of cases done every so often.
class ChunkSink : public CaseSink {
 public:
  ChunkSink(OperationResult& result, size_t limit, std::atomic<uint64_t>& done, spec::Coverage* coverage)
      : result_(result), limit_(limit), done_(done), coverage_(coverage) {}
  spec::Coverage* coverage() override { return coverage_; }
  ~ChunkSink() override { flush(); }
  void record(size_t, uint64_t index, const CaseOutcome& outcome) override {
    add_outcome(result_, index, outcome, limit_);
    if (++pending_ == 1024) flush();
  }

 private:
  void flush() {
    done_.fetch_add(pending_, std::memory_order_relaxed);
    pending_ = 0;
  }
  OperationResult& result_;
  size_t limit_;
  std::atomic<uint64_t>& done_;
  spec::Coverage* coverage_;
  uint64_t pending_ = 0;
};

// What one worker thread accumulates: counts and pseudocode coverage per
// (suite, operation) slot.
struct ThreadResults {
  std::vector<OperationResult> slots;
  std::vector<spec::Coverage> coverage;
};

// The shared state of one run: the work list and what the threads report back.
struct Pool {
  std::vector<WorkItem> items;
  size_t slots = 0;
  size_t limit = 0;
  uint64_t seed = 0;
  std::atomic<size_t> next{0};
  std::atomic<uint64_t> done{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;
  std::condition_variable finished;
  unsigned running = 0;
  std::exception_ptr error;
};

uint64_t cases_for(const Suite& suite, size_t op, const CampaignOptions& options) {
  return options.cases ? *options.cases : suite.default_cases_of(op);
}

// Splits every selected operation's shard range into chunks, in table order.
void plan(Pool& pool, const std::vector<Selection>& selection, const CampaignOptions& options) {
  uint64_t chunk = std::max<uint64_t>(options.chunk_size, 1);
  for (size_t s = 0; s < selection.size(); ++s) {
    const Selection& sel = selection[s];
    for (size_t op : sel.operations) {
      const IndexRange range = shard_range(cases_for(*sel.suite, op, options), options.shard);
      for (uint64_t b = range.begin; b < range.end; b += std::min(chunk, range.end - b))
        pool.items.push_back({sel.suite, s, op, pool.slots, b, b + std::min(chunk, range.end - b)});
      ++pool.slots;
    }
  }
}

std::string describe(const WorkItem& w) {
  return fmt::format("suite {}, operation {}, cases [{}, {})", w.suite->name(), w.suite->operations()[w.op], w.begin, w.end);
}

void work(Pool& pool, ThreadResults& results) {
  for (size_t i; !pool.stop && (i = pool.next.fetch_add(1)) < pool.items.size();) {
    const WorkItem& w = pool.items[i];
    try {
      spec::Coverage* coverage = w.suite->has_coverage() ? &results.coverage[w.slot] : nullptr;
      ChunkSink sink(results.slots[w.slot], pool.limit, pool.done, coverage);
      w.suite->run_range(w.op, w.begin, w.end, pool.seed, sink);
    } catch (const std::exception& e) {
      std::lock_guard lock(pool.mutex);
      if (!pool.error) pool.error = std::make_exception_ptr(std::runtime_error(describe(w) + ": " + e.what()));
      pool.stop = true;
    }
  }
  std::lock_guard lock(pool.mutex);
  --pool.running;
  pool.finished.notify_all();
}

// Reports progress from the calling thread until every worker has finished.
void wait_for_workers(Pool& pool, const CampaignOptions& options, uint64_t total) {
  std::unique_lock lock(pool.mutex);
  while (!pool.finished.wait_for(lock, std::chrono::milliseconds(100), [&] { return pool.running == 0; })) {
    if (options.on_progress) {
      lock.unlock();
      options.on_progress(pool.done.load(), total);
      lock.lock();
    }
  }
}

// Lays out empty results in table order, with the names the tables show.
CampaignResult empty_result(const std::vector<Selection>& selection, const CampaignOptions& options) {
  CampaignResult r;
  r.mlisa_version = MLISA_VERSION;
  r.seed = options.seed;
  r.cases_per_op = options.cases;
  r.shard = options.shard;
  r.failures_limit = options.failures_limit;
  for (const auto& sel : selection) {
    SuiteResult s{sel.suite->name(), sel.suite->target(), sel.suite->description(), {}};
    auto names = sel.suite->operations();
    for (size_t op : sel.operations) s.operations.emplace_back().name = names[op];
    r.suites.push_back(std::move(s));
  }
  return r;
}

}  // namespace

CampaignResult run_campaign(const std::vector<Selection>& selection, const CampaignOptions& options) {
  auto start = std::chrono::steady_clock::now();
  Pool pool;
  pool.limit = options.failures_limit;
  pool.seed = options.seed;
  plan(pool, selection, options);
  uint64_t total = 0;
  for (const auto& w : pool.items) total += w.end - w.begin;

  unsigned jobs = options.jobs ? options.jobs : std::max(1u, std::thread::hardware_concurrency());
  jobs = static_cast<unsigned>(std::clamp<size_t>(pool.items.size(), 1, jobs));
  std::vector<ThreadResults> per_thread(jobs);
  for (auto& t : per_thread) {
    t.slots.resize(pool.slots);
    t.coverage.resize(pool.slots);
  }
  pool.running = jobs;
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < jobs; ++t) threads.emplace_back(work, std::ref(pool), std::ref(per_thread[t]));
  wait_for_workers(pool, options, total);
  for (auto& t : threads) t.join();
  if (pool.error) std::rethrow_exception(pool.error);
  if (options.on_progress) options.on_progress(pool.done.load(), total);

  CampaignResult result = empty_result(selection, options);
  size_t slot = 0;
  for (size_t s = 0; s < result.suites.size(); ++s) {
    const Selection& sel = selection[s];
    for (size_t i = 0; i < result.suites[s].operations.size(); ++i) {
      OperationResult& op = result.suites[s].operations[i];
      for (const auto& thread : per_thread) add_counts(op, thread.slots[slot]);
      trim_failures(op.failures, options.failures_limit);
      if (sel.suite->has_coverage()) {
        // What this operation's own cases ran: shared pseudocode another
        // operation reached does not count for it.
        spec::Coverage coverage;
        for (const auto& thread : per_thread) coverage.merge(thread.coverage[slot]);
        op.coverage = sel.suite->coverage_of(sel.operations[i], coverage);
      }
      op.counts = sel.suite->operation_counts(sel.operations[i], cases_for(*sel.suite, sel.operations[i], options),
                                             options.seed);
      ++slot;
    }
  }
  result.elapsed_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

namespace {
// Keeps the one outcome of a single-case run.
class SingleSink : public CaseSink {
 public:
  void record(size_t, uint64_t, const CaseOutcome& o) override { outcome = o; }
  CaseOutcome outcome;
};
}  // namespace

// Through run_range, so that batch oracles take the same path as in a campaign.
CaseOutcome run_single_case(const Suite& suite, size_t op, uint64_t index, uint64_t seed) {
  SingleSink sink;
  suite.run_range(op, index, index + 1, seed, sink);
  return sink.outcome;
}

// Quotes `word` for a POSIX shell when it holds anything but safe characters.
static std::string shell_word(const std::string& word) {
  bool safe = !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '_' || c == '-' || c == '/' || c == '+';
  });
  if (safe) return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

std::string repro_command(const std::string& suite, const std::string& op, uint64_t index, uint64_t seed) {
  return fmt::format("mlisa verify --suite {} --op {} --case {} --seed {}", shell_word(suite), shell_word(op), index, seed);
}

}  // namespace mlisa::verify
