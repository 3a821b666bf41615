// The machines of mve, sme2 and tcore behind the one machine interface
// (sim/machine.hpp, docs/machine.md). Each wraps its target's machine
// (mve::Machine, sme2::Machine, tcore::Machine), reachable through raw() for
// what only that target has (semihosting settings, ZA multiply-adds, the
// MXU), and gives the GDB stub and the trace their view of it
// (debug_target(): gdb_targets.hpp).
//
// Register tables:
//   mve   r0-r15, sp, lr, pc (32), s0-s31 (32), d0-d15 (64), q0-q7 (128),
//         fpscr (32; --set writes what VMSR writes: LTPSIZE kept), ltpsize
//         (FPSCR.LTPSIZE, 0-4), vpr, apsr, cpacr, control, vtor, ipsr, msp,
//         psp, primask, basepri (8), faultmask, epsr
//   sme2  x0-x30 (64), w0-w30 (32), sp, pc, nzcv, fpcr, fpsr, svcr (64),
//         z0-z31 (SVL), p0-p15 (SVL/8), za0-za{SVL/8-1} (ZA array vectors,
//         SVL; also written za[N])
//   tcore s0-s31 (32), v0-v31 (512), p0-p30 (1; p0 reads 1 and
//         ignores writes), pc (32)
#pragma once

#include "sim/machine.hpp"
#include "sim/memory.hpp"
#include "sim/npu.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/tcore/machine.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlisa::targets {

struct LoadedTarget;
struct LoadedWordTarget;

// The T32 instruction at `address` as memory holds it: 16 bits, or 32 when
// the first halfword's top five bits are 0b11101, 0b11110 or 0b11111;
// nullopt when a halfword is outside memory.
std::optional<spec::Bits> t32_fetch(const sim::Memory& memory, uint64_t address);

// How a machine is made (make_machine, the adapters' constructors).
struct MachineOptions {
  std::optional<std::string> spec_dir;  // mve, sme2: DIR/<target>/*.isa over the embedded specs
  bool fp_enabled = true;                // mve: CPACR.CP10/CP11 full access at reset
  int svl = 512;                         // sme2: the streaming vector length
  size_t memory_bytes = 1 << 20;         // tcore: data memory (at least the program's data)
  sim::NpuConfig mxu;                    // tcore: the matrix unit
};

class MveMachine : public sim::Machine {
 public:
  // `isa` must outlive the machine.
  MveMachine(const as::WordIsa& isa, const MachineOptions& options = {});
  ~MveMachine() override;
  std::string target() const override { return "mve"; }
  void load_file(const std::string& path) override;
  void load_source(const std::string& text, const std::string& file) override;
  void reset() override;
  sim::StepResult step() override;
  sim::StepResult run(uint64_t max_steps) override;
  std::optional<int> exit_status() const override { return m_.exit_status(); }
  uint64_t instructions() const override { return m_.instructions; }
  uint64_t pc() const override;
  const std::vector<sim::RegisterInfo>& registers() const override { return registers_; }
  spec::Bits get(const std::string& name) const override;
  void set(const std::string& name, const spec::Bits& value) override;
  std::vector<uint8_t> read_memory(uint64_t address, size_t size) override;
  void write_memory(uint64_t address, const std::vector<uint8_t>& bytes) override;
  sim::Memory* memory() override { return &m_.memory(); }
  void set_output(sim::OutputSink sink) override;
  const std::string& output() const override { return m_.host().output; }
  sim::Decoded decode_at_pc() override;
  const spec::TargetSpec* spec() const override { return &isa_.spec(); }
  sim::gdb::Target* debug_target() override;

  mve::Machine& raw() { return m_; }
  const as::WordIsa& isa() const { return isa_; }

 private:
  const as::WordIsa& isa_;
  bool fp_enabled_;
  mutable mve::Machine m_;
  std::vector<sim::RegisterInfo> registers_;
  std::unique_ptr<sim::gdb::Target> debug_;
};

class Sme2Machine : public sim::Machine {
 public:
  Sme2Machine(const as::WordIsa& isa, const MachineOptions& options = {});
  ~Sme2Machine() override;
  std::string target() const override { return "sme2"; }
  void load_file(const std::string& path) override;
  void load_source(const std::string& text, const std::string& file) override;
  // A new machine: registers zero, no memory mapped.
  void reset() override;
  sim::StepResult step() override;
  sim::StepResult run(uint64_t max_steps) override;
  std::optional<int> exit_status() const override;
  uint64_t instructions() const override { return m_->instructions; }
  uint64_t pc() const override;
  const std::vector<sim::RegisterInfo>& registers() const override { return registers_; }
  spec::Bits get(const std::string& name) const override;
  void set(const std::string& name, const spec::Bits& value) override;
  std::vector<uint8_t> read_memory(uint64_t address, size_t size) override;
  void write_memory(uint64_t address, const std::vector<uint8_t>& bytes) override;
  sim::Memory* memory() override { return &m_->memory; }
  void set_output(sim::OutputSink sink) override;
  const std::string& output() const override { return output_; }
  sim::Decoded decode_at_pc() override;
  const spec::TargetSpec* spec() const override { return &isa_.spec(); }
  sim::gdb::Target* debug_target() override;

  sme2::Machine& raw() { return *m_; }
  const as::WordIsa& isa() const { return isa_; }

 private:
  void make();
  const as::WordIsa& isa_;
  int svl_;
  std::unique_ptr<sme2::Machine> m_;
  std::vector<sim::RegisterInfo> registers_;
  sim::OutputSink sink_;
  std::string output_;
  std::unique_ptr<sim::gdb::Target> debug_;
};

class TcoreMachine : public sim::Machine {
 public:
  TcoreMachine(const as::SpecIsa& isa, const MachineOptions& options = {});
  std::string target() const override { return "tcore"; }
  void load_file(const std::string& path) override;
  void load_source(const std::string& text, const std::string& file) override;
  void reset() override;
  // One bundle. Halt is the program's exit (status 0), after which the MXU
  // is idle.
  sim::StepResult step() override;
  sim::StepResult run(uint64_t max_steps) override;
  std::optional<int> exit_status() const override;
  uint64_t instructions() const override { return m_->bundles_executed; }
  uint64_t pc() const override { return m_->pc; }
  const std::vector<sim::RegisterInfo>& registers() const override { return registers_; }
  spec::Bits get(const std::string& name) const override;
  void set(const std::string& name, const spec::Bits& value) override;
  std::vector<uint8_t> read_memory(uint64_t address, size_t size) override;
  void write_memory(uint64_t address, const std::vector<uint8_t>& bytes) override;
  void set_output(sim::OutputSink) override {}  // tcore programs write no console
  const std::string& output() const override { return output_; }

  // Code words only (pc 0 the first), data memory zero.
  void load_code(std::vector<as::Word> words);
  // The sections of an object or image (image_sections): code from pc 0,
  // data at address 0.
  void load_sections(const std::vector<as::ObjSection>& sections, const std::string& file);

  tcore::Machine& raw() { return *m_; }
  const std::vector<as::Word>& code() const { return code_; }

 private:
  const as::SpecIsa& isa_;
  MachineOptions options_;
  std::unique_ptr<tcore::Machine> m_;
  std::vector<as::Word> code_;
  std::vector<sim::RegisterInfo> registers_;
  std::string output_;
};

// A machine of `target` (mve, sme2, tcore or an alias) that owns its loaded
// specs. Throws mlisa::UsageError for a target without a machine.
std::unique_ptr<sim::Machine> make_machine(const std::string& target, const MachineOptions& options = {});

}  // namespace mlisa::targets
