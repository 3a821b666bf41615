// The mlisa entry point: builds the CLI11 app from the subcommand table
// (commands.cpp), runs the chosen subcommand's action, and turns every error
// into one message and an exit code (ARCHITECTURE.md, Conventions):
//   0 ok, 1 a check failed, 2 bad input or usage, 3 the simulated program faulted.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "cli/command.hpp"
#include "core/diag.hpp"

namespace {

// CLI11 messages can span lines; the convention is one line per error.
std::string one_line(std::string s) {
  for (auto& c : s)
    if (c == '\n' || c == '\r') c = ' ';
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

void print_error(const std::string& text) {
  std::fflush(stdout);
  std::fputs(text.c_str(), stderr);
  std::fputc('\n', stderr);
  std::fflush(stderr);
}

std::string parse_error_message(const CLI::ParseError& e, const CLI::App& app, const std::vector<std::string>& args) {
  std::string msg = one_line(e.what());
  if (dynamic_cast<const CLI::RequiredError*>(&e) && msg.find("subcommand") != std::string::npos) {
    // CLI11 checks for the subcommand before it reports what it could not use.
    auto rest = app.remaining();
    if (!rest.empty()) {
      const std::string& first = rest.front();
      if (first.size() > 1 && first[0] == '-') return "unknown option '" + first + "'";
      std::string names;
      for (const auto& c : mlisa::cli::commands()) names += (names.empty() ? "" : ", ") + std::string(c.name);
      return "unknown subcommand '" + first + "' (expected " + names + ")";
    }
    return msg + " (see 'mlisa --help')";
  }
  if (dynamic_cast<const CLI::ExtrasError*>(&e)) {
    auto rest = app.remaining(true);
    if (!rest.empty()) {
      const std::string& first = rest.front();
      if (first.size() > 2 && first[0] == '-' && first[1] == '-') return "unknown option '" + first + "'";
      // An operand such as -inf looks like an option to CLI11; say how to pass it.
      if (first.size() > 1 && first[0] == '-')
        return "unknown option '" + first + "' (put '--' before operands that start with '-')";
      return "unexpected argument '" + first + "'";
    }
  }
  return msg;
}

int run(int argc, char** argv) {
  CLI::App app{"mlisa: executable semantics, assembler and verification for ML instruction sets", "mlisa"};
  app.set_version_flag("--version", std::string("mlisa ") + MLISA_VERSION);
  mlisa::cli::GlobalOptions global;
  app.add_flag("--json", global.json, "Machine-readable (JSON) output");
  app.fallthrough();  // global options are accepted after the subcommand too
  app.require_subcommand(1);
  app.footer("Run 'mlisa SUBCOMMAND --help' for the options of a subcommand.");

  std::vector<std::pair<CLI::App*, mlisa::cli::Action>> actions;
  for (const auto& spec : mlisa::cli::commands()) {
    CLI::App* sub = app.add_subcommand(spec.name, spec.summary);
    actions.emplace_back(sub, spec.setup(*sub, global));
  }

  std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) return app.exit(e);  // --help, --version
    print_error(mlisa::format_error(parse_error_message(e, app, args)));
    return 2;
  }

  for (auto& [sub, action] : actions) {
    if (sub->parsed()) return action ? action() : 0;
  }
  print_error(mlisa::format_error("no subcommand given (see 'mlisa --help')"));
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    int code = run(argc, argv);
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
      print_error(mlisa::format_error("cannot write to standard output"));
      return code == 0 ? 2 : code;
    }
    return code;
  } catch (const mlisa::Error& e) {
    print_error(e.what());
    return e.exit_code();
  } catch (const CLI::Error& e) {  // raised outside parsing (e.g. while building the app)
    print_error(mlisa::format_error("internal: " + one_line(e.what())));
    return 2;
  } catch (const std::exception& e) {
    print_error(mlisa::format_error(std::string("internal: ") + e.what()));
    return 2;
  } catch (...) {
    print_error(mlisa::format_error("internal: unknown exception"));
    return 2;
  }
}
