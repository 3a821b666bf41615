// The assembler and disassembler of a bundle target, as the tools run them
// (mlisa as, mlisa disasm; docs/assembler.md, "The tools").
#pragma once

#include "asm/elf.hpp"
#include "asm/export.hpp"
#include "asm/gas.hpp"
#include "asm/spec_isa.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace mlisa::targets {

// The front end's view of the target: its comment character and its
// code-address (label) operands.
as::GasTarget gas_target(const as::SpecIsa& isa);

// The ELF header fields of the target: tcore is ELFCLASS32, EM_NONE (0): it
// has no registered machine number.
as::ElfOptions elf_options(const as::SpecIsa& isa);

// A listing of code sections for `mlisa as`: `.text`, PC 0 labelled
// `entry`, direct branch targets inside the section `L_xxxx` (the byte offset
// in hex), targets outside it numeric; data sections as `.byte` lines.
// Verified: reassembling the text with the front end gives the same bytes
// (exact) or succeeds (canonical); mlisa::CheckFailed otherwise. Throws
// mlisa::InputError for a code section that is not whole words and for the
// refusals of as::export_bundle, prefixed by the bundle's offset.
std::string disassemble(const as::SpecIsa& isa, const std::vector<as::ObjSection>& sections, as::ExportMode mode,
                        const std::string& file = "<disasm>");

// The bytes of `file`'s image, whether a raw image (one code section .text)
// or an ELF object (its allocated sections).
std::vector<as::ObjSection> image_sections(const std::vector<uint8_t>& bytes, const std::string& file);

}  // namespace mlisa::targets
