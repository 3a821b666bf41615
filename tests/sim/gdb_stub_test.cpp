// The GDB stub's packet handling without gdb (docs/gdb.md): a toy machine
// behind sim::gdb::Target, packets given to Stub::handle and, over a socket
// pair, to Stub::run: well-formed packets get the protocol's replies;
// malformed, unknown and too-long ones get an error or the empty reply and
// the stub keeps serving; an interrupt stops a running program; a client
// that goes away ends the run.
#include "core/diag.hpp"
#include "sim/gdb_stub.hpp"
#include "sim/rsp.hpp"

#include <gtest/gtest.h>

#include <sys/socket.h>

#include <future>
#include <thread>

namespace mlisa::sim::gdb {
namespace {

// A toy machine: r0 and pc, 256 bytes of memory at 0x1000. Instructions are
// two bytes, opcode then operand: 00 nop; 01 x: store the low byte of r0 at
// 0x1000 + x; 02: exit with status r0; 03: branch to itself; 04 x: r0 += x;
// ff: fault.
class Toy : public Target {
 public:
  Toy() {
    memory_.map("ram", 0x1000, 256);
    features_ = {{"org.example.toy", "", {{"r0", 32, "int", "", 0}, {"pc", 32, "code_ptr", "", 1}}}};
  }
  std::string architecture() const override { return "toy"; }
  const std::vector<Feature>& features() const override { return features_; }
  std::vector<uint8_t> read_register(int n) override {
    const uint32_t v = n == 0 ? r0 : pc_;
    return {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
  }
  bool write_register(int n, const std::vector<uint8_t>& b) override {
    const uint32_t v = uint32_t(b[0]) | uint32_t(b[1]) << 8 | uint32_t(b[2]) << 16 | uint32_t(b[3]) << 24;
    (n == 0 ? r0 : pc_) = v;
    return true;
  }
  Memory& memory() override { return memory_; }
  uint64_t pc() override { return pc_; }
  void step() override {
    uint64_t op = 0, x = 0;
    memory_.read(pc_, 1, op);
    memory_.read(pc_ + 1, 1, x);
    if (op == 0x01) memory_.write(0x1000 + x, 1, r0 & 0xff);
    if (op == 0x02) exit_ = static_cast<int>(r0);
    if (op == 0x03) return;
    if (op == 0x04) r0 += static_cast<uint32_t>(x);
    if (op == 0xff) throw Fault("UsageFault (UNDEFINSTR)", "toy fault");
    pc_ += 2;
  }
  std::optional<int> exit_status() const override { return exit_; }

  void program(std::vector<uint8_t> code) { memory_.load(0x1000, code.data(), code.size()); }
  uint32_t r0 = 0, pc_ = 0x1000;
  std::optional<int> exit_;

 private:
  Memory memory_;
  std::vector<Feature> features_;
};

TEST(GdbStub, RegistersMemoryAndDescription) {
  Toy toy;
  toy.r0 = 0x12345678;
  Stub stub(toy, -1);
  EXPECT_EQ(stub.handle("g"), "7856341200100000");
  EXPECT_EQ(stub.handle("p0"), "78563412");
  EXPECT_EQ(stub.handle("p1"), "00100000");
  EXPECT_EQ(stub.handle("P0=efbeadde"), "OK");
  EXPECT_EQ(toy.r0, 0xdeadbeefu);
  EXPECT_EQ(stub.handle("G0100000002100000"), "OK");
  EXPECT_EQ(toy.r0, 1u);
  EXPECT_EQ(toy.pc_, 0x1002u);
  EXPECT_EQ(stub.handle("M1010,3:aabbcc"), "OK");
  EXPECT_EQ(stub.handle("m1010,3"), "aabbcc");
  EXPECT_EQ(stub.handle("X1013,2:\x01}"), "OK");  // binary data, as it is after unescaping
  EXPECT_EQ(stub.handle("m1013,2"), "017d");
  // A read that runs off the end of memory gives what there is.
  EXPECT_EQ(stub.handle("m10fe,4"), "0000");
  const std::string supported = stub.handle("qSupported:multiprocess+;swbreak+");
  EXPECT_NE(supported.find("PacketSize="), std::string::npos);
  EXPECT_NE(supported.find("qXfer:features:read+"), std::string::npos);
  const std::string xml = stub.handle("qXfer:features:read:target.xml:0,fff");
  ASSERT_FALSE(xml.empty());
  EXPECT_EQ(xml[0], 'l');
  EXPECT_NE(xml.find("<architecture>toy</architecture>"), std::string::npos);
  EXPECT_NE(xml.find("<reg name=\"pc\" bitsize=\"32\" type=\"code_ptr\" regnum=\"1\"/>"), std::string::npos);
  // In pieces: 'm' until the last one, 'l'.
  const std::string part = stub.handle("qXfer:features:read:target.xml:0,10");
  EXPECT_EQ(part, "m" + xml.substr(1, 16));
  EXPECT_EQ(stub.handle("qAttached"), "1");
  EXPECT_EQ(stub.handle("qC"), "QC1");
  EXPECT_EQ(stub.handle("qfThreadInfo"), "m1");
  EXPECT_EQ(stub.handle("qsThreadInfo"), "l");
  EXPECT_EQ(stub.handle("vCont?"), "vCont;c;C;s;S;t");
  EXPECT_EQ(stub.handle("Hg0"), "OK");
  EXPECT_EQ(stub.handle("?"), "S05");
}

TEST(GdbStub, MalformedAndUnknownPackets) {
  Toy toy;
  Stub stub(toy, -1);
  for (const char* p : {"mzz,4", "m1000", "m1000,", "m,4", "M1000,2:abc", "M1000,2:zzzz", "M1000,3:abcd", "X1000,2:a",
                        "p", "pzz", "p99", "P0", "P0=12", "P9=00000000", "Pzz=00000000", "G00", "Gzz", "Z0,1000",
                        "Z0,zz,2", "Z2,1000,0", "m0,4", "M0,1:00", "gx", "qXfer:features:read:target.xml:zz",
                        "vCont;q"})
    EXPECT_EQ(stub.handle(p).substr(0, 1), "E") << p;
  for (const char* p : {"qFoo", "vFoo", "Qbar", "!", "Z3,1000,4", "Z4,1000,4", "x", "bc"})
    EXPECT_EQ(stub.handle(p), "") << p;
  EXPECT_EQ(stub.handle("qXfer:features:read:other.xml:0,10"), "E00");
  // Still serving.
  EXPECT_EQ(stub.handle("p1"), "00100000");
}

TEST(GdbStub, StepBreakWatchAndExit) {
  Toy toy;
  // 1000: r0 += 5; 1002: nop; 1004: store r0 at 0x1080; 1006: r0 += 1; 1008: exit
  toy.program({0x04, 5, 0x00, 0, 0x01, 0x80, 0x04, 1, 0x02, 0});
  Stub stub(toy, -1);
  EXPECT_EQ(stub.handle("s"), "S05");
  EXPECT_EQ(toy.pc_, 0x1002u);
  EXPECT_EQ(toy.r0, 5u);
  EXPECT_EQ(stub.handle("Z2,1080,4"), "OK");
  // The store is reported before it happens: pc on it, memory unchanged.
  EXPECT_EQ(stub.handle("c"), "T05watch:1080;");
  EXPECT_EQ(toy.pc_, 0x1004u);
  EXPECT_EQ(stub.handle("m1080,1"), "00");
  EXPECT_EQ(stub.handle("?"), "T05watch:1080;");
  EXPECT_EQ(stub.handle("z2,1080,4"), "OK");
  EXPECT_EQ(stub.handle("Z0,1008,2"), "OK");
  EXPECT_EQ(stub.handle("vCont;c:1"), "S05");
  EXPECT_EQ(toy.pc_, 0x1008u);
  EXPECT_EQ(stub.handle("m1080,1"), "05");
  EXPECT_EQ(toy.r0, 6u);
  EXPECT_EQ(stub.handle("z0,1008,2"), "OK");
  EXPECT_EQ(stub.handle("c"), "W06");
}

TEST(GdbStub, FaultStopsWithASignal) {
  Toy toy;
  toy.program({0xff, 0});
  Stub stub(toy, -1);
  EXPECT_EQ(stub.handle("c"), "S04");  // SIGILL for a UsageFault
  EXPECT_EQ(toy.pc_, 0x1000u);
}

// A socket pair: the client end (raw fd and a Connection over it), the stub
// serving the other end in a thread.
struct Session {
  Toy toy;
  int fds[2] = {-1, -1};
  std::unique_ptr<rsp::Connection> client;
  std::unique_ptr<Stub> stub;
  std::future<Outcome> outcome;
  explicit Session(std::vector<uint8_t> code, size_t packet_size = 0x100) {
    EXPECT_EQ(::socketpair(AF_UNIX, SOCK_STREAM, 0, fds), 0);
    client = std::make_unique<rsp::Connection>(fds[0]);
    toy.program(std::move(code));
    stub = std::make_unique<Stub>(toy, fds[1], packet_size);
    outcome = std::async(std::launch::async, [this] { return stub->run(1000); });
  }
  ~Session() {
    client->close();  // a stub still running sees the client gone and ends
    if (outcome.valid()) outcome.wait();
  }
  std::string ask(const std::string& p) {
    client->send(p, 5);
    auto r = client->receive(5);
    return r ? *r : "<timeout>";
  }
};

TEST(GdbStub, TooLongPacketThenStillServing) {
  Session s({0x03, 0});
  EXPECT_EQ(s.ask("m1000," + std::string(300, '1')), "E02");
  EXPECT_EQ(s.ask("p1"), "00100000");
  EXPECT_EQ(s.ask("QStartNoAckMode"), "OK");
  s.client->no_ack();
  EXPECT_EQ(s.ask("qUnknownThing"), "");
  s.client->send("k");
  const Outcome o = s.outcome.get();
  EXPECT_EQ(o.kind, Outcome::Killed);
}

TEST(GdbStub, InterruptStopsARunningProgram) {
  Session s({0x03, 0});  // a branch to itself
  s.client->send("c", 5);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  ASSERT_EQ(::send(s.fds[0], "\x03", 1, MSG_NOSIGNAL), 1);
  const auto stop = s.client->receive(5);
  ASSERT_TRUE(stop);
  EXPECT_EQ(*stop, "S02");
  EXPECT_EQ(s.ask("p1"), "00100000");
  s.client->close();  // a client that goes away ends the run
  EXPECT_EQ(s.outcome.get().kind, Outcome::Disconnected);
}

TEST(GdbStub, DetachRunsTheProgramToItsExit) {
  Session s({0x04, 7, 0x02, 0});
  EXPECT_EQ(s.ask("D"), "OK");
  const Outcome o = s.outcome.get();
  EXPECT_EQ(o.kind, Outcome::Exited);
  EXPECT_EQ(o.status, 7);
}

TEST(GdbStub, ExitIsReportedWithItsStatus) {
  Session s({0x04, 3, 0x02, 0});
  EXPECT_EQ(s.ask("vCont;s"), "S05");
  EXPECT_EQ(s.ask("c"), "W03");
  const Outcome o = s.outcome.get();
  EXPECT_EQ(o.kind, Outcome::Exited);
  EXPECT_EQ(o.status, 3);
}

TEST(GdbStub, ListensOnLocalhostAndRefusesABadHost) {
  Toy toy;
  EXPECT_THROW(Stub(toy, Options{"no-such-host.invalid", 0, false, 0}), UsageError);
  Stub stub(toy, Options{"127.0.0.1", 0, false, 0});
  EXPECT_GT(stub.port(), 0);
}

}  // namespace
}  // namespace mlisa::sim::gdb
