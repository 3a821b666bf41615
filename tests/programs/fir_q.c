// FIR filters in the style of CMSIS-DSP: q15 (a 64-bit accumulator, the
// result shifted by 15 and saturated) and q31 (a 64-bit accumulator of the
// products of four taps at a time added into an accumulator that keeps
// bits 71:8, rounded, as VRMLALDAVHA does, then shifted by 23 and saturated). Plain C (auto-vectorised at -O3), intrinsics over the taps
// under a tail predicate (VMLALDAVA.S16, VRMLALDAVHA.S32), and the scalar
// references. The state is the input with TAPS-1 samples of history.
#include <arm_mve.h>

#include "check.h"

#define TAPS 13
#define BLOCK 24

static int16_t x15[BLOCK + TAPS - 1], h15[TAPS], y15_c[BLOCK], y15_mve[BLOCK], y15_ref[BLOCK];
static int32_t x31[BLOCK + TAPS - 1], h31[TAPS], y31_mve[BLOCK], y31_ref[BLOCK], y31_c[BLOCK];

static inline int16_t sat_q15(int64_t x) { return (int16_t)(x > 32767 ? 32767 : x < -32768 ? -32768 : x); }
static inline int32_t sat_q31(int64_t x) {
  return (int32_t)(x > INT32_MAX ? INT32_MAX : x < INT32_MIN ? INT32_MIN : x);
}
// One VRMLALDAVHA over four products: the accumulator holds the sum
// without its low 8 bits, rounded at each step.
static inline int64_t rmlaldavha(int64_t acc, int64_t products) { return (acc * 256 + products + 128) >> 8; }

static REFERENCE void fir_reference(void) {
  SCALAR
  for (int n = 0; n < BLOCK; ++n) {
    int64_t s15 = 0, s31 = 0;
    SCALAR
    for (int k = 0; k < TAPS; ++k) s15 += (int32_t)x15[n + k] * h15[k];
    SCALAR
    for (int k = 0; k < TAPS; k += 4) {
      int64_t four = 0;
      SCALAR
      for (int j = k; j < k + 4 && j < TAPS; ++j) four += (int64_t)x31[n + j] * h31[j];
      s31 = rmlaldavha(s31, four);
    }
    y15_ref[n] = sat_q15(s15 >> 15);
    y31_ref[n] = sat_q31(s31 >> 23);
  }
}

static KERNEL void fir_q15_c(const int16_t* x, const int16_t* h, int16_t* y, int taps, int block) {
  for (int n = 0; n < block; ++n) {
    int64_t s = 0;
    for (int k = 0; k < taps; ++k) s += (int32_t)x[n + k] * h[k];
    y[n] = sat_q15(s >> 15);
  }
}

static KERNEL void fir_q31_c(const int32_t* x, const int32_t* h, int32_t* y, int taps, int block) {
  for (int n = 0; n < block; ++n) {
    int64_t s = 0;
    for (int k = 0; k < taps; k += 4) {
      int64_t four = 0;
      for (int j = k; j < k + 4 && j < taps; ++j) four += (int64_t)x[n + j] * h[j];
      s = rmlaldavha(s, four);
    }
    y[n] = sat_q31(s >> 23);
  }
}

static KERNEL void fir_mve(void) {
  for (int n = 0; n < BLOCK; ++n) {
    int64_t s15 = 0, s31 = 0;
    for (int k = 0; k < TAPS; k += 8) {
      const mve_pred16_t p = vctp16q(TAPS - k);
      s15 = vmlaldavaq_p_s16(s15, vldrhq_z_s16(&x15[n + k], p), vldrhq_z_s16(&h15[k], p), p);
    }
    for (int k = 0; k < TAPS; k += 4) {
      const mve_pred16_t p = vctp32q(TAPS - k);
      s31 = vrmlaldavhaq_p_s32(s31, vldrwq_z_s32(&x31[n + k], p), vldrwq_z_s32(&h31[k], p), p);
    }
    y15_mve[n] = sat_q15(s15 >> 15);
    y31_mve[n] = sat_q31(s31 >> 23);
  }
}

static volatile int dim_taps = TAPS, dim_block = BLOCK;

int main(void) {
  fill_s16(x15, BLOCK + TAPS - 1);
  fill_s16(h15, TAPS);
  fill_s32(x31, BLOCK + TAPS - 1, INT32_MIN / 2, INT32_MAX / 2);
  fill_s32(h31, TAPS, -(1 << 28), 1 << 28);
  fir_reference();
  fir_q15_c(x15, h15, y15_c, dim_taps, dim_block);
  fir_q31_c(x31, h31, y31_c, dim_taps, dim_block);
  fir_mve();
  check("fir_q15 c", y15_c, y15_ref, sizeof y15_ref);
  check("fir_q15 mve", y15_mve, y15_ref, sizeof y15_ref);
  check("fir_q31 c", y31_c, y31_ref, sizeof y31_ref);
  check("fir_q31 mve", y31_mve, y31_ref, sizeof y31_ref);
  return check_status();
}
