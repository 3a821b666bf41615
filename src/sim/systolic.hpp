// A cycle-accurate N x N weight-stationary systolic array (docs/npu.md), the
// matrix unit of tcore, after the principle in seeds/004:
//
//   PE(r,c) holds the weight B[r][c]. In every cycle it takes a from the left
//   (the edge input for c == 0, else a_reg of PE(r,c-1)) and psum from above
//   (+0 for r == 0, else psum_reg of PE(r-1,c)), computes psum + a * w, and at
//   the clock edge latches a into a_reg (passed right) and the sum into
//   psum_reg (passed down). What leaves column c at the bottom in cycle t is
//   psum_reg of PE(N-1,c) as latched at the end of cycle t-1.
//
// Data types: int8 x int8 -> int32 with wrapping two's complement adds (as an
// adder of 32 bits does), and bf16 x bf16 -> fp32, each PE computing
// FPMulAdd(f32, psum, widen(a), widen(w)) with the caller's FPCR (the product of
// two bf16 is exact in fp32, so this is psum + a*b rounded once).
//
// Weights enter from the top, one row per cycle, every row moving down one
// (LDTILE). With double buffering each PE has a second, shadow weight register;
// loading shifts the shadow chain while the array computes with the weights,
// and swap_weights() makes the shadow the weights.
//
// Implementation: a row's a_reg chain is a shift register held as a window
// sliding over a buffer (a shift is one pointer decrement), and the psum rows
// are updated bottom-up in place, so the update of a row of PEs is one
// contiguous loop the compiler vectorises. The weight rows are a ring, so a
// LDTILE cycle moves one row, not N.
#pragma once

#include <cstdint>
#include <vector>

#include "core/fp.hpp"

namespace mlisa::sim {

enum class DType : uint8_t { Int8, BF16 };

const char* dtype_name(DType d);             // "int8", "bf16"
constexpr int input_bytes(DType d) { return d == DType::Int8 ? 1 : 2; }  // A, B elements
constexpr int kAccBytes = 4;                 // C elements (int32 or fp32)

// The FPCR of the bf16 datapath: round to nearest even, no flush to zero,
// default NaN off.
fp::FPCR mxu_fpcr();

class SystolicArray {
 public:
  static constexpr int kMinSize = 2;
  static constexpr int kMaxSize = 256;

  // Throws UsageError when n is outside [kMinSize, kMaxSize].
  SystolicArray(int n, DType dtype, bool double_buffer);

  int size() const { return n_; }
  DType dtype() const { return dtype_; }
  bool double_buffered() const { return double_buffer_; }

  // One clock of the datapath. left[r] is the value entering row r in this
  // cycle (int8 in the low 8 bits, or bf16 bits) and left_valid[r] says it is
  // an element of A (0: a bubble; for bf16 an invalid PE does not compute, so
  // bubbles raise no flags). out[c] and out_valid[c] receive what leaves
  // column c at the bottom in this cycle. bf16 flags are ORed into ctx.flags.
  void step(const uint16_t* left, const uint8_t* left_valid, uint32_t* out, uint8_t* out_valid,
            fp::Context& ctx);

  // One clock of weight loading: `top` (N elements) enters the top row of the
  // weight chain (the shadow chain with double buffering) and every row moves
  // down one. N such cycles with rows B[N-1], ..., B[0] leave B[r] in row r.
  void shift_weights(const uint16_t* top);
  // Double buffering: the shadow weights become the weights (all PEs at once).
  void swap_weights();

  // Registers, as latched at the end of the last step (for tests, the trace and
  // the waveform). Values are raw: int8 in the low 8 bits, bf16 bits, int32 or
  // fp32 bits.
  uint16_t a_reg(int r, int c) const;
  bool a_valid(int r, int c) const { return vhist_[row_base(r) + pos_ + c] != 0; }
  uint32_t psum_reg(int r, int c) const { return psum_[(r + 1) * n_ + c]; }
  bool psum_valid(int r, int c) const { return a_valid(r, c); }  // latched in the same edge
  uint16_t weight(int r, int c) const { return raw(w_[active_][wrow(active_, r) + c]); }
  uint16_t shadow_weight(int r, int c) const { return raw(w_[active_ ^ 1][wrow(active_ ^ 1, r) + c]); }

  uint64_t pe_updates() const { return pe_updates_; }  // N*N per step

 private:
  size_t row_base(int r) const { return static_cast<size_t>(r) * hist_len_; }
  size_t wrow(int bank, int r) const { return static_cast<size_t>((wbase_[bank] + r) % n_) * n_; }
  uint16_t raw(uint16_t v) const { return dtype_ == DType::Int8 ? (v & 0xff) : v; }
  uint16_t stored(uint16_t v) const;  // int8: sign-extended to 16 bits
  void relinearise();

  int n_;
  DType dtype_;
  bool double_buffer_;
  size_t hist_len_;  // per-row length of the a_reg shift buffers
  size_t pos_;       // window start: a_reg(r,c) is ahist_[row_base(r) + pos_ + c]
  std::vector<uint16_t> ahist_;
  std::vector<uint8_t> vhist_;
  std::vector<uint32_t> psum_;  // (N+1) rows; row 0 is the +0 entering the top
  std::vector<uint16_t> w_[2];  // weight banks; w_[active_] computes
  int wbase_[2] = {0, 0};       // ring offset: row r is physical row (wbase + r) % N
  int active_ = 0;
  uint64_t pe_updates_ = 0;
};

}  // namespace mlisa::sim
