// The command line conventions: --version and --help exit 0; every bad command
// line exits 2 with exactly one line "mlisa: error: ..." on stderr, nothing on
// stdout, and never a signal (abort, uncaught exception).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "support/run_mlisa.hpp"

using mlisa::test::run_mlisa;

TEST(Cli, VersionPrintsNameAndVersion) {
  auto r = run_mlisa({"--version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(std::regex_match(r.out, std::regex("mlisa [0-9]+\\.[0-9]+\\.[0-9]+\n"))) << r.out;
  EXPECT_EQ(r.err, "");
}

TEST(Cli, HelpListsSubcommands) {
  auto r = run_mlisa({"--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("fp"), std::string::npos);
  EXPECT_NE(r.out.find("verify"), std::string::npos);
  EXPECT_EQ(r.err, "");
}

TEST(Cli, SubcommandHelp) {
  auto r = run_mlisa({"fp", "--help"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--fpcr"), std::string::npos);
  EXPECT_NE(r.out.find("muladd"), std::string::npos);
  EXPECT_EQ(r.err, "");
}

namespace {

// The error contract for a bad command line.
void expect_usage_error(const std::vector<std::string>& args, const std::string& must_contain = "") {
  auto r = run_mlisa(args);
  std::string cmd;
  for (auto& a : args) cmd += " " + a;
  SCOPED_TRACE("mlisa" + cmd);
  EXPECT_EQ(r.signal, 0);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  auto lines = r.err_lines();
  ASSERT_EQ(lines.size(), 1u) << r.err;
  EXPECT_EQ(lines[0].rfind("mlisa: error: ", 0), 0u) << lines[0];
  EXPECT_EQ(r.err.back(), '\n');
  if (!must_contain.empty()) {
    EXPECT_NE(lines[0].find(must_contain), std::string::npos) << lines[0];
  }
}

}  // namespace

TEST(Cli, NoSubcommand) { expect_usage_error({}); }
TEST(Cli, UnknownSubcommand) { expect_usage_error({"frobnicate"}, "frobnicate"); }
TEST(Cli, UnknownGlobalOption) { expect_usage_error({"--bogus"}, "--bogus"); }
TEST(Cli, UnknownSubcommandOption) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--bogus"}, "--bogus"); }

TEST(FpErrors, MissingOp) { expect_usage_error({"fp"}); }
TEST(FpErrors, UnknownOp) { expect_usage_error({"fp", "fma", "f32", "0x0", "0x0"}, "fma"); }
TEST(FpErrors, MissingFormat) { expect_usage_error({"fp", "add"}); }
TEST(FpErrors, UnknownFormat) { expect_usage_error({"fp", "add", "f33", "0x0", "0x0"}, "f33"); }
TEST(FpErrors, IntegerFormatForArithmetic) { expect_usage_error({"fp", "add", "s32", "0x0", "0x0"}, "s32"); }
TEST(FpErrors, MissingOperand) { expect_usage_error({"fp", "add", "f32", "0x3f800000"}); }
TEST(FpErrors, MissingThirdOperand) { expect_usage_error({"fp", "muladd", "f32", "0x0", "0x0"}); }
TEST(FpErrors, TooManyOperands) { expect_usage_error({"fp", "sqrt", "f32", "0x0", "0x0"}); }
TEST(FpErrors, FarTooManyOperands) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "0x0", "0x0"}); }
TEST(FpErrors, MalformedHex) { expect_usage_error({"fp", "add", "f32", "0x3f8g0000", "0x0"}, "0x3f8g0000"); }
TEST(FpErrors, EmptyHex) { expect_usage_error({"fp", "add", "f32", "0x", "0x0"}); }
TEST(FpErrors, MalformedOperand) { expect_usage_error({"fp", "add", "f32", "one", "0x0"}, "one"); }
TEST(FpErrors, TooWideF16) { expect_usage_error({"fp", "add", "f16", "0x1ffff", "0x0"}, "0x1ffff"); }
TEST(FpErrors, TooWideF32) { expect_usage_error({"fp", "add", "f32", "0x100000000", "0x0"}); }
TEST(FpErrors, TooWideBeyond64Bits) { expect_usage_error({"fp", "abs", "f64", "0x10000000000000000"}); }
TEST(FpErrors, TooWideIntegerSource) { expect_usage_error({"fp", "cvt.s32.f32", "0x100000000"}); }
TEST(FpErrors, DecimalIntegerOutOfRange) { expect_usage_error({"fp", "cvt.s32.f32", "2147483648"}); }
TEST(FpErrors, NegativeUnsigned) { expect_usage_error({"fp", "cvt.u32.f32", "--", "-1"}); }
TEST(FpErrors, CvtFormatMismatch) { expect_usage_error({"fp", "cvt.f32.f16", "f64", "0x3f800000"}, "f64"); }
TEST(FpErrors, CvtUnknownType) { expect_usage_error({"fp", "cvt.f32.f8", "0x3f800000"}, "f8"); }
TEST(FpErrors, CvtMalformed) { expect_usage_error({"fp", "cvt.f32", "0x3f800000"}); }
TEST(FpErrors, CvtIntToInt) { expect_usage_error({"fp", "cvt.s32.u32", "0x1"}); }
TEST(FpErrors, FpcrUnknownField) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "XZ=1"}, "XZ"); }
TEST(FpErrors, FpcrRModeOutOfRange) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "RMode=4"}); }
TEST(FpErrors, FpcrBitOutOfRange) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "DN=2"}); }
TEST(FpErrors, FpcrMalformedValue) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "FZ=yes"}); }
TEST(FpErrors, FpcrMissingValue) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr"}); }
TEST(FpErrors, FpcrUnmodelledRawBits) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "0x1"}); }
TEST(FpErrors, FpcrRawTooWide) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--fpcr", "0x100000000"}); }
TEST(FpErrors, UnknownRounding) { expect_usage_error({"fp", "add", "f32", "0x0", "0x0", "--rounding", "up"}, "up"); }
TEST(FpErrors, NegativeSpecialNeedsSeparator) { expect_usage_error({"fp", "neg", "f32", "-inf"}, "--"); }
TEST(FpErrors, BatchWithOperands) { expect_usage_error({"fp", "--batch", "add"}); }

// An object written to a device (`-o /dev/null`, as scripts check that a file
// assembles) is written, not refused: libelf cannot size a device's output.
TEST(Cli, AsWritesAnObjectToDevNull) {
  const std::string src = ::testing::TempDir() + "devnull.s";
  {
    std::ofstream f(src);
    f << "\tmovs r0, #1\n\tvadd.i32 q0, q1, q2\n";
  }
  auto r = run_mlisa({"as", "--target", "mve", src, "-o", "/dev/null"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
}
