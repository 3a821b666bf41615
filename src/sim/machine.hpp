// One machine interface for every target (docs/machine.md): what `mlisa run`,
// `exec`, the GDB stub, the trace, `cosim` and the Python module drive. The
// targets implement it (src/targets/machines.hpp: mve, sme2, tcore).
//
// A machine holds a program (load), starts again from its reset state
// (reset), runs one instruction (step: a tcore bundle is one instruction)
// and reports what happened as a StepResult (ok, the program's exit with its
// status, or a fault with its architectural name, the PC of the instruction
// that faulted and the message), or runs up to a step limit (run). Its
// registers are a table (name, width in bits, group), read and written by
// name as spec::Bits of exactly that width; its memory is read and written
// by address; what the program writes to its console goes to an output
// sink (fd 1 stdout, 2 stderr).
#pragma once

#include "spec/value.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mlisa::spec {
struct InstructionSpec;
struct Encoding;
class TargetSpec;
}  // namespace mlisa::spec

namespace mlisa::sim {

class Memory;
namespace gdb {
class Target;
}

// One register of a machine.
struct RegisterInfo {
  std::string name;   // lower case, as get/set take it
  unsigned width = 0;  // bits
  std::string group;  // general, float, vector, predicate, matrix, system
  // The bits a write by `--set` changes, as the program's own write would
  // (mve fpscr: VMSR's bits less LTPSIZE); the others keep their value.
  uint64_t write_mask = ~uint64_t{0};
};

// What one step (or a run) ended with.
struct StepResult {
  enum class Kind { Ok, Exited, Faulted };
  Kind kind = Kind::Ok;
  int exit_status = 0;   // Exited
  std::string fault;     // Faulted: the architectural name ("UsageFault (UNDEFINSTR)", "step limit")
  uint64_t pc = 0;       // Faulted: the PC of the instruction that faulted
  std::string message;   // Faulted: what happened
  bool ok() const { return kind == Kind::Ok; }
  bool exited() const { return kind == Kind::Exited; }
  bool faulted() const { return kind == Kind::Faulted; }
  // Throws the fault as mlisa::Fault (name, message); nothing otherwise.
  void rethrow() const;
};

// Where the program's console output goes: (fd, bytes), fd 1 or 2.
using OutputSink = std::function<void(int fd, std::string_view bytes)>;

// The instruction at the PC as the machine decodes it (both null when none
// decodes, or the PC is outside memory).
struct Decoded {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
};

class Machine {
 public:
  virtual ~Machine() = default;
  virtual std::string target() const = 0;  // "mve", "sme2", "tcore"

  // Loads a program: FILE.s (assembled first), an ELF object or executable,
  // or a raw image (load_file); source text (load_source). The PC, SP and
  // memory as the target's `mlisa run` starts it. Throws mlisa::InputError.
  virtual void load_file(const std::string& path) = 0;
  virtual void load_source(const std::string& text, const std::string& file = "<source>") = 0;
  // The reset state: registers and memory as the target's reset leaves
  // them; no program (load again).
  virtual void reset() = 0;

  // Runs one instruction. A fault is returned, not thrown.
  virtual StepResult step() = 0;
  // Steps until the program exits or faults, at most max_steps instructions
  // (then the fault "step limit" at the PC reached).
  virtual StepResult run(uint64_t max_steps);
  virtual std::optional<int> exit_status() const = 0;
  virtual uint64_t instructions() const = 0;  // run since reset
  virtual uint64_t pc() const = 0;

  // The register table, and registers by name (lower case; width as the
  // table says). get/set throw mlisa::InputError for a name not in the
  // table (register_names() lists the names).
  virtual const std::vector<RegisterInfo>& registers() const = 0;
  virtual spec::Bits get(const std::string& name) const = 0;
  virtual void set(const std::string& name, const spec::Bits& value) = 0;
  // The table's entry for `name` (any case); nullptr when there is none.
  const RegisterInfo* find_register(std::string_view name) const;
  // The same, or mlisa::InputError "unknown TARGET register 'x' (valid: ...)".
  const RegisterInfo& register_info(std::string_view name) const;
  // The table's names, ranges folded ("r0-r15, sp, lr, ...").
  std::string register_names() const;

 private:
  // find_register's index of the table by name (built on first use, again
  // when the table moved or changed size).
  mutable std::unordered_map<std::string, size_t> index_;
  mutable const RegisterInfo* indexed_ = nullptr;
  mutable size_t indexed_size_ = 0;

 public:

  // Memory: size bytes at address (mlisa::InputError when they are not all
  // in the machine's memory); write ignores write protection (a loader's
  // or debugger's write).
  virtual std::vector<uint8_t> read_memory(uint64_t address, size_t size) = 0;
  virtual void write_memory(uint64_t address, const std::vector<uint8_t>& bytes) = 0;
  // The board's memory regions, when the machine has them (mve, sme2).
  virtual Memory* memory() { return nullptr; }

  // Where the program's console output goes (default: collected, output()).
  virtual void set_output(OutputSink sink) = 0;
  virtual const std::string& output() const = 0;

  // The instruction at the PC, decoded by the machine's own decoder (and its
  // cache): `mlisa run --stats` counts by it.
  virtual Decoded decode_at_pc() { return {}; }
  // The specs the machine runs (nullptr when it has none to show).
  virtual const spec::TargetSpec* spec() const { return nullptr; }

  // The machine as the GDB stub and the trace see it (gdb_stub.hpp), or
  // nullptr when the target has none (tcore).
  virtual gdb::Target* debug_target() { return nullptr; }
};

// REG=VALUE or REG.TYPE=LANE,LANE,... (`mlisa exec --set`, `mlisa run --set`)
// through the register table: VALUE a 0x hex pattern (at most the register's
// width), or a decimal integer, negative ones included (a negative value
// fills the register's upper bits); lanes of s8..s64, u8..u64, i8..i64,
// x8..x64 (integers), f16, bf16, f32, f64 (decimals rounded to nearest even,
// nan, snan, inf, -inf, nan:0x.., snan:0x..). Only the register's write_mask
// bits change. Throws mlisa::UsageError (no '=') or mlisa::InputError.
void set_register(Machine& m, const std::string& item);

}  // namespace mlisa::sim
