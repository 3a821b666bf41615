// A bundle signature's operands of every kind, in both directions, on the toy
// bundle's forms (tests/asm/toy_isa.hpp).
#include "asm/signature.hpp"
#include "asm/listing.hpp"

#include "toy_isa.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fmt/format.h>

#include <algorithm>

namespace mlisa::as {
namespace {

using test::toy_bundle;
using test::ToyLayout;

const Signature& sig(const char* form, const char* mnemonic, size_t nth = 0) {
  const Isa& isa = toy_bundle();
  const Form& f = isa.forms()[static_cast<size_t>(isa.find_form(form))];
  for (int si : f.signatures) {
    const Signature& s = isa.signatures()[static_cast<size_t>(si)];
    if (s.def.mnemonic == mnemonic && nth-- == 0) return s;
  }
  throw std::logic_error("no such signature");
}

// One operand of a signature, with the kinds it refers to.
struct Operand {
  const std::vector<operands::Kind>* kinds;
  const TextOperand* op;
};

Operand operand(const char* form, const char* mnemonic, size_t i, size_t nth = 0) {
  const Signature& s = sig(form, mnemonic, nth);
  return {&s.def.kinds, &s.def.operands[i]};
}

std::vector<Assignment> enc(const Operand& e, const char* text, std::string* why = nullptr) {
  return encode(*e.kinds, *e.op, text, toy_bundle().width(), why);
}

// Why the operand refuses `text` (which it must refuse).
std::string refusal(const Operand& e, const char* text) {
  std::string why;
  EXPECT_TRUE(enc(e, text, &why).empty()) << text;
  return why;
}

bool decode(const Operand& e, const Word& w, std::string& out) { return print(*e.kinds, *e.op, w, out); }

// The word a candidate gives on top of `base`.
Word apply(const Assignment& a, Word base) {
  for (uint32_t i = 0; i < (base.width() + 63) / 64; ++i)
    base.set_word(i, (base.word(i) & ~a.mask().word(i)) | a.value().word(i));
  return base;
}

std::string dec(const Operand& e, const Assignment& a) {
  std::string out;
  EXPECT_TRUE(decode(e, apply(a, Word(toy_bundle().width(), 0)), out));
  return out;
}

Word random_word() {
  Word w(toy_bundle().width(), 0);
  for (uint32_t i = 0; i < 3; ++i) w.set_word(i, *rc::gen::arbitrary<uint64_t>());
  return w;
}

// decode(word) prints a text whose candidates include one that agrees with
// the word; and every candidate of that text decodes to the same text.
void check_round_trip(const Operand& e, const Word& w) {
  std::string text;
  if (!decode(e, w, text)) return;  // not every word holds a value of e
  std::string why;
  const auto cands = encode(*e.kinds, *e.op, text, w.width(), &why);
  RC_ASSERT(!cands.empty());
  RC_ASSERT(std::any_of(cands.begin(), cands.end(), [&](const Assignment& a) { return a.matches(w); }));
  for (const auto& a : cands) {
    std::string again;
    RC_ASSERT(decode(e, apply(a, w), again));
    RC_ASSERT(again == text);
  }
}

TEST(Signature, Literal) {
  const Operand e = operand("s0.SFence", "sfence", 0);
  EXPECT_EQ(enc(e, "all").size(), 1u);
  EXPECT_EQ(refusal(e, "some"), "expected 'all', not 'some'");
}

TEST(Signature, Register) {
  const Operand e = operand("s0.SAdd", "sadd", 1);
  auto c = enc(e, "s13");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(dec(e, c[0]), "s13");
  EXPECT_EQ(c[0].reads, 0u);
  EXPECT_EQ(refusal(e, "s16"), "operand must be a register in range [s0, s15]");  // a 4-bit field
  EXPECT_EQ(refusal(e, "v1"), "operand must be a register in range [s0, s15]");  // not an s register: the ones it takes
  // A register read through a shared scalar-read field records the read.
  const Operand b = operand("v.VAdd", "vadd", 2);
  auto r = enc(b, "s5");
  ASSERT_EQ(r.size(), 2u);  // through vs0 or vs1
  EXPECT_EQ(r[0].reads | r[1].reads, 3u);
}

TEST(Signature, NumberFromConcatenatedFields) {
  const Operand e = operand("s0.SMovW", "simm.w", 1);
  auto c = enc(e, "0x12345678");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].get({0, 16}), 0x5678u);   // imm0: low half
  EXPECT_EQ(c[0].get({16, 16}), 0x1234u);  // imm1: high half
  EXPECT_EQ(c[0].lanes, 3u);
  EXPECT_EQ(dec(e, c[0]), "0x12345678");
  EXPECT_EQ(enc(e, "305419896").size(), 1u);  // the same value in decimal
  EXPECT_TRUE(enc(e, "0x123456789").empty());
}

TEST(Signature, ChoiceGivesEveryEncodingOfTheSameText) {
  const Operand y = operand("s0.SAdd", "sadd", 2);
  const Field sel{ToyLayout::scalar_base(0) + 17, 3};
  auto selectors = [&](const char* text) {
    std::vector<uint64_t> out;
    for (const auto& a : enc(y, text)) out.push_back(a.get(sel));
    return out;
  };
  EXPECT_EQ(selectors("0"), (std::vector<uint64_t>{0, 2, 3, 4, 5, 7}));
  EXPECT_EQ(selectors("1"), (std::vector<uint64_t>{1, 2, 3, 4, 5}));
  EXPECT_EQ(selectors("7"), (std::vector<uint64_t>{2, 3, 4, 5}));
  EXPECT_EQ(selectors("-1"), (std::vector<uint64_t>{4, 5}));
  EXPECT_EQ(selectors("0xffffffff"), (std::vector<uint64_t>{4, 5}));
  EXPECT_EQ(selectors("40000"), (std::vector<uint64_t>{2, 3}));
  EXPECT_EQ(selectors("s3"), (std::vector<uint64_t>{6}));
  // lo(imm0) holds 0 to 65535, sext(imm0) -32768 to 32767 (the 16-bit lanes).
  EXPECT_EQ(refusal(y, "70000"), "operand must be an immediate in the range [-32768,65535]");
  // A constant reads no lane; a lane alternative records it.
  for (const auto& a : enc(y, "0")) EXPECT_EQ(a.lanes != 0, a.get(sel) >= 2 && a.get(sel) <= 5);
}

TEST(Signature, MemoryWithModifiers) {
  const Operand m = operand("s0.SLoad", "sld", 1);
  const uint32_t b = ToyLayout::scalar_base(0);
  auto c = enc(m, "[s2 + 4, sm=3]");
  ASSERT_EQ(c.size(), 2u);  // offset in imm0 or imm1
  EXPECT_EQ(c[0].get({b + 13, 4}), 2u);
  EXPECT_EQ(c[0].get({b + 20, 2}), 3u);
  EXPECT_EQ(dec(m, c[0]), "[s2 + 4, sm=3]");
  // An omitted modifier writes 0; an omitted offset is 0.
  auto d = enc(m, "[ s2 ]");
  ASSERT_EQ(d.size(), 3u);  // const(0), lo(imm0)=0, lo(imm1)=0
  for (const auto& a : d) {
    EXPECT_TRUE(a.assigned({b + 20, 2}));
    EXPECT_EQ(a.get({b + 20, 2}), 0u);
    EXPECT_EQ(dec(m, a), "[s2]");
  }
  EXPECT_EQ(refusal(m, "[s2, xx=1]"), "unknown modifier 'xx'");
  EXPECT_EQ(refusal(m, "[s2, sm=1, sm=2]"), "modifier 'sm' given twice");
  const Operand n = operand("s0.SLoadNoOff", "sld", 1);
  EXPECT_EQ(refusal(n, "[s2 + 4]"), "'[s2 + 4]' takes no offset");
  EXPECT_EQ(enc(n, "[s2, sm=1]").size(), 1u);
}

TEST(Signature, Table) {
  const Operand t = operand("s0.SRound", "sround", 2);
  const uint32_t b = ToyLayout::scalar_base(0);
  auto c = enc(t, "rtz.sat");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].get({b + 17, 2}), 1u);
  EXPECT_EQ(c[0].get({b + 19, 1}), 1u);
  EXPECT_EQ(dec(t, c[0]), "rtz.sat");
  EXPECT_TRUE(enc(t, "rtn").empty());
}

TEST(Signature, PatternIgnoresWhitespace) {
  const Operand p = operand("s0.SDma", "sdma", 0);
  auto c = enc(p, "[ hbm : s3 + 100 ]");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].get({0, 16}), 100u);
  EXPECT_EQ(c[0].lanes, 1u);
  EXPECT_EQ(dec(p, c[0]), "[hbm:s3+100]");
  EXPECT_EQ(enc(p, "[hbm:s3+100]").size(), 1u);
  EXPECT_TRUE(enc(p, "[ddr:s3+100]").empty());
}

// Round trips per kind over random words.
RC_GTEST_PROP(SignatureRoundTrip, Literal, ()) { check_round_trip(operand("s0.SFence", "sfence", 0, 1), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, Register, ()) { check_round_trip(operand("s1.SAdd", "sadd", 0), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, NumberHex, ()) { check_round_trip(operand("s0.SMovW", "simm.w", 1), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, ChoiceScalarY, ()) { check_round_trip(operand("s0.SAdd", "sadd", 2), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, ChoiceMixedKinds, ()) { check_round_trip(operand("v.VAdd", "vadd", 2), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, ChoiceDestination, ()) { check_round_trip(operand("v.VAdd", "vadd", 0), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, Memory, ()) { check_round_trip(operand("s0.SLoad", "sld", 1), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, MemoryVector, ()) { check_round_trip(operand("v.VStore", "vst", 1), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, MemoryNoOffset, ()) { check_round_trip(operand("v.VStoreNoOff", "vst", 1), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, Table, ()) { check_round_trip(operand("s1.SRound", "sround", 2), random_word()); }
RC_GTEST_PROP(SignatureRoundTrip, Pattern, ()) { check_round_trip(operand("s0.SDma", "sdma", 0), random_word()); }

// The other direction: a random valid text encodes, and each candidate
// decodes back to the text's canonical spelling.
RC_GTEST_PROP(SignatureRoundTrip, TextToCandidatesToText, (int16_t imm, uint8_t reg, uint8_t sm)) {
  const Operand m = operand("s0.SLoad", "sld", 1);
  const std::string text = fmt::format("[s{}, sm={}]", reg % 16, sm % 4);
  const auto c = enc(m, text.c_str());
  RC_ASSERT(!c.empty());
  const std::string canon = sm % 4 ? text : fmt::format("[s{}]", reg % 16);
  for (const auto& a : c) RC_ASSERT(dec(m, a) == canon);
  const Operand y = operand("s0.SAdd", "sadd", 2);
  const std::string n = std::to_string(imm);
  const auto cy = enc(y, n.c_str());
  RC_ASSERT(!cy.empty());
  for (const auto& a : cy) RC_ASSERT(dec(y, a) == n);
}

}  // namespace
}  // namespace mlisa::as

namespace mlisa::as {
namespace {

// A small single-slot ISA for register numbering and named registers.
spec::RegisterClass special_names() { return {"Q", {"sp", "lr", "pc"}, {}, {}}; }

Isa narrow_isa() {
  static const spec::RegisterClass q = special_names();
  Isa isa("narrow", 64);
  isa.add_slot({"t", {}, 0, 0, "p"});
  FormDef f;
  f.slot = "t";
  f.name = "F";
  f.fields = {{"imm", {0, 16}, {}, true}, {"r", {20, 3}, {}, true}, {"q", {23, 2}, {}, true}, {"op", {60, 4}, {}, true}};
  f.opcode_field = "op";
  f.opcode = 9;
  isa.add_form(f);
  const Form& form = isa.forms()[0];
  auto at = [&](std::string_view n) { return operands::bitmap([&](std::string_view name) { return isa.place(form, name); }, {n}); };
  std::vector<operands::Kind> kinds{operands::Number{at("imm")}, operands::Reg{{"r", nullptr}, at("r"), 2, 8},
                              operands::Reg{{"Q", &q}, at("q")}};
  std::vector<TextOperand> ops{{{"", ""}, {0}, "<imm>"}, {{"", ""}, {1}, "<r>"}, {{"", ""}, {2}, "<q>"}};
  isa.add_signature({"F", "f", std::move(ops), std::move(kinds), {}});
  return isa;
}

// Why a verdict refuses a line, told of an operand (operands::values_taken,
// the one account WordIsa::blame and the bundle solver give): the other
// values of its field that the verdict takes, the rest of the word kept.
TEST(Signature, OtherValuesTheVerdictTakes) {
  const operands::Placer place = [](std::string_view) { return operands::Placed{4, 3}; };
  const operands::Kind number = operands::Number{operands::bitmap(place, {"f"})};
  Assignment word(16);
  word.set({4, 3}, 3);
  word.set({0, 1}, 1);
  // The verdict takes even values of bits 6..4 only: 3 is refused; 0, 2, 4, 6 taken.
  auto even = [](const Assignment& a) { return a.get({4, 3}) % 2 == 0; };
  const std::vector<operands::OtherValue> taken = operands::values_taken(number, word, even);
  std::vector<int64_t> values;
  for (const auto& v : taken) values.push_back(v.number.value_or(-1));
  EXPECT_EQ(values, (std::vector<int64_t>{0, 2, 4, 6}));
  const Assignment other = operands::with_value(word, taken[1]);
  EXPECT_EQ(other.get({4, 3}), 2u);
  EXPECT_EQ(other.get({0, 1}), 1u);  // the rest of the word kept
  EXPECT_TRUE(operands::describe_taken(number, taken, nullptr).starts_with("operand must be "));
  // Its own value is never "another" value, even where the verdict takes it.
  EXPECT_EQ(operands::values_taken(number, word, [](const Assignment&) { return true; }).size(), 7u);
  // Registers without numbered names are told by name (sp, lr, pc: raw 1 and 2 taken).
  static const spec::RegisterClass q = special_names();
  const operands::Kind reg = operands::Reg{{"Q", &q}, operands::bitmap(place, {"f"})};
  auto lr_or_pc = [](const Assignment& a) { return a.get({4, 3}) == 1 || a.get({4, 3}) == 2; };
  Assignment sp_word(16);
  sp_word.set({4, 3}, 0);
  const auto regs = operands::values_taken(reg, sp_word, lr_or_pc);
  ASSERT_EQ(regs.size(), 2u);
  EXPECT_EQ(operands::describe_taken(reg, regs, nullptr), std::string(operands::kOneOf) + "lr, pc");
}

TEST(Signature, RegistersByScaleAndByName) {
  const Isa isa = narrow_isa();
  const auto c = encode_insn(isa, 0, "f 0x1234, r12, LR");
  ASSERT_EQ(c.size(), 1u);
  EXPECT_EQ(c[0].bits.get({0, 16}), 0x1234u);
  EXPECT_EQ(c[0].bits.get({20, 3}), 2u);  // r12 = 2 * 2 + 8
  EXPECT_EQ(c[0].bits.get({23, 2}), 1u);  // lr
  Word w = assemble(isa, parse_listing(isa, "f 0x1234, r12, lr").at(0)).word;
  std::string text;
  const Signature& s = isa.signatures()[0];
  ASSERT_TRUE(print(s.def.kinds, s.def.operands[0], w, text));
  EXPECT_EQ(text, "4660");
  ASSERT_TRUE(print(s.def.kinds, s.def.operands[1], w, text));
  EXPECT_EQ(text, "r12");
  std::string why;
  EXPECT_TRUE(encode_insn(isa, 0, "f 1, r9, lr", &why).empty());
  // Three bits, scale 2, offset 8: r8, r10, ..., r22.
  EXPECT_EQ(why, "operand 2 'r9': operand must be an even-numbered register in range [r8, r22]");
  EXPECT_TRUE(encode_insn(isa, 0, "f 1, r8, xx", &why).empty());
  EXPECT_EQ(why, "operand 3 'xx': operand must be one of: sp, lr, pc");  // a class of names, not numbers
  Word bad(64, 0);
  set_field(bad, {60, 4}, 9);
  set_field(bad, {23, 2}, 3);  // no name for q = 3: printed by number
  ASSERT_TRUE(print(s.def.kinds, s.def.operands[2], bad, text));
  EXPECT_EQ(text, "q3");
}

TEST(Signature, BadDeclarationsAreRejected) {
  Isa isa = narrow_isa();
  EXPECT_THROW(isa.place(isa.forms()[0], "nope"), std::invalid_argument);
  EXPECT_THROW(isa.add_signature({"F", "g", {{{"", ""}, {3}, "<x>"}}, {}, {}}), std::invalid_argument);  // refers to no kind
  EXPECT_THROW(isa.add_signature({"F", "g", {{{""}, {0}, "<x>"}}, {operands::Number{}}, {}}), std::invalid_argument);  // malformed
  EXPECT_THROW(isa.add_signature({"G", "g", {}, {}, {}}), std::invalid_argument);
}

}  // namespace
}  // namespace mlisa::as
