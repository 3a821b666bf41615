// mlisa npu gemm, run as a process: results, JSON, files it writes, and the
// error contract (exit 2, one "mlisa: error:" line, never a crash).
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Result {
  int exit_code = -1;
  std::string out, err;
};

std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/mlisa_npu_test_" + std::to_string(::getpid()) + "_" + name;
}

std::string slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  std::ostringstream s;
  s << f.rdbuf();
  return s.str();
}

void spit(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

Result run(const std::vector<std::string>& args) {
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  std::string cmd = quote(MLISA_BINARY) + " npu gemm";
  for (const auto& a : args) cmd += " " + quote(a);
  cmd += " >" + quote(out) + " 2>" + quote(err) + " </dev/null";
  const int status = std::system(cmd.c_str());
  Result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  std::remove(out.c_str());
  std::remove(err.c_str());
  return r;
}

void expect_usage_error(const std::vector<std::string>& args, const std::string& must_contain) {
  Result r = run(args);
  std::string cmd;
  for (const auto& a : args) cmd += " " + a;
  SCOPED_TRACE("mlisa npu gemm" + cmd);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("mlisa: error: ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(must_contain), std::string::npos) << r.err;
}

}  // namespace

TEST(NpuCli, RandomGemmPasses) {
  Result r = run({"--m", "37", "--k", "50", "--n", "21", "--array", "8", "--seed", "5"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("check        PASS"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("utilization"), std::string::npos);
  Result b = run({"--m", "9", "--k", "20", "--n", "11", "--array", "4", "--dtype", "bf16", "--double-buffer"});
  EXPECT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NE(b.out.find("PASS (bit-exact"), std::string::npos) << b.out;
}

TEST(NpuCli, JsonAndTheAnalyticModelAgree) {
  const std::vector<std::string> shape = {"--m", "30", "--k", "17", "--n", "9", "--array", "4", "--double-buffer", "--json"};
  Result c = run(shape);
  ASSERT_EQ(c.exit_code, 0) << c.err;
  auto j = nlohmann::json::parse(c.out);
  for (const char* key : {"cycles", "macs", "utilization", "traffic", "instructions", "ideal_cycles"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j["macs"], 30 * 17 * 9);
  EXPECT_TRUE(j["check"]["passed"].get<bool>());
  for (const char* buf : {"l0a", "l0b", "l0c", "mem"}) EXPECT_TRUE(j["traffic"][buf].contains("read")) << buf;
  bool saw_tmul = false;
  for (const auto& ins : j["instructions"]) {
    EXPECT_TRUE(ins.contains("start") && ins.contains("cycles"));
    if (ins["op"] == "TMUL") {
      saw_tmul = true;
      EXPECT_EQ(ins["cycles"], 30 + 2 * 4 - 1);
    }
  }
  EXPECT_TRUE(saw_tmul);
  std::vector<std::string> an = shape;
  an.insert(an.end(), {"--model", "analytic"});
  Result a = run(an);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  auto ja = nlohmann::json::parse(a.out);
  EXPECT_EQ(ja["cycles"], j["cycles"]);
  EXPECT_EQ(ja["instructions"], j["instructions"]);
  EXPECT_FALSE(ja.contains("check"));
}

// The seed's 2x2 example from CSV files, with the trace, C and the op stream.
TEST(NpuCli, CsvTraceOutAndAsm) {
  const std::string a = temp_path("a.csv"), b = temp_path("b.csv"), c = temp_path("c.csv"), s = temp_path("ops.txt");
  spit(a, "1,2\n3,4\n");
  spit(b, "5,6\n7,8\n");
  Result r = run({"--a", a, "--b", b, "--array", "2", "--trace", "--out", c, "--emit-asm", s});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(c), "19,22\n43,50\n");
  for (const char* cell : {"a00*b00=5", "c00=p+a01*b10=19", "a10*b01=18", "c11=p+a11*b11=50", "c10=43 c01=22"})
    EXPECT_NE(r.out.find(cell), std::string::npos) << cell << "\n" << r.out;
  const std::string ops = slurp(s);
  // The tcore program the run executed.
  EXPECT_NE(ops.find("{ mxu: ldtile l0b[0] }\n    { s0: simm.s32 s4, 8; mxu: tmul l0c[s1], l0a[s1], rows=s2, acc=0 }\n"),
            std::string::npos)
      << ops;
  EXPECT_NE(ops.find("# Run: mlisa run --target tcore --array 2 --dtype int8 FILE\n"), std::string::npos) << ops;
  EXPECT_NE(ops.find("a:\n    .word 0x4030201\nb:\n    .word 0x8070605\nc:\n    .zero 0x10\n"), std::string::npos) << ops;
  // bf16 from decimals and bit patterns.
  spit(a, "1.5,0x4000\n");
  spit(b, "2\n-0.25\n");
  Result f = run({"--a", a, "--b", b, "--array", "2", "--dtype", "bf16", "--out", c});
  ASSERT_EQ(f.exit_code, 0) << f.err;
  EXPECT_EQ(slurp(c), "2.5\n");  // 1.5*2 + 2*-0.25
  for (const auto& p : {a, b, c, s}) std::remove(p.c_str());
}

TEST(NpuCli, Vcd) {
  const std::string v = temp_path("w.vcd");
  Result r = run({"--m", "5", "--k", "6", "--n", "7", "--array", "4", "--vcd", v});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string w = slurp(v);
  EXPECT_EQ(w.rfind("$version", 0), 0u);
  EXPECT_NE(w.find("$timescale 1ns $end"), std::string::npos);
  EXPECT_NE(w.find("$var wire 8 & a_in_0 $end"), std::string::npos) << w.substr(0, 400);
  EXPECT_NE(w.find("c_out_3"), std::string::npos);
  EXPECT_NE(w.find("pe_3_3_psum_reg"), std::string::npos);
  EXPECT_NE(w.find("$enddefinitions $end"), std::string::npos);
  // Time stamps strictly increase.
  std::istringstream in(w);
  std::string line;
  long long last = -1;
  int stamps = 0;
  while (std::getline(in, line))
    if (!line.empty() && line[0] == '#') {
      long long t = std::stoll(line.substr(1));
      EXPECT_GT(t, last);
      last = t;
      ++stamps;
    }
  EXPECT_GT(stamps, 20);
  // GTKWave's converter reads it, where it is installed (Debian package gtkwave).
  if (::access("/usr/bin/vcd2fst", X_OK) == 0) {
    const std::string fst = temp_path("w.fst");
    EXPECT_EQ(std::system(("/usr/bin/vcd2fst " + quote(v) + " " + quote(fst) + " >/dev/null 2>&1").c_str()), 0);
    std::remove(fst.c_str());
  }
  std::remove(v.c_str());
  expect_usage_error({"--m", "1024", "--k", "1024", "--n", "1024", "--array", "16", "--vcd", v}, "--vcd");
}

TEST(NpuCli, BadInputIsExit2) {
  expect_usage_error({"--m", "0", "--k", "4", "--n", "4"}, "must be positive");
  expect_usage_error({"--m", "-3", "--k", "4", "--n", "4"}, "must be positive");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--array", "1"}, "array size 1 is outside 2..256");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--array", "257"}, "outside 2..256");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--array", "8", "--l0b-rows", "7"}, "too few for one B tile");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--l0a-rows", "0"}, "--l0a-rows");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--dtype", "fp8"}, "--dtype");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--model", "exact"}, "--model");
  expect_usage_error({"--m", "4", "--k", "4"}, "--n");
  expect_usage_error({"--m", "x", "--k", "4", "--n", "4"}, "--m");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--array", "16", "--trace"}, "--trace");
  expect_usage_error({"--m", "4", "--k", "4", "--n", "4", "--model", "analytic", "--out", "x.csv"}, "cycle model");
  expect_usage_error({"--a", "/nonexistent/a.csv", "--b", "/nonexistent/b.csv"}, "cannot open");
}

TEST(NpuCli, CsvErrorsHaveLocations) {
  const std::string a = temp_path("bad_a.csv"), b = temp_path("bad_b.csv");
  spit(a, "1,2\n3,400\n");
  spit(b, "1\n2\n");
  Result r = run({"--a", a, "--b", b});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind(a + ":2:3: error: value 400 is outside the int8 range -128..127\n", 0), 0u) << r.err;
  spit(a, "1,2,3\n");
  Result s = run({"--a", a, "--b", b});
  EXPECT_EQ(s.exit_code, 2);
  EXPECT_NE(s.err.find("A is 1x3 but B is 2x1"), std::string::npos) << s.err;
  spit(a, "1,2\n");
  Result t = run({"--a", a, "--b", b, "--m", "2"});
  EXPECT_EQ(t.exit_code, 2);
  EXPECT_NE(t.err.find("--m 2 disagrees with the rows of A (1)"), std::string::npos) << t.err;
  std::remove(a.c_str());
  std::remove(b.c_str());
}
