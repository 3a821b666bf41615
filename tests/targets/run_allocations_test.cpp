// A machine that runs instructions it has run before calls no allocator
// (issue 14: no heap allocation while an instruction runs). This binary's
// operator new and new[] count their calls (jemalloc, which the build links,
// defines both); each target runs a loop once to warm its caches, then many
// more iterations, and the count must not move. The loops hold what the
// benchmarks run: T32 integer and MVE instructions (Q registers are 128-bit
// values); SME2's vector and integer loads and stores (their
// AccessDescriptor record) and BFMLAL on 512-bit vectors and ZA rows;
// tcore's bundles of scalar, vector and memory slots.
#include "targets/machines.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<uint64_t> news{0};
}  // namespace

void* operator new(std::size_t n) {
  news.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace mlisa::test {
namespace {

// The allocator calls of `more` steps after `warm` steps of a program.
uint64_t news_after_warming(const std::string& target, const std::string& source, uint64_t warm, uint64_t more) {
  const auto m = targets::make_machine(target);
  m->load_source(source, "loop.s");
  for (uint64_t i = 0; i < warm; ++i) EXPECT_TRUE(m->step().ok());
  const uint64_t before = news.load();
  bool ok = true;
  for (uint64_t i = 0; i < more; ++i) ok &= m->step().ok();
  const uint64_t calls = news.load() - before;
  EXPECT_TRUE(ok);
  EXPECT_FALSE(m->exit_status());
  EXPECT_EQ(m->instructions(), warm + more);
  return calls;
}

TEST(RunAllocations, MveLoopOfScalarAndVectorInstructions) {
  const std::string loop =
      ".text\n.global _start\n_start:\n"
      "  movw r4, #60000\n"
      "  movw r5, #:lower16:buf\n  movt r5, #:upper16:buf\n"
      "loop:\n"
      "  adds r0, r0, #1\n"
      "  str r0, [r5]\n"
      "  ldrb r1, [r5, #1]\n"
      "  vadd.i32 q0, q1, q2\n"
      "  vmla.s32 q3, q0, r0\n"
      "  subs r4, #1\n"
      "  bne loop\n"
      ".data\nbuf: .word 0\n";
  EXPECT_EQ(news_after_warming("mve", loop, 3 + 2 * 7, 10000), 0u);
}

TEST(RunAllocations, Sme2LoopOfLoadsStoresAndBfmlal) {
  const std::string loop =
      ".text\n.global _start\n_start:\n"
      "  smstart\n"
      "  mov w8, #0\n  mov w9, #8\n"
      "  movz x10, #60000\n"
      "  ptrue p0.s\n"
      "  sub x1, sp, #1024\n"
      "loop:\n"
      "  ld1w {z0.s}, p0/z, [x1]\n"
      "  st1w {z0.s}, p0, [x1, #1, mul vl]\n"
      "  ldr x2, [x1]\n"
      "  str x2, [x1, #8]\n"
      "  bfmlal za.s[w8, 0:1, vgx4], {z0.h-z3.h}, z8.h[0]\n"
      "  bfmlal za.s[w9, 6:7, vgx4], {z0.h-z3.h}, z8.h[7]\n"
      "  bfmlal za.s[w8, 0:1], z4.h, z5.h\n"
      "  subs x10, x10, #1\n"
      "  b.ne loop\n";
  EXPECT_EQ(news_after_warming("sme2", loop, 6 + 2 * 9, 1000), 0u);
}

TEST(RunAllocations, TcoreLoopOfScalarVectorAndMemorySlots) {
  // Slots that read what another slot of the bundle writes, a vector load and
  // store, a predicated halt and a branch back.
  const std::string loop =
      "{ s0: simm.s32 s1, 3000; s1: simm.s32 s4, 256 }\n"
      "loop:\n"
      "{ s0: ssub s1, s1, 1; s1: sadd s2, s2, 1; v0: vadd v2, v1, v1; vls: vld v1, [s4] }\n"
      "{ s0: scmp.lt p1, s1, 1; v0: vadd v3, v2, s2; vls: vst v3, [s4 + 64] }\n"
      "{ misc: (p1) halt }\n"
      "{ misc: br loop }\n";
  EXPECT_EQ(news_after_warming("tcore", loop, 1 + 2 * 4, 2000), 0u);
}

}  // namespace
}  // namespace mlisa::test
