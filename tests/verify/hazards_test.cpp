// Hazard programs from the PRM (src/verify/hazards.hpp): Eulerian circuits on
// small graphs, the tcore program assembles, and the independent checker
// agrees with the generator (and disagrees once the program is damaged).
#include "support/run_mlisa.hpp"
#include "targets/targets.hpp"
#include "verify/hazards.hpp"
#include "verify/prm.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>

namespace mlisa::test {
namespace {

namespace hz = verify::hazards;

// Every edge of the graph appears exactly once as consecutive vertices.
void expect_covers_every_edge(const std::vector<std::vector<int>>& succ) {
  const auto circuits = hz::euler_circuits(succ);
  std::multiset<std::pair<int, int>> seen, want;
  size_t edges = 0, vertices = 0;
  for (size_t v = 0; v < succ.size(); ++v)
    for (int w : succ[v]) want.insert({static_cast<int>(v), w}), ++edges;
  for (const auto& c : circuits) {
    ASSERT_FALSE(c.empty());
    EXPECT_EQ(c.front(), c.back());  // a circuit
    vertices += c.size();
    for (size_t i = 0; i + 1 < c.size(); ++i) seen.insert({c[i], c[i + 1]});
  }
  EXPECT_EQ(seen, want);
  // One instruction per edge plus one per component, against two per edge
  // when each pair is emitted on its own.
  EXPECT_EQ(vertices, edges + circuits.size());
}

TEST(Hazards, EulerCircuitOfCompleteDigraphsWithLoops) {
  for (int n = 1; n <= 7; ++n) {
    std::vector<std::vector<int>> succ(static_cast<size_t>(n));
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) succ[static_cast<size_t>(i)].push_back(j);
    expect_covers_every_edge(succ);
    const auto c = hz::euler_circuits(succ);
    ASSERT_EQ(c.size(), 1u);
    EXPECT_EQ(c[0].size(), static_cast<size_t>(n * n + 1));  // vs 2 n^2 for the pairs one by one
  }
}

TEST(Hazards, EulerCircuitsOfSymmetricGraphsWithSeveralComponents) {
  // 0 <-> 1 <-> 2 with a loop on 2; 3 <-> 4; 5 isolated.
  std::vector<std::vector<int>> succ = {{1}, {0, 2}, {1, 2}, {4}, {3}, {}};
  expect_covers_every_edge(succ);
  EXPECT_EQ(hz::euler_circuits(succ).size(), 2u);
}

struct Tcore {
  targets::LoadedTarget t = targets::load_bundle_target("tcore");
  verify::prm::Matrix m = verify::prm::build(*t.spec);
};
const Tcore& tcore() {
  static const Tcore t;
  return t;
}

TEST(Hazards, RequiredPairsFollowThePrm) {
  const auto& t = tcore();
  const hz::Plan p = hz::plan(t.m, *t.t.isa, 0, 0);
  std::map<std::string, int> id;
  for (size_t i = 0; i < p.nodes.size(); ++i) id[p.nodes[i].name] = static_cast<int>(i);
  auto req = [&](const char* a, const char* b, hz::Kind k) { return p.required.count({id.at(a), id.at(b), k, 0}) == 1; };
  // sadd writes S, vadd reads S (through vs0..vs2): RAW one way, WAR the other.
  EXPECT_TRUE(req("SADD/Sadd@s0", "VADD/Vadd@v1", hz::Kind::RAW));
  EXPECT_FALSE(req("SADD/Sadd@s0", "VADD/Vadd@v1", hz::Kind::WAR));
  EXPECT_TRUE(req("VADD/Vadd@v1", "SADD/Sadd@s0", hz::Kind::WAR));
  // vst writes memory, vld reads it; the scalar base address is not a data operand.
  EXPECT_TRUE(req("VST/Vst@vls", "VLD/VldBase@vls", hz::Kind::RAW));
  EXPECT_FALSE(req("SADD/Sadd@s0", "VST/Vst@vls", hz::Kind::RAW));
  // Compares write P; only they do.
  EXPECT_TRUE(req("SCMP.EQ/Scmpeq@s0", "SCMP.LT/Scmplt@s1", hz::Kind::WAW));
  EXPECT_FALSE(id.count("BR/Br@misc"));
}

TEST(Hazards, TcoreProgramCoversEveryPairAndTheCheckerIsIndependent) {
  const auto& t = tcore();
  std::vector<as::Word> words;
  const hz::Result r = hz::run(t.m, *t.t.isa, 0, 1, {}, &words);
  EXPECT_GT(r.coverage.required, 2000u);
  EXPECT_EQ(r.coverage.covered.size(), r.coverage.required);
  EXPECT_EQ(r.program.unobserved, 0u);
  // About one test instruction per ordered node pair, against two.
  EXPECT_LT(r.program.test_instructions * 10, r.baseline_instructions * 6);
  // Damage the program: an empty bundle in the middle of the first Euler
  // segment (past the setup and the probes) breaks the pairs around it, and
  // the checker sees it.
  const hz::Plan p = hz::plan(t.m, *t.t.isa, 0, 1);
  auto damaged = words;
  damaged[words.size() / 4] = t.t.isa->isa.empty_word();
  const hz::Coverage c = hz::check(t.m, *t.t.isa, p, damaged);
  EXPECT_LT(c.covered.size(), c.required);
}

TEST(Hazards, CliWritesAProgramThatAssembles) {
  const std::string dir = std::filesystem::temp_directory_path() / "mlisa_hazards_test";
  std::filesystem::create_directories(dir);
  const std::string src = dir + "/h.s";
  auto r = run_mlisa({"gen", "hazards", "--target", "tcore", "--gaps", "0-2", "--seed", "7", "-o", src, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["pairs_covered"], j["pairs_required"]);
  EXPECT_GT(j["instructions"].get<int>(), 0);
  EXPECT_GT(j["instructions_per_pair"].get<double>(), 0.0);
  auto as = run_mlisa({"as", "--target", "tcore", src, "-o", dir + "/h.o"});
  EXPECT_EQ(as.exit_code, 0) << as.err;
  auto bad = run_mlisa({"gen", "hazards", "--target", "tcore", "--gaps", "3-1"});
  EXPECT_EQ(bad.exit_code, 2);
}

}  // namespace
}  // namespace mlisa::test

namespace mlisa::test {
namespace {

TEST(Hazards, IsaLevelRunDumpsTheResultsRegion) {
  const std::string dir = std::filesystem::temp_directory_path() / "mlisa_hazards_run";
  std::filesystem::create_directories(dir);
  auto a = run_mlisa({"gen", "hazards", "--target", "tcore", "--run", "--json", "--dump", dir + "/d.txt"});
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto ja = nlohmann::json::parse(a.out);
  EXPECT_EQ(ja["run"]["bundles"], ja["bundles"]);  // straight-line code: every bundle once, then HALT
  auto b = run_mlisa({"gen", "hazards", "--target", "tcore", "--run", "--json"});
  EXPECT_EQ(nlohmann::json::parse(b.out)["run"], ja["run"]);  // reproducible
  auto c = run_mlisa({"gen", "hazards", "--target", "tcore", "--run", "--json", "--seed", "9"});
  EXPECT_NE(nlohmann::json::parse(c.out)["run"]["results_fnv1a"], ja["run"]["results_fnv1a"]);
  // The first stored value: sadd s1, s1, s1 of the initial s1, in all 16 lanes.
  std::ifstream dump(dir + "/d.txt");
  std::string addr, lane0, lane1;
  dump >> addr >> lane0 >> lane1;
  EXPECT_EQ(addr, "00010000:");
  EXPECT_EQ(lane0, lane1);
}

}  // namespace
}  // namespace mlisa::test
