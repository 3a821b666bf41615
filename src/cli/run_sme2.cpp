// mlisa run --target sme2 (run_sme2.hpp).
#include "cli/run_sme2.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "targets/gdb_targets.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/word_program.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdio>

namespace mlisa::cli {

namespace {

}  // namespace

void add_sme2_run_options(CLI::App& sub, Sme2RunOptions& o) {
  sub.add_option("--svl", o.svl, "sme2: the streaming vector length in bits (128..2048, a power of two)")
      ->capture_default_str();
}

int run_sme2(const Sme2RunOptions& o, const DebugOptions& debug, uint64_t max_steps, const std::vector<std::string>& shows,
             const std::string& file, bool json) {
  check_debug_options(debug);
  if (file.empty()) throw UsageError("mlisa run --target sme2 needs a FILE (.s, .o or .elf)");
  auto t = targets::sme2::load();
  targets::sme2::Machine m(*t.isa, o.svl);
  for (const std::string& r : shows)
    if (m.width_of(to_lower(r)) == 0) throw InputError(fmt::format("--show: unknown register '{}'", r));
  m.load(targets::load_program(*t.isa, file, targets::sme2::Machine::layout()));
  std::string output;
  m.on_write = [&](int fd, std::string_view s) {
    if (json) {
      output += s;
      return;
    }
    std::FILE* f = fd == 2 ? stderr : stdout;
    std::fwrite(s.data(), 1, s.size(), f);
    std::fflush(f);
  };
  int status;
  if (debug.gdb_port >= 0 || !debug.trace.empty()) {
    targets::Sme2GdbTarget target(m, *t.isa);
    const auto exited = run_debugged(target, debug, max_steps);
    if (!exited) return 0;
    status = *exited;
  } else {
    status = m.run(max_steps);
  }
  const uint64_t macs = m.za_multiply_accumulates();
  const double per = m.instructions ? static_cast<double>(macs) / static_cast<double>(m.instructions) : 0.0;
  if (json) {
    nlohmann::json j;
    j["exit_status"] = status;
    j["instructions"] = m.instructions;
    j["za_multiply_accumulates"] = macs;
    j["za_multiply_accumulates_per_instruction"] = per;
    j["output"] = output;
    nlohmann::json regs = nlohmann::json::object();
    for (const std::string& r : shows) regs[to_lower(r)] = m.get(to_lower(r)).to_hex();
    j["registers"] = regs;
    fmt::print("{}\n", j.dump(2));
  } else {
    for (const std::string& r : shows) fmt::print("{}={}\n", to_lower(r), m.get(to_lower(r)).to_hex());
    fmt::print(stderr, "mlisa: exit status {} after {} instructions; {} ZA multiply-accumulates ({:.2f} per instruction)\n",
               status, m.instructions, macs, per);
  }
  return status;
}

}  // namespace mlisa::cli
