#include "verify/examples.hpp"

#include "core/diag.hpp"
#include "verify/campaign.hpp"
#include "verify/subprocess.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#ifndef MLISA_VECTOR_DIR
#define MLISA_VECTOR_DIR "tests/vectors"
#endif

namespace mlisa::verify {

std::string example_path(const std::string& name) {
  return (std::filesystem::path(MLISA_VECTOR_DIR).parent_path().parent_path() / "examples" / (name + ".s")).string();
}

std::string escape_output(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '\n') out += "\\n";
    else if (c < 0x20 || c >= 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

bool ExamplesSuite::set_option(const std::string& key, const std::string& value) {
  return options_.set(key, value);
}

std::string ExamplesSuite::oracle() const {
  return options_.resolve([this] { return have_qemu(); });
}

std::string ExamplesSuite::vectors_path(const std::string& dir, const std::string& program) const {
  return (std::filesystem::path(dir) / target() / "examples" / (program + ".txt")).string();
}

std::string ExamplesSuite::qemu_output(size_t op, const std::string& source) const {
  std::lock_guard<std::mutex> lock(qemu_mutex_);
  auto it = qemu_outputs_.find(op);
  if (it == qemu_outputs_.end()) it = qemu_outputs_.emplace(op, run_qemu(source)).first;
  return it->second;
}

CaseOutcome ExamplesSuite::run_case(size_t op, uint64_t, uint64_t) const {
  if (op >= programs_.size()) throw std::out_of_range("no such operation");
  const std::string& program = programs_[op];
  const std::string source = example_path(program);
  CaseOutcome o;
  o.operand_class = "program";
  std::string expected, who;
  if (auto host = host_reference(program)) {
    expected = std::move(host->text);
    who = std::move(host->oracle);
  } else if (oracle() == "qemu") {
    expected = qemu_output(op, source);
    who = "QEMU";
    if (!options_.record_dir().empty()) {
      const std::string path = vectors_path(options_.record_dir(), program);
      std::filesystem::create_directories(std::filesystem::path(path).parent_path());
      std::ofstream(path, std::ios::binary) << expected;
    }
  } else {
    const std::string path = vectors_path(options_.vectors_dir(), program);
    if (!std::filesystem::exists(path))
      throw std::runtime_error(fmt::format(
          "{}: no recorded output; run with QEMU (--oracle qemu) or record it (mlisa verify --target {} --suite "
          "examples --record DIR)",
          path, target()));
    expected = subprocess::read_text(path, 1 << 20);
    who = "QEMU (stored)";
  }
  std::string ours;
  try {
    ours = run_ours(source);
  } catch (const Fault& f) {
    o.detail = fmt::format("{}: our run faulted: {}; expected '{}'", program, f.what(), escape_output(expected));
    return o;
  }
  o.passed = ours == expected;
  o.detail = o.passed ? fmt::format("{}: {} bytes of output, as {}", program, ours.size(), who)
                      : fmt::format("{}: ours '{}', {} '{}'; ours: mlisa run --target {} {}", program,
                                    escape_output(ours), who, escape_output(expected), target(), source);
  return o;
}

}  // namespace mlisa::verify
