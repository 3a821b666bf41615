// mlisa run --target mve (run_mve.hpp).
#include "cli/run_mve.hpp"

#include "core/diag.hpp"
#include "targets/machines.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <filesystem>

namespace mlisa::cli {

void add_mve_run_options(CLI::App& sub, MveRunOptions& o) {
  sub.add_flag("--fp-disabled", o.fp_disabled, "mve: leave CPACR.CP10/CP11 at 0 (FP and MVE instructions fault, NOCP)");
  sub.add_option("--semihosting-root", o.semihosting_root,
                 "mve: semihosting file operations reach host files only inside this directory (none without it)");
  sub.add_option("--spec-dir", o.spec_dir, "mve, sme2: load DIR/<target>/*.isa (or DIR/*.isa) over the embedded specs");
}

int run_mve(const MveRunOptions& o, const MachineRunOptions& run, const DebugOptions& debug, const std::string& file,
            bool json) {
  check_debug_options(debug);
  if (file.empty()) throw UsageError("mlisa run --target mve needs a FILE (.s, .o or .elf)");
  std::string root;
  if (!o.semihosting_root.empty()) {
    std::error_code ec;
    const std::filesystem::path canonical = std::filesystem::canonical(o.semihosting_root, ec);
    if (ec || !std::filesystem::is_directory(canonical))
      throw UsageError(fmt::format("--semihosting-root {}: not an existing directory", o.semihosting_root));
    root = canonical.string();
  }
  targets::MachineOptions options;
  options.spec_dir = o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir);
  options.fp_enabled = !o.fp_disabled;
  const auto machine = targets::make_machine("mve", options);
  auto& m = static_cast<targets::MveMachine&>(*machine);
  for (const std::string& r : run.shows) m.register_info(r);
  m.load_file(file);
  m.raw().host().root = root;
  m.raw().host().cmdline = file;
  for (const std::string& a : o.args) m.raw().host().cmdline += " " + a;
  if (!json) m.set_output(print_output);
  prepare_run(m, run);
  nlohmann::json j;
  const std::optional<int> status = run_to_exit(m, run, debug, json ? &j : nullptr);
  if (!status) return 0;
  if (json) {
    j["exit_status"] = *status;
    j["instructions"] = m.instructions();
    j["output"] = m.output();
    show_registers(m, run.shows, &j);
    fmt::print("{}\n", j.dump(2));
  } else {
    show_registers(m, run.shows, nullptr);
  }
  return *status;
}

}  // namespace mlisa::cli
