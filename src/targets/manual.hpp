// The reference manual of a bundle target, generated from its specs
// (docs/tcore.md is this for tcore: `mlisa spec doc --target tcore`).
#pragma once

#include "targets/spec_isa.hpp"

#include <string>

namespace mlisa::targets {

// Markdown: the bundle (width, shared fields, slots, rules), then every
// instruction with each encoding's fields and their bit positions in the
// slot and in the bundle, its syntax and operands, its decode and operation.
std::string bundle_manual(const SpecIsa& isa);

}  // namespace mlisa::targets
