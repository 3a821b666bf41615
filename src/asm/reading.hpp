// What an operand of each kind (operands.hpp) reads from a line of
// assembly, and why it takes nothing there: the one operand reader of every
// engine. The template matcher (template.hpp) hands an engine each operand
// at its place in the line; the engine asks read() for the ways the kind
// takes the text there and writes each with encode(). The word engine
// (word_isa.cpp) lets the kind decide how much text it takes and, on a
// refusal, asks refusal() what to tell the user, in llvm-mc's words; a
// bundle's signatures (signature.cpp) keep the ways that take an operand's
// whole text and word their refusals their own way.
//
// A list is read with the element suffix its template gives (read_list), a
// label with its place in a program (read_label). Mem is the bundle
// engine's: other operands in brackets.
#pragma once

#include "asm/bits.hpp"
#include "asm/operands.hpp"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// Why a text was refused, as llvm-mc says it: the failure furthest into the
// text (the operand to blame), merged over the templates that fail at the
// same operand in the same way (the immediate ranges or registers any of
// them takes). A text that matched a template whole but whose word the
// decode pseudocode refuses (UNPREDICTABLE, ...) beats every partial match.
struct Refusal {
  enum class Kind : uint8_t { None, Syntax, Operand, Imm, Reg, Table, OutsideBlock, Whole };
  Kind kind = Kind::None;
  size_t pos = 0;   // where in the normalised text
  std::string msg;  // Syntax, Operand, Whole
  struct Range {
    int64_t lo, hi, step;
  };
  std::vector<Range> ranges;           // Imm: the values taken
  std::string reg_class;               // Reg
  std::set<int64_t> regs;              // Reg: the register numbers taken
  std::vector<std::string> spellings;  // Table: the spellings taken
  // The text is of the operand's kind (a register of its class, a number),
  // only its value is refused: it says more than a refusal of another kind.
  bool fits_text = false;
  bool see = false;  // Whole: the word is another encoding's (SEE): a refusal of a word of its own says more

  int rank() const;
  // Keeps the refusal that says most: the furthest into the text, then the highest rank; merged when alike.
  void note(Refusal r);
};

namespace operands {

// An operand's place: the whole normalised line and where its text starts.
struct TextAt {
  std::string_view line;
  size_t pos = 0;
  std::string_view rest() const { return line.substr(pos); }
};

// One way an operand reads the text at its place: how much it takes, and the field values.
struct Way {
  size_t len = 0;
  Raw raw;
};

// Every way `k` reads the text at `at`, appended to `out` (several where the
// text leaves a choice: a modified immediate's fields, a table's spellings
// of different lengths); none when it cannot. Not for List, Label, Mem.
void read(const Kind& k, const TextAt& at, std::vector<Way>& out);

// Writes a way's field values into p; false on a conflict with p. A shift
// by 0 is no shift whatever its type (LSL #0, as llvm-mc and GNU as write it).
bool encode(const Kind& k, const Raw& r, Assignment& p);

// Why `k` takes no text at `at` where `before` holds the bits set so far
// (a register field that an earlier operand shares, a table's entries that
// agree with them); kind None when there is nothing to say.
Refusal refusal(const Kind& k, const TextAt& at, const Assignment& before);

// A refusal of an operand in llvm-mc's words: "operand must be an immediate
// in the range [0,255]", "operand must be a register in range [r0, r12] or
// r14"; else its message ("invalid operand for instruction" when it has none).
std::string describe(const Refusal& r);
// A Reg refusal's registers (r.regs) named, for describe(): a class whose
// names are not numbered (sp, lr, pc) is told by its names (r.spellings).
void name_registers(const RegNames& names, Refusal& r);
// The number a table's spelling is (`16` of a shift amount held as a table), or nothing.
std::optional<int64_t> spelled_number(std::string_view spelling);
// How describe() starts a list of the spellings an operand takes.
inline constexpr std::string_view kOneOf = "operand must be one of: ";
// The values of ranges ("an immediate multiple of 4 in the range
// [-508,508]", "one of the immediates 1, 2, 4 or 8"), as describe() names them.
std::string describe_ranges(std::vector<Refusal::Range> rs);
// Registers of a class by number ("a register in range [r0, r12] or r14").
std::string describe_regs(const std::string& prefix, const std::set<int64_t>& regs);

// Why the pseudocode refuses a whole line, told of one operand (llvm-mc
// says "operand must be r0-r12" of the register it blames): the values the
// operand may hold, and those of them the verdict takes.
struct OtherValue {
  Assignment bits;                // the operand's bits for this value (its maps only)
  std::optional<int64_t> number;  // a register's or number's value (raw × scale + offset)
  std::string spelling;           // a table's spelling
};
// The values an operand of kind k may hold, where they are few enough to try:
// a table's entries, the values of a register's or number's field of up to 6
// bits (else its first 64), a register list's first register and count;
// none for other kinds. `width`: the word's.
std::vector<OtherValue> values_of(const Kind& k, uint32_t width);
// Those, other than the operand's value in `word`, that `takes` accepts with
// the rest of `word` kept.
std::vector<OtherValue> values_taken(const Kind& k, const Assignment& word, const std::function<bool(const Assignment&)>& takes);
// `word` with an operand's bits replaced by the value's.
Assignment with_value(const Assignment& word, const OtherValue& v);
// What the operand must be, from the values taken ("operand must be a
// register in range [r0, r12]", "operand must be an immediate in the range
// [0,7]", "invalid register list for instruction", else "invalid operand for
// instruction"). `table_regs`: the registers a table's spellings may name
// (clz's <Rm>), or null.
std::string describe_taken(const Kind& k, const std::vector<OtherValue>& taken, const RegNames* table_regs);

// A register list's element suffix, as its template writes it: a literal
// (`.h`), or literals around a table operand giving the element type
// (`{ <Zt>.<T>-<Zt>.<T> }`).
struct ListSuffix {
  std::string before, after;
  const Table* type = nullptr;
};

// Every way a list reads the text at `at` with one of its suffixes (raw.a:
// the list's field, raw.b: the type table's entry + 1, or 0 for a literal
// suffix), appended to `out`.
void read_list(const List& list, const ListSuffix& suffix, const TextAt& at, std::vector<Way>& out);
// Writes a list's way: its registers and the element type its suffix spelled.
bool encode_list(const List& list, const ListSuffix& suffix, const Raw& r, Assignment& p);

// Where a label operand is read: the PC its instruction reads, and the
// program around the line.
struct LabelPlace {
  uint64_t pc = 0;  // the instruction's address plus the target's PC offset (before Label::read_pc)
  // A symbol's address; empty: no program around the line (a lone line).
  const std::function<std::optional<int64_t>(std::string_view)>* resolve = nullptr;
  const RegNames* registers = nullptr;  // names that are no symbol (`le lr, ...`)
  std::string_view instruction, encoding;  // "B", "T4": for messages
};

// What a label operand reads at `at` (the line with its case kept, symbols
// being case-sensitive): a symbol, an address, or `#<offset>` from the PC
// (b #-420, cbz r5, #8: llvm-mc's and GNU as's spelling); `[pc, #4]` is
// another syntax's. None, with why in *why (kind None: not a label's text).
std::optional<Way> read_label(const Label& label, const TextAt& at, const LabelPlace& place, Refusal* why);

}  // namespace operands
}  // namespace mlisa::as
