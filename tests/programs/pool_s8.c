// int8 pooling and activations in the style of CMSIS-NN, NHWC: max pooling
// 2x2 stride 2, average pooling 3x3 stride 1 with padding (the average of
// the taps inside the image, rounded half away from zero), then ReLU and
// ReLU6 (in the quantised domain: a clamp). Plain C (auto-vectorised),
// intrinsics for the max pooling and the activations (VMAX, VMIN under a
// VCTP tail predicate), and the scalar references.
#include <arm_mve.h>

#include "check.h"

#define H 4
#define W 4
#define C 17

static int8_t in[H * W * C];
static int8_t max_c[(H / 2) * (W / 2) * C], max_mve[(H / 2) * (W / 2) * C], max_ref[(H / 2) * (W / 2) * C];
static int8_t avg_c[H * W * C], avg_ref[H * W * C];
static int8_t act_c[H * W * C], act_mve[H * W * C], act_ref[H * W * C];

static REFERENCE void maxpool_reference(int8_t* out) {
  SCALAR
  for (int y = 0; y < H / 2; ++y) {
    SCALAR
    for (int x = 0; x < W / 2; ++x) {
      SCALAR
      for (int c = 0; c < C; ++c) {
        int8_t m = -128;
        SCALAR
        for (int k = 0; k < 4; ++k) {
          const int8_t v = in[((2 * y + k / 2) * W + 2 * x + k % 2) * C + c];
          if (v > m) m = v;
        }
        out[(y * (W / 2) + x) * C + c] = m;
      }
    }
  }
}

static KERNEL void maxpool_c(const int8_t* src, int h, int w, int ch, int8_t* out) {
  for (int y = 0; y < h / 2; ++y)
    for (int x = 0; x < w / 2; ++x) {
      int8_t* o = &out[(y * (w / 2) + x) * ch];
      const int8_t* a = &src[((2 * y) * w + 2 * x) * ch];
      const int8_t* b = a + ch;
      const int8_t* c = a + w * ch;
      const int8_t* d = c + ch;
      for (int k = 0; k < ch; ++k) {
        int8_t m = a[k] > b[k] ? a[k] : b[k];
        m = m > c[k] ? m : c[k];
        o[k] = m > d[k] ? m : d[k];
      }
    }
}

static KERNEL void maxpool_mve(int8_t* out) {
  for (int y = 0; y < H / 2; ++y)
    for (int x = 0; x < W / 2; ++x) {
      const int8_t* a = &in[((2 * y) * W + 2 * x) * C];
      int8_t* o = &out[(y * (W / 2) + x) * C];
      for (int k = 0; k < C; k += 16) {
        const mve_pred16_t p = vctp8q(C - k);
        int8x16_t m = vldrbq_z_s8(a + k, p);
        m = vmaxq_s8(m, vldrbq_z_s8(a + C + k, p));
        m = vmaxq_s8(m, vldrbq_z_s8(a + W * C + k, p));
        m = vmaxq_s8(m, vldrbq_z_s8(a + W * C + C + k, p));
        vstrbq_p_s8(o + k, m, p);
      }
    }
}

static REFERENCE void avgpool_reference(int8_t* out) {
  SCALAR
  for (int y = 0; y < H; ++y) {
    SCALAR
    for (int x = 0; x < W; ++x) {
      SCALAR
      for (int c = 0; c < C; ++c) {
        int32_t sum = 0, count = 0;
        SCALAR
        for (int ky = -1; ky <= 1; ++ky) {
          SCALAR
          for (int kx = -1; kx <= 1; ++kx) {
            if (y + ky < 0 || y + ky >= H || x + kx < 0 || x + kx >= W) continue;
            sum += in[((y + ky) * W + x + kx) * C + c];
            ++count;
          }
        }
        out[(y * W + x) * C + c] = (int8_t)(sum > 0 ? (sum + count / 2) / count : (sum - count / 2) / count);
      }
    }
  }
}

static KERNEL void avgpool_c(const int8_t* src, int h, int w, int ch, int8_t* out) {
  int32_t sum[C];
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      int count = 0;
      for (int c = 0; c < ch; ++c) sum[c] = 0;
      for (int ky = -1; ky <= 1; ++ky)
        for (int kx = -1; kx <= 1; ++kx) {
          if (y + ky < 0 || y + ky >= h || x + kx < 0 || x + kx >= w) continue;
          const int8_t* p = &src[((y + ky) * w + x + kx) * ch];
          for (int c = 0; c < ch; ++c) sum[c] += p[c];
          ++count;
        }
      for (int c = 0; c < ch; ++c)
        out[(y * w + x) * ch + c] =
            (int8_t)(sum[c] > 0 ? (sum[c] + count / 2) / count : (sum[c] - count / 2) / count);
    }
}

// ReLU6 with a zero point of -20 and a scale that puts 6.0 at 100.
static REFERENCE void relu6_reference(int8_t* out, int n) {
  SCALAR
  for (int i = 0; i < n; ++i) out[i] = in[i] < -20 ? -20 : in[i] > 100 ? 100 : in[i];
}

static KERNEL void relu6_c(const int8_t* src, int8_t* out, int n) {
  for (int i = 0; i < n; ++i) {
    int8_t v = src[i] > -20 ? src[i] : -20;
    out[i] = v < 100 ? v : 100;
  }
}

static KERNEL void relu6_mve(int8_t* out, int n) {
  const int8_t* src = in;
  while (n > 0) {
    const mve_pred16_t p = vctp8q(n);
    int8x16_t v = vldrbq_z_s8(src, p);
    v = vmaxq_m_s8(v, v, vdupq_n_s8(-20), p);
    v = vminq_x_s8(v, vdupq_n_s8(100), p);
    vstrbq_p_s8(out, v, p);
    src += 16;
    out += 16;
    n -= 16;
  }
}

static volatile int dim_h = H, dim_w = W, dim_c = C;

int main(void) {
  fill_s8(in, sizeof in);
  maxpool_reference(max_ref);
  maxpool_c(in, dim_h, dim_w, dim_c, max_c);
  maxpool_mve(max_mve);
  check("maxpool_s8 c", max_c, max_ref, sizeof max_ref);
  check("maxpool_s8 mve", max_mve, max_ref, sizeof max_ref);
  avgpool_reference(avg_ref);
  avgpool_c(in, dim_h, dim_w, dim_c, avg_c);
  check("avgpool_s8 c", avg_c, avg_ref, sizeof avg_ref);
  relu6_reference(act_ref, sizeof in);
  relu6_c(in, act_c, dim_h * dim_w * dim_c);
  relu6_mve(act_mve, dim_h * dim_w * dim_c);
  check("relu6_s8 c", act_c, act_ref, sizeof act_ref);
  check("relu6_s8 mve", act_mve, act_ref, sizeof act_ref);
  return check_status();
}
