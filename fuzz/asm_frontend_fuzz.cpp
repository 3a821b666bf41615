// libFuzzer target: arbitrary text through tcore's GNU-as front end and the
// bundle solver (mlisa as). Bad input must surface as mlisa::InputError.
// What assembles must export exactly and reassemble to the same bytes
// (targets::disassemble checks it): a CheckFailed, any other exception, a
// crash, a sanitizer report, a hang or a leak is a finding.
#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

const mlisa::targets::LoadedTarget& tcore() {
  static const mlisa::targets::LoadedTarget t = mlisa::targets::load_bundle_target("tcore");
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size > 4096) return 0;  // a few dozen bundles say everything a longer input would
  const auto& t = tcore();
  const std::string text(reinterpret_cast<const char*>(data), size);
  mlisa::as::Object obj;
  try {
    obj = mlisa::as::assemble_gas(t.isa->isa, mlisa::targets::gas_target(*t.isa), text, "fuzz.s");
  } catch (const mlisa::InputError& e) {
    volatile size_t n = std::string(e.what()).size();
    (void)n;
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception from the assembler: %s\n", e.what());
    std::abort();
  }
  size_t bytes = 0;
  for (const auto& s : obj.sections) bytes += s.bytes.size();
  if (bytes > 65536) return 0;  // .space/.comm make big sections from short text; their listing says nothing new
  try {
    (void)mlisa::targets::disassemble(*t.isa, obj.sections, mlisa::as::ExportMode::Exact, "fuzz.s");
  } catch (const mlisa::InputError& e) {
    // A refusal (e.g. a predicate NEVER written as text); never a mismatch.
    volatile size_t n = std::string(e.what()).size();
    (void)n;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "assembled, but the exact export failed: %s\n", e.what());
    std::abort();
  }
  return 0;
}
