// The GNU-as style front end (gas.hpp).
#include "asm/gas.hpp"

#include "asm/solver.hpp"
#include "core/number_parse.hpp"
#include "core/parallel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <span>
#include <map>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <set>

namespace mlisa::as {

const ObjSection* Object::find(std::string_view name) const {
  for (const auto& s : sections)
    if (s.name == name) return &s;
  return nullptr;
}

namespace {

bool is_sym_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }
bool is_sym_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }

constexpr uint64_t kMaxSectionBytes = uint64_t{1} << 28;

// The ELF section flags `.section NAME, "FLAGS"` spells, by letter, in GNU as's order.
constexpr uint64_t kShfMerge = 0x10;
constexpr std::pair<uint64_t, char> kSectionFlags[] = {
    {0x2, 'a'},   // SHF_ALLOC
    {0x1, 'w'},   // SHF_WRITE
    {0x4, 'x'},   // SHF_EXECINSTR
    {kShfMerge, 'M'},
    {0x20, 'S'},  // SHF_STRINGS
};

struct Event {
  enum Kind { Label, Directive, Bundle, Insn } kind;
  int line = 0, col = 0;  // 1-based
  std::string text;       // label name, or the directive line
  size_t bundle = 0;  // Bundle: index into bundles_; Insn: index into insn_sizes_
};

// A value: absolute (section -1), an offset in a section, or an addend to a
// symbol defined elsewhere (section kUndefined). `sym` names the symbol it
// was reckoned from (an index into the object's symbols), which a relocation
// may have to name.
constexpr int kUndefined = -2;
struct Val {
  int64_t v = 0;
  int section = -1;
  int sym = -1;
  int minus = -1;  // the section of an address subtracted from one elsewhere (`ext - .`: PC-relative data)
  bool absolute() const { return section == -1; }
};

// A relocation an instruction or datum needs: the value `v` (not absolute)
// written as the ELF relocation `type` at `offset`.
struct PendingReloc {
  Val v;
  std::string type;
  bool name_symbol = false;  // the relocation names v.sym (else the section of v)
  int64_t addend = 0;        // from what the relocation names
  bool local_ok = false;     // a global symbol of the instruction's own section: resolved here if no encoding relocates
};

class Gas {
 public:
  Gas(const Isa* isa, const GasTarget& target, const WordEncoder* words, std::string_view text, const std::string& file)
      : isa_(isa), target_(target), words_(words), file_(file) {
    word_bytes_ = isa ? (isa->width() + 7) / 8 : 1;
    if (words_ && words_->literal_load) pools_.emplace(words_->literal_load);
    expand(source_file(file, text), 0);
    if (pools_) emit_pool_lines(pools_->rest());  // what no .ltorg placed, at the end of its section
  }

  // A single-word target: layout passes until the sizes settle, in three
  // phases.
  // 1. As GNU as relaxes: the first pass takes each instruction at the
  //    narrowest encoding that holds its operands (a symbol of its section
  //    read as an ideal target, aligned and just after the PC it reads, so
  //    that a label operand does not decide the size yet), and the passes
  //    after it only let an instruction grow, until nothing changes.
  // 2. Free passes take each instruction at the narrowest encoding that holds
  //    its operands where the changes before it put it, so that a size
  //    guessed too large in phase 1 (a forward target seen through too-narrow
  //    guesses of the instructions before it: a literal then misaligned, a
  //    narrow load refused) shrinks again.
  // 3. Should those passes not settle, growth only again, which ends.
  Object run_words() {
    scan();
    check_forward_local_labels();
    std::vector<size_t> floor = insn_sizes_;  // the narrowest each may be (`.w`, `.inst` wide, a relocation's)
    local_only_.assign(insn_sizes_.size(), 0);
    constexpr int kFreePasses = 16, kMaxPasses = 64;
    const size_t widest = std::max(words_->max_bytes, words_->min_bytes);
    std::map<size_t, InputError> first_error;  // by instruction, growth phases
    std::set<size_t> refused_insns;            // kept going past them (WordEncoder::keep_going)
    enum class Phase : uint8_t { Grow, Free, GrowToEnd } phase = Phase::Grow;
    int phase_passes = 0;
    for (int pass = 0;; ++pass, ++phase_passes) {
      if (phase == Phase::Free && phase_passes >= kFreePasses) phase = Phase::GrowToEnd, phase_passes = 0;
      if (phase_passes > kMaxPasses) fail(1, 1, "instruction sizes do not settle (relaxation did not converge)");
      const bool free = phase == Phase::Free;
      layout();
      insn_bytes_.resize(insn_sizes_.size());  // each is assigned below, keeping its storage between passes
      insn_relocs_.assign(insn_sizes_.size(), std::nullopt);
      if (words_->begin_pass) words_->begin_pass();
      bool changed = false;
      bool may_shrink = false;  // an instruction that names a symbol is wider than its narrowest
      // A refusal while sizes are still provisional (a forward target seen
      // through narrow guesses of the instructions before it, an instruction
      // with only wide encodings) grows the instruction to the widest size or
      // waits for the layout to settle; it is reported once nothing changes,
      // with every other refused instruction's (as llvm-mc and GNU as report
      // them all).
      std::vector<std::pair<size_t, InputError>> refused;  // by instruction, in source order
      moved_.assign(obj_.sections.size(), {});
      for (const PlacedInsn& pi : placed_insns_) {
        const Event& e = events_[pi.event];
        size_t& size = insn_sizes_[e.bundle];
        const size_t size_before = size;
        const uint64_t address = base(pi.section) + pi.offset + static_cast<uint64_t>(moved_by(pi.section, pi.offset));
        dot_ = Val{static_cast<int64_t>(pi.offset), pi.section};
        current_insn_ = e.bundle;
        std::string substituted;
        pending_.reset();
        if (e.text.find(':') != std::string::npos || (!equs_.empty() && e.text.find('#') != std::string::npos) ||
            may_hold_expression(e.text))
          substituted = substitute_operators(e, pi.section);
        const std::optional<PendingReloc> from_operator = pending_;
        const std::string& text = substituted.empty() ? e.text : substituted;
        // One pointer captured: the resolver fits std::function's own storage
        // (no allocation per instruction and pass).
        bool names_symbol = false;
        const std::optional<uint64_t> ideal =
            pass == 0 ? std::optional<uint64_t>((address + words_->pc_offset + 3) & ~uint64_t{3}) : std::nullopt;
        const std::tuple<Gas*, const PlacedInsn*, const Event*, uint64_t, bool*, const std::optional<uint64_t>*> where{
            this, &pi, &e, address, &names_symbol, &ideal};
        SymbolResolver resolve = [w = &where](std::string_view t) {
          const auto [gas, placed, event, at, named, target] = *w;
          *named = true;
          return gas->resolve_address(t, placed->section, event->line, event->col, at, 0, 0, *target);
        };
        // Wider than it may be: were it at its narrowest, the addresses after
        // it would move back by the difference. If it takes its narrowest
        // size at those addresses, that is what it takes (a layout can hold
        // an instruction wide only because it is wide: the narrow load of a
        // literal placed on a halfword by the load's own width; GNU as keeps
        // it narrow).
        bool shrunk = false;
        if (free && size > floor[e.bundle] && words_->probe) {
          const uint64_t after = pi.offset + size, back = size - floor[e.bundle];
          SymbolResolver shifted = [&](std::string_view t) {
            return resolve_address(t, pi.section, e.line, e.col, address, after, back);
          };
          try {
            if (words_->probe(text, address, floor[e.bundle], shifted).bytes.size() == floor[e.bundle]) {
              size = floor[e.bundle];
              changed = shrunk = true;
            }
          } catch (const InputError&) {
          }
        }
        std::vector<uint8_t>& bytes = insn_bytes_[e.bundle];
        bool widened = false;
        try {
          pending_ = from_operator;
          const WordEncoder::Encoded got = words_->encode(text, address, free ? floor[e.bundle] : size, resolve);
          bytes.assign(got.bytes.begin(), got.bytes.end());
          if (pending_ && got.relocation.empty()) {
            // A symbol defined elsewhere: this encoding has no relocation to
            // reach it; a wider one may (GNU as makes `b ext` a b.w). A
            // global symbol of this section is then resolved here.
            if (floor[e.bundle] < widest) {
              floor[e.bundle] = widest;
              widened = true;
            } else if (pending_->local_ok) {
              local_only_[e.bundle] = 1;
              changed = true;
            } else {
              throw no_relocation(*pending_);
            }
          } else if (pending_) {
            pending_->type = got.relocation;
            insn_relocs_[e.bundle] = std::move(pending_);
          }
        } catch (const InputError& err) {
          // A column in the instruction's text is placed in its line.
          const int col = err.location().col > 0 ? e.col + err.location().col - 1 : e.col;
          // A symbol the linker places has no value here: a refusal at it
          // (its stand-in out of an encoding's reach) means that no encoding
          // has a relocation for it.
          const bool at_symbol = pending_ && !from_operator && !pending_->local_ok && refuses_symbol(err, text, *pending_);
          InputError here = at_symbol                       ? located(e.line, col, no_relocation(*pending_).message())
                            : err.location().line >= 1 ? err
                                                        : located(e.line, col, err.message());
          // In growth passes the instruction's first refusal says most: it
          // was at its narrowest, a later one may only say that the wider
          // encodings do not hold it.
          if (phase != Phase::Free) here = first_error.try_emplace(e.bundle, here).first->second;
          refused.emplace_back(e.bundle, std::move(here));
          bytes.assign(std::max(size, widest), 0);
        }
        if (pass == 0 && names_symbol) {
          // Encoded for an ideal target: encoded again where the layout puts
          // it, and a refusal there is the next pass's to confirm.
          if (!refused.empty() && refused.back().first == e.bundle) refused.pop_back();
          changed = true;
        }
        if (shrunk) {
          bytes.assign(size, 0);  // the next pass encodes it where it then stands
        } else if (widened) {
          bytes.assign(widest, 0);
          size = widest;
          changed = true;
        } else if (free ? bytes.size() != size : bytes.size() > size) {
          size = bytes.size();
          changed = true;
        }
        may_shrink = may_shrink || (names_symbol && size > floor[e.bundle]);
        if (size != size_before) {
          auto& moved = moved_[static_cast<size_t>(pi.section)];
          const int64_t total = (moved.empty() ? 0 : moved.back().second) + static_cast<int64_t>(size) - static_cast<int64_t>(size_before);
          moved.emplace_back(pi.offset, total);
        }
      }
      if (!changed && phase == Phase::Grow && may_shrink) {
        phase = Phase::Free, phase_passes = -1;  // a pass that may shrink what grew too far
        first_error.clear();
        continue;
      }
      if (!changed && !refused.empty()) {
        if (!words_->keep_going) throw all_errors(refused);
        obj_.refused = all_errors(refused);
        for (const auto& r : refused) refused_insns.insert(r.first);
      }
      if (!changed) break;
    }
    finish_globals();
    for (const auto& f : fixups_) data_fixup(f);
    materialise();
    for (const PlacedInsn& pi : placed_insns_) {
      const Event& e = events_[pi.event];
      if (refused_insns.count(e.bundle)) continue;  // its bytes stay zero
      const auto& b = insn_bytes_[e.bundle];
      auto& out = obj_.sections[static_cast<size_t>(pi.section)].bytes;
      std::copy(b.begin(), b.end(), out.begin() + static_cast<long>(pi.offset));
      obj_.lines.push_back({pi.section, pi.offset, e.text, b.size()});
      if (const auto& r = insn_relocs_[e.bundle]) add_reloc(pi.section, pi.offset, *r);
    }
    for (ObjSection& s : obj_.sections)
      std::stable_sort(s.relocs.begin(), s.relocs.end(), [](const ObjReloc& a, const ObjReloc& b) { return a.offset < b.offset; });
    finish_symbols();
    if (words_->placement)
      for (size_t i = 0; i < obj_.sections.size(); ++i) obj_.sections[i].address = base(static_cast<int>(i));
    obj_.warnings = warnings_;
    return std::move(obj_);
  }

  Object run() {
    scan();
    std::string joined;
    for (const auto& l : bundle_lines_) joined += l + "\n";
    try {
      bundles_ = parse_listing(*isa_, joined, file_);
    } catch (const InputError& e) {
      rethrow(e);
    }
    for (size_t i = 0; i < bundles_.size(); ++i)
      events_.push_back({Event::Bundle, bundles_[i].loc.line, bundles_[i].loc.col, "", i});
    std::stable_sort(events_.begin(), events_.end(), [](const Event& a, const Event& b) {
      return a.line != b.line ? a.line < b.line : a.col < b.col;
    });
    section(".text", 0, 0);
    for (const Event& e : events_) pass1(e);
    finish_globals();
    for (const auto& f : fixups_) data_fixup(f);
    // Each bundle on its own, on every core (the symbols are final: reading
    // them is all the label values do): its label operands become numbers,
    // then it is solved. Then the words are placed in order.
    materialise();
    std::vector<BundleText> texts(placed_.size());
    std::vector<Solution> solved(placed_.size());
    std::vector<std::string> shown(placed_.size());  // each line as written, for the object's lines
    std::vector<std::optional<InputError>> refused(placed_.size());  // every bundle's, as llvm-mc reports them all
    parallel_for(placed_.size(), [&](size_t i) {
      shown[i] = render_bundle(*isa_, bundles_[placed_[i].bundle]);
      try {
        texts[i] = with_label_values(placed_[i]);
        solved[i] = assemble(*isa_, texts[i]);
      } catch (const InputError& e) {
        refused[i] = in_source(e);
      }
    });
    std::vector<InputError> errors;
    for (auto& r : refused)
      if (r) errors.push_back(*r);
    if (!errors.empty() && !target_.keep_going) throw InputError::all(errors);
    if (!errors.empty()) obj_.refused = InputError::all(errors);
    for (size_t i = 0; i < placed_.size(); ++i)
      if (!refused[i]) place(placed_[i], texts[i], solved[i], std::move(shown[i]));
    finish_symbols();
    return std::move(obj_);
  }

 private:
  // A line as expand() reads and leaves it: its text and where it comes from.
  struct SourceLine {
    std::string_view text;
    int line;
    int file = 0;  // index into files_
    // A line the front end wrote for this one (a literal pool's): its text
    // from `at` on stands `moved` columns further in the line as written.
    uint32_t at = 0;
    int32_t moved = 0;
  };
  // The source and the files it includes: their names and lines.
  struct SourceFile {
    std::string name;
    std::vector<std::string_view> lines;
  };
  // Lines are numbered as expand() left them (1 is lines_[0]); an error
  // names the source line each came from. expand()'s own errors name
  // source lines directly (at_source).
  InputError located(int line, int col, const std::string& msg) const {
    if (line >= 1 && static_cast<size_t>(line) <= lines_.size()) return at_source(lines_[static_cast<size_t>(line) - 1], col, msg);
    return at_source({{}, line, 0}, col, msg);
  }
  InputError at_source(const SourceLine& s, int col, const std::string& msg) const {
    SourceLocation l;
    const SourceFile& f = files_.at(static_cast<size_t>(s.file));
    l.file = f.name;
    l.line = s.line;
    l.col = s.moved && col > static_cast<int>(s.at) ? col + s.moved : col;
    if (s.line >= 1 && static_cast<size_t>(s.line) <= f.lines.size()) l.text = std::string(f.lines[static_cast<size_t>(s.line) - 1]);
    return InputError(std::move(l), msg);
  }
  [[noreturn]] void fail(int line, int col, const std::string& msg) const { throw located(line, col, msg); }
  // The refusals of one pass as one error, in source order.
  static InputError all_errors(const std::vector<std::pair<size_t, InputError>>& refused) {
    std::vector<InputError> errors;
    errors.reserve(refused.size());
    for (const auto& r : refused) errors.push_back(r.second);
    return InputError::all(errors);
  }
  // A warning at a place, once however many layout passes meet it.
  void warn(int line, int col, const std::string& msg) {
    if (!warned_at_.insert({line, col}).second) return;
    const auto& l = lines_[static_cast<size_t>(line) - 1];
    warnings_.push_back(fmt::format("{}:{}:{}: warning: {}", files_[static_cast<size_t>(l.file)].name, l.line, col, msg));
  }
  // An error located in the expanded lines, located in its source.
  InputError in_source(const InputError& e) const {
    const SourceLocation& l = e.location();
    if (l.line >= 1 && static_cast<size_t>(l.line) <= lines_.size()) return located(l.line, l.col, e.message());
    return e;
  }
  [[noreturn]] void rethrow(const InputError& e) const { throw in_source(e); }

  void finish_globals() {
    for (const auto& g : globals_) {
      auto it = symbol_index_.find(g.first);
      if (it == symbol_index_.end() && equs_.count(g.first)) continue;  // materialise() makes it, global
      if (it == symbol_index_.end() && relocatable()) {
        undefined_symbol(g.first);  // defined by another object
        continue;
      }
      if (it == symbol_index_.end()) fail(g.second.first, g.second.second, fmt::format("'.global {}' names a symbol that is never defined", g.first));
      obj_.symbols[it->second].global = true;
    }
  }

  // `.type`, `.size`, `.weak` and `.comm` given to the symbols they name.
  void finish_symbols() {
    for (const auto& [name, type] : types_)
      if (auto it = symbol_index_.find(name); it != symbol_index_.end()) obj_.symbols[it->second].type = type;
    for (const auto& [name, q] : sizes_of_) {
      auto it = symbol_index_.find(name);
      if (it == symbol_index_.end()) fail(q.line, q.col, fmt::format("'.size {}' names a symbol that is never defined", name));
      const Val v = eval(q.text, q.line, q.col, q.dot);
      if (!v.absolute() || v.v < 0) fail(q.line, q.col, fmt::format(".size {}: the size must be a number of bytes", name));
      obj_.symbols[it->second].size = static_cast<uint64_t>(v.v);
    }
    for (const auto& [name, where] : weaks_) {
      if (!symbol_index_.count(name) && !relocatable())
        fail(where.first, where.second, fmt::format("'.weak {}' names a symbol that is never defined", name));
      ObjSymbol& sym = obj_.symbols[static_cast<size_t>(undefined_symbol(name))];  // the defined one, where it is
      sym.weak = true;
      sym.global = false;
    }
  }

  // Whether the assembly is an object whose symbols a linker resolves: a
  // word target's, without a placement.
  bool relocatable() const { return words_ && !words_->placement && words_->data_relocation; }

  // The object's symbol for a name no statement defines (an ELF UND symbol).
  int undefined_symbol(const std::string& name) {
    if (auto it = symbol_index_.find(name); it != symbol_index_.end()) return static_cast<int>(it->second);
    symbol_index_[name] = obj_.symbols.size();
    ObjSymbol s;
    s.name = name;
    s.global = true;
    s.undefined = true;
    obj_.symbols.push_back(std::move(s));
    return static_cast<int>(obj_.symbols.size() - 1);
  }

  // The relocation of a value that is not absolute. It names the symbol when
  // that is defined elsewhere, global or a function (a Thumb function's
  // address carries its state), or always (`name_any`: MOVW/MOVT, whose
  // addend is small, name their symbol, as GNU as does); else it names the
  // section and the symbol's offset is in the addend.
  // extra: what the relocation adds beyond v (PC-relative data's distance
  // from its section's start).
  PendingReloc relocation_for(const Val& v, bool name_any, int64_t extra = 0) const {
    PendingReloc r;
    r.v = v;
    if (v.sym >= 0) {
      const ObjSymbol& s = obj_.symbols[static_cast<size_t>(v.sym)];
      r.name_symbol = s.undefined || binds_globally(s.name) || typed_function(s.name) || (name_any && s.name.rfind(".L", 0) != 0);
      // In a mergeable section (strings the linker may fold) the linker finds
      // the piece a relocation means by its offset in the section, which an
      // addend past the symbol would move to another piece: the symbol is
      // named there, as llvm-mc and GNU as name it (`.word s - table`, a
      // PC-relative lookup table into .rodata.str1.1).
      if (!r.name_symbol && v.section >= 0 && v.v + extra != static_cast<int64_t>(s.value)) {
        const ObjSection& home = obj_.sections[static_cast<size_t>(v.section)];
        r.name_symbol = home.flags && (*home.flags & kShfMerge);
      }
    }
    r.addend = r.name_symbol ? v.v - static_cast<int64_t>(obj_.symbols[static_cast<size_t>(v.sym)].value) : v.v;
    if (v.section == kUndefined) r.addend = v.v;
    r.addend += extra;
    return r;
  }

  // Whether a value is a Thumb function's address (its symbol's `.type` or
  // `.thumb_func`, in code), which carries bit 0 where it is placed.
  bool thumb_function(const Val& v) const {
    if (!words_ || !words_->thumb_functions || v.sym < 0 || v.section < 0) return false;
    return typed_function(obj_.symbols[static_cast<size_t>(v.sym)].name) && obj_.sections[static_cast<size_t>(v.section)].code;
  }

  // `.type NAME, %function` or `.thumb_func` named it.
  bool typed_function(const std::string& name) const {
    const auto t = types_.find(name);
    return t != types_.end() && t->second == ObjSymbol::Func;
  }
  // `.global` or `.weak` named it: another object may see (or define) it.
  bool binds_globally(const std::string& name) const { return globals_.count(name) || weaks_.count(name); }

  void add_reloc(int section, uint64_t offset, const PendingReloc& r) {
    ObjReloc o;
    o.offset = offset;
    o.type = r.type;
    if (r.name_symbol) o.symbol = r.v.sym;
    else o.section = r.v.section;
    if (words_->rela) o.addend = r.addend;
    obj_.sections[static_cast<size_t>(section)].relocs.push_back(std::move(o));
  }

  static std::string nonzero_in_nobits(const ObjSection& s) {
    return fmt::format("a value other than zero in {}, a section without contents (NOBITS)", s.name);
  }

  // Whether an instruction's refusal points at the symbol a relocation names
  // (the last place its name appears in the text, where label operands are).
  bool refuses_symbol(const InputError& err, std::string_view text, const PendingReloc& r) const {
    if (r.v.sym < 0 || err.location().line >= 1 || err.location().col < 1) return false;
    const size_t at = text.rfind(obj_.symbols[static_cast<size_t>(r.v.sym)].name);
    return at != std::string_view::npos && static_cast<size_t>(err.location().col) == at + 1;
  }

  InputError no_relocation(const PendingReloc& r) const {
    const std::string what = r.v.sym >= 0 ? fmt::format("'{}'", obj_.symbols[static_cast<size_t>(r.v.sym)].name)
                                          : std::string("the address");
    const std::string where = r.v.section == kUndefined ? "is not defined in this file"
                              : fmt::format("is in section {}", obj_.sections[static_cast<size_t>(r.v.section)].name);
    return InputError(fmt::format("{} {}, and this instruction has no encoding with an ELF relocation to reach it", what, where));
  }

  // One layout pass of a word target: every section, symbol and datum placed
  // anew from the events, with the instruction sizes of the last pass.
  void layout() {
    obj_ = Object{};
    sizes_.clear();
    mapping_state_.clear();
    symbol_index_.clear();
    equs_.clear();
    equ_order_.clear();
    globals_.clear();
    fixups_.clear();
    placed_insns_.clear();
    strings_.clear();
    pads_.clear();
    types_.clear();
    sizes_of_.clear();
    weaks_.clear();
    locals_.clear();
    thumb_func_ = false;
    externs_ok_ = false;
    materialised_ = false;
    section(".text", 0, 0);
    for (const Event& e : events_) pass1(e);
    externs_ok_ = relocatable();
    // GNU as ends an object's code section on a multiple of its alignment
    // (at most 4 bytes): zero bytes to the next instruction boundary, then NOPs.
    for (size_t i = 0; externs_ok_ && i < obj_.sections.size(); ++i) {
      const uint64_t n = words_->nop.size(), to = std::min<uint64_t>(obj_.sections[i].align, 4);
      if (!obj_.sections[i].code || !n || to < n) continue;
      const uint64_t end = (sizes_[i] + to - 1) / to * to;
      for (uint64_t at = (sizes_[i] + n - 1) / n * n; at < end; at += n) pads_.push_back({static_cast<int>(i), at});
      sizes_[i] = end;
    }
  }

  // The address of a section in this pass: with a placement, code sections
  // one after another from text_base and the others from data_base; else 0.
  uint64_t base(int section) const {
    if (!words_ || !words_->placement) return 0;
    std::vector<uint64_t> at(obj_.sections.size());
    uint64_t cur = words_->placement->text_base;
    auto place = [&](bool code) {
      for (size_t i = 0; i < obj_.sections.size(); ++i) {
        const ObjSection& s = obj_.sections[i];
        if (s.code != code) continue;
        cur = (cur + s.align - 1) / s.align * s.align;
        at[i] = cur;
        cur += sizes_[i];
      }
    };
    place(true);
    if (words_->placement->data_base) cur = words_->placement->data_base;
    place(false);
    return at[static_cast<size_t>(section)];
  }

  // How far the addresses of a section past `offset` (in the pass's layout)
  // have moved in this pass: the size changes of the instructions before it,
  // so that each instruction is sized where the changes before it put it
  // (sized all at once, neighbours that each fit only if the other shrinks
  // would shrink and grow together, pass after pass).
  int64_t moved_by(int section, uint64_t offset) const {
    if (moved_.empty()) return 0;
    const auto& moved = moved_[static_cast<size_t>(section)];
    auto it = std::lower_bound(moved.begin(), moved.end(), offset, [](const auto& m, uint64_t o) { return m.first < o; });
    return it == moved.begin() ? 0 : std::prev(it)->second;
  }

  // A symbol expression's address for an instruction of `from`: absolute
  // with a placement; without one, only addresses in `from` (its offsets).
  // An address; with `back`, one in section `from` at offset `after` or
  // beyond is taken `back` bytes earlier; with `ideal`, one in section
  // `from` that is not relocated is taken to be `ideal`.
  // Without a placement, an address elsewhere (another section, another
  // object) is a relocation of the instruction at `at`: the value read is
  // `at` plus the addend the instruction's bytes hold (REL), so that a
  // PC-relative field holds the addend less the PC's offset, as GNU as has it.
  std::optional<int64_t> resolve_address(std::string_view text, int from, int line, int col, uint64_t at,
                                         uint64_t after = 0, uint64_t back = 0, std::optional<uint64_t> ideal = std::nullopt) {
    Val v = eval(text, line, col);
    if (v.absolute()) return v.v;
    // GNU as relocates a branch to a global symbol even in its own section
    // (another object may define it first, or it may be weak).
    const bool global_here = v.section == from && v.sym >= 0 && relocatable() && !local_only_[current_insn_] &&
                             binds_globally(obj_.symbols[static_cast<size_t>(v.sym)].name);
    if (ideal && v.section == from && !global_here) return static_cast<int64_t>(*ideal);
    if (v.section == from) {
      const int64_t moved = v.v >= 0 ? moved_by(from, static_cast<uint64_t>(v.v)) : 0;
      if (back && v.v >= static_cast<int64_t>(after)) v.v -= static_cast<int64_t>(back);
      v.v += moved;
    }
    if ((v.section != from && relocatable()) || global_here) {
      pending_ = relocation_for(v, false);
      pending_->local_ok = global_here;
      return static_cast<int64_t>(at) + (words_->rela ? 0 : pending_->addend);
    }
    if (v.section != from && !words_->placement)
      fail(line, col,
           fmt::format("'{}' is in section {}: an instruction of {} can only name addresses in its own section "
                       "(the object has no relocations; mlisa run places every section)",
                       text, obj_.sections[static_cast<size_t>(v.section)].name, obj_.sections[static_cast<size_t>(from)].name));
    return static_cast<int64_t>(base(v.section)) + v.v;
  }

  // The operators of an immediate's arithmetic, besides the signs.
  static constexpr const char* kOperators = "()*/%<>|&^~";

  // Whether an instruction's text may hold an immediate of arithmetic (an
  // operator, or a sign past the first after `#`): a cheap test before
  // substitute_operators looks at each immediate (constant_expression).
  static bool may_hold_expression(std::string_view text) {
    const size_t hash = text.find('#');
    return hash != std::string_view::npos &&
           (text.find_first_of(kOperators, hash) != std::string_view::npos ||
            text.find_first_of("+-", hash + 2) != std::string_view::npos);
  }

  // Whether an immediate's text is arithmetic on numbers (`(31-2)`, `4*8`),
  // not a number alone (`-4`, `0x10`, which the encoder reads: `#-0` is not
  // `#0`) nor an FP literal (`1.5e-3`).
  static bool constant_expression(std::string_view expr) {
    if (expr.find('.') != std::string_view::npos) return false;
    // A sign after `e` is an exponent's, unless the text holds hex (`0xfe-1`).
    const bool hex = expr.find("0x") != std::string_view::npos || expr.find("0X") != std::string_view::npos;
    for (size_t k = 1; k < expr.size(); ++k) {
      const char c = expr[k];
      if (std::strchr(kOperators, c)) return true;
      if ((c == '+' || c == '-') && (hex || !(expr[k - 1] == 'e' || expr[k - 1] == 'E'))) return true;
    }
    return expr.size() > 1 && (expr[0] == '(' || expr[0] == '~');
  }

  // `#:lower16:EXPR` and `#:upper16:EXPR` (T32 MOVW/MOVT of an address) and
  // `:lo12:EXPR` (A64 ADD and LDR after ADRP: the low 12 bits) become numbers.
  static uint64_t operator_part(std::string_view op, uint64_t x) {
    return op == ":lower16:" ? (x & 0xffff) : op == ":upper16:" ? ((x >> 16) & 0xffff) : (x & 0xfff);
  }
  std::string substitute_operators(const Event& e, int section) {
    std::string t = e.text;
    for (const char* op : {":lower16:", ":upper16:", ":lo12:"}) {
      size_t p;
      while ((p = t.find(op)) != std::string::npos) {
        const size_t a = p + std::string_view(op).size();
        size_t b = a;
        while (b < t.size() && t[b] != ',' && t[b] != ']') ++b;
        const int col = e.col + static_cast<int>(a);
        const std::string_view expr = std::string_view(t).substr(a, b - a);
        uint64_t half;
        if (const Val v = eval(expr, e.line, col); !v.absolute() && relocatable()) {
          // The address is the linker's: the relocation of the instruction's
          // encoding takes it, and a REL object keeps the addend in the field.
          // llvm-mc names a local symbol in MOVW/MOVT (ELF ARM) but its
          // section in A64's :lo12: (as in ADRP's).
          pending_ = relocation_for(v, std::string_view(op) != ":lo12:");
          // A REL addend must fit the field (RELA objects, A64's, hold 0 there).
          const int64_t addend = words_->rela ? 0 : pending_->addend;
          if (addend < -32768 || addend > 32767)
            fail(e.line, col, fmt::format("the addend {} of {}{} does not fit in the 16 bits that hold it", addend, op, expr));
          half = static_cast<uint64_t>(addend) & 0xffff;
        } else {
          const uint64_t x = static_cast<uint64_t>(*resolve_address(expr, section, e.line, col, 0)) | (thumb_function(v) ? 1 : 0);
          half = operator_part(op, x);
        }
        // `#:lower16:x` or, as clang writes it, `:lower16:x`: an immediate either way.
        const bool hash = p > 0 && t[p - 1] == '#';
        t = t.substr(0, p) + (hash ? "" : "#") + std::to_string(half) + t.substr(b);
      }
    }
    // `#EXPR` that names a `.equ`/`.set` symbol, or of constants and
    // operators only: its value, as GNU as and llvm-mc evaluate an immediate
    // (`#K`, `#K*4+1`, `#(31-2)`); other immediates (a number, a label, an FP
    // literal) are the encoder's.
    for (size_t p = t.find('#'); p != std::string::npos; p = t.find('#', p + 1)) {
      const size_t a = p + 1;
      size_t b = a;
      int depth = 0;
      while (b < t.size() && (depth > 0 || (t[b] != ',' && t[b] != ']' && t[b] != '!' && t[b] != '}'))) {
        depth += t[b] == '(' ? 1 : t[b] == ')' ? -1 : 0;
        ++b;
      }
      const std::string_view expr = trim(std::string_view(t).substr(a, b - a));
      bool names_equ = false, names_other = false;
      for (size_t k = 0; k < expr.size();) {
        if (!is_sym_start(expr[k]) || (k > 0 && std::isalnum(static_cast<unsigned char>(expr[k - 1])))) {
          ++k;
          continue;
        }
        size_t q = k;
        while (q < expr.size() && is_sym_char(expr[q])) ++q;
        (!equs_.empty() && equs_.count(std::string(expr.substr(k, q - k))) ? names_equ : names_other) = true;
        k = q;
      }
      if (!names_equ && (names_other || !constant_expression(expr))) continue;
      const Val v = eval(expr, e.line, e.col + static_cast<int>(a));
      if (!v.absolute() || v.sym >= 0) fail(e.line, e.col + static_cast<int>(a), fmt::format("#{}: not a constant", expr));
      t = t.substr(0, a) + std::to_string(v.v) + t.substr(b);
    }
    return t;
  }
  static constexpr int kMaxIncludeDepth = 16;
  static constexpr uintmax_t kMaxIncludeBytes = uintmax_t{64} << 20;
  // A file's lines, numbered from 1, after recording it (its text outlives the assembler).
  std::vector<SourceLine> source_file(const std::string& name, std::string_view text) {
    files_.push_back({name, {}});
    SourceFile& f = files_.back();
    for (size_t p = 0; p <= text.size();) {
      size_t nl = text.find('\n', p);
      if (nl == std::string_view::npos) nl = text.size();
      std::string_view l = text.substr(p, nl - p);
      if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
      f.lines.push_back(l);
      if (nl == text.size()) break;
      p = nl + 1;
    }
    std::vector<SourceLine> out;
    const int index = static_cast<int>(files_.size() - 1);
    for (size_t i = 0; i < f.lines.size(); ++i) out.push_back({f.lines[i], static_cast<int>(i + 1), index});
    return out;
  }
  // `.include "PATH"`: PATH as given (from the working directory), else
  // beside the file that includes it, as GNU as looks in the current
  // directory and then in the -I ones.
  std::vector<SourceLine> included(const SourceLine& at, int col, std::string_view rest, int depth) {
    namespace fs = std::filesystem;
    if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"')
      throw at_source(at, col, fmt::format(".include: expected a file name in quotes, not '{}'", rest));
    const std::string path(rest.substr(1, rest.size() - 2));
    if (depth >= kMaxIncludeDepth) throw at_source(at, col, fmt::format(".include \"{}\": files included too deeply (one includes itself?)", path));
    std::vector<fs::path> tries{fs::path(path)};
    if (fs::path(path).is_relative()) tries.push_back(fs::path(files_.at(static_cast<size_t>(at.file)).name).parent_path() / path);
    std::error_code ec;
    for (const fs::path& t : tries) {
      if (!fs::is_regular_file(t, ec)) continue;
      if (fs::file_size(t, ec) > kMaxIncludeBytes) throw at_source(at, col, fmt::format(".include \"{}\": larger than 64 MiB", path));
      std::ifstream in(t, std::ios::binary);
      included_text_.emplace_back((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      return source_file(t.string(), included_text_.back());
    }
    throw at_source(at, col, fmt::format(".include \"{}\": no such file (or not a regular file)", path));
  }
  // GNU as's repetitions and macros, expanded before anything else reads
  // the lines: `.rept N` ... `.endr`, `.irp NAME, V1, V2, ...` ... `.endr`
  // (`\NAME` in the body), `.macro NAME P1[=DEFAULT], ...` ... `.endm`
  // and its uses `NAME A1, A2` (`\P1`, `\()` joins, `\@` counts the
  // expansions). A generated line keeps the number of the line it comes
  // from (the body's), which errors name.
  struct Macro {
    std::vector<std::pair<std::string, std::string>> params;  // name, default
    std::vector<bool> required;  // by parameter: `P:req`, an argument must be given
    bool vararg = false;         // the last parameter is `P:vararg`: it takes the rest of the arguments
    std::vector<SourceLine> body;
  };
  static constexpr size_t kMaxExpandedLines = size_t{1} << 20;
  static constexpr int kMaxExpansionDepth = 64;

  // The directive or first word of a line (after labels), its column and the
  // rest; with `labels`, the labels before it are appended there.
  std::tuple<std::string_view, size_t, std::string_view> first_word(std::string_view l,
                                                                    std::vector<std::string_view>* labels = nullptr) const {
    size_t p = 0;
    while (true) {
      while (p < l.size() && (l[p] == ' ' || l[p] == '\t')) ++p;
      size_t q = p;
      while (q < l.size() && is_sym_char(l[q])) ++q;
      if (q > p && q < l.size() && l[q] == ':') {  // a label
        if (labels) labels->push_back(l.substr(p, q - p));
        p = q + 1;
        continue;
      }
      std::string_view rest = without_comment(l.substr(q));  // the directives' arguments take none
      while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
      while (!rest.empty() && (rest.back() == ' ' || rest.back() == '\t')) rest.remove_suffix(1);
      return {l.substr(p, q - p), p, rest};
    }
  }
  // Arguments separated by commas, or by blanks where there is no comma (by
  // either for `.irp`'s values: `.irp r, r5 r6`); a quoted part ("add x0,
  // x0, #1") holds commas and blanks and loses its quotes (`\"` in it is a
  // quote), as GNU as and llvm-mc take them.
  static std::vector<std::string> split_arguments(std::string_view rest, bool blanks_too = false) {
    std::vector<std::string> out;
    bool commas = false, quoted = false;
    for (size_t k = 0; k < rest.size(); ++k) {
      if (quoted && rest[k] == '\\') ++k;
      else if (rest[k] == '"') quoted = !quoted;
      else if (!quoted && rest[k] == ',') commas = true;
    }
    const bool blank_separates = blanks_too || !commas;
    std::string cur;
    bool any = false;          // cur holds a quoted part (perhaps empty)
    bool after_blank = false;  // the last argument ended at a blank: a comma next ends no other
    auto flush = [&] {
      size_t a = cur.find_first_not_of(" \t"), b = cur.find_last_not_of(" \t");
      out.push_back(any ? cur : a == std::string::npos ? "" : cur.substr(a, b - a + 1));
      cur.clear();
      any = false;
    };
    quoted = false;
    for (size_t k = 0; k < rest.size(); ++k) {
      const char c = rest[k];
      const bool blank = c == ' ' || c == '\t';
      if (quoted) {
        if (c == '\\' && k + 1 < rest.size() && rest[k + 1] == '"') cur += rest[++k];
        else if (c == '"') quoted = false;
        else cur += c;
      } else if (c == ',' && commas) {
        if (!after_blank || !cur.empty() || any) flush();
        after_blank = false;
      } else if (blank && blank_separates) {
        if (!cur.empty() || any) flush(), after_blank = true;
      } else if (blank && (any || cur.empty())) {
        // blanks before an argument or after its quoted part
      } else if (c == '"') {
        quoted = any = true;
        after_blank = false;
      } else {
        cur += c;
        after_blank = false;
      }
    }
    if (!cur.empty() || any || (commas && !rest.empty() && !after_blank)) flush();
    return out;
  }
  // The body from lines[from] to its closing directive (nested openers counted); the index of that line.
  size_t body_end(std::span<const SourceLine> lines, size_t from, std::initializer_list<std::string_view> openers,
                  std::string_view closer, const SourceLine& opener) const {
    int depth = 1;
    for (size_t j = from; j < lines.size(); ++j) {
      const auto word = std::get<0>(first_word(lines[j].text));
      if (std::find(openers.begin(), openers.end(), word) != openers.end()) ++depth;
      else if (word == closer && --depth == 0) return j;
    }
    throw at_source(opener, 1, fmt::format("'{}' has no '{}' after it", std::get<0>(first_word(opener.text)), closer));
  }
  // The lines with `\NAME` replaced by the values of `names`, `\()` by nothing and `\@` by the count.
  std::vector<SourceLine> substituted(std::span<const SourceLine> body, const std::vector<std::pair<std::string, std::string>>& names) {
    std::vector<SourceLine> out;
    for (const SourceLine& l : body) {
      std::string t;
      for (size_t k = 0; k < l.text.size(); ++k) {
        if (l.text[k] != '\\' || k + 1 >= l.text.size()) {
          t += l.text[k];
          continue;
        }
        if (l.text.substr(k + 1, 2) == "()") {
          k += 2;
          continue;
        }
        if (l.text[k + 1] == '@') {
          t += std::to_string(expansions_);
          ++k;
          continue;
        }
        size_t q = k + 1;
        while (q < l.text.size() && is_sym_char(l.text[q])) ++q;
        const std::string_view name = l.text.substr(k + 1, q - k - 1);
        const auto it = std::find_if(names.begin(), names.end(), [&](const auto& n) { return n.first == name; });
        if (name.empty() || it == names.end()) {
          t += l.text[k];
          continue;
        }
        t += it->second;
        k = q - 1;
      }
      generated_.push_back(std::move(t));
      out.push_back({generated_.back(), l.line, l.file});
    }
    return out;
  }
  void emit(const SourceLine& l) {
    if (lines_.size() >= kMaxExpandedLines)
      throw at_source(l, 1, fmt::format("the program has more than {} lines once its repetitions and macros are expanded", kMaxExpandedLines));
    lines_.push_back(l);
  }
  void expand(std::span<const SourceLine> in, int depth) {
    std::vector<std::string_view> labels;
    for (size_t i = 0; i < in.size(); ++i) {
      labels.clear();
      const auto [word, col, rest] = first_word(in[i].text, &labels);
      const SourceLine& line = in[i];
      const int c = static_cast<int>(col + 1);
      // Lines that emit nothing (definitions repeated) count too: the work is bounded, not only the output.
      if (++expanded_ > 4 * kMaxExpandedLines)
        throw at_source(line, c, fmt::format("the program has more than {} lines once its repetitions and macros are expanded",
                                  kMaxExpandedLines));
      if (exiting_) return;  // `.exitm`: the rest of the macro's body is left out
      if (word == ".rept" || word == ".irp" || word == ".irpc") {
        const size_t end = body_end(in, i + 1, {".rept", ".irp", ".irpc"}, ".endr", in[i]);
        const std::span<const SourceLine> body = in.subspan(i + 1, end - i - 1);
        if (depth >= kMaxExpansionDepth) throw at_source(line, c, "repetitions and macros nested too deeply");
        if (word == ".rept") {
          const int64_t n = constant(line, static_cast<int>(rest.data() - line.text.data()) + 1, rest, ".rept");
          if (n < 0) throw at_source(line, c, fmt::format(".rept {}: a negative count", n));
          if (static_cast<uint64_t>(n) > kMaxExpandedLines / std::max<size_t>(body.size(), 1))
            throw at_source(line, c, fmt::format(".rept {}: more than {} lines", n, kMaxExpandedLines));
          for (int64_t k = 0; k < n && !exiting_; ++k) expand(body, depth + 1);
        } else {
          std::vector<std::string> args = split_arguments(rest, word == ".irp");
          if (args.empty() || args[0].empty() || !std::all_of(args[0].begin(), args[0].end(), is_sym_char))
            throw at_source(line, c, fmt::format("{}: expected a name and its values", word));
          if (word == ".irp") {
            for (size_t k = 1; k < args.size() && !exiting_; ++k) expand(substituted(body, {{args[0], args[k]}}), depth + 1);
          } else {  // one expansion per character of the value
            const std::string chars = args.size() > 1 ? args[1] : "";
            for (size_t k = 0; k < chars.size() && !exiting_; ++k)
              expand(substituted(body, {{args[0], std::string(1, chars[k])}}), depth + 1);
          }
        }
        i = end;
      } else if (is_conditional(word)) {
        keep_labels(line, col, labels);
        i = conditional(in, i, depth);
      } else if (word == ".else" || word == ".elseif" || word == ".endif") {
        throw at_source(line, c, fmt::format("'{}' without '.if' before it", word));
      } else if (word == ".exitm") {
        if (macro_depth_ == 0) throw at_source(line, c, "'.exitm' outside a macro");
        exiting_ = true;
        return;
      } else if (word == ".macro") {
        const size_t end = body_end(in, i + 1, {".macro"}, ".endm", in[i]);
        size_t n = 0;
        while (n < rest.size() && is_sym_char(rest[n])) ++n;
        const std::string name(rest.substr(0, n));
        if (name.empty()) throw at_source(line, c, ".macro: expected a name");
        Macro m;
        for (const std::string& a : split_arguments(rest.substr(n))) {
          if (a.empty()) continue;
          const size_t eq = a.find('=');
          const size_t colon = a.find(':');
          std::string pname = a.substr(0, std::min(eq, colon));
          // GNU as's qualifiers: `:req` and, on the last parameter, `:vararg`.
          const std::string qualifier = colon < eq ? a.substr(colon + 1, eq == std::string::npos ? std::string::npos : eq - colon - 1) : "";
          if (pname.empty() || !std::all_of(pname.begin(), pname.end(), is_sym_char) ||
              !(qualifier.empty() || qualifier == "req" || qualifier == "vararg") || m.vararg)
            throw at_source(line, c, fmt::format(".macro {}: bad parameter '{}'{}", name, a,
                                                 m.vararg ? " (after the :vararg one, which must be last)" : ""));
          m.params.push_back({pname, eq == std::string::npos ? "" : a.substr(eq + 1)});
          m.required.push_back(qualifier == "req");
          m.vararg = qualifier == "vararg";
        }
        m.body.assign(in.begin() + static_cast<std::ptrdiff_t>(i + 1), in.begin() + static_cast<std::ptrdiff_t>(end));
        macros_[name] = std::move(m);
        i = end;
      } else if (rest.starts_with(".req") && (rest.size() == 4 || rest[4] == ' ' || rest[4] == '\t') && !word.empty()) {
        // `NAME .req REGISTER`: NAME stands for the register in the instructions after it.
        std::string_view reg = rest.substr(4);
        while (!reg.empty() && (reg.front() == ' ' || reg.front() == '\t')) reg.remove_prefix(1);
        if (reg.empty() || !std::all_of(reg.begin(), reg.end(), is_sym_char))
          throw at_source(line, c, fmt::format("{} .req: expected a register, not '{}'", word, reg));
        // An alias of an alias is the register it stands for.
        const auto prev = register_aliases_.find(std::string(reg));
        register_aliases_[std::string(word)] = prev == register_aliases_.end() ? std::string(reg) : prev->second;
      } else if (!word.empty() && !word.starts_with(".") && rest.starts_with("=") && !rest.starts_with("==")) {
        // `NAME = EXPR` is `.set NAME, EXPR` (GNU as).
        generated_.push_back(fmt::format("{}.set {}, {}", line.text.substr(0, col), word, rest.substr(1)));
        emit({generated_.back(), line.line, line.file});
        note_labels(labels);
        note_constant(word, rest.substr(1));
      } else if (word == ".unreq") {
        if (!register_aliases_.erase(std::string(rest)))
          throw at_source(line, c, fmt::format(".unreq: '{}' is not a register alias (.req)", rest));
      } else if (word == ".include") {
        expand(included(line, c, rest, include_depth_++), depth + 1);
        --include_depth_;
      } else if (word == ".endr" || word == ".endm") {
        throw at_source(line, c, fmt::format("'{}' without '{}' before it", word, word == ".endr" ? ".rept, .irp or .irpc" : ".macro"));
      } else if (auto it = macros_.find(std::string(word)); it != macros_.end() && !word.empty()) {
        if (depth >= kMaxExpansionDepth) throw at_source(line, c, fmt::format("macro '{}' expanded too deeply (a macro that uses itself?)", word));
        const Macro m = it->second;  // a copy: the body may define macros
        // Arguments by position, or by name (`m r=1`) where the name is a parameter's.
        std::vector<std::pair<std::string, std::string>> names;
        for (const auto& [pname, dflt] : m.params) names.push_back({pname, dflt});
        size_t next = 0;
        std::vector<bool> given(names.size(), false);
        for (const std::string& a : split_arguments(rest)) {
          if (m.vararg && next + 1 == names.size() && given.back()) {
            // The :vararg parameter takes every argument left, with what separated them.
            names.back().second += (rest.find(',') != std::string_view::npos ? ", " : " ") + a;
            continue;
          }
          const size_t eq = a.find('=');
          const auto keyword = eq == std::string::npos ? names.end()
                                                       : std::find_if(names.begin(), names.end(), [&](const auto& n) {
                                                           return n.first == std::string_view(a).substr(0, eq);
                                                         });
          if (keyword != names.end()) {
            keyword->second = a.substr(eq + 1);
            given[static_cast<size_t>(keyword - names.begin())] = true;
            continue;
          }
          if (next >= names.size())
            throw at_source(line, c, fmt::format("macro '{}' takes {} arguments, not more", word, m.params.size()));
          if (!a.empty()) names[next].second = a, given[next] = true;
          if (!(m.vararg && next + 1 == names.size())) ++next;
        }
        for (size_t k = 0; k < names.size(); ++k)
          if (m.required[k] && !given[k])
            throw at_source(line, c, fmt::format("macro '{}': missing value for its parameter '{}' (:req)", word, names[k].first));
        keep_labels(line, col, labels);
        const std::vector<SourceLine> body = substituted(m.body, names);
        ++expansions_;  // `\@` counts from 0, as GNU as's
        ++macro_depth_;
        expand(body, depth + 1);
        --macro_depth_;
        exiting_ = false;
      } else {
        const SourceLine l = register_aliases_.empty() || word.starts_with(".") ? in[i] : with_registers(in[i], col);
        // Only a directive (a section, .ltorg) or a line with '=' may be the pools'.
        if (!pools_ || !(word.starts_with(".") || l.text.find('=') != std::string_view::npos) || !literal_statement(l)) emit(l);
        note_labels(labels);
        if (const size_t comma = rest.find(','); (word == ".equ" || word == ".set") && comma != std::string_view::npos)
          note_constant(rest.substr(0, comma), rest.substr(comma + 1));
      }
    }
  }

  // A literal load (`ldr r0, =VALUE`) or `.ltorg`: the lines that replace it
  // emitted, each at the line it comes from (a pool word at its load's);
  // false for any other statement (emitted as it is).
  bool literal_statement(const SourceLine& l) {
    const size_t origin = pool_origins_.size();  // l's, once it is kept
    std::vector<LiteralPools::Line> out;
    auto constant = [&](std::string_view expr) -> std::optional<int64_t> {
      try {
        return value_so_far(expr, 1);
      } catch (const InputError&) {
        return std::nullopt;  // an address, or a constant defined after it: a pool word
      }
    };
    if (!pools_->statement(without_comment(l.text), origin, constant, out)) return false;
    pool_origins_.push_back(l);
    emit_pool_lines(out);
    return true;
  }
  void emit_pool_lines(const std::vector<LiteralPools::Line>& lines) {
    for (const LiteralPools::Line& p : lines) {
      generated_.push_back(p.text);
      const SourceLine& from = pool_origins_[p.origin];
      emit({generated_.back(), from.line, from.file, static_cast<uint32_t>(p.at), static_cast<int32_t>(p.was) - static_cast<int32_t>(p.at)});
    }
  }

  // An instruction's line with each whole word a `.req` names replaced by its
  // register (from `col`, after the labels; not inside a string).
  SourceLine with_registers(const SourceLine& l, size_t col) {
    std::string t(l.text.substr(0, col));
    bool changed = false;
    for (size_t p = col; p < l.text.size();) {
      const char ch = l.text[p];
      if (ch == '"' || !is_sym_char(ch) || (p > 0 && is_sym_char(l.text[p - 1]))) {
        if (ch == '"') {  // a string literal, as it is
          const size_t end = l.text.find('"', p + 1);
          const size_t q = end == std::string_view::npos ? l.text.size() : end + 1;
          t.append(l.text.substr(p, q - p));
          p = q;
          continue;
        }
        t += ch;
        ++p;
        continue;
      }
      size_t q = p;
      while (q < l.text.size() && is_sym_char(l.text[q])) ++q;
      const std::string_view w = l.text.substr(p, q - p);
      if (auto a = register_aliases_.find(std::string(w)); a != register_aliases_.end() && p > col) {
        t += a->second;
        changed = true;
      } else {
        t.append(w);
      }
      p = q;
    }
    if (!changed) return l;
    generated_.push_back(std::move(t));
    return {generated_.back(), l.line, l.file};
  }

  // The labels before a directive the expander takes (a macro's name, `.if`) stay.
  void keep_labels(const SourceLine& line, size_t col, std::span<const std::string_view> labels) {
    if (col == 0) return;
    generated_.push_back(std::string(line.text.substr(0, col)));
    emit({generated_.back(), line.line, line.file});
    note_labels(labels);
  }

  // ---- conditional assembly (`.if` ... `.elseif` ... `.else` ... `.endif`) ----
  // A condition is decided where it stands, as GNU as decides it: from the
  // constants `.equ`/`.set` defined before it, and the labels before it
  // (`.ifdef`). The chosen part is expanded in place, the others dropped.
  static bool is_conditional(std::string_view w) {
    static constexpr std::string_view kIfs[] = {".if",   ".ifdef", ".ifndef", ".ifnotdef", ".ifeq", ".ifne", ".ifge",
                                                ".ifgt", ".ifle",  ".iflt",   ".ifc",      ".ifnc", ".ifeqs", ".ifnes",
                                                ".ifb",  ".ifnb"};
    return std::find(std::begin(kIfs), std::end(kIfs), w) != std::end(kIfs);
  }
  // The lines of an `.if` from in[first] to its `.endif`: each part's
  // condition line and body; returns the index of the `.endif`.
  size_t conditional(std::span<const SourceLine> in, size_t first, int depth) {
    struct Part {
      size_t head;              // the .if/.elseif/.else line
      size_t from = 0, to = 0;  // its body [from, to)
    };
    std::vector<Part> parts{{first}};
    int nest = 1;
    size_t j = first + 1;
    for (; j < in.size(); ++j) {
      const auto w = std::get<0>(first_word(in[j].text));
      if (is_conditional(w)) ++nest;
      else if (w == ".endif" && --nest == 0) break;
      else if (nest == 1 && (w == ".else" || w == ".elseif")) {
        if (std::get<0>(first_word(in[parts.back().head].text)) == ".else")
          throw at_source(in[j], 1, fmt::format("'{}' after '.else'", w));
        parts.push_back({j});
      }
    }
    if (j == in.size()) throw at_source(in[first], 1, fmt::format("'{}' has no '.endif' after it", std::get<0>(first_word(in[first].text))));
    for (size_t k = 0; k < parts.size(); ++k) {
      parts[k].from = parts[k].head + 1;
      parts[k].to = k + 1 < parts.size() ? parts[k + 1].head : j;
    }
    for (const Part& part : parts)
      if (holds(in[part.head])) {
        expand(in.subspan(part.from, part.to - part.from), depth);
        break;
      }
    return j;
  }
  // Whether an .if/.elseif/.else line's condition holds.
  bool holds(const SourceLine& l) {
    const auto [w, col, rest] = first_word(l.text);
    const int c = static_cast<int>(col + 1), at = static_cast<int>(rest.data() - l.text.data()) + 1;
    if (w == ".else") return true;
    if (w == ".if" || w == ".elseif") return constant(l, at, rest, w) != 0;
    if (w == ".ifdef" || w == ".ifndef" || w == ".ifnotdef") {
      if (rest.empty() || !std::all_of(rest.begin(), rest.end(), is_sym_char))
        throw at_source(l, at, fmt::format("{}: expected a symbol's name, not '{}'", w, rest));
      return (defined_.count(std::string(rest)) != 0) == (w == ".ifdef");
    }
    if (w == ".ifb" || w == ".ifnb") return rest.empty() == (w == ".ifb");
    if (w == ".ifc" || w == ".ifnc" || w == ".ifeqs" || w == ".ifnes") {
      const std::vector<std::string> args = split_arguments(rest);
      if (args.size() != 2) throw at_source(l, c, fmt::format("{}: expected two strings separated by a comma", w));
      auto unquoted = [](std::string t) { return t.size() >= 2 && t.front() == '"' && t.back() == '"' ? t.substr(1, t.size() - 2) : t; };
      return (unquoted(args[0]) == unquoted(args[1])) == (w == ".ifc" || w == ".ifeqs");
    }
    const int64_t v = constant(l, at, rest, w);
    if (w == ".ifeq") return v == 0;
    if (w == ".ifne") return v != 0;
    if (w == ".ifge") return v >= 0;
    if (w == ".ifgt") return v > 0;
    if (w == ".ifle") return v <= 0;
    return v < 0;  // .iflt
  }
  // An expression the expander must know the value of (a condition, a
  // count): numbers and the constants defined before it.
  int64_t constant(const SourceLine& l, int col, std::string_view text, std::string_view what) {
    if (text.empty()) throw at_source(l, col, fmt::format("{}: expected an expression", what));
    try {
      return value_so_far(text, col);
    } catch (const InputError& e) {
      throw at_source(l, e.location().col, fmt::format("{}: {}", what, e.message()));
    }
  }
  // The value of an expression from the numbers and the constants defined so
  // far (what expand() knows of the symbols). Throws InputError.
  int64_t value_so_far(std::string_view text, int col) {
    expanding_ = true;
    struct Reset {
      bool& flag;
      ~Reset() { flag = false; }
    } reset{expanding_};
    return eval(text, 0, col, std::nullopt).v;
  }
  // What an emitted line defines, for the conditions after it: its labels
  // (`.ifdef`), and the constant a `.equ`/`.set` gives.
  void note_labels(std::span<const std::string_view> labels) {
    for (std::string_view l : labels) defined_.insert(std::string(l));
  }
  void note_constant(std::string_view name, std::string_view value) {
    while (!name.empty() && (name.back() == ' ' || name.back() == '\t')) name.remove_suffix(1);
    if (name.empty() || !std::all_of(name.begin(), name.end(), is_sym_char)) return;
    defined_.insert(std::string(name));
    // A value that is not a constant here (an address, a later symbol) is no constant of the conditions.
    try {
      constants_[std::string(name)] = value_so_far(value, 1);
    } catch (const InputError&) {
      constants_.erase(std::string(name));
    }
  }

  // A line up to its comment (the comment character or `//`, outside string literals).
  std::string_view without_comment(std::string_view s) const {
    bool in_str = false;
    for (size_t p = 0; p < s.size(); ++p) {
      if (in_str) {
        if (s[p] == '\\') ++p;
        else if (s[p] == '"') in_str = false;
        continue;
      }
      if (s[p] == '"') in_str = true;
      else if ((!target_.comment.empty() && s.substr(p, target_.comment.size()) == target_.comment) || s.substr(p, 2) == "//")
        return s.substr(0, p);
    }
    return s;
  }
  // Comments left out, then each line split into labels, a directive, or bundle text.
  void scan() {
    int depth = 0;
    events_.reserve(lines_.size());
    if (words_) insn_sizes_.reserve(lines_.size());
    std::string s;
    for (size_t i = 0; i < lines_.size(); ++i) {
      s.assign(without_comment(lines_[i].text));
      const int line = static_cast<int>(i + 1);  // lines_[i]: located() names its source line
      if (words_) {
        scan_statements(s, line);
        continue;
      }
      std::string b(s.size(), ' ');
      size_t p = 0;
      auto braces = [&](size_t from) {
        for (size_t q = from; q < s.size(); ++q) {
          if (s[q] == '{') ++depth;
          else if (s[q] == '}') --depth;
        }
      };
      if (depth > 0) {
        b = s;
        braces(0);
        bundle_lines_.push_back(b);
        continue;
      }
      while (true) {
        while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
        if (p >= s.size()) break;
        // A label: a symbol followed by ':'.
        if (is_sym_start(s[p]) && s[p] != '.') {
          size_t q = p;
          while (q < s.size() && is_sym_char(s[q])) ++q;
          if (q < s.size() && s[q] == ':') {
            events_.push_back({Event::Label, line, static_cast<int>(p + 1), s.substr(p, q - p), 0});
            p = q + 1;
            continue;
          }
        } else if (s[p] == '.' && s.compare(p, 9, ".encoding") != 0) {
          size_t q = p;
          while (q < s.size() && is_sym_char(s[q])) ++q;
          if (q < s.size() && s[q] == ':') {  // a label starting with '.'
            events_.push_back({Event::Label, line, static_cast<int>(p + 1), s.substr(p, q - p), 0});
            p = q + 1;
            continue;
          }
          events_.push_back({Event::Directive, line, static_cast<int>(p + 1), s.substr(p), 0});
          break;
        }
        // Bundle text to the end of the line (and on, while braces are open).
        for (size_t q = p; q < s.size(); ++q) b[q] = s[q];
        braces(p);
        break;
      }
      bundle_lines_.push_back(b);
    }
  }

  // A word target's line: statements separated by ';', each labels then a
  // directive or one instruction.
  void scan_statements(const std::string& s, int line) {
    if (debug_statement(s, line)) return;
    size_t start = 0;
    bool in_str = false;
    for (size_t q = 0; q <= s.size(); ++q) {
      if (q < s.size()) {
        if (in_str) {
          if (s[q] == '\\') ++q;
          else if (s[q] == '"') in_str = false;
          continue;
        }
        if (s[q] == '"') in_str = true;
        if (s[q] != ';') continue;
      }
      statement(std::string_view(s).substr(0, q), start, line);
      start = q + 1;
    }
  }

  // What `gcc -g` adds: `.loc`, `.cfi_*` and `.section .debug_*` with their
  // contents, from which GNU as builds the DWARF tables. They are left out
  // (the object has no debugging information, and one warning says so):
  // true for a line that is one of them or inside such a section. The
  // section directives that enter or leave a .debug_* section are left out
  // with it, so the sections the assembler follows never include one: a
  // `.popsection` or `.previous` back from it is dropped, one back to it
  // drops what follows.
  bool debug_statement(const std::string& s, int line) {
    const size_t p = s.find_first_not_of(" \t");
    if (p == std::string::npos) return in_debug_section_;
    const std::string_view rest = std::string_view(s).substr(p);
    auto is = [&](std::string_view d) {
      return rest.substr(0, d.size()) == d && (rest.size() == d.size() || rest[d.size()] == ' ' || rest[d.size()] == '\t');
    };
    auto argument = [&]() -> std::string_view {
      const size_t q = rest.find_first_not_of(" \t", rest.find_first_of(" \t"));
      return q == std::string_view::npos ? std::string_view() : rest.substr(q);
    };
    const bool was = in_debug_section_;
    bool dropped = false;
    if (is(".section") || is(".pushsection")) {
      in_debug_section_ = argument().starts_with(".debug_");
      dropped = in_debug_section_;
      if (is(".pushsection")) pushed_debug_.push_back({was, dropped});
      if (!dropped) previous_is_debug_ = was;
    } else if (is(".popsection") && !pushed_debug_.empty()) {
      in_debug_section_ = pushed_debug_.back().first;
      dropped = pushed_debug_.back().second;
      pushed_debug_.pop_back();
    } else if (is(".previous") && (was || previous_is_debug_)) {
      in_debug_section_ = !was;
      previous_is_debug_ = was;
      dropped = true;
    } else if (is(".text") || is(".data") || is(".bss")) {
      in_debug_section_ = false;
      previous_is_debug_ = was;
    } else {
      dropped = was || is(".loc") || is(".loc_mark_labels") || rest.starts_with(".cfi_");
    }
    if (dropped && !debug_warned_) {
      debug_warned_ = true;
      warnings_.push_back(fmt::format("{}:{}:{}: warning: debugging information (`gcc -g`: .loc, .cfi_*, .debug_* "
                                      "sections) is not written to the object",
                                      files_[static_cast<size_t>(lines_[static_cast<size_t>(line) - 1].file)].name,
                                      lines_[static_cast<size_t>(line) - 1].line, p + 1));
    }
    return dropped;
  }

  // GNU's local labels: `N:` (N decimal digits) defines the next instance of
  // N; `Nb` names the last instance defined, `Nf` the next one. Each instance
  // becomes a symbol no source can spell.
  static std::string local_label(std::string_view digits, int instance) {
    return fmt::format(".L{}$local${}", digits, instance);
  }
  // Whether s has a digit followed by 'f' or 'b', which a `Nb`/`Nf` reference
  // needs: most statements have none and are kept as they are.
  static bool may_name_local_label(std::string_view s) {
    for (size_t i = 1; i < s.size(); ++i)
      if ((s[i] == 'f' || s[i] == 'b') && s[i - 1] >= '0' && s[i - 1] <= '9') return true;
    return false;
  }
  // The statement with its `Nb`/`Nf` references renamed (string literals kept).
  std::string with_local_labels(std::string_view s, size_t from, int line) {
    std::string out(s.substr(0, from));
    bool in_str = false;
    for (size_t i = from; i < s.size(); ++i) {
      const char c = s[i];
      if (in_str) {
        out += c;
        if (c == '\\' && i + 1 < s.size()) out += s[++i];
        else if (c == '"') in_str = false;
        continue;
      }
      if (c == '"') in_str = true;
      size_t j = i;
      while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
      if (j > i && j < s.size() && (s[j] == 'f' || s[j] == 'b') && (i == 0 || !is_sym_char(s[i - 1])) &&
          (j + 1 == s.size() || !is_sym_char(s[j + 1]))) {
        const std::string digits(s.substr(i, j - i));
        const int defined = local_count_[digits];
        if (s[j] == 'b' && defined == 0)
          fail(line, static_cast<int>(i + 1), fmt::format("local label '{}b' has no definition '{}:' before it", digits, digits));
        if (s[j] == 'f') forward_refs_.push_back({digits, defined + 1, line, static_cast<int>(i + 1)});
        out += local_label(digits, s[j] == 'b' ? defined : defined + 1);
        i = j;
        continue;
      }
      out += c;
    }
    return out;
  }
  // Every `Nf` found its definition.
  void check_forward_local_labels() const {
    for (const auto& r : forward_refs_)
      if (local_count_.count(r.digits) == 0 || local_count_.at(r.digits) < r.instance)
        fail(r.line, r.col, fmt::format("local label '{}f' has no definition '{}:' after it", r.digits, r.digits));
  }

  void statement(std::string_view s, size_t p, int line) {
    while (true) {
      while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
      if (p >= s.size()) return;
      if (std::isdigit(static_cast<unsigned char>(s[p]))) {
        size_t q = p;
        while (q < s.size() && std::isdigit(static_cast<unsigned char>(s[q]))) ++q;
        if (q < s.size() && s[q] == ':') {
          const std::string digits(s.substr(p, q - p));
          events_.push_back({Event::Label, line, static_cast<int>(p + 1), local_label(digits, ++local_count_[digits]), 0});
          p = q + 1;
          continue;
        }
      }
      if (is_sym_start(s[p])) {
        size_t q = p;
        while (q < s.size() && is_sym_char(s[q])) ++q;
        if (q < s.size() && s[q] == ':') {
          events_.push_back({Event::Label, line, static_cast<int>(p + 1), std::string(s.substr(p, q - p)), 0});
          p = q + 1;
          continue;
        }
      }
      size_t e = s.size();
      while (e > p && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
      std::string renamed;
      if (may_name_local_label(s.substr(p))) {
        renamed = with_local_labels(s.substr(0, e), p, line);
        s = renamed;
        e = s.size();
      }
      // .inst (a raw instruction word) is an instruction: it takes its place
      // in an IT block, so the encoder handles it.
      const bool inst = s.compare(p, 5, ".inst") == 0 && (p + 5 == e || s[p + 5] == ' ' || s[p + 5] == '\t' || s[p + 5] == '.');
      if (s[p] == '.' && !inst) {
        events_.push_back({Event::Directive, line, static_cast<int>(p + 1), std::string(s.substr(p, e - p)), 0});
      } else {
        events_.push_back({Event::Insn, line, static_cast<int>(p + 1), std::string(s.substr(p, e - p)), insn_sizes_.size()});
        insn_sizes_.push_back(words_->initial_bytes ? words_->initial_bytes(s.substr(p, e - p)) : words_->min_bytes);
      }
      return;
    }
  }

  int section(const std::string& name, int line, int col) {
    for (size_t i = 0; i < obj_.sections.size(); ++i)
      if (obj_.sections[i].name == name) return cur_ = static_cast<int>(i);
    if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return is_sym_char(c) || c == '-'; }))
      fail(line, col, fmt::format("bad section name '{}'", name));
    ObjSection s;
    s.name = name;
    s.code = name == ".text" || name.rfind(".text.", 0) == 0;
    s.nobits = name == ".bss" || name.rfind(".bss.", 0) == 0;
    if (name == ".rodata" || name.rfind(".rodata.", 0) == 0) s.flags = 0x2;  // SHF_ALLOC, read-only, as GNU as has it
    if (s.code) s.align = words_ ? words_->min_bytes : word_bytes_;
    obj_.sections.push_back(s);
    sizes_.push_back(0);
    mapping_state_.push_back(0);
    return cur_ = static_cast<int>(obj_.sections.size() - 1);
  }

  // Arm mapping symbols ($t or $x where code starts, $d where data does), so
  // that objdump tells code from data in a code section.
  void mapping(char kind) {
    char& state = mapping_state_[static_cast<size_t>(cur_)];
    if (state == kind || words_->code_mapping.empty()) return;
    state = kind;
    obj_.symbols.push_back(symbol(kind == 'c' ? words_->code_mapping : "$d", cur_, sizes_[static_cast<size_t>(cur_)], false));
  }

  static ObjSymbol symbol(std::string name, int section, uint64_t value, bool global) {
    ObjSymbol s;
    s.name = std::move(name);
    s.section = section;
    s.value = value;
    s.global = global;
    return s;
  }

  void define(const std::string& name, int sec, uint64_t value, int line, int col) {
    if (symbol_index_.count(name) || equs_.count(name)) fail(line, col, fmt::format("symbol '{}' is already defined", name));
    symbol_index_[name] = obj_.symbols.size();
    obj_.symbols.push_back(symbol(name, sec, value, false));
  }

  void grow(uint64_t n, int line, int col) {
    uint64_t& size = sizes_[static_cast<size_t>(cur_)];
    if (n > kMaxSectionBytes || size + n > kMaxSectionBytes)
      fail(line, col, fmt::format("section {} would exceed {} bytes", obj_.sections[static_cast<size_t>(cur_)].name, kMaxSectionBytes));
    size += n;
  }

  // count copies of unit at the current offset (.fill, .space with a fill).
  // The section's size is checked before the bytes are built, so a huge count
  // is a located error, not an exhausted memory; a unit of zeros only grows
  // the section; a nonzero one in a nobits section is refused at nonzero_col.
  void repeat_bytes(const std::string& unit, uint64_t count, int line, int count_col, int nonzero_col) {
    const ObjSection& sec = obj_.sections[static_cast<size_t>(cur_)];
    const bool nonzero = std::any_of(unit.begin(), unit.end(), [](char ch) { return ch != 0; });
    if (nonzero && sec.nobits) fail(line, nonzero_col, nonzero_in_nobits(sec));
    const uint64_t at = sizes_[static_cast<size_t>(cur_)];
    grow(unit.empty() ? 0 : count > kMaxSectionBytes ? count : count * unit.size(), line, count_col);
    if (!nonzero) return;
    std::string bytes;
    bytes.reserve(count * unit.size());
    for (uint64_t k = 0; k < count; ++k) bytes += unit;
    strings_.push_back({cur_, at, std::move(bytes)});
  }

  // ---- expressions ----
  struct Cursor {
    std::string_view s;
    size_t p = 0;
    int col0 = 0;  // column of s[0]
    std::optional<Val> dot;  // what '.' names here
    int nest = 0;            // unary operators and parentheses open around p (each a frame of recursion)
    void skip() {
      while (p < s.size() && std::isspace(static_cast<unsigned char>(s[p]))) ++p;
    }
    int col() const { return col0 + static_cast<int>(p); }
  };

  Val eval_symbol(const std::string& name, int line, int col, std::set<std::string>& active, const std::optional<Val>& dot) {
    if (expanding_) {  // a condition or a count: the constants defined before it only
      if (auto k = constants_.find(name); k != constants_.end()) return {k->second, -1};
      if (defined_.count(name)) fail(line, col, fmt::format("'{}' is an address, not a constant", name));
      fail(line, col, fmt::format("'{}' is not a constant defined before this line", name));
    }
    if (name == ".") {  // the location of the instruction or data being assembled (`b .`)
      if (!dot) fail(line, col, "'.' (the current location) is not known here");
      return *dot;
    }
    // A .equ/.set symbol before the object's symbols (materialise() adds it
    // there with its last value; a line reads the value it has there).
    auto e = equs_.find(name);
    if (e == equs_.end()) {
      if (auto it = symbol_index_.find(name); it != symbol_index_.end()) {
        const ObjSymbol& s = obj_.symbols[it->second];
        return {static_cast<int64_t>(s.value), s.undefined ? kUndefined : s.section, static_cast<int>(it->second)};
      }
      // Once every label is placed, a symbol no statement defines is another object's.
      if (externs_ok_) return {0, kUndefined, undefined_symbol(name)};
      fail(line, col, fmt::format("undefined symbol '{}'", name));
    }
    // A symbol defined more than once has, on a line, the value of its last
    // definition before that line (its own definition reads the one before);
    // before the first, the first's (as GNU as 2.40 reads it).
    const std::vector<Equ>& versions = e->second;
    size_t k = 0;
    for (size_t i = versions.size(); i-- > 0;)
      if (versions[i].line < line) {
        k = i;
        break;
      }
    const Equ& q = versions[k];
    const std::string key = fmt::format("{}#{}", name, k);
    if (active.count(key)) fail(line, col, fmt::format("symbol '{}' is defined in terms of itself", name));
    active.insert(key);
    // `.` in the definition is where the definition stands (`.set x, . + 4`).
    Cursor c{q.text, 0, q.col, q.dot};
    Val v = expr(c, q.line, active);
    c.skip();
    if (c.p != c.s.size()) fail(q.line, c.col(), fmt::format("unexpected '{}' in expression", c.s.substr(c.p)));
    active.erase(key);
    return v;
  }

  Val term(Cursor& c, int line, std::set<std::string>& active) {
    c.skip();
    if (c.p >= c.s.size()) fail(line, c.col(), "expected a number or a symbol");
    const char ch = c.s[c.p];
    const bool unary = ch == '-' || ch == '+' || ch == '~' || ch == '!';
    // A bound on the recursion that a long run of '(' or '-' would make.
    constexpr int kMaxNest = 256;
    if ((unary || ch == '(') && c.nest >= kMaxNest)
      fail(line, c.col(), fmt::format("expression nests more than {} operators or parentheses deep", kMaxNest));
    if (unary) {
      const int col = c.col();
      ++c.p;
      ++c.nest;
      Val v = term(c, line, active);
      --c.nest;
      if (ch == '+') return v;
      if (!v.absolute()) fail(line, col, fmt::format("'{}' needs a number, not an address", ch));
      v.v = ch == '-' ? -v.v : ch == '~' ? ~v.v : !v.v;
      return v;
    }
    if (ch == '(') {
      ++c.p;
      ++c.nest;
      Val v = expr(c, line, active);
      --c.nest;
      c.skip();
      if (c.p >= c.s.size() || c.s[c.p] != ')') fail(line, c.col(), "expected ')'");
      ++c.p;
      return v;
    }
    if (std::isdigit(static_cast<unsigned char>(ch))) {
      const int col = c.col();
      size_t q = c.p;
      while (q < c.s.size() && std::isalnum(static_cast<unsigned char>(c.s[q]))) ++q;
      const std::string t(c.s.substr(c.p, q - c.p));
      c.p = q;
      uint64_t v = 0;
      int base = 10;
      std::string digits = t;
      if (t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) base = 16, digits = t.substr(2);
      else if (t.size() > 2 && t[0] == '0' && (t[1] == 'b' || t[1] == 'B')) base = 2, digits = t.substr(2);
      for (char d : digits) {
        int x = std::isdigit(static_cast<unsigned char>(d)) ? d - '0'
                : std::isxdigit(static_cast<unsigned char>(d)) ? std::tolower(d) - 'a' + 10
                                                                : 99;
        if (x >= base) fail(line, col, fmt::format("bad number '{}'", t));
        if (v > (UINT64_MAX - static_cast<uint64_t>(x)) / static_cast<uint64_t>(base) || v > (uint64_t{1} << 62))
          fail(line, col, fmt::format("number '{}' is too large", t));
        v = v * static_cast<uint64_t>(base) + static_cast<uint64_t>(x);
      }
      return {static_cast<int64_t>(v), -1};
    }
    if (is_sym_start(ch)) {
      const int col = c.col();
      size_t q = c.p;
      while (q < c.s.size() && is_sym_char(c.s[q])) ++q;
      const std::string name(c.s.substr(c.p, q - c.p));
      c.p = q;
      return eval_symbol(name, line, col, active, c.dot);
    }
    fail(line, c.col(), fmt::format("unexpected '{}' in expression", c.s.substr(c.p)));
  }

  // GNU as's binary operators, by precedence: `* / % << >>`, then `| & ^`,
  // then `+ -` and the comparisons, then `&& ||`. Only + and - take an
  // address (an address plus or minus a number, the distance of two in one
  // section). A comparison is -1 when it holds, else 0; && and || are 1 or 0.
  // Returned as one character each: `=` for ==, `!` for != and <>, `l` for <=,
  // `g` for >=, `A` for &&, `O` for ||.
  static constexpr int kLevels = 4;
  static int binary_operator(std::string_view s, size_t p, int level, size_t& len) {
    if (p >= s.size()) return 0;
    const char c = s[p];
    const char n = p + 1 < s.size() ? s[p + 1] : 0;
    len = 1;
    switch (level) {
      case 3:
        if (c == '*' || c == '/' || c == '%') return c;
        if ((c == '<' && n == '<') || (c == '>' && n == '>')) return len = 2, c;
        return 0;
      case 2:
        if ((c == '&' && n != '&') || c == '^' || (c == '|' && n != '|')) return c;
        return 0;
      case 1:
        if (c == '+' || c == '-') return c;
        if (c == '=' && n == '=') return len = 2, '=';
        if ((c == '!' && n == '=') || (c == '<' && n == '>')) return len = 2, '!';
        if (c == '<' && n == '=') return len = 2, 'l';
        if (c == '>' && n == '=') return len = 2, 'g';
        if ((c == '<' && n != '<') || (c == '>' && n != '>')) return c;
        return 0;
      default:
        if (c == '&' && n == '&') return len = 2, 'A';
        if (c == '|' && n == '|') return len = 2, 'O';
        return 0;
    }
  }

  Val expr(Cursor& c, int line, std::set<std::string>& active, int level = 0) {
    if (active.size() > 64) fail(line, c.col(), "expression nests too deep");
    const bool last = level == kLevels - 1;
    Val v = last ? term(c, line, active) : expr(c, line, active, level + 1);
    for (;;) {
      c.skip();
      size_t len = 0;
      const int op = binary_operator(c.s, c.p, level, len);
      if (!op) return v;
      const int col = c.col();
      c.p += len;
      Val r = last ? term(c, line, active) : expr(c, line, active, level + 1);
      if (op == '+') {
        if (!v.absolute() && !r.absolute()) fail(line, col, "cannot add two addresses");
        if (v.absolute()) {
          r.v += v.v;
          v = r;
        } else {
          v.v += r.v;
        }
      } else if (op == '-') {
        const bool pcrel = !r.absolute() && r.minus < 0 && v.minus < 0 && r.section >= 0 && r.section != v.section &&
                           !v.absolute() && externs_ok_;
        if (!r.absolute() && !pcrel && r.section != v.section && words_ && words_->placement && r.section >= 0 &&
            v.section >= 0) {
          // Placed at once, every address is known: the distance is a number.
          v.v += static_cast<int64_t>(base(v.section)) - static_cast<int64_t>(base(r.section));
          v.section = r.section;
        }
        if (!r.absolute() && !pcrel && (r.section != v.section || v.section == kUndefined))
          fail(line, col, "cannot subtract an address of another section");
        v.v -= r.v;
        if (pcrel) v.minus = r.section;
        else if (!r.absolute()) v.section = -1, v.sym = -1;
      } else {
        if (!v.absolute() || !r.absolute()) fail(line, col, fmt::format("'{}' needs numbers, not addresses", c.s.substr(col - c.col0, len)));
        if ((op == '/' || op == '%') && r.v == 0) fail(line, col, "division by zero");
        const bool shift = level == 3;
        if (shift && (op == '<' || op == '>') && (r.v < 0 || r.v > 63)) fail(line, col, fmt::format("a shift by {}", r.v));
        const int64_t yes = level == 1 ? -1 : 1;  // a comparison's truth, a logical operator's
        switch (op) {
          case '<': v.v = shift ? static_cast<int64_t>(static_cast<uint64_t>(v.v) << r.v) : v.v < r.v ? yes : 0; break;
          case '>': v.v = shift ? v.v >> r.v : v.v > r.v ? yes : 0; break;
          case '=': v.v = v.v == r.v ? yes : 0; break;
          case '!': v.v = v.v != r.v ? yes : 0; break;
          case 'l': v.v = v.v <= r.v ? yes : 0; break;
          case 'g': v.v = v.v >= r.v ? yes : 0; break;
          case 'A': v.v = v.v && r.v ? yes : 0; break;
          case 'O': v.v = v.v || r.v ? yes : 0; break;
          case '*': v.v = static_cast<int64_t>(static_cast<uint64_t>(v.v) * static_cast<uint64_t>(r.v)); break;
          case '/': v.v = r.v == -1 ? -v.v : v.v / r.v; break;
          case '%': v.v = r.v == -1 ? 0 : v.v % r.v; break;
          case '&': v.v &= r.v; break;
          case '|': v.v |= r.v; break;
          case '^': v.v ^= r.v; break;
        }
      }
      if (v.v > (int64_t{1} << 62) || v.v < -(int64_t{1} << 62)) fail(line, col, "value out of range");
    }
  }

  Val eval(std::string_view text, int line, int col) { return eval(text, line, col, dot_); }
  Val eval(std::string_view text, int line, int col, const std::optional<Val>& dot) {
    Cursor c{text, 0, col, dot};
    std::set<std::string> active;
    Val v = expr(c, line, active);
    c.skip();
    if (c.p != c.s.size()) fail(line, c.col(), fmt::format("unexpected '{}' in expression", c.s.substr(c.p)));
    return v;
  }

  // ---- directives ----
  struct Arg {
    std::string_view text;
    int col;
  };
  std::vector<Arg> args_of(std::string_view rest, int col0) {
    std::vector<Arg> out;
    size_t start = 0;
    bool in_str = false;
    int depth = 0;
    auto push = [&](size_t a, size_t b) {
      while (a < b && std::isspace(static_cast<unsigned char>(rest[a]))) ++a;
      while (b > a && std::isspace(static_cast<unsigned char>(rest[b - 1]))) --b;
      out.push_back({rest.substr(a, b - a), col0 + static_cast<int>(a)});
    };
    for (size_t p = 0; p < rest.size(); ++p) {
      const char c = rest[p];
      if (in_str) {
        if (c == '\\') ++p;
        else if (c == '"') in_str = false;
      } else if (c == '"') in_str = true;
      else if (c == '(') ++depth;
      else if (c == ')') --depth;
      else if (c == ',' && depth == 0) {
        push(start, p);
        start = p + 1;
      }
    }
    if (!std::string_view(rest).substr(start).empty() || !out.empty()) push(start, rest.size());
    if (out.size() == 1 && out[0].text.empty()) out.clear();
    return out;
  }

  // `.section NAME, "FLAGS"[, %TYPE[, ENTSIZE]]`, as GNU as reads them for ELF:
  // a allocated, w writable, x code, M mergeable, S strings; %progbits or %nobits.
  void section_attributes(ObjSection& s, const std::vector<Arg>& args, int line) {
    const std::string_view f = args[1].text;
    if (f.size() < 2 || f.front() != '"' || f.back() != '"') fail(line, args[1].col, ".section: the flags go in double quotes (\"ax\")");
    uint64_t flags = 0;
    for (size_t k = 1; k + 1 < f.size(); ++k) {
      const auto* known = std::find_if(std::begin(kSectionFlags), std::end(kSectionFlags), [&](const auto& sf) { return sf.second == f[k]; });
      if (known == std::end(kSectionFlags))
        fail(line, args[1].col + static_cast<int>(k), fmt::format(".section: unknown flag '{}' (known: a, w, x, M, S)", f[k]));
      flags |= known->first;
    }
    s.flags = flags;
    if (flags & 0x4) s.code = true;
    if (args.size() > 2) {
      std::string_view t = args[2].text;
      if (!t.empty() && (t[0] == '%' || t[0] == '@')) t.remove_prefix(1);
      if (t == "nobits") s.nobits = true;
      else if (t == "progbits") s.nobits = false;
      else fail(line, args[2].col, fmt::format(".section: expected %progbits or %nobits, not '{}'", args[2].text));
    }
    if (args.size() > 3) {
      Val v = eval(args[3].text, line, args[3].col);
      if (!v.absolute() || v.v < 0) fail(line, args[3].col, ".section: the entry size is a number");
      s.entsize = static_cast<uint64_t>(v.v);
    }
    if (args.size() > 4) fail(line, args[4].col, ".section: groups and other arguments after the entry size are not supported");
  }

  std::string string_lit(const Arg& a, int line) {
    std::string_view t = a.text;
    if (t.size() < 2 || t.front() != '"' || t.back() != '"') fail(line, a.col, "expected a string in double quotes");
    std::string out;
    for (size_t i = 1; i + 1 < t.size(); ++i) {
      char c = t[i];
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i + 2 >= t.size()) fail(line, a.col + static_cast<int>(i), "a backslash at the end of a string");
      const char e = t[++i];
      switch (e) {
        case 'n': out += '\n'; break;
        case 't': out += '\t'; break;
        case 'r': out += '\r'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'v': out += '\v'; break;
        case 'a': out += '\a'; break;
        case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': {
          // up to three octal digits, GCC's `\012`
          int v = e - '0';
          for (int n = 1; n < 3 && i + 2 < t.size() && t[i + 1] >= '0' && t[i + 1] <= '7'; ++n) v = v * 8 + (t[++i] - '0');
          out += static_cast<char>(v & 0xff);
          break;
        }
        case '\\': out += '\\'; break;
        case '"': out += '"'; break;
        case 'x': {
          int v = 0, n = 0;
          while (n < 2 && i + 1 + 1 < t.size() && std::isxdigit(static_cast<unsigned char>(t[i + 1]))) {
            const char d = static_cast<char>(std::tolower(t[++i]));
            v = v * 16 + (std::isdigit(static_cast<unsigned char>(d)) ? d - '0' : d - 'a' + 10);
            ++n;
          }
          if (!n) fail(line, a.col + static_cast<int>(i), "\\x needs hex digits");
          out += static_cast<char>(v);
          break;
        }
        default: fail(line, a.col + static_cast<int>(i) - 1, fmt::format("unknown escape '\\{}'", e));
      }
    }
    return out;
  }

  std::optional<Val> dot_;  // what '.' names: the location being assembled, where there is one
  // The size changes of this layout pass so far, by section: (an
  // instruction's offset in the pass's layout, the total change up to it).
  std::vector<std::vector<std::pair<uint64_t, int64_t>>> moved_;
  struct Fixup {
    int section;
    uint64_t offset;
    int size;
    std::string text;
    int line, col;
  };
  struct Placed {
    size_t bundle;
    int section;
    uint64_t offset;
  };
  struct Equ {
    std::string text;
    int line, col;
    std::optional<Val> dot;  // where it stands
  };

  // A directive's argument that must be a symbol's name.
  std::string symbol_name(const Arg& a, int line) const {
    if (a.text.empty() || !is_sym_start(a.text[0]) || !std::all_of(a.text.begin(), a.text.end(), is_sym_char))
      fail(line, a.col, fmt::format("'{}' is not a symbol name", a.text));
    return std::string(a.text);
  }

  // Where the assembly stands: the current section's end.
  Val here() const { return Val{static_cast<int64_t>(sizes_[static_cast<size_t>(cur_)]), cur_}; }

  // The bytes of a datum of a data directive (0: not one).
  static int data_size(std::string_view name) {
    if (name == ".byte") return 1;
    if (name == ".hword" || name == ".short" || name == ".2byte") return 2;
    if (name == ".word" || name == ".long" || name == ".int" || name == ".4byte") return 4;
    if (name == ".quad" || name == ".8byte" || name == ".xword" || name == ".dword") return 8;
    return 0;
  }

  // `.comm` and `.lcomm`: `size` zero bytes of .bss aligned to `align`,
  // labelled `sym` (a common symbol's storage, where the object is placed).
  void common_in_bss(const std::string& sym, uint64_t size, uint64_t align, int line, int col) {
    const int was = cur_;
    ObjSection& bss = obj_.sections[static_cast<size_t>(section(".bss", line, col))];
    bss.align = std::max(bss.align, align);
    uint64_t& at = sizes_[static_cast<size_t>(cur_)];
    grow((align - at % align) % align, line, col);
    define(sym, cur_, at, line, col);
    grow(size, line, col);
    cur_ = was;
  }

  void pass1(const Event& e) {
    if (e.kind == Event::Label) {
      define(e.text, cur_, sizes_[static_cast<size_t>(cur_)], e.line, e.col);
      if (thumb_func_) types_[e.text] = ObjSymbol::Func;  // `.thumb_func`: the label after it is a function's
      thumb_func_ = false;
      return;
    }
    if (e.kind == Event::Insn) {
      if (!obj_.sections[static_cast<size_t>(cur_)].code)
        fail(e.line, e.col, fmt::format("instructions belong in a code section (.text), not in {}", obj_.sections[static_cast<size_t>(cur_)].name));
      mapping('c');
      placed_insns_.push_back({static_cast<size_t>(&e - events_.data()), cur_, sizes_[static_cast<size_t>(cur_)]});
      grow(insn_sizes_[e.bundle], e.line, e.col);
      return;
    }
    if (e.kind == Event::Bundle) {
      if (!obj_.sections[static_cast<size_t>(cur_)].code)
        fail(e.line, e.col, fmt::format("instructions belong in a code section (.text), not in {}", obj_.sections[static_cast<size_t>(cur_)].name));
      placed_.push_back({e.bundle, cur_, sizes_[static_cast<size_t>(cur_)]});
      grow(word_bytes_, e.line, e.col);
      return;
    }
    std::string_view d = e.text;
    size_t q = 0;
    while (q < d.size() && is_sym_char(d[q])) ++q;
    const std::string name(d.substr(0, q));
    const int rest_col = e.col + static_cast<int>(q);
    const auto args = args_of(d.substr(q), rest_col);
    const int line = e.line;
    auto need = [&](size_t n) {
      if (args.size() != n)
        fail(line, e.col, fmt::format("{} takes {} argument{}, not {}", name, n, n == 1 ? "" : "s", args.size()));
    };
    ObjSection& sec = obj_.sections[static_cast<size_t>(cur_)];
    auto absolute = [&](const Arg& a) -> int64_t {
      Val v = eval(a.text, line, a.col);
      if (v.section >= 0) fail(line, a.col, fmt::format("{} needs an absolute value, not an address", name));
      return v.v;
    };
    auto no_data_in_code = [&]() {
      if (sec.code && words_) mapping('d');
      if (sec.code && !words_)
        fail(line, e.col, fmt::format("{} in code section {}: code sections hold whole instruction words; put data in .data", name, sec.name));
    };
    if (name == ".text" || name == ".data" || name == ".bss") {
      need(0);
      section(name, line, e.col);
    } else if (name == ".section") {
      if (args.empty()) fail(line, e.col, ".section needs a name");
      std::string sname(args[0].text);
      if (sname.size() >= 2 && sname.front() == '"' && sname.back() == '"') sname = sname.substr(1, sname.size() - 2);
      const int at = section(sname, line, args[0].col);
      if (args.size() > 1) section_attributes(obj_.sections[static_cast<size_t>(at)], args, line);
    } else if (name == ".type") {
      // `.type NAME, %function` (or @function, STT_FUNC, function; object likewise)
      need(2);
      std::string_view t = args[1].text;
      if (!t.empty() && (t[0] == '%' || t[0] == '@' || t[0] == '#')) t.remove_prefix(1);
      if (t.rfind("STT_", 0) == 0) t.remove_prefix(4);
      const std::string lower = to_lower(t);
      if (lower == "function") types_[std::string(args[0].text)] = ObjSymbol::Func;
      else if (lower == "object") types_[std::string(args[0].text)] = ObjSymbol::Object;
      else if (lower == "notype") types_[std::string(args[0].text)] = ObjSymbol::NoType;
      else fail(line, args[1].col, fmt::format(".type: expected %function, %object or %notype, not '{}'", args[1].text));
    } else if (name == ".size") {
      need(2);
      sizes_of_[std::string(args[0].text)] = {std::string(args[1].text), line, args[1].col, here()};
    } else if (name == ".thumb_func") {
      need(0);
      thumb_func_ = true;
    } else if (name == ".comm" || name == ".lcomm") {
      // `.comm SYM, SIZE[, ALIGN]`: a common symbol, which the linker merges
      // with others of its name, unless `.local SYM` made it this object's;
      // `.lcomm` is this object's. Where the object is placed, or the
      // symbol is this object's, it is .bss.
      if (args.size() < 2 || args.size() > 3) fail(line, e.col, fmt::format("{} takes a symbol, a size and an optional alignment", name));
      const std::string sym = symbol_name(args[0], line);
      const int64_t size = absolute(args[1]);
      if (size < 0) fail(line, args[1].col, fmt::format("{}: a negative size", name));
      // Without one, GNU as's alignment: .comm the power of two that holds
      // the size (at most 16), .lcomm the largest not above it (at most 8).
      int64_t align = 1;
      if (args.size() == 3) align = absolute(args[2]);
      else if (name == ".comm") while (align < size && align < 16) align *= 2;
      else while (align * 2 <= size && align < 8) align *= 2;
      if (align < 1 || align > (1 << 16) || (align & (align - 1)))
        fail(line, args.back().col, fmt::format("{}: the alignment is a power of two from 1 to 65536", name));
      if (name == ".comm" && !locals_.count(sym) && relocatable()) {
        define(sym, -1, static_cast<uint64_t>(align), line, args[0].col);
        ObjSymbol& s = obj_.symbols.back();
        s.common = true;
        s.global = true;
        s.size = static_cast<uint64_t>(size);
        s.type = ObjSymbol::Object;
      } else {
        common_in_bss(sym, static_cast<uint64_t>(size), static_cast<uint64_t>(align), line, args[0].col);
        if (name == ".comm" && !locals_.count(sym)) globals_.emplace(sym, std::make_pair(line, args[0].col));
        types_[sym] = ObjSymbol::Object;
        sizes_of_[sym] = {std::to_string(size), line, args[1].col, std::nullopt};
      }
    } else if (name == ".local") {
      for (const Arg& a : args) locals_.insert(std::string(a.text));
    } else if (name == ".weak") {
      if (args.empty()) fail(line, e.col, ".weak needs a symbol");
      for (const Arg& a : args) weaks_.emplace(std::string(a.text), std::make_pair(line, a.col));
    } else if (name == ".global" || name == ".globl") {
      if (args.empty()) fail(line, e.col, fmt::format("{} needs a symbol", name));
      for (const Arg& a : args) {
        symbol_name(a, line);
        globals_.emplace(std::string(a.text), std::make_pair(line, a.col));
      }
    } else if (name == ".align" || name == ".p2align" || name == ".balign") {
      // GNU's `.p2align N[, [fill][, max]]`: a fill value of 0 only, zero bytes also in code (a
      // literal pool's padding; left out: NOPs in code); no padding at all where more than `max`
      // bytes would be needed (GCC writes `.p2align 2,,3` before functions and loops).
      if (args.empty() || args.size() > 3 || args[0].text.empty())
        fail(line, e.col, fmt::format("{} takes an alignment, an optional fill value and an optional maximum", name));
      const bool zero_fill = args.size() >= 2 && !args[1].text.empty();
      if (zero_fill && absolute(args[1]) != 0) fail(line, args[1].col, fmt::format("{}: only a fill value of 0 is supported", name));
      std::optional<int64_t> max_skip;
      if (args.size() == 3) {
        if (args[2].text.empty()) fail(line, args[2].col, fmt::format("{}: expected the maximum number of bytes to skip", name));
        max_skip = absolute(args[2]);
        if (*max_skip < 0) fail(line, args[2].col, fmt::format("{}: the maximum number of bytes to skip must not be negative", name));
      }
      const int64_t n = absolute(args[0]);
      uint64_t align;
      if (name == ".balign") {
        if (n < 1 || n > (1 << 16) || (n & (n - 1))) fail(line, args[0].col, fmt::format(".balign {}: a power of two from 1 to 65536", n));
        align = static_cast<uint64_t>(n);
      } else {
        if (n < 0 || n > 16) fail(line, args[0].col, fmt::format("{} {}: the exponent is 0 to 16", name, n));
        align = uint64_t{1} << n;
      }
      sec.align = std::max(sec.align, align);
      uint64_t& size = sizes_[static_cast<size_t>(cur_)];
      uint64_t pad = (align - size % align) % align;
      if (max_skip && pad > static_cast<uint64_t>(*max_skip)) pad = 0;
      if (sec.code && words_ && zero_fill) {
        if (pad) mapping('d');
      } else if (sec.code && words_) {
        // Pads with NOPs where they fit, zero bytes elsewhere (after data).
        const uint64_t n = words_->nop.size();
        for (uint64_t at = size; n && at + n <= size + pad; at += n)
          if (at % n == 0) pads_.push_back({cur_, at});
      } else if (sec.code) {
        // Pads with empty words; offsets in code are whole words already.
        for (uint64_t k = 0; k < pad / word_bytes_; ++k) {
          pads_.push_back({cur_, size + k * word_bytes_});
        }
      }
      grow(pad, line, e.col);
    } else if (const int size = data_size(name)) {
      no_data_in_code();
      if (args.empty()) fail(line, e.col, fmt::format("{} needs a value", name));
      for (const Arg& a : args) {
        if (a.text.empty()) fail(line, a.col, "expected a value");
        fixups_.push_back({cur_, sizes_[static_cast<size_t>(cur_)], size, std::string(a.text), line, a.col});
        grow(static_cast<uint64_t>(size), line, a.col);
      }
    } else if (name == ".ascii" || name == ".asciz" || name == ".string") {
      no_data_in_code();
      if (args.empty()) fail(line, e.col, fmt::format("{} needs a string", name));
      for (const Arg& a : args) {
        std::string s = string_lit(a, line);
        if (name != ".ascii") s += '\0';
        if (sec.nobits && std::any_of(s.begin(), s.end(), [](char ch) { return ch != 0; }))
          fail(line, a.col, nonzero_in_nobits(sec));
        strings_.push_back({cur_, sizes_[static_cast<size_t>(cur_)], s});
        grow(s.size(), line, a.col);
      }
    } else if (name == ".fill") {
      // .fill repeat[, size[, value]]: repeat copies of the low 32 bits of
      // value, little-endian, in size bytes (zero above 4), as GNU as and
      // llvm-mc write them and with their warnings.
      no_data_in_code();
      if (args.empty() || args.size() > 3)
        fail(line, e.col, fmt::format(".fill takes 1 to 3 arguments (repeat, size, value), not {}", args.size()));
      const int64_t repeat = absolute(args[0]);
      int64_t size = args.size() > 1 ? absolute(args[1]) : 1;
      const int64_t value = args.size() > 2 ? absolute(args[2]) : 0;
      if (repeat < 0) return warn(line, args[0].col, "'.fill' directive with negative repeat count has no effect");
      if (size < 0) return warn(line, args[1].col, "'.fill' directive with negative size has no effect");
      if (size > 8) {
        warn(line, args[1].col, "'.fill' directive with size greater than 8 has been truncated to 8");
        size = 8;
      }
      if (value != static_cast<int64_t>(static_cast<uint32_t>(value)) && value != static_cast<int32_t>(value))
        warn(line, args[2].col, "'.fill' directive pattern has been truncated to 32-bits");
      std::string one(static_cast<size_t>(size), '\0');
      for (int64_t k = 0; k < size && k < 4; ++k) one[static_cast<size_t>(k)] = static_cast<char>(static_cast<uint64_t>(value) >> (8 * k));
      repeat_bytes(one, static_cast<uint64_t>(repeat), line, args[0].col, args[0].col);
    } else if (name == ".space" || name == ".zero" || name == ".skip") {
      // size[, fill]: the fill's low byte, as GNU as and llvm-mc write it.
      no_data_in_code();
      if (args.empty() || args.size() > 2)
        fail(line, e.col, fmt::format("{} takes 1 or 2 arguments (size, fill), not {}", name, args.size()));
      const int64_t n = absolute(args[0]);
      if (n < 0) fail(line, args[0].col, fmt::format("{} {}: a negative size", name, n));
      const char fill = args.size() > 1 ? static_cast<char>(absolute(args[1])) : '\0';
      repeat_bytes(std::string(1, fill), static_cast<uint64_t>(n), line, args[0].col, args.size() > 1 ? args[1].col : 0);
    } else if (name == ".equ" || name == ".set") {
      need(2);
      const std::string sym = symbol_name(args[0], line);
      if (symbol_index_.count(sym)) fail(line, args[0].col, fmt::format("symbol '{}' is already defined", sym));
      if (args[1].text.empty()) fail(line, args[1].col, "expected a value");
      // Defined again, it takes the new value from here on (GNU as: `.set off, off + 16` in a `.rept`).
      std::vector<Equ>& versions = equs_[sym];
      if (versions.empty()) equ_order_.push_back(sym);
      versions.push_back({std::string(args[1].text), line, args[1].col, here()});
    } else if (words_ && std::find(words_->ignored_directives.begin(), words_->ignored_directives.end(), name) !=
                             words_->ignored_directives.end()) {
      // accepted for compatibility with GNU as; no effect here
    } else if (name == ".uleb128" || name == ".sleb128") {
      // Outside the .debug_* sections a word target leaves out (debug_statement).
      fail(line, e.col, fmt::format("{}: variable-length data is not supported by this assembler", name));
    } else {
      fail(line, e.col,
           fmt::format("unknown directive '{}' (known: .text .data .bss .section .global .globl .weak .local .type .size "
                       ".thumb_func .comm .lcomm .align .p2align .balign .byte .hword .short .2byte .word .long .int "
                       ".4byte .quad .8byte .xword .dword .ascii .asciz .string .fill .space .zero .skip .equ .set .rept .irp .irpc "
                       ".endr .macro .endm .exitm .include .if .ifdef .ifndef .ifeq .ifne .ifc .ifnc .ifb .ifnb .elseif "
                       ".else .endif .req .unreq)",
                       name));
    }
  }

  void materialise() {
    if (materialised_) return;
    materialised_ = true;
    for (size_t i = 0; i < obj_.sections.size(); ++i) obj_.sections[i].bytes.assign(sizes_[i], 0);
    for (const auto& s : strings_)
      std::copy(s.bytes.begin(), s.bytes.end(), obj_.sections[static_cast<size_t>(s.section)].bytes.begin() + static_cast<long>(s.offset));
    const auto empty = words_ ? words_->nop : le_bytes(isa_->empty_word());
    for (const auto& p : pads_)
      std::copy(empty.begin(), empty.end(), obj_.sections[static_cast<size_t>(p.section)].bytes.begin() + static_cast<long>(p.offset));
    // .equ symbols become absolute symbols of the object, in definition order.
    for (const auto& name : equ_order_) {
      const Equ& q = equs_[name].back();  // the value at the end, as GNU as writes it
      Val v = eval(q.text, q.line, q.col, q.dot);
      if (v.section == kUndefined) fail(q.line, q.col, fmt::format("'{}' is defined as a symbol of another object; such aliases are not supported", name));
      symbol_index_[name] = obj_.symbols.size();  // for .type and .size
      obj_.symbols.push_back(symbol(name, v.section, static_cast<uint64_t>(v.v), globals_.count(name) != 0));
      // Set to a typed symbol plus an offset (clang's merged globals: `.set g, .L_MergedGlobals+4`),
      // it takes that symbol's type unless it has its own, as GNU as and llvm-mc give it.
      const std::string_view text = trim(q.text);
      const std::string base(text.substr(0, text.find_first_of("+- \t")));
      if (const auto t = types_.find(base); t != types_.end() && base != name) types_.try_emplace(name, t->second);
    }
  }

  void data_fixup(const Fixup& f) {
    materialise();
    dot_ = Val{static_cast<int64_t>(f.offset), f.section};
    Val v = eval(f.text, f.line, f.col);
    // GNU as takes zeros in a section without contents, nothing else.
    if (obj_.sections[static_cast<size_t>(f.section)].nobits && (v.v != 0 || !v.absolute()))
      fail(f.line, f.col, nonzero_in_nobits(obj_.sections[static_cast<size_t>(f.section)]));
    if (v.minus >= 0 && v.minus != f.section)
      fail(f.line, f.col, "an address of another object or section less one of a third section");
    if (!v.absolute() && relocatable()) {
      // An address: the linker's to write (a REL object keeps the addend
      // here); less one of this section, its distance from here.
      PendingReloc r = relocation_for(v, false, v.minus >= 0 ? static_cast<int64_t>(f.offset) : 0);
      r.type = words_->data_relocation(f.size, v.minus >= 0);
      if (r.type.empty()) fail(f.line, f.col, fmt::format("no ELF relocation writes an address into {} bytes", f.size));
      add_reloc(f.section, f.offset, r);
      v.v = words_->rela ? 0 : r.addend;
    } else if (v.section >= 0) {
      v.v += static_cast<int64_t>(base(v.section));
      if (v.minus < 0 && thumb_function(v)) v.v |= 1;
    }
    const int bits = f.size * 8;
    const int64_t lo = bits < 64 ? -(int64_t{1} << (bits - 1)) : INT64_MIN, hi = bits < 64 ? (int64_t{1} << bits) - 1 : INT64_MAX;
    if (v.v < lo || v.v > hi)
      fail(f.line, f.col, fmt::format("value {} does not fit in {} bytes ({}..{})", v.v, f.size, lo, hi));
    auto& bytes = obj_.sections[static_cast<size_t>(f.section)].bytes;
    for (int b = 0; b < f.size; ++b) bytes[f.offset + static_cast<uint64_t>(b)] = static_cast<uint8_t>(static_cast<uint64_t>(v.v) >> (8 * b));
  }

  // The bundle with its label operands as numbers (byte address / scale).
  // Reads the assembler's state only (materialise() has run).
  BundleText with_label_values(const Placed& pl) {
    BundleText b = bundles_[pl.bundle];
    if (target_.label_scale) {
      for (InsnText& in : b.insns) {
        const int slot = in.slot.empty() ? 0 : isa_->find_slot(in.slot);
        if (slot < 0) continue;  // the solver reports it
        std::string_view t = in.text;
        size_t p = 0;
        if (!t.empty() && t[0] == '(') {
          p = t.find(')');
          if (p == std::string_view::npos) continue;
          ++p;
        }
        while (p < t.size() && std::isspace(static_cast<unsigned char>(t[p]))) ++p;
        size_t m = p;
        while (m < t.size() && !std::isspace(static_cast<unsigned char>(t[m]))) ++m;
        const std::string_view mnemonic = t.substr(p, m - p);
        const auto ops = split_top(t.substr(m), ',');
        bool changed = false;
        std::string rebuilt(t.substr(0, m));
        for (size_t k = 0; k < ops.size(); ++k) {
          std::string piece(ops[k]);
          const int64_t scale = target_.label_scale(slot, mnemonic, k);
          if (scale > 0 && !ops[k].empty()) {
            const int col = in.loc.col + static_cast<int>(ops[k].data() - t.data());
            Val v = eval(ops[k], in.loc.line, col);
            if (v.section >= 0 && !obj_.sections[static_cast<size_t>(v.section)].code)
              fail(in.loc.line, col, fmt::format("'{}' is an address in {}, not in code", ops[k], obj_.sections[static_cast<size_t>(v.section)].name));
            if (v.v < 0 || v.v % scale)
              fail(in.loc.line, col, fmt::format("code address {} is not a non-negative multiple of {}", v.v, scale));
            piece = std::to_string(v.v / scale);
            changed = true;
          }
          rebuilt += (k ? ", " : " ") + piece;
        }
        if (changed) in.text = rebuilt;
      }
    }
    return b;
  }

  // A solved bundle's word into its section, and its line (as written).
  void place(const Placed& pl, const BundleText& b, const Solution& s, std::string shown) {
    const auto bytes = le_bytes(s.word);
    if (bytes.size() != word_bytes_)
      fail(b.loc.line, b.loc.col, "instruction words narrower than the ISA's width are not supported by this front end yet");
    auto& out = obj_.sections[static_cast<size_t>(pl.section)].bytes;
    std::copy(bytes.begin(), bytes.end(), out.begin() + static_cast<long>(pl.offset));
    obj_.lines.push_back({pl.section, pl.offset, std::move(shown)});
  }

  const Isa* isa_;
  const GasTarget& target_;
  const WordEncoder* words_;
  std::string file_;
  std::deque<SourceFile> files_;        // [0]: the source; then what it includes
  std::deque<std::string> included_text_;  // the included files' text
  int include_depth_ = 0;
  std::vector<SourceLine> lines_;       // after expand(): what scan() reads
  std::deque<std::string> generated_;   // the lines expand() made (stable addresses)
  std::optional<LiteralPools> pools_;   // word targets: `ldr r0, =VALUE` and its pools
  std::vector<SourceLine> pool_origins_;  // the statements pool lines come from
  std::map<std::string, Macro, std::less<>> macros_;
  int expansions_ = 0;                  // `\@`
  int macro_depth_ = 0;                 // macro bodies being expanded
  bool exiting_ = false;                // `.exitm` seen: the macro's body ends
  bool expanding_ = false;              // eval() reads constants_ only (a condition)
  std::map<std::string, int64_t, std::less<>> constants_;  // `.equ`/`.set` constants so far (expand())
  std::set<std::string, std::less<>> defined_;             // symbols defined so far (expand())
  std::map<std::string, std::string, std::less<>> register_aliases_;  // `.req` names so far -> their registers
  size_t expanded_ = 0;                 // lines expand() has read
  std::vector<std::string> bundle_lines_;
  std::vector<Event> events_;
  std::map<std::string, int> local_count_;  // instances of each local label defined so far
  // debug_statement: inside a .debug_* section, whether `.previous` goes
  // back to one, and each `.pushsection`'s state before it and whether it
  // was left out.
  bool in_debug_section_ = false, previous_is_debug_ = false, debug_warned_ = false;
  std::vector<std::pair<bool, bool>> pushed_debug_;
  std::vector<std::string> warnings_;  // Object::warnings (layout() starts a new Object each pass)
  std::set<std::pair<int, int>> warned_at_;  // (line, column) of the warnings given
  struct LocalRef {
    std::string digits;
    int instance, line, col;
  };
  std::vector<LocalRef> forward_refs_;
  std::vector<BundleText> bundles_;
  Object obj_;
  std::vector<uint64_t> sizes_;
  int cur_ = 0;
  uint64_t word_bytes_ = 4;
  std::unordered_map<std::string, size_t> symbol_index_;  // looked up for every symbol operand in every layout pass
  std::unordered_map<std::string, std::vector<Equ>> equs_;  // every definition, in line order
  std::vector<std::string> equ_order_;
  std::map<std::string, std::pair<int, int>> globals_;
  std::vector<Fixup> fixups_;
  std::vector<Placed> placed_;
  struct PlacedInsn {
    size_t event;
    int section;
    uint64_t offset;
  };
  std::vector<PlacedInsn> placed_insns_;
  std::vector<size_t> insn_sizes_;
  std::vector<char> mapping_state_;
  std::vector<std::vector<uint8_t>> insn_bytes_;
  struct Str {
    int section;
    uint64_t offset;
    std::string bytes;
  };
  std::vector<Str> strings_;
  struct Pad {
    int section;
    uint64_t offset;
  };
  std::vector<Pad> pads_;
  bool materialised_ = false;
  // Relocations and symbol attributes.
  std::optional<PendingReloc> pending_;  // of the instruction being encoded
  std::vector<std::optional<PendingReloc>> insn_relocs_;
  std::vector<char> local_only_;  // by instruction: a global target of its own section resolved here
  size_t current_insn_ = 0;
  bool externs_ok_ = false;  // a symbol no statement defines is another object's (labels all placed)
  bool thumb_func_ = false;  // `.thumb_func` waits for its label
  std::map<std::string, ObjSymbol::Type> types_;
  std::map<std::string, Equ> sizes_of_;
  std::map<std::string, std::pair<int, int>> weaks_;
  std::set<std::string> locals_;  // `.local`
};

}  // namespace

std::string data_directives(const ObjSection& sec) {
  if (sec.nobits) return sec.bytes.empty() ? "" : fmt::format("\t.zero {}\n", sec.bytes.size());
  std::string out;
  for (size_t i = 0; i < sec.bytes.size(); i += 16) {
    out += "\t.byte ";
    for (size_t k = i; k < std::min(sec.bytes.size(), i + 16); ++k) out += fmt::format("{}0x{:02x}", k > i ? ", " : "", sec.bytes[k]);
    out += "\n";
  }
  return out;
}

std::string section_directive(const ObjSection& sec) {
  if (sec.name == ".text" || sec.name == ".data") return fmt::format("\t{}\n", sec.name);
  if (!sec.flags) return fmt::format("\t.section {}\n", sec.name);
  std::string f;
  for (const auto& [bit, letter] : kSectionFlags)
    if (*sec.flags & bit) f += letter;
  return fmt::format("\t.section {}, \"{}\", %{}{}\n", sec.name, f, sec.nobits ? "nobits" : "progbits",
                     sec.entsize ? fmt::format(", {}", sec.entsize) : "");
}

Object assemble_gas(const Isa& isa, const GasTarget& target, std::string_view text, const std::string& file) {
  Gas g(&isa, target, nullptr, text, file);
  return g.run();
}

Object assemble_gas_words(const WordEncoder& enc, std::string_view text, const std::string& file) {
  GasTarget t;
  t.comment = enc.comment;
  Gas g(nullptr, t, &enc, text, file);
  return g.run_words();
}

}  // namespace mlisa::as
