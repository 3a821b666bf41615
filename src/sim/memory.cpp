#include "sim/memory.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstring>

namespace mlisa::sim {

// Loads and stores (memory.hpp) copy the bytes as they are: the memory is little-endian.
static_assert(std::endian::native == std::endian::little, "a little-endian host");

void Memory::map(std::string name, uint64_t base, uint64_t size, bool writable) {
  if (size == 0 || base + size < base)
    throw InputError(fmt::format("memory region {} at 0x{:x} of {} bytes is empty or wraps", name, base, size));
  for (const Region& r : regions_)
    if (base < r.base + r.size && r.base < base + size)
      throw InputError(fmt::format("memory region {} at 0x{:x} overlaps {} at 0x{:x}", name, base, r.name, r.base));
  Region r;
  r.name = std::move(name);
  r.base = base;
  r.size = size;
  r.writable = writable;
  r.bytes.assign(size, 0);
  regions_.push_back(std::move(r));
}

const Memory::Region* Memory::region_for_slow(uint64_t addr, uint64_t n) const {
  for (size_t i = 0; i < regions_.size(); ++i)
    if (inside(regions_[i], addr, n)) {
      recent_[1] = recent_[0];
      recent_[0] = i;
      return &regions_[i];
    }
  return nullptr;
}

const uint8_t* Memory::find(uint64_t addr, uint64_t n) const {
  const Region* r = region_for(addr, n);
  return r ? r->bytes.data() + (addr - r->base) : nullptr;
}

uint8_t* Memory::find(uint64_t addr, uint64_t n, bool write) {
  const Region* r = region_for(addr, n);
  if (!r || (write && !r->writable)) return nullptr;
  return const_cast<uint8_t*>(r->bytes.data()) + (addr - r->base);
}

bool Memory::write_logged(uint64_t addr, unsigned n, uint64_t value) {
  uint8_t* p = find(addr, n, true);
  if (!p || n == 0 || n > 8) return false;
  if (overwritten_log) {
    uint64_t old = 0;
    for (unsigned i = 0; i < n; ++i) old |= uint64_t{p[i]} << (8 * i);
    overwritten_log->push_back({addr, n, old});
  }
  std::memcpy(p, &value, n);
  if (write_log) write_log->push_back({addr, n});
  return true;
}

bool Memory::load(uint64_t addr, const uint8_t* data, size_t n) {
  if (n == 0) return true;
  uint8_t* p = find(addr, n, false);
  if (!p) return false;
  std::memcpy(p, data, n);
  return true;
}

const Memory::Region* Memory::region_of(uint64_t addr) const {
  for (const Region& r : regions_)
    if (addr >= r.base && addr - r.base < r.size) return &r;
  return nullptr;
}

}  // namespace mlisa::sim
