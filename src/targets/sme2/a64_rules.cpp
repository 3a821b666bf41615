// A64's rules (a64_rules.hpp).
#include "targets/sme2/a64_rules.hpp"

#include <elf.h>

namespace mlisa::targets::sme2 {

namespace {

class A64Rules final : public TargetRules {
 public:
  std::string_view name() const override { return "a64"; }
  as::ElfOptions elf() const override { return as::ElfOptions{true, EM_AARCH64, 0}; }
  std::string code_mapping() const override { return "$x"; }
  std::vector<uint8_t> nop() const override { return {0x1f, 0x20, 0x03, 0xd5}; }
};

}  // namespace

std::unique_ptr<TargetRules> a64_rules() { return std::make_unique<A64Rules>(); }

}  // namespace mlisa::targets::sme2
