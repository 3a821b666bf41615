// Turns the engine's record of pseudocode run into the counts a campaign
// report carries for an operation.
#pragma once

#include "spec/ast.hpp"
#include "spec/coverage.hpp"
#include "verify/suite.hpp"

#include <vector>

namespace mlisa::verify {

// Coverage of the statements in `blocks` (an instruction's decode and
// operation, or the bodies of the functions an operation exercises), with
// missed lines and arms named "file:line" and "file:line arm N".
CoverageCounts coverage_counts(const spec::Coverage& coverage, const std::vector<const spec::Block*>& blocks,
                               const spec::SourceSet& sources);

}  // namespace mlisa::verify
