// Interleaved data in SVE loops, in C with the ACLE, compiled by clang-19 -O2
// for tests/targets/sme2_run_test.cpp and run in Streaming SVE mode: complex
// products through LD2W/ST2W, RGB to grey through LD3B, RGBA channel swaps
// through LD4B/ST4B, pairs of doublewords through LD2D/ST3D, all with
// partial tails; widening and narrowing (UNPK, UZP1), reversal (REV), a
// table lookup (TBL) and shifts by vectors (LSL, ASR); then, outside
// Streaming mode, gathers and a scatter. Its output is checked against
// qemu-aarch64 7.2.
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
#define S __arm_streaming
static uint32_t mix(uint32_t h, uint32_t v) { return (h ^ v) * 16777619u; }
static uint32_t bits(float f) { union { float f; uint32_t u; } x = {f}; return x.u; }

// c[i] = a[i] * b[i] for complex numbers stored as (re, im) pairs.
static void cmul(const float *a, const float *b, float *c, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svfloat32x2_t va = svld2_f32(pg, a + 2 * i), vb = svld2_f32(pg, b + 2 * i);
    svfloat32_t ar = svget2_f32(va, 0), ai = svget2_f32(va, 1), br = svget2_f32(vb, 0), bi = svget2_f32(vb, 1);
    svfloat32_t re = svmls_f32_x(pg, svmul_f32_x(pg, ar, br), ai, bi);
    svfloat32_t im = svmla_f32_x(pg, svmul_f32_x(pg, ar, bi), ai, br);
    svst2_f32(pg, c + 2 * i, svcreate2_f32(re, im));
  }
}
// grey = (77 r + 150 g + 29 b) >> 8 over RGB bytes.
static void grey(const uint8_t *rgb, uint8_t *y, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcnth()) {
    svbool_t pb = svwhilelt_b8_u64(i, n), ph = svwhilelt_b16_u64(i, n);
    svuint8x3_t v = svld3_u8(pb, rgb + 3 * i);
    svuint16_t r = svunpklo_u16(svget3_u8(v, 0)), g = svunpklo_u16(svget3_u8(v, 1)), b = svunpklo_u16(svget3_u8(v, 2));
    svuint16_t s = svmla_n_u16_x(ph, svmla_n_u16_x(ph, svmul_n_u16_x(ph, r, 77), g, 150), b, 29);
    svuint8_t out = svuzp1_u8(svreinterpret_u8_u16(svlsr_n_u16_x(ph, s, 8)), svdup_u8(0));
    svst1_u8(svwhilelt_b8_u64(i, n < i + svcnth() ? n : i + svcnth()), y + i, out);
  }
}
// RGBA to BGRA with the alpha channel scaled by a table.
static void swap(uint8_t *px, const uint8_t *lut, uint64_t n) S {
  svuint8_t table = svld1_u8(svptrue_b8(), lut);
  for (uint64_t i = 0; i < n; i += svcntb()) {
    svbool_t pg = svwhilelt_b8_u64(i, n);
    svuint8x4_t v = svld4_u8(pg, px + 4 * i);
    svuint8_t a = svtbl_u8(table, svand_n_u8_x(pg, svget4_u8(v, 3), 15));
    svst4_u8(pg, px + 4 * i, svcreate4_u8(svget4_u8(v, 2), svget4_u8(v, 1), svget4_u8(v, 0), a));
  }
}
// Pairs (x, y) of doublewords to triples (x << y, x >> y arithmetic, reversed x).
static void triples(const int64_t *xy, int64_t *out, uint64_t n) S {
  for (uint64_t i = 0; i < n; i += svcntd()) {
    svbool_t pg = svwhilelt_b64_u64(i, n);
    svint64x2_t v = svld2_s64(pg, xy + 2 * i);
    svint64_t x = svget2_s64(v, 0);
    svuint64_t y = svreinterpret_u64_s64(svand_n_s64_x(pg, svget2_s64(v, 1), 63));
    svint64_t l = svlsl_s64_x(pg, x, y), r = svasr_s64_x(pg, x, y);
    svst3_s64(pg, out + 3 * i, svcreate3_s64(l, r, svrev_s64(x)));
  }
}

// Outside Streaming mode (gathers and scatters are not Streaming SVE): a
// table lookup through signed word indices (LD1W, SXTW #2), bytes gathered
// through unsigned ones (LD1B, UXTW), and a permutation scattered
// through doubleword indices (ST1D, LSL #3).
static void gathers(const float *t, const int32_t *idx, float *y, const uint8_t *b, const uint32_t *bi, uint32_t *z,
                    const int64_t *x, const int64_t *perm, int64_t *out, uint64_t n) {
  for (uint64_t i = 0; i < n; i += svcntw()) {
    svbool_t pg = svwhilelt_b32_u64(i, n);
    svst1_f32(pg, y + i, svld1_gather_s32index_f32(pg, t, svld1_s32(pg, idx + i)));
    svst1_u32(pg, z + i, svld1ub_gather_u32offset_u32(pg, b, svld1_u32(pg, bi + i)));
  }
  for (uint64_t i = 0; i < n; i += svcntd()) {
    svbool_t pg = svwhilelt_b64_u64(i, n);
    svst1_scatter_s64index_s64(pg, out, svld1_s64(pg, perm + i), svld1_s64(pg, x + i));
  }
}

#define N 203
static float A[2 * N], B[2 * N], C[2 * N];
static uint8_t RGB[3 * N], Y[N], PX[4 * N], LUT[256];
static int64_t XY[2 * N], T[3 * N];

static void run(void) S {
  for (int i = 0; i < 2 * N; ++i) {
    A[i] = (float)((i * 37) % 101 - 50) / 7.0f;
    B[i] = (float)((i * 53) % 97 - 48) / 9.0f;
    XY[i] = (int64_t)i * 0x9e3779b97f4a7c15ll;
  }
  for (int i = 0; i < 3 * N; ++i) RGB[i] = (uint8_t)(i * 29 + 7);
  for (int i = 0; i < 4 * N; ++i) PX[i] = (uint8_t)(i * 13 + 1);
  for (int i = 0; i < 256; ++i) LUT[i] = (uint8_t)(255 - i * 3);
  cmul(A, B, C, N);
  uint32_t h = 2166136261u;
  for (int i = 0; i < 2 * N; ++i) h = mix(h, bits(C[i]));
  put_hex(h);
  grey(RGB, Y, N);
  h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(h, Y[i]);
  put_hex(h);
  swap(PX, LUT, N);
  h = 2166136261u;
  for (int i = 0; i < 4 * N; ++i) h = mix(h, PX[i]);
  put_hex(h);
  triples(XY, T, N);
  h = 2166136261u;
  for (int i = 0; i < 3 * N; ++i) h = mix(mix(h, (uint32_t)T[i]), (uint32_t)(T[i] >> 32));
  put_hex(h);
}

static int32_t IDX[N];
static uint32_t BI[N], Z32[N];
static int64_t PERM[N], OUT[N];
static float G[N];

void _start(void) {
  run();
  for (int i = 0; i < N; ++i) {
    IDX[i] = (i * 67) % (2 * N);
    BI[i] = (uint32_t)(i * 7919) % (3 * N);
    PERM[i] = (i * 89) % N;  // 89 and 203 are coprime: a permutation
  }
  gathers(A, IDX, G, RGB, BI, Z32, XY, PERM, OUT, N);
  uint32_t h = 2166136261u;
  for (int i = 0; i < N; ++i) h = mix(mix(mix(h, bits(G[i])), Z32[i]), (uint32_t)OUT[i]);
  put_hex(h);
  sys3(93, 0, 0, 0);
}
