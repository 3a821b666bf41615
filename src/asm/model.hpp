// The assembler's bit model (docs/assembler.md), shared by every target:
//
//   Field       bits [start, start + width) of a machine word
//   Assignment  a partial assignment of a word (mask, value) and the shared
//               resources it actually reads (immediate lanes, scalar reads)
//   Isa         the bundle format: slots, global (shared) fields, forms and
//               signatures
//
// A machine word is an mlisa::spec::Bits of the ISA's width (32, 160, 408,
// 512, ... bits). A single-word ISA (T32, A64) is an Isa with one slot and no
// predicate; its forms may be narrower than the ISA's width (T32 16-bit forms
// in a 32-bit ISA), and a word is as wide as its form.
//
// Conflicts are detected on bits only, never on names: two fields that cover
// the same bits are aliases because merging their assignments keeps them
// equal, so no alias table is needed.
#pragma once

#include "asm/bits.hpp"
#include "asm/signature.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mlisa::as {

// What a global field is shared as. Lanes and scalar reads are numbered in
// the order they are declared (imm0 is lane 0, vs0 is read 0); binding them
// as consumed records the resource in Assignment::lanes / ::reads, which the
// solver minimises.
enum class Shared : uint8_t { None, Lane, ScalarRead };

// A selector value's symbolic name (`lo(imm0)`, `const(0)`, `vs1`). A field
// with symbols is a selector: its named constraints take symbols, never raw
// numbers, and a value without a symbol has no named encoding.
using Symbols = std::vector<std::pair<uint64_t, std::string>>;

// A named field of a form (slot-local) or of the bundle (global).
struct FieldDef {
  std::string name;
  Field field;
  Symbols symbols;     // non-empty: a selector
  bool named = true;   // exported as a constraint `<slot>.<name>` (or the global name)
};

struct SlotDef {
  std::string name;          // "s0", "v"; the one slot of a single-word ISA, e.g. "t"
  Field predicate{};         // width 0: no predicate, the slot is always occupied
  uint64_t never = 0;        // the predicate value of an empty slot (31)
  uint64_t always = 0;       // the predicate value written when the text has none
  std::string pred_prefix = "p";  // text `(p3) insn` for predicate 3
};

struct GlobalDef {
  std::string name;  // imm0, vs1, port.v.x
  Field field;
  Shared shared = Shared::None;
  Symbols symbols;
};

struct FormDef {
  std::string slot;
  std::string name;                   // unique within the ISA
  uint32_t width = 0;                 // 0: the ISA's width (single-word ISAs may use less)
  std::vector<FieldDef> fields;       // slot-local fields
  std::vector<std::string> globals;   // global fields the form can write (reach)
  std::string opcode_field;           // optional: a field of `fields`, exported as <slot>.opcode
  uint64_t opcode = 0;
  std::vector<std::pair<std::string, uint64_t>> fixed;  // other fixed fields
};

struct SignatureDef {
  std::string form;
  std::string mnemonic;               // may contain dots: simm.s32
  std::vector<TextOperand> operands;  // comma-separated in the text
  std::vector<operands::Kind> kinds;  // what the operands refer to, placed by Isa::place
  std::vector<std::pair<std::string, uint64_t>> fixed;  // fields this signature fixes
};

struct Slot {
  SlotDef def;
  spec::Bits region;       // the predicate and every slot-local bit of its forms
  std::vector<int> forms;  // in registration order
  bool has_predicate() const { return def.predicate.width != 0; }
};

struct GlobalField {
  GlobalDef def;
  int index = -1;  // lane or scalar-read number, -1 when not shared
};

struct Form {
  FormDef def;
  int index = 0;
  int slot = 0;
  uint32_t width = 0;
  Assignment fixed;        // opcode and fixed fields (not the predicate)
  spec::Bits writable;     // bits the encoder writes when the form is present
  std::vector<int> signatures;
  std::vector<int> globals;  // reachable global fields, indices into Isa::globals()
  const FieldDef* field(std::string_view name) const;  // slot-local only
};

struct Signature {
  SignatureDef def;
  int index = 0;
  int form = 0;
  Assignment fixed;  // the signature's fixed fields
  std::vector<TemplateItem> line;  // line_of(def.operands): what an instruction's operand text is matched against
};

// One bundle format. Declare slots and global fields first, then forms, then
// their signatures; every name is checked when it is added (std::invalid_argument
// on a malformed declaration: these are programming errors in a target's
// tables, not user input).
class Isa {
 public:
  Isa(std::string name, uint32_t width);

  const std::string& name() const { return name_; }
  uint32_t width() const { return width_; }

  int add_slot(SlotDef def);
  int add_global(GlobalDef def);
  int add_form(FormDef def);
  int add_signature(SignatureDef def);
  // Overrides the empty word's value of a field (default: 0, predicates NEVER).
  void set_empty(Field f, uint64_t v);

  const std::vector<Slot>& slots() const { return slots_; }
  const std::vector<GlobalField>& globals() const { return globals_; }
  const std::vector<Form>& forms() const { return forms_; }
  const std::vector<Signature>& signatures() const { return signatures_; }
  const spec::Bits& empty_word() const { return empty_; }
  bool single_slot() const { return slots_.size() == 1; }

  int find_slot(std::string_view name) const;    // -1 when absent
  int find_global(std::string_view name) const;  // -1 when absent
  int find_form(std::string_view name) const;    // -1 when absent
  const std::vector<std::string>& lane_names() const { return lane_names_; }
  const std::vector<std::string>& read_names() const { return read_names_; }

  // What a target says of a candidate before the solver sees it: "" when it
  // may stand, else why (a target built from specs: its decode pseudocode's
  // verdict, asm/decode_verdict.hpp). Unset: every candidate stands.
  using Verdict = std::function<std::string(const Form& form, const Assignment& bits)>;
  void set_verdict(Verdict v) { verdict_ = std::move(v); }
  const Verdict& verdict() const { return verdict_; }

  // Names of the fields (global names first, then <slot>.<field> of the slot
  // regions) that overlap the set bits of `bits`, in declaration order.
  std::vector<std::string> field_names_at(const spec::Bits& bits) const;

  // Where a field an operand of a form names lies: the form's own field,
  // else a global it reaches, with the lanes and scalar reads it overlaps.
  // Throws std::invalid_argument for a name the form cannot reach.
  operands::Placed place(const Form& form, std::string_view name) const;

 private:
  std::string name_;
  uint32_t width_;
  std::vector<Slot> slots_;
  std::vector<GlobalField> globals_;
  std::vector<Form> forms_;
  std::vector<Signature> signatures_;
  std::vector<std::string> lane_names_, read_names_;
  spec::Bits empty_;
  std::map<std::string, int, std::less<>> slot_index_, global_index_, form_index_;
  Verdict verdict_;
};

}  // namespace mlisa::as
