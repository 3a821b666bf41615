// The two pseudocode engines side by side (docs/compiled.md): the code
// compiled from the specs at build time and the interpreter run the same
// instructions on two machines, and the architectural state (every global of
// the specs: registers, flags, system registers, predication and beat state),
// the memory each instruction writes, faults and semihosting output must be
// identical after every instruction. Used by `mlisa verify --suite engines`
// and by tests/verify/engines_test.cpp.
#pragma once

#include "asm/spec_isa.hpp"
#include "asm/word_program.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/tcore/program.hpp"

#include <cstdint>
#include <string>

namespace mlisa::verify::engines {

// The first difference between two engines' globals (every global of the
// specs), or "".
std::string compare_globals(spec::Engine& compiled, spec::Engine& interp);
std::string compare_globals(const spec::Module& module, const std::vector<spec::Value>& compiled,
                            const std::vector<spec::Value>& interp);
// The first difference between the two machines' state, or "".
std::string compare_state(targets::mve::Machine& compiled, targets::mve::Machine& interp);

// Runs a program on both engines in lock step for at most max_steps
// instructions; returns the first difference ("" when none) and counts the
// instructions in *steps. Linear: every instruction of the code segments
// once, in address order, whatever it does (for files of instruction forms
// that are not programs), faults included.
std::string compare_program(const targets::mve::Target& target, const as::ProgramImage& image,
                            uint64_t max_steps, uint64_t* steps = nullptr, bool linear = false);

// `count` random instruction words the decoder accepts (t32: 32-bit
// encodings, else 16-bit ones), each run on both engines from random
// register state (addresses in DTCM for half the registers); returns the
// first difference, or "".
std::string compare_random(const targets::mve::Target& target, uint64_t seed, int count, bool t32,
                           uint64_t* executed = nullptr);

// sme2: `count` random words of random encodings of the specs (fields drawn
// as the isa suite draws them, kept when they decode to that encoding), each
// run on both engines at the streaming vector length `svl` in streaming mode
// with ZA on, from random X, Z, P and ZA state (addresses in a data region for
// half the X registers); the globals, the memory written and the fault must
// be identical. Returns the first difference, or "".
std::string compare_random_sme2(const targets::sme2::Target& target, uint64_t seed, int count, int svl,
                                uint64_t* executed = nullptr);

// tcore: a program run on both engines bundle by bundle (at most
// max_bundles); the pc, the globals, the memory and the fault must be
// identical after every bundle. Returns the first difference, or "", and
// counts the bundles in *bundles.
std::string compare_program_tcore(const as::SpecIsa& isa, const targets::tcore::Image& image, size_t memory_bytes,
                                  uint64_t max_bundles, uint64_t* bundles = nullptr);

// tcore: a random program of every instruction form the PRM matrix knows
// (the hazard suite's random baseline over gaps 0 to 4: setup, then
// `instructions` random instructions, each followed by 0 to 4 empty bundles,
// then halt) on both engines as compare_program_tcore.
std::string compare_random_tcore(uint64_t seed, size_t instructions, uint64_t* bundles = nullptr);

}  // namespace mlisa::verify::engines
