// The QEMU oracle of the sme2 target (src/verify/qemu_sme2.hpp) and the za
// suite on top of it: the program source and the results parser on
// synthetic data (always); a hand-made BFMOPA and BFMLALB/BFMLALT batch
// through llvm-mc-19, ld.lld and qemu-aarch64 at two vector lengths, and the
// suite's QEMU-checked forms on a few hundred cases against QEMU (skipped
// with a message when a tool is absent); the suite on its stored vectors and
// its MPFR-checked forms (always).
#include "targets/sme2/machine.hpp"
#include "verify/campaign.hpp"
#include "verify/qemu_sme2.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;
using namespace mlisa::verify;
using qemu_sme2::Case;

std::vector<uint8_t> bf16_lanes(int svl, const std::vector<uint16_t>& lanes) {
  std::vector<uint8_t> b(static_cast<size_t>(svl) / 8, 0);
  for (size_t i = 0; i < lanes.size(); ++i) b[2 * i] = static_cast<uint8_t>(lanes[i]), b[2 * i + 1] = static_cast<uint8_t>(lanes[i] >> 8);
  return b;
}
uint32_t word32(const std::vector<uint8_t>& b, size_t i) {
  return static_cast<uint32_t>(b[4 * i] | b[4 * i + 1] << 8 | b[4 * i + 2] << 16 | static_cast<uint32_t>(b[4 * i + 3]) << 24);
}

// BFMOPA ZA2.S, P1/M, P2/M, Z3.H, Z4.H: every row active, only column 0
// (elements 0 and 1 of P2), so every other element of the tile has both
// pairs inactive and keeps its value.
Case mopa_case(int svl) {
  Case c;
  c.z = {{3, bf16_lanes(svl, {0x3f80, 0x4000})}, {4, bf16_lanes(svl, {0x4040, 0x3f80})}};  // (1,2) . (3,1) = 5
  std::vector<uint8_t> all(static_cast<size_t>(svl) / 64, 0x55), first(static_cast<size_t>(svl) / 64, 0);
  first[0] = 0x05;
  c.p = {{1, all}, {2, first}};
  c.tile = 2;
  c.tile_rows.assign(static_cast<size_t>(svl / 32) * static_cast<size_t>(svl / 8), 0);
  c.tile_rows[3] = 0x3f;              // row 0, column 0: 0.5 (0x3f000000)
  c.tile_rows[4 + 2] = 0x40, c.tile_rows[4 + 3] = 0x3f;  // row 0, column 1: 0.75 (0x3f400000)
  c.words = {0x81844462u};  // bfmopa za2.s, p1/m, p2/m, z3.h, z4.h
  c.fpsr = 0x10;
  return c;
}

TEST(QemuSme2Program, SourceLoadsRunsAndStores) {
  const Case c = mopa_case(256);
  const std::string s = qemu_sme2::program_source(256, {c}, "/tmp/in.bin", "/tmp/out.bin");
  for (const char* want : {"mov x1, #32", "smstart", "rdsvl x9, #1", "msr fpcr, x1", "msr fpsr, x1", "ldr z3, [x0]",
                           "ldr p1, [x0]", "ldr za[w12, 0], [x0]", ".inst 0x81844462", "mrs x1, fpsr",
                           "str za[w12, 0], [x0]", ".incbin \"/tmp/in.bin\"", ".asciz \"/tmp/out.bin\"", "mov x8, #93"})
    EXPECT_NE(s.find(want), std::string::npos) << want;
  EXPECT_LT(s.find("ldr za[w12, 0]"), s.find(".inst 0x81844462"));
  EXPECT_LT(s.find(".inst 0x81844462"), s.find("str za[w12, 0]"));
  // The input table: FPCR, FPSR, then each block padded to 16 bytes.
  const std::vector<uint8_t> t = qemu_sme2::input_table(256, {c});
  EXPECT_EQ(t.size(), 16u + 2 * 32 + 2 * 16 + 8 * 32);
  EXPECT_EQ(t[8], 0x10);
  EXPECT_THROW(qemu_sme2::program_source(200, {c}, "a", "b"), qemu_sme2::OracleError);
  Case bad = c;
  bad.z[0].bytes.pop_back();
  EXPECT_THROW(qemu_sme2::input_table(256, {bad}), qemu_sme2::OracleError);
}

TEST(QemuSme2Program, ParsesTheResultsFile) {
  const Case c = mopa_case(128);
  std::vector<uint8_t> blob(16 + 16 + 4 * 16, 0);
  blob[0] = 16;  // SVL 128 in bytes
  blob[8] = 1;   // one case finished
  blob[16] = 0x9f;
  blob[32 + 3] = 0x40;
  const auto r = qemu_sme2::parse_results(128, {c}, blob);
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].fpsr, 0x9fu);
  EXPECT_EQ(word32(r[0].tile_rows, 0), 0x40000000u);
  std::vector<uint8_t> wrong_svl = blob;
  wrong_svl[0] = 32;
  EXPECT_THROW(qemu_sme2::parse_results(128, {c}, wrong_svl), qemu_sme2::OracleError);
  std::vector<uint8_t> unfinished = blob;
  unfinished[8] = 0;
  EXPECT_THROW(qemu_sme2::parse_results(128, {c}, unfinished), qemu_sme2::OracleError);
  blob.pop_back();
  EXPECT_THROW(qemu_sme2::parse_results(128, {c}, blob), qemu_sme2::OracleError);
}

// Values worked by hand, run by QEMU: BFMOPA's element (0,0) is 0.5 + 1·3 +
// 2·1 = 5.5, element (0,1) keeps its 0.75 (both its pairs inactive: the
// case upstream QEMU before 8.1.4 looped forever on); BFMLALB and BFMLALT
// take the even and the odd products.
TEST(QemuSme2Oracle, RunsSmallBatchesAtTwoVectorLengths) {
  std::string why;
  auto tools = qemu_sme2::find_tools(&why);
  if (!tools) GTEST_SKIP() << "QEMU oracle not available: " << why;
  for (int svl : {128, 1024}) {
    Case mopa = mopa_case(svl);
    Case lal;
    lal.fpcr = 0x02000000;  // DN
    lal.z = {{2, bf16_lanes(svl, {0x4000, 0x4040})}, {3, bf16_lanes(svl, {0x3f80, 0x4080})},  // (2,3) x (1,4)
             {1, std::vector<uint8_t>(static_cast<size_t>(svl) / 8, 0)}, {5, std::vector<uint8_t>(static_cast<size_t>(svl) / 8, 0)}};
    lal.words = {0x64e38041u, 0x64e38445u};  // bfmlalb z1.s, z2.h, z3.h; bfmlalt z5.s, z2.h, z3.h
    lal.z_out = {1, 5};
    const auto r = qemu_sme2::run(*tools, svl, {mopa, lal});
    ASSERT_EQ(r.size(), 2u);
    EXPECT_EQ(word32(r[0].tile_rows, 0), 0x40b00000u) << svl;  // 5.5
    EXPECT_EQ(word32(r[0].tile_rows, 1), 0x3f400000u) << svl;  // unchanged
    EXPECT_EQ(r[0].fpsr, 0x10u) << "BFMOPA leaves FPSR alone";
    EXPECT_EQ(word32(r[1].z_out[0], 0), 0x40000000u);  // 2 x 1
    EXPECT_EQ(word32(r[1].z_out[1], 0), 0x41400000u);  // 3 x 4
  }
}

std::unique_ptr<Suite> za_suite() {
  for (auto& s : registered_suites())
    if (s && s->target() == "sme2" && s->name() == "za") return std::move(s);
  return nullptr;
}

CampaignResult run_ops(const Suite& suite, const std::string& pattern, uint64_t cases) {
  auto sel = select_operations({&suite}, pattern);
  CampaignOptions o;
  o.cases = cases;
  o.jobs = 2;
  return run_campaign(sel, o);
}

TEST(Sme2ZaSuite, NamesItsFormsAndOptions) {
  auto suite = za_suite();
  ASSERT_TRUE(suite);
  const auto ops = suite->operations();
  EXPECT_EQ(ops.size(), 308u);  // 277 QEMU-checked, 31 MPFR-checked
  for (const char* op : {"bfmlal.vector", "bfmopa", "bfmops", "bfmlsl.vector", "fmlal.vectors.vgx4", "fmlsl.indexed.vgx2",
                         "bfdot.vector.vgx2", "bfdot.vectors.vgx4", "bfdot.indexed.vgx4", "bfvdot.indexed.vgx2",
                         "bfcvt.vgx2", "bfcvtn.vgx2", "sve.bfcvt", "sve.bfcvtnt", "sve.bfmlalt.indexed", "fmopa.s", "fmops.d",
                         "fmla.s.vector.vgx2", "fmls.d.indexed.vgx4", "fadd.s.vgx4", "fsub.d.vgx2",
                         "sve.fp.fadd", "sve.fp.fmul.immediate", "sve.fp.fnmls", "sve.fp.faddv",
                         "sve.int.udivr", "sve.int.uqsub.unpredicated", "sve.int.sdot", "sve.fp.frintx",
                         "sve.fp.facgt", "sve.fp.fcmle.zero", "sve.int.cmphi", "sve.fp.fmla.indexed", "sve.int.udot.indexed", "fclamp.vgx4",
                         "sve.int.and.immediate", "sve.int.dupm", "sve.int.cmplt.immediate", "sve.int.msb", "sve.fp.fnmsb", "sve.int.uzp2", "sve.int.splice", "sve.fp.frsqrts", "fmopa.h", "fmops.h", "sve.int.saddlb", "sve.int.uabdlt", "sve.fp.fscale", "sve.fp.fmulx", "sve.int.revb", "sve.int.rbit", "sve.int.lsl.wide", "sve.int.asr.wide.unpredicated"})
    EXPECT_NE(std::find(ops.begin(), ops.end(), op), ops.end()) << op;
  EXPECT_THROW(suite->set_option("oracle", "spike"), CampaignError);
  EXPECT_FALSE(suite->set_option("colour", "blue"));
}

// Wherever the tests run: the QEMU-checked forms against the vectors
// recorded from QEMU, the others against MPFR.
TEST(Sme2ZaSuite, PassesOnTheStoredVectorsAndMpfr) {
  auto suite = za_suite();
  ASSERT_TRUE(suite->set_option("oracle", "stored"));
  const CampaignResult qemu = run_ops(*suite, "*fmo*", 100);  // BFMOPA, BFMOPS, FMOPA and FMOPS (.S, .D, widening .H)
  EXPECT_EQ(qemu.total_cases(), 800u);
  EXPECT_EQ(qemu.total_failed(), 0u);
  const CampaignResult lal = run_ops(*suite, "bfmlal.vector", 150);
  EXPECT_EQ(lal.total_failed(), 0u);
  const CampaignResult dot = run_ops(*suite, "bf*dot.*", 60);
  EXPECT_EQ(dot.total_cases(), 7u * 60u);
  EXPECT_EQ(dot.total_failed(), 0u);
  const CampaignResult clamp = run_ops(*suite, "fclamp.*", 30);
  EXPECT_EQ(clamp.total_cases(), 60u);
  EXPECT_EQ(clamp.total_failed(), 0u);
  const CampaignResult z = run_ops(*suite, "*bfcvt*", 60);  // 2 SME2 and 2 SVE conversions
  EXPECT_EQ(z.total_cases(), 4u * 60u);
  EXPECT_EQ(z.total_failed(), 0u);
  const CampaignResult sve = run_ops(*suite, "sve.bf[dm]*", 30);
  EXPECT_EQ(sve.total_cases(), 6u * 30u);
  EXPECT_EQ(sve.total_failed(), 0u);
  const CampaignResult mpfr = run_ops(*suite, "fm[ls][as]l.*", 40);  // FMLAL, FMLSL
  EXPECT_EQ(mpfr.total_cases(), 16u * 40u);
  EXPECT_EQ(mpfr.total_failed(), 0u);
  const CampaignResult groups = run_ops(*suite, "f*.[sd].*", 10);  // FMLA, FMLS, FADD, FSUB
  EXPECT_EQ(groups.total_cases(), 32u * 10u);
  EXPECT_EQ(groups.total_failed(), 0u);
  const CampaignResult fp = run_ops(*suite, "sve.[fi][pn]*", 10);  // 78 floating-point, 139 integer forms
  EXPECT_EQ(fp.total_cases(), 217u * 10u);
  EXPECT_EQ(fp.total_failed(), 0u);
}

fs::path copy_vectors(const std::string& tag) {
  const fs::path dir = fs::path(::testing::TempDir()) / ("mlisa_sme2_vectors_" + tag);
  fs::remove_all(dir);
  fs::create_directories(dir / "sme2" / "za");
  fs::copy_file(fs::path(MLISA_SOURCE_DIR) / "tests/vectors/sme2/za/bfmopa.txt", dir / "sme2/za/bfmopa.txt");
  return dir;
}

TEST(Sme2ZaSuite, AStoredMismatchFailsAndStaleInputsAreAnError) {
  const fs::path dir = copy_vectors("mismatch");
  const fs::path file = dir / "sme2/za/bfmopa.txt";
  std::stringstream text;
  text << std::ifstream(file).rdbuf();
  std::string s = text.str();
  // Case 2's digest changed: that case fails with the reproducer.
  const size_t at = s.find("\n2 ");
  ASSERT_NE(at, std::string::npos);
  const size_t digit = s.find('\n', at + 1) - 1;
  s[digit] = s[digit] == '0' ? '1' : '0';
  std::ofstream(file) << s;
  auto suite = za_suite();
  suite->set_option("oracle", "stored");
  suite->set_option("vectors", dir.string());
  const CampaignResult r = run_ops(*suite, "bfmopa", 5);
  const auto& op = r.suites[0].operations[0];
  EXPECT_EQ(op.failed, 1u);
  ASSERT_EQ(op.failures.size(), 1u);
  EXPECT_EQ(op.failures[0].index, 2u);
  EXPECT_NE(op.failures[0].detail.find("mlisa exec --target sme2 --svl 512"), std::string::npos) << op.failures[0].detail;
  // A changed input hash (the generator or an encoding changed): an error.
  const size_t hash = s.find("\n1 ") + 3;
  s[hash] = s[hash] == '0' ? '1' : '0';
  std::ofstream(file) << s;
  auto fresh = za_suite();
  fresh->set_option("oracle", "stored");
  fresh->set_option("vectors", dir.string());
  EXPECT_THROW(run_ops(*fresh, "bfmopa", 5), std::exception);
}

// A few hundred cases of each QEMU-checked form against QEMU itself, at
// every vector length the suite draws (SVL 2048 once in ten cases).
TEST(Sme2ZaSuite, AgreesWithQemu) {
  std::string why;
  if (!qemu_sme2::find_tools(&why)) GTEST_SKIP() << "QEMU oracle not available: " << why;
  auto suite = za_suite();
  ASSERT_TRUE(suite->set_option("oracle", "qemu"));
  const CampaignResult r = run_ops(*suite, "*fmo*", 100);
  const CampaignResult l = run_ops(*suite, "bfmlal.vector", 200);
  const CampaignResult d = run_ops(*suite, "bf*dot.*", 60);
  const CampaignResult z = run_ops(*suite, "*bfcvt*", 40);
  const CampaignResult sve = run_ops(*suite, "sve.bf[dm]*", 40);
  EXPECT_EQ(r.total_cases() + l.total_cases() + d.total_cases() + z.total_cases() + sve.total_cases(), 1820u);
  EXPECT_EQ(r.total_failed() + l.total_failed() + d.total_failed() + z.total_failed() + sve.total_failed(), 0u);
}

// The same for the suite's other forms (the FP multi-vector groups and the
// SVE floating-point and integer forms), a test of its own so that ctest
// runs the two side by side, each well inside its time limit.
TEST(Sme2ZaSuite, GroupsAndSveFormsAgreeWithQemu) {
  std::string why;
  if (!qemu_sme2::find_tools(&why)) GTEST_SKIP() << "QEMU oracle not available: " << why;
  auto suite = za_suite();
  ASSERT_TRUE(suite->set_option("oracle", "qemu"));
  const CampaignResult groups = run_ops(*suite, "f*.[sd].*", 5);
  EXPECT_EQ(groups.total_cases(), 160u);
  EXPECT_EQ(groups.total_failed(), 0u);
  const CampaignResult fp = run_ops(*suite, "sve.[fi][pn]*", 5);
  EXPECT_EQ(fp.total_cases(), 1085u);
  EXPECT_EQ(fp.total_failed(), 0u);
}

}  // namespace
}  // namespace mlisa::test
