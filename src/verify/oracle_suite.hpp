// What the suites checked against QEMU share (the mve suites of
// mve_cases.hpp, the sme2 za suite, the examples suites): the options that
// choose the oracle (--oracle qemu|stored|auto, --record DIR, --vectors DIR)
// and the files of results recorded from it, which stand in for QEMU where
// it is absent (tests/vectors/<target>/<suite>/<operation>.txt).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::verify {

// A failure of the oracle itself (a tool missing or failing, a timeout, a
// malformed or stale results file): the suite cannot run.
class OracleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// --oracle, --record and --vectors.
class OracleOptions {
 public:
  // True when `key` is one of the three; throws CampaignError for an
  // --oracle other than qemu, stored or auto.
  bool set(const std::string& key, const std::string& value);
  // "qemu" or "stored": --record needs QEMU; auto is QEMU when `available`
  // (asked only then) says it can run.
  std::string resolve(const std::function<bool()>& available) const;
  const std::string& record_dir() const { return record_dir_; }
  // --vectors, else the source tree's tests/vectors.
  std::string vectors_dir() const;

 private:
  std::string oracle_ = "auto", record_dir_, vectors_dir_;
};

// Results recorded from an oracle, a file an operation:
// <dir>/<target>/<suite>/<operation>.txt, holding a "# ... seed=N" header
// and one line a case, "INDEX HASH ITEM...", where HASH (hex, of a fixed
// width) hashes the case's inputs and words, so that a stale line is told
// from a good one, and the items are the suite's. Thread-safe.
class StoredVectors {
 public:
  // "" when a line's items are well formed, else what is wrong with them.
  using ItemCheck = std::function<std::string(const std::vector<std::string>& items)>;

  StoredVectors(std::string target, std::string suite, size_t hash_digits, ItemCheck check);
  ~StoredVectors();

  std::string path(const std::string& dir, const std::string& operation) const;
  // The items of case `index` of operation `op` (named `operation`) stored
  // under `dir`. Throws OracleError when the file is absent or malformed,
  // was recorded with another seed, lacks the case, or holds another hash.
  std::vector<std::string> items(const std::string& dir, size_t op, const std::string& operation, uint64_t index,
                                 uint64_t seed, uint64_t hash) const;
  // Adds `lines` (index, the whole line) to those this run recorded for the
  // operation and writes its file under `dir` again, with a header naming
  // the seed and `columns` (what a line holds).
  void record(const std::string& dir, size_t op, const std::string& operation, uint64_t seed, const std::string& columns,
              const std::vector<std::pair<uint64_t, std::string>>& lines) const;

 private:
  struct File;
  std::shared_ptr<File> load(const std::string& path) const;

  std::string target_, suite_;
  size_t hash_digits_;
  ItemCheck check_;
  mutable std::mutex mutex_;
  mutable std::map<size_t, std::shared_ptr<File>> loaded_;
  mutable std::map<size_t, std::map<uint64_t, std::string>> recorded_;
};

}  // namespace mlisa::verify
