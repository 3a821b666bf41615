// The engines suites (targets mve, sme2 and tcore): the compiled pseudocode
// and the interpreter side by side (verify/engines.hpp), on random
// instruction words (mve: of each size, and the examples; sme2: of every
// encoding) and random tcore programs, with identical state required after
// every instruction or bundle.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/mve/machine.hpp"
#include "verify/engines.hpp"
#include "verify/examples.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <fstream>
#include <sstream>

namespace mlisa::verify {
namespace {

const char* const kExamples[] = {"maxpool_fc", "maxpool_fc_f32"};
constexpr int kWordsPerCase = 200;

class EnginesSuite final : public Suite {
 public:
  std::string name() const override { return "engines"; }
  std::string target() const override { return "mve"; }
  std::string description() const override {
    return "the specs compiled to C++ vs the interpreter: random T16 and T32 words and the examples, "
           "identical state after every instruction";
  }
  std::vector<std::string> operations() const override { return {"t16", "t32", "examples"}; }
  uint64_t default_cases() const override { return 20; }
  uint64_t default_cases_of(size_t op) const override { return op == 2 ? std::size(kExamples) : default_cases(); }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    // The assembler and decoder run pseudocode in an engine of their own,
    // which threads must not share.
    static thread_local const targets::mve::Target target = targets::mve::load();
    CaseOutcome out;
    out.operand_class = operations()[op];
    try {
      std::string d;
      if (op < 2) {
        d = engines::compare_random(target, seed * 1000003u + index * 2 + op, kWordsPerCase, op == 1);
      } else {
        const std::string name = kExamples[index % std::size(kExamples)];
        std::ifstream in(example_path(name));
        if (!in) throw InputError(fmt::format("cannot read {}", example_path(name)));
        const auto image = as::load_program(*target.isa, example_path(name), targets::mve::Machine::layout());
        d = engines::compare_program(target, image, 10'000'000);
        if (!d.empty()) d = name + ": " + d;
      }
      out.passed = d.empty();
      out.detail = d;
    } catch (const std::exception& e) {
      out.detail = e.what();
    }
    return out;
  }
};

// A target whose cases are random runs, one function of the operation and a
// seed (sme2, tcore).
class RandomEnginesSuite final : public Suite {
 public:
  using Compare = std::string (*)(size_t op, uint64_t seed);
  RandomEnginesSuite(std::string target, std::string description, std::vector<std::string> operations,
                     uint64_t default_cases, Compare compare)
      : target_(std::move(target)), description_(std::move(description)), operations_(std::move(operations)),
        default_cases_(default_cases), compare_(compare) {}
  std::string name() const override { return "engines"; }
  std::string target() const override { return target_; }
  std::string description() const override { return description_; }
  std::vector<std::string> operations() const override { return operations_; }
  uint64_t default_cases() const override { return default_cases_; }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    CaseOutcome out;
    out.operand_class = operations_[op];
    try {
      out.detail = compare_(op, seed * 1000003u + index * 2 + op);
      out.passed = out.detail.empty();
    } catch (const std::exception& e) {
      out.detail = e.what();
    }
    return out;
  }

 private:
  std::string target_, description_;
  std::vector<std::string> operations_;
  uint64_t default_cases_;
  Compare compare_;
};

// sme2: random words of every encoding at two streaming vector lengths.
std::string compare_sme2(size_t op, uint64_t seed) {
  static thread_local const targets::sme2::Target target = targets::sme2::load();
  return engines::compare_random_sme2(target, seed, kWordsPerCase, op == 0 ? 128 : 512);
}

// tcore: random programs of every instruction form, bundle by bundle.
std::string compare_tcore(size_t, uint64_t seed) { return engines::compare_random_tcore(seed, 2 * kWordsPerCase); }

}  // namespace

std::unique_ptr<Suite> make_engines_suite() { return std::make_unique<EnginesSuite>(); }
std::unique_ptr<Suite> make_sme2_engines_suite() {
  return std::make_unique<RandomEnginesSuite>(
      "sme2",
      "the specs compiled to C++ vs the interpreter: random words of every encoding in streaming mode, identical "
      "state after every instruction",
      std::vector<std::string>{"svl128", "svl512"}, 5, compare_sme2);
}
std::unique_ptr<Suite> make_tcore_engines_suite() {
  return std::make_unique<RandomEnginesSuite>(
      "tcore",
      "the specs compiled to C++ vs the interpreter: random programs of every instruction form, identical state "
      "and memory after every bundle",
      std::vector<std::string>{"random"}, 5, compare_tcore);
}

}  // namespace mlisa::verify
