// The floating-point functions of the manuals' shared pseudocode
// (shared/functions/float/*) as builtins over the Arm FP library in
// src/core/fp.hpp. The format follows the operand width: bits(16) is half
// precision, bits(32) single, bits(64) double; the BF* names take bfloat16.
//
// The FPCR argument may be written three ways, as the manuals do:
// - a bits(32) or bits(64) value of FPCR or FPSCR (FPCR::from_bits: the
//   control fields sit at the same positions in both);
// - `boolean fpscr_controlled` (Armv7-M, Armv8-M): TRUE reads the global
//   FPSCR, FALSE calls the target's pseudocode function StandardFPSCRValue().
// Rounding arguments are FPRounding enumeration members (mapped by name:
// FPRounding_TIEEVEN, _POSINF, _NEGINF, _ZERO, _TIEAWAY, _ODD) or integers
// 0..5 in that order. Flags go to Engine::raise_fp_flags, except when a
// trailing `boolean fpexc` argument is FALSE.
#include "spec/builtins.hpp"

#include "core/fp.hpp"
#include "spec/engine.hpp"

#include <fmt/format.h>

#include <bit>
#include <cmath>
#include <optional>

namespace mlisa::spec {

namespace {

using fp::Format;

[[noreturn]] void bad_arg(const char* fn, size_t i, const char* want, const Value& got) {
  throw RuntimeError(fmt::format("{}: argument {} must be {}, not {}", fn, i + 1, want, got.describe()));
}

const Bits& bits_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() != ValueKind::Bits) bad_arg(fn, i, "a bitstring", a[i]);
  return a[i].as_bits();
}

Int int_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() != ValueKind::Integer) bad_arg(fn, i, "an integer", a[i]);
  return a[i].as_int();
}

bool bool_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() != ValueKind::Boolean) bad_arg(fn, i, "a boolean", a[i]);
  return a[i].as_bool();
}

// A sign argument: a bit ('0' positive, '1' negative) or a boolean.
bool sign_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  if (a.at(i).kind() == ValueKind::Bits && a[i].as_bits().width() == 1) return a[i].as_bits().bit(0);
  if (a[i].kind() == ValueKind::Boolean) return a[i].as_bool();
  bad_arg(fn, i, "a sign bit", a[i]);
}

// The arguments of an FP operation as words (Builtin::words): bits of up to
// 64 bits (the low word, the width) or booleans (0 or 1, width 0). Compiled
// code passes them so; the Value entry makes them from its Values.
struct WordArgs {
  const uint64_t* v;
  const uint32_t* w;
  size_t n;
  bool boolean(size_t i, const char* fn) const {
    if (w[i] != 0) throw RuntimeError(fmt::format("{}: argument {} must be a boolean, not bits({})", fn, i + 1, w[i]));
    return v[i] != 0;
  }
};
using WordsFn = uint64_t (*)(CallSite&, const uint64_t*, const uint32_t*, size_t);

// fn of an operation that has a words entry: its Values as words, its result
// bits of its first argument's width.
Value via_words(CallSite& site, const std::vector<Value>& a, WordsFn f, const char* fn) {
  uint64_t v[8];
  uint32_t w[8];
  if (a.size() > 8) throw RuntimeError(fmt::format("{}: too many arguments", fn));
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].kind() == ValueKind::Bits) {
      v[i] = a[i].as_bits().low64();
      w[i] = a[i].as_bits().width();
    } else if (a[i].kind() == ValueKind::Boolean) {
      v[i] = a[i].as_bool();
      w[i] = 0;
    } else {
      bad_arg(fn, i, "a bitstring or a boolean", a[i]);
    }
  }
  const uint64_t r = f(site, v, w, a.size());
  return Value::bits(w[0], r);
}

Format format_of_width(Int n, const char* fn) {
  switch (n) {
    case 16: return Format::F16;
    case 32: return Format::F32;
    case 64: return Format::F64;
    default: throw RuntimeError(fmt::format("{}: floating-point operands are bits(16), bits(32) or bits(64), not bits({})",
                                            fn, int_to_string(n)));
  }
}

Format format_of(const Bits& b, const char* fn) { return format_of_width(b.width(), fn); }

// The format of operands i..j, which must all have the same width.
Format common_format(const uint32_t* w, size_t first, size_t last, const char* fn) {
  for (size_t i = first; i <= last; ++i)
    if (w[i] == 0) throw RuntimeError(fmt::format("{}: argument {} must be a bitstring, not a boolean", fn, i + 1));
  for (size_t i = first + 1; i <= last; ++i)
    if (w[i] != w[first])
      throw RuntimeError(fmt::format("{}: operands of different widths, bits({}) and bits({})", fn, w[first], w[i]));
  return format_of_width(w[first], fn);
}
Format common_format(const std::vector<Value>& a, size_t first, size_t last, const char* fn) {
  uint32_t w[8] = {};
  for (size_t i = first; i <= last && i < 8; ++i) w[i] = bits_arg(a, i, fn).width();
  return common_format(w, first, last, fn);
}

const EnumType* find_enum(const Engine& engine, const std::string& name) {
  for (const EnumType* e : engine.module().enums)
    if (e && e->name == name) return e;
  return nullptr;
}

// fpscr_controlled: FPSCR itself, or the target's StandardFPSCRValue().
uint32_t controlled_fpscr(CallSite& site, bool controlled, const char* fn) {
  Engine& engine = site.engine;
  if (controlled) {
    for (const GlobalDecl& g : engine.module().globals) {
      if (g.name != "FPSCR" || g.slot < 0) continue;
      const Value& v = engine.globals().at(static_cast<size_t>(g.slot));
      if (v.kind() != ValueKind::Bits) break;
      return static_cast<uint32_t>(v.as_bits().low64());
    }
    throw RuntimeError(fmt::format("{}: fpscr_controlled is TRUE but the target declares no bits global FPSCR", fn));
  }
  for (const FunctionDecl* f : engine.module().functions) {
    if (!f || f->name != "StandardFPSCRValue" || !f->params.empty() || f->kind != FunctionKind::Function) continue;
    const Value v = engine.call(*f, {});
    if (v.kind() != ValueKind::Bits) break;
    return static_cast<uint32_t>(v.as_bits().low64());
  }
  throw RuntimeError(fmt::format("{}: fpscr_controlled is FALSE but the target defines no StandardFPSCRValue()", fn));
}

uint32_t fpcr_bits(CallSite& site, const std::vector<Value>& a, size_t i, const char* fn) {
  const Value& v = a.at(i);
  if (v.kind() == ValueKind::Bits && (v.as_bits().width() == 32 || v.as_bits().width() == 64))
    return static_cast<uint32_t>(v.as_bits().low64());
  if (v.kind() == ValueKind::Boolean) return controlled_fpscr(site, v.as_bool(), fn);
  bad_arg(fn, i, "an FPCR value (bits(32) or bits(64)) or fpscr_controlled", v);
}
uint32_t fpcr_bits(CallSite& site, const WordArgs& a, size_t i, const char* fn) {
  if (a.w[i] == 32 || a.w[i] == 64) return static_cast<uint32_t>(a.v[i]);
  if (a.w[i] == 0) return controlled_fpscr(site, a.v[i] != 0, fn);
  throw RuntimeError(fmt::format("{}: argument {} must be an FPCR value (bits(32) or bits(64)) or fpscr_controlled, "
                                 "not bits({})",
                                 fn, i + 1, a.w[i]));
}

template <class Args>
fp::Context context(CallSite& site, const Args& a, size_t i, const char* fn) {
  fp::Context ctx;
  ctx.fpcr = fp::FPCR::from_bits(fpcr_bits(site, a, i, fn));
  return ctx;
}

fp::Rounding rounding_arg(const std::vector<Value>& a, size_t i, const char* fn) {
  const Value& v = a.at(i);
  if (v.kind() == ValueKind::Integer) {
    if (v.as_int() < 0 || v.as_int() > 5) bad_arg(fn, i, "a rounding 0..5", v);
    return static_cast<fp::Rounding>(static_cast<int>(v.as_int()));
  }
  if (v.kind() == ValueKind::Enum && v.enum_type() && v.enum_member() < v.enum_type()->members.size()) {
    static const char* const names[] = {"FPRounding_TIEEVEN", "FPRounding_POSINF",  "FPRounding_NEGINF",
                                        "FPRounding_ZERO",    "FPRounding_TIEAWAY", "FPRounding_ODD"};
    const std::string& m = v.enum_type()->members[v.enum_member()];
    for (int r = 0; r < 6; ++r)
      if (m == names[r]) return static_cast<fp::Rounding>(r);
  }
  bad_arg(fn, i, "an FPRounding", v);
}

void raise(CallSite& site, const fp::Context& ctx, bool fpexc = true) {
  if (fpexc && ctx.flags != 0) site.engine.raise_fp_flags(ctx.flags);
}

// A trailing `boolean fpexc` argument at index i, when present.
bool fpexc_arg(const std::vector<Value>& a, size_t i, const char* fn) { return a.size() <= i || bool_arg(a, i, fn); }

Value bits_value(Format f, uint64_t v) { return Value::bits(static_cast<uint32_t>(fp::traits(f).width), v); }

// --- type rules ------------------------------------------------------------



int32_t arg_width(const Expr* e) { return e && e->type.is_bits() ? e->type.width : -1; }

TypeRule bits_like_arg(size_t i) {
  return [i](const std::vector<Expr*>& a) { return Type::bits(i < a.size() ? arg_width(a[i]) : -1); };
}

TypeRule bits_of_const_arg_at_end() {
  return [](const std::vector<Expr*>& a) { return Type::bits(a.empty() ? -1 : const_width(a.back())); };
}

TypeRule returns(TypeKind k) {
  return [k](const std::vector<Expr*>&) { return Type::of(k); };
}

Type tuple_type(std::vector<Type> elems) {
  Type t = Type::of(TypeKind::Tuple);
  t.elems = std::move(elems);
  return t;
}

void add_fn(BuiltinTable& t, std::string name, int min_args, int max_args, TypeRule rule, BuiltinFn fn) {
  Builtin b;
  b.name = std::move(name);
  b.min_args = min_args;
  b.max_args = max_args;
  b.result = std::move(rule);
  b.fn = std::move(fn);
  t.add(std::move(b));
}

using Binary = uint64_t (*)(Format, uint64_t, uint64_t, fp::Context&);

// FPToFixed with any result width 1..64: the library converts to 64 bits; a
// narrower M saturates the same way the manual's SatQ(int_result, M, unsigned)
// does, with IOC instead of IXC.
uint64_t to_fixed(Format f, uint64_t op, int fbits, bool is_unsigned, int m, fp::Context& ctx, fp::Rounding r,
                  const char* fn) {
  if (m < 1 || m > 64) throw RuntimeError(fmt::format("{}: the integer width {} is not between 1 and 64", fn, m));
  if (fbits < 0 || fbits > m)
    throw RuntimeError(fmt::format("{}: fbits {} is not between 0 and the integer width {}", fn, fbits, m));
  if (m == 32 || m == 64) return fp::FPToFixed(f, op, fbits, is_unsigned, m, ctx, r);
  fp::Context wide = ctx;
  wide.flags = 0;
  const uint64_t v = fp::FPToFixed(f, op, fbits, is_unsigned, 64, wide, r);
  const Int value = is_unsigned ? Int(v) : Int(static_cast<int64_t>(v));
  const Int hi = is_unsigned ? (Int{1} << m) - 1 : (Int{1} << (m - 1)) - 1;
  const Int lo = is_unsigned ? 0 : -(Int{1} << (m - 1));
  Int result = value;
  uint32_t flags = wide.flags;
  if (value > hi || value < lo) {
    result = value > hi ? hi : lo;
    flags = (flags & ~fp::flag::IXC) | fp::flag::IOC;
  }
  ctx.flags |= flags;
  return static_cast<uint64_t>(result) & ((uint64_t{1} << m) - 1);
}

// The operations with a words entry. Two operands: op1, op2, fpcr[, fpexc].
template <uint64_t (*Op)(Format, uint64_t, uint64_t, fp::Context&)>
uint64_t binary_words(CallSite& site, const uint64_t* v, const uint32_t* w, size_t n, const char* fn) {
  const WordArgs a{v, w, n};
  const Format f = common_format(w, 0, 1, fn);
  fp::Context ctx = context(site, a, 2, fn);
  const uint64_t r = Op(f, v[0], v[1], ctx);
  raise(site, ctx, n <= 3 || a.boolean(3, fn));
  return r;
}
// FPMax and friends: op1, op2, fpcr[, altfp] (FEAT_AFP's altfp is not modelled).
template <uint64_t (*Op)(Format, uint64_t, uint64_t, fp::Context&)>
uint64_t minmax_words(CallSite& site, const uint64_t* v, const uint32_t* w, size_t n, const char* fn) {
  const WordArgs a{v, w, n};
  const Format f = common_format(w, 0, 1, fn);
  fp::Context ctx = context(site, a, 2, fn);
  if (n > 3 && a.boolean(3, fn))
    throw RuntimeError(fmt::format("{}: the FEAT_AFP alternative behaviour (altfp TRUE) is not modelled", fn));
  const uint64_t r = Op(f, v[0], v[1], ctx);
  raise(site, ctx);
  return r;
}
// FPMulAdd(addend, op1, op2, fpcr[, fpexc]): addend + op1*op2, rounded once.
uint64_t muladd_words(CallSite& site, const uint64_t* v, const uint32_t* w, size_t n) {
  const WordArgs a{v, w, n};
  const Format f = common_format(w, 0, 2, "FPMulAdd");
  fp::Context ctx = context(site, a, 3, "FPMulAdd");
  const uint64_t r = fp::FPMulAdd(f, v[0], v[1], v[2], ctx);
  raise(site, ctx, n <= 4 || a.boolean(4, "FPMulAdd"));
  return r;
}
// FPAbs(op[, fpcr]), FPNeg(op[, fpcr]): the sign bit only; no flags. (The
// fpcr argument of recent manuals matters only under FEAT_AFP.)
template <uint64_t (*Op)(Format, uint64_t)>
uint64_t sign_words(CallSite&, const uint64_t* v, const uint32_t* w, size_t, const char* fn) {
  return Op(common_format(w, 0, 0, fn), v[0]);
}

struct WordsOp {
  const char* name;
  int min_args, max_args;
  WordsFn words;
};
constexpr char kFPAdd[] = "FPAdd", kFPSub[] = "FPSub", kFPMul[] = "FPMul", kFPDiv[] = "FPDiv", kFPMax[] = "FPMax",
               kFPMin[] = "FPMin", kFPMaxNum[] = "FPMaxNum", kFPMinNum[] = "FPMinNum", kFPAbs[] = "FPAbs",
               kFPNeg[] = "FPNeg";
template <const char* Name, auto Impl>
uint64_t named(CallSite& site, const uint64_t* v, const uint32_t* w, size_t n) {
  return Impl(site, v, w, n, Name);
}
const WordsOp kWordsOps[] = {
    {kFPAdd, 3, 4, &named<kFPAdd, &binary_words<&fp::FPAdd>>},
    {kFPSub, 3, 4, &named<kFPSub, &binary_words<&fp::FPSub>>},
    {kFPMul, 3, 4, &named<kFPMul, &binary_words<&fp::FPMul>>},
    {kFPDiv, 3, 4, &named<kFPDiv, &binary_words<&fp::FPDiv>>},
    {kFPMax, 3, 4, &named<kFPMax, &minmax_words<&fp::FPMax>>},
    {kFPMin, 3, 4, &named<kFPMin, &minmax_words<&fp::FPMin>>},
    {kFPMaxNum, 3, 4, &named<kFPMaxNum, &minmax_words<&fp::FPMaxNum>>},
    {kFPMinNum, 3, 4, &named<kFPMinNum, &minmax_words<&fp::FPMinNum>>},
    {"FPMulAdd", 4, 5, &muladd_words},
    {kFPAbs, 1, 2, &named<kFPAbs, &sign_words<&fp::FPAbs>>},
    {kFPNeg, 1, 2, &named<kFPNeg, &sign_words<&fp::FPNeg>>},
};

// sign * 2^exp * (1.0, or 1.5 with `and_half`) in format f: the constants
// FPOne, FPPointFive, FPTwo, FPThree and FPOnePointFive.
uint64_t small_constant(Format f, bool sign, int exp, bool and_half) {
  const auto tr = fp::traits(f);
  const uint64_t bias = (uint64_t{1} << (tr.exp_bits - 1)) - 1;
  return (uint64_t{sign} << (tr.width - 1)) | ((bias + static_cast<uint64_t>(static_cast<int64_t>(exp))) << tr.frac_bits) |
         (uint64_t{and_half} << (tr.frac_bits - 1));
}

}  // namespace

void add_fp_builtins(BuiltinTable& t) {
  const TypeRule boolean = returns(TypeKind::Boolean);

  // --- the operations with a words entry (kWordsOps): FPAdd(op1, op2, fpcr[,
  // fpexc]) and the other two-operand arithmetic, FPMax(op1, op2, fpcr[,
  // altfp]) and friends, FPMulAdd, FPAbs and FPNeg; fn goes through the words.
  for (const WordsOp& o : kWordsOps) {
    Builtin b;
    b.name = o.name;
    b.kind = BuiltinKind::Function;
    b.min_args = o.min_args;
    b.max_args = o.max_args;
    b.result = bits_like_arg(0);
    b.fn = [o](CallSite& site, std::vector<Value>& a) { return via_words(site, a, o.words, o.name); };
    b.words = o.words;
    t.add(std::move(b));
  }
  struct Named {
    const char* name;
    Binary op;
  };
  // BFAdd / BFMul(op1, op2, fpcr) on bfloat16 (bits(16)) operands.
  for (const Named& n : {Named{"BFAdd", &fp::FPAdd}, Named{"BFSub", &fp::FPSub}, Named{"BFMul", &fp::FPMul}}) {
    add_fn(t, n.name, 3, 4, bits_like_arg(0), [n](CallSite& site, std::vector<Value>& a) {
      const Bits& x = bits_arg(a, 0, n.name);
      const Bits& y = bits_arg(a, 1, n.name);
      if (x.width() != 16 || y.width() != 16)
        throw RuntimeError(fmt::format("{}: bfloat16 operands are bits(16), not bits({}) and bits({})", n.name,
                                       x.width(), y.width()));
      fp::Context ctx = context(site, a, 2, n.name);
      const uint64_t r = n.op(Format::BF16, x.low64(), y.low64(), ctx);
      raise(site, ctx, fpexc_arg(a, 3, n.name));
      return bits_value(Format::BF16, r);
    });
  }

  // The BFloat16 sum-of-products behaviours with FPCR.EBF 0 (BFDOT, BFMMLA,
  // SME BFMOPA/BFMOPS widening; manual A1.5.11, the BFMulH / FPAdd_BF16 of
  // its BFDotAdd): single-precision results rounded to odd, an overflow to
  // an infinity (not the largest normal of other round-to-odd users),
  // denormal inputs and outputs flushed (FZ as 1, tiny before rounding),
  // default NaNs, no flags. FPCR.RMode, FZ and DN are ignored.
  //   BFMulH(op1, op2, fpcr): bits(16) x bits(16) -> bits(32)
  //   FPAdd_BF16(op1, op2, fpcr): bits(32) + bits(32) -> bits(32)
  struct BFStandard {
    const char* name;
    uint32_t width;
    Binary op;
  };
  for (const BFStandard& n : {BFStandard{"BFMulH", 16, &fp::FPMul}, BFStandard{"FPAdd_BF16", 32, &fp::FPAdd}}) {
    add_fn(t, n.name, 3, 3, [](const std::vector<Expr*>&) { return Type::bits(32); },
           [n](CallSite& site, std::vector<Value>& a) {
             const Bits& x = bits_arg(a, 0, n.name);
             const Bits& y = bits_arg(a, 1, n.name);
             if (x.width() != n.width || y.width() != n.width)
               throw RuntimeError(fmt::format("{}: operands are bits({}), not bits({}) and bits({})", n.name, n.width,
                                              x.width(), y.width()));
             (void)fpcr_bits(site, a, 2, n.name);  // FEAT_AFP is not modelled, so nothing of it is read
             const int shift = n.width == 16 ? 16 : 0;
             fp::Context ctx;
             ctx.fpcr.rmode = fp::Rounding::Odd;
             ctx.fpcr.fz = true;
             ctx.fpcr.dn = true;
             uint64_t r = n.op(Format::F32, x.low64() << shift, y.low64() << shift, ctx);
             if (ctx.flags & fp::flag::OFC) r = fp::FPInfinity(Format::F32, (r >> 31) & 1);
             return bits_value(Format::F32, r);
           });
  }

  add_fn(t, "BFMulAdd", 4, 5, bits_like_arg(0), [](CallSite& site, std::vector<Value>& a) {
    for (size_t i = 0; i < 3; ++i)
      if (bits_arg(a, i, "BFMulAdd").width() != 16)
        throw RuntimeError(fmt::format("BFMulAdd: bfloat16 operands are bits(16), not bits({})", a[i].as_bits().width()));
    fp::Context ctx = context(site, a, 3, "BFMulAdd");
    const uint64_t r =
        fp::FPMulAdd(Format::BF16, a[0].as_bits().low64(), a[1].as_bits().low64(), a[2].as_bits().low64(), ctx);
    raise(site, ctx, fpexc_arg(a, 4, "BFMulAdd"));
    return bits_value(Format::BF16, r);
  });

  // FPSqrt(op, fpcr)
  add_fn(t, "FPSqrt", 2, 2, bits_like_arg(0), [](CallSite& site, std::vector<Value>& a) {
    const Format f = format_of(bits_arg(a, 0, "FPSqrt"), "FPSqrt");
    fp::Context ctx = context(site, a, 1, "FPSqrt");
    const uint64_t r = fp::FPSqrt(f, a[0].as_bits().low64(), ctx);
    raise(site, ctx);
    return bits_value(f, r);
  });


  // --- comparisons -----------------------------------------------------------------
  // FPCompare(op1, op2, signal_nans, fpcr) -> bits(4) NZCV.
  add_fn(t, "FPCompare", 4, 4, [](const std::vector<Expr*>&) { return Type::bits(4); },
         [](CallSite& site, std::vector<Value>& a) {
           const Format f = common_format(a, 0, 1, "FPCompare");
           const bool signal = bool_arg(a, 2, "FPCompare");
           fp::Context ctx = context(site, a, 3, "FPCompare");
           const uint32_t nzcv = fp::FPCompare(f, a[0].as_bits().low64(), a[1].as_bits().low64(), signal, ctx);
           raise(site, ctx);
           return Value::bits(4, nzcv);
         });
  // FPCompareEQ (and NE, UN): FALSE (NE, UN: TRUE) for a NaN, IOC only for a
  // signalling NaN. FPCompareGE / GT: FALSE for a NaN, IOC for any NaN.
  // Every operand is unpacked first, so IDC is raised as FPUnpack does.
  struct Cmp {
    const char* name;
    bool signal_nans;
    bool (*test)(uint32_t nzcv);
  };
  for (const Cmp& c : {Cmp{"FPCompareEQ", false, [](uint32_t z) { return z == 0b0110; }},
                       Cmp{"FPCompareNE", false, [](uint32_t z) { return z != 0b0110; }},
                       Cmp{"FPCompareUN", false, [](uint32_t z) { return z == 0b0011; }},
                       Cmp{"FPCompareGE", true, [](uint32_t z) { return z == 0b0110 || z == 0b0010; }},
                       Cmp{"FPCompareGT", true, [](uint32_t z) { return z == 0b0010; }}}) {
    add_fn(t, c.name, 3, 3, boolean, [c](CallSite& site, std::vector<Value>& a) {
      const Format f = common_format(a, 0, 1, c.name);
      fp::Context ctx = context(site, a, 2, c.name);
      const uint32_t nzcv = fp::FPCompare(f, a[0].as_bits().low64(), a[1].as_bits().low64(), c.signal_nans, ctx);
      raise(site, ctx);
      return Value::boolean(c.test(nzcv));
    });
  }

  // --- constants ---------------------------------------------------------------------
  // FPZero(sign, N), FPInfinity(sign, N), FPMaxNormal(sign, N), FPOne, FPPointFive,
  // FPTwo, FPThree, FPOnePointFive (sign, N); FPDefaultNaN(N) or FPDefaultNaN(fpcr, N).
  struct Const {
    const char* name;
    uint64_t (*make)(Format, bool);
  };
  for (const Const& c : {Const{"FPZero", &fp::FPZero}, Const{"FPInfinity", &fp::FPInfinity},
                         Const{"FPMaxNormal", &fp::FPMaxNormal},
                         Const{"FPOne", [](Format f, bool s) { return small_constant(f, s, 0, false); }},
                         Const{"FPPointFive", [](Format f, bool s) { return small_constant(f, s, -1, false); }},
                         Const{"FPTwo", [](Format f, bool s) { return small_constant(f, s, 1, false); }},
                         Const{"FPThree", [](Format f, bool s) { return small_constant(f, s, 1, true); }},
                         Const{"FPOnePointFive", [](Format f, bool s) { return small_constant(f, s, 0, true); }}}) {
    add_fn(t, c.name, 2, 2, bits_of_const_arg_at_end(), [c](CallSite&, std::vector<Value>& a) {
      const Format f = format_of_width(int_arg(a, 1, c.name), c.name);
      return bits_value(f, c.make(f, sign_arg(a, 0, c.name)));
    });
  }
  add_fn(t, "FPDefaultNaN", 1, 2, bits_of_const_arg_at_end(), [](CallSite&, std::vector<Value>& a) {
    const Format f = format_of_width(int_arg(a, a.size() - 1, "FPDefaultNaN"), "FPDefaultNaN");
    return bits_value(f, fp::FPDefaultNaN(f));
  });

  // --- NaN processing ------------------------------------------------------------------
  // FPProcessNaNs(op1, op2, fpcr) or, as the manual writes it,
  // FPProcessNaNs(type1, type2, op1, op2, fpcr) -> (boolean done, bits(N) result).
  // The types are recomputed from the operands (they are FPUnpack's).
  auto nans_rule = [](size_t op) {
    return [op](const std::vector<Expr*>& a) {
      return tuple_type({Type::of(TypeKind::Boolean), Type::bits(op < a.size() ? arg_width(a[op]) : -1)});
    };
  };
  add_fn(t, "FPProcessNaNs", 3, 5,
         [nans_rule](const std::vector<Expr*>& a) { return nans_rule(a.size() == 5 ? 2 : 0)(a); },
         [](CallSite& site, std::vector<Value>& a) {
           if (a.size() == 4) throw RuntimeError("FPProcessNaNs: expected (op1, op2, fpcr) or (type1, type2, op1, op2, fpcr)");
           const size_t o = a.size() == 5 ? 2 : 0;
           const Format f = common_format(a, o, o + 1, "FPProcessNaNs");
           fp::Context ctx = context(site, a, o + 2, "FPProcessNaNs");
           uint64_t r = 0;
           const bool done = fp::FPProcessNaNs(f, a[o].as_bits().low64(), a[o + 1].as_bits().low64(), ctx, &r);
           raise(site, ctx);
           return Value::tuple({Value::boolean(done), bits_value(f, done ? r : 0)});
         });
  // FPProcessNaNs3(op1, op2, op3, fpcr) or (type1, type2, type3, op1, op2, op3, fpcr).
  add_fn(t, "FPProcessNaNs3", 4, 7,
         [nans_rule](const std::vector<Expr*>& a) { return nans_rule(a.size() == 7 ? 3 : 0)(a); },
         [](CallSite& site, std::vector<Value>& a) {
           if (a.size() != 4 && a.size() != 7)
             throw RuntimeError("FPProcessNaNs3: expected (op1, op2, op3, fpcr) or (type1, type2, type3, op1, op2, op3, fpcr)");
           const size_t o = a.size() == 7 ? 3 : 0;
           const Format f = common_format(a, o, o + 2, "FPProcessNaNs3");
           fp::Context ctx = context(site, a, o + 3, "FPProcessNaNs3");
           uint64_t r = 0;
           const bool done = fp::FPProcessNaNs3(f, a[o].as_bits().low64(), a[o + 1].as_bits().low64(),
                                                a[o + 2].as_bits().low64(), ctx, &r);
           raise(site, ctx);
           return Value::tuple({Value::boolean(done), bits_value(f, done ? r : 0)});
         });

  // FPUnpack(op, fpcr[, fpexc]) -> (FPType, bit sign, real value), with the
  // target's FPType enumeration (FPType_Zero, _Denormal, _Nonzero, _Infinity,
  // _QNaN, _SNaN). An infinity's value is a host infinity (the manual's
  // 2.0^1000000 compares the same way); a NaN's is 0.0.
  add_fn(t, "FPUnpack", 2, 3,
         [](const std::vector<Expr*>&) {
           Type fptype = Type::of(TypeKind::Named);
           fptype.name = "FPType";
           return tuple_type({fptype, Type::bits(1), Type::of(TypeKind::Real)});
         },
         [](CallSite& site, std::vector<Value>& a) {
           const Format f = format_of(bits_arg(a, 0, "FPUnpack"), "FPUnpack");
           const uint64_t op = a[0].as_bits().low64();
           fp::Context ctx = context(site, a, 1, "FPUnpack");
           const EnumType* et = find_enum(site.engine, "FPType");
           if (!et) throw RuntimeError("FPUnpack: the target declares no enumeration FPType");
           const fp::FPType type = fp::classify(f, op, ctx.fpcr);
           static const char* const names[] = {"FPType_Zero", "FPType_Denormal", "FPType_Nonzero",
                                               "FPType_Infinity", "FPType_QNaN", "FPType_SNaN"};
           const char* want = names[static_cast<int>(type)];
           uint32_t member = UINT32_MAX;
           for (uint32_t i = 0; i < et->members.size(); ++i)
             if (et->members[i] == want) member = i;
           if (member == UINT32_MAX) throw RuntimeError(fmt::format("FPUnpack: FPType has no member {}", want));
           const auto tr = fp::traits(f);
           const bool sign = (op >> (tr.width - 1)) & 1;
           const uint64_t exp = (op >> tr.frac_bits) & ((uint64_t{1} << tr.exp_bits) - 1);
           const uint64_t frac = op & ((uint64_t{1} << tr.frac_bits) - 1);
           // FZ flushes a single or double denormal with Input Denormal; FZ16 silently.
           if (type == fp::FPType::Zero && exp == 0 && frac != 0 && f != Format::F16) ctx.flags |= fp::flag::IDC;
           double value = 0.0;
           if (type == fp::FPType::Denormal || type == fp::FPType::Nonzero)
             value = std::bit_cast<double>(fp::to_f64_bits(f, op));
           else if (type == fp::FPType::Infinity)
             value = sign ? -HUGE_VAL : HUGE_VAL;
           else if (type == fp::FPType::Zero)
             value = 0.0;
           raise(site, ctx, a.size() < 3 || bool_arg(a, 2, "FPUnpack"));
           return Value::tuple({Value::enumeration(et, member), Value::bits(1, sign), Value::real(value)});
         });

  // FPRoundingMode(fpcr) -> FPRounding, the member named by FPCR.RMode, of
  // the target's FPRounding enumeration. Its static type is the named type
  // FPRounding, which the checker resolves.
  add_fn(t, "FPRoundingMode", 1, 1,
         [](const std::vector<Expr*>&) {
           Type r = Type::of(TypeKind::Named);
           r.name = "FPRounding";
           return r;
         },
         [](CallSite& site, std::vector<Value>& a) {
           const fp::FPCR c = fp::FPCR::from_bits(fpcr_bits(site, a, 0, "FPRoundingMode"));
           const EnumType* et = find_enum(site.engine, "FPRounding");
           if (!et) throw RuntimeError("FPRoundingMode: the target declares no enumeration FPRounding");
           static const char* const names[] = {"FPRounding_TIEEVEN", "FPRounding_POSINF", "FPRounding_NEGINF",
                                               "FPRounding_ZERO"};
           const char* want = names[static_cast<int>(c.rmode) & 3];
           for (uint32_t i = 0; i < et->members.size(); ++i)
             if (et->members[i] == want) return Value::enumeration(et, i);
           throw RuntimeError(fmt::format("FPRoundingMode: FPRounding has no member {}", want));
         });

  // FPRoundInt(op, fpcr, rounding, exact): op rounded to an integral value in
  // its own format. A NaN is processed as FPProcessNaN does, an infinity or a
  // zero (a flushed denormal too) is returned with its sign, a zero result
  // keeps op's sign; IXC only when `exact` and the value changed.
  add_fn(t, "FPRoundInt", 4, 4, bits_like_arg(0), [](CallSite& site, std::vector<Value>& a) {
    const char* fn = "FPRoundInt";
    const Format f = format_of(bits_arg(a, 0, fn), fn);
    const uint64_t op = a[0].as_bits().low64();
    fp::Context ctx = context(site, a, 1, fn);
    const fp::Rounding r = rounding_arg(a, 2, fn);
    const bool exact = bool_arg(a, 3, fn);
    const auto tr = fp::traits(f);
    const bool sign = (op >> (tr.width - 1)) & 1;
    const uint64_t exp = (op >> tr.frac_bits) & ((uint64_t{1} << tr.exp_bits) - 1);
    const uint64_t frac = op & ((uint64_t{1} << tr.frac_bits) - 1);
    const fp::FPType type = fp::classify(f, op, ctx.fpcr);
    uint64_t result = op;
    if (type == fp::FPType::QNaN || type == fp::FPType::SNaN) {
      (void)fp::FPProcessNaNs(f, op, op, ctx, &result);  // both operands op: FPProcessNaN(op)
    } else if (type == fp::FPType::Zero) {
      if (exp == 0 && frac != 0 && f != Format::F16) ctx.flags |= fp::flag::IDC;  // flushed by FZ
      result = fp::FPZero(f, sign);
    } else if (type != fp::FPType::Infinity &&
               static_cast<int64_t>(exp) - ((int64_t{1} << (tr.exp_bits - 1)) - 1) < tr.frac_bits) {
      // |op| < 2^F: the integer fits in 64 bits and converts back exactly.
      fp::Context c = ctx;
      c.flags = 0;
      const uint64_t i = fp::FPToFixed(f, op, 0, false, 64, c, r);
      const uint32_t inexact = c.flags & fp::flag::IXC;
      fp::Context back = ctx;
      result = i == 0 ? fp::FPZero(f, sign) : fp::FixedToFP(f, i, 0, false, 64, back, fp::Rounding::TieEven);
      if (exact) ctx.flags |= inexact;
    }
    raise(site, ctx);
    return bits_value(f, result);
  });

  // --- conversions ---------------------------------------------------------------------
  // FPConvert(op, fpcr, M) and FPConvert(op, fpcr, rounding, M): to bits(M)
  // (16, 32 or 64; half, single, double). The result width is the last argument.
  add_fn(t, "FPConvert", 3, 4, bits_of_const_arg_at_end(), [](CallSite& site, std::vector<Value>& a) {
    const Format from = format_of(bits_arg(a, 0, "FPConvert"), "FPConvert");
    if (a.back().kind() != ValueKind::Integer)
      throw RuntimeError("FPConvert: the result width must be given as the last argument, FPConvert(op, fpcr[, rounding], M)");
    const Format to = format_of_width(a.back().as_int(), "FPConvert");
    fp::Context ctx = context(site, a, 1, "FPConvert");
    const fp::Rounding r = a.size() == 4 ? rounding_arg(a, 2, "FPConvert") : ctx.fpcr.rmode;
    const uint64_t v = fp::FPConvert(from, to, a[0].as_bits().low64(), ctx, r);
    raise(site, ctx);
    return bits_value(to, v);
  });
  // FPConvertBF(bits(32) op, fpcr[, rounding]) -> bits(16) bfloat16.
  add_fn(t, "FPConvertBF", 2, 3, [](const std::vector<Expr*>&) { return Type::bits(16); },
         [](CallSite& site, std::vector<Value>& a) {
           const Bits& x = bits_arg(a, 0, "FPConvertBF");
           if (x.width() != 32 && x.width() != 64)
             throw RuntimeError(fmt::format("FPConvertBF: the operand is bits(32), not bits({})", x.width()));
           const Format from = format_of(x, "FPConvertBF");
           fp::Context ctx = context(site, a, 1, "FPConvertBF");
           const fp::Rounding r = a.size() == 3 ? rounding_arg(a, 2, "FPConvertBF") : ctx.fpcr.rmode;
           const uint64_t v = fp::FPConvert(from, Format::BF16, x.low64(), ctx, r);
           raise(site, ctx);
           return bits_value(Format::BF16, v);
         });

  // FPToFixed, two spellings of six arguments:
  //   A-profile: FPToFixed(op, fbits, unsigned, fpcr, rounding, M)
  //   Armv7-M/Armv8-M: FPToFixed(op, M, fraction_bits, unsigned, round_towards_zero, fpscr_controlled)
  // told apart by the kind of the third argument (boolean unsigned, or integer).
  add_fn(t, "FPToFixed", 6, 6,
         [](const std::vector<Expr*>& a) {
           const bool mprofile = a[2]->type.kind == TypeKind::Integer;
           return Type::bits(const_width(mprofile ? a[1] : a[5]));
         },
         [](CallSite& site, std::vector<Value>& a) {
           const char* fn = "FPToFixed";
           const Format f = format_of(bits_arg(a, 0, fn), fn);
           const bool mprofile = a[2].kind() == ValueKind::Integer;
           Int m, fbits;
           bool is_unsigned;
           fp::Context ctx;
           fp::Rounding r;
           if (mprofile) {
             m = int_arg(a, 1, fn);
             fbits = int_arg(a, 2, fn);
             is_unsigned = bool_arg(a, 3, fn);
             ctx.fpcr = fp::FPCR::from_bits(fpcr_bits(site, a, 5, fn));
             r = bool_arg(a, 4, fn) ? fp::Rounding::Zero : ctx.fpcr.rmode;
           } else {
             fbits = int_arg(a, 1, fn);
             is_unsigned = bool_arg(a, 2, fn);
             ctx = context(site, a, 3, fn);
             r = rounding_arg(a, 4, fn);
             m = int_arg(a, 5, fn);
           }
           if (m < 1 || m > 64) throw RuntimeError(fmt::format("{}: the integer width {} is not between 1 and 64", fn, int_to_string(m)));
           if (fbits < 0 || fbits > m)
             throw RuntimeError(fmt::format("{}: fbits {} is not between 0 and {}", fn, int_to_string(fbits), int_to_string(m)));
           const uint64_t v = to_fixed(f, a[0].as_bits().low64(), static_cast<int>(fbits), is_unsigned,
                                       static_cast<int>(m), ctx, r, fn);
           raise(site, ctx);
           return Value::bits(static_cast<uint32_t>(m), v);
         });

  // FixedToFP, two spellings of six arguments:
  //   A-profile: FixedToFP(op, fbits, unsigned, fpcr, rounding, N)
  //   Armv7-M/Armv8-M: FixedToFP(op, N, fraction_bits, unsigned, round_to_nearest, fpscr_controlled)
  add_fn(t, "FixedToFP", 6, 6,
         [](const std::vector<Expr*>& a) {
           const bool mprofile = a[2]->type.kind == TypeKind::Integer;
           return Type::bits(const_width(mprofile ? a[1] : a[5]));
         },
         [](CallSite& site, std::vector<Value>& a) {
           const char* fn = "FixedToFP";
           const Bits& x = bits_arg(a, 0, fn);
           const bool mprofile = a[2].kind() == ValueKind::Integer;
           Int n, fbits;
           bool is_unsigned;
           fp::Context ctx;
           fp::Rounding r;
           if (mprofile) {
             n = int_arg(a, 1, fn);
             fbits = int_arg(a, 2, fn);
             is_unsigned = bool_arg(a, 3, fn);
             ctx.fpcr = fp::FPCR::from_bits(fpcr_bits(site, a, 5, fn));
             r = bool_arg(a, 4, fn) ? fp::Rounding::TieEven : ctx.fpcr.rmode;
           } else {
             fbits = int_arg(a, 1, fn);
             is_unsigned = bool_arg(a, 2, fn);
             ctx = context(site, a, 3, fn);
             r = rounding_arg(a, 4, fn);
             n = int_arg(a, 5, fn);
           }
           const Format to = format_of_width(n, fn);
           if (x.width() < 1 || x.width() > 64)
             throw RuntimeError(fmt::format("{}: the integer operand is bits({}), not 1 to 64 bits", fn, x.width()));
           if (fbits < 0 || fbits > x.width())
             throw RuntimeError(fmt::format("{}: fbits {} is not between 0 and {}", fn, int_to_string(fbits), x.width()));
           // Extend the operand to 64 bits; the value is the same integer.
           uint64_t v = x.low64();
           if (!is_unsigned && x.width() < 64 && x.bit(x.width() - 1)) v |= ~uint64_t{0} << x.width();
           const uint64_t res = fp::FixedToFP(to, v, static_cast<int>(fbits), is_unsigned, 64, ctx, r);
           raise(site, ctx);
           return bits_value(to, res);
         });
}

}  // namespace mlisa::spec
