// mlisa run --target mve (run_mve.hpp).
#include "cli/run_mve.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "targets/gdb_targets.hpp"
#include "targets/mve/machine.hpp"
#include "targets/word_program.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <algorithm>
#include <filesystem>
#include <map>
#include <unordered_map>

namespace mlisa::cli {

namespace {

// --stats: the instructions that ran, counted by the encoding they decode
// to (a cache by word keeps the decode out of the loop's way).
class EncodingCounts {
 public:
  explicit EncodingCounts(const targets::WordIsa& isa) : isa_(isa) {
    for (const spec::InstructionSpec& inst : isa.spec().instructions()) encodings_ += inst.encodings.size();
  }

  // The instruction at the PC, before it runs.
  void note(targets::mve::Machine& m) {
    const uint32_t pc = static_cast<uint32_t>(m.get("pc").low64());
    uint64_t hw1 = 0, hw2 = 0;
    if (!m.memory().read(pc, 2, hw1)) return;
    const uint32_t top = static_cast<uint32_t>(hw1 >> 11);
    uint64_t key = hw1;
    if ((top == 0b11101 || top == 0b11110 || top == 0b11111) && m.memory().read(pc + 2, 2, hw2))
      key = 1ull << 32 | hw1 << 16 | hw2;
    auto it = by_word_.find(key);
    if (it == by_word_.end()) {
      const spec::Bits word = key >> 32 ? spec::Bits(32, key & 0xffffffffu) : spec::Bits(16, key);
      const spec::InstructionSpec* inst = nullptr;
      const spec::Encoding* enc = isa_.decode(word, &inst);
      std::string name = "(no encoding decodes it)";
      if (enc && inst)
        name = fmt::format("{} {}{}", inst->name, enc->name,
                           inst->features.empty() ? "" : " [" + inst->features.front() + "]");
      it = by_word_.emplace(key, &counts_[name]).first;
    }
    ++*it->second;
  }

  std::vector<std::pair<std::string, uint64_t>> sorted() const {
    std::vector<std::pair<std::string, uint64_t>> out(counts_.begin(), counts_.end());
    std::stable_sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.second > b.second; });
    return out;
  }
  size_t encodings() const { return encodings_; }

 private:
  const targets::WordIsa& isa_;
  size_t encodings_ = 0;
  std::map<std::string, uint64_t> counts_;
  std::unordered_map<uint64_t, uint64_t*> by_word_;
};

void print_stats(const EncodingCounts& c, uint64_t instructions, nlohmann::json* json) {
  const auto rows = c.sorted();
  if (json) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [name, n] : rows) j[name] = n;
    (*json)["stats"] = {{"instructions", instructions}, {"target_encodings", c.encodings()}, {"by_encoding", j}};
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
             c.encodings(), by_group);
  for (const auto& [name, n] : rows)
    fmt::print(stderr, "  {:>10} {:6.2f}%  {}\n", n, 100.0 * n / std::max<uint64_t>(1, instructions), name);
}

}  // namespace

void add_mve_run_options(CLI::App& sub, MveRunOptions& o) {
  sub.add_option("--max-steps", o.max_steps, "mve: stop with the fault 'step limit' after this many instructions")
      ->capture_default_str();
  sub.add_flag("--fp-disabled", o.fp_disabled, "mve: leave CPACR.CP10/CP11 at 0 (FP and MVE instructions fault, NOCP)");
  sub.add_option("--show", o.shows, "mve: print REG=0x... after the run (r0-r15, s, d, q, fpscr, vpr, apsr)")
      ->allow_extra_args(false);
  sub.add_option("--semihosting-root", o.semihosting_root,
                 "mve: semihosting file operations reach host files only inside this directory (none without it)");
  sub.add_option("--spec-dir", o.spec_dir, "mve: load DIR/mve/*.isa (or DIR/*.isa) over the embedded specs");
  sub.add_flag("--stats", o.stats, "mve: print the instructions that ran, counted by encoding, on stderr");
}

int run_mve(const MveRunOptions& o, const DebugOptions& debug, const std::string& file, bool json) {
  check_debug_options(debug);
  if (file.empty()) throw UsageError("mlisa run --target mve needs a FILE (.s, .o or .elf)");
  for (const std::string& r : o.shows)
    if (targets::mve::Machine::width_of(to_lower(r)) == 0) throw InputError(fmt::format("--show: unknown register '{}'", r));
  std::string root;
  if (!o.semihosting_root.empty()) {
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::canonical(o.semihosting_root, ec);
    if (ec || !std::filesystem::is_directory(canonical))
      throw UsageError(fmt::format("--semihosting-root {}: not an existing directory", o.semihosting_root));
    root = canonical.string();
  }
  auto t = targets::mve::load(o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir));
  const targets::ProgramImage image = targets::load_program(*t.isa, file, targets::mve::Machine::layout());
  targets::mve::Machine m(*t.isa);
  m.reset(!o.fp_disabled);
  m.load(image);
  m.host().root = root;
  m.host().cmdline = file;
  for (const std::string& a : o.args) m.host().cmdline += " " + a;
  if (!json) {
    m.host().write = [](std::string_view s) {
      std::fwrite(s.data(), 1, s.size(), stdout);
      std::fflush(stdout);
    };
    m.host().write_err = [](std::string_view s) {
      std::fflush(stdout);
      std::fwrite(s.data(), 1, s.size(), stderr);
      std::fflush(stderr);
    };
  }
  bool ended = false;
  nlohmann::json j;
  if (debug.gdb_port >= 0 || !debug.trace.empty()) {
    if (o.stats) throw UsageError("--stats cannot be combined with --gdb or --trace");
    targets::MveGdbTarget target(m, *t.isa);
    if (!run_debugged(target, debug, o.max_steps)) return 0;
    ended = true;
  } else if (o.stats) {
    EncodingCounts counts(*t.isa);
    try {
      for (uint64_t n = 0; n < o.max_steps && !ended; ++n) {
        counts.note(m);
        m.step();
        ended = m.exit_status().has_value();
      }
    } catch (const Fault&) {
      print_stats(counts, m.instructions, nullptr);
      throw;
    }
    print_stats(counts, m.instructions, json ? &j : nullptr);
  } else {
    ended = m.run(o.max_steps);
  }
  if (!ended)
    throw Fault("step limit", fmt::format("{} instructions run without a semihosting SYS_EXIT (--max-steps)", o.max_steps));
  const int status = *m.exit_status();
  if (json) {
    j["exit_status"] = status;
    j["instructions"] = m.instructions;
    j["output"] = m.host().output;
    nlohmann::json regs = nlohmann::json::object();
    for (const std::string& r : o.shows) regs[to_lower(r)] = m.get(to_lower(r)).to_hex();
    j["registers"] = regs;
    fmt::print("{}\n", j.dump(2));
  } else {
    for (const std::string& r : o.shows) fmt::print("{}={}\n", to_lower(r), m.get(to_lower(r)).to_hex());
  }
  return status;
}

}  // namespace mlisa::cli
