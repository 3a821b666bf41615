// The operand kinds of every target (docs/spec-format.md, "Operand kinds";
// the single-word assembler of word_isa.hpp, and a bundle's signatures,
// signature.hpp): one vocabulary, one C++ type per kind, built once per encoding operand from
// its `operand` line, with the word bits its FIELDS name placed (an
// encoding's diagram, or a bundle slot and its shared fields). Each kind reads its field values from a word (decode), writes
// them into a partial word (encode), prints them and parses its text back to
// the field values that print so (several where the text leaves a choice: a
// modified immediate, a shift type, a table's spellings).
//
// Field values are a `Raw`: `a` the bits of FIELDS (most significant FIELDS
// part first, as a number), `b` the second field a kind has (shiftamt: the
// amount, with the type in `a`; vreglist: the count; itmask: firstcond<0>).
//
// What a kind reads from a line of assembly, and why it refuses a text, is
// said once, in asm/reading.hpp, for both engines (word_isa.cpp,
// signature.cpp); they dispatch on the kind's type (std::variant), never on
// the spec's kind string.
#pragma once

#include "asm/bits.hpp"
#include "asm/number.hpp"
#include "spec/specfile.hpp"

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <variant>
#include <vector>

namespace mlisa::as::operands {

using spec::Bits;

// The word bits of FIELDS, most significant first; -1 for a literal bit
// (its value in `lit`); and the shared resources of a bundle (asm/model.hpp:
// immediate lanes, scalar reads) that binding them reads.
struct BitMap {
  std::vector<int> pos;
  std::vector<bool> lit;
  uint64_t lanes = 0, reads = 0;
  size_t width() const { return pos.size(); }
};
// Where a field that FIELDS names lies in the word: bits [lo, lo + width),
// and the shared resources it reads. An encoding's own fields lie where its
// diagram puts them; a bundle places a slot's fields and the bundle's shared
// fields (model.hpp, Isa::place).
struct Placed {
  uint32_t lo = 0, width = 0;
  uint64_t lanes = 0, reads = 0;
};
using Placer = std::function<Placed(std::string_view field)>;
BitMap bitmap(const Placer& place, const spec::FieldConcat& fc);
// The same for whole fields named in order, the first most significant.
BitMap bitmap(const Placer& place, std::initializer_list<std::string_view> fields);
// An encoding's fields where its diagram puts them.
Placer diagram_of(const spec::Encoding& enc);
BitMap bitmap(const spec::Encoding& enc, const spec::FieldConcat& fc);
uint64_t read_bits(const BitMap& m, const Bits& word);

// The bits raw writes through m, as runs of consecutive word bits: put(lo,
// width, bits) for each, most significant run first (with care: only the bits
// set in care). False when a literal bit of m differs from raw's, or when put
// returns false.
template <class Put>
bool for_each_run(const BitMap& m, uint64_t raw, const Bits* care, Put&& put) {
  const size_t n = m.pos.size();
  auto cared = [&](size_t i) { return !care || care->bit(static_cast<uint32_t>(n - 1 - i)); };
  for (size_t i = 0; i < n;) {
    const uint32_t k = static_cast<uint32_t>(n - 1 - i);  // the raw bit of m.pos[i]
    if (!cared(i)) {
      ++i;
      continue;
    }
    if (m.pos[i] < 0) {
      if (m.lit[i] != (k < 64 && ((raw >> k) & 1))) return false;
      ++i;
      continue;
    }
    size_t j = i + 1;
    while (j < n && m.pos[j] >= 0 && m.pos[j] == m.pos[j - 1] - 1 && cared(j)) ++j;
    const uint32_t shift = static_cast<uint32_t>(n - j);  // the raw bit of the run's lowest
    if (!put(static_cast<uint32_t>(m.pos[j - 1]), static_cast<uint32_t>(j - i), shift >= 64 ? uint64_t{0} : raw >> shift))
      return false;
    i = j;
  }
  return true;
}

// Writes bit k (from the least significant) of raw to the bits of m in a
// partial word (bits.hpp's Assignment, the one partial word of every
// engine); false on a conflict or a literal bit that differs, the word then
// part written. With care: only the bits set in care. `read`: the bits count
// as read (a value written because the text left it out does not).
bool assign(Assignment& p, const BitMap& m, uint64_t raw, const Bits* care = nullptr, bool read = true);

struct Raw {
  uint64_t a = 0, b = 0;
  bool operator==(const Raw&) const = default;
};

// The condition codes by value, spelled as llvm-objdump spells them (hs, lo).
extern const char* const kCondNames[16];
// A condition's value (with the synonyms cs and cc), or -1.
int cond_value(std::string_view name);
// How the registers of a class are spelled: as a registers*.isa file
// declares them (T32's SP, LR, PC, and IP taken for R12; A64's XZR), else the
// class name and the number (q3, z31), in lower case as the matcher reads text.
struct RegNames {
  std::string cls;                                // as the operand line names it: R, Q, Z
  const spec::RegisterClass* declared = nullptr;
  // The number `tok` (lower case) names, or -1.
  int number(std::string_view tok) const;
  // The name register n prints as.
  std::string name(int64_t n) const;
  // What the numbered names start with (r of R0, x of X0): messages write ranges with it (`[r0, r12]`).
  std::string prefix() const;
  // How many registers the class has: a declared class's names (P0-P15), else 32.
  int count() const { return declared ? static_cast<int>(declared->names.size()) : 32; }
};

// The values a spec function gives each value of a field (a `modimm`
// operand: T32's ThumbExpandImm of i:imm3:imm8, A64's bitmask immediate of
// N:immr:imms), computed from the specs (WordIsa) when first asked for
// (running the function 4096 times is a tenth of a start-up that never meets
// such an operand), and the field values that give each value.
class ExpandTable {
 public:
  using Values = std::vector<std::optional<uint64_t>>;  // by field value; nothing where the function refuses it
  // `build` fills the values by field value; it runs once, at the first
  // question. The values are kept `bits` wide (32 or 64; wider bits of what
  // `build` gives are dropped): a negative text is their two's complement.
  ExpandTable(uint32_t bits, std::function<void(Values&)> build) : bits_(bits), build_(std::move(build)) {}
  uint32_t bits() const { return bits_; }
  // The number of field values.
  size_t size() const;
  // The value of a field value; nothing where the function refuses it (UNPREDICTABLE) or beyond the field.
  std::optional<uint64_t> value_of(uint64_t field) const;
  // The field values that give `value`, ascending (none: empty).
  const std::vector<uint32_t>& fields_of(uint64_t value) const;

 private:
  void ensure() const;
  uint32_t bits_;
  std::function<void(Values&)> build_;
  mutable std::once_flag built_;
  mutable Values value_;
  mutable std::unordered_map<uint64_t, std::vector<uint32_t>> fields_;  // by value: its field values, ascending
};

// A register: the field holds (number - offset) / scale.
struct Reg {
  RegNames regs;
  BitMap map;
  int64_t scale = 1, offset = 0;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  // The number of the register the word names.
  int64_t number(const Bits& w) const { return static_cast<int64_t>(decode(w).a) * scale + offset; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  // The register named at the start of s: its length (0: no register of the
  // class; *number then -1) and the field value (none: the field cannot hold it).
  size_t parse(std::string_view s, std::vector<Raw>& out, int* number = nullptr) const;
};

// An immediate (imm, or simm when is_signed): the field holds
// (value - offset) / scale; a negative scale counts down from the offset.
// Without bits it is the constant `offset`.
struct Number {
  BitMap map;
  int64_t scale = 1, offset = 0;
  bool is_signed = false;
  bool hex = false;  // printed in hexadecimal (the vector modified immediates, as llvm-objdump prints them)
  bool c_hex = false;  // printed as C's "%#x": hexadecimal, but zero as 0 (A64's SVC, BRK, HLT, as llvm-objdump-19 prints them)
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  // The field value of a written value (magnitude and sign), or nothing.
  std::optional<uint64_t> field(uint64_t mag, bool neg) const;
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// A modified immediate: the text is the value the target's function
// (TargetRules::modimm_function; T32: ThumbExpandImm, A64: the bitmask
// immediate) gives the field. Field values in ascending order: T32's pattern
// forms before its rotations, as GNU as and LLVM choose.
struct ModImm {
  BitMap map;
  bool hex = false;  // printed in hexadecimal (A64's bitmask immediates, as llvm-objdump prints them)
  bool is_signed = false;  // printed as a signed decimal of the table's width (A64's MOV alias)
  // Nonzero: the text is an element of this many bits that the value
  // repeats (SVE's `#0xff0` in .S is 0x00000ff000000ff0); a value prints
  // only with the smallest element (of 8 bits or more) that it repeats.
  uint32_t element = 0;
  // Printed in decimal where the value is a 16-bit number (signed, else
  // unsigned), else in hexadecimal (SVE's MOV alias of DUPM, as llvm-objdump-19 prints it).
  bool decimal16 = false;
  // The text is the complement of the value (of the element, with `element`).
  bool inverted = false;
  // Printed as C's "%#016llx" prints it (0x and 14 digits, zero as 16
  // zeros): A64's MOVI byte masks, as llvm-objdump-19 prints them.
  bool bytemask = false;
  const ExpandTable* table = nullptr;  // set by WordIsa; null: no value prints or parses
  const std::string* refusal = nullptr;  // the target's words for a value no field gives (set by WordIsa)
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  // A negative value is its two's complement in the table's (or the
  // element's) width (cmp.w r0, #-1).
  void fields(uint64_t mag, bool neg, std::vector<Raw>& out) const;
  // The width of the text's values: the element's, else the table's.
  uint32_t text_bits() const { return element ? element : table ? table->bits() : 0; }
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// An FP immediate: the field is VFPExpandImm's imm8; the text its value,
// from the spec's VFPExpandImm(imm8, 64) (exact in f16, f32 and f64 alike).
struct VfpImm {
  BitMap map;
  const std::vector<double>* values = nullptr;  // by imm8, set by WordIsa; null: no value prints or parses
  // Printed with eight decimals (A64's `#1.00000000`) rather than in
  // exponent form (T32's `#1.000000e+00`), as llvm-objdump-19 prints each.
  bool eight_decimals = false;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// A shift amount with its type (DecodeImmShift): a = type, b = amount field.
struct ShiftAmt {
  BitMap type, amount;
  Raw decode(const Bits& w) const { return {read_bits(type, w), read_bits(amount, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, type, r.a) && assign(p, amount, r.b); }
  std::optional<std::string> print(const Raw& r) const;  // nothing: RRX (no amount)
  // Every type that can shift by the written amount (0: LSL only).
  void fields(uint64_t amount, std::vector<Raw>& out) const;
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// A64's bitfield operands: a view of the pair immr:imms of UBFM, SBFM and
// BFM in a `datasize`-bit form, as their aliases read it (Raw: a = immr,
// b = imms). Each prints only where its alias's condition holds.
//   Lsl (LSL's #<shift>):            immr = -shift MOD datasize, imms = datasize-1-shift
//   ExtractWidth (UBFX's #<width>):  imms = immr + width - 1 (immr is #<lsb>, an imm)
//   InsertLsb (UBFIZ's #<lsb>):      immr = -lsb MOD datasize (imms is not its)
//   InsertWidth (UBFIZ's #<width>):  imms = width - 1, lsb + width <= datasize
struct Bitfield {
  enum class Role : uint8_t { Lsl, ExtractWidth, InsertLsb, InsertWidth };
  Role role = Role::Lsl;
  uint32_t datasize = 32;
  BitMap immr, imms;
  Raw decode(const Bits& w) const { return {read_bits(immr, w), read_bits(imms, w)}; }
  bool encode(const Raw& r, Assignment& p) const {
    return assign(p, immr, r.a) && (role == Role::InsertLsb || assign(p, imms, r.b));
  }
  std::optional<std::string> print(const Raw& r) const;
  // Every immr:imms the written value may stand for (ExtractWidth and
  // InsertWidth: one per <lsb> that leaves room for it).
  void fields(uint64_t value, std::vector<Raw>& out) const;
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
  // The assemblers' message for a value it refuses.
  std::string refusal() const;
};

// A condition field (B T1, T3; IT's firstcond). `own_c`: the operand is
// `<c>` itself, which may be left out (AL) and prints nothing for AL.
struct Cond {
  BitMap map;
  bool own_c = false;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// A fixed spelling with no bits (`#0`).
struct Const {
  std::string text;  // normalised
  Raw decode(const Bits&) const { return {}; }
  bool encode(const Raw&, Assignment&) const { return true; }
  std::optional<std::string> print(const Raw&) const { return text; }
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// Spellings by bit pattern (lower case); a text may match several.
struct Table {
  struct Entry {
    spec::BitPattern pat;
    std::string spelling;  // lower case, as the matcher reads the text
    std::string shown;     // as a listing prints it (print): lower case, but a
                           // table of one spelling that mixes cases is a word of
                           // the syntax and prints as the spec writes it
                           // (VMRS's APSR_nzcv, as llvm-objdump-19 prints it)
  };
  BitMap map;
  std::vector<Entry> entries;
  // Some value is spelled `#<value>` (SVE's `'01110'=#14`): the values are
  // numbered, and each may be written so (`#1` for VL1).
  bool numbered = false;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  // r.b: the entry's index + 1 (its care bits), or 0: every bit.
  bool encode(const Raw& r, Assignment& p) const {
    return r.b ? assign(p, map, entries[r.b - 1].pat.value.low64(), &entries[r.b - 1].pat.care) : assign(p, map, r.a);
  }
  std::optional<std::string> print(const Raw& r) const;
  // Every spelling s starts with (after the mnemonic, a whole word:
  // `#2` is not the start of `#25`): its length in out's order.
  void parse_all(std::string_view s, bool whole_word, std::vector<Raw>& out, std::vector<size_t>& lengths) const;
};

// `{ <Zn1>.H-<Zn2>.H }`: count registers `stride` apart (modulo the class's
// registers: 32 vectors, 16 predicates); the
// field holds the first's (number - offset) / scale. A list of one register
// may be written without braces (it prints with them).
struct List {
  RegNames regs;
  BitMap map;
  uint32_t count = 1, stride = 1;
  int64_t scale = 1, offset = 0;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  // How a listing writes a list (TargetRules::list_style): one by one
  // `{q0, q1, q2, q3}` (T32), or in spaced braces `{ v0.16b, v1.16b, v2.16b
  // }`, there with more than two registers that do not wrap as a range
  // `{ z0.h - z3.h }` (A64's Z and P lists).
  enum class Style { Tight, Spaced, SpacedRanges };
  std::optional<std::string> print(const Raw& r, std::string_view suffix, Style style = Style::SpacedRanges) const;
  size_t parse(std::string_view s, std::string_view suffix, std::vector<Raw>& out) const;
};

// A register mask `{r0, r2-r4, lr}`: bit n for register n.
struct RegMask {
  RegNames regs;
  BitMap map;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  // On a refusal: *bad the offset blamed, *msg why.
  size_t parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const;
};

// A comma an operand prints with no space after it (listings put one after
// every other comma): llvm-objdump-19's `{za0.s,za1.s}`.
inline constexpr char kTightComma = '\x1f';

// ZA tiles as a mask of its eight 64-bit tiles (SME ZERO): bit t is ZAt.D.
// The text lists tiles of one element size, each standing for the 64-bit
// tiles it overlaps (ZA0.B and ZA: all; ZAk.H: 0x55 << k; ZAk.S: 0x11 << k),
// in any order; printed as llvm-objdump-19 prints them (`{za}`, `{za1.h}`,
// `{za0.s,za1.s}`, else the 64-bit tiles `{za0.d, za2.d}`).
struct TileMask {
  BitMap map;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  std::optional<std::string> print(const Raw& r) const;
  // On a refusal: *bad the offset blamed, *msg why.
  size_t parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const;
};

// Consecutive FP registers `{s4-s7}` (a: the first, b: the count times
// scale), with `vpr` last when the option says so.
struct VRegList {
  RegNames regs;
  BitMap map, count;
  int64_t scale = 1;
  bool vpr = false;
  Raw decode(const Bits& w) const { return {read_bits(map, w), read_bits(count, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a) && assign(p, count, r.b); }
  std::optional<std::string> print(const Raw& r) const;
  size_t parse(std::string_view s, std::vector<Raw>& out, size_t* bad, const char** msg) const;
};

// IT's mask with firstcond<0> (b): the letters t and e after `it`.
struct ItMask {
  BitMap map, c0;
  Raw decode(const Bits& w) const { return {read_bits(map, w), read_bits(c0, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a) && assign(p, c0, r.b); }
  std::optional<std::string> print(const Raw& r) const;
  // Every (mask, firstcond<0>) of 0 to 3 letters: each with its length.
  void parse_all(std::string_view s, std::vector<Raw>& out, std::vector<size_t>& lengths) const;
};

// A branch target: the field holds (target - PC - offset) / scale, signed
// unless `is_unsigned`, as sign and magnitude with `add_bit`, with T32's
// J1/J2 flip with `t32_j`; `align_pc`: the PC rounded down to 4, `page`:
// to 4096 (A64's ADRP);
// `relative`: a bare number in the source is the distance, not the target.
struct Label {
  BitMap map;
  int64_t scale = 1, offset = 0;
  bool is_unsigned = false, add_bit = false, t32_j = false, align_pc = false, relative = false, page = false;
  Raw decode(const Bits& w) const { return {read_bits(map, w)}; }
  bool encode(const Raw& r, Assignment& p) const { return assign(p, map, r.a); }
  // The target's distance from the PC the instruction reads.
  int64_t delta(const Raw& r) const;
  // The field of a distance, or nothing (out of reach, misaligned); `minus_zero`: `#-0`.
  std::optional<uint64_t> field(int64_t delta, bool minus_zero = false) const;
  // With pc: the target address in hex (what a listing without labels prints);
  // nothing for a subtraction of 0 (the `#-0` syntax spells it).
  std::optional<std::string> print(const Raw& r, uint64_t pc) const;
  // An absolute address (number) at the start of s, with pc.
  size_t parse(std::string_view s, uint64_t pc, std::vector<Raw>& out) const;
  uint64_t read_pc(uint64_t pc) const { return page ? pc & ~uint64_t{0xfff} : align_pc ? pc & ~uint64_t{3} : pc; }
  // The address the field reaches for a named target: ADRP's is the target's 4 KB page.
  uint64_t reached(uint64_t target) const { return page ? target & ~uint64_t{0xfff} : target; }
};

// A choice among alternatives by a selector field (tcore's second operand:
// a constant, an immediate lane zero- or sign-extended, a register). The
// text is a value of `type` (asm/number.hpp: a decimal in its range, or a
// hex bit pattern), which an alternative takes when its field holds it, or
// a register an alternative names. Raw: a = the selector, b = the selected
// alternative's field value.
struct Choice {
  BitMap selector;
  NumType type;
  struct Alternative {
    uint64_t selector = 0;
    // A constant is a Number without bits whose offset is the constant.
    std::variant<Reg, Number> kind;
  };
  std::vector<Alternative> alternatives;
  const Alternative* selected(uint64_t selector_value) const;
  Raw decode(const Bits& w) const;
  // The selector's bits are written as not read: choosing reads no shared resource.
  bool encode(const Raw& r, Assignment& p) const;
  std::optional<std::string> print(const Raw& r) const;
  // The number s writes, read once as the type (a hex bit pattern of an s32
  // may be negative), as magnitude and sign; false with the reason in *why.
  bool number(std::string_view s, uint64_t& mag, bool& neg, std::string* why = nullptr) const;
  // The whole of s (lower case): a value for each alternative that holds it;
  // s.size(), or 0 when s is neither a number of the type nor a register.
  size_t parse(std::string_view s, std::vector<Raw>& out) const;
};

// A memory operand over other operands (indices into its signature's kinds,
// asm/signature.hpp), with no bits of its own: `[base]`, `[base + offset]`,
// then `name=value` modifiers in any order. With an offset, `[base]` is
// `[base + 0]`; an omitted modifier writes 0 to its fields, which is not a read.
struct Mem {
  int base = -1, offset = -1;
  std::vector<std::pair<std::string, int>> modifiers;
};

// Every kind of operand. A single-word target's encodings use all but the
// last two (operands::prepare); a bundle's signatures use Reg, Number, Table,
// Choice and Mem (asm/spec_isa.cpp).
using Kind = std::variant<Reg, Number, ModImm, VfpImm, ShiftAmt, Bitfield, Cond, Const, Table, List, RegMask, TileMask, VRegList, ItMask,
                          Label, Choice, Mem>;

// One operand of an encoding: its spec line and its kind.
struct Operand {
  const spec::OperandMap* spec = nullptr;
  Kind kind;
  const std::string& name() const { return spec->name; }
};

// The kind of an operand line; nullopt for a kind the single-word
// assembler does not have (the loader refuses it then). `spec` declares the
// register classes.
std::optional<Operand> prepare(const spec::TargetSpec& spec, const spec::Encoding& enc, const spec::OperandMap& op);
// The same with the fields placed by `place` (a bundle slot's encoding).
std::optional<Operand> prepare(const spec::TargetSpec& spec, const Placer& place, const spec::OperandMap& op);

}  // namespace mlisa::as::operands
