// Programs of the single-word targets (word_program.hpp).
#include "asm/word_program.hpp"

#include "asm/listing.hpp"
#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <elf.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <map>
#include <span>
#include <regex>
#include <set>
#include <unordered_map>
#include <utility>

#include <fstream>
#include <memory>
#include <sstream>

namespace mlisa::as {

namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The constraints after `.encoding`: word targets name one, should_be.
uint64_t should_be_constraint(std::string_view t) {
  while (!t.empty() && t.front() == ' ') t.remove_prefix(1);
  while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
  const size_t eq = t.find('=');
  std::string_view name = t.substr(0, eq), value = eq == std::string_view::npos ? "" : t.substr(eq + 1);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
  if (name != "should_be")
    throw InputError(fmt::format("unknown named constraint '{}' (single-word targets name should_be, the encoding's "
                                 "should-be bits, most significant first)",
                                 name));
  int base = 10;
  if (value.size() > 2 && value[0] == '0' && (value[1] == 'b' || value[1] == 'x')) {
    base = value[1] == 'b' ? 2 : 16;
    value.remove_prefix(2);
  }
  uint64_t v = 0;
  const auto r = std::from_chars(value.data(), value.data() + value.size(), v, base);
  if (value.empty() || r.ec != std::errc() || r.ptr != value.data() + value.size())
    throw InputError(fmt::format("should_be needs a number (0b..., 0x... or decimal), not '{}'", value));
  return v;
}

// `.inst V` (a word of the narrowest width that holds V) or `.inst` with a
// width suffix (T32's `.inst.n`, `.inst.w`): what a disassembler prints for
// a word it cannot name.
std::vector<uint8_t> raw_instruction(const WordIsa& isa, std::string_view line, const SymbolResolver& resolve) {
  const size_t sp = line.find_first_of(" \t");
  const std::string_view name = line.substr(0, sp);
  if (name != ".inst" && name.substr(0, 6) != ".inst.") throw InputError(fmt::format("unknown directive '{}'", name));
  if (sp == std::string_view::npos) throw InputError(fmt::format("{} needs a value", name));
  const std::string_view suffix = name.substr(5);
  std::optional<uint32_t> width;  // the suffix's
  for (uint32_t w = isa.min_width(); w <= 32; w *= 2)
    if (!suffix.empty() && isa.rules().width_suffix(w) == suffix) width = w;
  const std::optional<int64_t> v = resolve(line.substr(sp + 1));
  const uint64_t u = static_cast<uint64_t>(v.value_or(-1));
  uint32_t bits = 32;
  for (uint32_t w = 32; w >= isa.min_width() && !width; w /= 2)
    if (u >> w == 0) bits = w;
  if (width) bits = *width;
  if (!v || *v < 0 || u >> bits || (!suffix.empty() && !width))
    throw InputError(fmt::format("{} {}: out of range for this target", name, line.substr(sp + 1)));
  return isa.rules().bytes(spec::Bits(bits, u));
}

// Encodings of lines already assembled (assemble_word_program's layout
// passes). A line's key is its text, width floor and block context; an
// entry holds while every symbol it resolved keeps its value. Only a label
// operand reads the instruction's address (operands::Label: the distance
// from the PC, which may be rounded down to 4), so the address matters only
// when the line's mnemonic (a prefix of its first word) is the stem of a
// template with a label operand. Such a line's key has its address modulo 4,
// and its entry holds while each symbol it resolved is as far from its
// address as it was; one with a number that may be a target holds at
// its own address only (a target written as a number is absolute).
class EncodeCache {
 public:
  struct Entry {
    bool valid = false;
    std::vector<uint8_t> bytes;
    std::string preds;                                                    // the block it opens (TargetRules::opens)
    std::vector<std::string> conds;
    std::vector<std::pair<std::string, std::optional<int64_t>>> symbols;  // resolved, with their values
    uint64_t address = 0;                                                 // where it was encoded
    std::string relocation;                                               // its encoding's (spec `relocation`)
    TargetRules::Placed placed;                                           // what TargetRules::refuses_after reads
  };

  explicit EncodeCache(const WordIsa& isa) {
    for (const WordTemplate& t : isa.templates())
      for (const operands::Operand& op : isa.operands_of(*t.enc))
        if (std::holds_alternative<operands::Label>(op.kind)) {
          if (t.stem.empty()) every_line_placed_ = true;
          label_stems_.insert(t.stem);
          longest_stem_ = std::max(longest_stem_, t.stem.size());
        }
    if (longest_stem_ > kLongest) every_line_placed_ = true;
  }

  // The entry of a line (not valid: encode it and fill it in, with `address`).
  Entry& lookup(std::string_view line, uint64_t address, const AsmContext& ctx, const SymbolResolver& resolve) {
    key_.assign(line);
    key_ += '\0';
    key_ += static_cast<char>('0' + ctx.min_width / 8);
    key_ += ctx.in_block ? 'i' : '-';
    key_ += ctx.block_pred ? ctx.block_pred : '-';
    key_ += ctx.block_cond;
    Slot& slot = slots_[key_];
    if (slot.placed < 0) slot.placed = placed(line) ? 1 : 0;
    const bool at = slot.placed;
    Entry& e = slot.entries[at ? address & 3 : 0];
    if (!e.valid) return e;
    const int64_t moved = at ? static_cast<int64_t>(address - e.address) : 0;
    if (at && moved && absolute_target(line)) e.valid = false;
    for (size_t i = 0; e.valid && i < e.symbols.size(); ++i) {
      const auto& [name, value] = e.symbols[i];
      const std::optional<int64_t> now = resolve(name);
      e.valid = now.has_value() == value.has_value() && (!now || *now == *value + moved);
    }
    return e;
  }

 private:
  // The entries of one key: one, or one per address modulo 4 when placed.
  struct Slot {
    int8_t placed = -1;  // not yet known
    std::array<Entry, 4> entries;
  };

  // Whether the line has a number that may be an absolute target (`b 0x100`):
  // one not after `#` (a `#imm` target is PC-relative, `b #-420`).
  static bool absolute_target(std::string_view line) {
    for (size_t k = 0; k < line.size(); ++k) {
      if (!std::isdigit(static_cast<unsigned char>(line[k]))) continue;
      size_t p = k;
      if (p > 0 && (line[p - 1] == '-' || line[p - 1] == '+')) --p;
      const char before = p > 0 ? line[p - 1] : ' ';
      if (!(std::isalnum(static_cast<unsigned char>(before)) || before == '_' || before == '.' || before == '#' ||
            before == '$'))
        return true;
    }
    return false;
  }

  // Whether the line's encoding may depend on its address.
  bool placed(std::string_view line) const {
    if (every_line_placed_) return true;
    size_t b = 0;
    while (b < line.size() && (line[b] == ' ' || line[b] == '\t')) ++b;
    char word[kLongest];
    size_t n = 0;
    for (size_t k = b; k < line.size() && n < longest_stem_ &&
                       std::isalnum(static_cast<unsigned char>(line[k]));
         ++k) {
      word[n++] = static_cast<char>(std::tolower(static_cast<unsigned char>(line[k])));
      if (label_stems_.count(std::string_view(word, n))) return true;
    }
    return false;
  }

  static constexpr size_t kLongest = 32;
  std::set<std::string, std::less<>> label_stems_;
  size_t longest_stem_ = 0;
  bool every_line_placed_ = false;
  std::unordered_map<std::string, Slot> slots_;
  std::string key_;
};

}  // namespace

std::vector<uint8_t> word_bytes(const WordIsa& isa, const spec::Bits& word) { return isa.rules().bytes(word); }

ElfOptions word_elf_options(const WordIsa& isa) { return isa.rules().elf(); }

Object assemble_word_program(const WordIsa& isa, std::string_view text, const std::string& file,
                             const std::optional<LinkLayout>& placement, bool keep_going) {
  const TargetRules& rules = isa.rules();
  WordEncoder enc;
  enc.keep_going = keep_going;
  enc.comment = rules.comment();
  enc.min_bytes = isa.min_width() / 8;
  enc.pc_offset = static_cast<uint64_t>(rules.pc_offset());
  enc.max_bytes = 4;
  enc.nop = rules.nop();
  enc.code_mapping = rules.code_mapping();
  enc.ignored_directives = {".syntax", ".thumb",          ".arm",  ".code",   ".cpu",       ".fpu",      ".arch",
                            ".arch_extension", ".eabi_attribute", ".file", ".ident", ".variant_pcs", ".hidden", ".protected",
                            ".internal", ".addrsig", ".addrsig_sym"};
  for (std::string& d : rules.ignored_directives()) enc.ignored_directives.push_back(std::move(d));
  enc.placement = placement;
  const uint16_t machine = word_elf_options(isa).machine;
  enc.data_relocation = [machine](int size, bool pcrel) { return data_relocation(machine, size, pcrel); };
  enc.rela = uses_rela(machine);
  enc.thumb_functions = machine == EM_ARM;
  // Layout starts from the narrowest width, except where the text fixes it
  // (a suffix that names the widest width, `.inst`).
  const size_t narrowest = enc.min_bytes;
  const std::string widest(rules.width_suffix(32));
  enc.initial_bytes = [narrowest, widest](std::string_view line) -> size_t {
    const std::string_view mnemonic = line.substr(0, line.find_first_of(" \t"));
    if (mnemonic == ".inst" || (!widest.empty() && mnemonic.size() > widest.size() &&
                                mnemonic.substr(mnemonic.size() - widest.size()) == widest))
      return 4;
    return narrowest;
  };
  // The conditions a conditional block's opening gave the instructions after it.
  auto pending = std::make_shared<std::vector<std::string>>();
  // The predicate letters a predication block's opening gave the instructions after it.
  auto pending_preds = std::make_shared<std::string>();
  // The instruction before, for the rules' constraint on its successor (none after `.inst`).
  auto previous = std::make_shared<TargetRules::Placed>();
  enc.begin_pass = [pending, pending_preds, previous] {
    pending->clear();
    pending_preds->clear();
    *previous = {};
  };
  // Layout encodes every line once per pass, mostly at the same size and with
  // the same symbol values as the pass before: a line's encoding is kept
  // with what it depended on (its text, width floor, block context, the
  // value of each symbol it resolved and, for a mnemonic that has a
  // PC-relative form, its address) and taken again while those are equal.
  auto cache = std::make_shared<EncodeCache>(isa);
  // `commit`: the block conditions and predicates it gives or takes are passed on.
  auto raw = std::make_shared<std::vector<uint8_t>>();  // the bytes of the last `.inst`
  auto encode = [&isa, pending, pending_preds, previous, cache, raw](std::string_view line, uint64_t address, size_t min_bytes,
                                                         const SymbolResolver& resolve,
                                                         bool commit) -> WordEncoder::Encoded {
    AsmContext ctx;
    ctx.blocks_known = true;
    ctx.min_width = static_cast<uint32_t>(min_bytes * 8);
    if (!pending->empty()) {
      ctx.in_block = true;
      ctx.block_cond = pending->front();
      if (commit) pending->erase(pending->begin());
    }
    if (!pending_preds->empty()) {
      ctx.block_pred = pending_preds->front();
      if (commit) pending_preds->erase(0, 1);
    }
    if (line.substr(0, 5) == ".inst") {
      if (commit) *previous = {};
      *raw = raw_instruction(isa, line, resolve);
      return {*raw, {}};
    }
    EncodeCache::Entry& entry = cache->lookup(line, address, ctx, resolve);
    if (!entry.valid) {
      ctx.address = address;
      entry.address = address;
      entry.symbols.clear();
      ctx.resolve = [&](std::string_view name) {
        std::optional<int64_t> v = resolve(name);
        entry.symbols.emplace_back(std::string(name), v);
        return v;
      };
      std::string text(line);
      if (const size_t at = text.find(".encoding"); at != std::string::npos) {
        ctx.should_be = should_be_constraint(std::string_view(text).substr(at + 9));
        text.resize(at);
      }
      WordIsa::Assembled a;
      try {
        a = isa.assemble(text, ctx);
      } catch (const InputError&) {
        if (commit) *previous = {};  // a refused line ends a MOVPRFX pair too: the next line stands alone
        throw;
      }
      entry.bytes = word_bytes(isa, a.word);
      entry.relocation = a.enc->relocation;
      TargetRules::Block block = isa.rules().opens(*a.inst, *a.enc, a.word);
      entry.preds = std::move(block.preds);
      entry.conds = std::move(block.conds);
      entry.placed = {a.inst, a.enc, a.word};
      entry.valid = true;
    }
    if (!commit) return {entry.bytes, entry.relocation};
    // A refused pair ends there: the line after it is judged on its own,
    // not against the instruction before the refused one (MOVPRFX's).
    const TargetRules::Placed before = std::exchange(*previous, entry.placed);
    if (before.inst)
      if (std::string why = isa.rules().refuses_after(isa, before, entry.placed); !why.empty()) throw InputError(why);
    if (!entry.preds.empty()) *pending_preds = entry.preds;
    if (!entry.conds.empty()) {
      if (ctx.in_block) throw InputError(fmt::format("'{}' inside an {} block", line, isa.rules().cond_block()));
      *pending = entry.conds;
    }
    return {entry.bytes, entry.relocation};
  };
  enc.encode = [encode](std::string_view line, uint64_t address, size_t min_bytes, const SymbolResolver& resolve) {
    return encode(line, address, min_bytes, resolve, true);
  };
  enc.probe = [encode](std::string_view line, uint64_t address, size_t min_bytes, const SymbolResolver& resolve) {
    return encode(line, address, min_bytes, resolve, false);
  };
  enc.literal_load = [&rules](std::string_view mnemonic, std::string_view reg, std::optional<int64_t> constant) {
    return rules.literal_load(mnemonic, reg, constant);
  };
  return assemble_gas_words(enc, text, file);
}

namespace {

uint64_t little(const std::vector<uint8_t>& b, uint64_t at, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; ++i) v |= uint64_t{b[at + i]} << (8 * i);
  return v;
}

// What the listing and the loader read of a relocation at a word or datum.
//
// The text a relocated label operand prints as, while the word is printed.
constexpr std::string_view kRelocated = "mlisa$relocated";

// The addend of a relocated label operand that reads `target` in the word at
// `address`: the relocation's (RELA), or the distance the bytes hold (REL).
int64_t label_addend(const TargetRules& rules, const ObjReloc& r, uint64_t target, uint64_t address) {
  const int64_t a = uses_rela(rules.elf().machine) ? r.addend : static_cast<int64_t>(target - address);
  return rules.elf().is64 ? a : static_cast<int32_t>(static_cast<uint32_t>(a));
}

// A relocated immediate in a word's text (MOVW/MOVT: `#` then the 16 bits
// that hold the addend, REL): where its digits start, and the addend.
std::optional<std::pair<size_t, int64_t>> relocated_immediate(std::string_view text, const ObjReloc& r, bool rela) {
  const size_t hash = text.rfind('#');
  if (hash == std::string_view::npos) return std::nullopt;
  uint64_t v = 0;
  bool minus = false;
  const std::string_view digits = text.substr(hash + 1);
  if (scan_integer(digits, v, minus) != digits.size() || minus || v > 0xffff) return std::nullopt;
  return std::make_pair(hash + 1, rela ? r.addend : static_cast<int64_t>(static_cast<int16_t>(static_cast<uint16_t>(v))));
}

// The addend `size` bytes of data hold for a REL relocation: those bytes, signed.
int64_t data_addend(const std::vector<uint8_t>& b, uint64_t at, int size) {
  const uint64_t v = little(b, at, static_cast<unsigned>(size));
  return size == 8 ? static_cast<int64_t>(v) : static_cast<int64_t>(v << (64 - 8 * size)) >> (64 - 8 * size);
}

// What the listing writes otherwise than it would alone: words with their
// width suffix, and words as .inst.
struct Forced {
  std::map<std::string, std::set<uint64_t>> sized_at, raw_at;  // section name -> offsets
  bool labels_sized = false;  // every word that names a label has its width said
  bool sized(const std::string& sec, uint64_t at) const { return has(sized_at, sec, at); }
  bool raw(const std::string& sec, uint64_t at) const { return has(raw_at, sec, at); }
  // The next step for the word at `at` that does not reassemble in place:
  // its width said, then .inst; false when it is .inst already.
  bool escalate(const std::string& sec, uint64_t at) {
    if (sized_at[sec].insert(at).second) return true;
    return raw_at[sec].insert(at).second;
  }
  // Where the listing wrote an instruction's line: its first character, its section and offset.
  struct Line {
    size_t start;
    std::string section;
    uint64_t offset;
  };

 private:
  static bool has(const std::map<std::string, std::set<uint64_t>>& m, const std::string& sec, uint64_t at) {
    const auto it = m.find(sec);
    return it != m.end() && it->second.count(at);
  }
};

// The listing, with the words `forced` names written as it says; with
// `lines`, where it wrote each instruction.
std::string listing(const WordIsa& isa, const std::vector<ObjSection>& sections, bool exact,
                    const std::string& file, const std::vector<ObjSymbol>& symbols, const Forced& forced,
                    std::vector<Forced::Line>* lines = nullptr) {
  const TargetRules& rules = isa.rules();
  std::string out = rules.listing_preamble();
  // An object's symbols that its relocations name, and those it defines for
  // others (global, weak) or types (a static function): defined ones get
  // their label, binding, type and size, so that the reassembled object
  // defines what this one does. A local name given twice stays unnamed.
  // Indexed by place (section, offset), in symbol order, so that each word
  // looks up its own and not every one.
  std::set<int> named;
  for (const ObjSection& sec : sections)
    for (const ObjReloc& r : sec.relocs)
      if (r.symbol >= 0 && static_cast<size_t>(r.symbol) < symbols.size() && !symbols[static_cast<size_t>(r.symbol)].name.empty())
        named.insert(r.symbol);
  std::map<std::string_view, int> local_names;
  for (const ObjSymbol& sym : symbols)
    if (!sym.global && !sym.weak) ++local_names[sym.name];
  for (size_t k = 0; k < symbols.size(); ++k) {
    const ObjSymbol& sym = symbols[k];
    const bool mapping = sym.name.starts_with('$');
    const bool exported = sym.global || sym.weak || (sym.type != ObjSymbol::NoType && local_names[sym.name] == 1);
    if (!sym.undefined && !sym.common && sym.section >= 0 && static_cast<size_t>(sym.section) < sections.size() &&
        !sym.name.empty() && !mapping && exported)
      named.insert(static_cast<int>(k));
  }
  std::multimap<std::pair<int, uint64_t>, int> named_at;
  for (int k : named) {
    const ObjSymbol& sym = symbols[static_cast<size_t>(k)];
    if (!sym.undefined) named_at.emplace(std::make_pair(sym.section, sym.value), k);
  }
  auto symbol_lines = [&](size_t si, uint64_t offset) {
    std::string lines;
    for (auto [it, end] = named_at.equal_range({static_cast<int>(si), offset}); it != end; ++it) {
      const ObjSymbol& sym = symbols[static_cast<size_t>(it->second)];
      if (sym.global || sym.weak) lines += fmt::format("\t.{} {}\n", sym.weak ? "weak" : "global", sym.name);
      if (sym.type != ObjSymbol::NoType)
        lines += fmt::format("\t.type {}, %{}\n", sym.name, sym.type == ObjSymbol::Func ? "function" : "object");
      if (sym.size && sym.type != ObjSymbol::NoType) lines += fmt::format("\t.size {}, {}\n", sym.name, *sym.size);
      lines += sym.name + ":\n";
    }
    return lines;
  };
  // A section a relocation names (through its section symbol) gets a label
  // at its start: L_sec_ and the name, `.` made `_` (L_sec_bss).
  auto section_label = [&](size_t si) {
    std::string n = "L_sec" + sections[si].name;
    std::replace(n.begin(), n.end(), '.', '_');
    return n;
  };
  std::set<size_t> section_named;
  for (const ObjSection& sec : sections)
    for (const ObjReloc& r : sec.relocs)
      if (r.symbol < 0 && r.section >= 0 && static_cast<size_t>(r.section) < sections.size())
        section_named.insert(static_cast<size_t>(r.section));
  // What a relocation names, with its addend: `printf`, `L_sec_bss+8` (in
  // comments the section's own name: `.bss+8`).
  auto reloc_target = [&](const ObjReloc& r, int64_t addend, bool for_assembler = true) {
    const std::string base = r.symbol >= 0 && static_cast<size_t>(r.symbol) < symbols.size()
                                 ? symbols[static_cast<size_t>(r.symbol)].name
                             : r.section >= 0 && static_cast<size_t>(r.section) < sections.size()
                                 ? (for_assembler ? section_label(static_cast<size_t>(r.section)) : sections[static_cast<size_t>(r.section)].name)
                                 : std::string("?");
    return addend > 0 ? fmt::format("{}+{}", base, addend) : addend < 0 ? fmt::format("{}-{}", base, -addend) : base;
  };
  const uint16_t machine = rules.elf().machine;
  // Each section's relocations by offset (in their order where offsets are
  // equal): a word or datum finds its own without scanning them all.
  std::vector<std::vector<const ObjReloc*>> by_offset(sections.size());
  for (size_t si = 0; si < sections.size(); ++si) {
    for (const ObjReloc& r : sections[si].relocs) by_offset[si].push_back(&r);
    std::stable_sort(by_offset[si].begin(), by_offset[si].end(),
                     [](const ObjReloc* a, const ObjReloc* b) { return a->offset < b->offset; });
  }
  // The relocations of section si in [from, to), in that order.
  auto relocs_in = [&](size_t si, uint64_t from, uint64_t to) {
    const auto& v = by_offset[si];
    auto less = [](const ObjReloc* r, uint64_t off) { return r->offset < off; };
    const auto first = std::lower_bound(v.begin(), v.end(), from, less);
    return std::span<const ObjReloc* const>(first, std::lower_bound(first, v.end(), to, less));
  };
  // The relocations in [from, to) of a section as comments, as objdump -r shows them.
  const std::string comment = rules.comment();
  auto reloc_comments = [&](size_t si, uint64_t from, uint64_t to, const ObjReloc* shown) {
    std::string lines;
    for (const ObjReloc* r : relocs_in(si, from, to))
      if (r != shown) lines += fmt::format("\t{} 0x{:x}: {} {}\n", comment, r->offset, r->type, reloc_target(*r, r->addend, false));
    return lines;
  };
  // Bytes [from, to) of a data run or data section: `.byte` lines of up to
  // 16, a datum with a data relocation as `.word SYMBOL+ADDEND` (`- .` when
  // PC-relative), the labels of named symbols where they stand.
  auto data_lines = [&](size_t si, uint64_t from, uint64_t to, const std::function<std::string(uint64_t)>& labels_at) {
    const ObjSection& sec = sections[si];
    if (sec.nobits) {
      // `.zero` runs between the places that carry a symbol.
      std::string lines = labels_at(from);
      uint64_t at = from;
      for (auto it = named_at.lower_bound({static_cast<int>(si), from + 1});
           it != named_at.end() && it->first.first == static_cast<int>(si) && it->first.second < to; ++it) {
        const uint64_t off = it->first.second;
        if (off == at) continue;  // several symbols at one place: labels_at gave them all
        lines += fmt::format("\t.zero {}\n", off - at) + labels_at(off);
        at = off;
      }
      return lines + fmt::format("\t.zero {}\n", to - at);  // the last run (at < to, or an empty section)
    }
    std::map<uint64_t, const ObjReloc*> at;
    for (const ObjReloc* r : relocs_in(si, from, to)) at[r->offset] = r;
    std::string lines, bytes;
    int count = 0;
    auto flush = [&] {
      if (count) lines += "\t.byte " + bytes + "\n";
      bytes.clear();
      count = 0;
    };
    for (uint64_t off = from; off < to;) {
      if (std::string l = off > from ? labels_at(off) : ""; !l.empty()) {
        flush();
        lines += l;
      }
      if (const auto r = at.find(off); r != at.end()) {
        bool pcrel = false;
        const int size = data_relocation_size(machine, r->second->type, pcrel);
        if (size && off + static_cast<uint64_t>(size) <= to) {
          const int64_t addend = uses_rela(machine) ? r->second->addend : data_addend(sec.bytes, off, size);
          bool zero = true;  // RELA: the bytes hold nothing
          for (int k = 0; k < size && uses_rela(machine); ++k) zero = zero && sec.bytes[off + static_cast<uint64_t>(k)] == 0;
          if (zero) {
            flush();
            const char* directive = size == 1 ? ".byte" : size == 2 ? ".hword" : size == 4 ? ".word" : ".quad";
            lines += fmt::format("\t{} {}{}\n", directive, reloc_target(*r->second, addend), pcrel ? " - ." : "");
            off += static_cast<uint64_t>(size);
            continue;
          }
        }
        flush();
        lines += reloc_comments(si, off, off + 1, nullptr);
      }
      bytes += fmt::format("{}0x{:02x}", count ? ", " : "", sec.bytes[off]);
      if (++count == 16) flush();
      ++off;
    }
    flush();
    return labels_at(from) + lines;
  };
  size_t code_sections = 0;
  for (size_t si = 0; si < sections.size(); ++si) {
    const ObjSection& sec = sections[si];
    // Labels are the section's own: L_xxxx in the first code section, L_xxxx_N in the Nth after it.
    const std::string label_suffix = sec.code && code_sections++ ? fmt::format("_{}", code_sections - 1) : "";
    auto label_of = [&](uint64_t offset) { return label_name(offset) + label_suffix; };
    // Data runs in code: from a $d to the next $t/$x.
    std::map<uint64_t, bool> is_data;
    for (const ObjSymbol& sym : symbols)
      if (sym.section == static_cast<int>(si) && (sym.name == "$d" || sym.name.rfind("$d.", 0) == 0)) is_data[sym.value] = true;
      else if (sym.section == static_cast<int>(si) && (sym.name == "$t" || sym.name == "$x" || sym.name.rfind("$t.", 0) == 0 || sym.name.rfind("$x.", 0) == 0))
        is_data[sym.value] = false;
    auto data_until = [&](uint64_t off) -> uint64_t {  // the end of the data run at off, or off
      auto it = is_data.upper_bound(off);
      if (it == is_data.begin() || !std::prev(it)->second) return off;
      while (it != is_data.end() && it->second) ++it;
      return it == is_data.end() ? sec.bytes.size() : it->first;
    };
    out += section_directive(sec);
    // The section's alignment where it is more than its first datum needs
    // (gcc aligns functions and string tables to 4): a linker keeps it.
    if (sec.align > (sec.code ? isa.min_width() / 8 : 1)) out += fmt::format("\t.balign {}\n", sec.align);
    if (!sec.code) {
      out += data_lines(si, 0, sec.bytes.size(), [&](uint64_t off) {
        return (off == 0 && section_named.count(si) ? section_label(si) + ":\n" : std::string()) + symbol_lines(si, off);
      });
      continue;
    }
    // The instruction words, with the block condition and predicate each one runs under.
    struct Insn {
      uint64_t offset;
      spec::Bits word;
      const spec::Encoding* enc;
      bool in_block;
      std::string cond;
      size_t data = 0;  // > 0: a run of this many data bytes instead
      char pred = 0;    // the predication block's letter of this word
    };
    std::vector<Insn> insns;
    std::vector<std::string> pending;
    std::string pending_preds;
    const auto& b = sec.bytes;
    for (size_t off = 0; off < b.size();) {
      if (const uint64_t end = data_until(off); end > off) {
        insns.push_back({off, spec::Bits(), nullptr, false, "", end - off});
        off = end;
        continue;
      }
      const std::span<const uint8_t> rest(b.data() + off, b.size() - off);
      const uint32_t width = rules.width_at(rest);
      if (width == 0 || off + width / 8 > b.size())
        throw InputError(width == 0 ? fmt::format("{}: {} ends in the middle of an instruction", file, sec.name)
                                    : fmt::format("{}: {} ends in the middle of a {}-bit instruction", file, sec.name, width));
      const spec::Bits word = rules.word_from(rest.first(width / 8));
      const spec::InstructionSpec* inst = nullptr;
      Insn in{off, word, isa.decode(word, &inst), !pending.empty(), pending.empty() ? "" : pending.front(), 0};
      if (!pending.empty()) pending.erase(pending.begin());
      if (!pending_preds.empty()) {
        in.pred = pending_preds.front();
        pending_preds.erase(0, 1);
      }
      if (in.enc) {
        TargetRules::Block block = rules.opens(*inst, *in.enc, word);
        const bool opens = !block.conds.empty() || !block.preds.empty();
        if (opens && (in.in_block || in.pred)) {
          in.enc = nullptr;  // a block inside a block (IT or VPT) is UNPREDICTABLE: raw, and it opens none
        } else {
          if (!block.preds.empty()) pending_preds = std::move(block.preds);
          if (!block.conds.empty()) pending = std::move(block.conds);
        }
      }
      off += word.width() / 8;
      insns.push_back(std::move(in));
    }
    std::set<uint64_t> starts;
    for (const Insn& in : insns) starts.insert(in.offset);  // data runs too: a branch may name a table
    // A place inside a data run may be named too (a literal pool's second
    // word): the run's lines are split there.
    std::map<uint64_t, uint64_t> data_runs;  // start -> end
    for (const Insn& in : insns)
      if (in.data) data_runs[in.offset] = in.offset + in.data;
    auto nameable = [&](uint64_t target) {
      if (starts.count(target)) return true;
      const auto run = data_runs.upper_bound(target);
      return run != data_runs.begin() && target < std::prev(run)->second;
    };
    // Labels where something branches or points (offset 0 too: `entry`),
    // not at the start for its own sake: llvm-objdump names no such place.
    std::set<uint64_t> labels;
    // A target outside the program's instructions and data runs has no
    // label: it is written `#offset` from the PC the instruction reads
    // (`bl #16382`, `adr r2, #104`), which llvm-mc-19 and our assembler both
    // take back wherever the listing is placed. That PC is the address (+ 4
    // in T32), that aligned to 4 (T32 ADR, literal loads) or its 4 KB page
    // (A64 ADRP); each is offered and the reassembly check below keeps the
    // one that gives the word back.
    // `outside` says that a target was outside.
    bool outside = false;
    bool names_label = false;  // the word's text names a label of the listing
    enum class Outside { Unnamed, FromPc, FromAlignedPc, FromPage };
    auto namer = [&](bool record, uint64_t address, Outside how) {
      return [&, record, address, how](uint64_t target) -> std::optional<std::string> {
        if (!nameable(target)) {
          outside = true;
          if (how == Outside::Unnamed) return std::nullopt;
          uint64_t pc = address + static_cast<uint64_t>(rules.pc_offset());
          if (how == Outside::FromAlignedPc) pc &= ~uint64_t{3};
          if (how == Outside::FromPage) pc &= ~uint64_t{0xfff};
          int64_t off = static_cast<int64_t>(target - pc);
          if (!rules.elf().is64) off = static_cast<int32_t>(static_cast<uint32_t>(off));  // a 32-bit address space
          return fmt::format("#{}", off);
        }
        if (record) labels.insert(target);
        names_label = true;
        return label_of(target);
      };
    };
    // Pass 1 finds the branch targets, pass 2 prints.
    for (int pass = 0; pass < 2; ++pass) {
      for (const Insn& in : insns) {
        if (in.data) {
          if (pass == 0) continue;
          out += data_lines(si, in.offset, in.offset + in.data, [&](uint64_t off) {
            std::string l = off == 0 && section_named.count(si) ? section_label(si) + ":\n" : std::string();
            l += symbol_lines(si, off);
            if (labels.count(off)) l += label_of(off) + ":\n";
            return l;
          });
          continue;
        }
        // The word's width suffix: a word of a target with several widths.
        const std::string_view suffix = rules.width_suffix(in.word.width());
        const bool wide = in.word.width() > isa.min_width() && !suffix.empty();
        auto raw = [&] { return fmt::format(".inst{} 0x{:0{}x}", suffix, in.word.low64(), in.word.width() / 4); };
        std::vector<std::string> texts;
        // A relocation of this word that names a symbol, where the word's
        // encoding has the relocation: its label operand is written as the
        // symbol plus the addend (REL: the distance the bytes hold).
        const ObjReloc* reloc = nullptr;
        for (const ObjReloc* r : relocs_in(si, in.offset, in.offset + 1))
          if ((r->symbol >= 0 || section_named.count(static_cast<size_t>(r->section))) && in.enc &&
              r->type == in.enc->relocation)
            reloc = r;
        const std::string placeholder(kRelocated);
        std::optional<int64_t> reloc_addend;
        names_label = false;
        if (in.enc) {
          outside = false;
          PrintContext pc{in.offset, in.in_block, in.cond, namer(pass == 0, in.offset, Outside::FromPc), in.pred};
          if (reloc) {
            pc.name_target = [&](uint64_t target) -> std::optional<std::string> {
              reloc_addend = label_addend(rules, *reloc, target, in.offset);
              return placeholder;
            };
          }
          texts = isa.print_all(*in.enc, in.word, pc, true);
          if (reloc && !reloc_addend) reloc = nullptr;  // no label operand took it (MOVW, MOVT): the comment says it
          if (reloc) std::erase_if(texts, [&](const std::string& t) { return t.find(placeholder) == std::string::npos; });
          if (outside) {
            // A literal load outside prints `[pc, #imm]` first, as llvm-objdump does.
            pc.name_target = namer(pass == 0, in.offset, Outside::Unnamed);
            std::vector<std::string> unnamed = isa.print_all(*in.enc, in.word, pc, true);
            std::erase_if(unnamed, [](const std::string& t) { return t.find("[pc") == std::string::npos; });
            unnamed.insert(unnamed.end(), texts.begin(), texts.end());
            for (const Outside from : {Outside::FromAlignedPc, Outside::FromPage}) {
              pc.name_target = namer(pass == 0, in.offset, from);
              const std::vector<std::string> more = isa.print_all(*in.enc, in.word, pc, true);
              unnamed.insert(unnamed.end(), more.begin(), more.end());
            }
            texts = std::move(unnamed);
          }
        }
        if (pass == 0) continue;
        std::string text;
        if (!texts.empty()) {
          // The text must give this word back where it stands.
          AsmContext ctx;
          ctx.blocks_known = true;
          ctx.address = in.offset;
          ctx.in_block = in.in_block;
          ctx.block_cond = in.cond;
          ctx.block_pred = in.pred;
          ctx.resolve = [&](std::string_view name) -> std::optional<int64_t> {
            if (reloc && name == placeholder) return static_cast<int64_t>(in.offset) + (uses_rela(machine) ? 0 : *reloc_addend);
            for (uint64_t l : labels)
              if (label_of(l) == name) return static_cast<int64_t>(l);
            return std::nullopt;
          };
          // How the text reassembles: 2 the same word, 1 the same but for
          // its should-be bits or for bits no text shows (a bitmask
          // immediate's rotation beyond its element: both words print
          // alike, as llvm-objdump-19 lists them), 0 otherwise.
          auto match = [&](const std::string& t, bool with_should) {
            try {
              AsmContext c = ctx;
              if (with_should) c.should_be = WordIsa::should_be_bits(*in.enc, in.word);
              const WordIsa::Assembled a = isa.assemble(t, c);
              if (a.word == in.word) return 2;
              if (a.enc != in.enc) return 0;
              if ((a.word & ~in.enc->should_mask) == (in.word & ~in.enc->should_mask)) return 1;
              const PrintContext plain{in.offset, in.in_block, in.cond, {}, in.pred};
              return isa.print_all(*in.enc, a.word, plain, true) == isa.print_all(*in.enc, in.word, plain, true) ? 1 : 0;
            } catch (const InputError&) {
              return 0;
            }
          };
          std::vector<std::string> candidates;
          auto with_suffix = [&](const std::string& t) {
            const size_t sp = t.find(' ');
            return sp == std::string::npos ? t + std::string(suffix) : t.substr(0, sp) + std::string(suffix) + t.substr(sp);
          };
          // Its width said, so that relaxing the listing keeps it (a label's
          // alignment can make neighbours' widths depend on each other),
          // where the mnemonic takes the suffix.
          const bool sized = forced.sized(sec.name, in.offset) || (forced.labels_sized && names_label);
          if (sized && !suffix.empty())
            for (const std::string& t : texts) candidates.push_back(with_suffix(t));
          for (const std::string& t : texts) {
            if (wide) {
              // The width suffix first where the rules print it (T32's `.w`,
              // as llvm-objdump), else only when the text would reassemble
              // narrower without it.
              const std::string w = with_suffix(t);
              const bool first = rules.prints_width(*in.enc, t);
              candidates.push_back(first ? w : t);
              candidates.push_back(first ? t : w);
            } else {
              candidates.push_back(t);
            }
          }
          std::string chosen;
          for (const std::string& c : candidates)
            if (chosen.empty() && match(c, false) == 2) chosen = c;
          for (const std::string& c : candidates)
            if (chosen.empty() && match(c, false) == 1) {
              if (!exact) {
                chosen = c;  // canonical: the should-be bits become the manual's
              } else if (match(c, true) == 2) {
                int n = 0;
                const uint64_t v = WordIsa::should_be_bits(*in.enc, in.word, &n);
                chosen = fmt::format("{} .encoding should_be=0b{:0{}b}", c, v, n);
              }
            }
          text = chosen;
        }
        if (in.offset == 0 && section_named.count(si)) out += section_label(si) + ":\n";
        out += symbol_lines(si, in.offset);
        if (labels.count(in.offset)) out += label_of(in.offset) + ":\n";
        if (forced.raw(sec.name, in.offset)) text.clear();
        bool symbolic = reloc && !text.empty();
        if (symbolic) text.replace(text.find(placeholder), placeholder.size(), reloc_target(*reloc, *reloc_addend));
        // An immediate a relocation writes (MOVW/MOVT): `#:lower16:SYMBOL+ADDEND`,
        // the addend the 16 bits hold (REL).
        if (!reloc && in.enc && !text.empty() && !in.enc->relocation.empty() && !uses_rela(machine))
          for (const ObjReloc* r : relocs_in(si, in.offset, in.offset + 1)) {
            const std::string_view op = rules.relocation_operator(r->type);
            if (r->type != in.enc->relocation || op.empty()) continue;
            const auto imm = relocated_immediate(text, *r, false);
            if (!imm) continue;
            text = text.substr(0, imm->first) + std::string(op) + reloc_target(*r, imm->second);
            reloc = r;
            symbolic = true;
          }
        if (text.empty()) text = raw();
        if (lines) lines->push_back({out.size(), sec.name, in.offset});
        out += "\t" + text + "\n";
        out += reloc_comments(si, in.offset, in.offset + in.word.width() / 8, symbolic ? reloc : nullptr);
      }
    }
  }
  return out;
}

}  // namespace

std::string disassemble_words(const WordIsa& isa, const std::vector<ObjSection>& sections, bool exact,
                              const std::string& file, const std::vector<ObjSymbol>& symbols) {
  // The listing is proven by the front end. Each word reassembles alone at
  // its address, but relaxing the whole listing may still choose another
  // width: for a branch to an absolute address (one outside the program), or
  // where labels' alignment makes neighbours' widths depend on each other
  // (a narrow literal load or ADR reaches only a word-aligned target). Such
  // a word gets its width suffix (`adr.n`), then is written as .inst, and
  // the listing is made again; a listing the front end refuses (a target it
  // then places out of reach) says the width of every word that names a label.
  Forced forced;
  std::vector<Forced::Line> lines;
  for (int attempt = 0;; ++attempt) {
    lines.clear();
    const std::string out = listing(isa, sections, exact, file, symbols, forced, &lines);
    Object back;
    try {
      back = assemble_word_program(isa, out, file);
    } catch (const InputError& e) {
      if (!forced.labels_sized) {
        forced.labels_sized = true;
        continue;
      }
      // The word at the refused line, else the listing cannot be made.
      size_t start = 0;  // where that line starts in the listing (npos: past its end)
      for (int line = 1; line < e.location().line && start != std::string::npos; ++line) {
        const size_t nl = out.find('\n', start);
        start = nl == std::string::npos ? nl : nl + 1;
      }
      const auto it = e.location().line < 1 ? lines.end() : std::find_if(lines.begin(), lines.end(), [&](const Forced::Line& l) {
        return l.start == start;
      });
      if (it != lines.end() && attempt < 64 && forced.escalate(it->section, it->offset)) continue;
      throw CheckFailed(fmt::format("{}: the disassembly does not reassemble: {}", file, e.what()));
    }
    bool again = false;
    for (size_t si = 0; si < back.sections.size(); ++si) {
      const ObjSection* orig = nullptr;
      for (const auto& s : sections)
        if (s.name == back.sections[si].name) orig = &s;
      if (!orig || !orig->code) continue;
      // The first instruction whose bytes or place differ.
      for (const auto& l : back.lines) {
        if (l.section != static_cast<int>(si)) continue;
        const auto& b = back.sections[si].bytes;
        const auto& o = orig->bytes;
        bool same = l.offset + l.size <= o.size();
        if (same && exact) {
          same = std::equal(b.begin() + static_cast<long>(l.offset), b.begin() + static_cast<long>(l.offset + l.size),
                            o.begin() + static_cast<long>(l.offset));
        } else if (same && isa.min_width() < 32) {  // canonical: the same width at least
          same = l.size * 8 == isa.rules().width_at(std::span<const uint8_t>(o).subspan(l.offset));
        }
        if (same) continue;
        again = forced.escalate(orig->name, l.offset);
        break;
      }
    }
    if (again && attempt < 64) continue;
    if (exact)
      for (const ObjSection& sec : sections) {
        const ObjSection* bsec = back.find(sec.name);
        if (!bsec || bsec->bytes != sec.bytes)
          throw CheckFailed(fmt::format("{}: the exact disassembly of {} does not reassemble to the same bytes", file, sec.name));
      }
    return out;
  }
}

namespace {

// The column llvm's formatted stream counts for text: a tab moves to the next
// multiple of 8 (not at all on one), anything else one column.
size_t llvm_column(std::string_view text) {
  size_t col = 0;
  for (char c : text) col = c == '\t' ? col + ((8 - (col & 7)) & 7) : col + 1;
  return col;
}

// Whether text names one of `labels` (a whole word of it).
bool names_label(std::string_view text, const std::set<std::string, std::less<>>& labels) {
  for (size_t i = 0; i < text.size();) {
    size_t j = i;
    while (j < text.size() && (std::isalnum(static_cast<unsigned char>(text[j])) || text[j] == '_')) ++j;
    if (j > i && labels.count(text.substr(i, j - i))) return true;
    i = j > i ? j : i + 1;
  }
  return false;
}

// "mnemonic operands" as llvm prints it: a tab after the mnemonic.
std::string tab_after_mnemonic(std::string_view text) {
  const size_t b = text.find_first_not_of(" \t");
  if (b == std::string_view::npos) return "";
  text = text.substr(b, text.find_last_not_of(" \t") - b + 1);
  const size_t sp = text.find_first_of(" \t");
  if (sp == std::string_view::npos) return std::string(text);
  const size_t ops = text.find_first_not_of(" \t", sp);
  return fmt::format("{}\t{}", text.substr(0, sp), text.substr(ops));
}

}  // namespace

std::string show_encoding(const WordIsa& isa, const Object& obj, const std::string& file) {
  // The canonical texts, section by section in order of offset. Mapping
  // symbols at every instruction and after each one that no instruction
  // follows make the listing print exactly the instructions of obj.lines
  // (alignment padding and data become .byte lines).
  // The object's symbols (its relocations name them by index), without its
  // mapping symbols, then the marks.
  std::vector<ObjSymbol> marks = obj.symbols;
  for (ObjSymbol& m : marks)
    if (!m.name.empty() && m.name[0] == '$') m.name.clear();
  std::set<std::pair<int, uint64_t>> starts;
  for (const auto& l : obj.lines) starts.insert({l.section, l.offset});
  auto mark = [&](const char* name, int section, uint64_t offset) {
    ObjSymbol m;
    m.name = name;
    m.section = section;
    m.value = offset;
    marks.push_back(std::move(m));
  };
  for (const auto& l : obj.lines) {
    mark("$t", l.section, l.offset);
    if (!starts.count({l.section, l.offset + l.size})) mark("$d", l.section, l.offset + l.size);
  }
  const std::string canonical = listing(isa, obj.sections, false, file, marks, Forced{});
  std::map<std::string, std::vector<std::string>> texts;
  std::set<std::string, std::less<>> labels;  // the listing's own (L_xxxx, entry), which llvm-mc would not print
  std::string section;
  for (size_t p = 0, nl; p < canonical.size(); p = nl + 1) {
    nl = canonical.find('\n', p);
    if (nl == std::string::npos) nl = canonical.size();
    const std::string_view line = std::string_view(canonical).substr(p, nl - p);
    if (line.rfind("\t.section ", 0) == 0) section = std::string(line.substr(10));
    else if (line == "\t.text" || line == "\t.data") section = std::string(line.substr(1));
    else if (line.size() > 1 && line[0] == '\t' && (line[1] != '.' || line.rfind("\t.inst", 0) == 0))
      texts[section].push_back(std::string(line.substr(1)));
    else if (!line.empty() && line[0] != '\t' && line.back() == ':')
      labels.insert(std::string(line.substr(0, line.size() - 1)));
  }
  std::map<int, std::vector<const Object::Line*>> by_section;
  for (const auto& l : obj.lines) by_section[l.section].push_back(&l);
  std::map<const Object::Line*, std::string> spelled;
  for (auto& [si, lines] : by_section) {
    std::sort(lines.begin(), lines.end(), [](auto* a, auto* b) { return a->offset < b->offset; });
    const auto it = texts.find(obj.sections[static_cast<size_t>(si)].name);
    if (it == texts.end() || it->second.size() != lines.size()) continue;  // the source's text, then
    for (size_t i = 0; i < lines.size(); ++i)
      if (!names_label(it->second[i], labels) && lines[i]->text.rfind(".inst", 0) != 0) spelled[lines[i]] = it->second[i];
  }
  // The source's labels by place (not mapping symbols, not the local labels' hidden names).
  std::multimap<std::pair<int, uint64_t>, const std::string*> defined;
  for (const ObjSymbol& sym : obj.symbols)
    if (!sym.name.empty() && sym.name[0] != '$' && sym.name.find("$local$") == std::string::npos)
      defined.emplace(std::make_pair(sym.section, sym.value), &sym.name);
  const std::string comment = isa.rules().comment();
  std::string out;
  int current = -1;
  for (const auto& l : obj.lines) {
    const ObjSection& sec = obj.sections[static_cast<size_t>(l.section)];
    if (l.section != current) {
      current = l.section;
      out += section_directive(sec);
    }
    for (auto [at, end] = defined.equal_range({l.section, l.offset}); at != end; ++at) out += *at->second + ":\n";
    const auto it = spelled.find(&l);
    std::string text = "\t" + tab_after_mnemonic(it != spelled.end() ? it->second : l.text);
    const size_t col = llvm_column(text);
    text.append(col < 40 ? 40 - col : 1, ' ');
    std::string enc;
    for (size_t i = 0; i < l.size; ++i) enc += fmt::format("{}0x{:02x}", i ? "," : "", sec.bytes[l.offset + i]);
    out += fmt::format("{}{} encoding: [{}]\n", text, comment, enc);
  }
  return out;
}

namespace {

// The PT_LOAD segments of an ELF executable (empty for other ELF files),
// after checking the ELF header and the program header table against the
// file's size and the target.
std::vector<ProgramImage::Segment> elf_load_segments(const std::vector<uint8_t>& b, const std::string& path,
                                                     const ElfOptions& want) {
  const uint64_t size = b.size();
  if (size < EI_NIDENT) throw InputError(fmt::format("{}: truncated ELF file ({} bytes, no whole ELF identification)", path, size));
  const uint8_t cls = b[EI_CLASS];
  if (cls != ELFCLASS32 && cls != ELFCLASS64) throw InputError(fmt::format("{}: ELF class {} is neither 32- nor 64-bit", path, cls));
  if (b[EI_DATA] != ELFDATA2LSB) throw InputError(fmt::format("{}: not a little-endian ELF file", path));
  const bool is64 = cls == ELFCLASS64;
  const uint64_t ehsize = is64 ? sizeof(Elf64_Ehdr) : sizeof(Elf32_Ehdr);
  if (size < ehsize)
    throw InputError(fmt::format("{}: truncated ELF file ({} bytes, the ELF header needs {})", path, size, ehsize));
  const auto type = static_cast<uint16_t>(little(b, 16, 2));
  const auto machine = static_cast<uint16_t>(little(b, 18, 2));
  if (machine != want.machine || is64 != want.is64)
    throw InputError(fmt::format("{}: an ELF file for machine {} ({}-bit), not for this target ({} {}-bit)", path,
                                 machine, is64 ? 64 : 32, want.machine, want.is64 ? 64 : 32));
  if (type != ET_EXEC) return {};
  const uint64_t phoff = is64 ? little(b, 32, 8) : little(b, 28, 4);
  const uint64_t phentsize = little(b, is64 ? 54 : 42, 2), phnum = little(b, is64 ? 56 : 44, 2);
  const uint64_t want_ent = is64 ? sizeof(Elf64_Phdr) : sizeof(Elf32_Phdr);
  if (phnum == 0) throw InputError(fmt::format("{}: an ELF executable without program headers", path));
  if (phentsize != want_ent)
    throw InputError(fmt::format("{}: program header entries of {} bytes (ELF{} has {})", path, phentsize, is64 ? 64 : 32, want_ent));
  if (phoff > size || phnum * phentsize > size - phoff)
    throw InputError(fmt::format("{}: truncated ELF file: the program header table (offset {}, {} entries of {} bytes) "
                                 "ends past its {} bytes",
                                 path, phoff, phnum, phentsize, size));
  std::vector<ProgramImage::Segment> out;
  for (uint64_t i = 0; i < phnum; ++i) {
    const uint64_t at = phoff + i * phentsize;
    const auto p_type = static_cast<uint32_t>(little(b, at, 4));
    if (p_type != PT_LOAD) continue;
    uint64_t offset, paddr, filesz, memsz, flags;
    if (is64) {
      flags = little(b, at + 4, 4);
      offset = little(b, at + 8, 8);
      paddr = little(b, at + 24, 8);
      filesz = little(b, at + 32, 8);
      memsz = little(b, at + 40, 8);
    } else {
      offset = little(b, at + 4, 4);
      paddr = little(b, at + 12, 4);
      filesz = little(b, at + 16, 4);
      memsz = little(b, at + 20, 4);
      flags = little(b, at + 24, 4);
    }
    const std::string name = fmt::format("segment {} (PT_LOAD)", i);
    const std::string where = fmt::format("{} at 0x{:08x}, {} bytes,", name, paddr, memsz);
    if (filesz > memsz)
      throw InputError(fmt::format("{}: {} has more bytes in the file ({}) than in memory ({})", path, name, filesz, memsz));
    if (offset > size || filesz > size - offset)
      throw InputError(fmt::format("{}: truncated ELF file: {} needs file bytes {} to {}, the file has {}", path, where,
                                   offset, offset + filesz, size));
    if (!is64 && paddr + memsz > (uint64_t{1} << 32))
      throw InputError(fmt::format("{}: {} runs past the end of the 32-bit address space", path, where));
    if (memsz == 0) continue;
    ProgramImage::Segment s;
    s.name = name;
    s.address = paddr;
    s.bytes.assign(b.begin() + static_cast<long>(offset), b.begin() + static_cast<long>(offset + filesz));
    s.memsz = memsz;
    s.code = (flags & PF_X) != 0;
    for (const auto& o : out)
      if (s.address < o.address + o.size() && o.address < s.address + s.size())
        throw InputError(fmt::format("{}: {} (0x{:08x} to 0x{:08x}) overlaps {} (0x{:08x} to 0x{:08x})", path, s.name,
                                     s.address, s.address + s.size(), o.name, o.address, o.address + o.size()));
    out.push_back(std::move(s));
  }
  if (out.empty()) throw InputError(fmt::format("{}: an ELF executable with no loadable segment", path));
  return out;
}

}  // namespace

namespace {

// The relocations of a placed object applied, as a static linker applies
// them: each data relocation writes S + A (or S + A - P) into its bytes; an
// instruction's is applied by the assembler itself: the word printed with
// the relocated operand as the absolute target S + A (MOVW/MOVT: the half of
// it), and assembled again where it stands. A symbol no section of the
// object defines is an error: the object needs a linker.
void relocate(const WordIsa& isa, const Object& obj, ProgramImage& img, const std::string& path) {
  const TargetRules& rules = isa.rules();
  const uint16_t machine = rules.elf().machine;
  const bool rela = uses_rela(machine);
  for (size_t si = 0; si < obj.sections.size(); ++si) {
    const ObjSection& sec = obj.sections[si];
    std::vector<uint8_t>& bytes = img.segments[si].bytes;
    for (const ObjReloc& r : sec.relocs) {
      const uint64_t p = img.segments[si].address + r.offset;
      const std::string where = fmt::format("{}: {} at {} offset 0x{:x}", path, r.type, sec.name, r.offset);
      uint64_t s = 0, thumb = 0;
      if (r.symbol >= 0) {
        const ObjSymbol& sym = obj.symbols[static_cast<size_t>(r.symbol)];
        if (sym.undefined || sym.common || sym.section < 0)
          throw InputError(fmt::format("{}: '{}' is not defined in this object: link it with what defines it (ld), or "
                                       "run the source", where, sym.name));
        s = img.segments[static_cast<size_t>(sym.section)].address + sym.value;
        thumb = machine == EM_ARM && sym.type == ObjSymbol::Func && obj.sections[static_cast<size_t>(sym.section)].code;
      } else if (r.section >= 0) {
        s = img.segments[static_cast<size_t>(r.section)].address;
      }
      bool pcrel = false;
      if (const int size = data_relocation_size(machine, r.type, pcrel)) {
        const int64_t a = rela ? r.addend : data_addend(bytes, r.offset, size);
        const uint64_t value = pcrel ? s + static_cast<uint64_t>(a) - p : (s + static_cast<uint64_t>(a)) | thumb;
        for (int k = 0; k < size; ++k) bytes[r.offset + static_cast<uint64_t>(k)] = static_cast<uint8_t>(value >> (8 * k));
        continue;
      }
      const std::span<const uint8_t> rest(bytes.data() + r.offset, bytes.size() - r.offset);
      const uint32_t width = rules.width_at(rest);
      const spec::InstructionSpec* inst = nullptr;
      const spec::Encoding* enc = width && r.offset + width / 8 <= bytes.size()
                                      ? isa.decode(rules.word_from(rest.first(width / 8)), &inst)
                                      : nullptr;
      if (!enc || enc->relocation != r.type)
        throw InputError(fmt::format("{}: not a relocation this loader applies (to {})", where,
                                     enc ? fmt::format("{} {}", inst->name, enc->name) : std::string("no instruction")));
      const spec::Bits word = rules.word_from(rest.first(width / 8));
      PrintContext pc;
      pc.address = p;
      std::optional<int64_t> addend;
      const std::string placeholder(kRelocated);
      pc.name_target = [&](uint64_t target) -> std::optional<std::string> {
        addend = label_addend(rules, r, target, p);
        return placeholder;
      };
      std::vector<std::string> texts = isa.print_all(*enc, word, pc, true);
      const std::string_view op = rules.relocation_operator(r.type);
      AsmContext ctx;
      ctx.address = p;
      std::optional<spec::Bits> done;
      for (std::string text : texts) {
        if (addend) {
          const size_t at = text.find(placeholder);
          if (at == std::string::npos) continue;
          text.replace(at, placeholder.size(), fmt::format("{:#x}", s + static_cast<uint64_t>(*addend)));
        } else {
          // An immediate the relocation writes (MOVW/MOVT).
          const auto imm = op.empty() ? std::nullopt : relocated_immediate(text, r, rela);
          if (!imm) continue;
          const uint64_t full = (s + static_cast<uint64_t>(imm->second)) | thumb;
          text = text.substr(0, imm->first) + std::to_string(op == ":upper16:" ? (full >> 16) & 0xffff : full & 0xffff);
        }
        // The width suffix where the text alone would assemble narrower (`beq.w`).
        const std::string_view suffix = rules.width_suffix(word.width());
        const size_t sp = text.find(' ');
        for (const std::string& t : {text, suffix.empty() || sp == std::string::npos
                                               ? text
                                               : text.substr(0, sp) + std::string(suffix) + text.substr(sp)}) {
          try {
            const WordIsa::Assembled a = isa.assemble(t, ctx);
            if (a.enc == enc && !done) done = a.word;
          } catch (const InputError&) {
          }
        }
        if (done) break;
      }
      if (!done) throw InputError(fmt::format("{}: the target 0x{:x} is out of reach of {} {}", where, s, inst->name, enc->name));
      const std::vector<uint8_t> out = word_bytes(isa, *done);
      std::copy(out.begin(), out.end(), bytes.begin() + static_cast<long>(r.offset));
    }
  }
}

}  // namespace

ProgramImage place_object(const Object& obj, const LinkLayout& layout) {
  ProgramImage img;
  std::vector<uint64_t> at(obj.sections.size());
  uint64_t cur = layout.text_base;
  auto place = [&](bool code) {
    for (size_t i = 0; i < obj.sections.size(); ++i) {
      const ObjSection& s = obj.sections[i];
      if (s.code != code) continue;
      if (s.address) {
        at[i] = *s.address;
      } else {
        const uint64_t a = s.align ? s.align : 1;
        cur = (cur + a - 1) / a * a;
        at[i] = cur;
        cur += s.bytes.size();
      }
    }
  };
  place(true);
  if (layout.data_base) cur = layout.data_base;
  place(false);
  for (size_t i = 0; i < obj.sections.size(); ++i)
    img.segments.push_back({obj.sections[i].name, at[i], obj.sections[i].bytes, obj.sections[i].code});
  for (const ObjSymbol& s : obj.symbols) {
    if (s.name.empty() || s.name[0] == '$') continue;  // mapping symbols
    img.symbols[s.name] = s.section >= 0 ? at[static_cast<size_t>(s.section)] + s.value : s.value;
  }
  if (auto it = img.symbols.find("_start"); it != img.symbols.end()) img.entry = it->second;
  return img;
}

ProgramImage load_program(const WordIsa& isa, const std::string& path, const LinkLayout& layout) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  if (ends_with(path, ".s") || ends_with(path, ".S") || ends_with(path, ".asm"))
    return place_object(assemble_word_program(isa, text, path, layout), layout);
  const std::vector<uint8_t> bytes(text.begin(), text.end());
  if (!is_elf(bytes)) {
    Object obj;
    ObjSection text_section;
    text_section.name = ".text";
    text_section.code = true;
    text_section.bytes = bytes;
    obj.sections.push_back(std::move(text_section));
    return place_object(obj, layout);
  }
  const ElfOptions want = word_elf_options(isa);
  // The headers are checked before libelf reads the file; an executable's
  // program headers are what a loader places.
  std::vector<ProgramImage::Segment> segments = elf_load_segments(bytes, path, want);
  const ElfImage elf = read_elf(bytes, path);
  Object obj;
  obj.sections = elf.sections;
  obj.symbols = elf.symbols;
  if (elf.executable)
    for (auto& s : obj.symbols) s.section = -1;  // st_value is the address already
  ProgramImage img = place_object(obj, layout);
  if (!elf.executable) relocate(isa, obj, img, path);
  if (elf.executable) {
    img.entry = elf.entry;
    img.executable = true;
    // T32 programs run from their program headers, as QEMU loads them; the
    // A64 target (sme2) maps one region per section and keeps its sections.
    if (!want.is64) img.segments = std::move(segments);
  }
  return img;
}

}  // namespace mlisa::as
