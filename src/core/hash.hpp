#pragma once
// FNV-1a, 64-bit: a stable hash of bytes (stored-vector keys, spec
// fingerprints, per-encoding seeds that do not move when pages are added).
#include <cstdint>
#include <span>
#include <string_view>

namespace mlisa {

inline constexpr uint64_t kFnv1aBasis = 0xcbf29ce484222325ull;

inline uint64_t fnv1a(std::span<const uint8_t> bytes, uint64_t h = kFnv1aBasis) {
  for (uint8_t c : bytes) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

inline uint64_t fnv1a(std::string_view text, uint64_t h = kFnv1aBasis) {
  for (char c : text) h = (h ^ static_cast<uint8_t>(c)) * 0x100000001b3ull;
  return h;
}

}  // namespace mlisa
