// The translator from checked pseudocode to C++ (spec/translate.hpp,
// docs/compiled.md) on the made-up toy target of tests/spec/data/toy and on
// small specs written here: what it emits for a diagram's fields and a fixed
// width, which decodes it keeps between runs, and the pseudocode it refuses
// with the place and the construct named. The positions and widths below are
// worked by hand from the diagrams.
#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "spec/specfile.hpp"
#include "spec/translate.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

namespace mlisa::spec {
namespace {

const BuiltinTable& builtins() { return language_builtins(); }

const std::string kDataDir = std::string(MLISA_SOURCE_DIR) + "/tests/spec/data";

// The toy target's shared file, more shared declarations and one
// instruction written here.
std::unique_ptr<TargetSpec> toy_with(const std::string& instruction, const std::string& shared = "") {
  std::vector<SpecSource> sources;
  for (SpecSource& s : specs_with_dir("toy", kDataDir))
    if (s.path.find("shared.isa") != std::string::npos) sources.push_back(std::move(s));
  if (!shared.empty()) sources.push_back({"isa/toy/shared_extra.isa", shared});
  sources.push_back({"isa/toy/extra.isa", instruction});
  return TargetSpec::load("toy", sources, builtins());
}

int global_slot(const TargetSpec& spec, const std::string& name) {
  for (const GlobalDecl& g : spec.module().globals)
    if (g.name == name) return g.slot;
  return -1;
}

std::string all_parts(const TranslateResult& r) {
  std::string s;
  for (const std::string& p : r.parts) s += p;
  return s;
}

TEST(Translate, FieldsAreSlicedAtTheirDiagramPositionsWithFixedWidths) {
  const auto spec = TargetSpec::load("toy", specs_with_dir("toy", kDataDir), builtins());
  const TranslateResult r = translate(*spec, builtins(), 2);
  ASSERT_EQ(r.parts.size(), 2u);
  EXPECT_EQ(r.encodings, 4u);  // ADD T1 and T2, MOV T1, SWP T1
  const std::string code = all_parts(r);
  // ADD (register) T1: 0 0 0 1 1 0 0 Rm:3 Rn:3 Rd:3 -> Rm <8:6>, Rn <5:3>, Rd <2:0>.
  EXPECT_NE(code.find("rt::B<3> L0 = rt::slice_c<6, 3>(word);"), std::string::npos);
  EXPECT_NE(code.find("rt::B<3> L1 = rt::slice_c<3, 3>(word);"), std::string::npos);
  EXPECT_NE(code.find("rt::B<3> L2 = rt::slice_c<0, 3>(word);"), std::string::npos);
  // ADD T2's S bit: 1 1 1 0 1 0 1 1 0 0 0 S Rn:4 | ... is bit 20 of the 32-bit word.
  EXPECT_NE(code.find("rt::B<1> L0 = rt::slice_c<20, 1>(word);"), std::string::npos);
  // bits(33) sum in the operation is a fixed width, two machine words.
  EXPECT_NE(code.find("rt::B<33> "), std::string::npos);
}

// An instruction whose decode computes `boolean c = <condition>;` and whose
// operation writes all ones or zeros by it.
std::unique_ptr<TargetSpec> toy_reading(const std::string& condition, const std::string& shared = "") {
  return toy_with(R"(instruction CMOV
summary Test: a decode that reads a global.

encoding T1
    diagram 0 1 0 1 0 1 0 0 0 0 0 0 0 Rd:3
    syntax CMOV <Rd>
    operand <Rd> reg R Rd
    decode
        integer d = UInt(Rd);
        boolean c = )" + condition + R"(;

operation
    R[d] = if c then Ones(32) else Zeros(32);
)",
                  shared);
}

// The spec's one decode is kept, and reads only `global` at (lo, width), as
// the table lists it: (global, lo, width) then the end marker -1.
void expect_kept_reading(const TargetSpec& spec, const std::string& global, int lo, int width) {
  const TranslateResult r = translate(spec, builtins(), 1);
  EXPECT_EQ(r.kept, 1u);
  const int slot = global_slot(spec, global);
  ASSERT_GE(slot, 0);
  EXPECT_NE(all_parts(r).find(fmt::format("const int32_t kDecodeReads[] = {{{}, {}, {}, -1,", slot, lo, width)),
            std::string::npos);
}

TEST(Translate, ADecodeThatReadsAGlobalIsKeptAndListsIt) {
  // (0, 0): the whole of a boolean.
  expect_kept_reading(*toy_reading("Carry"), "Carry", 0, 0);
}

TEST(Translate, ADecodeThatReadsAFieldListsOnlyThatField) {
  const auto spec = toy_reading("FLAGS.C == '1'", R"(type FlagsType of bits(32) {
    [31] N,
    [29] C
};

FlagsType FLAGS;
)");
  // C is bit 29, one bit wide.
  expect_kept_reading(*spec, "FLAGS", 29, 1);
}

TEST(Translate, ADecodeThatWritesAGlobalRunsEveryTime) {
  const auto spec = toy_with(R"(instruction SETC
summary Test: a decode that writes the Carry flag.

encoding T1
    diagram 0 1 0 1 0 1 0 0 0 0 0 0 0 0 0 0
    syntax SETC
    decode
        Carry = TRUE;

operation
    R[0] = Zeros(32);
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  EXPECT_EQ(r.kept, 0u);
  EXPECT_NE(all_parts(r).find("kDecodeReads + 0, false}"), std::string::npos);
}

TEST(Translate, AReturnInADecodeIsRefusedWithItsPlace) {
  const auto spec = toy_with(R"(instruction RETD
summary Test: a decode that returns early.

encoding T1
    diagram 0 1 0 1 0 1 0 0 0 0 0 0 0 Rd:3
    syntax RETD <Rd>
    operand <Rd> reg R Rd
    decode
        integer d = UInt(Rd);
        if d == 7 then return;

operation
    R[d] = Zeros(32);
)");
  try {
    translate(*spec, builtins(), 1);
    FAIL() << "translated";
  } catch (const InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("isa/toy/extra.isa:10:"), std::string::npos) << what;
    EXPECT_NE(what.find("cannot compile a return in an encoding's decode"), std::string::npos) << what;
  }
}

// A function over bits(N) called with arguments of a fixed width is
// translated again for that width (its bits(N) then rt::B<8>); a call whose
// width is known only at run time calls the generic one, over Bits.
TEST(Translate, AFunctionOverBitsNIsSpecializedForTheWidthOfItsArguments) {
  const auto spec = toy_with(R"(instruction ROTC
summary Test: a width-generic function called at two widths.

encoding T1
    diagram 0 1 0 1 0 1 0 0 0 0 0 0 0 Rd:3
    syntax ROTC <Rd>
    operand <Rd> reg R Rd
    decode
        integer d = UInt(Rd);

operation
    (bits(8) low, bit c) = ShiftOne(R[d]<7:0>);
    integer n = d + 1;
    (bits(n) wide, bit c2) = ShiftOne(R[d]<n-1:0>);
    R[d] = ZeroExtend(low, 32);
)",
                             R"((bits(N), bit) ShiftOne(bits(N) x)
    bits(N) doubled = x + x;
    return LSL_C(doubled, 1);
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  EXPECT_EQ(r.specializations, 1u);
  const std::string code = all_parts(r);
  int shift_one = -1;
  for (size_t i = 0; i < spec->module().functions.size(); ++i)
    if (spec->module().functions[i]->name == "ShiftOne") shift_one = static_cast<int>(i);
  ASSERT_GE(shift_one, 0);
  const std::string f = "F" + std::to_string(shift_one);
  // The specialization: its parameter, local and result of width 8, N the constant.
  EXPECT_NE(code.find("static std::tuple<rt::B<8>, rt::B<1>> " + f + "_8(rt::Ctx& c, rt::B<8> L1)"), std::string::npos)
      << code;
  EXPECT_NE(code.find("Int L0 = Int(INT64_C(8));"), std::string::npos);
  EXPECT_NE(code.find("rt::B<8> L2{};"), std::string::npos);
  EXPECT_NE(code.find("return rt::LSL_C(L2, Int(INT64_C(1)));"), std::string::npos);
  // The calls: the first at width 8, the second (bits(n)) the generic one over Bits.
  EXPECT_NE(code.find(f + "_8(c, "), std::string::npos);
  EXPECT_NE(code.find("static std::tuple<Bits, rt::B<1>> " + f + "(rt::Ctx& c, const Bits& L1)"), std::string::npos);
  EXPECT_NE(code.find(f + "(c, "), std::string::npos);
}

}  // namespace
}  // namespace mlisa::spec
