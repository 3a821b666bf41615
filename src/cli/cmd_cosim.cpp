// mlisa cosim: an mve ELF run in lock step by our engine and by QEMU's
// Cortex-M55 under its GDB server, compared after every instruction
// (docs/cosim.md, src/verify/cosim.hpp).
//
//   mlisa cosim --target mve [--max-steps N] [--step-timeout S] [--spec-dir DIR]
//               [--semihosting-root DIR] FILE.elf [-- ARGS...]
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "verify/cosim.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <memory>

namespace mlisa::cli {

namespace {

struct CosimOptions {
  std::string target, file, spec_dir, qemu = "qemu-system-arm", semihosting_root;
  std::vector<std::string> args;
  uint64_t max_steps = 100'000'000, checkpoint = 0;
  double step_timeout = 10;
};

int run_cosim(const CosimOptions& o, const GlobalOptions& global) {
  if (o.target != "mve" && o.target != "armv8.1-m.main+mve.fp")
    throw UsageError(fmt::format("mlisa cosim runs --target mve (got '{}')", o.target));
  if (o.step_timeout <= 0) throw UsageError("--step-timeout must be positive");
  verify::cosim::Options opt;
  opt.file = o.file;
  if (!o.spec_dir.empty()) opt.spec_dir = o.spec_dir;
  opt.max_steps = o.max_steps;
  opt.step_timeout = o.step_timeout;
  opt.qemu = o.qemu;
  opt.args = o.args;
  opt.checkpoint = o.checkpoint;
  if (!o.semihosting_root.empty()) {
    if (!std::filesystem::is_directory(o.semihosting_root))
      throw UsageError(fmt::format("--semihosting-root {}: not an existing directory", o.semihosting_root));
    opt.semihosting_root = o.semihosting_root;
  }
  verify::cosim::Outcome r;
  try {
    r = verify::cosim::run(opt);
  } catch (const verify::cosim::OracleError& e) {
    throw InputError(fmt::format("cosim: {}", e.what()));
  }
  using End = verify::cosim::Outcome::End;
  if (global.json) {
    nlohmann::json j;
    j["result"] = r.end == End::Identical ? "identical" : r.end == End::Diverged ? "diverged" : "step limit";
    j["instructions"] = r.steps;
    if (r.end == End::Identical) j["exit_status"] = r.exit_status;
    if (!r.report.empty()) j["report"] = r.report;
    fmt::print("{}\n", j.dump(2));
  } else {
    std::fwrite(r.our_output.data(), 1, r.our_output.size(), stdout);
    if (r.end == End::Identical)
      fmt::print(stderr, "cosim: identical: both programs exited with status {} after {} instructions\n", r.exit_status,
                 r.steps);
    else if (r.end == End::StepLimit)
      fmt::print(stderr, "cosim: no divergence in the first {} instructions (--max-steps); the programs had not ended\n",
                 r.steps);
    else
      fmt::print(stderr, "cosim: {}", r.report);
  }
  return r.end == End::Diverged ? 1 : 0;
}

}  // namespace

Action setup_cosim(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<CosimOptions>();
  sub.add_option("--target", o->target, "Target: mve")->required();
  sub.add_option("--max-steps", o->max_steps, "Stop after this many instructions")->capture_default_str();
  sub.add_option("--step-timeout", o->step_timeout, "Seconds QEMU may take to answer one request")->capture_default_str();
  sub.add_option("--checkpoint", o->checkpoint,
                 "Compare every N instructions, QEMU running to a breakpoint in between; step through a stretch "
                 "that ends differently (0: after every instruction)")
      ->capture_default_str();
  sub.add_option("--spec-dir", o->spec_dir, "Load DIR/mve/*.isa (or DIR/*.isa) over the embedded specs");
  sub.add_option("--qemu", o->qemu, "The QEMU binary")->capture_default_str();
  sub.add_option("--semihosting-root", o->semihosting_root,
                 "Both sides start with a private copy of this directory as their semihosting root (QEMU's working "
                 "directory); empty directories without it");
  sub.add_option("file", o->file, "An ELF executable with a vector table (as QEMU's -kernel boots it)")->required();
  sub.add_option("args", o->args, "The program's arguments (after --): SYS_GET_CMDLINE, QEMU's -append");
  return [o, &global]() { return run_cosim(*o, global); };
}

}  // namespace mlisa::cli
