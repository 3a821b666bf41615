// The mve target: encodings of every form against llvm-mc-19, the printer's
// round trip, semantics on hand-worked values, and mlisa exec as a process.
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "support/run_mlisa.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/mve/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

using spec::Bits;
using targets::mve::Machine;

const targets::mve::Target& mve() {
  static const targets::mve::Target t = targets::mve::load();
  return t;
}

// Every form of every instruction written so far (each data type, each
// table spelling, edge registers).
const std::vector<std::string> kForms = {
    "vmax.s8 q0, q1, q2", "vmax.s16 q7, q6, q5", "vmax.s32 q3, q0, q7", "vmax.u8 q1, q2, q3", "vmax.u16 q0, q1, q2",
    "vmax.u32 q4, q5, q6", "vmin.s8 q0, q1, q2", "vmin.s16 q7, q6, q5", "vmin.s32 q3, q0, q7", "vmin.u8 q1, q2, q3",
    "vmin.u16 q0, q1, q2", "vmin.u32 q4, q5, q6", "vmaxa.s8 q0, q1", "vmaxa.s16 q7, q6", "vmaxa.s32 q2, q5",
    "vmina.s8 q0, q1", "vmina.s16 q7, q6", "vmina.s32 q2, q5", "vmaxv.s8 r0, q1", "vmaxv.s16 r12, q7",
    "vmaxv.s32 r14, q0", "vmaxv.u8 r1, q2", "vmaxv.u16 r2, q3", "vmaxv.u32 r3, q4", "vminv.s8 r0, q1",
    "vminv.s16 r12, q7", "vminv.s32 r14, q0", "vminv.u8 r1, q2", "vminv.u16 r2, q3", "vminv.u32 r3, q4",
    "vmaxav.s8 r0, q1", "vmaxav.s16 r5, q6", "vmaxav.s32 r14, q7", "vminav.s8 r0, q1", "vminav.s16 r5, q6",
    "vminav.s32 r14, q7", "vmaxnm.f32 q0, q1, q2", "vmaxnm.f16 q7, q6, q5", "vminnm.f32 q0, q1, q2",
    "vminnm.f16 q7, q6, q5", "vmaxnm.f16 s0, s1, s2", "vmaxnm.f32 s31, s30, s29", "vmaxnm.f64 d15, d14, d13",
    "vmaxnm.f32 s3, s17, s9", "vminnm.f16 s0, s1, s2", "vminnm.f32 s31, s30, s29", "vminnm.f64 d15, d14, d13",
    "vminnm.f64 d0, d1, d2", "vmaxnma.f32 q0, q1", "vmaxnma.f16 q7, q6", "vminnma.f32 q0, q1", "vminnma.f16 q7, q6",
    "vmaxnmv.f32 r0, q1", "vmaxnmv.f16 r14, q7", "vminnmv.f32 r0, q1", "vminnmv.f16 r14, q7", "vmaxnmav.f32 r0, q1",
    "vmaxnmav.f16 r14, q7", "vminnmav.f32 r0, q1", "vminnmav.f16 r14, q7", "vmladav.s8 r0, q1, q2",
    "vmladav.s16 r2, q3, q4", "vmladav.s32 r12, q7, q6", "vmladav.u8 r4, q0, q1", "vmladav.u16 r6, q5, q0",
    "vmladav.u32 r8, q1, q2", "vmladava.s8 r0, q1, q2", "vmladava.s16 r10, q1, q2", "vmladava.s32 r0, q1, q2",
    "vmladava.u8 r0, q1, q2", "vmladava.u16 r0, q1, q2", "vmladava.u32 r0, q1, q2", "vmladavx.s8 r0, q1, q2",
    "vmladavx.s16 r0, q1, q2", "vmladavx.s32 r0, q1, q2", "vmladavax.s8 r0, q1, q2", "vmladavax.s16 r0, q1, q2",
    "vmladavax.s32 r12, q7, q7", "vdup.8 q0, r1", "vdup.16 q7, r14", "vdup.32 q3, r12", "vmov.8 q0[13], r2",
    "vmov.8 q7[0], r14", "vmov.16 q0[5], r2", "vmov.16 q6[7], r3", "vmov.32 q0[1], r2", "vmov.32 q5[3], r12",
    "vmov.s8 r2, q0[13]", "vmov.u8 r2, q7[15]", "vmov.s16 r2, q0[5]", "vmov.u16 r14, q3[0]", "vmov.32 r2, q0[3]",
    "vmov.32 r0, q7[0]", "vmov s0, r1", "vmov s31, r14", "vmov r1, s0", "vmov r12, s17", "vmsr fpscr, r0",
    "vmsr fpscr_nzcvqc, r3", "vmsr vpr, r4", "vmsr p0, r5", "vmrs r0, fpscr", "vmrs apsr_nzcv, fpscr",
    "vmrs r3, fpscr_nzcvqc", "vmrs r4, vpr", "vmrs r5, p0", "movw r0, #0x1234", "movw r12, #65535", "movw r1, #0",
    "movt r0, #0x1234", "movt r14, #65535",
    // VCMP: integer (i, u, s; vector and scalar, ZR), floating point; VPNOT; VCTP.
    "vcmp.i8 eq, q0, q1",
    "vcmp.i16 ne, q7, q6",
    "vcmp.i32 eq, q3, q4",
    "vcmp.u8 cs, q0, q1",
    "vcmp.u16 hi, q7, q6",
    "vcmp.u32 cs, q2, q5",
    "vcmp.s8 ge, q0, q1",
    "vcmp.s16 lt, q7, q6",
    "vcmp.s32 gt, q2, q3",
    "vcmp.s8 le, q4, q5",
    "vcmp.i8 eq, q0, r1",
    "vcmp.i16 ne, q7, r14",
    "vcmp.i32 eq, q3, zr",
    "vcmp.u8 cs, q0, r12",
    "vcmp.u16 hi, q6, r2",
    "vcmp.u32 hi, q1, zr",
    "vcmp.s8 ge, q0, r1",
    "vcmp.s16 lt, q7, r0",
    "vcmp.s32 gt, q2, r3",
    "vcmp.s8 le, q4, zr",
    "vcmp.f32 eq, q0, q1",
    "vcmp.f16 ne, q7, q6",
    "vcmp.f32 ge, q2, q3",
    "vcmp.f16 lt, q4, q5",
    "vcmp.f32 gt, q1, q0",
    "vcmp.f16 le, q6, q7",
    "vcmp.f32 eq, q0, r1",
    "vcmp.f16 ne, q7, r14",
    "vcmp.f32 ge, q2, zr",
    "vcmp.f16 lt, q4, r5",
    "vcmp.f32 gt, q1, r0",
    "vcmp.f16 le, q6, r12",
    "vpnot",
    "vctp.8 r0",
    "vctp.16 r14",
    "vctp.32 r12",
    "vctp.64 r1",
};

// VPST needs a predicable instruction after it for llvm-mc; each mask
// spelling is checked in a block of that length.
std::vector<std::string> vpst_blocks() {
  std::vector<std::string> out;
  for (const char* m : {"", "t", "e", "tt", "te", "et", "ee", "ttt", "tte", "tet", "tee", "ett", "ete", "eet", "eee"}) {
    std::string block = fmt::format("vpst{}", m);
    std::string letters = std::string("t") + m;
    for (char c : letters) block += fmt::format("\nvmax{}.s8 q0, q1, q2", c);
    out.push_back(block);
  }
  return out;
}

// VPT needs its block too: each compare encoding with several masks.
std::vector<std::string> vpt_blocks() {
  std::vector<std::string> out;
  const std::vector<std::string> heads = {
      "vpt.i8 eq, q0, q1",     "vpte.i16 ne, q7, q6",   "vptt.i32 eq, q3, q4",     "vptee.u8 cs, q0, q1",
      "vpttt.u16 hi, q6, q5",  "vpt.u32 cs, q2, q5",    "vptete.s8 ge, q0, q1",    "vpteee.s16 lt, q7, q6",
      "vpt.s32 gt, q2, q3",    "vptet.s8 le, q4, q5",   "vpt.i8 eq, q0, r1",       "vpttee.i16 ne, q7, r14",
      "vpte.i32 eq, q3, zr",   "vpt.u8 cs, q0, r12",    "vptt.u16 hi, q6, r2",     "vpt.s8 ge, q0, r1",
      "vptte.s16 lt, q7, r0",  "vpt.s32 gt, q2, r3",    "vpteet.s8 le, q4, zr",    "vpt.f32 eq, q0, q1",
      "vpte.f16 ne, q7, q6",   "vptt.f32 ge, q2, q3",   "vpttt.f16 lt, q4, q5",    "vpt.f32 gt, q1, q0",
      "vpteee.f16 le, q6, q7", "vpt.f32 eq, q0, r1",    "vpte.f16 ne, q7, r14",    "vpt.f32 ge, q2, zr",
      "vptet.f16 lt, q4, r5",  "vpt.f32 gt, q1, r0",    "vptttt.f16 le, q6, r12",
  };
  for (const std::string& h : heads) {
    const std::string letters = "t" + h.substr(3, h.find('.') - 3);
    std::string block = h;
    for (char c : letters) block += fmt::format("\nvmax{}.s8 q0, q1, q2", c);
    out.push_back(block);
  }
  return out;
}

using mlisa::test::have_llvm_mc;

// The bytes llvm-mc-19 gives each line of `source`, in order.
std::vector<std::string> llvm_encodings(const std::string& source) {
  return mlisa::test::llvm_mc_encodings("-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", source);
}

std::string our_bytes(const std::string& text) {
  return mlisa::test::llvm_mc_bytes(targets::mve::t32_bytes(mve().isa->assemble(text).word));
}

TEST(MveEncoding, EveryFormMatchesLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  mlisa::test::expect_forms_match_llvm_mc("-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", kForms, our_bytes);
}

TEST(MveEncoding, VpstMasksMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  for (const std::string& block : vpst_blocks()) {
    const auto theirs = llvm_encodings(block);
    ASSERT_FALSE(theirs.empty()) << block;
    EXPECT_EQ(our_bytes(block.substr(0, block.find('\n'))), theirs[0]) << block;
  }
}

TEST(MveEncoding, VptFormsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  for (const std::string& block : vpt_blocks()) {
    const auto theirs = llvm_encodings(block);
    ASSERT_FALSE(theirs.empty()) << block;
    EXPECT_EQ(our_bytes(block.substr(0, block.find('\n'))), theirs[0]) << block;
  }
}

TEST(MveEncoding, VptFormsDecodeAndPrintBack) {
  for (const std::string& block : vpt_blocks()) {
    const std::string f = block.substr(0, block.find('\n'));
    const auto a = mve().isa->assemble(f);
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = mve().isa->decode(a.word, &inst);
    ASSERT_NE(enc, nullptr) << f;
    EXPECT_EQ(enc, a.enc) << f;
    const std::string text = mve().isa->print(*enc, a.word);
    EXPECT_EQ(mve().isa->assemble(text).word, a.word) << f << " printed as " << text;
  }
}

TEST(MveEncoding, EveryFormDecodesAndPrintsBack) {
  for (const std::string& f : kForms) {
    const auto a = mve().isa->assemble(f);
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = mve().isa->decode(a.word, &inst);
    ASSERT_NE(enc, nullptr) << f;
    EXPECT_EQ(enc, a.enc) << f;
    const std::string text = mve().isa->print(*enc, a.word);
    EXPECT_EQ(mve().isa->assemble(text).word, a.word) << f << " printed as " << text;
  }
}

TEST(MveEncoding, Refusals) {
  auto refused = [](const std::string& text) {
    try {
      mve().isa->assemble(text);
    } catch (const InputError& e) {
      return std::string(e.message());
    }
    return std::string();
  };
  EXPECT_NE(refused("vmax.s8 q8, q1, q2").find("UNDEFINED"), std::string::npos);  // D=1: Q8 does not exist
  EXPECT_NE(refused("vmaxv.s8 sp, q1").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vmladavx.u8 r0, q1, q2").find("UNDEFINED"), std::string::npos);
  // The words llvm-mc-19 uses for the same refusals.
  EXPECT_NE(refused("vmladav.s8 r1, q1, q2").find("even-numbered register"), std::string::npos);  // odd Rda
  EXPECT_NE(refused("vmax.s64 q0, q1, q2").find("invalid type suffix '.s64'"), std::string::npos);
  EXPECT_NE(refused("movw r0, #65536").find("immediate in the range [0,65535]"), std::string::npos);
  EXPECT_NE(refused("vctp.8 sp").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vcmp.i8 eq, q0, sp").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vcmp.f32 eq, q0, sp").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vcmp.u8 ge, q0, q1").find("one of: eq, ne, cs, hi, hs"), std::string::npos);   // signed condition, unsigned type
  EXPECT_NE(refused("vcmp.f32 hi, q0, q1").find("one of: eq, ne, ge"), std::string::npos);  // no unsigned FP conditions
  EXPECT_NE(refused("vcmp.s8 hi, q0, q1").find("one of: eq, ne, ge, lt, gt, le"), std::string::npos);   // HI is unsigned
}

// --- semantics ---------------------------------------------------------------

struct Cpu {
  Machine m{*mve().isa};
  Cpu& set(const std::string& r, const Bits& v) {
    m.set(r, v);
    return *this;
  }
  Cpu& q(const std::string& r, std::array<uint32_t, 4> w) {
    Bits b = Bits::zeros(128);
    for (uint32_t i = 0; i < 4; ++i) b.set_slice(32 * i, Bits(32, w[i]));
    return set(r, b);
  }
  Cpu& x(const std::string& insn) {
    m.execute(insn);
    return *this;
  }
  uint32_t w(const std::string& r, int lane = 0) { return static_cast<uint32_t>(m.get(r).slice(32 * static_cast<uint32_t>(lane), 32).low64()); }
  uint32_t ioc() { return w("fpscr") & 1; }
};

TEST(MveSemantics, VmaxnmNaNs) {
  // A quiet NaN loses to a number; a signalling NaN gives the default NaN
  // (MVE arithmetic runs with DN=1) and raises IOC.
  Cpu r;
  r.q("q1", {0x7fc00001, 0x3f800000, 0x7fa00001, 0x80000000});
  r.q("q2", {0x40000000, 0x7fc00000, 0x3f800000, 0x00000000});
  r.x("vmaxnm.f32 q0, q1, q2");
  EXPECT_EQ(r.w("q0", 0), 0x40000000u);
  EXPECT_EQ(r.w("q0", 1), 0x3f800000u);
  EXPECT_EQ(r.w("q0", 2), 0x7fc00000u);
  EXPECT_EQ(r.w("q0", 3), 0x00000000u);  // max(-0, +0) = +0
  EXPECT_EQ(r.ioc(), 1u);
  Cpu s;
  s.q("q1", {0x80000000, 0x7fc00001, 0, 0}).q("q2", {0x00000000, 0x7fc00002, 0, 0}).x("vminnm.f32 q0, q1, q2");
  EXPECT_EQ(s.w("q0", 0), 0x80000000u);  // min(-0, +0) = -0
  EXPECT_EQ(s.w("q0", 1), 0x7fc00000u);  // two quiet NaNs: the default NaN
  EXPECT_EQ(s.ioc(), 0u);
}

TEST(MveSemantics, ScalarVmaxnmUsesFpscr) {
  // The scalar form obeys FPSCR.DN: with DN=0 a signalling NaN comes back quietened.
  Cpu r;
  r.set("s1", Bits(32, 0x7fa00001)).set("s2", Bits(32, 0x3f800000)).x("vmaxnm.f32 s0, s1, s2");
  EXPECT_EQ(r.w("s0"), 0x7fe00001u);
  EXPECT_EQ(r.ioc(), 1u);
  Cpu d;
  d.set("fpscr", Bits(32, 0x02040000)).set("s1", Bits(32, 0x7fa00001)).set("s2", Bits(32, 0x3f800000));
  d.x("vmaxnm.f32 s0, s1, s2");
  EXPECT_EQ(d.w("s0"), 0x7fc00000u);
  Cpu h;
  h.set("s1", Bits(32, 0xffff3c00)).set("s2", Bits(32, 0x4000)).x("vmaxnm.f16 s0, s1, s2");
  EXPECT_EQ(h.w("s0"), 0x00004000u);  // the upper half is zero
  Cpu dd;
  dd.set("d1", Bits(64, 0x7ff8000000000000)).set("d2", Bits(64, 0xbff0000000000000)).x("vminnm.f64 d0, d1, d2");
  EXPECT_EQ(dd.m.get("d0").low64(), 0xbff0000000000000u);
}

TEST(MveSemantics, SignedVersusUnsignedMax) {
  Cpu r;
  r.q("q1", {0x80ff7f01, 0, 0, 0}).q("q2", {0x01010101, 0, 0, 0});
  r.x("vmax.s8 q0, q1, q2").x("vmax.u8 q3, q1, q2").x("vmin.s8 q4, q1, q2");
  EXPECT_EQ(r.w("q0"), 0x01017f01u);
  EXPECT_EQ(r.w("q3"), 0x80ff7f01u);
  EXPECT_EQ(r.w("q4"), 0x80ff0101u);
  Cpu a;  // VMAXA: |-128| = 128 beats an unsigned 0x7f
  a.q("q0", {0x0000007f, 0, 0, 0}).q("q1", {0x00000080, 0, 0, 0}).x("vmaxa.s8 q0, q1");
  EXPECT_EQ(a.w("q0"), 0x00000080u);
}

TEST(MveSemantics, AcrossVector) {
  Cpu r;
  r.q("q1", {0x05fb0a80, 0x01020304, 0x7f000000, 0x00000011});
  r.set("r0", Bits(32, 0)).set("r1", Bits(32, 0)).set("r2", Bits(32, 0xffffff00)).set("r3", Bits(32, 0x000000ff));
  r.x("vmaxv.s8 r0, q1").x("vminv.s8 r1, q1").x("vmaxav.s8 r2, q1").x("vminv.u8 r3, q1");
  EXPECT_EQ(r.w("r0"), 0x7fu);
  EXPECT_EQ(r.w("r1"), 0xffffff80u);  // -128, sign-extended
  EXPECT_EQ(r.w("r2"), 0x80u);        // |-128|
  EXPECT_EQ(r.w("r3"), 0x00u);
  Cpu f;  // a signalling NaN lane is quietened and then loses to a number
  f.q("q1", {0x7f800001, 0x3f800000, 0xc0000000, 0x7fc00000}).set("r0", Bits(32, 0xff800000));
  f.x("vmaxnmv.f32 r0, q1");
  EXPECT_EQ(f.w("r0"), 0x3f800000u);
  EXPECT_EQ(f.ioc(), 1u);
  Cpu g;
  g.q("q1", {0x7f800001, 0x3f800000, 0xc0000000, 0x7fc00000}).set("r0", Bits(32, 0));
  g.x("vmaxnmav.f32 r0, q1");
  EXPECT_EQ(g.w("r0"), 0x40000000u);
}

TEST(MveSemantics, VmladavAccumulateAndExchange) {
  Cpu r;
  r.q("q1", {0x00040003, 0x00020001, 0xffff0005, 0x00000000});  // s16: 3 4 1 2 5 -1 0 0
  r.q("q2", {0x00060005, 0x00080007, 0x00020003, 0x00000000});  // s16: 5 6 7 8 3 2 0 0
  r.set("r0", Bits(32, 100)).set("r2", Bits(32, 100)).set("r4", Bits(32, 0));
  r.x("vmladav.s16 r0, q1, q2");   // 15+24+7+16+15-2 = 75
  r.x("vmladava.s16 r2, q1, q2");  // 100 + 75
  r.x("vmladavx.s16 r4, q1, q2");  // 3*6+4*5 + 1*8+2*7 + 5*2-1*3 = 18+20+8+14+10-3 = 67
  EXPECT_EQ(r.w("r0"), 75u);
  EXPECT_EQ(r.w("r2"), 175u);
  EXPECT_EQ(r.w("r4"), 67u);
  Cpu u;  // unsigned 8-bit: 255*255*16 wraps nothing; signed gives (+1)*16
  u.q("q1", {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff}).q("q2", {0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff});
  u.x("vmladav.u8 r0, q1, q2").x("vmladav.s8 r2, q1, q2");
  EXPECT_EQ(u.w("r0"), 255u * 255u * 16u);
  EXPECT_EQ(u.w("r2"), 16u);
  Cpu x32;  // 32-bit exchange pairs lanes across beats: 1*20 + 2*10 + 3*40 + 4*30
  x32.q("q1", {1, 2, 3, 4}).q("q2", {10, 20, 30, 40}).x("vmladavx.s32 r0, q1, q2");
  EXPECT_EQ(x32.w("r0"), 280u);
}

TEST(MveSemantics, MovesAndPredication) {
  Cpu r;
  r.x("movw r1, #0x5678").x("movt r1, #0x1234").x("vdup.16 q0, r1").x("vmov.8 q0[15], r1").x("vmov.s8 r2, q0[15]");
  EXPECT_EQ(r.w("r1"), 0x12345678u);
  EXPECT_EQ(r.w("q0", 0), 0x56785678u);
  EXPECT_EQ(r.w("q0", 3), 0x78785678u);
  EXPECT_EQ(r.w("r2"), 0x78u);
  r.x("vmov.u16 r3, q0[1]").x("vmov s5, r1").x("vmov r4, s5");
  EXPECT_EQ(r.w("r3"), 0x5678u);
  EXPECT_EQ(r.w("q1", 1), 0x12345678u);
  EXPECT_EQ(r.w("r4"), 0x12345678u);
  // VPST T E: the first instruction writes bytes with P0 set, the second the others.
  Cpu p;
  p.set("r0", Bits(32, 0x00ff)).x("vmsr p0, r0").set("r1", Bits(32, 0x11)).set("r2", Bits(32, 0x22));
  p.x("vpste").x("vdupt.8 q0, r1").x("vdupe.8 q1, r2");
  EXPECT_EQ(p.w("q0", 0), 0x11111111u);
  EXPECT_EQ(p.w("q0", 2), 0u);
  EXPECT_EQ(p.w("q1", 0), 0u);
  EXPECT_EQ(p.w("q1", 3), 0x22222222u);
  EXPECT_EQ(p.w("vpr") >> 16, 0u);  // the block has ended
  // VMRS APSR_nzcv and FPSCR round trips.
  Cpu f;
  f.set("r0", Bits(32, 0xf0000000)).x("vmsr fpscr, r0").x("vmrs apsr_nzcv, fpscr").x("vmrs r1, fpscr");
  EXPECT_EQ(f.w("apsr"), 0xf0000000u);
  EXPECT_EQ(f.w("r1"), 0xf0000000u);
}

TEST(MveSemantics, VptBlockPredicatesVmax) {
  // VPTE.S32 GT: lanes 1>4 F, 5>2 T, -3>-3 F, 7>9 F, so P0 = 0x00f0 and the
  // mask E (1100) goes to both fields; the compare itself is not predicated.
  Cpu r;
  r.q("q1", {1, 5, static_cast<uint32_t>(-3), 7}).q("q2", {4, 2, static_cast<uint32_t>(-3), 9});
  r.q("q3", {10, 20, 30, 40}).q("q4", {static_cast<uint32_t>(-1), static_cast<uint32_t>(-2), 50, static_cast<uint32_t>(-4)});
  r.q("q0", {99, 99, 99, 99}).q("q5", {77, 77, 77, 77});
  r.x("vpte.s32 gt, q1, q2");
  EXPECT_EQ(r.w("vpr"), 0x00cc00f0u);
  r.x("vmaxt.s32 q0, q3, q4");  // lane 1 only
  EXPECT_EQ(r.w("q0", 0), 99u);
  EXPECT_EQ(r.w("q0", 1), 20u);
  EXPECT_EQ(r.w("q0", 2), 99u);
  EXPECT_EQ(r.w("q0", 3), 99u);
  EXPECT_EQ(r.w("vpr"), 0x0088ff0fu);  // P0 inverted for the else, mask 1000
  r.x("vmaxe.s32 q5, q3, q4");  // lanes 0, 2, 3
  EXPECT_EQ(r.w("q5", 0), 10u);
  EXPECT_EQ(r.w("q5", 1), 77u);
  EXPECT_EQ(r.w("q5", 2), 50u);
  EXPECT_EQ(r.w("q5", 3), 40u);
  EXPECT_EQ(r.w("vpr"), 0x0000ff0fu);  // the block has ended
  // Unsigned versus signed, and the scalar (its low esize bits) replicated.
  Cpu u;
  u.q("q1", {0x80017f00, 0, 0, 0}).set("r2", Bits(32, 0xffffff01));
  u.x("vcmp.u8 hi, q1, r2");  // 00>01 F, 7f>01 T, 01>01 F, 80>01 T
  EXPECT_EQ(u.w("vpr"), 0x0000000au);
  u.x("vcmp.s8 gt, q1, r2");  // 80 (-128) > 1 is false signed
  EXPECT_EQ(u.w("vpr"), 0x00000002u);
  u.x("vcmp.s8 le, q1, r2");  // 00, 01 and 80 (-128) <= 1; 7f not; the zero bytes too
  EXPECT_EQ(u.w("vpr"), 0x0000fffdu);
  u.x("vcmp.s8 lt, q1, r2");  // 00 and 80 < 1
  EXPECT_EQ(u.w("vpr"), 0x0000fff9u);
  u.x("vcmp.s8 ge, q1, r2");  // 7f and 01
  EXPECT_EQ(u.w("vpr"), 0x00000006u);
  u.x("vcmp.u8 cs, q1, zr");  // everything >= 0 unsigned
  EXPECT_EQ(u.w("vpr"), 0x0000ffffu);
  u.x("vcmp.i16 ne, q1, zr");  // halves 0x7f00, 0x8001 nonzero; the rest zero
  EXPECT_EQ(u.w("vpr"), 0x0000000fu);
  // VCMP inside a VPT block: inactive bytes of the new predicate are 0.
  Cpu p;
  p.set("vpr", Bits(32, 0x000000ff)).q("q1", {1, 1, 1, 1}).q("q2", {1, 1, 1, 1});
  p.x("vpst").x("vcmpt.i32 eq, q1, q2");
  EXPECT_EQ(p.w("vpr"), 0x000000ffu);
}

TEST(MveSemantics, VctpCounts) {
  // count 0: no lane; 1: lane 0; lanes-1; lanes; more than the lanes, and
  // counts above 2^31 (R[n] is unsigned).
  struct Want {
    int size;
    uint32_t count, p0;
  };
  for (const Want& w : {Want{8, 0, 0x0000}, Want{8, 1, 0x0001}, Want{8, 15, 0x7fff}, Want{8, 16, 0xffff},
                        Want{8, 17, 0xffff}, Want{16, 0, 0x0000}, Want{16, 1, 0x0003}, Want{16, 7, 0x3fff},
                        Want{16, 8, 0xffff}, Want{16, 0xffffffff, 0xffff}, Want{32, 0, 0x0000}, Want{32, 1, 0x000f},
                        Want{32, 3, 0x0fff}, Want{32, 4, 0xffff}, Want{32, 0x80000000, 0xffff}, Want{64, 0, 0x0000},
                        Want{64, 1, 0x00ff}, Want{64, 2, 0xffff}, Want{64, 9, 0xffff}}) {
    Cpu r;
    r.set("vpr", Bits(32, 0x5a5a)).set("r3", Bits(32, w.count)).x(fmt::format("vctp.{} r3", w.size));
    EXPECT_EQ(r.w("vpr"), w.p0) << "vctp." << w.size << " " << w.count;
  }
  // VCTPT inside a VPT block: ANDed with the predicate.
  Cpu t;
  t.set("vpr", Bits(32, 0xff0f)).set("r0", Bits(32, 3)).x("vpst").x("vctpt.16 r0");
  EXPECT_EQ(t.w("vpr"), 0x000fu);
}

TEST(MveSemantics, VpnotInverts) {
  Cpu r;
  r.set("vpr", Bits(32, 0x1234)).x("vpnot");
  EXPECT_EQ(r.w("vpr"), 0xedcbu);
  r.x("vpnot");
  EXPECT_EQ(r.w("vpr"), 0x1234u);
  // VPNOTT: the active bytes (those set) become 0, the inactive ones stay 0.
  Cpu t;
  t.set("vpr", Bits(32, 0xff0f)).x("vpst").x("vpnott");
  EXPECT_EQ(t.w("vpr"), 0u);
  // VPT.I32 EQ with the one-instruction mask: P0 from the compare, 1000 in both fields.
  Cpu e;
  e.q("q1", {1, 2, 3, 4}).q("q2", {1, 0, 3, 0}).x("vpt.i32 eq, q1, q2");
  EXPECT_EQ(e.w("vpr"), 0x00880f0fu);
}

TEST(MveSemantics, FloatVptWithNaNs) {
  // f32 lanes 1, NaN, sNaN, -0 against 1, 1, NaN, +0.
  auto run = [](const char* cond, uint32_t fpscr = 0x00040000) {
    Cpu r;
    r.set("fpscr", Bits(32, fpscr)).q("q1", {0x3f800000, 0x7fc00000, 0x7f800001, 0x80000000});
    r.q("q2", {0x3f800000, 0x3f800000, 0x7fc00000, 0x00000000});
    r.x(fmt::format("vcmp.f32 {}, q1, q2", cond));
    return std::pair{r.w("vpr"), r.w("fpscr")};
  };
  // Unordered lanes (1 and 2) are NE, LT and LE (the condition codes on NZCV
  // 0011), not EQ, GE or GT; every condition raises IOC.
  EXPECT_EQ(run("eq"), std::pair(0x0000f00fu, 0x00040001u));
  EXPECT_EQ(run("ne"), std::pair(0x00000ff0u, 0x00040001u));
  EXPECT_EQ(run("ge"), std::pair(0x0000f00fu, 0x00040001u));
  EXPECT_EQ(run("le"), std::pair(0x0000ffffu, 0x00040001u));
  EXPECT_EQ(run("gt"), std::pair(0x00000000u, 0x00040001u));
  EXPECT_EQ(run("lt"), std::pair(0x00000ff0u, 0x00040001u));
  // A quiet NaN alone signals too (as on QEMU), even for EQ; numbers do not.
  Cpu q;
  q.q("q1", {0x7fc00000, 0, 0, 0}).x("vcmp.f32 eq, q1, q2");
  EXPECT_EQ(q.ioc(), 1u);
  Cpu n;
  n.q("q1", {0x3f800000, 0, 0, 0}).x("vcmp.f32 lt, q1, q2");
  EXPECT_EQ(n.w("vpr"), 0u);
  EXPECT_EQ(n.ioc(), 0u);
  // VPT.F16 LT against a scalar 2.0: lanes 1.0 (0x3c00) T, NaN T (unordered),
  // -inf T, 2.0 F; then a VMAXNM T (the quiet NaN loses to 5.0).
  Cpu h;
  h.q("q1", {0x7e003c00, 0x4000fc00, 0x7e003c00, 0x4000fc00}).set("r1", Bits(32, 0x12344000));
  h.x("vpt.f16 lt, q1, r1");
  EXPECT_EQ(h.w("vpr"), 0x00883f3fu);
  EXPECT_EQ(h.ioc(), 1u);
  h.q("q2", {0x45004500, 0x45004500, 0x45004500, 0x45004500}).x("vmaxnmt.f16 q3, q1, q2");
  EXPECT_EQ(h.w("q3", 0), 0x45004500u);
  EXPECT_EQ(h.w("q3", 1), 0x00004500u);
  EXPECT_EQ(h.w("vpr"), 0x00003f3fu);
  // Lanes inactive in a VPT block are not compared: no IOC from them.
  Cpu i;
  i.set("vpr", Bits(32, 0x000f)).q("q1", {0x3f800000, 0x7f800001, 0x7f800001, 0x7f800001});
  i.q("q2", {0x3f800000, 0, 0, 0}).x("vpst").x("vcmpt.f32 eq, q1, q2");
  EXPECT_EQ(i.w("vpr"), 0x000fu);
  EXPECT_EQ(i.ioc(), 0u);
}

TEST(MveSemantics, DisabledUnitFaultsNocp) {
  Cpu r;
  r.m.reset(false);
  try {
    r.x("vmax.s8 q0, q1, q2");
    FAIL() << "no fault";
  } catch (const Fault& f) {
    EXPECT_EQ(f.fault_name(), "UsageFault (NOCP)");
  }
  r.x("movw r0, #1");  // not a coprocessor instruction
  EXPECT_EQ(r.w("r0"), 1u);
}

// --- mlisa exec ------------------------------------------------------------

TEST(MveExec, LanesAndShow) {
  const auto r = run_mlisa({"exec", "--target", "mve", "--set", "q1.f32=1.5,-0,nan,snan:0x7fa00001", "--set",
                            "q2.f32=2,0,1,3", "--show", "q0", "--show", "fpscr", "vmaxnm.f32 q0, q1, q2"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "q0=0x7fc000003f8000000000000040000000\nfpscr=0x00040001\n");
  const auto s = run_mlisa({"exec", "--target", "mve", "--set", "q1.s8=1,-2,3", "--set", "r0=0x0", "--show", "r0",
                            "--show", "q1", "vmaxav.s8 r0, q1; vmov.32 r1, q1[0]"});
  EXPECT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(s.out, "r0=0x00000003\nq1=0x0000000000000000000000000003fe01\n");
}

// --set takes hex, decimal and negative integers (a negative one fills the
// register); fpscr keeps LTPSIZE (4 after reset), ltpsize sets it.
TEST(MveExec, SetTakesIntegersAndKeepsLtpsize) {
  const auto r = run_mlisa({"exec", "--target", "mve", "--set", "r0=0", "--set", "r1=-1", "--set", "r2=4294967295",
                            "--set", "r3=100", "--set", "q1=-2", "--show", "r0", "--show", "r1", "--show", "r2",
                            "--show", "r3", "--show", "q1", "nop"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "r0=0x00000000\nr1=0xffffffff\nr2=0xffffffff\nr3=0x00000064\n"
                   "q1=0xfffffffffffffffffffffffffffffffe\n");
  // 0x03000000: DN and FZ; LTPSIZE stays 4 (bits 18:16), so a vector
  // instruction runs all its lanes.
  const auto f = run_mlisa({"exec", "--target", "mve", "--set", "fpscr=0x03000000", "--set", "q1.s32=1,2,3,4",
                            "--show", "fpscr", "--show", "q0", "vadd.i32 q0, q1, q1"});
  EXPECT_EQ(f.exit_code, 0) << f.err;
  EXPECT_EQ(f.out, "fpscr=0x03040000\nq0=0x00000008000000060000000400000002\n");
  const auto l = run_mlisa({"exec", "--target", "mve", "--set", "ltpsize=2", "--show", "fpscr", "nop"});
  EXPECT_EQ(l.out, "fpscr=0x00020000\n") << l.err;
  for (const char* bad : {"r0=12x", "r0=4294967296", "r0=-2147483649", "ltpsize=5"}) {
    const auto b = run_mlisa({"exec", "--target", "mve", "--set", bad, "nop"});
    EXPECT_EQ(b.exit_code, 2) << bad;
    EXPECT_NE(b.err.find("mlisa: error: --set"), std::string::npos) << b.err;
  }
}

TEST(MveExec, FaultsAndErrors) {
  const auto f = run_mlisa({"exec", "--target", "mve", "--fp-disabled", "--show", "q0", "vdup.32 q0, r1"});
  EXPECT_EQ(f.exit_code, 3);
  EXPECT_NE(f.err.find("UsageFault (NOCP)"), std::string::npos) << f.err;
  const auto b = run_mlisa({"exec", "--target", "mve", "vfoo q0"});
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("error: invalid instruction\nvfoo q0\n^"), std::string::npos) << b.err;
  const auto l = run_mlisa({"exec", "--target", "mve", "--set", "q1.f32=1,2,3,4,5", "vpst"});
  EXPECT_EQ(l.exit_code, 2);
  const auto w = run_mlisa({"exec", "--target", "mve", "--show", "q9", "vpst"});
  EXPECT_EQ(w.exit_code, 2);
}

}  // namespace
}  // namespace mlisa::test
