#include "verify/cosim.hpp"

#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "sim/rsp.hpp"
#include "targets/machines.hpp"
#include "verify/subprocess.hpp"

#include <fmt/format.h>

#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <thread>

namespace mlisa::verify::cosim {

namespace {

using spec::Bits;

// The APSR bits of xPSR both sides hold: N Z C V Q and GE.
constexpr uint32_t kApsrMask = 0xF80F0000u;

// A register of QEMU's target description: its number and width.
struct RemoteReg {
  int number = -1;
  int bits = 0;
};

// The GDB client side: one connection to QEMU's gdbstub.
class Remote {
 public:
  Remote(int fd, double timeout) : conn_(fd), timeout_(timeout) {}

  std::string ask(const std::string& packet) {
    conn_.send(packet, timeout_);
    auto reply = conn_.receive(timeout_);
    if (!reply) throw OracleError(fmt::format("QEMU did not answer '{}' within {} s", packet, timeout_));
    return *reply;
  }
  sim::rsp::Connection& connection() { return conn_; }

  // Registers by name from the target description (target.xml and the files it includes).
  std::map<std::string, RemoteReg> registers() {
    std::map<std::string, RemoteReg> out;
    int next = 0;
    read_description("target.xml", out, next);
    return out;
  }

  std::vector<uint8_t> read_register(const RemoteReg& r) {
    const std::string reply = ask(fmt::format("p{:x}", r.number));
    auto bytes = sim::rsp::from_hex(reply);
    if (!bytes || bytes->size() * 8 != static_cast<size_t>(r.bits))
      throw OracleError(fmt::format("QEMU answered 'p{:x}' with '{}'", r.number, reply));
    return *bytes;
  }

  std::vector<uint8_t> read_memory(uint64_t address, size_t n) {
    std::vector<uint8_t> out;
    while (out.size() < n) {
      const size_t chunk = std::min<size_t>(n - out.size(), 0x400);
      const std::string reply = ask(fmt::format("m{:x},{:x}", address + out.size(), chunk));
      auto bytes = sim::rsp::from_hex(reply);
      if (!bytes || bytes->size() != chunk)
        throw OracleError(fmt::format("QEMU cannot read {} bytes at 0x{:08x}: '{}'", chunk, address + out.size(), reply));
      out.insert(out.end(), bytes->begin(), bytes->end());
    }
    return out;
  }

 private:
  std::string read_file(const std::string& name) {
    std::string text;
    for (;;) {
      const std::string reply = ask(fmt::format("qXfer:features:read:{}:{:x},{:x}", name, text.size(), 0xf00));
      if (reply.empty() || (reply[0] != 'l' && reply[0] != 'm'))
        throw OracleError(fmt::format("QEMU does not give its target description {} ('{}')", name, reply));
      text += reply.substr(1);
      if (reply[0] == 'l') return text;
    }
  }
  void read_description(const std::string& name, std::map<std::string, RemoteReg>& out, int& next) {
    const std::string xml = read_file(name);
    static const std::regex item(R"(<xi:include href="([^"]+)\"|<reg ([^>]*)>)");
    static const std::regex attr(R"re((\w+)="([^"]*)")re");
    for (auto it = std::sregex_iterator(xml.begin(), xml.end(), item); it != std::sregex_iterator(); ++it) {
      if ((*it)[1].matched) {
        read_description((*it)[1], out, next);
        continue;
      }
      const std::string attrs = (*it)[2];
      std::string reg_name;
      RemoteReg r;
      for (auto a = std::sregex_iterator(attrs.begin(), attrs.end(), attr); a != std::sregex_iterator(); ++a) {
        if ((*a)[1] == "name") reg_name = (*a)[2];
        if ((*a)[1] == "bitsize") r.bits = std::stoi((*a)[2]);
        if ((*a)[1] == "regnum") next = std::stoi((*a)[2]);
      }
      r.number = next++;
      out[reg_name] = r;
    }
  }

  sim::rsp::Connection conn_;
  double timeout_;
};

int connect_unix(const std::string& path, double timeout) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout);
  for (;;) {
    const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
    if (fd < 0) throw OracleError(fmt::format("socket: {}", std::strerror(errno)));
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::strncpy(addr.sun_path, path.c_str(), sizeof addr.sun_path - 1);
    if (::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0) return fd;
    ::close(fd);
    if (std::chrono::steady_clock::now() > deadline) return -1;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

uint64_t little_endian(const std::vector<uint8_t>& b, size_t at, size_t n) {
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) v |= uint64_t{b.at(at + i)} << (8 * i);
  return v;
}

// One register file as both sides report it: name, width, value.
struct Row {
  std::string name;
  int bits;
  uint64_t ours, theirs;
};

std::string side_by_side(const std::vector<Row>& rows) {
  std::string out = fmt::format("  {:<8} {:<20} {:<20}\n", "register", "mlisa", "qemu");
  for (const Row& r : rows) {
    const int digits = r.bits / 4;
    out += fmt::format("  {:<8} 0x{:0{}x}{:<{}} 0x{:0{}x}{:<{}}{}\n", r.name, r.ours, digits, "", 18 - digits, r.theirs,
                       digits, "", 18 - digits, r.ours != r.theirs ? " <-- differs" : "");
  }
  return out;
}

namespace fs = std::filesystem;

// Every file and directory under `root`, by relative path, with its
// contents ("/" for a directory, "-> target" for a symbolic link).
std::map<std::string, std::string> tree(const fs::path& root) {
  std::map<std::string, std::string> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec); !ec && it != fs::recursive_directory_iterator();
       it.increment(ec)) {
    const std::string name = fs::relative(it->path(), root).string();
    if (it->is_symlink()) out[name] = "-> " + fs::read_symlink(it->path()).string();
    else if (it->is_directory()) out[name] = "/";
    else {
      std::ifstream in(it->path(), std::ios::binary);
      out[name] = std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    }
  }
  return out;
}

// The first name whose presence or contents differ between two trees.
std::optional<std::string> first_difference(const std::map<std::string, std::string>& a,
                                            const std::map<std::string, std::string>& b) {
  for (const auto& [name, text] : a)
    if (auto it = b.find(name); it == b.end() || it->second != text) return name;
  for (const auto& [name, text] : b)
    if (!a.count(name)) return name;
  return std::nullopt;
}

const char* const kCore[] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8",
                             "r9", "r10", "r11", "r12", "sp", "lr", "pc"};

}  // namespace

namespace {

// One run of both programs from reset. `plan` says how it goes: by hops
// of plan[i].second instructions while fewer than plan[i].first have run
// (both sides run a hop, QEMU to a breakpoint, then the whole state is
// compared), then one instruction at a time. A hop that ends in a
// difference, a fault or an exit sets `replay_from` to where it started
// and returns, so that the next run goes through it in smaller steps.
using Plan = std::vector<std::pair<uint64_t, uint64_t>>;
Outcome run_once(const Options& o, const Plan& plan, std::optional<uint64_t>& replay_from) {
  const auto qemu = subprocess::on_path(o.qemu);
  if (!qemu) throw OracleError(fmt::format("{} not found on PATH (scripts/bootstrap installs qemu-system-arm)", o.qemu));

  // Our side (the machine interface, docs/machine.md), reset as the
  // hardware is (FP off until the program enables it).
  auto target = targets::mve::load(o.spec_dir);
  targets::MachineOptions options;
  options.fp_enabled = false;
  targets::MveMachine ours(*target.isa, options);
  ours.load_file(o.file);
  sim::Memory& our_memory = *ours.memory();
  targets::mve::Host& host = ours.raw().host();
  Outcome out;
  host.write = [&](std::string_view s) { out.our_output.append(s); };
  // SYS_GET_CMDLINE: QEMU's is its -kernel file (absolute, as QEMU runs
  // elsewhere) and its -append text.
  const std::string program = fs::absolute(o.file).string();
  std::string append;
  for (const std::string& a : o.args) append += (append.empty() ? "" : " ") + a;
  host.cmdline = append.empty() ? program : program + " " + append;
  // SYS_FLEN of the console: QEMU's stdout and stderr are fresh files that
  // hold what the program wrote to them; its stdin is /dev/null.
  host.console_size = [&h = host](int fd) { return fd == 0 ? 0 : h.console_written[fd]; };
  std::vector<std::pair<uint64_t, unsigned>> stores;
  our_memory.set_write_log(&stores);

  // Each side's semihosting root: a private copy of the given directory.
  subprocess::TempDir dir("cosim");
  const fs::path our_root = dir.path() / "mlisa-root", qemu_root = dir.path() / "qemu-root";
  for (const fs::path& root : {our_root, qemu_root}) {
    std::error_code ec;
    fs::create_directory(root, ec);
    if (o.semihosting_root)
      fs::copy(*o.semihosting_root, root, fs::copy_options::recursive | fs::copy_options::copy_symlinks, ec);
    if (ec) throw InputError(fmt::format("--semihosting-root {}: cannot copy it: {}", *o.semihosting_root, ec.message()));
  }
  host.root = fs::canonical(our_root).string();

  // QEMU halted at reset, its gdbstub on a private socket.
  const std::string socket_path = dir.file("gdb.sock");
  std::vector<std::string> qemu_args = {*qemu, "-M", "mps3-an547", "-nographic", "-monitor", "none", "-serial", "none",
                                        "-semihosting-config", "enable=on,target=native", "-kernel", program, "-S",
                                        "-chardev", fmt::format("socket,id=gdb0,path={},server=on,wait=off", socket_path),
                                        "-gdb", "chardev:gdb0"};
  if (!append.empty()) qemu_args.insert(qemu_args.end(), {"-append", append});
  subprocess::BackgroundProcess q(qemu_args, dir, "qemu", qemu_root.string());
  const int fd = connect_unix(socket_path, std::max(5.0, o.step_timeout));
  if (fd < 0) {
    q.finish(0);
    throw OracleError(fmt::format("QEMU did not open its GDB server: {}", q.err()));
  }
  Remote remote(fd, o.step_timeout);
  if (remote.ask("qSupported:xmlRegisters=arm").find("qXfer:features:read+") == std::string::npos)
    throw OracleError("QEMU's gdbstub gives no target description");
  if (remote.ask("QStartNoAckMode") == "OK") remote.connection().no_ack();
  const auto regs = remote.registers();
  for (const char* name : {"r0", "pc", "xpsr"})
    if (!regs.count(name)) throw OracleError(fmt::format("QEMU's target description has no register {}", name));
  const bool has_fp = regs.count("d0") && regs.count("fpscr");
  const bool has_mve = regs.count("vpr");

  // Core registers: R0-R15 and xPSR, QEMU's `g` packet (its first 17 words).
  auto core_rows = [&]() {
    const std::string reply = remote.ask("g");
    auto bytes = sim::rsp::from_hex(reply);
    if (!bytes || bytes->size() < 17 * 4) throw OracleError(fmt::format("QEMU answered 'g' with '{}'", reply));
    std::vector<Row> rows;
    for (size_t i = 0; i < 16; ++i)
      rows.push_back({kCore[i], 32, ours.get(kCore[i]).low64(), little_endian(*bytes, 4 * i, 4)});
    rows.push_back({"apsr", 32, ours.get("apsr").low64() & kApsrMask, little_endian(*bytes, 64, 4) & kApsrMask});
    return rows;
  };
  auto our_fp = [&]() {
    std::vector<uint64_t> v;
    if (has_fp) {
      for (int d = 0; d < 16; ++d) v.push_back(ours.get(fmt::format("d{}", d)).low64());
      v.push_back(ours.get("fpscr").low64());
    }
    if (has_mve) v.push_back(ours.get("vpr").low64());
    return v;
  };
  auto fp_rows = [&]() {
    std::vector<Row> rows;
    const std::vector<uint64_t> mine = our_fp();
    size_t k = 0;
    if (has_fp) {
      for (int d = 0; d < 16; ++d) {
        const std::string name = fmt::format("d{}", d);
        rows.push_back({name, 64, mine[k++], little_endian(remote.read_register(regs.at(name)), 0, 8)});
      }
      rows.push_back({"fpscr", 32, mine[k++], little_endian(remote.read_register(regs.at("fpscr")), 0, 4)});
    }
    if (has_mve) rows.push_back({"vpr", 32, mine[k++], little_endian(remote.read_register(regs.at("vpr")), 0, 4)});
    return rows;
  };
  auto differ = [](const std::vector<Row>& rows) {
    return std::any_of(rows.begin(), rows.end(), [](const Row& r) { return r.ours != r.theirs; });
  };
  auto describe = [&](uint32_t address) {
    const std::optional<Bits> fetched = targets::t32_fetch(our_memory, address);
    if (!fetched) return fmt::format("0x{:08x}: (not in memory)", address);
    const Bits word = *fetched;
    const spec::Encoding* enc = target.isa->decode(word);
    as::PrintContext at;
    at.address = address;
    const std::string text = enc ? target.isa->print(*enc, word, at) : "";
    return fmt::format("0x{:08x}: {:0{}x}  {}", address, word.low64(), word.width() / 4,
                       text.empty() ? "(no instruction of the specs)" : text);
  };
  // `address`: the instruction that ran last; nullopt at reset.
  auto diverge = [&](const std::string& what, std::optional<uint32_t> address, const std::vector<Row>& rows) {
    out.end = Outcome::End::Diverged;
    out.report = fmt::format("divergence after {} instructions: {}\n  {}\n{}", out.steps, what,
                             address ? "instruction " + describe(*address) : std::string("at reset"),
                             side_by_side(rows));
    return out;
  };

  // Before the first instruction: the reset state both took from the vector table.
  if (auto rows = core_rows(); differ(rows)) return diverge("the reset states differ", std::nullopt, rows);

  // A hop of about k instructions (never more than `limit`): ours runs them, counting the PCs it
  // reaches, and goes on (up to k more) to a PC it has not reached in this
  // hop. QEMU steps once, then continues to the same arrival at that PC: a
  // breakpoint there, `c` to each arrival (QEMU stops at a breakpoint
  // under its PC without moving, so one `s` leaves each but the last).
  // Then registers and every byte ours stored are compared. False when the
  // hop cannot stand (a difference, a fault, an exit): replay it.
  auto hop = [&](uint64_t k, uint64_t limit) {
    std::map<uint32_t, uint64_t> reached;  // PCs arrived at after the first
    stores.clear();
    uint64_t n = 0;
    auto pc_now = [&]() { return static_cast<uint32_t>(ours.get("pc").low64()); };
    for (; n < std::min(k, limit) || (n < std::min(2 * k, limit) && reached.count(pc_now())); ++n) {
      if (n > 0) ++reached[pc_now()];
      if (!ours.step().ok()) return false;  // a fault or the exit
    }
    const uint32_t x = pc_now();
    const std::string first = remote.ask("s");
    if (first.empty() || (first[0] != 'T' && first[0] != 'S')) return false;
    const uint64_t arrivals = n > 1 ? 1 + (reached.count(x) ? reached[x] : 0) : 0;
    if (arrivals) {
      const std::string bp = fmt::format("{:x},2", x);
      if (remote.ask("Z1," + bp) != "OK") throw OracleError(fmt::format("QEMU refuses a breakpoint at 0x{:08x}", x));
      // QEMU may never get there (its program went elsewhere): a request
      // that times out ends the hop too; the replay starts a new QEMU.
      auto stopped = [&](const char* request) {
        try {
          const std::string reply = remote.ask(request);
          return !reply.empty() && (reply[0] == 'T' || reply[0] == 'S');
        } catch (const OracleError&) {
          return false;
        }
      };
      for (uint64_t i = 0; i < arrivals; ++i)
        if ((i && !stopped("s")) || !stopped("c")) return false;
      remote.ask("z1," + bp);
    }
    if (differ(core_rows()) || ((has_fp || has_mve) && differ(fp_rows()))) return false;
    // The bytes ours stored, as ranges (nearby ones merged into one read).
    std::sort(stores.begin(), stores.end());
    for (size_t i = 0; i < stores.size();) {
      const uint64_t lo = stores[i].first;
      uint64_t hi = lo + stores[i].second;
      for (++i; i < stores.size() && stores[i].first <= hi + 16; ++i) hi = std::max(hi, stores[i].first + stores[i].second);
      const std::vector<uint8_t> theirs = remote.read_memory(lo, hi - lo);
      for (uint64_t a = lo; a < hi; ++a) {
        uint64_t mine = 0;
        if (!our_memory.read(a, 1, mine) || mine != theirs[a - lo]) return false;
      }
    }
    out.steps += n;
    return true;
  };

  std::vector<uint64_t> fp_before = our_fp();
  while (out.steps < o.max_steps) {
    const auto stage = std::find_if(plan.begin(), plan.end(), [&](const auto& p) { return out.steps < p.first; });
    if (stage != plan.end()) {
      const uint64_t start = out.steps;
      if (!hop(stage->second, std::min(stage->first - out.steps, o.max_steps - out.steps))) {
        replay_from = start;
        return out;
      }
      fp_before = our_fp();
      continue;
    }
    const uint32_t pc = static_cast<uint32_t>(ours.get("pc").low64());
    uint64_t hw1 = 0;
    our_memory.read(pc, 2, hw1);
    stores.clear();
    std::string our_fault;
    if (const sim::StepResult r = ours.step(); r.faulted()) our_fault = Fault(r.fault, r.message).what();
    const std::string reply = remote.ask("s");
    if (!our_fault.empty()) {
      std::vector<Row> rows;
      if (reply[0] == 'T' || reply[0] == 'S') rows = core_rows();
      return diverge(fmt::format("ours faulted ({}); QEMU {}", our_fault,
                                 reply[0] == 'W' ? "exited" : "went on"),
                     pc, rows);
    }
    if (reply[0] == 'W' || reply[0] == 'X') {
      // QEMU's program ended (semihosting SYS_EXIT): ours must have too.
      const int status = reply[0] == 'W' ? std::stoi(reply.substr(1), nullptr, 16) : -1;
      remote.connection().close();  // QEMU exits once its debugger has gone
      q.finish(5);
      // QEMU's semihosting console: stdout, or stderr when its stdin is not a terminal.
      out.qemu_output = q.out() + q.err();
      if (!ours.exit_status())
        return diverge(fmt::format("QEMU's program exited (status {}), ours did not", status), pc, {});
      ++out.steps;
      out.exit_status = *ours.exit_status();
      if (out.exit_status != status)
        return diverge(fmt::format("exit status: ours {}, QEMU {}", out.exit_status, status), pc, {});
      if (out.our_output != out.qemu_output) {
        out.end = Outcome::End::Diverged;
        out.report = fmt::format("the programs' outputs differ\n--- mlisa\n{}--- qemu\n{}", out.our_output,
                                 out.qemu_output);
      } else if (const auto name = first_difference(tree(our_root), tree(qemu_root))) {
        out.end = Outcome::End::Diverged;
        out.report = fmt::format("the files the programs left in their semihosting roots differ: {}\n", *name);
      }
      return out;
    }
    if (reply[0] != 'T' && reply[0] != 'S') throw OracleError(fmt::format("QEMU answered a step with '{}'", reply));
    ++out.steps;
    if (ours.exit_status()) return diverge("ours exited (semihosting SYS_EXIT), QEMU did not", pc, core_rows());

    if (auto rows = core_rows(); differ(rows)) return diverge("registers differ", pc, rows);
    const std::vector<uint64_t> fp_after = our_fp();
    const bool coprocessor = (hw1 & 0xEC00u) == 0xEC00u;
    if ((has_fp || has_mve) && (coprocessor || fp_after != fp_before || out.steps % 4096 == 0)) {
      if (auto rows = fp_rows(); differ(rows)) return diverge("FP or MVE registers differ", pc, rows);
    }
    fp_before = fp_after;
    for (const auto& [address, n] : stores) {
      const std::vector<uint8_t> theirs = remote.read_memory(address, n);
      uint64_t mine = 0;
      our_memory.read(address, n, mine);
      if (mine != little_endian(theirs, 0, n))
        return diverge(fmt::format("memory at 0x{:08x} ({} bytes): ours 0x{:0{}x}, QEMU 0x{:0{}x}", address, n, mine,
                                   2 * n, little_endian(theirs, 0, n), 2 * n),
                       pc, {});
    }
  }
  out.end = Outcome::End::StepLimit;
  return out;
}

}  // namespace

Outcome run(const Options& o) {
  // Hops of o.checkpoint instructions; a stretch that goes wrong again in
  // hops of 1/32 of that, then one instruction at a time.
  Plan plan;
  for (uint64_t k = o.checkpoint; k > 1; k = k >= 256 ? k / 32 : 1) plan.push_back({UINT64_MAX, k});
  for (size_t level = 0;; ++level) {
    Plan now(plan.begin(), plan.begin() + std::min(level + 1, plan.size()));
    std::optional<uint64_t> replay_from;
    Outcome out = run_once(o, level < plan.size() ? now : plan, replay_from);
    if (!replay_from) return out;
    if (level >= plan.size())
      throw OracleError(fmt::format("the run differs from the one before it at instruction {}", *replay_from));
    plan[level].first = *replay_from;
  }
}

}  // namespace mlisa::verify::cosim
