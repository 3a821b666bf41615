// mlisa run --target mve: a T32/MVE program on the mps3-an547 memory map to
// a semihosting exit (docs/mve.md). cmd_run.cpp adds these options and calls
// run_mve when --target is mve.
#pragma once

#include "cli/run_machine.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace mlisa::cli {

struct MveRunOptions {
  bool fp_disabled = false;
  std::string semihosting_root;   // --semihosting-root DIR: host files below DIR
  std::string spec_dir;           // --spec-dir DIR: DIR/mve/*.isa over the embedded specs
  std::vector<std::string> args;  // after FILE (and --): the program's command line
};

void add_mve_run_options(CLI::App& sub, MveRunOptions& o);

// Prints the program's semihosting output (stdout, and the ":tt" stderr
// handle on stderr; with --show, registers; with json one JSON object
// instead). The semihosting command line (SYS_GET_CMDLINE) is FILE and the
// arguments after it, separated by spaces, as QEMU builds it from -kernel
// FILE -append "ARGS". Returns the program's exit status; throws
// mlisa::Fault (exit 3) on a fault or when max_steps run out,
// mlisa::UsageError (exit 2) when --semihosting-root is not a directory.
// --set, --show, --stats, --gdb and --trace as run_machine.hpp says.
int run_mve(const MveRunOptions& o, const MachineRunOptions& run, const DebugOptions& debug, const std::string& file,
            bool json);

}  // namespace mlisa::cli
