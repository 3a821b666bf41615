#include "spec/ast.hpp"

namespace mlisa::spec {

namespace {

std::string int_text(Int v) {
  bool neg = v < 0;
  unsigned __int128 u = neg ? static_cast<unsigned __int128>(0) - static_cast<unsigned __int128>(v)
                            : static_cast<unsigned __int128>(v);
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  if (neg) s.insert(s.begin(), '-');
  return s;
}

// A compact rendering of the expressions that appear in types (widths, array
// bounds): names, integer literals, arithmetic and calls.
std::string expr_text(const Expr* e, int depth = 0) {
  if (!e) return "?";
  if (depth > 32) return "...";
  switch (e->kind) {
    case ExprKind::Name: return e->name;
    case ExprKind::Literal:
      if (e->literal.kind() == ValueKind::Integer) return int_text(e->literal.as_int());
      return "<literal>";
    case ExprKind::Unary:
      return std::string(op_spelling(e->op)) + (e->op == Op::BitNot ? " " : "") +
             expr_text(e->args.empty() ? nullptr : e->args[0], depth + 1);
    case ExprKind::Binary: {
      if (e->args.size() != 2) return "?";
      auto side = [&](const Expr* a) {
        std::string s = expr_text(a, depth + 1);
        return a && a->kind == ExprKind::Binary ? "(" + s + ")" : s;
      };
      return side(e->args[0]) + op_spelling(e->op) + side(e->args[1]);
    }
    case ExprKind::Call:
    case ExprKind::Index: {
      std::string s = e->name + (e->kind == ExprKind::Call ? "(" : "[");
      for (size_t i = 0; i < e->args.size(); ++i) {
        if (i) s += ", ";
        s += expr_text(e->args[i], depth + 1);
      }
      return s + (e->kind == ExprKind::Call ? ")" : "]");
    }
    case ExprKind::Field:
      return expr_text(e->args.empty() ? nullptr : e->args[0], depth + 1) + "." + e->name;
    default: return "...";
  }
}

}  // namespace

const char* op_spelling(Op op) {
  switch (op) {
    case Op::None: return "";
    case Op::Neg: return "-";
    case Op::Not: return "!";
    case Op::BitNot: return "NOT";
    case Op::Add: return "+";
    case Op::Sub: return "-";
    case Op::Mul: return "*";
    case Op::Div: return "/";
    case Op::IntDiv: return "DIV";
    case Op::Mod: return "MOD";
    case Op::Rem: return "REM";
    case Op::Pow: return "^";
    case Op::Shl: return "<<";
    case Op::Shr: return ">>";
    case Op::BitAnd: return "AND";
    case Op::BitOr: return "OR";
    case Op::BitEor: return "EOR";
    case Op::And: return "&&";
    case Op::Or: return "||";
    case Op::Eq: return "==";
    case Op::Ne: return "!=";
    case Op::Lt: return "<";
    case Op::Le: return "<=";
    case Op::Gt: return ">";
    case Op::Ge: return ">=";
    case Op::Concat: return ":";
  }
  return "?";
}

std::string Type::describe() const {
  switch (kind) {
    case TypeKind::Void: return "void";
    case TypeKind::Boolean: return "boolean";
    case TypeKind::Integer: return "integer";
    case TypeKind::Real: return "real";
    case TypeKind::String: return "string";
    case TypeKind::Any: return "any";
    case TypeKind::Bits:
      if (fields && !fields->name.empty()) return fields->name;
      if (width >= 0) return "bits(" + std::to_string(width) + ")";
      if (width_expr) return "bits(" + expr_text(width_expr) + ")";
      return "bits(N)";
    case TypeKind::Enum:
      if (enum_type) return enum_type->name;
      return name.empty() ? "enumeration" : name;
    case TypeKind::Record:
      if (record_type) return record_type->name;
      return name.empty() ? "record" : name;
    case TypeKind::Named: return name;
    case TypeKind::Tuple: {
      std::string s = "(";
      for (size_t i = 0; i < elems.size(); ++i) {
        if (i) s += ", ";
        s += elems[i].describe();
      }
      return s + ")";
    }
    case TypeKind::Array:
      return "array [" + expr_text(array_lo) + ".." + expr_text(array_hi) + "] of " +
             (element ? element->describe() : std::string("?"));
  }
  return "?";
}

uint32_t SourceSet::add(std::string name, std::string text) {
  files_.push_back(File{std::move(name), std::move(text)});
  return static_cast<uint32_t>(files_.size() - 1);
}

SourceLocation SourceSet::location(const Loc& loc) const {
  SourceLocation where;
  if (loc.file >= files_.size()) return where;
  where.file = files_[loc.file].name;
  where.line = static_cast<int>(loc.line);
  where.col = static_cast<int>(loc.col);
  where.text = line_text(loc);
  return where;
}

std::string SourceSet::line_text(const Loc& loc) const {
  if (loc.file >= files_.size() || loc.line == 0) return {};
  const std::string& t = files_[loc.file].text;
  size_t p = 0;
  for (uint32_t l = 1; l < loc.line; ++l) {
    size_t nl = t.find('\n', p);
    if (nl == std::string::npos) return {};
    p = nl + 1;
  }
  size_t e = t.find('\n', p);
  if (e == std::string::npos) e = t.size();
  if (e > p && t[e - 1] == '\r') --e;
  return t.substr(p, e - p);
}

}  // namespace mlisa::spec
