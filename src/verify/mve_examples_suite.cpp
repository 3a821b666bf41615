// The examples suite (target mve): each program under examples/ runs on our
// machine (the same path as `mlisa run --target mve`) and its semihosting
// output is compared with QEMU's Cortex-M55 running the same source built by
// arm-none-eabi-gcc (--oracle qemu), or with QEMU's output recorded under
// tests/vectors/mve/examples/NAME.txt (--oracle stored; --record DIR writes
// DIR/mve/examples/NAME.txt from QEMU). One case per program.
// docs/mve.md ("Examples") describes the programs.
#include "core/diag.hpp"
#include "targets/mve/machine.hpp"
#include "targets/targets.hpp"
#include "targets/word_program.hpp"
#include "verify/campaign.hpp"
#include "verify/examples.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/subprocess.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <map>
#include <fstream>
#include <mutex>

#ifndef MLISA_VECTOR_DIR
#define MLISA_VECTOR_DIR "tests/vectors"
#endif

namespace mlisa::verify {
namespace {

const char* const kExamples[] = {"maxpool_fc", "maxpool_fc_f32"};
constexpr uint64_t kMaxSteps = 10'000'000;

class ExamplesSuite final : public Suite {
 public:
  std::string name() const override { return "examples"; }
  std::string target() const override { return "mve"; }
  std::string description() const override {
    return "examples/*.s (max pooling and fully connected layers, int8 and f32) on our machine vs QEMU's output";
  }
  std::vector<std::string> operations() const override { return {std::begin(kExamples), std::end(kExamples)}; }
  uint64_t default_cases() const override { return 1; }

  bool set_option(const std::string& key, const std::string& value) override {
    if (key == "oracle") {
      if (value != "qemu" && value != "stored" && value != "auto")
        throw CampaignError(fmt::format("--oracle '{}': expected qemu, stored or auto", value));
      oracle_ = value;
      return true;
    }
    if (key == "record") return record_dir_ = value, true;
    if (key == "vectors") return vectors_dir_ = value, true;
    return false;
  }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    if (op >= std::size(kExamples)) throw std::out_of_range("no such operation");
    const std::string name = kExamples[op];
    const std::string source = example_path(name);
    CaseOutcome o;
    o.operand_class = "program";
    (void)index;
    (void)seed;
    const std::string oracle = resolved_oracle();
    std::string expected;
    if (oracle == "qemu") {
      expected = qemu_output(op, source);
      if (!record_dir_.empty()) record(name, expected);
    } else {
      const std::string path = vectors_path(vectors_dir_.empty() ? MLISA_VECTOR_DIR : vectors_dir_, name);
      if (!std::filesystem::exists(path))
        throw qemu_mve::OracleError(fmt::format(
            "{}: no recorded output; run with QEMU (--oracle qemu) or record it (mlisa verify --target mve --suite "
            "examples --record DIR)",
            path));
      expected = subprocess::read_text(path, 1 << 20);
    }
    std::string ours;
    try {
      ours = run_ours(source);
    } catch (const Fault& f) {
      o.detail = fmt::format("{}: our run faulted: {}; expected '{}'", name, f.what(), escape_output(expected));
      return o;
    }
    o.passed = ours == expected;
    const char* who = oracle == "qemu" ? "QEMU" : "QEMU (stored)";
    o.detail = o.passed ? fmt::format("{}: {} bytes of output, as {}", name, ours.size(), who)
                        : fmt::format("{}: ours '{}', {} '{}'; ours: mlisa run --target mve {}", name, escape_output(ours),
                                      who, escape_output(expected), source);
    return o;
  }

 private:
  std::string resolved_oracle() const {
    if (!record_dir_.empty()) return "qemu";
    if (oracle_ == "qemu" || oracle_ == "stored") return oracle_;
    return qemu_mve::find_tools() ? "qemu" : "stored";
  }

  static std::string vectors_path(const std::string& dir, const std::string& name) {
    return (std::filesystem::path(dir) / "mve" / "examples" / (name + ".txt")).string();
  }

  // What `mlisa run --target mve` prints.
  std::string run_ours(const std::string& source) const {
    // One target per thread: the assembler and decoder run pseudocode in an
    // engine of their own, which threads must not share.
    static thread_local const targets::mve::Target target = targets::mve::load();
    const targets::ProgramImage image = targets::load_program(*target.isa, source, targets::mve::Machine::layout());
    targets::mve::Machine m(*target.isa);
    m.reset(true);
    m.load(image);
    if (!m.run(kMaxSteps)) throw Fault("step limit", fmt::format("{} instructions without SYS_EXIT", kMaxSteps));
    return m.host().output;
  }

  // QEMU's semihosting console (its stderr) for the source built by gcc.
  static std::string run_qemu(const std::string& source) {
    std::string why;
    const auto tools = qemu_mve::find_tools(&why);
    if (!tools) throw qemu_mve::OracleError(fmt::format("the QEMU oracle cannot run: {}", why));
    subprocess::TempDir dir("mlisa_examples");
    const std::string elf = dir.file("example.elf");
    const auto built = subprocess::run_process({tools->gcc, "-mcpu=cortex-m55", "-mfloat-abi=hard", "-nostdlib",
                                                "-Wl,-Ttext=0", source, "-o", elf},
                                               dir, "gcc", 60);
    if (built.exit_code != 0) throw qemu_mve::OracleError(fmt::format("arm-none-eabi-gcc {}: {}", source, built.err));
    const auto ran = subprocess::run_process({tools->qemu, "-M", "mps3-an547", "-nographic", "-monitor", "none",
                                              "-serial", "none", "-semihosting-config", "enable=on,target=native",
                                              "-kernel", elf},
                                             dir, "qemu", 60);
    if (ran.exit_code != 0)
      throw qemu_mve::OracleError(fmt::format("qemu-system-arm {}: exit {}{}", source, ran.exit_code,
                                              ran.timed_out ? " (timed out)" : ""));
    return ran.err;
  }

  void record(const std::string& name, const std::string& text) const {
    const std::string path = vectors_path(record_dir_, name);
    std::filesystem::create_directories(std::filesystem::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
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

std::unique_ptr<Suite> make_mve_examples_suite() { return std::make_unique<ExamplesSuite>(); }

}  // namespace mlisa::verify
