// parallel_for: every index once, and errors as a loop would throw them (the
// lowest index's), whatever the schedule.
#include "core/parallel.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlisa {
namespace {

TEST(ParallelFor, RunsEveryIndexOnce) {
  for (size_t n : {0u, 1u, 255u, 256u, 511u, 10000u}) {
    std::vector<std::atomic<int>> runs(n);
    parallel_for(n, [&](size_t i) { runs[i].fetch_add(1); }, 1);
    for (size_t i = 0; i < n; ++i) ASSERT_EQ(runs[i].load(), 1) << "n " << n << " index " << i;
  }
}

TEST(ParallelFor, RethrowsTheErrorOfTheLowestIndexAfterRunningEveryIndexBelowIt) {
  constexpr size_t n = 20000;
  for (int round = 0; round < 20; ++round) {
    std::vector<std::atomic<int>> runs(n);
    try {
      parallel_for(n, [&](size_t i) {
        runs[i].fetch_add(1);
        if (i == 12345 || i == 7000 || i == 19999) throw std::runtime_error(std::to_string(i));
      }, 1);
      FAIL() << "no error";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "7000");
    }
    for (size_t i = 0; i <= 7000; ++i) ASSERT_EQ(runs[i].load(), 1) << "index " << i;
  }
}

}  // namespace
}  // namespace mlisa
