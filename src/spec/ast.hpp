// The typed tree of the pseudocode language. The parser builds it; the checker
// resolves every name (to a frame slot, a global, a constant, an enumeration
// member, a function or a builtin) and fills in types; the interpreter walks
// it. Everything a later C++ code generator needs is explicit here: resolved
// references, static types, and widths that are either constants or
// expressions over decode-time values.
//
// Nodes live in an Arena owned by the Module; pointers between them are plain.
#pragma once

#include "core/diag.hpp"
#include "spec/value.hpp"

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlisa::spec {

struct Expr;
struct Stmt;
struct FunctionDecl;
using Block = std::vector<Stmt*>;

// A position in a source file of the SourceSet (1-based line and column).
struct Loc {
  uint32_t file = 0;
  uint32_t line = 0;
  uint32_t col = 0;
};

// ---------------------------------------------------------------------------
// Types

enum class TypeKind : uint8_t {
  Void,     // procedures, statements
  Boolean,
  Integer,
  Real,
  Bits,     // bits(N); `bit` is bits(1)
  Enum,
  String,
  Tuple,
  Record,
  Array,
  Named,    // as parsed: a name the checker resolves to one of the above
  Any,      // builtins that accept several kinds (UInt takes bits, Min takes integer or real)
};

struct EnumType {
  std::string name;
  std::vector<std::string> members;
};

struct Type;

struct RecordType {
  std::string name;
  std::vector<std::string> field_names;
  std::vector<Type> field_types;
};

// A bits type with named fields, as the manuals declare system registers:
//   type FPSCR_Type of bits(32) { [31] N, [25] DN, [23:22] RMode, ... };
struct BitfieldType {
  std::string name;
  uint32_t width = 0;
  struct Field {
    std::string name;
    uint32_t hi, lo;
  };
  std::vector<Field> fields;
  const Field* find(const std::string& n) const {
    for (const auto& f : fields)
      if (f.name == n) return &f;
    return nullptr;
  }
};

struct Type {
  TypeKind kind = TypeKind::Void;
  // Bits: the width as written (null for `bit`), and its value when known
  // statically (-1 when it depends on a decode-time value such as esize).
  Expr* width_expr = nullptr;
  int32_t width = -1;
  const BitfieldType* fields = nullptr;  // Bits with named fields
  const EnumType* enum_type = nullptr;
  const RecordType* record_type = nullptr;
  std::vector<Type> elems;               // Tuple
  std::shared_ptr<Type> element;         // Array element type
  Expr* array_lo = nullptr;              // Array bounds, inclusive
  Expr* array_hi = nullptr;
  std::string name;                      // Named (and the declared name of Enum/Record/Bitfield types)

  static Type of(TypeKind k) {
    Type t;
    t.kind = k;
    return t;
  }
  static Type bits(int32_t width) {
    Type t;
    t.kind = TypeKind::Bits;
    t.width = width;
    return t;
  }
  bool is_bits() const { return kind == TypeKind::Bits; }
  // bits(N) with N a bare name (a function's width variable): the name, else nullptr.
  const std::string* width_name() const;
  std::string describe() const;  // "bits(32)", "bits(N)", "integer", "(bits(4), boolean)", ...
};

// ---------------------------------------------------------------------------
// Expressions

enum class ExprKind : uint8_t {
  Literal,     // literal: integer, bits, real, boolean or string
  Pattern,     // pattern: a bits literal with 'x' don't-care positions
  Name,        // name: variable, constant, enumeration member, or `-` (discard, as a target)
  Call,        // name(args): function, procedure, or builtin
  Index,       // name[args]: array-style getter, or an element of an array variable
  Field,       // args[0].name: record field, or named bits field (PSTATE.N, FPSCR.RMode)
  FieldList,   // args[0].<names...>: concatenated bits fields (PSTATE.<N,Z,C,V>)
  Slice,       // args[0]<slices...>
  Unary,       // op args[0]
  Binary,      // args[0] op args[1]
  In,          // args[0] IN {args[1..]}: each an expression, a Pattern or a Range
  Range,       // args[0] .. args[1] (inside IN sets and case labels)
  IfThenElse,  // if args[0] then args[1] else args[2] (elsif chains nest in args[2])
  Tuple,       // (args...)
  Unknown,     // type UNKNOWN: a value of `type` (this implementation: zero)
};

enum class Op : uint8_t {
  None,
  Neg,      // -x
  Not,      // !b
  BitNot,   // NOT x
  Add, Sub, Mul,
  Div,      // /  (exact integer division or real division)
  IntDiv,   // DIV (rounds down)
  Mod,      // MOD (non-negative for positive divisor)
  Rem,      // REM
  Pow,      // ^
  Shl, Shr, // << >>
  BitAnd, BitOr, BitEor,  // AND OR EOR
  And, Or,  // && ||
  Eq, Ne, Lt, Le, Gt, Ge,
  Concat,   // :
};

const char* op_spelling(Op op);

// x<hi:lo>, x<i> (hi == lo), or x<lo +: width>
struct SliceRange {
  Expr* hi = nullptr;  // for plus_width: the low index
  Expr* lo = nullptr;  // for plus_width: the width
  bool plus_width = false;
};

// What a name refers to, once checked.
enum class RefKind : uint8_t {
  Unresolved,
  Local,       // slot in the current frame
  Global,      // slot in the module's global frame (target state such as FPSCR, PSTATE)
  Constant,    // a compile-time constant: `literal` holds its value
  EnumMember,  // `literal` holds the member
  Function,    // a pseudocode function, getter or procedure: `callee`
  Builtin,     // a C++ builtin: `builtin`
  Discard,     // `-` on the left of an assignment
};

struct Expr {
  ExprKind kind = ExprKind::Literal;
  Op op = Op::None;
  Loc loc;
  Type type;  // filled by the checker

  std::string name;
  Value literal;                    // Literal; resolved Constant and EnumMember values
  BitPattern pattern;               // Pattern
  std::vector<Expr*> args;
  std::vector<SliceRange> slices;   // Slice
  std::vector<std::string> fields;  // FieldList

  RefKind ref = RefKind::Unresolved;
  int32_t slot = -1;                   // Local or Global slot
  const FunctionDecl* callee = nullptr;
  int32_t builtin = -1;                // index into the builtin table
};

inline const std::string* Type::width_name() const {
  return is_bits() && width_expr && width_expr->kind == ExprKind::Name ? &width_expr->name : nullptr;
}

// ---------------------------------------------------------------------------
// Statements

enum class StmtKind : uint8_t {
  VarDecl,     // [constant] type name [= init] {, name [= init]};
  Assign,      // target = value;   target: Name, Slice, Field, FieldList, Index, Tuple
  Call,        // Proc(args);
  If,          // if c then ... elsif c then ... else ...
  Case,        // case e of when p, q ... otherwise ...
  For,         // for v = from to|downto to
  While,       // while c do
  Repeat,      // repeat ... until c;
  Return,      // return [e];
  Assert,      // assert c;
  Undefined,   // UNDEFINED;
  Unpredictable,             // UNPREDICTABLE;
  ConstrainedUnpredictable,  // CONSTRAINED_UNPREDICTABLE;
  See,         // SEE "name"; or SEE name;
  ImplDefined, // IMPLEMENTATION_DEFINED "text";
  Throw,       // EndOfDecode(reason) and other ends the engine turns into outcomes
};

struct Stmt {
  StmtKind kind = StmtKind::Call;
  Loc loc;

  // VarDecl
  bool is_constant = false;
  Type decl_type;
  std::vector<std::string> names;
  std::vector<Expr*> inits;    // one per name, null when uninitialised
  std::vector<int32_t> slots;  // filled by the checker

  // Assign, Call, Return, Assert, See (string literal), case subject, loop bounds
  Expr* target = nullptr;
  Expr* value = nullptr;

  // If: conds[i] guards blocks[i]; blocks has one more entry when there is an else.
  // Case: each `when` has its labels in labels[i] and body in blocks[i]; `otherwise`
  // is a last block with empty labels (has_otherwise).
  std::vector<Expr*> conds;
  std::vector<std::vector<Expr*>> labels;
  std::vector<Block> blocks;
  bool has_otherwise = false;

  // For
  std::string var;
  int32_t var_slot = -1;
  Expr* from = nullptr;
  Expr* to = nullptr;
  bool down = false;

  Block body;  // For, While, Repeat
};

// Calls f(expr, is_target) for each expression a statement holds itself
// (not those of its nested statements): initialisers, the assignment's
// target (is_target), its value, conditions, case labels, loop bounds.
template <class F>
void for_each_expr(const Stmt& s, F&& f) {
  for (const Expr* i : s.inits)
    if (i) f(i, false);
  if (s.target) f(s.target, true);
  if (s.value) f(s.value, false);
  for (const Expr* c : s.conds) f(c, false);
  for (const auto& ls : s.labels)
    for (const Expr* l : ls) f(l, false);
  if (s.from) f(s.from, false);
  if (s.to) f(s.to, false);
}

// Calls g(stmt) for each statement of a block, each before its nested ones.
template <class G>
void for_each_stmt(const Block& b, G&& g) {
  for (const Stmt* s : b) {
    g(*s);
    for_each_stmt(s->body, g);
    for (const Block& x : s->blocks) for_each_stmt(x, g);
  }
}

// ---------------------------------------------------------------------------
// Declarations

struct Param {
  Type type;
  std::string name;
  bool by_ref = false;  // `bits(N) &vector`: a setter's argument written back
  int32_t slot = -1;
};

enum class FunctionKind : uint8_t { Function, Procedure, Getter, Setter };

struct FunctionDecl {
  FunctionKind kind = FunctionKind::Function;
  std::string name;
  Loc loc;
  Type return_type;           // Void for procedures and setters
  std::vector<Param> params;
  Param value;                // Setter: the assigned value (`= bits(size) value`)
  bool has_body = false;      // a declaration without body is implemented by a builtin
  Block body;
  // Width variables that are not parameters (the N of `bits(N) op`), bound from
  // the widths of the arguments at each call: name and frame slot.
  std::vector<std::pair<std::string, int32_t>> width_vars;
  int32_t frame_size = 0;     // slots, filled by the checker
};

struct GlobalDecl {
  Loc loc;
  bool is_constant = false;
  Type type;
  std::string name;
  Expr* init = nullptr;
  int32_t slot = -1;
};

// Owns every node.
class Arena {
 public:
  Expr* expr() { return &exprs_.emplace_back(); }
  Stmt* stmt() { return &stmts_.emplace_back(); }
  FunctionDecl* function() { return &functions_.emplace_back(); }
  EnumType* enumeration() { return &enums_.emplace_back(); }
  RecordType* record() { return &records_.emplace_back(); }
  BitfieldType* bitfield() { return &bitfields_.emplace_back(); }

 private:
  std::deque<Expr> exprs_;
  std::deque<Stmt> stmts_;
  std::deque<FunctionDecl> functions_;
  std::deque<EnumType> enums_;
  std::deque<RecordType> records_;
  std::deque<BitfieldType> bitfields_;
};

// The files a module was built from, for diagnostics.
class SourceSet {
 public:
  uint32_t add(std::string name, std::string text);  // returns the file index
  const std::string& name(uint32_t file) const { return files_.at(file).name; }
  const std::string& text(uint32_t file) const { return files_.at(file).text; }
  std::string line_text(const Loc& loc) const;  // the whole line, for carets
  // Where loc is, for a diagnostic: file, line, column and the line's text (nothing for a loc of no file).
  SourceLocation location(const Loc& loc) const;
  size_t size() const { return files_.size(); }

 private:
  struct File {
    std::string name, text;
  };
  std::deque<File> files_;
};

// A set of declarations: the shared pseudocode of a target plus its instructions'
// helper code. Type and function names are unique except that a getter and a
// setter may share a name, and functions may be overloaded on parameter count.
struct Module {
  Arena arena;
  std::vector<const EnumType*> enums;
  std::vector<const RecordType*> records;
  std::vector<const BitfieldType*> bitfield_types;
  std::map<std::string, Type> type_aliases;  // type Name = bits(32);
  std::vector<FunctionDecl*> functions;
  std::vector<GlobalDecl> globals;           // variables and constants, in order
  bool checked = false;                      // set by Checker::check_module
};

}  // namespace mlisa::spec
