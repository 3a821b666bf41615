#include "sim/memory.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstring>

namespace mlisa::sim {

// Loads and stores copy the bytes as they are: the memory is little-endian.
static_assert(std::endian::native == std::endian::little, "a little-endian host");

namespace {

template <class T>
T load_le(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

template <class T>
void store_le(uint8_t* p, uint64_t value) {
  const T v = static_cast<T>(value);
  std::memcpy(p, &v, sizeof v);
}

}  // namespace

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

const uint8_t* Memory::find(uint64_t addr, uint64_t n) const {
  auto inside = [&](const Region& r) { return addr >= r.base && n <= r.size && addr - r.base <= r.size - n; };
  if (last_ < regions_.size() && inside(regions_[last_])) return regions_[last_].bytes.data() + (addr - regions_[last_].base);
  for (size_t i = 0; i < regions_.size(); ++i)
    if (inside(regions_[i])) {
      last_ = i;
      return regions_[i].bytes.data() + (addr - regions_[i].base);
    }
  return nullptr;
}

uint8_t* Memory::find(uint64_t addr, uint64_t n, bool write) {
  const uint8_t* p = static_cast<const Memory*>(this)->find(addr, n);
  if (!p || (write && !regions_[last_].writable)) return nullptr;
  return const_cast<uint8_t*>(p);
}

bool Memory::read(uint64_t addr, unsigned n, uint64_t& value) const {
  const uint8_t* p = find(addr, n);
  if (!p || n == 0 || n > 8) return false;
  value = 0;
  // The usual sizes as one load each.
  if (n == 1) value = *p;
  else if (n == 2) value = load_le<uint16_t>(p);
  else if (n == 4) value = load_le<uint32_t>(p);
  else std::memcpy(&value, p, n);
  if (read_log) read_log->push_back({addr, n, value});
  return true;
}

bool Memory::write(uint64_t addr, unsigned n, uint64_t value) {
  uint8_t* p = find(addr, n, true);
  if (!p || n == 0 || n > 8) return false;
  if (overwritten_log) {
    uint64_t old = 0;
    for (unsigned i = 0; i < n; ++i) old |= uint64_t{p[i]} << (8 * i);
    overwritten_log->push_back({addr, n, old});
  }
  if (n == 1) *p = static_cast<uint8_t>(value);
  else if (n == 2) store_le<uint16_t>(p, value);
  else if (n == 4) store_le<uint32_t>(p, value);
  else std::memcpy(p, &value, n);
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
