#include "verify/progress.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>

namespace mlisa::verify {

namespace {

constexpr double kTerminalInterval = 0.1;  // seconds between redraws
constexpr double kPlainInterval = 5.0;     // seconds between plain lines
constexpr int kBarWidth = 30;

std::string rate_text(double rate) {
  if (rate >= 1e6) return fmt::format("{:.1f}M", rate / 1e6);
  if (rate >= 1e3) return fmt::format("{:.1f}k", rate / 1e3);
  return fmt::format("{:.0f}", rate);
}

std::string bar_text(double fraction) {
  int filled = static_cast<int>(fraction * kBarWidth);
  std::string out = "[";
  out.append(filled, '#').append(kBarWidth - filled, '.').append("]  ");
  return out;
}

}  // namespace

std::string format_duration(double seconds) {
  auto s = static_cast<uint64_t>(std::llround(std::max(0.0, seconds)));
  if (s >= 3600) return fmt::format("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
  return fmt::format("{}:{:02}", s / 60, s % 60);
}

std::string format_progress(uint64_t done, uint64_t total, double seconds, bool bar) {
  double fraction = total ? std::min(1.0, static_cast<double>(done) / total) : 1.0;
  double rate = seconds > 0 ? done / seconds : 0;
  std::string eta = rate > 0 ? format_duration((total - std::min(done, total)) / rate) : "?";
  return fmt::format("{}{:5.1f}%  {}/{} cases  {} cases/s  ETA {}", bar ? bar_text(fraction) : "", 100 * fraction,
                     done, total, rate_text(rate), eta);
}

ProgressDisplay::ProgressDisplay(std::FILE* out, bool terminal) : out_(out), terminal_(terminal) {}

ProgressDisplay ProgressDisplay::for_stderr() { return ProgressDisplay(stderr, isatty(fileno(stderr)) == 1); }

double ProgressDisplay::seconds_since(Clock::time_point t) const {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

void ProgressDisplay::update(uint64_t done, uint64_t total) {
  if (seconds_since(last_) < (terminal_ ? kTerminalInterval : kPlainInterval)) return;
  last_ = Clock::now();
  std::string line = format_progress(done, total, seconds_since(start_), terminal_);
  if (terminal_)
    fmt::print(out_, "\r{}\x1b[K", line);
  else
    fmt::print(out_, "mlisa: verify: {}\n", line);
  std::fflush(out_);
  drawn_ = true;
}

void ProgressDisplay::finish(uint64_t done, uint64_t total) {
  if (!drawn_) return;
  if (terminal_)
    fmt::print(out_, "\r\x1b[K");
  else
    fmt::print(out_, "mlisa: verify: {}\n", format_progress(done, total, seconds_since(start_), false));
  std::fflush(out_);
}

}  // namespace mlisa::verify
