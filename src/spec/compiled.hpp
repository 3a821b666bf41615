// Compiled semantics: the C++ that mlisa-spec2cpp generates from a target's
// checked specs at build time (src/spec/translate.hpp, docs/compiled.md), and
// how an engine runs it. The generated code registers one CompiledTarget per
// embedded target; a machine binds it to its engine (CompiledBinding) when the
// loaded specs are the ones it was generated from (same hash), and otherwise
// runs on the interpreter and says so once on stderr.
//
// Compiled code reads and writes the same Engine::globals() as the
// interpreter, so the two are interchangeable instruction by instruction.
#pragma once

#include "spec/ast.hpp"
#include "spec/engine.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::spec {

class TargetSpec;
struct Encoding;

namespace rt {
struct Ctx;
}

// A constant the generated code needs as a Value of the loaded module
// (enumeration members, strings, wide bits), built when it is bound.
struct CompiledConst {
  char kind;         // 'e' enumeration member, 's' string, 'b' bits (hex digits, most significant first),
                     // 'r' a record of zero fields
  const char* text;  // enumeration type name, string, hex digits, or record type name
  uint32_t n;        // member index or bits width
};

struct CompiledTarget {
  // An encoding's decode and operation apart: decode fills a state (its
  // decode-time values) from a word, execute runs the operation from one.
  struct Split {
    void* (*make)();  // a new state
    void (*free)(void*);
    void (*decode)(rt::Ctx&, const Bits& word, void* state);
    void (*execute)(rt::Ctx&, const void* state);
    // What the decode reads of the globals (through its calls too): (global,
    // lo, width) triples, a field of a bits global or (global, 0, 0) the
    // whole of it, ended by -1.
    const int32_t* reads;
    // The decode writes no global and calls no builtin with effects: its
    // state holds while the word and those globals do.
    bool keepable;
  };
  using FunctionFn = Value (*)(rt::Ctx&, std::vector<Value>& args);
  using ProcFn = void (*)(rt::Ctx&);           // a procedure of no argument
  using ProcIntFn = void (*)(rt::Ctx&, Int);  // a procedure of one integer
  const char* target;
  uint64_t hash;                       // of the spec sources it came from (spec_hash)
  const Split* encodings;              // in walk order (instructions, then their encodings)
  size_t encoding_count;
  const FunctionFn* functions;         // one per module function with a body, in module order (null for none)
  size_t function_count;
  const ProcFn* procs0;     // like functions: the direct entry points of procedures of no argument, else null
  const ProcIntFn* procs1;  // and of procedures of one integer argument
  const CompiledConst* consts;
  size_t const_count;
  const Loc* locs;  // the statements' places, by the index each stores in rt::Ctx::at
};

// Called by the generated code's static initialisers.
void register_compiled(const CompiledTarget* target);
const CompiledTarget* find_compiled(const std::string& target);

// The hash of a target's spec sources (their texts, in load order).
uint64_t spec_hash(const SourceSet& sources);

// Every call of a builtin in the module's function bodies and then the
// instructions' encodings (decode, operation), in a fixed order: the
// generated code names a call site by its index here, and the binding finds
// the same Expr in the loaded module.
std::vector<const Expr*> builtin_call_sites(const TargetSpec& spec);

// Which engine runs instructions.
enum class EngineKind : uint8_t { Compiled, Interpreter };
// The engine machines start with (mlisa --engine); compiled unless set.
EngineKind& default_engine_kind();

// An encoding's decode-time values for one word: decoded when first run and
// kept while the globals its decode reads keep the values it saw
// (CompiledTarget::Split), so that a loop, or the beats of an MVE
// instruction, run the decode once.
class CompiledDecode {
 public:
  CompiledDecode(const CompiledTarget::Split& split, const Bits& word);
  ~CompiledDecode();
  CompiledDecode(const CompiledDecode&) = delete;
  CompiledDecode& operator=(const CompiledDecode&) = delete;

 private:
  friend class CompiledBinding;
  const CompiledTarget::Split& split_;
  Bits word_;
  void* state_;
  bool valid_ = false;
  std::vector<Value> seen_;  // split_.reads as the decode saw them (a field as bits)
};

class CompiledBinding;

// Calls a pseudocode function of a machine: through its compiled code when
// it has some (null: none) and pseudocode coverage is off (coverage counts
// lines on the interpreter), else on the engine.
Value call_function(CompiledBinding* compiled, Engine& engine, const FunctionDecl& fn, std::vector<Value> args);

// The compiled code of a target bound to one engine.
class CompiledBinding {
 public:
  // Null (and a note on stderr, once per target and process) when no compiled
  // code matches the loaded specs.
  static std::unique_ptr<CompiledBinding> bind(const TargetSpec& spec, Engine& engine);
  ~CompiledBinding();

  // The compiled decode and operation of an encoding for a word, or null.
  std::unique_ptr<CompiledDecode> decoded(const Encoding& enc, const Bits& word) const;
  // Runs an encoding's decode (unless its state still holds) and operation
  // on the word (as Engine::run does over a frame_for(enc, word)):
  // EndOfInstruction passes through, a run-time error becomes an
  // ExecutionError at the pseudocode line.
  void run(CompiledDecode& d);
  // Calls a pseudocode function as Engine::call does.
  Value call(const FunctionDecl& fn, std::vector<Value> args);
  // A function's compiled code called with values (args are consumed).
  Value call(CompiledTarget::FunctionFn f, std::vector<Value>& args);
  // The direct entry points of a procedure of no argument or of one integer
  // (null when it is not one) and the calls through them (no Value at all).
  CompiledTarget::ProcFn procedure0(const FunctionDecl& fn) const;
  CompiledTarget::ProcIntFn procedure1(const FunctionDecl& fn) const;
  // Inline: a machine makes these calls around every instruction or beat.
  // They are made from outside any compiled code (nothing to restore but the
  // depth), so a failure goes out of line.
  void call(CompiledTarget::ProcFn f) {
    try {
      f(*ctx_);
    } catch (...) {
      rethrow_from_call();
    }
  }
  void call(CompiledTarget::ProcIntFn f, Int arg) {
    try {
      f(*ctx_, arg);
    } catch (...) {
      rethrow_from_call();
    }
  }

 private:
  CompiledBinding() = default;
  // In a catch block of call(): the call depth back to 0, a run-time error as
  // an ExecutionError at the statement that raised it, anything else as it is.
  [[noreturn]] void rethrow_from_call();
  const CompiledTarget* target_ = nullptr;
  std::unique_ptr<rt::Ctx> ctx_;
  std::vector<const Expr*> sites_;
  std::vector<int> builtins_;
  std::vector<Value> consts_;
  std::unordered_map<const Encoding*, const CompiledTarget::Split*> encodings_;
  std::unordered_map<const FunctionDecl*, size_t> function_index_;  // into the target's tables
  std::unordered_map<const FunctionDecl*, CompiledTarget::FunctionFn> functions_;
};

}  // namespace mlisa::spec
