// The sme2 target run from its specs: an A64 subset with streaming SVE and
// SME2 (docs/sme2.md).
//
// The machine holds the pseudocode globals of isa/sme2/shared*.isa in a spec
// engine and runs one 32-bit A64 instruction at a time: it decodes the word
// (WordIsa), then runs the encoding's decode and operation. The streaming
// vector length is fixed per machine (128..2048, a power of two). Reset
// leaves every register zero; the run of mlisa exec then starts in
// Streaming SVE mode with ZA enabled (start_streaming).
#pragma once

#include "spec/engine.hpp"
#include "targets/targets.hpp"
#include "targets/word_isa.hpp"

#include <memory>
#include <optional>
#include <string>

namespace mlisa::targets::sme2 {

using Target = LoadedWordTarget;
Target load(const std::optional<std::string>& spec_dir = std::nullopt);

// A64 words are stored little-endian.
std::vector<uint8_t> a64_bytes(const spec::Bits& word);

class Machine {
 public:
  // Throws mlisa::InputError when svl is not a power of two in 128..2048.
  Machine(const WordIsa& isa, int svl = 512);

  int svl() const { return svl_; }
  // Every register zero, SVCR.SM = SVCR.ZA = 0.
  void reset();
  // SVCR.SM = SVCR.ZA = 1 without the resets of SMSTART (state unchanged).
  void start_streaming();

  // Throws mlisa::Fault with the architectural name (SMEAccessTrap
  // (InactiveZA), UNDEFINED, ...).
  void execute(const spec::Bits& word);
  void execute(const std::string& text);

  // Registers by name: x0-x30, w0-w30, sp, pc, nzcv, fpcr, fpsr, svcr,
  // z0-z31 (SVL bits), p0-p15 (SVL/8 bits), za[N] (array vector N, SVL bits).
  int width_of(const std::string& name) const;  // 0 when unknown
  spec::Bits get(const std::string& name) const;
  void set(const std::string& name, const spec::Bits& value);

  spec::Engine& engine() { return engine_; }
  uint64_t instructions = 0;

 private:
  int slot(const char* name) const;
  spec::Value& global(int s) const { return engine_.globals()[static_cast<size_t>(s)]; }

  const WordIsa& isa_;
  mutable spec::Engine engine_;
  int svl_;
  int r_, sp_, pc_, nzcv_, fpcr_, fpsr_, svcr_, svl_slot_, z_, p_, za_;
};

}  // namespace mlisa::targets::sme2
