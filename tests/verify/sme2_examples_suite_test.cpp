// The sme2 examples suite through the binary: both GEMM kernels pass against
// their oracles (host fp32; QEMU's recorded output), and a wrong recording is
// reported as a failure, not passed.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace mlisa::test {
namespace {

TEST(Sme2ExamplesSuite, BothKernelsPassFromStoredOutput) {
  const RunResult r = run_mlisa({"verify", "--target", "sme2", "--suite", "examples", "--oracle", "stored"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_NE(r.out.find("all 2 cases passed"), std::string::npos) << r.out;
}

TEST(Sme2ExamplesSuite, AWrongRecordingFails) {
  const std::filesystem::path dir =
      std::filesystem::path(::testing::TempDir()) / ("mlisa_sme2_examples_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir / "sme2" / "examples");
  std::ofstream(dir / "sme2" / "examples" / "bf16_gemm_mopa.txt") << "not what the kernel prints\n";
  const RunResult r = run_mlisa({"verify", "--target", "sme2", "--suite", "examples", "--op", "bf16_gemm_mopa",
                                 "--oracle", "stored", "--vectors", dir.string()});
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace mlisa::test
