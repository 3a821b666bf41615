// A pipelined tcore: the eight stages of seed 002's DSPC-01 (IF1 IF2 IF3 D I
// A EX1 EX2), one bundle per stage, in order, with per-unit read and result
// stages, a bypass network and interlocks (docs/pipeline.md).
//
// The instructions are not rewritten here: every slot runs through the spec
// engine of the Machine (Machine::run_slot), once, in the cycle its bundle
// leaves the slot's read stage, against a view of the state that is what the
// hardware would read there: the register file plus, element by element, the
// results the bypass network delivers from older bundles still in flight.
// Results become forwardable after the producer's result stage and retire to
// the register file at the end of EX2. Memory is accessed in program order:
// loads read it in I, a bundle's stores land when it leaves A (after its DMA
// slot has issued, as the VLIW rule has it).
//
// The interlock holds a bundle in a stage when one of its slots reading
// there depends on an element whose youngest older writer's result cannot be
// delivered yet. Which elements a slot reads is found the way its operation
// is defined, by the engine: the slot is run once more with the pending
// elements changed, and it depends on them when anything it would do
// changes (its predicate, a write, a store, an MXU op). The destinations of
// slots not yet executed come from running them at D against the register
// file (tcore's destinations are encoding fields, not data).
//
// A FaultSpec (faults.hpp) changes one piece of the network, the interlock,
// the register file or the branch unit, so that the same engine gives the
// results such a buggy pipeline would.
#pragma once

#include "targets/tcore/faults.hpp"
#include "targets/tcore/machine.hpp"

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <vector>

namespace mlisa::targets::tcore {

Unit unit_of_slot(const std::string& slot);

struct UnitTiming {
  int read;    // the stage whose cycle reads the operands (and runs the slot)
  int result;  // the stage at whose end the result exists; -1: no register result
};
UnitTiming unit_timing(Unit u);
// The correct design's bypass network: a result of `producer` held by a
// bundle in `stage` reaches a consumer of `consumer` reading in its read stage.
bool has_bypass(Unit producer, int stage, Unit consumer);

struct PipelineStats {
  uint64_t cycles = 0;
  uint64_t bundles = 0;        // retired
  uint64_t instructions = 0;   // occupied slots of retired bundles
  uint64_t stall_cycles = 0;   // cycles in which a bundle was held by the interlock
  uint64_t flushed = 0;        // bundles fetched and flushed (taken branch, halt)
  std::array<uint64_t, kUnits> stalls_by_unit{};  // stall cycles by the unit of the held slot
};

class Pipeline {
 public:
  // The machine holds the state, memory, MXU and the engine; `fault` may be null.
  explicit Pipeline(Machine& machine, const FaultSpec* fault = nullptr);
  ~Pipeline();

  // A Kanata 0004 log of the run (Konata loads it).
  void set_pipeview(std::ostream* out) { kanata_ = out; }

  // Called after each bundle retires (end of EX2) with the state then.
  struct Retired {
    uint32_t pc;
    size_t instructions;
    const std::vector<spec::Value>& state;
    const std::vector<Machine::Store>& stores;
  };
  std::function<void(const Retired&)> on_retire;

  // Runs the program (words[i] at pc 64*i) from the machine's pc until halt
  // and the pipeline has drained; then the machine's globals hold the final
  // state and its MXU is idle. Faults as Machine::run, and "step limit" after
  // max_bundles retired bundles.
  void run(const std::vector<as::Word>& words, uint64_t max_bundles = uint64_t{1} << 32);

  const PipelineStats& stats() const { return stats_; }

 private:
  struct Entry;
  struct SlotState;
  bool execute(Entry& e, int stage);
  std::vector<spec::Value> view_for(const Entry& e, Unit consumer) const;
  std::vector<std::pair<size_t, long>> pending_for(const Entry& e, const SlotState& s) const;
  bool depends(const Entry& e, SlotState& s, const std::vector<spec::Value>& view,
               const std::vector<std::pair<size_t, long>>& pending);
  void decode(Entry& e);
  void update_probe_views();
  void find_destinations(Entry& e);
  void retire(Entry& e);
  void flush_younger(int stage);
  void log(const char* fmt_line);

  Machine& m_;
  const FaultSpec* fault_;
  std::ostream* kanata_ = nullptr;
  std::array<std::unique_ptr<Entry>, kStages> st_;
  std::vector<spec::Value> rf_;  // the register file (architectural state)
  struct Late {
    size_t global;
    long element;
    spec::Value old;
  };
  std::vector<Late> late_;  // StaleRegfile: elements retired last cycle, still old in reads
  std::vector<Machine::Store> retire_stores_;
  PipelineStats stats_;
  uint64_t next_id_ = 0, retired_ids_ = 0;
  std::vector<size_t> arrays_;  // the globals _S, _V, _P
  std::vector<std::vector<spec::Value>> probe_views_;  // find_destinations's views
  std::vector<spec::Value> probe_base_;                // the register file they were made from
};

// The pipeline against the ISA-level machine on one program: both run from
// the same image; after every retired bundle the registers (S, V, P) and the
// bundle's stores are compared with the machine's after the same bundle.
struct Comparison {
  bool equal = true;                // the final registers and memory agree (and neither faulted)
  bool diverged = false;            // some bundle left a different state
  uint64_t instructions_to_divergence = 0;  // instructions retired up to and including that bundle
  uint64_t divergence_pc = 0;
  std::string difference;           // the first difference, one line
  std::string pipeline_fault;       // the pipeline's fault, when it raised one
  uint64_t instructions = 0;        // the ISA run's instructions
  PipelineStats stats;
};
Comparison compare_with_isa(const as::SpecIsa& isa, const std::vector<as::Word>& code, const std::vector<uint8_t>& data,
                            size_t memory_bytes, const FaultSpec* fault, uint64_t max_bundles = uint64_t{1} << 24,
                            bool stop_at_divergence = false);

// mlisa run --target tcore --pipeline: runs `m`'s program on the pipeline
// (with the named fault, a Kanata log to `pipeview` when not empty) and
// prints bundles, cycles and stalls (JSON when `json`). Returns the exit code.
int run_pipelined(Machine& m, const std::vector<as::Word>& code, uint64_t max_bundles, const std::string& fault,
                  const std::string& pipeview, bool json);

}  // namespace mlisa::targets::tcore
