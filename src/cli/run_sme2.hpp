// mlisa run --target sme2: an A64 program with streaming SVE and SME2 as a
// Linux process (docs/sme2.md). cmd_run.cpp adds the option --svl and calls
// run_sme2 when --target is sme2.
#pragma once

#include "cli/run_machine.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlisa::cli {

struct Sme2RunOptions {
  int svl = 512;
};

void add_sme2_run_options(CLI::App& sub, Sme2RunOptions& o);

// Prints what the program writes to fd 1 and 2 (stdout, stderr), then, with
// --show, the registers; a summary line (instructions, ZA multiply-adds) on
// stderr. With json one JSON object instead. Returns the program's exit
// status; throws mlisa::Fault (exit 3) on a fault or when max_steps run out.
// --set, --show, --stats, --gdb and --trace as run_machine.hpp says.
int run_sme2(const Sme2RunOptions& o, const MachineRunOptions& run, const DebugOptions& debug,
             const std::optional<std::string>& spec_dir, const std::string& file, bool json);

}  // namespace mlisa::cli
