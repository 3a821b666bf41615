// The spec-file loader on the made-up target in tests/spec/data/toy: fields,
// masks and operand maps worked out by hand from the diagrams, decode and
// operation run through the engine, and one test per loader diagnostic.
#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include <string>
#include <vector>

namespace mlisa::spec {
namespace {

const BuiltinTable& builtins() { return language_builtins(); }

const std::string kDataDir = std::string(MLISA_SOURCE_DIR) + "/tests/spec/data";

std::unique_ptr<TargetSpec> load_toy() { return TargetSpec::load("toy", specs_with_dir("toy", kDataDir), builtins()); }

uint64_t u64(const Bits& b) { return b.low64(); }

const Encoding& encoding(const TargetSpec& spec, const std::string& inst, const std::string& enc) {
  const InstructionSpec* i = spec.find(inst);
  if (!i) throw std::runtime_error("no instruction " + inst);
  for (const auto& e : i->encodings)
    if (e.name == enc) return e;
  throw std::runtime_error("no encoding " + enc);
}

void expect_field(const Encoding& e, const std::string& name, uint32_t lo, uint32_t width) {
  const EncodingField* f = e.field(name);
  ASSERT_NE(f, nullptr) << name;
  EXPECT_EQ(f->lo, lo) << name;
  EXPECT_EQ(f->width, width) << name;
}

// ---- the toy target ---------------------------------------------------------

TEST(SpecFile, SourcesComeSharedFirstThenByName) {
  auto sources = specs_with_dir("toy", kDataDir);
  ASSERT_EQ(sources.size(), 4u);
  EXPECT_EQ(sources[0].path, kDataDir + "/toy/shared.isa");
  EXPECT_EQ(sources[1].path, kDataDir + "/toy/add.isa");
  EXPECT_EQ(sources[2].path, kDataDir + "/toy/mov.isa");
  EXPECT_EQ(sources[3].path, kDataDir + "/toy/swp.isa");
  EXPECT_TRUE(embedded_specs("no-such-target").empty());
}

// A --spec-dir file replaces every embedded file that holds one of its
// instructions: a folded file replaces the pages it folds.
TEST(SpecFile, ADirFileReplacesThePagesOfEachOfItsInstructions) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / fmt::format("mlisa_spec_dir_{}", ::getpid());
  fs::create_directories(dir / "sme2");
  // SQNEG and USQADD: the second instructions of the pages of SQABS and SUQADD.
  std::ofstream(dir / "sme2" / "sqneg_fold.isa") << "instruction SQNEG when U = 1\ninstruction USQADD when U = 0\n";
  const auto embedded = embedded_specs("sme2");
  std::vector<DirFileEffect> effects;
  const auto sources = specs_with_dir("sme2", dir.string(), &effects);
  fs::remove_all(dir);
  // What the file did is told, page by page, with the instruction that made it.
  ASSERT_EQ(effects.size(), 1u);
  EXPECT_TRUE(effects[0].file.ends_with("/sqneg_fold.isa"));
  ASSERT_EQ(effects[0].replaced.size(), 2u);
  EXPECT_TRUE(effects[0].replaced[0].file.ends_with("/sqabs_advsimd.isa"));
  EXPECT_EQ(effects[0].replaced[0].by, std::vector<std::string>{"SQNEG"});
  EXPECT_TRUE(effects[0].replaced[1].file.ends_with("/suqadd_advsimd.isa"));
  EXPECT_EQ(effects[0].replaced[1].by, std::vector<std::string>{"USQADD"});
  auto count = [](const std::vector<SpecSource>& v, const std::string& tail) {
    return std::count_if(v.begin(), v.end(), [&](const SpecSource& s) { return s.path.ends_with(tail); });
  };
  ASSERT_EQ(count(embedded, "/sqabs_advsimd.isa"), 1);
  ASSERT_EQ(count(embedded, "/suqadd_advsimd.isa"), 1);
  EXPECT_EQ(count(sources, "/sqabs_advsimd.isa"), 0);
  EXPECT_EQ(count(sources, "/suqadd_advsimd.isa"), 0);
  EXPECT_EQ(count(sources, "/sqneg_fold.isa"), 1);
  EXPECT_EQ(sources.size(), embedded.size() - 1);
}

TEST(SpecFile, ToyInstructions) {
  auto spec = load_toy();
  ASSERT_EQ(spec->instructions().size(), 3u);
  EXPECT_EQ(spec->target(), "toy");
  EXPECT_EQ(spec->instructions()[0].name, "ADD (register)");
  EXPECT_EQ(spec->instructions()[0].summary, "Adds two registers and writes the sum to a third.");
  EXPECT_EQ(spec->instructions()[1].name, "MOV (immediate)");
  EXPECT_EQ(spec->instructions()[2].name, "SWP (pair)");
  EXPECT_EQ(spec->find("ADD"), nullptr);
  ASSERT_NE(spec->find("ADD (register)"), nullptr);
  EXPECT_EQ(spec->find("ADD (register)")->encodings.size(), 2u);
  EXPECT_EQ(spec->find("ADD (register)")->operation_first_line, 32u);
  EXPECT_EQ(spec->find("ADD (register)")->operation_last_line, 35u);
}

// diagram 0 0 0 1 1 0 0 Rm:3 Rn:3 Rd:3: bits 15..9 are 0001100, then Rm 8..6,
// Rn 5..3, Rd 2..0.
TEST(SpecFile, AddT1Diagram) {
  auto spec = load_toy();
  const Encoding& e = encoding(*spec, "ADD (register)", "T1");
  EXPECT_EQ(e.width, 16u);
  ASSERT_EQ(e.fields.size(), 3u);
  EXPECT_EQ(e.fields[0].name, "Rm");
  EXPECT_EQ(e.fields[2].name, "Rd");
  expect_field(e, "Rm", 6, 3);
  expect_field(e, "Rn", 3, 3);
  expect_field(e, "Rd", 0, 3);
  EXPECT_EQ(e.field("S"), nullptr);
  EXPECT_EQ(u64(e.fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(e.fixed_value), 0x1800u);
  EXPECT_EQ(u64(e.should_mask), 0u);
  EXPECT_EQ(e.fixed_mask.width(), 16u);
  EXPECT_TRUE(e.matches(Bits(16, 0x18D1)));
  EXPECT_FALSE(e.matches(Bits(16, 0x1AD1)));
  EXPECT_EQ(e.syntax, std::vector<std::string>{"ADD{<c>}{<q>} <Rd>, <Rn>, <Rm>"});
  EXPECT_EQ(e.decode_first_line, 11u);
  EXPECT_EQ(e.decode_last_line, 14u);
}

// diagram 1 1 1 0 1 0 1 1 0 0 0 S Rn:4 | (0) (0) (0) (0) Rd:4 (0) (0) (0) (0) Rm:4:
// bits 31..21 are 11101011000 (0xEB000000 with bit 20 clear), S is bit 20, Rn
// 19..16; (0) at 15..12, Rd 11..8, (0) at 7..4, Rm 3..0.
TEST(SpecFile, AddT2Diagram) {
  auto spec = load_toy();
  const Encoding& e = encoding(*spec, "ADD (register)", "T2");
  EXPECT_EQ(e.width, 32u);
  expect_field(e, "S", 20, 1);
  expect_field(e, "Rn", 16, 4);
  expect_field(e, "Rd", 8, 4);
  expect_field(e, "Rm", 0, 4);
  EXPECT_EQ(u64(e.fixed_mask), 0xFFE00000u);
  EXPECT_EQ(u64(e.fixed_value), 0xEB000000u);
  EXPECT_EQ(u64(e.should_mask), 0x0000F0F0u);
  EXPECT_EQ(u64(e.should_value), 0u);
  EXPECT_EQ(e.features, std::vector<std::string>{"FEAT_TOY_WIDE"});
  EXPECT_TRUE(e.matches(Bits(32, 0xEB14F90A)));  // should-be bits are not required
  EXPECT_EQ(e.decode_first_line, 24u);  // its first line is a comment, kept for `spec show`
  EXPECT_EQ(e.decode_last_line, 29u);
}

TEST(SpecFile, OperandMaps) {
  auto spec = load_toy();
  const Encoding& add = encoding(*spec, "ADD (register)", "T1");
  ASSERT_EQ(add.operands.size(), 3u);
  EXPECT_EQ(add.operands[0].name, "Rd");
  EXPECT_EQ(add.operands[0].kind, OperandKind::Reg);
  EXPECT_EQ(add.operands[0].reg_class, "R");
  ASSERT_EQ(add.operands[0].fields.parts.size(), 1u);
  EXPECT_EQ(add.operands[0].fields.parts[0].field, "Rd");

  // diagram 0 0 1 0 sh Rd:3 imm8:8
  const Encoding& mov = encoding(*spec, "MOV (immediate)", "T1");
  expect_field(mov, "sh", 11, 1);
  expect_field(mov, "Rd", 8, 3);
  expect_field(mov, "imm8", 0, 8);
  EXPECT_EQ(u64(mov.fixed_mask), 0xF000u);
  EXPECT_EQ(u64(mov.fixed_value), 0x2000u);
  ASSERT_EQ(mov.operands.size(), 3u);
  const OperandMap& imm = mov.operands[1];
  EXPECT_EQ(imm.name, "imm");
  EXPECT_EQ(imm.kind, OperandKind::Imm);
  EXPECT_EQ(imm.scale, 1);
  EXPECT_EQ(imm.offset, 0);
  const OperandMap& shift = mov.operands[2];
  EXPECT_EQ(shift.kind, OperandKind::Table);
  EXPECT_EQ(shift.fields.text, "sh");
  ASSERT_EQ(shift.table.size(), 2u);
  EXPECT_EQ(u64(shift.table[0].first.care), 1u);
  EXPECT_EQ(u64(shift.table[0].first.value), 0u);
  EXPECT_EQ(shift.table[0].second, "0");
  EXPECT_EQ(u64(shift.table[1].first.value), 1u);
  EXPECT_EQ(shift.table[1].second, "8");

  // diagram 0 1 1 1 0 0 0 0 0 0 0 0 0 Rn:3; operand <Rn1> list R Rn:'0' 2
  const Encoding& swp = encoding(*spec, "SWP (pair)", "T1");
  EXPECT_EQ(u64(swp.fixed_mask), 0xFFF8u);
  EXPECT_EQ(u64(swp.fixed_value), 0x7000u);
  ASSERT_EQ(swp.operands.size(), 1u);
  const OperandMap& list = swp.operands[0];
  EXPECT_EQ(list.kind, OperandKind::List);
  EXPECT_EQ(list.reg_class, "R");
  EXPECT_EQ(list.count, 2u);
  EXPECT_EQ(list.stride, 1u);
  EXPECT_EQ(list.fields.text, "Rn:'0'");
  ASSERT_EQ(list.fields.parts.size(), 2u);
  EXPECT_EQ(list.fields.parts[0].field, "Rn");
  EXPECT_TRUE(list.fields.parts[1].field.empty());
  EXPECT_EQ(list.fields.parts[1].literal.width(), 1u);
  EXPECT_EQ(u64(list.fields.parts[1].literal), 0u);
}

// ---- running decode and operation -------------------------------------------

struct ToyMachine {
  std::unique_ptr<TargetSpec> spec = load_toy();
  Engine engine{spec->module(), builtins()};
  int regs = -1;

  ToyMachine() {
    engine.sources = &spec->sources();
    regs = engine.global_slot("_R");
  }
  void set(int n, uint32_t v) { engine.globals()[regs].mutable_elems()[n] = Value::bits(32, v); }
  uint64_t get(int n) { return engine.globals()[regs].elems()[n].as_bits().low64(); }
  bool carry() { return engine.globals()[engine.global_slot("Carry")].as_bool(); }
  void run(const std::string& inst, const std::string& enc, uint64_t word) {
    const Encoding& e = encoding(*spec, inst, enc);
    ASSERT_TRUE(e.matches(Bits(e.width, word)));
    auto frame = spec->frame_for(e, Bits(e.width, word));
    ASSERT_EQ(frame.size(), static_cast<size_t>(e.frame_size));
    engine.run({&e.decode, &e.operation}, frame);
  }
};

TEST(SpecFile, FrameHoldsTheFields) {
  auto spec = load_toy();
  const Encoding& e = encoding(*spec, "ADD (register)", "T1");
  // 0001100 011 010 001: Rm = 3, Rn = 2, Rd = 1.
  auto frame = spec->frame_for(e, Bits(16, 0x18D1));
  EXPECT_EQ(frame.size(), static_cast<size_t>(e.frame_size));
  EXPECT_GE(e.frame_size, 3 + 4);  // fields, then d, n, m, setflags
  EXPECT_EQ(frame[0].describe(), "bits(3) 0x3");
  EXPECT_EQ(frame[1].describe(), "bits(3) 0x2");
  EXPECT_EQ(frame[2].describe(), "bits(3) 0x1");
  EXPECT_THROW(spec->frame_for(e, Bits(32, 0x18D1)), InputError);
}

TEST(SpecFile, RunAddT1) {
  ToyMachine m;
  m.set(2, 5);
  m.set(3, 7);
  m.run("ADD (register)", "T1", 0x18D1);  // ADD R1, R2, R3
  EXPECT_EQ(m.get(1), 12u);
  EXPECT_EQ(m.get(2), 5u);
  EXPECT_FALSE(m.carry());
}

TEST(SpecFile, RunAddT2SetsCarry) {
  ToyMachine m;
  m.set(4, 0xFFFFFFFF);
  m.set(10, 2);
  // 11101011000 S=1 Rn=0100 | 0000 Rd=1001 0000 Rm=1010
  m.run("ADD (register)", "T2", 0xEB14090A);
  EXPECT_EQ(m.get(9), 1u);  // 0xFFFFFFFF + 2 wraps to 1 with a carry out
  EXPECT_TRUE(m.carry());
}

TEST(SpecFile, AddT2ToR15IsUnpredictable) {
  ToyMachine m;
  try {
    m.run("ADD (register)", "T2", 0xEB040F0A);  // Rd = 15
    FAIL() << "no EndOfInstruction";
  } catch (const EndOfInstruction& end) {
    EXPECT_EQ(end.kind, EndOfInstruction::Kind::Unpredictable);
    EXPECT_EQ(end.loc.line, 29u);  // the decode's `if d == 15 then UNPREDICTABLE;`
  }
}

// A folded page: one instruction per `instruction ... when` line, its field
// fixed in every encoding (the mask and value worked from the diagram by
// hand), its syntax under its own mnemonic, its own summary; both run the
// one operation, which reads the fixed field.
const std::string kFolded =
    "instruction ADC (toy) when S = 0\n"
    "summary Adds.\n"
    "instruction SBC (toy) when S = 1\n"
    "summary Subtracts.\n"
    "\n"
    "encoding T1\n"
    "    diagram 0 1 0 0 0 0 S Rm:3 Rn:3 Rd:3\n"
    "    syntax ADC <Rd>, <Rn>, <Rm>\n"
    "    syntax PLUS|MINUS <Rd>, <Rn>, <Rm>\n"
    "    operand <Rd> reg R Rd\n"
    "    operand <Rn> reg R Rn\n"
    "    operand <Rm> reg R Rm\n"
    "    decode\n"
    "        integer d = UInt(Rd);\n"
    "        integer n = UInt(Rn);\n"
    "        integer m = UInt(Rm);\n"
    "\n"
    "operation\n"
    "    R[d] = if S == '1' then R[n] - R[m] else R[n] + R[m];\n";

TEST(SpecFile, FoldedInstructionsFixTheirFieldAndShareTheOperation) {
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"adc.isa", kFolded});
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const InstructionSpec* adc = spec->find("ADC (toy)");
  const InstructionSpec* sbc = spec->find("SBC (toy)");
  ASSERT_NE(adc, nullptr);
  ASSERT_NE(sbc, nullptr);
  EXPECT_EQ(adc->summary, "Adds.");
  EXPECT_EQ(sbc->summary, "Subtracts.");
  EXPECT_EQ(adc->folded_when, "S = 0");
  EXPECT_EQ(sbc->folded_when, "S = 1");
  EXPECT_EQ(sbc->loc.line, 3u);
  // 0100 00 S ...: bits 15..10 fixed to 010000, S is bit 9.
  const Encoding& a = adc->encodings.at(0);
  const Encoding& b = sbc->encodings.at(0);
  EXPECT_EQ(u64(a.fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(a.fixed_value), 0x4000u);
  EXPECT_EQ(u64(b.fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(b.fixed_value), 0x4200u);
  EXPECT_EQ(a.syntax.at(0), "ADC <Rd>, <Rn>, <Rm>");
  EXPECT_EQ(b.syntax.at(0), "SBC <Rd>, <Rn>, <Rm>");
  EXPECT_EQ(a.syntax.at(1), "PLUS <Rd>, <Rn>, <Rm>");
  EXPECT_EQ(b.syntax.at(1), "MINUS <Rd>, <Rn>, <Rm>");
  expect_field(b, "S", 9, 1);
  // An empty name in the list: that instruction has no such alias.
  std::string one_alias = kFolded;
  one_alias.replace(one_alias.find("PLUS|MINUS"), 10, "|MINUS");
  sources.back().text = one_alias;
  const auto aliased = TargetSpec::load("toy", sources, builtins());
  EXPECT_EQ(aliased->find("ADC (toy)")->encodings.at(0).syntax.size(), 1u);
  EXPECT_EQ(aliased->find("ADC (toy)")->encodings.at(0).syntax_assembler_only.size(), 1u);
  EXPECT_EQ(aliased->find("SBC (toy)")->encodings.at(0).syntax.at(1), "MINUS <Rd>, <Rn>, <Rm>");

  Engine engine{spec->module(), builtins()};
  engine.sources = &spec->sources();
  const int regs = engine.global_slot("_R");
  auto reg = [&](int n) -> Value& { return engine.globals()[regs].mutable_elems()[n]; };
  reg(2) = Value::bits(32, 9);
  reg(3) = Value::bits(32, 4);
  // Rm = 3, Rn = 2, Rd = 1 (011 010 001).
  auto frame = spec->frame_for(a, Bits(16, 0x40D1));
  engine.run({&a.decode, &a.operation}, frame);
  EXPECT_EQ(reg(1).as_bits().low64(), 13u);
  frame = spec->frame_for(b, Bits(16, 0x42D1));
  engine.run({&b.decode, &b.operation}, frame);
  EXPECT_EQ(reg(1).as_bits().low64(), 5u);
}

// Where the instructions differ in one bit of one encoding and two of
// another (T32's ADD and SUB), each encoding names the fields it has; a
// field it lacks is not fixed there.
TEST(SpecFile, FoldedFieldsMayBeAbsentFromAnEncoding) {
  const std::string text = kFolded.substr(0, kFolded.find("\nencoding")) +
                           "\nencoding T1\n    diagram 0 1 0 0 0 0 S Rm:3 Rn:3 Rd:3\n    syntax ADC\n" +
                           "\nencoding T2\n    diagram 1 1 0 S 0 S2 0 Rm:3 Rn:3 Rd:3\n    syntax ADC\n";
  std::string folded = text;
  folded.replace(folded.find("when S = 0"), 10, "when S = 0, S2 = 0");
  folded.replace(folded.find("when S = 1"), 10, "when S = 1, S2 = 1");
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"adc.isa", folded});
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const InstructionSpec* adc = spec->find("ADC (toy)");
  const InstructionSpec* sbc = spec->find("SBC (toy)");
  ASSERT_NE(adc, nullptr);
  ASSERT_NE(sbc, nullptr);
  // T1: S (bit 9) fixed, 0 for ADC and 1 for SBC.
  EXPECT_EQ(u64(adc->encodings.at(0).fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(adc->encodings.at(0).fixed_value), 0x4000u);
  EXPECT_EQ(u64(sbc->encodings.at(0).fixed_value), 0x4200u);
  // T2: 1 1 0 S 0 S2 0, bits 15..9, all fixed: 1100000 for ADC, 1101010 for SBC.
  EXPECT_EQ(u64(adc->encodings.at(1).fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(adc->encodings.at(1).fixed_value), 0xC000u);
  EXPECT_EQ(u64(sbc->encodings.at(1).fixed_mask), 0xFE00u);
  EXPECT_EQ(u64(sbc->encodings.at(1).fixed_value), 0xD400u);
}

// An encoding written once with variants (the element sizes of a NEON
// lane load): one encoding per variant, named ENCODING.VARIANT, its `when`
// fields fixed (x left free), its own syntax and operands besides the
// common ones, and a slice in FIELDS (size<1>).
TEST(SpecFile, EncodingVariantsBecomeEncodingsOfTheirOwn) {
  const std::string page =
      "instruction ADDV (toy)\n"
      "summary Adds an immediate.\n"
      "\n"
      "encoding T1\n"
      "    diagram 0 1 1 0 size:2 imm:3 Rn:3 Rd:4\n"
      "    variant B when size = 00\n"
      "        syntax ADDV.B <Rd>, <Rn>, #<imm>\n"
      "        operand <imm> imm imm\n"
      "    variant H when size = x1\n"
      "        syntax ADDV.H <Rd>, <Rn>, #<imm>\n"
      "        operand <imm> imm imm:size<1>\n"
      "    operand <Rd> reg R Rd\n"
      "    operand <Rn> reg R Rn\n"
      "    decode\n"
      "        integer d = UInt(Rd);\n";
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"addv.isa", page});
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const InstructionSpec* addv = spec->find("ADDV (toy)");
  ASSERT_NE(addv, nullptr);
  ASSERT_EQ(addv->encodings.size(), 2u);
  const Encoding& b = encoding(*spec, "ADDV (toy)", "T1.B");
  const Encoding& h = encoding(*spec, "ADDV (toy)", "T1.H");
  // 0110 size: bits 15..12 fixed, size bits 11..10; H fixes only bit 10.
  EXPECT_EQ(u64(b.fixed_mask), 0xFC00u);
  EXPECT_EQ(u64(b.fixed_value), 0x6000u);
  EXPECT_EQ(u64(h.fixed_mask), 0xF400u);
  EXPECT_EQ(u64(h.fixed_value), 0x6400u);
  EXPECT_EQ(b.variant_when, "size = 00");
  EXPECT_EQ(h.variant_when, "size = x1");
  ASSERT_EQ(b.syntax.size(), 1u);
  EXPECT_EQ(b.syntax[0], "ADDV.B <Rd>, <Rn>, #<imm>");
  EXPECT_EQ(h.syntax[0], "ADDV.H <Rd>, <Rn>, #<imm>");
  // Own operands first as written, the common ones after: <imm>, <Rd>, <Rn>.
  ASSERT_EQ(h.operands.size(), 3u);
  EXPECT_EQ(h.operands[0].name, "imm");
  ASSERT_EQ(h.operands[0].fields.parts.size(), 2u);
  EXPECT_EQ(h.operands[0].fields.parts[1].field, "size");
  EXPECT_EQ(h.operands[0].fields.parts[1].hi, 1);
  EXPECT_EQ(h.operands[0].fields.parts[1].lo, 1);
  EXPECT_EQ(b.operands[0].fields.parts.size(), 1u);
  EXPECT_EQ(b.operands[1].name, "Rd");
}

// `(BITS)` in a variant's when: should-be bits, not fixed ones; a relocation
// under a variant is that variant's alone.
TEST(SpecFile, EncodingVariantsTakeShouldBeBitsAndTheirOwnRelocation) {
  const std::string page =
      "instruction CMPV (toy)\n"
      "summary Compares.\n"
      "\n"
      "encoding T1\n"
      "    diagram 0 1 1 1 zero Rm:3 Rn:3 imm:5\n"
      "    variant Reg when zero = 0\n"
      "        syntax CMPV <Rn>, <Rm>\n"
      "        operand <Rm> reg R Rm\n"
      "        relocation R_TOY_A\n"
      "    variant Zero when zero = 1, Rm = (10x)\n"
      "        syntax CMPV <Rn>, #0\n"
      "        relocation R_TOY_B\n"
      "    operand <Rn> reg R Rn\n"
      "    decode\n"
      "        integer n = UInt(Rn);\n";
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"cmpv.isa", page});
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const Encoding& reg = encoding(*spec, "CMPV (toy)", "T1.Reg");
  const Encoding& zero = encoding(*spec, "CMPV (toy)", "T1.Zero");
  // 0111 zero: bits 15..11 fixed; Rm is bits 10..8.
  EXPECT_EQ(u64(reg.fixed_mask), 0xF800u);
  EXPECT_EQ(u64(reg.fixed_value), 0x7000u);
  EXPECT_EQ(u64(reg.should_mask), 0u);
  EXPECT_EQ(u64(zero.fixed_mask), 0xF800u);
  EXPECT_EQ(u64(zero.fixed_value), 0x7800u);
  EXPECT_EQ(u64(zero.should_mask), 0x0600u);  // Rm<0> left free by the x
  EXPECT_EQ(u64(zero.should_value), 0x0400u);
  EXPECT_EQ(reg.relocation, "R_TOY_A");
  EXPECT_EQ(zero.relocation, "R_TOY_B");
}

TEST(SpecFile, RunMovWithHelperFromPseudocodeSection) {
  ToyMachine m;
  m.run("MOV (immediate)", "T1", 0x2D5A);  // 0010 sh=1 Rd=101 imm8=0x5A: MOV R5, #0x5A, LSL #8
  EXPECT_EQ(m.get(5), 0x5A00u);
  m.run("MOV (immediate)", "T1", 0x225A);  // sh=0 Rd=010: MOV R2, #0x5A
  EXPECT_EQ(m.get(2), 0x5Au);
}

TEST(SpecFile, RunSwpOnAnEvenPair) {
  ToyMachine m;
  m.set(6, 0x11);
  m.set(7, 0x22);
  m.run("SWP (pair)", "T1", 0x7003);  // Rn = 011, so n = UInt('0110') = 6
  EXPECT_EQ(m.get(6), 0x22u);
  EXPECT_EQ(m.get(7), 0x11u);
}

// ---- diagnostics ------------------------------------------------------------

struct Failure {
  std::string what;
  std::string message;
  std::string file;
  int line = 0, col = 0;
};

Failure load_error(const std::string& text, const std::string& shared = "") {
  std::vector<SpecSource> sources;
  if (!shared.empty()) sources.push_back({"shared.isa", shared});
  sources.push_back({"bad.isa", text});
  try {
    TargetSpec::load("bad", sources, builtins());
  } catch (const InputError& e) {
    return {e.what(), e.message(), e.location().file, e.location().line, e.location().col};
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return {};
}

// A registers file: each class's names by number, runs expanded, the
// names `also` gives; a class looked up in any case. Bad lines are located.
TEST(SpecFile, RegisterClassesComeFromARegistersFile) {
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"isa/toy/registers.isa", "// names\nregisters R R0-R2 SP also R3=3 IP=2\nregisters XSP X0-X1 SP\n"});
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const RegisterClass* r = spec->register_class("r");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r->names, (std::vector<std::string>{"R0", "R1", "R2", "SP"}));
  EXPECT_EQ(r->also, (std::vector<std::pair<std::string, int>>{{"R3", 3}, {"IP", 2}}));
  EXPECT_EQ(r->loc.line, 2u);
  ASSERT_NE(spec->register_class("XSP"), nullptr);
  EXPECT_EQ(spec->register_class("XSP")->names.size(), 3u);
  EXPECT_EQ(spec->register_class("Q"), nullptr);

  auto error = [](const std::string& text) -> std::string {
    try {
      TargetSpec::load("bad", {{"registers.isa", text}}, builtins());
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(error("registers R R1-R3\n").find("registers.isa:1:13: error: 'R1-R3' starts at 1, but it names register 0"),
            std::string::npos);
  EXPECT_NE(error("registers R R0-Q3\n").find("registers.isa:1:13: error: 'R0-Q3' is not a run"), std::string::npos);
  EXPECT_NE(error("registers R R0 also SP=4\n").find("'SP=4' is not NAME=N with N a register of the class (0 to 0)"),
            std::string::npos);
  EXPECT_NE(error("registers R R0\nregisters r R1\n").find("registers.isa:2:11: error: register class r is already declared at line 1"),
            std::string::npos);
  EXPECT_NE(error("  registers R R0\n").find("registers.isa:1:3: error: a registers file holds lines"), std::string::npos);
}

// A tables*.isa file names tables once; a table operand writes the name
// where its entries would stand (entries before and after it stay in order),
// and the loader's errors point at the tables file or at the name.
TEST(SpecFile, NamedTablesStandForTheirEntries) {
  const std::string tables = "// sizes\ntable Sizes '00'=B '01'=H '10'=S\ntable Shift '0'=0 '1'=8\n";
  const std::string page =
      "instruction MOVS (toy)\nsummary A test.\n\nencoding T1\n"
      "    diagram 1 0 size:2 sh Rd:3 imm8:8\n"
      "    syntax MOVS.<T> <Rd>, #<imm>{, LSL #<shift>}\n"
      "    operand <T> table size Sizes '11'=D\n"
      "    operand <Rd> reg R Rd\n"
      "    operand <imm> imm imm8\n"
      "    operand <shift> table sh Shift\n"
      "    decode\n        integer d = UInt(Rd);\n\noperation\n    R[d] = ZeroExtend(imm8, 32);\n";
  std::vector<SpecSource> sources = specs_with_dir("toy", kDataDir);
  sources.push_back({"movs.isa", page});
  sources.push_back({"tables.isa", tables});  // loaded before the pages whatever its place
  const auto spec = TargetSpec::load("toy", sources, builtins());
  const InstructionSpec* movs = spec->find("MOVS (toy)");
  ASSERT_NE(movs, nullptr);
  const auto& ops = movs->encodings.at(0).operands;
  auto table_of = [&](const std::string& name) {
    std::string out;
    for (const auto& op : ops)
      if (op.name == name)
        for (const auto& [pattern, spelling] : op.table)
          out += fmt::format("{}/{}={} ", u64(pattern.care), u64(pattern.value), spelling);
    return out;
  };
  EXPECT_EQ(table_of("T"), "3/0=B 3/1=H 3/2=S 3/3=D ");
  EXPECT_EQ(table_of("shift"), "1/0=0 1/1=8 ");

  auto error = [&](const std::string& tables_text, const std::string& page_text) -> std::string {
    std::vector<SpecSource> srcs = specs_with_dir("toy", kDataDir);
    srcs.push_back({"movs.isa", page_text});
    srcs.push_back({"tables.isa", tables_text});
    try {
      TargetSpec::load("toy", srcs, builtins());
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  EXPECT_NE(error(tables, std::string(page).replace(page.find("Sizes"), 5, "Sises")).find("movs.isa:7:28: error: no table named 'Sises'"),
            std::string::npos);
  EXPECT_NE(error(tables + "table Sizes '0'=X\n", page).find("tables.isa:4:7: error: table Sizes is already named at line 2"),
            std::string::npos);
  EXPECT_NE(error("table T '0'=A '10'=B\n", page).find("tables.isa:1:16: error: pattern of 2 bits in a table of 1-bit patterns"),
            std::string::npos);
  EXPECT_NE(error("table T 0=A\n", page).find("tables.isa:1:9: error: bad table entry '0=A'"), std::string::npos);
  EXPECT_NE(error("registers R R0\n", page).find("tables.isa:1:1: error: a tables file holds lines"), std::string::npos);
  // A named table of patterns as wide as the fields, as any table.
  EXPECT_NE(error(tables, std::string(page).replace(page.find("sh Shift"), 8, "sh Sizes")).find("table pattern of 2 bits"),
            std::string::npos);
}

const std::string kHead = "instruction OP\nsummary A test.\n\nencoding T1\n";  // encoding body from line 5

TEST(SpecFileDiagnostics, DiagramWidth) {
  // 3 fixed bits + 3 + 9 = 15 bits.
  Failure f = load_error(kHead + "    diagram 0 0 1 Rd:3 imm:9\n");
  EXPECT_EQ(f.file, "bad.isa");
  EXPECT_EQ(f.line, 5);
  EXPECT_EQ(f.col, 5);
  EXPECT_EQ(f.message,
            "diagram is 15 bits wide; an encoding is a whole number of bytes, at most 128 bits (16 or 32 for T32, 32 "
            "for A64)");
  EXPECT_EQ(f.what, "bad.isa:5:5: error: " + f.message + "\n    diagram 0 0 1 Rd:3 imm:9\n    ^");
}

TEST(SpecFileDiagnostics, MisplacedBar) {
  // The | follows 8 bits; the ninth token starts at column 13 + 8 * 2.
  Failure f = load_error(kHead + "    diagram 0 0 0 0 0 0 0 0 | 0 0 0 0 0 0 0 0 Rd:16\n");
  EXPECT_EQ(f.line, 5);
  EXPECT_EQ(f.col, 29);
  EXPECT_EQ(f.message, "'|' after 8 bits; it separates halfwords, so it must follow a multiple of 16 bits");
}

TEST(SpecFileDiagnostics, BarAtTheEnd) {
  Failure f = load_error(kHead + "    diagram 0 0 0 0 0 0 0 0 Rd:8 |\n");
  EXPECT_EQ(f.col, 34);
  EXPECT_EQ(f.message, "'|' separates halfwords: it goes between bits, not at either end of the diagram");
}

TEST(SpecFileDiagnostics, DuplicateField) {
  Failure f = load_error(kHead + "    diagram Rd:4 0 0 0 0 Rd:4 imm:4\n");
  EXPECT_EQ(f.line, 5);
  EXPECT_EQ(f.col, 26);
  EXPECT_EQ(f.message,
            "field 'Rd' appears twice in the diagram (first at column 13); give the parts distinct names");
}

TEST(SpecFileDiagnostics, UnknownFieldInOperand) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP <Rd>, <Rn>\n"
                         "    operand <Rd> reg R Rd\n"
                         "    operand <Rn> reg R Rx\n");
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.col, 24);
  EXPECT_EQ(f.message,
            "operand <Rn> of syntax 'OP <Rd>, <Rn>' names field 'Rx', which encoding T1 does not have (fields: Rd, "
            "Rn, Rm)");
}

TEST(SpecFileDiagnostics, OperandWithoutMapping) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP{<c>}{<q>} <Rd>, <Rn>\n"
                         "    operand <Rd> reg R Rd\n");
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.col, 31);
  EXPECT_EQ(f.message, "syntax 'OP{<c>}{<q>} <Rd>, <Rn>' uses <Rn>, but encoding T1 has no 'operand <Rn>' line");
}

TEST(SpecFileDiagnostics, UnusedOperand) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP <Rd>\n"
                         "    operand <Rd> reg R Rd\n"
                         "    operand <Rm> reg R Rm\n");
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.col, 5);
  EXPECT_EQ(f.message, "operand <Rm> is not used by any syntax template of encoding T1");
}

TEST(SpecFileDiagnostics, UnbalancedBrace) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP{<c> <Rd>\n");
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.col, 14);
  EXPECT_EQ(f.message, "'{' without a matching '}' in syntax 'OP{<c> <Rd>'");
}

TEST(SpecFileDiagnostics, UnknownOperandKind) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP <Rd>\n"
                         "    operand <Rd> register R Rd\n");
  EXPECT_EQ(f.line, 7);
  EXPECT_EQ(f.col, 18);
  EXPECT_EQ(f.message, "unknown operand kind 'register'; expected reg, imm, simm, table, list, regmask, cond, label, itmask, modimm, shiftamt, vreglist, vfpimm, tilemask or const");
}

TEST(SpecFileDiagnostics, ModifiedImmediateNeedsEightTwelveOrThirteenBits) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    syntax OP <Rd>, #<imm>\n"
                         "    operand <Rd> reg R Rd\n"
                         "    operand <imm> modimm Rm\n");
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.message,
            "operand <imm> modimm: needs 8 bits (A64 a:b:c:d:e:f:g:h), 12 (T32 i:imm3:imm8, A64 immr:imms) or 13 (A64 "
            "N:immr:imms), not 4");
}

TEST(SpecFileDiagnostics, UnknownSectionKeyword) {
  Failure f = load_error(kHead + "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n\nopration\n    R[d] = 0;\n");
  EXPECT_EQ(f.line, 7);
  EXPECT_EQ(f.col, 1);
  EXPECT_EQ(f.message,
            "unknown keyword 'opration'; expected instruction, summary, feature, encoding, operation or pseudocode");
}

TEST(SpecFileDiagnostics, UnknownEncodingKeyword) {
  Failure f = load_error(kHead + "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n    decod\n");
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.col, 5);
  EXPECT_EQ(f.message,
            "unknown keyword 'decod' in encoding T1; expected diagram, syntax, operand, feature, relocation, variant or decode");
}

TEST(SpecFileDiagnostics, SyntaxErrorInDecodeAtTheFileLine) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    decode\n"
                         "        integer d = UInt(Rd);\n"
                         "        integer n = UInt(Rn;\n");
  EXPECT_EQ(f.file, "bad.isa");
  EXPECT_EQ(f.line, 8);
  EXPECT_GT(f.col, 20);
  EXPECT_NE(f.what.find("bad.isa:8:"), std::string::npos) << f.what;
  EXPECT_NE(f.what.find("\n        integer n = UInt(Rn;\n"), std::string::npos) << f.what;
}

TEST(SpecFileDiagnostics, CheckErrorInDecodeAtTheFileLine) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    decode\n"
                         "        integer d = UInt(Rd);\n"
                         "        integer n = UInt(Rz);\n");
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.col, 26);
  EXPECT_EQ(f.message, "unknown identifier 'Rz'");
}

TEST(SpecFileDiagnostics, CheckErrorInOperationSeesDecodeVariables) {
  // `d` comes from the decode; `e` is unknown.
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "    decode\n"
                         "        integer d = UInt(Rd);\n"
                         "\n"
                         "operation\n"
                         "    integer x = d + e;\n");
  EXPECT_EQ(f.line, 10);
  EXPECT_EQ(f.col, 21);
  EXPECT_EQ(f.message, "unknown identifier 'e'");
}

TEST(SpecFileDiagnostics, ErrorInPseudocodeSectionAtTheFileLine) {
  Failure f = load_error(kHead +
                         "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n"
                         "\n"
                         "pseudocode\n"
                         "    integer Twice(integer x)\n"
                         "        return x + y;\n");
  EXPECT_EQ(f.file, "bad.isa");
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.col, 20);
  EXPECT_EQ(f.message, "unknown identifier 'y'");
  EXPECT_NE(f.what.find("\n        return x + y;\n"), std::string::npos) << f.what;
}

TEST(SpecFileDiagnostics, MissingInstructionLine) {
  Failure f = load_error("summary A test.\n");
  EXPECT_EQ(f.line, 1);
  EXPECT_EQ(f.col, 1);
  EXPECT_EQ(f.message, "'summary' before the 'instruction' line; a spec file starts with 'instruction NAME'");
}

TEST(SpecFileDiagnostics, DuplicateInstruction) {
  std::vector<SpecSource> sources = {{"a.isa", "instruction OP\nsummary A.\n"}, {"b.isa", "instruction OP\nsummary B.\n"}};
  try {
    TargetSpec::load("bad", sources, builtins());
    FAIL();
  } catch (const InputError& e) {
    EXPECT_EQ(e.location().file, "b.isa");
    EXPECT_EQ(e.message(), "instruction 'OP' is already defined at a.isa:1");
  }
}

// What a folded page may get wrong, each located.
TEST(SpecFileDiagnostics, EncodingVariants) {
  const std::string head = kHead + "    diagram 0 1 1 0 size:2 imm:3 Rn:3 Rd:4\n";
  // A syntax line outside every variant of an encoding that has them.
  Failure f = load_error(head +
                         "    syntax OP <Rd>\n"
                         "    variant B when size = 00\n"
                         "        syntax OPB <Rd>\n"
                         "    operand <Rd> reg R Rd\n");
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.message, "encoding T1 has variants: each syntax line belongs to one, indented under its 'variant' line");
  // One name mapped twice within a variant.
  f = load_error(head +
                 "    variant B when size = 00\n"
                 "        syntax OPB <Rd>\n"
                 "        operand <Rd> reg R Rd\n"
                 "        operand <Rd> reg R Rn\n");
  EXPECT_EQ(f.line, 9);
  EXPECT_EQ(f.message, "operand <Rd> is already mapped at line 8");
  // A field the encoding lacks; a value of the wrong width.
  f = load_error(head + "    variant B when sz = 00\n        syntax OPB\n");
  EXPECT_EQ(f.line, 6);
  EXPECT_EQ(f.message, "encoding T1 has no field 'sz' to fix");
  f = load_error(head + "    variant B when size = 0\n        syntax OPB\n");
  EXPECT_EQ(f.message, "field 'size' of encoding T1.B is 2 bits wide; 'size' fixes 1");
  f = load_error(head + "    variant B\n        syntax OPB\n");
  EXPECT_EQ(f.message, "'variant' takes a name and the field values it fixes: variant NAME when FIELD = BITS, ...");
  // A slice past its field's width, and one written wrong.
  f = load_error(head + "    variant B when size = 00\n        syntax OPB #<i>\n        operand <i> imm size<2>\n");
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.message, "operand <i>: slice size<2> of a field of 2 bits");
  f = load_error(head + "    variant B when size = 00\n        syntax OPB #<i>\n        operand <i> imm size<0:1>\n");
  EXPECT_EQ(f.message, "bad slice in FIELDS 'size<0:1>': write size<hi:lo> or size<k> with hi >= lo >= 0");
  // Should-be bits are binary digits; a relocation for the encoding and for one variant.
  f = load_error(head + "    variant B when size = (20)\n        syntax OPB\n");
  EXPECT_EQ(f.message,
            "'when' takes FIELD = BITS (0, 1 or x digits as wide as the field, or (BITS) for should-be bits), separated by commas");
  f = load_error(head + "    relocation R_TOY\n    variant B when size = 00\n        syntax OPB\n        relocation R_TOY_B\n");
  EXPECT_EQ(f.line, 7);
  EXPECT_EQ(f.message, "encoding T1 has a relocation for every variant; variant B gives a second");
}

TEST(SpecFileDiagnostics, FoldedPages) {
  auto with_head = [](const std::string& head) { return head + kFolded.substr(kFolded.find("\nencoding") + 1); };
  Failure f = load_error("instruction ADC (toy)\nsummary A.\ninstruction SBC (toy) when S = 1\n");
  EXPECT_EQ(f.line, 3);
  EXPECT_EQ(f.col, 1);
  EXPECT_EQ(f.message,
            "a second 'instruction' line; a spec file holds one instruction, or instructions folded by 'instruction "
            "NAME when FIELD = BITS' lines");
  f = load_error(with_head("instruction ADC (toy) when S = 0\ninstruction SBC (toy) when S = 11\n"));
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.col, 28);
  EXPECT_EQ(f.message, "field 'S' of encoding T1 is 1 bits wide; 'S' fixes 2");
  f = load_error(with_head("instruction ADC (toy) when S = 0\ninstruction SBC (toy) when T = 1\n"));
  EXPECT_EQ(f.line, 2);
  EXPECT_EQ(f.col, 28);
  EXPECT_EQ(f.message, "no encoding has a field 'T' to fix");
  // An encoding that lacks the field the lines differ in cannot tell them apart.
  f = load_error(with_head("instruction ADC (toy) when S = 0\ninstruction SBC (toy) when S = 1\n") +
                 "\nencoding T2\n    diagram 1 1 1 1 0 0 0 Rm:3 Rn:3 Rd:3\n    syntax ADC\n");
  EXPECT_EQ(f.line, 18);
  EXPECT_EQ(f.message, "encoding T2 names no field whose value tells ADC (toy) from SBC (toy)");
  f = load_error(with_head("instruction ADC (toy) when S = 0\ninstruction SBC (toy) when S = 2\n"));
  EXPECT_EQ(f.col, 28);
  EXPECT_EQ(f.message,
            "'when' takes FIELD = BITS (binary digits as wide as the field), separated by commas");
  f = load_error(with_head("instruction ADC (toy) when S = 0, S = 1\n"));
  EXPECT_EQ(f.col, 35);
  EXPECT_EQ(f.message, "field 'S' is fixed twice");
  f = load_error(with_head("instruction ADC (toy) when S = 0\ninstruction ADC (toy) when S = 1\n"));
  EXPECT_EQ(f.message, "instruction 'ADC (toy)' is already folded in at line 1");
  std::string wrong = kFolded;
  wrong.replace(wrong.find("syntax ADC"), 10, "syntax ADD");
  f = load_error(wrong);
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.message,
            "a folded page's syntax starts with its first instruction's mnemonic, ADC, or with one mnemonic per "
            "instruction (A|B)");
  wrong = kFolded;
  wrong.replace(wrong.find("syntax ADC"), 10, "syntax ADD|SUB|X");
  f = load_error(wrong);
  EXPECT_EQ(f.line, 8);
  EXPECT_EQ(f.message, "'ADD|SUB|X' names 3 mnemonics; the page folds 2 instructions");
  f = load_error(kFolded + "instruction ADD (toy) when S = 0\n");
  EXPECT_EQ(f.line, 20);
  EXPECT_EQ(f.message, "the folded 'instruction' lines come before the first encoding");
}

TEST(SpecFileDiagnostics, SharedFileIsParsedFirst) {
  // The instruction file comes first in the list, but it calls a function of shared.isa.
  std::vector<SpecSource> sources = {
      {"op.isa", kHead + "    diagram 0 0 0 0 Rd:4 Rn:4 Rm:4\n    decode\n        integer d = Twice(UInt(Rd));\n"},
      {"shared.isa", "integer Twice(integer x)\n    return 2 * x;\n"}};
  auto spec = TargetSpec::load("ok", sources, builtins());
  EXPECT_EQ(spec->instructions().size(), 1u);
}

}  // namespace
}  // namespace mlisa::spec
