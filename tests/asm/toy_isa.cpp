#include "toy_isa.hpp"

#include <string>

namespace mlisa::as::test {

namespace {

using E = Expr;

E scalar_y(bool with_register, bool with_immediates) {
  std::vector<std::pair<uint64_t, E>> alts;
  if (with_immediates) {
    alts.emplace_back(0, ex::constant(NumType::s(32), 0));
    alts.emplace_back(1, ex::constant(NumType::s(32), 1));
    alts.emplace_back(2, ex::number(NumType::s(32), {"imm0"}, Ext::Zero));
    alts.emplace_back(3, ex::number(NumType::s(32), {"imm1"}, Ext::Zero));
    alts.emplace_back(4, ex::number(NumType::s(32), {"imm0"}, Ext::Sign));
    alts.emplace_back(5, ex::number(NumType::s(32), {"imm1"}, Ext::Sign));
    alts.emplace_back(7, ex::constant(NumType::s(32), 0));
  }
  if (with_register) alts.emplace_back(6, ex::reg("s", {"sy"}));
  return ex::choice("y", std::move(alts));
}

Symbols y_symbols() {
  return {{0, "const(0)"}, {1, "const(1)"}, {2, "lo(imm0)"}, {3, "lo(imm1)"}, {4, "sext(imm0)"}, {5, "sext(imm1)"}, {6, "sy"}};
}

void add_scalar_slot(Isa& isa, int k) {
  const std::string s = "s" + std::to_string(k);
  const uint32_t b = ToyLayout::scalar_base(k);
  const FieldDef op{"opcode", {b + 5, 4}, {}, true};
  const FieldDef d{"d", {b + 9, 4}, {}, true};
  const FieldDef x{"x", {b + 13, 4}, {}, true};
  const FieldDef y{"y", {b + 17, 3}, y_symbols(), true};
  const FieldDef sy{"sy", {b + 20, 4}, {}, true};
  auto form = [&](const char* name, uint64_t opcode, std::vector<FieldDef> fields, std::vector<std::string> globals) {
    FormDef f;
    f.slot = s;
    f.name = s + "." + name;
    f.fields = std::move(fields);
    f.fields.insert(f.fields.begin(), op);
    f.globals = std::move(globals);
    f.opcode_field = "opcode";
    f.opcode = opcode;
    isa.add_form(std::move(f));
    return s + "." + name;
  };
  auto sig = [&](const std::string& form, const char* mnemonic, std::vector<E> ops,
                 std::vector<std::pair<std::string, uint64_t>> fixed = {}) {
    isa.add_signature({form, mnemonic, std::move(ops), std::move(fixed)});
  };
  const auto sreg = [](const char* f) { return ex::reg("s", {f}); };

  std::string f = form("SAdd", 1, {d, x, y, sy}, {"imm0", "imm1"});
  sig(f, "sadd", {sreg("d"), sreg("x"), scalar_y(true, true)});

  f = form("SMov", 2, {d, y, sy}, {"imm0", "imm1"});
  sig(f, "smov", {sreg("d"), scalar_y(true, false)});
  sig(f, "simm.s32", {sreg("d"), scalar_y(false, true)});

  f = form("SMovW", 3, {d}, {"imm0", "imm1"});
  sig(f, "simm.w", {sreg("d"), ex::number(NumType::x(32), {"imm1", "imm0"})});

  // One mnemonic, two forms: `sld s1, [s2]` is either.
  const FieldDef ysel{"y", {b + 17, 3}, {{0, "const(0)"}, {2, "lo(imm0)"}, {3, "lo(imm1)"}}, true};
  const FieldDef sm{"sm", {b + 20, 2}, {}, true};
  const auto sm_mod = std::vector<std::pair<std::string, E>>{{"sm", ex::number(NumType::u(2), {"sm"})}};
  f = form("SLoad", 4, {d, x, ysel, sm}, {"imm0", "imm1"});
  sig(f, "sld",
      {sreg("d"), ex::memory(sreg("x"),
                             ex::choice("y", {{0, ex::constant(NumType::u(32), 0)},
                                              {2, ex::number(NumType::u(32), {"imm0"})},
                                              {3, ex::number(NumType::u(32), {"imm1"})}}),
                             sm_mod)});
  f = form("SLoadNoOff", 5, {d, x, sm}, {});
  sig(f, "sld", {sreg("d"), ex::memory(sreg("x"), sm_mod)});

  const FieldDef rm{"rm", {b + 17, 2}, {}, true};
  const FieldDef sat{"sat", {b + 19, 1}, {}, true};
  std::vector<TableEntry> modes;
  const char* names[] = {"rne", "rtz", "rup", "rdn"};
  for (uint64_t r = 0; r < 4; ++r) {
    modes.push_back({names[r], {{"rm", r}, {"sat", 0}}});
    modes.push_back({std::string(names[r]) + ".sat", {{"rm", r}, {"sat", 1}}});
  }
  f = form("SRound", 6, {d, x, rm, sat}, {});
  sig(f, "sround", {sreg("d"), sreg("x"), ex::table(modes)});

  f = form("SDma", 7, {d, x}, {"imm0"});
  sig(f, "sdma", {ex::pattern("[hbm:{0}+{1}]", {sreg("x"), ex::number(NumType::u(16), {"imm0"})}), sreg("d")});

  f = form("SFmov", 8, {d}, {"imm0", "imm1"});
  sig(f, "sfmov", {sreg("d"), ex::number(NumType::f32(), {"imm1", "imm0"})});

  const FieldDef scope{"scope", {b + 9, 1}, {}, true};
  f = form("SFence", 9, {scope}, {});
  sig(f, "sfence", {ex::literal("all")}, {{"scope", 1}});
  sig(f, "sfence", {ex::literal("local")}, {{"scope", 0}});
}

void add_vector_slot(Isa& isa) {
  const uint32_t b = ToyLayout::kVector;
  const FieldDef op{"opcode", {b + 5, 3}, {}, true};
  const FieldDef vd{"vd", {b + 8, 4}, {}, true};
  const FieldDef va{"va", {b + 12, 4}, {}, true};
  const FieldDef bsel{"b",
                      {b + 16, 3},
                      {{0, "vb"}, {1, "vs0"}, {2, "vs1"}, {3, "lo(imm0)"}, {4, "lo(imm1)"}, {5, "lo(imm2)"}, {6, "lo(imm3)"},
                       {7, "const(0)"}},
                      true};
  const FieldDef vb{"vb", {b + 19, 4}, {}, true};
  const FieldDef sm{"sm", {b + 23, 2}, {}, true};
  const FieldDef dsel{"dsel", {b + 25, 1}, {{0, "vd"}, {1, "sd"}}, true};
  const FieldDef sd{"sd", {b + 26, 4}, {}, true};
  const std::vector<std::string> all_globals{"imm0", "imm1", "imm2", "imm3", "vs0", "vs1"};
  auto form = [&](const char* name, uint64_t opcode, std::vector<FieldDef> fields) {
    FormDef f;
    f.slot = "v";
    f.name = std::string("v.") + name;
    f.fields = std::move(fields);
    f.fields.insert(f.fields.begin(), op);
    f.globals = all_globals;
    f.opcode_field = "opcode";
    f.opcode = opcode;
    isa.add_form(std::move(f));
    return std::string("v.") + name;
  };
  const auto vreg = [](const char* f) { return ex::reg("v", {f}); };

  std::string f = form("VAdd", 1, {vd, va, bsel, vb, dsel, sd});
  isa.add_signature({f,
                     "vadd",
                     {ex::choice("dsel", {{0, vreg("vd")}, {1, ex::reg("s", {"sd"})}}), vreg("va"),
                      ex::choice("b", {{0, vreg("vb")},
                                       {1, ex::reg("s", {"vs0"})},
                                       {2, ex::reg("s", {"vs1"})},
                                       {3, ex::number(NumType::s(32), {"imm0"})},
                                       {4, ex::number(NumType::s(32), {"imm1"})},
                                       {5, ex::number(NumType::s(32), {"imm2"})},
                                       {6, ex::number(NumType::s(32), {"imm3"})},
                                       {7, ex::constant(NumType::s(32), 0)}})},
                     {}});

  const FieldDef base{"b", {b + 16, 3}, {{0, "vs0"}, {1, "vs1"}}, true};
  const FieldDef osel{"osel", {b + 12, 3}, {{0, "const(0)"}, {1, "lo(imm0)"}, {2, "lo(imm1)"}, {3, "lo(imm2)"}, {4, "lo(imm3)"}}, true};
  const auto base_expr = ex::choice("b", {{0, ex::reg("s", {"vs0"})}, {1, ex::reg("s", {"vs1"})}});
  const auto sm_mod = std::vector<std::pair<std::string, E>>{{"sm", ex::number(NumType::u(2), {"sm"})}};
  f = form("VStore", 2, {vd, osel, base, sm});
  isa.add_signature({f,
                     "vst",
                     {vreg("vd"), ex::memory(base_expr,
                                             ex::choice("osel", {{0, ex::constant(NumType::u(32), 0)},
                                                                 {1, ex::number(NumType::u(32), {"imm0"})},
                                                                 {2, ex::number(NumType::u(32), {"imm1"})},
                                                                 {3, ex::number(NumType::u(32), {"imm2"})},
                                                                 {4, ex::number(NumType::u(32), {"imm3"})}}),
                                             sm_mod)},
                     {}});
  f = form("VStoreNoOff", 3, {vd, base, sm});
  isa.add_signature({f, "vst", {vreg("vd"), ex::memory(base_expr, sm_mod)}, {}});
}

Isa make_bundle() {
  Isa isa("toy", ToyLayout::kWidth);
  for (int k = 0; k < 2; ++k)
    isa.add_slot({"s" + std::to_string(k), {ToyLayout::scalar_base(k), 5}, 31, 0, "p"});
  isa.add_slot({"v", {ToyLayout::kVector, 5}, 31, 0, "p"});
  for (uint32_t i = 0; i < 4; ++i) isa.add_global({"imm" + std::to_string(i), {16 * i, 16}, Shared::Lane, {}});
  for (uint32_t i = 0; i < 2; ++i) isa.add_global({"vs" + std::to_string(i), {64 + 4 * i, 4}, Shared::ScalarRead, {}});
  add_scalar_slot(isa, 0);
  add_scalar_slot(isa, 1);
  add_vector_slot(isa);
  return isa;
}

Isa make_thumb() {
  Isa isa("thumb", 32);
  isa.add_slot({"t", {}, 0, 0, "p"});
  FormDef t1;
  t1.slot = "t";
  t1.name = "ADDS_T1";
  t1.width = 16;
  t1.fields = {{"opcode", {9, 7}, {}, true}, {"rm", {6, 3}, {}, true}, {"rn", {3, 3}, {}, true}, {"rd", {0, 3}, {}, true}};
  t1.opcode_field = "opcode";
  t1.opcode = 0b0001100;
  isa.add_form(t1);
  const auto r = [](const char* f) { return ex::reg("r", {f}); };
  isa.add_signature({"ADDS_T1", "adds", {r("rd"), r("rn"), r("rm")}, {}});
  FormDef t2;
  t2.slot = "t";
  t2.name = "ADDS_T2";
  t2.fields = {{"hi", {20, 12}, {}, false}, {"rn", {16, 4}, {}, true}, {"rd", {8, 4}, {}, true}, {"rm", {0, 4}, {}, true}};
  t2.fixed = {{"hi", 0xeb1}};
  isa.add_form(t2);
  isa.add_signature({"ADDS_T2", "adds", {r("rd"), r("rn"), r("rm")}, {}});
  isa.add_signature({"ADDS_T2", "adds.w", {r("rd"), r("rn"), r("rm")}, {}});
  return isa;
}

}  // namespace

// A random word of valid, nameable instructions: random slots, forms,
// predicates, selector symbols, fields and reachable lanes.
Word random_bundle(const Isa& isa, std::mt19937_64& rng) {
  Word w = isa.empty_word();
  for (const Slot& s : isa.slots()) {
    if (rng() % 4 == 0) continue;
    const Form& f = isa.forms()[static_cast<size_t>(s.forms[rng() % s.forms.size()])];
    set_field(w, s.def.predicate, rng() % 31);
    for (const FieldDef& fd : f.def.fields) {
      uint64_t v = rng();
      if (!fd.symbols.empty()) v = fd.symbols[rng() % fd.symbols.size()].first;
      set_field(w, fd.field, v);
    }
    for (int g : f.globals) set_field(w, isa.globals()[static_cast<size_t>(g)].def.field, rng());
    // Keep the form's fixed bits (the opcode) over the random fields.
    f.fixed.apply(w);
    // Fixed fields of the signatures (sfence's scope) are ordinary fields here.
  }
  return w;
}

const Isa& toy_bundle() {
  static const Isa isa = make_bundle();
  return isa;
}

const Isa& toy_thumb() {
  static const Isa isa = make_thumb();
  return isa;
}

}  // namespace mlisa::as::test
