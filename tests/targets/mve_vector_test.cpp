// The mve target's vector arithmetic (VADD, VSUB, VMUL, integer and
// floating point, vector and by scalar) and contiguous vector loads and
// stores (VLDRB/H/W, VSTRB/H/W, offset, pre- and post-index, widening and
// narrowing): encodings against llvm-mc-19, the printer's round trip,
// refusals, and semantics on values worked by hand from the manual.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "support/run_mlisa.hpp"
#include "targets/mve/machine.hpp"
#include "targets/mve/t32_rules.hpp"
#include "verify/qemu_mve.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <random>
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

const char* const kLlvmArgs = "-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64";

const std::vector<std::string> kArithForms = {
    "vadd.i8 q0, q1, q2",    "vadd.i16 q7, q6, q5",   "vadd.i32 q3, q0, q7",   "vsub.i8 q0, q1, q2",
    "vsub.i16 q7, q6, q5",   "vsub.i32 q4, q4, q4",   "vmul.i8 q0, q1, q2",    "vmul.i16 q7, q6, q5",
    "vmul.i32 q1, q2, q3",   "vadd.i8 q0, q1, r2",    "vadd.i16 q7, q6, r14",  "vadd.i32 q0, q7, r0",
    "vsub.i8 q0, q1, r12",   "vsub.i16 q5, q2, r3",   "vsub.i32 q0, q1, lr",   "vmul.i8 q0, q1, r2",
    "vmul.i16 q7, q0, r11",  "vmul.i32 q3, q3, r1",   "vadd.f32 q0, q1, q2",   "vadd.f16 q7, q6, q5",
    "vsub.f32 q3, q0, q7",   "vsub.f16 q1, q2, q3",   "vmul.f32 q0, q1, q2",   "vmul.f16 q7, q6, q5",
    "vadd.f32 q0, q1, r2",   "vadd.f16 q7, q6, r14",  "vsub.f32 q2, q3, r0",   "vsub.f16 q4, q5, r12",
    "vmul.f32 q0, q1, r2",   "vmul.f16 q6, q7, lr",
};

const std::vector<std::string> kMemForms = {
    // Contiguous, same size: offset (zero, +, -, -0, the limits), pre- and post-index.
    "vldrb.u8 q0, [r0]", "vldrb.u8 q7, [r12, #127]", "vldrb.u8 q1, [sp, #-127]", "vldrb.u8 q2, [r8, #-0]",
    "vldrb.u8 q3, [r1, #1]!", "vldrb.u8 q4, [r2], #-5", "vldrb.s8 q0, [r9]", "vldrb.8 q0, [lr, #3]",
    "vldrh.u16 q0, [r0]", "vldrh.u16 q7, [r12, #254]", "vldrh.s16 q1, [sp, #-254]", "vldrh.f16 q2, [r3, #-0]",
    "vldrh.16 q3, [r4, #2]!", "vldrh.u16 q5, [r6], #-8", "vldrw.u32 q0, [r0]", "vldrw.u32 q7, [r12, #508]",
    "vldrw.s32 q1, [sp, #-508]", "vldrw.f32 q2, [r11, #-0]", "vldrw.32 q3, [r10, #4]!", "vldrw.u32 q6, [r1], #-16",
    "vldrw.u32 q0, [r1], #0", "vldrw.u32 q0, [r1, #0]!", "vstrb.8 q0, [r0]", "vstrb.8 q7, [r12, #127]",
    "vstrb.u8 q1, [sp, #-127]", "vstrb.s8 q1, [r5, #9]!", "vstrb.8 q2, [r8], #-1", "vstrh.16 q0, [r0]",
    "vstrh.16 q7, [lr, #254]", "vstrh.f16 q1, [r2, #-2]!", "vstrh.u16 q3, [r9], #6", "vstrw.32 q0, [r0]",
    "vstrw.32 q7, [r12, #508]", "vstrw.f32 q1, [r2, #-4]!", "vstrw.s32 q3, [r9], #-508",
    // Widening loads and narrowing stores: Rn is R0-R7.
    "vldrb.s16 q0, [r0]", "vldrb.u16 q7, [r7, #127]", "vldrb.s32 q1, [r2, #-3]", "vldrb.u32 q2, [r3, #-0]",
    "vldrb.s16 q3, [r4, #1]!", "vldrb.u32 q4, [r5], #-127", "vldrh.s32 q0, [r0]", "vldrh.u32 q7, [r7, #254]",
    "vldrh.s32 q1, [r1, #-2]!", "vldrh.u32 q2, [r6], #4", "vstrb.16 q0, [r0]", "vstrb.32 q7, [r7, #127]",
    "vstrb.16 q1, [r1, #-1]!", "vstrb.32 q2, [r2], #5", "vstrh.32 q0, [r0]", "vstrh.32 q7, [r7, #-254]",
    "vstrh.32 q1, [r3, #2]!", "vstrh.32 q2, [r4], #-6",
    // `[Rn]!`: pre-indexed by #0 (llvm-mc's reading).
    "vldrw.u32 q0, [r1]!", "vstrb.8 q1, [r2]!", "vldrb.u16 q1, [r7]!", "vstrh.32 q2, [r3]!",
};

std::string our_bytes(const std::string& text) {
  return llvm_mc_bytes(targets::mve::t32_bytes(mve().isa->assemble(text).word));
}

TEST(MveVectorEncoding, ArithmeticFormsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  expect_forms_match_llvm_mc(kLlvmArgs, kArithForms, our_bytes);
}

TEST(MveVectorEncoding, MemoryFormsMatchLlvmMc) {
  if (!have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed: encodings not checked against LLVM";
  expect_forms_match_llvm_mc(kLlvmArgs, kMemForms, our_bytes);
}

TEST(MveVectorEncoding, EveryFormDecodesAndPrintsBack) {
  std::vector<std::string> all = kArithForms;
  all.insert(all.end(), kMemForms.begin(), kMemForms.end());
  for (const std::string& f : all) {
    const auto a = mve().isa->assemble(f);
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = mve().isa->decode(a.word, &inst);
    ASSERT_NE(enc, nullptr) << f;
    EXPECT_EQ(enc, a.enc) << f;
    const std::string text = mve().isa->print(*enc, a.word);
    EXPECT_EQ(mve().isa->assemble(text).word, a.word) << f << " printed as " << text;
  }
  // llvm-mc's spellings: the offset form with +0 prints without an offset,
  // with -0 as #-0; the data type as the unsigned one.
  auto printed = [](const std::string& f) {
    const auto a = mve().isa->assemble(f);
    return mve().isa->print(*a.enc, a.word);
  };
  EXPECT_EQ(printed("vldrw.s32 q1, [r2, #0]"), "vldrw.u32 q1, [r2]");
  EXPECT_EQ(printed("vldrw.u32 q1, [r2, #-0]"), "vldrw.u32 q1, [r2, #-0]");
  EXPECT_EQ(printed("vldrh.u32 q1, [r2], #-4"), "vldrh.u32 q1, [r2], #-4");
  EXPECT_EQ(printed("vstrw.32 q1, [r2, #0]!"), "vstrw.32 q1, [r2, #0]!");
  // ... but the widening and narrowing forms pre-indexed by #0 as `[Rn]!` (llvm-objdump-19).
  EXPECT_EQ(printed("vldrb.u16 q1, [r7, #0]!"), "vldrb.u16 q1, [r7]!");
  EXPECT_EQ(printed("vstrh.32 q1, [r7, #0]!"), "vstrh.32 q1, [r7]!");
  // A store is not its load (they share one page, told apart by L).
  EXPECT_EQ(printed("vstrb.8 q0, [r0]"), "vstrb.8 q0, [r0]");
  EXPECT_EQ(printed("vstrw.32 q0, [q1]"), "vstrw.32 q0, [q1]");
}

TEST(MveVectorEncoding, Refusals) {
  auto refused = [](const std::string& text) {
    try {
      mve().isa->assemble(text);
    } catch (const InputError& e) {
      return std::string(e.message());
    }
    return std::string();
  };
  EXPECT_NE(refused("vadd.i8 q0, q1, sp").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vmul.f32 q0, q1, pc").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vadd.i64 q0, q1, q2").find("invalid type suffix '.i64'"), std::string::npos);
  EXPECT_NE(refused("vadd.f64 q0, q1, q2").find("register in range [d0, d31]"), std::string::npos);  // .f64 is VFP's
  EXPECT_NE(refused("vsub.i8 q8, q1, q2").find("UNDEFINED"), std::string::npos);
  EXPECT_NE(refused("vldrw.u32 q0, [pc, #4]").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vldrw.u32 q0, [sp, #4]!").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vstrb.8 q0, [sp], #4").find("CONSTRAINED UNPREDICTABLE"), std::string::npos);
  EXPECT_NE(refused("vldrw.u32 q0, [r0, #2]").find("multiple of 4 in the range [0,508]"), std::string::npos);
  EXPECT_NE(refused("vldrw.u32 q0, [r0, #512]").find("multiple of 4 in the range [0,508]"), std::string::npos);
  EXPECT_NE(refused("vldrb.s16 q0, [r8]").find("invalid operand"), std::string::npos);  // widening: R0-R7
  EXPECT_NE(refused("vstrh.32 q0, [r8]").find("invalid operand"), std::string::npos);
  EXPECT_NE(refused("vldrh.u8 q0, [r0]").find("invalid type suffix '.u8'"), std::string::npos);
  EXPECT_NE(refused("vldrw.u32 q8, [r0]").find("UNDEFINED"), std::string::npos);
}

// --- semantics ---------------------------------------------------------------

struct Cpu {
  Machine m{*mve().isa};
  Cpu& set(const std::string& r, uint64_t v) {
    m.set(r, Bits(static_cast<uint32_t>(Machine::width_of(r)), v));
    return *this;
  }
  Cpu& q(const std::string& r, std::array<uint32_t, 4> w) {
    Bits b = Bits::zeros(128);
    for (uint32_t i = 0; i < 4; ++i) b.set_slice(32 * i, Bits(32, w[i]));
    m.set(r, b);
    return *this;
  }
  Cpu& x(const std::string& insn) {
    m.execute(insn);
    return *this;
  }
  uint32_t w(const std::string& r, int lane = 0) {
    return static_cast<uint32_t>(m.get(r).slice(32 * static_cast<uint32_t>(lane), 32).low64());
  }
  std::array<uint32_t, 4> qw(const std::string& r) { return {w(r, 0), w(r, 1), w(r, 2), w(r, 3)}; }
  uint32_t fpscr() { return w("fpscr"); }
  void poke(uint32_t addr, std::vector<uint8_t> bytes) {
    ASSERT_TRUE(m.memory().load(addr, bytes.data(), bytes.size()));
  }
  uint64_t peek(uint32_t addr, unsigned n) {
    uint64_t v = 0;
    EXPECT_TRUE(m.memory().read(addr, n, v));
    return v;
  }
  std::string fault(const std::string& insn) {
    try {
      m.execute(insn);
    } catch (const Fault& f) {
      return f.fault_name();
    }
    return "";
  }
};

using Q = std::array<uint32_t, 4>;

TEST(MveVectorSemantics, IntegerArithmeticWraps) {
  Cpu c;
  c.q("q1", {0xff01807f, 0x00000000, 0x7fffffff, 0x00010003});
  c.q("q2", {0x01010101, 0x00000001, 0x00000001, 0x0001fffb});
  // Bytes: 7f+01=80, 80+01=81, 01+01=02, ff+01=00 (modulo 2^8).
  c.x("vadd.i8 q0, q1, q2");
  EXPECT_EQ(c.qw("q0"), (Q{0x00028180, 0x00000001, 0x7fffff00, 0x0002fffe}));
  // Halfwords: 0-1 = ffff; 0x0003 - 0xfffb = 0x0008.
  c.x("vsub.i16 q0, q1, q2");
  EXPECT_EQ(c.qw("q0"), (Q{0xfe007f7e, 0x0000ffff, 0x7ffffffe, 0x00000008}));
  // Words: 0x7fffffff * 1; 0x00010003 * 0x0001fffb = 0x2_0001_FFF1 -> low 32 bits.
  c.x("vmul.i32 q0, q1, q2");
  EXPECT_EQ(c.w("q0", 2), 0x7fffffffu);
  EXPECT_EQ(c.w("q0", 3), static_cast<uint32_t>(0x00010003ull * 0x0001fffbull));
  // 300 * 300 = 90000 = 0x15f90: the low halfword 0x5f90; -1 * -1 = 1.
  c.q("q3", {0x012c012c, 0xffff0000, 0, 0});
  c.x("vmul.i16 q4, q3, q3");
  EXPECT_EQ(c.qw("q4"), (Q{0x5f905f90, 0x00010000, 0, 0}));
}

TEST(MveVectorSemantics, ScalarOperandIsTheLowElementOfRm) {
  Cpu c;
  c.q("q1", {0x00010002, 0x00030004, 0xfffe0000, 0x7fff8000});
  c.set("r2", 0xabcd0003);  // only the low halfword, 3, takes part in .i16
  c.x("vadd.i16 q0, q1, r2");
  EXPECT_EQ(c.qw("q0"), (Q{0x00040005, 0x00060007, 0x00010003, 0x80028003}));
  c.x("vmul.i16 q0, q1, r2");
  EXPECT_EQ(c.qw("q0"), (Q{0x00030006, 0x0009000c, 0xfffa0000, 0x7ffd8000}));
  c.set("r3", 0x80);
  c.x("vsub.i8 q5, q1, r3");
  EXPECT_EQ(c.w("q5", 0), 0x80818082u);  // 02-80=82, 00-80=80, 01-80=81, 00-80=80
}

TEST(MveVectorSemantics, FloatArithmeticUsesTheStandardFpscr) {
  Cpu c;
  // 1.5 + 2.25 = 3.75; 1 - 1 = +0; inf - inf = default NaN (IOC); a
  // denormal input is flushed (FZ is forced by StandardFPSCRValue, so IDC).
  c.q("q1", {0x3fc00000, 0x3f800000, 0x7f800000, 0x00000001});
  c.q("q2", {0x40100000, 0xbf800000, 0xff800000, 0x00000000});
  c.x("vadd.f32 q0, q1, q2");
  EXPECT_EQ(c.qw("q0"), (Q{0x40700000, 0x00000000, 0x7fc00000, 0x00000000}));
  EXPECT_EQ(c.fpscr() & 0x9f, 0x81u);  // IDC and IOC
  c.set("fpscr", 0x00040000);
  c.x("vmul.f32 q0, q1, q2");  // 1.5*2.25 = 3.375; 1*-1 = -1; inf*-inf = -inf; 0*0 = 0
  EXPECT_EQ(c.qw("q0"), (Q{0x40580000, 0xbf800000, 0xff800000, 0x00000000}));
  c.x("vsub.f32 q0, q1, q2");  // 1.5-2.25 = -0.75; 1-(-1) = 2; inf-(-inf) = inf
  EXPECT_EQ(c.qw("q0"), (Q{0xbf400000, 0x40000000, 0x7f800000, 0x00000000}));
  // f16 by scalar: the low half of r2 (1.0); 2 + 1 = 3, 65504 + 1 = 65504 (rounded), -1 + 1 = +0.
  c.q("q3", {0x7bff4000, 0x0000bc00, 0, 0});
  c.set("r2", 0xffff3c00);
  c.x("vadd.f16 q4, q3, r2");
  EXPECT_EQ(c.qw("q4"), (Q{0x7bff4200, 0x3c000000, 0x3c003c00, 0x3c003c00}));
  // FPSCR's rounding mode is ignored: 1 + 2^-24 (half an ulp) rounds to
  // nearest even, 1, even with RMode towards +infinity.
  c.set("fpscr", 0x00440000);  // RMode = 01 (towards +inf)
  c.q("q5", {0x3f800000, 0, 0, 0});
  c.set("r4", 0x33800000);     // 2^-24
  c.x("vadd.f32 q6, q5, r4");
  EXPECT_EQ(c.w("q6", 0), 0x3f800000u);
}

TEST(MveVectorSemantics, PredicationMergesArithmetic) {
  Cpu c;
  c.q("q0", {0x11111111, 0x22222222, 0x33333333, 0x44444444});
  c.q("q1", {1, 2, 3, 4});
  c.set("vpr", 0x0000f00f);  // beats 0 and 3 active
  c.x("vpst").x("vaddt.i32 q0, q1, q1");
  EXPECT_EQ(c.qw("q0"), (Q{2, 0x22222222, 0x33333333, 8}));
}

constexpr uint32_t kData = Machine::kDtcmBase + 0x100;

std::vector<uint8_t> ramp(int n, int start = 0) {
  std::vector<uint8_t> v;
  for (int i = 0; i < n; ++i) v.push_back(static_cast<uint8_t>(start + i));
  return v;
}

TEST(MveVectorSemantics, ContiguousLoads) {
  Cpu c;
  c.poke(kData, ramp(64, 0x78));  // 78 79 7a ... 7f 80 81 ...
  c.set("r0", kData);
  c.x("vldrb.u8 q0, [r0]");
  EXPECT_EQ(c.qw("q0"), (Q{0x7b7a7978, 0x7f7e7d7c, 0x83828180, 0x87868584}));
  // Widening: bytes 7e 7f 80 81 ... sign-extended to halfwords.
  c.x("vldrb.s16 q1, [r0, #6]");
  EXPECT_EQ(c.qw("q1"), (Q{0x007f007e, 0xff81ff80, 0xff83ff82, 0xff85ff84}));
  c.x("vldrb.u32 q1, [r0, #8]");
  EXPECT_EQ(c.qw("q1"), (Q{0x80, 0x81, 0x82, 0x83}));
  c.x("vldrh.s32 q2, [r0, #8]");  // halfwords 0x8180, 0x8382, ...
  EXPECT_EQ(c.qw("q2"), (Q{0xffff8180, 0xffff8382, 0xffff8584, 0xffff8786}));
  // Pre-index writes the base back after the access; post-index loads from the old base.
  c.x("vldrw.u32 q3, [r0, #16]!");
  EXPECT_EQ(c.w("r0"), kData + 16);
  EXPECT_EQ(c.qw("q3"), (Q{0x8b8a8988, 0x8f8e8d8c, 0x93929190, 0x97969594}));
  c.x("vldrh.u16 q4, [r0], #-16");
  EXPECT_EQ(c.w("r0"), kData);
  EXPECT_EQ(c.qw("q4"), c.qw("q3"));
  // Negative offset.
  c.set("r1", kData + 4);
  c.x("vldrw.u32 q5, [r1, #-4]");
  EXPECT_EQ(c.qw("q5"), c.qw("q0"));
}

TEST(MveVectorSemantics, PredicatedLoadsZeroAndStoresSkip) {
  Cpu c;
  c.poke(kData, ramp(16, 1));
  c.set("r0", kData);
  c.q("q0", {0xdeadbeef, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef});
  c.set("vpr", 0x0000f0f0);  // words 1 and 3 active
  c.x("vpst").x("vldrwt.u32 q0, [r0]");
  EXPECT_EQ(c.qw("q0"), (Q{0, 0x08070605, 0, 0x100f0e0d}));  // inactive lanes become zero
  // An element is active when its lowest byte is: 0x0010 makes halfword 2 active only.
  c.set("vpr", 0x00000010);
  c.x("vpst").x("vldrht.u16 q1, [r0]");
  EXPECT_EQ(c.qw("q1"), (Q{0, 0x00000605, 0, 0}));
  // Stores leave the memory of inactive elements alone.
  c.q("q2", {0xa1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4, 0xd1d2d3d4});
  c.set("vpr", 0x00000f0f);  // words 0 and 2
  c.x("vpst").x("vstrwt.32 q2, [r0]");
  EXPECT_EQ(c.peek(kData, 4), 0xa1a2a3a4u);
  EXPECT_EQ(c.peek(kData + 4, 4), 0x08070605u);
  EXPECT_EQ(c.peek(kData + 8, 4), 0xc1c2c3c4u);
  EXPECT_EQ(c.peek(kData + 12, 4), 0x100f0e0du);
}

TEST(MveVectorSemantics, NarrowingStores) {
  Cpu c;
  c.set("r0", kData);
  c.q("q2", {0xa1a2a3a4, 0xb1b2b3b4, 0xc1c2c3c4, 0xd1d2d3d4});
  c.x("vstrb.32 q2, [r0]");  // the low byte of each word
  EXPECT_EQ(c.peek(kData, 4), 0xd4c4b4a4u);
  c.x("vstrh.32 q2, [r0, #4]!");
  EXPECT_EQ(c.w("r0"), kData + 4);
  EXPECT_EQ(c.peek(kData + 4, 8), 0xd3d4c3c4b3b4a3a4ull);
  c.x("vstrb.16 q2, [r0], #8");
  EXPECT_EQ(c.w("r0"), kData + 12);
  EXPECT_EQ(c.peek(kData + 4, 8), 0xd2d4c2c4b2b4a2a4ull);
  c.x("vstrw.32 q2, [r0]");
  EXPECT_EQ(c.peek(kData + 12, 8), 0xb1b2b3b4a1a2a3a4ull);
}

TEST(MveVectorSemantics, LoadFaults) {
  Cpu c;
  c.set("r0", kData + 2);
  EXPECT_EQ(c.fault("vldrw.u32 q0, [r0]"), "UsageFault (UNALIGNED)");  // every element is an aligned access
  EXPECT_EQ(c.fault("vldrh.u16 q0, [r0]"), "");
  c.set("r0", 0x02000000);  // no memory there
  EXPECT_EQ(c.fault("vstrb.8 q0, [r0]"), "BusFault (PRECISERR)");
}

// --- low-overhead loops ------------------------------------------------------

// Every loop instruction, several registers, the label distances near the
// reach of LE (4094 back) and WLS (4094 forward).
const char* kLoopSource = R"(    .text
start:
    dls lr, r0
    dls lr, r12
    dlstp.8 lr, r1
    dlstp.16 lr, r14
    dlstp.32 lr, r7
    dlstp.64 lr, r9
    wls lr, r2, fwd
    wlstp.8 lr, r3, fwd
    wlstp.16 lr, r12, fwd
    wlstp.32 lr, r0, fwd
    wlstp.64 lr, r11, fwd
back:
    nop
    le lr, back
    le back
    letp lr, back
    le lr, start
    .space 4000
fwd:
    le lr, start
    wls lr, r1, far
    wlstp.32 lr, r4, far
    .space 4078
far:
    nop
)";

bool have_tool(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

// GNU as's .text (through arm-none-eabi-gcc, which knows the Cortex-M55).
std::vector<uint8_t> gnu_text(const std::string& source, const std::string& tag) {
  const std::string dir = ::testing::TempDir();
  const std::string s = dir + "mve_vec_" + tag + ".s", o = dir + "mve_vec_" + tag + ".o", bin = dir + "mve_vec_" + tag + ".bin";
  std::ofstream(s) << "    .syntax unified\n    .thumb\n" << source;
  const std::string cmd = fmt::format(
      "arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -c {} -o {} && arm-none-eabi-objcopy -O binary -j .text {} {}",
      s, o, o, bin);
  if (std::system(cmd.c_str()) != 0) return {};
  std::ifstream in(bin, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(MveLoopEncoding, LoopsMatchGnuAs) {
  if (!have_tool("arm-none-eabi-gcc") || !have_tool("arm-none-eabi-objcopy")) GTEST_SKIP() << "GNU arm-none-eabi tools absent";
  const auto theirs = gnu_text(kLoopSource, "loops");
  ASSERT_FALSE(theirs.empty());
  const as::Object obj = as::assemble_word_program(*mve().isa, kLoopSource, "<test>");
  const as::ObjSection* text = obj.find(".text");
  ASSERT_NE(text, nullptr);
  ASSERT_EQ(text->bytes.size(), theirs.size());
  for (size_t i = 0; i < theirs.size(); i += 2)
    ASSERT_TRUE(text->bytes[i] == theirs[i] && text->bytes[i + 1] == theirs[i + 1])
        << fmt::format("first difference at 0x{:x}: ours {:02x}{:02x}, GNU {:02x}{:02x}", i, text->bytes[i + 1],
                       text->bytes[i], theirs[i + 1], theirs[i]);
}

TEST(MveLoopEncoding, Refusals) {
  auto refused = [](const std::string& source) {
    try {
      as::assemble_word_program(*mve().isa, source, "<test>");
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_NE(refused("dls lr, sp\n"), "");
  EXPECT_NE(refused("dlstp.8 lr, pc\n"), "");
  EXPECT_NE(refused("x: wls lr, r0, x\n"), "");               // WLS only branches forward
  EXPECT_NE(refused("le lr, x\nnop\nx: nop\n"), "");        // LE only branches back
  EXPECT_NE(refused("x: .space 4096\nle lr, x\n"), "");       // beyond 4094 bytes
  EXPECT_NE(refused("dlstp.8 r0, r1\n"), "");                  // the count register is LR
}

// A program run with `mlisa run`: its --show lines.
std::string run_program(const std::string& body, const std::vector<std::string>& show, int* exit_code = nullptr) {
  const std::string path = ::testing::TempDir() + fmt::format("mve_loop_{}.s", std::hash<std::string>{}(body));
  std::ofstream(path) << "    .syntax unified\n    .thumb\n    .text\n    .global _start\n_start:\n" << body
                      << "    movs r0, #0x18\n    movw r1, #0x0026\n    movt r1, #0x0002\n    bkpt 0xab\n";
  std::vector<std::string> args = {"run", "--target", "mve", path};
  for (const auto& r : show) args.insert(args.end(), {"--show", r});
  const auto r = run_mlisa(args);
  if (exit_code) *exit_code = r.exit_code;
  else EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.out + r.err;
}

TEST(MveLoopSemantics, TailPredicatedLoopMasksTheLastIteration) {
  // Seven words (1..7) in a DLSTP.32/LETP loop: iterations of 4 and then 3
  // elements. The last iteration loads 5, 6, 7 and a zero lane, accumulates
  // only active lanes (VMLADAVA against ones: 28), stores three words (the
  // sentinel after them stays), and LETP leaves LR at 3 (the last count) and
  // LTPSIZE at 4 again.
  const std::string out = run_program(R"(    movw r0, #:lower16:values
    movt r0, #:upper16:values
    movw r1, #0x0100
    movt r1, #0x2000
    movw r4, #0xbeef
    movt r4, #0xdead
    str r4, [r1, #24]
    str r4, [r1, #28]
    movs r5, #1
    vdup.32 q1, r5
    movs r2, #0
    movs r6, #0
    movs r3, #7
    dlstp.32 lr, r3
loop:
    vldrw.u32 q0, [r0], #16
    vmladava.s32 r2, q0, q1
    vstrw.32 q0, [r1], #16
    adds r6, #1
    letp lr, loop
    movw r8, #0x011c
    movt r8, #0x2000
    ldr r7, [r8]
    ldr r9, [r8, #-4]
    b done
    .align 2
values:
    .word 1, 2, 3, 4, 5, 6, 7, 100
done:
)", {"r2", "r6", "lr", "fpscr", "q0", "r7", "r9"});
  EXPECT_EQ(out,
            "r2=0x0000001c\nr6=0x00000002\nlr=0x00000003\nfpscr=0x00040000\n"
            "q0=0x00000000000000070000000600000005\nr7=0xdeadbeef\nr9=0x00000007\n");
}

TEST(MveLoopSemantics, CountsAndExits) {
  // DLS/LE: three iterations, LR ends at 1. WLS with a zero count skips the
  // body and leaves LR; WLSTP too, without setting LTPSIZE. DLSTP.8 of 40
  // bytes: 16, 16, 8 (LETP decrements by 16).
  const std::string out = run_program(R"(    movs r2, #0
    movs r1, #3
    dls lr, r1
l1: adds r2, #1
    le lr, l1
    mov r10, lr
    movs r3, #0
    movs r4, #0
    wls lr, r3, l2
    movs r4, #1
l2: wlstp.16 lr, r3, l3
    movs r4, #2
l3: mov r11, lr
    vmrs r12, fpscr
    movs r5, #0
    movs r3, #40
    dlstp.8 lr, r3
l4: adds r5, #1
    mov r6, lr
    letp lr, l4
)", {"r2", "r10", "r4", "r11", "r12", "r5", "r6"});
  EXPECT_EQ(out,
            "r2=0x00000003\nr10=0x00000001\nr4=0x00000000\nr11=0x00000001\nr12=0x00040000\n"
            "r5=0x00000003\nr6=0x00000008\n");
}

TEST(MveLoopSemantics, LeInsideATailPredicatedLoopFaults) {
  int code = 0;
  const std::string out = run_program(R"(    movs r3, #5
    dlstp.32 lr, r3
l1: nop
    le lr, l1
)", {}, &code);
  EXPECT_EQ(code, 3);
  EXPECT_NE(out.find("UsageFault (INVSTATE)"), std::string::npos) << out;
}

// Qd equal to a source whose other beats the instruction reads: the manual
// makes it CONSTRAINED UNPREDICTABLE. llvm-mc-19 refuses such lines but for
// VCMLA, and so does `mlisa as`; QEMU's Cortex-M55 executes the words from
// the sources' old values (clang -O0 emits `vcmla.f32 q0, q1, q0, #0` for
// vcmlaq_f32(a, b, a)), and so does the machine. Worked by hand; each naive
// beat-by-beat reading differs (the second beat would read what the first wrote).
TEST(MveVectorSemantics, OverlappingSourcesRunFromTheirOldValues) {
  auto refused = [](const std::string& line) {
    try {
      mve().isa->assemble(line);
    } catch (const InputError& e) {
      return std::string(e.what()).find("must be different registers") != std::string::npos;
    }
    return false;
  };
  for (const char* line : {"vcadd.i32 q0, q1, q0, #90", "vcmul.f32 q0, q0, q1, #0", "vmullb.s32 q0, q0, q1", "vrev64.8 q0, q0"})
    EXPECT_TRUE(refused(line)) << line;
  // llvm-mc-19's bytes: b2 fc 40 08.
  EXPECT_EQ(mve().isa->assemble("vcmla.f32 q0, q1, q0, #90").word.low64(), 0xfcb20840u);

  // VCMLA #90: real -= n.imag * m.imag, imag += n.imag * m.real (old m.real: 1, not -3).
  Cpu c;
  c.q("q0", {0x3f800000, 0x40000000, 0x40400000, 0x40800000}).q("q1", {0, 0x40000000, 0, 0x3f000000});
  c.m.execute(Bits(32, 0xfcb20840));
  EXPECT_EQ(c.qw("q0"), (std::array<uint32_t, 4>{0xc0400000, 0x40800000, 0x3f800000, 0x40b00000}));  // -3 4 1 5.5
  // VCADD.I32 #90: even a - b[e+1], odd a + b[e-1] (old b[0]: 1, not 8).
  c.q("q1", {10, 20, 30, 40}).q("q0", {1, 2, 3, 4});
  c.m.execute(Bits(32, 0xfe220f00));  // vcadd.i32 q0, q1, q0, #90
  EXPECT_EQ(c.qw("q0"), (std::array<uint32_t, 4>{8, 21, 26, 43}));
  // VMULLB.S32: 64-bit products of elements 0 and 2; the second beat reads element 0 again.
  c.q("q0", {3, 0, 0xfffffffb, 0}).q("q1", {7, 0, 100000, 0});
  c.m.execute(Bits(32, 0xee210e02));  // vmullb.s32 q0, q0, q1
  EXPECT_EQ(c.qw("q0"), (std::array<uint32_t, 4>{21, 0, 0xfff85ee0, 0xffffffff}));  // 21, -500000
  // VREV64.8 and .32: each doubleword's elements reversed.
  c.q("q0", {0x03020100, 0x07060504, 0x0b0a0908, 0x0f0e0d0c});
  c.m.execute(Bits(32, 0xffb00040));  // vrev64.8 q0, q0
  EXPECT_EQ(c.qw("q0"), (std::array<uint32_t, 4>{0x04050607, 0x00010203, 0x0c0d0e0f, 0x08090a0b}));
  c.q("q0", {1, 2, 3, 4});
  c.m.execute(Bits(32, 0xffb80040));  // vrev64.32 q0, q0
  EXPECT_EQ(c.qw("q0"), (std::array<uint32_t, 4>{2, 1, 4, 3}));
  // VQDMULLT.S32 with Qd = Qm stays UNDEFINED, as QEMU takes it.
  EXPECT_THROW(c.m.execute(Bits(32, 0xfe321f01)), Fault);
}

// --- against QEMU ---------------------------------------------------------------

// Random cases of every arithmetic form (registers, lanes biased to the
// edges, FPSCR controls, VPST predication with random P0) through the QEMU
// oracle of the ml suite and through our machine: the whole register state
// after each must agree.
TEST(MveVectorQemu, ArithmeticMatchesQemu) {
  std::string why;
  const auto tools = verify::qemu_mve::find_tools(&why);
  if (!tools) GTEST_SKIP() << why;
  std::mt19937_64 rng(20260101);
  const uint32_t f32_edges[] = {0x00000000, 0x80000000, 0x3f800000, 0x7f800000, 0xff800000, 0x7fc00000,
                                0x7fa00001, 0x00000001, 0x7f7fffff, 0x33800000};
  const uint32_t f16_edges[] = {0x0000, 0x8000, 0x3c00, 0x7c00, 0xfc00, 0x7e00, 0x7d01, 0x0001, 0x7bff, 0x1400};
  const uint32_t int_edges[] = {0, 1, 0xffffffff, 0x7fffffff, 0x80000000, 0x7f7f7f7f, 0x80808080, 0x00ff00ff};
  struct Form {
    std::string text;
    bool fp16, fp32;
  };
  std::vector<Form> forms;
  for (const char* op : {"vadd", "vsub", "vmul"}) {
    for (const char* dt : {"i8", "i16", "i32"}) {
      forms.push_back({fmt::format("{}.{} q0, q1, q2", op, dt), false, false});
      forms.push_back({fmt::format("{}.{} q3, q3, r5", op, dt), false, false});
    }
    forms.push_back({fmt::format("{}.f32 q0, q1, q2", op), false, true});
    forms.push_back({fmt::format("{}.f32 q4, q1, lr", op), false, true});
    forms.push_back({fmt::format("{}.f16 q0, q1, q2", op), true, false});
    forms.push_back({fmt::format("{}.f16 q7, q6, r12", op), true, false});
  }
  std::vector<verify::qemu_mve::Case> cases;
  std::vector<std::string> texts;
  for (const Form& f : forms)
    for (int k = 0; k < 24; ++k) {
      verify::qemu_mve::Case c;
      auto lane32 = [&]() -> uint32_t {
        const uint64_t pick = rng() % 4;
        if (f.fp32) return pick == 0 ? static_cast<uint32_t>(rng()) : f32_edges[rng() % std::size(f32_edges)] ^ (rng() % 2 ? 0x80000000u : 0);
        if (f.fp16) {
          auto h = [&]() -> uint32_t { return pick == 0 ? static_cast<uint32_t>(rng() & 0xffff) : f16_edges[rng() % std::size(f16_edges)]; };
          return h() | h() << 16;
        }
        return pick == 0 ? int_edges[rng() % std::size(int_edges)] : static_cast<uint32_t>(rng());
      };
      for (auto& w : c.in.q) w = lane32();
      for (auto& r : c.in.r) r = lane32();
      // NZCV QC AHP DN FZ RMode FZ16 random; LTPSIZE 4.
      c.in.fpscr = (static_cast<uint32_t>(rng()) & 0xffc80000u) | 0x00040000u;
      const bool predicated = k % 3 == 0;
      c.in.vpr = predicated ? static_cast<uint32_t>(rng() & 0xffff) : 0;
      std::string insn = f.text;
      if (predicated) insn.insert(insn.find('.'), "t");  // vaddt.i8 ...
      const std::string text = predicated ? "vpst; " + insn : insn;
      if (predicated) c.words.push_back(static_cast<uint32_t>(mve().isa->assemble("vpst").word.low64()));
      c.words.push_back(static_cast<uint32_t>(mve().isa->assemble(insn).word.low64()));
      cases.push_back(c);
      texts.push_back(text);
    }
  const auto theirs = verify::qemu_mve::run(*tools, cases);
  ASSERT_EQ(theirs.size(), cases.size());
  int failures = 0;
  size_t changed = 0;  // cases whose result differs from their inputs: the comparison is not vacuous
  for (size_t i = 0; i < cases.size() && failures < 10; ++i) {
    if (!(theirs[i].out == cases[i].in)) ++changed;
    Machine m(*mve().isa);
    m.reset(true);
    const auto& in = cases[i].in;
    for (int n = 0; n < 8; ++n) {
      Bits q = Bits::zeros(128);
      for (uint32_t w = 0; w < 4; ++w) q.set_slice(32 * w, Bits(32, in.q[static_cast<size_t>(4 * n) + w]));
      m.set(fmt::format("q{}", n), q);
    }
    for (int n = 0; n < 13; ++n) m.set(fmt::format("r{}", n), Bits(32, in.r[static_cast<size_t>(n)]));
    m.set("lr", Bits(32, in.r[13]));
    m.set("fpscr", Bits(32, in.fpscr));
    m.set("vpr", Bits(32, in.vpr));
    for (uint32_t w : cases[i].words) m.execute(Bits(32, w));
    ASSERT_FALSE(theirs[i].faulted) << texts[i];
    verify::qemu_mve::State ours;
    for (int n = 0; n < 8; ++n)
      for (uint32_t w = 0; w < 4; ++w)
        ours.q[static_cast<size_t>(4 * n) + w] = static_cast<uint32_t>(m.get(fmt::format("q{}", n)).slice(32 * w, 32).low64());
    for (int n = 0; n < 13; ++n) ours.r[static_cast<size_t>(n)] = static_cast<uint32_t>(m.get(fmt::format("r{}", n)).low64());
    ours.r[13] = static_cast<uint32_t>(m.get("lr").low64());
    ours.fpscr = static_cast<uint32_t>(m.get("fpscr").low64());
    ours.vpr = static_cast<uint32_t>(m.get("vpr").low64());
    if (!(ours == theirs[i].out)) {
      ++failures;
      std::string diff;
      for (size_t w = 0; w < 32; ++w)
        if (ours.q[w] != theirs[i].out.q[w]) diff += fmt::format(" q{}.w{}: ours {:08x} QEMU {:08x}", w / 4, w % 4, ours.q[w], theirs[i].out.q[w]);
      if (ours.fpscr != theirs[i].out.fpscr) diff += fmt::format(" fpscr: ours {:08x} QEMU {:08x}", ours.fpscr, theirs[i].out.fpscr);
      if (ours.vpr != theirs[i].out.vpr) diff += fmt::format(" vpr: ours {:08x} QEMU {:08x}", ours.vpr, theirs[i].out.vpr);
      ADD_FAILURE() << texts[i] << " fpscr in " << fmt::format("{:08x} vpr {:08x}", in.fpscr, in.vpr) << ":" << diff;
    }
  }
  EXPECT_GT(changed, cases.size() * 3 / 4);
}

}  // namespace
}  // namespace mlisa::test
