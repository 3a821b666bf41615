#include "spec/int_ranges.hpp"

#include "spec/int_ops.hpp"

#include <algorithm>
#include <initializer_list>
#include <optional>

namespace mlisa::spec {

namespace {

constexpr Int kIntMin = static_cast<Int>(static_cast<unsigned __int128>(1) << 127);
constexpr Int kIntMax = ~kIntMin;
// Widths and shift amounts the analysis follows; beyond, a value is unbounded.
constexpr Int kMaxWidth = 126;
// How often a range may grow before it widens to every value.
constexpr int kMaxGrowth = 6;

IntRange hull(const IntRange& a, const IntRange& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return IntRange::of(std::min(a.lo, b.lo), std::max(a.hi, b.hi));
}

// The range of the values given, each unset where it overflowed: every value then.
IntRange of_values(std::initializer_list<std::optional<Int>> values) {
  IntRange r;
  for (const auto& v : values) {
    if (!v) return IntRange::top();
    r = hull(r, IntRange::of(*v, *v));
  }
  return r;
}

std::optional<Int> add(Int a, Int b) {
  Int r;
  return __builtin_add_overflow(a, b, &r) ? std::nullopt : std::optional(r);
}
std::optional<Int> sub(Int a, Int b) {
  Int r;
  return __builtin_sub_overflow(a, b, &r) ? std::nullopt : std::optional(r);
}
std::optional<Int> mul(Int a, Int b) {
  Int r;
  return __builtin_mul_overflow(a, b, &r) ? std::nullopt : std::optional(r);
}
std::optional<Int> power(Int base, Int exp) {
  Int r = 1;
  for (Int i = 0; i < exp; ++i)
    if (auto m = mul(r, base)) r = *m;
    else return std::nullopt;
  return r;
}

IntRange binary(Op op, const IntRange& a, const IntRange& b) {
  if (a.empty() || b.empty()) return {};
  if (a.is_top() || b.is_top()) return IntRange::top();
  switch (op) {
    case Op::Add: return of_values({add(a.lo, b.lo), add(a.hi, b.hi)});
    case Op::Sub: return of_values({sub(a.lo, b.hi), sub(a.hi, b.lo)});
    case Op::Mul: return of_values({mul(a.lo, b.lo), mul(a.lo, b.hi), mul(a.hi, b.lo), mul(a.hi, b.hi)});
    case Op::IntDiv:
      if (b.lo <= 0) return IntRange::top();
      return of_values({floor_div(a.lo, b.lo), floor_div(a.lo, b.hi), floor_div(a.hi, b.lo), floor_div(a.hi, b.hi)});
    case Op::Mod:
      if (b.lo <= 0) return IntRange::top();
      if (a.lo >= 0 && a.hi < b.lo) return a;
      return IntRange::of(0, b.hi - 1);
    case Op::Rem: {
      if (b.lo <= 0 && b.hi >= 0) return IntRange::top();
      const Int m = std::max(b.lo < 0 ? -b.lo : b.lo, b.hi < 0 ? -b.hi : b.hi) - 1;
      return IntRange::of(a.lo >= 0 ? 0 : -m, a.hi <= 0 ? 0 : m);
    }
    case Op::Shl:
      if (b.lo < 0 || b.hi > kMaxWidth) return IntRange::top();
      return binary(Op::Mul, a, IntRange::of(Int{1} << static_cast<int>(b.lo), Int{1} << static_cast<int>(b.hi)));
    case Op::Shr: {
      if (b.lo < 0 || b.hi > kMaxWidth) return IntRange::top();
      const int l = static_cast<int>(b.lo), h = static_cast<int>(b.hi);
      return of_values({a.lo >> l, a.lo >> h, a.hi >> l, a.hi >> h});
    }
    case Op::Pow:
      if (a.lo < 1 || b.lo < 0 || b.hi > kMaxWidth) return IntRange::top();
      return of_values({power(a.lo, b.lo), power(a.hi, b.hi)});
    default: return IntRange::top();
  }
}

bool integer(const Type& t) { return t.kind == TypeKind::Integer; }

}  // namespace

IntRange IntRange::top() { return of(kIntMin, kIntMax); }
bool IntRange::is_top() const { return lo == kIntMin && hi == kIntMax; }

bool IntRanges::Cell::join(const IntRange& x, int pass) {
  IntRange n = hull(r, x);
  if (n == r) return false;
  if (pass != last_pass) ++grown, last_pass = pass;
  if (grown > kMaxGrowth) n = IntRange::top();
  r = n;
  return true;
}

void IntRanges::Env::join(const Env& other) {
  if (other.dead) return;
  if (dead) {
    *this = other;
    return;
  }
  for (const auto& [slot, r] : other.slots) {
    auto [it, added] = slots.emplace(slot, r);
    if (!added) it->second = hull(it->second, r);
  }
}

IntRanges::IntRanges(const TargetSpec& spec) {
  std::vector<Body> bodies;
  for (const FunctionDecl* f : spec.module().functions) {
    if (!f->has_body) continue;
    auto& ps = params_[f];
    ps.resize(f->params.size());
    for (size_t i = 0; i < f->params.size(); ++i)
      if (integer(f->params[i].type)) ps[i].join(external(), 0);
    bodies.push_back({f, f, {&f->body}});
  }
  for (const InstructionSpec& inst : spec.instructions())
    for (const Encoding& enc : inst.encodings) bodies.push_back({&enc, nullptr, {&enc.decode, &enc.operation}});
  // Passes over every body until no parameter or result grows (they widen,
  // so this ends); each pass computes the locals and expressions afresh from
  // them, so the last one leaves them as they are.
  for (bool changed = true; changed; ++pass_) {
    changed = false;
    for (const Body& b : bodies) changed |= analyse(b);
  }
}

IntRanges IntRanges::specialized(const FunctionDecl& f, const std::map<int32_t, Int>& fixed) const {
  IntRanges s;
  s.base_ = this;
  s.special_ = &f;
  s.fixed_ = fixed;
  // Its calls join their arguments into copies: what they add is not kept.
  s.params_ = params_;
  s.results_ = results_;
  s.pass_ = pass_;
  s.analyse({&f, &f, {&f.body}});
  return s;
}

IntRange IntRanges::slot(const void* scope, int32_t slot) const {
  if (base_) {
    const bool param = std::any_of(special_->params.begin(), special_->params.end(),
                                   [slot](const Param& p) { return p.slot == slot; });
    if (scope != special_ || param) return base_->slot(scope, slot);
  }
  auto it = scopes_.find(scope);
  if (it == scopes_.end()) return IntRange::top();
  auto s = it->second.slots.find(slot);
  return s == it->second.slots.end() ? IntRange::top() : s->second;
}

IntRange IntRanges::expr(const Expr* e) const {
  auto it = exprs_.find(e);
  if (it == exprs_.end()) return base_ ? base_->expr(e) : IntRange::top();
  return it->second;
}

bool IntRanges::analyse(const Body& b) {
  scope_ = &scopes_[b.scope];
  fn_ = b.fn;
  changed_ = false;
  Env env;
  if (const FunctionDecl* f = b.fn) {
    const auto& ps = params_[f];
    // (A specialization's fixed slots hold only their values.)
    auto enter = [&](int32_t slot, const IntRange& r) {
      auto it = fixed_.find(slot);
      set(env, slot, it == fixed_.end() ? r : IntRange::of(it->second, it->second));
    };
    for (size_t i = 0; i < f->params.size(); ++i)
      if (integer(f->params[i].type)) enter(f->params[i].slot, ps[i].r);
    for (const auto& [name, slot] : f->width_vars) enter(slot, IntRange::of(0, INT64_C(1) << 32));
    if (f->kind == FunctionKind::Setter && integer(f->value.type)) set(env, f->value.slot, IntRange::top());
  }
  for (const Block* block : b.blocks) run(*block, env);
  scope_ = nullptr;
  fn_ = nullptr;
  return changed_;
}

void IntRanges::set(Env& env, int32_t slot, const IntRange& r) {
  env.slots[slot] = r;
  // The record of every value a local holds needs no widening: the ranges
  // it joins are bounded by the loops' and the parameters'.
  IntRange& all = scope_->slots[slot];
  all = hull(all, r);
}

void IntRanges::run(const Block& b, Env& env) {
  for (const Stmt* s : b) {
    if (env.dead) return;
    run(*s, env);
  }
}

void IntRanges::run(const Stmt& st, Env& env) {
  for_each_expr(st, [&](const Expr* e, bool) { calls_in(env, e); });
  // A loop: its body until the ranges at its head settle, those that still
  // grow then widened to every value.
  // The condition of a while or repeat is read at the head of each round.
  auto loop = [&](const Block& body, const Expr* cond) {
    for (int round = 0;; ++round) {
      Env out = env;
      run(body, out);
      if (cond && !out.dead) {
        calls_in(out, cond);
        eval(out, cond);
      }
      Env next = env;
      next.join(out);
      if (next.slots == env.slots && next.dead == env.dead) return;
      if (round >= 8)
        for (auto& [slot, r] : next.slots)
          if (auto it = env.slots.find(slot); it == env.slots.end() || it->second != r) r = IntRange::top();
      for (const auto& [slot, r] : next.slots) set(env, slot, r);
      env.dead = next.dead;
    }
  };
  switch (st.kind) {
    case StmtKind::VarDecl:
      if (st.decl_type.kind == TypeKind::Tuple && st.names.size() > 1) {
        const Expr* init = st.value;
        for (const Expr* i : st.inits)
          if (!init && i) init = i;
        const size_t n = st.slots.size();
        const std::vector<IntRange> rs = init ? eval_tuple(env, init, n) : std::vector<IntRange>(n, IntRange::of(0, 0));
        for (size_t i = 0; i < n && i < st.decl_type.elems.size(); ++i)
          if (st.slots[i] >= 0 && integer(st.decl_type.elems[i])) set(env, st.slots[i], rs[i]);
        return;
      }
      for (size_t i = 0; i < st.slots.size(); ++i) {
        const Expr* init = i < st.inits.size() ? st.inits[i] : nullptr;
        const IntRange r = init ? eval(env, init) : IntRange::of(0, 0);
        if (integer(st.decl_type)) set(env, st.slots[i], r);
      }
      return;
    case StmtKind::Assign:
      if (st.target->kind == ExprKind::Tuple) {
        const std::vector<IntRange> rs = eval_tuple(env, st.value, st.target->args.size());
        for (size_t i = 0; i < st.target->args.size(); ++i) assign(env, st.target->args[i], rs[i]);
      } else {
        assign(env, st.target, integer(st.value->type) ? eval(env, st.value) : IntRange::top());
      }
      return;
    case StmtKind::Call: eval(env, st.value); return;
    case StmtKind::If:
    case StmtKind::Case: {
      for (const Expr* c : st.conds) eval(env, c);
      if (st.value) eval(env, st.value);
      Env joined;
      joined.dead = true;
      for (const Block& blk : st.blocks) {
        Env branch = env;
        run(blk, branch);
        joined.join(branch);
      }
      // No else (an if), or no otherwise (a case that fails when nothing
      // matches, joined all the same).
      if ((st.kind == StmtKind::If && st.blocks.size() == st.conds.size()) || st.kind == StmtKind::Case) joined.join(env);
      for (const auto& [slot, r] : joined.slots) set(env, slot, r);
      env.dead = joined.dead;
      return;
    }
    case StmtKind::For:
      set(env, st.var_slot, hull(eval(env, st.from), eval(env, st.to)));
      loop(st.body, nullptr);
      return;
    case StmtKind::While:
      eval(env, st.value);
      loop(st.body, st.value);
      return;
    case StmtKind::Repeat:
      run(st.body, env);  // once at least
      eval(env, st.value);
      loop(st.body, st.value);
      return;
    case StmtKind::Return:
      if (fn_ && st.value) {
        if (fn_->return_type.kind == TypeKind::Tuple) {
          auto& rs = results_[fn_];
          const size_t n = fn_->return_type.elems.size();
          rs.resize(n);
          const std::vector<IntRange> v = eval_tuple(env, st.value, n);
          for (size_t i = 0; i < n; ++i)
            if (integer(fn_->return_type.elems[i])) changed_ |= rs[i].join(v[i], pass_);
        } else if (integer(fn_->return_type)) {
          auto& rs = results_[fn_];
          rs.resize(1);
          changed_ |= rs[0].join(eval(env, st.value), pass_);
        } else {
          eval(env, st.value);
        }
      } else if (st.value) {
        eval(env, st.value);
      }
      env.dead = true;
      return;
    case StmtKind::Undefined:
    case StmtKind::Unpredictable:
    case StmtKind::ConstrainedUnpredictable:
    case StmtKind::See:
    case StmtKind::Throw: env.dead = true; return;
    default:
      if (st.value) eval(env, st.value);
      return;
  }
}

void IntRanges::assign(Env& env, const Expr* target, const IntRange& r) {
  if (target->kind == ExprKind::Name) {
    if (target->ref == RefKind::Local && integer(target->type)) set(env, target->slot, r);
    return;
  }
  // The index and slice expressions of the target are read.
  for (const Expr* a : target->args) eval(env, a);
  for (const SliceRange& sr : target->slices) {
    if (sr.hi) eval(env, sr.hi);
    if (sr.lo) eval(env, sr.lo);
  }
  // A slice or field of an integer local (x<3:0> = ...): not followed.
  const Expr* base = target;
  while ((base->kind == ExprKind::Slice || base->kind == ExprKind::Field || base->kind == ExprKind::FieldList) &&
         !base->args.empty())
    base = base->args[0];
  if (base != target && base->kind == ExprKind::Name && base->ref == RefKind::Local && integer(base->type))
    set(env, base->slot, IntRange::top());
}

void IntRanges::calls_in(Env& env, const Expr* e) {
  if (!e) return;
  for (const Expr* a : e->args) calls_in(env, a);
  for (const SliceRange& r : e->slices) {
    calls_in(env, r.hi);
    calls_in(env, r.lo);
  }
  if ((e->kind != ExprKind::Call && e->kind != ExprKind::Index) || e->ref != RefKind::Function || !e->callee) return;
  const FunctionDecl& f = *e->callee;
  auto it = params_.find(&f);
  if (it == params_.end()) return;
  for (size_t i = 0; i < f.params.size() && i < e->args.size(); ++i) {
    const Expr* a = e->args[i];
    if (integer(f.params[i].type)) changed_ |= it->second[i].join(eval(env, a), pass_);
    // A local passed by reference: whatever the callee leaves in it.
    if (f.params[i].by_ref && a->kind == ExprKind::Name && a->ref == RefKind::Local && integer(a->type))
      set(env, a->slot, IntRange::top());
  }
}

int64_t IntRanges::width_at_most(const Env& env, const Expr* e) {
  if (e->type.width >= 0) return e->type.width;
  auto bounded = [](const IntRange& w) {
    return !w.empty() && w.lo >= 0 && w.hi <= kMaxWidth ? static_cast<int64_t>(w.hi) : int64_t{-1};
  };
  // Elem[x, e, size] is `size` bits wide.
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Builtin && e->name == "Elem" &&
      e->args.size() == 3)
    return bounded(eval(env, e->args[2]));
  // A local of this scope has the width its declaration names here.
  if (e->kind == ExprKind::Name && e->ref == RefKind::Local && e->type.width_expr) {
    const Expr* w = e->type.width_expr;
    if (w->kind == ExprKind::Literal) return bounded(eval(env, w));
    if (w->kind == ExprKind::Name && w->ref == RefKind::Local) {
      auto it = scope_->slots.find(w->slot);
      return it == scope_->slots.end() ? -1 : bounded(it->second);
    }
  }
  return -1;
}

IntRange IntRanges::eval(const Env& env, const Expr* e) {
  const IntRange r = eval_node(env, e);
  if (integer(e->type)) {
    auto [it, added] = exprs_.emplace(e, r);
    if (!added) it->second = hull(it->second, r);
  }
  return r;
}

IntRange IntRanges::eval_node(const Env& env, const Expr* e) {
  // Operands are evaluated (and recorded) whatever the node does with them.
  switch (e->kind) {
    case ExprKind::Literal:
      return e->literal.kind() == ValueKind::Integer ? IntRange::of(e->literal.as_int(), e->literal.as_int())
                                                     : IntRange::top();
    case ExprKind::Name:
      if (e->ref == RefKind::Local) {
        auto it = env.slots.find(e->slot);
        return it == env.slots.end() ? IntRange::top() : it->second;
      }
      if (e->ref == RefKind::Constant && e->literal.kind() == ValueKind::Integer)
        return IntRange::of(e->literal.as_int(), e->literal.as_int());
      return IntRange::top();
    case ExprKind::Unary: {
      const IntRange a = eval(env, e->args[0]);
      return e->op == Op::Neg && integer(e->type) ? binary(Op::Sub, IntRange::of(0, 0), a) : IntRange::top();
    }
    case ExprKind::Binary: {
      const IntRange a = eval(env, e->args[0]), b = eval(env, e->args[1]);
      return integer(e->type) ? binary(e->op, a, b) : IntRange::top();
    }
    case ExprKind::IfThenElse: {
      eval(env, e->args[0]);
      const IntRange a = eval(env, e->args[1]), b = eval(env, e->args[2]);
      return hull(a, b);
    }
    case ExprKind::Unknown: return IntRange::of(0, 0);  // UNKNOWN is zero here
    case ExprKind::Call:
    case ExprKind::Index: {
      std::vector<IntRange> args;
      for (const Expr* a : e->args) args.push_back(eval(env, a));
      if (e->ref == RefKind::Function && e->callee) {
        if (!e->callee->has_body || e->callee->return_type.kind == TypeKind::Tuple) return IntRange::top();
        auto it = results_.find(e->callee);
        return it == results_.end() || it->second.empty() ? IntRange{} : it->second[0].r;
      }
      if (e->ref != RefKind::Builtin) return IntRange::top();
      const std::string& n = e->name;
      const int64_t w = e->args.empty() ? -1 : width_at_most(env, e->args[0]);
      const bool known = w >= 0 && w <= kMaxWidth;
      if (n == "UInt" && args.size() == 1 && known) return IntRange::of(0, (Int{1} << w) - 1);
      if ((n == "SInt" && args.size() == 1) || (n == "Int" && args.size() == 2)) {
        if (!known) return IntRange::top();
        if (w == 0) return IntRange::of(0, 0);
        return IntRange::of(-(Int{1} << (w - 1)), n == "SInt" ? (Int{1} << (w - 1)) - 1 : (Int{1} << w) - 1);
      }
      if ((n == "BitCount" || n == "CountLeadingZeroBits" || n == "CountLeadingSignBits") && known)
        return IntRange::of(0, w);
      if ((n == "LowestSetBit" || n == "HighestSetBit") && known) return IntRange::of(-1, w);
      if ((n == "Min" || n == "Max") && args.size() == 2 && integer(e->type)) {
        const IntRange& a = args[0];
        const IntRange& b = args[1];
        if (a.empty() || b.empty()) return {};
        return n == "Min" ? IntRange::of(std::min(a.lo, b.lo), std::min(a.hi, b.hi))
                          : IntRange::of(std::max(a.lo, b.lo), std::max(a.hi, b.hi));
      }
      if (n == "Abs" && args.size() == 1 && integer(e->type)) {
        const IntRange& a = args[0];
        if (a.empty() || a.is_top() || a.lo >= 0) return a;
        if (a.hi <= 0) return IntRange::of(-a.hi, -a.lo);
        return IntRange::of(0, std::max(-a.lo, a.hi));
      }
      return IntRange::top();
    }
    default:
      for (const Expr* a : e->args) eval(env, a);
      for (const SliceRange& sr : e->slices) {
        if (sr.hi) eval(env, sr.hi);
        if (sr.lo) eval(env, sr.lo);
      }
      return IntRange::top();
  }
}

std::vector<IntRange> IntRanges::eval_tuple(const Env& env, const Expr* e, size_t n) {
  std::vector<IntRange> out(n, IntRange::top());
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Function && e->callee &&
      e->callee->has_body) {
    for (const Expr* a : e->args) eval(env, a);
    auto it = results_.find(e->callee);
    for (size_t i = 0; i < n; ++i) out[i] = it == results_.end() || i >= it->second.size() ? IntRange{} : it->second[i].r;
  } else if (e->kind == ExprKind::Tuple) {
    for (size_t i = 0; i < e->args.size(); ++i) {
      const IntRange r = eval(env, e->args[i]);
      if (i < n) out[i] = integer(e->args[i]->type) ? r : IntRange::top();
    }
  } else if (e->kind == ExprKind::IfThenElse) {
    eval(env, e->args[0]);
    const auto a = eval_tuple(env, e->args[1], n), b = eval_tuple(env, e->args[2], n);
    for (size_t i = 0; i < n; ++i) out[i] = hull(a[i], b[i]);
  } else {
    eval(env, e);
  }
  return out;
}

}  // namespace mlisa::spec
