#include "toy_isa.hpp"

#include <optional>
#include <string>

namespace mlisa::as::test {

namespace {

namespace op = operands;

// The bits of a form's named fields, the first most significant, where the
// ISA places them.
op::BitMap map(const Isa& isa, const std::string& form, std::initializer_list<std::string_view> names) {
  const Form& f = isa.forms()[static_cast<size_t>(isa.find_form(form))];
  return op::bitmap([&](std::string_view n) { return isa.place(f, n); }, names);
}

op::Number constant(int64_t v, bool is_signed = true) { return op::Number{{}, 1, v, is_signed}; }

// A signature under construction: its operands and the kinds they refer to.
struct Sig {
  std::vector<TextOperand> ops;
  std::vector<op::Kind> kinds;
  int kind(op::Kind k) {
    kinds.push_back(std::move(k));
    return static_cast<int>(kinds.size() - 1);
  }
  Sig& whole(op::Kind k) {
    ops.push_back({{"", ""}, {kind(std::move(k))}, "<x>"});
    return *this;
  }
  Sig& text(std::vector<std::string> literals, std::vector<int> refs, std::string shown) {
    ops.push_back({std::move(literals), std::move(refs), std::move(shown)});
    return *this;
  }
};

void add(Isa& isa, const std::string& form, const char* mnemonic, Sig s, std::vector<std::pair<std::string, uint64_t>> fixed = {}) {
  isa.add_signature({form, mnemonic, std::move(s.ops), std::move(s.kinds), std::move(fixed)});
}

op::Reg reg(const Isa& isa, const std::string& form, const char* cls, const char* field) {
  return op::Reg{{cls, nullptr}, map(isa, form, {field})};
}

op::Choice scalar_y(const Isa& isa, const std::string& form, bool with_register, bool with_immediates) {
  op::Choice c{map(isa, form, {"y"}), NumType::s(32), {}};
  if (with_immediates) {
    auto lane = [&](const char* f, bool sext) { return op::Number{map(isa, form, {f}), 1, 0, sext}; };
    c.alternatives.push_back({0, constant(0)});
    c.alternatives.push_back({1, constant(1)});
    c.alternatives.push_back({2, lane("imm0", false)});
    c.alternatives.push_back({3, lane("imm1", false)});
    c.alternatives.push_back({4, lane("imm0", true)});
    c.alternatives.push_back({5, lane("imm1", true)});
    c.alternatives.push_back({7, constant(0)});
  }
  if (with_register) c.alternatives.push_back({6, reg(isa, form, "s", "sy")});
  return c;
}

Symbols y_symbols() {
  return {{0, "const(0)"}, {1, "const(1)"}, {2, "lo(imm0)"}, {3, "lo(imm1)"}, {4, "sext(imm0)"}, {5, "sext(imm1)"}, {6, "sy"}};
}

// A memory operand `[<x> (+ <y>)?, sm=<sm>]` of kinds base and (when given) offset.
Sig& memory(Sig& s, const Isa& isa, const std::string& form, op::Kind base, std::optional<op::Kind> offset) {
  op::Mem m;
  m.base = s.kind(std::move(base));
  if (offset) m.offset = s.kind(std::move(*offset));
  m.modifiers.emplace_back("sm", s.kind(op::Number{map(isa, form, {"sm"})}));
  return s.whole(std::move(m));
}

void add_scalar_slot(Isa& isa, int k) {
  const std::string s = "s" + std::to_string(k);
  const uint32_t b = ToyLayout::scalar_base(k);
  const FieldDef opc{"opcode", {b + 5, 4}, {}, true};
  const FieldDef d{"d", {b + 9, 4}, {}, true};
  const FieldDef x{"x", {b + 13, 4}, {}, true};
  const FieldDef y{"y", {b + 17, 3}, y_symbols(), true};
  const FieldDef sy{"sy", {b + 20, 4}, {}, true};
  auto form = [&](const char* name, uint64_t opcode, std::vector<FieldDef> fields, std::vector<std::string> globals) {
    FormDef f;
    f.slot = s;
    f.name = s + "." + name;
    f.fields = std::move(fields);
    f.fields.insert(f.fields.begin(), opc);
    f.globals = std::move(globals);
    f.opcode_field = "opcode";
    f.opcode = opcode;
    isa.add_form(std::move(f));
    return s + "." + name;
  };
  auto sreg = [&](const std::string& f, const char* field) { return reg(isa, f, "s", field); };

  std::string f = form("SAdd", 1, {d, x, y, sy}, {"imm0", "imm1"});
  add(isa, f, "sadd", std::move(Sig().whole(sreg(f, "d")).whole(sreg(f, "x")).whole(scalar_y(isa, f, true, true))));

  f = form("SMov", 2, {d, y, sy}, {"imm0", "imm1"});
  add(isa, f, "smov", std::move(Sig().whole(sreg(f, "d")).whole(scalar_y(isa, f, true, false))));
  add(isa, f, "simm.s32", std::move(Sig().whole(sreg(f, "d")).whole(scalar_y(isa, f, false, true))));

  f = form("SMovW", 3, {d}, {"imm0", "imm1"});
  op::Number w32{map(isa, f, {"imm1", "imm0"})};
  w32.hex = true;
  add(isa, f, "simm.w", std::move(Sig().whole(sreg(f, "d")).whole(w32)));

  // One mnemonic, two forms: `sld s1, [s2]` is either.
  const FieldDef ysel{"y", {b + 17, 3}, {{0, "const(0)"}, {2, "lo(imm0)"}, {3, "lo(imm1)"}}, true};
  const FieldDef sm{"sm", {b + 20, 2}, {}, true};
  f = form("SLoad", 4, {d, x, ysel, sm}, {"imm0", "imm1"});
  {
    op::Choice off{map(isa, f, {"y"}), NumType::u(32), {}};
    off.alternatives.push_back({0, constant(0, false)});
    off.alternatives.push_back({2, op::Number{map(isa, f, {"imm0"})}});
    off.alternatives.push_back({3, op::Number{map(isa, f, {"imm1"})}});
    Sig sg;
    sg.whole(sreg(f, "d"));
    add(isa, f, "sld", std::move(memory(sg, isa, f, sreg(f, "x"), std::move(off))));
  }
  f = form("SLoadNoOff", 5, {d, x, sm}, {});
  {
    Sig sg;
    sg.whole(sreg(f, "d"));
    add(isa, f, "sld", std::move(memory(sg, isa, f, sreg(f, "x"), std::nullopt)));
  }

  const FieldDef rm{"rm", {b + 17, 2}, {}, true};
  const FieldDef sat{"sat", {b + 19, 1}, {}, true};
  f = form("SRound", 6, {d, x, rm, sat}, {});
  op::Table modes{map(isa, f, {"rm", "sat"}), {}};
  const char* names[] = {"rne", "rtz", "rup", "rdn"};
  for (uint64_t r = 0; r < 4; ++r)
    for (uint64_t sat_bit = 0; sat_bit < 2; ++sat_bit) {
      const std::string name = std::string(names[r]) + (sat_bit ? ".sat" : "");
      modes.entries.push_back({{spec::Bits(3, r << 1 | sat_bit), spec::Bits(3, 7)}, name, name});
    }
  add(isa, f, "sround", std::move(Sig().whole(sreg(f, "d")).whole(sreg(f, "x")).whole(std::move(modes))));

  f = form("SDma", 7, {d, x}, {"imm0"});
  {
    Sig sg;
    const int xr = sg.kind(sreg(f, "x")), imm = sg.kind(op::Number{map(isa, f, {"imm0"})});
    sg.text({"[hbm:", "+", "]"}, {xr, imm}, "[hbm:<x>+<imm>]").whole(sreg(f, "d"));
    add(isa, f, "sdma", std::move(sg));
  }

  const FieldDef scope{"scope", {b + 9, 1}, {}, true};
  f = form("SFence", 9, {scope}, {});
  add(isa, f, "sfence", std::move(Sig().text({"all"}, {}, "all")), {{"scope", 1}});
  add(isa, f, "sfence", std::move(Sig().text({"local"}, {}, "local")), {{"scope", 0}});
}

void add_vector_slot(Isa& isa) {
  const uint32_t b = ToyLayout::kVector;
  const FieldDef opc{"opcode", {b + 5, 3}, {}, true};
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
    f.fields.insert(f.fields.begin(), opc);
    f.globals = all_globals;
    f.opcode_field = "opcode";
    f.opcode = opcode;
    isa.add_form(std::move(f));
    return std::string("v.") + name;
  };

  std::string f = form("VAdd", 1, {vd, va, bsel, vb, dsel, sd});
  {
    op::Choice dest{map(isa, f, {"dsel"}), NumType::s(32), {}};
    dest.alternatives.push_back({0, reg(isa, f, "v", "vd")});
    dest.alternatives.push_back({1, reg(isa, f, "s", "sd")});
    op::Choice second{map(isa, f, {"b"}), NumType::s(32), {}};
    second.alternatives.push_back({0, reg(isa, f, "v", "vb")});
    second.alternatives.push_back({1, reg(isa, f, "s", "vs0")});
    second.alternatives.push_back({2, reg(isa, f, "s", "vs1")});
    const char* lanes[] = {"imm0", "imm1", "imm2", "imm3"};
    for (uint64_t i = 0; i < 4; ++i) second.alternatives.push_back({3 + i, op::Number{map(isa, f, {lanes[i]})}});
    second.alternatives.push_back({7, constant(0)});
    add(isa, f, "vadd", std::move(Sig().whole(std::move(dest)).whole(reg(isa, f, "v", "va")).whole(std::move(second))));
  }

  const FieldDef base{"b", {b + 16, 3}, {{0, "vs0"}, {1, "vs1"}}, true};
  const FieldDef osel{"osel", {b + 12, 3}, {{0, "const(0)"}, {1, "lo(imm0)"}, {2, "lo(imm1)"}, {3, "lo(imm2)"}, {4, "lo(imm3)"}}, true};
  auto base_kind = [&](const std::string& form) {
    op::Choice c{map(isa, form, {"b"}), NumType::u(32), {}};
    c.alternatives.push_back({0, reg(isa, form, "s", "vs0")});
    c.alternatives.push_back({1, reg(isa, form, "s", "vs1")});
    return c;
  };
  f = form("VStore", 2, {vd, osel, base, sm});
  {
    op::Choice off{map(isa, f, {"osel"}), NumType::u(32), {}};
    off.alternatives.push_back({0, constant(0, false)});
    const char* lanes[] = {"imm0", "imm1", "imm2", "imm3"};
    for (uint64_t i = 0; i < 4; ++i) off.alternatives.push_back({1 + i, op::Number{map(isa, f, {lanes[i]})}});
    Sig sg;
    sg.whole(reg(isa, f, "v", "vd"));
    add(isa, f, "vst", std::move(memory(sg, isa, f, base_kind(f), std::move(off))));
  }
  f = form("VStoreNoOff", 3, {vd, base, sm});
  {
    Sig sg;
    sg.whole(reg(isa, f, "v", "vd"));
    add(isa, f, "vst", std::move(memory(sg, isa, f, base_kind(f), std::nullopt)));
  }
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
  auto three = [&](const std::string& form) {
    return std::move(Sig().whole(reg(isa, form, "r", "rd")).whole(reg(isa, form, "r", "rn")).whole(reg(isa, form, "r", "rm")));
  };
  add(isa, "ADDS_T1", "adds", three("ADDS_T1"));
  FormDef t2;
  t2.slot = "t";
  t2.name = "ADDS_T2";
  t2.fields = {{"hi", {20, 12}, {}, false}, {"rn", {16, 4}, {}, true}, {"rd", {8, 4}, {}, true}, {"rm", {0, 4}, {}, true}};
  t2.fixed = {{"hi", 0xeb1}};
  isa.add_form(t2);
  add(isa, "ADDS_T2", "adds", three("ADDS_T2"));
  add(isa, "ADDS_T2", "adds.w", three("ADDS_T2"));
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
