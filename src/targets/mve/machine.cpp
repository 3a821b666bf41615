#include "targets/mve/machine.hpp"

#include "core/diag.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <cctype>

namespace mlisa::targets::mve {

namespace {

using spec::Bits;
using spec::Value;

// "q3" -> ('q', 3); -1 when the name is not a numbered register.
std::pair<char, int> split(const std::string& name) {
  if (name == "sp") return {'r', 13};
  if (name == "lr") return {'r', 14};
  if (name == "pc") return {'r', 15};
  if (name.size() < 2 || !std::isalpha(static_cast<unsigned char>(name[0]))) return {0, -1};
  int n = 0;
  for (size_t i = 1; i < name.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(name[i])) || i > 2) return {0, -1};
    n = n * 10 + (name[i] - '0');
  }
  const char c = name[0];
  const int limit = c == 'r' ? 16 : c == 's' ? 32 : c == 'd' ? 16 : c == 'q' ? 8 : 0;
  if (n >= limit) return {0, -1};
  return {c, n};
}

}  // namespace

Target load(const std::optional<std::string>& spec_dir) {
  return load_word_target("mve", spec_dir, {"FEAT_T32", "FEAT_FP", "FEAT_FP16", "FEAT_MVE", "FEAT_MVE_FP"});
}

int Machine::slot(const char* name) const {
  const int s = engine_.global_slot(name);
  if (s < 0) throw InputError(fmt::format("the mve specs declare no global {}", name));
  return s;
}

Machine::Machine(const WordIsa& isa) : isa_(isa), engine_(isa.spec().module(), all_builtins()) {
  engine_.sources = &isa.spec().sources();
  memory_.map("ITCM", kItcmBase, kTcmSize);
  memory_.map("DTCM", kDtcmBase, kTcmSize);
  engine_.target_state = &memory_;
  for (const char* f : {"FEAT_T32", "FEAT_FP", "FEAT_FP16", "FEAT_MVE", "FEAT_MVE_FP"}) engine_.features.insert(f);
  r_ = slot("_R");
  q_ = slot("_Q");
  apsr_ = slot("APSR");
  fpscr_ = slot("FPSCR");
  vpr_ = slot("VPR");
  cpacr_ = slot("CPACR");
  control_ = slot("CONTROL");
  beat_ = slot("_CurrentBeat");
  beatwise_ = slot("_BeatWise");
  for (const spec::FunctionDecl* f : isa.spec().module().functions)
    if (f->name == "VPTAdvance" && f->has_body) vpt_advance_ = f;
  if (!vpt_advance_) throw InputError("the mve specs define no VPTAdvance");
  // Exceptions of the FP library accumulate in FPSCR's cumulative flags
  // (the same bit positions).
  engine_.on_fp_flags = [this](uint32_t flags) {
    Value& f = global(fpscr_);
    f = Value::bits(32, f.as_bits().low64() | flags);
  };
  reset(true);
}

void Machine::reset(bool fp_enabled) {
  engine_.reset_globals();
  set("cpacr", Bits(32, fp_enabled ? 0x00F00000u : 0u));
  instructions = 0;
}

void Machine::execute(const std::string& text) { execute(isa_.assemble(text).word); }

void Machine::execute(const Bits& word) {
  const spec::InstructionSpec* inst = nullptr;
  std::string why;
  const spec::Encoding* enc = isa_.decode(word, &inst, &why);
  const std::string hex = fmt::format("0x{:0{}x}", word.low64(), word.width() / 4);
  if (!enc) throw Fault("UNDEFINED", fmt::format("instruction {}: {}", hex, why));
  const std::string text = isa_.print(*enc, word);
  for (int beat = 0; beat < 4; ++beat) {
    global(beat_) = Value::integer(beat);
    global(beatwise_) = Value::boolean(false);
    std::vector<Value> frame = isa_.spec().frame_for(*enc, word);
    try {
      engine_.run({&enc->decode, &enc->operation}, frame);
    } catch (const spec::EndOfInstruction& e) {
      using K = spec::EndOfInstruction::Kind;
      if (e.kind == K::Nop) break;
      const char* what = e.kind == K::Undefined                  ? "UNDEFINED"
                         : e.kind == K::Unpredictable            ? "UNPREDICTABLE"
                         : e.kind == K::ConstrainedUnpredictable ? "CONSTRAINED UNPREDICTABLE"
                                                                 : "fault";
      throw Fault(what, fmt::format("'{}' ({})", text, hex));
    } catch (const spec::ExecutionError& e) {
      throw Fault("execution error", fmt::format("'{}' ({}): {}", text, hex, e.format(isa_.spec().sources())));
    }
    if (!global(beatwise_).as_bool()) break;
    engine_.call(*vpt_advance_, {Value::integer(beat)});
  }
  ++instructions;
}

int Machine::width_of(const std::string& name) {
  if (name == "fpscr" || name == "vpr" || name == "apsr" || name == "cpacr" || name == "control") return 32;
  auto [c, n] = split(name);
  if (n < 0) return 0;
  return c == 'r' || c == 's' ? 32 : c == 'd' ? 64 : 128;
}

Bits Machine::get(const std::string& name) const {
  if (name == "fpscr") return global(fpscr_).as_bits();
  if (name == "vpr") return global(vpr_).as_bits();
  if (name == "apsr") return global(apsr_).as_bits();
  if (name == "cpacr") return global(cpacr_).as_bits();
  if (name == "control") return global(control_).as_bits();
  auto [c, n] = split(name);
  if (n < 0) throw InputError(fmt::format("unknown register '{}'", name));
  if (c == 'r') return global(r_).elems().at(static_cast<size_t>(n)).as_bits();
  const auto& qs = global(q_).elems();
  if (c == 'q') return qs.at(static_cast<size_t>(n)).as_bits();
  if (c == 'd') return qs.at(static_cast<size_t>(n / 2)).as_bits().slice(64 * static_cast<uint32_t>(n % 2), 64);
  return qs.at(static_cast<size_t>(n / 4)).as_bits().slice(32 * static_cast<uint32_t>(n % 4), 32);
}

void Machine::set(const std::string& name, const Bits& value) {
  const int w = width_of(name);
  if (w == 0) throw InputError(fmt::format("unknown register '{}'", name));
  if (static_cast<int>(value.width()) != w)
    throw InputError(fmt::format("register {} is {} bits wide, the value {}", name, w, value.width()));
  auto put = [&](int s) { global(s) = Value::bits(value); };
  if (name == "fpscr") return put(fpscr_);
  if (name == "vpr") return put(vpr_);
  if (name == "apsr") return put(apsr_);
  if (name == "cpacr") return put(cpacr_);
  if (name == "control") return put(control_);
  auto [c, n] = split(name);
  if (c == 'r') {
    global(r_).mutable_elems().at(static_cast<size_t>(n)) = Value::bits(value);
    return;
  }
  auto& qs = global(q_).mutable_elems();
  if (c == 'q') {
    qs.at(static_cast<size_t>(n)) = Value::bits(value);
    return;
  }
  const uint32_t per = c == 'd' ? 2 : 4;
  Bits q = qs.at(static_cast<size_t>(n) / per).as_bits();
  q.set_slice(static_cast<uint32_t>(n % static_cast<int>(per)) * (128 / per), value);
  qs.at(static_cast<size_t>(n) / per) = Value::bits(q);
}

}  // namespace mlisa::targets::mve
