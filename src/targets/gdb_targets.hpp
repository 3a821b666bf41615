// The machines of the mve and sme2 targets as seen by the GDB stub
// (sim/gdb_stub.hpp, docs/gdb.md). Only the GDB part is here: the target
// descriptions (features, gdb register numbers and XML types, as gdb-multiarch
// 13 knows them); the registers themselves, their names and widths, come from
// the machine interface's register table (sim/machine.hpp, machines.hpp), and
// stepping, memory and the exit through the same interface.
//
// mve (as QEMU 7.2's mps3-an547 describes a Cortex-M55): org.gnu.gdb.arm.m-profile
// r0-r12, sp, lr, pc (0-15), xpsr (25); org.gnu.gdb.arm.vfp d0-d15 (26-41),
// fpscr (42); org.gnu.gdb.arm.m-profile-mve vpr (43). gdb derives s0-s31 and
// q0-q7 (and p0, VPR.P0) from them.
//
// sme2: org.gnu.gdb.aarch64.core x0-x30, sp, pc, cpsr (0-33);
// org.gnu.gdb.aarch64.sve z0-z31 (SVL bits), fpsr, fpcr, p0-p15, ffr, vg
// (34-85; gdb derives v, q, d, s registers); org.gnu.gdb.aarch64.sme svg,
// svcr, za (86-88), which gdb 13 shows as plain registers.
#pragma once

#include "sim/gdb_stub.hpp"
#include "sim/machine.hpp"

#include <map>

namespace mlisa::as {
class WordIsa;
}

namespace mlisa::targets {

class MveMachine;
class Sme2Machine;

// One gdb register as a view of a register of the machine's table: its gdb
// name, number and XML type; `machine` the table's name ("" for a register
// the target composes itself: read_composed/write_composed); `bits` 0 for
// the table's width, or fewer: the view is the register's low bits (sme2
// cpsr of NZCV) and a write keeps the bits above.
struct GdbView {
  GdbView(std::string name_, int regnum_, std::string type_, std::string machine_ = "", unsigned bits_ = 0,
          std::string group_ = "")
      : name(std::move(name_)), regnum(regnum_), type(std::move(type_)), machine(std::move(machine_)), bits(bits_),
        group(std::move(group_)) {}
  std::string name;
  int regnum = 0;
  std::string type;
  std::string machine;
  unsigned bits = 0;
  std::string group;
};

// A gdb::Target over the machine interface: the registers of its features
// read and written through Machine::get/set, the steps through
// Machine::step, memory through Machine::memory().
class MachineGdbTarget : public sim::gdb::Target {
 public:
  const std::vector<sim::gdb::Feature>& features() const override { return features_; }
  std::vector<uint8_t> read_register(int regnum) override;
  bool write_register(int regnum, const std::vector<uint8_t>& bytes) override;
  sim::Memory& memory() override { return *machine_.memory(); }
  uint64_t pc() override { return machine_.pc(); }
  void step() override { machine_.step().rethrow(); }
  std::optional<int> exit_status() const override { return machine_.exit_status(); }

 protected:
  explicit MachineGdbTarget(sim::Machine& machine) : machine_(machine) {}
  // A feature of the description; each view's width from the machine's
  // table (or the composed register's `bits`).
  void add_feature(std::string name, std::string types, const std::vector<GdbView>& views);
  // The registers with no machine name: the value (bits/8 bytes), or false
  // when it cannot be written.
  virtual std::vector<uint8_t> read_composed(int regnum) = 0;
  virtual bool write_composed(int regnum, const spec::Bits& value) = 0;
  sim::Machine& machine_;

 private:
  std::vector<sim::gdb::Feature> features_;
  std::map<int, GdbView> views_;  // by regnum, with bits filled in
};

// Also what a trace (sim/trace.hpp) shows: the disassembly, the beat mask of
// VPT and tail predication, QEMU's `-d cpu` register block.
class MveGdbTarget : public MachineGdbTarget {
 public:
  MveGdbTarget(MveMachine& m, const as::WordIsa& isa);
  std::string architecture() const override { return "arm"; }
  sim::gdb::Instruction describe() override;
  bool ran_by_beats() override;
  std::vector<int> trace_registers() override;
  std::string qemu_state() override;

 private:
  std::vector<uint8_t> read_composed(int regnum) override;  // xpsr
  bool write_composed(int regnum, const spec::Bits& value) override;
  MveMachine& m_;
  const as::WordIsa& isa_;
  std::string vpt_block_;  // the predicate suffixes of the last VPT/VPST block, one per instruction
};

class Sme2GdbTarget : public MachineGdbTarget {
 public:
  Sme2GdbTarget(Sme2Machine& m, const as::WordIsa& isa);
  std::string architecture() const override { return "aarch64"; }
  sim::gdb::Instruction describe() override;
  std::vector<int> trace_registers() override;
  std::string qemu_state() override;

 private:
  std::vector<uint8_t> read_composed(int regnum) override;  // ffr, vg, svg, za
  bool write_composed(int regnum, const spec::Bits& value) override;
  const as::WordIsa& isa_;
  unsigned svl_;      // z0's width
  unsigned za_rows_;  // the ZA array vectors of the table (za[0], ...)
};

// Little-endian bytes of a register value and back.
std::vector<uint8_t> bits_to_bytes(const spec::Bits& b);
spec::Bits bytes_to_bits(const std::vector<uint8_t>& bytes);

}  // namespace mlisa::targets
