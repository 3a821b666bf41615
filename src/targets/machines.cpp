#include "targets/machines.hpp"

#include "asm/gas.hpp"
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/gdb_targets.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/program.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstdint>
#include <fstream>
#include <sstream>

namespace mlisa::targets {

using sim::RegisterInfo;
using sim::StepResult;
using spec::Bits;

std::optional<Bits> t32_fetch(const sim::Memory& memory, uint64_t address) {
  uint64_t hw1 = 0, hw2 = 0;
  if (!memory.read(address, 2, hw1)) return std::nullopt;
  if (mve::t32_wide(hw1) && !memory.read(address + 2, 2, hw2)) return std::nullopt;
  return mve::t32_word(hw1, hw2);
}

namespace {

void add_bank(std::vector<RegisterInfo>& out, const char* stem, int count, unsigned width, const char* group) {
  for (int i = 0; i < count; ++i) out.push_back({fmt::format("{}{}", stem, i), width, group});
}

StepResult faulted(const Fault& f, uint64_t pc) {
  StepResult r;
  r.kind = StepResult::Kind::Faulted;
  r.fault = f.fault_name();
  r.message = f.message();
  r.pc = pc;
  return r;
}

StepResult exited(int status) {
  StepResult r;
  r.kind = StepResult::Kind::Exited;
  r.exit_status = status;
  return r;
}

// A register value must be exactly the table's width.
void check_width(const RegisterInfo& info, const Bits& value) {
  if (value.width() != info.width)
    throw InputError(fmt::format("register {} is {} bits wide, the value {}", info.name, info.width, value.width()));
}

std::vector<uint8_t> read_from(const sim::Memory& memory, uint64_t address, size_t size) {
  if (size == 0) return {};
  const uint8_t* p = memory.find(address, size);
  if (!p)
    throw InputError(fmt::format("no memory at 0x{:x}..0x{:x} ({} bytes; an access must lie in one region)", address,
                                 address + size - 1, size));
  return std::vector<uint8_t>(p, p + size);
}

void write_to(sim::Memory& memory, uint64_t address, const std::vector<uint8_t>& bytes) {
  if (bytes.empty()) return;
  if (!memory.load(address, bytes.data(), bytes.size()))
    throw InputError(fmt::format("no memory at 0x{:x}..0x{:x} ({} bytes; an access must lie in one region)", address,
                                 address + bytes.size() - 1, bytes.size()));
}

// The index of a banked register name ("q3" -> 3, "za[5]" -> 5).
size_t index_of(const std::string& name) {
  size_t i = name.size();
  if (name.back() == ']') --i;
  size_t j = i;
  while (j > 0 && std::isdigit(static_cast<unsigned char>(name[j - 1]))) --j;
  return static_cast<size_t>(std::stoul(name.substr(j, i - j)));
}

}  // namespace

// ---- mve ---------------------------------------------------------------------------

namespace {
constexpr uint64_t kLtpsize = 0x00070000;
constexpr uint64_t kVmsrBits = 0xFFC8009F;  // the FPSCR bits VMSR writes, less LTPSIZE (18:16)
}  // namespace

MveMachine::MveMachine(const as::WordIsa& isa, const MachineOptions& options)
    : isa_(isa), fp_enabled_(options.fp_enabled), m_(isa) {
  m_.reset(fp_enabled_);
  auto& r = registers_;
  add_bank(r, "r", 16, 32, "general");
  r.push_back({"sp", 32, "general"});
  r.push_back({"lr", 32, "general"});
  r.push_back({"pc", 32, "general"});
  add_bank(r, "s", 32, 32, "float");
  add_bank(r, "d", 16, 64, "float");
  add_bank(r, "q", 8, 128, "vector");
  r.push_back({"fpscr", 32, "float", kVmsrBits});
  r.push_back({"ltpsize", 3, "float"});
  r.push_back({"vpr", 32, "vector"});
  for (const char* name : {"apsr", "cpacr", "control", "vtor", "ipsr", "msp", "psp", "primask", "basepri", "faultmask",
                           "epsr"})
    r.push_back({name, static_cast<unsigned>(mve::Machine::width_of(name)), "system"});
}

MveMachine::~MveMachine() = default;

void MveMachine::load_file(const std::string& path) { m_.load(as::load_program(isa_, path, mve::Machine::layout())); }

void MveMachine::load_source(const std::string& text, const std::string& file) {
  const as::LinkLayout layout = mve::Machine::layout();
  m_.load(as::place_object(as::assemble_word_program(isa_, text, file, layout), layout));
}

void MveMachine::reset() { m_.reset(fp_enabled_); }

uint64_t MveMachine::pc() const { return m_.get("pc").low64(); }

StepResult MveMachine::step() {
  const uint64_t at = pc();
  try {
    m_.step();
  } catch (const Fault& f) {
    return faulted(f, at);
  }
  if (m_.exit_status()) return exited(*m_.exit_status());
  return {};
}

StepResult MveMachine::run(uint64_t max_steps) {
  try {
    if (m_.run(max_steps)) return exited(*m_.exit_status());
  } catch (const Fault& f) {
    return faulted(f, pc());
  }
  return faulted(Fault("step limit", fmt::format("{} instructions run without a semihosting SYS_EXIT (--max-steps)",
                                                 max_steps)),
                 pc());
}

Bits MveMachine::get(const std::string& name) const {
  const RegisterInfo& info = register_info(name);
  if (info.name == "ltpsize") return Bits(3, (m_.get("fpscr").low64() & kLtpsize) >> 16);
  return m_.get(info.name);
}

void MveMachine::set(const std::string& name, const Bits& value) {
  const RegisterInfo& info = register_info(name);
  check_width(info, value);
  if (info.name == "ltpsize") {
    // FPSCR.LTPSIZE: the element size of tail predication, 0 to 4 (4: none).
    if (value.low64() > 4) throw InputError(fmt::format("ltpsize: '{}' is not 0 to 4", value.low64()));
    m_.set("fpscr", Bits(32, (m_.get("fpscr").low64() & ~kLtpsize) | value.low64() << 16));
    return;
  }
  m_.set(info.name, value);
}

std::vector<uint8_t> MveMachine::read_memory(uint64_t address, size_t size) {
  return read_from(m_.memory(), address, size);
}
void MveMachine::write_memory(uint64_t address, const std::vector<uint8_t>& bytes) {
  write_to(m_.memory(), address, bytes);
}

void MveMachine::set_output(sim::OutputSink sink) {
  if (!sink) {
    m_.host().write = nullptr;
    m_.host().write_err = nullptr;
    return;
  }
  m_.host().write = [sink](std::string_view s) { sink(1, s); };
  m_.host().write_err = [sink](std::string_view s) { sink(2, s); };
}

sim::Decoded MveMachine::decode_at_pc() {
  const std::optional<Bits> word = t32_fetch(m_.memory(), pc());
  if (!word) return {};
  const auto [inst, enc] = m_.decoded(*word);
  return {inst, enc};
}

sim::gdb::Target* MveMachine::debug_target() {
  if (!debug_) debug_ = std::make_unique<MveGdbTarget>(*this, isa_);
  return debug_.get();
}

// ---- sme2 --------------------------------------------------------------------------

Sme2Machine::Sme2Machine(const as::WordIsa& isa, const MachineOptions& options) : isa_(isa), svl_(options.svl) {
  make();
  auto& r = registers_;
  const unsigned svl = static_cast<unsigned>(svl_);
  add_bank(r, "x", 31, 64, "general");
  add_bank(r, "w", 31, 32, "general");
  for (const char* name : {"sp", "pc", "nzcv"}) r.push_back({name, 64, "general"});
  for (const char* name : {"fpcr", "fpsr"}) r.push_back({name, 64, "float"});
  r.push_back({"svcr", 64, "system"});
  add_bank(r, "v", 32, 128, "vector");
  add_bank(r, "z", 32, svl, "vector");
  add_bank(r, "p", 16, svl / 8, "predicate");
  for (unsigned i = 0; i < svl / 8; ++i) r.push_back({fmt::format("za[{}]", i), svl, "matrix"});
  r.push_back({"zt0", 512, "table"});
}

Sme2Machine::~Sme2Machine() = default;

void Sme2Machine::make() {
  debug_.reset();
  m_ = std::make_unique<sme2::Machine>(isa_, svl_);
  m_->reset();
  m_->on_write = [this](int fd, std::string_view s) {
    if (sink_)
      sink_(fd, s);
    else
      output_ += s;
  };
}

void Sme2Machine::load_file(const std::string& path) { m_->load(as::load_program(isa_, path, sme2::Machine::layout())); }

void Sme2Machine::load_source(const std::string& text, const std::string& file) {
  const as::LinkLayout layout = sme2::Machine::layout();
  m_->load(as::place_object(as::assemble_word_program(isa_, text, file, layout), layout));
}

void Sme2Machine::reset() {
  make();
  output_.clear();
}

std::optional<int> Sme2Machine::exit_status() const {
  return m_->exited ? std::optional<int>(m_->exit_status) : std::nullopt;
}

uint64_t Sme2Machine::pc() const { return m_->get("pc").low64(); }

StepResult Sme2Machine::step() {
  if (m_->exited) return exited(m_->exit_status);
  const uint64_t at = pc();
  try {
    m_->step();
  } catch (const Fault& f) {
    return faulted(f, at);
  }
  if (m_->exited) return exited(m_->exit_status);
  return {};
}

StepResult Sme2Machine::run(uint64_t max_steps) {
  try {
    return exited(m_->run(m_->instructions + max_steps));
  } catch (const Fault& f) {
    return faulted(f, pc());
  }
}

Bits Sme2Machine::get(const std::string& name) const { return m_->get(register_info(name).name); }

void Sme2Machine::set(const std::string& name, const Bits& value) {
  const RegisterInfo& info = register_info(name);
  check_width(info, value);
  m_->set(info.name, value);
}

std::vector<uint8_t> Sme2Machine::read_memory(uint64_t address, size_t size) {
  return read_from(m_->memory, address, size);
}
void Sme2Machine::write_memory(uint64_t address, const std::vector<uint8_t>& bytes) {
  write_to(m_->memory, address, bytes);
}

void Sme2Machine::set_output(sim::OutputSink sink) { sink_ = std::move(sink); }

sim::Decoded Sme2Machine::decode_at_pc() {
  uint64_t word = 0;
  if (pc() & 3 || !m_->memory.read(pc(), 4, word)) return {};
  const auto [inst, enc] = m_->decoded(Bits(32, word));
  return {inst, enc};
}

sim::gdb::Target* Sme2Machine::debug_target() {
  if (!debug_) debug_ = std::make_unique<Sme2GdbTarget>(*this, isa_);
  return debug_.get();
}

// ---- tcore -------------------------------------------------------------------------

TcoreMachine::TcoreMachine(const as::SpecIsa& isa, const MachineOptions& options) : isa_(isa), options_(options) {
  reset();
  auto& g = m_->globals();
  const auto count = [&](int slot) { return static_cast<int>(g[static_cast<size_t>(slot)].elems().size()); };
  add_bank(registers_, "s", count(m_->s_global()), 32, "general");
  add_bank(registers_, "v", count(m_->v_global()), count(m_->v_global()) ? m_->v(0).width() : 0, "vector");
  add_bank(registers_, "p", count(m_->p_global()), 1, "predicate");
  registers_.push_back({"pc", 32, "general"});
}

void TcoreMachine::reset() {
  m_ = std::make_unique<tcore::Machine>(isa_, all_builtins(), options_.memory_bytes, options_.mxu);
  code_.clear();
}

void TcoreMachine::load_sections(const std::vector<as::ObjSection>& sections, const std::string& file) {
  const tcore::Image image = tcore::load_image(isa_, sections, file);
  m_ = tcore::make_machine(isa_, image, options_.memory_bytes, options_.mxu);
  code_ = image.code;
}

void TcoreMachine::load_code(std::vector<as::Word> words) {
  reset();
  code_ = std::move(words);
}

void TcoreMachine::load_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  const auto ends_with = [&](const char* suffix) {
    const std::string x = suffix;
    return path.size() >= x.size() && path.compare(path.size() - x.size(), x.size(), x) == 0;
  };
  if (ends_with(".s") || ends_with(".S") || ends_with(".asm"))
    load_source(bytes, path);
  else
    load_sections(image_sections(std::vector<uint8_t>(bytes.begin(), bytes.end()), path), path);
}

void TcoreMachine::load_source(const std::string& text, const std::string& file) {
  load_sections(as::assemble_gas(isa_.isa, gas_target(isa_), text, file).sections, file);
}

std::optional<int> TcoreMachine::exit_status() const {
  return m_->halted() ? std::optional<int>(0) : std::nullopt;
}

StepResult TcoreMachine::step() {
  if (m_->halted()) return exited(0);
  const uint32_t wb = isa_.isa.width() / 8, at = m_->pc;
  try {
    if (at % wb || at / wb >= code_.size())
      throw Fault("Prefetch fault", fmt::format("pc 0x{:08x} is not a bundle of the program ({} bundles)", at,
                                                code_.size()));
    m_->step(code_[at / wb]);
  } catch (const Fault& f) {
    return faulted(f, at);
  }
  return m_->halted() ? exited(0) : StepResult{};
}

StepResult TcoreMachine::run(uint64_t max_steps) {
  try {
    const uint64_t done = m_->bundles_executed;
    m_->run(code_, max_steps > UINT64_MAX - done ? UINT64_MAX : done + max_steps);
  } catch (const Fault& f) {
    return faulted(f, m_->pc);
  }
  return exited(0);
}

Bits TcoreMachine::get(const std::string& name) const {
  const RegisterInfo& info = register_info(name);
  if (info.name == "pc") return Bits(32, m_->pc);
  const int n = static_cast<int>(index_of(info.name));
  switch (info.name[0]) {
    case 's': return Bits(32, m_->s(n));
    case 'v': return m_->v(n);
    default: return Bits(1, m_->p(n) ? 1 : 0);
  }
}

void TcoreMachine::set(const std::string& name, const Bits& value) {
  const RegisterInfo& info = register_info(name);
  check_width(info, value);
  if (info.name == "pc") {
    m_->pc = static_cast<uint32_t>(value.low64());
    return;
  }
  const int n = static_cast<int>(index_of(info.name));
  switch (info.name[0]) {
    case 's': m_->set_s(n, static_cast<uint32_t>(value.low64())); break;
    case 'v': m_->set_v(n, value); break;
    default:
      if (n != 0)  // p0 is always true
        m_->globals()[static_cast<size_t>(m_->p_global())].mutable_elems().at(static_cast<size_t>(n)) =
            spec::Value::boolean(value.low64() != 0);
  }
}

std::vector<uint8_t> TcoreMachine::read_memory(uint64_t address, size_t size) {
  const auto& mem = m_->memory;
  if (address > mem.size() || size > mem.size() - address)
    throw InputError(fmt::format("no memory at 0x{:x}..0x{:x} (the data memory is {} bytes)", address,
                                 address + size - 1, mem.size()));
  return std::vector<uint8_t>(mem.begin() + static_cast<long>(address), mem.begin() + static_cast<long>(address + size));
}

void TcoreMachine::write_memory(uint64_t address, const std::vector<uint8_t>& bytes) {
  auto& mem = m_->memory;
  if (address > mem.size() || bytes.size() > mem.size() - address)
    throw InputError(fmt::format("no memory at 0x{:x}..0x{:x} (the data memory is {} bytes)", address,
                                 address + bytes.size() - 1, mem.size()));
  std::copy(bytes.begin(), bytes.end(), mem.begin() + static_cast<long>(address));
}

// ---- make_machine ------------------------------------------------------------------

namespace {

// A machine that owns its loaded specs (declared first: built before the machine).
template <class Loaded>
struct Owner {
  Loaded loaded;
};
struct OwnedMve : Owner<LoadedWordTarget>, MveMachine {
  OwnedMve(LoadedWordTarget t, const MachineOptions& o) : Owner{std::move(t)}, MveMachine(*loaded.isa, o) {}
};
struct OwnedSme2 : Owner<LoadedWordTarget>, Sme2Machine {
  OwnedSme2(LoadedWordTarget t, const MachineOptions& o) : Owner{std::move(t)}, Sme2Machine(*loaded.isa, o) {}
};
struct OwnedTcore : Owner<LoadedTarget>, TcoreMachine {
  OwnedTcore(LoadedTarget t, const MachineOptions& o) : Owner{std::move(t)}, TcoreMachine(*loaded.isa, o) {}
};

}  // namespace

std::unique_ptr<sim::Machine> make_machine(const std::string& target, const MachineOptions& options) {
  const std::string t = canonical_target(target);
  if (t == "mve") return std::make_unique<OwnedMve>(mve::load(options.spec_dir), options);
  if (t == "sme2") return std::make_unique<OwnedSme2>(sme2::load(options.spec_dir), options);
  if (t == "tcore") return std::make_unique<OwnedTcore>(load_bundle_target(t, options.spec_dir), options);
  throw UsageError(fmt::format("no machine for target '{}' (mve, sme2 or tcore)", target));
}

}  // namespace mlisa::targets
