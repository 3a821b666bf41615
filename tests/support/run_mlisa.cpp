#include "run_mlisa.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <stdexcept>

extern char** environ;

namespace mlisa::test {

namespace {

// A temporary file, removed on destruction.
struct TempFile {
  std::string path;
  int fd = -1;
  TempFile() {
    const char* dir = std::getenv("TMPDIR");
    path = std::string(dir && *dir ? dir : "/tmp") + "/mlisa_test_XXXXXX";
    fd = ::mkstemp(path.data());
    if (fd < 0) throw std::runtime_error("mkstemp failed");
  }
  ~TempFile() {
    if (fd >= 0) ::close(fd);
    ::unlink(path.c_str());
  }
  std::string read_all() const {
    std::string s;
    ::lseek(fd, 0, SEEK_SET);
    char buf[4096];
    ssize_t n;
    while ((n = ::read(fd, buf, sizeof buf)) > 0) s.append(buf, static_cast<size_t>(n));
    return s;
  }
};

}  // namespace

std::vector<std::string> RunResult::err_lines() const {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < err.size()) {
    size_t nl = err.find('\n', start);
    if (nl == std::string::npos) nl = err.size();
    lines.push_back(err.substr(start, nl - start));
    start = nl + 1;
  }
  return lines;
}

RunResult run_mlisa(const std::vector<std::string>& args, const std::string& stdin_text, const std::string& cwd) {
  TempFile in, out, err;
  if (!stdin_text.empty() &&
      ::write(in.fd, stdin_text.data(), stdin_text.size()) != static_cast<ssize_t>(stdin_text.size()))
    throw std::runtime_error("write failed");

  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_addopen(&fa, 0, in.path.c_str(), O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&fa, out.fd, 1);
  posix_spawn_file_actions_adddup2(&fa, err.fd, 2);
  if (!cwd.empty()) posix_spawn_file_actions_addchdir_np(&fa, cwd.c_str());

  std::vector<std::string> argv_s;
  argv_s.push_back(MLISA_BINARY);
  argv_s.insert(argv_s.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_s) argv.push_back(a.data());
  argv.push_back(nullptr);

  pid_t pid;
  int rc = posix_spawn(&pid, MLISA_BINARY, &fa, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&fa);
  if (rc != 0) throw std::runtime_error("posix_spawn failed for " MLISA_BINARY);
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
  }
  RunResult r;
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) r.signal = WTERMSIG(status);
  r.out = out.read_all();
  r.err = err.read_all();
  return r;
}

}  // namespace mlisa::test
