#pragma once
// A machine's memory as compiled code reads and writes it without a call:
// windows onto the byte arrays of the regions it hit last (sim::Memory keeps
// them), little-endian. An access that no window holds, and every access of
// a kind the memory logs, go the slow way: the target's memory builtin.
#include <cstdint>
#include <cstring>

namespace mlisa {

struct DirectMemory {
  struct Window {
    uint64_t base = 0, size = 0;  // size 0: holds nothing
    uint8_t* bytes = nullptr;
    bool writable = false;
  };
  // The last region hit first: a machine alternates between its code and its data.
  Window windows[2];
  bool logs_reads = false, logs_writes = false;

  // The bytes of [addr, addr + n) (writable ones, for a write), when a window
  // holds them; null otherwise. Logs are not looked at here.
  uint8_t* window_for(uint64_t addr, uint64_t n, bool write) const {
    for (const Window& w : windows) {
      const uint64_t off = addr - w.base;
      if (off < w.size && n <= w.size - off && (w.writable || !write)) return w.bytes + off;
    }
    return nullptr;
  }
  // Loads and stores of N = 1, 2, 4 or 8 bytes; false where the slow way must
  // take them.
  template <unsigned N>
  bool read(uint64_t addr, uint64_t& value) const {
    static_assert(N == 1 || N == 2 || N == 4 || N == 8);
    const uint8_t* p = logs_reads ? nullptr : window_for(addr, N, false);
    if (!p) return false;
    value = 0;
    std::memcpy(&value, p, N);  // the host is little-endian (memory.cpp)
    return true;
  }
  template <unsigned N>
  bool write(uint64_t addr, uint64_t value) {
    static_assert(N == 1 || N == 2 || N == 4 || N == 8);
    uint8_t* p = logs_writes ? nullptr : window_for(addr, N, true);
    if (!p) return false;
    std::memcpy(p, &value, N);
    return true;
  }
};

}  // namespace mlisa
