// A cascade of f32 biquad filters in the style of CMSIS-DSP's direct form I:
// y = b0 x + b1 x1 + b2 x2 + a1 y1 + a2 y2 per stage, the state carried
// from sample to sample (a recurrence the compiler cannot vectorise across
// samples), and, per stage, the scaling of the block (vectorised). The
// reference computes in the same order; the results agree bit for bit.
#include <math.h>

#include "check.h"

#define STAGES 3
#define BLOCK 40

static const float coeffs[STAGES][5] = {
    {0.2929f, 0.5858f, 0.2929f, 0.0f, -0.1716f},
    {0.5f, -1.0f, 0.5f, 1.2f, -0.45f},
    {0.11f, 0.22f, 0.11f, 0.9f, -0.3f},
};
static float input[BLOCK], out_c[BLOCK], out_ref[BLOCK];
static const float gains[STAGES] = {1.5f, 0.75f, 1.25f};

static REFERENCE void biquad_reference(float* out) {
  float buf[BLOCK];
  memcpy(buf, input, sizeof buf);
  SCALAR
  for (int s = 0; s < STAGES; ++s) {
    const float* c = coeffs[s];
    float x1 = 0, x2 = 0, y1 = 0, y2 = 0;
    SCALAR
    for (int n = 0; n < BLOCK; ++n) {
      const float x0 = buf[n];
      const float y0 = c[0] * x0 + c[1] * x1 + c[2] * x2 + c[3] * y1 + c[4] * y2;
      x2 = x1, x1 = x0, y2 = y1, y1 = y0;
      buf[n] = y0;
    }
    SCALAR
    for (int n = 0; n < BLOCK; ++n) buf[n] *= gains[s];
  }
  memcpy(out, buf, sizeof buf);
}

static KERNEL void biquad_c(const float* in, float* out, int stages, int block) {
  for (int n = 0; n < block; ++n) out[n] = in[n];
  for (int s = 0; s < stages; ++s) {
    const float* c = coeffs[s];
    float x1 = 0, x2 = 0, y1 = 0, y2 = 0;
    for (int n = 0; n < block; ++n) {
      const float x0 = out[n];
      const float y0 = c[0] * x0 + c[1] * x1 + c[2] * x2 + c[3] * y1 + c[4] * y2;
      x2 = x1, x1 = x0, y2 = y1, y1 = y0;
      out[n] = y0;
    }
    const float g = gains[s];
    for (int n = 0; n < block; ++n) out[n] *= g;
  }
}

static volatile int dim_stages = STAGES, dim_block = BLOCK;

int main(void) {
  fill_f32(input, BLOCK);
  input[3] = 1.0f;  // an impulse in the noise
  biquad_reference(out_ref);
  biquad_c(input, out_c, dim_stages, dim_block);
  check("biquad_f32 c", out_c, out_ref, sizeof out_ref);
  printf("last sample %.6f\n", (double)out_c[BLOCK - 1]);
  return check_status();
}
