// The single-word assembler, decoder and printer (word_isa.hpp).
#include "asm/word_isa.hpp"

#include "asm/bits.hpp"
#include "asm/decode_verdict.hpp"
#include "asm/operands.hpp"
#include "asm/reading.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <bit>
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <type_traits>
#include <variant>

namespace mlisa::as {

namespace {

using Item = WordTemplate::Item;
using spec::Bits;
using spec::Encoding;
using operands::BitMap;
using operands::bitmap;
using operands::Operand;

// A partial word, and whether an optional `{<Rd>,}` was left out.
struct Partial : Assignment {
  using Assignment::Assignment;
  bool omitted = false;
};

// The normalised text with each whole word that another name of a register
// stands for written as the register's own name (`r13` as `sp`, `ip` as
// `r12`), so that a template's literal SP matches R13 as llvm-mc and GNU as
// take it; `origin` (when given) follows. `renames`: other name (lower case) -> own name.
void own_register_names(std::string& s, std::vector<size_t>* origin,
                        const std::vector<std::pair<std::string, std::string>>& renames) {
  if (renames.empty()) return;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.'; };
  for (size_t p = 0; p < s.size();) {
    if (!word(s[p])) {
      ++p;
      continue;
    }
    size_t q = p;
    while (q < s.size() && word(s[q])) ++q;
    const std::string_view w = std::string_view(s).substr(p, q - p);
    const auto it = std::find_if(renames.begin(), renames.end(), [&](const auto& r) { return iequals(w, r.first); });
    if (p == 0 || it == renames.end()) {  // the mnemonic is never a register
      p = q;
      continue;
    }
    const std::string& own = it->second;
    if (origin) {
      std::vector<size_t> o;
      for (size_t k = 0; k < own.size(); ++k) o.push_back((*origin)[p + std::min(k, w.size() - 1)]);
      origin->erase(origin->begin() + static_cast<std::ptrdiff_t>(p), origin->begin() + static_cast<std::ptrdiff_t>(q));
      origin->insert(origin->begin() + static_cast<std::ptrdiff_t>(p), o.begin(), o.end());
    }
    s.replace(p, q - p, own);
    p += own.size();
  }
}

[[noreturn]] void fail_at(const spec::TargetSpec& ts, const spec::Loc& loc, const std::string& msg) {
  throw InputError(ts.sources().location(loc), msg);
}

// The letters and digits a name starts with, lower case: a template's stem
// (`ldrb` of `LDRB{<c>}`), an instruction's own mnemonic (`ldr` of "LDR (immediate)").
std::string leading_word(std::string_view s) {
  std::string w;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c))) break;
    w += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return w;
}

// An optional item that holds just a block condition (T32's `{<c>}`).
bool is_optional_block_cond(const Item& optional) {
  return optional.items.size() == 1 && optional.items[0].role == Item::Role::BlockCond;
}

// An optional item that holds just a block predicate (MVE's `{<v>}`: t or e
// inside a VPT block).
bool is_optional_block_pred(const Item& optional) {
  return optional.items.size() == 1 && optional.items[0].role == Item::Role::BlockPred;
}

// A register list's element suffix: its literal (`.h`; type null), or the
// literals around a table operand that gives the element type
// (`{ <Zt>.<T>-<Zt>.<T> }`; the constructor refuses any other operand there).
operands::ListSuffix list_suffix(const WordIsa& isa, const WordTemplate& t, const Item& list) {
  operands::ListSuffix out;
  bool typed = false;
  for (const Item& x : list.items) {
    if (x.kind == Item::Kind::Lit) (typed ? out.after : out.before) += x.text;
    else typed = true, out.type = std::get_if<operands::Table>(&isa.operand_of(t, x)->kind);
  }
  return out;
}

// Resolves the operand items of a template: their kinds, or the role the
// rules give the names the assembler owns.
void resolve_items(std::vector<Item>& items, const std::vector<Operand>& ops, const TargetRules& rules) {
  for (Item& it : items) {
    resolve_items(it.items, ops, rules);
    if (it.kind != Item::Kind::Operand && it.kind != Item::Kind::List && it.kind != Item::Kind::Same) continue;
    for (size_t k = 0; k < ops.size(); ++k)
      if (ops[k].name() == it.text) it.operand = static_cast<int>(k);
    if (it.kind != Item::Kind::Operand) continue;
    const bool cond = it.operand >= 0 && std::holds_alternative<operands::Cond>(ops[static_cast<size_t>(it.operand)].kind);
    it.role = rules.role_of(it.text, cond);
    if (it.role == Item::Role::BlockCond) it.operand = -1;
  }
}

}  // namespace

std::vector<uint8_t> TargetRules::bytes(const Bits& word) const { return le_bytes(word); }

Bits TargetRules::word_from(std::span<const uint8_t> bytes) const {
  uint64_t v = 0;
  for (size_t i = 0; i < bytes.size() && i < 8; ++i) v |= uint64_t{bytes[i]} << (8 * i);
  return Bits(static_cast<uint32_t>(bytes.size() * 8), v);
}

namespace {

uint32_t widest_encoding(const spec::TargetSpec& ts) {
  uint32_t w = 1;
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) w = std::max(w, enc.width);
  return w;
}

}  // namespace

WordIsa::WordIsa(const spec::TargetSpec& ts, const spec::BuiltinTable& builtins, std::unique_ptr<TargetRules> rules)
    : spec_(ts), rules_(std::move(rules)), model_(std::string(rules_->name()), widest_encoding(ts)),
      core_regs_{"R", ts.register_class("R")}, decoder_(ts), engine_(ts.module(), builtins) {
  model_.add_slot({"t", {}, 0, 0, "p"});
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) {
      std::string name = fmt::format("{} {}", inst.name, enc.name);
      for (int k = 2; model_.find_form(name) >= 0; ++k) name = fmt::format("{} {} ({})", inst.name, enc.name, k);
      std::vector<FieldDef> fields;  // every bit, in fields of at most 64 bits
      for (uint32_t at = 0; at < enc.width; at += 64)
        fields.push_back({fmt::format("bits{}", at), {at, std::min(64u, enc.width - at)}, {}, false});
      form_of_[&enc] = model_.add_form({"t", name, enc.width, std::move(fields), {}, "", 0, {}});
    }
  engine_.sources = &ts.sources();
  engine_.reset_globals();
  if (const spec::RegisterClass* r = core_regs_.declared)
    for (const auto& [name, n] : r->also)
      if (to_lower(name) != core_regs_.name(n)) register_renames_.emplace_back(to_lower(name), core_regs_.name(n));
  pc_offset_ = rules_->pc_offset();
  if (const auto state = rules_->in_block_state()) {
    block_state_slot_ = engine_.global_slot(state->first);
    block_state_ = state->second;
  }
  assembling_slot_ = engine_.global_slot("_Assembling");
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) {
      Assignment& start = starts_.emplace(&enc, Assignment(enc.width)).first->second;
      for (uint32_t b = 0; b < enc.width; ++b)
        if (enc.fixed_mask.bit(b)) start.set(Field{b, 1}, enc.fixed_value.bit(b));
      std::vector<Operand>& ops = operands_[&enc];
      for (const auto& op : enc.operands) {
        std::optional<Operand> o = operands::prepare(ts, enc, op);
        if (!o) fail_at(ts, op.loc, fmt::format("operand kind '{}' is not supported by the single-word assembler", spec::kind_name(op.kind)));
        ops.push_back(std::move(*o));
      }
      // A relocation the object writer would not know is the page's error, not the object's.
      if (!enc.relocation.empty() && !relocation_number(rules_->elf().machine, enc.relocation))
        fail_at(ts, enc.loc, fmt::format("encoding {} names relocation {}, which is not one of this target's ELF ABI "
                                         "that mlisa writes", enc.name, enc.relocation));
    }
  for (const auto& inst : ts.instructions())
    for (const auto& enc : inst.encodings) {
      min_width_ = std::min(min_width_, enc.width);
      for (size_t k = 0; k < enc.syntax.size(); ++k) {
        WordTemplate t;
        t.inst = &inst;
        t.enc = &enc;
        t.syntax = k;
        t.in_block = k < enc.syntax_it.size() ? enc.syntax_it[k] : 0;
        t.printed = !(k < enc.syntax_assembler_only.size() && enc.syntax_assembler_only[k]);
        t.index = static_cast<uint32_t>(templates_.size());
        t.items = parse_template(enc.syntax[k]);
        resolve_items(t.items, operands_.at(&enc), *rules_);
        // A register list's element type, when it is an operand, is a table of spellings.
        for (const Item& it : t.items) {
          if (it.kind != Item::Kind::List) continue;
          for (const Item& x : it.items)
            if (x.kind != Item::Kind::Lit &&
                (x.operand < 0 || !std::holds_alternative<operands::Table>(operands_.at(&enc)[static_cast<size_t>(x.operand)].kind)))
              fail_at(ts, enc.loc, fmt::format("syntax '{}': the element type <{}> of a register list must be a table operand",
                                               enc.syntax[k], x.text));
        }
        auto has_role = [](auto& self, const std::vector<Item>& items, Item::Role role) -> bool {
          return std::any_of(items.begin(), items.end(),
                             [&](const Item& it) { return it.role == role || self(self, it.items, role); });
        };
        t.takes_cond = has_role(has_role, t.items, Item::Role::BlockCond);
        t.takes_pred = has_role(has_role, t.items, Item::Role::BlockPred);
        if (!t.items.empty() && t.items[0].kind == Item::Kind::Lit) t.stem = leading_word(t.items[0].text);
        (t.stem.empty() ? no_stem_ : by_stem_[t.stem]).push_back(t.index);
        templates_.push_back(std::move(t));
      }
    }
  // The mnemonics instructions are named by (`LDR` of "LDR (immediate)").
  std::set<std::string> own;
  for (const auto& inst : ts.instructions()) own.insert(leading_word(inst.name));
  for (WordTemplate& t : templates_)
    t.borrowed = !t.printed && t.stem != leading_word(t.inst->name) && own.count(t.stem);
  // The values of the operands that a spec function gives, each table built
  // once: modimm (the rules' function of every field value) and vfpimm
  // (VFPExpandImm(imm8, 64) of every imm8).
  auto function_named = [&](const std::string& name) -> const spec::FunctionDecl* {
    const spec::FunctionDecl* found = nullptr;
    for (const spec::FunctionDecl* f : ts.module().functions)
      if (!name.empty() && f->name == name && f->has_body) found = f;
    return found;
  };
  modimm_refusal_ = rules_->modimm_refusal();
  const spec::FunctionDecl* vfp = function_named("VFPExpandImm");
  for (auto& [enc, ops] : operands_)
    for (Operand& o : ops) {
      auto* mod = std::get_if<operands::ModImm>(&o.kind);
      const uint32_t width = mod ? static_cast<uint32_t>(mod->map.width()) : 0;
      const spec::FunctionDecl* expand = mod ? function_named(rules_->modimm_function(width)) : nullptr;
      if (mod && expand) {
        auto& table = modimm_[width];
        if (!table) {
          table = std::make_unique<operands::ExpandTable>(rules_->modimm_bits(width), [this, expand, width](operands::ExpandTable::Values& values) {
            for (uint64_t f = 0; f < (uint64_t{1} << width); ++f) {
              std::optional<uint64_t> v;
              try {
                v = engine_.call(*expand, {spec::Value::bits(width, f)}).as_bits().low64();
              } catch (const spec::EndOfInstruction&) {  // UNPREDICTABLE or UNDEFINED: no value
              }
              values.push_back(v);
            }
          });
        }
        mod->table = table.get();
        mod->refusal = &modimm_refusal_;
      } else if (auto* imm = std::get_if<operands::VfpImm>(&o.kind); imm && vfp) {
        if (vfp_values_.empty())
          for (uint64_t imm8 = 0; imm8 < 256; ++imm8)
            vfp_values_.push_back(std::bit_cast<double>(
                engine_.call(*vfp, {spec::Value::bits(8, imm8), spec::Value::integer(64)}).as_bits().low64()));
        imm->values = &vfp_values_;
        imm->eight_decimals = rules_->fp_immediate_decimals();
      }
    }
  rules_->prepare(*this);
}

void WordIsa::candidates(std::string_view trimmed, std::vector<uint32_t>& out) const {
  out.assign(no_stem_.begin(), no_stem_.end());
  size_t lists = no_stem_.empty() ? 0 : 1;
  size_t n = 0;
  while (n < trimmed.size() && std::isalnum(static_cast<unsigned char>(trimmed[n]))) ++n;
  std::string key;
  key.reserve(n);
  for (size_t k = 1; k <= n; ++k) {
    key += trimmed[k - 1];
    const auto it = by_stem_.find(key);
    if (it == by_stem_.end()) continue;
    out.insert(out.end(), it->second.begin(), it->second.end());
    ++lists;
  }
  if (lists > 1) std::sort(out.begin(), out.end());  // spec order
}

std::string WordIsa::decode_verdict(const Encoding& enc, const Bits& word, std::string* rule, bool in_block,
                                    bool assembling) const {
  if (!word.is_small()) return run_decode(enc, word, rule, in_block, assembling);
  const VerdictKey key{&enc, word.low64(), word.width(), in_block, assembling};
  auto it = verdicts_.find(key);
  if (it == verdicts_.end()) {
    std::string why;
    std::string verdict = run_decode(enc, word, &why, in_block, assembling);
    it = verdicts_.emplace(key, std::make_pair(std::move(verdict), std::move(why))).first;
  }
  if (rule) *rule = it->second.second;
  return it->second.first;
}

std::string WordIsa::run_decode(const Encoding& enc, const Bits& word, std::string* rule, bool in_block,
                                bool assembling) const {
  std::vector<spec::Value> frame = spec_.frame_for(enc, word);
  // A global the decode reads (the rules' block state inside a conditional
  // block, `_Assembling` while assembling) holds what the caller says while
  // the decode runs, then gets back what it held.
  struct Held {
    spec::Engine& e;
    int slot;
    std::optional<spec::Value> was;
    Held(spec::Engine& engine, int s, const spec::Value& v) : e(engine), slot(s) {
      if (slot < 0) return;
      was = e.globals()[static_cast<size_t>(slot)];
      e.globals()[static_cast<size_t>(slot)] = v;
    }
    ~Held() {
      if (slot >= 0) e.globals()[static_cast<size_t>(slot)] = std::move(*was);
    }
  };
  const Held state(engine_, in_block ? block_state_slot_ : -1, block_state_);
  const Held judging(engine_, assembling ? assembling_slot_ : -1, spec::Value::boolean(true));
  DecodeVerdict v = as::run_decode(engine_, spec_, enc, frame);
  if (rule) *rule = std::move(v.rule);
  return v.what;
}

namespace {

// A refusal that lists the values an operand takes, with those another
// refusal lists at the same column (the other's first: the more general
// type's); any other refusal as it is.
InputError with_values_of(const InputError& refusal, const InputError& other) {
  const std::string &a = refusal.message(), &b = other.message();
  if (refusal.location().col != other.location().col || a.rfind(operands::kOneOf, 0) != 0 || b.rfind(operands::kOneOf, 0) != 0) return refusal;
  std::vector<std::string_view> values = split_top(std::string_view(b).substr(operands::kOneOf.size()), ',');
  for (const std::string_view v : split_top(std::string_view(a).substr(operands::kOneOf.size()), ','))
    if (std::find(values.begin(), values.end(), v) == values.end()) values.push_back(v);
  std::string list;
  for (const std::string_view v : values) list += fmt::format("{}{}", list.empty() ? "" : ", ", v);
  return InputError(refusal.location(), std::string(operands::kOneOf) + list);
}

}  // namespace

WordIsa::Assembled WordIsa::assemble(const std::string& text, const AsmContext& ctx) const {
  using Prefer = TargetRules::Prefer;
  Prefer how = Prefer::After;
  const std::string other = rules_->alternative(text, &how);
  if (other.empty()) return assemble_as_written(text, ctx);
  auto attempt = [&](const std::string& t) -> std::optional<Assembled> {
    try {
      return assemble_as_written(t, ctx);
    } catch (const InputError&) {
      return std::nullopt;
    }
  };
  if (how == Prefer::Before) {
    if (auto a = attempt(other)) return *a;
    return assemble_as_written(text, ctx);
  }
  std::optional<Assembled> written;
  try {
    written = assemble_as_written(text, ctx);
  } catch (const InputError& as_written) {
    // An alternative tried after may have its own (.s8, then .i8, then .8);
    // the refusal of the text as written is the one reported, with the
    // values an alternative takes at the same operand (`vcmp.s8 hs`: the
    // signed conditions, and EQ and NE of .i8).
    InputError refusal = as_written;
    std::string next = other;
    for (int step = 0; step < 3 && !next.empty(); ++step) {
      try {
        return assemble_as_written(next, ctx);
      } catch (const InputError& e) {
        refusal = with_values_of(refusal, e);
      }
      Prefer then = Prefer::After;
      next = rules_->alternative(next, &then);
      if (then != Prefer::After) break;
    }
    throw refusal;
  }
  // Narrower: the alternative when it gives a narrower word.
  if (how == Prefer::Narrower && written->word.width() > min_width_)
    if (auto a = attempt(other); a && a->word.width() < written->word.width()) return *a;
  return *written;
}

namespace {

// The column (1-based, in the text as written) of a position in the normalised text.
int column_of(const std::vector<size_t>& origin, size_t p) {
  if (origin.empty()) return 1;
  if (p < origin.size()) return static_cast<int>(origin[p]) + 1;
  return static_cast<int>(origin.back()) + 2;  // past the end: just after the last character
}

// The refusal as llvm-mc words it, at the column it blames.
InputError describe_refusal(const std::string& text, const std::string& trimmed,
                                     const std::vector<size_t>& origin, const Refusal& why, const AsmContext& ctx,
                                     const TargetRules& rules) {
  using K = Refusal::Kind;
  const size_t mnemonic_end = std::min(trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), trimmed.size());
  const std::string mnemonic = trimmed.substr(0, mnemonic_end);
  size_t at = why.pos;
  std::string msg;
  if (why.kind == K::None || why.kind == K::Whole) {
    msg = why.kind == K::None ? "invalid instruction" : why.msg;
  } else if (at < mnemonic_end) {
    // In the mnemonic: its condition, its VPT predicate, its type suffix, or no such instruction.
    if (why.kind == K::OutsideBlock && !ctx.in_block && !ctx.block_pred && !rules.pred_block().empty() &&
        why.msg.rfind(rules.pred_block(), 0) == 0) {
      msg = fmt::format("{} (open one before it, or drop the letter)", why.msg);
      at = 0;
    } else if (why.kind == K::OutsideBlock && !ctx.in_block && !ctx.block_pred) {
      msg = fmt::format("{} (write '{} {}' before it)", why.msg, to_lower(rules.cond_block()), mnemonic.substr(at, 2));
      at = 0;
    } else if (why.kind == K::OutsideBlock) {
      const std::string want = ctx.block_pred ? std::string(1, ctx.block_pred) : to_lower(ctx.block_cond);
      const bool got = why.msg.find("got 'none'") == std::string::npos;
      const std::string rest = mnemonic.substr(std::min(mnemonic.size(), at + (got ? (ctx.block_pred ? 1 : 2) : 0)));
      // The spelling to write, where the letters are a condition's place
      // (not inside another mnemonic: `bkpteq` is no B with a condition).
      const std::string spelling = mnemonic.substr(0, at) + want + rest;
      if (spelling == mnemonic) {
        // Nothing to rewrite: the letters the block gives are there, and the
        // instruction still does not take them (`vaddeq.i8` in an IT block), as llvm-mc says it.
        msg = "invalid instruction";
        at = 0;
      } else if (got || rest.empty() || rest[0] == '.') {
        msg = fmt::format("{} (write '{}')", why.msg, spelling);
      } else {
        msg = why.msg;
      }
    } else if (trimmed.rfind('.', at) != std::string::npos) {
      at = trimmed.rfind('.', at);
      const size_t end = std::min(trimmed.find('.', at + 1), mnemonic_end);
      msg = fmt::format("invalid type suffix '{}' for instruction", trimmed.substr(at, end - at));
      if (why.kind == K::Table && !why.spellings.empty()) {
        std::string takes;
        for (const std::string& sp : why.spellings) takes += (takes.empty() ? "" : ", ") + (sp[0] == '.' ? sp : "." + sp);
        msg += fmt::format(" (it takes {})", takes);
      }
    } else {
      msg = "invalid instruction";
      at = 0;
    }
  } else {
    switch (why.kind) {
      case K::Imm:
      case K::Reg: msg = operands::describe(why); break;
      case K::Table: {
        msg = operands::describe(why);
        // An immediate held as a table is blamed at its '#', as other immediates are.
        auto number = [](const std::string& sp) {
          return operands::spelled_number(sp) || (!sp.empty() && std::isdigit(static_cast<unsigned char>(sp[0])));
        };
        if (!why.spellings.empty() && std::all_of(why.spellings.begin(), why.spellings.end(), number) && at > 0 && trimmed[at - 1] == '#')
          --at;
        break;
      }
      default: msg = why.msg;
    }
    if (why.kind == K::Syntax && at < trimmed.size() && trimmed[at] == ',') ++at;
    // An offset in brackets blamed on the memory operand (T32, as llvm-mc blames it).
    if (rules.blame_brackets() && (why.kind == K::Imm || (why.kind == K::Syntax && at < trimmed.size()))) {
      const size_t open = trimmed.rfind('[', at);
      if (open != std::string::npos && trimmed.find(']', open) >= at) at = open;
    }
  }
  SourceLocation loc;
  loc.col = column_of(origin, at);
  loc.text = text;
  return InputError(std::move(loc), msg);
}

}  // namespace

// Why the decode pseudocode refuses a whole match (verdict v, at the
// pseudocode line `rule`): the first operand, in the order written (`trail`:
// the match's operands with where their text starts in `text`), some other
// value of which the pseudocode takes; the values it takes describe what the
// operand must be.
Refusal WordIsa::blame(const WordTemplate& t, const Bits& word, const std::string& v, const std::string& rule,
                       std::span<const std::pair<const Operand*, size_t>> trail, std::string_view text) const {
  Refusal r;
  r.kind = Refusal::Kind::Whole;
  r.see = v.rfind("SEE", 0) == 0;
  const std::string where = fmt::format("{} in {} {}{}{}", v, t.inst->name, t.enc->name, rule.empty() ? "" : ": ", rule);
  r.msg = fmt::format("invalid instruction ({})", where);
  const Encoding& enc = *t.enc;
  const Assignment whole = every_bit(word, enc.width, enc.width);
  auto takes = [&](const Assignment& a) { return assembles(enc, a.value()); };
  // The register an operand names in the word (a table's spelling may be one: clz's <Rm>), or -1.
  auto reg_of = [&](const Operand& o) -> int64_t {
    if (const auto* reg = std::get_if<operands::Reg>(&o.kind))
      return reg->number(word);
    if (!std::holds_alternative<operands::Table>(o.kind)) return -1;
    for (const operands::OtherValue& a : operands::values_of(o.kind, enc.width))
      if (a.bits.matches(word) && core_regs_.number(a.spelling) >= 0) return core_regs_.number(a.spelling);
    return -1;
  };
  // Operands after the mnemonic first: a type suffix is blamed only when no operand can be.
  const size_t mnemonic_end = std::min(text.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), text.size());
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < trail.size(); ++i) {
      const auto& [op, at] = trail[i];
      if ((at < mnemonic_end) != (pass == 1)) continue;
      const std::vector<operands::OtherValue> taken = operands::values_taken(op->kind, whole, takes);
      if (taken.empty()) continue;
      r.pos = at;
      if (r.pos > 0 && text[r.pos - 1] == '-') --r.pos;
      if (r.pos > 0 && text[r.pos - 1] == '#') --r.pos;
      // Refused where it equals another register operand of its class, and
      // taken when that one differs: they must differ.
      const int64_t value = reg_of(*op);
      for (size_t j = 0; value >= 0 && j < trail.size(); ++j) {
        const Operand* o = trail[j].first;
        const bool o_reg = std::holds_alternative<operands::Reg>(o->kind);
        if (j == i || o->name() == op->name() || reg_of(*o) != value || (o_reg && o->spec->reg_class != op->spec->reg_class))
          continue;
        const auto others = operands::values_of(o->kind, enc.width);
        const bool differ = std::any_of(others.begin(), others.end(), [&](const operands::OtherValue& a) {
          const int64_t other = o_reg ? a.number.value_or(-1) : core_regs_.number(a.spelling);
          return other >= 0 && other != value && takes(operands::with_value(whole, a));
        });
        if (differ) {
          r.msg = fmt::format("<{}> and <{}> must be different registers ({})", op->name(), o->name(), where);
          return r;
        }
      }
      r.msg = fmt::format("{} ({})", operands::describe_taken(op->kind, taken, &core_regs_), where);
      return r;
    }
  return r;
}

WordIsa::Assembled WordIsa::assemble_as_written(const std::string& text, const AsmContext& ctx, bool explain) const {
  std::vector<size_t> origin;  // index in text of each character of trimmed
  std::string in = normalise_text(text, false, &origin);
  own_register_names(in, &origin, register_renames_);
  std::string trimmed = in;
  while (!trimmed.empty() && trimmed.back() == ' ') trimmed.pop_back();
  std::optional<std::string> cased_text;  // label text keeps its case (made when a label operand reads it)
  auto cased = [&]() -> const std::string& {
    if (!cased_text) {
      cased_text = normalise_text(text, true);
      own_register_names(*cased_text, nullptr, register_renames_);
      cased_text->resize(std::min(cased_text->size(), trimmed.size()));
    }
    return *cased_text;
  };
  Refusal why;
  Refusal block_why;  // the first block refusal: it explains a refused mnemonic best
  // fits_text: the text is what the operand takes (a number for an
  // immediate), refused for its value: it says more than a refusal of its kind.
  auto note = [&](Refusal r) {
    if (r.kind == Refusal::Kind::OutsideBlock && block_why.kind == Refusal::Kind::None) block_why = r;
    why.note(std::move(r));
  };
  auto refuse_at = [&](Refusal::Kind kind, size_t at, std::string_view msg, bool fits_text = false) {
    if (!explain) return;
    Refusal r;
    r.kind = kind;
    r.pos = at;
    r.msg = std::string(msg);
    r.fits_text = fits_text;
    note(std::move(r));
  };
  std::vector<Refusal> refusals;  // what a name the rules own refused
  // The operands of the match in progress, with where their text starts.
  std::vector<std::pair<const Operand*, size_t>> trail;
  trail.reserve(16);
  // The templates that accept the text are the solver's candidates, ranked by
  // (`{<Rd>,}` omitted, a borrowed spelling, spec order): its key takes the
  // narrowest word, then the lowest rank, so a narrower template later in spec
  // order (another page) still beats a wider one. A match that omits an optional `{<Rd>,}`
  // loses to a later template of no greater width that needs no omission
  // (T32's choice among encodings, as llvm-mc makes it); one by another
  // instruction's mnemonic (`strb w0, [x1, #-8]` as STURB) to that
  // instruction's own templates wherever its page lies. A template whose
  // candidate the key could not prefer to one found is not matched.
  Problem problem{&model_, {{0, nullptr, {}}}, {}};
  std::vector<Candidate>& accepted = problem.slots[0].candidates;
  uint32_t best_width = 0;
  int best_pref = 0;
  std::vector<uint32_t> cands;
  candidates(trimmed, cands);
  std::vector<operands::Way> ways;    // what operands read, a stack: deeper operands push after
  std::vector<size_t> lengths;        // what the names the rules own take, alike
  for (uint32_t index : cands) {
    const WordTemplate& t = templates_[index];
    const Encoding& enc = *t.enc;
    if (enc.width < ctx.min_width || (t.in_block == 1 && !ctx.in_block) || (t.in_block == 2 && ctx.in_block)) continue;
    // Nothing wider than the best so far, nor as wide once that has the lowest preference.
    if (!accepted.empty() && (enc.width > best_width || (best_pref == 0 && enc.width == best_width))) continue;
    std::optional<Assembled> found;
    bool found_omitted = false;
    // A whole match: its word, unless the blocks or the decode pseudocode refuse it.
    auto at_end = [&](size_t pos, const Partial& st) {
      if (pos != trimmed.size()) {
        refuse_at(Refusal::Kind::Syntax, pos, "too many operands for instruction");
        return;
      }
      Bits w = enc.should_value | st.value();
      if (ctx.should_be) {
        int n = 0;
        should_be_bits(enc, w, &n);
        if (n == 0 || (n < 64 && *ctx.should_be >> n)) {
          if (explain) refuse_at(Refusal::Kind::Whole, 0,
                    fmt::format("should_be={:#x} does not fit the {} should-be bits of {} {}", *ctx.should_be, n,
                                t.inst->name, enc.name));
          return;
        }
        int k = n;
        for (uint32_t b = enc.width; b-- > 0;)
          if (enc.should_mask.bit(b)) w.set_bit(b, (*ctx.should_be >> --k) & 1);
      }
      // Inside a block, an instruction the block cannot hold (the rules say which).
      if (ctx.in_block || ctx.block_pred)
        if (const char* refused = rules_->block_refusal(t, ctx)) {
          refuse_at(Refusal::Kind::Whole, 0, refused);
          return;
        }
      std::string rule;
      const std::string v = decode_verdict(enc, w, explain ? &rule : nullptr, ctx.in_block, true);
      if (v.empty()) {
        found = Assembled{t.inst, &enc, w};
        found_omitted = st.omitted;
      } else if (explain && (why.kind != Refusal::Kind::Whole || why.see)) {
        why.note(blame(t, w, v, rule, trail, trimmed));
      }
    };
    // A literal the text does not continue with (or, matched, where the next operand starts).
    auto after_literal = [&](const Item& lit, size_t pos) {
      if (!explain) return;
      const std::string_view s = std::string_view(trimmed).substr(pos);
      {
        // The first character that differs.
        size_t k = 0;
        while (k < s.size() && k < lit.text.size() && s[k] == lit.text[k]) ++k;
        while (k > 0 && (s[k - 1] == '#' || s[k - 1] == '-')) --k;  // where an operand's text starts
        // Inside a word (`msp_nzcvq` after a table's `msp`): the word is refused.
        auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
        size_t at = pos + k;
        if (at < trimmed.size() && word_char(trimmed[at]))
          while (at > 0 && word_char(trimmed[at - 1])) --at;
        if (at < pos) {
          refuse_at(Refusal::Kind::Syntax, at, "invalid operand for instruction");
          return;
        }
        k = at - pos;
        if (k < lit.text.size() && (lit.text[k] == ',' || lit.text[k] == ' ') && pos + k == trimmed.size())
          refuse_at(Refusal::Kind::Syntax, pos + k, "too few operands for instruction");
        else
          refuse_at(Refusal::Kind::Syntax, pos + k, "invalid operand for instruction");
      }
      return;
    };
    // Inside a conditional block the instruction spells the block's condition;
    // inside a predication block, its predicate letter.
    auto may_leave_out = [&](const Item& optional) {
      return !(ctx.in_block && is_optional_block_cond(optional)) && !(ctx.block_pred && is_optional_block_pred(optional));
    };
    auto omit = [](Partial& st) { st.omitted = true; };
    // What an operand item reads from the text at pos.
    auto on_operand = [&](const Item& item, size_t pos, const Partial& st, auto& next) {
      const Item* it = &item;
      // The same for an operand the decode pseudocode reads (blamed when it refuses).
      auto next_op = [&](const Operand* o, size_t p, const Partial& s) {
        trail.emplace_back(o, pos);
        next(p, s);
        trail.pop_back();
      };
      if (it->kind == Item::Kind::List) {
        const Operand* lop = operand_of(t, *it);
        const auto* list = lop ? std::get_if<operands::List>(&lop->kind) : nullptr;
        if (!list) return;
        const operands::ListSuffix sfx = list_suffix(*this, t, *it);
        const operands::TextAt at{trimmed, pos};
        const size_t from = ways.size();
        operands::read_list(*list, sfx, at, ways);
        bool any = false;
        for (size_t i = from, end = ways.size(); i < end; ++i) {
          const operands::Way w = ways[i];
          Partial st2 = st;
          if (!operands::encode_list(*list, sfx, w.raw, st2)) continue;
          any = true;
          next_op(lop, pos + w.len, st2);
        }
        ways.resize(from);
        if (!any && explain) why.note(operands::refusal(lop->kind, at, st));
        return;
      }
      if (it->role != Item::Role::None) {
        // A name the rules own (T32's block condition, width qualifier, block predicate).
        const size_t from = lengths.size();
        refusals.clear();
        rules_->read_owned(it->role, {trimmed, pos}, ctx, enc.width, lengths, explain ? &refusals : nullptr);
        for (Refusal& r : refusals) note(std::move(r));
        for (size_t i = from, end = lengths.size(); i < end; ++i) next(pos + lengths[i], st);
        lengths.resize(from);
        return;
      }
      const Operand* op = operand_of(t, *it);
      if (!op) return;
      if (const auto* label = std::get_if<operands::Label>(&op->kind)) {
        const operands::LabelPlace place{ctx.address + static_cast<uint64_t>(pc_offset_), &ctx.resolve, &core_regs_,
                                         t.inst->name, enc.name};
        Refusal r;
        const std::optional<operands::Way> w = operands::read_label(*label, {cased(), pos}, place, explain ? &r : nullptr);
        Partial st2 = st;
        if (w && label->encode(w->raw, st2)) next(pos + w->len, st2);
        if (!w && r.kind != Refusal::Kind::None) why.note(std::move(r));
        return;
      }
      if (const auto* cond = std::get_if<operands::Cond>(&op->kind); cond && cond->own_c && ctx.in_block)
        return;  // a condition field of its own inside a conditional block: UNPREDICTABLE (T32)
      const operands::TextAt at{trimmed, pos};
      const size_t from = ways.size();
      operands::read(op->kind, at, ways);
      bool any = false;
      for (size_t i = from, end = ways.size(); i < end; ++i) {
        const operands::Way w = ways[i];  // by value: deeper operands add ways
        Partial st2 = st;
        if (!operands::encode(op->kind, w.raw, st2)) continue;
        any = true;
        if (w.len) next_op(op, pos + w.len, st2);
        else next(pos, st2);
      }
      ways.resize(from);
      if (!any && explain)
        if (Refusal r = operands::refusal(op->kind, at, st); r.kind != Refusal::Kind::None) why.note(std::move(r));
    };
    WalkHooks hooks{[&] { return found.has_value(); }, on_operand, at_end, after_literal, may_leave_out, omit};
    Partial start;
    static_cast<Assignment&>(start) = starts_.at(&enc);
    walk_template(t.items, trimmed, start, hooks);
    if (!found) continue;
    const int pref = (found_omitted ? 2 : 0) + (t.borrowed ? 1 : 0);
    Candidate& c = accepted.emplace_back();
    c.form = form_of_.at(&enc);
    c.signature = static_cast<int>(index);
    c.bits = every_bit(found->word, enc.width, model_.width());
    c.rank = uint64_t(pref) << 32 | index;
    if (accepted.size() == 1 || enc.width < best_width || pref < best_pref) best_width = enc.width, best_pref = pref;
    if (pref == 0 && enc.width == min_width_) break;  // nothing comes before it
  }
  if (!accepted.empty()) {
    const Solution chosen = solve(problem, {});
    const WordTemplate& t = templates_[static_cast<size_t>(chosen.chosen[0].signature)];
    return Assembled{t.inst, t.enc, chosen.word};
  }
  // Refused: match again, this time noting why (a text that assembles pays nothing for it).
  if (!explain) return assemble_as_written(text, ctx, true);
  const size_t mnemonic_end = std::min(trimmed.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789._"), trimmed.size());
  throw InputError(describe_refusal(text, trimmed, origin,
                                    why.pos < mnemonic_end && why.kind != Refusal::Kind::Whole && block_why.kind != Refusal::Kind::None ? block_why : why,
                                    ctx, *rules_));
}

const Encoding* WordIsa::decode(const Bits& word, const spec::InstructionSpec** inst, std::string* why) const {
  return decode_among(decoder_.candidates(word), word, inst, why);
}

const Encoding* WordIsa::decode_linear(const Bits& word, const spec::InstructionSpec** inst, std::string* why) const {
  return decode_among(WordDecoder::linear(spec_, word), word, inst, why);
}

const Encoding* WordIsa::decode_among(std::span<const WordDecoder::Candidate> cands, const Bits& word,
                                      const spec::InstructionSpec** inst, std::string* why) const {
  std::string last = "UNDEFINED (no encoding matches)";
  for (const WordDecoder::Candidate& c : cands) {
    const Encoding& enc = *c.enc;
    if (enc.width != word.width() || !enc.matches(word)) continue;
    const std::string v = decode_verdict(enc, word);
    if (v.empty()) {
      if (inst) *inst = c.inst;
      return &enc;
    }
    if (v.rfind("SEE", 0) != 0) last = fmt::format("{} ({} {})", v, c.inst->name, enc.name);
  }
  if (why) *why = last;
  return nullptr;
}

std::string WordIsa::print(const Encoding& enc, const Bits& word, const PrintContext& ctx) const {
  const std::vector<std::string> all = print_all(enc, word, ctx, false);
  // An alias may spell a value another encoding takes when assembled (A64's
  // MOV of an ORR immediate that MOVZ can make, llvm-mc's choice): the first
  // text that gives the word back, or that cannot be assembled alone (a
  // label the context names).
  AsmContext at;
  at.address = ctx.address;
  at.in_block = ctx.in_block;
  at.block_cond = ctx.block_cond;
  at.block_pred = ctx.block_pred;
  for (const std::string& t : all) {
    try {
      if (assemble(t, at).word == word) return t;
    } catch (const InputError&) {
      return t;
    }
  }
  return all.empty() ? "" : all.front();
}

// A table that prints nothing and reads only bits of an immediate of the
// template narrows that immediate's values (MOVN's `#<inv0><hw0><not1s>`,
// imm16 not all ones): no operand of its own. One over other bits stands for
// an operand the text leaves out (MUL's `<Rn><rm_is_rd>`, Rm = Rd).
bool WordIsa::narrows_immediate(const WordTemplate& t, const operands::Table& table) const {
  if (!std::all_of(table.entries.begin(), table.entries.end(), [](const auto& e) { return e.shown.empty(); })) return false;
  return std::any_of(t.items.begin(), t.items.end(), [&](const Item& it) {
    const Operand* op = it.kind == Item::Kind::Operand ? operand_of(t, it) : nullptr;
    const auto* num = op ? std::get_if<operands::Number>(&op->kind) : nullptr;
    return num && num->map.width() > 0 && std::all_of(table.map.pos.begin(), table.map.pos.end(), [&](int p) {
      return std::find(num->map.pos.begin(), num->map.pos.end(), p) != num->map.pos.end();
    });
  });
}

std::vector<std::string> WordIsa::print_all(const Encoding& enc, const Bits& word, const PrintContext& ctx,
                                            bool fewest_operands_first) const {
  std::vector<std::pair<size_t, std::string>> texts;  // (operands, text)
  for (const WordTemplate& t : templates_) {
    if (t.enc != &enc || !t.printed || (t.in_block == 1 && !ctx.in_block) || (t.in_block == 2 && ctx.in_block)) continue;
    std::string out;
    bool ok = true;
    size_t operands = 0;
    // An optional part that only repeats operands written outside it (MUL
    // T1's `<Rdm>, <Rn>{, <Rdm>}`) is printed, as llvm-objdump prints MUL's
    // three registers.
    std::vector<const Item*> items;
    for (const Item& it : t.items) {
      const bool repeats = it.kind == Item::Kind::Optional && !it.same_as_next &&
          std::any_of(it.items.begin(), it.items.end(), [](const Item& x) { return x.kind == Item::Kind::Operand; }) &&
          std::all_of(it.items.begin(), it.items.end(), [&](const Item& x) {
            return x.kind == Item::Kind::Lit || (x.kind == Item::Kind::Operand && x.operand >= 0 &&
                std::any_of(t.items.begin(), t.items.end(), [&](const Item& y) { return y.kind == Item::Kind::Operand && y.text == x.text; }));
          });
      if (!repeats) items.push_back(&it);
      else for (const Item& x : it.items) items.push_back(&x);
    }
    const Item* previous = nullptr;
    for (const Item* item : items) {
      const Item& it = *item;
      if (it.kind == Item::Kind::Optional && it.same_as_next) {
        // `{<Rd>,}`: printed, as llvm-objdump prints every register.
        const Operand* op = operand_of(t, it.items[0]);
        const auto* reg = op ? std::get_if<operands::Reg>(&op->kind) : nullptr;
        if (!reg) {
          ok = false;
          break;
        }
        out += *reg->print(reg->decode(word)) + ",";
        ++operands;
        continue;
      }
      if (it.kind == Item::Kind::Optional) {
        // The predication block's letter of this instruction.
        if (ctx.block_pred && is_optional_block_pred(it)) out += ctx.block_pred;
        // An optional block condition: the conditional block's.
        if (ctx.in_block && is_optional_block_cond(it)) out += to_lower(ctx.block_cond);
        continue;
      }
      // A constant operand (`{d0 - d15}` of VLLDM T1, `SP`) tells nothing, so costs nothing:
      // `vlldm r0, {d0 - d15}` is listed as llvm-objdump-19 lists it, not as `vlldm r0`.
      // Nor does a table of one written spelling, which the word's match already says
      // (ADD T2's `<Rdn>, <sp>, <Rdn>`: `add r1, sp, r1`, as llvm-objdump-19 lists it);
      // one of an empty spelling (DMB's `<sy>`) still costs, so `dmb sy` is listed,
      // but not one written right after an operand, which only says when the
      // syntax applies (MOV T3's `<Rm><rrx_alias>`: `rrx r1, r2`, as llvm-objdump-19).
      const Operand* op = operand_of(t, it);
      const auto* table = op ? std::get_if<operands::Table>(&op->kind) : nullptr;
      const bool one = table && table->entries.size() == 1;
      const bool after_operand = previous && previous->kind == Item::Kind::Operand;
      previous = item;
      if (it.kind != Item::Kind::Lit && !(op && std::holds_alternative<operands::Const>(op->kind)) &&
          !(one && (!table->entries.front().shown.empty() || after_operand)) && !(table && narrows_immediate(t, *table)))
        ++operands;
      if (it.kind == Item::Kind::Lit) {
        out += it.text;
        continue;
      }
      if (it.role == Item::Role::BlockCond) {
        out += to_lower(ctx.block_cond);
        continue;
      }
      if (!op) continue;
      // Each kind prints its field values; a label names its target.
      std::optional<std::string> text = std::visit(
          [&](const auto& kind) -> std::optional<std::string> {
            using K = std::decay_t<decltype(kind)>;
            if constexpr (std::is_same_v<K, operands::List>) {
              const operands::ListSuffix sfx = list_suffix(*this, t, it);
              const std::optional<std::string> type = sfx.type ? sfx.type->print(sfx.type->decode(word)) : "";
              if (!type) return std::nullopt;
              return kind.print(kind.decode(word), sfx.before + *type + sfx.after, rules_->list_style(kind.regs.prefix()));
            } else if constexpr (std::is_same_v<K, operands::Label>) {
              const uint64_t target = kind.read_pc(ctx.address + static_cast<uint64_t>(pc_offset_)) +
                                      static_cast<uint64_t>(kind.delta(kind.decode(word)));
              return ctx.name_target ? ctx.name_target(target) : fmt::format("0x{:x}", target);
            } else if constexpr (std::is_same_v<K, operands::Mem>) {
              return std::nullopt;  // a bundle's (operands::prepare never gives a word one)
            } else {
              return kind.print(kind.decode(word));
            }
          },
          op->kind);
      if (!text) {
        ok = false;
        break;
      }
      out += *text;
    }
    if (!ok) continue;
    // llvm-mc's spacing: a space after each comma and before a `#` that
    // follows a word (`lsl #2`).
    std::string pretty;
    for (char c : out) {
      if (c == '#' && !pretty.empty() && std::isalnum(static_cast<unsigned char>(pretty.back()))) pretty += ' ';
      // and after a mnemonic whose first operand is an address (`pld [r0]`).
      if (c == '[' && pretty.find(' ') == std::string::npos) pretty += ' ';
      if (c == operands::kTightComma) {
        pretty += ',';
        continue;
      }
      pretty += c;
      if (c == ',') pretty += ' ';
    }
    texts.emplace_back(operands, std::move(pretty));
  }
  if (fewest_operands_first)
    std::stable_sort(texts.begin(), texts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string> out;
  for (auto& [n, text] : texts) out.push_back(std::move(text));
  return out;
}

uint64_t WordIsa::should_be_bits(const Encoding& enc, const Bits& word, int* count) {
  uint64_t v = 0;
  int n = 0;
  for (uint32_t b = enc.width; b-- > 0;)
    if (enc.should_mask.bit(b)) {
      v = v << 1 | word.bit(b);
      ++n;
    }
  if (count) *count = n;
  return v;
}

}  // namespace mlisa::as
