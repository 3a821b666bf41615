// The integer range analysis (spec/int_ranges.hpp) on small functions written
// here, added to the toy target's shared file. Every expected range is worked
// by hand from the pseudocode: the interval rules, the loops widened, the
// calls joined with what a machine may pass (32 bits).
#include "spec/int_ranges.hpp"

#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mlisa::spec {
namespace {

const std::string kDataDir = std::string(MLISA_SOURCE_DIR) + "/tests/spec/data";

std::unique_ptr<TargetSpec> toy_with(const std::string& shared) {
  std::vector<SpecSource> sources;
  for (SpecSource& s : specs_with_dir("toy", kDataDir))
    if (s.path.find("shared.isa") != std::string::npos) sources.push_back(std::move(s));
  sources.push_back({"isa/toy/shared_extra.isa", shared});
  return TargetSpec::load("toy", sources, language_builtins());
}

const FunctionDecl& function(const TargetSpec& spec, const std::string& name) {
  for (const FunctionDecl* f : spec.module().functions)
    if (f->name == name) return *f;
  throw std::runtime_error("no function " + name);
}

// The slot of a local declared (or a loop's variable, or a parameter) by name.
int32_t slot(const FunctionDecl& f, const std::string& name) {
  for (const Param& p : f.params)
    if (p.name == name) return p.slot;
  int32_t found = -1;
  for_each_stmt(f.body, [&](const Stmt& s) {
    for (size_t i = 0; i < s.names.size(); ++i)
      if (s.names[i] == name) found = s.slots[i];
    if (s.kind == StmtKind::For && s.var == name) found = s.var_slot;
  });
  return found;
}

constexpr Int k32 = Int{1} << 31;

TEST(IntRanges, StatementsLoopsAndTheMachinesArguments) {
  const auto spec = toy_with(R"(integer Lanes(bits(2) size, integer beat)
    integer esize = 8 << UInt(size);
    integer elements = 32 DIV esize;
    integer total = 0;
    for e = 0 to elements - 1
        integer ne = beat * elements + e;
        if ne MOD 2 == 0 then
            ne = ne + 1;
        total = total + ne;
    return total;
)");
  const IntRanges r(*spec);
  const FunctionDecl& f = function(*spec, "Lanes");
  // 8 << [0, 3]; 32 DIV [8, 64] rounds down.
  EXPECT_EQ(r.slot(&f, slot(f, "esize")), IntRange::of(8, 64));
  EXPECT_EQ(r.slot(&f, slot(f, "elements")), IntRange::of(0, 4));
  EXPECT_EQ(r.slot(&f, slot(f, "e")), IntRange::of(-1, 3));  // the hull of 0 and elements - 1
  // beat: no call in the specs, so what a machine may pass; [-2^31, 2^31 - 1] * [0, 4] + [-1, 3],
  // and one more in the branch.
  EXPECT_EQ(r.slot(&f, slot(f, "beat")), IntRange::of(-k32, k32 - 1));
  EXPECT_EQ(r.slot(&f, slot(f, "ne")), IntRange::of(-4 * k32 - 1, 4 * k32));
  // The sum grows with every round of the loop: widened to every value.
  EXPECT_TRUE(r.slot(&f, slot(f, "total")).is_top());
  EXPECT_FALSE(r.slot(&f, slot(f, "total")).fits64());
}

TEST(IntRanges, CallsJoinTheirArgumentsAndResults) {
  const auto spec = toy_with(R"(integer Twice(integer x)
    return 2 * x;

(integer, bits(4)) Pair(bits(2) b)
    return (UInt(b), '0000');

integer Caller(bits(2) b)
    integer small = Twice(5);
    integer large = Twice(1 << 40);
    (integer p, bits(4) mask) = Pair(b);
    return p;
)");
  const IntRanges r(*spec);
  const FunctionDecl& twice = function(*spec, "Twice");
  const FunctionDecl& caller = function(*spec, "Caller");
  // x: the machines' 32 bits joined with 5 and 2^40.
  EXPECT_EQ(r.slot(&twice, slot(twice, "x")), IntRange::of(-k32, Int{1} << 40));
  // A call's result is every value the function returns, whoever calls it.
  EXPECT_EQ(r.slot(&caller, slot(caller, "small")), IntRange::of(-2 * k32, Int{1} << 41));
  EXPECT_EQ(r.slot(&caller, slot(caller, "p")), IntRange::of(0, 3));
}

TEST(IntRanges, ValuesBeyondSixtyFourBitsAreSaidSo) {
  const auto spec = toy_with(R"(integer Wide(bits(32) x, bits(64) z, bits(8) y)
    integer big = UInt(x) * UInt(x);
    integer huge = UInt(z) * UInt(z);
    integer fine = UInt(y) * UInt(y) - 1;
    integer n = 0;
    while n < 10 do
        n = n + 1;
    return big + fine;
)");
  const IntRanges r(*spec);
  const FunctionDecl& f = function(*spec, "Wide");
  const Int m = (Int{1} << 32) - 1;
  EXPECT_EQ(r.slot(&f, slot(f, "big")), IntRange::of(0, m * m));  // 2^64 - 2^33 + 1 at most
  EXPECT_FALSE(r.slot(&f, slot(f, "big")).fits64());
  // (2^64 - 1)^2 is beyond 128 bits too: every value (the Int checks it).
  EXPECT_TRUE(r.slot(&f, slot(f, "huge")).is_top());
  EXPECT_EQ(r.slot(&f, slot(f, "fine")), IntRange::of(-1, 255 * 255 - 1));
  EXPECT_TRUE(r.slot(&f, slot(f, "fine")).fits64());
  // A counter the analysis cannot bound (it does not read the condition).
  EXPECT_TRUE(r.slot(&f, slot(f, "n")).is_top());
}

}  // namespace
}  // namespace mlisa::spec
