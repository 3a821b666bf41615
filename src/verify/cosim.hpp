// Lock-step co-simulation of an mve ELF: our engine and QEMU's Cortex-M55
// (mps3-an547) under its GDB server, stepped one instruction at a time and
// compared after each (docs/cosim.md).
//
// QEMU starts halted (-S) with its gdbstub on a private Unix socket; its
// register layout comes from its target description (qXfer). After every
// instruction the core registers (R0-R15, the APSR flags of xPSR) are read
// with one `g` packet; the FP and MVE registers (D0-D15, FPSCR, VPR) after
// an instruction in the coprocessor space or one that changed ours, and
// every 4096 instructions; every byte our side stored is read back from
// QEMU (`m`). The run stops at the first difference, or when both programs
// exit (semihosting SYS_EXIT) with their exit status and output compared.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlisa::verify::cosim {

// QEMU missing, not starting, not answering within the step timeout, or
// speaking a protocol we do not follow: the co-simulation cannot run.
class OracleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string file;  // an ELF executable with a vector table, as QEMU boots it
  std::optional<std::string> spec_dir;
  uint64_t max_steps = 100'000'000;
  double step_timeout = 10;  // seconds QEMU may take to answer one packet
  std::string qemu = "qemu-system-arm";
  // 0: compare after every instruction. N: compare the whole state every N
  // instructions (QEMU running to a breakpoint in between), and step
  // through a stretch one instruction at a time only when it ends
  // differently.
  uint64_t checkpoint = 0;
  // The program's arguments (SYS_GET_CMDLINE; QEMU's -append).
  std::vector<std::string> args;
  // The files the program finds: each side gets its own copy of this
  // directory (an empty one when unset) as its semihosting root, ours as
  // --semihosting-root, QEMU's as its working directory.
  std::optional<std::string> semihosting_root;
};

struct Outcome {
  enum class End { Identical, Diverged, StepLimit };
  End end = End::Identical;
  uint64_t steps = 0;  // instructions both ran
  int exit_status = 0;
  std::string report;  // at a divergence: where, the instruction, both register files
  std::string our_output, qemu_output;  // the programs' semihosting output
};

// Throws mlisa::InputError for a bad program, OracleError when QEMU cannot run.
Outcome run(const Options& options);

}  // namespace mlisa::verify::cosim
