// The listing text of bundles, as the exporter renders it and the assembler
// reads it back (docs/assembler.md, "Listings"):
//
//   { s0: sadd s1, s2, 7; v: vadd v1, v2, s3 }
//   { s0: simm.s32 s0, 0 } .encoding s0.y=lo(imm0), imm0=0x0
//   {
//     s0: sld s1, [s2]
//     .encoding s0.opcode=0x5
//   }
//   add r1, r2, r3                  // a single-slot ISA: one instruction a line
//
// Items inside braces are separated by newlines or ';'. `//` starts a
// comment. `.encoding` takes comma-separated `name=value` constraints; it may
// follow the closing brace on the same line or stand as an item inside.
#pragma once

#include "asm/solver.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// Throws mlisa::InputError with file:line:col (and the line) for malformed
// text. The locations it gives the bundles, instructions and constraints
// carry no line text (rethrow_with_line adds it to an error about one).
std::vector<BundleText> parse_listing(const Isa& isa, std::string_view text, const std::string& file = "");

// One line, without a newline. Constraints render as `name=value`.
std::string render_bundle(const Isa& isa, const BundleText& bundle);
std::string render_listing(const Isa& isa, const std::vector<BundleText>& bundles);  // a line each

// Throws e again with its location's line of `text` (the text it was parsed
// from), unless the location has one already.
[[noreturn]] void rethrow_with_line(const InputError& e, std::string_view text);

// parse_listing, then assemble every bundle. A word is as wide as the ISA (or
// as its form, for narrower forms of a single-slot ISA).
std::vector<Word> assemble_listing(const Isa& isa, std::string_view text, const std::string& file = "");

// The disassemblers' label for a code offset: `entry` at 0, else `L_xxxx`
// (the byte offset in hex).
std::string label_name(uint64_t offset);

}  // namespace mlisa::as
