// The hazards suite: see hazard_suite.hpp. Detection: after some bundle the
// faulty pipeline's registers or stores differ from the ISA-level machine's
// after the same bundle, so a dump of the state after that prefix of the
// program tells them apart; the instructions counted are those retired up to
// it, over the suite's programs in order.
#include "verify/hazard_suite.hpp"

#include "asm/gas.hpp"
#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/pipeline.hpp"
#include "targets/tcore/program.hpp"
#include "targets/tools.hpp"
#include "verify/hazards.hpp"
#include "verify/prm.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <functional>
#include <optional>
#include <thread>

namespace mlisa::verify {

namespace tc = targets::tcore;

namespace {

struct Prog {
  tc::Image image;
  size_t memory = 1 << 20;
  uint64_t instructions = 0;
};

Prog assemble(const as::SpecIsa& isa, const std::string& text, size_t memory) {
  const auto obj = as::assemble_gas(isa.isa, targets::gas_target(isa), text, "<hazard suite>");
  Prog p{tc::load_image(isa, obj.sections, "<hazard suite>"), std::max<size_t>(memory, 1 << 20), 0};
  return p;
}

// The first program of `progs` that detects `fault`: (detected, instructions, how).
std::tuple<bool, uint64_t, std::string> first_detection(const as::SpecIsa& isa, const std::vector<Prog>& progs,
                                                        const tc::FaultSpec* fault) {
  uint64_t before = 0;
  for (const Prog& p : progs) {
    const tc::Comparison c = tc::compare_with_isa(isa, p.image.code, p.image.data, p.memory, fault, uint64_t{1} << 24, true);
    // A difference only in the final memory (a DMA store) shows at the end of the program.
    if (c.diverged) return {true, before + c.instructions_to_divergence, c.difference};
    if (!c.equal) return {true, before + c.instructions, c.difference.empty() ? "the final memory differs" : c.difference};
    before += p.instructions;
  }
  return {false, 0, ""};
}

// What a thread works with: nothing of a loaded target is meant to be shared
// between threads, so each has its own (and its own PRM matrix when it needs one).
struct Own {
  targets::LoadedTarget t = targets::load_bundle_target("tcore");
  std::optional<prm::Matrix> m;
  const prm::Matrix& matrix() {
    if (!m) m = prm::build(*t.spec);
    return *m;
  }
};

// Runs work(i, own) for i in [0, n) on `jobs` threads (0: one per core); the
// first error by i is rethrown.
void share_out(size_t n, unsigned jobs, const std::function<void(size_t, Own&)>& work) {
  std::vector<std::exception_ptr> errors(n);
  std::atomic<size_t> next{0};
  auto worker = [&] {
    std::optional<Own> own;
    for (size_t i; (i = next++) < n;) {
      try {
        if (!own) own.emplace();
        work(i, *own);
      } catch (...) {
        errors[i] = std::current_exception();
      }
    }
  };
  jobs = static_cast<unsigned>(std::clamp<size_t>(n, 1, jobs ? jobs : std::max(1u, std::thread::hardware_concurrency())));
  std::vector<std::thread> threads;
  for (unsigned k = 1; k < jobs; ++k) threads.emplace_back(worker);
  worker();
  for (auto& th : threads) th.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace

HazardSuiteReport run_hazard_suite(const HazardSuiteOptions& o) {
  HazardSuiteReport r;
  // Each range of gaps: its generated program and a random baseline of as
  // many instructions, both checked on the fault-free pipeline.
  std::vector<Prog> hazard(o.gaps.size()), baseline(o.gaps.size());
  share_out(o.gaps.size(), o.jobs, [&](size_t i, Own& own) {
    const auto [lo, hi] = o.gaps[i];
    const as::SpecIsa& isa = *own.t.isa;
    hazards::GenOptions go;
    go.seed = o.seed;
    const auto res = hazards::run(own.matrix(), isa, lo, hi, go);
    Prog h = assemble(isa, res.program.assembly, res.program.memory_bytes);
    const tc::Comparison clean = tc::compare_with_isa(isa, h.image.code, h.image.data, h.memory, nullptr);
    h.instructions = clean.instructions;
    // The fault-free pipeline must equal the ISA model, or every "detection" is noise.
    auto require_clean = [&](const tc::Comparison& c, const char* what) {
      if (c.diverged || !c.equal)
        throw CheckFailed(fmt::format("hazards suite: the fault-free pipeline differs from the ISA model on the {} "
                                      "program of gaps {}-{} (seed {}): {}",
                                      what, lo, hi, o.seed, c.difference));
    };
    require_clean(clean, "generated");
    // The baseline: random programs with as many instructions.
    const hazards::Plan plan = hazards::plan(own.matrix(), isa, lo, hi);
    Prog b = assemble(isa, hazards::random_program(own.matrix(), isa, plan, h.instructions, o.seed * 1000 + i), 1 << 20);
    const tc::Comparison bclean = tc::compare_with_isa(isa, b.image.code, b.image.data, b.memory, nullptr);
    b.instructions = bclean.instructions;
    require_clean(bclean, "random baseline");
    hazard[i] = std::move(h);
    baseline[i] = std::move(b);
  });
  for (size_t i = 0; i < hazard.size(); ++i) {
    r.hazard_instructions += hazard[i].instructions;
    r.baseline_instructions += baseline[i].instructions;
  }
  r.programs = hazard.size();
  std::vector<const tc::FaultSpec*> faults;
  for (const tc::FaultSpec& f : tc::fault_catalogue())
    if (o.only.empty() || std::find(o.only.begin(), o.only.end(), f.name) != o.only.end()) faults.push_back(&f);
  // Each fault against the hazard programs and against the baseline: independent runs.
  std::vector<std::tuple<bool, uint64_t, std::string>> found(2 * faults.size());
  share_out(found.size(), o.jobs, [&](size_t i, Own& own) {
    found[i] = first_detection(*own.t.isa, i % 2 ? baseline : hazard, faults[i / 2]);
  });
  for (size_t k = 0; k < faults.size(); ++k) {
    const tc::FaultSpec& f = *faults[k];
    HazardFaultResult x;
    x.fault = f.name;
    x.unit = tc::unit_name(f.unit);
    x.description = f.description;
    x.data_hazard = f.data_hazard;
    std::tie(x.detected, x.instructions_to_detect, x.how) = found[2 * k];
    std::tie(x.baseline_detected, x.baseline_instructions_to_detect, std::ignore) = found[2 * k + 1];
    r.faults.push_back(std::move(x));
  }
  return r;
}

std::string hazard_report_json(const HazardSuiteReport& r) {
  nlohmann::json faults = nlohmann::json::array();
  size_t data = 0, data_detected = 0, fewer = 0;
  for (const auto& f : r.faults) {
    nlohmann::json j = {{"fault", f.fault},
                        {"unit", f.unit},
                        {"data_hazard", f.data_hazard},
                        {"detected", f.detected},
                        {"instructions_to_detect", f.detected ? nlohmann::json(f.instructions_to_detect) : nlohmann::json()},
                        {"baseline_detected", f.baseline_detected},
                        {"baseline_instructions_to_detect",
                         f.baseline_detected ? nlohmann::json(f.baseline_instructions_to_detect) : nlohmann::json()},
                        {"first_difference", f.how}};
    faults.push_back(std::move(j));
    if (!f.data_hazard) continue;
    ++data;
    if (f.detected) ++data_detected;
    if (f.detected && (!f.baseline_detected || f.instructions_to_detect < f.baseline_instructions_to_detect)) ++fewer;
  }
  nlohmann::json j = {{"suite", "hazards"},
                      {"target", "tcore"},
                      {"programs", r.programs},
                      {"hazard_instructions", r.hazard_instructions},
                      {"baseline_instructions", r.baseline_instructions},
                      {"data_hazard_faults", data},
                      {"data_hazard_faults_detected", data_detected},
                      {"detected_with_fewer_instructions_than_baseline", fewer},
                      {"faults", std::move(faults)}};
  return j.dump(2) + "\n";
}

std::string hazard_report_text(const HazardSuiteReport& r) {
  std::string s = fmt::format("hazards (tcore): {} programs, {} instructions; baseline {} instructions\n", r.programs,
                              r.hazard_instructions, r.baseline_instructions);
  s += fmt::format("{:<38} {:<8} {:>9} {:>12} {:>9} {:>12}\n", "fault", "unit", "detected", "instructions",
                   "baseline", "instructions");
  for (const auto& f : r.faults)
    s += fmt::format("{:<38} {:<8} {:>9} {:>12} {:>9} {:>12}{}\n", f.fault, f.unit, f.detected ? "yes" : "NO",
                     f.detected ? std::to_string(f.instructions_to_detect) : "-", f.baseline_detected ? "yes" : "no",
                     f.baseline_detected ? std::to_string(f.baseline_instructions_to_detect) : "-",
                     f.data_hazard ? "" : "  (control)");
  return s;
}

}  // namespace mlisa::verify
