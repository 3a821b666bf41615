// The QEMU oracle of the mve target (src/verify/qemu_mve.hpp) and the ml
// suite on top of it: the image source and the results parser on synthetic
// data (always), a small batch through arm-none-eabi-gcc and
// qemu-system-arm (skipped with a message when either is absent), and the
// suite on its stored vectors (always: tests/vectors/mve/ml).
#include "targets/mve/machine.hpp"
#include "verify/campaign.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;
using namespace mlisa::verify;
using qemu_mve::Case;
using qemu_mve::State;

const targets::mve::Target& mve() {
  static const targets::mve::Target t = targets::mve::load();
  return t;
}

uint32_t word_of(const std::string& text) { return static_cast<uint32_t>(mve().isa->assemble(text).word.low64()); }

TEST(QemuMveImage, StatePacksInTheTableLayout) {
  State s;
  for (size_t i = 0; i < 32; ++i) s.q[i] = 0x01010101u * static_cast<uint32_t>(i);
  s.fpscr = 0x00040000;
  s.vpr = 0x0000ffff;
  for (size_t i = 0; i < 14; ++i) s.r[i] = 0x1000u + static_cast<uint32_t>(i);
  uint8_t buf[qemu_mve::kStateBytes];
  qemu_mve::pack(s, buf);
  EXPECT_EQ(buf[4], 0x01);                     // q[1], little-endian
  EXPECT_EQ(buf[128 + 2], 0x04);               // FPSCR at 128
  EXPECT_EQ(buf[132], 0xff);                   // VPR at 132
  EXPECT_EQ(buf[136 + 13 * 4], 0x0d);          // LR last
  EXPECT_EQ(qemu_mve::unpack(buf), s);
}

TEST(QemuMveImage, SourceRunsOurWordsBetweenLoadAndStore) {
  Case c;
  c.words = {word_of("vpst"), word_of("vmaxt.s8 q0, q1, q2")};
  const std::string s = qemu_mve::image_source({c, c}, "/tmp/in.bin", "/tmp/out.bin");
  EXPECT_NE(s.find(fmt::format(".inst.w 0x{:08x}\n    .inst.w", c.words[0])), std::string::npos) << "VPST first";
  EXPECT_NE(s.find(fmt::format(".inst.w 0x{:08x}", c.words[1])), std::string::npos);
  EXPECT_NE(s.find("movw r0, #0xed88\n    movt r0, #0xe000"), std::string::npos) << "CPACR";
  EXPECT_NE(s.find("dsb\n    isb"), std::string::npos);
  EXPECT_NE(s.find(".incbin \"/tmp/in.bin\""), std::string::npos);
  EXPECT_NE(s.find(".asciz \"/tmp/out.bin\""), std::string::npos);
  EXPECT_NE(s.find("bkpt 0xab"), std::string::npos);
  EXPECT_NE(s.find("@ case 1"), std::string::npos);
  EXPECT_EQ(s.find("@ case 2"), std::string::npos);
  EXPECT_THROW(qemu_mve::image_source(std::vector<Case>(qemu_mve::kMaxBatch + 1), "a", "b"), qemu_mve::OracleError);
  EXPECT_EQ(qemu_mve::input_table({c, c, c}).size(), 3 * qemu_mve::kStateBytes);
}

std::vector<uint8_t> results_blob(uint32_t stopped, uint32_t status, uint32_t ipsr, uint32_t cfsr,
                                  const std::vector<State>& states, size_t n) {
  std::vector<uint8_t> blob(16 + n * qemu_mve::kResultBytes);
  const uint32_t header[4] = {stopped, status, ipsr, cfsr};
  for (int i = 0; i < 4; ++i)
    for (int b = 0; b < 4; ++b) blob[static_cast<size_t>(4 * i + b)] = static_cast<uint8_t>(header[i] >> (8 * b));
  for (size_t i = 0; i < states.size(); ++i) qemu_mve::pack(states[i], blob.data() + 16 + i * qemu_mve::kResultBytes);
  return blob;
}

TEST(QemuMveImage, ParsesTheResultsFile) {
  State a, b;
  a.r[0] = 7;
  b.q[31] = 0xdeadbeef;
  auto p = qemu_mve::parse_results(results_blob(2, 0, 0, 0, {a, b}, 2), 2);
  EXPECT_FALSE(p.faulted);
  ASSERT_EQ(p.results.size(), 2u);
  EXPECT_FALSE(p.results[0].faulted);
  EXPECT_EQ(p.results[0].out, a);
  EXPECT_EQ(p.results[1].out, b);
  // Case 1 of 3 took a fault the image returned from (its record says so:
  // 1, IPSR 6, CFSR UNDEFINSTR); cases 0 and 2 ran.
  auto blob = results_blob(3, 0, 0, 0, {a, State{}, b}, 3);
  const uint32_t marks[3] = {1, 6, 0x10000};
  for (int w = 0; w < 3; ++w)
    for (int k = 0; k < 4; ++k)
      blob[16 + qemu_mve::kResultBytes + qemu_mve::kStateBytes + 4 + 4 * w + k] = static_cast<uint8_t>(marks[w] >> (8 * k));
  p = qemu_mve::parse_results(blob, 3);
  ASSERT_EQ(p.results.size(), 3u);
  EXPECT_FALSE(p.results[0].faulted);
  EXPECT_TRUE(p.results[1].faulted);
  EXPECT_EQ(p.results[1].exception, 6u);
  EXPECT_EQ(p.results[1].cfsr, 0x10000u);
  EXPECT_EQ(p.results[2].out, b);
  // A fault that stopped the image in case 1 of 3: one result, the exception and CFSR.
  p = qemu_mve::parse_results(results_blob(1, 1, 3, 0x10000, {a}, 3), 3);
  EXPECT_TRUE(p.faulted);
  EXPECT_EQ(p.stopped_at, 1u);
  EXPECT_EQ(p.exception, 3u);
  EXPECT_EQ(p.cfsr, 0x10000u);
  EXPECT_EQ(p.results.size(), 1u);
  // Truncated, or a header that does not add up.
  auto short_blob = results_blob(2, 0, 0, 0, {a, b}, 2);
  short_blob.pop_back();
  EXPECT_THROW(qemu_mve::parse_results(short_blob, 2), qemu_mve::OracleError);
  EXPECT_THROW(qemu_mve::parse_results(results_blob(1, 0, 0, 0, {a}, 2), 2), qemu_mve::OracleError);
  EXPECT_THROW(qemu_mve::parse_results(results_blob(5, 1, 0, 0, {}, 2), 2), qemu_mve::OracleError);
}

// A small batch on QEMU: hand-worked results, a fault in the middle, and
// the cases after it.
TEST(QemuMveOracle, RunsASmallBatch) {
  std::string why;
  auto tools = qemu_mve::find_tools(&why);
  if (!tools) GTEST_SKIP() << "QEMU oracle not available: " << why;
  Case maxnm;  // vmaxnm.f32 q0, q1, q2: {1.5, -0, qNaN, sNaN} vs {2, 0, 1, 3}
  maxnm.in.q = {};
  const uint32_t q1[] = {0x3fc00000, 0x80000000, 0x7fc00000, 0x7fa00001}, q2[] = {0x40000000, 0, 0x3f800000, 0x40400000};
  for (int k = 0; k < 4; ++k) maxnm.in.q[4 + k] = q1[k], maxnm.in.q[8 + k] = q2[k];
  maxnm.in.fpscr = 0x00040000;
  for (size_t i = 0; i < 14; ++i) maxnm.in.r[i] = 0x1000u + static_cast<uint32_t>(i);
  maxnm.words = {word_of("vmaxnm.f32 q0, q1, q2")};
  Case pred = maxnm;  // VPST with P0 = lanes 0 and 2: lanes 1 and 3 of q0 keep their value
  pred.in.q[1] = 0x11111111;
  pred.in.q[3] = 0x33333333;
  pred.in.vpr = 0x0f0f;
  pred.words = {word_of("vpst"), word_of("vmaxnmt.f32 q0, q1, q2")};
  Case undefined = maxnm;
  undefined.words = {0xffffffffu};
  Case svc = maxnm;  // a second exception straight after the first, in the next case
  svc.words = {0xdf05u};
  Case vmladav;  // vmladav.s16 r0, q1, q2 = sum of 8 products
  for (int k = 0; k < 4; ++k) vmladav.in.q[4 + k] = 0x00020001u, vmladav.in.q[8 + k] = 0xffff0003u;
  vmladav.in.fpscr = 0x00040000;
  vmladav.words = {word_of("vmladav.s16 r0, q1, q2")};

  const auto r = qemu_mve::run(*tools, {maxnm, pred, undefined, svc, vmladav});
  ASSERT_EQ(r.size(), 5u);
  ASSERT_FALSE(r[0].faulted);
  const uint32_t want[] = {0x40000000, 0, 0x3f800000, 0x7fc00000};  // the sNaN gives the default NaN, IOC
  for (int k = 0; k < 4; ++k) EXPECT_EQ(r[0].out.q[k], want[k]) << k;
  EXPECT_EQ(r[0].out.fpscr, 0x00040001u);
  EXPECT_EQ(r[0].out.r[13], 0x100du) << "LR is saved too";
  ASSERT_FALSE(r[1].faulted);
  EXPECT_EQ(r[1].out.q[0], 0x40000000u);
  EXPECT_EQ(r[1].out.q[1], 0x11111111u);
  EXPECT_EQ(r[1].out.q[2], 0x3f800000u);
  EXPECT_EQ(r[1].out.q[3], 0x33333333u);
  EXPECT_EQ(r[1].out.fpscr, 0x00040000u) << "the inactive sNaN lane raises nothing";
  EXPECT_EQ(r[1].out.vpr, 0x0f0fu) << "the VPT block is over";
  EXPECT_TRUE(r[2].faulted);
  EXPECT_EQ(r[2].exception, 3u) << "HardFault (UsageFault escalated)";
  EXPECT_EQ(r[2].cfsr & 0x10000u, 0x10000u) << "UNDEFINSTR";
  EXPECT_TRUE(r[3].faulted);
  EXPECT_EQ(r[3].exception, 11u) << "SVCall";
  EXPECT_EQ(r[3].cfsr, 0u) << "the UsageFault before it left no status behind";
  ASSERT_FALSE(r[4].faulted);
  EXPECT_EQ(r[4].out.r[0], 4u) << "four pairs of 1*3 + 2*-1";

  // Our machine agrees on the first two.
  targets::mve::Machine m(*mve().isa);
  for (const Case* c : {&maxnm, &pred}) {
    m.reset(true);
    for (int q = 0; q < 8; ++q) {
      spec::Bits v = spec::Bits::zeros(128);
      for (int k = 0; k < 4; ++k) v.set_slice(32 * static_cast<uint32_t>(k), spec::Bits(32, c->in.q[4 * q + k]));
      m.set(fmt::format("q{}", q), v);
    }
    m.set("fpscr", spec::Bits(32, c->in.fpscr));
    m.set("vpr", spec::Bits(32, c->in.vpr));
    for (uint32_t w : c->words) m.execute(spec::Bits(32, w));
    const auto& out = r[c == &maxnm ? 0 : 1].out;
    EXPECT_EQ(m.get("q0").slice(0, 32).low64(), out.q[0]);
    EXPECT_EQ(m.get("q0").slice(96, 32).low64(), out.q[3]);
    EXPECT_EQ(m.get("fpscr").low64(), out.fpscr);
  }
}

// Cases in the landing zone: where each branch lands (worked by hand from
// the encodings), LR after BL, and a WFI that returns.
TEST(QemuMveOracle, LandingZoneRecordsWhereABranchLands) {
  std::string why;
  auto tools = qemu_mve::find_tools(&why);
  if (!tools) GTEST_SKIP() << "QEMU oracle not available: " << why;
  for (uint32_t a = qemu_mve::kZone; a < qemu_mve::kZone + qemu_mve::kZoneBytes; a += 2)
    ASSERT_EQ(qemu_mve::zone_halfword(a) & 0xff00u, 0xde00u) << "every zone halfword is a UDF (T1)";
  auto at = [](std::vector<uint32_t> words, uint32_t pc) {
    Case c;
    c.in.fpscr = 0x00040000;
    c.words = std::move(words);
    c.pc = pc;
    c.sp = qemu_mve::kZoneSp;
    return c;
  };
  const uint32_t mid = qemu_mve::kZoneMiddle;
  Case b = at({0xe004}, mid);                  // b.n: imm11 = 4, PC + 4 + 8
  Case bl = at({0xf000f880}, mid + 2);         // bl: S 0, J1 J2 1 (I1 I2 1), imm11 0x80: PC + 4 + 0x100
  Case cbz_not = at({0xb108}, mid);            // cbz r0, PC + 4 + 2, with r0 = 1: the next halfword
  cbz_not.in.r[0] = 1;
  Case cbz_taken = cbz_not;
  cbz_taken.in.r[0] = 0;
  Case line;  // a straight-line case after them: no landing address
  line.in.fpscr = 0x00040000;
  line.words = {word_of("adds r1, r1, #1")};
  Case wfi = line;
  wfi.words = {word_of("wfi")};
  wfi.wake = true;
  const auto r = qemu_mve::run(*tools, {b, bl, cbz_not, cbz_taken, line, wfi});
  ASSERT_EQ(r.size(), 6u);
  for (const auto& x : r) ASSERT_FALSE(x.faulted) << x.exception;
  EXPECT_EQ(r[0].out.pc, mid + 12);
  EXPECT_EQ(r[1].out.pc, mid + 2 + 4 + 0x100);
  EXPECT_EQ(r[1].out.r[13], (mid + 2 + 4) | 1u) << "LR: the return address, Thumb bit set";
  EXPECT_EQ(r[2].out.pc, mid + 2);
  EXPECT_EQ(r[3].out.pc, mid + 6);
  EXPECT_EQ(r[4].out.pc, 0u);
  EXPECT_EQ(r[4].out.r[1], 1u);
  EXPECT_EQ(r[5].out, wfi.in) << "WFI returns, nothing changed";
}

// A zone case that faults: the fault is recorded, the handler's clean-up puts
// the zone's traps back over its words, and the next case that lands there
// finds a trap, not the old word.
TEST(QemuMveOracle, LandingZoneFaultRestoresTheTraps) {
  std::string why;
  auto tools = qemu_mve::find_tools(&why);
  if (!tools) GTEST_SKIP() << "QEMU oracle not available: " << why;
  const uint32_t mid = qemu_mve::kZoneMiddle;
  Case bx;  // bx r0 to an even address: EPSR.T clear, INVSTATE at the target
  bx.in.fpscr = 0x00040000;
  bx.in.r[0] = mid + 0x40;
  bx.words = {0x4700};
  bx.pc = mid;
  bx.sp = qemu_mve::kZoneSp;
  Case b = bx;  // b.n with imm11 = 0 from mid - 4: PC + 4, onto bx's old halfword
  b.in.r[0] = 0;
  b.words = {0xe000};
  b.pc = mid - 4;
  const auto r = qemu_mve::run(*tools, {bx, b, bx, b});
  ASSERT_EQ(r.size(), 4u);
  for (size_t i : {0, 2}) {
    EXPECT_TRUE(r[i].faulted) << i;
    EXPECT_EQ(r[i].exception, 3u) << "HardFault: the UsageFault escalates (SHCSR.USGFAULTENA clear at reset)";
    EXPECT_EQ(r[i].cfsr, 0x00020000u) << "CFSR.INVSTATE";
  }
  for (size_t i : {1, 3}) {
    ASSERT_FALSE(r[i].faulted) << i;
    EXPECT_EQ(r[i].out.pc, mid) << "landed on a trap where bx was";
  }
}

// The isa suite has an operation for every encoding of the specs, and
// checks the Security Extension's against the manual without QEMU.
TEST(MveIsaSuite, EveryEncodingIsAnOperation) {
  std::unique_ptr<Suite> isa;
  for (auto& s : registered_suites())
    if (s && s->target() == "mve" && s->name() == "isa") isa = std::move(s);
  ASSERT_TRUE(isa);
  size_t encodings = 0;
  for (const auto& inst : mve().spec->instructions()) encodings += inst.encodings.size();
  EXPECT_EQ(isa->operations().size(), encodings);
  auto sel = select_operations({isa.get()}, "vlldm.*");
  CampaignOptions o;
  o.cases = 20;
  o.jobs = 1;
  const CampaignResult res = run_campaign(sel, o);
  EXPECT_EQ(res.total_cases(), 40u);
  EXPECT_EQ(res.total_failed(), 0u);
}

// ---- the ml suite ------------------------------------------------------------

std::unique_ptr<Suite> ml_suite() {
  for (auto& s : registered_suites())
    if (s && s->target() == "mve" && s->name() == "ml") return std::move(s);
  return nullptr;
}

CampaignResult run_ops(const Suite& suite, const std::string& pattern, uint64_t cases) {
  auto sel = select_operations({&suite}, pattern);
  CampaignOptions o;
  o.cases = cases;
  o.jobs = 2;
  return run_campaign(sel, o);
}

TEST(MveMlSuite, HasOneOperationPerForm) {
  auto suite = ml_suite();
  ASSERT_TRUE(suite);
  const auto ops = suite->operations();
  EXPECT_EQ(ops.size(), 155u);
  for (const char* name : {"vmax.s8", "vmin.u32", "vmaxa.s16", "vmaxv.u8", "vminav.s32", "vmaxnm.f16", "vminnm.fp.f64",
                           "vmaxnma.f32", "vminnmv.f16", "vmaxnmav.f32", "vmladav.u32", "vmladavax.s16",
                           "vcmp.i8", "vcmp.scalar.u16", "vcmp.s32", "vcmp.scalar.f16", "vpt.f32", "vpt.scalar.s8",
                           "vpnot", "vctp.8", "vctp.64", "vadd.i8", "vsub.scalar.i16", "vmul.i32", "vadd.f16",
                           "vsub.scalar.f32", "vmul.scalar.f16"})
    EXPECT_NE(std::find(ops.begin(), ops.end(), name), ops.end()) << name;
  EXPECT_EQ(std::find(ops.begin(), ops.end(), "vmladavx.u8"), ops.end()) << "UNDEFINED form";
  // Operation numbers seed the cases: the forms added later come after the
  // recorded ones, which keep their numbers (vmax.s8 first, vctp.64 at 124).
  EXPECT_EQ(ops.front(), "vmax.s8");
  EXPECT_EQ(ops[124], "vctp.64");
  EXPECT_EQ(ops[125], "vadd.i8");
  EXPECT_EQ(ops.back(), "vmul.scalar.f16");
  EXPECT_GE(suite->default_cases(), 1000u);
  EXPECT_TRUE(suite->has_coverage());
  EXPECT_THROW(suite->set_option("oracle", "llvm"), CampaignError);
  EXPECT_FALSE(suite->set_option("colour", "blue"));
}

// Runs wherever the tests run: the vectors recorded from QEMU.
TEST(MveMlSuite, PassesOnTheStoredVectors) {
  auto suite = ml_suite();
  ASSERT_TRUE(suite->set_option("oracle", "stored"));
  const CampaignResult r = run_ops(*suite, "", 150);
  ASSERT_EQ(r.suites.size(), 1u);
  EXPECT_EQ(r.total_cases(), 150u * 155u);
  EXPECT_EQ(r.total_failed(), 0u);
  for (const auto& op : r.suites[0].operations) {
    ASSERT_TRUE(op.coverage) << op.name;
    EXPECT_GT(op.coverage->lines_hit, 0u) << op.name;
  }
  // Every line of the instructions' own files ran for some operation: a line
  // one operation misses in its own file is the path of another form of the
  // same encoding (vmladav's exchange line is vmladavx's), which another
  // operation of that file ran. The lines missed elsewhere are in the shared
  // functions they call (coverage follows calls: ExecuteFPCheck's NOCP path,
  // which no case takes). Coverage is per operation.
  for (const auto& op : r.suites[0].operations)
    for (const std::string& m : op.coverage->missed) {
      if (m.find(" arm ") != std::string::npos || m.find("isa/mve/shared") != std::string::npos) continue;
      const std::string file = m.substr(0, m.rfind(':'));
      bool ran = false;
      for (const auto& other : r.suites[0].operations) {
        const auto& om = other.coverage->missed;
        bool same_file = false;
        for (const std::string& x : om) same_file = same_file || x.rfind(file + ":", 0) == 0;
        ran = ran || (&other != &op && std::find(om.begin(), om.end(), m) == om.end() &&
                      (same_file || other.coverage->lines_hit == other.coverage->lines));
      }
      EXPECT_TRUE(ran) << op.name << ": " << m << " ran for no operation";
    }
  const auto& ops = r.suites[0].operations;
  const auto it = std::find_if(ops.begin(), ops.end(), [](const OperationResult& o) { return o.name == "vmaxnmv.f32"; });
  ASSERT_NE(it, ops.end());
  const OperationResult& vmaxnmv = *it;
  EXPECT_GT(vmaxnmv.nan_cases, 0u);
  EXPECT_TRUE(vmaxnmv.classes.count("snan"));
  EXPECT_TRUE(vmaxnmv.classes.count("snan+vpst"));
  // The element-wise arithmetic leans to the same edges: NaN inputs, every
  // FP class, integer extremes, and VPST/VPSTE blocks.
  auto op_named = [&](const std::string& name) {
    return std::find_if(ops.begin(), ops.end(), [&](const OperationResult& o) { return o.name == name; });
  };
  const auto vmul = op_named("vmul.scalar.f16");
  ASSERT_NE(vmul, ops.end());
  EXPECT_GT(vmul->nan_cases, 0u);
  for (const char* cls : {"zero", "denormal", "inf", "qnan", "snan", "snan+vpst", "denormal+vpste"})
    EXPECT_TRUE(vmul->classes.count(cls)) << cls;
  const auto vadd = op_named("vadd.i8");
  ASSERT_NE(vadd, ops.end());
  EXPECT_EQ(vadd->nan_cases, 0u);
  for (const char* cls : {"extreme", "equal+vpst", "random+vpste"}) EXPECT_TRUE(vadd->classes.count(cls)) << cls;
}

fs::path copy_vectors(const std::string& tag) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("mlisa_mve_vectors_" + tag);
  fs::remove_all(dir);
  fs::create_directories(dir / "mve" / "ml");
  fs::copy_file(fs::path(MLISA_SOURCE_DIR) / "tests/vectors/mve/ml/vmax.s8.txt", dir / "mve/ml/vmax.s8.txt");
  return dir;
}

// A changed expected value fails that case, with the inputs, both sides and
// the mlisa exec command that reruns ours.
TEST(MveMlSuite, AStoredMismatchFailsWithADetail) {
  const fs::path dir = copy_vectors("mismatch");
  const fs::path file = dir / "mve/ml/vmax.s8.txt";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  in.close();
  std::string s = text.str();
  const std::regex line3("\n3 ([0-9a-f]{8}) (q[0-7])=0x([0-9a-f])");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(s, m, line3)) << "case 3 writes a Q register";
  const size_t digit = static_cast<size_t>(m.position(3));
  s[digit] = s[digit] == '0' ? '1' : '0';
  std::ofstream(file) << s;

  auto suite = ml_suite();
  suite->set_option("oracle", "stored");
  suite->set_option("vectors", dir.string());
  const CampaignResult r = run_ops(*suite, "vmax.s8", 10);
  const auto& op = r.suites[0].operations[0];
  EXPECT_EQ(op.failed, 1u);
  ASSERT_EQ(op.failures.size(), 1u);
  EXPECT_EQ(op.failures[0].index, 3u);
  const std::string& d = op.failures[0].detail;
  EXPECT_NE(d.find("inputs"), std::string::npos) << d;
  EXPECT_NE(d.find(m[2].str() + ": ours 0x"), std::string::npos) << d;
  EXPECT_NE(d.find("QEMU (stored) 0x"), std::string::npos) << d;
  EXPECT_NE(d.find("mlisa exec --target mve --set "), std::string::npos) << d;
  EXPECT_NE(d.find("--show " + m[2].str()), std::string::npos) << d;
}

TEST(MveMlSuite, StoredVectorsThatDoNotFitAreAnError) {
  const fs::path dir = copy_vectors("stale");
  auto suite = ml_suite();
  suite->set_option("oracle", "stored");
  suite->set_option("vectors", dir.string());
  // Beyond the recorded cases, another seed, an operation with no file.
  EXPECT_THROW(run_ops(*suite, "vmax.s8", 1001), std::runtime_error);
  {
    auto sel = select_operations({suite.get()}, "vmax.s8");
    CampaignOptions o;
    o.cases = 10;
    o.seed = 2;
    EXPECT_THROW(run_campaign(sel, o), std::runtime_error);
  }
  EXPECT_THROW(run_ops(*suite, "vmax.s16", 10), std::runtime_error);
  // A case whose inputs changed since the recording: its hash differs.
  const fs::path file = dir / "mve/ml/vmax.s8.txt";
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  in.close();
  std::string s = text.str();
  const size_t at = s.find("\n0 ") + 3;
  s[at] = s[at] == '0' ? '1' : '0';
  std::ofstream(file) << s;
  auto fresh = ml_suite();  // a suite reads each vectors file once
  fresh->set_option("oracle", "stored");
  fresh->set_option("vectors", dir.string());
  try {
    run_ops(*fresh, "vmax.s8", 10);
    ADD_FAILURE() << "a stale vector was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("stale"), std::string::npos) << e.what();
  }
}

// Recording from QEMU and replaying the recording give the same outcomes.
TEST(MveMlSuite, RecordsWhatItReplays) {
  std::string why;
  if (!qemu_mve::find_tools(&why)) GTEST_SKIP() << "QEMU oracle not available: " << why;
  const fs::path dir = fs::path(::testing::TempDir()) / "mlisa_mve_record";
  fs::remove_all(dir);
  auto rec = ml_suite();
  rec->set_option("record", dir.string());
  const CampaignResult a = run_ops(*rec, "vminnmav.f16", 300);
  EXPECT_EQ(a.total_failed(), 0u);
  ASSERT_TRUE(fs::exists(dir / "mve/ml/vminnmav.f16.txt"));
  auto replay = ml_suite();
  replay->set_option("oracle", "stored");
  replay->set_option("vectors", dir.string());
  const CampaignResult b = run_ops(*replay, "vminnmav.f16", 300);
  EXPECT_EQ(b.total_failed(), 0u);
  EXPECT_EQ(a.suites[0].operations[0].classes, b.suites[0].operations[0].classes);
}

}  // namespace
}  // namespace mlisa::test
