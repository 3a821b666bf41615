// The engines suites (targets mve and sme2): the compiled pseudocode and the
// interpreter side by side (verify/engines.hpp), on random instruction words
// (mve: of each size, and the examples; sme2: of every encoding), with
// identical state required after every instruction.
#include "core/diag.hpp"
#include "targets/mve/machine.hpp"
#include "targets/word_program.hpp"
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
        const auto image = targets::load_program(*target.isa, example_path(name), targets::mve::Machine::layout());
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

// sme2: random words of every encoding at two streaming vector lengths.
class Sme2EnginesSuite final : public Suite {
 public:
  std::string name() const override { return "engines"; }
  std::string target() const override { return "sme2"; }
  std::string description() const override {
    return "the specs compiled to C++ vs the interpreter: random words of every encoding in streaming mode, "
           "identical state after every instruction";
  }
  std::vector<std::string> operations() const override { return {"svl128", "svl512"}; }
  uint64_t default_cases() const override { return 5; }

  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override {
    static thread_local const targets::sme2::Target target = targets::sme2::load();
    CaseOutcome out;
    out.operand_class = operations()[op];
    try {
      out.detail = engines::compare_random_sme2(target, seed * 1000003u + index * 2 + op, kWordsPerCase, op == 0 ? 128 : 512);
      out.passed = out.detail.empty();
    } catch (const std::exception& e) {
      out.detail = e.what();
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Suite> make_engines_suite() { return std::make_unique<EnginesSuite>(); }
std::unique_ptr<Suite> make_sme2_engines_suite() { return std::make_unique<Sme2EnginesSuite>(); }

}  // namespace mlisa::verify
