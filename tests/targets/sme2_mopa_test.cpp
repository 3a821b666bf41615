// BFMOPA and BFMOPS (widening) on the sme2 target: encodings against
// llvm-mc-19, and the manual's operation worked by hand: the SVL/32 x 2 by
// 2 x SVL/32 outer product into a .S tile, the two predicates (an inactive
// element counts as +0.0; an element whose pairs both hold an inactive one
// keeps its value), and the BFloat16 sum-of-products behaviours of A1.5.11
// with FPCR.EBF 0 (round to odd with overflow to infinity, fixed flush to
// zero of inputs and outputs, RMode ignored, default NaN, no flags).
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/sme2/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstring>
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

Machine streaming(int svl) {
  Machine m(*sme2().isa, svl);
  m.start_streaming();
  return m;
}

// A register of `width` bits from 16-bit lanes (lane 0 first), the rest zero.
Bits lanes16(int width, const std::vector<uint16_t>& lanes) {
  Bits b = Bits::zeros(static_cast<uint32_t>(width));
  for (size_t i = 0; i < lanes.size(); ++i) b.set_slice(static_cast<uint32_t>(16 * i), Bits(16, lanes[i]));
  return b;
}
Bits lanes32(int width, const std::vector<uint32_t>& lanes) {
  Bits b = Bits::zeros(static_cast<uint32_t>(width));
  for (size_t i = 0; i < lanes.size(); ++i) b.set_slice(static_cast<uint32_t>(32 * i), Bits(32, lanes[i]));
  return b;
}
uint32_t lane32(const Bits& v, int i) { return static_cast<uint32_t>(v.slice(static_cast<uint32_t>(32 * i), 32).low64()); }

// Every .H element active: predicate bit 2e for element e.
Bits all_h(int svl) {
  Bits p = Bits::zeros(static_cast<uint32_t>(svl / 8));
  for (int e = 0; e < svl / 16; ++e) p.set_slice(static_cast<uint32_t>(2 * e), Bits(1, 1));
  return p;
}

const std::vector<std::string> kForms = {
    "bfmopa za0.s, p0/m, p0/m, z0.h, z0.h",   "bfmopa za3.s, p7/m, p0/m, z0.h, z0.h",
    "bfmopa za0.s, p0/m, p7/m, z0.h, z0.h",   "bfmopa za0.s, p0/m, p0/m, z31.h, z0.h",
    "bfmopa za0.s, p0/m, p0/m, z0.h, z31.h",  "bfmopa za2.s, p3/m, p5/m, z17.h, z9.h",
    "bfmops za0.s, p0/m, p0/m, z0.h, z0.h",   "bfmops za3.s, p7/m, p7/m, z31.h, z31.h",
    "bfmops za1.s, p2/m, p6/m, z12.h, z20.h",
};

TEST(Sme2Mopa, EncodingsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 not found";
  expect_forms_match_llvm_mc("-triple=aarch64 -mattr=+sme", kForms, [](const std::string& form) {
    return llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(form).word));
  });
}

// FMOPA and FMOPS (non-widening), single and double precision, and
// (widening) half precision into .S tiles.
const std::vector<std::string> kFloatForms = {
    "fmopa za0.s, p0/m, p0/m, z0.s, z0.s",    "fmopa za3.s, p7/m, p6/m, z31.s, z30.s",
    "fmops za1.s, p2/m, p3/m, z4.s, z5.s",    "fmopa za0.d, p0/m, p0/m, z0.d, z0.d",
    "fmopa za7.d, p7/m, p6/m, z31.d, z30.d",  "fmops za5.d, p2/m, p3/m, z4.d, z5.d",
    "fmopa za0.s, p0/m, p0/m, z0.h, z0.h",    "fmopa za1.s, p5/m, p2/m, z10.h, z21.h",
    "fmops za3.s, p7/m, p0/m, z31.h, z0.h",   "fmops za2.s, p1/m, p6/m, z7.h, z31.h",
};

TEST(Sme2Mopa, FloatEncodingsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 not found";
  expect_forms_match_llvm_mc("-triple=aarch64 -mattr=+sme,+sme-f64f64", kFloatForms, [](const std::string& form) {
    return llvm_mc_bytes(targets::sme2::a64_bytes(sme2().isa->assemble(form).word));
  });
  for (const std::string& form : kFloatForms) {
    const auto a = sme2().isa->assemble(form);
    EXPECT_EQ(sme2().isa->print(*a.enc, a.word), form);
  }
  for (const char* bad : {"fmopa za4.s, p0/m, p0/m, z0.s, z0.s", "fmopa za8.d, p0/m, p0/m, z0.d, z0.d",
                          "fmopa za0.s, p0/m, p0/m, z0.d, z0.d", "fmopa za0.d, p0/m, p0/m, z0.s, z0.s"})
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
}

// SVL 128: a 4 x 4 .S tile (rows are array vectors t, t + 4, ...) and a
// 2 x 2 .D tile (rows t, t + 8). Row element i of Zn times column element j
// of Zm is added to (i, j) with one rounding where both are active.
TEST(Sme2Mopa, NonWideningOuterProductsByHand) {
  Machine m = streaming(128);
  const auto f = [](float x) {
    uint32_t u;
    std::memcpy(&u, &x, 4);
    return u;
  };
  m.set("z1", lanes32(128, {f(1), f(2), f(3), f(-4)}));
  m.set("z2", lanes32(128, {f(10), f(0.5f), f(-1), f(100)}));
  m.set("p1", Bits(16, 0x1011));  // rows 0, 1, 3
  m.set("p2", Bits(16, 0x0111));  // columns 0, 1, 2
  for (int row = 0; row < 4; ++row) m.set(fmt::format("za[{}]", 4 * row + 2), lanes32(128, {f(1), f(1), f(1), f(1)}));
  m.execute("fmopa za2.s, p1/m, p2/m, z1.s, z2.s");
  const float rows[4] = {1, 2, 3, -4};
  const float cols[4] = {10, 0.5f, -1, 100};
  for (int row = 0; row < 4; ++row)
    for (int col = 0; col < 4; ++col) {
      const bool active = row != 2 && col != 3;
      EXPECT_EQ(lane32(m.get(fmt::format("za[{}]", 4 * row + 2)), col), f(active ? 1 + rows[row] * cols[col] : 1))
          << row << " " << col;
    }
  // FMOPS subtracts: 1 - (-2^-15 * 2^-15) rounded once towards +infinity is
  // the float after 1.
  m.set("za[2]", lanes32(128, {f(1)}));
  m.set("z1", lanes32(128, {0xb8000000u}));  // -2^-15
  m.set("z2", lanes32(128, {0x38000000u}));  // 2^-15
  m.set("fpcr", Bits(64, 1u << 22));
  m.execute("fmops za2.s, p1/m, p2/m, z1.s, z2.s");
  EXPECT_EQ(lane32(m.get("za[2]"), 0), 0x3f800001u);
  EXPECT_TRUE(m.get("fpsr").is_zero());  // no flags: the ZA-targeting behaviour
  // Double precision: 3 * 0.25 + 1; inf * 0 is the default NaN (FPCR.DN forced).
  auto d = [](double x) {
    uint64_t u;
    std::memcpy(&u, &x, 8);
    return u;
  };
  Bits zn = Bits::zeros(128), zm = Bits::zeros(128);
  zn.set_slice(0, Bits(64, d(3))), zn.set_slice(64, Bits(64, 0x7ff0000000000000ull));
  zm.set_slice(0, Bits(64, d(0.25))), zm.set_slice(64, Bits(64, 0));
  m.set("z3", zn);
  m.set("z4", zm);
  m.set("p3", Bits(16, 0x0101));
  Bits ones = Bits::zeros(128);
  ones.set_slice(0, Bits(64, d(1))), ones.set_slice(64, Bits(64, d(1)));
  m.set("za[5]", ones);
  m.set("za[13]", ones);
  m.set("fpcr", Bits(64, 0));
  m.execute("fmopa za5.d, p3/m, p3/m, z3.d, z4.d");
  EXPECT_EQ(m.get("za[5]").slice(0, 64).low64(), d(1.75));
  EXPECT_EQ(m.get("za[5]").slice(64, 64).low64(), d(1));          // 3 * 0 + 1
  EXPECT_EQ(m.get("za[13]").slice(0, 64).low64(), 0x7ff0000000000000ull);  // inf * 0.25 + 1
  EXPECT_EQ(m.get("za[13]").slice(64, 64).low64(), 0x7ff8000000000000ull);  // inf * 0 + 1
}

TEST(Sme2Mopa, FormsPrintBackAndRefuseBadOperands) {
  for (const std::string& form : kForms) {
    const auto a = sme2().isa->assemble(form);
    EXPECT_EQ(sme2().isa->print(*a.enc, a.word), form);
  }
  for (const char* bad : {"bfmopa za4.s, p0/m, p0/m, z0.h, z0.h", "bfmopa za0.s, p8/m, p0/m, z0.h, z0.h",
                          "bfmopa za0.s, p0/m, p0/z, z0.h, z0.h", "bfmopa za0.d, p0/m, p0/m, z0.h, z0.h"})
    EXPECT_THROW(sme2().isa->assemble(bad), InputError) << bad;
}

// SVL 128: a 4 x 4 tile, Zn and Zm each four pairs. Element (r, c) gains
// zn[2r]·zm[2c] + zn[2r+1]·zm[2c+1].
TEST(Sme2Mopa, OuterProductOfPairsByHand) {
  Machine m = streaming(128);
  // bf16: 1 = 0x3f80, 2 = 0x4000, 3 = 0x4040, 4 = 0x4080, 0.5 = 0x3f00, -1 = 0xbf80
  m.set("z1", lanes16(128, {0x3f80, 0x4000, 0x4040, 0x4080, 0x3f00, 0x3f00, 0xbf80, 0x3f80}));  // pairs (1,2) (3,4) (.5,.5) (-1,1)
  m.set("z2", lanes16(128, {0x3f80, 0x3f80, 0x4000, 0x0000, 0x0000, 0x4000, 0x3f80, 0xbf80}));  // pairs (1,1) (2,0) (0,2) (1,-1)
  m.set("p0", all_h(128));
  m.set("p1", all_h(128));
  // Tile ZA1.S: row r is array vector 4r + 1; start every element at 10.
  for (int r = 0; r < 4; ++r) m.set(fmt::format("za[{}]", 4 * r + 1), lanes32(128, {0x41200000, 0x41200000, 0x41200000, 0x41200000}));
  m.execute("bfmopa za1.s, p0/m, p1/m, z1.h, z2.h");
  // Row 0 (1,2): 1+2, 2+0, 0+4, 1-2 -> 13 12 14 9
  // Row 1 (3,4): 7, 6, 8, -1 -> 17 16 18 9
  // Row 2 (.5,.5): 1, 1, 1, 0 -> 11 11 11 10
  // Row 3 (-1,1): 0, -2, 2, -2 -> 10 8 12 8
  const std::vector<std::vector<uint32_t>> want = {{0x41500000, 0x41400000, 0x41600000, 0x41100000},
                                                   {0x41880000, 0x41800000, 0x41900000, 0x41100000},
                                                   {0x41300000, 0x41300000, 0x41300000, 0x41200000},
                                                   {0x41200000, 0x41000000, 0x41400000, 0x41000000}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(lane32(m.get(fmt::format("za[{}]", 4 * r + 1)), c), want[r][c]) << r << "," << c;
  // The other tiles are untouched.
  for (int v : {0, 2, 3, 4, 6, 15}) EXPECT_TRUE(m.get(fmt::format("za[{}]", v)).is_zero()) << v;
  // BFMOPS subtracts the same sums: back to 10 everywhere.
  m.execute("bfmops za1.s, p0/m, p1/m, z1.h, z2.h");
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(lane32(m.get(fmt::format("za[{}]", 4 * r + 1)), c), 0x41200000u) << r << "," << c;
}

TEST(Sme2Mopa, PredicatesZeroElementsAndSkipDeadPairs) {
  Machine m = streaming(128);
  const uint16_t inf = 0x7f80, one = 0x3f80, two = 0x4000;
  m.set("z1", lanes16(128, {one, inf, two, two, one, one, one, one}));
  m.set("z2", lanes16(128, {two, one, one, one, one, one, one, one}));
  // Row predicate: element 1 (the infinity) inactive, so it counts as +0.0
  // and 0 x 1 gives no NaN; rows 2 and 3 inactive.
  // A .H element e is active when predicate bit 2e is set.
  m.set("p2", Bits(16, 0b0000000000010001));  // elements 0 and 2
  m.set("p3", Bits(16, 0b0000000000010101));  // elements 0, 1, 2: column 0 whole, column 1 its first half
  m.set("za[0]", lanes32(128, {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000}));
  m.set("za[4]", lanes32(128, {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000}));
  m.set("za[8]", lanes32(128, {0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000}));
  m.execute("bfmopa za0.s, p2/m, p3/m, z1.h, z2.h");
  // Row 0 (1, [inf inactive -> +0]): col 0 (2, 1): 1 + 2 + 0 = 3; col 1 (1, [1
  // inactive]): 1 + 1 = 2; cols 2, 3 inactive in both pairs: unchanged.
  EXPECT_EQ(lane32(m.get("za[0]"), 0), 0x40400000u);
  EXPECT_EQ(lane32(m.get("za[0]"), 1), 0x40000000u);
  EXPECT_EQ(lane32(m.get("za[0]"), 2), 0x3f800000u);
  EXPECT_EQ(lane32(m.get("za[0]"), 3), 0x3f800000u);
  // Row 1 (2, [2 inactive]): col 0: 1 + 4 = 5; col 1: 1 + 2 = 3.
  EXPECT_EQ(lane32(m.get("za[4]"), 0), 0x40a00000u);
  EXPECT_EQ(lane32(m.get("za[4]"), 1), 0x40400000u);
  // Row 2: both pairs inactive: unchanged.
  EXPECT_EQ(lane32(m.get("za[8]"), 0), 0x3f800000u);
  // An inactive row element stays +0.0 under BFMOPS too: 0 x inf would be a
  // NaN, +0 x finite keeps the sum.
  m.set("z3", lanes16(128, {one, 0x7f80, 0, 0, 0, 0, 0, 0}));
  m.set("z4", lanes16(128, {one, 0x0000, 0, 0, 0, 0, 0, 0}));
  m.set("p4", Bits(16, 0b01));
  m.set("p5", Bits(16, 0b0101));
  m.set("za[1]", lanes32(128, {0x40000000}));
  m.execute("bfmops za1.s, p4/m, p5/m, z3.h, z4.h");  // 2 - 1*1 - (+0)*0 = 1
  EXPECT_EQ(lane32(m.get("za[1]"), 0), 0x3f800000u);
}

// The standard BFloat16 sum-of-products behaviours (FPCR.EBF 0).
TEST(Sme2Mopa, BFloat16SumOfProductsBehaviours) {
  Machine m = streaming(128);
  m.set("p0", all_h(128));
  auto one_element = [&](uint32_t acc, uint16_t a0, uint16_t a1, uint16_t b0, uint16_t b1, uint64_t fpcr) {
    m.set("fpcr", Bits(64, fpcr));
    m.set("fpsr", Bits(64, 0));
    m.set("z0", lanes16(128, {a0, a1}));
    m.set("z1", lanes16(128, {b0, b1}));
    m.set("za[0]", lanes32(128, {acc}));
    m.execute("bfmopa za0.s, p0/m, p0/m, z0.h, z1.h");
    EXPECT_EQ(m.get("fpsr").low64(), 0u) << "no flags";
    return lane32(m.get("za[0]"), 0);
  };
  const uint16_t one = 0x3f80;
  // Round to odd, whatever FPCR.RMode: 1 + 2^-30 (a product of 2^-15 x 2^-15)
  // is inexact: truncated to 1 and its last bit set.
  for (uint64_t rmode : {0u, 1u, 2u, 3u})
    EXPECT_EQ(one_element(0x3f800000, 0x3800, 0, 0x3800, 0, rmode << 22), 0x3f800001u) << rmode;
  // Two roundings: the products' sum first, then the accumulation. 1 + 2^-24
  // + 2^-24: each add of 2^-24 to 1 alone would be inexact, but the products
  // sum exactly to 2^-23 first, and 1 + 2^-23 is exact.
  EXPECT_EQ(one_element(0x3f800000, 0x3380, 0x3380, one, one, 0), 0x3f800001u);
  // 2^100 + (2^-100 + -2^-100): the products cancel exactly to +0.
  EXPECT_EQ(one_element(0x71800000, 0x0d80, 0x0d80, one, 0xbf80, 0), 0x71800000u);
  // Overflow: 2^127 x 2 + 2^127 x 2 is an infinity (round to odd would
  // otherwise give the largest normal).
  EXPECT_EQ(one_element(0, 0x7f00, 0x7f00, 0x4000, 0x4000, 0), 0x7f800000u);
  EXPECT_EQ(one_element(0, 0xff00, 0, 0x4000, 0, 0), 0xff800000u);
  // Denormal inputs flush to zero with FPCR.FZ 0: a bf16 denormal times 2^100
  // gives nothing; a denormal accumulator is a zero of its sign.
  EXPECT_EQ(one_element(0x3f800000, 0x0001, 0, 0x7180, 0, 0), 0x3f800000u);
  EXPECT_EQ(one_element(0x80000001, 0, 0, 0, 0, 0), 0x00000000u);  // -denormal is -0; -0 + (+0 + +0) = +0
  // Outputs: a result below 2^-126 before rounding is a zero of its sign.
  EXPECT_EQ(one_element(0, 0x0080, 0, 0x3f00, 0, 0), 0x00000000u);  // 2^-126 x 0.5
  // The flushed zero keeps its sign: -0 (flushed) + -0 (-0 x +0), then -0 + -0.
  EXPECT_EQ(one_element(0x80000000, 0x8080, 0x8000, 0x3f00, 0, 0), 0x80000000u);
  // NaNs: every NaN result is the default NaN, signalling or quiet, any sign.
  EXPECT_EQ(one_element(0x7f800001, one, 0, one, 0, 0), 0x7fc00000u);  // sNaN accumulator
  EXPECT_EQ(one_element(0, 0xffc1, 0, one, 0, 0), 0x7fc00000u);        // -qNaN source
  EXPECT_EQ(one_element(0, 0x7f80, 0, 0, 0, 0), 0x7fc00000u);          // inf x 0
  EXPECT_EQ(one_element(0, 0x7f80, 0x7f80, one, 0xbf80, 0), 0x7fc00000u);  // inf - inf between the products
  EXPECT_EQ(one_element(0xff800000, 0x7f80, 0, one, 0, 0), 0x7fc00000u);   // +inf product, -inf accumulator
  // Zeros: -0 + (-0 + -0) keeps the sign; mixed signs give +0.
  EXPECT_EQ(one_element(0x80000000, 0x8000, 0x8000, one, one, 0), 0x80000000u);
  EXPECT_EQ(one_element(0x80000000, 0x0000, 0x8000, one, one, 0), 0x00000000u);
}

TEST(Sme2Mopa, TrapsOutsideStreamingModeOrWithZaOff) {
  Machine m(*sme2().isa, 256);
  try {
    m.execute("bfmopa za0.s, p0/m, p0/m, z0.h, z0.h");
    FAIL() << "no trap";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("SMEAccessTrap (Streaming)"), std::string::npos) << f.what();
  }
  m.execute("smstart sm");
  try {
    m.execute("bfmops za0.s, p0/m, p0/m, z0.h, z0.h");
    FAIL() << "no trap";
  } catch (const Fault& f) {
    EXPECT_NE(std::string(f.what()).find("SMEAccessTrap (InactiveZA)"), std::string::npos) << f.what();
  }
}

// SVL 2048: a 64 x 64 tile; the last row and column are reached.
TEST(Sme2Mopa, LargestTile) {
  Machine m = streaming(2048);
  std::vector<uint16_t> a(128, 0), b(128, 0);
  a[126] = 0x4000;  // row 63, first of its pair: 2
  b[127] = 0x4040;  // column 63, second of its pair: 3
  a[127] = 0x3f80;  // row 63 second: 1 -> (2, 1) . (0, 3) = 3
  m.set("z5", lanes16(2048, a));
  m.set("z6", lanes16(2048, b));
  m.set("p1", all_h(2048));
  m.execute("bfmopa za3.s, p1/m, p1/m, z5.h, z6.h");
  EXPECT_EQ(lane32(m.get("za[255]"), 63), 0x40400000u);  // row 63 of ZA3.S is array vector 63*4 + 3
  EXPECT_EQ(lane32(m.get("za[255]"), 62), 0x00000000u);
}

}  // namespace
}  // namespace mlisa::test
