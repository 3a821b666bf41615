// What the examples suites share: where examples/ is, and outputs printed on
// one line in a report.
#pragma once

#include <string>

namespace mlisa::verify {

// examples/NAME.s of the source tree (beside tests/, found from
// MLISA_VECTOR_DIR, <source>/tests/vectors).
std::string example_path(const std::string& name);

// Printable, one line: newlines as \n, other control bytes as \xNN.
std::string escape_output(const std::string& s);

}  // namespace mlisa::verify
