#include "verify/qemu_sme2.hpp"

#include "verify/subprocess.hpp"

#include <fmt/format.h>

namespace mlisa::verify::qemu_sme2 {

namespace {

using subprocess::ProcessResult;
using subprocess::TempDir;

constexpr size_t kHeaderBytes = 16;
constexpr const char* kMattr = "-mattr=+sme,+sve2,+bf16";

size_t pad16(size_t n) { return (n + 15) & ~size_t{15}; }
size_t zbytes(int svl) { return static_cast<size_t>(svl) / 8; }
size_t pbytes(int svl) { return static_cast<size_t>(svl) / 64; }
// A tile of esize-bit elements has SVL/esize rows of SVL/8 bytes.
size_t tile_bytes(int svl, const Case& c) { return static_cast<size_t>(svl / c.tile_esize) * zbytes(svl); }

size_t input_size(int svl, const Case& c) {
  return 16 + c.z.size() * pad16(zbytes(svl)) + c.p.size() * pad16(pbytes(svl)) + (c.tile >= 0 ? tile_bytes(svl, c) : 0);
}
size_t output_size(int svl, const Case& c) {
  return 16 + c.z_out.size() * zbytes(svl) + c.p_out.size() * pbytes(svl) + (c.tile >= 0 ? tile_bytes(svl, c) : 0);
}

void put64(uint8_t* p, uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}
uint64_t get64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = v << 8 | p[i];
  return v;
}

// x = a 64-bit constant, with movz/movk (no literal pool).
std::string load_constant(const char* reg, uint64_t value) {
  std::string s = fmt::format("    movz {}, #0x{:x}\n", reg, value & 0xffff);
  for (int shift = 16; shift < 64; shift += 16)
    if ((value >> shift) & 0xffff) s += fmt::format("    movk {}, #0x{:x}, lsl #{}\n", reg, (value >> shift) & 0xffff, shift);
  return s;
}

std::string address_of(const char* reg, const char* symbol, size_t offset) {
  return fmt::format("    adrp {0}, {1}+{2}\n    add {0}, {0}, :lo12:{1}+{2}\n", reg, symbol, offset);
}

// The rows of the case's ZA tile to or from memory at x0: array vectors
// tile, tile + esize/8, ..., one SVL apart.
std::string tile_loop(int svl, const Case& c, bool store) {
  return fmt::format(
      "    mov w12, #{}\n    mov x3, #{}\n1:  {} za[w12, 0], [x0]\n    add w12, w12, #{}\n    addsvl x0, x0, #1\n"
      "    subs x3, x3, #1\n    b.ne 1b\n",
      c.tile, svl / c.tile_esize, store ? "str" : "ldr", c.tile_esize / 8);
}

void check_case(int svl, const Case& c) {
  for (const Reg& r : c.z)
    if (r.number < 0 || r.number > 31 || r.bytes.size() != zbytes(svl))
      throw OracleError(fmt::format("case register z{}: {} bytes, expected {}", r.number, r.bytes.size(), zbytes(svl)));
  for (const Reg& r : c.p)
    if (r.number < 0 || r.number > 15 || r.bytes.size() != pbytes(svl))
      throw OracleError(fmt::format("case register p{}: {} bytes, expected {}", r.number, r.bytes.size(), pbytes(svl)));
  if ((c.tile_esize != 32 && c.tile_esize != 64) || c.tile >= c.tile_esize / 8 ||
      (c.tile >= 0 && c.tile_rows.size() != tile_bytes(svl, c)))
    throw OracleError(fmt::format("case tile za{} of {}-bit elements: {} bytes of rows, expected {}", c.tile, c.tile_esize,
                                  c.tile_rows.size(), tile_bytes(svl, c)));
  for (int z : c.z_out)
    if (z < 0 || z > 31) throw OracleError(fmt::format("case output z{}: no such register", z));
  for (int p : c.p_out)
    if (p < 0 || p > 15) throw OracleError(fmt::format("case output p{}: no such register", p));
}

void check_svl(int svl) {
  if (svl < 128 || svl > 2048 || (svl & (svl - 1)))
    throw OracleError(fmt::format("SVL {}: a power of two from 128 to 2048", svl));
}

}  // namespace

std::optional<Tools> find_tools(std::string* why) {
  auto qemu = subprocess::on_path("qemu-aarch64");
  auto mc = subprocess::on_path("llvm-mc-19");
  auto ld = subprocess::on_path("ld.lld");
  if (qemu && mc && ld) return Tools{*qemu, *mc, *ld};
  if (why) {
    std::string missing;
    for (auto [name, found] : {std::pair{"qemu-aarch64", qemu.has_value()}, std::pair{"llvm-mc-19", mc.has_value()},
                               std::pair{"ld.lld", ld.has_value()}})
      if (!found) missing += (missing.empty() ? "" : ", ") + std::string(name);
    *why = missing + " not found on PATH";
  }
  return std::nullopt;
}

std::vector<uint8_t> input_table(int svl, const std::vector<Case>& cases) {
  check_svl(svl);
  size_t total = 0;
  for (const Case& c : cases) total += input_size(svl, c);
  std::vector<uint8_t> out(total);
  size_t at = 0;
  for (const Case& c : cases) {
    check_case(svl, c);
    put64(&out[at], c.fpcr);
    put64(&out[at + 8], c.fpsr);
    size_t k = at + 16;
    for (const Reg& r : c.z) std::copy(r.bytes.begin(), r.bytes.end(), out.begin() + static_cast<ptrdiff_t>(k)), k += pad16(zbytes(svl));
    for (const Reg& r : c.p) std::copy(r.bytes.begin(), r.bytes.end(), out.begin() + static_cast<ptrdiff_t>(k)), k += pad16(pbytes(svl));
    if (c.tile >= 0) std::copy(c.tile_rows.begin(), c.tile_rows.end(), out.begin() + static_cast<ptrdiff_t>(k));
    at += input_size(svl, c);
  }
  return out;
}

std::string program_source(int svl, const std::vector<Case>& cases, const std::string& inputs_path,
                           const std::string& results_path) {
  check_svl(svl);
  if (cases.size() > kMaxBatch) throw OracleError(fmt::format("a batch holds at most {} cases", kMaxBatch));
  std::string s = "// Generated by mlisa (src/verify/qemu_sme2.cpp): one case after another, then the results file.\n";
  s += "    .text\n    .globl _start\n_start:\n";
  // prctl(PR_SME_SET_VL, SVL bytes), then SMSTART; RDSVL goes to the header.
  s += fmt::format("    mov x0, #63\n    mov x1, #{}\n    mov x2, #0\n    mov x3, #0\n    mov x4, #0\n"
                   "    mov x8, #167\n    svc #0\n    smstart\n    rdsvl x9, #1\n",
                   svl / 8);
  s += address_of("x10", "results", 0);
  s += "    str x9, [x10]\n    str xzr, [x10, #8]\n";
  size_t in = 0, out = kHeaderBytes;
  for (size_t i = 0; i < cases.size(); ++i) {
    const Case& c = cases[i];
    check_case(svl, c);
    s += fmt::format("// case {}\n", i);
    s += address_of("x0", "inputs", in);
    s += "    ldr x1, [x0]\n    msr fpcr, x1\n    ldr x1, [x0, #8]\n    msr fpsr, x1\n";
    size_t k = in + 16;
    for (const Reg& r : c.z) {
      s += address_of("x0", "inputs", k) + fmt::format("    ldr z{}, [x0]\n", r.number);
      k += pad16(zbytes(svl));
    }
    for (const Reg& r : c.p) {
      s += address_of("x0", "inputs", k) + fmt::format("    ldr p{}, [x0]\n", r.number);
      k += pad16(pbytes(svl));
    }
    if (c.tile >= 0) s += address_of("x0", "inputs", k) + tile_loop(svl, c, false);
    for (uint32_t w : c.words) s += fmt::format("    .inst 0x{:08x}\n", w);
    s += address_of("x0", "results", out) + "    mrs x1, fpsr\n    str x1, [x0]\n";
    size_t o = out + 16;
    for (int z : c.z_out) {
      s += address_of("x0", "results", o) + fmt::format("    str z{}, [x0]\n", z);
      o += zbytes(svl);
    }
    for (int p : c.p_out) {
      s += address_of("x0", "results", o) + fmt::format("    str p{}, [x0]\n", p);
      o += pbytes(svl);
    }
    if (c.tile >= 0) s += address_of("x0", "results", o) + tile_loop(svl, c, true);
    s += address_of("x10", "results", 8) + load_constant("x9", i + 1) + "    str x9, [x10]\n";
    in += input_size(svl, c);
    out += output_size(svl, c);
  }
  // openat(AT_FDCWD, path, O_WRONLY | O_CREAT | O_TRUNC, 0600), write until
  // done, close, exit(0); any failure exits 1.
  s += "    smstop\n    mov x0, #-100\n";
  s += address_of("x1", "path", 0);
  s += "    mov x2, #0x241\n    mov x3, #0x180\n    mov x8, #56\n    svc #0\n    cmp x0, #0\n    b.lt fail\n"
       "    mov x19, x0\n";
  s += address_of("x20", "results", 0) + load_constant("x21", out);
  s += "2:  mov x0, x19\n    mov x1, x20\n    mov x2, x21\n    mov x8, #64\n    svc #0\n    cmp x0, #0\n    b.le fail\n"
       "    add x20, x20, x0\n    sub x21, x21, x0\n    cbnz x21, 2b\n"
       "    mov x0, x19\n    mov x8, #57\n    svc #0\n    mov x0, #0\n    mov x8, #93\n    svc #0\n"
       "fail:\n    mov x0, #1\n    mov x8, #93\n    svc #0\n";
  s += "    .section .rodata\n    .balign 16\ninputs:\n";
  s += fmt::format("    .incbin {}\n", subprocess::quote_asm(inputs_path));
  s += fmt::format("path:\n    .asciz {}\n", subprocess::quote_asm(results_path));
  s += fmt::format("    .bss\n    .balign 16\nresults:\n    .space {}\n", out);
  return s;
}

std::vector<Result> parse_results(int svl, const std::vector<Case>& cases, const std::vector<uint8_t>& blob) {
  size_t expected = kHeaderBytes;
  for (const Case& c : cases) expected += output_size(svl, c);
  if (blob.size() != expected)
    throw OracleError(fmt::format("the results file has {} bytes, expected {} for {} cases", blob.size(), expected,
                                  cases.size()));
  const uint64_t svl_bytes = get64(blob.data()), finished = get64(blob.data() + 8);
  if (svl_bytes != static_cast<uint64_t>(svl / 8))
    throw OracleError(fmt::format("QEMU ran at SVL {} bits, not {} (prctl(PR_SME_SET_VL) refused?)", svl_bytes * 8, svl));
  if (finished != cases.size())
    throw OracleError(fmt::format("the results file says {} of {} cases finished", finished, cases.size()));
  std::vector<Result> out;
  size_t at = kHeaderBytes;
  for (const Case& c : cases) {
    Result r;
    r.fpsr = get64(&blob[at]);
    size_t k = at + 16;
    for (size_t z = 0; z < c.z_out.size(); ++z, k += zbytes(svl))
      r.z_out.emplace_back(blob.begin() + static_cast<ptrdiff_t>(k), blob.begin() + static_cast<ptrdiff_t>(k + zbytes(svl)));
    for (size_t p = 0; p < c.p_out.size(); ++p, k += pbytes(svl))
      r.p_out.emplace_back(blob.begin() + static_cast<ptrdiff_t>(k), blob.begin() + static_cast<ptrdiff_t>(k + pbytes(svl)));
    if (c.tile >= 0)
      r.tile_rows.assign(blob.begin() + static_cast<ptrdiff_t>(k), blob.begin() + static_cast<ptrdiff_t>(k + tile_bytes(svl, c)));
    out.push_back(std::move(r));
    at += output_size(svl, c);
  }
  return out;
}

namespace {

std::vector<Result> run_batch(const Tools& tools, int svl, const std::vector<Case>& cases, double timeout_seconds) {
  std::unique_ptr<TempDir> dir;
  try {
    dir = std::make_unique<TempDir>("qemu-sme2");
  } catch (const subprocess::ToolError& e) {
    throw OracleError(e.what());
  }
  const std::string inputs = dir->file("inputs.bin"), results = dir->file("results.bin");
  const std::string source = dir->file("program.s"), object = dir->file("program.o"), elf = dir->file("program");
  try {
    const std::vector<uint8_t> table = input_table(svl, cases);
    subprocess::write_file(inputs, table.data(), table.size());
    const std::string text = program_source(svl, cases, inputs, results);
    subprocess::write_file(source, text.data(), text.size());
    const ProcessResult mc = subprocess::run_process(
        {tools.mc, "-triple=aarch64-linux-gnu", kMattr, "-filetype=obj", source, "-o", object}, *dir, "mc", timeout_seconds);
    if (mc.timed_out || mc.exit_code != 0)
      throw OracleError(fmt::format("llvm-mc-19 failed on the test program{}: {}", mc.timed_out ? " (timeout)" : "", mc.err));
    const ProcessResult ld = subprocess::run_process({tools.ld, "-static", object, "-o", elf}, *dir, "ld", timeout_seconds);
    if (ld.timed_out || ld.exit_code != 0)
      throw OracleError(fmt::format("ld.lld failed on the test program{}: {}", ld.timed_out ? " (timeout)" : "", ld.err));
    // Every vector length enabled, so that prctl can choose any of them.
    const ProcessResult q = subprocess::run_process(
        {tools.qemu, "-cpu", "max,sme128=on,sme256=on,sme512=on,sme1024=on,sme2048=on", elf}, *dir, "qemu",
        timeout_seconds);
    if (q.timed_out)
      throw OracleError(fmt::format("qemu-aarch64 did not finish a batch of {} cases in {} s", cases.size(), timeout_seconds));
    if (q.exit_code != 0)
      throw OracleError(fmt::format("qemu-aarch64 failed (exit {}, signal {}): {}{}", q.exit_code, q.signal, q.out, q.err));
    return parse_results(svl, cases, subprocess::read_bytes(results));
  } catch (const subprocess::ToolError& e) {
    throw OracleError(e.what());
  }
}

}  // namespace

std::vector<Result> run(const Tools& tools, int svl, const std::vector<Case>& cases, double timeout_seconds) {
  check_svl(svl);
  std::vector<Result> out;
  out.reserve(cases.size());
  for (size_t next = 0; next < cases.size(); next += kMaxBatch) {
    const size_t count = std::min(kMaxBatch, cases.size() - next);
    std::vector<Case> batch(cases.begin() + static_cast<ptrdiff_t>(next),
                            cases.begin() + static_cast<ptrdiff_t>(next + count));
    for (Result& r : run_batch(tools, svl, batch, timeout_seconds)) out.push_back(std::move(r));
  }
  return out;
}

}  // namespace mlisa::verify::qemu_sme2
