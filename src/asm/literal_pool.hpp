// GNU as's `ldr <register>, =<value>` (docs/assembler.md, "Literal loads"),
// shared by the single-word targets. The front end (gas.cpp) hands each
// statement it emits, after macros and repetitions, to LiteralPools; the
// target's rule says what a load becomes (an instruction that holds the
// value, or a load of a pool word of some size); LiteralPools places the
// pool words: at each `.ltorg` (or `.pool`), and what remains at the end of
// its section, each word aligned to its size with zero bytes, as llvm-mc
// places them; within a pool equal values of one size share a word. Each
// line it writes carries the place of the statement it comes from, so an
// error in a pool word's value is reported at its load.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::as {

// What `<mnemonic> <register>, =<value>` becomes, given the value where it is
// a constant expression of the numbers and the constants defined before it
// (nullopt: an address, which only a pool word holds): `instead`, an instruction;
// or a load of a pool word of `size` bytes (4 or 8); neither (size 0): a
// line the target does not take, left as written for the assembler to refuse.
struct LiteralLoad {
  std::string instead;
  unsigned size = 0;
};
using LiteralRule = std::function<LiteralLoad(std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant)>;

class LiteralPools {
 public:
  // A line to emit, and the place (the caller's number) of the statement it
  // comes from: its text from `at` on stands where the statement's did from
  // `was` on (a pool word's value, a load's `=`), so that an error there is
  // told at its column as written.
  struct Line {
    std::string text;
    size_t origin = 0;
    size_t at = 0, was = 0;
  };
  using Constant = std::function<std::optional<int64_t>(std::string_view expr)>;

  explicit LiteralPools(LiteralRule rule) : rule_(std::move(rule)) {}
  // A statement as the front end emits it (its labels first, no comment).
  // False: it stays as it is (a section directive is noted). True: `out`
  // holds what replaces it (a load: one line; `.ltorg`: its pool, maybe
  // nothing).
  bool statement(std::string_view code, size_t origin, const Constant& constant, std::vector<Line>& out);
  // The pools no `.ltorg` placed, each after the directive that enters its section.
  std::vector<Line> rest();

 private:
  struct Word {
    std::string value, label;
    unsigned size;
    size_t origin;
    size_t was;  // where the value stands in its load
  };
  struct Pool {
    std::string enter;  // the directive that enters the section
    size_t origin = 0;  // where the first word was asked for
    std::vector<Word> words;
  };
  void flush(Pool& p, std::vector<Line>& out);

  LiteralRule rule_;
  std::map<std::string, Pool, std::less<>> pools_;  // by section name
  std::vector<std::string> order_;                  // sections in the order of their first pool word
  std::string current_ = ".text";
  int labels_ = 0;
};

}  // namespace mlisa::as
