// The standard and floating-point builtins, called through the table with
// values worked by hand from the manuals' pseudocode definitions.
#include "spec/builtins.hpp"

#include "core/fp.hpp"
#include "spec/engine.hpp"

#include <gtest/gtest.h>

#include <memory>

namespace mlisa::spec {
namespace {

Bits bin(const std::string& s) {
  Bits b = Bits::zeros(static_cast<uint32_t>(s.size()));
  for (size_t i = 0; i < s.size(); ++i)
    if (s[s.size() - 1 - i] == '1') b.set_bit(static_cast<uint32_t>(i), true);
  return b;
}

Value B(const std::string& s) { return Value::bits(bin(s)); }
Value I(Int i) { return Value::integer(i); }
Value R(double r) { return Value::real(r); }
Value T(bool b) { return Value::boolean(b); }
Value H(uint32_t width, uint64_t v) { return Value::bits(width, v); }

constexpr uint32_t DN = 1u << 25;
constexpr uint32_t FZ = 1u << 24;
constexpr uint64_t F32_ONE = 0x3f800000, F32_TWO = 0x40000000, F32_THREE = 0x40400000;
constexpr uint64_t F32_QNAN = 0x7fc00001, F32_SNAN = 0x7f800001, F32_DEFAULT_NAN = 0x7fc00000;

class BuiltinsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    add_standard_builtins(table);
    add_fp_builtins(table);
    auto* rounding = module.arena.enumeration();
    rounding->name = "FPRounding";
    rounding->members = {"FPRounding_TIEEVEN", "FPRounding_POSINF", "FPRounding_NEGINF",
                         "FPRounding_ZERO",    "FPRounding_TIEAWAY", "FPRounding_ODD"};
    module.enums.push_back(rounding);
    rounding_type = rounding;
    auto* fptype = module.arena.enumeration();
    fptype->name = "FPType";
    fptype->members = {"FPType_Zero", "FPType_Denormal", "FPType_Nonzero", "FPType_Infinity", "FPType_QNaN", "FPType_SNaN"};
    module.enums.push_back(fptype);
    fptype_type = fptype;
    // bits(32) FPSCR; and StandardFPSCRValue() returning DN:FZ set.
    GlobalDecl g;
    g.name = "FPSCR";
    g.type = Type::bits(32);
    g.slot = 0;
    module.globals.push_back(g);
    FunctionDecl* std_fpscr = module.arena.function();
    std_fpscr->name = "StandardFPSCRValue";
    std_fpscr->return_type = Type::bits(32);
    std_fpscr->has_body = true;
    Expr* lit = module.arena.expr();
    lit->kind = ExprKind::Literal;
    lit->literal = Value::bits(32, DN | FZ);
    lit->type = Type::bits(32);
    Stmt* ret = module.arena.stmt();
    ret->kind = StmtKind::Return;
    ret->value = lit;
    std_fpscr->body.push_back(ret);
    module.functions.push_back(std_fpscr);
    engine = std::make_unique<Engine>(module, table);
    engine->globals().at(0) = Value::bits(32, 0);
  }

  int index(const std::string& name, size_t nargs, BuiltinKind kind = BuiltinKind::Function) {
    return table.find(name, kind, nargs);
  }

  Value call(const std::string& name, std::vector<Value> args, BuiltinKind kind = BuiltinKind::Function) {
    const int i = table.find(name, kind, kind == BuiltinKind::Setter ? args.size() : args.size());
    if (i < 0) throw std::logic_error("no builtin " + name);
    Expr e;
    e.kind = ExprKind::Call;
    e.name = name;
    CallSite site{*engine, e};
    last_args = args;
    Value r = table.at(i).fn(site, last_args);
    return r;
  }

  // Calls and returns the flags raised, clearing them first.
  Value call_flags(const std::string& name, std::vector<Value> args, uint32_t* flags) {
    engine->fp_flags = 0;
    Value r = call(name, std::move(args));
    *flags = engine->fp_flags;
    return r;
  }

  Value rounding(const char* member) {
    for (uint32_t i = 0; i < rounding_type->members.size(); ++i)
      if (rounding_type->members[i] == member) return Value::enumeration(rounding_type, i);
    throw std::logic_error(member);
  }

  std::string d(const Value& v) { return v.describe(); }

  Module module;
  BuiltinTable table;
  std::unique_ptr<Engine> engine;
  std::vector<Value> last_args;
  const EnumType* rounding_type = nullptr;
  const EnumType* fptype_type = nullptr;
};

// ---------------------------------------------------------------------------
// The table

TEST(BuiltinTable, FindsByNameKindAndArity) {
  BuiltinTable t;
  Builtin a;
  a.name = "F";
  a.min_args = 1;
  a.max_args = 2;
  Builtin b = a;
  b.min_args = b.max_args = 3;
  Builtin g = a;
  g.kind = BuiltinKind::Getter;
  EXPECT_EQ(t.add(a), 0);
  EXPECT_EQ(t.add(b), 1);
  EXPECT_EQ(t.add(g), 2);
  EXPECT_EQ(t.find("F", BuiltinKind::Function, 1), 0);
  EXPECT_EQ(t.find("F", BuiltinKind::Function, 2), 0);
  EXPECT_EQ(t.find("F", BuiltinKind::Function, 3), 1);
  EXPECT_EQ(t.find("F", BuiltinKind::Function, 0), -1);
  EXPECT_EQ(t.find("F", BuiltinKind::Getter, 2), 2);
  EXPECT_EQ(t.find("F", BuiltinKind::Setter, 2), -1);
  EXPECT_EQ(t.find("G", BuiltinKind::Function, 1), -1);
  EXPECT_TRUE(t.has_name("F"));
  EXPECT_FALSE(t.has_name("G"));
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.at(1).min_args, 3);
}

// ---------------------------------------------------------------------------
// Integers and bits

TEST_F(BuiltinsTest, UIntSIntInt) {
  EXPECT_EQ(d(call("UInt", {B("1111")})), "integer 15");
  EXPECT_EQ(d(call("SInt", {B("1111")})), "integer -1");
  EXPECT_EQ(d(call("SInt", {B("0111")})), "integer 7");
  EXPECT_EQ(d(call("Int", {B("1111"), T(false)})), "integer -1");
  EXPECT_EQ(d(call("Int", {B("1111"), T(true)})), "integer 15");
  EXPECT_EQ(d(call("Len", {B("101")})), "integer 3");
  EXPECT_THROW(call("UInt", {I(3)}), RuntimeError);
}

TEST_F(BuiltinsTest, Extension) {
  EXPECT_EQ(d(call("ZeroExtend", {B("1001"), I(8)})), "bits(8) 0x09");
  EXPECT_EQ(d(call("SignExtend", {B("1001"), I(8)})), "bits(8) 0xf9");
  EXPECT_EQ(d(call("SignExtend", {B("0001"), I(8)})), "bits(8) 0x01");
  EXPECT_EQ(d(call("ZeroExtend", {B("1001"), I(4)})), "bits(4) 0x9");
  EXPECT_EQ(d(call("Extend", {B("1001"), I(8), T(true)})), "bits(8) 0x09");
  EXPECT_EQ(d(call("Extend", {B("1001"), I(8), T(false)})), "bits(8) 0xf9");
  const Value wide = call("SignExtend", {H(8, 0x80), I(130)});
  EXPECT_EQ(wide.as_bits().popcount(), 123);
  EXPECT_THROW(call("ZeroExtend", {B("1001"), I(3)}), RuntimeError);
  EXPECT_THROW(call("SignExtend", {B("1001"), I(-1)}), RuntimeError);
  try {
    call("ZeroExtend", {B("1001"), I(3)});
  } catch (const RuntimeError& e) {
    EXPECT_NE(std::string(e.what()).find("ZeroExtend"), std::string::npos) << e.what();
  }
}

TEST_F(BuiltinsTest, ZerosOnesReplicate) {
  EXPECT_EQ(d(call("Zeros", {I(4)})), "bits(4) 0x0");
  EXPECT_EQ(d(call("Ones", {I(4)})), "bits(4) 0xf");
  EXPECT_EQ(d(call("Zeros", {I(0)})), "bits(0) ''");
  EXPECT_EQ(call("Ones", {I(2048)}).as_bits().popcount(), 2048);
  EXPECT_THROW(call("Zeros", {I(-1)}), RuntimeError);
  EXPECT_THROW(call("Ones", {I(70000)}), RuntimeError);
  EXPECT_EQ(call("Replicate", {B("10"), I(3)}).as_bits(), bin("101010"));
  EXPECT_EQ(call("Replicate", {B("1"), I(8)}).as_bits(), bin("11111111"));
  EXPECT_EQ(call("Replicate", {B("1"), I(0)}).as_bits().width(), 0u);
  EXPECT_EQ(call("Replicate", {H(32, 0x80000001), I(4)}).as_bits().popcount(), 8);
  EXPECT_THROW(call("Replicate", {B("1"), I(-1)}), RuntimeError);
}

TEST_F(BuiltinsTest, Align) {
  EXPECT_EQ(d(call("Align", {I(13), I(4)})), "integer 12");
  EXPECT_EQ(d(call("Align", {I(12), I(4)})), "integer 12");
  EXPECT_EQ(d(call("Align", {I(-13), I(4)})), "integer -16");  // y * (x DIV y), DIV rounds down
  EXPECT_EQ(d(call("Align", {I(13), I(3)})), "integer 12");
  EXPECT_EQ(d(call("Align", {H(32, 0x1007), I(4)})), "bits(32) 0x00001004");
  EXPECT_EQ(d(call("Align", {H(8, 0x7f), I(6)})), "bits(8) 0x7e");
  EXPECT_EQ(d(call("AlignUp", {I(13), I(4)})), "integer 16");
  EXPECT_EQ(d(call("AlignDown", {I(13), I(4)})), "integer 12");
  EXPECT_THROW(call("Align", {I(13), I(0)}), RuntimeError);
  Bits wide = Bits::ones(256);
  EXPECT_EQ(call("Align", {Value::bits(wide), I(16)}).as_bits().lowest_set_bit(), 4);
}

TEST_F(BuiltinsTest, MinMaxAbs) {
  EXPECT_EQ(d(call("Min", {I(3), I(-2)})), "integer -2");
  EXPECT_EQ(d(call("Max", {I(3), I(-2)})), "integer 3");
  EXPECT_EQ(d(call("Max", {R(0.5), R(0.25)})), "real 0.5");
  EXPECT_EQ(d(call("Min", {R(0.5), R(0.25)})), "real 0.25");
  EXPECT_EQ(d(call("Abs", {I(-7)})), "integer 7");
  EXPECT_EQ(d(call("Abs", {R(-2.5)})), "real 2.5");
  EXPECT_THROW(call("Min", {I(1), R(0.5)}), RuntimeError);
}

TEST_F(BuiltinsTest, RealsAndRounding) {
  EXPECT_EQ(d(call("RoundDown", {R(-0.5)})), "integer -1");
  EXPECT_EQ(d(call("RoundUp", {R(-0.5)})), "integer 0");
  EXPECT_EQ(d(call("RoundTowardsZero", {R(-1.5)})), "integer -1");
  EXPECT_EQ(d(call("RoundTowardsZero", {R(1.5)})), "integer 1");
  EXPECT_EQ(d(call("RoundDown", {R(2.0)})), "integer 2");
  EXPECT_EQ(d(call("RoundUp", {R(0.25)})), "integer 1");
  EXPECT_EQ(d(call("RoundDown", {R(1e30)})), "integer 1000000000000000019884624838656");
  EXPECT_EQ(d(call("Real", {I(3)})), "real 3");
  EXPECT_THROW(call("RoundDown", {R(1e40)}), RuntimeError);
  EXPECT_THROW(call("RoundDown", {I(1)}), RuntimeError);
  EXPECT_EQ(d(call("IsPow2", {I(64)})), "boolean TRUE");
  EXPECT_EQ(d(call("IsPow2", {I(0)})), "boolean FALSE");
  EXPECT_EQ(d(call("FloorPow2", {I(100)})), "integer 64");
  EXPECT_EQ(d(call("CeilPow2", {I(100)})), "integer 128");
  EXPECT_EQ(d(call("CeilPow2", {I(1)})), "integer 1");
  EXPECT_THROW(call("FloorPow2", {I(0)}), RuntimeError);
  EXPECT_EQ(d(call("Log2", {I(1)})), "integer 0");
  EXPECT_EQ(d(call("Log2", {I(1024)})), "integer 10");
  EXPECT_THROW(call("Log2", {I(96)}), RuntimeError);
  EXPECT_THROW(call("Log2", {I(0)}), RuntimeError);
}

TEST_F(BuiltinsTest, Saturation) {
  EXPECT_EQ(d(call("SignedSatQ", {I(200), I(8)})), "(bits(8) 0x7f, boolean TRUE)");
  EXPECT_EQ(d(call("SignedSatQ", {I(-200), I(8)})), "(bits(8) 0x80, boolean TRUE)");
  EXPECT_EQ(d(call("SignedSatQ", {I(-128), I(8)})), "(bits(8) 0x80, boolean FALSE)");
  EXPECT_EQ(d(call("SignedSatQ", {I(127), I(8)})), "(bits(8) 0x7f, boolean FALSE)");
  EXPECT_EQ(d(call("SignedSatQ", {I(1), I(1)})), "(bits(1) 0x0, boolean TRUE)");  // range -1..0
  EXPECT_EQ(d(call("UnsignedSatQ", {I(-1), I(8)})), "(bits(8) 0x00, boolean TRUE)");
  EXPECT_EQ(d(call("UnsignedSatQ", {I(256), I(8)})), "(bits(8) 0xff, boolean TRUE)");
  EXPECT_EQ(d(call("UnsignedSatQ", {I(255), I(8)})), "(bits(8) 0xff, boolean FALSE)");
  EXPECT_EQ(d(call("SatQ", {I(300), I(8), T(true)})), "(bits(8) 0xff, boolean TRUE)");
  EXPECT_EQ(d(call("SatQ", {I(300), I(8), T(false)})), "(bits(8) 0x7f, boolean TRUE)");
  EXPECT_EQ(d(call("Sat", {I(-5), I(4), T(false)})), "bits(4) 0xb");
  EXPECT_EQ(d(call("Sat", {I(-5), I(4), T(true)})), "bits(4) 0x0");
  EXPECT_EQ(d(call("SignedSat", {I(40000), I(16)})), "bits(16) 0x7fff");
  EXPECT_EQ(d(call("UnsignedSat", {I(40000), I(16)})), "bits(16) 0x9c40");
  // Widths at and beyond the 128-bit integers.
  const Int big = Int{1} << 120;
  EXPECT_EQ(d(call("SignedSatQ", {I(-big), I(128)})).substr(0, 9), "(bits(128");
  EXPECT_EQ(call("SignedSatQ", {I(-big), I(128)}).elems()[1].as_bool(), false);
  EXPECT_EQ(call("UnsignedSatQ", {I(big), I(200)}).elems()[1].as_bool(), false);
  EXPECT_EQ(call("UnsignedSatQ", {I(big), I(120)}).elems()[1].as_bool(), true);
  EXPECT_THROW(call("SignedSatQ", {I(1), I(0)}), RuntimeError);
}

TEST_F(BuiltinsTest, CountingBits) {
  EXPECT_EQ(d(call("CountLeadingSignBits", {B("1110")})), "integer 2");
  EXPECT_EQ(d(call("CountLeadingSignBits", {B("0001")})), "integer 2");
  EXPECT_EQ(d(call("CountLeadingSignBits", {B("1111")})), "integer 3");
  EXPECT_EQ(d(call("CountLeadingSignBits", {B("0100")})), "integer 0");
  EXPECT_EQ(d(call("CountLeadingSignBits", {B("1")})), "integer 0");
  EXPECT_EQ(d(call("CountLeadingZeroBits", {B("0010")})), "integer 2");
  EXPECT_EQ(d(call("CountLeadingZeroBits", {B("0000")})), "integer 4");
  EXPECT_EQ(d(call("CountLeadingZeroBits", {H(32, 1)})), "integer 31");
  EXPECT_EQ(d(call("HighestSetBit", {B("0000")})), "integer -1");
  EXPECT_EQ(d(call("HighestSetBit", {B("0110")})), "integer 2");
  EXPECT_EQ(d(call("LowestSetBit", {B("0000")})), "integer 4");
  EXPECT_EQ(d(call("LowestSetBit", {B("0110")})), "integer 1");
  EXPECT_EQ(d(call("BitCount", {B("1011")})), "integer 3");
  EXPECT_EQ(d(call("IsZero", {B("0000")})), "boolean TRUE");
  EXPECT_EQ(d(call("IsZero", {B("0100")})), "boolean FALSE");
  EXPECT_EQ(d(call("IsOnes", {B("111")})), "boolean TRUE");
  EXPECT_EQ(d(call("IsOnes", {B("101")})), "boolean FALSE");
  EXPECT_EQ(d(call("IsZeroBit", {B("000")})), "bits(1) 0x1");
  EXPECT_EQ(d(call("IsZeroBit", {B("010")})), "bits(1) 0x0");
}

TEST_F(BuiltinsTest, Reordering) {
  EXPECT_EQ(call("BitReverse", {B("0011")}).as_bits(), bin("1100"));
  EXPECT_EQ(call("BitReverse", {B("1")}).as_bits(), bin("1"));
  EXPECT_EQ(d(call("Reverse", {H(16, 0x1234), I(4)})), "bits(16) 0x4321");
  EXPECT_EQ(d(call("Reverse", {H(16, 0x1234), I(8)})), "bits(16) 0x3412");
  EXPECT_EQ(d(call("Reverse", {H(32, 0x11223344), I(16)})), "bits(32) 0x33441122");
  EXPECT_THROW(call("Reverse", {H(16, 0x1234), I(3)}), RuntimeError);
}

TEST_F(BuiltinsTest, Shifts) {
  EXPECT_EQ(d(call("LSL_C", {B("1001"), I(1)})), "(bits(4) 0x2, bits(1) 0x1)");
  EXPECT_EQ(d(call("LSL_C", {B("1001"), I(4)})), "(bits(4) 0x0, bits(1) 0x1)");
  EXPECT_EQ(d(call("LSL_C", {B("1001"), I(5)})), "(bits(4) 0x0, bits(1) 0x0)");
  EXPECT_EQ(d(call("LSL", {B("1001"), I(0)})), "bits(4) 0x9");
  EXPECT_EQ(d(call("LSL", {B("1001"), I(2)})), "bits(4) 0x4");
  EXPECT_EQ(d(call("LSR_C", {B("1001"), I(1)})), "(bits(4) 0x4, bits(1) 0x1)");
  EXPECT_EQ(d(call("LSR_C", {B("1001"), I(4)})), "(bits(4) 0x0, bits(1) 0x1)");
  EXPECT_EQ(d(call("LSR_C", {B("1001"), I(5)})), "(bits(4) 0x0, bits(1) 0x0)");
  EXPECT_EQ(d(call("LSR", {B("1001"), I(3)})), "bits(4) 0x1");
  EXPECT_EQ(d(call("ASR_C", {B("1001"), I(1)})), "(bits(4) 0xc, bits(1) 0x1)");
  EXPECT_EQ(d(call("ASR_C", {B("1001"), I(2)})), "(bits(4) 0xe, bits(1) 0x0)");
  EXPECT_EQ(d(call("ASR_C", {B("1001"), I(10)})), "(bits(4) 0xf, bits(1) 0x1)");
  EXPECT_EQ(d(call("ASR", {B("0101"), I(10)})), "bits(4) 0x0");
  EXPECT_EQ(d(call("ASR", {B("1001"), I(0)})), "bits(4) 0x9");
  EXPECT_EQ(d(call("ROR_C", {B("1001"), I(1)})), "(bits(4) 0xc, bits(1) 0x1)");
  EXPECT_EQ(d(call("ROR_C", {B("0001"), I(5)})), "(bits(4) 0x8, bits(1) 0x1)");  // 5 MOD 4 = 1
  EXPECT_EQ(d(call("ROR_C", {B("0110"), I(-1)})), "(bits(4) 0xc, bits(1) 0x1)");  // -1 MOD 4 = 3
  EXPECT_EQ(d(call("ROR_C", {B("0110"), I(4)})), "(bits(4) 0x6, bits(1) 0x0)");
  EXPECT_EQ(d(call("ROR", {B("0110"), I(0)})), "bits(4) 0x6");
  EXPECT_EQ(d(call("ROR", {H(32, 0x000000ff), I(8)})), "bits(32) 0xff000000");
  EXPECT_EQ(d(call("RRX_C", {B("1001"), B("0")})), "(bits(4) 0x4, bits(1) 0x1)");
  EXPECT_EQ(d(call("RRX", {B("1000"), B("1")})), "bits(4) 0xc");
  // Wide operands shift across words.
  Bits w = Bits(128, 1);
  EXPECT_EQ(call("LSL", {Value::bits(w), I(100)}).as_bits().lowest_set_bit(), 100);
  EXPECT_EQ(call("ROR", {Value::bits(w), I(1)}).as_bits().highest_set_bit(), 127);
  // The manual's asserts.
  EXPECT_THROW(call("LSL", {B("1001"), I(-1)}), RuntimeError);
  EXPECT_THROW(call("LSL_C", {B("1001"), I(0)}), RuntimeError);
  EXPECT_THROW(call("LSR_C", {B("1001"), I(0)}), RuntimeError);
  EXPECT_THROW(call("ASR_C", {B("1001"), I(0)}), RuntimeError);
  EXPECT_THROW(call("ROR_C", {B("1001"), I(0)}), RuntimeError);
  EXPECT_THROW(call("ROR", {B("1001"), I(-1)}), RuntimeError);
  try {
    call("LSL_C", {B("1001"), I(0)});
  } catch (const RuntimeError& e) {
    EXPECT_EQ(std::string(e.what()), "LSL_C(bits(4) 0x9, 0): the shift must be positive");
  }
}

TEST_F(BuiltinsTest, Elem) {
  EXPECT_EQ(d(call("Elem", {H(32, 0x12345678), I(1), I(8)}, BuiltinKind::Getter)), "bits(8) 0x56");
  EXPECT_EQ(d(call("Elem", {H(32, 0x12345678), I(3), I(8)}, BuiltinKind::Getter)), "bits(8) 0x12");
  EXPECT_THROW(call("Elem", {H(32, 0x12345678), I(4), I(8)}, BuiltinKind::Getter), RuntimeError);
  EXPECT_THROW(call("Elem", {H(32, 0x12345678), I(-1), I(8)}, BuiltinKind::Getter), RuntimeError);
  // The setter: found with the value counted, writes args[0].
  const int s = index("Elem", 4, BuiltinKind::Setter);
  ASSERT_GE(s, 0);
  EXPECT_TRUE(table.at(s).writes_first_arg);
  call("Elem", {H(32, 0x12345678), I(0), I(8), H(8, 0xff)}, BuiltinKind::Setter);
  EXPECT_EQ(d(last_args[0]), "bits(32) 0x123456ff");
  call("Elem", {Value::bits(Bits::zeros(256)), I(3), I(64), H(64, 1)}, BuiltinKind::Setter);
  EXPECT_EQ(last_args[0].as_bits().lowest_set_bit(), 192);
  EXPECT_THROW(call("Elem", {H(32, 0), I(0), I(8), H(16, 1)}, BuiltinKind::Setter), RuntimeError);
}

TEST_F(BuiltinsTest, IsFeatureImplemented) {
  engine->features.insert("FEAT_MVE");
  EXPECT_EQ(d(call("IsFeatureImplemented", {Value::string("FEAT_MVE")})), "boolean TRUE");
  EXPECT_EQ(d(call("IsFeatureImplemented", {Value::string("FEAT_SME2")})), "boolean FALSE");
  // An unresolved name in the call expression.
  Expr feat;
  feat.kind = ExprKind::Name;
  feat.name = "FEAT_MVE";
  Expr e;
  e.kind = ExprKind::Call;
  e.name = "IsFeatureImplemented";
  e.args = {&feat};
  CallSite site{*engine, e};
  std::vector<Value> args{Value()};
  EXPECT_TRUE(table.at(index("IsFeatureImplemented", 1)).fn(site, args).as_bool());
}

// ---------------------------------------------------------------------------
// Static result types

TEST_F(BuiltinsTest, TypeRules) {
  Expr c32, c8, c3, var_n, x4, x8, x2, r;
  for (auto [e, v] : {std::pair{&c32, 32}, std::pair{&c8, 8}, std::pair{&c3, 3}}) {
    e->kind = ExprKind::Literal;
    e->literal = Value::integer(v);
    e->type = Type::of(TypeKind::Integer);
  }
  c3.kind = ExprKind::Name;  // a declared constant
  c3.ref = RefKind::Constant;
  var_n.kind = ExprKind::Name;
  var_n.ref = RefKind::Local;
  var_n.type = Type::of(TypeKind::Integer);
  for (auto [e, w] : {std::pair{&x4, 4}, std::pair{&x8, 8}, std::pair{&x2, 2}}) {
    e->kind = ExprKind::Name;
    e->ref = RefKind::Local;
    e->type = Type::bits(w);
  }
  r.kind = ExprKind::Name;
  r.ref = RefKind::Local;
  r.type = Type::of(TypeKind::Real);
  auto type = [&](const char* name, std::vector<Expr*> args) {
    const int i = index(name, args.size());
    if (i < 0) throw std::logic_error(name);
    const Builtin& b = table.at(i);
    return b.result ? b.result(args) : Type::of(TypeKind::Void);
  };
  auto width = [&](const char* name, std::vector<Expr*> args) {
    const Type t = type(name, args);
    EXPECT_EQ(t.kind, TypeKind::Bits) << name;
    return t.width;
  };
  EXPECT_EQ(width("ZeroExtend", {&x4, &c32}), 32);
  EXPECT_EQ(width("SignExtend", {&x4, &var_n}), -1);
  EXPECT_EQ(width("Zeros", {&c8}), 8);
  EXPECT_EQ(width("Zeros", {&var_n}), -1);
  EXPECT_EQ(width("Ones", {&c3}), 3);
  EXPECT_EQ(width("Replicate", {&x2, &c3}), 6);
  EXPECT_EQ(width("LSL", {&x8, &var_n}), 8);
  EXPECT_EQ(width("Align", {&x8, &c8}), 8);
  EXPECT_EQ(width("IsZeroBit", {&x8}), 1);
  EXPECT_EQ(width("SignedSat", {&var_n, &c8}), 8);
  {
    const Builtin& elem = table.at(index("Elem", 3, BuiltinKind::Getter));
    EXPECT_EQ(elem.result({&x8, &var_n, &c3}).width, 3);
    EXPECT_EQ(elem.result({&x8, &var_n, &var_n}).width, -1);
    EXPECT_FALSE(table.at(index("Elem", 4, BuiltinKind::Setter)).result);  // a setter returns nothing
  }
  EXPECT_EQ(type("UInt", {&x8}).kind, TypeKind::Integer);
  EXPECT_EQ(type("Align", {&var_n, &c8}).kind, TypeKind::Integer);
  EXPECT_EQ(type("Min", {&r, &r}).kind, TypeKind::Real);
  EXPECT_EQ(type("Max", {&var_n, &c3}).kind, TypeKind::Integer);
  EXPECT_EQ(type("IsZero", {&x8}).kind, TypeKind::Boolean);
  EXPECT_EQ(type("SignedSatQ", {&var_n, &c8}).describe(), "(bits(8), boolean)");
  EXPECT_EQ(type("LSL_C", {&x4, &c3}).describe(), "(bits(4), bits(1))");
  EXPECT_EQ(type("FPAdd", {&x8, &x8, &x8}).width, 8);
  EXPECT_EQ(width("FPConvert", {&x8, &x8, &c32}), 32);
  EXPECT_EQ(width("FPZero", {&x2, &c32}), 32);
  EXPECT_EQ(width("FPCompare", {&x8, &x8, &r, &x8}), 4);
}

// ---------------------------------------------------------------------------
// Floating point

TEST_F(BuiltinsTest, FPArithmetic) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call_flags("FPAdd", {H(32, F32_ONE), H(32, F32_TWO), H(32, 0)}, &flags)), "bits(32) 0x40400000");
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(d(call("FPSub", {H(32, F32_ONE), H(32, F32_TWO), H(32, 0)})), "bits(32) 0xbf800000");
  EXPECT_EQ(d(call("FPMul", {H(16, 0x4000), H(16, 0x4200), H(32, 0)})), "bits(16) 0x4600");  // 2 * 3 = 6
  EXPECT_EQ(d(call_flags("FPDiv", {H(32, F32_ONE), H(32, 0), H(32, 0)}, &flags)), "bits(32) 0x7f800000");
  EXPECT_EQ(flags, fp::flag::DZC);
  EXPECT_EQ(d(call("FPSqrt", {H(64, 0x4010000000000000), H(64, 0)})), "bits(64) 0x4000000000000000");
  EXPECT_EQ(d(call("FPMulAdd", {H(32, F32_ONE), H(32, F32_TWO), H(32, F32_THREE), H(32, 0)})), "bits(32) 0x40e00000");
  // 1/3 rounds: inexact; towards zero (RMode 3) the last bit differs from nearest.
  EXPECT_EQ(d(call_flags("FPDiv", {H(32, F32_ONE), H(32, F32_THREE), H(32, 0)}, &flags)), "bits(32) 0x3eaaaaab");
  EXPECT_EQ(flags, fp::flag::IXC);
  EXPECT_EQ(d(call("FPDiv", {H(32, F32_ONE), H(32, F32_THREE), H(32, 3u << 22)})), "bits(32) 0x3eaaaaaa");
  // fpexc FALSE: no flags.
  EXPECT_EQ(d(call_flags("FPAdd", {H(32, F32_SNAN), H(32, F32_ONE), H(32, 0), T(false)}, &flags)), "bits(32) 0x7fc00001");
  EXPECT_EQ(flags, 0u);
  EXPECT_THROW(call("FPAdd", {H(32, F32_ONE), H(16, 0x3c00), H(32, 0)}), RuntimeError);
  EXPECT_THROW(call("FPAdd", {H(8, 1), H(8, 1), H(32, 0)}), RuntimeError);
  // Flags go through Engine::on_fp_flags when set.
  uint32_t seen = 0;
  engine->on_fp_flags = [&](uint32_t f) { seen |= f; };
  call("FPDiv", {H(32, F32_ONE), H(32, 0), H(32, 0)});
  EXPECT_EQ(seen, fp::flag::DZC);
}

TEST_F(BuiltinsTest, FPMaxNumWithDefaultNaN) {
  uint32_t flags = 0;
  // A quiet NaN loses to a number, DN or not.
  EXPECT_EQ(d(call_flags("FPMaxNum", {H(32, F32_QNAN), H(32, F32_ONE), H(32, DN)}, &flags)), "bits(32) 0x3f800000");
  EXPECT_EQ(flags, 0u);
  // Two quiet NaNs: the first, or the default NaN with DN set.
  EXPECT_EQ(d(call("FPMaxNum", {H(32, F32_QNAN), H(32, 0xffc00002), H(32, 0)})), "bits(32) 0x7fc00001");
  EXPECT_EQ(d(call("FPMaxNum", {H(32, F32_QNAN), H(32, 0xffc00002), H(32, DN)})), "bits(32) 0x7fc00000");
  // A signalling NaN: quieted with IOC, the default NaN under DN.
  EXPECT_EQ(d(call_flags("FPMaxNum", {H(32, F32_SNAN), H(32, F32_ONE), H(32, 0)}, &flags)), "bits(32) 0x7fc00001");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call_flags("FPMaxNum", {H(32, F32_SNAN), H(32, F32_ONE), H(32, DN)}, &flags)), "bits(32) 0x7fc00000");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPMinNum", {H(32, F32_QNAN), H(32, F32_ONE), H(32, DN)})), "bits(32) 0x3f800000");
  EXPECT_EQ(d(call("FPMax", {H(32, F32_QNAN), H(32, F32_ONE), H(32, DN)})), "bits(32) 0x7fc00000");
  EXPECT_EQ(d(call("FPMin", {H(32, 0x80000000), H(32, 0), H(32, 0)})), "bits(32) 0x80000000");
  EXPECT_EQ(d(call("FPMax", {H(32, 0x80000000), H(32, 0), H(32, 0)})), "bits(32) 0x00000000");
  EXPECT_THROW(call("FPMax", {H(32, 0), H(32, 0), H(32, 0), T(true)}), RuntimeError);
}

TEST_F(BuiltinsTest, FPCompares) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call_flags("FPCompare", {H(32, F32_ONE), H(32, F32_QNAN), T(false), H(32, 0)}, &flags)), "bits(4) 0x3");
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(d(call_flags("FPCompare", {H(32, F32_ONE), H(32, F32_QNAN), T(true), H(32, 0)}, &flags)), "bits(4) 0x3");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPCompare", {H(32, F32_ONE), H(32, F32_TWO), T(false), H(32, 0)})), "bits(4) 0x8");
  EXPECT_EQ(d(call("FPCompare", {H(32, F32_TWO), H(32, F32_ONE), T(false), H(32, 0)})), "bits(4) 0x2");
  EXPECT_EQ(d(call("FPCompare", {H(32, 0), H(32, 0x80000000), T(false), H(32, 0)})), "bits(4) 0x6");
  // EQ: FALSE for NaN, IOC only for a signalling NaN.
  EXPECT_EQ(d(call("FPCompareEQ", {H(32, 0), H(32, 0x80000000), H(32, 0)})), "boolean TRUE");
  EXPECT_EQ(d(call_flags("FPCompareEQ", {H(32, F32_QNAN), H(32, F32_QNAN), H(32, 0)}, &flags)), "boolean FALSE");
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(d(call_flags("FPCompareEQ", {H(32, F32_SNAN), H(32, F32_ONE), H(32, 0)}, &flags)), "boolean FALSE");
  EXPECT_EQ(flags, fp::flag::IOC);
  // GE, GT: FALSE for NaN, IOC for any NaN.
  EXPECT_EQ(d(call_flags("FPCompareGE", {H(32, F32_QNAN), H(32, F32_ONE), H(32, 0)}, &flags)), "boolean FALSE");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPCompareGE", {H(32, F32_ONE), H(32, F32_ONE), H(32, 0)})), "boolean TRUE");
  EXPECT_EQ(d(call("FPCompareGT", {H(32, F32_ONE), H(32, F32_ONE), H(32, 0)})), "boolean FALSE");
  EXPECT_EQ(d(call("FPCompareGT", {H(32, F32_TWO), H(32, F32_ONE), H(32, 0)})), "boolean TRUE");
  EXPECT_EQ(d(call_flags("FPCompareGT", {H(32, F32_ONE), H(32, F32_QNAN), H(32, 0)}, &flags)), "boolean FALSE");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPCompareUN", {H(32, F32_ONE), H(32, F32_QNAN), H(32, 0)})), "boolean TRUE");
  EXPECT_EQ(d(call("FPCompareNE", {H(32, F32_ONE), H(32, F32_QNAN), H(32, 0)})), "boolean TRUE");
  // A flushed denormal raises IDC (FPUnpack) and compares as zero.
  EXPECT_EQ(d(call_flags("FPCompareEQ", {H(32, 1), H(32, 0), H(32, FZ)}, &flags)), "boolean TRUE");
  EXPECT_EQ(flags, fp::flag::IDC);
}

TEST_F(BuiltinsTest, FPConstantsAbsNeg) {
  EXPECT_EQ(d(call("FPZero", {B("1"), I(32)})), "bits(32) 0x80000000");
  EXPECT_EQ(d(call("FPZero", {B("0"), I(16)})), "bits(16) 0x0000");
  EXPECT_EQ(d(call("FPInfinity", {B("0"), I(16)})), "bits(16) 0x7c00");
  EXPECT_EQ(d(call("FPInfinity", {B("1"), I(64)})), "bits(64) 0xfff0000000000000");
  EXPECT_EQ(d(call("FPMaxNormal", {B("0"), I(32)})), "bits(32) 0x7f7fffff");
  EXPECT_EQ(d(call("FPDefaultNaN", {I(64)})), "bits(64) 0x7ff8000000000000");
  EXPECT_EQ(d(call("FPDefaultNaN", {H(32, 0), I(16)})), "bits(16) 0x7e00");
  EXPECT_EQ(d(call("FPTwo", {B("0"), I(32)})), "bits(32) 0x40000000");
  EXPECT_EQ(d(call("FPThree", {B("1"), I(16)})), "bits(16) 0xc200");
  EXPECT_EQ(d(call("FPOnePointFive", {B("0"), I(64)})), "bits(64) 0x3ff8000000000000");
  EXPECT_EQ(d(call("FPOne", {B("1"), I(32)})), "bits(32) 0xbf800000");
  EXPECT_EQ(d(call("FPPointFive", {B("0"), I(16)})), "bits(16) 0x3800");
  EXPECT_EQ(d(call("FPPointFive", {B("0"), I(64)})), "bits(64) 0x3fe0000000000000");
  EXPECT_THROW(call("FPZero", {B("0"), I(8)}), RuntimeError);
  EXPECT_EQ(d(call("FPAbs", {H(16, 0xbc00)})), "bits(16) 0x3c00");
  EXPECT_EQ(d(call("FPNeg", {H(16, 0x3c00), H(32, 0)})), "bits(16) 0xbc00");
  EXPECT_EQ(d(call("FPNeg", {H(32, F32_SNAN)})), "bits(32) 0xff800001");  // no NaN processing
}

TEST_F(BuiltinsTest, FPProcessNaNs) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call_flags("FPProcessNaNs", {H(32, F32_ONE), H(32, F32_SNAN), H(32, 0)}, &flags)),
            "(boolean TRUE, bits(32) 0x7fc00001)");
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPProcessNaNs", {H(32, F32_ONE), H(32, F32_TWO), H(32, 0)})), "(boolean FALSE, bits(32) 0x00000000)");
  // The manual's five-argument form, with the types first.
  const Value qnan = Value::enumeration(fptype_type, 4), nonzero = Value::enumeration(fptype_type, 2);
  EXPECT_EQ(d(call("FPProcessNaNs", {qnan, nonzero, H(32, F32_QNAN), H(32, F32_ONE), H(32, DN)})),
            "(boolean TRUE, bits(32) 0x7fc00000)");
  EXPECT_EQ(d(call("FPProcessNaNs3", {H(16, 0x3c00), H(16, 0x7e01), H(16, 0x7c01), H(32, 0)})),
            "(boolean TRUE, bits(16) 0x7e01)");  // the signalling NaN (op3) wins, quieted
}

TEST_F(BuiltinsTest, FPUnpackAndRoundingMode) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call_flags("FPUnpack", {H(32, 0xc0200000), H(32, 0)}, &flags)),
            "(FPType FPType_Nonzero, bits(1) 0x1, real -2.5)");
  EXPECT_EQ(d(call_flags("FPUnpack", {H(32, 1), H(32, FZ)}, &flags)), "(FPType FPType_Zero, bits(1) 0x0, real 0)");
  EXPECT_EQ(flags, fp::flag::IDC);
  EXPECT_EQ(d(call("FPUnpack", {H(16, 0x7c01), H(32, 0)})), "(FPType FPType_SNaN, bits(1) 0x0, real 0)");
  EXPECT_EQ(d(call("FPUnpack", {H(16, 0x0001), H(32, 0)})), "(FPType FPType_Denormal, bits(1) 0x0, real 5.960464477539063e-08)");
  EXPECT_EQ(d(call("FPRoundingMode", {H(32, 3u << 22)})), "FPRounding FPRounding_ZERO");
  EXPECT_EQ(d(call("FPRoundingMode", {H(64, 1u << 22)})), "FPRounding FPRounding_POSINF");
  EXPECT_EQ(d(call("FPRoundingMode", {H(32, 0)})), "FPRounding FPRounding_TIEEVEN");
}

TEST_F(BuiltinsTest, FPConversions) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call("FPConvert", {H(32, F32_ONE), H(32, 0), I(16)})), "bits(16) 0x3c00");
  EXPECT_EQ(d(call("FPConvert", {H(16, 0x3c00), H(32, 0), I(64)})), "bits(64) 0x3ff0000000000000");
  // 1 + 2^-11 is a tie between two halves: nearest-even goes down, POSINF up.
  EXPECT_EQ(d(call_flags("FPConvert", {H(32, 0x3f801000), H(32, 0), I(16)}, &flags)), "bits(16) 0x3c00");
  EXPECT_EQ(flags, fp::flag::IXC);
  EXPECT_EQ(d(call("FPConvert", {H(32, 0x3f801000), H(32, 0), rounding("FPRounding_POSINF"), I(16)})),
            "bits(16) 0x3c01");
  EXPECT_EQ(d(call("FPConvert", {H(32, 0x3f801000), H(32, 0), I(1), I(16)})), "bits(16) 0x3c01");
  EXPECT_THROW(call("FPConvert", {H(32, F32_ONE), H(32, 0), rounding("FPRounding_ZERO")}), RuntimeError);
  // FPConvertBF: 0x3f808000 is a tie (stays even), 0x3f818000 rounds up to even.
  EXPECT_EQ(d(call("FPConvertBF", {H(32, 0x3f808000), H(32, 0)})), "bits(16) 0x3f80");
  EXPECT_EQ(d(call("FPConvertBF", {H(32, 0x3f818000), H(32, 0)})), "bits(16) 0x3f82");
  // FPToFixed(op, fbits, unsigned, fpcr, rounding, M)
  EXPECT_EQ(d(call_flags("FPToFixed", {H(32, 0x40200000), I(0), T(false), H(32, 0), rounding("FPRounding_TIEEVEN"), I(32)}, &flags)),
            "bits(32) 0x00000002");  // 2.5 -> 2
  EXPECT_EQ(flags, fp::flag::IXC);
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0x40200000), I(0), T(false), H(32, 0), rounding("FPRounding_TIEAWAY"), I(32)})),
            "bits(32) 0x00000003");
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0x40200000), I(1), T(false), H(32, 0), rounding("FPRounding_ZERO"), I(64)})),
            "bits(64) 0x0000000000000005");  // 2.5 * 2^1
  // A narrow M saturates with IOC and no IXC.
  EXPECT_EQ(d(call_flags("FPToFixed", {H(32, 0x43960000), I(0), T(true), H(32, 0), rounding("FPRounding_ZERO"), I(8)}, &flags)),
            "bits(8) 0xff");  // 300.0
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call_flags("FPToFixed", {H(32, 0xbfc00000), I(0), T(false), H(32, 0), rounding("FPRounding_ZERO"), I(16)}, &flags)),
            "bits(16) 0xffff");  // -1.5 -> -1
  EXPECT_EQ(flags, fp::flag::IXC);
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0xc3960000), I(0), T(false), H(32, 0), rounding("FPRounding_ZERO"), I(8)})),
            "bits(8) 0x80");  // -300 -> -128
  // FixedToFP(op, fbits, unsigned, fpcr, rounding, N)
  EXPECT_EQ(d(call("FixedToFP", {H(32, 3), I(1), T(false), H(32, 0), rounding("FPRounding_TIEEVEN"), I(32)})),
            "bits(32) 0x3fc00000");  // 3 / 2
  EXPECT_EQ(d(call("FixedToFP", {H(16, 0xffff), I(0), T(false), H(32, 0), rounding("FPRounding_TIEEVEN"), I(16)})),
            "bits(16) 0xbc00");  // -1
  EXPECT_EQ(d(call("FixedToFP", {H(32, 0), I(0), T(false), H(32, 0), I(0), I(64)})), "bits(64) 0x0000000000000000");
}

// FPRoundInt(op, fpcr, rounding, exact): values worked by hand (and as QEMU's
// Cortex-M55 gives them for VRINTX/VRINTA/VRINTM/VRINTP).
TEST_F(BuiltinsTest, FPRoundInt) {
  uint32_t flags = 0;
  EXPECT_EQ(d(call_flags("FPRoundInt", {H(32, 0x40200000), H(32, 0), rounding("FPRounding_TIEEVEN"), T(true)}, &flags)),
            "bits(32) 0x40000000");  // 2.5 -> 2.0, inexact
  EXPECT_EQ(flags, fp::flag::IXC);
  EXPECT_EQ(d(call_flags("FPRoundInt", {H(32, 0x40200000), H(32, 0), rounding("FPRounding_TIEAWAY"), T(false)}, &flags)),
            "bits(32) 0x40400000");  // 2.5 -> 3.0, no IXC when not exact
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(d(call("FPRoundInt", {H(32, 0xbf000000), H(32, 0), rounding("FPRounding_TIEEVEN"), T(false)})),
            "bits(32) 0x80000000");  // -0.5 -> -0.0
  EXPECT_EQ(d(call_flags("FPRoundInt", {H(32, 0x501502f9), H(32, 0), rounding("FPRounding_ZERO"), T(true)}, &flags)),
            "bits(32) 0x501502f9");  // 1e10 is integral
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(d(call_flags("FPRoundInt", {H(32, 0x7f800001), H(32, 0), rounding("FPRounding_ZERO"), T(false)}, &flags)),
            "bits(32) 0x7fc00001");  // signalling NaN quietened
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(d(call("FPRoundInt", {H(32, 0x7f800001), H(32, 0x02000000), rounding("FPRounding_ZERO"), T(false)})),
            "bits(32) 0x7fc00000");  // DN: the default NaN
  EXPECT_EQ(d(call_flags("FPRoundInt", {H(32, 0x00000001), H(32, 0x01000000), rounding("FPRounding_POSINF"), T(true)}, &flags)),
            "bits(32) 0x00000000");  // FZ flushes the denormal: +0 with IDC, not 1.0
  EXPECT_EQ(flags, fp::flag::IDC);
  EXPECT_EQ(d(call("FPRoundInt", {H(16, 0x3e00), H(32, 0), rounding("FPRounding_NEGINF"), T(false)})),
            "bits(16) 0x3c00");  // 1.5 -> 1.0
  EXPECT_EQ(d(call("FPRoundInt", {H(64, 0xc004000000000000), H(32, 0), rounding("FPRounding_POSINF"), T(false)})),
            "bits(64) 0xc000000000000000");  // -2.5 -> -2.0
}

TEST_F(BuiltinsTest, FPBFloat16) {
  EXPECT_EQ(d(call("BFAdd", {H(16, 0x3f80), H(16, 0x3f80), H(32, 0)})), "bits(16) 0x4000");
  EXPECT_EQ(d(call("BFMul", {H(16, 0x4000), H(16, 0x4040), H(32, 0)})), "bits(16) 0x40c0");
  EXPECT_EQ(d(call("BFMulAdd", {H(16, 0x3f80), H(16, 0x4000), H(16, 0x4040), H(32, 0)})), "bits(16) 0x40e0");
  EXPECT_THROW(call("BFAdd", {H(32, 0), H(32, 0), H(32, 0)}), RuntimeError);
}

// The words entry (Builtin::words) that compiled code calls: the same
// results and flags as fn, from words and widths (0: a boolean). 1 + 2 = 3,
// 1 + 2 x 3 = 7, -(1) and the NaN cases are worked by hand.
TEST_F(BuiltinsTest, FPWordsEntry) {
  auto words = [&](const char* name, std::vector<uint64_t> v, std::vector<uint32_t> w, uint32_t* flags) {
    const Builtin& b = table.at(index(name, v.size()));
    EXPECT_NE(b.words, nullptr) << name;
    Expr e;
    e.kind = ExprKind::Call;
    e.name = name;
    CallSite site{*engine, e};
    engine->fp_flags = 0;
    const uint64_t r = b.words(site, v.data(), w.data(), v.size());
    *flags = engine->fp_flags;
    return r;
  };
  uint32_t flags = 0;
  EXPECT_EQ(words("FPAdd", {F32_ONE, F32_TWO, 0}, {32, 32, 32}, &flags), 0x40400000u);
  EXPECT_EQ(flags, 0u);
  EXPECT_EQ(words("FPMulAdd", {F32_ONE, F32_TWO, F32_THREE, 0}, {32, 32, 32, 64}, &flags), 0x40e00000u);
  EXPECT_EQ(words("FPNeg", {F32_ONE}, {32}, &flags), 0xbf800000u);
  // A signalling NaN: the quiet NaN and IOC, or no flag with fpexc FALSE.
  EXPECT_EQ(words("FPAdd", {F32_SNAN, F32_ONE, 0}, {32, 32, 32}, &flags), 0x7fc00001u);
  EXPECT_EQ(flags, fp::flag::IOC);
  EXPECT_EQ(words("FPAdd", {F32_SNAN, F32_ONE, 0, 0}, {32, 32, 32, 0}, &flags), 0x7fc00001u);
  EXPECT_EQ(flags, 0u);
  // fpscr_controlled FALSE: StandardFPSCRValue() (DN): the default NaN.
  EXPECT_EQ(words("FPAdd", {F32_QNAN, F32_ONE, 0}, {32, 32, 0}, &flags), 0x7fc00000u);
  EXPECT_THROW(words("FPAdd", {F32_ONE, 0x3c00, 0}, {32, 16, 32}, &flags), RuntimeError);
  EXPECT_THROW(words("FPAdd", {1, 1, 0}, {8, 8, 32}, &flags), RuntimeError);
}

// The Armv7-M / Armv8-M spelling: boolean fpscr_controlled.
TEST_F(BuiltinsTest, FPSCRControlled) {
  // TRUE: FPSCR (here RMode towards zero); FALSE: StandardFPSCRValue() (DN, FZ).
  engine->globals().at(0) = Value::bits(32, 3u << 22);
  EXPECT_EQ(d(call("FPDiv", {H(32, F32_ONE), H(32, F32_THREE), T(true)})), "bits(32) 0x3eaaaaaa");
  EXPECT_EQ(d(call("FPDiv", {H(32, F32_ONE), H(32, F32_THREE), T(false)})), "bits(32) 0x3eaaaaab");
  EXPECT_EQ(d(call("FPAdd", {H(32, F32_QNAN), H(32, F32_ONE), T(true)})), "bits(32) 0x7fc00001");
  EXPECT_EQ(d(call("FPAdd", {H(32, F32_QNAN), H(32, F32_ONE), T(false)})), "bits(32) 0x7fc00000");
  // FPToFixed(op, M, fraction_bits, unsigned, round_towards_zero, fpscr_controlled)
  engine->globals().at(0) = Value::bits(32, 0);
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0x40200000), I(32), I(0), T(false), T(false), T(true)})), "bits(32) 0x00000002");
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0x40600000), I(32), I(0), T(false), T(false), T(true)})), "bits(32) 0x00000004");
  EXPECT_EQ(d(call("FPToFixed", {H(32, 0x40600000), I(32), I(0), T(false), T(true), T(true)})), "bits(32) 0x00000003");
  // FixedToFP(op, N, fraction_bits, unsigned, round_to_nearest, fpscr_controlled)
  EXPECT_EQ(d(call("FixedToFP", {H(32, 3), I(32), I(1), T(true), T(true), T(false)})), "bits(32) 0x3fc00000");
}

}  // namespace
}  // namespace mlisa::spec
