// GNU as local labels (`1:`, `1b`, `1f`) in the single-word targets' front end
// (src/asm/gas.cpp). Expected bytes from GNU as 2.40
// (arm-none-eabi-as -march=armv8.1-m.main+mve.fp+fp.dp, objcopy -O binary -j .text).
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/mve/machine.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace mlisa::test {
namespace {

const as::WordIsa& isa() {
  static const targets::mve::Target t = targets::mve::load();
  return *t.isa;
}

std::vector<uint8_t> text_of(const std::string& source) {
  const as::Object obj = as::assemble_word_program(isa(), source, "test.s");
  const as::ObjSection* text = obj.find(".text");
  return text ? text->bytes : std::vector<uint8_t>{};
}

std::string error_of(const std::string& source) {
  try {
    text_of(source);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(GasLocalLabels, BackwardAndForwardReferencesNameTheNearestInstance) {
  const std::string source =
      "1: subs r0, #1\n"
      "bne 1b\n"
      "1: b 1f\n"
      ".word 1b\n"
      "1: nop\n"
      "b 1b\n"
      "adr r1, 1f\n"
      ".align 2\n"
      "1: .word 0x12345678\n";
  const std::vector<uint8_t> gnu = {0x01, 0x38, 0xfd, 0xd1, 0x01, 0xe0, 0x04, 0x00, 0x00, 0x00,
                                    0x00, 0xbf, 0xfd, 0xe7, 0x00, 0xa1, 0x78, 0x56, 0x34, 0x12};
  EXPECT_EQ(text_of(source), gnu);
}

TEST(GasLocalLabels, OnTheSameLineAsStatementsAndInHexNotConfused) {
  // `0x1f` is a number, not a reference; `2:` may share a line with ';'.
  EXPECT_EQ(text_of("2: movs r0, #0x1f; b 2b\n"), (std::vector<uint8_t>{0x1f, 0x20, 0xfd, 0xe7}));
}

TEST(GasLocalLabels, MissingDefinitionsAreLocatedErrors) {
  EXPECT_NE(error_of("nop\nb 2b\n").find("test.s:2:3: error: local label '2b' has no definition '2:' before it"),
            std::string::npos)
      << error_of("nop\nb 2b\n");
  EXPECT_NE(error_of("b 3f\n3: nop\nb 3f\n").find("test.s:3:3: error: local label '3f' has no definition '3:' after it"),
            std::string::npos)
      << error_of("b 3f\n3: nop\nb 3f\n");
}

}  // namespace
}  // namespace mlisa::test
