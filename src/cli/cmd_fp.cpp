// mlisa fp: a calculator over the Arm floating-point library (src/core/fp.hpp).
//
//   mlisa fp OP FORMAT A [B [C]] [--fpcr FIELD=V,...] [--rounding MODE]
//   mlisa fp --batch [--fpcr ...] [--rounding ...]   < lines "OP FORMAT A [B [C]]"
//
// The operations and their semantics are listed in docs/fp.md.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <sys/types.h>

#include "cli/command.hpp"
#include "core/diag.hpp"
#include "core/fp.hpp"
#include "core/fp_literal.hpp"
#include "core/number_parse.hpp"

namespace mlisa::cli {

namespace {

using fp::Format;

enum class Op : uint8_t { Add, Sub, Mul, Div, Sqrt, MulAdd, Max, Min, MaxNum, MinNum, Compare, CompareE, Abs, Neg, Cvt };

struct OpInfo {
  std::string_view name;
  Op op;
  int arity;
  const char* operands;  // for messages
};

constexpr OpInfo kOps[] = {
    {"add", Op::Add, 2, "A B"},          {"sub", Op::Sub, 2, "A B"},
    {"mul", Op::Mul, 2, "A B"},          {"div", Op::Div, 2, "A B"},
    {"sqrt", Op::Sqrt, 1, "A"},          {"muladd", Op::MulAdd, 3, "ADDEND OP1 OP2"},
    {"max", Op::Max, 2, "A B"},          {"min", Op::Min, 2, "A B"},
    {"maxnum", Op::MaxNum, 2, "A B"},    {"minnum", Op::MinNum, 2, "A B"},
    {"compare", Op::Compare, 2, "A B"},  {"comparee", Op::CompareE, 2, "A B"},
    {"abs", Op::Abs, 1, "A"},            {"neg", Op::Neg, 1, "A"},
};

constexpr const char* kOpList =
    "add, sub, mul, div, sqrt, muladd, max, min, maxnum, minnum, compare, comparee, abs, neg, cvt.FROM.TO";

// A value type: one of the four float formats, or a 32/64-bit integer.
struct NumType {
  bool is_int = false;
  Format fmt = Format::F32;  // when !is_int
  int width = 32;
  bool is_signed = false;    // when is_int
  std::string_view name;
};

constexpr NumType kTypes[] = {
    {false, Format::F16, 16, false, "f16"}, {false, Format::BF16, 16, false, "bf16"},
    {false, Format::F32, 32, false, "f32"}, {false, Format::F64, 64, false, "f64"},
    {true, Format::F32, 32, true, "s32"},   {true, Format::F32, 32, false, "u32"},
    {true, Format::F32, 64, true, "s64"},   {true, Format::F32, 64, false, "u64"},
};

const NumType* find_type(std::string_view name) {
  for (const auto& t : kTypes)
    if (t.name == name) return &t;
  return nullptr;
}

uint64_t mask_of(int width) { return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

// One parsed operation.
struct Job {
  const OpInfo* info = nullptr;  // null for a conversion
  Op op = Op::Add;
  const NumType* from = nullptr;  // operand type (the FORMAT)
  const NumType* to = nullptr;    // result type (== from except conversions)
  int arity = 0;
  std::array<uint64_t, 3> operands{};
};

// Where a line went wrong: the token index (== token count for "missing") and why.
struct JobError {
  size_t token;
  std::string message;
};

// ---- operand literals --------------------------------------------------------

uint64_t pack_float(Format f, bool sign, uint64_t biased_exp, uint64_t frac) {
  auto t = fp::traits(f);
  return (uint64_t{sign} << (t.width - 1)) | (biased_exp << t.frac_bits) | frac;
}

uint64_t all_ones_exp(Format f) { return (uint64_t{1} << fp::traits(f).exp_bits) - 1; }

std::optional<std::string> parse_operand(std::string_view text, const NumType& type, uint64_t& out) {
  if (type.is_int) {
    switch (parse_integer(text, type.width, type.is_signed, out)) {
      case ParseStatus::Ok: return std::nullopt;
      case ParseStatus::TooWide:
        return fmt::format("operand '{}' is wider than {} ({} bits)", text, type.name, type.width);
      case ParseStatus::OutOfRange: return fmt::format("operand '{}' is out of range for {}", text, type.name);
      case ParseStatus::Malformed: break;
    }
    return fmt::format("malformed operand '{}' (expected 0x-prefixed hex or a decimal integer)", text);
  }
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    switch (parse_hex(text, type.width, out)) {
      case ParseStatus::Ok: return std::nullopt;
      case ParseStatus::TooWide:
        return fmt::format("operand '{}' is wider than {} ({} bits)", text, type.name, type.width);
      default: return fmt::format("malformed hex operand '{}'", text);
    }
  }
  std::string_view body = text;
  bool sign = false;
  if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
    sign = body[0] == '-';
    body.remove_prefix(1);
  }
  auto t = fp::traits(type.fmt);
  if (iequals(body, "inf") || iequals(body, "infinity")) {
    out = pack_float(type.fmt, sign, all_ones_exp(type.fmt), 0);
    return std::nullopt;
  }
  if (iequals(body, "nan")) {  // the default NaN (with the sign given)
    out = pack_float(type.fmt, sign, all_ones_exp(type.fmt), uint64_t{1} << (t.frac_bits - 1));
    return std::nullopt;
  }
  if (const auto bits = fp::decimal_to_format(text, type.fmt)) {
    out = *bits;
    return std::nullopt;
  }
  return fmt::format("malformed operand '{}' (expected 0x-prefixed hex, a decimal number, inf or nan)", text);
}

// ---- parsing one operation ----------------------------------------------------

std::optional<JobError> parse_job(const std::string_view* tok, size_t n, Job& job) {
  if (n == 0) return JobError{0, "missing OP"};
  std::string_view op = tok[0];
  size_t next = 1;
  if (op.substr(0, 4) == "cvt.") {
    std::string_view rest = op.substr(4);
    size_t dot = rest.find('.');
    if (dot == std::string_view::npos)
      return JobError{0, fmt::format("malformed conversion '{}' (expected cvt.FROM.TO)", op)};
    std::string_view from = rest.substr(0, dot), to = rest.substr(dot + 1);
    job.from = find_type(from);
    job.to = find_type(to);
    if (!job.from)
      return JobError{0, fmt::format("unknown format '{}' in '{}' (expected f16, bf16, f32, f64, s32, u32, s64, u64)", from, op)};
    if (!job.to)
      return JobError{0, fmt::format("unknown format '{}' in '{}' (expected f16, bf16, f32, f64, s32, u32, s64, u64)", to, op)};
    if (job.from->is_int && job.to->is_int)
      return JobError{0, fmt::format("'{}' converts between two integer types; one side must be a float format", op)};
    job.info = nullptr;
    job.op = Op::Cvt;
    job.arity = 1;
    // An explicit FORMAT is tolerated when it names the source.
    if (n > 1 && find_type(tok[1])) {
      if (tok[1] != job.from->name)
        return JobError{1, fmt::format("format '{}' does not match the source of '{}' ({})", tok[1], op, job.from->name)};
      next = 2;
    }
  } else {
    job.info = nullptr;
    for (const auto& o : kOps)
      if (o.name == op) job.info = &o;
    if (!job.info) return JobError{0, fmt::format("unknown operation '{}' (expected {})", op, kOpList)};
    job.op = job.info->op;
    job.arity = job.info->arity;
    if (n < 2) return JobError{1, fmt::format("missing FORMAT after '{}' (expected f16, bf16, f32, f64)", op)};
    const NumType* t = find_type(tok[1]);
    if (!t || t->is_int) return JobError{1, fmt::format("unknown format '{}' (expected f16, bf16, f32, f64)", tok[1])};
    job.from = job.to = t;
    next = 2;
  }
  size_t given = n - next;
  if (given != static_cast<size_t>(job.arity)) {
    const char* names = job.info ? job.info->operands : "A";
    std::string msg = fmt::format("'{}' takes {} operand{} ({}), got {}", op, job.arity, job.arity == 1 ? "" : "s",
                                  names, given);
    return JobError{given < static_cast<size_t>(job.arity) ? n : next + job.arity, std::move(msg)};
  }
  for (int i = 0; i < job.arity; ++i) {
    if (auto err = parse_operand(tok[next + i], *job.from, job.operands[i])) return JobError{next + i, std::move(*err)};
  }
  return std::nullopt;
}

// ---- running ------------------------------------------------------------------

uint64_t run_job(const Job& job, fp::Context& ctx) {
  const auto& a = job.operands;
  Format f = job.from->fmt;
  fp::Rounding r = ctx.fpcr.rmode;
  switch (job.op) {
    case Op::Add: return fp::FPAdd(f, a[0], a[1], ctx);
    case Op::Sub: return fp::FPSub(f, a[0], a[1], ctx);
    case Op::Mul: return fp::FPMul(f, a[0], a[1], ctx);
    case Op::Div: return fp::FPDiv(f, a[0], a[1], ctx);
    case Op::Sqrt: return fp::FPSqrt(f, a[0], ctx);
    case Op::MulAdd: return fp::FPMulAdd(f, a[0], a[1], a[2], ctx);
    case Op::Max: return fp::FPMax(f, a[0], a[1], ctx);
    case Op::Min: return fp::FPMin(f, a[0], a[1], ctx);
    case Op::MaxNum: return fp::FPMaxNum(f, a[0], a[1], ctx);
    case Op::MinNum: return fp::FPMinNum(f, a[0], a[1], ctx);
    case Op::Compare: return fp::FPCompare(f, a[0], a[1], false, ctx);
    case Op::CompareE: return fp::FPCompare(f, a[0], a[1], true, ctx);
    case Op::Abs: return fp::FPAbs(f, a[0]);
    case Op::Neg: return fp::FPNeg(f, a[0]);
    case Op::Cvt:
      if (job.to->is_int)
        return fp::FPToFixed(f, a[0], 0, !job.to->is_signed, job.to->width, ctx, r);
      if (job.from->is_int)
        return fp::FixedToFP(job.to->fmt, a[0], 0, !job.from->is_signed, job.from->width, ctx, r);
      return fp::FPConvert(f, job.to->fmt, a[0], ctx, r);
  }
  return 0;
}

bool is_compare(const Job& job) { return job.op == Op::Compare || job.op == Op::CompareE; }

int result_width(const Job& job) { return is_compare(job) ? 4 : job.to->width; }

template <typename Out>
void append_hex(Out& out, uint64_t v, int width) {
  fmt::format_to(std::back_inserter(out), "0x{:0{}x}", v, (width + 3) / 4);
}

const char* relation(uint64_t nzcv) {
  switch (nzcv) {
    case 0x6: return "eq";
    case 0x8: return "lt";
    case 0x2: return "gt";
    case 0x3: return "un";
  }
  return "?";
}

// The value of a result as text: the shortest decimal that round-trips, inf/-inf,
// -0, and NaNs as nan / snan with the payload (fraction without the quiet bit).
std::string format_value(const Job& job, uint64_t bits, const fp::FPCR& fpcr) {
  if (is_compare(job)) return relation(bits);
  const NumType& t = *job.to;
  if (t.is_int) {
    if (t.is_signed) {
      int64_t v = t.width == 32 ? static_cast<int64_t>(static_cast<int32_t>(bits)) : static_cast<int64_t>(bits);
      return fmt::format("{}", v);
    }
    return fmt::format("{}", bits);
  }
  auto tr = fp::traits(t.fmt);
  bool sign = (bits >> (tr.width - 1)) & 1;
  uint64_t exp = (bits >> tr.frac_bits) & all_ones_exp(t.fmt);
  uint64_t frac = bits & mask_of(tr.frac_bits);
  if (exp == all_ones_exp(t.fmt)) {
    // Alternative half precision: a conversion's f16 result with exponent 31 is a number.
    if (job.op == Op::Cvt && t.fmt == Format::F16 && fpcr.ahp) {
      double v = static_cast<double>(1024 + frac) * 64.0;  // 2^16 x 1.frac
      return fmt::format("{}", sign ? -v : v);
    }
    if (frac == 0) return sign ? "-inf" : "inf";
    uint64_t quiet = uint64_t{1} << (tr.frac_bits - 1);
    uint64_t payload = frac & ~quiet;
    std::string s = sign ? "-" : "";
    s += (frac & quiet) ? "nan" : "snan";
    if (payload) s += fmt::format("(0x{:x})", payload);
    return s;
  }
  uint64_t d_bits = fp::to_f64_bits(t.fmt, bits);
  double d;
  std::memcpy(&d, &d_bits, sizeof d);
  return fmt::format("{}", d);
}

// "IOC,IXC" / "-" for every possible flag byte, made once from fp::flags_to_string.
struct FlagTable {
  std::array<std::string, 256> text;
  FlagTable() {
    for (uint32_t i = 0; i < 256; ++i) text[i] = (i & ~fp::flag::ALL) ? std::string() : fp::flags_to_string(i);
  }
  std::string_view operator()(uint32_t flags) const {
    return flags < 256 && !text[flags].empty() ? std::string_view(text[flags]) : std::string_view();
  }
};

nlohmann::json to_json(const Job& job, std::string_view op, uint64_t result, const std::string& value, uint32_t flags) {
  nlohmann::json j;
  j["op"] = std::string(op);
  j["format"] = std::string(job.from->name);
  auto ops = nlohmann::json::array();
  for (int i = 0; i < job.arity; ++i) {
    std::string h;
    append_hex(h, job.operands[i], job.from->width);
    ops.push_back(std::move(h));
  }
  j["operands"] = std::move(ops);
  std::string r;
  append_hex(r, result, result_width(job));
  j["result"] = std::move(r);
  j["value"] = value;
  auto fl = nlohmann::json::array();
  std::string ftext = fp::flags_to_string(flags);
  if (ftext != "-") {
    size_t start = 0;
    while (start <= ftext.size()) {
      size_t comma = ftext.find(',', start);
      if (comma == std::string::npos) comma = ftext.size();
      if (comma > start) fl.push_back(ftext.substr(start, comma - start));
      start = comma + 1;
    }
  }
  j["flags"] = std::move(fl);
  return j;
}

// ---- --fpcr and --rounding ----------------------------------------------------

constexpr uint32_t kModelledFpcrBits = (1u << 26) | (1u << 25) | (1u << 24) | (3u << 22) | (1u << 19);

fp::FPCR parse_fpcr(std::string_view text) {
  fp::FPCR fpcr;
  if (text.empty()) throw UsageError("--fpcr: empty value (expected FIELD=V,... or a raw value such as 0x03000000)");
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    if (comma == std::string_view::npos) comma = text.size();
    std::string_view item = text.substr(start, comma - start);
    start = comma + 1;
    if (item.empty()) throw UsageError(fmt::format("--fpcr: empty item in '{}'", text));
    size_t eq = item.find('=');
    if (eq == std::string_view::npos) {
      uint64_t raw = 0;
      auto st = parse_integer(item, 32, false, raw);
      if (st != ParseStatus::Ok)
        throw UsageError(fmt::format("--fpcr: '{}' is neither FIELD=V nor a 32-bit value", item));
      if (raw & ~uint64_t{kModelledFpcrBits})
        throw UsageError(fmt::format(
            "--fpcr: {} sets bits 0x{:08x} that are not modelled (only AHP 26, DN 25, FZ 24, RMode 23:22, FZ16 19)",
            item, raw & ~uint64_t{kModelledFpcrBits}));
      fpcr = fp::FPCR::from_bits(static_cast<uint32_t>(raw));
      continue;
    }
    std::string_view field = item.substr(0, eq), value = item.substr(eq + 1);
    uint64_t v = 0;
    if (parse_integer(value, 32, false, v) != ParseStatus::Ok)
      throw UsageError(fmt::format("--fpcr: malformed value '{}' for {}", value, field));
    if (iequals(field, "RMode")) {
      if (v > 3) throw UsageError(fmt::format("--fpcr: RMode={} is out of range (0..3)", value));
      fpcr.rmode = static_cast<fp::Rounding>(v);
      continue;
    }
    bool* target = nullptr;
    if (iequals(field, "FZ")) target = &fpcr.fz;
    else if (iequals(field, "FZ16")) target = &fpcr.fz16;
    else if (iequals(field, "DN")) target = &fpcr.dn;
    else if (iequals(field, "AHP")) target = &fpcr.ahp;
    if (!target) throw UsageError(fmt::format("--fpcr: unknown field '{}' (expected RMode, FZ, FZ16, DN, AHP)", field));
    if (v > 1) throw UsageError(fmt::format("--fpcr: {}={} is out of range (0 or 1)", field, value));
    *target = v != 0;
  }
  return fpcr;
}

struct FpOptions {
  std::array<std::optional<std::string>, 5> positional;
  std::vector<std::string> words;  // the positionals given, in order
  std::string fpcr_text;
  std::string rounding_text;
  bool batch = false;
};

fp::FPCR effective_fpcr(const FpOptions& o) {
  fp::FPCR fpcr = o.fpcr_text.empty() ? fp::FPCR{} : parse_fpcr(o.fpcr_text);
  if (!o.rounding_text.empty()) {
    auto r = fp::parse_rounding(o.rounding_text);
    if (!r)
      throw UsageError(fmt::format("--rounding: unknown mode '{}' (expected nearest, posinf, neginf, zero, tieaway, odd)",
                                   o.rounding_text));
    fpcr.rmode = *r;
  }
  return fpcr;
}

// ---- the two modes --------------------------------------------------------------

int run_single(const FpOptions& o, const GlobalOptions& global) {
  fp::FPCR fpcr = effective_fpcr(o);
  if (o.words.empty()) throw UsageError("fp: missing OP (see 'mlisa fp --help')");
  std::vector<std::string_view> tok(o.words.begin(), o.words.end());
  Job job;
  if (auto err = parse_job(tok.data(), tok.size(), job)) throw UsageError("fp: " + err->message);
  fp::Context ctx{fpcr, 0};
  uint64_t result = run_job(job, ctx);
  std::string value = format_value(job, result, fpcr);
  if (global.json) {
    fmt::print("{}\n", to_json(job, tok[0], result, value, ctx.flags).dump());
  } else {
    std::string line;
    append_hex(line, result, result_width(job));
    fmt::print("{} {} {}\n", line, value, fp::flags_to_string(ctx.flags));
  }
  std::fflush(stdout);
  return 0;
}

class Output {
 public:
  ~Output() { flush(); }
  fmt::memory_buffer& buf() { return buf_; }
  void maybe_flush() {
    if (buf_.size() >= (1u << 16)) flush();
  }
  void flush() {
    if (buf_.size()) std::fwrite(buf_.data(), 1, buf_.size(), stdout);
    buf_.clear();
    std::fflush(stdout);
  }

 private:
  fmt::memory_buffer buf_;
};

int run_batch(const FpOptions& o, const GlobalOptions& global) {
  if (!o.words.empty())
    throw UsageError(fmt::format("fp: --batch reads operations from stdin; unexpected argument '{}'", o.words[0]));
  fp::FPCR fpcr = effective_fpcr(o);
  FlagTable flag_table;
  Output out;
  struct LineBuffer {
    char* data = nullptr;
    size_t cap = 0;
    ~LineBuffer() { std::free(data); }
  } lb;
  long lineno = 0;
  constexpr size_t kMaxTok = 6;
  std::array<std::string_view, kMaxTok + 1> tok;
  std::array<size_t, kMaxTok + 1> col;
  ssize_t len;
  while ((len = ::getline(&lb.data, &lb.cap, stdin)) >= 0) {
    ++lineno;
    std::string_view text(lb.data, static_cast<size_t>(len));
    while (!text.empty() && (text.back() == '\n' || text.back() == '\r')) text.remove_suffix(1);
    std::string_view body = text.substr(0, std::min(text.find('#'), text.size()));
    size_t n = 0, i = 0;
    bool too_many = false;
    while (i < body.size()) {
      while (i < body.size() && (body[i] == ' ' || body[i] == '\t')) ++i;
      if (i >= body.size()) break;
      size_t s = i;
      while (i < body.size() && body[i] != ' ' && body[i] != '\t') ++i;
      if (n == kMaxTok) {
        too_many = true;
        col[n] = s;
        break;
      }
      tok[n] = body.substr(s, i - s);
      col[n] = s;
      ++n;
    }
    if (n == 0 && !too_many) continue;
    Job job;
    std::optional<JobError> err;
    if (too_many) err = JobError{kMaxTok, "too many fields (expected OP FORMAT A [B [C]])"};
    else err = parse_job(tok.data(), n, job);
    if (err) {
      out.flush();
      size_t c;
      if (err->token < n || too_many) c = col[err->token] + 1;
      else {  // something is missing: point just past the last field
        c = col[n - 1] + tok[n - 1].size() + 1;
      }
      throw InputError(SourceLocation{"<stdin>", static_cast<int>(lineno), static_cast<int>(c), std::string(text)},
                       err->message);
    }
    fp::Context ctx{fpcr, 0};
    uint64_t result = run_job(job, ctx);
    if (global.json) {
      std::string value = format_value(job, result, fpcr);
      auto s = to_json(job, tok[0], result, value, ctx.flags).dump();
      out.buf().append(s.data(), s.data() + s.size());
      out.buf().push_back('\n');
    } else {
      append_hex(out.buf(), result, result_width(job));
      out.buf().push_back(' ');
      auto f = flag_table(ctx.flags);
      if (f.empty()) {
        std::string s = fp::flags_to_string(ctx.flags);
        out.buf().append(s.data(), s.data() + s.size());
      } else {
        out.buf().append(f.data(), f.data() + f.size());
      }
      out.buf().push_back('\n');
    }
    out.maybe_flush();
  }
  if (std::ferror(stdin)) throw InputError("<stdin>: read error");
  return 0;
}

}  // namespace

Action setup_fp(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<FpOptions>();
  // Five single-word positionals rather than one list, so that '--' still ends
  // option parsing after the first of them (CLI11 2.1).
  sub.add_option("OP", o->positional[0], "Operation: " + std::string(kOpList));
  sub.add_option("FORMAT", o->positional[1], "f16, bf16, f32 or f64 (implied by cvt.FROM.TO, where it may be left out)");
  sub.add_option("A", o->positional[2],
                 "Operand: a hex bit pattern such as 0x3f800000; for float formats also inf, -inf, nan, -0 and "
                 "decimal numbers (rounded to nearest); for integer sources a decimal integer");
  sub.add_option("B", o->positional[3], "Second operand");
  sub.add_option("C", o->positional[4], "Third operand (muladd: ADDEND OP1 OP2)");
  sub.add_option("--fpcr", o->fpcr_text,
                 "FPCR controls: FIELD=V,... with RMode (0..3), FZ, FZ16, DN, AHP (0/1), or a raw value "
                 "such as 0x03000000");
  sub.add_option("--rounding", o->rounding_text,
                 "Rounding mode overriding RMode: nearest, posinf, neginf, zero, tieaway, odd");
  sub.add_flag("--batch", o->batch, "Read lines 'OP FORMAT A [B [C]]' from stdin, print '0xRESULT FLAGS' per line");
  sub.footer(std::string("Operations: ") + kOpList +
             "\n(FROM, TO in f16 bf16 f32 f64 s32 u32 s64 u64; muladd computes ADDEND + OP1 * OP2;\n"
             "compare and comparee give NZCV in bits 3:0). Formats: f16 bf16 f32 f64.\n"
             "Output: 0xRESULT VALUE FLAGS. Operands starting with '-' other than numbers "
             "(e.g. -inf) need '--' before them.\nExample: mlisa fp add f32 0x3f800000 0x40000000");
  const GlobalOptions* g = &global;
  return [o, g]() {
    for (auto& p : o->positional)
      if (p) o->words.push_back(*p);
    return o->batch ? run_batch(*o, *g) : run_single(*o, *g);
  };
}

}  // namespace mlisa::cli
