// The propagating breaks of SVE (BRKPA, BRKPB, BRKN) in C with the ACLE,
// compiled by clang-19 -O2 for tests/targets/sme2_run_test.cpp and run in
// Streaming SVE mode: every combination of governing predicate, previous
// partition and condition from a family of byte patterns, each result
// printed as its bytes' bits, and PTEST's first, last and any of them.
// Checked against qemu-aarch64 7.2.
#include <arm_sme.h>
#include <stdint.h>
#include "sme2_kernel_io.h"
#define S __arm_streaming

// Predicate i of a small family: all, none, a prefix, the even bytes, one
// byte, a pseudo-random mix.
static svbool_t pattern(uint32_t i) S {
  switch (i % 6) {
    case 0: return svptrue_b8();
    case 1: return svpfalse_b();
    case 2: return svwhilelt_b8_u32(0, 3 + i);
    case 3: return svcmpeq_n_u8(svptrue_b8(), svand_n_u8_x(svptrue_b8(), svindex_u8(0, 1), 1), 0);
    case 4: return svcmpeq_n_u8(svptrue_b8(), svindex_u8(0, 1), (uint8_t)(5 * i));
    default: return svcmpeq_n_u8(svptrue_b8(), svand_n_u8_x(svptrue_b8(), svindex_u8((uint8_t)i, 7), 3), 1);
  }
}

// The predicate as 32 bits: bit k of word w is byte 32 * w + k.
static void show(svbool_t p) S {
  for (uint32_t w = 0; w < svcntb() / 32; ++w) {
    uint32_t v = 0;
    for (uint32_t k = 0; k < 32; ++k) {
      svbool_t one = svcmpeq_n_u8(svptrue_b8(), svindex_u8(0, 1), (uint8_t)(32 * w + k));
      if (svptest_any(svptrue_b8(), svand_b_z(svptrue_b8(), p, one))) v |= 1u << k;
    }
    put_hex(v);
  }
}

static void run(void) S {
  for (uint32_t g = 0; g < 6; ++g)
    for (uint32_t n = 0; n < 6; ++n)
      for (uint32_t m = 0; m < 6; ++m) {
        const svbool_t pg = pattern(g + 6), pn = pattern(n + 12), pm = pattern(m + 18);
        const svbool_t a = svbrkpa_b_z(pg, pn, pm), b = svbrkpb_b_z(pg, pn, pm), c = svbrkn_b_z(pg, pn, pm);
        show(a);
        show(b);
        show(c);
        put_hex((svptest_first(pg, a) ? 1 : 0) | (svptest_last(pg, b) ? 2 : 0) | (svptest_any(svptrue_b8(), c) ? 4 : 0));
      }
}

void _start(void) {
  run();
  sys3(93, 0, 0, 0);
}
