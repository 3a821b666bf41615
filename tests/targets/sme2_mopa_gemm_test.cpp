// examples/bf16_gemm_mopa.s, the BFMOPA version of the BF16 GEMM: its C
// against an fp32 reference that follows the BFloat16 sum-of-products rules
// of BFMOPA (each pair's sum rounded to odd, then the accumulation rounded to
// odd), within the error bound of a plain fp32 reference, and, the example
// being SME1 only, the same output from the ELF under qemu-aarch64.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

constexpr int M = 8, N = 128, K = 32;
float a_val(int i, int k) { return static_cast<float>((i * K + k) * 37 % 101 - 50) / 16.0f; }
float b_val(int k, int j) { return static_cast<float>((k * N + j) * 53 % 97 - 48) / 32.0f; }
float c0_val(int i, int j) { return static_cast<float>((i * N + j) % 13 - 6) / 3.0f; }
uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

std::string example() { return std::string(MLISA_SOURCE_DIR) + "/examples/bf16_gemm_mopa.s"; }

// Round to odd (binary32) of an exact double: truncate towards zero, then
// take the neighbour whose last bit is 1 when inexact. (The values here stay
// far from the subnormal and overflow ranges.)
float round_to_odd(double v) {
  float t = static_cast<float>(v);
  if (static_cast<double>(t) == v) return t;
  if (std::fabs(static_cast<double>(t)) > std::fabs(v)) t = std::nextafter(t, 0.0f);
  if (bits_of(t) & 1) return t;
  return std::nextafter(t, v > 0 ? INFINITY : -INFINITY);
}

// BFMOPA's arithmetic on one element: for each k pair, the two products
// (exact in fp32: 8-bit significands) summed and rounded to odd, then added
// to C and rounded to odd. Every sum here is exact in double.
std::vector<float> mopa_reference() {
  std::vector<float> c(M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = c0_val(i, j);
      for (int q = 0; q < K / 2; ++q) {
        const double p0 = static_cast<double>(a_val(i, 2 * q)) * b_val(2 * q, j);
        const double p1 = static_cast<double>(a_val(i, 2 * q + 1)) * b_val(2 * q + 1, j);
        const float sum = round_to_odd(p0 + p1);
        acc = round_to_odd(static_cast<double>(acc) + sum);
      }
      c[static_cast<size_t>(i * N + j)] = acc;
    }
  return c;
}

struct GemmOutput {
  std::vector<uint32_t> row0, row7;
  uint32_t checksum = 0, macs = 0;
  bool titled = false;
};
GemmOutput parse_gemm(const std::string& out) {
  GemmOutput g;
  std::istringstream in(out);
  std::string line;
  auto words = [](const std::string& l, size_t from) {
    std::vector<uint32_t> v;
    std::istringstream s(l.substr(from));
    std::string w;
    while (s >> w) v.push_back(static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
    return v;
  };
  while (std::getline(in, line)) {
    if (line == "bf16 gemm (bfmopa) 8x128x32, C += A*B") g.titled = true;
    if (line.rfind("c[0][0:8]", 0) == 0) g.row0 = words(line, 9);
    if (line.rfind("c[7][120:128]", 0) == 0) g.row7 = words(line, 13);
    if (line.rfind("checksum ", 0) == 0) g.checksum = words(line, 9).at(0);
    if (line.rfind("za multiply-accumulates ", 0) == 0) g.macs = words(line, 24).at(0);
  }
  return g;
}

TEST(Sme2MopaGemm, MatchesTheBFMOPAReferenceAndTheFp32Bound) {
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", example()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const GemmOutput g = parse_gemm(r.out);
  EXPECT_TRUE(g.titled) << r.out;
  const std::vector<float> ref = mopa_reference();
  ASSERT_EQ(g.row0.size(), 8u) << r.out;
  ASSERT_EQ(g.row7.size(), 8u) << r.out;
  uint32_t sum = 0;
  for (float f : ref) sum += bits_of(f);
  for (int j = 0; j < 8; ++j) {
    EXPECT_EQ(g.row0[static_cast<size_t>(j)], bits_of(ref[static_cast<size_t>(j)])) << "c[0][" << j << "]";
    EXPECT_EQ(g.row7[static_cast<size_t>(j)], bits_of(ref[static_cast<size_t>(7 * N + 120 + j)])) << "c[7][" << 120 + j << "]";
  }
  EXPECT_EQ(g.checksum, sum);
  EXPECT_EQ(g.macs, static_cast<uint32_t>(M * N * K));
  // The machine's own count: 2 per BFDotAdd, 256 per BFMOPA on 8 rows.
  EXPECT_NE(r.err.find("32768 ZA multiply-accumulates"), std::string::npos) << r.err;
  // Against the exact dot product: K/2 + K/2 roundings to odd, each within
  // an ulp of the running value, so within (K + 1) * 2^-23 * sum |terms|
  // (the bound a plain fp32 GEMM meets with 2^-24).
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double exact = c0_val(i, j), mag = std::fabs(c0_val(i, j));
      for (int k = 0; k < K; ++k) {
        exact += static_cast<double>(a_val(i, k)) * b_val(k, j);
        mag += std::fabs(static_cast<double>(a_val(i, k)) * b_val(k, j));
      }
      const size_t e = static_cast<size_t>(i * N + j);
      EXPECT_LE(std::fabs(static_cast<double>(ref[e]) - exact), (K + 1) * std::ldexp(mag, -23)) << i << "," << j;
    }
}

TEST(Sme2MopaGemm, RefusesAnotherVectorLength) {
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "1024", example()});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("needs an SVL of 512"), std::string::npos) << r.out;
}

bool have(const char* tool) { return std::system((std::string("command -v ") + tool + " >/dev/null 2>&1").c_str()) == 0; }

// SME1 only, so QEMU runs it: the same lines from qemu-aarch64 as from
// mlisa run (QEMU is the oracle for BFMOPA here, on a whole program).
TEST(Sme2MopaGemm, QemuPrintsTheSame) {
  if (!have("llvm-mc-19") || !have("ld.lld") || !have("qemu-aarch64")) GTEST_SKIP() << "llvm-mc-19, ld.lld or qemu-aarch64 absent";
  const std::string dir = (std::filesystem::path(::testing::TempDir()) / "mlisa_mopa_gemm").string();
  std::filesystem::create_directories(dir);
  const std::string obj = dir + "/gemm.o", elf = dir + "/gemm", out = dir + "/out.txt";
  ASSERT_EQ(std::system(("llvm-mc-19 -triple=aarch64-linux-gnu -mattr=+sme -filetype=obj " + example() + " -o " + obj).c_str()), 0);
  ASSERT_EQ(std::system(("ld.lld -static " + obj + " -o " + elf).c_str()), 0);
  ASSERT_EQ(std::system(("qemu-aarch64 -cpu max,sme512=on " + elf + " > " + out).c_str()), 0);
  std::stringstream q;
  q << std::ifstream(out).rdbuf();
  const RunResult r = run_mlisa({"run", "--target", "sme2", example()});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(q.str(), r.out);
}

}  // namespace
}  // namespace mlisa::test
