// A GDB remote stub (docs/gdb.md): serves the GDB remote serial protocol
// (framing in rsp.hpp) over TCP for one simulated machine, so that gdb (or
// gdb-multiarch) debugs a program with `target remote HOST:PORT`.
//
// The stub knows nothing of a target: a machine is reached through the small
// interface `Target` (its registers and target description, its memory, one
// step). What the stub does with it:
//   - qSupported (PacketSize, qXfer:features:read+, QStartNoAckMode+),
//     QStartNoAckMode, qXfer:features:read:target.xml, ?, g/G, p/P, m/M, X,
//     c, s, vCont?/vCont (c, s, t), Z0/z0 and Z1/z1 (breakpoints kept in a
//     table: memory is not patched), Z2/z2 (stores: the storing
//     instruction is undone, registers and the bytes it replaced, and
//     reported as T05watch:ADDR before it, as Arm hardware and QEMU stop;
//     gdb then steps over it), the interrupt byte
//     0x03 while running, k, D, qAttached, qC, qfThreadInfo/qsThreadInfo,
//     H, T, qSymbol, vMustReplyEmpty.
//   - A packet it does not know gets the empty reply; one it cannot parse, an
//     address outside memory or a register it does not have gets `E01`; a
//     packet longer than PacketSize gets `E02`. It keeps serving either way.
//   - A fault (mlisa::Fault from Target::step) stops the machine with a
//     signal (SIGSEGV for bus and memory faults, SIGILL for undefined
//     instructions and usage faults, else SIGTRAP) and the fault on stderr.
//   - The program's exit is reported as W<status>.
#pragma once

#include "sim/memory.hpp"
#include "sim/rsp.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::sim::gdb {

// One register of the target description: gdb numbers it `regnum` (the `p`
// packet's number; the `g` packet holds the registers in regnum order).
struct Register {
  std::string name;
  unsigned bits = 32;
  std::string type = "int";  // an XML type: int, code_ptr, data_ptr, float, ieee_single, or one of the feature's types
  std::string group;         // optional: general, float, vector, system
  int regnum = 0;
};

// One <feature> of the target description, with the types its registers use
// (XML text: <vector>, <union>, <flags>).
struct Feature {
  std::string name;
  std::string types;
  std::vector<Register> registers;
};

// The target description (target.xml) of an architecture and its features.
std::string target_xml(const std::string& architecture, const std::vector<Feature>& features);

// An instruction as a trace shows it (trace.hpp).
struct Instruction {
  uint64_t address = 0;
  uint64_t word = 0;   // as the manuals write it (T32: the first halfword high)
  unsigned bytes = 0;  // 0: not known (a fetch outside memory)
  std::string text;    // its disassembly
  // The elements of each beat that VPT or tail predication leave active,
  // when either is in force: 16 bits, bit 4*beat + byte.
  std::optional<uint16_t> beat_mask;
};

// What a machine gives the stub (and the trace, trace.hpp).
class Target {
 public:
  virtual ~Target() = default;
  virtual std::string architecture() const = 0;  // "arm", "aarch64"
  virtual const std::vector<Feature>& features() const = 0;
  // The register's value, little-endian, bits/8 bytes.
  virtual std::vector<uint8_t> read_register(int regnum) = 0;
  // False when the register cannot be written.
  virtual bool write_register(int regnum, const std::vector<uint8_t>& bytes) = 0;
  virtual sim::Memory& memory() = 0;
  virtual uint64_t pc() = 0;
  // Runs one instruction; throws mlisa::Fault when it faults.
  virtual void step() = 0;
  // The program's exit status once it has exited.
  virtual std::optional<int> exit_status() const = 0;

  // For the trace: the instruction at the PC before it runs; after it ran,
  // whether it ran by beats (the beat mask then applies); the registers a
  // trace compares (by regnum; default all); the machine state as QEMU's
  // `-d cpu` prints it (or "").
  virtual Instruction describe() { return Instruction{pc(), 0, 0, "", std::nullopt}; }
  virtual bool ran_by_beats() { return false; }
  virtual std::vector<int> trace_registers();
  virtual std::string qemu_state() { return ""; }
};

// How a debugged run ended.
struct Outcome {
  enum Kind {
    Exited,        // the program exited (status)
    Killed,        // the client sent `k`
    Disconnected,  // the client went away without `k` or `D`
  } kind = Exited;
  int status = 0;
};

struct Options {
  std::string host = "127.0.0.1";
  int port = 0;  // 0: any free port (port() says which)
  bool wait = false;
  size_t packet_size = 0;  // 0: enough for a `G` packet of every register
};

class Stub {
 public:
  // Listens on host:port. Throws mlisa::UsageError when it cannot.
  Stub(Target& target, const Options& options);
  // Serves an already connected socket (tests; the stub owns fd).
  Stub(Target& target, int fd, size_t packet_size = 0);
  ~Stub();
  Stub(const Stub&) = delete;
  Stub& operator=(const Stub&) = delete;

  int port() const { return port_; }

  // Runs the program under the debugger. With Options::wait, waits for a
  // client first (the program halted before its first instruction).
  // Without it, the program runs at once and a client that connects stops it
  // where it is. After `D` (detach) the program runs on to its end.
  // max_steps bounds the instructions run without a client (a
  // mlisa::Fault "step limit" then). A fault with no client attached
  // propagates (mlisa::Fault).
  Outcome run(uint64_t max_steps);

  // The reply to one packet when the machine is stopped (tests). Packets
  // that resume the machine run it here and reply with the stop.
  std::string handle(const std::string& packet);

 private:
  bool accept_client(double timeout_seconds);
  // Serves the connected client until the program exits or the session ends.
  std::optional<Outcome> serve();
  // Runs (step false: until a breakpoint, watchpoint, interrupt, fault or
  // exit) and returns the stop reply.
  std::string resume(bool single_step);
  std::string stop_reply() const;
  std::string read_registers();
  std::string read_memory(const std::string& args);
  std::string write_memory(const std::string& args, bool binary);
  std::string breakpoint(const std::string& packet);
  const Register* find_register(int regnum) const;

  Target& target_;
  std::vector<const Register*> registers_;  // by regnum
  std::string xml_;
  size_t packet_size_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::unique_ptr<rsp::Connection> conn_;
  std::set<uint64_t> breakpoints_;
  std::vector<std::pair<uint64_t, uint64_t>> watchpoints_;  // (address, length)
  int last_signal_ = 5;
  std::string last_stop_;
  std::optional<Outcome> ended_;
};

}  // namespace mlisa::sim::gdb
