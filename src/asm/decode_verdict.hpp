// The decode pseudocode's verdict on an encoded instruction: what both
// assembler engines ask of a candidate before it stands (docs/assembler.md).
// A word (T32, A64) whose decode ends in UNDEFINED, UNPREDICTABLE,
// CONSTRAINED UNPREDICTABLE or SEE is not assembled, nor is a bundle slot's.
#pragma once

#include "spec/engine.hpp"
#include "spec/specfile.hpp"

#include <string>
#include <vector>

namespace mlisa::as {

struct DecodeVerdict {
  std::string what;  // "" when the decode runs to its end; else UNDEFINED, UNPREDICTABLE, SEE X, ...
  std::string rule;  // the pseudocode line that ended it ("if n == 15 then UNPREDICTABLE")
  bool refused() const { return !what.empty(); }
};

// Runs `enc`'s decode block over `frame` (TargetSpec::frame_for) on `engine`.
DecodeVerdict run_decode(spec::Engine& engine, const spec::TargetSpec& ts, const spec::Encoding& enc,
                         std::vector<spec::Value>& frame);

}  // namespace mlisa::as
