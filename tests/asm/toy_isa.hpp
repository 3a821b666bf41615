// Synthetic ISAs for the asm tests.
//
// toy_bundle(): a 160-bit bundle (not a multiple of 64 on purpose)
//
//   [0,64)    imm0..imm3   four shared 16-bit immediate lanes (scalars reach imm0, imm1)
//   [64,72)   vs0, vs1     two shared 4-bit scalar-read fields (the vector slot reads scalars here)
//   [72,96)   slot s0      pred:5 opcode:4 d:4 x:4 y:3 sy:4
//   [96,120)  slot s1      the same layout
//   [120,150) slot v       pred:5 opcode:3 vd:4 va:4 b:3 vb:4 sm:2 dsel:1 sd:4
//   [150,160) unused
//
// Predicates are 5 bits, NEVER = 31, written `(pN)`. The scalar Y selector y
// has 0 const(0), 1 const(1), 2 lo(imm0), 3 lo(imm1), 4 sext(imm0),
// 5 sext(imm1), 6 sy (register), and 7 — a second constant zero with no
// symbolic name (so exporting it is refused with "no named encoding").
//
// toy_thumb(): a single-slot ISA of 32 bits with a 16-bit and a 32-bit form of
// `adds` (like T32's T1 and T2 encodings).
#pragma once

#include "asm/model.hpp"

#include <random>

namespace mlisa::as::test {

struct ToyLayout {
  static constexpr uint32_t kWidth = 160;
  static constexpr uint32_t scalar_base(int slot) { return 72 + 24 * static_cast<uint32_t>(slot); }
  static constexpr uint32_t kVector = 120;
};

const Isa& toy_bundle();
const Isa& toy_thumb();

// A random word of valid, nameable instructions: random occupied slots,
// forms, predicates (never NEVER), selector values that have symbols, random
// other fields and random values in the lanes the forms reach.
Word random_bundle(const Isa& isa, std::mt19937_64& rng);

}  // namespace mlisa::as::test
