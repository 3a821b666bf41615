// The bundle solver (docs/assembler.md, "Solving a bundle"). A bundle's slots
// share fields, so instructions are not encoded one by one and concatenated:
// each instruction gives a list of candidate assignments, and the solver picks
// one per slot so that they agree on every shared bit, minimising the cost key
//
//   (word width, shared immediate lanes read, shared scalar reads,
//    the set of lanes used, the set of scalar reads used (lowest-numbered first),
//    the candidates' ranks summed, the word's little-endian bytes)
//
// which does not depend on the order the slots were written in. The final word
// holds the solved bits on the chosen forms' writable bits, 0 on their
// unassigned writable bits, and the ISA's empty word elsewhere. The solver
// never picks slots, reorders, inserts waits or expands an instruction.
#pragma once

#include "asm/model.hpp"
#include "core/diag.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// `slot: text`; slot may be empty in a single-slot ISA.
struct InsnText {
  std::string slot;
  std::string text;
  SourceLocation loc;  // where the instruction text starts (for messages; parse_listing gives no line text)
};

// A named constraint `name=value` (docs/assembler.md, "Named constraints").
// `raw`, when set, is the field value itself and `value` only its rendering
// (empty when the value has no name); only the exporter builds such
// constraints, text never does.
struct ConstraintText {
  std::string name;
  std::string value;
  SourceLocation loc;
  std::optional<uint64_t> raw;
  std::string render() const { return name + "=" + value; }
};

struct BundleText {
  std::vector<InsnText> insns;
  std::vector<ConstraintText> constraints;
  SourceLocation loc;  // the bundle's opening
};

struct Candidate {
  int form = 0;
  int signature = 0;
  Assignment bits;
  // The encoder's preference among the encodings of one text, lowest first:
  // 0 for every bundle candidate; a single-word target's (asm/word_isa.hpp)
  // orders its syntax templates as llvm-mc chooses among them.
  uint64_t rank = 0;
};

// The candidates of one instruction text in one slot, or an empty list with
// the reason in *why and, in *why_at, where in `text` the refused part starts
// (the mnemonic, the operand, or the end of a text with too few operands).
// `text` may start with a predicate `(p3)`.
std::vector<Candidate> encode_insn(const Isa& isa, int slot, std::string_view text, std::string* why = nullptr,
                                   size_t* why_at = nullptr);

// A bundle's instructions encoded slot by slot, ready to solve under
// different constraint sets (the exporter solves one bundle many times).
struct Problem {
  struct SlotCandidates {
    int slot = 0;
    const InsnText* insn = nullptr;  // points into the BundleText given to prepare()
    std::vector<Candidate> candidates;
  };
  const Isa* isa = nullptr;
  std::vector<SlotCandidates> slots;  // occupied slots, in slot order
  SourceLocation loc;
};

struct Chosen {
  int slot = 0, form = 0, signature = 0;
};

struct Solution {
  Word word;
  std::vector<Chosen> chosen;  // in slot order
  uint64_t lanes = 0, reads = 0;
};

// Throws mlisa::InputError (with the instruction's location) for an unknown
// slot, a slot written twice, a missing mandatory slot, or an instruction
// without candidates. `bundle` must outlive the Problem.
Problem prepare(const Isa& isa, const BundleText& bundle);

// Solves under the given constraints; throws mlisa::InputError when no
// encoding exists: conflicting constraints, a slot whose candidates all
// vanish under its constraints (the message lists them), or instructions that
// cannot share fields (the message names the fields).
Solution solve(const Problem& p, const std::vector<ConstraintText>& constraints);
// As solve(), but returns nothing instead of throwing when no encoding exists.
std::optional<Solution> try_solve(const Problem& p, const std::vector<ConstraintText>& constraints);

// prepare() then solve() with the bundle's own constraints.
Solution assemble(const Isa& isa, const BundleText& bundle);

// The field value a constraint gives for a form's field: a symbol of a
// selector, or a decimal or 0x number. False with a reason otherwise.
bool parse_field_value(const FieldDef& fd, std::string_view value, uint64_t& out, std::string* why);
bool parse_field_value(const GlobalDef& gd, std::string_view value, uint64_t& out, std::string* why);

}  // namespace mlisa::as
