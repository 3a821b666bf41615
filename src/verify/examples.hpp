// The examples suites (one per target): each program under examples/ runs on
// our machine and its output is compared with an oracle we did not write,
// one case per program. The oracle is QEMU running the same source built by
// the target's toolchain (--oracle qemu), or QEMU's output recorded under
// tests/vectors/<target>/examples/NAME.txt (--oracle stored; --record DIR
// writes DIR/<target>/examples/NAME.txt from QEMU), or, for a program QEMU
// cannot run, a reference the suite computes on the host.
#pragma once

#include "verify/oracle_suite.hpp"
#include "verify/suite.hpp"

#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace mlisa::verify {

// examples/NAME.s of the source tree (beside tests/, found from
// MLISA_VECTOR_DIR, <source>/tests/vectors).
std::string example_path(const std::string& name);

// Printable, one line: newlines as \n, other control bytes as \xNN.
std::string escape_output(const std::string& s);

class ExamplesSuite : public Suite {
 public:
  std::string name() const override { return "examples"; }
  std::vector<std::string> operations() const override { return programs_; }
  uint64_t default_cases() const override { return 1; }
  bool set_option(const std::string& key, const std::string& value) override;
  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override;

 protected:
  explicit ExamplesSuite(std::vector<std::string> programs) : programs_(std::move(programs)) {}

  // The expected output and its oracle's name, for a program whose reference
  // is computed on the host rather than taken from QEMU.
  struct HostReference {
    std::string text, oracle;
  };
  virtual std::optional<HostReference> host_reference(const std::string&) const { return std::nullopt; }
  virtual bool have_qemu() const = 0;
  // QEMU's output for the source; throws std::runtime_error when QEMU or the toolchain fails.
  virtual std::string run_qemu(const std::string& source) const = 0;
  // Our machine's output, as `mlisa run` prints it; throws mlisa::Fault.
  virtual std::string run_ours(const std::string& source) const = 0;

 private:
  std::string oracle() const;
  std::string vectors_path(const std::string& dir, const std::string& program) const;
  std::string qemu_output(size_t op, const std::string& source) const;

  std::vector<std::string> programs_;
  OracleOptions options_;
  // QEMU runs once per program: every case of it is the same run.
  mutable std::mutex qemu_mutex_;
  mutable std::map<size_t, std::string> qemu_outputs_;
};

}  // namespace mlisa::verify
