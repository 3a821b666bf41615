// T32's rules (t32_rules.hpp).
#include "targets/mve/t32_rules.hpp"

#include "asm/literal_pool.hpp"
#include "asm/operands.hpp"
#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <elf.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <string>
#include <variant>

namespace mlisa::targets::mve {

namespace {

namespace operands = as::operands;

using operands::cond_value;
using operands::kCondNames;
using operands::Operand;

using Prefer = as::TargetRules::Prefer;

// The alternative texts T32 tries (TargetRules::alternative), as llvm-mc-19
// chooses among them; "" when the text has none.
//
// Flips: an immediate the written instruction cannot hold, or holds less
// narrowly, is tried on its complementary instruction: add <-> sub, addw <-> subw and
// cmp <-> cmn with the negated value, mov <-> mvn, and <-> bic, orr <-> orn,
// adc <-> sbc with the inverted one. The value is the written one as 32 bits
// (`#-1` is `#0xffffffff`); a flip is tried for a negative value, for a
// positive one from 2^31 up (negated pairs) and for any positive one
// (inverted pairs; not `movs`, which llvm-mc refuses). When:
// - add/sub without `.w` or `s` whose negation is 1 to 4095: the flip first
//   (llvm-mc's ADDW/SUBW alias: `sub lr, r3, #0xffffffff` is `add.w lr, r3, #1`);
// - add/sub otherwise without `.w`: the flip when the text as written is
//   refused or when it is narrower (`adds r3, r1, #0xffffffff` is the
//   16-bit `subs r3, r1, #1`; `adds r0, r1, #0xff000000` stays ADDS T3);
// - the others, and add/sub with `.w`: the flip only when the text as written
//   is refused (`cmp.w r0, #-1` and `movs.w r0, #-1` are modified immediates);
//   cmp/cmn flip to their 32-bit encoding (`cmn r0, #-5` is `cmp.w r0, #5`).
// MOVW: `mov` without `s` or `.w` of 256 to 65535 is MOVW first
// (`mov r11, #856` is `movw r11, #856`; GNU as 2.40 takes MOV T2 when the
// value is a modified immediate: docs/known-differences.md).
// A rotation by #0 of SXTB, SXTH, UXTB, UXTH (`, ror #0`) is no rotation: the
// text without it first, so the 16-bit encodings take it.
// A vector instruction's type suffix one step more general, as the Arm
// manual lets a more specific data type stand for the one an instruction
// takes and llvm-mc-19 reads it: .s8 and .u8 for .i8, .i8 .f8 .p8 for .8
// (`vcmp.s8 eq, q4, q6` is VCMP.I8, `vdup.u8 q0, r1` is VDUP.8); "" when the
// mnemonic has no single such suffix. Tried only when the text as written is
// refused, so an instruction that takes .s8 itself keeps it.
std::string wider_type(std::string_view text, size_t start, std::string_view mnemonic) {
  const size_t dot = mnemonic.find('.');
  if (mnemonic.empty() || mnemonic[0] != 'v' || dot == std::string_view::npos || mnemonic.find('.', dot + 1) != std::string_view::npos)
    return "";
  const std::string_view type = mnemonic.substr(dot + 1);
  const std::string_view bits = type.substr(std::min<size_t>(1, type.size()));
  if (bits != "8" && bits != "16" && bits != "32" && bits != "64") return "";
  std::string wider;
  if (type[0] == 's' || type[0] == 'u') wider = "i" + std::string(bits);
  else if (type[0] == 'i' || type[0] == 'f' || type[0] == 'p') wider = std::string(bits);
  else return "";
  return std::string(text.substr(0, start + dot + 1)) + wider + std::string(text.substr(start + mnemonic.size()));
}

std::string alternative_text(std::string_view text, Prefer* how) {
  size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  const std::string lowered = to_lower(text.substr(start));
  size_t mend = 0;  // the mnemonic, with its condition, `s` and qualifiers
  while (mend < lowered.size() && !std::isspace(static_cast<unsigned char>(lowered[mend]))) ++mend;
  const std::string_view mnemonic = std::string_view(lowered).substr(0, mend);
  // `sxth r1, r3, ror #0`
  if (mnemonic.size() >= 4 && (mnemonic.substr(0, 3) == "sxt" || mnemonic.substr(0, 3) == "uxt") &&
      (mnemonic[3] == 'b' || mnemonic[3] == 'h') && (mnemonic.size() == 4 || mnemonic[4] != '1')) {
    const size_t comma = text.rfind(',');
    if (comma != std::string_view::npos) {
      std::string rest;
      for (char c : text.substr(comma + 1))
        if (!std::isspace(static_cast<unsigned char>(c))) rest += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (rest == "ror#0") {
        *how = Prefer::Before;
        return std::string(text.substr(0, comma));
      }
    }
    return "";
  }
  if (std::string wider = wider_type(text, start, mnemonic); !wider.empty()) {
    *how = Prefer::After;
    return wider;
  }
  // The immediate: the number after the last '#' (negative after `#-`).
  const size_t hash = text.rfind('#');
  if (hash == std::string_view::npos || hash < start + mend) return "";
  const bool negative = text.substr(hash, 2) == "#-";
  const std::string_view digits = text.substr(hash + (negative ? 2 : 1));
  uint64_t mag = 0;
  bool neg = false;
  if (digits.empty() || digits[0] == '-' || digits[0] == '+' || scan_integer(digits, mag, neg) != digits.size() || mag == 0 ||
      mag > 0xffffffffu)
    return "";
  const uint32_t value = negative ? static_cast<uint32_t>(0 - mag) : static_cast<uint32_t>(mag);
  // The mnemonic as <name><s?><cond?><.q?>: which pair it names.
  const size_t dot = mnemonic.find('.');
  const std::string_view qualifier = dot == std::string_view::npos ? std::string_view() : mnemonic.substr(dot);
  const std::string_view plain = mnemonic.substr(0, dot);
  auto rest_ok = [](std::string_view r, bool s_allowed) {
    if (s_allowed && !r.empty() && r[0] == 's') r.remove_prefix(1);
    return r.empty() || (r.size() == 2 && cond_value(r) >= 0);
  };
  struct Pair {
    const char* from;
    const char* to;
    bool negate;  // the value negated (else inverted)
    bool flags;   // takes `s`
  };
  // ADDW and SUBW first (their own 12-bit forms: `addw r2, r2, #-16` is `subw r2, r2, #16`).
  static const Pair kPairs[] = {{"addw", "subw", true, true}, {"subw", "addw", true, true},
                                {"add", "sub", true, true},  {"sub", "add", true, true},  {"cmp", "cmn", true, false},
                                {"cmn", "cmp", true, false}, {"mov", "mvn", false, true}, {"mvn", "mov", false, true},
                                {"and", "bic", false, true}, {"bic", "and", false, true}, {"orr", "orn", false, true},
                                {"orn", "orr", false, true}, {"adc", "sbc", false, true}, {"sbc", "adc", false, true}};
  for (const Pair& p : kPairs) {
    const std::string_view from(p.from);
    const size_t fl = from.size();
    if (plain.substr(0, fl) != from || !rest_ok(plain.substr(fl), p.flags)) continue;
    const bool flags = plain.size() > fl && plain[fl] == 's' && (plain.size() == fl + 1 || plain.size() == fl + 3);
    const bool wide = qualifier == ".w";
    auto build = [&](const char* to, uint32_t v, bool add_wide) {
      std::string out(text.substr(0, start));
      out += to;
      out += text.substr(start + fl, dot == std::string_view::npos ? mend - fl : dot - fl);
      out += add_wide && qualifier.empty() ? ".w" : std::string(text.substr(start + plain.size(), qualifier.size()));
      out += text.substr(start + mend, hash + 1 - start - mend);
      return out + std::to_string(v);
    };
    if (from == "mov" && !flags && qualifier.empty() && !negative && value >= 256 && value <= 0xffff) {
      *how = Prefer::Before;
      return build("movw", value, false);
    }
    if (p.negate) {
      if (!negative && value < 0x80000000u) return "";
      const uint32_t n = 0 - value;
      const bool add_sub = p.flags;
      *how = !add_sub || wide ? Prefer::After : !flags && n <= 4095 ? Prefer::Before : Prefer::Narrower;
      return build(p.to, n, !add_sub);
    }
    if (!negative && from == "mov" && flags) return "";  // llvm-mc refuses `movs r0, #0xffffff00`
    *how = Prefer::After;
    return build(p.to, ~value, false);
  }
  return "";
}

// Whether a 32-bit value is a modified immediate (ThumbExpandImm of some field value).
bool modified_immediate(const operands::ExpandTable* modimm, uint32_t value) {
  return modimm && !modimm->fields_of(value).empty();
}

// GNU as's `ldr Rt, =VALUE` (T32; asm/literal_pool.hpp), as GNU as and
// llvm-mc-19 assemble it: a constant MOV.W, MVN.W or MOVW holds becomes that
// instruction (`ldr r1, =1` is `mov.w r1, #1`, as is `=ONE` after `.equ
// ONE, 1`); any other value, or a symbol expression, is a load of a 4-byte
// pool word.
as::LiteralLoad t32_literal_load(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant,
                                 const operands::ExpandTable* modimm) {
  // LDR, a condition, a width: `ldr`, `ldreq`, `ldr.w`, `ldrne.n`.
  const std::string m = to_lower(mnemonic);
  std::string_view rest = std::string_view(m);
  if (!rest.starts_with("ldr")) return {};
  rest.remove_prefix(3);
  std::string cond;
  if (rest.size() >= 2 && cond_value(rest.substr(0, 2)) >= 0) cond = std::string(rest.substr(0, 2)), rest.remove_prefix(2);
  if (!rest.empty() && rest != ".w" && rest != ".n") return {};
  const bool narrow = rest == ".n";
  if (!narrow && constant && *constant >= -int64_t{0xffffffff} && *constant <= int64_t{0xffffffff}) {
    const uint32_t v = static_cast<uint32_t>(*constant);
    if (modified_immediate(modimm, v)) return {fmt::format("mov{}.w {}, #{}", cond, reg, v)};
    if (modified_immediate(modimm, ~v)) return {fmt::format("mvn{}.w {}, #{}", cond, reg, ~v)};
    if (v <= 0xffff) return {fmt::format("movw{} {}, #{}", cond, reg, v)};
  }
  return {"", 4};
}

class T32Rules final : public as::TargetRules {
 public:
  std::string_view name() const override { return "t32"; }
  void prepare(const as::WordIsa& isa) override {
    isa_ = &isa;
    for (const as::WordTemplate& t : isa.templates()) {
      if (t.stem.empty()) continue;
      if (t.enc->width == 16) narrow_[t.stem].insert(operand_class(t));
      else wide_[t.enc].push_back({t.stem, operand_class(t)});
    }
  }

  int64_t pc_offset() const override { return 4; }
  std::vector<uint8_t> bytes(const spec::Bits& word) const override { return t32_bytes(word); }
  spec::Bits word_from(std::span<const uint8_t> b) const override {
    const uint32_t hw1 = b[0] | uint32_t{b[1]} << 8;
    if (b.size() == 2) return spec::Bits(16, hw1);
    return spec::Bits(32, uint64_t{hw1} << 16 | b[2] | uint32_t{b[3]} << 8);
  }
  uint32_t width_at(std::span<const uint8_t> rest) const override {
    if (rest.size() < 2) return 0;
    return t32_wide(rest[0] | uint32_t{rest[1]} << 8) ? 32 : 16;
  }
  as::ElfOptions elf() const override { return as::ElfOptions{false, EM_ARM, 0x05000000}; }  // EF_ARM_EABI_VER5
  std::string code_mapping() const override { return "$t"; }
  std::vector<uint8_t> nop() const override { return {0x00, 0xbf}; }

  std::string comment() const override { return "@"; }
  std::string_view relocation_operator(std::string_view relocation) const override {
    return relocation == "R_ARM_THM_MOVW_ABS_NC" ? ":lower16:" : relocation == "R_ARM_THM_MOVT_ABS" ? ":upper16:" : "";
  }
  // The exception-handling tables' directives (EHABI, which compilers write
  // around functions): accepted; the object has no .ARM.exidx.
  std::vector<std::string> ignored_directives() const override {
    return {".fnstart", ".fnend",        ".cantunwind",  ".save",  ".vsave",      ".setfp",
            ".pad",     ".personality",  ".personalityindex", ".handlerdata", ".movsp", ".unwind_raw"};
  }
  std::string listing_preamble() const override { return "\t.syntax unified\n\t.thumb\n"; }
  as::LiteralLoad literal_load(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant) const override {
    return t32_literal_load(mnemonic, reg, constant, isa_ ? isa_->modimm_table(12) : nullptr);
  }
  // `<c>` without a cond operand of its own: the IT block's condition; `<q>`
  // the width qualifier (.w/.n); `<v>` the VPT block's predicate letter.
  as::WordTemplate::Item::Role role_of(std::string_view name, bool own_cond) const override {
    using Role = as::WordTemplate::Item::Role;
    if (name == "c" && !own_cond) return Role::BlockCond;
    if (name == "q") return Role::Width;
    if (name == "v") return Role::BlockPred;
    return Role::None;
  }
  std::string_view width_suffix(uint32_t width) const override { return width == 32 ? ".w" : width == 16 ? ".n" : ""; }
  // Inside an IT block `<c>` is the block's condition; outside, none (a
  // condition written there is refused, llvm-mc's words, with the IT to write).
  // `<q>`: nothing, or the encoding's width. Inside a VPT block `<v>` is the
  // block's letter; outside, none (a letter is refused in a program).
  void read_owned(as::WordTemplate::Item::Role role, const as::operands::TextAt& at, const as::AsmContext& ctx, uint32_t width,
                  std::vector<size_t>& lengths, std::vector<as::Refusal>* why) const override {
    using Role = as::WordTemplate::Item::Role;
    const std::string_view s = at.rest();
    auto refuse = [&](std::string msg) {
      if (!why) return;
      as::Refusal r;
      r.kind = as::Refusal::Kind::OutsideBlock;
      r.pos = at.pos;
      r.msg = std::move(msg);
      why->push_back(std::move(r));
    };
    // Every condition name has two letters.
    const int written = s.size() >= 2 ? as::operands::cond_value(s.substr(0, 2)) : -1;
    switch (role) {
      case Role::BlockCond: {
        if (!ctx.in_block) {
          if (written >= 0 && (s.size() == 2 || s[2] == ' ' || s[2] == '.')) refuse("predicated instructions must be in IT block");
          lengths.push_back(0);
          return;
        }
        const std::string want = to_lower(ctx.block_cond);
        if (written >= 0 && written == as::operands::cond_value(want)) return lengths.push_back(2);
        refuse(fmt::format("incorrect condition in IT block; got '{}', but expected '{}'",
                           written >= 0 ? std::string(s.substr(0, 2)) : std::string("none"), want));
        return;
      }
      case Role::Width: {
        lengths.push_back(0);
        const std::string_view suffix = width_suffix(width);
        if (!suffix.empty() && s.starts_with(suffix)) lengths.push_back(suffix.size());
        return;
      }
      case Role::BlockPred: {
        const bool letter = !s.empty() && (s[0] == 't' || s[0] == 'e');
        if (ctx.block_pred) {
          if (!s.empty() && s[0] == ctx.block_pred) return lengths.push_back(1);
          refuse(fmt::format("incorrect predication in VPT block; got '{}', but expected '{}'",
                             letter ? std::string(1, s[0]) : std::string("none"), ctx.block_pred));
          return;
        }
        // A letter outside a predication block: llvm-mc and GNU as refuse it in a program.
        if (letter && ctx.blocks_known) refuse("VPT predicated instructions must be in VPT block");
        lengths.push_back(0);
        if (letter && !ctx.blocks_known) lengths.push_back(1);
        return;
      }
      case Role::None: return;
    }
  }
  std::string alternative(std::string_view text, Prefer* how) const override { return alternative_text(text, how); }
  bool blame_brackets() const override { return true; }
  // Inside an IT block every instruction spells the block's condition but
  // BKPT, which the manual runs unconditionally there; inside a VPT block
  // every one spells its letter (llvm-mc's words).
  const char* block_refusal(const as::WordTemplate& t, const as::AsmContext& ctx) const override {
    if (ctx.in_block && !t.takes_cond && t.inst->name != "BKPT") return "instructions in IT block must be predicable";
    if (ctx.block_pred && !t.takes_pred) return "instruction in VPT block must be predicable";
    return nullptr;
  }
  // As QEMU's Cortex-M55 runs them (random words of each kind checked against it, docs/mve.md):
  // UNDEFINED, except in the register lists of the multiple loads and stores, where QEMU takes the
  // bits as registers of the list.
  bool should_be_undefined(const spec::InstructionSpec& inst) const override {
    const std::string_view name = std::string_view(inst.name).substr(0, inst.name.find(','));  // "LDM, LDMIA, LDMFD"
    return name != "LDM" && name != "LDMDB" && name != "STM" && name != "STMDB" && name != "PUSH" && name != "POP";
  }
  bool prints_width(const spec::Encoding& enc, std::string_view text) const override {
    return wide_spelling(enc, text);
  }
  as::operands::List::Style list_style(std::string_view) const override { return as::operands::List::Style::Tight; }
  std::string modimm_function(uint32_t) const override { return "ThumbExpandImm"; }
  std::string modimm_refusal() const override {
    return "operand must be a modified immediate constant (an 8-bit value rotated right by 8 to 31 bits, or "
           "0x00XY00XY, 0xXY00XY00, 0xXYXYXYXY)";
  }

  // IT: the conditions of the instructions it covers; VPT and VPST: the
  // predicates they give themselves and the instructions they cover ("tte":
  // the block's first instruction is always t).
  Block opens(const spec::InstructionSpec& inst, const spec::Encoding& enc, const spec::Bits& word) const override {
    return {it_conditions(enc, word), vpt_predicates(inst, enc, word)};
  }
  std::string cond_block() const override { return "IT"; }
  std::string pred_block() const override { return "VPT"; }
  // Inside an IT block, as its last instruction (InITBlock() and
  // LastInITBlock() TRUE): the state in which the fewest instructions are refused.
  std::optional<std::pair<std::string, spec::Value>> in_block_state() const override {
    return std::pair<std::string, spec::Value>{"ITSTATE", spec::Value::bits(8, 0x08)};
  }

 private:
  std::string vpt_predicates(const spec::InstructionSpec& inst, const spec::Encoding& enc, const spec::Bits& word) const {
    if (inst.name.rfind("VPT", 0) != 0 && inst.name.rfind("VPST", 0) != 0) return "";
    for (const Operand& op : isa_->operands_of(enc))
      if (const auto* mask = std::get_if<operands::Table>(&op.kind); mask && op.name() == "mask")
        if (const auto text = mask->print(mask->decode(word))) return "t" + *text;
    return "";
  }

  std::vector<std::string> it_conditions(const spec::Encoding& enc, const spec::Bits& word) const {
    for (const Operand& op : isa_->operands_of(enc)) {
      const auto* itm = std::get_if<operands::ItMask>(&op.kind);
      if (!itm) continue;
      const spec::EncodingField* cf = enc.field(op.spec->reg_class);
      const uint64_t first = (word.low64() >> cf->lo) & 15;
      const uint64_t mask = itm->decode(word).a;
      int n = 3;
      while (n >= 0 && !((mask >> (3 - n)) & 1)) --n;
      if (n < 0) return {};
      std::vector<std::string> out{kCondNames[first]};
      for (int i = 0; i < n; ++i) out.push_back(kCondNames[(first & 14) | ((mask >> (3 - i)) & 1)]);
      return out;
    }
    return {};
  }

  // The `.w` of a listing, as llvm-objdump-19 writes it. LLVM spells each
  // 32-bit instruction in its tables; what they follow, said once:
  // a 32-bit word carries `.w` when a 16-bit encoding has its mnemonic (less
  // a condition) and takes the same kind of last operand (a register, an
  // immediate, an address or label, a register list; a shift is not an
  // operand here): `adds.w r0, r1, #1` and `and.w r0, r1, r2`, but `adcs r0,
  // r1, #1` (no 16-bit ADC takes an immediate) and `rsb r0, r1, r2` (the
  // 16-bit RSB takes only #0). Not on the address forms only 32-bit
  // encodings have: pre- and post-indexing (`[r1, #4]!`, `[r1], #4`) and a
  // negative offset from a base other than PC (`[r1, #-4]`; a literal
  // `[pc, #-4]` keeps it). LLVM's exceptions: the compares and tests and the
  // shifts write `.w` on every 32-bit form (its multiclasses for CMP CMN TST
  // TEQ and ASR LSL LSR ROR: `teq.w r0, #1`, `ror.w r0, r1, #3`), so does
  // ESB (`esb.w`), and MUL T2 never (`mul r0, r1, r2`).
  bool wide_spelling(const spec::Encoding& enc, std::string_view text) const {
    const std::string lowered = to_lower(text);
    const size_t mend = std::min(lowered.find(' '), lowered.size());
    std::string mnemonic = lowered.substr(0, std::min(lowered.find('.'), mend));
    const std::string operands = mend < lowered.size() ? lowered.substr(mend) : "";
    // The mnemonic's forms: as written, less a condition, less `s`.
    std::vector<std::string> bases{mnemonic};
    if (mnemonic.size() > 2 && cond_value(std::string_view(mnemonic).substr(mnemonic.size() - 2)) >= 0)
      bases.push_back(mnemonic.substr(0, mnemonic.size() - 2));
    for (size_t i = 0, n = bases.size(); i < n; ++i)
      if (bases[i].size() > 1 && bases[i].back() == 's') bases.push_back(bases[i].substr(0, bases[i].size() - 1));
    static const std::set<std::string> kAlways{"cmp", "cmn", "tst", "teq", "asr", "lsl", "lsr", "ror", "esb"};
    static const std::set<std::string> kNever{"mul"};
    for (const std::string& b : bases) {
      if (kNever.count(b)) return false;
      if (kAlways.count(b)) return true;
    }
    // Address forms only 32-bit encodings have.
    if (operands.find("]!") != std::string::npos || operands.find("], #") != std::string::npos) return false;
    const size_t neg = operands.find(", #-");
    if (neg != std::string::npos) {
      const size_t open = operands.rfind('[', neg);
      if (open != std::string::npos && operands.find(']', open) > neg && operands.compare(open + 1, 2, "pc") != 0) return false;
    }
    // The same kind of last operand as a 16-bit encoding of the mnemonic.
    const auto wide = wide_.find(&enc);
    for (const std::string& b : bases) {
      const auto narrow = narrow_.find(b);
      if (narrow == narrow_.end()) continue;
      if (wide == wide_.end()) return false;
      for (const auto& [stem, cls] : wide->second)
        if (mnemonic.compare(0, stem.size(), stem) == 0 && narrow->second.count(cls)) return true;
      return false;
    }
    return false;
  }

  // The kind of a template's last operand, a shift left out: 'r' a register,
  // '#' an immediate, '[' an address or a label, '{' a register list, 0 none.
  char operand_class(const as::WordTemplate& t) const {
    using Item = as::WordTemplate::Item;
    bool operands = false;  // past the mnemonic
    int depth = 0;
    char group = 0, last = 0;
    bool shift = false, group_start = true;
    auto close_group = [&] {
      if (group && !shift) last = group;
      group = 0;
      shift = false;
      group_start = true;
    };
    for (const Item& it : t.items) {
      if (it.kind == Item::Kind::Optional || it.kind == Item::Kind::Same) continue;
      if (it.kind == Item::Kind::Lit) {
        const std::string& s = it.text;
        for (size_t i = 0; i < s.size(); ++i) {
          const char c = s[i];
          if (!operands) {  // the mnemonic ends at a space, or at the first operand's # [ {
            operands = c == ' ' || c == '#' || c == '[' || c == '{';
            if (c == ' ') continue;
            if (!operands) continue;
          }
          if (group_start && c != ' ') {
            group_start = false;
            for (const char* w : {"lsl", "lsr", "asr", "ror", "rrx"})
              if (s.compare(i, 3, w) == 0) shift = true;
          }
          if (c == '[' || c == '{') {
            if (depth++ == 0 && !group) group = c == '[' ? '[' : '{';
          } else if (c == ']' || c == '}') {
            --depth;
          } else if (c == ',' && depth == 0) {
            close_group();
          } else if (c == '#' && depth == 0 && !group) {
            group = '#';
          }
        }
        continue;
      }
      if (!operands || depth > 0) continue;
      const bool first = group_start;
      group_start = false;
      const operands::Operand* op = isa_->operand_of(t, it);
      if (!op) continue;
      const auto& kind = op->kind;
      if (first && std::holds_alternative<operands::Table>(kind) && (it.text == "shift" || it.text == "rrx")) shift = true;
      if (group) continue;
      if (std::holds_alternative<operands::Label>(kind)) group = '[';
      else if (std::holds_alternative<operands::RegMask>(kind) || std::holds_alternative<operands::VRegList>(kind) ||
               std::holds_alternative<operands::List>(kind))
        group = '{';
      else if (std::holds_alternative<operands::Number>(kind) || std::holds_alternative<operands::ModImm>(kind) ||
               std::holds_alternative<operands::VfpImm>(kind) || std::holds_alternative<operands::Bitfield>(kind))
        group = '#';
      else
        group = 'r';
    }
    close_group();
    return last;
  }

  const as::WordIsa* isa_ = nullptr;
  std::map<std::string, std::set<char>> narrow_;  // 16-bit templates: mnemonic -> operand classes
  std::map<const spec::Encoding*, std::vector<std::pair<std::string, char>>> wide_;  // wider templates: (mnemonic, class)
};

}  // namespace

std::vector<uint8_t> t32_bytes(const spec::Bits& word) {
  const uint64_t v = word.low64();
  if (word.width() == 16) return {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)};
  return {static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24), static_cast<uint8_t>(v),
          static_cast<uint8_t>(v >> 8)};
}

std::unique_ptr<as::TargetRules> t32_rules() { return std::make_unique<T32Rules>(); }

}  // namespace mlisa::targets::mve
