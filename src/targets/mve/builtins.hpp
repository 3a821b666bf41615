// The natives the mve specs reach through builtins: ExceptionTaken(exception,
// cause), which stops the run with the fault's architectural name
// ("UsageFault (NOCP)"), and _Mem[address, size] (getter and setter), the
// board's memory under MemA/MemU (isa/mve/shared_mem.isa). _Mem reads and
// writes the sim::Memory that Engine::target_state points to; an address
// outside it sets BFSR.PRECISERR and raises "BusFault (PRECISERR)".
#pragma once

#include "spec/builtins.hpp"

namespace mlisa::targets::mve {

void add_builtins(spec::BuiltinTable& table);

}  // namespace mlisa::targets::mve
