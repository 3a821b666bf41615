// Integer and bitwise SVE loops in C with the ACLE, compiled by clang-19 -O2
// for tests/targets/sme2_run_test.cpp and run in Streaming SVE mode: masks
// with bitmask immediates (AND, ORR, EOR and DUPM), AND/EOR/BIC of vectors,
// compares with immediates (CMPGT, CMPLT, CMPHI, CMPEQ) feeding SEL, integer
// multiply-adds (MLA, MAD, MSB) and floating-point ones (FMAD, FNMSB), and
// predicate logic and permutes (AND ... NAND, SEL, NOT, ZIP/UZP/TRN, REV,
// PUNPKLO/HI, BRKA/BRKB, PTEST, PFALSE, LASTA/LASTB). Its output is checked
// against qemu-aarch64 7.2.
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
#define S __arm_streaming
static uint32_t mix(uint32_t h, uint32_t v) { return (h ^ v) * 16777619u; }
static uint32_t bits(float f) { union { float f; uint32_t u; } x = {f}; return x.u; }

// Keeps the middle bits of each word, flips the low byte, sets the sign bit.
static void masks(const uint32_t *x, uint32_t *y, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svuint32_t v = svld1_u32(pg, x + i);
    v = svand_n_u32_x(pg, v, 0x00fffff0u);
    v = sveor_n_u32_x(pg, v, 0xffu);
    v = svorr_n_u32_x(pg, v, 0x80000000u);
    svst1_u32(pg, y + i, v);
  }
}
// Combines two arrays with AND, EOR and BIC of whole vectors, then with a DUPM constant.
static void combine(const uint32_t *a, const uint32_t *b, uint32_t *c, uint64_t n) S {
  const svuint32_t k = svdup_n_u32(0x0ff00ff0u);
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svuint32_t va = svld1_u32(pg, a + i), vb = svld1_u32(pg, b + i);
    svuint32_t r = sveor_u32_x(pg, svand_u32_x(pg, va, vb), svbic_u32_x(pg, vb, va));
    svst1_u32(pg, c + i, sveor_u32_x(pg, r, k));
  }
}
// Clamps with compares against immediates: x > 9 -> 9, x < -7 -> -7; unsigned
// views above 100 and exact zeros are counted.
static int32_t clamp(int32_t *x, uint64_t n) S {
  svint32_t count = svdup_s32(0);
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svint32_t v = svld1_s32(pg, x + i);
    v = svsel_s32(svcmpgt_n_s32(pg, v, 9), svdup_s32(9), v);
    v = svsel_s32(svcmplt_n_s32(pg, v, -7), svdup_s32(-7), v);
    count = svadd_n_s32_m(svcmpgt_n_u32(pg, svreinterpret_u32_s32(svld1_s32(pg, x + i)), 100), count, 1);
    count = svadd_n_s32_m(svcmpeq_n_s32(pg, v, 0), count, 1000);
    svst1_s32(pg, x + i, v);
  }
  return (int32_t)svaddv_s32(svptrue_b32(), count);
}
// y = a * y + b and y = b - a * y (wrapping), then z = x * y + w and z = y * x - w in FP.
static void madds(const int32_t *a, int32_t *y, const int32_t *b, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svint32_t va = svld1_s32(pg, a + i), vy = svld1_s32(pg, y + i), vb = svld1_s32(pg, b + i);
    vy = svmad_s32_x(pg, vy, va, vb);
    vy = svmsb_s32_x(pg, vy, va, vb);
    vy = svmla_s32_x(pg, vy, va, vb);
    svst1_s32(pg, y + i, vy);
  }
}
static void fmadds(const float *x, float *y, const float *w, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32_t vx = svld1_f32(pg, x + i), vy = svld1_f32(pg, y + i), vw = svld1_f32(pg, w + i);
    vy = svmad_f32_x(pg, vy, vx, vw);
    vy = svnmsb_f32_x(pg, vy, vx, vw);
    svst1_f32(pg, y + i, vy);
  }
}

// Predicate logic and predicate permutes: counts of elements where compares
// of two arrays combine, at every element size the permutes take.
static uint32_t preds(const int32_t *a, const int32_t *b, uint64_t n) S {
  uint32_t h = 2166136261u;
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svint32_t va = svld1_s32(pg, a + i), vb = svld1_s32(pg, b + i);
    svbool_t x = svcmpgt_n_s32(pg, va, 0), y = svcmplt_s32(pg, va, vb);
    unsigned k = 0;
#define COUNT(p) h = mix(h, (uint32_t)svcntp_b8(svptrue_b8(), (p)) * 64 + k++)
    COUNT(svand_b_z(pg, x, y)); COUNT(svorr_b_z(pg, x, y)); COUNT(sveor_b_z(pg, x, y)); COUNT(svbic_b_z(pg, x, y));
    COUNT(svorn_b_z(pg, x, y)); COUNT(svnor_b_z(pg, x, y)); COUNT(svnand_b_z(pg, x, y)); COUNT(svsel_b(x, y, pg));
    COUNT(svnot_b_z(pg, x)); COUNT(svzip1_b32(x, y)); COUNT(svzip2_b32(x, y)); COUNT(svuzp1_b16(x, y));
    COUNT(svuzp2_b8(x, y)); COUNT(svtrn1_b64(x, y)); COUNT(svtrn2_b32(x, y)); COUNT(svrev_b32(x));
    COUNT(svunpklo_b(x)); COUNT(svunpkhi_b(y)); COUNT(svbrka_b_z(pg, x)); COUNT(svbrkb_b_m(y, pg, x));
    COUNT(svpfalse_b());
#undef COUNT
    h = mix(h, (uint32_t)svlasta_s32(x, va) ^ (uint32_t)svlastb_s32(y, vb));
    h = mix(h, (uint32_t)svptest_first(pg, x) * 2 + svptest_last(pg, y));
    if (svptest_any(pg, svand_b_z(pg, x, y))) h = mix(h, 1);
  }
  return h;
}

#define N 203
static uint32_t U[N], V[N], W[N];
static int32_t A[N], B[N], C[N];
static float X[N], Y[N], Z[N];

static void run(void) S {
  for (int i = 0; i < N; ++i) {
    U[i] = (uint32_t)i * 2654435761u;
    V[i] = (uint32_t)(i + 7) * 40503u ^ 0x5a5a5a5au;
    A[i] = (i * 37) % 41 - 20;
    B[i] = (i * 1103515245) ^ (i << 9);
    C[i] = (i * 53) % 29 - 14;
    X[i] = (float)((i * 37) % 101 - 50) / 7.0f;
    Y[i] = (float)((i * 53) % 97 - 48) / 9.0f;
    Z[i] = (float)((i * 11) % 13 - 6) / 5.0f;
  }
  uint32_t h = 2166136261u;
  masks(U, W, N);
  for (int i = 0; i < N; ++i) h = mix(h, W[i]);
  put_hex(h);
  combine(U, V, W, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, W[i]);
  put_hex(h);
  put_hex((uint32_t)clamp(A, N));
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, (uint32_t)A[i]);
  put_hex(h);
  madds(C, B, A, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, (uint32_t)B[i]);
  put_hex(h);
  fmadds(X, Y, Z, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, bits(Y[i]));
  put_hex(h);
  put_hex(preds(A, C, N));
}

void _start(void) {
  run();
  sys3(93, 0, 0, 0);
}
