// Nanoseconds per operation of the Arm FP library, on operands drawn from the
// normal range of each format (the common case), plus one mixed set with
// denormals and NaNs.
#include "core/fp.hpp"

#include <benchmark/benchmark.h>

#include <array>
#include <random>

using namespace mlisa::fp;

namespace {

constexpr size_t kOperands = 1024;

// Normal numbers of moderate exponent, so results stay normal.
std::array<uint64_t, kOperands> normal_operands(Format f, uint32_t seed) {
  const FormatTraits t = traits(f);
  std::mt19937_64 rng(seed);
  std::array<uint64_t, kOperands> ops{};
  const uint64_t bias = (uint64_t{1} << (t.exp_bits - 1)) - 1;
  for (auto& op : ops) {
    const uint64_t sign = rng() & 1;
    const uint64_t exp = bias - 4 + rng() % 8;
    const uint64_t frac = rng() & ((uint64_t{1} << t.frac_bits) - 1);
    op = (sign << (t.width - 1)) | (exp << t.frac_bits) | frac;
  }
  return ops;
}

// Any bit pattern: denormals, infinities and NaNs included.
std::array<uint64_t, kOperands> mixed_operands(Format f, uint32_t seed) {
  std::mt19937_64 rng(seed);
  std::array<uint64_t, kOperands> ops{};
  for (auto& op : ops) op = rng() & width_mask(f);
  return ops;
}

enum class Op { Add, Mul, MulAdd, MaxNum };

template <Op op>
void run(benchmark::State& state, Format f, bool mixed) {
  const auto a = mixed ? mixed_operands(f, 1) : normal_operands(f, 1);
  const auto b = mixed ? mixed_operands(f, 2) : normal_operands(f, 2);
  const auto c = mixed ? mixed_operands(f, 3) : normal_operands(f, 3);
  Context ctx;
  size_t i = 0;
  for (auto _ : state) {
    uint64_t r;
    if constexpr (op == Op::Add) r = FPAdd(f, a[i], b[i], ctx);
    if constexpr (op == Op::Mul) r = FPMul(f, a[i], b[i], ctx);
    if constexpr (op == Op::MulAdd) r = FPMulAdd(f, a[i], b[i], c[i], ctx);
    if constexpr (op == Op::MaxNum) r = FPMaxNum(f, a[i], b[i], ctx);
    benchmark::DoNotOptimize(r);
    i = (i + 1) % kOperands;
  }
  state.SetItemsProcessed(state.iterations());
}

template <Op op>
void register_op(const char* name) {
  for (Format f : {Format::F16, Format::BF16, Format::F32, Format::F64}) {
    for (bool mixed : {false, true}) {
      const std::string label = std::string(name) + "/" + traits(f).name + (mixed ? "/mixed" : "/normal");
      benchmark::RegisterBenchmark(label.c_str(), [f, mixed](benchmark::State& s) { run<op>(s, f, mixed); });
    }
  }
}

const bool registered = [] {
  register_op<Op::Add>("FPAdd");
  register_op<Op::Mul>("FPMul");
  register_op<Op::MulAdd>("FPMulAdd");
  register_op<Op::MaxNum>("FPMaxNum");
  return true;
}();

}  // namespace
