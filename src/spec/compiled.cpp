// The registry of compiled targets, their binding to an engine, and the
// out-of-line parts of the compiled code's run-time support.
#include "spec/compiled.hpp"
#include "core/hash.hpp"

#include "spec/compiled_rt.hpp"
#include "spec/specfile.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <set>

namespace mlisa::spec {

namespace {

std::map<std::string, const CompiledTarget*>& registry() {
  static std::map<std::string, const CompiledTarget*> r;
  return r;
}

void walk_expr(const Expr* e, std::vector<const Expr*>& out);

void walk_type(const Type& t, std::vector<const Expr*>& out) {
  if (t.width_expr) walk_expr(t.width_expr, out);
  for (const Type& e : t.elems) walk_type(e, out);
}

void walk_expr(const Expr* e, std::vector<const Expr*>& out) {
  if (!e) return;
  for (const Expr* a : e->args) walk_expr(a, out);
  for (const SliceRange& r : e->slices) {
    walk_expr(r.hi, out);
    if (r.lo != r.hi) walk_expr(r.lo, out);
  }
  if (e->kind == ExprKind::Unknown) walk_type(e->type, out);
  if ((e->kind == ExprKind::Call || e->kind == ExprKind::Index) && e->ref == RefKind::Builtin) out.push_back(e);
}

void walk_block(const Block& b, std::vector<const Expr*>& out) {
  for_each_stmt(b, [&](const Stmt& s) {
    walk_type(s.decl_type, out);
    for_each_expr(s, [&](const Expr* e, bool) { walk_expr(e, out); });
  });
}

}  // namespace

EngineKind& default_engine_kind() {
  static EngineKind kind = EngineKind::Compiled;
  return kind;
}

void register_compiled(const CompiledTarget* target) { registry()[target->target] = target; }

const CompiledTarget* find_compiled(const std::string& target) {
  auto it = registry().find(target);
  return it == registry().end() ? nullptr : it->second;
}

uint64_t spec_hash(const SourceSet& sources) {
  uint64_t h = kFnv1aBasis;
  for (size_t i = 0; i < sources.size(); ++i) h = fnv1a("\xff", fnv1a(sources.text(static_cast<uint32_t>(i)), h));
  return h;
}

std::vector<const Expr*> builtin_call_sites(const TargetSpec& spec) {
  std::vector<const Expr*> out;
  for (const FunctionDecl* f : spec.module().functions)
    if (f->has_body) walk_block(f->body, out);
  for (const InstructionSpec& inst : spec.instructions())
    for (const Encoding& enc : inst.encodings) {
      walk_block(enc.decode, out);
      walk_block(enc.operation, out);
    }
  return out;
}

CompiledBinding::~CompiledBinding() {
  if (!engine_) return;
  engine_->globals();  // what compiled code holds is written back and let go
  if (typed_) target_->free_typed(typed_);
}

void CompiledBinding::take() {
  target_->load_typed(*ctx_);
  engine_->take_globals(this);
}

void CompiledBinding::write_back() { target_->store_typed(*ctx_); }

void* CompiledBinding::typed_address(int slot) const {
  if (slot < 0 || static_cast<size_t>(slot) >= typed_by_slot_.size()) return nullptr;
  const CompiledTarget::TypedGlobal* t = typed_by_slot_[static_cast<size_t>(slot)];
  return t ? static_cast<char*>(typed_) + t->offset : nullptr;
}

GlobalRef::GlobalRef(Engine& engine, const CompiledBinding* compiled, int slot)
    : engine_(&engine), slot_(slot), typed_(compiled ? compiled->typed_address(slot) : nullptr) {}

Value& GlobalRef::value(size_t i) const {
  // The Value of a global held typed is stale while compiled code holds
  // them: globals() takes them back first.
  Value& v = engine_->globals()[static_cast<size_t>(slot_)];
  return v.kind() == ValueKind::Array ? v.mutable_elems().at(i) : v;
}

void GlobalRef::set_value_word(uint64_t w, size_t i) {
  Value& v = value(i);
  v = Value::bits(v.as_bits().width(), w);
}

bool GlobalRef::any_value(size_t n) const {
  const auto& e = engine_->globals()[static_cast<size_t>(slot_)].elems();
  bool r = false;
  for (size_t i = 0; i < n && i < e.size(); ++i) r |= e[i].as_bool();
  return r;
}

namespace rt {
void retake_globals(Ctx& c) { c.binding->enter(); }

// A builtin called from compiled code at one of its call sites: f(the call
// site, the builtin); then the globals taken again, should the builtin have
// read them (after_builtin).
template <class F>
auto call_builtin(Ctx& c, int site, F&& f) {
  const Expr& e = *c.sites[site];
  CallSite cs{c.e, e};
  const Builtin& b = c.e.builtins().at(e.builtin);
  if constexpr (std::is_void_v<decltype(f(cs, b))>) {
    f(cs, b);
    after_builtin(c);
  } else {
    auto r = f(cs, b);
    after_builtin(c);
    return r;
  }
}

uint64_t get_word_int_slow(Ctx& c, int site, uint64_t index, Int n) {
  return call_builtin(c, site, [&](CallSite& cs, const Builtin& b) { return b.get_word_int(cs, index, n); });
}

uint64_t words_slow(Ctx& c, int site, const uint64_t* v, const uint32_t* w, size_t n) {
  return call_builtin(c, site, [&](CallSite& cs, const Builtin& b) { return b.words(cs, v, w, n); });
}

void set_word_int_slow(Ctx& c, int site, uint64_t index, Int n, uint64_t value, uint32_t width) {
  call_builtin(c, site, [&](CallSite& cs, const Builtin& b) { b.set_word_int(cs, index, n, value, width); });
}
}  // namespace rt

std::unique_ptr<CompiledBinding> CompiledBinding::bind(const TargetSpec& spec, Engine& engine) {
  const CompiledTarget* t = find_compiled(spec.target());
  if (!t || t->hash != spec_hash(spec.sources())) {
    static std::set<std::string> said;
    static std::mutex m;
    std::lock_guard<std::mutex> lock(m);
    if (said.insert(spec.target()).second)
      std::cerr << fmt::format("mlisa: note: {}: {}; the target runs on the interpreter\n", spec.target(),
                               t ? "the loaded specs differ from the compiled ones" : "no compiled semantics");
    return nullptr;
  }
  std::unique_ptr<CompiledBinding> b(new CompiledBinding());
  b->target_ = t;
  b->sites_ = builtin_call_sites(spec);
  for (size_t i = 0; i < t->const_count; ++i) {
    const CompiledConst& k = t->consts[i];
    switch (k.kind) {
      case 'e': {
        const EnumType* et = nullptr;
        for (const EnumType* x : spec.module().enums)
          if (x->name == k.text) et = x;
        if (!et) throw std::logic_error(fmt::format("compiled code: no enumeration {}", k.text));
        b->consts_.push_back(Value::enumeration(et, k.n));
        break;
      }
      case 's': b->consts_.push_back(Value::string(k.text)); break;
      case 'r': {
        const RecordType* rt = nullptr;
        for (const RecordType* x : spec.module().records)
          if (x->name == k.text) rt = x;
        if (!rt) throw std::logic_error(fmt::format("compiled code: no record type {}", k.text));
        std::vector<Value> fields;
        for (const Type& f : rt->field_types) {
          switch (f.kind) {
            case TypeKind::Boolean: fields.push_back(Value::boolean(false)); break;
            case TypeKind::Integer: fields.push_back(Value::integer(0)); break;
            case TypeKind::Real: fields.push_back(Value::real(0)); break;
            case TypeKind::Enum: fields.push_back(Value::enumeration(f.enum_type, 0)); break;
            default: fields.push_back(Value::bits(Bits::zeros(static_cast<uint32_t>(f.width)))); break;
          }
        }
        b->consts_.push_back(Value::record(rt, std::move(fields)));
        break;
      }
      case 'b': {
        Bits v = Bits::zeros(k.n);
        const std::string hex = k.text;
        for (size_t d = 0; d < hex.size(); ++d) {
          const char c = hex[hex.size() - 1 - d];
          const uint64_t nib = static_cast<uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
          for (uint32_t j = 0; j < 4; ++j)
            if (4 * d + j < k.n && ((nib >> j) & 1)) v.set_bit(static_cast<uint32_t>(4 * d + j), true);
        }
        b->consts_.push_back(Value::bits(std::move(v)));
        break;
      }
      default: throw std::logic_error("compiled code: a bad constant");
    }
  }
  b->ctx_.reset(new rt::Ctx{engine, engine.globals(), b->sites_.data(), b->consts_.data(), 0, t->locs, {}, 0});
  b->engine_ = &engine;
  b->typed_ = t->new_typed();
  b->ctx_->typed = b->typed_;
  b->ctx_->binding = b.get();
  b->typed_by_slot_.assign(engine.module().globals.size(), nullptr);
  for (const CompiledTarget::TypedGlobal* g = t->typed; g->slot >= 0; ++g)
    b->typed_by_slot_.at(static_cast<size_t>(g->slot)) = g;
  size_t i = 0;
  for (const InstructionSpec& inst : spec.instructions())
    for (const Encoding& enc : inst.encodings) {
      if (i < t->encoding_count) b->encodings_[&enc] = &t->encodings[i];
      ++i;
    }
  size_t f = 0;
  for (const FunctionDecl* fn : spec.module().functions) {
    if (!fn->has_body) continue;
    if (f < t->function_count && t->functions[f]) b->functions_[fn] = t->functions[f];
    if (f < t->function_count) b->function_index_[fn] = f;
    ++f;
  }
  return b;
}

namespace {

// values_equal, without a call for the bits registers decodes read.
bool same_value(const Value& a, const Value& b) {
  if (a.kind() == ValueKind::Bits && b.kind() == ValueKind::Bits && a.as_bits().is_small() && b.as_bits().is_small())
    return a.as_bits().width() == b.as_bits().width() && a.as_bits().low64() == b.as_bits().low64();
  return values_equal(a, b);
}

// A read of a decode (CompiledTarget::Split::reads: global, lo, width) that
// is a field of bits (the translator keeps a field within one 64-bit word),
// not the whole value.
bool field_read(const Value& global, const int32_t* read) {
  return read[2] != 0 && global.kind() == ValueKind::Bits &&
         read[1] + read[2] <= static_cast<int32_t>(global.as_bits().width());
}

// That field's bits.
uint64_t field_bits(const Value& global, const int32_t* read) {
  const int32_t lo = read[1], width = read[2];
  const uint64_t mask = width == 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  return (global.as_bits().word(static_cast<uint32_t>(lo / 64)) >> (lo % 64)) & mask;
}

// Notes what the decode saw in `was`: the whole value (a copy that shares
// no array with the global, which the instruction may then write), or the
// field as bits of its width.
void note(Value& was, const Value& global, const int32_t* read) {
  if (!field_read(global, read)) was.assign_unshared(global);
  else was = Value::bits(static_cast<uint32_t>(read[2]), field_bits(global, read));
}

// The same read now, compared with what the decode saw.
bool still_seen(const Value& global, const int32_t* read, const Value& was) {
  if (!field_read(global, read)) return same_value(global, was);
  return field_bits(global, read) == was.as_bits().low64();
}

}  // namespace

CompiledDecode::CompiledDecode(const CompiledTarget::Split& split, const Bits& word)
    : split_(split), word_(word), state_(split.make()), execute_(split.execute) {}

CompiledDecode::~CompiledDecode() { split_.free(state_); }

std::unique_ptr<CompiledDecode> CompiledBinding::decoded(const Encoding& enc, const Bits& word) const {
  auto it = encodings_.find(&enc);
  if (it == encodings_.end()) return nullptr;
  auto d = std::make_unique<CompiledDecode>(*it->second, word);
  for (const int32_t* r = d->split_.reads; *r >= 0; r += 3) d->reads_.push_back(resolve(r));
  if (d->reads_.size() == 1 && d->reads_[0].size) d->read0_ = d->reads_[0];
  return d;
}

CompiledDecode::Read CompiledBinding::resolve(const int32_t* read) const {
  CompiledDecode::Read out;
  out.read = read;
  const CompiledTarget::TypedGlobal* t = typed_by_slot_[static_cast<size_t>(read[0])];
  if (!t) return out;  // compared as a Value
  out.at = static_cast<const char*>(typed_) + t->offset;
  if (t->count == 0 && (t->kind == 'b' || t->kind == 'w') && read[2] != 0 && read[1] + read[2] <= t->width) {
    // A field, within one 64-bit word.
    out.at += 8 * (read[1] / 64);
    out.shift = static_cast<uint8_t>(read[1] % 64);
    out.mask = read[2] == 64 ? ~uint64_t{0} : (uint64_t{1} << read[2]) - 1;
    out.size = 8;
  } else if (t->count == 0 && t->kind == 'b') {
    out.size = 8;
  } else if (t->count == 0 && t->kind == 'z') {
    out.size = 1;
    out.mask = 1;
  } else {
    // Anything else (an array, 128-bit bits, an integer) as its bytes.
    out.bytes = t->size;
  }
  return out;
}

bool CompiledBinding::still_seen_all(const CompiledDecode& d) const {
  size_t word = 0, value = 0, bytes = 0;
  for (const CompiledDecode::Read& r : d.reads_) {
    if (r.size) {
      if (r.word() != d.seen_words_[word++]) return false;
    } else if (r.at) {
      if (std::memcmp(r.at, d.seen_bytes_.data() + bytes, r.bytes) != 0) return false;
      bytes += r.bytes;
    } else {
      if (!still_seen(ctx_->g[static_cast<size_t>(r.read[0])], r.read, d.seen_[value++])) return false;
    }
  }
  return true;
}

void CompiledBinding::note_seen(CompiledDecode& d) const {
  d.seen_words_.clear();
  d.seen_bytes_.clear();
  size_t value = 0;  // the Values are noted into those of the last decode
  for (const CompiledDecode::Read& r : d.reads_) {
    if (r.size) {
      d.seen_words_.push_back(r.word());
    } else if (r.at) {
      d.seen_bytes_.append(r.at, r.bytes);
    } else {
      if (d.seen_.size() == value) d.seen_.emplace_back();
      note(d.seen_[value++], ctx_->g[static_cast<size_t>(r.read[0])], r.read);
    }
  }
  d.seen_.resize(value);
}

void CompiledBinding::execution_error(const RuntimeError& e) const { throw ExecutionError(ctx_->loc(), e.what()); }

void CompiledBinding::run_slow(CompiledDecode& d) {
  rt::Ctx& c = *ctx_;
  c.depth = 0;
  try {
    // Still the values the decode saw?
    if (d.valid_ && !d.reads_.empty() && !still_seen_all(d)) d.valid_ = false;
    if (!d.valid_) {
      d.quick_ = CompiledDecode::kQuickNone;
      d.split_.decode(c, d.word_, d.state_);
      if (d.split_.keepable) {
        note_seen(d);
        d.valid_ = true;
        if (d.reads_.empty()) d.quick_ = CompiledDecode::kQuickHolds;
        if (d.read0_.size) {
          d.quick_ = CompiledDecode::kQuickOneWord;
          d.seen0_ = d.seen_words_[0];
        }
      }
    }
    d.split_.execute(c, d.state_);
  } catch (const RuntimeError& e) {
    throw ExecutionError(c.loc(), e.what());
  }
}

Value call_function(CompiledBinding* compiled, Engine& engine, const FunctionDecl& fn, std::vector<Value> args) {
  if (compiled && !engine.coverage) return compiled->call(fn, std::move(args));
  return engine.call(fn, std::move(args));
}

Value CompiledBinding::call(const FunctionDecl& fn, std::vector<Value> args) {
  auto it = functions_.find(&fn);
  if (it == functions_.end()) return ctx_->e.call(fn, std::move(args));
  return call(it->second, args);
}

CompiledTarget::FunctionFn CompiledBinding::function(const FunctionDecl& fn) const {
  auto it = functions_.find(&fn);
  return it == functions_.end() ? nullptr : it->second;
}

CompiledTarget::ProcFn CompiledBinding::procedure0(const FunctionDecl& fn) const {
  auto it = function_index_.find(&fn);
  return it == function_index_.end() ? nullptr : target_->procs0[it->second];
}

CompiledTarget::ProcIntFn CompiledBinding::procedure1(const FunctionDecl& fn) const {
  auto it = function_index_.find(&fn);
  return it == function_index_.end() ? nullptr : target_->procs1[it->second];
}

namespace {

// Runs f() as call() runs a function: a run-time error becomes an
// ExecutionError at the pseudocode line, the call depth is restored.
template <class F>
void run_direct(rt::Ctx& c, F&& f) {
  const size_t depth = c.depth;
  try {
    f();
    c.depth = depth;
  } catch (const RuntimeError& e) {
    c.depth = depth;
    throw ExecutionError(c.loc(), e.what());
  } catch (...) {
    c.depth = depth;
    throw;
  }
}

}  // namespace

Value CompiledBinding::call(CompiledTarget::FunctionFn f, std::vector<Value>& args) {
  enter();
  rt::Ctx& c = *ctx_;
  Value r;
  run_direct(c, [&] { r = f(c, args); });
  return r;
}

void CompiledBinding::rethrow_from_call() {
  ctx_->depth = 0;
  try {
    throw;
  } catch (const RuntimeError& e) {
    throw ExecutionError(ctx_->loc(), e.what());
  }
}

// ---------------------------------------------------------------------------
// Run-time support

namespace rt {

void fail(const std::string& msg) { throw RuntimeError(msg); }
void fail(const char* msg) { throw RuntimeError(msg); }
void index_outside(Int index) { fail("index " + int_to_string(index) + " outside an array"); }
void external_int_outside(Int v, const char* fn, const char* param) {
  fail(fmt::format("{} called with {} = {}: the compiled code takes integer arguments from a machine only in 32 "
                   "bits (docs/compiled.md, \"Integers\")",
                   fn, param, int_to_string(v)));
}
void expected(const Value& v, const char* what) { fail(fmt::format("{} where {} is expected", v.describe(), what)); }
void bad_width(Int n) { fail("width " + int_to_string(n) + " is not a valid bits width"); }
void pattern_width(const Bits& v, uint32_t width) {
  fail(v.to_hex() + " cannot match a " + std::to_string(width) + "-bit pattern");
}

void end(EndOfInstruction::Kind kind, uint32_t file, uint32_t line, uint32_t col, const char* detail) {
  throw EndOfInstruction{kind, Loc{file, line, col}, detail};
}

Int div(Int a, Int b) {
  if (b == 0) fail("division by zero");
  if (a % b != 0) fail(fmt::format("{} / {} is not an integer", int_to_string(a), int_to_string(b)));
  return a / b;
}

Int pow(Int a, Int b) { return apply_binary(Op::Pow, Value::integer(a), Value::integer(b)).as_int(); }
Int shl_slow(Int a, Int b) { return apply_binary(Op::Shl, Value::integer(a), Value::integer(b)).as_int(); }
Int shr_slow(Int a, Int b) { return apply_binary(Op::Shr, Value::integer(a), Value::integer(b)).as_int(); }
double pow(double a, Int n) { return apply_binary(Op::Pow, Value::real(a), Value::integer(n)).as_real(); }

void width_mismatch(const char* op, uint32_t a, uint32_t b) {
  if (std::string(op) == "==") fail(fmt::format("comparison of bits({}) with bits({})", a, b));
  fail(fmt::format("operator {}: bits({}) and bits({})", op, a, b));
}

Bits mul(const Bits& a, const Bits& b) { return apply_binary(Op::Mul, V(a), V(b)).as_bits(); }
Bits shl(const Bits& a, Int n) {
  if (n < 0) fail("shift amount out of range");
  if (a.is_small()) return Bits(a.width(), n >= 64 ? 0 : a.low64() << static_cast<int>(n));
  return a.shl(n > Bits::kMaxWidth ? Bits::kMaxWidth : static_cast<uint32_t>(n));
}
Bits shr(const Bits& a, Int n) {
  if (n < 0) fail("shift amount out of range");
  if (a.is_small()) return Bits(a.width(), n >= 64 ? 0 : a.low64() >> static_cast<int>(n));
  return a.lshr(n > Bits::kMaxWidth ? Bits::kMaxWidth : static_cast<uint32_t>(n));
}

void bad_slice(Int lo, Int width, uint32_t base_width) {
  fail(fmt::format("slice <{}:{}> of a {}-bit value", int_to_string(lo + width - 1), int_to_string(lo), base_width));
}

Bits slice_value(const Value& v, Int lo, Int width) {
  if (v.kind() == ValueKind::Integer) return slice(v.as_int(), lo, width);
  fail(fmt::format("cannot slice {}", v.describe()));
}

void set_slice_mismatch(uint32_t value_width, Int width) {
  fail(fmt::format("assignment of bits({}) to a {}-bit slice", value_width, int_to_string(width)));
}

void set_slice_wide(Bits& b, Int lo, Int width, const Bits& v) {
  if (lo < 0 || width < 0 || lo + width > b.width()) bad_slice(lo, width, b.width());
  if (Int{v.width()} != width) set_slice_mismatch(v.width(), width);
  b.set_slice(static_cast<uint32_t>(lo), v);
}

Value neg(const Value& v) {
  if (v.kind() == ValueKind::Integer) return Value::integer(-v.as_int());
  if (v.kind() == ValueKind::Real) return Value::real(-v.as_real());
  if (v.kind() == ValueKind::Bits) return Value::bits(neg(v.as_bits()));
  fail(fmt::format("cannot negate {}", v.describe()));
}
Value bnot(const Value& v) {
  if (v.kind() == ValueKind::Boolean) return Value::boolean(!v.as_bool());
  return Value::bits(~v.as_bits());
}

Value invoke(Ctx& c, int site, std::vector<Value>& args) {
  return call_builtin(c, site, [&](CallSite& cs, const Builtin& b) { return b.fn(cs, args); });
}

Bits ZeroExtend(const Bits& b, Int n) {
  if (b.is_small() && n >= b.width() && n <= 64) return Bits(static_cast<uint32_t>(n), b.low64());
  return extend_bits("ZeroExtend", b, n, true);
}
Bits SignExtend(const Bits& b, Int n) { return extend_bits("SignExtend", b, n, false); }
Bits Elem(const Bits& vector, Int e, Int size) { return elem_get(vector, e, size); }

}  // namespace rt

}  // namespace mlisa::spec
