// The natives the mve specs reach through builtins: ExceptionTaken(exception,
// cause), which stops the run with the fault's architectural name
// ("UsageFault (NOCP)").
#pragma once

#include "spec/builtins.hpp"

namespace mlisa::targets::mve {

void add_builtins(spec::BuiltinTable& table);

}  // namespace mlisa::targets::mve
