// The builtin table and the standard library of the pseudocode: the functions
// of the manuals' shared pseudocode (shared/functions/common, integer,
// vector, ...) implemented in C++ under their names, with the manuals'
// asserts turned into RuntimeErrors that name the builtin and the values.
//
// Conventions for every entry:
// - arguments arrive as Values in call order; a setter gets its bracketed
//   arguments followed by the assigned value, and its min_args/max_args count
//   the value too (the checker finds Elem[vector, e, size] = value with 4);
// - the TypeRule gives the static result type from the checked argument
//   expressions; a bits result whose width is not a constant has width -1.
#include "spec/builtins.hpp"

#include "spec/engine.hpp"

#include <fmt/format.h>

#include <cmath>
#include <optional>

namespace mlisa::spec {

std::optional<Int> const_int(const Expr* e) {
  if (!e) return std::nullopt;
  if ((e->kind == ExprKind::Literal || e->ref == RefKind::Constant) && e->literal.kind() == ValueKind::Integer)
    return e->literal.as_int();
  return std::nullopt;
}

int32_t const_width(const Expr* e) {
  const auto v = const_int(e);
  return v && *v >= 0 && *v <= Bits::kMaxWidth ? static_cast<int32_t>(*v) : -1;
}

// ---------------------------------------------------------------------------
// BuiltinTable

int BuiltinTable::add(Builtin b) {
  const int index = static_cast<int>(table_.size());
  by_name_.emplace(b.name, index);
  table_.push_back(std::move(b));
  return index;
}

int BuiltinTable::find(const std::string& name, BuiltinKind kind, size_t nargs) const {
  int best = -1;
  auto [it, end] = by_name_.equal_range(name);
  for (; it != end; ++it) {
    const Builtin& b = table_[it->second];
    if (b.kind != kind) continue;
    if (nargs < static_cast<size_t>(b.min_args) || nargs > static_cast<size_t>(b.max_args)) continue;
    if (best < 0 || it->second < best) best = it->second;  // the first added wins
  }
  return best;
}

// ---------------------------------------------------------------------------
// Helpers

namespace {

constexpr Int kMaxWidth = Bits::kMaxWidth;

[[noreturn]] void bad_kind(const char* fn, size_t i, const char* want, const Value& got) {
  throw RuntimeError(fmt::format("{}: argument {} must be {}, not {}", fn, i + 1, want, got.describe()));
}

Int int_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() != ValueKind::Integer) bad_kind(fn, i, "an integer", a[i]);
  return a[i].as_int();
}

const Bits& bits_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() != ValueKind::Bits) bad_kind(fn, i, "a bitstring", a[i]);
  return a[i].as_bits();
}

bool bool_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() == ValueKind::Boolean) return a[i].as_bool();
  bad_kind(fn, i, "a boolean", a[i]);
}

double real_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() == ValueKind::Real) return a[i].as_real();
  bad_kind(fn, i, "a real", a[i]);
}

// A width argument: 0 <= n <= Bits::kMaxWidth.
uint32_t width_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  const Int n = int_arg(a, i, fn);
  if (n < 0) throw RuntimeError(fmt::format("{}: the width {} is negative", fn, int_to_string(n)));
  if (n > kMaxWidth)
    throw RuntimeError(fmt::format("{}: the width {} is above the largest supported width {}", fn, int_to_string(n),
                                   int_to_string(kMaxWidth)));
  return static_cast<uint32_t>(n);
}

std::string show(Int v) { return int_to_string(v); }

// --- type rules ------------------------------------------------------------



int32_t arg_width(const Expr* e) { return e && e->type.is_bits() ? e->type.width : -1; }

TypeRule returns(TypeKind k) {
  return [k](const std::vector<Expr*>&) { return Type::of(k); };
}

TypeRule returns_bits(int32_t w) {
  return [w](const std::vector<Expr*>&) { return Type::bits(w); };
}

// bits(N) where N is the constant argument i.
TypeRule bits_of_const_arg(size_t i) {
  return [i](const std::vector<Expr*>& a) { return Type::bits(i < a.size() ? const_width(a[i]) : -1); };
}

// bits(N) of the same width as bits argument i.
TypeRule bits_like_arg(size_t i) {
  return [i](const std::vector<Expr*>& a) { return Type::bits(i < a.size() ? arg_width(a[i]) : -1); };
}

Type tuple_type(std::vector<Type> elems) {
  Type t = Type::of(TypeKind::Tuple);
  t.elems = std::move(elems);
  return t;
}

// The kind of an argument as the checker typed it: integer or real (Min, Max, Abs).
TypeKind numeric_kind(const std::vector<Expr*>& a) {
  for (const Expr* e : a)
    if (e && (e->type.kind == TypeKind::Real || e->type.kind == TypeKind::Integer)) return e->type.kind;
  return TypeKind::Integer;
}

void add_fn(BuiltinTable& t, std::string name, int min_args, int max_args, TypeRule rule, BuiltinFn fn) {
  Builtin b;
  b.name = std::move(name);
  b.kind = BuiltinKind::Function;
  b.min_args = min_args;
  b.max_args = max_args;
  b.result = std::move(rule);
  b.fn = std::move(fn);
  t.add(std::move(b));
}

// --- integer helpers -------------------------------------------------------

// x DIV y (rounds towards minus infinity), y > 0.
Int floor_div(Int x, Int y) {
  Int q = x / y;
  if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
  return q;
}

Int checked_mul(Int a, Int b, const char* fn) {
  Int r;
  if (__builtin_mul_overflow(a, b, &r))
    throw RuntimeError(fmt::format("{}: {} * {} overflows a 128-bit integer", fn, show(a), show(b)));
  return r;
}

// The number of trailing zero bits of y > 0.
uint32_t trailing_zeros(Int y) {
  const auto u = static_cast<unsigned __int128>(y);
  const uint64_t lo = static_cast<uint64_t>(u), hi = static_cast<uint64_t>(u >> 64);
  return lo != 0 ? static_cast<uint32_t>(__builtin_ctzll(lo)) : 64 + static_cast<uint32_t>(__builtin_ctzll(hi));
}

// SignedSatQ / UnsignedSatQ.
std::pair<Bits, bool> sat_q(Int i, Int n, bool is_unsigned, const char* fn) {
  if (n <= 0 || n > kMaxWidth)
    throw RuntimeError(fmt::format("{}({}, {}): the width must be between 1 and {}", fn, show(i), show(n),
                                   show(kMaxWidth)));
  const uint32_t w = static_cast<uint32_t>(n);
  if (is_unsigned) {
    if (i < 0) return {Bits::zeros(w), true};
    if (w >= 127) return {Bits::from_int(w, i), false};  // 2^N - 1 exceeds every integer here
    const Int hi = (Int{1} << w) - 1;
    if (i > hi) return {Bits::from_int(w, hi), true};
    return {Bits::from_int(w, i), false};
  }
  if (w >= 128) return {Bits::from_int(w, i), false};  // every 128-bit integer is in range
  const Int hi = (Int{1} << (w - 1)) - 1;
  const Int lo = -hi - 1;
  if (i > hi) return {Bits::from_int(w, hi), true};
  if (i < lo) return {Bits::from_int(w, lo), true};
  return {Bits::from_int(w, i), false};
}

Value sat_q_value(Int i, Int n, bool is_unsigned, const char* fn) {
  auto [r, sat] = sat_q(i, n, is_unsigned, fn);
  return Value::tuple({Value::bits(std::move(r)), Value::boolean(sat)});
}

TypeRule sat_q_rule() {
  return [](const std::vector<Expr*>& a) {
    return tuple_type({Type::bits(a.size() > 1 ? const_width(a[1]) : -1), Type::of(TypeKind::Boolean)});
  };
}

// --- shifts ------------------------------------------------------------------

uint32_t clamp_shift(Int s) { return s > kMaxWidth + 1 ? static_cast<uint32_t>(kMaxWidth + 1) : static_cast<uint32_t>(s); }

Bits asr(const Bits& x, uint32_t s) {
  const uint32_t n = x.width();
  if (n == 0) return x;
  const bool neg = x.bit(n - 1);
  if (s >= n) return neg ? Bits::ones(n) : Bits::zeros(n);
  Bits r = x.lshr(s);
  if (neg && s > 0) r.set_slice(n - s, Bits::ones(s));
  return r;
}

// x rotated right by m, 0 <= m < N.
Bits ror(const Bits& x, uint32_t m) {
  const uint32_t n = x.width();
  if (m == 0 || n == 0) return x;
  return x.lshr(m) | x.shl(n - m);
}

Value bits_and_bit(Bits r, bool carry) {
  return Value::tuple({Value::bits(std::move(r)), Value::bits(Bits(1, carry ? 1 : 0))});
}

TypeRule bits_and_bit_rule() {
  return [](const std::vector<Expr*>& a) { return tuple_type({Type::bits(a.empty() ? -1 : arg_width(a[0])), Type::bits(1)}); };
}

// --- reals -------------------------------------------------------------------

Int real_to_int(double r, const char* fn) {
  // 2^127 is exactly representable; every double below it in magnitude fits.
  constexpr double kLimit = 170141183460469231731687303715884105728.0;
  if (!std::isfinite(r) || r >= kLimit || r < -kLimit)
    throw RuntimeError(fmt::format("{}({}): the result does not fit in a 128-bit integer", fn, r));
  return static_cast<Int>(r);
}

}  // namespace

// ---------------------------------------------------------------------------
// The standard library

void integer_overflow() { throw RuntimeError("integer overflow"); }

Bits extend_bits(const char* fn, const Bits& x, Int n, bool is_unsigned) {
  if (n < 0 || n > Bits::kMaxWidth)
    throw RuntimeError(fmt::format("{}: width {} is not a valid bits width", fn, show(n)));
  const uint32_t w = static_cast<uint32_t>(n);
  if (w < x.width())
    throw RuntimeError(fmt::format("{}(bits({}) {}, {}): the target width is smaller than the operand", fn,
                                   x.width(), x.to_hex(), w));
  if (w <= 64) {
    uint64_t v = x.low64();
    if (!is_unsigned && x.width() > 0 && x.width() < 64 && ((v >> (x.width() - 1)) & 1)) v |= ~uint64_t{0} << x.width();
    return Bits(w, v);
  }
  Bits r = (!is_unsigned && x.width() > 0 && x.bit(x.width() - 1)) ? Bits::ones(w) : Bits::zeros(w);
  r.set_slice(0, x);
  return r;
}

Bits align_bits(const char* fn, const Bits& x, Int y, bool up) {
  if (y <= 0) throw RuntimeError(fmt::format("{}: the alignment {} is not positive", fn, show(y)));
  const uint32_t n = x.width();
  if (!up && (y & (y - 1)) == 0) {  // a power of two: clear the low bits (any width)
    const uint32_t k = trailing_zeros(y);
    if (x.is_small()) return Bits(n, k >= 64 ? 0 : x.low64() & ~((uint64_t{1} << k) - 1));
    Bits r = x;
    if (k > 0) r.set_slice(0, Bits::zeros(std::min(k, n)));
    return r;
  }
  const Int v = x.to_uint();
  Int q = floor_div(v, y);
  if (up && q * y != v) ++q;
  return Bits::from_int(n, checked_mul(q, y, fn));
}

void check_shift(const char* fn, const Bits& x, Int shift, bool allow_zero) {
  if (allow_zero ? shift < 0 : shift <= 0)
    throw RuntimeError(fmt::format("{}(bits({}) {}, {}): the shift must be {}", fn, x.width(), x.to_hex(), show(shift),
                                   allow_zero ? "non-negative" : "positive"));
}

void check_rotation(const char* fn, const Bits& x, Int shift) {
  if (shift == 0)
    throw RuntimeError(fmt::format("{}(bits({}) {}, 0): the rotation must be nonzero", fn, x.width(), x.to_hex()));
  if (x.width() == 0) throw RuntimeError(fmt::format("{}: the operand is bits(0)", fn));
}

Bits lsl_bits(const Bits& x, Int s) {
  check_shift("LSL", x, s, true);
  if (x.is_small()) return Bits(x.width(), s >= 64 ? 0 : x.low64() << static_cast<int>(s));
  return x.shl(clamp_shift(s));
}

Bits lsr_bits(const Bits& x, Int s) {
  check_shift("LSR", x, s, true);
  if (x.is_small()) return Bits(x.width(), s >= 64 ? 0 : x.low64() >> static_cast<int>(s));
  return x.lshr(clamp_shift(s));
}

// Elem[bits(N) vector, integer e, integer size]: assert e >= 0 && (e+1)*size <= N.
static uint32_t elem_range(const char* what, const Bits& v, Int e, Int size) {
  if (size < 0 || e < 0 || (e + 1) * size > Int{v.width()})
    throw RuntimeError(fmt::format("{}[bits({}), {}, {}]: element {} of size {} is outside the vector", what,
                                   v.width(), show(e), show(size), show(e), show(size)));
  return static_cast<uint32_t>(e * size);
}

Bits elem_get(const Bits& v, Int e, Int size) {
  const uint32_t lo = elem_range("Elem", v, e, size);
  if (v.is_small()) return Bits(static_cast<uint32_t>(size), size == 0 ? 0 : v.low64() >> lo);
  return v.slice(lo, static_cast<uint32_t>(size));
}

void elem_set(Bits& v, Int e, Int size, const Bits& value) {
  const uint32_t lo = elem_range("Elem", v, e, size);
  if (Int{value.width()} != size)
    throw RuntimeError(fmt::format("Elem[bits({}), {}, {}] = bits({}): the value is not of the element size",
                                   v.width(), show(e), show(size), value.width()));
  if (v.is_small() && size < 64) {
    const uint64_t mask = ((uint64_t{1} << size) - 1) << lo;
    v.set_word(0, (v.low64() & ~mask) | ((value.low64() << lo) & mask));
    return;
  }
  v.set_slice(lo, value);
}

void add_standard_builtins(BuiltinTable& t) {
  const TypeRule integer = returns(TypeKind::Integer);
  const TypeRule boolean = returns(TypeKind::Boolean);

  // --- bits <-> integer --------------------------------------------------------
  add_fn(t, "UInt", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "UInt").to_uint());
  });
  add_fn(t, "SInt", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "SInt").to_sint());
  });
  // Int(x, unsigned): UInt(x) when unsigned, else SInt(x).
  add_fn(t, "Int", 2, 2, integer, [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "Int");
    return Value::integer(bool_arg(a, 1, "Int") ? x.to_uint() : x.to_sint());
  });
  add_fn(t, "Len", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "Len").width());
  });

  // --- extension -----------------------------------------------------------------
  // ZeroExtend(bits(M) x, integer N): assert N >= M.
  auto extend = [](const char* fn, const Bits& x, uint32_t n, bool is_unsigned) {
    return extend_bits(fn, x, n, is_unsigned);
  };
  add_fn(t, "ZeroExtend", 2, 2, bits_of_const_arg(1), [extend](CallSite&, std::vector<Value>& a) {
    return Value::bits(extend("ZeroExtend", bits_arg(a, 0, "ZeroExtend"), width_arg(a, 1, "ZeroExtend"), true));
  });
  add_fn(t, "SignExtend", 2, 2, bits_of_const_arg(1), [extend](CallSite&, std::vector<Value>& a) {
    return Value::bits(extend("SignExtend", bits_arg(a, 0, "SignExtend"), width_arg(a, 1, "SignExtend"), false));
  });
  // Extend(x, N, unsigned): ZeroExtend when unsigned, else SignExtend.
  add_fn(t, "Extend", 3, 3, bits_of_const_arg(1), [extend](CallSite&, std::vector<Value>& a) {
    return Value::bits(extend("Extend", bits_arg(a, 0, "Extend"), width_arg(a, 1, "Extend"), bool_arg(a, 2, "Extend")));
  });

  // --- constants -----------------------------------------------------------------
  add_fn(t, "Zeros", 1, 1, bits_of_const_arg(0), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(Bits::zeros(width_arg(a, 0, "Zeros")));
  });
  add_fn(t, "Ones", 1, 1, bits_of_const_arg(0), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(Bits::ones(width_arg(a, 0, "Ones")));
  });
  // bits(M*N) Replicate(bits(M) x, integer N): N copies of x. (The one-argument
  // form bits(N) Replicate(bits(M) x) takes N from the context and is not a builtin.)
  add_fn(t, "Replicate", 2, 2,
         [](const std::vector<Expr*>& a) {
           const int32_t m = arg_width(a[0]);
           const auto n = const_int(a[1]);
           if (m < 0 || !n || *n < 0 || Int{m} * *n > kMaxWidth) return Type::bits(-1);
           return Type::bits(static_cast<int32_t>(m * *n));
         },
         [](CallSite&, std::vector<Value>& a) {
           const Bits& x = bits_arg(a, 0, "Replicate");
           const Int n = int_arg(a, 1, "Replicate");
           if (n < 0)
             throw RuntimeError(fmt::format("Replicate(bits({}) {}, {}): the count is negative", x.width(), x.to_hex(), show(n)));
           if (Int{x.width()} * n > kMaxWidth)
             throw RuntimeError(fmt::format("Replicate(bits({}) {}, {}): the result is wider than {}", x.width(),
                                            x.to_hex(), show(n), show(kMaxWidth)));
           const uint32_t m = x.width();
           Bits r = Bits::zeros(static_cast<uint32_t>(m * n));
           for (uint32_t i = 0; i < static_cast<uint32_t>(n) && m > 0; ++i) r.set_slice(i * m, x);
           return Value::bits(std::move(r));
         });

  // --- alignment -----------------------------------------------------------------
  // Align(integer x, integer y) = y * (x DIV y); Align(bits(N) x, integer y) =
  // Align(UInt(x), y)<N-1:0>. AlignDown is the same; AlignUp rounds up.
  auto align_rule = [](const std::vector<Expr*>& a) {
    if (!a.empty() && a[0]->type.is_bits()) return Type::bits(a[0]->type.width);
    return Type::of(TypeKind::Integer);
  };
  auto align = [](const char* fn, bool up) {
    return [fn, up](CallSite&, std::vector<Value>& a) -> Value {
      const Int y = int_arg(a, 1, fn);
      if (a[0].kind() == ValueKind::Bits) return Value::bits(align_bits(fn, a[0].as_bits(), y, up));
      if (y <= 0) throw RuntimeError(fmt::format("{}: the alignment {} is not positive", fn, show(y)));
      const Int x = int_arg(a, 0, fn);
      Int q = floor_div(x, y);
      if (up && q * y != x) ++q;
      return Value::integer(checked_mul(q, y, fn));
    };
  };
  add_fn(t, "Align", 2, 2, align_rule, align("Align", false));
  add_fn(t, "AlignDown", 2, 2, align_rule, align("AlignDown", false));
  add_fn(t, "AlignUp", 2, 2, align_rule, align("AlignUp", true));

  // --- integer and real arithmetic ----------------------------------------------
  auto numeric_rule = [](const std::vector<Expr*>& a) { return Type::of(numeric_kind(a)); };
  auto min_max = [](const char* fn, bool is_max) {
    return [fn, is_max](CallSite&, std::vector<Value>& a) -> Value {
      if (a[0].kind() == ValueKind::Integer && a[1].kind() == ValueKind::Integer) {
        const Int x = a[0].as_int(), y = a[1].as_int();
        return Value::integer(is_max ? (x >= y ? x : y) : (x <= y ? x : y));
      }
      if (a[0].kind() == ValueKind::Real && a[1].kind() == ValueKind::Real) {
        const double x = a[0].as_real(), y = a[1].as_real();
        return Value::real(is_max ? (x >= y ? x : y) : (x <= y ? x : y));
      }
      throw RuntimeError(fmt::format("{}({}, {}): the arguments must be both integers or both reals", fn,
                                     a[0].describe(), a[1].describe()));
    };
  };
  add_fn(t, "Max", 2, 2, numeric_rule, min_max("Max", true));
  add_fn(t, "Min", 2, 2, numeric_rule, min_max("Min", false));
  add_fn(t, "Abs", 1, 1, numeric_rule, [](CallSite&, std::vector<Value>& a) -> Value {
    if (a[0].kind() == ValueKind::Integer) {
      const Int x = a[0].as_int();
      if (x < 0 && x == -x) throw RuntimeError("Abs: the result overflows a 128-bit integer");
      return Value::integer(x < 0 ? -x : x);
    }
    if (a[0].kind() == ValueKind::Real) return Value::real(std::fabs(a[0].as_real()));
    bad_kind("Abs", 0, "an integer or a real", a[0]);
  });

  // Real(integer) and the roundings of a real to an integer.
  add_fn(t, "Real", 1, 1, returns(TypeKind::Real), [](CallSite&, std::vector<Value>& a) {
    return Value::real(static_cast<double>(int_arg(a, 0, "Real")));
  });
  add_fn(t, "RoundDown", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(real_to_int(std::floor(real_arg(a, 0, "RoundDown")), "RoundDown"));
  });
  add_fn(t, "RoundUp", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(real_to_int(std::ceil(real_arg(a, 0, "RoundUp")), "RoundUp"));
  });
  // RoundTowardsZero(x) = if x == 0.0 then 0 elsif x >= 0.0 then RoundDown(x) else RoundUp(x)
  add_fn(t, "RoundTowardsZero", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(real_to_int(std::trunc(real_arg(a, 0, "RoundTowardsZero")), "RoundTowardsZero"));
  });

  // Powers of two: IsPow2(x) (FALSE for x <= 0), FloorPow2 and CeilPow2 (assert x > 0), Log2 (below).
  add_fn(t, "IsPow2", 1, 1, boolean, [](CallSite&, std::vector<Value>& a) {
    const Int x = int_arg(a, 0, "IsPow2");
    return Value::boolean(x > 0 && (x & (x - 1)) == 0);
  });
  add_fn(t, "FloorPow2", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    const Int x = int_arg(a, 0, "FloorPow2");
    if (x <= 0) throw RuntimeError(fmt::format("FloorPow2({}): the argument must be positive", show(x)));
    Int p = 1;
    while (p <= x / 2) p *= 2;
    return Value::integer(p);
  });
  add_fn(t, "CeilPow2", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    const Int x = int_arg(a, 0, "CeilPow2");
    if (x <= 0) throw RuntimeError(fmt::format("CeilPow2({}): the argument must be positive", show(x)));
    Int p = 1;
    while (p < x) p = checked_mul(p, 2, "CeilPow2");
    return Value::integer(p);
  });

  // Log2(x): the exponent of a power of two (the manual asserts IsPow2(x)).
  add_fn(t, "Log2", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    Int x = int_arg(a, 0, "Log2");
    if (x <= 0 || (x & (x - 1)) != 0) throw RuntimeError(fmt::format("Log2({}): the argument must be a power of two", show(x)));
    Int n = 0;
    while (x > 1) x /= 2, ++n;
    return Value::integer(n);
  });

  // --- saturation ----------------------------------------------------------------
  add_fn(t, "SignedSatQ", 2, 2, sat_q_rule(), [](CallSite&, std::vector<Value>& a) {
    return sat_q_value(int_arg(a, 0, "SignedSatQ"), int_arg(a, 1, "SignedSatQ"), false, "SignedSatQ");
  });
  add_fn(t, "UnsignedSatQ", 2, 2, sat_q_rule(), [](CallSite&, std::vector<Value>& a) {
    return sat_q_value(int_arg(a, 0, "UnsignedSatQ"), int_arg(a, 1, "UnsignedSatQ"), true, "UnsignedSatQ");
  });
  add_fn(t, "SatQ", 3, 3, sat_q_rule(), [](CallSite&, std::vector<Value>& a) {
    return sat_q_value(int_arg(a, 0, "SatQ"), int_arg(a, 1, "SatQ"), bool_arg(a, 2, "SatQ"), "SatQ");
  });
  add_fn(t, "SignedSat", 2, 2, bits_of_const_arg(1), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(sat_q(int_arg(a, 0, "SignedSat"), int_arg(a, 1, "SignedSat"), false, "SignedSat").first);
  });
  add_fn(t, "UnsignedSat", 2, 2, bits_of_const_arg(1), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(sat_q(int_arg(a, 0, "UnsignedSat"), int_arg(a, 1, "UnsignedSat"), true, "UnsignedSat").first);
  });
  add_fn(t, "Sat", 3, 3, bits_of_const_arg(1), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(sat_q(int_arg(a, 0, "Sat"), int_arg(a, 1, "Sat"), bool_arg(a, 2, "Sat"), "Sat").first);
  });

  // --- counting and testing bits -------------------------------------------------
  add_fn(t, "BitCount", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "BitCount").popcount());
  });
  add_fn(t, "HighestSetBit", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "HighestSetBit").highest_set_bit());  // -1 when zero
  });
  add_fn(t, "LowestSetBit", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    return Value::integer(bits_arg(a, 0, "LowestSetBit").lowest_set_bit());  // N when zero
  });
  // CountLeadingZeroBits(x) = N - (HighestSetBit(x) + 1)
  add_fn(t, "CountLeadingZeroBits", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "CountLeadingZeroBits");
    return Value::integer(Int{x.width()} - (x.highest_set_bit() + 1));
  });
  // CountLeadingSignBits(x) = CountLeadingZeroBits(x<N-1:1> EOR x<N-2:0>)
  add_fn(t, "CountLeadingSignBits", 1, 1, integer, [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "CountLeadingSignBits");
    if (x.width() == 0) throw RuntimeError("CountLeadingSignBits: the operand is bits(0)");
    const Bits e = x.slice(1, x.width() - 1) ^ x.slice(0, x.width() - 1);
    return Value::integer(Int{e.width()} - (e.highest_set_bit() + 1));
  });
  add_fn(t, "IsZero", 1, 1, boolean, [](CallSite&, std::vector<Value>& a) {
    return Value::boolean(bits_arg(a, 0, "IsZero").is_zero());
  });
  add_fn(t, "IsOnes", 1, 1, boolean, [](CallSite&, std::vector<Value>& a) {
    return Value::boolean(bits_arg(a, 0, "IsOnes").is_ones());
  });
  // bit IsZeroBit(x) = if IsZero(x) then '1' else '0'
  add_fn(t, "IsZeroBit", 1, 1, returns_bits(1), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(1, bits_arg(a, 0, "IsZeroBit").is_zero() ? 1 : 0);
  });

  // --- reordering ----------------------------------------------------------------
  add_fn(t, "BitReverse", 1, 1, bits_like_arg(0), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "BitReverse");
    const uint32_t n = x.width();
    Bits r = Bits::zeros(n);
    for (uint32_t i = 0; i < n; ++i)
      if (x.bit(i)) r.set_bit(n - 1 - i, true);
    return Value::bits(std::move(r));
  });
  // Reverse(bits(N) word, integer M): the M-bit elements of word in reverse order.
  add_fn(t, "Reverse", 2, 2, bits_like_arg(0), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "Reverse");
    const Int m = int_arg(a, 1, "Reverse");
    const uint32_t n = x.width();
    if (m <= 0 || n % m != 0)
      throw RuntimeError(fmt::format("Reverse(bits({}) {}, {}): the element size must divide the width", n,
                                     x.to_hex(), show(m)));
    const uint32_t esize = static_cast<uint32_t>(m), count = n / esize;
    Bits r = Bits::zeros(n);
    for (uint32_t e = 0; e < count; ++e) r.set_slice((count - 1 - e) * esize, x.slice(e * esize, esize));
    return Value::bits(std::move(r));
  });

  // --- shifts --------------------------------------------------------------------
  // LSL(x, shift): assert shift >= 0. LSL_C(x, shift): assert shift > 0;
  // (x:Zeros(shift))<N-1:0>, carry (x:Zeros(shift))<N>.
  add_fn(t, "LSL", 2, 2, bits_like_arg(0), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(lsl_bits(bits_arg(a, 0, "LSL"), int_arg(a, 1, "LSL")));
  });
  add_fn(t, "LSL_C", 2, 2, bits_and_bit_rule(), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "LSL_C");
    const Int s = int_arg(a, 1, "LSL_C");
    check_shift("LSL_C", x, s, false);
    const uint32_t sh = clamp_shift(s);
    const bool carry = sh <= x.width() && x.bit(x.width() - sh);
    return bits_and_bit(x.shl(sh), carry);
  });
  // LSR_C: ZeroExtend(x, shift+N)<shift+N-1:shift>, carry x<shift-1>.
  add_fn(t, "LSR", 2, 2, bits_like_arg(0), [](CallSite&, std::vector<Value>& a) {
    return Value::bits(lsr_bits(bits_arg(a, 0, "LSR"), int_arg(a, 1, "LSR")));
  });
  add_fn(t, "LSR_C", 2, 2, bits_and_bit_rule(), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "LSR_C");
    const Int s = int_arg(a, 1, "LSR_C");
    check_shift("LSR_C", x, s, false);
    const uint32_t sh = clamp_shift(s);
    return bits_and_bit(x.lshr(sh), x.bit(sh - 1));
  });
  // ASR_C: SignExtend(x, shift+N)<shift+N-1:shift>, carry SignExtend(x)<shift-1>.
  add_fn(t, "ASR", 2, 2, bits_like_arg(0), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "ASR");
    const Int s = int_arg(a, 1, "ASR");
    check_shift("ASR", x, s, true);
    return Value::bits(asr(x, clamp_shift(s)));
  });
  add_fn(t, "ASR_C", 2, 2, bits_and_bit_rule(), [](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "ASR_C");
    const Int s = int_arg(a, 1, "ASR_C");
    check_shift("ASR_C", x, s, false);
    const uint32_t sh = clamp_shift(s);
    const uint32_t n = x.width();
    const bool carry = n == 0 ? false : (sh <= n ? x.bit(sh - 1) : x.bit(n - 1));
    return bits_and_bit(asr(x, sh), carry);
  });
  // ROR_C(x, shift): assert shift != 0; m = shift MOD N;
  // result = LSR(x, m) OR LSL(x, N-m); carry result<N-1>.
  // ROR(x, shift): assert shift >= 0; x when shift == 0.
  auto ror_c = [](const char* fn, const Bits& x, Int s) {
    check_rotation(fn, x, s);
    const Int n = x.width();
    const Int m = ((s % n) + n) % n;
    Bits r = ror(x, static_cast<uint32_t>(m));
    const bool carry = r.bit(x.width() - 1);
    return std::make_pair(std::move(r), carry);
  };
  add_fn(t, "ROR", 2, 2, bits_like_arg(0), [ror_c](CallSite&, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, "ROR");
    const Int s = int_arg(a, 1, "ROR");
    check_shift("ROR", x, s, true);
    if (s == 0) return Value::bits(x);
    return Value::bits(ror_c("ROR", x, s).first);
  });
  add_fn(t, "ROR_C", 2, 2, bits_and_bit_rule(), [ror_c](CallSite&, std::vector<Value>& a) {
    auto [r, carry] = ror_c("ROR_C", bits_arg(a, 0, "ROR_C"), int_arg(a, 1, "ROR_C"));
    return bits_and_bit(std::move(r), carry);
  });
  // RRX_C(x, carry_in) = (carry_in : x<N-1:1>, x<0>).
  auto rrx = [](const char* fn, std::vector<Value>& a) {
    const Bits& x = bits_arg(a, 0, fn);
    const Bits& c = bits_arg(a, 1, fn);
    if (x.width() == 0 || c.width() != 1)
      throw RuntimeError(fmt::format("{}: needs bits(N) with N >= 1 and a bit, not bits({}) and bits({})", fn,
                                     x.width(), c.width()));
    return std::make_pair(Bits::concat(c, x.slice(1, x.width() - 1)), x.bit(0));
  };
  add_fn(t, "RRX", 2, 2, bits_like_arg(0), [rrx](CallSite&, std::vector<Value>& a) {
    return Value::bits(rrx("RRX", a).first);
  });
  add_fn(t, "RRX_C", 2, 2, bits_and_bit_rule(), [rrx](CallSite&, std::vector<Value>& a) {
    auto [r, carry] = rrx("RRX_C", a);
    return bits_and_bit(std::move(r), carry);
  });

  // --- vector elements -----------------------------------------------------------
  {
    Builtin get;
    get.name = "Elem";
    get.kind = BuiltinKind::Getter;
    get.min_args = get.max_args = 3;
    get.result = bits_of_const_arg(2);
    get.fn = [](CallSite&, std::vector<Value>& a) {
      return Value::bits(elem_get(bits_arg(a, 0, "Elem"), int_arg(a, 1, "Elem"), int_arg(a, 2, "Elem")));
    };
    t.add(std::move(get));

    // Elem[vector, e, size] = value: args are vector, e, size, value; the
    // engine writes args[0] back to the vector's l-value.
    Builtin set;
    set.name = "Elem";
    set.kind = BuiltinKind::Setter;
    set.min_args = set.max_args = 4;  // vector, e, size and the value
    set.writes_first_arg = true;
    set.fn = [](CallSite&, std::vector<Value>& a) {
      if (a.size() != 4) throw RuntimeError("Elem[vector, e, size] = value: expected four arguments");
      const Int e = int_arg(a, 1, "Elem"), size = int_arg(a, 2, "Elem");
      const Bits& value = bits_arg(a, 3, "Elem");
      if (a[0].kind() != ValueKind::Bits) bad_kind("Elem", 0, "a bitstring", a[0]);
      elem_set(a[0].as_bits(), e, size, value);
      return Value();
    };
    t.add(std::move(set));
  }

  // --- features ------------------------------------------------------------------
  // IsFeatureImplemented(FEAT_X): FEAT_X is not a declared identifier. The
  // checker resolves such implicit names to string constants holding the
  // name, so the argument arrives as the string "FEAT_X"; should a checker
  // leave it unresolved instead, the builtin reads the name from the call
  // expression itself (site.expr.args[0]->name). Looked up in Engine::features.
  add_fn(t, "IsFeatureImplemented", 1, 1, boolean, [](CallSite& site, std::vector<Value>& a) {
    std::string name;
    if (!a.empty() && a[0].kind() == ValueKind::String)
      name = a[0].as_string();
    else if (!site.expr.args.empty() && site.expr.args[0] && site.expr.args[0]->kind == ExprKind::Name)
      name = site.expr.args[0]->name;
    else
      throw RuntimeError("IsFeatureImplemented: the argument must be a feature name such as FEAT_MVE");
    return Value::boolean(site.engine.features.count(name) != 0);
  });
}

}  // namespace mlisa::spec
