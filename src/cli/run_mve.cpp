// mlisa run --target mve (run_mve.hpp).
#include "cli/run_mve.hpp"

#include "core/diag.hpp"
#include "targets/gdb_targets.hpp"
#include "targets/mve/machine.hpp"
#include "targets/word_program.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>
#include <filesystem>

namespace mlisa::cli {

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string hex(const spec::Bits& b) {
  std::string out;
  for (uint32_t at = b.width(); at > 0;) {
    const uint32_t w = std::min<uint32_t>(64, at);
    at -= w;
    out += fmt::format("{:0{}x}", b.slice(at, w).low64(), (w + 3) / 4);
  }
  return "0x" + out;
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
}

int run_mve(const MveRunOptions& o, const DebugOptions& debug, const std::string& file, bool json) {
  check_debug_options(debug);
  if (file.empty()) throw UsageError("mlisa run --target mve needs a FILE (.s, .o or .elf)");
  for (const std::string& r : o.shows)
    if (targets::mve::Machine::width_of(lower(r)) == 0) throw InputError(fmt::format("--show: unknown register '{}'", r));
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
  if (debug.gdb_port >= 0 || !debug.trace.empty()) {
    targets::MveGdbTarget target(m, *t.isa);
    if (!run_debugged(target, debug, o.max_steps)) return 0;
  } else if (!m.run(o.max_steps))
    throw Fault("step limit", fmt::format("{} instructions run without a semihosting SYS_EXIT (--max-steps)", o.max_steps));
  const int status = *m.exit_status();
  if (json) {
    nlohmann::json j;
    j["exit_status"] = status;
    j["instructions"] = m.instructions;
    j["output"] = m.host().output;
    nlohmann::json regs = nlohmann::json::object();
    for (const std::string& r : o.shows) regs[lower(r)] = hex(m.get(lower(r)));
    j["registers"] = regs;
    fmt::print("{}\n", j.dump(2));
  } else {
    for (const std::string& r : o.shows) fmt::print("{}={}\n", lower(r), hex(m.get(lower(r))));
  }
  return status;
}

}  // namespace mlisa::cli
