// compare_with_isa: the pipeline and the ISA-level machine in lock step, bundle by bundle.
#include "targets/tcore/pipeline.hpp"

#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/program.hpp"

#include <fmt/format.h>

namespace mlisa::targets::tcore {

namespace {

bool same_value(const spec::Value& a, const spec::Value& b) {
  if (a.kind() != b.kind()) return false;
  if (a.kind() == spec::ValueKind::Bits) return a.as_bits() == b.as_bits();
  if (a.kind() == spec::ValueKind::Boolean) return a.as_bool() == b.as_bool();
  return true;
}

// The first register that differs, "" when none: S, V and P of the machine's globals.
std::string register_difference(const Machine& m, const std::vector<spec::Value>& x, const std::vector<spec::Value>& y) {
  const std::pair<int, const char*> files[] = {{m.s_global(), "s"}, {m.v_global(), "v"}, {m.p_global(), "p"}};
  for (const auto& [g, name] : files) {
    const auto& a = x[static_cast<size_t>(g)].elems();
    const auto& b = y[static_cast<size_t>(g)].elems();
    if (&a == &b) continue;
    for (size_t i = 0; i < a.size() && i < b.size(); ++i)
      if (!same_value(a[i], b[i])) return fmt::format("{}{}", name, i);
  }
  return "";
}

}  // namespace

Comparison compare_with_isa(const as::SpecIsa& isa, const std::vector<as::Word>& code, const std::vector<uint8_t>& data,
                            size_t memory_bytes, const FaultSpec* fault, uint64_t max_bundles,
                            bool stop_at_divergence) {
  struct Stop {};
  Image image{code, data};
  auto ref = make_machine(isa, image, memory_bytes, {});
  auto dut = make_machine(isa, image, memory_bytes, {});
  Comparison c;
  const uint32_t wb = isa.isa.width() / 8;
  uint64_t retired_insns = 0;
  Pipeline p(*dut, fault);
  p.on_retire = [&](const Pipeline::Retired& r) {
    retired_insns += r.instructions;
    if (ref->halted()) {
      if (!c.diverged) {
        c.diverged = true;
        c.instructions_to_divergence = retired_insns;
        c.divergence_pc = r.pc;
        c.difference = fmt::format("bundle 0x{:08x} retired after the ISA model halted", r.pc);
      }
      return;
    }
    if (ref->pc % wb || ref->pc / wb >= code.size())
      throw Fault("Prefetch fault", fmt::format("ISA model: pc 0x{:08x} is not a bundle of the program", ref->pc));
    const uint32_t ref_pc = ref->pc;
    ref->step(code[ref->pc / wb]);
    c.instructions = retired_insns;
    if (c.diverged) return;
    std::string diff;
    if (ref_pc != r.pc) diff = fmt::format("the pipeline retired 0x{:08x}, the ISA model ran 0x{:08x}", r.pc, ref_pc);
    if (diff.empty()) {
      const std::string reg = register_difference(*ref, ref->globals(), r.state);
      if (!reg.empty()) diff = fmt::format("{} differs after bundle 0x{:08x}", reg, r.pc);
    }
    if (diff.empty()) {
      bool same = r.stores.size() == ref->last_stores.size();
      // The pipeline lists a bundle's stores by slot, the machine by address: compare as sets.
      for (const auto& s : r.stores) {
        bool found = false;
        for (const auto& t : ref->last_stores) found = found || (s.address == t.address && s.value == t.value);
        same = same && found;
      }
      if (!same) diff = fmt::format("the stores of bundle 0x{:08x} differ", r.pc);
    }
    if (!diff.empty()) {
      c.diverged = true;
      c.instructions_to_divergence = retired_insns;
      c.divergence_pc = r.pc;
      c.difference = diff;
      if (stop_at_divergence) throw Stop{};
    }
  };
  try {
    p.run(code, max_bundles);
  } catch (const Stop&) {
    c.equal = false;
    c.stats = p.stats();
    return c;
  } catch (const Fault& f) {
    c.pipeline_fault = f.fault_name() + ": " + f.message();
    c.equal = false;
    if (!c.diverged) {
      c.diverged = true;
      c.instructions_to_divergence = retired_insns + 1;
      c.difference = "the pipeline faulted: " + c.pipeline_fault;
    }
  }
  c.stats = p.stats();
  if (c.pipeline_fault.empty()) {
    // The ISA model runs on to its halt (the pipeline may have stopped early).
    ref->run(code, max_bundles);
    if (!register_difference(*ref, ref->globals(), dut->globals()).empty() || ref->memory != dut->memory)
      c.equal = false;
    if (c.equal && c.diverged && c.difference.find("retired after") != std::string::npos) c.equal = false;
  }
  return c;
}

}  // namespace mlisa::targets::tcore
