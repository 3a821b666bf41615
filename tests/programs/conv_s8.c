// int8 convolutions in the style of CMSIS-NN, NHWC layout, per-channel
// requantisation: a 1x1 convolution (a fully connected layer per pixel) and
// a depthwise 3x3 convolution with zero padding of one, stride one. Plain C
// (auto-vectorised at -O3), intrinsics for the depthwise one (four channels
// per vector: widening VLDRB.S32, VMUL, VQSHL, VQRDMULH, VRSHL, narrowing VSTRB),
// and the scalar references.
#include <arm_mve.h>

#include "check.h"
#include "quant.h"

#define H 4
#define W 4
#define CIN 9
#define COUT 5
#define C 6  // depthwise channels

static int8_t in1[H * W * CIN], w1[COUT * CIN], out1_c[H * W * COUT], out1_ref[H * W * COUT];
static int8_t in3[H * W * C], w3[9 * C], out3_c[H * W * C], out3_mve[H * W * C], out3_ref[H * W * C];
static int32_t bias1[COUT], bias3[C], mult1[COUT], mult3[C], shift1[COUT], shift3[C];
static const int32_t kInOffset = 3, kOutOffset = -5;

static REFERENCE void conv1x1_reference(int8_t* out) {
  SCALAR
  for (int p = 0; p < H * W; ++p) {
    SCALAR
    for (int o = 0; o < COUT; ++o) {
      int32_t acc = bias1[o];
      SCALAR
      for (int i = 0; i < CIN; ++i) acc += (in1[p * CIN + i] + kInOffset) * w1[o * CIN + i];
      out[p * COUT + o] = requantize(acc, mult1[o], shift1[o], kOutOffset, -128, 127);
    }
  }
}

static KERNEL void conv1x1_c(const int8_t* in, const int8_t* w, int pixels, int cin, int cout, int8_t* out) {
  for (int p = 0; p < pixels; ++p)
    for (int o = 0; o < cout; ++o) {
      int32_t acc = bias1[o];
      for (int i = 0; i < cin; ++i) acc += (in[p * cin + i] + kInOffset) * w[o * cin + i];
      out[p * cout + o] = requantize(acc, mult1[o], shift1[o], kOutOffset, -128, 127);
    }
}

static REFERENCE void depthwise_reference(int8_t* out) {
  SCALAR
  for (int y = 0; y < H; ++y) {
    SCALAR
    for (int x = 0; x < W; ++x) {
      SCALAR
      for (int c = 0; c < C; ++c) {
        int32_t acc = bias3[c];
        SCALAR
        for (int ky = 0; ky < 3; ++ky) {
          SCALAR
          for (int kx = 0; kx < 3; ++kx) {
            const int iy = y + ky - 1, ix = x + kx - 1;
            if (iy < 0 || iy >= H || ix < 0 || ix >= W) continue;
            acc += (in3[(iy * W + ix) * C + c] + kInOffset) * w3[(ky * 3 + kx) * C + c];
          }
        }
        out[(y * W + x) * C + c] = requantize(acc, mult3[c], shift3[c], kOutOffset, -128, 127);
      }
    }
  }
}

// Plain C: the channel loop innermost, as CMSIS-NN's generic kernel has it.
static KERNEL void depthwise_c(const int8_t* in, const int8_t* w, int h, int wd, int ch, int8_t* out) {
  int32_t acc[C];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < wd; ++x) {
      for (int c = 0; c < ch; ++c) acc[c] = bias3[c];
      for (int ky = 0; ky < 3; ++ky)
        for (int kx = 0; kx < 3; ++kx) {
          const int iy = y + ky - 1, ix = x + kx - 1;
          if (iy < 0 || iy >= h || ix < 0 || ix >= wd) continue;
          const int8_t* pi = &in[(iy * wd + ix) * ch];
          const int8_t* pw = &w[(ky * 3 + kx) * ch];
          for (int c = 0; c < ch; ++c) acc[c] += (pi[c] + kInOffset) * pw[c];
        }
      for (int c = 0; c < ch; ++c)
        out[(y * wd + x) * ch + c] = requantize(acc[c], mult3[c], shift3[c], kOutOffset, -128, 127);
    }
}

// Intrinsics: four channels per vector; the multipliers and shifts per
// channel (VQSHL by a vector for the left shifts, VRSHL for the right).
static KERNEL void depthwise_mve(int8_t* out) {
  for (int y = 0; y < H; ++y)
    for (int x = 0; x < W; ++x)
      for (int c = 0; c < C; c += 4) {
        const mve_pred16_t p = vctp32q(C - c);
        int32x4_t acc = vldrwq_z_s32(&bias3[c], p);
        for (int ky = 0; ky < 3; ++ky)
          for (int kx = 0; kx < 3; ++kx) {
            const int iy = y + ky - 1, ix = x + kx - 1;
            if (iy < 0 || iy >= H || ix < 0 || ix >= W) continue;
            int32x4_t v = vldrbq_z_s32(&in3[(iy * W + ix) * C + c], p);
            const int32x4_t k = vldrbq_z_s32(&w3[(ky * 3 + kx) * C + c], p);
            v = vaddq_n_s32(v, kInOffset);
            acc = vaddq_s32(acc, vmulq_s32(v, k));
          }
        const int32x4_t shift = vldrwq_z_s32(&shift3[c], p);
        const int32x4_t left = vmaxq_s32(shift, vdupq_n_s32(0));
        const int32x4_t right = vminq_s32(shift, vdupq_n_s32(0));
        acc = vqshlq_s32(acc, left);
        acc = vqrdmulhq_s32(acc, vldrwq_z_s32(&mult3[c], p));
        acc = vrshlq_s32(acc, right);
        acc = vaddq_n_s32(acc, kOutOffset);
        acc = vmaxq_s32(acc, vdupq_n_s32(-128));
        acc = vminq_s32(acc, vdupq_n_s32(127));
        vstrbq_p_s32(&out[(y * W + x) * C + c], acc, p);
      }
}

static volatile int dim_h = H, dim_w = W, dim_cin = CIN, dim_cout = COUT, dim_c = C;

int main(void) {
  fill_s8(in1, sizeof in1);
  fill_s8(w1, sizeof w1);
  fill_s8(in3, sizeof in3);
  fill_s8(w3, sizeof w3);
  fill_s32(bias1, COUT, -3000, 3000);
  fill_s32(bias3, C, -3000, 3000);
  fill_s32(mult1, COUT, 1 << 30, 0x7fffffff);
  fill_s32(mult3, C, 1 << 30, 0x7fffffff);
  fill_s32(shift1, COUT, -9, -5);
  fill_s32(shift3, C, -7, 1);
  conv1x1_reference(out1_ref);
  conv1x1_c(in1, w1, dim_h * dim_w, dim_cin, dim_cout, out1_c);
  check("conv1x1_s8 c", out1_c, out1_ref, sizeof out1_ref);
  depthwise_reference(out3_ref);
  depthwise_c(in3, w3, dim_h, dim_w, dim_c, out3_c);
  depthwise_mve(out3_mve);
  check("depthwise3x3_s8 c", out3_c, out3_ref, sizeof out3_ref);
  check("depthwise3x3_s8 mve", out3_mve, out3_ref, sizeof out3_ref);
  return check_status();
}
