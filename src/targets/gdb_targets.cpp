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

namespace {

Register reg(std::string name, unsigned bits, std::string type, int regnum, std::string group = "") {
  return Register{std::move(name), bits, std::move(type), std::move(group), regnum};
}

// The bits of an M-profile xPSR each of APSR, IPSR and EPSR holds.
constexpr uint32_t kApsrBits = 0xF80F0000u, kIpsrBits = 0x1FFu, kEpsrBits = 0x0700FC00u | (1u << 24);

// mve registers by gdb number: the machine's name ("" for xpsr, composed).
std::string mve_name(int regnum) {
  if (regnum >= 0 && regnum <= 15) return fmt::format("r{}", regnum);
  if (regnum >= 26 && regnum <= 41) return fmt::format("d{}", regnum - 26);
  if (regnum == 42) return "fpscr";
  if (regnum == 43) return "vpr";
  return "";
}

uint32_t low32(const Bits& b) { return static_cast<uint32_t>(b.low64()); }

}  // namespace

MveGdbTarget::MveGdbTarget(mve::Machine& m, const WordIsa& isa)
    : m_(m), isa_(isa), beatwise_(m.engine().global_slot("_BeatWise")) {
  Feature core{"org.gnu.gdb.arm.m-profile", "", {}};
  for (int i = 0; i <= 12; ++i) core.registers.push_back(reg(fmt::format("r{}", i), 32, "int", i));
  core.registers.push_back(reg("sp", 32, "data_ptr", 13));
  core.registers.push_back(reg("lr", 32, "int", 14));
  core.registers.push_back(reg("pc", 32, "code_ptr", 15));
  core.registers.push_back(reg("xpsr", 32, "int", 25));
  Feature vfp{"org.gnu.gdb.arm.vfp", "", {}};
  for (int i = 0; i < 16; ++i) vfp.registers.push_back(reg(fmt::format("d{}", i), 64, "float", 26 + i));
  vfp.registers.push_back(reg("fpscr", 32, "int", 42, "float"));
  Feature mve_feature{"org.gnu.gdb.arm.m-profile-mve",
                      "    <flags id=\"vpr_reg\" size=\"4\">\n"
                      "      <field name=\"P0\" start=\"0\" end=\"15\" type=\"uint32\"/>\n"
                      "      <field name=\"MASK01\" start=\"16\" end=\"19\" type=\"uint32\"/>\n"
                      "      <field name=\"MASK23\" start=\"20\" end=\"23\" type=\"uint32\"/>\n"
                      "    </flags>\n",
                      {reg("vpr", 32, "vpr_reg", 43)}};
  features_ = {core, vfp, mve_feature};
}

uint64_t MveGdbTarget::pc() { return m_.get("pc").low64(); }

std::vector<uint8_t> MveGdbTarget::read_register(int regnum) {
  if (regnum == 25) {
    const uint32_t xpsr = (low32(m_.get("apsr")) & kApsrBits) | (low32(m_.get("ipsr")) & kIpsrBits) |
                          (low32(m_.get("epsr")) & kEpsrBits);
    return bits_to_bytes(Bits(32, xpsr));
  }
  return bits_to_bytes(m_.get(mve_name(regnum)));
}

bool MveGdbTarget::write_register(int regnum, const std::vector<uint8_t>& bytes) {
  const Bits value = bytes_to_bits(bytes);
  if (regnum == 25) {
    const uint32_t v = low32(value);
    // Each part keeps its bits outside xPSR's view.
    auto merge = [&](const char* name, uint32_t mask) {
      const Bits old = m_.get(name);
      m_.set(name, Bits(old.width(), (old.low64() & ~uint64_t{mask}) | (v & mask)));
    };
    merge("apsr", kApsrBits);
    merge("ipsr", kIpsrBits);
    merge("epsr", kEpsrBits);
    return true;
  }
  const std::string name = mve_name(regnum);
  if (name.empty()) return false;
  m_.set(name, value);
  return true;
}

Sme2GdbTarget::Sme2GdbTarget(sme2::Machine& m, const WordIsa& isa) : m_(m), isa_(isa) {
  const unsigned svl = static_cast<unsigned>(m.svl()), vl = svl / 8;
  Feature core{"org.gnu.gdb.aarch64.core", "", {}};
  for (int i = 0; i <= 30; ++i) core.registers.push_back(reg(fmt::format("x{}", i), 64, "int", i));
  core.registers.push_back(reg("sp", 64, "data_ptr", 31));
  core.registers.push_back(reg("pc", 64, "code_ptr", 32));
  core.registers.push_back(reg("cpsr", 32, "int", 33));
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
  Feature sve{"org.gnu.gdb.aarch64.sve", types, {}};
  for (int i = 0; i < 32; ++i) sve.registers.push_back(reg(fmt::format("z{}", i), svl, "svev", 34 + i, "vector"));
  sve.registers.push_back(reg("fpsr", 32, "int", 66, "float"));
  sve.registers.push_back(reg("fpcr", 32, "int", 67, "float"));
  for (int i = 0; i < 16; ++i) sve.registers.push_back(reg(fmt::format("p{}", i), svl / 8, "svep", 68 + i, "vector"));
  sve.registers.push_back(reg("ffr", svl / 8, "svep", 84, "vector"));
  sve.registers.push_back(reg("vg", 64, "int", 85, "vector"));
  Feature sme{"org.gnu.gdb.aarch64.sme",
              fmt::format("    <vector id=\"sme_za\" type=\"uint8\" count=\"{}\"/>\n", vl * vl), {}};
  sme.registers.push_back(reg("svg", 64, "int", 86));
  sme.registers.push_back(reg("svcr", 64, "int", 87));
  sme.registers.push_back(reg("za", svl * vl, "sme_za", 88, "vector"));
  features_ = {core, sve, sme};
}

namespace {

// The text of a word at an address ("(undefined)" when no encoding decodes
// it); `vpt` the predicate suffix inside a VPT block. A VPT or VPST leaves
// its block's suffixes in *block.
std::string disassemble(const WordIsa& isa, const Bits& word, uint64_t address, char vpt = 0,
                        std::string* block = nullptr) {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = isa.decode(word, &inst);
  if (!enc) return "(undefined)";
  if (block && inst)
    if (std::string v = isa.rules().opens(*inst, *enc, word).preds; !v.empty()) *block = v;
  PrintContext ctx;
  ctx.address = address;
  ctx.block_pred = vpt;
  return isa.print(*enc, word, ctx);
}

}  // namespace

sim::gdb::Instruction MveGdbTarget::describe() {
  sim::gdb::Instruction insn;
  insn.address = pc();
  const std::optional<Bits> word = t32_fetch(m_.memory(), insn.address);
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
  return beatwise_ >= 0 && m_.engine().globals()[static_cast<size_t>(beatwise_)].as_bool();
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
  const std::vector<uint8_t> x = read_register(25);
  const uint32_t xpsr = uint32_t{x[0]} | uint32_t{x[1]} << 8 | uint32_t{x[2]} << 16 | uint32_t{x[3]} << 24;
  const char* mode = (xpsr & kIpsrBits) ? "handler" : (low32(m_.get("control")) & 1) ? "unpriv-thread" : "priv-thread";
  s += fmt::format("XPSR={:08x} {}{}{}{} {} S {}\n", xpsr, xpsr >> 31 & 1 ? 'N' : '-', xpsr >> 30 & 1 ? 'Z' : '-',
                   xpsr >> 29 & 1 ? 'C' : '-', xpsr >> 28 & 1 ? 'V' : '-', xpsr >> 24 & 1 ? 'T' : 'A', mode);
  return s;
}

sim::gdb::Instruction Sme2GdbTarget::describe() {
  sim::gdb::Instruction insn;
  insn.address = pc();
  if (!m_.memory.read(insn.address, 4, insn.word)) return insn;
  insn.bytes = 4;
  insn.text = disassemble(isa_, Bits(32, insn.word), insn.address);
  return insn;
}

std::vector<int> Sme2GdbTarget::trace_registers() {
  std::vector<int> out;
  for (int n = 0; n <= 88; ++n)
    if (n != 32 && n != 85 && n != 86) out.push_back(n);  // not the PC, VG or SVG
  return out;
}

std::string Sme2GdbTarget::qemu_state() {
  // QEMU 7.2's aarch64_cpu_dump_state (target/arm/cpu.c) for EL0.
  std::string s = fmt::format(" PC={:016x} ", pc());
  for (int i = 0; i < 31; ++i)
    s += fmt::format("X{:02d}={:016x}{}", i, m_.get(fmt::format("x{}", i)).low64(), (i + 2) % 3 ? " " : "\n");
  s += fmt::format(" SP={:016x}\n", m_.get("sp").low64());
  const uint64_t nzcv = m_.get("nzcv").low64(), svcr = m_.get("svcr").low64();
  s += fmt::format("PSTATE={:08x} {}{}{}{} EL0t  SVCR={:08x} {}{}  BTYPE=0\n", nzcv & 0xF0000000u, nzcv >> 31 & 1 ? 'N' : '-',
                   nzcv >> 30 & 1 ? 'Z' : '-', nzcv >> 29 & 1 ? 'C' : '-', nzcv >> 28 & 1 ? 'V' : '-', svcr,
                   svcr & 1 ? 'S' : '-', svcr & 2 ? 'Z' : '-');
  return s;
}

uint64_t Sme2GdbTarget::pc() { return m_.get("pc").low64(); }

std::vector<uint8_t> Sme2GdbTarget::read_register(int regnum) {
  const unsigned svl = static_cast<unsigned>(m_.svl());
  if (regnum <= 30) return bits_to_bytes(m_.get(fmt::format("x{}", regnum)));
  if (regnum == 31) return bits_to_bytes(m_.get("sp"));
  if (regnum == 32) return bits_to_bytes(m_.get("pc"));
  if (regnum == 33) return bits_to_bytes(Bits(32, m_.get("nzcv").low64()));
  if (regnum >= 34 && regnum <= 65) return bits_to_bytes(m_.get(fmt::format("z{}", regnum - 34)));
  if (regnum == 66) return bits_to_bytes(Bits(32, m_.get("fpsr").low64()));
  if (regnum == 67) return bits_to_bytes(Bits(32, m_.get("fpcr").low64()));
  if (regnum >= 68 && regnum <= 83) return bits_to_bytes(m_.get(fmt::format("p{}", regnum - 68)));
  if (regnum == 84) return std::vector<uint8_t>(svl / 64, 0);  // FFR: first-fault loads are not in the subset
  if (regnum == 85 || regnum == 86) return bits_to_bytes(Bits(64, svl / 64));
  if (regnum == 87) return bits_to_bytes(m_.get("svcr"));
  if (regnum == 88) {
    std::vector<uint8_t> out;
    for (unsigned row = 0; row < svl / 8; ++row) {
      const std::vector<uint8_t> b = bits_to_bytes(m_.get(fmt::format("za[{}]", row)));
      out.insert(out.end(), b.begin(), b.end());
    }
    return out;
  }
  throw InputError(fmt::format("no register number {}", regnum));
}

bool Sme2GdbTarget::write_register(int regnum, const std::vector<uint8_t>& bytes) {
  const Bits value = bytes_to_bits(bytes);
  const unsigned svl = static_cast<unsigned>(m_.svl());
  auto set64 = [&](const char* name, uint64_t keep_mask) {
    m_.set(name, Bits(64, (m_.get(name).low64() & keep_mask) | value.low64()));
  };
  if (regnum <= 30) m_.set(fmt::format("x{}", regnum), value);
  else if (regnum == 31) m_.set("sp", value);
  else if (regnum == 32) m_.set("pc", value);
  else if (regnum == 33) set64("nzcv", ~uint64_t{0xF0000000});
  else if (regnum >= 34 && regnum <= 65) m_.set(fmt::format("z{}", regnum - 34), value);
  else if (regnum == 66) set64("fpsr", ~uint64_t{0xFFFFFFFF});
  else if (regnum == 67) set64("fpcr", ~uint64_t{0xFFFFFFFF});
  else if (regnum >= 68 && regnum <= 83) m_.set(fmt::format("p{}", regnum - 68), value);
  else if (regnum == 87) m_.set("svcr", value);
  else if (regnum == 88) {
    for (unsigned row = 0; row < svl / 8; ++row) m_.set(fmt::format("za[{}]", row), value.slice(row * svl, svl));
  } else {
    return false;  // ffr, vg and svg are fixed
  }
  return true;
}

}  // namespace mlisa::targets
