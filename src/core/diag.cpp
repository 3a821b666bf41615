#include "core/diag.hpp"

#include <fmt/format.h>

namespace mlisa {

std::string format_error(std::string_view msg) { return fmt::format("mlisa: error: {}", msg); }

std::string format_error(const SourceLocation& loc, std::string_view msg) {
  const bool text_only = loc.file.empty() && loc.line <= 0;  // a column in a text of no file (one instruction)
  if (text_only && (loc.col <= 0 || loc.text.empty())) return format_error(msg);
  std::string out = text_only ? std::string("mlisa") : loc.file.empty() ? std::string("<input>") : loc.file;
  if (loc.line > 0) {
    out += fmt::format(":{}", loc.line);
    if (loc.col > 0) out += fmt::format(":{}", loc.col);
  }
  out += ": error: ";
  out += msg;
  if ((loc.line > 0 || text_only) && !loc.text.empty()) {
    out += '\n';
    out += loc.text;
    if (loc.col > 0) {
      out += '\n';
      // Keep tabs so the caret lines up under a tab-indented line.
      size_t n = static_cast<size_t>(loc.col - 1);
      for (size_t i = 0; i < n; ++i) out += (i < loc.text.size() && loc.text[i] == '\t') ? '\t' : ' ';
      out += '^';
    }
  }
  return out;
}

UsageError::UsageError(std::string msg) : Error(2, msg, format_error(msg)) {}

InputError::InputError(std::string msg) : Error(2, msg, format_error(msg)) {}

InputError::InputError(SourceLocation loc, std::string msg)
    : Error(2, msg, format_error(loc, msg)), loc_(std::move(loc)) {}

InputError InputError::all(const std::vector<InputError>& errors) {
  std::string text;
  size_t count = 0;
  for (const InputError& e : errors) {
    if (!text.empty()) text += '\n';
    text += e.what();
    count += e.count();
  }
  const InputError& first = errors.at(0);
  return InputError(first.location(), first.message(), std::move(text), count);
}

CheckFailed::CheckFailed(std::string msg) : Error(1, msg, format_error(msg)) {}

Fault::Fault(std::string fault_name, std::string msg)
    : Error(3, msg, format_error(msg.empty() ? fault_name : fmt::format("{}: {}", fault_name, msg))),
      fault_name_(std::move(fault_name)) {}

}  // namespace mlisa
