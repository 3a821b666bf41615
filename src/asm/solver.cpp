#include "asm/solver.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <functional>

namespace mlisa::as {

namespace {

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }
uint32_t nwords(uint32_t width) { return (width + 63) / 64; }

[[noreturn]] void fail(const SourceLocation& loc, const std::string& msg) {
  if (loc.line > 0 || !loc.file.empty()) throw InputError(loc, msg);
  throw InputError(msg);
}

// Lexicographic order of two sets of equal size as sorted index lists: the
// set holding the lowest index of their difference comes first.
bool set_less(uint64_t a, uint64_t b) {
  if (a == b) return false;
  const uint64_t d = a ^ b;
  return (a & (d & (~d + 1))) != 0;
}

struct Key {
  uint32_t width = 0;
  int nlanes = 0, nreads = 0;
  uint64_t lanes = 0, reads = 0;
  Word word;
};

// -1, 0, 1 on the cost key.
int compare(const Key& a, const Key& b) {
  if (a.width != b.width) return a.width < b.width ? -1 : 1;
  if (a.nlanes != b.nlanes) return a.nlanes < b.nlanes ? -1 : 1;
  if (a.nreads != b.nreads) return a.nreads < b.nreads ? -1 : 1;
  if (a.lanes != b.lanes) return set_less(a.lanes, b.lanes) ? -1 : 1;
  if (a.reads != b.reads) return set_less(a.reads, b.reads) ? -1 : 1;
  return compare_le_bytes(a.word, b.word);
}

bool parse_value(const Symbols& symbols, uint32_t width, std::string_view value, uint64_t& out, std::string* why) {
  value = trim(value);
  if (!symbols.empty()) {
    for (const auto& [v, s] : symbols)
      if (s == value) {
        out = v;
        return true;
      }
    std::vector<std::string> names;
    for (const auto& [v, s] : symbols) names.push_back(s);
    if (why) *why = fmt::format("'{}' is not one of {}", value, fmt::join(names, ", "));
    return false;
  }
  return parse_number(NumType::x(width), value, out, why);
}

// The assignment a constraint makes in `form` (slot constraints) or globally.
// False with a reason when the form has no such field or the value is bad.
bool constraint_bits(const Isa& isa, const ConstraintText& c, const Form* form, Assignment& out, std::string* why) {
  const int g = isa.find_global(c.name);
  if (g >= 0) {
    const GlobalDef& gd = isa.globals()[static_cast<size_t>(g)].def;
    uint64_t v = 0;
    if (c.raw) v = *c.raw;
    else if (!parse_field_value(gd, c.value, v, why)) return false;
    out.set(gd.field, v);
    return true;
  }
  const auto dot = c.name.find('.');
  const std::string field = c.name.substr(dot + 1);
  if (field == "form") {
    if (form->def.name == c.value) return true;
    if (why) *why = fmt::format("the instruction is not of form {}", c.value);
    return false;
  }
  const FieldDef* fd = nullptr;
  if (field == "opcode" && !form->def.opcode_field.empty()) fd = form->field(form->def.opcode_field);
  else fd = form->field(field);
  if (!fd || !fd->named) {
    if (why) *why = fmt::format("form {} has no field {}", form->def.name, field);
    return false;
  }
  uint64_t v = 0;
  if (c.raw) v = *c.raw;
  else if (!parse_field_value(*fd, c.value, v, why)) return false;
  if (!out.set(fd->field, v)) {
    if (why) *why = fmt::format("{} conflicts with the form's fixed bits", c.render());
    return false;
  }
  return true;
}

std::string list_constraints(const std::vector<const ConstraintText*>& cs) {
  std::vector<std::string> parts;
  for (const auto* c : cs) parts.push_back(c->render());
  return fmt::format("{}", fmt::join(parts, ", "));
}

std::string insn_label(const Isa& isa, const Problem::SlotCandidates& s) {
  return fmt::format("{}: '{}'", isa.slots()[static_cast<size_t>(s.slot)].def.name, s.insn ? s.insn->text : "");
}

struct Search {
  const Isa& isa;
  std::vector<const std::vector<Candidate>*> order;  // slots in search order
  std::vector<int> order_slot;
  std::vector<Word> suffix_writable;  // union of candidate writable bits of order[k..]
  Assignment global;
  std::optional<Key> best;
  std::vector<const Candidate*> cur, best_choice;
  bool unwritable = false;  // some complete combination left a constraint outside the writable bits

  // The partial assignment and writable bits at each depth, reused from one
  // candidate to the next so that the search does not allocate.
  std::vector<Assignment> acc_at;
  std::vector<Word> writable_at;

  void run() {
    acc_at.assign(order.size() + 1, global);
    writable_at.assign(order.size() + 1, Word(isa.width(), 0));
    dfs(0);
  }

  void dfs(size_t k) {
    const Assignment& acc = acc_at[k];
    const Word& writable = writable_at[k];
    if (k == order.size()) {
      leaf(acc, writable);
      return;
    }
    for (const Candidate& c : *order[k]) {
      Assignment& next = acc_at[k + 1];
      next = acc;
      if (!next.merge(c.bits)) continue;
      Word& w = writable_at[k + 1];
      w = writable;
      const Word& fw = isa.forms()[static_cast<size_t>(c.form)].writable;
      for (uint32_t i = 0; i < nwords(isa.width()); ++i) w.set_word(i, w.word(i) | fw.word(i));
      if (k + 1 < order.size() && best && prune(next, w, k + 1)) continue;
      cur.push_back(&c);
      dfs(k + 1);
      cur.pop_back();
    }
  }

  // True when no completion of `acc` can beat the best key found so far.
  bool prune(const Assignment& acc, const Word& writable, size_t next) const {
    const int nl = std::popcount(acc.lanes), nr = std::popcount(acc.reads);
    if (nl != best->nlanes) return nl > best->nlanes;
    if (nr != best->nreads) return nr > best->nreads;
    // Equal counts: a better completion reads no more resources, so the sets are final.
    if (acc.lanes != best->lanes) return !set_less(acc.lanes, best->lanes);
    if (acc.reads != best->reads) return !set_less(acc.reads, best->reads);
    Word bound(isa.width(), 0);
    const Word& empty = isa.empty_word();
    const Word& later = suffix_writable[next];
    for (uint32_t i = 0; i < nwords(isa.width()); ++i) {
      const uint64_t possible = writable.word(i) | later.word(i);
      bound.set_word(i, acc.value().word(i) | (~acc.mask().word(i) & ~possible & empty.word(i)));
    }
    return compare_le_bytes(resize(bound, best->word.width()), best->word) >= 0;
  }

  void leaf(const Assignment& acc, const Word& writable) {
    const uint32_t n = nwords(isa.width());
    for (uint32_t i = 0; i < n; ++i)
      if (acc.mask().word(i) & ~writable.word(i)) {
        unwritable = true;
        return;
      }
    uint32_t width = isa.width();
    if (isa.single_slot() && !cur.empty()) width = isa.forms()[static_cast<size_t>(cur[0]->form)].width;
    Word full(isa.width(), 0);
    const Word& empty = isa.empty_word();
    for (uint32_t i = 0; i < n; ++i)
      full.set_word(i, (acc.value().word(i) & writable.word(i)) | (empty.word(i) & ~writable.word(i)));
    Key key{width, std::popcount(acc.lanes), std::popcount(acc.reads), acc.lanes, acc.reads, resize(full, width)};
    if (!best || compare(key, *best) < 0) {
      best = std::move(key);
      best_choice = cur;
    }
  }
};

// Why a search found nothing: the fields two slots cannot agree on.
std::string diagnose(const Isa& isa, const Problem& p, const std::vector<std::vector<Candidate>>& cands,
                     const Assignment& global, bool unwritable, const std::vector<const ConstraintText*>& globals) {
  if (unwritable) {
    Word union_w(isa.width(), 0);
    for (const auto& l : cands)
      for (const auto& c : l) {
        const Word& fw = isa.forms()[static_cast<size_t>(c.form)].writable;
        for (uint32_t i = 0; i < nwords(isa.width()); ++i) union_w.set_word(i, union_w.word(i) | fw.word(i));
      }
    Word outside(isa.width(), 0);
    for (uint32_t i = 0; i < nwords(isa.width()); ++i)
      outside.set_word(i, global.mask().word(i) & ~union_w.word(i));
    if (!outside.is_zero())
      return fmt::format("no instruction of the bundle writes {} (constraints {})",
                         fmt::join(isa.field_names_at(outside), ", "), list_constraints(globals));
  }
  std::vector<std::string> pairs;
  for (size_t a = 0; a < cands.size(); ++a)
    for (size_t b = a + 1; b < cands.size(); ++b) {
      bool any = false;
      Word bits(isa.width(), 0);
      for (const auto& ca : cands[a])
        for (const auto& cb : cands[b]) {
          if (ca.bits.compatible(cb.bits)) {
            any = true;
            break;
          }
          for (uint32_t i = 0; i < nwords(isa.width()); ++i)
            bits.set_word(i, bits.word(i) | (ca.bits.mask().word(i) & cb.bits.mask().word(i) &
                                             (ca.bits.value().word(i) ^ cb.bits.value().word(i))));
        }
      if (any) continue;
      pairs.push_back(fmt::format("{} and {} conflict on {}", insn_label(isa, p.slots[a]), insn_label(isa, p.slots[b]),
                                  fmt::join(isa.field_names_at(bits), ", ")));
    }
  if (!pairs.empty()) return fmt::format("no encoding of the bundle: {}", fmt::join(pairs, "; "));
  return "no encoding of the bundle: its instructions cannot share the fields they read all at once";
}

std::optional<Solution> solve_impl(const Problem& p, const std::vector<ConstraintText>& constraints, bool throwing) {
  const Isa& isa = *p.isa;
  auto give_up = [&](const SourceLocation& loc, const std::string& msg) -> std::optional<Solution> {
    if (throwing) fail(loc, msg);
    return std::nullopt;
  };
  // 1. Global constraints into one assignment; slot constraints grouped by slot.
  Assignment global(isa.width());
  std::vector<const ConstraintText*> globals;
  std::vector<std::vector<const ConstraintText*>> per_slot(isa.slots().size());
  for (const auto& c : constraints) {
    if (isa.find_global(c.name) >= 0) {
      Assignment a(isa.width());
      std::string why;
      if (!constraint_bits(isa, c, nullptr, a, &why)) return give_up(c.loc, fmt::format("constraint {}: {}", c.render(), why));
      if (!global.merge(a)) {
        std::vector<const ConstraintText*> involved;
        for (const auto* o : globals) {
          Assignment b(isa.width());
          constraint_bits(isa, *o, nullptr, b, nullptr);
          if (!b.compatible(a)) involved.push_back(o);
        }
        involved.push_back(&c);
        return give_up(c.loc, fmt::format("constraints conflict: {}", list_constraints(involved)));
      }
      globals.push_back(&c);
      continue;
    }
    const auto dot = c.name.find('.');
    const int slot = dot == std::string::npos ? -1 : isa.find_slot(std::string_view(c.name).substr(0, dot));
    if (slot < 0) return give_up(c.loc, fmt::format("unknown constraint name '{}'", c.name));
    per_slot[static_cast<size_t>(slot)].push_back(&c);
  }
  // 2. Slot constraints merged into each candidate; candidates that conflict
  // with them or with the global constraints dropped.
  std::vector<std::vector<Candidate>> cands(p.slots.size());
  std::vector<bool> occupied(isa.slots().size(), false);
  for (const auto& sc : p.slots) occupied[static_cast<size_t>(sc.slot)] = true;
  for (size_t s = 0; s < per_slot.size(); ++s)
    if (!per_slot[s].empty() && !occupied[s])
      return give_up(per_slot[s][0]->loc, fmt::format("constraint {}: slot {} holds no instruction",
                                                      per_slot[s][0]->render(), isa.slots()[s].def.name));
  for (size_t i = 0; i < p.slots.size(); ++i) {
    const auto& sc = p.slots[i];
    const auto& mine = per_slot[static_cast<size_t>(sc.slot)];
    std::string why;
    std::vector<const ConstraintText*> global_hits;
    for (const Candidate& c : sc.candidates) {
      Candidate x = c;
      bool ok = true;
      for (const auto* k : mine) {
        Assignment a(isa.width());
        std::string w;
        if (!constraint_bits(isa, *k, &isa.forms()[static_cast<size_t>(c.form)], a, &w) || !x.bits.merge(a)) {
          if (why.empty()) why = w;
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (!x.bits.compatible(global)) {
        for (const auto* g : globals) {
          Assignment b(isa.width());
          constraint_bits(isa, *g, nullptr, b, nullptr);
          if (!x.bits.compatible(b) && std::find(global_hits.begin(), global_hits.end(), g) == global_hits.end())
            global_hits.push_back(g);
        }
        continue;
      }
      cands[i].push_back(std::move(x));
    }
    if (cands[i].empty()) {
      std::vector<const ConstraintText*> involved = mine;
      for (const auto* g : global_hits) involved.push_back(g);
      std::sort(involved.begin(), involved.end(), [](auto* a, auto* b) { return a->name < b->name; });
      std::string msg = fmt::format("{}: no encoding satisfies the constraints {}", insn_label(isa, sc),
                                    list_constraints(involved));
      if (!why.empty() && global_hits.empty()) msg += fmt::format(" ({})", why);
      return give_up(sc.insn ? sc.insn->loc : p.loc, msg);
    }
  }
  // 3. Candidates sorted by their own cost; slots by candidate count.
  for (auto& l : cands)
    std::stable_sort(l.begin(), l.end(), [](const Candidate& a, const Candidate& b) {
      const int la = std::popcount(a.bits.lanes), lb = std::popcount(b.bits.lanes);
      if (la != lb) return la < lb;
      const int ra = std::popcount(a.bits.reads), rb = std::popcount(b.bits.reads);
      if (ra != rb) return ra < rb;
      if (a.bits.lanes != b.bits.lanes) return set_less(a.bits.lanes, b.bits.lanes);
      if (a.bits.reads != b.bits.reads) return set_less(a.bits.reads, b.bits.reads);
      return compare_le_bytes(a.bits.value(), b.bits.value()) < 0;
    });
  std::vector<size_t> idx(cands.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return cands[a].size() < cands[b].size(); });

  Search s{isa, {}, {}, {}, global, std::nullopt, {}, {}, false};
  for (size_t i : idx) {
    s.order.push_back(&cands[i]);
    s.order_slot.push_back(p.slots[i].slot);
  }
  s.suffix_writable.assign(idx.size() + 1, Word(isa.width(), 0));
  for (size_t k = idx.size(); k-- > 0;) {
    Word w = s.suffix_writable[k + 1];
    for (const auto& c : *s.order[k]) {
      const Word& fw = isa.forms()[static_cast<size_t>(c.form)].writable;
      for (uint32_t i = 0; i < nwords(isa.width()); ++i) w.set_word(i, w.word(i) | fw.word(i));
    }
    s.suffix_writable[k] = std::move(w);
  }
  s.run();
  if (!s.best) {
    if (!throwing) return std::nullopt;
    fail(p.loc, diagnose(isa, p, cands, global, s.unwritable, globals));
  }
  Solution out;
  out.word = s.best->word;
  out.lanes = s.best->lanes;
  out.reads = s.best->reads;
  for (size_t k = 0; k < s.best_choice.size(); ++k)
    out.chosen.push_back({s.order_slot[k], s.best_choice[k]->form, s.best_choice[k]->signature});
  std::sort(out.chosen.begin(), out.chosen.end(), [](const Chosen& a, const Chosen& b) { return a.slot < b.slot; });
  return out;
}

}  // namespace

bool parse_field_value(const FieldDef& fd, std::string_view value, uint64_t& out, std::string* why) {
  return parse_value(fd.symbols, fd.field.width, value, out, why);
}

bool parse_field_value(const GlobalDef& gd, std::string_view value, uint64_t& out, std::string* why) {
  return parse_value(gd.symbols, gd.field.width, value, out, why);
}

std::vector<Candidate> encode_insn(const Isa& isa, int slot, std::string_view text, std::string* why) {
  const Slot& s = isa.slots()[static_cast<size_t>(slot)];
  auto say = [&](std::string m) {
    if (why) *why = std::move(m);
  };
  text = trim(text);
  uint64_t pred = s.def.always;
  if (text.starts_with("(")) {
    const size_t close = text.find(')');
    const std::string_view inner = close == std::string_view::npos ? "" : trim(text.substr(1, close - 1));
    if (!s.has_predicate()) {
      say(fmt::format("slot {} has no predicate", s.def.name));
      return {};
    }
    const std::string_view pfx = s.def.pred_prefix;
    uint64_t v = 0;
    const bool ok = inner.size() > pfx.size() && inner.starts_with(pfx) &&
                    std::all_of(inner.begin() + static_cast<ptrdiff_t>(pfx.size()), inner.end(),
                                [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) &&
                    inner.size() - pfx.size() <= 6;
    if (ok) v = std::stoull(std::string(inner.substr(pfx.size())));
    if (!ok || v > low_mask(s.def.predicate.width)) {
      say(fmt::format("'{}' is not a predicate ({}N)", text.substr(0, close == std::string_view::npos ? text.size() : close + 1),
                      s.def.pred_prefix));
      return {};
    }
    if (v == s.def.never) {
      say(fmt::format("predicate {}{} is NEVER: the instruction would not be visible", s.def.pred_prefix, v));
      return {};
    }
    pred = v;
    text = trim(text.substr(close + 1));
  }
  const size_t sp = text.find_first_of(" \t");
  const std::string_view mnemonic = text.substr(0, sp);
  const std::string_view rest = sp == std::string_view::npos ? std::string_view{} : text.substr(sp + 1);
  const auto ops = split_top(rest, ',');
  Assignment base(isa.width());
  base.set(s.def.predicate, pred);

  std::vector<Candidate> out;
  bool mnemonic_known = false, count_ok = false;
  size_t expected = 0;
  std::string reason;
  for (int fi : s.forms) {
    const Form& f = isa.forms()[static_cast<size_t>(fi)];
    for (int si : f.signatures) {
      const Signature& sig = isa.signatures()[static_cast<size_t>(si)];
      if (sig.def.mnemonic != mnemonic) continue;
      mnemonic_known = true;
      expected = sig.def.operands.size();
      if (ops.size() != sig.def.operands.size()) continue;
      count_ok = true;
      Assignment head = base;
      if (!head.merge(f.fixed) || !head.merge(sig.fixed)) continue;
      std::vector<std::vector<Assignment>> lists{{head}};
      bool ok = true;
      for (size_t i = 0; i < ops.size() && ok; ++i) {
        std::string w;
        lists.push_back(encode(sig.def.operands[i], ops[i], isa.width(), &w));
        if (lists.back().empty()) {
          ok = false;
          if (reason.empty()) reason = fmt::format("operand {} '{}': {}", i + 1, ops[i], w);
        }
      }
      if (!ok) continue;
      for (auto& a : product(lists, isa.width())) {
        const bool dup = std::any_of(out.begin(), out.end(), [&](const Candidate& c) { return c.form == fi && c.bits == a; });
        if (!dup) out.push_back({fi, si, std::move(a)});
      }
    }
  }
  if (out.empty()) {
    if (!mnemonic_known) say(fmt::format("unknown instruction '{}' in slot {}", mnemonic, s.def.name));
    else if (!count_ok) say(fmt::format("'{}' takes {} operand{}, not {}", mnemonic, expected, expected == 1 ? "" : "s", ops.size()));
    else if (!reason.empty()) say(reason);
    else say(fmt::format("no encoding of '{}'", text));
  }
  return out;
}

Problem prepare(const Isa& isa, const BundleText& bundle) {
  Problem p;
  p.isa = &isa;
  p.loc = bundle.loc;
  std::vector<const InsnText*> by_slot(isa.slots().size(), nullptr);
  for (const auto& insn : bundle.insns) {
    int slot = -1;
    if (insn.slot.empty() && isa.single_slot()) slot = 0;
    else slot = isa.find_slot(insn.slot);
    if (slot < 0) fail(insn.loc, fmt::format("unknown slot '{}'", insn.slot));
    if (by_slot[static_cast<size_t>(slot)])
      fail(insn.loc, fmt::format("slot {} already holds an instruction in this bundle", isa.slots()[static_cast<size_t>(slot)].def.name));
    by_slot[static_cast<size_t>(slot)] = &insn;
  }
  for (size_t s = 0; s < by_slot.size(); ++s) {
    if (!by_slot[s]) {
      if (!isa.slots()[s].has_predicate())
        fail(bundle.loc, fmt::format("slot {} must hold an instruction", isa.slots()[s].def.name));
      continue;
    }
    std::string why;
    Problem::SlotCandidates sc;
    sc.slot = static_cast<int>(s);
    sc.insn = by_slot[s];
    sc.candidates = encode_insn(isa, sc.slot, by_slot[s]->text, &why);
    if (sc.candidates.empty()) fail(by_slot[s]->loc, why);
    p.slots.push_back(std::move(sc));
  }
  return p;
}

Solution solve(const Problem& p, const std::vector<ConstraintText>& constraints) {
  return *solve_impl(p, constraints, true);
}

std::optional<Solution> try_solve(const Problem& p, const std::vector<ConstraintText>& constraints) {
  return solve_impl(p, constraints, false);
}

Solution assemble(const Isa& isa, const BundleText& bundle) { return solve(prepare(isa, bundle), bundle.constraints); }

}  // namespace mlisa::as
