// mlisa run --gdb, --trace (run_debug.hpp).
#include "cli/run_debug.hpp"

#include "core/diag.hpp"
#include "sim/gdb_stub.hpp"
#include "sim/trace.hpp"

#include <memory>

#include <fmt/format.h>

namespace mlisa::cli {

void add_debug_options(CLI::App& sub, DebugOptions& o) {
  auto* gdb = sub.add_option("--gdb", o.gdb_port,
                             "mve, sme2: serve gdb (target remote HOST:PORT) on this TCP port; 0 picks a free one");
  sub.add_flag("--gdb-wait", o.gdb_wait, "with --gdb: wait for the debugger before the first instruction")->needs(gdb);
  sub.add_option("--gdb-host", o.gdb_host, "with --gdb: the address to listen on (default 127.0.0.1, this machine only)")
      ->needs(gdb);
  sub.add_option("--trace", o.trace, "mve, sme2: write every instruction run (registers written, memory accessed) to FILE");
  sub.add_option("--trace-format", o.trace_format, "with --trace: text (like QEMU's -d exec,cpu) or jsonl")
      ->capture_default_str();
}

void check_debug_options(const DebugOptions& o) {
  if (o.trace_format != "text" && o.trace_format != "jsonl")
    throw UsageError("--trace-format must be text or jsonl (got '" + o.trace_format + "')");
}

}  // namespace mlisa::cli

namespace mlisa::cli {

std::optional<int> run_debugged(sim::gdb::Target& inner, const DebugOptions& o, uint64_t max_steps) {
  std::unique_ptr<sim::Tracer> tracer;
  std::unique_ptr<sim::TracedTarget> traced;
  if (!o.trace.empty()) {
    tracer = std::make_unique<sim::Tracer>(o.trace, o.trace_format == "jsonl" ? sim::Tracer::Format::Jsonl
                                                                                : sim::Tracer::Format::Text);
    traced = std::make_unique<sim::TracedTarget>(inner, *tracer);
  }
  sim::gdb::Target& target = traced ? static_cast<sim::gdb::Target&>(*traced) : inner;
  if (o.gdb_port < 0) {
    for (uint64_t n = 0; !target.exit_status(); ++n) {
      if (n >= max_steps)
        throw Fault("step limit", fmt::format("{} instructions run without an exit (--max-steps)", max_steps));
      target.step();
    }
    return *target.exit_status();
  }
  sim::gdb::Options options;
  options.host = o.gdb_host;
  options.port = o.gdb_port;
  options.wait = o.gdb_wait;
  sim::gdb::Stub stub(target, options);
  const sim::gdb::Outcome outcome = stub.run(max_steps);
  if (outcome.kind == sim::gdb::Outcome::Exited) return outcome.status;
  fmt::print(stderr, "mlisa: {}; the program did not finish\n",
             outcome.kind == sim::gdb::Outcome::Killed ? "killed by the debugger" : "the debugger disconnected");
  return std::nullopt;
}

}  // namespace mlisa::cli
