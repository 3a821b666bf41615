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
    : Fault("MXU fault", fmt::format("op {} ({}): {}", op_index, render(op), what)), op_index_(op_index) {}

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

void check_ops(const NpuConfig& c, size_t memory_bytes, const std::vector<MxuOp>& ops) {
  check_config(c);
  const uint64_t n = static_cast<uint64_t>(c.n);
  for (size_t i = 0; i < ops.size(); ++i) {
    const MxuOp& op = ops[i];
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
}

Npu::Npu(const NpuConfig& config, size_t memory_bytes)
    : cfg_((check_config(config), config)), array_(config.n, config.dtype, config.double_buffer) {
  const size_t n = static_cast<size_t>(cfg_.n);
  l0a_.assign(cfg_.l0a_rows * n, 0);
  l0b_.assign(cfg_.l0b_rows * n, 0);
  l0c_.assign(cfg_.l0c_rows * n, 0);
  mem_.assign(memory_bytes, 0);
}

RunStats Npu::run(const std::vector<MxuOp>& ops, CycleObserver* observer, LeaveCycles* leave) {
  check_ops(cfg_, mem_.size(), ops);
  const int n = cfg_.n;
  const bool db = cfg_.double_buffer;
  const int ib = input_bytes(cfg_.dtype);
  const bool is_bf16 = cfg_.dtype == DType::BF16;

  RunStats st;
  st.ops.resize(ops.size());
  std::vector<uint16_t> left(n, 0), top(n, 0), no_left(n, 0);
  std::vector<uint8_t> left_valid(n, 0), out_valid(n, 0), no_valid(n, 0);
  std::vector<uint32_t> out(n, 0), no_out(n, 0);

  struct {
    bool on = false;
    size_t op = 0;
    uint64_t end = 0;
  } dma;
  struct {
    bool on = false;
    size_t op = 0;
    int k = 0;
  } ld;
  struct {
    bool on = false;
    size_t op = 0;
    uint64_t s = 0, captured = 0;
    fp::Context ctx;
  } tm;
  bool shadow_fresh = false;  // a LDTILE completed into the shadow since the last swap
  const uint64_t updates_before = array_.pe_updates();

  uint64_t t = 0;
  size_t pc = 0;
  while (pc < ops.size() || dma.on || ld.on || tm.on) {
    // Issue, in order, every op whose units are free in this cycle.
    while (pc < ops.size()) {
      const MxuOp& op = ops[pc];
      const bool busy = dma.on || ld.on || tm.on;
      const bool ok = op.kind == OpKind::LdTile && db ? !dma.on && !ld.on : !busy;
      if (!ok) break;
      st.ops[pc].start = t;
      add_traffic(cfg_, op, st);
      if (is_dma(op.kind)) {
        // The DMA is a barrier (nothing issues while it runs), so its data
        // moves at issue; its cost is the formula.
        for (uint32_t r = 0; r < op.rows; ++r) {
          uint8_t* row = &mem_[op.mem + r * op.stride];
          for (int c = 0; c < n; ++c) {
            switch (op.kind) {
              case OpKind::DmaL0A: l0a(op.l0 + r, c) = static_cast<uint16_t>(load_le(row + c * ib, ib)); break;
              case OpKind::DmaL0B: l0b(op.l0 + r, c) = static_cast<uint16_t>(load_le(row + c * ib, ib)); break;
              case OpKind::DmaL0C: l0c(op.l0 + r, c) = static_cast<uint32_t>(load_le(row + c * kAccBytes, kAccBytes)); break;
              default: store_le(row + c * kAccBytes, kAccBytes, l0c(op.l0 + r, c)); break;
            }
          }
        }
        dma.on = true;
        dma.op = pc;
        dma.end = t + dma_cycles(cfg_, op_bytes(cfg_, op));
      } else if (op.kind == OpKind::LdTile) {
        ld.on = true;
        ld.op = pc;
        ld.k = 0;
      } else {
        if (db && shadow_fresh) {
          array_.swap_weights();
          shadow_fresh = false;
        }
        tm.on = true;
        tm.op = pc;
        tm.s = 0;
        tm.captured = 0;
        tm.ctx = fp::Context{mxu_fpcr(), 0};
        if (leave) leave->emplace_back(static_cast<size_t>(op.rows) * n, 0);
      }
      ++pc;
    }
    if (dma.on && !ld.on && !tm.on) {  // nothing to clock: go to the DMA's end
      t = dma.end;
      st.ops[dma.op].cycles = t - st.ops[dma.op].start;
      dma.on = false;
      continue;
    }

    // One clock.
    CycleView view;
    view.cycle = t;
    if (ld.on) {
      view.ldtile_op = static_cast<int64_t>(ld.op);
      view.ldtile_cycle = ld.k;
    }
    if (tm.on) {
      view.tmul_op = static_cast<int64_t>(tm.op);
      view.tmul_cycle = tm.s;
    }
    if (ld.on) {
      // Rows enter from the top in reverse order: B[N-1] first, B[0] last.
      const MxuOp& op = ops[ld.op];
      const uint32_t row = op.l0 + static_cast<uint32_t>(n - 1 - ld.k);
      for (int c = 0; c < n; ++c) top[c] = l0b(row, c);
      array_.shift_weights(top.data());
      if (++ld.k == n) {
        ld.on = false;
        st.ops[ld.op].cycles = t + 1 - st.ops[ld.op].start;
        if (db) shadow_fresh = true;
      }
    }
    if (tm.on) {
      const MxuOp& op = ops[tm.op];
      const uint64_t m = op.rows;
      // The skew: A[i][r] enters row r in cycle i + r.
      for (int r = 0; r < n; ++r) {
        const bool valid = tm.s >= static_cast<uint64_t>(r) && tm.s - r < m;
        left_valid[r] = valid;
        left[r] = valid ? l0a(op.l0 + static_cast<uint32_t>(tm.s - r), r) : 0;
      }
      array_.step(left.data(), left_valid.data(), out.data(), out_valid.data(), tm.ctx);
      // The de-skew: C[i][c] leaves column c in cycle i + c + N.
      for (int c = 0; c < n; ++c) {
        if (!out_valid[c]) continue;
        const uint64_t i = tm.s - static_cast<uint64_t>(c) - static_cast<uint64_t>(n);
        if (tm.s < static_cast<uint64_t>(c + n) || i >= m) throw std::logic_error("systolic array: stray output");
        uint32_t& dst = l0c(op.l0c + static_cast<uint32_t>(i), c);
        if (!op.acc)
          dst = out[c];
        else if (is_bf16)
          dst = static_cast<uint32_t>(fp::FPAdd(fp::Format::F32, dst, out[c], tm.ctx));
        else
          dst += out[c];  // wrapping int32
        if (leave) leave->back()[i * n + c] = t;
        ++tm.captured;
      }
      ++tm.s;
      if (tm.captured == m * n) {
        tm.on = false;
        st.ops[tm.op].cycles = t + 1 - st.ops[tm.op].start;
        st.ops[tm.op].flags = tm.ctx.flags;
        st.flags |= tm.ctx.flags;
      }
    }
    if (observer) {
      const bool tmul = view.tmul_op >= 0;
      view.left = tmul ? left.data() : no_left.data();
      view.left_valid = tmul ? left_valid.data() : no_valid.data();
      view.out = tmul ? out.data() : no_out.data();
      view.out_valid = tmul ? out_valid.data() : no_valid.data();
      observer->on_cycle(view, array_);
    }
    ++t;
  }
  st.cycles = t;
  st.pe_updates = array_.pe_updates() - updates_before;
  return st;
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
