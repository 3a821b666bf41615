// Pseudocode coverage: which statements (lines) ran and which arms of each
// if and case were taken. The engine records into a Coverage when one is set;
// suites summarise it per instruction.
#pragma once

#include "spec/ast.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::spec {

class Coverage {
 public:
  void hit(const Stmt* s) { ++stmts_[s]; }
  void branch(const Stmt* s, int arm) { ++arms_[key(s, arm)]; }

  uint64_t hits(const Stmt* s) const;
  uint64_t arm_hits(const Stmt* s, int arm) const;
  void merge(const Coverage& other);

  struct Summary {
    uint32_t lines = 0, lines_hit = 0;        // distinct source lines holding statements
    uint32_t branches = 0, branches_hit = 0;  // arms of if (with the implicit fall-through) and case
    std::vector<Loc> missed_lines;
    std::vector<std::pair<Loc, int>> missed_branches;  // statement and arm
    std::vector<const FunctionDecl*> functions;        // the functions followed, in the order reached
  };
  // Coverage of the statements in these blocks (nested blocks included) and
  // of the functions they reach: the body of every pseudocode function
  // (getters and setters too) that a statement which ran calls, and so on
  // from the statements of that body that ran. A function called only from
  // statements that never ran is not counted (its caller's line is the
  // miss).
  Summary summarize(const std::vector<const Block*>& blocks) const;

 private:
  static uint64_t key(const Stmt* s, int arm) { return (reinterpret_cast<uintptr_t>(s) << 8) ^ static_cast<uint64_t>(arm); }
  std::unordered_map<const Stmt*, uint64_t> stmts_;
  std::unordered_map<uint64_t, uint64_t> arms_;
};

}  // namespace mlisa::spec
