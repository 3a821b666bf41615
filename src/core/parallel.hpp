// Independent work items on the machine's cores: f(i) for every i in [0, n),
// in chunks taken in order by up to hardware_concurrency() threads (one
// thread, the caller's, when n is small). The results are the caller's to
// place by index, so the outcome does not depend on the schedule: when some
// f(i) throw, the exception of the lowest such i is rethrown once all items
// below it have run, as a loop would have thrown it (items above it may be
// skipped).
#pragma once

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace mlisa {

template <class F>
void parallel_for(size_t n, F&& f, size_t min_per_thread = 256) {
  const size_t cores = std::max(1u, std::thread::hardware_concurrency());
  const size_t threads = std::min(cores, n / std::max<size_t>(min_per_thread, 1));
  if (threads <= 1) {
    for (size_t i = 0; i < n; ++i) f(i);
    return;
  }
  constexpr size_t kChunk = 32;
  std::atomic<size_t> next{0};
  std::atomic<size_t> first_error{n};  // the lowest index that threw so far
  std::exception_ptr error;
  std::mutex error_mutex;
  auto work = [&] {
    for (size_t begin; (begin = next.fetch_add(kChunk)) < n;) {
      for (size_t i = begin; i < std::min(n, begin + kChunk); ++i) {
        if (i > first_error.load(std::memory_order_relaxed)) return;
        try {
          f(i);
        } catch (...) {
          std::lock_guard<std::mutex> lock(error_mutex);
          if (i < first_error.load()) {
            first_error = i;
            error = std::current_exception();
          }
          return;
        }
      }
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
}

}  // namespace mlisa
