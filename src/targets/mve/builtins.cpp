// The mve target's natives (builtins.hpp in this folder).
#include "targets/mve/builtins.hpp"

#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "sim/memory.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <ctime>
#include <filesystem>

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


void console(Host& h, int stream, std::string_view text) {
  auto& sink = stream == 2 ? h.write_err : h.write;
  if (sink) sink(text);
  else h.output += text;
}

// The semihosting operations (Arm's "Semihosting for AArch32 and AArch64").
enum : uint32_t {
  kSysOpen = 0x01, kSysClose = 0x02, kSysWriteC = 0x03, kSysWrite0 = 0x04, kSysWrite = 0x05, kSysRead = 0x06,
  kSysReadC = 0x07, kSysIsError = 0x08, kSysIsTty = 0x09, kSysSeek = 0x0a, kSysFlen = 0x0c, kSysTmpnam = 0x0d,
  kSysRemove = 0x0e, kSysRename = 0x0f, kSysClock = 0x10, kSysTime = 0x11, kSysSystem = 0x12, kSysErrno = 0x13,
  kSysGetCmdline = 0x15, kSysHeapInfo = 0x16, kSysExit = 0x18, kSysSyncCache = 0x19, kSysExitExtended = 0x20,
  kSysElapsed = 0x30, kSysTickFreq = 0x31
};
constexpr uint32_t kApplicationExit = 0x20026;
constexpr uint64_t kMaxString = 1 << 20;
constexpr uint32_t kFail = 0xffffffffu;
// What QEMU returns where an operation defines no result (SYS_WRITEC, SYS_WRITE0).
constexpr uint32_t kNoResult = 0xdeadbeefu;

std::string op_name(uint32_t op) {
  switch (op) {
    case kSysTmpnam: return "SYS_TMPNAM";
    case kSysSystem: return "SYS_SYSTEM";
    case kSysSyncCache: return "SYS_SYNCCACHE";
    default: return "an unknown operation";
  }
}

// A parameter block or buffer the host cannot reach: QEMU's do_fault, the
// call fails with EFAULT.
struct GuestFault {};

// The byte at the program's address a.
uint8_t guest_byte(const sim::Memory& m, uint64_t a) {
  uint64_t v = 0;
  if (!m.read(a, 1, v)) throw GuestFault{};
  return static_cast<uint8_t>(v);
}

uint32_t guest_word(const sim::Memory& m, uint64_t a) {
  uint64_t v = 0;
  if (!m.read(a, 4, v)) throw GuestFault{};
  return static_cast<uint32_t>(v);
}

void put_word(sim::Memory& m, uint64_t a, uint32_t v) {
  if (!m.write(a, 4, v)) throw GuestFault{};
}

std::string guest_bytes(const sim::Memory& m, uint64_t a, uint64_t n) {
  if (n == 0) return {};
  const uint8_t* p = m.find(a, n);
  if (!p) throw GuestFault{};
  return std::string(reinterpret_cast<const char*>(p), n);
}

std::string guest_string(const sim::Memory& m, uint64_t a) {
  std::string s;
  for (;; ++a) {
    const uint8_t c = guest_byte(m, a);
    if (c == 0) return s;
    if (s.size() >= kMaxString) throw GuestFault{};
    s += static_cast<char>(c);
  }
}

// The host path of a program's file name below the root, or nullopt (the
// name is then treated as missing): no root, an empty name, or a path that
// resolves (symbolic links followed) outside the root.
std::optional<std::string> host_path(const Host& h, const std::string& name) {
  namespace fs = std::filesystem;
  if (h.root.empty() || name.empty() || name.find('\0') != std::string::npos) return std::nullopt;
  std::error_code ec;
  const fs::path root(h.root);
  fs::path p = fs::path(name).is_absolute() ? fs::path(name) : root / name;
  const fs::path resolved = fs::weakly_canonical(p, ec);
  if (ec) return std::nullopt;
  // Inside the root: the root itself or below it, component by component.
  auto r = root.begin();
  auto q = resolved.begin();
  for (; r != root.end(); ++r, ++q)
    if (q == resolved.end() || *q != *r) return std::nullopt;
  if (q == resolved.end()) return std::nullopt;  // the root directory itself is no file
  return resolved.string();
}

// The heap QEMU's SYS_HEAPINFO reports: the largest range no loaded segment
// covers in the RAM at address 0 (ITCM; QEMU 7.2 chooses it on mps3-an547,
// tests/targets/data/mve_memory_map.s).
std::pair<uint64_t, uint64_t> heap_gap(const Host& h) {
  const sim::Memory::Region* ram = h.memory.region_of(0);
  if (!ram) return {0, 0};
  std::vector<std::pair<uint64_t, int>> edges;  // +1 a segment starts, -1 one ends
  for (const auto& [a, n] : h.loaded) {
    const uint64_t lo = std::max(a, ram->base), hi = std::min(a + n, ram->base + ram->size);
    if (lo >= hi) continue;
    edges.push_back({lo, 1});
    edges.push_back({hi, -1});
  }
  std::sort(edges.begin(), edges.end(), [](const auto& x, const auto& y) {
    return x.first != y.first ? x.first < y.first : x.second > y.second;
  });
  uint64_t best_base = 0, best_size = 0, gap_start = ram->base;
  int depth = 0;
  auto consider = [&](uint64_t end) {
    if (end > gap_start && end - gap_start > best_size) {
      best_base = gap_start;
      best_size = end - gap_start;
    }
  };
  for (const auto& [at, d] : edges) {
    if (depth == 0 && d > 0) consider(at);
    depth += d;
    if (depth == 0) gap_start = at;
  }
  consider(ram->base + ram->size);
  return {best_base, best_base + best_size};
}

// SYS_OPEN's modes (0-11: r, rb, r+, r+b, w, wb, w+, w+b, a, ab, a+, a+b).
int open_flags(uint32_t mode) {
  static const int flags[12] = {O_RDONLY, O_RDONLY, O_RDWR, O_RDWR,
                                O_WRONLY | O_CREAT | O_TRUNC, O_WRONLY | O_CREAT | O_TRUNC,
                                O_RDWR | O_CREAT | O_TRUNC, O_RDWR | O_CREAT | O_TRUNC,
                                O_WRONLY | O_CREAT | O_APPEND, O_WRONLY | O_CREAT | O_APPEND,
                                O_RDWR | O_CREAT | O_APPEND, O_RDWR | O_CREAT | O_APPEND};
  return flags[mode];
}

// The feature file: magic "SHFB" and feature byte 0 (SH_EXT_EXIT_EXTENDED,
// SH_EXT_STDOUT_STDERR).
constexpr char kFeatures[] = {'S', 'H', 'F', 'B', 0x03};

uint32_t new_handle(Host& h, Host::Handle hd) {
  uint32_t n = 1;
  while (h.handles.count(n)) ++n;
  h.handles[n] = hd;
  return n;
}

std::string console_read(Host& h, size_t max) {
  if (h.read) return h.read(max);
  std::string buf(max, '\0');
  const ssize_t n = ::read(0, buf.data(), max);
  buf.resize(n > 0 ? static_cast<size_t>(n) : 0);
  return buf;
}

uint32_t semihosting_call(CallSite& site, uint32_t op, uint32_t param) {
  Host& h = host_of(site);
  sim::Memory& mem = h.memory;
  auto fail = [&](int err) {
    h.errno_value = static_cast<uint32_t>(err);
    return kFail;
  };
  auto arg = [&](int n) { return guest_word(mem, param + 4u * static_cast<uint32_t>(n)); };
  try {
    switch (op) {
      case kSysWriteC:
        console(h, 1, std::string(1, static_cast<char>(guest_byte(mem, param))));
        return kNoResult;
      case kSysWrite0:
        console(h, 1, guest_string(mem, param));
        return kNoResult;
      case kSysOpen: {
        const uint32_t name_at = arg(0), mode = arg(1);
        arg(2);
        const std::string name = guest_string(mem, name_at);
        if (mode >= 12) return fail(EINVAL);
        if (name == ":tt") return new_handle(h, {Host::Handle::Console, mode < 4 ? 0 : mode < 8 ? 1 : 2, 0});
        if (name == ":semihosting-features") {
          if (mode != 0 && mode != 1) return fail(EACCES);
          return new_handle(h, {Host::Handle::Features, -1, 0});
        }
        const std::optional<std::string> path = host_path(h, name);
        if (!path) return fail(ENOENT);
        const int fd = ::open(path->c_str(), open_flags(mode) | O_CLOEXEC, 0644);
        if (fd < 0) return fail(errno);
        return new_handle(h, {Host::Handle::File, fd, 0});
      }
      case kSysClose: {
        auto it = h.handles.find(arg(0));
        if (it == h.handles.end()) return fail(EBADF);
        if (it->second.kind == Host::Handle::File && ::close(it->second.fd) != 0) {
          h.handles.erase(it);
          return fail(errno);
        }
        h.handles.erase(it);
        return 0;
      }
      case kSysWrite: {
        // [handle, data, length]: returns the bytes not written (all of
        // them on any error; the errno is left alone, as QEMU's).
        const uint32_t handle = arg(0), data = arg(1), len = arg(2);
        auto it = h.handles.find(handle);
        if (it == h.handles.end() || it->second.kind == Host::Handle::Features) return len;
        const std::string bytes = guest_bytes(mem, data, len);
        if (it->second.kind == Host::Handle::Console) {
          console(h, it->second.fd == 2 ? 2 : 1, bytes);
          h.console_written[it->second.fd] += bytes.size();
          return 0;
        }
        const ssize_t n = ::write(it->second.fd, bytes.data(), bytes.size());
        return n < 0 ? len : len - static_cast<uint32_t>(n);
      }
      case kSysRead: {
        // [handle, buffer, length]: returns the bytes not read.
        const uint32_t handle = arg(0), buffer = arg(1), len = arg(2);
        auto it = h.handles.find(handle);
        if (it == h.handles.end()) return len;
        if (len && !mem.find(buffer, len, true)) return len;
        std::string got;
        if (it->second.kind == Host::Handle::Features) {
          const uint64_t at = std::min<uint64_t>(it->second.offset, sizeof kFeatures);
          got.assign(kFeatures + at, std::min<uint64_t>(len, sizeof kFeatures - at));
          it->second.offset += got.size();
        } else if (it->second.kind == Host::Handle::Console) {
          got = console_read(h, len);
        } else {
          got.resize(len);
          const ssize_t n = ::read(it->second.fd, got.data(), len);
          if (n < 0) return len;
          got.resize(static_cast<size_t>(n));
        }
        if (!got.empty()) mem.load(buffer, reinterpret_cast<const uint8_t*>(got.data()), got.size());
        return len - static_cast<uint32_t>(got.size());
      }
      case kSysReadC: {
        const std::string c = console_read(h, 1);
        if (c.empty()) return fail(EIO);
        return static_cast<uint8_t>(c[0]);
      }
      case kSysIsError:
        return static_cast<int32_t>(arg(0)) < 0 ? 1 : 0;
      case kSysIsTty: {
        auto it = h.handles.find(arg(0));
        if (it == h.handles.end()) return fail(EBADF);
        if (it->second.kind == Host::Handle::Features) {
          h.errno_value = ENOTTY;
          return 0;
        }
        if (::isatty(it->second.fd)) return 1;
        const int err = errno;
        h.errno_value = static_cast<uint32_t>(err);
        return err == ENOTTY ? 0 : kFail;
      }
      case kSysSeek: {
        // [handle, position]: 0 on success.
        const uint32_t handle = arg(0), pos = arg(1);
        auto it = h.handles.find(handle);
        if (it == h.handles.end()) return fail(EBADF);
        if (it->second.kind == Host::Handle::Features) {
          if (pos > sizeof kFeatures) return fail(EINVAL);
          it->second.offset = pos;
          return 0;
        }
        if (it->second.kind == Host::Handle::Console) return fail(ESPIPE);
        if (::lseek(it->second.fd, static_cast<off_t>(pos), SEEK_SET) < 0) return fail(errno);
        return 0;
      }
      case kSysFlen: {
        auto it = h.handles.find(arg(0));
        if (it == h.handles.end()) return fail(EBADF);
        if (it->second.kind == Host::Handle::Features) return sizeof kFeatures;
        if (it->second.kind == Host::Handle::Console && h.console_size)
          return static_cast<uint32_t>(h.console_size(it->second.fd));
        struct stat st {};
        if (::fstat(it->second.fd, &st) != 0) return fail(errno);
        if (st.st_size > 0x7fffffff) return fail(EOVERFLOW);
        return static_cast<uint32_t>(st.st_size);
      }
      case kSysRemove: {
        const std::string name = guest_string(mem, arg(0));
        arg(1);
        const std::optional<std::string> path = host_path(h, name);
        if (!path) return fail(ENOENT);
        if (::remove(path->c_str()) != 0) return fail(errno);
        return 0;
      }
      case kSysRename: {
        const uint32_t from_at = arg(0), to_at = arg(2);
        arg(1);
        arg(3);
        const std::string from = guest_string(mem, from_at), to = guest_string(mem, to_at);
        const std::optional<std::string> a = host_path(h, from), b = host_path(h, to);
        if (!a || !b) return fail(ENOENT);
        if (::rename(a->c_str(), b->c_str()) != 0) return fail(errno);
        return 0;
      }
      case kSysClock:
        // The host process's CPU time in centiseconds, as QEMU's.
        return static_cast<uint32_t>(std::clock() / (CLOCKS_PER_SEC / 100));
      case kSysTime: {
        const std::time_t t = std::time(nullptr);
        if (t == static_cast<std::time_t>(-1)) return fail(errno);
        return static_cast<uint32_t>(t);
      }
      case kSysErrno:
        return h.errno_value;
      case kSysGetCmdline: {
        // [buffer, size]: the command line and its length (without the NUL).
        const uint32_t buffer = arg(0), size = arg(1);
        if (h.cmdline.size() + 1 > size) return fail(E2BIG);
        put_word(mem, param + 4, static_cast<uint32_t>(h.cmdline.size()));
        const std::string with_nul = h.cmdline + '\0';
        if (!mem.find(buffer, with_nul.size(), true)) throw GuestFault{};
        mem.load(buffer, reinterpret_cast<const uint8_t*>(with_nul.data()), with_nul.size());
        return 0;
      }
      case kSysHeapInfo: {
        // [block]: heap base, heap limit, stack base, stack limit.
        const uint32_t block = arg(0);
        const auto [base, limit] = heap_gap(h);
        const uint32_t v[4] = {static_cast<uint32_t>(base), static_cast<uint32_t>(limit),
                               static_cast<uint32_t>(limit), static_cast<uint32_t>(base)};
        for (int i = 0; i < 4; ++i) put_word(mem, block + 4u * static_cast<uint32_t>(i), v[i]);
        return 0;
      }
      case kSysExit:
        // 32-bit SYS_EXIT: r1 is the reason itself; QEMU exits 0 for
        // ApplicationExit and 1 for any other reason.
        throw SemihostingExit{param == kApplicationExit ? 0 : 1};
      case kSysExitExtended: {
        // [reason, subcode]: the subcode is the status of an ApplicationExit.
        const uint32_t reason = arg(0), code = arg(1);
        throw SemihostingExit{reason == kApplicationExit ? static_cast<int>(code) : 1};
      }
      case kSysElapsed: {
        // [low, high]: nanoseconds since the machine started (SYS_TICKFREQ).
        const auto ns = static_cast<uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                                  std::chrono::steady_clock::now() - h.started)
                                                  .count());
        put_word(mem, param, static_cast<uint32_t>(ns));
        put_word(mem, param + 4, static_cast<uint32_t>(ns >> 32));
        return 0;
      }
      case kSysTickFreq:
        return 1000000000u;
      default:
        throw Fault("semihosting", fmt::format("{} (0x{:02x}) is not implemented (r1 = 0x{:08x})", op_name(op), op, param));
    }
  } catch (const GuestFault&) {
    return fail(EFAULT);
  }
}

unsigned size_arg(spec::Int n) {
  if (n != 1 && n != 2 && n != 4 && n != 8) throw spec::RuntimeError(fmt::format("_Mem: size {} is not 1, 2, 4 or 8", n));
  return static_cast<unsigned>(n);
}

spec::Value* global_named(CallSite& site, const char* name) {
  const int slot = site.engine.global_slot(name);
  return slot < 0 ? nullptr : &site.engine.globals()[static_cast<size_t>(slot)];
}

uint64_t global_bits(CallSite& site, const char* name) {
  const Value* v = global_named(site, name);
  return v ? v->as_bits().low64() : 0;
}

void set_global_bits(CallSite& site, const char* name, uint64_t value) {
  if (Value* v = global_named(site, name)) *v = Value::bits(v->as_bits().width(), value);
}

// A data access to no memory: a precise BusFault, recorded in BFSR
// (PRECISERR, BFARVALID) and BFAR.
[[noreturn]] void bus_fault(CallSite& site, uint64_t address, unsigned size, bool write) {
  set_global_bits(site, "BFSR", global_bits(site, "BFSR") | 0x82u);
  set_global_bits(site, "BFAR", address);
  throw ArchException{5, "PRECISERR",
                      fmt::format("{}-byte {} at 0x{:08x}, outside memory", size, write ? "write" : "read", address)};
}

// The System Control Space (0xE000E000-0xE000EFFF), word by word: the
// registers the model keeps (builtins.hpp); byte and halfword accesses
// read or write their part of the word.
constexpr uint64_t kScsBase = 0xE000E000, kScsEnd = 0xE000F000;

// The read-only identification words of the System Control Space, as QEMU
// 7.2's Cortex-M55 (r0p1) reads them (tests/targets/data/mve_sysregs.s):
// CPUID, ID_PFR0-1, ID_DFR0, ID_AFR0, ID_MMFR0-3, ID_ISAR0-5, CLIDR, CTR,
// CCSIDR, CSSELR and MVFR0-2. ID_PFR1 says Security Extension, as QEMU's
// does; the model has none (docs/known-differences.md).
constexpr std::pair<uint32_t, uint32_t> kIdentification[] = {
    {0xE000ED00, 0x410FD221}, {0xE000ED40, 0x20000030}, {0xE000ED44, 0x00000230}, {0xE000ED48, 0x10200000},
    {0xE000ED4C, 0x00000000}, {0xE000ED50, 0x00111040}, {0xE000ED54, 0x00000000}, {0xE000ED58, 0x01000000},
    {0xE000ED5C, 0x00000011}, {0xE000ED60, 0x01103110}, {0xE000ED64, 0x02212000}, {0xE000ED68, 0x20232232},
    {0xE000ED6C, 0x01111131}, {0xE000ED70, 0x01310132}, {0xE000ED74, 0x00000000}, {0xE000ED78, 0x00000000},
    {0xE000ED7C, 0x8303C003}, {0xE000ED80, 0x00000000}, {0xE000ED84, 0x00000000}, {0xE000EF40, 0x10110221},
    {0xE000EF44, 0x12100211}, {0xE000EF48, 0x00000040},
};

bool in_scs(uint64_t address, unsigned size) { return address >= kScsBase && address + size <= kScsEnd; }

bool element(CallSite& site, const char* array, int n) {
  const Value* v = global_named(site, array);
  return v && v->elems().at(static_cast<size_t>(n)).as_bool();
}

void set_element(CallSite& site, const char* array, int n, bool value) {
  if (Value* v = global_named(site, array)) v->mutable_elems().at(static_cast<size_t>(n)) = Value::boolean(value);
}

uint32_t scs_read(CallSite& site, uint32_t address) {
  switch (address) {
    case 0xE000E010: {  // SYST_CSR: reading clears COUNTFLAG
      const uint32_t v = static_cast<uint32_t>(global_bits(site, "SYST_CSR"));
      set_global_bits(site, "SYST_CSR", v & ~0x10000u);
      return v;
    }
    case 0xE000E014: return static_cast<uint32_t>(global_bits(site, "SYST_RVR")) & 0xffffffu;
    case 0xE000E018: return static_cast<uint32_t>(global_bits(site, "SYST_CVR")) & 0xffffffu;
    case 0xE000ED04: {  // ICSR
      const uint32_t active = static_cast<uint32_t>(global_bits(site, "IPSR")) & 0x1ffu;
      uint32_t v = active;
      int highest_pending = 0;
      for (int n = 15; n >= 2; --n)
        if (element(site, "ExceptionPending", n)) highest_pending = n;
      v |= static_cast<uint32_t>(highest_pending) << 12;
      if (element(site, "ExceptionPending", 14)) v |= 1u << 28;
      if (element(site, "ExceptionPending", 15)) v |= 1u << 26;
      if (element(site, "ExceptionPending", 2)) v |= 1u << 31;
      int active_count = 0;
      for (int n = 1; n <= 15; ++n) active_count += element(site, "ExceptionActive", n) ? 1 : 0;
      if (active_count <= 1) v |= 1u << 11;  // RETTOBASE
      return v;
    }
    case 0xE000ED08: return static_cast<uint32_t>(global_bits(site, "VTOR")) & ~0x7fu;
    case 0xE000ED0C: return 0xFA050000u | (static_cast<uint32_t>(global_bits(site, "AIRCR")) & 0x700u);
    case 0xE000ED10: return static_cast<uint32_t>(global_bits(site, "SCR"));
    case 0xE000ED14: return static_cast<uint32_t>(global_bits(site, "CCR")) | 0x201u;  // STKALIGN, bit 0 RES1
    case 0xE000ED18: return static_cast<uint32_t>(global_bits(site, "SHPR1"));
    case 0xE000ED1C: return static_cast<uint32_t>(global_bits(site, "SHPR2"));
    case 0xE000ED20: return static_cast<uint32_t>(global_bits(site, "SHPR3"));
    case 0xE000ED24: {  // SHCSR
      uint32_t v = static_cast<uint32_t>(global_bits(site, "SHCSR")) & 0x70000u;
      const std::pair<int, int> active[] = {{4, 0}, {5, 1}, {6, 3}, {11, 7}, {12, 8}, {14, 10}, {15, 11}};
      for (const auto& [n, bit] : active)
        if (element(site, "ExceptionActive", n)) v |= 1u << bit;
      const std::pair<int, int> pended[] = {{6, 12}, {4, 13}, {5, 14}, {11, 15}};
      for (const auto& [n, bit] : pended)
        if (element(site, "ExceptionPending", n)) v |= 1u << bit;
      return v;
    }
    case 0xE000ED28:
      return static_cast<uint32_t>(global_bits(site, "MMFSR") | global_bits(site, "BFSR") << 8 |
                                   global_bits(site, "UFSR") << 16);
    case 0xE000ED2C: return static_cast<uint32_t>(global_bits(site, "HFSR"));
    case 0xE000ED34: return static_cast<uint32_t>(global_bits(site, "MMFAR"));
    case 0xE000ED38: return static_cast<uint32_t>(global_bits(site, "BFAR"));
    case 0xE000ED88: return static_cast<uint32_t>(global_bits(site, "CPACR"));
    case 0xE000EF34: return static_cast<uint32_t>(global_bits(site, "FPCCR"));
    default:
      for (const auto& [at, value] : kIdentification)
        if (at == address) return value;
      return 0;
  }
}

// A write of `value` to the bytes of the word at `address` that `mask` selects.
void scs_write(CallSite& site, uint32_t address, uint32_t value, uint32_t mask) {
  auto merge = [&](const char* name, uint32_t writable) {
    const uint32_t old = static_cast<uint32_t>(global_bits(site, name));
    set_global_bits(site, name, (old & ~(mask & writable)) | (value & mask & writable));
  };
  auto clear_ones = [&](const char* name, uint32_t bits) {  // write-one-to-clear
    set_global_bits(site, name, global_bits(site, name) & ~static_cast<uint64_t>(bits));
  };
  const uint32_t v = value & mask;
  switch (address) {
    case 0xE000E010: merge("SYST_CSR", 0x7u); return;
    case 0xE000E014: merge("SYST_RVR", 0xffffffu); return;
    case 0xE000E018:  // any write clears the counter and COUNTFLAG
      set_global_bits(site, "SYST_CVR", 0);
      clear_ones("SYST_CSR", 0x10000u);
      return;
    case 0xE000ED04:  // ICSR
      if (v & (1u << 31)) set_element(site, "ExceptionPending", 2, true);
      if (v & (1u << 28)) set_element(site, "ExceptionPending", 14, true);
      else if (v & (1u << 27)) set_element(site, "ExceptionPending", 14, false);
      if (v & (1u << 26)) set_element(site, "ExceptionPending", 15, true);
      else if (v & (1u << 25)) set_element(site, "ExceptionPending", 15, false);
      return;
    case 0xE000ED08: merge("VTOR", 0xffffff80u); return;
    case 0xE000ED0C:
      if ((mask & 0xffff0000u) == 0xffff0000u && (value >> 16) == 0x05FA) merge("AIRCR", 0x700u);
      return;
    case 0xE000ED10: merge("SCR", 0x16u); return;
    case 0xE000ED14: merge("CCR", 0x18u); return;  // DIV_0_TRP, UNALIGN_TRP
    case 0xE000ED18: merge("SHPR1", 0xffffffffu); return;
    case 0xE000ED1C: merge("SHPR2", 0xff000000u); return;
    case 0xE000ED20: merge("SHPR3", 0xffff00ffu); return;
    case 0xE000ED24: merge("SHCSR", 0x70000u); return;
    case 0xE000ED28:
      clear_ones("MMFSR", v & 0xffu);
      clear_ones("BFSR", (v >> 8) & 0xffu);
      clear_ones("UFSR", v >> 16);
      return;
    case 0xE000ED2C: clear_ones("HFSR", v); return;
    case 0xE000ED34: merge("MMFAR", 0xffffffffu); return;
    case 0xE000ED38: merge("BFAR", 0xffffffffu); return;
    case 0xE000ED88: merge("CPACR", 0x00f00000u); return;
    case 0xE000EF34: merge("FPCCR", 0xc0000000u); return;
    default: return;
  }
}

// _Mem[address, size]: memory, or the System Control Space word by word
// (a byte or halfword access reads or writes its part of the word). Out of
// line, so that the fast path below saves no registers.
[[gnu::noinline, gnu::cold]] uint64_t mem_read_slow(CallSite& site, uint64_t address, spec::Int n) {
  const unsigned size = size_arg(n);
  uint64_t value = 0;
  if (in_scs(address, size)) {
    const uint32_t base = static_cast<uint32_t>(address) & ~3u, shift = 8 * (static_cast<uint32_t>(address) & 3u);
    if (shift + 8 * size > 32) bus_fault(site, address, size, false);
    value = (scs_read(site, base) >> shift) & ((uint64_t{1} << (8 * size)) - 1);
  } else if (!memory_of(site).read(address, size, value)) {
    bus_fault(site, address, size, false);
  }
  return value;
}

// _Mem[address, size]: a load from a region read recently first, calling
// nothing; the rest (other regions, the SCS, faults, bad sizes) out of line.
uint64_t mem_read(CallSite& site, uint64_t address, spec::Int n) {
  uint64_t value = 0;
  if (const auto* h = static_cast<const Host*>(site.engine.target_state);
      h && (n == 1 || n == 2 || n == 4 || n == 8) && !in_scs(address, static_cast<unsigned>(n)) &&
      h->memory.read_recent(address, static_cast<unsigned>(n), value))
    return value;
  return mem_read_slow(site, address, n);
}

// _Mem[address, size] = value: the SCS, faults and bad sizes.
[[gnu::noinline, gnu::cold]] void mem_write_slow(CallSite& site, uint64_t address, spec::Int n, uint64_t value,
                                                 uint32_t value_width) {
  const unsigned size = size_arg(n);
  if (value_width != 8 * size)
    throw spec::RuntimeError(
        fmt::format("_Mem[address, {}] = bits({}): the value is not of the access size", size, value_width));
  if (in_scs(address, size)) {
    const uint32_t base = static_cast<uint32_t>(address) & ~3u, shift = 8 * (static_cast<uint32_t>(address) & 3u);
    if (shift + 8 * size > 32) bus_fault(site, address, size, true);
    const uint32_t mask = static_cast<uint32_t>(((uint64_t{1} << (8 * size)) - 1) << shift);
    scs_write(site, base, static_cast<uint32_t>(value << shift), mask);
  } else if (!memory_of(site).write(address, size, value)) {
    bus_fault(site, address, size, true);
  }
}

// _Mem[address, size] = value: a store to a region written recently first,
// calling nothing; the rest out of line.
void mem_write(CallSite& site, uint64_t address, spec::Int n, uint64_t value, uint32_t value_width) {
  if (auto* h = static_cast<Host*>(site.engine.target_state);
      h && (n == 1 || n == 2 || n == 4 || n == 8) && value_width == 8 * n && !in_scs(address, static_cast<unsigned>(n)) &&
      h->memory.write_recent(address, static_cast<unsigned>(n), value))
    return;
  mem_write_slow(site, address, n, value, value_width);
}

}  // namespace

std::string exception_name(int n) {
  switch (n) {
    case 1: return "Reset";
    case 2: return "NMI";
    case 3: return "HardFault";
    case 4: return "MemManage";
    case 5: return "BusFault";
    case 6: return "UsageFault";
    case 7: return "SecureFault";
    case 11: return "SVCall";
    case 12: return "DebugMonitor";
    case 14: return "PendSV";
    case 15: return "SysTick";
    default: return fmt::format("exception {}", n);
  }
}

void Host::close_files() {
  for (auto& [n, hd] : handles)
    if (hd.kind == Handle::File && hd.fd >= 0) ::close(hd.fd);
  handles.clear();
}

Host::~Host() { close_files(); }

void add_builtins(spec::BuiltinTable& t) {
  Builtin b;
  b.name = "ExceptionTaken";
  b.kind = BuiltinKind::Function;
  b.min_args = b.max_args = 2;
  b.fn = [](CallSite&, std::vector<Value>& args) -> Value {
    const std::string& exc = args[0].as_string();
    int n = 0;
    for (int k = 1; k <= 15 && !n; ++k)
      if (exception_name(k) == exc) n = k;
    // The builtin table is shared: another target's exception (sme2's
    // SMEAccessTrap) stops the run with its name, as before.
    const std::string& cause = args[1].as_string();
    if (!n) throw Fault(cause.empty() ? exc : fmt::format("{} ({})", exc, cause), "");
    throw ArchException{n, cause, ""};
  };
  t.add(std::move(b));

  Builtin get;
  get.name = "_Mem";
  get.kind = BuiltinKind::Getter;
  get.min_args = get.max_args = 2;
  get.get_word_int = mem_read;
  get.unit_bits = 8;
  get.direct = true;  // the SCS is not a region of the memory: no window holds it
  get.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const spec::Int n = args[1].as_int();
    const uint64_t value = mem_read(site, args[0].as_bits().low64(), n);
    return Value::bits(static_cast<uint32_t>(8 * n), value);
  };
  t.add(std::move(get));

  Builtin set;
  set.name = "_Mem";
  set.kind = BuiltinKind::Setter;
  set.min_args = set.max_args = 3;  // address, size and the value
  set.set_word_int = mem_write;
  set.direct = true;
  set.fn = [](CallSite& site, std::vector<Value>& args) -> Value {
    const spec::Bits& value = args[2].as_bits();
    mem_write(site, args[0].as_bits().low64(), args[1].as_int(), value.low64(), value.width());
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
  bkpt.fn = [](CallSite& site, std::vector<Value>&) -> Value {
    // The DebugMonitor exception is disabled and no debugger halts: the
    // debug event is a HardFault (HFSR.DEBUGEVT).
    set_global_bits(site, "HFSR", global_bits(site, "HFSR") | 0x80000000u);
    throw ArchException{3, "DEBUGEVT", "BKPT with no debugger attached"};
  };
  t.add(std::move(bkpt));
}

}  // namespace mlisa::targets::mve
