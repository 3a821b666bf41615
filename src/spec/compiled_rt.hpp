// The run-time support of the C++ that mlisa-spec2cpp generates from the specs
// (docs/compiled.md). Pseudocode types map to C++ types: boolean -> bool,
// integer -> Int (__int128, overflow checked), real -> double, bits(N) ->
// Bits, and everything else (enumerations, strings, records, arrays, values
// of a type only known at run time) -> Value. The operators below are
// overloaded on those types; a combination without a typed overload goes
// through Value and apply_binary, the interpreter's own operators. Builtins
// without a typed version are called through their BuiltinFn (bi()).
#pragma once

#include "spec/builtins.hpp"
#include "spec/compiled.hpp"
#include "spec/engine.hpp"
#include "spec/int_ops.hpp"
#include "spec/value.hpp"

#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace mlisa::spec::rt {

struct Ctx {
  Engine& e;
  std::vector<Value>& g;     // the engine's globals
  const Expr* const* sites;  // builtin call sites of the loaded module
  const Value* k;            // constants (CompiledConst), as values of the loaded module
  Loc loc;                   // the statement running, for errors
  // Argument vectors for builtin calls, one per nesting depth.
  std::vector<std::vector<Value>> pool;
  size_t depth = 0;
};

[[noreturn]] void fail(const std::string& msg);
[[noreturn]] void end(EndOfInstruction::Kind kind, uint32_t file, uint32_t line, uint32_t col, const char* detail);

// ---------------------------------------------------------------------------
// Conversions

inline Value V(bool b) { return Value::boolean(b); }
inline Value V(Int i) { return Value::integer(i); }
inline Value V(double r) { return Value::real(r); }
inline Value V(const Bits& b) { return Value::bits(b); }
inline Value V(Bits&& b) { return Value::bits(std::move(b)); }
inline const Value& V(const Value& v) { return v; }
template <class... T>
Value V(const std::tuple<T...>& t) {
  std::vector<Value> elems;
  std::apply([&](const auto&... x) { (elems.push_back(V(x)), ...); }, t);
  return Value::tuple(std::move(elems));
}

template <class T>
struct is_tuple : std::false_type {};
template <class... T>
struct is_tuple<std::tuple<T...>> : std::true_type {};

template <class T>
T from_value(const Value& v);

template <class T, size_t... I>
T tuple_from(const Value& v, std::index_sequence<I...>) {
  const auto& e = v.elems();
  if (e.size() != sizeof...(I)) fail("a tuple of the wrong size");
  return T(from_value<std::tuple_element_t<I, T>>(e[I])...);
}

template <class T>
T from_value(const Value& v) {
  if constexpr (std::is_same_v<T, bool>) return v.as_bool();
  else if constexpr (std::is_same_v<T, Int>) return v.as_int();
  else if constexpr (std::is_same_v<T, double>) return v.as_real();
  else if constexpr (std::is_same_v<T, Bits>) {
    if (v.kind() != ValueKind::Bits) fail(v.describe() + " where bits is expected");
    return v.as_bits();
  } else if constexpr (std::is_same_v<T, Value>) return v;
  else if constexpr (is_tuple<T>::value) return tuple_from<T>(v, std::make_index_sequence<std::tuple_size_v<T>>{});
  else static_assert(sizeof(T) == 0, "no conversion from Value");
}

// Converts x to the C++ type T of the pseudocode type expected (identity when
// it has it already).
template <class T, class S>
T conv(S&& x) {
  using D = std::remove_cvref_t<S>;
  if constexpr (std::is_same_v<T, D>) return std::forward<S>(x);
  else if constexpr (std::is_same_v<D, Value>) return from_value<T>(x);
  else if constexpr (std::is_same_v<T, Value>) return V(std::forward<S>(x));
  else return from_value<T>(V(std::forward<S>(x)));
}

// Element i of a tuple (std::tuple or a Value).
template <size_t I, class... T>
const auto& tget(const std::tuple<T...>& t) {
  return std::get<I>(t);
}
template <size_t I>
const Value& tget(const Value& t) {
  if (t.kind() != ValueKind::Tuple || t.elems().size() <= I) fail("not a tuple of enough values");
  return t.elems()[I];
}

// ---------------------------------------------------------------------------
// Integers

// Operands that fit in 64 bits (nearly all) take 64-bit paths: a product of
// two of them cannot leave the 128-bit range, and 64-bit division is one
// instruction (a constant divisor, a shift) where 128-bit division is a call.
inline bool fits64(Int a) { return a == static_cast<int64_t>(a); }
inline Int add(Int a, Int b) { return add_checked(a, b); }
inline Int sub(Int a, Int b) { return sub_checked(a, b); }
inline Int mul(Int a, Int b) {
  if (fits64(a) && fits64(b)) return Int{static_cast<int64_t>(a)} * static_cast<int64_t>(b);
  return mul_checked(a, b);
}
inline Int idiv(Int a, Int b) {  // DIV, rounds down
  if (fits64(a) && fits64(b) && b > 0) {
    const int64_t x = static_cast<int64_t>(a), y = static_cast<int64_t>(b);
    const int64_t q = x / y;
    return q - ((x % y != 0) && (x < 0));
  }
  return floor_div(a, b);
}
inline Int mod(Int a, Int b) { return a - b * idiv(a, b); }
inline Int rem(Int a, Int b) {
  if (b == 0) fail("division by zero");
  return a % b;
}
Int div(Int a, Int b);  // exact
Int pow(Int a, Int b);
Int shl(Int a, Int b);
Int shr(Int a, Int b);
inline Int neg(Int a) { return -a; }
inline bool lt(Int a, Int b) { return a < b; }
inline bool le(Int a, Int b) { return a <= b; }
inline bool gt(Int a, Int b) { return a > b; }
inline bool ge(Int a, Int b) { return a >= b; }
inline bool eq(Int a, Int b) { return a == b; }
inline bool ne(Int a, Int b) { return a != b; }

// ---------------------------------------------------------------------------
// Reals

inline double add(double a, double b) { return a + b; }
inline double sub(double a, double b) { return a - b; }
inline double mul(double a, double b) { return a * b; }
inline double div(double a, double b) {
  if (b == 0) fail("division by zero");
  return a / b;
}
double pow(double a, Int n);
inline double neg(double a) { return -a; }
inline bool lt(double a, double b) { return a < b; }
inline bool le(double a, double b) { return a <= b; }
inline bool gt(double a, double b) { return a > b; }
inline bool ge(double a, double b) { return a >= b; }
inline bool eq(double a, double b) { return a == b; }
inline bool ne(double a, double b) { return a != b; }

// ---------------------------------------------------------------------------
// Booleans

inline bool band(bool a, bool b) { return a && b; }
inline bool bor(bool a, bool b) { return a || b; }
inline bool beor(bool a, bool b) { return a != b; }
inline bool eq(bool a, bool b) { return a == b; }
inline bool ne(bool a, bool b) { return a != b; }
inline bool bnot(bool a) { return !a; }

// ---------------------------------------------------------------------------
// Bits

[[noreturn]] void width_mismatch(const char* op, uint32_t a, uint32_t b);
inline void same_width(const char* op, const Bits& a, const Bits& b) {
  if (a.width() != b.width()) width_mismatch(op, a.width(), b.width());
}
inline Bits add(const Bits& a, const Bits& b) {
  same_width("+", a, b);
  if (a.is_small()) return Bits(a.width(), a.low64() + b.low64());
  return a.add(b);
}
inline Bits sub(const Bits& a, const Bits& b) {
  same_width("-", a, b);
  if (a.is_small()) return Bits(a.width(), a.low64() - b.low64());
  return a.sub(b);
}
Bits mul(const Bits& a, const Bits& b);
inline Bits band(const Bits& a, const Bits& b) {
  same_width("AND", a, b);
  if (a.is_small()) return Bits(a.width(), a.low64() & b.low64());
  return a & b;
}
inline Bits bor(const Bits& a, const Bits& b) {
  same_width("OR", a, b);
  if (a.is_small()) return Bits(a.width(), a.low64() | b.low64());
  return a | b;
}
inline Bits beor(const Bits& a, const Bits& b) {
  same_width("EOR", a, b);
  if (a.is_small()) return Bits(a.width(), a.low64() ^ b.low64());
  return a ^ b;
}
inline Bits add(const Bits& a, Int b) { return add(a, Bits::from_int(a.width(), b)); }
inline Bits sub(const Bits& a, Int b) { return sub(a, Bits::from_int(a.width(), b)); }
inline Bits mul(const Bits& a, Int b) { return mul(a, Bits::from_int(a.width(), b)); }
inline Bits band(const Bits& a, Int b) { return band(a, Bits::from_int(a.width(), b)); }
inline Bits bor(const Bits& a, Int b) { return bor(a, Bits::from_int(a.width(), b)); }
inline Bits beor(const Bits& a, Int b) { return beor(a, Bits::from_int(a.width(), b)); }
Bits shl(const Bits& a, Int n);
Bits shr(const Bits& a, Int n);
inline bool eq(const Bits& a, const Bits& b) {
  if (a.width() != b.width()) width_mismatch("==", a.width(), b.width());
  if (a.is_small()) return a.low64() == b.low64();
  return a == b;
}
inline bool ne(const Bits& a, const Bits& b) { return !eq(a, b); }
inline Bits neg(const Bits& a) { return Bits::zeros(a.width()).sub(a); }
inline Bits bnot(const Bits& a) {
  if (a.is_small()) return Bits(a.width(), ~a.low64());
  return ~a;
}
inline Bits cat(const Bits& hi, const Bits& lo) {
  if (hi.width() + lo.width() <= 64)
    return Bits(hi.width() + lo.width(), lo.width() == 64 ? lo.low64() : (hi.low64() << lo.width()) | lo.low64());
  return Bits::concat(hi, lo);
}

// x<lo + width - 1 : lo> of bits or of an integer's two's complement.
[[noreturn]] void bad_slice(Int lo, Int width, uint32_t base_width);
inline Bits slice(const Bits& b, Int lo, Int width) {
  if (lo < 0 || width < 0 || lo + width > b.width()) bad_slice(lo, width, b.width());
  if (b.is_small()) {
    const uint32_t l = static_cast<uint32_t>(lo), w = static_cast<uint32_t>(width);
    return Bits(w, l >= 64 ? 0 : b.low64() >> l);
  }
  return b.slice(static_cast<uint32_t>(lo), static_cast<uint32_t>(width));
}
inline Bits slice(Int v, Int lo, Int width) {
  if (lo >= 0 && width >= 0 && lo + width <= 64) {
    const uint32_t l = static_cast<uint32_t>(lo);
    return Bits(static_cast<uint32_t>(width), l >= 64 ? 0 : static_cast<uint64_t>(v >> l));
  }
  return slice(Bits::from_int(128, v), lo, width);
}
Bits slice_value(const Value& v, Int lo, Int width);
// A field of a global: no call when it holds bits.
inline Bits slice(const Value& v, Int lo, Int width) {
  if (v.kind() == ValueKind::Bits) return slice(v.as_bits(), lo, width);
  return slice_value(v, lo, width);
}
// x<lo + width - 1 : lo> = v.
void set_slice(Bits& b, Int lo, Int width, const Bits& v);

// A pattern ('1x0'): care and value bits.
inline bool pmatch(const Bits& v, const Bits& care, const Bits& value) {
  if (v.width() != value.width()) fail(v.to_hex() + " cannot match a " + std::to_string(value.width()) + "-bit pattern");
  if (v.is_small()) return (v.low64() & care.low64()) == value.low64();
  return (v & care) == value;
}
inline bool pmatch(const Value& v, const Bits& care, const Bits& value) {
  if (v.kind() != ValueKind::Bits) fail(v.describe() + " cannot match a bit pattern");
  return pmatch(v.as_bits(), care, value);
}

// ---------------------------------------------------------------------------
// Any other combination: through values, as the interpreter does.

template <class A, class B>
Value generic(Op op, const A& a, const B& b) {
  return apply_binary(op, V(a), V(b));
}
#define MLISA_RT_GENERIC(name, op)                 \
  template <class A, class B>                      \
  Value name(const A& a, const B& b) {             \
    return generic(Op::op, a, b);                  \
  }
MLISA_RT_GENERIC(add, Add)
MLISA_RT_GENERIC(sub, Sub)
MLISA_RT_GENERIC(mul, Mul)
MLISA_RT_GENERIC(div, Div)
MLISA_RT_GENERIC(idiv, IntDiv)
MLISA_RT_GENERIC(mod, Mod)
MLISA_RT_GENERIC(rem, Rem)
MLISA_RT_GENERIC(pow, Pow)
MLISA_RT_GENERIC(shl, Shl)
MLISA_RT_GENERIC(shr, Shr)
MLISA_RT_GENERIC(band, BitAnd)
MLISA_RT_GENERIC(bor, BitOr)
MLISA_RT_GENERIC(beor, BitEor)
MLISA_RT_GENERIC(cat, Concat)
#undef MLISA_RT_GENERIC
#define MLISA_RT_GENERIC_CMP(name, op)             \
  template <class A, class B>                      \
  bool name(const A& a, const B& b) {              \
    return generic(Op::op, a, b).as_bool();        \
  }
MLISA_RT_GENERIC_CMP(eq, Eq)
MLISA_RT_GENERIC_CMP(ne, Ne)
MLISA_RT_GENERIC_CMP(lt, Lt)
MLISA_RT_GENERIC_CMP(le, Le)
MLISA_RT_GENERIC_CMP(gt, Gt)
MLISA_RT_GENERIC_CMP(ge, Ge)
#undef MLISA_RT_GENERIC_CMP
Value neg(const Value& v);
Value bnot(const Value& v);
inline bool in_range(Int v, Int lo, Int hi) { return v >= lo && v <= hi; }
inline bool in_range(const Value& v, Int lo, Int hi) { return v.as_int() >= lo && v.as_int() <= hi; }

// ---------------------------------------------------------------------------
// Globals, arrays, fields

inline const Value& aget(const Value& arr, Int index) {
  const auto& e = arr.elems();
  const Int i = index - arr.array_first();
  if (i < 0 || i >= static_cast<Int>(e.size())) fail("index " + int_to_string(index) + " outside an array");
  return e[static_cast<size_t>(i)];
}
inline Value& aref(Value& arr, Int index) {
  const Int i = index - arr.array_first();
  if (i < 0 || i >= static_cast<Int>(arr.elems().size())) fail("index " + int_to_string(index) + " outside an array");
  return arr.mutable_elems()[static_cast<size_t>(i)];
}
// A bits value stored in a Value (a global), without a copy.
inline const Bits& bref(const Value& v) {
  if (v.kind() != ValueKind::Bits) fail(v.describe() + " where bits is expected");
  return v.as_bits();
}
inline Bits& bref(Value& v) {
  if (v.kind() != ValueKind::Bits) fail(v.describe() + " where bits is expected");
  return v.as_bits();
}
// Stores into a Value that holds bits in place (no allocation when the
// width fits the existing storage).
inline void store(Value& dst, const Bits& b) {
  if (dst.kind() == ValueKind::Bits) dst.as_bits() = b;
  else dst = Value::bits(b);
}
inline void store(Value& dst, bool b) { dst.set_bool(b); }
inline void store(Value& dst, Int i) { dst.set_int(i); }
template <class T>
void store(Value& dst, const T& x) {
  dst = conv<Value>(x);
}
inline const Value& field(const Value& rec, size_t i) { return rec.elems().at(i); }
inline Value& field_ref(Value& rec, size_t i) { return rec.mutable_elems().at(i); }

// ---------------------------------------------------------------------------
// Builtins through their BuiltinFn

class Args {
 public:
  explicit Args(Ctx& c) : c_(c) {
    if (c.pool.size() <= c.depth) c.pool.emplace_back();
    v_ = &c.pool[c.depth++];
    v_->clear();
  }
  ~Args() {
    v_->clear();
    --c_.depth;
  }
  std::vector<Value>& get() { return *v_; }

 private:
  Ctx& c_;
  std::vector<Value>* v_;
};

Value invoke(Ctx& c, int site, std::vector<Value>& args);

template <class... A>
Value bi(Ctx& c, int site, const A&... a) {
  Args g(c);
  auto& v = g.get();
  (v.push_back(conv<Value>(a)), ...);
  return invoke(c, site, v);
}
// The typed entries of an accessor builtin indexed by (bits, integer)
// (Builtin::get_bits_int, set_bits_int), which the translator calls only
// where the builtin has them.
Bits get_bits_int(Ctx& c, int site, const Bits& a, Int n);
void set_bits_int(Ctx& c, int site, const Bits& a, Int n, const Bits& value);
// A builtin that writes its first argument back (Elem[x, e, size] = v): the
// new value of the first argument goes to first.
template <class... A>
Value bi_w(Ctx& c, int site, Value& first, const A&... a) {
  Args g(c);
  auto& v = g.get();
  (v.push_back(conv<Value>(a)), ...);
  Value r = invoke(c, site, v);
  first = std::move(v[0]);
  return r;
}

// ---------------------------------------------------------------------------
// Typed builtins: the ones every instruction calls, without values.

inline Int UInt(const Bits& b) {
  if (b.is_small()) return static_cast<Int>(b.low64());
  return b.to_uint();
}
inline Int SInt(const Bits& b) {
  const uint32_t w = b.width();
  if (w == 0) return 0;
  if (w <= 64) {
    const uint64_t v = b.low64();
    return w == 64 ? static_cast<Int>(static_cast<int64_t>(v))
                   : static_cast<Int>(static_cast<int64_t>(v << (64 - w)) >> (64 - w));
  }
  return b.to_sint();
}
inline Int IntOf(const Bits& b, bool is_unsigned) { return is_unsigned ? UInt(b) : SInt(b); }
Bits ZeroExtend(const Bits& b, Int n);
Bits SignExtend(const Bits& b, Int n);
inline Bits Extend(const Bits& b, Int n, bool is_unsigned) { return extend_bits("Extend", b, n, is_unsigned); }
inline Bits Zeros(Int n) {
  if (n < 0 || n > Bits::kMaxWidth) fail("width " + int_to_string(n) + " is not a valid bits width");
  return Bits(static_cast<uint32_t>(n), 0);
}
inline Bits Ones(Int n) {
  if (n < 0 || n > Bits::kMaxWidth) fail("width " + int_to_string(n) + " is not a valid bits width");
  return Bits::ones(static_cast<uint32_t>(n));
}
inline bool IsZero(const Bits& b) { return b.is_small() ? b.low64() == 0 : b.is_zero(); }
inline bool IsOnes(const Bits& b) { return b.is_ones(); }
inline Bits IsZeroBit(const Bits& b) { return Bits(1, IsZero(b) ? 1 : 0); }
inline Int BitCount(const Bits& b) { return b.popcount(); }
// Elem[vector, e, size] and Elem[vector, e, size] = value.
Bits Elem(const Bits& vector, Int e, Int size);
void SetElem(Bits& vector, Int e, Int size, const Bits& value);
inline Int Min(Int a, Int b) { return a < b ? a : b; }
inline Int Max(Int a, Int b) { return a > b ? a : b; }
inline Int Abs(Int a) { return a < 0 ? -a : a; }

}  // namespace mlisa::spec::rt
