// A BF16 GEMM tile in C with the SME ACLE (svmopa_za32_bf16_m, svread_hor_za32),
// compiled by clang-19 -O2 for tests/targets/sme2_run_test.cpp: the code a
// compiler writes around SME (the locally-streaming frame with D8-D15, CNTD,
// TPIDR2_EL0, SMSTART/SMSTOP, ADDVL, DUP, MOVA) runs as under qemu-aarch64.
// Scalar only outside the kernel (-fno-vectorize): Advanced SIMD is not modelled.
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
static bfloat16_t A[64 * 16], B[64 * 16];
static float C[16 * 16];
__arm_new("za") __arm_locally_streaming
void gemm(const bfloat16_t *a, const bfloat16_t *b, float *c, int k) {
  svbool_t pg = svptrue_b16();
  svzero_za();
  for (int i = 0; i < k; i += 2) {
    svbfloat16_t va = svld1_bf16(pg, a + i * svcntw());
    svbfloat16_t vb = svld1_bf16(pg, b + i * svcntw());
    svmopa_za32_bf16_m(0, pg, pg, va, vb);
  }
  svbool_t p32 = svptrue_b32();
  for (uint32_t r = 0; r < svcntw(); ++r) {
    svfloat32_t row = svread_hor_za32_f32_m(svdup_f32(0), p32, 0, r);
    svst1_f32(p32, c + r * 16, row);
  }
}
// Inputs of BF16 values near 1 and 0.5, the tile, and a checksum of it.
void _start(void) {
  for (int i = 0; i < 64 * 16; ++i) {
    uint16_t x = (uint16_t)(0x3f80 + (i * 7) % 64), y = (uint16_t)(0x3f00 + (i * 5) % 96);
    __builtin_memcpy(&A[i], &x, 2);
    __builtin_memcpy(&B[i], &y, 2);
  }
  gemm(A, B, C, 32);
  uint32_t sum = 0;
  for (int i = 0; i < 256; ++i) { uint32_t u; __builtin_memcpy(&u, &C[i], 4); sum = sum * 31 + u; }
  put_hex(sum);
  uint32_t c0; __builtin_memcpy(&c0, &C[0], 4); put_hex(c0);
  uint32_t c17; __builtin_memcpy(&c17, &C[17], 4); put_hex(c17);
  sys3(93, 0, 0, 0);
}
// Never called here (TPIDR2_EL0 is 0: no caller has ZA state to save).
void __arm_tpidr2_save(void) {}
