// mlisa run --gdb with Debian's gdb-multiarch in batch mode (docs/gdb.md).
// mve: the same gdb script (data/gdb_mve.gdb: break at a label, step through
// a VPT-predicated VMLADAVA, print r0, q0-q2, d4, s9, vpr and xpsr, write a
// register, a watchpoint on a store, continue to the exit) against mlisa's
// stub and against QEMU's gdbstub (mps3-an547) gives the same transcript;
// the values that matter are also checked as worked by hand. sme2: a
// session on the A64 program of the sme2 run tests (registers, memory, the
// vector length, step, breakpoints, the exit). Skipped with a message when
// gdb-multiarch, QEMU or the toolchains are missing. Also: the options'
// errors, Ctrl-C, and a client that disconnects mid-run.
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>

#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

namespace mlisa::test {
namespace {

namespace fs = std::filesystem;

bool have(const char* tool) { return std::system(fmt::format("command -v {} >/dev/null 2>&1", tool).c_str()) == 0; }

fs::path dir() {
  const fs::path d = fs::path(::testing::TempDir()) / fmt::format("mlisa_gdb_{}", ::getpid());
  fs::create_directories(d);
  return d;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// A TCP port nobody listens on now.
int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = 0;
  ::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a);
  socklen_t len = sizeof a;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len);
  ::close(fd);
  return ntohs(a.sin_port);
}

const std::string kData = std::string(MLISA_SOURCE_DIR) + "/tests/cli/data/";

// Starts `server` (a shell command that listens on PORT) in the background,
// runs gdb-multiarch with `script` against it, waits for the server. gdb
// retries the connection while the server starts (tcp auto-retry). Returns
// gdb's transcript; the server's exit status goes to *status.
std::string debug_session(const std::string& server, const std::string& elf, const std::string& script, int port,
                          const std::string& tag, int* status) {
  const fs::path d = dir();
  const std::string cmd = fmt::format(
      "cd {0} && ( {1} > {2}.out 2> {2}.err; echo $? > {2}.rc ) & "
      "timeout 120 gdb-multiarch -batch -nx -ex 'set tcp connect-timeout 30' -ex 'target remote 127.0.0.1:{3}' "
      "-x {4} {5} > {0}/{2}.gdb.txt 2>&1; wait",
      d.string(), server, tag, port, script, elf);
  std::system(cmd.c_str());
  *status = std::atoi(slurp(d / (tag + ".rc")).c_str());
  std::string transcript = slurp(d / (tag + ".gdb.txt"));
  // QEMU says the multiprocess name of the inferior; the stub has none.
  transcript = std::regex_replace(transcript, std::regex(R"(\[Inferior 1 \((Remote target|process 1)\))"), "[Inferior 1");
  return transcript;
}

TEST(GdbCli, MveSessionEqualsQemus) {
  if (!have("gdb-multiarch")) GTEST_SKIP() << "gdb-multiarch absent (scripts/bootstrap installs it)";
  if (!have("arm-none-eabi-gcc")) GTEST_SKIP() << "arm-none-eabi-gcc absent";
  const fs::path elf = dir() / "gdb_mve.elf";
  const std::string build = fmt::format(
      "arm-none-eabi-gcc -mcpu=cortex-m55 -mfloat-abi=hard -nostdlib -nostartfiles -Wl,-Ttext=0 -Wl,-e,0 -I {} {} -o {}",
      std::string(MLISA_SOURCE_DIR) + "/tests/programs", kData + "gdb_mve.s", elf.string());
  ASSERT_EQ(std::system(build.c_str()), 0) << build;
  const std::string script = kData + "gdb_mve.gdb";

  int ours_status = -1;
  const int port = free_port();
  const std::string ours = debug_session(
      fmt::format("{} run --target mve --gdb {} --gdb-wait {}", MLISA_BINARY, port, elf.string()), elf.string(), script,
      port, "mlisa", &ours_status);
  EXPECT_EQ(ours_status, 3) << slurp(dir() / "mlisa.err");
  // Worked by hand: VPST with P0 = 0x0F0F leaves MASK01 = MASK23 = 0b1000;
  // VMLADAVAT adds lanes 0 and 2 only: 100 + 1*5 + 3*7 = 126; q2 = q0 + q1.
  for (const char* line : {"Breakpoint 1, 0x00000034 in mac ()", "$2 = [ P0=3855 MASK01=8 MASK23=8 ]", "$6 = 126",
                           "$7 = {0x6, 0x4, 0xa, 0xfffffffc}", "$8 = 0x400000006", "$12 = 0x12345678",
                           "Old value = 0", "New value = 126", "0x00000040 in mac ()",
                           "0x20000110:\t0x00000000\t0x00000000\t0x00000000\t0x00000000",
                           "[Inferior 1 exited with code 03]"})
    EXPECT_NE(ours.find(line), std::string::npos) << line << "\n" << ours;

  if (!have("qemu-system-arm")) GTEST_SKIP() << "qemu-system-arm absent: the session was not compared with QEMU's";
  int qemu_status = -1;
  const int qport = free_port();
  const std::string theirs = debug_session(
      fmt::format("timeout 120 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial none "
                  "-semihosting-config enable=on,target=native -kernel {} -S -gdb tcp:127.0.0.1:{}",
                  elf.string(), qport),
      elf.string(), script, qport, "qemu", &qemu_status);
  EXPECT_EQ(qemu_status, 3);
  EXPECT_EQ(ours, theirs);
}

TEST(GdbCli, Sme2Session) {
  if (!have("gdb-multiarch")) GTEST_SKIP() << "gdb-multiarch absent (scripts/bootstrap installs it)";
  if (!have("clang-19") || !have("ld.lld")) GTEST_SKIP() << "clang-19 or ld.lld absent";
  const fs::path elf = dir() / "sme2.elf";
  const std::string build =
      fmt::format("clang-19 --target=aarch64-linux-gnu -march=armv9-a+sme2 -nostdlib -static -fuse-ld=lld {} -o {}",
                  std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/sme2_program.s", elf.string());
  ASSERT_EQ(std::system(build.c_str()), 0) << build;
  int status = -1;
  const int port = free_port();
  const std::string t = debug_session(
      fmt::format("{} run --target sme2 --svl 512 --gdb {} --gdb-wait {}", MLISA_BINARY, port, elf.string()),
      elf.string(), kData + "gdb_sme2.gdb", port, "sme2", &status);
  EXPECT_EQ(status, 7) << slurp(dir() / "sme2.err");
  EXPECT_NE(slurp(dir() / "sme2.out").find("00000037\n00000040\n00000010\n"), std::string::npos);
  // Worked by hand: at SMSTOP SVCR = SM|ZA, x3 = 3, VG = SVL/64 = 8, z0.s
  // the 16 words LD1W loaded under PTRUE, p1 = WHILELT .s of 3 elements
  // (bits 0, 4 and 8); after it SVCR = 0; results[] = 55 (1 + ... + 10),
  // 64 (SVL/8 bytes), 16 (CNTW), 0 (the array vector of zeros). CPSR (Z
  // and C), FPCR (DN) and a ZA byte (row 1, byte 5) read back as written,
  // and the LDR at print_loop keeps CPSR and FPCR.
  for (const char* line : {"Breakpoint 1, 0x", "$1 = 0x3", "$2 = 0x3", "$3 = 8",
                           "$4 = {0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666, 0x77777777, "
                           "0x88888888, 0x99999999, 0xaaaaaaaa, 0xbbbbbbbb, 0xcccccccc, 0xdddddddd, 0xeeeeeeee, "
                           "0xffffffff, 0x12345678}",
                           "$5 = {0x11, 0x1, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0}", "$6 = 0x12345678abcdef", "$7 = 0x0",
                           "Breakpoint 2, 0x", ":\t0x00000037\t0x00000040\t0x00000010\t0x00000000", "$8 = 8",
                           "$9 = 0x60000000", "$10 = 0x2000000", "$11 = 0x7f", "$12 = 0x60000000", "$13 = 0x2000000",
                           "[Inferior 1 exited with code 07]"})
    EXPECT_NE(t.find(line), std::string::npos) << line << "\n" << t;
}

TEST(GdbCli, OptionErrors) {
  const std::string program = kData + "trace_tail.s";
  auto r = run_mlisa({"run", "--target", "mve", "--gdb-wait", program});
  EXPECT_EQ(r.exit_code, 2);
  r = run_mlisa({"run", "--target", "mve", "--gdb", "0", "--gdb-host", "no-such-host.invalid", program});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("mlisa: error: --gdb-host no-such-host.invalid"), std::string::npos) << r.err;
  r = run_mlisa({"run", "--target", "mve", "--gdb", "70000", program});
  EXPECT_EQ(r.exit_code, 2);
  r = run_mlisa({"run", "--target", "tcore", "--gdb", "0", program});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--gdb and --trace are for --target mve and sme2"), std::string::npos) << r.err;
}

// Without --gdb-wait the program runs at once: one that exits before a
// client comes ends as without --gdb.
TEST(GdbCli, RunsWithoutAClient) {
  const auto r = run_mlisa({"run", "--target", "mve", "--gdb", "0", kData + "trace_tail.s"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("mlisa: gdb stub listening on 127.0.0.1:"), std::string::npos) << r.err;
}

// A client that sends `c` and goes away while the program runs (a loop)
// leaves mlisa ending cleanly, with a message.
TEST(GdbCli, ClientDisconnectsMidRun) {
  const fs::path d = dir(), s = d / "loop.s";
  std::ofstream(s) << "    .syntax unified\n    .thumb\n    .text\n    .globl _start\n    .thumb_func\n_start:\n"
                      "    adds r0, r0, #1\n    b _start\n";
  const int port = free_port();
  std::ofstream(d / "client.sh") << fmt::format(
      "cd {0}\n( {1} run --target mve --gdb {2} --gdb-wait {3} > loop.out 2> loop.err; echo $? > loop.rc ) &\n"
      "for i in $(seq 200); do grep -q listening loop.err 2>/dev/null && break; sleep 0.05; done\n"
      "exec 3<>/dev/tcp/127.0.0.1/{2}\nprintf '+$c#63' >&3\nsleep 0.5\nexec 3>&-\nwait\n",
      d.string(), MLISA_BINARY, port, s.string());
  ASSERT_EQ(std::system(fmt::format("timeout 60 bash {}", (d / "client.sh").string()).c_str()), 0);
  EXPECT_EQ(slurp(d / "loop.rc"), "0\n");
  EXPECT_NE(slurp(d / "loop.err").find("mlisa: the debugger disconnected; the program did not finish"), std::string::npos)
      << slurp(d / "loop.err");
}

// Ctrl-C in gdb (SIGINT to gdb-multiarch while `continue` runs) sends the
// interrupt byte: the looping program stops with SIGINT, its registers are
// readable, and `kill` ends mlisa.
TEST(GdbCli, CtrlCInterruptsARun) {
  if (!have("gdb-multiarch")) GTEST_SKIP() << "gdb-multiarch absent (scripts/bootstrap installs it)";
  const fs::path d = dir(), s = d / "spin.s";
  std::ofstream(s) << "    .syntax unified\n    .thumb\n    .text\n    .globl _start\n    .thumb_func\n_start:\n"
                      "    adds r0, r0, #1\n    b _start\n";
  const int port = free_port();
  std::ofstream(d / "ctrlc.sh") << fmt::format(
      "cd {0}\n( {1} run --target mve --gdb {2} --gdb-wait {3} > spin.out 2> spin.err; echo $? > spin.rc ) &\n"
      "timeout 60 gdb-multiarch -batch -nx -ex 'set tcp connect-timeout 30' -ex 'target remote 127.0.0.1:{2}' "
      "-ex continue -ex 'print $r0 > 1000' -ex kill < /dev/null > spin.gdb.txt 2>&1 &\n"
      "gdb=$!\n"
      // Interrupt only once gdb has connected and resumed the program (a loaded machine may take a while).
      "for i in $(seq 300); do ss -tn state established '( sport = :{2} )' | grep -q :{2} && break; sleep 0.1; done\n"
      // ... and mlisa burns CPU: the program runs (20 clock ticks more than at the connection).
      "p=$(pgrep -f -- '--gdb {2} ' | head -1); t0=$(awk '{{print $14}}' /proc/$p/stat)\n"
      "for i in $(seq 300); do [ $(awk '{{print $14}}' /proc/$p/stat) -gt $((t0 + 20)) ] && break; sleep 0.1; done\n"
      // To gdb itself: timeout would also signal its whole process group, a second Ctrl-C.
      "kill -INT $(pgrep -P $gdb)\nwait\n",
      d.string(), MLISA_BINARY, port, s.string());
  ASSERT_EQ(std::system(fmt::format("timeout 90 bash {}", (d / "ctrlc.sh").string()).c_str()), 0);
  const std::string t = slurp(d / "spin.gdb.txt");
  EXPECT_NE(t.find("Program received signal SIGINT, Interrupt."), std::string::npos) << t;
  EXPECT_NE(t.find("$1 = 1"), std::string::npos) << t;
  EXPECT_EQ(slurp(d / "spin.rc"), "0\n");
  EXPECT_NE(slurp(d / "spin.err").find("mlisa: killed by the debugger"), std::string::npos) << slurp(d / "spin.err");
}

}  // namespace
}  // namespace mlisa::test
