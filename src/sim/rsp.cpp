#include "sim/rsp.hpp"

#include <fmt/format.h>

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

namespace mlisa::sim::rsp {

uint8_t checksum(std::string_view payload) {
  unsigned sum = 0;
  for (char c : payload) sum += static_cast<uint8_t>(c);
  return static_cast<uint8_t>(sum);
}

std::string frame(std::string_view payload) {
  std::string body;
  body.reserve(payload.size());
  for (char c : payload) {
    if (c == '$' || c == '#' || c == '}' || c == '*') {
      body += '}';
      body += static_cast<char>(c ^ 0x20);
    } else {
      body += c;
    }
  }
  return fmt::format("${}#{:02x}", body, checksum(body));
}

std::string to_hex(const uint8_t* bytes, size_t n) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

std::optional<std::vector<uint8_t>> from_hex(std::string_view hex) {
  if (hex.size() % 2) return std::nullopt;
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::vector<uint8_t> out;
  out.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int hi = digit(hex[i]), lo = digit(hex[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out.push_back(static_cast<uint8_t>(hi << 4 | lo));
  }
  return out;
}

Connection::~Connection() { close(); }

void Connection::close() {
  if (fd_ >= 0) ::close(fd_);
  fd_ = -1;
}

bool Connection::fill(double timeout_seconds) {
  pollfd p{fd_, POLLIN, 0};
  const int ms = timeout_seconds <= 0 ? 0 : static_cast<int>(timeout_seconds * 1000) + 1;
  int r;
  do r = ::poll(&p, 1, ms);
  while (r < 0 && errno == EINTR);
  if (r < 0) throw ConnectionError(fmt::format("poll: {}", std::strerror(errno)));
  if (r == 0) return false;
  char chunk[4096];
  ssize_t n;
  do n = ::recv(fd_, chunk, sizeof chunk, 0);
  while (n < 0 && errno == EINTR);
  if (n < 0) throw ConnectionError(fmt::format("recv: {}", std::strerror(errno)));
  if (n == 0) throw ConnectionError("the peer closed the connection");
  buf_.append(chunk, static_cast<size_t>(n));
  return true;
}

void Connection::send(std::string_view payload, double timeout_seconds) {
  const std::string packet = frame(payload);
  for (int attempt = 0; attempt < 3; ++attempt) {
    size_t done = 0;
    while (done < packet.size()) {
      const ssize_t n = ::send(fd_, packet.data() + done, packet.size() - done, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) throw ConnectionError(fmt::format("send: {}", std::strerror(errno)));
      done += static_cast<size_t>(n);
    }
    if (!ack_) return;
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
    for (;;) {
      const size_t at = buf_.find_first_of("+-");
      // Bytes before the ack that are not a packet start are noise.
      if (at != std::string::npos && buf_.find('$') > at) {
        const char c = buf_[at];
        buf_.erase(0, at + 1);
        if (c == '+') return;
        break;  // '-': send again
      }
      const double left = std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
      if (left <= 0 || !fill(left)) throw ConnectionError("no acknowledgement from the peer");
    }
  }
  throw ConnectionError("the peer refused a packet three times");
}

std::optional<std::string> Connection::receive(double timeout_seconds, size_t max_payload) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  for (;;) {
    // Drop acks and noise before a packet; an interrupt byte is a message.
    size_t start = 0;
    while (start < buf_.size() && buf_[start] != '$') {
      if (buf_[start] == '\x03') {
        buf_.erase(0, start + 1);
        return std::string("\x03");
      }
      ++start;
    }
    buf_.erase(0, start);
    const size_t hash = buf_.find('#');
    if (!buf_.empty() && hash == std::string::npos && buf_.size() > max_payload + 4) {
      buf_.clear();  // too long: drop it and ask again
      if (ack_) ::send(fd_, "-", 1, MSG_NOSIGNAL);
      continue;
    }
    if (hash != std::string::npos && buf_.size() >= hash + 3) {
      const std::string body = buf_.substr(1, hash - 1);
      const auto cs = from_hex(std::string_view(buf_).substr(hash + 1, 2));
      buf_.erase(0, hash + 3);
      if (!cs || (*cs)[0] != checksum(body) || body.size() > max_payload) {
        if (ack_) ::send(fd_, "-", 1, MSG_NOSIGNAL);
        continue;
      }
      if (ack_) ::send(fd_, "+", 1, MSG_NOSIGNAL);
      std::string payload;
      payload.reserve(body.size());
      for (size_t i = 0; i < body.size(); ++i) {
        if (body[i] == '}' && i + 1 < body.size()) {
          payload += static_cast<char>(body[++i] ^ 0x20);
        } else if (body[i] == '*' && i + 1 < body.size() && !payload.empty()) {
          // Run-length encoding: the previous byte repeated (N - 29) more times.
          const int n = static_cast<uint8_t>(body[++i]) - 29;
          if (n > 0) payload.append(static_cast<size_t>(n), payload.back());
        } else {
          payload += body[i];
        }
      }
      return payload;
    }
    // A timeout of 0 (or one that has run out) still takes what has arrived.
    const double left = std::chrono::duration<double>(until - std::chrono::steady_clock::now()).count();
    if (!fill(std::max(left, 0.0))) return std::nullopt;
  }
}

}  // namespace mlisa::sim::rsp
