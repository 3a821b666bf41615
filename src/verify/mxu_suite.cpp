// The mxu suite (target tcore): random GEMMs as tcore programs (emitted by
// targets/tcore/program.hpp, assembled, run to halt on the machine whose MXU
// is the systolic array's cycle model), each checked against the reference
// GEMM (int32 exact; bf16 bit-exact against the reference in the array's
// order) and against the timing formulas: every TMUL M+2N-1 cycles with C[i][j] leaving column j in
// its cycle i+j+N, every LDTILE N cycles, every DMA its cost, and the whole
// schedule equal to the analytic model's.
//
// Operations: gemm.DTYPE.CLASS, CLASS the array size: small 2..8, medium
// 9..32, large 33..256. Case i is a pure function of (operation, i, seed): the
// array size, shape, buffers, double buffering, DMA cost and data.
#include <fmt/format.h>

#include "sim/gemm.hpp"
#include "sim/npu.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/program.hpp"
#include "verify/suite.hpp"

namespace mlisa::verify {
namespace {

using namespace mlisa::sim;

struct MxuOperation {
  const char* name;
  DType dtype;
  int n_min, n_max;
};

constexpr MxuOperation kOps[] = {
    {"gemm.int8.small", DType::Int8, 2, 8},    {"gemm.int8.medium", DType::Int8, 9, 32},
    {"gemm.int8.large", DType::Int8, 33, 256}, {"gemm.bf16.small", DType::BF16, 2, 8},
    {"gemm.bf16.medium", DType::BF16, 9, 32},  {"gemm.bf16.large", DType::BF16, 33, 256},
};

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct Rng {
  uint64_t s;
  uint64_t next() { return s = mix(s); }
  int64_t in(int64_t lo, int64_t hi) { return lo + static_cast<int64_t>(next() % static_cast<uint64_t>(hi - lo + 1)); }
};

class MxuSuite final : public Suite {
 public:
  std::string name() const override { return "mxu"; }
  std::string target() const override { return "tcore"; }
  std::string description() const override {
    return "tcore matrix unit: random tiled GEMMs as tcore programs on the cycle-accurate systolic array vs the "
           "reference GEMM and the timing formulas";
  }
  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const auto& op : kOps) names.push_back(op.name);
    return names;
  }
  // 600 cases: about 3 s with --jobs 2 on the shared 2-core machine.
  uint64_t default_cases() const override { return 100; }

  CaseOutcome run_case(size_t op_index, uint64_t index, uint64_t seed) const override {
    CaseOutcome out;
    if (op_index >= std::size(kOps)) {
      out.detail = "no such operation";
      return out;
    }
    const MxuOperation& op = kOps[op_index];
    Rng rng{mix(seed * 0x100000001b3ull ^ mix(index) ^ (op_index << 56))};
    NpuConfig cfg;
    cfg.dtype = op.dtype;
    cfg.n = static_cast<int>(rng.in(op.n_min, op.n_max));
    cfg.double_buffer = rng.next() & 1;
    const int64_t N = cfg.n;
    const bool large = op.n_min > 32;
    const bool small_buffers = (rng.next() & 3) == 0;
    const int64_t m = large ? rng.in(1, op.dtype == DType::BF16 ? 16 : 64) : rng.in(1, 3 * N + 5);
    const int64_t k = large && op.dtype == DType::BF16 ? rng.in(1, N) : rng.in(1, 2 * N + 3);
    const int64_t n = large && op.dtype == DType::BF16 ? rng.in(1, N) : rng.in(1, 2 * N + 3);
    if (small_buffers) {
      cfg.l0b_rows = static_cast<uint32_t>(N * rng.in(1, 2));
      cfg.l0a_rows = static_cast<uint32_t>(rng.in(1, 2 * m));
      cfg.l0c_rows = static_cast<uint32_t>(rng.in(1, m));
    }
    cfg.dma_bytes_per_cycle = static_cast<uint32_t>(1u << rng.in(0, 7));
    cfg.dma_latency = static_cast<uint32_t>(rng.in(0, 100));
    const uint64_t data_seed = rng.next();
    out.operand_class = fmt::format("{}{}", cfg.double_buffer ? "double-buffered" : "single",
                                    small_buffers ? ",small-buffers" : "");
    const std::string what = fmt::format("array={} M={} K={} N={} {}{} l0a={} l0b={} l0c={} dma={}B/c+{} data-seed={}", N,
                                         m, k, n, dtype_name(op.dtype), cfg.double_buffer ? " db" : "", cfg.l0a_rows,
                                         cfg.l0b_rows, cfg.l0c_rows, cfg.dma_bytes_per_cycle, cfg.dma_latency,
                                         data_seed);
    try {
      const Gemm g = random_gemm(op.dtype, m, k, n, data_seed);
      const GemmPlan plan = plan_gemm(cfg, m, k, n);
      // The case runs as a tcore program: emitted, assembled, run to halt on
      // the machine whose MXU is the cycle model.
      static const targets::LoadedTarget tcore = targets::load_bundle_target("tcore");
      LeaveCycles leave;
      const targets::tcore::GemmProgramRun run =
          targets::tcore::run_gemm_program(*tcore.isa, plan, g, "mxu suite case", nullptr, &leave);
      const RunStats& st = run.machine->mxu().stats();
      const GemmCheck chk = check_gemm(g, run.c, cfg.n);
      if (!chk.ok) {
        out.detail = fmt::format("{}: result {}", what, chk.first_mismatch);
        return out;
      }
      const RunStats an = analytic_run(cfg, plan.mem_bytes, plan.ops);
      size_t tmul = 0;
      for (size_t i = 0; i < plan.ops.size(); ++i) {
        const MxuOp& o = plan.ops[i];
        uint64_t want = 0;
        switch (o.kind) {
          case OpKind::Tmul: want = o.rows + 2 * static_cast<uint64_t>(N) - 1; break;
          case OpKind::LdTile: want = static_cast<uint64_t>(N); break;
          default: want = dma_cycles(cfg, op_bytes(cfg, o)); break;
        }
        if (st.ops[i].cycles != want || st.ops[i].start != an.ops[i].start) {
          out.detail = fmt::format("{}: op {} ({}) started at {} for {} cycles; expected {} for {}", what, i, render(o),
                                   st.ops[i].start, st.ops[i].cycles, an.ops[i].start, want);
          return out;
        }
        if (o.kind != OpKind::Tmul) continue;
        const std::vector<uint64_t>& lv = leave[tmul++];
        for (uint64_t r = 0; r < o.rows; ++r)
          for (int64_t c = 0; c < N; ++c) {
            const uint64_t w = st.ops[i].start + r + static_cast<uint64_t>(c) + static_cast<uint64_t>(N);
            if (lv[r * N + c] != w) {
              out.detail = fmt::format("{}: op {} ({}): C[{}][{}] left at cycle {}, expected {}", what, i, render(o), r,
                                       c, lv[r * N + c], w);
              return out;
            }
          }
      }
      if (st.cycles != an.cycles) {
        out.detail = fmt::format("{}: {} cycles, the analytic model says {}", what, st.cycles, an.cycles);
        return out;
      }
      out.passed = true;
    } catch (const std::exception& e) {
      out.detail = fmt::format("{}: {}", what, e.what());
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Suite> make_mxu_suite() { return std::make_unique<MxuSuite>(); }

}  // namespace mlisa::verify
