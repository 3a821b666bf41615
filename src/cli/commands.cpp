#include "cli/command.hpp"

namespace mlisa::cli {

// The one table of subcommands, in the order --help lists them.
static const CommandSpec kCommands[] = {
    {"fp", "Calculator over the Arm floating-point library", &setup_fp},
    {"verify", "Run the verification campaign (the main job)", &setup_verify},
};

std::span<const CommandSpec> commands() { return kCommands; }

}  // namespace mlisa::cli
