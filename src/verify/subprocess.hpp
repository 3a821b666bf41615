// Running the external tools of the oracles (assemblers, linkers, QEMU):
// lookup on PATH, a private temporary directory, and a child process with a
// timeout whose output goes to files. Shared by qemu_mve and qemu_sme2.
#pragma once

#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlisa::verify::subprocess {

// A failure to run a tool at all (no temporary directory, spawn failed).
class ToolError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The full path of an executable `name` on PATH.
std::optional<std::string> on_path(const std::string& name);

// A private temporary directory (mkdtemp under the system's temporary
// directory, named after `tag`), removed with everything in it.
class TempDir {
 public:
  explicit TempDir(const std::string& tag);
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// The first `limit` bytes of a file ("..." appended when cut).
std::string read_text(const std::string& path, size_t limit = 4000);
std::vector<uint8_t> read_bytes(const std::string& path);
void write_file(const std::string& path, const void* data, size_t size);

struct ProcessResult {
  int exit_code = -1;   // -1 when killed by a signal or timed out
  int signal = 0;       // the signal that ended it, if any
  bool timed_out = false;
  std::string out, err;  // the first few KB of stdout and stderr
  double cpu_seconds = 0;   // the child's user + system CPU time (benchmarks)
  double wall_seconds = 0;
};

// Runs argv (argv[0] a path) with stdin from /dev/null and stdout/stderr to
// files TAG.out/TAG.err in `dir`, killing it (by its pid) after
// `timeout_seconds`.
ProcessResult run_process(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag,
                          double timeout_seconds);

// A child process that runs beside us (QEMU under its GDB server): stdin
// from /dev/null, stdout and stderr to TAG.out/TAG.err in `dir`, working
// directory `cwd` (ours when empty). The destructor kills it (SIGKILL) and
// reaps it.
class BackgroundProcess {
 public:
  BackgroundProcess(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag,
                    const std::string& cwd = "");
  ~BackgroundProcess();
  BackgroundProcess(const BackgroundProcess&) = delete;
  BackgroundProcess& operator=(const BackgroundProcess&) = delete;
  // Whether it still runs (reaps it when it has ended).
  bool running();
  // Waits up to `timeout_seconds` for it to end, then kills it.
  void finish(double timeout_seconds);
  std::string out() const { return read_text(out_path_, 1 << 20); }
  std::string err() const { return read_text(err_path_); }

 private:
  int pid_ = -1;
  std::string out_path_, err_path_;
};

// A string literal for GNU/LLVM assembler directives (.incbin, .asciz).
std::string quote_asm(const std::string& s);

}  // namespace mlisa::verify::subprocess
