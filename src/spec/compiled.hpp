// Compiled semantics: the C++ that mlisa-spec2cpp generates from a target's
// checked specs at build time (src/spec/translate.hpp, docs/compiled.md), and
// how an engine runs it. The generated code registers one CompiledTarget per
// embedded target; a machine binds it to its engine (CompiledBinding) when the
// loaded specs are the ones it was generated from (same hash), and otherwise
// runs on the interpreter and says so once on stderr.
//
// Compiled code reads and writes the same globals as the interpreter, so the
// two are interchangeable instruction by instruction. It holds those of fixed
// types as machine words while it runs (Engine::take_globals) and writes them
// back into Engine::globals() when anyone else reads them.
#pragma once

#include "spec/ast.hpp"
#include "spec/engine.hpp"

#include <cstdint>
#include <cstring>
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
  // The globals held typed: a new zeroed Globals struct, its deletion, its
  // load from Engine::globals() and its store into them, and where each
  // global lies in it (ended by slot -1).
  struct TypedGlobal {
    int32_t slot;
    uint32_t offset;  // in Globals
    char kind;        // 'b' bits(width <= 64) as a uint64_t, 'w' bits(width <= 128) as two, 'z' bool,
                      // 'i' Int, 'e' rt::En, 'r' double
    int32_t width;    // of bits
    int32_t count;    // of an array's elements (0: not an array)
    uint32_t size;    // its bytes in Globals (sizeof)
  };
  void* (*new_typed)();
  void (*free_typed)(void*);
  void (*load_typed)(rt::Ctx&);
  void (*store_typed)(rt::Ctx&);
  const TypedGlobal* typed;
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

 public:
  // One of split_.reads (`read`: global, lo, width), resolved when the
  // decode is made: a global held typed as a word at `at` (size 8 or 1
  // bytes, its bits (w >> shift) & mask), or as `bytes` bytes at `at`; any
  // other global (at null) as a Value.
  struct Read {
    const int32_t* read = nullptr;
    const char* at = nullptr;
    uint64_t mask = ~uint64_t{0};
    uint8_t shift = 0, size = 0;
    uint32_t bytes = 0;
    // A word read (size 8 or 1): its bits now.
    uint64_t word() const {
      uint64_t w = 0;
      if (size == 8) std::memcpy(&w, at, 8);
      else w = static_cast<unsigned char>(*at);
      return (w >> shift) & mask;
    }
  };

 private:
  std::vector<Read> reads_;
  // What run() checks inline, set with valid_: kQuickNone (out of line: not
  // valid, or reads other than one word), kQuickHolds (valid, reads no
  // global), kQuickOneWord (valid while reads_[0] reads seen0_).
  enum : uint8_t { kQuickNone, kQuickHolds, kQuickOneWord };
  uint8_t quick_ = kQuickNone;
  Read read0_;
  uint64_t seen0_ = 0;
  void (*execute_)(rt::Ctx&, const void*);  // split_.execute, one load nearer
  // The reads as the decode saw them, each kind in the order of reads_.
  std::vector<uint64_t> seen_words_;
  std::string seen_bytes_;
  std::vector<Value> seen_;
};

class CompiledBinding;

// Calls a pseudocode function of a machine: through its compiled code when
// it has some (null: none) and pseudocode coverage is off (coverage counts
// lines on the interpreter), else on the engine.
Value call_function(CompiledBinding* compiled, Engine& engine, const FunctionDecl& fn, std::vector<Value> args);

// The compiled code of a target bound to one engine.
class CompiledBinding final : public Engine::GlobalsHolder {
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
  // ExecutionError at the pseudocode line. held: the caller knows that the
  // globals are held (it called enter() and nothing handed them back since).
  void run(CompiledDecode& d, bool held = false) {
    if (!held) enter();
    // A kept decode that read no global or one word of the typed globals:
    // checked here; the rest (a new decode, other reads) out of line.
    if (d.quick_ == CompiledDecode::kQuickHolds ||
        (d.quick_ == CompiledDecode::kQuickOneWord && d.read0_.word() == d.seen0_)) {
      try {
        d.execute_(*ctx_, d.state_);
      } catch (const RuntimeError& e) {
        execution_error(e);
      }
      return;
    }
    run_slow(d);
  }
  // Calls a pseudocode function as Engine::call does.
  Value call(const FunctionDecl& fn, std::vector<Value> args);
  // A function's compiled code called with values (args are consumed).
  Value call(CompiledTarget::FunctionFn f, std::vector<Value>& args);
  // The compiled code of a function (null when it has none): for callers
  // that keep their argument vector.
  CompiledTarget::FunctionFn function(const FunctionDecl& fn) const;
  // The direct entry points of a procedure of no argument or of one integer
  // (null when it is not one) and the calls through them (no Value at all).
  CompiledTarget::ProcFn procedure0(const FunctionDecl& fn) const;
  CompiledTarget::ProcIntFn procedure1(const FunctionDecl& fn) const;
  // Inline: a machine makes these calls around every instruction or beat.
  // They are made from outside any compiled code (nothing to restore but the
  // depth), so a failure goes out of line.
  void call(CompiledTarget::ProcFn f, bool held = false) {
    if (!held) enter();
    try {
      f(*ctx_);
    } catch (...) {
      rethrow_from_call();
    }
  }
  void call(CompiledTarget::ProcIntFn f, Int arg, bool held = false) {
    if (!held) enter();
    try {
      f(*ctx_, arg);
    } catch (...) {
      rethrow_from_call();
    }
  }

  // Takes the engine's globals for compiled code (loading those held typed
  // from their Values) unless it holds them already. Every entry into
  // compiled code does this.
  void enter() {
    if (!engine_->globals_taken()) take();
  }
  // Where a global held typed lies (null when it is not held typed): the
  // word of a bits(N <= 64) global (or of each element of an array of them),
  // a bool, an Int, ... (GlobalRef reads it). It holds the global's value while the compiled code holds
  // the globals (after enter(), until Engine::globals() or the interpreter
  // takes them back).
  void* typed_address(int slot) const;
  // The store of the globals held typed into their Values (Engine::GlobalsHolder).
  void write_back() override;

 private:
  CompiledBinding() = default;
  [[gnu::noinline]] void take();
  void run_slow(CompiledDecode& d);
  // A run-time error of the code running, as an ExecutionError at its line.
  [[noreturn]] void execution_error(const RuntimeError& e) const;
  // A read of a decode (CompiledTarget::Split::reads: global, lo, width)
  // resolved against the typed globals.
  CompiledDecode::Read resolve(const int32_t* read) const;
  // Whether what a kept decode read is as it saw it; what it sees now.
  bool still_seen_all(const CompiledDecode& d) const;
  void note_seen(CompiledDecode& d) const;
  Engine* engine_ = nullptr;
  void* typed_ = nullptr;  // the target's Globals
  std::vector<const CompiledTarget::TypedGlobal*> typed_by_slot_;
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

// A global that a machine reads or writes around every instruction, where
// it is held: in the compiled code's typed storage while that holds the
// globals, else as its Value (no binding, the interpreter running). For bits
// of up to 64 bits, booleans and integers, and arrays of them (element i
// counted from the first).
class GlobalRef {
 public:
  GlobalRef() = default;
  GlobalRef(Engine& engine, const CompiledBinding* compiled, int slot);

  uint64_t word(size_t i = 0) const {
    if (typed()) return static_cast<const uint64_t*>(typed_)[i];
    return value(i).as_bits().low64();
  }
  void set_word(uint64_t v, size_t i = 0) {
    if (typed()) static_cast<uint64_t*>(typed_)[i] = v;
    else set_value_word(v, i);
  }
  bool boolean(size_t i = 0) const { return typed() ? static_cast<const bool*>(typed_)[i] : value(i).as_bool(); }
  void set_boolean(bool b, size_t i = 0) {
    if (typed()) static_cast<bool*>(typed_)[i] = b;
    else value(i).set_bool(b);
  }
  void set_integer(Int v) {
    if (typed()) *static_cast<Int*>(typed_) = v;
    else value(0).set_int(v);
  }
  // The typed member itself, unchecked: only where the caller knows that
  // compiled code holds the globals and that the global is typed (held_typed()).
  template <class T>
  T& held(size_t i = 0) const {
    return static_cast<T*>(typed_)[i];
  }
  bool held_typed() const { return typed_ != nullptr; }
  // Whether any of the first n booleans of an array is set.
  bool any(size_t n) const { return typed() ? held_any(n) : any_value(n); }
  // any() of the typed member, unchecked (as held()).
  bool held_any(size_t n) const {
    // A bool is a byte, 0 or 1: eight at a time.
    const char* b = static_cast<const char*>(typed_);
    uint64_t r = 0;
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      uint64_t w;
      std::memcpy(&w, b + i, 8);
      r |= w;
    }
    for (; i < n; ++i) r |= static_cast<uint64_t>(b[i]);
    return r != 0;
  }

 private:
  bool typed() const { return typed_ && engine_->globals_taken(); }
  Value& value(size_t i) const;
  void set_value_word(uint64_t v, size_t i);
  bool any_value(size_t n) const;
  Engine* engine_ = nullptr;
  int slot_ = -1;
  void* typed_ = nullptr;
};

}  // namespace mlisa::spec
