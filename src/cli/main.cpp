// Placeholder entry point (replaced by the CLI work).
#include "cli/command.hpp"
int main(int argc, char** argv) {
  CLI::App app{"mlisa"};
  mlisa::cli::GlobalOptions global;
  std::vector<mlisa::cli::Action> actions;
  for (const auto& c : mlisa::cli::commands()) actions.push_back(c.setup(*app.add_subcommand(c.name, c.summary), global));
  CLI11_PARSE(app, argc, argv);
  return 0;
}
