// A GNU-as style front end over the listing syntax (docs/assembler.md,
// "The GNU-as front end"): sections, labels, symbols and data directives
// around bundles written as listings ({ ... } .encoding ...), or around one
// instruction per statement for the single-word targets (T32, A64).
//
//   .text  .data  .bss  .section NAME[, "FLAGS", %TYPE, ENTSIZE]   switch section
//   .global / .globl / .weak / .local SYM   binding
//   .type SYM, %function  .size SYM, EXPR  .thumb_func   ELF type and size
//   .comm / .lcomm SYM, SIZE[, ALIGN]      common or .bss storage
//   .align N  .p2align N                   align to 2^N bytes; .balign N: to N bytes
//                                          (a second argument 0: zero bytes, also in code;
//                                          a third: the most bytes to skip, else no padding)
//   .byte .hword .word .quad EXPR, ...     1, 2, 4, 8 bytes, little-endian (and GNU's synonyms)
//   .ascii "s"  .asciz/.string "s"         bytes, with C escapes
//   .space/.zero N                         N zero bytes
//   .equ / .set SYM, EXPR                  a symbol
//   NAME:                                  a label (a byte offset in its section)
//
// Bundle targets' code sections hold whole instruction words only: data
// directives there are an error, and alignment in them pads with empty words.
// EXPR has GNU as's operators; only + and - take addresses. Without a
// placement, a single-word target's object has relocations for what names
// another section or object (ObjReloc).
#pragma once

#include "asm/listing.hpp"
#include "asm/literal_pool.hpp"
#include "core/diag.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// A relocation of a relocatable object: the linker writes the value of a
// symbol (or of a section's start, when `symbol` is -1) into the bytes at
// `offset`, the way the target's ELF ABI defines `type` (R_ARM_THM_CALL, ...).
// REL targets (Arm) keep the addend in those bytes; RELA ones (A64) here.
struct ObjReloc {
  uint64_t offset = 0;
  std::string type;   // the ABI's name; write_elf maps it to its number
  int symbol = -1;    // index into Object::symbols
  int section = -1;   // when symbol is -1: the section whose symbol is named
  int64_t addend = 0; // RELA only
};

struct ObjSection {
  std::string name;
  bool code = false;
  uint64_t align = 1;
  std::vector<uint8_t> bytes;
  std::optional<uint64_t> address;  // set when the assembly was placed (Placement)
  // The ELF section's type and flags where `.section NAME, "FLAGS", %TYPE`
  // (or the name: .bss) says; unset: PROGBITS, code AX, else WA.
  bool nobits = false;
  std::optional<uint64_t> flags;  // SHF_*
  uint64_t entsize = 0;
  std::vector<ObjReloc> relocs;
};

struct ObjSymbol {
  enum Type : uint8_t { NoType, Func, Object };
  std::string name;
  int section = -1;  // index into sections, -1: absolute (or undefined)
  uint64_t value = 0;
  bool global = false;
  bool undefined = false;  // named by the assembly, defined elsewhere (an object's UND symbol)
  bool weak = false;
  bool common = false;     // `.comm`: the linker allocates it (value: its alignment)
  Type type = NoType;      // `.type NAME, %function` / `%object`, `.thumb_func`
  std::optional<uint64_t> size;  // `.size NAME, EXPR`
};

struct Object {
  std::vector<ObjSection> sections;
  std::vector<ObjSymbol> symbols;  // in definition order
  // One entry per instruction word of the code sections (for --show-encoding).
  struct Line {
    int section = 0;
    uint64_t offset = 0;
    std::string text;  // the bundle as written, normalised by render_bundle (word targets: the statement)
    size_t size = 0;   // bytes (word targets; bundles are the ISA's width)
  };
  std::vector<Line> lines;
  // What the assembler left out and says so ("file:line:col: warning: ...").
  std::vector<std::string> warnings;
  // Only when asked to keep going: every refused instruction (an
  // InputError::all); they are missing from `lines` and their bytes are zero.
  std::optional<InputError> refused;
  const ObjSection* find(std::string_view name) const;
};

struct GasTarget {
  std::string comment = "#";  // the comment character (also `//`)
  // Refused instructions go to Object::refused instead of being thrown, so
  // that the others can be shown (--show-encoding, as llvm-mc shows them).
  bool keep_going = false;
  // The scale of a code-address operand: operand `index` of `mnemonic` in
  // `slot` holds a byte address divided by the returned scale (0: not an address).
  std::function<int64_t(int slot, std::string_view mnemonic, size_t index)> label_scale;
};

// A data section's bytes as directives the front end reads back: `.zero N`
// for a section without contents (NOBITS), else `.byte` lines of 16 bytes.
std::string data_directives(const ObjSection& section);
// The directive that opens the section in a listing: `.text`, `.data`, or
// `.section NAME` with its flags and type where they are known.
std::string section_directive(const ObjSection& section);

// Throws mlisa::InputError with file:line:col: every refused bundle (an
// InputError::all), else the first bad line.
Object assemble_gas(const Isa& isa, const GasTarget& target, std::string_view text, const std::string& file);

// Where the sections of an assembly go when it is placed in memory at once
// (mlisa run of FILE.s): code sections one after another from text_base, the
// others from data_base (0: after the code), each aligned as it asks. Symbols
// then have absolute addresses, so any instruction or datum may name any.
struct Placement {
  uint64_t text_base = 0;
  uint64_t data_base = 0;
};

// A single-word target's instruction encoder (Arm T32, A64): the front end
// above with one instruction per statement (statements end at a newline or
// ';'), data allowed in code sections, and relaxation: every instruction
// starts at min_bytes, and layout repeats while one grows.
using SymbolResolver = std::function<std::optional<int64_t>(std::string_view)>;
struct WordEncoder {
  std::string comment = "@";
  bool keep_going = false;  // as GasTarget::keep_going
  size_t min_bytes = 4;
  size_t max_bytes = 0;  // the widest instruction (0: min_bytes); a refused one grows to it while layout settles
  std::vector<uint8_t> nop;  // alignment padding in code (its size divides every pad)
  std::vector<std::string> ignored_directives;  // accepted for compatibility, without effect
  std::string code_mapping;  // the ELF mapping symbol of code ($t, $x); empty: none
  std::optional<Placement> placement;
  // Without a placement: the relocation naming a symbol in `size` bytes of
  // data (`.word ext`), by size (4, 2, 1, 8), or its distance from the data
  // (`pcrel`: `.word ext - .`); none: every symbol must be defined and data
  // may name its own section only. `rela`: the addend goes
  // in the relocation, not in the bytes.
  std::function<std::string(int size, bool pcrel)> data_relocation;
  bool rela = false;
  // T32: a function's address in data or MOVW/MOVT has bit 0 set (its state),
  // as the ELF ABI's (S + A) | T makes it; the front end sets it where it places.
  bool thumb_functions = false;
  // The PC an instruction reads, relative to its address (T32: 4).
  uint64_t pc_offset = 0;
  // What `ldr <register>, =<value>` becomes (asm/literal_pool.hpp); empty: no literal loads.
  LiteralRule literal_load;
  // An instruction's size before layout (default min_bytes).
  std::function<size_t(std::string_view text)> initial_bytes;
  // Called before each layout pass, then `encode` once per instruction
  // (and `.inst` statement) in source order: the bytes at `address`, at least `min_bytes` long
  // (valid until the next call), and the relocation its encoding takes when an operand names a
  // symbol the object cannot resolve (empty: none). resolve evaluates a symbol expression to an
  // address; such a symbol reads as `address` plus the addend the bytes must hold. Throws
  // mlisa::InputError (its message is placed at the instruction).
  std::function<void()> begin_pass;
  struct Encoded {
    std::span<const uint8_t> bytes;
    std::string_view relocation;
  };
  using Encode = std::function<Encoded(std::string_view text, uint64_t address, size_t min_bytes,
                                       const SymbolResolver& resolve)>;
  Encode encode;
  // `encode` without its effect on the instructions after it (the IT and VPT
  // block state it keeps): called before `encode` of the same instruction to
  // ask whether it would take its narrowest size were the addresses after it
  // closer. Optional.
  Encode probe;
};
Object assemble_gas_words(const WordEncoder& enc, std::string_view text, const std::string& file);

}  // namespace mlisa::as
