// Building an Isa from a bundle target's specs (spec_isa.hpp).
#include "asm/spec_isa.hpp"

#include "asm/decode_verdict.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <stdexcept>

namespace mlisa::as {

namespace {

using spec::BundleField;
using spec::BundleSpec;
using spec::Encoding;
using spec::OperandMap;

[[noreturn]] void fail_at(const spec::TargetSpec& ts, const spec::Loc& loc, const std::string& msg) {
  throw InputError(ts.sources().location(loc), msg);
}

NumType num_type(const std::string& t) {
  const uint32_t w = static_cast<uint32_t>(std::stoul(t.substr(1)));
  if (t[0] == 's') return NumType::s(w);
  if (t[0] == 'x') return NumType::x(w);
  return NumType::u(w);
}

// The fields of one (encoding, slot) as the Isa names them.
struct FormBuilder {
  const spec::TargetSpec& ts;
  const BundleSpec& bundle;
  const Encoding& enc;
  const spec::BundleSlot& slot;

  // A field name as the operand lines use it -> the Isa's name: the form's
  // own field (diagram name) or the global field (imm0, port.v0.x).
  std::string isa_name(const std::string& local) const {
    if (enc.field(local)) return local;
    const BundleField* g = bundle.local(slot.name, local);
    return g ? g->name : local;
  }
  uint32_t width_of(const std::string& local) const {
    if (const auto* f = enc.field(local)) return f->width;
    const BundleField* g = bundle.local(slot.name, local);
    return g ? g->width : 0;
  }
  const OperandMap* operand(const std::string& name) const {
    for (const auto& o : enc.operands)
      if (o.name == name) return &o;
    return nullptr;
  }

  // The fields' places in the bundle word, through the form's names.
  operands::Placer placer(const Isa& isa, const Form& form) const {
    return [this, &isa, &form](std::string_view local) { return isa.place(form, isa_name(std::string(local))); };
  }

  // The kind of an operand line, added to `kinds`: its index there.
  int kind(const OperandMap& op, const Isa& isa, const Form& form, std::vector<operands::Kind>& kinds,
           std::vector<LabelOperand>* labels, size_t index) const {
    const operands::Placer place = placer(isa, form);
    for (const auto& p : op.fields.parts)
      if (p.field.empty() || p.hi >= 0)
        fail_at(ts, op.loc, fmt::format("operand <{}>: bit literals and slices in FIELDS are not supported in bundle targets", op.name));
    auto add = [&](operands::Kind k) {
      if (auto* n = std::get_if<operands::Number>(&k); n && n->map.width() > 64)
        fail_at(ts, op.loc, fmt::format("operand <{}> is {} bits wide; at most 64", op.name, n->map.width()));
      kinds.push_back(std::move(k));
      return static_cast<int>(kinds.size() - 1);
    };
    const spec::OperandKind k = op.kind;
    if (k == spec::OperandKind::Reg || k == spec::OperandKind::Imm || k == spec::OperandKind::Simm || k == spec::OperandKind::Table) {
      auto prepared = operands::prepare(ts, place, op);
      if (auto* r = std::get_if<operands::Reg>(&prepared->kind)) return add(std::move(*r));
      if (auto* n = std::get_if<operands::Number>(&prepared->kind)) return add(std::move(*n));
      return add(std::get<operands::Table>(std::move(prepared->kind)));
    }
    if (k == spec::OperandKind::Label) {
      // The text is the target's byte address divided by the scale (the
      // front end divides), so the field holds it as written.
      operands::Number n{operands::bitmap(place, op.fields)};
      if (labels) labels->push_back({index, op.scale});
      return add(std::move(n));
    }
    if (k == spec::OperandKind::Choice) {
      if (op.num_type == "f32")
        fail_at(ts, op.loc, fmt::format("choice <{}>: numbers of type f32 are not supported", op.name));
      operands::Choice c{operands::bitmap(place, {op.selector}), num_type(op.num_type), {}};
      const bool is_signed = c.type.kind == NumKind::Signed, hex = c.type.kind == NumKind::Hex;
      for (const auto& [v, sym] : op.alternatives) {
        const size_t open = sym.find('(');
        if (open != std::string::npos && sym.back() == ')') {
          const std::string fn = sym.substr(0, open), inner = sym.substr(open + 1, sym.size() - open - 2);
          operands::Number n;
          n.hex = hex;
          if (fn == "const") {
            n.offset = std::stoll(inner, nullptr, 0);
            n.is_signed = is_signed;
          } else {
            n.map = operands::bitmap(place, {inner});
            n.is_signed = fn == "sext";
          }
          c.alternatives.push_back({v, std::move(n)});
          continue;
        }
        const std::string cls = enc.field(sym) ? op.reg_class : bundle.local(slot.name, sym)->reg_class;
        c.alternatives.push_back({v, operands::Reg{{cls, ts.register_class(cls)}, operands::bitmap(place, {sym})}});
      }
      return add(std::move(c));
    }
    if (k == spec::OperandKind::Mem) {
      operands::Mem m;
      m.base = kind(*operand(op.mem_base), isa, form, kinds, nullptr, 0);
      if (!op.mem_offset.empty()) m.offset = kind(*operand(op.mem_offset), isa, form, kinds, nullptr, 0);
      for (const auto& [name, o] : op.mem_modifiers) m.modifiers.emplace_back(name, kind(*operand(o), isa, form, kinds, nullptr, 0));
      return add(std::move(m));
    }
    fail_at(ts, op.loc, fmt::format("operand kind '{}' is not supported in bundle targets", spec::kind_name(op.kind)));
  }

  // One comma-separated piece of a template: literal text around `<x>`
  // operands (a `const` operand is literal text).
  TextOperand piece(std::string_view p, const spec::Loc& loc, const Isa& isa, const Form& form,
                        std::vector<operands::Kind>& kinds, std::vector<LabelOperand>& labels, size_t index) const {
    std::vector<std::string> literals{""};
    std::vector<int> refs;
    size_t i = 0;
    while (i < p.size()) {
      if (p[i] == '{' || p[i] == '}')
        fail_at(ts, loc, fmt::format("optional parts {{...}} are not supported in bundle targets: '{}'", p));
      if (std::isspace(static_cast<unsigned char>(p[i]))) {
        ++i;
        continue;
      }
      if (p[i] == '<') {
        const size_t e = p.find('>', i);
        const std::string name(p.substr(i + 1, e - i - 1));
        const OperandMap* op = operand(name);
        if (!op) fail_at(ts, loc, fmt::format("no operand <{}>", name));
        if (op->kind == spec::OperandKind::Const) {
          literals.back() += strip_space(op->constant);
        } else {
          refs.push_back(kind(*op, isa, form, kinds, &labels, index));
          literals.emplace_back();
        }
        i = e + 1;
        continue;
      }
      literals.back() += p[i++];
    }
    return TextOperand(std::move(literals), std::move(refs), std::string(p));
  }
};

// Splits a template's operand part on top-level commas (outside [] and ()).
std::vector<std::string> split_commas(std::string_view s) {
  std::vector<std::string> out;
  int depth = 0;
  std::string cur;
  for (char c : s) {
    if (c == '[' || c == '(') ++depth;
    if (c == ']' || c == ')') --depth;
    if (c == ',' && depth == 0) {
      out.push_back(std::string(trim(cur)));
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!trim(cur).empty()) out.push_back(std::string(trim(cur)));
  return out;
}

// Whether a block states a refusal of its own (UNDEFINED, UNPREDICTABLE, SEE).
bool states_refusal(const spec::Block& block) {
  using K = spec::StmtKind;
  return std::any_of(block.begin(), block.end(), [](const spec::Stmt* st) {
    if (st->kind == K::Undefined || st->kind == K::Unpredictable || st->kind == K::ConstrainedUnpredictable || st->kind == K::See)
      return true;
    return states_refusal(st->body) ||
           std::any_of(st->blocks.begin(), st->blocks.end(), [](const spec::Block& b) { return states_refusal(b); });
  });
}

// The decode pseudocode's verdict on a slot's candidate, worked out from the
// slot's own bits (shared lanes as in the empty word: no decode of a bundle
// target refuses a lane's value) and remembered per (form, those bits).
// Asked only of encodings whose decode states a refusal itself (SCMP's
// `if UInt(pd) > 30 then UNDEFINED`): the helpers' refusals (ScalarY's
// UNDEFINED after its cases) are of selector values no choice operand writes,
// and running every candidate's decode would cost two thirds of the
// assembler's speed. Listings are assembled and disassembled on every core
// (core/parallel.hpp): one engine and one memory, taken in turn.
Isa::Verdict decode_verdicts(const spec::TargetSpec& ts, const spec::BuiltinTable& builtins, const SpecIsa& si) {
  struct Remembered {
    Remembered(const spec::Module& m, const spec::BuiltinTable& b) : engine(m, b) {}
    std::mutex taken;
    spec::Engine engine;
    std::unordered_map<std::string, std::string> verdicts;
  };
  auto r = std::make_shared<Remembered>(ts.module(), builtins);
  r->engine.sources = &ts.sources();
  r->engine.reset_globals();
  std::vector<bool> refusing;
  for (const SpecForm& sf : si.forms) refusing.push_back(states_refusal(sf.enc->decode));
  return [r, refusing, &ts, &si](const Form& form, const Assignment& bits) -> std::string {
    if (!refusing[static_cast<size_t>(form.index)]) return "";
    const Word& region = si.isa.slots()[static_cast<size_t>(form.slot)].region;
    Word word = si.isa.empty_word();
    std::string key(reinterpret_cast<const char*>(&form.index), sizeof form.index);
    for (uint32_t i = 0; i < (word.width() + 63) / 64; ++i) {
      const uint64_t w = (word.word(i) & ~region.word(i)) | (bits.value_word(i) & region.word(i));
      word.set_word(i, w);
      key.append(reinterpret_cast<const char*>(&w), sizeof w);
    }
    const std::lock_guard<std::mutex> hold(r->taken);
    auto [it, fresh] = r->verdicts.try_emplace(std::move(key));
    if (fresh) {
      const SpecForm& sf = si.forms[static_cast<size_t>(form.index)];
      std::vector<spec::Value> frame = ts.frame_for(*sf.enc, sf.slot, word);
      const DecodeVerdict v = run_decode(r->engine, ts, *sf.enc, frame);
      if (v.refused()) it->second = fmt::format("{} in {} {}: {}", v.what, sf.inst->name, sf.enc->name, v.rule);
    }
    return it->second;
  };
}

}  // namespace

const LabelOperand* SpecIsa::label(int signature, size_t operand) const {
  for (const auto& l : signatures.at(static_cast<size_t>(signature)).labels)
    if (l.operand == operand) return &l;
  return nullptr;
}

std::unique_ptr<SpecIsa> build_isa(const spec::TargetSpec& ts, const spec::BuiltinTable* builtins) {
  const BundleSpec* b = ts.bundle();
  if (!b) throw InputError(fmt::format("target {} has no bundle*.isa: it is not a bundle target", ts.target()));
  auto out = std::make_unique<SpecIsa>(ts, b->name, b->width);
  out->comment = b->comment;
  Isa& isa = out->isa;
  try {
    for (const auto& s : b->slots)
      isa.add_slot({s.name, {s.pred_lo, s.pred_width}, s.never, s.always, s.pred_prefix});
    for (const auto& f : b->fields) {
      const Shared sh = f.kind == BundleField::Kind::Lane   ? Shared::Lane
                            : f.kind == BundleField::Kind::Read ? Shared::ScalarRead
                                                                : Shared::None;
      isa.add_global({f.name, {f.lo, f.width}, sh, {}});
    }
  } catch (const std::invalid_argument& e) {
    throw InputError(fmt::format("{}: {}", b->file, e.what()));
  }

  struct Pending {
    std::string form;
    const FormBuilder* fb;
  };
  std::vector<FormBuilder> builders;
  builders.reserve(256);
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings)
      for (const std::string& sn : enc.slots) {
        const spec::BundleSlot& slot = *b->slot(sn);
        builders.push_back({ts, *b, enc, slot});
        const FormBuilder& fb = builders.back();
        FormDef f;
        f.slot = sn;
        f.name = sn + "." + enc.name;
        // Selector symbols, from every choice on the field.
        std::map<std::string, Symbols> symbols;
        for (const auto& op : enc.operands) {
          if (op.kind != spec::OperandKind::Choice || !enc.field(op.selector)) continue;
          auto& sy = symbols[op.selector];
          for (const auto& [v, name] : op.alternatives) {
            auto it = std::find_if(sy.begin(), sy.end(), [&](const auto& e) { return e.first == v; });
            if (it == sy.end()) sy.emplace_back(v, name);
            else if (it->second != name)
              fail_at(ts, op.loc, fmt::format("selector {} value {} is '{}' here and '{}' in another operand", op.selector, v, name, it->second));
          }
        }
        for (const auto& fd : enc.fields) {
          FieldDef d{fd.name, {slot.lo + fd.lo, fd.width}, {}, true};
          if (auto it = symbols.find(fd.name); it != symbols.end()) {
            d.symbols = it->second;
            std::sort(d.symbols.begin(), d.symbols.end());
          }
          f.fields.push_back(std::move(d));
        }
        // Fixed bits: the opcode field when the slot declares one and the
        // diagram fixes all of it, then one hidden field per run of other fixed bits.
        std::vector<bool> fixed(enc.width, false);
        for (uint32_t i = 0; i < enc.width; ++i) fixed[i] = enc.fixed_mask.bit(i) || enc.should_mask.bit(i);
        auto fixed_value = [&](uint32_t i) {
          return enc.fixed_mask.bit(i) ? enc.fixed_value.bit(i) : enc.should_value.bit(i);
        };
        if (slot.opcode_width) {
          bool all = true;
          uint64_t v = 0;
          for (uint32_t i = 0; i < slot.opcode_width; ++i) {
            all = all && fixed[slot.opcode_lo + i];
            if (fixed_value(slot.opcode_lo + i)) v |= uint64_t{1} << i;
          }
          if (all) {
            f.fields.push_back({"opcode", {slot.lo + slot.opcode_lo, slot.opcode_width}, {}, true});
            f.opcode_field = "opcode";
            f.opcode = v;
            for (uint32_t i = 0; i < slot.opcode_width; ++i) fixed[slot.opcode_lo + i] = false;
          }
        }
        for (uint32_t i = 0; i < enc.width;) {
          if (!fixed[i]) {
            ++i;
            continue;
          }
          uint32_t j = i;
          uint64_t v = 0;
          while (j < enc.width && fixed[j] && j - i < 64) {
            if (fixed_value(j)) v |= uint64_t{1} << (j - i);
            ++j;
          }
          const std::string name = fmt::format("fixed{}", i);
          f.fields.push_back({name, {slot.lo + i, j - i}, {}, false});
          f.fixed.emplace_back(name, v);
          i = j;
        }
        for (const std::string& g : enc.globals) f.globals.push_back(fb.isa_name(g));
        try {
          isa.add_form(std::move(f));
        } catch (const std::invalid_argument& e) {
          fail_at(ts, enc.loc, e.what());
        }
        out->forms.push_back({&inst, &enc, sn});
      }
  // Signatures, after every form.
  for (size_t fi = 0; fi < out->forms.size(); ++fi) {
    const SpecForm& sf = out->forms[fi];
    const FormBuilder& fb = builders[fi];
    for (size_t k = 0; k < sf.enc->syntax.size(); ++k) {
      const std::string& t = sf.enc->syntax[k];
      const spec::Loc& loc = sf.enc->syntax_locs[k];
      const size_t sp = t.find(' ');
      std::string mnemonic = to_lower(t.substr(0, sp));
      const Form& form = isa.forms()[fi];
      SignatureDef def{form.def.name, mnemonic, {}, {}, {}};
      SpecSignature sig{k, {}};
      try {
        if (sp != std::string::npos) {
          const auto pieces = split_commas(std::string_view(t).substr(sp + 1));
          for (size_t p = 0; p < pieces.size(); ++p) def.operands.push_back(fb.piece(pieces[p], loc, isa, form, def.kinds, sig.labels, p));
        }
        isa.add_signature(std::move(def));
      } catch (const std::invalid_argument& e) {
        fail_at(ts, loc, e.what());
      }
      out->signatures.push_back(std::move(sig));
    }
  }
  if (builtins) isa.set_verdict(decode_verdicts(ts, *builtins, *out));
  return out;
}

}  // namespace mlisa::as
