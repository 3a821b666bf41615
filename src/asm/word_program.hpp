// Programs of the single-word targets (mve: T32, sme2: A64): GNU-as source
// assembled through WordIsa, and programs placed in memory for `mlisa run`.
//
// assemble_word_program takes the GNU-as front end's directives
// (asm/gas.hpp) and, in code sections, one instruction per line (or several
// separated by ';'). Label operands (`b loop`, `cbz r0, done`, `le lr, loop`)
// take a symbol expression or an absolute address. T32 code is relaxed: an
// instruction takes the first encoding (in spec order) that holds its
// operands at its final address, 16-bit before 32-bit, as GNU as does; `.n`
// and `.w` force a width. IT blocks are tracked: the conditions of an
// `IT{x{y{z}}} cond` go to the next one to four instructions, whose
// condition suffixes must match them. Data directives are allowed in code
// sections (literal data beside code), and alignment there pads with NOPs.
// Ignored for GNU compatibility: .syntax .thumb .thumb_func .arm .code .cpu
// .fpu .arch .arch_extension .eabi_attribute .type .size .file .ident.
#pragma once

#include "asm/elf.hpp"
#include "asm/gas.hpp"
#include "asm/word_isa.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// Throws mlisa::InputError with file:line:col: every refused instruction (an
// InputError::all; with keep_going, Object::refused instead, the others
// assembled), else the first bad line. With a
// placement, sections get their addresses and symbols are absolute (so code
// may name data in another section, `movw r0, #:lower16:buffer`).
using LinkLayout = Placement;
Object assemble_word_program(const WordIsa& isa, std::string_view text, const std::string& file,
                             const std::optional<LinkLayout>& placement = std::nullopt, bool keep_going = false);

// The bytes of an instruction word as memory holds it (T32: halfwords, the
// first one the high half; A64: little-endian).
std::vector<uint8_t> word_bytes(const WordIsa& isa, const spec::Bits& word);

// The ELF header fields of the target's objects (EM_ARM or EM_AARCH64).
ElfOptions word_elf_options(const WordIsa& isa);

// The listing of an image's sections (mlisa disasm): code sections
// instruction by instruction, spelled as llvm-mc does, with PC 0 labelled
// `entry` and branch targets inside the section `L_xxxx` (the byte offset in
// hex; numeric outside it), IT blocks followed, a word no encoding decodes
// as `.inst`; data sections as `.byte` lines. A 32-bit T32 word whose text
// would reassemble narrower gets `.w`. With `exact`, a word whose should-be
// bits are not the canonical ones gets the named constraint
// `.encoding should_be=0b...`, so that the listing reassembles byte for byte.
// Verified by reassembling it (mlisa::CheckFailed when that fails or, exact,
// gives other bytes).
// `symbols` (an ELF file's, section indices into `sections`) supply the
// mapping symbols: bytes after a `$d` print as data.
std::string disassemble_words(const WordIsa& isa, const std::vector<ObjSection>& sections, bool exact,
                              const std::string& file = "<disasm>", const std::vector<ObjSymbol>& symbols = {});

// What `mlisa as --show-encoding` prints for an assembled program, as
// llvm-mc-19 -show-encoding does: the section directive, the labels, and each
// instruction in its canonical spelling (the listing's), mnemonic and
// operands separated by a tab, with `@ encoding: [0x..,...]` (`//` for A64) at
// llvm's comment column. An instruction that names a label keeps the source's
// operands (llvm-mc prints the symbol; the listing would print an offset).
std::string show_encoding(const WordIsa& isa, const Object& obj, const std::string& file);

// A program placed in memory: what `mlisa run` loads.
struct ProgramImage {
  struct Segment {
    std::string name;
    uint64_t address = 0;
    std::vector<uint8_t> bytes;
    bool code = false;
    uint64_t memsz = 0;  // bytes it occupies (an ELF segment's p_memsz: the rest zero); 0: bytes.size()
    uint64_t size() const { return std::max<uint64_t>(memsz, bytes.size()); }
  };
  std::vector<Segment> segments;
  std::map<std::string, uint64_t> symbols;  // absolute addresses
  std::optional<uint64_t> entry;            // an ELF executable's e_entry, else the symbol _start, if any
  bool executable = false;                  // an ELF executable: segments are its PT_LOAD program headers
};

// FILE.s (assembled), an ELF relocatable object (placed by `layout`: code
// sections one after another from text_base, the others from data_base or,
// when 0, after the code), an ELF executable (its PT_LOAD segments at their
// physical addresses, as QEMU's loader places them, p_filesz bytes from the
// file and zeros to p_memsz), or a raw image (code at text_base). Throws
// mlisa::InputError: for an ELF file that is truncated (a header, a program
// header table or a segment's bytes past the end of the file), for another
// machine or class, a segment whose p_filesz exceeds p_memsz, segments that
// overlap, or an executable with no loadable segment.
ProgramImage load_program(const WordIsa& isa, const std::string& path, const LinkLayout& layout);
ProgramImage place_object(const Object& obj, const LinkLayout& layout);

}  // namespace mlisa::as
