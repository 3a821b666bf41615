// The single-word assembler, decoder and printer (word_isa.hpp).
#include "targets/word_isa.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <cctype>
#include <charconv>
#include <functional>

namespace mlisa::targets {

namespace {

using Item = WordTemplate::Item;
using spec::Bits;
using spec::Encoding;
using spec::OperandMap;

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Lower case, whitespace runs as one space, no space next to , [ ] #.
std::string normalise(std::string_view s) {
  std::string t;
  bool space = false;
  for (char c : s) {
    if (std::isspace(static_cast<unsigned char>(c))) {
      space = true;
      continue;
    }
    if (space && !t.empty()) t += ' ';
    space = false;
    t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  if (space) t += ' ';  // kept: a literal may end with the space before an operand
  std::string out;
  for (size_t i = 0; i < t.size(); ++i) {
    auto sticky = [](char c) { return c == ',' || c == '[' || c == ']' || c == '#'; };
    if (t[i] == ' ' && ((i + 1 < t.size() && sticky(t[i + 1])) || (!out.empty() && sticky(out.back())))) continue;
    out += t[i];
  }
  return out;
}

[[noreturn]] void fail_at(const spec::TargetSpec& ts, const spec::Loc& loc, const std::string& msg) {
  SourceLocation where;
  where.file = ts.sources().name(loc.file);
  where.line = static_cast<int>(loc.line);
  where.col = static_cast<int>(loc.col);
  where.text = ts.sources().line_text(loc);
  throw InputError(std::move(where), msg);
}

std::vector<Item> parse_template(std::string_view t, size_t& i, bool nested) {
  std::vector<Item> items;
  std::string lit;
  auto flush = [&] {
    if (!lit.empty()) items.push_back({Item::Kind::Lit, normalise(lit), {}});
    lit.clear();
  };
  while (i < t.size()) {
    const char c = t[i];
    if (c == '}' && nested) {
      ++i;
      break;
    }
    if (c == '{') {
      flush();
      // A brace that begins with a space and holds a dash is a register list.
      const size_t close = t.find('}', i);
      const std::string_view body = close == std::string_view::npos ? std::string_view() : t.substr(i + 1, close - i - 1);
      if (!body.empty() && body[0] == ' ' && body.find('-') != std::string_view::npos && body.find('<') != std::string_view::npos) {
        const size_t lt = body.find('<'), gt = body.find('>', lt), dash = body.find('-', gt);
        Item list{Item::Kind::List, std::string(body.substr(lt + 1, gt - lt - 1)), {}};
        list.items.push_back({Item::Kind::Lit, normalise(body.substr(gt + 1, dash - gt - 1)), {}});
        items.push_back(std::move(list));
        i = close + 1;
        continue;
      }
      ++i;
      items.push_back({Item::Kind::Optional, "", parse_template(t, i, true)});
      continue;
    }
    if (c == '<') {
      flush();
      const size_t e = t.find('>', i);
      items.push_back({Item::Kind::Operand, std::string(t.substr(i + 1, e - i - 1)), {}});
      i = e + 1;
      continue;
    }
    lit += c;
    ++i;
  }
  flush();
  return items;
}

// The word bits of FIELDS, most significant first; -1 for a literal bit
// (its value in `lits`).
struct BitMap {
  std::vector<int> pos;
  std::vector<bool> lit;
};

BitMap bitmap(const Encoding& enc, const spec::FieldConcat& fc) {
  BitMap m;
  for (const auto& p : fc.parts) {
    if (p.field.empty()) {
      for (uint32_t k = p.literal.width(); k-- > 0;) {
        m.pos.push_back(-1);
        m.lit.push_back(p.literal.bit(k));
      }
      continue;
    }
    const spec::EncodingField* f = enc.field(p.field);
    for (uint32_t k = f->width; k-- > 0;) {
      m.pos.push_back(static_cast<int>(f->lo + k));
      m.lit.push_back(false);
    }
  }
  return m;
}

uint64_t read_bits(const BitMap& m, const Bits& word) {
  uint64_t v = 0;
  for (size_t i = 0; i < m.pos.size(); ++i) v = v << 1 | (m.pos[i] < 0 ? m.lit[i] : word.bit(static_cast<uint32_t>(m.pos[i])));
  return v;
}

struct State {
  Bits mask, value;
  // Assigns bit k (from the least significant) of raw to the bits of m;
  // false on a conflict or a literal bit that differs.
  bool assign(const BitMap& m, uint64_t raw, const Bits* care = nullptr) {
    const size_t n = m.pos.size();
    for (size_t i = 0; i < n; ++i) {
      const uint32_t k = static_cast<uint32_t>(n - 1 - i);
      if (care && !care->bit(k)) continue;
      const bool b = k < 64 && ((raw >> k) & 1);
      if (m.pos[i] < 0) {
        if (m.lit[i] != b) return false;
        continue;
      }
      const uint32_t p = static_cast<uint32_t>(m.pos[i]);
      if (mask.bit(p) && value.bit(p) != b) return false;
      mask.set_bit(p, true);
      value.set_bit(p, b);
    }
    return true;
  }
};

const OperandMap* find_op(const Encoding& enc, const std::string& name) {
  for (const auto& o : enc.operands)
    if (o.name == name) return &o;
  return nullptr;
}

int reg_number(const std::string& cls, std::string_view tok) {
  const std::string c = lower(cls);
  if (c == "r") {
    if (tok == "sp") return 13;
    if (tok == "lr") return 14;
    if (tok == "pc") return 15;
  }
  if (tok.size() <= c.size() || tok.substr(0, c.size()) != c) return -1;
  int n = 0;
  for (char ch : tok.substr(c.size())) {
    if (!std::isdigit(static_cast<unsigned char>(ch))) return -1;
    n = n * 10 + (ch - '0');
    if (n > 1000) return -1;
  }
  return n;
}

std::string reg_name(const std::string& cls, int64_t n) {
  const std::string c = lower(cls);
  if (c == "r" && n == 13) return "sp";
  if (c == "r" && n == 14) return "lr";
  if (c == "r" && n == 15) return "pc";
  return fmt::format("{}{}", c, n);
}

}  // namespace

WordIsa::WordIsa(const spec::TargetSpec& ts, const spec::BuiltinTable& builtins)
    : spec_(ts), engine_(ts.module(), builtins) {
  engine_.sources = &ts.sources();
  engine_.reset_globals();
  static const std::set<std::string> kinds = {"reg", "imm", "simm", "table", "list"};
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) {
      for (const auto& op : enc.operands)
        if (!kinds.count(op.kind))
          fail_at(ts, op.loc, fmt::format("operand kind '{}' is not supported by the single-word assembler", op.kind));
      for (size_t k = 0; k < enc.syntax.size(); ++k) {
        WordTemplate t;
        t.inst = &inst;
        t.enc = &enc;
        t.syntax = k;
        size_t i = 0;
        t.items = parse_template(enc.syntax[k], i, false);
        templates_.push_back(std::move(t));
      }
    }
}

std::string WordIsa::decode_verdict(const Encoding& enc, const Bits& word) const {
  std::vector<spec::Value> frame = spec_.frame_for(enc, word);
  try {
    engine_.run({&enc.decode}, frame);
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    switch (e.kind) {
      case K::Undefined: return "UNDEFINED";
      case K::Unpredictable: return "UNPREDICTABLE";
      case K::ConstrainedUnpredictable: return "CONSTRAINED UNPREDICTABLE";
      case K::See: return fmt::format("SEE {}", e.detail);
      case K::Nop: return "";
      case K::Exception: return e.detail.empty() ? "an exception" : e.detail;
    }
  } catch (const spec::ExecutionError& e) {
    return e.format(spec_.sources());
  }
  return "";
}

WordIsa::Assembled WordIsa::assemble(const std::string& text) const {
  const std::string in = normalise(text);
  std::string trimmed = in;
  while (!trimmed.empty() && trimmed.back() == ' ') trimmed.pop_back();
  std::string refusal;
  for (const WordTemplate& t : templates_) {
    const Encoding& enc = *t.enc;
    std::optional<Assembled> found;
    // Depth-first over the items; `rest` is the remaining sequence.
    std::function<void(std::vector<const Item*>, size_t, State)> go = [&](std::vector<const Item*> rest, size_t pos,
                                                                         State st) {
      if (found) return;
      if (rest.empty()) {
        if (pos != trimmed.size()) return;
        Bits w = enc.fixed_value | enc.should_value | st.value;
        const std::string v = decode_verdict(enc, w);
        if (v.empty()) found = Assembled{t.inst, &enc, w};
        else if (refusal.empty()) refusal = fmt::format("it encodes as {} ({} {})", v, t.inst->name, enc.name);
        return;
      }
      const Item* it = rest.front();
      std::vector<const Item*> tail(rest.begin() + 1, rest.end());
      auto next = [&](size_t p, const State& s) { go(tail, p, s); };
      std::string_view s = std::string_view(trimmed).substr(pos);
      switch (it->kind) {
        case Item::Kind::Lit:
          if (s.substr(0, it->text.size()) == it->text) next(pos + it->text.size(), st);
          // A trailing space of a literal before an operand is optional
          // when the operand follows punctuation.
          return;
        case Item::Kind::Optional: {
          std::vector<const Item*> with;
          for (const Item& x : it->items) with.push_back(&x);
          with.insert(with.end(), tail.begin(), tail.end());
          go(with, pos, st);
          next(pos, st);
          return;
        }
        case Item::Kind::Operand: break;
        case Item::Kind::List: {
          const OperandMap* op = find_op(enc, it->text);
          if (!op || op->kind != "list") return;
          const std::string& suffix = it->items.front().text;
          size_t p = 0;
          auto skip_space = [&] {
            if (p < s.size() && s[p] == ' ') ++p;
          };
          auto reg = [&]() -> int {
            size_t len = 0;
            while (p + len < s.size() && std::isalnum(static_cast<unsigned char>(s[p + len]))) ++len;
            const int n = reg_number(op->reg_class, s.substr(p, len));
            if (n < 0 || n > 31 || s.substr(p + len, suffix.size()) != suffix) return -1;
            p += len + suffix.size();
            return n;
          };
          if (s.empty() || s[0] != '{') return;
          ++p;
          skip_space();
          std::vector<int> regs;
          const int first = reg();
          if (first < 0) return;
          regs.push_back(first);
          skip_space();
          if (p < s.size() && s[p] == '-') {
            ++p;
            skip_space();
            const int last = reg();
            if (last < 0) return;
            for (int r = first; r != last && regs.size() <= 32;) regs.push_back(r = (r + static_cast<int>(op->stride)) % 32);
          } else {
            while (p < s.size() && s[p] == ',') {
              ++p;
              skip_space();
              const int r = reg();
              if (r < 0 || r != (regs.back() + static_cast<int>(op->stride)) % 32) return;
              regs.push_back(r);
            }
          }
          skip_space();
          if (p >= s.size() || s[p] != '}' || regs.size() != op->count) return;
          ++p;
          int64_t raw = first - op->offset;
          if (raw < 0 || raw % op->scale) return;
          raw /= op->scale;
          const BitMap m = bitmap(enc, op->fields);
          if (m.pos.size() < 63 && raw >> m.pos.size()) return;
          State st2 = st;
          if (st2.assign(m, static_cast<uint64_t>(raw))) next(pos + p, st2);
          return;
        }
      }
      const std::string& name = it->text;
      if (name == "c") return next(pos, st);
      if (name == "q") {
        next(pos, st);
        if (s.substr(0, 2) == ".w" && enc.width == 32) next(pos + 2, st);
        if (s.substr(0, 2) == ".n" && enc.width == 16) next(pos + 2, st);
        return;
      }
      if (name == "v") {
        next(pos, st);
        if (!s.empty() && (s[0] == 't' || s[0] == 'e')) next(pos + 1, st);
        return;
      }
      const OperandMap* op = find_op(enc, name);
      if (!op) return;
      const BitMap m = bitmap(enc, op->fields);
      if (op->kind == "table") {
        for (const auto& [pat, spelling] : op->table) {
          const std::string sp = lower(spelling);
          if (s.substr(0, sp.size()) != sp) continue;
          State st2 = st;
          if (st2.assign(m, pat.value.low64(), &pat.care)) next(pos + sp.size(), st2);
        }
        return;
      }
      // A register or number token.
      size_t len = 0;
      if (op->kind == "reg") {
        while (len < s.size() && (std::isalnum(static_cast<unsigned char>(s[len])) || s[len] == '_')) ++len;
        const int n = reg_number(op->reg_class, s.substr(0, len));
        if (n < 0) return;
        int64_t raw = n - op->offset;
        if (raw < 0 || raw % op->scale) return;
        raw /= op->scale;
        if (m.pos.size() < 63 && raw >> m.pos.size()) return;
        State st2 = st;
        if (st2.assign(m, static_cast<uint64_t>(raw))) next(pos + len, st2);
        return;
      }
      // imm, simm
      bool neg = false;
      if (len < s.size() && s[len] == '-') neg = true, ++len;
      const size_t start = len;
      int base = 10;
      if (s.substr(len, 2) == "0x") base = 16, len += 2;
      const size_t digits = len;
      while (len < s.size() && std::isxdigit(static_cast<unsigned char>(s[len])) && (base == 16 || std::isdigit(static_cast<unsigned char>(s[len])))) ++len;
      if (len == digits) return;
      uint64_t mag = 0;
      auto r = std::from_chars(s.data() + digits, s.data() + len, mag, base);
      if (r.ec != std::errc()) return;
      (void)start;
      int64_t v = neg ? -static_cast<int64_t>(mag) : static_cast<int64_t>(mag);
      int64_t raw = v - op->offset;
      if (raw % op->scale) return;
      raw /= op->scale;
      const size_t w = m.pos.size();
      if (op->kind == "imm") {
        if (raw < 0 || (w < 63 && raw >> w)) return;
      } else if (w < 63 && (raw < -(int64_t{1} << (w - 1)) || raw >= (int64_t{1} << (w - 1)))) {
        return;
      }
      State st2 = st;
      if (st2.assign(m, static_cast<uint64_t>(raw) & (w >= 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1)))
        next(pos + len, st2);
    };
    std::vector<const Item*> seq;
    for (const Item& x : t.items) seq.push_back(&x);
    go(seq, 0, State{Bits::zeros(enc.width), Bits::zeros(enc.width)});
    if (found) return *found;
  }
  if (!refusal.empty()) throw InputError(fmt::format("cannot assemble '{}': {}", text, refusal));
  throw InputError(fmt::format("cannot assemble '{}': no {} instruction has this syntax", text, spec_.target()));
}

const Encoding* WordIsa::decode(const Bits& word, const spec::InstructionSpec** inst, std::string* why) const {
  std::string last = "UNDEFINED (no encoding matches)";
  for (const auto& in : spec_.instructions())
    for (const auto& enc : in.encodings) {
      if (enc.width != word.width() || !enc.matches(word)) continue;
      const std::string v = decode_verdict(enc, word);
      if (v.empty()) {
        if (inst) *inst = &in;
        return &enc;
      }
      if (v.rfind("SEE", 0) != 0) last = fmt::format("{} ({} {})", v, in.name, enc.name);
    }
  if (why) *why = last;
  return nullptr;
}

std::string WordIsa::print(const Encoding& enc, const Bits& word) const {
  for (const WordTemplate& t : templates_) {
    if (t.enc != &enc) continue;
    std::string out;
    bool ok = true;
    for (const Item& it : t.items) {
      if (it.kind == Item::Kind::Optional) continue;
      if (it.kind == Item::Kind::Lit) {
        out += it.text;
        continue;
      }
      const OperandMap* op = find_op(enc, it.text);
      if (!op) continue;
      if (it.kind == Item::Kind::List) {
        // llvm-mc's style: a range when the list does not wrap and has more
        // than two registers, else the registers one by one.
        const int64_t first = static_cast<int64_t>(read_bits(bitmap(enc, op->fields), word)) * op->scale + op->offset;
        const std::string& suffix = it.items.front().text;
        const int64_t last = (first + static_cast<int64_t>(op->stride) * (op->count - 1)) % 32;
        if (op->count > 2 && op->stride == 1 && last > first) {
          out += fmt::format("{{ {}{} - {}{} }}", reg_name(op->reg_class, first), suffix, reg_name(op->reg_class, last), suffix);
        } else {
          out += "{ ";
          for (uint32_t k = 0; k < op->count; ++k)
            out += fmt::format("{}{}{}", k ? "," : "", reg_name(op->reg_class, (first + static_cast<int64_t>(op->stride) * k) % 32), suffix);
          out += " }";
        }
        continue;
      }
      const BitMap m = bitmap(enc, op->fields);
      const uint64_t raw = read_bits(m, word);
      if (op->kind == "table") {
        bool hit = false;
        for (const auto& [pat, spelling] : op->table)
          if (pat.matches(Bits(static_cast<uint32_t>(m.pos.size()), raw))) {
            out += lower(spelling);
            hit = true;
            break;
          }
        if (!hit) ok = false;
      } else if (op->kind == "reg") {
        out += reg_name(op->reg_class, static_cast<int64_t>(raw) * op->scale + op->offset);
      } else if (op->kind == "simm") {
        const size_t w = m.pos.size();
        int64_t v = static_cast<int64_t>(raw);
        if (w < 64 && (raw >> (w - 1)) & 1) v -= int64_t{1} << w;
        out += fmt::format("{}", v * op->scale + op->offset);
      } else {
        out += fmt::format("{}", static_cast<int64_t>(raw) * op->scale + op->offset);
      }
      if (!ok) break;
    }
    if (!ok) continue;
    std::string pretty;
    for (char c : out) {
      pretty += c;
      if (c == ',') pretty += ' ';
    }
    return pretty;
  }
  return "";
}

std::vector<uint8_t> WordIsa::t32_bytes(const Bits& word) {
  const uint64_t v = word.low64();
  if (word.width() == 16) return {static_cast<uint8_t>(v), static_cast<uint8_t>(v >> 8)};
  return {static_cast<uint8_t>(v >> 16), static_cast<uint8_t>(v >> 24), static_cast<uint8_t>(v),
          static_cast<uint8_t>(v >> 8)};
}

}  // namespace mlisa::targets
