// The mve hazards suite (src/verify/mve_hazard_suite.cpp): the required
// pairs recomputed here from the PRM rows, every required pair's cases
// decoded here and their dependence checked against the PRM, the suite on
// its stored vectors (always: tests/vectors/mve/hazards) and through QEMU
// (skipped when qemu-system-arm or arm-none-eabi-gcc is absent).
#include "targets/mve/machine.hpp"
#include "verify/campaign.hpp"
#include "verify/mve_hazards.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/report.hpp"
#include "verify/suite.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace mlisa::test {
namespace {

using namespace mlisa::verify;
namespace mh = mlisa::verify::mve_hazards;

const targets::mve::Target& mve() {
  static const targets::mve::Target t = targets::mve::load();
  return t;
}

const prm::Matrix& matrix() {
  static const prm::Matrix m = prm::build(*mve().spec);
  return m;
}

const mh::Plan& the_plan() {
  static const mh::Plan p = mh::plan(matrix(), *mve().isa);
  return p;
}

// The state a pair can share, by the architecture: S[k] is a quarter of
// Q[k/4], D[k] half of Q[k/2]; general-purpose registers the encoding
// names; FPSCR but its loop field LTPSIZE; P0; the VPT mask fields.
std::string shared_state(const prm::Access& a) {
  if (a.role != prm::Role::Data) return "";
  if (a.cls == "Q" || a.cls == "S" || a.cls == "D") return "Q";
  if (a.cls == "R") return a.index.kind == prm::Index::Kind::Field ? "R" : "";
  if (a.cls == "FPSCR" || (a.cls.rfind("FPSCR.", 0) == 0 && a.cls != "FPSCR.LTPSIZE")) return "FPSCR";
  if (a.cls == "VPR.P0") return "P0";
  if (a.cls == "VPR.MASK01" || a.cls == "VPR.MASK23") return "MASK";
  return "";
}

bool share(const std::vector<prm::Access>& x, const std::vector<prm::Access>& y) {
  for (const auto& a : x)
    for (const auto& b : y)
      if (!shared_state(a).empty() && shared_state(a) == shared_state(b)) return true;
  return false;
}

// A VPT block holds predicable MVE instructions only: no VPT, no scalar
// (FEAT_FP) VMAXNM/VMINNM.
bool fits_a_vpt_block(const prm::Row& r) {
  return r.inst->name.rfind("VPT", 0) != 0 && r.inst->name != "VMAXNM (floating-point)" &&
         r.inst->name != "VMINNM (floating-point)";
}

// Concrete registers (class, number) of a decoded word by its PRM row.
std::set<std::pair<std::string, int64_t>> registers(const prm::Row& row, uint32_t word, bool writes) {
  std::set<std::pair<std::string, int64_t>> out;
  for (const auto& a : writes ? row.writes : row.reads) {
    const std::string c = shared_state(a);
    if (c.empty()) continue;
    int64_t n = -1;
    if (c == "Q" || c == "R") {
      uint64_t v = 0;
      for (const auto& name : a.index.fields) {
        const auto* f = row.enc->field(name);
        EXPECT_NE(f, nullptr) << row.key() << " " << name;
        if (f) v = v << f->width | ((word >> f->lo) & ((1u << f->width) - 1));
      }
      n = static_cast<int64_t>(v) * a.index.scale + a.index.offset;
      if (a.cls == "S") n /= 4;
      if (a.cls == "D") n /= 2;
    }
    out.insert({c, n});
  }
  return out;
}

bool depends(mh::Kind kind, const prm::Row& p, uint32_t pw, const prm::Row& c, uint32_t cw) {
  const auto x = registers(p, pw, kind != mh::Kind::WAR), y = registers(c, cw, kind == mh::Kind::WAW);
  for (const auto& a : x)
    for (const auto& b : y)
      if (a.first == b.first && (a.second < 0 || b.second < 0 || a.second == b.second)) return true;
  return false;
}

TEST(MveHazardPairs, EveryMlFormIsANode) {
  const auto& p = the_plan();
  std::set<std::string> keys;
  for (const auto& n : p.nodes) keys.insert(n.key);
  size_t forms = 0;
  for (const auto& n : p.nodes) forms += n.forms.size();
  const auto all = mve::ml_forms();
  const auto ml = std::count_if(all.begin(), all.end(), [](const mve::Form& f) { return !mve::is_elementwise_arith(f); });
  EXPECT_EQ(forms, static_cast<size_t>(ml)) << "every ML form; VADD/VSUB/VMUL are the ml suite's only";
  EXPECT_EQ(all.size() - static_cast<size_t>(ml), 30u);
  for (const char* key : {"VMAX/T1", "VMINNM (vector)/T1", "VMAXNM (floating-point)/T1", "VMLADAV/T2", "VCMP/T6",
                          "VPT (floating-point)/T2", "VPNOT/T1", "VCTP/T1", "VMINAV/T1"})
    EXPECT_TRUE(keys.count(key)) << key;
  EXPECT_EQ(keys.count("VMOV (vector lane to general-purpose register)/T1"), 0u) << "not an ML instruction";
  EXPECT_EQ(keys.count("VADD/T1"), 0u) << "not an ML instruction";
}

TEST(MveHazardPairs, RequiredPairsAreThePrmIntersections) {
  const auto& p = the_plan();
  const auto& m = matrix();
  std::set<std::tuple<std::string, std::string, int>> expected, excluded, got;
  for (const auto& a : p.nodes)
    for (const auto& b : p.nodes) {
      const prm::Row &ra = m.rows[a.row], &rb = m.rows[b.row];
      const bool kinds[3] = {share(ra.writes, rb.reads), share(ra.reads, rb.writes), share(ra.writes, rb.writes)};
      for (int k = 0; k < 3; ++k) {
        if (!kinds[k]) continue;
        const bool forbidden = ra.inst->name.rfind("VPT", 0) == 0 && !fits_a_vpt_block(rb);
        (forbidden ? excluded : expected).insert({a.key, b.key, k});
      }
    }
  for (const auto& r : p.required)
    EXPECT_TRUE(got.insert({p.nodes[static_cast<size_t>(r.producer)].key, p.nodes[static_cast<size_t>(r.consumer)].key,
                            static_cast<int>(r.kind)})
                    .second)
        << "a pair twice";
  EXPECT_EQ(got, expected);
  EXPECT_EQ(p.excluded.size(), excluded.size());
  // A vector max writes Q, which a vector max reads: RAW both ways, and WAW.
  EXPECT_TRUE(expected.count({"VMAX/T1", "VMIN/T1", 0}));
  EXPECT_TRUE(expected.count({"VMAXV/T1", "VMLADAV/T1", 0})) << "R[Rda] into the accumulator";
  EXPECT_TRUE(expected.count({"VCMP/T1", "VMAX/T1", 0})) << "P0 predicates the consumer";
  EXPECT_TRUE(expected.count({"VMAX/T1", "VCMP/T1", 1})) << "the compare writes P0 the max read";
  EXPECT_TRUE(excluded.count({"VPT/T1", "VPT/T2", 0}));
}

// Every required pair, plain and predicated: the words decode to the pair's
// two encodings, back to back, with the dependence the pair names.
TEST(MveHazardPairs, EveryRequiredPairIsCovered) {
  const auto& p = the_plan();
  const auto& m = matrix();
  const auto& isa = *mve().isa;
  size_t same = 0, predicated = 0, checked = 0;
  for (const auto& pair : p.required)
    for (uint64_t variant : {0, 1}) {
      const mh::PairCase pc = mh::make_case(m, isa, p, pair, variant, 1);
      ASSERT_TRUE(pc.confirmed) << pc.g.text;
      std::vector<uint32_t> words;
      size_t start = 0;
      const std::string& t = pc.g.text;
      for (size_t k = 0; k <= t.size(); ++k)
        if (k == t.size() || t[k] == ';') {
          std::string one = t.substr(start, k - start);
          while (!one.empty() && one.front() == ' ') one.erase(0, 1);
          words.push_back(static_cast<uint32_t>(isa.assemble(one).word.low64()));
          start = k + 1;
        }
      ASSERT_LT(pc.producer_word + 1, words.size()) << t;
      const uint32_t pw = words[pc.producer_word], cw = words[pc.producer_word + 1];
      const spec::InstructionSpec *pi = nullptr, *ci = nullptr;
      const spec::Encoding* pe = isa.decode(spec::Bits(32, pw), &pi);
      const spec::Encoding* ce = isa.decode(spec::Bits(32, cw), &ci);
      ASSERT_TRUE(pe && ce) << t;
      const prm::Row* pr = m.find(pi->name, pe->name);
      const prm::Row* cr = m.find(ci->name, ce->name);
      ASSERT_TRUE(pr && cr) << t;
      EXPECT_EQ(pr->key(), p.nodes[static_cast<size_t>(pair.producer)].key) << t;
      EXPECT_EQ(cr->key(), p.nodes[static_cast<size_t>(pair.consumer)].key) << t;
      EXPECT_TRUE(depends(pair.kind, *pr, pw, *cr, cw)) << hazards::kind_name(pair.kind) << ": " << t;
      same += pc.g.cls.find("+same") != std::string::npos;
      predicated += pc.g.cls.find("+pred") != std::string::npos;
      ++checked;
    }
  EXPECT_EQ(checked, 2 * p.required.size());
  EXPECT_GT(same, p.required.size() / 4) << "a register both source and destination of the consumer";
  EXPECT_GT(predicated, p.required.size() / 4) << "pairs in VPST/VPT blocks";
}

std::unique_ptr<Suite> hazard_suite() {
  for (auto& s : registered_suites())
    if (s && s->target() == "mve" && s->name() == "hazards") return std::move(s);
  return nullptr;
}

CampaignResult run_ops(const Suite& suite, const std::string& pattern) {
  auto sel = select_operations({&suite}, pattern);
  CampaignOptions o;
  o.jobs = 2;
  return run_campaign(sel, o);
}

void expect_all_covered(const CampaignResult& r) {
  ASSERT_EQ(r.suites.size(), 1u);
  for (const auto& op : r.suites[0].operations) {
    ASSERT_EQ(op.counts.size(), 2u) << op.name;
    EXPECT_EQ(op.counts[0].first, "pairs_required");
    EXPECT_EQ(op.counts[1].first, "pairs_covered");
    EXPECT_GT(op.counts[0].second, 0u) << op.name;
    EXPECT_EQ(op.counts[0].second, op.counts[1].second) << op.name;
    EXPECT_EQ(op.cases, 2 * op.counts[0].second) << op.name << ": plain and predicated";
  }
}

TEST(MveHazardSuite, OperationsAreKindsTimesFamilies) {
  auto suite = hazard_suite();
  ASSERT_TRUE(suite);
  const auto ops = suite->operations();
  for (const char* name : {"raw.max", "war.across", "waw.vcmp", "raw.vpt", "raw.scalar", "war.mladav", "waw.pred"})
    EXPECT_NE(std::find(ops.begin(), ops.end(), name), ops.end()) << name;
  size_t required = 0;
  for (size_t op = 0; op < ops.size(); ++op) required += suite->operation_counts(op, 0, 1).at(0).second;
  EXPECT_EQ(required, the_plan().required.size());
}

// Runs wherever the tests run: the results recorded from QEMU.
TEST(MveHazardSuite, PassesOnTheStoredVectors) {
  auto suite = hazard_suite();
  ASSERT_TRUE(suite->set_option("oracle", "stored"));
  const CampaignResult r = run_ops(*suite, "r*.m*");  // raw.max, raw.maxnm, raw.maxa, raw.mladav
  expect_all_covered(r);
  EXPECT_GE(r.total_cases(), 300u);
  EXPECT_EQ(r.total_failed(), 0u);
  const std::string table = format_tables(r, 10);
  EXPECT_NE(table.find("pairs_required  pairs_covered  cases"), std::string::npos) << table;
  const auto j = report_to_json(r);
  EXPECT_EQ(j["suites"][0]["operations"][0]["pairs_required"], r.suites[0].operations[0].counts[0].second);
}

TEST(MveHazardSuite, PassesAgainstQemu) {
  std::string why;
  if (!qemu_mve::find_tools(&why)) GTEST_SKIP() << why;
  auto suite = hazard_suite();
  ASSERT_TRUE(suite->set_option("oracle", "qemu"));
  const CampaignResult r = run_ops(*suite, "*.pred");
  expect_all_covered(r);
  EXPECT_GE(r.total_cases(), 200u);
  EXPECT_EQ(r.total_failed(), 0u);
}

}  // namespace
}  // namespace mlisa::test
