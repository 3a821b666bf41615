// Engine tests: small pseudocode written for the tests, parsed, checked and
// run; expected values worked out by hand from the language's definition.
#include <fmt/format.h>
#include "core/diag.hpp"
#include "spec/checker.hpp"
#include "spec/coverage.hpp"
#include "spec/engine.hpp"
#include "spec/parser.hpp"

#include <gtest/gtest.h>

#include <random>

using namespace mlisa::spec;

namespace {

const BuiltinTable& builtins() { return language_builtins(); }

// A module from declarations, and a way to evaluate snippets against it.
class Program {
 public:
  explicit Program(const std::string& declarations = "") : Program(std::vector<std::string>{declarations}) {}
  // Declarations in several files, read in order (decls.asl, decls2.asl, ...).
  explicit Program(const std::vector<std::string>& files) {
    for (size_t i = 0; i < files.size(); ++i)
      if (!files[i].empty())
        parse_declarations(module_, sources_, sources_.add(i ? fmt::format("decls{}.asl", i + 1) : "decls.asl", files[i]));
    Checker(module_, sources_, builtins()).check_module();
    engine_ = std::make_unique<Engine>(module_, builtins());
    engine_->sources = &sources_;
  }

  Value eval(const std::string& text) {
    const uint32_t f = sources_.add("<eval>", text);
    EvalProgram p = parse_eval(module_, sources_, f);
    Checker checker(module_, sources_, builtins());
    const int32_t frame_size = checker.check_eval(p);
    std::vector<Value> frame(static_cast<size_t>(frame_size));
    engine_->run({&p.block}, frame);
    return p.result ? engine_->eval(*p.result, frame) : Value();
  }

  std::string describe(const std::string& text) { return eval(text).describe(); }

  // The formatted run-time error of a snippet ("" when it runs).
  std::string runtime_error(const std::string& text) {
    try {
      eval(text);
    } catch (const ExecutionError& e) {
      return e.format(sources_);
    }
    return "";
  }

  Engine& engine() { return *engine_; }
  Module& module() { return module_; }
  SourceSet& sources() { return sources_; }

 private:
  Module module_;
  SourceSet sources_;
  std::unique_ptr<Engine> engine_;
};

std::string check_error(const std::string& declarations, const std::string& eval_text = "") {
  try {
    Program p(declarations);
    if (!eval_text.empty()) p.eval(eval_text);
  } catch (const mlisa::InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST(Engine, IntegerArithmetic) {
  Program p;
  EXPECT_EQ(p.describe("integer x = 6; x * 7"), "integer 42");
  EXPECT_EQ(p.describe("7 DIV 2"), "integer 3");
  EXPECT_EQ(p.describe("-7 DIV 2"), "integer -4");  // DIV rounds down
  EXPECT_EQ(p.describe("-7 MOD 2"), "integer 1");   // MOD is non-negative for a positive divisor
  EXPECT_EQ(p.describe("2 ^ 10"), "integer 1024");
  EXPECT_EQ(p.describe("1 << 40"), "integer 1099511627776");
  EXPECT_EQ(p.describe("-9 >> 1"), "integer -5");  // an arithmetic shift rounds down
  EXPECT_EQ(p.describe("integer y = 3; y = y + 1; y"), "integer 4");
  EXPECT_EQ(p.describe("3 < 4 && !(2 == 3)"), "boolean TRUE");
  EXPECT_EQ(p.describe("if 1 > 2 then 10 else 20"), "integer 20");
}

TEST(Engine, BitsOperations) {
  Program p;
  EXPECT_EQ(p.describe("'1010' : '0101'"), "bits(8) 0xa5");
  EXPECT_EQ(p.describe("bits(8) x = '10100101'; x<7:4>"), "bits(4) 0xa");
  EXPECT_EQ(p.describe("bits(8) x = '10100101'; x<3:0> = '1111'; x"), "bits(8) 0xaf");
  EXPECT_EQ(p.describe("bits(8) x = '10100101'; x<0>"), "bits(1) 0x1");
  EXPECT_EQ(p.describe("bits(8) x = '11110000'; x + 1"), "bits(8) 0xf1");
  EXPECT_EQ(p.describe("bits(8) x = '11111111'; x + 1"), "bits(8) 0x00");  // modulo 2^8
  EXPECT_EQ(p.describe("'1100' AND '1010'"), "bits(4) 0x8");
  EXPECT_EQ(p.describe("'1100' EOR '1010'"), "bits(4) 0x6");
  EXPECT_EQ(p.describe("NOT '1100'"), "bits(4) 0x3");
  EXPECT_EQ(p.describe("integer i = 0x1234; i<7:0>"), "bits(8) 0x34");  // integer slice
  EXPECT_EQ(p.describe("'101' IN {'1x1'}"), "boolean TRUE");
  EXPECT_EQ(p.describe("'100' IN {'1x1', '0xx'}"), "boolean FALSE");
  EXPECT_EQ(p.describe("5 IN {1, 3..6}"), "boolean TRUE");
  // 128-bit values cross the 64-bit word boundary.
  EXPECT_EQ(p.describe("bits(128) q = Zeros(128); q<71:64> = '11111111'; q<127:60>"),
            "bits(68) 0x00000000000000ff0");
}

TEST(Engine, FunctionsWithWidthParameters) {
  Program p(R"(
bits(N) Double(bits(N) x)
    return x + x;

bits(2*N) Widen(bits(N) x)
    return Zeros(N) : x;

integer Sum(integer n)
    integer total = 0;
    for i = 1 to n
        total = total + i;
    return total;
)");
  EXPECT_EQ(p.describe("Double('0011')"), "bits(4) 0x6");
  EXPECT_EQ(p.describe("Double('00000011')"), "bits(8) 0x06");
  EXPECT_EQ(p.describe("Widen('1111')"), "bits(8) 0x0f");
  EXPECT_EQ(p.describe("Sum(100)"), "integer 5050");
}

TEST(Engine, GettersAndSetters) {
  Program p(R"(
array bits(8) _M[0..3];

bits(8) M[integer i]
    return _M[i];

M[integer i] = bits(8) value
    _M[i] = value;
)");
  EXPECT_EQ(p.describe("M[2] = '00001111'; M[2]"), "bits(8) 0x0f");
  EXPECT_EQ(p.describe("M[1]"), "bits(8) 0x00");
  EXPECT_NE(p.runtime_error("M[4]"), "");  // outside the array
}

TEST(Engine, ControlFlow) {
  Program p(R"(
integer Classify(bits(3) x)
    case x of
        when '000'
            return 0;
        when '1x1'
            return 1;
        otherwise
            return 2;

integer CountDown(integer n)
    integer steps = 0;
    while n > 0 do
        n = n - 1;
        steps = steps + 1;
    return steps;

integer RepeatTwice()
    integer k = 0;
    repeat
        k = k + 1;
    until k >= 2;
    return k;

integer Descend()
    integer last = 0;
    for i = 5 downto 3
        last = i;
    return last;
)");
  EXPECT_EQ(p.describe("Classify('000')"), "integer 0");
  EXPECT_EQ(p.describe("Classify('111')"), "integer 1");
  EXPECT_EQ(p.describe("Classify('101')"), "integer 1");
  EXPECT_EQ(p.describe("Classify('110')"), "integer 2");
  EXPECT_EQ(p.describe("CountDown(5)"), "integer 5");
  EXPECT_EQ(p.describe("RepeatTwice()"), "integer 2");
  EXPECT_EQ(p.describe("Descend()"), "integer 3");
}

TEST(Engine, TuplesAndImplicitDeclarations) {
  Program p(R"(
(bits(4), boolean) Pair(bits(4) x)
    return (x, TRUE);
)");
  EXPECT_EQ(p.describe("(bits(4) a, boolean b) = Pair('1001'); a"), "bits(4) 0x9");
  EXPECT_EQ(p.describe("(v, -) = Pair('0110'); v"), "bits(4) 0x6");  // Armv8-M style: declared by assignment
  EXPECT_EQ(p.describe("d = 3; d + 1"), "integer 4");
}

TEST(Engine, ACallMayComeBeforeItsCallee) {
  // Before the callee is checked, its parameters' named types must already
  // be the types (sme2's shared_dot.isa calls BFDotAdd of shared_mopa.isa,
  // read after it, with an FPCRType).
  Program p(std::vector<std::string>{R"(
type Pair of bits(4) {
    [3:2] hi,
    [1:0] lo
};
)",
                                     R"(
bits(4) Join(Pair p)
    return Swap(p);
)",
                                     R"(
bits(4) Swap(Pair p)
    return p.lo : p.hi;
)"});
  EXPECT_EQ(p.describe("Pair q = '0110'; Join(q)"), "bits(4) 0x9");
}

TEST(Engine, RuntimeErrorsNameTheLine) {
  Program p(R"(
bits(N) Bad(bits(N) x)
    return x : x;
)");
  const std::string err = p.runtime_error("Bad('01')");
  EXPECT_NE(err.find("bits(4) value where bits(2) is expected"), std::string::npos) << err;
  EXPECT_NE(p.runtime_error("integer i = 3; i DIV 0").find("division by zero"), std::string::npos);
  EXPECT_NE(p.runtime_error("assert 1 == 2;").find("assertion failed"), std::string::npos);
  const std::string slice = p.runtime_error("bits(4) x = '0000'; integer i = 7; x<i>");
  EXPECT_NE(slice.find("of a 4-bit value"), std::string::npos) << slice;
  EXPECT_NE(slice.find("<eval>:1:"), std::string::npos) << slice;
}

TEST(Engine, UndefinedEndsTheInstruction) {
  Program p;
  try {
    p.eval("UNDEFINED;");
    FAIL() << "UNDEFINED did not end the instruction";
  } catch (const EndOfInstruction& end) {
    EXPECT_EQ(end.kind, EndOfInstruction::Kind::Undefined);
    EXPECT_EQ(end.loc.line, 1u);
  }
  try {
    p.eval("SEE \"VMOV (register)\";");
    FAIL();
  } catch (const EndOfInstruction& end) {
    EXPECT_EQ(end.kind, EndOfInstruction::Kind::See);
    EXPECT_EQ(end.detail, "VMOV (register)");
  }
}

TEST(Checker, StaticDiagnostics) {
  // Each error names the file, line and column; the column is the offending expression.
  std::string e = check_error("", "bits(8) x = '1010';");
  EXPECT_NE(e.find("<eval>:1:13: error: initialiser: width mismatch, bits(4) value where bits(8) is expected"),
            std::string::npos)
      << e;
  e = check_error("", "integer x = y + 1;");
  EXPECT_NE(e.find("<eval>:1:13: error: unknown identifier 'y'"), std::string::npos) << e;
  e = check_error("", "Frob(1);");
  EXPECT_NE(e.find("<eval>:1:1: error: unknown function 'Frob'"), std::string::npos) << e;
  e = check_error("", "constant integer k = 1; k = 2;");
  EXPECT_NE(e.find("cannot assign to constant 'k'"), std::string::npos) << e;
  e = check_error("", "'1010' + '10'");
  EXPECT_NE(e.find("width mismatch, bits(4) and bits(2)"), std::string::npos) << e;
  e = check_error("bits(4) F(bits(4) x)\n    return x;\n", "F('101')");
  EXPECT_NE(e.find("argument 1 of F: width mismatch"), std::string::npos) << e;
  e = check_error("integer G()\n    return TRUE;\n");
  EXPECT_NE(e.find("decls.asl:2:12: error: return value: boolean value where integer is expected"),
            std::string::npos)
      << e;
  e = check_error("", "bits(4) x = '0000'; x<5:2>");
  EXPECT_NE(e.find("bit 5 is beyond the 4 bits of the value"), std::string::npos) << e;
  // x<i> is one bit wide even when i is known only at run time.
  e = check_error("", "bits(4) x = Zeros(4); integer i = 3; x<i> = '11';");
  EXPECT_NE(e.find("assignment: width mismatch, bits(2) value where bits(1) is expected"), std::string::npos) << e;
  e = check_error("", "1 == TRUE");
  EXPECT_NE(e.find("operator == cannot combine integer and boolean"), std::string::npos) << e;
  // The caret line sits under the column.
  e = check_error("", "integer x = y;");
  EXPECT_NE(e.find("integer x = y;\n            ^"), std::string::npos) << e;
}

TEST(Coverage, RecordsLinesAndBranches) {
  Program p(R"(
integer Pick(integer x)
    if x > 0 then
        return 1;
    else
        return 2;
)");
  Coverage cov;
  p.engine().coverage = &cov;
  p.eval("Pick(5)");
  const FunctionDecl* pick = nullptr;
  for (const FunctionDecl* f : p.module().functions)
    if (f->name == "Pick") pick = f;
  ASSERT_NE(pick, nullptr);
  Coverage::Summary s = cov.summarize({&pick->body});
  EXPECT_EQ(s.lines, 3u);      // the if, and the two returns
  EXPECT_EQ(s.lines_hit, 2u);  // the if and `return 1`
  EXPECT_EQ(s.branches, 2u);
  EXPECT_EQ(s.branches_hit, 1u);
  p.eval("Pick(-5)");
  s = cov.summarize({&pick->body});
  EXPECT_EQ(s.lines_hit, 3u);
  EXPECT_EQ(s.branches_hit, 2u);
}

// The same arithmetic in pseudocode and in C++ on random inputs.
TEST(Differential, AddWithCarryMatchesCpp) {
  Program p(R"(
(bits(N), bits(4)) AddWithCarry(bits(N) x, bits(N) y, bit carry_in)
    integer unsigned_sum = UInt(x) + UInt(y) + UInt(carry_in);
    integer signed_sum = SInt(x) + SInt(y) + UInt(carry_in);
    bits(N) result = unsigned_sum<N-1:0>;
    bit n = result<N-1>;
    bit z = if IsZero(result) then '1' else '0';
    bit c = if UInt(result) == unsigned_sum then '0' else '1';
    bit v = if SInt(result) == signed_sum then '0' else '1';
    return (result, n:z:c:v);
)");
  const FunctionDecl* awc = p.module().functions.front();
  std::mt19937_64 rng(2024);
  for (int i = 0; i < 2000; ++i) {
    const uint32_t x = static_cast<uint32_t>(rng()), y = static_cast<uint32_t>(rng());
    const uint32_t carry = rng() & 1;
    const Value r = p.engine().call(*awc, {Value::bits(32, x), Value::bits(32, y), Value::bits(1, carry)});
    const uint64_t wide = uint64_t{x} + y + carry;
    const uint32_t sum = static_cast<uint32_t>(wide);
    const int64_t signed_wide = int64_t{static_cast<int32_t>(x)} + static_cast<int32_t>(y) + carry;
    const uint32_t nzcv = ((sum >> 31) << 3) | ((sum == 0) << 2) | ((wide >> 32) << 1) |
                          (signed_wide != static_cast<int32_t>(sum));
    ASSERT_EQ(r.elems()[0].as_bits().low64(), sum);
    ASSERT_EQ(r.elems()[1].as_bits().low64(), nzcv) << std::hex << x << " " << y << " " << carry;
  }
}

TEST(Differential, SaturatingDotProductMatchesCpp) {
  Program p(R"(
bits(32) DotSat(bits(32) a, bits(32) b)
    integer acc = 0;
    for e = 0 to 3
        acc = acc + SInt(a<8*e+7:8*e>) * SInt(b<8*e+7:8*e>);
    acc = acc * 70000;
    return SignedSat(acc, 32);
)");
  const FunctionDecl* dot = p.module().functions.front();
  std::mt19937_64 rng(7);
  for (int i = 0; i < 1000; ++i) {
    const uint32_t a = static_cast<uint32_t>(rng()), b = static_cast<uint32_t>(rng());
    int64_t acc = 0;
    for (int e = 0; e < 4; ++e) acc += int64_t{static_cast<int8_t>(a >> (8 * e))} * static_cast<int8_t>(b >> (8 * e));
    acc *= 70000;
    const int64_t sat = acc > INT32_MAX ? INT32_MAX : acc < INT32_MIN ? INT32_MIN : acc;
    const Value r = p.engine().call(*dot, {Value::bits(32, a), Value::bits(32, b)});
    ASSERT_EQ(r.as_bits().low64(), static_cast<uint32_t>(sat));
  }
}
