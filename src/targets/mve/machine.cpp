#include "targets/mve/machine.hpp"

#include "core/diag.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <algorithm>
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

const spec::FunctionDecl& Machine::procedure(const char* name) const {
  for (const spec::FunctionDecl* f : isa_.spec().module().functions)
    if (f->name == name && f->has_body) return *f;
  throw InputError(fmt::format("the mve specs define no {}", name));
}

Machine::Machine(const WordIsa& isa) : isa_(isa), engine_(isa.spec().module(), all_builtins()) {
  engine_.sources = &isa.spec().sources();
  engine_.target_state = &host_;
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
  pc_changed_ = slot("_PCChanged");
  epsr_ = slot("EPSR");
  vpt_advance_ = &procedure("VPTAdvance");
  it_advance_ = &procedure("ITAdvance");
  check_thumb_ = &procedure("CheckThumbState");
  // Exceptions of the FP library accumulate in FPSCR's cumulative flags
  // (the same bit positions).
  engine_.on_fp_flags = [this](uint32_t flags) {
    Value& f = global(fpscr_);
    f = Value::bits(32, f.as_bits().low64() | flags);
  };
  reset(true);
}

void Machine::map_memory() {
  host_.memory = sim::Memory();
  host_.memory.map("ITCM", kItcmBase, kTcmSize);
  host_.memory.map("DTCM", kDtcmBase, kTcmSize);
}

void Machine::reset(bool fp_enabled) {
  engine_.reset_globals();
  set("cpacr", Bits(32, fp_enabled ? 0x00F00000u : 0u));
  map_memory();
  host_.output.clear();
  host_.console_handles.clear();
  host_.exit_status.reset();
  instructions = 0;
}

uint32_t Machine::pc() const { return static_cast<uint32_t>(global(r_).elems().at(15).as_bits().low64()); }

void Machine::set_pc(uint32_t address) { global(r_).mutable_elems().at(15) = Value::bits(32, address); }

void Machine::load(const ProgramImage& image) {
  for (const auto& seg : image.segments)
    if (!seg.bytes.empty() && !host_.memory.load(seg.address, seg.bytes.data(), seg.bytes.size()))
      throw InputError(fmt::format("section {} (0x{:08x}, {} bytes) is outside the board's memory (ITCM 0x{:08x}, "
                                   "DTCM 0x{:08x}, {} KiB each)",
                                   seg.name, seg.address, seg.bytes.size(), kItcmBase, kDtcmBase, kTcmSize / 1024));
  const uint32_t stack_top = kDtcmBase + kTcmSize;
  auto start = image.symbols.find("_start");
  const bool has_vectors = std::any_of(image.segments.begin(), image.segments.end(), [](const auto& seg) {
    return seg.address == 0 && seg.bytes.size() >= 8;
  });
  uint64_t w0 = 0, w1 = 0;
  host_.memory.read(0, 4, w0);
  host_.memory.read(4, 4, w1);
  // An ELF executable lists an undefined _start (value 0) among its
  // symbols: a _start at 0 over what reads as a vector table (an initial SP
  // in DTCM, an odd reset address) is taken for no _start.
  const bool looks_like_vectors = has_vectors && w0 > kDtcmBase && w0 <= stack_top && (w1 & 1u) != 0;
  if (start != image.symbols.end() && start->second == 0 && looks_like_vectors) start = image.symbols.end();
  uint32_t sp = stack_top, entry = 0;
  if (start != image.symbols.end()) {
    entry = static_cast<uint32_t>(start->second);
  } else if (has_vectors) {
    sp = static_cast<uint32_t>(w0);
    entry = static_cast<uint32_t>(w1);
  } else if (image.entry) {
    entry = static_cast<uint32_t>(*image.entry) | 1u;
  } else {
    throw InputError("the program has no _start symbol and no vector table at address 0");
  }
  set("sp", Bits(32, sp & ~3u));
  // Bit 0 of the entry is EPSR.T (a vector table entry must have it set; a
  // symbol's address is a Thumb address).
  if (start != image.symbols.end()) entry |= 1u;
  Value& epsr = global(epsr_);
  epsr = Value::bits(32, (epsr.as_bits().low64() & ~(1ull << 24)) | (uint64_t{entry & 1u} << 24));
  set_pc(entry & ~1u);
}

void Machine::execute(const std::string& text) {
  AsmContext ctx;
  ctx.address = pc();
  execute(isa_.assemble(text, ctx).word);
}

const Machine::Decoded& Machine::decode(const Bits& word) {
  const uint64_t key = uint64_t{word.width()} << 32 | word.low64();
  auto it = decoded_.find(key);
  if (it != decoded_.end()) return it->second;
  Decoded d;
  std::string why;
  d.enc = isa_.decode(word, &d.inst, &why);
  if (!d.enc) throw Fault("UNDEFINED", fmt::format("instruction 0x{:0{}x}: {}", word.low64(), word.width() / 4, why));
  d.is_it = d.inst->name == "IT";
  return decoded_.emplace(key, d).first->second;
}

void Machine::execute(const Bits& word) {
  const Decoded& d = decode(word);
  const spec::Encoding* enc = d.enc;
  const uint32_t address = pc();
  auto where = [&] {
    PrintContext pctx;
    pctx.address = address;
    return fmt::format("'{}' (0x{:0{}x}) at 0x{:08x}", isa_.print(*enc, word, pctx), word.low64(), word.width() / 4,
                       address);
  };
  global(pc_changed_) = Value::boolean(false);
  try {
    engine_.call(*check_thumb_, {});
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
        throw Fault(what, where());
      } catch (const spec::ExecutionError& e) {
        throw Fault("execution error", fmt::format("{}: {}", where(), e.format(isa_.spec().sources())));
      }
      if (!global(beatwise_).as_bool()) break;
      engine_.call(*vpt_advance_, {Value::integer(beat)});
    }
  } catch (const SemihostingExit& e) {
    host_.exit_status = e.status;
  } catch (const Fault& f) {
    // A fault raised by a builtin has no detail yet: say where it happened.
    if (f.message().empty()) throw Fault(f.fault_name(), where());
    throw;
  }
  ++instructions;
  if (!global(pc_changed_).as_bool()) set_pc(address + word.width() / 8);
  if (!d.is_it) engine_.call(*it_advance_, {});
}

void Machine::step() {
  const uint32_t address = pc();
  uint64_t hw1 = 0, hw2 = 0;
  if (!host_.memory.read(address, 2, hw1))
    throw Fault("BusFault (IBUSERR)", fmt::format("instruction fetch at 0x{:08x}, outside memory", address));
  const uint32_t top = static_cast<uint32_t>(hw1 >> 11);
  if (top == 0b11101 || top == 0b11110 || top == 0b11111) {
    if (!host_.memory.read(address + 2, 2, hw2))
      throw Fault("BusFault (IBUSERR)", fmt::format("instruction fetch at 0x{:08x}, outside memory", address + 2));
    execute(Bits(32, hw1 << 16 | hw2));
  } else {
    execute(Bits(16, hw1));
  }
}

bool Machine::run(uint64_t max_steps) {
  for (uint64_t n = 0; n < max_steps; ++n) {
    step();
    if (host_.exit_status) return true;
  }
  return false;
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
