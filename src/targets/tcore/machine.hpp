// tcore's bundle semantics: the part that cannot be said in its specs.
//
// The VLIW rule: every slot of a bundle reads the state as it was before the
// bundle, and the writes of all slots take effect together when it ends. The
// engine achieves it by running each enabled slot's decode and operation
// against the same snapshot of the pseudocode globals (registers are arrays
// of values shared copy-on-write, so a snapshot costs one reference per
// global), collecting per slot the array elements and globals it changed,
// and applying all of them after the last slot. Two slots writing different
// values to one element is a fault ("write conflict"). Memory writes
// (MemWrite32) are queued the same way and applied after the register writes;
// MemRead32 always reads the memory as it was before the bundle.
//
// The matrix unit and the DMA engine (slots mxu and dma) call builtins that
// the matrix-unit model will provide; until then they raise the fault
// "not yet modelled". Every other slot is fully modelled.
#pragma once

#include "asm/model.hpp"
#include "spec/builtins.hpp"
#include "spec/engine.hpp"
#include "targets/spec_isa.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlisa::targets::tcore {

// MemRead32, MemWrite32 and the stubs MxuLoadTile, MxuTileMul, DmaToBuffer,
// DmaFromBuffer.
void add_builtins(spec::BuiltinTable& table);

class Machine {
 public:
  // `isa` must outlive the machine; memory is `memory_bytes` bytes at address 0.
  Machine(const SpecIsa& isa, const spec::BuiltinTable& builtins, size_t memory_bytes = 1 << 20);

  // Runs one bundle at pc and advances pc (by 64, or to a taken branch's
  // target). Throws mlisa::Fault: an undecodable bundle, UNDEFINED, a write
  // conflict, memory outside the model, a builtin not yet modelled.
  void step(const as::Word& bundle);

  uint32_t pc = 0;
  bool halted() const;
  std::vector<uint8_t> memory;

  uint32_t s(int n) const;
  void set_s(int n, uint32_t v);
  spec::Bits v(int n) const;
  void set_v(int n, const spec::Bits& value);
  bool p(int n) const;

  // Queued by MemWrite32 during a bundle.
  struct Store {
    uint32_t address, value;
    std::string slot;
  };
  std::vector<Store> pending_stores;
  std::string current_slot;  // for messages of builtins
  uint32_t read32(uint32_t address) const;

 private:
  const SpecIsa& isa_;
  mutable spec::Engine engine_;  // globals() has no const overload
  int s_slot_, v_slot_, p_slot_, branch_taken_, branch_target_, halted_;
  const spec::FunctionDecl* slot_enabled_ = nullptr;
};

}  // namespace mlisa::targets::tcore
