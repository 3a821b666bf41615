// The sme2 target: encodings against llvm-mc-19, the printer's round trip,
// BFMLAL/BFMLSL semantics on hand-worked values, an MPFR reference on random
// cases at three streaming vector lengths, and mlisa exec as a process.
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "support/run_mlisa.hpp"
#include "targets/sme2/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <mpfr.h>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <random>
#include <regex>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

using spec::Bits;
using targets::sme2::Machine;

const targets::sme2::Target& sme2() {
  static const targets::sme2::Target t = targets::sme2::load();
  return t;
}

const std::vector<std::string> kForms = {
    "bfmlal za.s[w8, 0:1], z0.h, z0.h",           "bfmlal za.s[w11, 14:15], z31.h, z15.h",
    "bfmlal za.s[w9, 6:7], z17.h, z3.h",          "bfmlsl za.s[w8, 0:1], z0.h, z0.h",
    "bfmlsl za.s[w11, 14:15], z31.h, z15.h",      "bfmlsl za.s[w10, 8:9], z5.h, z9.h",
    "bfmlal za.s[w8, 0:1], z0.h, z0.h[0]",        "bfmlal za.s[w11, 14:15], z31.h, z15.h[7]",
    "bfmlal za.s[w9, 2:3], z12.h, z7.h[4]",       "bfmlal za.s[w10, 4:5], z1.h, z2.h[3]",
    "bfmlsl za.s[w8, 0:1], z0.h, z0.h[0]",        "bfmlsl za.s[w11, 14:15], z31.h, z15.h[7]",
    "bfmlsl za.s[w9, 10:11], z20.h, z8.h[1]",     "bfmlsl za.s[w10, 12:13], z30.h, z14.h[6]",
    "bfmlal za.s[w9, 6:7, vgx2], {z0.h, z1.h}, z0.h",
    "bfmlal za.s[w8, 0:1, vgx2], {z31.h, z0.h}, z15.h",
    "bfmlsl za.s[w11, 2:3, vgx2], {z17.h-z18.h}, z4.h",
    "bfmlal za.s[w10, 6:7, vgx4], {z0.h-z3.h}, z15.h",
    "bfmlal za.s[w8, 0:1, vgx4], {z31.h, z0.h, z1.h, z2.h}, z0.h",
    "bfmlsl za.s[w9, 4:5, vgx4], {z29.h-z0.h}, z7.h",
    "bfmlal za.s[w8, 0:1, vgx2], {z0.h, z1.h}, {z0.h, z1.h}",
    "bfmlal za.s[w11, 6:7, vgx2], {z30.h, z31.h}, {z30.h, z31.h}",
    "bfmlsl za.s[w9, 2:3, vgx2], {z10.h-z11.h}, {z22.h-z23.h}",
    "bfmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, {z0.h-z3.h}",
    "bfmlal za.s[w11, 6:7, vgx4], {z28.h-z31.h}, {z28.h-z31.h}",
    "bfmlsl za.s[w10, 4:5, vgx4], {z8.h-z11.h}, {z20.h-z23.h}",
    "bfmlal za.s[w8, 0:1, vgx2], {z0.h, z1.h}, z0.h[0]",
    "bfmlal za.s[w11, 6:7, vgx2], {z30.h, z31.h}, z15.h[7]",
    "bfmlsl za.s[w9, 2:3, vgx2], {z6.h-z7.h}, z9.h[5]",
    "bfmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, z0.h[0]",
    "bfmlal za.s[w11, 6:7, vgx4], {z28.h-z31.h}, z15.h[7]",
    "bfmlsl za.s[w10, 4:5, vgx4], {z12.h-z15.h}, z3.h[2]",
    "bfmlal za.s[w8, 0:1], z0.h, z0.h",  // (vgx optional: the single form)
    "fmlal za.s[w8, 0:1], z0.h, z0.h",
    "fmlal za.s[w11, 14:15], z31.h, z15.h",
    "fmlal za.s[w9, 6:7, vgx2], {z0.h, z1.h}, z0.h",
    "fmlal za.s[w8, 0:1, vgx2], {z31.h, z0.h}, z15.h",
    "fmlal za.s[w10, 6:7, vgx4], {z0.h-z3.h}, z15.h",
    "fmlal za.s[w8, 0:1, vgx4], {z31.h, z0.h, z1.h, z2.h}, z0.h",
    "fmlal za.s[w8, 0:1, vgx2], {z0.h, z1.h}, {z0.h, z1.h}",
    "fmlal za.s[w11, 6:7, vgx2], {z30.h, z31.h}, {z30.h, z31.h}",
    "fmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, {z0.h-z3.h}",
    "fmlal za.s[w11, 6:7, vgx4], {z28.h-z31.h}, {z28.h-z31.h}",
    "fmlal za.s[w8, 0:1], z0.h, z0.h[0]",
    "fmlal za.s[w11, 14:15], z31.h, z15.h[7]",
    "fmlal za.s[w8, 0:1, vgx2], {z0.h, z1.h}, z0.h[0]",
    "fmlal za.s[w11, 6:7, vgx2], {z30.h, z31.h}, z15.h[7]",
    "fmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, z0.h[0]",
    "fmlal za.s[w11, 6:7, vgx4], {z28.h-z31.h}, z15.h[7]",
    "fmlsl za.s[w8, 0:1], z0.h, z0.h",
    "fmlsl za.s[w8, 0:1], z0.h, z0.h[0]",
    "bfdot za.s[w8, 0, vgx2], {z0.h, z1.h}, z0.h",
    "bfdot za.s[w11, 7, vgx2], {z31.h, z0.h}, z15.h",
    "bfdot za.s[w9, 3], {z5.h-z6.h}, z7.h",
    "bfdot za.s[w10, 5, vgx4], {z30.h-z1.h}, z9.h",
    "bfdot za.s[w8, 0, vgx2], {z0.h, z1.h}, {z30.h, z31.h}",
    "bfdot za.s[w11, 7, vgx4], {z28.h-z31.h}, {z4.h-z7.h}",
    "bfdot za.s[w9, 2, vgx2], {z30.h, z31.h}, z15.h[3]",
    "bfdot za.s[w10, 6, vgx4], {z8.h-z11.h}, z0.h[1]",
    "bfvdot za.s[w8, 0, vgx2], {z0.h, z1.h}, z0.h[0]",
    "bfvdot za.s[w11, 7], {z30.h-z31.h}, z15.h[3]",
    "fclamp {z4.s-z7.s}, z0.s, z1.s", "fclamp {z0.h-z1.h}, z31.h, z30.h", "fclamp {z28.d-z31.d}, z5.d, z6.d",
    "bfcvt z0.h, p0/m, z0.s",
    "bfcvt z31.h, p7/m, z30.s",
    "bfcvtnt z5.h, p3/m, z17.s",
    "bfcvt z0.h, {z0.s-z1.s}",
    "bfcvtn z31.h, {z30.s, z31.s}",
    "bfdot z0.s, z1.h, z2.h",
    "bfdot z17.s, z30.h, z7.h[3]",
    "bfmlalb z0.s, z1.h, z31.h",
    "bfmlalt z31.s, z30.h, z29.h",
    "bfmlalb z0.s, z1.h, z7.h[7]",
    "bfmlalt z21.s, z10.h, z3.h[5]",
    "fmla za.s[w8, 0, vgx2], {z0.s, z1.s}, z0.s",
    "fmls za.d[w11, 7, vgx4], {z31.d, z0.d, z1.d, z2.d}, z15.d",
    "fmla za.s[w9, 3, vgx4], {z28.s-z31.s}, {z4.s-z7.s}",
    "fmls za.d[w10, 1, vgx2], {z30.d, z31.d}, {z2.d, z3.d}",
    "fmla za.s[w8, 5, vgx2], {z30.s, z31.s}, z15.s[3]",
    "fmls za.d[w9, 2, vgx4], {z4.d-z7.d}, z9.d[1]",
    "fadd za.s[w8, 0, vgx2], {z0.s, z1.s}",
    "fsub za.d[w11, 7, vgx4], {z28.d-z31.d}",
    "zero {za}",
    "mova {z0.d, z1.d}, za.d[w8, 0, vgx2]",
    "mova {z30.d, z31.d}, za.d[w9, 3]",
    "mova {z0.d-z3.d}, za.d[w11, 7, vgx4]",
    "mova {z28.d-z31.d}, za.d[w10, 5]",
    "mova za.d[w8, 7, vgx4], {z28.d-z31.d}",
    "mova za.d[w11, 7, vgx2], {z30.d, z31.d}",
    "mov za.d[w9, 2, vgx2], {z4.d-z5.d}",
    "mov {z8.d-z11.d}, za.d[w8, 1, vgx4]",
    "mova {z0.b, z1.b}, za0h.b[w12, 14:15]",      "mova {z30.h, z31.h}, za1v.h[w15, 6:7]",
    "mov {z2.s, z3.s}, za3h.s[w13, 2:3]",         "mova {z0.d, z1.d}, za7v.d[w14, 0:1]",
    "mova {z28.b-z31.b}, za0v.b[w12, 12:15]",     "mov {z0.h-z3.h}, za1h.h[w12, 4:7]",
    "mova {z4.s-z7.s}, za2v.s[w15, 0:3]",         "mov {z8.d-z11.d}, za5h.d[w13, 0:3]",
    "mova za0v.b[w13, 14:15], {z0.b, z1.b}",      "mov za1h.h[w12, 2:3], {z30.h, z31.h}",
    "mova za3v.s[w12, 2:3], {z10.s, z11.s}",      "mov za6h.d[w15, 0:1], {z4.d, z5.d}",
    "mova za0h.b[w12, 8:11], {z28.b-z31.b}",      "mov za1v.h[w14, 4:7], {z0.h-z3.h}",
    "mova za2h.s[w12, 0:3], {z12.s-z15.s}",       "mov za7v.d[w15, 0:3], {z4.d-z7.d}",
    "smstart",                                    "smstart sm",
    "smstart za",                                 "smstop",
    "smstop sm",                                  "smstop za",
};

using mlisa::test::have_llvm_mc;

std::string our_bytes(const std::string& text) {
  return mlisa::test::llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(text).word));
}

TEST(Sme2Encoding, EveryFormMatchesLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  mlisa::test::expect_forms_match_llvm_mc("-triple=aarch64 -mattr=+sme2,+sme-f64f64", kForms, our_bytes);
}

// llvm-mc's own spelling of each form (`{ z0.h - z3.h }`, `vgx4`, tabs)
// assembles to the same bytes.
TEST(Sme2Encoding, LlvmMcPrintedTextReassembles) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  std::string source;
  for (const auto& f : kForms) source += f + "\n";
  const std::string in = ::testing::TempDir() + "sme2_llvm_in2.s";
  const std::string out = ::testing::TempDir() + "sme2_llvm_out2.txt";
  std::ofstream(in) << source;
  ASSERT_EQ(std::system(fmt::format("llvm-mc-19 -triple=aarch64 -mattr=+sme2,+sme-f64f64 -show-encoding {} > {} 2>&1", in, out).c_str()), 0);
  std::ifstream f(out);
  std::string line;
  static const std::regex re(R"(^\s*(\S.*?)\s*// encoding: \[([^\]]*)\])");
  std::smatch m;
  size_t n = 0;
  while (std::getline(f, line))
    if (std::regex_search(line, m, re)) {
      std::string text = m[1];
      for (char& c : text)
        if (c == '\t') c = ' ';
      EXPECT_EQ(our_bytes(text), m[2].str()) << text;
      ++n;
    }
  EXPECT_EQ(n, kForms.size());
}

TEST(Sme2Encoding, EveryFormDecodesAndPrintsBack) {
  for (const std::string& f : kForms) {
    const auto a = sme2().isa->assemble(f);
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = sme2().isa->decode(a.word, &inst);
    ASSERT_NE(enc, nullptr) << f;
    EXPECT_EQ(enc, a.enc) << f;
    const std::string text = sme2().isa->print(*enc, a.word);
    EXPECT_EQ(sme2().isa->assemble(text).word, a.word) << f << " printed as " << text;
  }
}

TEST(Sme2Encoding, Refusals) {
  for (const char* bad : {"bfmlal za.s[w8, 0:2], z0.h, z0.h", "bfmlal za.s[w8, 1:2], z0.h, z0.h",
                          "bfmlal za.s[w12, 0:1], z0.h, z0.h", "bfmlal za.s[w8, 16:17], z0.h, z0.h",
                          "bfmlal za.s[w8, 0:1], z0.h, z16.h", "bfmlal za.s[w8, 0:1], z0.h, z1.h[8]",
                          "bfmlal za.s[w8, 8:9, vgx2], {z0.h, z1.h}, z0.h", "bfmlal za.s[w8, 0:1, vgx2], {z0.h, z2.h}, z0.h",
                          "bfmlal za.s[w8, 0:1, vgx2], {z1.h-z2.h}, {z0.h-z1.h}",
                          "bfmlal za.s[w8, 0:1, vgx4], {z2.h-z5.h}, {z0.h-z3.h}",
                          "bfmlal za.s[w8, 0:1, vgx4], {z0.h-z2.h}, z0.h", "bfmlal za.s[w8, 0:1, vgx2], {z1.h, z2.h}, z0.h[1]"})
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
}

// --- semantics on hand-worked values ----------------------------------------------

uint16_t bf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return static_cast<uint16_t>(u >> 16);  // the values used here are exact in bf16
}
uint32_t f32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

Bits lanes16(int svl, const std::vector<uint16_t>& v) {
  Bits b = Bits::zeros(static_cast<uint32_t>(svl));
  for (size_t i = 0; i < v.size(); ++i) b.set_slice(static_cast<uint32_t>(16 * i), Bits(16, v[i]));
  return b;
}
Bits lanes32(int svl, const std::vector<uint32_t>& v) {
  Bits b = Bits::zeros(static_cast<uint32_t>(svl));
  for (size_t i = 0; i < v.size(); ++i) b.set_slice(static_cast<uint32_t>(32 * i), Bits(32, v[i]));
  return b;
}
uint32_t lane(const Bits& b, int e) { return static_cast<uint32_t>(b.slice(static_cast<uint32_t>(32 * e), 32).low64()); }

Machine streaming(int svl) {
  Machine m(*sme2().isa, svl);
  m.start_streaming();
  return m;
}

TEST(Sme2Semantics, EvenOddPairsGoToTheTwoVectorsOfTheGroup) {
  Machine m = streaming(128);
  m.set("z1", lanes16(128, {bf(1), bf(2), bf(3), bf(4), bf(5), bf(6), bf(7), bf(8)}));
  m.set("z2", lanes16(128, {bf(2), bf(2), bf(2), bf(2), bf(0.5), bf(0.5), bf(0.5), bf(0.5)}));
  m.set("za[4]", lanes32(128, {f32(100), f32(100), f32(100), f32(100)}));
  m.execute("bfmlal za.s[w8, 4:5], z1.h, z2.h");
  const Bits even = m.get("za[4]"), odd = m.get("za[5]");
  EXPECT_EQ(lane(even, 0), f32(102));   // 100 + 1*2
  EXPECT_EQ(lane(even, 1), f32(106));   // 100 + 3*2
  EXPECT_EQ(lane(even, 2), f32(102.5)); // 100 + 5*0.5
  EXPECT_EQ(lane(even, 3), f32(103.5)); // 100 + 7*0.5
  EXPECT_EQ(lane(odd, 0), f32(4));
  EXPECT_EQ(lane(odd, 1), f32(8));
  EXPECT_EQ(lane(odd, 2), f32(3));
  EXPECT_EQ(lane(odd, 3), f32(4));
  for (int v = 0; v < 16; ++v)
    if (v != 4 && v != 5) EXPECT_TRUE(m.get(fmt::format("za[{}]", v)).is_zero()) << v;
}

TEST(Sme2Semantics, VectorSelectWrapsModuloTheArrayAndAlignsDown) {
  // SVL 128: 16 array vectors. w9 = 0xffffffff, offset 2: (2^32 - 1 + 2) MOD 16 = 1 -> vector 0.
  Machine m = streaming(128);
  m.set("w9", Bits(32, 0xffffffffu));
  m.set("z1", lanes16(128, {bf(1), bf(1)}));
  m.set("z2", lanes16(128, {bf(3), bf(5)}));
  m.execute("bfmlal za.s[w9, 2:3], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), f32(3));
  EXPECT_EQ(lane(m.get("za[1]"), 0), f32(5));
  // w10 = 13, offset 14: 27 MOD 16 = 11 -> aligned down to 10. Only the low
  // 32 bits of X10 count.
  m.set("x10", Bits(64, 0xabcd00000000000dull));
  m.execute("bfmlal za.s[w10, 14:15], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[10]"), 0), f32(3));
  EXPECT_EQ(lane(m.get("za[11]"), 0), f32(5));
  // SVL 2048: 256 vectors, 13 + 14 = 27 -> 26.
  Machine big = streaming(2048);
  big.set("x10", Bits(64, 13));
  big.set("z1", lanes16(2048, {bf(1), bf(1)}));
  big.set("z2", lanes16(2048, {bf(3), bf(5)}));
  big.execute("bfmlal za.s[w10, 14:15], z1.h, z2.h");
  EXPECT_EQ(lane(big.get("za[26]"), 0), f32(3));
  EXPECT_EQ(lane(big.get("za[27]"), 0), f32(5));
}

TEST(Sme2Semantics, NaNsAreDefaultAndFlagsUntouched) {
  Machine m = streaming(128);
  // (qNaN with payload) * 1, sNaN addend, inf * 0, inf - inf, then a normal lane.
  m.set("z1", lanes16(128, {0xffc1, bf(1), 0x0000, bf(1), 0x7f80, bf(1), bf(1), bf(2)}));
  m.set("z2", lanes16(128, {bf(1), bf(1), 0x7f80, bf(1), bf(1), bf(1), bf(3), bf(1)}));
  m.set("za[0]", lanes32(128, {0, 0, 0xff800000u, f32(1)}));
  m.set("za[1]", lanes32(128, {0x7f800001u, 0, 0, 0}));
  m.set("fpcr", Bits(64, 0));
  m.execute("bfmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0x7fc00000u);  // qNaN op1, DN forced: default NaN
  EXPECT_EQ(lane(m.get("za[0]"), 1), 0x7fc00000u);  // 0 * inf
  EXPECT_EQ(lane(m.get("za[0]"), 2), 0x7fc00000u);  // -inf + inf*1
  EXPECT_EQ(lane(m.get("za[0]"), 3), f32(4));       // 1 + 1*3
  EXPECT_EQ(lane(m.get("za[1]"), 0), 0x7fc00000u);  // sNaN addend
  EXPECT_EQ(lane(m.get("za[1]"), 3), f32(2));
  EXPECT_TRUE(m.get("fpsr").is_zero());  // IOC not raised: fpexc FALSE
}

TEST(Sme2Semantics, SignedZeros) {
  Machine m = streaming(128);
  // -0 + (-0 * 1) = -0; +0 + (-0 * 1) = +0; -0 + (+0*1) = +0; 1 + -1*1 = +0;
  // under round towards -inf, 1 - 1 = -0.
  m.set("z1", lanes16(128, {0x8000, 0, 0x8000, 0, 0, 0, bf(-1), 0}));
  m.set("z2", lanes16(128, {bf(1), 0, bf(1), 0, bf(1), 0, bf(1), 0}));
  m.set("za[0]", lanes32(128, {0x80000000u, 0, 0x80000000u, f32(1)}));
  m.execute("bfmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0x80000000u);
  EXPECT_EQ(lane(m.get("za[0]"), 1), 0x00000000u);
  EXPECT_EQ(lane(m.get("za[0]"), 2), 0x00000000u);
  EXPECT_EQ(lane(m.get("za[0]"), 3), 0x00000000u);
  m.set("za[0]", lanes32(128, {f32(1)}));
  m.set("fpcr", Bits(64, 2u << 22));
  m.execute("bfmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0x3f800000u);  // 1 + -0*1 = 1
  m.set("z1", lanes16(128, {bf(-1)}));
  m.set("za[0]", lanes32(128, {f32(1)}));
  m.execute("bfmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0x80000000u);  // 1 - 1 rounded towards -inf: -0
}

TEST(Sme2Semantics, BfmlslNegatesTheProduct) {
  Machine m = streaming(256);
  m.set("z1", lanes16(256, {bf(1.5), bf(2), bf(-3), 0}));
  m.set("z2", lanes16(256, {bf(2), bf(0.25), bf(4), 0}));
  m.set("za[2]", lanes32(256, {f32(10), f32(-12)}));
  m.set("za[3]", lanes32(256, {f32(1), 0x80000000u}));
  m.execute("bfmlsl za.s[w8, 2:3], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[2]"), 0), f32(7));       // 10 - 1.5*2
  EXPECT_EQ(lane(m.get("za[2]"), 1), f32(0));       // -12 - (-3*4) = +0
  EXPECT_EQ(lane(m.get("za[3]"), 0), f32(0.5));     // 1 - 2*0.25
  EXPECT_EQ(lane(m.get("za[3]"), 1), 0x80000000u);  // -0 - (+0*0): (-0)*0 = -0, -0 + -0 = -0
}

TEST(Sme2Semantics, IndexedElementPerSegment) {
  Machine m = streaming(256);  // two 128-bit segments
  std::vector<uint16_t> zm(16);
  for (int i = 0; i < 16; ++i) zm[static_cast<size_t>(i)] = bf(static_cast<float>(i + 1));
  m.set("z7", lanes16(256, zm));
  std::vector<uint16_t> ones(16, bf(1));
  m.set("z3", lanes16(256, ones));
  m.execute("bfmlal za.s[w8, 0:1], z3.h, z7.h[6]");
  for (int e = 0; e < 8; ++e) {
    const float want = e < 4 ? 7.0f : 15.0f;  // element 6 of segment 0, element 14 of segment 1
    EXPECT_EQ(lane(m.get("za[0]"), e), f32(want)) << e;
    EXPECT_EQ(lane(m.get("za[1]"), e), f32(want)) << e;
  }
}

TEST(Sme2Semantics, GroupsAreAHalfOrAQuarterOfTheArrayApart) {
  // SVL 128: 16 array vectors. VGx2: stride 8; w8 = 5, offset 2: 7 MOD 8 = 7 -> 6;
  // groups at 6-7 and 14-15. The first sources wrap: {z31, z0}.
  Machine m = streaming(128);
  m.set("w8", Bits(32, 5));
  m.set("z31", lanes16(128, {bf(1), bf(2)}));
  m.set("z0", lanes16(128, {bf(3), bf(4)}));
  m.set("z5", lanes16(128, {bf(10), bf(100)}));
  m.execute("bfmlal za.s[w8, 2:3, vgx2], {z31.h, z0.h}, z5.h");
  EXPECT_EQ(lane(m.get("za[6]"), 0), f32(10));
  EXPECT_EQ(lane(m.get("za[7]"), 0), f32(200));
  EXPECT_EQ(lane(m.get("za[14]"), 0), f32(30));
  EXPECT_EQ(lane(m.get("za[15]"), 0), f32(400));
  // VGx4 multiple vectors: stride 4; w9 = 0, offset 6: 6 MOD 4 = 2; groups at
  // 2, 6, 10, 14; group r multiplies z(4+r) by z(8+r).
  Machine q = streaming(128);
  for (int r = 0; r < 4; ++r) {
    q.set(fmt::format("z{}", 4 + r), lanes16(128, {bf(static_cast<float>(r + 1)), bf(1)}));
    q.set(fmt::format("z{}", 8 + r), lanes16(128, {bf(2), bf(static_cast<float>(-r))}));
  }
  q.execute("bfmlsl za.s[w9, 6:7, vgx4], {z4.h-z7.h}, {z8.h-z11.h}");
  for (int r = 0; r < 4; ++r) {
    EXPECT_EQ(lane(q.get(fmt::format("za[{}]", 2 + 4 * r)), 0), f32(-2.0f * static_cast<float>(r + 1))) << r;
    EXPECT_EQ(lane(q.get(fmt::format("za[{}]", 3 + 4 * r)), 0), r == 0 ? 0u : f32(static_cast<float>(r))) << r;
  }
  // VGx4 indexed at SVL 512: stride 16; each group uses element 3 of its
  // 128-bit segment of z2.
  Machine x = streaming(512);
  std::vector<uint16_t> zm(32);
  for (int i = 0; i < 32; ++i) zm[static_cast<size_t>(i)] = bf(static_cast<float>(i));
  x.set("z2", lanes16(512, zm));
  for (int r = 0; r < 4; ++r) x.set(fmt::format("z{}", 12 + r), lanes16(512, std::vector<uint16_t>(32, bf(static_cast<float>(r + 1)))));
  x.execute("bfmlal za.s[w8, 0:1, vgx4], {z12.h-z15.h}, z2.h[3]");
  for (int r = 0; r < 4; ++r)
    for (int e = 0; e < 16; ++e) {
      const float want = static_cast<float>((r + 1) * (8 * (e / 4) + 3));
      EXPECT_EQ(lane(x.get(fmt::format("za[{}]", 16 * r)), e), f32(want)) << r << " " << e;
      EXPECT_EQ(lane(x.get(fmt::format("za[{}]", 16 * r + 1)), e), f32(want)) << r << " " << e;
    }
}

TEST(Sme2Semantics, BfdotAddsPairsIntoSingleVectorGroups) {
  // SVL 128: 16 array vectors, VGx2 stride 8. w8 = 3, offset 2: vector 5 (a
  // single-vector group is not aligned), the second group at 13. Element e
  // takes the pair 2e, 2e+1 of its first source and of z2.
  Machine m = streaming(128);
  m.set("w8", Bits(32, 3));
  m.set("z31", lanes16(128, {bf(1), bf(2), bf(3), bf(4), bf(0.5), bf(0.5), bf(-1), bf(1)}));
  m.set("z0", lanes16(128, std::vector<uint16_t>(8, bf(1))));
  m.set("z2", lanes16(128, {bf(2), bf(3), bf(1), bf(1), bf(4), bf(4), bf(2), bf(2)}));
  m.set("za[5]", lanes32(128, {f32(10), 0, 0, 0}));
  m.set("za[13]", lanes32(128, {f32(1), f32(2), f32(3), f32(4)}));
  m.execute("bfdot za.s[w8, 2, vgx2], {z31.h, z0.h}, z2.h");
  EXPECT_EQ(lane(m.get("za[5]"), 0), f32(18));  // 10 + 1*2 + 2*3
  EXPECT_EQ(lane(m.get("za[5]"), 1), f32(7));   // 3*1 + 4*1
  EXPECT_EQ(lane(m.get("za[5]"), 2), f32(4));   // 0.5*4 + 0.5*4
  EXPECT_EQ(lane(m.get("za[5]"), 3), 0u);       // -1*2 + 1*2 = +0
  EXPECT_EQ(lane(m.get("za[13]"), 0), f32(6));
  EXPECT_EQ(lane(m.get("za[13]"), 1), f32(4));
  EXPECT_EQ(lane(m.get("za[13]"), 2), f32(11));
  EXPECT_EQ(lane(m.get("za[13]"), 3), f32(8));
  for (int v = 0; v < 16; ++v)
    if (v != 5 && v != 13) EXPECT_TRUE(m.get(fmt::format("za[{}]", v)).is_zero()) << v;
  // VGx4, multiple vectors: stride 4; w9 = 6, offset 1: 7 MOD 4 = 3; groups
  // at 3, 7, 11, 15; group r multiplies z(4+r) by z(8+r).
  Machine q = streaming(128);
  q.set("w9", Bits(32, 6));
  for (int r = 0; r < 4; ++r) {
    q.set(fmt::format("z{}", 4 + r), lanes16(128, std::vector<uint16_t>(8, bf(1))));
    q.set(fmt::format("z{}", 8 + r), lanes16(128, std::vector<uint16_t>(8, bf(static_cast<float>(r + 1)))));
  }
  q.execute("bfdot za.s[w9, 1, vgx4], {z4.h-z7.h}, {z8.h-z11.h}");
  for (int r = 0; r < 4; ++r)
    for (int e = 0; e < 4; ++e) EXPECT_EQ(lane(q.get(fmt::format("za[{}]", 3 + 4 * r)), e), f32(2.0f * static_cast<float>(r + 1))) << r;
}

TEST(Sme2Semantics, BfdotIndexedAndBfvdotVerticalPairs) {
  // SVL 256: 32 array vectors, VGx2 stride 16, two 128-bit segments. Pair 2
  // of z7's segments: 16-bit elements 4, 5 (3, 5) and 12, 13 (7, 11).
  Machine m = streaming(256);
  std::vector<uint16_t> zm(16, bf(100));
  zm[4] = bf(3), zm[5] = bf(5), zm[12] = bf(7), zm[13] = bf(11);
  m.set("z7", lanes16(256, zm));
  m.set("z0", lanes16(256, std::vector<uint16_t>(16, bf(1))));
  std::vector<uint16_t> twos;
  for (int i = 0; i < 8; ++i) twos.push_back(bf(2)), twos.push_back(bf(0));
  m.set("z1", lanes16(256, twos));
  m.execute("bfdot za.s[w8, 0, vgx2], {z0.h, z1.h}, z7.h[2]");
  for (int e = 0; e < 8; ++e) {
    EXPECT_EQ(lane(m.get("za[0]"), e), f32(e < 4 ? 8.0f : 18.0f)) << e;   // 3 + 5, 7 + 11
    EXPECT_EQ(lane(m.get("za[16]"), e), f32(e < 4 ? 6.0f : 14.0f)) << e;  // 2*3, 2*7
  }
  // BFVDOT at SVL 128: w8 = 0, offset 1: groups at 1 and 9. Element e of
  // group r takes element 2e+r of z0 and of z1 (a vertical pair) and pair 1
  // of z5's segment (16-bit elements 2, 3: 2 and 10).
  Machine v = streaming(128);
  v.set("z0", lanes16(128, {bf(1), bf(2), bf(3), bf(4), bf(5), bf(6), bf(7), bf(8)}));
  v.set("z1", lanes16(128, {bf(0.5), bf(1), bf(1.5), bf(2), bf(2.5), bf(3), bf(3.5), bf(4)}));
  v.set("z5", lanes16(128, {bf(100), bf(100), bf(2), bf(10), bf(100), bf(100), bf(100), bf(100)}));
  v.execute("bfvdot za.s[w8, 1, vgx2], {z0.h, z1.h}, z5.h[1]");
  const float even[] = {7, 21, 35, 49}, odd[] = {14, 28, 42, 56};  // 1*2 + 0.5*10, ...; 2*2 + 1*10, ...
  for (int e = 0; e < 4; ++e) {
    EXPECT_EQ(lane(v.get("za[1]"), e), f32(even[e])) << e;
    EXPECT_EQ(lane(v.get("za[9]"), e), f32(odd[e])) << e;
  }
}

TEST(Sme2Semantics, BfdotFollowsTheBFloat16SumOfProductsRules) {
  // Whatever FPCR says (round towards zero, no flush, no DN): the sum
  // rounds to odd, an overflow is an infinity, a denormal input is a zero, a
  // NaN is the default NaN, and FPSR keeps its flags.
  Machine m = streaming(128);
  m.set("fpcr", Bits(64, 3u << 22));
  m.set("fpsr", Bits(64, 0x10));
  // e0: 1 + 2^-15 * 2^-15: 1 + 2^-30 rounds to odd, 0x3f800001.
  // e1: 5 + (denormal 2^-127) * 2^100: the denormal is 0, so 5 exactly.
  // e2: a quiet NaN with a payload: the default NaN. e3: 0 + 2^127 * 4
  // overflows to +inf (towards zero it would be the largest normal).
  m.set("z1", lanes16(128, {0x3800, 0, 0x0040, 0, 0x7fc1, 0, 0x7f00, 0}));
  m.set("z3", lanes16(128, {0x3800, 0, 0x7180, 0, bf(1), 0, bf(4), 0}));
  m.set("za[0]", lanes32(128, {f32(1), f32(5), f32(1), 0}));
  m.execute("bfdot za.s[w8, 0, vgx2], {z1.h, z2.h}, z3.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0x3f800001u);
  EXPECT_EQ(lane(m.get("za[0]"), 1), f32(5));
  EXPECT_EQ(lane(m.get("za[0]"), 2), 0x7fc00000u);
  EXPECT_EQ(lane(m.get("za[0]"), 3), f32(INFINITY));
  EXPECT_EQ(m.get("fpsr").low64(), 0x10u);
}

TEST(Sme2Semantics, BfcvtRoundsUnderFpcrAndRecordsFlags) {
  // SVL 128: four single-precision elements; p1 makes 0, 2 and 3 active.
  Machine m = streaming(128);
  // 1 + 2^-8 + 2^-20 (above the half-way point between 1 and 1 + 2^-7), a
  // signalling NaN with a payload, the largest float, 1 + 2^-8 (a tie).
  m.set("z1", lanes32(128, {0x3f808008u, f32(3), 0x7f812345u, 0x7f7fffffu}));
  m.set("p1", Bits(16, 0x1101));
  m.set("z0", lanes32(128, {0xaaaaaaaau, 0xaaaaaaaau, 0xaaaaaaaau, 0xaaaaaaaau}));
  m.execute("bfcvt z0.h, p1/m, z1.s");
  const Bits r = m.get("z0");
  EXPECT_EQ(lane(r, 0), 0x00003f81u);  // rounded up to 1 + 2^-7, high half zeroed
  EXPECT_EQ(lane(r, 1), 0xaaaaaaaau);  // inactive
  EXPECT_EQ(lane(r, 2), 0x00007fc1u);  // quietened, payload kept (FPCR.DN = 0)
  EXPECT_EQ(lane(r, 3), 0x00007f80u);  // overflow to +inf
  EXPECT_EQ(m.get("fpsr").low64(), 0x15u);  // IOC, OFC, IXC
  // Towards zero, default NaN, into the odd halves (BFCVTNT).
  m.set("fpsr", Bits(64, 0));
  m.set("fpcr", Bits(64, 3u << 22 | 1u << 25));
  m.set("z0", lanes32(128, {0x11112222u, 0x11112222u, 0x11112222u, 0x11112222u}));
  m.execute("bfcvtnt z0.h, p1/m, z1.s");
  const Bits t = m.get("z0");
  EXPECT_EQ(lane(t, 0), 0x3f802222u);
  EXPECT_EQ(lane(t, 1), 0x11112222u);
  EXPECT_EQ(lane(t, 2), 0x7fc02222u);
  EXPECT_EQ(lane(t, 3), 0x7f7f2222u);  // the largest bf16: towards zero does not overflow
  EXPECT_EQ(m.get("fpsr").low64(), 0x11u);  // IOC, IXC
  // The tie 1 + 2^-8 goes to even (1.0) under round to nearest.
  m.set("fpcr", Bits(64, 0));
  m.set("z1", lanes32(128, {0x3f808000u}));
  m.set("p1", Bits(16, 0x0001));
  m.execute("bfcvt z0.h, p1/m, z1.s");
  EXPECT_EQ(lane(m.get("z0"), 0), 0x00003f80u);
}

TEST(Sme2Semantics, BfcvtOfTwoVectorsPacksOrInterleaves) {
  Machine m = streaming(128);
  m.set("z2", lanes32(128, {f32(1), f32(2), f32(3), f32(4)}));
  m.set("z3", lanes32(128, {f32(-1), f32(-2), f32(0.5), f32(65536)}));
  m.execute("bfcvt z5.h, {z2.s-z3.s}");
  EXPECT_EQ(m.get("z5"), lanes16(128, {bf(1), bf(2), bf(3), bf(4), bf(-1), bf(-2), bf(0.5), bf(65536)}));
  m.execute("bfcvtn z6.h, {z2.s-z3.s}");
  EXPECT_EQ(m.get("z6"), lanes16(128, {bf(1), bf(-1), bf(2), bf(-2), bf(3), bf(0.5), bf(4), bf(65536)}));
  EXPECT_TRUE(m.get("fpsr").is_zero());  // every value exact
}

TEST(Sme2Semantics, SveBfdotAndBfmlalIntoAVector) {
  Machine m = streaming(256);  // eight single-precision elements, two segments
  m.set("z0", lanes32(256, {f32(1), f32(2), f32(3), f32(4), f32(5), f32(6), f32(7), f32(8)}));
  std::vector<uint16_t> a, b;
  for (int i = 0; i < 16; ++i) a.push_back(bf(static_cast<float>(i + 1))), b.push_back(bf(i % 2 ? 1.0f : 2.0f));
  m.set("z1", lanes16(256, a));
  m.set("z2", lanes16(256, b));
  m.execute("bfdot z0.s, z1.h, z2.h");
  for (int e = 0; e < 8; ++e)  // acc + (2e+1)*2 + (2e+2)*1
    EXPECT_EQ(lane(m.get("z0"), e), f32(static_cast<float>(e + 1 + 2 * (2 * e + 1) + (2 * e + 2)))) << e;
  // Indexed: pair 3 of each segment of z7 (16-bit elements 6, 7 and 14, 15).
  std::vector<uint16_t> zm(16, bf(100));
  zm[6] = bf(1), zm[7] = bf(-1), zm[14] = bf(0.5), zm[15] = bf(0.25);
  m.set("z7", lanes16(256, zm));
  m.set("z3", Bits::zeros(256));
  m.execute("bfdot z3.s, z1.h, z7.h[3]");
  for (int e = 0; e < 8; ++e) {
    const float x = static_cast<float>(2 * e + 1), y = static_cast<float>(2 * e + 2);
    EXPECT_EQ(lane(m.get("z3"), e), f32(e < 4 ? x - y : 0.5f * x + 0.25f * y)) << e;
  }
  // BFMLALB and BFMLALT take the even or the odd 16-bit elements.
  m.set("z4", lanes32(256, std::vector<uint32_t>(8, f32(10))));
  m.set("z5", lanes32(256, std::vector<uint32_t>(8, f32(10))));
  m.execute("bfmlalb z4.s, z1.h, z2.h");
  m.execute("bfmlalt z5.s, z1.h, z2.h");
  for (int e = 0; e < 8; ++e) {
    EXPECT_EQ(lane(m.get("z4"), e), f32(10.0f + static_cast<float>(2 * e + 1) * 2)) << e;
    EXPECT_EQ(lane(m.get("z5"), e), f32(10.0f + static_cast<float>(2 * e + 2))) << e;
  }
  // Indexed BFMLALT: element 5 of each segment of z7 (16-bit 5 and 13).
  zm[5] = bf(3), zm[13] = bf(-2);
  m.set("z7", lanes16(256, zm));
  m.set("z6", Bits::zeros(256));
  m.execute("bfmlalt z6.s, z1.h, z7.h[5]");
  for (int e = 0; e < 8; ++e)
    EXPECT_EQ(lane(m.get("z6"), e), f32(static_cast<float>(2 * e + 2) * (e < 4 ? 3.0f : -2.0f))) << e;
}

TEST(Sme2Semantics, SveBfmlalHonoursFpcrWhereTheZaFormsDoNot) {
  // 1 + 2^-15 * 2^-15 is inexact: IXC recorded; a quiet NaN keeps its
  // payload with FPCR.DN = 0 (the ZA form's would be the default NaN).
  Machine m = streaming(128);
  m.set("z1", lanes16(128, {0x3800, 0, 0x7fc1, 0}));
  m.set("z2", lanes16(128, {0x3800, 0, bf(1), 0}));
  m.set("z0", lanes32(128, {f32(1), f32(1), 0, 0}));
  m.execute("bfmlalb z0.s, z1.h, z2.h");
  EXPECT_EQ(lane(m.get("z0"), 0), f32(1));
  EXPECT_EQ(lane(m.get("z0"), 1), 0x7fc10000u);
  EXPECT_EQ(m.get("fpsr").low64(), 0x10u);
}

TEST(Sme2Semantics, FmlaAndFaddIntoSingleVectorGroups) {
  // SVL 128: 16 array vectors, VGx2 stride 8; w8 = 1, offset 2: vector 3,
  // and 11. Element e of group r += z(r)[e] * z2[e].
  Machine m = streaming(128);
  m.set("w8", Bits(32, 1));
  m.set("z0", lanes32(128, {f32(1), f32(2), f32(3), f32(4)}));
  m.set("z1", lanes32(128, {f32(-1), f32(0.5), 0x7f800000u, f32(8)}));
  m.set("z2", lanes32(128, {f32(10), f32(10), 0, f32(0.25)}));
  m.set("za[3]", lanes32(128, {f32(1), f32(1), f32(1), f32(1)}));
  m.execute("fmla za.s[w8, 2, vgx2], {z0.s, z1.s}, z2.s");
  EXPECT_EQ(m.get("za[3]"), lanes32(128, {f32(11), f32(21), f32(1), f32(2)}));
  EXPECT_EQ(m.get("za[11]"), lanes32(128, {f32(-10), f32(5), 0x7fc00000u, f32(2)}));  // inf * 0: default NaN
  EXPECT_TRUE(m.get("fpsr").is_zero());  // no IOC
  // FMLS, double precision, indexed: element 1 of each segment of z9 (one
  // segment holds two doubles, so every element takes z9's element 1).
  Bits zn = Bits::zeros(128), zm = Bits::zeros(128), acc = Bits::zeros(128);
  auto d = [](double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    return u;
  };
  zn.set_slice(0, Bits(64, d(3))), zn.set_slice(64, Bits(64, d(-2)));
  zm.set_slice(0, Bits(64, d(100))), zm.set_slice(64, Bits(64, d(0.5)));
  acc.set_slice(0, Bits(64, d(10))), acc.set_slice(64, Bits(64, d(10)));
  m.set("z4", zn);
  m.set("z9", zm);
  m.set("za[0]", acc);
  m.set("w9", Bits(32, 0));
  m.execute("fmls za.d[w9, 0, vgx4], {z4.d-z7.d}, z9.d[1]");  // VGx4: stride 4, groups 0, 4, 8, 12
  EXPECT_EQ(m.get("za[0]").slice(0, 64).low64(), d(8.5));   // 10 - 3 * 0.5
  EXPECT_EQ(m.get("za[0]").slice(64, 64).low64(), d(11));   // 10 - (-2) * 0.5
  // FADD and FSUB: each group plus or minus its register.
  m.set("za[6]", lanes32(128, {f32(1), f32(2), f32(3), f32(4)}));
  m.set("za[14]", lanes32(128, {f32(1), f32(2), f32(3), f32(4)}));
  m.set("z10", lanes32(128, {f32(0.5), f32(0.5), f32(0.5), f32(0.5)}));
  m.set("z11", lanes32(128, {f32(-4), f32(-4), f32(-4), f32(-4)}));
  m.set("w10", Bits(32, 6));
  m.execute("fsub za.s[w10, 0, vgx2], {z10.s, z11.s}");
  EXPECT_EQ(m.get("za[6]"), lanes32(128, {f32(0.5), f32(1.5), f32(2.5), f32(3.5)}));
  EXPECT_EQ(m.get("za[14]"), lanes32(128, {f32(5), f32(6), f32(7), f32(8)}));
}

TEST(Sme2Semantics, FmlalHalfPrecisionAndFz16) {
  Machine m = streaming(128);
  // 0x0001 is the smallest f16 denormal, 2^-24; 0x3c00 is 1.0, 0x4000 2.0, 0x7e00 a NaN.
  m.set("z1", lanes16(128, {0x0001, 0x0001, 0x3c00, 0xbc00, 0x7e01, 0}));
  m.set("z2", lanes16(128, {0x0001, 0x4000, 0x4000, 0x4000, 0x3c00, 0}));
  m.set("za[0]", lanes32(128, {0, f32(1), 0x7f7fffffu}));
  m.execute("fmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), f32(std::ldexp(1.0f, -48)));  // 2^-24 * 2^-24, exact in fp32
  EXPECT_EQ(lane(m.get("za[0]"), 1), f32(3));
  EXPECT_EQ(lane(m.get("za[0]"), 2), 0x7fc00000u);
  EXPECT_EQ(lane(m.get("za[1]"), 0), f32(std::ldexp(1.0f, -23)));  // 2^-24 * 2
  EXPECT_EQ(lane(m.get("za[1]"), 1), f32(-2));
  EXPECT_TRUE(m.get("fpsr").is_zero());
  // FZ16 flushes the f16 denormals to zero; FZ alone does not touch them.
  m.set("za[0]", Bits::zeros(128));
  m.set("za[1]", Bits::zeros(128));
  m.set("fpcr", Bits(64, uint64_t{1} << 24));
  m.execute("fmlal za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), f32(std::ldexp(1.0f, -48)));
  m.set("za[0]", Bits::zeros(128));
  m.set("za[1]", Bits::zeros(128));
  m.set("fpcr", Bits(64, uint64_t{1} << 19));
  m.execute("fmlsl za.s[w8, 0:1], z1.h, z2.h");
  EXPECT_EQ(lane(m.get("za[0]"), 0), 0u);  // +0 - (flushed) 0 * 0 = +0; unflushed it would be -2^-48
  EXPECT_EQ(lane(m.get("za[1]"), 0), 0u);
}

// The wider element sizes of LD1H, LD1W and ST1W (SVL 128: four .s or two
// .d elements per vector), worked by hand from the manual's pseudocode:
// element e reads memory element offset * elements + e (or X[m] + e), zero
// extended; ST1W of .d elements stores each element's low word.
TEST(Sme2Semantics, LoadsAndStoresOfWiderElements) {
  Machine m = streaming(128);
  m.memory.map("data", 0x10000, 0x100);
  for (uint64_t i = 0; i < 16; ++i) ASSERT_TRUE(m.memory.write(0x10000 + 2 * i, 2, 0x8000 + i));
  m.set("x0", Bits(64, 0x10000));
  m.set("x1", Bits(64, 1));
  m.execute("ptrue p0.s");
  m.execute("ptrue p1.d");
  m.execute("ptrue p3.s, vl1");
  m.execute("ld1h {z0.s}, p0/z, [x0]");
  EXPECT_EQ(m.get("z0"), lanes32(128, {0x8000, 0x8001, 0x8002, 0x8003}));
  m.execute("ld1h {z1.d}, p1/z, [x0, #1, mul vl]");  // halfwords 2 and 3
  EXPECT_EQ(m.get("z1"), lanes32(128, {0x8002, 0, 0x8003, 0}));
  m.execute("ld1w {z2.d}, p1/z, [x0, x1, lsl #2]");  // the words at +4 and +8
  EXPECT_EQ(m.get("z2"), lanes32(128, {0x80038002u, 0, 0x80058004u, 0}));
  m.execute("ld1h {z4.s}, p3/z, [x0]");  // one active element; the rest zero
  EXPECT_EQ(m.get("z4"), lanes32(128, {0x8000, 0, 0, 0}));
  m.set("z3", lanes32(128, {0x11111111u, 0xaaaaaaaau, 0x22222222u, 0xbbbbbbbbu}));
  m.execute("st1w {z3.d}, p1, [x0, #2, mul vl]");  // words 4 and 5
  uint64_t w = 0;
  ASSERT_TRUE(m.memory.read(0x10010, 4, w));
  EXPECT_EQ(w, 0x11111111u);
  ASSERT_TRUE(m.memory.read(0x10014, 4, w));
  EXPECT_EQ(w, 0x22222222u);
  ASSERT_TRUE(m.memory.read(0x10018, 4, w));
  EXPECT_EQ(w, 0x800d800cu);  // untouched
}

TEST(Sme2Semantics, MovaAndZero) {
  // SVL 256: 32 array vectors. VGx2: stride 16; w9 = 20, offset 3: 23 MOD 16 = 7
  // (no rounding to even): vectors 7 and 23.
  Machine m = streaming(256);
  m.set("w9", Bits(32, 20));
  m.set("z4", lanes32(256, {1, 2, 3}));
  m.set("z5", lanes32(256, {4, 5, 6}));
  m.execute("mova za.d[w9, 3, vgx2], {z4.d, z5.d}");
  EXPECT_EQ(m.get("za[7]"), m.get("z4"));
  EXPECT_EQ(m.get("za[23]"), m.get("z5"));
  // VGx4 back out: stride 8; w8 = 0, offset 7: vectors 7, 15, 23, 31.
  m.set("za[15]", lanes32(256, {9}));
  m.set("za[31]", lanes32(256, {10}));
  m.execute("mova {z12.d-z15.d}, za.d[w8, 7, vgx4]");
  EXPECT_EQ(m.get("z12"), m.get("z4"));
  EXPECT_EQ(m.get("z13"), lanes32(256, {9}));
  EXPECT_EQ(m.get("z14"), m.get("z5"));
  EXPECT_EQ(m.get("z15"), lanes32(256, {10}));
  // ZERO {ZA} needs ZA enabled but not Streaming mode.
  m.execute("smstop sm");
  m.execute("zero {za}");
  for (int v = 0; v < 32; ++v) EXPECT_TRUE(m.get(fmt::format("za[{}]", v)).is_zero()) << v;
  m.execute("smstop za");
  try {
    m.execute("zero {za}");
    FAIL() << "no trap";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("SMEAccessTrap (InactiveZA)"), std::string::npos) << f.what();
  }
  // Other ZERO masks (tile lists) decode and run: 0x01 zeroes tile ZA0.D only.
  Machine t = streaming(128);
  for (int v = 0; v < 16; ++v) t.set(fmt::format("za[{}]", v), lanes32(128, {1}));
  t.execute(Bits(32, 0xc0080001u));
  for (int v = 0; v < 16; ++v) EXPECT_EQ(t.get(fmt::format("za[{}]", v)).is_zero(), v % 8 == 0) << v;
}

// MOVA between tile slices and two or four vectors (SVL 128), worked by hand
// from the manual's pseudocode: the first slice is (Ws rounded down to a
// multiple of the count) + offset, modulo the tile's slices; horizontal
// slice j of .S tile t is array vector 4j + t, vertical slice j of .B tile 0
// is byte j of each of the 16 array vectors.
TEST(Sme2Semantics, MovaBetweenTileSlicesAndVectors) {
  Machine m = streaming(128);
  for (uint32_t v = 0; v < 16; ++v)
    m.set(fmt::format("za[{}]", v), lanes32(128, {0x03020100u + 0x04040404u * v + 0x10101010u * (v % 4),
                                                   0x13121110u + v, 0x23222120u + v, 0x33323130u + v}));
  // 5 -> 4, + 2 -> 6, mod 4 slices -> 2: slices 2 and 3 of za1h.s are za[9] and za[13].
  m.set("w12", Bits(32, 5));
  m.execute("mova {z0.s, z1.s}, za1h.s[w12, 2:3]");
  EXPECT_EQ(m.get("z0"), m.get("za[9]"));
  EXPECT_EQ(m.get("z1"), m.get("za[13]"));
  // 14 -> 12, + 4 -> 16, mod 16 -> 0: vertical slices 0..3 of za0v.b.
  m.set("w13", Bits(32, 14));
  m.execute("mov {z4.b-z7.b}, za0v.b[w13, 4:7]");
  for (uint32_t k = 0; k < 4; ++k) {
    Bits want = Bits::zeros(128);
    for (uint32_t r = 0; r < 16; ++r) want.set_slice(8 * r, m.get(fmt::format("za[{}]", r)).slice(8 * k, 8));
    EXPECT_EQ(m.get(fmt::format("z{}", 4 + k)), want) << k;
  }
  // Back: vertical slices 0 and 1 of za3v.s (5 -> 4, mod 4 -> 0) are element
  // 0 and 1 of array vectors 3, 7, 11, 15.
  m.set("z2", lanes32(128, {0xa0, 0xa1, 0xa2, 0xa3}));
  m.set("z3", lanes32(128, {0xb0, 0xb1, 0xb2, 0xb3}));
  const Bits za3 = m.get("za[3]");
  m.execute("mova za3v.s[w12, 0:1], {z2.s, z3.s}");
  for (uint32_t r = 0; r < 4; ++r) {
    const Bits row = m.get(fmt::format("za[{}]", 4 * r + 3));
    EXPECT_EQ(lane(row, 0), 0xa0 + r) << r;
    EXPECT_EQ(lane(row, 1), 0xb0 + r) << r;
    EXPECT_EQ(lane(row, 2), lane(za3, 2) + 4 * r) << r;  // the other elements kept
  }
  // Four .D slices need four in a tile: UNDEFINED at SVL 128.
  try {
    m.execute("mova {z0.d-z3.d}, za0h.d[w12, 0:3]");
    FAIL() << "no fault";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("UNDEFINED"), std::string::npos) << f.what();
  }
}

TEST(Sme2Semantics, StreamingAndZaTraps) {
  Machine m(*sme2().isa, 512);
  try {
    m.execute("bfmlal za.s[w8, 0:1], z0.h, z0.h");
    FAIL() << "no trap";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("SMEAccessTrap (Streaming)"), std::string::npos) << f.what();
  }
  m.execute("smstart sm");
  EXPECT_EQ(m.get("svcr").low64(), 1u);
  EXPECT_EQ(m.get("fpsr").low64(), 0x0800009fu);  // ResetSVEState
  try {
    m.execute("bfmlal za.s[w8, 0:1], z0.h, z0.h");
    FAIL() << "no trap";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("SMEAccessTrap (InactiveZA)"), std::string::npos) << f.what();
  }
  m.execute("smstart za");
  EXPECT_EQ(m.get("svcr").low64(), 3u);
  m.set("za[3]", lanes32(512, {1, 2, 3}));
  m.set("z1", lanes32(512, {7}));
  m.execute("smstart");  // no change of SM or ZA: nothing is reset
  EXPECT_FALSE(m.get("za[3]").is_zero());
  EXPECT_FALSE(m.get("z1").is_zero());
  m.execute("smstop za");
  m.execute("smstart za");  // ZA re-enabled: zero
  EXPECT_TRUE(m.get("za[3]").is_zero());
  m.execute("smstop");
  EXPECT_EQ(m.get("svcr").low64(), 0u);
  EXPECT_TRUE(m.get("z1").is_zero());
}

// --- an independent reference: MPFR -------------------------------------------------

// fp32(addend +/- a*b) for bf16 a and b, rounded once by FPCR.RMode, with
// FPCR.FZ flushing denormal inputs (sign kept) and tiny results (before
// rounding) to zero, and NaN results default (the ZA-targeting behaviour).
// The operands a and b come widened to single precision (exactly).
uint32_t reference_wide(uint32_t addend, uint32_t wa, uint32_t wb, bool sub, unsigned rmode, bool fz) {
  auto is_nan32 = [](uint32_t x) { return (x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu); };
  if (sub) wa ^= 0x80000000u;
  if (is_nan32(wa) || is_nan32(wb) || is_nan32(addend)) return 0x7fc00000u;
  auto flush = [&](uint32_t x) { return fz && (x & 0x7f800000u) == 0 ? (x & 0x80000000u) : x; };
  wa = flush(wa), wb = flush(wb), addend = flush(addend);
  const mpfr_rnd_t rnd = rmode == 0 ? MPFR_RNDN : rmode == 1 ? MPFR_RNDU : rmode == 2 ? MPFR_RNDD : MPFR_RNDZ;
  const mpfr_exp_t emin = mpfr_get_emin(), emax = mpfr_get_emax();
  mpfr_t x, y, c, exact, r;
  mpfr_inits2(24, x, y, c, r, static_cast<mpfr_ptr>(nullptr));
  mpfr_init2(exact, 800);
  auto load = [](mpfr_t t, uint32_t bits) {
    float f;
    std::memcpy(&f, &bits, 4);
    mpfr_set_flt(t, f, MPFR_RNDN);  // exact
  };
  load(x, wa), load(y, wb), load(c, addend);
  mpfr_fma(exact, x, y, c, rnd);  // exact at 800 bits; rnd only picks the sign of an exact zero
  uint32_t out;
  if (mpfr_nan_p(exact)) {
    out = 0x7fc00000u;
  } else if (mpfr_inf_p(exact) || mpfr_zero_p(exact)) {
    out = (mpfr_signbit(exact) ? 0x80000000u : 0) | (mpfr_inf_p(exact) ? 0x7f800000u : 0);
  } else if (fz && mpfr_get_exp(exact) < -125) {  // |exact| < 2^-126 (mpfr exponent: value in [2^(e-1), 2^e))
    out = mpfr_signbit(exact) ? 0x80000000u : 0;
  } else {
    mpfr_set_emin(-148);
    mpfr_set_emax(128);
    int inex = mpfr_set(r, exact, rnd);
    inex = mpfr_check_range(r, inex, rnd);
    mpfr_subnormalize(r, inex, rnd);
    const float f = mpfr_get_flt(r, rnd);
    std::memcpy(&out, &f, 4);
    mpfr_set_emin(emin);
    mpfr_set_emax(emax);
  }
  mpfr_clears(x, y, c, exact, r, static_cast<mpfr_ptr>(nullptr));
  return out;
}

uint32_t reference(uint32_t addend, uint16_t a, uint16_t b, bool sub, unsigned rmode, bool fz) {
  return reference_wide(addend, static_cast<uint32_t>(a) << 16, static_cast<uint32_t>(b) << 16, sub, rmode, fz);
}

// IEEE half precision to single, exactly; a denormal is a signed zero when fz16.
uint32_t widen_half(uint16_t h, bool fz16) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exp = (h >> 10) & 0x1f, frac = h & 0x3ffu;
  if (exp == 0x1f) return sign | 0x7f800000u | (frac << 13);
  if (exp == 0) {
    if (frac == 0 || fz16) return sign;
    int e = -14;
    uint32_t f = frac;
    while (!(f & 0x400u)) f <<= 1, --e;
    return sign | static_cast<uint32_t>(e + 127) << 23 | ((f & 0x3ffu) << 13);
  }
  return sign | ((exp - 15 + 127) << 23) | (frac << 13);
}

uint32_t reference_half(uint32_t addend, uint16_t a, uint16_t b, bool sub, unsigned rmode, bool fz, bool fz16) {
  return reference_wide(addend, widen_half(a, fz16), widen_half(b, fz16), sub, rmode, fz);
}

struct Gen {
  std::mt19937_64 rng;
  explicit Gen(uint64_t seed) : rng(seed) {}
  uint64_t u(uint64_t n) { return rng() % n; }
  uint16_t bf16() {
    const uint16_t s = static_cast<uint16_t>(u(2) << 15);
    switch (u(12)) {
      case 0: return s;                                                          // zero
      case 1: return static_cast<uint16_t>(s | (1 + u(127)));                    // denormal
      case 2: return static_cast<uint16_t>(s | 0x7f80);                          // infinity
      case 3: return static_cast<uint16_t>(s | 0x7f80 | (1 + u(127)));           // NaN
      case 4: return static_cast<uint16_t>(s | ((1 + u(8)) << 7) | u(128));      // tiny normal
      case 5: return static_cast<uint16_t>(s | ((246 + u(8)) << 7) | u(128));    // huge
      default: return static_cast<uint16_t>(s | ((100 + u(56)) << 7) | u(128)); // around 1
    }
  }
  uint16_t f16() {
    const uint16_t s = static_cast<uint16_t>(u(2) << 15);
    switch (u(10)) {
      case 0: return s;
      case 1: return static_cast<uint16_t>(s | (1 + u(1023)));                   // denormal
      case 2: return static_cast<uint16_t>(s | 0x7c00);
      case 3: return static_cast<uint16_t>(s | 0x7c00 | (1 + u(1023)));          // NaN
      default: return static_cast<uint16_t>(s | ((1 + u(30)) << 10) | u(1024));
    }
  }
  uint32_t fp32() {
    const uint32_t s = static_cast<uint32_t>(u(2) << 31);
    switch (u(12)) {
      case 0: return s;
      case 1: return s | static_cast<uint32_t>(1 + u(0x7fffff));
      case 2: return s | 0x7f800000u;
      case 3: return s | 0x7f800000u | static_cast<uint32_t>(1 + u(0x7fffff));
      case 4: return s | static_cast<uint32_t>((1 + u(8)) << 23) | static_cast<uint32_t>(u(1 << 23));
      case 5: return s | static_cast<uint32_t>((246 + u(8)) << 23) | static_cast<uint32_t>(u(1 << 23));
      default: return s | static_cast<uint32_t>((100 + u(56)) << 23) | static_cast<uint32_t>(u(1 << 23));
    }
  }
};

// Every form: single (x1), multiple and single (x2, x4), multiple vectors
// (x2, x4), multiple and indexed (x1, x2, x4); BFMLAL and BFMLSL; random
// FPCR.RMode and FZ; the vector select register and offset random.
TEST(Sme2Reference, RandomCasesMatchMpfrAtThreeSvls) {
  size_t checked = 0;
  for (int svl : {128, 512, 2048}) {
    Gen g(0x5e2 + static_cast<uint64_t>(svl));
    Machine m = streaming(svl);
    const int elements = svl / 32, halves = svl / 16;
    size_t here = 0;
    while (here < 2048) {
      const int shape = static_cast<int>(g.u(8));
      const int nreg = shape == 0 || shape == 5 ? 1 : shape == 1 || shape == 3 || shape == 6 ? 2 : 4;
      const bool multi = shape == 3 || shape == 4, indexed = shape >= 5, single = !multi && !indexed;
      const int n = single ? static_cast<int>(g.u(32)) : static_cast<int>(g.u(32)) / nreg * nreg;
      const int mreg = multi ? static_cast<int>(g.u(32)) / nreg * nreg : static_cast<int>(g.u(16));
      const int index = static_cast<int>(g.u(8));
      const int offset = 2 * static_cast<int>(nreg == 1 ? g.u(8) : g.u(4));
      const bool half = g.u(2);
      const bool fz16 = g.u(2);
      const bool sub = g.u(2);
      const unsigned rmode = static_cast<unsigned>(g.u(4));
      const bool fz = g.u(2);
      const int wv = static_cast<int>(g.u(4));
      const uint32_t base = static_cast<uint32_t>(g.rng());
      const int vstride = svl / 8 / nreg;
      const int vec0 = static_cast<int>((static_cast<uint64_t>(base) + static_cast<uint64_t>(offset)) % static_cast<uint64_t>(vstride)) & ~1;
      std::vector<std::vector<uint16_t>> z(32, std::vector<uint16_t>(static_cast<size_t>(halves)));
      for (auto& reg : z)
        for (auto& x : reg) x = half ? g.f16() : g.bf16();
      for (int r = 0; r < 32; ++r) m.set(fmt::format("z{}", r), lanes16(svl, z[static_cast<size_t>(r)]));
      std::map<int, std::vector<uint32_t>> za;
      for (int r = 0; r < nreg; ++r)
        for (int i = 0; i < 2; ++i) {
          auto& c = za[vec0 + r * vstride + i];
          c.resize(static_cast<size_t>(elements));
          for (auto& x : c) x = g.fp32();
        }
      // Some addends that cancel their product exactly or nearly.
      for (auto& [v, c] : za)
        for (int e = 0; e < elements; e += 5) {
          const uint16_t pa = z[static_cast<size_t>(n)][static_cast<size_t>(2 * e)], pb = z[static_cast<size_t>(mreg)][static_cast<size_t>(2 * e)];
          const uint32_t ua = half ? widen_half(pa, false) : static_cast<uint32_t>(pa) << 16;
          const uint32_t ub = half ? widen_half(pb, false) : static_cast<uint32_t>(pb) << 16;
          float fa, fb;
          std::memcpy(&fa, &ua, 4), std::memcpy(&fb, &ub, 4);
          const float p = sub ? fa * fb : -(fa * fb);
          std::memcpy(&c[static_cast<size_t>(e)], &p, 4);
          c[static_cast<size_t>(e)] ^= static_cast<uint32_t>(g.u(3));
        }
      for (const auto& [v, c] : za) m.set(fmt::format("za[{}]", v), lanes32(svl, c));
      m.set(fmt::format("w{}", 8 + wv), Bits(32, base));
      m.set("fpcr", Bits(64, (uint64_t{fz} << 24) | (uint64_t{rmode} << 22) | (uint64_t{fz16} << 19)));
      m.set("fpsr", Bits(64, 0));
      auto list = [&](int first, bool dash) {
        if (nreg == 1) return fmt::format("z{}.h", first);
        if (dash) return fmt::format("{{z{}.h-z{}.h}}", first, (first + nreg - 1) % 32);
        std::string out = "{";
        for (int r = 0; r < nreg; ++r) out += fmt::format("{}z{}.h", r ? ", " : "", (first + r) % 32);
        return out + "}";
      };
      const std::string vg = nreg == 1 ? "" : fmt::format(", vgx{}", nreg);
      const std::string second = multi ? list(mreg, true) : fmt::format("z{}.h{}", mreg, indexed ? fmt::format("[{}]", index) : "");
      const std::string text = fmt::format("{}{} za.s[w{}, {}:{}{}], {}, {}", half ? "f" : "bf", sub ? "mlsl" : "mlal", 8 + wv, offset,
                                           offset + 1, vg, list(n, g.u(2) == 0), second);
      m.execute(text);
      for (int r = 0; r < nreg; ++r)
        for (int i = 0; i < 2; ++i) {
          const int v = vec0 + r * vstride + i;
          const Bits got = m.get(fmt::format("za[{}]", v));
          const auto& a = z[static_cast<size_t>((n + r) % 32)];
          const auto& b = z[static_cast<size_t>(multi ? mreg + r : mreg)];
          for (int e = 0; e < elements; ++e) {
            const size_t h = static_cast<size_t>(2 * e + i);
            const size_t hb = indexed ? static_cast<size_t>(2 * (e - e % 4) + index) : h;
            const uint32_t addend = za[v][static_cast<size_t>(e)];
            const uint32_t want = half ? reference_half(addend, a[h], b[hb], sub, rmode, fz, fz16)
                                       : reference(addend, a[h], b[hb], sub, rmode, fz);
            ASSERT_EQ(lane(got, e), want) << fmt::format("svl {} '{}' fz {} fz16 {} rmode {} za[{}] lane {}: {:08x} {} {:04x}*{:04x}",
                                                         svl, text, fz, fz16, rmode, v, e, addend, sub ? "-" : "+", a[h], b[hb]);
            ++here;
          }
        }
      EXPECT_TRUE(m.get("fpsr").is_zero());
    }
    checked += here;
  }
  EXPECT_GE(checked, 6000u);
  RecordProperty("cases", static_cast<int>(checked));
}

// --- mlisa exec ---------------------------------------------------------------------

TEST(Sme2Exec, RunsThroughTheBinary) {
  const auto r = run_mlisa({"exec", "--target", "sme2", "--svl", "128", "--encodings", "--set", "z1.bf16=1.5,2,-0,nan",
                            "--set", "z2.bf16=2,3,0,1", "--set", "za[0].f32=1,1", "--show", "za[0]", "--show", "za[1]",
                            "--show", "fpsr", "bfmlal za.s[w8, 0:1], z1.h, z2.h"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out,
            "bfmlal za.s[w8, 0:1], z1.h, z2.h @ encoding: [0x30,0x0c,0x22,0xc1]\n"
            "za[0]=0x00000000000000003f80000040800000\n"
            "za[1]=0x00000000000000007fc0000040c00000\n"
            "fpsr=0x0000000000000000\n");
  const auto a = run_mlisa({"exec", "--target", "armv9-a+sme2", "--svl", "256", "--set", "x9=0x5", "--show", "w9",
                            "--show", "svcr", "--show", "z0", "--show", "p0", "smstart"});
  EXPECT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(a.out, "w9=0x00000005\nsvcr=0x0000000000000003\nz0=0x" + std::string(64, '0') + "\np0=0x00000000\n");
  const auto t = run_mlisa({"exec", "--target", "sme2", "smstop za; bfmlal za.s[w8, 0:1], z1.h, z2.h"});
  EXPECT_EQ(t.exit_code, 3);
  EXPECT_NE(t.err.find("SMEAccessTrap (InactiveZA)"), std::string::npos) << t.err;
  EXPECT_EQ(run_mlisa({"exec", "--target", "sme2", "--svl", "384", "smstart"}).exit_code, 2);
  EXPECT_EQ(run_mlisa({"exec", "--target", "sme2", "--show", "za[32]", "--svl", "256", "smstart"}).exit_code, 2);
  EXPECT_EQ(run_mlisa({"exec", "--target", "sme2", "bfmlal za.s[w8, 0:2], z1.h, z2.h"}).exit_code, 2);
  // V registers are Z's low 128 bits (a write zeroes the rest); ZT0 by name.
  // By hand: bytes 01..10 plus 0x11 each, and ZERO { ZT0 } after ZT0 was set.
  const auto v = run_mlisa({"exec", "--target", "sme2", "--svl", "128", "--set", "z0=0x" + std::string(32, 'f'), "--set",
                            "v1=0x0102030405060708090a0b0c0d0e0f10", "--set", "v2=0x11111111111111111111111111111111",
                            "--set", "zt0=0x5", "--show", "v0", "--show", "z0", "--show", "zt0",
                            "add v0.16b, v1.16b, v2.16b; smstart za; zero {zt0}"});
  EXPECT_EQ(v.exit_code, 0) << v.err;
  EXPECT_EQ(v.out, "v0=0x12131415161718191a1b1c1d1e1f2021\nz0=0x12131415161718191a1b1c1d1e1f2021\nzt0=0x" +
                       std::string(128, '0') + "\n");
}

// SME2 FRINT<r> of multiple vectors, which QEMU 7.2 does not run; by hand:
// 1.5, -2.5, 2.5, -0.5 and 0.5, 3.7, -3.7, 1e10 toward minus infinity are 1,
// -3, 2, -1 and 0, 3, -4, 1e10; ties away from zero 2, -3, 3, -1 (z0 prints
// its last element first).
TEST(Sme2Exec, MultiVectorRoundToIntegral) {
  const std::vector<std::string> common = {"exec", "--target", "sme2", "--svl", "128", "--set", "z4.f32=1.5,-2.5,2.5,-0.5",
                                           "--set", "z5.f32=0.5,3.7,-3.7,1e10", "--show", "z0", "--show", "z1"};
  auto run = [&](const std::string& insn) {
    std::vector<std::string> args = common;
    args.push_back(insn);
    return run_mlisa(args);
  };
  const auto m = run("frintm {z0.s, z1.s}, {z4.s, z5.s}");
  EXPECT_EQ(m.exit_code, 0) << m.err;
  EXPECT_EQ(m.out, "z0=0xbf80000040000000c04000003f800000\nz1=0x501502f9c08000004040000000000000\n");
  const auto a = run("frinta {z0.s, z1.s}, {z4.s, z5.s}");
  EXPECT_EQ(a.out, "z0=0xbf80000040400000c040000040000000\nz1=0x501502f9c0800000408000003f800000\n");
}

// The snippet is a program: labels and branches, a literal load with its
// pool after the last instruction, and a stack (values by hand; SP back at
// the stack's top, 0x7fff0000).
TEST(Sme2Exec, SnippetIsAProgram) {
  auto r = run_mlisa({"exec", "--target", "sme2", "--show", "x1", "--set", "x0=1", "--", "cbz x0, 1f; mov x1, #1; 1:"});
  EXPECT_EQ(r.out, "x1=0x0000000000000001\n") << r.err;
  r = run_mlisa({"exec", "--target", "sme2", "--show", "x1", "cbz x0, 1f; mov x1, #1; 1:"});
  EXPECT_EQ(r.out, "x1=0x0000000000000000\n") << r.err;
  r = run_mlisa({"exec", "--target", "sme2", "--show", "x0", "ldr x0, =0x123456789a; add x0, x0, #1"});
  EXPECT_EQ(r.out, "x0=0x000000123456789b\n") << r.err;
  r = run_mlisa({"exec", "--target", "sme2", "--show", "x2", "--show", "sp", "--set", "x1=0x55", "--",
                 "str x1, [sp, #-16]!; ldr x2, [sp], #16"});
  EXPECT_EQ(r.out, "x2=0x0000000000000055\nsp=0x000000007fff0000\n") << r.err;
}

}  // namespace
}  // namespace mlisa::test
