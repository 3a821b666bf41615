#include "targets/tools.hpp"

#include "core/diag.hpp"
#include "core/parallel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

namespace mlisa::targets {

as::GasTarget gas_target(const as::SpecIsa& isa) {
  as::GasTarget t;
  t.comment = isa.comment;
  const as::SpecIsa* p = &isa;
  t.label_scale = [p](int slot, std::string_view mnemonic, size_t index) -> int64_t {
    const as::Isa& m = p->isa;
    for (const int f : m.slots()[static_cast<size_t>(slot)].forms)
      for (const int s : m.forms()[static_cast<size_t>(f)].signatures) {
        const auto& sig = m.signatures()[static_cast<size_t>(s)];
        if (sig.def.mnemonic.size() != mnemonic.size() ||
            !std::equal(mnemonic.begin(), mnemonic.end(), sig.def.mnemonic.begin(),
                        [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == b; }))
          continue;
        if (const as::LabelOperand* l = p->label(s, index)) return l->scale;
      }
    return 0;
  };
  return t;
}

as::ElfOptions elf_options(const as::SpecIsa&) { return as::ElfOptions{false, 0, 0}; }

namespace {

// Splits `mnemonic op, op` keeping the predicate prefix with the mnemonic.
struct InsnParts {
  std::string head;  // `(p3) br`
  std::vector<std::string> ops;
};

InsnParts split_insn(std::string_view t) {
  InsnParts out;
  size_t p = 0;
  if (!t.empty() && t[0] == '(') {
    p = t.find(')');
    p = p == std::string_view::npos ? t.size() : p + 1;
  }
  while (p < t.size() && std::isspace(static_cast<unsigned char>(t[p]))) ++p;
  while (p < t.size() && !std::isspace(static_cast<unsigned char>(t[p]))) ++p;
  out.head = std::string(t.substr(0, p));
  for (auto o : split_top(t.substr(p), ',')) out.ops.emplace_back(o);
  return out;
}

std::string join_insn(const InsnParts& p) {
  std::string s = p.head;
  for (size_t i = 0; i < p.ops.size(); ++i) s += (i ? ", " : " ") + p.ops[i];
  return s;
}

}  // namespace

std::vector<as::ObjSection> image_sections(const std::vector<uint8_t>& bytes, const std::string& file) {
  if (as::is_elf(bytes)) return as::read_elf(bytes, file).sections;
  as::ObjSection s;
  s.name = ".text";
  s.code = true;
  s.bytes = bytes;
  return {s};
}

std::string disassemble(const as::SpecIsa& isa, const std::vector<as::ObjSection>& sections, as::ExportMode mode,
                        const std::string& file) {
  const as::Isa& m = isa.isa;
  const size_t wb = (m.width() + 7) / 8;
  std::string out;
  for (const as::ObjSection& sec : sections) {
    out += as::section_directive(sec);
    if (!sec.code) {
      out += as::data_directives(sec);
      continue;
    }
    if (sec.bytes.size() % wb)
      throw InputError(fmt::format("{}: section {} is {} bytes, not a whole number of {}-byte words", file, sec.name,
                                   sec.bytes.size(), wb));
    const size_t n = sec.bytes.size() / wb;
    std::vector<as::BundleText> texts(n);
    std::vector<std::vector<uint64_t>> targets_of(n);  // the code addresses each bundle names
    // Each bundle on its own, on every core (core/parallel.hpp).
    parallel_for(n, [&](size_t i) {
      as::Word w = as::Word::zeros(m.width());
      for (size_t b = 0; b < wb; ++b)
        for (int k = 0; k < 8; ++k)
          if (sec.bytes[i * wb + b] >> k & 1) w.set_bit(static_cast<uint32_t>(b * 8 + k), true);
      try {
        texts[i] = as::export_bundle(m, w, mode);
        // Code-address operands: the decoded forms' label operands.
        const auto decoded = as::decode_bundle(m, w);
        for (size_t k = 0; k < decoded.size() && k < texts[i].insns.size(); ++k) {
          const auto& sig = isa.signatures[static_cast<size_t>(decoded[k].signature)];
          if (sig.labels.empty()) continue;
          InsnParts parts = split_insn(texts[i].insns[k].text);
          for (const as::LabelOperand& l : sig.labels) {
            if (l.operand >= parts.ops.size()) continue;
            const uint64_t target = std::stoull(parts.ops[l.operand], nullptr, 0) * static_cast<uint64_t>(l.scale);
            if (target < sec.bytes.size() && target % wb == 0) {
              targets_of[i].push_back(target);
              parts.ops[l.operand] = as::label_name(target);
            } else {
              parts.ops[l.operand] = fmt::format("0x{:x}", target);
            }
          }
          texts[i].insns[k].text = join_insn(parts);
        }
      } catch (const InputError& e) {
        throw InputError(fmt::format("{}: {} offset 0x{:x} (bundle {}): {}", file, sec.name, i * wb, i, e.message()));
      }
    });
    std::map<uint64_t, bool> labels{{0, true}};
    for (const auto& ts : targets_of)
      for (uint64_t t : ts) labels[t] = true;
    for (size_t i = 0; i < n; ++i) {
      if (labels.count(i * wb)) out += as::label_name(i * wb) + ":\n";
      out += "\t" + as::render_bundle(m, texts[i]) + "\n";
    }
  }
  // The listing is proven by the public front end.
  as::Object back;
  try {
    back = as::assemble_gas(m, gas_target(isa), out, file);
  } catch (const InputError& e) {
    throw CheckFailed(fmt::format("{}: the disassembly does not reassemble: {}", file, e.what()));
  }
  if (mode == as::ExportMode::Exact) {
    for (const as::ObjSection& sec : sections) {
      const as::ObjSection* b = back.find(sec.name);
      if (!b || b->bytes != sec.bytes)
        throw CheckFailed(fmt::format("{}: the exact disassembly of {} does not reassemble to the same bytes", file, sec.name));
    }
  }
  return out;
}

}  // namespace mlisa::targets
