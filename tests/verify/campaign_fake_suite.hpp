// A fake suite for the campaign and report tests, with outcomes simple enough
// to count by hand:
//   mod97       fails when i % 97 == 5; class "c" + i % 3; NaN case when i % 10 == 0
//   pass<all>&  always passes, class "all" (its name checks escaping)
//   seeded      fails when (i + seed) % 50 == 0, class "s"
#pragma once

#include "verify/suite.hpp"

#include <atomic>
#include <stdexcept>
#include <string>

namespace mlisa::verify::testing {

class FakeSuite : public Suite {
 public:
  explicit FakeSuite(std::string name = "fake", std::string target = "core") : name_(name), target_(target) {}
  std::string name() const override { return name_; }
  std::string target() const override { return target_; }
  std::string description() const override { return "a fake suite for the campaign tests"; }
  std::vector<std::string> operations() const override { return {"mod97", "pass<all>&", "seeded"}; }
  uint64_t default_cases() const override { return 1000; }

  CaseOutcome run_case(size_t op, uint64_t i, uint64_t seed) const override {
    ++calls;
    last_index = i;
    CaseOutcome o;
    if (op == 0) {
      o.passed = i % 97 != 5;
      o.operand_class = "c" + std::to_string(i % 3);
      o.nan_case = i % 10 == 0;
    } else if (op == 1) {
      o.passed = true;
      o.operand_class = "all";
    } else {
      o.passed = (i + seed) % 50 != 0;
      o.operand_class = "s";
    }
    if (!o.passed) o.detail = "i=" + std::to_string(i) + " seed=" + std::to_string(seed);
    return o;
  }

  mutable std::atomic<uint64_t> calls{0};
  mutable std::atomic<uint64_t> last_index{0};

 private:
  std::string name_, target_;
};

// Throws on case 123 of its only operation.
class ThrowingSuite : public FakeSuite {
 public:
  ThrowingSuite() : FakeSuite("throwing") {}
  std::vector<std::string> operations() const override { return {"boom"}; }
  CaseOutcome run_case(size_t, uint64_t i, uint64_t) const override {
    if (i == 123) throw std::runtime_error("oracle crashed");
    return {true, false, "x", ""};
  }
};

}  // namespace mlisa::verify::testing
