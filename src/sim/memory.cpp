#include "sim/memory.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <sys/mman.h>

#include <bit>
#include <cstring>

namespace mlisa::sim {

// Loads and stores (memory.hpp) copy the bytes as they are: the memory is little-endian.
static_assert(std::endian::native == std::endian::little, "a little-endian host");

Memory::Reservation::~Reservation() {
  if (at) munmap(at, size);
}

void Memory::add(Region r) {
  if (r.size == 0 || r.base + r.size < r.base)
    throw InputError(fmt::format("memory region {} at 0x{:x} of {} bytes is empty or wraps", r.name, r.base, r.size));
  for (const Region& o : regions_)
    if (r.base < o.base + o.size && o.base < r.base + r.size)
      throw InputError(fmt::format("memory region {} at 0x{:x} overlaps {} at 0x{:x}", r.name, r.base, o.name, o.base));
  regions_.push_back(std::move(r));
  recent_.clear();
}

void Memory::map(std::string name, uint64_t base, uint64_t size, Writes writes) {
  Region r{std::move(name), base, size, writes, nullptr};
  if (size != 0 && base + size >= base) {
    // Private anonymous pages read as zero until written; NORESERVE: only
    // the pages used count against the host's memory.
    void* at = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (at == MAP_FAILED)
      throw InputError(fmt::format("memory region {} at 0x{:x}: the host cannot reserve its {} bytes", r.name, base, size));
    reserved_.emplace_back(at, size);
    r.bytes = static_cast<uint8_t*>(at);
  }
  add(std::move(r));
}

void Memory::alias(std::string name, uint64_t base, uint64_t size, uint64_t of) {
  const Region* target = region_for(of, size);
  if (!target) throw InputError(fmt::format("memory alias {} at 0x{:x}: 0x{:x} of {} bytes is not in one region", name, base, of, size));
  Region r = *target;
  r.name = std::move(name);
  r.base = base;
  r.size = size;
  r.bytes = target->bytes + (of - target->base);
  add(std::move(r));
}

const Memory::Region* Memory::region_for(uint64_t addr, uint64_t n) const {
  for (const Region& r : regions_)
    if (inside(r, addr, n)) return &r;
  return nullptr;
}

const uint8_t* Memory::window_for_slow(uint64_t addr, uint64_t n, bool write) const {
  const Region* r = region_for(addr, n);
  if (!r || (write && !r->writable())) return nullptr;
  recent_.direct.windows[1] = recent_.direct.windows[0];
  recent_.direct.windows[0] = {r->base, r->size, r->bytes, r->writable()};
  return r->bytes + (addr - r->base);
}

bool Memory::read_slow(uint64_t addr, unsigned n, uint64_t& value) const {
  const uint8_t* p = window_for(addr, n, false);
  if (!p || n == 0 || n > 8) return false;
  value = load(p, n);
  if (read_log_) read_log_->push_back({addr, n, value});
  return true;
}

const uint8_t* Memory::find(uint64_t addr, uint64_t n) const { return window_for(addr, n, false); }

uint8_t* Memory::find(uint64_t addr, uint64_t n, bool write) { return const_cast<uint8_t*>(window_for(addr, n, write)); }

bool Memory::write_slow(uint64_t addr, unsigned n, uint64_t value) {
  if (n == 0 || n > 8) return false;
  uint8_t* p = find(addr, n, true);
  if (!p) {
    const Region* r = region_for(addr, n);
    return r && r->writes == Writes::Ignored;
  }
  if (overwritten_log_) {
    uint64_t old = 0;
    for (unsigned i = 0; i < n; ++i) old |= uint64_t{p[i]} << (8 * i);
    overwritten_log_->push_back({addr, n, old});
  }
  store(p, n, value);
  if (write_log_) write_log_->push_back({addr, n});
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
