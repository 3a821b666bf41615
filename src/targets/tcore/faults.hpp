// A catalogue of pipeline bugs for the pipelined tcore model (pipeline.hpp),
// selectable by name at run time (`mlisa run --target tcore --pipeline
// --fault NAME`, `mlisa verify --target tcore --suite hazards`). Each is a
// plausible design error in the forwarding network, the interlock logic, the
// register file or the branch unit, with exactly one mechanism and the unit it
// belongs to; docs/pipeline.md lists them.
#pragma once

#include <string>
#include <vector>

namespace mlisa::targets::tcore {

// The functional units, one per slot class of isa/tcore/bundle.isa.
enum class Unit { Scalar, Vector, VecMem, MatrixDma, Misc };
constexpr int kUnits = 5;
const char* unit_name(Unit u);  // scalar, vector, vls, mxu/dma, misc

// The eight stages of seed 002's DSPC-01.
enum Stage : int { IF1, IF2, IF3, D, I, A, EX1, EX2, kStages };
const char* stage_name(int stage);

enum class FaultKind {
  MissingBypass,      // the path (producer unit, producer stage -> consumer unit) does not exist; the interlock thinks it does
  WrongStageBypass,   // the path from `stage` delivers the result of the bundle one stage further down
  InterlockShort,     // the interlock thinks the producer's result is ready one cycle early
  InterlockMissing,   // the interlock does not check the consumer's reads of the producer's results at all
  WawPriority,        // the bypass mux prefers the oldest matching producer, not the youngest
  StaleRegfile,       // the register file shows a write one cycle late (the retiring bundle is no longer forwarded)
  PredicateForward,   // a slot disabled by its predicate forwards what it computed anyway
  WrongSlot,          // the result of slot `slot` is forwarded from the other slot of its unit in the bundle
  PredicateNotChecked,// the interlock ignores the consumer's predicate register as a source
  BranchFlushShort,   // a taken branch flushes one bundle too few (the bundle in IF1 runs)
  HaltFlushShort,     // halt lets the bundle after it run
};

struct FaultSpec {
  const char* name;
  FaultKind kind;
  Unit unit;                 // the unit the bug sits in (the producer's, for the data path)
  const char* description;   // one line
  bool data_hazard = true;   // a data-hazard bug (the hazard suite's goal) or a control one
  Unit consumer = Unit::Scalar;  // MissingBypass, InterlockShort, InterlockMissing: the consuming unit
  int stage = EX1;               // MissingBypass, WrongStageBypass: the producer's stage
  int delta = 1;                 // WrongStageBypass: the stage it delivers from is stage + delta
  const char* slot = "";         // WrongSlot: the producing slot
};

const std::vector<FaultSpec>& fault_catalogue();
// nullptr for the empty name; UsageError naming the catalogue for an unknown one.
const FaultSpec* find_fault(const std::string& name);

}  // namespace mlisa::targets::tcore
