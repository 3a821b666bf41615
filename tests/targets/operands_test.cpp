// The operand kinds of the single-word assembler (asm/operands.hpp):
// a round-trip property per kind over every operand of that kind in the mve
// and sme2 specs. For a random word, the operand's field values are decoded,
// printed, read back (reading.hpp) and encoded: one of the parsed values writes the same
// bits the word holds wherever the text decides them (a table's don't-care
// bits and the values a text cannot spell are left out, as noted per kind).
#include "asm/operands.hpp"
#include "asm/reading.hpp"
#include "asm/word_isa.hpp"
#include "targets/targets.hpp"

#include <algorithm>
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace mlisa::test {
namespace {

using namespace as::operands;
using spec::Bits;

const targets::LoadedWordTarget& target(const std::string& name) {
  static const targets::LoadedWordTarget mve = targets::load_word_target("mve", std::nullopt);
  static const targets::LoadedWordTarget sme2 = targets::load_word_target("sme2", std::nullopt);
  return name == "mve" ? mve : sme2;
}

struct Site {
  const spec::Encoding* enc;
  const Operand* op;
};

// Every operand of kind K in both targets.
template <class K>
const std::vector<Site>& sites() {
  static const std::vector<Site> all = [] {
    std::vector<Site> out;
    for (const char* name : {"mve", "sme2"}) {
      const auto& t = target(name);
      for (const auto& inst : t.spec->instructions())
        for (const auto& enc : inst.encodings)
          for (const Operand& op : t.isa->operands_of(enc))
            if (std::holds_alternative<K>(op.kind)) out.push_back({&enc, &op});
    }
    return out;
  }();
  return all;
}

template <class K>
void check_round_trip() {
  const auto& all = sites<K>();
  RC_PRE(!all.empty());
  const Site& site = all[*rc::gen::inRange<size_t>(0, all.size())];
  const K& kind = std::get<K>(site.op->kind);
  Bits word(site.enc->width, *rc::gen::arbitrary<uint64_t>());
  // A register list past the last register (most counts of VSCCLRM's 8-bit
  // field): draw again, a few times, rather than discard the case.
  if constexpr (std::is_same_v<K, VRegList>)
    for (int k = 0; k < 16 && kind.decode(word).a + kind.decode(word).b / static_cast<uint64_t>(kind.scale) > 32; ++k)
      word = Bits(site.enc->width, *rc::gen::arbitrary<uint64_t>());
  const Raw raw = kind.decode(word);
  constexpr uint64_t kPc = uint64_t{1} << 32;
  std::optional<std::string> text;
  if constexpr (std::is_same_v<K, List>) text = kind.print(raw, ".h");
  else if constexpr (std::is_same_v<K, Label>) text = kind.print(raw, kPc);
  else text = kind.print(raw);
  // Not printable: RRX (ror #0), an IT mask of 0, an empty register list,
  // a count not a multiple of the list's scale; no text spells these words.
  RC_PRE(text.has_value());
  // AL on <c> is written as nothing; 1111 (nv) is no condition one writes
  // (B T1 with it is SVC).
  if constexpr (std::is_same_v<K, Cond>) RC_PRE(!text->empty() && raw.a != 15);
  if constexpr (std::is_same_v<K, RegMask>) RC_PRE(raw.a != 0);
  if constexpr (std::is_same_v<K, VRegList>) RC_PRE(raw.a + raw.b / static_cast<uint64_t>(kind.scale) <= 32);
  // `{vpr}` names no register, so only the word whose first register is 0 gives it back.
  if constexpr (std::is_same_v<K, VRegList>) RC_PRE(raw.b != 0 || raw.a == 0);
  std::replace(text->begin(), text->end(), kTightComma, ',');  // as a listing prints it
  // Read back by the one reader (reading.hpp), a list with the suffix it was
  // printed with; a label's address with Label::parse (read_label takes a
  // bare number as a distance where the encoding's syntax does): the ways
  // that take the whole text.
  const ListSuffix suffix{".h", "", nullptr};
  std::vector<Raw> parsed;
  if constexpr (std::is_same_v<K, Label>) {
    RC_ASSERT(kind.parse(*text, kPc, parsed) == text->size());
  } else {
    std::vector<Way> ways;
    if constexpr (std::is_same_v<K, List>) read_list(kind, suffix, TextAt{*text, 0}, ways);
    else read(site.op->kind, TextAt{*text, 0}, ways);
    for (const Way& w : ways)
      if (w.len == text->size()) parsed.push_back(w.raw);
    RC_ASSERT(!parsed.empty());
  }
  bool same = false;
  for (const Raw& r : parsed) {
    as::Assignment p(word.width());
    if constexpr (std::is_same_v<K, List>) same = same || (encode_list(kind, suffix, r, p) && p.matches(word));
    else same = same || (as::operands::encode(site.op->kind, r, p) && p.matches(word));
  }
  RC_LOG() << site.enc->name << " <" << site.op->name() << "> " << *text << "\n";
  RC_ASSERT(same);
}

RC_GTEST_PROP(WordOperandRoundTrip, Reg, ()) { check_round_trip<Reg>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Number, ()) { check_round_trip<Number>(); }
RC_GTEST_PROP(WordOperandRoundTrip, ModImm, ()) { check_round_trip<ModImm>(); }
RC_GTEST_PROP(WordOperandRoundTrip, VfpImm, ()) { check_round_trip<VfpImm>(); }
RC_GTEST_PROP(WordOperandRoundTrip, ShiftAmt, ()) { check_round_trip<ShiftAmt>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Bitfield, ()) { check_round_trip<Bitfield>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Cond, ()) { check_round_trip<Cond>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Const, ()) { check_round_trip<Const>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Table, ()) { check_round_trip<Table>(); }
RC_GTEST_PROP(WordOperandRoundTrip, List, ()) { check_round_trip<List>(); }
RC_GTEST_PROP(WordOperandRoundTrip, RegMask, ()) { check_round_trip<RegMask>(); }
RC_GTEST_PROP(WordOperandRoundTrip, TileMask, ()) { check_round_trip<TileMask>(); }
RC_GTEST_PROP(WordOperandRoundTrip, VRegList, ()) { check_round_trip<VRegList>(); }
RC_GTEST_PROP(WordOperandRoundTrip, ItMask, ()) { check_round_trip<ItMask>(); }
RC_GTEST_PROP(WordOperandRoundTrip, Label, ()) { check_round_trip<Label>(); }

// Every kind the specs use has operands to test (a kind no spec uses would
// make its property vacuous).
TEST(WordOperandKinds, EveryKindHasOperandsInTheSpecs) {
  EXPECT_FALSE(sites<Reg>().empty());
  EXPECT_FALSE(sites<Number>().empty());
  EXPECT_FALSE(sites<ModImm>().empty());
  EXPECT_FALSE(sites<VfpImm>().empty());
  EXPECT_FALSE(sites<ShiftAmt>().empty());
  EXPECT_FALSE(sites<Bitfield>().empty());
  EXPECT_FALSE(sites<Cond>().empty());
  EXPECT_FALSE(sites<Table>().empty());
  EXPECT_FALSE(sites<List>().empty());
  EXPECT_FALSE(sites<RegMask>().empty());
  EXPECT_FALSE(sites<TileMask>().empty());
  EXPECT_FALSE(sites<VRegList>().empty());
  EXPECT_FALSE(sites<ItMask>().empty());
  EXPECT_FALSE(sites<Label>().empty());
}

// The modimm values come from the specs' ThumbExpandImm, run once per field
// value; checked by hand (Arm ARM, ThumbExpandImm_C): the four patterns and a rotation.
TEST(WordOperandKinds, ThumbExpandImm) {
  const ExpandTable* table = target("mve").isa->modimm_table(12);
  ASSERT_NE(table, nullptr);
  ASSERT_EQ(table->size(), 4096u);
  EXPECT_EQ(table->value_of(0x0ab), 0xabu);
  EXPECT_EQ(table->value_of(0x1ab), 0x00ab00abu);
  EXPECT_EQ(table->value_of(0x2ab), 0xab00ab00u);
  EXPECT_EQ(table->value_of(0x3ab), 0xababababu);
  EXPECT_EQ(table->value_of(0x100), std::nullopt);  // a zero byte in a pattern: UNPREDICTABLE
  // i:imm3:a = 01000 (rotate right by 8), bcdefgh = 0x7f: 0xff ROR 8 = 0xff000000.
  EXPECT_EQ(table->value_of(0x47f), 0xff000000u);
  EXPECT_EQ(table->value_of(4096), std::nullopt);  // beyond the field
  EXPECT_TRUE(table->fields_of(0xffffff00u).empty());
  // 0xab is a byte (pattern 00) only; 0xff000000 only 0xff ROR 8.
  EXPECT_EQ(table->fields_of(0xabu), std::vector<uint32_t>{0x0ab});
  EXPECT_EQ(table->fields_of(0xff000000u), std::vector<uint32_t>{0x47f});
  EXPECT_EQ(table->bits(), 32u);
}

// A64's bitmask immediates come from the specs' DecodeBitMasks; checked by
// hand (Arm ARM, DecodeBitMasks): the element size from the highest set bit
// of N:NOT(imms), S + 1 ones rotated right by R, repeated.
TEST(WordOperandKinds, A64BitmaskImmediates) {
  const ExpandTable* w = target("sme2").isa->modimm_table(12);  // immr:imms, 32-bit forms
  const ExpandTable* x = target("sme2").isa->modimm_table(13);  // N:immr:imms, 64-bit forms
  ASSERT_NE(w, nullptr);
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(w->bits(), 32u);
  EXPECT_EQ(x->bits(), 64u);
  // N = 1, immr = 0, imms = 7: a 64-bit element of 8 ones.
  EXPECT_EQ(x->value_of(0x1000 | 0x007), 0xffu);
  // N = 0, imms = 0b111100 (2-bit elements, S = 0): 01 repeated.
  EXPECT_EQ(x->value_of(0x03c), 0x5555555555555555u);
  // ... rotated right by 1: 10 repeated.
  EXPECT_EQ(x->value_of(0x040 | 0x03c), 0xaaaaaaaaaaaaaaaau);
  // N = 0, imms = 0b011110 (32-bit elements, S = 30), immr = 1: 31 ones rotated right by 1.
  EXPECT_EQ(w->value_of(0x040 | 0x01e), 0xbfffffffu);
  EXPECT_EQ(x->value_of(0x040 | 0x01e), 0xbfffffffbfffffffu);
  // All ones in an element is reserved (UNDEFINED): no value.
  EXPECT_EQ(x->value_of(0x1000 | 0x03f), std::nullopt);
  EXPECT_EQ(w->value_of(0x01f), std::nullopt);
  // imms = 0b100000: 16-bit elements of one 1.
  EXPECT_EQ(w->value_of(0x020), 0x00010001u);
  // Every value has one encoding; 0 and all ones have none.
  EXPECT_EQ(x->fields_of(0xff), std::vector<uint32_t>{0x1007});
  EXPECT_TRUE(x->fields_of(0).empty());
  EXPECT_TRUE(x->fields_of(~uint64_t{0}).empty());
  EXPECT_TRUE(w->fields_of(0x12345678).empty());
}

}  // namespace
}  // namespace mlisa::test
