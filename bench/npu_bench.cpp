// The systolic array's cycle model: PE updates per second.
//
//   NpuTmul/N     one TMUL of M=1024 rows on an N x N int8 array (the PE update alone)
//   NpuGemm1024   the 1024 x 1024 x 1024 int8 GEMM on a 128 x 128 array through the
//                 tiling driver, cycle-accurate (docs/performance.md, "The systolic array")
//   NpuGemmBf16   a 128 x 128 x 128 bf16 GEMM on a 32 x 32 array (FPMulAdd per PE)
#include <benchmark/benchmark.h>

#include "sim/gemm.hpp"
#include "sim/npu.hpp"

using namespace mlisa::sim;

namespace {

void NpuTmul(benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  const uint32_t m = 1024;
  NpuConfig cfg;
  cfg.n = n;
  cfg.l0a_rows = m;
  cfg.l0b_rows = static_cast<uint32_t>(n);
  cfg.l0c_rows = m;
  Npu npu(cfg, 0);
  Gemm g = random_gemm(DType::Int8, m, n, n, 1);
  for (uint32_t i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) npu.l0a(i, j) = g.a.v[i * n + j];
  std::vector<MxuOp> ops = {tmul(0, 0, m, true)};
  uint64_t updates = 0;
  for (auto _ : state) {
    RunStats st = npu.run(ops);
    updates += st.pe_updates;
    benchmark::DoNotOptimize(npu.l0c(0, 0));
  }
  state.counters["PE_updates_per_s"] = benchmark::Counter(static_cast<double>(updates), benchmark::Counter::kIsRate);
}
BENCHMARK(NpuTmul)->Arg(16)->Arg(64)->Arg(128)->Arg(256)->Unit(benchmark::kMillisecond);

void NpuGemm1024(benchmark::State& state) {
  NpuConfig cfg;
  cfg.n = 128;
  cfg.double_buffer = state.range(0) != 0;
  Gemm g = random_gemm(DType::Int8, 1024, 1024, 1024, 1);
  uint64_t updates = 0, cycles = 0;
  for (auto _ : state) {
    GemmRun r = run_gemm(cfg, g);
    updates += r.stats.pe_updates;
    cycles = r.stats.cycles;
    benchmark::DoNotOptimize(r.c.data());
  }
  state.counters["PE_updates_per_s"] = benchmark::Counter(static_cast<double>(updates), benchmark::Counter::kIsRate);
  state.counters["simulated_cycles"] = static_cast<double>(cycles);
}
BENCHMARK(NpuGemm1024)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1)->Repetitions(3);

void NpuGemmBf16(benchmark::State& state) {
  NpuConfig cfg;
  cfg.n = 32;
  Gemm g = random_gemm(DType::BF16, 128, 128, 128, 1);
  uint64_t updates = 0;
  for (auto _ : state) {
    GemmRun r = run_gemm(cfg, g);
    updates += r.stats.pe_updates;
    benchmark::DoNotOptimize(r.c.data());
  }
  state.counters["PE_updates_per_s"] = benchmark::Counter(static_cast<double>(updates), benchmark::Counter::kIsRate);
}
BENCHMARK(NpuGemmBf16)->Unit(benchmark::kMillisecond);

}  // namespace
