// Every tcore form with several operand variants: assemble -> decode -> text
// -> assemble gives the same bytes and the same text; and the Isa built from
// the specs has the slots, lanes and reads of isa/tcore/bundle.isa.
#include "tcore_fixture.hpp"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <set>

namespace mlisa::test {
namespace {

using as::ExportMode;

// Each signature of each slot with operand variants (registers at both ends,
// every selector kind, zero, negative and large immediates, modifiers).
const std::vector<std::string> kInsns = {
    "s0: sadd s0, s31, 0", "s0: sadd s1, s2, 1", "s1: sadd s3, s4, 7", "s0: sadd s5, s6, -1", "s0: sadd s7, s8, 65535",
    "s1: sadd s9, s10, s11", "s0: sadd s1, s2, -32768", "s0: ssub s1, s2, 3", "s1: ssub s31, s0, s1",
    "s0: ssub s4, s4, -7", "s0: smul s1, s2, s3", "s1: smul s1, s2, 100", "s0: smul s2, s2, 0",
    "s0: sand s1, s2, 0xff", "s1: sand s1, s2, s3", "s0: sand s1, s2, 1", "s0: sor s1, s2, s3", "s1: sor s1, s2, 0x8000",
    "s0: sor s3, s3, 0", "s0: sxor s1, s2, -2", "s1: sxor s1, s2, s30", "s0: sxor s1, s1, 1", "s0: sshl s1, s2, 4",
    "s1: sshl s1, s2, s3", "s0: sshl s1, s2, 31", "s0: sshr s1, s2, 1", "s1: sshr s1, s2, s5", "s0: sshr s1, s2, 0",
    "s0: ssra s1, s2, 31", "s1: ssra s1, s2, s9", "s0: ssra s1, s2, 2", "s0: smov s1, s2", "s1: smov s31, s0",
    "s0: smov s7, s7", "s0: simm.s32 s1, 0", "s1: simm.s32 s2, 1", "s0: simm.s32 s3, -5", "s0: simm.s32 s4, 40000",
    "s0: simm.w s1, 0x12345678", "s1: simm.w s2, 0", "s0: simm.w s3, 4294967295", "s0: scmp.eq p1, s2, 0",
    "s1: scmp.eq p30, s3, s4", "s0: scmp.eq p5, s6, 99", "s0: scmp.lt p2, s3, -1", "s1: scmp.lt p3, s4, s5",
    "s0: scmp.lt p4, s5, 1000", "s0: scmp.ltu p1, s1, 65535", "s1: scmp.ltu p2, s2, s3", "s0: scmp.ltu p0, s4, 0",
    "v0: vadd v1, v2, v3", "v1: vadd v0, v31, s3", "v0: vadd v4, v5, 0", "v0: vadd v4, v5, -3", "v1: vadd v1, v1, 1",
    "v0: vsub v1, v2, v3", "v1: vsub v1, v2, s7", "v0: vsub v1, v2, 12345", "v0: vmul v1, v2, v3",
    "v1: vmul v6, v7, -100", "v0: vmul v1, v2, s0", "v0: vmax v1, v2, v3", "v1: vmax v1, v2, 0", "v0: vmax v1, v2, s9",
    "v0: vmin v1, v2, v3", "v1: vmin v1, v2, -1", "v0: vmin v8, v9, s31", "v0: vmov v1, v2", "v1: vmov v31, v0",
    "v0: vmov v5, v5", "v0: vbcast v1, s3", "v1: vbcast v2, 0", "v0: vbcast v3, -9", "v0: vbcast v4, 65535",
    "vls: vld v1, [s2]", "vls: vld v1, [s2 + 4]", "vls: vld v1, [s2]; .encoding vls.opcode=0x2",
    "vls: vld v3, [s4, st=2]; .encoding vls.opcode=0x2", "vls: vld v5, [s6]; .encoding vls.opcode=0x2, vs0=6", "vls: vld v9, [s3 + 65535, st=3]", "vls: vld v0, [s31 + 0, st=1]",
    "vls: vst v1, [s2]", "vls: vst v2, [s3 + 128]", "vls: vst v31, [s0 + 8, st=2]", "mxu: ldtile l0b[0]",
    "mxu: ldtile l0b[1048575]", "mxu: ldtile l0b[17]", "mxu: tmul l0c[s0], l0a[s0], rows=s1, acc=0",
    "mxu: tmul l0c[s31], l0a[s1], rows=s2, acc=1", "mxu: tmul l0c[s7], l0a[s30], rows=s7, acc=0",
    "dma: dma.ld l0a[s0], [s1], rows=s2, stride=s3", "dma: dma.ld l0b[s31], [s2], rows=s31, stride=s0",
    "dma: dma.ld l0c[s3], [s31], rows=s4, stride=s4", "dma: dma.st [s1], l0c[s2], rows=s3, stride=s4",
    "dma: dma.st [s31], l0c[s0], rows=s0, stride=s31", "dma: dma.st [s0], l0c[s31], rows=s9, stride=s10", "misc: br 0", "misc: br 12", "misc: (p3) br 67108863", "misc: halt",
    "misc: (p30) halt", "misc: (p2) halt", "misc: nop", "misc: (p1) nop", "misc: (p29) nop", "s0: (p7) sadd s1, s2, 3",
};

TEST(TcoreIsa, BuiltFromTheSpecs) {
  const as::Isa& isa = tcore_isa();
  EXPECT_EQ(isa.width(), 512u);
  std::vector<std::string> slots;
  for (const auto& s : isa.slots()) slots.push_back(s.def.name);
  EXPECT_EQ(slots, (std::vector<std::string>{"s0", "s1", "v0", "v1", "vls", "mxu", "dma", "misc"}));
  EXPECT_EQ(isa.lane_names(), (std::vector<std::string>{"imm0", "imm1", "imm2", "imm3", "imm4", "imm5"}));
  EXPECT_EQ(isa.read_names(), (std::vector<std::string>{"vs0", "vs1", "vs2"}));
  for (const auto& s : isa.slots()) {
    EXPECT_EQ(s.def.predicate.width, 5u) << s.def.name;
    EXPECT_EQ(s.def.never, 31u) << s.def.name;
  }
  // Scalar forms reach imm0..imm3 only.
  for (const auto& f : isa.forms()) {
    if (f.def.slot != "s0" && f.def.slot != "s1") continue;
    for (const auto& g : f.def.globals) EXPECT_TRUE(g == "imm0" || g == "imm1" || g == "imm2" || g == "imm3") << f.def.name << " " << g;
  }
}

TEST(TcoreRoundTrip, EveryFormWithSeveralVariants) {
  const as::Isa& isa = tcore_isa();
  std::map<std::string, int> per_form;
  for (const std::string& insn : kInsns) {
    SCOPED_TRACE(insn);
    const std::string text = "{ " + insn + " }";
    const auto w1 = as::assemble_listing(isa, text);
    ASSERT_EQ(w1.size(), 1u);
    const auto decoded = as::decode_bundle(isa, w1[0]);
    ASSERT_EQ(decoded.size(), 1u);
    const std::string& fname = isa.forms()[static_cast<size_t>(decoded[0].form)].def.name;
    ++per_form[fname.substr(fname.find('.') + 1)];  // per encoding, whichever slot
    // The text of the word: exact export (no constraints unless the word is
    // not the canonical encoding of its text).
    const std::string back = as::export_listing(isa, w1, ExportMode::Exact);
    const auto w2 = as::assemble_listing(isa, back);
    EXPECT_EQ(as::le_bytes(w2[0]), as::le_bytes(w1[0])) << back;
    EXPECT_EQ(as::export_listing(isa, w2, ExportMode::Exact), back);
  }
  // Every form of every slot is covered, most of them three times or more.
  std::set<std::string> encodings;
  for (const auto& f : isa.forms()) encodings.insert(f.def.name.substr(f.def.name.find('.') + 1));
  for (const auto& e : encodings) EXPECT_TRUE(per_form.count(e)) << e << " is not exercised";
  int three = 0;
  for (const auto& [f, n] : per_form) three += n >= 3;
  EXPECT_EQ(three, static_cast<int>(encodings.size()));
}

TEST(TcoreRoundTrip, RandomWordsPerForm) {
  // 200 random words of each form decode, print, and reassemble to a word that
  // prints the same (the canonical encoding need not be the same bytes).
  const as::Isa& isa = tcore_isa();
  std::mt19937_64 rng(4);
  int checked = 0;
  for (size_t fi = 0; fi < isa.forms().size(); ++fi) {
    const as::Form& f = isa.forms()[fi];
    const as::Slot& s = isa.slots()[static_cast<size_t>(f.slot)];
    for (int k = 0; k < 200; ++k) {
      as::Word w = isa.empty_word();
      as::set_field(w, s.def.predicate, rng() % 31);
      for (const auto& fd : f.def.fields)
        as::set_field(w, fd.field, fd.symbols.empty() ? rng() : fd.symbols[rng() % fd.symbols.size()].first);
      for (int g : f.globals) as::set_field(w, isa.globals()[static_cast<size_t>(g)].def.field, rng());
      f.fixed.apply(w);
      std::vector<as::DecodedInsn> d;
      try {
        d = as::decode_bundle(isa, w);
      } catch (const InputError&) {
        continue;  // e.g. dma buffer '11'
      }
      const std::string text = as::render_bundle(isa, as::bundle_text(isa, d));
      const auto w2 = as::assemble_listing(isa, text);
      EXPECT_EQ(as::render_bundle(isa, as::bundle_text(isa, as::decode_bundle(isa, w2[0]))), text);
      ++checked;
    }
  }
  EXPECT_GT(checked, 5000);
}

}  // namespace
}  // namespace mlisa::test

namespace mlisa::test {
namespace {

// Every operand of every tcore signature (the one operand vocabulary placed
// in the bundle word, asm/signature.hpp), on random words: the text it prints
// encodes to candidates of which one agrees with the word, and each of them
// prints the same text again.
RC_GTEST_PROP(TcoreOperands, PrintThenEncodeRoundTrips, ()) {
  const as::Isa& isa = tcore_isa();
  as::Word w(isa.width(), 0);  // every field random
  for (uint32_t i = 0; i < (isa.width() + 63) / 64; ++i) w.set_word(i, *rc::gen::arbitrary<uint64_t>());
  for (const as::Signature& sig : isa.signatures())
    for (const as::TextOperand& op : sig.def.operands) {
      std::string text;
      if (!as::print(sig.def.kinds, op, w, text)) continue;  // a selector or table value without a spelling
      std::string why;
      const auto cands = as::encode(sig.def.kinds, op, text, isa.width(), &why);
      RC_ASSERT(!cands.empty());
      RC_ASSERT(std::any_of(cands.begin(), cands.end(), [&](const as::Assignment& a) { return a.matches(w); }));
      for (const auto& a : cands) {
        as::Word again = w;
        a.apply(again);
        std::string back;
        RC_ASSERT(as::print(sig.def.kinds, op, again, back));
        RC_ASSERT(back == text);
      }
    }
}


// The Choice kind on its own (operands.hpp), as the word targets' kinds are
// checked in operands_test.cpp: for each choice of every tcore signature and a
// random word, the selected alternative's text parses back to values of
// which one writes the word's selector and field bits.
RC_GTEST_PROP(TcoreOperands, ChoiceKindRoundTrips, ()) {
  const as::Isa& isa = tcore_isa();
  as::Word w(isa.width(), 0);
  for (uint32_t i = 0; i < (isa.width() + 63) / 64; ++i) w.set_word(i, *rc::gen::arbitrary<uint64_t>());
  int checked = 0;
  for (const as::Signature& sig : isa.signatures())
    for (const as::operands::Kind& k : sig.def.kinds) {
      const auto* choice = std::get_if<as::operands::Choice>(&k);
      if (!choice) continue;
      // Draw a selector that some alternative has, so that every word prints.
      as::Word word = w;
      const auto& alt = choice->alternatives[*rc::gen::inRange<size_t>(0, choice->alternatives.size())];
      as::Assignment sel(isa.width());
      RC_ASSERT(as::operands::assign(sel, choice->selector, alt.selector));
      sel.apply(word);
      const as::operands::Raw raw = choice->decode(word);
      RC_ASSERT(raw.a == alt.selector);
      const std::optional<std::string> text = choice->print(raw);
      RC_ASSERT(text.has_value());
      std::vector<as::operands::Raw> parsed;
      RC_ASSERT(choice->parse(*text, parsed) == text->size());
      bool same = false;
      for (const as::operands::Raw& r : parsed) {
        as::Assignment a(isa.width());
        if (choice->encode(r, a) && a.matches(word)) same = true;
      }
      RC_LOG() << sig.def.mnemonic << " " << *text << "\n";
      RC_ASSERT(same);
      ++checked;
    }
  RC_ASSERT(checked > 0);
}

}  // namespace
}  // namespace mlisa::test
