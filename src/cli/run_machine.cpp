// mlisa run on the machine interface (run_machine.hpp).
#include "cli/run_machine.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "sim/machine.hpp"
#include "spec/specfile.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <unordered_map>

namespace mlisa::cli {

namespace {

// --stats: the instructions that ran, counted by the encoding the machine
// decodes each to (through its own decode cache).
class EncodingCounts {
 public:
  void add(const sim::Decoded& d) { ++counts_[{d.inst, d.enc}]; }

  std::vector<std::pair<std::string, uint64_t>> sorted() const {
    std::map<std::string, uint64_t> by_name;
    for (const auto& [d, n] : counts_) {
      std::string name = "(no encoding decodes it)";
      if (d.first && d.second)
        name = fmt::format("{} {}{}", d.first->name, d.second->name,
                           d.first->features.empty() ? "" : " [" + d.first->features.front() + "]");
      by_name[name] += n;
    }
    std::vector<std::pair<std::string, uint64_t>> out(by_name.begin(), by_name.end());
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
  }

 private:
  std::map<std::pair<const spec::InstructionSpec*, const spec::Encoding*>, uint64_t> counts_;
};

size_t encodings_of(const sim::Machine& m) {
  size_t n = 0;
  if (const spec::TargetSpec* s = m.spec())
    for (const spec::InstructionSpec& inst : s->instructions()) n += inst.encodings.size();
  return n;
}

void print_stats(const std::vector<std::pair<std::string, uint64_t>>& rows, size_t encodings, uint64_t instructions,
                 nlohmann::json* json) {
  if (json) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, n] : rows) j[name] = n;
    (*json)["stats"] = {{"instructions", instructions}, {"target_encodings", encodings}, {"by_encoding", j}};
    return;
  }
  std::map<std::string, uint64_t> groups;
  for (const auto& [name, n] : rows) {
    const size_t open = name.rfind('[');
    groups[open == std::string::npos ? "none" : name.substr(open + 1, name.size() - open - 2)] += n;
  }
  std::string by_group;
  for (const auto& [g, n] : groups)
    by_group += fmt::format("{}{} {:.1f}%", by_group.empty() ? "" : ", ", g, 100.0 * n / std::max<uint64_t>(1, instructions));
  fmt::print(stderr, "stats: {} instructions, {} distinct encodings (the target has {}); {}\n", instructions, rows.size(),
             encodings, by_group);
  for (const auto& [name, n] : rows)
    fmt::print(stderr, "  {:>10} {:6.2f}%  {}\n", n, 100.0 * n / std::max<uint64_t>(1, instructions), name);
}

}  // namespace

void prepare_run(sim::Machine& m, const MachineRunOptions& o) {
  for (const std::string& r : o.shows) m.register_info(r);
  for (const std::string& s : o.sets) sim::set_register(m, s);
}

std::optional<int> run_to_exit(sim::Machine& m, const MachineRunOptions& o, const DebugOptions& debug,
                               nlohmann::json* json) {
  check_debug_options(debug);
  if (debug.gdb_port >= 0 || !debug.trace.empty()) {
    if (o.stats) throw UsageError("--stats cannot be combined with --gdb or --trace");
    sim::gdb::Target* target = m.debug_target();
    if (!target) throw UsageError(fmt::format("--gdb and --trace are for --target mve and sme2 (not {})", m.target()));
    return run_debugged(*target, debug, o.max_steps);
  }
  sim::StepResult r;
  if (o.stats) {
    EncodingCounts counts;
    uint64_t n = 0;
    for (; n < o.max_steps && r.ok(); ++n) {
      counts.add(m.decode_at_pc());
      r = m.step();
    }
    print_stats(counts.sorted(), encodings_of(m), m.instructions(), r.faulted() ? nullptr : json);
    if (r.ok())
      throw Fault("step limit", fmt::format("{} instructions run without an exit (--max-steps)", o.max_steps));
  } else {
    r = m.run(o.max_steps);
  }
  r.rethrow();
  return r.exit_status;
}

void print_output(int fd, std::string_view bytes) {
  if (fd == 2) std::fflush(stdout);
  std::FILE* f = fd == 2 ? stderr : stdout;
  std::fwrite(bytes.data(), 1, bytes.size(), f);
  std::fflush(f);
}

void show_registers(sim::Machine& m, const std::vector<std::string>& shows, nlohmann::json* json) {
  if (json) {
    nlohmann::json regs = nlohmann::json::object();
    for (const std::string& r : shows) regs[to_lower(r)] = m.get(r).to_hex();
    (*json)["registers"] = regs;
    return;
  }
  for (const std::string& r : shows) fmt::print("{}={}\n", to_lower(r), m.get(r).to_hex());
}

}  // namespace mlisa::cli
