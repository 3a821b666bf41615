#include "asm/decode_verdict.hpp"

#include <fmt/format.h>

namespace mlisa::as {

DecodeVerdict run_decode(spec::Engine& engine, const spec::TargetSpec& ts, const spec::Encoding& enc,
                         std::vector<spec::Value>& frame) {
  DecodeVerdict v;
  try {
    engine.run({&enc.decode}, frame);
  } catch (const spec::EndOfInstruction& e) {
    using K = spec::EndOfInstruction::Kind;
    if (e.loc.line > 0) {
      const std::string line = ts.sources().line_text(e.loc);
      const size_t a = line.find_first_not_of(" \t"), b = line.find_last_not_of(" \t;");
      v.rule = a == std::string::npos ? "" : line.substr(a, b + 1 - a);
    }
    switch (e.kind) {
      case K::Undefined: v.what = "UNDEFINED"; break;
      case K::Unpredictable: v.what = "UNPREDICTABLE"; break;
      case K::ConstrainedUnpredictable: v.what = "CONSTRAINED UNPREDICTABLE"; break;
      case K::See: v.what = fmt::format("SEE {}", e.detail); break;
      case K::Nop: v.rule.clear(); break;
      case K::Exception: v.what = e.detail.empty() ? "an exception" : e.detail; break;
    }
  } catch (const spec::ExecutionError& e) {
    v.what = e.format(ts.sources());
  }
  return v;
}

}  // namespace mlisa::as
