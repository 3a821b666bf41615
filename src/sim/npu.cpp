// The MXU: buffers, the op stream, the cycle model and the analytic model
// (see npu.hpp for the timing rules).
#include "sim/npu.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlisa::sim {

MxuOp dma_l0a(uint32_t l0a, uint64_t mem, uint32_t rows, uint64_t stride) {
  return {OpKind::DmaL0A, l0a, 0, rows, mem, stride, false};
}
MxuOp dma_l0b(uint32_t l0b, uint64_t mem, uint32_t rows, uint64_t stride) {
  return {OpKind::DmaL0B, l0b, 0, rows, mem, stride, false};
}
MxuOp dma_l0c(uint32_t l0c, uint64_t mem, uint32_t rows, uint64_t stride) {
  return {OpKind::DmaL0C, l0c, 0, rows, mem, stride, false};
}
MxuOp dma_mem(uint64_t mem, uint32_t l0c, uint32_t rows, uint64_t stride) {
  return {OpKind::DmaMem, l0c, 0, rows, mem, stride, false};
}
MxuOp ldtile(uint32_t l0b) { return {OpKind::LdTile, l0b, 0, 0, 0, 0, false}; }
MxuOp tmul(uint32_t l0a, uint32_t l0c, uint32_t rows, bool acc) {
  return {OpKind::Tmul, l0a, l0c, rows, 0, 0, acc};
}

const char* op_name(OpKind k) {
  switch (k) {
    case OpKind::DmaL0A: return "DMA.L0A";
    case OpKind::DmaL0B: return "DMA.L0B";
    case OpKind::DmaL0C: return "DMA.L0C";
    case OpKind::DmaMem: return "DMA.MEM";
    case OpKind::LdTile: return "LDTILE";
    case OpKind::Tmul: return "TMUL";
  }
  return "?";
}

std::string render(const MxuOp& op) {
  switch (op.kind) {
    case OpKind::DmaL0A:
      return fmt::format("dma.l0a l0a[{}], mem[{:#x}], rows={}, stride={:#x}", op.l0, op.mem, op.rows, op.stride);
    case OpKind::DmaL0B:
      return fmt::format("dma.l0b l0b[{}], mem[{:#x}], rows={}, stride={:#x}", op.l0, op.mem, op.rows, op.stride);
    case OpKind::DmaL0C:
      return fmt::format("dma.l0c l0c[{}], mem[{:#x}], rows={}, stride={:#x}", op.l0, op.mem, op.rows, op.stride);
    case OpKind::DmaMem:
      return fmt::format("dma.mem mem[{:#x}], l0c[{}], rows={}, stride={:#x}", op.mem, op.l0, op.rows, op.stride);
    case OpKind::LdTile: return fmt::format("ldtile l0b[{}]", op.l0);
    case OpKind::Tmul: return fmt::format("tmul l0a[{}], l0c[{}], rows={}, acc={}", op.l0, op.l0c, op.rows, op.acc ? 1 : 0);
  }
  return "?";
}

std::string render(const std::vector<MxuOp>& ops) {
  std::string s;
  for (const auto& op : ops) {
    s += render(op);
    s += '\n';
  }
  return s;
}

MxuFault::MxuFault(size_t op_index, const MxuOp& op, const std::string& what)
    : Fault("MXU fault", fmt::format("op {} ({}): {}", op_index, render(op), what)), op_index_(op_index), what_(what) {}

void check_config(const NpuConfig& c) {
  if (c.n < SystolicArray::kMinSize || c.n > SystolicArray::kMaxSize)
    throw UsageError(fmt::format("array size {} is outside {}..{}", c.n, SystolicArray::kMinSize,
                                 SystolicArray::kMaxSize));
  if (c.l0a_rows == 0 || c.l0b_rows == 0 || c.l0c_rows == 0) throw UsageError("L0A, L0B and L0C need at least one row");
  if (c.dma_bytes_per_cycle == 0) throw UsageError("the DMA bandwidth must be at least one byte per cycle");
}

uint64_t dma_cycles(const NpuConfig& c, uint64_t bytes) {
  return (bytes + c.dma_bytes_per_cycle - 1) / c.dma_bytes_per_cycle + c.dma_latency;
}

uint64_t op_bytes(const NpuConfig& c, const MxuOp& op) {
  const uint64_t n = static_cast<uint64_t>(c.n);
  switch (op.kind) {
    case OpKind::DmaL0A:
    case OpKind::DmaL0B: return uint64_t{op.rows} * n * input_bytes(c.dtype);
    case OpKind::DmaL0C:
    case OpKind::DmaMem: return uint64_t{op.rows} * n * kAccBytes;
    default: return 0;
  }
}

uint64_t op_cycles(const NpuConfig& c, const MxuOp& op) {
  switch (op.kind) {
    case OpKind::LdTile: return static_cast<uint64_t>(c.n);
    case OpKind::Tmul: return uint64_t{op.rows} + 2 * static_cast<uint64_t>(c.n) - 1;
    default: return dma_cycles(c, op_bytes(c, op));
  }
}

namespace {

bool is_dma(OpKind k) { return k == OpKind::DmaL0A || k == OpKind::DmaL0B || k == OpKind::DmaL0C || k == OpKind::DmaMem; }

void check_rows(size_t index, const MxuOp& op, const char* buffer, uint64_t first, uint64_t count, uint32_t depth) {
  if (first + count > depth)
    throw MxuFault(index, op,
                   fmt::format("{} rows {}..{} exceed its depth of {} rows", buffer, first, first + count - 1, depth));
}

void add_traffic(const NpuConfig& c, const MxuOp& op, RunStats& st) {
  const uint64_t n = static_cast<uint64_t>(c.n);
  const uint64_t ib = static_cast<uint64_t>(input_bytes(c.dtype));
  const uint64_t bytes = op_bytes(c, op);
  switch (op.kind) {
    case OpKind::DmaL0A: st.mem.read += bytes; st.l0a.write += bytes; break;
    case OpKind::DmaL0B: st.mem.read += bytes; st.l0b.write += bytes; break;
    case OpKind::DmaL0C: st.mem.read += bytes; st.l0c.write += bytes; break;
    case OpKind::DmaMem: st.l0c.read += bytes; st.mem.write += bytes; break;
    case OpKind::LdTile: st.l0b.read += n * n * ib; break;
    case OpKind::Tmul:
      st.l0a.read += uint64_t{op.rows} * n * ib;
      st.l0c.write += uint64_t{op.rows} * n * kAccBytes;
      if (op.acc) st.l0c.read += uint64_t{op.rows} * n * kAccBytes;
      st.array_macs += uint64_t{op.rows} * n * n;
      break;
  }
}

uint64_t load_le(const uint8_t* p, int bytes) {
  uint64_t v = 0;
  for (int i = bytes - 1; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

void store_le(uint8_t* p, int bytes, uint64_t v) {
  for (int i = 0; i < bytes; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

}  // namespace

void check_op(const NpuConfig& c, size_t memory_bytes, size_t i, const MxuOp& op) {
  const uint64_t n = static_cast<uint64_t>(c.n);
  switch (op.kind) {
    case OpKind::LdTile: check_rows(i, op, "L0B", op.l0, n, c.l0b_rows); break;
    case OpKind::Tmul:
      if (op.rows == 0) throw MxuFault(i, op, "a TMUL needs at least one row of A");
      check_rows(i, op, "L0A", op.l0, op.rows, c.l0a_rows);
      check_rows(i, op, "L0C", op.l0c, op.rows, c.l0c_rows);
      break;
    default: {
      if (op.rows == 0) throw MxuFault(i, op, "a DMA needs at least one row");
      const char* name = op.kind == OpKind::DmaL0A ? "L0A" : op.kind == OpKind::DmaL0B ? "L0B" : "L0C";
      uint32_t depth = op.kind == OpKind::DmaL0A ? c.l0a_rows : op.kind == OpKind::DmaL0B ? c.l0b_rows : c.l0c_rows;
      check_rows(i, op, name, op.l0, op.rows, depth);
      const unsigned __int128 row_bytes = op_bytes(c, op) / op.rows;
      const unsigned __int128 end =
          static_cast<unsigned __int128>(op.mem) + static_cast<unsigned __int128>(op.rows - 1) * op.stride + row_bytes;
      if (end > memory_bytes)
        throw MxuFault(i, op,
                       fmt::format("memory bytes {:#x}..{:#x} are beyond the end of memory ({:#x} bytes)", op.mem,
                                   static_cast<uint64_t>(end - 1), memory_bytes));
      break;
    }
  }
}

void check_ops(const NpuConfig& c, size_t memory_bytes, const std::vector<MxuOp>& ops) {
  check_config(c);
  for (size_t i = 0; i < ops.size(); ++i) check_op(c, memory_bytes, i, ops[i]);
}

Npu::Npu(const NpuConfig& config, size_t memory_bytes)
    : cfg_((check_config(config), config)), array_(config.n, config.dtype, config.double_buffer) {
  const size_t n = static_cast<size_t>(cfg_.n);
  l0a_.assign(cfg_.l0a_rows * n, 0);
  l0b_.assign(cfg_.l0b_rows * n, 0);
  l0c_.assign(cfg_.l0c_rows * n, 0);
  mem_.assign(memory_bytes, 0);
  begin();
}

RunStats Npu::run(const std::vector<MxuOp>& ops, CycleObserver* observer, LeaveCycles* leave) {
  check_ops(cfg_, mem_.size(), ops);
  begin(observer, leave);
  st_.ops.reserve(ops.size());
  for (const MxuOp& op : ops) issue(op, mem_);
  finish();
  return std::move(st_);
}

void Npu::begin(CycleObserver* observer, LeaveCycles* leave) {
  const size_t n = static_cast<size_t>(cfg_.n);
  st_ = RunStats{};
  observer_ = observer;
  leave_ = leave;
  t_ = 0;
  updates_before_ = array_.pe_updates();
  shadow_fresh_ = false;
  dma_.on = ld_.on = tm_.on = false;
  left_.assign(n, 0);
  top_.assign(n, 0);
  no_left_.assign(n, 0);
  left_valid_.assign(n, 0);
  out_valid_.assign(n, 0);
  no_valid_.assign(n, 0);
  out_.assign(n, 0);
  no_out_.assign(n, 0);
}

bool Npu::can_issue(const MxuOp& op) const {
  return op.kind == OpKind::LdTile && cfg_.double_buffer ? !dma_.on && !ld_.on : !busy();
}

size_t Npu::issue(const MxuOp& op, std::vector<uint8_t>& memory) {
  const size_t index = st_.ops.size();
  check_op(cfg_, memory.size(), index, op);
  while (!can_issue(op)) advance();
  st_.ops.emplace_back();
  start(op, memory);
  return index;
}

void Npu::finish() {
  while (busy()) advance();
  st_.cycles = std::max(st_.cycles, t_);
  st_.pe_updates = array_.pe_updates() - updates_before_;
}

void Npu::start(const MxuOp& op, std::vector<uint8_t>& memory) {
  const int n = cfg_.n;
  const int ib = input_bytes(cfg_.dtype);
  const size_t pc = st_.ops.size() - 1;
  st_.ops[pc].start = t_;
  add_traffic(cfg_, op, st_);
  if (is_dma(op.kind)) {
    // The DMA is a barrier (nothing issues while it runs), so its data
    // moves at issue; its cost is the formula.
    for (uint32_t r = 0; r < op.rows; ++r) {
      uint8_t* row = &memory[op.mem + r * op.stride];
      for (int c = 0; c < n; ++c) {
        switch (op.kind) {
          case OpKind::DmaL0A: l0a(op.l0 + r, c) = static_cast<uint16_t>(load_le(row + c * ib, ib)); break;
          case OpKind::DmaL0B: l0b(op.l0 + r, c) = static_cast<uint16_t>(load_le(row + c * ib, ib)); break;
          case OpKind::DmaL0C: l0c(op.l0 + r, c) = static_cast<uint32_t>(load_le(row + c * kAccBytes, kAccBytes)); break;
          default: store_le(row + c * kAccBytes, kAccBytes, l0c(op.l0 + r, c)); break;
        }
      }
    }
    dma_.on = true;
    dma_.op = pc;
    dma_.end = t_ + dma_cycles(cfg_, op_bytes(cfg_, op));
  } else if (op.kind == OpKind::LdTile) {
    ld_.on = true;
    ld_.op = pc;
    ld_.what = op;
    ld_.k = 0;
  } else {
    if (cfg_.double_buffer && shadow_fresh_) {
      array_.swap_weights();
      shadow_fresh_ = false;
    }
    tm_.on = true;
    tm_.op = pc;
    tm_.what = op;
    tm_.s = 0;
    tm_.captured = 0;
    tm_.ctx = fp::Context{mxu_fpcr(), 0};
    if (leave_) leave_->emplace_back(static_cast<size_t>(op.rows) * n, 0);
  }
}

void Npu::advance() {
  const int n = cfg_.n;
  const bool is_bf16 = cfg_.dtype == DType::BF16;
  if (dma_.on && !ld_.on && !tm_.on) {  // nothing to clock: go to the DMA's end
    t_ = dma_.end;
    st_.ops[dma_.op].cycles = t_ - st_.ops[dma_.op].start;
    dma_.on = false;
    st_.cycles = std::max(st_.cycles, t_);
    return;
  }
  if (!ld_.on && !tm_.on) return;

  // One clock.
  CycleView view;
  view.cycle = t_;
  if (ld_.on) {
    view.ldtile_op = static_cast<int64_t>(ld_.op);
    view.ldtile_cycle = ld_.k;
  }
  if (tm_.on) {
    view.tmul_op = static_cast<int64_t>(tm_.op);
    view.tmul_cycle = tm_.s;
  }
  if (ld_.on) {
    // Rows enter from the top in reverse order: B[N-1] first, B[0] last.
    const uint32_t row = ld_.what.l0 + static_cast<uint32_t>(n - 1 - ld_.k);
    for (int c = 0; c < n; ++c) top_[c] = l0b(row, c);
    array_.shift_weights(top_.data());
    if (++ld_.k == n) {
      ld_.on = false;
      st_.ops[ld_.op].cycles = t_ + 1 - st_.ops[ld_.op].start;
      if (cfg_.double_buffer) shadow_fresh_ = true;
    }
  }
  if (tm_.on) {
    const MxuOp& op = tm_.what;
    const uint64_t m = op.rows;
    // The skew: A[i][r] enters row r in cycle i + r.
    for (int r = 0; r < n; ++r) {
      const bool valid = tm_.s >= static_cast<uint64_t>(r) && tm_.s - r < m;
      left_valid_[r] = valid;
      left_[r] = valid ? l0a(op.l0 + static_cast<uint32_t>(tm_.s - r), r) : 0;
    }
    array_.step(left_.data(), left_valid_.data(), out_.data(), out_valid_.data(), tm_.ctx);
    // The de-skew: C[i][c] leaves column c in cycle i + c + N.
    for (int c = 0; c < n; ++c) {
      if (!out_valid_[c]) continue;
      const uint64_t i = tm_.s - static_cast<uint64_t>(c) - static_cast<uint64_t>(n);
      if (tm_.s < static_cast<uint64_t>(c + n) || i >= m) throw std::logic_error("systolic array: stray output");
      uint32_t& dst = l0c(op.l0c + static_cast<uint32_t>(i), c);
      if (!op.acc)
        dst = out_[c];
      else if (is_bf16)
        dst = static_cast<uint32_t>(fp::FPAdd(fp::Format::F32, dst, out_[c], tm_.ctx));
      else
        dst += out_[c];  // wrapping int32
      if (leave_) leave_->back()[i * n + c] = t_;
      ++tm_.captured;
    }
    ++tm_.s;
    if (tm_.captured == m * n) {
      tm_.on = false;
      st_.ops[tm_.op].cycles = t_ + 1 - st_.ops[tm_.op].start;
      st_.ops[tm_.op].flags = tm_.ctx.flags;
      st_.flags |= tm_.ctx.flags;
    }
  }
  if (observer_) {
    const bool tmul = view.tmul_op >= 0;
    view.left = tmul ? left_.data() : no_left_.data();
    view.left_valid = tmul ? left_valid_.data() : no_valid_.data();
    view.out = tmul ? out_.data() : no_out_.data();
    view.out_valid = tmul ? out_valid_.data() : no_valid_.data();
    observer_->on_cycle(view, array_);
  }
  ++t_;
  st_.cycles = std::max(st_.cycles, t_);
}

RunStats analytic_run(const NpuConfig& c, size_t memory_bytes, const std::vector<MxuOp>& ops) {
  check_ops(c, memory_bytes, ops);
  RunStats st;
  st.ops.resize(ops.size());
  uint64_t dma_end = 0, ld_end = 0, tm_end = 0, issue = 0;
  for (size_t i = 0; i < ops.size(); ++i) {
    const MxuOp& op = ops[i];
    const uint64_t idle = std::max({dma_end, ld_end, tm_end});
    const uint64_t start =
        op.kind == OpKind::LdTile && c.double_buffer ? std::max({issue, dma_end, ld_end}) : std::max(issue, idle);
    const uint64_t end = start + op_cycles(c, op);
    if (op.kind == OpKind::LdTile)
      ld_end = end;
    else if (op.kind == OpKind::Tmul)
      tm_end = end;
    else
      dma_end = end;
    st.ops[i] = {start, end - start, 0};
    issue = start;
    add_traffic(c, op, st);
  }
  st.cycles = std::max({dma_end, ld_end, tm_end});
  return st;
}

}  // namespace mlisa::sim
