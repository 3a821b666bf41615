// The run-time support of the C++ that mlisa-spec2cpp generates from the specs
// (docs/compiled.md). Pseudocode types map to C++ types: boolean -> bool,
// integer -> Int (__int128, overflow checked), real -> double, bits(N) -> B<N>
// when N is fixed when generating (up to 128) else Bits, an enumeration -> En,
// and everything else (strings, records, arrays, values of a type only known
// at run time) -> Value. The operators below are overloaded on those types; a
// combination without a typed overload goes through Value and apply_binary,
// the interpreter's own operators. Builtins without a typed version are
// called through their BuiltinFn (bi()).
//
// Globals of those fixed types (and arrays of them with constant bounds) are
// held typed, as machine words, in the target's generated `Globals` struct
// (Ctx::typed) while compiled code holds the engine's globals
// (Engine::take_globals); the others stay Values in Ctx::g.
#pragma once

#include "spec/builtins.hpp"
#include "spec/compiled.hpp"
#include "spec/engine.hpp"
#include "spec/int_ops.hpp"
#include "spec/value.hpp"

#include <cstddef>
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
  uint32_t at = 0;           // the statement running (an index into locs), for errors
  const Loc* locs = nullptr;  // CompiledTarget::locs
  Loc loc() const { return locs ? locs[at] : Loc{}; }
  // Argument vectors for builtin calls, one per nesting depth.
  std::vector<std::vector<Value>> pool;
  size_t depth = 0;
  void* typed = nullptr;              // the generated Globals of the bound target
  CompiledBinding* binding = nullptr;  // which holds them
};

// After a builtin call: a builtin that read the engine's globals took them
// back (Engine::globals()); the compiled code takes them again.
void retake_globals(Ctx& c);
inline void after_builtin(Ctx& c) {
  if (!c.e.globals_taken()) retake_globals(c);
}

[[noreturn]] void fail(const std::string& msg);
// The generated code's failures (an assertion, a function that ends without
// returning) name a literal: a call, without building a string where it stands.
[[noreturn, gnu::cold]] void fail(const char* msg);
// The failures of the inline helpers below, out of line so that the helpers
// stay small where they inline.
[[noreturn, gnu::cold]] void index_outside(Int index);
[[noreturn, gnu::cold]] void expected(const Value& v, const char* what);  // "<v> where <what> is expected"
[[noreturn, gnu::cold]] void bad_width(Int n);
[[noreturn, gnu::cold]] void pattern_width(const Bits& v, uint32_t width);
[[noreturn]] void end(EndOfInstruction::Kind kind, uint32_t file, uint32_t line, uint32_t col, const char* detail);

[[noreturn]] void width_mismatch(const char* op, uint32_t a, uint32_t b);

// ---------------------------------------------------------------------------
// bits(N) of a width fixed when generating, 1 <= N <= 128: a machine word
// (two for N > 64), the bits above N always zero. Bits of a width known only
// at run time stay Bits.

template <int N>
struct B {
  static_assert(N >= 1 && N <= 128);
  using U = std::conditional_t<(N <= 64), uint64_t, unsigned __int128>;
  static constexpr U kMask = N == 64 || N == 128 ? ~U{0} : (U{1} << (N % 128)) - 1;
  U v = 0;
  constexpr B() = default;
  constexpr explicit B(U x) : v(x & kMask) {}
  static B from(const Bits& b) {
    if (b.width() != N) width_mismatch("=", N, b.width());
    if constexpr (N <= 64) return B(b.low64());
    else return B(U{b.word(1)} << 64 | b.word(0));
  }
  Bits bits() const {
    if constexpr (N <= 64) {
      return Bits(N, v);
    } else {
      Bits b(N, static_cast<uint64_t>(v));
      b.set_word(1, static_cast<uint64_t>(v >> 64));
      return b;
    }
  }
};

// An enumeration member: its type (for the conversion to Value) and index.
struct En {
  const EnumType* type = nullptr;
  uint32_t m = 0;
};
inline En en(const Value& v) {
  if (v.kind() != ValueKind::Enum) expected(v, "an enumeration member");
  return En{v.enum_type(), v.enum_member()};
}
inline bool eq(const En& a, const En& b) { return a.m == b.m && a.type == b.type; }
inline bool ne(const En& a, const En& b) { return !eq(a, b); }

// A record whose fields all have C++ types (a local AccessDescriptor): no
// Value, so no allocation, until it meets code that takes one. Its type is
// kept for that conversion.
template <class... T>
struct Rec {
  const RecordType* type = nullptr;
  std::tuple<T...> f;
};
template <class T>
struct is_rec : std::false_type {};
template <class... T>
struct is_rec<Rec<T...>> : std::true_type {};

template <class T>
struct is_b : std::false_type {};
template <int N>
struct is_b<B<N>> : std::true_type {
  static constexpr int width = N;
};

// ---------------------------------------------------------------------------
// Conversions

template <int N>
Value V(const B<N>& b) {
  return Value::bits(b.bits());
}
inline Value V(const En& e) {
  if (!e.type) fail("an enumeration variable read before it was set");
  return Value::enumeration(e.type, e.m);
}
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

template <class... T>
Value V(const Rec<T...>& r) {
  if (!r.type) fail("a record variable read before it was set");
  std::vector<Value> fields;
  std::apply([&](const auto&... x) { (fields.push_back(V(x)), ...); }, r.f);
  return Value::record(r.type, std::move(fields));
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
    if (v.kind() != ValueKind::Bits) expected(v, "bits");
    return v.as_bits();
  } else if constexpr (is_b<T>::value) {
    if (v.kind() != ValueKind::Bits) expected(v, "bits");
    if constexpr (is_b<T>::width <= 64) {
      if (v.as_bits().width() == is_b<T>::width) return T(v.as_bits().low64());
    }
    return T::from(v.as_bits());
  } else if constexpr (std::is_same_v<T, En>) {
    return en(v);
  } else if constexpr (std::is_same_v<T, Value>) return v;
  else if constexpr (is_tuple<T>::value) return tuple_from<T>(v, std::make_index_sequence<std::tuple_size_v<T>>{});
  else if constexpr (is_rec<T>::value) {
    if (v.kind() != ValueKind::Record) expected(v, "a record");
    using F = decltype(T::f);
    return T{v.record_type(), tuple_from<F>(v, std::make_index_sequence<std::tuple_size_v<F>>{})};
  } else static_assert(sizeof(T) == 0, "no conversion from Value");
}

// Converts x to the C++ type T of the pseudocode type expected (identity when
// it has it already).
template <class T, class S>
T conv(S&& x) {
  using D = std::remove_cvref_t<S>;
  if constexpr (std::is_same_v<T, D>) return std::forward<S>(x);
  // An integer the translator bounds to 64 bits is an Int to everything else.
  else if constexpr (std::is_same_v<D, int64_t>) return conv<T>(Int{x});
  else if constexpr (std::is_same_v<T, int64_t>) return static_cast<int64_t>(conv<Int>(std::forward<S>(x)));
  else if constexpr (is_b<T>::value && std::is_same_v<D, Bits>) return T::from(x);
  else if constexpr (is_b<D>::value && std::is_same_v<T, Bits>) return x.bits();
  else if constexpr (is_b<D>::value && is_b<T>::value) return T::from(x.bits());  // a width mismatch
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
// An integer argument a machine passes to a compiled function whose
// parameter the translator bounds to 64 bits, assuming that a machine passes
// values in [lo, hi] (IntRanges::external): refused outside, naming the
// function and parameter.
[[noreturn, gnu::cold]] void external_int_outside(Int v, const char* fn, const char* param);
inline int64_t external_int(Int v, int64_t lo, int64_t hi, const char* fn, const char* param) {
  if (v < lo || v > hi) external_int_outside(v, fn, param);
  return static_cast<int64_t>(v);
}
// DIV and MOD of integers the translator bounds to 64 bits, by a divisor it
// proves positive.
inline int64_t idiv64(int64_t a, int64_t b) { return a / b - (a % b != 0 && a < 0); }
inline int64_t mod64(int64_t a, int64_t b) {
  const int64_t r = a % b;
  return r < 0 ? r + b : r;
}
inline Int rem(Int a, Int b) {
  if (b == 0) fail("division by zero");
  return a % b;
}
Int div(Int a, Int b);  // exact
Int pow(Int a, Int b);
Int shl_slow(Int a, Int b);
Int shr_slow(Int a, Int b);
inline Int shl(Int a, Int b) {
  if (b >= 0 && b < 62 && a >= 0 && a < (Int{1} << 62) >> static_cast<int>(b)) return a << static_cast<int>(b);
  return shl_slow(a, b);
}
inline Int shr(Int a, Int b) {  // rounds down, as DIV by 2^b
  if (b >= 0 && b <= 126) return a >> static_cast<int>(b);
  return shr_slow(a, b);
}
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
void set_slice_wide(Bits& b, Int lo, Int width, const Bits& v);
[[noreturn]] void set_slice_mismatch(uint32_t value_width, Int width);
inline void set_slice(Bits& b, Int lo, Int width, const Bits& v) {
  if (b.is_small() && lo >= 0 && width >= 0 && width < 64 && lo + width <= b.width() && Int{v.width()} == width) {
    const uint64_t mask = ((uint64_t{1} << static_cast<int>(width)) - 1) << static_cast<int>(lo);
    b.set_word(0, (b.low64() & ~mask) | ((v.low64() << static_cast<int>(lo)) & mask));
    return;
  }
  set_slice_wide(b, lo, width, v);
}

// x<LO + W - 1 : LO> = v with both fixed and v of W bits (a field of a
// register, `CONTROL.FPCA = '1'`): a mask and a shift when x is small.
template <int LO, int W, int N>
inline void set_field(B<N>& b, const B<W>& v) {
  static_assert(LO >= 0 && W >= 1);
  if constexpr (LO + W > N) {
    bad_slice(LO, W, N);
  } else {
    using U = typename B<N>::U;
    const U field = W >= static_cast<int>(8 * sizeof(U)) ? ~U{0} : (U{1} << W) - 1;
    b = B<N>((b.v & ~(field << LO)) | ((static_cast<U>(v.v) & field) << LO));
  }
}
template <int LO, int W>
inline void set_field(Bits& b, const B<W>& v) {
  static_assert(LO >= 0 && W >= 1);
  if constexpr (LO + W < 64) {
    if (b.is_small() && LO + W <= static_cast<int>(b.width())) {
      constexpr uint64_t mask = ((uint64_t{1} << W) - 1) << LO;
      b.set_word(0, (b.low64() & ~mask) | ((static_cast<uint64_t>(v.v) << LO) & mask));
      return;
    }
  }
  set_slice_wide(b, LO, W, v.bits());
}

// A pattern ('1x0'): care and value bits.
inline bool pmatch(const Bits& v, const Bits& care, const Bits& value) {
  if (v.width() != value.width()) pattern_width(v, value.width());
  if (v.is_small()) return (v.low64() & care.low64()) == value.low64();
  return (v & care) == value;
}
inline bool pmatch(const Value& v, const Bits& care, const Bits& value) {
  if (v.kind() != ValueKind::Bits) fail(v.describe() + " cannot match a bit pattern");
  return pmatch(v.as_bits(), care, value);
}


// ---------------------------------------------------------------------------
// bits(N) of a fixed width

template <int N>
B<N> add(const B<N>& a, const B<N>& b) {
  return B<N>(a.v + b.v);
}
template <int N>
B<N> sub(const B<N>& a, const B<N>& b) {
  return B<N>(a.v - b.v);
}
template <int N>
B<N> mul(const B<N>& a, const B<N>& b) {
  return B<N>(a.v * b.v);
}
// With an integer: its two's complement, modulo 2^N.
template <int N>
B<N> add(const B<N>& a, Int b) {
  return B<N>(a.v + static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> sub(const B<N>& a, Int b) {
  return B<N>(a.v - static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> mul(const B<N>& a, Int b) {
  return B<N>(a.v * static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> band(const B<N>& a, const B<N>& b) {
  return B<N>(a.v & b.v);
}
template <int N>
B<N> bor(const B<N>& a, const B<N>& b) {
  return B<N>(a.v | b.v);
}
template <int N>
B<N> beor(const B<N>& a, const B<N>& b) {
  return B<N>(a.v ^ b.v);
}
template <int N>
B<N> band(const B<N>& a, Int b) {
  return B<N>(a.v & static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> bor(const B<N>& a, Int b) {
  return B<N>(a.v | static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> beor(const B<N>& a, Int b) {
  return B<N>(a.v ^ static_cast<typename B<N>::U>(b));
}
template <int N>
B<N> bnot(const B<N>& a) {
  return B<N>(~a.v);
}
template <int N>
B<N> neg(const B<N>& a) {
  return B<N>(typename B<N>::U{0} - a.v);
}
template <int N>
B<N> shl(const B<N>& a, Int n) {
  if (n < 0) fail("shift amount out of range");
  return B<N>(n >= N ? 0 : a.v << static_cast<int>(n));
}
template <int N>
B<N> shr(const B<N>& a, Int n) {
  if (n < 0) fail("shift amount out of range");
  return B<N>(n >= N ? 0 : a.v >> static_cast<int>(n));
}
template <int N>
bool eq(const B<N>& a, const B<N>& b) {
  return a.v == b.v;
}
template <int N>
bool ne(const B<N>& a, const B<N>& b) {
  return a.v != b.v;
}
template <int N, int M>
bool eq(const B<N>&, const B<M>&) {
  width_mismatch("==", N, M);
}
template <int N, int M>
bool ne(const B<N>& a, const B<M>& b) {
  return !eq(a, b);
}
template <int N, int M>
auto cat(const B<N>& hi, const B<M>& lo) {
  if constexpr (N + M <= 128) {
    using R = B<N + M>;
    return R((static_cast<typename R::U>(hi.v) << M) | static_cast<typename R::U>(lo.v));
  } else {
    return Bits::concat(hi.bits(), lo.bits());
  }
}
// With bits of a run-time width: as Bits.
#define MLISA_RT_MIXED(name, R)                                 \
  template <int N>                                              \
  R name(const B<N>& a, const Bits& b) {                        \
    return name(a.bits(), b);                                   \
  }                                                             \
  template <int N>                                              \
  R name(const Bits& a, const B<N>& b) {                        \
    return name(a, b.bits());                                   \
  }
MLISA_RT_MIXED(add, Bits)
MLISA_RT_MIXED(sub, Bits)
MLISA_RT_MIXED(mul, Bits)
MLISA_RT_MIXED(band, Bits)
MLISA_RT_MIXED(bor, Bits)
MLISA_RT_MIXED(beor, Bits)
MLISA_RT_MIXED(cat, Bits)
MLISA_RT_MIXED(eq, bool)
MLISA_RT_MIXED(ne, bool)
#undef MLISA_RT_MIXED

// x<lo + width - 1 : lo> of a run-time position or width.
template <int N>
Bits slice(const B<N>& b, Int lo, Int width) {
  if (lo < 0 || width < 0 || lo + width > N) bad_slice(lo, width, N);
  if (width == 0) return Bits(0, 0);
  const uint32_t l = static_cast<uint32_t>(lo), w = static_cast<uint32_t>(width);
  if (w <= 64) return Bits(w, static_cast<uint64_t>(b.v >> l));
  return slice(b.bits(), lo, width);
}
// x<LO + W - 1 : LO>, both fixed.
// Outside the value it fails when run, as the interpreter does: a
// specialization the decode never selects (esize 64 where the encoding
// allows 8 to 32) may hold such a slice.
template <int LO, int W, int N>
B<W> slice_c(const B<N>& b) {
  static_assert(LO >= 0 && W >= 1, "a slice of no bits");
  if constexpr (LO + W > N) {
    bad_slice(LO, W, N);
    return B<W>();
  } else {
    return B<W>(static_cast<typename B<W>::U>(b.v >> LO));
  }
}
// The fast paths (a small Bits, a Value holding one) inline; the rest out
// of line, so that the callers stay small enough to inline them.
template <int LO, int W>
[[gnu::noinline, gnu::cold]] B<W> slice_c_slow(const Bits& b) {
  if (LO + W > static_cast<int>(b.width())) bad_slice(LO, W, b.width());
  if (b.is_small()) return B<W>(static_cast<typename B<W>::U>(b.low64() >> (LO % 64)));
  if constexpr (W <= 64) {
    const uint64_t lo = b.word(LO / 64) >> (LO % 64);
    const uint64_t hi = LO % 64 == 0 ? 0 : b.word(LO / 64 + 1) << (64 - LO % 64);
    return B<W>(lo | hi);
  } else {
    return B<W>::from(b.slice(LO, W));
  }
}
template <int LO, int W>
[[gnu::noinline, gnu::cold]] B<W> slice_c_slow(const Value& v) {
  if (v.kind() == ValueKind::Bits) return slice_c_slow<LO, W>(v.as_bits());
  return B<W>::from(slice_value(v, LO, W));
}
template <int LO, int W>
inline B<W> slice_c(const Bits& b) {
  if (LO + W <= static_cast<int>(b.width()) && b.is_small()) return B<W>(static_cast<typename B<W>::U>(b.low64() >> (LO % 64)));
  return slice_c_slow<LO, W>(b);
}
template <int LO, int W>
inline B<W> slice_c(const Value& v) {
  if (v.kind() == ValueKind::Bits) return slice_c<LO, W>(v.as_bits());
  return slice_c_slow<LO, W>(v);
}
template <int LO, int W>
B<W> slice_c(Int v) {
  static_assert(LO >= 0 && LO < 128);
  return B<W>(static_cast<typename B<W>::U>(v >> LO));
}
// x<lo + W - 1 : lo>, W fixed, lo known at run time (x<i>, x<i +: 8>).
template <int W, int N>
B<W> slice_w(const B<N>& b, Int lo) {
  if (lo < 0 || lo + W > N) bad_slice(lo, W, N);
  return B<W>(static_cast<typename B<W>::U>(b.v >> static_cast<int>(lo)));
}
template <int W, class T>
B<W> slice_w(const T& b, Int lo) {
  return B<W>::from(slice(b, lo, W));
}
template <int N>
void set_slice(B<N>& b, Int lo, Int width, const Bits& v) {
  if (lo < 0 || width < 0 || lo + width > N) bad_slice(lo, width, N);
  if (Int{v.width()} != width) set_slice_mismatch(v.width(), width);
  if (width == 0) return;
  using U = typename B<N>::U;
  const int l = static_cast<int>(lo), w = static_cast<int>(width);
  const U field = w >= static_cast<int>(8 * sizeof(U)) ? ~U{0} : (U{1} << w) - 1;
  U value = static_cast<U>(v.low64());
  if constexpr (N > 64) {
    if (w > 64) value |= static_cast<U>(v.word(1)) << 64;
  }
  b = B<N>((b.v & ~(field << l)) | ((value & field) << l));
}
template <int N>
bool pmatch(const B<N>& v, const Bits& care, const Bits& value) {
  if (static_cast<int>(value.width()) != N) return pmatch(v.bits(), care, value);
  if constexpr (N <= 64) return (v.v & care.low64()) == value.low64();
  else return pmatch(v.bits(), care, value);
}
template <int N>
[[gnu::noinline]] void store_slow(Value& dst, const B<N>& b) {
  dst = Value::bits(b.bits());
}
template <int N>
inline void store(Value& dst, const B<N>& b) {
  if (dst.kind() == ValueKind::Bits && dst.as_bits().width() == N) {
    Bits& d = dst.as_bits();
    if constexpr (N <= 64) {
      d.set_small(b.v);  // N <= 64 bits: small, and b.v within them
    } else {
      d.set_word(0, static_cast<uint64_t>(b.v));
      d.set_word(1, static_cast<uint64_t>(b.v >> 64));
    }
  } else {
    store_slow(dst, b);
  }
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
  if (i < 0 || i >= static_cast<Int>(e.size())) index_outside(index);
  return e[static_cast<size_t>(i)];
}
// An element of bits(N) read as a B<N>: the usual case (in range, the
// width it is declared with) inline, anything else through aget's checks.
template <int N>
[[gnu::noinline]] B<N> aget_b_slow(const Value& arr, Int index) {
  return from_value<B<N>>(aget(arr, index));
}
template <int N>
B<N> aget_b(const Value& arr, Int index) {
  const auto& e = arr.elems();
  const Int i = index - arr.array_first();
  if (i >= 0 && i < (Int{1} << 31)) {
    const auto at = e.begin() + static_cast<std::ptrdiff_t>(i);  // compared as pointers: no division by the size
    if (at < e.end() && at->kind() == ValueKind::Bits && at->as_bits().width() == N) {
      if constexpr (N <= 64) return B<N>(static_cast<typename B<N>::U>(at->as_bits().low64()));
      else return B<N>::from(at->as_bits());
    }
  }
  return aget_b_slow<N>(arr, index);
}
inline Value& aref(Value& arr, Int index) {
  const Int i = index - arr.array_first();
  if (i < 0 || i >= static_cast<Int>(arr.elems().size())) index_outside(index);
  return arr.mutable_elems()[static_cast<size_t>(i)];
}
// An array global held typed: N elements, the first indexed First.
template <class T, int64_t First, size_t N>
struct Arr {
  T e[N];
};
template <class T, int64_t F, size_t N>
inline T& aref(Arr<T, F, N>& a, Int index) {
  const Int i = index - F;
  if (i < 0 || i >= static_cast<Int>(N)) index_outside(index);
  return a.e[static_cast<size_t>(i)];
}
template <class T, int64_t F, size_t N>
inline const T& aget(const Arr<T, F, N>& a, Int index) {
  return aref(const_cast<Arr<T, F, N>&>(a), index);
}
// An assignment to a global or an element held typed.
template <class T, class S>
inline void put(T& dst, S&& x) {
  dst = conv<T>(std::forward<S>(x));
}
// Machines and the binding see a typed bits global of up to 64 bits as the
// word it holds, and one of up to 128 as two.
static_assert(sizeof(B<32>) == sizeof(uint64_t) && sizeof(B<128>) == 16);

// A bits value stored in a Value (a global), without a copy.
inline const Bits& bref(const Value& v) {
  if (v.kind() != ValueKind::Bits) expected(v, "bits");
  return v.as_bits();
}
inline Bits& bref(Value& v) {
  if (v.kind() != ValueKind::Bits) expected(v, "bits");
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

// The typed globals' load from their Values and store back into them
// (CompiledBinding): a store leaves a Value alone when it holds the value
// already, so that an array stays shared (Value's copy on write).
template <class T>
inline void load(T& dst, const Value& v) {
  dst = conv<T>(v);
}
template <class T, int64_t F, size_t N>
inline void load(Arr<T, F, N>& dst, const Value& v) {
  const auto& e = v.elems();
  if (e.size() != N) fail("an array of another size than its type's");
  for (size_t i = 0; i < N; ++i) dst.e[i] = conv<T>(e[i]);
}
template <int N>
inline bool holds(const Value& v, const B<N>& x) {
  return v.kind() == ValueKind::Bits && v.as_bits().width() == N && B<N>::from(v.as_bits()).v == x.v;
}
inline bool holds(const Value& v, bool x) { return v.kind() == ValueKind::Boolean && v.as_bool() == x; }
inline bool holds(const Value& v, Int x) { return v.kind() == ValueKind::Integer && v.as_int() == x; }
inline bool holds(const Value& v, double x) { return v.kind() == ValueKind::Real && v.as_real() == x; }
inline bool holds(const Value& v, const En& x) {
  return v.kind() == ValueKind::Enum && v.enum_type() == x.type && v.enum_member() == x.m;
}
template <class T>
inline void write_back(Value& dst, const T& x) {
  if (!holds(dst, x)) store(dst, x);
}
template <class T, int64_t F, size_t N>
inline void write_back(Value& dst, const Arr<T, F, N>& a) {
  for (size_t i = 0; i < N; ++i)
    if (!holds(dst.elems()[i], a.e[i])) store(dst.mutable_elems()[i], a.e[i]);
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

// Out of line: each call builds Values (heavy, and often on a rare path such
// as ExceptionTaken), which would otherwise widen its caller's frame.
template <class... A>
[[gnu::noinline]] Value bi(Ctx& c, int site, const A&... a) {
  Args g(c);
  auto& v = g.get();
  (v.push_back(conv<Value>(a)), ...);
  return invoke(c, site, v);
}
// The word entries of an accessor builtin indexed by (bits, integer)
// (Builtin::get_word_int, set_word_int), which the translator calls only
// where the builtin has them and the widths are fixed (the memory of every
// load and store goes through here). Direct: the builtin is the target's
// memory (Builtin::direct), loaded and stored here where the engine's
// DirectMemory holds the access.
uint64_t get_word_int_slow(Ctx& c, int site, uint64_t index, Int n);
void set_word_int_slow(Ctx& c, int site, uint64_t index, Int n, uint64_t value, uint32_t width);
template <int N, bool Direct = false>
[[gnu::always_inline]] inline B<N> get_word_int(Ctx& c, int site, uint64_t index, Int n) {
  static_assert(N <= 64);
  if constexpr (Direct && N % 8 == 0 && (N & (N - 1)) == 0) {
    uint64_t value;
    if (const DirectMemory* m = c.e.direct_memory; m && n == N / 8 && m->read<N / 8>(index, value)) return B<N>(value);
  }
  return B<N>(get_word_int_slow(c, site, index, n));
}
template <int N, bool Direct = false>
[[gnu::always_inline]] inline void set_word_int(Ctx& c, int site, uint64_t index, Int n, const B<N>& value) {
  static_assert(N <= 64);
  if constexpr (Direct && N % 8 == 0 && (N & (N - 1)) == 0) {
    if (DirectMemory* m = c.e.direct_memory; m && n == N / 8 && m->write<N / 8>(index, value.v)) return;
  }
  set_word_int_slow(c, site, index, n, value.v, N);
}
// A builtin's words entry (Builtin::words): the FP operations on fixed-width
// operands, without Values. Its result has the width of the first argument.
uint64_t words_slow(Ctx& c, int site, const uint64_t* v, const uint32_t* w, size_t n);
template <int N, size_t K>
B<N> words(Ctx& c, int site, const uint64_t (&v)[K], const uint32_t (&w)[K]) {
  return B<N>(words_slow(c, site, v, w, K));
}
// A builtin that writes its first argument back (Elem[x, e, size] = v): the
// new value of the first argument goes to first.
template <class... A>
[[gnu::noinline]] Value bi_w(Ctx& c, int site, Value& first, const A&... a) {
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
inline Bits Extend(const Bits& b, Int n, bool is_unsigned) {
  const uint32_t w = b.width();
  if (n >= w && n <= 64 && w >= 1) {
    const uint64_t v = b.low64();
    const bool negative = !is_unsigned && ((v >> (w - 1)) & 1);
    return Bits(static_cast<uint32_t>(n), negative && w < 64 ? v | (~uint64_t{0} << w) : v);
  }
  return extend_bits("Extend", b, n, is_unsigned);
}
inline Bits Zeros(Int n) {
  if (n < 0 || n > Bits::kMaxWidth) bad_width(n);
  return Bits(static_cast<uint32_t>(n), 0);
}
inline Bits Ones(Int n) {
  if (n < 0 || n > Bits::kMaxWidth) bad_width(n);
  return Bits::ones(static_cast<uint32_t>(n));
}
inline bool IsZero(const Bits& b) { return b.is_small() ? b.low64() == 0 : b.is_zero(); }
inline bool IsOnes(const Bits& b) { return b.is_ones(); }
inline Bits IsZeroBit(const Bits& b) { return Bits(1, IsZero(b) ? 1 : 0); }
inline Int BitCount(const Bits& b) { return b.popcount(); }
// Elem[vector, e, size] and Elem[vector, e, size] = value.
Bits Elem(const Bits& vector, Int e, Int size);
// An element of a size that divides 64 (as every element size does) of a
// wide vector (sme2's bits(VL)) written in its word; the rest, and every
// error, as the interpreter's elem_set.
inline void SetElem(Bits& vector, Int e, Int size, const Bits& value) {
  if (!vector.is_small() && size >= 1 && size <= 64 && 64 % size == 0 && Int{value.width()} == size && e >= 0 &&
      (e + 1) * size <= Int{vector.width()}) {
    const uint64_t lo = static_cast<uint64_t>(e * size), at = lo % 64;
    const uint32_t i = static_cast<uint32_t>(lo / 64);
    const uint64_t field = size == 64 ? ~uint64_t{0} : ((uint64_t{1} << size) - 1) << at;
    vector.set_word(i, (vector.word(i) & ~field) | ((value.low64() << at) & field));
    return;
  }
  elem_set(vector, e, size, value);
}
// The same for bits of a fixed width.
template <int N>
Int UInt(const B<N>& b) {
  if constexpr (N == 128) {
    if (b.v >> 127) return b.bits().to_uint();  // an error: more than 127 significant bits
  }
  return static_cast<Int>(b.v);
}
template <int N>
Int SInt(const B<N>& b) {
  using S = std::conditional_t<(N <= 64), int64_t, __int128>;
  constexpr int kBits = 8 * sizeof(S);
  return static_cast<Int>(static_cast<S>(b.v << (kBits - N)) >> (kBits - N));
}
template <int N>
Int IntOf(const B<N>& b, bool is_unsigned) {
  return is_unsigned ? UInt(b) : SInt(b);
}
template <int N>
Bits ZeroExtend(const B<N>& b, Int n) {
  if (n >= N && n <= 64) return Bits(static_cast<uint32_t>(n), static_cast<uint64_t>(b.v));
  return extend_bits("ZeroExtend", b.bits(), n, true);
}
template <int N>
Bits SignExtend(const B<N>& b, Int n) {
  if (n >= N && n <= 64) return Bits(static_cast<uint32_t>(n), static_cast<uint64_t>(SInt(b)));
  return extend_bits("SignExtend", b.bits(), n, false);
}
// ZeroExtend(x, M) and SignExtend(x, M) of a fixed M; narrower than x, the
// shared core says why when run (a specialization the decode never selects).
template <int M, int N>
B<M> ZeroExtend_c(const B<N>& b) {
  if constexpr (M < N) return B<M>::from(extend_bits("ZeroExtend", b.bits(), M, true));
  else return B<M>(static_cast<typename B<M>::U>(b.v));
}
template <int M, int N>
B<M> SignExtend_c(const B<N>& b) {
  if constexpr (M < N) return B<M>::from(extend_bits("SignExtend", b.bits(), M, false));
  else return B<M>(static_cast<typename B<M>::U>(SInt(b)));
}
template <int M, int N>
B<M> Extend_c(const B<N>& b, bool is_unsigned) {
  return is_unsigned ? ZeroExtend_c<M>(b) : SignExtend_c<M>(b);
}
template <int N>
Bits Extend(const B<N>& b, Int n, bool is_unsigned) {
  return is_unsigned ? ZeroExtend(b, n) : SignExtend(b, n);
}
// The shifts of a fixed-width x (spec/builtins.cpp says them for Bits, with
// the asserts these share): LSL, LSR, ASR, ROR and their _C forms, whose
// carry is the last bit shifted out; RRX_C shifts the carry in.
template <int N>
B<N> asr_c(const B<N>& x, Int s) {  // s >= 0
  const bool neg = (x.v >> (N - 1)) & 1;
  if (s >= N) return neg ? B<N>(B<N>::kMask) : B<N>();
  const auto sh = static_cast<int>(s);
  return B<N>((x.v >> sh) | (neg && sh ? B<N>::kMask & ~(B<N>::kMask >> sh) : 0));
}
template <int N>
bool bit_at(const B<N>& x, Int i) {  // 0 beyond the width
  return i < N && ((x.v >> static_cast<int>(i)) & 1);
}
template <int N>
B<N> LSL(const B<N>& x, Int s) {
  if (s < 0) check_shift("LSL", x.bits(), s, true);
  return s >= N ? B<N>() : B<N>(x.v << static_cast<int>(s));
}
template <int N>
B<N> LSR(const B<N>& x, Int s) {
  if (s < 0) check_shift("LSR", x.bits(), s, true);
  return s >= N ? B<N>() : B<N>(x.v >> static_cast<int>(s));
}
template <int N>
B<N> ASR(const B<N>& x, Int s) {
  if (s < 0) check_shift("ASR", x.bits(), s, true);
  return asr_c(x, s);
}
template <int N>
B<N> ror_by(const B<N>& x, Int s) {  // s != 0
  const auto m = static_cast<int>(((s % N) + N) % N);
  return m == 0 ? x : B<N>((x.v >> m) | (x.v << (N - m)));
}
template <int N>
B<N> ROR(const B<N>& x, Int s) {
  if (s < 0) check_shift("ROR", x.bits(), s, true);
  return s == 0 ? x : ror_by(x, s);
}
template <int N>
std::tuple<B<N>, B<1>> LSL_C(const B<N>& x, Int s) {
  if (s <= 0) check_shift("LSL_C", x.bits(), s, false);
  return {s >= N ? B<N>() : B<N>(x.v << static_cast<int>(s)), B<1>(s <= N && bit_at(x, N - s))};
}
template <int N>
std::tuple<B<N>, B<1>> LSR_C(const B<N>& x, Int s) {
  if (s <= 0) check_shift("LSR_C", x.bits(), s, false);
  return {s >= N ? B<N>() : B<N>(x.v >> static_cast<int>(s)), B<1>(bit_at(x, s - 1))};
}
template <int N>
std::tuple<B<N>, B<1>> ASR_C(const B<N>& x, Int s) {
  if (s <= 0) check_shift("ASR_C", x.bits(), s, false);
  return {asr_c(x, s), B<1>(bit_at(x, s <= N ? s - 1 : N - 1))};
}
template <int N>
std::tuple<B<N>, B<1>> ROR_C(const B<N>& x, Int s) {
  if (s == 0) check_rotation("ROR_C", x.bits(), s);
  const B<N> r = ror_by(x, s);
  return {r, B<1>(r.v >> (N - 1))};
}
template <int N>
std::tuple<B<N>, B<1>> RRX_C(const B<N>& x, const B<1>& carry_in) {
  return {B<N>((x.v >> 1) | (static_cast<typename B<N>::U>(carry_in.v) << (N - 1))), B<1>(x.v & 1)};
}
template <int N>
B<N> RRX(const B<N>& x, const B<1>& carry_in) {
  return std::get<0>(RRX_C(x, carry_in));
}

// Align(x, y) of a fixed-width x: a power of two clears the low bits.
template <int N>
[[gnu::noinline]] B<N> Align_slow(const B<N>& x, Int y, const char* fn) {
  return B<N>::from(align_bits(fn, x.bits(), y, false));
}
template <int N>
inline B<N> Align(const B<N>& x, Int y, const char* fn) {
  if (y > 0 && y <= (Int{1} << 62) && (y & (y - 1)) == 0) return B<N>(x.v & ~static_cast<typename B<N>::U>(y - 1));
  return Align_slow(x, y, fn);
}
template <int N>
bool IsZero(const B<N>& b) {
  return b.v == 0;
}
template <int N>
bool IsOnes(const B<N>& b) {
  return b.v == B<N>::kMask;
}
template <int N>
B<1> IsZeroBit(const B<N>& b) {
  return B<1>(b.v == 0 ? 1 : 0);
}
template <int N>
Int BitCount(const B<N>& b) {
  if constexpr (N <= 64) return __builtin_popcountll(b.v);
  else return __builtin_popcountll(static_cast<uint64_t>(b.v)) + __builtin_popcountll(static_cast<uint64_t>(b.v >> 64));
}
// Elem[vector, e, size] and Elem[vector, e, size] = value of a fixed-width
// vector; outside it, the shared core says why.
template <int N>
Bits Elem(const B<N>& vector, Int e, Int size) {
  if (size >= 1 && size <= 64 && e >= 0 && (e + 1) * size <= N)
    return Bits(static_cast<uint32_t>(size), static_cast<uint64_t>(vector.v >> static_cast<int>(e * size)));
  return elem_get(vector.bits(), e, size);
}
template <int SIZE, int N>
[[gnu::noinline, gnu::cold]] B<SIZE> Elem_c_slow(const B<N>& vector, Int e) {
  return B<SIZE>::from(elem_get(vector.bits(), e, SIZE));
}
template <int SIZE, int N>
inline B<SIZE> Elem_c(const B<N>& vector, Int e) {
  if (e >= 0 && e < N / SIZE) return B<SIZE>(static_cast<typename B<SIZE>::U>(vector.v >> static_cast<int>(e * SIZE)));
  return Elem_c_slow<SIZE>(vector, e);
}
template <int SIZE>
B<SIZE> Elem_c(const Bits& vector, Int e) {
  // An element inside one word of the vector (SIZE a divisor of 64, as
  // every element size is): a shift of that word.
  if constexpr (SIZE <= 64 && 64 % SIZE == 0) {
    if (e >= 0 && (e + 1) * SIZE <= Int{vector.width()}) {
      const uint64_t lo = static_cast<uint64_t>(e) * SIZE;
      return B<SIZE>(vector.word(static_cast<uint32_t>(lo / 64)) >> (lo % 64));
    }
  }
  return B<SIZE>::from(elem_get(vector, e, SIZE));
}
// Element e of `size` bits (1 to 64, inside the vector) written in place.
template <int N>
inline void set_elem_bits(B<N>& vector, Int e, int size, uint64_t value) {
  using U = typename B<N>::U;
  const U field = size == 64 ? U{~uint64_t{0}} : (U{1} << size) - 1;
  const int lo = static_cast<int>(e * size);
  vector = B<N>((vector.v & ~(field << lo)) | ((static_cast<U>(value) & field) << lo));
}
template <int N>
void SetElem(B<N>& vector, Int e, Int size, const Bits& value) {
  if (size >= 1 && size <= 64 && e >= 0 && (e + 1) * size <= N && Int{value.width()} == size)
    return set_elem_bits(vector, e, static_cast<int>(size), value.low64());
  Bits v = vector.bits();
  elem_set(v, e, size, value);
  vector = B<N>::from(v);
}
// Elem[vector, e, SIZE] = value, both of fixed widths.
template <int SIZE, int N>
[[gnu::noinline, gnu::cold]] void SetElem_c_slow(B<N>& vector, Int e, const B<SIZE>& value) {
  SetElem(vector, e, SIZE, value.bits());
}
template <int SIZE, int N>
inline void SetElem_c(B<N>& vector, Int e, const B<SIZE>& value) {
  static_assert(SIZE <= 64);
  if (e >= 0 && e < N / SIZE) return set_elem_bits(vector, e, SIZE, static_cast<uint64_t>(value.v));
  SetElem_c_slow(vector, e, value);
}
inline Int Min(Int a, Int b) { return a < b ? a : b; }
inline Int Max(Int a, Int b) { return a > b ? a : b; }
inline Int Abs(Int a) { return a < 0 ? -a : a; }

}  // namespace mlisa::spec::rt
