// A bundle signature's operands (docs/assembler.md, "Operands"): the operand
// kinds of asm/operands.hpp, placed in the bundle word. The operand text of
// an instruction is matched whole, left to right, against the signature's
// line (its operands, `,` between them): its candidates are every
// assignment of fields that prints as the text (several where the text
// leaves a choice), and printing reads a word. A bundle uses
//
//   Reg, Number, Table   as every target does
//   Choice               a selector field choosing among alternatives:
//                        constants, numbers of (shared) fields, registers
//   Mem                  `[base (+|-) offset, name=value, ...]`: other
//                        operands in brackets, the modifiers in any order
//
// A text operand is literal text around such operands: `<buf>[<Sl>]`,
// `rows=<Sr>`, `l0b[<row>]`, or just `<Vd>`; the one template matcher
// (template.hpp) lines the text up with it, an operand taking the text up to
// each place its next literal follows.
#pragma once

#include "asm/bits.hpp"
#include "asm/number.hpp"
#include "asm/operands.hpp"
#include "asm/reading.hpp"
#include "asm/template.hpp"
#include "core/number_parse.hpp"

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace mlisa::as {

// One comma-separated operand of a signature's text: a template
// (template.hpp) of literal text around operands, whose items' operand
// indices are the signature's kinds.
struct TextOperand {
  TextOperand() = default;
  // literals[0] refs[0] literals[1] ... refs[n-1] literals[n]; throws
  // std::invalid_argument unless there is one more literal than refs.
  TextOperand(std::vector<std::string> literals, std::vector<int> refs, std::string shown);
  std::vector<TemplateItem> items;
  std::string shown;  // as the spec writes it (`<buf>[<Sl>]`), for messages
};

// A signature's operands as one template: their items, a literal `,`
// between them. An instruction's operand text is matched whole against it.
std::vector<TemplateItem> line_of(std::span<const TextOperand> ops);

// The candidates for `text` (no white space: the matcher does not skip it)
// read by `items`, each merged with `start`; none, with the refusal in
// *refusal (when given), when it cannot be encoded: the one that says most
// (Refusal::note), at its position in `text`. A Syntax refusal without a
// message is a literal the text does not go on with.
std::vector<Assignment> encode(std::span<const operands::Kind> kinds, std::span<const TemplateItem> items, std::string_view text,
                               const Assignment& start, Refusal* refusal = nullptr);

// The candidates for the one operand `text` (trimmed) in words of `width`
// bits; none, with the reason in *why (when given), when it cannot be encoded.
std::vector<Assignment> encode(std::span<const operands::Kind> kinds, const TextOperand& op, std::string_view text,
                               uint32_t width, std::string* why = nullptr);
// Why `text` is not the operand, where no operand of it refused its own
// piece: its literals do not match.
std::string mismatch(const TextOperand& op, std::string_view text);
// A refusal of `text` as the operand, in words: the operand's (operands::describe),
// or mismatch() for a literal the text does not go on with.
std::string refusal_text(const Refusal& r, const TextOperand& op, std::string_view text);
// The operand's text in `word`, or false when the word holds no value of it.
bool print(std::span<const operands::Kind> kinds, const TextOperand& op, const Word& word, std::string& out);

// Cartesian product of candidate lists: merged, conflicting combinations and
// duplicates dropped.
std::vector<Assignment> product(const std::vector<std::vector<Assignment>>& lists, uint32_t width);
void drop_duplicates(std::vector<Assignment>& v);

}  // namespace mlisa::as
