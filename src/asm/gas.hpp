// A GNU-as style front end over the listing syntax (docs/assembler.md,
// "The GNU-as front end"): sections, labels, symbols and data directives
// around bundles written as listings ({ ... } .encoding ...).
//
//   .text  .data  .section NAME[, ...]     switch section (.text* holds code)
//   .global / .globl SYM                   export a symbol
//   .align N  .p2align N                   align to 2^N bytes; .balign N: to N bytes
//   .word .hword/.short .byte EXPR, ...    4, 2, 1 bytes, little-endian
//   .ascii "s"  .asciz/.string "s"         bytes, with C escapes
//   .space/.zero N                         N zero bytes
//   .equ / .set SYM, EXPR                  an absolute symbol
//   NAME:                                  a label (a byte offset in its section)
//
// Code sections hold whole instruction words only: data directives there are
// an error, and alignment in them pads with empty words. EXPR is a sum of
// numbers and symbols (`table + 8`, `end - start` only within one section).
#pragma once

#include "asm/listing.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

struct ObjSection {
  std::string name;
  bool code = false;
  uint64_t align = 1;
  std::vector<uint8_t> bytes;
};

struct ObjSymbol {
  std::string name;
  int section = -1;  // index into sections, -1: absolute
  uint64_t value = 0;
  bool global = false;
};

struct Object {
  std::vector<ObjSection> sections;
  std::vector<ObjSymbol> symbols;  // in definition order
  // One entry per instruction word of the code sections (for --show-encoding).
  struct Line {
    int section = 0;
    uint64_t offset = 0;
    std::string text;  // the bundle as written, normalised by render_bundle
  };
  std::vector<Line> lines;
  const ObjSection* find(std::string_view name) const;
};

struct GasTarget {
  std::string comment = "#";  // the comment character (also `//`)
  // The scale of a code-address operand: operand `index` of `mnemonic` in
  // `slot` holds a byte address divided by the returned scale (0: not an address).
  std::function<int64_t(int slot, std::string_view mnemonic, size_t index)> label_scale;
};

// Throws mlisa::InputError with file:line:col at the first bad line.
Object assemble_gas(const Isa& isa, const GasTarget& target, std::string_view text, const std::string& file);

}  // namespace mlisa::as
