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
// The matrix unit and the DMA engine (slots mxu and dma) call the builtins
// MxuLoadTile, MxuTileMul, DmaToBuffer and DmaFromBuffer, which drive the
// cycle-accurate MXU of src/sim (sim::Npu, owned by the machine, configured by
// sim::NpuConfig: array size, dtype, double buffering, buffer depths, DMA
// cost). Each such instruction becomes one MXU op, issued at once in program
// order (slot order within a bundle) by the unit's issue rule; the unit runs
// on under later bundles, and a bundle that halts waits until it is idle. The
// machine records every MXU instruction (bundle, text, the op) with its start
// cycle and cycles from the model. An op out of range is the fault
// "MXU fault" naming the bundle, the slot and the instruction. The scalar and
// vector slots are not timed: cycles are the MXU's.
#pragma once

#include "asm/export.hpp"
#include "asm/model.hpp"
#include "asm/spec_isa.hpp"
#include "sim/npu.hpp"
#include "spec/builtins.hpp"
#include "spec/compiled.hpp"
#include "spec/engine.hpp"

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::targets::tcore {

// MemRead32, MemWrite32, MxuLoadTile, MxuTileMul, DmaToBuffer, DmaFromBuffer.
void add_builtins(spec::BuiltinTable& table);

class Machine {
 public:
  // `isa` must outlive the machine; memory is `memory_bytes` bytes at address
  // 0; `mxu` configures the matrix unit (UsageError when it is invalid).
  Machine(const as::SpecIsa& isa, const spec::BuiltinTable& builtins, size_t memory_bytes = 1 << 20,
          const sim::NpuConfig& mxu = {});

  // Runs one bundle at pc and advances pc (by 64, or to a taken branch's
  // target). Throws mlisa::Fault: an undecodable bundle, UNDEFINED, a write
  // conflict, memory outside the model, an MXU fault.
  void step(const as::Word& bundle);

  // Runs the program (words[i] at pc 64*i) from pc until halt; a pc outside
  // the program is a fault ("Prefetch fault"), more than max_bundles bundles
  // the fault "step limit". Then the MXU is idle.
  void run(const std::vector<as::Word>& words, uint64_t max_bundles = uint64_t{1} << 32);

  // The matrix unit and what it did.
  struct MxuInsn {
    uint64_t bundle = 0;  // pc / 64 of its bundle
    std::string slot;     // mxu or dma
    std::string text;     // the instruction, canonical
    sim::MxuOp op;        // what it asked the unit to do (register values resolved)
  };
  const sim::Npu& mxu() const { return *npu_; }
  sim::Npu& mxu() { return *npu_; }
  const std::vector<MxuInsn>& mxu_insns() const { return mxu_insns_; }  // in issue order, as mxu().stats().ops
  void finish_mxu() { npu_->finish(); }  // waits until the unit is idle (halt does it)
  uint64_t cycles() const { return npu_->stats().cycles; }
  uint64_t bundles_executed = 0;

  // For the builtins: issues one op for the instruction being executed;
  // an MxuFault becomes the machine's fault.
  void issue_mxu(const sim::MxuOp& op);

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
  std::string current_text;  // the instruction being executed
  uint32_t read32(uint32_t address) const;

  // What one slot did when run against a view of the state (the pipelined
  // model's unit of work, and the body of step()).
  struct GlobalWrite {
    size_t global = 0;  // the engine's global slot
    long element = -1;  // array element, or -1 for a whole global
    spec::Value value;
  };
  struct SlotEffects {
    bool enabled = false;
    std::vector<GlobalWrite> writes;  // in global, element order
    std::vector<Store> stores;
    std::vector<std::string> mxu_ops;  // only when probing: the ops it would have issued
  };
  // Runs slot `d` of `word` at `bundle_pc` against `view` (the pseudocode
  // globals as this slot sees them): its predicate, decode and operation.
  // `ignore_predicate` runs a disabled slot too (what its unit computes
  // anyway). With `probing` set, MXU and DMA instructions record their ops
  // instead of issuing them. Throws mlisa::Fault like step().
  SlotEffects run_slot(const as::Word& word, const as::DecodedInsn& d, uint32_t bundle_pc,
                       const std::vector<spec::Value>& view, bool ignore_predicate = false);
  bool probing = false;
  // The pseudocode globals (the architectural state) and their slots.
  std::vector<spec::Value>& globals() {
    before_valid_ = false;  // the caller may write them
    return engine_.globals();
  }
  int s_global() const { return s_slot_; }
  int v_global() const { return v_slot_; }
  int p_global() const { return p_slot_; }
  int branch_taken_global() const { return branch_taken_; }
  int branch_target_global() const { return branch_target_; }
  int halted_global() const { return halted_; }
  const as::SpecIsa& isa() const { return isa_; }
  // Which engine runs the pseudocode (as mve::Machine::set_engine;
  // spec::default_engine_kind() when built): the specs compiled to C++ at
  // build time, or the interpreter.
  void set_engine(spec::EngineKind kind);
  spec::EngineKind engine_kind() const { return compiled_ ? spec::EngineKind::Compiled : spec::EngineKind::Interpreter; }
  // A bundle's slots, by slot name, as run_slot left them.
  using BundleEffects = std::vector<std::pair<std::string, SlotEffects>>;
  using SlotsEffects = std::span<const BundleEffects::value_type>;
  // Applies a bundle's register and global writes to `globals` (two slots
  // writing different values to one element: the fault "write conflict").
  void apply_writes(std::vector<spec::Value>& globals, uint32_t bundle_pc, SlotsEffects slots) const;
  // Applies a bundle's stores to memory (a conflict between slots is a fault).
  void apply_stores(uint32_t bundle_pc, SlotsEffects slots);
  std::vector<Store> last_stores;  // what the last apply_stores wrote, by address

 private:
  const as::SpecIsa& isa_;
  mutable spec::Engine engine_;  // globals() has no const overload
  int s_slot_, v_slot_, p_slot_, branch_taken_, branch_target_, halted_;
  const spec::FunctionDecl* slot_enabled_ = nullptr;
  std::unique_ptr<sim::Npu> npu_;
  std::vector<MxuInsn> mxu_insns_;
  std::vector<std::string>* probe_ops_ = nullptr;  // run_slot's record while probing
  std::unique_ptr<spec::CompiledBinding> compiled_;
  spec::CompiledTarget::FunctionFn slot_enabled_fn_ = nullptr;  // SlotEnabled compiled, when it is
  std::vector<spec::Value> enabled_args_;                       // its argument, reused
  // step() runs without the allocator once warm: the bundles it has decoded
  // (by pc, direct-mapped, checked against the word), a copy of the globals
  // as they were before the bundle that shares no array with them (the
  // slots' writes are undone from it and then applied to both, so that it
  // is copied again only after someone else wrote the globals), and the
  // effects of the bundle's slots, whose buffers are reused.
  struct KeptBundle {
    bool valid = false;
    as::Word word;
    std::vector<as::DecodedInsn> insns;
  };
  std::vector<KeptBundle> kept_;
  std::vector<spec::Value> before_;
  bool before_valid_ = false;  // before_ equals the globals (every writer of them but step() clears it)
  BundleEffects effects_;
  std::vector<Store> stores_;  // apply_stores's work list
  const std::vector<as::DecodedInsn>& decoded_bundle(const as::Word& word);
  void run_slot_into(const as::Word& word, const as::DecodedInsn& d, uint32_t bundle_pc,
                     const std::vector<spec::Value>& view, bool ignore_predicate, SlotEffects& out);
  bool slot_enabled(uint64_t predicate);
  // The compiled decode of each slot form and bundle word met, by the form's
  // index and the word's bytes.
  std::unordered_map<std::string, std::unique_ptr<spec::CompiledDecode>> decoded_;
  std::string decode_key_;
  spec::CompiledDecode* compiled_decode(const as::Word& word, const as::DecodedInsn& d);
  spec::Value call(const spec::FunctionDecl& fn, std::vector<spec::Value> args);
};

// Two runs of a slot did the same: predicate, writes, stores, MXU ops.
bool same_effects(const Machine::SlotEffects& a, const Machine::SlotEffects& b);

}  // namespace mlisa::targets::tcore
