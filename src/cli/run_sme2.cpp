// mlisa run --target sme2 (run_sme2.hpp).
#include "cli/run_sme2.hpp"

#include "core/diag.hpp"
#include "targets/machines.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>


namespace mlisa::cli {

void add_sme2_run_options(CLI::App& sub, Sme2RunOptions& o) {
  sub.add_option("--svl", o.svl, "sme2: the streaming vector length in bits (128..2048, a power of two)")
      ->capture_default_str();
}

int run_sme2(const Sme2RunOptions& o, const MachineRunOptions& run, const DebugOptions& debug,
             const std::optional<std::string>& spec_dir, const std::string& file, bool json) {
  check_debug_options(debug);
  if (file.empty()) throw UsageError("mlisa run --target sme2 needs a FILE (.s, .o or .elf)");
  targets::MachineOptions options;
  options.svl = o.svl;
  options.spec_dir = spec_dir;
  const auto machine = targets::make_machine("sme2", options);
  auto& m = static_cast<targets::Sme2Machine&>(*machine);
  for (const std::string& r : run.shows) m.register_info(r);
  m.load_file(file);
  if (!json) m.set_output(print_output);
  prepare_run(m, run);
  nlohmann::json j;
  const std::optional<int> status = run_to_exit(m, run, debug, json ? &j : nullptr);
  if (!status) return 0;
  const uint64_t macs = m.raw().za_multiply_accumulates();
  const uint64_t n = m.instructions();
  const double per = n ? static_cast<double>(macs) / static_cast<double>(n) : 0.0;
  if (json) {
    j["exit_status"] = *status;
    j["instructions"] = n;
    j["za_multiply_accumulates"] = macs;
    j["za_multiply_accumulates_per_instruction"] = per;
    j["output"] = m.output();
    show_registers(m, run.shows, &j);
    fmt::print("{}\n", j.dump(2));
  } else {
    show_registers(m, run.shows, nullptr);
    fmt::print(stderr, "mlisa: exit status {} after {} instructions; {} ZA multiply-accumulates ({:.2f} per instruction)\n",
               *status, n, macs, per);
  }
  return *status;
}

}  // namespace mlisa::cli
