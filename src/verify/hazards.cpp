#include "verify/hazards.hpp"

#include "asm/export.hpp"
#include "asm/gas.hpp"
#include "core/diag.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>
#include <random>

namespace mlisa::verify::hazards {

using prm::Access;
using prm::ClassKind;
using prm::Role;

const char* kind_name(Kind k) {
  switch (k) {
    case Kind::RAW: return "RAW";
    case Kind::WAR: return "WAR";
    case Kind::WAW: return "WAW";
  }
  return "";
}

std::string item_text(const Plan& p, const Item& it) {
  return fmt::format("{} -> {} {} gap {}", p.nodes[static_cast<size_t>(it.producer)].name,
                     p.nodes[static_cast<size_t>(it.consumer)].name, kind_name(it.kind), it.gap);
}

std::vector<Item> Coverage::missed() const { return missed_items; }

namespace {

// The test register of each class, the scratch and results bases, the observers.
constexpr int kTestReg = 1;
constexpr int kScratchBaseReg = 28;
constexpr int kResultsBaseReg = 29;
constexpr int kObserverFirst = 2, kObserverLast = 27;  // v2..v27; s28, s29 are bases, v1 the test register
// A second source of the test register's class reads the entropy register
// (s30, v30: set once, never written by a test instruction), not the test
// register again: `sadd s1, s1, s1` doubles s1 to 0 in 32 steps and `sand s1,
// s1, s1` never changes it, after which every forwarded value equals the stale
// one and no bug shows.
constexpr int kEntropyReg = 30;
// Predicate registers of known value for the predicated probes: p2 true, p3 false.
constexpr int kTrueReg = 2, kFalseReg = 3;
// Scratch registers of the DMA probe (not read or written by test instructions).
constexpr int kDmaRows = 5, kDmaStride = 6, kDmaRow = 7, kDmaAddr = 8;
constexpr int kProbeGapMax = 4;  // probes put consumers at every bypass distance 1..5
constexpr uint32_t kScratch = 0x1000;
constexpr uint32_t kResults = 0x10000;
constexpr int kStoresPerWindow = 256;  // offsets 0..16320 from s29, then s29 += 16384

std::set<std::string> data_classes(const prm::Row& r, bool write) {
  std::set<std::string> out;
  for (const Access& a : write ? r.writes : r.reads)
    if (a.role == Role::Data) out.insert(a.cls);
  return out;
}

bool intersects(const std::set<std::string>& a, const std::set<std::string>& b) {
  for (const auto& x : a)
    if (b.count(x)) return true;
  return false;
}

const spec::OperandMap* operand(const spec::Encoding& enc, const std::string& name) {
  for (const auto& op : enc.operands)
    if (op.name == name) return &op;
  return nullptr;
}

// The register class a choice alternative or reg field names, or "".
std::string field_class(const as::SpecIsa& isa, const spec::Encoding& enc, const std::string& slot,
                        const spec::OperandMap& op, const std::string& field) {
  if (enc.field(field)) return op.reg_class;
  if (const auto* b = isa.spec->bundle()) {
    if (const auto* bf = b->local(slot, field)) return bf->reg_class;
  }
  return "";
}

std::vector<std::string> template_operands(const std::string& syntax) {
  std::vector<std::string> out;
  for (size_t i = syntax.find('<'); i != std::string::npos; i = syntax.find('<', i + 1)) {
    const size_t j = syntax.find('>', i);
    if (j == std::string::npos) break;
    out.push_back(syntax.substr(i + 1, j - i - 1));
  }
  return out;
}

}  // namespace

Plan plan(const prm::Matrix& m, const as::SpecIsa& isa, int gap_lo, int gap_hi) {
  Plan p;
  p.gap_lo = gap_lo;
  p.gap_hi = gap_hi;
  for (size_t r = 0; r < m.rows.size(); ++r) {
    const prm::Row& row = m.rows[r];
    std::string why;
    if (!row.natives.empty()) why = "calls the target builtin " + row.natives.front();
    bool any = false;
    for (const auto* list : {&row.reads, &row.writes})
      for (const Access& a : *list) {
        if (a.role != Role::Data || !why.empty()) continue;
        any = true;
        const ClassKind k = m.classes.at(a.cls);
        if (k == ClassKind::Global || k == ClassKind::Declared)
          why = fmt::format("{} {}, a class the generator cannot wire", list == &row.reads ? "reads" : "writes", a.cls);
        else if (k == ClassKind::RegisterFile && (a.operand.empty() || a.from_override))
          why = fmt::format("the index of {} is not an operand the generator can write", a.text());
      }
    if (why.empty() && !any) why = "reads and writes no data operand";
    if (!why.empty()) {
      p.excluded.push_back(row.key() + ": " + why);
      continue;
    }
    for (const auto& slot : row.units) p.nodes.push_back({r, slot, row.key() + "@" + slot});
  }
  const size_t n = p.nodes.size();
  p.successors.assign(n, {});
  for (size_t i = 0; i < n; ++i) {
    const auto& a = m.rows[p.nodes[i].row];
    const auto ra = data_classes(a, false), wa = data_classes(a, true);
    for (size_t j = 0; j < n; ++j) {
      const auto& b = m.rows[p.nodes[j].row];
      const auto rb = data_classes(b, false), wb = data_classes(b, true);
      const bool kinds[3] = {intersects(wa, rb), intersects(ra, wb), intersects(wa, wb)};
      bool edge = false;
      for (int k = 0; k < 3; ++k) {
        if (!kinds[k]) continue;
        edge = true;
        for (int g = gap_lo; g <= gap_hi; ++g)
          p.required.insert({static_cast<int>(i), static_cast<int>(j), static_cast<Kind>(k), g});
      }
      if (edge) p.successors[i].push_back(static_cast<int>(j));
    }
  }
  return p;
}

std::vector<std::vector<int>> euler_circuits(const std::vector<std::vector<int>>& successors) {
  const size_t n = successors.size();
  std::vector<size_t> next(n, 0);
  std::vector<std::vector<int>> out;
  for (size_t start = 0; start < n; ++start) {
    if (next[start] >= successors[start].size()) continue;
    // Hierholzer, iteratively: walk unused edges; when stuck, emit the vertex.
    std::vector<int> stack{static_cast<int>(start)}, circuit;
    while (!stack.empty()) {
      const int v = stack.back();
      auto& k = next[static_cast<size_t>(v)];
      if (k < successors[static_cast<size_t>(v)].size()) {
        stack.push_back(successors[static_cast<size_t>(v)][k++]);
      } else {
        circuit.push_back(v);
        stack.pop_back();
      }
    }
    std::reverse(circuit.begin(), circuit.end());
    out.push_back(std::move(circuit));
  }
  return out;
}

// ---------------------------------------------------------------------------
// Generation

namespace {

struct Bundle {
  std::vector<std::pair<std::string, std::string>> insns;  // slot, text
  std::vector<std::string> constraints;                     // .encoding name=value
  bool no_store = false;  // between two test instructions that touch memory: a store there would hide their pair
  bool has(const std::string& slot) const {
    return std::any_of(insns.begin(), insns.end(), [&](const auto& x) { return x.first == slot; });
  }
  void add(const std::string& slot, std::string text) { insns.emplace_back(slot, std::move(text)); }
};

class Writer {
 public:
  Writer(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, uint64_t seed)
      : m_(m), isa_(isa), p_(p), rng_(seed) {}

  // The text of node n, reading the classes in `want` where it can.
  std::string text(int n, const std::set<std::string>& want) {
    const Node& node = p_.nodes[static_cast<size_t>(n)];
    const prm::Row& row = m_.rows[node.row];
    const spec::Encoding& enc = *row.enc;
    // Data reads by operand: the class each operand may read.
    std::map<std::string, std::set<std::string>> readable;  // operand -> classes
    std::set<std::string> mandatory;
    std::set<std::string> address_operands;
    for (const Access& a : row.reads) {
      if (a.operand.empty()) continue;
      const std::string name = a.operand.substr(1, a.operand.size() - 2);
      if (a.role == Role::Address) address_operands.insert(name);
      if (a.role != Role::Data) continue;
      readable[name].insert(a.cls);
      const auto* op = operand(enc, name);
      if (op && op->kind == spec::OperandKind::Reg) mandatory.insert(a.cls);
    }
    // The syntax that reads the most wanted classes.
    size_t best = 0;
    int best_score = -1;
    for (size_t s = 0; s < enc.syntax.size(); ++s) {
      int score = 0;
      for (const auto& name : template_operands(enc.syntax[s]))
        if (auto it = readable.find(name); it != readable.end())
          for (const auto& c : it->second) score += want.count(c) ? 2 : -1;
      if (score > best_score) {
        best_score = score;
        best = s;
      }
    }
    const std::string& syn = enc.syntax[best];
    std::string out;
    size_t i = 0;
    bool first_word = true;
    while (i < syn.size()) {
      if (syn[i] == '<') {
        const size_t j = syn.find('>', i);
        out += fill(enc, node.slot, syn.substr(i + 1, j - i - 1), want, mandatory, address_operands);
        i = j + 1;
        continue;
      }
      if (syn[i] == ' ') first_word = false;
      out += first_word ? static_cast<char>(std::tolower(static_cast<unsigned char>(syn[i]))) : syn[i];
      ++i;
    }
    return out;
  }

 private:
  std::string reg_text(const std::string& cls, int n) {
    std::string c = cls;
    for (char& ch : c) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    return fmt::format("{}{}", c, n);
  }

  int64_t random_imm() { return static_cast<int64_t>(rng_() % 4000) + 3; }

  std::string fill(const spec::Encoding& enc, const std::string& slot, const std::string& name,
                   const std::set<std::string>& want, const std::set<std::string>& mandatory,
                   const std::set<std::string>& address_operands) {
    const spec::OperandMap* op = operand(enc, name);
    if (!op) return "0";
    if (op->kind == spec::OperandKind::Reg) {
      if (address_operands.count(name)) return reg_text(op->reg_class, kScratchBaseReg);
      return reg_text(op->reg_class, kTestReg);
    }
    if (op->kind == spec::OperandKind::Choice) {
      // Register alternatives by class.
      std::map<std::string, bool> classes;
      bool numeric = false, has_lo = false;
      for (const auto& [v, sym] : op->alternatives) {
        if (sym.rfind("const(", 0) == 0) numeric = true;
        else if (sym.rfind("lo(", 0) == 0 || sym.rfind("sext(", 0) == 0) numeric = has_lo = true;
        else if (auto c = field_class(isa_, enc, slot, *op, sym); !c.empty()) classes[c] = true;
      }
      if (address_operands.count(name)) return reg_text("S", kScratchBaseReg);
      // A wanted class not read otherwise, then any wanted class, then an immediate.
      for (int pass = 0; pass < 2; ++pass)
        for (const auto& [c, _] : classes)
          if (want.count(c) && (pass == 1 || !mandatory.count(c)))
            return reg_text(c, pass == 1 && (c == "S" || c == "V") ? kEntropyReg : kTestReg);
      if (has_lo) return fmt::format("{}", random_imm());
      if (numeric) return "1";
      return reg_text(classes.begin()->first, kTestReg);
    }
    if (op->kind == spec::OperandKind::Mem) return "[" + fill(enc, slot, op->mem_base, want, mandatory, address_operands) + "]";
    if (op->kind == spec::OperandKind::Imm || op->kind == spec::OperandKind::Simm) {
      uint32_t width = 0;
      for (const auto& part : op->fields.parts)
        if (!part.field.empty())
          if (const auto* f = enc.field(part.field)) width += f->width;
      if (width == 0 && isa_.spec->bundle())
        for (const auto& part : op->fields.parts)
          if (const auto* bf = isa_.spec->bundle()->local(slot, part.field)) width += bf->width;
      // Modifiers of a mem operand (the stride) stay 0.
      for (const auto& o : enc.operands)
        for (const auto& mod : o.mem_modifiers)
          if (mod.second == name) return "0";
      if (width >= 32) return fmt::format("0x{:08x}", static_cast<uint32_t>(rng_()));
      return fmt::format("{}", width >= 12 ? random_imm() : static_cast<int64_t>(rng_() % (1u << std::min(width, 4u))));
    }
    if (op->kind == spec::OperandKind::Table) {
      for (const auto& [pat, spelling] : op->table)
        if (!spelling.empty()) return spelling;
      return "";
    }
    if (op->kind == spec::OperandKind::Const) return op->constant;
    return "0";
  }

  const prm::Matrix& m_;
  const as::SpecIsa& isa_;
  const Plan& p_;
  std::mt19937_64 rng_;
};

std::string bundle_line(const Bundle& b) {
  if (b.insns.empty()) return "{ misc: nop }";
  std::string s = "{ ";
  for (size_t i = 0; i < b.insns.size(); ++i) s += (i ? "; " : "") + b.insns[i].first + ": " + b.insns[i].second;
  s += " }";
  for (size_t i = 0; i < b.constraints.size(); ++i) s += (i ? ", " : " .encoding ") + b.constraints[i];
  return s;
}

// When an instruction has several encodings that print alike (vld with a zero
// offset or none), the form is named by its opcode: `.encoding vls.opcode=0x2`.
std::string opcode_constraint(const as::SpecIsa& isa, const prm::Row& row, const std::string& slot) {
  if (row.inst->encodings.size() < 2 || !isa.spec->bundle()) return "";
  const auto* sl = isa.spec->bundle()->slot(slot);
  if (!sl || !sl->opcode_width) return "";
  uint64_t v = 0;
  for (uint32_t i = 0; i < sl->opcode_width; ++i)
    if (row.enc->fixed_value.bit(sl->opcode_lo + i)) v |= uint64_t{1} << i;
  return fmt::format("{}.opcode=0x{:x}", slot, v);
}

}  // namespace

Program generate(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, const std::vector<Segment>& segments,
                 const GenOptions& o) {
  Program prog;
  prog.scratch_base = kScratch;
  prog.results_base = kResults;
  Writer w(m, isa, p, o.seed);
  std::mt19937_64 rng(o.seed ^ 0x9e3779b97f4a7c15ull);

  std::vector<Bundle> bundles;
  std::vector<std::string> comments;  // before bundle i, when not empty
  auto new_bundle = [&](std::string comment = "") {
    bundles.emplace_back();
    comments.push_back(std::move(comment));
    return bundles.size() - 1;
  };
  // Setup. It is a short hazard program of its own, so that the plainest
  // bugs show within ten instructions: scalar consumers one and two bundles
  // after a scalar result (EX1, EX2 paths), vector ones likewise, two writers
  // of s30 (the s1 slot's) in flight before a reader (mux priority, slot
  // select), and a store whose address and data were written two bundles
  // before (scalar EX1 to vls, vector EX2 to the store data, its interlock) and
  // a vector consumer held with it (vector EX2 to vector). v29 is free too.
  {
    auto add = [&](const std::string& slot, const std::string& text, const std::string& comment = "") {
      if (!comment.empty() || bundles.empty()) new_bundle(comment);
      bundles.back().add(slot, text);
      ++prog.other_instructions;
    };
    add("s0", fmt::format("simm.w s{}, 0x{:08x}", kTestReg, static_cast<uint32_t>(rng())),
        "setup: test registers s1 v1 p1, entropy s30 v30, p2 true, p3 false, bases s28 s29");
    new_bundle();
    add("s0", fmt::format("sxor s{}, s{}, 1", kEntropyReg, kTestReg));
    add("v0", fmt::format("vbcast v{}, s{}", kTestReg, kTestReg));
    new_bundle();
    add("s0", fmt::format("scmp.ltu p{}, s{}, 0x7fff", kTestReg, kTestReg));
    new_bundle();
    add("s1", fmt::format("sadd s{}, s{}, s{}", kEntropyReg, kEntropyReg, kTestReg));
    add("v0", fmt::format("vbcast v{}, s{}", kEntropyReg + 1, kEntropyReg));
    new_bundle();
    add("s0", fmt::format("simm.w s{}, 0x{:x}", kScratchBaseReg, kScratch));
    add("s1", fmt::format("ssub s{}, s{}, s{}", kEntropyReg, kEntropyReg, kTestReg));
    add("v0", fmt::format("vbcast v{}, s{}", kEntropyReg + 1, kEntropyReg));
    new_bundle();
    add("v0", fmt::format("vbcast v{}, s{}", kEntropyReg, kEntropyReg));
    new_bundle();
    add("vls", fmt::format("vst v{}, [s{}]", kEntropyReg + 1, kScratchBaseReg));
    add("v0", fmt::format("vmov v{}, v{}", kEntropyReg - 1, kEntropyReg));  // waits with the store: vector EX2 path
    new_bundle();
    add("s0", fmt::format("simm.w s{}, 0x{:x}", kResultsBaseReg, kResults));
    add("s1", fmt::format("scmp.eq p{}, s{}, s{}", kTrueReg, kEntropyReg, kEntropyReg));
    new_bundle();
    add("s0", fmt::format("scmp.ltu p{}, s{}, s{}", kFalseReg, kEntropyReg, kEntropyReg));
  }
  // Test instructions, one per bundle, `gap` bundles apart; what each writes.
  struct Placed {
    size_t bundle;
    std::string write_class;
  };
  std::vector<Placed> placed;
  auto write_class = [&](int n) {
    const auto wc = data_classes(m.rows[p.nodes[static_cast<size_t>(n)].row], true);
    return wc.empty() ? std::string() : *wc.begin();
  };
  // One test instruction of node n in a new bundle, under the predicate p<guard> (0: none).
  auto emit = [&](int n, const std::set<std::string>& want, int guard, const std::string& comment = "") {
    const size_t b = new_bundle(comment);
    const Node& node = p.nodes[static_cast<size_t>(n)];
    bundles[b].add(node.slot, (guard ? fmt::format("(p{}) ", guard) : std::string()) + w.text(n, want));
    if (auto c = opcode_constraint(isa, m.rows[node.row], node.slot); !c.empty()) bundles[b].constraints.push_back(c);
    ++prog.test_instructions;
    placed.push_back({b, write_class(n)});
    return b;
  };
  auto literal = [&](const std::string& slot, const std::string& text, const std::string& cls,
                     const std::string& comment = "") {
    const size_t b = new_bundle(comment);
    bundles[b].add(slot, text);
    ++prog.other_instructions;
    if (!cls.empty()) placed.push_back({b, cls});
    return b;
  };
  auto nops = [&](int k) {
    for (int g = 0; g < k; ++g) new_bundle();
  };
  // Probes, before the Euler segments, so that each bypass path, interlock and
  // mux of the pipeline meets a dependent pair within the first few hundred
  // instructions (docs/pipeline.md): the vector and load/store units first.
  {
    const std::vector<std::string> order = {"vls", "v0", "v1", "s0", "s1"};
    auto reads = [&](int n) { return data_classes(m.rows[p.nodes[static_cast<size_t>(n)].row], false); };
    auto writes = [&](int n) { return data_classes(m.rows[p.nodes[static_cast<size_t>(n)].row], true); };
    auto first_at = [&](const std::string& slot, auto pred) {
      for (size_t i = 0; i < p.nodes.size(); ++i)
        if (p.nodes[i].slot == slot && pred(static_cast<int>(i))) return static_cast<int>(i);
      return -1;
    };
    // RAW pairs (producer slot, consumer slot) through a register at every
    // distance, the first such edge of the plan.
    std::vector<std::pair<int, int>> pairs;
    for (const auto& sp : order)
      for (const auto& sc : order) {
        for (size_t i = 0; i < p.nodes.size(); ++i) {
          if (p.nodes[i].slot != sp) continue;
          const auto wi = writes(static_cast<int>(i));
          int found = -1;
          for (int j : p.successors[i]) {
            if (p.nodes[static_cast<size_t>(j)].slot != sc) continue;
            const auto rj = reads(j);
            if ((wi.count("S") && rj.count("S")) || (wi.count("V") && rj.count("V")) || (wi.count("P") && rj.count("P"))) {
              found = j;
              break;
            }
          }
          if (found >= 0) {
            pairs.push_back({static_cast<int>(i), found});
            break;
          }
        }
      }
    for (int g = 0; g <= kProbeGapMax; ++g)
      for (size_t k = 0; k < pairs.size(); ++k) {
        const auto [i, j] = pairs[k];
        emit(i, reads(j), 0, k == 0 ? fmt::format("probes: producer and consumer of each pair of units, gap {}", g) : "");
        nops(g);
        emit(j, writes(i), 0);
      }
    // Predicated producers, false (p3) then true (p2): the observer in the
    // next bundle reads what the slot forwards. Then two writers of the test
    // register back to back and a reader behind both (the bypass mux's priority).
    bool first = true;
    for (const auto& sp : order) {
      const int n = first_at(sp, [&](int x) {
        const auto wx = writes(x);
        return wx.count("S") || wx.count("V") || wx.count("P");
      });
      if (n < 0) continue;
      for (int guard : {kFalseReg, kTrueReg}) {
        emit(n, writes(n), guard, first ? "probes: predicated producers (p3 false, p2 true); back-to-back writers" : "");
        first = false;
        nops(1);
      }
      emit(n, writes(n), 0);
      emit(n, writes(n), 0);
      emit(n, writes(n), 0);
      nops(2);
    }
    // A predicate written just before the slot it guards, in every unit that
    // reads it: p1 false, settled, then true one or two bundles before its use.
    first = true;
    for (const auto& sc : order) {
      const int n = first_at(sc, [&](int x) { return !writes(x).count("P"); });
      if (n < 0) continue;
      for (int g = 0; g <= 1; ++g) {
        literal("s0", fmt::format("scmp.ltu p{}, s{}, s{}", kTestReg, kEntropyReg, kEntropyReg), "P",
                first ? "probes: a freshly written predicate guarding each unit" : "");
        first = false;
        nops(3);
        literal("s1", fmt::format("scmp.eq p{}, s{}, s{}", kTestReg, kEntropyReg, kEntropyReg), "P");
        nops(g);
        emit(n, {"S", "V"}, kTestReg);
        nops(1);
      }
    }
    // The MXU/DMA operands (no PRM node: they call target builtins): a row of
    // v30 to L0C, then back to an address written by the scalar unit in the
    // bundle before, then loaded into the test register.
    literal("vls", fmt::format("vst v{}, [s{}]", kEntropyReg, kScratchBaseReg), "", "probe: a DMA address just written");
    literal("s0", fmt::format("simm.w s{}, 1", kDmaRows), "");
    literal("s0", fmt::format("simm.w s{}, 64", kDmaStride), "");
    literal("s0", fmt::format("simm.w s{}, 0", kDmaRow), "");
    literal("dma", fmt::format("dma.ld l0c[s{}], [s{}], rows=s{}, stride=s{}", kDmaRow, kScratchBaseReg, kDmaRows,
                               kDmaStride), "");
    nops(2);
    literal("s0", fmt::format("simm.w s{}, 0x{:x}", kDmaAddr, kScratch + 0x800), "");
    literal("dma", fmt::format("dma.st [s{}], l0c[s{}], rows=s{}, stride=s{}", kDmaAddr, kDmaRow, kDmaRows, kDmaStride),
            "");
    nops(3);
    literal("vls", fmt::format("vld v{}, [s{}]", kTestReg, kDmaAddr), "V");
    nops(3);
  }
  // Each register a test instruction writes costs a store in a bundle whose
  // vls slot is free. A run of vls instructions at gap 0 leaves copies waiting;
  // when too many wait, the segment is split (its last instruction repeated
  // after the break, so no pair is lost) and empty bundles drain them.
  std::vector<Segment> split;
  std::vector<int> drain_after;
  for (const Segment& seg : segments) {
    Segment cur{seg.gap, {}};
    int backlog = 0;
    for (size_t k = 0; k < seg.nodes.size(); ++k) {
      const int n = seg.nodes[k];
      cur.nodes.push_back(n);
      const Node& node = p.nodes[static_cast<size_t>(n)];
      const bool writes_reg = !data_classes(m.rows[node.row], true).empty() &&
                              !data_classes(m.rows[node.row], true).count("Mem");
      backlog += writes_reg ? 1 : 0;
      if (node.slot != "vls") backlog -= 1;
      backlog = std::max(0, backlog - seg.gap);
      if (backlog > 12 && k + 1 < seg.nodes.size()) {
        split.push_back(cur);
        drain_after.push_back(backlog + 2);
        cur = Segment{seg.gap, {n}};
        backlog = 0;
      }
    }
    split.push_back(cur);
    drain_after.push_back(0);
  }
  for (size_t si = 0; si < split.size(); ++si) {
    const Segment& seg = split[si];
    for (size_t k = 0; k < seg.nodes.size(); ++k) {
      const int n = seg.nodes[k];
      std::set<std::string> want;
      if (k > 0) {
        for (const auto& c : data_classes(m.rows[p.nodes[static_cast<size_t>(seg.nodes[k - 1])].row], true)) want.insert(c);
      }
      if (k + 1 < seg.nodes.size())
        for (const auto& c : data_classes(m.rows[p.nodes[static_cast<size_t>(seg.nodes[k + 1])].row], true))
          want.insert(c);
      const size_t b = new_bundle(k == 0 ? fmt::format("segment {}: gap {}, {} instructions", si, seg.gap,
                                                       seg.nodes.size())
                                         : "");
      const Node& node = p.nodes[static_cast<size_t>(n)];
      bundles[b].add(node.slot, w.text(n, want));
      if (auto c = opcode_constraint(isa, m.rows[node.row], node.slot); !c.empty()) bundles[b].constraints.push_back(c);
      ++prog.test_instructions;
      const auto wc = data_classes(m.rows[node.row], true);
      placed.push_back({b, wc.empty() ? "" : *wc.begin()});
      if (k + 1 < seg.nodes.size()) {
        auto touches_mem = [&](int x) {
          const auto& r = m.rows[p.nodes[static_cast<size_t>(x)].row];
          return data_classes(r, false).count("Mem") || data_classes(r, true).count("Mem");
        };
        const bool hold = touches_mem(n) && touches_mem(seg.nodes[k + 1]);
        for (int g = 0; g < seg.gap; ++g) bundles[new_bundle()].no_store = hold;
      }
    }
    new_bundle();  // room for the last observer
    for (int d = 0; d < drain_after[si]; ++d) new_bundle();
  }
  // Final copies of the test registers.
  {
    const size_t b = new_bundle("final values of the test registers");
    placed.push_back({b, "S"});
    const size_t c = new_bundle();
    placed.push_back({c, "V"});
    const size_t d = new_bundle();
    placed.push_back({d, "P"});
    new_bundle();
  }
  // Observers: in the bundle after each write, in a free vector slot.
  std::map<size_t, std::string> observe;  // bundle -> class to copy there
  for (const Placed& pl : placed)
    if (pl.write_class == "S" || pl.write_class == "V" || pl.write_class == "P") observe[pl.bundle + 1] = pl.write_class;
  std::vector<int> free_regs;
  for (int r = kObserverLast; r >= kObserverFirst; --r) free_regs.push_back(r);
  struct Pending {
    int reg;
    size_t ready;  // first bundle that may store it
  };
  std::vector<Pending> pending;
  int stores_in_window = 0;
  uint32_t window_base = kResults;
  uint32_t results_end = kResults;
  for (size_t b = 0; b < bundles.size() || !pending.empty(); ++b) {
    if (b == bundles.size()) new_bundle();
    Bundle& bu = bundles[b];
    // A store of one pending copy, when vls is free.
    if (!pending.empty() && pending.front().ready <= b && !bu.has("vls") &&
        (!bu.no_store || free_regs.size() < 4)) {
      const Pending pd = pending.front();
      pending.erase(pending.begin());
      const uint32_t off = static_cast<uint32_t>(stores_in_window) * 64;
      bu.add("vls", off ? fmt::format("vst v{}, [s{} + {}]", pd.reg, kResultsBaseReg, off)
                        : fmt::format("vst v{}, [s{}]", pd.reg, kResultsBaseReg));
      ++prog.observer_instructions;
      free_regs.push_back(pd.reg);
      results_end = std::max(results_end, window_base + off + 64);
      if (++stores_in_window == kStoresPerWindow) {
        const std::string s = bu.has("s0") ? "s1" : "s0";
        bu.add(s, fmt::format("sadd s{}, s{}, {}", kResultsBaseReg, kResultsBaseReg, kStoresPerWindow * 64));
        ++prog.other_instructions;
        window_base += kStoresPerWindow * 64;
        stores_in_window = 0;
      }
    }
    // The copy of what the previous bundle's test instruction wrote.
    if (auto it = observe.find(b); it != observe.end()) {
      const std::string vslot = bu.has("v0") ? (bu.has("v1") ? "" : "v1") : "v0";
      if (vslot.empty() || free_regs.empty()) {
        ++prog.unobserved;
      } else {
        const int r = free_regs.back();
        free_regs.pop_back();
        if (it->second == "S") bu.add(vslot, fmt::format("vbcast v{}, s{}", r, kTestReg));
        else if (it->second == "V") bu.add(vslot, fmt::format("vmov v{}, v{}", r, kTestReg));
        else bu.add(vslot, fmt::format("(p{}) vbcast v{}, {}", kTestReg, r, 1 + static_cast<int>(rng() % 1000)));
        ++prog.observer_instructions;
        pending.push_back({r, b + 1});
      }
    }
  }
  {
    const size_t b = new_bundle();
    bundles[b].add("misc", "halt");
    ++prog.other_instructions;
  }
  prog.results_end = results_end;
  prog.memory_bytes = (results_end + 0xffff) & ~0xffffu;
  prog.bundles = bundles.size();
  std::string& s = prog.assembly;
  s += fmt::format("# tcore data-hazard program generated by mlisa gen hazards (seed {}).\n", o.seed);
  s += fmt::format("# Scratch region 0x{:x} (test loads and stores), results region 0x{:x}..0x{:x}:\n", kScratch,
                   kResults, results_end);
  s += "# every value a test instruction writes is stored there; dump it after the run.\n";
  s += "    .text\n";
  for (size_t b = 0; b < bundles.size(); ++b) {
    if (!comments[b].empty()) s += "# " + comments[b] + "\n";
    s += bundle_line(bundles[b]) + "\n";
  }
  size_t empty = 0;
  for (const auto& b : bundles)
    if (b.insns.empty()) ++empty;
  prog.other_instructions += empty;  // the nops
  return prog;
}

// ---------------------------------------------------------------------------
// The independent checker

namespace {

struct Element {
  std::string cls;
  int64_t index;  // -1: every element
  bool overlaps(const Element& o) const { return cls == o.cls && (index < 0 || o.index < 0 || index == o.index); }
};

struct Event {
  int node = -1;
  std::vector<Element> reads, writes;  // data operands only
};

using Fields = std::map<std::string, std::pair<uint64_t, uint32_t>>;  // name -> value, width

int64_t field_value(const Fields& fields, const prm::Index& ix, bool& ok) {
  uint64_t v = 0;
  for (const auto& f : ix.fields) {
    auto it = fields.find(f);
    if (it == fields.end()) {
      ok = false;
      return 0;
    }
    v = (v << it->second.second) | it->second.first;
  }
  return static_cast<int64_t>(v) * ix.scale + ix.offset;
}

void elements(const Access& a, const Fields& fields, std::vector<Element>& out) {
  for (const auto& g : a.guards) {
    auto it = fields.find(g.field);
    if (it == fields.end() || !g.holds(static_cast<int64_t>(it->second.first))) return;
  }
  switch (a.index.kind) {
    case prm::Index::Kind::None: out.push_back({a.cls, 0}); return;
    case prm::Index::Kind::Whole: out.push_back({a.cls, -1}); return;
    case prm::Index::Kind::Fixed: out.push_back({a.cls, a.index.lo}); return;
    case prm::Index::Kind::Range:
      if (a.index.hi < a.index.lo) out.push_back({a.cls, -1});
      else
        for (int64_t i = a.index.lo; i <= a.index.hi; ++i) out.push_back({a.cls, i});
      return;
    case prm::Index::Kind::Field: {
      bool ok = true;
      const int64_t v = field_value(fields, a.index, ok);
      out.push_back({a.cls, ok ? v : -1});
      return;
    }
  }
}

bool any_overlap(const std::vector<Element>& a, const std::vector<Element>& b, const std::vector<const Event*>& between) {
  for (const Element& x : a)
    for (const Element& y : b) {
      if (!x.overlaps(y)) continue;
      bool killed = false;
      for (const Event* e : between)
        for (const Element& z : e->writes)
          if (z.overlaps(x) && z.overlaps(y)) killed = true;
      if (!killed) return true;
    }
  return false;
}

}  // namespace

Coverage check(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, const std::vector<as::Word>& words) {
  std::map<std::pair<const spec::Encoding*, std::string>, int> node_of;
  for (size_t i = 0; i < p.nodes.size(); ++i) node_of[{m.rows[p.nodes[i].row].enc, p.nodes[i].slot}] = static_cast<int>(i);
  std::map<const spec::Encoding*, const prm::Row*> row_of;
  for (const auto& r : m.rows) row_of[r.enc] = &r;

  std::vector<std::vector<Event>> events(words.size());
  for (size_t b = 0; b < words.size(); ++b) {
    for (const as::DecodedInsn& d : as::decode_bundle(isa.isa, words[b])) {
      const as::SpecForm& sf = isa.forms[static_cast<size_t>(d.form)];
      Event ev;
      if (auto it = node_of.find({sf.enc, sf.slot}); it != node_of.end()) ev.node = it->second;
      const prm::Row* row = row_of.count(sf.enc) ? row_of[sf.enc] : nullptr;
      if (!row) continue;
      const auto frame = isa.spec->frame_for(*sf.enc, sf.slot, words[b]);
      Fields fields;
      size_t k = 0;
      for (const auto& f : sf.enc->fields) {
        fields[f.name] = {frame[k].as_bits().low64(), frame[k].as_bits().width()};
        ++k;
      }
      for (const auto& g : sf.enc->globals) {
        fields[g] = {frame[k].as_bits().low64(), frame[k].as_bits().width()};
        ++k;
      }
      for (const Access& a : row->reads)
        if (a.role == Role::Data) elements(a, fields, ev.reads);
      for (const Access& a : row->writes)
        if (a.role == Role::Data) elements(a, fields, ev.writes);
      events[b].push_back(std::move(ev));
    }
  }
  Coverage c;
  for (size_t b = 0; b < words.size(); ++b) {
    for (int g = p.gap_lo; g <= p.gap_hi; ++g) {
      const size_t b2 = b + static_cast<size_t>(g) + 1;
      if (b2 >= words.size()) break;
      std::vector<const Event*> between;
      for (size_t x = b + 1; x < b2; ++x)
        for (const Event& e : events[x]) between.push_back(&e);
      for (const Event& i : events[b]) {
        if (i.node < 0) continue;
        for (const Event& j : events[b2]) {
          if (j.node < 0) continue;
          const bool kinds[3] = {any_overlap(i.writes, j.reads, between), any_overlap(i.reads, j.writes, between),
                                 any_overlap(i.writes, j.writes, between)};
          for (int k = 0; k < 3; ++k)
            if (kinds[k]) {
              Item it{i.node, j.node, static_cast<Kind>(k), g};
              if (p.required.count(it)) c.covered.insert(it);
            }
        }
      }
    }
  }
  c.required = p.required.size();
  for (const Item& it : p.required) {
    ++c.by_kind_required[static_cast<int>(it.kind)];
    if (c.covered.count(it)) ++c.by_kind_covered[static_cast<int>(it.kind)];
    else c.missed_items.push_back(it);
  }
  return c;
}

namespace {

std::vector<as::Word> assemble_words(const as::SpecIsa& isa, const std::string& text) {
  const as::Object obj = as::assemble_gas(isa.isa, targets::gas_target(isa), text, "<hazards>");
  const as::ObjSection* sec = obj.find(".text");
  std::vector<as::Word> out;
  if (!sec) return out;
  const size_t wb = isa.isa.width() / 8;
  for (size_t off = 0; off + wb <= sec->bytes.size(); off += wb) {
    as::Word w(isa.isa.width(), 0);
    for (size_t i = 0; i < wb; ++i)
      for (int bit = 0; bit < 8; ++bit)
        if (sec->bytes[off + i] >> bit & 1) w.set_bit(static_cast<uint32_t>(8 * i + static_cast<size_t>(bit)), true);
    out.push_back(std::move(w));
  }
  return out;
}

}  // namespace

Result run(const prm::Matrix& m, const as::SpecIsa& isa, int gap_lo, int gap_hi, const GenOptions& o,
           std::vector<as::Word>* words_out) {
  const Plan p = plan(m, isa, gap_lo, gap_hi);
  std::vector<Segment> segments;
  const auto circuits = euler_circuits(p.successors);
  for (int g = gap_lo; g <= gap_hi; ++g)
    for (const auto& c : circuits) segments.push_back({g, c});
  Result r;
  for (const auto& s : p.successors) r.baseline_instructions += 2 * s.size() * static_cast<size_t>(gap_hi - gap_lo + 1);
  r.program = generate(m, isa, p, segments, o);
  std::vector<as::Word> words = assemble_words(isa, r.program.assembly);
  r.coverage = check(m, isa, p, words);
  if (!r.coverage.missed_items.empty()) {
    for (const Item& it : r.coverage.missed_items) segments.push_back({it.gap, {it.producer, it.consumer}});
    r.patch_segments = r.coverage.missed_items.size();
    r.program = generate(m, isa, p, segments, o);
    words = assemble_words(isa, r.program.assembly);
    r.coverage = check(m, isa, p, words);
  }
  if (words_out) *words_out = std::move(words);
  return r;
}

std::string random_program(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, size_t instructions,
                           uint64_t seed) {
  Writer w(m, isa, p, seed);
  std::mt19937_64 rng(seed ^ 0x5bd1e995ull);
  std::string s = fmt::format("# random tcore program (seed {}), {} instructions\n    .text\n", seed, instructions);
  s += fmt::format("{{ s0: simm.w s{}, 0x{:08x} }}\n", kTestReg, static_cast<uint32_t>(rng()));
  s += fmt::format("{{ s0: simm.w s{}, 0x{:x}; v0: vbcast v{}, s{}; s1: scmp.ltu p{}, s{}, 0x7fff }}\n", kScratchBaseReg,
                   kScratch, kTestReg, kTestReg, kTestReg, kTestReg);
  s += fmt::format("{{ s0: sxor s{}, s{}, {} }}\n{{ v0: vbcast v{}, s{} }}\n", kEntropyReg, kTestReg, 1 + rng() % 4000,
                   kEntropyReg, kEntropyReg);
  const std::set<std::string> classes[] = {{"S"}, {"V"}, {"P"}, {"S", "V"}};
  for (size_t k = 0; k < instructions && !p.nodes.empty(); ++k) {
    const int n = static_cast<int>(rng() % p.nodes.size());
    const Node& node = p.nodes[static_cast<size_t>(n)];
    Bundle b;
    b.add(node.slot, w.text(n, classes[rng() % 4]));
    if (auto c = opcode_constraint(isa, m.rows[node.row], node.slot); !c.empty()) b.constraints.push_back(c);
    s += bundle_line(b) + "\n";
    for (uint64_t g = rng() % 8; g < 3; ++g) s += "{ misc: nop }\n";
  }
  s += "{ misc: halt }\n";
  return s;
}

}  // namespace mlisa::verify::hazards
