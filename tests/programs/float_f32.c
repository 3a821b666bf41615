// Floating-point kernels in the style of CMSIS-DSP: an f32 matrix multiply
// (plain C, auto-vectorised over the columns at -O3), an f32 dot product
// with four lane accumulators (VFMA intrinsics) and its maximum (VMAXNMV),
// an f16 dot product with eight lanes (VFMA.F16) and an f16 scaled add
// (plain C). The references compute in the same order with fmaf, so the
// results agree bit for bit; the f16 data are small dyadic values whose sums
// are exact in half precision.
#include <arm_mve.h>
#include <math.h>

#include "check.h"

#define M 5
#define K 11
#define N 14
#define LEN 37

static float a[M * K], b[K * N], c_c[M * N], c_ref[M * N], x[LEN], y[LEN];
static float16_t hx[LEN], hy[LEN], hz_c[LEN], hz_ref[LEN];

static REFERENCE void matmul_reference(float* c) {
  SCALAR
  for (int i = 0; i < M; ++i) {
    SCALAR
    for (int j = 0; j < N; ++j) {
      float acc = 0.0f;
      SCALAR
      for (int k = 0; k < K; ++k) acc = fmaf(a[i * K + k], b[k * N + j], acc);
      c[i * N + j] = acc;
    }
  }
}

// The k loop outside the j loop, so that the compiler vectorises over j
// (each column's sum keeps its order).
static KERNEL void matmul_c(const float* pa, const float* pb, float* pc, int m, int kk, int n) {
  for (int i = 0; i < m; ++i) {
    for (int j = 0; j < n; ++j) pc[i * n + j] = 0.0f;
    for (int k = 0; k < kk; ++k) {
      const float s = pa[i * kk + k];
      for (int j = 0; j < n; ++j) pc[i * n + j] = fmaf(s, pb[k * n + j], pc[i * n + j]);
    }
  }
}

static REFERENCE float dot_reference(void) {
  float lane[4] = {0, 0, 0, 0};
  SCALAR
  for (int i = 0; i < LEN; ++i) lane[i % 4] = fmaf(x[i], y[i], lane[i % 4]);
  return (lane[0] + lane[1]) + (lane[2] + lane[3]);
}

static KERNEL float dot_mve(void) {
  float32x4_t acc = vdupq_n_f32(0.0f);
  for (int i = 0; i < LEN; i += 4) {
    const mve_pred16_t p = vctp32q(LEN - i);
    acc = vfmaq_m_f32(acc, vldrwq_z_f32(&x[i], p), vldrwq_z_f32(&y[i], p), p);
  }
  return (vgetq_lane_f32(acc, 0) + vgetq_lane_f32(acc, 1)) + (vgetq_lane_f32(acc, 2) + vgetq_lane_f32(acc, 3));
}

static REFERENCE float max_reference(void) {
  float m = -INFINITY;
  SCALAR
  for (int i = 0; i < LEN; ++i) m = fmaxf(m, x[i] * y[i]);
  return m;
}

static KERNEL float max_mve(void) {
  float m = -INFINITY;
  for (int i = 0; i < LEN; i += 4) {
    const mve_pred16_t p = vctp32q(LEN - i);
    const float32x4_t v = vmulq_x_f32(vldrwq_z_f32(&x[i], p), vldrwq_z_f32(&y[i], p), p);
    m = vmaxnmvq_p_f32(m, v, p);
  }
  return m;
}

static REFERENCE float dot_f16_reference(void) {
  float lane[8] = {0};
  SCALAR
  for (int i = 0; i < LEN; ++i) lane[i % 8] += (float)hx[i] * (float)hy[i];
  float s = 0;
  SCALAR
  for (int l = 0; l < 8; ++l) s += lane[l];
  return s;
}

static KERNEL float dot_f16_mve(void) {
  float16x8_t acc = vdupq_n_f16(0);
  for (int i = 0; i < LEN; i += 8) {
    const mve_pred16_t p = vctp16q(LEN - i);
    acc = vfmaq_m_f16(acc, vldrhq_z_f16(&hx[i], p), vldrhq_z_f16(&hy[i], p), p);
  }
  float s = 0;
  for (int l = 0; l < 8; ++l) s += (float)acc[l];
  return s;
}

static REFERENCE void axpy_f16_reference(float16_t* z) {
  SCALAR
  for (int i = 0; i < LEN; ++i) z[i] = (float16_t)(hx[i] * (float16_t)0.5f + hy[i]);
}

static KERNEL void axpy_f16_c(const float16_t* px, const float16_t* py, float16_t* z, int n) {
  for (int i = 0; i < n; ++i) z[i] = (float16_t)(px[i] * (float16_t)0.5f + py[i]);
}

static volatile int dim_m = M, dim_k = K, dim_n = N, dim_len = LEN;

static void print_float(const char* name, float got, float want) {
  uint32_t g, w;
  memcpy(&g, &got, 4);
  memcpy(&w, &want, 4);
  printf("%s: %08lx %s\n", name, (unsigned long)g, g == w ? "ok" : "MISMATCH");
  if (g != w) ++check_failures;
}

int main(void) {
  fill_f32(a, M * K);
  fill_f32(b, K * N);
  fill_f32(x, LEN);
  fill_f32(y, LEN);
  for (int i = 0; i < LEN; ++i) {
    hx[i] = (float16_t)((int)(rng() % 17) - 8) * (float16_t)0.25f;
    hy[i] = (float16_t)((int)(rng() % 17) - 8) * (float16_t)0.25f;
  }
  matmul_reference(c_ref);
  matmul_c(a, b, c_c, dim_m, dim_k, dim_n);
  check("matmul_f32 c", c_c, c_ref, sizeof c_ref);
  print_float("dot_f32 mve", dot_mve(), dot_reference());
  print_float("max_f32 mve", max_mve(), max_reference());
  print_float("dot_f16 mve", dot_f16_mve(), dot_f16_reference());
  axpy_f16_reference(hz_ref);
  axpy_f16_c(hx, hy, hz_c, dim_len);
  check("axpy_f16 c", hz_c, hz_ref, sizeof hz_ref);
  printf("dot_f32 %d/1000\n", (int)(dot_reference() * 1000));
  return check_status();
}
