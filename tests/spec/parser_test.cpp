#include "spec/parser.hpp"

#include "core/diag.hpp"

#include <gtest/gtest.h>

#include <string>

using namespace mlisa::spec;

namespace {

std::string show(const Expr* e);
std::string show(const Block& b);

std::string show_type(const Type& t) { return t.describe(); }

std::string show_bits_pattern(const BitPattern& p) {
  std::string s = "'";
  for (uint32_t i = p.value.width(); i-- > 0;) s += !p.care.bit(i) ? 'x' : p.value.bit(i) ? '1' : '0';
  return s + "'";
}

std::string join(const std::vector<Expr*>& args, size_t from = 0) {
  std::string s;
  for (size_t i = from; i < args.size(); ++i) {
    s += ' ';
    s += show(args[i]);
  }
  return s;
}

// A compact S-expression of a tree, to compare shapes in one string.
std::string show(const Expr* e) {
  if (!e) return "null";
  switch (e->kind) {
    case ExprKind::Literal:
      switch (e->literal.kind()) {
        case ValueKind::Integer: return int_to_string(e->literal.as_int());
        case ValueKind::Bits: return e->literal.as_bits().to_binary();
        case ValueKind::Boolean: return e->literal.as_bool() ? "TRUE" : "FALSE";
        case ValueKind::String: return "\"" + e->literal.as_string() + "\"";
        case ValueKind::Real: return "real:" + std::to_string(e->literal.as_real());
        default: return "?literal";
      }
    case ExprKind::Pattern: return show_bits_pattern(e->pattern);
    case ExprKind::Name: return e->name;
    case ExprKind::Call: return "(call " + e->name + join(e->args) + ")";
    case ExprKind::Index: return "(index " + e->name + join(e->args) + ")";
    case ExprKind::Field: return "(. " + show(e->args[0]) + " " + e->name + ")";
    case ExprKind::FieldList: {
      std::string s = "(.<> " + show(e->args[0]);
      for (const auto& f : e->fields) s += " " + f;
      return s + ")";
    }
    case ExprKind::Slice: {
      std::string s = "(slice " + show(e->args[0]);
      for (const auto& r : e->slices) {
        if (r.plus_width)
          s += " " + show(r.hi) + "+:" + show(r.lo);
        else if (r.hi == r.lo)
          s += " " + show(r.hi);
        else
          s += " " + show(r.hi) + ":" + show(r.lo);
      }
      return s + ")";
    }
    case ExprKind::Unary: return std::string("(") + op_spelling(e->op) + " " + show(e->args[0]) + ")";
    case ExprKind::Binary:
      return std::string("(") + op_spelling(e->op) + " " + show(e->args[0]) + " " + show(e->args[1]) + ")";
    case ExprKind::In: return "(IN " + show(e->args[0]) + join(e->args, 1) + ")";
    case ExprKind::Range: return "(.. " + show(e->args[0]) + " " + show(e->args[1]) + ")";
    case ExprKind::IfThenElse: return "(if" + join(e->args) + ")";
    case ExprKind::Tuple: return "(tuple" + join(e->args) + ")";
    case ExprKind::Unknown: return "(UNKNOWN " + show_type(e->type) + ")";
  }
  return "?";
}

std::string show(const Stmt* s) {
  switch (s->kind) {
    case StmtKind::VarDecl: {
      std::string out = std::string("(") + (s->is_constant ? "const " : "decl ") + show_type(s->decl_type);
      for (size_t i = 0; i < s->names.size(); ++i) {
        out += " " + s->names[i];
        if (s->inits[i]) out += "=" + show(s->inits[i]);
      }
      if (s->value) out += " = " + show(s->value);
      return out + ")";
    }
    case StmtKind::Assign: return "(= " + show(s->target) + " " + show(s->value) + ")";
    case StmtKind::Call: return show(s->value);
    case StmtKind::If: {
      std::string out = "(if";
      for (size_t i = 0; i < s->blocks.size(); ++i) {
        if (i < s->conds.size())
          out += " " + show(s->conds[i]) + " " + show(s->blocks[i]);
        else
          out += " else " + show(s->blocks[i]);
      }
      return out + ")";
    }
    case StmtKind::Case: {
      std::string out = "(case " + show(s->value);
      for (size_t i = 0; i < s->blocks.size(); ++i) {
        if (s->labels[i].empty())
          out += " otherwise";
        else
          out += " when" + join(s->labels[i]);
        out += " " + show(s->blocks[i]);
      }
      return out + ")";
    }
    case StmtKind::For:
      return "(for " + s->var + " " + show(s->from) + (s->down ? " downto " : " to ") + show(s->to) + " " +
             show(s->body) + ")";
    case StmtKind::While: return "(while " + show(s->value) + " " + show(s->body) + ")";
    case StmtKind::Repeat: return "(repeat " + show(s->body) + " " + show(s->value) + ")";
    case StmtKind::Return: return s->value ? "(return " + show(s->value) + ")" : "(return)";
    case StmtKind::Assert: return "(assert " + show(s->value) + ")";
    case StmtKind::Undefined: return "UNDEFINED";
    case StmtKind::Unpredictable: return "UNPREDICTABLE";
    case StmtKind::ConstrainedUnpredictable: return "CONSTRAINED_UNPREDICTABLE";
    case StmtKind::See: return "(SEE " + show(s->value) + ")";
    case StmtKind::ImplDefined: return "(IMPLEMENTATION_DEFINED " + show(s->value) + ")";
    case StmtKind::Throw: return "(throw)";
  }
  return "?";
}

std::string show(const Block& b) {
  std::string out = "{";
  for (size_t i = 0; i < b.size(); ++i) {
    if (i) out += ' ';
    out += show(b[i]);
  }
  return out + "}";
}

struct Fixture {
  Module m;
  SourceSet src;
  uint32_t add(const std::string& text) { return src.add("t.asl", text); }
};

std::string expr(const std::string& text) {
  Fixture f;
  return show(parse_expression(f.m, f.src, f.add(text)));
}

std::string block(const std::string& text) {
  Fixture f;
  uint32_t file = f.add(text);
  return show(parse_block(f.m, f.src, file, 1, 100000));
}

// A parse error: message and position.
struct Err {
  std::string msg;
  int line = 0, col = 0;
};

template <typename F>
Err error_of(const std::string& text, F parse) {
  Fixture f;
  uint32_t file = f.add(text);
  try {
    parse(f.m, f.src, file);
  } catch (const mlisa::InputError& e) {
    return Err{e.message(), e.location().line, e.location().col};
  }
  ADD_FAILURE() << "no error for:\n" << text;
  return {};
}

Err block_error(const std::string& text) {
  return error_of(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_block(m, s, f, 1, 100000); });
}
Err decl_error(const std::string& text) {
  return error_of(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_declarations(m, s, f); });
}
Err expr_error(const std::string& text) {
  return error_of(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_expression(m, s, f); });
}

#define EXPECT_ERR(err, m, l, c)   \
  do {                             \
    Err e_ = (err);                \
    EXPECT_EQ(e_.msg, m);          \
    EXPECT_EQ(e_.line, l) << e_.msg; \
    EXPECT_EQ(e_.col, c) << e_.msg;  \
  } while (0)

}  // namespace

// ---------------------------------------------------------------------------
// Expressions

TEST(ParserExpr, Literals) {
  EXPECT_EQ(expr("42"), "42");
  EXPECT_EQ(expr("0x1F"), "31");
  EXPECT_EQ(expr("'0101'"), "'0101'");
  EXPECT_EQ(expr("'01 01'"), "'0101'");
  EXPECT_EQ(expr("'01x1'"), "'01x1'");
  EXPECT_EQ(expr("''"), "''");
  EXPECT_EQ(expr("TRUE"), "TRUE");
  EXPECT_EQ(expr("\"text\""), "\"text\"");
  EXPECT_EQ(expr("1.5"), "real:1.500000");
}

TEST(ParserExpr, WideBitStrings) {
  std::string s(100, '1');
  Fixture f;
  Expr* e = parse_expression(f.m, f.src, f.add("'" + s + "'"));
  ASSERT_EQ(e->kind, ExprKind::Literal);
  EXPECT_EQ(e->literal.as_bits().width(), 100u);
  EXPECT_TRUE(e->literal.as_bits().is_ones());
}

TEST(ParserExpr, Precedence) {
  EXPECT_EQ(expr("a + b * c"), "(+ a (* b c))");
  EXPECT_EQ(expr("a - b - c"), "(- (- a b) c)");
  EXPECT_EQ(expr("a || b && c"), "(|| a (&& b c))");
  EXPECT_EQ(expr("a == b && c != d"), "(&& (== a b) (!= c d))");
  EXPECT_EQ(expr("esize DIV 8 + 1"), "(+ (DIV esize 8) 1)");
  EXPECT_EQ(expr("8 << UInt(sz)"), "(<< 8 (call UInt sz))");
  EXPECT_EQ(expr("a AND b + 1"), "(AND a (+ b 1))");
  EXPECT_EQ(expr("a EOR b OR c"), "(OR (EOR a b) c)");
  EXPECT_EQ(expr("sz:Q == '10'"), "(== (: sz Q) '10')");
  EXPECT_EQ(expr("D:Vd"), "(: D Vd)");
  EXPECT_EQ(expr("'0':Rm:'1'"), "(: (: '0' Rm) '1')");
  EXPECT_EQ(expr("a : b + 1"), "(: a (+ b 1))");
  EXPECT_EQ(expr("x<7:0>:y<7:0>"), "(: (slice x 7:0) (slice y 7:0))");
  EXPECT_EQ(expr("2^N - 1"), "(- (^ 2 N) 1)");
  EXPECT_EQ(expr("-2^N"), "(- (^ 2 N))");
  EXPECT_EQ(expr("2^2^3"), "(^ 2 (^ 2 3))");
  EXPECT_EQ(expr("x MOD 4 REM 3"), "(REM (MOD x 4) 3)");
  EXPECT_EQ(expr("a / b"), "(/ a b)");
  EXPECT_EQ(expr("a >> 2 >= b"), "(>= (>> a 2) b)");
}

TEST(ParserExpr, Unary) {
  EXPECT_EQ(expr("-x"), "(- x)");
  EXPECT_EQ(expr("!a && b"), "(&& (! a) b)");
  EXPECT_EQ(expr("NOT x AND y"), "(AND (NOT x) y)");
  EXPECT_EQ(expr("NOT(x)"), "(NOT x)");
  EXPECT_EQ(expr("- -x"), "(- (- x))");
}

TEST(ParserExpr, Postfix) {
  EXPECT_EQ(expr("UInt(D:Vd)"), "(call UInt (: D Vd))");
  EXPECT_EQ(expr("Zeros()"), "(call Zeros)");
  EXPECT_EQ(expr("X[n, 64]"), "(index X n 64)");
  EXPECT_EQ(expr("Elem[op1, 2*e + 0, 16]"), "(index Elem op1 (+ (* 2 e) 0) 16)");
  EXPECT_EQ(expr("PSTATE.N"), "(. PSTATE N)");
  EXPECT_EQ(expr("FPSCR.RMode"), "(. FPSCR RMode)");
  EXPECT_EQ(expr("PSTATE.<N,Z,C,V>"), "(.<> PSTATE N Z C V)");
  EXPECT_EQ(expr("R[d]<7:0>"), "(slice (index R d) 7:0)");
  EXPECT_EQ(expr("f(x)<1>"), "(slice (call f x) 1)");
}

TEST(ParserExpr, Slices) {
  EXPECT_EQ(expr("x<3:0>"), "(slice x 3:0)");
  EXPECT_EQ(expr("x<i>"), "(slice x i)");
  EXPECT_EQ(expr("x<lo+:w>"), "(slice x lo+:w)");
  EXPECT_EQ(expr("x<7:4, 3:0>"), "(slice x 7:4 3:0)");
  EXPECT_EQ(expr("x<esize-1:0>"), "(slice x (- esize 1):0)");
  EXPECT_EQ(expr("x<(e*esize)+esize-1:e*esize>"), "(slice x (- (+ (* e esize) esize) 1):(* e esize))");
  EXPECT_EQ(expr("x<y<1:0>>"), "(slice x (slice y 1:0))");
  EXPECT_EQ(expr("a < b"), "(< a b)");
  EXPECT_EQ(expr("x<3:0> == '0000'"), "(== (slice x 3:0) '0000')");
  EXPECT_EQ(expr("x<3> > y"), "(> (slice x 3) y)");
  Fixture f;
  Expr* e = parse_expression(f.m, f.src, f.add("x<i>"));
  EXPECT_EQ(e->slices[0].hi, e->slices[0].lo);  // x<i>: hi == lo
  EXPECT_FALSE(e->slices[0].plus_width);
}

TEST(ParserExpr, InSets) {
  EXPECT_EQ(expr("x IN {'01x', '1xx', 3, 0..7}"), "(IN x '01x' '1xx' 3 (.. 0 7))");
  EXPECT_EQ(expr("N IN {16,32,64} && b"), "(&& (IN N 16 32 64) b)");
  EXPECT_EQ(expr("!(op IN {'00'})"), "(! (IN op '00'))");
  EXPECT_EQ(expr("x IN '1x'"), "(IN x '1x')");
}

TEST(ParserExpr, UnknownAndImplementationDefined) {
  EXPECT_EQ(expr("bits(32) UNKNOWN"), "(UNKNOWN bits(32))");
  EXPECT_EQ(expr("integer UNKNOWN"), "(UNKNOWN integer)");
  EXPECT_EQ(expr("bits(N) UNKNOWN"), "(UNKNOWN bits(N))");
  EXPECT_EQ(expr("FPCRType UNKNOWN"), "(UNKNOWN FPCRType)");
  EXPECT_EQ(expr("UNKNOWN : bits(8)"), "(UNKNOWN bits(8))");
  EXPECT_EQ(expr("UNKNOWN"), "(UNKNOWN any)");
  EXPECT_EQ(expr("boolean IMPLEMENTATION_DEFINED \"has x\""), "(call IMPLEMENTATION_DEFINED \"has x\")");
  Fixture f;
  Expr* e = parse_expression(f.m, f.src, f.add("boolean IMPLEMENTATION_DEFINED \"x\""));
  EXPECT_EQ(e->type.kind, TypeKind::Boolean);
}

TEST(ParserExpr, IfThenElse) {
  EXPECT_EQ(expr("if Q == '0' then 1 else 2"), "(if (== Q '0') 1 2)");
  EXPECT_EQ(expr("if a then 1 elsif b then 2 else 3"), "(if a 1 (if b 2 3))");
  EXPECT_EQ(expr("(if op1_neg then BFNeg(x) else x)"), "(if op1_neg (call BFNeg x) x)");
  EXPECT_EQ(expr("1 + (if c then 2 else 3)"), "(+ 1 (if c 2 3))");
}

TEST(ParserExpr, TuplesAndParens) {
  EXPECT_EQ(expr("(a, b)"), "(tuple a b)");
  EXPECT_EQ(expr("(a + b) * c"), "(* (+ a b) c)");
  EXPECT_EQ(expr("(result, -)"), "(tuple result -)");
}

TEST(ParserExpr, LongExpressionsWrap) {
  EXPECT_EQ(expr("f(a,\n    b +\n    c)"), "(call f a (+ b c))");
}

TEST(ParserExpr, Locations) {
  Fixture f;
  Expr* e = parse_expression(f.m, f.src, f.add("\n  a + f(b)<3:0>"));
  ASSERT_EQ(e->kind, ExprKind::Binary);
  EXPECT_EQ(e->loc.line, 2u);
  EXPECT_EQ(e->loc.col, 5u);  // the operator
  EXPECT_EQ(e->args[0]->loc.col, 3u);
  const Expr* slice = e->args[1];
  EXPECT_EQ(slice->kind, ExprKind::Slice);
  EXPECT_EQ(slice->loc.col, 11u);           // the `<`
  EXPECT_EQ(slice->args[0]->loc.col, 7u);   // the call: its name
  EXPECT_EQ(slice->args[0]->args[0]->loc.col, 9u);
  EXPECT_EQ(e->loc.file, 0u);
}

// ---------------------------------------------------------------------------
// Statements

TEST(ParserStmt, Declarations) {
  EXPECT_EQ(block("bits(32) result;"), "{(decl bits(32) result)}");
  EXPECT_EQ(block("integer d = UInt(D:Vd);"), "{(decl integer d=(call UInt (: D Vd)))}");
  EXPECT_EQ(block("constant integer n = UInt(Zn);"), "{(const integer n=(call UInt Zn))}");
  EXPECT_EQ(block("bits(4) a, b = '0000';"), "{(decl bits(4) a b='0000')}");
  EXPECT_EQ(block("boolean unsigned = (U == '1');"), "{(decl boolean unsigned=(== U '1'))}");
  EXPECT_EQ(block("bit b = '1';"), "{(decl bits(1) b='1')}");
  EXPECT_EQ(block("FPCRType fpcr = FPCR;"), "{(decl FPCRType fpcr=FPCR)}");
  EXPECT_EQ(block("constant bits(VL) op1 = Z[n, VL];"), "{(const bits(VL) op1=(index Z n VL))}");
  EXPECT_EQ(block("real r;"), "{(decl real r)}");
  EXPECT_EQ(block("array [0..3] of bits(8) a;"), "{(decl array [0..3] of bits(8) a)}");
  EXPECT_EQ(block("array bits(8) a[0..3];"), "{(decl array [0..3] of bits(8) a)}");
}

TEST(ParserStmt, TypedTupleDeclaration) {
  Fixture f;
  Block b = parse_block(f.m, f.src, f.add("(bits(N) result, boolean sat) = SignedSatQ(x, N);"), 1, 1);
  ASSERT_EQ(b.size(), 1u);
  const Stmt* s = b[0];
  EXPECT_EQ(s->kind, StmtKind::VarDecl);
  EXPECT_EQ(s->decl_type.kind, TypeKind::Tuple);
  EXPECT_EQ(s->decl_type.describe(), "(bits(N), boolean)");
  EXPECT_EQ(s->names, (std::vector<std::string>{"result", "sat"}));
  ASSERT_EQ(s->inits.size(), 2u);
  EXPECT_EQ(s->inits[0], nullptr);
  EXPECT_EQ(show(s->value), "(call SignedSatQ x N)");
}

TEST(ParserStmt, TupleTypedVariable) {
  EXPECT_EQ(block("(integer, boolean) pair = f();"), "{(decl (integer, boolean) pair=(call f))}");
}

TEST(ParserStmt, Asl1Declarations) {
  EXPECT_EQ(block("var x : integer = 3;"), "{(decl integer x=3)}");
  EXPECT_EQ(block("let y = 5;"), "{(const any y=5)}");
  EXPECT_EQ(block("var a, b : bits(4);"), "{(decl bits(4) a b)}");
  EXPECT_EQ(block("constant c = 2;"), "{(const any c=2)}");
  EXPECT_EQ(block("var z;"), "{(decl any z)}");
}

TEST(ParserStmt, Assignments) {
  EXPECT_EQ(block("x = 1;"), "{(= x 1)}");
  EXPECT_EQ(block("result<31:16> = x;"), "{(= (slice result 31:16) x)}");
  EXPECT_EQ(block("PSTATE.N = '1';"), "{(= (. PSTATE N) '1')}");
  EXPECT_EQ(block("PSTATE.<N,Z,C,V> = nzcv;"), "{(= (.<> PSTATE N Z C V) nzcv)}");
  EXPECT_EQ(block("R[d] = result;"), "{(= (index R d) result)}");
  EXPECT_EQ(block("Elem[result, e, esize] = x;"), "{(= (index Elem result e esize) x)}");
  EXPECT_EQ(block("X[t, 64] = v;"), "{(= (index X t 64) v)}");
  EXPECT_EQ(block("(result, -) = AddWithCarry(a, b, '0');"),
            "{(= (tuple result -) (call AddWithCarry a b '0'))}");
  EXPECT_EQ(block("(type1, sign1, value1) = FPUnpack(op1, fpcr);"),
            "{(= (tuple type1 sign1 value1) (call FPUnpack op1 fpcr))}");
  EXPECT_EQ(block("R[d]<7:0> = x;"), "{(= (slice (index R d) 7:0) x)}");
  EXPECT_EQ(block("R[d] = bits(32) UNKNOWN;"), "{(= (index R d) (UNKNOWN bits(32)))}");
}

TEST(ParserStmt, CallsAndSimpleStatements) {
  EXPECT_EQ(block("CheckFPEnabled();"), "{(call CheckFPEnabled)}");
  EXPECT_EQ(block("EndOfDecode(Decode_UNDEF);"), "{(call EndOfDecode Decode_UNDEF)}");
  EXPECT_EQ(block("return x;"), "{(return x)}");
  EXPECT_EQ(block("return;"), "{(return)}");
  EXPECT_EQ(block("return (result, sat);"), "{(return (tuple result sat))}");
  EXPECT_EQ(block("assert N IN {16, 32, 64};"), "{(assert (IN N 16 32 64))}");
  EXPECT_EQ(block("UNDEFINED; UNPREDICTABLE; CONSTRAINED_UNPREDICTABLE;"),
            "{UNDEFINED UNPREDICTABLE CONSTRAINED_UNPREDICTABLE}");
  EXPECT_EQ(block("SEE \"VMOV (register)\";"), "{(SEE \"VMOV (register)\")}");
  EXPECT_EQ(block("SEE(VMOV);"), "{(SEE \"VMOV\")}");
  EXPECT_EQ(block("SEE VMOV;"), "{(SEE \"VMOV\")}");
  EXPECT_EQ(block("IMPLEMENTATION_DEFINED \"text\";"), "{(IMPLEMENTATION_DEFINED \"text\")}");
}

TEST(ParserStmt, IfBlocks) {
  EXPECT_EQ(block("if c then\n    x = 1;\n    y = 2;\nz = 3;"), "{(if c {(= x 1) (= y 2)}) (= z 3)}");
  EXPECT_EQ(block("if a then\n    x = 1;\nelsif b then\n    x = 2;\nelse\n    x = 3;"),
            "{(if a {(= x 1)} b {(= x 2)} else {(= x 3)})}");
  EXPECT_EQ(block("if a then\n  if b then\n    x = 1;\n  else\n    x = 2;\nelse\n  x = 3;"),
            "{(if a {(if b {(= x 1)} else {(= x 2)})} else {(= x 3)})}");
}

TEST(ParserStmt, OneLineIf) {
  EXPECT_EQ(block("if c then UNDEFINED;"), "{(if c {UNDEFINED})}");
  EXPECT_EQ(block("if c then x = 1; else x = 2;"), "{(if c {(= x 1)} else {(= x 2)})}");
  EXPECT_EQ(block("if c then x = 1; y = 2;\nz = 3;"), "{(if c {(= x 1) (= y 2)}) (= z 3)}");
  EXPECT_EQ(block("if c then x = 1;\nelse x = 2;"), "{(if c {(= x 1)} else {(= x 2)})}");
  EXPECT_EQ(block("if c then x = 1;\nelsif d then x = 2;\nelse\n    x = 3;"),
            "{(if c {(= x 1)} d {(= x 2)} else {(= x 3)})}");
  // An inner one-line if does not take the else of the outer block.
  EXPECT_EQ(block("if a then\n    if b then x = 1;\nelse\n    y = 2;"),
            "{(if a {(if b {(= x 1)})} else {(= y 2)})}");
  EXPECT_EQ(block("if a then\n    if b then x = 1;\n    else y = 2;"), "{(if a {(if b {(= x 1)} else {(= y 2)})})}");
}

TEST(ParserStmt, Case) {
  EXPECT_EQ(block("case sz of\n    when '0'\n        esize = 32;\n    when '1' esize = 16; n = 4;\n"),
            "{(case sz when '0' {(= esize 32)} when '1' {(= esize 16) (= n 4)})}");
  EXPECT_EQ(block("case op of\n  when 'x1', '10' x = 1;\n  when 0 x = 2;\n  otherwise\n    UNDEFINED;"),
            "{(case op when 'x1' '10' {(= x 1)} when 0 {(= x 2)} otherwise {UNDEFINED})}");
  EXPECT_EQ(block("case ftype of\n  when '11' if HaveFP16Ext() then esize = 16; else UNDEFINED;\n  when '00' esize = 32;"),
            "{(case ftype when '11' {(if (call HaveFP16Ext) {(= esize 16)} else {UNDEFINED})} when '00' {(= esize 32)})}");
  EXPECT_EQ(block("case t of\n  when FPType_Zero => x = 1;\n  otherwise => x = 2;\nend;"),
            "{(case t when FPType_Zero {(= x 1)} otherwise {(= x 2)})}");
  EXPECT_EQ(block("case x of\n  when 0..3\n  when 4 y = 1;"), "{(case x when (.. 0 3) {} when 4 {(= y 1)})}");
  Fixture f;
  Block b = parse_block(f.m, f.src, f.add("case x of\n  when 1 y = 1;\n  otherwise y = 2;"), 1, 3);
  EXPECT_TRUE(b[0]->has_otherwise);
  EXPECT_EQ(b[0]->labels.size(), 2u);
  EXPECT_TRUE(b[0]->labels[1].empty());
}

TEST(ParserStmt, Loops) {
  EXPECT_EQ(block("for e = 0 to elements-1\n    Elem[result, e, esize] = x;"),
            "{(for e 0 to (- elements 1) {(= (index Elem result e esize) x)})}");
  EXPECT_EQ(block("for i = 7 downto 0 do\n    x = i;"), "{(for i 7 downto 0 {(= x i)})}");
  EXPECT_EQ(block("for i = 0 to 3 x = x + i;"), "{(for i 0 to 3 {(= x (+ x i))})}");
  EXPECT_EQ(block("while n > 0 do\n    n = n - 1;"), "{(while (> n 0) {(= n (- n 1))})}");
  EXPECT_EQ(block("repeat\n    n = n + 1;\nuntil n == 3;"), "{(repeat {(= n (+ n 1))} (== n 3))}");
  EXPECT_EQ(block("repeat n = n + 1; until n == 3;"), "{(repeat {(= n (+ n 1))} (== n 3))}");
}

TEST(ParserStmt, EndTerminatorsAreIgnored) {
  EXPECT_EQ(block("if c then\n    x = 1;\nend;\ny = 2;"), "{(if c {(= x 1)}) (= y 2)}");
  EXPECT_EQ(block("for i = 0 to 3 do\n    x = i;\nend;"), "{(for i 0 to 3 {(= x i)})}");
}

TEST(ParserStmt, Locations) {
  Fixture f;
  uint32_t file = f.add("x = 1;\nif c then\n    y = 2;\n  // note\n    z = 3;\n");
  Block b = parse_block(f.m, f.src, file, 1, 5);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0]->loc.line, 1u);
  EXPECT_EQ(b[0]->loc.col, 1u);
  EXPECT_EQ(b[1]->loc.line, 2u);
  ASSERT_EQ(b[1]->blocks[0].size(), 2u);
  EXPECT_EQ(b[1]->blocks[0][1]->loc.line, 5u);
  EXPECT_EQ(b[1]->blocks[0][1]->loc.col, 5u);
  EXPECT_EQ(b[1]->blocks[0][1]->value->loc.col, 9u);
}

TEST(ParserStmt, BlockOfLineRange) {
  Fixture f;
  uint32_t file = f.add("header\n    a = 1;\n    if c then\n        b = 2;\nfooter stuff\n");
  Block b = parse_block(f.m, f.src, file, 2, 4);
  EXPECT_EQ(show(b), "{(= a 1) (if c {(= b 2)})}");
  EXPECT_EQ(b[0]->loc.line, 2u);
  EXPECT_EQ(b[0]->loc.col, 5u);
}

TEST(ParserStmt, RealManualShapes) {
  // The decode of a floating-point instruction in the Armv8-M style.
  const char* text =
      "if FPSCR.LTPSIZE != 4 then UNPREDICTABLE;\n"
      "integer esize;\n"
      "case size of\n"
      "    when '01'\n"
      "        esize = 16; d = UInt(Vd:D); n = UInt(Vn:N);\n"
      "    when '10'\n"
      "        esize = 32;\n"
      "    otherwise\n"
      "        UNDEFINED;\n"
      "maximum = (op == '0');\n"
      "regs = if Q == '0' then 1 else 2;\n"
      "for e = 0 to elements-1\n"
      "    constant bits(16) elem1 = (if op1_neg then BFNeg(Elem[op1, 2*e + 0, 16]) else Elem[op1, 2*e + 0, 16]);\n"
      "    Elem[result, e, 32] = BFMulAddH(Elem[op3, e, 32], elem1, Elem[op2, 2*e, 16], FPCR);\n"
      "(result, carry, overflow) = AddWithCarry(R[n], NOT(imm32), '1');\n"
      "if setflags then\n"
      "    PSTATE.<N,Z,C,V> = result<31>:IsZeroBit(result):carry:overflow;\n";
  Fixture f;
  Block b = parse_block(f.m, f.src, f.add(text), 1, 100);
  ASSERT_EQ(b.size(), 8u);
  EXPECT_EQ(show(b[7]), "(if setflags {(= (.<> PSTATE N Z C V) (: (: (: (slice result 31) (call IsZeroBit result)) carry) overflow))})");
}

TEST(ParserEval, ResultExpression) {
  Fixture f;
  EvalProgram p = parse_eval(f.m, f.src, f.add("integer x = 3;\nx + 1"));
  EXPECT_EQ(show(p.block), "{(decl integer x=3)}");
  EXPECT_EQ(show(p.result), "(+ x 1)");

  Fixture g;
  p = parse_eval(g.m, g.src, g.add("UInt('1010')"));
  EXPECT_TRUE(p.block.empty());
  EXPECT_EQ(show(p.result), "(call UInt '1010')");

  Fixture h;
  p = parse_eval(h.m, h.src, h.add("x = 1;\nCheckFPEnabled();"));
  EXPECT_EQ(show(p.block), "{(= x 1) (call CheckFPEnabled)}");
  EXPECT_EQ(p.result, nullptr);

  Fixture i;
  p = parse_eval(i.m, i.src, i.add("if TRUE then 1 else 2"));
  EXPECT_EQ(show(p.result), "(if TRUE 1 2)");

  Fixture j;
  p = parse_eval(j.m, j.src, j.add("if TRUE then x = 1;\nbits(4) UNKNOWN"));
  EXPECT_EQ(show(p.block), "{(if TRUE {(= x 1)})}");
  EXPECT_EQ(show(p.result), "(UNKNOWN bits(4))");

  Fixture k;
  p = parse_eval(k.m, k.src, k.add("1 + 2;"));
  EXPECT_EQ(show(p.result), "(+ 1 2)");
}

// ---------------------------------------------------------------------------
// Declarations

TEST(ParserDecl, FunctionsAndWidthVariables) {
  Fixture f;
  uint32_t file = f.add(
      "// FPMaxNum()\n"
      "// ==========\n"
      "\n"
      "bits(N) FPMaxNum(bits(N) op1, bits(N) op2, FPCRType fpcr)\n"
      "    assert N IN {16,32,64};\n"
      "    return op1;\n"
      "\n"
      "boolean HaveFP16Ext();\n");
  parse_declarations(f.m, f.src, file);
  ASSERT_EQ(f.m.functions.size(), 2u);
  const FunctionDecl* fn = f.m.functions[0];
  EXPECT_EQ(fn->kind, FunctionKind::Function);
  EXPECT_EQ(fn->name, "FPMaxNum");
  EXPECT_EQ(fn->loc.line, 4u);
  EXPECT_EQ(fn->loc.col, 9u);
  EXPECT_EQ(fn->return_type.describe(), "bits(N)");
  ASSERT_EQ(fn->params.size(), 3u);
  EXPECT_EQ(fn->params[2].name, "fpcr");
  EXPECT_EQ(fn->params[2].type.kind, TypeKind::Named);
  EXPECT_EQ(fn->params[2].type.name, "FPCRType");
  EXPECT_TRUE(fn->has_body);
  EXPECT_EQ(show(fn->body), "{(assert (IN N 16 32 64)) (return op1)}");
  ASSERT_EQ(fn->width_vars.size(), 1u);
  EXPECT_EQ(fn->width_vars[0].first, "N");
  EXPECT_EQ(fn->width_vars[0].second, -1);
  const FunctionDecl* proto = f.m.functions[1];
  EXPECT_FALSE(proto->has_body);
  EXPECT_EQ(proto->return_type.kind, TypeKind::Boolean);
  EXPECT_TRUE(proto->params.empty());
}

TEST(ParserDecl, WidthVariablesExcludeParameters) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("(bits(N), boolean) SatQ(integer i, integer N, boolean unsigned);\n"
                           "(bits(N), bit) LSL_C(bits(N) x, integer shift);\n"
                           "bits(8*size) MemU[bits(32) address, integer size];\n"
                           "bits(M) Widen(bits(N) x, integer M);\n"));
  ASSERT_EQ(f.m.functions.size(), 4u);
  EXPECT_TRUE(f.m.functions[0]->width_vars.empty());
  EXPECT_EQ(f.m.functions[1]->return_type.describe(), "(bits(N), bits(1))");
  ASSERT_EQ(f.m.functions[1]->width_vars.size(), 1u);
  EXPECT_EQ(f.m.functions[1]->width_vars[0].first, "N");
  EXPECT_TRUE(f.m.functions[2]->width_vars.empty());
  EXPECT_EQ(f.m.functions[2]->kind, FunctionKind::Getter);
  ASSERT_EQ(f.m.functions[3]->width_vars.size(), 1u);
  EXPECT_EQ(f.m.functions[3]->width_vars[0].first, "N");
}

TEST(ParserDecl, ProceduresGettersSetters) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("CheckFPEnabled()\n"
                           "    if !enabled then UNDEFINED;\n"
                           "\n"
                           "bits(64) X[integer n, integer width]\n"
                           "    return _R[n];\n"
                           "\n"
                           "X[integer n, integer width] = bits(width) value\n"
                           "    _R[n] = ZeroExtend(value, 64);\n"
                           "\n"
                           "Elem[bits(N) &vector, integer e, integer size] = bits(size) value\n"
                           "    vector<(e+1)*size-1:e*size> = value;\n"
                           "\n"
                           "bits(32) SP\n"
                           "    return R[13];\n"
                           "\n"
                           "SP = bits(32) value\n"
                           "    R[13] = value;\n"
                           "CheckSVEEnabled();\n"));
  ASSERT_EQ(f.m.functions.size(), 7u);
  const auto& fs = f.m.functions;
  EXPECT_EQ(fs[0]->kind, FunctionKind::Procedure);
  EXPECT_EQ(fs[0]->return_type.kind, TypeKind::Void);
  EXPECT_EQ(show(fs[0]->body), "{(if (! enabled) {UNDEFINED})}");
  EXPECT_EQ(fs[1]->kind, FunctionKind::Getter);
  EXPECT_EQ(fs[1]->name, "X");
  EXPECT_EQ(fs[1]->params.size(), 2u);
  EXPECT_EQ(fs[2]->kind, FunctionKind::Setter);
  EXPECT_EQ(fs[2]->value.name, "value");
  EXPECT_EQ(fs[2]->value.type.describe(), "bits(width)");
  EXPECT_TRUE(fs[2]->width_vars.empty());
  EXPECT_EQ(fs[3]->kind, FunctionKind::Setter);
  EXPECT_TRUE(fs[3]->params[0].by_ref);
  EXPECT_EQ(fs[3]->params[0].name, "vector");
  ASSERT_EQ(fs[3]->width_vars.size(), 1u);
  EXPECT_EQ(fs[3]->width_vars[0].first, "N");
  EXPECT_EQ(fs[4]->kind, FunctionKind::Getter);
  EXPECT_TRUE(fs[4]->params.empty());
  EXPECT_EQ(fs[5]->kind, FunctionKind::Setter);
  EXPECT_TRUE(fs[5]->params.empty());
  EXPECT_EQ(fs[6]->kind, FunctionKind::Procedure);
  EXPECT_FALSE(fs[6]->has_body);
}

TEST(ParserDecl, TuplesAndNamedReturns) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("(FPType, bit, real) FPUnpack(bits(N) fpval, FPCRType fpcr)\n"
                           "    return (FPType_Zero, '0', 0.0);\n"
                           "FPRounding FPRoundingMode(FPCRType fpcr);\n"));
  ASSERT_EQ(f.m.functions.size(), 2u);
  EXPECT_EQ(f.m.functions[0]->return_type.describe(), "(FPType, bits(1), real)");
  EXPECT_EQ(f.m.functions[1]->return_type.describe(), "FPRounding");
}

TEST(ParserDecl, Asl1Parameters) {
  Fixture f;
  parse_declarations(f.m, f.src, f.add("bits(N) F(x : bits(N), n : integer);\n"));
  ASSERT_EQ(f.m.functions.size(), 1u);
  EXPECT_EQ(f.m.functions[0]->params[0].name, "x");
  EXPECT_EQ(f.m.functions[0]->params[1].type.kind, TypeKind::Integer);
}

TEST(ParserDecl, Asl1Functions) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("func Pick(x : bits(N), y : bits(N), first : boolean) => bits(N)\n"
                           "begin\n"
                           "    return if first then x else y;\n"
                           "end;\n"
                           "\n"
                           "func Check()\n"
                           "    assert TRUE;\n"
                           "func Proto(n : integer) => integer;\n"));
  ASSERT_EQ(f.m.functions.size(), 3u);
  const FunctionDecl* fn = f.m.functions[0];
  EXPECT_EQ(fn->kind, FunctionKind::Function);
  EXPECT_EQ(fn->name, "Pick");
  EXPECT_EQ(fn->loc.col, 6u);
  EXPECT_EQ(fn->return_type.describe(), "bits(N)");
  ASSERT_EQ(fn->width_vars.size(), 1u);
  EXPECT_EQ(show(fn->body), "{(return (if first x y))}");
  EXPECT_EQ(f.m.functions[1]->kind, FunctionKind::Procedure);
  EXPECT_TRUE(f.m.functions[1]->has_body);
  EXPECT_FALSE(f.m.functions[2]->has_body);
  EXPECT_ERR(decl_error("func F() => integer\nbegin\n    return 1;\nx = 2;"), "expected 'end' after the function body", 4,
             1);
}

TEST(ParserDecl, Types) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("enumeration FPRounding {FPRounding_TIEEVEN, FPRounding_POSINF,\n"
                           "                       FPRounding_NEGINF};\n"
                           "type FPCRType is (bits(2) RMode, bit FZ)\n"
                           "record R { integer a; bits(4) b; };\n"
                           "type FPSCR_Type of bits(32) { [31] N, [30] Z, [23:22] RMode };\n"
                           "type Word = bits(32);\n"
                           "type Opaque;\n"));
  ASSERT_EQ(f.m.enums.size(), 1u);
  EXPECT_EQ(f.m.enums[0]->name, "FPRounding");
  EXPECT_EQ(f.m.enums[0]->members,
            (std::vector<std::string>{"FPRounding_TIEEVEN", "FPRounding_POSINF", "FPRounding_NEGINF"}));
  ASSERT_EQ(f.m.records.size(), 3u);
  EXPECT_EQ(f.m.records[0]->name, "FPCRType");
  EXPECT_EQ(f.m.records[0]->field_names, (std::vector<std::string>{"RMode", "FZ"}));
  EXPECT_EQ(f.m.records[0]->field_types[0].describe(), "bits(2)");
  EXPECT_EQ(f.m.records[1]->name, "R");
  EXPECT_EQ(f.m.records[1]->field_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(f.m.records[2]->name, "Opaque");
  ASSERT_EQ(f.m.bitfield_types.size(), 1u);
  const BitfieldType* bf = f.m.bitfield_types[0];
  EXPECT_EQ(bf->name, "FPSCR_Type");
  EXPECT_EQ(bf->width, 32u);
  ASSERT_EQ(bf->fields.size(), 3u);
  EXPECT_EQ(bf->find("RMode")->hi, 23u);
  EXPECT_EQ(bf->find("RMode")->lo, 22u);
  EXPECT_EQ(bf->find("N")->lo, 31u);
  ASSERT_EQ(f.m.type_aliases.count("Word"), 1u);
  EXPECT_EQ(f.m.type_aliases.at("Word").describe(), "bits(32)");
}

TEST(ParserDecl, Globals) {
  Fixture f;
  parse_declarations(f.m, f.src,
                     f.add("bits(32) FPSCR;\n"
                           "constant integer MAX_VL = 2048;\n"
                           "array bits(64) _R[0..30];\n"
                           "FPCRType FPCR;\n"
                           "bits(4) A, B = '0000';\n"
                           "var G : integer = 1;\n"));
  const auto& g = f.m.globals;
  ASSERT_EQ(g.size(), 7u);
  EXPECT_EQ(g[0].name, "FPSCR");
  EXPECT_EQ(g[0].type.describe(), "bits(32)");
  EXPECT_EQ(g[0].loc.line, 1u);
  EXPECT_TRUE(g[1].is_constant);
  EXPECT_EQ(show(g[1].init), "2048");
  EXPECT_EQ(g[2].name, "_R");
  EXPECT_EQ(g[2].type.kind, TypeKind::Array);
  EXPECT_EQ(g[2].type.describe(), "array [0..30] of bits(64)");
  EXPECT_EQ(g[3].type.name, "FPCRType");
  EXPECT_EQ(g[4].name, "A");
  EXPECT_EQ(g[4].init, nullptr);
  EXPECT_EQ(show(g[5].init), "'0000'");
  EXPECT_EQ(g[6].name, "G");
  EXPECT_EQ(g[6].type.kind, TypeKind::Integer);
}

TEST(ParserDecl, TypeDescribe) {
  EXPECT_EQ(Type::bits(8).describe(), "bits(8)");
  EXPECT_EQ(Type::of(TypeKind::Integer).describe(), "integer");
  EXPECT_EQ(std::string(op_spelling(Op::IntDiv)), "DIV");
  EXPECT_EQ(std::string(op_spelling(Op::Concat)), ":");
  SourceSet s;
  uint32_t f = s.add("a", "one\r\ntwo\nthree");
  EXPECT_EQ(s.line_text(Loc{f, 1, 1}), "one");
  EXPECT_EQ(s.line_text(Loc{f, 3, 1}), "three");
  EXPECT_EQ(s.line_text(Loc{f, 4, 1}), "");
  EXPECT_EQ(s.name(f), "a");
}

// ---------------------------------------------------------------------------
// Diagnostics: message and position.

TEST(ParserErrors, MissingThen) {
  EXPECT_ERR(block_error("x = 1;\nif a == b x = 1;"), "expected 'then' after condition", 2, 11);
}

TEST(ParserErrors, UnexpectedIndentation) {
  EXPECT_ERR(block_error("x = 1;\n    y = 2;"), "unexpected indentation", 2, 5);
}

TEST(ParserErrors, InconsistentDedent) {
  EXPECT_ERR(block_error("if c then\n        x = 1;\n    y = 2;"), "indentation does not match any enclosing block", 3,
             5);
}

TEST(ParserErrors, MissingIndentedBlock) {
  EXPECT_ERR(block_error("if c then\nx = 1;"), "expected an indented block after 'then'", 2, 1);
}

TEST(ParserErrors, UnterminatedStringAndBits) {
  EXPECT_ERR(block_error("SEE \"VMOV;\n"), "unterminated string", 1, 5);
  EXPECT_ERR(block_error("x = '0101;\n"), "unterminated bit string", 1, 5);
  EXPECT_ERR(block_error("x = '0121';\n"), "invalid character '2' in bit string", 1, 8);
}

TEST(ParserErrors, UnbalancedParentheses) {
  EXPECT_ERR(block_error("x = f(a, b;\ny = 1;"), "expected ')' after arguments", 1, 11);
  EXPECT_ERR(block_error("x = (a + b;"), "expected ')' after expression", 1, 11);
  EXPECT_ERR(block_error("x = f(a,\n  b"), "'(' is never closed", 1, 6);
  EXPECT_ERR(block_error("x = a + b);"), "expected ';' after assignment", 1, 10);
  EXPECT_ERR(block_error("x = X[1;"), "expected ']' after index", 1, 8);
}

TEST(ParserErrors, BadSlices) {
  EXPECT_ERR(block_error("y = x<3:0;"), "expected '>' to close slice", 1, 10);
  EXPECT_ERR(expr_error("x<3:0"), "'<' is never closed", 1, 2);
  EXPECT_ERR(expr_error("x<>"), "expected a slice bound", 1, 3);
  EXPECT_ERR(expr_error("x<3:>"), "expected expression, found '>'", 1, 5);
  EXPECT_ERR(block_error("if a<b then x = 1;"), "expected '>' to close slice", 1, 8);
  EXPECT_ERR(expr_error("PSTATE.<N,>"), "expected a field name in '.<...>'", 1, 11);
}

TEST(ParserErrors, UnexpectedTokens) {
  EXPECT_ERR(block_error("x = 1 2;"), "expected ';' after assignment", 1, 7);
  EXPECT_ERR(block_error("else x = 1;"), "unexpected 'else'", 1, 1);
  EXPECT_ERR(block_error("x = ;"), "expected expression, found ';'", 1, 5);
  EXPECT_ERR(block_error("x + 1;"), "expression is not a statement (expected an assignment or a call)", 1, 3);
  EXPECT_ERR(block_error("f(x) = 1;"), "invalid assignment target", 1, 1);
  EXPECT_ERR(block_error("x\ny = 1;"), "expected '=' after assignment target", 1, 2);
  EXPECT_ERR(block_error("CheckFPEnabled()\n"), "expected ';' after procedure call", 1, 17);
  EXPECT_ERR(expr_error("a b"), "unexpected identifier 'b' after expression", 1, 3);
  EXPECT_ERR(block_error("UNDEFINED\n"), "expected ';' after UNDEFINED", 1, 10);
}

TEST(ParserErrors, StatementShapes) {
  EXPECT_ERR(block_error("case x\n  when 1 y = 1;"), "expected 'of' after case expression", 1, 7);
  EXPECT_ERR(block_error("case x of\n  y = 1;"), "expected 'when' or 'otherwise' in case, found identifier 'y'", 2, 3);
  EXPECT_ERR(block_error("case x of\n  otherwise y = 1;\n  when 1 y = 2;"), "'otherwise' must be the last alternative",
             3, 3);
  EXPECT_ERR(block_error("for i = 0 until 3\n  x = 1;"), "expected 'to' or 'downto' in for loop", 1, 11);
  EXPECT_ERR(block_error("for i 0 to 3\n  x = 1;"), "expected '=' after loop variable", 1, 7);
  EXPECT_ERR(block_error("while c\n  x = 1;"), "expected 'do' after while condition", 1, 8);
  EXPECT_ERR(block_error("repeat\n  x = 1;\nx = 2;"), "expected 'until' after repeat body", 3, 1);
  EXPECT_ERR(block_error("return x"), "expected ';' after return", 1, 9);
  EXPECT_ERR(block_error("constant integer n;"), "constant 'n' needs an initial value", 1, 1);
  EXPECT_ERR(block_error("integer = 3;"), "expected a variable name after the type", 1, 9);
  EXPECT_ERR(block_error("bits 32 x;"), "expected '(' after 'bits'", 1, 6);
  EXPECT_ERR(expr_error("if a then b"), "expected 'else' in conditional expression", 1, 12);
  EXPECT_ERR(expr_error("bits(4) x"), "expected UNKNOWN after type in expression", 1, 9);
  EXPECT_ERR(expr_error("x IN {1, 2"), "'{' is never closed", 1, 6);
  EXPECT_ERR(expr_error("x IN {1, 2 3}"), "expected '}' after set elements", 1, 12);
}

TEST(ParserErrors, Declarations) {
  EXPECT_ERR(decl_error("bits(N) F(bits(N) x)\nreturn x;"), "expected ';' or an indented body after the function header",
             1, 21);
  EXPECT_ERR(decl_error("bits(N) F(bits(N))\n    return x;"), "expected a parameter name", 1, 18);
  EXPECT_ERR(decl_error("enumeration E A, B;"), "expected '{' after enumeration name", 1, 15);
  EXPECT_ERR(decl_error("type T of bits(N) { [1] A };"), "the width of a bitfield type must be an integer literal", 1,
             11);
  EXPECT_ERR(decl_error("type T of bits(8) { [9] A };"), "bit position outside the register", 1, 22);
  EXPECT_ERR(decl_error("type T of bits(8) { [1:3] A };"), "bitfield range must be written [hi:lo]", 1, 21);
  EXPECT_ERR(decl_error("type T = bits(8);\ntype T = bits(4);"), "type 'T' is already declared", 2, 6);
  EXPECT_ERR(decl_error("type T blah;"), "expected 'is', 'of', '=' or ';' after the type name", 1, 8);
  EXPECT_ERR(decl_error("  integer x;\n    return 1;"), "unexpected indentation", 2, 5);
  EXPECT_ERR(decl_error("42;"), "expected a declaration, found number", 1, 1);
}

TEST(ParserErrors, EvalTrailingTokens) {
  EXPECT_ERR(error_of("x = 1;\n1 + 2\n3",
                      [](Module& m, const SourceSet& s, uint32_t f) { parse_eval(m, s, f); }),
             "expected ';' after expression, found end of line", 2, 6);
}

TEST(ParserErrors, NestingLimit) {
  std::string deep(300, '(');
  deep += "1";
  deep += std::string(300, ')');
  EXPECT_EQ(expr_error(deep).msg, "nesting too deep (more than 256 levels)");
  std::string unary(300, '-');
  EXPECT_EQ(expr_error(unary + "x").msg, "nesting too deep (more than 256 levels)");
  std::string chain = "x";
  for (int i = 0; i < 300; ++i) chain += " + x";
  EXPECT_EQ(expr_error(chain).msg, "nesting too deep (more than 256 levels)");
  std::string fields = "x";
  for (int i = 0; i < 300; ++i) fields += ".f";
  EXPECT_EQ(expr_error(fields).msg, "nesting too deep (more than 256 levels)");
  std::string blocks;
  for (int i = 0; i < 200; ++i) blocks += std::string(static_cast<size_t>(i), ' ') + "if c then\n";
  blocks += std::string(200, ' ') + "x = 1;\n";
  EXPECT_EQ(block_error(blocks).msg, "nesting too deep (more than 256 levels)");
  // Moderate nesting is fine.
  std::string ok(100, '(');
  ok += "1";
  ok += std::string(100, ')');
  EXPECT_EQ(expr(ok), "1");
}

TEST(ParserErrors, FormattedWithCaret) {
  Fixture f;
  uint32_t file = f.add("x = 1;\nif a == b x = 1;\n");
  try {
    parse_block(f.m, f.src, file, 1, 2);
    FAIL();
  } catch (const mlisa::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "t.asl:2:11: error: expected 'then' after condition\nif a == b x = 1;\n          ^");
  }
}
