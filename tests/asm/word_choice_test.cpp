// The word engine's choice among the templates that accept a line
// (asm/word_isa.hpp): the key (width, `{<Rd>,}` omitted, borrowed spelling,
// spec order), on a toy target written here, whose pages put a wide
// encoding before a narrow one of the same syntax. The expected words are
// worked by hand from the diagrams below.
#include "asm/word_isa.hpp"

#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

namespace mlisa::as {
namespace {

const std::string kDataDir = std::string(MLISA_SOURCE_DIR) + "/tests/spec/data";

// Two pages of one mnemonic, in this order: the first only 32 bits wide,
// the second 16. MOVE (wide) also has a two-register syntax that omits its
// first register.
const char* kWide =
    "instruction MOVE (wide)\n"
    "summary Copies a register, 32-bit only.\n"
    "\n"
    "encoding T1\n"
    "    diagram 1 1 1 1 0 0 0 0 0 0 0 0 Rd:4 0 0 0 0 0 0 0 0 0 0 0 0 Rm:4\n"
    "    syntax MOVE <Rd>, <Rm>\n"
    "    syntax ADDTO {<Rd>,} <Rm>\n"
    "    operand <Rd> reg R Rd\n"
    "    operand <Rm> reg R Rm\n"
    "    decode\n"
    "        integer d = UInt(Rd);\n"
    "        integer m = UInt(Rm);\n"
    "\n"
    "operation\n"
    "    R[d] = R[m];\n";

const char* kNarrow =
    "instruction MOVE (narrow)\n"
    "summary Copies a low register, 16-bit.\n"
    "\n"
    "encoding T1\n"
    "    diagram 0 1 1 0 0 0 0 0 0 0 Rm:3 Rd:3\n"
    "    syntax MOVE <Rd>, <Rm>\n"
    "    syntax ADDTO <Rd>, <Rn>, <Rm>\n"
    "    operand <Rd> reg R Rd\n"
    "    operand <Rn> reg R Rd\n"
    "    operand <Rm> reg R Rm\n"
    "    decode\n"
    "        integer d = UInt(Rd);\n"
    "        integer m = UInt(Rm);\n"
    "\n"
    "operation\n"
    "    R[d] = R[m];\n";

// Words of 16 and 32 bits, told apart by their top bits as T32 does.
class ToyRules : public TargetRules {
 public:
  std::string_view name() const override { return "toy"; }
  ElfOptions elf() const override { return {}; }
  std::string code_mapping() const override { return ""; }
  std::vector<uint8_t> nop() const override { return {0, 0}; }
};

const WordIsa& toy() {
  static const std::unique_ptr<spec::TargetSpec> spec = [] {
    std::vector<spec::SpecSource> sources;
    for (spec::SpecSource& s : spec::specs_with_dir("toy", kDataDir))
      if (s.path.find("shared.isa") != std::string::npos) sources.push_back(std::move(s));
    sources.push_back({"isa/toy/move_wide.isa", kWide});
    sources.push_back({"isa/toy/move_narrow.isa", kNarrow});
    return spec::TargetSpec::load("toy", sources, spec::language_builtins());
  }();
  static const WordIsa isa(*spec, spec::language_builtins(), std::make_unique<ToyRules>());
  return isa;
}

TEST(WordChoice, ANarrowerTemplateOnALaterPageWins) {
  // Low registers: both pages accept; the 16-bit one is 0110 0000 00 mmm ddd.
  const WordIsa::Assembled a = toy().assemble("move r1, r2");
  EXPECT_EQ(a.inst->name, "MOVE (narrow)");
  EXPECT_EQ(a.word.width(), 16u);
  EXPECT_EQ(a.word.low64(), 0x6011u);
  // A high register: only the 32-bit page, 1111 0000 0000 dddd 0000 0000 0000 mmmm.
  const WordIsa::Assembled b = toy().assemble("move r9, r2");
  EXPECT_EQ(b.inst->name, "MOVE (wide)");
  EXPECT_EQ(b.word.width(), 32u);
  EXPECT_EQ(b.word.low64(), 0xF0090002u);
}

TEST(WordChoice, OmittingARegisterGivesWayAtTheSameWidthOnly) {
  // `addto r3, r3, r2` is the narrow page's; `addto r3, r2` omits the wide
  // page's {<Rd>,} and no narrow template takes two operands: the wide one.
  EXPECT_EQ(toy().assemble("addto r3, r3, r2").word.low64(), 0x6013u);
  const WordIsa::Assembled w = toy().assemble("addto r3, r2");
  EXPECT_EQ(w.inst->name, "MOVE (wide)");
  EXPECT_EQ(w.word.low64(), 0xF0030002u);
}

}  // namespace
}  // namespace mlisa::as
