// The compiled pseudocode against the interpreter (verify/engines.hpp): every
// mve example and test program in lock step, random instruction words from
// random state (mve, sme2) and random tcore programs, with identical
// architectural state, memory writes and faults after every instruction or
// bundle.
#include "asm/word_program.hpp"
#include "spec/coverage.hpp"
#include "targets/mve/machine.hpp"
#include "verify/engines.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

const targets::mve::Target& target() {
  static const targets::mve::Target t = targets::mve::load();
  return t;
}

std::vector<std::string> programs() {
  const std::filesystem::path src = MLISA_SOURCE_DIR;
  std::vector<std::string> out;
  for (const char* e : {"examples/maxpool_fc.s", "examples/maxpool_fc_f32.s"}) out.push_back((src / e).string());
  for (const auto& dir : {src / "tests/targets/data", src / "tests/targets/data/mve_forms"})
    for (const auto& f : std::filesystem::directory_iterator(dir)) {
      const std::string name = f.path().filename().string();
      if (name.rfind("mve_", 0) == 0 || dir.filename() == "mve_forms")
        if (f.path().extension() == ".s" && name.find(".bad.") == std::string::npos) out.push_back(f.path().string());
    }
  return out;
}

TEST(Engines, CompiledIsBoundForTheEmbeddedSpecs) {
  targets::mve::Machine m(*target().isa);
  m.set_engine(spec::EngineKind::Compiled);
  EXPECT_EQ(m.engine_kind(), spec::EngineKind::Compiled);
  m.set_engine(spec::EngineKind::Interpreter);
  EXPECT_EQ(m.engine_kind(), spec::EngineKind::Interpreter);
}

// Compiled code holds the globals of fixed types as machine words while it
// runs and hands them back to whoever reads them next: the machine's
// register reads, the interpreter (pseudocode coverage runs on it), or the
// binding's end when the machine changes engine. Each instruction below
// runs on the state the one before left, whichever engine ran it.
TEST(Engines, TheEnginesHandTheGlobalsOverBetweenInstructions) {
  targets::mve::Machine m(*target().isa);
  m.set_engine(spec::EngineKind::Compiled);
  m.reset(true);
  m.set("r0", spec::Bits(32, 0xfffffffc));  // -4: the fourth ADDS makes 0, with Z and C set
  m.execute("adds r0, #1");
  EXPECT_EQ(m.get("r0").low64(), 0xfffffffdu);
  spec::Coverage coverage;
  m.engine().coverage = &coverage;  // the interpreter runs the next one
  m.execute("adds r0, #1");
  EXPECT_EQ(m.get("r0").low64(), 0xfffffffeu);
  m.engine().coverage = nullptr;
  m.execute("adds r0, #1");
  m.execute("adds r0, #1");  // two in a row on compiled code, nothing read between
  m.set_engine(spec::EngineKind::Interpreter);
  EXPECT_EQ(m.get("r0").low64(), 0u);
  EXPECT_EQ(m.get("apsr").low64() >> 28, 0b0110u);  // Z, and C from the carry out of 0xffffffff + 1
  // Floating-point exceptions reach FPSCR while compiled code holds it:
  // 1.0 + 2^-30 in single precision is inexact (IXC, bit 4).
  m.set_engine(spec::EngineKind::Compiled);
  m.set("s1", spec::Bits(32, 0x3f800000));
  m.set("s2", spec::Bits(32, 0x30800000));
  m.execute("vadd.f32 s0, s1, s2");
  EXPECT_EQ(m.get("s0").low64(), 0x3f800000u);
  EXPECT_EQ(m.get("fpscr").low64() & 0x10u, 0x10u);
}

TEST(Engines, EveryMveProgramRunsTheSameOnBothEngines) {
  for (const std::string& p : programs()) {
    SCOPED_TRACE(p);
    as::ProgramImage image;
    try {
      image = as::load_program(*target().isa, p, targets::mve::Machine::layout());
    } catch (const std::exception& e) {
      continue;  // a file of assembler forms that does not link alone
    }
    uint64_t steps = 0;
    // The int8 and scalar loops run in full on the interpreter in a few seconds; the rest are short.
    const bool forms = p.find("mve_forms") != std::string::npos;
    EXPECT_EQ(verify::engines::compare_program(target(), image, 300'000, &steps, forms), "");
    EXPECT_GT(steps, 0u);
  }
}

TEST(Engines, LoopsEndWithTheValuesWorkedByHand) {
  const std::filesystem::path src = MLISA_SOURCE_DIR;
  for (auto kind : {spec::EngineKind::Compiled, spec::EngineKind::Interpreter}) {
    targets::mve::Machine m(*target().isa);
    m.set_engine(kind);
    m.reset(true);
    m.load(as::load_program(*target().isa, (src / "tests/targets/data/mve_scalar_loop.s").string(),
                                 targets::mve::Machine::layout()));
    ASSERT_TRUE(m.run(1'000'000));
    EXPECT_EQ(m.get("r5").low64(), 60000u);
    EXPECT_EQ(m.get("r3").low64(), 60000u & 0xffu);
    EXPECT_EQ(m.get("r4").low64(), 0u);
  }
}

TEST(Engines, RandomT16WordsRunTheSameOnBothEngines) {
  uint64_t n = 0;
  EXPECT_EQ(verify::engines::compare_random(target(), 1, 3000, false, &n), "");
  EXPECT_GT(n, 2500u);
}

TEST(Engines, RandomT32WordsRunTheSameOnBothEngines) {
  uint64_t n = 0;
  EXPECT_EQ(verify::engines::compare_random(target(), 2, 3000, true, &n), "");
  EXPECT_GT(n, 2500u);
}

const targets::sme2::Target& sme2_target() {
  static const targets::sme2::Target t = targets::sme2::load();
  return t;
}

TEST(Engines, RandomSme2WordsRunTheSameOnBothEngines) {
  for (int svl : {128, 512}) {
    uint64_t n = 0;
    EXPECT_EQ(verify::engines::compare_random_sme2(sme2_target(), 3, 400, svl, &n), "") << "SVL " << svl;
    EXPECT_GT(n, 350u);
  }
}

TEST(Engines, RandomTcoreProgramsRunTheSameOnBothEngines) {
  for (uint64_t seed : {1, 2}) {
    uint64_t bundles = 0;
    EXPECT_EQ(verify::engines::compare_random_tcore(seed, 400, &bundles), "") << "seed " << seed;
    EXPECT_GT(bundles, 400u);
  }
}

}  // namespace
}  // namespace mlisa::test
