// mlisa run: assemble (FILE.s) or load (ELF object, raw image) a program and
// run it: mve (run_mve.cpp) and sme2 (run_sme2.cpp) to a semihosting exit,
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
#include "cli/run_mve.hpp"
#include "cli/run_sme2.hpp"
#include "core/diag.hpp"
#include "sim/npu.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/pipeline.hpp"
#include "targets/tcore/program.hpp"
#include "targets/tools.hpp"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

namespace mlisa::cli {

namespace {

struct RunOptions {
  std::string target, input, dtype = "int8";
  MveRunOptions mve;  // --target mve (run_mve.cpp)
  Sme2RunOptions sme2;  // --target sme2 (run_sme2.cpp; --max-steps and --show are mve's)
  DebugOptions debug;   // --gdb, --trace: mve and sme2 (run_debug.hpp)
  int array = 4;
  bool double_buffer = false;
  int64_t l0a_rows = 8192, l0b_rows = 2048, l0c_rows = 2048, dma_bw = 64, dma_latency = 32;
  int64_t memory = 1 << 20;
  uint64_t max_bundles = uint64_t{1} << 32;
  bool pipeline = false, list_faults = false;  // the pipelined model (docs/pipeline.md)
  std::string fault, pipeview;
};

bool ends_with(const std::string& s, const char* suffix) {
  const std::string x = suffix;
  return s.size() >= x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
}

uint32_t bounded(const char* flag, int64_t v, int64_t lo, int64_t hi) {
  if (v < lo || v > hi) throw UsageError(fmt::format("{} must be between {} and {} (got {})", flag, lo, hi, v));
  return static_cast<uint32_t>(v);
}

int run_run(const RunOptions& o, const GlobalOptions& global) {
  const bool debugging = o.debug.gdb_port >= 0 || !o.debug.trace.empty();
  if (o.target == "mve" || o.target == "armv8.1-m.main+mve.fp") return run_mve(o.mve, o.debug, o.input, global.json);
  if (!o.mve.args.empty())
    throw UsageError(fmt::format("program arguments after FILE are for --target mve (got '{}')", o.mve.args.front()));
  if (o.target == "sme2" || o.target == "armv9-a+sme2")
    return run_sme2(o.sme2, o.debug, o.mve.max_steps, o.mve.shows, o.input, global.json);
  if (debugging) throw UsageError("--gdb and --trace are for --target mve and sme2");
  if (o.target != "tcore") throw UsageError(fmt::format("mlisa run runs mve, sme2 and tcore programs (got --target {})", o.target));
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

  auto t = targets::load_bundle_target(o.target);
  std::ifstream in(o.input, std::ios::binary);
  if (!in) throw InputError(fmt::format("{}: cannot read", o.input));
  std::ostringstream ss;
  ss << in.rdbuf();
  const std::string bytes = ss.str();
  std::vector<as::ObjSection> sections;
  if (ends_with(o.input, ".s") || ends_with(o.input, ".S") || ends_with(o.input, ".asm")) {
    sections = as::assemble_gas(t.isa->isa, targets::gas_target(*t.isa), bytes, o.input).sections;
  } else {
    sections = targets::image_sections(std::vector<uint8_t>(bytes.begin(), bytes.end()), o.input);
  }
  const targets::tcore::Image image = targets::tcore::load_image(*t.isa, sections, o.input);
  auto m = targets::tcore::make_machine(*t.isa, image, memory, cfg);
  if (o.pipeline) return targets::tcore::run_pipelined(*m, image.code, o.max_bundles, o.fault, o.pipeview, global.json);
  m->run(image.code, o.max_bundles);

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
