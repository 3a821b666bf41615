#include "targets/sme2/machine.hpp"

#include "asm/bits.hpp"
#include "core/diag.hpp"
#include "targets/sme2/a64_rules.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <cctype>
#include <utility>

namespace mlisa::targets::sme2 {

namespace {

using spec::Bits;
using spec::CallSite;
using spec::Type;
using spec::Value;

// As QEMU's -cpu max has them (IsFeatureImplemented; no page is left out for a feature).
const char* const kFeatures[] = {"FEAT_SVE",  "FEAT_SME",  "FEAT_SME2",  "FEAT_BF16",  "FEAT_SME_F64F64", "FEAT_SME_I16I64",
                                 "FEAT_FP16", "FEAT_LSE",  "FEAT_LSE2", "FEAT_CRC32", "FEAT_LRCPC"};

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
  const int limit = c == 'x' || c == 'w' ? 31 : c == 'z' || c == 'v' ? 32 : c == 'p' ? 16 : 0;
  if (n < 0 || n >= limit) return {0, -1};
  return {c, n};
}

Machine& machine_of(CallSite& site) {
  if (!site.engine.target_state) throw spec::RuntimeError("memory and system calls need an sme2 machine");
  return *static_cast<Machine*>(site.engine.target_state);
}

void add(spec::BuiltinTable& t, const char* name, int nargs, spec::TypeRule result, spec::BuiltinFn fn) {
  spec::Builtin b;
  b.name = name;
  b.kind = spec::BuiltinKind::Function;
  b.min_args = b.max_args = nargs;
  b.result = std::move(result);
  b.fn = std::move(fn);
  t.add(std::move(b));
}

// The access size of SimMemRead/SimMemWrite: 1..16 bytes.
unsigned access_size(const Value& v) {
  const spec::Int n = v.as_int();
  if (n < 1 || n > 16) throw spec::RuntimeError(fmt::format("memory access of {} bytes", static_cast<int64_t>(n)));
  return static_cast<unsigned>(n);
}

[[noreturn]] void data_abort(const sim::Memory& mem, uint64_t addr, unsigned n, bool write) {
  const sim::Memory::Region* r = mem.region_of(addr);
  if (write && r && !r->writable() && addr - r->base + n <= r->size)
    throw Fault("DataAbort (Permission)", fmt::format("write of {} bytes at 0x{:x} into read-only {}", n, addr, r->name));
  throw Fault("DataAbort (Translation)",
              fmt::format("{} of {} bytes at 0x{:x}: outside memory", write ? "write" : "read", n, addr));
}

}  // namespace

void add_builtins(spec::BuiltinTable& t) {
  auto sized = [](const std::vector<spec::Expr*>& args) {
    const auto n = spec::const_int(args.at(1));
    return Type::bits(n && *n >= 1 && *n <= 16 ? static_cast<int32_t>(*n * 8) : -1);
  };
  add(t, "SimMemRead", 2, sized, [](CallSite& site, std::vector<Value>& args) {
    Machine& m = machine_of(site);
    const uint64_t addr = args[0].as_bits().low64();
    const unsigned n = access_size(args[1]);
    const uint8_t* p = m.memory.find(addr, n);
    if (!p) data_abort(m.memory, addr, n, false);
    Bits v = Bits::zeros(8 * n);
    for (unsigned i = 0; i < n; ++i) v.set_slice(8 * i, Bits(8, p[i]));
    return Value::bits(std::move(v));
  });
  add(t, "SimMemWrite", 3, nullptr, [](CallSite& site, std::vector<Value>& args) {
    Machine& m = machine_of(site);
    const uint64_t addr = args[0].as_bits().low64();
    const unsigned n = access_size(args[1]);
    const Bits& v = args[2].as_bits();
    if (v.width() != 8 * n) throw spec::RuntimeError(fmt::format("SimMemWrite of {} bytes given bits({})", n, v.width()));
    uint8_t* p = m.memory.find(addr, n, true);
    if (!p) data_abort(m.memory, addr, n, true);
    for (unsigned i = 0; i < n; ++i) p[i] = static_cast<uint8_t>(v.slice(8 * i, 8).low64());
    return Value();
  });
  // Whether a read of the bytes would complete: what a non-faulting load
  // (LDNF1*, LDFF1* after its first element) asks before it reads.
  add(t, "SimMemReadable", 2, [](const std::vector<spec::Expr*>&) { return Type::of(spec::TypeKind::Boolean); },
      [](CallSite& site, std::vector<Value>& args) {
        const Machine& m = machine_of(site);
        return Value::boolean(std::as_const(m.memory).find(args[0].as_bits().low64(), access_size(args[1])) != nullptr);
      });
  add(t, "SoftwareBreakpoint", 1, nullptr, [](CallSite&, std::vector<Value>& args) -> Value {
    const uint64_t imm = args[0].as_bits().low64();
    throw Fault("Breakpoint", fmt::format("BRK #{}: a software breakpoint, which stops the program (SIGTRAP under Linux)",
                                          imm ? fmt::format("{:#x}", imm) : "0"));
  });
  add(t, "CallSupervisor", 1, nullptr, [](CallSite& site, std::vector<Value>& args) {
    machine_of(site).supervisor_call(args[0].as_bits().low64());
    return Value();
  });
}

Target load(const std::optional<std::string>& spec_dir) {
  return load_word_target("sme2", spec_dir, {std::begin(kFeatures), std::end(kFeatures)}, a64_rules());
}

std::vector<uint8_t> a64_bytes(const Bits& word) { return as::le_bytes(word); }

int Machine::slot(const char* name) const {
  const int s = engine_.global_slot(name);
  if (s < 0) throw InputError(fmt::format("the sme2 specs declare no global {}", name));
  return s;
}

Machine::Machine(const as::WordIsa& isa, int svl) : isa_(isa), engine_(isa.spec().module(), all_builtins()), svl_(svl) {
  if (svl < 128 || svl > 2048 || (svl & (svl - 1)))
    throw InputError(fmt::format("--svl {}: the streaming vector length is a power of two from 128 to 2048", svl));
  engine_.sources = &isa.spec().sources();
  engine_.target_state = this;
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
  ffr_ = slot("_FFR");
  za_ = slot("_ZA");
  zt0_ = slot("_ZT0");
  branch_ = slot("_BranchTaken");
  macs_ = slot("_ZAMultiplyAccumulates");
  // The ZA-targeting instructions pass fpexc FALSE; any other FP operation
  // accumulates its exceptions in FPSR.
  engine_.on_fp_flags = [this](uint32_t flags) { fpsr_g_.set_word(fpsr_g_.word() | flags); };
  reset();
  set_engine(spec::default_engine_kind());
}

void Machine::set_engine(spec::EngineKind kind) {
  decoded_.clear();
  compiled_.reset();
  if (kind == spec::EngineKind::Compiled) compiled_ = spec::CompiledBinding::bind(isa_.spec(), engine_);
  pc_g_ = spec::GlobalRef(engine_, compiled_.get(), pc_);
  branch_g_ = spec::GlobalRef(engine_, compiled_.get(), branch_);
  fpsr_g_ = spec::GlobalRef(engine_, compiled_.get(), fpsr_);
}

void Machine::reset() {
  engine_.reset_globals();
  global(svl_slot_) = Value::bits(12, static_cast<uint64_t>(svl_));
  instructions = 0;
  exited = false;
  exit_status = 0;
}

void Machine::start_streaming() { global(svcr_) = Value::bits(64, 3); }

void Machine::execute(const std::string& text) { execute(isa_.assemble(text).word); }

const Machine::Decoded& Machine::decode(uint32_t w32) {
  auto it = decoded_.find(w32);
  if (it == decoded_.end()) {
    Decoded d;
    d.enc = isa_.decode(Bits(32, w32), &d.inst, &d.why);
    if (d.enc && compiled_) d.compiled = compiled_->decoded(*d.enc, Bits(32, w32));
    it = decoded_.emplace(w32, std::move(d)).first;
  }
  return it->second;
}

std::pair<const spec::InstructionSpec*, const spec::Encoding*> Machine::decoded(const Bits& word) {
  const Decoded& d = decode(static_cast<uint32_t>(word.low64()));
  return {d.inst, d.enc};
}

void Machine::execute(const Bits& word) {
  const uint32_t w32 = static_cast<uint32_t>(word.low64());
  const Decoded& dec = decode(w32);
  const spec::Encoding* enc = dec.enc;
  // The text is for messages only: formatting runs on a fault, not per step.
  const auto hex = [&] { return fmt::format("0x{:08x}", w32); };
  if (!enc) throw Fault("UNDEFINED", fmt::format("instruction {}: {}", hex(), dec.why));
  auto text = [&] { return isa_.print(*enc, word); };
  // Compiled code holds the globals for the instruction: the branch flag and
  // the PC are then machine words.
  const bool compiled = dec.compiled && !engine_.coverage;
  if (compiled) compiled_->enter();
  branch_g_.set_boolean(false);
  try {
    if (compiled) {
      compiled_->run(*dec.compiled);
    } else {
      std::vector<Value> frame = isa_.spec().frame_for(*enc, word);
      engine_.run({&enc->decode, &enc->operation}, frame);
    }
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (e.kind != K::Nop) {
      const char* what = e.kind == K::Undefined                  ? "UNDEFINED"
                         : e.kind == K::Unpredictable            ? "UNPREDICTABLE"
                         : e.kind == K::ConstrainedUnpredictable ? "CONSTRAINED UNPREDICTABLE"
                                                                 : "fault";
      throw Fault(what, fmt::format("'{}' ({})", text(), hex()));
    }
  } catch (const spec::ExecutionError& e) {
    throw Fault("execution error", fmt::format("'{}' ({}): {}", text(), hex(), e.format(isa_.spec().sources())));
  } catch (const Fault& f) {
    // The fault names the instruction and its address (the preferred
    // exception return address is the faulting instruction's).
    throw Fault(f.fault_name(), fmt::format("'{}' ({}) at pc 0x{:x}{}{}", text(), hex(), global(pc_).as_bits().low64(),
                                            f.message().empty() ? "" : ": ", f.message()));
  }
  if (!branch_g_.boolean()) pc_g_.set_word(pc_g_.word() + 4);
  ++instructions;
}

void Machine::load(const as::ProgramImage& image) {
  std::optional<uint64_t> first_code;
  for (const auto& seg : image.segments) {
    if (seg.bytes.empty()) continue;
    memory.map(seg.name, seg.address, seg.bytes.size(), seg.code ? sim::Memory::Writes::Refused : sim::Memory::Writes::Stored);
    memory.load(seg.address, seg.bytes.data(), seg.bytes.size());
    if (seg.code && !first_code) first_code = seg.address;
  }
  memory.map("stack", kStackTop - kStackSize, kStackSize);
  std::optional<uint64_t> entry = image.entry;
  if (!entry && first_code) entry = first_code;
  if (!entry) throw InputError("the program has no code");
  global(pc_) = Value::bits(64, *entry);
  global(sp_) = Value::bits(64, kStackTop);
}

Bits Machine::fetch() const {
  const uint64_t pc = pc_g_.word();
  if (pc & 3) throw Fault("PCAlignmentFault", fmt::format("pc 0x{:x} is not a multiple of 4", pc));
  uint64_t word = 0;
  if (!memory.read(pc, 4, word))
    throw Fault("InstructionAbort (Translation)", fmt::format("fetch at pc 0x{:x}: outside memory", pc));
  return Bits(32, word);
}

void Machine::step() { execute(fetch()); }

int Machine::run(uint64_t max_steps) {
  while (!exited) {
    const Bits word = fetch();
    if (instructions >= max_steps)
      throw Fault("step limit", fmt::format("{} instructions run, pc 0x{:x}", instructions, global(pc_).as_bits().low64()));
    execute(word);
  }
  return exit_status;
}

uint64_t Machine::za_multiply_accumulates() const { return static_cast<uint64_t>(global(macs_).as_int()); }

void Machine::supervisor_call(uint64_t immediate) {
  (void)immediate;  // Linux takes the call number from x8, whatever the immediate
  // Linux leaves Streaming mode on a system call (PSTATE.SM cleared, the SVE
  // registers handled as by SMSTOP SM: zero, FPSR reset); ZA is preserved.
  if (global(svcr_).as_bits().low64() & 1) {
    for (Value& z : global(z_).mutable_elems()) z = Value::bits(Bits::zeros(2048));
    for (Value& p : global(p_).mutable_elems()) p = Value::bits(Bits::zeros(256));
    global(ffr_) = Value::bits(Bits::zeros(256));
    global(fpsr_) = Value::bits(64, 0x0800009f);
    global(svcr_) = Value::bits(64, global(svcr_).as_bits().low64() & ~uint64_t{1});
  }
  auto x = [&](int n) { return global(r_).elems().at(static_cast<size_t>(n)).as_bits().low64(); };
  auto set_x0 = [&](int64_t v) { global(r_).mutable_elems().at(0) = Value::bits(64, static_cast<uint64_t>(v)); };
  constexpr int64_t kEBADF = 9, kEFAULT = 14, kENOSYS = 38;
  switch (x(8)) {
    case 64: {  // write(fd, buf, count)
      const uint64_t fd = x(0), buf = x(1), count = x(2);
      if (fd != 1 && fd != 2) return set_x0(-kEBADF);
      const uint8_t* p = count ? memory.find(buf, count) : nullptr;
      if (count && !p) return set_x0(-kEFAULT);
      if (on_write && count) on_write(static_cast<int>(fd), std::string_view(reinterpret_cast<const char*>(p), count));
      return set_x0(static_cast<int64_t>(count));
    }
    case 93:  // exit(status)
    case 94:  // exit_group(status)
      exited = true;
      exit_status = static_cast<int>(x(0) & 0xff);
      return;
    default: return set_x0(-kENOSYS);
  }
}

int Machine::width_of(const std::string& name) const {
  if (name == "sp" || name == "pc" || name == "nzcv" || name == "fpcr" || name == "fpsr" || name == "svcr") return 64;
  if (name == "zt0") return 512;
  auto [c, n] = split(name);
  if (n < 0) return 0;
  if (c == 'a') return n < svl_ / 8 ? svl_ : 0;
  return c == 'x' ? 64 : c == 'w' ? 32 : c == 'v' ? 128 : c == 'z' ? svl_ : svl_ / 8;
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
  if (name == "zt0") return global(zt0_).as_bits();
  auto [c, n] = split(name);
  const size_t i = static_cast<size_t>(n);
  if (c == 'x' || c == 'w') return global(r_).elems().at(i).as_bits().slice(0, w);
  const int s = c == 'z' || c == 'v' ? z_ : c == 'p' ? p_ : za_;
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
  if (name == "zt0") return put(zt0_);
  auto [c, n] = split(name);
  const size_t i = static_cast<size_t>(n);
  // A V register is the low 128 bits of its Z register; its write zeroes the rest, as V[] does.
  const int s = c == 'x' || c == 'w' ? r_ : c == 'z' || c == 'v' ? z_ : c == 'p' ? p_ : za_;
  const uint32_t full = c == 'x' || c == 'w' ? 64 : c == 'p' ? 256 : 2048;
  Bits b = Bits::zeros(full);
  b.set_slice(0, value);
  global(s).mutable_elems().at(i) = Value::bits(b);
}

}  // namespace mlisa::targets::sme2
