// The GEMM as a tcore program (src/targets/tcore/program.hpp): the emitted
// program assembles, runs on the machine with the MXU model, gives the
// reference result and the analytic model's schedule; `mlisa as` and
// `mlisa run` reproduce the numbers of `mlisa npu gemm`.
#include "tcore_fixture.hpp"

#include "core/diag.hpp"
#include "sim/gemm.hpp"
#include "support/run_mlisa.hpp"
#include "targets/tcore/program.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

namespace mlisa::test {
namespace {

struct Shape {
  int64_t m, k, n;
  int array;
  sim::DType dtype;
  bool double_buffer;
  uint32_t l0a = 8192, l0b = 2048, l0c = 2048;
};

TEST(TcoreGemmProgram, SeveralShapesRunToTheReference) {
  const Shape shapes[] = {
      {2, 2, 2, 2, sim::DType::Int8, false},
      {37, 50, 21, 8, sim::DType::Int8, false},
      {30, 17, 9, 4, sim::DType::Int8, true},
      {20, 40, 12, 4, sim::DType::Int8, true, 16, 8, 8},  // K chunks and M blocks
      {5, 3, 2, 2, sim::DType::BF16, false},
      {9, 40, 20, 16, sim::DType::BF16, true},
      {13, 29, 7, 4, sim::DType::BF16, false, 12, 8, 5},
  };
  uint64_t seed = 1;
  for (const Shape& s : shapes) {
    SCOPED_TRACE(fmt::format("{}x{}x{} on {}, {}{}", s.m, s.k, s.n, s.array, sim::dtype_name(s.dtype),
                             s.double_buffer ? " db" : ""));
    sim::NpuConfig c;
    c.n = s.array;
    c.dtype = s.dtype;
    c.double_buffer = s.double_buffer;
    c.l0a_rows = s.l0a;
    c.l0b_rows = s.l0b;
    c.l0c_rows = s.l0c;
    c.dma_latency = static_cast<uint32_t>(seed % 3 * 7);
    const sim::Gemm g = sim::random_gemm(s.dtype, s.m, s.k, s.n, seed++);
    const sim::GemmPlan plan = sim::plan_gemm(c, s.m, s.k, s.n);
    const auto run = targets::tcore::run_gemm_program(*tcore().isa, plan, g, "test");
    const sim::GemmCheck check = sim::check_gemm(g, run.c, c.n);
    EXPECT_TRUE(check.ok) << check.first_mismatch;
    // The analytic model and the direct op stream give the same schedule.
    const sim::RunStats& st = run.machine->mxu().stats();
    const sim::RunStats an = sim::analytic_run(c, plan.mem_bytes, plan.ops);
    const sim::GemmRun direct = sim::run_gemm(c, g);
    EXPECT_EQ(st.cycles, an.cycles);
    EXPECT_EQ(direct.c, run.c);
    EXPECT_EQ(direct.stats.flags, st.flags);
    ASSERT_EQ(st.ops.size(), an.ops.size());
    for (size_t i = 0; i < st.ops.size(); ++i) {
      EXPECT_EQ(st.ops[i].start, an.ops[i].start) << i;
      EXPECT_EQ(st.ops[i].cycles, an.ops[i].cycles) << i;
      EXPECT_EQ(st.ops[i].flags, direct.stats.ops[i].flags) << i;
    }
    EXPECT_EQ(st.l0c.read, an.l0c.read);
    EXPECT_EQ(st.mem.write, an.mem.write);
    EXPECT_EQ(run.machine->bundles_executed, run.program.bundles);
  }
}

std::string temp(const std::string& name) {
  return (std::getenv("TMPDIR") && *std::getenv("TMPDIR") ? std::string(std::getenv("TMPDIR")) : std::string("/tmp")) +
         "/mlisa_tcore_gemm_" + std::to_string(::getpid()) + "_" + name;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

TEST(TcoreGemmProgram, AsAndRunReproduceNpuGemm) {
  struct Case {
    std::vector<std::string> shape, mxu;
  };
  const Case cases[] = {
      {{"--m", "30", "--k", "17", "--n", "9", "--seed", "3"}, {"--array", "4", "--double-buffer"}},
      {{"--m", "11", "--k", "20", "--n", "6", "--seed", "4"},
       {"--array", "2", "--dtype", "bf16", "--l0b-rows", "4", "--l0a-rows", "9", "--dma-latency", "5"}},
  };
  for (const Case& c : cases) {
    const std::string s = temp("g.s"), elf = temp("g.elf");
    std::vector<std::string> npu = {"--json", "npu", "gemm", "--emit-asm", s};
    npu.insert(npu.end(), c.shape.begin(), c.shape.end());
    npu.insert(npu.end(), c.mxu.begin(), c.mxu.end());
    const RunResult g = run_mlisa(npu);
    ASSERT_EQ(g.exit_code, 0) << g.err;
    const auto jg = nlohmann::json::parse(g.out);
    EXPECT_TRUE(jg["check"]["passed"].get<bool>());
    const RunResult a = run_mlisa({"as", "--target", "tcore", "-o", elf, s});
    ASSERT_EQ(a.exit_code, 0) << a.err;
    for (const std::string& file : {s, elf}) {
      std::vector<std::string> run = {"--json", "run", "--target", "tcore"};
      run.insert(run.end(), c.mxu.begin(), c.mxu.end());
      run.push_back(file);
      const RunResult r = run_mlisa(run);
      ASSERT_EQ(r.exit_code, 0) << file << ": " << r.err;
      const auto jr = nlohmann::json::parse(r.out);
      EXPECT_EQ(jr["cycles"], jg["cycles"]) << file;
      EXPECT_EQ(jr["bundles_executed"], jg["bundles_executed"]) << file;
      ASSERT_EQ(jr["instructions"].size(), jg["instructions"].size());
      for (size_t i = 0; i < jr["instructions"].size(); ++i)
        for (const char* key : {"op", "bundle", "text", "mxu", "start", "cycles"})
          EXPECT_EQ(jr["instructions"][i][key], jg["instructions"][i][key]) << file << " " << i << " " << key;
      EXPECT_EQ(jr["traffic"], jg["traffic"]);
    }
    // The program says how to run it.
    const std::string text = slurp(s);
    EXPECT_NE(text.find("# Run: mlisa run --target tcore --array"), std::string::npos);
    std::remove(s.c_str());
    std::remove(elf.c_str());
  }
}

TEST(TcoreGemmProgram, RunFaultsExit3WithTheirName) {
  const std::string s = temp("bad.s");
  std::ofstream(s) << "    .text\n    { s0: simm.s32 s1, 8000; s1: simm.s32 s2, 500 }\n"
                      "    { mxu: tmul l0c[s0], l0a[s1], rows=s2, acc=0 }\n    { misc: halt }\n";
  const RunResult r = run_mlisa({"run", "--target", "tcore", s});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("MXU fault"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("bundle 1 (0x00000040), slot mxu: 'tmul l0c[s0], l0a[s1], rows=s2, acc=0': L0A rows "
                       "8000..8499 exceed its depth of 8192 rows"),
            std::string::npos)
      << r.err;
  std::ofstream(s) << "    .text\n    { s0: simm.s32 s1, 1 }\n";
  const RunResult p = run_mlisa({"run", "--target", "tcore", s});
  EXPECT_EQ(p.exit_code, 3);
  EXPECT_NE(p.err.find("Prefetch fault"), std::string::npos) << p.err;
  const RunResult u = run_mlisa({"run", "--target", "tcore", "--array", "1", s});
  EXPECT_EQ(u.exit_code, 2) << u.err;
  std::remove(s.c_str());
}

}  // namespace
}  // namespace mlisa::test
