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
// Label operands (`label FIELDS * N`): the value is the target address minus
// the PC the instruction reads (its address + pc_offset: 4 for T32, 0 for
// A64); the text is a symbol expression the context resolves, or an
// absolute address. A target out of the field's reach, or misaligned for its
// scale, refuses that encoding, so the next (wider) one is tried.
//
// Conditions: an encoding with an `operand <c> cond FIELDS` line (B T1, T3)
// takes its condition from the text (none: AL); any other `<c>` must be the
// condition the enclosing IT block gives the instruction (none outside an IT
// block). Templates annotated `(inside IT block)` or `(outside IT block)`
// match only there.
//
// An optional first register `{<Rd>,}` that the text omits is the register
// of the operand after it (`sub.w r3, r10` is `sub.w r3, r3, r10`); among
// templates of the same width, one that matches the text without omitting it
// wins (llvm-mc: `addeq r1, r2` is ADD T2, `addeq r1, r1, r2` ADD T1).
//
// Printing: the first template of the encoding whose table operands all have
// a spelling for the word's bits; optional parts are left out, except `{<Rd>,}`
// (printed, as llvm-objdump prints `sub.w r3, r3, r10`).
#pragma once

#include "spec/engine.hpp"
#include "spec/specfile.hpp"
#include "targets/word_decoder.hpp"
#include "targets/word_operands.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mlisa::targets {


struct WordTemplate {
  struct Item {
    // Same: the operand `text` read from the text of the operand after it,
    // without consuming it (an omitted `{<Rd>,}`).
    enum class Kind : uint8_t { Lit, Operand, Optional, List, Same } kind;
    std::string text;          // Lit: normalised literal text; Operand, List, Same: name (of the list's first register)
    std::vector<Item> items;   // Optional; List: one Lit, the element suffix (".h")
    // An optional first register `{<Rd>,}` (items: the operand, ",", and a
    // Same of it): omitted, it is the register that follows, as the manual
    // reads `{<Rd>,} <Rn>, <Rm>`.
    bool same_as_next = false;
    // Operand, List, Same: the encoding's operand of that name (its kind), or
    // null for a name the assembler owns (`<c>` of an IT block, `<q>`, `<v>`).
    const operands::Operand* operand = nullptr;
    // The names the assembler owns: the IT block's condition `<c>`, the
    // width qualifier `<q>` (.w/.n), the VPT block's predicate `<v>`.
    enum class Role : uint8_t { None, ItCond, Width, VptSuffix } role = Role::None;
  };
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  size_t syntax = 0;
  std::vector<Item> items;
  int8_t it = 0;  // 0 anywhere, 1 inside an IT block only, 2 outside only
  std::string stem;  // the letters the text must start with (the mnemonic's fixed part)
  uint32_t index = 0;  // in WordIsa::templates()
};

// Where an instruction is assembled: its address, the symbols its label
// operands may name, and its IT block.
struct AsmContext {
  uint64_t address = 0;
  // The address of a label operand's text (a symbol expression); nullopt when
  // it names no symbol. May throw mlisa::InputError (an undefined symbol).
  std::function<std::optional<int64_t>(std::string_view)> resolve;
  bool in_it = false;
  std::string it_cond;     // the condition the IT block gives this instruction (lower case)
  char vpt = 0;            // inside a VPT block: the predicate suffix this instruction must carry ('t' or 'e')
  uint32_t min_width = 0;  // bits: encodings narrower than this are skipped (relaxation)
  // The named constraint `should_be`: the encoding's should-be bits ((0) and
  // (1) of its diagram), most significant first, instead of their canonical
  // values (what exact export writes for a word that had others).
  std::optional<uint64_t> should_be;
};

// How a word prints: its address (for label targets), its IT block, and how
// to name a branch target (default: the absolute address in hex; nullopt:
// the target cannot be named, so syntaxes with a label are not printed).
struct PrintContext {
  uint64_t address = 0;
  bool in_it = false;
  std::string it_cond;
  std::function<std::optional<std::string>(uint64_t)> name_target;
  char vpt = 0;  // inside a VPT block: the word's predicate suffix
};

class WordIsa {
 public:
  // Throws mlisa::InputError (at the spec line) for an operand kind this
  // assembler does not support.
  WordIsa(const spec::TargetSpec& spec, const spec::BuiltinTable& builtins);

  const spec::TargetSpec& spec() const { return spec_; }
  const std::vector<WordTemplate>& templates() const { return templates_; }
  // An encoding's operands with their kinds (word_operands.hpp).
  const std::vector<operands::Operand>& operands_of(const spec::Encoding& enc) const { return operands_.at(&enc); }
  // Features the decode pseudocode sees (IsFeatureImplemented).
  std::set<std::string>& features() { return engine_.features; }

  struct Assembled {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
    spec::Bits word;
  };
  // One instruction. Throws mlisa::InputError naming the text.
  Assembled assemble(const std::string& text) const { return assemble(text, AsmContext{}); }
  Assembled assemble(const std::string& text, const AsmContext& ctx) const;

  // T32: an immediate the assemblers take by flipping the instruction to
  // its complement (add <-> sub, cmp <-> cmn, mov <-> mvn, and <-> bic,
  // orr <-> orn, adc <-> sbc): a negative one, or a positive one whose
  // complement (and r0, #0xffffff00 is bic r0, r0, #255) or, from 2^31 up,
  // negation the partner holds; the flipped text, or "" when the text has
  // no such immediate. `first` says whether the flip is tried before the
  // text as written (add/sub with #-: llvm-mc's add r0, r1, #-1 is sub.w r0,
  // r1, #1) or after it (the others: cmp.w r0, #-1 and movs.w r0, #-1 are
  // modified immediates as written).
  static std::string t32_flip_negative(std::string_view text, bool* first);

  // T32: whether a 32-bit value is a modified immediate (ThumbExpandImm of some imm12).
  static bool t32_modified_immediate(uint32_t value);

  // The encoding a word decodes to (its width is the encoding's), or null:
  // `why` then says UNDEFINED or the last refusal.
  // The candidates come from the decision tree (word_decoder.hpp).
  const spec::Encoding* decode(const spec::Bits& word, const spec::InstructionSpec** inst = nullptr,
                               std::string* why = nullptr) const;
  // The same by scanning every encoding in spec order (the reference the
  // tree is tested against).
  const spec::Encoding* decode_linear(const spec::Bits& word, const spec::InstructionSpec** inst = nullptr,
                                      std::string* why = nullptr) const;
  const WordDecoder& decoder() const { return decoder_; }

  // The canonical text of a word of `enc`, or "" when no template fits.
  std::string print(const spec::Encoding& enc, const spec::Bits& word) const { return print(enc, word, PrintContext{}); }
  std::string print(const spec::Encoding& enc, const spec::Bits& word, const PrintContext& ctx) const;
  // The text of every syntax of the encoding that can print the word: in the
  // spec's order, or with the fewest operands first (`add r0, r1, r2` before
  // `add r0, r1, r2, lsl #0`); a listing keeps the first that reassembles.
  std::vector<std::string> print_all(const spec::Encoding& enc, const spec::Bits& word, const PrintContext& ctx,
                                     bool fewest_operands_first) const;

  // The should-be bits of a word of `enc`, most significant first, and how many there are.
  static uint64_t should_be_bits(const spec::Encoding& enc, const spec::Bits& word, int* count = nullptr);

  // T32 (halfword streams, IT blocks, PC = address + 4) rather than A64.
  bool t32 = false;
  // The PC an instruction reads, relative to its address (T32 4, A64 0).
  int64_t pc_offset = 0;
  // The narrowest encoding width in bits (16 for T32, 32 for A64).
  uint32_t min_width() const { return min_width_; }
  // The IT instruction's conditions for the instructions it covers, or an
  // empty vector when `enc` is not an IT encoding (one with an itmask operand).
  std::vector<std::string> it_conditions(const spec::Encoding& enc, const spec::Bits& word) const;
  // MVE: the predicates a VPT or VPST gives itself and the instructions it
  // covers ("tte": the block's first instruction is always t), or "" when
  // the word is not one.
  std::string vpt_predicates(const spec::InstructionSpec& inst, const spec::Encoding& enc, const spec::Bits& word) const;

  // T32 (llvm-objdump's spelling): whether the listing text of a 32-bit word
  // carries `.w`: its mnemonic (less a condition) also names a 16-bit
  // encoding, and its operands are not a form only 32-bit encodings have
  // (writeback `!`, post-index `], #`, a negative address offset `[rn, #-4]`).
  bool t32_prints_wide(std::string_view text) const;

  // A 32-bit T32 word as memory holds it: the halfword of bits 31:16 first,
  // each halfword little-endian; a 16-bit word as one halfword.
  static std::vector<uint8_t> t32_bytes(const spec::Bits& word);

 private:
  // explain: note why each template refuses the text (for the error; a second run).
  Assembled assemble_as_written(const std::string& text, const AsmContext& ctx, bool explain = false) const;
  // The decode pseudocode's verdict on a word: "" when it runs to its end.
  // With `rule`: the pseudocode line that refused it.
  // in_it: as the instruction of an IT block (the last: InITBlock() and LastInITBlock() TRUE), where the
  // assembler places it (a half-precision VADD there is UNPREDICTABLE).
  std::string decode_verdict(const spec::Encoding& enc, const spec::Bits& word, std::string* rule = nullptr,
                             bool in_it = false) const;
  // The first candidate (in order) whose fixed bits match and whose decode runs to its end.
  const spec::Encoding* decode_among(std::span<const WordDecoder::Candidate> cands, const spec::Bits& word,
                                     const spec::InstructionSpec** inst, std::string* why) const;

  // The templates a text may match, in spec order: those whose stem is a
  // prefix of the text's first word (the templates without a stem too).
  void candidates(std::string_view trimmed, std::vector<uint32_t>& out) const;

  const spec::TargetSpec& spec_;
  // Every encoding's operands with their kinds (templates point into them).
  std::unordered_map<const spec::Encoding*, std::vector<operands::Operand>> operands_;
  std::vector<WordTemplate> templates_;
  std::unordered_map<std::string, std::vector<uint32_t>> by_stem_;  // stem -> templates, in spec order
  std::vector<uint32_t> no_stem_;
  uint32_t min_width_ = 32;
  std::set<std::string> narrow_stems_;  // T32: the mnemonics of 16-bit templates
  WordDecoder decoder_;
  mutable spec::Engine engine_;
};

}  // namespace mlisa::targets
