// `mlisa spec` through the real binary (MLISA_BINARY): eval of pseudocode,
// check, list and show on the toy target of tests/spec/data.
#include <gtest/gtest.h>

#include "support/run_mlisa.hpp"

#include <string>
#include <vector>

namespace {

using mlisa::test::RunResult;

// Runs in the source tree, so that tests/spec/data is a relative path.
struct Output {
  int code;
  std::string out, err;
};

Output mlisa(const std::vector<std::string>& args) {
  const RunResult r = mlisa::test::run_mlisa(args, "", MLISA_SOURCE_DIR);
  return {r.exit_code, r.out, r.err};
}

const std::vector<std::string> kToy = {"--spec-dir", "tests/spec/data", "--target", "toy"};

std::vector<std::string> with_toy(std::vector<std::string> args) {
  args.insert(args.begin() + 2, kToy.begin(), kToy.end());
  return args;
}

TEST(SpecCli, EvalInteger) {
  Output o = mlisa({"spec", "eval", "integer x = 6; x * 7"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "integer 42\n");
  EXPECT_EQ(o.err, "");
}

TEST(SpecCli, EvalConcatenation) {
  Output o = mlisa({"spec", "eval", "'1010' : '0101'"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "bits(8) 0xa5\n");
}

TEST(SpecCli, EvalBuiltin) {
  Output o = mlisa({"spec", "eval", "UInt('1111')"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "integer 15\n");
}

TEST(SpecCli, EvalStatementsOnlyPrintNothing) {
  Output o = mlisa({"spec", "eval", "integer x = 6;"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "");
}

TEST(SpecCli, EvalSyntaxErrorHasCaret) {
  Output o = mlisa({"spec", "eval", "integer x = ;"});
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(o.out, "");
  EXPECT_EQ(o.err.rfind("<eval>:1:13: error: ", 0), 0u) << o.err;
  EXPECT_NE(o.err.find("\ninteger x = ;\n            ^\n"), std::string::npos) << o.err;
}

TEST(SpecCli, EvalUndefined) {
  Output o = mlisa({"spec", "eval", "integer x = 1; UNDEFINED;"});
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(o.err, "mlisa: error: UNDEFINED at <eval>:1:16\n");
}

TEST(SpecCli, EvalAgainstTargetDeclarations) {
  Output o = mlisa(with_toy({"spec", "eval", "R[3] = Ones(32); ShiftedImm('01011010', '1') OR R[3]<31:0>"}));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "bits(32) 0xffffffff\n");
  o = mlisa(with_toy({"spec", "eval", "ShiftedImm('01011010', '1')"}));
  EXPECT_EQ(o.out, "bits(32) 0x00005a00\n");
}

TEST(SpecCli, EvalRuntimeErrorPointsIntoTheSpec) {
  Output o = mlisa(with_toy({"spec", "eval", "R[16]"}));
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("tests/spec/data/toy/shared.isa:9:"), std::string::npos) << o.err;
}

TEST(SpecCli, CheckToy) {
  Output o = mlisa({"spec", "check", "--spec-dir", "tests/spec/data", "--target", "toy"});
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out, "toy: 3 instructions, 4 encodings checked\n");
}

TEST(SpecCli, CheckReportsTheFirstError) {
  Output o = mlisa({"spec", "check", "--spec-dir", "tests/spec/data/broken"});
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(o.err,
            "tests/spec/data/broken/bad/op.isa:5:5: error: diagram is 15 bits wide; an encoding is a whole number of "
            "bytes, at most 128 bits (16 or 32 for T32, 32 for A64)\n"
            "    diagram 0 0 1 Rd:3 imm:9\n"
            "    ^\n");
}

TEST(SpecCli, UnknownTarget) {
  Output o = mlisa({"spec", "list", "--spec-dir", "tests/spec/data", "--target", "nope"});
  EXPECT_EQ(o.code, 2);
  EXPECT_NE(o.err.find("mlisa: error: unknown target 'nope' (expected "), std::string::npos) << o.err;
  EXPECT_NE(o.err.find("toy"), std::string::npos) << o.err;
}

TEST(SpecCli, ListToy) {
  Output o = mlisa(with_toy({"spec", "list"}));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_EQ(o.out,
            "ADD (register)   T1, T2  Adds two registers and writes the sum to a third.\n"
            "MOV (immediate)  T1      Writes an 8-bit constant, optionally shifted left by 8, to a register.\n"
            "SWP (pair)       T1      Swaps the two registers of an even-odd pair.\n");
  o = mlisa(with_toy({"spec", "list", "--json"}));
  EXPECT_EQ(o.code, 0) << o.err;
  EXPECT_NE(o.out.find("\"name\": \"MOV (immediate)\""), std::string::npos) << o.out;
}

TEST(SpecCli, ShowDrawsTheDiagram) {
  Output o = mlisa(with_toy({"spec", "show", "MOV (immediate)"}));
  EXPECT_EQ(o.code, 0) << o.err;
  // diagram 0 0 1 0 sh Rd:3 imm8:8, bit 15 on the left.
  const std::string box =
      "    +-----------------------------------------------+\n"
      "    |15 14 13 12 11 10  9  8  7  6  5  4  3  2  1  0|\n"
      "    +--+--+--+--+--+--------+-----------------------+\n"
      "    | 0| 0| 1| 0|sh|   Rd   |          imm8         |\n"
      "    +--+--+--+--+--+--------+-----------------------+\n";
  EXPECT_NE(o.out.find(box), std::string::npos) << o.out;
  EXPECT_EQ(o.out.rfind("MOV (immediate)\nWrites an 8-bit constant", 0), 0u) << o.out;
  EXPECT_NE(o.out.find("    MOV{<c>}{<q>} <Rd>, #<imm>{, LSL #<shift>}\n"), std::string::npos);
  EXPECT_NE(o.out.find("    <shift>  table sh '0'=0 '1'=8\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("    Decode\n        integer d = UInt(Rd);\n"), std::string::npos) << o.out;
  EXPECT_NE(o.out.find("\nOperation\n    R[d] = imm32;\n"), std::string::npos) << o.out;
}

TEST(SpecCli, ShowShouldBeBitsAndHalfwords) {
  Output o = mlisa(with_toy({"spec", "show", "ADD"}));  // the only ADD
  EXPECT_EQ(o.code, 0) << o.err;
  // Each halfword numbered 15..0, as the Armv8-M manual draws a 32-bit T32 encoding.
  EXPECT_NE(o.out.find("| 15  14  13  12  11  10   9   8   7   6   5   4   3   2   1   0| 15  14"), std::string::npos)
      << o.out;
  EXPECT_NE(o.out.find("| 1 | 1 | 1 | 0 | 1 | 0 | 1 | 1 | 0 | 0 | 0 | S |       Rn      |(0)|(0)|(0)|(0)|"),
            std::string::npos)
      << o.out;
}

TEST(SpecCli, ShowUnknownInstruction) {
  Output o = mlisa(with_toy({"spec", "show", "XYZ"}));
  EXPECT_EQ(o.code, 2);
  EXPECT_EQ(o.err,
            "mlisa: error: unknown instruction 'XYZ' in target toy (expected ADD (register), MOV (immediate), SWP "
            "(pair))\n");
}

}  // namespace
