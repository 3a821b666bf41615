// Builtins: functions, getters and setters implemented in C++ under the
// manual's names. The standard library (UInt, SInt, ZeroExtend, SatQ, ...)
// and the floating-point library (FPAdd, FPMulAdd, FPMaxNum, ...) are added by
// the functions below; each target adds the natives through which its specs
// reach registers and memory (R[n], Q[n, beat], MemU[...], ...).
#pragma once

#include "spec/ast.hpp"

#include <functional>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::spec {

class Engine;

// A run-time failure inside a builtin or the engine (width mismatch, index out
// of range, ...). The engine adds the instruction, the pseudocode line and the
// location before it reaches the user.
class RuntimeError : public std::runtime_error {
 public:
  explicit RuntimeError(std::string msg) : std::runtime_error(std::move(msg)) {}
};

// Where a builtin is called from, and the engine running it.
struct CallSite {
  Engine& engine;
  const Expr& expr;
};

enum class BuiltinKind : uint8_t { Function, Getter, Setter };

// A builtin receives its arguments by value. A setter gets the assigned value
// as the last argument. When `writes_first_arg` is set, args[0] is an l-value
// (Elem[vector, e, size] = x) and the engine stores args[0] back after the call.
using BuiltinFn = std::function<Value(CallSite&, std::vector<Value>& args)>;

// The static result type, from the argument expressions (types checked,
// constants folded in `literal` when ref == Constant or kind == Literal).
// Return a Bits type with width -1 when the width is known only at run time.
using TypeRule = std::function<Type(const std::vector<Expr*>& args)>;

// For type rules: the value of a constant integer argument (a literal or a
// named constant), and the same as a bits width (-1 when not constant or out
// of range).
std::optional<Int> const_int(const Expr* e);
int32_t const_width(const Expr* e);

struct Builtin {
  std::string name;
  BuiltinKind kind = BuiltinKind::Function;
  int min_args = 0;
  int max_args = 0;
  TypeRule result;  // null: the result is Void
  BuiltinFn fn;
  bool writes_first_arg = false;
  // Optional typed entries of an accessor indexed by (bits, integer) whose
  // bits fit a machine word, such as _Mem[address, size]: compiled code calls
  // them directly, without a Value vector, where the index and the value have
  // widths fixed when generating (the getter's result has the width of the
  // expression's type, or unit_bits * n); they behave as fn does.
  uint64_t (*get_word_int)(CallSite&, uint64_t index, Int n) = nullptr;
  uint32_t unit_bits = 0;
  void (*set_word_int)(CallSite&, uint64_t index, Int n, uint64_t value, uint32_t value_width) = nullptr;
  // The accessor is the target's byte memory, _Mem[address, size]: where
  // Engine::direct_memory holds the bytes of an access, get_word_int and
  // set_word_int are a plain load and store of them, which compiled code then
  // makes itself.
  bool direct = false;
  // Optional typed entry of a function whose arguments are bits of at most 64
  // bits or booleans and whose result is bits of the width of its first
  // argument (the floating-point operations): compiled code calls it without
  // Values where those widths are fixed when generating. v[i] is argument
  // i's word (a boolean's 0 or 1), w[i] its width (0 for a boolean); it
  // behaves as fn does.
  uint64_t (*words)(CallSite&, const uint64_t* v, const uint32_t* w, size_t n) = nullptr;
};

class BuiltinTable {
 public:
  int add(Builtin b);  // returns its index
  // The builtin of that name and kind that takes nargs arguments, or -1.
  int find(const std::string& name, BuiltinKind kind, size_t nargs) const;
  bool has_name(const std::string& name) const { return by_name_.count(name) != 0; }
  const Builtin& at(int index) const { return table_.at(index); }
  size_t size() const { return table_.size(); }

 private:
  std::vector<Builtin> table_;
  std::unordered_multimap<std::string, int> by_name_;
};

// The typed cores of builtins that compiled code calls directly (the
// builtins of the table call them too): ZeroExtend/SignExtend (fn names the
// builtin in errors), Elem[vector, e, size] and Elem[vector, e, size] = value.
Bits extend_bits(const char* fn, const Bits& x, Int n, bool is_unsigned);
Bits elem_get(const Bits& vector, Int e, Int size);
void elem_set(Bits& vector, Int e, Int size, const Bits& value);
// Align/AlignDown (up false) and AlignUp of bits(N) x to y: Align(UInt(x), y)<N-1:0>.
Bits align_bits(const char* fn, const Bits& x, Int y, bool up);
// LSL(x, shift) and LSR(x, shift), shift >= 0.
Bits lsl_bits(const Bits& x, Int shift);
Bits lsr_bits(const Bits& x, Int shift);
// The shift builtins' asserts: a shift >= 0 (allow_zero) or > 0; a rotation
// (ROR_C) nonzero of bits(N >= 1). Throw RuntimeError naming fn and x.
void check_shift(const char* fn, const Bits& x, Int shift, bool allow_zero);
void check_rotation(const char* fn, const Bits& x, Int shift);

// UInt, SInt, ZeroExtend, SignExtend, Zeros, Ones, Replicate, Align, Min, Max,
// Abs, SignedSat, UnsignedSat, SignedSatQ, UnsignedSatQ, SatQ, Sat,
// CountLeadingZeroBits, CountLeadingSignBits, LowestSetBit, HighestSetBit,
// BitCount, IsZero, IsOnes, IsZeroBit, LSL, LSR, ASR, ROR, LSL_C, LSR_C, ASR_C,
// ROR_C, Int, Real, RoundDown, RoundUp, RoundTowardsZero, Len, Elem (getter and
// setter), IsFeatureImplemented, HaveXXX feature queries through the engine's
// feature set, ...
void add_standard_builtins(BuiltinTable& table);

// The Arm FP library under the manual's names. The FPCR argument is the value
// of FPCR/FPSCR (bits(32) or bits(64)); flags are raised through
// Engine::raise_fp_flags. bits(16) operands are half precision; the BF* names
// (BFAdd, BFMul, BFMulAdd, ...) take bfloat16.
void add_fp_builtins(BuiltinTable& table);

}  // namespace mlisa::spec
