// libFuzzer target: arbitrary text through the single-word targets' GNU-as
// front end (mlisa as --target mve|sme2; the first byte picks the target).
// Bad input must surface as mlisa::InputError. What assembles must
// disassemble exactly and reassemble to the same bytes (disassemble_words
// checks it): a CheckFailed, any other exception, a crash, a sanitizer
// report, a hang or a leak is a finding.
#include "asm/word_program.hpp"
#include "core/diag.hpp"
#include "targets/targets.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

const mlisa::as::WordIsa& target(bool a64) {
  static const mlisa::targets::LoadedWordTarget mve = mlisa::targets::load_word_target("mve", std::nullopt);
  static const mlisa::targets::LoadedWordTarget sme2 = mlisa::targets::load_word_target("sme2", std::nullopt);
  return a64 ? *sme2.isa : *mve.isa;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1 || size > 4096) return 0;
  const auto& isa = target(data[0] & 1);
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  mlisa::as::Object obj;
  try {
    obj = mlisa::as::assemble_word_program(isa, text, "fuzz.s");
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
  if (bytes > 8192) return 0;  // .space/.zero make big images from short text; their listing says nothing new
  try {
    (void)mlisa::as::disassemble_words(isa, obj.sections, true, "fuzz.s", obj.symbols);
  } catch (const mlisa::InputError& e) {
    volatile size_t n = std::string(e.what()).size();  // e.g. a section ending inside a 32-bit word
    (void)n;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "assembled, but the exact disassembly failed: %s\n", e.what());
    std::abort();
  }
  return 0;
}
