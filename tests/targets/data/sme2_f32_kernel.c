// FP32 and BF16 kernels in C with the SME and SVE ACLE, compiled by clang-19
// -O2 for tests/targets/sme2_run_test.cpp: an FMOPA outer-product GEMM whose
// tile is stored with ST1W tile slices and reloaded with LD1W, a conversion
// to BF16 (BFCVT, ST1H), SVE BFDOT and BFMLALB/T, and int8 loads (LD1SB,
// ST1B). Its output is checked against qemu-aarch64 7.2 (SME1 and SVE only).
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
// The SME ABI's lazy-save commit, which a function with new ZA state calls
// when TPIDR2_EL0 is set: it never is here (no caller has ZA state).
void __arm_tpidr2_save(void) __arm_streaming_compatible {}
static uint32_t mix(uint32_t h, uint32_t v) { return (h ^ v) * 16777619u; }
#define N 16
static float A[32 * N], B[32 * N], C[N * N], D[N * N];
static bfloat16_t H[N * N], P[N * N], Q[N * N];
static float R[N * N];
static int8_t I8[4 * N];
static int32_t W[4 * N];

__arm_new("za") __arm_locally_streaming
void gemm_f32(const float *a, const float *b, float *c, float *d, int k) {
  svbool_t p32 = svptrue_b32();
  svzero_za();
  for (int i = 0; i < k; ++i)
    svmopa_za32_f32_m(1, p32, p32, svld1_f32(p32, a + i * svcntw()), svld1_f32(p32, b + i * svcntw()));
  for (uint32_t r = 0; r < svcntw(); ++r) svst1_hor_za32(1, r, p32, c + r * N);
  // Reload the rows vertically into tile 2 and store its rows: the transpose.
  for (uint32_t r = 0; r < svcntw(); ++r) svld1_ver_za32(2, r, p32, c + r * N);
  for (uint32_t r = 0; r < svcntw(); ++r) svst1_hor_za32(2, r, p32, d + r * N);
}

__arm_locally_streaming
void to_bf16(const float *x, bfloat16_t *y, int n) {
  for (int i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32(i, n);
    svbfloat16_t h = svcvt_bf16_f32_x(pg, svld1_f32(pg, x + i));
    svst1h_u32(pg, (uint16_t *)y + i, svreinterpret_u32_bf16(h));
  }
}

__arm_locally_streaming
void dots(const bfloat16_t *p, const bfloat16_t *q, float *r, int n) {
  for (int i = 0; i < n; i += svcnth()) {
    svbool_t ph = svwhilelt_b16(i, n);
    svbfloat16_t vp = svld1_bf16(ph, p + i), vq = svld1_bf16(ph, q + i);
    svfloat32_t acc = svdup_f32(0.5f);
    acc = svbfdot_f32(acc, vp, vq);
    acc = svbfmlalb_f32(acc, vp, vq);
    acc = svbfmlalt_f32(acc, vp, vq);
    acc = svbfdot_lane_f32(acc, vp, vq, 1);
    svst1_f32(svwhilelt_b32(i / 2, n / 2), r + i / 2, acc);
  }
}

__arm_locally_streaming
void widen(const int8_t *x, int32_t *y, int n) {
  for (int i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32(i, n);
    svint32_t v = svld1sb_s32(pg, x + i);
    svst1_s32(pg, y + i, svmul_n_s32_x(pg, v, 3));
    svst1b_s32(pg, (int8_t *)x + i, svneg_s32_x(pg, v));
  }
}

void _start(void) {
  for (int i = 0; i < 32 * N; ++i) {
    A[i] = (float)((i * 37) % 101 - 50) / 8.0f;
    B[i] = (float)((i * 53) % 97 - 48) / 16.0f;
  }
  gemm_f32(A, B, C, D, 32);
  uint32_t h = 2166136261u;
  for (int i = 0; i < N * N; ++i) { union { float f; uint32_t u; } x = {C[i]}; h = mix(h, x.u); }
  put_hex(h);
  h = 2166136261u;
  for (int i = 0; i < N * N; ++i) { union { float f; uint32_t u; } x = {D[i]}; h = mix(h, x.u); }
  put_hex(h);
  to_bf16(C, H, N * N);
  h = 2166136261u;
  for (int i = 0; i < N * N; ++i) h = mix(h, *(uint16_t *)&H[i]);
  put_hex(h);
  for (int i = 0; i < N * N; ++i) { P[i] = H[i]; Q[i] = H[(i * 7) % (N * N)]; }
  dots(P, Q, R, N * N);
  h = 2166136261u;
  for (int i = 0; i < N * N / 2; ++i) { union { float f; uint32_t u; } x = {R[i]}; h = mix(h, x.u); }
  put_hex(h);
  for (int i = 0; i < 4 * N; ++i) I8[i] = (int8_t)(i * 29 - 100);
  widen(I8, W, 4 * N);
  h = 2166136261u;
  for (int i = 0; i < 4 * N; ++i) { h = mix(h, (uint32_t)W[i]); h = mix(h, (uint8_t)I8[i]); }
  put_hex(h);
  sys3(93, 0, 0, 0);
}
