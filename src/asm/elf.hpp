// ELF relocatable objects in and out, through libelf, for every target
// (docs/assembler.md, "ELF"). Written: the sections of an Object (code
// sections SHT_PROGBITS with SHF_ALLOC|SHF_EXECINSTR, others SHF_ALLOC|
// SHF_WRITE), a symbol table (a section symbol per section, then the local
// symbols, then the global ones), .strtab, .shstrtab and a .rel.NAME or
// .rela.NAME section for each section with relocations.
// Read: the allocated PROGBITS and NOBITS sections (with their addresses, in an
// executable) and the symbols.
#pragma once

#include "asm/gas.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

struct ElfOptions {
  bool is64 = false;       // ELFCLASS64 (A64), else ELFCLASS32
  uint16_t machine = 0;    // e_machine: EM_NONE for tcore, EM_ARM (40), EM_AARCH64 (183)
  uint32_t flags = 0;      // e_flags (EF_ARM_EABI_VER5 = 0x05000000 for Arm)
};

// The ELF ABI's relocations of a machine: whether the addend is in the
// relocation (RELA) rather than in the bytes; the one that writes a symbol's
// address (`pcrel`: its distance from the data) into `size` bytes of data
// (empty: none); a relocation's number by its name.
bool uses_rela(uint16_t machine);
std::string data_relocation(uint16_t machine, int size, bool pcrel = false);
// The other way: the bytes a data relocation writes and whether it is
// PC-relative (0: not a data relocation).
int data_relocation_size(uint16_t machine, std::string_view type, bool& pcrel);
std::optional<uint32_t> relocation_number(uint16_t machine, std::string_view name);
std::optional<std::string> relocation_name(uint16_t machine, uint32_t number);

// Writes the object to `path`; throws mlisa::InputError when the file cannot be written.
void write_elf(const Object& obj, const ElfOptions& opt, const std::string& path);

struct ElfImage {
  uint16_t machine = 0;
  bool is64 = false;
  bool executable = false;  // ET_EXEC: sections carry their addresses, symbols are absolute
  uint64_t entry = 0;       // e_entry
  bool relocations = false; // a relocation section applies to an allocated section
  std::vector<ObjSection> sections;  // allocated PROGBITS and NOBITS sections, in file order, with their relocations
  std::vector<ObjSymbol> symbols;    // section indices into `sections`, -1 when absolute or elsewhere
};

bool is_elf(const std::vector<uint8_t>& bytes);
// Throws mlisa::InputError (naming `what`) for malformed ELF or a big-endian file.
ElfImage read_elf(const std::vector<uint8_t>& bytes, const std::string& what);

}  // namespace mlisa::as
