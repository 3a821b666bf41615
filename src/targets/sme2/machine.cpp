#include "targets/sme2/machine.hpp"

#include "core/diag.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <cctype>

namespace mlisa::targets::sme2 {

namespace {

using spec::Bits;
using spec::Value;

const char* const kFeatures[] = {"FEAT_SVE", "FEAT_SME", "FEAT_SME2", "FEAT_BF16"};

// "z12" -> ('z', 12), "za[3]" -> ('a', 3); {0, -1} otherwise.
std::pair<char, int> split(const std::string& name) {
  auto number = [](std::string_view d) {
    if (d.empty() || d.size() > 4) return -1;
    int n = 0;
    for (char c : d) {
      if (!std::isdigit(static_cast<unsigned char>(c))) return -1;
      n = n * 10 + (c - '0');
    }
    return n;
  };
  if (name.rfind("za[", 0) == 0 && name.size() > 4 && name.back() == ']')
    return {'a', number(std::string_view(name).substr(3, name.size() - 4))};
  if (name.size() < 2) return {0, -1};
  const char c = name[0];
  const int n = number(std::string_view(name).substr(1));
  const int limit = c == 'x' || c == 'w' ? 31 : c == 'z' ? 32 : c == 'p' ? 16 : 0;
  if (n < 0 || n >= limit) return {0, -1};
  return {c, n};
}

}  // namespace

Target load(const std::optional<std::string>& spec_dir) {
  return load_word_target("sme2", spec_dir, {std::begin(kFeatures), std::end(kFeatures)});
}

std::vector<uint8_t> a64_bytes(const Bits& word) {
  std::vector<uint8_t> out;
  for (uint32_t i = 0; i < word.width(); i += 8) out.push_back(static_cast<uint8_t>(word.slice(i, 8).low64()));
  return out;
}

int Machine::slot(const char* name) const {
  const int s = engine_.global_slot(name);
  if (s < 0) throw InputError(fmt::format("the sme2 specs declare no global {}", name));
  return s;
}

Machine::Machine(const WordIsa& isa, int svl) : isa_(isa), engine_(isa.spec().module(), all_builtins()), svl_(svl) {
  if (svl < 128 || svl > 2048 || (svl & (svl - 1)))
    throw InputError(fmt::format("--svl {}: the streaming vector length is a power of two from 128 to 2048", svl));
  engine_.sources = &isa.spec().sources();
  for (const char* f : kFeatures) engine_.features.insert(f);
  r_ = slot("_R");
  sp_ = slot("SP_EL0");
  pc_ = slot("_PC");
  nzcv_ = slot("NZCV");
  fpcr_ = slot("FPCR");
  fpsr_ = slot("FPSR");
  svcr_ = slot("SVCR");
  svl_slot_ = slot("_SVL");
  z_ = slot("_Z");
  p_ = slot("_P");
  za_ = slot("_ZA");
  // The ZA-targeting instructions pass fpexc FALSE; any other FP operation
  // accumulates its exceptions in FPSR.
  engine_.on_fp_flags = [this](uint32_t flags) {
    Value& f = global(fpsr_);
    f = Value::bits(64, f.as_bits().low64() | flags);
  };
  reset();
}

void Machine::reset() {
  engine_.reset_globals();
  global(svl_slot_) = Value::integer(svl_);
  instructions = 0;
}

void Machine::start_streaming() { global(svcr_) = Value::bits(64, 3); }

void Machine::execute(const std::string& text) { execute(isa_.assemble(text).word); }

void Machine::execute(const Bits& word) {
  const spec::InstructionSpec* inst = nullptr;
  std::string why;
  const spec::Encoding* enc = isa_.decode(word, &inst, &why);
  const std::string hex = fmt::format("0x{:08x}", word.low64());
  if (!enc) throw Fault("UNDEFINED", fmt::format("instruction {}: {}", hex, why));
  const std::string text = isa_.print(*enc, word);
  std::vector<Value> frame = isa_.spec().frame_for(*enc, word);
  try {
    engine_.run({&enc->decode, &enc->operation}, frame);
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (e.kind != K::Nop) {
      const char* what = e.kind == K::Undefined                  ? "UNDEFINED"
                         : e.kind == K::Unpredictable            ? "UNPREDICTABLE"
                         : e.kind == K::ConstrainedUnpredictable ? "CONSTRAINED UNPREDICTABLE"
                                                                 : "fault";
      throw Fault(what, fmt::format("'{}' ({})", text, hex));
    }
  } catch (const spec::ExecutionError& e) {
    throw Fault("execution error", fmt::format("'{}' ({}): {}", text, hex, e.format(isa_.spec().sources())));
  }
  global(pc_) = Value::bits(64, global(pc_).as_bits().low64() + 4);
  ++instructions;
}

int Machine::width_of(const std::string& name) const {
  if (name == "sp" || name == "pc" || name == "nzcv" || name == "fpcr" || name == "fpsr" || name == "svcr") return 64;
  auto [c, n] = split(name);
  if (n < 0) return 0;
  if (c == 'a') return n < svl_ / 8 ? svl_ : 0;
  return c == 'x' ? 64 : c == 'w' ? 32 : c == 'z' ? svl_ : svl_ / 8;
}

Bits Machine::get(const std::string& name) const {
  if (width_of(name) == 0) throw InputError(fmt::format("unknown register '{}'", name));
  const uint32_t w = static_cast<uint32_t>(width_of(name));
  if (name == "sp") return global(sp_).as_bits();
  if (name == "pc") return global(pc_).as_bits();
  if (name == "nzcv") return global(nzcv_).as_bits();
  if (name == "fpcr") return global(fpcr_).as_bits();
  if (name == "fpsr") return global(fpsr_).as_bits();
  if (name == "svcr") return global(svcr_).as_bits();
  auto [c, n] = split(name);
  const size_t i = static_cast<size_t>(n);
  if (c == 'x' || c == 'w') return global(r_).elems().at(i).as_bits().slice(0, w);
  const int s = c == 'z' ? z_ : c == 'p' ? p_ : za_;
  return global(s).elems().at(i).as_bits().slice(0, w);
}

void Machine::set(const std::string& name, const Bits& value) {
  const int w = width_of(name);
  if (w == 0) throw InputError(fmt::format("unknown register '{}'", name));
  if (static_cast<int>(value.width()) != w)
    throw InputError(fmt::format("register {} is {} bits wide, the value {}", name, w, value.width()));
  auto put = [&](int s) { global(s) = Value::bits(value); };
  if (name == "sp") return put(sp_);
  if (name == "pc") return put(pc_);
  if (name == "nzcv") return put(nzcv_);
  // FEAT_AFP is not implemented: FPCR.AH, FIZ and NEP (bits 2:0) are RES0.
  if (name == "fpcr") {
    global(fpcr_) = Value::bits(64, value.low64() & ~uint64_t{7});
    return;
  }
  if (name == "fpsr") return put(fpsr_);
  if (name == "svcr") return put(svcr_);
  auto [c, n] = split(name);
  const size_t i = static_cast<size_t>(n);
  const int s = c == 'x' || c == 'w' ? r_ : c == 'z' ? z_ : c == 'p' ? p_ : za_;
  const uint32_t full = c == 'x' || c == 'w' ? 64 : c == 'p' ? 256 : 2048;
  Bits b = Bits::zeros(full);
  b.set_slice(0, value);
  global(s).mutable_elems().at(i) = Value::bits(b);
}

}  // namespace mlisa::targets::sme2
