// T32's rules for the single-word engine (asm/word_isa.hpp,
// TargetRules): what the mve target says once that the generic assembler,
// decoder, printer and front end do not know.
//
// - Words: 16- or 32-bit, the length told by the first halfword (0b11101,
//   0b11110, 0b11111 in bits 15:11 begin a 32-bit word); memory holds a
//   32-bit word as its halfword of bits 31:16 first, each halfword
//   little-endian; an instruction reads PC as its address + 4.
// - Widths: `.n` names the 16-bit encodings, `.w` the 32-bit ones. A
//   listing writes `.w` on a 32-bit word (llvm-objdump's spelling) when its
//   mnemonic, less a condition, also names a 16-bit encoding and its operands
//   are not a form only 32-bit encodings have (writeback `!`, post-index
//   `], #`, a negative address offset `[rn, #-4]`).
// - Blocks: IT gives the next one to four instructions their conditions
//   (`<c>` without a cond operand of its own: the block's condition, which
//   the decode pseudocode sees through ITSTATE); MVE's VPT and VPST give
//   themselves and the instructions they cover the predicate letters t and e
//   (`<v>`).
// - Flips: an immediate the written instruction cannot hold is tried on its
//   complementary instruction (add <-> sub, cmp <-> cmn, mov <-> mvn,
//   and <-> bic, orr <-> orn, adc <-> sbc): negative values, and positive
//   ones whose complement or, from 2^31 up, negation the partner holds, with
//   the bytes of llvm-mc-19 (`add r0, r1, #-1` is tried as `sub.w r0, r1, #1`
//   first; `cmp.w r0, #-1` and `movs.w r0, #-1` are modified immediates as
//   written; `movs r0, #0xffffff00` is refused, as llvm-mc refuses it).
// - Modified immediates (`modimm` operands) are the values of the specs'
//   ThumbExpandImm (isa/mve/shared_int.isa), computed once per field value.
// - Source: `ldr Rt, =VALUE` becomes MOV.W, MVN.W or MOVW where one holds
//   the value, else a load from a literal pool (docs/assembler.md).
#pragma once

#include "asm/word_isa.hpp"

#include <cstdint>
#include <memory>
#include <vector>

namespace mlisa::targets::mve {

// A T32 word as memory holds it: a 32-bit one as its halfword of bits 31:16
// first, each halfword little-endian; a 16-bit one as one halfword.
std::vector<uint8_t> t32_bytes(const spec::Bits& word);
// Whether a first halfword begins a 32-bit word (bits 15:11 0b11101,
// 0b11110 or 0b11111).
inline bool t32_wide(uint64_t first_halfword) { return (first_halfword >> 11 & 0x1fu) >= 0b11101; }
// The word that begins with a halfword: 16-bit, or 32-bit with `second`.
inline spec::Bits t32_word(uint64_t first_halfword, uint64_t second_halfword) {
  return t32_wide(first_halfword) ? spec::Bits(32, first_halfword << 16 | second_halfword)
                                  : spec::Bits(16, first_halfword);
}

std::unique_ptr<as::TargetRules> t32_rules();

}  // namespace mlisa::targets::mve
