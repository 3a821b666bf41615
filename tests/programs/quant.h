// Fixed-point requantisation as the int8 kernels use it (tests/programs):
// an int32 accumulator scaled by a Q31 multiplier and a power of two, then
// offset and clamped to int8. The scalar forms say exactly what the MVE
// instructions do, so the intrinsic kernels and the references agree bit
// for bit.
#ifndef MLISA_PROGRAMS_QUANT_H
#define MLISA_PROGRAMS_QUANT_H

#include <stdint.h>

// VQRDMULH.S32: the high half of 2*a*b, rounded, saturated.
static inline int32_t q31_rdmulh(int32_t a, int32_t b) {
  if (a == INT32_MIN && b == INT32_MIN) return INT32_MAX;
  const int64_t p = (int64_t)a * b;
  return (int32_t)((p + (1ll << 30)) >> 31);
}

// VRSHL.S32 by -shift: an arithmetic shift right rounding half up.
static inline int32_t rshr_round(int32_t x, int shift) {
  if (shift <= 0) return x;
  return (int32_t)(((int64_t)x + (1ll << (shift - 1))) >> shift);
}

static inline int32_t clamp32(int32_t x, int32_t lo, int32_t hi) { return x < lo ? lo : x > hi ? hi : x; }

// The whole requantisation: shift > 0 scales up first (a saturating left
// shift, VQSHL), shift < 0 rounds down after the multiply.
static inline int8_t requantize(int32_t acc, int32_t multiplier, int shift, int32_t offset, int32_t lo, int32_t hi) {
  int32_t x = acc;
  if (shift > 0) {
    const int64_t wide = (int64_t)acc << shift;
    x = wide > INT32_MAX ? INT32_MAX : wide < INT32_MIN ? INT32_MIN : (int32_t)wide;
  }
  x = q31_rdmulh(x, multiplier);
  x = rshr_round(x, shift < 0 ? -shift : 0);
  return (int8_t)clamp32(x + offset, lo, hi);
}

#endif
