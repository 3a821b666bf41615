// The translator from checked pseudocode to C++ (docs/compiled.md).
#include "spec/translate.hpp"

#include "core/diag.hpp"
#include "spec/checker.hpp"
#include "spec/compiled.hpp"
#include "spec/int_ranges.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <tuple>
#include <unordered_set>

namespace mlisa::spec {

namespace {

struct Code {
  std::string code;
  std::string ct;  // its C++ type: bool, Int, double, Bits, Value, std::tuple<...>
};

// bits(N) of a width fixed when generating: rt::B<N> (N up to 128).
bool fixed_bits_ct(const std::string& ct) { return ct.rfind("rt::B<", 0) == 0; }
bool bits_ct(const std::string& ct) { return ct == "Bits" || fixed_bits_ct(ct); }
bool typed_ct(const std::string& ct) {
  return ct == "bool" || ct == "Int" || ct == "int64_t" || ct == "double" || ct == "rt::En" || bits_ct(ct);
}
std::string fixed_bits(int64_t width) { return fmt::format("rt::B<{}>", width); }
bool fixed_width(int64_t width) { return width >= 1 && width <= 128; }
// The width of a fixed-width C++ type (rt::B<W>), else -1.
int64_t fixed_width_of(const std::string& ct) { return fixed_bits_ct(ct) ? std::stoll(ct.substr(6)) : -1; }

bool pure_builtin(const std::string& n);

// At most this many specializations of one encoding's operation.
constexpr size_t kMaxVariants = 4;

class Translator {
 public:
  Translator(const TargetSpec& spec, const BuiltinTable& builtins)
      : spec_(spec), sources_(spec.sources()), spec_builtins_(&builtins), base_ranges_(spec), ranges_(&base_ranges_) {
    const auto sites = builtin_call_sites(spec);
    for (size_t i = 0; i < sites.size(); ++i) site_[sites[i]] = static_cast<int>(i);
    const auto& fns = spec.module().functions;
    for (size_t i = 0; i < fns.size(); ++i) fn_index_[fns[i]] = static_cast<int>(i);
    for (const GlobalDecl& g : spec.module().globals)
      if (!g.is_constant) type_global(g);
  }

  TranslateResult run(size_t parts);

 private:
  [[noreturn]] void error(const Loc& loc, const std::string& msg) const {
    throw InputError(sources_.location(loc), "cannot compile " + msg);
  }

  // ---- types -------------------------------------------------------------

  // The C++ type of a pseudocode type. `own`: a type written in the function
  // being translated (a parameter, a declared local, its result), whose width
  // names that function's width variables: fixed when its specialization binds
  // them. Other types (an expression's, a callee's result) may name another
  // function's width variables, and are not bound.
  std::string ctype(const Type& t, bool own = false) {
    switch (t.kind) {
      case TypeKind::Boolean: return "bool";
      case TypeKind::Integer: return "Int";
      case TypeKind::Real: return "double";
      case TypeKind::Bits: {
        if (fixed_width(t.width)) return fixed_bits(t.width);
        Int w = 0;
        if (own && binding_ && t.width_expr && fold(*t.width_expr, &w) && fixed_width(static_cast<int64_t>(w)))
          return fixed_bits(static_cast<int64_t>(w));
        return "Bits";
      }
      case TypeKind::Enum: return "rt::En";
      case TypeKind::Tuple: {
        std::vector<std::string> elems;
        for (const Type& e : t.elems) {
          std::string c = ctype(e, own);
          if (c == "void") return "Value";
          elems.push_back(c);
        }
        return tuple_of(elems);
      }
      case TypeKind::Void: return "void";
      case TypeKind::Record: {
        std::string fields;
        for (const Type& f : t.record_type->field_types) {
          const std::string c = ctype(f);
          if (!typed_ct(c)) return "Value";
          fields += (fields.empty() ? "" : ", ") + c;
        }
        return "rt::Rec<" + fields + ">";
      }
      default: return "Value";
    }
  }
  static bool rec_ct(const std::string& ct) { return ct.rfind("rt::Rec<", 0) == 0; }

  // std::tuple of these C++ types (its elements known to tuple_elems_).
  std::string tuple_of(const std::vector<std::string>& elems) {
    std::string s = "std::tuple<";
    for (size_t i = 0; i < elems.size(); ++i) s += (i ? ", " : "") + elems[i];
    s += ">";
    tuple_elems_[s] = elems;
    return s;
  }

  // code of type `from` as a `to`.
  static std::string as(const Code& c, const std::string& to) {
    if (c.ct == to) return c.code;
    if (c.ct == "Value" && to == "Bits") return "rt::bref(" + c.code + ")";
    // An integer the ranges bound (int64_t) and an Int: one cast. A literal
    // that fits is one already.
    if (to == "int64_t" && c.ct == "Int") {
      if (c.code.rfind("Int(INT64_C(", 0) == 0 && c.code.back() == ')') return c.code.substr(4, c.code.size() - 5);
      return "static_cast<int64_t>(" + c.code + ")";
    }
    if (to == "Int" && c.ct == "int64_t") return "Int(" + c.code + ")";
    return "rt::conv<" + to + ">(" + c.code + ")";
  }
  // ---- integers the ranges bound (int_ranges.hpp) -------------------------
  // The C++ type ct of a slot of a scope: an integer whose every value fits
  // 64 bits is an int64_t.
  std::string bounded_ct(const void* scope, int32_t slot, std::string ct) const {
    return ct == "Int" && scope && ranges_->slot(scope, slot).fits64() ? "int64_t" : ct;
  }
  // A local slot of the scope being translated.
  std::string local_ct(int32_t slot, const Type& t) { return bounded_ct(scope_, slot, ctype(t, true)); }
  std::string local_ct(int32_t slot) { return local_ct(slot, slot_types_[slot]); }
  // A parameter of f, as its callers pass it.
  std::string param_ct(const FunctionDecl& f, const Param& p, bool own) { return bounded_ct(&f, p.slot, ctype(p.type, own)); }
  // An integer expression every value of which (and of each of its operands,
  // for an operation) fits 64 bits.
  bool small(const Expr* e) const {
    return e->type.kind == TypeKind::Integer && scope_ && ranges_->expr(e).fits64();
  }
  // A binary operation on two such integers as a 64-bit one, where its result
  // fits too (a comparison always); nothing where it does not.
  std::optional<Code> small_binary(const Expr* e, const Code& a, const Code& b);
  std::string as_int(const Expr* e) { return as(ex(e), "Int"); }

  int konst(char kind, const std::string& text, uint32_t n) {
    const std::string key = fmt::format("{}|{}|{}", kind, text, n);
    auto it = const_index_.find(key);
    if (it != const_index_.end()) return it->second;
    const int i = static_cast<int>(consts_.size());
    consts_.push_back(fmt::format("{{'{}', \"{}\", {}}}", kind, escape(text), n));
    const_index_[key] = i;
    return i;
  }

  static std::string escape(const std::string& s) {
    std::string o;
    for (char c : s) {
      if (c == '"' || c == '\\') o += '\\';
      if (c == '\n') {
        o += "\\n";
        continue;
      }
      o += c;
    }
    return o;
  }

  static std::string int_lit(Int v) {
    if (v >= INT64_MIN && v <= INT64_MAX) return fmt::format("Int(INT64_C({}))", static_cast<int64_t>(v));
    const auto u = static_cast<unsigned __int128>(v);
    return fmt::format("Int((static_cast<unsigned __int128>(UINT64_C({})) << 64) | UINT64_C({}))",
                       static_cast<uint64_t>(u >> 64), static_cast<uint64_t>(u));
  }

  std::string bits_lit(const Bits& b) {
    if (b.width() <= 64) return fmt::format("Bits({}, UINT64_C(0x{:x}))", b.width(), b.low64());
    std::string hex = b.to_hex().substr(2);
    return fmt::format("rt::bref(c.k[{}])", konst('b', hex, b.width()));
  }

  Code literal(const Value& v, const Loc& loc) {
    switch (v.kind()) {
      case ValueKind::Boolean: return {v.as_bool() ? "true" : "false", "bool"};
      case ValueKind::Integer: return {int_lit(v.as_int()), "Int"};
      case ValueKind::Real: {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%a", v.as_real());
        return {buf, "double"};
      }
      case ValueKind::Bits: {
        const Bits& b = v.as_bits();
        if (b.width() >= 1 && b.width() <= 64)
          return {fmt::format("{}(UINT64_C(0x{:x}))", fixed_bits(b.width()), b.low64()), fixed_bits(b.width())};
        return {bits_lit(b), "Bits"};
      }
      case ValueKind::String: return {fmt::format("c.k[{}]", konst('s', v.as_string(), 0)), "Value"};
      case ValueKind::Enum:
        return {fmt::format("rt::en(c.k[{}])", konst('e', v.enum_type()->name, v.enum_member())), "rt::En"};
      default: error(loc, "a literal of this kind (" + v.describe() + ")");
    }
  }

  std::string zero_of(const Type& t, const Loc& loc, bool own = false) {
    switch (t.kind) {
      case TypeKind::Boolean: return "false";
      case TypeKind::Integer: return "Int(0)";
      case TypeKind::Real: return "0.0";
      case TypeKind::Bits:
        if (fixed_bits_ct(ctype(t, own))) return ctype(t, own) + "()";
        if (t.width >= 0) return fmt::format("Bits({}, 0)", t.width);
        if (t.width_expr) return "rt::Zeros(" + as_int(t.width_expr) + ")";
        error(loc, "a bits type without a width");
      case TypeKind::Enum: return fmt::format("rt::en(c.k[{}])", konst('e', t.enum_type->name, 0));
      case TypeKind::String: return fmt::format("c.k[{}]", konst('s', "", 0));
      case TypeKind::Tuple: {
        const std::string ct = ctype(t, own);
        std::string s = ct == "Value" ? "rt::V(std::make_tuple(" : ct + "(";
        for (size_t i = 0; i < t.elems.size(); ++i) s += (i ? ", " : "") + zero_of(t.elems[i], loc, own);
        return s + (ct == "Value" ? "))" : ")");
      }
      case TypeKind::Record: {
        // Built when bound: every field its type's zero.
        for (const Type& f : t.record_type->field_types)
          if (!(f.kind == TypeKind::Boolean || f.kind == TypeKind::Integer || f.kind == TypeKind::Real ||
                f.kind == TypeKind::Enum || (f.kind == TypeKind::Bits && f.width >= 0)))
            error(loc, "a default value of " + t.describe() + " (a field of " + f.describe() + ")");
        const std::string zero = fmt::format("c.k[{}]", konst('r', t.record_type->name, 0));
        const std::string ct = ctype(t, own);
        if (!rec_ct(ct)) return zero;
        std::string fields;
        for (const Type& f : t.record_type->field_types) fields += (fields.empty() ? "" : ", ") + zero_of(f, loc);
        return fmt::format("{}{{{}.record_type(), {{{}}}}}", ct, zero, fields);
      }
      default: error(loc, "a default value of " + t.describe());
    }
  }

  // ---- expressions -------------------------------------------------------

  Code ex(const Expr* e);
  Code call(const Expr* e);
  Code builtin(const Expr* e, const std::vector<Code>& args);
  std::string slice_parts(const Expr* e, std::vector<std::pair<std::string, std::string>>* parts);
  std::string match(const std::string& v, const Expr* elem);

  std::string local(int32_t slot) const { return fmt::format("L{}", slot); }

  // ---- globals held typed --------------------------------------------------

  // A global of a fixed C++ type (bool, Int, double, B<N>, En) or an array
  // of one with constant bounds is a member of the generated Globals struct
  // (rt::Ctx::typed); any other stays a Value in c.g.
  struct TypedGlobal {
    std::string ct;       // its C++ type (rt::Arr<...> for an array)
    std::string elem_ct;  // an array's element type, else ct
    int64_t first = 0, count = 0;  // an array's bounds (count 0: not an array)
  };
  void type_global(const GlobalDecl& g) {
    const Type& t = g.type;
    TypedGlobal tg;
    if (t.kind == TypeKind::Array && t.element) {
      Int lo = 0, hi = -1;
      if (!t.array_lo || !t.array_hi || !fold(*t.array_lo, &lo) || !fold(*t.array_hi, &hi) || hi < lo) return;
      tg.elem_ct = ctype(*t.element);
      tg.first = static_cast<int64_t>(lo);
      tg.count = static_cast<int64_t>(hi - lo + 1);
      tg.ct = fmt::format("rt::Arr<{}, {}, {}>", tg.elem_ct, tg.first, tg.count);
    } else {
      tg.ct = tg.elem_ct = ctype(t);
    }
    if (!held_typed(tg.elem_ct)) return;
    typed_globals_[g.slot] = tg;
  }
  static bool held_typed(const std::string& ct) {
    return ct == "bool" || ct == "Int" || ct == "double" || ct == "rt::En" || fixed_bits_ct(ct);
  }
  const TypedGlobal* typed_global(const Expr* e) const {
    if (e->ref != RefKind::Global) return nullptr;
    auto it = typed_globals_.find(e->slot);
    return it == typed_globals_.end() ? nullptr : &it->second;
  }
  static std::string typed_member(int32_t slot) { return fmt::format("G(c).g{}", slot); }
  // A variable assigned in place: a local, or a global held typed, as code
  // naming it and its C++ type (nothing for anything else).
  std::optional<Code> variable(const Expr* e) {
    if (e->kind != ExprKind::Name) return std::nullopt;
    if (e->ref == RefKind::Local)
      return Code{local(e->slot), local_ct(e->slot, slot_types_.count(e->slot) ? slot_types_[e->slot] : e->type)};
    if (const TypedGlobal* tg = typed_global(e); tg && tg->count == 0) return Code{typed_member(e->slot), tg->ct};
    return std::nullopt;
  }
  // The Globals struct, and its load from and store to the Values.
  std::string globals_struct() const;
  std::string globals_transfer() const;
  std::map<int32_t, TypedGlobal> typed_globals_;

  // ---- statements --------------------------------------------------------

  void line(const std::string& s) { body_ << std::string(static_cast<size_t>(indent_ * 2), ' ') << s << "\n"; }
  void block(const Block& b) {
    for (const Stmt* s : b) stmt(s);
  }
  void stmt(const Stmt* s);
  void assign(const Expr* target, const Code& v);
  std::string tmp() { return fmt::format("t{}", tmp_++); }
  // The index of a statement's place in the table of places (kLocs), which
  // the statement stores in c.at when it starts: one store, where a Loc was three.
  size_t statement_index(const Loc& loc) {
    const auto key = std::make_tuple(loc.file, loc.line, loc.col);
    auto [it, added] = loc_index_.emplace(key, locs_.size());
    if (added) locs_.push_back(loc);
    return it->second;
  }
  std::map<std::tuple<uint32_t, uint32_t, uint32_t>, size_t> loc_index_;
  std::vector<Loc> locs_;

  // ---- frames ------------------------------------------------------------

  void collect_slots(const Block& b);
  void collect_expr(const Expr* e);
  void collect_assigned(const Block& b);
  // The slots a block assigns (collect_assigned's set, apart from the one of
  // the function being translated).
  std::set<int32_t> assigned_in(const Block& b) {
    std::set<int32_t> saved;
    std::swap(saved, assigned_);
    collect_assigned(b);
    std::swap(saved, assigned_);
    return saved;
  }
  void slots_used(const Block& b, std::set<int32_t>& out);
  void declare_slots(const std::set<int32_t>& skip);
  // A function's width variables (slots) bound to values: a specialization.
  using Binding = std::map<int32_t, Int>;
  // One function as C++, generic or (binding) specialized.
  void function(const FunctionDecl& f, const std::string& name, const Binding* binding = nullptr);
  // The name of f's specialization for `b`, queued for translation the first time.
  std::string specialization(const FunctionDecl& f, const Binding& b);
  // Whether f's C++ is declared [[gnu::always_inline]] (signature()).
  bool always_inline(const FunctionDecl& f);
  // The binding of a call of f with these arguments (and a setter's value)
  // for its specialization, or nothing when it has none (no width fixed).
  std::optional<Binding> call_binding(const FunctionDecl& f, const Expr* e, const std::vector<Code>& args,
                                      const Code* value);
  // The local slots of a block (with `types`, those of its parameters and
  // result) whose values decide a width: named in a declared type's width, in
  // a slice's width or in the width argument of Zeros, Ones, Extend,
  // ZeroExtend, SignExtend or Elem, passed to such a parameter of a function,
  // or assigned to such a slot. A specialization that binds them to constants
  // makes those widths fixed (bits(esize) a B<8>).
  std::set<int32_t> width_slots(const Block& b, const std::vector<const Type*>& types);
  // The integer parameters (slots) that decide a width in f and that f does
  // not assign: a call whose argument for one is known when generating calls
  // a specialization (MemA[address, 1] returns B<8>).
  const std::set<int32_t>& width_params(const FunctionDecl& f);
  std::unordered_map<const FunctionDecl*, std::set<int32_t>> width_params_;
  // The parameters (slots) f never reads, but to pass them to parameters its
  // callees never read (MemA_with_priv's `privileged` on a read).
  const std::set<int32_t>& unread_params(const FunctionDecl& f);
  std::unordered_map<const FunctionDecl*, std::set<int32_t>> unread_params_;
  // Whether evaluating e can have no effect: it writes no global, calls
  // only functions and builtins that do not (Deps::keepable), and no function
  // it calls can end the instruction (UNDEFINED, SEE, UNPREDICTABLE).
  bool pure_expr(const Expr* e);
  bool may_end_instruction(const FunctionDecl& f);
  std::unordered_map<const FunctionDecl*, bool> may_end_;
  // The code of a call's argument i: a zero of its type when the callee never
  // reads the parameter and the argument has no effect (it is not evaluated).
  Code argument(const FunctionDecl& f, const Expr* call, size_t i);
  // Integer folding that knows the width variables the specialization binds
  // (for expressions written in the function being translated).
  bool fold(const Expr& e, Int* out) const;
  // The position and width of a slice range when both fold here (x<7:4>,
  // x<i> with i fixed, x<i +: 4>).
  bool fixed_range(const SliceRange& r, Int* lo, Int* w) const;
  std::string signature(const FunctionDecl& f, const std::string& name, bool named_params);
  // The declaration of a function (or of its specialization) ahead of the bodies.
  std::string prototype(const FunctionDecl& f, const std::string& name, const Binding* binding);
  std::string param_type(const FunctionDecl& f, const Param& p, bool value_param);
  void encoding(const InstructionSpec& inst, const Encoding& enc, size_t k);
  // The values an integer slot of an encoding can hold after its decode, where
  // the decode's assignments to it say (constants, `8 << UInt(size)`, `if sz ==
  // '1' then 16 else 32`); nothing when they do not.
  std::optional<std::set<Int>> decode_values(const Block& decode, int32_t slot, int depth = 0);
  std::optional<std::set<Int>> expr_values(const Block& decode, const Expr* e, int depth);

  // ---- what a decode depends on --------------------------------------------

  // The globals a block reads (through the functions it calls too), and
  // whether running it twice on the same word and the same values of those
  // globals gives the same result: it writes no global and calls only
  // builtins without effects.
  struct Deps {
    // (global, lo, width): a field of a bits global, or (global, 0, 0) the
    // whole of it.
    std::set<std::tuple<int32_t, int32_t, int32_t>> reads;
    bool keepable = true;
  };
  void deps_block(const Block& b, Deps& d);
  void deps_expr(const Expr* e, Deps& d, bool written = false);
  const Deps& deps_function(const FunctionDecl& f);
  std::unordered_map<const FunctionDecl*, Deps> fn_deps_;

  const TargetSpec& spec_;
  const SourceSet& sources_;
  const BuiltinTable* spec_builtins_;
  const IntRanges base_ranges_;
  // The ranges of the body being translated: base_ranges_, or a
  // specialization's (IntRanges::specialized).
  const IntRanges* ranges_;
  const void* scope_ = nullptr;  // the function or encoding being translated (its ranges)
  // The functions a short function calls (always_inline), found at the first question.
  std::optional<std::set<const FunctionDecl*>> called_from_short_;
  std::unordered_map<const Expr*, int> site_;
  std::unordered_map<const FunctionDecl*, int> fn_index_;
  std::unordered_map<std::string, std::vector<std::string>> tuple_elems_;
  std::vector<std::string> consts_;
  std::unordered_map<std::string, int> const_index_;
  std::map<int32_t, Type> slot_types_;
  std::set<int32_t> assigned_;
  std::ostringstream body_;
  int indent_ = 1;
  int tmp_ = 0;
  std::string return_ct_;
  bool in_encoding_ = false;
  bool in_decode_ = false;
  TranslateResult result_;
  const Binding* binding_ = nullptr;
  struct Pending {
    const FunctionDecl* f;
    Binding b;
    std::string name;
  };
  std::set<std::string> specialized_;
  std::vector<Pending> to_specialize_;
};

// ---------------------------------------------------------------------------
// Expressions

std::string Translator::match(const std::string& v, const Expr* elem) {
  if (elem->kind == ExprKind::Pattern)
    return fmt::format("rt::pmatch({}, {}, {})", v, bits_lit(elem->pattern.care), bits_lit(elem->pattern.value));
  if (elem->kind == ExprKind::Range)
    return fmt::format("rt::in_range({}, {}, {})", v, as_int(elem->args[0]), as_int(elem->args[1]));
  const Code x = ex(elem);
  return fmt::format("rt::eq({}, {})", v, x.code);
}

bool Translator::fixed_range(const SliceRange& r, Int* lo, Int* w) const {
  Int hi = 0;
  if (!r.lo || r.lo == r.hi) return *w = 1, fold(*r.hi, lo);
  if (r.plus_width) return fold(*r.hi, lo) && fold(*r.lo, w);
  if (!fold(*r.hi, &hi) || !fold(*r.lo, lo)) return false;
  *w = hi - *lo + 1;
  return true;
}

// The (lo, width) of each slice range, most significant first; returns the
// code of the base.
std::string Translator::slice_parts(const Expr* e, std::vector<std::pair<std::string, std::string>>* parts) {
  for (const SliceRange& r : e->slices) {
    Int hi, lo;
    if (!r.lo || r.lo == r.hi) {
      parts->emplace_back(as_int(r.hi), "Int(1)");
    } else if (r.plus_width) {
      parts->emplace_back(as_int(r.hi), as_int(r.lo));
    } else if (fold(*r.hi, &hi) && fold(*r.lo, &lo)) {
      parts->emplace_back(int_lit(lo), int_lit(hi - lo + 1));
    } else {
      const std::string l = as_int(r.lo);
      parts->emplace_back(l, fmt::format("({} - {} + 1)", as_int(r.hi), l));
    }
  }
  return "";
}

std::optional<Code> Translator::small_binary(const Expr* e, const Code& a, const Code& b) {
  const std::string x = as(a, "int64_t"), y = as(b, "int64_t");
  const char* cmp = e->op == Op::Eq   ? "=="
                    : e->op == Op::Ne ? "!="
                    : e->op == Op::Lt ? "<"
                    : e->op == Op::Le ? "<="
                    : e->op == Op::Gt ? ">"
                    : e->op == Op::Ge ? ">="
                                      : nullptr;
  if (cmp) return Code{fmt::format("({} {} {})", x, cmp, y), "bool"};
  if (!small(e)) return std::nullopt;
  const IntRange right = ranges_->expr(e->args[1]);
  switch (e->op) {
    case Op::Add: return Code{fmt::format("({} + {})", x, y), "int64_t"};
    case Op::Sub: return Code{fmt::format("({} - {})", x, y), "int64_t"};
    case Op::Mul: return Code{fmt::format("({} * {})", x, y), "int64_t"};
    case Op::IntDiv:
      if (right.empty() || right.lo <= 0) return std::nullopt;
      return Code{fmt::format("rt::idiv64({}, {})", x, y), "int64_t"};
    case Op::Mod:
      if (right.empty() || right.lo <= 0) return std::nullopt;
      return Code{fmt::format("rt::mod64({}, {})", x, y), "int64_t"};
    case Op::Shl:
    case Op::Shr:
      // The result fits, so a left shift loses nothing; a right shift of a
      // signed value rounds down, as >> of an integer does.
      if (right.empty() || right.lo < 0 || right.hi > 63) return std::nullopt;
      return Code{fmt::format("({} {} {})", x, e->op == Op::Shl ? "<<" : ">>", y), "int64_t"};
    default: return std::nullopt;
  }
}

Code Translator::ex(const Expr* e) {
  switch (e->kind) {
    case ExprKind::Literal: return literal(e->literal, e->loc);
    case ExprKind::Pattern: error(e->loc, "a bit pattern outside IN, == or a case label");
    case ExprKind::Name:
      switch (e->ref) {
        case RefKind::Local: return {local(e->slot), local_ct(e->slot, slot_types_.count(e->slot) ? slot_types_[e->slot] : e->type)};
        case RefKind::Global:
          if (const TypedGlobal* tg = typed_global(e)) {
            if (tg->count) error(e->loc, fmt::format("the array '{}' as a whole", e->name));
            return {typed_member(e->slot), tg->ct};
          }
          return {fmt::format("c.g[{}]", e->slot), "Value"};
        case RefKind::Constant:
        case RefKind::EnumMember: return literal(e->literal, e->loc);
        default: error(e->loc, fmt::format("the name '{}' here", e->name));
      }
    case ExprKind::Call: return call(e);
    case ExprKind::Index:
      if (const TypedGlobal* tg = typed_global(e))
        return {fmt::format("rt::aget({}, {})", typed_member(e->slot), as_int(e->args[0])), tg->elem_ct};
      if (e->ref == RefKind::Local || e->ref == RefKind::Global) {
        const std::string arr = e->ref == RefKind::Local ? local(e->slot) : fmt::format("c.g[{}]", e->slot);
        // An element of a fixed width (_R[n], _Q[n]) read as that type in one step.
        if (e->type.is_bits() && fixed_width(e->type.width))
          return {fmt::format("rt::aget_b<{}>({}, {})", e->type.width, arr, as_int(e->args[0])), fixed_bits(e->type.width)};
        return {fmt::format("rt::aget({}, {})", arr, as_int(e->args[0])), "Value"};
      }
      return call(e);
    case ExprKind::Field: {
      const Code base = ex(e->args[0]);
      const Type& bt = e->args[0]->type;
      if (bt.kind == TypeKind::Record && rec_ct(base.ct))
        return {fmt::format("std::get<{}>({}.f)", e->slot, base.code),
                ctype(bt.record_type->field_types.at(static_cast<size_t>(e->slot)))};
      if (bt.kind == TypeKind::Record) return {fmt::format("rt::field({}, {})", base.code, e->slot), "Value"};
      if (bt.is_bits() && bt.fields) {
        const auto& f = bt.fields->fields.at(static_cast<size_t>(e->slot));
        const int64_t w = f.hi - f.lo + 1;
        if (fixed_width(w)) return {fmt::format("rt::slice_c<{}, {}>({})", f.lo, w, base.code), fixed_bits(w)};
        return {fmt::format("rt::slice({}, {}, {})", base.code, f.lo, w), "Bits"};
      }
      error(e->loc, fmt::format("field '{}' of {}", e->name, bt.describe()));
    }
    case ExprKind::FieldList: {
      const Code base = ex(e->args[0]);
      const Type& bt = e->args[0]->type;
      if (!bt.is_bits() || !bt.fields) error(e->loc, "a field list of " + bt.describe());
      std::string out;
      for (size_t i = 1; i < e->args.size(); ++i) {
        const auto& f = bt.fields->fields.at(static_cast<size_t>(e->args[i]->slot));
        std::string part = fmt::format("rt::slice(b, {}, {})", f.lo, f.hi - f.lo + 1);
        out = out.empty() ? part : fmt::format("rt::cat({}, {})", out, part);
      }
      return {fmt::format("[&]() -> Bits {{ const auto& b = {}; return {}; }}()", base.code, out), "Bits"};
    }
    case ExprKind::Slice: {
      const Code base = ex(e->args[0]);
      if (e->slices.size() == 1) {
        // x<hi:lo> of fixed positions: a fixed width.
        const SliceRange& r = e->slices[0];
        Int lo = 0, w = 0;
        if (fixed_range(r, &lo, &w) && lo >= 0 && lo < 128 && fixed_width(static_cast<int64_t>(w)))
          return {fmt::format("rt::slice_c<{}, {}>({})", static_cast<int64_t>(lo), static_cast<int64_t>(w),
                              base.code),
                  fixed_bits(static_cast<int64_t>(w))};
        // x<i> and x<i +: W>: a fixed width at a run-time position.
        w = 0;
        if (!r.lo || r.lo == r.hi) w = 1;
        else if (r.plus_width && !fold(*r.lo, &w)) w = 0;
        if (fixed_width(static_cast<int64_t>(w))) {
          const std::string at = as_int(r.hi);
          return {fmt::format("rt::slice_w<{}>({}, {})", static_cast<int64_t>(w), base.code, at),
                  fixed_bits(static_cast<int64_t>(w))};
        }
      }
      std::vector<std::pair<std::string, std::string>> parts;
      slice_parts(e, &parts);
      if (parts.size() == 1) return {fmt::format("rt::slice({}, {}, {})", base.code, parts[0].first, parts[0].second), "Bits"};
      std::string out;
      for (const auto& [lo, w] : parts) {
        std::string part = fmt::format("rt::slice(b, {}, {})", lo, w);
        out = out.empty() ? part : fmt::format("rt::cat({}, {})", out, part);
      }
      return {fmt::format("[&]() -> Bits {{ const auto& b = {}; return {}; }}()", base.code, out), "Bits"};
    }
    case ExprKind::Unary: {
      const Code x = ex(e->args[0]);
      switch (e->op) {
        case Op::Neg:
          if (small(e) && small(e->args[0])) return {fmt::format("(-{})", as(x, "int64_t")), "int64_t"};
          return {fmt::format("rt::neg({})", x.ct == "int64_t" ? as(x, "Int") : x.code), x.ct == "int64_t" ? "Int" : x.ct};
        case Op::Not: return {fmt::format("!{}", as(x, "bool")), "bool"};
        case Op::BitNot: return {fmt::format("rt::bnot({})", x.code), x.ct == "bool" ? "bool" : x.ct};
        default: error(e->loc, "this unary operator");
      }
    }
    case ExprKind::Binary: {
      if (e->op == Op::And || e->op == Op::Or) {
        const Code a = ex(e->args[0]), b = ex(e->args[1]);
        return {fmt::format("({} {} {})", as(a, "bool"), e->op == Op::And ? "&&" : "||", as(b, "bool")), "bool"};
      }
      const Code a = ex(e->args[0]);
      if ((e->op == Op::Eq || e->op == Op::Ne) && e->args[1]->kind == ExprKind::Pattern) {
        const std::string m = match(a.code, e->args[1]);
        return {e->op == Op::Eq ? m : "!" + m, "bool"};
      }
      const Code b = ex(e->args[1]);
      if (e->args[0]->type.kind == TypeKind::Integer && e->args[1]->type.kind == TypeKind::Integer &&
          small(e->args[0]) && small(e->args[1]))
        if (std::optional<Code> c = small_binary(e, a, b)) return *c;
      const char* fn = nullptr;
      bool cmp = false;
      switch (e->op) {
        case Op::Add: fn = "add"; break;
        case Op::Sub: fn = "sub"; break;
        case Op::Mul: fn = "mul"; break;
        case Op::Div: fn = "div"; break;
        case Op::IntDiv: fn = "idiv"; break;
        case Op::Mod: fn = "mod"; break;
        case Op::Rem: fn = "rem"; break;
        case Op::Pow: fn = "pow"; break;
        case Op::Shl: fn = "shl"; break;
        case Op::Shr: fn = "shr"; break;
        case Op::BitAnd: fn = "band"; break;
        case Op::BitOr: fn = "bor"; break;
        case Op::BitEor: fn = "beor"; break;
        case Op::Concat: fn = "cat"; break;
        case Op::Eq: fn = "eq"; cmp = true; break;
        case Op::Ne: fn = "ne"; cmp = true; break;
        case Op::Lt: fn = "lt"; cmp = true; break;
        case Op::Le: fn = "le"; cmp = true; break;
        case Op::Gt: fn = "gt"; cmp = true; break;
        case Op::Ge: fn = "ge"; cmp = true; break;
        default: error(e->loc, std::string("the operator ") + op_spelling(e->op));
      }
      // Values of globals read as bits without a copy.
      // Values (globals, array elements) of a static type read as that type;
      // bits without a copy.
      auto operand = [&](const Code& x, const Expr* arg) {
        if (x.ct == "int64_t") return as(x, "Int");
        if (x.ct != "Value") return x.code;
        const std::string t = ctype(arg->type);
        if (t == "Bits") return "rt::bref(" + x.code + ")";
        if (typed_ct(t)) return "rt::conv<" + t + ">(" + x.code + ")";
        return x.code;
      };
      const std::string call = fmt::format("rt::{}({}, {})", fn, operand(a, e->args[0]), operand(b, e->args[1]));
      if (cmp) return {call, "bool"};
      std::string ct = ctype(e->type);
      if (ct == "void") ct = "Value";
      // Bits of a width the type leaves open (a specialization's) but the
      // operands fix: the operation's fixed-width result as it is.
      if (ct == "Bits" && fixed_bits_ct(a.ct)) {
        const bool same = a.ct == b.ct, by_int = b.ct == "Int";
        const bool arith = e->op == Op::Add || e->op == Op::Sub || e->op == Op::Mul || e->op == Op::BitAnd ||
                           e->op == Op::BitOr || e->op == Op::BitEor;
        if (arith && (same || by_int)) return {call, a.ct};
        const int64_t w = fixed_width_of(a.ct) + fixed_width_of(b.ct);
        if (e->op == Op::Concat && fixed_bits_ct(b.ct) && fixed_width(w)) return {call, fixed_bits(w)};
      }
      return {fmt::format("rt::conv<{}>({})", ct, call), ct};
    }
    case ExprKind::In: {
      const Code v = ex(e->args[0]);
      std::string m;
      for (size_t i = 1; i < e->args.size(); ++i) m += (i > 1 ? " || " : "") + match("v", e->args[i]);
      return {fmt::format("[&]() -> bool {{ const auto& v = {}; return {}; }}()",
                          v.ct == "int64_t" ? as(v, "Int") : v.code, m),
              "bool"};
    }
    case ExprKind::Range: error(e->loc, "a range outside IN or a case label");
    case ExprKind::IfThenElse: {
      std::string ct = ctype(e->type);
      const Code c = ex(e->args[0]), a = ex(e->args[1]), b = ex(e->args[2]);
      if (bits_ct(ct) || ct == "Value") {
        if (a.ct != b.ct || a.ct != ct)
          return {fmt::format("({} ? rt::conv<{}>({}) : rt::conv<{}>({}))", as(c, "bool"), ct, a.code, ct, b.code), ct};
      }
      return {fmt::format("({} ? {} : {})", as(c, "bool"), as(a, ct), as(b, ct)), ct};
    }
    case ExprKind::Tuple: {
      const std::string ct = ctype(e->type);
      std::vector<std::string> elems;
      if (ct != "Value") {
        // An element of a fixed width stays so where the type says bits.
        std::vector<std::string> ects = tuple_elems_[ct];
        for (size_t i = 0; i < e->args.size(); ++i) {
          const Code x = ex(e->args[i]);
          if (ects[i] == "Bits" && fixed_bits_ct(x.ct)) ects[i] = x.ct;
          elems.push_back(as(x, ects[i]));
        }
        const std::string fixed = tuple_of(ects);
        std::string s = fixed + "(";
        for (size_t i = 0; i < elems.size(); ++i) s += (i ? ", " : "") + elems[i];
        return {s + ")", fixed};
      }
      std::string s = "Value::tuple({";
      for (size_t i = 0; i < e->args.size(); ++i) s += (i ? ", " : "") + as(ex(e->args[i]), "Value");
      return {s + "})", "Value"};
    }
    case ExprKind::Unknown: {
      std::string ct = ctype(e->type);
      return {zero_of(e->type, e->loc), ct};
    }
  }
  error(e->loc, "this expression");
}

// An integer operator of arithmetic folded as the interpreter computes it
// (apply_binary, the one definition of their meaning); false for other
// operators, where it fails, or for operands too large to be a width.
bool fold_op(Op op, Int a, Int b, Int* out) {
  constexpr Int kLimit = Int{1} << 62;
  if (a <= -kLimit || a >= kLimit || b <= -kLimit || b >= kLimit) return false;
  if (op != Op::Add && op != Op::Sub && op != Op::Mul && op != Op::IntDiv && op != Op::Mod && op != Op::Shl &&
      op != Op::Shr)
    return false;
  try {
    const Value v = apply_binary(op, Value::integer(a), Value::integer(b));
    if (v.kind() != ValueKind::Integer) return false;
    *out = v.as_int();
    return true;
  } catch (const RuntimeError&) {
    return false;
  }
}

bool Translator::fold(const Expr& e, Int* out) const {
  if (binding_) {
    if (e.kind == ExprKind::Name && e.ref == RefKind::Local) {
      auto it = binding_->find(e.slot);
      if (it == binding_->end()) return false;
      *out = it->second;
      return true;
    }
    Int a = 0, b = 0;
    if (e.kind == ExprKind::Unary && e.op == Op::Neg && fold(*e.args[0], &a)) return *out = -a, true;
    if (e.kind == ExprKind::Binary && fold(*e.args[0], &a) && fold(*e.args[1], &b)) return fold_op(e.op, a, b, out);
  }
  return fold_integer(e, out);
}

std::string Translator::specialization(const FunctionDecl& f, const Binding& b) {
  std::string name = fmt::format("F{}", fn_index_.at(&f));
  for (const auto& [var, slot] : f.width_vars) name += fmt::format("_{}", static_cast<int64_t>(b.at(slot)));
  for (const Param& p : f.params)
    if (auto it = b.find(p.slot); it != b.end()) name += fmt::format("_{}{}", p.name, static_cast<int64_t>(it->second));
  if (specialized_.insert(name).second) to_specialize_.push_back({&f, b, name});
  return name;
}

namespace {

// The local slots an expression names.
void names_in(const Expr* e, std::set<int32_t>& out) {
  if (!e) return;
  if (e->kind == ExprKind::Name && e->ref == RefKind::Local && e->slot >= 0) out.insert(e->slot);
  for (const Expr* a : e->args) names_in(a, out);
  for (const SliceRange& r : e->slices) {
    names_in(r.hi, out);
    names_in(r.lo, out);
  }
}

void names_in(const Type& t, std::set<int32_t>& out) {
  names_in(t.width_expr, out);
  for (const Type& e : t.elems) names_in(e, out);
}

// The argument of a builtin that is a width (Zeros(N), Extend(x, N, u),
// Elem[v, e, N]), or -1.
int width_argument(const std::string& builtin) {
  if (builtin == "Zeros" || builtin == "Ones") return 0;
  if (builtin == "ZeroExtend" || builtin == "SignExtend" || builtin == "Extend") return 1;
  if (builtin == "Elem") return 2;
  return -1;
}

}  // namespace

std::set<int32_t> Translator::width_slots(const Block& b, const std::vector<const Type*>& types) {
  std::set<int32_t> w;
  for (const Type* t : types) names_in(*t, w);
  std::function<void(const Expr*)> expr = [&](const Expr* e) {
    if (!e) return;
    for (const Expr* a : e->args) expr(a);
    // A slice's width: `x<lo +: W>`'s W, `x<hi:0>`'s hi (not a bit's index,
    // nor bounds that move together, `x<e*8+7:e*8>`).
    for (const SliceRange& r : e->slices) {
      Int lo = 0;
      if (r.plus_width) names_in(r.lo, w);
      else if (r.lo && fold_integer(*r.lo, &lo)) names_in(r.hi, w);
    }
    if (e->kind == ExprKind::Unknown) names_in(e->type, w);
    if (e->ref == RefKind::Builtin) {
      const int i = width_argument(e->name);
      if (i >= 0 && static_cast<size_t>(i) < e->args.size()) names_in(e->args[static_cast<size_t>(i)], w);
    } else if (e->ref == RefKind::Function && e->callee && e->callee->params.size() == e->args.size()) {
      const std::set<int32_t>& ps = width_params(*e->callee);
      for (size_t i = 0; i < e->args.size(); ++i)
        if (ps.count(e->callee->params[i].slot)) names_in(e->args[i], w);
    }
  };
  for_each_stmt(b, [&](const Stmt& s) {
    names_in(s.decl_type, w);
    for_each_expr(s, [&](const Expr* e, bool) { expr(e); });
  });
  // What is assigned to a width slot decides the width too.
  for (size_t before = 0; before != w.size();) {
    before = w.size();
    for_each_stmt(b, [&](const Stmt& s) {
      for (size_t i = 0; i < s.slots.size() && i < s.inits.size(); ++i)
        if (w.count(s.slots[i])) names_in(s.inits[i], w);
      if (s.kind == StmtKind::Assign && s.target && s.target->kind == ExprKind::Name &&
          s.target->ref == RefKind::Local && w.count(s.target->slot))
        names_in(s.value, w);
      if (s.kind == StmtKind::For && w.count(s.var_slot)) {
        names_in(s.from, w);
        names_in(s.to, w);
      }
    });
  }
  return w;
}

const std::set<int32_t>& Translator::width_params(const FunctionDecl& f) {
  if (auto it = width_params_.find(&f); it != width_params_.end()) return it->second;
  width_params_[&f];  // a recursive call sees none
  std::vector<const Type*> types{&f.return_type, &f.value.type};
  for (const Param& p : f.params) types.push_back(&p.type);
  const std::set<int32_t> w = width_slots(f.body, types), written = assigned_in(f.body);
  std::set<int32_t> params;
  for (const Param& p : f.params)
    if (p.type.kind == TypeKind::Integer && !p.by_ref && w.count(p.slot) && !written.count(p.slot)) params.insert(p.slot);
  return width_params_[&f] = std::move(params);
}

const std::set<int32_t>& Translator::unread_params(const FunctionDecl& f) {
  if (auto it = unread_params_.find(&f); it != unread_params_.end()) return it->second;
  unread_params_[&f];  // a recursive call sees every parameter read: none skipped
  std::set<int32_t> read;
  std::function<void(const Expr*)> expr = [&](const Expr* e) {
    if (!e) return;
    if (e->kind == ExprKind::Name && e->ref == RefKind::Local && e->slot >= 0) read.insert(e->slot);
    const bool to_function = e->ref == RefKind::Function && e->callee && e->callee->params.size() == e->args.size();
    for (size_t i = 0; i < e->args.size(); ++i)
      if (!to_function || !unread_params(*e->callee).count(e->callee->params[i].slot)) expr(e->args[i]);
    for (const SliceRange& r : e->slices) {
      expr(r.hi);
      expr(r.lo);
    }
    if (e->kind == ExprKind::Unknown) names_in(e->type, read);
  };
  for_each_stmt(f.body, [&](const Stmt& s) {
    names_in(s.decl_type, read);
    for_each_expr(s, [&](const Expr* e, bool target) {
      // An assigned name is not read; what indexes or slices it is.
      if (target && e->kind == ExprKind::Name) return;
      expr(e);
    });
  });
  names_in(f.return_type, read);
  names_in(f.value.type, read);
  std::set<int32_t> unread;
  for (const Param& p : f.params) {
    names_in(p.type, read);
    if (!p.by_ref && !read.count(p.slot)) unread.insert(p.slot);
  }
  return unread_params_[&f] = std::move(unread);
}

bool Translator::pure_expr(const Expr* e) {
  if (!e) return true;
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Builtin && !pure_builtin(e->name))
    return false;
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Function) {
    if (!e->callee) return false;
    const auto counted = result_.kept_out_by;  // not a decode's: not counted in the summary
    const bool keepable = deps_function(*e->callee).keepable;
    result_.kept_out_by = counted;
    if (!keepable || may_end_instruction(*e->callee)) return false;
  }
  for (const Expr* a : e->args)
    if (!pure_expr(a)) return false;
  for (const SliceRange& r : e->slices)
    if (!pure_expr(r.hi) || !pure_expr(r.lo)) return false;
  return true;
}

bool Translator::may_end_instruction(const FunctionDecl& f) {
  if (auto it = may_end_.find(&f); it != may_end_.end()) return it->second;
  may_end_[&f] = true;  // a recursive call: assume it may
  bool ends = !f.has_body;
  std::function<void(const Expr*)> calls = [&](const Expr* e) {
    if (!e || ends) return;
    if (e->ref == RefKind::Function && e->callee && may_end_instruction(*e->callee)) ends = true;
    for (const Expr* a : e->args) calls(a);
    for (const SliceRange& r : e->slices) {
      calls(r.hi);
      calls(r.lo);
    }
  };
  for_each_stmt(f.body, [&](const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Undefined:
      case StmtKind::Unpredictable:
      case StmtKind::ConstrainedUnpredictable:
      case StmtKind::See:
      case StmtKind::ImplDefined:
      case StmtKind::Throw: ends = true; break;
      default: break;
    }
    for_each_expr(s, [&](const Expr* e, bool) { calls(e); });
  });
  return may_end_[&f] = ends;
}

Code Translator::argument(const FunctionDecl& f, const Expr* call, size_t i) {
  const Expr* a = call->args[i];
  if (i < f.params.size() && unread_params(f).count(f.params[i].slot) && pure_expr(a)) {
    ++result_.skipped_arguments;
    if (param_ct(f, f.params[i], false) == "int64_t") return {"INT64_C(0)", "int64_t"};
    return {zero_of(f.params[i].type, a->loc), ctype(f.params[i].type)};
  }
  return ex(a);
}

std::optional<Translator::Binding> Translator::call_binding(const FunctionDecl& f, const Expr* e,
                                                           const std::vector<Code>& args, const Code* value) {
  if (!f.has_body) return std::nullopt;
  // Arguments (and a setter's value) of fixed widths for every width
  // variable: the specialization for those widths (bits(N) of the callee then
  // fixed-width types too).
  auto fixed_of = [](const Expr* a, const Code& code) { return a->type.width >= 0 ? a->type.width : fixed_width_of(code.ct); };
  Binding b;
  for (const auto& [var, slot] : f.width_vars) {
    for (size_t i = 0; i < f.params.size() && !b.count(slot); ++i) {
      const std::string* n = f.params[i].type.width_name();
      if (const int64_t w = fixed_of(e->args[i], args[i]); n && *n == var && fixed_width(w)) b[slot] = w;
    }
    const std::string* n = value ? f.value.type.width_name() : nullptr;
    if (const int64_t w = value ? fixed_width_of(value->ct) : -1; !b.count(slot) && n && *n == var && fixed_width(w))
      b[slot] = w;
  }
  if (b.size() != f.width_vars.size()) return std::nullopt;
  // Integer parameters that decide a width, with arguments known here.
  for (size_t i = 0; i < f.params.size(); ++i) {
    Int v = 0;
    if (width_params(f).count(f.params[i].slot) && fold(*e->args[i], &v)) b[f.params[i].slot] = v;
  }
  if (b.empty()) return std::nullopt;
  return b;
}

Code Translator::call(const Expr* e) {
  std::vector<Code> args;
  for (size_t i = 0; i < e->args.size(); ++i)
    args.push_back(e->ref == RefKind::Function && e->callee && e->callee->params.size() == e->args.size()
                       ? argument(*e->callee, e, i)
                       : ex(e->args[i]));
  if (e->ref == RefKind::Builtin) return builtin(e, args);
  if (e->ref != RefKind::Function || !e->callee) error(e->loc, fmt::format("the call of '{}'", e->name));
  const FunctionDecl& f = *e->callee;
  if (args.size() != f.params.size()) error(e->loc, fmt::format("the call of '{}' with {} arguments", f.name, args.size()));
  const int fi = fn_index_.at(&f);
  std::string ret = ctype(f.return_type);
  bool by_ref = false;
  for (const Param& p : f.params) by_ref = by_ref || p.by_ref;
  std::string list = "c";
  if (!by_ref) {
    const std::optional<Binding> bound = call_binding(f, e, args, nullptr);
    if (bound) {
      const Binding& b = *bound;
      const std::string name = specialization(f, b);
      const Binding* caller = binding_;
      binding_ = &b;
      ret = ctype(f.return_type, true);
      std::vector<std::string> cts;
      for (const Param& p : f.params) cts.push_back(param_ct(f, p, true));
      binding_ = caller;
      for (size_t i = 0; i < args.size(); ++i) list += ", " + as(args[i], cts[i]);
      return {fmt::format("{}({})", name, list), ret};
    }
    for (size_t i = 0; i < args.size(); ++i) list += ", " + as(args[i], param_ct(f, f.params[i], false));
    return {fmt::format("F{}({})", fi, list), ret};
  }
  // By-reference parameters of a call in an expression: temporaries (the
  // interpreter does not write them back either).
  std::string decls;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string t = tmp();
    const std::string ct = param_ct(f, f.params[i], false);
    decls += fmt::format("{} {} = {}; ", ct, t, as(args[i], ct));
    list += ", " + t;
  }
  return {fmt::format("[&]() -> {} {{ {}return F{}({}); }}()", ret == "void" ? "void" : ret, decls, fi, list), ret};
}

Code Translator::builtin(const Expr* e, const std::vector<Code>& args) {
  auto site = site_.find(e);
  if (site == site_.end()) error(e->loc, fmt::format("the builtin call '{}' (not a known call site)", e->name));
  const std::string& n = e->name;
  auto kinds = [&](std::initializer_list<TypeKind> ks) {
    if (ks.size() != args.size()) return false;
    size_t i = 0;
    for (TypeKind k : ks)
      if (e->args[i++]->type.kind != k) return false;
    return true;
  };
  using K = TypeKind;
  auto typed = [&](const std::string& code, const std::string& ct) -> Code {
    ++result_.typed[n];
    return {code, ct};
  };
  // A bits argument as it is when it has a fixed width (the typed builtins
  // have overloads for it), else as Bits.
  auto barg = [&](size_t i) { return fixed_bits_ct(args[i].ct) ? args[i].code : as(args[i], "Bits"); };
  auto fixed_arg = [&](size_t i) { return fixed_bits_ct(args[i].ct); };
  // An integer argument known when generating.
  auto constant = [&](size_t i, Int* v) { return fold(*e->args[i], v); };
  Int k = 0;
  const bool getter = e->kind == ExprKind::Index;
  if (!getter) {
    if ((n == "UInt" || n == "SInt") && kinds({K::Bits})) return typed(fmt::format("rt::{}({})", n, barg(0)), "Int");
    if (n == "Int" && kinds({K::Bits, K::Boolean}))
      return typed(fmt::format("rt::IntOf({}, {})", barg(0), as(args[1], "bool")), "Int");
    if ((n == "ZeroExtend" || n == "SignExtend") && kinds({K::Bits, K::Integer})) {
      if (fixed_arg(0) && constant(1, &k) && k >= e->args[0]->type.width && fixed_width(static_cast<int64_t>(k)))
        return typed(fmt::format("rt::{}_c<{}>({})", n, static_cast<int64_t>(k), barg(0)),
                     fixed_bits(static_cast<int64_t>(k)));
      return typed(fmt::format("rt::{}({}, {})", n, barg(0), as(args[1], "Int")), "Bits");
    }
    if ((n == "Zeros" || n == "Ones") && kinds({K::Integer})) {
      if (constant(0, &k) && fixed_width(static_cast<int64_t>(k)))
        return typed(fmt::format("{0}({1})", fixed_bits(static_cast<int64_t>(k)),
                                 n == "Zeros" ? "" : fixed_bits(static_cast<int64_t>(k)) + "::kMask"),
                     fixed_bits(static_cast<int64_t>(k)));
      return typed(fmt::format("rt::{}({})", n, as(args[0], "Int")), "Bits");
    }
    if ((n == "IsZero" || n == "IsOnes") && kinds({K::Bits})) return typed(fmt::format("rt::{}({})", n, barg(0)), "bool");
    if (n == "IsZeroBit" && kinds({K::Bits}))
      return typed(fmt::format("rt::IsZeroBit({})", barg(0)), fixed_arg(0) ? fixed_bits(1) : "Bits");
    if (n == "BitCount" && kinds({K::Bits})) return typed(fmt::format("rt::BitCount({})", barg(0)), "Int");
    if ((n == "Min" || n == "Max") && kinds({K::Integer, K::Integer}))
      return typed(fmt::format("rt::{}({}, {})", n, as(args[0], "Int"), as(args[1], "Int")), "Int");
    if (n == "Abs" && kinds({K::Integer})) return typed(fmt::format("rt::Abs({})", as(args[0], "Int")), "Int");
    if ((n == "Align" || n == "AlignDown") && kinds({K::Bits, K::Integer}) && fixed_arg(0))
      return typed(fmt::format("rt::Align({}, {}, \"{}\")", barg(0), as(args[1], "Int"), n), args[0].ct);
    if ((n == "Align" || n == "AlignDown" || n == "AlignUp") && kinds({K::Bits, K::Integer}))
      return typed(fmt::format("spec::align_bits(\"{}\", {}, {}, {})", n, as(args[0], "Bits"), as(args[1], "Int"),
                               n == "AlignUp" ? "true" : "false"),
                   "Bits");
    if (n == "Extend" && kinds({K::Bits, K::Integer, K::Boolean})) {
      if (fixed_arg(0) && constant(1, &k) && fixed_width(static_cast<int64_t>(k)))
        return typed(fmt::format("rt::Extend_c<{}>({}, {})", static_cast<int64_t>(k), barg(0), as(args[2], "bool")),
                     fixed_bits(static_cast<int64_t>(k)));
      return typed(fmt::format("rt::Extend({}, {}, {})", barg(0), as(args[1], "Int"), as(args[2], "bool")), "Bits");
    }
    // Shifts of a fixed width.
    if ((n == "LSL" || n == "LSR" || n == "ASR" || n == "ROR") && kinds({K::Bits, K::Integer}) && fixed_arg(0))
      return typed(fmt::format("rt::{}({}, {})", n, args[0].code, as(args[1], "Int")), args[0].ct);
    if ((n == "LSL_C" || n == "LSR_C" || n == "ASR_C" || n == "ROR_C") && kinds({K::Bits, K::Integer}) && fixed_arg(0))
      return typed(fmt::format("rt::{}({}, {})", n, args[0].code, as(args[1], "Int")),
                   tuple_of({args[0].ct, fixed_bits(1)}));
    if ((n == "RRX" || n == "RRX_C") && kinds({K::Bits, K::Bits}) && fixed_arg(0) && args[1].ct == fixed_bits(1))
      return typed(fmt::format("rt::{}({}, {})", n, args[0].code, args[1].code),
                   n == "RRX" ? args[0].ct : tuple_of({args[0].ct, fixed_bits(1)}));
    if ((n == "LSL" || n == "LSR") && kinds({K::Bits, K::Integer}))
      return typed(fmt::format("spec::{}_bits({}, {})", n == "LSL" ? "lsl" : "lsr", as(args[0], "Bits"), as(args[1], "Int")),
                   "Bits");
  } else {
    const Builtin& accessor = spec_builtins_->at(e->builtin);
    std::string result_ct = ctype(e->type);
    if (!fixed_bits_ct(result_ct) && accessor.unit_bits && constant(1, &k) && fixed_width(accessor.unit_bits * k))
      result_ct = fixed_bits(static_cast<int64_t>(accessor.unit_bits * k));
    if (accessor.get_word_int && kinds({K::Bits, K::Integer}) && fixed_arg(0) &&
        fixed_width_of(args[0].ct) <= 64 && fixed_bits_ct(result_ct) && fixed_width_of(result_ct) <= 64)
      return typed(fmt::format("rt::get_word_int<{}{}>(c, {}, {}.v, {})", fixed_width_of(result_ct),
                               accessor.direct ? ", true" : "", site->second,
                               args[0].code, as(args[1], "Int")),
                   result_ct);
    if (n == "Elem" && kinds({K::Bits, K::Integer, K::Integer})) {
      if (constant(2, &k) && fixed_width(static_cast<int64_t>(k)))
        return typed(fmt::format("rt::Elem_c<{}>({}, {})", static_cast<int64_t>(k), barg(0), as(args[1], "Int")),
                     fixed_bits(static_cast<int64_t>(k)));
      return typed(fmt::format("rt::Elem({}, {}, {})", barg(0), as(args[1], "Int"), as(args[2], "Int")), "Bits");
    }
  }
  // A builtin with a words entry (the FP operations) called with fixed-width
  // bits and booleans: their words, without Values.
  if (const Builtin& b = spec_builtins_->at(e->builtin); b.words && !args.empty() && fixed_bits_ct(args[0].ct) &&
                                                        fixed_width_of(args[0].ct) <= 64) {
    std::string words, widths;
    bool all = true;
    for (size_t i = 0; i < args.size() && all; ++i) {
      const std::string sep = i ? ", " : "";
      if (args[i].ct == "bool") {
        words += sep + fmt::format("uint64_t{{{}}}", args[i].code);
        widths += sep + "0";
      } else if (fixed_bits_ct(args[i].ct) && fixed_width_of(args[i].ct) <= 64) {
        words += sep + args[i].code + ".v";
        widths += sep + std::to_string(fixed_width_of(args[i].ct));
      } else {
        all = false;
      }
    }
    if (all)
      return typed(fmt::format("rt::words<{}>(c, {}, {{{}}}, {{{}}})", fixed_width_of(args[0].ct), site->second, words,
                               widths),
                   args[0].ct);
  }
  ++result_.bridged[n];
  std::string list = fmt::format("c, {}", site->second);
  for (const Code& a : args) list += ", " + a.code;
  std::string ct = ctype(e->type);
  if (ct == "void") return {fmt::format("(void)rt::bi({})", list), "void"};
  return {fmt::format("rt::conv<{}>(rt::bi({}))", ct, list), ct};
}

// ---------------------------------------------------------------------------
// Statements

void Translator::assign(const Expr* t, const Code& v) {
  switch (t->kind) {
    case ExprKind::Name:
      switch (t->ref) {
        case RefKind::Discard: line(fmt::format("(void)({});", v.code)); return;
        case RefKind::Local: {
          const std::string ct = local_ct(t->slot, slot_types_.count(t->slot) ? slot_types_[t->slot] : t->type);
          line(fmt::format("{} = {};", local(t->slot), as(v, ct)));
          return;
        }
        case RefKind::Global:
          if (const TypedGlobal* tg = typed_global(t)) {
            if (tg->count) error(t->loc, fmt::format("an assignment to the array '{}' as a whole", t->name));
            line(fmt::format("rt::put({}, {});", typed_member(t->slot), v.code));
            return;
          }
          line(fmt::format("rt::store(c.g[{}], {});", t->slot, v.code));
          return;
        default: error(t->loc, fmt::format("an assignment to '{}'", t->name));
      }
    case ExprKind::Slice:
    case ExprKind::Field:
    case ExprKind::FieldList: {
      const Expr* base = t->args[0];
      const Type& bt = base->type;
      // Record fields.
      if (t->kind == ExprKind::Field && bt.kind == TypeKind::Record) {
        const std::string r = tmp();
        const Code record = ex(base);
        line("{");
        ++indent_;
        if (rec_ct(record.ct)) {
          const std::string field_ct = ctype(bt.record_type->field_types.at(static_cast<size_t>(t->slot)));
          line(fmt::format("{} {} = {};", record.ct, r, record.code));
          line(fmt::format("std::get<{}>({}.f) = {};", t->slot, r, as(v, field_ct)));
          assign(base, {r, record.ct});
          --indent_;
          line("}");
          return;
        }
        line(fmt::format("Value {} = {};", r, as(record, "Value")));
        line(fmt::format("rt::field_ref({}, {}) = {};", r, t->slot, as(v, "Value")));
        assign(base, {r, "Value"});
        --indent_;
        line("}");
        return;
      }
      // (lo, width) of each part, most significant first.
      std::vector<std::pair<std::string, std::string>> parts;
      Int fixed_lo = -1, fixed_w = -1;  // one part at positions fixed here
      if (t->kind == ExprKind::Slice) {
        slice_parts(t, &parts);
        if (t->slices.size() == 1 && !fixed_range(t->slices[0], &fixed_lo, &fixed_w)) fixed_lo = fixed_w = -1;
      } else {
        if (!bt.is_bits() || !bt.fields) error(t->loc, "an assignment to a field of " + bt.describe());
        if (t->kind == ExprKind::Field) {
          const auto& f = bt.fields->fields.at(static_cast<size_t>(t->slot));
          parts.emplace_back(std::to_string(f.lo), std::to_string(f.hi - f.lo + 1));
          fixed_lo = f.lo, fixed_w = f.hi - f.lo + 1;
        } else {
          for (size_t i = 1; i < t->args.size(); ++i) {
            const auto& f = bt.fields->fields.at(static_cast<size_t>(t->args[i]->slot));
            parts.emplace_back(std::to_string(f.lo), std::to_string(f.hi - f.lo + 1));
          }
        }
      }
      line("{");
      ++indent_;
      // A fixed field or slice given a value of its width: no Bits made.
      const bool fixed_field = fixed_lo >= 0 && fixed_w >= 1 && v.ct == fmt::format("rt::B<{}>", static_cast<int64_t>(fixed_w));
      // The value first (as before the target is named): its code may call.
      const std::string val = tmp();
      if (fixed_field) line(fmt::format("const {} {} = {};", v.ct, val, v.code));
      else line(fmt::format("const Bits {} = {};", val, as(v, "Bits")));
      std::string target;
      bool direct = false;
      if (const std::optional<Code> var = variable(base); var && bits_ct(var->ct)) {
        target = var->code;
        direct = true;
      } else if (base->kind == ExprKind::Name && base->ref == RefKind::Global) {
        target = fmt::format("rt::bref(c.g[{}])", base->slot);
        direct = true;
      } else {
        target = tmp();
        line(fmt::format("Bits {} = {};", target, as(ex(base), "Bits")));
      }
      if (fixed_field) {
        line(fmt::format("rt::set_field<{}, {}>({}, {});", static_cast<int64_t>(fixed_lo), static_cast<int64_t>(fixed_w), target, val));
      } else if (parts.size() == 1) {
        line(fmt::format("rt::set_slice({}, {}, {}, {});", target, parts[0].first, parts[0].second, val));
      } else {
        std::string pos = tmp();
        line(fmt::format("Int {} = {}.width();", pos, val));
        for (const auto& [lo, w] : parts) {
          line(fmt::format("{} -= {};", pos, w));
          line(fmt::format("rt::set_slice({}, {}, {}, rt::slice({}, {}, {}));", target, lo, w, val, pos, w));
        }
        line(fmt::format("if ({} != 0) rt::fail(\"a field list or slices of another width than the value\");", pos));
      }
      if (!direct) assign(base, {target, "Bits"});
      --indent_;
      line("}");
      return;
    }
    case ExprKind::Index: {
      if (typed_global(t)) {
        line(fmt::format("rt::put(rt::aref({}, {}), {});", typed_member(t->slot), as_int(t->args[0]), v.code));
        return;
      }
      if (t->ref == RefKind::Local || t->ref == RefKind::Global) {
        const std::string arr = t->ref == RefKind::Local ? local(t->slot) : fmt::format("c.g[{}]", t->slot);
        line(fmt::format("rt::store(rt::aref({}, {}), {});", arr, as_int(t->args[0]), v.code));
        return;
      }
      line("{");
      ++indent_;
      if (t->ref == RefKind::Function && t->callee) {
        // The value, then the arguments, each once and in that order; then
        // the setter, specialized where the widths are fixed here (not with
        // by-reference parameters, whose temporaries are written back after).
        const FunctionDecl& f = *t->callee;
        const bool by_ref = std::any_of(f.params.begin(), f.params.end(), [](const Param& p) { return p.by_ref; });
        const Code val{tmp(), v.ct};
        line(fmt::format("const {} {} = {};", v.ct, val.code, v.code));
        std::vector<Code> args;
        for (size_t i = 0; i < t->args.size(); ++i) {
          const Code a = argument(f, t, i);
          const std::string ct = f.params.at(i).by_ref ? param_ct(f, f.params[i], false) : a.ct;
          args.push_back({tmp(), ct});
          line(fmt::format("{}{} {} = {};", f.params[i].by_ref ? "" : "const ", ct, args.back().code, as(a, ct)));
        }
        std::string callee = fmt::format("F{}", fn_index_.at(&f));
        std::vector<std::string> cts;
        const std::optional<Binding> bound = by_ref ? std::nullopt : call_binding(f, t, args, &val);
        const Binding* caller = binding_;
        if (bound) {
          callee = specialization(f, *bound);
          binding_ = &*bound;
        }
        for (const Param& p : f.params) cts.push_back(param_ct(f, p, bound.has_value()));
        const std::string value_ct = ctype(f.value.type, bound.has_value());
        binding_ = caller;
        std::string list = "c";
        for (size_t i = 0; i < args.size(); ++i) list += ", " + as(args[i], cts[i]);
        line(fmt::format("{}({}, {});", callee, list, as(val, value_ct)));
        for (size_t i = 0; i < args.size(); ++i)
          if (f.params[i].by_ref) assign(t->args[i], args[i]);
      } else if (t->ref == RefKind::Builtin) {
        auto site = site_.find(t);
        if (site == site_.end()) error(t->loc, fmt::format("the builtin setter '{}'", t->name));
        const Builtin& b = spec_builtins_->at(t->builtin);
        if (t->name == "Elem" && t->args.size() == 3 && t->args[0]->type.is_bits() &&
            t->args[1]->type.kind == TypeKind::Integer && t->args[2]->type.kind == TypeKind::Integer) {
          ++result_.typed["Elem="];
          const Expr* vector = t->args[0];
          // A variable vector (a local, a global held typed) and its C++ type.
          const Code var = variable(vector).value_or(Code{"", ""});
          const std::string& vector_ct = var.ct;
          Int size = 0;
          if (fixed_bits_ct(vector_ct) && fold(*t->args[2], &size) && fixed_width(static_cast<int64_t>(size)) &&
              size <= 64 && v.ct == fixed_bits(static_cast<int64_t>(size))) {
            // A fixed-width element of a fixed-width variable: a shift and a mask in place.
            line(fmt::format("rt::SetElem_c<{}>({}, {}, {});", static_cast<int64_t>(size), var.code,
                             as_int(t->args[1]), v.code));
          } else {
            const std::string val = tmp();
            line(fmt::format("const Bits {} = {};", val, as(v, "Bits")));
            if (bits_ct(vector_ct)) {
              // A variable vector is written in place (no copy out and back).
              line(fmt::format("rt::SetElem({}, {}, {}, {});", var.code, as_int(t->args[1]),
                               as_int(t->args[2]), val));
            } else {
              const std::string vec = tmp();
              line(fmt::format("Bits {} = {};", vec, as(ex(vector), "Bits")));
              line(fmt::format("rt::SetElem({}, {}, {}, {});", vec, as_int(t->args[1]), as_int(t->args[2]), val));
              assign(vector, {vec, "Bits"});
            }
          }
        } else if (const std::string index_ct = t->args.size() == 2 ? ctype(t->args[0]->type) : "";
                   b.set_word_int && fixed_bits_ct(index_ct) && fixed_width_of(index_ct) <= 64 &&
                   t->args[1]->type.kind == TypeKind::Integer && fixed_bits_ct(v.ct) && fixed_width_of(v.ct) <= 64) {
          ++result_.typed[t->name + "="];
          line(fmt::format("rt::set_word_int<{}{}>(c, {}, {}.v, {}, {});", fixed_width_of(v.ct),
                           b.direct ? ", true" : "", site->second, as(ex(t->args[0]), index_ct), as_int(t->args[1]),
                           v.code));
        } else {
          ++result_.bridged[t->name + "="];
          std::string list = fmt::format("c, {}", site->second);
          const std::string first = tmp();
          if (b.writes_first_arg) {
            line(fmt::format("Value {};", first));
            list += ", " + first;
          }
          for (const Expr* a : t->args) list += ", " + ex(a).code;
          list += ", " + v.code;
          line(fmt::format("rt::{}({});", b.writes_first_arg ? "bi_w" : "bi", list));
          if (b.writes_first_arg && !t->args.empty()) assign(t->args[0], {first, "Value"});
        }
      } else {
        error(t->loc, fmt::format("an assignment to '{}'", t->name));
      }
      --indent_;
      line("}");
      return;
    }
    case ExprKind::Tuple: {
      line("{");
      ++indent_;
      const std::string tv = tmp();
      line(fmt::format("const auto& {} = {};", tv, v.code));
      auto it = tuple_elems_.find(v.ct);
      for (size_t i = 0; i < t->args.size(); ++i) {
        const std::string ect = it != tuple_elems_.end() && i < it->second.size() ? it->second[i] : "Value";
        assign(t->args[i], {fmt::format("rt::tget<{}>({})", i, tv), ect});
      }
      --indent_;
      line("}");
      return;
    }
    default: error(t->loc, "an assignment to this expression");
  }
}

void Translator::stmt(const Stmt* s) {
  std::string text = sources_.line_text(s->loc);
  while (!text.empty() && (text.back() == '\\' || text.back() == '\r' || text.back() == ' ')) text.pop_back();
  size_t b = text.find_first_not_of(" \t");
  line("// " + (b == std::string::npos ? text : text.substr(b)));
  line(fmt::format("c.at = {};", statement_index(s->loc)));
  switch (s->kind) {
    case StmtKind::VarDecl: {
      if (s->decl_type.kind == TypeKind::Tuple && s->names.size() > 1) {
        const Expr* init = s->value;
        for (const Expr* i : s->inits)
          if (!init && i) init = i;
        const Code v = init ? ex(init) : Code{zero_of(s->decl_type, s->loc, true), ctype(s->decl_type, true)};
        line("{");
        ++indent_;
        const std::string tv = tmp();
        line(fmt::format("const auto& {} = {};", tv, v.code));
        auto it = tuple_elems_.find(v.ct);
        for (size_t i = 0; i < s->slots.size(); ++i) {
          if (s->slots[i] < 0) continue;
          const std::string ect = it != tuple_elems_.end() && i < it->second.size() ? it->second[i] : "Value";
          const std::string ct = local_ct(s->slots[i]);
          line(fmt::format("{} = {};", local(s->slots[i]), as({fmt::format("rt::tget<{}>({})", i, tv), ect}, ct)));
        }
        --indent_;
        line("}");
        return;
      }
      for (size_t i = 0; i < s->slots.size(); ++i) {
        const Expr* init = i < s->inits.size() ? s->inits[i] : nullptr;
        const std::string ct = local_ct(s->slots[i]);
        if (init) line(fmt::format("{} = {};", local(s->slots[i]), as(ex(init), ct)));
        else line(fmt::format("{} = {};", local(s->slots[i]), zero_of(s->decl_type, s->loc, true)));
      }
      return;
    }
    case StmtKind::Assign: {
      const Code v = ex(s->value);
      if (v.ct == "void") error(s->loc, "the assignment of a procedure's result");
      assign(s->target, v);
      return;
    }
    case StmtKind::Call: line(fmt::format("(void)({});", ex(s->value).code)); return;
    case StmtKind::If:
      for (size_t i = 0; i < s->conds.size(); ++i) {
        line(fmt::format("{}if ({}) {{", i ? "} else " : "", as(ex(s->conds[i]), "bool")));
        ++indent_;
        block(s->blocks[i]);
        --indent_;
      }
      if (s->blocks.size() > s->conds.size()) {
        line("} else {");
        ++indent_;
        block(s->blocks.back());
        --indent_;
      }
      line("}");
      return;
    case StmtKind::Case: {
      const Code subj = ex(s->value);
      line("{");
      ++indent_;
      const std::string sv = tmp();
      line(fmt::format("const auto& {} = {};", sv, subj.ct == "int64_t" ? as(subj, "Int") : subj.code));
      bool first = true;
      for (size_t i = 0; i < s->blocks.size(); ++i) {
        const bool otherwise = s->has_otherwise && i + 1 == s->blocks.size();
        if (otherwise) {
          line(first ? "{" : "} else {");
        } else {
          std::string m;
          for (const Expr* l : s->labels[i]) m += (m.empty() ? "" : " || ") + match(sv, l);
          if (m.empty()) m = "false";
          line(fmt::format("{}if ({}) {{", first ? "" : "} else ", m));
        }
        first = false;
        ++indent_;
        block(s->blocks[i]);
        --indent_;
      }
      if (!s->has_otherwise) {
        line(first ? "{" : "} else {");
        line(fmt::format("  rt::fail(\"no case matches \" + rt::conv<Value>({}).describe());", sv));
      }
      line("}");
      --indent_;
      line("}");
      return;
    }
    case StmtKind::For: {
      const std::string from = tmp(), to = tmp(), i = tmp();
      line("{");
      ++indent_;
      // A 64-bit counter where the ranges bound it, and its step past the
      // last value cannot overflow either.
      const IntRange counter = ranges_->slot(scope_, s->var_slot);
      const std::string ict =
          local_ct(s->var_slot) == "int64_t" && (counter.empty() || (counter.lo > INT64_MIN && counter.hi < INT64_MAX))
              ? "int64_t"
              : "Int";
      line(fmt::format("const {} {} = {}, {} = {};", ict, from, as(ex(s->from), ict), to, as(ex(s->to), ict)));
      line(fmt::format("for ({} {} = {}; {} {} {}; {}{}) {{", ict, i, from, i, s->down ? ">=" : "<=", to, s->down ? "--" : "++", i));
      ++indent_;
      line(fmt::format("{} = {};", local(s->var_slot), i));
      block(s->body);
      --indent_;
      line("}");
      --indent_;
      line("}");
      return;
    }
    case StmtKind::While:
      line(fmt::format("while ({}) {{", as(ex(s->value), "bool")));
      ++indent_;
      block(s->body);
      --indent_;
      line("}");
      return;
    case StmtKind::Repeat:
      line("do {");
      ++indent_;
      block(s->body);
      --indent_;
      line(fmt::format("}} while (!{});", as(ex(s->value), "bool")));
      return;
    case StmtKind::Return:
      // The decode's values are kept when it ends (Translator::encoding).
      if (in_decode_) error(s->loc, "a return in an encoding's decode");
      if (in_encoding_ || return_ct_ == "void") {
        if (s->value) line(fmt::format("(void)({});", ex(s->value).code));
        line("return;");
      } else {
        if (!s->value) error(s->loc, "a return without a value from a function");
        line(fmt::format("return {};", as(ex(s->value), return_ct_)));
      }
      return;
    case StmtKind::Assert:
      line(fmt::format("if (!{}) rt::fail(\"assertion failed\");", as(ex(s->value), "bool")));
      return;
    case StmtKind::Undefined:
    case StmtKind::Unpredictable:
    case StmtKind::ConstrainedUnpredictable:
    case StmtKind::See:
    case StmtKind::Throw: {
      const char* kind = s->kind == StmtKind::Undefined                  ? "Undefined"
                         : s->kind == StmtKind::Unpredictable            ? "Unpredictable"
                         : s->kind == StmtKind::ConstrainedUnpredictable ? "ConstrainedUnpredictable"
                         : s->kind == StmtKind::See                      ? "See"
                                                                         : "Exception";
      std::string detail;
      if (s->kind == StmtKind::See && s->value)
        detail = s->value->kind == ExprKind::Literal ? s->value->literal.as_string() : s->value->name;
      if (s->kind == StmtKind::Throw && s->value) detail = s->value->name;
      line(fmt::format("rt::end(EndOfInstruction::Kind::{}, {}, {}, {}, \"{}\");", kind, s->loc.file, s->loc.line,
                       s->loc.col, escape(detail)));
      return;
    }
    case StmtKind::ImplDefined: return;
  }
  error(s->loc, "this statement");
}

// ---------------------------------------------------------------------------
// What a decode depends on

// Builtins without effects and reading no state: a decode that calls only
// these (and functions that do) gives the same values for the same word and
// globals. Any other builtin makes the decode run every time.
bool pure_builtin(const std::string& n) {
  static const std::unordered_set<std::string> pure = {
      "UInt", "SInt", "Int", "ZeroExtend", "SignExtend", "Extend", "Zeros", "Ones", "IsZero", "IsOnes",
      "IsZeroBit", "BitCount", "Min", "Max", "Abs", "Align", "AlignDown", "AlignUp", "LSL", "LSR", "ASR",
      "ROR", "LSL_C", "LSR_C", "ASR_C", "ROR_C", "RRX", "RRX_C", "Replicate", "Elem", "HighestSetBit",
      "LowestSetBit", "CountLeadingZeroBits", "CountLeadingSignBits", "Len", "RoundDown", "RoundUp",
      "RoundTowardsZero", "Real", "NOT", "IsEven", "IsOdd", "Log2", "IsPow2", "SignedSat", "UnsignedSat",
      "SignedSatQ", "UnsignedSatQ", "SatQ", "Sat",
      // The configuration's features, fixed for a run.
      "IsFeatureImplemented"};
  return pure.count(n) != 0;
}

void Translator::deps_expr(const Expr* e, Deps& d, bool written) {
  if (!e) return;
  // A field of a bits global read (APSR.C): only those bits matter, when they
  // lie in one 64-bit word.
  if (!written && e->kind == ExprKind::Field && e->args[0]->kind == ExprKind::Name &&
      e->args[0]->ref == RefKind::Global && e->args[0]->type.is_bits() && e->args[0]->type.fields) {
    const auto& f = e->args[0]->type.fields->fields.at(static_cast<size_t>(e->slot));
    if (f.lo / 64 == f.hi / 64) {
      d.reads.emplace(e->args[0]->slot, static_cast<int32_t>(f.lo), static_cast<int32_t>(f.hi - f.lo + 1));
      return;
    }
  }
  const bool global = (e->kind == ExprKind::Name || e->kind == ExprKind::Index) && e->ref == RefKind::Global;
  if (global) {
    if (written) d.keepable = false;
    d.reads.emplace(e->slot, 0, 0);
  }
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Function && e->callee) {
    const Deps& f = deps_function(*e->callee);
    d.reads.insert(f.reads.begin(), f.reads.end());
    d.keepable = d.keepable && f.keepable;
    // A setter called as an assignment's target writes what its body writes
    // (its deps say so); its arguments are read.
  }
  bool writes_first_arg = false;
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Builtin) {
    // A pure accessor assigned to (Elem[x, e, size] = v) writes its first argument only.
    writes_first_arg = written && spec_builtins_->at(e->builtin).writes_first_arg;
    if (!pure_builtin(e->name) || (written && !writes_first_arg)) {
      d.keepable = false;
      result_.kept_out_by[e->name]++;
    }
  }
  // The base of a slice, a field or a field list assigned to is written too.
  const bool base_written =
      (written && (e->kind == ExprKind::Slice || e->kind == ExprKind::Field || e->kind == ExprKind::FieldList)) ||
      writes_first_arg;
  for (size_t i = 0; i < e->args.size(); ++i)
    deps_expr(e->args[i], d, (base_written && i == 0) || (written && e->kind == ExprKind::Tuple));
  for (const SliceRange& r : e->slices) {
    deps_expr(r.hi, d);
    deps_expr(r.lo, d);
  }
}

void Translator::deps_block(const Block& b, Deps& d) {
  for_each_stmt(b, [&](const Stmt& s) { for_each_expr(s, [&](const Expr* e, bool target) { deps_expr(e, d, target); }); });
}

const Translator::Deps& Translator::deps_function(const FunctionDecl& f) {
  auto it = fn_deps_.find(&f);
  if (it != fn_deps_.end()) return it->second;
  // A recursive call sees an unknown function (not keepable).
  fn_deps_[&f] = Deps{{}, false};
  Deps d;
  if (f.has_body) deps_block(f.body, d);
  else d.keepable = false;  // a function without a body (a native): unknown
  return fn_deps_[&f] = std::move(d);
}

// ---------------------------------------------------------------------------
// Frames

void Translator::collect_expr(const Expr* e) {
  if (!e) return;
  if ((e->kind == ExprKind::Name || e->kind == ExprKind::Index) && e->ref == RefKind::Local && e->slot >= 0 &&
      !slot_types_.count(e->slot))
    slot_types_[e->slot] = e->type.kind == TypeKind::Any ? e->type : e->type;
  if (e->kind == ExprKind::Index && e->ref == RefKind::Local) slot_types_[e->slot] = Type::of(TypeKind::Array);
  for (const Expr* a : e->args) collect_expr(a);
  for (const SliceRange& r : e->slices) {
    collect_expr(r.hi);
    collect_expr(r.lo);
  }
}

void Translator::collect_slots(const Block& b) {
  for (const Stmt* s : b) {
    if (s->kind == StmtKind::VarDecl) {
      for (size_t i = 0; i < s->slots.size(); ++i) {
        if (s->slots[i] < 0) continue;
        Type t = s->decl_type.kind == TypeKind::Tuple && s->names.size() > 1 ? s->decl_type.elems.at(i) : s->decl_type;
        slot_types_[s->slots[i]] = t;
      }
    }
    if (s->kind == StmtKind::For) slot_types_[s->var_slot] = Type::of(TypeKind::Integer);
    collect_slots(s->body);
    for (const Block& x : s->blocks) collect_slots(x);
  }
  // References second: declarations win.
  std::vector<const Stmt*> stack(b.begin(), b.end());
  while (!stack.empty()) {
    const Stmt* s = stack.back();
    stack.pop_back();
    for (const Expr* i : s->inits) collect_expr(i);
    collect_expr(s->target);
    collect_expr(s->value);
    for (const Expr* c : s->conds) collect_expr(c);
    collect_expr(s->from);
    collect_expr(s->to);
    for (const Stmt* x : s->body) stack.push_back(x);
    for (const Block& x : s->blocks)
      for (const Stmt* y : x) stack.push_back(y);
  }
}

// Every local slot a block names: in expressions, assignment targets, loop
// variables and the widths of declared types.
void Translator::slots_used(const Block& b, std::set<int32_t>& out) {
  std::function<void(const Expr*)> expr;
  std::function<void(const Type&)> type = [&](const Type& t) {
    expr(t.width_expr);
    for (const Type& e : t.elems) type(e);
  };
  expr = [&](const Expr* e) {
    if (!e) return;
    if ((e->kind == ExprKind::Name || e->kind == ExprKind::Index) && e->ref == RefKind::Local && e->slot >= 0)
      out.insert(e->slot);
    for (const Expr* a : e->args) expr(a);
    for (const SliceRange& r : e->slices) {
      expr(r.hi);
      expr(r.lo);
    }
    if (e->kind == ExprKind::Unknown) type(e->type);
  };
  for_each_stmt(b, [&](const Stmt& s) {
    type(s.decl_type);
    for (int32_t slot : s.slots)
      if (slot >= 0) out.insert(slot);
    for_each_expr(s, [&](const Expr* e, bool) { expr(e); });
    if (s.kind == StmtKind::For) out.insert(s.var_slot);
  });
}

// Slots written by an assignment (a parameter written is copied).
void Translator::collect_assigned(const Block& b) {
  std::function<void(const Expr*)> target = [&](const Expr* e) {
    if (!e) return;
    if ((e->kind == ExprKind::Name || e->kind == ExprKind::Index) && e->ref == RefKind::Local) assigned_.insert(e->slot);
    if (e->kind == ExprKind::Slice || e->kind == ExprKind::Field || e->kind == ExprKind::FieldList) target(e->args[0]);
    if (e->kind == ExprKind::Tuple)
      for (const Expr* a : e->args) target(a);
    // A setter writes its by-reference arguments; a builtin accessor that
    // says so (Elem[x, e, size] = v) its first only, others none.
    if (e->kind == ExprKind::Index && e->ref != RefKind::Local)
      for (size_t i = 0; i < e->args.size(); ++i) {
        bool written = true;  // not known: every argument
        if (e->ref == RefKind::Builtin) written = i == 0 && spec_builtins_->at(e->builtin).writes_first_arg;
        else if (e->ref == RefKind::Function && e->callee)
          written = i < e->callee->params.size() && e->callee->params[i].by_ref;
        if (written) target(e->args[i]);
      }
  };
  for (const Stmt* s : b) {
    if (s->kind == StmtKind::Assign) target(s->target);
    if (s->kind == StmtKind::For) assigned_.insert(s->var_slot);
    collect_assigned(s->body);
    for (const Block& x : s->blocks) collect_assigned(x);
  }
}

void Translator::declare_slots(const std::set<int32_t>& skip) {
  for (const auto& [slot, t] : slot_types_) {
    if (skip.count(slot)) continue;
    std::string ct = local_ct(slot, t);
    if (ct == "void") ct = "Value";
    line(fmt::format("[[maybe_unused]] {} {}{{}};", ct, local(slot)));
  }
}

std::string Translator::param_type(const FunctionDecl& f, const Param& p, bool value_param) {
  const std::string ct = local_ct(p.slot, p.type);
  if (p.by_ref) return ct + "&";
  if (assigned_.count(p.slot)) return ct;
  if (ct == "Int" || ct == "int64_t" || ct == "bool" || ct == "double" || ct == "rt::En" || fixed_bits_ct(ct)) return ct;
  return "const " + ct + "&";
}

std::string Translator::prototype(const FunctionDecl& f, const std::string& name, const Binding* binding) {
  // Which parameters are written decides how they are passed.
  assigned_.clear();
  collect_assigned(f.body);
  binding_ = binding;
  scope_ = &f;
  const std::string s = signature(f, name, false) + ";\n";
  binding_ = nullptr;
  scope_ = nullptr;
  return s;
}

namespace {

// The statements of a function without loops; none when it has one.
std::optional<size_t> statements_without_loops(const FunctionDecl& f) {
  size_t statements = 0;
  bool loops = false;
  for_each_stmt(f.body, [&](const Stmt& st) {
    ++statements;
    loops = loops || st.kind == StmtKind::For || st.kind == StmtKind::While || st.kind == StmtKind::Repeat;
  });
  if (loops) return std::nullopt;
  return statements;
}

}  // namespace

bool Translator::always_inline(const FunctionDecl& f) {
  // A short function without loops (an accessor, MemA of one size) is
  // inlined always: its callers are instruction bodies, where a call's
  // saved registers and frame cost more than its few statements. So is one
  // of up to 16 statements that such a function calls, so that what the
  // short one passes folds into it: ConditionHolds(CurrentCond()) in
  // ConditionPassed is TRUE outside IT blocks without a call.
  auto is_short = [](const FunctionDecl& g) {
    const auto n = statements_without_loops(g);
    return n && *n <= 6;
  };
  const auto n = statements_without_loops(f);
  if (!n || *n > 16) return false;
  // A recursive function (FPReduce halving its vector) cannot be inlined into itself.
  bool recursive = false;
  for_each_stmt(f.body, [&](const Stmt& st) {
    for_each_expr(st, [&](const Expr* e, bool) { recursive = recursive || (e->ref == RefKind::Function && e->callee == &f); });
  });
  if (recursive) return false;
  if (*n <= 6) return true;
  if (!called_from_short_) {
    called_from_short_.emplace();
    for (const FunctionDecl* g : spec_.module().functions)
      if (g->has_body && is_short(*g))
        for_each_stmt(g->body, [&](const Stmt& st) {
          for_each_expr(st, [&](const Expr* e, bool) {
            if (e->ref == RefKind::Function && e->callee) called_from_short_->insert(e->callee);
          });
        });
  }
  return called_from_short_->count(&f) > 0;
}

std::string Translator::signature(const FunctionDecl& f, const std::string& name, bool named) {
  std::string ret = ctype(f.return_type, true);
  const bool short_fn = always_inline(f);
  std::string s = fmt::format("[[maybe_unused{}]] static {}{} {}(rt::Ctx& c", short_fn ? ", gnu::always_inline" : "",
                              short_fn ? "inline " : "", ret, name);
  auto param = [&](const Param& p, bool value_param) {
    // A parameter the specialization binds is a constant in the body (function()).
    const bool use = named && !(binding_ && binding_->count(p.slot));
    s += fmt::format(", {}{}{}", param_type(f, p, value_param), use ? " " : "", use ? local(p.slot) : "");
  };
  for (const Param& p : f.params) param(p, false);
  if (f.kind == FunctionKind::Setter) param(f.value, true);
  return s + ")";
}

void Translator::function(const FunctionDecl& f, const std::string& name, const Binding* binding) {
  binding_ = binding;
  std::optional<IntRanges> special;
  if (binding) special.emplace(base_ranges_.specialized(f, *binding));
  ranges_ = special ? &*special : &base_ranges_;
  scope_ = &f;
  slot_types_.clear();
  assigned_.clear();
  for (const Param& p : f.params) slot_types_[p.slot] = p.type;
  if (f.kind == FunctionKind::Setter) slot_types_[f.value.slot] = f.value.type;
  for (const auto& [name, slot] : f.width_vars) slot_types_[slot] = Type::of(TypeKind::Integer);
  collect_slots(f.body);
  collect_assigned(f.body);
  return_ct_ = ctype(f.return_type, true);
  in_encoding_ = false;
  body_ << "// " << sources_.name(f.loc.file) << ":" << f.loc.line << ": " << f.name;
  if (binding) {
    body_ << ", specialized:";
    for (const auto& [var, slot] : f.width_vars) body_ << " " << var << " = " << int_lit(binding->at(slot));
    for (const Param& p : f.params)
      if (auto it = binding->find(p.slot); it != binding->end()) body_ << " " << p.name << " = " << int_lit(it->second);
  }
  body_ << "\n" << signature(f, name, true) << " {\n";
  std::set<int32_t> skip;
  for (const Param& p : f.params) skip.insert(p.slot);
  if (f.kind == FunctionKind::Setter) skip.insert(f.value.slot);
  for (const auto& [name, slot] : f.width_vars) {
    skip.insert(slot);
    std::string init = "Int(0)";
    if (binding) {
      init = int_lit(binding->at(slot));
    } else {
      for (const Param& p : f.params)
        if (const std::string* n = p.type.width_name(); n && *n == name) {
          init = fmt::format("Int({}.width())", local(p.slot));
          break;
        }
    }
    line(fmt::format("[[maybe_unused]] {} {} = {};", local_ct(slot), local(slot), as({init, "Int"}, local_ct(slot))));
  }
  if (binding)
    for (const Param& p : f.params)
      if (auto it = binding->find(p.slot); it != binding->end())
        line(fmt::format("[[maybe_unused]] const {} {} = {};", local_ct(p.slot, p.type), local(p.slot),
                         as({int_lit(it->second), "Int"}, local_ct(p.slot, p.type))));
  declare_slots(skip);
  block(f.body);
  if (return_ct_ != "void") line(fmt::format("rt::fail(\"{} ended without returning a value\");", f.name));
  body_ << "}\n\n";
  binding_ = nullptr;
  scope_ = nullptr;
  ranges_ = &base_ranges_;
}

std::optional<std::set<Int>> Translator::expr_values(const Block& decode, const Expr* e, int depth) {
  constexpr size_t kMany = 16;
  Int v = 0;
  if (fold_integer(*e, &v)) return std::set<Int>{v};
  if (e->kind == ExprKind::Name && e->ref == RefKind::Local) return decode_values(decode, e->slot, depth + 1);
  if (e->kind == ExprKind::IfThenElse) {
    auto a = expr_values(decode, e->args[1], depth), b = expr_values(decode, e->args[2], depth);
    if (!a || !b) return std::nullopt;
    a->insert(b->begin(), b->end());
    return a->size() <= kMany ? a : std::nullopt;
  }
  if (e->kind == ExprKind::Binary) {
    auto a = expr_values(decode, e->args[0], depth), b = expr_values(decode, e->args[1], depth);
    if (!a || !b) return std::nullopt;
    std::set<Int> out;
    for (Int x : *a)
      for (Int y : *b) {
        if (!fold_op(e->op, x, y, &v)) return std::nullopt;
        out.insert(v);
      }
    return out.size() <= kMany ? std::optional(out) : std::nullopt;
  }
  // UInt of a few bits: every value they can hold.
  if (e->kind == ExprKind::Call && e->ref == RefKind::Builtin && e->name == "UInt" && e->args.size() == 1 &&
      e->args[0]->type.width >= 1 && e->args[0]->type.width <= 4) {
    std::set<Int> out;
    for (Int x = 0; x < (Int{1} << e->args[0]->type.width); ++x) out.insert(x);
    return out;
  }
  return std::nullopt;
}

std::optional<std::set<Int>> Translator::decode_values(const Block& decode, int32_t slot, int depth) {
  if (depth > 4) return std::nullopt;
  std::set<Int> out;
  bool known = true, assigned = false;
  auto add = [&](const Expr* value) {
    assigned = true;
    auto v = value ? expr_values(decode, value, depth) : std::nullopt;
    if (v) out.insert(v->begin(), v->end());
    else known = false;
  };
  for_each_stmt(decode, [&](const Stmt& s) {
    for (size_t i = 0; i < s.slots.size(); ++i)
      if (s.slots[i] == slot && (i < s.inits.size() && s.inits[i])) add(s.inits[i]);
    if (s.kind == StmtKind::Assign && s.target) {
      std::set<int32_t> written;
      names_in(s.target, written);
      if (written.count(slot))
        add(s.target->kind == ExprKind::Name ? s.value : nullptr);  // a tuple or a slice: not followed
    }
    if (s.kind == StmtKind::For && s.var_slot == slot) known = false;
  });
  if (!known || !assigned) return std::nullopt;
  return out;
}

// An encoding's decode and operation apart. S<k> holds what the operation
// reads of the decode's values (fields, decode-time locals); D<k> fills one
// from a word, X<k> runs the operation from one; N<k> and Z<k> make and free
// one for the tables.
void Translator::encoding(const InstructionSpec& inst, const Encoding& enc, size_t k) {
  // The frame's fields and where each lies in the word decoded.
  const auto where = enc.compiled_fields();
  std::set<int32_t> fields, in_decode, in_operation;
  for (size_t i = 0; i < where.size(); ++i) fields.insert(static_cast<int32_t>(i));
  slots_used(enc.decode, in_decode);
  slots_used(enc.operation, in_operation);
  slot_types_.clear();
  assigned_.clear();
  scope_ = &enc;
  for (int32_t f : fields) slot_types_[f] = Type::bits(static_cast<int32_t>(where[static_cast<size_t>(f)].second));
  collect_slots(enc.decode);
  collect_slots(enc.operation);
  std::vector<int32_t> kept;  // slots the decode sets (or fields) that the operation reads
  for (int32_t slot : in_operation)
    if ((fields.count(slot) || in_decode.count(slot)) && slot_types_.count(slot)) kept.push_back(slot);
  auto slot_ct = [&](int32_t slot) {
    const std::string ct = local_ct(slot);
    return ct == "void" ? std::string("Value") : ct;
  };
  auto declare = [&](const std::set<int32_t>& used, const std::set<int32_t>& skip) {
    for (int32_t slot : used)
      if (!skip.count(slot) && slot_types_.count(slot))
        line(fmt::format("[[maybe_unused]] {} {}{{}};", slot_ct(slot), local(slot)));
  };
  body_ << fmt::format("// {} {}: {}\n", inst.name, enc.name, enc.diagram_text);
  body_ << "namespace {\n" << fmt::format("struct S{} {{\n", k);
  std::map<int32_t, std::string> state_ct;  // the C++ type of each kept slot in S<k>
  for (int32_t slot : kept) state_ct[slot] = slot_ct(slot);
  for (int32_t slot : kept) body_ << fmt::format("  {} {}{{}};\n", state_ct[slot], local(slot));
  body_ << "};\n}  // namespace\n";
  body_ << fmt::format("void* N{0}() {{ return new S{0}(); }}\n", k);
  body_ << fmt::format("void Z{0}(void* s) {{ delete static_cast<S{0}*>(s); }}\n\n", k);
  in_encoding_ = true;
  return_ct_ = "void";
  // The decode.
  body_ << fmt::format("void D{}(rt::Ctx& c, const Bits& word, void* state) {{\n", k);
  for (int32_t f : fields) {
    const auto [lo, width] = where[static_cast<size_t>(f)];
    line(fmt::format("[[maybe_unused]] {} {} = rt::slice_c<{}, {}>(word);", slot_ct(f), local(f), lo, width));
  }
  declare(in_decode, fields);
  in_decode_ = true;
  block(enc.decode);
  in_decode_ = false;
  line(fmt::format("[[maybe_unused]] auto& s = *static_cast<S{}*>(state);", k));
  for (int32_t slot : kept) line(fmt::format("s.{0} = std::move({0});", local(slot)));
  body_ << "}\n\n";
  // The operation.
  // Specialized for the values its decode gives the slots that decide widths
  // in the operation (esize 8, 16, 32; msize 8), so that bits(esize) is a
  // B<8> and the helpers it calls are specialized in turn; X<k> picks the
  // variant from the decoded values, and runs the generic body for others.
  const std::set<int32_t> width = width_slots(enc.operation, {});
  const std::set<int32_t> written = assigned_in(enc.operation);
  std::vector<std::pair<int32_t, std::vector<Int>>> bound;
  size_t variants = 1;
  for (int32_t slot : kept) {
    if (!width.count(slot) || written.count(slot) || fields.count(slot) || slot_types_[slot].kind != TypeKind::Integer)
      continue;
    auto values = decode_values(enc.decode, slot);
    if (!values || values->empty() || variants * values->size() > kMaxVariants) continue;
    variants *= values->size();
    bound.emplace_back(slot, std::vector<Int>(values->begin(), values->end()));
  }
  std::vector<std::string> dispatch;
  result_.specialized_operations += !bound.empty();
  if (!bound.empty()) {
    for (size_t vi = 0; vi < variants; ++vi) {
      Binding b;
      std::string test;
      for (size_t i = 0, rest = vi; i < bound.size(); ++i) {
        const auto& [slot, values] = bound[i];
        const Int v = values[rest % values.size()];
        rest /= values.size();
        b[slot] = v;
        test += fmt::format("{}s.{} == {}", i ? " && " : "", local(slot), int_lit(v));
      }
      binding_ = &b;
      body_ << fmt::format("static void X{}_{}(rt::Ctx& c, const S{}& s) {{\n", k, vi, k);
      for (int32_t slot : kept) {
        if (b.count(slot)) {
          line(fmt::format("[[maybe_unused]] const {} {} = {};", local_ct(slot), local(slot),
                           as({int_lit(b.at(slot)), "Int"}, local_ct(slot))));
          continue;
        }
        // A kept bits(datasize) is Bits in the state and fixed-width here.
        const std::string ct = slot_ct(slot);
        line(ct == state_ct[slot] ? fmt::format("[[maybe_unused]] {0} {1} = s.{1};", ct, local(slot))
                                  : fmt::format("[[maybe_unused]] {0} {1} = rt::conv<{0}>(s.{1});", ct, local(slot)));
      }
      declare(in_operation, std::set<int32_t>(kept.begin(), kept.end()));
      block(enc.operation);
      body_ << "}\n\n";
      binding_ = nullptr;
      dispatch.push_back(fmt::format("if ({}) return X{}_{}(c, s);", test, k, vi));
    }
  }
  body_ << fmt::format("void X{}(rt::Ctx& c, const void* state) {{\n", k);
  line(fmt::format("[[maybe_unused]] const auto& s = *static_cast<const S{}*>(state);", k));
  for (const std::string& d : dispatch) line(d);
  for (int32_t slot : kept) line(fmt::format("[[maybe_unused]] {0} {1} = s.{1};", state_ct[slot], local(slot)));
  declare(in_operation, std::set<int32_t>(kept.begin(), kept.end()));
  block(enc.operation);
  body_ << "}\n\n";
  scope_ = nullptr;
}

std::string Translator::globals_struct() const {
  std::ostringstream out;
  out << "// The globals held typed (rt::Ctx::typed), g<slot> each.\nstruct Globals {\n";
  for (const auto& [slot, tg] : typed_globals_)
    out << fmt::format("  {} g{}{{}};  // {}\n", tg.ct, slot, spec_.module().globals.at(static_cast<size_t>(slot)).name);
  out << "};\ninline Globals& G(rt::Ctx& c) { return *static_cast<Globals*>(c.typed); }\n\n";
  return out.str();
}

std::string Translator::globals_transfer() const {
  std::ostringstream load, store, table;
  load << "void LoadTyped(rt::Ctx& c) {\n";
  store << "void StoreTyped(rt::Ctx& c) {\n";
  table << "const CompiledTarget::TypedGlobal kTyped[] = {";
  for (const auto& [slot, tg] : typed_globals_) {
    load << fmt::format("  rt::load({}, c.g[{}]);\n", typed_member(slot), slot);
    store << fmt::format("  rt::write_back(c.g[{}], {});\n", slot, typed_member(slot));
    const int64_t w = fixed_width_of(tg.elem_ct);
    const char kind = w > 64             ? 'w'
                      : w > 0            ? 'b'
                      : tg.elem_ct == "bool" ? 'z'
                      : tg.elem_ct == "Int"  ? 'i'
                      : tg.elem_ct == "rt::En" ? 'e'
                                               : 'r';
    table << fmt::format("\n    {{{0}, offsetof(Globals, g{0}), '{1}', {2}, {3}, sizeof(Globals::g{0})}},", slot, kind,
                         std::max<int64_t>(w, 0), tg.count);
  }
  load << "}\n";
  store << "}\n";
  table << "\n    {-1, 0, 0, 0, 0, 0}};\n";
  return load.str() + store.str() + "void* NewTyped() { return new Globals(); }\n" +
         "void FreeTyped(void* g) { delete static_cast<Globals*>(g); }\n" + table.str();
}

TranslateResult Translator::run(size_t parts) {
  if (parts == 0) parts = 1;
  const auto& fns = spec_.module().functions;
  const std::string ns = "mlisa::spec::compiled_" + spec_.target();
  // What every part starts with: the functions are static in each part that
  // uses them (so that the compiler can inline them into the encodings); the
  // encodings have external linkage, for the tables in part 0.
  std::ostringstream head;
  head << "// Generated by mlisa-spec2cpp from the " << spec_.target()
       << " specs (isa/" << spec_.target() << "/*.isa); do not edit. docs/compiled.md\n"
       << "#include \"spec/compiled_rt.hpp\"\n\n"
       << "namespace " << ns << " {\n\n"
       << "using spec::Bits;\nusing spec::Int;\nusing spec::Value;\nusing spec::Loc;\nusing spec::EndOfInstruction;\n\n"
       << globals_struct() << "namespace {\n\n";
  // Prototypes (a first pass fixes which parameters are written).
  for (size_t i = 0; i < fns.size(); ++i) {
    if (fns[i]->has_body) head << prototype(*fns[i], fmt::format("F{}", i), nullptr);
  }
  head << "\n";
  std::vector<std::string> thunks, procs0, procs1;
  std::ostringstream thunk_code;
  for (size_t i = 0; i < fns.size(); ++i) {
    const FunctionDecl& f = *fns[i];
    if (!f.has_body) continue;
    function(f, fmt::format("F{}", i));
    ++result_.functions;
    // Procedures of no argument or of one integer have direct entry points
    // too (no argument vector, no Value result): machines call some on every
    // instruction.
    const bool proc = f.kind != FunctionKind::Setter && ctype(f.return_type) == "void";
    procs0.push_back(proc && f.params.empty() ? fmt::format("F{}", i) : "nullptr");
    // An integer argument from a machine for a parameter the ranges bound:
    // checked against what they assume a machine passes.
    auto external = [&](const std::string& v, const Param& p) {
      const IntRange r = IntRanges::external();
      return fmt::format("rt::external_int({}, INT64_C({}), INT64_C({}), \"{}\", \"{}\")", v, static_cast<int64_t>(r.lo),
                         static_cast<int64_t>(r.hi), escape(f.name), escape(p.name));
    };
    std::string proc1 = "nullptr";
    if (proc && f.params.size() == 1 && !f.params[0].by_ref && ctype(f.params[0].type) == "Int") {
      proc1 = fmt::format("F{}", i);
      if (param_ct(f, f.params[0], false) == "int64_t") {
        proc1 = fmt::format("P{}", i);
        thunk_code << fmt::format("static void P{}(rt::Ctx& c, Int a) {{ F{}(c, {}); }}\n\n", i, i,
                                  external("a", f.params[0]));
      }
    }
    procs1.push_back(proc1);
    if (f.kind == FunctionKind::Setter) {
      thunks.push_back("nullptr");
      continue;
    }
    // The thunk through which machines call it with values.
    std::ostringstream& t = thunk_code;
    t << fmt::format("static Value T{}(rt::Ctx& c, std::vector<Value>& a) {{\n", i);
    t << fmt::format("  if (a.size() != {}) rt::fail(\"{} takes {} arguments\");\n", f.params.size(), f.name, f.params.size());
    std::string list = "c";
    for (size_t p = 0; p < f.params.size(); ++p) {
      const std::string ct = param_ct(f, f.params[p], false);
      if (ct == "int64_t")
        t << fmt::format("  int64_t a{} = {};\n", p, external(fmt::format("rt::conv<Int>(a[{}])", p), f.params[p]));
      else
        t << fmt::format("  {} a{} = rt::conv<{}>(a[{}]);\n", ct, p, ct, p);
      list += fmt::format(", a{}", p);
    }
    if (ctype(f.return_type) == "void") t << fmt::format("  F{}({});\n", i, list) << "  Value r;\n";
    else t << fmt::format("  Value r = rt::conv<Value>(F{}({}));\n", i, list);
    for (size_t p = 0; p < f.params.size(); ++p)
      if (f.params[p].by_ref) t << fmt::format("  a[{}] = rt::conv<Value>(a{});\n", p, p);
    t << "  return r;\n}\n\n";
    thunks.push_back(fmt::format("T{}", i));
  }
  const std::string function_code = body_.str();
  body_.str("");
  // Encodings, one string each; the keepability of each decode and the
  // globals it reads, for the tables.
  std::vector<std::string> encs;
  std::vector<Deps> enc_deps;
  size_t k = 0;
  for (const InstructionSpec& inst : spec_.instructions()) {
    for (const Encoding& enc : inst.encodings) {
      body_.str("");
      encoding(inst, enc, k);
      encs.push_back(body_.str());
      Deps d;
      deps_block(enc.decode, d);
      result_.kept += d.keepable;
      enc_deps.push_back(std::move(d));
      ++k;
      ++result_.encodings;
    }
  }
  // The specializations the functions and encodings call, and those they call.
  std::ostringstream special_protos;
  body_.str("");
  for (size_t i = 0; i < to_specialize_.size(); ++i) {
    const Pending p = to_specialize_[i];  // a copy: function() may queue more
    special_protos << prototype(*p.f, p.name, &p.b);
    function(*p.f, p.name, &p.b);
  }
  result_.specializations = to_specialize_.size();
  head << special_protos.str() << "\n" << function_code << body_.str() << "}  // namespace\n\n";
  body_.str("");
  // Part p holds the encodings [first[p], first[p + 1]), cut so that the parts
  // hold about the same amount of code (the vector encodings, with their
  // variants, are the largest and come last); part 0 also the thunks and the
  // tables.
  const size_t n = encs.size();
  size_t total = 0;
  for (const std::string& e : encs) total += e.size();
  std::vector<size_t> first{0};
  for (size_t e = 0, sum = 0; e < n && first.size() < parts; ++e) {
    sum += encs[e].size();
    if (sum * parts >= total * first.size()) first.push_back(e + 1);
  }
  while (first.size() <= parts) first.push_back(n);
  for (size_t p = 0; p < parts; ++p) {
    std::ostringstream out;
    out << head.str();
    if (p == 0) {
      for (size_t e = 0; e < n; ++e)
        out << fmt::format("void* N{0}();\nvoid Z{0}(void*);\nvoid D{0}(rt::Ctx&, const Bits&, void*);\n"
                           "void X{0}(rt::Ctx&, const void*);\n",
                           e);
      out << "\nnamespace {\n\n" << thunk_code.str() << "}  // namespace\n\n";
    }
    for (size_t e = first[p]; e < first[p + 1]; ++e) out << encs[e];
    if (p == 0) {
      out << "namespace {\n\n";
      // The globals each decode reads, (global, lo, width) each, each list
      // ended by -1.
      std::vector<size_t> reads_at;
      out << "const int32_t kDecodeReads[] = {";
      size_t at = 0;
      for (size_t i = 0; i < n; ++i) {
        reads_at.push_back(at);
        for (const auto& [g, lo, width] : enc_deps[i].reads) out << g << ", " << lo << ", " << width << ", ", at += 3;
        out << "-1,", ++at;
        out << (i % 8 == 7 ? "\n    " : " ");
      }
      out << "};\n";
      out << "const CompiledTarget::Split kSplits[] = {";
      for (size_t i = 0; i < n; ++i)
        out << fmt::format("\n    {{N{0}, Z{0}, D{0}, X{0}, kDecodeReads + {1}, {2}}},", i, reads_at[i],
                           enc_deps[i].keepable ? "true" : "false");
      out << "\n};\n";
      out << "const CompiledTarget::FunctionFn kFunctions[] = {";
      for (size_t i = 0; i < thunks.size(); ++i) out << (i % 8 ? " " : "\n    ") << thunks[i] << ",";
      out << " nullptr};\n";
      out << "const CompiledTarget::ProcFn kProcs0[] = {";
      for (size_t i = 0; i < procs0.size(); ++i) out << (i % 8 ? " " : "\n    ") << procs0[i] << ",";
      out << " nullptr};\n";
      out << "const CompiledTarget::ProcIntFn kProcs1[] = {";
      for (size_t i = 0; i < procs1.size(); ++i) out << (i % 8 ? " " : "\n    ") << procs1[i] << ",";
      out << " nullptr};\n";
      out << "const Loc kLocs[] = {";
      for (size_t i = 0; i < locs_.size(); ++i)
        out << (i % 6 ? " " : "\n    ") << fmt::format("{{{}, {}, {}}},", locs_[i].file, locs_[i].line, locs_[i].col);
      out << "\n    {0, 0, 0}};\n";
      out << globals_transfer();
      out << "const CompiledConst kConsts[] = {";
      for (size_t i = 0; i < consts_.size(); ++i) out << "\n    " << consts_[i] << ",";
      out << "\n    {'s', \"\", 0}};\n";
      out << fmt::format(
          "const CompiledTarget kTarget{{\"{}\", UINT64_C(0x{:x}), kSplits, {}, kFunctions, {}, kProcs0, kProcs1, kConsts, "
          "{}, kLocs, NewTyped, FreeTyped, LoadTyped, StoreTyped, kTyped}};\n",
          spec_.target(), spec_hash(sources_), n, thunks.size(), consts_.size());
      out << "const bool kRegistered = (register_compiled(&kTarget), true);\n\n";
      out << "}  // namespace\n";
    }
    out << "\n}  // namespace " << ns << "\n";
    result_.parts.push_back(out.str());
  }
  return result_;
}

}  // namespace

TranslateResult translate(const TargetSpec& spec, const BuiltinTable& builtins, size_t parts) {
  Translator t(spec, builtins);
  return t.run(parts);
}

}  // namespace mlisa::spec
