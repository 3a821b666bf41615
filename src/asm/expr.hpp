// Operand expressions (docs/assembler.md, "Operands"). Each kind works in both
// directions:
//
//   encode(expr, text)  -> candidate Assignments (several when the same text
//                          has several encodings, e.g. a choice)
//   decode(expr, word)  -> text, or nothing when the word does not hold a
//                          value of the expression
//
// and the two are inverse: the text decode() prints encodes to a list holding
// a candidate that agrees with the word on every bit it assigns.
//
// Kinds:
//   literal   fixed text                       `all`
//   register  class prefix and number fields   `s5`, `v3`, or named registers
//   number    typed s/u/hex/f32 value of concatenated fields, or a constant
//   choice    a selector field choosing among alternative expressions
//   memory    `[base + offset, name=value, ...]` with named modifiers
//   table     fixed texts <-> values of several fields
//   pattern   fixed text with embedded operands `[hbm:{0}+{1}]`
//
// Field names are resolved against a form when a signature is added to the
// Isa (Isa::add_signature); an expression built here holds names only.
#pragma once

#include "asm/bits.hpp"
#include "asm/number.hpp"
#include "core/number_parse.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlisa::as {

// A reference to a field by name, read by an operand.
struct FieldRef {
  std::string name;
  uint32_t bits = 0;      // effective width: only the low `bits` are read (0: all)
  bool consumed = true;   // binding it reads a shared resource (lane, scalar read)

  // Filled by Isa::resolve.
  Field field;
  uint64_t lanes = 0, reads = 0;

  FieldRef() = default;
  FieldRef(const char* n) : name(n) {}  // NOLINT: implicit, for brevity in tables
  FieldRef(std::string n) : name(std::move(n)) {}  // NOLINT
  FieldRef& low(uint32_t n) { bits = n; return *this; }
  FieldRef& unread() { consumed = false; return *this; }
  uint32_t effective() const { return bits ? bits : field.width; }
};

enum class ExprKind : uint8_t { Literal, Register, Number, Choice, Memory, Table, Pattern };

// How a number narrower than its type is widened.
enum class Ext : uint8_t { Zero, Sign };

struct Expr;

struct TableEntry {
  std::string text;
  std::vector<std::pair<FieldRef, uint64_t>> values;
};

// One node of an operand expression. Which members matter depends on `kind`;
// build nodes with the functions in namespace ex below.
struct Expr {
  ExprKind kind = ExprKind::Literal;
  std::string text;              // literal: the text; register: class prefix; pattern: template
  std::vector<FieldRef> fields;  // register, number: most significant first; choice: {selector}
  // number
  NumType type;
  Ext ext = Ext::Zero;
  uint64_t constant = 0;         // a number without fields is this constant
  // register: number = raw * scale + offset, or names[raw] when names is non-empty
  int64_t scale = 1, offset = 0;
  std::vector<std::string> names;
  // choice: subs[i] is selected by selectors[i]; memory: subs = {base[, offset]};
  // pattern: subs[i] is {i}
  std::vector<uint64_t> selectors;
  std::vector<Expr> subs;
  bool has_offset = false;               // memory
  std::vector<std::string> modifier_names;  // memory: `sm` of `sm=3`
  std::vector<Expr> modifiers;
  std::vector<TableEntry> table;         // table
};

namespace ex {

Expr literal(std::string text);
Expr reg(std::string prefix, std::vector<FieldRef> fields, int64_t scale = 1, int64_t offset = 0);
Expr named_reg(std::vector<std::string> names, std::vector<FieldRef> fields);
Expr number(NumType type, std::vector<FieldRef> fields, Ext ext = Ext::Zero);
Expr constant(NumType type, uint64_t value);
Expr choice(FieldRef selector, std::vector<std::pair<uint64_t, Expr>> alternatives);
// `[base]`, `[base + offset]`; modifiers `name=value` follow after commas in any
// order; an omitted modifier writes 0 to its fields. With an offset, `[base]`
// is accepted as `[base + 0]` and printed when the offset decodes to 0.
Expr memory(Expr base, std::vector<std::pair<std::string, Expr>> modifiers = {});
Expr memory(Expr base, Expr offset, std::vector<std::pair<std::string, Expr>> modifiers = {});
Expr table(std::vector<TableEntry> entries);
Expr pattern(std::string templ, std::vector<Expr> operands);

}  // namespace ex

// Candidates for `text` (already trimmed) in words of `width` bits. On no
// candidate, *why (when given) says what was wrong.
std::vector<Assignment> encode(const Expr& e, std::string_view text, uint32_t width, std::string* why = nullptr);
// The text of the operand in `word`, or false.
bool decode(const Expr& e, const Word& word, std::string& out);

// Every field an expression may bind (for memory's omitted modifiers).
void collect_fields(const Expr& e, std::vector<const FieldRef*>& out);

// Cartesian product of candidate lists: merged, conflicting combinations and
// duplicates dropped.
std::vector<Assignment> product(const std::vector<std::vector<Assignment>>& lists, uint32_t width);
void drop_duplicates(std::vector<Assignment>& v);

// Text helpers shared with the listing parser.
using mlisa::trim;  // core/number_parse.hpp
std::string strip_space(std::string_view s);  // every whitespace character removed
// Splits on `sep` outside (), [] and {}; each part trimmed. An empty text is no parts.
std::vector<std::string_view> split_top(std::string_view s, char sep);

}  // namespace mlisa::as
