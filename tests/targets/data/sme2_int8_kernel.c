// An int8 GEMM tile with the 4-way integer outer products SMOPA, UMOPA,
// SUMOPA, USMOPA and their subtracting forms into four ZA .S tiles, with
// partial predicates on both sources (tests/targets/sme2_run_test.cpp).
// QEMU 7.2 computes SMOPA (4-way) wrongly (its issue 2083), so the expected
// output comes from this file built for the host, where the tiles are
// computed by the manual's definition in plain C; clang-19 -O2 builds the
// SME ACLE path for `mlisa run --svl 512` (16 x 16 tiles).
#include <stdint.h>
#if defined(__ARM_FEATURE_SME)
#include <arm_sme.h>
#include "sme2_kernel_io.h"
#else
#include <stdio.h>
static void put_hex(uint32_t v) { printf("%08x\n", v); }
#endif

enum { kDim = 16, kVl = 64, kSteps = 16, kRows = 4 * 13, kCols = 4 * 10 };
static int8_t A[kSteps * kVl], B[kSteps * kVl];
static int32_t C[4][kDim * kDim];

#if defined(__ARM_FEATURE_SME)
__arm_new("za") __arm_locally_streaming
void gemm(void) {
  svbool_t all = svptrue_b8();
  // Rows 0-12 of the first source and columns 0-9 of the second: a partial tile.
  svbool_t rows = svwhilelt_b8(0, kRows), cols = svwhilelt_b8(0, kCols);
  svzero_za();
  for (int i = 0; i < kSteps; ++i) {
    svint8_t sa = svld1_s8(all, A + i * kVl), sb = svld1_s8(all, B + i * kVl);
    svuint8_t ua = svreinterpret_u8_s8(sa), ub = svreinterpret_u8_s8(sb);
    svmopa_za32_s8_m(0, all, all, sa, sb);
    svmops_za32_s8_m(0, rows, cols, sb, sa);
    svmopa_za32_u8_m(1, rows, all, ua, ub);
    svmops_za32_u8_m(1, all, cols, ub, ua);
    svsumopa_za32_s8_m(2, all, cols, sa, ub);
    svsumops_za32_s8_m(2, rows, all, sb, ua);
    svusmopa_za32_u8_m(3, rows, cols, ua, sb);
    svusmops_za32_u8_m(3, all, all, ub, sa);
  }
  svbool_t p32 = svptrue_b32();
  for (uint32_t r = 0; r < kDim; ++r)
    for (uint32_t t = 0; t < 4; ++t) {
      svint32_t row = t == 0   ? svread_hor_za32_s32_m(svdup_s32(0), p32, 0, r)
                      : t == 1 ? svread_hor_za32_s32_m(svdup_s32(0), p32, 1, r)
                      : t == 2 ? svread_hor_za32_s32_m(svdup_s32(0), p32, 2, r)
                               : svread_hor_za32_s32_m(svdup_s32(0), p32, 3, r);
      svst1_s32(p32, C[t] + r * kDim, row);
    }
}
#else
// One outer product as the manual defines it: element (row, col) adds (or
// subtracts) the products of bytes 4*row+k of x and 4*col+k of y, k = 0..3,
// where both bytes are active (the first `px` of x, the first `py` of y).
static void mop(int32_t* tile, const int8_t* x, const int8_t* y, int px, int py, int sub, int ux, int uy) {
  for (int row = 0; row < kDim; ++row)
    for (int col = 0; col < kDim; ++col) {
      uint32_t sum = (uint32_t)tile[row * kDim + col];
      for (int k = 0; k < 4; ++k) {
        const int i = 4 * row + k, j = 4 * col + k;
        if (i >= px || j >= py) continue;
        const int32_t a = ux ? (int32_t)(uint8_t)x[i] : (int32_t)x[i];
        const int32_t b = uy ? (int32_t)(uint8_t)y[j] : (int32_t)y[j];
        sum = sub ? sum - (uint32_t)(a * b) : sum + (uint32_t)(a * b);
      }
      tile[row * kDim + col] = (int32_t)sum;
    }
}
static void gemm(void) {
  for (int i = 0; i < kSteps; ++i) {
    const int8_t *a = A + i * kVl, *b = B + i * kVl;
    mop(C[0], a, b, kVl, kVl, 0, 0, 0);
    mop(C[0], b, a, kRows, kCols, 1, 0, 0);
    mop(C[1], a, b, kRows, kVl, 0, 1, 1);
    mop(C[1], b, a, kVl, kCols, 1, 1, 1);
    mop(C[2], a, b, kVl, kCols, 0, 0, 1);
    mop(C[2], b, a, kRows, kVl, 1, 0, 1);
    mop(C[3], a, b, kRows, kCols, 0, 1, 0);
    mop(C[3], b, a, kVl, kVl, 1, 1, 0);
  }
}
#endif

// Inputs biased to the edges of int8 (-128, 127); each tile's checksum and two elements.
static void run(void) {
  uint32_t s = 12345;
  for (int i = 0; i < kSteps * kVl; ++i) {
    s = s * 1664525u + 1013904223u;
    A[i] = (s >> 28) == 0 ? -128 : (s >> 28) == 1 ? 127 : (int8_t)(s >> 16);
    s = s * 1664525u + 1013904223u;
    B[i] = (s >> 28) == 2 ? -128 : (s >> 28) == 3 ? 127 : (int8_t)(s >> 16);
  }
  gemm();
  for (int t = 0; t < 4; ++t) {
    uint32_t sum = 0;
    for (int i = 0; i < kDim * kDim; ++i) sum = sum * 31 + (uint32_t)C[t][i];
    put_hex(sum);
    put_hex((uint32_t)C[t][1]);
    put_hex((uint32_t)C[t][12 * kDim + 5]);
  }
}

#if defined(__ARM_FEATURE_SME)
void _start(void) {
  run();
  sys3(93, 0, 0, 0);
}
// Never called here (TPIDR2_EL0 is 0: no caller has ZA state to save).
void __arm_tpidr2_save(void) {}
#else
int main(void) {
  run();
  return 0;
}
#endif
