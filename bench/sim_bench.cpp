// Simulators side by side (docs/performance.md): the same ELF run by
// `mlisa run --target mve` and by QEMU's Cortex-M55 (mps3-an547, semihosting
// exit), in instructions per CPU second of the child process; the inner step
// of the sme2 BF16 GEMM of examples/ in ZA multiply-adds per CPU second; the
// tcore hazard suite's wall time.
//
// Start-up (loading specs, QEMU's board) is cancelled by running each program
// at two sizes: rate = (instructions(n2) - instructions(n1)) / (cpu(n2) -
// cpu(n1)). The instruction counts are the programs' own, worked by hand
// (bench/programs/loops.S) and checked against QEMU's one-instruction-per-TB
// exec log (docs/performance.md). n2 grows until the difference takes at
// least kMinSeconds, so the figures hold whichever engine runs. The mve
// loops run kRounds times each, mlisa and QEMU alternating, and report each
// one's best rate.
//
// MLISA_BENCH_ENGINE=compiled|interp passes `--engine X` to every mlisa run
// (unset: the default engine).
#include "verify/subprocess.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

namespace {

namespace sp = mlisa::verify::subprocess;

constexpr double kMinSeconds = 1.0;
constexpr int kRounds = 3;  // mve loops: mlisa and QEMU alternate, best rate of each

std::vector<std::string> engine_args() {
  const char* e = std::getenv("MLISA_BENCH_ENGINE");
  if (!e || !*e) return {};
  return {"--engine", e};
}

// Runs argv; its CPU seconds, or nullopt (with the reason in `why`) when it fails.
std::optional<double> cpu_seconds(const std::vector<std::string>& argv, const sp::TempDir& dir, std::string* why) {
  const sp::ProcessResult r = sp::run_process(argv, dir, "run", 3600);
  if (r.timed_out || r.exit_code != 0) {
    *why = fmt::format("{} failed (exit {}): {}{}", argv[0], r.exit_code, r.out, r.err);
    return std::nullopt;
  }
  return r.cpu_seconds;
}

struct Loop {
  const char* kind;        // HELIUM or SCALAR (loops.S)
  uint64_t per_outer;      // instructions per outer iteration
};

// Builds loops.S with `outer` iterations; the ELF's path, or "" (why says).
std::string build_loop(const Loop& loop, uint64_t outer, const sp::TempDir& dir, std::string* why) {
  static const auto gcc = sp::on_path("arm-none-eabi-gcc");
  if (!gcc) {
    *why = "arm-none-eabi-gcc not found";
    return "";
  }
  const std::string src = std::string(MLISA_SOURCE_DIR) + "/bench/programs/";
  const std::string elf = dir.file(fmt::format("{}_{}.elf", loop.kind, outer));
  const sp::ProcessResult r =
      sp::run_process({*gcc, "-march=armv8.1-m.main+mve.fp+fp.dp", "-mfloat-abi=hard", "-mthumb", "-nostdlib",
                       "-nostartfiles", "-T", src + "link.ld", fmt::format("-D{}", loop.kind),
                       fmt::format("-DOUTER={}", outer), src + "loops.S", "-o", elf},
                      dir, "gcc", 60);
  if (r.exit_code != 0) {
    *why = "arm-none-eabi-gcc failed: " + r.err;
    return "";
  }
  return elf;
}

// Units of work (instructions, multiply-adds) per CPU second of `command +
// [program]`, start-up cancelled: build(outer) writes the program of `outer`
// iterations of `per_outer` units (its path, or "" with why saying).
template <class Build>
std::optional<double> rate_of(uint64_t per_outer, const std::vector<std::string>& command, uint64_t n1,
                              const sp::TempDir& dir, std::string* why, Build build) {
  auto time_of = [&](uint64_t outer) -> std::optional<double> {
    const std::string program = build(outer);
    if (program.empty()) return std::nullopt;
    std::vector<std::string> argv = command;
    argv.push_back(program);
    return cpu_seconds(argv, dir, why);
  };
  const auto t1 = time_of(n1);
  if (!t1) return std::nullopt;
  for (uint64_t n2 = n1 * 4;; n2 *= 4) {
    const auto t2 = time_of(n2);
    if (!t2) return std::nullopt;
    if (*t2 - *t1 >= kMinSeconds || n2 > (uint64_t{1} << 30))
      return static_cast<double>((n2 - n1) * per_outer) / std::max(*t2 - *t1, 1e-3);
  }
}

// Instructions per CPU second of `command + [elf]` for a loop of loops.S.
std::optional<double> loop_rate(const Loop& loop, const std::vector<std::string>& command, uint64_t n1,
                                const sp::TempDir& dir, std::string* why) {
  return rate_of(loop.per_outer, command, n1, dir, why,
                 [&](uint64_t outer) { return build_loop(loop, outer, dir, why); });
}

void side_by_side(benchmark::State& state, const Loop& loop) {
  sp::TempDir dir("mlisa-bench");
  std::string why;
  // A step limit far above the larger program's (sized to run a second or more).
  std::vector<std::string> mlisa = {MLISA_BINARY, "run", "--target", "mve", "--max-steps", "1000000000000"};
  for (const std::string& a : engine_args()) mlisa.push_back(a);
  const auto qemu = sp::on_path("qemu-system-arm");
  if (!qemu) return state.SkipWithError("qemu-system-arm not found");
  const std::vector<std::string> q = {*qemu, "-M", "mps3-an547", "-nographic", "-monitor", "none", "-serial", "none",
                                      "-semihosting-config", "enable=on,target=native", "-kernel"};
  // The machine is shared: the two alternate kRounds times and each keeps
  // its best rate (the run least slowed by others).
  double ours = 0, theirs = 0;
  for (auto _ : state) {
    for (int round = 0; round < kRounds; ++round) {
      const auto a = loop_rate(loop, mlisa, 4, dir, &why);
      const auto b = a ? loop_rate(loop, q, 1000, dir, &why) : std::nullopt;
      if (!a || !b) return state.SkipWithError(why.c_str());
      ours = std::max(ours, *a);
      theirs = std::max(theirs, *b);
    }
  }
  state.counters["mlisa_insn/s"] = ours;
  state.counters["qemu_insn/s"] = theirs;
  state.counters["mlisa/qemu"] = ours / theirs;
}

void BM_MveHeliumLoop(benchmark::State& state) { side_by_side(state, {"HELIUM", 73}); }
void BM_MveScalarLoop(benchmark::State& state) { side_by_side(state, {"SCALAR", 1542}); }
BENCHMARK(BM_MveHeliumLoop)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_MveScalarLoop)->Iterations(1)->Unit(benchmark::kSecond);

// bench/programs/sme2_bfmlal.s: the inner step of examples/bf16_gemm.s (eight
// BFMLAL, VGx4, indexed), 1024 ZA multiply-adds per iteration, at two sizes.
void BM_Sme2Bf16Gemm(benchmark::State& state) {
  sp::TempDir dir("mlisa-bench");
  std::string why;
  std::vector<std::string> mlisa = {MLISA_BINARY, "run", "--target", "sme2", "--max-steps", "1000000000000"};
  for (const std::string& a : engine_args()) mlisa.push_back(a);
  std::ifstream in(std::string(MLISA_SOURCE_DIR) + "/bench/programs/sme2_bfmlal.s");
  const std::string kernel((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (kernel.empty()) return state.SkipWithError("bench/programs/sme2_bfmlal.s not found");
  auto build = [&](uint64_t outer) {
    const std::string path = dir.file(fmt::format("bfmlal_{}.s", outer));
    const std::string text = fmt::format("    .equ OUTER, {}\n", outer) + kernel;
    sp::write_file(path, text.data(), text.size());
    return path;
  };
  std::optional<double> rate;
  for (auto _ : state) rate = rate_of(1024, mlisa, 10, dir, &why, build);
  if (!rate) return state.SkipWithError(why.c_str());
  state.counters["za_macs/s"] = *rate;
}
BENCHMARK(BM_Sme2Bf16Gemm)->Iterations(1)->Unit(benchmark::kSecond);

// `mlisa verify --target tcore --suite hazards`: wall seconds (2 jobs).
void BM_TcoreHazardSuite(benchmark::State& state) {
  sp::TempDir dir("mlisa-bench");
  double wall = 0;
  for (auto _ : state) {
    const sp::ProcessResult r =
        sp::run_process({MLISA_BINARY, "verify", "--target", "tcore", "--suite", "hazards", "-j", "2"}, dir, "hazards", 3600);
    if (r.timed_out || r.exit_code != 0) return state.SkipWithError(("hazard suite failed: " + r.err).c_str());
    wall = r.wall_seconds;
    state.SetIterationTime(wall);
  }
  state.counters["wall_s"] = wall;
}
BENCHMARK(BM_TcoreHazardSuite)->Iterations(1)->UseManualTime()->Unit(benchmark::kSecond);

}  // namespace
