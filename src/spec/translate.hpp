// The translator from a target's checked specs to C++ (docs/compiled.md): one
// C++ function per pseudocode function, getter and setter with a body, one
// per encoding running its decode then its operation on a word, and the
// tables (CompiledTarget) through which an engine binds them
// (spec/compiled.hpp). mlisa-spec2cpp runs it at build time for every
// embedded target; the output is compiled into the binaries, never
// committed.
#pragma once

#include "spec/specfile.hpp"

#include <map>
#include <string>

namespace mlisa::spec {

struct TranslateResult {
  std::string code;
  // Builtins reached through their BuiltinFn (not a typed call), with the
  // number of call sites each.
  std::map<std::string, int> bridged;
  std::map<std::string, int> typed;
  size_t functions = 0, encodings = 0;
};

// Throws mlisa::InputError (file:line:col, the construct named) for
// pseudocode it cannot compile.
TranslateResult translate(const TargetSpec& spec, const BuiltinTable& builtins);

}  // namespace mlisa::spec
