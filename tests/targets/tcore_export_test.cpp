// tcore exports: the pairs of tests/targets/data/exact_pairs.s (different
// bytes, one canonical text, told apart by exact export), every refusal with
// its message, and 10,000 random bundles exported exactly and reassembled.
#include "tcore_fixture.hpp"

#include "core/diag.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

namespace mlisa::test {
namespace {

using as::ExportMode;

std::vector<std::pair<std::string, std::string>> read_pairs() {
  std::ifstream in(std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/exact_pairs.s");
  std::vector<std::string> group;
  std::vector<std::pair<std::string, std::string>> out;
  std::string line;
  auto flush = [&] {
    if (group.size() == 2) out.emplace_back(group[0], group[1]);
    else EXPECT_TRUE(group.empty()) << "a pair has " << group.size() << " lines";
    group.clear();
  };
  while (std::getline(in, line)) {
    if (line.empty()) flush();
    else if (line.rfind("//", 0) != 0) group.push_back(line);
  }
  flush();
  return out;
}

TEST(TcoreExact, PairsDifferInBytesNotInCanonicalText) {
  const as::Isa& isa = tcore_isa();
  const auto pairs = read_pairs();
  ASSERT_GE(pairs.size(), 9u);
  for (const auto& [a, b] : pairs) {
    SCOPED_TRACE(a + "  |  " + b);
    const as::Word wa = as::assemble_listing(isa, a).at(0), wb = as::assemble_listing(isa, b).at(0);
    EXPECT_NE(as::le_bytes(wa), as::le_bytes(wb));
    const std::string ca = as::export_listing(isa, {wa}, ExportMode::Canonical);
    const std::string cb = as::export_listing(isa, {wb}, ExportMode::Canonical);
    EXPECT_EQ(ca, cb);
    const std::string ea = as::export_listing(isa, {wa}, ExportMode::Exact);
    const std::string eb = as::export_listing(isa, {wb}, ExportMode::Exact);
    EXPECT_NE(ea, eb);
    EXPECT_EQ(as::le_bytes(as::assemble_listing(isa, ea).at(0)), as::le_bytes(wa)) << ea;
    EXPECT_EQ(as::le_bytes(as::assemble_listing(isa, eb).at(0)), as::le_bytes(wb)) << eb;
    // The tools' disassembly too, through the GNU-as front end.
    for (const as::Word* w : {&wa, &wb}) {
      const auto sec = code_section({*w});
      const std::string text = targets::disassemble(*tcore().isa, {sec}, ExportMode::Exact);
      const auto obj = as::assemble_gas(isa, targets::gas_target(*tcore().isa), text, "x.s");
      EXPECT_EQ(obj.find(".text")->bytes, sec.bytes);
    }
  }
}

std::string refusal(const as::Word& w, ExportMode mode = ExportMode::Exact) {
  try {
    as::export_listing(tcore_isa(), {w}, mode);
  } catch (const InputError& e) {
    return e.message();
  }
  return "(exported)";
}

as::Word word_of(const std::string& listing) { return as::assemble_listing(tcore_isa(), listing).at(0); }

// An instruction the solver refuses is reported at its line and column with
// that line and a caret (the parsed listing's locations carry no text; the
// error gets its line back), as `mlisa as` reports it.
TEST(TcoreListing, ARefusedInstructionShowsItsLine) {
  try {
    as::assemble_listing(tcore_isa(), "{ s0: sadd s1, s2, 7 }\n{ s0: sadd s1, s2, s99 }\n", "l.s");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()),
              "l.s:2:20: error: operand 3 's99': operand must be a register in range [s0, s31]\n{ s0: sadd s1, s2, s99 }\n"
              "                   ^");  // a register name: the registers the y operand's sy field takes
  }
}

TEST(TcoreRefusals, PredicateNever) {
  as::Word w = word_of("{ s1: sadd s1, s2, 3 }");
  as::set_field(w, tcore_isa().slots()[1].def.predicate, 31);
  EXPECT_EQ(refusal(w), "bundle 0 (" + w.to_hex() + "): slot s1 is occupied but its predicate is NEVER");
}

TEST(TcoreRefusals, UnsupportedForm) {
  as::Word w = tcore_isa().empty_word();
  const auto& s0 = tcore_isa().slots()[0];
  as::set_field(w, s0.def.predicate, 0);
  as::set_field(w, {192 + 26, 6}, 63);  // no s0 opcode 63
  EXPECT_NE(refusal(w).find("slot s0: unsupported instruction form"), std::string::npos) << refusal(w);
  // A spelling the table lacks: dma buffer '11', which DMA.LD's decode makes UNDEFINED.
  as::Word d = word_of("{ dma: dma.ld l0c[s1], [s2], rows=s3, stride=s4 }");
  as::set_field(d, {432 + 24, 2}, 3);
  EXPECT_NE(refusal(d).find("slot dma: UNDEFINED in DMA.LD DmaLd: if buf == '11' then UNDEFINED"), std::string::npos)
      << refusal(d);
  // A selector value without an alternative (sadd's ysel 12).
  as::Word y = word_of("{ s0: sadd s1, s2, s3 }");
  as::set_field(y, {192 + 12, 4}, 12);
  EXPECT_NE(refusal(y, ExportMode::Canonical).find("slot s0: unsupported instruction form"), std::string::npos);
}

TEST(TcoreRefusals, ReservedBitsCannotBeNamed) {
  for (uint32_t bit : {150u, 191u, 229u, 511u}) {
    as::Word w = word_of("{ s0: sadd s1, s2, 3 }");
    w.set_bit(bit, true);
    EXPECT_NE(refusal(w).find("named fields do not cover the original encoding"), std::string::npos)
        << bit << ": " << refusal(w);
  }
  // Canonical export does not need them.
  as::Word w = word_of("{ s0: sadd s1, s2, 3 }");
  w.set_bit(150, true);
  EXPECT_EQ(refusal(w, ExportMode::Canonical), "(exported)");
}

TEST(TcoreRefusals, ToolsNameTheBundleAndTheSection) {
  as::Word w = word_of("{ s0: sadd s1, s2, 3 }");
  as::set_field(w, tcore_isa().slots()[0].def.predicate, 31);
  auto sec = code_section({word_of("{ misc: halt }"), w});
  try {
    targets::disassemble(*tcore().isa, {sec}, ExportMode::Exact, "p.bin");
    FAIL() << "exported";
  } catch (const InputError& e) {
    EXPECT_NE(e.message().find("p.bin: .text offset 0x40 (bundle 1): "), std::string::npos) << e.message();
    EXPECT_NE(e.message().find("slot s0 is occupied but its predicate is NEVER"), std::string::npos) << e.message();
  }
  sec.bytes.push_back(0);
  try {
    targets::disassemble(*tcore().isa, {sec}, ExportMode::Exact, "p.bin");
    FAIL() << "exported";
  } catch (const InputError& e) {
    EXPECT_EQ(e.message(), "p.bin: section .text is 129 bytes, not a whole number of 64-byte words");
  }
}

TEST(TcoreExact, TenThousandRandomBundles) {
  std::mt19937_64 rng(20261201);
  std::vector<as::Word> words;
  int skipped = 0;
  while (words.size() < 10000) {
    as::Word w = random_tcore_bundle(rng);
    try {
      (void)as::decode_bundle(tcore_isa(), w);
    } catch (const InputError&) {
      ++skipped;
      continue;
    }
    words.push_back(w);
  }
  // Random fields make about a third of the bundles no instruction (opcodes, selectors without an
  // alternative) or UNDEFINED by their decode (SCMP's pd 31, DMA's buffer 11): 5,079 of 15,079 here.
  EXPECT_LT(skipped, 6000);
  const std::string exact = as::export_listing(tcore_isa(), words, ExportMode::Exact);  // verified inside
  const auto back = as::assemble_listing(tcore_isa(), exact);
  ASSERT_EQ(back.size(), words.size());
  for (size_t i = 0; i < words.size(); ++i) ASSERT_EQ(as::le_bytes(back[i]), as::le_bytes(words[i])) << i;
  // And the tools' path: labels, the front end, byte for byte.
  const auto sec = code_section(std::vector<as::Word>(words.begin(), words.begin() + 2000));
  const std::string text = targets::disassemble(*tcore().isa, {sec}, ExportMode::Exact);
  EXPECT_EQ(as::assemble_gas(tcore_isa(), targets::gas_target(*tcore().isa), text, "r.s").find(".text")->bytes, sec.bytes);
}

}  // namespace
}  // namespace mlisa::test
