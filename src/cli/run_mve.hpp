// mlisa run --target mve: a T32/MVE program on the mps3-an547 memory map to
// a semihosting exit (docs/mve.md). cmd_run.cpp adds these options and calls
// run_mve when --target is mve.
#pragma once

#include "cli/run_debug.hpp"

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace mlisa::cli {

struct MveRunOptions {
  uint64_t max_steps = 100'000'000;
  bool fp_disabled = false;
  std::vector<std::string> shows;
  std::string semihosting_root;   // --semihosting-root DIR: host files below DIR
  std::string spec_dir;           // --spec-dir DIR: DIR/mve/*.isa over the embedded specs
  std::vector<std::string> args;  // after FILE (and --): the program's command line
  bool stats = false;             // --stats: executed instructions by encoding, on stderr
};

void add_mve_run_options(CLI::App& sub, MveRunOptions& o);

// Prints the program's semihosting output (stdout, and the ":tt" stderr
// handle on stderr; with --show, registers; with json one JSON object
// instead). The semihosting command line (SYS_GET_CMDLINE) is FILE and the
// arguments after it, separated by spaces, as QEMU builds it from -kernel
// FILE -append "ARGS". Returns the program's exit status; throws
// mlisa::Fault (exit 3) on a fault or when max_steps run out,
// mlisa::UsageError (exit 2) when --semihosting-root is not a directory.
// With --stats, the instructions that ran, counted by encoding, go to stderr
// (with --json, into the object as "stats"), also when the run stops at a
// fault.
// With --gdb the program runs under the GDB stub (docs/gdb.md); a run the
// debugger ends (kill, or a lost connection) returns 0. With --trace every
// instruction goes to the trace (docs/trace.md).
int run_mve(const MveRunOptions& o, const DebugOptions& debug, const std::string& file, bool json);

}  // namespace mlisa::cli
