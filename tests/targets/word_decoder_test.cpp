// The word decoder's decision tree (asm/word_decoder.hpp) against the
// linear scan of every encoding in spec order: for each encoding of mve and
// sme2, random words with its diagram's fixed bits reach a leaf holding every
// matching encoding in spec order, and decode to the same encoding (or the
// same refusal) both ways. Overlaps the manual resolves by priority (a SEE in
// the first encoding's decode) are checked against llvm-mc-19 --disassemble.
#include "asm/word_decoder.hpp"
#include "asm/word_isa.hpp"
#include "asm/word_program.hpp"
#include "support/llvm_mc.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

using spec::Bits;
using as::WordDecoder;

const targets::LoadedWordTarget& target(const std::string& name) {
  static const targets::LoadedWordTarget mve = targets::load_word_target("mve", std::nullopt);
  static const targets::LoadedWordTarget sme2 = targets::load_word_target("sme2", std::nullopt);
  return name == "mve" ? mve : sme2;
}

// A word of `enc`'s width with its fixed bits and the others random.
Bits random_word(const spec::Encoding& enc, std::mt19937_64& rng) {
  const uint64_t mask = enc.fixed_mask.low64(), value = enc.fixed_value.low64();
  return Bits(enc.width, (rng() & ~mask) | value);
}

class WordDecoderTest : public ::testing::TestWithParam<std::string> {};

TEST_P(WordDecoderTest, LeavesHoldEveryMatchingEncodingInSpecOrder) {
  const auto& t = target(GetParam());
  const WordDecoder& tree = t.isa->decoder();
  std::mt19937_64 rng(14);
  size_t encodings = 0;
  for (const auto& in : t.spec->instructions())
    for (const auto& enc : in.encodings) {
      ++encodings;
      for (int k = 0; k < 64; ++k) {
        const Bits word = random_word(enc, rng);
        const std::vector<WordDecoder::Candidate> expected = WordDecoder::linear(*t.spec, word);
        std::vector<const spec::Encoding*> got;
        for (const auto& c : tree.candidates(word))
          if (c.enc->width == word.width() && c.enc->matches(word)) got.push_back(c.enc);
        ASSERT_EQ(got.size(), expected.size()) << in.name << " " << enc.name << " " << word.to_hex();
        for (size_t i = 0; i < got.size(); ++i)
          EXPECT_EQ(got[i], expected[i].enc) << in.name << " " << enc.name << " " << word.to_hex();
      }
    }
  EXPECT_GT(encodings, 20u);
  // A tree, not a list: a word's leaf holds a few encodings, not all of them.
  size_t widest_leaf = 0;
  for (const auto& in : t.spec->instructions())
    for (const auto& enc : in.encodings) {
      const Bits word = random_word(enc, rng);
      widest_leaf = std::max(widest_leaf, tree.candidates(word).size());
    }
  EXPECT_LT(widest_leaf, encodings / 4);
}

TEST_P(WordDecoderTest, TreeAndLinearScanDecodeAlike) {
  const auto& t = target(GetParam());
  std::mt19937_64 rng(2026);
  for (const auto& in : t.spec->instructions())
    for (const auto& enc : in.encodings)
      for (int k = 0; k < 8; ++k) {
        const Bits word = random_word(enc, rng);
        const spec::InstructionSpec *inst_tree = nullptr, *inst_linear = nullptr;
        std::string why_tree, why_linear;
        const spec::Encoding* e_tree = t.isa->decode(word, &inst_tree, &why_tree);
        const spec::Encoding* e_linear = t.isa->decode_linear(word, &inst_linear, &why_linear);
        EXPECT_EQ(e_tree, e_linear) << in.name << " " << enc.name << " " << word.to_hex();
        EXPECT_EQ(inst_tree, inst_linear) << word.to_hex();
        EXPECT_EQ(why_tree, why_linear) << word.to_hex();
      }
}

INSTANTIATE_TEST_SUITE_P(Targets, WordDecoderTest, ::testing::Values("mve", "sme2"));

// Two encodings whose fixed bits both match, where the first one's decode
// says SEE: the word is the second one's, as llvm-mc-19 disassembles it.
//   add.w r0, sp, #4: ADD (immediate) T3 has Rn == '1101' -> SEE ADD (SP plus immediate).
//   udf #7: B T1 has cond == '1110' -> SEE UDF.
TEST(WordDecoder, OverlapResolvedBySpecPriority) {
  const auto& t = target("mve");
  struct Case {
    std::vector<uint8_t> bytes;  // as memory holds them
    Bits word;
    const char* first;   // the earlier encoding whose decode says SEE
    const char* winner;  // the instruction it decodes to
    const char* text;    // llvm-mc-19 --disassemble
  };
  const Case cases[] = {
      {{0x0d, 0xf1, 0x04, 0x00}, Bits(32, 0xf10d0004), "ADD (immediate)", "ADD (SP plus immediate)", "add.w r0, sp, #4"},
      {{0x07, 0xde}, Bits(16, 0xde07), "B", "UDF", "udf #7"},
  };
  for (const Case& c : cases) {
    // Both are in the word's leaf, the SEE one first.
    std::vector<std::string> names;
    for (const auto& cand : t.isa->decoder().candidates(c.word))
      if (cand.enc->matches(c.word)) names.push_back(cand.inst->name);
    ASSERT_GE(names.size(), 2u) << c.text;
    EXPECT_EQ(names[0], c.first) << c.text;
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = t.isa->decode(c.word, &inst);
    ASSERT_NE(enc, nullptr) << c.text;
    EXPECT_EQ(inst->name, c.winner) << c.text;
    // The disassembler (which calls decode) lists it as llvm-mc does.
    as::ObjSection text;
    text.name = ".text";
    text.code = true;
    text.bytes = c.bytes;
    const std::string listing = as::disassemble_words(*t.isa, {text}, false, "overlap.bin");
    EXPECT_NE(listing.find(c.text), std::string::npos) << listing;
    EXPECT_EQ(targets::mve::t32_bytes(c.word), c.bytes) << c.text;
    if (have_llvm_mc()) {
      const std::vector<std::string> llvm =
          llvm_mc_disassemble("-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64", llvm_mc_bytes(c.bytes));
      ASSERT_EQ(llvm.size(), 1u) << c.text;
      EXPECT_EQ(llvm[0], c.text);
    }
  }
}

}  // namespace
}  // namespace mlisa::test
