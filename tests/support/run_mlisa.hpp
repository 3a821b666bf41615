// Runs the real mlisa binary (MLISA_BINARY) with arguments and stdin, capturing
// stdout, stderr and the exit status.
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

RunResult run_mlisa(const std::vector<std::string>& args, const std::string& stdin_text = "");

}  // namespace mlisa::test
