// Progress of a campaign on stderr: on a terminal a single line redrawn at
// most ten times a second; otherwise a plain line at most every few seconds.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace mlisa::verify {

// "[#####.....]  45.0%  4500/10000 cases  1.5k cases/s  ETA 0:04" (bar only when `bar`).
std::string format_progress(uint64_t done, uint64_t total, double seconds, bool bar);

// "1:05", "1:02:03" for the estimated time left.
std::string format_duration(double seconds);

class ProgressDisplay {
 public:
  // `terminal`: redraw one line in place; else print plain lines.
  ProgressDisplay(std::FILE* out, bool terminal);
  // For a display on stderr, terminal when isatty(stderr).
  static ProgressDisplay for_stderr();

  void update(uint64_t done, uint64_t total);
  // Clears the line on a terminal; elsewhere prints a last line if any was printed.
  void finish(uint64_t done, uint64_t total);

 private:
  using Clock = std::chrono::steady_clock;
  double seconds_since(Clock::time_point t) const;

  std::FILE* out_;
  bool terminal_;
  Clock::time_point start_ = Clock::now();
  Clock::time_point last_ = start_;
  bool drawn_ = false;
};

}  // namespace mlisa::verify
