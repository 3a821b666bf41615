// The mve target run from its specs: Armv8.1-M with FP and MVE (docs/mve.md).
//
// The machine holds the pseudocode globals of isa/mve/shared*.isa in a spec
// engine and runs one 32-bit T32 instruction at a time: it decodes the word
// (WordIsa), runs the encoding's decode and operation, and, for a beat-wise
// instruction (one whose operation calls GetCurInstrBeat), runs the
// operation for beats 0 to 3 in order, calling VPTAdvance after each beat.
// The four beats of an instruction finish before the next instruction starts
// (no beat overlap). Floating-point exceptions accumulate in FPSCR.
#pragma once

#include "sim/memory.hpp"
#include "spec/engine.hpp"
#include "targets/targets.hpp"
#include "targets/word_isa.hpp"

#include <memory>
#include <string>
#include <vector>

namespace mlisa::targets::mve {

// The specs of the mve target (embedded, or merged with --spec-dir) and their
// assembler.
using Target = LoadedWordTarget;
Target load(const std::optional<std::string>& spec_dir = std::nullopt);

class Machine {
 public:
  explicit Machine(const WordIsa& isa);
  // The engine points at memory_ (target_state): not copyable or movable.
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  // The reset state: every register zero, FPSCR.LTPSIZE 4, VPR 0; with
  // fp_enabled CPACR.CP10 and CP11 are 0b11 (full access), else 0 (any FP or
  // MVE instruction then takes a UsageFault, NOCP).
  void reset(bool fp_enabled = true);

  // Runs one instruction word. Throws mlisa::Fault: its architectural name
  // (UsageFault (NOCP), UNDEFINED, UNPREDICTABLE, CONSTRAINED UNPREDICTABLE).
  void execute(const spec::Bits& word);
  // Assembles and runs one instruction.
  void execute(const std::string& text);

  // Registers by name: r0-r15 (sp, lr, pc), s0-s31, d0-d15, q0-q7, fpscr,
  // vpr, apsr, cpacr, control. Width: 32, 32, 64, 128, 32...
  static int width_of(const std::string& name);  // 0 when unknown
  spec::Bits get(const std::string& name) const;
  void set(const std::string& name, const spec::Bits& value);

  // The board's memory (ITCM 0x00000000 and DTCM 0x20000000, 512 KiB each,
  // as QEMU's mps3-an547), which MemA/MemU reach through _Mem.
  sim::Memory& memory() { return memory_; }
  static constexpr uint32_t kItcmBase = 0x00000000, kDtcmBase = 0x20000000, kTcmSize = 512 * 1024;

  spec::Engine& engine() { return engine_; }
  uint64_t instructions = 0;

 private:
  int slot(const char* name) const;
  spec::Value& global(int s) const { return engine_.globals()[static_cast<size_t>(s)]; }

  const WordIsa& isa_;
  mutable spec::Engine engine_;
  sim::Memory memory_;
  int r_, q_, apsr_, fpscr_, vpr_, cpacr_, control_, beat_, beatwise_;
  const spec::FunctionDecl* vpt_advance_ = nullptr;
};

}  // namespace mlisa::targets::mve
