// The natives the mve specs reach through builtins:
// - ExceptionTaken(exception, cause), which stops the run with the fault's
//   architectural name ("UsageFault (NOCP)");
// - _Mem[address, size] (getter and setter), the board's memory under
//   MemA/MemU (isa/mve/shared_mem.isa): an address outside it sets
//   BFSR.PRECISERR and raises "BusFault (PRECISERR)". In the System Control
//   Space, CPACR (0xE000ED88) and CCR (0xE000ED14) are the globals of those
//   names; its other addresses read as zero and ignore writes;
// - SemihostingCall(op, parameter), the host side of BKPT 0xAB (Arm
//   semihosting, 32-bit): SYS_WRITEC, SYS_WRITE0, SYS_WRITE to the console
//   (a handle from SYS_OPEN of ":tt", as QEMU has no handle open at reset),
//   SYS_EXIT and SYS_EXIT_EXTENDED ending the run as QEMU does;
// - BKPTInstrDebugEvent(), any other BKPT: "HardFault (DEBUGEVT)".
// They reach the machine through Engine::target_state, a Host.
#pragma once

#include "sim/memory.hpp"
#include "spec/builtins.hpp"

#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace mlisa::targets::mve {

struct Host {
  sim::Memory memory;
  // Where the program's console output goes; null: appended to `output`.
  std::function<void(std::string_view)> write;
  std::string output;
  // Handles of the console that SYS_OPEN(":tt") gave (1 stdin, 2 stdout, 3 stderr).
  std::set<uint32_t> console_handles;
  // Set by SYS_EXIT: the exit status (0 for ADP_Stopped_ApplicationExit
  // without a status, else as QEMU computes it).
  std::optional<int> exit_status;
};

// Thrown through the engine by SYS_EXIT; the machine catches it.
struct SemihostingExit {
  int status = 0;
};

void add_builtins(spec::BuiltinTable& table);

}  // namespace mlisa::targets::mve
