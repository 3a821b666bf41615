// The fp suite: the Arm floating-point library (src/core/fp.hpp) against the
// MPFR reference (src/verify/fp_reference.hpp), bit for bit with flags.
//
// Operations: OP.FORMAT for the data-processing operations and cvt.FROM.TO for
// the conversions (fp_cases.hpp lists them). Case i of an operation is a pure
// function of (operation, i, seed).
#include "verify/fp_cases.hpp"
#include "verify/suite.hpp"

namespace mlisa::verify {
namespace {

class FpSuite final : public Suite {
 public:
  std::string name() const override { return "fp"; }
  std::string target() const override { return "core"; }
  std::string description() const override {
    return "Arm FP library vs the MPFR reference: every operation and conversion, bits and flags";
  }
  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const auto& op : fpcases::fp_operations()) names.push_back(op.name);
    return names;
  }
  // Measured on the 2-core development machine with --jobs 2: 400M cases in
  // 75 s idle (0.36 us of CPU per case), 300M in 178 s at load average 5. The
  // default, 2.5M cases per operation (250M cases), is about 45 s idle and
  // about 2.5 minutes on a busy shared machine.
  uint64_t default_cases() const override { return kDefaultCases; }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    const auto& ops = fpcases::fp_operations();
    if (op >= ops.size()) {
      CaseOutcome out;
      out.detail = "no such operation";
      return out;
    }
    const fpcases::FpCase c = fpcases::generate_case(ops[op], index, seed);
    return fpcases::check_case(ops[op], c);
  }

 private:
  static constexpr uint64_t kDefaultCases = 2500000;
};

}  // namespace

std::unique_ptr<Suite> make_fp_suite() { return std::make_unique<FpSuite>(); }

}  // namespace mlisa::verify
