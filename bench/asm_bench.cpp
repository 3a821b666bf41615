// The assembler on tcore: bundles assembled per second and bundles exported
// exactly per second, on a generated 100,000-bundle program.
//
// The program: random tcore bundles (random slots, forms, operands, selector
// values and lane contents, seeded), printed canonically; assembling that
// text gives the program image. Exact export of the image (with its
// reassembly check) is the typical case: words that are the canonical
// encoding of their text. The worst case, random words whose invisible bits
// need constraints, is measured on 10,000 of the random words themselves.
//
// The bundles are solved on every core (core/parallel.hpp), so the rates are
// per wall-clock second (UseRealTime: Google Benchmark's CPU time is the
// calling thread's alone); `taskset -c 0` gives the one-core rate.
#include "asm/export.hpp"
#include "asm/gas.hpp"
#include "targets/targets.hpp"
#include "targets/tools.hpp"

#include <benchmark/benchmark.h>

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <random>
#include <string>

namespace {

using namespace mlisa;

const targets::LoadedTarget& tcore() {
  static const targets::LoadedTarget t = targets::load_bundle_target("tcore");
  return t;
}

as::Word random_bundle(const as::Isa& isa, std::mt19937_64& rng) {
  as::Word w = isa.empty_word();
  for (const as::Slot& s : isa.slots()) {
    if (rng() % 3 == 0) continue;
    const as::Form& f = isa.forms()[static_cast<size_t>(s.forms[rng() % s.forms.size()])];
    as::set_field(w, s.def.predicate, rng() % 31);
    for (const as::FieldDef& fd : f.def.fields)
      as::set_field(w, fd.field, fd.symbols.empty() ? rng() : fd.symbols[rng() % fd.symbols.size()].first);
    for (int g : f.globals) as::set_field(w, isa.globals()[static_cast<size_t>(g)].def.field, rng());
    f.fixed.apply(w);
  }
  return w;
}

struct Program {
  std::vector<as::Word> random;  // decodable random words
  std::string text;              // their canonical listing
  std::string gas_text;          // the same for the front end: branch targets as byte addresses
  std::vector<as::Word> image;   // the text assembled
};

// MLISA_ASM_BENCH_DUMP=DIR writes the input to DIR (listing.txt, gas.s,
// image.bin, random10k.bin) and the exact listings of the export benchmarks
// (exact.txt, exact_random.txt), to compare the CLI's output before and after a
// change on the benchmark's own input.
void dump(const Program& p) {
  const char* dir = std::getenv("MLISA_ASM_BENCH_DUMP");
  if (!dir) return;
  const std::string d(dir);
  std::ofstream(d + "/listing.txt", std::ios::binary) << p.text;
  std::ofstream(d + "/gas.s", std::ios::binary) << p.gas_text;
  auto write_words = [&](const std::string& name, const std::vector<as::Word>& words) {
    std::ofstream f(d + "/" + name, std::ios::binary);
    for (const as::Word& w : words)
      for (uint8_t b : as::le_bytes(w)) f.put(static_cast<char>(b));
  };
  write_words("image.bin", p.image);
  const std::vector<as::Word> random(p.random.begin(), p.random.begin() + 10000);
  write_words("random10k.bin", random);
  // What the export benchmarks produce.
  std::ofstream(d + "/exact.txt", std::ios::binary) << as::export_listing(tcore().isa->isa, p.image, as::ExportMode::Exact);
  std::ofstream(d + "/exact_random.txt", std::ios::binary) << as::export_listing(tcore().isa->isa, random, as::ExportMode::Exact);
}

const Program& program() {
  static const Program p = [] {
    const as::Isa& isa = tcore().isa->isa;
    Program p;
    std::mt19937_64 rng(42);
    while (p.random.size() < 100000) {
      as::Word w = random_bundle(isa, rng);
      try {
        p.text += as::render_bundle(isa, as::export_bundle(isa, w, as::ExportMode::Canonical)) + "\n";
      } catch (const InputError&) {
        continue;
      }
      p.random.push_back(w);
    }
    p.image = as::assemble_listing(isa, p.text);
    // `br N` (a bundle index in the listing) is `br 64*N` for the front end.
    for (size_t i = 0; i < p.text.size();) {
      const size_t at = p.text.find(" br ", i);
      const size_t end = at == std::string::npos ? p.text.size() : at + 4;
      p.gas_text.append(p.text, i, end - i);
      if (at == std::string::npos) break;
      size_t q = end;
      while (q < p.text.size() && std::isdigit(static_cast<unsigned char>(p.text[q]))) ++q;
      p.gas_text += std::to_string(std::stoull(p.text.substr(end, q - end)) * 64);
      i = q;
    }
    dump(p);
    return p;
  }();
  return p;
}

void BM_AsmAssemble100k(benchmark::State& state) {
  const Program& p = program();
  for (auto _ : state) benchmark::DoNotOptimize(as::assemble_listing(tcore().isa->isa, p.text));
  state.counters["bundles/s"] = benchmark::Counter(static_cast<double>(p.image.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AsmAssemble100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_AsmGasAssemble100k(benchmark::State& state) {
  const Program& p = program();
  const auto gt = targets::gas_target(*tcore().isa);
  for (auto _ : state) benchmark::DoNotOptimize(as::assemble_gas(tcore().isa->isa, gt, p.gas_text, "bench.s"));
  state.counters["bundles/s"] = benchmark::Counter(static_cast<double>(p.image.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AsmGasAssemble100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_AsmExactExport100k(benchmark::State& state) {
  const Program& p = program();
  for (auto _ : state) benchmark::DoNotOptimize(as::export_listing(tcore().isa->isa, p.image, as::ExportMode::Exact));
  state.counters["bundles/s"] = benchmark::Counter(static_cast<double>(p.image.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AsmExactExport100k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

void BM_AsmExactExportRandom10k(benchmark::State& state) {
  const Program& p = program();
  const std::vector<as::Word> words(p.random.begin(), p.random.begin() + 10000);
  for (auto _ : state) benchmark::DoNotOptimize(as::export_listing(tcore().isa->isa, words, as::ExportMode::Exact));
  state.counters["bundles/s"] = benchmark::Counter(static_cast<double>(words.size()), benchmark::Counter::kIsIterationInvariantRate);
}
BENCHMARK(BM_AsmExactExportRandom10k)->Unit(benchmark::kMillisecond)->Iterations(1)->UseRealTime();

}  // namespace
