// mlisa-spec2cpp TARGET OUT PARTS [SUMMARY.txt]: translates the embedded specs
// of TARGET (isa/TARGET/*.isa) to C++ in PARTS translation units,
// OUT_0.cpp ... OUT_<PARTS-1>.cpp (src/spec/translate.hpp, docs/compiled.md).
// Run by the build; a construct it cannot compile is an error at its
// file:line:col.
#include "core/diag.hpp"
#include "spec/specfile.hpp"
#include "spec/translate.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc < 4 || std::atoi(argv[3]) < 1) {
    std::cerr << "usage: mlisa-spec2cpp TARGET OUT PARTS [SUMMARY.txt]\n";
    return 2;
  }
  const std::string target = argv[1];
  const size_t parts = static_cast<size_t>(std::atoi(argv[3]));
  try {
    auto spec = mlisa::spec::TargetSpec::load(target, mlisa::spec::embedded_specs(target),
                                              mlisa::targets::all_builtins());
    const auto r = mlisa::spec::translate(*spec, mlisa::targets::all_builtins(), parts);
    for (size_t p = 0; p < parts; ++p) {
      const std::string path = fmt::format("{}_{}.cpp", argv[2], p), tmp = path + ".tmp";
      {
        std::ofstream out(tmp);
        out << r.parts[p];
        if (!out) throw mlisa::InputError(fmt::format("cannot write {}", tmp));
      }
      // Rewrite only what changed, so that an unchanged part does not rebuild.
      std::ifstream old(path);
      std::string before((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
      if (before != r.parts[p]) std::rename(tmp.c_str(), path.c_str());
      else std::remove(tmp.c_str());
    }
    if (argc > 4) {
      std::ofstream s(argv[4]);
      s << fmt::format("{}: {} functions ({} specializations for fixed widths), {} encodings ({} with a decode kept "
                       "between runs, {} with operations specialized for their decode's widths), {} arguments "
                       "not evaluated (unread, no effect)\n",
                       target, r.functions, r.specializations, r.encodings, r.kept, r.specialized_operations,
                       r.skipped_arguments);
      s << "typed builtin calls:";
      for (const auto& [n, c] : r.typed) s << " " << n << "(" << c << ")";
      s << "\nbridged builtin calls:";
      for (const auto& [n, c] : r.bridged) s << " " << n << "(" << c << ")";
      s << "\nbuiltins reached from a decode that keep it from being kept:";
      for (const auto& [n, c] : r.kept_out_by) s << " " << n << "(" << c << ")";
      s << "\n";
    }
  } catch (const mlisa::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
