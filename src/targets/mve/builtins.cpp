// The mve target's natives (builtins.hpp in this folder).
#include "targets/mve/builtins.hpp"

#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "sim/memory.hpp"

#include <fmt/format.h>

namespace mlisa::targets::mve {

namespace {

using spec::Builtin;
using spec::BuiltinKind;
using spec::CallSite;
using spec::Value;

sim::Memory& memory_of(CallSite& site) {
  if (!site.engine.target_state) throw spec::RuntimeError("mve memory is not available outside an mve machine");
  return *static_cast<sim::Memory*>(site.engine.target_state);
}

unsigned size_arg(const Value& v) {
  const spec::Int n = v.as_int();
  if (n != 1 && n != 2 && n != 4 && n != 8) throw spec::RuntimeError(fmt::format("_Mem: size {} is not 1, 2, 4 or 8", n));
  return static_cast<unsigned>(n);
}

// A data access to no memory: a precise BusFault, recorded in BFSR.
[[noreturn]] void bus_fault(CallSite& site, uint64_t address, unsigned size, bool write) {
  const int bfsr = site.engine.global_slot("BFSR");
  if (bfsr >= 0) {
    Value& v = site.engine.globals()[static_cast<size_t>(bfsr)];
    v = Value::bits(v.as_bits().width(), v.as_bits().low64() | 0x2u);  // PRECISERR
  }
  throw Fault("BusFault (PRECISERR)",
              fmt::format("{}-byte {} at 0x{:08x}, outside memory", size, write ? "write" : "read", address));
}

}  // namespace

void add_builtins(spec::BuiltinTable& t) {
  Builtin b;
  b.name = "ExceptionTaken";
  b.kind = BuiltinKind::Function;
  b.min_args = b.max_args = 2;
  b.fn = [](CallSite&, std::vector<Value>& args) -> Value {
    const std::string& exc = args[0].as_string();
    const std::string& cause = args[1].as_string();
    throw Fault(cause.empty() ? exc : fmt::format("{} ({})", exc, cause), "");
  };
  t.add(std::move(b));

  Builtin get;
  get.name = "_Mem";
  get.kind = BuiltinKind::Getter;
  get.min_args = get.max_args = 2;
  get.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const uint64_t address = args[0].as_bits().low64();
    const unsigned size = size_arg(args[1]);
    uint64_t value = 0;
    if (!memory_of(site).read(address, size, value)) bus_fault(site, address, size, false);
    return Value::bits(8 * size, value);
  };
  t.add(std::move(get));

  Builtin set;
  set.name = "_Mem";
  set.kind = BuiltinKind::Setter;
  set.min_args = set.max_args = 3;  // address, size and the value
  set.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const uint64_t address = args[0].as_bits().low64();
    const unsigned size = size_arg(args[1]);
    const spec::Bits& value = args[2].as_bits();
    if (value.width() != 8 * size)
      throw spec::RuntimeError(fmt::format("_Mem[address, {}] = bits({}): the value is not of the access size", size,
                                           value.width()));
    if (!memory_of(site).write(address, size, value.low64())) bus_fault(site, address, size, true);
    return Value();
  };
  t.add(std::move(set));
}

}  // namespace mlisa::targets::mve
