// libFuzzer target: arbitrary bytes as a tcore program image through the
// decoder and both exports (mlisa disasm). Bytes are cut to whole 64-byte
// bundles. A word that cannot be exported must be refused with
// mlisa::InputError; an export that does not reassemble (CheckFailed), any
// other exception, a crash, a sanitizer report, a hang or a leak is a finding.
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
  const auto& t = tcore();
  const size_t wb = t.isa->isa.width() / 8;
  const size_t n = std::min<size_t>(size / wb, 8);
  if (n == 0) return 0;
  mlisa::as::ObjSection s;
  s.name = ".text";
  s.code = true;
  s.bytes.assign(data, data + n * wb);
  for (auto mode : {mlisa::as::ExportMode::Canonical, mlisa::as::ExportMode::Exact}) {
    try {
      (void)mlisa::targets::disassemble(*t.isa, {s}, mode, "fuzz.bin");
    } catch (const mlisa::InputError& e) {
      volatile size_t len = std::string(e.what()).size();
      (void)len;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "unexpected exception from the decoder: %s\n", e.what());
      std::abort();
    }
  }
  return 0;
}
