// A64's rules for the single-word engine (asm/word_isa.hpp,
// TargetRules): 32-bit little-endian words, PC the instruction's address, no
// blocks, no width qualifiers; `//` comments, the mapping symbol `$x`, NOP
// padding, ELFCLASS64 EM_AARCH64 objects; the logical immediates are the
// `modimm` operands, valued by the specs' BitmaskImmediate.
#pragma once

#include "asm/word_isa.hpp"

#include <memory>

namespace mlisa::targets::sme2 {

std::unique_ptr<as::TargetRules> a64_rules();

}  // namespace mlisa::targets::sme2
