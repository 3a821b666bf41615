// The pseudocode's integer arithmetic, shared by the interpreter and the
// compiled specs: integers are 128-bit here, and leaving that range is a
// run-time error rather than a silent wrap; DIV rounds down.
#pragma once

#include "spec/builtins.hpp"
#include "spec/value.hpp"

namespace mlisa::spec {

// Out of line, so that the checked operations inline.
[[noreturn, gnu::cold]] void integer_overflow();

inline Int add_checked(Int a, Int b) {
  Int r;
  if (__builtin_add_overflow(a, b, &r)) integer_overflow();
  return r;
}
inline Int sub_checked(Int a, Int b) {
  Int r;
  if (__builtin_sub_overflow(a, b, &r)) integer_overflow();
  return r;
}
inline Int mul_checked(Int a, Int b) {
  Int r;
  if (__builtin_mul_overflow(a, b, &r)) integer_overflow();
  return r;
}
inline Int floor_div(Int a, Int b) {
  if (b == 0) throw RuntimeError("division by zero");
  Int q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

}  // namespace mlisa::spec
