// Recursive-descent parser of the pseudocode language over the tokens of
// spec/lexer.hpp. The grammar it accepts is in docs/spec-language.md.
#include "spec/parser.hpp"

#include "core/diag.hpp"
#include "spec/lexer.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <utility>

namespace mlisa::spec {

namespace {

constexpr int kMaxDepth = 256;

// Binary operator precedence, lowest 1; 0 = not a binary operator.
// Levels: 1 ||, 2 &&, 3 comparisons and IN, 4 concatenation :,
//         5 AND OR EOR, 6 + -, 7 * / DIV MOD REM << >>. (^ is handled above
//         unary operators, see parse_power.)
constexpr int kPrecBitwise = 5;

int binary_prec(Tok t) {
  switch (t) {
    case Tok::OrOr: return 1;
    case Tok::AndAnd: return 2;
    case Tok::EqEq:
    case Tok::Ne:
    case Tok::Lt:
    case Tok::Le:
    case Tok::Gt:
    case Tok::Ge:
    case Tok::KwIn: return 3;
    case Tok::Colon: return 4;
    case Tok::KwAnd:
    case Tok::KwOr:
    case Tok::KwEor: return 5;
    case Tok::Plus:
    case Tok::Minus: return 6;
    case Tok::Star:
    case Tok::Slash:
    case Tok::KwDiv:
    case Tok::KwMod:
    case Tok::KwRem:
    case Tok::Shl:
    case Tok::Shr: return 7;
    default: return 0;
  }
}

Op binary_op(Tok t) {
  switch (t) {
    case Tok::OrOr: return Op::Or;
    case Tok::AndAnd: return Op::And;
    case Tok::EqEq: return Op::Eq;
    case Tok::Ne: return Op::Ne;
    case Tok::Lt: return Op::Lt;
    case Tok::Le: return Op::Le;
    case Tok::Gt: return Op::Gt;
    case Tok::Ge: return Op::Ge;
    case Tok::Colon: return Op::Concat;
    case Tok::KwAnd: return Op::BitAnd;
    case Tok::KwOr: return Op::BitOr;
    case Tok::KwEor: return Op::BitEor;
    case Tok::Plus: return Op::Add;
    case Tok::Minus: return Op::Sub;
    case Tok::Star: return Op::Mul;
    case Tok::Slash: return Op::Div;
    case Tok::KwDiv: return Op::IntDiv;
    case Tok::KwMod: return Op::Mod;
    case Tok::KwRem: return Op::Rem;
    case Tok::Shl: return Op::Shl;
    case Tok::Shr: return Op::Shr;
    default: return Op::None;
  }
}

bool is_type_keyword(Tok t) {
  return t == Tok::KwBits || t == Tok::KwBit || t == Tok::KwInteger || t == Tok::KwBoolean ||
         t == Tok::KwReal || t == Tok::KwString;
}

std::string describe_token(const Token& t) {
  switch (t.kind) {
    case Tok::Ident: return "identifier '" + t.text + "'";
    case Tok::Int:
    case Tok::Real: return "number";
    case Tok::Bits: return "bits literal";
    case Tok::String: return "string literal";
    case Tok::Newline: return "end of line";
    case Tok::Indent: return "indentation";
    case Tok::Dedent: return "end of block";
    case Tok::Eof: return "end of input";
    default: return std::string("'") + tok_spelling(t.kind) + "'";
  }
}

class Parser {
 public:
  Parser(Module& m, const SourceSet& sources, uint32_t file, uint32_t first = 1,
         uint32_t last = UINT32_MAX)
      : m_(m), sources_(sources), file_(file), lex_(sources, file, first, last) {}

  void declarations();
  Block statements();  // to the end of input
  EvalProgram eval();
  Expr* whole_expression();

 private:
  // -- tokens --------------------------------------------------------------
  const Token& peek(size_t k = 0) {
    while (toks_.size() <= pos_ + k) {
      if (!toks_.empty() && toks_.back().kind == Tok::Eof) return toks_.back();
      toks_.push_back(lex_.next());
    }
    return toks_[pos_ + k];
  }
  Tok kind(size_t k = 0) { return peek(k).kind; }
  bool at(Tok t) { return kind() == t; }
  const Token& take() {
    const Token& t = peek();
    if (t.kind != Tok::Eof) ++pos_;
    return t;
  }
  bool accept(Tok t) {
    if (!at(t)) return false;
    take();
    return true;
  }
  const Token& expect(Tok t, const char* msg) {
    if (!at(t)) fail(peek(), msg);
    return take();
  }
  std::string expect_ident(const char* msg) { return expect(Tok::Ident, msg).text; }
  Loc loc(const Token& t) const { return Loc{file_, t.line, t.col}; }

  [[noreturn]] void fail(const Token& t, const std::string& msg) { fail_at(loc(t), msg); }
  [[noreturn]] void fail_at(const Loc& l, const std::string& msg) {
    throw InputError(sources_.location(l), msg);
  }

  // Nesting depth: every nested expression, block and type counts, so that
  // neither this parser nor a later walk of the tree recurses without bound.
  struct Depth {
    Parser& p;
    int n = 0;
    explicit Depth(Parser& p) : p(p) {}
    void add(const Token& at) {
      ++n;
      if (++p.depth_ > kMaxDepth) {
        p.depth_ -= n;
        n = 0;
        p.fail(at, "nesting too deep (more than 256 levels)");
      }
    }
    ~Depth() { p.depth_ -= n; }
  };

  // -- nodes ---------------------------------------------------------------
  Expr* node(ExprKind k, const Token& at) {
    Expr* e = m_.arena.expr();
    e->kind = k;
    e->loc = loc(at);
    return e;
  }
  Stmt* stmt(StmtKind k, const Token& at) {
    Stmt* s = m_.arena.stmt();
    s->kind = k;
    s->loc = loc(at);
    return s;
  }
  Expr* string_literal(const Token& at, const std::string& text) {
    Expr* e = node(ExprKind::Literal, at);
    e->literal = Value::string(text);
    return e;
  }

  // -- expressions ---------------------------------------------------------
  Expr* parse_expr();
  Expr* parse_binary(int min_prec);
  Expr* parse_unary();
  Expr* parse_power();
  Expr* parse_postfix();
  Expr* parse_primary();
  Expr* parse_if_expr();
  Expr* parse_set_element();
  Expr* literal_bits(const Token& t);
  std::vector<Expr*> parse_args(Tok close, const char* msg);

  // -- types ---------------------------------------------------------------
  Type parse_type();
  bool starts_type(size_t k);
  bool type_then_expression();

  // -- statements ----------------------------------------------------------
  Stmt* parse_statement();
  Stmt* parse_if();
  Stmt* parse_case();
  Stmt* parse_for();
  Stmt* parse_while();
  Stmt* parse_repeat();
  Stmt* parse_decl();
  Stmt* parse_tuple_decl();
  Stmt* parse_simple_keyword(StmtKind k);
  Stmt* parse_see();
  Stmt* parse_expression_statement();
  Type parse_old_array(const Token& at, std::string& name);
  enum class Stop : uint8_t { None, Else, Until, When };
  Block parse_body(Stop stop, bool allow_empty, const char* what);
  Block parse_indented();
  bool is_end_marker() { return at(Tok::Ident) && peek().text == "end" && kind(1) == Tok::Semi; }
  bool is_target(const Expr* e, int depth = 0);
  bool typed_tuple_ahead();
  bool if_is_expression();

  // -- declarations --------------------------------------------------------
  void parse_declaration();
  void parse_enumeration();
  void parse_type_decl();
  void parse_record();
  void parse_function_rest(FunctionDecl* fn);
  void parse_asl1_function();
  std::vector<Param> parse_params(Tok close, const char* msg);
  Param parse_param();
  void parse_globals(const Token& first, Type type, bool is_constant);
  void add_globals(Stmt* decl);
  void fill_width_vars(FunctionDecl* fn);

  Module& m_;
  const SourceSet& sources_;
  uint32_t file_;
  Lexer lex_;
  std::deque<Token> toks_;
  size_t pos_ = 0;
  int depth_ = 0;
  bool eval_mode_ = false;
  Expr* eval_result_ = nullptr;
};

// ---------------------------------------------------------------------------
// Expressions

Expr* Parser::parse_expr() {
  Depth d(*this);
  d.add(peek());
  return parse_binary(1);
}

Expr* Parser::parse_binary(int min_prec) {
  Expr* lhs = parse_unary();
  Depth d(*this);
  for (;;) {
    int prec = binary_prec(kind());
    if (prec == 0 || prec < min_prec) return lhs;
    const Token& op = take();
    d.add(op);
    if (op.kind == Tok::KwIn) {
      Expr* in = node(ExprKind::In, op);
      in->args.push_back(lhs);
      if (accept(Tok::LBrace)) {
        if (!at(Tok::RBrace)) {
          do {
            in->args.push_back(parse_set_element());
          } while (accept(Tok::Comma));
        }
        expect(Tok::RBrace, "expected '}' after set elements");
      } else {
        in->args.push_back(parse_binary(prec + 1));
      }
      lhs = in;
      continue;
    }
    Expr* rhs = parse_binary(prec + 1);
    Expr* b = node(ExprKind::Binary, op);
    b->op = binary_op(op.kind);
    b->args = {lhs, rhs};
    lhs = b;
  }
}

Expr* Parser::parse_set_element() {
  Expr* e = parse_expr();
  if (at(Tok::DotDot)) {
    const Token& dd = take();
    Expr* r = node(ExprKind::Range, dd);
    r->args = {e, parse_expr()};
    return r;
  }
  return e;
}

Expr* Parser::parse_unary() {
  const Token& t = peek();
  Op op = Op::None;
  if (t.kind == Tok::Minus) {
    // `-` alone in a tuple is the discard target: (result, -) = ...
    Tok n = kind(1);
    if (n == Tok::Comma || n == Tok::RParen) {
      Expr* e = node(ExprKind::Name, take());
      e->name = "-";
      return e;
    }
    op = Op::Neg;
  } else if (t.kind == Tok::Bang) {
    op = Op::Not;
  } else if (t.kind == Tok::KwNot) {
    op = Op::BitNot;
  }
  if (op == Op::None) return parse_power();
  Depth d(*this);
  d.add(t);
  Expr* e = node(ExprKind::Unary, take());
  e->op = op;
  e->args.push_back(parse_unary());
  return e;
}

// x ^ y binds tighter than the unary operators on its left (-2^N is -(2^N))
// and is right-associative; its right operand may carry a sign (2^-1).
Expr* Parser::parse_power() {
  Expr* base = parse_postfix();
  if (!at(Tok::Caret)) return base;
  Depth d(*this);
  d.add(peek());
  Expr* e = node(ExprKind::Binary, take());
  e->op = Op::Pow;
  e->args = {base, parse_unary()};
  return e;
}

std::vector<Expr*> Parser::parse_args(Tok close, const char* msg) {
  std::vector<Expr*> args;
  if (!at(close)) {
    do {
      args.push_back(parse_expr());
    } while (accept(Tok::Comma));
  }
  expect(close, msg);
  return args;
}

Expr* Parser::parse_postfix() {
  Expr* e = parse_primary();
  Depth d(*this);
  for (;;) {
    const Token& t = peek();
    if (t.kind == Tok::SliceOpen) {
      d.add(t);
      Expr* s = node(ExprKind::Slice, take());
      s->args.push_back(e);
      do {
        SliceRange r;
        if (at(Tok::SliceClose) || at(Tok::Comma)) fail(peek(), "expected a slice bound");
        r.hi = parse_binary(kPrecBitwise);
        if (accept(Tok::Colon)) {
          r.lo = parse_binary(kPrecBitwise);
        } else if (accept(Tok::PlusColon)) {
          r.lo = parse_binary(kPrecBitwise);
          r.plus_width = true;
        } else {
          r.lo = r.hi;
        }
        s->slices.push_back(r);
      } while (accept(Tok::Comma));
      expect(Tok::SliceClose, "expected '>' to close slice");
      e = s;
    } else if (t.kind == Tok::Dot) {
      d.add(t);
      const Token& dot = take();
      if (at(Tok::SliceOpen)) {
        take();
        Expr* f = node(ExprKind::FieldList, dot);
        f->args.push_back(e);
        do {
          f->fields.push_back(expect_ident("expected a field name in '.<...>'"));
        } while (accept(Tok::Comma));
        expect(Tok::SliceClose, "expected '>' after field names");
        e = f;
      } else {
        Expr* f = node(ExprKind::Field, dot);
        f->name = expect_ident("expected a field name after '.'");
        f->args.push_back(e);
        e = f;
      }
    } else if ((t.kind == Tok::LParen || t.kind == Tok::LBracket) && e->kind == ExprKind::Name &&
               e->name != "-") {
      // Only a bare name is called or indexed: f(x), X[n].
      d.add(t);
      bool call = t.kind == Tok::LParen;
      take();
      e->kind = call ? ExprKind::Call : ExprKind::Index;
      e->args = parse_args(call ? Tok::RParen : Tok::RBracket,
                           call ? "expected ')' after arguments" : "expected ']' after index");
    } else {
      return e;
    }
  }
}

Expr* Parser::literal_bits(const Token& t) {
  const std::string& digits = t.text;
  const auto width = static_cast<uint32_t>(digits.size());
  bool pattern = digits.find('x') != std::string::npos;
  Bits value = Bits::zeros(width);
  Bits care = Bits::zeros(width);
  for (uint32_t i = 0; i < width; ++i) {
    char c = digits[width - 1 - i];
    if (c == '1') value.set_bit(i, true);
    if (c != 'x') care.set_bit(i, true);
  }
  if (pattern) {
    Expr* e = node(ExprKind::Pattern, t);
    e->pattern.value = std::move(value);
    e->pattern.care = std::move(care);
    return e;
  }
  Expr* e = node(ExprKind::Literal, t);
  e->literal = Value::bits(std::move(value));
  return e;
}

Expr* Parser::parse_primary() {
  const Token& t = peek();
  switch (t.kind) {
    case Tok::Int: {
      Expr* e = node(ExprKind::Literal, take());
      e->literal = Value::integer(t.int_value);
      return e;
    }
    case Tok::Real: {
      Expr* e = node(ExprKind::Literal, take());
      e->literal = Value::real(t.real_value);
      return e;
    }
    case Tok::Bits: return literal_bits(take());
    case Tok::String: {
      const Token& s = take();
      return string_literal(s, s.text);
    }
    case Tok::KwTrue:
    case Tok::KwFalse: {
      Expr* e = node(ExprKind::Literal, take());
      e->literal = Value::boolean(t.kind == Tok::KwTrue);
      return e;
    }
    case Tok::Ident: {
      if (kind(1) == Tok::KwUnknown) {  // FPCRType UNKNOWN
        Expr* e = node(ExprKind::Unknown, t);
        e->type.kind = TypeKind::Named;
        e->type.name = take().text;
        take();
        return e;
      }
      Expr* e = node(ExprKind::Name, take());
      e->name = t.text;
      return e;
    }
    case Tok::KwUnknown: {
      Expr* e = node(ExprKind::Unknown, take());
      e->type = Type::of(TypeKind::Any);
      if (at(Tok::Colon) && (is_type_keyword(kind(1)) || kind(1) == Tok::LParen)) {  // UNKNOWN : T
        take();
        e->type = parse_type();
      }
      return e;
    }
    case Tok::KwImplementationDefined: {
      Expr* e = node(ExprKind::Call, take());
      e->name = "IMPLEMENTATION_DEFINED";
      e->type = Type::of(TypeKind::Any);
      if (at(Tok::String)) {
        const Token& s = take();
        e->args.push_back(string_literal(s, s.text));
      }
      return e;
    }
    case Tok::LParen: {
      Depth d(*this);
      d.add(t);
      const Token& open = take();
      Expr* first = parse_expr();
      if (!at(Tok::Comma)) {
        expect(Tok::RParen, "expected ')' after expression");
        return first;
      }
      Expr* tup = node(ExprKind::Tuple, open);
      tup->args.push_back(first);
      while (accept(Tok::Comma)) tup->args.push_back(parse_expr());
      expect(Tok::RParen, "expected ')' after tuple");
      return tup;
    }
    case Tok::KwIf: return parse_if_expr();
    default: break;
  }
  if (is_type_keyword(t.kind)) {  // bits(32) UNKNOWN, boolean IMPLEMENTATION_DEFINED "x"
    const Token& start = t;
    Loc at_loc = loc(start);
    Type ty = parse_type();
    if (at(Tok::KwUnknown)) {
      take();
      Expr* e = m_.arena.expr();
      e->kind = ExprKind::Unknown;
      e->loc = at_loc;
      e->type = std::move(ty);
      return e;
    }
    if (at(Tok::KwImplementationDefined)) {
      take();
      Expr* e = m_.arena.expr();
      e->kind = ExprKind::Call;
      e->loc = at_loc;
      e->name = "IMPLEMENTATION_DEFINED";
      e->type = std::move(ty);
      if (at(Tok::String)) {
        const Token& s = take();
        e->args.push_back(string_literal(s, s.text));
      }
      return e;
    }
    fail(peek(), "expected UNKNOWN after type in expression");
  }
  if (t.kind == Tok::Indent) fail(t, "unexpected indentation");
  if (t.kind == Tok::Newline || t.kind == Tok::Eof) fail(t, "expected expression before end of line");
  fail(t, "expected expression, found " + describe_token(t));
}

Expr* Parser::parse_if_expr() {
  Depth d(*this);
  const Token& first = take();  // if
  std::vector<std::pair<Expr*, Expr*>> arms;
  std::vector<Loc> locs{loc(first)};
  for (;;) {
    Expr* c = parse_expr();
    expect(Tok::KwThen, "expected 'then' after condition");
    Expr* v = parse_expr();
    arms.emplace_back(c, v);
    if (at(Tok::KwElsif)) {
      d.add(peek());
      locs.push_back(loc(take()));
      continue;
    }
    break;
  }
  expect(Tok::KwElse, "expected 'else' in conditional expression");
  Expr* result = parse_expr();
  for (size_t i = arms.size(); i-- > 0;) {
    Expr* e = m_.arena.expr();
    e->kind = ExprKind::IfThenElse;
    e->loc = locs[i];
    e->args = {arms[i].first, arms[i].second, result};
    result = e;
  }
  return result;
}

// ---------------------------------------------------------------------------
// Types

bool Parser::starts_type(size_t k) {
  Tok t = kind(k);
  return is_type_keyword(t) || t == Tok::Ident || t == Tok::LParen || t == Tok::KwArray;
}

Type Parser::parse_type() {
  Depth d(*this);
  const Token& t = peek();
  d.add(t);
  switch (t.kind) {
    case Tok::KwBits: {
      take();
      expect(Tok::LParen, "expected '(' after 'bits'");
      Type ty = Type::of(TypeKind::Bits);
      ty.width_expr = parse_expr();
      expect(Tok::RParen, "expected ')' after bits width");
      const Expr* w = ty.width_expr;
      if (w->kind == ExprKind::Literal && w->literal.kind() == ValueKind::Integer &&
          w->literal.as_int() >= 0 && w->literal.as_int() <= INT32_MAX)
        ty.width = static_cast<int32_t>(w->literal.as_int());
      return ty;
    }
    case Tok::KwBit: take(); return Type::bits(1);
    case Tok::KwInteger: take(); return Type::of(TypeKind::Integer);
    case Tok::KwBoolean: take(); return Type::of(TypeKind::Boolean);
    case Tok::KwReal: take(); return Type::of(TypeKind::Real);
    case Tok::KwString: take(); return Type::of(TypeKind::String);
    case Tok::Ident: {
      Type ty = Type::of(TypeKind::Named);
      ty.name = take().text;
      return ty;
    }
    case Tok::LParen: {
      take();
      Type ty = Type::of(TypeKind::Tuple);
      do {
        ty.elems.push_back(parse_type());
      } while (accept(Tok::Comma));
      expect(Tok::RParen, "expected ')' after tuple type");
      return ty;
    }
    case Tok::KwArray: {
      // array [lo..hi] of T, or ASL 1.0 array [n] of T (indices 0..n-1)
      take();
      const Token& open = expect(Tok::LBracket, "expected '[' after 'array'");
      Type ty = Type::of(TypeKind::Array);
      Expr* first = parse_expr();
      if (accept(Tok::DotDot)) {
        ty.array_lo = first;
        ty.array_hi = parse_expr();
      } else {
        Expr* zero = node(ExprKind::Literal, open);
        zero->literal = Value::integer(0);
        Expr* one = node(ExprKind::Literal, open);
        one->literal = Value::integer(1);
        Expr* hi = node(ExprKind::Binary, open);
        hi->op = Op::Sub;
        hi->args = {first, one};
        ty.array_lo = zero;
        ty.array_hi = hi;
      }
      expect(Tok::RBracket, "expected ']' after array bounds");
      expect(Tok::KwOf, "expected 'of' after array bounds");
      ty.element = std::make_shared<Type>(parse_type());
      return ty;
    }
    default: break;
  }
  fail(t, "expected a type, found " + describe_token(t));
}

// At a type keyword: is this `bits(32) UNKNOWN` (an expression) rather than a
// declaration? Parses the type ahead and comes back.
bool Parser::type_then_expression() {
  size_t save = pos_;
  parse_type();
  bool expr = at(Tok::KwUnknown) || at(Tok::KwImplementationDefined);
  pos_ = save;
  return expr;
}

// ---------------------------------------------------------------------------
// Statements

Block Parser::parse_indented() {
  Depth d(*this);
  d.add(peek());
  expect(Tok::Indent, "expected an indented block");
  Block b;
  for (;;) {
    while (accept(Tok::Newline)) {
    }
    if (at(Tok::Dedent) || at(Tok::Eof)) break;
    if (Stmt* s = parse_statement()) b.push_back(s);
  }
  accept(Tok::Dedent);
  return b;
}

// The body of a compound statement: an indented block on the following lines,
// or statements on the rest of the line (`if c then x = 1; else x = 2;`).
Block Parser::parse_body(Stop stop, bool allow_empty, const char* what) {
  if (at(Tok::Newline)) {
    if (kind(1) != Tok::Indent) {
      if (allow_empty) return {};
      fail(peek(1), std::string("expected an indented block after ") + what);
    }
    take();
    return parse_indented();
  }
  if (at(Tok::Eof) || at(Tok::Dedent)) fail(peek(), std::string("expected a statement after ") + what);
  Block b;
  const uint32_t line = peek().logical_line;
  for (;;) {
    if (Stmt* s = parse_statement()) b.push_back(s);
    const Token& n = peek();
    if (n.kind == Tok::Newline || n.kind == Tok::Eof || n.kind == Tok::Dedent || n.logical_line != line)
      break;
    if (stop == Stop::Else && (n.kind == Tok::KwElse || n.kind == Tok::KwElsif)) break;
    if (stop == Stop::Until && n.kind == Tok::KwUntil) break;
    if (stop == Stop::When && (n.kind == Tok::KwWhen || n.kind == Tok::KwOtherwise)) break;
  }
  return b;
}

bool Parser::is_target(const Expr* e, int depth) {
  if (depth > kMaxDepth) return false;
  switch (e->kind) {
    case ExprKind::Name:
    case ExprKind::Index: return true;
    case ExprKind::Slice:
    case ExprKind::Field:
    case ExprKind::FieldList: return is_target(e->args[0], depth + 1);
    case ExprKind::Tuple:
      for (const Expr* a : e->args)
        if (!is_target(a, depth + 1)) return false;
      return true;
    default: return false;
  }
}

// `(bits(N) result, boolean sat) = ...` rather than a tuple assignment.
bool Parser::typed_tuple_ahead() {
  if (!at(Tok::LParen)) return false;
  Tok t1 = kind(1);
  if (is_type_keyword(t1) || t1 == Tok::KwArray) return true;
  return t1 == Tok::Ident && kind(2) == Tok::Ident;
}

Stmt* Parser::parse_statement() {
  Depth d(*this);
  const Token& t = peek();
  d.add(t);
  switch (t.kind) {
    case Tok::KwIf:
      if (eval_mode_ && depth_ == 1 && if_is_expression()) return parse_expression_statement();
      return parse_if();
    case Tok::KwCase: return parse_case();
    case Tok::KwFor: return parse_for();
    case Tok::KwWhile: return parse_while();
    case Tok::KwRepeat: return parse_repeat();
    case Tok::KwReturn: {
      Stmt* s = stmt(StmtKind::Return, take());
      if (!at(Tok::Semi)) s->value = parse_expr();
      expect(Tok::Semi, "expected ';' after return");
      return s;
    }
    case Tok::KwAssert: {
      Stmt* s = stmt(StmtKind::Assert, take());
      s->value = parse_expr();
      expect(Tok::Semi, "expected ';' after assert");
      return s;
    }
    case Tok::KwUndefined: return parse_simple_keyword(StmtKind::Undefined);
    case Tok::KwUnpredictable: return parse_simple_keyword(StmtKind::Unpredictable);
    case Tok::KwConstrainedUnpredictable: return parse_simple_keyword(StmtKind::ConstrainedUnpredictable);
    case Tok::KwSee: return parse_see();
    case Tok::KwImplementationDefined: {
      Stmt* s = stmt(StmtKind::ImplDefined, take());
      if (at(Tok::String)) {
        const Token& str = take();
        s->value = string_literal(str, str.text);
      }
      expect(Tok::Semi, "expected ';' after IMPLEMENTATION_DEFINED");
      return s;
    }
    case Tok::KwConstant:
    case Tok::KwVar:
    case Tok::KwLet:
    case Tok::KwArray: return parse_decl();
    case Tok::LParen:
      if (typed_tuple_ahead()) return parse_tuple_decl();
      return parse_expression_statement();
    case Tok::Ident:
      if (kind(1) == Tok::Ident) return parse_decl();
      if (is_end_marker()) {  // ASL 1.0 block terminator
        take();
        take();
        return nullptr;
      }
      return parse_expression_statement();
    case Tok::Indent: fail(t, "unexpected indentation");
    case Tok::Semi: take(); return nullptr;  // empty statement
    default: break;
  }
  if (is_type_keyword(t.kind)) {
    if (type_then_expression()) return parse_expression_statement();
    return parse_decl();
  }
  switch (t.kind) {
    case Tok::Int:
    case Tok::Real:
    case Tok::Bits:
    case Tok::String:
    case Tok::KwTrue:
    case Tok::KwFalse:
    case Tok::Minus:
    case Tok::Bang:
    case Tok::KwNot:
    case Tok::KwUnknown: return parse_expression_statement();
    default: break;
  }
  fail(t, "unexpected " + describe_token(t));
}

Stmt* Parser::parse_simple_keyword(StmtKind k) {
  const Token& t = take();
  Stmt* s = stmt(k, t);
  expect(Tok::Semi, (std::string("expected ';' after ") + t.text).c_str());
  return s;
}

Stmt* Parser::parse_see() {
  Stmt* s = stmt(StmtKind::See, take());
  auto target = [&]() {
    const Token& n = peek();
    if (n.kind == Tok::String || n.kind == Tok::Ident) {
      take();
      return string_literal(n, n.text);
    }
    fail(n, "expected a string or name after SEE");
  };
  if (accept(Tok::LParen)) {
    s->value = target();
    expect(Tok::RParen, "expected ')' after SEE target");
  } else {
    s->value = target();
  }
  expect(Tok::Semi, "expected ';' after SEE");
  return s;
}

Stmt* Parser::parse_if() {
  Stmt* s = stmt(StmtKind::If, take());
  for (;;) {
    s->conds.push_back(parse_expr());
    expect(Tok::KwThen, "expected 'then' after condition");
    s->blocks.push_back(parse_body(Stop::Else, false, "'then'"));
    if (at(Tok::Newline) && (kind(1) == Tok::KwElse || kind(1) == Tok::KwElsif)) take();
    if (accept(Tok::KwElsif)) continue;
    if (accept(Tok::KwElse)) s->blocks.push_back(parse_body(Stop::Else, false, "'else'"));
    return s;
  }
}

Stmt* Parser::parse_case() {
  Stmt* s = stmt(StmtKind::Case, take());
  s->value = parse_expr();
  expect(Tok::KwOf, "expected 'of' after case expression");
  if (!at(Tok::Newline) || kind(1) != Tok::Indent)
    fail(at(Tok::Newline) ? peek(1) : peek(), "expected indented 'when' alternatives after 'of'");
  take();
  take();
  for (;;) {
    while (accept(Tok::Newline)) {
    }
    if (at(Tok::Dedent) || at(Tok::Eof)) break;
    if (is_end_marker()) {
      take();
      take();
      continue;
    }
    const Token& t = peek();
    if (t.kind == Tok::KwWhen) {
      if (s->has_otherwise) fail(t, "'otherwise' must be the last alternative");
      take();
      std::vector<Expr*> labels;
      do {
        labels.push_back(parse_set_element());
      } while (accept(Tok::Comma));
      accept(Tok::Arrow);
      s->labels.push_back(std::move(labels));
      s->blocks.push_back(parse_body(Stop::When, true, "'when'"));
    } else if (t.kind == Tok::KwOtherwise) {
      if (s->has_otherwise) fail(t, "'otherwise' must be the last alternative");
      take();
      accept(Tok::Arrow);
      s->has_otherwise = true;
      s->labels.emplace_back();
      s->blocks.push_back(parse_body(Stop::When, true, "'otherwise'"));
    } else if (t.kind == Tok::Indent) {
      fail(t, "unexpected indentation");
    } else {
      fail(t, "expected 'when' or 'otherwise' in case, found " + describe_token(t));
    }
  }
  accept(Tok::Dedent);
  return s;
}

Stmt* Parser::parse_for() {
  Stmt* s = stmt(StmtKind::For, take());
  s->var = expect_ident("expected a loop variable after 'for'");
  expect(Tok::Assign, "expected '=' after loop variable");
  s->from = parse_expr();
  if (accept(Tok::KwDownto)) {
    s->down = true;
  } else {
    expect(Tok::KwTo, "expected 'to' or 'downto' in for loop");
  }
  s->to = parse_expr();
  accept(Tok::KwDo);
  s->body = parse_body(Stop::None, false, "for loop header");
  return s;
}

Stmt* Parser::parse_while() {
  Stmt* s = stmt(StmtKind::While, take());
  s->value = parse_expr();
  expect(Tok::KwDo, "expected 'do' after while condition");
  s->body = parse_body(Stop::None, false, "'do'");
  return s;
}

Stmt* Parser::parse_repeat() {
  Stmt* s = stmt(StmtKind::Repeat, take());
  s->body = parse_body(Stop::Until, false, "'repeat'");
  if (at(Tok::Newline) && kind(1) == Tok::KwUntil) take();
  expect(Tok::KwUntil, "expected 'until' after repeat body");
  s->value = parse_expr();
  expect(Tok::Semi, "expected ';' after until condition");
  return s;
}

// array bits(64) _R[0..30]  (the manuals' form of an array declaration)
Type Parser::parse_old_array(const Token& at_tok, std::string& name) {
  take();  // array
  Type ty = Type::of(TypeKind::Array);
  ty.element = std::make_shared<Type>(parse_type());
  name = expect_ident("expected the array name");
  expect(Tok::LBracket, "expected '[' after array name");
  ty.array_lo = parse_expr();
  expect(Tok::DotDot, "expected '..' in array bounds");
  ty.array_hi = parse_expr();
  expect(Tok::RBracket, "expected ']' after array bounds");
  return ty;
}

Stmt* Parser::parse_decl() {
  const Token& first = peek();
  Stmt* s = stmt(StmtKind::VarDecl, first);
  bool asl1 = false;
  if (first.kind == Tok::KwVar || first.kind == Tok::KwLet) {
    s->is_constant = first.kind == Tok::KwLet;
    take();
    asl1 = true;
  } else if (first.kind == Tok::KwConstant) {
    s->is_constant = true;
    take();
    asl1 = at(Tok::Ident) && (kind(1) == Tok::Colon || kind(1) == Tok::Assign);
  }
  if (asl1) {
    // var x, y : T;  let x = e;  constant x : T = e;
    do {
      s->names.push_back(expect_ident("expected a variable name"));
      s->inits.push_back(nullptr);
    } while (accept(Tok::Comma));
    s->decl_type = Type::of(TypeKind::Any);
    if (accept(Tok::Colon)) s->decl_type = parse_type();
    if (at(Tok::Assign)) {
      if (s->names.size() > 1) fail(peek(), "only a single variable can have an initial value here");
      take();
      s->inits[0] = parse_expr();
    }
  } else if (at(Tok::KwArray) && kind(1) != Tok::LBracket) {
    std::string name;
    s->decl_type = parse_old_array(first, name);
    s->names.push_back(name);
    s->inits.push_back(nullptr);
  } else {
    s->decl_type = parse_type();
    do {
      s->names.push_back(expect_ident("expected a variable name after the type"));
      s->inits.push_back(accept(Tok::Assign) ? parse_expr() : nullptr);
    } while (accept(Tok::Comma));
  }
  if (s->is_constant) {
    for (size_t i = 0; i < s->names.size(); ++i)
      if (!s->inits[i]) fail_at(s->loc, "constant '" + s->names[i] + "' needs an initial value");
  }
  expect(Tok::Semi, "expected ';' after declaration");
  return s;
}

// (bits(N) result, boolean sat) = SignedSatQ(x, N);
// A VarDecl with a Tuple decl_type, one name per element, null inits, and the
// tuple-valued initialiser in `value`.
Stmt* Parser::parse_tuple_decl() {
  {
    // `(integer, boolean) pair = ...;` declares one variable of a tuple type.
    size_t save = pos_;
    take();
    parse_type();
    bool tuple_type = at(Tok::Comma) || at(Tok::RParen);
    pos_ = save;
    if (tuple_type) return parse_decl();
  }
  Stmt* s = stmt(StmtKind::VarDecl, take());
  s->decl_type = Type::of(TypeKind::Tuple);
  do {
    s->decl_type.elems.push_back(parse_type());
    s->names.push_back(expect_ident("expected a variable name after the type"));
    s->inits.push_back(nullptr);
  } while (accept(Tok::Comma));
  expect(Tok::RParen, "expected ')' after tuple declaration");
  if (accept(Tok::Assign)) s->value = parse_expr();
  expect(Tok::Semi, "expected ';' after declaration");
  return s;
}

// In eval mode, a top-level `if` with no `;` before the end of input is the
// result expression (`if c then 1 else 2`).
bool Parser::if_is_expression() {
  // Newlines inside brackets never reach the parser, so the first `;`,
  // INDENT or NEWLINE decides.
  for (size_t k = 0;; ++k) {
    switch (kind(k)) {
      case Tok::Eof: return true;
      case Tok::Semi:
      case Tok::Indent: return false;
      case Tok::Newline: {
        size_t j = k;
        while (kind(j) == Tok::Newline) ++j;
        return kind(j) == Tok::Eof;
      }
      default: break;
    }
  }
}

Stmt* Parser::parse_expression_statement() {
  const Token& first = peek();
  Expr* e = parse_expr();
  if (at(Tok::Assign)) {
    if (!is_target(e)) fail_at(e->loc, "invalid assignment target");
    Stmt* s = stmt(StmtKind::Assign, first);
    take();
    s->target = e;
    s->value = parse_expr();
    expect(Tok::Semi, "expected ';' after assignment");
    return s;
  }
  if (eval_mode_ && depth_ == 1) {
    size_t j = 0;
    bool semi = false;
    if (kind(j) == Tok::Semi && e->kind != ExprKind::Call) {
      semi = true;
      ++j;
    }
    while (kind(j) == Tok::Newline) ++j;
    if (kind(j) == Tok::Eof && (semi || !at(Tok::Semi))) {
      if (semi) take();
      eval_result_ = e;
      return nullptr;
    }
  }
  if (e->kind == ExprKind::Call) {
    Stmt* s = stmt(StmtKind::Call, first);
    s->value = e;
    expect(Tok::Semi, "expected ';' after procedure call");
    return s;
  }
  if (at(Tok::Semi)) fail_at(e->loc, "expression is not a statement (expected an assignment or a call)");
  if (is_target(e)) fail(peek(), "expected '=' after assignment target");
  fail(peek(), "expected ';' after expression, found " + describe_token(peek()));
}

// ---------------------------------------------------------------------------
// Declarations

Param Parser::parse_param() {
  Param p;
  if (at(Tok::Ident) && kind(1) == Tok::Colon) {  // ASL 1.0: name : T
    p.name = take().text;
    take();
    p.type = parse_type();
    return p;
  }
  p.type = parse_type();
  p.by_ref = accept(Tok::Amp);
  p.name = expect_ident("expected a parameter name");
  return p;
}

std::vector<Param> Parser::parse_params(Tok close, const char* msg) {
  std::vector<Param> ps;
  if (!at(close)) {
    do {
      ps.push_back(parse_param());
    } while (accept(Tok::Comma));
  }
  expect(close, msg);
  return ps;
}

void Parser::fill_width_vars(FunctionDecl* fn) {
  auto add = [&](const std::string& n) {
    for (const auto& p : fn->params)
      if (p.name == n) return;
    for (const auto& w : fn->width_vars)
      if (w.first == n) return;
    fn->width_vars.emplace_back(n, -1);
  };
  auto visit = [&](auto&& self, const Type& t, int depth) -> void {
    if (depth > kMaxDepth) return;
    if (const std::string* n = t.width_name()) add(*n);
    for (const auto& e : t.elems) self(self, e, depth + 1);
    if (t.element) self(self, *t.element, depth + 1);
  };
  for (const auto& p : fn->params) visit(visit, p.type, 0);
  visit(visit, fn->return_type, 0);
  if (fn->kind == FunctionKind::Setter) visit(visit, fn->value.type, 0);
}

// After the header: `;` (a prototype) or an indented body.
void Parser::parse_function_rest(FunctionDecl* fn) {
  fill_width_vars(fn);
  m_.functions.push_back(fn);
  if (accept(Tok::Semi)) return;
  if (at(Tok::Newline) && kind(1) == Tok::Indent) {
    take();
    fn->body = parse_indented();
    fn->has_body = true;
    return;
  }
  fail(peek(), "expected ';' or an indented body after the function header");
}

// ASL 1.0: func Name(x : T, ...) [=> T] then `;`, or a body: indented lines,
// optionally between `begin` and `end;`.
void Parser::parse_asl1_function() {
  take();  // func
  FunctionDecl* fn = m_.arena.function();
  const Token& nt = take();
  fn->loc = loc(nt);
  fn->name = nt.text;
  take();  // (
  fn->params = parse_params(Tok::RParen, "expected ')' after parameters");
  if (accept(Tok::Arrow)) {
    fn->kind = FunctionKind::Function;
    fn->return_type = parse_type();
  } else {
    fn->kind = FunctionKind::Procedure;
    fn->return_type = Type::of(TypeKind::Void);
  }
  fill_width_vars(fn);
  m_.functions.push_back(fn);
  if (accept(Tok::Semi)) return;
  auto is_word = [&](size_t k, const char* w) { return kind(k) == Tok::Ident && peek(k).text == w; };
  bool begin = false;
  if (is_word(0, "begin")) {
    take();
    begin = true;
  } else if (at(Tok::Newline) && is_word(1, "begin")) {
    take();
    take();
    begin = true;
  }
  if (!at(Tok::Newline) || kind(1) != Tok::Indent)
    fail(at(Tok::Newline) ? peek(1) : peek(), "expected ';' or an indented body after the function header");
  take();
  fn->body = parse_indented();
  fn->has_body = true;
  if (begin) {
    if (!is_word(0, "end")) fail(peek(), "expected 'end' after the function body");
    take();
    accept(Tok::Semi);
  }
}

void Parser::add_globals(Stmt* decl) {
  for (size_t i = 0; i < decl->names.size(); ++i) {
    GlobalDecl g;
    g.loc = decl->loc;
    g.is_constant = decl->is_constant;
    g.type = decl->decl_type;
    g.name = decl->names[i];
    g.init = decl->inits[i];
    m_.globals.push_back(std::move(g));
  }
}

void Parser::parse_globals(const Token& first, Type type, bool is_constant) {
  // The name is the current token.
  for (;;) {
    GlobalDecl g;
    const Token& n = expect(Tok::Ident, "expected a name");
    g.loc = loc(first);
    g.name = n.text;
    g.type = type;
    g.is_constant = is_constant;
    if (accept(Tok::Assign)) g.init = parse_expr();
    if (is_constant && !g.init) fail_at(g.loc, "constant '" + g.name + "' needs an initial value");
    m_.globals.push_back(std::move(g));
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::Semi, "expected ';' after global declaration");
}

void Parser::parse_enumeration() {
  take();
  EnumType* en = m_.arena.enumeration();
  en->name = expect_ident("expected a name after 'enumeration'");
  expect(Tok::LBrace, "expected '{' after enumeration name");
  while (!at(Tok::RBrace)) {
    en->members.push_back(expect_ident("expected an enumeration member"));
    if (!accept(Tok::Comma)) break;
  }
  expect(Tok::RBrace, "expected '}' after enumeration members");
  accept(Tok::Semi);
  m_.enums.push_back(en);
}

void Parser::parse_record() {
  take();
  RecordType* r = m_.arena.record();
  r->name = expect_ident("expected a name after 'record'");
  expect(Tok::LBrace, "expected '{' after record name");
  while (!at(Tok::RBrace)) {
    Param f = parse_param();
    r->field_names.push_back(f.name);
    r->field_types.push_back(std::move(f.type));
    if (!accept(Tok::Semi) && !accept(Tok::Comma)) break;
  }
  expect(Tok::RBrace, "expected '}' after record fields");
  accept(Tok::Semi);
  m_.records.push_back(r);
}

void Parser::parse_type_decl() {
  take();  // type
  const Token& nt = expect(Tok::Ident, "expected a type name after 'type'");
  std::string name = nt.text;
  if (accept(Tok::KwIs)) {  // type FPCRType is (bits(2) RMode, bit FZ)
    RecordType* r = m_.arena.record();
    r->name = name;
    expect(Tok::LParen, "expected '(' after 'is'");
    if (!at(Tok::RParen)) {
      do {
        Param f = parse_param();
        r->field_names.push_back(f.name);
        r->field_types.push_back(std::move(f.type));
      } while (accept(Tok::Comma));
    }
    expect(Tok::RParen, "expected ')' after record fields");
    accept(Tok::Semi);
    m_.records.push_back(r);
    return;
  }
  if (accept(Tok::KwOf)) {  // type FPSCR_Type of bits(32) { [31] N, [23:22] RMode };
    if (!at(Tok::KwBits)) fail(peek(), "expected bits(N) after 'of'");
    const Token& bt = peek();
    Type base = parse_type();
    if (base.width < 0) fail(bt, "the width of a bitfield type must be an integer literal");
    BitfieldType* bf = m_.arena.bitfield();
    bf->name = name;
    bf->width = static_cast<uint32_t>(base.width);
    if (accept(Tok::LBrace)) {
      while (!at(Tok::RBrace)) {
        const Token& open = expect(Tok::LBracket, "expected '[' before a bitfield position");
        auto bound = [&]() -> uint32_t {
          const Token& b = expect(Tok::Int, "expected an integer bit position");
          if (b.int_value >= static_cast<Int>(bf->width)) fail(b, "bit position outside the register");
          return static_cast<uint32_t>(b.int_value);
        };
        BitfieldType::Field f;
        f.hi = bound();
        f.lo = accept(Tok::Colon) ? bound() : f.hi;
        if (f.lo > f.hi) fail(open, "bitfield range must be written [hi:lo]");
        if (at(Tok::Comma)) fail(peek(), "bitfields of several ranges are not supported");
        expect(Tok::RBracket, "expected ']' after bitfield position");
        f.name = expect_ident("expected a bitfield name");
        bf->fields.push_back(std::move(f));
        if (!accept(Tok::Comma) && !accept(Tok::Semi)) break;
      }
      expect(Tok::RBrace, "expected '}' after bitfields");
    }
    accept(Tok::Semi);
    m_.bitfield_types.push_back(bf);
    return;
  }
  if (accept(Tok::Assign)) {  // type Word = bits(32);
    Type t = parse_type();
    expect(Tok::Semi, "expected ';' after type alias");
    if (m_.type_aliases.count(name)) fail(nt, "type '" + name + "' is already declared");
    m_.type_aliases.emplace(name, std::move(t));
    return;
  }
  if (accept(Tok::Semi)) {  // type FPCRType;  (opaque: a record without fields)
    RecordType* r = m_.arena.record();
    r->name = name;
    m_.records.push_back(r);
    return;
  }
  fail(peek(), "expected 'is', 'of', '=' or ';' after the type name");
}

void Parser::parse_declaration() {
  const Token& t = peek();
  Depth d(*this);
  d.add(t);
  switch (t.kind) {
    case Tok::KwEnumeration: parse_enumeration(); return;
    case Tok::KwType: parse_type_decl(); return;
    case Tok::KwRecord: parse_record(); return;
    case Tok::KwConstant:
    case Tok::KwVar:
    case Tok::KwLet: add_globals(parse_decl()); return;
    case Tok::KwArray:
      if (kind(1) != Tok::LBracket) {
        GlobalDecl g;
        g.loc = loc(t);
        g.type = parse_old_array(t, g.name);
        expect(Tok::Semi, "expected ';' after array declaration");
        m_.globals.push_back(std::move(g));
        return;
      }
      break;
    case Tok::Semi: take(); return;
    case Tok::Ident:
      if (is_end_marker()) {
        take();
        take();
        return;
      }
      if (t.text == "func" && kind(1) == Tok::Ident && kind(2) == Tok::LParen) {
        parse_asl1_function();
        return;
      }
      if (kind(1) == Tok::LParen) {  // Procedure(params)
        FunctionDecl* fn = m_.arena.function();
        fn->kind = FunctionKind::Procedure;
        fn->loc = loc(t);
        fn->name = take().text;
        fn->return_type = Type::of(TypeKind::Void);
        take();
        fn->params = parse_params(Tok::RParen, "expected ')' after parameters");
        parse_function_rest(fn);
        return;
      }
      if (kind(1) == Tok::LBracket || (kind(1) == Tok::Assign && starts_type(2))) {
        // Setter: X[integer n] = bits(32) value, or SP = bits(32) value
        FunctionDecl* fn = m_.arena.function();
        fn->kind = FunctionKind::Setter;
        fn->loc = loc(t);
        fn->name = take().text;
        fn->return_type = Type::of(TypeKind::Void);
        if (accept(Tok::LBracket)) fn->params = parse_params(Tok::RBracket, "expected ']' after parameters");
        expect(Tok::Assign, "expected '=' after setter parameters");
        fn->value.type = parse_type();
        fn->value.by_ref = accept(Tok::Amp);
        fn->value.name = expect_ident("expected the name of the assigned value");
        parse_function_rest(fn);
        return;
      }
      break;
    case Tok::Indent: fail(t, "unexpected indentation");
    default: break;
  }
  if (!starts_type(0)) fail(t, "expected a declaration, found " + describe_token(t));
  Type type = parse_type();
  const Token& nt = peek();
  if (nt.kind != Tok::Ident) fail(nt, "expected a name after the type");
  if (kind(1) == Tok::LParen || kind(1) == Tok::LBracket ||
      (kind(1) == Tok::Newline && kind(2) == Tok::Indent)) {
    FunctionDecl* fn = m_.arena.function();
    fn->loc = loc(nt);
    fn->name = take().text;
    fn->return_type = std::move(type);
    if (accept(Tok::LParen)) {
      fn->kind = FunctionKind::Function;
      fn->params = parse_params(Tok::RParen, "expected ')' after parameters");
    } else {
      fn->kind = FunctionKind::Getter;
      if (accept(Tok::LBracket)) fn->params = parse_params(Tok::RBracket, "expected ']' after parameters");
    }
    parse_function_rest(fn);
    return;
  }
  parse_globals(t, std::move(type), false);
}

void Parser::declarations() {
  for (;;) {
    while (accept(Tok::Newline)) {
    }
    if (at(Tok::Eof)) return;
    parse_declaration();
  }
}

Block Parser::statements() {
  Block b;
  for (;;) {
    while (accept(Tok::Newline)) {
    }
    if (at(Tok::Eof)) return b;
    if (Stmt* s = parse_statement()) b.push_back(s);
    if (eval_result_) {
      while (accept(Tok::Newline)) {
      }
      if (!at(Tok::Eof)) fail(peek(), "unexpected " + describe_token(peek()) + " after the result expression");
      return b;
    }
  }
}

EvalProgram Parser::eval() {
  eval_mode_ = true;
  EvalProgram p;
  p.block = statements();
  p.result = eval_result_;
  return p;
}

Expr* Parser::whole_expression() {
  while (accept(Tok::Newline)) {
  }
  Expr* e = parse_expr();
  while (accept(Tok::Newline)) {
  }
  if (!at(Tok::Eof)) fail(peek(), "unexpected " + describe_token(peek()) + " after expression");
  return e;
}

}  // namespace

void parse_declarations(Module& module, const SourceSet& sources, uint32_t file) {
  Parser(module, sources, file).declarations();
}

Block parse_block(Module& module, const SourceSet& sources, uint32_t file, uint32_t first_line,
                  uint32_t last_line) {
  if (last_line < first_line) return {};
  return Parser(module, sources, file, first_line, last_line).statements();
}

EvalProgram parse_eval(Module& module, const SourceSet& sources, uint32_t file) {
  return Parser(module, sources, file).eval();
}

Expr* parse_expression(Module& module, const SourceSet& sources, uint32_t file) {
  return Parser(module, sources, file).whole_expression();
}

}  // namespace mlisa::spec
