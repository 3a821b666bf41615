#include "spec/checker.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <functional>
#include <unordered_map>

namespace mlisa::spec {

bool is_implicit_name(const std::string& name) {
  return name.rfind("FEAT_", 0) == 0 || name.rfind("Decode_", 0) == 0;
}

namespace {

bool is_constant_expr(const Expr& e) { return e.kind == ExprKind::Literal || e.ref == RefKind::Constant; }

// Folds integer arithmetic over literals, constants and the given bindings.
bool fold(const Expr& e, const std::unordered_map<std::string, Int>* env, Int* out) {
  switch (e.kind) {
    case ExprKind::Literal:
      if (e.literal.kind() != ValueKind::Integer) return false;
      *out = e.literal.as_int();
      return true;
    case ExprKind::Name:
      if (e.ref == RefKind::Constant && e.literal.kind() == ValueKind::Integer) {
        *out = e.literal.as_int();
        return true;
      }
      if (env) {
        auto it = env->find(e.name);
        if (it != env->end()) {
          *out = it->second;
          return true;
        }
      }
      return false;
    case ExprKind::Unary: {
      Int v;
      if (e.op != Op::Neg || !fold(*e.args[0], env, &v)) return false;
      *out = -v;
      return true;
    }
    case ExprKind::Binary: {
      Int a, b;
      if (!fold(*e.args[0], env, &a) || !fold(*e.args[1], env, &b)) return false;
      switch (e.op) {
        case Op::Add: *out = a + b; return true;
        case Op::Sub: *out = a - b; return true;
        case Op::Mul: *out = a * b; return true;
        case Op::IntDiv:
          if (b == 0) return false;
          *out = (a / b) - ((a % b != 0) && ((a < 0) != (b < 0)));
          return true;
        case Op::Pow:
          if (b < 0 || b > 126) return false;
          *out = 1;
          for (Int i = 0; i < b; ++i) *out *= a;
          return true;
        default: return false;
      }
    }
    default: return false;
  }
}

}  // namespace

bool fold_integer(const Expr& e, Int* out) { return fold(e, nullptr, out); }

struct Symbol {
  RefKind ref = RefKind::Unresolved;
  int32_t slot = -1;
  Type type;
  Value constant;
  bool is_constant = false;
};

struct Checker::Impl {
  Module& module;
  const SourceSet& sources;
  const BuiltinTable& builtins;

  std::unordered_map<std::string, Symbol> globals;  // globals, constants, enum members
  std::unordered_multimap<std::string, FunctionDecl*> functions;
  std::unordered_map<std::string, Type> types;

  // Local scopes of the frame being checked; scopes[0] holds the frame-level
  // names (parameters, encoding fields, implicitly declared variables).
  std::vector<std::unordered_map<std::string, Symbol>> scopes;
  int32_t next_slot = 0;
  const FunctionDecl* current = nullptr;  // null for instruction blocks and eval

  Impl(Module& m, const SourceSet& s, const BuiltinTable& b) : module(m), sources(s), builtins(b) {}

  [[noreturn]] void error(const Loc& loc, const std::string& msg) const {
    throw InputError(sources.location(loc), msg);
  }

  // ---- names -------------------------------------------------------------

  Symbol* lookup_local(const std::string& name) {
    for (auto it = scopes.rbegin(); it != scopes.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) return &f->second;
    }
    return nullptr;
  }

  Symbol* lookup(const std::string& name) {
    if (Symbol* s = lookup_local(name)) return s;
    auto g = globals.find(name);
    return g == globals.end() ? nullptr : &g->second;
  }

  int32_t declare_local(const std::string& name, const Type& type, bool is_constant, const Loc& loc,
                        size_t scope_index) {
    auto& scope = scopes.at(scope_index);
    if (scope.count(name)) error(loc, fmt::format("'{}' is already declared in this scope", name));
    Symbol s;
    s.ref = RefKind::Local;
    s.slot = next_slot++;
    s.type = type;
    s.is_constant = is_constant;
    scope.emplace(name, s);
    return s.slot;
  }

  int32_t declare_here(const std::string& name, const Type& type, bool is_constant, const Loc& loc) {
    return declare_local(name, type, is_constant, loc, scopes.size() - 1);
  }

  // ---- types -------------------------------------------------------------

  void resolve_type(Type& t, const Loc& loc) {
    switch (t.kind) {
      case TypeKind::Named: {
        auto it = types.find(t.name);
        if (it == types.end()) error(loc, fmt::format("unknown type '{}'", t.name));
        t = it->second;
        return;
      }
      case TypeKind::Bits:
        if (t.width_expr) {
          expr(t.width_expr);
          if (t.width_expr->type.kind != TypeKind::Integer && t.width_expr->type.kind != TypeKind::Any)
            error(t.width_expr->loc, "the width of a bits type must be an integer");
          Int w;
          t.width = fold_integer(*t.width_expr, &w) ? static_cast<int32_t>(w) : -1;
          if (t.width_expr && fold_integer(*t.width_expr, &w) && (w < 0 || w > Bits::kMaxWidth))
            error(t.width_expr->loc, fmt::format("bits width {} is out of range", int_to_string(w)));
        } else if (t.width < 0) {
          t.width = 1;  // `bit`
        }
        return;
      case TypeKind::Tuple:
        for (auto& e : t.elems) resolve_type(e, loc);
        return;
      case TypeKind::Array:
        if (t.element) resolve_type(*t.element, loc);
        if (t.array_lo) expr(t.array_lo);
        if (t.array_hi) expr(t.array_hi);
        return;
      default: return;
    }
  }

  // Builtins name the target's enumerations (FPRounding, FPType); a target
  // that does not declare them gets an untyped value.
  void resolve_builtin_type(Type& t) {
    if (t.kind == TypeKind::Named) {
      auto it = types.find(t.name);
      t = it != types.end() ? it->second : Type::of(TypeKind::Any);
    }
    for (Type& e : t.elems) resolve_builtin_type(e);
  }

  static bool same_kind(const Type& a, const Type& b) {
    return a.kind == b.kind || a.kind == TypeKind::Any || b.kind == TypeKind::Any;
  }

  void check_assignable(const Type& to, const Type& from, const Loc& loc, const char* what) {
    if (to.kind == TypeKind::Any || from.kind == TypeKind::Any) return;
    if (to.kind == TypeKind::Tuple && from.kind == TypeKind::Tuple) {
      if (to.elems.size() != from.elems.size())
        error(loc, fmt::format("{}: a tuple of {} values for a tuple of {}", what, from.elems.size(),
                               to.elems.size()));
      for (size_t i = 0; i < to.elems.size(); ++i) check_assignable(to.elems[i], from.elems[i], loc, what);
      return;
    }
    if (to.kind != from.kind)
      error(loc, fmt::format("{}: {} value where {} is expected", what, from.describe(), to.describe()));
    if (to.kind == TypeKind::Bits && to.width >= 0 && from.width >= 0 && to.width != from.width)
      error(loc, fmt::format("{}: width mismatch, bits({}) value where bits({}) is expected", what, from.width,
                             to.width));
    if (to.kind == TypeKind::Enum && to.enum_type && from.enum_type && to.enum_type != from.enum_type)
      error(loc, fmt::format("{}: {} value where {} is expected", what, from.describe(), to.describe()));
  }

  // ---- module ------------------------------------------------------------

  void register_declarations() {
    for (const EnumType* en : module.enums) {
      Type t = Type::of(TypeKind::Enum);
      t.enum_type = en;
      t.name = en->name;
      types[en->name] = t;
      for (uint32_t i = 0; i < en->members.size(); ++i) {
        Symbol s;
        s.ref = RefKind::EnumMember;
        s.type = t;
        s.constant = Value::enumeration(en, i);
        s.is_constant = true;
        globals[en->members[i]] = s;
      }
    }
    for (const RecordType* r : module.records) {
      Type t = Type::of(TypeKind::Record);
      t.record_type = r;
      t.name = r->name;
      types[r->name] = t;
    }
    for (const BitfieldType* b : module.bitfield_types) {
      Type t = Type::bits(static_cast<int32_t>(b->width));
      t.fields = b;
      t.name = b->name;
      types[b->name] = t;
    }
    for (auto& [name, t] : module.type_aliases) types[name] = t;
    for (auto& [name, t] : types) resolve_type(t, Loc{});
    // Record field types may name other types.
    for (const RecordType* r : module.records) {
      auto* rr = const_cast<RecordType*>(r);
      for (auto& ft : rr->field_types) resolve_type(ft, Loc{});
    }
    for (FunctionDecl* f : module.functions) {
      functions.emplace(f->name, f);
      // A call may come before its callee is checked (a file read earlier
      // calls a function of a later one): the callee's signature must
      // already name its types.
      for (Param& p : f->params) resolve_names(p.type);
      resolve_names(f->value.type);
      resolve_names(f->return_type);
    }
  }

  // The named types in t resolved (an unknown name is left for resolve_type to report).
  void resolve_names(Type& t) {
    if (t.kind == TypeKind::Named) {
      if (auto it = types.find(t.name); it != types.end()) t = it->second;
      return;
    }
    for (Type& e : t.elems) resolve_names(e);
    if (t.element) resolve_names(*t.element);
  }

  // What a global's name refers to: a folded constant, or a slot in the global frame.
  static Symbol global_symbol(const GlobalDecl& g) {
    Symbol s;
    s.type = g.type;
    s.is_constant = g.is_constant;
    Int v;
    if (g.is_constant && g.init && is_constant_expr(*g.init)) {
      s.ref = RefKind::Constant;
      s.constant = g.init->literal;
    } else if (g.is_constant && g.init && fold_integer(*g.init, &v)) {
      s.ref = RefKind::Constant;
      s.constant = Value::integer(v);
    } else {
      s.ref = RefKind::Global;
      s.slot = g.slot;
    }
    return s;
  }

  void check_globals() {
    scopes.clear();
    int32_t slot = 0;
    for (GlobalDecl& g : module.globals) {
      resolve_type(g.type, g.loc);
      if (g.init) {
        expr(g.init);
        if (g.type.kind == TypeKind::Any || g.type.kind == TypeKind::Void) g.type = g.init->type;
        check_assignable(g.type, g.init->type, g.init->loc, "initialiser");
      }
      if (globals.count(g.name)) error(g.loc, fmt::format("'{}' is already declared", g.name));
      g.slot = slot++;
      globals[g.name] = global_symbol(g);
    }
  }

  // The module-level names, for checking code after check_module.
  void load_module_names() {
    register_declarations();
    for (const GlobalDecl& g : module.globals) globals[g.name] = global_symbol(g);
  }

  // A fresh frame-level scope.
  void begin_frame() {
    scopes.assign(1, {});
    next_slot = 0;
    current = nullptr;
  }

  void check_function(FunctionDecl& f) {
    scopes.assign(1, {});
    next_slot = 0;
    current = &f;
    for (auto& [name, slot] : f.width_vars) slot = declare_here(name, Type::of(TypeKind::Integer), true, f.loc);
    // Integer parameters first, so that bits(N) of other parameters can name them.
    for (Param& p : f.params) p.slot = declare_here(p.name, Type::of(TypeKind::Any), false, f.loc);
    for (Param& p : f.params) {
      resolve_type(p.type, f.loc);
      scopes[0][p.name].type = p.type;
    }
    if (f.kind == FunctionKind::Setter) {
      f.value.slot = declare_here(f.value.name, Type::of(TypeKind::Any), false, f.loc);
      resolve_type(f.value.type, f.loc);
      scopes[0][f.value.name].type = f.value.type;
    }
    resolve_type(f.return_type, f.loc);
    if (f.has_body) block(f.body);
    f.frame_size = next_slot;
    current = nullptr;
  }

  // ---- expressions -------------------------------------------------------

  void exprs(std::vector<Expr*>& es) {
    for (Expr* e : es) expr(e);
  }

  void expect_kind(const Expr* e, TypeKind k, const char* what) {
    if (e->type.kind != k && e->type.kind != TypeKind::Any)
      error(e->loc, fmt::format("{} must be {}, not {}", what, Type::of(k).describe(), e->type.describe()));
  }

  // The result type of a pseudocode function at a call with these arguments:
  // widths bound from argument widths and constant integer arguments.
  Type call_result(const FunctionDecl& f, const std::vector<Expr*>& args) {
    Type t = f.return_type;
    std::unordered_map<std::string, Int> env;
    for (size_t i = 0; i < f.params.size() && i < args.size(); ++i) {
      const Param& p = f.params[i];
      const Type& at = args[i]->type;
      if (const std::string* n = p.type.width_name(); n && at.width >= 0) env[*n] = at.width;
      Int v;
      if (p.type.kind == TypeKind::Integer && fold_integer(*args[i], &v)) env[p.name] = v;
    }
    std::function<void(Type&)> bind = [&](Type& ty) {
      if (ty.is_bits() && ty.width < 0 && ty.width_expr) {
        Int w;
        if (fold(*ty.width_expr, &env, &w)) ty.width = static_cast<int32_t>(w);
      }
      for (auto& e : ty.elems) bind(e);
    };
    bind(t);
    // Check parameters against arguments where both widths are known.
    for (size_t i = 0; i < f.params.size() && i < args.size(); ++i) {
      Type pt = f.params[i].type;
      bind(pt);
      check_assignable(pt, args[i]->type, args[i]->loc, fmt::format("argument {} of {}", i + 1, f.name).c_str());
    }
    return t;
  }

  const FunctionDecl* find_function(const std::string& name, FunctionKind kind, size_t nargs) {
    auto range = functions.equal_range(name);
    for (auto it = range.first; it != range.second; ++it) {
      const FunctionDecl* f = it->second;
      const bool kind_ok = kind == FunctionKind::Function
                               ? (f->kind == FunctionKind::Function || f->kind == FunctionKind::Procedure)
                               : f->kind == kind;
      if (kind_ok && f->params.size() == nargs) return f;
    }
    return nullptr;
  }

  bool has_function_named(const std::string& name) { return functions.count(name) != 0; }

  // Resolves a call-like node (Call or Index) to a function or builtin.
  void resolve_call(Expr* e, FunctionKind fkind, BuiltinKind bkind, size_t nargs) {
    if (const FunctionDecl* f = find_function(e->name, fkind, nargs)) {
      // A prototype without body is implemented by a builtin of the same name.
      if (!f->has_body) {
        const int b = builtins.find(e->name, bkind, nargs);
        if (b < 0) error(e->loc, fmt::format("'{}' is declared but has no body and no builtin", e->name));
        e->ref = RefKind::Builtin;
        e->builtin = b;
        e->type = call_result(*f, e->args);
        return;
      }
      e->ref = RefKind::Function;
      e->callee = f;
      e->type = call_result(*f, e->args);
      return;
    }
    const int b = builtins.find(e->name, bkind, nargs);
    if (b >= 0) {
      e->ref = RefKind::Builtin;
      e->builtin = b;
      const Builtin& bi = builtins.at(b);
      e->type = bi.result ? bi.result(e->args) : Type::of(TypeKind::Void);
      resolve_builtin_type(e->type);
      return;
    }
    if (has_function_named(e->name) || builtins.has_name(e->name))
      error(e->loc, fmt::format("no {} '{}' taking {} argument{}",
                                bkind == BuiltinKind::Function ? "function" : bkind == BuiltinKind::Getter ? "getter"
                                                                                                          : "setter",
                                e->name, nargs, nargs == 1 ? "" : "s"));
    error(e->loc, fmt::format("unknown {} '{}'",
                              bkind == BuiltinKind::Function ? "function" : bkind == BuiltinKind::Getter ? "getter"
                                                                                                        : "setter",
                              e->name));
  }

  void resolve_name(Expr* e) {
    if (e->name == "-") error(e->loc, "'-' may only discard a value on the left of an assignment");
    if (Symbol* s = lookup(e->name)) {
      e->ref = s->ref;
      e->slot = s->slot;
      e->type = s->type;
      if (s->ref == RefKind::Constant || s->ref == RefKind::EnumMember) e->literal = s->constant;
      return;
    }
    if (is_implicit_name(e->name)) {
      e->ref = RefKind::Constant;
      e->literal = Value::string(e->name);
      e->type = Type::of(TypeKind::String);
      return;
    }
    // A getter without parameters (`bits(32) PC`) is read by its bare name,
    // as the manuals write PC and SP: the node becomes a getter call.
    if (const FunctionDecl* g = find_function(e->name, FunctionKind::Getter, 0); g && g->params.empty()) {
      e->kind = ExprKind::Index;
      resolve_call(e, FunctionKind::Getter, BuiltinKind::Getter, 0);
      return;
    }
    // A function called without parentheses is not ASL; say so plainly.
    if (has_function_named(e->name) || builtins.has_name(e->name))
      error(e->loc, fmt::format("'{}' is a function; call it with ()", e->name));
    error(e->loc, fmt::format("unknown identifier '{}'", e->name));
  }

  Type slice_type(Expr* e) {
    int32_t total = 0;
    for (SliceRange& r : e->slices) {
      expr(r.hi);
      expect_kind(r.hi, TypeKind::Integer, "a slice bound");
      if (r.lo && r.lo != r.hi) {
        expr(r.lo);
        expect_kind(r.lo, TypeKind::Integer, "a slice bound");
      }
      Int hi, lo;
      int32_t w = -1;
      if (!r.lo || r.lo == r.hi) {  // x<i>: the parser gives hi and lo the same node
        w = 1;
      } else if (r.plus_width) {
        if (fold_integer(*r.lo, &lo)) w = static_cast<int32_t>(lo);
      } else if (fold_integer(*r.hi, &hi) && fold_integer(*r.lo, &lo)) {
        if (hi < lo) error(e->loc, fmt::format("slice <{}:{}> has its high bound below its low bound",
                                               int_to_string(hi), int_to_string(lo)));
        w = static_cast<int32_t>(hi - lo + 1);
      }
      if (w < 0 || total < 0) total = -1;
      else total += w;
    }
    return Type::bits(total);
  }

  void check_slice_base(Expr* e) {
    const Type& bt = e->args[0]->type;
    if (bt.kind == TypeKind::Integer) return;  // integer slices (x<3:0> of an integer) are allowed
    expect_kind(e->args[0], TypeKind::Bits, "a sliced value");
    if (bt.width < 0) return;
    for (const SliceRange& r : e->slices) {
      Int hi, lo;
      if (r.plus_width) {
        if (fold_integer(*r.hi, &lo) && r.lo && fold_integer(*r.lo, &hi) && lo + hi > bt.width)
          error(e->loc, fmt::format("slice beyond the {} bits of the value", bt.width));
      } else if (fold_integer(*r.hi, &hi) && hi >= bt.width) {
        error(e->loc, fmt::format("bit {} is beyond the {} bits of the value", int_to_string(hi), bt.width));
      }
    }
  }

  void field_type(Expr* e) {
    const Type& bt = e->args[0]->type;
    if (bt.kind == TypeKind::Record && bt.record_type) {
      const RecordType* r = bt.record_type;
      for (size_t i = 0; i < r->field_names.size(); ++i) {
        if (r->field_names[i] == e->name) {
          e->slot = static_cast<int32_t>(i);
          e->type = r->field_types[i];
          return;
        }
      }
      error(e->loc, fmt::format("{} has no field '{}'", bt.describe(), e->name));
    }
    if (bt.is_bits() && bt.fields) {
      const BitfieldType* b = bt.fields;
      for (size_t i = 0; i < b->fields.size(); ++i) {
        if (b->fields[i].name == e->name) {
          e->slot = static_cast<int32_t>(i);
          e->type = Type::bits(static_cast<int32_t>(b->fields[i].hi - b->fields[i].lo + 1));
          return;
        }
      }
      error(e->loc, fmt::format("{} has no field '{}'", bt.name, e->name));
    }
    if (bt.kind == TypeKind::Any) {
      e->type = Type::of(TypeKind::Any);
      return;
    }
    error(e->loc, fmt::format("{} has no fields", bt.describe()));
  }

  // base.<f1, f2, ...>: one resolved Field node per name joins args (after the
  // base), so that reading and writing need no lookup by name.
  void field_list(Expr* e) {
    e->args.resize(1);
    int32_t total = 0;
    for (const std::string& f : e->fields) {
      Expr* field = module.arena.expr();
      field->kind = ExprKind::Field;
      field->loc = e->loc;
      field->name = f;
      field->args = {e->args[0]};
      field_type(field);
      if (!field->type.is_bits()) error(e->loc, fmt::format("field '{}' is not bits", f));
      total = (total < 0 || field->type.width < 0) ? -1 : total + field->type.width;
      e->args.push_back(field);
    }
    e->type = Type::bits(total);
  }

  void binary_type(Expr* e) {
    Expr* a = e->args[0];
    Expr* b = e->args[1];
    const Type& ta = a->type;
    const Type& tb = b->type;
    auto mismatch = [&] {
      error(e->loc, fmt::format("operator {} cannot combine {} and {}", op_spelling(e->op), ta.describe(),
                                tb.describe()));
    };
    auto any = ta.kind == TypeKind::Any || tb.kind == TypeKind::Any;
    auto same_bits_width = [&] {
      if (ta.width >= 0 && tb.width >= 0 && ta.width != tb.width)
        error(e->loc, fmt::format("operator {}: width mismatch, bits({}) and bits({})", op_spelling(e->op),
                                  ta.width, tb.width));
    };
    switch (e->op) {
      case Op::Add:
      case Op::Sub:
      case Op::Mul:
        if (any) e->type = ta.kind == TypeKind::Any ? tb : ta;
        else if (ta.kind == TypeKind::Integer && tb.kind == TypeKind::Integer) e->type = ta;
        else if (ta.kind == TypeKind::Real && tb.kind == TypeKind::Real) e->type = ta;
        else if (ta.is_bits() && tb.is_bits()) {
          same_bits_width();
          e->type = Type::bits(ta.width >= 0 ? ta.width : tb.width);
        } else if (ta.is_bits() && tb.kind == TypeKind::Integer) e->type = Type::bits(ta.width);
        else mismatch();
        return;
      case Op::Div:
        if (ta.kind == TypeKind::Real || tb.kind == TypeKind::Real) e->type = Type::of(TypeKind::Real);
        else if ((ta.kind == TypeKind::Integer || any) && (tb.kind == TypeKind::Integer || any))
          e->type = Type::of(TypeKind::Integer);
        else mismatch();
        return;
      case Op::IntDiv:
      case Op::Mod:
      case Op::Rem:
        if (!((ta.kind == TypeKind::Integer || ta.kind == TypeKind::Any) &&
              (tb.kind == TypeKind::Integer || tb.kind == TypeKind::Any)))
          mismatch();
        e->type = Type::of(TypeKind::Integer);
        return;
      case Op::Pow:
        if (ta.kind == TypeKind::Real) e->type = ta;
        else if (ta.kind == TypeKind::Integer || ta.kind == TypeKind::Any) e->type = Type::of(TypeKind::Integer);
        else mismatch();
        return;
      case Op::Shl:
      case Op::Shr:
        if (tb.kind != TypeKind::Integer && tb.kind != TypeKind::Any) mismatch();
        if (ta.is_bits()) e->type = Type::bits(ta.width);
        else if (ta.kind == TypeKind::Integer || ta.kind == TypeKind::Any) e->type = ta;
        else mismatch();
        return;
      case Op::BitAnd:
      case Op::BitOr:
      case Op::BitEor:
        if (ta.kind == TypeKind::Boolean && tb.kind == TypeKind::Boolean) e->type = ta;
        else if (any) e->type = ta.kind == TypeKind::Any ? tb : ta;
        else if (ta.is_bits() && tb.is_bits()) {
          same_bits_width();
          e->type = Type::bits(ta.width >= 0 ? ta.width : tb.width);
        } else mismatch();
        return;
      case Op::And:
      case Op::Or:
        expect_kind(a, TypeKind::Boolean, "an operand of && and ||");
        expect_kind(b, TypeKind::Boolean, "an operand of && and ||");
        e->type = Type::of(TypeKind::Boolean);
        return;
      case Op::Eq:
      case Op::Ne:
        if (b->kind == ExprKind::Pattern) {
          expect_kind(a, TypeKind::Bits, "a value compared with a bit pattern");
          if (ta.width >= 0 && static_cast<int32_t>(b->pattern.value.width()) != ta.width)
            error(e->loc, fmt::format("comparison of bits({}) with a {}-bit pattern", ta.width,
                                      b->pattern.value.width()));
        } else if (!same_kind(ta, tb)) {
          mismatch();
        } else if (ta.is_bits()) {
          same_bits_width();
        }
        e->type = Type::of(TypeKind::Boolean);
        return;
      case Op::Lt:
      case Op::Le:
      case Op::Gt:
      case Op::Ge:
        if (!same_kind(ta, tb) || !(ta.kind == TypeKind::Integer || ta.kind == TypeKind::Real || any)) mismatch();
        e->type = Type::of(TypeKind::Boolean);
        return;
      case Op::Concat:
        if (!(ta.is_bits() || ta.kind == TypeKind::Any) || !(tb.is_bits() || tb.kind == TypeKind::Any)) mismatch();
        e->type = Type::bits(ta.width >= 0 && tb.width >= 0 ? ta.width + tb.width : -1);
        return;
      default: error(e->loc, "unexpected binary operator");
    }
  }

  void set_element(Expr* p, const Type& subject) {
    if (p->kind == ExprKind::Pattern) {
      if (!(subject.is_bits() || subject.kind == TypeKind::Any))
        error(p->loc, fmt::format("a bit pattern cannot match {}", subject.describe()));
      if (subject.width >= 0 && static_cast<int32_t>(p->pattern.value.width()) != subject.width)
        error(p->loc, fmt::format("a {}-bit pattern cannot match bits({})", p->pattern.value.width(), subject.width));
      p->type = Type::bits(static_cast<int32_t>(p->pattern.value.width()));
      return;
    }
    if (p->kind == ExprKind::Range) {
      exprs(p->args);
      expect_kind(p->args[0], TypeKind::Integer, "a range bound");
      expect_kind(p->args[1], TypeKind::Integer, "a range bound");
      p->type = Type::of(TypeKind::Integer);
      if (subject.kind != TypeKind::Integer && subject.kind != TypeKind::Any)
        error(p->loc, fmt::format("an integer range cannot match {}", subject.describe()));
      return;
    }
    expr(p);
    check_assignable(subject, p->type, p->loc, "set element");
  }

  void expr(Expr* e) {
    switch (e->kind) {
      case ExprKind::Literal:
        switch (e->literal.kind()) {
          case ValueKind::Integer: e->type = Type::of(TypeKind::Integer); break;
          case ValueKind::Boolean: e->type = Type::of(TypeKind::Boolean); break;
          case ValueKind::Real: e->type = Type::of(TypeKind::Real); break;
          case ValueKind::String: e->type = Type::of(TypeKind::String); break;
          case ValueKind::Bits: e->type = Type::bits(static_cast<int32_t>(e->literal.as_bits().width())); break;
          default: e->type = Type::of(TypeKind::Any); break;
        }
        return;
      case ExprKind::Pattern:
        error(e->loc, "a bit pattern with 'x' may only appear after IN, ==, != or in a case label");
      case ExprKind::Name: resolve_name(e); return;
      case ExprKind::Call:
        exprs(e->args);
        resolve_call(e, FunctionKind::Function, BuiltinKind::Function, e->args.size());
        return;
      case ExprKind::Index: {
        Symbol* s = lookup(e->name);
        exprs(e->args);
        if (s && s->type.kind == TypeKind::Array) {
          if (e->args.size() != 1) error(e->loc, fmt::format("array '{}' takes one index", e->name));
          expect_kind(e->args[0], TypeKind::Integer, "an array index");
          e->ref = s->ref;
          e->slot = s->slot;
          e->type = s->type.element ? *s->type.element : Type::of(TypeKind::Any);
          return;
        }
        resolve_call(e, FunctionKind::Getter, BuiltinKind::Getter, e->args.size());
        return;
      }
      case ExprKind::Field:
        expr(e->args[0]);
        field_type(e);
        return;
      case ExprKind::FieldList:
        expr(e->args[0]);
        field_list(e);
        return;
      case ExprKind::Slice:
        expr(e->args[0]);
        e->type = slice_type(e);
        check_slice_base(e);
        return;
      case ExprKind::Unary:
        expr(e->args[0]);
        switch (e->op) {
          case Op::Neg:
            if (!(e->args[0]->type.kind == TypeKind::Integer || e->args[0]->type.kind == TypeKind::Real ||
                  e->args[0]->type.is_bits() || e->args[0]->type.kind == TypeKind::Any))
              error(e->loc, fmt::format("cannot negate {}", e->args[0]->type.describe()));
            e->type = e->args[0]->type;
            return;
          case Op::Not:
            expect_kind(e->args[0], TypeKind::Boolean, "the operand of !");
            e->type = Type::of(TypeKind::Boolean);
            return;
          case Op::BitNot:
            if (e->args[0]->type.kind == TypeKind::Boolean) {
              e->type = e->args[0]->type;
              return;
            }
            expect_kind(e->args[0], TypeKind::Bits, "the operand of NOT");
            e->type = e->args[0]->type;
            e->type.fields = nullptr;
            return;
          default: error(e->loc, "unexpected unary operator");
        }
      case ExprKind::Binary:
        expr(e->args[0]);
        if (e->args[1]->kind != ExprKind::Pattern) expr(e->args[1]);
        binary_type(e);
        return;
      case ExprKind::In:
        expr(e->args[0]);
        for (size_t i = 1; i < e->args.size(); ++i) set_element(e->args[i], e->args[0]->type);
        e->type = Type::of(TypeKind::Boolean);
        return;
      case ExprKind::Range: error(e->loc, "a range may only appear in a set after IN or in a case label");
      case ExprKind::IfThenElse:
        exprs(e->args);
        expect_kind(e->args[0], TypeKind::Boolean, "the condition of an if expression");
        check_assignable(e->args[1]->type, e->args[2]->type, e->args[2]->loc, "the else value");
        e->type = e->args[1]->type.kind == TypeKind::Any ? e->args[2]->type : e->args[1]->type;
        if (e->type.is_bits() && e->args[2]->type.width != e->type.width) e->type.width = -1;
        return;
      case ExprKind::Tuple: {
        exprs(e->args);
        Type t = Type::of(TypeKind::Tuple);
        for (Expr* a : e->args) t.elems.push_back(a->type);
        e->type = t;
        return;
      }
      case ExprKind::Unknown:
        resolve_type(e->type, e->loc);
        return;
    }
  }

  // ---- l-values ------------------------------------------------------------

  // Checks an assignment target; undeclared names are declared at frame level
  // with the type of the value (the Armv8-M manual's implicit declarations).
  void lvalue(Expr* e, const Type& value_type) {
    switch (e->kind) {
      case ExprKind::Name: {
        if (e->name == "-") {
          e->ref = RefKind::Discard;
          e->type = value_type;
          return;
        }
        Symbol* s = lookup(e->name);
        if (!s) {
          if (value_type.kind == TypeKind::Void) error(e->loc, "cannot assign the result of a procedure");
          Type t = value_type;
          t.width_expr = nullptr;
          e->ref = RefKind::Local;
          e->slot = declare_local(e->name, t, false, e->loc, 0);
          e->type = t;
          return;
        }
        if (s->ref != RefKind::Local && s->ref != RefKind::Global)
          error(e->loc, fmt::format("cannot assign to '{}'", e->name));
        if (s->is_constant) error(e->loc, fmt::format("cannot assign to constant '{}'", e->name));
        e->ref = s->ref;
        e->slot = s->slot;
        e->type = s->type;
        check_assignable(e->type, value_type, e->loc, "assignment");
        return;
      }
      case ExprKind::Slice:
        lvalue_base(e->args[0]);
        e->type = slice_type(e);
        check_slice_base(e);
        check_assignable(e->type, value_type, e->loc, "assignment");
        return;
      case ExprKind::Field:
        lvalue_base(e->args[0]);
        field_type(e);
        check_assignable(e->type, value_type, e->loc, "assignment");
        return;
      case ExprKind::FieldList:
        lvalue_base(e->args[0]);
        field_list(e);
        check_assignable(e->type, value_type, e->loc, "assignment");
        return;
      case ExprKind::Index: {
        exprs(e->args);
        Symbol* s = lookup(e->name);
        if (s && s->type.kind == TypeKind::Array) {
          if (e->args.size() != 1) error(e->loc, fmt::format("array '{}' takes one index", e->name));
          if (s->is_constant) error(e->loc, fmt::format("cannot assign to constant '{}'", e->name));
          e->ref = s->ref;
          e->slot = s->slot;
          e->type = s->type.element ? *s->type.element : Type::of(TypeKind::Any);
          check_assignable(e->type, value_type, e->loc, "assignment");
          return;
        }
        // A setter: its arguments, then the value.
        const size_t nargs = e->args.size();
        if (const FunctionDecl* f = find_function(e->name, FunctionKind::Setter, nargs)) {
          e->ref = f->has_body ? RefKind::Function : RefKind::Builtin;
          e->callee = f->has_body ? f : nullptr;
          if (!f->has_body) {
            e->builtin = builtins.find(e->name, BuiltinKind::Setter, nargs + 1);
            if (e->builtin < 0) error(e->loc, fmt::format("setter '{}' has no body and no builtin", e->name));
          }
          call_result(*f, e->args);
          e->type = f->value.type;
        } else {
          const int b = builtins.find(e->name, BuiltinKind::Setter, nargs + 1);
          if (b < 0) {
            if (find_function(e->name, FunctionKind::Getter, nargs) || builtins.find(e->name, BuiltinKind::Getter, nargs) >= 0)
              error(e->loc, fmt::format("'{}' has a getter but no setter", e->name));
            error(e->loc, fmt::format("unknown setter '{}'", e->name));
          }
          e->ref = RefKind::Builtin;
          e->builtin = b;
          e->type = Type::of(TypeKind::Any);
          if (builtins.at(b).writes_first_arg && nargs > 0) lvalue_base(e->args[0]);
        }
        if (e->callee) check_assignable(e->type, value_type, e->loc, "assignment");
        return;
      }
      case ExprKind::Tuple: {
        if (value_type.kind != TypeKind::Tuple && value_type.kind != TypeKind::Any)
          error(e->loc, fmt::format("a tuple cannot take a {} value", value_type.describe()));
        if (value_type.kind == TypeKind::Tuple && value_type.elems.size() != e->args.size())
          error(e->loc, fmt::format("a tuple of {} targets for a tuple of {} values", e->args.size(),
                                    value_type.elems.size()));
        Type t = Type::of(TypeKind::Tuple);
        for (size_t i = 0; i < e->args.size(); ++i) {
          lvalue(e->args[i], value_type.kind == TypeKind::Tuple ? value_type.elems[i] : Type::of(TypeKind::Any));
          t.elems.push_back(e->args[i]->type);
        }
        e->type = t;
        return;
      }
      default: error(e->loc, "this expression cannot be assigned to");
    }
  }

  // The base of a partial assignment (x<3:0> = ..., x.f = ...) must exist.
  void lvalue_base(Expr* e) {
    switch (e->kind) {
      case ExprKind::Name: {
        Symbol* s = lookup(e->name);
        if (!s) error(e->loc, fmt::format("unknown identifier '{}'", e->name));
        if (s->ref != RefKind::Local && s->ref != RefKind::Global)
          error(e->loc, fmt::format("cannot assign to '{}'", e->name));
        if (s->is_constant) error(e->loc, fmt::format("cannot assign to constant '{}'", e->name));
        e->ref = s->ref;
        e->slot = s->slot;
        e->type = s->type;
        return;
      }
      case ExprKind::Slice:
        lvalue_base(e->args[0]);
        e->type = slice_type(e);
        return;
      case ExprKind::Field:
        lvalue_base(e->args[0]);
        field_type(e);
        return;
      case ExprKind::Index: lvalue(e, Type::of(TypeKind::Any)); return;
      default: error(e->loc, "this expression cannot be assigned to");
    }
  }

  // ---- statements ----------------------------------------------------------

  void block(Block& b) {
    scopes.emplace_back();
    for (Stmt* s : b) stmt(s);
    scopes.pop_back();
  }

  void stmt(Stmt* s) {
    switch (s->kind) {
      case StmtKind::VarDecl: var_decl(s); return;
      case StmtKind::Assign:
        if (s->value->kind == ExprKind::Pattern) error(s->value->loc, "a bit pattern with 'x' cannot be assigned");
        expr(s->value);
        lvalue(s->target, s->value->type);
        return;
      case StmtKind::Call:
        if (s->value->kind != ExprKind::Call) error(s->loc, "a statement expression must be a call");
        expr(s->value);
        return;
      case StmtKind::If:
        for (size_t i = 0; i < s->blocks.size(); ++i) {
          if (i < s->conds.size()) {
            expr(s->conds[i]);
            expect_kind(s->conds[i], TypeKind::Boolean, "an if condition");
          }
          block(s->blocks[i]);
        }
        return;
      case StmtKind::Case:
        expr(s->value);
        for (size_t i = 0; i < s->blocks.size(); ++i) {
          if (i < s->labels.size())
            for (Expr* l : s->labels[i]) set_element(l, s->value->type);
          block(s->blocks[i]);
        }
        return;
      case StmtKind::For:
        expr(s->from);
        expr(s->to);
        expect_kind(s->from, TypeKind::Integer, "a for-loop bound");
        expect_kind(s->to, TypeKind::Integer, "a for-loop bound");
        scopes.emplace_back();
        s->var_slot = declare_here(s->var, Type::of(TypeKind::Integer), false, s->loc);
        block(s->body);
        scopes.pop_back();
        return;
      case StmtKind::While:
        expr(s->value);
        expect_kind(s->value, TypeKind::Boolean, "a while condition");
        block(s->body);
        return;
      case StmtKind::Repeat:
        // The condition sees the body's variables.
        scopes.emplace_back();
        for (Stmt* b : s->body) stmt(b);
        expr(s->value);
        expect_kind(s->value, TypeKind::Boolean, "an until condition");
        scopes.pop_back();
        return;
      case StmtKind::Return:
        if (s->value) {
          expr(s->value);
          if (current) {
            if (current->return_type.kind == TypeKind::Void)
              error(s->loc, fmt::format("procedure '{}' cannot return a value", current->name));
            check_assignable(current->return_type, s->value->type, s->value->loc, "return value");
          }
        } else if (current && current->return_type.kind != TypeKind::Void) {
          error(s->loc, fmt::format("function '{}' must return a {} value", current->name,
                                    current->return_type.describe()));
        }
        return;
      case StmtKind::Assert:
        expr(s->value);
        expect_kind(s->value, TypeKind::Boolean, "an assertion");
        return;
      case StmtKind::See:
      case StmtKind::ImplDefined:
        if (s->value && s->value->kind == ExprKind::Literal) expr(s->value);
        return;
      case StmtKind::Throw:
        if (s->value) expr(s->value);
        return;
      case StmtKind::Undefined:
      case StmtKind::Unpredictable:
      case StmtKind::ConstrainedUnpredictable: return;
    }
  }

  void var_decl(Stmt* s) {
    Type& t = s->decl_type;
    const bool inferred = t.kind == TypeKind::Any || t.kind == TypeKind::Void;
    if (!inferred) resolve_type(t, s->loc);
    s->slots.clear();
    if (t.kind == TypeKind::Tuple && s->names.size() > 1) {
      // The parser keeps a typed tuple declaration's initialiser in `value`.
      Expr* init = s->value;
      for (Expr* i : s->inits)
        if (!init && i) init = i;
      if (init) {
        expr(init);
        check_assignable(t, init->type, init->loc, "initialiser");
      }
      if (t.elems.size() != s->names.size())
        error(s->loc, fmt::format("{} names for a tuple of {} types", s->names.size(), t.elems.size()));
      for (size_t i = 0; i < s->names.size(); ++i)
        s->slots.push_back(s->names[i] == "-" ? -1 : declare_here(s->names[i], t.elems[i], s->is_constant, s->loc));
      return;
    }
    for (size_t i = 0; i < s->names.size(); ++i) {
      Expr* init = i < s->inits.size() ? s->inits[i] : nullptr;
      Type vt = t;
      if (init) {
        if (init->kind == ExprKind::Pattern) error(init->loc, "a bit pattern with 'x' cannot initialise a variable");
        expr(init);
        if (inferred) vt = init->type;
        else check_assignable(t, init->type, init->loc, "initialiser");
      } else if (inferred) {
        error(s->loc, fmt::format("'{}' needs a type or an initial value", s->names[i]));
      } else if (s->is_constant) {
        error(s->loc, fmt::format("constant '{}' needs a value", s->names[i]));
      }
      if (inferred) t = vt;
      s->slots.push_back(declare_here(s->names[i], vt, s->is_constant, s->loc));
    }
  }
};

Checker::Checker(Module& module, const SourceSet& sources, const BuiltinTable& builtins)
    : module_(module), sources_(sources), builtins_(builtins) {}

void Checker::check_module() {
  Impl impl(module_, sources_, builtins_);
  impl.register_declarations();
  impl.check_globals();
  for (FunctionDecl* f : module_.functions) impl.check_function(*f);
  module_.checked = true;
}

Checker::~Checker() = default;

// The module-level names, built once for the many blocks of a target (one per
// encoding) and again only if the module has grown since.
Checker::Impl& Checker::names() {
  if (!module_.checked) check_module();
  const size_t stamp = module_.functions.size() + module_.globals.size() + module_.enums.size() +
                       module_.records.size() + module_.bitfield_types.size() + module_.type_aliases.size();
  if (!names_ || names_stamp_ != stamp) {
    names_ = std::make_unique<Impl>(module_, sources_, builtins_);
    names_->load_module_names();
    names_stamp_ = stamp;
  }
  names_->begin_frame();
  return *names_;
}

int32_t Checker::check_blocks(const std::vector<std::pair<std::string, Type>>& predeclared,
                              const std::vector<Block*>& blocks) {
  Impl& impl = names();
  for (const auto& [name, type] : predeclared) {
    Type t = type;
    impl.resolve_type(t, Loc{});
    impl.declare_here(name, t, false, Loc{});
  }
  // The blocks share the frame-level scope: decode variables reach the operation.
  for (Block* b : blocks)
    for (Stmt* s : *b) impl.stmt(s);
  return impl.next_slot;
}

int32_t Checker::check_eval(EvalProgram& program) {
  Impl& impl = names();
  for (Stmt* s : program.block) impl.stmt(s);
  if (program.result) impl.expr(program.result);
  return impl.next_slot;
}

}  // namespace mlisa::spec
