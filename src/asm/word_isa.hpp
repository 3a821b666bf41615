// The assembler, decoder and printer of a single-word target (Arm T32, A64):
// a target whose isa/<target>/ has no bundle*.isa. A sibling of spec_isa.hpp
// (which builds a bundle target's model): here the model is the one-slot case
// (`model()`: a form per encoding, as wide as it), and every syntax template
// is matched directly against the text.
//
// Assembling: the text is matched against each template in spec order by
// the one template matcher (asm/template.hpp: optional parts `{...}`
// present or absent; the names the rules own, below);
// each operand assigns the bits of its FIELDS, table operands (including
// empty spellings) assign their patterns' bits, the diagram's fixed and
// should-be bits are set, and bits nothing names are 0. A match whose
// decode pseudocode ends in UNDEFINED, UNPREDICTABLE, CONSTRAINED
// UNPREDICTABLE or SEE is refused; the accepted ones are the candidates of
// the bundle solver (asm/solver.hpp), ranked by (`{<Rd>,}` omitted, a
// spelling borrowed from another instruction's mnemonic, spec order), and
// its cost key picks the word: the narrowest, then the lowest rank.
//
// Decoding: the encodings whose fixed bits match, in spec order; the first
// whose decode runs to its end (a SEE or UNDEFINED moves on to the next).
//
// Register lists (`{ <Zn1>.H-<Zn2>.H }`, a `list` operand): the text gives
// the registers as a range (`{z0.h-z3.h}`) or one by one (`{z31.h, z0.h}`),
// consecutive modulo 32 (or the operand's stride); the first one is encoded.
//
// Label operands (`label FIELDS * N`): the value is the target address minus
// the PC the instruction reads (its address + the rules' pc_offset); the text is a symbol expression the context resolves, or an
// absolute address. A target out of the field's reach, or misaligned for its
// scale, refuses that encoding, so the next (wider) one is tried.
//
// Conditions: an encoding with an `operand <c> cond FIELDS` line (B T1, T3)
// takes its condition from the text (none: AL). The names the target's rules
// own (TargetRules::role_of) are read by the rules (read_owned): a block
// condition must be the condition the enclosing conditional block gives the
// instruction (none outside one), a block predicate the letter the enclosing
// predication block gives it, a width qualifier names the encoding's width.
// Every operand is read by asm/reading.hpp. Templates annotated
// `(inside IT block)` or `(outside IT block)` in the specs match only inside
// or outside a conditional block.
//
// What is particular to a target (its byte order, the PC an instruction
// reads, alternative texts it tries, the blocks an instruction opens, how a
// listing spells widths) is said by its TargetRules: T32's in
// targets/mve/t32_rules.hpp, A64's in targets/sme2/a64_rules.hpp.
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

#include "asm/elf.hpp"
#include "asm/literal_pool.hpp"
#include "asm/operands.hpp"
#include "asm/reading.hpp"
#include "asm/solver.hpp"
#include "asm/template.hpp"
#include "asm/word_decoder.hpp"
#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mlisa::as {


// A syntax of an encoding (asm/template.hpp): its items' operands index
// WordIsa::operands_of(*enc).
struct WordTemplate {
  using Item = TemplateItem;
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  size_t syntax = 0;
  std::vector<Item> items;
  int8_t in_block = 0;  // 0 anywhere, 1 inside a conditional block only, 2 outside only
  bool printed = true;  // false: `(assembler only)`, taken but never printed
  // An assembler-only spelling with another instruction's own mnemonic (LDUR's
  // `LDR <Wt>, [<Xn_SP>, #<simm>]`): that instruction's templates come first.
  bool borrowed = false;
  // Whether the text spells a conditional block's condition (`<c>`) or a
  // predication block's letter (`<v>`): inside such a block, one that does
  // not is not predicable there.
  bool takes_cond = false, takes_pred = false;
  std::string stem;  // the letters the text must start with (the mnemonic's fixed part)
  uint32_t index = 0;  // in WordIsa::templates()
};

// Where an instruction is assembled: its address, the symbols its label
// operands may name, and the blocks it is in.
struct AsmContext {
  uint64_t address = 0;
  // The address of a label operand's text (a symbol expression); nullopt when
  // it names no symbol. May throw mlisa::InputError (an undefined symbol).
  std::function<std::optional<int64_t>(std::string_view)> resolve;
  bool in_block = false;   // inside a conditional block
  std::string block_cond;  // the condition the conditional block gives this instruction (lower case)
  char block_pred = 0;     // inside a predication block: the predicate letter this instruction must carry
  // The caller follows the blocks (a program): a predicate letter outside a
  // predication block is refused. A lone line (exec, tests) may carry one.
  bool blocks_known = false;
  uint32_t min_width = 0;  // bits: encodings narrower than this are skipped (relaxation)
  // The named constraint `should_be`: the encoding's should-be bits ((0) and
  // (1) of its diagram), most significant first, instead of their canonical
  // values (what exact export writes for a word that had others).
  std::optional<uint64_t> should_be;
};

// How a word prints: its address (for label targets), its blocks, and how
// to name a branch target (default: the absolute address in hex; nullopt:
// the target cannot be named, so syntaxes with a label are not printed).
struct PrintContext {
  uint64_t address = 0;
  bool in_block = false;
  std::string block_cond;
  std::function<std::optional<std::string>(uint64_t)> name_target;
  char block_pred = 0;  // inside a predication block: the word's predicate letter
};

class WordIsa;

// What a single-word target says about itself: the hooks the generic engine
// (WordIsa, and the front end, listings and programs of word_program.hpp)
// calls. The defaults describe a plain target: words of one width,
// little-endian, no blocks, no width qualifiers, no alternative texts.
class TargetRules {
 public:
  virtual ~TargetRules() = default;
  // The rules' name ("t32", "a64").
  virtual std::string_view name() const = 0;
  // Called once when the engine has read the specs (its templates and the
  // operands' kinds).
  virtual void prepare(const WordIsa& isa) { (void)isa; }

  // --- Words
  // The PC an instruction reads, relative to its address.
  virtual int64_t pc_offset() const { return 0; }
  // A word as memory holds it (default little-endian), and back.
  virtual std::vector<uint8_t> bytes(const spec::Bits& word) const;
  virtual spec::Bits word_from(std::span<const uint8_t> bytes) const;
  // The width in bits of the instruction whose bytes start at `rest` (the
  // first bytes tell), or 0 when there are too few to tell (default 32).
  virtual uint32_t width_at(std::span<const uint8_t> rest) const {
    (void)rest;
    return 32;
  }
  // The ELF header of the target's objects, its code's mapping symbol and
  // the padding of alignment in code.
  virtual ElfOptions elf() const = 0;
  virtual std::string code_mapping() const = 0;
  virtual std::vector<uint8_t> nop() const = 0;

  // --- Text
  // The comment character of its source, what a listing starts with, and
  // the source as the front end takes it (after the target's own sugar).
  virtual std::string comment() const { return "//"; }
  // The target's own GNU-as directives that `mlisa as` accepts without effect.
  virtual std::vector<std::string> ignored_directives() const { return {}; }
  // The operator that writes an immediate operand as a symbol's address for
  // this relocation (T32 MOVW: `:lower16:`), or empty.
  virtual std::string_view relocation_operator(std::string_view relocation) const {
    (void)relocation;
    return {};
  }
  virtual std::string listing_preamble() const { return ""; }
  // GNU as's `ldr <register>, =<value>` (asm/literal_pool.hpp): what such a
  // statement becomes; the default takes none.
  virtual LiteralLoad literal_load(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant) const {
    (void)mnemonic, (void)reg, (void)constant;
    return {};
  }
  // The role of a syntax template's `<name>` the assembler owns (None: an
  // operand's); `own_cond`: the encoding has a cond operand of that name.
  virtual WordTemplate::Item::Role role_of(std::string_view name, bool own_cond) const {
    (void)name, (void)own_cond;
    return WordTemplate::Item::Role::None;
  }
  // What such a name reads at `at` in a line whose encoding is `width` bits:
  // each length of text it may take, in the order to try them, appended to
  // `lengths`; with `why`, a refusal for each way the text does not go on
  // (a condition outside its block, the wrong predicate letter).
  virtual void read_owned(WordTemplate::Item::Role role, const operands::TextAt& at, const AsmContext& ctx, uint32_t width,
                          std::vector<size_t>& lengths, std::vector<Refusal>* why) const {
    (void)role, (void)at, (void)ctx, (void)width, (void)lengths, (void)why;
  }
  // The qualifier that names a width (`.w`), or "".
  virtual std::string_view width_suffix(uint32_t width) const {
    (void)width;
    return "";
  }
  // A text the assembler also tries (T32: the complementary instruction of a
  // flipped immediate), and when: Before the text as written (the
  // alternative wins when it assembles), After it (only when the text as
  // written is refused), or Narrower (after it, and also when the text as
  // written assembles but the alternative gives a narrower word); "" when
  // there is none.
  enum class Prefer : uint8_t { Before, After, Narrower };
  virtual std::string alternative(std::string_view text, Prefer* how) const {
    (void)text, (void)how;
    return "";
  }
  // Whether a refused offset in brackets is blamed on the `[`.
  virtual bool blame_brackets() const { return false; }
  // Why a template that matched the whole line cannot stand where the line
  // does, inside a conditional or predication block (it spells no condition,
  // no predicate letter); nullptr when it can. Asked only inside a block.
  virtual const char* block_refusal(const WordTemplate& t, const AsmContext& ctx) const {
    (void)t, (void)ctx;
    return nullptr;
  }
  // Running a word whose should-be bits ((0), (1) in the diagram) are not
  // their canonical values, which the manual makes CONSTRAINED UNPREDICTABLE:
  // true, it is UNDEFINED; false (the default), it runs as if they were.
  virtual bool should_be_undefined(const spec::InstructionSpec& inst) const {
    (void)inst;
    return false;
  }
  // Listings: whether the text of a word of `enc` wider than the narrowest
  // carries its width suffix first (rather than only when it would
  // reassemble narrower).
  virtual bool prints_width(const spec::Encoding& enc, std::string_view text) const {
    (void)enc, (void)text;
    return false;
  }
  // Listings: how a list of consecutive registers (a `list` operand) of the
  // class whose names start with `prefix` is written (operands::List::Style).
  virtual operands::List::Style list_style(std::string_view prefix) const {
    (void)prefix;
    return operands::List::Style::SpacedRanges;
  }
  // The spec function whose value a `modimm` operand's text is ("": none),
  // called with the operand's field (of field_width bits), and the width of
  // its values for a field of that width (a negative text is their two's
  // complement).
  virtual std::string modimm_function(uint32_t field_width) const {
    (void)field_width;
    return "";
  }
  virtual uint32_t modimm_bits(uint32_t field_width) const {
    (void)field_width;
    return 32;
  }
  // Whether a `vfpimm` operand prints with eight decimals (`#1.00000000`)
  // rather than in exponent form (`#1.000000e+00`).
  virtual bool fp_immediate_decimals() const { return false; }
  // What a refused `modimm` value is told (llvm-mc's words).
  virtual std::string modimm_refusal() const { return "invalid operand for instruction"; }

  // --- Blocks: an instruction that gives the next ones a condition
  // (conditional block) or a predicate letter (predication block).
  struct Block {
    std::vector<std::string> conds;  // the conditions of the instructions it covers
    std::string preds;               // the predicate letters it gives itself and them
  };
  virtual Block opens(const spec::InstructionSpec& inst, const spec::Encoding& enc, const spec::Bits& word) const {
    (void)inst, (void)enc, (void)word;
    return {};
  }
  // An instruction that constrains the next one (A64's MOVPRFX): why `next`
  // may not follow `prev` in a program, or "" when it may.
  struct Placed {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
    spec::Bits word;
  };
  virtual std::string refuses_after(const WordIsa& isa, const Placed& prev, const Placed& next) const {
    (void)isa, (void)prev, (void)next;
    return "";
  }
  // The blocks' names in messages ("IT", "VPT") and the predicate letters.
  virtual std::string cond_block() const { return ""; }
  virtual std::string pred_block() const { return ""; }
  // The global the decode pseudocode reads inside a conditional block, and
  // its value there (the state in which it refuses the fewest instructions).
  virtual std::optional<std::pair<std::string, spec::Value>> in_block_state() const { return std::nullopt; }
};

class WordIsa {
 public:
  // Throws mlisa::InputError (at the spec line) for an operand kind this
  // assembler does not support.
  WordIsa(const spec::TargetSpec& spec, const spec::BuiltinTable& builtins, std::unique_ptr<TargetRules> rules);

  const spec::TargetSpec& spec() const { return spec_; }
  const TargetRules& rules() const { return *rules_; }
  // The target as the bundle model's one-slot case: slot "t", a form per
  // encoding (named "<instruction> <encoding>", as wide as the encoding, every
  // bit writable), in spec order. The solver chooses among its candidates.
  const Isa& model() const { return model_; }
  // The values of the `modimm` operands whose field is `field_width` bits
  // (TargetRules::modimm_function of each field value, computed once from
  // the specs), or null.
  const operands::ExpandTable* modimm_table(uint32_t field_width) const {
    const auto it = modimm_.find(field_width);
    return it == modimm_.end() ? nullptr : it->second.get();
  }
  const std::vector<WordTemplate>& templates() const { return templates_; }
  // An encoding's operands with their kinds (asm/operands.hpp).
  const std::vector<operands::Operand>& operands_of(const spec::Encoding& enc) const { return operands_.at(&enc); }
  // The operand an item of a template names, or null (a name the assembler owns).
  const operands::Operand* operand_of(const WordTemplate& t, const WordTemplate::Item& it) const {
    return it.operand < 0 ? nullptr : &operands_of(*t.enc)[static_cast<size_t>(it.operand)];
  }
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

  // Whether the assembler would take a line that encodes to `word` of `enc`
  // (outside a block): decode() also takes words whose line it refuses (a
  // register overlap the spec refuses only while `_Assembling`).
  bool assembles(const spec::Encoding& enc, const spec::Bits& word) const {
    return decode_verdict(enc, word, nullptr, false, true).empty();
  }

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

  // The canonical text of a word of `enc` (the first template's that
  // assembles back to it), or "" when no template fits.
  std::string print(const spec::Encoding& enc, const spec::Bits& word) const { return print(enc, word, PrintContext{}); }
  std::string print(const spec::Encoding& enc, const spec::Bits& word, const PrintContext& ctx) const;
  // The text of every syntax of the encoding that can print the word: in the
  // spec's order, or with the fewest operands first (`add r0, r1, r2` before
  // `add r0, r1, r2, lsl #0`); a listing keeps the first that reassembles.
  std::vector<std::string> print_all(const spec::Encoding& enc, const spec::Bits& word, const PrintContext& ctx,
                                     bool fewest_operands_first) const;

  // The should-be bits of a word of `enc`, most significant first, and how many there are.
  static uint64_t should_be_bits(const spec::Encoding& enc, const spec::Bits& word, int* count = nullptr);

  // The narrowest encoding width in bits (16 for T32, 32 for A64).
  uint32_t min_width() const { return min_width_; }

 private:
  // explain: note why each template refuses the text (for the error; a second run).
  Assembled assemble_as_written(const std::string& text, const AsmContext& ctx, bool explain = false) const;
  // The decode pseudocode's verdict on a word: "" when it runs to its end.
  // With `rule`: the pseudocode line that refused it.
  // in_block: as an instruction of a conditional block (TargetRules::in_block_state), where the
  // assembler places it (T32: a half-precision VADD in an IT block is UNPREDICTABLE).
  // assembling: to judge a line the assembler encoded, with the spec's `_Assembling` TRUE (a case the
  // manual makes CONSTRAINED UNPREDICTABLE that the oracle executes refuses the line but runs the word).
  // Remembered per (encoding, word, in_block, assembling): the decode reads no other state, and the
  // assembler asks again for every line that encodes to the same word.
  std::string decode_verdict(const spec::Encoding& enc, const spec::Bits& word, std::string* rule = nullptr,
                             bool in_block = false, bool assembling = false) const;
  std::string run_decode(const spec::Encoding& enc, const spec::Bits& word, std::string* rule, bool in_block,
                         bool assembling) const;
  Refusal blame(const WordTemplate& t, const spec::Bits& word, const std::string& verdict, const std::string& rule,
                std::span<const std::pair<const operands::Operand*, size_t>> trail, std::string_view text) const;
  // The first candidate (in order) whose fixed bits match and whose decode runs to its end.
  const spec::Encoding* decode_among(std::span<const WordDecoder::Candidate> cands, const spec::Bits& word,
                                     const spec::InstructionSpec** inst, std::string* why) const;

  // Whether `table` only narrows an immediate of `t` (print_all's operand count).
  bool narrows_immediate(const WordTemplate& t, const operands::Table& table) const;
  // The templates a text may match, in spec order: those whose stem is a
  // prefix of the text's first word (the templates without a stem too).
  void candidates(std::string_view trimmed, std::vector<uint32_t>& out) const;

  const spec::TargetSpec& spec_;
  std::unique_ptr<TargetRules> rules_;
  Isa model_;
  std::unordered_map<const spec::Encoding*, int> form_of_;  // an encoding's form in model_
  operands::RegNames core_regs_;  // the general-purpose registers (class R): a table's spelling may name one
  std::vector<std::pair<std::string, std::string>> register_renames_;  // R's other names -> own names (r13 -> sp)
  std::map<uint32_t, std::unique_ptr<operands::ExpandTable>> modimm_;  // by field width
  std::string modimm_refusal_;  // TargetRules::modimm_refusal, kept for the modimm operands
  std::vector<double> vfp_values_;  // VFPExpandImm(imm8, 64) by imm8 (vfpimm operands)
  // Every encoding's operands with their kinds (templates point into them).
  std::unordered_map<const spec::Encoding*, std::vector<operands::Operand>> operands_;
  // Every encoding's fixed bits as an assignment: a match starts from them,
  // so that an operand over a field a folded page fixes (a table `L:size`,
  // spec-format.md "Folded instructions") takes only the values that agree.
  std::unordered_map<const spec::Encoding*, Assignment> starts_;
  std::vector<WordTemplate> templates_;
  std::unordered_map<std::string, std::vector<uint32_t>> by_stem_;  // stem -> templates, in spec order
  std::vector<uint32_t> no_stem_;
  uint32_t min_width_ = 32;
  // What the matcher asks the rules for on every line, asked once.
  int64_t pc_offset_ = 0;
  int block_state_slot_ = -1;  // the global of TargetRules::in_block_state
  int assembling_slot_ = -1;   // the spec's `_Assembling`, when it declares one
  spec::Value block_state_;
  WordDecoder decoder_;
  mutable spec::Engine engine_;
  struct VerdictKey {
    const spec::Encoding* enc;
    uint64_t word;
    uint32_t width;
    bool in_block;
    bool assembling;
    bool operator==(const VerdictKey&) const = default;
  };
  struct VerdictHash {
    size_t operator()(const VerdictKey& k) const {
      return std::hash<const void*>()(k.enc) ^ std::hash<uint64_t>()(k.word * 0x9e3779b97f4a7c15ull + k.width * 4 + k.in_block * 2 + k.assembling);
    }
  };
  mutable std::unordered_map<VerdictKey, std::pair<std::string, std::string>, VerdictHash> verdicts_;  // verdict, rule
};

}  // namespace mlisa::as
