// A64's rules (a64_rules.hpp).
#include "targets/sme2/a64_rules.hpp"

#include "core/number_parse.hpp"

#include <elf.h>

namespace mlisa::targets::sme2 {

namespace {

class A64Rules final : public TargetRules {
 public:
  std::string_view name() const override { return "a64"; }
  as::ElfOptions elf() const override { return as::ElfOptions{true, EM_AARCH64, 0}; }
  std::string code_mapping() const override { return "$x"; }
  std::vector<uint8_t> nop() const override { return {0x1f, 0x20, 0x03, 0xd5}; }

  // ADD and SUB (immediate) of a negative immediate are the other one of the
  // pair with its magnitude (`add x0, x1, #-3` is `sub x0, x1, #3`), as
  // llvm-mc-19 reads them (`#-0` is #0); tried when the text as written is refused.
  std::string alternative(std::string_view text, Prefer* how) const override {
    text = trim(text);
    const size_t sp = text.find_first_of(" \t");
    if (sp == std::string_view::npos) return "";
    const std::string mnemonic = to_lower(text.substr(0, sp));
    if (mnemonic != "add" && mnemonic != "sub") return "";
    const std::vector<std::string_view> ops = split_top(text.substr(sp + 1), ',');
    if (ops.size() < 3 || ops.size() > 4) return "";
    const std::string_view imm = trim(ops[2]);
    uint64_t mag = 0;
    bool neg = false;
    if (!imm.starts_with("#-") || scan_integer(imm.substr(1), mag, neg) != imm.size() - 1 || !neg) return "";
    *how = Prefer::After;
    // `#-0` is #0 of the same instruction.
    std::string out = (mag == 0 ? mnemonic : mnemonic == "add" ? "sub" : "add") + " " + std::string(trim(ops[0])) + ", " + std::string(trim(ops[1])) + ", #" +
                      std::to_string(mag);
    if (ops.size() == 4) out += ", " + std::string(trim(ops[3]));
    return out;
  }
};

}  // namespace

std::unique_ptr<TargetRules> a64_rules() { return std::make_unique<A64Rules>(); }

}  // namespace mlisa::targets::sme2
