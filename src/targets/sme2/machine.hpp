// The sme2 target run from its specs: an A64 subset with streaming SVE and
// SME2 (docs/sme2.md).
//
// The machine holds the pseudocode globals of isa/sme2/shared*.isa in a spec
// engine and runs one 32-bit A64 instruction at a time: it decodes the word
// (WordIsa), then runs the encoding's decode and operation; PC advances by 4
// unless the instruction branched (BranchTo). The streaming vector length is
// fixed per machine (128..2048, a power of two). Reset leaves every register
// zero; the run of mlisa exec then starts in Streaming SVE mode with ZA
// enabled (start_streaming).
//
// Programs (mlisa run): `memory` holds the process's regions; run() fetches
// from PC until the program calls exit/exit_group through SVC #0 (the Linux
// system call interface: x8 the number, x0-x5 the arguments, x0 the result).
// Loads and stores reach memory through the natives SimMemRead/SimMemWrite;
// an access outside memory faults "DataAbort (Translation)".
#pragma once

#include "asm/word_isa.hpp"
#include "asm/word_program.hpp"
#include "sim/memory.hpp"
#include "spec/compiled.hpp"
#include "spec/engine.hpp"
#include "targets/targets.hpp"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace mlisa::targets::sme2 {

using Target = LoadedWordTarget;
Target load(const std::optional<std::string>& spec_dir = std::nullopt);

// The natives of the sme2 specs: SimMemRead, SimMemWrite, CallSupervisor.
void add_builtins(spec::BuiltinTable& table);

// A64 words are stored little-endian.
std::vector<uint8_t> a64_bytes(const spec::Bits& word);

class Machine {
 public:
  // Throws mlisa::InputError when svl is not a power of two in 128..2048.
  Machine(const as::WordIsa& isa, int svl = 512);

  int svl() const { return svl_; }
  // Every register zero, SVCR.SM = SVCR.ZA = 0.
  void reset();
  // SVCR.SM = SVCR.ZA = 1 without the resets of SMSTART (state unchanged).
  void start_streaming();

  // Throws mlisa::Fault with the architectural name (SMEAccessTrap
  // (InactiveZA), UNDEFINED, ...).
  void execute(const spec::Bits& word);
  void execute(const std::string& text);
  // Fetches the word at PC and runs it (a PC not a multiple of 4 is
  // PCAlignmentFault, one outside memory InstructionAbort (Translation)).
  void step();
  // The instruction and encoding a word decodes to (both null when none
  // does), from the machine's decode cache.
  std::pair<const spec::InstructionSpec*, const spec::Encoding*> decoded(const spec::Bits& word);

  // Registers by name: x0-x30, w0-w30, sp, pc, nzcv, fpcr, fpsr, svcr,
  // z0-z31 (SVL bits), p0-p15 (SVL/8 bits), za[N] (array vector N, SVL bits).
  int width_of(const std::string& name) const;  // 0 when unknown
  spec::Bits get(const std::string& name) const;
  void set(const std::string& name, const spec::Bits& value);

  spec::Engine& engine() { return engine_; }
  uint64_t instructions = 0;

  // Which engine runs the pseudocode (as mve::Machine::set_engine;
  // docs/compiled.md): compiled by default when the specs are the compiled
  // ones, else the interpreter.
  void set_engine(spec::EngineKind kind);
  spec::EngineKind engine_kind() const { return compiled_ ? spec::EngineKind::Compiled : spec::EngineKind::Interpreter; }

  // A Linux process's layout: text at 0x400000, data after it, a 1 MiB
  // stack below 0x7fff0000 with SP 16-byte aligned at its top.
  static constexpr uint64_t kTextBase = 0x400000, kStackTop = 0x7fff0000, kStackSize = 1 << 20;
  static as::LinkLayout layout() { return {kTextBase, 0}; }
  // Maps the image's segments (code read-only) and the stack, sets SP and
  // PC (the ELF entry, _start, or the first code segment). Throws
  // mlisa::InputError when segments overlap or there is no code.
  void load(const as::ProgramImage& image);

  // Runs from PC until the program exits (returns its status) or faults
  // (mlisa::Fault; "step limit" after max_steps instructions).
  int run(uint64_t max_steps);

  sim::Memory memory;
  // Where write(1 or 2, ...) goes (fd, bytes); by default nowhere.
  std::function<void(int, std::string_view)> on_write;
  bool exited = false;
  int exit_status = 0;

  // Multiply-adds into ZA so far (each element result of BFMLAL, FMLAL, ...).
  uint64_t za_multiply_accumulates() const;

  // The system call of SVC #0 (called by the CallSupervisor native).
  void supervisor_call(uint64_t immediate);

 private:
  int slot(const char* name) const;
  spec::Value& global(int s) const { return engine_.globals()[static_cast<size_t>(s)]; }

  const as::WordIsa& isa_;
  mutable spec::Engine engine_;
  int svl_;
  int r_, sp_, pc_, nzcv_, fpcr_, fpsr_, svcr_, svl_slot_, z_, p_, ffr_, za_, zt0_, branch_, macs_;
  // Decoded words: each word is decoded once (decode runs pseudocode).
  struct Decoded {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
    std::string why;
    std::unique_ptr<spec::CompiledDecode> compiled;  // its compiled decode and operation
  };
  std::unordered_map<uint32_t, Decoded> decoded_;
  const Decoded& decode(uint32_t word);
  spec::Bits fetch() const;
  std::unique_ptr<spec::CompiledBinding> compiled_;
  // The globals read or written around every instruction (set_engine).
  spec::GlobalRef pc_g_, branch_g_, fpsr_g_;
};

}  // namespace mlisa::targets::sme2
