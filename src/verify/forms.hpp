// Forms of every encoding of a single-word target (mve, sme2), drawn from the
// specs: `mlisa gen forms` and the test that holds them against llvm-mc-19
// and llvm-objdump-19 (tests/targets/forms_scale_test.cpp).
//
// For each encoding, words are drawn from its diagram (fixed bits as drawn,
// should-be bits at their given values, every field leaning to 0-3, all ones
// or random: draw_word, which the isa suite uses too); a word is kept when it
// decodes to that encoding and the printer spells it, and its text differs
// from the texts kept before. Label operands print as the offset from the PC
// the instruction reads (`b #-420`, `cbz w5, #8`), as llvm-mc's listings
// spell them, so each form assembles alone at any address. An IT or VPT
// instruction comes with the block it opens (`nop<c>`, `vadd{t,e}.i32 q0,
// q0, q0`); an encoding printed only inside an IT block (16-bit ADD without
// S) comes after `it eq`; A64's MOVPRFX with the instruction it prefixes.
//
// Bad lines, per encoding, mutate its first form: a register number past
// the end of its file (q8, r16, z32, p16, ...), a register of another class
// (r3 -> q3, q3 -> s3, s3 -> r3, d3 -> q3; x3, w3, p3 -> z3, z3 -> x3) and an
// immediate out of reach (#1048577: no T32 or A64 immediate field, modified
// or shifted, holds it). A mutation both assemblers accept is no bad line
// (the test counts it apart).
#pragma once

#include "asm/word_isa.hpp"
#include "verify/mve_cases.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace mlisa::verify::forms {

// A word of `enc` drawn from its diagram: fixed and should-be bits set, each
// field 0-3, all ones or random (register lists, counts and shift amounts
// have narrow valid ranges). Not checked against the decode.
uint64_t draw_word(const spec::Encoding& enc, mve::Rng& r);

struct Options {
  unsigned per_encoding = 6;  // forms kept per encoding (at most)
  unsigned draws = 256;       // words drawn per encoding (at most)
  uint64_t seed = 1;
};

struct Form {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  std::string id;                  // "add_register.t3": the instruction and encoding, as the isa suite names them
  std::vector<std::string> lines;  // the instruction, with the IT or VPT block it opens or needs
  size_t main = 0;                 // the line of the drawn word
  uint64_t word = 0;
};

struct BadLine {
  std::string id;  // the encoding's, as Form::id
  std::string line;
  std::string why;  // "register out of range", "register of another class", "immediate out of range", "extra operand"
};

struct Forms {
  size_t encodings = 0;                // every encoding of the target
  std::vector<std::string> uncovered;  // ids of encodings no drawn word printed as
  std::vector<Form> good;
  std::vector<BadLine> bad;
};

Forms generate(const as::WordIsa& isa, const Options& o);

// The forms as a source: each form after a comment naming its encoding (and,
// with `labels`, a label `f<N>:` of its index, which keeps llvm-mc's
// -show-encoding output in step with the forms); bad lines one a line.
std::string good_source(const as::WordIsa& isa, const Forms& f, bool labels);
std::string bad_source(const as::WordIsa& isa, const Forms& f);

// "add_register.t3" from "ADD (register)" and "T3".
std::string form_id(const spec::InstructionSpec& inst, const spec::Encoding& enc);

}  // namespace mlisa::verify::forms
