// The assembler, decoder and printer of a single-word target (Arm T32, A64):
// a target whose isa/<target>/ has no bundle*.isa. A sibling of spec_isa.hpp
// (which builds the bundle solver's model): here every encoding is one form
// and every syntax template one signature, matched directly against the text.
//
// Assembling: the text is matched against each template in spec order
// (optional parts `{...}` present or absent; `<c>` matches only the empty
// condition, `<q>` empty or `.w`/`.n`, `<v>` empty or the VPT suffix `t`/`e`);
// each operand assigns the bits of its FIELDS, table operands (including
// empty spellings) assign their patterns' bits, the diagram's fixed and
// should-be bits are set, and bits nothing names are 0. A candidate whose
// decode pseudocode ends in UNDEFINED, UNPREDICTABLE, CONSTRAINED
// UNPREDICTABLE or SEE is refused; the first accepted one is the word.
//
// Decoding: the encodings whose fixed bits match, in spec order; the first
// whose decode runs to its end (a SEE or UNDEFINED moves on to the next).
//
// Register lists (`{ <Zn1>.H-<Zn2>.H }`, a `list` operand): the text gives
// the registers as a range (`{z0.h-z3.h}`) or one by one (`{z31.h, z0.h}`),
// consecutive modulo 32 (or the operand's stride); the first one is encoded.
//
// Printing: the first template of the encoding whose table operands all have
// a spelling for the word's bits; optional parts are left out.
#pragma once

#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace mlisa::targets {

struct WordTemplate {
  struct Item {
    enum class Kind : uint8_t { Lit, Operand, Optional, List } kind;
    std::string text;          // Lit: normalised literal text; Operand, List: name (of the list's first register)
    std::vector<Item> items;   // Optional; List: one Lit, the element suffix (".h")
  };
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  size_t syntax = 0;
  std::vector<Item> items;
};

class WordIsa {
 public:
  // Throws mlisa::InputError (at the spec line) for an operand kind this
  // assembler does not support.
  WordIsa(const spec::TargetSpec& spec, const spec::BuiltinTable& builtins);

  const spec::TargetSpec& spec() const { return spec_; }
  const std::vector<WordTemplate>& templates() const { return templates_; }
  // Features the decode pseudocode sees (IsFeatureImplemented).
  std::set<std::string>& features() { return engine_.features; }

  struct Assembled {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
    spec::Bits word;
  };
  // One instruction. Throws mlisa::InputError naming the text.
  Assembled assemble(const std::string& text) const;

  // The encoding a word decodes to (its width is the encoding's), or null:
  // `why` then says UNDEFINED or the last refusal.
  const spec::Encoding* decode(const spec::Bits& word, const spec::InstructionSpec** inst = nullptr,
                               std::string* why = nullptr) const;

  // The canonical text of a word of `enc`, or "" when no template fits.
  std::string print(const spec::Encoding& enc, const spec::Bits& word) const;

  // A 32-bit T32 word as memory holds it: the halfword of bits 31:16 first,
  // each halfword little-endian; a 16-bit word as one halfword.
  static std::vector<uint8_t> t32_bytes(const spec::Bits& word);

 private:
  // The decode pseudocode's verdict on a word: "" when it runs to its end.
  std::string decode_verdict(const spec::Encoding& enc, const spec::Bits& word) const;

  const spec::TargetSpec& spec_;
  std::vector<WordTemplate> templates_;
  mutable spec::Engine engine_;
};

}  // namespace mlisa::targets
