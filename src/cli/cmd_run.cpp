// mlisa run: assemble (FILE.s) or load (ELF object, raw image) a program and
// run it: mve (run_mve.cpp) to a semihosting exit, sme2 (run_sme2.cpp) to its exit system call,
// tcore to halt on the machine with the MXU model (docs/npu.md, "The tcore
// program").
//
//   mlisa run --target tcore [--array N] [--dtype int8|bf16] [--double-buffer]
//             [--l0a-rows R] [--l0b-rows R] [--l0c-rows R] [--dma-bw B] [--dma-latency L]
//             [--memory BYTES] [--max-bundles N] [--json]
//             [--pipeline [--fault NAME] [--pipeview FILE]] FILE
//   mlisa run --target tcore --list-faults
#include "cli/command.hpp"
#include "cli/run_debug.hpp"
#include "cli/run_machine.hpp"
#include "cli/run_mve.hpp"
#include "cli/run_sme2.hpp"
#include "core/diag.hpp"
#include "sim/npu.hpp"
#include "targets/machines.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/pipeline.hpp"
#include "targets/tcore/program.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>

namespace mlisa::cli {

namespace {

struct RunOptions {
  std::string target, input, dtype = "int8";
  MachineRunOptions run;  // every target: --max-steps, --set, --show, --stats (run_machine.hpp)
  MveRunOptions mve;      // --target mve (run_mve.cpp)
  Sme2RunOptions sme2;    // --target sme2 (run_sme2.cpp)
  DebugOptions debug;     // --gdb, --trace: mve and sme2 (run_debug.hpp)
  int array = 4;
  bool double_buffer = false;
  int64_t l0a_rows = 8192, l0b_rows = 2048, l0c_rows = 2048, dma_bw = 64, dma_latency = 32;
  int64_t memory = 1 << 20;
  std::optional<uint64_t> max_steps, max_bundles;
  bool pipeline = false, list_faults = false;  // the pipelined model (docs/pipeline.md)
  std::string fault, pipeview;
};

uint32_t bounded(const char* flag, int64_t v, int64_t lo, int64_t hi) {
  if (v < lo || v > hi) throw UsageError(fmt::format("{} must be between {} and {} (got {})", flag, lo, hi, v));
  return static_cast<uint32_t>(v);
}

int run_run(RunOptions o, const GlobalOptions& global) {
  if (o.max_steps) o.run.max_steps = *o.max_steps;
  const bool debugging = o.debug.gdb_port >= 0 || !o.debug.trace.empty();
  const std::string target = targets::canonical_target(o.target);
  if (target == "mve") return run_mve(o.mve, o.run, o.debug, o.input, global.json);
  if (!o.mve.args.empty())
    throw UsageError(fmt::format("program arguments after FILE are for --target mve (got '{}')", o.mve.args.front()));
  if (target == "sme2")
    return run_sme2(o.sme2, o.run, o.debug, o.mve.spec_dir.empty() ? std::nullopt : std::optional(o.mve.spec_dir),
                    o.input, global.json);
  if (debugging) throw UsageError("--gdb and --trace are for --target mve and sme2");
  if (target != "tcore") throw UsageError(fmt::format("mlisa run runs mve, sme2 and tcore programs (got --target {})", o.target));
  if (o.run.stats) throw UsageError("--stats is for --target mve and sme2");
  if (o.list_faults) {
    for (const auto& f : targets::tcore::fault_catalogue())
      fmt::print("{:<38} {:<8} {}{}\n", f.name, targets::tcore::unit_name(f.unit), f.data_hazard ? "" : "(control) ",
                 f.description);
    return 0;
  }
  if (o.input.empty()) throw UsageError("mlisa run needs a FILE");
  if ((!o.fault.empty() || !o.pipeview.empty()) && !o.pipeline) throw UsageError("--fault and --pipeview need --pipeline");
  sim::NpuConfig cfg;
  cfg.n = o.array;
  if (o.dtype == "int8")
    cfg.dtype = sim::DType::Int8;
  else if (o.dtype == "bf16")
    cfg.dtype = sim::DType::BF16;
  else
    throw UsageError(fmt::format("--dtype must be int8 or bf16 (got '{}')", o.dtype));
  cfg.double_buffer = o.double_buffer;
  cfg.l0a_rows = bounded("--l0a-rows", o.l0a_rows, 1, int64_t{1} << 20);
  cfg.l0b_rows = bounded("--l0b-rows", o.l0b_rows, 1, int64_t{1} << 20);
  cfg.l0c_rows = bounded("--l0c-rows", o.l0c_rows, 1, int64_t{1} << 20);
  cfg.dma_bytes_per_cycle = bounded("--dma-bw", o.dma_bw, 1, int64_t{1} << 30);
  cfg.dma_latency = bounded("--dma-latency", o.dma_latency, 0, int64_t{1} << 30);
  sim::check_config(cfg);
  const size_t memory = bounded("--memory", o.memory, 4, int64_t{1} << 31);

  targets::MachineOptions options;
  options.memory_bytes = memory;
  options.mxu = cfg;
  const auto machine = targets::make_machine("tcore", options);
  auto& tm = static_cast<targets::TcoreMachine&>(*machine);
  for (const std::string& r : o.run.shows) tm.register_info(r);
  tm.load_file(o.input);
  prepare_run(tm, o.run);
  const uint64_t max_bundles = o.max_bundles.value_or(o.max_steps.value_or(uint64_t{1} << 32));
  if (o.pipeline) return targets::tcore::run_pipelined(tm.raw(), tm.code(), max_bundles, o.fault, o.pipeview, global.json);
  tm.run(max_bundles).rethrow();
  const targets::tcore::Machine* m = &tm.raw();

  const sim::RunStats& st = m->mxu().stats();
  if (global.json) {
    nlohmann::json j;
    j["cycles"] = st.cycles;
    j["bundles_executed"] = m->bundles_executed;
    j["pc"] = m->pc;
    nlohmann::json ins = nlohmann::json::array();
    for (size_t i = 0; i < m->mxu_insns().size(); ++i) {
      const auto& mi = m->mxu_insns()[i];
      nlohmann::json one = {{"op", sim::op_name(mi.op.kind)}, {"bundle", mi.bundle},  {"text", mi.text},
                            {"mxu", sim::render(mi.op)},      {"start", st.ops[i].start}, {"cycles", st.ops[i].cycles}};
      if (cfg.dtype == sim::DType::BF16 && mi.op.kind == sim::OpKind::Tmul)
        one["flags"] = fp::flags_to_string(st.ops[i].flags);
      ins.push_back(std::move(one));
    }
    j["instructions"] = std::move(ins);
    if (!o.run.shows.empty()) show_registers(tm, o.run.shows, &j);
    j["traffic"] = {{"l0a", {{"read", st.l0a.read}, {"write", st.l0a.write}}},
                    {"l0b", {{"read", st.l0b.read}, {"write", st.l0b.write}}},
                    {"l0c", {{"read", st.l0c.read}, {"write", st.l0c.write}}},
                    {"mem", {{"read", st.mem.read}, {"write", st.mem.write}}}};
    if (cfg.dtype == sim::DType::BF16) j["flags"] = fp::flags_to_string(st.flags);
    fmt::print("{}\n", j.dump(2));
  } else {
    fmt::print("halted at pc 0x{:08x} after {} bundles\n", m->pc, m->bundles_executed);
    fmt::print("  cycles       {} (the MXU's: {} MXU/DMA instructions)\n", st.cycles, m->mxu_insns().size());
    if (cfg.dtype == sim::DType::BF16) fmt::print("  flags        {}\n", fp::flags_to_string(st.flags));
    show_registers(tm, o.run.shows, nullptr);
  }
  return 0;
}

}  // namespace

Action setup_run(CLI::App& sub, const GlobalOptions& global) {
  auto o = std::make_shared<RunOptions>();
  sub.add_option("--target", o->target, "Target: mve, sme2 or tcore")->required();
  add_engine_option(sub);
  sub.add_option("--array", o->array, "tcore: MXU array size N (N x N PEs), 2..256")->capture_default_str();
  sub.add_option("--dtype", o->dtype, "tcore: MXU data type: int8 (int32 accumulation) or bf16 (fp32)")->capture_default_str();
  sub.add_flag("--double-buffer", o->double_buffer, "tcore: shadow weight registers: LDTILE overlaps the running TMUL");
  sub.add_option("--l0a-rows", o->l0a_rows, "tcore: depth of L0A in rows of N elements")->capture_default_str();
  sub.add_option("--l0b-rows", o->l0b_rows, "tcore: depth of L0B in rows of N elements")->capture_default_str();
  sub.add_option("--l0c-rows", o->l0c_rows, "tcore: depth of L0C in rows of N accumulators")->capture_default_str();
  sub.add_option("--dma-bw", o->dma_bw, "tcore: DMA bytes per cycle")->capture_default_str();
  sub.add_option("--dma-latency", o->dma_latency, "tcore: DMA fixed cycles per transfer")->capture_default_str();
  sub.add_option("--memory", o->memory, "tcore: data memory bytes (at least the data sections)")->capture_default_str();
  sub.add_option("--max-steps", o->max_steps,
                 "Stop with the fault 'step limit' after this many instructions (tcore: bundles; default mve, sme2 "
                 "100000000, tcore 2^32)");
  sub.add_option("--set", o->run.sets,
                 "REG=VALUE (0x hex or a decimal integer, negative too) or REG.TYPE=LANE,... after loading, before the "
                 "run (registers as docs/machine.md lists them; mve: fpscr keeps LTPSIZE, ltpsize sets it)");
  sub.add_option("--show", o->run.shows, "Print REG=0x... after the run (any register of the target)")
      ->allow_extra_args(false);
  sub.add_flag("--stats", o->run.stats, "mve, sme2: print the instructions that ran, counted by encoding, on stderr");
  add_mve_run_options(sub, o->mve);
  add_sme2_run_options(sub, o->sme2);
  add_debug_options(sub, o->debug);
  sub.add_option("--max-bundles", o->max_bundles, "tcore: stop with the fault 'step limit' after this many bundles");
  sub.add_flag("--pipeline", o->pipeline, "tcore: run on the pipelined model (cycles, stalls; docs/pipeline.md)");
  sub.add_option("--fault", o->fault, "tcore --pipeline: inject this pipeline bug (see --list-faults)");
  sub.add_option("--pipeview", o->pipeview, "tcore --pipeline: write a Kanata pipeline log (Konata) to FILE");
  sub.add_flag("--list-faults", o->list_faults, "tcore: list the pipeline bugs --fault takes, and exit");
  sub.add_option("file", o->input, "FILE.s (assembled first), an ELF object or a raw image");
  sub.add_option("args", o->mve.args, "mve: the program's arguments (after --), for semihosting SYS_GET_CMDLINE");
  return [o, &global]() { return run_run(*o, global); };
}

}  // namespace mlisa::cli
