// The memory of a simulated machine: byte-addressed, little-endian, made of
// named regions at fixed addresses (an M-profile board's ITCM and DTCM, a
// Linux process's text, data and stack). An access that is not wholly inside
// one region, or a write to a read-only one, is refused; the machine turns
// the refusal into its architecture's fault (BusFault, a data abort).
#pragma once

#include <cstdint>
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
  bool read(uint64_t addr, unsigned n, uint64_t& value) const;
  bool write(uint64_t addr, unsigned n, uint64_t value);
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
  std::vector<Region> regions_;
  mutable size_t last_ = 0;  // the region of the last hit, tried first
};

}  // namespace mlisa::sim
