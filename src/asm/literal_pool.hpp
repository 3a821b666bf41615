// GNU as's `ldr <register>, =<value>` (docs/assembler.md, "Literal loads"),
// shared by the single-word targets: the target says what a line becomes
// (an instruction that holds the value, or a load of a pool word of some
// size); this places the pool words. A pool is placed at each `.ltorg` (or
// `.pool`), and what remains at the end of its section; each word aligned to
// its size with zero bytes, as llvm-mc places them; within a pool equal
// values of one size share a word. The text keeps its lines: a pool is
// written on the `.ltorg` line, statements separated by `;`, and a load
// becomes `<mnemonic> <register>, <pool label>`.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace mlisa::as {

// What `<mnemonic> <register>, =<value>` becomes (value as written, without
// the `=`): `instead`, an instruction; or a load of a pool word of `size`
// bytes (4 or 8); neither (size 0): a line the target does not take, left as
// written for the assembler to refuse.
struct LiteralLoad {
  std::string instead;
  unsigned size = 0;
};
using LiteralRule = std::function<LiteralLoad(std::string_view mnemonic, std::string_view reg, std::string_view value)>;

// The source with its literal loads expanded. `comment` starts a comment
// (`@`, `//`): the rest of a line after it is not read.
std::string expand_literal_loads(std::string_view text, std::string_view comment, const LiteralRule& rule);

}  // namespace mlisa::as
