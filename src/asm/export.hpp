// Disassembly and export of machine words as listings (docs/assembler.md,
// "Export").
//
// Canonical export prints the visible instructions only; reassembling it
// picks the canonical encoding, which need not be the original bytes.
//
// Exact export adds, per bundle, the named constraints (`.encoding`) needed to
// rebuild the original bytes: none when the canonical encoding already equals
// the word; otherwise every named constraint of the decoded forms, then
// dropped one at a time in name order while the word is still reproduced
// (repeated until none can be dropped). The listing is then parsed back and
// assembled and compared byte for byte, so an exact listing is proven by the
// public assembler, not by the exporter's bookkeeping (a bundle that parses
// back to the unconstrained text whose solve gave the word is not solved twice).
//
// Refusals (mlisa::InputError):
//   "slot S is occupied but its predicate is NEVER"
//   "slot S: unsupported instruction form"
//   "named fields do not cover the original encoding"
//   "NAME: no named encoding for value 0x..."
// A failed reassembly check is mlisa::CheckFailed.
#pragma once

#include "asm/listing.hpp"

#include <string>
#include <vector>

namespace mlisa::as {

struct DecodedInsn {
  int slot = 0, form = 0, signature = 0;
  uint64_t predicate = 0;
  std::string text;  // `(p3) sadd s1, s2, 7`; no predicate prefix when it is the slot's `always`
};

// Every occupied slot, in slot order. A slot is occupied when its region
// differs from the empty word (always, for a slot without predicate). The
// first signature (in registration order) whose fixed fields match and whose
// operands all decode gives the text.
std::vector<DecodedInsn> decode_bundle(const Isa& isa, const Word& word);
BundleText bundle_text(const Isa& isa, const std::vector<DecodedInsn>& insns);

// Every named constraint of the decoded forms, with the word's values, sorted
// by name: the globals the forms reach, and per slot <slot>.opcode (or
// <slot>.form when the form has no opcode field) and <slot>.<field>.
std::vector<ConstraintText> named_constraints(const Isa& isa, const std::vector<DecodedInsn>& insns, const Word& word);

enum class ExportMode { Canonical, Exact };

// One bundle's text; not yet verified by reassembly.
BundleText export_bundle(const Isa& isa, const Word& word, ExportMode mode);

// A listing of the words, a line each, verified: an exact listing reassembles
// to the same bytes, a canonical one reassembles.
std::string export_listing(const Isa& isa, const std::vector<Word>& words, ExportMode mode);

}  // namespace mlisa::as
