#include "targets/tcore/pipeline.hpp"

#include "asm/export.hpp"
#include "core/diag.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <optional>
#include <set>

namespace mlisa::targets::tcore {

using spec::Value;
using spec::ValueKind;
using Element = std::pair<size_t, long>;

Unit unit_of_slot(const std::string& slot) {
  if (slot == "s0" || slot == "s1") return Unit::Scalar;
  if (slot == "v0" || slot == "v1") return Unit::Vector;
  if (slot == "vls") return Unit::VecMem;
  if (slot == "mxu" || slot == "dma") return Unit::MatrixDma;
  return Unit::Misc;
}

UnitTiming unit_timing(Unit u) {
  switch (u) {
    case Unit::Scalar: return {A, A};
    case Unit::Vector: return {A, EX1};
    case Unit::VecMem: return {I, EX2};
    case Unit::MatrixDma: return {A, -1};
    case Unit::Misc: return {D, -1};
  }
  return {A, -1};
}

bool has_bypass(Unit producer, int stage, Unit consumer) {
  // Scalar results (S and P) reach every unit from EX1 and EX2; vector
  // results reach the vector unit and the store data port from EX2; load
  // results have none (they are in the register file the cycle after EX2).
  (void)consumer;
  switch (producer) {
    case Unit::Scalar: return stage == EX1 || stage == EX2;
    case Unit::Vector: return stage == EX2;
    default: return false;
  }
}

struct Pipeline::SlotState {
  as::DecodedInsn insn;
  std::string name;
  Unit unit = Unit::Misc;
  int read = A;
  bool executed = false;
  Machine::SlotEffects fx;                  // after execution
  std::vector<Machine::GlobalWrite> shadow;  // a disabled slot's would-be writes (PredicateForward)
  std::vector<Element> dest;                 // from D: what it will write
  bool dest_unknown = false;
  std::optional<Machine::SlotEffects> probed;  // depends()'s run against the view it then executes with
};

struct Pipeline::Entry {
  uint64_t id = 0;
  uint32_t pc = 0;
  as::Word word;
  std::vector<SlotState> slots;
  bool decoded = false, destinations_found = false;
  std::string bad_kind, bad_message;  // a fetch or decode fault, raised at D
  std::vector<Machine::Store> stores;
  int stage = IF1;
};

Pipeline::Pipeline(Machine& machine, const FaultSpec* fault) : m_(machine), fault_(fault) {
  arrays_ = {static_cast<size_t>(m_.s_global()), static_cast<size_t>(m_.v_global()),
             static_cast<size_t>(m_.p_global())};
}

Pipeline::~Pipeline() = default;

void Pipeline::log(const char* line) {
  if (kanata_) *kanata_ << line << '\n';
}

namespace {

bool is_kind(const FaultSpec* f, FaultKind k) { return f && f->kind == k; }

// A different value: round 0 flips every bit, round 1 every third; `salt`
// (the element's index) XORs in a pattern of its own, so that two elements
// equal before are not equal after. Rounds 2..9 are the extremes of the
// signed and unsigned orders, lane by lane for lanes of 32, 16 and 8 bits (0,
// all ones, the sign bit alone, all but it): min and max against a constant
// ignore flipped bits when both values lie on the same side of it, never all
// the extremes.
constexpr int kPerturbRounds = 10;
Value perturb(const Value& v, int round, uint64_t salt = 0) {
  switch (v.kind()) {
    case ValueKind::Bits: {
      // Word by word (64 bits at a time): bit i of word j is bit 64 * j + i.
      const spec::Bits& b = v.as_bits();
      spec::Bits out = b;
      const uint32_t words = (b.width() + 63) / 64;
      if (round >= 2) {
        const uint32_t lane = round < 6 ? 32 : round < 8 ? 16 : 8;
        const int kind = round < 6 ? round - 2 : (round - 6) % 2 + 2;  // 0 zeros, 1 ones, 2 sign, 3 all but sign
        const uint64_t lane_signs = lane == 32 ? 0x8000000080000000ull : lane == 16 ? 0x8000800080008000ull : 0x8080808080808080ull;
        for (uint32_t j = 0; j < words; ++j) {
          uint64_t sign = lane_signs;
          if (j == (b.width() - 1) / 64) sign |= uint64_t{1} << ((b.width() - 1) % 64);  // the top bit is a sign too
          const uint64_t w = kind == 0 ? 0 : kind == 1 ? ~uint64_t{0} : kind == 2 ? sign : ~sign;
          out.set_word(j, w);
        }
        return Value::bits(std::move(out));
      }
      // Round 1 flips the bits i with i % 3 == 1; word j starts at bit 64 * j, and 64 * j % 3 == j % 3.
      auto thirds = [](uint32_t start) {
        uint64_t m = 0;
        for (uint32_t k = 0; k < 64; ++k)
          if ((start + k) % 3 == 1) m |= uint64_t{1} << k;
        return m;
      };
      static const uint64_t kThirds[3] = {thirds(0), thirds(1), thirds(2)};
      for (uint32_t j = 0; j < words; ++j) {
        uint64_t flip = round == 0 ? ~uint64_t{0} : kThirds[j % 3];
        if (salt) {
          // A pattern of its own for every 64 bits, so that equal lanes of a broadcast differ after.
          uint64_t x = (salt + 1) * 0x9e3779b97f4a7c15ull ^ (uint64_t{j} + 1) * 0xbf58476d1ce4e5b9ull;
          x ^= x >> 31;
          x *= 0x94d049bb133111ebull;
          x ^= x >> 29;
          flip ^= x;
        }
        out.set_word(j, b.word(j) ^ flip);
      }
      return Value::bits(std::move(out));
    }
    case ValueKind::Boolean: return Value::boolean(!v.as_bool());
    default: return v;
  }
}

void set_element(std::vector<Value>& g, size_t global, long element, const Value& v) {
  if (element < 0) g[global] = v;
  else g[global].mutable_elems()[static_cast<size_t>(element)] = v;
}

const Value& get_element(const std::vector<Value>& g, size_t global, long element) {
  return element < 0 ? g[global] : g[global].elems()[static_cast<size_t>(element)];
}

}  // namespace

void Pipeline::decode(Entry& e) {
  e.decoded = true;
  if (!e.bad_kind.empty()) return;
  std::vector<as::DecodedInsn> insns;
  try {
    insns = as::decode_bundle(m_.isa().isa, e.word);
  } catch (const InputError& err) {
    e.bad_kind = "UNDEFINED";
    e.bad_message = fmt::format("bundle at 0x{:08x}: {}", e.pc, err.message());
    return;
  }
  for (const as::DecodedInsn& d : insns) {
    SlotState s;
    s.insn = d;
    s.name = m_.isa().forms[static_cast<size_t>(d.form)].slot;
    s.unit = unit_of_slot(s.name);
    s.read = unit_timing(s.unit).read;
    e.slots.push_back(std::move(s));
  }
}

// The views the destinations are found against: the register file, and
// three pairs of it with other patterns. Against a register file with every
// bit flipped, so that a write of the value an element already holds shows
// too; the second of a pair keeps the scalar registers, which form addresses.
// A write of exactly what a view holds (vmax of a register with a smaller one)
// hides in a view, rarely in all. They are kept from bundle to bundle: only the
// elements of the register file that changed since are perturbed again.
void Pipeline::update_probe_views() {
  constexpr int kPatterns = 3;
  const bool all = probe_views_.empty();
  if (all) probe_views_.assign(1 + 2 * kPatterns, rf_);
  for (auto& view : probe_views_)
    for (size_t g = 0; g < rf_.size(); ++g)
      if (std::find(arrays_.begin(), arrays_.end(), g) == arrays_.end()) view[g] = rf_[g];
  for (size_t g : arrays_) {
    const auto& now = rf_[g].elems();
    const auto& was = probe_base_.empty() ? now : probe_base_[g].elems();
    if (!all && &now == &was) continue;
    std::vector<size_t> changed;
    for (size_t k = 0; k < now.size(); ++k) {
      // Perturbing is a function of the element: one that is the same needs nothing.
      const bool same = !all && now[k].kind() == was[k].kind() &&
                        ((now[k].kind() == ValueKind::Bits && now[k].as_bits() == was[k].as_bits()) ||
                         (now[k].kind() == ValueKind::Boolean && now[k].as_bool() == was[k].as_bool()));
      if (!same) changed.push_back(k);
    }
    if (changed.empty()) continue;
    probe_views_[0][g] = rf_[g];
    for (int r = 0; r < kPatterns; ++r) {
      const uint64_t salt0 = static_cast<uint64_t>(r) * 1000 + 1;
      auto& flipped = probe_views_[static_cast<size_t>(1 + 2 * r)][g].mutable_elems();
      auto& kept = probe_views_[static_cast<size_t>(2 + 2 * r)][g].mutable_elems();
      for (size_t k : changed) {
        flipped[k] = perturb(now[k], 0, k + salt0);
        kept[k] = g == arrays_.front() ? now[k] : flipped[k];
      }
    }
  }
  probe_base_ = rf_;
}

// The destinations of a bundle's slots, found at D by running each against
// the probe views with its predicate ignored (its operation names them by
// encoding fields), without issuing anything.
void Pipeline::find_destinations(Entry& e) {
  update_probe_views();
  m_.probing = true;
  // A write shows in at least one view unless the slot writes exactly what all hold.
  for (SlotState& s : e.slots) {
    int faults = 0;
    for (const std::vector<Value>& view : probe_views_) {
      try {
        Machine::SlotEffects fx = m_.run_slot(e.word, s.insn, e.pc, view, true);
        for (const auto& w : fx.writes)
          if (std::find(arrays_.begin(), arrays_.end(), w.global) != arrays_.end() &&
              std::find(s.dest.begin(), s.dest.end(), Element{w.global, w.element}) == s.dest.end())
            s.dest.push_back({w.global, w.element});
      } catch (const Fault&) {
        ++faults;
      }
    }
    s.dest_unknown = faults == static_cast<int>(probe_views_.size());
  }
  m_.probing = false;
}

std::vector<Value> Pipeline::view_for(const Entry& e, Unit consumer) const {
  std::vector<Value> view = rf_;
  for (const Late& l : late_) set_element(view, l.global, l.element, l.old);
  // Older bundles, oldest first, so that the youngest forwardable writer of
  // an element wins; forwards[element] lists (stage, value) for WawPriority.
  std::map<Element, std::vector<std::pair<int, Value>>> forwards;
  for (int st = EX2; st > e.stage; --st) {
    const Entry* o = st_[static_cast<size_t>(st)].get();
    if (!o) continue;
    for (const SlotState& s : o->slots) {
      if (!s.executed) continue;
      const UnitTiming t = unit_timing(s.unit);
      if (t.result < 0 || st <= t.result) continue;
      bool path = has_bypass(s.unit, st, consumer);
      if (is_kind(fault_, FaultKind::MissingBypass) && fault_->unit == s.unit && fault_->stage == st &&
          fault_->consumer == consumer)
        path = false;
      if (!path) continue;
      const std::vector<Machine::GlobalWrite>* writes = &s.fx.writes;
      if (!s.fx.enabled && is_kind(fault_, FaultKind::PredicateForward) && fault_->unit == s.unit) writes = &s.shadow;
      for (const auto& w : *writes) {
        if (std::find(arrays_.begin(), arrays_.end(), w.global) == arrays_.end()) continue;
        std::optional<Value> v = w.value;
        if (is_kind(fault_, FaultKind::WrongStageBypass) && fault_->unit == s.unit && fault_->stage == st) {
          // The bundle `delta` stages further on: its first write of the class from this unit.
          v.reset();
          const int other = st + fault_->delta;
          const Entry* x = other >= 0 && other < kStages ? st_[static_cast<size_t>(other)].get() : nullptr;
          if (x)
            for (const SlotState& xs : x->slots)
              if (!v && xs.executed && xs.unit == s.unit)
                for (const auto& xw : xs.fx.writes)
                  if (!v && xw.global == w.global) v = xw.value;
        }
        if (is_kind(fault_, FaultKind::WrongSlot) && s.name == fault_->slot) {
          v.reset();
          const std::string partner = s.name == "s1" ? "s0" : "v0";
          for (const SlotState& xs : o->slots)
            if (xs.name == partner && xs.executed)
              for (const auto& xw : xs.fx.writes)
                if (!v && xw.global == w.global) v = xw.value;
        }
        if (!v) continue;
        forwards[{w.global, w.element}].emplace_back(st, *v);
        set_element(view, w.global, w.element, *v);
      }
    }
  }
  if (is_kind(fault_, FaultKind::WawPriority))
    for (const auto& [el, list] : forwards)
      if (list.size() > 1) set_element(view, el.first, el.second, list.front().second);
  return view;
}

std::vector<Element> Pipeline::pending_for(const Entry& e, const SlotState& c) const {
  std::vector<Element> pending;
  std::set<Element> seen;
  const Element guard{static_cast<size_t>(m_.p_global()), static_cast<long>(c.insn.predicate)};
  // Youngest older bundle first: its writers shadow older ones.
  for (int st = e.stage + 1; st < kStages; ++st) {
    const Entry* o = st_[static_cast<size_t>(st)].get();
    if (!o) continue;
    for (const SlotState& s : o->slots) {
      const UnitTiming t = unit_timing(s.unit);
      bool ready;
      if (!s.executed) ready = false;
      else ready = t.result < 0 || st > t.result;
      if (is_kind(fault_, FaultKind::InterlockShort) && fault_->unit == s.unit && fault_->consumer == c.unit &&
          s.executed)
        ready = t.result < 0 || st >= t.result;
      if (is_kind(fault_, FaultKind::InterlockMissing) && fault_->unit == s.unit && fault_->consumer == c.unit)
        ready = true;
      // What it writes: once run, nothing when its predicate was false.
      std::vector<Element> els;
      if (s.dest_unknown) {
        for (size_t g : arrays_) els.push_back({g, -1});
      } else if (!s.executed || s.fx.enabled) {
        els = s.dest;
      }
      for (const Element& el : els) {
        if (seen.count(el)) continue;
        seen.insert(el);
        if (ready) continue;
        if (is_kind(fault_, FaultKind::PredicateNotChecked) && fault_->consumer == c.unit && el == guard) continue;
        pending.push_back(el);
      }
    }
  }
  return pending;
}

bool Pipeline::depends(const Entry& e, SlotState& s, const std::vector<Value>& view,
                       const std::vector<Element>& pending) {
  m_.probing = true;
  struct Reset {
    Machine& m;
    ~Reset() { m.probing = false; }
  } reset{m_};
  auto run = [&](const std::vector<Value>& v) -> std::optional<Machine::SlotEffects> {
    try {
      return m_.run_slot(e.word, s.insn, e.pc, v);
    } catch (const Fault&) {
      return std::nullopt;
    }
  };
  auto base = run(view);
  if (!base) return true;
  s.probed = base;
  for (int round = 0; round < kPerturbRounds; ++round) {
    std::vector<Value> changed = view;
    for (const Element& el : pending) {
      if (el.second < 0) {
        auto& elems = changed[el.first].mutable_elems();
        for (auto& x : elems) x = perturb(x, round);
      } else {
        set_element(changed, el.first, el.second, perturb(get_element(view, el.first, el.second), round));
      }
    }
    const auto other = run(changed);
    if (!other || !same_effects(*base, *other)) return true;
  }
  return false;
}

bool Pipeline::execute(Entry& e, int stage) {
  std::vector<SlotState*> here;
  for (SlotState& s : e.slots)
    if (s.read == stage && !s.executed) here.push_back(&s);
  if (here.empty()) return true;
  // The bundle moves as one: every slot reading here must be free to go.
  std::vector<std::vector<Value>> views;
  for (SlotState* s : here) s->probed.reset();
  for (SlotState* s : here) {
    views.push_back(view_for(e, s->unit));
    const auto pending = pending_for(e, *s);
    if (!pending.empty() && depends(e, *s, views.back(), pending)) {
      ++stats_.stalls_by_unit[static_cast<size_t>(s->unit)];
      return false;
    }
  }
  for (size_t i = 0; i < here.size(); ++i) {
    SlotState& s = *here[i];
    // A run while probing did all this one does unless it would have issued MXU ops.
    if (s.probed && s.probed->mxu_ops.empty()) s.fx = std::move(*s.probed);
    else s.fx = m_.run_slot(e.word, s.insn, e.pc, views[i]);
    s.probed.reset();
    s.executed = true;
    if (!s.fx.enabled && is_kind(fault_, FaultKind::PredicateForward) && fault_->unit == s.unit) {
      m_.probing = true;
      try {
        s.shadow = m_.run_slot(e.word, s.insn, e.pc, views[i], true).writes;
      } catch (const Fault&) {
        s.shadow.clear();
      }
      m_.probing = false;
    }
  }
  return true;
}

void Pipeline::flush_younger(int stage) {
  for (int st = stage - 1; st >= IF1; --st) {
    auto& slot = st_[static_cast<size_t>(st)];
    if (!slot) continue;
    if (kanata_) *kanata_ << fmt::format("E\t{}\t0\t{}\nR\t{}\t{}\t1\n", slot->id, stage_name(st), slot->id, slot->id);
    ++stats_.flushed;
    slot.reset();
  }
}

void Pipeline::retire(Entry& e) {
  Machine::BundleEffects effects;
  size_t insns = 0;
  for (SlotState& s : e.slots) {
    ++insns;
    if (s.fx.enabled) effects.emplace_back(s.name, s.fx);
  }
  // StaleRegfile: the faulty unit's writes are not visible to reads in the next cycle.
  late_.clear();
  if (is_kind(fault_, FaultKind::StaleRegfile))
    for (const auto& [slot, fx] : effects)
      if (unit_of_slot(slot) == fault_->unit)
        for (const auto& w : fx.writes)
          if (std::find(arrays_.begin(), arrays_.end(), w.global) != arrays_.end())
            late_.push_back({w.global, w.element, get_element(rf_, w.global, w.element)});
  m_.apply_writes(rf_, e.pc, effects);
  rf_[static_cast<size_t>(m_.branch_taken_global())] = Value::boolean(false);
  ++stats_.bundles;
  stats_.instructions += insns;
  if (kanata_) *kanata_ << fmt::format("E\t{}\t0\t{}\nR\t{}\t{}\t0\n", e.id, stage_name(EX2), e.id, retired_ids_);
  ++retired_ids_;
  if (on_retire) on_retire({e.pc, insns, rf_, e.stores});
}

void Pipeline::run(const std::vector<as::Word>& words, uint64_t max_bundles) {
  const uint32_t wb = m_.isa().isa.width() / 8;
  rf_ = m_.globals();
  uint32_t fetch_pc = m_.pc, last_pc = m_.pc;
  bool halted = false;
  if (kanata_) *kanata_ << "Kanata\t0004\nC=\t0\n";
  auto fetch = [&] {
    auto e = std::make_unique<Entry>();
    e->id = next_id_++;
    e->pc = fetch_pc;
    if (fetch_pc % wb || fetch_pc / wb >= words.size()) {
      e->word = as::Word(m_.isa().isa.width(), 0);
      e->bad_kind = "Prefetch fault";
      e->bad_message = fmt::format("pc 0x{:08x} is not a bundle of the program ({} bundles)", fetch_pc, words.size());
    } else {
      e->word = words[fetch_pc / wb];
    }
    if (kanata_) {
      std::string text;
      if (e->bad_kind.empty()) try {
          for (const auto& d : as::decode_bundle(m_.isa().isa, e->word)) text += (text.empty() ? "" : "; ") + d.text;
        } catch (const InputError&) {
          text = "(undecodable)";
        }
      *kanata_ << fmt::format("I\t{}\t{}\t0\nL\t{}\t0\t{:08x}: {}\nS\t{}\t0\t{}\n", e->id, e->id, e->id, e->pc,
                              text.empty() ? "{ }" : text, e->id, stage_name(IF1));
    }
    fetch_pc += wb;
    st_[IF1] = std::move(e);
  };
  for (uint64_t cycle = 0;; ++cycle) {
    const bool empty = std::none_of(st_.begin(), st_.end(), [](const auto& x) { return x != nullptr; });
    if (empty && halted) break;
    if (!st_[IF1] && !halted) fetch();
    stats_.cycles = cycle + 1;
    // Oldest first: each bundle runs the slots that read in its stage as it leaves it.
    int stall_at = -1;
    for (int s = EX2; s >= IF1; --s) {
      Entry* e = st_[static_cast<size_t>(s)].get();
      if (!e) continue;
      e->stage = s;
      if (s == D) {
        if (!e->decoded) decode(*e);
        if (!e->bad_kind.empty()) throw Fault(e->bad_kind, e->bad_message);
        if (!e->destinations_found) {
          e->destinations_found = true;
          find_destinations(*e);
        }
      }
      if (!execute(*e, s)) {
        stall_at = s;
        ++stats_.stall_cycles;
        break;
      }
      if (s == A) {
        Machine::BundleEffects fx;
        for (const SlotState& x : e->slots)
          if (x.fx.enabled) fx.emplace_back(x.name, x.fx);
        m_.apply_stores(e->pc, fx);
        for (const auto& [slot, f] : fx) e->stores.insert(e->stores.end(), f.stores.begin(), f.stores.end());
      }
      if (s == D) {
        // The misc slot has run: a taken branch redirects fetch, halt stops it.
        bool taken = false, halt = false;
        // A branch that writes the target BranchTarget already holds shows no
        // write: then the target is the youngest one in flight or retired.
        uint32_t target = static_cast<uint32_t>(rf_[static_cast<size_t>(m_.branch_target_global())].as_bits().low64());
        for (int o = EX2; o > D; --o)
          if (st_[static_cast<size_t>(o)])
            for (const SlotState& x : st_[static_cast<size_t>(o)]->slots)
              for (const auto& w : x.fx.writes)
                if (w.global == static_cast<size_t>(m_.branch_target_global()))
                  target = static_cast<uint32_t>(w.value.as_bits().low64());
        for (const SlotState& x : e->slots)
          for (const auto& w : x.fx.writes) {
            if (w.global == static_cast<size_t>(m_.branch_taken_global()) && w.value.as_bool()) taken = true;
            if (w.global == static_cast<size_t>(m_.branch_target_global()))
              target = static_cast<uint32_t>(w.value.as_bits().low64());
            if (w.global == static_cast<size_t>(m_.halted_global()) && w.value.as_bool()) halt = true;
          }
        if (taken) {
          // A taken branch flushes IF1..IF3; the faulty design keeps IF1's bundle... as the next one.
          if (is_kind(fault_, FaultKind::BranchFlushShort)) {
            auto keep = std::move(st_[IF1]);
            flush_younger(D);
            st_[IF1] = std::move(keep);
          } else {
            flush_younger(D);
          }
          fetch_pc = target;
        }
        if (halt) {
          if (is_kind(fault_, FaultKind::HaltFlushShort)) {
            auto keep = std::move(st_[IF3]);
            flush_younger(D);
            st_[IF3] = std::move(keep);
          } else {
            flush_younger(D);
          }
          halted = true;
        }
      }
    }
    // End of the cycle: EX2 retires, the rest moves on behind the stall.
    if (kanata_) *kanata_ << "C\t1\n";
    if (stall_at != EX2 && st_[EX2]) {
      retire(*st_[EX2]);
      last_pc = st_[EX2]->pc;
      st_[EX2].reset();
      if (stats_.bundles > max_bundles)
        throw Fault("step limit", fmt::format("no halt after {} bundles (pc 0x{:08x})", max_bundles, fetch_pc));
    } else {
      late_.clear();
    }
    const int lowest_moving = stall_at < 0 ? IF1 : stall_at + 1;
    for (int s = EX2; s > lowest_moving; --s) {
      if (!st_[static_cast<size_t>(s)] && st_[static_cast<size_t>(s - 1)]) {
        st_[static_cast<size_t>(s)] = std::move(st_[static_cast<size_t>(s - 1)]);
        if (kanata_) {
          const uint64_t id = st_[static_cast<size_t>(s)]->id;
          *kanata_ << fmt::format("E\t{}\t0\t{}\nS\t{}\t0\t{}\n", id, stage_name(s - 1), id, stage_name(s));
        }
      }
    }
  }
  m_.globals() = rf_;
  m_.pc = last_pc + wb;
  m_.bundles_executed += stats_.bundles;
  m_.finish_mxu();
}

int run_pipelined(Machine& m, const std::vector<as::Word>& code, uint64_t max_bundles, const std::string& fault,
                  const std::string& pipeview, bool json) {
  const FaultSpec* f = find_fault(fault);
  Pipeline p(m, f);
  std::ofstream out;
  if (!pipeview.empty()) {
    out.open(pipeview);
    if (!out) throw InputError(fmt::format("{}: cannot write", pipeview));
    p.set_pipeview(&out);
  }
  p.run(code, max_bundles);
  const PipelineStats& st = p.stats();
  if (json) {
    std::string units;
    for (int u = 0; u < kUnits; ++u)
      units += fmt::format("{}\"{}\": {}", u ? ", " : "", unit_name(static_cast<Unit>(u)), st.stalls_by_unit[static_cast<size_t>(u)]);
    fmt::print("{{\n  \"model\": \"pipeline\",\n  \"fault\": {},\n  \"pc\": {},\n  \"bundles_executed\": {},\n"
               "  \"instructions\": {},\n  \"cycles\": {},\n  \"stall_cycles\": {},\n  \"stalls_by_unit\": {{{}}},\n"
               "  \"flushed\": {},\n  \"mxu_cycles\": {}\n}}\n",
               f ? fmt::format("\"{}\"", f->name) : "null", m.pc, st.bundles, st.instructions, st.cycles,
               st.stall_cycles, units, st.flushed, m.cycles());
  } else {
    fmt::print("halted at pc 0x{:08x} after {} bundles ({} instructions){}\n", m.pc, st.bundles, st.instructions,
               f ? fmt::format(", fault {}", f->name) : "");
    fmt::print("  cycles       {} (pipeline; the MXU's: {})\n", st.cycles, m.cycles());
    std::string units;
    for (int u = 0; u < kUnits; ++u)
      if (st.stalls_by_unit[static_cast<size_t>(u)])
        units += fmt::format("{}{} {}", units.empty() ? "" : ", ", unit_name(static_cast<Unit>(u)),
                             st.stalls_by_unit[static_cast<size_t>(u)]);
    fmt::print("  stalls       {}{}\n", st.stall_cycles, units.empty() ? "" : " (" + units + ")");
    fmt::print("  flushed      {}\n", st.flushed);
  }
  return 0;
}

}  // namespace mlisa::targets::tcore
