// Spec files (docs/spec-format.md): one instruction group per file, with its
// encodings (diagram, syntax templates, operand mappings, decode pseudocode)
// and its operation pseudocode. A TargetSpec holds every file of a target,
// parsed into one Module and checked.
#pragma once

#include "spec/ast.hpp"
#include "spec/builtins.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlisa::spec {

// A field of an encoding: bits [lo, lo + width) of the word.
struct EncodingField {
  std::string name;
  uint32_t lo = 0;
  uint32_t width = 0;
};

// FIELDS in an operand mapping: field names and bit literals, most significant first.
struct FieldConcat {
  struct Part {
    std::string field;  // empty for a literal
    Bits literal;       // when field is empty
  };
  std::vector<Part> parts;
  std::string text;  // as written, for messages and `spec show`
};

struct OperandMap {
  std::string name;   // "Qd" for <Qd>
  std::string kind;   // reg, imm, simm, table, list, cond, label, const
  std::string reg_class;  // reg and list
  FieldConcat fields;
  int64_t scale = 1;
  int64_t offset = 0;
  uint32_t count = 0;   // list
  uint32_t stride = 1;  // list
  std::vector<std::pair<BitPattern, std::string>> table;  // table: pattern -> spelling
  std::string constant;  // const
  Loc loc;
};

struct Encoding {
  std::string name;  // T1, A1, ...
  Loc loc;
  uint32_t width = 0;
  Bits fixed_mask, fixed_value;    // the 0/1 bits
  Bits should_mask, should_value;  // the (0)/(1) bits
  std::vector<EncodingField> fields;  // in diagram order, most significant first
  std::string diagram_text;
  std::vector<std::string> syntax;  // templates as written
  std::vector<Loc> syntax_locs;
  std::vector<OperandMap> operands;
  std::vector<std::string> features;
  Block decode;
  uint32_t decode_first_line = 0, decode_last_line = 0;  // for `spec show`
  // This encoding's own tree of the instruction's operation: the checker
  // writes frame slots into the tree, and each encoding has its own frame.
  // Run {&decode, &operation}.
  Block operation;
  int32_t frame_size = 0;  // decode and operation share the frame; fields first

  const EncodingField* field(const std::string& name) const;
  // True when the word has the fixed bits (should-be bits are not required).
  bool matches(const Bits& word) const { return (word & fixed_mask) == fixed_value; }
};

struct InstructionSpec {
  std::string name;
  std::string summary;
  std::string file;  // path as loaded, for messages
  uint32_t source = 0;  // SourceSet index
  Loc loc;
  std::vector<std::string> features;
  std::vector<Encoding> encodings;
  // The first encoding's operation tree (checked in that encoding's frame), or,
  // with no encodings, the operation checked alone. Use Encoding::operation.
  Block operation;
  uint32_t operation_first_line = 0, operation_last_line = 0;
};

// A spec file's text and the name it is known by.
struct SpecSource {
  std::string path;
  std::string text;
};

// Every spec of one target, parsed into one module and checked.
class TargetSpec {
 public:
  // Parses and checks all sources (shared*.isa first, then instruction files in
  // order); throws mlisa::InputError at the first error.
  static std::unique_ptr<TargetSpec> load(const std::string& target, std::vector<SpecSource> sources,
                                          const BuiltinTable& builtins);

  const std::string& target() const { return target_; }
  Module& module() { return module_; }
  const Module& module() const { return module_; }
  const SourceSet& sources() const { return sources_; }
  const std::vector<InstructionSpec>& instructions() const { return instructions_; }
  const InstructionSpec* find(const std::string& name) const;

  // The frame an encoding's decode and operation run in, with the fields of
  // `word` written into their slots.
  std::vector<Value> frame_for(const Encoding& enc, const Bits& word) const;

 private:
  std::string target_;
  Module module_;
  SourceSet sources_;
  std::vector<InstructionSpec> instructions_;
};

// The spec files compiled into the binary (isa/<target>/*.isa).
std::vector<std::string> embedded_targets();
std::vector<SpecSource> embedded_specs(const std::string& target);

// Embedded specs merged with DIR/<target>/*.isa (or DIR/*.isa): a file whose
// `instruction` name matches an embedded one replaces it.
std::vector<SpecSource> specs_with_dir(const std::string& target, const std::optional<std::string>& spec_dir);

}  // namespace mlisa::spec
