#include "targets/gdb_targets.hpp"

#include "core/diag.hpp"
#include "targets/machines.hpp"

#include <fmt/format.h>

namespace mlisa::targets {

using sim::gdb::Feature;
using sim::gdb::Register;
using spec::Bits;

std::vector<uint8_t> bits_to_bytes(const Bits& b) {
  std::vector<uint8_t> out(b.width() / 8);
  for (uint32_t at = 0; at < out.size(); at += 8) {
    const uint32_t n = std::min<uint32_t>(8, static_cast<uint32_t>(out.size()) - at);
    const uint64_t v = b.slice(8 * at, 8 * n).low64();
    for (uint32_t i = 0; i < n; ++i) out[at + i] = static_cast<uint8_t>(v >> (8 * i));
  }
  return out;
}

Bits bytes_to_bits(const std::vector<uint8_t>& bytes) {
  Bits out = Bits::zeros(static_cast<uint32_t>(8 * bytes.size()));
  for (size_t at = 0; at < bytes.size(); at += 8) {
    const size_t n = std::min<size_t>(8, bytes.size() - at);
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v |= uint64_t{bytes[at + i]} << (8 * i);
    out.set_slice(static_cast<uint32_t>(8 * at), Bits(static_cast<uint32_t>(8 * n), v));
  }
  return out;
}

void MachineGdbTarget::add_feature(std::string name, std::string types, const std::vector<GdbView>& views) {
  Feature f{std::move(name), std::move(types), {}};
  for (GdbView v : views) {
    if (!v.machine.empty()) {
      const unsigned width = machine_.register_info(v.machine).width;
      if (v.bits == 0 || v.bits > width) v.bits = width;
    }
    f.registers.push_back(Register{v.name, v.bits, v.type, v.group, v.regnum});
    views_.insert_or_assign(v.regnum, std::move(v));
  }
  features_.push_back(std::move(f));
}

std::vector<uint8_t> MachineGdbTarget::read_register(int regnum) {
  const auto it = views_.find(regnum);
  if (it == views_.end()) throw InputError(fmt::format("no register number {}", regnum));
  const GdbView& v = it->second;
  if (v.machine.empty()) return read_composed(regnum);
  const Bits value = machine_.get(v.machine);
  return bits_to_bytes(v.bits < value.width() ? value.slice(0, v.bits) : value);
}

bool MachineGdbTarget::write_register(int regnum, const std::vector<uint8_t>& bytes) {
  const auto it = views_.find(regnum);
  if (it == views_.end()) return false;
  const GdbView& v = it->second;
  const Bits value = bytes_to_bits(bytes);
  if (value.width() != v.bits) return false;
  if (v.machine.empty()) return write_composed(regnum, value);
  Bits now = value;
  if (const unsigned width = machine_.register_info(v.machine).width; v.bits < width) {
    now = machine_.get(v.machine);
    now.set_slice(0, value);
  }
  machine_.set(v.machine, now);
  return true;
}

namespace {

// Views of a bank of the machine's registers: STEM0.. numbered from `first`.
void add_bank(std::vector<GdbView>& out, const char* stem, int count, int first, const char* type,
              const char* group = "") {
  for (int i = 0; i < count; ++i) {
    const std::string name = fmt::format("{}{}", stem, i);
    out.push_back({name, first + i, type, name, 0, group});
  }
}

// The bits of an M-profile xPSR each of APSR, IPSR and EPSR holds.
constexpr uint32_t kApsrBits = 0xF80F0000u, kIpsrBits = 0x1FFu, kEpsrBits = 0x0700FC00u | (1u << 24);
constexpr int kXpsr = 25;

uint32_t low32(const Bits& b) { return static_cast<uint32_t>(b.low64()); }

}  // namespace

MveGdbTarget::MveGdbTarget(MveMachine& m, const as::WordIsa& isa)
    : MachineGdbTarget(m), m_(m), isa_(isa) {
  std::vector<GdbView> core;
  add_bank(core, "r", 13, 0, "int");
  core.push_back({"sp", 13, "data_ptr", "sp"});
  core.push_back({"lr", 14, "int", "lr"});
  core.push_back({"pc", 15, "code_ptr", "pc"});
  core.push_back({"xpsr", kXpsr, "int", "", 32});
  add_feature("org.gnu.gdb.arm.m-profile", "", core);
  std::vector<GdbView> vfp;
  add_bank(vfp, "d", 16, 26, "float");
  vfp.push_back({"fpscr", 42, "int", "fpscr", 0, "float"});
  add_feature("org.gnu.gdb.arm.vfp", "", vfp);
  add_feature("org.gnu.gdb.arm.m-profile-mve",
              "    <flags id=\"vpr_reg\" size=\"4\">\n"
              "      <field name=\"P0\" start=\"0\" end=\"15\" type=\"uint32\"/>\n"
              "      <field name=\"MASK01\" start=\"16\" end=\"19\" type=\"uint32\"/>\n"
              "      <field name=\"MASK23\" start=\"20\" end=\"23\" type=\"uint32\"/>\n"
              "    </flags>\n",
              {{"vpr", 43, "vpr_reg", "vpr"}});
}

std::vector<uint8_t> MveGdbTarget::read_composed(int) {
  const uint32_t xpsr = (low32(m_.get("apsr")) & kApsrBits) | (low32(m_.get("ipsr")) & kIpsrBits) |
                        (low32(m_.get("epsr")) & kEpsrBits);
  return bits_to_bytes(Bits(32, xpsr));
}

bool MveGdbTarget::write_composed(int, const Bits& value) {
  const uint32_t v = low32(value);
  // Each part keeps its bits outside xPSR's view.
  for (const auto& [name, mask] : {std::pair{"apsr", kApsrBits}, {"ipsr", kIpsrBits}, {"epsr", kEpsrBits}}) {
    const Bits old = m_.get(name);
    m_.set(name, Bits(old.width(), (old.low64() & ~uint64_t{mask}) | (v & mask)));
  }
  return true;
}

namespace {
constexpr int kFfr = 84, kVg = 85, kSvg = 86, kZa = 88;
}  // namespace

Sme2GdbTarget::Sme2GdbTarget(Sme2Machine& m, const as::WordIsa& isa)
    : MachineGdbTarget(m), isa_(isa), svl_(m.register_info("z0").width), za_rows_(0) {
  for (const sim::RegisterInfo& r : m.registers()) za_rows_ += r.group == "matrix";
  const unsigned vl = svl_ / 8;
  std::vector<GdbView> core;
  add_bank(core, "x", 31, 0, "int");
  core.push_back({"sp", 31, "data_ptr", "sp"});
  core.push_back({"pc", 32, "code_ptr", "pc"});
  core.push_back({"cpsr", 33, "int", "nzcv", 32});
  add_feature("org.gnu.gdb.aarch64.core", "", core);
  // The Z register type of gdb's own SVE description (z0.s.u, z0.d.f, ...).
  std::string types;
  const std::pair<const char*, std::vector<std::pair<const char*, const char*>>> lanes[] = {
      {"q", {{"u", "uint128"}, {"s", "int128"}}},
      {"d", {{"f", "ieee_double"}, {"u", "uint64"}, {"s", "int64"}}},
      {"s", {{"f", "ieee_single"}, {"u", "uint32"}, {"s", "int32"}}},
      {"h", {{"f", "ieee_half"}, {"u", "uint16"}, {"s", "int16"}}},
      {"b", {{"u", "uint8"}, {"s", "int8"}}}};
  unsigned lane_bytes = 16;
  for (const auto& [size, kinds] : lanes) {
    for (const auto& [kind, type] : kinds)
      types += fmt::format("    <vector id=\"svev{}{}\" type=\"{}\" count=\"{}\"/>\n", size, kind, type, vl / lane_bytes);
    types += fmt::format("    <union id=\"svevn{}\">\n", size);
    for (const auto& [kind, type] : kinds)
      types += fmt::format("      <field name=\"{}\" type=\"svev{}{}\"/>\n", kind, size, kind);
    types += "    </union>\n";
    lane_bytes /= 2;
  }
  types += "    <union id=\"svev\">\n";
  for (const auto& [size, kinds] : lanes) types += fmt::format("      <field name=\"{}\" type=\"svevn{}\"/>\n", size, size);
  types += fmt::format("    </union>\n    <vector id=\"svep\" type=\"uint8\" count=\"{}\"/>\n", vl / 8);
  std::vector<GdbView> sve;
  add_bank(sve, "z", 32, 34, "svev", "vector");
  sve.push_back({"fpsr", 66, "int", "fpsr", 32, "float"});
  sve.push_back({"fpcr", 67, "int", "fpcr", 32, "float"});
  add_bank(sve, "p", 16, 68, "svep", "vector");
  sve.push_back({"ffr", kFfr, "svep", "", vl, "vector"});
  sve.push_back({"vg", kVg, "int", "", 64, "vector"});
  add_feature("org.gnu.gdb.aarch64.sve", types, sve);
  add_feature("org.gnu.gdb.aarch64.sme",
              fmt::format("    <vector id=\"sme_za\" type=\"uint8\" count=\"{}\"/>\n", vl * za_rows_),
              {{"svg", kSvg, "int", "", 64}, {"svcr", 87, "int", "svcr"}, {"za", kZa, "sme_za", "", svl_ * za_rows_, "vector"}});
}

std::vector<uint8_t> Sme2GdbTarget::read_composed(int regnum) {
  if (regnum == kFfr) return std::vector<uint8_t>(svl_ / 64, 0);  // first-fault loads are not in the subset
  if (regnum == kVg || regnum == kSvg) return bits_to_bytes(Bits(64, svl_ / 64));
  std::vector<uint8_t> out;  // za: the array vectors, row after row
  for (unsigned row = 0; row < za_rows_; ++row) {
    const std::vector<uint8_t> b = bits_to_bytes(machine_.get(fmt::format("za[{}]", row)));
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

bool Sme2GdbTarget::write_composed(int regnum, const Bits& value) {
  if (regnum != kZa) return false;  // ffr, vg and svg are fixed
  for (unsigned row = 0; row < za_rows_; ++row) machine_.set(fmt::format("za[{}]", row), value.slice(row * svl_, svl_));
  return true;
}

namespace {

// The text of a word at an address ("(undefined)" when no encoding decodes
// it); `vpt` the predicate suffix inside a VPT block. A VPT or VPST leaves
// its block's suffixes in *block.
std::string disassemble(const as::WordIsa& isa, const Bits& word, uint64_t address, char vpt = 0,
                        std::string* block = nullptr) {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = isa.decode(word, &inst);
  if (!enc) return "(undefined)";
  if (block && inst)
    if (std::string v = isa.rules().opens(*inst, *enc, word).preds; !v.empty()) *block = v;
  as::PrintContext ctx;
  ctx.address = address;
  ctx.block_pred = vpt;
  return isa.print(*enc, word, ctx);
}

}  // namespace

sim::gdb::Instruction MveGdbTarget::describe() {
  sim::gdb::Instruction insn;
  insn.address = pc();
  const std::optional<Bits> word = t32_fetch(memory(), insn.address);
  if (!word) return insn;
  insn.word = word->low64();
  insn.bytes = word->width() / 8;
  // Inside a VPT block, the instruction's place in it is the block's length
  // less the instructions left, which the mask field's lowest set bit counts
  // ('1000': this one is the last).
  const uint32_t vpr_before = low32(m_.get("vpr"));
  const uint32_t field = (vpr_before >> 16) & 0xF ? (vpr_before >> 16) & 0xF : (vpr_before >> 20) & 0xF;
  char suffix = 0;
  if (field) {
    int left = 4;
    while (!(field & (1u << (4 - left)))) --left;
    const int at = static_cast<int>(vpt_block_.size()) - left;
    if (at >= 0 && at < static_cast<int>(vpt_block_.size())) suffix = vpt_block_[static_cast<size_t>(at)];
  }
  insn.text = disassemble(isa_, Bits(8 * insn.bytes, insn.word), insn.address, suffix, &vpt_block_);
  // The predication in force (shared.isa, GetCurInstrBeat): a beat's mask
  // field (MASK01 for beats 0-1, MASK23 for 2-3) set means VPR.P0 governs its
  // bytes; LTPSIZE below 4 masks the bytes past LR elements.
  const uint32_t vpr = low32(m_.get("vpr"));
  const uint32_t ltpsize = (low32(m_.get("fpscr")) >> 16) & 7;
  const uint32_t lr = low32(m_.get("lr"));
  const bool vpt = (vpr >> 16) & 0xFF;
  if (!vpt && ltpsize >= 4) return insn;
  uint16_t mask = 0;
  for (unsigned beat = 0; beat < 4; ++beat) {
    const uint32_t field = (vpr >> (beat <= 1 ? 16 : 20)) & 0xF;
    uint32_t m = field ? (vpr >> (4 * beat)) & 0xF : 0xF;
    if (ltpsize < 4)
      for (unsigned b = 0; b < 4; ++b)
        if (((4 * beat + b) >> ltpsize) >= lr) m &= ~(1u << b);
    mask = static_cast<uint16_t>(mask | m << (4 * beat));
  }
  insn.beat_mask = mask;
  return insn;
}

bool MveGdbTarget::ran_by_beats() {
  return m_.raw().ran_by_beats();
}

std::vector<int> MveGdbTarget::trace_registers() {
  std::vector<int> out;
  for (int n = 0; n <= 14; ++n) out.push_back(n);  // not the PC: it changes every time
  for (int n = 25; n <= 43; ++n) out.push_back(n);
  return out;
}

std::string MveGdbTarget::qemu_state() {
  // QEMU 7.2's arm_cpu_dump_state for M-profile (target/arm/cpu.c).
  std::string s;
  for (int i = 0; i < 16; ++i)
    s += fmt::format("R{:02d}={:08x}{}", i, low32(m_.get(fmt::format("r{}", i))), i % 4 == 3 ? "\n" : " ");
  const std::vector<uint8_t> x = read_register(kXpsr);
  const uint32_t xpsr = uint32_t{x[0]} | uint32_t{x[1]} << 8 | uint32_t{x[2]} << 16 | uint32_t{x[3]} << 24;
  const char* mode = (xpsr & kIpsrBits) ? "handler" : (low32(m_.get("control")) & 1) ? "unpriv-thread" : "priv-thread";
  s += fmt::format("XPSR={:08x} {}{}{}{} {} S {}\n", xpsr, xpsr >> 31 & 1 ? 'N' : '-', xpsr >> 30 & 1 ? 'Z' : '-',
                   xpsr >> 29 & 1 ? 'C' : '-', xpsr >> 28 & 1 ? 'V' : '-', xpsr >> 24 & 1 ? 'T' : 'A', mode);
  return s;
}

sim::gdb::Instruction Sme2GdbTarget::describe() {
  sim::gdb::Instruction insn;
  insn.address = pc();
  if (!memory().read(insn.address, 4, insn.word)) return insn;
  insn.bytes = 4;
  insn.text = disassemble(isa_, Bits(32, insn.word), insn.address);
  return insn;
}

std::vector<int> Sme2GdbTarget::trace_registers() {
  std::vector<int> out;
  for (int n = 0; n <= 88; ++n)
    if (n != 32 && n != kVg && n != kSvg) out.push_back(n);  // not the PC, VG or SVG
  return out;
}

std::string Sme2GdbTarget::qemu_state() {
  // QEMU 7.2's aarch64_cpu_dump_state (target/arm/cpu.c) for EL0.
  std::string s = fmt::format(" PC={:016x} ", pc());
  for (int i = 0; i < 31; ++i)
    s += fmt::format("X{:02d}={:016x}{}", i, machine_.get(fmt::format("x{}", i)).low64(), (i + 2) % 3 ? " " : "\n");
  s += fmt::format(" SP={:016x}\n", machine_.get("sp").low64());
  const uint64_t nzcv = machine_.get("nzcv").low64(), svcr = machine_.get("svcr").low64();
  s += fmt::format("PSTATE={:08x} {}{}{}{} EL0t  SVCR={:08x} {}{}  BTYPE=0\n", nzcv & 0xF0000000u, nzcv >> 31 & 1 ? 'N' : '-',
                   nzcv >> 30 & 1 ? 'Z' : '-', nzcv >> 29 & 1 ? 'C' : '-', nzcv >> 28 & 1 ? 'V' : '-', svcr,
                   svcr & 1 ? 'S' : '-', svcr & 2 ? 'Z' : '-');
  return s;
}

}  // namespace mlisa::targets
