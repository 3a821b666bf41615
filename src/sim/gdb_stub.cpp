#include "sim/gdb_stub.hpp"

#include "core/diag.hpp"

#include <fmt/format.h>

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace mlisa::sim::gdb {

namespace {

// A whole string of hex digits as a number; false when empty, not hex or too long.
bool parse_hex(std::string_view s, uint64_t& out) {
  if (s.empty() || s.size() > 16) return false;
  out = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    out = out << 4 | static_cast<uint64_t>(d);
  }
  return true;
}

// "ADDR,LEN" (and what follows `sep`, when sep is given).
bool parse_range(std::string_view s, uint64_t& addr, uint64_t& len, char sep = 0, std::string_view* rest = nullptr) {
  size_t end = s.size();
  if (sep) {
    end = s.find(sep);
    if (end == std::string_view::npos) return false;
    *rest = s.substr(end + 1);
  }
  const std::string_view head = s.substr(0, end);
  const size_t comma = head.find(',');
  if (comma == std::string_view::npos) return false;
  return parse_hex(head.substr(0, comma), addr) && parse_hex(head.substr(comma + 1), len);
}

// The signal a fault stops the program with (gdb's numbering).
int signal_of(const std::string& fault_name) {
  for (const char* bus : {"BusFault", "MemManage", "Abort", "Alignment"})
    if (fault_name.find(bus) != std::string::npos) return 11;  // SIGSEGV
  for (const char* ill : {"UsageFault", "UNDEFINED", "UNPREDICTABLE"})
    if (fault_name.find(ill) != std::string::npos) return 4;  // SIGILL
  return 5;  // SIGTRAP
}

constexpr const char* kError = "E01";       // a malformed packet, or what it names does not exist
constexpr const char* kTooLong = "E02";     // longer than PacketSize
constexpr uint64_t kPollEvery = 1024;       // instructions between looks at the socket while running

}  // namespace

std::vector<int> Target::trace_registers() {
  std::vector<int> out;
  for (const Feature& f : features())
    for (const Register& r : f.registers) out.push_back(r.regnum);
  return out;
}

std::string target_xml(const std::string& architecture, const std::vector<Feature>& features) {
  std::string xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target>\n";
  xml += fmt::format("  <architecture>{}</architecture>\n", architecture);
  for (const Feature& f : features) {
    xml += fmt::format("  <feature name=\"{}\">\n", f.name);
    xml += f.types;
    for (const Register& r : f.registers) {
      xml += fmt::format("    <reg name=\"{}\" bitsize=\"{}\" type=\"{}\" regnum=\"{}\"", r.name, r.bits, r.type, r.regnum);
      if (!r.group.empty()) xml += fmt::format(" group=\"{}\"", r.group);
      xml += "/>\n";
    }
    xml += "  </feature>\n";
  }
  return xml + "</target>\n";
}

Stub::Stub(Target& target, int fd, size_t packet_size) : target_(target) {
  size_t bytes = 0;
  for (const Feature& f : target.features())
    for (const Register& r : f.registers) {
      if (static_cast<size_t>(r.regnum) >= registers_.size()) registers_.resize(static_cast<size_t>(r.regnum) + 1, nullptr);
      registers_[static_cast<size_t>(r.regnum)] = &r;
      bytes += r.bits / 8;
    }
  xml_ = target_xml(target.architecture(), target.features());
  packet_size_ = packet_size ? packet_size : std::max<size_t>(0x4000, 2 * bytes + 64);
  if (fd >= 0) conn_ = std::make_unique<rsp::Connection>(fd);
}

Stub::Stub(Target& target, const Options& options) : Stub(target, -1, options.packet_size) {
  if (options.port < 0 || options.port > 65535) throw UsageError(fmt::format("--gdb: no port {}", options.port));
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(options.port);
  if (const int rc = ::getaddrinfo(options.host.c_str(), service.c_str(), &hints, &found); rc != 0)
    throw UsageError(fmt::format("--gdb-host {}: {}", options.host, ::gai_strerror(rc)));
  std::string why = "no address";
  for (addrinfo* a = found; a && listen_fd_ < 0; a = a->ai_next) {
    const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd < 0) continue;
    const int one = 1;
    ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    if (::bind(fd, a->ai_addr, a->ai_addrlen) == 0 && ::listen(fd, 1) == 0) {
      listen_fd_ = fd;
      sockaddr_storage bound{};
      socklen_t len = sizeof bound;
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&bound), &len);
      port_ = bound.ss_family == AF_INET6 ? ntohs(reinterpret_cast<sockaddr_in6*>(&bound)->sin6_port)
                                          : ntohs(reinterpret_cast<sockaddr_in*>(&bound)->sin_port);
    } else {
      why = std::strerror(errno);
      ::close(fd);
    }
  }
  ::freeaddrinfo(found);
  if (listen_fd_ < 0) throw UsageError(fmt::format("--gdb {}:{}: cannot listen: {}", options.host, options.port, why));
  fmt::print(stderr, "mlisa: gdb stub listening on {}:{}{}\n", options.host, port_,
             options.wait ? "; waiting for a client" : "");
  std::fflush(stderr);
  if (options.wait) accept_client(-1);
}

Stub::~Stub() {
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

bool Stub::accept_client(double timeout_seconds) {
  pollfd p{listen_fd_, POLLIN, 0};
  const int ms = timeout_seconds < 0 ? -1 : static_cast<int>(timeout_seconds * 1000);
  int r;
  do r = ::poll(&p, 1, ms);
  while (r < 0 && errno == EINTR);
  if (r <= 0) return false;
  const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
  if (fd < 0) return false;
  const int one = 1;
  ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  conn_ = std::make_unique<rsp::Connection>(fd);
  last_stop_.clear();
  last_signal_ = 5;
  return true;
}

Outcome Stub::run(uint64_t max_steps) {
  uint64_t n = 0;
  for (;;) {
    if (conn_) {
      if (auto o = serve()) return *o;
      continue;  // detached: run on
    }
    if (const auto status = target_.exit_status()) return {Outcome::Exited, *status};
    if (listen_fd_ >= 0 && n % kPollEvery == 0 && accept_client(0)) {
      last_signal_ = 2;  // stopped where it was, as by an interrupt
      continue;
    }
    if (n >= max_steps)
      throw Fault("step limit", fmt::format("{} instructions run without an exit (--max-steps)", max_steps));
    target_.step();
    ++n;
  }
}

std::optional<Outcome> Stub::serve() {
  bool detached = false;
  try {
    for (;;) {
      const auto packet = conn_->receive(60, std::max<size_t>(packet_size_, 1 << 20));
      if (!packet || *packet == "\x03") continue;  // already stopped
      if (packet->size() > packet_size_) {
        conn_->send(kTooLong);
        continue;
      }
      const char first = (*packet)[0];
      if (first == 'k' || *packet == "vKill" || packet->rfind("vKill;", 0) == 0) {
        if (first == 'v') conn_->send("OK");
        conn_.reset();
        return Outcome{Outcome::Killed, 0};
      }
      const std::string reply = handle(*packet);
      conn_->send(reply);
      if (*packet == "QStartNoAckMode") conn_->no_ack();
      if (first == 'D') {
        detached = true;
        break;
      }
      if (ended_) break;
    }
  } catch (const rsp::ConnectionError&) {
    conn_.reset();
    if (ended_) return ended_;
    return Outcome{Outcome::Disconnected, 0};
  }
  conn_.reset();
  if (detached && !ended_) return std::nullopt;
  return ended_;
}

const Register* Stub::find_register(int regnum) const {
  if (regnum < 0 || static_cast<size_t>(regnum) >= registers_.size()) return nullptr;
  return registers_[static_cast<size_t>(regnum)];
}

std::string Stub::stop_reply() const {
  if (!last_stop_.empty()) return last_stop_;
  return fmt::format("S{:02x}", last_signal_);
}

std::string Stub::read_registers() {
  std::string out;
  for (const Register* r : registers_) {
    if (!r) continue;
    const std::vector<uint8_t> b = target_.read_register(r->regnum);
    out += rsp::to_hex(b.data(), b.size());
  }
  return out;
}

std::string Stub::read_memory(const std::string& args) {
  uint64_t addr, len;
  if (!parse_range(args, addr, len) || len > packet_size_ / 2) return kError;
  std::vector<uint8_t> bytes;
  bytes.reserve(len);
  // A read that runs off the end of a region gives the bytes up to it.
  for (uint64_t i = 0; i < len; ++i) {
    const uint8_t* p = target_.memory().find(addr + i, 1);
    if (!p) break;
    bytes.push_back(*p);
  }
  if (bytes.empty() && len) return kError;
  return rsp::to_hex(bytes.data(), bytes.size());
}

std::string Stub::write_memory(const std::string& args, bool binary) {
  uint64_t addr, len;
  std::string_view data;
  if (!parse_range(args, addr, len, ':', &data)) return kError;
  std::vector<uint8_t> bytes;
  if (binary) {
    bytes.assign(data.begin(), data.end());
  } else {
    auto decoded = rsp::from_hex(data);
    if (!decoded) return kError;
    bytes = std::move(*decoded);
  }
  if (bytes.size() != len) return kError;
  // Like a loader: a debugger may write read-only code.
  return target_.memory().load(addr, bytes.data(), bytes.size()) ? "OK" : kError;
}

std::string Stub::breakpoint(const std::string& packet) {
  // Z<type>,<addr>,<kind>[;cond...]
  const bool insert = packet[0] == 'Z';
  std::string_view body(packet);
  body = body.substr(1, body.find(';') - 1);
  uint64_t type, addr, kind;
  const size_t c1 = body.find(','), c2 = body.find(',', c1 == std::string_view::npos ? c1 : c1 + 1);
  if (c1 == std::string_view::npos || c2 == std::string_view::npos || !parse_hex(body.substr(0, c1), type) ||
      !parse_hex(body.substr(c1 + 1, c2 - c1 - 1), addr) || !parse_hex(body.substr(c2 + 1), kind))
    return kError;
  if (type == 0 || type == 1) {  // software and hardware breakpoints: the same table
    if (insert) breakpoints_.insert(addr);
    else breakpoints_.erase(addr);
    return "OK";
  }
  if (type == 2) {  // write watchpoint
    if (kind == 0) return kError;
    const std::pair<uint64_t, uint64_t> w{addr, kind};
    const auto at = std::find(watchpoints_.begin(), watchpoints_.end(), w);
    if (insert && at == watchpoints_.end()) watchpoints_.push_back(w);
    if (!insert && at != watchpoints_.end()) watchpoints_.erase(at);
    return "OK";
  }
  return "";  // read and access watchpoints: not supported
}

std::string Stub::resume(bool single_step) {
  last_stop_.clear();
  if (const auto status = target_.exit_status()) {
    ended_ = Outcome{Outcome::Exited, *status};
    return fmt::format("W{:02x}", *status & 0xff);
  }
  sim::Memory& mem = target_.memory();
  std::vector<sim::Memory::Access> stores;
  std::vector<std::vector<uint8_t>> before;
  for (uint64_t n = 1;; ++n) {
    // With watchpoints, a step that stores to one is undone (registers and
    // the bytes it replaced) and reported before the store, as Arm hardware
    // and QEMU do: gdb then steps over it itself.
    const bool watching = !watchpoints_.empty();
    std::vector<sim::Memory::Access>* outer = mem.overwritten_log();
    if (watching) {
      stores.clear();
      mem.set_overwritten_log(&stores);
      before.clear();
      for (const Register* r : registers_)
        if (r) before.push_back(target_.read_register(r->regnum));
    }
    try {
      target_.step();
    } catch (const Fault& f) {
      mem.set_overwritten_log(outer);
      fmt::print(stderr, "{}\n", f.what());
      std::fflush(stderr);
      last_signal_ = signal_of(f.fault_name());
      return stop_reply();
    }
    if (watching) {
      mem.set_overwritten_log(outer);
      if (outer) outer->insert(outer->end(), stores.begin(), stores.end());
    }
    if (const auto status = target_.exit_status()) {
      ended_ = Outcome{Outcome::Exited, *status};
      return fmt::format("W{:02x}", *status & 0xff);
    }
    for (const sim::Memory::Access& s : stores)
      for (const auto& [w, len] : watchpoints_)
        if (s.address < w + len && w < s.address + s.size) {
          for (auto it = stores.rbegin(); it != stores.rend(); ++it)
            if (uint8_t* p = mem.find(it->address, it->size, false))
              for (unsigned i = 0; i < it->size; ++i) p[i] = static_cast<uint8_t>(it->value >> (8 * i));
          size_t k = 0;
          for (const Register* r : registers_)
            if (r) target_.write_register(r->regnum, before[k++]);
          last_signal_ = 5;
          last_stop_ = fmt::format("T05watch:{:x};", std::max(s.address, w));
          return last_stop_;
        }
    last_signal_ = 5;
    if (single_step || breakpoints_.count(target_.pc())) return stop_reply();
    if (conn_ && n % kPollEvery == 0) {
      const auto interrupt = conn_->receive(0);
      if (interrupt && *interrupt == "\x03") {
        last_signal_ = 2;  // SIGINT
        return stop_reply();
      }
    }
  }
}

std::string Stub::handle(const std::string& packet) {
  if (packet.empty()) return "";
  const std::string args = packet.substr(1);
  switch (packet[0]) {
    case '?':
      return stop_reply();
    case 'g':
      return packet.size() == 1 ? read_registers() : kError;
    case 'G': {
      auto bytes = rsp::from_hex(args);
      if (!bytes) return kError;
      size_t at = 0;
      for (const Register* r : registers_)
        if (r) at += r->bits / 8;
      if (bytes->size() != at) return kError;
      at = 0;
      for (const Register* r : registers_) {
        if (!r) continue;
        const std::vector<uint8_t> one(bytes->begin() + static_cast<long>(at), bytes->begin() + static_cast<long>(at + r->bits / 8));
        target_.write_register(r->regnum, one);  // read-only registers keep their value
        at += r->bits / 8;
      }
      return "OK";
    }
    case 'p': {
      uint64_t n;
      const Register* r = parse_hex(args, n) && n < (1u << 20) ? find_register(static_cast<int>(n)) : nullptr;
      if (!r) return kError;
      const std::vector<uint8_t> b = target_.read_register(r->regnum);
      return rsp::to_hex(b.data(), b.size());
    }
    case 'P': {
      const size_t eq = args.find('=');
      uint64_t n;
      if (eq == std::string::npos || !parse_hex(std::string_view(args).substr(0, eq), n) || n >= (1u << 20)) return kError;
      const Register* r = find_register(static_cast<int>(n));
      auto bytes = rsp::from_hex(std::string_view(args).substr(eq + 1));
      if (!r || !bytes || bytes->size() != r->bits / 8) return kError;
      return target_.write_register(r->regnum, *bytes) ? "OK" : kError;
    }
    case 'm':
      return read_memory(args);
    case 'M':
      return write_memory(args, false);
    case 'X':
      return write_memory(args, true);
    case 'c':
    case 'C':
      return resume(false);
    case 's':
    case 'S':
      return resume(true);
    case 'Z':
    case 'z':
      return breakpoint(packet);
    case 'D':
      return "OK";
    case 'H':
    case 'T':
      return "OK";
    case 'v':
      if (packet == "vCont?") return "vCont;c;C;s;S;t";
      if (packet.rfind("vCont;", 0) == 0) {
        // One thread: the first action decides (s/S step, c/C continue, t stop).
        const char action = packet.size() > 6 ? packet[6] : 0;
        if (action == 's' || action == 'S') return resume(true);
        if (action == 'c' || action == 'C') return resume(false);
        if (action == 't') return "S00";
        return kError;
      }
      return "";
    case 'q':
      if (packet.rfind("qSupported", 0) == 0)
        return fmt::format("PacketSize={:x};qXfer:features:read+;QStartNoAckMode+", packet_size_);
      if (packet.rfind("qXfer:features:read:", 0) == 0) {
        const std::string rest = packet.substr(20);
        const size_t colon = rest.find(':');
        uint64_t offset, len;
        if (colon == std::string::npos || !parse_range(std::string_view(rest).substr(colon + 1), offset, len))
          return kError;
        if (rest.substr(0, colon) != "target.xml") return "E00";
        if (offset >= xml_.size()) return "l";
        len = std::min<uint64_t>(len, packet_size_ / 2);
        const std::string part = xml_.substr(offset, len);
        return (offset + part.size() >= xml_.size() ? "l" : "m") + part;
      }
      if (packet == "qAttached") return "1";
      if (packet == "qC") return "QC1";
      if (packet == "qfThreadInfo") return "m1";
      if (packet == "qsThreadInfo") return "l";
      if (packet.rfind("qSymbol", 0) == 0) return "OK";
      return "";
    case 'Q':
      if (packet == "QStartNoAckMode") return "OK";
      return "";
    default:
      return "";
  }
}

}  // namespace mlisa::sim::gdb
