// The tree-walking interpreter over the checked tree.
#include "spec/engine.hpp"

#include "core/diag.hpp"
#include "spec/coverage.hpp"
#include "spec/int_ops.hpp"

#include <fmt/format.h>

namespace mlisa::spec {

std::string ExecutionError::format(const SourceSet& sources) const {
  return format_error(sources.location(loc_), what());
}

namespace {

[[noreturn]] void fail(const std::string& msg) { throw RuntimeError(msg); }

uint32_t to_width(Int w, const char* what) {
  if (w < 0 || w > Bits::kMaxWidth) fail(fmt::format("{} {} is not a valid bits width", what, int_to_string(w)));
  return static_cast<uint32_t>(w);
}

// An integer as bits: the low `width` bits of its two's complement.
Bits int_bits(Int v, uint32_t width) { return Bits::from_int(width, v); }

}  // namespace

bool values_equal(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) fail("comparison of values of different types");
  switch (a.kind()) {
    case ValueKind::Boolean: return a.as_bool() == b.as_bool();
    case ValueKind::Integer: return a.as_int() == b.as_int();
    case ValueKind::Real: return a.as_real() == b.as_real();
    case ValueKind::Bits:
      if (a.as_bits().width() != b.as_bits().width())
        fail(fmt::format("comparison of bits({}) with bits({})", a.as_bits().width(), b.as_bits().width()));
      return a.as_bits() == b.as_bits();
    case ValueKind::Enum: return a.enum_type() == b.enum_type() && a.enum_member() == b.enum_member();
    case ValueKind::String: return a.as_string() == b.as_string();
    case ValueKind::Tuple:
    case ValueKind::Record:
    case ValueKind::Array: {
      const auto& x = a.elems();
      const auto& y = b.elems();
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!values_equal(x[i], y[i])) return false;
      return true;
    }
    case ValueKind::Void: return true;
  }
  return false;
}


// One activation: a frame and the function it belongs to.
class Interpreter {
 public:
  // The interpreter reads the globals' Values: compiled code that holds
  // them writes them back first.
  Interpreter(Engine& engine, std::vector<Value>& frame) : engine_(engine), frame_(frame) {
    if (engine.holder_) engine.give_back_globals();
  }

  enum class Flow : uint8_t { Normal, Return };

  Flow block(const Block& b) {
    for (const Stmt* s : b)
      if (stmt(*s) == Flow::Return) return Flow::Return;
    return Flow::Normal;
  }

  Value result;  // the value of the last `return e;`

  Flow stmt(const Stmt& s) {
    ++engine_.statements;
    if (engine_.coverage) engine_.coverage->hit(&s);
    try {
      return stmt_body(s);
    } catch (const RuntimeError& e) {
      throw ExecutionError(s.loc, e.what());
    }
  }

  Value eval(const Expr& e);
  void assign(const Expr& target, Value v);
  Value default_value(const Type& t);
  Value call_function(const FunctionDecl& f, std::vector<Value>& args, const Value* setter_value);

 private:
  Flow stmt_body(const Stmt& s);
  void declare(const Stmt& s);
  uint32_t type_width(const Type& t);
  // `what` makes the message's subject, only when the check fails (the
  // checks run on every declaration and call).
  template <typename What>
  void check_type(const Type& t, const Value& v, const What& what);
  Value call(const Expr& e);
  Value call_builtin(const Expr& e, std::vector<Value>& args);
  Value binary(const Expr& e);
  Value slice(const Value& base, const Expr& e);
  void set_slices(Bits& base, const Expr& e, const Bits& v);
  bool matches(const Value& v, const Expr& element);
  Value& storage(const Expr& e);
  Value read_field(const Value& base, const Expr& e);
  void write_field(Value& base, const Expr& e, const Value& v);
  // A slice's ranges (lo, width), most significant first; most slices have
  // one, so a few live inline.
  struct Ranges {
    std::pair<uint32_t, uint32_t> small[4];
    std::vector<std::pair<uint32_t, uint32_t>> more;
    size_t n = 0;
    void push(uint32_t lo, uint32_t width) {
      if (n < 4) small[n] = {lo, width};
      else more.emplace_back(lo, width);
      ++n;
    }
    std::pair<uint32_t, uint32_t> operator[](size_t i) const { return i < 4 ? small[i] : more[i - 4]; }
  };
  std::pair<uint32_t, uint32_t> slice_range(const SliceRange& r, uint32_t base_width);
  void slice_ranges(const Expr& e, uint32_t base_width, Ranges& out);
  // The value of an expression that names a variable or a constant, without
  // copying it; any other expression is evaluated into `tmp`.
  const Value& value_of(const Expr& e, Value& tmp);
  // An expression whose evaluation has no side effects and reads nothing but
  // itself (a literal, a variable, a constant): a value read by reference
  // before it cannot change.
  static bool is_plain(const Expr& e);
  // A local or global variable named as a whole.
  static bool is_variable(const Expr& e) {
    return e.kind == ExprKind::Name && (e.ref == RefKind::Local || e.ref == RefKind::Global);
  }

  Engine& engine_;
  std::vector<Value>& frame_;
};

// ---------------------------------------------------------------------------
// Types at run time

uint32_t Interpreter::type_width(const Type& t) {
  if (t.width >= 0) return static_cast<uint32_t>(t.width);
  if (!t.width_expr) fail("bits type without a width");
  const Value w = eval(*t.width_expr);
  if (w.kind() != ValueKind::Integer) fail("bits width is not an integer");
  return to_width(w.as_int(), "width");
}

Value Interpreter::default_value(const Type& t) {
  switch (t.kind) {
    case TypeKind::Boolean: return Value::boolean(false);
    case TypeKind::Integer: return Value::integer(0);
    case TypeKind::Real: return Value::real(0);
    case TypeKind::Bits: return Value::bits(Bits::zeros(type_width(t)));
    case TypeKind::Enum: return Value::enumeration(t.enum_type, 0);
    case TypeKind::String: return Value::string("");
    case TypeKind::Tuple: {
      std::vector<Value> elems;
      for (const Type& e : t.elems) elems.push_back(default_value(e));
      return Value::tuple(std::move(elems));
    }
    case TypeKind::Record: {
      std::vector<Value> fields;
      for (const Type& f : t.record_type->field_types) fields.push_back(default_value(f));
      return Value::record(t.record_type, std::move(fields));
    }
    case TypeKind::Array: {
      const Value lo = eval(*t.array_lo), hi = eval(*t.array_hi);
      const Int n = hi.as_int() - lo.as_int() + 1;
      if (n < 0 || n > (1 << 20)) fail("array bounds out of range");
      std::vector<Value> elems;
      elems.reserve(static_cast<size_t>(n));
      for (Int i = 0; i < n; ++i) elems.push_back(default_value(*t.element));
      return Value::array(std::move(elems), lo.as_int());
    }
    default: return Value();
  }
}

template <typename What>
void Interpreter::check_type(const Type& t, const Value& v, const What& what) {
  if (t.kind == TypeKind::Bits) {
    if (v.kind() != ValueKind::Bits) fail(fmt::format("{}: {} where bits is expected", what(), v.describe()));
    const uint32_t w = type_width(t);
    if (v.as_bits().width() != w)
      fail(fmt::format("{}: bits({}) value where bits({}) is expected", what(), v.as_bits().width(), w));
  }
}

// ---------------------------------------------------------------------------
// Statements

void Interpreter::declare(const Stmt& s) {
  if (s.decl_type.kind == TypeKind::Tuple && s.names.size() > 1) {
    const Expr* init = s.value;
    for (const Expr* i : s.inits)
      if (!init && i) init = i;
    Value v = init ? eval(*init) : default_value(s.decl_type);
    const auto& elems = v.elems();
    for (size_t i = 0; i < s.slots.size(); ++i) {
      if (s.slots[i] < 0) continue;
      check_type(s.decl_type.elems[i], elems.at(i), [] { return std::string("declaration"); });
      frame_[static_cast<size_t>(s.slots[i])] = elems[i];
    }
    return;
  }
  for (size_t i = 0; i < s.slots.size(); ++i) {
    const Expr* init = i < s.inits.size() ? s.inits[i] : nullptr;
    Value v = init ? eval(*init) : default_value(s.decl_type);
    if (init) check_type(s.decl_type, v, [&] { return fmt::format("initialiser of '{}'", s.names[i]); });
    frame_[static_cast<size_t>(s.slots[i])] = std::move(v);
  }
}

Interpreter::Flow Interpreter::stmt_body(const Stmt& s) {
  switch (s.kind) {
    case StmtKind::VarDecl: declare(s); return Flow::Normal;
    case StmtKind::Assign: assign(*s.target, eval(*s.value)); return Flow::Normal;
    case StmtKind::Call: eval(*s.value); return Flow::Normal;
    case StmtKind::If:
      for (size_t i = 0; i < s.conds.size(); ++i) {
        if (eval(*s.conds[i]).as_bool()) {
          if (engine_.coverage) engine_.coverage->branch(&s, static_cast<int>(i));
          return block(s.blocks[i]);
        }
      }
      if (engine_.coverage) engine_.coverage->branch(&s, static_cast<int>(s.conds.size()));
      if (s.blocks.size() > s.conds.size()) return block(s.blocks.back());
      return Flow::Normal;
    case StmtKind::Case: {
      bool plain = true;
      for (const auto& labels : s.labels)
        for (const Expr* label : labels) plain = plain && (label->kind == ExprKind::Pattern || is_plain(*label));
      Value tmp;
      const Value& subject = plain ? value_of(*s.value, tmp) : (tmp = eval(*s.value));
      for (size_t i = 0; i < s.blocks.size(); ++i) {
        const bool is_otherwise = s.has_otherwise && i + 1 == s.blocks.size();
        bool hit = is_otherwise;
        if (!hit)
          for (const Expr* label : s.labels[i])
            if ((hit = matches(subject, *label))) break;
        if (hit) {
          if (engine_.coverage) engine_.coverage->branch(&s, static_cast<int>(i));
          return block(s.blocks[i]);
        }
      }
      fail(fmt::format("no case matches {}", subject.describe()));
    }
    case StmtKind::For: {
      const Int from = eval(*s.from).as_int(), to = eval(*s.to).as_int();
      Value& var = frame_[static_cast<size_t>(s.var_slot)];
      if (engine_.coverage) engine_.coverage->branch(&s, s.down ? (from >= to ? 0 : 1) : (from <= to ? 0 : 1));
      if (!s.down) {
        for (Int i = from; i <= to; ++i) {
          var = Value::integer(i);
          if (block(s.body) == Flow::Return) return Flow::Return;
        }
      } else {
        for (Int i = from; i >= to; --i) {
          var = Value::integer(i);
          if (block(s.body) == Flow::Return) return Flow::Return;
        }
      }
      return Flow::Normal;
    }
    case StmtKind::While:
      while (eval(*s.value).as_bool())
        if (block(s.body) == Flow::Return) return Flow::Return;
      return Flow::Normal;
    case StmtKind::Repeat:
      do {
        if (block(s.body) == Flow::Return) return Flow::Return;
      } while (!eval(*s.value).as_bool());
      return Flow::Normal;
    case StmtKind::Return:
      result = s.value ? eval(*s.value) : Value();
      return Flow::Return;
    case StmtKind::Assert:
      if (!eval(*s.value).as_bool()) fail("assertion failed");
      return Flow::Normal;
    case StmtKind::Undefined: throw EndOfInstruction{EndOfInstruction::Kind::Undefined, s.loc, ""};
    case StmtKind::Unpredictable: throw EndOfInstruction{EndOfInstruction::Kind::Unpredictable, s.loc, ""};
    case StmtKind::ConstrainedUnpredictable:
      throw EndOfInstruction{EndOfInstruction::Kind::ConstrainedUnpredictable, s.loc, ""};
    case StmtKind::See: {
      std::string target;
      if (s.value) target = s.value->kind == ExprKind::Literal ? s.value->literal.as_string() : s.value->name;
      throw EndOfInstruction{EndOfInstruction::Kind::See, s.loc, target};
    }
    case StmtKind::ImplDefined: return Flow::Normal;
    case StmtKind::Throw:
      throw EndOfInstruction{EndOfInstruction::Kind::Exception, s.loc, s.value ? s.value->name : ""};
  }
  return Flow::Normal;
}

// ---------------------------------------------------------------------------
// Expressions

Value& Interpreter::storage(const Expr& e) {
  if (e.ref == RefKind::Local) return frame_.at(static_cast<size_t>(e.slot));
  if (e.ref == RefKind::Global) return engine_.globals_.at(static_cast<size_t>(e.slot));
  fail(fmt::format("'{}' is not a variable", e.name));
}

bool Interpreter::is_plain(const Expr& e) {
  if (e.kind == ExprKind::Literal) return true;
  if (e.kind != ExprKind::Name) return false;
  return e.ref == RefKind::Local || e.ref == RefKind::Global || e.ref == RefKind::Constant ||
         e.ref == RefKind::EnumMember;
}

const Value& Interpreter::value_of(const Expr& e, Value& tmp) {
  if (e.kind == ExprKind::Literal) return e.literal;
  if (e.kind == ExprKind::Name) {
    switch (e.ref) {
      case RefKind::Local: return frame_[static_cast<size_t>(e.slot)];
      case RefKind::Global: return engine_.globals_[static_cast<size_t>(e.slot)];
      case RefKind::Constant:
      case RefKind::EnumMember: return e.literal;
      default: break;
    }
  }
  tmp = eval(e);
  return tmp;
}

std::pair<uint32_t, uint32_t> Interpreter::slice_range(const SliceRange& r, uint32_t base_width) {
  Int lo, width;
  if (!r.lo) {
    lo = eval(*r.hi).as_int();
    width = 1;
  } else if (r.plus_width) {
    lo = eval(*r.hi).as_int();
    width = eval(*r.lo).as_int();
  } else {
    const Int hi = eval(*r.hi).as_int();
    lo = eval(*r.lo).as_int();
    width = hi - lo + 1;
  }
  if (lo < 0 || width < 0 || lo + width > base_width)
    fail(fmt::format("slice <{}:{}> of a {}-bit value", int_to_string(lo + width - 1), int_to_string(lo), base_width));
  return {static_cast<uint32_t>(lo), static_cast<uint32_t>(width)};
}

void Interpreter::slice_ranges(const Expr& e, uint32_t base_width, Ranges& out) {
  for (const SliceRange& r : e.slices) {
    const auto [lo, width] = slice_range(r, base_width);
    out.push(lo, width);
  }
}

Value Interpreter::slice(const Value& base, const Expr& e) {
  if (base.kind() == ValueKind::Integer) {
    // Integer slices read the two's complement bits; 128 covers every int.
    // One range of at most 64 bits needs no 128-bit value.
    if (e.slices.size() == 1) {
      const auto [lo, width] = slice_range(e.slices[0], 128);
      if (width <= 64) return Value::bits(width, width == 0 ? 0 : static_cast<uint64_t>(base.as_int() >> lo));
      return Value::bits(int_bits(base.as_int(), 128).slice(lo, width));
    }
    return slice(Value::bits(int_bits(base.as_int(), 128)), e);
  }
  if (base.kind() != ValueKind::Bits) fail(fmt::format("cannot slice {}", base.describe()));
  const Bits& bits = base.as_bits();
  if (e.slices.size() == 1) {
    const auto [lo, width] = slice_range(e.slices[0], bits.width());
    return Value::bits(bits.slice(lo, width));
  }
  Ranges ranges;
  slice_ranges(e, bits.width(), ranges);
  Bits out = Bits::zeros(0);
  for (size_t i = 0; i < ranges.n; ++i) out = Bits::concat(out, bits.slice(ranges[i].first, ranges[i].second));
  return Value::bits(std::move(out));
}

void Interpreter::set_slices(Bits& base, const Expr& e, const Bits& v) {
  Ranges ranges;
  slice_ranges(e, base.width(), ranges);
  uint32_t total = 0;
  for (size_t i = 0; i < ranges.n; ++i) total += ranges[i].second;
  if (total != v.width()) fail(fmt::format("assignment of bits({}) to a {}-bit slice", v.width(), total));
  if (ranges.n == 1) {
    base.set_slice(ranges[0].first, v);
    return;
  }
  uint32_t pos = total;  // the first range takes the most significant bits
  for (size_t i = 0; i < ranges.n; ++i) {
    const auto [lo, width] = ranges[i];
    pos -= width;
    base.set_slice(lo, v.slice(pos, width));
  }
}

Value Interpreter::read_field(const Value& base, const Expr& e) {
  const Type& bt = e.args[0]->type;
  if (base.kind() == ValueKind::Record) return base.elems().at(static_cast<size_t>(e.slot));
  if (base.kind() == ValueKind::Bits && bt.fields) {
    const auto& f = bt.fields->fields.at(static_cast<size_t>(e.slot));
    return Value::bits(base.as_bits().slice(f.lo, f.hi - f.lo + 1));
  }
  fail(fmt::format("{} has no field '{}'", base.describe(), e.name));
}

void Interpreter::write_field(Value& base, const Expr& e, const Value& v) {
  const Type& bt = e.args[0]->type;
  if (base.kind() == ValueKind::Record) {
    base.mutable_elems().at(static_cast<size_t>(e.slot)) = v;
    return;
  }
  if (base.kind() == ValueKind::Bits && bt.fields) {
    const auto& f = bt.fields->fields.at(static_cast<size_t>(e.slot));
    if (v.kind() != ValueKind::Bits || v.as_bits().width() != f.hi - f.lo + 1)
      fail(fmt::format("field '{}' is {} bits wide, not {}", e.name, f.hi - f.lo + 1, v.describe()));
    base.as_bits().set_slice(f.lo, v.as_bits());
    return;
  }
  fail(fmt::format("{} has no field '{}'", base.describe(), e.name));
}

bool Interpreter::matches(const Value& v, const Expr& element) {
  if (element.kind == ExprKind::Pattern) {
    if (v.kind() != ValueKind::Bits || v.as_bits().width() != element.pattern.value.width())
      fail(fmt::format("{} cannot match a {}-bit pattern", v.describe(), element.pattern.value.width()));
    return element.pattern.matches(v.as_bits());
  }
  if (element.kind == ExprKind::Range) {
    const Int lo = eval(*element.args[0]).as_int(), hi = eval(*element.args[1]).as_int();
    return v.as_int() >= lo && v.as_int() <= hi;
  }
  return values_equal(v, eval(element));
}

Value Interpreter::eval(const Expr& e) {
  switch (e.kind) {
    case ExprKind::Literal: return e.literal;
    case ExprKind::Pattern: fail("a bit pattern is not a value");
    case ExprKind::Name:
      switch (e.ref) {
        case RefKind::Local: return frame_[static_cast<size_t>(e.slot)];
        case RefKind::Global: return engine_.globals_[static_cast<size_t>(e.slot)];
        case RefKind::Constant:
        case RefKind::EnumMember: return e.literal;
        default: fail(fmt::format("'{}' is not a value", e.name));
      }
    case ExprKind::Call: return call(e);
    case ExprKind::Index:
      if (e.ref == RefKind::Local || e.ref == RefKind::Global) {
        const Value& arr = storage(e);
        const Int i = eval(*e.args[0]).as_int() - arr.array_first();
        if (i < 0 || i >= static_cast<Int>(arr.elems().size()))
          fail(fmt::format("index {} outside array '{}'", int_to_string(i + arr.array_first()), e.name));
        return arr.elems()[static_cast<size_t>(i)];
      }
      return call(e);
    case ExprKind::Field: {
      Value tmp;
      return read_field(value_of(*e.args[0], tmp), e);
    }
    case ExprKind::FieldList: {
      // args[1..] are the resolved fields, most significant first.
      const Value base = eval(*e.args[0]);
      Bits out = Bits::zeros(0);
      for (size_t i = 1; i < e.args.size(); ++i) {
        const Value f = read_field(base, *e.args[i]);
        if (f.kind() != ValueKind::Bits) fail(fmt::format("field '{}' is not bits", e.args[i]->name));
        out = Bits::concat(out, f.as_bits());
      }
      return Value::bits(std::move(out));
    }
    case ExprKind::Slice: {
      // The ranges are evaluated after the base: read it in place only when
      // they cannot change it.
      bool plain = true;
      for (const SliceRange& r : e.slices)
        plain = plain && (!r.hi || is_plain(*r.hi)) && (!r.lo || is_plain(*r.lo));
      if (!plain) return slice(eval(*e.args[0]), e);
      Value tmp;
      return slice(value_of(*e.args[0], tmp), e);
    }
    case ExprKind::Unary: {
      Value tmp;
      const Value& v = value_of(*e.args[0], tmp);
      switch (e.op) {
        case Op::Neg:
          if (v.kind() == ValueKind::Integer) return Value::integer(-v.as_int());
          if (v.kind() == ValueKind::Real) return Value::real(-v.as_real());
          if (v.kind() == ValueKind::Bits) return Value::bits(Bits::zeros(v.as_bits().width()).sub(v.as_bits()));
          fail(fmt::format("cannot negate {}", v.describe()));
        case Op::Not: return Value::boolean(!v.as_bool());
        case Op::BitNot:
          if (v.kind() == ValueKind::Boolean) return Value::boolean(!v.as_bool());
          return Value::bits(~v.as_bits());
        default: fail("bad unary operator");
      }
    }
    case ExprKind::Binary: return binary(e);
    case ExprKind::In: {
      bool plain = true;
      for (size_t i = 1; i < e.args.size(); ++i) plain = plain && (e.args[i]->kind == ExprKind::Pattern || is_plain(*e.args[i]));
      Value tmp;
      const Value& v = plain ? value_of(*e.args[0], tmp) : (tmp = eval(*e.args[0]));
      for (size_t i = 1; i < e.args.size(); ++i)
        if (matches(v, *e.args[i])) return Value::boolean(true);
      return Value::boolean(false);
    }
    case ExprKind::Range: fail("a range is not a value");
    case ExprKind::IfThenElse: return eval(*e.args[0]).as_bool() ? eval(*e.args[1]) : eval(*e.args[2]);
    case ExprKind::Tuple: {
      std::vector<Value> elems;
      elems.reserve(e.args.size());
      for (const Expr* a : e.args) elems.push_back(eval(*a));
      return Value::tuple(std::move(elems));
    }
    case ExprKind::Unknown: return default_value(e.type);
  }
  return Value();
}

Value Interpreter::binary(const Expr& e) {
  if (e.op == Op::And) return Value::boolean(eval(*e.args[0]).as_bool() && eval(*e.args[1]).as_bool());
  if (e.op == Op::Or) return Value::boolean(eval(*e.args[0]).as_bool() || eval(*e.args[1]).as_bool());
  // The left operand is read in place when the right one cannot change it.
  Value ta, tb;
  const bool right_plain = e.args[1]->kind == ExprKind::Pattern || is_plain(*e.args[1]);
  const Value& a = right_plain ? value_of(*e.args[0], ta) : (ta = eval(*e.args[0]));
  if ((e.op == Op::Eq || e.op == Op::Ne) && e.args[1]->kind == ExprKind::Pattern) {
    const bool m = matches(a, *e.args[1]);
    return Value::boolean(e.op == Op::Eq ? m : !m);
  }
  const Value& b = value_of(*e.args[1], tb);
  return apply_binary(e.op, a, b);
}

Value apply_binary(Op op, const Value& a, const Value& b) {
  const ValueKind ka = a.kind(), kb = b.kind();

  if (op == Op::Eq) return Value::boolean(values_equal(a, b));
  if (op == Op::Ne) return Value::boolean(!values_equal(a, b));

  if (ka == ValueKind::Integer && kb == ValueKind::Integer) {
    const Int x = a.as_int(), y = b.as_int();
    switch (op) {
      case Op::Add: return Value::integer(add_checked(x, y));
      case Op::Sub: return Value::integer(sub_checked(x, y));
      case Op::Mul: return Value::integer(mul_checked(x, y));
      case Op::Div:
        if (y == 0) fail("division by zero");
        if (x % y != 0) fail(fmt::format("{} / {} is not an integer", int_to_string(x), int_to_string(y)));
        return Value::integer(x / y);
      case Op::IntDiv: return Value::integer(floor_div(x, y));
      case Op::Mod: return Value::integer(x - y * floor_div(x, y));
      case Op::Rem:
        if (y == 0) fail("division by zero");
        return Value::integer(x % y);
      case Op::Pow: {
        if (y < 0) fail(fmt::format("integer {} ^ {} is not an integer", int_to_string(x), int_to_string(y)));
        Int p = 1;
        for (Int i = 0; i < y; ++i) p = mul_checked(p, x);
        return Value::integer(p);
      }
      case Op::Shl:
        if (y < 0 || y > 126) fail("shift amount out of range");
        return Value::integer(mul_checked(x, Int{1} << static_cast<int>(y)));
      case Op::Shr:
        if (y < 0) fail("shift amount out of range");
        return Value::integer(y > 126 ? (x < 0 ? -1 : 0) : floor_div(x, Int{1} << static_cast<int>(y)));
      case Op::Lt: return Value::boolean(x < y);
      case Op::Le: return Value::boolean(x <= y);
      case Op::Gt: return Value::boolean(x > y);
      case Op::Ge: return Value::boolean(x >= y);
      default: break;
    }
  }
  if (ka == ValueKind::Real || kb == ValueKind::Real) {
    if (op == Op::Pow && ka == ValueKind::Real && kb == ValueKind::Integer) {
      // Exact for the powers of two the manuals use (2.0^-n).
      double r = 1, base = a.as_real();
      Int n = b.as_int();
      const bool neg = n < 0;
      if (neg) n = -n;
      for (Int i = 0; i < n; ++i) r *= base;
      return Value::real(neg ? 1 / r : r);
    }
    if (ka != kb) fail(fmt::format("operator {} on {} and {}", op_spelling(op), a.describe(), b.describe()));
    const double x = a.as_real(), y = b.as_real();
    switch (op) {
      case Op::Add: return Value::real(x + y);
      case Op::Sub: return Value::real(x - y);
      case Op::Mul: return Value::real(x * y);
      case Op::Div:
        if (y == 0) fail("division by zero");
        return Value::real(x / y);
      case Op::Lt: return Value::boolean(x < y);
      case Op::Le: return Value::boolean(x <= y);
      case Op::Gt: return Value::boolean(x > y);
      case Op::Ge: return Value::boolean(x >= y);
      default: break;
    }
  }
  if (ka == ValueKind::Bits) {
    const Bits& x = a.as_bits();
    if (op == Op::Concat) {
      if (kb != ValueKind::Bits) fail("concatenation of a non-bits value");
      return Value::bits(Bits::concat(x, b.as_bits()));
    }
    if (op == Op::Shl || op == Op::Shr) {
      const Int n = b.as_int();
      if (n < 0) fail("shift amount out of range");
      const uint32_t s = n > Bits::kMaxWidth ? Bits::kMaxWidth : static_cast<uint32_t>(n);
      return Value::bits(op == Op::Shl ? x.shl(s) : x.lshr(s));
    }
    if (kb != ValueKind::Integer && kb != ValueKind::Bits)
      fail(fmt::format("operator {} on {} and {}", op_spelling(op), a.describe(), b.describe()));
    Bits converted;
    if (kb == ValueKind::Integer) converted = int_bits(b.as_int(), x.width());
    const Bits& y = kb == ValueKind::Integer ? converted : b.as_bits();
    if (y.width() != x.width())
      fail(fmt::format("operator {}: bits({}) and bits({})", op_spelling(op), x.width(), y.width()));
    switch (op) {
      case Op::Add: return Value::bits(x.add(y));
      case Op::Sub: return Value::bits(x.sub(y));
      case Op::Mul: return Value::bits(Bits::from_int(x.width(), x.to_uint() * y.to_uint()));
      case Op::BitAnd: return Value::bits(x & y);
      case Op::BitOr: return Value::bits(x | y);
      case Op::BitEor: return Value::bits(x ^ y);
      default: break;
    }
  }
  if (ka == ValueKind::Boolean && kb == ValueKind::Boolean) {
    switch (op) {
      case Op::BitAnd: return Value::boolean(a.as_bool() && b.as_bool());
      case Op::BitOr: return Value::boolean(a.as_bool() || b.as_bool());
      case Op::BitEor: return Value::boolean(a.as_bool() != b.as_bool());
      default: break;
    }
  }
  fail(fmt::format("operator {} cannot combine {} and {}", op_spelling(op), a.describe(), b.describe()));
}

// ---------------------------------------------------------------------------
// Calls

Value Interpreter::call_builtin(const Expr& e, std::vector<Value>& args) {
  const Builtin& b = engine_.builtins().at(e.builtin);
  CallSite site{engine_, e};
  Value r = b.fn(site, args);
  if (b.writes_first_arg && !e.args.empty()) assign(*e.args[0], std::move(args[0]));
  return r;
}

// Borrows an argument vector from the engine's pool for the length of a call.
class PooledArgs {
 public:
  PooledArgs(std::deque<std::vector<Value>>& pool, size_t& depth) : depth_(depth) {
    if (pool.size() <= depth) pool.emplace_back();
    args_ = &pool[depth++];
    args_->clear();
  }
  ~PooledArgs() {
    args_->clear();
    --depth_;
  }
  std::vector<Value>& get() { return *args_; }

 private:
  std::vector<Value>* args_;
  size_t& depth_;
};

Value Interpreter::call(const Expr& e) {
  PooledArgs pooled(engine_.arg_pool_, engine_.arg_depth_);
  std::vector<Value>& args = pooled.get();
  for (const Expr* a : e.args) args.push_back(eval(*a));
  if (e.ref == RefKind::Builtin) return call_builtin(e, args);
  if (e.ref == RefKind::Function && e.callee) return call_function(*e.callee, args, nullptr);
  fail(fmt::format("'{}' cannot be called", e.name));
}

Value Interpreter::call_function(const FunctionDecl& f, std::vector<Value>& args, const Value* setter_value) {
  if (args.size() != f.params.size())
    fail(fmt::format("{} takes {} arguments, not {}", f.name, f.params.size(), args.size()));
  PooledArgs pooled(engine_.frame_pool_, engine_.frame_depth_);
  std::vector<Value>& frame = pooled.get();
  frame.resize(static_cast<size_t>(f.frame_size));
  Interpreter callee(engine_, frame);
  // Width variables take the widths of the arguments declared with them.
  for (const auto& [name, slot] : f.width_vars) {
    for (size_t i = 0; i < f.params.size(); ++i) {
      const std::string* n = f.params[i].type.width_name();
      if (n && *n == name && args[i].kind() == ValueKind::Bits) {
        frame[static_cast<size_t>(slot)] = Value::integer(args[i].as_bits().width());
        break;
      }
    }
  }
  for (size_t i = 0; i < f.params.size(); ++i)
    callee.check_type(f.params[i].type, args[i], [&] { return fmt::format("argument {} of {}", i + 1, f.name); });
  // The caller reads back only by-reference arguments, which the frame gives back below.
  for (size_t i = 0; i < f.params.size(); ++i) frame[static_cast<size_t>(f.params[i].slot)] = std::move(args[i]);
  if (setter_value) {
    callee.check_type(f.value.type, *setter_value, [&] { return fmt::format("value assigned to {}", f.name); });
    frame[static_cast<size_t>(f.value.slot)] = *setter_value;
  }
  callee.block(f.body);
  // By-reference parameters carry their final values back.
  for (size_t i = 0; i < f.params.size(); ++i)
    if (f.params[i].by_ref) args[i] = std::move(frame[static_cast<size_t>(f.params[i].slot)]);
  if (f.return_type.kind != TypeKind::Void) {
    if (callee.result.kind() == ValueKind::Void) fail(fmt::format("{} ended without returning a value", f.name));
    callee.check_type(f.return_type, callee.result, [&] { return fmt::format("result of {}", f.name); });
  }
  return std::move(callee.result);
}

void Interpreter::assign(const Expr& target, Value v) {
  switch (target.kind) {
    case ExprKind::Name: {
      if (target.ref == RefKind::Discard) return;
      Value& slot = storage(target);
      // A declared bits variable keeps its width: its value was created with it.
      if (slot.kind() == ValueKind::Bits && v.kind() == ValueKind::Bits &&
          slot.as_bits().width() != v.as_bits().width())
        fail(fmt::format("assignment of bits({}) to '{}', a bits({}) variable", v.as_bits().width(), target.name,
                         slot.as_bits().width()));
      slot = std::move(v);
      return;
    }
    case ExprKind::Slice: {
      // A variable's slice is written in place (when the ranges cannot
      // change the variable); anything else is read, changed and assigned back.
      bool plain = is_variable(*target.args[0]);
      for (const SliceRange& r : target.slices)
        plain = plain && (!r.hi || is_plain(*r.hi)) && (!r.lo || is_plain(*r.lo));
      Value copy;
      Value& base = plain ? storage(*target.args[0]) : (copy = eval(*target.args[0]));
      if (base.kind() != ValueKind::Bits) fail(fmt::format("cannot assign a slice of {}", base.describe()));
      if (v.kind() != ValueKind::Bits) fail(fmt::format("a slice cannot take {}", v.describe()));
      set_slices(base.as_bits(), target, v.as_bits());
      if (!plain) assign(*target.args[0], std::move(copy));
      return;
    }
    case ExprKind::Field: {
      if (is_variable(*target.args[0])) {
        write_field(storage(*target.args[0]), target, v);
        return;
      }
      Value base = eval(*target.args[0]);
      write_field(base, target, v);
      assign(*target.args[0], std::move(base));
      return;
    }
    case ExprKind::FieldList: {
      Value base = eval(*target.args[0]);
      if (v.kind() != ValueKind::Bits) fail("a field list takes bits");
      uint32_t pos = v.as_bits().width();
      for (size_t i = 1; i < target.args.size(); ++i) {
        const Expr& field = *target.args[i];
        const uint32_t width = static_cast<uint32_t>(field.type.width);
        if (width > pos) fail("field list wider than the value assigned");
        pos -= width;
        write_field(base, field, Value::bits(v.as_bits().slice(pos, width)));
      }
      if (pos != 0) fail("field list narrower than the value assigned");
      assign(*target.args[0], std::move(base));
      return;
    }
    case ExprKind::Index: {
      if (target.ref == RefKind::Local || target.ref == RefKind::Global) {
        const Int index = eval(*target.args[0]).as_int();
        Value& arr = storage(target);
        const Int i = index - arr.array_first();
        if (i < 0 || i >= static_cast<Int>(arr.elems().size()))
          fail(fmt::format("index {} outside array '{}'", int_to_string(index), target.name));
        arr.mutable_elems()[static_cast<size_t>(i)] = std::move(v);
        return;
      }
      PooledArgs pooled(engine_.arg_pool_, engine_.arg_depth_);
      std::vector<Value>& args = pooled.get();
      for (const Expr* a : target.args) args.push_back(eval(*a));
      if (target.ref == RefKind::Function && target.callee) {
        call_function(*target.callee, args, &v);
        for (size_t i = 0; i < args.size(); ++i)
          if (target.callee->params[i].by_ref) assign(*target.args[i], args[i]);
        return;
      }
      if (target.ref == RefKind::Builtin) {
        args.push_back(std::move(v));
        call_builtin(target, args);
        return;
      }
      fail(fmt::format("cannot assign to '{}'", target.name));
    }
    case ExprKind::Tuple: {
      if (v.kind() != ValueKind::Tuple || v.elems().size() != target.args.size())
        fail(fmt::format("a tuple of {} targets cannot take {}", target.args.size(), v.describe()));
      const auto elems = v.elems();
      for (size_t i = 0; i < target.args.size(); ++i) assign(*target.args[i], elems[i]);
      return;
    }
    default: fail("this expression cannot be assigned to");
  }
}

// ---------------------------------------------------------------------------
// Engine

Engine::Engine(const Module& module, const BuiltinTable& builtins) : module_(module), builtins_(builtins) {
  reset_globals();
}

void Engine::give_back_globals() {
  GlobalsHolder* h = holder_;
  holder_ = nullptr;
  h->write_back();
}

void Engine::reset_globals() {
  holder_ = nullptr;  // what compiled code holds is reset too: it takes the new values
  globals_.assign(module_.globals.size(), Value());
  std::vector<Value> no_frame;
  Interpreter init(*this, no_frame);
  for (const GlobalDecl& g : module_.globals) {
    if (g.slot < 0) continue;
    // Globals are checked in order, so an initialiser only reads earlier ones.
    try {
      globals_[static_cast<size_t>(g.slot)] = g.init ? init.eval(*g.init) : init.default_value(g.type);
    } catch (const RuntimeError& e) {
      throw ExecutionError(g.loc, e.what());
    }
  }
}

int Engine::global_slot(const std::string& name) const {
  for (const GlobalDecl& g : module_.globals)
    if (g.name == name) return g.slot;
  return -1;
}

Value Engine::call(const FunctionDecl& fn, std::vector<Value> args) {
  std::vector<Value> no_frame;
  Interpreter caller(*this, no_frame);
  try {
    return caller.call_function(fn, args, nullptr);
  } catch (const RuntimeError& e) {
    throw ExecutionError(fn.loc, e.what());
  }
}

void Engine::run(std::span<const Block* const> blocks, std::vector<Value>& frame) {
  Interpreter interp(*this, frame);
  for (const Block* b : blocks)
    if (interp.block(*b) == Interpreter::Flow::Return) return;
}

Value Engine::eval(const Expr& e, std::vector<Value>& frame) {
  Interpreter interp(*this, frame);
  try {
    return interp.eval(e);
  } catch (const RuntimeError& err) {
    throw ExecutionError(e.loc, err.what());
  }
}

void add_engine_builtins(BuiltinTable& table) {
  Builtin end_of_decode;
  end_of_decode.name = "EndOfDecode";
  end_of_decode.min_args = end_of_decode.max_args = 1;
  end_of_decode.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const std::string reason = args[0].kind() == ValueKind::String ? args[0].as_string() : site.expr.args[0]->name;
    const auto kind = reason == "Decode_NOP" ? EndOfInstruction::Kind::Nop : EndOfInstruction::Kind::Undefined;
    throw EndOfInstruction{kind, site.expr.loc, reason};
  };
  table.add(std::move(end_of_decode));

  Builtin unreachable;
  unreachable.name = "Unreachable";
  unreachable.fn = [](CallSite&, std::vector<Value>&) -> Value { throw RuntimeError("Unreachable() was reached"); };
  table.add(std::move(unreachable));
}

const BuiltinTable& language_builtins() {
  static const BuiltinTable table = [] {
    BuiltinTable t;
    add_standard_builtins(t);
    add_fp_builtins(t);
    add_engine_builtins(t);
    return t;
  }();
  return table;
}

}  // namespace mlisa::spec
