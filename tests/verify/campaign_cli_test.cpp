// Runs the real mlisa binary: usage errors of `mlisa verify` and a report
// written and merged end to end.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <sstream>
#include <nlohmann/json.hpp>

#include <sys/wait.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

namespace fs = std::filesystem;

struct Process {
  int exit_code = -1;
  std::string out;  // stdout and stderr together
};

// Arguments split on spaces (none of these tests needs a space inside one).
Process mlisa(const std::string& args) {
  std::vector<std::string> argv;
  std::istringstream words(args);
  for (std::string w; words >> w;) argv.push_back(w);
  const mlisa::test::RunResult r = mlisa::test::run_mlisa(argv);
  return {r.exit_code, r.out + r.err};
}

void expect_one_line_error(const Process& r, int code) {
  EXPECT_EQ(r.exit_code, code) << r.out;
  EXPECT_EQ(r.out.rfind("mlisa: error: ", 0), 0u) << r.out;
  ASSERT_FALSE(r.out.empty());
  EXPECT_EQ(r.out.find('\n'), r.out.size() - 1) << r.out;
}

TEST(CampaignCli, MalformedShardIsAUsageError) {
  expect_one_line_error(mlisa("verify --shard 0/2"), 2);
  expect_one_line_error(mlisa("verify --shard 3/2"), 2);
  expect_one_line_error(mlisa("verify --shard x"), 2);
}

TEST(CampaignCli, UnknownSuiteIsAUsageError) {
  Process r = mlisa("verify --suite no-such-suite");
  expect_one_line_error(r, 2);
  EXPECT_NE(r.out.find("valid:"), std::string::npos);
}

TEST(CampaignCli, MergeOfAMissingReportIsAnInputError) {
  fs::path out = fs::path(::testing::TempDir()) / "mlisa_cli_merge_missing";
  expect_one_line_error(mlisa("verify merge --report " + out.string() + " /nonexistent/dir"), 2);
}

TEST(CampaignCli, ShardsWriteReportsThatMerge) {
  fs::path base = fs::path(::testing::TempDir()) / "mlisa_cli_shards";
  fs::remove_all(base);
  for (int k = 1; k <= 2; ++k) {
    // The mve suites on QEMU's stored results (ml, hazards, examples): the
    // whole campaign on QEMU takes minutes on a loaded 2-core machine, and
    // the shards are the same code for every suite. The isa suite has no
    // stored results (its cases follow the specs), so it is left out.
    Process r = mlisa("verify --target mve --oracle stored --skip-suite isa --cases 200 --jobs 2 --shard " +
                      std::to_string(k) + "/2 --report " +
                  (base / std::to_string(k)).string());
    EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << r.out;
    EXPECT_TRUE(fs::exists(base / std::to_string(k) / "index.html"));
  }
  Process m = mlisa("--json verify merge --report " + (base / "all").string() + " " + (base / "1").string() + " " +
                (base / "2").string());
  EXPECT_TRUE(m.exit_code == 0 || m.exit_code == 1) << m.out;
  std::ifstream in(base / "all" / "report.json");
  nlohmann::json j = nlohmann::json::parse(in);
  EXPECT_EQ(j["shard"]["n"], 1);
  for (const auto& suite : j["suites"])
    for (const auto& op : suite["operations"]) EXPECT_EQ(op["cases"], 200) << op["name"];
}

}  // namespace
