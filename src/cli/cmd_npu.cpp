// mlisa npu gemm: a GEMM on the tcore matrix unit (docs/npu.md).
//
//   mlisa npu gemm --m M --k K --n N [--array N] [--dtype int8|bf16] [--double-buffer]
//                  [--seed S | --a A.csv --b B.csv] [--out C.csv] [--emit-asm FILE]
//                  [--vcd FILE] [--trace] [--json] [--model analytic|cycle]
//                  [--l0a-rows R] [--l0b-rows R] [--l0c-rows R] [--dma-bw B] [--dma-latency L]
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "cli/command.hpp"
#include "core/diag.hpp"
#include "sim/gemm.hpp"
#include "sim/npu.hpp"
#include "sim/npu_trace.hpp"
#include "targets/targets.hpp"
#include "targets/tcore/program.hpp"

namespace mlisa::cli {

namespace {

using namespace mlisa::sim;

struct GemmOptions {
  int64_t m = 0, k = 0, n = 0;
  int array = 4;
  std::string dtype = "int8";
  bool double_buffer = false;
  uint64_t seed = 1;
  std::string a_csv, b_csv, out_csv, emit_asm, vcd;
  bool trace = false;
  std::string model = "cycle";
  int64_t l0a_rows = 8192, l0b_rows = 2048, l0c_rows = 2048;
  int64_t dma_bw = 64, dma_latency = 32;
  CLI::Option *m_opt = nullptr, *k_opt = nullptr, *n_opt = nullptr, *seed_opt = nullptr;
};

constexpr int64_t kMaxRows = int64_t{1} << 20;

uint32_t depth(const char* flag, int64_t v) {
  if (v < 1 || v > kMaxRows) throw UsageError(fmt::format("{} must be between 1 and {} (got {})", flag, kMaxRows, v));
  return static_cast<uint32_t>(v);
}

void write_file(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary);
  if (!f) throw InputError(fmt::format("cannot write '{}'", path));
  f << text;
  f.close();
  if (!f) throw InputError(fmt::format("cannot write '{}'", path));
}

std::string traffic_line(const char* name, const Traffic& t) {
  return fmt::format("  {:<6} read {:>12}  write {:>12}\n", name, t.read, t.write);
}

nlohmann::json traffic_json(const Traffic& t) { return {{"read", t.read}, {"write", t.write}}; }

int run_gemm_command(const GemmOptions& o, const GlobalOptions& global) {
  // ---- the command line ----
  NpuConfig cfg;
  cfg.n = o.array;
  if (o.dtype == "int8")
    cfg.dtype = DType::Int8;
  else if (o.dtype == "bf16")
    cfg.dtype = DType::BF16;
  else
    throw UsageError(fmt::format("--dtype must be int8 or bf16 (got '{}')", o.dtype));
  cfg.double_buffer = o.double_buffer;
  cfg.l0a_rows = depth("--l0a-rows", o.l0a_rows);
  cfg.l0b_rows = depth("--l0b-rows", o.l0b_rows);
  cfg.l0c_rows = depth("--l0c-rows", o.l0c_rows);
  if (o.dma_bw < 1 || o.dma_bw > (int64_t{1} << 30)) throw UsageError("--dma-bw must be between 1 and 2^30 bytes per cycle");
  if (o.dma_latency < 0 || o.dma_latency > (int64_t{1} << 30)) throw UsageError("--dma-latency must be between 0 and 2^30");
  cfg.dma_bytes_per_cycle = static_cast<uint32_t>(o.dma_bw);
  cfg.dma_latency = static_cast<uint32_t>(o.dma_latency);
  check_config(cfg);
  const bool analytic = o.model == "analytic";
  if (!analytic && o.model != "cycle") throw UsageError(fmt::format("--model must be analytic or cycle (got '{}')", o.model));
  if (analytic && (!o.out_csv.empty() || !o.vcd.empty() || o.trace))
    throw UsageError("--out, --vcd and --trace need the cycle model (--model cycle)");
  const bool from_files = !o.a_csv.empty() || !o.b_csv.empty();
  if (from_files && (o.a_csv.empty() || o.b_csv.empty())) throw UsageError("--a and --b go together");
  if (from_files && o.seed_opt->count()) throw UsageError("--seed makes random operands; it cannot go with --a/--b");

  // ---- the operands ----
  std::optional<Gemm> gemm;
  int64_t m = o.m, k = o.k, n = o.n;
  if (from_files) {
    Gemm g;
    g.dtype = cfg.dtype;
    g.a = read_matrix_csv(o.a_csv, cfg.dtype);
    g.b = read_matrix_csv(o.b_csv, cfg.dtype);
    if (g.a.cols != g.b.rows)
      throw InputError(fmt::format("A is {}x{} but B is {}x{}: A's columns must equal B's rows", g.a.rows, g.a.cols,
                                   g.b.rows, g.b.cols));
    auto agree = [](CLI::Option* opt, int64_t given, int64_t actual, const char* flag, const char* what) {
      if (opt->count() && given != actual)
        throw UsageError(fmt::format("{} {} disagrees with {} ({})", flag, given, what, actual));
    };
    agree(o.m_opt, o.m, g.a.rows, "--m", "the rows of A");
    agree(o.k_opt, o.k, g.a.cols, "--k", "the columns of A");
    agree(o.n_opt, o.n, g.b.cols, "--n", "the columns of B");
    m = g.m();
    k = g.k();
    n = g.n();
    gemm = std::move(g);
  } else {
    if (!o.m_opt->count() || !o.k_opt->count() || !o.n_opt->count())
      throw UsageError("give the shape with --m, --k and --n (or the operands with --a and --b)");
  }
  GemmPlan plan = plan_gemm(cfg, m, k, n);  // checks the dimensions and buffers
  const RunStats predicted = analytic_run(cfg, plan.mem_bytes, plan.ops);
  if (o.trace && (cfg.n > TraceTable::kMaxArray || predicted.cycles > TraceTable::kMaxCycles))
    throw UsageError(fmt::format("--trace is for small runs (an array of at most {}, at most {} cycles; this one takes {})",
                                 TraceTable::kMaxArray, TraceTable::kMaxCycles, predicted.cycles));
  if (!o.vcd.empty() && predicted.cycles > VcdWriter::kMaxCycles)
    throw UsageError(fmt::format("--vcd: the run takes {} cycles, more than the {} a waveform is kept to", predicted.cycles,
                                 VcdWriter::kMaxCycles));
  // ---- the tcore program, and its run ----
  const targets::LoadedTarget tcore = targets::load_bundle_target("tcore");
  const std::string title =
      from_files ? fmt::format("mlisa npu gemm --a {} --b {} {}", o.a_csv, o.b_csv, targets::tcore::mxu_flags(cfg))
                 : fmt::format("mlisa npu gemm --m {} --k {} --n {} --seed {} {}", m, k, n, o.seed,
                               targets::tcore::mxu_flags(cfg));
  if ((!analytic || !o.emit_asm.empty()) && !gemm) gemm = random_gemm(cfg.dtype, m, k, n, o.seed);
  RunStats stats;
  std::optional<GemmCheck> check;
  std::string trace_text;
  targets::tcore::GemmProgram program;
  uint64_t bundles_executed = 0;
  if (analytic) {
    program = targets::tcore::emit_gemm_program(
        plan, gemm ? &*gemm : nullptr, title,
        (o.emit_asm.empty() ? 0u : targets::tcore::kProgramText) | (global.json ? targets::tcore::kProgramInsns : 0u));
    if (!o.emit_asm.empty()) write_file(o.emit_asm, program.text);
    stats = predicted;
  } else {
    std::unique_ptr<TraceTable> table;
    std::unique_ptr<std::ofstream> vcd_file;
    std::unique_ptr<VcdWriter> vcd;
    struct Both : CycleObserver {
      std::vector<CycleObserver*> to;
      void on_cycle(const CycleView& v, const SystolicArray& a) override {
        for (auto* o : to) o->on_cycle(v, a);
      }
    } both;
    if (o.trace) {
      table = std::make_unique<TraceTable>(plan.ops, cfg.dtype);
      both.to.push_back(table.get());
    }
    if (!o.vcd.empty()) {
      vcd_file = std::make_unique<std::ofstream>(o.vcd, std::ios::binary);
      if (!*vcd_file) throw InputError(fmt::format("cannot write '{}'", o.vcd));
      vcd = std::make_unique<VcdWriter>(*vcd_file, cfg.n, cfg.dtype);
      both.to.push_back(vcd.get());
    }
    targets::tcore::GemmProgramRun run =
        targets::tcore::run_gemm_program(*tcore.isa, plan, *gemm, title, both.to.empty() ? nullptr : &both);
    program = std::move(run.program);
    if (!o.emit_asm.empty()) write_file(o.emit_asm, program.text);
    stats = run.machine->mxu().stats();
    bundles_executed = run.machine->bundles_executed;
    if (vcd) {
      vcd->finish();
      vcd_file->close();
      if (!*vcd_file) throw InputError(fmt::format("cannot write '{}'", o.vcd));
    }
    if (table) trace_text = table->render();
    check = check_gemm(*gemm, run.c, cfg.n);
    if (!o.out_csv.empty()) write_file(o.out_csv, format_result_csv(run.c, m, n, cfg.dtype));
    if (stats.cycles != predicted.cycles)  // the two models are meant to agree exactly
      throw std::logic_error(fmt::format("cycle model {} cycles, analytic model {}", stats.cycles, predicted.cycles));
  }

  const double n2 = static_cast<double>(cfg.n) * cfg.n;
  const double utilization = stats.cycles ? static_cast<double>(plan.macs) / (n2 * static_cast<double>(stats.cycles)) : 0;
  uint64_t tmuls = 0, ldtiles = 0, dmas = 0, tmul_cycles = 0;
  for (size_t i = 0; i < plan.ops.size(); ++i) {
    if (plan.ops[i].kind == OpKind::Tmul) {
      ++tmuls;
      tmul_cycles += stats.ops[i].cycles;
    } else if (plan.ops[i].kind == OpKind::LdTile) {
      ++ldtiles;
    } else {
      ++dmas;
    }
  }
  const bool passed = !check || check->ok;

  if (global.json) {
    nlohmann::json j;
    j["m"] = m;
    j["k"] = k;
    j["n"] = n;
    j["array"] = cfg.n;
    j["dtype"] = o.dtype;
    j["double_buffer"] = cfg.double_buffer;
    j["model"] = o.model;
    j["cycles"] = stats.cycles;
    j["macs"] = plan.macs;
    j["array_macs"] = stats.array_macs;
    j["ideal_cycles"] = plan.ideal_cycles;
    j["tmul_cycles"] = tmul_cycles;
    j["utilization"] = utilization;
    j["traffic"] = {{"l0a", traffic_json(stats.l0a)},
                    {"l0b", traffic_json(stats.l0b)},
                    {"l0c", traffic_json(stats.l0c)},
                    {"mem", traffic_json(stats.mem)}};
    j["tiling"] = {{"rows_per_tmul", plan.mt}, {"k_tiles_per_fill", plan.kc}, {"k_padded", plan.kp}, {"n_padded", plan.np}};
    nlohmann::json ins = nlohmann::json::array();
    for (size_t i = 0; i < plan.ops.size(); ++i) {
      nlohmann::json one = {{"op", op_name(plan.ops[i].kind)},
                            {"bundle", program.insns[i].bundle},
                            {"text", program.insns[i].text},
                            {"mxu", render(plan.ops[i])},
                            {"start", stats.ops[i].start},
                            {"cycles", stats.ops[i].cycles}};
      if (check && cfg.dtype == DType::BF16 && plan.ops[i].kind == OpKind::Tmul)
        one["flags"] = fp::flags_to_string(stats.ops[i].flags);
      ins.push_back(std::move(one));
    }
    j["instructions"] = std::move(ins);
    j["bundles"] = program.bundles;
    if (!analytic) j["bundles_executed"] = bundles_executed;
    if (check) {
      nlohmann::json cj = {{"passed", check->ok}, {"mismatches", check->mismatches}};
      if (!check->ok) cj["first_mismatch"] = check->first_mismatch;
      if (cfg.dtype == DType::BF16) {
        cj["max_rel_error"] = check->max_rel_error;
        cj["flags"] = fp::flags_to_string(stats.flags);
      }
      j["check"] = std::move(cj);
    }
    fmt::print("{}\n", j.dump(2));
  } else {
    if (!trace_text.empty()) fmt::print("{}\n", trace_text);
    fmt::print("npu gemm {}x{}x{} {} on a {}x{} array{}, {} model\n", m, k, n, o.dtype, cfg.n, cfg.n,
               cfg.double_buffer ? " with double-buffered weights" : "", o.model);
    fmt::print("  tiling       {} rows per TMUL, {} K tiles per L0B fill, K padded to {}, N padded to {}\n", plan.mt,
               plan.kc, plan.kp, plan.np);
    fmt::print("  program      {} tcore bundles, {} MXU/DMA instructions ({} TMUL, {} LDTILE, {} DMA){}\n",
               program.bundles, plan.ops.size(), tmuls, ldtiles, dmas, analytic ? "" : ", run to halt");
    fmt::print("  cycles       {} (TMULs {}; ideal bound {} = MACs / N^2)\n", stats.cycles, tmul_cycles,
               plan.ideal_cycles);
    fmt::print("  MACs         {} (array MACs with padding {})\n", plan.macs, stats.array_macs);
    fmt::print("  utilization  {:.2f}% (MACs / (N^2 x cycles))\n", 100 * utilization);
    fmt::print("  traffic (bytes)\n{}{}{}{}", traffic_line("L0A", stats.l0a), traffic_line("L0B", stats.l0b),
               traffic_line("L0C", stats.l0c), traffic_line("memory", stats.mem));
    if (check) {
      if (cfg.dtype == DType::Int8)
        fmt::print("  check        {} (int32 exact against the reference GEMM)\n", check->ok ? "PASS" : "FAIL");
      else
        fmt::print("  check        {} (bit-exact against the reference in the array's order); max relative error "
                   "against binary64 {:.3g}; flags {}\n",
                   check->ok ? "PASS" : "FAIL", check->max_rel_error, fp::flags_to_string(stats.flags));
      if (!check->ok) fmt::print("  mismatches   {}, first {}\n", check->mismatches, check->first_mismatch);
    }
  }
  if (!passed) throw CheckFailed(fmt::format("the MXU result differs from the reference: {}", check->first_mismatch));
  return 0;
}

}  // namespace

Action setup_npu(CLI::App& sub, const GlobalOptions& global) {
  sub.require_subcommand(1);
  CLI::App* gemm = sub.add_subcommand("gemm", "C = A x B on the systolic matrix unit, tiled, checked against a reference");
  auto o = std::make_shared<GemmOptions>();
  o->m_opt = gemm->add_option("--m", o->m, "Rows of A and C");
  o->k_opt = gemm->add_option("--k", o->k, "Columns of A, rows of B");
  o->n_opt = gemm->add_option("--n", o->n, "Columns of B and C");
  gemm->add_option("--array", o->array, "Array size N (N x N PEs), 2..256")->capture_default_str();
  gemm->add_option("--dtype", o->dtype, "int8 (int32 accumulation) or bf16 (fp32 accumulation)")->capture_default_str();
  gemm->add_flag("--double-buffer", o->double_buffer, "Shadow weight registers: LDTILE overlaps the running TMUL");
  o->seed_opt = gemm->add_option("--seed", o->seed, "Seed of the random operands")->capture_default_str();
  gemm->add_option("--a", o->a_csv, "A from a CSV file (M rows of K values)");
  gemm->add_option("--b", o->b_csv, "B from a CSV file (K rows of N values)");
  gemm->add_option("--out", o->out_csv, "Write C as CSV");
  gemm->add_option("--emit-asm", o->emit_asm, "Write the tcore program the run executes (mlisa as / mlisa run)");
  gemm->add_option("--vcd", o->vcd, "Write a VCD waveform of the array's edges and a few PEs");
  gemm->add_flag("--trace", o->trace, "Print the per-cycle PE table (arrays up to 8x8)");
  gemm->add_option("--model", o->model, "cycle (simulate every PE) or analytic (formulas only)")->capture_default_str();
  gemm->add_option("--l0a-rows", o->l0a_rows, "Depth of L0A in rows of N elements")->capture_default_str();
  gemm->add_option("--l0b-rows", o->l0b_rows, "Depth of L0B in rows of N elements")->capture_default_str();
  gemm->add_option("--l0c-rows", o->l0c_rows, "Depth of L0C in rows of N accumulators")->capture_default_str();
  gemm->add_option("--dma-bw", o->dma_bw, "DMA bytes per cycle")->capture_default_str();
  gemm->add_option("--dma-latency", o->dma_latency, "DMA fixed cycles per transfer")->capture_default_str();
  return [o, gemm, &global]() -> int {
    if (gemm->parsed()) return run_gemm_command(*o, global);
    return 0;
  };
}

}  // namespace mlisa::cli
