// T32's rules (t32_rules.hpp).
#include "targets/mve/t32_rules.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "targets/word_operands.hpp"

#include <fmt/format.h>

#include <elf.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <variant>

namespace mlisa::targets::mve {

namespace {

using operands::cond_value;
using operands::kCondNames;
using operands::Operand;

// Flips: an immediate the assemblers take by flipping the instruction to
// its complement (add <-> sub, cmp <-> cmn, mov <-> mvn, and <-> bic,
// orr <-> orn, adc <-> sbc): a negative one, or a positive one whose
// complement (and r0, #0xffffff00 is bic r0, r0, #255) or, from 2^31 up,
// negation the partner holds; the flipped text, or "" when the text has
// no such immediate. `first` says whether the flip is tried before the
// text as written (add/sub with #-: llvm-mc's add r0, r1, #-1 is sub.w r0,
// r1, #1) or after it (the others: cmp.w r0, #-1 and movs.w r0, #-1 are
// modified immediates as written).
std::string flip(std::string_view text, bool* first) {
  // The immediate: the number after the last '#' (negative after `#-`).
  const size_t hash = text.rfind('#');
  if (hash == std::string_view::npos) return "";
  const bool negative = text.substr(hash, 2) == "#-";
  const std::string_view digits = text.substr(hash + (negative ? 2 : 1));
  uint64_t mag = 0;
  bool neg = false;
  if (digits.empty() || digits[0] == '-' || digits[0] == '+' || scan_integer(digits, mag, neg) != digits.size() || mag == 0 ||
      mag > 0xffffffffu)
    return "";
  size_t start = 0;
  while (start < text.size() && std::isspace(static_cast<unsigned char>(text[start]))) ++start;
  const std::string lowered = to_lower(text.substr(start));
  // Pairs whose value is negated (-v) and pairs whose value is inverted (~v = v - 1 here).
  static const std::pair<const char*, const char*> kNegate[] = {{"add", "sub"}, {"sub", "add"}, {"cmp", "cmn"}, {"cmn", "cmp"}};
  static const std::pair<const char*, const char*> kInvert[] = {{"mov", "mvn"}, {"mvn", "mov"}, {"and", "bic"}, {"bic", "and"},
                                                                {"orr", "orn"}, {"orn", "orr"}, {"adc", "sbc"}, {"sbc", "adc"}};
  auto flip = [&](const auto& table, uint64_t value) -> std::string {
    for (const auto& [from, to] : table) {
      const std::string_view f(from);
      if (lowered.compare(0, f.size(), f) != 0) continue;
      *first = negative && (f == "add" || f == "sub");
      return std::string(text.substr(0, start)) + to + std::string(text.substr(start + f.size(), hash + 1 - start - f.size())) +
             std::to_string(value);
    }
    return "";
  };
  if (negative) {
    std::string out = flip(kNegate, mag);
    if (out.empty()) out = flip(kInvert, mag - 1);
    return out;
  }
  // A positive value the instruction cannot hold whose complement (~v:
  // and <-> bic, orr <-> orn, mov <-> mvn, adc <-> sbc) or, from 2^31 up,
  // negation (-v: add <-> sub, cmp <-> cmn) its partner holds, as llvm-mc-19
  // assembles `and r0, #0xffffff00` (bic r0, r0, #255). llvm-mc refuses
  // `movs r0, #0xffffff00`; so does this.
  if (lowered.compare(0, 4, "movs") == 0) return "";
  if (mag >= 0x80000000u) {
    std::string out = flip(kNegate, (uint64_t{1} << 32) - mag);
    if (!out.empty()) return out;
  }
  return flip(kInvert, ~mag & 0xffffffffu);
}

// Whether a 32-bit value is a modified immediate (ThumbExpandImm of some field value).
bool modified_immediate(const operands::ExpandTable* modimm, uint32_t value) {
  return modimm && !modimm->fields_of(value).empty();
}

// GNU as's `ldr Rt, =VALUE` (T32), as GNU as and llvm-mc-19 assemble it: a
// number MOV.W, MVN.W or MOVW holds becomes that instruction (`ldr r1, =1` is
// `mov.w r1, #1`); any other value, or a symbol expression, is a load of a
// literal pool word (`ldr Rt, <pool label>`). A pool is placed at each
// `.ltorg` (or `.pool`), and what remains at the end of its section, aligned
// to 4 with zero bytes; within a pool equal values share a word. The text
// keeps its lines (a pool is written on the `.ltorg` line, with `;`).
std::string expand_literal_loads(std::string_view text, const operands::ExpandTable* modimm) {
  static const std::regex load(R"(^(\s*(?:[A-Za-z_.$][\w.$]*:\s*)*)(ldr(?:eq|ne|cs|hs|cc|lo|mi|pl|vs|vc|hi|ls|ge|lt|gt|le|al)?(?:\.w|\.n)?)\s+(\w+)\s*,\s*=\s*(.*?)\s*$)",
                               std::regex::icase);
  static const std::regex section(R"(^\s*(\.text|\.data|\.bss|\.section\s+[^\s,;@]+[^;@]*)\s*(?:@.*)?$)");
  static const std::regex ltorg(R"(^\s*\.(?:ltorg|pool)\s*(?:@.*)?$)");
  if (text.find('=') == std::string_view::npos) return std::string(text);
  struct Pool {
    std::string enter;                                  // the directive that enters the section
    std::vector<std::pair<std::string, std::string>> words;  // (value, label)
  };
  std::map<std::string, Pool> pools;  // by section name
  std::vector<std::string> order;     // sections in the order of their first pool word
  std::string current = ".text";
  int labels = 0;
  auto flush = [&](Pool& p) {
    std::string out = ".balign 4, 0";
    for (const auto& [value, label] : p.words) out += fmt::format("; {}: .word {}", label, value);
    p.words.clear();
    return out;
  };
  std::string out;
  size_t at = 0;
  while (at <= text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(at, nl - at));
    std::string code = line.substr(0, line.find('@'));
    std::smatch m;
    if (std::regex_match(code, m, section)) {
      const std::string d = m[1];
      current = d.rfind(".section", 0) == 0 ? d.substr(8 + d.substr(8).find_first_not_of(" \t")) : d;
      current = current.substr(0, current.find_first_of(" \t,"));
      if (!pools.count(current)) pools[current].enter = d;
    } else if (std::regex_match(code, m, ltorg)) {
      line = pools.count(current) && !pools[current].words.empty() ? flush(pools[current]) : "";
    } else if (std::regex_match(code, m, load)) {
      const std::string prefix = m[1], mnemonic = m[2], reg = m[3], value = m[4];
      const std::string cond = mnemonic.size() >= 5 && mnemonic[3] != '.' ? mnemonic.substr(3, 2) : "";
      const bool narrow = mnemonic.size() > 2 && to_lower(mnemonic.substr(mnemonic.size() - 2)) == ".n";
      uint64_t mag = 0;
      bool neg = false;
      std::string replaced;
      if (!narrow && scan_integer(value, mag, neg) == value.size() && mag <= 0xffffffffu) {
        const uint32_t v = static_cast<uint32_t>(neg ? 0 - mag : mag);
        if (modified_immediate(modimm, v)) replaced = fmt::format("mov{}.w {}, #{}", cond, reg, v);
        else if (modified_immediate(modimm, ~v)) replaced = fmt::format("mvn{}.w {}, #{}", cond, reg, ~v);
        else if (v <= 0xffff) replaced = fmt::format("movw{} {}, #{}", cond, reg, v);
      }
      if (replaced.empty()) {
        Pool& p = pools[current];
        if (p.enter.empty()) p.enter = current == ".text" ? ".text" : ".section " + current;
        if (std::find(order.begin(), order.end(), current) == order.end()) order.push_back(current);
        std::string label;
        for (const auto& [v, l] : p.words)
          if (v == value) label = l;
        if (label.empty()) {
          label = fmt::format(".Lmlisa_literal{}", labels++);
          p.words.emplace_back(value, label);
        }
        replaced = fmt::format("{} {}, {}", mnemonic, reg, label);
      }
      line = prefix + replaced;
    }
    out += line;
    if (nl == text.size()) break;
    out += '\n';
    at = nl + 1;
  }
  // What no .ltorg placed: at the end of its section.
  for (const std::string& name : order)
    if (!pools[name].words.empty()) out += fmt::format("\n{}; {}\n", pools[name].enter, flush(pools[name]));
  return out;
}

class T32Rules final : public TargetRules {
 public:
  std::string_view name() const override { return "t32"; }
  void prepare(const WordIsa& isa) override {
    isa_ = &isa;
    for (const WordTemplate& t : isa.templates())
      if (t.enc->width == 16 && !t.stem.empty()) narrow_stems_.insert(t.stem);
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
    const unsigned top = rest[1] >> 3;
    return top == 0x1d || top == 0x1e || top == 0x1f ? 32 : 16;
  }
  as::ElfOptions elf() const override { return as::ElfOptions{false, EM_ARM, 0x05000000}; }  // EF_ARM_EABI_VER5
  std::string code_mapping() const override { return "$t"; }
  std::vector<uint8_t> nop() const override { return {0x00, 0xbf}; }

  std::string comment() const override { return "@"; }
  std::string listing_preamble() const override { return "\t.syntax unified\n\t.thumb\n"; }
  std::string rewrite_source(std::string_view text) const override {
    return expand_literal_loads(text, isa_ ? isa_->modimm_table() : nullptr);
  }
  // `<c>` without a cond operand of its own: the IT block's condition; `<q>`
  // the width qualifier (.w/.n); `<v>` the VPT block's predicate letter.
  WordTemplate::Item::Role role_of(std::string_view name, bool own_cond) const override {
    using Role = WordTemplate::Item::Role;
    if (name == "c" && !own_cond) return Role::BlockCond;
    if (name == "q") return Role::Width;
    if (name == "v") return Role::BlockPred;
    return Role::None;
  }
  std::string_view width_suffix(uint32_t width) const override { return width == 32 ? ".w" : width == 16 ? ".n" : ""; }
  std::string alternative(std::string_view text, bool* first) const override { return flip(text, first); }
  bool blame_brackets() const override { return true; }
  bool prints_width(std::string_view text) const override {
    // A negative offset in an address (`[r1, #-4]`): only 32-bit forms have it.
    // A branch's negative `#-` offset says nothing of its width.
    const bool address = text.find('[') != std::string_view::npos;
    if (text.find('!') != std::string_view::npos || text.find("], #") != std::string_view::npos ||
        (address && text.find("#-") != std::string_view::npos))
      return false;
    const std::string mnemonic = to_lower(text.substr(0, std::min(text.find(' '), text.find('.'))));
    if (narrow_stems_.count(mnemonic)) return true;
    return mnemonic.size() > 2 && cond_value(std::string_view(mnemonic).substr(mnemonic.size() - 2)) >= 0 &&
           narrow_stems_.count(mnemonic.substr(0, mnemonic.size() - 2));
  }
  std::string modimm_function() const override { return "ThumbExpandImm"; }

  // IT: the conditions of the instructions it covers; VPT and VPST: the
  // predicates they give themselves and the instructions they cover ("tte":
  // the block's first instruction is always t).
  Block opens(const spec::InstructionSpec& inst, const spec::Encoding& enc, const spec::Bits& word) const override {
    return {it_conditions(enc, word), vpt_predicates(inst, enc, word)};
  }
  std::string cond_block() const override { return "IT"; }
  std::string pred_block() const override { return "VPT"; }
  std::string pred_letters() const override { return "te"; }
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

  const WordIsa* isa_ = nullptr;
  std::set<std::string> narrow_stems_;  // the mnemonics of 16-bit templates
};

}  // namespace

std::vector<uint8_t> t32_bytes(const spec::Bits& word) {
  const uint64_t v = word.low64();
  if (word.width() == 16) return {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)};
  return {static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24), static_cast<uint8_t>(v),
          static_cast<uint8_t>(v >> 8)};
}

std::unique_ptr<TargetRules> t32_rules() { return std::make_unique<T32Rules>(); }

}  // namespace mlisa::targets::mve
