#include "spec/lexer.hpp"

#include "core/diag.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

using namespace mlisa::spec;

namespace {

std::vector<Token> lex(const std::string& text) {
  SourceSet s;
  uint32_t f = s.add("t.asl", text);
  return tokenize(s, f);
}

// Token kinds as a compact string: identifiers by name, the rest by spelling.
std::string kinds(const std::string& text) {
  std::string out;
  for (const Token& t : lex(text)) {
    if (!out.empty()) out += ' ';
    switch (t.kind) {
      case Tok::Ident: out += t.text; break;
      case Tok::Int:
        out += '#';
        out += std::to_string(static_cast<long long>(t.int_value));
        break;
      case Tok::Bits: out += "'" + t.text + "'"; break;
      case Tok::String: out += "\"" + t.text + "\""; break;
      case Tok::Newline: out += "NL"; break;
      case Tok::Indent: out += "IN+"; break;
      case Tok::Dedent: out += "IN-"; break;
      case Tok::Eof: out += "EOF"; break;
      case Tok::SliceOpen: out += "<s"; break;
      case Tok::SliceClose: out += "s>"; break;
      default: out += tok_spelling(t.kind); break;
    }
  }
  return out;
}

mlisa::InputError lex_error(const std::string& text) {
  try {
    lex(text);
  } catch (const mlisa::InputError& e) {
    return e;
  }
  ADD_FAILURE() << "no error for: " << text;
  return mlisa::InputError("none");
}

}  // namespace

TEST(Lexer, IdentifiersKeywordsAndNumbers) {
  EXPECT_EQ(kinds("integer d = UInt(Rd);"), "integer d = UInt ( Rd ) ; NL EOF");
  EXPECT_EQ(kinds("x DIV 2 MOD 3 EOR y"), "x DIV #2 MOD #3 EOR y NL EOF");
  EXPECT_EQ(kinds("0x1F 0xFFFF_FFFF 1_000"), "#31 #4294967295 #1000 NL EOF");
  auto toks = lex("1.5 0..7");
  ASSERT_EQ(toks[0].kind, Tok::Real);
  EXPECT_DOUBLE_EQ(toks[0].real_value, 1.5);
  EXPECT_EQ(toks[1].kind, Tok::Int);
  EXPECT_EQ(toks[2].kind, Tok::DotDot);
  EXPECT_EQ(toks[3].kind, Tok::Int);
}

TEST(Lexer, HugeIntegers) {
  auto t = lex("170141183460469231731687303715884105727");  // 2^127 - 1
  EXPECT_EQ(t[0].kind, Tok::Int);
  EXPECT_EQ(lex_error("170141183460469231731687303715884105728").message(), "integer literal too large");
  EXPECT_EQ(lex_error("0x1_0000_0000_0000_0000_0000_0000_0000_0000").message(), "integer literal too large");
}

TEST(Lexer, BitStringsAndStrings) {
  EXPECT_EQ(kinds("'0101' '1x 0' '' \"VMOV (register)\""), "'0101' '1x0' '' \"VMOV (register)\" NL EOF");
  EXPECT_EQ(kinds("\"a\\\"b\""), "\"a\"b\" NL EOF");
}

TEST(Lexer, Operators) {
  EXPECT_EQ(kinds("a + b - c * d / e ^ f"), "a + b - c * d / e ^ f NL EOF");
  EXPECT_EQ(kinds("a << b >> c == d != e"), "a << b >> c == d != e NL EOF");
  EXPECT_EQ(kinds("a < b <= c > d >= e"), "a < b <= c > d >= e NL EOF");
  EXPECT_EQ(kinds("a && b || !c"), "a && b || ! c NL EOF");
  EXPECT_EQ(kinds("{a, b}; x.y .. =>"), "{ a , b } ; x . y .. => NL EOF");
  EXPECT_EQ(kinds("&v"), "& v NL EOF");
}

TEST(Lexer, SliceRule) {
  // Slices: `<` right after an identifier, `]`, `)` or `.`.
  EXPECT_EQ(kinds("x<3:0>"), "x <s #3 : #0 s> NL EOF");
  EXPECT_EQ(kinds("R[d]<7:0>"), "R [ d ] <s #7 : #0 s> NL EOF");
  EXPECT_EQ(kinds("f(x)<1>"), "f ( x ) <s #1 s> NL EOF");
  EXPECT_EQ(kinds("PSTATE.<N,Z>"), "PSTATE . <s N , Z s> NL EOF");
  EXPECT_EQ(kinds("x<lo+:w>"), "x <s lo +: w s> NL EOF");
  // Comparisons are written with spaces.
  EXPECT_EQ(kinds("a < b"), "a < b NL EOF");
  EXPECT_EQ(kinds("a<=b a<<b"), "a <= b a << b NL EOF");
  // Inside a slice every `>` closes it, so nested slices work.
  EXPECT_EQ(kinds("x<y<1>>"), "x <s y <s #1 s> s> NL EOF");
  // After the slice, `>` is a comparison again.
  EXPECT_EQ(kinds("x<1> > y"), "x <s #1 s> > y NL EOF");
  // Inside parentheses within a slice, `>>` is a shift.
  EXPECT_EQ(kinds("x<(a >> 1)>"), "x <s ( a >> #1 ) s> NL EOF");
}

TEST(Lexer, CommentsAndBlankLines) {
  EXPECT_EQ(kinds("a; // comment\n\n   // indented comment\n/* block\n comment */\nb;"),
            "a ; NL b ; NL EOF");
  EXPECT_EQ(kinds("a /* inline */ b"), "a b NL EOF");
}

TEST(Lexer, Indentation) {
  EXPECT_EQ(kinds("if c then\n    x;\n    if d then\n        y;\nz;\n"),
            "if c then NL IN+ x ; NL if d then NL IN+ y ; NL IN- IN- z ; NL EOF");
  // Dedents at the end of input.
  EXPECT_EQ(kinds("a\n  b\n    c"), "a NL IN+ b NL IN+ c NL IN- IN- EOF");
  // Tabs count as 4 columns.
  EXPECT_EQ(kinds("a\n\tb\n    c\n"), "a NL IN+ b NL c NL IN- EOF");
}

TEST(Lexer, LinesJoinInsideBrackets) {
  EXPECT_EQ(kinds("x = f(a,\n  b);\ny = [1,\n2];"), "x = f ( a , b ) ; NL y = [ #1 , #2 ] ; NL EOF");
  auto t = lex("f(a,\n  b)");
  EXPECT_EQ(t[0].logical_line, t[4].logical_line);  // b is on the same logical line
  EXPECT_EQ(t[4].line, 2u);
  EXPECT_EQ(t[4].col, 3u);
}

TEST(Lexer, LocationsAreOneBased) {
  auto t = lex("  x = 1;\n  y");
  EXPECT_EQ(t[0].line, 1u);
  EXPECT_EQ(t[0].col, 3u);
  EXPECT_EQ(t[2].col, 7u);
}

TEST(Lexer, Errors) {
  auto e = lex_error("x = '01\n");
  EXPECT_EQ(e.message(), "unterminated bit string");
  EXPECT_EQ(e.location().line, 1);
  EXPECT_EQ(e.location().col, 5);
  EXPECT_EQ(e.location().text, "x = '01");

  e = lex_error("a;\nSEE \"abc");
  EXPECT_EQ(e.message(), "unterminated string");
  EXPECT_EQ(e.location().line, 2);
  EXPECT_EQ(e.location().col, 5);

  e = lex_error("x = '0121';");
  EXPECT_EQ(e.message(), "invalid character '2' in bit string");
  EXPECT_EQ(e.location().col, 8);

  e = lex_error("x = 1 @ 2;");
  EXPECT_EQ(e.message(), "unexpected character '@'");
  EXPECT_EQ(e.location().col, 7);

  e = lex_error("x = \x01;");
  EXPECT_EQ(e.message(), "unexpected character '\\x01'");

  e = lex_error("/* open\n comment");
  EXPECT_EQ(e.message(), "unterminated comment");
  EXPECT_EQ(e.location().line, 1);
  EXPECT_EQ(e.location().col, 1);

  e = lex_error("x = '" + std::string(65537, '1') + "';");
  EXPECT_EQ(e.message(), "bit string too long (more than 65536 bits)");
  EXPECT_EQ(e.location().col, 5);
  EXPECT_EQ(lex("'" + std::string(65536, '0') + "'")[0].text.size(), 65536u);

  e = lex_error("x = 0x;");
  EXPECT_EQ(e.message(), "expected hex digits after '0x'");

  e = lex_error("x = 12ab;");
  EXPECT_EQ(e.message(), "invalid character in number");
  EXPECT_EQ(e.location().col, 7);

  e = lex_error("a\n    b\n  c\n");
  EXPECT_EQ(e.message(), "indentation does not match any enclosing block");
  EXPECT_EQ(e.location().line, 3);
  EXPECT_EQ(e.location().col, 3);

  e = lex_error("  a\nb\n");
  EXPECT_EQ(e.message(), "line is indented less than the first line");
  EXPECT_EQ(e.location().line, 2);

  e = lex_error("x = f(a,\n b;\n");
  EXPECT_EQ(e.message(), "'(' is never closed");
  EXPECT_EQ(e.location().line, 1);
  EXPECT_EQ(e.location().col, 6);
}

TEST(Lexer, LineRange) {
  SourceSet s;
  uint32_t f = s.add("t", "a;\n  b;\n  c;\nd;\n");
  Lexer lex(s, f, 2, 3);
  Token t = lex.next();
  EXPECT_EQ(t.text, "b");
  EXPECT_EQ(t.line, 2u);
  EXPECT_EQ(t.col, 3u);  // no INDENT: indentation is relative to the first line
  EXPECT_EQ(lex.next().kind, Tok::Semi);
  EXPECT_EQ(lex.next().kind, Tok::Newline);
  EXPECT_EQ(lex.next().text, "c");
  EXPECT_EQ(lex.next().kind, Tok::Semi);
  EXPECT_EQ(lex.next().kind, Tok::Newline);
  EXPECT_EQ(lex.next().kind, Tok::Eof);
  EXPECT_EQ(lex.next().kind, Tok::Eof);
}
