// Element-wise kernels in the style of CMSIS-NN: int16 add and multiply
// with saturation (Q15), and int8 add and multiply with per-tensor
// quantisation (input offsets, a Q31 multiplier and a shift per operation).
// Plain C (auto-vectorised at -O3), intrinsics (VQADD, VQDMULH, VMULL,
// VQRDMULH, VRSHL, VQMOVN) and the scalar references.
#include <arm_mve.h>

#include "check.h"
#include "quant.h"

#define N 45

static int16_t a16[N], b16[N];
static int16_t add_c[N], add_mve[N], add_ref[N], mul_c[N], mul_mve[N], mul_ref[N];
static int8_t a8[N], b8[N], qadd_c[N], qadd_mve[N], qadd_ref[N], qmul_c[N], qmul_ref[N];
static const int32_t kOffA = 12, kOffB = -7, kOffOut = 4, kMult = 1395864371, kShift = -6;

static inline int16_t sat16(int32_t x) { return (int16_t)(x > 32767 ? 32767 : x < -32768 ? -32768 : x); }

static REFERENCE void s16_reference(void) {
  SCALAR
  for (int i = 0; i < N; ++i) {
    add_ref[i] = sat16(a16[i] + b16[i]);
    mul_ref[i] = sat16((a16[i] * b16[i]) >> 15);  // Q15 product, VQDMULH.S16
  }
}

static KERNEL void s16_c(const int16_t* a, const int16_t* b, int16_t* add, int16_t* mul, int n) {
  for (int i = 0; i < n; ++i) add[i] = sat16(a[i] + b[i]);
  for (int i = 0; i < n; ++i) mul[i] = sat16((a[i] * b[i]) >> 15);
}

static KERNEL void s16_mve(int n) {
  const int16_t *a = a16, *b = b16;
  int16_t *add = add_mve, *mul = mul_mve;
  while (n > 0) {
    const mve_pred16_t p = vctp16q(n);
    const int16x8_t x = vldrhq_z_s16(a, p), y = vldrhq_z_s16(b, p);
    vstrhq_p_s16(add, vqaddq_s16(x, y), p);
    vstrhq_p_s16(mul, vqdmulhq_s16(x, y), p);
    a += 8, b += 8, add += 8, mul += 8, n -= 8;
  }
}

// int8 add: both inputs offset and scaled by 2^8, summed, requantised.
static REFERENCE void s8_reference(void) {
  SCALAR
  for (int i = 0; i < N; ++i) {
    const int32_t sum = ((a8[i] + kOffA) << 8) + ((b8[i] + kOffB) << 8);
    qadd_ref[i] = requantize(sum, kMult, kShift, kOffOut, -128, 127);
    qmul_ref[i] = requantize((a8[i] + kOffA) * (b8[i] + kOffB), kMult, kShift + 1, kOffOut, -128, 127);
  }
}

static KERNEL void s8_c(const int8_t* a, const int8_t* b, int8_t* add, int8_t* mul, int n) {
  for (int i = 0; i < n; ++i) {
    const int32_t sum = ((a[i] + kOffA) << 8) + ((b[i] + kOffB) << 8);
    add[i] = requantize(sum, kMult, kShift, kOffOut, -128, 127);
  }
  for (int i = 0; i < n; ++i)
    mul[i] = requantize((a[i] + kOffA) * (b[i] + kOffB), kMult, kShift + 1, kOffOut, -128, 127);
}

// Eight lanes at a time: widened to int16 (VMOVLB/VMOVLT through
// VLDRB.S16), the sum in int32 halves (VMULLB/VMULLT by 256), requantised
// per half and narrowed back with VQMOVNB/VQMOVNT.
static KERNEL void s8_mve(int n) {
  const int8_t *a = a8, *b = b8;
  int8_t* add = qadd_mve;
  while (n > 0) {
    const mve_pred16_t p = vctp16q(n);
    const int16x8_t x = vaddq_n_s16(vldrbq_z_s16(a, p), kOffA);
    const int16x8_t y = vaddq_n_s16(vldrbq_z_s16(b, p), kOffB);
    const int16x8_t s = vaddq_s16(x, y);
    int32x4_t lo = vmullbq_int_s16(s, vdupq_n_s16(256));
    int32x4_t hi = vmulltq_int_s16(s, vdupq_n_s16(256));
    lo = vrshlq_n_s32(vqrdmulhq_n_s32(lo, kMult), kShift);
    hi = vrshlq_n_s32(vqrdmulhq_n_s32(hi, kMult), kShift);
    lo = vminq_s32(vmaxq_s32(vaddq_n_s32(lo, kOffOut), vdupq_n_s32(-128)), vdupq_n_s32(127));
    hi = vminq_s32(vmaxq_s32(vaddq_n_s32(hi, kOffOut), vdupq_n_s32(-128)), vdupq_n_s32(127));
    int16x8_t r = vqmovnbq_s32(vdupq_n_s16(0), lo);
    r = vqmovntq_s32(r, hi);
    vstrbq_p_s16(add, r, p);
    a += 8, b += 8, add += 8, n -= 8;
  }
}

static volatile int dim_n = N;

int main(void) {
  fill_s16(a16, N);
  fill_s16(b16, N);
  fill_s8(a8, N);
  fill_s8(b8, N);
  s16_reference();
  s16_c(a16, b16, add_c, mul_c, dim_n);
  s16_mve(dim_n);
  check("add_s16 c", add_c, add_ref, sizeof add_ref);
  check("add_s16 mve", add_mve, add_ref, sizeof add_ref);
  check("mul_s16 c", mul_c, mul_ref, sizeof mul_ref);
  check("mul_s16 mve", mul_mve, mul_ref, sizeof mul_ref);
  s8_reference();
  s8_c(a8, b8, qadd_c, qmul_c, dim_n);
  s8_mve(dim_n);
  check("add_s8 c", qadd_c, qadd_ref, sizeof qadd_ref);
  check("add_s8 mve", qadd_mve, qadd_ref, sizeof qadd_ref);
  check("mul_s8 c", qmul_c, qmul_ref, sizeof qmul_ref);
  return check_status();
}
