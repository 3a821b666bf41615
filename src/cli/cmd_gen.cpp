// mlisa gen: generators of verification programs (docs/prm.md).
//
//   mlisa gen prm     --target T [--csv] [--json] [--spec-dir DIR]
//   mlisa gen hazards --target T [--gaps 0-4] [--seed S] [-o FILE.s] [--json] [--spec-dir DIR]
//                     [--run [--dump FILE]]
//   mlisa gen forms   --target mve|sme2 [--per-encoding N] [--seed S] [--bad] [--spec-dir DIR]
#include "cli/command.hpp"
#include "core/hash.hpp"
#include "core/diag.hpp"
#include "spec/specfile.hpp"
#include "targets/machines.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/machine.hpp"
#include "verify/forms.hpp"
#include "verify/hazards.hpp"
#include "verify/prm.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <limits>

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

namespace mlisa::cli {

namespace {

struct GenOptions {
  std::string target, spec_dir;
  bool csv = false;
  std::string gaps = "0", out, dump;
  bool run = false;
  uint64_t seed = 1;
  unsigned per_encoding = 6;
  bool bad = false;
  std::optional<std::string> dir() const {
    if (spec_dir.empty()) return std::nullopt;
    return spec_dir;
  }
};

std::unique_ptr<spec::TargetSpec> load_spec(const GenOptions& o) {
  auto sources = spec::specs_with_dir(o.target, o.dir());
  if (sources.empty()) {
    std::string known;
    for (const auto& t : spec::embedded_targets()) known += (known.empty() ? "" : ", ") + t;
    throw InputError(fmt::format("unknown target '{}' (known: {})", o.target, known.empty() ? "none" : known));
  }
  return spec::TargetSpec::load(o.target, std::move(sources), targets::all_builtins());
}

int run_prm(const GenOptions& o, const GlobalOptions& global) {
  if (o.csv && global.json) throw UsageError("--csv and --json exclude each other");
  auto ts = load_spec(o);
  const verify::prm::Matrix m = verify::prm::build(*ts);
  if (global.json) fmt::print("{}", verify::prm::to_json(m));
  else if (o.csv) fmt::print("{}", verify::prm::to_csv(m));
  else fmt::print("{}", verify::prm::to_text(m));
  return 0;
}

std::pair<int, int> parse_gaps(const std::string& text) {
  auto num = [&](const std::string& t) {
    if (t.empty() || t.size() > 2 || !std::all_of(t.begin(), t.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw UsageError(fmt::format("--gaps {}: expected N or LO-HI with 0 <= LO <= HI <= 16", text));
    return std::stoi(t);
  };
  const size_t dash = text.find('-');
  const int lo = num(dash == std::string::npos ? text : text.substr(0, dash));
  const int hi = dash == std::string::npos ? lo : num(text.substr(dash + 1));
  if (lo > hi || hi > 16) throw UsageError(fmt::format("--gaps {}: expected N or LO-HI with 0 <= LO <= HI <= 16", text));
  return {lo, hi};
}

int run_hazards(const GenOptions& o, const GlobalOptions& global) {
  const auto [lo, hi] = parse_gaps(o.gaps);
  auto t = targets::load_bundle_target(o.target, o.dir());
  if (o.target != "tcore") throw InputError(fmt::format("no hazard generator for target {} (tcore only)", o.target));
  const verify::prm::Matrix m = verify::prm::build(*t.spec);
  verify::hazards::GenOptions go;
  go.seed = o.seed;
  std::vector<as::Word> words;
  const auto r = verify::hazards::run(m, *t.isa, lo, hi, go, &words);
  // The ISA-level run: the results region after HALT, as a digest (and a dump).
  std::optional<std::pair<uint64_t, uint64_t>> run_stats;  // bundles run, FNV-1a of the results region
  if (o.run || !o.dump.empty()) {
    targets::MachineOptions options;
    options.memory_bytes = std::max<size_t>(r.program.memory_bytes, 1 << 20);
    targets::TcoreMachine mach(*t.isa, options);
    mach.load_code(words);
    mach.run(std::numeric_limits<uint64_t>::max()).rethrow();
    const uint64_t steps = mach.instructions();
    const std::vector<uint8_t> results =
        mach.read_memory(r.program.results_base, r.program.results_end - r.program.results_base);
    run_stats = std::make_pair(steps, fnv1a(results));
    if (!o.dump.empty()) {
      std::ofstream f(o.dump, std::ios::binary);
      if (!f) throw InputError(fmt::format("{}: cannot write", o.dump));
      for (size_t a = 0; a < results.size(); a += 64) {
        f << fmt::format("{:08x}:", r.program.results_base + a);
        for (size_t i = 0; i < 64; i += 4)
          f << fmt::format(" {:08x}", uint32_t{results[a + i]} | uint32_t{results[a + i + 1]} << 8 |
                                          uint32_t{results[a + i + 2]} << 16 | uint32_t{results[a + i + 3]} << 24);
        f << "\n";
      }
      if (!f) throw InputError(fmt::format("{}: cannot write", o.dump));
    }
  }
  const auto plan = verify::hazards::plan(m, *t.isa, lo, hi);
  if (!o.out.empty()) {
    std::ofstream f(o.out, std::ios::binary);
    if (!f) throw InputError(fmt::format("{}: cannot write", o.out));
    f << r.program.assembly;
    if (!f) throw InputError(fmt::format("{}: cannot write", o.out));
  }
  const auto& c = r.coverage;
  const auto& p = r.program;
  const size_t instructions = p.test_instructions + p.observer_instructions + p.other_instructions;
  size_t edges = 0;
  for (const auto& s : plan.successors) edges += s.size();
  const double per_pair = c.required ? static_cast<double>(instructions) / static_cast<double>(c.required) : 0.0;
  const double test_per_edge =
      edges ? static_cast<double>(p.test_instructions) / static_cast<double>(edges * static_cast<size_t>(hi - lo + 1)) : 0;
  if (global.json) {
    nlohmann::json j;
    j["target"] = o.target;
    j["gaps"] = {lo, hi};
    j["seed"] = o.seed;
    j["nodes"] = plan.nodes.size();
    j["excluded"] = plan.excluded;
    j["edges_per_gap"] = edges;
    j["pairs_required"] = c.required;
    j["pairs_covered"] = c.covered.size();
    for (int k = 0; k < 3; ++k) {
      const char* n = verify::hazards::kind_name(static_cast<verify::hazards::Kind>(k));
      j["by_kind"][n] = {{"required", c.by_kind_required[k]}, {"covered", c.by_kind_covered[k]}};
    }
    j["instructions"] = instructions;
    j["test_instructions"] = p.test_instructions;
    j["observer_instructions"] = p.observer_instructions;
    j["other_instructions"] = p.other_instructions;
    j["bundles"] = p.bundles;
    j["instructions_per_pair"] = per_pair;
    j["test_instructions_per_edge"] = test_per_edge;
    j["baseline_test_instructions"] = r.baseline_instructions;
    j["patch_segments"] = r.patch_segments;
    j["unobserved"] = p.unobserved;
    j["results_region"] = {p.results_base, p.results_end};
    if (run_stats) j["run"] = {{"bundles", run_stats->first}, {"results_fnv1a", fmt::format("{:016x}", run_stats->second)}};
    nlohmann::json missed = nlohmann::json::array();
    for (const auto& it : c.missed_items) {
      if (missed.size() >= 20) break;
      missed.push_back(verify::hazards::item_text(plan, it));
    }
    j["missed"] = missed;
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("{} data hazards, gaps {}-{}, seed {}\n", o.target, lo, hi, o.seed);
    fmt::print("nodes (encoding x slot): {}; excluded encodings: {}\n", plan.nodes.size(), plan.excluded.size());
    for (const auto& e : plan.excluded) fmt::print("  excluded {}\n", e);
    fmt::print("pairs required:  {} (RAW {}, WAR {}, WAW {}; {} ordered node pairs per gap)\n", c.required,
               c.by_kind_required[0], c.by_kind_required[1], c.by_kind_required[2], edges);
    fmt::print("pairs covered:   {} (RAW {}, WAR {}, WAW {})\n", c.covered.size(), c.by_kind_covered[0],
               c.by_kind_covered[1], c.by_kind_covered[2]);
    fmt::print("instructions:    {} in {} bundles (test {}, observers {}, setup/nop/halt {})\n", instructions,
               p.bundles, p.test_instructions, p.observer_instructions, p.other_instructions);
    fmt::print("instructions per pair: {:.3f}; test instructions per node pair: {:.3f} (each pair on its own: {} "
               "test instructions, 2.000 per node pair)\n",
               per_pair, test_per_edge, r.baseline_instructions);
    fmt::print("results region: 0x{:x}..0x{:x}\n", p.results_base, p.results_end);
    if (run_stats)
      fmt::print("run (ISA level): {} bundles to HALT; results region FNV-1a {:016x}\n", run_stats->first,
                 run_stats->second);
    for (size_t i = 0; i < c.missed_items.size() && i < 20; ++i)
      fmt::print("  missed {}\n", verify::hazards::item_text(plan, c.missed_items[i]));
  }
  return c.covered.size() == c.required ? 0 : 1;
}

// The forms of every encoding of a single-word target (verify/forms.hpp).
int run_forms(const GenOptions& o, const GlobalOptions& global) {
  if (!targets::is_word_target(o.target))
    throw InputError(fmt::format("no forms generator for target {} (mve, sme2)", o.target));
  const auto t = targets::load_word_target(o.target, o.dir());
  verify::forms::Options fo;
  fo.seed = o.seed;
  fo.per_encoding = o.per_encoding;
  const auto f = verify::forms::generate(*t.isa, fo);
  if (global.json) {
    nlohmann::json j;
    j["target"] = targets::canonical_target(o.target);
    j["encodings"] = f.encodings;
    j["uncovered"] = f.uncovered;
    nlohmann::json forms = nlohmann::json::array();
    for (const auto& g : f.good)
      forms.push_back({{"encoding", g.id}, {"lines", g.lines}, {"word", fmt::format("0x{:0{}x}", g.word, g.enc->width / 4)}});
    j["forms"] = forms;
    nlohmann::json bad = nlohmann::json::array();
    for (const auto& b : f.bad) bad.push_back({{"encoding", b.id}, {"line", b.line}, {"why", b.why}});
    j["bad"] = bad;
    fmt::print("{}\n", j.dump(2));
    return 0;
  }
  fmt::print("{}", o.bad ? verify::forms::bad_source(*t.isa, f) : verify::forms::good_source(*t.isa, f, false));
  return 0;
}

}  // namespace

Action setup_gen(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<GenOptions>();
  sub.require_subcommand(1);
  sub.fallthrough();
  CLI::App* prm = sub.add_subcommand("prm", "The processor representation matrix derived from the specs");
  prm->fallthrough();
  prm->add_option("--target", o->target, "Target (a folder name under isa/ or --spec-dir)")->required();
  prm->add_option("--spec-dir", o->spec_dir, "Also load DIR/<target>/*.isa (or DIR/*.isa)");
  prm->add_flag("--csv", o->csv, "Comma-separated values, one row per encoding");
  CLI::App* hz = sub.add_subcommand("hazards", "A program covering every data-hazard pair of the PRM, with its coverage");
  hz->fallthrough();
  hz->add_option("--target", o->target, "Target (tcore)")->required();
  hz->add_option("--spec-dir", o->spec_dir, "Also load DIR/<target>/*.isa (or DIR/*.isa)");
  add_engine_option(*hz);
  hz->add_option("--gaps", o->gaps, "Bundles between producer and consumer: N or LO-HI (default 0)");
  hz->add_option("--seed", o->seed, "Seed of the immediates and initial values (default 1)");
  hz->add_option("-o,--output", o->out, "Write the assembly source (for mlisa as) to FILE");
  hz->add_flag("--run", o->run, "Run the program on the ISA-level tcore model and print a digest of the results region");
  hz->add_option("--dump", o->dump, "With the run: write the results region to FILE (address: 16 words per line)");
  CLI::App* fm = sub.add_subcommand("forms", "Forms of every encoding drawn from the specs (mve, sme2), good or bad, as a source");
  fm->fallthrough();
  fm->add_option("--target", o->target, "Target (mve, sme2)")->required();
  fm->add_option("--spec-dir", o->spec_dir, "Also load DIR/<target>/*.isa (or DIR/*.isa)");
  fm->add_option("--per-encoding", o->per_encoding, "Forms per encoding, at most (default 6)");
  fm->add_option("--seed", o->seed, "Seed of the drawn words (default 1)");
  fm->add_flag("--bad", o->bad, "Print lines every assembler must refuse (a register or immediate out of range)");
  return [o, &global, prm, hz, fm]() -> int {
    if (prm->parsed()) return run_prm(*o, global);
    if (fm->parsed()) return run_forms(*o, global);
    if (hz->parsed()) return run_hazards(*o, global);
    return 2;
  };
}

}  // namespace mlisa::cli
