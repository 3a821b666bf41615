// The assembler's bit model built from a bundle target's spec files
// (docs/spec-format.md, "Bundles"): slots, shared lanes and scalar reads,
// ports, one form per (encoding, slot), one signature per syntax template,
// and operand expressions from the `operand` lines. Nothing about a target's
// instructions is written in C++: adding an encoding to isa/<target>/ adds it
// to the assembler and the disassembler.
#pragma once

#include "asm/model.hpp"
#include "spec/builtins.hpp"
#include "spec/specfile.hpp"

#include <memory>
#include <string>
#include <vector>

namespace mlisa::as {

// A signature's operand that is a PC-relative or absolute code address
// (`label` operands): the text holds a byte address, the field holds it
// divided by `scale`.
struct LabelOperand {
  size_t operand = 0;
  int64_t scale = 1;
};

struct SpecForm {
  const spec::InstructionSpec* inst = nullptr;
  const spec::Encoding* enc = nullptr;
  std::string slot;
};

struct SpecSignature {
  size_t syntax = 0;                  // index into the encoding's templates
  std::vector<LabelOperand> labels;   // empty for most
};

struct SpecIsa {
  explicit SpecIsa(const spec::TargetSpec& s, std::string name, uint32_t width) : spec(&s), isa(std::move(name), width) {}
  const spec::TargetSpec* spec;
  Isa isa;
  std::vector<SpecForm> forms;            // parallel to isa.forms()
  std::vector<SpecSignature> signatures;  // parallel to isa.signatures()
  std::string comment = "#";              // the assembler's comment character

  // The label operand of a signature, or null.
  const LabelOperand* label(int signature, size_t operand) const;
};

// Throws mlisa::InputError (at the spec line) when an operand line cannot be
// expressed, and when the target has no bundle*.isa. With builtins, a
// candidate whose decode pseudocode refuses it (UNDEFINED, ...) is not
// assembled (Isa::verdict); without, the model only describes the format
// (the manual's generator).
std::unique_ptr<SpecIsa> build_isa(const spec::TargetSpec& spec, const spec::BuiltinTable* builtins = nullptr);

}  // namespace mlisa::as
