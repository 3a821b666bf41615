#include "asm/export.hpp"

#include "core/parallel.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace mlisa::as {

namespace {

bool region_differs(const Word& word, const Word& empty, const Word& region) {
  const uint32_t n = (region.width() + 63) / 64;
  for (uint32_t i = 0; i < n; ++i)
    if ((word.word(i) ^ empty.word(i)) & region.word(i)) return true;
  return false;
}

std::string value_text(const Symbols& symbols, uint64_t v) {
  if (symbols.empty()) return fmt::format("0x{:x}", v);
  for (const auto& [k, s] : symbols)
    if (k == v) return s;
  return "";  // no named encoding
}

bool reproduces(const std::optional<Solution>& s, const Word& word) {
  return s && s->word.width() == word.width() && s->word == word;
}

}  // namespace

std::vector<DecodedInsn> decode_bundle(const Isa& isa, const Word& word) {
  if (isa.single_slot()) {
    const auto& forms = isa.forms();
    const bool ok = std::any_of(forms.begin(), forms.end(), [&](const Form& f) { return f.width == word.width(); });
    if (!ok) throw InputError(fmt::format("a word of {} bits is no instruction of {}", word.width(), isa.name()));
  } else if (word.width() != isa.width()) {
    throw InputError(fmt::format("a {} bundle has {} bits, not {}", isa.name(), isa.width(), word.width()));
  }
  const Word w = resize(word, isa.width());
  // The word as a candidate's bits, for the target's verdict (Isa::verdict).
  const Assignment bits = isa.verdict() ? every_bit(w, isa.width(), isa.width()) : Assignment(isa.width());
  std::vector<DecodedInsn> out;
  for (size_t si = 0; si < isa.slots().size(); ++si) {
    const Slot& s = isa.slots()[si];
    if (s.has_predicate() && !region_differs(w, isa.empty_word(), s.region)) continue;
    DecodedInsn d;
    d.slot = static_cast<int>(si);
    d.predicate = s.has_predicate() ? get_field(w, s.def.predicate) : 0;
    if (s.has_predicate() && d.predicate == s.def.never)
      throw InputError(fmt::format("slot {} is occupied but its predicate is NEVER", s.def.name));
    bool found = false;
    std::string refused;  // the target's verdict on a form whose fixed bits match
    for (int fi : s.forms) {
      const Form& f = isa.forms()[static_cast<size_t>(fi)];
      if (f.width != word.width() || !f.fixed.matches(w)) continue;
      if (isa.verdict())
        if (std::string v = isa.verdict()(f, bits); !v.empty()) {
          if (refused.empty()) refused = std::move(v);
          continue;
        }
      for (int sgi : f.signatures) {
        const Signature& sig = isa.signatures()[static_cast<size_t>(sgi)];
        if (!sig.fixed.matches(w)) continue;
        std::vector<std::string> ops;
        bool ok = true;
        for (const TextOperand& op : sig.def.operands) {
          std::string t;
          ok = ok && print(sig.def.kinds, op, w, t);
          ops.push_back(std::move(t));
        }
        if (!ok) continue;
        d.form = fi;
        d.signature = sgi;
        d.text = (s.has_predicate() && d.predicate != s.def.always)
                     ? fmt::format("({}{}) ", s.def.pred_prefix, d.predicate)
                     : std::string();
        d.text += sig.def.mnemonic;
        if (!ops.empty()) d.text += fmt::format(" {}", fmt::join(ops, ", "));
        found = true;
        break;
      }
      if (found) break;
    }
    if (!found && !refused.empty()) throw InputError(fmt::format("slot {}: {}", s.def.name, refused));
    if (!found) throw InputError(fmt::format("slot {}: unsupported instruction form", s.def.name));
    out.push_back(std::move(d));
  }
  return out;
}

BundleText bundle_text(const Isa& isa, const std::vector<DecodedInsn>& insns) {
  BundleText b;
  for (const auto& d : insns) b.insns.push_back({isa.slots()[static_cast<size_t>(d.slot)].def.name, d.text, {}});
  return b;
}

std::vector<ConstraintText> named_constraints(const Isa& isa, const std::vector<DecodedInsn>& insns, const Word& word) {
  const Word w = resize(word, isa.width());
  std::vector<ConstraintText> out;
  std::vector<bool> reached(isa.globals().size(), false);
  for (const auto& d : insns)
    for (int g : isa.forms()[static_cast<size_t>(d.form)].globals) reached[static_cast<size_t>(g)] = true;
  for (size_t g = 0; g < reached.size(); ++g) {
    if (!reached[g]) continue;
    const GlobalDef& gd = isa.globals()[g].def;
    const uint64_t v = get_field(w, gd.field);
    out.push_back({gd.name, value_text(gd.symbols, v), {}, v});
  }
  for (const auto& d : insns) {
    const Form& f = isa.forms()[static_cast<size_t>(d.form)];
    const std::string& slot = isa.slots()[static_cast<size_t>(d.slot)].def.name;
    if (f.def.opcode_field.empty()) out.push_back({slot + ".form", f.def.name, {}, std::nullopt});
    for (const auto& fd : f.def.fields) {
      if (!fd.named) continue;
      const uint64_t v = get_field(w, fd.field);
      const std::string name = slot + "." + (fd.name == f.def.opcode_field ? std::string("opcode") : fd.name);
      out.push_back({name, value_text(fd.symbols, v), {}, v});
    }
  }
  std::stable_sort(out.begin(), out.end(), [](const ConstraintText& a, const ConstraintText& b) { return a.name < b.name; });
  return out;
}

namespace {

// export_bundle; *plain tells whether the text needs no constraints because
// assembling it as it stands (the solve below is that assembly) gives the word.
BundleText export_one(const Isa& isa, const Word& word, ExportMode mode, bool* plain) {
  const auto insns = decode_bundle(isa, word);
  BundleText b = bundle_text(isa, insns);
  if (mode == ExportMode::Canonical) return b;
  const Problem p = prepare(isa, b);
  if (reproduces(try_solve(p, {}), word)) {
    if (plain) *plain = true;
    return b;
  }
  std::vector<ConstraintText> cs = named_constraints(isa, insns, word);
  if (!reproduces(try_solve(p, cs), word)) throw InputError("named fields do not cover the original encoding");
  for (bool changed = true; changed;) {
    changed = false;
    for (size_t i = 0; i < cs.size();) {
      std::vector<ConstraintText> trial = cs;
      trial.erase(trial.begin() + static_cast<ptrdiff_t>(i));
      if (reproduces(try_solve(p, trial), word)) {
        cs = std::move(trial);
        changed = true;
      } else {
        ++i;
      }
    }
  }
  for (const auto& c : cs)
    if (c.value.empty()) throw InputError(fmt::format("{}: no named encoding for value 0x{:x}", c.name, c.raw.value_or(0)));
  for (auto& c : cs) c.raw.reset();  // the listing carries names only
  b.constraints = std::move(cs);
  return b;
}

bool same_text(const BundleText& a, const BundleText& b) {
  if (a.insns.size() != b.insns.size() || !a.constraints.empty() || !b.constraints.empty()) return false;
  for (size_t i = 0; i < a.insns.size(); ++i)
    if (a.insns[i].slot != b.insns[i].slot || a.insns[i].text != b.insns[i].text) return false;
  return true;
}

}  // namespace

BundleText export_bundle(const Isa& isa, const Word& word, ExportMode mode) { return export_one(isa, word, mode, nullptr); }

std::string export_listing(const Isa& isa, const std::vector<Word>& words, ExportMode mode) {
  // Each bundle on its own, on every core.
  std::vector<BundleText> bundles(words.size());
  std::vector<char> plain(words.size(), 0);
  parallel_for(words.size(), [&](size_t i) {
    try {
      bool p = false;
      bundles[i] = export_one(isa, words[i], mode, &p);
      plain[i] = p;
    } catch (const InputError& e) {
      throw InputError(fmt::format("bundle {} ({}): {}", i, words[i].to_hex(), e.message()));
    }
  });
  const std::string text = render_listing(isa, bundles);
  // The listing is parsed back. A bundle that reads back as the text the
  // exporter assembled without constraints is not assembled again: its word
  // is the original, as that assembly showed. Every other bundle is assembled.
  std::vector<Word> again;
  try {
    const std::vector<BundleText> parsed = parse_listing(isa, text, "<export>");
    again.resize(parsed.size());
    parallel_for(parsed.size(), [&](size_t i) {
      again[i] = i < words.size() && plain[i] && same_text(parsed[i], bundles[i]) ? words[i]
                                                                                 : assemble(isa, parsed[i]).word;
    });
  } catch (const InputError& e) {
    try {
      rethrow_with_line(e, text);
    } catch (const InputError& with_line) {
      throw CheckFailed(fmt::format("the exported listing does not reassemble: {}", with_line.what()));
    }
  }
  if (again.size() != words.size()) throw CheckFailed("the exported listing does not reassemble to as many bundles");
  if (mode == ExportMode::Exact)
    for (size_t i = 0; i < words.size(); ++i)
      if (!(again[i].width() == words[i].width() && again[i] == words[i]))
        throw CheckFailed(fmt::format("exact export of bundle {} reassembles to {}, not {}", i, again[i].to_hex(),
                                      words[i].to_hex()));
  return text;
}

}  // namespace mlisa::as
