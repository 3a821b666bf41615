// libFuzzer target: arbitrary bytes through every entry point of the
// pseudocode parser, and through the spec-file loader as each kind of file
// (an instruction file, a bundle file, a registers file). A syntax error must surface as mlisa::InputError; any
// other exception, a crash, a sanitizer report, a hang or a leak is a finding.
#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "spec/parser.hpp"
#include "spec/specfile.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>

namespace {

template <typename F>
void run(const std::string& text, F parse) {
  mlisa::spec::Module module;
  mlisa::spec::SourceSet sources;
  uint32_t file = sources.add("fuzz.asl", text);
  try {
    parse(module, sources, file);
  } catch (const mlisa::InputError& e) {
    // The formatted message must be computable for any input.
    volatile size_t n = std::string(e.what()).size();
    (void)n;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception: %s\n", e.what());
    std::abort();
  } catch (...) {
    std::fprintf(stderr, "unexpected non-standard exception\n");
    std::abort();
  }
}

void load_as(const std::string& text, const char* path) {
  try {
    mlisa::spec::TargetSpec::load("fuzz", {{path, text}}, mlisa::spec::language_builtins());
  } catch (const mlisa::InputError& e) {
    volatile size_t n = std::string(e.what()).size();
    (void)n;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "unexpected exception from the loader (%s): %s\n", path, e.what());
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace mlisa::spec;
  const std::string text(reinterpret_cast<const char*>(data), size);
  run(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_declarations(m, s, f); });
  run(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_eval(m, s, f); });
  run(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_expression(m, s, f); });
  run(text, [](Module& m, const SourceSet& s, uint32_t f) { parse_block(m, s, f, 2, 6); });
  for (const char* path : {"x.isa", "bundle.isa", "registers.isa"}) load_as(text, path);
  return 0;
}
