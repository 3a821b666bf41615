// Bits across word boundaries and Value's descriptions.
#include "spec/ast.hpp"
#include "spec/builtins.hpp"
#include "spec/value.hpp"

#include <gtest/gtest.h>

namespace mlisa::spec {
namespace {

// A bits value from a binary string (most significant first).
Bits bin(const std::string& s) {
  Bits b = Bits::zeros(static_cast<uint32_t>(s.size()));
  for (size_t i = 0; i < s.size(); ++i)
    if (s[s.size() - 1 - i] == '1') b.set_bit(static_cast<uint32_t>(i), true);
  return b;
}

TEST(Bits, ConstructionMasksToWidth) {
  EXPECT_EQ(Bits(1, 3).low64(), 1u);
  EXPECT_EQ(Bits(63, ~uint64_t{0}).low64(), ~uint64_t{0} >> 1);
  EXPECT_EQ(Bits(64, ~uint64_t{0}).low64(), ~uint64_t{0});
  EXPECT_EQ(Bits(0, 5).low64(), 0u);
  const Bits w(65, ~uint64_t{0});
  EXPECT_FALSE(w.is_small());
  EXPECT_EQ(w.word(0), ~uint64_t{0});
  EXPECT_EQ(w.word(1), 0u);
  EXPECT_EQ(w.word(7), 0u);  // beyond the width
  EXPECT_THROW(Bits(65537, 0), RuntimeError);
  EXPECT_NO_THROW(Bits(65536, 0));
}

TEST(Bits, OnesAndZerosAtEveryInterestingWidth) {
  for (uint32_t w : {0u, 1u, 63u, 64u, 65u, 127u, 128u, 129u, 2048u}) {
    const Bits o = Bits::ones(w);
    const Bits z = Bits::zeros(w);
    EXPECT_EQ(o.popcount(), static_cast<int>(w)) << w;
    EXPECT_TRUE(o.is_ones()) << w;
    EXPECT_TRUE(z.is_zero()) << w;
    EXPECT_EQ(~o, z) << w;
    EXPECT_EQ(~z, o) << w;
    EXPECT_EQ(o.highest_set_bit(), static_cast<int>(w) - 1) << w;
    EXPECT_EQ(z.highest_set_bit(), -1) << w;
    EXPECT_EQ(z.lowest_set_bit(), static_cast<int>(w)) << w;
    EXPECT_EQ(o.add(Bits(w, 1)), z) << w;  // all ones + 1 wraps to zero
    EXPECT_EQ(z.sub(Bits(w, 1)), o) << w;
  }
}

TEST(Bits, TopWordStaysMasked) {
  Bits b = Bits::zeros(65);
  b.set_word(1, ~uint64_t{0});
  EXPECT_EQ(b.word(1), 1u);
  EXPECT_EQ(b.popcount(), 1);
  b.set_word(5, 1);  // beyond the width: ignored
  EXPECT_EQ(b.popcount(), 1);
  Bits s(63, 0);
  s.set_word(0, ~uint64_t{0});
  EXPECT_EQ(s.low64(), ~uint64_t{0} >> 1);
  EXPECT_EQ((~Bits::zeros(130)).word(2), 3u);
}

TEST(Bits, CopyAndMove) {
  Bits a = Bits::ones(200);
  Bits b = a;  // deep copy
  b.set_bit(0, false);
  EXPECT_TRUE(a.bit(0));
  EXPECT_FALSE(b.bit(0));
  Bits c = std::move(b);
  EXPECT_EQ(c.width(), 200u);
  EXPECT_FALSE(c.bit(0));
  EXPECT_EQ(b.width(), 0u);  // NOLINT: moved-from is bits(0)
  c = a;                     // same word count: reuses storage
  EXPECT_EQ(c, a);
  c = Bits(8, 0x5a);  // large to small
  EXPECT_EQ(c.low64(), 0x5au);
  c = a;  // small to large
  EXPECT_EQ(c, a);
  Bits d(64, 7);
  d = Bits::ones(65);
  EXPECT_EQ(d.popcount(), 65);
  d = std::move(d);  // self-move leaves it intact
  EXPECT_EQ(d.popcount(), 65);
  Bits e = Bits::ones(300);
  e = Bits::ones(100);  // different word count
  EXPECT_EQ(e.width(), 100u);
  EXPECT_EQ(e.popcount(), 100);
}

TEST(Bits, SliceAcrossWords) {
  Bits b = Bits::zeros(128);
  b.set_word(0, 0xfedcba9876543210ull);
  b.set_word(1, 0x0123456789abcdefull);
  EXPECT_EQ(b.slice(60, 8).low64(), 0xffu);  // bits 67..60 straddle the words
  EXPECT_EQ(b.slice(56, 12).low64(), 0xffeu);
  EXPECT_EQ(b.slice(32, 64).low64(), 0x89abcdeffedcba98ull);
  EXPECT_EQ(b.slice(0, 4).low64(), 0x0u);
  EXPECT_EQ(b.slice(124, 4).low64(), 0x0u);
  EXPECT_EQ(b.slice(120, 8).low64(), 0x01u);
  const Bits wide = b.slice(4, 124);
  EXPECT_EQ(wide.width(), 124u);
  EXPECT_EQ(wide.word(0), 0xffedcba987654321ull);
  EXPECT_EQ(wide.word(1), 0x00123456789abcdeull);
  EXPECT_EQ(b.slice(10, 0).width(), 0u);
  EXPECT_EQ(b.slice(128, 0).width(), 0u);
  EXPECT_THROW(b.slice(120, 9), RuntimeError);
  EXPECT_EQ(Bits(8, 0xa5).slice(4, 4).low64(), 0xau);
}

TEST(Bits, SetSliceAcrossWords) {
  Bits b = Bits::zeros(128);
  b.set_slice(60, Bits(8, 0xff));
  EXPECT_EQ(b.word(0), 0xf000000000000000ull);
  EXPECT_EQ(b.word(1), 0xfull);
  b.set_slice(62, Bits(4, 0x0));
  EXPECT_EQ(b.word(0), 0x3000000000000000ull);
  EXPECT_EQ(b.word(1), 0xcull);
  // A wide value at an unaligned position.
  Bits big = Bits::zeros(2048);
  big.set_slice(1000, Bits::ones(100));
  EXPECT_EQ(big.popcount(), 100);
  EXPECT_EQ(big.lowest_set_bit(), 1000);
  EXPECT_EQ(big.highest_set_bit(), 1099);
  EXPECT_TRUE(big.slice(1000, 100).is_ones());
  big.set_slice(1001, Bits::zeros(98));
  EXPECT_EQ(big.popcount(), 2);
  EXPECT_THROW(big.set_slice(2000, Bits::zeros(49)), RuntimeError);
  Bits small(8, 0);
  small.set_slice(2, Bits(3, 7));
  EXPECT_EQ(small.low64(), 0x1cu);
  small.set_slice(0, Bits(8, 0xff));
  EXPECT_EQ(small.low64(), 0xffu);
}

TEST(Bits, Concat) {
  EXPECT_EQ(Bits::concat(Bits(4, 0xa), Bits(4, 0x5)), Bits(8, 0xa5));
  EXPECT_EQ(Bits::concat(Bits(0, 0), Bits(64, 9)), Bits(64, 9));
  EXPECT_EQ(Bits::concat(Bits(64, 9), Bits(0, 0)), Bits(64, 9));
  const Bits c = Bits::concat(Bits(1, 1), Bits(64, 0x8000000000000001ull));  // bits(65)
  EXPECT_EQ(c.width(), 65u);
  EXPECT_EQ(c.word(0), 0x8000000000000001ull);
  EXPECT_EQ(c.word(1), 1u);
  const Bits d = Bits::concat(Bits(63, 3), Bits(63, 5));  // 126 bits, boundary inside
  EXPECT_EQ(d.slice(0, 63), Bits(63, 5));
  EXPECT_EQ(d.slice(63, 63), Bits(63, 3));
  EXPECT_EQ(d.word(0), 5u | (uint64_t{1} << 63));
  EXPECT_EQ(d.word(1), 1u);
  EXPECT_THROW(Bits::concat(Bits::zeros(65536), Bits(1, 0)), RuntimeError);
}

TEST(Bits, AddAndSubCarryAcrossWords) {
  Bits a = Bits::zeros(128);
  a.set_word(0, ~uint64_t{0});
  const Bits s = a.add(Bits(128, 1));
  EXPECT_EQ(s.word(0), 0u);
  EXPECT_EQ(s.word(1), 1u);
  EXPECT_EQ(s.sub(Bits(128, 1)), a);
  // Borrow through several words of a 2048-bit value.
  Bits one = Bits(2048, 1);
  Bits top = Bits::zeros(2048);
  top.set_bit(2047, true);
  const Bits below = top.sub(one);
  EXPECT_EQ(below.popcount(), 2047);
  EXPECT_EQ(below.add(one), top);
  // 65 bits: the carry out of bit 64 is dropped.
  const Bits m65 = Bits::ones(65);
  EXPECT_EQ(m65.add(m65), Bits::ones(65).sub(Bits(65, 1)));
  EXPECT_EQ(Bits(8, 0xff).add(Bits(8, 2)), Bits(8, 1));
  EXPECT_EQ(Bits(8, 1).sub(Bits(8, 2)), Bits(8, 0xff));
  EXPECT_THROW(Bits(8, 1).add(Bits(9, 1)), RuntimeError);
}

TEST(Bits, LogicalOperators) {
  EXPECT_EQ(bin("1100") & bin("1010"), bin("1000"));
  EXPECT_EQ(bin("1100") | bin("1010"), bin("1110"));
  EXPECT_EQ(bin("1100") ^ bin("1010"), bin("0110"));
  EXPECT_EQ(~bin("1100"), bin("0011"));
  Bits a = Bits::zeros(130), b = Bits::zeros(130);
  a.set_bit(129, true);
  a.set_bit(3, true);
  b.set_bit(129, true);
  EXPECT_EQ((a & b).popcount(), 1);
  EXPECT_EQ((a | b).popcount(), 2);
  EXPECT_EQ((a ^ b).popcount(), 1);
  EXPECT_THROW(bin("1") & bin("10"), RuntimeError);
  EXPECT_FALSE(Bits(8, 1) == Bits(9, 1));
}

TEST(Bits, Shifts) {
  EXPECT_EQ(Bits(8, 0x81).shl(1), Bits(8, 0x02));
  EXPECT_EQ(Bits(8, 0x81).lshr(1), Bits(8, 0x40));
  EXPECT_EQ(Bits(8, 0x81).shl(8), Bits(8, 0));
  EXPECT_EQ(Bits(8, 0x81).lshr(100), Bits(8, 0));
  EXPECT_EQ(Bits(64, 1).shl(63).low64(), uint64_t{1} << 63);
  Bits b = Bits(200, 1);
  const Bits s = b.shl(130);
  EXPECT_EQ(s.lowest_set_bit(), 130);
  EXPECT_EQ(s.popcount(), 1);
  EXPECT_EQ(s.lshr(130), b);
  EXPECT_EQ(s.lshr(67).lowest_set_bit(), 63);
  EXPECT_EQ(Bits::ones(65).shl(1).word(1), 1u);
  EXPECT_EQ(Bits::ones(65).shl(1).word(0), ~uint64_t{1});
  EXPECT_EQ(Bits::ones(65).lshr(1), Bits::concat(Bits(1, 0), Bits::ones(64)));
  EXPECT_EQ(Bits::ones(2048).lshr(2047), Bits(2048, 1));
}

TEST(Bits, Integers) {
  EXPECT_EQ(Bits(8, 0xff).to_uint(), 255);
  EXPECT_EQ(Bits(8, 0xff).to_sint(), -1);
  EXPECT_EQ(Bits(8, 0x80).to_sint(), -128);
  EXPECT_EQ(Bits(8, 0x7f).to_sint(), 127);
  EXPECT_EQ(Bits(0, 0).to_uint(), 0);
  EXPECT_EQ(Bits(0, 0).to_sint(), 0);
  EXPECT_EQ(Bits(1, 1).to_sint(), -1);
  EXPECT_EQ(Bits(64, ~uint64_t{0}).to_uint(), static_cast<Int>(~uint64_t{0}));
  EXPECT_EQ(Bits(64, ~uint64_t{0}).to_sint(), -1);
  EXPECT_EQ(Bits::ones(128).to_sint(), -1);
  EXPECT_EQ(Bits::ones(2048).to_sint(), -1);
  EXPECT_THROW(Bits::ones(128).to_uint(), RuntimeError);
  EXPECT_NO_THROW(Bits::ones(127).to_uint());
  Bits min128 = Bits::zeros(128);
  min128.set_bit(127, true);
  const Int min = -(Int{1} << 126) * 2;
  EXPECT_EQ(min128.to_sint(), min);
  Bits too_negative = Bits::ones(129);
  too_negative.set_bit(127, false);  // -2^127 - 1
  EXPECT_THROW(too_negative.to_sint(), RuntimeError);

  EXPECT_EQ(Bits::from_int(8, -1), Bits(8, 0xff));
  EXPECT_EQ(Bits::from_int(8, 256 + 5), Bits(8, 5));
  EXPECT_EQ(Bits::from_int(0, -1).width(), 0u);
  EXPECT_EQ(Bits::from_int(2048, -1), Bits::ones(2048));
  EXPECT_EQ(Bits::from_int(65, -2).word(1), 1u);
  EXPECT_EQ(Bits::from_int(65, -2).word(0), ~uint64_t{1});
  const Int big = (Int{1} << 100) + 7;
  EXPECT_EQ(Bits::from_int(128, big).to_uint(), big);
  EXPECT_EQ(Bits::from_int(300, -big).to_sint(), -big);
  EXPECT_EQ(Bits::from_int(128, min).to_sint(), min);
}

TEST(Bits, Text) {
  EXPECT_EQ(Bits(8, 0x5a).to_hex(), "0x5a");
  EXPECT_EQ(Bits(1, 1).to_hex(), "0x1");
  EXPECT_EQ(Bits(5, 0x1f).to_hex(), "0x1f");
  EXPECT_EQ(Bits(12, 0xabc).to_hex(), "0xabc");
  EXPECT_EQ(Bits(65, 0).to_hex(), "0x" + std::string(17, '0'));
  EXPECT_EQ(Bits::ones(65).to_hex(), "0x1" + std::string(16, 'f'));
  EXPECT_EQ(Bits::from_int(128, (Int{0x0123456789abcdefll} << 64) | Int{0x7edcba9876543210ll}).to_hex(),
            "0x0123456789abcdef7edcba9876543210");
  EXPECT_EQ(Bits(4, 5).to_binary(), "'0101'");
  EXPECT_EQ(Bits(0, 0).to_binary(), "''");
  EXPECT_EQ(Bits::concat(Bits(1, 1), Bits(64, 1)).to_binary(), "'1" + std::string(63, '0') + "1'");
}

TEST(Value, Describe) {
  EXPECT_EQ(Value::integer(42).describe(), "integer 42");
  EXPECT_EQ(Value::integer(-7).describe(), "integer -7");
  EXPECT_EQ(Value::boolean(true).describe(), "boolean TRUE");
  EXPECT_EQ(Value::boolean(false).describe(), "boolean FALSE");
  EXPECT_EQ(Value::bits(8, 0x5a).describe(), "bits(8) 0x5a");
  EXPECT_EQ(Value::bits(5, 0x1f).describe(), "bits(5) 0x1f");
  EXPECT_EQ(Value::bits(0, 0).describe(), "bits(0) ''");
  EXPECT_EQ(Value::real(0.5).describe(), "real 0.5");
  EXPECT_EQ(Value::real(0.1).describe(), "real 0.1");
  EXPECT_EQ(Value::string("FEAT_MVE").describe(), "string \"FEAT_MVE\"");
  EnumType rounding{"FPRounding", {"FPRounding_TIEEVEN", "FPRounding_POSINF", "FPRounding_NEGINF", "FPRounding_ZERO"}};
  EXPECT_EQ(Value::enumeration(&rounding, 3).describe(), "FPRounding FPRounding_ZERO");
  EXPECT_EQ(Value::tuple({Value::integer(1), Value::bits(4, 0xa)}).describe(), "(integer 1, bits(4) 0xa)");
  RecordType rec{"Pair", {"a", "b"}, {Type::of(TypeKind::Integer), Type::of(TypeKind::Boolean)}};
  EXPECT_EQ(Value::record(&rec, {Value::integer(1), Value::boolean(true)}).describe(),
            "Pair { a = integer 1, b = boolean TRUE }");
  EXPECT_EQ(Value::array({Value::integer(1), Value::integer(2)}, 0).describe(),
            "array [0..1] [integer 1, integer 2]");
  EXPECT_EQ(Value().describe(), "void");
}

TEST(Value, IntToString) {
  EXPECT_EQ(int_to_string(0), "0");
  EXPECT_EQ(int_to_string(-1), "-1");
  const Int max = static_cast<Int>(~static_cast<unsigned __int128>(0) >> 1);
  EXPECT_EQ(int_to_string(max), "170141183460469231731687303715884105727");
  EXPECT_EQ(int_to_string(-max - 1), "-170141183460469231731687303715884105728");
}

TEST(Value, AggregatesAreCopiedOnWrite) {
  Value a = Value::tuple({Value::integer(1), Value::integer(2)});
  Value b = a;
  EXPECT_EQ(&a.elems(), &b.elems());  // shared until written
  b.mutable_elems()[0] = Value::integer(9);
  EXPECT_EQ(a.elems()[0].as_int(), 1);
  EXPECT_EQ(b.elems()[0].as_int(), 9);
  // A sole owner writes in place.
  const auto* before = &b.elems();
  b.mutable_elems()[1] = Value::integer(8);
  EXPECT_EQ(&b.elems(), before);
  Value arr = Value::array({Value::bits(8, 1)}, 3);
  EXPECT_EQ(arr.array_first(), 3);
  Value empty;
  EXPECT_TRUE(empty.elems().empty());
  EXPECT_EQ(empty.as_string(), "");
  empty.mutable_elems().push_back(Value::integer(1));
  EXPECT_EQ(empty.elems().size(), 1u);
}

TEST(BitPattern, Matches) {
  const BitPattern p{Bits(3, 0b100), Bits(3, 0b101)};  // '1x0'
  EXPECT_TRUE(p.matches(Bits(3, 0b100)));
  EXPECT_TRUE(p.matches(Bits(3, 0b110)));
  EXPECT_FALSE(p.matches(Bits(3, 0b101)));
}

}  // namespace
}  // namespace mlisa::spec
