// The tcore target loaded once for the tests of this folder.
#pragma once

#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <random>
#include <string>
#include <vector>

namespace mlisa::test {

inline const targets::LoadedTarget& tcore() {
  static const targets::LoadedTarget t = targets::load_bundle_target("tcore");
  return t;
}
inline const as::Isa& tcore_isa() { return tcore().isa->isa; }

// A random word of valid instructions: random slots, forms, predicates
// (0..30), selector symbols, fields and reachable globals, the form's fixed
// bits kept. Some such words do not decode (a table value without a
// spelling); callers skip those.
inline as::Word random_tcore_bundle(std::mt19937_64& rng) {
  const as::Isa& isa = tcore_isa();
  as::Word w = isa.empty_word();
  for (const as::Slot& s : isa.slots()) {
    if (rng() % 3 == 0) continue;
    const as::Form& f = isa.forms()[static_cast<size_t>(s.forms[rng() % s.forms.size()])];
    as::set_field(w, s.def.predicate, rng() % 31);
    for (const as::FieldDef& fd : f.def.fields) {
      uint64_t v = rng();
      if (!fd.symbols.empty()) v = fd.symbols[rng() % fd.symbols.size()].first;
      as::set_field(w, fd.field, v);
    }
    for (int g : f.globals) as::set_field(w, isa.globals()[static_cast<size_t>(g)].def.field, rng());
    f.fixed.apply(w);
  }
  return w;
}

inline as::ObjSection code_section(const std::vector<as::Word>& words) {
  as::ObjSection s;
  s.name = ".text";
  s.code = true;
  for (const auto& w : words) {
    auto b = as::le_bytes(w);
    s.bytes.insert(s.bytes.end(), b.begin(), b.end());
  }
  return s;
}

}  // namespace mlisa::test
