// examples/maxpool_fc.s and examples/maxpool_fc_f32.s: the lines they print,
// computed here from their data formulas by plain C++ (the layer's
// definition: 2x2 max pooling, stride 2, then a fully connected layer and the
// largest output), against `mlisa run`, against QEMU's Cortex-M55 when
// qemu-system-arm and arm-none-eabi-gcc are installed, and against the output
// recorded from QEMU under tests/vectors/mve/examples.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
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

constexpr int kH = 6, kW = 6, kC = 4, kJ = 10, kN = 36;

std::string hex_line(uint32_t v) { return fmt::format("{:08x}\n", v); }

// The data formulas of the examples' headers.
std::string int_reference() {
  auto x = [](int h, int w, int c) { return ((h * kW + w) * kC + c) * 37 % 251 - 125; };
  auto weight = [](int j, int i) { return (j * kN + i) * 53 % 241 - 120; };
  std::vector<int> pooled;
  for (int y = 0; y < 3; ++y)
    for (int xx = 0; xx < 3; ++xx)
      for (int c = 0; c < kC; ++c)
        pooled.push_back(std::max({x(2 * y, 2 * xx, c), x(2 * y, 2 * xx + 1, c), x(2 * y + 1, 2 * xx, c),
                                   x(2 * y + 1, 2 * xx + 1, c)}));
  std::string out;
  for (int k = 0; k < 9; ++k) {
    uint32_t word = 0;
    for (int b = 0; b < 4; ++b) word |= static_cast<uint32_t>(pooled[static_cast<size_t>(4 * k + b)] & 0xff) << (8 * b);
    out += hex_line(word);
  }
  int32_t best = INT32_MIN;
  for (int j = 0; j < kJ; ++j) {
    int32_t acc = 1000 * j - 4321;
    for (int i = 0; i < kN; ++i) acc += weight(j, i) * pooled[static_cast<size_t>(i)];
    best = std::max(best, acc);
    out += hex_line(static_cast<uint32_t>(acc));
  }
  return out + hex_line(static_cast<uint32_t>(best));
}

uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// IEEE single precision, round to nearest even (no value is denormal, so the
// forced flush-to-zero of MVE arithmetic does not matter). maxNum: a quiet
// NaN loses to a number.
std::string f32_reference() {
  auto x = [](int k) { return k == 17 ? std::nanf("") : static_cast<float>((k * 37 % 101) - 50) / 8.0f; };
  auto weight = [](int i, int j) { return static_cast<float>(((i * kJ + j) * 29 % 97) - 48) / 16.0f; };
  auto max_num = [](float a, float b) { return std::isnan(a) ? b : std::isnan(b) ? a : std::max(a, b); };
  std::vector<float> pooled;
  for (int y = 0; y < 3; ++y)
    for (int xx = 0; xx < 3; ++xx)
      for (int c = 0; c < kC; ++c) {
        auto at = [&](int h, int w) { return x((h * kW + w) * kC + c); };
        // The example's order: max(max(a, b), max(c, d)).
        pooled.push_back(max_num(max_num(at(2 * y, 2 * xx), at(2 * y, 2 * xx + 1)),
                                 max_num(at(2 * y + 1, 2 * xx), at(2 * y + 1, 2 * xx + 1))));
      }
  std::string out;
  for (int k = 0; k < 9; ++k) out += hex_line(bits_of(pooled[static_cast<size_t>(k)]));
  float best = -INFINITY;
  std::string outputs;
  for (int j = 0; j < kJ; ++j) {
    volatile float acc = static_cast<float>(j - 5) * 0.5f;
    for (int i = 0; i < kN; ++i) {
      volatile float product = weight(i, j) * pooled[static_cast<size_t>(i)];
      acc = acc + product;
    }
    best = max_num(best, acc);
    outputs += hex_line(bits_of(acc));
  }
  return out + outputs + hex_line(bits_of(best));
}

std::string source(const std::string& name) { return std::string(MLISA_SOURCE_DIR) + "/examples/" + name + ".s"; }

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool on_path(const char* tool) {
  return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0;
}

// The example built with arm-none-eabi-gcc and run under QEMU; its semihosting
// output (QEMU writes it to stderr).
std::string run_under_qemu(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / fmt::format("mlisa_example_{}_{}", name, ::getpid());
  std::filesystem::create_directories(dir);
  const std::string elf = (dir / (name + ".elf")).string(), out = (dir / "out.txt").string();
  const std::string build = fmt::format(
      "arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -Wl,-Ttext=0 '{}' -o '{}'", source(name), elf);
  EXPECT_EQ(std::system(build.c_str()), 0) << build;
  const std::string run = fmt::format(
      "timeout 20 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none "
      "-semihosting-config enable=on,target=native -kernel '{}' 2>'{}' >/dev/null",
      elf, out);
  EXPECT_EQ(std::system(run.c_str()), 0) << run;
  std::string text = read_file(out);
  std::filesystem::remove_all(dir);
  return text;
}

struct Example {
  const char* name;
  std::string (*reference)();
};
const Example kExamples[] = {{"maxpool_fc", &int_reference}, {"maxpool_fc_f32", &f32_reference}};

TEST(MveExamples, ReferenceMatchesTheRecordingFromQemu) {
  for (const Example& e : kExamples) {
    const std::string recorded =
        read_file(std::string(MLISA_SOURCE_DIR) + "/tests/vectors/mve/examples/" + e.name + ".txt");
    EXPECT_EQ(recorded, e.reference()) << e.name;
  }
}

TEST(MveExamples, MlisaRunPrintsTheReference) {
  for (const Example& e : kExamples) {
    const auto r = run_mlisa({"run", "--target", "mve", source(e.name)});
    EXPECT_EQ(r.exit_code, 0) << e.name << ": " << r.err;
    EXPECT_EQ(r.out, e.reference()) << e.name;
  }
}

TEST(MveExamples, QemuPrintsTheReference) {
  if (!on_path("qemu-system-arm") || !on_path("arm-none-eabi-gcc"))
    GTEST_SKIP() << "qemu-system-arm or arm-none-eabi-gcc is not installed";
  for (const Example& e : kExamples) EXPECT_EQ(run_under_qemu(e.name), e.reference()) << e.name;
}

}  // namespace
}  // namespace mlisa::test
