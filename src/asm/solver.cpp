#include "asm/solver.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <bit>
#include <cctype>
#include <deque>
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

// -1, 0, 1 comparing the little-endian byte strings of n words.
int compare_le_words(const uint64_t* a, const uint64_t* b, uint32_t n) {
  for (uint32_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return __builtin_bswap64(a[i]) < __builtin_bswap64(b[i]) ? -1 : 1;
  return 0;
}

// A candidate as the search reads it: flat mask, value and form-writable words.
struct Flat {
  const Candidate* c;
  const uint64_t *m, *v, *w;
  uint64_t lanes, reads, rank;
};

// A complete solution's cost key; `word` holds nwords(width) words.
struct Key {
  uint32_t width;
  uint64_t lanes, reads, rank;
  const uint64_t* word;
};

// -1, 0, 1 comparing two cost keys (docs/assembler.md, "Solving a bundle").
int compare_keys(const Key& a, const Key& b) {
  if (a.width != b.width) return a.width < b.width ? -1 : 1;
  const int na = std::popcount(a.lanes), nb = std::popcount(b.lanes);
  if (na != nb) return na < nb ? -1 : 1;
  const int ra = std::popcount(a.reads), rb = std::popcount(b.reads);
  if (ra != rb) return ra < rb ? -1 : 1;
  if (a.lanes != b.lanes) return set_less(a.lanes, b.lanes) ? -1 : 1;
  if (a.reads != b.reads) return set_less(a.reads, b.reads) ? -1 : 1;
  if (a.rank != b.rank) return a.rank < b.rank ? -1 : 1;
  return compare_le_words(a.word, b.word, nwords(a.width));
}

// Depth-first branch and bound over the slots (docs/assembler.md, "Solving a
// bundle"). Everything lives in flat word arrays allocated once per solve.
//
// The cost key starts with the resources read, (number of lanes, number of
// scalar reads, lane set, read set), a total order on the pairs (L, R). When
// the candidates read few distinct resources, the search runs once per pair
// in that order, each time with only the candidates whose resources lie within
// (L, R), until one finds a solution: every solution of that pass reads
// exactly (L, R) (one reading less would have been found by an earlier pass),
// so within it only the word's bytes are compared, and the byte bound prunes
// from the first solution on. The first (L, R) that has a solution is the
// optimum's, and the pass visits the candidates in the same order as a single
// search would, so the result is the same.
struct Search {
  const Isa& isa;
  uint32_t nw = 0;
  std::vector<std::vector<Flat>> order;  // slots in search order
  std::vector<int> order_slot;
  std::vector<std::vector<const Flat*>> use;  // the candidates of the current pass
  std::vector<uint64_t> suffix;   // (depth + 1) x nw: union of writable bits of order[k..]
  std::vector<uint64_t> acc_m, acc_v, acc_w;  // (depth + 1) x nw
  std::vector<uint64_t> acc_lanes, acc_reads, acc_rank;
  std::vector<uint64_t> empty, full;
  std::vector<const Flat*> cur;
  bool restricted = false;  // a pass of fixed (L, R): prune on ranks and bytes only

  bool have_best = false;
  uint32_t best_width = 0;
  uint64_t best_lanes = 0, best_reads = 0, best_rank = 0;
  std::vector<uint64_t> best_word;
  std::vector<const Flat*> best_choice;
  bool unwritable = false;  // some complete combination left a constraint outside the writable bits

  explicit Search(const Isa& i) : isa(i), nw(nwords(i.width())) {}

  // Depth 0 holds the global constraints; deeper rows are written before
  // they are read (the arrays are sized once per solve, in run()).
  void reset(const Assignment& global) {
    for (uint32_t i = 0; i < nw; ++i) {
      acc_m[i] = global.mask_word(i);
      acc_v[i] = global.value_word(i);
      acc_w[i] = 0;
    }
    acc_lanes[0] = global.lanes;
    acc_reads[0] = global.reads;
    acc_rank[0] = 0;
  }

  void dfs(size_t k) {
    const size_t d = order.size();
    if (k == d) {
      leaf();
      return;
    }
    const uint64_t *am = &acc_m[k * nw], *av = &acc_v[k * nw], *aw = &acc_w[k * nw];
    uint64_t *nm = &acc_m[(k + 1) * nw], *nv = &acc_v[(k + 1) * nw], *nwr = &acc_w[(k + 1) * nw];
    for (const Flat* c : use[k]) {
      bool ok = true;
      for (uint32_t i = 0; i < nw; ++i)
        if (am[i] & c->m[i] & (av[i] ^ c->v[i])) {
          ok = false;
          break;
        }
      if (!ok) continue;
      for (uint32_t i = 0; i < nw; ++i) {
        nm[i] = am[i] | c->m[i];
        nv[i] = av[i] | c->v[i];
        nwr[i] = aw[i] | c->w[i];
      }
      acc_lanes[k + 1] = acc_lanes[k] | c->lanes;
      acc_reads[k + 1] = acc_reads[k] | c->reads;
      acc_rank[k + 1] = acc_rank[k] + c->rank;
      if (k + 1 < d && have_best && prune(k + 1)) continue;
      cur[k] = c;
      dfs(k + 1);
    }
  }

  // True when no completion of the partial assignment at depth k can beat the
  // best key found so far.
  bool prune(size_t k) {
    if (!restricted) {
      const uint64_t lanes = acc_lanes[k], reads = acc_reads[k];
      const int nl = std::popcount(lanes), nr = std::popcount(reads);
      const int bl = std::popcount(best_lanes), br = std::popcount(best_reads);
      if (nl != bl) return nl > bl;
      if (nr != br) return nr > br;
      // Equal counts: a better completion reads no more resources, so the sets are final.
      if (lanes != best_lanes) return !set_less(lanes, best_lanes);
      if (reads != best_reads) return !set_less(reads, best_reads);
    }
    // Ranks only add up: a smaller sum may still win, a larger one cannot.
    if (acc_rank[k] != best_rank) return acc_rank[k] > best_rank;
    // The bound: assigned bits as they are, bits some candidate may still
    // write as 0, the rest as in the empty word.
    const uint64_t *am = &acc_m[k * nw], *av = &acc_v[k * nw], *aw = &acc_w[k * nw], *later = &suffix[k * nw];
    const uint32_t n = nwords(best_width);
    for (uint32_t i = 0; i < n; ++i) {
      uint64_t b = av[i] | (~am[i] & ~(aw[i] | later[i]) & empty[i]);
      if (i + 1 == n && best_width % 64) b &= low_mask(best_width % 64);
      if (b != best_word[i]) return __builtin_bswap64(b) > __builtin_bswap64(best_word[i]);
    }
    return true;
  }

  void leaf() {
    const size_t d = order.size();
    const uint64_t *am = &acc_m[d * nw], *av = &acc_v[d * nw], *aw = &acc_w[d * nw];
    for (uint32_t i = 0; i < nw; ++i)
      if (am[i] & ~aw[i]) {
        unwritable = true;
        return;
      }
    uint32_t width = isa.width();
    if (isa.single_slot() && d > 0) width = isa.forms()[static_cast<size_t>(cur[0]->c->form)].width;
    const uint32_t n = nwords(width);
    for (uint32_t i = 0; i < n; ++i) full[i] = (av[i] & aw[i]) | (empty[i] & ~aw[i]);
    if (width % 64) full[n - 1] &= low_mask(width % 64);
    const Key key{width, acc_lanes[d], acc_reads[d], acc_rank[d], full.data()};
    if (have_best && compare_keys(key, {best_width, best_lanes, best_reads, best_rank, best_word.data()}) >= 0) return;
    have_best = true;
    best_width = width;
    best_lanes = key.lanes;
    best_reads = key.reads;
    best_rank = key.rank;
    std::copy(full.begin(), full.begin() + n, best_word.begin());
    best_choice.assign(cur.begin(), cur.end());
  }

  // One search over the candidates whose resources lie within (L, R).
  bool pass(const Assignment& global, uint64_t L, uint64_t R) {
    for (size_t k = 0; k < order.size(); ++k) {
      use[k].clear();
      for (const Flat& f : order[k])
        if (!(f.lanes & ~L) && !(f.reads & ~R)) use[k].push_back(&f);
      if (use[k].empty()) return false;
    }
    reset(global);
    dfs(0);
    return have_best;
  }

  void run(const Assignment& global) {
    const size_t d = order.size();
    use.assign(d, {});
    acc_m.assign((d + 1) * nw, 0);
    acc_v.assign((d + 1) * nw, 0);
    acc_w.assign((d + 1) * nw, 0);
    acc_lanes.assign(d + 1, 0);
    acc_reads.assign(d + 1, 0);
    acc_rank.assign(d + 1, 0);
    cur.assign(d, nullptr);
    full.assign(nw, 0);
    best_word.assign(nw, 0);
    empty.assign(nw, 0);
    for (uint32_t i = 0; i < nw; ++i) empty[i] = isa.empty_word().word(i);
    suffix.assign((d + 1) * nw, 0);
    for (size_t k = d; k-- > 0;) {
      for (uint32_t i = 0; i < nw; ++i) suffix[k * nw + i] = suffix[(k + 1) * nw + i];
      for (const Flat& f : order[k])
        for (uint32_t i = 0; i < nw; ++i) suffix[k * nw + i] |= f.w[i];
    }
    uint64_t all_lanes = 0, all_reads = 0;
    for (const auto& l : order)
      for (const Flat& f : l) {
        all_lanes |= f.lanes;
        all_reads |= f.reads;
      }
    // The global constraints read nothing (a constraint's value is not a read).
    std::vector<uint64_t> lane_bits, read_bits;
    for (uint64_t x = all_lanes; x; x &= x - 1) lane_bits.push_back(x & (~x + 1));
    for (uint64_t x = all_reads; x; x &= x - 1) read_bits.push_back(x & (~x + 1));
    if (isa.single_slot() || lane_bits.size() + read_bits.size() > 12 || global.lanes || global.reads) {
      restricted = false;
      pass(global, ~uint64_t{0}, ~uint64_t{0});
      return;
    }
    restricted = true;
    // A pass's solution reads exactly its (L, R), the union of one
    // candidate's resources per slot: only such unions get a pass. Resource
    // sets are compacted to at most 12 bits (lanes first), one per index.
    auto compact = [&](uint64_t lanes, uint64_t reads) {
      uint32_t c = 0;
      for (size_t i = 0; i < lane_bits.size(); ++i) c |= (lanes & lane_bits[i]) ? 1u << i : 0;
      for (size_t i = 0; i < read_bits.size(); ++i) c |= (reads & read_bits[i]) ? 1u << (lane_bits.size() + i) : 0;
      return c;
    };
    std::vector<uint32_t> unions{0}, next, keys;
    std::vector<char> seen(size_t{1} << (lane_bits.size() + read_bits.size()));
    for (const auto& slot : order) {
      keys.clear();
      for (const Flat& f : slot) keys.push_back(compact(f.lanes, f.reads));
      std::sort(keys.begin(), keys.end());
      keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
      next.clear();
      for (uint32_t u : unions)
        for (uint32_t k : keys)
          if (!seen[u | k]) {
            seen[u | k] = 1;
            next.push_back(u | k);
          }
      for (uint32_t u : next) seen[u] = 0;
      unions.swap(next);
    }
    for (uint32_t u : unions) seen[u] = 1;
    std::vector<uint64_t> lsets, rsets;
    for (size_t nl = 0; nl <= lane_bits.size(); ++nl) {
      subsets(lane_bits, nl, lsets);
      for (size_t nr = 0; nr <= read_bits.size(); ++nr) {
        subsets(read_bits, nr, rsets);
        for (uint64_t L : lsets)
          for (uint64_t R : rsets)
            if (seen[compact(L, R)] && pass(global, L, R)) return;
      }
    }
  }

  // The subsets of `bits` (single bits, ascending) with n members, in the
  // order of their sorted index lists.
  static void subsets(const std::vector<uint64_t>& bits, size_t n, std::vector<uint64_t>& out) {
    out.clear();
    std::vector<size_t> idx(n);
    for (size_t i = 0; i < n; ++i) idx[i] = i;
    while (true) {
      uint64_t s = 0;
      for (size_t i : idx) s |= bits[i];
      out.push_back(s);
      size_t i = n;
      while (i > 0 && idx[i - 1] == bits.size() - n + (i - 1)) --i;
      if (i == 0) return;
      ++idx[i - 1];
      for (size_t j = i; j < n; ++j) idx[j] = idx[j - 1] + 1;
    }
  }
};

// Drops each candidate that an earlier one of its slot dominates: the same
// form, resources and assigned bits, no greater rank, and values that differ
// only on bits no other slot and no global field holds. Completed alike, the
// two give words that differ only there, where the earlier candidate's value
// is no larger at an equal rank (the lists are sorted by cost, rank, then
// value), so the earlier one is never
// beaten by the later and the search result does not change.
void drop_dominated(const Isa& isa, const Problem& p, std::vector<std::vector<const Candidate*>>& cands) {
  const uint32_t nw = nwords(isa.width());
  std::vector<uint64_t> shared(nw, 0);
  for (const GlobalField& g : isa.globals()) {
    Assignment a(isa.width());
    a.set(g.def.field, 0);
    for (uint32_t i = 0; i < nw; ++i) shared[i] |= a.mask_word(i);
  }
  for (size_t k = 0; k < cands.size(); ++k) {
    auto& l = cands[k];
    if (l.size() < 2) continue;
    const int slot = p.slots[k].slot;
    std::vector<uint64_t> other(shared);
    for (size_t t = 0; t < isa.slots().size(); ++t)
      if (static_cast<int>(t) != slot)
        for (uint32_t i = 0; i < nw; ++i) other[i] |= isa.slots()[t].region.word(i);
    size_t kept = 0;
    for (size_t j = 0; j < l.size(); ++j) {
      const Candidate& c = *l[j];
      const bool dominated = std::any_of(l.begin(), l.begin() + static_cast<ptrdiff_t>(kept), [&](const Candidate* ap) {
        const Candidate& a = *ap;
        if (a.form != c.form || a.bits.lanes != c.bits.lanes || a.bits.reads != c.bits.reads || a.rank > c.rank) return false;
        for (uint32_t i = 0; i < nw; ++i)
          if (a.bits.mask_word(i) != c.bits.mask_word(i) || ((a.bits.value_word(i) ^ c.bits.value_word(i)) & other[i]))
            return false;
        return true;
      });
      if (!dominated) l[kept++] = l[j];
    }
    l.resize(kept);
  }
}

// Why a search found nothing: the fields two slots cannot agree on.
std::string diagnose(const Isa& isa, const Problem& p, const std::vector<std::vector<const Candidate*>>& cands,
                     const Assignment& global, bool unwritable, const std::vector<const ConstraintText*>& globals) {
  if (unwritable) {
    Word union_w(isa.width(), 0);
    for (const auto& l : cands)
      for (const Candidate* c : l) {
        const Word& fw = isa.forms()[static_cast<size_t>(c->form)].writable;
        for (uint32_t i = 0; i < nwords(isa.width()); ++i) union_w.set_word(i, union_w.word(i) | fw.word(i));
      }
    Word outside(isa.width(), 0);
    for (uint32_t i = 0; i < nwords(isa.width()); ++i)
      outside.set_word(i, global.mask_word(i) & ~union_w.word(i));
    if (!outside.is_zero())
      return fmt::format("no instruction of the bundle writes {} (constraints {})",
                         fmt::join(isa.field_names_at(outside), ", "), list_constraints(globals));
  }
  std::vector<std::string> pairs;
  for (size_t a = 0; a < cands.size(); ++a)
    for (size_t b = a + 1; b < cands.size(); ++b) {
      bool any = false;
      Word bits(isa.width(), 0);
      for (const Candidate* pa : cands[a])
        for (const Candidate* pb : cands[b]) {
          const Candidate &ca = *pa, &cb = *pb;
          if (ca.bits.compatible(cb.bits)) {
            any = true;
            break;
          }
          for (uint32_t i = 0; i < nwords(isa.width()); ++i)
            bits.set_word(i, bits.word(i) | (ca.bits.mask_word(i) & cb.bits.mask_word(i) &
                                             (ca.bits.value_word(i) ^ cb.bits.value_word(i))));
        }
      if (any) continue;
      pairs.push_back(fmt::format("{} and {} conflict on {}", insn_label(isa, p.slots[a]), insn_label(isa, p.slots[b]),
                                  fmt::join(isa.field_names_at(bits), ", ")));
    }
  if (!pairs.empty()) return fmt::format("no encoding of the bundle: {}", fmt::join(pairs, "; "));
  return "no encoding of the bundle: its instructions cannot share the fields they read all at once";
}

// One occupied slot and no constraints: no search, the key's minimum over
// the slot's candidates (what the search finds for them). Nothing when every
// candidate assigns bits its form cannot write (the search then says why) or
// the word is too wide to hold here.
std::optional<Solution> solve_one_slot(const Problem& p) {
  const Isa& isa = *p.isa;
  const Problem::SlotCandidates& sc = p.slots[0];
  const uint32_t nw = nwords(isa.width());
  if (nw > Assignment::kInlineWords) return std::nullopt;
  uint64_t word[2][Assignment::kInlineWords];  // the best so far and the one being keyed
  int best = -1, at = 0;
  Key best_key{};
  for (size_t j = 0; j < sc.candidates.size(); ++j) {
    const Candidate& c = sc.candidates[j];
    const Form& f = isa.forms()[static_cast<size_t>(c.form)];
    const uint32_t width = isa.single_slot() ? f.width : isa.width();
    uint64_t* w = word[at];
    bool writable = true;
    for (uint32_t i = 0; i < nw; ++i) {
      const uint64_t fw = f.writable.word(i);
      writable = writable && !(c.bits.mask_word(i) & ~fw);
      w[i] = (c.bits.value_word(i) & fw) | (isa.empty_word().word(i) & ~fw);
    }
    if (!writable) continue;
    if (width % 64) w[nwords(width) - 1] &= low_mask(width % 64);
    const Key key{width, c.bits.lanes, c.bits.reads, c.rank, w};
    if (best >= 0 && compare_keys(key, best_key) >= 0) continue;
    best = static_cast<int>(j);
    best_key = key;
    at ^= 1;
  }
  if (best < 0) return std::nullopt;
  const Candidate& c = sc.candidates[static_cast<size_t>(best)];
  Solution out;
  out.word = Word(best_key.width, 0);
  for (uint32_t i = 0; i < nwords(best_key.width); ++i) out.word.set_word(i, best_key.word[i]);
  out.lanes = c.bits.lanes;
  out.reads = c.bits.reads;
  out.chosen.push_back({sc.slot, c.form, c.signature});
  return out;
}

std::optional<Solution> solve_impl(const Problem& p, const std::vector<ConstraintText>& constraints, bool throwing) {
  const Isa& isa = *p.isa;
  if (p.slots.size() == 1 && constraints.empty())
    if (std::optional<Solution> one = solve_one_slot(p)) return one;
  // The message is formatted only when it is thrown: the exporter's
  // try_solve() calls fail often and read no messages.
  auto give_up = [&](const SourceLocation& loc, auto&& message) -> std::optional<Solution> {
    if (throwing) fail(loc, message());
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
      if (!constraint_bits(isa, c, nullptr, a, &why))
        return give_up(c.loc, [&] { return fmt::format("constraint {}: {}", c.render(), why); });
      if (!global.merge(a)) {
        if (!throwing) return std::nullopt;
        std::vector<const ConstraintText*> involved;
        for (const auto* o : globals) {
          Assignment b(isa.width());
          constraint_bits(isa, *o, nullptr, b, nullptr);
          if (!b.compatible(a)) involved.push_back(o);
        }
        involved.push_back(&c);
        return give_up(c.loc, [&] { return fmt::format("constraints conflict: {}", list_constraints(involved)); });
      }
      globals.push_back(&c);
      continue;
    }
    const auto dot = c.name.find('.');
    const int slot = dot == std::string::npos ? -1 : isa.find_slot(std::string_view(c.name).substr(0, dot));
    if (slot < 0) return give_up(c.loc, [&] { return fmt::format("unknown constraint name '{}'", c.name); });
    per_slot[static_cast<size_t>(slot)].push_back(&c);
  }
  // 2. Slot constraints merged into each candidate; candidates that conflict
  // with them or with the global constraints dropped.
  // The candidates stay where prepare() put them unless a slot constraint
  // changes them; the changed ones live in `merged` (stable addresses).
  std::vector<std::vector<const Candidate*>> cands(p.slots.size());
  std::deque<Candidate> merged;
  std::vector<bool> occupied(isa.slots().size(), false);
  for (const auto& sc : p.slots) occupied[static_cast<size_t>(sc.slot)] = true;
  for (size_t s = 0; s < per_slot.size(); ++s)
    if (!per_slot[s].empty() && !occupied[s])
      return give_up(per_slot[s][0]->loc, [&] {
        return fmt::format("constraint {}: slot {} holds no instruction", per_slot[s][0]->render(), isa.slots()[s].def.name);
      });
  for (size_t i = 0; i < p.slots.size(); ++i) {
    const auto& sc = p.slots[i];
    const auto& mine = per_slot[static_cast<size_t>(sc.slot)];
    std::string why;
    std::vector<const ConstraintText*> global_hits;
    // What each slot constraint assigns, worked out once per form.
    struct Made {
      int form;
      bool ok;
      Assignment bits;
      std::string why;
    };
    std::vector<std::vector<Made>> made(mine.size());
    auto bits_for = [&](size_t j, int form) -> const Made& {
      for (const Made& m : made[j])
        if (m.form == form) return m;
      Made m{form, false, Assignment(isa.width()), {}};
      m.ok = constraint_bits(isa, *mine[j], &isa.forms()[static_cast<size_t>(form)], m.bits, throwing ? &m.why : nullptr);
      made[j].push_back(std::move(m));
      return made[j].back();
    };
    cands[i].reserve(sc.candidates.size());
    for (const Candidate& c : sc.candidates) {
      const Candidate* y = &c;
      if (!mine.empty()) {
        Candidate x = c;
        bool ok = true;
        for (size_t j = 0; j < mine.size(); ++j) {
          const Made& m = bits_for(j, c.form);
          if (!m.ok || !x.bits.merge(m.bits)) {
            if (why.empty() && !m.ok) why = m.why;
            ok = false;
            break;
          }
        }
        if (!ok) continue;
        merged.push_back(std::move(x));
        y = &merged.back();
      }
      if (!globals.empty() && !y->bits.compatible(global)) {
        if (!throwing) continue;  // global_hits only name the culprits in the message
        const Candidate& x = *y;
        for (const auto* g : globals) {
          Assignment b(isa.width());
          constraint_bits(isa, *g, nullptr, b, nullptr);
          if (!x.bits.compatible(b) && std::find(global_hits.begin(), global_hits.end(), g) == global_hits.end())
            global_hits.push_back(g);
        }
        continue;
      }
      cands[i].push_back(y);
    }
    if (cands[i].empty()) {
      if (!throwing) return std::nullopt;
      std::vector<const ConstraintText*> involved = mine;
      for (const auto* g : global_hits) involved.push_back(g);
      std::sort(involved.begin(), involved.end(), [](auto* a, auto* b) { return a->name < b->name; });
      std::string msg = fmt::format("{}: no encoding satisfies the constraints {}", insn_label(isa, sc),
                                    list_constraints(involved));
      if (!why.empty() && global_hits.empty()) msg += fmt::format(" ({})", why);
      fail(sc.insn ? sc.insn->loc : p.loc, msg);
    }
  }
  // 3. Candidates sorted by their own cost; slots by candidate count. The
  // resource counts are worked out once per candidate, not per comparison.
  struct Keyed {
    int nl, nr;
    const Candidate* c;
  };
  std::vector<Keyed> keyed;
  for (auto& l : cands) {
    keyed.clear();
    for (const Candidate* c : l) keyed.push_back({std::popcount(c->bits.lanes), std::popcount(c->bits.reads), c});
    std::stable_sort(keyed.begin(), keyed.end(), [](const Keyed& ka, const Keyed& kb) {
      if (ka.nl != kb.nl) return ka.nl < kb.nl;
      if (ka.nr != kb.nr) return ka.nr < kb.nr;
      const Candidate &a = *ka.c, &b = *kb.c;
      if (a.bits.lanes != b.bits.lanes) return set_less(a.bits.lanes, b.bits.lanes);
      if (a.bits.reads != b.bits.reads) return set_less(a.bits.reads, b.bits.reads);
      if (a.rank != b.rank) return a.rank < b.rank;
      return compare_le_words(a.bits.value_words(), b.bits.value_words(), a.bits.words()) < 0;
    });
    for (size_t i = 0; i < l.size(); ++i) l[i] = keyed[i].c;
  }
  std::vector<size_t> idx(cands.size());
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return cands[a].size() < cands[b].size(); });

  drop_dominated(isa, p, cands);
  // Flat words of the forms' writable bits.
  const uint32_t nw = nwords(isa.width());
  std::vector<int> form_at(isa.forms().size(), -1);
  std::vector<uint64_t> writable;
  for (const auto& l : cands)
    for (const Candidate* c : l)
      if (form_at[static_cast<size_t>(c->form)] < 0) {
        form_at[static_cast<size_t>(c->form)] = static_cast<int>(writable.size());
        const Word& fw = isa.forms()[static_cast<size_t>(c->form)].writable;
        for (uint32_t i = 0; i < nw; ++i) writable.push_back(fw.word(i));
      }
  Search s(isa);
  for (size_t i : idx) {
    std::vector<Flat> l;
    l.reserve(cands[i].size());
    for (const Candidate* c : cands[i])
      l.push_back({c, c->bits.mask_words(), c->bits.value_words(),
                   writable.data() + form_at[static_cast<size_t>(c->form)], c->bits.lanes, c->bits.reads,
                   c->rank});
    s.order.push_back(std::move(l));
    s.order_slot.push_back(p.slots[i].slot);
  }
  s.run(global);
  if (!s.have_best) {
    if (!throwing) return std::nullopt;
    fail(p.loc, diagnose(isa, p, cands, global, s.unwritable, globals));
  }
  Solution out;
  out.word = Word(s.best_width, 0);
  for (uint32_t i = 0; i < nwords(s.best_width); ++i) out.word.set_word(i, s.best_word[i]);
  out.lanes = s.best_lanes;
  out.reads = s.best_reads;
  for (size_t k = 0; k < s.best_choice.size(); ++k)
    out.chosen.push_back({s.order_slot[k], s.best_choice[k]->c->form, s.best_choice[k]->c->signature});
  std::sort(out.chosen.begin(), out.chosen.end(), [](const Chosen& a, const Chosen& b) { return a.slot < b.slot; });
  return out;
}

// The first bare operand (in the order written) some other value of which
// the target's verdict takes where the candidate's own is refused, with what
// it must be (operands::values_taken, as WordIsa::blame finds it for a word);
// nothing when none has one.
std::optional<std::pair<size_t, std::string>> blame_operand(const Isa& isa, const Candidate& c) {
  const Signature& sig = isa.signatures()[static_cast<size_t>(c.signature)];
  const Form& form = isa.forms()[static_cast<size_t>(c.form)];
  auto takes = [&](const Assignment& a) { return isa.verdict()(form, a).empty(); };
  for (size_t i = 0; i < sig.def.operands.size(); ++i) {
    const TextOperand& op = sig.def.operands[i];
    if (op.items.size() != 1 || op.items[0].kind != TemplateItem::Kind::Operand) continue;
    const operands::Kind& kind = sig.def.kinds[static_cast<size_t>(op.items[0].operand)];
    const std::vector<operands::OtherValue> taken = operands::values_taken(kind, c.bits, takes);
    if (!taken.empty()) return std::make_pair(i, operands::describe_taken(kind, taken, nullptr));
  }
  return std::nullopt;
}

// Where else a mnemonic unknown in a slot is an instruction: " (slots s0, s1
// hold 'sadd')", or "" when none does.
std::string slots_holding(const Isa& isa, std::string_view mnemonic) {
  std::vector<std::string> names;
  for (const Slot& s : isa.slots()) {
    const bool holds = std::any_of(s.forms.begin(), s.forms.end(), [&](int fi) {
      const Form& f = isa.forms()[static_cast<size_t>(fi)];
      return std::any_of(f.signatures.begin(), f.signatures.end(),
                         [&](int si) { return isa.signatures()[static_cast<size_t>(si)].def.mnemonic == mnemonic; });
    });
    if (holds) names.push_back(s.def.name);
  }
  if (names.empty()) return "";
  return fmt::format(" (slot{} {} hold{} '{}')", names.size() == 1 ? "" : "s", fmt::join(names, ", "), names.size() == 1 ? "s" : "", mnemonic);
}

}  // namespace

bool parse_field_value(const FieldDef& fd, std::string_view value, uint64_t& out, std::string* why) {
  return parse_value(fd.symbols, fd.field.width, value, out, why);
}

bool parse_field_value(const GlobalDef& gd, std::string_view value, uint64_t& out, std::string* why) {
  return parse_value(gd.symbols, gd.field.width, value, out, why);
}

std::vector<Candidate> encode_insn(const Isa& isa, int slot, std::string_view text, std::string* why, size_t* why_at) {
  const Slot& s = isa.slots()[static_cast<size_t>(slot)];
  const std::string_view whole = text;
  auto say = [&](std::string m, std::string_view part = {}) {
    if (why) *why = std::move(m);
    if (why_at) *why_at = part.data() ? static_cast<size_t>(part.data() - whole.data()) : 0;
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
                      s.def.pred_prefix), text);
      return {};
    }
    if (v == s.def.never) {
      say(fmt::format("predicate {}{} is NEVER: the instruction would not be visible", s.def.pred_prefix, v), text);
      return {};
    }
    pred = v;
    text = trim(text.substr(close + 1));
  }
  const size_t sp = text.find_first_of(" \t");
  const std::string_view mnemonic = text.substr(0, sp);
  const std::string_view rest = sp == std::string_view::npos ? std::string_view{} : text.substr(sp + 1);
  // Operands are matched without white space; the count of top-level commas
  // only picks the signatures to try, and words a refusal.
  const std::string operand_text = strip_space(rest);
  const auto ops = split_top(operand_text, ',');
  const size_t count = operand_text.empty() ? 0 : ops.size();
  Assignment base(isa.width());
  base.set(s.def.predicate, pred);

  std::vector<Candidate> out;
  bool mnemonic_known = false, count_ok = false;
  size_t expected = 0;
  // The reason is worked out only when no signature encodes the text (a
  // second run with reasons): the furthest any signature's match got.
  Refusal furthest;
  const Signature* furthest_sig = nullptr;
  auto run = [&](bool reasons) {
    for (int fi : s.forms) {
      const Form& f = isa.forms()[static_cast<size_t>(fi)];
      for (int si : f.signatures) {
        const Signature& sig = isa.signatures()[static_cast<size_t>(si)];
        if (sig.def.mnemonic != mnemonic) continue;
        mnemonic_known = true;
        expected = sig.def.operands.size();
        if (count != sig.def.operands.size()) continue;
        count_ok = true;
        Assignment head = base;
        if (!head.merge(f.fixed) || !head.merge(sig.fixed)) continue;
        Refusal refusal;
        std::vector<Assignment> cands = encode(sig.def.kinds, sig.line, operand_text, head, reasons ? &refusal : nullptr);
        if (reasons) {
          // Kept as the word engine keeps its templates' refusals (Refusal::note).
          if (refusal.kind == Refusal::Kind::None) continue;
          if (!furthest_sig || refusal.pos > furthest.pos) furthest_sig = &sig;
          furthest.note(std::move(refusal));
          continue;
        }
        for (auto& a : cands) {
          const bool dup = std::any_of(out.begin(), out.end(), [&](const Candidate& c) { return c.form == fi && c.bits == a; });
          if (!dup) out.push_back({fi, si, std::move(a)});
        }
      }
    }
  };
  // The operand (1-based) and its text at a position of operand_text.
  auto operand_at = [&](size_t pos) {
    size_t i = 0;
    while (i + 1 < ops.size() && static_cast<size_t>(ops[i + 1].data() - operand_text.data()) <= pos) ++i;
    return i;
  };
  run(false);
  // The target's verdict (the decode pseudocode): a refused candidate goes.
  std::string refused_by;
  std::optional<Candidate> refused;
  if (isa.verdict() && !out.empty()) {
    std::erase_if(out, [&](const Candidate& c) {
      std::string v = isa.verdict()(isa.forms()[static_cast<size_t>(c.form)], c.bits);
      if (v.empty()) return false;
      if (refused_by.empty()) refused_by = std::move(v), refused = c;
      return true;
    });
    if (out.empty()) {
      // The operand whose value the rule refuses, with the values it takes; else the instruction.
      if (const auto blamed = why ? blame_operand(isa, *refused) : std::nullopt) {
        const std::string_view written = trim(split_top(rest, ',')[blamed->first]);
        say(fmt::format("operand {} '{}': {} ({})", blamed->first + 1, written, blamed->second, refused_by),
            written);
      } else {
        say(fmt::format("invalid instruction ({})", refused_by), mnemonic);
      }
      return out;
    }
  }
  if (out.empty() && why) run(true);
  if (out.empty()) {
    const std::vector<std::string_view> written = split_top(rest, ',');  // the operands with their spaces
    if (!mnemonic_known) {
      say(fmt::format("unknown instruction '{}' in slot {}{}", mnemonic, s.def.name, slots_holding(isa, mnemonic)), mnemonic);
    } else if (!count_ok) {
      // Too many: the first operand too many; too few: the end of the text.
      const std::string_view part = count > expected ? trim(written[expected]) : text.substr(text.size());
      // llvm-mc's words, then the counts.
      say(fmt::format("too {} operands for instruction ('{}' takes {}, not {})", count > expected ? "many" : "few", mnemonic,
                      expected, count),
          part);
    } else if (furthest_sig) {
      const size_t i = operand_at(furthest.pos);
      const std::string_view as_written = trim(written[i]);
      say(fmt::format("operand {} '{}': {}", i + 1, as_written, refusal_text(furthest, furthest_sig->def.operands[i], as_written)),
          as_written);
    } else {
      say(fmt::format("no encoding of '{}'", text), text);
    }
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
    size_t why_at = 0;
    Problem::SlotCandidates sc;
    sc.slot = static_cast<int>(s);
    sc.insn = by_slot[s];
    sc.candidates = encode_insn(isa, sc.slot, by_slot[s]->text, &why, &why_at);
    if (sc.candidates.empty()) {
      SourceLocation at = by_slot[s]->loc;
      if (at.col > 0) at.col += static_cast<int>(why_at);
      fail(at, why);
    }
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
