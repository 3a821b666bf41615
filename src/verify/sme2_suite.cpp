// The za suite (target sme2): the ZA-targeting BF16 and FP16 instructions of
// isa/sme2, and the BF16 instructions that write Z registers, run by our engine from the specs, each case at one streaming
// vector length (128 to 2048), checked against an oracle we did not write:
//
// - QEMU (qemu-aarch64 -cpu max, src/verify/qemu_sme2.hpp), bit for bit:
//   BFMOPA and BFMOPS (widening) against QEMU's SME BFMOPA/BFMOPS on the same
//   instruction word (the tile's rows and FPSR), and the single-vector BFMLAL
//   against QEMU's SVE BFMLALB and BFMLALT on the same data (BFMLAL writes the
//   products of the even elements to the first vector of its pair and those
//   of the odd elements to the second). The SVE forms honour FPCR.DN and
//   record flags, the SME form generates default NaNs and records none: QEMU
//   runs them with FPCR.DN = 1, and their FPSR is not compared (docs/sme2.md).
//   Where QEMU is absent, its results come from vectors recorded from it
//   (tests/vectors/sme2/za/<op>.txt: a digest of QEMU's outputs per case).
// - MPFR (src/verify/fp_reference.hpp): every other BFMLAL, BFMLSL, FMLAL and
//   FMLSL form, element by element, addend ± a·b rounded once by FPCR.RMode
//   with FZ (FZ16 for the half-precision sources) and default NaNs.
//
// Case i of an operation is a pure function of (operation, i, seed).
#include "core/diag.hpp"
#include "core/hash.hpp"
#include "core/number_parse.hpp"
#include "targets/machines.hpp"
#include "targets/sme2/a64_rules.hpp"
#include "targets/targets.hpp"
#include "verify/campaign.hpp"
#include "verify/fp_reference.hpp"
#include "verify/oracle_suite.hpp"
#include "verify/qemu_sme2.hpp"
#include "verify/suite.hpp"

#include <algorithm>
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <tuple>
#include <unordered_map>


namespace mlisa::verify {
namespace {

using spec::Bits;
using Bytes = std::vector<uint8_t>;

// ---- forms ------------------------------------------------------------------

// QemuSame: the same instruction word under QEMU (SVE's BF16 instructions on
// Z registers); QemuConvert: SME2's BFCVT and BFCVTN as SVE BFCVT and
// BFCVTNT under QEMU.
// QemuGroups: each ZA single-vector group of FMLA, FMLS, FADD or FSUB as the
// SVE instruction into a Z register, FPCR.DN set and FPSR not compared (the
// SVE forms record flags).
enum class Check { QemuBfmlal, QemuMopa, QemuBfdot, QemuSame, QemuConvert, QemuGroups, Mpfr };
enum class Shape { Vector, VectorX2, VectorX4, VectorsX2, VectorsX4, Indexed, IndexedX2, IndexedX4, Mopa };

struct Form {
  std::string name;      // operation name
  std::string mnemonic;  // bfmlal, bfmlsl, fmlal, fmlsl, bfmopa, bfmops, bfdot, bfvdot; the Z forms' (bfcvt, bfmlalb, ...)
  Shape shape;
  Check check;
  int elt = 16;  // the source elements' bits: 16 (BF16, FP16), 32 or 64 (FMOPA, FMOPS non-widening)
  // SVE floating point on Z registers (QemuSame): the text, with {t} the
  // element size (h, s or d, drawn per case), {d} {n} {m} distinct vectors
  // ({v}{d}: the scalar register of a reduction), {g} a governing predicate
  // and {c} one of `consts` ({tb}: the quarter element size of a dot
  // product, {th}: the half size of an unpack); the destination Zd is the output.
  std::string tmpl;
  std::vector<std::string> consts;
  std::vector<int> sizes = {16, 32, 64};  // the element sizes a case draws from
  bool predicate_out = false;              // the output is the predicate {p} (a compare), not Zd
  // {m} holds shift amounts by doubleword (the wide-element shifts): three
  // in four of its doublewords are drawn below this, the rest at random.
  uint64_t small_m = 0;
  // {i}: an element index within a 128-bit segment ({m} then Z0-Z7, or Z0-Z15
  // for doublewords).
  bool indexed = false;
  bool half() const { return mnemonic[0] == 'f'; }  // FP16 sources
  bool sub() const { return mnemonic.find("ls") != std::string::npos || mnemonic == "bfmops"; }
  int nreg() const {
    switch (shape) {
      case Shape::VectorX2: case Shape::VectorsX2: case Shape::IndexedX2: return 2;
      case Shape::VectorX4: case Shape::VectorsX4: case Shape::IndexedX4: return 4;
      default: return 1;
    }
  }
};

std::vector<Form> za_forms() {
  std::vector<Form> f = {{"bfmlal.vector", "bfmlal", Shape::Vector, Check::QemuBfmlal},
                         {"bfmopa", "bfmopa", Shape::Mopa, Check::QemuMopa},
                         {"bfmops", "bfmops", Shape::Mopa, Check::QemuMopa}};
  const std::pair<const char*, Shape> shapes[] = {
      {"vector", Shape::Vector},          {"vector.vgx2", Shape::VectorX2},   {"vector.vgx4", Shape::VectorX4},
      {"vectors.vgx2", Shape::VectorsX2}, {"vectors.vgx4", Shape::VectorsX4}, {"indexed", Shape::Indexed},
      {"indexed.vgx2", Shape::IndexedX2}, {"indexed.vgx4", Shape::IndexedX4}};
  for (const auto& [suffix, shape] : shapes)
    if (shape != Shape::Vector && shape != Shape::Indexed) f.push_back({fmt::format("bfdot.{}", suffix), "bfdot", shape, Check::QemuBfdot});
  f.push_back({"bfvdot.indexed.vgx2", "bfvdot", Shape::IndexedX2, Check::QemuBfdot});
  f.push_back({"bfcvt.vgx2", "bfcvt", Shape::VectorsX2, Check::QemuConvert});
  f.push_back({"bfcvtn.vgx2", "bfcvtn", Shape::VectorsX2, Check::QemuConvert});
  for (const char* m : {"bfcvt", "bfcvtnt"}) f.push_back({fmt::format("sve.{}", m), m, Shape::Vector, Check::QemuSame});
  for (const char* m : {"bfdot", "bfmlalb", "bfmlalt"}) {
    f.push_back({fmt::format("sve.{}", m), m, Shape::Vector, Check::QemuSame});
    f.push_back({fmt::format("sve.{}.indexed", m), m, Shape::Indexed, Check::QemuSame});
  }
  // (New forms go last among the QEMU-checked ones: a form's cases depend on
  // its place, and the stored vectors on its cases.)
  for (const char* m : {"fmopa", "fmops"})
    for (int elt : {32, 64}) f.push_back({fmt::format("{}.{}", m, elt == 32 ? "s" : "d"), m, Shape::Mopa, Check::QemuMopa, elt});
  for (int elt : {32, 64}) {
    const char* t = elt == 32 ? "s" : "d";
    for (const char* m : {"fmla", "fmls"})
      for (const auto& [suffix, shape] : shapes)
        if (shape != Shape::Vector && shape != Shape::Indexed)
          f.push_back({fmt::format("{}.{}.{}", m, t, suffix), m, shape, Check::QemuGroups, elt});
    for (const char* m : {"fadd", "fsub"})
      for (const auto& [suffix, shape] : {std::pair{"vgx2", Shape::VectorsX2}, std::pair{"vgx4", Shape::VectorsX4}})
        f.push_back({fmt::format("{}.{}.{}", m, t, suffix), m, shape, Check::QemuGroups, elt});
  }
  auto sve_fp = [&](std::string name, std::string tmpl, std::vector<std::string> consts = {}) {
    Form x{"sve.fp." + std::move(name), "", Shape::Vector, Check::QemuSame};
    x.tmpl = std::move(tmpl);
    x.consts = std::move(consts);
    f.push_back(std::move(x));
  };
  for (const char* m : {"fadd", "fsub", "fmul", "fsubr", "fmaxnm", "fminnm", "fmax", "fmin", "fabd", "fdivr", "fdiv"})
    sve_fp(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.{{t}}", m));
  for (const char* m : {"fadd", "fsub", "fmul"}) sve_fp(fmt::format("{}.unpredicated", m), fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.{{t}}", m));
  const std::pair<const char*, std::vector<std::string>> imms[] = {
      {"fadd", {"#0.5", "#1.0"}}, {"fsub", {"#0.5", "#1.0"}}, {"fmul", {"#0.5", "#2.0"}}, {"fsubr", {"#0.5", "#1.0"}},
      {"fmaxnm", {"#0.0", "#1.0"}}, {"fminnm", {"#0.0", "#1.0"}}, {"fmax", {"#0.0", "#1.0"}}, {"fmin", {"#0.0", "#1.0"}}};
  for (const auto& [m, c] : imms) sve_fp(fmt::format("{}.immediate", m), fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, {{c}}", m), c);
  for (const char* m : {"fmla", "fmls", "fnmla", "fnmls"})
    sve_fp(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}, z{{m}}.{{t}}", m));
  for (const char* m : {"faddv", "fmaxnmv", "fminnmv", "fmaxv", "fminv"}) sve_fp(m, fmt::format("{} {{v}}{{d}}, p{{g}}, z{{n}}.{{t}}", m));
  // SVE integer arithmetic: every element size but where the instruction has fewer.
  auto sve_int = [&](std::string name, std::string tmpl, std::vector<int> sizes, std::vector<std::string> consts = {}) {
    Form x{"sve.int." + std::move(name), "", Shape::Vector, Check::QemuSame};
    x.tmpl = std::move(tmpl);
    x.sizes = std::move(sizes);
    x.consts = std::move(consts);
    f.push_back(std::move(x));
  };
  const std::vector<int> all = {8, 16, 32, 64};
  for (const char* m : {"add", "sub", "subr", "smax", "umax", "smin", "umin", "sabd", "uabd", "mul", "smulh", "umulh", "orr",
                        "eor", "and", "bic"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.{{t}}", m), all);
  for (const char* m : {"sdiv", "udiv", "sdivr", "udivr"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.{{t}}", m), {32, 64});
  for (const char* m : {"add", "sub", "sqadd", "uqadd", "sqsub", "uqsub"})
    sve_int(fmt::format("{}.unpredicated", m), fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.{{t}}", m), all);
  for (const char* m : {"add", "sub", "subr"})
    sve_int(fmt::format("{}.immediate", m), fmt::format("{} z{{d}}.{{t}}, z{{d}}.{{t}}, {{c}}", m), {16, 32, 64},
            {"#0", "#1", "#127", "#255", "#256", "#65280"});
  sve_int("smax.immediate", "smax z{d}.{t}, z{d}.{t}, {c}", all, {"#-128", "#-1", "#0", "#127"});
  sve_int("smin.immediate", "smin z{d}.{t}, z{d}.{t}, {c}", all, {"#-128", "#-1", "#0", "#127"});
  sve_int("umax.immediate", "umax z{d}.{t}, z{d}.{t}, {c}", all, {"#0", "#1", "#128", "#255"});
  sve_int("umin.immediate", "umin z{d}.{t}, z{d}.{t}, {c}", all, {"#0", "#1", "#128", "#255"});
  sve_int("saddv", "saddv d{d}, p{g}, z{n}.{t}", {8, 16, 32});
  sve_int("uaddv", "uaddv d{d}, p{g}, z{n}.{t}", all);
  for (const char* m : {"smaxv", "umaxv", "sminv", "uminv"}) sve_int(m, fmt::format("{} {{v}}{{d}}, p{{g}}, z{{n}}.{{t}}", m), all);
  for (const char* m : {"fcvtzs", "fcvtzu", "scvtf", "ucvtf", "frintn", "frintp", "frintm", "frintz", "frinta", "frintx", "frinti",
                        "fsqrt", "fabs", "fneg"})
    sve_fp(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}", m));
  for (const char* m : {"abs", "neg"}) sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}", m), all);
  sve_int("sdot", "sdot z{d}.{t}, z{n}.{tb}, z{m}.{tb}", {32, 64});
  sve_int("udot", "udot z{d}.{t}, z{n}.{tb}, z{m}.{tb}", {32, 64});
  sve_int("sel", "sel z{d}.{t}, p{g}, z{n}.{t}, z{m}.{t}", all);
  sve_int("movprfx", "movprfx z{d}, z{n}", {64});
  // Compares into a predicate (the P register is the output; CMP's NZCV is not compared).
  for (const char* m : {"fcmge", "fcmgt", "fcmeq", "fcmne", "fcmuo", "facge", "facgt"}) {
    sve_fp(m, fmt::format("{} p{{p}}.{{t}}, p{{g}}/z, z{{n}}.{{t}}, z{{m}}.{{t}}", m));
    f.back().predicate_out = true;
  }
  for (const char* m : {"fcmge", "fcmgt", "fcmlt", "fcmle", "fcmeq", "fcmne"}) {
    sve_fp(fmt::format("{}.zero", m), fmt::format("{} p{{p}}.{{t}}, p{{g}}/z, z{{n}}.{{t}}, #0.0", m));
    f.back().predicate_out = true;
  }
  for (const char* m : {"cmpeq", "cmpne", "cmpge", "cmpgt", "cmphs", "cmphi"}) {
    sve_int(m, fmt::format("{} p{{p}}.{{t}}, p{{g}}/z, z{{n}}.{{t}}, z{{m}}.{{t}}", m), all);
    f.back().predicate_out = true;
  }
  for (const char* m : {"fmla", "fmls", "fmul"}) {
    sve_fp(fmt::format("{}.indexed", m), fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.{{t}}[{{i}}]", m));
    f.back().indexed = true;
  }
  for (const char* m : {"sdot", "udot"}) {
    sve_int(fmt::format("{}.indexed", m), fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{tb}}, z{{m}}.{{tb}}[{{i}}]", m), {32, 64});
    f.back().indexed = true;
  }
  sve_int("lsl.immediate", "lsl z{d}.{t}, z{n}.{t}, {c}", all, {"#0", "#1", "#3", "#7"});
  sve_int("asr.immediate", "asr z{d}.{t}, z{n}.{t}, {c}", all, {"#1", "#2", "#5", "#8"});
  sve_int("lsr.immediate", "lsr z{d}.{t}, z{n}.{t}, {c}", all, {"#1", "#2", "#5", "#8"});
  sve_int("index", "index z{d}.{t}, {c}", all, {"#-16, #15", "#3, #-2", "#0, #1", "#15, #-16"});
  f.push_back({"fclamp.vgx2", "fclamp", Shape::VectorsX2, Check::QemuConvert});
  f.push_back({"fclamp.vgx4", "fclamp", Shape::VectorsX4, Check::QemuConvert});
  // FCVT between precisions: the data is the source's element size.
  const std::tuple<const char*, const char*, int> fcvts[] = {{"h", "s", 32}, {"s", "h", 16}, {"h", "d", 64},
                                                             {"d", "h", 16}, {"s", "d", 64}, {"d", "s", 32}};
  for (const auto& [to, from, size] : fcvts) {
    sve_fp(fmt::format("fcvt.{}.{}", to, from), fmt::format("fcvt z{{d}}.{}, p{{g}}/m, z{{n}}.{}", to, from));
    f.back().sizes = {size};
  }
  // Bitmask immediates, with elements that are bitmasks at every size.
  const std::vector<std::string> masks = {"#0x1", "#0x7f", "#0x3c", "#-16"};
  for (const char* m : {"and", "orr", "eor"})
    sve_int(fmt::format("{}.immediate", m), fmt::format("{} z{{d}}.{{t}}, z{{d}}.{{t}}, {{c}}", m), all, masks);
  sve_int("dupm", "dupm z{d}.{t}, {c}", all, masks);
  for (const char* m : {"and", "eor", "bic"})
    sve_int(fmt::format("{}.unpredicated", m), fmt::format("{} z{{d}}.d, z{{n}}.d, z{{m}}.d", m), {64});
  for (const char* m : {"cmpeq", "cmpne", "cmpge", "cmpgt", "cmplt", "cmple"}) {
    sve_int(fmt::format("{}.immediate", m), fmt::format("{} p{{p}}.{{t}}, p{{g}}/z, z{{n}}.{{t}}, {{c}}", m), all,
            {"#-16", "#-1", "#0", "#15"});
    f.back().predicate_out = true;
  }
  for (const char* m : {"cmphs", "cmphi", "cmplo", "cmpls"}) {
    sve_int(fmt::format("{}.immediate", m), fmt::format("{} p{{p}}.{{t}}, p{{g}}/z, z{{n}}.{{t}}, {{c}}", m), all,
            {"#0", "#1", "#64", "#127"});
    f.back().predicate_out = true;
  }
  for (const char* m : {"mla", "mls"}) sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}, z{{m}}.{{t}}", m), all);
  for (const char* m : {"mad", "msb"}) sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}, z{{m}}.{{t}}", m), all);
  for (const char* m : {"fmad", "fmsb", "fnmad", "fnmsb"})
    sve_fp(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}, z{{m}}.{{t}}", m));
  for (const char* zm : {"m", "z"})
    sve_int(fmt::format("cpy.{}", zm), fmt::format("cpy z{{d}}.{{t}}, p{{g}}/{}, {{c}}", zm), {16, 32, 64},
            {"#-128", "#0", "#127", "#-1, lsl #8"});
  for (const char* m : {"lsl", "lsr", "asr", "lslr", "lsrr", "asrr"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.{{t}}", m), all);
  sve_int("rev", "rev z{d}.{t}, z{n}.{t}", all);
  sve_fp("fadda", "fadda {v}{d}, p{g}, {v}{d}, z{m}.{t}");
  for (const char* m : {"zip1", "zip2", "uzp1", "uzp2", "trn1", "trn2"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.{{t}}", m), all);
  for (const char* m : {"sunpklo", "sunpkhi", "uunpklo", "uunpkhi"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{th}}", m), {16, 32, 64});
  sve_int("tbl", "tbl z{d}.{t}, {{z{n}.{t}}}, z{m}.{t}", all);
  sve_int("ext", "ext z{d}.b, z{d}.b, z{m}.b, {c}", {8}, {"#0", "#1", "#15", "#63", "#255"});
  sve_int("compact", "compact z{d}.{t}, p{g}, z{n}.{t}", {32, 64});
  sve_int("splice", "splice z{d}.{t}, p{g}, z{d}.{t}, z{m}.{t}", all);
  for (const char* m : {"frecpe", "frsqrte"}) sve_fp(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}", m));
  for (const char* m : {"frecps", "frsqrts"}) sve_fp(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.{{t}}", m));
  for (const char* m : {"lasta", "lastb"}) sve_int(m, fmt::format("{} {{v}}{{d}}, p{{g}}, z{{n}}.{{t}}", m), all);
  for (const char* m : {"clasta", "clastb"}) {
    sve_int(fmt::format("{}.scalar", m), fmt::format("{} {{v}}{{d}}, p{{g}}, {{v}}{{d}}, z{{m}}.{{t}}", m), all);
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}, z{{d}}.{{t}}, z{{m}}.{{t}}", m), all);
  }
  // QEMU 7.2 narrows a doubleword of UQXTNB/UQXTNT as a signed one (docs/known-differences.md): .D is left out there.
  for (const char* m : {"sqxtnb", "sqxtnt", "uqxtnb", "uqxtnt", "sqxtunb", "sqxtunt"})
    sve_int(m, fmt::format("{} z{{d}}.{{th}}, z{{n}}.{{t}}", m), m[0] == 'u' ? std::vector<int>{16, 32} : std::vector<int>{16, 32, 64});
  for (const char* m : {"sshllb", "sshllt", "ushllb", "ushllt"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{th}}, {{c}}", m), {16, 32, 64}, {"#0", "#1", "#5", "#7"});
  // FMOPA and FMOPS (widening): half-precision pairs summed into .S tiles.
  for (const char* m : {"fmopa", "fmops"}) f.push_back({fmt::format("{}.h", m), m, Shape::Mopa, Check::QemuMopa, 16});
  // SVE2 integer add, subtract and absolute difference long (bottom and top).
  for (const char* m : {"saddlb", "saddlt", "uaddlb", "uaddlt", "ssublb", "ssublt", "usublb", "usublt", "sabdlb", "sabdlt",
                        "uabdlb", "uabdlt"})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{th}}, z{{m}}.{{th}}", m), {16, 32, 64});
  // FSCALE (the second operand's elements read as signed integers) and FMULX.
  for (const char* m : {"fscale", "fmulx"}) sve_fp(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.{{t}}", m));
  // Reversals within elements: bytes, halfwords, words, bits.
  for (const auto& [m, sizes] : {std::pair<const char*, std::vector<int>>{"revb", {16, 32, 64}}, {"revh", {32, 64}}, {"revw", {64}},
                                 {"rbit", {8, 16, 32, 64}}})
    sve_int(m, fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{n}}.{{t}}", m), sizes);
  // Shifts by the doubleword that overlaps each element (wide elements).
  for (const char* m : {"asr", "lsr", "lsl"}) {
    sve_int(fmt::format("{}.wide", m), fmt::format("{} z{{d}}.{{t}}, p{{g}}/m, z{{d}}.{{t}}, z{{m}}.d", m), {8, 16, 32});
    f.back().small_m = 80;
    sve_int(fmt::format("{}.wide.unpredicated", m), fmt::format("{} z{{d}}.{{t}}, z{{n}}.{{t}}, z{{m}}.d", m), {8, 16, 32});
    f.back().small_m = 80;
  }
  for (const char* m : {"bfmlal", "bfmlsl", "fmlal", "fmlsl"})
    for (const auto& [suffix, shape] : shapes) {
      if (std::string(m) == "bfmlal" && shape == Shape::Vector) continue;  // QEMU-checked above
      f.push_back({fmt::format("{}.{}", m, suffix), m, shape, Check::Mpfr});
    }
  return f;
}

// ---- case generation --------------------------------------------------------

uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

struct Rng {
  uint64_t s;
  uint64_t next() { return s = mix(s); }
  uint64_t below(uint64_t n) { return next() % n; }
  bool chance(uint64_t one_in) { return below(one_in) == 0; }
};

// Streaming vector lengths, weighted to the cheap ones: SVL 2048 costs 16
// times SVL 512 per outer product.
int svl_of(uint64_t index) {
  static const int kSvls[] = {128, 256, 512, 128, 1024, 256, 512, 128, 2048, 512};
  return kSvls[index % std::size(kSvls)];
}

const char* const kClasses[] = {"random", "special", "denormal", "overflow", "cancel", "halfway", "nan"};

// A bf16 (half = false) or IEEE half (half = true) lane biased to `cls`.
uint16_t lane16(Rng& r, bool half, const std::string& cls) {
  const int frac = half ? 10 : 7, expmax = half ? 31 : 255, bias = half ? 15 : 127;
  const uint16_t sign = r.chance(2) ? 0x8000 : 0;
  const uint16_t fm = static_cast<uint16_t>((1u << frac) - 1);
  const uint16_t inf = static_cast<uint16_t>(expmax << frac), quiet = static_cast<uint16_t>(1u << (frac - 1));
  std::string kind = cls;
  if (cls == "random" || cls == "cancel" || cls == "halfway" || r.chance(3)) kind = "normal";
  if (cls == "special" || cls == "nan") {
    static const char* const specials[] = {"zero", "inf", "qnan", "snan", "denormal", "normal", "one"};
    kind = cls == "nan" && r.chance(2) ? (r.chance(2) ? "qnan" : "snan") : specials[r.below(std::size(specials))];
  }
  auto exp_field = [&](int e) { return static_cast<uint16_t>(e << frac); };
  if (kind == "zero") return sign;
  if (kind == "inf") return sign | inf;
  if (kind == "qnan") return sign | inf | quiet | static_cast<uint16_t>(r.chance(3) ? 0 : r.next() & (quiet - 1));
  if (kind == "snan") return sign | inf | static_cast<uint16_t>(std::max<uint64_t>(1, r.next() & (quiet - 1)));
  if (kind == "denormal") return sign | static_cast<uint16_t>(std::max<uint64_t>(1, r.next() & fm));
  if (kind == "one") return sign | exp_field(bias);
  if (kind == "overflow") return sign | exp_field(expmax - 1 - static_cast<int>(r.below(4))) | static_cast<uint16_t>(r.next() & fm);
  // Normal numbers: mostly near 1, some anywhere, some tiny.
  int e = bias - 3 + static_cast<int>(r.below(7));
  if (r.chance(4)) e = 1 + static_cast<int>(r.below(static_cast<uint64_t>(expmax - 1)));
  if (kind == "denormal" || r.chance(12)) e = 1 + static_cast<int>(r.below(3));
  return sign | exp_field(e) | static_cast<uint16_t>(r.next() & fm);
}

uint32_t lane32(Rng& r, const std::string& cls) {
  const uint32_t sign = r.chance(2) ? 0x80000000u : 0;
  const uint32_t fm = 0x7fffff;
  // Specials in one lane of six for the special and NaN classes, one in
  // forty otherwise (a vector of many lanes would always hold a NaN).
  const uint64_t pick = r.below(cls == "special" || cls == "nan" ? 12 : 80);
  switch (pick) {
    case 0: return sign;
    case 1: return sign | 0x7f800000u;
    case 2: return sign | 0x7fc00000u | static_cast<uint32_t>(r.next() & 0x3fffff);
    case 3: return sign | 0x7f800000u | static_cast<uint32_t>(std::max<uint64_t>(1, r.next() & 0x3fffff));
    case 4: return sign | static_cast<uint32_t>(std::max<uint64_t>(1, r.next() & fm));  // denormal
    case 5: return sign | static_cast<uint32_t>((253 + r.below(2)) << 23) | static_cast<uint32_t>(r.next() & fm);
    default: {
      const uint32_t e = r.chance(4) ? static_cast<uint32_t>(1 + r.below(254)) : static_cast<uint32_t>(124 + r.below(7));
      return sign | e << 23 | static_cast<uint32_t>(r.next() & fm);
    }
  }
}

// A double-precision lane: lane32's classes, the exponent and fraction widened.
uint64_t lane64(Rng& r, const std::string& cls) {
  const uint32_t w = lane32(r, cls);
  const uint64_t sign = static_cast<uint64_t>(w >> 31) << 63, f32frac = w & 0x7fffff;
  const uint64_t frac = f32frac << 29 | (f32frac ? r.next() & 0x1fffffff : 0);  // zero stays zero: infinities, zeros
  const uint32_t e = (w >> 23) & 0xff;
  if (e == 0xff) return sign | 0x7ff0000000000000ull | frac;  // infinity or NaN, quiet bit as lane32's
  if (e == 0) return sign | frac;                               // zero or denormal
  // Normal: lane32's exponent about the same value, or anywhere in double's range one time in four.
  const uint64_t e64 = r.chance(4) ? 1 + r.below(2046) : static_cast<uint64_t>(e) - 127 + 1023;
  return sign | e64 << 52 | frac;
}

void put16(Bytes& b, size_t lane, uint16_t v) {
  b[2 * lane] = static_cast<uint8_t>(v);
  b[2 * lane + 1] = static_cast<uint8_t>(v >> 8);
}
uint16_t get16(const Bytes& b, size_t lane) { return static_cast<uint16_t>(b[2 * lane] | b[2 * lane + 1] << 8); }
void put32(Bytes& b, size_t lane, uint32_t v) {
  for (int i = 0; i < 4; ++i) b[4 * lane + static_cast<size_t>(i)] = static_cast<uint8_t>(v >> (8 * i));
}
uint32_t get32(const Bytes& b, size_t lane) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = v << 8 | b[4 * lane + static_cast<size_t>(i)];
  return v;
}

Bits to_bits(const Bytes& b) {
  Bits out = Bits::zeros(static_cast<uint32_t>(8 * b.size()));
  for (size_t i = 0; i < b.size(); i += 8) {
    uint64_t w = 0;
    for (size_t k = std::min<size_t>(8, b.size() - i); k-- > 0;) w = w << 8 | b[i + k];
    const uint32_t width = static_cast<uint32_t>(std::min<size_t>(64, 8 * (b.size() - i)));
    out.set_slice(static_cast<uint32_t>(8 * i), Bits(width, w));
  }
  return out;
}

Bytes to_bytes(const Bits& v) {
  Bytes out(v.width() / 8);
  for (size_t i = 0; i < out.size(); i += 8) {
    const uint32_t width = static_cast<uint32_t>(std::min<size_t>(64, 8 * (out.size() - i)));
    const uint64_t w = v.slice(static_cast<uint32_t>(8 * i), width).low64();
    for (size_t k = 0; k < width / 8; ++k) out[i + k] = static_cast<uint8_t>(w >> (8 * k));
  }
  return out;
}

// A predicate of SVL/64 bytes for elements of esize bits, by class.
Bytes predicate(Rng& r, int svl, std::string* cls, int esize = 16) {
  const size_t bytes = static_cast<size_t>(svl) / 64, elements = static_cast<size_t>(svl / esize), step = static_cast<size_t>(esize / 8);
  Bytes p(bytes, 0);
  auto set = [&](size_t e) { p[(step * e) / 8] |= static_cast<uint8_t>(1u << ((step * e) % 8)); };
  switch (r.below(8)) {
    case 0: *cls = "all"; for (size_t e = 0; e < elements; ++e) set(e); break;
    case 1: *cls = "none"; break;
    case 2: *cls = "bits"; for (auto& b : p) b = static_cast<uint8_t>(r.next()); break;  // odd bits junk
    case 3: { *cls = "prefix"; const size_t n = r.below(elements + 1); for (size_t e = 0; e < n; ++e) set(e); break; }
    case 4: *cls = "even"; for (size_t e = 0; e < elements; e += 2) set(e); break;
    case 5: *cls = "odd"; for (size_t e = 1; e < elements; e += 2) set(e); break;
    case 6: *cls = "one"; set(r.below(elements)); break;
    default: *cls = "lanes"; for (size_t e = 0; e < elements; ++e) if (r.chance(2)) set(e); break;
  }
  return p;
}

uint64_t random_fpcr(Rng& r) {
  // AHP DN FZ RMode (26:22) and FZ16 (19); the rest as the reset value, 0.
  uint64_t v = (r.next() & 0x07c00000u) | (r.chance(2) ? 0x00080000u : 0);
  return v;
}

uint64_t random_fpsr(Rng& r) { return r.chance(2) ? 0 : (r.next() & 0x0800009fu); }

// One generated case, in both worlds.
struct GenCase {
  int svl = 512;
  std::string cls, text;  // operand class; the instruction as mlisa exec takes it
  uint64_t fpcr = 0, fpsr = 0;
  std::vector<std::pair<std::string, Bytes>> regs;  // our registers to set: z3, p1, za[12], x9
  // QEMU's case (QEMU-checked forms) and the outputs compared.
  qemu_sme2::Case q;
  std::vector<std::string> outs;  // our registers that hold the compared outputs, in QEMU's output order
  bool nan = false;
};

std::string zname(int n) { return fmt::format("z{}", n); }

// The letter of an element size in A64 text (8: b ... 64: d).
const char* size_letter(int esize) { return esize == 8 ? "b" : esize == 16 ? "h" : esize == 32 ? "s" : "d"; }

// A predicate with every element active (QEMU's p0 where the SVE stand-in is predicated).
Bytes all_active(int svl) { return Bytes(static_cast<size_t>(svl) / 64, 0xff); }

// `{z1.s, z2.s}`: nreg registers from `first` (modulo 32), each with `suffix`;
// one register stands alone, `z1.s`.
std::string reg_list(int first, int nreg, const char* suffix) {
  if (nreg == 1) return fmt::format("z{}.{}", first, suffix);
  std::string s;
  for (int k = 0; k < nreg; ++k) s += fmt::format("{}z{}.{}", k ? ", " : "", (first + k) % 32, suffix);
  return "{" + s + "}";
}

// The operands of an SME2 form into ZA single-vector groups, drawn in this
// order: the vector select register Wv and its value, the offset (0-7), the
// first source and the second. Lists of the multiple-vector and indexed
// forms are aligned; the single-vector form's first list wraps and its
// second source is Z0-Z15.
struct ZaGroups {
  int nreg = 1, v = 8, offset = 0, zn = 0, zm = 0;
  uint64_t wv = 0;
  size_t vstride = 0, vec = 0;  // the groups' distance and the first group's array vector
  bool multi = false, indexed = false;
  // `za.s[w9, 3, vgx2]`
  std::string operand(const char* suffix) const { return fmt::format("za.{}[w{}, {}, vgx{}]", suffix, v, offset, nreg); }
};

ZaGroups draw_za_groups(const Form& f, int svl, Rng& r) {
  ZaGroups z;
  const size_t zb = static_cast<size_t>(svl) / 8;  // the array has SVL/8 vectors
  z.nreg = f.nreg();
  z.v = 8 + static_cast<int>(r.below(4));
  z.wv = r.chance(2) ? r.below(2 * (zb / static_cast<size_t>(z.nreg)) + 3) : r.next();
  z.offset = static_cast<int>(r.below(8));
  z.vstride = zb / static_cast<size_t>(z.nreg);
  z.vec = (static_cast<uint32_t>(z.wv) + static_cast<size_t>(z.offset)) % z.vstride;
  z.multi = f.shape == Shape::VectorsX2 || f.shape == Shape::VectorsX4;
  z.indexed = f.shape == Shape::IndexedX2 || f.shape == Shape::IndexedX4;
  z.zn = z.multi || z.indexed ? static_cast<int>(r.below(32)) / z.nreg * z.nreg : static_cast<int>(r.below(32));
  z.zm = z.multi ? static_cast<int>(r.below(32)) / z.nreg * z.nreg : static_cast<int>(r.below(16));
  return z;
}

Bytes le64(uint64_t v) {
  Bytes b(8);
  for (size_t i = 0; i < 8; ++i) b[i] = static_cast<uint8_t>(v >> (8 * i));
  return b;
}

// The source registers of a multi-vector form, drawn and set in g with the
// vector select register Wv: nreg from zn (modulo 32), one or (multi) nreg
// from zm; a register of both lists holds one value. `pair`: the first of
// each list may be shaped into cancelling products.
template <class V16, class ShapePair>
std::map<int, Bytes> source_registers(GenCase& g, int v, uint64_t wv, int zn, int zm, int nreg, bool multi, bool pair,
                                      V16& vector16, ShapePair& shape_pair) {
  std::map<int, Bytes> z;
  for (int k = 0; k < nreg; ++k) z.emplace((zn + k) % 32, Bytes());
  for (int k = 0; k < (multi ? nreg : 1); ++k) z.emplace((zm + k) % 32, Bytes());
  for (auto& [n, b] : z) b = vector16();
  if (pair) shape_pair(z[zn], z[zm]);
  g.regs.push_back({fmt::format("x{}", v), le64(wv)});
  for (const auto& [n, b] : z) g.regs.push_back({zname(n), b});
  return z;
}

// SME2's FCLAMP, which QEMU 7.2 lacks: each register of the list as SVE
// FMAXNM of the lower bound with it (in that order: the first operand's NaN
// is the one kept when both are NaNs of a kind), then FMINNM with the upper
// bound, predicated by an all-true p0, in a free register moved back.
template <class Lanes>
GenCase generate_clamp(const Form& f, GenCase& g, Rng& r, Lanes& lanes) {
  const int esize = 16 << r.below(3);
  const char* const t = size_letter(esize);
  const int nreg = f.nreg();
  const int d = static_cast<int>(r.below(32)) / nreg * nreg;
  int n = 0, m = 0;
  do n = static_cast<int>(r.below(32)); while (n >= d && n < d + nreg);
  do m = static_cast<int>(r.below(32)); while ((m >= d && m < d + nreg) || m == n);
  g.text = fmt::format("fclamp {{z{}.{}-z{}.{}}}, z{}.{}, z{}.{}", d, t, d + nreg - 1, t, n, t, m, t);
  std::vector<int> regs = {n, m};
  for (int k = 0; k < nreg; ++k) regs.push_back(d + k);
  for (int z : regs) {
    const Bytes b = lanes(esize);
    g.regs.push_back({zname(z), b});
    g.q.z.push_back({z, b});
  }
  g.q.p = {{0, all_active(g.svl)}};
  const uint32_t size = static_cast<uint32_t>(esize == 16 ? 1 : esize == 32 ? 2 : 3) << 22;
  uint32_t s = 0;  // the free register
  while (std::find(regs.begin(), regs.end(), static_cast<int>(s)) != regs.end()) ++s;
  for (int k = 0; k < nreg; ++k) {
    const uint32_t zd = static_cast<uint32_t>(d + k);
    g.q.words.push_back(0x0420bc00u | static_cast<uint32_t>(n) << 5 | s);          // MOVPRFX zs, zn
    g.q.words.push_back(0x65048000u | size | zd << 5 | s);                          // FMAXNM zs, p0/m, zs, zd
    g.q.words.push_back(0x65058000u | size | static_cast<uint32_t>(m) << 5 | s);  // FMINNM zs, p0/m, zs, zm
    g.q.words.push_back(0x04603000u | s << 16 | s << 5 | zd);                       // MOV zd, zs
    g.outs.push_back(zname(d + k));
    g.q.z_out.push_back(d + k);
  }
  g.q.fpcr = g.fpcr;
  g.q.fpsr = g.fpsr;
  return g;
}

// SVE floating point on Z registers from a form's template: one element
// size per case, distinct registers, the same word under QEMU; the
// destination vector (all of it: a reduction's scalar write zeroes the rest)
// and FPSR compared.
template <class Lanes>
GenCase generate_template(const Form& f, GenCase& g, Rng& r, Lanes& lanes) {
  const int esize = f.sizes[r.below(f.sizes.size())];
  const char* const t = size_letter(esize);
  const int d = static_cast<int>(r.below(32));
  const int m_limit = !f.indexed ? 32 : esize == 64 ? 16 : 8;
  int n = 0, m = 0;
  do n = static_cast<int>(r.below(32)); while (n == d);
  do m = static_cast<int>(r.below(static_cast<uint64_t>(m_limit))); while (m == d || m == n);
  // (Drawn only where used: the other forms' cases, and their stored vectors, stay as they were.)
  const int index = f.indexed ? static_cast<int>(r.below(static_cast<uint64_t>(128 / esize))) : 0;
  const int pg = static_cast<int>(r.below(8));
  std::string pcls;
  const Bytes pred = predicate(r, g.svl, &pcls, esize);
  g.cls += "/" + pcls;
  const std::string c = f.consts.empty() ? "" : f.consts[r.below(f.consts.size())];
  const int pd = static_cast<int>(r.below(16));
  g.text = fmt::format(fmt::runtime(f.tmpl), fmt::arg("t", t), fmt::arg("d", d), fmt::arg("n", n), fmt::arg("m", m),
                       fmt::arg("g", pg), fmt::arg("c", c), fmt::arg("v", t), fmt::arg("tb", esize == 32 ? "b" : "h"),
                       fmt::arg("th", size_letter(esize > 8 ? esize / 2 : 8)), fmt::arg("p", pd), fmt::arg("i", index));
  for (int z : {d, n, m}) {
    Bytes b = lanes(esize);
    // (Drawn only for such forms, as above.)
    for (size_t at = 0; f.small_m && z == m && at + 8 <= b.size(); at += 8)
      if (!r.chance(4))
        for (size_t k = 0, v = r.below(f.small_m); k < 8; ++k) b[at + k] = k == 0 ? static_cast<uint8_t>(v) : 0;
    g.regs.push_back({zname(z), b});
    g.q.z.push_back({z, b});
  }
  g.regs.push_back({fmt::format("p{}", pg), pred});
  g.q.p = {{pg, pred}};
  if (f.predicate_out) {
    g.outs = {fmt::format("p{}", pd)};
    g.q.p_out = {pd};
  } else {
    g.outs = {zname(d)};
    g.q.z_out = {d};
  }
  g.q.fpcr = g.fpcr;
  g.q.fpsr = g.fpsr;
  return g;
}

// The BF16 instructions that write a Z register. SVE's run under QEMU as
// the same word on the same registers (distinct ones: QEMU loads each
// once). SME2's BFCVT and BFCVTN, which QEMU 7.2 lacks, run as SVE BFCVT of
// each source into z16 and z17 (BFCVT: the even halves packed on the host)
// or BFCVT and BFCVTNT into z16 (BFCVTN), all elements active (p0).
template <class V16, class V32>
GenCase generate_z(const Form& f, GenCase& g, Rng& r, V16& vector16, V32& vector32) {
  const std::string& mn = f.mnemonic;
  auto distinct = [&](std::initializer_list<int> taken, int below) {
    int n = 0;
    do n = static_cast<int>(r.below(static_cast<uint64_t>(below))); while (std::find(taken.begin(), taken.end(), n) != taken.end());
    return n;
  };
  if (f.check == Check::QemuConvert) {
    const int zn = 2 * static_cast<int>(r.below(16)), zd = static_cast<int>(r.below(32));
    const Bytes a = vector32(), b = vector32();
    g.text = fmt::format("{} z{}.h, {{z{}.s-z{}.s}}", mn, zd, zn, zn + 1);
    g.regs = {{zname(zn), a}, {zname(zn + 1), b}};
    if (zd != zn && zd != zn + 1) g.regs.push_back({zname(zd), vector16()});
    g.outs = {zname(zd)};
    g.q.p = {{0, all_active(g.svl)}};
    g.q.z = {{8, a}, {9, b}};
    const uint32_t bfcvt = 0x658aa000u, bfcvtnt = 0x648aa000u;
    g.q.words = {bfcvt | 8u << 5 | 16u, mn == "bfcvtn" ? bfcvtnt | 9u << 5 | 16u : bfcvt | 9u << 5 | 17u};
    g.q.z_out = mn == "bfcvtn" ? std::vector<int>{16} : std::vector<int>{16, 17};
  } else {
    const bool indexed = f.shape == Shape::Indexed;
    const int zd = static_cast<int>(r.below(32));
    if (mn.starts_with("bfcvt")) {
      const int zn = distinct({zd}, 32), pg = static_cast<int>(r.below(8));
      std::string pcls;
      const Bytes dest = vector16(), src = vector32(), pred = predicate(r, g.svl, &pcls);
      g.cls += "/" + pcls;
      g.text = fmt::format("{} z{}.h, p{}/m, z{}.s", mn, zd, pg, zn);
      g.regs = {{zname(zd), dest}, {zname(zn), src}, {fmt::format("p{}", pg), pred}};
      g.q.z = {{zd, dest}, {zn, src}};
      g.q.p = {{pg, pred}};
    } else {
      // Indexed forms: Zm is Z0-Z7; the index picks a pair (BFDOT, 0-3) or an element (BFMLAL, 0-7).
      const int zm = indexed ? distinct({zd}, 8) : distinct({zd}, 32), zn = distinct({zd, zm}, 32);
      const Bytes acc = vector32(), a = vector16(), b = vector16();
      const std::string index = indexed ? fmt::format("[{}]", r.below(mn == "bfdot" ? 4 : 8)) : "";
      g.text = fmt::format("{} z{}.s, z{}.h, z{}.h{}", mn, zd, zn, zm, index);
      g.regs = {{zname(zd), acc}, {zname(zn), a}, {zname(zm), b}};
      g.q.z = {{zd, acc}, {zn, a}, {zm, b}};
    }
    g.outs = {zname(zd)};
    g.q.z_out = {zd};
  }
  g.q.fpcr = g.fpcr;
  g.q.fpsr = g.fpsr;
  return g;
}

// FMLA, FMLS (multiple and single vector, multiple vectors, indexed), FADD
// and FSUB into single-vector groups of single or double precision. QEMU 7.2
// has no SME2: each group runs as SVE FMLA/FMLS (predicated by an all-true
// p0, or indexed) or FADD/FSUB into z(16+r) holding its ZA vector, its first
// source in z(8+r) and its second in z(r) (the indexed SVE forms reach z0-z7
// for single precision).
template <class Sources>
GenCase generate_groups(const Form& f, GenCase& g, Rng& r, Sources& sources) {
  const ZaGroups za = draw_za_groups(f, g.svl, r);
  const int nreg = za.nreg, zn = za.zn, zm = za.zm;
  const bool multi = za.multi, indexed = za.indexed;
  const bool add = f.mnemonic == "fadd" || f.mnemonic == "fsub", sub = f.mnemonic == "fmls" || f.mnemonic == "fsub";
  const bool dbl = f.elt == 64;
  const char* const t = dbl ? "d" : "s";
  const int index = indexed ? static_cast<int>(r.below(dbl ? 2 : 4)) : -1;
  // FADD and FSUB read one list: Zm's, given as both.
  auto no_pairs = [](Bytes&, Bytes&) {};
  const std::map<int, Bytes> z = source_registers(g, za.v, za.wv, add ? zm : zn, zm, nreg, multi, false, sources, no_pairs);
  const std::string za_op = za.operand(t);
  if (add) g.text = fmt::format("{} {}, {}", f.mnemonic, za_op, reg_list(zm, nreg, t));
  else if (multi) g.text = fmt::format("{} {}, {}, {}", f.mnemonic, za_op, reg_list(zn, nreg, t), reg_list(zm, nreg, t));
  else if (indexed) g.text = fmt::format("{} {}, {}, z{}.{}[{}]", f.mnemonic, za_op, reg_list(zn, nreg, t), zm, t, index);
  else g.text = fmt::format("{} {}, {}, z{}.{}", f.mnemonic, za_op, reg_list(zn, nreg, t), zm, t);
  g.q.p = {{0, all_active(g.svl)}};
  const uint32_t size = dbl ? 0x00c00000u : 0x00800000u;
  for (int grp = 0; grp < nreg; ++grp) {
    const Bytes acc = sources();  // the accumulators are of the sources' precision
    const std::string vector = fmt::format("za[{}]", za.vec + static_cast<size_t>(grp) * za.vstride);
    g.regs.push_back({vector, acc});
    g.outs.push_back(vector);
    const uint32_t qn = static_cast<uint32_t>(8 + grp), qm = static_cast<uint32_t>(grp), qa = static_cast<uint32_t>(16 + grp);
    g.q.z.push_back({static_cast<int>(qa), acc});
    if (add) {
      g.q.z.push_back({static_cast<int>(qn), z.at(zm + grp)});
      g.q.words.push_back(0x65000000u | size | (sub ? 0x400u : 0u) | qn << 16 | qa << 5 | qa);
    } else {
      g.q.z.push_back({static_cast<int>(qn), z.at((zn + grp) % 32)});
      g.q.z.push_back({static_cast<int>(qm), z.at(multi ? zm + grp : zm)});
      const uint32_t neg = sub ? (indexed ? 0x400u : 0x2000u) : 0u;
      if (!indexed) g.q.words.push_back(0x65200000u | size | neg | qm << 16 | qn << 5 | qa);
      else if (dbl) g.q.words.push_back(0x64e00000u | neg | static_cast<uint32_t>(index) << 20 | qm << 16 | qn << 5 | qa);
      else g.q.words.push_back(0x64a00000u | neg | static_cast<uint32_t>(index) << 19 | qm << 16 | qn << 5 | qa);
    }
    g.q.z_out.push_back(static_cast<int>(qa));
  }
  g.q.fpcr = g.fpcr | 0x02000000u;  // DN: the ZA forms' default NaNs
  g.q.fpsr = g.fpsr;
  return g;
}

// BFDOT and BFVDOT into single-vector groups. QEMU 7.2 has no SME2, so each
// group is checked as the SVE BFDOT (vectors, or indexed) of its sources
// into its ZA vector: the same BFDotAdd per element (docs/sme2.md). QEMU's
// registers are chosen afresh: group r's first source in z(8+r) (for BFVDOT
// the vertical pairs gathered into one vector), its second in z(r) (the
// indexed SVE form reaches z0-z7 only), its accumulator in z(16+r).
template <class V16, class V32, class ShapePair, class Halfway>
GenCase generate_dot(const Form& f, GenCase& g, Rng& r, V16& vector16, V32& vector32, ShapePair& shape_pair, Halfway& halfway_addends) {
  const size_t halves = static_cast<size_t>(g.svl) / 16;
  const ZaGroups za = draw_za_groups(f, g.svl, r);
  const int nreg = za.nreg, zn = za.zn, zm = za.zm;
  const bool multi = za.multi, indexed = za.indexed;
  const bool vertical = f.mnemonic == "bfvdot";
  const int index = indexed ? static_cast<int>(r.below(4)) : -1;
  std::map<int, Bytes> z = source_registers(g, za.v, za.wv, zn, zm, nreg, multi, !indexed, vector16, shape_pair);
  const std::string za_op = za.operand("s");
  if (multi) g.text = fmt::format("{} {}, {}, {}", f.mnemonic, za_op, reg_list(zn, nreg, "h"), reg_list(zm, nreg, "h"));
  else if (indexed) g.text = fmt::format("{} {}, {}, z{}.h[{}]", f.mnemonic, za_op, reg_list(zn, nreg, "h"), zm, index);
  else g.text = fmt::format("{} {}, {}, z{}.h", f.mnemonic, za_op, reg_list(zn, nreg, "h"), zm);
  for (int grp = 0; grp < nreg; ++grp) {
    Bytes first = z[(zn + grp) % 32];
    if (vertical) {  // element 2e + grp of Zn and of Zn+1, as one horizontal pair
      for (size_t e = 0; 2 * e + 1 < halves; ++e) {
        put16(first, 2 * e, get16(z[zn], 2 * e + static_cast<size_t>(grp)));
        put16(first, 2 * e + 1, get16(z[zn + 1], 2 * e + static_cast<size_t>(grp)));
      }
    }
    const Bytes& second = z[multi ? zm + grp : zm];
    Bytes acc = vector32();
    if (!indexed && !vertical) halfway_addends(acc, first, second, 0);
    const std::string vector = fmt::format("za[{}]", za.vec + static_cast<size_t>(grp) * za.vstride);
    g.regs.push_back({vector, acc});
    g.outs.push_back(vector);
    const uint32_t qn = static_cast<uint32_t>(8 + grp), qm = static_cast<uint32_t>(grp), qa = static_cast<uint32_t>(16 + grp);
    g.q.z.push_back({static_cast<int>(qn), first});
    g.q.z.push_back({static_cast<int>(qm), second});
    g.q.z.push_back({static_cast<int>(qa), acc});
    g.q.words.push_back(indexed ? 0x64604000u | static_cast<uint32_t>(index) << 19 | qm << 16 | qn << 5 | qa
                                : 0x64608000u | qm << 16 | qn << 5 | qa);
    g.q.z_out.push_back(static_cast<int>(qa));
  }
  g.q.fpcr = g.fpcr;
  g.q.fpsr = g.fpsr;
  return g;
}

GenCase generate(const Form& f, uint64_t index, uint64_t seed, size_t op) {
  Rng r{mix(seed * 0x100000001b3ull ^ mix(index) ^ (static_cast<uint64_t>(op) << 48) ^ 0x736d6532)};
  GenCase g;
  g.svl = svl_of(index);
  g.cls = kClasses[(index / 10) % std::size(kClasses)];
  const int svl = g.svl;
  const size_t zb = static_cast<size_t>(svl) / 8, halves = static_cast<size_t>(svl) / 16, words = static_cast<size_t>(svl) / 32;
  g.fpcr = random_fpcr(r);
  g.fpsr = random_fpsr(r);
  auto vector16 = [&]() {
    Bytes b(zb);
    for (size_t e = 0; e < halves; ++e) put16(b, e, lane16(r, f.half(), g.cls));
    return b;
  };
  auto vector32 = [&]() {
    Bytes b(zb);
    for (size_t e = 0; e < words; ++e) put32(b, e, lane32(r, g.cls));
    return b;
  };
  auto vector64 = [&]() {
    Bytes b(zb);
    for (size_t e = 0; e < zb / 8; ++e) {
      const uint64_t v = lane64(r, g.cls);
      for (size_t i = 0; i < 8; ++i) b[8 * e + i] = static_cast<uint8_t>(v >> (8 * i));
    }
    return b;
  };
  // A vector of the form's source elements.
  auto sources = [&]() { return f.elt == 16 ? vector16() : f.elt == 32 ? vector32() : vector64(); };
  // "cancel": the odd lanes of b undo the even ones (a0*b0 + a1*b1 ~ 0);
  // "halfway": addend lanes whose ulp the products hit at half.
  auto shape_pair = [&](Bytes& a, Bytes& b) {
    if (g.cls != "cancel") return;
    for (size_t e = 0; e + 1 < halves; e += 2)
      if (!r.chance(4)) {
        put16(a, e + 1, get16(a, e));
        put16(b, e + 1, get16(b, e) ^ 0x8000);
        if (r.chance(3)) put16(b, e + 1, static_cast<uint16_t>(get16(b, e + 1) ^ 1));
      }
  };
  // (bf16 only: a product of exponent ex + ey lands on the half ulp of an
  // addend of exponent ex + ey + 24, or on a quarter of it one higher.)
  auto halfway_addends = [&](Bytes& acc, const Bytes& a, const Bytes& b, int parity) {
    if (g.cls != "halfway" || f.half()) return;
    for (size_t e = 0; e < words; ++e) {
      const uint16_t x = get16(a, 2 * e + static_cast<size_t>(parity)), y = get16(b, 2 * e + static_cast<size_t>(parity));
      const int bx = (x >> 7) & 0xff, by = (y >> 7) & 0xff;
      if (bx == 0 || bx == 0xff || by == 0 || by == 0xff) continue;
      const int ea = bx - 127 + by - 127 + 24 + static_cast<int>(r.below(2));
      if (ea < -126 || ea > 127) continue;
      put32(acc, e, (r.chance(2) ? 0x80000000u : 0) | static_cast<uint32_t>(ea + 127) << 23 | static_cast<uint32_t>(r.next() & 0x7fffff));
    }
  };

  if (f.shape == Shape::Mopa) {
    // The tile's elements: single precision (BFMOPA, FMOPA .S), or double.
    const int tile_esize = f.elt == 64 ? 64 : 32;
    const size_t dim = static_cast<size_t>(svl / tile_esize);
    const int tile = static_cast<int>(r.below(static_cast<uint64_t>(tile_esize / 8)));
    const int pn = static_cast<int>(r.below(8)), pm = static_cast<int>(r.below(8));
    const int zn = static_cast<int>(r.below(32));
    const int zm = r.chance(8) ? zn : static_cast<int>(r.below(32));
    Bytes a = sources(), b = zm == zn ? a : sources();
    if (zm != zn && f.elt == 16) shape_pair(a, b);
    std::string pcls_n, pcls_m;
    Bytes pa = predicate(r, svl, &pcls_n, f.elt), pb = pm == pn ? pa : predicate(r, svl, &pcls_m, f.elt);
    if (pm == pn) pcls_m = pcls_n;
    Bytes rows(dim * zb);
    for (size_t s = 0; s < dim; ++s) {
      Bytes row = tile_esize == 64 ? vector64() : vector32();
      // "halfway" (BF16): an addend whose half ulp the first product of the pair hits.
      for (size_t c = 0; g.cls == "halfway" && f.elt == 16 && c < words; ++c) {
        const uint16_t x = get16(a, 2 * s), y = get16(b, 2 * c);
        const int bx = (x >> 7) & 0xff, by = (y >> 7) & 0xff;
        const int ea = bx - 127 + by - 127 + 24 + static_cast<int>(r.below(2));
        if (bx == 0 || bx == 0xff || by == 0 || by == 0xff || ea < -126 || ea > 127) continue;
        put32(row, c, (r.chance(2) ? 0x80000000u : 0) | static_cast<uint32_t>(ea + 127) << 23 |
                          static_cast<uint32_t>(r.next() & 0x7fffff));
      }
      std::copy(row.begin(), row.end(), rows.begin() + static_cast<ptrdiff_t>(s * zb));
    }
    const char* const tsuffix = tile_esize == 64 ? "d" : "s";
    const char* const zsuffix = f.elt == 16 ? "h" : tsuffix;
    g.text = fmt::format("{} za{}.{}, p{}/m, p{}/m, z{}.{}, z{}.{}", f.mnemonic, tile, tsuffix, pn, pm, zn, zsuffix, zm, zsuffix);
    g.cls += "/" + pcls_n + "," + pcls_m;
    g.regs = {{zname(zn), a}, {zname(zm), b}, {fmt::format("p{}", pn), pa}, {fmt::format("p{}", pm), pb}};
    g.q.z = {{zn, a}};
    if (zm != zn) g.q.z.push_back({zm, b});
    g.q.p = {{pn, pa}};
    if (pm != pn) g.q.p.push_back({pm, pb});
    g.q.tile = tile;
    g.q.tile_esize = tile_esize;
    g.q.tile_rows = rows;
    for (size_t s = 0; s < dim; ++s) {
      const std::string za = fmt::format("za[{}]", s * static_cast<size_t>(tile_esize / 8) + static_cast<size_t>(tile));
      g.regs.push_back({za, Bytes(rows.begin() + static_cast<ptrdiff_t>(s * zb), rows.begin() + static_cast<ptrdiff_t>((s + 1) * zb))});
      g.outs.push_back(za);
    }
    g.q.fpcr = g.fpcr;
    g.q.fpsr = g.fpsr;
    return g;
  }

  if (f.check == Check::QemuBfdot) return generate_dot(f, g, r, vector16, vector32, shape_pair, halfway_addends);
  if (f.check == Check::QemuGroups) return generate_groups(f, g, r, sources);
  // A vector of elements of esize bits: FP16, FP32 or FP64 lanes by class, or bytes.
  auto lanes = [&](int esize) {
    if (esize == 64) return vector64();
    if (esize == 32) return vector32();
    if (esize == 8) {  // bytes: any bits, some at the ends of the ranges
      Bytes b(zb);
      for (auto& x : b) x = static_cast<uint8_t>(r.chance(4) ? (r.chance(2) ? 0x80 : 0x7f) : r.next());
      return b;
    }
    Bytes b(zb);
    for (size_t e = 0; e < halves; ++e) put16(b, e, lane16(r, true, g.cls));
    return b;
  };
  if (f.mnemonic == "fclamp") return generate_clamp(f, g, r, lanes);
  if (f.check == Check::QemuSame && !f.tmpl.empty()) return generate_template(f, g, r, lanes);
  if (f.check == Check::QemuSame || f.check == Check::QemuConvert) return generate_z(f, g, r, vector16, vector32);

  // BFMLAL/BFMLSL/FMLAL/FMLSL: Wv, offset, registers by shape.
  const int nreg = f.nreg();
  const int v = 8 + static_cast<int>(r.below(4));
  const uint64_t wv = r.chance(2) ? r.below(2 * (zb / nreg) + 3) : r.next();
  const bool single_offset = f.shape == Shape::Vector || f.shape == Shape::Indexed;
  const int offset = 2 * static_cast<int>(r.below(single_offset ? 8 : 4));
  const size_t vectors = zb, vstride = vectors / static_cast<size_t>(nreg);
  size_t vec = (static_cast<uint32_t>(wv) + static_cast<size_t>(offset)) % vstride;
  vec -= vec % 2;
  int zn = 0, zm = 0, zm_index = 0;
  const bool multi = f.shape == Shape::VectorsX2 || f.shape == Shape::VectorsX4;
  const bool indexed = f.shape == Shape::Indexed || f.shape == Shape::IndexedX2 || f.shape == Shape::IndexedX4;
  if (multi) {  // aligned lists
    zn = static_cast<int>(r.below(32)) / nreg * nreg;
    zm = static_cast<int>(r.below(32)) / nreg * nreg;
  } else {  // Zm is Z0-Z15; indexed lists of two or four are aligned, the others any (wrapping)
    zn = indexed ? static_cast<int>(r.below(32)) / nreg * nreg : static_cast<int>(r.below(32));
    zm = static_cast<int>(r.below(16));
  }
  if (indexed) zm_index = static_cast<int>(r.below(8));
  std::map<int, Bytes> z = source_registers(g, v, wv, zn, zm, nreg, multi, !indexed, vector16, shape_pair);
  for (int grp = 0; grp < nreg; ++grp)
    for (int i = 0; i < 2; ++i) {
      Bytes acc = vector32();
      if (!indexed) halfway_addends(acc, z[(zn + grp) % 32], z[multi ? zm + grp : zm], i);
      const std::string za = fmt::format("za[{}]", vec + static_cast<size_t>(grp) * vstride + static_cast<size_t>(i));
      g.regs.push_back({za, acc});
      g.outs.push_back(za);
    }
  const std::string vg = nreg == 1 ? "" : fmt::format(", vgx{}", nreg);
  const std::string za_op = fmt::format("za.s[w{}, {}:{}{}]", v, offset, offset + 1, vg);
  auto list = [&](int first) { return reg_list(first, nreg, "h"); };
  if (multi) g.text = fmt::format("{} {}, {}, {}", f.mnemonic, za_op, list(zn), list(zm));
  else if (indexed) g.text = fmt::format("{} {}, {}, z{}.h[{}]", f.mnemonic, za_op, list(zn), zm, zm_index);
  else g.text = fmt::format("{} {}, {}, z{}.h", f.mnemonic, za_op, list(zn), zm);

  if (f.check == Check::QemuBfmlal) {
    // QEMU: BFMLALB into the first accumulator, BFMLALT into the second;
    // the accumulators take registers other than Zn and Zm.
    int za0 = 0, za1 = 0;
    do za0 = static_cast<int>(r.below(32)); while (za0 == zn || za0 == zm);
    do za1 = static_cast<int>(r.below(32)); while (za1 == zn || za1 == zm || za1 == za0);
    const Bytes& acc0 = g.regs[g.regs.size() - 2].second;
    const Bytes& acc1 = g.regs[g.regs.size() - 1].second;
    g.q.z = {{zn, z[zn]}};
    if (zm != zn) g.q.z.push_back({zm, z[zm]});
    g.q.z.push_back({za0, acc0});
    g.q.z.push_back({za1, acc1});
    const uint32_t fields = static_cast<uint32_t>(zm) << 16 | static_cast<uint32_t>(zn) << 5;
    g.q.words = {0x64e08000u | fields | static_cast<uint32_t>(za0), 0x64e08400u | fields | static_cast<uint32_t>(za1)};
    g.q.z_out = {za0, za1};
    g.q.fpcr = g.fpcr | 0x02000000u;  // DN: the SME form's default NaNs
    g.q.fpsr = g.fpsr;
  }
  return g;
}

// ---- our side -----------------------------------------------------------------

struct Ours {
  bool faulted = false;
  std::string fault;
  std::vector<Bytes> outs;  // g.outs in order
  uint64_t fpsr = 0;
};

// Registers through the machine interface (sim/machine.hpp); the reset that
// keeps the machine (the interface's makes a new one), Streaming mode and the
// word run at the PC by sme2's own machine.
Ours run_ours(targets::Sme2Machine& m, const GenCase& g, Bits word) {
  m.raw().reset();
  m.raw().start_streaming();
  m.set("fpcr", Bits(64, g.fpcr));
  m.set("fpsr", Bits(64, g.fpsr));
  for (const auto& [reg, bytes] : g.regs) m.set(reg, to_bits(bytes));
  Ours o;
  try {
    m.raw().execute(word);
  } catch (const Fault& e) {
    o.faulted = true;
    o.fault = e.what();
    return o;
  }
  for (const std::string& reg : g.outs) o.outs.push_back(to_bytes(m.get(reg)));
  o.fpsr = m.get("fpsr").low64();
  return o;
}

// ---- the MPFR reference ---------------------------------------------------------

uint32_t widen_for_za(uint16_t h, bool half, bool fz16) {
  if (!half) return static_cast<uint32_t>(h) << 16;
  if ((h & 0x7c00) == 0x7c00 && (h & 0x3ff)) return 0x7fc00000u;
  if ((h & 0x7c00) == 0 && fz16) return static_cast<uint32_t>(h & 0x8000u) << 16;
  return static_cast<uint32_t>(ref::FPConvert(fp::Format::F16, fp::Format::F32, h, fp::FPCR{}, fp::Rounding::TieEven).bits);
}

// The expected accumulators of an MPFR-checked case, in g.outs order.
std::vector<Bytes> mpfr_expected(const Form& f, const GenCase& g) {
  std::map<std::string, const Bytes*> in;
  for (const auto& [reg, bytes] : g.regs) in[reg] = &bytes;
  const size_t words = static_cast<size_t>(g.svl) / 32;
  // Parse what generate() chose back from the text's registers: the
  // accumulators are g.outs (group-major, even then odd), the sources by
  // name in the text.
  const int nreg = f.nreg();
  std::vector<int> zn(static_cast<size_t>(nreg)), zm(static_cast<size_t>(nreg));
  int index = -1;
  {
    // "<mn> za.s[wV, a:b{, vgxN}], LIST|zN.h, LIST|zM.h{[i]}"
    const std::string& t = g.text;
    std::vector<int> regs;
    for (size_t p = t.find(']'); p < t.size(); ++p)
      if (t[p] == 'z' && p + 1 < t.size() && std::isdigit(static_cast<unsigned char>(t[p + 1]))) {
        int n = 0;
        size_t q = p + 1;
        while (q < t.size() && std::isdigit(static_cast<unsigned char>(t[q]))) n = n * 10 + (t[q++] - '0');
        regs.push_back(n);
        p = q;
      }
    const size_t lb = t.rfind('[');
    if (t.back() == ']' && lb != std::string::npos && lb > t.find(']')) index = std::stoi(t.substr(lb + 1));
    const bool multi = f.shape == Shape::VectorsX2 || f.shape == Shape::VectorsX4;
    for (int k = 0; k < nreg; ++k) {
      zn[static_cast<size_t>(k)] = regs.at(static_cast<size_t>(k));
      zm[static_cast<size_t>(k)] = multi ? regs.at(static_cast<size_t>(nreg + k)) : regs.at(static_cast<size_t>(nreg));
    }
  }
  fp::FPCR fpcr = fp::FPCR::from_bits(static_cast<uint32_t>(g.fpcr));
  fpcr.dn = true;
  const bool fz16 = fpcr.fz16;
  std::vector<Bytes> out;
  for (int grp = 0; grp < nreg; ++grp)
    for (int i = 0; i < 2; ++i) {
      const Bytes& acc = *in.at(g.outs[static_cast<size_t>(2 * grp + i)]);
      const Bytes& a = *in.at(zname(zn[static_cast<size_t>(grp)]));
      const Bytes& b = *in.at(zname(zm[static_cast<size_t>(grp)]));
      Bytes res(acc.size());
      for (size_t e = 0; e < words; ++e) {
        uint16_t x = get16(a, 2 * e + static_cast<size_t>(i));
        const size_t segmentbase = e - e % 4;
        const uint16_t y = index >= 0 ? get16(b, 2 * segmentbase + static_cast<size_t>(index)) : get16(b, 2 * e + static_cast<size_t>(i));
        if (f.sub()) x ^= 0x8000;
        const uint32_t r = static_cast<uint32_t>(
            ref::FPMulAdd(fp::Format::F32, get32(acc, e), widen_for_za(x, f.half(), fz16), widen_for_za(y, f.half(), fz16), fpcr).bits);
        put32(res, e, r);
      }
      out.push_back(std::move(res));
    }
  return out;
}

// ---- stored vectors ------------------------------------------------------------

uint64_t input_hash(const GenCase& g, uint64_t word) {
  uint64_t h = kFnv1aBasis;
  h = fnv1a(Bytes{static_cast<uint8_t>(g.svl / 128)}, h);
  for (uint64_t v : {g.fpcr, g.fpsr, word}) h = fnv1a(le64(v), h);
  for (const auto& [reg, bytes] : g.regs) h = fnv1a(bytes, fnv1a(reg, h));
  return h;
}

// What QEMU's compared outputs digest to (fpsr included where it is compared).
uint64_t output_digest(const std::vector<Bytes>& outs, bool with_fpsr, uint64_t fpsr) {
  uint64_t h = kFnv1aBasis;
  for (const Bytes& b : outs) h = fnv1a(b, h);
  if (with_fpsr) h = fnv1a(le64(fpsr), h);
  return h;
}

// ---- the suite ------------------------------------------------------------------

std::string quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

class Sme2Suite final : public Suite {
 public:
  // A vectors line's one item: the digest of QEMU's outputs.
  Sme2Suite()
      : forms_(za_forms()), vectors_("sme2", "za", 16, [](const std::vector<std::string>& items) {
          return !items.empty() && items[0].size() == 16 ? std::string() : std::string("malformed vector line");
        }) {}

  std::string name() const override { return "za"; }
  std::string target() const override { return "sme2"; }
  std::string description() const override {
    return "sme2 BF16/FP16 instructions at SVL 128..2048: BFMOPA, BFMOPS, BFDOT, BFVDOT, the single-vector BFMLAL, "
           "SME2 BFCVT/BFCVTN and SVE BFCVT, BFCVTNT, BFDOT, BFMLALB/T vs QEMU (qemu-aarch64 SME and SVE, or its recorded "
           "results); every other BFMLAL/BFMLSL/FMLAL/FMLSL form vs MPFR";
  }
  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const Form& f : forms_) names.push_back(f.name);
    return names;
  }
  uint64_t default_cases() const override { return 300; }

  bool set_option(const std::string& key, const std::string& value) override {
    return options_.set(key, value);
  }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    struct One : CaseSink {
      CaseOutcome o;
      void record(size_t, uint64_t, const CaseOutcome& out) override { o = out; }
    } sink;
    run_range(op, index, index + 1, seed, sink);
    return sink.o;
  }

  void run_range(size_t op, uint64_t begin, uint64_t end, uint64_t seed, CaseSink& sink) const override {
    if (op >= forms_.size()) throw std::out_of_range("no such operation");
    const Form& f = forms_[op];
    const targets::sme2::Target& t = shared_target();
    // A WordIsa of this call's own: assembling and decoding run pseudocode in
    // the WordIsa's engine, which threads must not share.
    as::WordIsa isa(*t.spec, targets::all_builtins(), targets::sme2::a64_rules());
    for (const std::string& feat : t.isa->features()) isa.features().insert(feat);
    std::map<int, std::unique_ptr<targets::Sme2Machine>> machines;
    std::vector<GenCase> cases;
    std::vector<uint64_t> words;
    for (uint64_t i = begin; i < end; ++i) {
      GenCase g = generate(f, i, seed, op);
      const uint64_t w = isa.assemble(g.text).word.low64();
      if (f.check == Check::QemuMopa || f.check == Check::QemuSame) g.q.words = {static_cast<uint32_t>(w)};
      words.push_back(w);
      cases.push_back(std::move(g));
    }
    std::vector<Ours> ours;
    for (size_t k = 0; k < cases.size(); ++k) {
      auto& m = machines[cases[k].svl];
      if (!m) {
        targets::MachineOptions o;
        o.svl = cases[k].svl;
        m = std::make_unique<targets::Sme2Machine>(isa, o);
      }
      m->raw().engine().coverage = sink.coverage();
      ours.push_back(run_ours(*m, cases[k], Bits(32, words[k])));
    }
    if (f.check == Check::Mpfr) {
      for (size_t k = 0; k < cases.size(); ++k) sink.record(op, begin + k, compare_mpfr(f, cases[k], ours[k], seed));
      return;
    }
    const std::string oracle = resolved_oracle();
    std::vector<std::optional<uint64_t>> expected_digest(cases.size());
    std::vector<std::optional<qemu_sme2::Result>> expected(cases.size());
    if (oracle == "qemu") {
      std::string why;
      auto tools = qemu_sme2::find_tools(&why);
      if (!tools) throw qemu_sme2::OracleError(fmt::format("the QEMU oracle cannot run: {}", why));
      std::map<int, std::vector<size_t>> by_svl;
      for (size_t k = 0; k < cases.size(); ++k) by_svl[cases[k].svl].push_back(k);
      for (const auto& [svl, ks] : by_svl) {
        std::vector<qemu_sme2::Case> batch;
        for (size_t k : ks) batch.push_back(cases[k].q);
        std::vector<qemu_sme2::Result> rs = qemu_sme2::run(*tools, svl, batch);
        for (size_t j = 0; j < ks.size(); ++j) expected[ks[j]] = std::move(rs[j]);
      }
      for (size_t k = 0; k < cases.size(); ++k) expected_digest[k] = digest_of(f, *expected[k], cases[k].svl);
    } else {
      expected_digest = stored_digests(op, begin, cases, words, seed);
    }
    for (size_t k = 0; k < cases.size(); ++k)
      sink.record(op, begin + k, compare_qemu(f, cases[k], ours[k], expected[k], *expected_digest[k], seed, oracle));
    if (!options_.record_dir().empty()) record(op, begin, cases, words, expected_digest, seed);
  }

 private:
  const targets::sme2::Target& shared_target() const {
    std::call_once(load_once_, [&] { target_ = targets::sme2::load(); });
    return target_;
  }

  std::string resolved_oracle() const {
    return options_.resolve([] { return qemu_sme2::find_tools().has_value(); });
  }

  // Whether QEMU's FPSR is compared: everywhere but where its SVE BFMLALB/T
  // stand for the SME BFMLAL, which records no flags.
  static bool compares_fpsr(const Form& f) { return f.check != Check::QemuBfmlal && f.check != Check::QemuGroups; }

  // QEMU's outputs in our order: the tile's rows (and FPSR) for BFMOPA and
  // BFMOPS, the BFMLALB and BFMLALT results for BFMLAL, the BFDOT result of
  // each group.
  static std::vector<Bytes> qemu_outs(const Form& f, const qemu_sme2::Result& q, int svl) {
    if (f.check == Check::QemuConvert && f.mnemonic == "bfcvt") {  // the even halves of z16 then z17
      Bytes packed(q.z_out[0].size());
      const size_t words = packed.size() / 4;
      for (size_t k = 0; k < 2; ++k)
        for (size_t e = 0; e < words; ++e) put16(packed, k * words + e, get16(q.z_out[k], 2 * e));
      return {packed};
    }
    if (f.check != Check::QemuMopa) {
      std::vector<Bytes> outs = q.z_out;
      outs.insert(outs.end(), q.p_out.begin(), q.p_out.end());
      return outs;
    }
    std::vector<Bytes> rows;
    const size_t zb = static_cast<size_t>(svl) / 8;
    for (size_t s = 0; s * zb < q.tile_rows.size(); ++s)
      rows.emplace_back(q.tile_rows.begin() + static_cast<ptrdiff_t>(s * zb), q.tile_rows.begin() + static_cast<ptrdiff_t>((s + 1) * zb));
    return rows;
  }
  static uint64_t digest_of(const Form& f, const qemu_sme2::Result& q, int svl) {
    return output_digest(qemu_outs(f, q, svl), compares_fpsr(f), q.fpsr);
  }

  std::vector<std::optional<uint64_t>> stored_digests(size_t op, uint64_t begin, const std::vector<GenCase>& cases,
                                                      const std::vector<uint64_t>& words, uint64_t seed) const {
    std::vector<std::optional<uint64_t>> out;
    for (size_t k = 0; k < cases.size(); ++k)
      out.push_back(std::stoull(vectors_.items(options_.vectors_dir(), op, forms_[op].name, begin + k, seed,
                                               input_hash(cases[k], words[k]))[0],
                                nullptr, 16));
    return out;
  }

  void record(size_t op, uint64_t begin, const std::vector<GenCase>& cases, const std::vector<uint64_t>& words,
              const std::vector<std::optional<uint64_t>>& digests, uint64_t seed) const {
    std::vector<std::pair<uint64_t, std::string>> lines;
    for (size_t k = 0; k < cases.size(); ++k)
      lines.emplace_back(begin + k, fmt::format("{} {:016x} {:016x}", begin + k, input_hash(cases[k], words[k]), *digests[k]));
    vectors_.record(options_.record_dir(), op, forms_[op].name, seed,
                    "index, hash of the inputs and the word, digest (FNV-1a) of QEMU's compared outputs", lines);
  }

  std::string reproducer(const GenCase& g) const {
    std::string sets;
    for (const auto& [reg, bytes] : g.regs) sets += fmt::format(" --set {}={}", reg, hex_le(bytes));
    std::string shows;
    for (const std::string& reg : g.outs) shows += " --show " + reg;
    return fmt::format("mlisa exec --target sme2 --svl {} --set fpcr=0x{:x} --set fpsr=0x{:x}{}{} {}", g.svl, g.fpcr,
                       g.fpsr, sets, shows, quote(g.text));
  }

  static bool nan_in(const GenCase& g, const std::vector<Bytes>& results) {
    for (const Bytes& b : results)
      for (size_t e = 0; e < b.size() / 4; ++e) {
        const uint32_t v = get32(b, e);
        if ((v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffffu)) return true;
      }
    (void)g;
    return false;
  }

  CaseOutcome compare_mpfr(const Form& f, const GenCase& g, const Ours& ours, uint64_t seed) const {
    CaseOutcome out;
    out.operand_class = g.cls;
    if (ours.faulted) {
      out.detail = fmt::format("'{}' (seed {}, SVL {}): ours faulted: {}", g.text, seed, g.svl, ours.fault);
      return out;
    }
    const std::vector<Bytes> want = mpfr_expected(f, g);
    out.nan_case = nan_in(g, want);
    out.passed = want == ours.outs && ours.fpsr == g.fpsr;
    std::string differ;
    for (size_t k = 0; k < want.size(); ++k)
      if (want[k] != ours.outs[k]) differ += fmt::format(" {}: ours {} MPFR {}", g.outs[k], hex_le(ours.outs[k]), hex_le(want[k]));
    if (ours.fpsr != g.fpsr) differ += fmt::format(" fpsr changed to 0x{:x}", ours.fpsr);
    out.detail = fmt::format("'{}' (seed {}, SVL {}): {}; ours: {}", g.text, seed, g.svl,
                             out.passed ? "ours and MPFR agree" : "differ:" + differ, reproducer(g));
    return out;
  }

  CaseOutcome compare_qemu(const Form& f, const GenCase& g, const Ours& ours, const std::optional<qemu_sme2::Result>& q,
                           uint64_t digest, uint64_t seed, const std::string& oracle) const {
    CaseOutcome out;
    out.operand_class = g.cls;
    const char* who = oracle == "qemu" ? "QEMU" : "QEMU (stored)";
    if (ours.faulted) {
      out.detail = fmt::format("'{}' (seed {}, SVL {}): ours faulted ({}), {} did not", g.text, seed, g.svl, ours.fault, who);
      return out;
    }
    // Where QEMU's FPSR is not compared, ours must keep its flags.
    const bool fpsr_kept = compares_fpsr(f) || ours.fpsr == g.fpsr;
    out.passed = output_digest(ours.outs, compares_fpsr(f), ours.fpsr) == digest && fpsr_kept;
    out.nan_case = nan_in(g, ours.outs);
    std::string differ;
    if (q) {
      const std::vector<Bytes> theirs = qemu_outs(f, *q, g.svl);
      out.nan_case = out.nan_case || nan_in(g, theirs);
      for (size_t k = 0; k < theirs.size() && k < ours.outs.size(); ++k)
        if (theirs[k] != ours.outs[k]) differ += fmt::format(" {}: ours {} {} {}", g.outs[k], hex_le(ours.outs[k]), who, hex_le(theirs[k]));
      if (compares_fpsr(f) && q->fpsr != ours.fpsr)
        differ += fmt::format(" fpsr: ours 0x{:x} {} 0x{:x}", ours.fpsr, who, q->fpsr);
    } else if (!out.passed) {
      differ = fmt::format(" the digest of our outputs is not the stored one");
    }
    if (!fpsr_kept) differ += fmt::format(" our fpsr changed to 0x{:x}", ours.fpsr);
    std::string note;
    if (q && f.check == Check::QemuBfmlal && q->fpsr != g.fpsr)
      note = fmt::format(" (QEMU's SVE BFMLALB/T set fpsr to 0x{:x}; the SME form records no flags)", q->fpsr);
    out.detail = fmt::format("'{}' (seed {}, SVL {}): {}{}; ours: {}", g.text, seed, g.svl,
                             out.passed ? std::string("ours and ") + who + " agree" : "differ:" + differ, note,
                             reproducer(g));
    return out;
  }

  std::vector<Form> forms_;
  OracleOptions options_;
  StoredVectors vectors_;
  mutable std::once_flag load_once_;
  mutable targets::sme2::Target target_;
};

}  // namespace

std::unique_ptr<Suite> make_sme2_za_suite() { return std::make_unique<Sme2Suite>(); }

}  // namespace mlisa::verify
