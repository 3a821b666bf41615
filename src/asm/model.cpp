#include "asm/model.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace mlisa::as {

namespace {

[[noreturn]] void bad(const std::string& msg) { throw std::invalid_argument(msg); }

bool overlaps(Field a, Field b) {
  return a.width && b.width && a.start < b.start + b.width && b.start < a.start + a.width;
}

void add_bits(Word& w, Field f) {
  for (uint32_t i = 0; i < f.width; ++i) w.set_bit(f.start + i, true);
}

bool any_bit(const Word& w, Field f) {
  for (uint32_t i = 0; i < f.width; ++i)
    if (w.bit(f.start + i)) return true;
  return false;
}

}  // namespace

const FieldDef* Form::field(std::string_view name) const {
  for (const auto& f : def.fields)
    if (f.name == name) return &f;
  return nullptr;
}

Isa::Isa(std::string name, uint32_t width) : name_(std::move(name)), width_(width), empty_(width, 0) {
  if (width == 0) bad("an ISA's word has at least one bit");
}

int Isa::add_slot(SlotDef def) {
  if (slot_index_.count(def.name)) bad(fmt::format("slot {} declared twice", def.name));
  if (!forms_.empty()) bad("declare every slot before the first form");
  if (def.predicate.start + def.predicate.width > width_) bad(fmt::format("slot {}: predicate outside the word", def.name));
  Slot s;
  s.region = Word(width_, 0);
  add_bits(s.region, def.predicate);
  if (def.predicate.width) set_field(empty_, def.predicate, def.never);
  s.def = std::move(def);
  const int i = static_cast<int>(slots_.size());
  slot_index_[s.def.name] = i;
  slots_.push_back(std::move(s));
  return i;
}

int Isa::add_global(GlobalDef def) {
  if (global_index_.count(def.name)) bad(fmt::format("global field {} declared twice", def.name));
  if (def.field.width == 0 || def.field.width > 64 || def.field.start + def.field.width > width_)
    bad(fmt::format("global field {}: bad position", def.name));
  GlobalField g;
  if (def.shared == Shared::Lane) {
    g.index = static_cast<int>(lane_names_.size());
    lane_names_.push_back(def.name);
  } else if (def.shared == Shared::ScalarRead) {
    g.index = static_cast<int>(read_names_.size());
    read_names_.push_back(def.name);
  }
  if (lane_names_.size() > 64 || read_names_.size() > 64) bad("at most 64 lanes and 64 scalar reads");
  g.def = std::move(def);
  const int i = static_cast<int>(globals_.size());
  global_index_[g.def.name] = i;
  globals_.push_back(std::move(g));
  return i;
}

int Isa::add_form(FormDef def) {
  const int slot = find_slot(def.slot);
  if (slot < 0) bad(fmt::format("form {}: no slot {}", def.name, def.slot));
  if (form_index_.count(def.name)) bad(fmt::format("form {} declared twice", def.name));
  Form f;
  f.index = static_cast<int>(forms_.size());
  f.slot = slot;
  f.width = def.width ? def.width : width_;
  if (f.width > width_) bad(fmt::format("form {} is wider than the ISA's word", def.name));
  if (f.width != width_ && slots_.size() != 1) bad(fmt::format("form {}: only a single-slot ISA has narrower forms", def.name));
  f.fixed = Assignment(width_);
  f.writable = Word(width_, 0);
  Slot& s = slots_[static_cast<size_t>(slot)];
  add_bits(f.writable, s.def.predicate);
  for (const auto& fd : def.fields) {
    if (fd.field.width == 0 || fd.field.width > 64 || fd.field.start + fd.field.width > f.width)
      bad(fmt::format("form {}: field {} outside the word", def.name, fd.name));
    if (overlaps(fd.field, s.def.predicate)) bad(fmt::format("form {}: field {} overlaps the predicate", def.name, fd.name));
    add_bits(f.writable, fd.field);
    add_bits(s.region, fd.field);
  }
  for (const auto& gname : def.globals) {
    const int g = find_global(gname);
    if (g < 0) bad(fmt::format("form {}: no global field {}", def.name, gname));
    f.globals.push_back(g);
    add_bits(f.writable, globals_[static_cast<size_t>(g)].def.field);
  }
  auto fix = [&](const std::string& name, uint64_t v) {
    const FieldDef* fd = nullptr;
    for (const auto& x : def.fields)
      if (x.name == name) fd = &x;
    if (!fd) bad(fmt::format("form {}: no field {} to fix", def.name, name));
    if (!f.fixed.set(fd->field, v)) bad(fmt::format("form {}: fixed field {} conflicts", def.name, name));
  };
  if (!def.opcode_field.empty()) fix(def.opcode_field, def.opcode);
  for (const auto& [n, v] : def.fixed) fix(n, v);
  f.def = std::move(def);
  form_index_[f.def.name] = f.index;
  s.forms.push_back(f.index);
  forms_.push_back(std::move(f));
  return forms_.back().index;
}

int Isa::add_signature(SignatureDef def) {
  const int fi = find_form(def.form);
  if (fi < 0) bad(fmt::format("signature {}: no form {}", def.mnemonic, def.form));
  Form& form = forms_[static_cast<size_t>(fi)];
  if (def.mnemonic.empty() || def.mnemonic.find_first_of(" \t;{}") != std::string::npos)
    bad(fmt::format("form {}: bad mnemonic '{}'", def.form, def.mnemonic));
  Signature s;
  s.index = static_cast<int>(signatures_.size());
  s.form = fi;
  s.fixed = Assignment(width_);
  for (const TextOperand& op : def.operands)
    for (const TemplateItem& it : op.items)
      if (it.kind == TemplateItem::Kind::Operand && (it.operand < 0 || static_cast<size_t>(it.operand) >= def.kinds.size()))
        bad(fmt::format("signature {}: operand {} refers to no kind", def.mnemonic, op.shown));
  for (const auto& [n, v] : def.fixed) {
    const FieldDef* fd = form.field(n);
    if (!fd) bad(fmt::format("signature {}: form {} has no field {}", def.mnemonic, def.form, n));
    if (!s.fixed.set(fd->field, v)) bad(fmt::format("signature {}: fixed field {} conflicts", def.mnemonic, n));
  }
  s.def = std::move(def);
  s.line = line_of(s.def.operands);
  form.signatures.push_back(s.index);
  signatures_.push_back(std::move(s));
  return signatures_.back().index;
}

void Isa::set_empty(Field f, uint64_t v) { set_field(empty_, f, v); }

int Isa::find_slot(std::string_view name) const {
  auto it = slot_index_.find(name);
  return it == slot_index_.end() ? -1 : it->second;
}

int Isa::find_global(std::string_view name) const {
  auto it = global_index_.find(name);
  return it == global_index_.end() ? -1 : it->second;
}

int Isa::find_form(std::string_view name) const {
  auto it = form_index_.find(name);
  return it == form_index_.end() ? -1 : it->second;
}

operands::Placed Isa::place(const Form& form, std::string_view name) const {
  Field f;
  if (const FieldDef* fd = form.field(name)) {
    f = fd->field;
  } else {
    int g = -1;
    for (int gi : form.globals)
      if (globals_[static_cast<size_t>(gi)].def.name == name) g = gi;
    if (g < 0) bad(fmt::format("form {}: no field {} (nor a global it reaches)", form.def.name, name));
    f = globals_[static_cast<size_t>(g)].def.field;
  }
  operands::Placed out{f.start, f.width};
  for (const auto& g : globals_) {
    if (!overlaps(f, g.def.field)) continue;
    if (g.def.shared == Shared::Lane) out.lanes |= uint64_t{1} << g.index;
    if (g.def.shared == Shared::ScalarRead) out.reads |= uint64_t{1} << g.index;
  }
  return out;
}

std::vector<std::string> Isa::field_names_at(const Word& bits) const {
  std::vector<std::string> out;
  Word covered(width_, 0);
  for (const auto& g : globals_)
    if (any_bit(bits, g.def.field)) {
      out.push_back(g.def.name);
      add_bits(covered, g.def.field);
    }
  for (const auto& s : slots_) {
    auto seen = [&](const std::string& n) { return std::find(out.begin(), out.end(), n) != out.end(); };
    if (s.has_predicate() && any_bit(bits, s.def.predicate)) out.push_back(s.def.name + ".predicate");
    for (int fi : s.forms)
      for (const auto& fd : forms_[static_cast<size_t>(fi)].def.fields) {
        const std::string n = s.def.name + "." + fd.name;
        bool hit = false;
        for (uint32_t i = 0; i < fd.field.width; ++i)
          hit = hit || (bits.bit(fd.field.start + i) && !covered.bit(fd.field.start + i));
        if (hit && !seen(n)) out.push_back(n);
      }
  }
  return out;
}

}  // namespace mlisa::as
