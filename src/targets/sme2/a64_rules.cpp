// A64's rules (a64_rules.hpp).
#include "targets/sme2/a64_rules.hpp"

#include "asm/literal_pool.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <elf.h>

#include <algorithm>
#include <iterator>
#include <utility>

namespace mlisa::targets::sme2 {

namespace {

namespace operands = as::operands;

// GNU as's `ldr <Wt|Xt>, =VALUE` (asm/literal_pool.hpp), as llvm-mc-19
// assembles it: a constant (a number, or an expression of the constants
// `.equ` defined before it) that one MOVZ holds (16 bits at a shift of 0 or 16
// for a W register, up to 48 for an X register) becomes that MOVZ; any other
// value, or a symbol expression, is a load of a 4-byte (W) or 8-byte (X)
// pool word. A number a W register cannot hold is left for the assembler to
// refuse. `w_regs` and `x_regs` are the specs' W and X register classes.
as::LiteralLoad a64_literal_load(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant,
                                 const operands::RegNames& w_regs, const operands::RegNames& x_regs) {
  if (to_lower(mnemonic) != "ldr") return {};
  const std::string r = to_lower(reg);
  const bool w = w_regs.number(r) >= 0;
  if (!w && x_regs.number(r) < 0) return {};
  if (constant) {
    if (w && (*constant < -int64_t{0x80000000} || *constant > int64_t{0xffffffff})) return {};
    const uint64_t v = static_cast<uint64_t>(*constant);
    for (unsigned shift = 0; shift < (w ? 32u : 64u); shift += 16)
      if ((v & ~(uint64_t{0xffff} << shift)) == 0) return {fmt::format("movz {}, #{}, lsl #{}", reg, v >> shift, shift)};
  }
  return {"", w ? 4u : 8u};
}

// The register a register operand named `name` of an encoding names in
// `word` (its class in *cls), or -1 when the encoding has no such operand.
int64_t register_named(const as::WordIsa& isa, const as::TargetRules::Placed& at, std::string_view name,
                       std::string* cls = nullptr) {
  for (const operands::Operand& o : isa.operands_of(*at.enc))
    if (const auto* r = std::get_if<operands::Reg>(&o.kind); r && o.name() == name) {
      if (cls) *cls = r->regs.cls;
      return r->number(at.word);
    }
  return -1;
}

// The element size a listing gives an instruction's first operand (`s` of
// `z0.s`), or "" (`movprfx z0, z1`).
std::string first_element_size(const as::WordIsa& isa, const as::TargetRules::Placed& at) {
  const std::string text = isa.print(*at.enc, at.word);
  const size_t start = text.find(' ');
  const size_t end = text.find(',', start);
  const size_t dot = text.find('.', start);
  return start == std::string::npos || dot == std::string::npos || dot > end ? "" : text.substr(dot + 1, end - dot - 1);
}

// The element size MOVPRFX (predicated) must share with the instruction it
// prefixes: the wider of its destination's and its <Zn>'s, as llvm-mc-19
// reads it (FCVT and BFCVT `z0.h, p0/m, z1.s` are .s; SADALP `z0.h, p0/m,
// z1.b` is .h; LSL (wide) `z0.b, p0/m, z0.b, z1.d`, whose wide operand is
// <Zm>, is .b).
std::string governed_element_size(const as::WordIsa& isa, const as::TargetRules::Placed& at) {
  constexpr std::string_view kSizes = "bhsdq";
  std::string size = first_element_size(isa, at);
  const int64_t zn = register_named(isa, at, "Zn");
  if (zn < 0) return size;
  const std::string text = isa.print(*at.enc, at.word);
  const size_t at_zn = text.rfind(fmt::format("z{}.", zn));  // the last: Zn follows Zd when both are one register
  if (at_zn == std::string::npos) return size;
  const size_t from = text.find('.', at_zn) + 1;
  const std::string zn_size = text.substr(from, text.find_first_of(", ]}", from) - from);
  if (zn_size.size() == 1 && kSizes.find(zn_size) != std::string_view::npos &&
      (size.size() != 1 || kSizes.find(zn_size) > kSizes.find(size)))
    return zn_size;
  return size;
}

// The clamps read their destination, which the manual names <Zd> all the same.
bool clamp(const spec::InstructionSpec& inst) {
  return inst.name == "FCLAMP (SVE)" || inst.name == "SCLAMP" || inst.name == "UCLAMP";
}

// MOVPRFX and the instruction after it, as the manual constrains the pair
// (MOVPRFX's page and each SVE page's "might be immediately preceded by a
// MOVPRFX"; anything else is CONSTRAINED UNPREDICTABLE) and llvm-mc-19 refuses
// it, in its words and order. The instructions it may prefix are told by their
// operands: a destructive <Zdn> or <Zda>, or a <Zd> merged or zeroed under a
// <Pg> (CPY, the unary operations; SEL's MOV alias governs by <Pv>), and the clamps.
std::string movprfx_refusal(const as::WordIsa& isa, const as::TargetRules::Placed& prfx, const as::TargetRules::Placed& next) {
  constexpr std::string_view kPrefix = "instruction is unpredictable when following a ";
  const int64_t zd = register_named(isa, prfx, "Zd");
  if (zd < 0) return "";
  std::string dest = "Zdn";
  int64_t written = register_named(isa, next, dest);
  if (written < 0) written = register_named(isa, next, dest = "Zda");
  if (written < 0 && clamp(*next.inst)) written = register_named(isa, next, dest = "Zd");
  if (written < 0 && !next.inst->name.starts_with("MOVPRFX") && register_named(isa, next, "Pg") >= 0) {
    const std::string text = isa.print(*next.enc, next.word);
    if (text.find("/m") != std::string::npos || text.find("/z") != std::string::npos) written = register_named(isa, next, dest = "Zd");
  }
  if (written < 0) return fmt::format("{}movprfx, suggest replacing movprfx with mov", kPrefix);
  if (written != zd) return fmt::format("{}movprfx writing to a different destination", kPrefix);
  for (const operands::Operand& o : isa.operands_of(*next.enc)) {
    std::string cls;
    if (o.name() != dest && register_named(isa, next, o.name(), &cls) == zd && cls == "Z")
      return fmt::format("{}movprfx and destination also used as non-destructive source", kPrefix);
  }
  const int64_t governed = register_named(isa, prfx, "Pg");
  if (governed < 0) return "";
  const int64_t pg = register_named(isa, next, "Pg");
  if (pg < 0) return fmt::format("{}predicated movprfx, suggest using unpredicated movprfx", kPrefix);
  if (pg != governed) return fmt::format("{}predicated movprfx using a different general predicate", kPrefix);
  if (first_element_size(isa, prfx) != governed_element_size(isa, next))
    return fmt::format("{}predicated movprfx with a different element size", kPrefix);
  return "";
}

class A64Rules final : public as::TargetRules {
 public:
  std::string_view name() const override { return "a64"; }
  void prepare(const as::WordIsa& isa) override {
    w_regs_ = {"W", isa.spec().register_class("W")};
    x_regs_ = {"X", isa.spec().register_class("X")};
  }
  as::LiteralLoad literal_load(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant) const override {
    return a64_literal_load(mnemonic, reg, constant, w_regs_, x_regs_);
  }
  std::string refuses_after(const as::WordIsa& isa, const Placed& prev, const Placed& next) const override {
    return prev.inst->name.starts_with("MOVPRFX") ? movprfx_refusal(isa, prev, next) : "";
  }
  as::ElfOptions elf() const override { return as::ElfOptions{true, EM_AARCH64, 0}; }
  std::string code_mapping() const override { return "$x"; }
  std::vector<uint8_t> nop() const override { return {0x1f, 0x20, 0x03, 0xd5}; }
  // The bitmask immediates (12- and 13-bit fields) and Advanced SIMD's
  // 64-bit byte masks (MOVI's a:b:c:d:e:f:g:h).
  std::string modimm_function(uint32_t field_width) const override {
    return field_width == 8 ? "ByteMaskImmediate" : "BitmaskImmediate";
  }
  uint32_t modimm_bits(uint32_t field_width) const override { return field_width == 12 ? 32 : 64; }
  std::string modimm_refusal() const override { return "expected compatible register or logical immediate"; }
  bool fp_immediate_decimals() const override { return true; }
  // llvm-objdump-19 writes ranges of Z and P registers only (`{ z0.h - z3.h }`
  // but `{ v0.16b, v1.16b, v2.16b }`).
  as::operands::List::Style list_style(std::string_view prefix) const override {
    using Style = as::operands::List::Style;
    return prefix == "z" || prefix == "p" ? Style::SpacedRanges : Style::Spaced;
  }
  // The low 12 bits of an address (`add x0, x0, :lo12:sym` after ADRP).
  std::string_view relocation_operator(std::string_view relocation) const override {
    return relocation == "R_AARCH64_ADD_ABS_LO12_NC" || (relocation.starts_with("R_AARCH64_LDST") && relocation.ends_with("_ABS_LO12_NC"))
               ? ":lo12:"
               : "";
  }

  // ADD, SUB, ADDS, SUBS, CMP and CMN (immediate) of a negative immediate are
  // the other one of their pair with its magnitude (`add x0, x1, #-3` is
  // `sub x0, x1, #3`, `cmp x0, #-3` is `cmn x0, #3`), as llvm-mc-19 reads
  // them (`#-0` is #0); tried when the text as written is refused.
  std::string alternative(std::string_view text, Prefer* how) const override {
    text = trim(text);
    const size_t sp = text.find_first_of(" \t");
    if (sp == std::string_view::npos) return "";
    const std::string mnemonic = to_lower(text.substr(0, sp));
    static constexpr std::pair<std::string_view, std::string_view> kPairs[] = {
        {"add", "sub"}, {"sub", "add"}, {"adds", "subs"}, {"subs", "adds"}, {"cmp", "cmn"}, {"cmn", "cmp"}};
    const auto pair = std::find_if(std::begin(kPairs), std::end(kPairs), [&](const auto& p) { return p.first == mnemonic; });
    if (pair == std::end(kPairs)) return "";
    const size_t imm_at = mnemonic.starts_with("cm") ? 1 : 2;  // CMP and CMN have no destination
    const std::vector<std::string_view> ops = split_top(text.substr(sp + 1), ',');
    if (ops.size() < imm_at + 1 || ops.size() > imm_at + 2) return "";
    const std::string_view imm = trim(ops[imm_at]);
    uint64_t mag = 0;
    bool neg = false;
    if (!imm.starts_with("#-") || scan_integer(imm.substr(1), mag, neg) != imm.size() - 1 || !neg) return "";
    *how = Prefer::After;
    // `#-0` is #0 of the same instruction.
    std::string out(mag == 0 ? mnemonic : pair->second);
    for (size_t k = 0; k < ops.size(); ++k)
      out += (k ? ", " : " ") + (k == imm_at ? "#" + std::to_string(mag) : std::string(trim(ops[k])));
    return out;
  }

 private:
  operands::RegNames w_regs_{"W", nullptr}, x_regs_{"X", nullptr};  // the specs' classes, once prepared
};

}  // namespace

std::unique_ptr<as::TargetRules> a64_rules() { return std::make_unique<A64Rules>(); }

}  // namespace mlisa::targets::sme2
