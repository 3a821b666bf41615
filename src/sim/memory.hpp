// The memory of a simulated machine: byte-addressed, little-endian, made of
// named regions at fixed addresses (an M-profile board's ITCM and DTCM, a
// Linux process's text, data and stack). An access that is not wholly inside
// one region, or a write to a read-only one, is refused; the machine turns
// the refusal into its architecture's fault (BusFault, a data abort).
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::sim {

class Memory {
 public:
  struct Region {
    std::string name;
    uint64_t base = 0, size = 0;
    bool writable = true;
    std::vector<uint8_t> bytes;
  };

  // Throws mlisa::InputError when the region overlaps another or wraps.
  void map(std::string name, uint64_t base, uint64_t size, bool writable = true);

  // The bytes of [addr, addr + n) when they lie in one region (and that
  // region is writable, for `write`), else nullptr.
  uint8_t* find(uint64_t addr, uint64_t n, bool write);
  const uint8_t* find(uint64_t addr, uint64_t n) const;

  // Little-endian loads and stores of n = 1..8 bytes; false when refused.
  // Inline: a machine makes one or more of these per instruction.
  bool read(uint64_t addr, unsigned n, uint64_t& value) const {
    const Region* r = region_for(addr, n);
    if (!r || n == 0 || n > 8) return false;
    const uint8_t* p = r->bytes.data() + (addr - r->base);
    value = 0;
    // The usual sizes as one load each (the host is little-endian: memory.cpp).
    if (n == 1) value = *p;
    else if (n == 2) value = load<uint16_t>(p);
    else if (n == 4) value = load<uint32_t>(p);
    else std::memcpy(&value, p, n);
    if (read_log) read_log->push_back({addr, n, value});
    return true;
  }
  bool write(uint64_t addr, unsigned n, uint64_t value) {
    const Region* r = region_for(addr, n);
    if (!r || !r->writable || n == 0 || n > 8 || overwritten_log) return write_logged(addr, n, value);
    uint8_t* p = const_cast<uint8_t*>(r->bytes.data()) + (addr - r->base);
    if (n == 1) *p = static_cast<uint8_t>(value);
    else if (n == 2) store<uint16_t>(p, value);
    else if (n == 4) store<uint32_t>(p, value);
    else std::memcpy(p, &value, n);
    if (write_log) write_log->push_back({addr, n});
    return true;
  }
  // Copies bytes in, ignoring write protection (a loader); false when refused.
  bool load(uint64_t addr, const uint8_t* data, size_t n);

  // The region holding addr, or nullptr.
  const Region* region_of(uint64_t addr) const;
  const std::vector<Region>& regions() const { return regions_; }

  // When set, every write that succeeds appends (address, bytes) here: what
  // a step stored, for a co-simulation or a trace to look at.
  std::vector<std::pair<uint64_t, unsigned>>* write_log = nullptr;

  // One access: its address, size in bytes and a value (little-endian).
  struct Access {
    uint64_t address = 0;
    unsigned size = 0;
    uint64_t value = 0;
  };
  // When set, every read that succeeds appends the value read (a trace; the
  // machine's instruction fetches are reads too).
  std::vector<Access>* read_log = nullptr;
  // When set, every write that succeeds appends the value it replaced, so
  // that a debugger can undo the step (a watchpoint that stops before the
  // store).
  std::vector<Access>* overwritten_log = nullptr;

 private:
  template <class T>
  static T load(const uint8_t* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  template <class T>
  static void store(uint8_t* p, uint64_t value) {
    const T v = static_cast<T>(value);
    std::memcpy(p, &v, sizeof v);
  }
  bool inside(const Region& r, uint64_t addr, uint64_t n) const {
    return addr >= r.base && n <= r.size && addr - r.base <= r.size - n;
  }
  // The region holding [addr, addr + n): the two last hit are tried first
  // (a machine alternates between its code and its data), inline.
  const Region* region_for(uint64_t addr, uint64_t n) const {
    if (recent_[0] < regions_.size() && inside(regions_[recent_[0]], addr, n)) return &regions_[recent_[0]];
    if (recent_[1] < regions_.size() && inside(regions_[recent_[1]], addr, n)) return &regions_[recent_[1]];
    return region_for_slow(addr, n);
  }
  const Region* region_for_slow(uint64_t addr, uint64_t n) const;
  // A write refused, or one the overwritten log records.
  bool write_logged(uint64_t addr, unsigned n, uint64_t value);

  std::vector<Region> regions_;
  mutable size_t recent_[2] = {0, 0};  // indices into regions_ of the last two hits, the last first
};

}  // namespace mlisa::sim
