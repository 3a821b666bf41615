// libFuzzer target: arbitrary bytes as a T32 (mve) or A64 (sme2) code image
// through the decoder and both listings (mlisa disasm; the first byte picks
// the target). A listing must reassemble (exact: to the same bytes); a
// CheckFailed, any other exception, a crash, a sanitizer report, a hang or a
// leak is a finding. An image that ends inside a word is refused with
// mlisa::InputError.
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
  if (size < 1 || size > 257) return 0;
  const auto& isa = target(data[0] & 1);
  mlisa::as::ObjSection s;
  s.name = ".text";
  s.code = true;
  s.bytes.assign(data + 1, data + size);
  for (bool exact : {false, true}) {
    try {
      (void)mlisa::as::disassemble_words(isa, {s}, exact, "fuzz.bin");
    } catch (const mlisa::InputError& e) {
      volatile size_t len = std::string(e.what()).size();
      (void)len;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "unexpected exception from the decoder (%s): %s\n", exact ? "exact" : "canonical", e.what());
      std::abort();
    }
  }
  return 0;
}
