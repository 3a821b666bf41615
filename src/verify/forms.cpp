#include "core/hash.hpp"
#include "verify/forms.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdlib>
#include <set>

namespace mlisa::verify::forms {

namespace {

std::string slug(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    else if (!out.empty() && out.back() != '_')
      out += '_';
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; }

// The text with its first operand token that `with` gives a replacement
// for (a register name, an immediate after '#') replaced, or "" when `with`
// gives none ("").
template <class With>
std::string replace_first_token(const std::string& text, With with) {
  // Skip the mnemonic: its suffixes (.i32, eq) are not operands.
  size_t i = text.find(' ');
  while (i != std::string::npos && i < text.size()) {
    while (i < text.size() && !word_char(text[i]) && text[i] != '#' && text[i] != '-') ++i;
    size_t j = i;
    if (j < text.size() && (text[j] == '#' || text[j] == '-')) ++j;
    while (j < text.size() && word_char(text[j])) ++j;
    if (j == i) {
      ++i;
      continue;
    }
    const std::string tok = text.substr(i, j - i);
    if (const std::string by = with(tok); !by.empty()) return text.substr(0, i) + by + text.substr(j);
    i = j;
  }
  return "";
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (!std::isdigit(static_cast<unsigned char>(c))) return false;
  return true;
}

// A register of a numbered file (r0-r12, q0-q7, s0-s31, d0-d15; x, w, z, p)
// and the number one past its file's end.
std::string out_of_range_register(const std::string& tok, bool t32) {
  if (tok.size() < 2) return "";
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(tok[0])));
  // A64 vector registers carry an element suffix (z3.s): keep it.
  const size_t dot = tok.find('.');
  const std::string num = tok.substr(1, dot == std::string::npos ? std::string::npos : dot - 1);
  const std::string suffix = dot == std::string::npos ? "" : tok.substr(dot);
  if (!all_digits(num)) return "";
  const char* t32_files = "rqsd";
  const char* a64_files = "xwzp";
  if (std::string_view(t32 ? t32_files : a64_files).find(c) == std::string_view::npos) return "";
  int past = 0;
  switch (c) {
    case 'r': past = 16; break;
    case 'q': past = 8; break;
    case 's': past = 32; break;
    case 'd': past = 32; break;
    case 'x': past = 32; break;
    case 'w': past = 32; break;
    case 'z': past = 32; break;
    case 'p': past = 16; break;
    default: return "";
  }
  return fmt::format("{}{}{}", c, past, suffix);
}

// A register of another file, same number (r3 -> q3, q3 -> s3, s3 -> r3,
// d3 -> q3; x3 -> z3, w3 -> z3, z3 -> x3, p3 -> z3), or "".
std::string other_class_register(const std::string& tok, bool t32) {
  if (tok.size() < 2) return "";
  const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(tok[0])));
  const size_t dot = tok.find('.');
  const std::string num = tok.substr(1, dot == std::string::npos ? std::string::npos : dot - 1);
  char to = 0;
  if (t32) to = c == 'r' ? 'q' : c == 'q' ? 's' : c == 's' ? 'r' : c == 'd' ? 'q' : 0;
  else to = c == 'x' || c == 'w' || c == 'p' ? 'z' : c == 'z' ? 'x' : 0;
  // A register file's letter first (`-9223...` is an immediate), then a number
  // short enough for stoi.
  if (!to || !all_digits(num) || num.size() > 9 || std::stoi(num) > 7) return "";
  return std::string(1, to) + num;
}

// An integer immediate (#12, #-4, #0x1f) out of every field's reach.
std::string out_of_range_immediate(const std::string& tok) {
  if (tok.size() < 2 || tok[0] != '#') return "";
  std::string_view v(tok);
  v.remove_prefix(1);
  if (!v.empty() && v[0] == '-') v.remove_prefix(1);
  const bool hex = v.size() > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X');
  return hex || all_digits(v) ? "#1048577" : "";
}

}  // namespace

std::string form_id(const spec::InstructionSpec& inst, const spec::Encoding& enc) {
  return slug(inst.name) + "." + slug(enc.name);
}

uint64_t draw_word(const spec::Encoding& enc, mve::Rng& r) {
  const uint64_t fixed_mask = enc.fixed_mask.low64(), fixed = enc.fixed_value.low64();
  const uint64_t should_mask = enc.should_mask.low64(), should = enc.should_value.low64();
  const uint64_t all = enc.width >= 64 ? ~0ull : (1ull << enc.width) - 1;
  uint64_t w = 0;
  for (const auto& f : enc.fields) {
    const uint64_t m = f.width >= 64 ? ~0ull : (1ull << f.width) - 1;
    const uint64_t pick = r.below(4);
    const uint64_t v = pick == 1 ? r.below(4) : pick == 2 ? m : r.next();
    w |= (v & m) << f.lo;
  }
  return ((w & ~fixed_mask & ~should_mask) | fixed | should) & all;
}

Forms generate(const as::WordIsa& isa, const Options& o) {
  Forms out;
  const bool t32 = isa.rules().name() == "t32";
  as::PrintContext outside;
  outside.name_target = [&](uint64_t target) -> std::optional<std::string> {
    int64_t off = static_cast<int64_t>(target) - isa.rules().pc_offset();
    if (t32) off = static_cast<int32_t>(static_cast<uint32_t>(off));
    return fmt::format("#{}", off);
  };
  as::PrintContext inside = outside;
  inside.in_block = true;
  inside.block_cond = "eq";
  for (const auto& inst : isa.spec().instructions()) {
    for (const auto& enc : inst.encodings) {
      ++out.encodings;
      const std::string id = form_id(inst, enc);
      // Seeded by the form's id, so that a page added elsewhere changes no other's forms.
      mve::Rng r{mve::mix(o.seed ^ fnv1a(id))};
      std::set<std::string> seen;
      size_t kept = 0;
      const size_t first = out.good.size();
      for (unsigned d = 0; d < o.draws && kept < o.per_encoding; ++d) {
        const uint64_t w = draw_word(enc, r);
        const spec::Bits bits(enc.width, w);
        if (isa.decode(bits) != &enc || !isa.assembles(enc, bits)) continue;
        Form f{&inst, &enc, id, {}, 0, w};
        std::string text = isa.print(enc, bits, outside);
        if (text.empty() && t32) {
          text = isa.print(enc, bits, inside);
          if (text.empty()) continue;
          f.lines.push_back("it eq");
          f.main = 1;
        }
        if (text.empty() || !seen.insert(text).second) continue;
        f.lines.push_back(text);
        const as::TargetRules::Block block = isa.rules().opens(inst, enc, bits);
        for (const std::string& c : block.conds) f.lines.push_back("nop" + c);
        for (char p : block.preds) f.lines.push_back(fmt::format("vadd{}.i32 q0, q0, q0", p));
        // A64's MOVPRFX prefixes the next instruction, which llvm-mc-19 requires to be
        // a destructive one writing its destination: a merging ABS from another
        // register, after a predicated MOVPRFX under its predicate at its element size.
        if (text.rfind("movprfx z", 0) == 0) {
          const int zd = std::atoi(text.c_str() + 9);
          std::string size = "d", pg = "0";
          if (const size_t p = text.find(", p"); p != std::string::npos) {
            size = text.substr(text.find('.') + 1, 1);
            pg = text.substr(p + 3, text.find('/', p) - p - 3);
          }
          f.lines.push_back(fmt::format("abs z{}.{}, p{}/m, z{}.{}", zd, size, pg, (zd + 1) % 32, size));
        }
        out.good.push_back(std::move(f));
        ++kept;
      }
      if (kept == 0) {
        out.uncovered.push_back(id);
        continue;
      }
      // Bad lines from the first form (outside an IT block only).
      const Form& f = out.good[first];
      if (f.main != 0) continue;
      const std::string& text = f.lines[0];
      const std::string bad_reg =
          replace_first_token(text, [&](const std::string& tok) { return out_of_range_register(tok, t32); });
      if (!bad_reg.empty()) out.bad.push_back({id, bad_reg, "register out of range"});
      const std::string other =
          replace_first_token(text, [&](const std::string& tok) { return other_class_register(tok, t32); });
      if (!other.empty()) out.bad.push_back({id, other, "register of another class"});
      const std::string bad_imm = replace_first_token(text, out_of_range_immediate);
      if (!bad_imm.empty()) out.bad.push_back({id, bad_imm, "immediate out of range"});
      if (bad_reg.empty() && bad_imm.empty() && text.find(' ') == std::string::npos)
        out.bad.push_back({id, text + " #1048577", "extra operand"});
    }
  }
  return out;
}

std::string good_source(const as::WordIsa& isa, const Forms& f, bool labels) {
  const std::string comment = isa.rules().comment();
  std::string out = isa.rules().listing_preamble();
  for (size_t i = 0; i < f.good.size(); ++i) {
    const Form& form = f.good[i];
    if (labels) out += fmt::format("f{}:\n", i);
    for (size_t l = 0; l < form.lines.size(); ++l) {
      if (l == form.main)
        out += fmt::format("\t{:<40} {} {} 0x{:0{}x}\n", form.lines[l], comment, form.id, form.word, form.enc->width / 4);
      else
        out += fmt::format("\t{}\n", form.lines[l]);
    }
  }
  return out;
}

std::string bad_source(const as::WordIsa& isa, const Forms& f) {
  const std::string comment = isa.rules().comment();
  std::string out;
  for (const BadLine& b : f.bad) out += fmt::format("\t{:<40} {} {}: {}\n", b.line, comment, b.id, b.why);
  return out;
}

}  // namespace mlisa::verify::forms
