// The processor representation matrix (PRM, seed 002) of a target, derived
// from its specs: for every encoding, the functional unit(s) it issues to and
// the registers, register classes, memory and system registers its decode and
// operation pseudocode read and write. Nothing is hand-written: the analysis
// walks the checked tree (spec::TargetSpec), follows calls into the module's
// pseudocode functions (up to a depth limit), and traces every register index
// back to the encoding field it comes from (through decode variables such as
// `d = UInt(Rd)` and through function parameters).
//
// Register files are getters and setters with an integer index (S[n], V[n],
// P[n]; R[n], Q[n] on Arm) and global arrays; an accessor with a bits index
// (Mem[address]) is memory; other globals (FPSCR, PSTATE.N, BranchTaken) are
// classes of their own. A read guarded by a selector (`case UInt(sel) of when
// 10 return S[UInt(sy)]`) records the guard ("ysel=10"). For bundle targets
// every slot's predicate read (the shared function SlotEnabled) is a guard
// read of each row.
//
// Overrides: lines `// prm NAME[/ENCODING]: EFFECT; ... -- REASON` in any
// shared*.isa of the target (isa/tcore/shared_prm.isa) refine a row; see
// docs/prm.md. A register index computed from data that no override covers is
// an error naming the instruction and that file.
#pragma once

#include "spec/specfile.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace mlisa::verify::prm {

// How an access picks its element.
struct Index {
  enum class Kind : uint8_t { None, Field, Fixed, Range, Whole };
  Kind kind = Kind::None;             // None: a class without elements (memory, a global)
  std::vector<std::string> fields;    // Field: concatenated, most significant first
  int64_t scale = 1, offset = 0;      // Field: element = value(fields) * scale + offset
  int64_t lo = 0, hi = 0;             // Fixed (lo), Range [lo, hi]
  std::string text() const;           // "sd", "15", "0..15", "*", ""
  bool operator<(const Index& o) const;
  bool operator==(const Index& o) const { return !(*this < o) && !(o < *this); }
};

// A condition on an encoding field under which an access happens.
struct Guard {
  std::string field;
  std::vector<int64_t> values;  // field value in values (or not in, when negated)
  bool negated = false;
  std::string text() const;     // "ysel=10", "ysel!=0", "ysel in {1,2,3}"
  bool holds(int64_t v) const;
  bool operator<(const Guard& o) const;
};

enum class Role : uint8_t {
  Data,     // an operand or result
  Address,  // a register that forms a memory address (a mem operand's base)
  Guard,    // the slot's predicate
};

struct Access {
  std::string cls;              // S, V, P, Mem, FPSCR, PSTATE.N, L0C
  Index index;
  std::vector<Guard> guards;    // all must hold
  Role role = Role::Data;
  std::string operand;          // the syntax operand holding the index field, e.g. <Sd>, when one does
  bool from_override = false;
  std::string text() const;     // "S[sd]", "S[sy] if ysel=10", "Mem", "P[pred] (guard)"
  bool operator<(const Access& o) const;
};

enum class ClassKind : uint8_t { RegisterFile, Memory, Global, Declared };

struct Row {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  std::vector<std::string> units;     // bundle slots, or one unit
  std::vector<Access> reads, writes;  // sorted, unique
  std::vector<std::string> natives;   // target builtins called directly: effects the analysis cannot see
  std::vector<std::string> overrides; // the reasons of the override lines applied
  std::vector<std::string> notes;     // depth limit reached, ...
  std::string key() const;            // "SADD/Sadd"
  // The classes it reads or writes with role Data (the seed's register set R_i).
  std::set<std::string> register_set() const;
};

struct Matrix {
  std::string target;
  std::string override_file;  // where overrides of this target go
  std::vector<Row> rows;      // one per encoding, in spec order
  std::map<std::string, ClassKind> classes;
  // The seed's partition: rows with equal register sets, in order of first row.
  std::vector<std::pair<std::set<std::string>, std::vector<size_t>>> blocks() const;
  const Row* find(const std::string& instruction, const std::string& encoding) const;
};

struct Options {
  int depth_limit = 8;  // calls followed into pseudocode functions
};

// Throws mlisa::InputError at the spec line for a register index computed
// from data (naming the instruction and the override file) and for a bad
// override line.
Matrix build(const spec::TargetSpec& spec, const Options& options = {});

std::string to_text(const Matrix& m);
std::string to_csv(const Matrix& m);
std::string to_json(const Matrix& m);  // {"target", "rows": [...], "blocks": [...], "classes": {...}}

}  // namespace mlisa::verify::prm
