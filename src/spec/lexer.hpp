// The lexer of the pseudocode language. It turns a file (or a range of its
// lines) into tokens on demand, with the line structure made explicit:
// NEWLINE ends each logical line, INDENT and DEDENT mark changes of
// indentation, and lines are joined while a ( [ { or slice < is open.
//
// The slice rule: a `<` written immediately after an identifier, `]`, `)` or
// `.` (no space between) opens a slice (SliceOpen), and the `>` that closes it
// is SliceClose; any other `<` and `>` are comparisons. See docs/spec-language.md.
#pragma once

#include "spec/ast.hpp"

#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa {
class InputError;
}

namespace mlisa::spec {

enum class Tok : uint8_t {
  Eof,
  Newline,
  Indent,
  Dedent,
  Ident,
  Int,     // decimal or hex integer: int_value
  Real,    // 1.5: real_value
  Bits,    // '0101' or '01x1': text holds the digits (0, 1, x) without spaces
  String,  // "...": text holds the contents, escapes resolved

  // Keywords.
  KwIf, KwThen, KwElsif, KwElse, KwCase, KwOf, KwWhen, KwOtherwise,
  KwFor, KwTo, KwDownto, KwWhile, KwDo, KwRepeat, KwUntil, KwReturn, KwAssert,
  KwConstant, KwVar, KwLet,
  KwInteger, KwBoolean, KwBits, KwBit, KwReal, KwString,
  KwEnumeration, KwType, KwIs, KwArray, KwRecord,
  KwIn, KwDiv, KwMod, KwRem, KwAnd, KwOr, KwEor, KwNot,
  KwTrue, KwFalse, KwUnknown, KwUndefined, KwUnpredictable, KwConstrainedUnpredictable,
  KwSee, KwImplementationDefined,

  // Punctuation and operators.
  Plus, Minus, Star, Slash, Caret,
  Shl, Shr,                 // << >>
  EqEq, Ne, Lt, Le, Gt, Ge, // == != < <= > >=
  AndAnd, OrOr, Bang,       // && || !
  Colon, Comma, Semi, Dot, DotDot,
  LBracket, RBracket, LParen, RParen, LBrace, RBrace,
  Assign,     // =
  PlusColon,  // +:
  Amp,        // & (by-reference parameter)
  Arrow,      // => (ASL 1.0 case alternatives)
  SliceOpen,  // < of x<3:0> and PSTATE.<N,Z>
  SliceClose, // > closing a slice
};

// How a token kind is written: "if", "(", "<", "identifier", "end of input", ...
const char* tok_spelling(Tok t);

struct Token {
  Tok kind = Tok::Eof;
  uint32_t line = 0;          // 1-based
  uint32_t col = 0;           // 1-based byte column
  uint32_t logical_line = 0;  // counts logical lines (joined lines share one)
  std::string text;           // identifiers and keywords as written; String and Bits contents
  Int int_value = 0;
  double real_value = 0;
};

class Lexer {
 public:
  // Lexes lines [first_line, last_line] (1-based, inclusive) of a file of the
  // set. Indentation is relative to the first non-blank line.
  Lexer(const SourceSet& sources, uint32_t file, uint32_t first_line = 1,
        uint32_t last_line = UINT32_MAX);

  // The next token; Eof forever after the end. Throws mlisa::InputError.
  Token next();

  // Throws mlisa::InputError at line:col of the file.
  [[noreturn]] void fail(uint32_t line, uint32_t col, const std::string& msg);

 private:
  struct Opener {
    char kind;  // ( [ { <
    uint32_t line, col;
  };
  void start_line();
  void skip_blanks_in_line();
  void skip_block_comment();
  Token scan();
  Token make(Tok kind, uint32_t line, uint32_t col) const;
  Token scan_number(uint32_t col);
  Token scan_bits(uint32_t col);
  Token scan_string(uint32_t col);
  uint32_t col_of(size_t offset) const { return static_cast<uint32_t>(offset - line_start_ + 1); }

  const SourceSet& sources_;
  uint32_t file_;
  std::string_view src_;
  size_t pos_ = 0, end_ = 0;
  uint32_t line_ = 1;
  size_t line_start_ = 0;

  bool at_line_start_ = true;
  bool line_has_tokens_ = false;
  bool started_ = false;
  bool done_ = false;
  uint32_t logical_ = 0;
  std::vector<uint32_t> indents_;
  std::vector<Opener> brackets_;
  std::deque<Token> pending_;
  // The previous token, for the slice rule.
  Tok prev_kind_ = Tok::Newline;
  size_t prev_end_ = SIZE_MAX;
  std::shared_ptr<mlisa::InputError> failed_;  // errors are sticky
};

// Every token of a whole file up to and including Eof (tests, tools).
std::vector<Token> tokenize(const SourceSet& sources, uint32_t file);

}  // namespace mlisa::spec
