// mlisa disasm: the disassembler of every target, canonical or exact
// (docs/assembler.md, "Export").
//
//   mlisa disasm --target T [--exact|--canonical] [--spec-dir DIR] FILE
#include "asm/word_program.hpp"
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>

namespace mlisa::cli {

namespace {

struct DisasmOptions {
  std::string target, spec_dir, input;
  bool exact = false, canonical = false;
};

int run_disasm(const DisasmOptions& o) {
  if (o.exact && o.canonical) throw UsageError("--exact and --canonical exclude each other");
  const auto spec_dir = o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir);
  std::ifstream in(o.input, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read", o.input));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto sections = targets::image_sections(bytes, o.input);
  if (targets::is_word_target(o.target)) {
    const auto t = targets::load_word_target(o.target, spec_dir);
    const auto symbols = as::is_elf(bytes) ? as::read_elf(bytes, o.input).symbols : std::vector<as::ObjSymbol>{};
    fmt::print("{}", as::disassemble_words(*t.isa, sections, o.exact, o.input, symbols));
    return 0;
  }
  auto t = targets::load_bundle_target(o.target, spec_dir);
  const std::string text =
      targets::disassemble(*t.isa, sections, o.exact ? as::ExportMode::Exact : as::ExportMode::Canonical, o.input);
  fmt::print("{}", text);
  return 0;
}

}  // namespace

Action setup_disasm(CLI::App& sub, const GlobalOptions&) {
  auto o = std::make_shared<DisasmOptions>();
  sub.add_option("--target", o->target, "Target (tcore, mve, sme2)")->required();
  sub.add_flag("--exact", o->exact, "Add the .encoding constraints that rebuild every bit (byte-identical reassembly)");
  sub.add_flag("--canonical", o->canonical, "Print the visible instructions only (the default)");
  sub.add_option("--spec-dir", o->spec_dir, "Load DIR/<target>/*.isa over the embedded specs");
  sub.add_option("file", o->input, "A raw image or an ELF object")->required();
  return [o]() { return run_disasm(*o); };
}

}  // namespace mlisa::cli
