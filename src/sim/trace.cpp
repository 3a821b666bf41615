#include "sim/trace.hpp"

#include "core/diag.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <exception>

namespace mlisa::sim {

namespace {

std::string hex_sized(uint64_t value, unsigned bytes) { return fmt::format("0x{:0{}x}", value, 2 * bytes); }

}  // namespace

Tracer::Tracer(const std::string& path, Format format) : format_(format) {
  if (path == "-") {
    out_ = stdout;
  } else {
    out_ = std::fopen(path.c_str(), "w");
    if (!out_) throw InputError(fmt::format("--trace {}: cannot write: {}", path, std::strerror(errno)));
    close_ = true;
  }
}

Tracer::~Tracer() {
  if (close_) std::fclose(out_);
  else std::fflush(out_);
}

void Tracer::write(const std::string& s) {
  if (std::fwrite(s.data(), 1, s.size(), out_) != s.size()) throw InputError("--trace: cannot write the trace");
}

void Tracer::step(gdb::Target& target) {
  if (regnums_.empty()) {
    regnums_ = target.trace_registers();
    for (int n : regnums_) {
      std::string name = fmt::format("{}", n);
      for (const gdb::Feature& f : target.features())
        for (const gdb::Register& r : f.registers)
          if (r.regnum == n) name = r.name;
      names_.push_back(name);
      before_.push_back(target.read_register(n));
    }
  }
  const gdb::Instruction insn = target.describe();
  const std::string state = format_ == Format::Text ? target.qemu_state() : "";
  Memory& mem = target.memory();
  std::vector<Memory::Access> reads, writes;
  auto* outer_reads = mem.read_log();
  auto* outer_writes = mem.overwritten_log();
  mem.set_read_log(&reads);
  mem.set_overwritten_log(&writes);
  std::string fault;
  std::exception_ptr error;
  try {
    target.step();
  } catch (const Fault& f) {
    fault = f.fault_name();
    error = std::current_exception();
  } catch (...) {
    mem.set_read_log(outer_reads);
    mem.set_overwritten_log(outer_writes);
    throw;
  }
  mem.set_read_log(outer_reads);
  mem.set_overwritten_log(outer_writes);
  if (outer_reads) outer_reads->insert(outer_reads->end(), reads.begin(), reads.end());
  if (outer_writes) outer_writes->insert(outer_writes->end(), writes.begin(), writes.end());
  // The fetch: the first reads, inside the instruction.
  size_t first = 0;
  while (first < reads.size() && reads[first].address >= insn.address &&
         reads[first].address + reads[first].size <= insn.address + std::max(insn.bytes, 4u))
    ++first;
  const bool masked = insn.beat_mask && fault.empty() && target.ran_by_beats();

  std::vector<std::pair<size_t, std::vector<uint8_t>>> changed;
  for (size_t i = 0; i < regnums_.size(); ++i) {
    std::vector<uint8_t> now = target.read_register(regnums_[i]);
    if (now != before_[i]) {
      changed.push_back({i, now});
      before_[i] = std::move(now);
    }
  }
  // A write's value is what memory holds after the instruction.
  auto written = [&](const Memory::Access& a) {
    uint64_t v = 0;
    const uint8_t* p = mem.find(a.address, a.size);
    for (unsigned i = 0; p && i < a.size; ++i) v |= uint64_t{p[i]} << (8 * i);
    return v;
  };

  if (format_ == Format::Jsonl) {
    nlohmann::json j;
    j["pc"] = fmt::format("0x{:08x}", insn.address);
    if (insn.bytes) j["word"] = hex_sized(insn.word, insn.bytes);
    j["size"] = insn.bytes;
    j["asm"] = insn.text;
    if (masked) j["beat_mask"] = fmt::format("0x{:04x}", *insn.beat_mask);
    nlohmann::json regs = nlohmann::json::object();
    for (const auto& [i, v] : changed) regs[names_[i]] = hex_le(v);
    j["regs"] = regs;
    nlohmann::json accesses = nlohmann::json::array();
    for (size_t k = first; k < reads.size(); ++k)
      accesses.push_back({{"op", "read"},
                          {"addr", fmt::format("0x{:08x}", reads[k].address)},
                          {"size", reads[k].size},
                          {"value", hex_sized(reads[k].value, reads[k].size)}});
    for (const Memory::Access& w : writes)
      accesses.push_back({{"op", "write"},
                          {"addr", fmt::format("0x{:08x}", w.address)},
                          {"size", w.size},
                          {"value", hex_sized(written(w), w.size)}});
    j["mem"] = accesses;
    if (!fault.empty()) j["fault"] = fault;
    write(j.dump() + "\n");
  } else {
    std::string s = fmt::format("Trace 0: 0x{:08x} [{}] {}\n", insn.address, insn.bytes ? hex_sized(insn.word, insn.bytes) : "?",
                                insn.text);
    s += state;
    if (masked) s += fmt::format("  mask 0x{:04x}\n", *insn.beat_mask);
    for (const auto& [i, v] : changed) s += fmt::format("  reg {}={}\n", names_[i], hex_le(v));
    for (size_t k = first; k < reads.size(); ++k)
      s += fmt::format("  read 0x{:08x} {} {}\n", reads[k].address, reads[k].size, hex_sized(reads[k].value, reads[k].size));
    for (const Memory::Access& w : writes)
      s += fmt::format("  write 0x{:08x} {} {}\n", w.address, w.size, hex_sized(written(w), w.size));
    if (!fault.empty()) s += fmt::format("  fault {}\n", fault);
    write(s);
  }
  if (error) {
    std::fflush(out_);
    std::rethrow_exception(error);
  }
}

}  // namespace mlisa::sim
