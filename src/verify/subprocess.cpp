#include "verify/subprocess.hpp"

#include <fmt/format.h>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <thread>

extern char** environ;

namespace mlisa::verify::subprocess {

namespace fs = std::filesystem;

std::optional<std::string> on_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/bin:/bin";
  size_t start = 0;
  while (start <= dirs.size()) {
    size_t end = dirs.find(':', start);
    if (end == std::string::npos) end = dirs.size();
    const fs::path dir = end > start ? fs::path(dirs.substr(start, end - start)) : fs::path(".");
    const std::string candidate = (dir / name).string();
    if (::access(candidate.c_str(), X_OK) == 0) return candidate;
    start = end + 1;
  }
  return std::nullopt;
}

TempDir::TempDir(const std::string& tag) {
  std::string pattern = (fs::temp_directory_path() / ("mlisa-" + tag + "-XXXXXX")).string();
  if (!::mkdtemp(pattern.data()))
    throw ToolError(fmt::format("cannot create a temporary directory: {}", std::strerror(errno)));
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

std::string read_text(const std::string& path, size_t limit) {
  std::ifstream in(path, std::ios::binary);
  std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (s.size() > limit) s = s.substr(0, limit) + "...";
  return s;
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

void write_file(const std::string& path, const void* data, size_t size) {
  std::ofstream out(path, std::ios::binary);
  out.write(static_cast<const char*>(data), static_cast<std::streamsize>(size));
  if (!out) throw ToolError(fmt::format("cannot write {}", path));
}

// Starts argv (argv[0] a path) with stdin from /dev/null and stdout and
// stderr to the two files, in `cwd` (ours when empty); its pid.
static pid_t spawn(const std::vector<std::string>& argv, const std::string& out_path, const std::string& err_path,
                   const std::string& cwd = "") {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&actions, cwd.c_str());
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 2, err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, argv[0].c_str(), &actions, nullptr, args.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (rc != 0) throw ToolError(fmt::format("cannot run {}: {}", argv[0], std::strerror(rc)));
  return pid;
}

ProcessResult run_process(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag,
                          double timeout_seconds) {
  const std::string out_path = dir.file(tag + ".out"), err_path = dir.file(tag + ".err");
  const pid_t pid = spawn(argv, out_path, err_path);
  ProcessResult r;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  int status = 0;
  auto pause = std::chrono::microseconds(200);
  const auto start = std::chrono::steady_clock::now();
  for (;;) {
    struct rusage usage {};
    const pid_t w = ::wait4(pid, &status, WNOHANG, &usage);
    if (w == pid) {
      r.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                      static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
      break;
    }
    if (w < 0 && errno != EINTR) throw ToolError(fmt::format("waiting for {}: {}", argv[0], std::strerror(errno)));
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      r.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(10000));
  }
  r.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!r.timed_out && WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (!r.timed_out && WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.out = read_text(out_path);
  r.err = read_text(err_path);
  return r;
}

BackgroundProcess::BackgroundProcess(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag,
                                     const std::string& cwd)
    : out_path_(dir.file(tag + ".out")), err_path_(dir.file(tag + ".err")) {
  pid_ = spawn(argv, out_path_, err_path_, cwd);
}

bool BackgroundProcess::running() {
  if (pid_ < 0) return false;
  int status = 0;
  if (::waitpid(pid_, &status, WNOHANG) == pid_) pid_ = -1;
  return pid_ >= 0;
}

void BackgroundProcess::finish(double timeout_seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  while (running() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  if (pid_ >= 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    pid_ = -1;
  }
}

BackgroundProcess::~BackgroundProcess() { finish(0); }

std::string quote_asm(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

}  // namespace mlisa::verify::subprocess
