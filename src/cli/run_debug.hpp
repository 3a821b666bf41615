// The debugging options of mlisa run --target mve|sme2: a GDB stub
// (docs/gdb.md) and an instruction trace (docs/trace.md).
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

namespace mlisa::cli {

struct DebugOptions {
  int gdb_port = -1;  // --gdb PORT (0: any free port, printed on stderr); -1: no stub
  bool gdb_wait = false;
  std::string gdb_host = "127.0.0.1";
  std::string trace;                  // --trace FILE ("-": stdout)
  std::string trace_format = "text";  // text or jsonl
};

void add_debug_options(CLI::App& sub, DebugOptions& o);
// Throws mlisa::UsageError for options that need another (--gdb-wait without --gdb).
void check_debug_options(const DebugOptions& o);

}  // namespace mlisa::cli

namespace mlisa::sim::gdb {
class Target;
}

namespace mlisa::cli {

// Runs the program of `target` as --gdb and --trace say (the trace file is
// opened first: mlisa::InputError when it cannot be written): its exit
// status, or nullopt when the debugger ended the run (kill, a lost
// connection; said on stderr). Throws mlisa::Fault on a fault with no
// debugger attached, and "step limit" after max_steps instructions run
// without one.
std::optional<int> run_debugged(sim::gdb::Target& target, const DebugOptions& o, uint64_t max_steps);

}  // namespace mlisa::cli
