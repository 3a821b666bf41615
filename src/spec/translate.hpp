// The translator from a target's checked specs to C++ (docs/compiled.md): one
// C++ function per pseudocode function, getter and setter with a body, an
// encoding's decode (the word to its decode-time values) and its operation
// (those values to the effects) apart, and the
// tables (CompiledTarget) through which an engine binds them
// (spec/compiled.hpp). mlisa-spec2cpp runs it at build time for every
// embedded target; the output is compiled into the binaries, never
// committed. The output comes in parts (translation units) that the build
// compiles in parallel: the encodings are shared out among them, every part
// has its own (static) copy of the functions it calls, and part 0 has the
// tables.
#pragma once

#include "spec/specfile.hpp"

#include <map>
#include <string>
#include <vector>

namespace mlisa::spec {

struct TranslateResult {
  std::vector<std::string> parts;  // the C++ of each part
  // Builtins reached through their BuiltinFn (not a typed call), with the
  // number of call sites each.
  std::map<std::string, int> bridged;
  std::map<std::string, int> typed;
  // Encodings whose decode is kept between runs (CompiledTarget::Split), and
  // the builtins that keep the others' out (calls reached from a decode).
  size_t kept = 0;
  std::map<std::string, int> kept_out_by;
  size_t functions = 0, encodings = 0;
  // Functions translated again for the widths (and width integers) their call
  // sites fix; encodings whose operation has variants for its decode's values.
  size_t specializations = 0, specialized_operations = 0;
  // Arguments not evaluated: the callee never reads them and they have no effect.
  size_t skipped_arguments = 0;
};

// Throws mlisa::InputError (file:line:col, the construct named) for
// pseudocode it cannot compile.
TranslateResult translate(const TargetSpec& spec, const BuiltinTable& builtins, size_t parts = 1);

}  // namespace mlisa::spec
