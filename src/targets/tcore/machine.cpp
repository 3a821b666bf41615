#include "targets/tcore/machine.hpp"

#include "asm/export.hpp"
#include "core/diag.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

namespace mlisa::targets::tcore {

namespace {

using spec::Builtin;
using spec::BuiltinKind;
using spec::CallSite;
using spec::Type;
using spec::Value;
using spec::ValueKind;

Machine& machine_of(CallSite& site) {
  if (!site.engine.target_state) throw spec::RuntimeError("tcore memory is not available outside a tcore machine");
  return *static_cast<Machine*>(site.engine.target_state);
}

uint32_t address_of(const Value& v) { return static_cast<uint32_t>(v.as_bits().low64()); }

void add(spec::BuiltinTable& t, const char* name, int nargs, spec::TypeRule result, spec::BuiltinFn fn) {
  Builtin b;
  b.name = name;
  b.kind = BuiltinKind::Function;
  b.min_args = b.max_args = nargs;
  b.result = std::move(result);
  b.fn = std::move(fn);
  t.add(std::move(b));
}

// The global or array element a write names, in `globals`.
Value& written(std::vector<Value>& globals, const Machine::GlobalWrite& w) {
  Value& g = globals[w.global];
  return w.element < 0 ? g : g.mutable_elems()[static_cast<size_t>(w.element)];
}

// Makes `to` equal to `from` keeping arrays of its own (Value::assign_unshared).
void copy_into(std::vector<Value>& to, const std::vector<Value>& from) {
  to.resize(from.size());
  for (size_t i = 0; i < to.size(); ++i) to[i].assign_unshared(from[i]);
}

// Two values equal (deeply; arrays shared copy-on-write compare by identity first).
bool same(const Value& a, const Value& b) {
  if (a.kind() != b.kind()) return false;
  switch (a.kind()) {
    case ValueKind::Bits: return a.as_bits() == b.as_bits();
    case ValueKind::Boolean: return a.as_bool() == b.as_bool();
    case ValueKind::Integer:
    case ValueKind::Enum: return a.as_int() == b.as_int();
    case ValueKind::Real: return a.as_real() == b.as_real();
    case ValueKind::String: return a.as_string() == b.as_string();
    case ValueKind::Void: return true;
    case ValueKind::Tuple:
    case ValueKind::Record:
    case ValueKind::Array: {
      const auto& x = a.elems();
      const auto& y = b.elems();
      if (&x == &y) return true;
      if (x.size() != y.size()) return false;
      for (size_t i = 0; i < x.size(); ++i)
        if (!same(x[i], y[i])) return false;
      return true;
    }
  }
  return false;
}

}  // namespace

void add_builtins(spec::BuiltinTable& t) {
  add(t, "MemRead32", 1, [](const std::vector<spec::Expr*>&) { return Type::bits(32); },
      [](CallSite& site, std::vector<Value>& args) {
        Machine& m = machine_of(site);
        return Value::bits(32, m.read32(address_of(args[0])));
      });
  add(t, "MemWrite32", 2, nullptr, [](CallSite& site, std::vector<Value>& args) {
    Machine& m = machine_of(site);
    const uint32_t a = address_of(args[0]);
    (void)m.read32(a);  // the same checks as a read
    m.pending_stores.push_back({a, static_cast<uint32_t>(args[1].as_bits().low64()), m.current_slot});
    return Value();
  });
  // The matrix unit and the DMA engine: one MXU op each (docs/npu.md).
  auto u32 = [](const Value& v) { return static_cast<uint32_t>(v.as_int()); };
  auto b32 = [](const Value& v) { return v.as_bits().low64() & 0xffffffffu; };
  add(t, "MxuLoadTile", 1, nullptr, [u32](CallSite& site, std::vector<Value>& args) {
    machine_of(site).issue_mxu(sim::ldtile(u32(args[0])));
    return Value();
  });
  add(t, "MxuTileMul", 4, nullptr, [u32](CallSite& site, std::vector<Value>& args) {
    machine_of(site).issue_mxu(sim::tmul(u32(args[1]), u32(args[0]), u32(args[2]), args[3].as_bool()));
    return Value();
  });
  add(t, "DmaToBuffer", 5, nullptr, [u32, b32](CallSite& site, std::vector<Value>& args) {
    const uint32_t row = u32(args[1]), rows = u32(args[3]);
    const uint64_t mem = b32(args[2]), stride = b32(args[4]);
    switch (args[0].as_int()) {
      case 0: machine_of(site).issue_mxu(sim::dma_l0a(row, mem, rows, stride)); break;
      case 1: machine_of(site).issue_mxu(sim::dma_l0b(row, mem, rows, stride)); break;
      case 2: machine_of(site).issue_mxu(sim::dma_l0c(row, mem, rows, stride)); break;
      default: throw spec::RuntimeError("DmaToBuffer: no such buffer");
    }
    return Value();
  });
  add(t, "DmaFromBuffer", 5, nullptr, [u32, b32](CallSite& site, std::vector<Value>& args) {
    if (args[0].as_int() != 2) throw spec::RuntimeError("DmaFromBuffer: only L0C is written back to memory");
    machine_of(site).issue_mxu(sim::dma_mem(b32(args[2]), u32(args[1]), u32(args[3]), b32(args[4])));
    return Value();
  });
}

Machine::Machine(const as::SpecIsa& isa, const spec::BuiltinTable& builtins, size_t memory_bytes,
                 const sim::NpuConfig& mxu)
    : memory(memory_bytes, 0), isa_(isa), engine_(isa.spec->module(), builtins),
      npu_(std::make_unique<sim::Npu>(mxu, 0)) {
  engine_.sources = &isa.spec->sources();
  engine_.target_state = this;
  engine_.reset_globals();
  s_slot_ = engine_.global_slot("_S");
  v_slot_ = engine_.global_slot("_V");
  p_slot_ = engine_.global_slot("_P");
  branch_taken_ = engine_.global_slot("BranchTaken");
  branch_target_ = engine_.global_slot("BranchTarget");
  halted_ = engine_.global_slot("Halted");
  for (const spec::FunctionDecl* f : isa.spec->module().functions)
    if (f->name == "SlotEnabled") slot_enabled_ = f;
  if (s_slot_ < 0 || v_slot_ < 0 || p_slot_ < 0 || branch_taken_ < 0 || branch_target_ < 0 || halted_ < 0 ||
      !slot_enabled_)
    throw InputError("the tcore specs lack _S, _V, _P, BranchTaken, BranchTarget, Halted or SlotEnabled");
  set_engine(spec::default_engine_kind());
}

void Machine::set_engine(spec::EngineKind kind) {
  decoded_.clear();
  compiled_.reset();
  if (kind == spec::EngineKind::Compiled) compiled_ = spec::CompiledBinding::bind(*isa_.spec, engine_);
  before_valid_ = false;
  slot_enabled_fn_ = compiled_ ? compiled_->function(*slot_enabled_) : nullptr;
}

bool Machine::slot_enabled(uint64_t predicate) {
  if (slot_enabled_fn_ && !engine_.coverage) {
    enabled_args_.assign(1, Value::bits(5, predicate));
    return compiled_->call(slot_enabled_fn_, enabled_args_).as_bool();
  }
  return call(*slot_enabled_, {Value::bits(5, predicate)}).as_bool();
}

const std::vector<as::DecodedInsn>& Machine::decoded_bundle(const as::Word& word) {
  constexpr size_t kKept = 1024;
  if (kept_.empty()) kept_.resize(kKept);
  KeptBundle& k = kept_[pc / (isa_.isa.width() / 8) % kKept];
  if (k.valid && k.word == word) return k.insns;
  k.valid = false;
  try {
    k.insns = as::decode_bundle(isa_.isa, word);
  } catch (const InputError& e) {
    throw Fault("UNDEFINED", fmt::format("bundle at 0x{:08x}: {}", pc, e.message()));
  }
  k.word = word;
  k.valid = true;
  return k.insns;
}

spec::CompiledDecode* Machine::compiled_decode(const as::Word& word, const as::DecodedInsn& d) {
  // Every slot of every bundle comes here: the key's buffer is reused.
  decode_key_.assign(reinterpret_cast<const char*>(&d.form), sizeof d.form);
  for (uint32_t i = 0; i < (word.width() + 63) / 64; ++i) {
    const uint64_t w = word.word(i);
    decode_key_.append(reinterpret_cast<const char*>(&w), sizeof w);
  }
  auto it = decoded_.find(decode_key_);
  if (it == decoded_.end()) {
    const as::SpecForm& sf = isa_.forms[static_cast<size_t>(d.form)];
    it = decoded_.emplace(decode_key_, compiled_->decoded(*sf.enc, isa_.spec->packed_frame(*sf.enc, sf.slot, word)))
             .first;
  }
  return it->second.get();
}

Value Machine::call(const spec::FunctionDecl& fn, std::vector<Value> args) {
  return spec::call_function(compiled_.get(), engine_, fn, std::move(args));
}

uint32_t Machine::read32(uint32_t a) const {
  if (a % 4) throw Fault("Alignment fault", fmt::format("address 0x{:08x} is not a multiple of 4", a));
  if (uint64_t{a} + 4 > memory.size())
    throw Fault("Memory fault", fmt::format("address 0x{:08x} is outside the {} bytes of memory", a, memory.size()));
  return uint32_t{memory[a]} | uint32_t{memory[a + 1]} << 8 | uint32_t{memory[a + 2]} << 16 |
         uint32_t{memory[a + 3]} << 24;
}

void Machine::issue_mxu(const sim::MxuOp& op) {
  if (probing && probe_ops_) {
    probe_ops_->push_back(sim::render(op));
    return;
  }
  try {
    npu_->issue(op, memory);
  } catch (const sim::MxuFault& e) {
    throw Fault("MXU fault", fmt::format("bundle {} (0x{:08x}), slot {}: '{}': {}", pc / 64, pc, current_slot,
                                         current_text, e.what_failed()));
  }
  mxu_insns_.push_back({pc / 64, current_slot, current_text, op});
}

void Machine::run(const std::vector<as::Word>& words, uint64_t max_bundles) {
  const uint32_t wb = isa_.isa.width() / 8;
  while (!halted()) {
    if (pc % wb || pc / wb >= words.size())
      throw Fault("Prefetch fault", fmt::format("pc 0x{:08x} is not a bundle of the program ({} bundles)", pc,
                                                words.size()));
    if (bundles_executed >= max_bundles)
      throw Fault("step limit", fmt::format("no halt after {} bundles (pc 0x{:08x})", bundles_executed, pc));
    step(words[pc / wb]);
  }
  finish_mxu();
}

bool Machine::halted() const { return engine_.globals()[static_cast<size_t>(halted_)].as_bool(); }

uint32_t Machine::s(int n) const {
  return static_cast<uint32_t>(engine_.globals()[static_cast<size_t>(s_slot_)].elems().at(static_cast<size_t>(n)).as_bits().low64());
}
void Machine::set_s(int n, uint32_t v) {
  before_valid_ = false;
  engine_.globals()[static_cast<size_t>(s_slot_)].mutable_elems().at(static_cast<size_t>(n)) = Value::bits(32, v);
}
spec::Bits Machine::v(int n) const {
  return engine_.globals()[static_cast<size_t>(v_slot_)].elems().at(static_cast<size_t>(n)).as_bits();
}
void Machine::set_v(int n, const spec::Bits& value) {
  before_valid_ = false;
  engine_.globals()[static_cast<size_t>(v_slot_)].mutable_elems().at(static_cast<size_t>(n)) = Value::bits(value);
}
bool Machine::p(int n) const {
  if (n == 0) return true;
  return engine_.globals()[static_cast<size_t>(p_slot_)].elems().at(static_cast<size_t>(n)).as_bool();
}

bool same_effects(const Machine::SlotEffects& a, const Machine::SlotEffects& b) {
  if (a.enabled != b.enabled || a.writes.size() != b.writes.size() || a.stores.size() != b.stores.size() ||
      a.mxu_ops != b.mxu_ops)
    return false;
  for (size_t i = 0; i < a.writes.size(); ++i)
    if (a.writes[i].global != b.writes[i].global || a.writes[i].element != b.writes[i].element ||
        !same(a.writes[i].value, b.writes[i].value))
      return false;
  for (size_t i = 0; i < a.stores.size(); ++i)
    if (a.stores[i].address != b.stores[i].address || a.stores[i].value != b.stores[i].value) return false;
  return true;
}

Machine::SlotEffects Machine::run_slot(const as::Word& word, const as::DecodedInsn& d, uint32_t bundle_pc,
                                      const std::vector<Value>& view, bool ignore_predicate) {
  before_valid_ = false;
  engine_.globals() = view;
  SlotEffects out;
  run_slot_into(word, d, bundle_pc, view, ignore_predicate, out);
  return out;
}

// run_slot with the globals equal to `view` already; what the slot wrote is
// left in them (a slot that ends as a NOP leaves nothing).
void Machine::run_slot_into(const as::Word& word, const as::DecodedInsn& d, uint32_t bundle_pc,
                            const std::vector<Value>& view, bool ignore_predicate, SlotEffects& out) {
  const as::SpecForm& sf = isa_.forms[static_cast<size_t>(d.form)];
  const std::string& slot = sf.slot;
  out.enabled = false;
  out.writes.clear();
  out.stores.clear();
  out.mxu_ops.clear();
  const uint32_t saved_pc = pc;
  pc = bundle_pc;
  current_slot = slot;
  current_text = d.text;
  pending_stores.clear();
  probe_ops_ = &out.mxu_ops;
  struct Restore {
    Machine& m;
    uint32_t pc;
    ~Restore() {
      m.pc = pc;
      m.probe_ops_ = nullptr;
    }
  } restore{*this, saved_pc};
  out.enabled = slot_enabled(d.predicate);
  if (!out.enabled && !ignore_predicate) return;
  try {
    spec::CompiledDecode* compiled = compiled_ && !engine_.coverage ? compiled_decode(word, d) : nullptr;
    if (compiled) {
      compiled_->run(*compiled);
    } else {
      std::vector<Value> frame = isa_.spec->frame_for(*sf.enc, slot, word);
      engine_.run({&sf.enc->decode, &sf.enc->operation}, frame);
    }
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (e.kind == K::Nop) {
      copy_into(engine_.globals(), view);
      pending_stores.clear();
      return;
    }
    const char* what = e.kind == K::Undefined ? "UNDEFINED" : e.kind == K::Unpredictable ? "UNPREDICTABLE" : "fault";
    throw Fault(what, fmt::format("bundle at 0x{:08x}, slot {}: '{}' is {}{}", bundle_pc, slot, d.text, what,
                                  e.detail.empty() ? "" : " (" + e.detail + ")"));
  } catch (const spec::ExecutionError& e) {
    throw Fault("execution error", fmt::format("bundle at 0x{:08x}, slot {}: '{}': {}", bundle_pc, slot, d.text,
                                               e.format(isa_.spec->sources())));
  }
  // What this slot changed, element by element for arrays (the globals as
  // the compiled code leaves them: read afresh).
  const auto& globals = engine_.globals();
  for (size_t g = 0; g < globals.size(); ++g) {
    const auto& now = globals[g].elems();
    const auto& was = view[g].elems();
    if (globals[g].kind() == ValueKind::Array && view[g].kind() == ValueKind::Array && now.size() == was.size()) {
      if (&now == &was) continue;
      for (size_t i = 0; i < now.size(); ++i)
        if (!same(now[i], was[i])) out.writes.push_back({g, static_cast<long>(i), now[i]});
    } else if (!same(globals[g], view[g])) {
      out.writes.push_back({g, -1, globals[g]});
    }
  }
  out.stores.assign(pending_stores.begin(), pending_stores.end());  // both buffers kept
  pending_stores.clear();
}

void Machine::apply_writes(std::vector<Value>& globals, uint32_t bundle_pc, SlotsEffects slots) const {
  // A write to what an earlier slot wrote must write the same value; the
  // message names the latest such slot.
  for (size_t s = 1; s < slots.size(); ++s)
    for (const GlobalWrite& w : slots[s].second.writes)
      for (size_t t = s; t-- > 0;) {
        const auto& earlier = slots[t].second.writes;
        auto it = std::find_if(earlier.begin(), earlier.end(),
                               [&](const GlobalWrite& e) { return e.global == w.global && e.element == w.element; });
        if (it == earlier.end()) continue;
        if (same(it->value, w.value)) break;
        std::string name;
        for (const auto& gd : isa_.spec->module().globals)
          if (gd.slot == static_cast<int32_t>(w.global)) name = gd.name;
        throw Fault("write conflict", fmt::format("bundle at 0x{:08x}: slots {} and {} both write {}{}", bundle_pc,
                                                  slots[t].first, slots[s].first, name,
                                                  w.element >= 0 ? fmt::format("[{}]", w.element) : ""));
      }
  for (const auto& [slot, fx] : slots)
    for (const GlobalWrite& w : fx.writes) written(globals, w) = w.value;
}

void Machine::apply_stores(uint32_t bundle_pc, SlotsEffects slots) {
  // The bundle's stores by address, each address's in slot order (an
  // insertion sort: a few dozen at most, and no allocation).
  stores_.clear();
  for (const auto& [slot, fx] : slots)
    for (const Store& s : fx.stores) {
      stores_.push_back(s);
      auto at = std::upper_bound(stores_.begin(), stores_.end() - 1, s.address,
                                 [](uint32_t a, const Store& x) { return a < x.address; });
      std::rotate(at, stores_.end() - 1, stores_.end());
    }
  // The last store to an address wins; one from another slot with another
  // value is a conflict.
  last_stores.clear();
  for (const Store& s : stores_) {
    if (last_stores.empty() || last_stores.back().address != s.address) {
      last_stores.push_back(s);
      continue;
    }
    Store& prev = last_stores.back();
    if (prev.value != s.value && prev.slot != s.slot)
      throw Fault("write conflict", fmt::format("bundle at 0x{:08x}: slots {} and {} both store to 0x{:08x}",
                                                bundle_pc, prev.slot, s.slot, s.address));
    prev.value = s.value;
    prev.slot = s.slot;
  }
  for (const Store& s : last_stores)
    for (int b = 0; b < 4; ++b) memory[s.address + static_cast<uint32_t>(b)] = static_cast<uint8_t>(s.value >> (8 * b));
}

void Machine::step(const as::Word& word) {
  const std::vector<as::DecodedInsn>& insns = decoded_bundle(word);
  // Every slot runs against the state before the bundle (before_): its
  // writes are recorded, then undone for the next slot.
  if (!before_valid_) copy_into(before_, engine_.globals());
  before_valid_ = false;  // until the bundle completes
  size_t enabled = 0;
  for (const as::DecodedInsn& d : insns) {
    if (effects_.size() == enabled) effects_.emplace_back();
    auto& [slot, fx] = effects_[enabled];
    run_slot_into(word, d, pc, before_, false, fx);
    auto& globals = engine_.globals();
    for (const GlobalWrite& w : fx.writes) written(globals, w) = written(before_, w);
    if (fx.enabled) {
      slot = isa_.forms[static_cast<size_t>(d.form)].slot;
      ++enabled;
    }
  }
  auto& globals = engine_.globals();
  const SlotsEffects slots(effects_.data(), enabled);
  apply_writes(globals, pc, slots);
  for (const auto& [slot, fx] : slots)  // checked for conflicts just now
    for (const GlobalWrite& w : fx.writes) written(before_, w) = w.value;
  apply_stores(pc, slots);
  Value& taken = globals[static_cast<size_t>(branch_taken_)];
  if (taken.as_bool()) {
    pc = static_cast<uint32_t>(globals[static_cast<size_t>(branch_target_)].as_bits().low64());
    taken = Value::boolean(false);
    before_[static_cast<size_t>(branch_taken_)] = taken;
  } else {
    pc += isa_.isa.width() / 8;
  }
  before_valid_ = true;
  ++bundles_executed;
  if (halted()) finish_mxu();
}

}  // namespace mlisa::targets::tcore
