// The GDB remote serial protocol's framing, for both ends of a connection:
// `mlisa cosim` talks to QEMU's gdbstub as a client; a stub serves gdb.
//
// A packet is `$payload#cc` (cc the payload's byte sum modulo 256, two hex
// digits); `}` escapes `$`, `#`, `}` and `*` as `}` then the byte XOR 0x20.
// Each side acknowledges a packet with `+` (or asks again with `-`) until
// QStartNoAckMode turns acknowledgements off. The byte 0x03 outside a
// packet is the client's interrupt request.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace mlisa::sim::rsp {

uint8_t checksum(std::string_view payload);
// `$payload#cc`, escaped.
std::string frame(std::string_view payload);

std::string to_hex(const uint8_t* bytes, size_t n);
// Bytes of a hex string; nullopt when it has an odd length or a non-hex digit.
std::optional<std::vector<uint8_t>> from_hex(std::string_view hex);

// The connection is gone (the peer closed it) or failed.
class ConnectionError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One end of a connection over a connected stream socket (owned: closed by
// the destructor).
class Connection {
 public:
  explicit Connection(int fd) : fd_(fd) {}
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Sends a packet (and, in ack mode, waits up to `timeout_seconds` for its
  // `+`, resending on `-`). Throws ConnectionError.
  void send(std::string_view payload, double timeout_seconds = 10);
  // The next packet's payload, or "\x03" for an interrupt byte; nullopt when
  // nothing complete arrives within `timeout_seconds` (0: what has arrived). A packet whose
  // checksum is wrong is answered `-` (ack mode) and skipped. Packets longer
  // than `max_payload` are dropped and answered with `-`. Throws
  // ConnectionError when the peer has closed the connection.
  std::optional<std::string> receive(double timeout_seconds, size_t max_payload = 1 << 20);
  // Turns acknowledgements off (after QStartNoAckMode was agreed).
  void no_ack() { ack_ = false; }
  // Closes the connection now (a peer may wait for that before it exits).
  void close();

 private:
  // Reads what is available into buf_ within the timeout; false on timeout.
  bool fill(double timeout_seconds);
  int fd_;
  bool ack_ = true;
  std::string buf_;
};

}  // namespace mlisa::sim::rsp
