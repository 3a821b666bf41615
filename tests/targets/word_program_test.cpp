// Whole programs of the single-word targets (word_program.hpp): branch
// relaxation against llvm-mc-19's objects, IT blocks, ELF that GNU objdump and
// ld accept, exact disassembly with should-be bits, and the errors.
#include "asm/elf.hpp"
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "support/llvm_mc.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/targets.hpp"
#include "verify/forms.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <tuple>
#include <iterator>
#include <sstream>

namespace mlisa {
namespace {

const as::WordIsa& mve() {
  static const targets::mve::Target t = targets::mve::load();
  return *t.isa;
}

const as::WordIsa& sme2() {
  static const targets::sme2::Target t = targets::sme2::load();
  return *t.isa;
}

// The code (.text) a source assembles to.
std::vector<uint8_t> code_of(const as::WordIsa& isa, const std::string& source) {
  return as::assemble_word_program(isa, source, "t.s").find(".text")->bytes;
}

// A64 words as memory holds them, little-endian.
std::vector<uint8_t> a64_code(std::initializer_list<uint32_t> words) {
  std::vector<uint8_t> out;
  for (uint32_t w : words)
    for (int k = 0; k < 4; ++k) out.push_back(static_cast<uint8_t>(w >> (8 * k)));
  return out;
}

std::string temp_path(const std::string& name) { return ::testing::TempDir() + std::to_string(::getpid()) + "_" + name; }

std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
}

std::vector<uint8_t> text_of(const as::Object& obj) {
  const as::ObjSection* s = obj.find(".text");
  return s ? s->bytes : std::vector<uint8_t>{};
}

// The .text bytes llvm-mc-19 gives the source as an object (its own branch
// relaxation and fixups), or empty when it fails.
std::vector<uint8_t> llvm_mc_text(const std::string& source) {
  const std::string in = temp_path("llvm.s"), out = temp_path("llvm.o");
  std::ofstream(in) << source;
  const std::string cmd = "llvm-mc-19 -triple=thumbv8.1m.main -mattr=+mve.fp,+fp64 -filetype=obj -o " + out + " " + in +
                          " 2>/dev/null";
  if (std::system(cmd.c_str()) != 0) return {};
  for (const auto& s : as::read_elf(read_file(out), out).sections)
    if (s.name == ".text") return s.bytes;
  return {};
}

std::string nops(int n) {
  std::string s;
  for (int i = 0; i < n; ++i) s += "\tnop\n";
  return s;
}

// Branches to near and far targets, both directions: each takes the
// narrowest encoding that reaches (B T1/T2 vs T3/T4, CBZ), as LLVM relaxes.
const std::string kBranches = "\t.syntax unified\n\t.thumb\n\t.text\n"
                              "start:\n\tmovs r0, #1\n\tcbz r0, near\n\tbne near\n\tb near\n\tbeq far\n\tb far\n\tbl far\n" +
                              nops(20) + "near:\n\tcmp r0, #0\n" + nops(1200) +
                              "far:\n\tbne start\n\tb start\n\tbeq near\n\tbl start\n\tb.w near\n\tbx lr\n";

TEST(WordProgram, BranchRelaxationMatchesLlvmMc) {
  if (!test::have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const std::vector<uint8_t> ours = text_of(as::assemble_word_program(mve(), kBranches, "branches.s"));
  const std::vector<uint8_t> theirs = llvm_mc_text(kBranches);
  ASSERT_FALSE(theirs.empty());
  EXPECT_EQ(test::llvm_mc_bytes(ours), test::llvm_mc_bytes(theirs));
}

// Layout passes keep a line's encoding while what it read is unchanged
// (word_program.cpp, EncodeCache): the same text at other addresses must
// still be encoded where it stands (a branch near then far, a literal load
// and ADR on a word and on a halfword, a line whose target moves).
TEST(WordProgram, RepeatedLinesAreEncodedWhereTheyStand) {
  if (!test::have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  const std::string src = "\t.syntax unified\n\t.thumb\n\t.text\nstart:\n\tb start\n\tldr r0, lit\n\tadr r1, lit\n"
                          "\tnop\n\tldr r0, lit\n\tadr r1, lit\n\tcbz r0, mid\n\tb mid\n" +
                          nops(40) + "mid:\n\tcbz r0, done\n\tb mid\n\tldr r0, lit\n" + nops(20) +
                          "done:\n" + nops(1100) +
                          "\tb start\n\tb mid\n\tadr r1, lit\n\tbx lr\n\t.balign 4\nlit:\n\t.word 7\n";
  const std::vector<uint8_t> theirs = llvm_mc_text(src);
  ASSERT_FALSE(theirs.empty());
  EXPECT_EQ(test::llvm_mc_bytes(text_of(as::assemble_word_program(mve(), src, "repeat.s"))),
            test::llvm_mc_bytes(theirs));
}

// Literals that only the final layout puts on a word boundary. Laid out
// from 2-byte guesses, the BL and the RSB (32-bit only) hold `lit` on a
// halfword, so the narrow LDR of it refuses and goes wide, and with it wide
// `lit` stays on a halfword: a layout that holds only because of itself, and
// none at all for the VLDR (its offset must be a multiple of 4). GNU as and
// llvm-mc-19 keep both loads narrow (the LDREQ one inside an IT block).
TEST(WordProgram, LiteralLoadsStayNarrowWhereTheFinalLayoutAlignsThem) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\nf:\n\tpush {r4, lr}\n\tldr r4, lit\n\tldrb r3, [r4]\n\tcbnz r3, done\n"
      "\tbl f\n\trsb r2, r2, r2, lsl #3\n\tcmp r3, #0\n\tit eq\n\tldreq r0, lit2\n\tvldr d8, lit3\n\tmovs r3, #1\n"
      "\tnop\ndone:\n\tpop {r4, pc}\nlit:\n\t.word 0x84a0\nlit2:\n\t.word 5\nlit3:\n\t.word 0, 0x3ff00000\n";
  // arm-none-eabi-as -march=armv8.1-m.main+mve.fp+fp.dp and llvm-mc-19 alike.
  EXPECT_EQ(test::llvm_mc_bytes(text_of(as::assemble_word_program(mve(), src, "lit.s"))),
            "0x10,0xb5,0x07,0x4c,0x23,0x78,0x53,0xb9,0xff,0xf7,0xfa,0xff,0xc2,0xeb,0xc2,0x02,0x00,0x2b,0x08,0xbf,"
            "0x03,0x48,0x9f,0xed,0x04,0x8b,0x01,0x23,0x00,0xbf,0x10,0xbd,0xa0,0x84,0x00,0x00,0x05,0x00,0x00,0x00,"
            "0x00,0x00,0x00,0x00,0x00,0x00,0xf0,0x3f");
}

// Every refused line is reported, in source order, as llvm-mc-19 and GNU as
// report them (the locations are llvm-mc-19's for these lines); the lines
// around them do not add errors of their own.
TEST(WordProgram, EveryRefusedLineIsReported) {
  const std::string source = "\t.syntax unified\n\t.thumb\n  adds r0, r99\n  vadd.i8 q0, q1\n  foo r1\n\tb later\nlater:\n\tbx lr\n";
  try {
    code_of(mve(), source);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.count(), 3u);
    EXPECT_EQ(e.location().line, 3);
    EXPECT_EQ(e.location().col, 12);
    const std::string all = e.what();
    const size_t a = all.find("t.s:3:12: error: "), b = all.find("t.s:4:17: error: too few operands for instruction"),
                 c = all.find("t.s:5:3: error: invalid instruction");
    ASSERT_NE(a, std::string::npos) << all;
    ASSERT_NE(b, std::string::npos) << all;
    ASSERT_NE(c, std::string::npos) << all;
    EXPECT_LT(a, b);
    EXPECT_LT(b, c);
    EXPECT_EQ(all.find("t.s:6:"), std::string::npos) << all;
  }
}

TEST(WordProgram, ItBlocksGiveTheirConditions) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tcmp r0, #3\n\tite eq\n\tmoveq r1, #1\n\tmovne r1, #2\n"
      "\titt ne\n\taddne r2, r2, #1\n\tbne out\n\tmovs r3, #0\nout:\n\tbx lr\n";
  const std::vector<uint8_t> ours = text_of(as::assemble_word_program(mve(), src, "it.s"));
  if (!test::have_llvm_mc()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  EXPECT_EQ(test::llvm_mc_bytes(ours), test::llvm_mc_bytes(llvm_mc_text(src)));
}

TEST(WordProgram, PlacementGivesAbsoluteAddresses) {
  const std::string src =
      "\t.text\n_start:\n\tmovw r0, #:lower16:table\n\tmovt r0, #:upper16:table\n\tbx lr\n"
      "\t.data\n\t.word 0\ntable:\n\t.word table\n";
  const as::LinkLayout layout{0x1000, 0x20000000};
  const as::Object obj = as::assemble_word_program(mve(), src, "place.s", layout);
  const as::ProgramImage img = as::place_object(obj, layout);
  ASSERT_EQ(img.symbols.at("table"), 0x20000004u);
  ASSERT_EQ(img.entry, 0x1000u);
  // MOVW T3 of 0x0004 and MOVT T1 of 0x2000, worked from the manual's diagrams:
  // imm16 = imm4:i:imm3:imm8; the halfword of bits 31:16 first.
  const std::vector<uint8_t> text = text_of(obj);
  ASSERT_GE(text.size(), 8u);
  EXPECT_EQ(test::llvm_mc_bytes({text.begin(), text.begin() + 8}), "0x40,0xf2,0x04,0x00,0xc2,0xf2,0x00,0x00");
  // The datum holds its own absolute address.
  const as::ObjSection* data = obj.find(".data");
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(test::llvm_mc_bytes({data->bytes.begin() + 4, data->bytes.end()}), "0x04,0x00,0x00,0x20");
}

TEST(WordProgram, ElfIsAcceptedByGnuObjdumpAndLd) {
  if (std::system("arm-none-eabi-objdump --version > /dev/null 2>&1") != 0) GTEST_SKIP() << "GNU binutils for Arm absent";
  const std::string obj_path = temp_path("prog.o"), elf_path = temp_path("prog.elf"), dis = temp_path("prog.txt");
  const std::string src = "\t.syntax unified\n\t.thumb\n\t.text\n\t.global _start\n_start:\n\tmovs r0, #5\n"
                          "loop:\n\tsubs r0, #1\n\tbne loop\n\tvmax.s8 q0, q1, q2\n\tbx lr\n\t.word 0x12345678\n"
                          "\t.data\nmsg:\n\t.asciz \"hi\"\n";
  as::write_elf(as::assemble_word_program(mve(), src, "prog.s"), as::word_elf_options(mve()), obj_path);
  ASSERT_EQ(std::system(("arm-none-eabi-objdump -d " + obj_path + " > " + dis).c_str()), 0);
  std::stringstream ss;
  ss << std::ifstream(dis).rdbuf();
  const std::string text = ss.str();
  for (const char* want : {"movs\tr0, #5", "subs\tr0, #1", "bne.n\t2 <loop>", "vmax.s8\tq0, q1, q2", "bx\tlr", ".word\t0x12345678"})
    EXPECT_NE(text.find(want), std::string::npos) << want << " not in:\n" << text;
  EXPECT_EQ(std::system(("arm-none-eabi-ld -Ttext=0 -o " + elf_path + " " + obj_path).c_str()), 0);
  // The linked executable loads at its own addresses.
  const as::ProgramImage img = as::load_program(mve(), elf_path, {});
  EXPECT_EQ(img.entry, 0u);
  EXPECT_EQ(img.symbols.at("loop"), 2u);
}

// GCC writes `.p2align 2,,3` (no fill, at most 3 bytes skipped) before
// functions and loops. The bytes are GNU as 2.40's for the same source
// (`arm-none-eabi-as -march=armv8.1-m.main`): no NOP where more than the
// maximum would be needed, a NOP where it is within it, and one that ends
// the section (aligned to 8) on a multiple of 4. A `.L` label is the
// assembler's own: GNU as leaves it out of the object's symbols, and so do we.
TEST(WordProgram, AlignmentWithAMaximumSkipAndLocalLabelsAsGnuAs) {
  const std::string src = "\t.syntax unified\n\t.thumb\n\t.text\n\t.global f\nf:\n\tnop\n\t.p2align 2,,1\n\tadds r0, #1\n"
                          "\tadds r0, #2\n\t.p2align 2,,3\n\tadds r0, #3\n\t.p2align 3,,1\n\tadds r0, #4\n.Lhere:\n\tb .Lhere\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "align.s");
  EXPECT_EQ(text_of(obj), (std::vector<uint8_t>{0x00, 0xbf, 0x01, 0x30, 0x02, 0x30, 0x00, 0xbf, 0x03, 0x30, 0x04, 0x30,
                                                0xfe, 0xe7, 0x00, 0xbf}));
  const std::string path = temp_path("align.o");
  as::write_elf(obj, as::word_elf_options(mve()), path);
  const as::ElfImage img = as::read_elf(read_file(path), path);
  bool f = false;
  for (const as::ObjSymbol& sym : img.symbols) {
    EXPECT_NE(sym.name, ".Lhere");
    f = f || sym.name == "f";
  }
  EXPECT_TRUE(f);
  EXPECT_THROW(as::assemble_word_program(mve(), "\t.p2align 2,,\n", "bad.s"), InputError);
}

TEST(WordProgram, ExactDisassemblyKeepsShouldBeBits) {
  // BX T1 is 010001110 Rm (0) (0): 0x4771 is BX LR with the last should-be bit set.
  const std::string src = "\t.syntax unified\n\t.thumb\n\t.text\n\tbx lr\n\t.inst.n 0x4771\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "sb.s");
  const std::string exact = as::disassemble_words(mve(), obj.sections, true);
  EXPECT_NE(exact.find("\tbx lr\n\tbx lr .encoding should_be=0b01\n"), std::string::npos) << exact;
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), exact, "back.s")), text_of(obj));
  const std::string canonical = as::disassemble_words(mve(), obj.sections, false);
  EXPECT_EQ(canonical.find(".encoding"), std::string::npos) << canonical;
  // Nothing branches to the start: no label there.
  EXPECT_EQ(canonical.find("entry:"), std::string::npos) << canonical;
}

TEST(WordProgram, ExactDisassemblyRoundTripsBranchesAndItBlocks) {
  const as::Object obj = as::assemble_word_program(mve(), kBranches, "branches.s");
  const std::string listing = as::disassemble_words(mve(), obj.sections, true);
  EXPECT_NE(listing.find("entry:"), std::string::npos);  // `b start` branches there
  EXPECT_NE(listing.find("bl L_"), std::string::npos) << listing;
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), listing, "back.s")), text_of(obj));
}

// A listing is relaxed whole when it is reassembled, and its labels can
// make neighbours' widths depend on each other (a narrow ADR or literal load
// reaches only a word-aligned target). The layout the bytes have must be the
// one relaxation finds, or the listing says the widths; never a word the
// listing could print written as .inst.
void expect_listing_reassembles(const as::WordIsa& isa, const std::string& src, const std::string& file) {
  const as::Object obj = as::assemble_word_program(isa, src, file);
  const std::string canonical = as::disassemble_words(isa, obj.sections, false, file);
  EXPECT_EQ(canonical.find(".inst"), std::string::npos) << canonical;
  const std::string exact = as::disassemble_words(isa, obj.sections, true, file);
  EXPECT_EQ(text_of(as::assemble_word_program(isa, exact, "back.s")), text_of(obj));
}

TEST(WordProgram, ListingsWhoseLabelsAlignEachOtherReassemble) {
  std::ifstream in(std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/relax_alignment.s");
  const std::string src{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  ASSERT_FALSE(src.empty());
  expect_listing_reassembles(mve(), src, "relax_alignment.s");
}

TEST(WordProgram, AListingOfEveryFormReassemblesWhole) {
  for (const as::WordIsa* isa : {&mve(), &sme2()}) {
    verify::forms::Options o;
    o.per_encoding = 12;
    const std::string src = verify::forms::good_source(*isa, verify::forms::generate(*isa, o), false);
    expect_listing_reassembles(*isa, src, std::string(isa->rules().name()) + "_forms.s");
  }
}

TEST(WordProgram, ABlockInsideABlockIsRawAndOpensNone) {
  // llvm-mc-19 refuses an IT inside a VPT block ("instruction in VPT block
  // must be predicable") and a VPST inside an IT block ("instructions in IT
  // block must be predicable"); the inner opener is raw, and the words after
  // the outer block are outside any block (MOVS T1 0x2004, not MOVGE).
  // VPST 0xfe71 0x0f4d with mask T; IT GE with mask TTT 0xbfa2; IT EQ 0xbf08.
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.inst.w 0xfe710f4d\n\t.inst.n 0xbfa2\n\t.inst.n 0x2004\n"
      "\t.inst.n 0xbf08\n\t.inst.w 0xfe710f4d\n\t.inst.n 0x2004\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "nested.s");
  for (bool exact : {false, true}) {
    const std::string listing = as::disassemble_words(mve(), obj.sections, exact);
    EXPECT_NE(listing.find("\tvpst\n\t.inst.n 0xbfa2\n\tmovs r0, #4\n\tit eq\n\t.inst.w 0xfe710f4d\n\tmovs r0, #4\n"),
              std::string::npos)
        << listing;
    EXPECT_EQ(text_of(as::assemble_word_program(mve(), listing, "back.s")), text_of(obj));
  }
}

TEST(WordProgram, ListingsSpellItConditionsAndOmitZeroShifts) {
  // In an IT block a 32-bit form whose <c> is optional in the manual's
  // syntax still carries the block's condition (GNU as refuses it without);
  // a zero shift is the syntax without one (the manual: LSL #0 is omitted).
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tit eq\n\taddeq.w r0, r1, r2\n\tite eq\n\tmoveq r0, #0x1234\n"
      "\tmovne.w r0, #0x100\n\tadd.w r0, r1, r2\n\tadds r0, #1\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "it.s");
  const std::string listing = as::disassemble_words(mve(), obj.sections, false);
  // The spellings llvm-objdump-19 --no-print-imm-hex gives these words (.w where it prints it).
  for (const char* want : {"\taddeq.w r0, r1, r2\n", "\tmovweq r0, #4660\n", "\tmovne.w r0, #256\n", "\tadd.w r0, r1, r2\n",
                           "\tadds r0, #1\n"})
    EXPECT_NE(listing.find(want), std::string::npos) << want << " not in:\n" << listing;
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), listing, "back.s")), text_of(obj));
  EXPECT_THROW(as::assemble_word_program(mve(), "\tit eq\n\tadd.w r0, r1, r2\n", "bad.s"), InputError);
}

TEST(WordProgram, A64ObjectsLinkAndDisassemble) {
  const std::string src = "\t.text\n\t.global _start\n_start:\n\tmovz x0, #3\nloop:\n\tsubs x0, x0, #1\n\tb.ne loop\n"
                          "\tcbz x0, done\n\tbl func\n\tadr x1, msg\ndone:\n\tmov x8, #93\n\tsvc #0\nfunc:\n\tret\n"
                          "msg:\n\t.asciz \"hi\"\n";
  const as::Object obj = as::assemble_word_program(sme2(), src, "a64.s");
  // B.cond imm19 = -1 (the label one word back), CBZ +3 words, BL +4, ADR +16 bytes,
  // worked from the A64 encodings.
  const std::vector<uint8_t> text = text_of(obj);
  ASSERT_GE(text.size(), 24u);
  EXPECT_EQ(test::llvm_mc_bytes({text.begin() + 8, text.begin() + 24}),
            "0xe1,0xff,0xff,0x54,0x60,0x00,0x00,0xb4,0x04,0x00,0x00,0x94,0x81,0x00,0x00,0x10");
  const std::string listing = as::disassemble_words(sme2(), obj.sections, true, "a64.o", obj.symbols);
  EXPECT_NE(listing.find("b.ne L_0004"), std::string::npos) << listing;
  EXPECT_EQ(text_of(as::assemble_word_program(sme2(), listing, "back.s")), text);
  if (std::system("llvm-objdump-19 --version > /dev/null 2>&1 && ld.lld --version > /dev/null 2>&1") != 0)
    GTEST_SKIP() << "llvm-objdump-19 or ld.lld absent";
  const std::string o = temp_path("a64.o"), e = temp_path("a64.elf"), dis = temp_path("a64.txt");
  as::write_elf(obj, as::word_elf_options(sme2()), o);
  ASSERT_EQ(std::system(("llvm-objdump-19 -d " + o + " > " + dis).c_str()), 0);
  std::stringstream ss;
  ss << std::ifstream(dis).rdbuf();
  for (const char* want : {"subs\tx0, x0, #0x1", "b.ne\t0x4 <loop>", "bl\t0x20 <func>", "ret"})
    EXPECT_NE(ss.str().find(want), std::string::npos) << want << " not in:\n" << ss.str();
  EXPECT_EQ(std::system(("ld.lld -o " + e + " " + o).c_str()), 0);
}

std::string error_of(const std::string& src, const std::string& file = "bad.s") {
  try {
    as::assemble_word_program(mve(), src, file);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::string placed_error_of(const std::string& src) {
  try {
    as::assemble_word_program(mve(), src, "bad.s", as::LinkLayout{0x1000, 0x20000000});
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

TEST(WordProgram, BadProgramsGetLocatedErrors) {
  // Placed at once (mlisa run of FILE.s), every symbol must be defined; an
  // object may name another object's, where an encoding has a relocation.
  EXPECT_NE(placed_error_of("\t.text\n\tb nowhere\n").find("bad.s:2:"), std::string::npos);
  EXPECT_NE(placed_error_of("\t.text\n\tb nowhere\n").find("undefined symbol 'nowhere'"), std::string::npos);
  EXPECT_EQ(error_of("\t.text\n\tb nowhere\n"), "");
  EXPECT_NE(error_of("\t.text\n\tle lr, nowhere\n").find("bad.s:2:2: error: 'nowhere' is not defined in this file, and this "
                                                          "instruction has no encoding with an ELF relocation to reach it"),
            std::string::npos);
  // CBZ and WLSTP have no relocation either (GNU as 2.40: "branch out of range"): the refusal says
  // why at the symbol, not that a stand-in address is out of reach; a bad register still says its own.
  EXPECT_NE(error_of("\t.text\n\tcbz r0, nowhere\n").find("bad.s:2:10: error: 'nowhere' is not defined in this file"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\twlstp.8 lr, r2, nowhere\n").find("bad.s:2:18: error: 'nowhere' is not defined"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\tcbz r9, nowhere\n").find("bad.s:2:6: error: operand must be a register"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\tadr r0, x\n\t.data\nx: .word 1\n").find("'x' is in section .data"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\tmovw r0, #:lower16:x+0x12345\n").find("does not fit in the 16 bits"), std::string::npos);
  EXPECT_NE(error_of("\t.data\n\t.word x - y\n").find("cannot subtract an address of another section"), std::string::npos);
  // GNU as 2.40: "attempt to store non-zero value in section `.bss'"; zeros are taken.
  EXPECT_NE(error_of("\t.bss\n\t.word 1\n").find("bad.s:2:8: error: a value other than zero in .bss"), std::string::npos);
  EXPECT_NE(error_of("\t.bss\n\t.ascii \"a\"\n").find("NOBITS"), std::string::npos);
  EXPECT_EQ(error_of("\t.bss\n\t.word 0\n\t.byte 0, 0\n"), "");
  EXPECT_NE(error_of("\t.data\n\t.byte 1/0\n").find("division by zero"), std::string::npos);
  // 100,000 unary minuses or parentheses: an error at the 257th (column 2 + 6 + 256), not a stack overflow.
  EXPECT_NE(error_of("\t.data\n\t.word " + std::string(100000, '-') + "1\n")
                .find("bad.s:2:264: error: expression nests more than 256 operators or parentheses deep"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\tmov r0, #" + std::string(100000, '(') + "1\n").find("nests more than 256"), std::string::npos);
  // Variable-length data is gcc -g's, in the .debug_* sections left out; elsewhere it is refused.
  EXPECT_NE(error_of("\t.data\n\t.uleb128 300\n").find("bad.s:2:2: error: .uleb128: variable-length data"), std::string::npos);
  // CBZ reaches forward only.
  EXPECT_NE(error_of("\t.text\nback:\n\tcbz r0, back\n").find("out of reach"), std::string::npos);
  // A condition outside an IT block, and one the block does not give.
  EXPECT_NE(error_of("\t.text\n\tmoveq r0, #1\n").find("bad.s:2:2"), std::string::npos);
  // llvm-mc-19: 3:5: error: incorrect condition in IT block; got 'ne', but expected 'eq'
  EXPECT_NE(error_of("\t.text\n\tit eq\n\tmovne r0, #1\n").find("bad.s:3:5: error: incorrect condition in IT block; got 'ne', but expected 'eq' (write 'moveq')"),
            std::string::npos);
  // B has encodings with a condition field of their own (T1, T3), which an IT
  // block does not take: the refusal is still the block's (llvm-mc-19: 4:3, the same words).
  EXPECT_NE(error_of("\t.text\nx:\n\tit eq\n\tbne x\n").find("bad.s:4:3: error: incorrect condition in IT block; got 'ne', but expected 'eq' (write 'beq')"),
            std::string::npos);
  // An MVE instruction takes no IT condition; with the block's letters written
  // there is nothing to rewrite (llvm-mc-19: "4:2: error: invalid instruction").
  EXPECT_NE(error_of("\t.text\n\tit eq\n\tvaddeq.i8 q0, q1, q2\n").find("bad.s:3:2: error: invalid instruction\n"),
            std::string::npos);
  // BKPT takes no condition (llvm-mc-19: "instruction 'bkpt' is not predicable, but condition code
  // specified"): the letters after its B are no condition's place, so no spelling is offered there.
  const std::string bkpt = error_of("\t.text\n\tit eq\n\tbkpteq #1\n");
  EXPECT_NE(bkpt.find("bad.s:3:"), std::string::npos) << bkpt;
  EXPECT_EQ(bkpt.find("beqkpt"), std::string::npos) << bkpt;
  EXPECT_NE(error_of("\t.text\n\t.inst.n 0x12345\n").find("out of range"), std::string::npos);
}

}  // namespace
}  // namespace mlisa

namespace mlisa {
namespace {

// `ldr Rt, =VALUE`: MOV.W, MVN.W or MOVW where the number fits, else a literal
// pool word at .ltorg or at the end of the section (equal values shared,
// padding with zero bytes). Expected bytes: arm-none-eabi-as 2.40
// -march=armv8.1-m.main+mve.fp+fp.dp (llvm-mc-19 gives the same .text).
TEST(WordProgram, LiteralLoadsAndPoolsAsGnuAsPlacesThem) {
  const char* src =
      "\t.syntax unified\n\t.thumb\n\t.text\nf:\n"
      "\tldr r0, =0x12345678\n\tldr r1, =1\n\tldr r2, =0xff00\n\tldr r3, =f\n\tldr r4, =0x12345678\n"
      "\tldr.w r5, =0x12345678\n\tldr r8, =0x12345678\n\tldr r1, =0xffffffff\n\tldr r1, =0x1234\n\tbx lr\n"
      "\t.ltorg\ng:\n\tldr r0, =0xabcdef01\n\tbx lr\n";
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), src, "pool.s")),
            (std::vector<uint8_t>{0x07, 0x48, 0x4f, 0xf0, 0x01, 0x01, 0x4f, 0xf4, 0x7f, 0x42, 0x06, 0x4b, 0x04, 0x4c,
                                  0xdf, 0xf8, 0x10, 0x50, 0xdf, 0xf8, 0x0c, 0x80, 0x4f, 0xf0, 0xff, 0x31, 0x41, 0xf2,
                                  0x34, 0x21, 0x70, 0x47, 0x78, 0x56, 0x34, 0x12, 0x00, 0x00, 0x00, 0x00, 0x00, 0x48,
                                  0x70, 0x47, 0x01, 0xef, 0xcd, 0xab}));
  // `.equ` constants, a constant expression and a load a macro writes: MOV.W,
  // MOVW, a pool word, MOV.W (arm-none-eabi-as 2.40's bytes; llvm-mc-19's are the same).
  const char* constants =
      "\t.syntax unified\n\t.thumb\n\t.equ BASE, 0x40000000\n\t.equ SMALL, 0x1234\n\t.macro ld r, v\n\tldr \\r, =\\v\n"
      "\t.endm\n\tldr r0, =BASE\n\tldr r1, =SMALL\n\tld r2, 0x12345678\n\tldr r3, =(1<<20)\n\tbx lr\n";
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), constants, "pool.s")),
            (std::vector<uint8_t>{0x4f, 0xf0, 0x80, 0x40, 0x41, 0xf2, 0x34, 0x21, 0x01, 0x4a, 0x4f, 0xf4, 0x80, 0x13, 0x70,
                                  0x47, 0x78, 0x56, 0x34, 0x12}));
  // A label on the .ltorg line names the pool's first word (GNU as 2.40's bytes).
  EXPECT_EQ(text_of(as::assemble_word_program(
                mve(), "\t.syntax unified\n\t.thumb\n\tldr r0, =0x12345678\n\tb 1f\npool: .ltorg\n1: ldr r1, pool\n", "pool.s")),
            (std::vector<uint8_t>{0x00, 0x48, 0x01, 0xe0, 0x78, 0x56, 0x34, 0x12, 0x5f, 0xf8, 0x08, 0x10}));
  // A load followed by another statement on its line (GNU as 2.40's bytes).
  EXPECT_EQ(text_of(as::assemble_word_program(
                mve(), "\t.syntax unified\n\t.thumb\n\tldr r0, =0x12345678; nop\n\tldr r1, =5; adds r1, #1\n\tbx lr\n", "pool.s")),
            (std::vector<uint8_t>{0x02, 0x48, 0x00, 0xbf, 0x4f, 0xf0, 0x05, 0x01, 0x01, 0x31, 0x70, 0x47, 0x78, 0x56, 0x34,
                                  0x12}));
  // A pool word's bad value is reported at its load's line.
  try {
    as::assemble_word_program(mve(), "\t.text\n\tnop\n\tldr r0, =1+\n\tbx lr\n", "pool.s");
    ADD_FAILURE() << "accepted";
  } catch (const InputError& e) {
    EXPECT_EQ(e.location().line, 3) << e.what();
  }
  // A pool after a halfword: two zero bytes of padding; MVN.W for ~1.
  const char* padded =
      "\t.text\nf:\n\tldr r0, =0x12345678\n\tldr r3, =0x12345678\n\tldr r1, =0xfffffffe\n\tldr r2, =-2\n\tbx lr\n"
      "\t.ltorg\n\tnop\n\tldr r0, =0x0badf00d\n";
  EXPECT_EQ(text_of(as::assemble_word_program(mve(), padded, "pool.s")),
            (std::vector<uint8_t>{0x03, 0x48, 0x03, 0x4b, 0x6f, 0xf0, 0x01, 0x01, 0x6f, 0xf0, 0x01, 0x02, 0x70, 0x47,
                                  0x00, 0x00, 0x78, 0x56, 0x34, 0x12, 0x00, 0xbf, 0x00, 0x48, 0x0d, 0xf0, 0xad, 0x0b}));
}

// A64's `ldr Wt|Xt, =VALUE`: MOVZ where one holds the number (16 bits at
// shift 0 or 16 for W, up to 48 for X), else a 4- or 8-byte pool word, each
// aligned to its size; equal values of one size shared; the pool at .ltorg,
// then at the end of the section with a symbol's ABS64 relocation. Expected:
// llvm-mc-19 -triple aarch64 -filetype=obj (its .text as words and its
// relocation); by hand, `ldr x1, =0x10000` is MOVZ X1, #1, LSL #16, 0xd2a00021.
TEST(WordProgram, A64LiteralLoadsAsLlvmMc) {
  const char* src =
      "\t.text\nf:\n\tldr x1, =0x10000\n\tldr w2, =0x12345678\n\tldr x3, =0x123456789a\n\tldr x4, =-1\n"
      "\tldr w5, =0xffff0000\n\tldr x7, =0x123456789a\n\tldr w8, =0x12345678\n\tldr xzr, =5\n\tldr w9, =-1\n\tret\n"
      "\t.ltorg\n\tldr x12, =0x5555555555\n\tldr x13, =f\n\tret\n";
  const as::Object obj = as::assemble_word_program(sme2(), src, "pool.s");
  EXPECT_EQ(text_of(obj), a64_code({0xd2a00021, 0x18000122, 0x58000143, 0x58000164, 0x52bfffe5, 0x580000e7, 0x18000088,
                                    0xd28000bf, 0x18000109, 0xd65f03c0, 0x12345678, 0x00000000, 0x3456789a, 0x00000012,
                                    0xffffffff, 0xffffffff, 0xffffffff, 0x5800006c, 0x5800008d, 0xd65f03c0, 0x55555555,
                                    0x00000055, 0x00000000, 0x00000000}));
  const as::ObjSection* text = obj.find(".text");
  ASSERT_EQ(text->relocs.size(), 1u);
  EXPECT_EQ(text->relocs[0].offset, 0x58u);
  EXPECT_EQ(text->relocs[0].type, "R_AARCH64_ABS64");
  // The listing names each pool word a load reads, inside the run of data
  // too (0x30: the pool's second word), and reassembles to the same bytes
  // (disassemble_words checks that).
  const std::string listing = as::disassemble_words(sme2(), obj.sections, true);
  EXPECT_NE(listing.find("ldr x3, L_0030\n"), std::string::npos) << listing;
  EXPECT_NE(listing.find("L_0030:\n"), std::string::npos) << listing;
  // Constants `.equ` defined, constant expressions and loads a macro writes,
  // as llvm-mc-19 assembles them (its words): MOVZ, MOVZ, pool, pool.
  const char* constants =
      "\t.equ BIG, 0x10000\n\t.macro ld r, v\n\tldr \\r, =\\v\n\t.endm\n\tldr x0, =BIG\n\tld x1, 0x123456789a\n"
      "\tldr w2, =(1<<20)\n\tldr x3, =BIG+1\n\tret\n";
  EXPECT_EQ(text_of(as::assemble_word_program(sme2(), constants, "pool.s")),
            a64_code({0xd2a00020, 0x580000a1, 0x52a00202, 0x580000a3, 0xd65f03c0, 0x00000000, 0x3456789a, 0x00000012,
                      0x00010001, 0x00000000}));
  // Lines of 300,000 characters: an error or an object, not a stack overflow
  // (the lines were once matched with std::regex, which recurses per character).
  const std::string spaces(300000, ' ');
  EXPECT_THROW(as::assemble_word_program(mve(), "\tldr r0, =5" + spaces + "x\n", "long.s"), InputError);
  EXPECT_THROW(as::assemble_word_program(sme2(), "\t.section " + std::string(300000, 'a') + "\n\tldr x0, =5\n", "long.s"),
               InputError);
  EXPECT_NO_THROW(as::assemble_word_program(sme2(), "\tldr x0, =" + std::string(300000, 'a') + "\n", "long.s"));
  // A number a W register cannot hold, and a register that takes no literal, are refused (llvm-mc refuses both).
  EXPECT_THROW(as::assemble_word_program(sme2(), "\tldr w1, =0x123456789\n", "pool.s"), InputError);
  EXPECT_THROW(as::assemble_word_program(sme2(), "\tldr sp, =5\n", "pool.s"), InputError);
  // A bad value is told at its column in the load as written (llvm-mc-19: 3:29, 1:19), not in the pool word.
  auto error_at = [](const as::WordIsa& t, const std::string& src) {
    try {
      as::assemble_word_program(t, src, "pool.s");
    } catch (const InputError& e) {
      return std::to_string(e.location().line) + ":" + std::to_string(e.location().col);
    }
    return std::string("accepted");
  };
  EXPECT_EQ(error_at(mve(), "\t.syntax unified\n\t.thumb\n  ldr r0, =undefined_sym + (\n"), "3:29");
  EXPECT_EQ(error_at(sme2(), "  ldr x0, =sym + (\n"), "1:19");
}

}  // namespace
}  // namespace mlisa

namespace mlisa {
namespace {

// Relocations: the bytes, relocations and symbols of GNU as 2.40 for the
// same source (`arm-none-eabi-as -march=armv8.1-m.main`, read with
// `arm-none-eabi-objdump -s` and `arm-none-eabi-readelf -rs`). A REL object
// keeps the addend in the bytes: a branch's field holds it less 4 (the PC's
// offset), MOVW/MOVT and data hold it whole. A local symbol of another
// section is reached through the section's symbol, unless it is a function
// (its address carries the Thumb bit) or MOVW/MOVT names it.
TEST(WordProgram, RelocationsAsGnuAs) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.global f\n\t.thumb_func\nf:\n"
      "\tbl ext\n\tbl ext+8\n\tb ext\n\tbeq ext\n\tbl g\n\tbl loc2\n\tb f\n"
      "\tmovw r0, #:lower16:dat\n\tmovt r0, #:upper16:ext+0x12\n"
      "\t.word ext+4\n\t.word dat+8\n\t.word ext-.\n"
      "\t.section .text.other,\"ax\",%progbits\n\t.type g, %function\ng:\tnop\nloc2:\tnop\n\tb loc2\n"
      "\t.data\n\t.word 0\ndat:\t.word g\n\t.size dat, .-dat\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "reloc.s");
  EXPECT_EQ(text_of(obj),
            (std::vector<uint8_t>{0xff, 0xf7, 0xfe, 0xff, 0x00, 0xf0, 0x02, 0xf8, 0xff, 0xf7, 0xfe, 0xbf, 0x3f, 0xf4,
                                  0xfe, 0xaf, 0xff, 0xf7, 0xfe, 0xff, 0xff, 0xf7, 0xff, 0xff, 0xff, 0xf7, 0xfe, 0xbf,
                                  0x40, 0xf2, 0x00, 0x00, 0xc0, 0xf2, 0x12, 0x00, 0x04, 0x00, 0x00, 0x00, 0x0c, 0x00,
                                  0x00, 0x00, 0x00, 0x00, 0x00, 0x00}));
  auto named = [&](const as::ObjReloc& r) {
    return r.symbol >= 0 ? obj.symbols[static_cast<size_t>(r.symbol)].name : obj.sections[static_cast<size_t>(r.section)].name;
  };
  std::set<std::tuple<std::string, uint64_t, std::string, std::string>> got;
  for (const as::ObjSection& s : obj.sections)
    for (const as::ObjReloc& r : s.relocs) got.insert({s.name, r.offset, r.type, named(r)});
  const std::set<std::tuple<std::string, uint64_t, std::string, std::string>> want = {
      {".text", 0x00, "R_ARM_THM_CALL", "ext"},         {".text", 0x04, "R_ARM_THM_CALL", "ext"},
      {".text", 0x08, "R_ARM_THM_JUMP24", "ext"},       {".text", 0x0c, "R_ARM_THM_JUMP19", "ext"},
      {".text", 0x10, "R_ARM_THM_CALL", "g"},           {".text", 0x14, "R_ARM_THM_CALL", ".text.other"},
      {".text", 0x18, "R_ARM_THM_JUMP24", "f"},         {".text", 0x1c, "R_ARM_THM_MOVW_ABS_NC", "dat"},
      {".text", 0x20, "R_ARM_THM_MOVT_ABS", "ext"},     {".text", 0x24, "R_ARM_ABS32", "ext"},
      {".text", 0x28, "R_ARM_ABS32", ".data"},          {".text", 0x2c, "R_ARM_REL32", "ext"},
      {".data", 0x04, "R_ARM_ABS32", "g"}};
  EXPECT_EQ(got, want);
  // The symbols as readelf shows them: g a local function (bit 0 set: Thumb),
  // f a global one, ext undefined, dat with its .size.
  const std::string path = temp_path("reloc.o");
  as::write_elf(obj, as::word_elf_options(mve()), path);
  const std::string out = temp_path("reloc.txt");
  if (std::system("command -v arm-none-eabi-readelf >/dev/null 2>&1") != 0) GTEST_SKIP() << "arm-none-eabi-readelf absent";
  ASSERT_EQ(std::system(("arm-none-eabi-readelf -rsW " + path + " > " + out).c_str()), 0);
  std::stringstream ss;
  ss << std::ifstream(out).rdbuf();
  const std::string text = ss.str();
  for (const char* want_line : {"00000001     0 FUNC    LOCAL  DEFAULT    2 g", "00000004     4 NOTYPE  LOCAL  DEFAULT    3 dat",
                                "00000001     0 FUNC    GLOBAL DEFAULT    1 f", "00000000     0 NOTYPE  GLOBAL DEFAULT  UND ext",
                                "R_ARM_THM_JUMP19       00000000   ext", "R_ARM_ABS32            00000001   g"})
    EXPECT_NE(text.find(want_line), std::string::npos) << want_line << " not in:\n" << text;
}

// `mlisa disasm` of an object with relocations, as objdump -dr shows one
// but in what `mlisa as` reads back: a label operand, a MOVW/MOVT immediate
// or a datum that a relocation writes names the symbol (a section's start
// label where the relocation names a section) plus the addend the bytes
// hold; the named symbols' definitions get their labels, binding and type.
// The listing reassembles to the same bytes and the same relocations.
TEST(WordProgram, DisassemblyOfAnObjectNamesItsRelocations) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.global f\n\t.thumb_func\nf:\n"
      "\tbl ext\n\tbl ext+8\n\tb ext\n\tbeq ext\n\tbl g\n\tbl loc2\n\tb f\n"
      "\tmovw r0, #:lower16:dat\n\tmovt r0, #:upper16:ext+0x12\n\t.word ext+4\n\t.word dat+8\n\t.word ext-.\n"
      "\t.section .text.other,\"ax\",%progbits\n\t.type g, %function\ng:\tnop\nloc2:\tnop\n\tb loc2\n"
      "\t.data\n\t.word 0\ndat:\t.word g\n\t.bss\n\t.space 8\n";
  const std::string path = temp_path("named.o");
  const as::Object obj = as::assemble_word_program(mve(), src, "named.s");
  as::write_elf(obj, as::word_elf_options(mve()), path);
  const as::ElfImage img = as::read_elf(read_file(path), path);
  const std::string listing = as::disassemble_words(mve(), img.sections, true, path, img.symbols);
  for (const char* want : {"\t.global f\n\t.type f, %function\nf:\n", "\tbl ext\n", "\tbl ext+8\n", "\tb.w ext\n",
                           "\tbeq.w ext\n", "\t.type g, %function\ng:\n", "\tbl g\n", "\tbl L_sec_text_other+2\n",
                           "\tb.w f\n", "\tmovw r0, #:lower16:dat\n", "\tmovt r0, #:upper16:ext+18\n", "\t.word ext+4\n",
                           "\t.word L_sec_data+12\n", "\t.word ext - .\n", "\t.section .text.other, \"ax\", %progbits\nL_sec_text_other:\n",
                           "\t.data\nL_sec_data:\n\t.byte 0x00, 0x00, 0x00, 0x00\ndat:\n\t.word g\n",
                           "\t.section .bss, \"aw\", %nobits\n\t.zero 8\n"})
    EXPECT_NE(listing.find(want), std::string::npos) << want << " not in:\n" << listing;
  // Two code sections, each with its own labels (`b loc2` in the second).
  EXPECT_NE(listing.find("L_0002_1:\n\tnop\n\tb L_0002_1\n"), std::string::npos) << listing;
  auto relocations = [](const as::Object& o) {
    std::set<std::tuple<std::string, uint64_t, std::string, std::string>> out;
    for (const as::ObjSection& s : o.sections)
      for (const as::ObjReloc& r : s.relocs)
        out.insert({s.name, r.offset, r.type,
                    r.symbol >= 0 ? o.symbols[static_cast<size_t>(r.symbol)].name : o.sections[static_cast<size_t>(r.section)].name});
    return out;
  };
  const as::Object back = as::assemble_word_program(mve(), listing, "named.s");
  EXPECT_EQ(relocations(back), relocations(obj));
  EXPECT_EQ(relocations(obj).size(), 13u);
}

// An object's functions and data that no relocation names are still its
// definitions: a listing that dropped `dot` would reassemble to an object
// that defines nothing. Globals, weak symbols and typed locals keep their
// label, binding, type and size (inside a .bss too); mapping symbols and
// untyped locals do not (the listing has its own labels). Sections keep
// their alignment.
TEST(WordProgram, DisassemblyOfAnObjectKeepsItsDefinitions) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.global dot\n\t.type dot, %function\ndot:\n\tnop\n\tbx lr\n"
      "\t.size dot, 4\n\t.weak w\n\t.thumb_func\nw:\tbx lr\n\t.type helper, %function\nhelper:\tbx lr\n"
      "\t.size helper, 2\nplain:\tbx lr\n\t.data\n\t.global table\n\t.type table, %object\n\t.size table, 8\n"
      "table:\t.word 1, 2\n\t.bss\n\t.balign 8\n\t.global first\nfirst:\t.space 4\n\t.type second, %object\n"
      "\t.size second, 12\nsecond:\t.space 12\n";
  const std::string path = temp_path("defs.o");
  as::write_elf(as::assemble_word_program(mve(), src, "defs.s"), as::word_elf_options(mve()), path);
  const as::ElfImage img = as::read_elf(read_file(path), path);
  const std::string listing = as::disassemble_words(mve(), img.sections, false, path, img.symbols);
  for (const char* want : {"\t.global dot\n\t.type dot, %function\n\t.size dot, 4\ndot:\n", "\t.weak w\n\t.type w, %function\nw:\n",
                           "\t.type helper, %function\n\t.size helper, 2\nhelper:\n",
                           "\t.global table\n\t.type table, %object\n\t.size table, 8\ntable:\n",
                           // A symbol inside a section without bytes splits its .zero; the alignment stays.
                           "%nobits\n\t.balign 8\n\t.global first\nfirst:\n\t.zero 4\n\t.type second, %object\n"
                           "\t.size second, 12\nsecond:\n\t.zero 12\n"})
    EXPECT_NE(listing.find(want), std::string::npos) << want << " not in:\n" << listing;
  EXPECT_EQ(listing.find("plain"), std::string::npos) << listing;
  EXPECT_EQ(listing.find("$t"), std::string::npos) << listing;
  const as::Object back = as::assemble_word_program(mve(), listing, "defs.s");
  auto defined = [](const as::Object& o) {
    std::map<std::string, std::tuple<std::string, uint64_t, bool, bool, int, uint64_t>> out;
    for (const as::ObjSymbol& s : o.symbols)
      if (!s.name.empty() && !s.name.starts_with('$') && (s.global || s.weak || s.type != as::ObjSymbol::NoType))
        out[s.name] = {o.sections[static_cast<size_t>(s.section)].name, s.value, s.global, s.weak, s.type, s.size.value_or(0)};
    return out;
  };
  const as::Object source = as::assemble_word_program(mve(), src, "defs.s");
  EXPECT_EQ(defined(back), defined(source));
  EXPECT_EQ(defined(source).size(), 6u);
  for (size_t i = 0; i < source.sections.size() && i < back.sections.size(); ++i)
    EXPECT_EQ(back.sections[i].align, source.sections[i].align) << source.sections[i].name;
}

// What `gcc -g` adds for GNU as to build DWARF tables from (.loc, .cfi_*,
// .debug_* sections with their labels and data) is left out with one
// warning at the first of it: the object is the one the source without them
// gives, as GNU as's is apart from its .debug_* sections. The shape below is
// gcc 12's for a function compiled with -g.
TEST(WordProgram, DebuggingInformationIsLeftOutWithAWarning) {
  const std::string plain =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.global f\n\t.thumb_func\n\t.type f, %function\nf:\n"
      "\tadds r0, r0, #1\n\tbx lr\n\t.size f, .-f\n\t.data\nv:\t.word 7\n";
  const std::string with_debug =
      "\t.syntax unified\n\t.thumb\n\t.file \"f.c\"\n\t.text\n.Ltext0:\n\t.cfi_sections\t.debug_frame\n"
      "\t.file 1 \"f.c\"\n\t.global f\n\t.thumb_func\n\t.type f, %function\nf:\n.LFB0:\n\t.loc 1 2 1 view -0\n"
      "\t.cfi_startproc\n\tadds r0, r0, #1\n\t.loc 1 4 1 is_stmt 0 view .LVU1\n\tbx lr\n\t.cfi_endproc\n.LFE0:\n"
      "\t.size f, .-f\n\t.section\t.debug_info,\"\",%progbits\n.Ldebug_info0:\n\t.4byte\t0x4e\n\t.uleb128 0x1\n"
      "\t.4byte\t.LFB0\n\t.sleb128 -4\n\t.ascii \"f\\000\"\n\t.pushsection .debug_line\n\t.byte 1\n\t.popsection\n"
      "\t.byte 2\n\t.data\nv:\t.word 7\n\t.section\t.debug_str,\"MS\",%progbits,1\n.LASF0:\n\t.ascii \"x\\000\"\n";
  const as::Object ours = as::assemble_word_program(mve(), with_debug, "g.s");
  const as::Object want = as::assemble_word_program(mve(), plain, "p.s");
  ASSERT_EQ(ours.warnings.size(), 1u);
  EXPECT_EQ(ours.warnings[0], "g.s:6:2: warning: debugging information (`gcc -g`: .loc, .cfi_*, .debug_* sections) is not "
                              "written to the object");
  EXPECT_TRUE(want.warnings.empty());
  auto sections = [](const as::Object& o) {
    std::map<std::string, std::vector<uint8_t>> out;
    for (const as::ObjSection& sec : o.sections) out[sec.name] = sec.bytes;
    return out;
  };
  EXPECT_EQ(sections(ours), sections(want));
  // The .L labels of the code stay (the ELF writer leaves them out, as GNU as does).
  auto defined = [](const as::Object& o) {
    std::set<std::string> out;
    for (const as::ObjSymbol& sym : o.symbols)
      if (!sym.name.starts_with(".L")) out.insert(sym.name);
    return out;
  };
  EXPECT_EQ(defined(ours), defined(want));
}

// .fill repeat, size, value: the bytes and warnings below are GNU as 2.40's
// and llvm-mc-19's for this source (both write the same bytes: the low 32
// bits of the value, little-endian, zero above 4 bytes; size clamped to 8;
// a negative repeat has no effect). The warnings are llvm-mc's, at its columns.
TEST(WordProgram, FillWritesItsPatternAsGnuAsAndLlvmMc) {
  const std::string source = "\t.data\n\t.fill 1, 8, 0x123456789\n\t.fill 2, 2, -1\n\t.fill 3\n\t.fill 2, 3, 0x112233\n"
                             "\t.fill 0, 4, 7\n\t.fill 1, 9, 1\n\t.fill -1, 1, 1\n";
  for (const as::WordIsa* isa : {&mve(), &sme2()}) {
    const as::Object obj = as::assemble_word_program(*isa, source, "f.s");
    const std::vector<uint8_t> want = {0x89, 0x67, 0x45, 0x23, 0, 0, 0, 0,  // 1 x 8 bytes
                                       0xff, 0xff, 0xff, 0xff,               // 2 x 2 bytes of -1
                                       0, 0, 0,                              // 3 x 1 byte of 0
                                       0x33, 0x22, 0x11, 0x33, 0x22, 0x11,   // 2 x 3 bytes
                                       1, 0, 0, 0, 0, 0, 0, 0};              // size 9 taken as 8
    EXPECT_EQ(obj.find(".data")->bytes, want);
    ASSERT_EQ(obj.warnings.size(), 3u);
    EXPECT_EQ(obj.warnings[0], "f.s:2:14: warning: '.fill' directive pattern has been truncated to 32-bits");
    EXPECT_EQ(obj.warnings[1], "f.s:7:11: warning: '.fill' directive with size greater than 8 has been truncated to 8");
    EXPECT_EQ(obj.warnings[2], "f.s:8:8: warning: '.fill' directive with negative repeat count has no effect");
  }
  EXPECT_THROW(as::assemble_word_program(mve(), "\t.data\n\t.fill\n", "f.s"), InputError);
  EXPECT_THROW(as::assemble_word_program(mve(), "\t.data\n\t.fill 1, 2, 3, 4\n", "f.s"), InputError);
}

// .space, .skip and .zero take a fill: its low byte (llvm-mc-19 writes
// 5a5a5a5a 07070101 01ffffff for this source); a nonzero fill in .bss is
// refused like a nonzero .fill.
TEST(WordProgram, SpaceTakesAFillByte) {
  const std::string source = "\t.data\n\t.space 4, 0x5a\n\t.skip 2, 7\n\t.zero 3, 1\n\t.space 2, 0x1ff\n\t.space 1, -1\n";
  for (const as::WordIsa* isa : {&mve(), &sme2()}) {
    const as::Object obj = as::assemble_word_program(*isa, source, "s.s");
    const std::vector<uint8_t> want = {0x5a, 0x5a, 0x5a, 0x5a, 7, 7, 1, 1, 1, 0xff, 0xff, 0xff};
    EXPECT_EQ(obj.find(".data")->bytes, want);
  }
  EXPECT_NO_THROW(as::assemble_word_program(mve(), "\t.bss\n\t.space 4, 0\n", "s.s"));
  EXPECT_THROW(as::assemble_word_program(mve(), "\t.bss\n\t.space 4, 1\n", "s.s"), InputError);
  EXPECT_THROW(as::assemble_word_program(mve(), "\t.data\n\t.space 4, 1, 2\n", "s.s"), InputError);
}

// A fill past the section's size limit is refused at its count before any
// byte is built (it once built 512 GB of them first).
TEST(WordProgram, AHugeFillIsRefusedAtItsCount) {
  for (const char* source : {"\t.data\n\t.space 0x7fffffffff, 1\n", "\t.data\n\t.fill 0x7fffffff, 8, 1\n"}) {
    try {
      as::assemble_word_program(sme2(), source, "h.s");
      FAIL() << source;
    } catch (const InputError& e) {
      EXPECT_EQ(e.location().line, 2) << source;
      EXPECT_NE(e.message().find("section .data would exceed"), std::string::npos) << e.message();
    }
  }
}

// GNU as's .rept, .irp and .macro give the lines written out (GNU as 2.40
// assembles both sources below to the same bytes); errors in a body name
// the body's line, and an expansion without end is refused.
TEST(WordProgram, RepetitionsAndMacrosExpandAsWrittenOut) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.rept 2\n\tnop\n\t.rept 2\n\tmovs r0, #1\n\t.endr\n\t.endr\n"
      "\t.macro addto rd, v=7 @ a comment\n\tadds \\rd, #\\v\nl\\@\\():\tb l\\@\n\t.endm\n"
      "top:\taddto r1\n\taddto r2, 3\n\t.irp r, r3, r4\n\tmovs \\r, #0\n\t.endr\n\tb top\n";
  const std::string out =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tnop\n\tmovs r0, #1\n\tmovs r0, #1\n\tnop\n\tmovs r0, #1\n\tmovs r0, #1\n"
      "top:\tadds r1, #7\nl0:\tb l0\n\tadds r2, #3\nl1:\tb l1\n\tmovs r3, #0\n\tmovs r4, #0\n\tb top\n";
  const as::Object ours = as::assemble_word_program(mve(), with, "m.s");
  EXPECT_EQ(ours.find(".text")->bytes, code_of(mve(), out));
  // 6 x nop/movs, 2 x (adds, b), 2 x movs, b: 13 halfwords.
  EXPECT_EQ(ours.find(".text")->bytes.size(), 26u);
  EXPECT_NE(error_of("\t.text\n\t.macro m\n\tmovs r0, #999\n\t.endm\n\tm\n").find("bad.s:3:"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.rept 2\n\tnop\n").find("bad.s:2:1: error: '.rept' has no '.endr' after it"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.endr\n").find("bad.s:2:2: error: '.endr' without '.rept, .irp or .irpc' before it"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.rept 100000000\n\tnop\n\t.endr\n").find("more than 1048576 lines"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.macro m\n\tm\n\t.endm\n\tm\n").find("expanded too deeply"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.rept x\n\t.endr\n").find("bad.s:2:8: error: .rept: 'x' is not a constant defined before this line"),
            std::string::npos);
}

// Quoted arguments of .irp and macros hold commas and blanks and lose their
// quotes: arm-none-eabi-as 2.40 and llvm-mc-19 assemble the source below to
// the bytes below, and both refuse `.asciz \s` of a quoted argument.
TEST(WordProgram, QuotedArgumentsHoldCommasAndLoseTheirQuotes) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.irp x, \"nop\", \"movs r0, #1\"\n\t\\x\n\t.endr\n"
      "\t.macro m a\n\t\\a\n\t.endm\n\tm \"adds r1, #2\"\n"
      "\t.irp r, r5 r6\n\tmovs \\r, #1\n\t.endr\n\t.macro s3 a b\n\tadds \\a, \\b\n\t.endm\n\ts3 r2 \"#3\"\n";
  const as::Object ours = as::assemble_word_program(mve(), with, "q.s");
  const std::vector<uint8_t> gnu_as = {0x00, 0xbf, 0x01, 0x20, 0x02, 0x31, 0x01, 0x25, 0x01, 0x26, 0x03, 0x32};
  EXPECT_EQ(ours.find(".text")->bytes, gnu_as);
  EXPECT_NE(error_of("\t.data\n\t.macro msg s\n\t.asciz \\s\n\t.endm\n\tmsg \"hello\"\n").find("bad.s:3:"), std::string::npos);
}

// GNU as's parameter qualifiers: `:vararg` takes the rest of the arguments,
// commas and all; `:req` must be given. arm-none-eabi-as 2.40 assembles the
// source to these bytes and refuses `ld , [r1]` ("Missing value for
// required parameter `r' of macro `ld'").
TEST(WordProgram, MacroParametersVarargAndReq) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.macro ld r:req, addr:vararg\n\tldr \\r, \\addr\n\t.endm\n"
      "\tld r0, [r1, #4]\n\tld r2, [r3]\n\t.macro two a, rest:vararg\n\t\\a \\rest\n\t.endm\n\ttwo adds, r1, r2, #1\n";
  const as::Object ours = as::assemble_word_program(mve(), with, "v.s");
  const std::vector<uint8_t> gnu_as = {0x48, 0x68, 0x1a, 0x68, 0x51, 0x1c};
  EXPECT_EQ(ours.find(".text")->bytes, gnu_as);
  EXPECT_NE(error_of("\t.text\n\t.macro ld r:req, addr:vararg\n\tldr \\r, \\addr\n\t.endm\n\tld , [r1]\n")
                .find("bad.s:5:2: error: macro 'ld': missing value for its parameter 'r' (:req)"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.macro m a:vararg, b\n\t.endm\n").find("after the :vararg one"), std::string::npos);
}

// Conditional assembly, `.irpc`, `.exitm` and macro arguments by name: GNU
// as 2.40 assembles both sources below to the same bytes. A condition is
// decided where it stands, from the constants and labels before it; a
// comparison is -1 when it holds, && and || are 1.
TEST(WordProgram, ConditionsAreDecidedWhereTheyStand) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.equ N, 8\n\t.text\n"
      "\t.if N == 8\n\tmovs r0, #1\n\t.elseif N == 4\n\tmovs r0, #2\n\t.else\n\tmovs r0, #3\n\t.endif\n"
      "\t.if N < 4 || N > 16\n\tmovs r1, #1\n\t.elseif N >= 8 && N <= 8\n\tmovs r1, #2\n\t.endif\n"
      "\t.ifdef N\n\tmovs r2, #1\n\t.endif\n\t.ifndef M\n\tmovs r2, #2\n\t.endif\n"
      "M:\t.ifdef M\n\tmovs r2, #3\n\t.endif\n"
      "\t.ifeq N - 8\n\tmovs r3, #1\n\t.endif\n\t.ifc abc, abc\n\tmovs r3, #2\n\t.endif\n"
      "\t.ifnb x\n\tmovs r3, #3\n\t.endif\n"
      "\t.irpc k, 456\n\tmovs r4, #\\k\n\t.endr\n"
      "\t.macro pick reg, v=9\n\t.if \\v > 4\n\tmovs \\reg, #\\v\n\t.exitm\n\t.endif\n\tmovs \\reg, #0\n\t.endm\n"
      "\tpick r5\n\tpick r6, 2\n\tpick v=5, reg=r7\n"
      "\t.rept N / 4\n\tnop\n\t.endr\n"
      "\t.word 1 == 1, 2 < 1, 3 && 4, 5 <> 5\n";
  const std::string out =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tmovs r0, #1\n\tmovs r1, #2\n\tmovs r2, #1\n\tmovs r2, #2\n"
      "M:\tmovs r2, #3\n\tmovs r3, #1\n\tmovs r3, #2\n\tmovs r3, #3\n\tmovs r4, #4\n\tmovs r4, #5\n\tmovs r4, #6\n"
      "\tmovs r5, #9\n\tmovs r6, #0\n\tmovs r7, #5\n\tnop\n\tnop\n\t.word -1, 0, 1, 0\n";
  const as::Object ours = as::assemble_word_program(mve(), with, "c.s");
  const std::vector<uint8_t> want = code_of(mve(), out);
  EXPECT_EQ(ours.find(".text")->bytes, want);
  // As GNU as writes them: 16 instructions of 2 bytes, then four words.
  ASSERT_EQ(want.size(), 48u);
  EXPECT_EQ(want[0], 0x01);
  EXPECT_EQ(want[1], 0x20);
  EXPECT_EQ(std::vector<uint8_t>(want.begin() + 32, want.end()),
            (std::vector<uint8_t>{0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}));

  EXPECT_NE(error_of("\t.text\n\t.if 1\n\tnop\n").find("bad.s:2:1: error: '.if' has no '.endif' after it"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.endif\n").find("bad.s:2:2: error: '.endif' without '.if' before it"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.if Q == 1\n\t.endif\n\t.equ Q, 1\n")
                .find("bad.s:2:6: error: .if: 'Q' is not a constant defined before this line"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.if 1\n\t.else\n\t.else\n\t.endif\n").find("bad.s:4:1: error: '.else' after '.else'"),
            std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.exitm\n").find("bad.s:2:2: error: '.exitm' outside a macro"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.if 1 +\n\t.endif\n").find("bad.s:2:"), std::string::npos);
}

// `NAME .req REGISTER` names a register for the instructions after it (an
// alias of an alias too) until `.unreq NAME`; strings and mnemonics are left
// alone. GNU as 2.40 assembles both sources to the same bytes; llvm-mc-19 the
// A64 lines (checked by hand).
TEST(WordProgram, RegisterAliasesStandForTheirRegisters) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\nacc .req r0\nptr .req r1\nvacc .req q2\nsum .req acc\n\t.text\n"
      "loop:\tadds acc, ptr, #1\n\tvldrw.u32 vacc, [ptr]\n\tvaddva.u32 sum, vacc\n\t.unreq acc\nacc .req r3\n"
      "\tmovs acc, #1\n\t.ascii \"ac\"\n\tb loop\n";
  const std::string out =
      "\t.syntax unified\n\t.thumb\n\t.text\nloop:\tadds r0, r1, #1\n\tvldrw.u32 q2, [r1]\n\tvaddva.u32 r0, q2\n"
      "\tmovs r3, #1\n\t.ascii \"ac\"\n\tb loop\n";
  const std::vector<uint8_t> ours = code_of(mve(), with);
  EXPECT_EQ(ours, code_of(mve(), out));
  EXPECT_EQ(ours, (std::vector<uint8_t>{0x48, 0x1c, 0x91, 0xed, 0x00, 0x5f, 0xf9, 0xfe, 0x24, 0x0f, 0x01, 0x23, 0x61, 0x63, 0xf7, 0xe7}));
  const std::string a64 = "base .req x1\nn .req w2\n\tldr x0, [base, #8]\n\tadd n, n, #1\n";
  EXPECT_EQ(code_of(sme2(), a64),
            (std::vector<uint8_t>{0x20, 0x04, 0x40, 0xf9, 0x42, 0x04, 0x00, 0x11}));
  EXPECT_NE(error_of("\t.text\n\t.unreq r9\n").find("bad.s:2:2: error: .unreq: 'r9' is not a register alias (.req)"),
            std::string::npos);
}

// A symbol set again takes its new value from there on (a counter in a
// `.rept`), and the object's symbol has the last value: GNU as 2.40 assembles
// both sources to the same bytes and gives `off` the value 0x30. `N = EXPR`
// is `.set`.
TEST(WordProgram, SetSymbolsTakeTheirValueWhereTheyStand) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.set off, 0\n\t.rept 3\n\tvldrw.u32 q0, [r0, #off]\n"
      "\t.set off, off + 16\n\t.endr\n\tmovs r1, #off\n\t.word off\n";
  const std::string out =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tvldrw.u32 q0, [r0]\n\tvldrw.u32 q0, [r0, #16]\n"
      "\tvldrw.u32 q0, [r0, #32]\n\tmovs r1, #48\n\t.word 48\n";
  const as::Object ours = as::assemble_word_program(mve(), with, "s.s");
  EXPECT_EQ(ours.find(".text")->bytes, code_of(mve(), out));
  const auto off = std::find_if(ours.symbols.begin(), ours.symbols.end(), [](const as::ObjSymbol& s) { return s.name == "off"; });
  ASSERT_NE(off, ours.symbols.end());
  EXPECT_EQ(off->value, 0x30u);
  EXPECT_NE(error_of("\t.text\n\t.set x, x + 1\n\t.word x\n").find("defined in terms of itself"), std::string::npos);
  // `NAME = EXPR` is `.set NAME, EXPR` (GNU as 2.40: movs r0, #2; #3; #4, then the nop).
  const std::string assigned = "\t.syntax unified\n\t.thumb\nN = 2\n\t.rept 3\n\tmovs r0, #N\nN = N + 1\n\t.endr\n"
                               "\t.if N == 5\n\tnop\n\t.endif\n";
  EXPECT_EQ(code_of(mve(), assigned),
            (std::vector<uint8_t>{0x02, 0x20, 0x03, 0x20, 0x04, 0x20, 0x00, 0xbf}));
}

// clang's merged globals: `.globl g` then `.set g, .L_merged + k`. GNU as 2.40
// (arm-none-eabi-readelf -s) writes g once, GLOBAL OBJECT at the symbol's
// value, and st LOCAL OBJECT: both take the type of the symbol they are set
// to. mlisa wrote g twice (UND and defined) and NOTYPE.
TEST(WordProgram, SetToATypedSymbolIsOneSymbolOfItsType) {
  const std::string src =
      "\t.data\n\t.p2align 2\n\t.type .Lm,%object\n.Lm:\n\t.long 1\n\t.long 2\n\t.size .Lm, 8\n"
      "\t.globl g\n\t.set g, .Lm\n\t.size g, 4\n\t.set st, .Lm+4\n\t.size st, 4\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "m.s");
  int gs = 0;
  for (const as::ObjSymbol& sym : obj.symbols) {
    if (sym.name == "g") {
      ++gs;
      EXPECT_FALSE(sym.undefined);
      EXPECT_TRUE(sym.global);
      EXPECT_EQ(sym.type, as::ObjSymbol::Object);
      EXPECT_EQ(sym.value, 0u);
    }
    if (sym.name == "st") {
      EXPECT_FALSE(sym.global);
      EXPECT_EQ(sym.type, as::ObjSymbol::Object);
      EXPECT_EQ(sym.value, 4u);
    }
  }
  EXPECT_EQ(gs, 1);
}

// A PC-relative lookup table into a mergeable string section (clang's
// switch.table.*.rel): the linker finds a string by its offset in the
// section, so a relocation whose addend would point past the symbol names the
// symbol, as llvm-mc-19 writes it (readelf -r of these lines: .rodata.str1.1
// + 0, s1 + 4, s2 + 8, s2 + 1). mlisa wrote `.rodata.str1.1 + a`: ld.lld refused the object, or,
// with a duplicate string, linked a table whose entries read the wrong one.
TEST(WordProgram, RelocationsIntoMergeableStringsNameTheirSymbol) {
  const std::string src =
      "\t.section .rodata.str1.1,\"aMS\",@progbits,1\ns0: .asciz \"zero\"\ns1: .asciz \"one\"\ns2: .asciz \"two\"\n"
      "\t.section .rodata,\"a\",@progbits\ntable:\n\t.word s0-table\n\t.word s1-table\n\t.word s2-table\n"
      "\t.xword s2+1\n";
  const as::Object obj = as::assemble_word_program(sme2(), src, "a64.s");
  const as::ObjSection* rodata = nullptr;
  for (const as::ObjSection& sec : obj.sections)
    if (sec.name == ".rodata") rodata = &sec;
  ASSERT_NE(rodata, nullptr);
  ASSERT_EQ(rodata->relocs.size(), 4u);
  auto named = [&](const as::ObjReloc& r) { return r.symbol >= 0 ? obj.symbols[static_cast<size_t>(r.symbol)].name : "section"; };
  EXPECT_EQ(named(rodata->relocs[0]), "section");
  EXPECT_EQ(rodata->relocs[0].addend, 0);
  EXPECT_EQ(named(rodata->relocs[1]), "s1");
  EXPECT_EQ(rodata->relocs[1].addend, 4);
  EXPECT_EQ(named(rodata->relocs[2]), "s2");
  EXPECT_EQ(rodata->relocs[2].addend, 8);
  EXPECT_EQ(named(rodata->relocs[3]), "s2");  // an absolute address past the symbol: s2 + 1
  EXPECT_EQ(rodata->relocs[3].addend, 1);
}

// `#EXPR` naming a .equ/.set symbol is its value (forward too), as GNU as
// 2.40 assembles the same lines to the same bytes; a symbol that is an
// address is not a constant.
TEST(WordProgram, ImmediatesNameEquSymbols) {
  const std::string with =
      "\t.syntax unified\n\t.thumb\n\t.equ K, 3\n\t.set SH, 2\n\t.text\n\tmovs r2, #K\n\tmov r3, #K*4+1\n"
      "\tadd r0, r1, r2, lsl #SH\n\tldr r0, [r1, #-K]!\n\tvmov.i32 q0, #K\n\tmovs r4, #N\n\t.equ N, 7\n";
  const std::string out =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tmovs r2, #3\n\tmov r3, #13\n\tadd r0, r1, r2, lsl #2\n"
      "\tldr r0, [r1, #-3]!\n\tvmov.i32 q0, #3\n\tmovs r4, #7\n";
  EXPECT_EQ(code_of(mve(), with), code_of(mve(), out));
  EXPECT_NE(error_of("\t.text\nhere:\n\t.equ A, here\n\tmovs r0, #A\n").find("bad.s:4:12: error: #A: not a constant"),
            std::string::npos);
}

// An immediate of numbers and operators is its value, as llvm-mc-19 and GNU as
// evaluate it; a number alone (`#-0`), an FP literal and a label are the
// encoder's. T32 against llvm-mc-19 itself; A64 against the words llvm-mc-19
// -triple=aarch64 gave for the same lines.
TEST(WordProgram, ImmediatesAreConstantExpressions) {
  const std::string t32 =
      "\t.syntax unified\n\t.thumb\n\t.text\n\tlsls r0, r1, #(1+2)\n\tadds r0, #(2*3)\n\tvldrw.u32 q0, [r0, #(4*4)]\n"
      "\tldr r0, [r1, #-(8)]\n\tadd r0, r1, #1-1\n\tvmov.f32 s0, #-1.5\n\tmov r2, #(1 << 8) | 1\n\tcmp r3, #0xfe-1\n";
  const std::vector<uint8_t> want = llvm_mc_text(t32);
  if (want.empty()) GTEST_SKIP() << "llvm-mc-19 is not installed";
  EXPECT_EQ(code_of(mve(), t32), want);
  const std::string a64 = "\t.text\n\tadd w17, w29, w20, lsl #(31-2)\n\tmovk x0, #1, lsl #(8*2)\n\tldr x0, [x1, #(4*2)]\n"
                          "\tadd x0, x1, #-(3)\n";
  EXPECT_EQ(code_of(sme2(), a64), a64_code({0x0b1477b1u, 0xf2a00020u, 0xf9400420u, 0xd1000c20u}));
  EXPECT_NE(error_of("\t.text\n\tadds r0, #(1+\n").find("bad.s:2:"), std::string::npos);
}

// `.include "FILE"`: from the working directory, else beside the including
// file; its lines are assembled where the directive stands, and an error in
// them names the included file's line. A file that includes itself, or a
// missing one, is an error at the directive.
TEST(WordProgram, IncludedFilesAreReadInPlace) {
  const std::string dir = temp_path("include");
  std::filesystem::create_directories(dir + "/sub");
  std::ofstream(dir + "/sub/macros.inc") << "\t.macro zero r\n\tmovs \\r, #0\n\t.endm\n\t.include \"deeper.inc\"\n";
  std::ofstream(dir + "/sub/deeper.inc") << "\t.equ K, 3\n";
  std::ofstream(dir + "/bad.inc") << "\n\tmovs r0, #999\n";
  std::ofstream(dir + "/self.inc") << "\t.include \"self.inc\"\n";
  const std::string main = dir + "/main.s";
  const as::Object obj = as::assemble_word_program(
      mve(), "\t.syntax unified\n\t.thumb\n\t.include \"sub/macros.inc\"\n\t.text\n\tzero r1\n\tmovs r2, #K\n", main);
  EXPECT_EQ(obj.find(".text")->bytes,
            as::assemble_word_program(mve(), "\t.syntax unified\n\t.thumb\n\t.text\n\tmovs r1, #0\n\tmovs r2, #3\n", "o.s")
                .find(".text")->bytes);
  EXPECT_NE(error_of("\t.text\n\t.include \"bad.inc\"\n", main).find(dir + "/bad.inc:2:"), std::string::npos);
  EXPECT_NE(error_of("\t.text\n\t.include \"nope.inc\"\n", main).find("main.s:2:2: error: .include \"nope.inc\": no such file"),
            std::string::npos);
  EXPECT_NE(error_of("\t.include \"self.inc\"\n", main).find("files included too deeply"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// --show-encoding names another object's symbol as the source does (llvm-mc
// prints `bl ext` too, with a fixup); it printed the mapping symbol `$t`.
TEST(WordProgram, ShowEncodingNamesRelocatedSymbols) {
  const as::Object obj =
      as::assemble_word_program(mve(), "\t.syntax unified\n\t.thumb\n\tbl ext\n\tmovw r0, #:lower16:ext\n", "se.s");
  const std::string shown = as::show_encoding(mve(), obj, "se.s");
  EXPECT_NE(shown.find("\tbl\text "), std::string::npos) << shown;
  EXPECT_NE(shown.find("\tmovw\tr0, #:lower16:ext "), std::string::npos) << shown;
  EXPECT_EQ(shown.find("$t"), std::string::npos) << shown;
}

// `mlisa run` of an object with relocations applies them, as a static linker
// would: the placed object must be the very image that the same source
// assembled at those addresses gives (the front end's placement, which
// resolves every symbol itself). An undefined symbol is an error.
TEST(WordProgram, RelocatableObjectPlacesAsItsSource) {
  const std::string src =
      "\t.syntax unified\n\t.thumb\n\t.text\n\t.global _start\n\t.thumb_func\n_start:\n"
      "\tbl g\n\tbl loc2+2\n\tbeq.w g\n\tb.w loc2\n\tmovw r0, #:lower16:dat+2\n\tmovt r0, #:upper16:dat+2\n"
      "\t.word dat+8\n\t.word g\n\t.word loc2 - .\n\t.hword 0\n"
      "\t.section .text.other,\"ax\",%progbits\n\t.type g, %function\ng:\tnop\nloc2:\tnop\n\tnop\n"
      "\t.data\n\t.word 0\ndat:\t.word _start\n";
  const as::LinkLayout layout{0x1000, 0x20000000};
  const as::ProgramImage want = as::place_object(as::assemble_word_program(mve(), src, "p.s", layout), layout);
  const std::string path = temp_path("p.o");
  as::write_elf(as::assemble_word_program(mve(), src, "p.s"), as::word_elf_options(mve()), path);
  const as::ProgramImage got = as::load_program(mve(), path, layout);
  ASSERT_EQ(got.segments.size(), want.segments.size());
  for (size_t i = 0; i < want.segments.size(); ++i) {
    EXPECT_EQ(got.segments[i].name, want.segments[i].name);
    EXPECT_EQ(got.segments[i].address, want.segments[i].address);
    EXPECT_EQ(got.segments[i].bytes, want.segments[i].bytes) << want.segments[i].name;
  }
  EXPECT_EQ(got.entry, want.entry);
  // Worked by hand from the ELF ABI's (S + A) | T: .data holds 0, then
  // _start (0x1000, a Thumb function) | 1.
  ASSERT_EQ(got.segments.back().name, ".data");
  EXPECT_EQ(got.segments.back().bytes, (std::vector<uint8_t>{0, 0, 0, 0, 0x01, 0x10, 0, 0}));
  const std::string ext = temp_path("ext.o");
  as::write_elf(as::assemble_word_program(mve(), "\t.text\n\tbl printf\n", "e.s"), as::word_elf_options(mve()), ext);
  try {
    as::load_program(mve(), ext, layout);
    ADD_FAILURE() << "an undefined symbol was placed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("'printf' is not defined in this object"), std::string::npos) << e.what();
  }
}

// A spec page's `relocation` must be one the object writer knows: a
// misspelt one is the page's error, at its encoding, when the specs load.
TEST(WordProgram, UnknownRelocationInASpecPageIsItsError) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::path(temp_path("reloc_specs")), mve_dir = dir / "mve";
  fs::remove_all(dir);
  fs::create_directories(mve_dir);
  for (const auto& f : fs::directory_iterator(fs::path(MLISA_SOURCE_DIR) / "isa" / "mve")) fs::copy(f.path(), mve_dir / f.path().filename());
  std::string page;
  {
    std::ifstream in(mve_dir / "bl.isa");
    std::stringstream ss;
    ss << in.rdbuf();
    page = ss.str();
  }
  const size_t at = page.find("relocation R_ARM_THM_CALL");
  ASSERT_NE(at, std::string::npos);
  page.replace(at, 25, "relocation R_ARM_THM_CALLX");
  std::ofstream(mve_dir / "bl.isa") << page;
  try {
    targets::load_word_target("mve", dir.string());
    ADD_FAILURE() << "the page loaded";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("bl.isa:5:1: error: encoding T1 names relocation R_ARM_THM_CALLX"), std::string::npos)
        << e.what();
  }
  fs::remove_all(dir);
}

// GCC's output: octal escapes in strings, `.set` of the location, switch
// tables of `(.L9-.L4)/2`, `.section` flags. Bytes and flags from GNU as 2.40.
TEST(WordProgram, GccOutputDirectivesAsGnuAs) {
  const std::string src =
      "\t.section .rodata.str1.4,\"aMS\",%progbits,1\n.LC0:\t.ascii \"%d\\012\\000\"\n"
      "\t.text\n\ttbb [pc, r0]\n.L4:\t.byte (.L9-.L4)/2\n\t.byte (.L8-.L4)/2\n\t.p2align 1\n.L8:\tnop\n.L9:\tnop\n"
      "\t.data\n\t.word 1\n\t.set .LANCHOR0, . + 0\n\t.word 7 * 3 % 5 << 2 | 1 ^ 2 & 3\n\t.word .LANCHOR0\n"
      "\t.set anchor, . - 4\n\t.text\n\tnop\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "gcc.s");
  const as::ObjSection* ro = obj.find(".rodata.str1.4");
  ASSERT_NE(ro, nullptr);
  EXPECT_EQ(ro->bytes, (std::vector<uint8_t>{'%', 'd', '\n', 0}));
  EXPECT_EQ(ro->flags, std::optional<uint64_t>(0x32));  // SHF_ALLOC | SHF_MERGE | SHF_STRINGS
  EXPECT_EQ(ro->entsize, 1u);
  EXPECT_EQ(text_of(obj), (std::vector<uint8_t>{0xdf, 0xe8, 0x00, 0xf0, 0x02, 0x01, 0x00, 0xbf, 0x00, 0xbf, 0x00, 0xbf}));
  // `.` in a `.set` is where the `.set` stands, however far the assembly goes on.
  bool anchor = false;
  for (const as::ObjSymbol& sym : obj.symbols)
    if (sym.name == "anchor") {
      anchor = true;
      EXPECT_EQ(sym.value, 8u);
      EXPECT_EQ(obj.sections[static_cast<size_t>(sym.section)].name, ".data");
    }
  EXPECT_TRUE(anchor);
  const as::ObjSection* data = obj.find(".data");
  ASSERT_NE(data, nullptr);
  // GNU as's precedence: 7 * 3 % 5 << 2 = 4, then | ^ & alike, left to
  // right: ((4 | 1) ^ 2) & 3 = 3. `.LANCHOR0` is .data + 4: its relocation
  // names .data, the addend 4 in the bytes.
  EXPECT_EQ(data->bytes, (std::vector<uint8_t>{1, 0, 0, 0, 3, 0, 0, 0, 4, 0, 0, 0}));
  ASSERT_EQ(data->relocs.size(), 1u);
  EXPECT_EQ(data->relocs[0].type, "R_ARM_ABS32");
  EXPECT_EQ(data->relocs[0].offset, 8u);
  EXPECT_EQ(obj.sections[static_cast<size_t>(data->relocs[0].section)].name, ".data");
}

}  // namespace
}  // namespace mlisa

namespace mlisa {
namespace {

// `.comm`, `.local`, `.lcomm` as GNU as 2.40 makes them (`arm-none-eabi-as`,
// read with `readelf -s`): a common symbol's value is its alignment, given or
// the power of two that holds its size (at most 16); `.local` and `.lcomm`
// place it in .bss (.lcomm aligned to the largest power of two not above
// the size, at most 8).
TEST(WordProgram, CommonSymbolsAsGnuAs) {
  const std::string src = "\t.text\n\tnop\n\t.comm shared, 8, 4\n\t.comm a5, 5\n\t.comm a40, 40\n\t.local mine\n"
                          "\t.comm mine, 3, 8\n\t.lcomm other, 5\n\t.lcomm b16, 16\n";
  const as::Object obj = as::assemble_word_program(mve(), src, "comm.s");
  std::map<std::string, std::tuple<std::string, uint64_t, uint64_t, bool>> got;  // section (COM), value, size, global
  for (const as::ObjSymbol& s : obj.symbols)
    if (s.name[0] != '$')
      got[s.name] = {s.common ? "COM" : obj.sections[static_cast<size_t>(s.section)].name, s.value, s.size.value_or(0),
                     s.global};
  const std::map<std::string, std::tuple<std::string, uint64_t, uint64_t, bool>> want = {
      {"shared", {"COM", 4, 8, true}},   {"a5", {"COM", 8, 5, true}},     {"a40", {"COM", 16, 40, true}},
      {"mine", {".bss", 0, 3, false}},   {"other", {".bss", 4, 5, false}}, {"b16", {".bss", 16, 16, false}}};
  EXPECT_EQ(got, want);
}

}  // namespace
}  // namespace mlisa

namespace mlisa {
namespace {

using RelocRow = std::tuple<std::string, uint64_t, std::string, std::string, int64_t>;

// An object's relocations: (section, offset, type, symbol or section named, addend).
std::vector<RelocRow> relocations_of(const as::Object& obj) {
  std::vector<RelocRow> out;
  for (const as::ObjSection& s : obj.sections)
    for (const as::ObjReloc& r : s.relocs)
      out.emplace_back(s.name, r.offset, r.type,
                       r.symbol >= 0 ? obj.symbols[static_cast<size_t>(r.symbol)].name : obj.sections[static_cast<size_t>(r.section)].name,
                       r.addend);
  return out;
}

// A64 objects are RELA: the bytes hold no addend, the relocation does. The
// relocations and bytes of llvm-mc-19 for the same source (`llvm-mc-19
// -triple=aarch64 -mattr=+sme2 -filetype=obj`, read with llvm-readelf-19 -r
// and llvm-objdump-19 -s).
TEST(WordProgram, A64RelocationsAsLlvmMc) {
  const std::string src =
      "\t.text\n\t.global f\nf:\n\tbl ext\n\tbl ext+8\n\tb ext\n\tb.eq ext\n\tcbz x0, ext\n\tcbnz w1, g\n"
      "\tadr x2, ext+4\n\tb f\n\t.word ext\n\t.xword ext+16\n\t.word ext - .\n"
      "\t.section .text.b,\"ax\",%progbits\ng:\tret\n\t.data\n\t.xword g\n";
  const as::Object obj = as::assemble_word_program(sme2(), src, "a64.s");
  // The instructions, then the data words, whose bytes the relocations write (0 here).
  std::vector<uint8_t> text = a64_code({0x94000000, 0x94000000, 0x14000000, 0x54000000, 0xb4000000, 0x35000001,
                                        0x10000002, 0x14000000});
  text.resize(48, 0);
  EXPECT_EQ(text_of(obj), text);
  const std::vector<RelocRow> want = {
      {".text", 0x00, "R_AARCH64_CALL26", "ext", 0},        {".text", 0x04, "R_AARCH64_CALL26", "ext", 8},
      {".text", 0x08, "R_AARCH64_JUMP26", "ext", 0},        {".text", 0x0c, "R_AARCH64_CONDBR19", "ext", 0},
      {".text", 0x10, "R_AARCH64_CONDBR19", "ext", 0},      {".text", 0x14, "R_AARCH64_CONDBR19", ".text.b", 0},
      {".text", 0x18, "R_AARCH64_ADR_PREL_LO21", "ext", 4}, {".text", 0x1c, "R_AARCH64_JUMP26", "f", 0},
      {".text", 0x20, "R_AARCH64_ABS32", "ext", 0},         {".text", 0x24, "R_AARCH64_ABS64", "ext", 16},
      {".text", 0x2c, "R_AARCH64_PREL32", "ext", 0},        {".data", 0x00, "R_AARCH64_ABS64", ".text.b", 0}};
  EXPECT_EQ(relocations_of(obj), want);
}

// ADRP and the :lo12: operators of ADD and the loads and stores after it:
// llvm-mc-19's relocations for the same source (read with llvm-readelf-19 -r);
// the fields hold 0.
TEST(WordProgram, A64PageRelocationsAsLlvmMc) {
  const std::string src =
      "\t.text\n\tadrp x0, ext\n\tadd x0, x0, :lo12:ext\n\tadrp x1, ext+16\n\tldr x2, [x1, :lo12:ext+16]\n"
      "\tldrb w3, [x1, :lo12:ext]\n\tldr w4, [x1, :lo12:ext]\n\tstrh w5, [x1, :lo12:ext]\n\tadrp x6, local\n"
      "\tadd x6, x6, :lo12:local\n\t.data\n\t.space 24\nlocal:\t.xword 0\n";
  const as::Object obj = as::assemble_word_program(sme2(), src, "a64.s");
  EXPECT_EQ(text_of(obj), a64_code({0x90000000, 0x91000000, 0x90000001, 0xf9400022, 0x39400023, 0xb9400024, 0x79000025,
                                     0x90000006, 0x910000c6}));
  const std::vector<RelocRow> want = {
      {".text", 0x00, "R_AARCH64_ADR_PREL_PG_HI21", "ext", 0},   {".text", 0x04, "R_AARCH64_ADD_ABS_LO12_NC", "ext", 0},
      {".text", 0x08, "R_AARCH64_ADR_PREL_PG_HI21", "ext", 16},  {".text", 0x0c, "R_AARCH64_LDST64_ABS_LO12_NC", "ext", 16},
      {".text", 0x10, "R_AARCH64_LDST8_ABS_LO12_NC", "ext", 0},  {".text", 0x14, "R_AARCH64_LDST32_ABS_LO12_NC", "ext", 0},
      {".text", 0x18, "R_AARCH64_LDST16_ABS_LO12_NC", "ext", 0}, {".text", 0x1c, "R_AARCH64_ADR_PREL_PG_HI21", ".data", 24},
      {".text", 0x20, "R_AARCH64_ADD_ABS_LO12_NC", ".data", 24}};
  EXPECT_EQ(relocations_of(obj), want);
}

}  // namespace
}  // namespace mlisa
