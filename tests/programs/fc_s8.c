// An int8 fully connected layer with per-tensor requantisation, in the style
// of CMSIS-NN: out[o] = requantize(bias[o] + sum_i (in[i] + in_offset) * w[o][i]).
// Three versions: plain C (auto-vectorised at -O3), ACLE intrinsics with a
// tail-predicated loop (VCTP, VLDRB under predicate, VMLADAVA) and a
// vector requantisation (VQRDMULH, VRSHL), and the scalar reference.
#include <arm_mve.h>

#include "check.h"
#include "quant.h"

#define IN 37
#define OUT 9

static int8_t input[IN], weights[OUT][IN], out_c[OUT], out_mve[OUT], out_ref[OUT];
static int32_t bias[OUT];
static const int32_t kInOffset = 7, kOutOffset = -3, kMultiplier = 1581746911, kShift = -8;

static REFERENCE void fc_reference(int8_t* out) {
  SCALAR
  for (int o = 0; o < OUT; ++o) {
    int32_t acc = bias[o];
    SCALAR
    for (int i = 0; i < IN; ++i) acc += (input[i] + kInOffset) * weights[o][i];
    out[o] = requantize(acc, kMultiplier, kShift, kOutOffset, -128, 127);
  }
}

// Plain C: the sum of products over the input is the loop the compiler
// vectorises; the offset is folded in as CMSIS-NN does (sum of weights).
// The sizes come at run time, as in a library.
static KERNEL void fc_c(const int8_t* in, const int8_t* w, int in_n, int out_n, int8_t* out) {
  for (int o = 0; o < out_n; ++o) {
    int32_t acc = bias[o], wsum = 0;
    for (int i = 0; i < in_n; ++i) {
      acc += in[i] * w[o * in_n + i];
      wsum += w[o * in_n + i];
    }
    out[o] = requantize(acc + kInOffset * wsum, kMultiplier, kShift, kOutOffset, -128, 127);
  }
}

// Intrinsics: one output at a time, 16 inputs per step, the tail under a
// VCTP predicate; the accumulators of four outputs are requantised together.
static KERNEL void fc_mve(int8_t* out) {
  int32_t acc[4];
  for (int o0 = 0; o0 < OUT; o0 += 4) {
    const int n = OUT - o0 < 4 ? OUT - o0 : 4;
    for (int k = 0; k < 4; ++k) {
      const int o = o0 + (k < n ? k : 0);
      int32_t sum = bias[o], wsum = 0;
      for (int i = 0; i < IN; i += 16) {
        const mve_pred16_t p = vctp8q(IN - i);
        const int8x16_t x = vldrbq_z_s8(&input[i], p);
        const int8x16_t w = vldrbq_z_s8(&weights[o][i], p);
        sum = vmladavaq_p_s8(sum, x, w, p);
        wsum = vaddvaq_p_s8(wsum, w, p);
      }
      acc[k] = sum + kInOffset * wsum;
    }
    int32x4_t v = vld1q_s32(acc);
    v = vqrdmulhq_n_s32(v, kMultiplier);
    v = vrshlq_n_s32(v, kShift);
    v = vaddq_n_s32(v, kOutOffset);
    v = vmaxq_s32(v, vdupq_n_s32(-128));
    v = vminq_s32(v, vdupq_n_s32(127));
    vstrbq_p_s32(&out[o0], v, vctp32q(n));
  }
}

static volatile int in_n = IN, out_n = OUT;

int main(void) {
  fill_s8(input, IN);
  fill_s8(&weights[0][0], OUT * IN);
  fill_s32(bias, OUT, -20000, 20000);
  fc_reference(out_ref);
  fc_c(input, &weights[0][0], in_n, out_n, out_c);
  fc_mve(out_mve);
  check("fc_s8 c", out_c, out_ref, OUT);
  check("fc_s8 mve", out_mve, out_ref, OUT);
  return check_status();
}
