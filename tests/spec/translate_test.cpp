// The translator from checked pseudocode to C++ (spec/translate.hpp,
// docs/compiled.md) on the made-up toy target of tests/spec/data/toy and on
// small specs written here: what it emits for a diagram's fields and a fixed
// width, which decodes it keeps between runs, and the pseudocode it refuses
// with the place and the construct named. The positions and widths below are
// worked by hand from the diagrams.
#include "core/diag.hpp"
#include "spec/compiled_rt.hpp"
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

// The generated name of a pseudocode function (F<index>), or "".
std::string function_name(const TargetSpec& spec, const std::string& name) {
  for (size_t i = 0; i < spec.module().functions.size(); ++i)
    if (spec.module().functions[i]->name == name) return "F" + std::to_string(i);
  return "";
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

// A test instruction NAME of one T1 encoding with a register field Rd
// (`d = UInt(Rd)`), more decode lines and its operation (lines indented as
// a spec page has them).
std::string rd_instruction(const std::string& name, const std::string& decode_more, const std::string& operation) {
  return fmt::format(R"(instruction {0}
summary Test.

encoding T1
    diagram 0 1 0 1 0 1 0 0 0 0 0 0 0 Rd:3
    syntax {0} <Rd>
    operand <Rd> reg R Rd
    decode
        integer d = UInt(Rd);
{1}
operation
{2})",
                     name, decode_more, operation);
}

// An integer the ranges bound to 64 bits (spec/int_ranges.hpp) is an int64_t,
// computed without checks; one they do not stays an Int, computed with
// overflow checks. A function's integer parameter is bounded by its callers
// and by what a machine may pass (32 bits), which its thunk checks.
TEST(Translate, IntegersTheRangesBoundAreComputedIn64Bits) {
  const auto spec = toy_with(rd_instruction("SUMS", "",
                                            "    integer lanes = d + 1;\n"
                                            "    integer wide = UInt(R[d]) * UInt(R[d]) * 4;\n"
                                            "    integer sum = Twice(lanes) + wide;\n    R[d] = sum<31:0>;\n"),
                             "integer Twice(integer x)\n    return 2 * x;\n");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  // Rd is slot 0, d 1, lanes 2, wide 3: d in [0, 7], lanes in [1, 8], wide up to 4 (2^32 - 1)^2.
  EXPECT_NE(code.find("int64_t L1{};"), std::string::npos) << code;
  EXPECT_NE(code.find("int64_t L2{};"), std::string::npos);
  EXPECT_NE(code.find("L2 = (L1 + INT64_C(1));"), std::string::npos);
  EXPECT_NE(code.find("Int L3{};"), std::string::npos);
  EXPECT_NE(code.find("L3 = rt::conv<Int>(rt::mul("), std::string::npos);
  const std::string twice = function_name(*spec, "Twice");
  EXPECT_NE(code.find("static inline Int " + twice + "(rt::Ctx& c, int64_t L0)"), std::string::npos);
  EXPECT_NE(code.find("return Int((INT64_C(2) * L0));"), std::string::npos);
  EXPECT_NE(code.find("int64_t a0 = rt::external_int(rt::conv<Int>(a[0]), INT64_C(-2147483648), "
                      "INT64_C(2147483647), \"Twice\", \"x\");"),
            std::string::npos);
}

// A short function without loops (at most six statements) is inlined
// always, so that an instruction body does not pay a call for an accessor;
// one with a loop is not.
TEST(Translate, AShortFunctionWithoutLoopsIsDeclaredInline) {
  const auto spec = toy_with(rd_instruction("SHORT", "", "    R[d] = ZeroExtend(Count(R[d])<7:0> : Bump(R[d])<23:0>, 32);\n"),
                             "bits(32) Bump(bits(32) x)\n    return x + 1;\n\n"
                             "bits(32) Count(bits(32) x)\n    bits(32) n = Zeros(32);\n    for i = 0 to 31\n"
                             "        if x<i> == '1' then\n            n = n + 1;\n    return n;\n");
  const std::string code = all_parts(translate(*spec, builtins(), 1));
  EXPECT_NE(code.find("[[maybe_unused, gnu::always_inline]] static inline rt::B<32> " + function_name(*spec, "Bump") +
                      "(rt::Ctx& c, rt::B<32> L0)"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("static rt::B<32> " + function_name(*spec, "Count") + "(rt::Ctx& c, rt::B<32> L0)"),
            std::string::npos);
}

// A function of up to 16 statements without loops is inlined always when a
// short function calls it (what the short one passes then folds into it,
// as CurrentCond() into ConditionHolds); called only from elsewhere, it is not.
TEST(Translate, AFunctionAShortOneCallsIsInlinedToo) {
  const std::string eight = "    bits(32) y = x;\n    y = y + 1;\n    y = y + 2;\n    y = y + 3;\n    y = y + 4;\n"
                            "    y = y + 5;\n    y = y + 6;\n    return y;\n";
  const auto spec = toy_with(rd_instruction("WRAPPED", "", "    R[d] = Wrap(R[d]) + Lone(R[d]);\n"),
                             "bits(32) Wrap(bits(32) x)\n    return Pick(x);\n\n"
                             "bits(32) Pick(bits(32) x)\n" + eight + "\n"
                             "bits(32) Lone(bits(32) x)\n" + eight);
  const std::string code = all_parts(translate(*spec, builtins(), 1));
  EXPECT_NE(code.find("[[maybe_unused, gnu::always_inline]] static inline rt::B<32> " + function_name(*spec, "Pick") +
                      "(rt::Ctx& c, rt::B<32> L0)"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("[[maybe_unused]] static rt::B<32> " + function_name(*spec, "Lone") + "(rt::Ctx& c, rt::B<32> L0)"),
            std::string::npos);
}

// An FP operation on fixed-width bits (and booleans) calls the builtin's
// words entry with the words and widths, without Values; on bits of a width
// known only at run time it is bridged.
TEST(Translate, FloatingPointOperationsOnFixedWidthsPassWords) {
  const auto spec = toy_with(rd_instruction("FADD", "", "    R[d] = FPAdd(R[d], R[d], R[d]);\n"
                                                      "    R[d] = FPMulAdd(R[d], R[d], R[d], TRUE);\n"
                                                      "    R[d] = ZeroExtend(FPNeg(R[d]<d+7:0>), 32);\n"));
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  EXPECT_NE(code.find("rt::words<32>(c, "), std::string::npos) << code;
  EXPECT_NE(code.find(".v}, {32, 32, 32})"), std::string::npos);
  EXPECT_NE(code.find("uint64_t{true}}, {32, 32, 32, 0})"), std::string::npos);
  EXPECT_EQ(r.typed.at("FPAdd"), 1u);
  EXPECT_EQ(r.typed.at("FPMulAdd"), 1u);
  EXPECT_EQ(r.bridged.at("FPNeg"), 1u);  // bits(d + 8): not fixed
}

// The run-time's element accesses of a wide vector (sme2's bits(VL), a
// Bits): an element inside one word read and written there, the others and
// every error as the interpreter's Elem (elem_get, elem_set).
TEST(Translate, ElementsOfAWideVectorAreReadAndWrittenInTheirWord) {
  Bits v(512, 0);
  for (uint32_t i = 0; i < 8; ++i) v.set_word(i, 0x0123456789abcdefull + i);
  EXPECT_EQ(rt::Elem_c<16>(v, 4).v, 0xcdf0u);               // word 1, bits 15:0
  EXPECT_EQ(rt::Elem_c<16>(v, 7).v, 0x0123u);               // word 1, bits 63:48
  EXPECT_EQ(rt::Elem_c<32>(v, 15).v, 0x01234567u);          // word 7, bits 63:32
  EXPECT_EQ(rt::Elem_c<8>(v, 63).v, 0x01u);
  EXPECT_EQ(rt::Elem_c<16>(v, 5).v, elem_get(v, 5, 16).low64());
  EXPECT_THROW(rt::Elem_c<16>(v, 32), RuntimeError);         // past the vector
  rt::SetElem(v, 9, 16, Bits(16, 0xbeef));                  // word 2, bits 31:16
  EXPECT_EQ(v.word(2), (0x0123456789abcdefull + 2) & ~0xffff0000ull | 0xbeef0000ull);
  rt::SetElem(v, 7, 64, Bits(64, 0x1122334455667788ull));
  EXPECT_EQ(v.word(7), 0x1122334455667788ull);
  EXPECT_EQ(v.word(6), 0x0123456789abcdefull + 6);
  EXPECT_THROW(rt::SetElem(v, 32, 16, Bits(16, 1)), RuntimeError);
  EXPECT_THROW(rt::SetElem(v, 0, 16, Bits(8, 1)), RuntimeError);  // not of the element size
}

TEST(Translate, AMachinesIntegerArgumentBeyondThirtyTwoBitsIsRefused) {
  EXPECT_EQ(rt::external_int(Int{-5}, INT32_MIN, INT32_MAX, "F", "x"), -5);
  try {
    rt::external_int(Int{1} << 40, INT32_MIN, INT32_MAX, "VPTAdvance", "beat");
    FAIL() << "not refused";
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("VPTAdvance called with beat = 1099511627776"), std::string::npos) << e.what();
  }
}

// Globals of fixed types (bits up to 128, boolean, integer, enumeration) and
// arrays of them with constant bounds are members of the generated Globals
// struct, read and written there; a record, or bits wider than 128, stays a
// Value in c.g.
TEST(Translate, GlobalsOfFixedTypesAreHeldAsMachineWords) {
  const auto spec = toy_with(rd_instruction("GLOB", "",
                                            "    Wide = Zeros(256);\n    Count = Count + 1;\n    Pair.a = Count;\n"
                                            "    Lanes[d] = R[d]<7:0>;\n    Carry = IsZero(Lanes[2]);\n"),
                             "bits(256) Wide;\ninteger Count;\narray bits(8) Lanes[2..5];\n"
                             "type PairType is (\n    integer a\n)\nPairType Pair;\n");
  const std::string code = all_parts(translate(*spec, builtins(), 1));
  const int r = global_slot(*spec, "_R"), carry = global_slot(*spec, "Carry"), wide = global_slot(*spec, "Wide"),
            count = global_slot(*spec, "Count"), lanes = global_slot(*spec, "Lanes"), pair = global_slot(*spec, "Pair");
  for (const auto& [slot, member] : {std::pair{r, "rt::Arr<rt::B<32>, 0, 16>"}, {carry, "bool"}, {count, "Int"},
                                     {lanes, "rt::Arr<rt::B<8>, 2, 4>"}})
    EXPECT_NE(code.find(fmt::format("  {} g{}{{}};", member, slot)), std::string::npos) << member << "\n" << code;
  EXPECT_EQ(code.find(fmt::format(" g{}{{}};", wide)), std::string::npos);
  EXPECT_EQ(code.find(fmt::format(" g{}{{}};", pair)), std::string::npos);
  EXPECT_NE(code.find(fmt::format("rt::put(rt::aref(G(c).g{}, ", lanes)), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("rt::aget(G(c).g{}, Int(INT64_C(2)))", lanes)), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("rt::put(G(c).g{}, ", count)), std::string::npos) << code;
  // Only the load and the store of the typed globals name them in c.g.
  EXPECT_NE(code.find(fmt::format("rt::store(c.g[{}], ", wide)), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("c.g[{}]", pair)), std::string::npos) << code;
  for (int slot : {r, carry, count, lanes}) {
    size_t uses = 0;
    for (size_t at = code.find(fmt::format("c.g[{}]", slot)); at != std::string::npos;
         at = code.find(fmt::format("c.g[{}]", slot), at + 1))
      ++uses;
    EXPECT_EQ(uses, 2u) << "global " << slot << " outside LoadTyped and StoreTyped";
  }
}

// A record whose fields all have C++ types is a struct while it is a local
// or an argument (no Value, so no allocation: SME2's AccessDescriptor); a
// global record stays a Value, and the assignment to it converts. The
// conversions keep the record's type and fields.
TEST(Translate, ARecordOfTypedFieldsIsAStructUntilItMeetsAValue) {
  const auto spec = toy_with(rd_instruction("REC", "",
                                            "    PairType p;\n    p.a = d;\n    p.b = TRUE;\n"
                                            "    if p.b then Pair = p;\n"),
                             "type PairType is (\n    integer a,\n    boolean b\n)\nPairType Pair;\n");
  const std::string code = all_parts(translate(*spec, builtins(), 1));
  const int pair = global_slot(*spec, "Pair");
  EXPECT_NE(code.find("rt::Rec<Int, bool> L"), std::string::npos) << code;
  EXPECT_NE(code.find("std::get<0>("), std::string::npos) << code;
  EXPECT_NE(code.find("std::get<1>("), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("rt::store(c.g[{}], ", pair)), std::string::npos) << code;
  EXPECT_EQ(code.find("rt::field_ref("), std::string::npos) << code;

  const RecordType* type = spec->module().records.at(0);
  const rt::Rec<Int, bool> r{type, {Int{7}, true}};
  const Value v = rt::conv<Value>(r);
  ASSERT_EQ(v.kind(), ValueKind::Record);
  EXPECT_EQ(v.record_type(), type);
  ASSERT_EQ(v.elems().size(), 2u);
  EXPECT_EQ(v.elems()[0].as_int(), 7);
  EXPECT_TRUE(v.elems()[1].as_bool());
  const auto back = rt::conv<rt::Rec<Int, bool>>(v);
  EXPECT_EQ(back.type, type);
  EXPECT_EQ(std::get<0>(back.f), 7);
  EXPECT_TRUE(std::get<1>(back.f));
  using PairRec = rt::Rec<Int, bool>;
  EXPECT_THROW(rt::conv<PairRec>(Value::integer(1)), RuntimeError);
}

// An instruction whose decode computes `boolean c = <condition>;` and whose
// operation writes all ones or zeros by it.
std::unique_ptr<TargetSpec> toy_reading(const std::string& condition, const std::string& shared = "") {
  return toy_with(rd_instruction("CMOV", "        boolean c = " + condition + ";\n",
                                  "    R[d] = if c then Ones(32) else Zeros(32);\n"),
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
  const auto spec = toy_with(
      rd_instruction("RETD", "        if d == 7 then return;\n", "    R[d] = Zeros(32);\n"));
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
  const auto spec = toy_with(rd_instruction("ROTC", "", R"(    (bits(8) low, bit c) = ShiftOne(R[d]<7:0>);
    integer n = d + 1;
    (bits(n) wide, bit c2) = ShiftOne(R[d]<n-1:0>);
    R[d] = ZeroExtend(low, 32);
)"),
                             R"((bits(N), bit) ShiftOne(bits(N) x)
    bits(N) doubled = x + x;
    return LSL_C(doubled, 1);
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  EXPECT_EQ(r.specializations, 1u);
  const std::string code = all_parts(r);
  const std::string f = function_name(*spec, "ShiftOne");
  ASSERT_FALSE(f.empty());
  // The specialization: its parameter, local and result of width 8, N the constant.
  EXPECT_NE(code.find("static inline std::tuple<rt::B<8>, rt::B<1>> " + f + "_8(rt::Ctx& c, rt::B<8> L1)"), std::string::npos)
      << code;
  EXPECT_NE(code.find("int64_t L0 = INT64_C(8);"), std::string::npos);  // a width: bounded, 64 bits
  EXPECT_NE(code.find("rt::B<8> L2{};"), std::string::npos);
  EXPECT_NE(code.find("return rt::LSL_C(L2, Int(INT64_C(1)));"), std::string::npos);
  // The calls: the first at width 8, the second (bits(n)) the generic one over Bits.
  EXPECT_NE(code.find(f + "_8(c, "), std::string::npos);
  EXPECT_NE(code.find("static inline std::tuple<Bits, rt::B<1>> " + f + "(rt::Ctx& c, const Bits& L1)"), std::string::npos);
  EXPECT_NE(code.find(f + "(c, "), std::string::npos);
}

// An operation whose widths come from decode-time integers (esize = 8 <<
// UInt(size): 8, 16, 32 or 64) is translated once per value besides the
// generic body, which stays for any other value; the helper it passes esize to
// is specialized in turn, so its bits(esize) is fixed-width. An integer the
// decode takes from a function call has no values known when generating.
TEST(Translate, AnOperationIsSpecializedForTheValuesItsDecodeGivesAWidth) {
  const auto spec = toy_with(R"(instruction LANES
summary Test: an element size from the decode.

encoding T1
    diagram 0 1 0 1 0 1 1 0 0 0 0 0 size:2 Rd:2
    syntax LANES <Rd>
    operand <Rd> reg R Rd
    decode
        integer d = UInt(Rd);
        integer esize = 8 << UInt(size);
        integer other = Twice(UInt(size));

operation
    R[d] = Low(R[d], esize, other);
)",
                             R"(integer Twice(integer x)
    return 2 * x;

bits(32) Low(bits(32) x, integer esize, integer other)
    bits(esize) part = x<esize-1:0>;
    bits(other) unused = Zeros(other);
    return ZeroExtend(part, 32);
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  const std::string f = function_name(*spec, "Low");
  ASSERT_FALSE(f.empty());
  // The encoding is the only one (toy_with keeps the toy's shared file only).
  // Its esize is slot 3 (Rd, size, d, esize: fields first, then the decode's
  // locals); `other` (slot 4) has no known values, so only esize is bound.
  for (int v : {8, 16, 32, 64}) {
    const int variant = v == 8 ? 0 : v == 16 ? 1 : v == 32 ? 2 : 3;
    EXPECT_NE(code.find(fmt::format("if (s.L3 == Int(INT64_C({}))) return X0_{}(c, s);", v, variant)),
              std::string::npos)
        << code;
    EXPECT_NE(code.find(fmt::format("static void X0_{}(rt::Ctx& c, const S0& s)", variant)), std::string::npos);
    // The helper for that esize: the parameter a constant, its bits(esize) local fixed-width.
    const std::string name = fmt::format("{}_esize{}", f, v);
    // The integer parameters are bounded (esize by its calls' values and what a
    // machine may pass, other by Twice's results): int64_t.
    const size_t at = code.find("static inline rt::B<32> " + name + "(rt::Ctx& c, rt::B<32> L0, int64_t, int64_t L2)");
    ASSERT_NE(at, std::string::npos) << name;
    const std::string body = code.substr(at, code.find("\n}\n", at) - at);
    EXPECT_NE(body.find(fmt::format("const int64_t L1 = INT64_C({});", v)), std::string::npos) << body;
    if (v <= 32) EXPECT_NE(body.find(fmt::format("rt::B<{}> L3{{}};", v)), std::string::npos) << body;
    EXPECT_NE(body.find("Bits L4{};"), std::string::npos) << body;  // bits(other): not known
  }
  EXPECT_EQ(code.find("X0_4("), std::string::npos);
  // The generic body after the dispatch, for any other value.
  EXPECT_NE(code.find(f + "(c, "), std::string::npos);
}

// A setter whose value is bits(8*size) is specialized where its call gives
// size a value (MemA[address, 1] = value<7:0> writes a B<8>), and passes the
// bound size on to the setter it calls, as a getter does; a size known only
// at run time calls the generic setter over Bits. A builtin setter's
// arguments are not written (only Elem's vector is), so `size` stays a
// parameter that decides a width.
TEST(Translate, ASetterIsSpecializedForTheSizeItsCallGives) {
  const auto spec = toy_with(rd_instruction("PUT", "", "    Put[R[d], 2] = R[d]<15:0>;\n    Put[R[d], d] = R[d]<8*d-1:0>;\n"),
                             R"(bits(64) Store;

Put[bits(32) address, integer size] = bits(8*size) value
    Low[address, size] = value;

Low[bits(32) address, integer size] = bits(8*size) value
    Elem[Store, 0, 8*size] = value;
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  const std::string put = function_name(*spec, "Put"), low = function_name(*spec, "Low");
  ASSERT_FALSE(put.empty());
  // size is bounded (2, d, or what a machine may pass): an int64_t.
  EXPECT_NE(code.find("static inline void " + put + "_size2(rt::Ctx& c, rt::B<32> L0, int64_t, rt::B<16> L2)"),
            std::string::npos)
      << code;
  EXPECT_NE(code.find("static inline void " + low + "_size2(rt::Ctx& c, rt::B<32> L0, int64_t, rt::B<16> L2)"),
            std::string::npos);
  EXPECT_NE(code.find(put + "_size2(c, "), std::string::npos);
  EXPECT_NE(code.find(low + "_size2(c, "), std::string::npos);
  EXPECT_NE(code.find("static inline void " + put + "(rt::Ctx& c, rt::B<32> L0, int64_t L1, const Bits& L2)"),
            std::string::npos);
  EXPECT_NE(code.find(put + "(c, "), std::string::npos);
}

// A field of a register, and a slice at fixed positions, given a value of
// their width are written with a mask and a shift (rt::set_field), the value
// first; a slice at a run-time position keeps the general rt::set_slice.
TEST(Translate, AFixedFieldIsWrittenWithoutABitsValue) {
  const auto spec = toy_with(rd_instruction("SETF", "", "    CTL.EN = R[d]<0>;\n    CTL<7:4> = R[d]<3:0>;\n"
                                                        "    CTL<d+3:d> = '1010';\n"),
                             "type CtlType of bits(32) {\n    [0] EN,\n    [3:1] MODE\n};\n\nCtlType CTL;\n");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  const int ctl = global_slot(*spec, "CTL");
  ASSERT_GE(ctl, 0);
  // CTL is held typed (a member of Globals), and written in place.
  EXPECT_NE(code.find(fmt::format("rt::set_field<0, 1>(G(c).g{}, t", ctl)), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("rt::set_field<4, 4>(G(c).g{}, t", ctl)), std::string::npos) << code;
  EXPECT_NE(code.find(fmt::format("rt::set_slice(G(c).g{}, ", ctl)), std::string::npos) << code;
  const size_t value = code.find("const rt::B<4> t"), write = code.find("rt::set_field<4, 4>");
  ASSERT_NE(value, std::string::npos);
  EXPECT_LT(value, write);
}

// A setter with a by-reference parameter is called with a temporary of the
// parameter's type, written back to the argument after the call (and is not
// specialized): the value first, then the arguments, as for any setter.
TEST(Translate, ASetterWritesItsByReferenceArgumentBack) {
  const auto spec = toy_with(rd_instruction("BUMP", "", "    integer k = d;\n    Bump[k] = R[d];\n    R[d] = ZeroExtend(R[d]<7:0>, 32);\n"),
                             R"(bits(32) Last;

Bump[integer &count] = bits(32) value
    count = count + 1;
    Last = value;
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  const std::string bump = function_name(*spec, "Bump");
  ASSERT_FALSE(bump.empty());
  // count holds what its callers pass (k, from a 2-bit field) or a machine
  // does (32 bits), plus one: an int64_t.
  EXPECT_NE(code.find("static inline void " + bump + "(rt::Ctx& c, int64_t& L0, rt::B<32> L1)"), std::string::npos) << code;
  const size_t value = code.find("const rt::B<32> t"), arg = code.find("int64_t t", value),
               call = code.find(bump + "(c, t", arg);
  ASSERT_NE(value, std::string::npos) << code;
  ASSERT_NE(arg, std::string::npos) << code;
  ASSERT_NE(call, std::string::npos) << code;
  const std::string temp = code.substr(arg + 8, code.find(' ', arg + 8) - arg - 8);
  EXPECT_NE(code.find(" = Int(" + temp + ");", call), std::string::npos) << code;  // written back (k is an Int)
}

// An argument the callee never reads (nor passes on to a parameter that is
// read) is not evaluated when it has no effect, as MemA_with_priv's
// `privileged` on a read; one with an effect (a call that writes a global, or
// one that may end the instruction by UNDEFINED) is.
TEST(Translate, AnUnreadArgumentWithoutEffectIsNotEvaluated) {
  const auto spec = toy_with(rd_instruction("PASS", "", "    R[d] = Outer(R[d], Probe(d), Touch(d));\n"
                                                       "    R[d] = Inner(R[d], Refuse(d));\n"),
                             R"(bits(32) Counter;

integer Probe(integer x)
    return x + 1;

integer Refuse(integer x)
    if x == 7 then UNDEFINED;
    return x;

integer Touch(integer x)
    Counter = Counter + 1;
    return x;

bits(32) Inner(bits(32) v, integer unused)
    return v;

bits(32) Outer(bits(32) v, integer passed, integer effect)
    return Inner(v, passed + effect);
)");
  const TranslateResult r = translate(*spec, builtins(), 1);
  const std::string code = all_parts(r);
  const std::string probe = function_name(*spec, "Probe"), touch = function_name(*spec, "Touch");
  const std::string outer = function_name(*spec, "Outer"), inner = function_name(*spec, "Inner");
  // Outer passes its own parameters only to Inner's unread one: neither is
  // read; Probe's call is dropped, Touch's kept for its write. The integer
  // parameters are bounded (int64_t); the results are Ints, cast to them.
  EXPECT_NE(code.find(outer + "(c, F0(c, L1), INT64_C(0), static_cast<int64_t>(" + touch + "(c, L1)))"),
            std::string::npos)
      << code;
  EXPECT_EQ(code.find(probe + "(c, L1)"), std::string::npos);  // its thunk calls it with a0
  EXPECT_NE(code.find(inner + "(c, L0, INT64_C(0))"), std::string::npos);
  EXPECT_NE(code.find(inner + "(c, F0(c, L1), static_cast<int64_t>(" + function_name(*spec, "Refuse") + "(c, L1)))"),
            std::string::npos);
  EXPECT_EQ(r.skipped_arguments, 2u);
}

}  // namespace
}  // namespace mlisa::spec
