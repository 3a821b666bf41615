#include "targets/tcore/program.hpp"

#include "asm/export.hpp"
#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <list>
#include <map>
#include <optional>
#include <stdexcept>

namespace mlisa::targets::tcore {

Image load_image(const as::SpecIsa& isa, const std::vector<as::ObjSection>& sections, const std::string& file) {
  Image img;
  const size_t wb = isa.isa.width() / 8;
  for (const as::ObjSection& sec : sections) {
    if (sec.code) {
      if (sec.bytes.size() % wb)
        throw InputError(fmt::format("{}: section {} is {} bytes, not a whole number of {}-byte words", file, sec.name,
                                     sec.bytes.size(), wb));
      for (size_t i = 0; i < sec.bytes.size(); i += wb) {
        as::Word w = as::Word::zeros(isa.isa.width());
        for (size_t b = 0; b < wb; ++b)
          for (int k = 0; k < 8; ++k)
            if (sec.bytes[i + b] >> k & 1) w.set_bit(static_cast<uint32_t>(b * 8 + k), true);
        img.code.push_back(std::move(w));
      }
    } else {
      const uint64_t align = sec.align ? sec.align : 1;
      img.data.resize((img.data.size() + align - 1) / align * align, 0);
      img.data.insert(img.data.end(), sec.bytes.begin(), sec.bytes.end());
    }
  }
  if (img.code.empty()) throw InputError(fmt::format("{}: no code (a .text section with at least one bundle)", file));
  return img;
}

std::unique_ptr<Machine> make_machine(const as::SpecIsa& isa, const Image& image, size_t memory_bytes,
                                      const sim::NpuConfig& mxu) {
  auto m = std::make_unique<Machine>(isa, all_builtins(), std::max(memory_bytes, image.data.size()), mxu);
  std::copy(image.data.begin(), image.data.end(), m->memory.begin());
  return m;
}

std::string mxu_flags(const sim::NpuConfig& c) {
  const sim::NpuConfig d;
  std::string s = fmt::format("--array {} --dtype {}", c.n, sim::dtype_name(c.dtype));
  if (c.double_buffer) s += " --double-buffer";
  if (c.l0a_rows != d.l0a_rows) s += fmt::format(" --l0a-rows {}", c.l0a_rows);
  if (c.l0b_rows != d.l0b_rows) s += fmt::format(" --l0b-rows {}", c.l0b_rows);
  if (c.l0c_rows != d.l0c_rows) s += fmt::format(" --l0c-rows {}", c.l0c_rows);
  if (c.dma_bytes_per_cycle != d.dma_bytes_per_cycle) s += fmt::format(" --dma-bw {}", c.dma_bytes_per_cycle);
  if (c.dma_latency != d.dma_latency) s += fmt::format(" --dma-latency {}", c.dma_latency);
  return s;
}

namespace {

// The scalar registers s1..s31 as a cache of 32-bit values, least recently
// used evicted first.
class RegCache {
 public:
  // The register holding v, and whether it must be set first.
  std::pair<int, bool> get(uint32_t v, const std::vector<int>& pinned) {
    auto it = where_.find(v);
    if (it != where_.end()) {
      touch(it->second);
      return {it->second, false};
    }
    // Least recently used register not pinned by the instruction.
    for (auto r = lru_.begin(); r != lru_.end(); ++r) {
      if (std::find(pinned.begin(), pinned.end(), *r) != pinned.end()) continue;
      const int reg = *r;
      if (held_[reg]) where_.erase(*held_[reg]);
      held_[reg] = v;
      where_[v] = reg;
      touch(reg);
      return {reg, true};
    }
    throw std::logic_error("tcore GEMM program: out of scalar registers");
  }

  RegCache() {
    for (int r = 1; r < 32; ++r) lru_.push_back(r);
  }

 private:
  void touch(int reg) {
    lru_.remove(reg);
    lru_.push_back(reg);
  }
  std::list<int> lru_;
  std::map<uint32_t, int> where_;
  std::optional<uint32_t> held_[32];
};

struct Bundle {
  std::vector<std::pair<int, uint32_t>> setups;  // s0, s1: register <- value
  bool wide = false;                             // a simm.w (lanes imm1:imm0) is among them
  std::string mxu, dma;
  bool halt = false;

  bool takes(uint32_t v) const { return setups.size() < 2 && (v < 0x10000 || !wide); }
  void add(int reg, uint32_t v) {
    setups.emplace_back(reg, v);
    if (v >= 0x10000) wide = true;
  }
  std::string text() const {
    std::vector<std::string> parts;
    for (size_t i = 0; i < setups.size(); ++i) {
      const auto [r, v] = setups[i];
      parts.push_back(v >= 0x10000 ? fmt::format("s{}: simm.w s{}, {:#x}", i, r, v)
                                   : fmt::format("s{}: simm.s32 s{}, {}", i, r, v));
    }
    if (!mxu.empty()) parts.push_back("mxu: " + mxu);
    if (!dma.empty()) parts.push_back("dma: " + dma);
    if (halt) parts.push_back("misc: halt");
    std::string s = "{ ";
    for (size_t i = 0; i < parts.size(); ++i) s += (i ? "; " : "") + parts[i];
    return s + " }";
  }
};

uint32_t u32(uint64_t v, const char* what) {
  if (v > 0xffffffffu) throw UsageError(fmt::format("the tcore GEMM program: {} {:#x} does not fit 32 bits", what, v));
  return static_cast<uint32_t>(v);
}

}  // namespace

GemmProgram emit_gemm_program(const sim::GemmPlan& plan, const sim::Gemm* operands, const std::string& title,
                              unsigned parts) {
  GemmProgram out;
  const bool want_text = parts & kProgramText, want_insns = parts & kProgramInsns;
  RegCache regs;
  // Bundles are written out as soon as no later setup can join them: only the
  // last one (the previous instruction's) may still take some.
  std::string code;
  std::optional<Bundle> last;
  auto push = [&](Bundle b) {
    if (last && want_text) code += "    " + last->text() + "\n";
    last = std::move(b);
    ++out.bundles;
  };
  std::vector<int> r, pinned;
  std::vector<uint32_t> values;
  for (const sim::MxuOp& op : plan.ops) {
    values.clear();
    switch (op.kind) {
      case sim::OpKind::LdTile: break;
      case sim::OpKind::Tmul: values = {op.l0c, op.l0, op.rows}; break;
      default: values = {op.l0, u32(op.mem, "address"), op.rows, u32(op.stride, "stride")}; break;
    }
    r.clear();
    pinned.clear();
    for (uint32_t v : values) {
      const auto [reg, set] = regs.get(v, pinned);
      pinned.push_back(reg);
      r.push_back(reg);
      // Set as early as the bundle before (its instruction reads the
      // registers as they were before it), else in bundles of their own.
      if (set) {
        if (!last || !last->takes(v)) push(Bundle{});
        last->add(reg, v);
      }
    }
    if (!want_text && !want_insns) {
      push(Bundle{});
      continue;
    }
    Bundle b;
    std::string text;
    switch (op.kind) {
      case sim::OpKind::LdTile: text = fmt::format("ldtile l0b[{}]", op.l0); break;
      case sim::OpKind::Tmul:
        text = fmt::format("tmul l0c[s{}], l0a[s{}], rows=s{}, acc={}", r[0], r[1], r[2], op.acc ? 1 : 0);
        break;
      case sim::OpKind::DmaMem:
        text = fmt::format("dma.st [s{}], l0c[s{}], rows=s{}, stride=s{}", r[1], r[0], r[2], r[3]);
        break;
      default: {
        const char* buf = op.kind == sim::OpKind::DmaL0A ? "l0a" : op.kind == sim::OpKind::DmaL0B ? "l0b" : "l0c";
        text = fmt::format("dma.ld {}[s{}], [s{}], rows=s{}, stride=s{}", buf, r[0], r[1], r[2], r[3]);
        break;
      }
    }
    if (want_insns) out.insns.push_back({out.bundles, text});
    (op.kind == sim::OpKind::LdTile || op.kind == sim::OpKind::Tmul ? b.mxu : b.dma) = std::move(text);
    push(std::move(b));
  }
  if (!last) push(Bundle{});
  last->halt = true;
  if (want_text) code += "    " + last->text() + "\n";
  if (!want_text) return out;

  const sim::NpuConfig& c = plan.config;
  std::string& s = out.text;
  s += fmt::format("# {}\n", title);
  s += fmt::format("# C = A x B, {}x{}x{} {} on a {}x{} MXU{}; {} MXU and DMA instructions in {} bundles.\n", plan.m,
                   plan.k, plan.n, sim::dtype_name(c.dtype), c.n, c.n, c.double_buffer ? ", double-buffered" : "",
                   plan.ops.size(), out.bundles);
  s += fmt::format("# Run: mlisa run --target tcore {} FILE\n", mxu_flags(c));
  s += fmt::format("# Data memory: A ({}x{}, padded) at {:#x}, B ({}x{}, padded) at {:#x}, C ({}x{} {}) at {:#x}; "
                   "{:#x} bytes.\n",
                   plan.m, plan.kp, plan.a_addr, plan.kp, plan.np, plan.b_addr, plan.m, plan.np,
                   c.dtype == sim::DType::Int8 ? "int32" : "fp32", plan.c_addr, plan.mem_bytes);
  s += "\n    .text\nentry:\n";
  s += code;
  s += "\n    .data\n";
  if (!operands) {
    s += fmt::format("    .zero {:#x}\n", plan.mem_bytes);
  } else {
    std::vector<uint8_t> mem(plan.mem_bytes, 0);
    sim::write_operands(plan, *operands, mem);
    const uint64_t ab = plan.c_addr;  // A and B; C follows
    auto words = [&](uint64_t from, uint64_t to, const char* label) {
      s += fmt::format("{}:\n", label);
      for (uint64_t a = from; a < to; a += 64) {
        s += "    .word ";
        for (uint64_t w = a; w < std::min(to, a + 64); w += 4) {
          uint32_t v = 0;
          for (uint64_t k = 0; k < 4 && w + k < to; ++k) v |= uint32_t{mem[w + k]} << (8 * k);
          s += fmt::format("{}{:#x}", w > a ? ", " : "", v);
        }
        s += "\n";
      }
    };
    // Every region is a multiple of 4 bytes except possibly A or B in int8;
    // the .word lines then cover the region as bytes, so emit byte-exact.
    if (plan.a_addr % 4 == 0 && plan.b_addr % 4 == 0 && ab % 4 == 0) {
      words(plan.a_addr, plan.b_addr, "a");
      words(plan.b_addr, ab, "b");
    } else {
      s += "a:\n";
      for (uint64_t a = 0; a < ab; a += 32) {
        s += "    .byte ";
        for (uint64_t k = a; k < std::min(ab, a + 32); ++k) s += fmt::format("{}{}", k > a ? ", " : "", mem[k]);
        s += "\n";
      }
    }
    s += fmt::format("c:\n    .zero {:#x}\n", plan.mem_bytes - ab);
  }
  return out;
}

GemmProgramRun run_gemm_program(const as::SpecIsa& isa, const sim::GemmPlan& plan, const sim::Gemm& operands,
                                const std::string& title, sim::CycleObserver* observer, sim::LeaveCycles* leave) {
  GemmProgramRun r;
  r.program = emit_gemm_program(plan, &operands, title);
  const as::Object obj = as::assemble_gas(isa.isa, gas_target(isa), r.program.text, "<gemm program>");
  const Image img = load_image(isa, obj.sections, "<gemm program>");
  r.machine = make_machine(isa, img, plan.mem_bytes, plan.config);
  r.machine->mxu().begin(observer, leave);
  r.machine->run(img.code);
  const auto& insns = r.machine->mxu_insns();
  if (insns.size() != plan.ops.size())
    throw std::logic_error(fmt::format("the GEMM program issued {} MXU ops, the plan has {}", insns.size(),
                                       plan.ops.size()));
  for (size_t i = 0; i < insns.size(); ++i) {
    const sim::MxuOp &a = insns[i].op, &b = plan.ops[i];
    if (sim::render(a) != sim::render(b) || insns[i].text != r.program.insns[i].text ||
        insns[i].bundle != r.program.insns[i].bundle)
      throw std::logic_error(fmt::format("the GEMM program's instruction {} ('{}' in bundle {}, {}) is not the "
                                         "plan's op {} ('{}' in bundle {})",
                                         i, insns[i].text, insns[i].bundle, sim::render(a), sim::render(b),
                                         r.program.insns[i].text, r.program.insns[i].bundle));
  }
  r.c = sim::read_result(plan, r.machine->memory);
  return r;
}

}  // namespace mlisa::targets::tcore
