// mlisa run --target sme2: an A64 program with streaming SVE and SME2 as a
// Linux process (docs/sme2.md). cmd_run.cpp adds the option --svl and calls
// run_sme2 when --target is sme2; --max-steps and --show are the ones the
// mve run registered.
#pragma once

#include "cli/run_debug.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
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
// --gdb and --trace as for mve (run_mve.hpp).
int run_sme2(const Sme2RunOptions& o, const DebugOptions& debug, uint64_t max_steps, const std::vector<std::string>& shows,
             const std::string& file, bool json);

}  // namespace mlisa::cli
