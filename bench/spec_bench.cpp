// Pseudocode statements per second on a loop-heavy operation: 16 single-
// precision lanes, each read with Elem, combined with FPMaxNum and written
// back with the Elem setter.
#include "spec/checker.hpp"
#include "spec/engine.hpp"
#include "spec/parser.hpp"

#include <benchmark/benchmark.h>

#include <random>

using namespace mlisa::spec;

namespace {

constexpr const char* kSource = R"(
bits(512) MaxNum16(bits(512) a, bits(512) b, bits(32) fpscr)
    bits(512) result;
    for e = 0 to 15
        Elem[result, e, 32] = FPMaxNum(Elem[a, e, 32], Elem[b, e, 32], fpscr);
    return result;
)";

void BM_ElementLoopMaxNum(benchmark::State& state) {
  BuiltinTable builtins;
  add_standard_builtins(builtins);
  add_fp_builtins(builtins);
  add_engine_builtins(builtins);
  Module module;
  SourceSet sources;
  parse_declarations(module, sources, sources.add("bench.asl", kSource));
  Checker(module, sources, builtins).check_module();
  Engine engine(module, builtins);
  const FunctionDecl& fn = *module.functions.front();

  std::mt19937_64 rng(1);
  Bits a = Bits::zeros(512), b = Bits::zeros(512);
  for (uint32_t w = 0; w < 8; ++w) {
    a.set_word(w, rng());
    b.set_word(w, rng());
  }
  const std::vector<Value> args{Value::bits(a), Value::bits(b), Value::bits(32, 0)};
  const uint64_t before = engine.statements;
  for (auto _ : state) benchmark::DoNotOptimize(engine.call(fn, args));
  const double statements = static_cast<double>(engine.statements - before);
  state.counters["statements/s"] = benchmark::Counter(statements, benchmark::Counter::kIsRate);
  state.counters["statements/call"] = statements / static_cast<double>(state.iterations());
}

BENCHMARK(BM_ElementLoopMaxNum);

}  // namespace
