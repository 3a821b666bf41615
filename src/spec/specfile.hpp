// Spec files (docs/spec-format.md): one instruction group per file, with its
// encodings (diagram, syntax templates, operand mappings, decode pseudocode)
// and its operation pseudocode. A TargetSpec holds every file of a target,
// parsed into one Module and checked.
#pragma once

#include "spec/ast.hpp"
#include "spec/builtins.hpp"

#include <memory>
#include <optional>
#include <string_view>
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
    // A slice of the field, field<hi:lo> or field<k> as the manual writes
    // it (Q:S:size<1>); hi < 0: the whole field.
    int hi = -1, lo = -1;
    // The bits the part stands for: the literal's, the slice's or the field's (f).
    uint32_t width(const EncodingField* f) const {
      return field.empty() ? literal.width() : hi >= 0 ? static_cast<uint32_t>(hi - lo + 1) : f->width;
    }
  };
  std::vector<Part> parts;
  std::string text;  // as written, for messages and `spec show`
};

// A register class's names (docs/spec-format.md, "Register names"), from a
// registers*.isa file: the name each number prints as, and other names the
// assembler also takes. A class no file declares is its name and the number
// (Q3, Z31).
struct RegisterClass {
  std::string name;                               // R, X
  std::vector<std::string> names;                 // by number, as the file writes them (R0, ..., SP)
  std::vector<std::pair<std::string, int>> also;  // taken, never printed (IP = 12)
  Loc loc;
};

// The kinds of `operand` lines (docs/spec-format.md, "Operand kinds"); the
// specs spell each as kind_name gives it. Choice and Mem are bundle targets' only.
enum class OperandKind : uint8_t {
  Reg, Imm, Simm, Table, List, RegMask, Cond, Label, ItMask, ModImm, ShiftAmt, VRegList, VfpImm, TileMask, Bitfield, Choice, Mem, Const
};
std::string_view kind_name(OperandKind k);
// The kind a spec spells, or nullopt.
std::optional<OperandKind> operand_kind(std::string_view spelling);

struct OperandMap {
  std::string name;   // "Qd" for <Qd>
  OperandKind kind = OperandKind::Const;
  std::string reg_class;  // reg and list
  FieldConcat fields;
  int64_t scale = 1;
  int64_t offset = 0;
  uint32_t count = 0;   // list
  uint32_t stride = 1;  // list
  std::vector<std::pair<BitPattern, std::string>> table;  // table: pattern -> spelling
  std::string constant;  // const
  std::vector<std::string> label_options;  // label: unsigned, t32-j, align-pc, page, add-bit, relative; imm: hex
  // vreglist: the FIELDS holding the register count (times `scale`);
  // its options (`vpr`) are in label_options. bitfield: imms (`fields` is
  // immr), its role in label_options and its datasize in `count`.
  FieldConcat count_fields;
  // choice (bundle targets): the selector field, the number type of its
  // numeric alternatives (s32, u32, x32, f32), the register class of
  // register alternatives held in diagram fields, and the alternatives
  // (selector value, symbol): const(N), lo(F), sext(F), or a field F holding
  // a register number.
  std::string selector;
  std::string num_type;
  std::vector<std::pair<uint64_t, std::string>> alternatives;
  // mem (bundle targets): `[base + offset, name=value, ...]` from other
  // operand lines of the encoding.
  std::string mem_base, mem_offset;
  std::vector<std::pair<std::string, std::string>> mem_modifiers;  // name, operand
  Loc loc;
};

// A bundle target's word format (docs/spec-format.md, "Bundles"), from its
// bundle*.isa file: the word's width, the shared fields of the bundle and the
// slots. Positions are bit indices in the bundle word (bit 0 least significant).
struct BundleField {
  enum class Kind : uint8_t { Lane, Read, Port };
  std::string name;      // imm0, vs1, port.v0.x
  Kind kind = Kind::Lane;
  uint32_t lo = 0, width = 0;
  std::string reg_class;  // read and port: the class of the register number it holds
  std::string slot;       // port: the one slot that reaches it
  std::string local;      // the name encodings of that slot use (FIELDS, pseudocode)
  Loc loc;
};

struct BundleSlot {
  std::string name;  // s0, v1, misc
  std::string summary;
  uint32_t lo = 0, width = 0;       // the slot's diagram bits
  uint32_t pred_lo = 0, pred_width = 0;
  uint64_t never = 31, always = 0;
  std::string pred_prefix = "p";
  uint32_t opcode_lo = 0, opcode_width = 0;  // slot-local
  std::vector<std::string> reach;   // lanes and reads its encodings may use
  Loc loc;
};

struct BundleSpec {
  std::string name;
  std::string summary;
  std::string file;
  uint32_t width = 0;
  std::string comment = "#";  // the comment character of the target's assembler
  std::vector<BundleField> fields;
  std::vector<BundleSlot> slots;
  std::vector<std::string> notes;  // `note` lines, for the generated manual
  const BundleSlot* slot(const std::string& name) const;
  const BundleField* field(const std::string& name) const;
  // The bundle field an encoding of `slot` names `local` (a lane or read it
  // reaches, or one of its ports), or null.
  const BundleField* local(const std::string& slot, const std::string& local) const;
};

struct Encoding {
  std::string name;  // T1, A1, ...
  Loc loc;
  uint32_t width = 0;
  Bits fixed_mask, fixed_value;    // the 0/1 bits
  Bits should_mask, should_value;  // the (0)/(1) bits
  std::vector<EncodingField> fields;  // in diagram order, most significant first
  std::string diagram_text;
  // One variant of an encoding the page writes once (`variant NAME when
  // ...`: the name is ENCODING.NAME): the field values it fixes, as written.
  std::string variant_when;
  std::vector<std::string> syntax;  // templates as written (without their annotations)
  std::vector<Loc> syntax_locs;
  // Per template: 0 anywhere, 1 only inside an IT block, 2 only outside one.
  std::vector<int8_t> syntax_it;
  // Per template: `(assembler only)`, a spelling the assembler takes and listings never print.
  std::vector<bool> syntax_assembler_only;
  std::vector<OperandMap> operands;
  std::vector<std::string> features;
  // The ELF relocation (R_ARM_THM_CALL, ...) an object gives this encoding
  // when its label or immediate names a symbol defined elsewhere (`relocation`).
  std::string relocation;
  // Bundle targets: the slots this encoding occupies (`slot s0 s1`; the
  // diagram is slot-local) and the bundle fields it reaches, by their local
  // names, in the order first named. The frame holds the diagram's fields,
  // then these.
  std::vector<std::string> slots;
  std::vector<std::string> globals;
  std::vector<uint32_t> global_widths;
  Block decode;
  uint32_t decode_first_line = 0, decode_last_line = 0;  // for `spec show`
  // This encoding's own tree of the instruction's operation: the checker
  // writes frame slots into the tree, and each encoding has its own frame.
  // Run {&decode, &operation}.
  Block operation;
  int32_t frame_size = 0;  // decode and operation share the frame; fields first

  // Where each frame field (the diagram's, then for a bundle target the
  // bundle fields) lies in the word that compiled code decodes: (lo, width)
  // in the word itself for a single-word target, packed from bit 0 for a
  // bundle target (TargetSpec::packed_frame).
  std::vector<std::pair<uint32_t, uint32_t>> compiled_fields() const;

  const EncodingField* field(const std::string& name) const;
  // True when the word has the fixed bits (should-be bits are not required).
  bool matches(const Bits& word) const { return (word & fixed_mask) == fixed_value; }
};

struct InstructionSpec {
  std::string name;
  std::string summary;
  // One of the instructions of a folded page: the field values it fixes, as
  // its `instruction NAME when ...` line writes them (empty otherwise).
  std::string folded_when;
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
  // The bundle format, for bundle targets (a bundle*.isa file), else null.
  const BundleSpec* bundle() const { return bundle_.get(); }
  // The class a registers*.isa file declares by that name (any case), else null.
  const RegisterClass* register_class(std::string_view name) const;
  const InstructionSpec* find(const std::string& name) const;

  // The frame an encoding's decode and operation run in, with the fields of
  // `word` written into their slots.
  std::vector<Value> frame_for(const Encoding& enc, const Bits& word) const;
  // The same for an encoding of a bundle target, from a whole bundle word:
  // the diagram's fields read at the slot's position, then the bundle fields
  // the encoding reaches.
  std::vector<Value> frame_for(const Encoding& enc, const std::string& slot, const Bits& bundle_word) const;
  // The same values packed into one word, the first from bit 0 up (the word
  // that compiled code decodes for a bundle target: Encoding::packed_fields).
  Bits packed_frame(const Encoding& enc, const std::string& slot, const Bits& bundle_word) const;

 private:
  std::string target_;
  Module module_;
  SourceSet sources_;
  std::vector<InstructionSpec> instructions_;
  std::unique_ptr<BundleSpec> bundle_;
  std::vector<RegisterClass> registers_;
};

// The spec files compiled into the binary (isa/<target>/*.isa).
std::vector<std::string> embedded_targets();
std::vector<SpecSource> embedded_specs(const std::string& target);

// What a --spec-dir file did to the embedded specs: the embedded files it
// replaced (none: it adds to the target), and for each the instructions of
// that file it names, so that a page whose name a user took by chance for an
// embedded instruction's (PMUL of SVE2 beside the Advanced SIMD PMUL) is told.
struct DirFileEffect {
  std::string file;
  struct Replaced {
    std::string file;
    std::vector<std::string> by;  // the instructions the two files share (empty: the same shared file name)
  };
  std::vector<Replaced> replaced;
};

// Embedded specs merged with DIR/<target>/*.isa (or DIR/*.isa): a file whose
// `instruction` name matches an embedded one replaces it. With `effects`:
// what each file of DIR did, in file order.
std::vector<SpecSource> specs_with_dir(const std::string& target, const std::optional<std::string>& spec_dir,
                                       std::vector<DirFileEffect>* effects = nullptr);

}  // namespace mlisa::spec
