// The single-word assembler on mve (T32 with Helium): lines assembled per
// second on a 100,000-line program, and llvm-mc-19 on the same file in the
// same run (its wall time, process start included), so the ratio of the two
// figures is measured on one machine at one moment.
//
// The program repeats a block of integer, branch and vector lines with its
// own loop label, so the front end resolves and relaxes branches as it would
// in a real kernel.
#include "targets/targets.hpp"
#include "targets/word_program.hpp"

#include <benchmark/benchmark.h>

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <string>

namespace {

using namespace mlisa;

constexpr int kLines = 100000;

const targets::LoadedWordTarget& mve() {
  static const targets::LoadedWordTarget t = targets::load_word_target("mve", std::nullopt);
  return t;
}

const std::string& program() {
  static const std::string text = [] {
    static const char* const block[] = {
        "movs r0, #0",         "movw r1, #1000",       "adds r0, r0, r1",           "subs r1, r1, #1",
        "cmp r1, #0",          "vmax.s8 q0, q1, q2",   "vmaxnm.f32 q3, q4, q5",     "vmladav.s16 r2, q1, q2",
        "vminv.u32 r3, q6",    "vdup.32 q0, r1",       "vpst",                      "vmaxt.u16 q1, q2, q3",
        "ldr r4, [r0, #4]",    "str r4, [r0, #8]",     "push {r4, lr}",             "pop {r4, pc}",
        "it eq",               "moveq r5, #1",         "cbz r0, 1f",                "bne 0b"};
    std::string s = "\t.syntax unified\n\t.thumb\n\t.text\n";
    int n = 0;
    for (int b = 0; n < kLines; ++b) {
      s += "L" + std::to_string(b) + ":\n";
      for (const char* line : block) {
        std::string l = line;
        if (l == "cbz r0, 1f") l = "cbz r0, L" + std::to_string(b) + "_end";
        if (l == "bne 0b") l = "bne L" + std::to_string(b);
        s += "\t" + l + "\n";
        if (++n == kLines) break;
      }
      s += "L" + std::to_string(b) + "_end:\n";
    }
    return s;
  }();
  return text;
}

void BM_WordAssembleMve100k(benchmark::State& state) {
  const std::string& text = program();
  for (auto _ : state) benchmark::DoNotOptimize(targets::assemble_word_program(*mve().isa, text, "bench.s"));
  state.counters["lines/s"] = benchmark::Counter(kLines, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_WordAssembleMve100k)->Unit(benchmark::kMillisecond)->Iterations(1);

// llvm-mc-19 on the same source (skipped when it is absent).
void BM_LlvmMcMve100k(benchmark::State& state) {
  if (std::system("llvm-mc-19 --version > /dev/null 2>&1") != 0) {
    state.SkipWithError("llvm-mc-19 is not installed");
    return;
  }
  const std::string dir = "/tmp/mlisa_bench_" + std::to_string(::getpid());
  const std::string in = dir + ".s", out = dir + ".o";
  std::ofstream(in) << program();
  const std::string cmd = "llvm-mc-19 -triple=thumbv8.1m.main -mattr=+mve.fp,+fp64 -filetype=obj -o " + out + " " + in;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    if (std::system(cmd.c_str()) != 0) state.SkipWithError("llvm-mc-19 rejected the program");
    state.SetIterationTime(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  state.counters["lines/s"] = benchmark::Counter(kLines, benchmark::Counter::kIsIterationInvariantRate);
  std::remove(in.c_str());
  std::remove(out.c_str());
}
BENCHMARK(BM_LlvmMcMve100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseManualTime();

}  // namespace
