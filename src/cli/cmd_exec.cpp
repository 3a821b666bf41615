// mlisa exec: assembles a snippet of a single-word target and runs it from the
// reset state (docs/mve.md, "mlisa exec").
//
//   mlisa exec --target mve|sme2 [--set REG=VALUE]... [--show REG]... [--fp-disabled]
//              [--at ADDR] [--svl N] [--encodings] [--spec-dir DIR] 'INSN[; INSN...]'
//
// The machine is the target's behind the machine interface (sim/machine.hpp);
// --set and --show go through its register table.
#include "asm/word_program.hpp"
#include "cli/command.hpp"
#include "core/diag.hpp"
#include "core/number_parse.hpp"
#include "sim/machine.hpp"
#include "targets/machines.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace mlisa::cli {

namespace {

using spec::Bits;

struct ExecOptions {
  std::string target, spec_dir, program, at;
  std::vector<std::string> sets, shows;
  bool fp_disabled = false, encodings = false;
  int svl = 512;
};

// The statements of the snippet, trimmed.
std::vector<std::string> statements(const std::string& program) {
  std::vector<std::string> out;
  for (std::string_view s : split_top(program, ';')) out.emplace_back(s);
  return out;
}

targets::MachineOptions machine_options(const ExecOptions& o) {
  targets::MachineOptions options;
  options.spec_dir = o.spec_dir.empty() ? std::nullopt : std::optional<std::string>(o.spec_dir);
  options.fp_enabled = !o.fp_disabled;
  options.svl = o.svl;
  return options;
}

// mlisa exec of either target: the snippet is a small program at the
// target's text base (mve: --at), run from the reset state plus --set until
// the PC leaves its instructions (a literal pool after them is data). sme2
// runs in Streaming SVE mode with ZA enabled, SP at the top of its stack
// (docs/sme2.md, docs/mve.md).
int run_exec(const ExecOptions& o) {
  const std::string target = targets::canonical_target(o.target);
  if (target != "mve" && target != "sme2")
    throw UsageError(fmt::format("mlisa exec supports --target mve or sme2 (not '{}')", o.target));
  const bool a64 = target == "sme2";
  const auto machine = targets::make_machine(target, machine_options(o));
  sim::Machine& m = *machine;
  for (const std::string& r : o.shows) m.register_info(r);
  // Statements are separated by ';' or newlines.
  std::string source;
  for (const std::string& insn : statements(o.program)) source += insn + "\n";
  as::LinkLayout layout = a64 ? targets::sme2::Machine::layout() : targets::mve::Machine::layout();
  if (!o.at.empty()) {
    uint64_t at = 0;
    if (a64) throw UsageError("--at is mve's: an sme2 snippet runs at the text base of a Linux process (0x400000)");
    if (parse_integer(o.at, 32, false, at) != ParseStatus::Ok || at % 2 != 0)
      throw UsageError(fmt::format("--at {}: expected an even address (0x hex or decimal) below 2^32", o.at));
    layout.text_base = at;
  }
  const as::WordIsa& isa = a64 ? static_cast<targets::Sme2Machine&>(m).isa() : static_cast<targets::MveMachine&>(m).isa();
  const as::Object obj = as::assemble_word_program(isa, source, "<exec>", layout);
  const as::ProgramImage image = as::place_object(obj, layout);
  if (a64) {
    auto& raw = static_cast<targets::Sme2Machine&>(m).raw();
    raw.load(image);
    raw.start_streaming();
  } else {
    for (const auto& seg : image.segments) m.write_memory(seg.address, seg.bytes);
    sim::set_register(m, fmt::format("pc=0x{:x}", layout.text_base));
  }
  for (const std::string& s : o.sets) sim::set_register(m, s);
  // The snippet ends after its last instruction: a literal pool after it is data, not code to run.
  const uint64_t code_start = layout.text_base;
  uint64_t code_end = code_start;
  for (const auto& line : obj.lines)
    if (obj.sections.at(static_cast<size_t>(line.section)).name == ".text")
      code_end = std::max<uint64_t>(code_end, code_start + line.offset + line.size);
  if (o.encodings)
    for (const auto& line : obj.lines) {
      const std::vector<uint8_t>& code = obj.sections.at(static_cast<size_t>(line.section)).bytes;
      std::string bytes;
      for (size_t i = 0; i < line.size && line.offset + i < code.size(); ++i)
        bytes += fmt::format("{}0x{:02x}", bytes.empty() ? "" : ",", code[line.offset + i]);
      fmt::print("{:<32} @ encoding: [{}]\n", line.text, bytes);
    }
  constexpr uint64_t kMaxSteps = 1'000'000;
  uint64_t steps = 0;
  while (m.pc() >= code_start && m.pc() < code_end && !m.exit_status()) {
    if (++steps > kMaxSteps) throw Fault("step limit", fmt::format("the snippet ran {} instructions", kMaxSteps));
    m.step().rethrow();
  }
  for (const std::string& r : o.shows) fmt::print("{}={}\n", to_lower(r), m.get(r).to_hex());
  return 0;
}

}  // namespace

Action setup_exec(CLI::App& sub, const GlobalOptions&) {
  auto o = std::make_shared<ExecOptions>();
  sub.add_option("--target", o->target, "Target: mve or sme2")->required();
  sub.add_option("--svl", o->svl, "sme2: the streaming vector length in bits (128..2048, a power of two; default 512)");
  sub.add_option("--set", o->sets,
                 "REG=VALUE (0x hex or a decimal integer, negative too) or REG.TYPE=LANE,... before the run "
                 "(registers as docs/machine.md lists them; mve: fpscr keeps LTPSIZE, ltpsize sets it)");
  sub.add_option("--show", o->shows, "Print REG=0x... after the run (full width, lane 0 in the low bits)");
  sub.add_flag("--fp-disabled", o->fp_disabled, "mve: leave CPACR.CP10/CP11 at 0: FP and MVE instructions fault (NOCP)");
  sub.add_option("--at", o->at,
                 "mve: the snippet's address (default 0); the run stops when the PC leaves the snippet, `--show pc` "
                 "then says where it went");
  sub.add_flag("--encodings", o->encodings, "Print each instruction's bytes (mve: T32 halfword order) before running");
  sub.add_option("--spec-dir", o->spec_dir, "Load DIR/<target>/*.isa over the embedded specs");
  add_engine_option(sub);
  sub.add_option("program", o->program, "Instructions separated by ';'")->required();
  return [o]() { return run_exec(*o); };
}

}  // namespace mlisa::cli
