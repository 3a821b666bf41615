// The hazards suite of the mve target: dependent pairs of the ML
// instructions (src/verify/mve_hazards.hpp), run by our engine and by QEMU
// (or the results recorded from it, tests/vectors/mve/hazards), compared
// over the whole register state. One operation per kind and producer family
// ("raw.max": every RAW pair whose producer is a VMAX or VMIN); case i of an
// operation is variant i DIV n of its pair i MOD n (variant 0 plain, 1
// predicated, later ones drawn at random). docs/verify.md describes it.
#include "verify/mve_hazards.hpp"

#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"
#include "verify/campaign.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

namespace mlisa::verify::mve_hazards {

using mve::Form;
using mve::GenCase;
using mve::reg_name;
using mve::Rng;
using mve::Shape;
using mve::State;

namespace {

// An operand of an instruction: its register file ('q', 'r', 's', 'd'),
// whether the instruction reads and writes it, and the register chosen.
struct Operand {
  char file;
  bool read, write;
  int value = 0;
  bool even = false;    // VMLADAV's RdaHi:'0'
  bool may_zr = false;  // VCMP/VPT's <Rm> or ZR
};

struct Insn {
  const Form* form = nullptr;
  std::vector<Operand> ops;
  std::string cond;
};

std::vector<Operand> operands_of(Shape s) {
  auto q = [](bool r, bool w) { return Operand{'q', r, w}; };
  switch (s) {
    case Shape::QQQ: return {q(true, true), q(true, false), q(true, false)};  // inactive lanes of Qd are kept
    case Shape::QQ: return {q(true, true), q(true, false)};
    case Shape::RQ: return {Operand{'r', true, true}, q(true, false)};
    case Shape::RQQ: {
      Operand da{'r', true, true};
      da.even = true;
      return {da, q(true, false), q(true, false)};
    }
    case Shape::SSS: return {Operand{'s', false, true}, Operand{'s', true, false}, Operand{'s', true, false}};
    case Shape::DDD: return {Operand{'d', false, true}, Operand{'d', true, false}, Operand{'d', true, false}};
    case Shape::CMPQ:
    case Shape::VPTQ: return {q(true, false), q(true, false)};
    case Shape::CMPR:
    case Shape::VPTR: {
      Operand rm{'r', true, false};
      rm.may_zr = true;
      return {q(true, false), rm};
    }
    case Shape::NONE: return {};
    case Shape::R: return {Operand{'r', true, false}};
    case Shape::QQR: return {};  // VADD/VSUB/VMUL: not in this suite (plan skips them)
  }
  return {};
}

std::string family_of(const Form& f) {
  switch (f.shape) {
    case Shape::QQQ: return f.fp() ? "maxnm" : "max";
    case Shape::QQ: return "maxa";
    case Shape::RQ: return "across";
    case Shape::SSS:
    case Shape::DDD: return "scalar";
    case Shape::RQQ: return "mladav";
    case Shape::CMPQ:
    case Shape::CMPR: return "vcmp";
    case Shape::VPTQ:
    case Shape::VPTR: return "vpt";
    case Shape::NONE:
    case Shape::R: return "pred";
    case Shape::QQR: return "";
  }
  return "";
}

int random_register(Rng& r, const Operand& o) {
  switch (o.file) {
    case 'q': return static_cast<int>(r.below(8));
    case 's': return static_cast<int>(r.below(32));
    case 'd': return static_cast<int>(r.below(16));
    default:
      if (o.even) return 2 * static_cast<int>(r.below(7));  // R0..R12 even: R14 is CONSTRAINED UNPREDICTABLE
      if (o.may_zr && r.chance(6)) return 15;                // ZR
      return mve::pick_gpr(r);
  }
}

std::string condition(Rng& r, char type) {
  static const char* const i[] = {"eq", "ne"};
  static const char* const u[] = {"cs", "hi"};
  static const char* const s[] = {"ge", "lt", "gt", "le"};
  static const char* const f[] = {"eq", "ne", "ge", "lt", "gt", "le"};
  switch (type) {
    case 'i': return i[r.below(2)];
    case 'u': return u[r.below(2)];
    case 's': return s[r.below(4)];
    default: return f[r.below(6)];
  }
}

std::string operand_text(const Operand& o) {
  if (o.file == 'r' && o.value == 15) return "zr";
  return reg_name(o.file, o.value);
}

// The instruction's text with VPT suffix `v` ("", "t", "e").
std::string text_of(const Insn& in, const std::string& v) {
  const Form& f = *in.form;
  std::string ops;
  for (const Operand& o : in.ops) ops += (ops.empty() ? "" : ", ") + operand_text(o);
  switch (f.shape) {
    case Shape::CMPQ:
    case Shape::CMPR: return fmt::format("{}{}.{} {}, {}", f.base, v, f.dt, in.cond, ops);
    case Shape::VPTQ:
    case Shape::VPTR: return fmt::format("vpt.{} {}, {}", f.dt, in.cond, ops);
    case Shape::NONE: return "vpnot" + v;
    default: return fmt::format("{}{}.{} {}", f.base, v, f.dt, ops);
  }
}

// The state element an operand names: S and D registers are parts of Q.
Element element_of(const Operand& o) {
  switch (o.file) {
    case 'q': return {"Q", o.value};
    case 's': return {"Q", o.value / 4};
    case 'd': return {"Q", o.value / 2};
    default: return {"R", o.value};
  }
}

// Sets an operand to name the element `e` (a Q register, or an R register).
void point_at(Rng& r, Operand& o, const Element& e) {
  const int k = static_cast<int>(e.second);
  if (o.file == 's') o.value = 4 * k + static_cast<int>(r.below(4));
  else if (o.file == 'd') o.value = 2 * k + static_cast<int>(r.below(2));
  else o.value = k;
}

// A register both operands can name: Q for Q/S/D, an R register valid for both.
std::optional<Element> shared_register(Rng& r, const Operand& a, const Operand& b) {
  const bool qa = a.file != 'r', qb = b.file != 'r';
  if (qa != qb) return std::nullopt;
  if (qa) return Element{"Q", static_cast<int64_t>(r.below(8))};
  if (a.even || b.even) return Element{"R", 2 * static_cast<int64_t>(r.below(7))};
  return Element{"R", mve::pick_gpr(r)};
}

uint32_t field_of(uint32_t word, const spec::EncodingField& f) {
  return f.width >= 32 ? word : (word >> f.lo) & ((1u << f.width) - 1);
}

// The class of the pair model a PRM class maps to, or "".
std::string model_class(const std::string& cls) {
  if (cls == "Q" || cls == "S" || cls == "D") return "Q";
  if (cls == "R") return "R";
  if (cls == "FPSCR.LTPSIZE") return "";
  if (cls == "FPSCR" || cls.rfind("FPSCR.", 0) == 0) return "FPSCR";
  if (cls == "VPR.P0") return "VPR.P0";
  if (cls == "VPR.MASK01" || cls == "VPR.MASK23") return "VPR.MASK";
  return "";
}

bool is_wired_register(const prm::Access& a) {
  // The fixed R[14] read (low-overhead loops) is not a dependence of straight-line code.
  return !(a.cls == "R" && a.index.kind == prm::Index::Kind::Fixed);
}

}  // namespace

const std::vector<std::string>& families() {
  static const std::vector<std::string> f = {"max", "maxnm", "maxa", "across", "scalar", "mladav", "vcmp", "vpt", "pred"};
  return f;
}

std::set<std::string> row_classes(const prm::Row& row, bool writes) {
  std::set<std::string> out;
  for (const prm::Access& a : writes ? row.writes : row.reads) {
    if (a.role != prm::Role::Data || !is_wired_register(a)) continue;
    const std::string c = model_class(a.cls);
    if (!c.empty()) out.insert(c);
    if (a.cls == "VPR") out.insert({"VPR.P0", "VPR.MASK"});
  }
  return out;
}

Plan plan(const prm::Matrix& m, const as::WordIsa& isa) {
  Plan p;
  std::map<size_t, size_t> node_of_row;
  for (const Form& f : mve::ml_forms()) {
    if (mve::is_elementwise_arith(f)) continue;  // the ML instructions' pairs only: the recorded vectors stay
    Insn in{&f, operands_of(f.shape), f.fp() ? "eq" : f.type == 'u' ? "cs" : f.type == 's' ? "ge" : "eq"};
    for (size_t k = 0; k < in.ops.size(); ++k) in.ops[k].value = static_cast<int>(2 * k);
    const auto a = isa.assemble(text_of(in, ""));
    const prm::Row* row = m.find(a.inst->name, a.enc->name);
    if (!row) continue;
    const size_t r = static_cast<size_t>(row - m.rows.data());
    auto [it, fresh] = node_of_row.emplace(r, p.nodes.size());
    if (fresh) p.nodes.push_back({r, row->key(), family_of(f), {}});
    p.nodes[it->second].forms.push_back(f);
  }
  auto predicable = [&](const Node& n) { return n.forms.front().predicable(); };
  for (int kind = 0; kind < 3; ++kind)
    for (const std::string& fam : families())
      for (size_t i = 0; i < p.nodes.size(); ++i) {
        if (p.nodes[i].family != fam) continue;
        const prm::Row& a = m.rows[p.nodes[i].row];
        for (size_t j = 0; j < p.nodes.size(); ++j) {
          const prm::Row& b = m.rows[p.nodes[j].row];
          const auto& x = row_classes(a, kind == 1 ? false : true);
          const auto& y = row_classes(b, kind == 2 ? true : kind == 1);
          const bool need = std::any_of(x.begin(), x.end(), [&](const std::string& c) { return y.count(c) > 0; });
          if (!need) continue;
          if (p.nodes[i].family == "vpt" && !predicable(p.nodes[j])) {
            p.excluded.push_back(fmt::format("{} {} -> {}: a VPT's block holds only predicable MVE instructions",
                                             hazards::kind_name(static_cast<Kind>(kind)), p.nodes[i].key, p.nodes[j].key));
            continue;
          }
          p.required.push_back({static_cast<int>(i), static_cast<int>(j), static_cast<Kind>(kind)});
        }
      }
  return p;
}

Effects effects(const prm::Matrix& m, const as::WordIsa& isa, uint32_t word) {
  Effects e;
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = isa.decode(spec::Bits(32, word), &inst);
  if (!enc || !inst) return e;
  const prm::Row* row = m.find(inst->name, enc->name);
  if (!row) return e;
  e.decoded = true;
  e.key = row->key();
  std::map<std::string, std::pair<uint32_t, uint32_t>> fields;
  for (const auto& f : enc->fields) fields[f.name] = {field_of(word, f), f.width};
  auto add = [&](const prm::Access& a, std::set<Element>& out) {
    if (a.role != prm::Role::Data || !is_wired_register(a)) return;
    for (const prm::Guard& g : a.guards) {
      auto it = fields.find(g.field);
      if (it == fields.end() || !g.holds(it->second.first)) return;
    }
    const std::string c = model_class(a.cls);
    if (c.empty()) {
      if (a.cls == "VPR") out.insert({{"VPR.P0", -1}, {"VPR.MASK", -1}});
      return;
    }
    int64_t k = -1;
    if (a.index.kind == prm::Index::Kind::Field) {
      uint64_t v = 0;
      bool ok = true;
      for (const std::string& name : a.index.fields) {
        auto it = fields.find(name);
        if (it == fields.end()) ok = false;
        else v = v << it->second.second | it->second.first;
      }
      if (ok) k = static_cast<int64_t>(v) * a.index.scale + a.index.offset;
    } else if (a.index.kind == prm::Index::Kind::Fixed) {
      k = a.index.lo;
    }
    if (k >= 0 && a.cls == "S") k /= 4;
    if (k >= 0 && a.cls == "D") k /= 2;
    if (a.index.kind == prm::Index::Kind::None) k = -1;
    out.insert({c, c == "Q" || c == "R" ? k : -1});
  };
  for (const auto& a : row->reads) add(a, e.reads);
  for (const auto& a : row->writes) add(a, e.writes);
  return e;
}

bool holds(Kind kind, const Effects& producer, const Effects& consumer) {
  const auto& x = kind == Kind::WAR ? producer.reads : producer.writes;
  const auto& y = kind == Kind::WAW ? consumer.writes : consumer.reads;
  for (const Element& a : x)
    for (const Element& b : y)
      if (a.first == b.first && (a.second < 0 || b.second < 0 || a.second == b.second)) return true;
  return false;
}

namespace {

// The inputs of a case: every Q register full of lanes of one of the two
// forms, R registers random with the scalar operands at their edges.
void fill_inputs(Rng& r, GenCase& g, const std::vector<Insn*>& insns, bool fp) {
  State& s = g.c.in;
  const auto& classes = fp ? std::vector<std::string>(std::begin(mve::kFpClasses), std::end(mve::kFpClasses))
                           : std::vector<std::string>(std::begin(mve::kIntClasses), std::end(mve::kIntClasses));
  g.cls = classes[r.below(classes.size())];
  for (auto& reg : s.r) reg = static_cast<uint32_t>(r.next());
  for (int q = 0; q < 8; ++q) {
    const Form& f = *insns[r.below(insns.size())]->form;
    const int e = f.shape == Shape::R || f.shape == Shape::NONE ? 32 : f.esize;
    for (int lane = 0; lane < 128 / e; ++lane)
      mve::set_lane(s, q, lane, e,
                    f.fp() ? mve::fp_lane(r, e, g.cls == "extreme" || g.cls == "equal" ? "random" : g.cls)
                           : mve::int_lane(r, e, g.cls == "extreme"));
  }
  if (g.cls == "equal")  // two Q registers share lanes, so compares and max/min see ties
    for (int w = 0; w < 4; ++w)
      if (!r.chance(3)) s.q[4 * r.below(8) + w] = s.q[4 * r.below(8) + w];
  for (Insn* in : insns) {
    const Form& f = *in->form;
    for (const Operand& o : in->ops) {
      if (o.file != 'r' || o.value == 15) continue;
      uint32_t& rv = s.r[o.value == 14 ? 13 : o.value];
      if (f.shape == Shape::R) {
        const uint32_t lanes = 128u / static_cast<uint32_t>(f.esize);
        const uint32_t counts[] = {0, 1, lanes - 1, lanes, lanes + 1, 0x80000000u, 0xffffffffu};
        rv = r.chance(2) ? counts[r.below(std::size(counts))] : static_cast<uint32_t>(r.below(2 * lanes + 2));
      } else if (f.shape == Shape::RQQ) {
        static const uint32_t acc[] = {0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu};
        if (r.chance(2)) rv = acc[r.below(std::size(acc))];
      } else if (f.esize < 64) {
        const uint64_t low = f.fp() ? mve::fp_lane(r, f.esize, g.cls == "extreme" || g.cls == "equal" ? "random" : g.cls)
                                    : mve::int_lane(r, f.esize, g.cls == "extreme");
        const uint32_t em = static_cast<uint32_t>(mve::mask_of(std::min(f.esize, 32)));
        rv = (rv & ~em) | static_cast<uint32_t>(low & em);
      }
    }
  }
  s.fpscr = mve::random_fpscr(r);
  s.vpr = mve::random_p0(r, insns.back()->form->esize >= 8 && insns.back()->form->esize <= 32 ? insns.back()->form->esize : 8);
}

void note_registers(GenCase& g, const Insn& in) {
  auto add = [](std::vector<std::string>& v, const std::string& name) {
    if (std::find(v.begin(), v.end(), name) == v.end()) v.push_back(name);
  };
  for (const Operand& o : in.ops) {
    if (o.file == 'r' && o.value == 15) continue;
    const std::string name = o.file == 's' || o.file == 'd' ? reg_name('q', static_cast<int>(element_of(o).second))
                                                            : reg_name(o.file, o.value);
    if (o.read) add(g.reads, name);
    if (o.write) add(g.writes, name);
  }
}

bool nan_input(const GenCase& g, const std::vector<Insn*>& insns) {
  for (const Insn* in : insns) {
    if (!in->form->fp()) continue;
    const int e = in->form->esize;
    for (int q = 0; q < 8; ++q)
      for (int lane = 0; lane < 128 / e; ++lane)
        if (mve::is_nan(mve::get_lane(g.c.in, q, lane, e), e)) return true;
  }
  return false;
}

}  // namespace

PairCase make_case(const prm::Matrix& m, const as::WordIsa& isa, const Plan& p, const Pair& pair,
                   uint64_t variant, uint64_t seed) {
  const Node& pn = p.nodes[static_cast<size_t>(pair.producer)];
  const Node& cn = p.nodes[static_cast<size_t>(pair.consumer)];
  Rng r{mve::mix(seed * 0x100000001b3ull ^ mve::mix(variant) ^ static_cast<uint64_t>(pair.producer) << 40 ^
                 static_cast<uint64_t>(pair.consumer) << 24 ^ static_cast<uint64_t>(pair.kind) << 56 ^ 0x68617a)};
  PairCase out;
  for (int attempt = 0; attempt < 64 && !out.confirmed; ++attempt) {
    PairCase pc;
    GenCase& g = pc.g;
    Insn prod{&pn.forms[r.below(pn.forms.size())], {}, ""};
    Insn cons{&cn.forms[r.below(cn.forms.size())], {}, ""};
    for (Insn* in : {&prod, &cons}) {
      in->ops = operands_of(in->form->shape);
      for (Operand& o : in->ops) o.value = random_register(r, o);
      in->cond = condition(r, in->form->type);
    }
    // Wire one register of the producer into the consumer, as the kind says.
    std::vector<std::pair<size_t, size_t>> wires;
    for (size_t a = 0; a < prod.ops.size(); ++a)
      for (size_t b = 0; b < cons.ops.size(); ++b) {
        const Operand &x = prod.ops[a], &y = cons.ops[b];
        const bool ok = pair.kind == Kind::RAW ? x.write && y.read : pair.kind == Kind::WAR ? x.read && y.write : x.write && y.write;
        if (ok && (x.file == 'r') == (y.file == 'r')) wires.emplace_back(a, b);
      }
    const bool same_register = variant == 0 || (variant > 1 && r.chance(2));
    if (!wires.empty()) {
      const auto [a, b] = wires[r.below(wires.size())];
      if (auto reg = shared_register(r, prod.ops[a], cons.ops[b])) {
        point_at(r, prod.ops[a], *reg);
        point_at(r, cons.ops[b], *reg);
        // The same register as the consumer's source and destination
        // (vmax.s8 q0, q0, q1 after a write of q0).
        if (same_register)
          for (Operand& o : cons.ops)
            if (&o != &cons.ops[b] && (o.file == 'r') == (cons.ops[b].file == 'r') &&
                (cons.ops[b].read ? o.write : o.read) && !(o.file == 'r' && (o.even || o.may_zr)))
              point_at(r, o, *reg);
      }
    }
    // Predication: variant 1 (and later ones at random) inside a block.
    const bool predicated = variant == 1 || (variant > 1 && r.chance(2));
    const bool pp = prod.form->predicable(), cp = cons.form->predicable();
    std::vector<std::string> lines;
    std::string pv, cv;
    if (prod.form->vpt()) {
      cv = "t";  // the consumer is the VPT's block
    } else if (predicated && pp && cp) {
      switch (r.below(3)) {
        case 0: lines.push_back("vpstt"); pv = cv = "t"; break;
        case 1: lines.push_back("vpste"); pv = "t"; cv = "e"; break;
        default: {
          static const char* const dts[] = {"i8", "i16", "i32", "s8", "s16", "s32", "u8", "u16", "u32", "f32", "f16"};
          const std::string dt = dts[r.below(std::size(dts))];
          const std::string c = condition(r, dt[0]);
          const bool else_second = r.chance(2);
          lines.push_back(fmt::format("vpt{}.{} {}, q{}, q{}", else_second ? "e" : "t", dt, c, r.below(8), r.below(8)));
          pv = "t";
          cv = else_second ? "e" : "t";
        }
      }
    } else if (predicated && pp) {
      lines.push_back("vpst");
      pv = "t";
    }
    pc.producer_word = lines.size();
    lines.push_back(text_of(prod, pv));
    lines.push_back(text_of(cons, cv));
    if (cons.form->vpt()) {  // the consumer VPT's block: one VMAX or VMAXNM
      const Form& f = *cons.form;
      const std::string body = f.fp() ? "vmaxnmt." + f.dt : fmt::format("vmaxt.{}{}", f.type == 'u' ? 'u' : 's', f.esize);
      lines.push_back(fmt::format("{} q{}, q{}, q{}", body, r.below(8), r.below(8), r.below(8)));
    }
    for (const std::string& l : lines) g.text += (g.text.empty() ? "" : "; ") + l;

    std::vector<Insn*> insns{&prod, &cons};
    fill_inputs(r, g, insns, prod.form->fp() || cons.form->fp());
    note_registers(g, prod);
    note_registers(g, cons);
    for (const char* reg : {"fpscr", "vpr"}) {
      g.reads.push_back(reg);
      g.writes.push_back(reg);
    }
    g.nan = nan_input(g, insns);
    g.cls += std::string("+") + hazards::kind_name(pair.kind) + (lines.size() > 2 && !cons.form->vpt() ? "+pred" : "") +
             (same_register && !wires.empty() ? "+same" : "");
    // Confirm the dependence from the words, by the PRM.
    const auto pw = isa.assemble(lines[pc.producer_word]).word.low64();
    const auto cw = isa.assemble(lines[pc.producer_word + 1]).word.low64();
    pc.confirmed = holds(pair.kind, effects(m, isa, static_cast<uint32_t>(pw)), effects(m, isa, static_cast<uint32_t>(cw)));
    out = std::move(pc);
  }
  return out;
}

namespace {

class HazardSuite final : public mve::OracleSuite {
 public:
  HazardSuite()
      : OracleSuite("hazards",
                    "mve dependent pairs of the ML instructions (RAW/WAR/WAW from the PRM, plain and in VPST/VPT "
                    "blocks): our engine vs QEMU's Cortex-M55 (or its recorded results), whole register state") {}

  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const Op& op : model().ops) names.push_back(op.name);
    return names;
  }
  // Two cases per pair: plain and predicated (one QEMU image per operation).
  uint64_t default_cases() const override { return 2; }
  uint64_t default_cases_of(size_t op) const override {
    return op < model().ops.size() ? 2 * model().ops[op].pairs.size() : default_cases();
  }

  std::vector<std::pair<std::string, uint64_t>> operation_counts(size_t op, uint64_t cases, uint64_t seed) const override {
    const Model& md = model();
    if (op >= md.ops.size()) return {};
    const auto& pairs = md.ops[op].pairs;
    std::vector<bool> covered(pairs.size(), false);
    size_t count = 0;
    const auto& isa = thread_isa();
    for (uint64_t i = 0; i < cases && count < pairs.size(); ++i) {
      const size_t k = i % pairs.size();
      if (covered[k]) continue;
      if (make_case_of(md, isa, op, i, seed).confirmed) {
        covered[k] = true;
        ++count;
      }
    }
    return {{"pairs_required", pairs.size()}, {"pairs_covered", count}};
  }

 protected:
  GenCase make_case(size_t op, uint64_t index, uint64_t seed) const override {
    return make_case_of(model(), thread_isa(), op, index, seed).g;
  }

 private:
  struct Op {
    std::string name;
    std::vector<size_t> pairs;  // into the plan's required pairs
  };
  struct Model {
    prm::Matrix matrix;
    Plan plan;
    std::vector<Op> ops;
  };

  const Model& model() const {
    std::call_once(model_once_, [&] {
      const targets::mve::Target& t = shared_target();
      model_.matrix = prm::build(*t.spec);
      model_.plan = mve_hazards::plan(model_.matrix, thread_isa());
      std::map<std::string, size_t> index;
      for (size_t k = 0; k < model_.plan.required.size(); ++k) {
        const Pair& pr = model_.plan.required[k];
        std::string kind = hazards::kind_name(pr.kind);
        std::transform(kind.begin(), kind.end(), kind.begin(), [](char c) { return static_cast<char>(std::tolower(c)); });
        const std::string name = kind + "." + model_.plan.nodes[static_cast<size_t>(pr.producer)].family;
        auto [it, fresh] = index.emplace(name, model_.ops.size());
        if (fresh) model_.ops.push_back({name, {}});
        model_.ops[it->second].pairs.push_back(k);
      }
    });
    return model_;
  }

  // The assembler and decoder are not thread-safe: one per thread, owned
  // by the suite (they refer to its target's specs).
  const as::WordIsa& thread_isa() const {
    const targets::mve::Target& t = shared_target();
    std::lock_guard lock(isa_mutex_);
    auto& isa = isas_[std::this_thread::get_id()];
    if (!isa) {
      isa = std::make_unique<as::WordIsa>(*t.spec, targets::all_builtins(), targets::mve::t32_rules());
      isa->features().insert(targets::mve::kImplementedFeatures.begin(), targets::mve::kImplementedFeatures.end());
    }
    return *isa;
  }

  static PairCase make_case_of(const Model& md, const as::WordIsa& isa, size_t op, uint64_t index, uint64_t seed) {
    const auto& pairs = md.ops.at(op).pairs;
    const Pair& pr = md.plan.required[pairs[index % pairs.size()]];
    return mve_hazards::make_case(md.matrix, isa, md.plan, pr, index / pairs.size(), seed);
  }

  mutable std::once_flag model_once_;
  mutable Model model_;
  mutable std::mutex isa_mutex_;
  mutable std::map<std::thread::id, std::unique_ptr<as::WordIsa>> isas_;
};

}  // namespace
}  // namespace mlisa::verify::mve_hazards

namespace mlisa::verify {

std::unique_ptr<Suite> make_mve_hazard_suite() { return std::make_unique<mve_hazards::HazardSuite>(); }

}  // namespace mlisa::verify
