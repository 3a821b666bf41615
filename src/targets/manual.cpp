#include "targets/manual.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <sstream>

namespace mlisa::targets {

namespace {

using spec::BundleField;

std::string range(uint32_t lo, uint32_t width) {
  return width == 1 ? fmt::format("{}", lo) : fmt::format("{}..{}", lo + width - 1, lo);
}

std::string lines_of(const spec::TargetSpec& ts, uint32_t file, uint32_t first, uint32_t last) {
  if (!first || !last) return "";
  std::istringstream in(ts.sources().text(file));
  std::string line, out;
  for (uint32_t n = 1; std::getline(in, line); ++n)
    if (n >= first && n <= last) out += line + "\n";
  // Strip the common indentation.
  size_t common = std::string::npos;
  std::istringstream again(out);
  while (std::getline(again, line)) {
    const size_t i = line.find_first_not_of(' ');
    if (i != std::string::npos) common = std::min(common, i);
  }
  std::string res;
  std::istringstream third(out);
  while (std::getline(third, line)) res += (line.size() > common ? line.substr(common) : std::string()) + "\n";
  return res;
}

std::string operand_text(const spec::OperandMap& op) {
  if (op.kind == "choice") {
    std::string s = fmt::format("choice of `{}` ({}{}):", op.selector, op.num_type,
                                op.reg_class.empty() ? "" : ", registers " + op.reg_class);
    for (const auto& [v, sym] : op.alternatives) s += fmt::format(" {}=`{}`", v, sym);
    return s;
  }
  if (op.kind == "mem") {
    std::string s = fmt::format("memory `[<{}>", op.mem_base);
    if (!op.mem_offset.empty()) s += fmt::format(" + <{}>", op.mem_offset);
    for (const auto& [m, o] : op.mem_modifiers) s += fmt::format(", {}=<{}>", m, o);
    return s + "]`";
  }
  if (op.kind == "table") {
    std::string s = fmt::format("table of `{}`:", op.fields.text);
    for (const auto& [pat, text] : op.table) {
      std::string p;
      for (uint32_t i = pat.care.width(); i-- > 0;) p += pat.care.bit(i) ? (pat.value.bit(i) ? '1' : '0') : 'x';
      s += fmt::format(" '{}'=`{}`", p, text);
    }
    return s;
  }
  std::string s = fmt::format("{} {}{}", op.kind, op.reg_class.empty() ? "" : op.reg_class + " ", op.fields.text);
  if (op.scale != 1) s += fmt::format(" * {}", op.scale);
  if (op.offset) s += fmt::format(" {} {}", op.offset < 0 ? '-' : '+', op.offset < 0 ? -op.offset : op.offset);
  return "`" + s + "`";
}

}  // namespace

std::string bundle_manual(const SpecIsa& si) {
  const spec::TargetSpec& ts = *si.spec;
  const spec::BundleSpec& b = *ts.bundle();
  std::string o;
  o += fmt::format("# {} ISA reference\n\n", b.name);
  o += fmt::format("<!-- Generated from isa/{0}/*.isa by `mlisa spec doc --target {0} > docs/{0}.md`; do not edit. -->\n\n",
                   ts.target());
  o += b.summary + "\n\n";
  o += fmt::format("## The bundle\n\nOne bundle is a {}-bit word ({} bytes, little-endian: byte 0 holds bits 7..0). "
                   "Comments in assembly start with `{}`.\n\n",
                   b.width, b.width / 8, b.comment);
  for (const auto& n : b.notes) o += "- " + n + "\n";
  o += "\n### Shared fields\n\n| field | bits | kind | reached by |\n|---|---|---|---|\n";
  for (const auto& f : b.fields) {
    std::string who;
    if (f.kind == BundleField::Kind::Port) {
      who = fmt::format("slot {} (as `{}`)", f.slot, f.local);
    } else {
      for (const auto& s : b.slots)
        if (std::find(s.reach.begin(), s.reach.end(), f.name) != s.reach.end()) who += (who.empty() ? "" : ", ") + s.name;
    }
    const char* kind = f.kind == BundleField::Kind::Lane   ? "immediate lane"
                       : f.kind == BundleField::Kind::Read ? "scalar read (a register number)"
                                                           : "port (a register number)";
    o += fmt::format("| `{}` | {} | {}{} | {} |\n", f.name, range(f.lo, f.width), kind,
                     f.reg_class.empty() ? "" : ", class " + f.reg_class, who);
  }
  o += "\n### Slots\n\n| slot | diagram bits | predicate bits | opcode (slot bits) | reaches | unit |\n|---|---|---|---|---|---|\n";
  for (const auto& s : b.slots) {
    std::string reach;
    for (const auto& r : s.reach) reach += (reach.empty() ? "" : " ") + r;
    o += fmt::format("| `{}` | {} | {} (NEVER = {}) | {} | {} | {} |\n", s.name, range(s.lo, s.width),
                     range(s.pred_lo, s.pred_width), s.never,
                     s.opcode_width ? range(s.opcode_lo, s.opcode_width) : "-", reach.empty() ? "-" : reach, s.summary);
  }
  o += "\nA bundle is written `{ slot: insn; slot: insn }`, with `(pN) insn` for a predicate other than p0 and "
       "`.encoding name=value, ...` for the bits the text does not determine (docs/assembler.md).\n";

  // Instructions, grouped by their first slot in declaration order.
  o += "\n## Instructions\n\n| instruction | slots | summary |\n|---|---|---|\n";
  std::vector<const spec::InstructionSpec*> insts;
  for (const auto& i : ts.instructions()) insts.push_back(&i);
  auto slot_rank = [&](const spec::InstructionSpec* i) {
    for (size_t k = 0; k < b.slots.size(); ++k)
      if (!i->encodings.empty() && !i->encodings[0].slots.empty() && i->encodings[0].slots[0] == b.slots[k].name) return k;
    return b.slots.size();
  };
  std::stable_sort(insts.begin(), insts.end(), [&](auto* x, auto* y) { return slot_rank(x) < slot_rank(y); });
  auto anchor = [](std::string s) {
    std::string a;
    for (char c : s) {
      if (std::isalnum(static_cast<unsigned char>(c))) a += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      else if (c == ' ' || c == '-') a += '-';
    }
    return a;
  };
  for (const auto* i : insts) {
    std::string slots;
    if (!i->encodings.empty())
      for (const auto& s : i->encodings[0].slots) slots += (slots.empty() ? "" : " ") + s;
    o += fmt::format("| [{}](#{}) | {} | {} |\n", i->name, anchor(i->name), slots, i->summary);
  }
  for (const auto* i : insts) {
    o += fmt::format("\n### {}\n\n{}\n", i->name, i->summary);
    for (const auto& e : i->encodings) {
      const spec::BundleSlot& first = *b.slot(e.slots[0]);
      std::string slots;
      for (const auto& s : e.slots) slots += (slots.empty() ? "" : ", ") + fmt::format("`{}` (bits {})", s, range(b.slot(s)->lo, b.slot(s)->width));
      o += fmt::format("\n#### Encoding {}\n\nSlots: {}. Diagram, bit {} first: `{}`\n\n", e.name, slots, e.width - 1,
                       e.diagram_text);
      o += fmt::format("| field | slot bits | bundle bits in `{}` |\n|---|---|---|\n", first.name);
      std::string fixed;
      for (uint32_t k = e.width; k-- > 0;)
        if (e.fixed_mask.bit(k)) fixed += e.fixed_value.bit(k) ? '1' : '0';
      for (const auto& f : e.fields)
        o += fmt::format("| `{}` | {} | {} |\n", f.name, range(f.lo, f.width), range(first.lo + f.lo, f.width));
      for (const auto& g : e.globals) {
        const BundleField* f = b.local(first.name, g);
        o += fmt::format("| `{}` (shared: `{}`) | - | {} |\n", g, f->name, range(f->lo, f->width));
      }
      o += fmt::format("| predicate | - | {} |\n", range(first.pred_lo, first.pred_width));
      o += "\nSyntax:\n\n```\n";
      for (const auto& s : e.syntax) o += s + "\n";
      o += "```\n\n";
      if (!e.operands.empty()) {
        o += "| operand | encoding |\n|---|---|\n";
        for (const auto& op : e.operands) o += fmt::format("| `<{}>` | {} |\n", op.name, operand_text(op));
        o += "\n";
      }
      const std::string dec = lines_of(ts, i->source, e.decode_first_line, e.decode_last_line);
      if (!dec.empty()) o += "Decode:\n\n```\n" + dec + "```\n";
    }
    const std::string op = lines_of(ts, i->source, i->operation_first_line, i->operation_last_line);
    if (!op.empty()) o += "\nOperation:\n\n```\n" + op + "```\n";
  }
  o += "\n## Shared pseudocode\n\nThe state and the helpers every instruction uses, from the target's shared*.isa files.\n";
  for (size_t f = 0; f < ts.sources().size(); ++f) {
    const std::string& name = ts.sources().name(static_cast<uint32_t>(f));
    const size_t slash = name.find_last_of('/');
    const std::string base = slash == std::string::npos ? name : name.substr(slash + 1);
    if (base.rfind("shared", 0) != 0) continue;
    o += fmt::format("\n### {}\n\n```\n{}```\n", base, ts.sources().text(static_cast<uint32_t>(f)));
  }
  return o;
}

}  // namespace mlisa::targets
