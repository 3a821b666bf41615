// The natives the mve specs reach through builtins:
// - ExceptionTaken(exception, cause), which ends the instruction with an
//   ArchException (the fault's architectural name and cause, "UsageFault",
//   "NOCP");
// - _Mem[address, size] (getter and setter), the board's memory under
//   MemA/MemU (isa/mve/shared_mem.isa): an address outside it sets
//   BFSR.PRECISERR and BFARVALID, BFAR the address, and raises a BusFault
//   (PRECISERR). The System Control Space (0xE000E000-0xE000EFFF) holds the
//   registers of the pseudocode's globals (shared_exc.isa): SysTick
//   (SYST_CSR, SYST_RVR, SYST_CVR at 0xE000E010-18), CPUID, ICSR (PendSV
//   and SysTick set/clear-pending, VECTACTIVE), VTOR, AIRCR (PRIGROUP), SCR,
//   CCR, SHPR1-3, SHCSR (enables; active and pending bits from the
//   exception state), CFSR (MMFSR, BFSR, UFSR), HFSR (write-one-to-clear),
//   MMFAR, BFAR, CPACR, FPCCR; byte, halfword and word accesses. Its other
//   addresses read as zero and ignore writes;
// - SemihostingCall(op, parameter), the host side of BKPT 0xAB: Arm
//   semihosting (32-bit callers) as QEMU 7.2 serves it with
//   target=native (semihosting/arm-compat-semi.c): SYS_OPEN (":tt" gives the
//   console's stdin, stdout or stderr by mode; ":semihosting-features" the
//   feature file; other names host files), SYS_CLOSE, SYS_WRITEC, SYS_WRITE0,
//   SYS_WRITE, SYS_READ, SYS_READC, SYS_ISERROR, SYS_ISTTY, SYS_SEEK,
//   SYS_FLEN, SYS_REMOVE, SYS_RENAME, SYS_CLOCK, SYS_TIME, SYS_ERRNO,
//   SYS_GET_CMDLINE, SYS_HEAPINFO, SYS_EXIT, SYS_EXIT_EXTENDED, SYS_ELAPSED,
//   SYS_TICKFREQ. Handles are allocated from 1 upwards, lowest free first;
//   errors set the errno SYS_ERRNO returns (the host's values, as QEMU's).
//   Host files are reached only below Host::root (--semihosting-root):
//   without a root, or for a name that resolves outside it (through `..` or
//   a symbolic link), the operation fails with ENOENT, as for a missing file,
//   and nothing on the host is touched. Any other operation stops the run
//   with the fault "semihosting" naming it;
// - BKPTInstrDebugEvent(), any other BKPT: "HardFault (DEBUGEVT)".
// They reach the machine through Engine::target_state, a Host.
#pragma once

#include "sim/memory.hpp"
#include "spec/builtins.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlisa::targets::mve {

struct Host {
  sim::Memory memory;
  // Where the program's console output goes: stdout (SYS_WRITEC, SYS_WRITE0
  // and the ":tt" stdout handle) and stderr (the ":tt" stderr handle); null:
  // appended to `output` (both, in order).
  std::function<void(std::string_view)> write, write_err;
  std::string output;
  // The console's input (SYS_READ of the ":tt" stdin handle, SYS_READC):
  // null reads the host's standard input.
  std::function<std::string(size_t max)> read;
  // The program's memory as loaded (address, size): SYS_HEAPINFO's heap is
  // the largest gap they leave in the first memory, as QEMU computes it.
  std::vector<std::pair<uint64_t, uint64_t>> loaded;
  // --semihosting-root: host files are reached only below this directory
  // (canonical path); empty: not at all.
  std::string root;
  // SYS_FLEN of a console handle (fd 0 stdin, 1 stdout, 2 stderr): null
  // gives the size of this process's descriptor (fstat), as QEMU does with
  // its own; `mlisa cosim` sets it to what QEMU's console files hold.
  std::function<uint64_t(int fd)> console_size;
  // The bytes SYS_WRITE gave each console handle (by fd), for console_size.
  uint64_t console_written[3] = {0, 0, 0};
  // SYS_GET_CMDLINE's command line: the program's path and its arguments.
  std::string cmdline;
  // The semihosting handles: a console stream (0 stdin, 1 stdout, 2 stderr),
  // a host file, or the static feature file.
  struct Handle {
    enum Kind { Console, File, Features } kind = Console;
    int fd = -1;          // Console: 0, 1, 2; File: the host descriptor
    uint64_t offset = 0;  // Features: the read position
  };
  std::map<uint32_t, Handle> handles;
  uint32_t errno_value = 0;  // what SYS_ERRNO returns
  std::chrono::steady_clock::time_point started = std::chrono::steady_clock::now();
  // Set by SYS_EXIT: the exit status (0 for ADP_Stopped_ApplicationExit
  // without a status, else as QEMU computes it).
  std::optional<int> exit_status;
  Host() = default;
  Host(const Host&) = delete;
  Host& operator=(const Host&) = delete;
  ~Host();
  void close_files();  // closes the host files the program left open
};

// Thrown through the engine by ExceptionTaken and by an access to no
// memory: a synchronous exception (its number: 3 HardFault, 4 MemManage,
// 5 BusFault, 6 UsageFault, 11 SVCall) and its cause ("NOCP",
// "PRECISERR"; empty for SVCall); `detail` says what happened. The machine
// enters the handler or stops the run (machine.hpp).
struct ArchException {
  int number = 0;
  std::string cause, detail;
};

// The architectural name of exception n ("UsageFault").
std::string exception_name(int n);

// Thrown through the engine by SYS_EXIT; the machine catches it.
struct SemihostingExit {
  int status = 0;
};

void add_builtins(spec::BuiltinTable& table);

}  // namespace mlisa::targets::mve
