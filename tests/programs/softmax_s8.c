// An int8 softmax in fixed point, after the shape of CMSIS-NN's: per row,
// the maximum (VMAXV under a tail predicate), exp(x - max) from a 256-entry
// Q16 table (the table built in the program with integer arithmetic only),
// the sum, a reciprocal in Q30, and the output scaled to int8 [-128, 127]
// with a rounding Q31 multiply. The row maximum and the scaling have an
// intrinsic version; plain C for the rest.
#include <arm_mve.h>

#include "check.h"
#include "quant.h"

#define ROWS 4
#define COLS 21

static int8_t in[ROWS * COLS], out_c[ROWS * COLS], out_mve[ROWS * COLS], out_ref[ROWS * COLS];
static int32_t exp_table[256];  // exp(-d / 16) in Q16 for d = 0..255

// exp(-1/16) in Q30, and repeated multiplication: integer only, so that
// every compiler builds the same table.
static REFERENCE void build_table(void) {
  const int64_t step = 1010214842;  // round(exp(-1/16) * 2^30)
  int64_t v = 1ll << 30;
  SCALAR
  for (int d = 0; d < 256; ++d) {
    exp_table[d] = (int32_t)((v + (1 << 13)) >> 14);
    v = (v * step + (1ll << 29)) >> 30;
  }
}

static inline int8_t scale_out(int32_t e, int32_t recip) {
  // e (Q16) * recip (Q30 of 1/sum) -> probability in Q31, to [-128, 127].
  const int32_t prob = q31_rdmulh(e << 14, recip);  // Q29... of e/sum
  return (int8_t)clamp32(rshr_round(prob, 21) - 128, -128, 127);
}

static inline int32_t reciprocal(int32_t sum) { return (int32_t)((1ll << 46) / sum); }

static REFERENCE void softmax_reference(int8_t* out) {
  SCALAR
  for (int r = 0; r < ROWS; ++r) {
    const int8_t* x = &in[r * COLS];
    int8_t m = -128;
    SCALAR
    for (int i = 0; i < COLS; ++i) m = x[i] > m ? x[i] : m;
    int32_t sum = 0;
    SCALAR
    for (int i = 0; i < COLS; ++i) sum += exp_table[m - x[i]];
    const int32_t recip = reciprocal(sum);
    SCALAR
    for (int i = 0; i < COLS; ++i) out[r * COLS + i] = scale_out(exp_table[m - x[i]], recip);
  }
}

static KERNEL void softmax_c(const int8_t* src, int rows, int cols, int8_t* out) {
  for (int r = 0; r < rows; ++r) {
    const int8_t* x = &src[r * cols];
    int8_t m = -128;
    for (int i = 0; i < cols; ++i) m = x[i] > m ? x[i] : m;
    int32_t sum = 0;
    for (int i = 0; i < cols; ++i) sum += exp_table[m - x[i]];
    const int32_t recip = reciprocal(sum);
    for (int i = 0; i < cols; ++i) out[r * cols + i] = scale_out(exp_table[m - x[i]], recip);
  }
}

// Intrinsics: VMAXV for the maximum; the exponentials gathered from the
// table four at a time (VLDRW with a vector of offsets), VADDVA for the
// sum, and the scaling as VSHL, VQRDMULH, VRSHL, VSUB, VMAX/VMIN, VSTRB.
static KERNEL void softmax_mve(int8_t* out) {
  for (int r = 0; r < ROWS; ++r) {
    const int8_t* x = &in[r * COLS];
    int8_t m = -128;
    for (int i = 0; i < COLS; i += 16) m = vmaxvq_p_s8(m, vldrbq_z_s8(x + i, vctp8q(COLS - i)), vctp8q(COLS - i));
    int32_t sum = 0;
    for (int i = 0; i < COLS; i += 4) {
      const mve_pred16_t p = vctp32q(COLS - i);
      const int32x4_t d = vsubq_s32(vdupq_n_s32(m), vldrbq_z_s32(x + i, p));
      const int32x4_t e = vldrwq_gather_shifted_offset_z_s32(exp_table, vreinterpretq_u32_s32(d), p);
      sum = vaddvaq_p_s32(sum, e, p);
    }
    const int32_t recip = reciprocal(sum);
    for (int i = 0; i < COLS; i += 4) {
      const mve_pred16_t p = vctp32q(COLS - i);
      const int32x4_t d = vsubq_s32(vdupq_n_s32(m), vldrbq_z_s32(x + i, p));
      int32x4_t e = vldrwq_gather_shifted_offset_z_s32(exp_table, vreinterpretq_u32_s32(d), p);
      e = vqrdmulhq_n_s32(vshlq_n_s32(e, 14), recip);
      e = vsubq_n_s32(vrshrq_n_s32(e, 21), 128);
      e = vminq_s32(vmaxq_s32(e, vdupq_n_s32(-128)), vdupq_n_s32(127));
      vstrbq_p_s32(&out[r * COLS + i], e, p);
    }
  }
}

static volatile int dim_rows = ROWS, dim_cols = COLS;

int main(void) {
  fill_s8(in, sizeof in);
  build_table();
  printf("exp table: %08lx\n", (unsigned long)checksum(exp_table, sizeof exp_table));
  softmax_reference(out_ref);
  softmax_c(in, dim_rows, dim_cols, out_c);
  softmax_mve(out_mve);
  check("softmax_s8 c", out_c, out_ref, sizeof out_ref);
  check("softmax_s8 mve", out_mve, out_ref, sizeof out_ref);
  return check_status();
}
