// The ml suite (target mve): every form of the ML instructions of isa/mve
// (VMAX/VMIN and their A, V, AV, NM, NMA, NMV, NMAV variants, the scalar
// VMAXNM/VMINNM, VMLADAV{A}{X}; the compares VCMP and VPT with its block,
// VPNOT, VCTP; the element-wise VADD, VSUB, VMUL, integer and floating-point,
// vector and scalar) run by our engine from the specs and by QEMU's
// Cortex-M55 on the same inputs and the same instruction words, compared bit
// for bit over the whole register state (Q0-Q7, FPSCR, VPR, R0-R12, LR).
//
// Case i of an operation is a pure function of (operation, i, seed): the
// registers named, the data (biased to each form's edge classes), FPSCR, P0,
// and whether a VPST or VPSTE block predicates the instruction. QEMU runs in
// batches (one image per run_range, src/verify/qemu_mve.hpp); where it is
// absent the expected states come from vectors recorded from QEMU
// (tests/vectors/mve/ml/<op>.txt, `mlisa verify --target mve --record DIR`).
// docs/mve.md ("The QEMU oracle") describes the suite.
#include "core/diag.hpp"
#include "spec/coverage.hpp"
#include "targets/machines.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"
#include "verify/campaign.hpp"
#include "verify/mve_cases.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/spec_coverage.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_map>

namespace mlisa::verify::mve {

using spec::Bits;

// ---- forms ----------------------------------------------------------------

std::vector<Form> ml_forms() {
  std::vector<Form> f;
  auto add = [&](const std::string& base, const std::string& dt, Shape s, const std::string& name = "") {
    const char type = dt[0];
    const int esize = std::stoi(dt.substr(1));
    f.push_back({name.empty() ? base + "." + dt : name, base, dt, s, type, esize});
  };
  const char* ints[] = {"s8", "s16", "s32", "u8", "u16", "u32"};
  const char* sints[] = {"s8", "s16", "s32"};
  const char* fps[] = {"f32", "f16"};
  for (const char* m : {"vmax", "vmin"})
    for (const char* dt : ints) add(m, dt, Shape::QQQ);
  for (const char* m : {"vmaxa", "vmina"})
    for (const char* dt : sints) add(m, dt, Shape::QQ);
  for (const char* m : {"vmaxv", "vminv"})
    for (const char* dt : ints) add(m, dt, Shape::RQ);
  for (const char* m : {"vmaxav", "vminav"})
    for (const char* dt : sints) add(m, dt, Shape::RQ);
  for (const char* m : {"vmaxnm", "vminnm"})
    for (const char* dt : fps) add(m, dt, Shape::QQQ);
  for (const char* m : {"vmaxnm", "vminnm"}) {
    add(m, "f16", Shape::SSS, std::string(m) + ".fp.f16");
    add(m, "f32", Shape::SSS, std::string(m) + ".fp.f32");
    add(m, "f64", Shape::DDD, std::string(m) + ".fp.f64");
  }
  for (const char* m : {"vmaxnma", "vminnma"})
    for (const char* dt : fps) add(m, dt, Shape::QQ);
  for (const char* m : {"vmaxnmv", "vminnmv", "vmaxnmav", "vminnmav"})
    for (const char* dt : fps) add(m, dt, Shape::RQ);
  for (const char* a : {"", "a"})
    for (const char* x : {"", "x"})
      for (const char* dt : ints) {
        if (x[0] && dt[0] == 'u') continue;  // VMLADAVX is signed only
        add(std::string("vmladav") + a + x, dt, Shape::RQQ);
      }
  // Compares and predicate writers, after the arithmetic forms so that their
  // operation numbers (which seed the cases) stay. The condition is drawn
  // per case among those of the type.
  for (const char* m : {"vcmp", "vpt"}) {
    const bool vpt = m[1] == 'p';
    for (const char* dt : {"i8", "i16", "i32", "u8", "u16", "u32", "s8", "s16", "s32", "f32", "f16"}) {
      add(m, dt, vpt ? Shape::VPTQ : Shape::CMPQ);
      add(m, dt, vpt ? Shape::VPTR : Shape::CMPR, std::string(m) + ".scalar." + dt);
    }
  }
  f.push_back({"vpnot", "vpnot", "", Shape::NONE, 'i', 8});
  for (int e : {8, 16, 32, 64}) f.push_back({fmt::format("vctp.{}", e), "vctp", std::to_string(e), Shape::R, 'i', e});
  // The element-wise arithmetic the programs around the ML instructions use,
  // after every form above so that their operation numbers stay: integer
  // (modulo 2^esize, sign-agnostic) and floating-point, each with a vector
  // and with a replicated general-purpose register second operand.
  for (const char* m : {"vadd", "vsub", "vmul"})
    for (const char* dt : {"i8", "i16", "i32", "f32", "f16"}) {
      add(m, dt, Shape::QQQ);
      add(m, dt, Shape::QQR, std::string(m) + ".scalar." + dt);
    }
  return f;
}

bool is_elementwise_arith(const Form& f) { return f.base == "vadd" || f.base == "vsub" || f.base == "vmul"; }

// ---- case generation --------------------------------------------------------

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

uint64_t mask_of(int esize) { return esize == 64 ? ~0ull : (1ull << esize) - 1; }

uint64_t int_lane(Rng& r, int e, bool extreme) {
  const uint64_t m = mask_of(e), min = 1ull << (e - 1), max = min - 1;
  const uint64_t edges[] = {0, 1, m, min, max, min + 1, max - 1, 2, m - 1, 0x55555555ull & m, 0xaaaaaaaaull & m};
  if (extreme ? !r.chance(4) : r.chance(8)) return edges[r.below(std::size(edges))];
  if (r.chance(4)) return (static_cast<uint64_t>(static_cast<int64_t>(r.below(9)) - 4)) & m;  // small
  return r.next() & m;
}

struct FpFormat {
  int e, frac, exp;
  uint64_t inf() const { return ((1ull << exp) - 1) << frac; }
  uint64_t quiet() const { return 1ull << (frac - 1); }
  uint64_t sign() const { return 1ull << (e - 1); }
};
FpFormat fp_format(int e) { return e == 16 ? FpFormat{16, 10, 5} : e == 32 ? FpFormat{32, 23, 8} : FpFormat{64, 52, 11}; }
uint64_t sign_bit(int e) { return fp_format(e).sign(); }

// The FP classes a case can lean to.
const char* const kFpClasses[] = {"random", "zero", "denormal", "inf", "qnan", "snan", "equal", "mixed"};
const char* const kIntClasses[] = {"random", "extreme", "equal"};

uint64_t fp_lane(Rng& r, int e, const std::string& cls) {
  const FpFormat f = fp_format(e);
  const uint64_t fm = (1ull << f.frac) - 1;
  const uint64_t sign = (r.next() & 1) ? f.sign() : 0;
  std::string kind = cls;
  if (cls == "random" || cls == "equal" || cls == "mixed" || r.chance(3)) {
    static const char* const kinds[] = {"zero", "denormal", "inf", "qnan", "snan", "normal", "normal", "normal",
                                        "one",  "extreme"};
    kind = cls == "random" && !r.chance(4) ? "normal" : kinds[r.below(std::size(kinds))];
  }
  if (kind == "zero") return sign;
  if (kind == "denormal") {
    const uint64_t pick = r.below(4);
    return sign | (pick == 0 ? 1 : pick == 1 ? fm : std::max<uint64_t>(1, r.next() & fm));
  }
  if (kind == "inf") return sign | f.inf();
  if (kind == "qnan") return sign | f.inf() | f.quiet() | (r.chance(3) ? 0 : r.next() & (f.quiet() - 1));
  if (kind == "snan") return sign | f.inf() | std::max<uint64_t>(1, r.next() & (f.quiet() - 1));
  if (kind == "one") return sign | (((1ull << (f.exp - 1)) - 1) << f.frac);
  if (kind == "extreme") {  // the largest and smallest normals
    return sign | (r.chance(2) ? (f.inf() - (1ull << f.frac)) | fm : (1ull << f.frac) | (r.chance(2) ? 0 : 1));
  }
  // A normal number, most near one so that max/min see close values.
  const uint64_t expv = r.chance(3) ? 1 + r.below((1ull << f.exp) - 2) : ((1ull << (f.exp - 1)) - 1) + r.below(5) - 2;
  return sign | (expv << f.frac) | (r.next() & fm);
}

bool is_nan(uint64_t v, int e) {
  const FpFormat f = fp_format(e);
  return (v & f.inf()) == f.inf() && (v & ((1ull << f.frac) - 1)) != 0;
}

// Lanes of the state's Q registers.
uint64_t get_lane(const State& s, int q, int lane, int e) {
  const int bit = lane * e;
  if (e == 64) return s.q[4 * q + bit / 32] | static_cast<uint64_t>(s.q[4 * q + bit / 32 + 1]) << 32;
  return (s.q[4 * q + bit / 32] >> (bit % 32)) & mask_of(e);
}
void set_lane(State& s, int q, int lane, int e, uint64_t v) {
  const int bit = lane * e;
  if (e == 64) {
    s.q[4 * q + bit / 32] = static_cast<uint32_t>(v);
    s.q[4 * q + bit / 32 + 1] = static_cast<uint32_t>(v >> 32);
    return;
  }
  uint32_t& w = s.q[4 * q + bit / 32];
  const uint32_t m = static_cast<uint32_t>(mask_of(e)) << (bit % 32);
  w = (w & ~m) | (static_cast<uint32_t>(v << (bit % 32)) & m);
}

std::string reg_name(char c, int n) {
  if (c == 'r' && n == 14) return "lr";
  return fmt::format("{}{}", c, n);
}

int pick_gpr(Rng& r) {  // R0-R12 or LR: R13 and R15 are CONSTRAINED UNPREDICTABLE
  const int n = static_cast<int>(r.below(14));
  return n == 13 ? 14 : n;
}

uint32_t random_fpscr(Rng& r) {
  // N Z C V QC AHP DN FZ RMode (31:22), FZ16 (19), LTPSIZE 4, the cumulative flags.
  uint32_t v = (static_cast<uint32_t>(r.next()) & 0xffc80000u) | 0x00040000u;
  if (r.chance(2)) v |= static_cast<uint32_t>(r.next()) & 0x9fu;
  return v;
}

uint32_t random_p0(Rng& r, int esize) {
  switch (r.below(6)) {
    case 0: return 0xffff;
    case 1: return 0;
    case 2: return static_cast<uint32_t>(r.next()) & 0xffff;  // any bytes, lanes not uniform
    default: {  // lane-uniform
      uint32_t p = 0;
      const int bytes = esize / 8;
      for (int lane = 0; lane < 16 / bytes; ++lane)
        if (r.next() & 1) p |= ((1u << bytes) - 1) << (lane * bytes);
      return p;
    }
  }
}

GenCase generate(const Form& f, uint64_t index, uint64_t seed, size_t op) {
  Rng r{mix(seed * 0x100000001b3ull ^ mix(index) ^ (static_cast<uint64_t>(op) << 48) ^ 0x6d7665)};
  GenCase g;
  const auto& classes = f.fp() ? std::vector<std::string>(std::begin(kFpClasses), std::end(kFpClasses))
                               : std::vector<std::string>(std::begin(kIntClasses), std::end(kIntClasses));
  g.cls = classes[index % classes.size()];
  State& s = g.c.in;
  // Every Q register full of lanes of the form's size and class.
  for (int q = 0; q < 8; ++q)
    for (int lane = 0; lane < 128 / f.esize; ++lane)
      set_lane(s, q, lane, f.esize,
               f.fp() ? fp_lane(r, f.esize, g.cls) : int_lane(r, f.esize, g.cls == "extreme"));
  if (f.shape == Shape::SSS && f.esize == 16)  // the upper halves of S registers hold anything
    for (int n = 0; n < 32; ++n) s.q[n] = (s.q[n] & 0xffffu) | (static_cast<uint32_t>(r.next()) << 16);
  for (auto& reg : s.r) reg = static_cast<uint32_t>(r.next());
  s.fpscr = random_fpscr(r);
  s.vpr = random_p0(r, f.esize);

  std::string ops;
  int n = 0, m = 0;
  auto copy_equal = [&](int from, int to) {  // "equal": lanes of `to` equal (or the negation of) `from`
    if (g.cls != "equal") return;
    const int lanes = f.shape == Shape::SSS || f.shape == Shape::DDD ? 1 : 128 / f.esize;
    for (int lane = 0; lane < lanes; ++lane) {
      if (r.chance(3)) continue;
      uint64_t v = get_lane(s, from, lane, f.esize);
      if (f.fp() && r.chance(3)) v ^= fp_format(f.esize).sign();
      set_lane(s, to, lane, f.esize, v);
    }
  };
  auto cond = [&]() -> std::string {
    static const char* const i[] = {"eq", "ne"};
    static const char* const u[] = {"cs", "hi"};
    static const char* const sg[] = {"ge", "lt", "gt", "le"};
    static const char* const fl[] = {"eq", "ne", "ge", "lt", "gt", "le"};
    switch (f.type) {
      case 'i': return i[r.below(2)];
      case 'u': return u[r.below(2)];
      case 's': return sg[r.below(4)];
      default: return fl[r.below(6)];
    }
  };
  // The scalar operand of a compare: R0-R12, LR or (one in six) ZR, its low
  // element of the class, or a lane of Qn for "equal".
  auto scalar = [&](int qn) -> std::string {
    if (r.chance(6)) return "zr";
    const int rm = pick_gpr(r);
    uint32_t& rv = s.r[rm == 14 ? 13 : rm];
    const uint64_t em = mask_of(f.esize);
    uint64_t low = f.fp() ? fp_lane(r, f.esize, g.cls) : int_lane(r, f.esize, g.cls == "extreme");
    if (g.cls == "equal") low = get_lane(s, qn, static_cast<int>(r.below(128 / f.esize)), f.esize);
    const uint32_t upper = r.chance(3) ? 0 : r.chance(2) ? ~0u : static_cast<uint32_t>(r.next());
    rv = f.esize < 32 ? (upper & ~static_cast<uint32_t>(em)) | static_cast<uint32_t>(low) : static_cast<uint32_t>(low);
    g.reads.push_back(reg_name('r', rm));
    return reg_name('r', rm);
  };
  switch (f.shape) {
    case Shape::CMPQ:
    case Shape::VPTQ:
    case Shape::CMPR:
    case Shape::VPTR: {
      n = static_cast<int>(r.below(8));
      g.reads = {reg_name('q', n)};
      std::string second;
      if (f.shape == Shape::CMPQ || f.shape == Shape::VPTQ) {
        m = g.cls == "equal" && r.chance(3) ? n : static_cast<int>(r.below(8));
        copy_equal(n, m);
        g.reads.push_back(reg_name('q', m));
        second = reg_name('q', m);
      } else {
        second = scalar(n);
      }
      ops = fmt::format("{}, q{}, {}", cond(), n, second);
      break;
    }
    case Shape::NONE: break;
    case Shape::R: {
      const int rn = pick_gpr(r);
      const uint32_t lanes = 128u / static_cast<uint32_t>(f.esize);
      const uint32_t counts[] = {0, 1, lanes - 1, lanes, lanes + 1, 0x80000000u, 0xffffffffu};
      uint32_t& rv = s.r[rn == 14 ? 13 : rn];
      rv = r.chance(2) ? counts[r.below(std::size(counts))]
           : r.chance(2) ? static_cast<uint32_t>(r.below(2 * lanes + 2)) : static_cast<uint32_t>(r.next());
      ops = reg_name('r', rn);
      g.reads = {reg_name('r', rn)};
      break;
    }
    case Shape::QQQ: {
      const int d = static_cast<int>(r.below(8));
      n = static_cast<int>(r.below(8));
      m = g.cls == "equal" && r.chance(3) ? n : static_cast<int>(r.below(8));
      copy_equal(n, m);
      ops = fmt::format("q{}, q{}, q{}", d, n, m);
      g.reads = {reg_name('q', n), reg_name('q', m), reg_name('q', d)};
      g.writes = {reg_name('q', d)};
      break;
    }
    case Shape::QQR: {  // Rm is never ZR here: R0-R12 or LR (R13 and R15 are CONSTRAINED UNPREDICTABLE)
      const int d = static_cast<int>(r.below(8));
      n = static_cast<int>(r.below(8));
      g.reads = {reg_name('q', n)};
      std::string rm;
      do rm = scalar(n);
      while (rm == "zr");
      ops = fmt::format("q{}, q{}, {}", d, n, rm);
      if (std::find(g.reads.begin(), g.reads.end(), reg_name('q', d)) == g.reads.end()) g.reads.push_back(reg_name('q', d));
      g.writes = {reg_name('q', d)};
      break;
    }
    case Shape::QQ: {
      const int d = static_cast<int>(r.below(8));
      m = g.cls == "equal" && r.chance(3) ? d : static_cast<int>(r.below(8));
      copy_equal(d, m);
      ops = fmt::format("q{}, q{}", d, m);
      g.reads = {reg_name('q', d), reg_name('q', m)};
      g.writes = {reg_name('q', d)};
      break;
    }
    case Shape::RQ: {
      const int da = pick_gpr(r);
      m = static_cast<int>(r.below(8));
      uint32_t& rv = s.r[da == 14 ? 13 : da];
      const uint64_t em = mask_of(f.esize);
      uint64_t low = f.fp() ? fp_lane(r, f.esize, g.cls) : int_lane(r, f.esize, g.cls == "extreme");
      if (g.cls == "equal") low = get_lane(s, m, static_cast<int>(r.below(128 / f.esize)), f.esize);
      if (f.esize < 32) {
        const uint32_t upper = r.chance(3) ? 0 : r.chance(2) ? ~0u : static_cast<uint32_t>(r.next());
        rv = (upper & ~static_cast<uint32_t>(em)) | static_cast<uint32_t>(low);
      } else {
        rv = static_cast<uint32_t>(low);
      }
      ops = fmt::format("{}, q{}", reg_name('r', da), m);
      g.reads = {reg_name('r', da), reg_name('q', m)};
      g.writes = {reg_name('r', da)};
      break;
    }
    case Shape::RQQ: {
      const int da = 2 * static_cast<int>(r.below(7));
      n = static_cast<int>(r.below(8));
      m = g.cls == "equal" && r.chance(3) ? n : static_cast<int>(r.below(8));
      copy_equal(n, m);
      static const uint32_t acc[] = {0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu};
      if (r.chance(3)) s.r[da] = acc[r.below(std::size(acc))];
      ops = fmt::format("r{}, q{}, q{}", da, n, m);
      g.reads = {reg_name('r', da), reg_name('q', n), reg_name('q', m)};
      g.writes = {reg_name('r', da)};
      break;
    }
    case Shape::SSS:
    case Shape::DDD: {
      const bool dbl = f.shape == Shape::DDD;
      const int count = dbl ? 16 : 32;
      const int d = static_cast<int>(r.below(count));
      n = static_cast<int>(r.below(count));
      m = g.cls == "equal" && r.chance(3) ? n : static_cast<int>(r.below(count));
      if (g.cls == "equal" && m != n && !r.chance(3)) {
        // Registers as lanes: S[k] is word k of the Q file, D[k] doubleword k.
        const int e = dbl ? 64 : 32;
        uint64_t v = get_lane(s, n / (128 / e), n % (128 / e), e);
        if (r.chance(3)) v ^= fp_format(f.esize).sign();
        set_lane(s, m / (128 / e), m % (128 / e), e, v);
      }
      const char c = dbl ? 'd' : 's';
      ops = fmt::format("{}, {}, {}", reg_name(c, d), reg_name(c, n), reg_name(c, m));
      g.reads = {reg_name(c, n), reg_name(c, m), reg_name(c, d)};
      g.writes = {reg_name(c, d)};
      break;
    }
  }
  g.reads.push_back("fpscr");
  g.reads.push_back("vpr");
  g.writes.push_back("fpscr");
  g.writes.push_back("vpr");
  // Predication: VPST (one instruction, then) or VPSTE (the same
  // instruction twice, the second on the inverted predicate).
  std::string block;
  if (f.predicable()) {
    const uint64_t p = r.below(8);
    block = p < 2 ? "vpst" : p == 2 ? "vpste" : "";
  }
  if (f.vpt()) {
    // VPT with a mask of one to four instructions and the block: VMAX (of
    // the compare's signedness) or VMAXNM, then or else, on random registers.
    static const char* const masks[] = {"",    "t",   "e",   "tt",  "te",  "et",  "ee", "ttt",
                                        "tte", "tet", "tee", "ett", "ete", "eet", "eee"};
    const std::string mask = masks[r.below(std::size(masks))];
    g.text = "vpt" + mask + "." + f.dt + " " + ops;
    const std::string body = f.fp() ? "vmaxnm" : "vmax";
    const std::string bdt = f.fp() ? f.dt : std::string(1, f.type == 'u' ? 'u' : 's') + f.dt.substr(1);
    for (char c : "t" + mask) {
      const int d = static_cast<int>(r.below(8)), a = static_cast<int>(r.below(8)), b = static_cast<int>(r.below(8));
      g.text += fmt::format("; {}{}.{} q{}, q{}, q{}", body, c, bdt, d, a, b);
      for (int k : {a, b, d})
        if (std::find(g.reads.begin(), g.reads.end(), reg_name('q', k)) == g.reads.end()) g.reads.push_back(reg_name('q', k));
      if (std::find(g.writes.begin(), g.writes.end(), reg_name('q', d)) == g.writes.end())
        g.writes.insert(g.writes.begin(), reg_name('q', d));
    }
    g.cls += "+vpt" + mask;
    return g;
  }
  const std::string insn = f.base + "%s" + (f.dt.empty() ? "" : "." + f.dt) + (ops.empty() ? "" : " " + ops);
  auto with = [&](const char* v) {
    std::string t = insn;
    t.replace(t.find("%s"), 2, v);
    return t;
  };
  if (block.empty())
    g.text = with("");
  else if (block == "vpst")
    g.text = "vpst; " + with("t");
  else
    g.text = "vpste; " + with("t") + "; " + with("e");
  if (!block.empty()) g.cls += "+" + block;
  return g;
}

bool nan_in(const Form& f, const GenCase& g, const State& s) {
  if (!f.fp()) return false;
  for (const std::string& reg : g.reads) {
    if (reg == "fpscr" || reg == "vpr") continue;
    const int k = reg == "lr" ? 14 : std::stoi(reg.substr(1));
    if (reg[0] == 'q') {
      for (int lane = 0; lane < 128 / f.esize; ++lane)
        if (is_nan(get_lane(s, k, lane, f.esize), f.esize)) return true;
    } else if (reg[0] == 's' || reg[0] == 'd') {
      const int e = reg[0] == 'd' ? 64 : 32;
      if (is_nan(get_lane(s, k / (128 / e), k % (128 / e), e) & mask_of(f.esize), f.esize)) return true;
    } else if (reg[0] == 'r' || reg == "lr") {
      if (is_nan(s.r[k == 14 ? 13 : k] & mask_of(f.esize), f.esize)) return true;
    }
  }
  return false;
}

// ---- register names over a State ---------------------------------------------

std::string value_of(const State& s, const std::string& reg) {
  if (reg == "fpscr") return fmt::format("0x{:08x}", s.fpscr);
  if (reg == "vpr") return fmt::format("0x{:08x}", s.vpr);
  if (reg == "lr") return fmt::format("0x{:08x}", s.r[13]);
  if (reg == "apsr") return fmt::format("0x{:08x}", s.apsr);
  if (reg == "pc") return fmt::format("0x{:08x}", s.pc);
  if (reg.rfind("mem", 0) == 0) return fmt::format("0x{:08x}", s.mem[static_cast<size_t>(std::stoi(reg.substr(3)))]);
  const int k = std::stoi(reg.substr(1));
  switch (reg[0]) {
    case 'r': return fmt::format("0x{:08x}", s.r[static_cast<size_t>(k)]);
    case 's': return fmt::format("0x{:08x}", s.q[static_cast<size_t>(k)]);
    case 'd': return fmt::format("0x{:08x}{:08x}", s.q[2 * k + 1], s.q[2 * k]);
    default:
      return fmt::format("0x{:08x}{:08x}{:08x}{:08x}", s.q[4 * k + 3], s.q[4 * k + 2], s.q[4 * k + 1], s.q[4 * k]);
  }
}

// Every register of a State, in table order.
std::vector<std::string> all_registers() {
  std::vector<std::string> names;
  for (int q = 0; q < 8; ++q) names.push_back(reg_name('q', q));
  names.push_back("fpscr");
  names.push_back("vpr");
  for (int r = 0; r < 13; ++r) names.push_back(reg_name('r', r));
  names.push_back("lr");
  names.push_back("apsr");
  for (int w = 0; w < 16; ++w) names.push_back(fmt::format("mem{}", w));
  names.push_back("pc");  // where a landing-zone case ended (0 otherwise)
  return names;
}

// Sets a register of a State from full-width hex digits; false if malformed.
bool set_value(State& s, const std::string& reg, const std::string& hex) {
  if (hex.rfind("0x", 0) != 0) return false;
  const std::string digits = hex.substr(2);
  const size_t words = reg[0] == 'q' ? 4 : 1;
  if (digits.size() != 8 * words) return false;
  std::vector<uint32_t> w(words);
  for (size_t i = 0; i < words; ++i) {
    uint32_t v = 0;
    for (char c : digits.substr(8 * (words - 1 - i), 8)) {
      const int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
      if (d < 0) return false;
      v = v << 4 | static_cast<uint32_t>(d);
    }
    w[i] = v;
  }
  if (reg == "fpscr") s.fpscr = w[0];
  else if (reg == "vpr") s.vpr = w[0];
  else if (reg == "lr") s.r[13] = w[0];
  else if (reg == "apsr") s.apsr = w[0];
  else if (reg == "pc") s.pc = w[0];
  else if (reg.rfind("mem", 0) == 0) s.mem[static_cast<size_t>(std::stoi(reg.substr(3)))] = w[0];
  else if (reg[0] == 'r') s.r[static_cast<size_t>(std::stoi(reg.substr(1)))] = w[0];
  else if (reg[0] == 'q')
    for (size_t i = 0; i < 4; ++i) s.q[4 * static_cast<size_t>(std::stoi(reg.substr(1))) + i] = w[i];
  else return false;
  return true;
}

// ---- our side ---------------------------------------------------------------

// Through the machine interface (sim/machine.hpp): registers by name, the
// memory window in one access; the words run at the PC by mve's own machine.
Ours run_ours(targets::MveMachine& machine, const qemu_mve::Case& c) {
  machine.reset();
  const State& in = c.in;
  for (int q = 0; q < 8; ++q) {
    Bits v = Bits::zeros(128);
    for (int k = 0; k < 4; ++k) v.set_slice(32 * static_cast<uint32_t>(k), Bits(32, in.q[4 * q + k]));
    machine.set(reg_name('q', q), v);
  }
  machine.set("fpscr", Bits(32, in.fpscr));
  machine.set("vpr", Bits(32, in.vpr));
  for (int r = 0; r < 14; ++r) machine.set(reg_name('r', r == 13 ? 14 : r), Bits(32, in.r[static_cast<size_t>(r)]));
  machine.set("apsr", Bits(32, in.apsr & qemu_mve::kApsrMask));
  machine.set("sp", Bits(32, c.sp));
  // CONTROL as the image's cases find it: FPCA and SFPA set by its FP
  // instructions (QEMU's AN547 runs Secure: docs/known-differences.md).
  machine.set("control", Bits(32, 0xC));
  std::vector<uint8_t> window(4 * std::size(in.mem));
  for (size_t k = 0; k < window.size(); ++k) window[k] = static_cast<uint8_t>(in.mem[k / 4] >> (8 * (k % 4)));
  machine.write_memory(qemu_mve::kWindow, window);
  if (c.pc) {  // a landing-zone case: the zone's traps around the words, the PC at them
    std::vector<uint8_t> zone;
    zone.reserve(qemu_mve::kZoneBytes);
    for (uint32_t a = qemu_mve::kZone; a < qemu_mve::kZone + qemu_mve::kZoneBytes; a += 2) {
      const uint32_t h = qemu_mve::zone_halfword(a);
      zone.push_back(static_cast<uint8_t>(h));
      zone.push_back(static_cast<uint8_t>(h >> 8));
    }
    machine.write_memory(qemu_mve::kZone, zone);
    std::vector<uint8_t> code;
    for (uint32_t w : c.words)
      for (uint8_t b : targets::mve::t32_bytes(w < 0x10000 ? Bits(16, w) : Bits(32, w))) code.push_back(b);
    machine.write_memory(c.pc, code);
    machine.set("pc", Bits(32, c.pc));
  }
  Ours o;
  try {
    for (uint32_t w : c.words) machine.raw().execute(w < 0x10000 ? Bits(16, w) : Bits(32, w));
    // A branch to an even address clears EPSR.T: the instruction there
    // takes the UsageFault.
    if (c.pc && !(machine.get("epsr").low64() >> 24 & 1))
      throw Fault("UsageFault (INVSTATE)", fmt::format("branched to 0x{:08x} with EPSR.T clear", machine.get("pc").low64()));
  } catch (const Fault& e) {
    o.faulted = true;
    o.fault = e.what();
    o.fault_name = e.fault_name();
    return o;
  }
  if (c.pc) o.out.pc = static_cast<uint32_t>(machine.get("pc").low64());
  for (int q = 0; q < 8; ++q) {
    const Bits v = machine.get(reg_name('q', q));
    for (int k = 0; k < 4; ++k) o.out.q[4 * q + k] = static_cast<uint32_t>(v.slice(32 * static_cast<uint32_t>(k), 32).low64());
  }
  o.out.fpscr = static_cast<uint32_t>(machine.get("fpscr").low64());
  o.out.vpr = static_cast<uint32_t>(machine.get("vpr").low64());
  for (int r = 0; r < 14; ++r)
    o.out.r[static_cast<size_t>(r)] = static_cast<uint32_t>(machine.get(reg_name('r', r == 13 ? 14 : r)).low64());
  o.out.apsr = static_cast<uint32_t>(machine.get("apsr").low64()) & qemu_mve::kApsrMask;
  window = machine.read_memory(qemu_mve::kWindow, window.size());
  for (size_t k = 0; k < window.size(); ++k) o.out.mem[k / 4] |= uint32_t{window[k]} << (8 * (k % 4));
  return o;
}

// ---- stored vectors -------------------------------------------------------------

uint32_t input_hash(const qemu_mve::Case& c) {
  uint8_t buf[qemu_mve::kStateBytes];
  qemu_mve::pack(c.in, buf);
  uint32_t h = 2166136261u;
  auto eat = [&](uint8_t b) { h = (h ^ b) * 16777619u; };
  for (uint8_t b : buf) eat(b);
  for (uint32_t w : c.words)
    for (int i = 0; i < 4; ++i) eat(static_cast<uint8_t>(w >> (8 * i)));
  return h;
}

// A line of a vectors file: "INDEX HASH" then the registers QEMU changed
// ("q0=0x... fpscr=0x...") or "fault exception=N cfsr=0x...".
std::string vector_line(uint64_t index, const qemu_mve::Case& c, const qemu_mve::Result& q) {
  std::string line = fmt::format("{} {:08x}", index, input_hash(c));
  if (q.faulted) return line + fmt::format(" fault exception={} cfsr=0x{:08x}", q.exception, q.cfsr);
  for (const std::string& reg : all_registers())
    if (value_of(q.out, reg) != value_of(c.in, reg)) line += " " + reg + "=" + value_of(q.out, reg);
  return line;
}

// ---- the suite ------------------------------------------------------------------

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Why the exception QEMU took (its number, from IPSR in the handler, and
// CFSR) is not the fault ours names ("" when it is, or when the name is not
// one this knows). QEMU's board leaves UsageFault, BusFault and MemManage
// disabled (SHCSR), so they reach the handler escalated to HardFault (3).
std::string fault_differs(const std::string& name, uint32_t exception, uint32_t cfsr) {
  static const std::map<std::string, std::pair<uint32_t, uint32_t>> kFaults = {
      {"SVCall", {11, 0}},
      {"HardFault (DEBUGEVT)", {3, 0}},
      {"UsageFault (UNDEFINSTR)", {6, 1u << 16}},
      {"UsageFault (INVSTATE)", {6, 1u << 17}},
      {"UsageFault (INVPC)", {6, 1u << 18}},
      {"UsageFault (NOCP)", {6, 1u << 19}},
      {"UsageFault (STKOF)", {6, 1u << 20}},
      {"UsageFault (UNALIGNED)", {6, 1u << 24}},
      {"UsageFault (DIVBYZERO)", {6, 1u << 25}},
      {"BusFault (IBUSERR)", {5, 1u << 8}},
      {"BusFault (PRECISERR)", {5, 1u << 9}}};
  const auto it = kFaults.find(name);
  if (it == kFaults.end()) return "";
  const auto [number, bit] = it->second;
  const bool escalates = number >= 4 && number <= 6;
  if (exception != number && !(escalates && exception == 3)) return fmt::format("expected exception {}", number);
  if (bit && !(cfsr & bit)) return fmt::format("expected CFSR bit 0x{:08x}", bit);
  return "";
}

// The items of a vectors line: the registers QEMU changed, or "fault" and
// its exception and CFSR.
std::string check_items(const std::vector<std::string>& items) {
  for (const std::string& item : items)
    if (item != "fault" && item.find('=') == std::string::npos) return fmt::format("malformed item '{}'", item);
  return "";
}

OracleSuite::OracleSuite(std::string name, std::string description)
    : name_(std::move(name)), description_(std::move(description)), vectors_("mve", name_, 8, check_items) {}
OracleSuite::~OracleSuite() = default;

bool OracleSuite::set_option(const std::string& key, const std::string& value) {
  if (options_.set(key, value)) return true;
  if (key == "spec-dir") {
    spec_dir_ = value;
    return true;
  }
  return false;
}

CaseOutcome OracleSuite::run_case(size_t op, uint64_t index, uint64_t seed) const {
  struct One : CaseSink {
    CaseOutcome o;
    void record(size_t, uint64_t, const CaseOutcome& out) override { o = out; }
  } sink;
  run_range(op, index, index + 1, seed, sink);
  return sink.o;
}

void OracleSuite::run_range(size_t op, uint64_t begin, uint64_t end, uint64_t seed, CaseSink& sink) const {
  if (op >= operations().size()) throw std::out_of_range("no such operation");
  const targets::mve::Target& t = shared_target();
  as::WordIsa isa(*t.spec, targets::all_builtins(), targets::mve::t32_rules());
  isa.features().insert(targets::mve::kImplementedFeatures.begin(), targets::mve::kImplementedFeatures.end());
  targets::MveMachine machine(isa);
  machine.raw().engine().coverage = sink.coverage();

  std::vector<GenCase> cases;
  cases.reserve(end - begin);
  std::vector<qemu_mve::Case> batch;
  std::vector<uint64_t> index_of;  // the case index of each in the batch
  for (uint64_t i = begin; i < end; ++i) {
    GenCase g = make_case(op, i, seed);
    if (!g.unrunnable.empty()) {
      // The operation has no case to run: each case of the range fails with
      // the reason, or passes when its words are another operation's.
      for (uint64_t k = begin; k < end; ++k) sink.record(op, k, CaseOutcome{g.alias, false, g.cls, g.unrunnable});
      return;
    }
    if (!g.checked.empty()) {  // checked without QEMU (the isa suite's Security Extension encodings)
      sink.record(op, i, CaseOutcome{g.checked_ok, false, g.cls, g.checked});
      continue;
    }
    // A case that brings its words (the isa suite) runs them as they are;
    // the others are assembled from their text ("a; b").
    if (g.c.words.empty()) {
      size_t start = 0;
      for (size_t k = 0; k <= g.text.size(); ++k)
        if (k == g.text.size() || g.text[k] == ';') {
          std::string one = g.text.substr(start, k - start);
          while (!one.empty() && one.front() == ' ') one.erase(0, 1);
          g.c.words.push_back(static_cast<uint32_t>(isa.assemble(one).word.low64()));
          start = k + 1;
        }
    }
    batch.push_back(g.c);
    cases.push_back(std::move(g));
    index_of.push_back(i);
  }

  const std::string oracle = resolved_oracle();
  std::vector<qemu_mve::Result> expected;
  if (oracle == "qemu") {
    std::string why;
    auto tools = qemu_mve::find_tools(&why);
    if (!tools) throw qemu_mve::OracleError(fmt::format("the QEMU oracle cannot run: {}", why));
    expected = qemu_mve::run(*tools, batch);
  } else {
    expected = stored_results(op, begin, batch, seed);
  }
  for (size_t k = 0; k < cases.size(); ++k)
    sink.record(op, index_of[k], compare(cases[k], run_ours(machine, cases[k].c), expected[k], seed, oracle));
  if (!options_.record_dir().empty()) record(op, begin, batch, expected, seed);
}

const targets::mve::Target& OracleSuite::shared_target() const {
  std::call_once(load_once_, [&] {
    target_ = targets::mve::load(spec_dir_.empty() ? std::nullopt : std::optional<std::string>(spec_dir_),
                                 targets::mve::kImplementedFeatures);
  });
  return target_;
}

std::string OracleSuite::resolved_oracle() const {
  return options_.resolve([] { return qemu_mve::find_tools().has_value(); });
}

std::vector<qemu_mve::Result> OracleSuite::stored_results(size_t op, uint64_t begin, const std::vector<qemu_mve::Case>& batch,
                                                          uint64_t seed) const {
  const std::string name = operations()[op];
  const std::string path = vectors_.path(options_.vectors_dir(), name);
  std::vector<qemu_mve::Result> out;
  for (size_t k = 0; k < batch.size(); ++k) {
    qemu_mve::Result r;
    r.out = batch[k].in;
    for (const std::string& item :
         vectors_.items(options_.vectors_dir(), op, name, begin + k, seed, input_hash(batch[k]))) {
      if (item == "fault") {
        r.faulted = true;
        continue;
      }
      const size_t eq = item.find('=');
      const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
      if (key == "exception") r.exception = static_cast<uint32_t>(std::stoul(value));
      else if (key == "cfsr") r.cfsr = static_cast<uint32_t>(std::stoul(value, nullptr, 16));
      else if (!set_value(r.out, key, value))
        throw qemu_mve::OracleError(fmt::format("{}: case {}: malformed {}={}", path, begin + k, key, value));
    }
    out.push_back(r);
  }
  return out;
}

void OracleSuite::record(size_t op, uint64_t begin, const std::vector<qemu_mve::Case>& batch,
                         const std::vector<qemu_mve::Result>& results, uint64_t seed) const {
  std::vector<std::pair<uint64_t, std::string>> lines;
  for (size_t k = 0; k < batch.size(); ++k) lines.emplace_back(begin + k, vector_line(begin + k, batch[k], results[k]));
  vectors_.record(options_.record_dir(), op, operations()[op], seed,
                  "index, hash of the inputs and words, the registers QEMU changed (or a fault)", lines);
}

CaseOutcome OracleSuite::compare(const GenCase& g, const Ours& ours, const qemu_mve::Result& q, uint64_t seed,
                    const std::string& oracle) const {
  CaseOutcome out;
  out.operand_class = g.cls;
  out.nan_case = g.nan;
  const char* who = oracle == "qemu" ? "QEMU" : "QEMU (stored)";
  // The manual lets an UNPREDICTABLE operation do anything: nothing to compare.
  if (ours.faulted && (ours.fault_name == "UNPREDICTABLE" || ours.fault_name == "CONSTRAINED UNPREDICTABLE")) {
    out.passed = true;
    out.detail = fmt::format("'{}': {} in the manual, not compared ({})", g.text, ours.fault_name, ours.fault);
    return out;
  }
  std::string inputs, sets;
  if (g.c.pc) sets += fmt::format(" --at 0x{:08x}", g.c.pc);  // a landing-zone case: where it ran
  for (const std::string& reg : g.reads) {
    inputs += fmt::format(" {}={}", reg, value_of(g.c.in, reg));
    sets += fmt::format(" --set {}={}", reg, value_of(g.c.in, reg));
  }
  if (ours.faulted || q.faulted) {
    // A pseudocode error (an index out of range, ...) is ours, whatever QEMU did.
    out.passed = ours.faulted && q.faulted && ours.fault_name != "execution error";
    const std::string unlike = out.passed ? fault_differs(ours.fault_name, q.exception, q.cfsr) : "";
    if (!unlike.empty()) {
      out.passed = false;
      out.detail = fmt::format("'{}' (seed {}): inputs{}; ours took {}, {} exception {} with CFSR 0x{:08x} ({}); ours: "
                               "mlisa exec --target mve{} {}",
                               g.text, seed, inputs, ours.fault_name, who, q.exception, q.cfsr, unlike, sets, quote(g.text));
      return out;
    }
    if (out.passed)
      out.detail = fmt::format("'{}' (seed {}): ours took {}, {} exception {} with CFSR 0x{:08x}", g.text, seed,
                               ours.fault_name, who, q.exception, q.cfsr);
    if (!out.passed)
      out.detail = ours.faulted && q.faulted
                       ? fmt::format("'{}': ours stopped with an error of its pseudocode ({})", g.text, ours.fault)
                   : ours.faulted ? fmt::format("'{}': ours faulted ({}), {} did not", g.text, ours.fault, who)
                                : fmt::format("'{}': {} faulted (exception {}, CFSR 0x{:08x}), ours did not", g.text,
                                              who, q.exception, q.cfsr);
    return out;
  }
  out.passed = ours.out == q.out;
  std::string differ, shows;
  std::vector<std::string> show = g.writes;
  for (const std::string& reg : all_registers())
    if (value_of(ours.out, reg) != value_of(q.out, reg)) {
      differ += fmt::format(" {}: ours {} {} {}", reg, value_of(ours.out, reg), who, value_of(q.out, reg));
      if (std::find(show.begin(), show.end(), reg) == show.end()) show.push_back(reg);
    }
  for (const std::string& reg : show) shows += " --show " + reg;
  std::string both;  // a passing case (mlisa verify --case shows it): the results both sides agree on
  if (out.passed)
    for (const std::string& reg : g.writes) both += fmt::format(" {}={}", reg, value_of(q.out, reg));
  out.detail = fmt::format("'{}' (seed {}): inputs{}; {}{}; ours: mlisa exec --target mve{}{} {}", g.text, seed,
                           inputs, out.passed ? "ours and QEMU:" : "differ:", out.passed ? both : differ, sets,
                           shows, quote(g.text));
  return out;
}

namespace {

// The ml suite: one form per operation, one instruction (or a VPST/VPT block
// around it) per case.
class MlSuite final : public OracleSuite {
 public:
  MlSuite() : OracleSuite("ml",
                          "mve ML instructions (VMAX/VMIN families, VMAXNM/VMINNM, VMLADAV, VCMP/VPT, VPNOT, VCTP, VADD/VSUB/VMUL): our "
                          "engine vs QEMU's Cortex-M55 (or its recorded results), whole register state bit for bit"),
              forms_(ml_forms()) {}

  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const Form& f : forms_) names.push_back(f.name);
    return names;
  }
  // 1,000 cases per form (155,000 in all), one QEMU image per form: 15 s
  // for the first 125 forms with --jobs 2 on the 2-core development
  // machine, 7 s from the stored results; all 155, 57 s and 36 s while
  // other builds shared it.
  uint64_t default_cases() const override { return 1000; }

  bool has_coverage() const override { return true; }
  CoverageCounts coverage_of(size_t op, const spec::Coverage& coverage) const override {
    if (op >= forms_.size()) return {};
    const targets::mve::Target& t = shared_target();
    std::lock_guard lock(mutex_);
    const GenCase g = generate(forms_[op], 0, 1, op);
    std::string text = forms_[op].vpt() ? g.text.substr(0, g.text.find(';'))
                       : g.text.substr(g.text.rfind(';') == std::string::npos ? 0 : g.text.rfind(';') + 2);
    const auto a = t.isa->assemble(text);
    return coverage_counts(coverage, {&a.enc->decode, &a.enc->operation}, t.spec->sources());
  }

 protected:
  GenCase make_case(size_t op, uint64_t index, uint64_t seed) const override {
    GenCase g = generate(forms_[op], index, seed, op);
    g.nan = nan_in(forms_[op], g, g.c.in);
    return g;
  }

 private:
  std::vector<Form> forms_;
  mutable std::mutex mutex_;
};

}  // namespace
}  // namespace mlisa::verify::mve

namespace mlisa::verify {

std::unique_ptr<Suite> make_mve_ml_suite() { return std::make_unique<mve::MlSuite>(); }

}  // namespace mlisa::verify
