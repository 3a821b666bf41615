// tcore programs on the machine: loading an assembled image (code and data),
// running it to halt with the MXU model, and the GEMM program that
// `mlisa npu gemm` emits and runs (docs/npu.md, "The tcore program").
#pragma once

#include "asm/gas.hpp"
#include "asm/spec_isa.hpp"
#include "sim/gemm.hpp"
#include "sim/npu.hpp"
#include "targets/tcore/machine.hpp"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mlisa::targets::tcore {

// An image split for the machine: the code sections' words (pc 0 is the
// first word of the first code section; tcore fetches from its own code
// memory) and the data sections laid out from address 0 of the data memory,
// in order, each at its alignment.
struct Image {
  std::vector<as::Word> code;
  std::vector<uint8_t> data;
};
// Throws InputError for a code section that is not whole words, or no code.
Image load_image(const as::SpecIsa& isa, const std::vector<as::ObjSection>& sections, const std::string& file);

// A machine with the image loaded: memory of max(memory_bytes, data) bytes.
std::unique_ptr<Machine> make_machine(const as::SpecIsa& isa, const Image& image, size_t memory_bytes,
                                      const sim::NpuConfig& mxu);

// The GEMM of a plan as a tcore program (straight-line code, one MXU or DMA
// instruction per bundle, the scalar registers s1..s31 a cache of the row
// numbers, addresses, row counts and strides the instructions read, set by
// simm.s32 / simm.w two to a bundle, as early as the bundle before). The data
// section holds the memory image of the plan: A and B zero-padded at their
// addresses and C's space zeroed (all zeros when `operands` is null).
struct GemmProgram {
  std::string text;  // GNU-as source for `mlisa as --target tcore`
  struct Insn {
    uint64_t bundle = 0;  // the bundle index (pc / 64)
    std::string text;     // the instruction as the machine prints it
  };
  std::vector<Insn> insns;  // one per op of plan.ops, in order
  uint64_t bundles = 0;
};
// `parts` selects what is built (the bundle count always is): the text, the
// instruction list, or both (the analytic model of a large GEMM needs neither).
enum GemmProgramParts : unsigned { kProgramText = 1, kProgramInsns = 2, kProgramAll = 3 };
GemmProgram emit_gemm_program(const sim::GemmPlan& plan, const sim::Gemm* operands, const std::string& title,
                              unsigned parts = kProgramAll);

// The `mlisa run` / `mlisa npu gemm` options that configure the MXU like
// `config` (the non-default ones), e.g. "--array 8 --dtype bf16".
std::string mxu_flags(const sim::NpuConfig& config);

struct GemmProgramRun {
  GemmProgram program;
  std::unique_ptr<Machine> machine;  // after halt: memory, MXU stats, instructions
  std::vector<uint32_t> c;           // C read back from memory (M x N)
};
// Emits the program, assembles it with the GNU-as front end, runs it on a
// machine configured by plan.config (observer and leave as for sim::Npu::run),
// and reads C back. Throws std::logic_error when the MXU ops the program
// issued differ from plan.ops.
GemmProgramRun run_gemm_program(const as::SpecIsa& isa, const sim::GemmPlan& plan, const sim::Gemm& operands,
                                const std::string& title, sim::CycleObserver* observer = nullptr,
                                sim::LeaveCycles* leave = nullptr);

}  // namespace mlisa::targets::tcore
