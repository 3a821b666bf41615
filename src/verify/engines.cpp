#include "verify/engines.hpp"

#include "asm/gas.hpp"
#include "core/diag.hpp"
#include "spec/compiled.hpp"
#include "targets/mve/t32_rules.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"
#include "verify/forms.hpp"
#include "verify/hazards.hpp"
#include "verify/mve_cases.hpp"
#include "verify/prm.hpp"

#include <fmt/format.h>

#include <random>
#include <vector>

namespace mlisa::verify::engines {

namespace {

using spec::Bits;
using spec::Value;

// What one step did: the fault it stopped with, or "".
template <class F>
std::string outcome(F&& f) {
  try {
    f();
  } catch (const Fault& e) {
    return fmt::format("{}: {}", e.fault_name(), e.message());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

std::string memory_diff(const sim::Memory& a, const sim::Memory& b, const std::vector<std::pair<uint64_t, unsigned>>& la,
                        const std::vector<std::pair<uint64_t, unsigned>>& lb) {
  if (la != lb) return fmt::format("the instruction wrote {} stores on the compiled engine, {} on the interpreter", la.size(), lb.size());
  for (const auto& [addr, n] : la) {
    uint64_t x = 0, y = 0;
    a.read(addr, n, x);
    b.read(addr, n, y);
    if (x != y) return fmt::format("memory at 0x{:08x}: 0x{:x} (compiled) vs 0x{:x} (interpreter)", addr, x, y);
  }
  return "";
}

// One word on both machines: the first difference (the fault, then `state`,
// then the memory written), or ""; *fault the compiled engine's fault or "".
template <class M, class State>
std::string run_word(M& a, M& b, const Bits& word, const sim::Memory& ma, const sim::Memory& mb,
                     std::vector<std::pair<uint64_t, unsigned>>& la, std::vector<std::pair<uint64_t, unsigned>>& lb,
                     State&& state, std::string* fault) {
  la.clear();
  lb.clear();
  *fault = outcome([&] { a.execute(word); });
  const std::string fb = outcome([&] { b.execute(word); });
  if (*fault != fb) return fmt::format("fault '{}' (compiled) vs '{}' (interpreter)", *fault, fb);
  if (std::string d = state(); !d.empty()) return d;
  return memory_diff(ma, mb, la, lb);
}

}  // namespace

std::string compare_globals(spec::Engine& compiled, spec::Engine& interp) {
  return compare_globals(compiled.module(), compiled.globals(), interp.globals());
}

std::string compare_globals(const spec::Module& module, const std::vector<Value>& ga, const std::vector<Value>& gb) {
  for (const spec::GlobalDecl& g : module.globals) {
    if (g.slot < 0) continue;
    const Value& x = ga[static_cast<size_t>(g.slot)];
    const Value& y = gb[static_cast<size_t>(g.slot)];
    bool same = false;
    try {
      same = x.kind() == y.kind() && spec::values_equal(x, y);
    } catch (const std::exception&) {
      same = false;
    }
    if (!same) return fmt::format("{}: {} (compiled) vs {} (interpreter)", g.name, x.describe(), y.describe());
  }
  return "";
}

std::string compare_state(targets::mve::Machine& compiled, targets::mve::Machine& interp) {
  if (std::string d = compare_globals(compiled.engine(), interp.engine()); !d.empty()) return d;
  if (compiled.host().output != interp.host().output) return "semihosting output differs";
  if (compiled.exit_status() != interp.exit_status()) return "exit status differs";
  return "";
}

std::string compare_program(const targets::mve::Target& target, const as::ProgramImage& image,
                            uint64_t max_steps, uint64_t* steps, bool linear) {
  targets::mve::Machine a(*target.isa), b(*target.isa);
  a.set_engine(spec::EngineKind::Compiled);
  b.set_engine(spec::EngineKind::Interpreter);
  if (a.engine_kind() != spec::EngineKind::Compiled) return "no compiled engine for these specs";
  for (auto* m : {&a, &b}) {
    m->reset(true);
    m->load(image);
  }
  std::vector<std::pair<uint64_t, unsigned>> la, lb;
  a.memory().set_write_log(&la);
  b.memory().set_write_log(&lb);
  // Linear: every instruction of the code segments once, in address order.
  std::vector<std::pair<uint64_t, uint64_t>> code;
  for (const auto& seg : image.segments)
    if (seg.code && !seg.bytes.empty()) code.emplace_back(seg.address, seg.address + seg.bytes.size());
  size_t seg = 0;
  uint64_t addr = code.empty() ? 0 : code[0].first;
  uint64_t n = 0;
  for (; n < max_steps; ++n) {
    la.clear();
    lb.clear();
    if (linear) {
      while (seg < code.size() && addr >= code[seg].second) {
        if (++seg < code.size()) addr = code[seg].first;
      }
      if (seg >= code.size()) break;
      for (auto* m : {&a, &b}) m->set("pc", Bits(32, addr));
      uint64_t hw = 0;
      a.memory().read(addr, 2, hw);
      addr += targets::mve::t32_wide(hw) ? 4 : 2;
    }
    const uint32_t pc = static_cast<uint32_t>(a.get("pc").low64());
    const std::string fa = outcome([&] { a.step(); });
    const std::string fb = outcome([&] { b.step(); });
    std::string d;
    if (fa != fb) d = fmt::format("fault '{}' (compiled) vs '{}' (interpreter)", fa, fb);
    if (d.empty()) d = compare_state(a, b);
    if (d.empty()) d = memory_diff(a.memory(), b.memory(), la, lb);
    if (!d.empty()) {
      if (steps) *steps = n + 1;
      return fmt::format("instruction {} at 0x{:08x}: {}", n + 1, pc, d);
    }
    if (a.exit_status() || (!fa.empty() && !linear)) {
      ++n;
      break;
    }
  }
  if (steps) *steps = n;
  return "";
}

std::string compare_random(const targets::mve::Target& target, uint64_t seed, int count, bool t32, uint64_t* executed) {
  std::mt19937_64 rng(seed);
  targets::mve::Machine a(*target.isa), b(*target.isa);
  a.set_engine(spec::EngineKind::Compiled);
  b.set_engine(spec::EngineKind::Interpreter);
  if (a.engine_kind() != spec::EngineKind::Compiled) return "no compiled engine for these specs";
  std::vector<std::pair<uint64_t, unsigned>> la, lb;
  uint64_t done = 0;
  auto randomize = [&] {
    for (auto* m : {&a, &b}) m->reset(true);
    a.memory().set_write_log(&la);
    b.memory().set_write_log(&lb);
    std::vector<std::pair<std::string, Bits>> regs;
    for (int r = 0; r <= 12; ++r) {
      uint32_t v = static_cast<uint32_t>(rng());
      if (rng() & 1) v = targets::mve::Machine::kDtcmBase + 0x1000 + (v & 0x3fffc);
      regs.emplace_back(fmt::format("r{}", r), Bits(32, v));
    }
    regs.emplace_back("sp", Bits(32, targets::mve::Machine::kDtcmBase + 0x40000));
    regs.emplace_back("lr", Bits(32, static_cast<uint32_t>(rng()) | 1u));
    regs.emplace_back("pc", Bits(32, 0x1000 + (static_cast<uint32_t>(rng()) & 0xffe)));
    for (int q = 0; q < 8; ++q) {
      Bits v = Bits::zeros(128);
      v.set_word(0, rng());
      v.set_word(1, rng());
      regs.emplace_back(fmt::format("q{}", q), v);
    }
    regs.emplace_back("apsr", Bits(32, static_cast<uint32_t>(rng()) & 0xf80f0000u));
    for (auto* m : {&a, &b})
      for (const auto& [n, v] : regs) m->set(n, v);
  };
  randomize();
  for (int i = 0; i < count; ++i) {
    Bits word;
    const spec::Encoding* enc = nullptr;
    const spec::InstructionSpec* inst = nullptr;
    for (int tries = 0; tries < 1000 && !enc; ++tries) {
      if (t32) {
        uint32_t w = static_cast<uint32_t>(rng());
        const uint32_t top = (w >> 27) & 0x1f;
        if (top != 0b11101 && top != 0b11110 && top != 0b11111) w = (w & 0x07ffffffu) | (0b11101u + (rng() % 3)) << 27;
        word = Bits(32, w);
      } else {
        uint32_t w = static_cast<uint32_t>(rng()) & 0xffff;
        const uint32_t top = w >> 11;
        if (top == 0b11101 || top == 0b11110 || top == 0b11111) continue;
        word = Bits(16, w);
      }
      enc = target.isa->decode(word, &inst);
    }
    if (!enc) continue;
    std::string fa;
    const std::string d = run_word(a, b, word, a.memory(), b.memory(), la, lb, [&] { return compare_state(a, b); }, &fa);
    ++done;
    if (!d.empty()) {
      if (executed) *executed = done;
      return fmt::format("word 0x{:0{}x} ({} {}): {}", word.low64(), word.width() / 4, inst ? inst->name : "?", enc->name, d);
    }
    // A fault or an exit leaves the state as it is; start again from new
    // random state every 16 instructions.
    if (!fa.empty() || a.exit_status() || i % 16 == 15) randomize();
  }
  if (executed) *executed = done;
  return "";
}

std::string compare_random_sme2(const targets::sme2::Target& target, uint64_t seed, int count, int svl, uint64_t* executed) {
  constexpr uint64_t kData = 0x10000, kDataSize = 0x10000;
  mve::Rng rng{mve::mix(seed ^ 0x736d6532656e67ull)};
  targets::sme2::Machine a(*target.isa, svl), b(*target.isa, svl);
  a.set_engine(spec::EngineKind::Compiled);
  b.set_engine(spec::EngineKind::Interpreter);
  if (a.engine_kind() != spec::EngineKind::Compiled) return "no compiled engine for these specs";
  for (auto* m : {&a, &b}) m->memory.map("data", kData, kDataSize);
  std::vector<std::pair<uint64_t, unsigned>> la, lb;
  a.memory.set_write_log(&la);
  b.memory.set_write_log(&lb);
  std::vector<const spec::Encoding*> encodings;
  for (const auto& inst : target.spec->instructions())
    for (const auto& enc : inst.encodings) encodings.push_back(&enc);
  auto random_bits = [&](uint32_t width) {
    Bits v = Bits::zeros(width);
    for (uint32_t w = 0; w * 64 < width; ++w) v.set_word(w, rng.next());
    return v;
  };
  auto randomize = [&] {
    std::vector<std::pair<std::string, Bits>> regs;
    for (int r = 0; r <= 30; ++r)
      regs.emplace_back(fmt::format("x{}", r), Bits(64, rng.chance(2) ? kData + (rng.below(kDataSize / 2) & ~uint64_t{15}) : rng.next()));
    regs.emplace_back("sp", Bits(64, kData + kDataSize / 2));
    regs.emplace_back("pc", Bits(64, 0x400000));
    regs.emplace_back("nzcv", Bits(64, rng.next() & 0xf0000000u));
    for (int z = 0; z < 32; ++z) regs.emplace_back(fmt::format("z{}", z), random_bits(static_cast<uint32_t>(svl)));
    for (int p = 0; p < 16; ++p) regs.emplace_back(fmt::format("p{}", p), random_bits(static_cast<uint32_t>(svl / 8)));
    for (int v = 0; v < svl / 8; ++v) regs.emplace_back(fmt::format("za[{}]", v), random_bits(static_cast<uint32_t>(svl)));
    for (auto* m : {&a, &b}) {
      m->reset();
      m->start_streaming();
      for (const auto& [n, v] : regs) m->set(n, v);
    }
  };
  randomize();
  uint64_t done = 0;
  for (int i = 0; i < count; ++i) {
    const spec::Encoding* enc = nullptr;
    const spec::InstructionSpec* inst = nullptr;
    Bits word;
    for (int tries = 0; tries < 100 && !enc; ++tries) {
      const spec::Encoding* want = encodings[rng.below(encodings.size())];
      word = Bits(want->width, forms::draw_word(*want, rng));
      if (target.isa->decode(word, &inst) == want) enc = want;
    }
    if (!enc) continue;
    std::string fa;
    const std::string d =
        run_word(a, b, word, a.memory, b.memory, la, lb, [&] { return compare_globals(a.engine(), b.engine()); }, &fa);
    ++done;
    if (!d.empty()) {
      if (executed) *executed = done;
      return fmt::format("word 0x{:08x} ({} {}) at SVL {}: {}", word.low64(), inst ? inst->name : "?", enc->name, svl, d);
    }
    if (!fa.empty() || i % 16 == 15) randomize();
  }
  if (executed) *executed = done;
  return "";
}

std::string compare_program_tcore(const as::SpecIsa& isa, const targets::tcore::Image& image, size_t memory_bytes,
                                  uint64_t max_bundles, uint64_t* bundles) {
  namespace tc = targets::tcore;
  auto a = tc::make_machine(isa, image, memory_bytes, {});
  auto b = tc::make_machine(isa, image, memory_bytes, {});
  a->set_engine(spec::EngineKind::Compiled);
  b->set_engine(spec::EngineKind::Interpreter);
  if (a->engine_kind() != spec::EngineKind::Compiled) return "no compiled engine for these specs";
  const uint32_t bundle_bytes = isa.isa.width() / 8;
  uint64_t n = 0;
  auto done = [&](std::string d) {
    if (bundles) *bundles = n;
    return d;
  };
  while (n < max_bundles && !a->halted()) {
    const uint32_t pc = a->pc;
    if (pc % bundle_bytes || pc / bundle_bytes >= image.code.size()) break;
    const as::Word& word = image.code[pc / bundle_bytes];
    const std::string fa = outcome([&] { a->step(word); });
    const std::string fb = outcome([&] { b->step(word); });
    ++n;
    const std::string where = fmt::format("bundle {} (pc 0x{:x})", n, pc);
    if (fa != fb) return done(fmt::format("{}: fault '{}' (compiled) vs '{}' (interpreter)", where, fa, fb));
    if (!fa.empty()) break;
    if (a->pc != b->pc) return done(fmt::format("{}: next pc 0x{:x} (compiled) vs 0x{:x} (interpreter)", where, a->pc, b->pc));
    if (std::string d = compare_globals(isa.spec->module(), a->globals(), b->globals()); !d.empty())
      return done(where + ": " + d);
    if (a->memory != b->memory) return done(where + ": the memory differs");
  }
  if (a->halted() != b->halted()) return done("one engine halted, the other did not");
  return done("");
}

std::string compare_random_tcore(uint64_t seed, size_t instructions, uint64_t* bundles) {
  const targets::LoadedTarget t = targets::load_bundle_target("tcore");
  const as::SpecIsa& isa = *t.isa;
  const prm::Matrix m = prm::build(*t.spec);
  const hazards::Plan plan = hazards::plan(m, isa, 0, 4);
  const std::string text = hazards::random_program(m, isa, plan, instructions, seed);
  const auto obj = as::assemble_gas(isa.isa, targets::gas_target(isa), text, "<engines>");
  const targets::tcore::Image image = targets::tcore::load_image(isa, obj.sections, "<engines>");
  return compare_program_tcore(isa, image, 1 << 20, uint64_t{1} << 20, bundles);
}

}  // namespace mlisa::verify::engines
