// What `mlisa run` does with any target's machine (sim/machine.hpp): --set
// before the run, the run itself (plain, with --stats, or under --gdb and
// --trace), --show after it. run_mve.cpp, run_sme2.cpp and cmd_run.cpp (tcore)
// load the machine and add what only their target prints.
#pragma once

#include "cli/run_debug.hpp"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::sim {
class Machine;
}

namespace mlisa::cli {

struct MachineRunOptions {
  uint64_t max_steps = 100'000'000;
  std::vector<std::string> sets, shows;
  bool stats = false;  // --stats: executed instructions by encoding, on stderr (json: "stats")
};

// --set and --show name registers of the machine's table (mlisa::InputError
// listing the valid names otherwise). Applies every --set.
void prepare_run(sim::Machine& m, const MachineRunOptions& o);

// Runs the loaded machine to its exit: its status, or nullopt when a
// debugger ended the run. Throws mlisa::Fault on a fault or when max_steps
// run out. With stats, the counts go to stderr (or into *json as "stats"),
// also when the run stops at a fault.
std::optional<int> run_to_exit(sim::Machine& m, const MachineRunOptions& o, const DebugOptions& debug,
                               nlohmann::json* json);

// The program's console on ours: fd 1 to stdout, fd 2 to stderr (stdout
// flushed first, so that the two interleave as written), each write flushed.
void print_output(int fd, std::string_view bytes);

// The --show registers: REG=0x... lines on stdout, or into *json as "registers".
void show_registers(sim::Machine& m, const std::vector<std::string>& shows, nlohmann::json* json);

}  // namespace mlisa::cli
