// mlisa exec: assembles a snippet of a single-word target and runs it from the
// reset state (docs/mve.md, "mlisa exec").
//
//   mlisa exec --target mve [--set REG=VALUE]... [--show REG]... [--fp-disabled]
//              [--encodings] [--spec-dir DIR] 'INSN[; INSN...]'
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "core/fp.hpp"
#include "core/number_parse.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/word_program.hpp"

#include <fmt/format.h>
#include <mpfr.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

namespace mlisa::cli {

namespace {

using spec::Bits;

struct ExecOptions {
  std::string target, spec_dir, program;
  std::vector<std::string> sets, shows;
  bool fp_disabled = false, encodings = false;
  int svl = 512;
};

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) {
      out.push_back(std::string(trim(std::string_view(s).substr(start, i - start))));
      start = i + 1;
    }
  return out;
}

// A decimal number rounded once, to nearest with ties to even, into format f.
uint64_t decimal_to(std::string_view text, fp::Format f) {
  const auto t = fp::traits(f);
  const std::string z(text);
  const mpfr_exp_t old_emin = mpfr_get_emin(), old_emax = mpfr_get_emax();
  mpfr_set_emin(t.min_exp - t.frac_bits + 1);
  mpfr_set_emax(2 - t.min_exp);
  mpfr_t x;
  mpfr_init2(x, t.frac_bits + 1);
  char* end = nullptr;
  int inex = mpfr_strtofr(x, z.c_str(), &end, 10, MPFR_RNDN);
  const bool whole = end && *end == '\0' && !z.empty();
  inex = mpfr_check_range(x, inex, MPFR_RNDN);
  mpfr_subnormalize(x, inex, MPFR_RNDN);
  double d = mpfr_get_d(x, MPFR_RNDN);
  if (mpfr_zero_p(x) && mpfr_signbit(x)) d = -0.0;
  mpfr_clear(x);
  mpfr_set_emin(old_emin);
  mpfr_set_emax(old_emax);
  if (!whole) throw InputError(fmt::format("malformed number '{}'", text));
  uint64_t bits = 0;
  std::memcpy(&bits, &d, sizeof bits);
  if (f == fp::Format::F64) return bits;
  fp::Context ctx;
  return fp::FPConvert(fp::Format::F64, f, bits, ctx);  // exact: d is representable in f
}

// One lane: `nan` (default NaN), `snan` (the signalling NaN with only the
// top fraction bit below the quiet bit set), `snan:0x..`/`nan:0x..`/`0x..`
// (raw bits), `inf`, `-inf`, decimals; integers for s/u/i/x types.
uint64_t parse_lane(const std::string& text, const std::string& type, uint32_t esize) {
  const std::string v = to_lower(text);
  const bool is_float = type[0] == 'f' || type == "bf16";
  if (v.rfind("snan:", 0) == 0 || v.rfind("nan:", 0) == 0) {
    uint64_t out = 0;
    if (!is_float || parse_hex(v.substr(v.find(':') + 1), static_cast<int>(esize), out) != ParseStatus::Ok)
      throw InputError(fmt::format("lane '{}': expected {}:0x... with at most {} bits", text, v.substr(0, v.find(':')), esize));
    return out;
  }
  if (v.rfind("0x", 0) == 0) {
    uint64_t out = 0;
    if (parse_hex(v, static_cast<int>(esize), out) != ParseStatus::Ok)
      throw InputError(fmt::format("lane '{}' is not a hex pattern of at most {} bits", text, esize));
    return out;
  }
  if (is_float) {
    const fp::Format f = type == "bf16" ? fp::Format::BF16
                         : esize == 16  ? fp::Format::F16
                         : esize == 32  ? fp::Format::F32
                                        : fp::Format::F64;
    const auto t = fp::traits(f);
    const uint64_t quiet = uint64_t{1} << (t.frac_bits - 1);
    if (v == "nan") return fp::FPDefaultNaN(f);
    if (v == "snan") return (fp::FPInfinity(f, false)) | (quiet >> 1);
    if (v == "inf" || v == "+inf") return fp::FPInfinity(f, false);
    if (v == "-inf") return fp::FPInfinity(f, true);
    return decimal_to(v, f);
  }
  uint64_t out = 0;
  const bool is_signed = type[0] == 's' || type[0] == 'i';
  if (parse_integer(v, static_cast<int>(esize), is_signed, out) != ParseStatus::Ok)
    throw InputError(fmt::format("lane '{}' is not a {} value", text, type));
  return out;
}

// --set fpscr=V writes what VMSR writes, but for LTPSIZE, which keeps its
// value (4 after reset): a value given for FPSCR's flags or rounding mode
// must not turn on tail predication. `--set ltpsize=N` sets it.
void keep_ltpsize(const targets::mve::Machine& m, const std::string& reg, Bits& value) {
  if (reg != "fpscr") return;
  constexpr uint64_t kWritable = 0xFFC8009Full;  // VMSR's bits, less LTPSIZE (18:16)
  value = Bits(32, (value.low64() & kWritable) | (m.get("fpscr").low64() & 0x00070000ull));
}

// REG=VALUE or REG.TYPE=LANE,LANE,...: VALUE is 0x hex (at most the
// register's width) or a decimal integer, negative ones included.
template <class M>
void apply_set(M& m, const std::string& item) {
  const size_t eq = item.find('=');
  if (eq == std::string::npos) throw UsageError(fmt::format("--set '{}': expected REG=VALUE", item));
  std::string reg = to_lower(trim(item.substr(0, eq)));
  const std::string value(trim(item.substr(eq + 1)));
  std::string type;
  if (const size_t dot = reg.find('.'); dot != std::string::npos) {
    type = reg.substr(dot + 1);
    reg = reg.substr(0, dot);
  }
  constexpr bool kMve = std::is_same_v<M, targets::mve::Machine>;
  // FPSCR.LTPSIZE on its own (mve): 0-4, the element size of tail predication.
  if (kMve && reg == "ltpsize" && type.empty()) {
    uint64_t n = 0;
    if (parse_integer(value, 8, false, n) != ParseStatus::Ok || n > 4)
      throw InputError(fmt::format("--set ltpsize: '{}' is not 0 to 4", value));
    const uint64_t fpscr = m.get("fpscr").low64();
    m.set("fpscr", Bits(32, (fpscr & ~0x00070000ull) | n << 16));
    return;
  }
  const int w = m.width_of(reg);
  if (w == 0) throw InputError(fmt::format("--set: unknown register '{}'", reg));
  Bits out = Bits::zeros(static_cast<uint32_t>(w));
  if (type.empty()) {
    uint64_t lo = 0;
    std::string digits = to_lower(value);
    if (digits.rfind("0x", 0) != 0) {
      // A decimal integer, signed or unsigned; a negative one fills the register's upper bits.
      const int bits = std::min(w, 64);
      if (parse_integer(digits, bits, true, lo) != ParseStatus::Ok &&
          parse_integer(digits, bits, false, lo) != ParseStatus::Ok)
        throw InputError(fmt::format("--set {}: '{}' is neither a 0x hex value nor an integer of {} bits (or give lanes: "
                                     "{}.f32=...)",
                                     reg, value, w, reg));
      out.set_slice(0, Bits(static_cast<uint32_t>(bits), lo));
      if (w > 64 && !digits.empty() && digits[0] == '-') out.set_slice(64, Bits::ones(static_cast<uint32_t>(w - 64)));
      if constexpr (kMve) keep_ltpsize(m, reg, out);
      m.set(reg, out);
      return;
    }
    digits = digits.substr(2);
    if (digits.empty() || digits.size() > static_cast<size_t>(w / 4))
      throw InputError(fmt::format("--set {}: '{}' does not fit in {} bits", reg, value, w));
    for (size_t end = digits.size(), chunk = 0; end > 0; ++chunk) {
      const size_t start = end > 16 ? end - 16 : 0;
      if (parse_hex("0x" + digits.substr(start, end - start), 64, lo) != ParseStatus::Ok)
        throw InputError(fmt::format("--set {}: '{}' is not a hex value", reg, value));
      const uint32_t at = static_cast<uint32_t>(chunk) * 64;
      out.set_slice(at, Bits(std::min<uint32_t>(64, static_cast<uint32_t>(w) - at), lo));
      end = start;
    }
  } else {
    static const std::vector<std::string> types = {"s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "i8", "i16",
                                                   "i32", "i64", "x8", "x16", "x32", "x64", "f16", "f32", "f64", "bf16"};
    if (std::find(types.begin(), types.end(), type) == types.end())
      throw InputError(fmt::format("--set {}.{}: unknown lane type (s8..s64, u8..u64, i8..i64, x8..x64, f16, f32, f64)", reg, type));
    const uint32_t esize = static_cast<uint32_t>(std::stoul(type.substr(type == "bf16" ? 2 : 1)));
    if (esize > static_cast<uint32_t>(w)) throw InputError(fmt::format("--set {}.{}: lanes wider than the register", reg, type));
    const auto lanes = split(value, ',');
    if (lanes.size() > static_cast<size_t>(w) / esize)
      throw InputError(fmt::format("--set {}.{}: {} lanes given, the register has {}", reg, type, lanes.size(), w / esize));
    for (size_t i = 0; i < lanes.size(); ++i)
      out.set_slice(static_cast<uint32_t>(i) * esize, Bits(esize, parse_lane(lanes[i], type, esize)));
  }
  if constexpr (kMve) keep_ltpsize(m, reg, out);
  m.set(reg, out);
}

// The sme2 target: A64 words little-endian; the run starts in Streaming SVE
// mode with ZA enabled (docs/sme2.md).
int run_exec_sme2(const ExecOptions& o) {
  auto t = targets::sme2::load(o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir));
  targets::sme2::Machine m(*t.isa, o.svl);
  for (const std::string& r : o.shows)
    if (m.width_of(to_lower(r)) == 0) throw InputError(fmt::format("--show: unknown register '{}'", r));
  std::vector<Bits> words;
  std::vector<std::string> texts;
  for (const std::string& insn : split(o.program, ';')) {
    if (insn.empty()) continue;
    words.push_back(t.isa->assemble(insn).word);
    texts.push_back(insn);
  }
  m.start_streaming();
  for (const std::string& s : o.sets) apply_set(m, s);
  if (o.encodings)
    for (size_t i = 0; i < words.size(); ++i) {
      std::string bytes;
      for (uint8_t b : targets::sme2::a64_bytes(words[i])) bytes += fmt::format("{}0x{:02x}", bytes.empty() ? "" : ",", b);
      fmt::print("{:<32} @ encoding: [{}]\n", texts[i], bytes);
    }
  for (const Bits& w : words) m.execute(w);
  for (const std::string& r : o.shows) fmt::print("{}={}\n", to_lower(r), m.get(to_lower(r)).to_hex());
  return 0;
}

int run_exec(const ExecOptions& o) {
  if (o.target == "sme2" || o.target == "armv9-a+sme2") return run_exec_sme2(o);
  if (o.target != "mve") throw UsageError(fmt::format("mlisa exec supports --target mve or sme2 (not '{}')", o.target));
  for (const std::string& r : o.shows)
    if (targets::mve::Machine::width_of(to_lower(r)) == 0) throw InputError(fmt::format("--show: unknown register '{}'", r));
  auto t = targets::mve::load(o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir));
  // The snippet is a small program at address 0 (so IT blocks and branches
  // to labels work), run from the reset state plus --set until the PC leaves
  // it. Statements are separated by ';' or newlines.
  std::string source;
  for (const std::string& insn : split(o.program, ';')) source += insn + "\n";
  const targets::LinkLayout layout = targets::mve::Machine::layout();
  const as::Object obj = targets::assemble_word_program(*t.isa, source, "<exec>", layout);
  const targets::ProgramImage image = targets::place_object(obj, layout);
  targets::mve::Machine m(*t.isa);
  m.reset(!o.fp_disabled);
  uint64_t code_end = 0;
  for (const auto& seg : image.segments) {
    if (!seg.bytes.empty()) m.memory().load(seg.address, seg.bytes.data(), seg.bytes.size());
    if (seg.code) code_end = std::max<uint64_t>(code_end, seg.address + seg.bytes.size());
  }
  for (const std::string& s : o.sets) apply_set(m, s);
  if (o.encodings)
    for (const auto& line : obj.lines) {
      const std::vector<uint8_t>& code = obj.sections.at(static_cast<size_t>(line.section)).bytes;
      std::string bytes;
      for (size_t i = 0; i < line.size && line.offset + i < code.size(); ++i)
        bytes += fmt::format("{}0x{:02x}", bytes.empty() ? "" : ",", code[line.offset + i]);
      fmt::print("{:<32} @ encoding: [{}]\n", line.text, bytes);
    }
  constexpr uint64_t kMaxSteps = 1'000'000;
  uint64_t steps = 0;
  while (m.get("pc").low64() < code_end && !m.exit_status()) {
    if (++steps > kMaxSteps) throw Fault("step limit", fmt::format("the snippet ran {} instructions", kMaxSteps));
    m.step();
  }
  for (const std::string& r : o.shows) fmt::print("{}={}\n", to_lower(r), m.get(to_lower(r)).to_hex());
  return 0;
}

}  // namespace

Action setup_exec(CLI::App& sub, const GlobalOptions&) {
  auto o = std::make_shared<ExecOptions>();
  sub.add_option("--target", o->target, "Target (mve, sme2)")->required();
  sub.add_option("--svl", o->svl, "sme2: the streaming vector length in bits (128..2048, a power of two; default 512)");
  sub.add_option("--set", o->sets,
                 "REG=VALUE (0x hex or a decimal integer, negative too) or REG.TYPE=LANE,... before the run "
                 "(mve: r0-r15, s0-s31, d0-d15, q0-q7, fpscr (LTPSIZE kept), ltpsize, vpr, apsr; sme2: its registers)");
  sub.add_option("--show", o->shows, "Print REG=0x... after the run (full width, lane 0 in the low bits)");
  sub.add_flag("--fp-disabled", o->fp_disabled, "Leave CPACR.CP10/CP11 at 0: FP and MVE instructions fault (NOCP)");
  sub.add_flag("--encodings", o->encodings, "Print each instruction's bytes (T32 halfword order) before running");
  sub.add_option("--spec-dir", o->spec_dir, "Load DIR/<target>/*.isa over the embedded specs");
  add_engine_option(sub);
  sub.add_option("program", o->program, "Instructions separated by ';'")->required();
  return [o]() { return run_exec(*o); };
}

}  // namespace mlisa::cli
