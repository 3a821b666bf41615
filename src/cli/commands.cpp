#include "cli/command.hpp"

#include "spec/compiled.hpp"

namespace mlisa::cli {

// The one table of subcommands, in the order --help lists them.
static const CommandSpec kCommands[] = {
    {"as", "Assemble a source file (tcore bundles, mve T32, sme2 A64) into an ELF object or a raw image", &setup_as},
    {"exec", "Assemble a snippet of a single-word target (mve, sme2) and run it from reset", &setup_exec},
    {"disasm", "Disassemble a raw image or ELF object, canonical or exact", &setup_disasm},
    {"gen", "Generate verification material: the PRM, hazard-covering programs", &setup_gen},
    {"fp", "Calculator over the Arm floating-point library", &setup_fp},
    {"spec", "Spec files of a target: list, show, check; evaluate pseudocode", &setup_spec},
    {"npu", "The tcore matrix unit: tiled GEMM on the cycle-accurate systolic array", &setup_npu},
    {"run", "Run a program (FILE.s, ELF or raw image): mve to its semihosting exit, sme2 to its exit system call, tcore to HALT with the MXU model", &setup_run},
    {"verify", "Run the verification campaign (the main job)", &setup_verify},
    {"cosim", "Run an mve ELF in lock step with QEMU's Cortex-M55 and stop at the first difference", &setup_cosim},
};

std::span<const CommandSpec> commands() { return kCommands; }

void add_engine_option(CLI::App& sub) {
  sub.add_option_function<std::string>(
         "--engine",
         [](const std::string& v) {
           spec::default_engine_kind() = v == "interp" ? spec::EngineKind::Interpreter : spec::EngineKind::Compiled;
         },
         "Pseudocode engine: compiled (the specs compiled to C++ at build time, the default) or interp "
         "(the interpreter; --spec-dir and coverage use it)")
      ->check(CLI::IsMember({"compiled", "interp"}));
}

}  // namespace mlisa::cli
