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
#include "core/diag.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/word_program.hpp"
#include "verify/examples.hpp"
#include "verify/qemu_sme2.hpp"
#include "verify/subprocess.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>
#include <mutex>
#include <map>
#include <fstream>

#ifndef MLISA_VECTOR_DIR
#define MLISA_VECTOR_DIR "tests/vectors"
#endif

namespace mlisa::verify {
namespace {

const char* const kExamples[] = {"bf16_gemm", "bf16_gemm_mopa"};
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

class Sme2ExamplesSuite final : public Suite {
 public:
  std::string name() const override { return "examples"; }
  std::string target() const override { return "sme2"; }
  std::string description() const override {
    return "examples/bf16_gemm*.s (BFMLAL VGx4 and BFMOPA GEMMs) on our machine vs host fp32 and QEMU";
  }
  std::vector<std::string> operations() const override { return {std::begin(kExamples), std::end(kExamples)}; }
  uint64_t default_cases() const override { return 1; }

  bool set_option(const std::string& key, const std::string& value) override {
    if (key == "oracle") {
      if (value != "qemu" && value != "stored" && value != "auto") return false;
      return oracle_ = value, true;
    }
    if (key == "record") return record_dir_ = value, true;
    if (key == "vectors") return vectors_dir_ = value, true;
    return false;
  }

  CaseOutcome run_case(size_t op, uint64_t, uint64_t) const override {
    if (op >= std::size(kExamples)) throw std::out_of_range("no such operation");
    const std::string name = kExamples[op];
    const std::string source = example_path(name);
    CaseOutcome o;
    o.operand_class = "program";
    std::string expected, who;
    if (name == "bf16_gemm") {
      expected = bf16_gemm_in_fp32();
      who = "host fp32";
    } else if (oracle() == "qemu") {
      expected = qemu_output(op, source);
      who = "QEMU";
      if (!record_dir_.empty()) {
        const std::string path = vectors_path(record_dir_, name);
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        std::ofstream(path, std::ios::binary) << expected;
      }
    } else {
      const std::string path = vectors_path(vectors_dir_.empty() ? MLISA_VECTOR_DIR : vectors_dir_, name);
      if (!std::filesystem::exists(path))
        throw qemu_sme2::OracleError(fmt::format(
            "{}: no recorded output; run with QEMU (--oracle qemu) or record it (mlisa verify --target sme2 --suite "
            "examples --record DIR)",
            path));
      expected = subprocess::read_text(path, 1 << 20);
      who = "QEMU (stored)";
    }
    std::string ours;
    try {
      ours = run_ours(source);
    } catch (const Fault& f) {
      o.detail = fmt::format("{}: our run faulted: {}", name, f.what());
      return o;
    }
    o.passed = ours == expected;
    o.detail = o.passed ? fmt::format("{}: {} bytes of output, as {}", name, ours.size(), who)
                        : fmt::format("{}: ours '{}', {} '{}'; ours: mlisa run --target sme2 {}", name,
                                      escape_output(ours), who, escape_output(expected), source);
    return o;
  }

 private:
  std::string oracle() const {
    if (!record_dir_.empty()) return "qemu";
    if (oracle_ == "qemu" || oracle_ == "stored") return oracle_;
    return qemu_sme2::find_tools() ? "qemu" : "stored";
  }

  static std::string vectors_path(const std::string& dir, const std::string& name) {
    return (std::filesystem::path(dir) / "sme2" / "examples" / (name + ".txt")).string();
  }

  // What `mlisa run --target sme2 --svl 512` writes to stdout.
  static std::string run_ours(const std::string& source) {
    // One target per thread: the decoder's engine is not shared.
    static thread_local const targets::sme2::Target target = targets::sme2::load();
    targets::sme2::Machine m(*target.isa, 512);
    m.load(targets::load_program(*target.isa, source, targets::sme2::Machine::layout()));
    std::string out;
    m.on_write = [&](int fd, std::string_view s) {
      if (fd == 1) out += s;
    };
    const int status = m.run(kMaxSteps);
    if (status != 0) throw Fault("exit status", fmt::format("the program exited with status {}", status));
    return out;
  }

  static std::string run_qemu(const std::string& source) {
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

  // QEMU runs once per program: every case of it is the same run.
  std::string qemu_output(size_t op, const std::string& source) const {
    std::lock_guard<std::mutex> lock(qemu_mutex_);
    auto it = qemu_outputs_.find(op);
    if (it == qemu_outputs_.end()) it = qemu_outputs_.emplace(op, run_qemu(source)).first;
    return it->second;
  }

  std::string oracle_ = "auto", record_dir_, vectors_dir_;
  mutable std::mutex qemu_mutex_;
  mutable std::map<size_t, std::string> qemu_outputs_;
};

}  // namespace

std::unique_ptr<Suite> make_sme2_examples_suite() { return std::make_unique<Sme2ExamplesSuite>(); }

}  // namespace mlisa::verify
