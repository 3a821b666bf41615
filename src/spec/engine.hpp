// The engine: runs checked pseudocode against a target's state. Frames are
// vectors of values indexed by the slots the checker assigned; globals live in
// the engine (PSTATE, FPSCR, ... as the target's shared pseudocode declares
// them), registers and memory behind the target's builtins.
#pragma once

#include "core/direct_memory.hpp"
#include "spec/ast.hpp"
#include "spec/builtins.hpp"

#include <deque>
#include <functional>
#include <initializer_list>
#include <set>
#include <span>
#include <string>
#include <vector>

namespace mlisa::spec {

class Coverage;

// A run-time failure of pseudocode (width mismatch, index out of range, failed
// assertion, no case matched), at the statement or expression where it
// happened. what() is the message alone; format() adds the location.
class ExecutionError : public std::runtime_error {
 public:
  ExecutionError(Loc loc, std::string msg) : std::runtime_error(std::move(msg)), loc_(loc) {}
  const Loc& loc() const { return loc_; }
  // "file:line:col: error: MSG" with the pseudocode line and a caret.
  std::string format(const SourceSet& sources) const;

 private:
  Loc loc_;
};

// How an instruction's pseudocode ended other than by falling off its end.
// The engine throws these; the target decides what each means (a fault, a
// documented CONSTRAINED UNPREDICTABLE choice, decoding another encoding).
struct EndOfInstruction {
  enum class Kind : uint8_t {
    Undefined,                 // UNDEFINED, EndOfDecode(Decode_UNDEF)
    Unpredictable,             // UNPREDICTABLE
    ConstrainedUnpredictable,  // CONSTRAINED_UNPREDICTABLE
    See,                       // SEE "other encoding"
    Nop,                       // EndOfDecode(Decode_NOP)
    Exception,                 // an architectural exception raised by a builtin
  };
  Kind kind;
  Loc loc;
  std::string detail;  // SEE target, exception name
};

class Engine {
 public:
  Engine(const Module& module, const BuiltinTable& builtins);

  const Module& module() const { return module_; }
  const BuiltinTable& builtins() const { return builtins_; }
  const SourceSet* sources = nullptr;  // for messages naming pseudocode lines

  // Globals, by the slot the checker gave each GlobalDecl; initialised by
  // reset_globals() from their initialisers (or zero values).
  std::vector<Value>& globals() {
    if (holder_) give_back_globals();
    return globals_;
  }
  void reset_globals();

  // Compiled code keeps the globals of fixed types as machine words
  // (docs/compiled.md). While it holds them (take_globals) their Values here
  // are stale; globals(), the interpreter and reset_globals() take them back
  // first (the holder writes them back, except on a reset). A reference
  // into globals() is therefore good only until compiled code next runs.
  class GlobalsHolder {
   public:
    virtual void write_back() = 0;

   protected:
    ~GlobalsHolder() = default;
  };
  void take_globals(GlobalsHolder* holder) { holder_ = holder; }
  bool globals_taken() const { return holder_ != nullptr; }
  int global_slot(const std::string& name) const;  // -1 when absent

  // Calls a pseudocode function or procedure.
  Value call(const FunctionDecl& fn, std::vector<Value> args);

  // Runs blocks one after the other in one frame (an instruction's decode then
  // operation sections, sharing its variables). The frame must have the size
  // the checker computed; encoding fields are written into their slots first.
  void run(std::span<const Block* const> blocks, std::vector<Value>& frame);
  // `run({&decode, &operation}, frame)` without a vector to allocate.
  void run(std::initializer_list<const Block*> blocks, std::vector<Value>& frame) {
    run(std::span<const Block* const>(blocks.begin(), blocks.size()), frame);
  }

  // Evaluates an expression in a frame.
  Value eval(const Expr& e, std::vector<Value>& frame);

  // Floating-point flags raised by FP builtins go here; the target decides
  // where they accumulate (FPSCR, FPSR). Default: ORed into fp_flags.
  std::function<void(uint32_t flags)> on_fp_flags;
  uint32_t fp_flags = 0;
  void raise_fp_flags(uint32_t flags) {
    if (on_fp_flags) on_fp_flags(flags);
    else fp_flags |= flags;
  }

  // Architecture features the target implements (IsFeatureImplemented(FEAT_X)).
  std::set<std::string> features;

  // The target's state, for its builtins (cast back by the target).
  void* target_state = nullptr;
  // The target's memory as compiled code loads and stores it without calling
  // its memory builtin (Builtin::direct), when the target has one.
  DirectMemory* direct_memory = nullptr;

  // Records lines and branches run, when set.
  Coverage* coverage = nullptr;

  // Statements executed since construction (benchmarks, runaway guards).
  uint64_t statements = 0;

 private:
  friend class Interpreter;
  // Argument vectors reused across calls, one per call depth, so that a call
  // does not allocate once the pool has grown (a deque keeps them in place).
  std::deque<std::vector<Value>> arg_pool_;
  size_t arg_depth_ = 0;
  // Function frames, reused the same way.
  std::deque<std::vector<Value>> frame_pool_;
  size_t frame_depth_ = 0;
  // The holder writes the globals back into globals_ and lets them go.
  void give_back_globals();
  const Module& module_;
  const BuiltinTable& builtins_;
  std::vector<Value> globals_;
  GlobalsHolder* holder_ = nullptr;
};

// The binary operators on values, as the interpreter applies them (&& and ||
// aside, which it short-circuits; == against a pattern aside). Compiled code
// calls them for operands whose types the translator does not fix.
Value apply_binary(Op op, const Value& a, const Value& b);
bool values_equal(const Value& a, const Value& b);

// Builtins the engine itself provides: EndOfDecode(Decode_X), Unreachable().
void add_engine_builtins(BuiltinTable& table);

// The builtins of the language, which every spec may call: the standard
// ones, the FP library's and the engine's (a target adds its natives to a
// copy: targets::all_builtins).
const BuiltinTable& language_builtins();

}  // namespace mlisa::spec
