#include "asm/expr.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace mlisa::as {

namespace {

uint64_t low_mask(uint32_t n) { return n >= 64 ? ~uint64_t{0} : (uint64_t{1} << n) - 1; }

// The first reason wins; a message is formatted only when it is kept (the
// alternatives of a choice fail routinely, and nobody reads their reasons).
void say(std::string* why, std::string msg) {
  if (why && why->empty()) *why = std::move(msg);
}
template <typename... Args>
void say(std::string* why, fmt::format_string<Args...> f, Args&&... args) {
  if (why && why->empty()) *why = fmt::format(f, std::forward<Args>(args)...);
}

// Total effective width of concatenated fields.
uint32_t concat_width(const std::vector<FieldRef>& fs) {
  uint32_t n = 0;
  for (const auto& f : fs) n += f.effective();
  return n;
}

// Binds the low concat_width(fs) bits of v to the fields (the last field gets
// the lowest bits). False on a conflict inside the assignment.
bool bind(Assignment& a, const std::vector<FieldRef>& fs, uint64_t v) {
  uint32_t pos = 0;
  for (auto it = fs.rbegin(); it != fs.rend(); ++it) {
    const uint32_t n = it->effective();
    const Field f{it->field.start, n};
    const uint64_t part = pos >= 64 ? 0 : (v >> pos) & low_mask(n);
    if (!a.set(f, part)) return false;
    if (it->consumed) {
      a.lanes |= it->lanes;
      a.reads |= it->reads;
    }
    pos += n;
  }
  return true;
}

uint64_t read(const Word& w, const std::vector<FieldRef>& fs) {
  uint64_t v = 0;
  for (const auto& f : fs) {
    const uint32_t n = f.effective();
    v = (n >= 64 ? 0 : v << n) | get_field(w, Field{f.field.start, n});
  }
  return v;
}

uint64_t extend(uint64_t v, uint32_t from, uint32_t to, Ext ext) {
  if (from >= to) return v & low_mask(to);
  v &= low_mask(from);
  if (ext == Ext::Sign && from > 0 && ((v >> (from - 1)) & 1)) v |= ~low_mask(from);
  return v & low_mask(to);
}

std::vector<Assignment> encode_register(const Expr& e, std::string_view text, uint32_t width, std::string* why) {
  const uint32_t n = concat_width(e.fields);
  uint64_t raw = 0;
  if (!e.names.empty()) {
    auto it = std::find_if(e.names.begin(), e.names.end(), [&](const std::string& s) { return iequals(s, text); });
    if (it == e.names.end()) {
      say(why, "'{}' is not a register name here", text);
      return {};
    }
    raw = static_cast<uint64_t>(it - e.names.begin());
  } else {
    if (text.size() <= e.text.size() || !iequals(text.substr(0, e.text.size()), e.text)) {
      say(why, "'{}' is not a {} register", text, e.text);
      return {};
    }
    std::string_view digits = text.substr(e.text.size());
    int64_t num = 0;
    for (char c : digits) {
      if (!std::isdigit(static_cast<unsigned char>(c)) || num > (int64_t{1} << 40)) {
        say(why, "'{}' is not a {} register", text, e.text);
        return {};
      }
      num = num * 10 + (c - '0');
    }
    const int64_t r = num - e.offset;
    if (r < 0 || r % e.scale != 0 || (n < 63 && static_cast<uint64_t>(r / e.scale) > low_mask(n))) {
      say(why, "register {} cannot be encoded here", text);
      return {};
    }
    raw = static_cast<uint64_t>(r / e.scale);
  }
  if (n < 64 && raw > low_mask(n)) {
    say(why, "register {} cannot be encoded here", text);
    return {};
  }
  Assignment a(width);
  if (!bind(a, e.fields, raw)) return {};
  return {a};
}

bool decode_register(const Expr& e, const Word& w, std::string& out) {
  const uint64_t raw = read(w, e.fields);
  if (!e.names.empty()) {
    if (raw >= e.names.size()) return false;
    out = e.names[raw];
    return true;
  }
  out = fmt::format("{}{}", e.text, static_cast<int64_t>(raw) * e.scale + e.offset);
  return true;
}

std::vector<Assignment> encode_number(const Expr& e, std::string_view text, uint32_t width, std::string* why) {
  uint64_t v = 0;
  if (!parse_number(e.type, text, v, why && why->empty() ? why : nullptr)) return {};
  if (e.fields.empty()) {
    if (v != (e.constant & low_mask(e.type.width))) {
      if (why && why->empty()) say(why, "{} is not {}", text, format_number(e.type, e.constant));
      return {};
    }
    return {Assignment(width)};
  }
  const uint32_t n = concat_width(e.fields);
  if (n < e.type.width && extend(v, n, e.type.width, e.ext) != v) {
    say(why, "{} does not fit in {} bits", text, n);
    return {};
  }
  Assignment a(width);
  if (!bind(a, e.fields, v)) return {};
  // Bits of the fields above the operand's width stay unassigned.
  return {a};
}

bool decode_number(const Expr& e, const Word& w, std::string& out) {
  if (e.fields.empty()) {
    out = format_number(e.type, e.constant);
    return true;
  }
  const uint32_t n = concat_width(e.fields);
  out = format_number(e.type, extend(read(w, e.fields), n, e.type.width, e.ext));
  return true;
}

// Memory: `[base (+|-) offset, name=value, ...]`.
struct MemParts {
  std::string_view base, offset;
  bool has_offset = false, negative = false;
  std::vector<std::pair<std::string_view, std::string_view>> mods;
};

bool split_memory(std::string_view text, MemParts& p, std::string* why) {
  if (text.size() < 2 || text.front() != '[' || text.back() != ']') {
    say(why, "'{}' is not a memory operand [...]", text);
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

std::vector<Assignment> encode_memory(const Expr& e, std::string_view text, uint32_t width, std::string* why) {
  MemParts p;
  if (!split_memory(text, p, why)) return {};
  std::vector<std::vector<Assignment>> lists;
  lists.push_back(encode(e.subs[0], p.base, width, why));
  if (e.has_offset) {
    std::string off = p.has_offset ? fmt::format("{}{}", p.negative ? "-" : "", p.offset) : std::string("0");
    lists.push_back(encode(e.subs[1], off, width, why));
  } else if (p.has_offset) {
    say(why, "'{}' takes no offset", text);
    return {};
  }
  std::vector<bool> seen(e.modifiers.size(), false);
  for (const auto& [name, value] : p.mods) {
    auto it = std::find(e.modifier_names.begin(), e.modifier_names.end(), name);
    if (it == e.modifier_names.end()) {
      say(why, "unknown modifier '{}'", name);
      return {};
    }
    const size_t k = static_cast<size_t>(it - e.modifier_names.begin());
    if (seen[k]) {
      say(why, "modifier '{}' given twice", name);
      return {};
    }
    seen[k] = true;
    lists.push_back(encode(e.modifiers[k], value, width, why));
  }
  for (size_t k = 0; k < e.modifiers.size(); ++k) {
    if (seen[k]) continue;
    std::vector<const FieldRef*> fs;
    collect_fields(e.modifiers[k], fs);
    Assignment zero(width);
    for (const FieldRef* f : fs)
      if (!zero.set(Field{f->field.start, f->effective()}, 0)) return {};
    lists.push_back({zero});
  }
  for (const auto& l : lists)
    if (l.empty()) return {};
  return product(lists, width);
}

bool all_zero(const Expr& e, const Word& w) {
  std::vector<const FieldRef*> fs;
  collect_fields(e, fs);
  for (const FieldRef* f : fs)
    if (get_field(w, Field{f->field.start, f->effective()}) != 0) return false;
  return true;
}

bool decode_memory(const Expr& e, const Word& w, std::string& out) {
  std::string base;
  if (!decode(e.subs[0], w, base)) return false;
  out = "[" + base;
  if (e.has_offset) {
    std::string off;
    if (!decode(e.subs[1], w, off)) return false;
    if (off != "0" && off != "0x0") {
      if (off.size() > 1 && off[0] == '-') out += " - " + off.substr(1);
      else out += " + " + off;
    }
  }
  for (size_t k = 0; k < e.modifiers.size(); ++k) {
    if (all_zero(e.modifiers[k], w)) continue;
    std::string m;
    if (!decode(e.modifiers[k], w, m)) return false;
    out += ", " + e.modifier_names[k] + "=" + m;
  }
  out += "]";
  return true;
}

// Pattern templates: literal pieces around {i} placeholders.
struct Piece {
  std::string lit;  // whitespace stripped
  int operand = -1;
};

std::vector<Piece> parse_template(const std::string& t) {
  std::vector<Piece> out;
  std::string lit;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{') {
      const size_t close = t.find('}', i);
      out.push_back({strip_space(lit), -1});
      lit.clear();
      out.push_back({"", std::stoi(t.substr(i + 1, close - i - 1))});
      i = close;
    } else {
      lit += t[i];
    }
  }
  out.push_back({strip_space(lit), -1});
  return out;
}

// Every way to split `s` (whitespace stripped) along the pieces; each result
// maps operand index -> its text.
void match_pieces(const std::vector<Piece>& ps, size_t k, std::string_view s, std::vector<std::string_view>& cur,
                  std::vector<std::vector<std::string_view>>& out) {
  if (k == ps.size()) {
    if (s.empty()) out.push_back(cur);
    return;
  }
  const Piece& p = ps[k];
  if (p.operand < 0) {
    if (!s.starts_with(p.lit)) return;
    match_pieces(ps, k + 1, s.substr(p.lit.size()), cur, out);
    return;
  }
  // An operand: non-empty, followed by the next literal piece (if any).
  for (size_t len = 1; len <= s.size(); ++len) {
    cur[static_cast<size_t>(p.operand)] = s.substr(0, len);
    match_pieces(ps, k + 1, s.substr(len), cur, out);
  }
}

std::vector<Assignment> encode_pattern(const Expr& e, std::string_view text, uint32_t width, std::string* why) {
  const auto pieces = parse_template(e.text);
  const std::string s = strip_space(text);
  std::vector<std::string_view> cur(e.subs.size());
  std::vector<std::vector<std::string_view>> splits;
  match_pieces(pieces, 0, s, cur, splits);
  if (splits.empty()) say(why, "'{}' does not match {}", text, e.text);
  std::vector<Assignment> out;
  for (const auto& split : splits) {
    std::vector<std::vector<Assignment>> lists;
    bool ok = true;
    for (size_t i = 0; i < e.subs.size() && ok; ++i) {
      lists.push_back(encode(e.subs[i], split[i], width, why));
      ok = !lists.back().empty();
    }
    if (!ok) continue;
    for (auto& a : product(lists, width)) out.push_back(std::move(a));
  }
  drop_duplicates(out);
  return out;
}

bool decode_pattern(const Expr& e, const Word& w, std::string& out) {
  out.clear();
  const std::string& t = e.text;
  for (size_t i = 0; i < t.size(); ++i) {
    if (t[i] == '{') {
      const size_t close = t.find('}', i);
      const size_t k = static_cast<size_t>(std::stoi(t.substr(i + 1, close - i - 1)));
      std::string sub;
      if (!decode(e.subs[k], w, sub)) return false;
      out += sub;
      i = close;
    } else {
      out += t[i];
    }
  }
  return true;
}

}  // namespace

namespace ex {

Expr literal(std::string text) {
  Expr e;
  e.kind = ExprKind::Literal;
  e.text = std::move(text);
  return e;
}

Expr reg(std::string prefix, std::vector<FieldRef> fields, int64_t scale, int64_t offset) {
  Expr e;
  e.kind = ExprKind::Register;
  e.text = std::move(prefix);
  e.fields = std::move(fields);
  e.scale = scale;
  e.offset = offset;
  return e;
}

Expr named_reg(std::vector<std::string> names, std::vector<FieldRef> fields) {
  Expr e;
  e.kind = ExprKind::Register;
  e.names = std::move(names);
  e.fields = std::move(fields);
  return e;
}

Expr number(NumType type, std::vector<FieldRef> fields, Ext ext) {
  Expr e;
  e.kind = ExprKind::Number;
  e.type = type;
  e.fields = std::move(fields);
  e.ext = ext;
  return e;
}

Expr constant(NumType type, uint64_t value) {
  Expr e;
  e.kind = ExprKind::Number;
  e.type = type;
  e.constant = value;
  return e;
}

Expr choice(FieldRef selector, std::vector<std::pair<uint64_t, Expr>> alternatives) {
  Expr e;
  e.kind = ExprKind::Choice;
  selector.consumed = false;
  e.fields = {std::move(selector)};
  for (auto& [v, x] : alternatives) {
    e.selectors.push_back(v);
    e.subs.push_back(std::move(x));
  }
  return e;
}

Expr memory(Expr base, std::vector<std::pair<std::string, Expr>> modifiers) {
  Expr e;
  e.kind = ExprKind::Memory;
  e.subs.push_back(std::move(base));
  for (auto& [n, m] : modifiers) {
    e.modifier_names.push_back(std::move(n));
    e.modifiers.push_back(std::move(m));
  }
  return e;
}

Expr memory(Expr base, Expr offset, std::vector<std::pair<std::string, Expr>> modifiers) {
  Expr e = memory(std::move(base), std::move(modifiers));
  e.has_offset = true;
  e.subs.push_back(std::move(offset));
  return e;
}

Expr table(std::vector<TableEntry> entries) {
  Expr e;
  e.kind = ExprKind::Table;
  e.table = std::move(entries);
  return e;
}

Expr pattern(std::string templ, std::vector<Expr> operands) {
  Expr e;
  e.kind = ExprKind::Pattern;
  e.text = std::move(templ);
  e.subs = std::move(operands);
  return e;
}

}  // namespace ex

std::vector<Assignment> encode(const Expr& e, std::string_view text, uint32_t width, std::string* why) {
  text = trim(text);
  switch (e.kind) {
    case ExprKind::Literal:
      if (strip_space(text) == strip_space(e.text)) return {Assignment(width)};
      say(why, "expected '{}', not '{}'", e.text, text);
      return {};
    case ExprKind::Register: return encode_register(e, text, width, why);
    case ExprKind::Number: return encode_number(e, text, width, why);
    case ExprKind::Choice: {
      // The reason given is that of the first alternative that is not a
      // constant (a value that does not fit says more than "is not 0").
      std::vector<Assignment> out;
      std::string reason;
      bool reason_from_constant = true;
      for (size_t i = 0; i < e.subs.size(); ++i) {
        std::string w;
        auto cands = encode(e.subs[i], text, width, why && why->empty() ? &w : nullptr);
        const bool constant = e.subs[i].kind == ExprKind::Number && e.subs[i].fields.empty();
        if (cands.empty() && !w.empty() && (reason.empty() || (reason_from_constant && !constant))) {
          reason = std::move(w);
          reason_from_constant = constant;
        }
        for (auto& a : cands) {
          if (!a.set(e.fields[0].field, e.selectors[i])) continue;
          out.push_back(std::move(a));
        }
      }
      if (out.empty()) say(why, reason);
      drop_duplicates(out);
      return out;
    }
    case ExprKind::Memory: return encode_memory(e, text, width, why);
    case ExprKind::Table: {
      std::vector<Assignment> out;
      const std::string s = strip_space(text);
      for (const auto& t : e.table) {
        if (strip_space(t.text) != s) continue;
        Assignment a(width);
        bool ok = true;
        for (const auto& [f, v] : t.values) ok = ok && a.set(Field{f.field.start, f.effective()}, v);
        if (ok) out.push_back(std::move(a));
      }
      if (out.empty()) say(why, "'{}' is not one of the accepted texts", text);
      drop_duplicates(out);
      return out;
    }
    case ExprKind::Pattern: return encode_pattern(e, text, width, why);
  }
  return {};
}

bool decode(const Expr& e, const Word& w, std::string& out) {
  switch (e.kind) {
    case ExprKind::Literal: out = e.text; return true;
    case ExprKind::Register: return decode_register(e, w, out);
    case ExprKind::Number: return decode_number(e, w, out);
    case ExprKind::Choice: {
      const uint64_t sel = get_field(w, e.fields[0].field);
      for (size_t i = 0; i < e.subs.size(); ++i)
        if (e.selectors[i] == sel) return decode(e.subs[i], w, out);
      return false;
    }
    case ExprKind::Memory: return decode_memory(e, w, out);
    case ExprKind::Table:
      for (const auto& t : e.table) {
        bool ok = true;
        for (const auto& [f, v] : t.values) ok = ok && get_field(w, Field{f.field.start, f.effective()}) == v;
        if (ok) {
          out = t.text;
          return true;
        }
      }
      return false;
    case ExprKind::Pattern: return decode_pattern(e, w, out);
  }
  return false;
}

void collect_fields(const Expr& e, std::vector<const FieldRef*>& out) {
  for (const auto& f : e.fields) out.push_back(&f);
  for (const auto& s : e.subs) collect_fields(s, out);
  for (const auto& m : e.modifiers) collect_fields(m, out);
  for (const auto& t : e.table)
    for (const auto& [f, v] : t.values) out.push_back(&f);
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

std::string strip_space(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

std::vector<std::string_view> split_top(std::string_view s, char sep) {
  std::vector<std::string_view> out;
  s = trim(s);
  if (s.empty()) return out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == sep && depth == 0) {
      out.push_back(trim(s.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(s.substr(start)));
  return out;
}

}  // namespace mlisa::as
