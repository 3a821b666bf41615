#include "targets/tcore/faults.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

namespace mlisa::targets::tcore {

const char* unit_name(Unit u) {
  switch (u) {
    case Unit::Scalar: return "scalar";
    case Unit::Vector: return "vector";
    case Unit::VecMem: return "vls";
    case Unit::MatrixDma: return "mxu/dma";
    case Unit::Misc: return "misc";
  }
  return "";
}

const char* stage_name(int stage) {
  static const char* const names[] = {"IF1", "IF2", "IF3", "D", "I", "A", "EX1", "EX2"};
  return stage >= 0 && stage < kStages ? names[stage] : "?";
}

const std::vector<FaultSpec>& fault_catalogue() {
  using K = FaultKind;
  using U = Unit;
  // name, kind, unit, description, data hazard, consumer, stage, delta, slot
  static const std::vector<FaultSpec> faults = {
      {"scalar-ex1-to-scalar-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX1 to a scalar consumer (back-to-back S/P use reads the register file)", true,
       U::Scalar, EX1},
      {"scalar-ex2-to-scalar-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX2 to a scalar consumer (use two bundles later reads the register file)", true,
       U::Scalar, EX2},
      {"scalar-ex1-to-vector-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX1 to the vector unit (vbcast of an S just written, a P guarding a vector slot)",
       true, U::Vector, EX1},
      {"scalar-ex2-to-vector-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX2 to the vector unit", true, U::Vector, EX2},
      {"scalar-ex1-to-vls-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX1 to the load/store unit's read in I (base address, guard)", true, U::VecMem,
       EX1},
      {"scalar-ex1-to-dma-bypass-missing", K::MissingBypass, U::Scalar,
       "no path from a scalar result in EX1 to the MXU/DMA operands (rows, addresses, counts, strides)", true,
       U::MatrixDma, EX1},
      {"vector-ex2-to-vector-bypass-missing", K::MissingBypass, U::Vector,
       "no path from a vector result in EX2 to the vector unit", true, U::Vector, EX2},
      {"vector-ex2-to-vls-bypass-missing", K::MissingBypass, U::Vector,
       "no path from a vector result in EX2 to the store data read of the load/store unit", true, U::VecMem, EX2},
      {"scalar-ex1-bypass-from-ex2", K::WrongStageBypass, U::Scalar,
       "the scalar EX1 path is wired to the EX2 latch: it forwards the older bundle's scalar result", true, U::Scalar,
       EX1, +1},
      {"vector-ex2-bypass-from-ex1", K::WrongStageBypass, U::Vector,
       "the vector EX2 path is wired to the EX1 latch: it forwards the younger bundle's vector result", true, U::Vector,
       EX2, -1},
      {"scalar-to-vls-interlock-short", K::InterlockShort, U::Scalar,
       "the interlock lets a load/store read a scalar result in I while the producer is still in A", true, U::VecMem},
      {"vector-to-vector-interlock-short", K::InterlockShort, U::Vector,
       "the interlock counts a vector result ready in EX1, a cycle before it reaches the bypass", true, U::Vector},
      {"vector-to-vls-interlock-short", K::InterlockShort, U::Vector,
       "the interlock lets a store read vector data a cycle before the EX2 bypass has it", true, U::VecMem},
      {"load-to-vector-interlock-short", K::InterlockShort, U::VecMem,
       "the load-use interlock releases a vector consumer while the load is still in EX2", true, U::Vector},
      {"load-to-vls-interlock-short", K::InterlockShort, U::VecMem,
       "the load-use interlock releases a store of the loaded register while the load is still in EX2", true,
       U::VecMem},
      {"load-to-vector-interlock-missing", K::InterlockMissing, U::VecMem,
       "no load-use interlock for vector consumers: they read the register file whatever the load's stage", true,
       U::Vector},
      {"scalar-waw-oldest-wins", K::WawPriority, U::Scalar,
       "the scalar bypass mux gives priority to the older of two in-flight writers of a register", true},
      {"scalar-regfile-write-late", K::StaleRegfile, U::Scalar,
       "the scalar unit's register-file write lands a cycle late: a read just after retirement sees the old value",
       true},
      {"vector-regfile-write-late", K::StaleRegfile, U::Vector,
       "the vector unit's register-file write lands a cycle late", true},
      {"load-regfile-write-late", K::StaleRegfile, U::VecMem,
       "the load/store unit's register-file write lands a cycle late (load results have no bypass)", true},
      {"scalar-forward-ignores-predicate", K::PredicateForward, U::Scalar,
       "a scalar slot whose predicate is false still forwards the value it computed", true},
      {"vector-forward-ignores-predicate", K::PredicateForward, U::Vector,
       "a vector slot whose predicate is false still forwards the value it computed", true},
      {"scalar-s1-forwarded-from-s0", K::WrongSlot, U::Scalar,
       "the bypass select of slot s1 picks slot s0's result bus (nothing when s0 is empty)", true, U::Scalar, EX1, 1,
       "s1"},
      {"vector-v1-forwarded-from-v0", K::WrongSlot, U::Vector,
       "the bypass select of slot v1 picks slot v0's result bus (nothing when v0 is empty)", true, U::Vector, EX1, 1,
       "v1"},
      {"vls-guard-not-interlocked", K::PredicateNotChecked, U::VecMem,
       "the interlock ignores the predicate register guarding a load/store (read in I)", true, U::VecMem},
      {"branch-guard-not-interlocked", K::PredicateNotChecked, U::Misc,
       "the interlock ignores the predicate register guarding a misc slot (a branch or halt, read in D)", false,
       U::Misc},
      {"branch-flush-one-short", K::BranchFlushShort, U::Misc,
       "a taken branch flushes IF2 and IF3 but not IF1: the third bundle after the branch runs", false},
      {"halt-flush-one-short", K::HaltFlushShort, U::Misc, "halt does not flush the bundle behind it in IF3", false},
  };
  return faults;
}

const FaultSpec* find_fault(const std::string& name) {
  if (name.empty()) return nullptr;
  for (const FaultSpec& f : fault_catalogue())
    if (name == f.name) return &f;
  throw UsageError(fmt::format("no pipeline fault named '{}' (mlisa run --target tcore --list-faults lists them)", name));
}

}  // namespace mlisa::targets::tcore
