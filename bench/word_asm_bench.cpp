// The single-word assembler on mve (T32 with Helium): lines assembled per
// CPU second on a 100,000-line program, and llvm-mc-19 on the same file in
// the same run (the child's user + system time from wait4, process start
// included; its wall time as the counter `wall_s`), so the ratio of the two
// figures is measured on one machine at one moment and does not depend on
// the machine's load. The llvm-mc benchmark also checks that its .text is
// byte for byte ours.
//
// The program repeats a block of integer, branch and vector lines with its
// own loop label, so the front end resolves and relaxes branches as it would
// in a real kernel.
#include "asm/word_program.hpp"
#include "targets/targets.hpp"

#include <benchmark/benchmark.h>

#include <sys/resource.h>
#include <sys/wait.h>
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
  // The target's specs are loaded in the timed part, as llvm-mc's start is in its.
  for (auto _ : state) {
    const targets::LoadedWordTarget t = targets::load_word_target("mve", std::nullopt);
    benchmark::DoNotOptimize(as::assemble_word_program(*t.isa, text, "bench.s"));
  }
  state.counters["lines/s"] = benchmark::Counter(kLines, benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_WordAssembleMve100k)->Unit(benchmark::kMillisecond)->Iterations(1);

// llvm-mc-19 on the same source (skipped when it is absent), timed by the
// child's CPU time.
void BM_LlvmMcMve100k(benchmark::State& state) {
  if (std::system("llvm-mc-19 --version > /dev/null 2>&1") != 0) {
    state.SkipWithError("llvm-mc-19 is not installed");
    return;
  }
  const std::string dir = "/tmp/mlisa_bench_" + std::to_string(::getpid());
  const std::string in = dir + ".s", out = dir + ".o";
  std::ofstream(in) << program();
  double wall = 0;
  for (auto _ : state) {
    const auto t0 = std::chrono::steady_clock::now();
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::execlp("llvm-mc-19", "llvm-mc-19", "-triple=thumbv8.1m.main", "-mattr=+mve.fp,+fp64", "-filetype=obj", "-o",
               out.c_str(), in.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    int status = 0;
    struct rusage ru {};
    if (pid < 0 || ::wait4(pid, &status, 0, &ru) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      state.SkipWithError("llvm-mc-19 rejected the program");
      break;
    }
    wall += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    state.SetIterationTime(static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
                           1e-6 * static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec));
  }
  state.counters["lines/s"] = benchmark::Counter(kLines, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["wall_s"] = wall / static_cast<double>(state.iterations());
  // The same bytes as ours (not timed).
  if (std::ifstream(out).good()) {
    const as::Object ours = as::assemble_word_program(*mve().isa, program(), "bench.s");
    const as::ProgramImage theirs = as::load_program(*mve().isa, out, as::LinkLayout{});
    bool same = false;
    for (const auto& seg : theirs.segments)
      for (const auto& sec : ours.sections)
        if (seg.name == ".text" && sec.name == ".text") same = seg.bytes == sec.bytes;
    if (!same) state.SkipWithError("llvm-mc-19's .text differs from ours");
  }
  std::remove(in.c_str());
  std::remove(out.c_str());
}
BENCHMARK(BM_LlvmMcMve100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseManualTime();

}  // namespace
