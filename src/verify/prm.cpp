#include "verify/prm.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>
#include <cctype>
#include <sstream>
#include <tuple>

namespace mlisa::verify::prm {

using spec::Block;
using spec::Expr;
using spec::ExprKind;
using spec::FunctionDecl;
using spec::FunctionKind;
using spec::Loc;
using spec::Op;
using spec::RefKind;
using spec::Stmt;
using spec::StmtKind;
using spec::TypeKind;
using spec::ValueKind;

// ---------------------------------------------------------------------------
// Small types

std::string Index::text() const {
  switch (kind) {
    case Kind::None: return "";
    case Kind::Field: {
      std::string s;
      for (const auto& f : fields) s += (s.empty() ? "" : ":") + f;
      if (scale != 1) s = fmt::format("{}*{}", s, scale);
      if (offset > 0) s += fmt::format("+{}", offset);
      if (offset < 0) s += fmt::format("{}", offset);
      return s;
    }
    case Kind::Fixed: return fmt::format("{}", lo);
    case Kind::Range: return fmt::format("{}..{}", lo, hi);
    case Kind::Whole: return "*";
  }
  return "";
}

bool Index::operator<(const Index& o) const {
  return std::tie(kind, fields, scale, offset, lo, hi) < std::tie(o.kind, o.fields, o.scale, o.offset, o.lo, o.hi);
}

std::string Guard::text() const {
  if (values.size() == 1) return fmt::format("{}{}{}", field, negated ? "!=" : "=", values[0]);
  std::string v;
  for (int64_t x : values) v += (v.empty() ? "" : ",") + std::to_string(x);
  return fmt::format("{} {}in {{{}}}", field, negated ? "not " : "", v);
}

bool Guard::holds(int64_t v) const {
  const bool in = std::find(values.begin(), values.end(), v) != values.end();
  return negated ? !in : in;
}

bool Guard::operator<(const Guard& o) const {
  return std::tie(field, values, negated) < std::tie(o.field, o.values, o.negated);
}

std::string Access::text() const {
  std::string s = cls;
  if (index.kind != Index::Kind::None) s += "[" + index.text() + "]";
  for (size_t i = 0; i < guards.size(); ++i) s += (i ? " && " : " if ") + guards[i].text();
  if (role == Role::Address) s += " (address)";
  if (role == Role::Guard) s += " (guard)";
  if (from_override) s += " (override)";
  return s;
}

bool Access::operator<(const Access& o) const {
  return std::tie(cls, index, guards, role, from_override) < std::tie(o.cls, o.index, o.guards, o.role, o.from_override);
}

std::string Row::key() const { return inst->name + "/" + enc->name; }

std::set<std::string> Row::register_set() const {
  std::set<std::string> out;
  for (const auto* list : {&reads, &writes})
    for (const Access& a : *list)
      if (a.role == Role::Data) out.insert(a.cls);
  return out;
}

std::vector<std::pair<std::set<std::string>, std::vector<size_t>>> Matrix::blocks() const {
  std::vector<std::pair<std::set<std::string>, std::vector<size_t>>> out;
  for (size_t i = 0; i < rows.size(); ++i) {
    const auto set = rows[i].register_set();
    auto it = std::find_if(out.begin(), out.end(), [&](const auto& b) { return b.first == set; });
    if (it == out.end()) out.push_back({set, {i}});
    else it->second.push_back(i);
  }
  return out;
}

const Row* Matrix::find(const std::string& instruction, const std::string& encoding) const {
  for (const Row& r : rows)
    if (r.inst->name == instruction && (encoding.empty() || r.enc->name == encoding)) return &r;
  return nullptr;
}

namespace {

// ---------------------------------------------------------------------------
// Symbolic values: what an index expression may be, in terms of fields.

struct Alt {
  enum class K : uint8_t { Field, Const, Range, Data } k = K::Data;
  std::vector<std::string> fields;
  int64_t scale = 1, offset = 0;
  int64_t lo = 0, hi = 0;
};
using Sym = std::vector<Alt>;

Sym data() { return {Alt{}}; }
Sym constant(int64_t v) {
  Alt a;
  a.k = Alt::K::Const;
  a.lo = v;
  return {a};
}

const Alt* single_field(const Sym& s) {
  if (s.size() == 1 && s[0].k == Alt::K::Field && s[0].fields.size() == 1 && s[0].scale == 1 && s[0].offset == 0)
    return &s[0];
  return nullptr;
}

std::optional<int64_t> single_const(const Sym& s) {
  if (s.size() == 1 && s[0].k == Alt::K::Const) return s[0].lo;
  return std::nullopt;
}

struct Frame {
  std::map<int32_t, Sym> env;
};

struct DataIndex {
  std::string cls;
  Loc loc;
};

class Analyzer {
 public:
  Analyzer(const spec::TargetSpec& spec, const Options& opt, Row& row, std::map<std::string, ClassKind>& classes)
      : spec_(spec), opt_(opt), row_(row), classes_(classes) {
    for (const FunctionDecl* f : spec.module().functions)
      if (!f->has_body) natives_.insert(f->name);
    for (const auto& g : spec.module().globals) globals_[g.slot] = &g;
  }

  std::vector<DataIndex> problems;

  void encoding(const spec::Encoding& enc) {
    Frame f;
    int32_t slot = 0;
    for (const auto& fd : enc.fields) f.env[slot++] = field_sym(fd.name);
    for (const auto& g : enc.globals) f.env[slot++] = field_sym(g);
    block(enc.decode, f);
    block(enc.operation, f);
  }

  // The predicate read of a slot, through the shared function SlotEnabled(pred).
  void predicate(const FunctionDecl& slot_enabled) {
    role_ = Role::Guard;
    Frame f;
    if (!slot_enabled.params.empty()) f.env[slot_enabled.params[0].slot] = field_sym("pred");
    block(slot_enabled.body, f);
    role_ = Role::Data;
  }

 private:
  static Sym field_sym(const std::string& name) {
    Alt a;
    a.k = Alt::K::Field;
    a.fields = {name};
    return {a};
  }

  void block(const Block& b, Frame& f) {
    const size_t depth = guards_.size();
    for (const Stmt* s : b) {
      stmt(s, f);
      // `if c then ... return;` with no else: the rest runs when c is false.
      if (s->kind == StmtKind::If && s->conds.size() == 1 && s->blocks.size() == 1 && !s->blocks[0].empty()) {
        const StmtKind last = s->blocks[0].back()->kind;
        if (last == StmtKind::Return || last == StmtKind::Undefined || last == StmtKind::See) {
          if (auto g = guard_of(s->conds[0], f)) {
            g->negated = !g->negated;
            guards_.push_back(*g);
          }
        }
      }
    }
    guards_.resize(depth);
  }

  std::optional<Guard> guard_of(const Expr* c, Frame& f) {
    if (c->kind != ExprKind::Binary || (c->op != Op::Eq && c->op != Op::Ne)) return std::nullopt;
    Sym a = sym(c->args[0], f), b = sym(c->args[1], f);
    const Alt* fa = single_field(a);
    auto cb = single_const(b);
    if (!fa) {
      fa = single_field(b);
      cb = single_const(a);
    }
    if (!fa || !cb) return std::nullopt;
    return Guard{fa->fields[0], {*cb}, c->op == Op::Ne};
  }

  void stmt(const Stmt* s, Frame& f) {
    switch (s->kind) {
      case StmtKind::VarDecl:
        for (size_t i = 0; i < s->names.size(); ++i) {
          if (i < s->inits.size() && s->inits[i]) {
            expr(s->inits[i], f);
            if (i < s->slots.size()) merge(f.env[s->slots[i]], sym(s->inits[i], f));
          }
        }
        if (s->value) {
          expr(s->value, f);
          for (int32_t sl : s->slots) merge(f.env[sl], data());
        }
        return;
      case StmtKind::Assign:
        expr(s->value, f);
        lvalue(s->target, f, sym(s->value, f));
        return;
      case StmtKind::Call:
      case StmtKind::Return:
      case StmtKind::Assert:
        if (s->value) expr(s->value, f);
        return;
      case StmtKind::If: {
        for (size_t i = 0; i < s->blocks.size(); ++i) {
          const size_t depth = guards_.size();
          if (i < s->conds.size()) {
            expr(s->conds[i], f);
            if (auto g = guard_of(s->conds[i], f)) guards_.push_back(*g);
          }
          block(s->blocks[i], f);
          guards_.resize(depth);
        }
        return;
      }
      case StmtKind::Case: {
        expr(s->value, f);
        const Sym subject = sym(s->value, f);
        const Alt* field = single_field(subject);
        std::vector<int64_t> seen;
        bool all_const = field != nullptr;
        for (size_t i = 0; i < s->blocks.size(); ++i) {
          const size_t depth = guards_.size();
          const bool otherwise = i >= s->labels.size() || s->labels[i].empty();
          if (field) {
            std::vector<int64_t> values;
            bool ok = true;
            if (!otherwise)
              for (const Expr* l : s->labels[i]) {
                auto c = single_const(sym(l, f));
                if (!c) ok = false;
                else values.push_back(*c);
              }
            if (!ok) all_const = false;
            if (!otherwise && ok) {
              guards_.push_back(Guard{field->fields[0], values, false});
              seen.insert(seen.end(), values.begin(), values.end());
            } else if (otherwise && all_const && !seen.empty()) {
              guards_.push_back(Guard{field->fields[0], seen, true});
            }
          }
          block(s->blocks[i], f);
          guards_.resize(depth);
        }
        return;
      }
      case StmtKind::For: {
        expr(s->from, f);
        expr(s->to, f);
        auto lo = single_const(sym(s->from, f)), hi = single_const(sym(s->to, f));
        if (lo && hi) {
          Alt a;
          a.k = Alt::K::Range;
          a.lo = std::min(*lo, *hi);
          a.hi = std::max(*lo, *hi);
          f.env[s->var_slot] = {a};
        } else {
          f.env[s->var_slot] = data();
        }
        block(s->body, f);
        return;
      }
      case StmtKind::While:
      case StmtKind::Repeat:
        if (s->value) expr(s->value, f);
        block(s->body, f);
        return;
      default: return;
    }
  }

  static void merge(Sym& into, const Sym& more) {
    for (const Alt& a : more) into.push_back(a);
  }

  std::string global_name(const Expr* e) const {
    auto it = globals_.find(e->slot);
    return it == globals_.end() ? e->name : it->second->name;
  }
  bool global_is_constant(const Expr* e) const {
    auto it = globals_.find(e->slot);
    return it != globals_.end() && it->second->is_constant;
  }

  static ClassKind accessor_kind(const FunctionDecl& fn) {
    if (fn.params.empty()) return ClassKind::Global;
    return fn.params[0].type.kind == TypeKind::Integer ? ClassKind::RegisterFile : ClassKind::Memory;
  }

  void record(bool write, const std::string& cls, ClassKind kind, const Sym& index, Loc loc) {
    classes_.emplace(cls, kind);
    auto add = [&](Index ix) {
      Access a;
      a.cls = cls;
      a.index = std::move(ix);
      a.guards = guards_;
      std::sort(a.guards.begin(), a.guards.end());
      a.guards.erase(std::unique(a.guards.begin(), a.guards.end(),
                                 [](const Guard& x, const Guard& y) { return !(x < y) && !(y < x); }),
                     a.guards.end());
      // `sel != 0 && sel = 1` is `sel = 1`: a positive guard implies the negated ones it excludes.
      a.guards.erase(std::remove_if(a.guards.begin(), a.guards.end(),
                                    [&](const Guard& g) {
                                      if (!g.negated) return false;
                                      for (const Guard& p : a.guards)
                                        if (!p.negated && p.field == g.field &&
                                            std::all_of(p.values.begin(), p.values.end(),
                                                        [&](int64_t v) { return g.holds(v); }))
                                          return true;
                                      return false;
                                    }),
                     a.guards.end());
      a.role = role_;
      (write ? row_.writes : row_.reads).push_back(std::move(a));
    };
    if (kind != ClassKind::RegisterFile) {
      add(Index{});
      return;
    }
    for (const Alt& alt : index) {
      Index ix;
      switch (alt.k) {
        case Alt::K::Field:
          ix.kind = Index::Kind::Field;
          ix.fields = alt.fields;
          ix.scale = alt.scale;
          ix.offset = alt.offset;
          break;
        case Alt::K::Const:
          ix.kind = Index::Kind::Fixed;
          ix.lo = alt.lo;
          break;
        case Alt::K::Range:
          ix.kind = Index::Kind::Range;
          ix.lo = alt.lo;
          ix.hi = alt.hi;
          break;
        case Alt::K::Data: problems.push_back({cls, loc}); continue;
      }
      add(std::move(ix));
    }
  }

  // Reads in an expression (and calls followed into functions).
  void expr(const Expr* e, Frame& f) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Name:
        if (e->ref == RefKind::Global && !global_is_constant(e)) {
          if (e->type.kind == TypeKind::Array) record(false, global_name(e), ClassKind::RegisterFile, whole(), e->loc);
          else record(false, global_name(e), ClassKind::Global, {}, e->loc);
        }
        return;
      case ExprKind::Field:
        if (e->args[0]->kind == ExprKind::Name && e->args[0]->ref == RefKind::Global) {
          record(false, global_name(e->args[0]) + "." + e->name, ClassKind::Global, {}, e->loc);
          return;
        }
        expr(e->args[0], f);
        return;
      case ExprKind::FieldList:
        if (e->args[0]->kind == ExprKind::Name && e->args[0]->ref == RefKind::Global) {
          for (const auto& n : e->fields) record(false, global_name(e->args[0]) + "." + n, ClassKind::Global, {}, e->loc);
          return;
        }
        expr(e->args[0], f);
        return;
      case ExprKind::Index:
        for (const Expr* a : e->args) expr(a, f);
        if (e->ref == RefKind::Global) {
          record(false, global_name(e), ClassKind::RegisterFile, sym(e->args[0], f), e->loc);
          return;
        }
        if (e->ref == RefKind::Function && e->callee && e->callee->kind == FunctionKind::Getter) {
          const ClassKind k = accessor_kind(*e->callee);
          record(false, e->name, k, e->args.empty() ? Sym{} : sym(e->args[0], f), e->loc);
          return;
        }
        if (e->ref == RefKind::Function && e->callee) call(*e->callee, e, f);
        return;
      case ExprKind::Call:
        for (const Expr* a : e->args) expr(a, f);
        if (e->ref == RefKind::Function && e->callee) {
          if (e->callee->kind == FunctionKind::Getter) {
            record(false, e->name, accessor_kind(*e->callee), e->args.empty() ? Sym{} : sym(e->args[0], f), e->loc);
            return;
          }
          call(*e->callee, e, f);
        } else if (e->ref == RefKind::Builtin && natives_.count(e->name)) {
          if (std::find(row_.natives.begin(), row_.natives.end(), e->name) == row_.natives.end())
            row_.natives.push_back(e->name);
        }
        return;
      default:
        for (const Expr* a : e->args) expr(a, f);
        for (const auto& s : e->slices) {
          expr(s.hi, f);
          if (s.lo != s.hi) expr(s.lo, f);
        }
        return;
    }
  }

  static Sym whole() {
    Alt a;
    a.k = Alt::K::Range;
    a.lo = 0;
    a.hi = -1;  // the whole array
    return {a};
  }

  void call(const FunctionDecl& fn, const Expr* site, Frame& f) {
    if (!fn.has_body) return;
    if (depth_ >= opt_.depth_limit) {
      const std::string note = fmt::format("calls deeper than {} not followed ({})", opt_.depth_limit, fn.name);
      if (std::find(row_.notes.begin(), row_.notes.end(), note) == row_.notes.end()) row_.notes.push_back(note);
      return;
    }
    Frame callee;
    for (size_t i = 0; i < fn.params.size() && i < site->args.size(); ++i)
      callee.env[fn.params[i].slot] = sym(site->args[i], f);
    ++depth_;
    block(fn.body, callee);
    --depth_;
  }

  void lvalue(const Expr* t, Frame& f, const Sym& value) {
    switch (t->kind) {
      case ExprKind::Name:
        if (t->ref == RefKind::Local) f.env[t->slot] = value;
        else if (t->ref == RefKind::Global) {
          if (t->type.kind == TypeKind::Array) record(true, global_name(t), ClassKind::RegisterFile, whole(), t->loc);
          else record(true, global_name(t), ClassKind::Global, {}, t->loc);
        }
        return;
      case ExprKind::Tuple:
        for (const Expr* a : t->args) lvalue(a, f, data());
        return;
      case ExprKind::Field:
        if (t->args[0]->kind == ExprKind::Name && t->args[0]->ref == RefKind::Global) {
          record(true, global_name(t->args[0]) + "." + t->name, ClassKind::Global, {}, t->loc);
          return;
        }
        lvalue(t->args[0], f, data());
        return;
      case ExprKind::FieldList:
        if (t->args[0]->kind == ExprKind::Name && t->args[0]->ref == RefKind::Global) {
          for (const auto& n : t->fields) record(true, global_name(t->args[0]) + "." + n, ClassKind::Global, {}, t->loc);
          return;
        }
        lvalue(t->args[0], f, data());
        return;
      case ExprKind::Slice:
        for (const auto& s : t->slices) {
          expr(s.hi, f);
          if (s.lo != s.hi) expr(s.lo, f);
        }
        lvalue(t->args[0], f, data());
        return;
      case ExprKind::Index:
        for (const Expr* a : t->args) expr(a, f);
        if (t->ref == RefKind::Global) {
          record(true, global_name(t), ClassKind::RegisterFile, sym(t->args[0], f), t->loc);
          return;
        }
        if (t->ref == RefKind::Function && t->callee && t->callee->kind == FunctionKind::Setter) {
          record(true, t->name, accessor_kind(*t->callee), t->args.empty() ? Sym{} : sym(t->args[0], f), t->loc);
          return;
        }
        // A builtin setter on a local (Elem[r, e, 32] = ...) writes that local.
        if (!t->args.empty()) lvalue(t->args[0], f, data());
        return;
      default: return;
    }
  }

  // What an expression's value is in terms of fields.
  Sym sym(const Expr* e, Frame& f) {
    if (!e) return data();
    switch (e->kind) {
      case ExprKind::Literal:
        if (e->literal.kind() == ValueKind::Integer) return constant(static_cast<int64_t>(e->literal.as_int()));
        if (e->literal.kind() == ValueKind::Bits && e->literal.as_bits().width() <= 63)
          return constant(static_cast<int64_t>(e->literal.as_bits().low64()));
        return data();
      case ExprKind::Name:
        if (e->ref == RefKind::Local) {
          auto it = f.env.find(e->slot);
          return it == f.env.end() || it->second.empty() ? data() : it->second;
        }
        if (e->ref == RefKind::Constant && e->literal.kind() == ValueKind::Integer)
          return constant(static_cast<int64_t>(e->literal.as_int()));
        return data();
      case ExprKind::Call:
        if (e->ref == RefKind::Builtin && !e->args.empty() &&
            (e->name == "UInt" || e->name == "SInt" || e->name == "ZeroExtend" || e->name == "SignExtend"))
          return sym(e->args[0], f);
        return data();
      case ExprKind::Binary: {
        Sym a = sym(e->args[0], f), b = sym(e->args[1], f);
        auto ca = single_const(a), cb = single_const(b);
        if (ca && cb) {
          switch (e->op) {
            case Op::Add: return constant(*ca + *cb);
            case Op::Sub: return constant(*ca - *cb);
            case Op::Mul: return constant(*ca * *cb);
            default: return data();
          }
        }
        if (e->op == Op::Concat) {
          if (a.size() == 1 && b.size() == 1 && a[0].k == Alt::K::Field && b[0].k == Alt::K::Field && a[0].scale == 1 &&
              b[0].scale == 1 && a[0].offset == 0 && b[0].offset == 0) {
            Alt r = a[0];
            r.fields.insert(r.fields.end(), b[0].fields.begin(), b[0].fields.end());
            return {r};
          }
          // A field then a bits literal (RdaHi:'0', an even register): the
          // field shifted left by the literal's width, plus the literal.
          const Expr* low = e->args[1];
          if (a.size() == 1 && a[0].k == Alt::K::Field && cb && low->kind == ExprKind::Literal &&
              low->literal.kind() == ValueKind::Bits && low->literal.as_bits().width() <= 8) {
            Alt r = a[0];
            const int64_t mul = int64_t{1} << low->literal.as_bits().width();
            r.scale *= mul;
            r.offset = r.offset * mul + *cb;
            return {r};
          }
          // Zeros then a field ('0':Rn, a register in the low half): the field.
          if (b.size() == 1 && b[0].k == Alt::K::Field && ca && *ca == 0 && e->args[0]->kind == ExprKind::Literal) return b;
          return data();
        }
        auto shift = [&](Sym s, int64_t k, int64_t mul) {
          for (Alt& x : s) {
            if (x.k == Alt::K::Field) {
              x.scale *= mul;
              x.offset = x.offset * mul + k;
            } else if (x.k == Alt::K::Const || x.k == Alt::K::Range) {
              x.lo = x.lo * mul + k;
              x.hi = x.hi * mul + k;
            }
          }
          return s;
        };
        if (e->op == Op::Add && cb) return shift(a, *cb, 1);
        if (e->op == Op::Add && ca) return shift(b, *ca, 1);
        if (e->op == Op::Sub && cb) return shift(a, -*cb, 1);
        if (e->op == Op::Mul && cb && *cb > 0) return shift(a, 0, *cb);
        if (e->op == Op::Mul && ca && *ca > 0) return shift(b, 0, *ca);
        return data();
      }
      case ExprKind::IfThenElse: {
        Sym r = sym(e->args[1], f);
        merge(r, sym(e->args[2], f));
        return r;
      }
      default: return data();
    }
  }

  const spec::TargetSpec& spec_;
  const Options& opt_;
  Row& row_;
  std::map<std::string, ClassKind>& classes_;
  std::set<std::string> natives_;
  std::map<int32_t, const spec::GlobalDecl*> globals_;
  std::vector<Guard> guards_;
  Role role_ = Role::Data;
  int depth_ = 0;
};

template <class T>
void sort_unique(std::vector<T>& v) {
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end(), [](const T& a, const T& b) { return !(a < b) && !(b < a); }), v.end());
}

std::string base_name(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The role of an access and the syntax operand holding its index field.
void attach_operands(const spec::Encoding& enc, Access& a) {
  if (a.index.kind != Index::Kind::Field || a.index.fields.size() != 1 || a.role == Role::Guard) return;
  const std::string& field = a.index.fields[0];
  for (const auto& op : enc.operands) {
    bool holds = false;
    if (op.kind == spec::OperandKind::Reg && op.fields.parts.size() == 1 && op.fields.parts[0].field == field) holds = true;
    if (op.kind == spec::OperandKind::Choice)
      for (const auto& alt : op.alternatives)
        if (alt.second == field) holds = true;
    if (!holds) continue;
    a.operand = "<" + op.name + ">";
    for (const auto& m : enc.operands)
      if (m.kind == spec::OperandKind::Mem && m.mem_base == op.name) a.role = Role::Address;
    return;
  }
}

// ---------------------------------------------------------------------------
// Overrides

struct Override {
  std::string instruction, encoding;
  bool replace = false;
  std::vector<std::string> units;
  std::vector<Access> reads, writes;
  std::string reason;
  SourceLocation loc;
};

Access parse_access(const std::string& text, const SourceLocation& loc) {
  Access a;
  a.from_override = true;
  std::string t(trim(text));
  const size_t open = t.find('[');
  if (open == std::string::npos) {
    a.cls = t;
  } else {
    if (t.back() != ']') throw InputError(loc, fmt::format("prm override: expected ']' at the end of '{}'", t));
    a.cls = trim(t.substr(0, open));
    const std::string ix(trim(t.substr(open + 1, t.size() - open - 2)));
    if (ix == "*") {
      a.index.kind = Index::Kind::Whole;
    } else if (size_t dots = ix.find(".."); dots != std::string::npos) {
      a.index.kind = Index::Kind::Range;
      try {
        a.index.lo = std::stoll(ix.substr(0, dots));
        a.index.hi = std::stoll(ix.substr(dots + 2));
      } catch (...) {
        throw InputError(loc, fmt::format("prm override: bad range '{}'", ix));
      }
    } else if (!ix.empty() && std::isdigit(static_cast<unsigned char>(ix[0]))) {
      a.index.kind = Index::Kind::Fixed;
      a.index.lo = std::stoll(ix);
    } else if (!ix.empty()) {
      a.index.kind = Index::Kind::Field;
      a.index.fields = {ix};
    }
  }
  if (a.cls.empty() || a.cls.find_first_of(" \t") != std::string::npos)
    throw InputError(loc, fmt::format("prm override: bad class '{}'", a.cls));
  return a;
}

std::vector<Override> parse_overrides(const spec::TargetSpec& spec, std::string& file_out) {
  std::vector<Override> out;
  std::set<std::string> seen;
  const auto& src = spec.sources();
  for (uint32_t i = 0; i < src.size(); ++i) {
    const std::string& name = src.name(i);
    const std::string base = base_name(name);
    if (base.rfind("shared", 0) != 0 || !seen.insert(name).second) continue;
    std::istringstream in(src.text(i));
    std::string line;
    int lineno = 0;
    while (std::getline(in, line)) {
      ++lineno;
      std::string t(trim(line));
      if (t.rfind("//", 0) != 0) continue;
      t = trim(t.substr(2));
      if (t.rfind("prm ", 0) != 0) continue;
      if (base == "shared_prm.isa" || file_out.empty()) file_out = name;
      SourceLocation loc{name, lineno, static_cast<int>(line.find("prm") + 1), line};
      const size_t colon = t.find(':');
      if (colon == std::string::npos) throw InputError(loc, "prm override: expected 'prm NAME: EFFECT; ... -- REASON'");
      Override o;
      o.loc = loc;
      std::string who(trim(t.substr(4, colon - 4)));
      if (size_t slash = who.rfind('/'); slash != std::string::npos) {
        o.encoding = trim(who.substr(slash + 1));
        who = std::string(trim(who.substr(0, slash)));
      }
      o.instruction = who;
      std::string rest = t.substr(colon + 1);
      const size_t dash = rest.find(" -- ");
      if (dash == std::string::npos || trim(rest.substr(dash + 4)).empty())
        throw InputError(loc, "prm override: say why: end the line with ' -- REASON'");
      o.reason = trim(rest.substr(dash + 4));
      rest = rest.substr(0, dash);
      std::istringstream effects(rest);
      std::string eff;
      while (std::getline(effects, eff, ';')) {
        eff = std::string(trim(eff));
        if (eff.empty()) continue;
        const size_t sp = eff.find(' ');
        const std::string verb = eff.substr(0, sp);
        const std::string arg(sp == std::string::npos ? "" : trim(eff.substr(sp + 1)));
        if (verb == "replace" && arg.empty()) o.replace = true;
        else if (verb == "reads" && !arg.empty()) o.reads.push_back(parse_access(arg, loc));
        else if (verb == "writes" && !arg.empty()) o.writes.push_back(parse_access(arg, loc));
        else if (verb == "unit" && !arg.empty()) o.units.push_back(arg);
        else
          throw InputError(loc, fmt::format("prm override: unknown effect '{}' (expected reads C[i], writes C[i], "
                                            "unit U or replace)",
                                            eff));
      }
      out.push_back(std::move(o));
    }
  }
  return out;
}

}  // namespace

Matrix build(const spec::TargetSpec& spec, const Options& options) {
  Matrix m;
  m.target = spec.target();
  const std::vector<Override> overrides = parse_overrides(spec, m.override_file);
  if (m.override_file.empty()) {
    // Next to the target's shared files (or its first file): isa/<target>/shared_prm.isa.
    std::string dir;
    for (uint32_t i = 0; i < spec.sources().size(); ++i) {
      const std::string& n = spec.sources().name(i);
      if (dir.empty() || base_name(n).rfind("shared", 0) == 0) {
        dir = n.substr(0, n.size() - base_name(n).size());
        if (base_name(n).rfind("shared", 0) == 0) break;
      }
    }
    m.override_file = (dir.empty() ? fmt::format("isa/{}/", spec.target()) : dir) + "shared_prm.isa";
  }
  const FunctionDecl* slot_enabled = nullptr;
  if (spec.bundle())
    for (const FunctionDecl* f : spec.module().functions)
      if (f->name == "SlotEnabled" && f->has_body) slot_enabled = f;

  for (const auto& o : overrides) {
    const auto* inst = spec.find(o.instruction);
    bool ok = inst != nullptr;
    if (ok && !o.encoding.empty())
      ok = std::any_of(inst->encodings.begin(), inst->encodings.end(), [&](const auto& e) { return e.name == o.encoding; });
    if (!ok)
      throw InputError(o.loc, fmt::format("prm override: no instruction '{}'{} in target {}", o.instruction,
                                          o.encoding.empty() ? "" : " with encoding " + o.encoding, spec.target()));
  }

  std::map<std::string, ClassKind> declared;  // classes overrides name, unless the analysis knows them
  for (const auto& inst : spec.instructions()) {
    for (const auto& enc : inst.encodings) {
      Row row;
      row.inst = &inst;
      row.enc = &enc;
      Analyzer an(spec, options, row, m.classes);
      an.encoding(enc);
      if (spec.bundle()) {
        row.units = enc.slots;
        bool predicated = false;
        for (const auto& s : enc.slots)
          if (const auto* sl = spec.bundle()->slot(s); sl && sl->pred_width) predicated = true;
        if (predicated && slot_enabled) an.predicate(*slot_enabled);
      } else {
        row.units = {inst.features.empty() ? std::string("core") : inst.features.front()};
      }
      for (auto* list : {&row.reads, &row.writes})
        for (Access& a : *list) attach_operands(enc, a);
      // Overrides.
      std::set<std::string> covered;
      bool replaced = false, unit_set = false;
      for (const auto& o : overrides) {
        if (o.instruction != inst.name || (!o.encoding.empty() && o.encoding != enc.name)) continue;
        if (o.replace) {
          replaced = true;
          auto keep_guards = [](std::vector<Access>& v) {
            v.erase(std::remove_if(v.begin(), v.end(), [](const Access& a) { return a.role != Role::Guard; }), v.end());
          };
          keep_guards(row.reads);
          keep_guards(row.writes);
        }
        for (const auto& u : o.units) {
          if (!unit_set) row.units.clear();
          unit_set = true;
          row.units.push_back(u);
        }
        for (const Access& a : o.reads) {
          row.reads.push_back(a);
          covered.insert(a.cls);
          declared.emplace(a.cls, a.index.kind == Index::Kind::None ? ClassKind::Declared : ClassKind::RegisterFile);
        }
        for (const Access& a : o.writes) {
          row.writes.push_back(a);
          covered.insert(a.cls);
          declared.emplace(a.cls, a.index.kind == Index::Kind::None ? ClassKind::Declared : ClassKind::RegisterFile);
        }
        row.overrides.push_back(o.reason);
      }
      if (!row.overrides.empty()) row.natives.clear();  // the override describes them
      for (const DataIndex& p : an.problems) {
        if (replaced || covered.count(p.cls)) continue;
        throw InputError(
            spec.sources().location(p.loc),
            fmt::format("PRM analysis: instruction {} (encoding {}) indexes {} with a value computed from data, so "
                        "the matrix cannot name the register it uses; describe the row in {}, e.g. "
                        "'// prm {}: reads {}[*] -- REASON'",
                        inst.name, enc.name, p.cls, m.override_file, inst.name, p.cls));
      }
      sort_unique(row.reads);
      sort_unique(row.writes);
      m.rows.push_back(std::move(row));
    }
  }
  for (const auto& [c, k] : declared) m.classes.emplace(c, k);
  return m;
}

// ---------------------------------------------------------------------------
// Output

namespace {

std::string join_accesses(const std::vector<Access>& v, const char* sep) {
  std::string s;
  for (const Access& a : v) s += (s.empty() ? "" : sep) + a.text();
  return s;
}

std::string join(const std::vector<std::string>& v, const char* sep) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

std::string set_text(const std::set<std::string>& s) {
  return "{" + join(std::vector<std::string>(s.begin(), s.end()), ", ") + "}";
}

const char* class_kind_name(ClassKind k) {
  switch (k) {
    case ClassKind::RegisterFile: return "register file";
    case ClassKind::Memory: return "memory";
    case ClassKind::Global: return "system register";
    case ClassKind::Declared: return "declared by override";
  }
  return "";
}

}  // namespace

std::string to_text(const Matrix& m) {
  std::string out = fmt::format("PRM of {}: {} encodings, {} classes\n\n", m.target, m.rows.size(), m.classes.size());
  size_t w_name = 11, w_unit = 4;
  for (const Row& r : m.rows) {
    w_name = std::max(w_name, r.key().size());
    w_unit = std::max(w_unit, join(r.units, " ").size());
  }
  out += fmt::format("{:<{}}  {:<{}}  {}\n", "INSTRUCTION", w_name, "UNIT", w_unit, "READS | WRITES");
  for (const Row& r : m.rows) {
    out += fmt::format("{:<{}}  {:<{}}  {} | {}\n", r.key(), w_name, join(r.units, " "), w_unit,
                       r.reads.empty() ? "-" : join_accesses(r.reads, ", "),
                       r.writes.empty() ? "-" : join_accesses(r.writes, ", "));
    for (const auto& n : r.natives)
      out += fmt::format("    note: calls the target builtin {}: its effects are not analysed (refine in {})\n", n,
                         m.override_file);
    for (const auto& n : r.notes) out += fmt::format("    note: {}\n", n);
    for (const auto& n : r.overrides) out += fmt::format("    override: {}\n", n);
  }
  out += "\nClasses:\n";
  for (const auto& [c, k] : m.classes) out += fmt::format("  {:<14} {}\n", c, class_kind_name(k));
  out += "\nBlocks (equal register sets, data operands):\n";
  for (const auto& [set, rows] : m.blocks()) {
    std::vector<std::string> names;
    for (size_t i : rows) names.push_back(m.rows[i].key());
    out += fmt::format("  {}: {}\n", set_text(set), join(names, " "));
  }
  return out;
}

std::string to_csv(const Matrix& m) {
  auto quote = [](const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  std::string out = "instruction,encoding,units,reads,writes,notes\n";
  for (const Row& r : m.rows) {
    std::vector<std::string> notes = r.notes;
    for (const auto& n : r.natives) notes.push_back("calls builtin " + n);
    for (const auto& n : r.overrides) notes.push_back("override: " + n);
    out += fmt::format("{},{},{},{},{},{}\n", quote(r.inst->name), quote(r.enc->name), quote(join(r.units, " ")),
                       quote(join_accesses(r.reads, "; ")), quote(join_accesses(r.writes, "; ")),
                       quote(join(notes, "; ")));
  }
  return out;
}

namespace {

nlohmann::json access_json(const Access& a) {
  nlohmann::json j = {{"class", a.cls}, {"text", a.text()}};
  const char* kinds[] = {"none", "field", "fixed", "range", "whole"};
  j["index"] = {{"kind", kinds[static_cast<int>(a.index.kind)]}};
  if (a.index.kind == Index::Kind::Field) {
    j["index"]["fields"] = a.index.fields;
    if (a.index.scale != 1) j["index"]["scale"] = a.index.scale;
    if (a.index.offset) j["index"]["offset"] = a.index.offset;
  }
  if (a.index.kind == Index::Kind::Fixed) j["index"]["value"] = a.index.lo;
  if (a.index.kind == Index::Kind::Range) j["index"]["range"] = {a.index.lo, a.index.hi};
  nlohmann::json g = nlohmann::json::array();
  for (const Guard& x : a.guards) g.push_back({{"field", x.field}, {"values", x.values}, {"negated", x.negated}});
  j["guards"] = g;
  j["role"] = a.role == Role::Data ? "data" : a.role == Role::Address ? "address" : "guard";
  if (!a.operand.empty()) j["operand"] = a.operand;
  if (a.from_override) j["override"] = true;
  return j;
}

}  // namespace

std::string to_json(const Matrix& m) {
  nlohmann::json j;
  j["target"] = m.target;
  j["override_file"] = m.override_file;
  nlohmann::json rows = nlohmann::json::array();
  for (const Row& r : m.rows) {
    nlohmann::json jr = {{"instruction", r.inst->name}, {"encoding", r.enc->name}, {"units", r.units}};
    jr["reads"] = nlohmann::json::array();
    for (const Access& a : r.reads) jr["reads"].push_back(access_json(a));
    jr["writes"] = nlohmann::json::array();
    for (const Access& a : r.writes) jr["writes"].push_back(access_json(a));
    jr["natives"] = r.natives;
    jr["notes"] = r.notes;
    jr["overrides"] = r.overrides;
    rows.push_back(jr);
  }
  j["rows"] = rows;
  nlohmann::json cl = nlohmann::json::object();
  for (const auto& [c, k] : m.classes) cl[c] = class_kind_name(k);
  j["classes"] = cl;
  nlohmann::json bl = nlohmann::json::array();
  for (const auto& [set, idx] : m.blocks()) {
    std::vector<std::string> names;
    for (size_t i : idx) names.push_back(m.rows[i].key());
    bl.push_back({{"register_set", std::vector<std::string>(set.begin(), set.end())}, {"rows", names}});
  }
  j["blocks"] = bl;
  return j.dump(2) + "\n";
}

}  // namespace mlisa::verify::prm
