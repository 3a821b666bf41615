#include "asm/signature.hpp"

#include "asm/reading.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlisa::as {

namespace {

using operands::BitMap;
using operands::Raw;

using RK = Refusal::Kind;

// Within one operand the first reason wins; a message is formatted only when
// it is kept (the alternatives of a choice fail routinely, and nobody reads
// their reasons).
template <typename... Args>
void say(Refusal* why, fmt::format_string<Args...> f, Args&&... args) {
  if (!why || why->kind != RK::None) return;
  why->kind = RK::Operand;
  why->msg = fmt::format(f, std::forward<Args>(args)...);
}

void keep(Refusal* why, Refusal r) {
  if (why && why->kind == RK::None) *why = std::move(r);
}

// The candidates of a leaf kind (reading.hpp) that reads the whole of `text`, lower case.
std::vector<Assignment> encode_whole(const operands::Kind& kind, std::string_view text, uint32_t width) {
  thread_local std::vector<operands::Way> ways;  // a leaf: no reading nests in another
  ways.clear();
  operands::read(kind, {text, 0}, ways);
  std::vector<Assignment> out;
  for (const operands::Way& w : ways) {
    Assignment a(width);
    if (w.len == text.size() && operands::encode(kind, w.raw, a)) out.push_back(std::move(a));
  }
  drop_duplicates(out);
  return out;
}

std::vector<Assignment> encode_kind(std::span<const operands::Kind> kinds, const operands::Kind& k, std::string_view text, uint32_t width,
                                    Refusal* why);

// The leaf kinds (a register, a number, a table): their candidates, and when
// there are none, why, in the words the word engine uses (operands::refusal).
std::vector<Assignment> encode_leaf(const operands::Kind& k, std::string_view text, uint32_t width, Refusal* why) {
  std::vector<Assignment> out = encode_whole(k, text, width);
  if (out.empty() && why && why->kind == RK::None) *why = operands::refusal(k, {text, 0}, Assignment(width));
  return out;
}

// Why no alternative of a choice holds `text`: what each says, kept as
// Refusal::note keeps them (a register name is refused as a register, a
// number by the values every alternative holds).
Refusal choice_refusal(const operands::Choice& c, std::string_view text, uint32_t width) {
  uint64_t mag = 0;
  bool neg = false;
  std::string not_a_number;
  const bool number = c.number(text, mag, neg, &not_a_number);
  const bool numeric = scan_integer(text, mag, neg) == text.size();
  const std::string lower = to_lower(text);  // as a register alternative reads it
  Refusal out;
  for (const operands::Choice::Alternative& alt : c.alternatives) {
    const operands::Kind kind = std::visit([](const auto& a) -> operands::Kind { return a; }, alt.kind);
    const bool reg = std::holds_alternative<operands::Reg>(kind);
    const Refusal r = !reg && numeric && !number ? Refusal{RK::Operand, 0, not_a_number, {}, {}, {}, {}, true}
                                                 : operands::refusal(kind, {reg ? std::string_view(lower) : text, 0}, Assignment(width));
    if (r.kind != RK::None) out.note(r);
  }
  return out;
}

std::vector<Assignment> encode_choice(const operands::Choice& c, std::string_view text, uint32_t width, Refusal* why) {
  std::vector<Assignment> out = encode_whole(c, to_lower(text), width);
  if (out.empty()) keep(why, choice_refusal(c, text, width));
  return out;
}

// Memory: `[base (+|-) offset, name=value, ...]`.
struct MemParts {
  std::string_view base, offset;
  bool has_offset = false, negative = false;
  std::vector<std::pair<std::string_view, std::string_view>> mods;
};

bool split_memory(std::string_view text, MemParts& p, Refusal* why) {
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') {
    say(why, "expected a memory operand [...]");
    return false;
  }
  auto parts = split_top(text.substr(1, text.size() - 2), ',');
  if (parts.empty() || parts[0].empty()) {
    say(why, "'{}' has no base", text);
    return false;
  }
  std::string_view head = parts[0];
  int depth = 0;
  for (size_t i = 1; i < head.size(); ++i) {
    const char c = head[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    if (c == ')' || c == ']' || c == '}') --depth;
    if (depth == 0 && (c == '+' || c == '-')) {
      p.base = trim(head.substr(0, i));
      p.offset = trim(head.substr(i + 1));
      p.has_offset = true;
      p.negative = c == '-';
      break;
    }
  }
  if (!p.has_offset) p.base = head;
  for (size_t i = 1; i < parts.size(); ++i) {
    const auto eq = parts[i].find('=');
    if (eq == std::string_view::npos) {
      say(why, "'{}' is not a modifier name=value", parts[i]);
      return false;
    }
    p.mods.emplace_back(trim(parts[i].substr(0, eq)), trim(parts[i].substr(eq + 1)));
  }
  return true;
}

// Every map a kind writes (an omitted modifier's fields are written 0).
void maps_of(const operands::Kind& k, std::vector<const BitMap*>& out) {
  if (const auto* r = std::get_if<operands::Reg>(&k)) out.push_back(&r->map);
  if (const auto* n = std::get_if<operands::Number>(&k)) out.push_back(&n->map);
  if (const auto* t = std::get_if<operands::Table>(&k)) out.push_back(&t->map);
  if (const auto* c = std::get_if<operands::Choice>(&k)) {
    out.push_back(&c->selector);
    for (const auto& alt : c->alternatives)
      std::visit([&](const auto& a) { out.push_back(&a.map); }, alt.kind);
  }
}

std::vector<Assignment> encode_memory(std::span<const operands::Kind> kinds, const operands::Mem& m, std::string_view text, uint32_t width,
                                      Refusal* why) {
  MemParts p;
  if (!split_memory(text, p, why)) return {};
  std::vector<std::vector<Assignment>> lists;
  auto sub = [&](int i) -> const operands::Kind& { return kinds[static_cast<size_t>(i)]; };
  lists.push_back(encode_kind(kinds, sub(m.base), p.base, width, why));
  if (m.offset >= 0) {
    const std::string off = p.has_offset ? fmt::format("{}{}", p.negative ? "-" : "", p.offset) : std::string("0");
    lists.push_back(encode_kind(kinds, sub(m.offset), off, width, why));
  } else if (p.has_offset) {
    say(why, "'{}' takes no offset", text);
    return {};
  }
  std::vector<bool> seen(m.modifiers.size(), false);
  for (const auto& [name, value] : p.mods) {
    auto it = std::find_if(m.modifiers.begin(), m.modifiers.end(), [&](const auto& mod) { return mod.first == name; });
    if (it == m.modifiers.end()) {
      say(why, "unknown modifier '{}'", name);
      return {};
    }
    const size_t k = static_cast<size_t>(it - m.modifiers.begin());
    if (seen[k]) {
      say(why, "modifier '{}' given twice", name);
      return {};
    }
    seen[k] = true;
    lists.push_back(encode_kind(kinds, sub(it->second), value, width, why));
  }
  for (size_t k = 0; k < m.modifiers.size(); ++k) {
    if (seen[k]) continue;
    std::vector<const BitMap*> maps;
    maps_of(sub(m.modifiers[k].second), maps);
    Assignment zero(width);
    for (const BitMap* bm : maps)
      if (!operands::assign(zero, *bm, 0, nullptr, false)) return {};
    lists.push_back({std::move(zero)});
  }
  for (const auto& l : lists)
    if (l.empty()) return {};
  return product(lists, width);
}

std::vector<Assignment> encode_kind(std::span<const operands::Kind> kinds, const operands::Kind& k, std::string_view text, uint32_t width,
                                    Refusal* why) {
  text = trim(text);
  if (std::holds_alternative<operands::Reg>(k)) return encode_leaf(k, to_lower(text), width, why);
  if (std::holds_alternative<operands::Number>(k)) return encode_leaf(k, text, width, why);
  if (std::holds_alternative<operands::Table>(k)) return encode_leaf(k, to_lower(strip_space(text)), width, why);
  if (const auto* c = std::get_if<operands::Choice>(&k)) return encode_choice(*c, text, width, why);
  if (const auto* m = std::get_if<operands::Mem>(&k)) return encode_memory(kinds, *m, text, width, why);
  // spec_isa.cpp builds no other kind for a bundle.
  say(why, "'{}': this operand kind is not read in a bundle", text);
  return {};
}

bool all_zero(const operands::Kind& k, const Word& w) {
  std::vector<const BitMap*> maps;
  maps_of(k, maps);
  for (const BitMap* m : maps)
    if (operands::read_bits(*m, w) != 0) return false;
  return true;
}

bool print_kind(std::span<const operands::Kind> kinds, const operands::Kind& k, const Word& w, std::string& out) {
  if (const auto* m = std::get_if<operands::Mem>(&k)) {
    auto sub = [&](int i) -> const operands::Kind& { return kinds[static_cast<size_t>(i)]; };
    std::string base;
    if (!print_kind(kinds, sub(m->base), w, base)) return false;
    out = "[" + base;
    if (m->offset >= 0) {
      std::string off;
      if (!print_kind(kinds, sub(m->offset), w, off)) return false;
      if (off != "0") out += off[0] == '-' ? " - " + off.substr(1) : " + " + off;
    }
    for (const auto& [name, i] : m->modifiers) {
      if (all_zero(sub(i), w)) continue;
      std::string v;
      if (!print_kind(kinds, sub(i), w, v)) return false;
      out += ", " + name + "=" + v;
    }
    out += "]";
    return true;
  }
  // Every other kind prints its own field values (a list or label needs more than the word: none in a bundle).
  std::optional<std::string> text = std::visit(
      [&](const auto& a) -> std::optional<std::string> {
        if constexpr (requires { a.print(a.decode(w)); })
          return a.print(a.decode(w));
        else
          return std::nullopt;
      },
      k);
  if (!text) return false;
  out = std::move(*text);
  return true;
}

}  // namespace

TextOperand::TextOperand(std::vector<std::string> literals, std::vector<int> refs, std::string shown) : shown(std::move(shown)) {
  if (literals.size() != refs.size() + 1)
    throw std::invalid_argument(
        fmt::format("malformed operand {}: {} literals around {} operands", this->shown, literals.size(), refs.size()));
  for (size_t i = 0; i < literals.size(); ++i) {
    if (!literals[i].empty()) items.push_back({TemplateItem::Kind::Lit, std::move(literals[i]), {}});
    if (i < refs.size()) items.push_back({TemplateItem::Kind::Operand, "", {}, false, refs[i]});
  }
}

std::vector<TemplateItem> line_of(std::span<const TextOperand> ops) {
  // The `,` a literal of its own: an operand before it is then read up to
  // its own literal (`]`), and a text going wrong after the comma is refused there.
  std::vector<TemplateItem> line;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (i > 0) line.push_back({TemplateItem::Kind::Lit, ",", {}});
    line.insert(line.end(), ops[i].items.begin(), ops[i].items.end());
  }
  return line;
}

std::vector<Assignment> encode(std::span<const operands::Kind> kinds, std::span<const TemplateItem> items, std::string_view text,
                               const Assignment& start, Refusal* refusal) {
  const uint32_t width = start.width();
  std::vector<Assignment> out;
  // What a kind reads from one extent of the text, kept: the walk comes back
  // to the same extent once per way the operands before it were read.
  struct Read {
    size_t item, pos, len;
    std::vector<Assignment> cands;
  };
  std::vector<Read> reads;
  auto note = [&](size_t pos, Refusal why) {
    why.pos = pos;
    if (refusal) refusal->note(std::move(why));
  };
  // An operand takes the text up to each place where the literal after it
  // follows (all of the rest when it is last).
  auto on_operand = [&](const TemplateItem& item, size_t pos, const Assignment& st, auto& next) {
    const size_t at = static_cast<size_t>(&item - items.data());
    const bool last = at + 1 == items.size();
    const std::string_view follow =
        last || items[at + 1].kind != TemplateItem::Kind::Lit ? std::string_view() : std::string_view(items[at + 1].text);
    const std::string_view rest = text.substr(pos);
    const operands::Kind& kind = kinds[static_cast<size_t>(item.operand)];
    auto take = [&](size_t len) {
      auto known = std::find_if(reads.begin(), reads.end(), [&](const Read& r) { return r.item == at && r.pos == pos && r.len == len; });
      if (known == reads.end()) {
        Refusal why;
        reads.push_back({at, pos, len, encode_kind(kinds, kind, rest.substr(0, len), width, refusal ? &why : nullptr)});
        known = reads.end() - 1;
        if (known->cands.empty()) note(pos, std::move(why));
      }
      // `known` may move as deeper operands add reads: walk a copy of the index.
      const size_t k = static_cast<size_t>(known - reads.begin());
      for (size_t c = 0; c < reads[k].cands.size(); ++c) {
        Assignment a = st;
        if (a.merge(reads[k].cands[c])) next(pos + len, a);
      }
    };
    if (last) return take(rest.size());
    for (size_t len = 1; len <= rest.size(); ++len)
      if (rest.substr(len).starts_with(follow)) take(len);
  };
  auto at_end = [&](size_t pos, const Assignment& st) {
    if (pos == text.size()) out.push_back(st);
  };
  auto after_literal = [&](const TemplateItem&, size_t pos) { note(pos, Refusal{RK::Syntax}); };
  WalkHooks hooks{[] { return false; }, on_operand, at_end, after_literal, [](const TemplateItem&) { return true; }, [](Assignment&) {}};
  walk_template(items, text, start, hooks);
  drop_duplicates(out);  // two splits may give one candidate
  return out;
}

std::vector<Assignment> encode(std::span<const operands::Kind> kinds, const TextOperand& op, std::string_view text, uint32_t width,
                               std::string* why) {
  text = trim(text);
  const bool bare = op.items.size() == 1 && op.items[0].kind == TemplateItem::Kind::Operand;
  // Literals are matched without white space; a bare operand keeps its text for messages.
  const std::string stripped = bare ? std::string() : strip_space(text);
  const std::string_view s = bare ? text : std::string_view(stripped);
  Refusal refusal;
  std::vector<Assignment> out = encode(kinds, op.items, s, Assignment(width), why ? &refusal : nullptr);
  if (out.empty() && why && why->empty()) *why = refusal_text(refusal, op, text);
  return out;
}

std::string refusal_text(const Refusal& r, const TextOperand& op, std::string_view text) {
  return r.kind == RK::None || (r.kind == RK::Syntax && r.msg.empty()) ? mismatch(op, text) : operands::describe(r);
}

std::string mismatch(const TextOperand& op, std::string_view text) {
  if (std::none_of(op.items.begin(), op.items.end(), [](const TemplateItem& it) { return it.kind == TemplateItem::Kind::Operand; }))
    return fmt::format("expected '{}', not '{}'", op.shown, text);
  return fmt::format("'{}' does not match {}", text, op.shown);
}

bool print(std::span<const operands::Kind> kinds, const TextOperand& op, const Word& word, std::string& out) {
  out.clear();
  for (const TemplateItem& it : op.items) {
    if (it.kind == TemplateItem::Kind::Lit) {
      out += it.text;
      continue;
    }
    std::string t;
    if (!print_kind(kinds, kinds[static_cast<size_t>(it.operand)], word, t)) return false;
    out += t;
  }
  return true;
}

void drop_duplicates(std::vector<Assignment>& v) {
  if (v.size() < 2) return;
  size_t kept = 1;  // in place: v[0, kept) are the distinct ones so far
  for (size_t i = 1; i < v.size(); ++i) {
    if (std::find(v.begin(), v.begin() + static_cast<ptrdiff_t>(kept), v[i]) != v.begin() + static_cast<ptrdiff_t>(kept)) continue;
    if (kept != i) v[kept] = std::move(v[i]);
    ++kept;
  }
  v.resize(kept);
}

std::vector<Assignment> product(const std::vector<std::vector<Assignment>>& lists, uint32_t width) {
  std::vector<Assignment> acc{Assignment(width)};
  for (const auto& l : lists) {
    if (l.size() == 1) {
      // One alternative: merged into every partial product in place.
      size_t kept = 0;
      for (size_t i = 0; i < acc.size(); ++i)
        if (acc[i].merge(l[0])) {
          if (kept != i) acc[kept] = std::move(acc[i]);
          ++kept;
        }
      acc.resize(kept);
      if (acc.size() > 1) drop_duplicates(acc);
      if (acc.empty()) break;
      continue;
    }
    std::vector<Assignment> next;
    next.reserve(acc.size() * l.size());
    for (const auto& a : acc)
      for (const auto& b : l) {
        Assignment m = a;
        if (m.merge(b)) next.push_back(std::move(m));
      }
    drop_duplicates(next);
    acc = std::move(next);
    if (acc.empty()) break;
  }
  return acc;
}

}  // namespace mlisa::as
