// Regression tests of the mve (T32) assembler and disassembler for the
// defects of issue 15. Every expectation was recorded from a real tool, named
// beside it: llvm-mc-19 (-triple=thumbv8.1m.main -mattr=+mve.fp,+fp64,
// -show-encoding or --disassemble), llvm-objdump-19 -d, or GNU as 2.40
// (arm-none-eabi-as -march=armv8.1-m.main+mve.fp+fp.dp).
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/mve/machine.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

namespace mlisa::test {
namespace {

const as::WordIsa& isa() {
  static const targets::mve::Target t = targets::mve::load();
  return *t.isa;
}

using Bytes = std::vector<uint8_t>;

// The .text bytes of a source assembled at address 0.
Bytes assemble(const std::string& source) {
  const as::Object obj = as::assemble_word_program(isa(), source + "\n", "test.s");
  const as::ObjSection* text = obj.find(".text");
  return text ? text->bytes : Bytes{};
}

// The listing of code bytes (mlisa disasm), without its header lines and
// labels: one instruction a line, tabs gone.
std::string disassemble(const Bytes& bytes) {
  const std::string listing =
      as::disassemble_words(isa(), {as::ObjSection{".text", true, 2, bytes, std::nullopt}}, false);
  std::string out;
  size_t p = 0;
  while (p < listing.size()) {
    size_t e = listing.find('\n', p);
    if (e == std::string::npos) e = listing.size();
    std::string line = listing.substr(p, e - p);
    p = e + 1;
    if (line.empty() || line.back() == ':' || line.rfind("\t.", 0) == 0) continue;
    if (line[0] == '\t') line.erase(0, 1);
    out += line + "\n";
  }
  return out;
}

// The message of the InputError a source raises, or "" when it assembles.
std::string error_of(const std::string& source) {
  try {
    assemble(source);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// ---------------------------------------------------------------------------
// 1. Shift amounts as DecodeImmShift reads them (operand kind shiftamt).

TEST(MveAsmShiftAmount, AsrBy32Disassembles) {
  // llvm-mc-19 --disassemble and llvm-objdump-19 of 09 eb 22 05: add.w r5, r9, r2, asr #32
  EXPECT_EQ(disassemble({0x09, 0xeb, 0x22, 0x05}), "add.w r5, r9, r2, asr #32\n");
}

TEST(MveAsmShiftAmount, EveryTypeAtItsLimits) {
  // llvm-mc-19 -show-encoding, line by line.
  EXPECT_EQ(assemble("add.w r5, r9, r2, asr #32"), (Bytes{0x09, 0xeb, 0x22, 0x05}));
  EXPECT_EQ(assemble("sub r5, r9, r2, lsr #32"), (Bytes{0xa9, 0xeb, 0x12, 0x05}));
  EXPECT_EQ(assemble("cmp.w r1, r2, asr #32"), (Bytes{0xb1, 0xeb, 0x22, 0x0f}));
  EXPECT_EQ(assemble("add r5, r9, r2, ror #31"), (Bytes{0x09, 0xeb, 0xf2, 0x75}));
  EXPECT_EQ(assemble("add r5, r9, r2, lsl #31"), (Bytes{0x09, 0xeb, 0xc2, 0x75}));
  // A shift by 0 of any type is no shift (llvm-mc-19 and GNU as alike).
  EXPECT_EQ(assemble("add r5, r9, r2, ror #0"), (Bytes{0x09, 0xeb, 0x02, 0x05}));
  EXPECT_EQ(assemble("add r5, r9, r2, lsr #0"), (Bytes{0x09, 0xeb, 0x02, 0x05}));
  // RRX is ROR with amount 0.
  EXPECT_EQ(assemble("add r5, r9, r2, rrx"), (Bytes{0x09, 0xeb, 0x32, 0x05}));
  EXPECT_EQ(assemble("cmp r1, r2, rrx"), (Bytes{0xb1, 0xeb, 0x32, 0x0f}));
  // MOV (register) T3 with a shift (llvm-mc prints the aliases lsl.w, asr.w, rors.w, rrx).
  EXPECT_EQ(assemble("mov.w r0, r1, lsl #2"), (Bytes{0x4f, 0xea, 0x81, 0x00}));
  EXPECT_EQ(assemble("mov r0, r1, asr #32"), (Bytes{0x4f, 0xea, 0x21, 0x00}));
  EXPECT_EQ(assemble("movs r0, r1, ror #3"), (Bytes{0x5f, 0xea, 0xf1, 0x00}));
  EXPECT_EQ(assemble("mov r0, r1, rrx"), (Bytes{0x4f, 0xea, 0x31, 0x00}));
}

TEST(MveAsmShiftAmount, OutOfRangeAmountsAreRefused) {
  // llvm-mc-19 refuses each (immediate shift value out of range).
  EXPECT_NE(error_of("add r5, r9, r2, lsl #32"), "");
  EXPECT_NE(error_of("add r5, r9, r2, ror #32"), "");
  EXPECT_NE(error_of("add r5, r9, r2, asr #33"), "");
}

TEST(MveAsmShiftAmount, ListingsOfEveryType) {
  // llvm-mc-19 --disassemble: add.w r5, r9, r2, lsr #32 / ror #31 / rrx; cmp.w r1, r2, rrx
  EXPECT_EQ(disassemble({0xa9, 0xeb, 0x12, 0x05}), "sub.w r5, r9, r2, lsr #32\n");
  EXPECT_EQ(disassemble({0x09, 0xeb, 0xf2, 0x75}), "add.w r5, r9, r2, ror #31\n");
  EXPECT_EQ(disassemble({0x09, 0xeb, 0x32, 0x05}), "add.w r5, r9, r2, rrx\n");
  EXPECT_EQ(disassemble({0xb1, 0xeb, 0x32, 0x0f}), "cmp.w r1, r2, rrx\n");
  // llvm-objdump-19: MOV (register) T3 with RRX is the alias rrx (rrxs), with ROR ror.w.
  EXPECT_EQ(disassemble({0x4f, 0xea, 0x32, 0x01}), "rrx r1, r2\n");
  EXPECT_EQ(disassemble({0x5f, 0xea, 0x32, 0x01}), "rrxs r1, r2\n");
  EXPECT_EQ(disassemble({0x4f, 0xea, 0x72, 0x01}), "ror.w r1, r2, #1\n");
  // ADD (SP plus register) T3 and SUB (SP minus register) T1.
  EXPECT_EQ(disassemble({0x0d, 0xeb, 0x01, 0x0d}), "add.w sp, sp, r1\n");
  EXPECT_EQ(disassemble({0xad, 0xeb, 0x0c, 0x02}), "sub.w r2, sp, r12\n");
}

// ---------------------------------------------------------------------------
// 2. `{<Rd>,} <Rn>, <Rm>`: an omitted first register is the next one.

TEST(MveAsmOptionalFirstRegister, TwoOperandWideFormsUseRdAsRn) {
  // llvm-mc-19 -show-encoding (sub.w r3, r3, r10 and so on).
  EXPECT_EQ(assemble("sub.w r3, r10"), (Bytes{0xa3, 0xeb, 0x0a, 0x03}));
  EXPECT_EQ(assemble("subs.w r3, r10"), (Bytes{0xb3, 0xeb, 0x0a, 0x03}));
  EXPECT_EQ(assemble("sub r3, r2"), (Bytes{0xa3, 0xeb, 0x02, 0x03}));
  // GNU as 2.40 (llvm-mc-19 refuses adds.w with two registers): adds.w r3, r3, sl.
  EXPECT_EQ(assemble("adds.w r3, r10"), (Bytes{0x13, 0xeb, 0x0a, 0x03}));
  EXPECT_EQ(assemble("add.w r1, r2"), (Bytes{0x01, 0xeb, 0x02, 0x01}));
  // llvm-mc-19: add.w r1, r1, r2, lsl #2.
  EXPECT_EQ(assemble("add r1, r2, lsl #2"), (Bytes{0x01, 0xeb, 0x82, 0x01}));
}

TEST(MveAsmOptionalFirstRegister, InsideAnItBlock) {
  // llvm-mc-19 -show-encoding: itt eq; addseq.w r1, r1, r10; addeq r1, r2 (ADD T2).
  EXPECT_EQ(assemble("itt eq\naddseq r1, r10\naddeq r1, r2"), (Bytes{0x04, 0xbf, 0x11, 0xeb, 0x0a, 0x01, 0x11, 0x44}));
  // llvm-mc-19: addeq r1, r1, r2 written with three registers is ADD T1; subeq r1, r2 is SUB T1.
  EXPECT_EQ(assemble("itt eq\naddeq r1, r1, r2\nsubeq r1, r2"), (Bytes{0x04, 0xbf, 0x89, 0x18, 0x89, 0x1a}));
}

TEST(MveAsmOptionalFirstRegister, NarrowFormsOutsideItBlocks) {
  // llvm-mc-19: adds r1, r1, r2 (T1), subs r3, r3, r2 (T1), add r1, r2 (T2).
  EXPECT_EQ(assemble("adds r1, r2"), (Bytes{0x89, 0x18}));
  EXPECT_EQ(assemble("subs r3, r2"), (Bytes{0x9b, 0x1a}));
  EXPECT_EQ(assemble("add r1, r1, r2"), (Bytes{0x11, 0x44}));
}

TEST(MveAsmOptionalFirstRegister, ListingsPrintEveryRegister) {
  // llvm-objdump-19 of a3 eb 0a 03: sub.w r3, r3, r10.
  EXPECT_EQ(disassemble({0xa3, 0xeb, 0x0a, 0x03}), "sub.w r3, r3, r10\n");
}

// ---------------------------------------------------------------------------
// 3. The narrowest encoding, as the assemblers choose it.

TEST(MveAsmNarrowest, CommutedAddIsSixteenBit) {
  // llvm-mc-19 and GNU as: add r2, sp, r2 is 6a 44; add r2, r3, r2 is 1a 44; add r9, r3, r9 is 99 44.
  EXPECT_EQ(assemble("add r2, sp, r2"), (Bytes{0x6a, 0x44}));
  EXPECT_EQ(assemble("add r2, r3, r2"), (Bytes{0x1a, 0x44}));
  EXPECT_EQ(assemble("add r9, r3, r9"), (Bytes{0x99, 0x44}));
  EXPECT_EQ(assemble("add sp, r2, sp"), (Bytes{0x95, 0x44}));
  // llvm-mc-19: adds r2, r3, r2 stays ADDS T1 (9a 18).
  EXPECT_EQ(assemble("adds r2, r3, r2"), (Bytes{0x9a, 0x18}));
}

TEST(MveAsmNarrowest, ImmediateFormsByWrittenOperands) {
  // llvm-mc-19: adds r0, r0, #1 is T1 (40 1c), adds r0, #1 is T2 (01 30), adds r0, r0, #200 is T2.
  EXPECT_EQ(assemble("adds r0, r0, #1"), (Bytes{0x40, 0x1c}));
  EXPECT_EQ(assemble("adds r0, #1"), (Bytes{0x01, 0x30}));
  EXPECT_EQ(assemble("adds r0, r0, #200"), (Bytes{0xc8, 0x30}));
  EXPECT_EQ(assemble("subs r0, #200"), (Bytes{0xc8, 0x38}));
}

// ---------------------------------------------------------------------------
// 4. Spellings llvm-mc-19 and GNU as accept.

TEST(MveAsmSpellings, ImmediatesWithoutHash) {
  // llvm-mc-19 -show-encoding (GNU as 2.40 refuses them: "immediate
  // expression requires a # prefix").
  EXPECT_EQ(assemble("adds r0, r1, 3"), (Bytes{0xc8, 0x1c}));
  EXPECT_EQ(assemble("mov r0, 5"), (Bytes{0x4f, 0xf0, 0x05, 0x00}));
  EXPECT_EQ(assemble("lsl r0, r1, 2"), (Bytes{0x4f, 0xea, 0x81, 0x00}));
  EXPECT_EQ(assemble("vshr.s8 q0, q1, 3"), (Bytes{0x8d, 0xef, 0x52, 0x00}));
  EXPECT_EQ(assemble("ldr r0, [r1, 4]"), (Bytes{0x48, 0x68}));
  EXPECT_EQ(assemble("add r0, 1"), (Bytes{0x00, 0xf1, 0x01, 0x00}));
  // A register is not an immediate: LSL (register) T2, fa01 f002.
  EXPECT_EQ(assemble("lsl r0, r1, r2"), (Bytes{0x01, 0xfa, 0x02, 0xf0}));
}

TEST(MveAsmSpellings, TwoOperandImmediates) {
  // llvm-mc-19: add.w r2, r2, #1; subw r0, r0, #4095; add.w sp, sp, #33423360; addw r1, r1, #4095.
  EXPECT_EQ(assemble("add r2, #1"), (Bytes{0x02, 0xf1, 0x01, 0x02}));
  EXPECT_EQ(assemble("subw r0, #4095"), (Bytes{0xa0, 0xf6, 0xff, 0x70}));
  EXPECT_EQ(assemble("add.w sp, #0x1fe0000"), (Bytes{0x0d, 0xf1, 0xff, 0x7d}));
  EXPECT_EQ(assemble("addw r1, #4095"), (Bytes{0x01, 0xf6, 0xff, 0x71}));
}

TEST(MveAsmSpellings, HsIsCsInVectorComparisons) {
  // llvm-mc-19 -show-encoding (it lists them as cs); GNU as 2.40 takes hs too.
  EXPECT_EQ(assemble("vcmp.u8 hs, q0, q1"), (Bytes{0x01, 0xfe, 0x03, 0x0f}));
  EXPECT_EQ(assemble("vcmp.u32 hs, q3, r4"), (Bytes{0x27, 0xfe, 0x64, 0x0f}));
  EXPECT_EQ(assemble("vpt.u16 hs, q1, r2\nvaddt.i16 q0, q1, q2"),
            (Bytes{0x53, 0xfe, 0x62, 0x0f, 0x12, 0xef, 0x44, 0x08}));
  EXPECT_EQ(disassemble({0x01, 0xfe, 0x03, 0x0f}), "vcmp.u8 cs, q0, q1\n");
  // A condition the type does not take lists those of the type and of .i8,
  // which .s8 and .u8 stand for (llvm-mc-19: "condition code for signed
  // integer comparison must be EQ, NE, LT, GT, LE or GE").
  EXPECT_NE(error_of("vcmp.s8 hs, q0, q1").find("operand must be one of: eq, ne, ge, lt, gt, le"), std::string::npos);
  EXPECT_NE(error_of("vpt.u16 gt, q0, r1").find("operand must be one of: eq, ne, cs, hi, hs"), std::string::npos);
  EXPECT_NE(error_of("vcmp.i8 gt, q0, q1").find("operand must be one of: eq, ne\n"), std::string::npos);
}

TEST(MveAsmSpellings, PcRelativeImmediates) {
  // llvm-mc-19 -show-encoding, each at address 0.
  EXPECT_EQ(assemble("b #-420"), (Bytes{0x2e, 0xe7}));
  EXPECT_EQ(assemble("b.w #-420"), (Bytes{0xff, 0xf7, 0x2e, 0xbf}));
  EXPECT_EQ(assemble("beq #-8"), (Bytes{0xfc, 0xd0}));
  EXPECT_EQ(assemble("le #-106"), (Bytes{0x2f, 0xf0, 0x35, 0xc8}));
  EXPECT_EQ(assemble("letp lr, #-8"), (Bytes{0x1f, 0xf0, 0x05, 0xc0}));
  EXPECT_EQ(assemble("bl #0"), (Bytes{0x00, 0xf0, 0x00, 0xf8}));
  EXPECT_EQ(assemble("cbz r5, #8"), (Bytes{0x25, 0xb1}));
  EXPECT_EQ(assemble("wls lr, r2, #0"), (Bytes{0x42, 0xf0, 0x01, 0xc0}));
}

TEST(MveAsmSpellings, ProcedureCallStandardRegisterNames) {
  // llvm-mc-19: add.w r12, r11, r9; add.w r10, r12, r1.
  EXPECT_EQ(assemble("add ip, fp, sb"), (Bytes{0x0b, 0xeb, 0x09, 0x0c}));
  EXPECT_EQ(assemble("add sl, ip, r1"), (Bytes{0x0c, 0xeb, 0x01, 0x0a}));
}

TEST(MveAsmSpellings, NegativeImmediatesFlipOrWrap) {
  // llvm-mc-19 -show-encoding: add <-> sub first; mov and cmp keep a modified immediate of the two's complement.
  EXPECT_EQ(assemble("add r0, r1, #-1"), (Bytes{0xa1, 0xf1, 0x01, 0x00}));      // sub.w r0, r1, #1
  EXPECT_EQ(assemble("add r0, r1, #-256"), (Bytes{0xa1, 0xf5, 0x80, 0x70}));    // sub.w r0, r1, #256
  EXPECT_EQ(assemble("sub r0, r1, #-4"), (Bytes{0x01, 0xf1, 0x04, 0x00}));      // add.w r0, r1, #4
  EXPECT_EQ(assemble("adds r0, r0, #-8"), (Bytes{0x08, 0x38}));                  // subs r0, #8
  EXPECT_EQ(assemble("subs r0, r0, #-8"), (Bytes{0x08, 0x30}));                  // adds r0, #8
  EXPECT_EQ(assemble("add sp, #-8"), (Bytes{0x82, 0xb0}));                       // sub sp, #8
  EXPECT_EQ(assemble("add r0, r1, #-4095"), (Bytes{0xa1, 0xf6, 0xff, 0x70}));   // subw r0, r1, #4095
  EXPECT_EQ(assemble("adds r0, #-4096"), (Bytes{0xb0, 0xf5, 0x80, 0x50}));      // subs.w r0, r0, #4096
  EXPECT_EQ(assemble("movs r0, #-1"), (Bytes{0x5f, 0xf0, 0xff, 0x30}));         // movs.w r0, #-1
  EXPECT_EQ(assemble("cmp r0, #-1"), (Bytes{0xb0, 0xf1, 0xff, 0x3f}));          // cmp.w r0, #-1
  EXPECT_EQ(assemble("it lo\nmovlo r1, #-1"), (Bytes{0x38, 0xbf, 0x4f, 0xf0, 0xff, 0x31}));  // movlo.w r1, #-1
}

// ---------------------------------------------------------------------------
// 5. VPT blocks: the predicate suffix is required inside and printed.

TEST(MveAsmVpt, MissingSuffixIsRefusedWithTheSpelling) {
  // llvm-mc-19: "incorrect predication in VPT block; got 'none', but expected 't'"; GNU as refuses too.
  const std::string e = error_of("vpst\nvdup.32 q0, r1");
  EXPECT_NE(e.find("incorrect predication in VPT block; got 'none', but expected 't' (write 'vdupt.32')"), std::string::npos) << e;
  EXPECT_NE(error_of("vpte.i32 eq, q0, q1\nvaddt.i32 q0, q1, q2\nvadd.i32 q0, q1, q2"), "");
  // The wrong letter is refused too (llvm-mc-19: expected 'e').
  EXPECT_NE(error_of("vpte.i32 eq, q0, q1\nvaddt.i32 q0, q1, q2\nvaddt.i32 q0, q1, q2"), "");
}

TEST(MveAsmVpt, ListingsAfterVpstKeepTheSuffix) {
  // llvm-mc-19 -show-encoding of vpstt; vminnmavt.f32 r0, q1; vdupt.32 q0, r1, and llvm-objdump-19's text of those bytes.
  const std::string src = "vpstt\nvminnmavt.f32 r0, q1\nvdupt.32 q0, r1";
  const Bytes bytes = assemble(src);
  EXPECT_EQ(bytes, (Bytes{0x31, 0xfe, 0x4d, 0x8f, 0xec, 0xee, 0x82, 0x0f, 0xa0, 0xee, 0x10, 0x1b}));
  EXPECT_EQ(disassemble(bytes), "vpstt\nvminnmavt.f32 r0, q1\nvdupt.32 q0, r1\n");
}

// ---------------------------------------------------------------------------
// 6. Listings as llvm-objdump-19 (--no-print-imm-hex) spells them.

TEST(MveAsmListing, WlsToTheNextInstructionHasAListing) {
  // llvm-mc-19 -show-encoding: wls lr, r2, #0 is 42 f0 01 c0 (the target is the next instruction).
  EXPECT_EQ(disassemble({0x42, 0xf0, 0x01, 0xc0, 0x00, 0xbf}), "wls lr, r2, L_0004\nnop\n");
  // A forward target behind instructions whose width is not known yet.
  EXPECT_EQ(assemble("b fwd\nwls lr, r2, fwd\n.space 8\nfwd: nop"),
            (Bytes{0x05, 0xe0, 0x42, 0xf0, 0x05, 0xc0, 0, 0, 0, 0, 0, 0, 0, 0, 0x00, 0xbf}));  // GNU as 2.40
}

TEST(MveAsmListing, ConditionsAndWideQualifiers) {
  // llvm-objdump-19: it lo / movlo r0, r1 (bf 38 08 46); it hs (bf 28 ...).
  EXPECT_EQ(disassemble({0x38, 0xbf, 0x08, 0x46}), "it lo\nmovlo r0, r1\n");
  EXPECT_EQ(disassemble({0x28, 0xbf, 0x08, 0x46}), "it hs\nmovhs r0, r1\n");
  // llvm-objdump-19: mov.w r0, #0; cmp.w r8, #0; ldr.w r0, [r1, #4095]; ldr r0, [r1, #-255]; push.w {r8, r9}; addw r1, r1, #4095
  EXPECT_EQ(disassemble({0x4f, 0xf0, 0x00, 0x00}), "mov.w r0, #0\n");
  EXPECT_EQ(disassemble({0xb8, 0xf1, 0x00, 0x0f}), "cmp.w r8, #0\n");
  EXPECT_EQ(disassemble({0xd1, 0xf8, 0xff, 0x0f}), "ldr.w r0, [r1, #4095]\n");
  EXPECT_EQ(disassemble({0x51, 0xf8, 0xff, 0x0c}), "ldr r0, [r1, #-255]\n");
  EXPECT_EQ(disassemble({0x2d, 0xe9, 0x00, 0x03}), "push.w {r8, r9}\n");
  EXPECT_EQ(disassemble({0x01, 0xf6, 0xff, 0x71}), "addw r1, r1, #4095\n");
  // The old spellings still assemble (GNU as and llvm-mc-19 take cc/cs).
  EXPECT_EQ(assemble("it cc\nmovcc r0, r1"), (Bytes{0x38, 0xbf, 0x08, 0x46}));
}

// NEG is an assembler spelling of RSB #0: llvm-mc-19 takes it, and
// llvm-objdump-19 lists the words as RSB (f1c2 0500 rsb.w r5, r2, #0; 424b rsbs r3, r1, #0).
TEST(MveAsmListing, NegIsListedAsRsb) {
  EXPECT_EQ(assemble("neg r5, r2"), (Bytes{0xc2, 0xf1, 0x00, 0x05}));
  EXPECT_EQ(assemble("negs r3, r1"), (Bytes{0x4b, 0x42}));
  EXPECT_EQ(disassemble({0xc2, 0xf1, 0x00, 0x05}), "rsb.w r5, r2, #0\n");
  EXPECT_EQ(disassemble({0x4b, 0x42}), "rsbs r3, r1, #0\n");
}

// The special-register names llvm-mc-19 also takes: IAPSR, EAPSR and XPSR
// for their _nzcvq views, CPSR for APSR (bytes and listing from llvm-mc-19
// and llvm-objdump-19).
TEST(MveAsmSpellings, SpecialRegistersAsLlvm) {
  EXPECT_EQ(assemble("msr xpsr, r0"), (Bytes{0x80, 0xf3, 0x03, 0x88}));
  EXPECT_EQ(assemble("msr iapsr, r0"), (Bytes{0x80, 0xf3, 0x01, 0x88}));
  EXPECT_EQ(assemble("msr eapsr, r0"), (Bytes{0x80, 0xf3, 0x02, 0x88}));
  EXPECT_EQ(assemble("mrs r8, cpsr"), (Bytes{0xef, 0xf3, 0x00, 0x88}));
  EXPECT_EQ(disassemble({0x80, 0xf3, 0x03, 0x88}), "msr xpsr_nzcvq, r0\n");
  EXPECT_EQ(disassemble({0xef, 0xf3, 0x00, 0x88}), "mrs r8, apsr\n");
}

// `hint #0` to `#4` are the named hints (bytes from llvm-mc-19).
TEST(MveAsmSpellings, AllocatedHintsByNumber) {
  EXPECT_EQ(assemble("hint #0"), (Bytes{0x00, 0xbf}));
  EXPECT_EQ(assemble("hint #4"), (Bytes{0x40, 0xbf}));
  EXPECT_EQ(assemble("hint.w #2"), (Bytes{0xaf, 0xf3, 0x02, 0x80}));
  EXPECT_EQ(assemble("it eq\nhinteq #3"), (Bytes{0x08, 0xbf, 0x30, 0xbf}));
  EXPECT_EQ(assemble("hint #7"), (Bytes{0x70, 0xbf}));
  EXPECT_EQ(disassemble({0x30, 0xbf}), "wfi\n");
}

// LDC/STC (and LDC2/STC2): bytes from llvm-mc-19, listings from llvm-objdump-19.
TEST(MveAsmAsLlvm, CoprocessorLoadsAndStores) {
  EXPECT_EQ(assemble("ldc p0, c8, [r1, #4]"), (Bytes{0x91, 0xed, 0x01, 0x80}));
  EXPECT_EQ(assemble("ldcl p7, c15, [r11], #-72"), (Bytes{0x7b, 0xec, 0x12, 0xf7}));
  EXPECT_EQ(assemble("stc p12, c4, [r0, #4]"), (Bytes{0x80, 0xed, 0x01, 0x4c}));
  EXPECT_EQ(assemble("ldc2l p5, c2, [r3, #-8]!"), (Bytes{0x73, 0xfd, 0x02, 0x25}));
  EXPECT_EQ(assemble("ldc p1, c1, [r2, #-0]"), (Bytes{0x12, 0xed, 0x00, 0x11}));
  EXPECT_EQ(assemble("ldc p1, c1, [pc, #-8]"), (Bytes{0x1f, 0xed, 0x02, 0x11}));
  EXPECT_EQ(assemble("ldc2 p3, c0, [sp], #-1020"), (Bytes{0x3d, 0xfc, 0xff, 0x03}));
  EXPECT_EQ(disassemble({0x92, 0xed, 0x00, 0x11}), "ldc p1, c1, [r2]\n");
  EXPECT_EQ(disassemble({0xa2, 0xec, 0x00, 0x11}), "stc p1, c1, [r2], #0\n");
  EXPECT_EQ(disassemble({0xdd, 0xed, 0xff, 0x03}), "ldcl p3, c0, [sp, #1020]\n");
  // The unindexed form passes an 8-bit option to the coprocessor, in braces.
  EXPECT_EQ(assemble("ldc2 p2, c8, [r1], { 25 }"), (Bytes{0x91, 0xfc, 0x19, 0x82}));
  EXPECT_EQ(assemble("stcl p0, c0, [r0], {255}"), (Bytes{0xc0, 0xec, 0xff, 0x00}));
  EXPECT_EQ(disassemble({0x92, 0xec, 0x00, 0x73}), "ldc p3, c7, [r2], {0}\n");
  // Coprocessors 8 to 11, 14 and 15 are the floating-point and MVE space: refused, as llvm-mc-19 does.
  EXPECT_NE(error_of("ldc p14, c1, [r2]"), "");
  // The manual makes STC with Rn = PC UNPREDICTABLE in T32 (llvm-mc-19 takes it; docs/known-differences.md).
  EXPECT_NE(error_of("stc p1, c1, [pc, #8]").find("UNPREDICTABLE"), std::string::npos);
}

// ---------------------------------------------------------------------------
// Half precision inside an IT block: UNPREDICTABLE (the manual's VADD (scalar)
// decode: size == '01' && InITBlock()); llvm-mc-19 refuses it ("instructions in
// IT block must be predicable") and takes the .f32 form (bytes from llvm-mc-19).

TEST(MveAsm, HalfPrecisionInsideAnItBlockIsRefused) {
  EXPECT_NE(error_of("it ne\nvaddne.f16 s0, s1, s2").find("UNPREDICTABLE"), std::string::npos);
  EXPECT_EQ(assemble("vadd.f16 s0, s1, s2"), (Bytes{0x30, 0xee, 0x81, 0x09}));
  EXPECT_EQ(assemble("it ne\nvaddne.f32 s0, s1, s2"), (Bytes{0x18, 0xbf, 0x30, 0xee, 0x81, 0x0a}));
  // Branches stay allowed as the last instruction of the block.
  EXPECT_EQ(assemble("it eq\nbxeq lr"), (Bytes{0x08, 0xbf, 0x70, 0x47}));
}

// `vscclrm {vpr}` (no register) fits T1 and T2; GNU as 2.40 gives T2
// (ec9f 0b00), and the lists with registers as GNU as encodes them.
TEST(MveAsmVscclrm, EmptyListIsT2AsGnuAs) {
  EXPECT_EQ(assemble("vscclrm {vpr}"), (Bytes{0x9f, 0xec, 0x00, 0x0b}));
  EXPECT_EQ(assemble("vscclrm {s0, vpr}"), (Bytes{0x9f, 0xec, 0x01, 0x0a}));
  EXPECT_EQ(assemble("vscclrm {d0, vpr}"), (Bytes{0x9f, 0xec, 0x02, 0x0b}));
  EXPECT_EQ(assemble("vscclrm {s3-s7, vpr}"), (Bytes{0xdf, 0xec, 0x05, 0x1a}));
  EXPECT_EQ(assemble("vscclrm {d1-d4, vpr}"), (Bytes{0x9f, 0xec, 0x08, 0x1b}));
  EXPECT_EQ(disassemble({0x9f, 0xec, 0x00, 0x0b}), "vscclrm {vpr}\n");
}

// ---------------------------------------------------------------------------
// Listings spelled as llvm-objdump-19 spells them and the encoding llvm-mc-19
// chooses (the `engine:` entries once in tests/targets/data/forms_allow.txt).
// Each row: the line, llvm-mc-19's bytes, llvm-objdump-19's text of them.
TEST(MveAsmAsLlvm, BytesAndListingOfEachForm) {
  struct Row {
    const char* line;
    Bytes bytes;
    const char* listing;
  };
  const Row rows[] = {
    {"adcs r3, r0, #524", {0x50, 0xf5, 0x03, 0x73}, "adcs r3, r0, #524"},
    {"sbcs r3, r12, #510", {0x7c, 0xf5, 0xff, 0x73}, "sbcs r3, r12, #510"},
    {"ands r0, r2, #384", {0x12, 0xf4, 0xc0, 0x70}, "ands r0, r2, #384"},
    {"eor r4, r0, #1", {0x80, 0xf0, 0x01, 0x04}, "eor r4, r0, #1"},
    {"rsbs r7, r8, r3, lsr #14", {0xd8, 0xeb, 0x93, 0x37}, "rsbs r7, r8, r3, lsr #14"},
    {"mul r2, r4, r3", {0x04, 0xfb, 0x03, 0xf2}, "mul r2, r4, r3"},
    {"esb", {0xaf, 0xf3, 0x10, 0x80}, "esb.w"},
    {"ldm r5!, {r1, lr}", {0xb5, 0xe8, 0x02, 0x40}, "ldm.w r5!, {r1, lr}"},
    {"stm r3!, {r1, lr}", {0xa3, 0xe8, 0x02, 0x40}, "stm.w r3!, {r1, lr}"},
    {"ldr r12, [pc, #-1030]", {0x5f, 0xf8, 0x06, 0xc4}, "ldr.w r12, [pc, #-1030]"},
    {"ldrb r8, [pc, #-2]", {0x1f, 0xf8, 0x02, 0x80}, "ldrb.w r8, [pc, #-2]"},
    {"teq r6, #1", {0x96, 0xf0, 0x01, 0x0f}, "teq.w r6, #1"},
    {"teq r5, r3, ror #12", {0x95, 0xea, 0x33, 0x3f}, "teq.w r5, r3, ror #12"},
    {"adds r3, r1, #4294967295", {0x4b, 0x1e}, "subs r3, r1, #1"},
    {"sub lr, r3, #4294967295", {0x03, 0xf1, 0x01, 0x0e}, "add.w lr, r3, #1"},
    {"mov r11, #856", {0x40, 0xf2, 0x58, 0x3b}, "movw r11, #856"},
    {"sxth r1, r3, ror #0", {0x19, 0xb2}, "sxth r1, r3"},
    {"uxth r1, r1, ror #0", {0x89, 0xb2}, "uxth r1, r1"},
    {"vld40.32 {q3, q4, q5, q6}, [r0]", {0x90, 0xfc, 0x01, 0x7f}, "vld40.32 {q3, q4, q5, q6}, [r0]"},
    {"vst40.32 {q0, q1, q2, q3}, [r1]", {0x81, 0xfc, 0x01, 0x1f}, "vst40.32 {q0, q1, q2, q3}, [r1]"},
    {"vmrs APSR_nzcv, fpscr", {0xf1, 0xee, 0x10, 0xfa}, "vmrs APSR_nzcv, fpscr"},
    {"muls r7, r1, r7", {0x4f, 0x43}, "muls r7, r1, r7"},
    {"muls r7, r1", {0x4f, 0x43}, "muls r7, r1, r7"},
    // A more specific type suffix stands for the one the instruction takes.
    {"vcmp.s8 eq, q4, q6", {0x09, 0xfe, 0x0c, 0x0f}, "vcmp.i8 eq, q4, q6"},
    {"vcmp.u8 ne, q4, r2", {0x09, 0xfe, 0xc2, 0x0f}, "vcmp.i8 ne, q4, r2"},
    {"vadd.s8 q0, q1, q2", {0x02, 0xef, 0x44, 0x08}, "vadd.i8 q0, q1, q2"},
    {"vmul.u16 q0, q1, q2", {0x12, 0xef, 0x54, 0x09}, "vmul.i16 q0, q1, q2"},
    {"vdup.u8 q0, r1", {0xe0, 0xee, 0x10, 0x1b}, "vdup.8 q0, r1"},
    {"vdup.f32 q0, r1", {0xa0, 0xee, 0x10, 0x1b}, "vdup.32 q0, r1"},
    {"vmov.s32 r0, q1[1]", {0x32, 0xee, 0x10, 0x0b}, "vmov.32 r0, q1[1]"},
    {"vmladav.s16 lr, q0, q7", {0xf0, 0xee, 0x0e, 0xee}, "vmlav.s16 lr, q0, q7"},
    {"lctp", {0x0f, 0xf0, 0x01, 0xe0}, "lctp"},
    {"add r1, sp", {0x69, 0x44}, "add r1, sp, r1"},
    {"add sp, sp, sp", {0xed, 0x44}, "add sp, sp, sp"},
    {"add sp, r2", {0x95, 0x44}, "add sp, r2"},
    {"vldrw.u32 q7, [q1]!", {0xb2, 0xfd, 0x00, 0xfe}, "vldrw.u32 q7, [q1]!"},
    {"vldrw.u32 q7, [q1, #0]!", {0xb2, 0xfd, 0x00, 0xfe}, "vldrw.u32 q7, [q1]!"},
    {"vstrd.64 q0, [q1]!", {0xa2, 0xfd, 0x00, 0x1f}, "vstrd.64 q0, [q1]!"},
    {"sg", {0x7f, 0xe9, 0x7f, 0xe9}, "sg"},
    // Vector modified immediates print in hexadecimal.
    {"vmvn.i32 q0, #127", {0x87, 0xef, 0x7f, 0x00}, "vmvn.i32 q0, #0x7f"},
    {"vorr.i32 q0, #0x100", {0x80, 0xef, 0x51, 0x03}, "vorr.i32 q0, #0x100"},
    {"vmov.i8 q0, #255", {0x87, 0xff, 0x5f, 0x0e}, "vmov.i8 q0, #0xff"},
    // VFP two-operand shorthand and the type written twice.
    {"vadd.f32 s0, s1", {0x30, 0xee, 0x20, 0x0a}, "vadd.f32 s0, s0, s1"},
    {"vadd.f64 d0, d1", {0x30, 0xee, 0x01, 0x0b}, "vadd.f64 d0, d0, d1"},
    {"vnmul.f32 s0, s1", {0x20, 0xee, 0x60, 0x0a}, "vnmul.f32 s0, s0, s1"},
    {"vrintr.f32.f32 s0, s1", {0xb6, 0xee, 0x60, 0x0a}, "vrintr.f32 s0, s1"},
    {"vrintz.f64.f64 d0, d1", {0xb6, 0xee, 0xc1, 0x0b}, "vrintz.f64 d0, d1"},
    {"vrinta.f32.f32 s0, s1", {0xb8, 0xfe, 0x60, 0x0a}, "vrinta.f32 s0, s1"},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(assemble(r.line), r.bytes) << r.line;
    EXPECT_EQ(disassemble(r.bytes), std::string(r.listing) + "\n") << r.line;
  }
}

// Blocks as llvm-mc-19 checks them (its messages): a t/e letter needs a VPT
// block, and a block holds only instructions that spell its condition or
// letter (BKPT is unconditional inside an IT block too).
TEST(MveAsmAsLlvm, BlocksHoldOnlyPredicableInstructions) {
  EXPECT_NE(error_of("vabavt.s32 lr, q1, q3").find("VPT predicated instructions must be in VPT block"), std::string::npos);
  EXPECT_NE(error_of("vpst\nvaddt.i32 q0, q1, q2\nvaddt.i32 q0, q1, q2").find("must be in VPT block"), std::string::npos);
  EXPECT_NE(error_of("it eq\nvabav.s16 r0, q1, q2").find("instructions in IT block must be predicable"), std::string::npos);
  EXPECT_NE(error_of("it eq\ncsel r0, r1, r2, ne").find("instructions in IT block must be predicable"), std::string::npos);
  EXPECT_NE(error_of("vpt.s8 eq, q0, q1\ncinc r0, r1, eq").find("instruction in VPT block must be predicable"), std::string::npos);
  EXPECT_EQ(assemble("it eq\nbkpt #1"), (Bytes{0x08, 0xbf, 0x01, 0xbe}));
  EXPECT_EQ(assemble("vpst\nvaddt.i32 q0, q1, q2"), (Bytes{0x71, 0xfe, 0x4d, 0x0f, 0x22, 0xef, 0x44, 0x08}));
}

// A register the syntax names twice must be the same both times: the second
// is refused naming the first (llvm-mc-19: "Q-registers must be the same"),
// not the range of the field; the range keeps the decode's own limit (D = 1
// is UNDEFINED: q0 to q7).
TEST(MveAsmAsLlvm, ARegisterNamedTwiceMustRepeatTheFirst) {
  const std::string tied = error_of("vmov lr, r7, q5[2], q4[0]");
  EXPECT_NE(tied.find("operand must be a register q5"), std::string::npos) << tied;
  const std::string range = error_of("vmov r0, r1, q8[2], q8[0]");
  EXPECT_NE(range.find("operand must be a register in range [q0, q7]"), std::string::npos) << range;
  EXPECT_EQ(assemble("vmov r0, r1, q2[3], q2[1]"), (Bytes{0x01, 0xec, 0x10, 0x4f}));  // llvm-mc-19
}

// The low-overhead-loop and branch-future instructions read a bare number as
// the offset from the PC, as llvm-mc-19 and GNU as 2.40 do (bytes from both;
// B, BL and CBZ read it as an address, as GNU as does).
TEST(MveAsmAsLlvm, LoopAndBranchFutureNumbersAreOffsets) {
  EXPECT_EQ(assemble("wls lr, r0, 0x20"), (Bytes{0x40, 0xf0, 0x11, 0xc0}));
  EXPECT_EQ(assemble("le lr, #-106"), (Bytes{0x0f, 0xf0, 0x35, 0xc8}));
  EXPECT_EQ(assemble("le -0x20"), (Bytes{0x2f, 0xf0, 0x11, 0xc0}));
  EXPECT_EQ(assemble("letp lr, #-8"), (Bytes{0x1f, 0xf0, 0x05, 0xc0}));
  EXPECT_EQ(assemble("bf 2, 0x100"), (Bytes{0xc0, 0xf0, 0x81, 0xe0}));
  EXPECT_EQ(assemble("bfl 2, 0x100"), (Bytes{0x80, 0xf0, 0x81, 0xc0}));
  EXPECT_THROW(assemble("le lr, 0x40"), InputError);  // a loop end branches back
  // An odd offset is blamed on the offset (the register is no label).
  EXPECT_NE(error_of("le lr, #-1").find("test.s:1:8: error: the target #-1 is not a multiple of 2 bytes away"), std::string::npos)
      << error_of("le lr, #-1");
}

// `.` names the location being assembled (GNU as 2.40: `b .` is the
// `fee7` of startup files' fault handlers); bytes from arm-none-eabi-as.
TEST(MveAsmAsGnu, DotIsTheCurrentLocation) {
  EXPECT_EQ(assemble("b .\nb.w .\nbeq .+4\nnop\n.word ."),
            (Bytes{0xfe, 0xe7, 0xff, 0xf7, 0xfe, 0xbf, 0x00, 0xd0, 0x00, 0xbf, 0x0a, 0x00, 0x00, 0x00}));
}

}  // namespace
}  // namespace mlisa::test
