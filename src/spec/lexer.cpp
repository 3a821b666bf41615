#include "spec/lexer.hpp"

#include "core/diag.hpp"

#include <charconv>
#include <cstring>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace mlisa::spec {

namespace {

struct Keyword {
  std::string_view text;  // sized: the lexer compares every identifier with each
  Tok kind;
};

constexpr Keyword kKeywords[] = {
    {"if", Tok::KwIf},
    {"then", Tok::KwThen},
    {"elsif", Tok::KwElsif},
    {"else", Tok::KwElse},
    {"case", Tok::KwCase},
    {"of", Tok::KwOf},
    {"when", Tok::KwWhen},
    {"otherwise", Tok::KwOtherwise},
    {"for", Tok::KwFor},
    {"to", Tok::KwTo},
    {"downto", Tok::KwDownto},
    {"while", Tok::KwWhile},
    {"do", Tok::KwDo},
    {"repeat", Tok::KwRepeat},
    {"until", Tok::KwUntil},
    {"return", Tok::KwReturn},
    {"assert", Tok::KwAssert},
    {"constant", Tok::KwConstant},
    {"var", Tok::KwVar},
    {"let", Tok::KwLet},
    {"integer", Tok::KwInteger},
    {"boolean", Tok::KwBoolean},
    {"bits", Tok::KwBits},
    {"bit", Tok::KwBit},
    {"real", Tok::KwReal},
    {"string", Tok::KwString},
    {"enumeration", Tok::KwEnumeration},
    {"type", Tok::KwType},
    {"is", Tok::KwIs},
    {"array", Tok::KwArray},
    {"record", Tok::KwRecord},
    {"IN", Tok::KwIn},
    {"DIV", Tok::KwDiv},
    {"MOD", Tok::KwMod},
    {"REM", Tok::KwRem},
    {"AND", Tok::KwAnd},
    {"OR", Tok::KwOr},
    {"EOR", Tok::KwEor},
    {"NOT", Tok::KwNot},
    {"TRUE", Tok::KwTrue},
    {"FALSE", Tok::KwFalse},
    {"UNKNOWN", Tok::KwUnknown},
    {"UNDEFINED", Tok::KwUndefined},
    {"UNPREDICTABLE", Tok::KwUnpredictable},
    {"CONSTRAINED_UNPREDICTABLE", Tok::KwConstrainedUnpredictable},
    {"SEE", Tok::KwSee},
    {"IMPLEMENTATION_DEFINED", Tok::KwImplementationDefined},
};

// Every identifier of every spec goes through here at start-up: a hash
// lookup, not a walk over the keywords.
Tok keyword_or_ident(std::string_view s) {
  static const std::unordered_map<std::string_view, Tok> keywords = [] {
    std::unordered_map<std::string_view, Tok> m;
    for (const auto& k : kKeywords) m.emplace(k.text, k.kind);
    return m;
  }();
  const auto it = keywords.find(s);
  return it == keywords.end() ? Tok::Ident : it->second;
}

bool is_ident_start(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
bool is_ident_char(char c) { return is_ident_start(c) || (c >= '0' && c <= '9'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string show_char(char c) {
  auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
  static const char* digits = "0123456789abcdef";
  std::string s = "'\\x";
  s += digits[u >> 4];
  s += digits[u & 15];
  s += "'";
  return s;
}

// The widest bits value (spec/value.cpp).
constexpr size_t kMaxBitStringWidth = Bits::kMaxWidth;

constexpr Int kIntMax = static_cast<Int>((static_cast<unsigned __int128>(1) << 127) - 1);

}  // namespace

const char* tok_spelling(Tok t) {
  for (const auto& k : kKeywords)
    if (k.kind == t) return k.text.data();  // the literals are NUL-terminated
  switch (t) {
    case Tok::Eof: return "end of input";
    case Tok::Newline: return "end of line";
    case Tok::Indent: return "indentation";
    case Tok::Dedent: return "end of block";
    case Tok::Ident: return "identifier";
    case Tok::Int: return "integer literal";
    case Tok::Real: return "real literal";
    case Tok::Bits: return "bits literal";
    case Tok::String: return "string literal";
    case Tok::Plus: return "+";
    case Tok::Minus: return "-";
    case Tok::Star: return "*";
    case Tok::Slash: return "/";
    case Tok::Caret: return "^";
    case Tok::Shl: return "<<";
    case Tok::Shr: return ">>";
    case Tok::EqEq: return "==";
    case Tok::Ne: return "!=";
    case Tok::Lt: return "<";
    case Tok::Le: return "<=";
    case Tok::Gt: return ">";
    case Tok::Ge: return ">=";
    case Tok::AndAnd: return "&&";
    case Tok::OrOr: return "||";
    case Tok::Bang: return "!";
    case Tok::Colon: return ":";
    case Tok::Comma: return ",";
    case Tok::Semi: return ";";
    case Tok::Dot: return ".";
    case Tok::DotDot: return "..";
    case Tok::LBracket: return "[";
    case Tok::RBracket: return "]";
    case Tok::LParen: return "(";
    case Tok::RParen: return ")";
    case Tok::LBrace: return "{";
    case Tok::RBrace: return "}";
    case Tok::Assign: return "=";
    case Tok::PlusColon: return "+:";
    case Tok::Amp: return "&";
    case Tok::Arrow: return "=>";
    case Tok::SliceOpen: return "<";
    case Tok::SliceClose: return ">";
    default: return "token";
  }
}

Lexer::Lexer(const SourceSet& sources, uint32_t file, uint32_t first_line, uint32_t last_line)
    : sources_(sources), file_(file), src_(sources.text(file)) {
  if (first_line == 0) first_line = 1;
  // Find the start of first_line and the end of last_line.
  size_t p = 0;
  uint32_t line = 1;
  while (line < first_line && p < src_.size()) {
    const void* nl = std::memchr(src_.data() + p, '\n', src_.size() - p);
    if (!nl) {
      p = src_.size();
      break;
    }
    p = static_cast<const char*>(nl) - src_.data() + 1;
    ++line;
  }
  if (line < first_line) p = src_.size();
  pos_ = p;
  line_ = first_line;
  line_start_ = p;
  size_t e = p;
  uint32_t l = first_line;
  if (last_line < first_line) {
    e = p;
  } else {
    while (e < src_.size()) {
      const void* nl = std::memchr(src_.data() + e, '\n', src_.size() - e);
      if (!nl) {
        e = src_.size();
        break;
      }
      e = static_cast<const char*>(nl) - src_.data() + 1;
      if (l == last_line) break;
      ++l;
    }
  }
  end_ = e;
}

void Lexer::fail(uint32_t line, uint32_t col, const std::string& msg) {
  failed_ = std::make_shared<InputError>(sources_.location(Loc{file_, line, col}), msg);
  throw *failed_;
}

Token Lexer::make(Tok kind, uint32_t line, uint32_t col) const {
  Token t;
  t.kind = kind;
  t.line = line;
  t.col = col;
  t.logical_line = logical_;
  return t;
}

void Lexer::skip_block_comment() {
  uint32_t line = line_, col = col_of(pos_);
  pos_ += 2;
  while (pos_ < end_) {
    char c = src_[pos_];
    if (c == '*' && pos_ + 1 < end_ && src_[pos_ + 1] == '/') {
      pos_ += 2;
      return;
    }
    ++pos_;
    if (c == '\n') {
      ++line_;
      line_start_ = pos_;
    }
  }
  fail(line, col, "unterminated comment");
}

// Spaces, tabs, carriage returns and comments up to (not including) a newline.
void Lexer::skip_blanks_in_line() {
  while (pos_ < end_) {
    char c = src_[pos_];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '/' && pos_ + 1 < end_ && src_[pos_ + 1] == '/') {
      while (pos_ < end_ && src_[pos_] != '\n') ++pos_;
    } else if (c == '/' && pos_ + 1 < end_ && src_[pos_ + 1] == '*') {
      skip_block_comment();
    } else {
      return;
    }
  }
}

// At the start of a logical line outside brackets: skips blank and
// comment-only lines, then turns the indentation of the first token into
// INDENT / DEDENT tokens (or the final DEDENTs and Eof).
void Lexer::start_line() {
  for (;;) {
    skip_blanks_in_line();
    if (pos_ >= end_) break;
    if (src_[pos_] == '\n') {
      ++pos_;
      ++line_;
      line_start_ = pos_;
      continue;
    }
    break;
  }
  at_line_start_ = false;
  line_has_tokens_ = false;
  if (pos_ >= end_) {
    while (indents_.size() > 1) {
      indents_.pop_back();
      pending_.push_back(make(Tok::Dedent, line_, col_of(pos_)));
    }
    pending_.push_back(make(Tok::Eof, line_, col_of(pos_)));
    done_ = true;
    return;
  }
  ++logical_;
  uint32_t indent = 0;
  for (size_t i = line_start_; i < pos_; ++i) indent += src_[i] == '\t' ? 4 : 1;
  uint32_t col = col_of(pos_);
  if (!started_) {
    started_ = true;
    indents_.push_back(indent);
    return;
  }
  if (indent > indents_.back()) {
    indents_.push_back(indent);
    pending_.push_back(make(Tok::Indent, line_, col));
    return;
  }
  while (indent < indents_.back()) {
    if (indents_.size() == 1) fail(line_, col, "line is indented less than the first line");
    indents_.pop_back();
    pending_.push_back(make(Tok::Dedent, line_, col));
  }
  if (indent != indents_.back()) fail(line_, col, "indentation does not match any enclosing block");
}

Token Lexer::next() {
  if (failed_) throw *failed_;
  for (;;) {
    if (!pending_.empty()) {
      Token t = std::move(pending_.front());
      pending_.pop_front();
      return t;
    }
    if (done_) return make(Tok::Eof, line_, col_of(pos_));
    if (at_line_start_ && brackets_.empty()) {
      start_line();
      continue;
    }
    skip_blanks_in_line();
    if (pos_ >= end_) {
      if (!brackets_.empty()) {
        const Opener& o = brackets_.back();
        std::string what(1, o.kind);
        fail(o.line, o.col, "'" + what + "' is never closed");
      }
      at_line_start_ = true;
      if (line_has_tokens_) {
        line_has_tokens_ = false;
        return make(Tok::Newline, line_, col_of(pos_));
      }
      continue;
    }
    if (src_[pos_] == '\n') {
      Token nl = make(Tok::Newline, line_, col_of(pos_));
      ++pos_;
      ++line_;
      line_start_ = pos_;
      if (brackets_.empty()) {
        at_line_start_ = true;
        if (line_has_tokens_) {
          line_has_tokens_ = false;
          prev_kind_ = Tok::Newline;
          return nl;
        }
      }
      continue;
    }
    Token t = scan();
    line_has_tokens_ = true;
    prev_kind_ = t.kind;
    prev_end_ = pos_;
    return t;
  }
}

Token Lexer::scan() {
  const size_t start = pos_;
  const uint32_t line = line_, col = col_of(pos_);
  const char c = src_[pos_];
  auto peekc = [&](size_t k) -> char { return pos_ + k < end_ ? src_[pos_ + k] : '\0'; };
  auto op = [&](Tok kind, size_t len) {
    pos_ += len;
    return make(kind, line, col);
  };

  if (is_ident_start(c)) {
    size_t p = pos_;
    while (p < end_ && is_ident_char(src_[p])) ++p;
    std::string_view word = src_.substr(pos_, p - pos_);
    pos_ = p;
    Token t = make(keyword_or_ident(word), line, col);
    t.text = std::string(word);
    return t;
  }
  if (is_digit(c)) return scan_number(col);
  if (c == '\'') return scan_bits(col);
  if (c == '"') return scan_string(col);

  switch (c) {
    case '+':
      return peekc(1) == ':' ? op(Tok::PlusColon, 2) : op(Tok::Plus, 1);
    case '-': return op(Tok::Minus, 1);
    case '*': return op(Tok::Star, 1);
    case '/': return op(Tok::Slash, 1);
    case '^': return op(Tok::Caret, 1);
    case '<': {
      if (peekc(1) == '<') return op(Tok::Shl, 2);
      if (peekc(1) == '=') return op(Tok::Le, 2);
      bool adjacent = prev_end_ == start &&
                      (prev_kind_ == Tok::Ident || prev_kind_ == Tok::RBracket ||
                       prev_kind_ == Tok::RParen || prev_kind_ == Tok::Dot);
      if (adjacent) {
        brackets_.push_back({'<', line, col});
        return op(Tok::SliceOpen, 1);
      }
      return op(Tok::Lt, 1);
    }
    case '>':
      if (!brackets_.empty() && brackets_.back().kind == '<') {
        brackets_.pop_back();
        return op(Tok::SliceClose, 1);
      }
      if (peekc(1) == '>') return op(Tok::Shr, 2);
      if (peekc(1) == '=') return op(Tok::Ge, 2);
      return op(Tok::Gt, 1);
    case '=':
      if (peekc(1) == '=') return op(Tok::EqEq, 2);
      if (peekc(1) == '>') return op(Tok::Arrow, 2);
      return op(Tok::Assign, 1);
    case '!':
      return peekc(1) == '=' ? op(Tok::Ne, 2) : op(Tok::Bang, 1);
    case '&':
      return peekc(1) == '&' ? op(Tok::AndAnd, 2) : op(Tok::Amp, 1);
    case '|':
      if (peekc(1) == '|') return op(Tok::OrOr, 2);
      break;
    case ':': return op(Tok::Colon, 1);
    case ',': return op(Tok::Comma, 1);
    case ';': return op(Tok::Semi, 1);
    case '.':
      return peekc(1) == '.' ? op(Tok::DotDot, 2) : op(Tok::Dot, 1);
    case '(':
      brackets_.push_back({'(', line, col});
      return op(Tok::LParen, 1);
    case '[':
      brackets_.push_back({'[', line, col});
      return op(Tok::LBracket, 1);
    case '{':
      brackets_.push_back({'{', line, col});
      return op(Tok::LBrace, 1);
    case ')':
    case ']':
    case '}': {
      char open = c == ')' ? '(' : c == ']' ? '[' : '{';
      // A mismatched closer stays on the stack; the parser reports it.
      if (!brackets_.empty() && brackets_.back().kind == open) brackets_.pop_back();
      return op(c == ')' ? Tok::RParen : c == ']' ? Tok::RBracket : Tok::RBrace, 1);
    }
    default: break;
  }
  fail(line, col, "unexpected character " + show_char(c));
}

Token Lexer::scan_number(uint32_t col) {
  const uint32_t line = line_;
  Token t = make(Tok::Int, line, col);
  auto too_large = [&] { fail(line, col, "integer literal too large"); };
  if (src_[pos_] == '0' && pos_ + 1 < end_ && (src_[pos_ + 1] == 'x' || src_[pos_ + 1] == 'X')) {
    pos_ += 2;
    unsigned __int128 v = 0;
    int ndigits = 0;
    while (pos_ < end_ && (hex_value(src_[pos_]) >= 0 || src_[pos_] == '_')) {
      if (src_[pos_] != '_') {
        if (v > (static_cast<unsigned __int128>(kIntMax) >> 4)) too_large();
        v = v * 16 + static_cast<unsigned>(hex_value(src_[pos_]));
        ++ndigits;
      }
      ++pos_;
    }
    if (ndigits == 0) fail(line, col, "expected hex digits after '0x'");
    if (pos_ < end_ && is_ident_char(src_[pos_])) fail(line, col_of(pos_), "invalid character in number");
    t.int_value = static_cast<Int>(v);
    t.text = "0x";
    return t;
  }
  size_t start = pos_;
  std::string digits;
  while (pos_ < end_ && (is_digit(src_[pos_]) || src_[pos_] == '_')) {
    if (src_[pos_] != '_') digits += src_[pos_];
    ++pos_;
  }
  if (pos_ + 1 < end_ && src_[pos_] == '.' && is_digit(src_[pos_ + 1])) {
    digits += '.';
    ++pos_;
    while (pos_ < end_ && (is_digit(src_[pos_]) || src_[pos_] == '_')) {
      if (src_[pos_] != '_') digits += src_[pos_];
      ++pos_;
    }
    if (pos_ < end_ && is_ident_char(src_[pos_])) fail(line, col_of(pos_), "invalid character in number");
    double d = 0;
    auto r = std::from_chars(digits.data(), digits.data() + digits.size(), d);
    if (r.ec != std::errc()) fail(line, col, "real literal out of range");
    t.kind = Tok::Real;
    t.real_value = d;
    t.text = std::string(src_.substr(start, pos_ - start));
    return t;
  }
  if (pos_ < end_ && is_ident_char(src_[pos_])) fail(line, col_of(pos_), "invalid character in number");
  Int v = 0;
  for (char d : digits) {
    if (v > (kIntMax - (d - '0')) / 10) too_large();
    v = v * 10 + (d - '0');
  }
  t.int_value = v;
  t.text = std::string(src_.substr(start, pos_ - start));
  return t;
}

Token Lexer::scan_bits(uint32_t col) {
  const uint32_t line = line_;
  Token t = make(Tok::Bits, line, col);
  ++pos_;
  for (;;) {
    if (pos_ >= end_ || src_[pos_] == '\n') fail(line, col, "unterminated bit string");
    char c = src_[pos_];
    if (c == '\'') {
      ++pos_;
      return t;
    }
    if (c == '0' || c == '1' || c == 'x') {
      if (t.text.size() == kMaxBitStringWidth)
        fail(line, col, "bit string too long (more than " + std::to_string(kMaxBitStringWidth) + " bits)");
      t.text += c;
    } else if (c != ' ') {
      // No closing quote on the line: the quote was never closed ('0101;).
      size_t p = pos_;
      while (p < end_ && src_[p] != '\n' && src_[p] != '\'') ++p;
      if (p >= end_ || src_[p] != '\'') fail(line, col, "unterminated bit string");
      fail(line, col_of(pos_), "invalid character " + show_char(c) + " in bit string");
    }
    ++pos_;
  }
}

Token Lexer::scan_string(uint32_t col) {
  const uint32_t line = line_;
  Token t = make(Tok::String, line, col);
  ++pos_;
  for (;;) {
    if (pos_ >= end_ || src_[pos_] == '\n') fail(line, col, "unterminated string");
    char c = src_[pos_];
    if (c == '"') {
      ++pos_;
      return t;
    }
    if (c == '\\' && pos_ + 1 < end_ && src_[pos_ + 1] != '\n') {
      char e = src_[pos_ + 1];
      t.text += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      pos_ += 2;
      continue;
    }
    t.text += c;
    ++pos_;
  }
}

std::vector<Token> tokenize(const SourceSet& sources, uint32_t file) {
  Lexer lex(sources, file);
  std::vector<Token> out;
  for (;;) {
    out.push_back(lex.next());
    if (out.back().kind == Tok::Eof) return out;
  }
}

}  // namespace mlisa::spec
