// Shared by the kernel programs (tests/programs/*.c): deterministic test
// data, a checksum, and the comparison of a kernel's result with its scalar
// reference. Each program prints one line per result through newlib's printf
// (semihosting) and returns 1 when any result differs from its reference.
#ifndef MLISA_PROGRAMS_CHECK_H
#define MLISA_PROGRAMS_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

// A reference implementation: kept out of line and, under gcc, not
// vectorised, so that it is the scalar code the vector kernels are checked
// against. Under clang the loops of a reference say so one by one (SCALAR).
#if defined(__clang__)
#define REFERENCE __attribute__((noinline))
#define SCALAR _Pragma("clang loop vectorize(disable) interleave(disable)")
#else
#define REFERENCE __attribute__((noinline, optimize("no-tree-vectorize")))
#define SCALAR
#endif
#define KERNEL __attribute__((noinline))

static int check_failures;

// A linear congruential generator: the same data under every compiler.
static uint32_t rng_state = 12345u;
static inline uint32_t rng(void) {
  rng_state = rng_state * 1664525u + 1013904223u;
  return rng_state >> 8;
}

// Fills n bytes with values biased towards the edges of int8 (-128, 127, 0).
static REFERENCE void fill_s8(int8_t* p, int n) {
  SCALAR
  for (int i = 0; i < n; ++i) {
    const uint32_t r = rng();
    p[i] = (r & 15) == 0 ? -128 : (r & 15) == 1 ? 127 : (r & 15) == 2 ? 0 : (int8_t)(r >> 4);
  }
}

static REFERENCE void fill_s16(int16_t* p, int n) {
  SCALAR
  for (int i = 0; i < n; ++i) {
    const uint32_t r = rng();
    p[i] = (r & 15) == 0 ? -32768 : (r & 15) == 1 ? 32767 : (int16_t)(r >> 2);
  }
}

static REFERENCE void fill_s32(int32_t* p, int n, int32_t lo, int32_t hi) {
  SCALAR
  for (int i = 0; i < n; ++i) p[i] = lo + (int32_t)(rng() % (uint32_t)(hi - lo + 1));
}

// Floats in [-2, 2) with 12 significant bits.
static REFERENCE void fill_f32(float* p, int n) {
  SCALAR
  for (int i = 0; i < n; ++i) p[i] = (float)((int32_t)(rng() & 0xfff) - 0x800) / 1024.0f;
}

// FNV-1a over bytes.
static REFERENCE uint32_t checksum(const void* data, int n) {
  const uint8_t* p = (const uint8_t*)data;
  uint32_t h = 2166136261u;
  SCALAR
  for (int i = 0; i < n; ++i) h = (h ^ p[i]) * 16777619u;
  return h;
}

// Prints "name: checksum" and whether `got` equals the reference `want`
// (n bytes); a difference names its first byte and counts as a failure.
static REFERENCE void check(const char* name, const void* got, const void* want, int n) {
  const uint8_t* a = (const uint8_t*)got;
  const uint8_t* b = (const uint8_t*)want;
  int first = -1;
  SCALAR
  for (int i = 0; i < n; ++i)
    if (a[i] != b[i] && first < 0) first = i;
  if (first < 0) {
    printf("%s: %08lx ok\n", name, (unsigned long)checksum(got, n));
  } else {
    printf("%s: %08lx MISMATCH at byte %d (%02x, reference %02x)\n", name, (unsigned long)checksum(got, n), first,
           a[first], b[first]);
    ++check_failures;
  }
}

static inline int check_status(void) {
  printf("%s\n", check_failures ? "FAILED" : "PASSED");
  return check_failures ? 1 : 0;
}

#endif
