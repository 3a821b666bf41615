// Runs the real mlisa binary (MLISA_BINARY) with arguments and stdin, capturing
// stdout, stderr and the exit status. Shared by every test folder.
#pragma once

#include <string>
#include <vector>

namespace mlisa::test {

struct RunResult {
  int exit_code = -1;  // -1 when killed by a signal
  int signal = 0;
  std::string out;
  std::string err;
  // Lines of err (without newlines).
  std::vector<std::string> err_lines() const;
};

// `cwd`: the directory the binary runs in (default: the test's own).
RunResult run_mlisa(const std::vector<std::string>& args, const std::string& stdin_text = "",
                    const std::string& cwd = "");

}  // namespace mlisa::test
