// The systolic array's PE update (see systolic.hpp). This file is the hot
// loop of the cycle model (Release builds use -O3, which vectorises it).
#include "sim/systolic.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "core/diag.hpp"

namespace mlisa::sim {

const char* dtype_name(DType d) { return d == DType::Int8 ? "int8" : "bf16"; }

fp::FPCR mxu_fpcr() {
  fp::FPCR f;
  f.rmode = fp::Rounding::TieEven;
  f.fz = false;
  f.fz16 = false;
  f.dn = false;
  f.ahp = false;
  return f;
}

namespace {

// Cycles between two re-linearisations of the a_reg shift buffers.
constexpr size_t kHistSlack = 4096;

// One row of int8 PEs: p[c] = pin[c] + a[c] * w[c], wrapping. The product of
// two int8 fits an int32; the sum wraps as uint32 (defined behaviour in C++).
// AVX2 is used where the host has it (resolved once at load time); the default
// clone is plain SSE2 auto-vectorised code.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__) && !defined(__SANITIZE_ADDRESS__)
__attribute__((target_clones("avx2", "default")))
#endif
void mac_row_int8(uint32_t* __restrict p, const uint32_t* __restrict pin, const int16_t* __restrict a,
                  const int16_t* __restrict w, int n) {
  for (int c = 0; c < n; ++c) p[c] = pin[c] + static_cast<uint32_t>(int32_t{a[c]} * int32_t{w[c]});
}

}  // namespace

SystolicArray::SystolicArray(int n, DType dtype, bool double_buffer)
    : n_(n), dtype_(dtype), double_buffer_(double_buffer) {
  if (n < kMinSize || n > kMaxSize)
    throw UsageError(fmt::format("array size {} is outside {}..{}", n, kMinSize, kMaxSize));
  hist_len_ = static_cast<size_t>(n) + kHistSlack;
  pos_ = hist_len_ - static_cast<size_t>(n);
  ahist_.assign(static_cast<size_t>(n) * hist_len_, 0);
  vhist_.assign(static_cast<size_t>(n) * hist_len_, 0);
  psum_.assign(static_cast<size_t>(n + 1) * n, 0);
  w_[0].assign(static_cast<size_t>(n) * n, 0);
  w_[1].assign(static_cast<size_t>(n) * n, 0);
}

uint16_t SystolicArray::stored(uint16_t v) const {
  if (dtype_ == DType::Int8) return static_cast<uint16_t>(static_cast<int16_t>(static_cast<int8_t>(v & 0xff)));
  return v;
}

uint16_t SystolicArray::a_reg(int r, int c) const { return raw(ahist_[row_base(r) + pos_ + c]); }

// The window reached the start of the buffers: move the N-1 newest entries of
// every row (all that the next window still sees) to the end.
void SystolicArray::relinearise() {
  const size_t keep = static_cast<size_t>(n_) - 1;
  const size_t to = hist_len_ - keep;
  for (int r = 0; r < n_; ++r) {
    std::memmove(&ahist_[row_base(r) + to], &ahist_[row_base(r)], keep * sizeof(uint16_t));
    std::memmove(&vhist_[row_base(r) + to], &vhist_[row_base(r)], keep);
  }
  pos_ = to;
}

void SystolicArray::step(const uint16_t* left, const uint8_t* left_valid, uint32_t* out, uint8_t* out_valid,
                         fp::Context& ctx) {
  const int n = n_;
  // What leaves the bottom in this cycle: the bottom psum_reg latched last cycle.
  const uint32_t* bottom = &psum_[static_cast<size_t>(n) * n];
  for (int c = 0; c < n; ++c) {
    out[c] = bottom[c];
    out_valid[c] = vhist_[row_base(n - 1) + pos_ + c];
  }
  // The a_reg chains shift right by one: the window moves back one entry and
  // the edge inputs fill its first place. a_reg(r,c) after this edge is the
  // `a` PE(r,c) multiplies in this cycle.
  if (pos_ == 0) relinearise();
  --pos_;
  for (int r = 0; r < n; ++r) {
    ahist_[row_base(r) + pos_] = stored(left[r]);
    vhist_[row_base(r) + pos_] = left_valid[r] ? 1 : 0;
  }
  // psum rows bottom-up in place: row r reads row r-1 before it is updated.
  const uint16_t* wbank = w_[active_].data();
  if (dtype_ == DType::Int8) {
    for (int r = n - 1; r >= 0; --r) {
      mac_row_int8(&psum_[static_cast<size_t>(r + 1) * n], &psum_[static_cast<size_t>(r) * n],
                   reinterpret_cast<const int16_t*>(&ahist_[row_base(r) + pos_]),
                   reinterpret_cast<const int16_t*>(wbank + wrow(active_, r)), n);
    }
  } else {
    for (int r = n - 1; r >= 0; --r) {
      uint32_t* p = &psum_[static_cast<size_t>(r + 1) * n];
      const uint32_t* pin = &psum_[static_cast<size_t>(r) * n];
      const uint16_t* a = &ahist_[row_base(r) + pos_];
      const uint8_t* v = &vhist_[row_base(r) + pos_];
      const uint16_t* w = wbank + wrow(active_, r);
      for (int c = 0; c < n; ++c) {
        if (!v[c]) {
          p[c] = 0;
          continue;
        }
        // bf16 -> fp32 widening is exact: the bf16 bits are the top half.
        p[c] = static_cast<uint32_t>(fp::FPMulAdd(fp::Format::F32, pin[c], uint64_t{a[c]} << 16,
                                                  uint64_t{w[c]} << 16, ctx));
      }
    }
  }
  pe_updates_ += static_cast<uint64_t>(n) * n;
}

void SystolicArray::shift_weights(const uint16_t* top) {
  const int bank = double_buffer_ ? (active_ ^ 1) : active_;
  wbase_[bank] = (wbase_[bank] + n_ - 1) % n_;
  uint16_t* row = &w_[bank][wrow(bank, 0)];
  for (int c = 0; c < n_; ++c) row[c] = stored(top[c]);
}

void SystolicArray::swap_weights() {
  if (double_buffer_) active_ ^= 1;
}

}  // namespace mlisa::sim
