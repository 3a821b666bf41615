// The PRM derived from the specs (src/verify/prm.hpp): rows of tcore
// instructions worked out by hand from their spec text, index tracing on a
// made-up target, the message for a data-dependent index, and overrides.
#include "core/diag.hpp"
#include "spec/specfile.hpp"
#include "support/run_mlisa.hpp"
#include "targets/targets.hpp"
#include "verify/prm.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

using verify::prm::Matrix;
using verify::prm::Row;

std::string data_dir(const std::string& name) { return std::string(MLISA_SOURCE_DIR) + "/tests/verify/data/" + name; }

std::unique_ptr<spec::TargetSpec> load(const std::string& target, std::optional<std::string> dir = std::nullopt) {
  return spec::TargetSpec::load(target, spec::specs_with_dir(target, dir), targets::all_builtins());
}

std::vector<std::string> texts(const std::vector<verify::prm::Access>& v) {
  std::vector<std::string> out;
  for (const auto& a : v) out.push_back(a.text());
  std::sort(out.begin(), out.end());
  return out;
}

using V = std::vector<std::string>;

const Row& row(const Matrix& m, const std::string& inst, const std::string& enc = "") {
  const Row* r = m.find(inst, enc);
  if (!r) throw std::runtime_error("no row " + inst);
  return *r;
}

TEST(Prm, TcoreScalarRowsFromTheSpecText) {
  auto ts = load("tcore");
  const Matrix m = verify::prm::build(*ts);
  // sadd.isa: S[UInt(d)] = S[UInt(x)] + y, y = ScalarY(ysel, sy, ...): ScalarY
  // reads S[UInt(sy)] in its `when 10` arm; SlotEnabled reads P[UInt(pred)].
  const Row& sadd = row(m, "SADD");
  EXPECT_EQ(sadd.units, (V{"s0", "s1"}));
  EXPECT_EQ(texts(sadd.reads), (V{"P[pred] (guard)", "S[sy] if ysel=10", "S[x]"}));
  EXPECT_EQ(texts(sadd.writes), (V{"S[d]"}));
  // The operand holding each field, from the operand lines.
  for (const auto& a : sadd.reads) {
    if (a.cls == "S" && a.index.fields == V{"x"}) EXPECT_EQ(a.operand, "<Sx>");
    if (a.cls == "S" && a.index.fields == V{"sy"}) EXPECT_EQ(a.operand, "<y>");
  }
  // scmp_eq.isa: P[UInt(pd)] = S[UInt(x)] == y.
  EXPECT_EQ(texts(row(m, "SCMP.EQ").writes), (V{"P[pd]"}));
  // simm_w.isa: S[UInt(d)] = imm1:imm0 reads no register.
  EXPECT_EQ(texts(row(m, "SIMM.W").reads), (V{"P[pred] (guard)"}));
  // smov.isa: S[UInt(d)] = y.
  EXPECT_EQ(texts(row(m, "SMOV").reads), (V{"P[pred] (guard)", "S[sy] if ysel=10"}));
}

TEST(Prm, TcoreVectorAndMemoryRows) {
  auto ts = load("tcore");
  const Matrix m = verify::prm::build(*ts);
  // vadd.isa: b = VectorY(ysel, py, vs0, vs1, vs2, ...): V[UInt(py)] when
  // ysel is 0, else VectorScalar: S[UInt(vs0)] when 1, vs1 when 2, vs2 when 3.
  const Row& vadd = row(m, "VADD");
  EXPECT_EQ(vadd.units, (V{"v0", "v1"}));
  EXPECT_EQ(texts(vadd.reads), (V{"P[pred] (guard)", "S[vs0] if ysel=1", "S[vs1] if ysel=2", "S[vs2] if ysel=3",
                                  "V[px]", "V[py] if ysel=0"}));
  EXPECT_EQ(texts(vadd.writes), (V{"V[pd]"}));
  EXPECT_EQ(texts(row(m, "VMOV").reads), (V{"P[pred] (guard)", "V[px]"}));
  // vst.isa: Mem[address + e * stride] = Elem[V[UInt(pr)], e, 32]; the address
  // from VectorBase(bsel, ...), the <base> of the mem operand <addr>.
  const Row& vst = row(m, "VST");
  EXPECT_EQ(vst.units, (V{"vls"}));
  EXPECT_EQ(texts(vst.reads), (V{"P[pred] (guard)", "S[vs0] if bsel=0 (address)", "S[vs1] if bsel=1 (address)",
                                 "S[vs2] if bsel=2 (address)", "V[pr]"}));
  EXPECT_EQ(texts(vst.writes), (V{"Mem"}));
  EXPECT_EQ(texts(row(m, "VLD", "VldBase").writes), (V{"V[pr]"}));
  EXPECT_EQ(m.classes.at("Mem"), verify::prm::ClassKind::Memory);
  // br.isa: BranchTaken = TRUE; BranchTarget = target:'000000'.
  EXPECT_EQ(texts(row(m, "BR").writes), (V{"BranchTaken", "BranchTarget"}));
  EXPECT_EQ(m.classes.at("BranchTaken"), verify::prm::ClassKind::Global);
  // The matrix unit's builtins are seen but not analysed.
  EXPECT_EQ(row(m, "LDTILE").natives, (V{"MxuLoadTile"}));
}

TEST(Prm, BlocksAreEqualRegisterSets) {
  auto ts = load("tcore");
  const Matrix m = verify::prm::build(*ts);
  bool found = false;
  for (const auto& [set, rows] : m.blocks()) {
    if (set != std::set<std::string>{"Mem", "V"}) continue;
    found = true;
    EXPECT_EQ(rows.size(), 3u);  // VLD (two encodings), VST
  }
  EXPECT_TRUE(found);
}

TEST(Prm, IndicesTracedThroughDecodeVariables) {
  auto ts = load("toyprm", data_dir("prm_toy"));
  const Matrix m = verify::prm::build(*ts);
  // d = UInt(Rd); R[d] = ...
  EXPECT_EQ(texts(row(m, "ADD").reads), (V{"R[Rm]", "R[Rn]"}));
  EXPECT_EQ(texts(row(m, "ADD").writes), (V{"FLAGS.Z", "R[Rd]"}));
  EXPECT_EQ(texts(row(m, "LDR").reads), (V{"Mem", "R[Rn]"}));
  // Fixed indices and a loop over the whole file.
  EXPECT_EQ(texts(row(m, "LINK", "T1").reads), (V{"R[15]"}));
  EXPECT_EQ(texts(row(m, "LINK", "T1").writes), (V{"R[14]"}));
  EXPECT_EQ(texts(row(m, "CLRALL").writes), (V{"R[0..15]"}));
  EXPECT_EQ(row(m, "ADD").units, (V{"core"}));
}

TEST(Prm, DataDependentIndexNamesTheInstructionAndTheOverrideFile) {
  auto ts = load("toyprm", data_dir("prm_bad"));
  try {
    verify::prm::build(*ts);
    FAIL();
  } catch (const InputError& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find("ldx.isa:14:12: error: PRM analysis: instruction LDX (encoding T1) indexes R with a value "
                     "computed from data"),
              std::string::npos)
        << w;
    EXPECT_NE(w.find("prm_bad/shared_prm.isa"), std::string::npos) << w;
    EXPECT_NE(w.find("R[UInt(R[m]<3:0>)]"), std::string::npos) << w;  // the source line, with a caret
  }
  // The CLI: exit 2 with the same message.
  auto r = run_mlisa({"gen", "prm", "--target", "toyprm", "--spec-dir", data_dir("prm_bad")});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("instruction LDX (encoding T1)"), std::string::npos) << r.err;
}

TEST(Prm, OverridesRefineRowsAndMustSayWhy) {
  auto ts = load("toyprm", data_dir("prm_bad_fixed"));
  const Matrix m = verify::prm::build(*ts);
  EXPECT_EQ(texts(row(m, "LDX").reads), (V{"R[*] (override)", "R[Rm]"}));
  ASSERT_EQ(row(m, "LDX").overrides.size(), 1u);
  auto bad = load("toyprm", data_dir("prm_no_reason"));
  try {
    verify::prm::build(*bad);
    FAIL();
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("say why"), std::string::npos) << e.what();
  }
  // tcore's matrix unit and DMA, refined by an override file given with --spec-dir.
  auto tc = load("tcore", data_dir("tcore_prm"));
  const Matrix t = verify::prm::build(*tc);
  EXPECT_EQ(texts(row(t, "DMA.LD").writes), (V{"L0[buf] (override)"}));
  EXPECT_TRUE(row(t, "DMA.LD").natives.empty());
  EXPECT_EQ(t.classes.at("Mem"), verify::prm::ClassKind::Memory);
}

TEST(Prm, CliTextCsvJson) {
  auto text = run_mlisa({"gen", "prm", "--target", "tcore"});
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("SADD/Sadd"), std::string::npos);
  auto csv = run_mlisa({"gen", "prm", "--target", "tcore", "--csv"});
  ASSERT_EQ(csv.exit_code, 0);
  EXPECT_EQ(csv.out.substr(0, csv.out.find('\n')), "instruction,encoding,units,reads,writes,notes");
  auto json = run_mlisa({"gen", "prm", "--target", "tcore", "--json"});
  ASSERT_EQ(json.exit_code, 0);
  auto j = nlohmann::json::parse(json.out);
  EXPECT_EQ(j["target"], "tcore");
  EXPECT_GE(j["rows"].size(), 31u);
}

}  // namespace
}  // namespace mlisa::test
