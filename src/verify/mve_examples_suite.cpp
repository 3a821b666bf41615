// The examples suite (target mve; the shared part is verify/examples.hpp):
// examples/maxpool_fc.s and maxpool_fc_f32.s run on our machine (the same
// path as `mlisa run --target mve`) and their semihosting output is compared
// with QEMU's Cortex-M55 running the same source built by arm-none-eabi-gcc,
// or with QEMU's output recorded under tests/vectors/mve/examples.
// docs/mve.md ("Examples") describes the programs.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/machines.hpp"
#include "verify/examples.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/subprocess.hpp"

#include <fmt/format.h>

namespace mlisa::verify {
namespace {

constexpr uint64_t kMaxSteps = 10'000'000;

class MveExamplesSuite final : public ExamplesSuite {
 public:
  MveExamplesSuite() : ExamplesSuite({"maxpool_fc", "maxpool_fc_f32"}) {}
  std::string target() const override { return "mve"; }
  std::string description() const override {
    return "examples/*.s (max pooling and fully connected layers, int8 and f32) on our machine vs QEMU's output";
  }

 private:
  bool have_qemu() const override { return qemu_mve::find_tools().has_value(); }

  std::string run_ours(const std::string& source) const override {
    // One target per thread: the assembler and decoder run pseudocode in an
    // engine of their own, which threads must not share.
    static thread_local const targets::mve::Target target = targets::mve::load();
    targets::MveMachine m(*target.isa);
    m.load_file(source);
    m.run(kMaxSteps).rethrow();
    return m.output();
  }

  // QEMU's semihosting console (its stderr) for the source built by gcc.
  std::string run_qemu(const std::string& source) const override {
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
};

}  // namespace

std::unique_ptr<Suite> make_mve_examples_suite() { return std::make_unique<MveExamplesSuite>(); }

}  // namespace mlisa::verify
