// The memory of a simulated machine: byte-addressed, little-endian, made of
// named regions at fixed addresses (an M-profile board's TCMs, SRAMs and DDR,
// a Linux process's text, data and stack). An access that is not wholly
// inside one region, or a write to a read-only one, is refused; the machine
// turns the refusal into its architecture's fault (BusFault, a data abort).
// A region's bytes are reserved, not touched, when it is mapped (the host
// zero-fills a page when it is first used), so that a board's 2 GiB of DDR
// costs what a program uses of it; an alias shows another region's bytes at
// a second address.
#pragma once

#include "core/direct_memory.hpp"

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::sim {

class Memory {
 public:
  // What a write to a region does: store, be refused (read-only memory), or
  // do nothing (a ROM as QEMU's boards model one).
  enum class Writes { Stored, Refused, Ignored };
  struct Region {
    std::string name;
    uint64_t base = 0, size = 0;
    Writes writes = Writes::Stored;
    uint8_t* bytes = nullptr;  // size bytes, owned by the memory (shared with aliases)
    bool writable() const { return writes == Writes::Stored; }
  };

  Memory() = default;
  Memory(Memory&&) noexcept = default;
  Memory& operator=(Memory&&) noexcept = default;

  // Throws mlisa::InputError when the region overlaps another or wraps, or
  // when the host cannot reserve its bytes.
  void map(std::string name, uint64_t base, uint64_t size, Writes writes = Writes::Stored);
  // A region at base that shows the bytes of [of, of + size), which must lie
  // in one region mapped before (it writes as that region does).
  void alias(std::string name, uint64_t base, uint64_t size, uint64_t of);

  // The bytes of [addr, addr + n) when they lie in one region (and that
  // region is writable, for `write`), else nullptr.
  uint8_t* find(uint64_t addr, uint64_t n, bool write);
  const uint8_t* find(uint64_t addr, uint64_t n) const;

  // Little-endian loads and stores of n = 1..8 bytes; false when refused.
  // Inline, and calling nothing when the access falls in a region hit
  // recently and no log is kept: a machine makes one or more per instruction.
  bool read(uint64_t addr, unsigned n, uint64_t& value) const {
    return read_recent(addr, n, value) || read_slow(addr, n, value);
  }
  // The inline part of read: false, calling nothing, where read would call.
  bool read_recent(uint64_t addr, unsigned n, uint64_t& value) const {
    const uint8_t* p = recent_.direct.logs_reads ? nullptr : recent_.direct.window_for(addr, n, false);
    if (!p || n - 1 >= 8) return false;
    value = load(p, n);
    return true;
  }
  bool write(uint64_t addr, unsigned n, uint64_t value) {
    return write_recent(addr, n, value) || write_slow(addr, n, value);
  }
  // The inline part of write: false, calling nothing, where write would call.
  bool write_recent(uint64_t addr, unsigned n, uint64_t value) {
    uint8_t* p = recent_.direct.logs_writes ? nullptr : recent_.direct.window_for(addr, n, true);
    if (!p || n - 1 >= 8) return false;
    store(p, n, value);
    return true;
  }
  // Copies bytes in, ignoring write protection (a loader); false when refused.
  bool load(uint64_t addr, const uint8_t* data, size_t n);

  // The region holding addr, or nullptr.
  const Region* region_of(uint64_t addr) const;
  const std::vector<Region>& regions() const { return regions_; }

  // One access: its address, size in bytes and a value (little-endian).
  struct Access {
    uint64_t address = 0;
    unsigned size = 0;
    uint64_t value = 0;
  };
  // The logs, kept when set (null: none). Reads: every read that succeeds,
  // with the value read (a trace; the machine's instruction fetches are reads
  // too). Writes: every write that succeeds, as (address, bytes), for a
  // co-simulation or a trace to see what a step stored. Overwritten: every
  // write that succeeds, with the value it replaced, so that a debugger can
  // undo the step (a watchpoint that stops before the store).
  std::vector<Access>* read_log() const { return read_log_; }
  std::vector<std::pair<uint64_t, unsigned>>* write_log() const { return write_log_; }
  std::vector<Access>* overwritten_log() const { return overwritten_log_; }
  void set_read_log(std::vector<Access>* log) {
    read_log_ = log;
    recent_.direct.logs_reads = log != nullptr;
  }
  void set_write_log(std::vector<std::pair<uint64_t, unsigned>>* log) {
    write_log_ = log;
    recent_.direct.logs_writes = write_log_ || overwritten_log_;
  }
  void set_overwritten_log(std::vector<Access>* log) {
    overwritten_log_ = log;
    recent_.direct.logs_writes = write_log_ || overwritten_log_;
  }

  // The windows compiled code loads and stores through (Engine::direct_memory):
  // they follow this memory's accesses and logs. A move of the
  // memory starts them afresh, so a pointer to them is good for this object.
  DirectMemory& direct() { return recent_.direct; }

 private:
  // The usual sizes as one load or store each (the host is little-endian: memory.cpp).
  static uint64_t load(const uint8_t* p, unsigned n) {
    if (n == 1) return *p;
    if (n == 2) return load_as<uint16_t>(p);
    if (n == 4) return load_as<uint32_t>(p);
    uint64_t v = 0;
    std::memcpy(&v, p, n);
    return v;
  }
  static void store(uint8_t* p, unsigned n, uint64_t value) {
    if (n == 1) *p = static_cast<uint8_t>(value);
    else if (n == 2) store_as<uint16_t>(p, value);
    else if (n == 4) store_as<uint32_t>(p, value);
    else std::memcpy(p, &value, n);
  }
  template <class T>
  static T load_as(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  template <class T>
  static void store_as(uint8_t* p, uint64_t value) {
    const T v = static_cast<T>(value);
    std::memcpy(p, &v, sizeof v);
  }
  bool inside(const Region& r, uint64_t addr, uint64_t n) const {
    return addr >= r.base && n <= r.size && addr - r.base <= r.size - n;
  }
  // The bytes of [addr, addr + n) (writable ones, for a write): the two
  // regions last hit are tried first, inline; null when refused.
  const uint8_t* window_for(uint64_t addr, uint64_t n, bool write) const {
    const uint8_t* p = recent_.direct.window_for(addr, n, write);
    return p ? p : window_for_slow(addr, n, write);
  }
  const uint8_t* window_for_slow(uint64_t addr, uint64_t n, bool write) const;
  const Region* region_for(uint64_t addr, uint64_t n) const;
  // The accesses the inline paths leave: a region not hit recently, a bad
  // size, a log to keep, a refusal.
  bool read_slow(uint64_t addr, unsigned n, uint64_t& value) const;
  bool write_slow(uint64_t addr, unsigned n, uint64_t value);

  // The two regions hit last, the last first, and which logs are kept. The
  // windows point into the regions' bytes, so a move of a Memory
  // starts them afresh; the log flags go with the log pointers.
  struct Recent {
    DirectMemory direct;
    Recent() = default;
    Recent(const Recent& other) { copy_flags(other); }
    Recent(Recent&& other) noexcept { copy_flags(other), other.clear(); }
    Recent& operator=(const Recent& other) { return clear(), copy_flags(other), *this; }
    Recent& operator=(Recent&& other) noexcept { return clear(), copy_flags(other), other.clear(), *this; }
    void clear() { direct.windows[0] = direct.windows[1] = DirectMemory::Window{}; }
    void copy_flags(const Recent& other) {
      direct.logs_reads = other.direct.logs_reads;
      direct.logs_writes = other.direct.logs_writes;
    }
  };

  // Bytes reserved from the host, released with the memory.
  struct Reservation {
    void* at = nullptr;
    size_t size = 0;
    Reservation(void* a, size_t n) : at(a), size(n) {}
    Reservation(Reservation&& o) noexcept : at(std::exchange(o.at, nullptr)), size(o.size) {}
    Reservation& operator=(Reservation&&) = delete;
    ~Reservation();
  };
  void add(Region r);

  std::vector<Reservation> reserved_;
  std::vector<Region> regions_;
  mutable Recent recent_;
  std::vector<Access>* read_log_ = nullptr;
  std::vector<std::pair<uint64_t, unsigned>>* write_log_ = nullptr;
  std::vector<Access>* overwritten_log_ = nullptr;
};

}  // namespace mlisa::sim
