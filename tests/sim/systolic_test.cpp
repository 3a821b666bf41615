// The systolic array cycle by cycle: the seed's 2x2 example worked by hand, the
// timing formulas for many (M, N), double buffering, and faults.
#include <gtest/gtest.h>

#include <random>

#include "sim/gemm.hpp"
#include "sim/npu.hpp"
#include "sim/systolic.hpp"

using namespace mlisa::sim;

namespace {

struct PeState {
  bool valid;
  uint16_t a;
  uint32_t psum;
};

struct CycleRecord {
  uint64_t cycle;
  std::vector<PeState> pes;  // row-major
  std::vector<uint8_t> out_valid;
  std::vector<uint32_t> out;
};

class Recorder : public CycleObserver {
 public:
  std::vector<CycleRecord> cycles;
  void on_cycle(const CycleView& v, const SystolicArray& arr) override {
    const uint32_t* out = v.out;
    const uint8_t* out_valid = v.out_valid;
    CycleRecord r{v.cycle, {}, {}, {}};
    const int n = arr.size();
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) r.pes.push_back({arr.a_valid(i, j), arr.a_reg(i, j), arr.psum_reg(i, j)});
    r.out_valid.assign(out_valid, out_valid + n);
    r.out.assign(out, out + n);
    cycles.push_back(std::move(r));
  }
};

NpuConfig small_config(int n, DType d = DType::Int8, bool db = false) {
  NpuConfig c;
  c.n = n;
  c.dtype = d;
  c.double_buffer = db;
  c.l0a_rows = 256;
  c.l0b_rows = 64;
  c.l0c_rows = 256;
  return c;
}

uint16_t i8(int v) { return static_cast<uint16_t>(static_cast<uint8_t>(static_cast<int8_t>(v))); }

}  // namespace

// seeds/004: A = [[a00 a01] [a10 a11]], B = [[b00 b01] [b10 b11]]; here
// A = [[1 2] [3 4]], B = [[5 6] [7 8]], so C = [[19 22] [43 50]].
//
// The registers after each TMUL cycle, worked by hand from the dataflow
// (PE(r,c) multiplies A[t-r-c][r] in cycle t; psum flows down, a flows right):
//   t=0  PE00 a00*b00 = 5
//   t=1  PE00 a10*b00 = 15   PE01 a00*b01 = 6    PE10 c00 = 5 + a01*b10 = 19
//   t=2  PE01 a10*b01 = 18   PE10 c10 = 15 + a11*b10 = 43   PE11 c01 = 6 + a01*b11 = 22   out c00
//   t=3  PE11 c11 = 18 + a11*b11 = 50                                    out c10, c01
//   t=4                                                                  out c11
// The seed's table shows PE01 idle at t=2, but c11 = a10*b01 + a11*b11 needs
// a10*b01 from PE01 in cycle 2 (a10 enters PE00 in cycle 1 and moves right),
// so this test has PE01 busy there.
TEST(Systolic, SeedTwoByTwoCycleByCycle) {
  Npu npu(small_config(2), 0);
  npu.l0a(0, 0) = i8(1);
  npu.l0a(0, 1) = i8(2);
  npu.l0a(1, 0) = i8(3);
  npu.l0a(1, 1) = i8(4);
  npu.l0b(0, 0) = i8(5);
  npu.l0b(0, 1) = i8(6);
  npu.l0b(1, 0) = i8(7);
  npu.l0b(1, 1) = i8(8);
  Recorder rec;
  LeaveCycles leave;
  RunStats st = npu.run({ldtile(0), tmul(0, 0, 2, false)}, &rec, &leave);

  ASSERT_EQ(st.ops.size(), 2u);
  EXPECT_EQ(st.ops[0].start, 0u);
  EXPECT_EQ(st.ops[0].cycles, 2u);  // LDTILE: N cycles
  EXPECT_EQ(st.ops[1].start, 2u);
  EXPECT_EQ(st.ops[1].cycles, 5u);  // TMUL: M + 2N - 1
  EXPECT_EQ(st.cycles, 7u);
  EXPECT_EQ(npu.array().weight(0, 0), 5);
  EXPECT_EQ(npu.array().weight(0, 1), 6);
  EXPECT_EQ(npu.array().weight(1, 0), 7);
  EXPECT_EQ(npu.array().weight(1, 1), 8);

  ASSERT_EQ(rec.cycles.size(), 7u);  // 2 LDTILE cycles, 5 TMUL cycles
  const PeState I{false, 0, 0};
  auto pe = [](uint16_t a, uint32_t p) { return PeState{true, a, p}; };
  const std::vector<std::vector<PeState>> want = {
      {pe(1, 5), I, I, I},
      {pe(3, 15), pe(1, 6), pe(2, 19), I},
      {I, pe(3, 18), pe(4, 43), pe(2, 22)},
      {I, I, I, pe(4, 50)},
      {I, I, I, I},
  };
  const std::vector<std::vector<int>> out = {{-1, -1}, {-1, -1}, {19, -1}, {43, 22}, {-1, 50}};
  for (int t = 0; t < 5; ++t) {
    const CycleRecord& r = rec.cycles[2 + t];
    SCOPED_TRACE("TMUL cycle " + std::to_string(t));
    EXPECT_EQ(r.cycle, 2u + t);
    for (int p = 0; p < 4; ++p) {
      SCOPED_TRACE("PE" + std::to_string(p / 2) + std::to_string(p % 2));
      EXPECT_EQ(r.pes[p].valid, want[t][p].valid);
      if (want[t][p].valid) {
        EXPECT_EQ(r.pes[p].a, want[t][p].a);
        EXPECT_EQ(r.pes[p].psum, want[t][p].psum);
      }
    }
    for (int c = 0; c < 2; ++c) {
      EXPECT_EQ(r.out_valid[c] != 0, out[t][c] >= 0) << "column " << c;
      if (out[t][c] >= 0) EXPECT_EQ(r.out[c], static_cast<uint32_t>(out[t][c]));
    }
  }
  EXPECT_EQ(npu.l0c(0, 0), 19u);
  EXPECT_EQ(npu.l0c(0, 1), 22u);
  EXPECT_EQ(npu.l0c(1, 0), 43u);
  EXPECT_EQ(npu.l0c(1, 1), 50u);
  // C[i][j] leaves column j in cycle i+j+N of the TMUL.
  ASSERT_EQ(leave.size(), 1u);
  EXPECT_EQ(leave[0], (std::vector<uint64_t>{2 + 2, 2 + 3, 2 + 3, 2 + 4}));
}

// LDTILE loads rows in reverse order from the top: during its cycle k, row
// N-1-k of the tile enters the top row, and everything moves down.
TEST(Systolic, LdtileShiftsRowsDownFromTheTop) {
  SystolicArray arr(3, DType::Int8, false);
  const uint16_t rows[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  arr.shift_weights(rows[2]);
  EXPECT_EQ(arr.weight(0, 0), 7);
  arr.shift_weights(rows[1]);
  EXPECT_EQ(arr.weight(0, 1), 5);
  EXPECT_EQ(arr.weight(1, 1), 8);
  arr.shift_weights(rows[0]);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(arr.weight(r, c), rows[r][c]);
}

TEST(Systolic, ArraySizeLimits) {
  EXPECT_THROW(SystolicArray(1, DType::Int8, false), mlisa::UsageError);
  EXPECT_THROW(SystolicArray(257, DType::Int8, false), mlisa::UsageError);
  EXPECT_NO_THROW(SystolicArray(2, DType::BF16, true));
  EXPECT_NO_THROW(SystolicArray(256, DType::Int8, false));
}

// The timing formulas for many (M, N): TMUL M+2N-1 cycles, C[i][j] leaves
// column j in cycle i+j+N, LDTILE N cycles, and the result is A*B.
TEST(Systolic, TimingFormulaForManyShapes) {
  std::mt19937_64 rng(42);
  int checked = 0;
  for (int n : {2, 3, 4, 5, 7, 8, 16, 33}) {
    for (int m : {1, 2, 3, 5, n - 1, n, n + 1, 2 * n + 3, 61, 130}) {
      if (m < 1) continue;
      NpuConfig cfg = small_config(n);
      cfg.l0b_rows = static_cast<uint32_t>(n);
      Npu npu(cfg, 0);
      Gemm g = random_gemm(DType::Int8, m, n, n, rng());
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) npu.l0a(i, j) = g.a.v[i * n + j];
      for (int i = 0; i < n; ++i)
        for (int j = 0; j < n; ++j) npu.l0b(i, j) = g.b.v[i * n + j];
      LeaveCycles leave;
      RunStats st = npu.run({ldtile(0), tmul(0, 0, static_cast<uint32_t>(m), false)}, nullptr, &leave);
      SCOPED_TRACE("M=" + std::to_string(m) + " N=" + std::to_string(n));
      EXPECT_EQ(st.ops[0].cycles, static_cast<uint64_t>(n));
      EXPECT_EQ(st.ops[1].start, static_cast<uint64_t>(n));
      EXPECT_EQ(st.ops[1].cycles, static_cast<uint64_t>(m + 2 * n - 1));
      ASSERT_EQ(leave.size(), 1u);
      uint64_t last = 0;
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) {
          ASSERT_EQ(leave[0][i * n + j], st.ops[1].start + i + j + n) << "C[" << i << "][" << j << "]";
          last = std::max(last, leave[0][i * n + j]);
        }
      // The last element leaves in the TMUL's last cycle, M+2N-2.
      EXPECT_EQ(last, st.ops[1].start + m + 2 * n - 2);
      auto want = reference_int8(g);
      for (int i = 0; i < m; ++i)
        for (int j = 0; j < n; ++j) ASSERT_EQ(npu.l0c(i, j), want[i * n + j]);
      ++checked;
    }
  }
  EXPECT_GT(checked, 70);
}

// Double buffering: a LDTILE issued right after a TMUL starts in the same
// cycle and runs under it; the next TMUL waits for both and swaps the shadow in.
TEST(Systolic, DoubleBufferingOverlapRule) {
  for (int n : {2, 4, 8}) {
    for (int m : {1, 3, 20}) {
      for (bool db : {false, true}) {
        SCOPED_TRACE("N=" + std::to_string(n) + " M=" + std::to_string(m) + (db ? " db" : ""));
        NpuConfig cfg = small_config(n, DType::Int8, db);
        Npu npu(cfg, 0);
        Gemm g = random_gemm(DType::Int8, m, 2 * n, n, 7 + n + m);
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < 2 * n; ++j) npu.l0a(static_cast<uint32_t>((j / n) * m + i), j % n) = g.a.v[i * 2 * n + j];
        for (int i = 0; i < 2 * n; ++i)
          for (int j = 0; j < n; ++j) npu.l0b(i, j) = g.b.v[i * n + j];
        const uint32_t M = static_cast<uint32_t>(m), N = static_cast<uint32_t>(n);
        RunStats st = npu.run({ldtile(0), tmul(0, 0, M, false), ldtile(N), tmul(M, 0, M, true)});
        const uint64_t T = M + 2 * N - 1;
        EXPECT_EQ(st.ops[0].start, 0u);
        EXPECT_EQ(st.ops[1].start, N);
        if (db) {
          EXPECT_EQ(st.ops[2].start, N);  // the same cycle as the TMUL before it
          EXPECT_EQ(st.ops[3].start, N + T);
          EXPECT_EQ(st.cycles, N + 2 * T);
        } else {
          EXPECT_EQ(st.ops[2].start, N + T);
          EXPECT_EQ(st.ops[3].start, 2 * N + T);
          EXPECT_EQ(st.cycles, 2 * N + 2 * T);
        }
        EXPECT_EQ(st.ops[2].cycles, N);
        EXPECT_EQ(st.ops[3].cycles, T);
        auto want = reference_int8(g);
        for (int i = 0; i < m; ++i)
          for (int j = 0; j < n; ++j) ASSERT_EQ(npu.l0c(i, j), want[i * n + j]) << i << "," << j;
        RunStats an = analytic_run(cfg, 0, {ldtile(0), tmul(0, 0, M, false), ldtile(N), tmul(M, 0, M, true)});
        EXPECT_EQ(an.cycles, st.cycles);
      }
    }
  }
}

// With double buffering, a TMUL with no LDTILE since the last swap reuses the
// weights; two LDTILEs in a row serialise (the second waits for the first).
TEST(Systolic, DoubleBufferingReuseAndBackToBackLoads) {
  NpuConfig cfg = small_config(4, DType::Int8, true);
  Npu npu(cfg, 0);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      npu.l0a(i, j) = i8(i == j ? 1 : 0);       // identity
      npu.l0b(i, j) = i8(i * 4 + j);            // tile 0
      npu.l0b(4 + i, j) = i8(100 + i * 4 + j);  // tile 1
    }
  RunStats st = npu.run({ldtile(0), ldtile(4), tmul(0, 0, 4, false), tmul(0, 4, 4, false)});
  EXPECT_EQ(st.ops[1].start, 4u);  // waits for the first LDTILE
  EXPECT_EQ(st.ops[2].start, 8u);
  EXPECT_EQ(st.ops[3].start, 8u + 11u);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      EXPECT_EQ(npu.l0c(i, j), static_cast<uint32_t>(100 + i * 4 + j));  // the last loaded tile
      EXPECT_EQ(npu.l0c(4 + i, j), static_cast<uint32_t>(100 + i * 4 + j));  // reused
    }
}

TEST(Systolic, Int8AddsWrap) {
  // Accumulate (-128 * -128) * 2 = 2^15 per TMUL with acc=1 past 2^31.
  NpuConfig cfg = small_config(2);
  Npu npu(cfg, 0);
  for (int j = 0; j < 2; ++j) {
    npu.l0a(0, j) = i8(-128);
    npu.l0b(0, j) = i8(-128);
    npu.l0b(1, j) = i8(-128);
  }
  std::vector<MxuOp> ops = {ldtile(0)};
  // Each TMUL adds 2 * 16384 = 32768 = 2^15; 2^16 of them make 2^31, which wraps.
  for (int i = 0; i < 65536; ++i) ops.push_back(tmul(0, 0, 1, i > 0));
  npu.run(ops);
  EXPECT_EQ(npu.l0c(0, 0), 0x80000000u);
  EXPECT_EQ(static_cast<int32_t>(npu.l0c(0, 1)), INT32_MIN);
}

TEST(Systolic, FaultsNameTheOp) {
  NpuConfig cfg = small_config(4);
  cfg.l0a_rows = 8;
  cfg.l0b_rows = 6;
  cfg.l0c_rows = 8;
  struct Case {
    MxuOp op;
    const char* must_contain;
  };
  const Case cases[] = {
      {tmul(4, 0, 5, false), "L0A rows 4..8 exceed its depth of 8"},
      {tmul(0, 7, 2, true), "L0C rows 7..8"},
      {tmul(0, 0, 0, false), "at least one row"},
      {ldtile(3), "L0B rows 3..6"},
      {dma_l0a(0, 0x100, 1, 0), "beyond the end of memory"},
      {dma_l0a(0, 0, 2, 0x100), "memory bytes 0x0..0x103 are beyond the end of memory (0x100 bytes)"},
      {dma_mem(0, 8, 1, 0), "L0C rows 8..8"},
      {dma_l0c(0, 0, 0, 0), "at least one row"},
  };
  for (const auto& c : cases) {
    Npu npu(cfg, 0x100);
    try {
      npu.run({ldtile(0), c.op});
      ADD_FAILURE() << "no fault for " << render(c.op);
    } catch (const MxuFault& f) {
      EXPECT_EQ(f.op_index(), 1u);
      EXPECT_EQ(f.exit_code(), 3);
      std::string msg = f.what();
      EXPECT_NE(msg.find("MXU fault: op 1 (" + render(c.op) + ")"), std::string::npos) << msg;
      EXPECT_NE(msg.find(c.must_contain), std::string::npos) << msg;
    }
    EXPECT_THROW(analytic_run(cfg, 0x100, {c.op}), MxuFault);
  }
}

TEST(Systolic, OpText) {
  EXPECT_EQ(render(ldtile(0)), "ldtile l0b[0]");
  EXPECT_EQ(render(tmul(0, 0, 128, true)), "tmul l0a[0], l0c[0], rows=128, acc=1");
  EXPECT_EQ(render(dma_l0a(0, 0x1000, 128, 0x400)), "dma.l0a l0a[0], mem[0x1000], rows=128, stride=0x400");
  EXPECT_EQ(render(dma_mem(0x2000, 16, 4, 0x40)), "dma.mem mem[0x2000], l0c[16], rows=4, stride=0x40");
}

// TMUL acc=1 reads L0C first: C preloaded by dma.l0c, C += A*B, then dma.mem
// writes it back; memory is little-endian, rows at the given stride.
TEST(Systolic, AccumulateOntoPreloadedC) {
  NpuConfig cfg = small_config(2);
  cfg.dma_bytes_per_cycle = 4;
  cfg.dma_latency = 3;
  Npu npu(cfg, 0x100);
  auto put32 = [&](size_t addr, uint32_t v) {
    for (int i = 0; i < 4; ++i) npu.memory()[addr + i] = static_cast<uint8_t>(v >> (8 * i));
  };
  const uint8_t a[] = {1, 2, 3, 4}, b[] = {5, 6, 7, 8};
  for (int i = 0; i < 4; ++i) {
    npu.memory()[0x00 + (i / 2) * 0x10 + i % 2] = a[i];  // A rows at stride 0x10
    npu.memory()[0x40 + i] = b[i];                        // B rows at stride 2
  }
  put32(0x80, 1000);
  put32(0x84, static_cast<uint32_t>(-1000));
  put32(0x88, 7);
  put32(0x8c, 0x7fffffff);  // + 50 wraps
  RunStats st = npu.run({dma_l0a(0, 0x00, 2, 0x10), dma_l0b(0, 0x40, 2, 2), dma_l0c(0, 0x80, 2, 8), ldtile(0),
                         tmul(0, 0, 2, true), dma_mem(0xc0, 0, 2, 0x20)});
  auto get32 = [&](size_t addr) {
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | npu.memory()[addr + i];
    return v;
  };
  EXPECT_EQ(get32(0xc0), 1019u);
  EXPECT_EQ(static_cast<int32_t>(get32(0xc4)), -978);
  EXPECT_EQ(get32(0xe0), 50u);
  EXPECT_EQ(get32(0xe4), 0x7fffffffu + 50u);
  // Each DMA: ceil(bytes / 4) + 3 cycles; A and B are 4 bytes, C 16 bytes.
  EXPECT_EQ(st.ops[0].cycles, 1u + 3);
  EXPECT_EQ(st.ops[2].cycles, 4u + 3);
  EXPECT_EQ(st.ops[3].start, 4u + 4 + 7);
  EXPECT_EQ(st.ops[4].start, 15u + 2);
  EXPECT_EQ(st.ops[5].start, 17u + 5);
  EXPECT_EQ(st.cycles, 22u + 7);
  EXPECT_EQ(st.l0c.read, 16u + 16u);  // TMUL acc=1 and dma.mem
  EXPECT_EQ(st.mem.write, 16u);
}
