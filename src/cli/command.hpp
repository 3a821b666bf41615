// The subcommand interface. Every subcommand lives in its own file and is listed
// once in the table in commands.cpp; main.cpp builds the CLI11 app from that table.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <span>

namespace mlisa::cli {

// Options that every subcommand sees.
struct GlobalOptions {
  bool json = false;  // machine-readable output
};

// What runs when the subcommand is chosen; returns the process exit code
// (0 ok, 1 a check failed, 2 bad input or usage, 3 the simulated program faulted).
using Action = std::function<int()>;

struct CommandSpec {
  const char* name;
  const char* summary;
  // Adds options and nested subcommands to `sub`; the returned action runs later,
  // after parsing, reading the options bound here.
  Action (*setup)(CLI::App& sub, const GlobalOptions& global);
};

std::span<const CommandSpec> commands();

// --engine compiled|interp: which engine runs the pseudocode of the machines
// the subcommand builds (spec::default_engine_kind(); docs/compiled.md).
void add_engine_option(CLI::App& sub);

// Setup functions, one per subcommand file.
Action setup_fp(CLI::App& sub, const GlobalOptions& global);
Action setup_verify(CLI::App& sub, const GlobalOptions& global);
Action setup_spec(CLI::App& sub, const GlobalOptions& global);
Action setup_as(CLI::App& sub, const GlobalOptions& global);
Action setup_disasm(CLI::App& sub, const GlobalOptions& global);
Action setup_npu(CLI::App& sub, const GlobalOptions& global);
Action setup_run(CLI::App& sub, const GlobalOptions& global);
Action setup_exec(CLI::App& sub, const GlobalOptions& global);
Action setup_gen(CLI::App& sub, const GlobalOptions& global);
Action setup_cosim(CLI::App& sub, const GlobalOptions& global);

}  // namespace mlisa::cli
