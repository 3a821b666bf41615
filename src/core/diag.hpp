// Diagnostics: the exceptions that leave a command with a defined exit code, and
// the two message shapes of the conventions (ARCHITECTURE.md):
//
//   mlisa: error: MSG
//   file:line:col: error: MSG
//   <source line>
//       ^
//
// Exit codes: 1 a check failed, 2 bad input or usage, 3 the simulated program faulted.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlisa {

// "mlisa: error: MSG"
std::string format_error(std::string_view msg);

// A point in a text: 1-based line and column (column counts bytes).
struct SourceLocation {
  std::string file;      // "<stdin>", a path, or empty when unknown
  int line = 0;          // 0 when unknown
  int col = 0;           // 0 when unknown
  std::string text;      // the whole source line, without its newline; may be empty
};

// "file:line:col: error: MSG", then the source line and a caret under col when
// the text is known. Missing parts are left out ("file: error: MSG",
// "file:line: error: MSG"); with no file at all it is "mlisa: error: MSG",
// followed by the text and a caret when both are known (a column in one
// instruction's text, which an assembler places in its file).
// Tabs before col are kept in the caret line so the caret lines up.
std::string format_error(const SourceLocation& loc, std::string_view msg);

// Base of every diagnostic exception. what() is the fully formatted message
// (possibly several lines, no trailing newline); message() is MSG alone.
class Error : public std::runtime_error {
 public:
  Error(int exit_code, std::string message, std::string formatted)
      : std::runtime_error(std::move(formatted)), exit_code_(exit_code), message_(std::move(message)) {}
  int exit_code() const noexcept { return exit_code_; }
  const std::string& message() const noexcept { return message_; }

 private:
  int exit_code_;
  std::string message_;
};

// The command line is wrong. Exit 2.
class UsageError : public Error {
 public:
  explicit UsageError(std::string msg);
};

// The input (a file, stdin, an operand) is wrong. Exit 2. With a location it
// formats as file:line:col with the source line and a caret.
class InputError : public Error {
 public:
  explicit InputError(std::string msg);
  InputError(SourceLocation loc, std::string msg);
  // Several errors of one input at once (an assembler reports every refused
  // line, as llvm-mc and GNU as do): what() holds them all, in the given
  // order; location() and message() are the first's. `errors` is not empty.
  static InputError all(const std::vector<InputError>& errors);
  const SourceLocation& location() const noexcept { return loc_; }
  // How many errors what() holds.
  size_t count() const noexcept { return count_; }

 private:
  InputError(SourceLocation loc, std::string msg, std::string formatted, size_t count)
      : Error(2, std::move(msg), std::move(formatted)), loc_(std::move(loc)), count_(count) {}
  SourceLocation loc_;
  size_t count_ = 1;
};

// A check or comparison failed. Exit 1.
class CheckFailed : public Error {
 public:
  explicit CheckFailed(std::string msg);
};

// The simulated program faulted. Exit 3. fault_name() is the architectural
// name (e.g. "UsageFault", "Alignment fault"), printed as part of the message.
class Fault : public Error {
 public:
  Fault(std::string fault_name, std::string msg);
  const std::string& fault_name() const noexcept { return fault_name_; }

 private:
  std::string fault_name_;
};

}  // namespace mlisa
