#include "targets/mve/machine.hpp"

#include "core/diag.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <chrono>

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

Target load(const std::optional<std::string>& spec_dir, const std::vector<std::string>& features) {
  return load_word_target("mve", spec_dir, features, t32_rules());
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

Machine::Machine(const as::WordIsa& isa) : isa_(isa), engine_(isa.spec().module(), all_builtins()) {
  engine_.sources = &isa.spec().sources();
  engine_.target_state = &host_;
  engine_.direct_memory = &host_.memory.direct();
  engine_.features.insert(kImplementedFeatures.begin(), kImplementedFeatures.end());
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
  ipsr_ = slot("IPSR");
  pending_ = slot("ExceptionPending");
  syst_csr_ = slot("SYST_CSR");
  sp_other_ = slot("_SP_other");
  exception_entry_ = &procedure("ExceptionEntry");
  exception_return_ = &procedure("ExceptionReturn");
  tail_chain_ = &procedure("TailChain");
  sync_target_ = &procedure("SyncExceptionTarget");
  pending_to_take_ = &procedure("PendingExceptionToTake");
  systick_count_ = &procedure("SysTickCount");
  using_psp_ = &procedure("UsingProcessStack");
  vpt_advance_ = &procedure("VPTAdvance");
  it_advance_ = &procedure("ITAdvance");
  check_thumb_ = &procedure("CheckThumbState");
  // Exceptions of the FP library accumulate in FPSCR's cumulative flags
  // (the same bit positions).
  engine_.on_fp_flags = [this](uint32_t flags) { fpscr_g_.set_word(fpscr_g_.word() | flags); };
  reset(true);
  set_engine(spec::default_engine_kind());
}

void Machine::set_engine(spec::EngineKind kind) {
  decoded_.clear();
  std::fill(recent_.begin(), recent_.end(), RecentDecode{});
  std::fill(fetched_.begin(), fetched_.end(), Fetched{});
  compiled_.reset();
  if (kind == spec::EngineKind::Compiled) compiled_ = spec::CompiledBinding::bind(isa_.spec(), engine_);
  auto hot = [&](const spec::FunctionDecl* f) {
    return Hot{f, compiled_ ? compiled_->procedure0(*f) : nullptr, compiled_ ? compiled_->procedure1(*f) : nullptr};
  };
  vpt_advance_hot_ = hot(vpt_advance_);
  it_advance_hot_ = hot(it_advance_);
  check_thumb_hot_ = hot(check_thumb_);
  auto ref = [&](int slot) { return spec::GlobalRef(engine_, compiled_.get(), slot); };
  r_g_ = ref(r_);
  fpscr_g_ = ref(fpscr_);
  pc_changed_g_ = ref(pc_changed_);
  beat_g_ = ref(beat_);
  beatwise_g_ = ref(beatwise_);
  pending_g_ = ref(pending_);
  syst_csr_g_ = ref(syst_csr_);
  ipsr_g_ = ref(ipsr_);
  itstate_g_ = ref(slot("ITSTATE"));
  thumb_known_ = false;
  // (and the procedures called around every instruction are compiled: none
  // of them hands the globals back to the interpreter).
  flags_typed_ = pc_changed_g_.held_typed() && beat_g_.held_typed() && beatwise_g_.held_typed() &&
                 r_g_.held_typed() && syst_csr_g_.held_typed() && pending_g_.held_typed() &&
                 itstate_g_.held_typed() && check_thumb_hot_.proc0 && vpt_advance_hot_.proc1 && it_advance_hot_.proc0;
}

void Machine::call_hot_slow(const Hot& h, std::optional<int> arg) const {
  if (arg) call(*h.decl, {Value::integer(*arg)});
  else call(*h.decl, {});
}

Value Machine::call(const spec::FunctionDecl& fn, std::vector<Value> args) const {
  return spec::call_function(compiled_.get(), engine_, fn, std::move(args));
}

void Machine::map_memory() {
  std::fill(fetched_.begin(), fetched_.end(), Fetched{});  // they point into the regions
  host_.memory = sim::Memory();
  using Writes = sim::Memory::Writes;
  for (const BoardMemory& m : kBoardMemories)
    host_.memory.map(m.name, m.base, m.size, m.rom ? Writes::Ignored : Writes::Stored);
  // The alias is at the address with bit 28 set, where the memory does not reach itself (DDR does).
  for (const BoardMemory& m : kBoardMemories)
    if (const uint64_t alias = m.base | 0x10000000u; alias >= uint64_t{m.base} + m.size)
      host_.memory.alias(fmt::format("{} (secure alias)", m.name), alias, m.size, m.base);
}

void Machine::reset(bool fp_enabled) {
  engine_.reset_globals();
  set("cpacr", Bits(32, fp_enabled ? 0x00F00000u : 0u));
  map_memory();
  host_.output.clear();
  host_.close_files();
  host_.errno_value = 0;
  host_.started = std::chrono::steady_clock::now();
  host_.loaded.clear();
  host_.exit_status.reset();
  vectors_ = false;
  last_fault_ = {};
  instructions = 0;
  thumb_known_ = false;
}

uint32_t Machine::pc() const { return static_cast<uint32_t>(r_g_.word(15)); }

void Machine::set_pc(uint32_t address) { r_g_.set_word(address, 15); }

void Machine::load(const as::ProgramImage& image) {
  host_.loaded.clear();
  for (const auto& seg : image.segments) {
    if (seg.size() == 0) continue;
    // The whole segment (its zero-filled tail too) must lie in one memory.
    if (!host_.memory.find(seg.address, seg.size()) ||
        (!seg.bytes.empty() && !host_.memory.load(seg.address, seg.bytes.data(), seg.bytes.size()))) {
      std::string memories;
      for (const BoardMemory& m : kBoardMemories)
        memories += fmt::format("{}{} 0x{:08x}-0x{:08x}", memories.empty() ? "" : ", ", m.name, m.base,
                                uint64_t{m.base} + m.size - 1);
      throw InputError(fmt::format("{} (0x{:08x}, {} bytes) is not in one of the board's memories ({}; each also "
                                   "at its address + 0x10000000 but DDR)",
                                   seg.name, seg.address, seg.size(), memories));
    }
    host_.loaded.push_back({seg.address, seg.size()});
  }
  const uint32_t stack_top = kDtcmBase + kTcmSize;
  // The vector table is where VTOR points (0 at reset, as on QEMU's AN547).
  const uint32_t vtor = static_cast<uint32_t>(get("vtor").low64());
  const bool has_vectors = std::any_of(image.segments.begin(), image.segments.end(), [&](const auto& seg) {
    return seg.address <= vtor && seg.address + seg.bytes.size() >= uint64_t{vtor} + 8;
  });
  uint64_t w0 = 0, w1 = 0;
  host_.memory.read(vtor, 4, w0);
  host_.memory.read(vtor + 4, 4, w1);
  auto start = image.symbols.find("_start");
  // An ELF executable lists an undefined _start (value 0) among its
  // symbols: a _start at 0 over what reads as a vector table (an initial SP
  // in DTCM, an odd reset address) is taken for no _start.
  const bool looks_like_vectors = has_vectors && w0 > kDtcmBase && w0 <= stack_top && (w1 & 1u) != 0;
  if (start != image.symbols.end() && start->second == 0 && looks_like_vectors) start = image.symbols.end();
  // An executable starts as the hardware (and QEMU) does, from the vector
  // table, whatever its entry symbol; a program assembled here (FILE.s, an
  // object) from _start when it has one.
  const bool from_vectors = has_vectors && (image.executable || start == image.symbols.end());
  uint32_t sp = stack_top, entry = 0;
  if (from_vectors) {
    sp = static_cast<uint32_t>(w0);
    entry = static_cast<uint32_t>(w1);
    set("lr", Bits(32, 0xffffffffu));  // as QEMU's reset leaves it
    // The flags are UNKNOWN after reset; QEMU's read as Z set.
    set("apsr", Bits(32, 0x40000000u));
  } else if (start != image.symbols.end()) {
    entry = static_cast<uint32_t>(start->second) | 1u;  // a symbol's address is a Thumb address
  } else if (image.entry) {
    entry = static_cast<uint32_t>(*image.entry) | 1u;
  } else {
    throw InputError(fmt::format("the program has no _start symbol and no vector table at VTOR (0x{:08x})", vtor));
  }
  // Exceptions use the table when the program started from it, or when an
  // assembled program with _start also has one (an initial SP in DTCM and
  // an odd reset vector at VTOR, as the examples have).
  vectors_ = from_vectors || looks_like_vectors;
  set("sp", Bits(32, sp & ~3u));
  // Bit 0 of the entry is EPSR.T: a reset vector with it clear faults
  // (INVSTATE) at the first instruction.
  thumb_known_ = false;
  Value& epsr = global(epsr_);
  epsr = Value::bits(32, (epsr.as_bits().low64() & ~(1ull << 24)) | (uint64_t{entry & 1u} << 24));
  set_pc(entry & ~1u);
}

void Machine::execute(const std::string& text) {
  as::AsmContext ctx;
  ctx.address = pc();
  execute(isa_.assemble(text, ctx).word);
}

const Machine::Decoded& Machine::decode_slow(const Bits& word, uint64_t key) {
  RecentDecode& r = recent_[recent_index(key)];
  auto it = decoded_.find(key);
  if (it == decoded_.end()) {
    Decoded d;
    d.enc = isa_.decode(word, &d.inst, &d.why);
    d.is_it = d.enc && d.inst->name == "IT";
    d.should_be_undefined = d.enc && !d.enc->should_mask.is_zero() &&
                            (word & d.enc->should_mask) != d.enc->should_value &&
                            isa_.rules().should_be_undefined(*d.inst);
    if (d.enc && compiled_) d.compiled = compiled_->decoded(*d.enc, word);
    it = decoded_.emplace(key, std::move(d)).first;
  }
  r = {key, &it->second};
  return it->second;
}

uint32_t Machine::read_word(uint32_t address) const {
  uint64_t v = 0;
  if (!host_.memory.read(address, 4, v)) return 0;
  return static_cast<uint32_t>(v);
}

namespace {

// Sets bits of a bits-valued global.
void or_bits(spec::Value& v, uint64_t bits) { v = Value::bits(v.as_bits().width(), v.as_bits().low64() | bits); }

std::string raw_bytes(const Bits& word) {
  std::string out;
  for (uint8_t b : t32_bytes(word)) out += fmt::format("{}{:02x}", out.empty() ? "" : " ", b);
  return out;
}

}  // namespace

void Machine::take_exception(int n, const std::string& cause, uint32_t return_address, const std::string& what,
                             const std::string& detail, std::optional<uint32_t> tail_chain) {
  thumb_known_ = false;
  const std::string name = cause.empty() ? exception_name(n) : fmt::format("{} ({})", exception_name(n), cause);
  const std::string context = detail.empty() ? what : fmt::format("{}: {}", what, detail);
  if (!vectors_) throw Fault(name, context);
  const bool synchronous = n != 14 && n != 15;
  const int target = synchronous ? static_cast<int>(call(*sync_target_, {Value::integer(n)}).as_int()) : n;
  if (target == 0)
    throw Fault(name, fmt::format("{}; lockup: no HardFault can be taken at execution priority -1 or below", context));
  const uint32_t vtor = static_cast<uint32_t>(get("vtor").low64()) & ~0x7fu;
  const uint32_t entry = vtor + 4u * static_cast<uint32_t>(target);
  const uint32_t vector = read_word(entry);
  const std::string escalated = target == n ? "" : fmt::format(", escalated to {}", exception_name(target));
  if (vector == 0 || (vector & 1u) == 0 || !host_.memory.find(vector & ~1u, 2))
    throw Fault(name, fmt::format("{}{}, which has no handler (vector table entry {} at 0x{:08x} holds 0x{:08x})", context,
                                  escalated, target, entry, vector));
  if (target >= 3 && target <= 6) last_fault_ = {name, fmt::format("{}{}", context, escalated)};
  try {
    if (tail_chain)
      call(*tail_chain_, {Value::integer(target), Value::bits(32, *tail_chain), Value::bits(32, vector)});
    else
      call(*exception_entry_, {Value::integer(target), Value::bits(32, return_address), Value::bits(32, vector)});
  } catch (const ArchException& e) {
    throw Fault(name, fmt::format("{}{}; lockup: stacking the exception frame failed ({}{})", context, escalated,
                                  exception_name(e.number), e.detail.empty() ? "" : ": " + e.detail));
  }
}

void Machine::count_systick() { call(*systick_count_, {}); }

void Machine::after_branch(uint32_t address) {
  // A fault handler that branches to itself (the `b .` of most startup
  // files) would spin for ever, as on QEMU: the run stops there with the
  // fault that led to it.
  if (pc() == address) {
    const uint64_t exception = ipsr_g_.word();
    if (exception >= 3 && exception <= 6 && !last_fault_.first.empty())
      throw Fault(last_fault_.first, fmt::format("{}; the {} handler at 0x{:08x} then loops on itself", last_fault_.second,
                                                 exception_name(static_cast<int>(exception)), address));
  }
  // An EXC_RETURN value (0xFF in the top byte) branched to in Handler mode.
  if (ipsr_g_.word() != 0 && (pc() >> 24) == 0xffu) {
    const uint32_t exc_return = pc() | static_cast<uint32_t>((global(epsr_).as_bits().low64() >> 24) & 1u);
    const Value bfsr = global(slot("BFSR")), bfar = global(slot("BFAR"));
    try {
      call(*exception_return_, {Value::bits(32, exc_return)});
    } catch (const ArchException& e) {
      if (e.number == 5) {  // a BusFault while unstacking: UNSTKERR, no address
        global(slot("BFSR")) = bfsr;
        global(slot("BFAR")) = bfar;
        or_bits(global(slot("BFSR")), 0x8u);
      }
      // A failed integrity check (INVPC) or a fault while unstacking is
      // taken on the existing frame, as QEMU does.
      return take_exception(e.number, e.cause, pc(),
                            fmt::format("exception return to 0x{:08x} at 0x{:08x}", exc_return, address),
                            e.cause == "INVPC" ? "the integrity check failed" : "unstacking: " + e.detail, exc_return);
    }
  }
}

void Machine::take_pending() {
  const int n = static_cast<int>(call(*pending_to_take_, {}).as_int());
  if (n == 0) return;
  take_exception(n, "", pc(), fmt::format("pending before the instruction at 0x{:08x}", pc()), "");
}

void Machine::execute(const Bits& word) { execute_at(pc(), word); }

std::string Machine::describe(uint32_t address, const Bits& word, const spec::Encoding* enc) const {
  if (!enc)
    return fmt::format("0x{:0{}x} (bytes {}) at 0x{:08x}, which no encoding decodes", word.low64(), word.width() / 4,
                       raw_bytes(word), address);
  as::PrintContext pctx;
  pctx.address = address;
  return fmt::format("'{}' (0x{:0{}x}) at 0x{:08x}", isa_.print(*enc, word, pctx), word.low64(), word.width() / 4,
                     address);
}

void Machine::take_undefined(uint32_t address, const Bits& word, const spec::Encoding* enc, const std::string& why) {
  or_bits(global(slot("UFSR")), 0x1u);  // UNDEFINSTR
  take_exception(6, "UNDEFINSTR", address, fmt::format("UNDEFINED instruction {}", describe(address, word, enc)), why);
}

template <bool Held, bool Checked>
void Machine::run_decoded(uint32_t address, const Bits& word, const Decoded& d, uint32_t size, bool is_it) {
  // Held: compiled code holds the globals for the instruction, and the flags
  // below are machine words from here to its end, but on the paths that
  // leave by an exception.
  const bool compiled = Held || (d.compiled && !engine_.coverage);
  if constexpr (Held) pc_changed_g_.held<bool>() = false;
  else pc_changed_g_.set_boolean(false);
  ++instructions;
  // A synchronous exception: UNDEFINED words and the faults the pseudocode
  // raises.
  if constexpr (!Checked) {
    if (!d.enc) return take_undefined(address, word, nullptr, d.why);
    if (d.should_be_undefined)
      return take_undefined(address, word, d.enc,
                            "its should-be bits ((0) and (1) in the diagram) are not the manual's: CONSTRAINED "
                            "UNPREDICTABLE, taken as UNDEFINED as QEMU takes it");
  }
  try {
    if (!Held || !thumb_known_) call_hot<Held>(check_thumb_hot_);
    // _CurrentBeat is 0 and _BeatWise FALSE between instructions (set back
    // below and when an instruction leaves by an exception), so that an
    // instruction that is not beat-wise runs once without writing them.
    run_beat<Held>(word, d, compiled);
    if (Held ? beatwise_g_.held<bool>() : beatwise_g_.boolean()) {
      beatwise_instruction_ = instructions;
      for (int beat = 0;;) {
        call_hot<Held>(vpt_advance_hot_, beat);
        if (++beat == 4) break;
        set_beat<Held>(beat, false);
        run_beat<Held>(word, d, compiled);
        if (!(Held ? beatwise_g_.held<bool>() : beatwise_g_.boolean())) break;
      }
      set_beat<Held>(0, false);
    }
  } catch (...) {
    set_beat<false>(0, false);
    if (!instruction_threw(address, word, d)) return;
  }
  // EPSR.T changes only with the PC (an interworking branch, an exception
  // entry or return): CheckThumbState's verdict holds for the next
  // instruction unless this one branched (take_exception forgets it too).
  thumb_known_ = false;
  if (Held && !host_.exit_status) {
    if (!pc_changed_g_.held<bool>()) {
      r_g_.held<uint64_t>(15) = address + size;
      thumb_known_ = true;
    }
  } else if (!pc_changed_g_.boolean()) {
    set_pc(address + size);
  }
  // (ITAdvance of a zero ITSTATE, outside IT blocks, writes zero.)
  if (!is_it && !(Held && itstate_g_.held<uint64_t>() == 0)) call_hot<Held>(it_advance_hot_);
  if (vectors_ && !host_.exit_status) after_instruction<Held>(address);
}

void Machine::execute_at(uint32_t address, const Bits& word) {
  const Decoded& d = decode(word);
  const bool compiled = d.compiled && !engine_.coverage;
  if (compiled) compiled_->enter();
  if (compiled && flags_typed_) run_decoded<true>(address, word, d, word.width() / 8, d.is_it);
  else run_decoded<false>(address, word, d, word.width() / 8, d.is_it);
}

bool Machine::instruction_threw(uint32_t address, const Bits& word, const Decoded& d) {
  const spec::Encoding* enc = d.enc;
  auto where = [this, address, &word, enc] { return describe(address, word, enc); };
  try {
    throw;
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (e.kind == K::Nop) return true;  // its remaining beats are not run
    if (e.kind == K::Undefined) {
      take_undefined(address, word, enc, "");
      return false;
    }
    const char* what = e.kind == K::Unpredictable            ? "UNPREDICTABLE"
                       : e.kind == K::ConstrainedUnpredictable ? "CONSTRAINED UNPREDICTABLE"
                                                               : "fault";
    throw Fault(what, where());
  } catch (const spec::ExecutionError& e) {
    throw Fault("execution error", fmt::format("{}: {}", where(), e.format(isa_.spec().sources())));
  } catch (const SemihostingExit& e) {
    host_.exit_status = e.status;
    return true;
  } catch (const ArchException& e) {
    if (e.number == 11) {
      // SVC: the exception returns to the next instruction.
      if (!d.is_it) call(*it_advance_, {});
      take_exception(11, "", address + word.width() / 8, fmt::format("SVC {}", where()), "");
    } else {
      take_exception(e.number, e.cause, address, where(), e.detail);
    }
    return false;
  } catch (const Fault& f) {
    // A fault raised by a builtin has no detail yet: say where it happened.
    if (f.message().empty()) throw Fault(f.fault_name(), where());
    if (f.message().find(" at 0x") == std::string::npos)
      throw Fault(f.fault_name(), fmt::format("{}: {}", where(), f.message()));
    throw;
  }
}

bool Machine::run_held(uint64_t max_steps) {
  // While a read log is kept, step() fetches (and logs) every instruction.
  const bool logging = host_.memory.read_log() != nullptr;
  for (uint64_t n = 0; n < max_steps; ++n) {
    // (An exception taken may have handed the globals back.)
    if (!engine_.globals_taken()) compiled_->enter();
    const auto address = static_cast<uint32_t>(r_g_.held<uint64_t>(15));
    if (const Fetched* f = logging ? nullptr : fetched(address))
      run_decoded<true, true>(address, f->word, *f->d, f->size, f->is_it);
    else step();
    if (host_.exit_status) return true;
  }
  return false;
}

const Machine::Fetched* Machine::refetch(uint32_t address, Fetched& f) {
  const sim::Memory::Region* code = host_.memory.region_of(address);
  if (!code || code->size < 4 || address - code->base > code->size - 4) return nullptr;
  const uint8_t* at = code->bytes + (address - code->base);
  uint32_t bytes;
  std::memcpy(&bytes, at, 4);
  const Bits word = t32_word(bytes & 0xffffu, bytes >> 16 & 0xffffu);
  const Decoded& d = decode(word);
  if (!d.compiled || d.should_be_undefined) return nullptr;
  f = {address, bytes, word.width() == 32 ? 0xffffffffu : 0xffffu, static_cast<uint8_t>(word.width() / 8), d.is_it,
       at, &d, word};
  return &f;
}

void Machine::step() {
  const uint32_t address = pc();
  uint64_t hw1 = 0, hw2 = 0;
  auto fetch_fault = [&](uint32_t at) {
    or_bits(global(slot("BFSR")), 0x1u);  // IBUSERR
    ++instructions;
    take_exception(5, "IBUSERR", address, fmt::format("instruction fetch at 0x{:08x}", at), "outside memory");
  };
  if (!host_.memory.read(address, 2, hw1)) return fetch_fault(address);
  if (t32_wide(hw1) && !host_.memory.read(address + 2, 2, hw2)) return fetch_fault(address + 2);
  execute_at(address, t32_word(hw1, hw2));
}

bool Machine::run(uint64_t max_steps) {
  if (compiled_ && flags_typed_ && !engine_.coverage) return run_held(max_steps);
  for (uint64_t n = 0; n < max_steps; ++n) {
    step();
    if (host_.exit_status) return true;
  }
  return false;
}

namespace {

// The system registers by name and the globals that hold them.
const std::pair<const char*, const char*> kSystemRegisters[] = {
    {"fpscr", "FPSCR"},     {"vpr", "VPR"},     {"apsr", "APSR"},         {"cpacr", "CPACR"},
    {"control", "CONTROL"}, {"vtor", "VTOR"},   {"ipsr", "IPSR"},         {"primask", "PRIMASK"},
    {"basepri", "BASEPRI"}, {"faultmask", "FAULTMASK"}, {"epsr", "EPSR"}};

const char* system_global(const std::string& name) {
  for (const auto& [n, g] : kSystemRegisters)
    if (name == n) return g;
  return nullptr;
}

}  // namespace

int Machine::width_of(const std::string& name) {
  if (name == "basepri") return 8;
  if (system_global(name) || name == "msp" || name == "psp") return 32;
  auto [c, n] = split(name);
  if (n < 0) return 0;
  return c == 'r' || c == 's' ? 32 : c == 'd' ? 64 : 128;
}

Bits Machine::get(const std::string& name) const {
  if (const char* g = system_global(name)) return global(slot(g)).as_bits();
  if (name == "msp" || name == "psp") {
    const bool psp_in_use = call(*using_psp_, {}).as_bool();
    return (name == "psp") == psp_in_use ? global(r_).elems().at(13).as_bits() : global(sp_other_).as_bits();
  }
  auto [c, n] = split(name);
  if (n < 0) throw InputError(fmt::format("unknown register '{}'", name));
  if (c == 'r') return global(r_).elems().at(static_cast<size_t>(n)).as_bits();
  const auto& qs = global(q_).elems();
  if (c == 'q') return qs.at(static_cast<size_t>(n)).as_bits();
  if (c == 'd') return qs.at(static_cast<size_t>(n / 2)).as_bits().slice(64 * static_cast<uint32_t>(n % 2), 64);
  return qs.at(static_cast<size_t>(n / 4)).as_bits().slice(32 * static_cast<uint32_t>(n % 4), 32);
}

void Machine::set(const std::string& name, const Bits& value) {
  thumb_known_ = false;
  const int w = width_of(name);
  if (w == 0) throw InputError(fmt::format("unknown register '{}'", name));
  if (static_cast<int>(value.width()) != w)
    throw InputError(fmt::format("register {} is {} bits wide, the value {}", name, w, value.width()));
  if (const char* g = system_global(name)) {
    global(slot(g)) = Value::bits(value);
    return;
  }
  if (name == "msp" || name == "psp") {
    const bool psp_in_use = call(*using_psp_, {}).as_bool();
    if ((name == "psp") == psp_in_use) global(r_).mutable_elems().at(13) = Value::bits(value);
    else global(sp_other_) = Value::bits(value);
    return;
  }
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
