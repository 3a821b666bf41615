// The mve target run from its specs: Armv8.1-M with FP and MVE (docs/mve.md).
//
// The machine holds the pseudocode globals of isa/mve/shared*.isa in a spec
// engine, and the board's memory (ITCM 0x00000000 and DTCM 0x20000000, 512
// KiB each, as QEMU's mps3-an547; any other address is a BusFault). It runs
// T32 instructions: a step fetches the halfword at the PC (_R[15]) and, when
// its top five bits are 0b11101, 0b11110 or 0b11111, the second halfword of
// a 32-bit instruction; decodes the word (WordIsa); runs the encoding's
// decode and operation; and for a beat-wise instruction (one whose operation
// calls GetCurInstrBeat) runs the operation for beats 0 to 3 in order,
// calling VPTAdvance after each beat. The four beats of an instruction finish
// before the next instruction starts (no beat overlap). Then, unless the
// instruction branched (BranchTo), the PC moves past it, and unless it was
// an IT, the IT state advances (ITAdvance). Floating-point exceptions
// accumulate in FPSCR. BKPT 0xAB is served as Arm semihosting
// (builtins.hpp).
#pragma once

#include "spec/engine.hpp"
#include "targets/mve/builtins.hpp"
#include "targets/targets.hpp"
#include "targets/word_isa.hpp"
#include "targets/word_program.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::targets::mve {

// The specs of the mve target (embedded, or merged with --spec-dir) and their
// assembler.
using Target = LoadedWordTarget;
Target load(const std::optional<std::string>& spec_dir = std::nullopt);

class Machine {
 public:
  explicit Machine(const WordIsa& isa);
  // The engine points at host_ (target_state): not copyable or movable.
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  static constexpr uint32_t kItcmBase = 0x00000000, kDtcmBase = 0x20000000, kTcmSize = 512 * 1024;

  // The reset state: every register zero, EPSR.T 1, FPSCR.LTPSIZE 4, VPR 0;
  // with fp_enabled CPACR.CP10 and CP11 are 0b11 (full access), else 0 (any
  // FP or MVE instruction then takes a UsageFault, NOCP). Memory is zeroed.
  void reset(bool fp_enabled = true);

  // Places a program in memory and sets SP and PC as the hardware's reset
  // does: with a symbol _start, PC = _start and SP = the top of DTCM;
  // otherwise, with a vector table at 0, SP = word 0 and PC = word 1 (its
  // bit 0 is EPSR.T). Throws mlisa::InputError when a segment lies outside
  // memory or there is no entry point.
  void load(const ProgramImage& image);
  // Where FILE.s sections go: code in ITCM, data in DTCM.
  static LinkLayout layout() { return {kItcmBase, kDtcmBase}; }

  // Runs one instruction word at the PC (as if fetched there). Throws
  // mlisa::Fault: its architectural name (UsageFault (NOCP), UNDEFINED,
  // UNPREDICTABLE, CONSTRAINED UNPREDICTABLE, BusFault (PRECISERR), ...).
  // A semihosting SYS_EXIT ends the program: exit_status() is then set.
  void execute(const spec::Bits& word);
  // Assembles and runs one instruction.
  void execute(const std::string& text);
  // Fetches and runs the instruction at the PC.
  void step();

  // Steps until SYS_EXIT (true) or max_steps instructions (false).
  bool run(uint64_t max_steps);
  std::optional<int> exit_status() const { return host_.exit_status; }

  // Registers by name: r0-r15 (sp, lr, pc), s0-s31, d0-d15, q0-q7, fpscr,
  // vpr, apsr, cpacr, control. Width: 32, 32, 64, 128, 32...
  static int width_of(const std::string& name);  // 0 when unknown
  spec::Bits get(const std::string& name) const;
  void set(const std::string& name, const spec::Bits& value);

  // The board's memory, which MemA/MemU reach through _Mem, and the
  // semihosting console (Host::write; by default Host::output collects it).
  sim::Memory& memory() { return host_.memory; }
  Host& host() { return host_; }

  spec::Engine& engine() { return engine_; }
  uint64_t instructions = 0;

 private:
  struct Decoded {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
    bool is_it = false;
  };
  const Decoded& decode(const spec::Bits& word);
  void map_memory();
  int slot(const char* name) const;
  const spec::FunctionDecl& procedure(const char* name) const;
  spec::Value& global(int s) const { return engine_.globals()[static_cast<size_t>(s)]; }
  uint32_t pc() const;
  void set_pc(uint32_t address);

  const WordIsa& isa_;
  mutable spec::Engine engine_;
  Host host_;
  int r_, q_, apsr_, fpscr_, vpr_, cpacr_, control_, beat_, beatwise_, pc_changed_, epsr_;
  const spec::FunctionDecl* vpt_advance_ = nullptr;
  const spec::FunctionDecl* it_advance_ = nullptr;
  const spec::FunctionDecl* check_thumb_ = nullptr;
  std::unordered_map<uint64_t, Decoded> decoded_;  // by width << 32 | word
};

}  // namespace mlisa::targets::mve
