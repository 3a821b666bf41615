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

Host& host_of(CallSite& site) {
  if (!site.engine.target_state) throw spec::RuntimeError("mve memory is not available outside an mve machine");
  return *static_cast<Host*>(site.engine.target_state);
}

sim::Memory& memory_of(CallSite& site) { return host_of(site).memory; }

uint32_t word_at(CallSite& site, uint64_t address) {
  uint64_t v = 0;
  if (!memory_of(site).read(address, 4, v)) throw Fault("BusFault (PRECISERR)", fmt::format("semihosting: no memory at 0x{:08x}", address));
  return static_cast<uint32_t>(v);
}

void console(Host& h, std::string_view text) {
  if (h.write) h.write(text);
  else h.output += text;
}

// The semihosting operations of the Arm semihosting specification (32-bit
// callers: parameters in memory at r1, or r1 itself for SYS_EXIT).
constexpr uint32_t kSysOpen = 0x01, kSysClose = 0x02, kSysWriteC = 0x03, kSysWrite0 = 0x04, kSysWrite = 0x05, kSysExit = 0x18, kSysExitExtended = 0x20;
constexpr uint32_t kApplicationExit = 0x20026;
constexpr uint64_t kMaxString = 1 << 20;

uint32_t semihosting_call(CallSite& site, uint32_t op, uint32_t param) {
  Host& h = host_of(site);
  sim::Memory& mem = h.memory;
  auto byte_at = [&](uint64_t a) {
    uint64_t v = 0;
    if (!mem.read(a, 1, v)) throw Fault("BusFault (PRECISERR)", fmt::format("semihosting: no memory at 0x{:08x}", a));
    return static_cast<char>(v);
  };
  switch (op) {
    case kSysWriteC: console(h, std::string(1, byte_at(param))); return op;
    case kSysWrite0: {
      std::string s;
      for (uint64_t a = param; s.size() < kMaxString; ++a) {
        const char c = byte_at(a);
        if (c == 0) break;
        s += c;
      }
      console(h, s);
      return op;
    }
    case kSysOpen: {
      // [name, mode, length]: only the console, ":tt" (modes 0-3 read, 4-7
      // write, 8-11 append: stdin, stdout, stderr); files are not opened.
      const uint32_t name = word_at(site, param), mode = word_at(site, param + 4), len = word_at(site, param + 8);
      std::string s;
      for (uint64_t i = 0; i < len && i < 16; ++i) s += byte_at(name + i);
      if (s != ":tt" || len != 3 || mode > 11) return 0xffffffffu;
      const uint32_t handle = 1 + mode / 4;
      h.console_handles.insert(handle);
      return handle;
    }
    case kSysClose:
      return h.console_handles.erase(word_at(site, param)) ? 0 : 0xffffffffu;
    case kSysWrite: {
      // [handle, data, length]; returns the number of bytes not written. As
      // QEMU, only handles SYS_OPEN gave are open (no handle is at reset).
      const uint32_t handle = word_at(site, param), data = word_at(site, param + 4), len = word_at(site, param + 8);
      if (!h.console_handles.count(handle) || handle == 1) return len;
      std::string s;
      for (uint64_t i = 0; i < len && i < kMaxString; ++i) s += byte_at(data + i);
      console(h, s);
      return 0;
    }
    case kSysExit:
      // 32-bit SYS_EXIT: r1 is the reason itself; QEMU exits 0 for
      // ApplicationExit and 1 for any other reason.
      throw SemihostingExit{param == kApplicationExit ? 0 : 1};
    case kSysExitExtended: {
      // [reason, subcode]: the subcode is the status of an ApplicationExit.
      const uint32_t reason = word_at(site, param), code = word_at(site, param + 4);
      throw SemihostingExit{reason == kApplicationExit ? static_cast<int>(code) : 1};
    }
    default:
      throw Fault("semihosting", fmt::format("operation 0x{:x} is not supported (SYS_WRITEC, SYS_WRITE0, SYS_WRITE, "
                                             "SYS_EXIT, SYS_EXIT_EXTENDED are)", op));
  }
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

// The System Control Space (0xE000E000-0xE000EFFF): CPACR and CCR are the
// pseudocode's globals of those names (word accesses); the rest of the SCS
// reads as zero and ignores writes. Returns false outside the SCS.
constexpr uint64_t kScsBase = 0xE000E000, kScsEnd = 0xE000F000, kCpacr = 0xE000ED88, kCcr = 0xE000ED14;

spec::Value* scs_register(CallSite& site, uint64_t address, unsigned size) {
  const char* name = address == kCpacr ? "CPACR" : address == kCcr ? "CCR" : nullptr;
  if (!name || size != 4) return nullptr;
  const int slot = site.engine.global_slot(name);
  return slot < 0 ? nullptr : &site.engine.globals()[static_cast<size_t>(slot)];
}

bool in_scs(uint64_t address, unsigned size) { return address >= kScsBase && address + size <= kScsEnd; }

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
    if (in_scs(address, size)) {
      if (const Value* r = scs_register(site, address, size)) value = r->as_bits().low64();
      return Value::bits(8 * size, value);
    }
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
    if (in_scs(address, size)) {
      if (Value* r = scs_register(site, address, size)) *r = Value::bits(r->as_bits().width(), value.low64());
      return Value();
    }
    if (!memory_of(site).write(address, size, value.low64())) bus_fault(site, address, size, true);
    return Value();
  };
  t.add(std::move(set));

  Builtin semi;
  semi.name = "SemihostingCall";
  semi.kind = BuiltinKind::Function;
  semi.min_args = semi.max_args = 2;
  semi.result = [](const std::vector<spec::Expr*>&) { return spec::Type::bits(32); };
  semi.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const auto op = static_cast<uint32_t>(args[0].as_bits().low64());
    const auto param = static_cast<uint32_t>(args[1].as_bits().low64());
    return Value::bits(32, semihosting_call(site, op, param));
  };
  t.add(std::move(semi));

  Builtin bkpt;
  bkpt.name = "BKPTInstrDebugEvent";
  bkpt.kind = BuiltinKind::Function;
  bkpt.fn = [](CallSite&, std::vector<Value>&) -> Value {
    throw Fault("HardFault (DEBUGEVT)", "BKPT with no debugger attached");
  };
  t.add(std::move(bkpt));
}

}  // namespace mlisa::targets::mve
