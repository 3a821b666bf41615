// The ranges of the integer values of a target's pseudocode, as an interval
// analysis proves them, for the translator (docs/compiled.md, "Integers"):
// where the ranges bound an integer variable or operation to 64 bits the
// generated code computes it in an int64_t, without overflow checks; elsewhere
// in a checked 128-bit Int.
//
// The analysis follows each function's statements: an assignment replaces a
// local's range, the branches of an if join, a loop runs its body until the
// ranges settle (widening those that keep growing to every value). A local's
// C++ type takes the range of every value it ever holds; an operation, the
// ranges its operands have where it stands. It follows calls: a parameter's
// range holds every argument of the calls in the specs, and also every value
// a machine may pass from outside (external()), which the generated entry
// points check; a function's result holds every value it returns. Globals
// are not followed (a machine writes them too): their values are unbounded.
#pragma once

#include "spec/specfile.hpp"

#include <map>
#include <unordered_map>
#include <vector>

namespace mlisa::spec {

struct IntRange {
  Int lo = 1, hi = 0;  // lo > hi: no value (nothing reaches it)
  static IntRange of(Int lo, Int hi) { return {lo, hi}; }
  static IntRange top();
  bool empty() const { return lo > hi; }
  bool is_top() const;
  // Every value an int64_t (an empty range too: there is no value).
  bool fits64() const { return empty() || (lo >= INT64_MIN && hi <= INT64_MAX); }
  bool operator==(const IntRange&) const = default;
};

class IntRanges {
 public:
  explicit IntRanges(const TargetSpec& spec);

  // A scope is a function (its FunctionDecl) or an encoding (its Encoding:
  // decode and operation share a frame): every value a local slot holds.
  IntRange slot(const void* scope, int32_t slot) const;
  // Every value an integer expression takes where it stands.
  IntRange expr(const Expr* e) const;

  // What a machine may pass for an integer parameter when it calls a
  // function from outside the specs: the generated entry points refuse
  // anything else, with an error.
  static IntRange external() { return IntRange::of(INT32_MIN, INT32_MAX); }

  // The ranges within one specialization of f, whose width variables and
  // some parameters (slot to value) are fixed: f's body analysed again over
  // this analysis's parameter and result ranges (AddWithCarry at N = 32 sums
  // in 64 bits). It answers slot() and expr() for f's body that way; for any
  // other scope and for f's parameters (whose C++ types its callers see) as
  // this analysis does. It refers to this one, which must outlive it.
  IntRanges specialized(const FunctionDecl& f, const std::map<int32_t, Int>& fixed) const;

 private:
  IntRanges() = default;
  // Set in a specialized() analysis.
  const IntRanges* base_ = nullptr;
  const FunctionDecl* special_ = nullptr;
  std::map<int32_t, Int> fixed_;

  // A range that widens to every value once it has grown too often, so that
  // the analysis ends.
  struct Cell {
    IntRange r;
    int grown = 0;       // passes in which it grew
    int last_pass = -1;  // the last of them
    bool join(const IntRange& x, int pass);
  };
  // The ranges of the locals at one point of a body (a local not there: not
  // assigned on the way; dead: the point is not reached).
  struct Env {
    std::map<int32_t, IntRange> slots;
    bool dead = false;
    void join(const Env& other);
  };
  struct Scope {
    std::map<int32_t, IntRange> slots;  // every value each local holds
  };
  struct Body {
    const void* scope;
    const FunctionDecl* fn;  // null for an encoding
    std::vector<const Block*> blocks;
  };
  // One pass over a body; true when a range it feeds grew.
  bool analyse(const Body& b);
  void run(const Block& b, Env& env);
  void run(const Stmt& st, Env& env);
  void set(Env& env, int32_t slot, const IntRange& r);
  void assign(Env& env, const Expr* target, const IntRange& r);
  void calls_in(Env& env, const Expr* e);
  IntRange eval(const Env& env, const Expr* e);
  IntRange eval_node(const Env& env, const Expr* e);
  std::vector<IntRange> eval_tuple(const Env& env, const Expr* e, size_t n);
  int64_t width_at_most(const Env& env, const Expr* e);

  // The pass in progress.
  int pass_ = 0;
  Scope* scope_ = nullptr;
  const FunctionDecl* fn_ = nullptr;
  bool changed_ = false;

  std::unordered_map<const void*, Scope> scopes_;
  std::unordered_map<const Expr*, IntRange> exprs_;  // every value each integer expression takes
  std::unordered_map<const FunctionDecl*, std::vector<Cell>> params_;   // per parameter
  std::unordered_map<const FunctionDecl*, std::vector<Cell>> results_;  // per tuple element
};

}  // namespace mlisa::spec
