// mlisa as and mlisa disasm through the real binary (spec doc: tests/cli/spec_doc_test.cpp).
#include "support/files.hpp"
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

const char* kProgram = R"(# a tcore program
        .text
        .global entry
entry:  { s0: simm.s32 s1, 5; s1: simm.s32 s2, 0 }
loop:   { s0: ssub s1, s1, 1; s1: sadd s2, s2, 1; v0: vadd v1, v2, s3 }
        { s0: scmp.lt p1, s1, 1; vls: vld v6, [s4 + 256, st=1] }
        { misc: (p1) halt }
        { misc: br loop }       # back
        { s0: simm.s32 s0, 0 } .encoding s0.ysel=lo(imm0)
        .data
table:  .word 1, 2, table + 4
        .byte 255, -1
        .asciz "tcore"
        .equ N, 16
)";

TEST(TcoreTools, AssembleElfAndDisassembleExactly) {
  TempDir t;
  const std::string src = t.write("p.s", kProgram);
  const std::string obj = (t.path / "p.o").string();
  auto r = run_mlisa({"as", "--target", "tcore", "-o", obj, src});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string elf = slurp(obj);
  ASSERT_GE(elf.size(), 52u);
  EXPECT_EQ(elf.substr(0, 4), "\x7f" "ELF");
  EXPECT_EQ(elf[4], 1);  // ELFCLASS32
  auto d = run_mlisa({"disasm", "--target", "tcore", "--exact", obj});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_NE(d.out.find("entry:\n"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("L_0040:\n"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("misc: br L_0040"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find(".encoding s0.ysel=lo(imm0)"), std::string::npos) << d.out;
  EXPECT_NE(d.out.find("\t.data\n\t.byte 0x01, 0x00"), std::string::npos) << d.out;
  // Reassembling the exact listing gives the same sections.
  const std::string again = t.write("again.s", d.out);
  const std::string obj2 = (t.path / "again.o").string();
  ASSERT_EQ(run_mlisa({"as", "--target", "tcore", "-o", obj2, again}).exit_code, 0);
  auto d2 = run_mlisa({"disasm", "--target", "tcore", "--exact", obj2});
  EXPECT_EQ(d2.out, d.out);
  // Canonical drops the constraint.
  auto c = run_mlisa({"disasm", "--target", "tcore", obj});
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_EQ(c.out.find(".encoding"), std::string::npos) << c.out;
}

// The bundle front end expands .rept, .irp and .macro as the word targets'
// front end does: the image is the written-out program's, labels made by a repetition
// stay in order between its bundles, and an error names the body's line.
TEST(TcoreTools, RepetitionsAndMacrosInBundles) {
  TempDir t;
  const std::string with = t.write("w.s",
                                   "\t.text\nentry:\t{ s0: simm.s32 s1, 5 }\n\t.irp n, 1, 2\nat\\n:\t{ s0: sadd s2, s2, \\n }\n"
                                   "\t.endr\n\t.macro inc r\n\t{ s0: sadd \\r, \\r, 1 }\n\t.endm\n\tinc s3\n"
                                   "\t{ misc: br at2 }\n\t.rept 2\n\t{ misc: halt }\n\t.endr\n");
  const std::string out = t.write("o.s",
                                  "\t.text\nentry:\t{ s0: simm.s32 s1, 5 }\nat1:\t{ s0: sadd s2, s2, 1 }\nat2:\t{ s0: sadd s2, s2, 2 }\n"
                                  "\t{ s0: sadd s3, s3, 1 }\n\t{ misc: br at2 }\n\t{ misc: halt }\n\t{ misc: halt }\n");
  const std::string a = (t.path / "w.bin").string(), b = (t.path / "o.bin").string();
  ASSERT_EQ(run_mlisa({"as", "--target", "tcore", "--format", "bin", "-o", a, with}).exit_code, 0);
  ASSERT_EQ(run_mlisa({"as", "--target", "tcore", "--format", "bin", "-o", b, out}).exit_code, 0);
  EXPECT_EQ(slurp(a), slurp(b));
  EXPECT_FALSE(slurp(a).empty());
  const std::string bad = t.write("bad.s", "\t.text\n\t.macro m\n\t{ s0: sadd s99, s2, 1 }\n\t.endm\n\t{ misc: halt }\n\tm\n");
  const auto r = run_mlisa({"as", "--target", "tcore", "-o", (t.path / "bad.o").string(), bad});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("bad.s:3:13: error:"), std::string::npos) << r.err;
}

TEST(TcoreTools, RawImageAndShowEncoding) {
  TempDir t;
  const std::string src = t.write("p.s", "{ s0: sadd s1, s2, 7 }\n{ misc: br 0x12340 }\n");
  const std::string bin = (t.path / "p.bin").string();
  auto r = run_mlisa({"as", "--target", "tcore", "--format", "bin", "-o", bin, src});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(slurp(bin).size(), 128u);
  auto d = run_mlisa({"disasm", "--target", "tcore", bin});
  ASSERT_EQ(d.exit_code, 0) << d.err;
  EXPECT_EQ(d.out, "\t.text\nentry:\n\t{ s0: sadd s1, s2, 7 }\n\t{ misc: br 0x12340 }\n");
  auto s = run_mlisa({"as", "--target", "tcore", "--show-encoding", src});
  ASSERT_EQ(s.exit_code, 0) << s.err;
  EXPECT_EQ(s.out.substr(0, 56), "{ s0: sadd s1, s2, 7 }  # encoding: [0x07,0x00,0x00,0x00");
  EXPECT_EQ(std::count(s.out.begin(), s.out.end(), '\n'), 2);
  // Data in a raw image would be lost: refused.
  const std::string withdata = t.write("d.s", "{ misc: halt }\n.data\n.word 1\n");
  auto b = run_mlisa({"as", "--target", "tcore", "--format", "bin", "-o", bin, withdata});
  EXPECT_EQ(b.exit_code, 2);
  EXPECT_NE(b.err.find("section .data holds 4 bytes; use --format elf"), std::string::npos) << b.err;
}

struct BadCase {
  std::string source;
  std::string where;    // file:line:col
  std::string message;  // part of the message
};

// Every refused bundle is reported, in source order, with a nonzero exit.
TEST(TcoreTools, EveryRefusedBundleIsReported) {
  TempDir t;
  const std::string src = t.write("bad.s", "{ s0: sadd s1, s2, 1 }\n{ s0: sadd s99, s2, 1 }\n{ misc: halt }\n{ s0: sfoo s1 }\n");
  const auto r = run_mlisa({"as", "--target", "tcore", "-o", (t.path / "bad.o").string(), src});
  EXPECT_EQ(r.exit_code, 2);
  const size_t a = r.err.find(src + ":2:12: error: operand 1 's99'"), b = r.err.find(src + ":4:7: error: unknown instruction 'sfoo'");
  ASSERT_NE(a, std::string::npos) << r.err;
  ASSERT_NE(b, std::string::npos) << r.err;
  EXPECT_LT(a, b);
  EXPECT_EQ(r.err.find(src + ":1:"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find(src + ":3:"), std::string::npos) << r.err;
}

TEST(TcoreTools, ErrorsAtTheirLocation) {
  const std::vector<BadCase> cases = {
      {"\n  { s0: sadd s1, s2, 70000 }\n", ":2:22:", "operand must be an immediate in the range [-32768,65535]"},  // lo(immN) or sext(immN)
      {"{ s0: sfoo s1 }\n", ":1:7:", "unknown instruction 'sfoo' in slot s0"},
      {"{ v0: sadd s1, s2, 3 }\n", ":1:7:", "unknown instruction 'sadd' in slot v0 (slots s0, s1 hold 'sadd')"},
      {"{ s0: sadd s1, s2 }\n", ":1:18:", "too few operands for instruction ('sadd' takes 3, not 2)"},
      {"{ s0: simm.w s1, 0x12345678; s1: simm.w s2, 1 }\n", ":1:1:", "conflict on imm0, imm1"},
      {"{ s0: sadd s1, s2, 7 } .encoding s0.ysel=const(0)\n", ":1:7:", "no encoding satisfies the constraints s0.ysel=const(0)"},
      {"{ s0: sadd s1, s2, 7 } .encoding s0.ysel=lo(imm0), imm0=1\n", ":1:7:", "s0.ysel=lo(imm0), imm0=1"},
      {"{ misc: halt } .encoding imm0=3\n", ":1:", "imm0"},
      {"\t.word 5\n", ":1:2:", ".word in code section .text"},
      {"{ misc: br nowhere }\n", ":1:12:", "undefined symbol 'nowhere'"},
      {"{ misc: br 65 }\n", ":1:12:", "not a non-negative multiple of 64"},
      {"{ s0: sadd s1, s2\n", ":1:1:", "expected '}'"},
      {".foo 3\n", ":1:1:", "unknown directive '.foo'"},
      {"{ s0: sadd s40, s2, 1 }\n", ":1:12:", "s40"},
      // A text every operand takes whose decode pseudocode is UNDEFINED: the operand whose value the rule
      // refuses, with the values it takes (pd 0 to 30), and the spec's rule quoted.
      {"{ s0: scmp.eq p31, s1, 0 }\n", ":1:15:",
       "operand 1 'p31': operand must be a register in range [p0, p30] (UNDEFINED in SCMP.EQ Scmpeq: if UInt(pd) > 30 then "
       "UNDEFINED)"},
      {"{ v0: vadd v1, v2, v3; v0: vmov v1, v2 }\n", ":1:28:", "slot v0 already holds an instruction"},
      {".data\n{ misc: halt }\n", ":2:1:", "instructions belong in a code section"},
      {".data\n.byte 256\n", ":2:7:", "does not fit in 1 bytes"},
      {"a:\na:\n", ":2:1:", "symbol 'a' is already defined"},
      {"{ s0: sadd s1, s2, 7 } .encoding bogus=1\n", ":1:34:", "unknown constraint name 'bogus'"},
      {"{ q9: nop }\n", ":1:3:", "q9"},
      {".p2align 40\n", ":1:10:", "exponent is 0 to 16"},
      // The whole operand text is matched at once; the refusal names the operand where it went wrong,
      // and points at it (too many operands: the first one too many).
      {"{ dma: dma.ld l0a[s26], [s13], cols=s3, stride=s14 }\n", ":1:32:",
       "operand 3 'cols=s3': 'cols=s3' does not match rows=<Sr>"},
      {"{ vls: vld v1, (s17 + 4, st=1] }\n", ":1:16:", "operand 2 '(s17 + 4, st=1]': expected a memory operand [...]"},
      {"{ vls: vld v1, [s17 + 4, sx=1] }\n", ":1:16:", "operand 2 '[s17 + 4, sx=1]': unknown modifier 'sx'"},
      {"{ vls: vld v1, [s17 + 4, st=1], 3 }\n", ":1:33:", "too many operands for instruction ('vld' takes 2, not 3)"},
  };
  TempDir t;
  for (const auto& c : cases) {
    SCOPED_TRACE(c.source);
    const std::string src = t.write("bad.s", c.source);
    auto r = run_mlisa({"as", "--target", "tcore", "-o", (t.path / "bad.o").string(), src});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.err.find(src + c.where), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find('^'), std::string::npos) << r.err;  // the caret line
  }
}

TEST(TcoreTools, DisasmRefusesWhatItCannotName) {
  TempDir t;
  std::string image(64, '\0');
  // Every predicate NEVER, one reserved bit (bit 150) set.
  for (int s = 0; s < 8; ++s) {
    const int bit = 224 + 40 * s;
    for (int k = 0; k < 5; ++k) image[static_cast<size_t>((bit + k) / 8)] |= static_cast<char>(1 << ((bit + k) % 8));
  }
  image[150 / 8] |= static_cast<char>(1 << (150 % 8));
  const std::string bin = t.write("r.bin", image);
  auto r = run_mlisa({"disasm", "--target", "tcore", "--exact", bin});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("named fields do not cover the original encoding"), std::string::npos) << r.err;
  auto c = run_mlisa({"disasm", "--target", "tcore", "--canonical", bin});
  EXPECT_EQ(c.exit_code, 0) << c.err;
  EXPECT_EQ(c.out, "\t.text\nentry:\n\t{ }\n");
  const std::string odd = t.write("o.bin", std::string(65, '\0'));
  auto o = run_mlisa({"disasm", "--target", "tcore", odd});
  EXPECT_EQ(o.exit_code, 2);
  EXPECT_NE(o.err.find("not a whole number of 64-byte words"), std::string::npos) << o.err;
}

}  // namespace
}  // namespace mlisa::test
