// mlisa as: the GNU-as style assembler of every target: tcore's bundles, the
// T32 of mve and the A64 of sme2 (docs/assembler.md).
//
//   mlisa as --target T [-o OUT] [--format elf|bin] [--show-encoding] [--spec-dir DIR] FILE.s
#include "asm/word_program.hpp"
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

namespace mlisa::cli {

namespace {

struct AsOptions {
  std::string target, out, format = "elf", spec_dir, input;
  bool show_encoding = false;
};

std::string read_input(const std::string& path) {
  std::ostringstream ss;
  if (path == "-") {
    ss << std::cin.rdbuf();
    return ss.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read", path));
  ss << in.rdbuf();
  return ss.str();
}

void write_bin(const as::Object& obj, const std::string& out) {
  for (const auto& s : obj.sections)
    if (!s.code && !s.bytes.empty())
      throw InputError(fmt::format("--format bin writes the code only, but section {} holds {} bytes; use --format elf",
                                   s.name, s.bytes.size()));
  std::ofstream f(out, std::ios::binary);
  if (!f) throw InputError(fmt::format("{}: cannot write", out));
  for (const auto& s : obj.sections)
    if (s.code) f.write(reinterpret_cast<const char*>(s.bytes.data()), static_cast<std::streamsize>(s.bytes.size()));
  if (!f) throw InputError(fmt::format("{}: cannot write", out));
}

// The Arm targets: T32 (mve) and A64 (sme2) programs.
int run_as_words(const AsOptions& o, const targets::LoadedWordTarget& t, const std::string& text, const std::string& file) {
  // --show-encoding shows every instruction that assembles, then the refusals (as llvm-mc does).
  const as::Object obj = as::assemble_word_program(*t.isa, text, file, std::nullopt, o.show_encoding);
  for (const std::string& w : obj.warnings) fmt::print(stderr, "{}\n", w);
  if (o.show_encoding) {
    fmt::print("{}", as::show_encoding(*t.isa, obj, file));
    if (obj.refused) throw *obj.refused;
    if (o.out.empty()) return 0;
  }
  const std::string out = o.out.empty() ? "a.out" : o.out;
  if (o.format == "bin") write_bin(obj, out);
  else as::write_elf(obj, as::word_elf_options(*t.isa), out);
  return 0;
}

int run_as(const AsOptions& o) {
  if (o.format != "elf" && o.format != "bin") throw UsageError(fmt::format("--format {}: expected elf or bin", o.format));
  const auto spec_dir = o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir);
  const std::string text = read_input(o.input);
  const std::string file = o.input == "-" ? "<stdin>" : o.input;
  if (targets::is_word_target(o.target)) return run_as_words(o, targets::load_word_target(o.target, spec_dir), text, file);
  auto t = targets::load_bundle_target(o.target, spec_dir);
  as::GasTarget gas = targets::gas_target(*t.isa);
  gas.keep_going = o.show_encoding;
  const as::Object obj = as::assemble_gas(t.isa->isa, gas, text, file);
  if (o.show_encoding) {
    for (const auto& l : obj.lines) {
      const auto& bytes = obj.sections[static_cast<size_t>(l.section)].bytes;
      const size_t wb = (t.isa->isa.width() + 7) / 8;
      std::string enc;
      for (size_t i = 0; i < wb; ++i) enc += fmt::format("{}0x{:02x}", i ? "," : "", bytes[l.offset + i]);
      fmt::print("{}  {} encoding: [{}]\n", l.text, t.isa->comment, enc);
    }
    if (obj.refused) throw *obj.refused;
    if (o.out.empty()) return 0;
  }
  const std::string out = o.out.empty() ? "a.out" : o.out;
  if (o.format == "bin") {
    write_bin(obj, out);
    return 0;
  }
  as::write_elf(obj, targets::elf_options(*t.isa), out);
  return 0;
}

}  // namespace

Action setup_as(CLI::App& sub, const GlobalOptions&) {
  auto o = std::make_shared<AsOptions>();
  sub.add_option("--target", o->target, "Target (tcore, mve, sme2)")->required();
  sub.add_option("-o,--output", o->out, "Output file (default a.out; with --show-encoding, none)");
  sub.add_option("--format", o->format, "elf (a relocatable object) or bin (the raw code image)");
  sub.add_flag("--show-encoding", o->show_encoding, "Print each instruction word with its bytes, as llvm-mc does");
  sub.add_option("--spec-dir", o->spec_dir, "Load DIR/<target>/*.isa over the embedded specs");
  sub.add_option("file", o->input, "Assembly source (- for stdin)")->required();
  return [o]() { return run_as(*o); };
}

}  // namespace mlisa::cli
