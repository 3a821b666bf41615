#include "verify/oracle_suite.hpp"

#include "verify/campaign.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <unordered_map>

#ifndef MLISA_VECTOR_DIR
#define MLISA_VECTOR_DIR "tests/vectors"
#endif

namespace mlisa::verify {

bool OracleOptions::set(const std::string& key, const std::string& value) {
  if (key == "oracle") {
    if (value != "qemu" && value != "stored" && value != "auto")
      throw CampaignError(fmt::format("--oracle '{}': expected qemu, stored or auto", value));
    oracle_ = value;
    return true;
  }
  if (key == "record") return record_dir_ = value, true;
  if (key == "vectors") return vectors_dir_ = value, true;
  return false;
}

std::string OracleOptions::resolve(const std::function<bool()>& available) const {
  if (!record_dir_.empty()) return "qemu";
  if (oracle_ == "qemu" || oracle_ == "stored") return oracle_;
  return available() ? "qemu" : "stored";
}

std::string OracleOptions::vectors_dir() const { return vectors_dir_.empty() ? MLISA_VECTOR_DIR : vectors_dir_; }

struct StoredVectors::File {
  struct Line {
    uint64_t hash = 0;
    std::vector<std::string> items;
  };
  uint64_t seed = 0;
  std::unordered_map<uint64_t, Line> lines;
  uint64_t first = 0, last = 0;  // the index range held (for messages)
};

StoredVectors::StoredVectors(std::string target, std::string suite, size_t hash_digits, ItemCheck check)
    : target_(std::move(target)), suite_(std::move(suite)), hash_digits_(hash_digits), check_(std::move(check)) {}
StoredVectors::~StoredVectors() = default;

std::string StoredVectors::path(const std::string& dir, const std::string& operation) const {
  return (std::filesystem::path(dir) / target_ / suite_ / (operation + ".txt")).string();
}

std::shared_ptr<StoredVectors::File> StoredVectors::load(const std::string& path) const {
  std::ifstream in(path);
  if (!in) return nullptr;
  auto file = std::make_shared<File>();
  std::string line;
  size_t number = 0;
  bool have_seed = false;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    if (line[0] == '#') {
      if (const size_t p = line.find(" seed="); p != std::string::npos) {
        file->seed = std::stoull(line.substr(p + 6));
        have_seed = true;
      }
      continue;
    }
    std::istringstream words(line);
    uint64_t index = 0;
    std::string hash;
    if (!(words >> index >> hash) || hash.size() != hash_digits_)
      throw OracleError(fmt::format("{}:{}: malformed vector line", path, number));
    File::Line stored;
    stored.hash = std::stoull(hash, nullptr, 16);
    for (std::string item; words >> item;) stored.items.push_back(item);
    if (std::string wrong = check_(stored.items); !wrong.empty())
      throw OracleError(fmt::format("{}:{}: {}", path, number, wrong));
    if (file->lines.empty()) file->first = file->last = index;
    file->first = std::min(file->first, index);
    file->last = std::max(file->last, index);
    file->lines[index] = std::move(stored);
  }
  if (!have_seed) throw OracleError(fmt::format("{}: no '# ... seed=N' header", path));
  return file;
}

std::vector<std::string> StoredVectors::items(const std::string& dir, size_t op, const std::string& operation,
                                              uint64_t index, uint64_t seed, uint64_t hash) const {
  const std::string file_path = path(dir, operation);
  std::shared_ptr<File> file;
  {
    std::lock_guard lock(mutex_);
    auto it = loaded_.find(op);
    if (it == loaded_.end()) it = loaded_.emplace(op, load(file_path)).first;
    file = it->second;
  }
  const std::string fix =
      fmt::format("run with QEMU (--oracle qemu) or record them (mlisa verify --target {} --record DIR)", target_);
  if (!file) throw OracleError(fmt::format("no stored vectors {} (QEMU absent?); {}", file_path, fix));
  if (file->seed != seed) throw OracleError(fmt::format("{} holds seed {}, not {}; {}", file_path, file->seed, seed, fix));
  auto it = file->lines.find(index);
  if (it == file->lines.end())
    throw OracleError(
        fmt::format("{} holds cases {}..{}, not case {}; {}", file_path, file->first, file->last, index, fix));
  if (it->second.hash != hash)
    throw OracleError(fmt::format(
        "{}: case {} is stale (its inputs or encoding changed); re-record them (mlisa verify --target {} --record DIR)",
        file_path, index, target_));
  return it->second.items;
}

void StoredVectors::record(const std::string& dir, size_t op, const std::string& operation, uint64_t seed,
                           const std::string& columns, const std::vector<std::pair<uint64_t, std::string>>& lines) const {
  std::lock_guard lock(mutex_);
  auto& held = recorded_[op];
  for (const auto& [index, line] : lines) held[index] = line;
  const std::string file_path = path(dir, operation);
  std::filesystem::create_directories(std::filesystem::path(file_path).parent_path());
  std::ofstream out(file_path);
  out << fmt::format(
      "# mlisa verify --target {} --record: QEMU's results for suite={} op={} seed={}\n"
      "# one line per case: {}\n",
      target_, suite_, operation, seed, columns);
  for (const auto& [index, line] : held) out << line << "\n";
  if (!out) throw OracleError(fmt::format("cannot write {}", file_path));
}

}  // namespace mlisa::verify
