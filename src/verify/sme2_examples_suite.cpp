// The examples suite (target sme2): the BF16 GEMM kernels under examples/ run
// on our machine at SVL 512 (as `mlisa run --target sme2` runs them), and
// their output is compared with an oracle we did not write:
//   bf16_gemm       (SME2 BFMLAL VGx4; QEMU has no SME2): the same GEMM in
//                   host fp32 arithmetic, each step c + a*b rounded once (a
//                   product of two bf16 values is exact in fp32, so this is
//                   the architecture's fused step), k in order;
//   bf16_gemm_mopa  (SME1 BFMOPA): qemu-aarch64 -cpu max,sme512=on running the
//                   program built by llvm-mc-19 and ld.lld (--oracle qemu), or
//                   its output recorded under tests/vectors/sme2/examples
//                   (--oracle stored; --record DIR writes it from QEMU).
// One case per program. docs/sme2.md describes the kernels.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/machines.hpp"
#include "verify/examples.hpp"
#include "verify/qemu_sme2.hpp"
#include "verify/subprocess.hpp"

#include <fmt/format.h>

#include <cstring>

namespace mlisa::verify {
namespace {

constexpr uint64_t kMaxSteps = 10'000'000;

// What examples/bf16_gemm.s prints, computed on the host: its inputs are
// given by the formulas in the file's header.
std::string bf16_gemm_in_fp32() {
  constexpr int M = 8, N = 128, K = 32;
  auto a = [](int i, int k) { return static_cast<float>((i * K + k) * 37 % 101 - 50) / 16.0f; };
  auto b = [](int k, int j) { return static_cast<float>((k * N + j) * 53 % 97 - 48) / 32.0f; };
  auto c0 = [](int i, int j) { return static_cast<float>((i * N + j) % 13 - 6) / 3.0f; };
  std::vector<uint32_t> c(M * N);
  uint32_t sum = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = c0(i, j);
      for (int k = 0; k < K; ++k) acc = acc + a(i, k) * b(k, j);  // exact product, one rounding per step
      std::memcpy(&c[static_cast<size_t>(i * N + j)], &acc, 4);
      sum += c[static_cast<size_t>(i * N + j)];
    }
  std::string out = fmt::format("bf16 gemm {}x{}x{}, C += A*B\n\nc[0][0:8] ", M, N, K);
  for (int j = 0; j < 8; ++j) out += fmt::format(" {:08x}", c[static_cast<size_t>(j)]);
  out += "\nc[7][120:128] ";
  for (int j = 120; j < 128; ++j) out += fmt::format(" {:08x}", c[static_cast<size_t>(7 * N + j)]);
  out += fmt::format("\nchecksum {:08x}\nza multiply-accumulates {:08x}\n", sum, M * N * K);
  return out;
}

class Sme2ExamplesSuite final : public ExamplesSuite {
 public:
  Sme2ExamplesSuite() : ExamplesSuite({"bf16_gemm", "bf16_gemm_mopa"}) {}
  std::string target() const override { return "sme2"; }
  std::string description() const override {
    return "examples/bf16_gemm*.s (BFMLAL VGx4 and BFMOPA GEMMs) on our machine vs host fp32 and QEMU";
  }

 private:
  // QEMU has no SME2: the BFMLAL kernel's reference is the host's fp32 GEMM.
  std::optional<HostReference> host_reference(const std::string& program) const override {
    if (program != "bf16_gemm") return std::nullopt;
    return HostReference{bf16_gemm_in_fp32(), "host fp32"};
  }
  bool have_qemu() const override { return qemu_sme2::find_tools().has_value(); }

  // What `mlisa run --target sme2 --svl 512` writes to stdout.
  std::string run_ours(const std::string& source) const override {
    // One target per thread: the decoder's engine is not shared.
    static thread_local const targets::sme2::Target target = targets::sme2::load();
    targets::Sme2Machine m(*target.isa);
    m.load_file(source);
    std::string out;
    m.set_output([&](int fd, std::string_view s) {
      if (fd == 1) out += s;
    });
    const sim::StepResult r = m.run(kMaxSteps);
    r.rethrow();
    const int status = r.exit_status;
    if (status != 0) throw Fault("exit status", fmt::format("the program exited with status {}", status));
    return out;
  }

  std::string run_qemu(const std::string& source) const override {
    std::string why;
    const auto tools = qemu_sme2::find_tools(&why);
    if (!tools) throw qemu_sme2::OracleError(fmt::format("the QEMU oracle cannot run: {}", why));
    subprocess::TempDir dir("mlisa_sme2_examples");
    const std::string obj = dir.file("example.o"), elf = dir.file("example");
    const auto mc = subprocess::run_process(
        {tools->mc, "-triple=aarch64-linux-gnu", "-mattr=+sme", "-filetype=obj", source, "-o", obj}, dir, "mc", 60);
    if (mc.exit_code != 0) throw qemu_sme2::OracleError(fmt::format("llvm-mc-19 {}: {}", source, mc.err));
    const auto ld = subprocess::run_process({tools->ld, "-static", obj, "-o", elf}, dir, "ld", 60);
    if (ld.exit_code != 0) throw qemu_sme2::OracleError(fmt::format("ld.lld {}: {}", source, ld.err));
    const auto ran = subprocess::run_process({tools->qemu, "-cpu", "max,sme512=on", elf}, dir, "qemu", 60);
    if (ran.exit_code != 0)
      throw qemu_sme2::OracleError(
          fmt::format("qemu-aarch64 {}: exit {}{}", source, ran.exit_code, ran.timed_out ? " (timed out)" : ""));
    return ran.out;
  }
};

}  // namespace

std::unique_ptr<Suite> make_sme2_examples_suite() { return std::make_unique<Sme2ExamplesSuite>(); }

}  // namespace mlisa::verify
