// The machines of the mve and sme2 targets as seen by the GDB stub
// (sim/gdb_stub.hpp, docs/gdb.md): their target descriptions, in the
// features and register numbers gdb-multiarch 13 knows.
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
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"

namespace mlisa::targets {

// Also what a trace (sim/trace.hpp) shows: the disassembly, the beat mask of
// VPT and tail predication, QEMU's `-d cpu` register block.
class MveGdbTarget : public sim::gdb::Target {
 public:
  MveGdbTarget(mve::Machine& m, const WordIsa& isa);
  std::string architecture() const override { return "arm"; }
  const std::vector<sim::gdb::Feature>& features() const override { return features_; }
  std::vector<uint8_t> read_register(int regnum) override;
  bool write_register(int regnum, const std::vector<uint8_t>& bytes) override;
  sim::Memory& memory() override { return m_.memory(); }
  uint64_t pc() override;
  void step() override { m_.step(); }
  std::optional<int> exit_status() const override { return m_.exit_status(); }
  sim::gdb::Instruction describe() override;
  bool ran_by_beats() override;
  std::vector<int> trace_registers() override;
  std::string qemu_state() override;

 private:
  mve::Machine& m_;
  const WordIsa& isa_;
  int beatwise_;
  std::string vpt_block_;  // the predicate suffixes of the last VPT/VPST block, one per instruction
  std::vector<sim::gdb::Feature> features_;
};

class Sme2GdbTarget : public sim::gdb::Target {
 public:
  Sme2GdbTarget(sme2::Machine& m, const WordIsa& isa);
  std::string architecture() const override { return "aarch64"; }
  const std::vector<sim::gdb::Feature>& features() const override { return features_; }
  std::vector<uint8_t> read_register(int regnum) override;
  bool write_register(int regnum, const std::vector<uint8_t>& bytes) override;
  sim::Memory& memory() override { return m_.memory; }
  uint64_t pc() override;
  void step() override { m_.step(); }
  std::optional<int> exit_status() const override {
    return m_.exited ? std::optional<int>(m_.exit_status) : std::nullopt;
  }
  sim::gdb::Instruction describe() override;
  std::vector<int> trace_registers() override;
  std::string qemu_state() override;

 private:
  sme2::Machine& m_;
  const WordIsa& isa_;
  std::vector<sim::gdb::Feature> features_;
};

// Little-endian bytes of a register value and back.
std::vector<uint8_t> bits_to_bytes(const spec::Bits& b);
spec::Bits bytes_to_bits(const std::vector<uint8_t>& bytes);

}  // namespace mlisa::targets
