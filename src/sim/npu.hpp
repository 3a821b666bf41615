// The tcore matrix unit (MXU): the systolic array, the on-chip buffers L0A,
// L0B and L0C, a main memory, and the operations that move data between them
// (docs/npu.md). The tcore instructions LDTILE, TMUL, DMA.LD and DMA.ST drive
// it one op at a time (Npu::issue, from the tcore machine's builtins); a
// stream of MxuOp runs it directly (Npu::run: tests, benchmarks, the mxu
// suite, the analytic model). Each op renders as one line of text, e.g.
//
//   dma.l0a l0a[0], mem[0x1000], rows=128, stride=0x400
//   dma.l0b l0b[0], mem[0x0], rows=128, stride=0x80
//   dma.l0c l0c[0], mem[0x0], rows=16, stride=0x40
//   dma.mem mem[0x2000], l0c[0], rows=128, stride=0x200
//   ldtile l0b[0]
//   tmul l0a[0], l0c[0], rows=128, acc=1
//
// Buffers: a row of L0A or L0B is N elements of the input type (int8 or bf16),
// a row of L0C is N int32 or fp32 elements; depths are configurable.
//
// Timing (the same in the cycle model and the analytic model):
//   TMUL    M + 2N - 1 cycles (A[i][j] enters row j in cycle i+j; C[i][j]
//           leaves column j in cycle i+j+N, relative to the TMUL's start)
//   LDTILE  N cycles
//   DMA     ceil(bytes / dma_bytes_per_cycle) + dma_latency cycles
// Ops issue in program order, several in one cycle when they can. An op
// waits until nothing is in flight (no DMA, LDTILE or TMUL), with one
// exception: with double buffering a LDTILE waits only for a previous LDTILE
// and any DMA, so it overlaps a running TMUL (it fills the shadow weights).
// With double buffering a TMUL swaps the shadow weights in at its first cycle
// when a LDTILE completed since the last swap (else it reuses the weights).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "core/diag.hpp"
#include "sim/systolic.hpp"

namespace mlisa::sim {

struct NpuConfig {
  int n = 4;  // array size N (rows and columns of PEs)
  DType dtype = DType::Int8;
  bool double_buffer = false;
  uint32_t l0a_rows = 8192;
  uint32_t l0b_rows = 2048;
  uint32_t l0c_rows = 2048;
  uint32_t dma_bytes_per_cycle = 64;
  uint32_t dma_latency = 32;
};

enum class OpKind : uint8_t { DmaL0A, DmaL0B, DmaL0C, DmaMem, LdTile, Tmul };

struct MxuOp {
  OpKind kind = OpKind::Tmul;
  uint32_t l0 = 0;       // the L0 row: L0A (tmul, dma.l0a), L0B (ldtile, dma.l0b), L0C (dma.l0c, dma.mem)
  uint32_t l0c = 0;      // tmul: the first L0C row
  uint32_t rows = 0;     // DMA: rows moved; tmul: M
  uint64_t mem = 0;      // DMA: byte address of the first row in memory
  uint64_t stride = 0;   // DMA: bytes from one row to the next in memory
  bool acc = false;      // tmul: C += A*B (reads L0C) instead of C = A*B
};

MxuOp dma_l0a(uint32_t l0a, uint64_t mem, uint32_t rows, uint64_t stride);
MxuOp dma_l0b(uint32_t l0b, uint64_t mem, uint32_t rows, uint64_t stride);
MxuOp dma_l0c(uint32_t l0c, uint64_t mem, uint32_t rows, uint64_t stride);
MxuOp dma_mem(uint64_t mem, uint32_t l0c, uint32_t rows, uint64_t stride);
MxuOp ldtile(uint32_t l0b);
MxuOp tmul(uint32_t l0a, uint32_t l0c, uint32_t rows, bool acc);

const char* op_name(OpKind k);  // "DMA.L0A", ..., "LDTILE", "TMUL" (JSON)
std::string render(const MxuOp& op);  // one line of the op stream text
std::string render(const std::vector<MxuOp>& ops);  // one line per op

// An op that cannot run: an L0 or memory address out of range, zero rows.
// Exit 3, with the index of the op in its stream (the tcore machine turns it
// into a fault naming the instruction and its bundle).
class MxuFault : public Fault {
 public:
  MxuFault(size_t op_index, const MxuOp& op, const std::string& what);
  size_t op_index() const noexcept { return op_index_; }
  const std::string& what_failed() const noexcept { return what_; }  // without the op

 private:
  size_t op_index_;
  std::string what_;
};

struct OpTiming {
  uint64_t start = 0;
  uint64_t cycles = 0;
  uint32_t flags = 0;  // TMUL bf16: the FP flags this TMUL raised
};

struct Traffic {
  uint64_t read = 0;   // bytes
  uint64_t write = 0;  // bytes
};

struct RunStats {
  uint64_t cycles = 0;             // the end of the last op
  std::vector<OpTiming> ops;       // per op of the stream
  Traffic l0a, l0b, l0c, mem;
  uint64_t array_macs = 0;         // sum over TMULs of M * N * N (padding included)
  uint32_t flags = 0;              // all TMULs' FP flags
  uint64_t pe_updates = 0;         // cycle model: PE updates simulated
};

// What the array did in one clock of the cycle model.
struct CycleView {
  uint64_t cycle = 0;
  int64_t tmul_op = -1;     // index of the TMUL in flight, or -1
  uint64_t tmul_cycle = 0;  // its cycle, from 0
  int64_t ldtile_op = -1;   // index of the LDTILE in flight, or -1
  int ldtile_cycle = 0;     // its cycle, from 0 (row N-1-ldtile_cycle of the tile entered)
  const uint16_t* left = nullptr;       // N edge inputs (0 when no TMUL)
  const uint8_t* left_valid = nullptr;  // N
  const uint32_t* out = nullptr;        // N bottom outputs
  const uint8_t* out_valid = nullptr;   // N
};

// Hooks into the cycle model, called after each clock in which the array did
// something (a TMUL or LDTILE cycle), with the registers as latched at its end.
class CycleObserver {
 public:
  virtual ~CycleObserver() = default;
  virtual void on_cycle(const CycleView& view, const SystolicArray& array) = 0;
};

// The cycle at which each element of C left the array, per TMUL in stream order
// (row-major, M x N), when requested.
using LeaveCycles = std::vector<std::vector<uint64_t>>;

class Npu {
 public:
  // Throws UsageError for a bad configuration (array size, zero depths, zero bandwidth).
  Npu(const NpuConfig& config, size_t memory_bytes);

  const NpuConfig& config() const { return cfg_; }
  std::vector<uint8_t>& memory() { return mem_; }
  const std::vector<uint8_t>& memory() const { return mem_; }
  // Raw elements: L0A/L0B int8 in the low 8 bits or bf16 bits; L0C int32/fp32 bits.
  uint16_t& l0a(uint32_t row, int col) { return l0a_[static_cast<size_t>(row) * cfg_.n + col]; }
  uint16_t& l0b(uint32_t row, int col) { return l0b_[static_cast<size_t>(row) * cfg_.n + col]; }
  uint32_t& l0c(uint32_t row, int col) { return l0c_[static_cast<size_t>(row) * cfg_.n + col]; }
  const SystolicArray& array() const { return array_; }

  // Runs the stream on the cycle model. Throws MxuFault before touching any
  // state when an op is out of range (the whole stream is checked first).
  RunStats run(const std::vector<MxuOp>& ops, CycleObserver* observer = nullptr, LeaveCycles* leave = nullptr);

  // One op at a time, in program order (the tcore machine). begin() starts a
  // run at cycle 0 (stats cleared); issue() checks the op against the buffers
  // and `memory` (MxuFault, index = the op's number in this run, nothing
  // changed), clocks the array until the op may issue by the rules above, and
  // starts it: a DMA moves its data at once, LDTILE and TMUL run under later
  // issues. finish() clocks until nothing is in flight. The timings of an op
  // are complete once a later op issued after it ended, or after finish().
  void begin(CycleObserver* observer = nullptr, LeaveCycles* leave = nullptr);
  size_t issue(const MxuOp& op, std::vector<uint8_t>& memory);
  void finish();
  bool busy() const { return dma_.on || ld_.on || tm_.on; }
  uint64_t now() const { return t_; }
  const RunStats& stats() const { return st_; }

 private:
  bool can_issue(const MxuOp& op) const;
  void start(const MxuOp& op, std::vector<uint8_t>& memory);
  void advance();  // to the end of a lone DMA, or one clock

  NpuConfig cfg_;
  SystolicArray array_;
  std::vector<uint16_t> l0a_, l0b_;
  std::vector<uint32_t> l0c_;
  std::vector<uint8_t> mem_;

  // The run in progress.
  RunStats st_;
  CycleObserver* observer_ = nullptr;
  LeaveCycles* leave_ = nullptr;
  uint64_t t_ = 0;
  uint64_t updates_before_ = 0;
  bool shadow_fresh_ = false;  // a LDTILE completed into the shadow since the last swap
  struct {
    bool on = false;
    size_t op = 0;
    uint64_t end = 0;
  } dma_;
  struct {
    bool on = false;
    size_t op = 0;
    MxuOp what;
    int k = 0;
  } ld_;
  struct {
    bool on = false;
    size_t op = 0;
    MxuOp what;
    uint64_t s = 0, captured = 0;
    fp::Context ctx;
  } tm_;
  std::vector<uint16_t> left_, top_, no_left_;
  std::vector<uint8_t> left_valid_, out_valid_, no_valid_;
  std::vector<uint32_t> out_, no_out_;
};

// Validates the configuration (UsageError) and every op of the stream against
// it and a memory of memory_bytes (MxuFault).
void check_config(const NpuConfig& config);
void check_ops(const NpuConfig& config, size_t memory_bytes, const std::vector<MxuOp>& ops);
void check_op(const NpuConfig& config, size_t memory_bytes, size_t index, const MxuOp& op);

// Cycles of one op by the formulas above.
uint64_t dma_cycles(const NpuConfig& config, uint64_t bytes);
uint64_t op_cycles(const NpuConfig& config, const MxuOp& op);
uint64_t op_bytes(const NpuConfig& config, const MxuOp& op);  // DMA: bytes moved

// The analytic model: the same schedule and traffic from the formulas, without
// simulating PEs (flags and pe_updates stay 0).
RunStats analytic_run(const NpuConfig& config, size_t memory_bytes, const std::vector<MxuOp>& ops);

}  // namespace mlisa::sim
