// SVE loops of an int8/fp32 ML kernel in C with the ACLE, compiled by
// clang-19 -O2 for tests/targets/sme2_run_test.cpp and run in Streaming SVE
// mode: reductions (FADDV, FMAXV, SADDV), AXPY (FMLA), ReLU and scale (FMAX,
// FMUL with immediates and vectors), quantization (FRINTA, FCVTZS, SMIN/SMAX
// immediates, ST1B), dequantization (LD1SB, SCVTF), an int8 dot product
// (SDOT), a select (FCMGT, SEL). Its output is checked against qemu-aarch64
// 7.2.
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
#define S __arm_streaming
static uint32_t mix(uint32_t h, uint32_t v) { return (h ^ v) * 16777619u; }
static uint32_t bits(float f) { union { float f; uint32_t u; } x = {f}; return x.u; }

static float sum_f32(const float *x, uint64_t n) S {
  svfloat32_t acc = svdup_f32(0);
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    acc = svadd_f32_m(pg, acc, svld1_f32(pg, x + i));
  }
  return svaddv_f32(svptrue_b32(), acc);
}
static float max_f32(const float *x, uint64_t n) S {
  svfloat32_t acc = svdup_f32(-1e30f);
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    acc = svmax_f32_m(pg, acc, svld1_f32(pg, x + i));
  }
  return svmaxv_f32(svptrue_b32(), acc);
}
static void axpy(float a, const float *x, float *y, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svst1_f32(pg, y + i, svmla_n_f32_x(pg, svld1_f32(pg, y + i), svld1_f32(pg, x + i), a));
  }
}
static void relu_scale(float *y, float s, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32_t v = svmax_n_f32_x(pg, svld1_f32(pg, y + i), 0.0f);
    svst1_f32(pg, y + i, svmul_n_f32_x(pg, v, s));
  }
}
static int32_t dot_s8(const int8_t *a, const int8_t *b, uint64_t n) S {
  svint32_t acc = svdup_s32(0);
  for (uint64_t i = 0; i < n; i += svcntb()) {
    svbool_t pg = svwhilelt_b8_u64(i, n);
    acc = svdot_s32(acc, svld1_s8(pg, a + i), svld1_s8(pg, b + i));
  }
  return (int32_t)svaddv_s32(svptrue_b32(), acc);
}
static void quant(const float *x, int8_t *q, float inv, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32_t v = svmul_n_f32_x(pg, svld1_f32(pg, x + i), inv);
    svint32_t r = svcvt_s32_f32_x(pg, svrinta_f32_x(pg, v));
    r = svmax_n_s32_x(pg, svmin_n_s32_x(pg, r, 127), -128);
    svst1b_s32(pg, q + i, r);
  }
}
static void dequant(const int8_t *q, float *x, float s, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32_t v = svcvt_f32_s32_x(pg, svld1sb_s32(pg, q + i));
    svst1_f32(pg, x + i, svmul_n_f32_x(pg, v, s));
  }
}
static void select_max(const float *a, const float *b, float *c, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32_t va = svld1_f32(pg, a + i), vb = svld1_f32(pg, b + i);
    svst1_f32(pg, c + i, svsel_f32(svcmpgt_f32(pg, va, vb), va, vb));
  }
}

#define N 203
static float X[N], Y[N], Z[N];
static int8_t Q[N], R[N];

static void run(void) S {
  for (int i = 0; i < N; ++i) {
    X[i] = (float)((i * 37) % 101 - 50) / 7.0f;
    Y[i] = (float)((i * 53) % 97 - 48) / 9.0f;
    R[i] = (int8_t)(i * 29 - 100);
  }
  put_hex(bits(sum_f32(X, N)));
  put_hex(bits(max_f32(Y, N)));
  axpy(0.75f, X, Y, N);
  relu_scale(Y, 1.5f, N);
  uint32_t h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, bits(Y[i]));
  put_hex(h);
  quant(X, Q, 9.5f, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, (uint8_t)Q[i]);
  put_hex(h);
  put_hex((uint32_t)dot_s8(Q, R, N));
  dequant(Q, Z, 0.125f, N);
  select_max(Z, X, Y, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, bits(Y[i]));
  put_hex(h);
}

void _start(void) {
  run();
  sys3(93, 0, 0, 0);
}
