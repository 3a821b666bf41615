// Interleaved data in the style of CMSIS-DSP's complex functions and an
// image kernel: a complex f32 multiply through de-interleaving loads and
// interleaving stores (VLD20/VLD21, VST20/VST21), the same product with the
// complex instructions (VCMUL, VCMLA #90) and a rotation (VCADD #90), and
// RGBA to grey through VLD40-VLD43 and halving adds (VHADD). Plain C for
// the complex multiply (auto-vectorised at -O3), intrinsics for the rest,
// scalar references. The data are small multiples of 1/4, so every product
// and sum is exact and fused or separate multiply-adds agree.
#include <arm_mve.h>

#include "check.h"

#define N 12    // complex values
#define PIX 32  // RGBA pixels

static float xs[2 * N], ys[2 * N], ref[2 * N], out_c[2 * N], out_ld2[2 * N], out_cmul[2 * N];
static float rot_ref[2 * N], rot_mve[2 * N];
static uint8_t rgba[4 * PIX], grey_mve[PIX], grey_ref[PIX];

static REFERENCE void cmul_reference(void) {
  SCALAR
  for (int i = 0; i < N; ++i) {
    const float a = xs[2 * i], b = xs[2 * i + 1], c = ys[2 * i], d = ys[2 * i + 1];
    ref[2 * i] = a * c - b * d;
    ref[2 * i + 1] = a * d + b * c;
    rot_ref[2 * i] = a - d;  // x + i*y
    rot_ref[2 * i + 1] = b + c;
  }
}

static KERNEL void cmul_c(const float* x, const float* y, float* o, int n) {
  for (int i = 0; i < n; ++i) {
    const float a = x[2 * i], b = x[2 * i + 1], c = y[2 * i], d = y[2 * i + 1];
    o[2 * i] = a * c - b * d;
    o[2 * i + 1] = a * d + b * c;
  }
}

static KERNEL void cmul_ld2(void) {
  for (int i = 0; i < 2 * N; i += 8) {
    const float32x4x2_t x = vld2q_f32(&xs[i]), y = vld2q_f32(&ys[i]);
    float32x4x2_t r;
    r.val[0] = vsubq_f32(vmulq_f32(x.val[0], y.val[0]), vmulq_f32(x.val[1], y.val[1]));
    r.val[1] = vaddq_f32(vmulq_f32(x.val[0], y.val[1]), vmulq_f32(x.val[1], y.val[0]));
    vst2q_f32(&out_ld2[i], r);
  }
}

static KERNEL void cmul_complex(void) {
  for (int i = 0; i < 2 * N; i += 4) {
    const float32x4_t x = vld1q_f32(&xs[i]), y = vld1q_f32(&ys[i]);
    vst1q_f32(&out_cmul[i], vcmlaq_rot90_f32(vcmulq_f32(x, y), x, y));
    vst1q_f32(&rot_mve[i], vcaddq_rot90_f32(x, y));
  }
}

// grey = ((r + g) / 2 + (b + a) / 2) / 2, each halving rounding down.
static REFERENCE void grey_reference(void) {
  SCALAR
  for (int p = 0; p < PIX; ++p) {
    const uint8_t* q = &rgba[4 * p];
    grey_ref[p] = (uint8_t)((((q[0] + q[1]) >> 1) + ((q[2] + q[3]) >> 1)) >> 1);
  }
}

static KERNEL void grey_mve_kernel(void) {
  for (int p = 0; p < PIX; p += 16) {
    const uint8x16x4_t q = vld4q_u8(&rgba[4 * p]);
    vst1q_u8(&grey_mve[p], vhaddq_u8(vhaddq_u8(q.val[0], q.val[1]), vhaddq_u8(q.val[2], q.val[3])));
  }
}

static volatile int dim_n = N;

int main(void) {
  for (int i = 0; i < 2 * N; ++i) {
    xs[i] = (float)((int)(rng() % 33) - 16) * 0.25f;
    ys[i] = (float)((int)(rng() % 33) - 16) * 0.25f;
  }
  fill_s8((int8_t*)rgba, sizeof rgba);
  cmul_reference();
  cmul_c(xs, ys, out_c, dim_n);
  cmul_ld2();
  cmul_complex();
  check("cmul_f32 c", out_c, ref, sizeof ref);
  check("cmul_f32 vld2", out_ld2, ref, sizeof ref);
  check("cmul_f32 vcmul", out_cmul, ref, sizeof ref);
  check("cadd_f32 vcadd", rot_mve, rot_ref, sizeof rot_ref);
  grey_reference();
  grey_mve_kernel();
  check("grey_u8 vld4", grey_mve, grey_ref, sizeof grey_ref);
  return check_status();
}
