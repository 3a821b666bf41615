// GEMM on the MXU: the tiling driver that turns C = A * B (M x K times K x N)
// into an op stream, the reference GEMMs the result is checked against, random
// operands and CSV matrices (docs/npu.md).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sim/npu.hpp"

namespace mlisa::sim {

// Raw elements, row-major: int8 in the low 8 bits or bf16 bits.
struct Matrix {
  int64_t rows = 0, cols = 0;
  std::vector<uint16_t> v;
};

struct Gemm {
  DType dtype = DType::Int8;
  Matrix a;  // M x K
  Matrix b;  // K x N
  int64_t m() const { return a.rows; }
  int64_t k() const { return a.cols; }
  int64_t n() const { return b.cols; }
};

// The tiling (see docs/npu.md): K and N are padded with zeros to multiples of
// the array size; C is computed in blocks of `mt` rows and one array-wide
// column strip at a time, over `kc` K tiles per L0B fill.
struct GemmPlan {
  NpuConfig config;
  int64_t m = 0, k = 0, n = 0;
  int64_t kp = 0, np = 0;         // K and N padded to multiples of the array size
  uint32_t mt = 0;                // rows of A (and C) per TMUL
  uint32_t kc = 0;                // K tiles held in L0B (and L0A) at once
  uint64_t a_addr = 0, b_addr = 0, c_addr = 0, mem_bytes = 0;  // memory layout
  uint64_t macs = 0;              // M * K * N
  uint64_t ideal_cycles = 0;      // ceil(macs / N^2): every PE busy every cycle
  std::vector<MxuOp> ops;
};

constexpr uint64_t kMaxMemoryBytes = uint64_t{1} << 31;
constexpr double kMaxOps = 1 << 24;

// Throws UsageError for zero or negative dimensions, a bad configuration, a
// buffer too small for a tile, or a problem needing more than kMaxMemoryBytes
// of memory or kMaxOps ops.
GemmPlan plan_gemm(const NpuConfig& config, int64_t m, int64_t k, int64_t n);

// Writes A and B (zero-padded) into memory at the plan's addresses.
void write_operands(const GemmPlan& plan, const Gemm& g, std::vector<uint8_t>& memory);
// Reads C (M x N, int32 or fp32 bits) back from memory.
std::vector<uint32_t> read_result(const GemmPlan& plan, const std::vector<uint8_t>& memory);

struct GemmRun {
  GemmPlan plan;
  RunStats stats;
  std::vector<uint32_t> c;
};

// Plans, runs the op stream on the cycle model, reads C.
GemmRun run_gemm(const NpuConfig& config, const Gemm& g, CycleObserver* observer = nullptr);

// int8: exact int32 sums (wrapping).
std::vector<uint32_t> reference_int8(const Gemm& g);
// bf16: the array's order with the same FP library: per K tile of array_n rows
// (zero-padded), psum = +0 then psum = FPMulAdd(psum, a, b) in row order; the
// first tile's psum is C, later ones are added with FPAdd (TMUL acc=1).
std::vector<uint32_t> reference_bf16(const Gemm& g, int array_n);
// bf16: max over C of |c - exact| / sum_k |a*b|, the exact sum in binary64
// (0 where every product is 0 and c is 0; infinity for a NaN or infinite c).
double bf16_max_rel_error(const Gemm& g, const std::vector<uint32_t>& c);

struct GemmCheck {
  bool ok = false;
  uint64_t mismatches = 0;
  std::string first_mismatch;  // "C[i][j]: expected ..., got ..."
  double max_rel_error = 0;    // bf16 only
};
GemmCheck check_gemm(const Gemm& g, const std::vector<uint32_t>& c, int array_n);

// Operands from a seed: int8 uniform over -128..127; bf16 normal numbers of
// either sign with exponents -4..3 (so no overflow for any realistic K).
Gemm random_gemm(DType dtype, int64_t m, int64_t k, int64_t n, uint64_t seed);

// CSV: one row per line, values separated by commas (spaces around them and
// blank lines and lines starting with '#' ignored). int8: integers -128..127
// (or 0x bit patterns of 8 bits); bf16: decimals (rounded to nearest even),
// inf, -inf, nan, or 0x bit patterns of 16 bits. Errors are InputError with
// file:line:col.
Matrix parse_matrix_csv(std::string_view text, const std::string& file, DType dtype);
Matrix read_matrix_csv(const std::string& path, DType dtype);
// C as CSV: int32 decimals, or fp32 values printed with 9 significant digits.
std::string format_result_csv(const std::vector<uint32_t>& c, int64_t m, int64_t n, DType dtype);

// One element for messages: int8/int32 decimal, bf16/fp32 "value (0x....)".
std::string format_input(DType dtype, uint16_t v);
std::string format_acc(DType dtype, uint32_t v);

}  // namespace mlisa::sim
