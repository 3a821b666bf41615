// mlisa-spec2cpp TARGET OUT.cpp [SUMMARY.txt]: translates the embedded specs of
// TARGET (isa/TARGET/*.isa) to C++ (src/spec/translate.hpp,
// docs/compiled.md). Run by the build; a construct it cannot compile is an
// error at its file:line:col.
#include "core/diag.hpp"
#include "spec/specfile.hpp"
#include "spec/translate.hpp"
#include "targets/targets.hpp"

#include <fmt/format.h>

#include <fstream>
#include <iostream>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: mlisa-spec2cpp TARGET OUT.cpp [SUMMARY.txt]\n";
    return 2;
  }
  const std::string target = argv[1];
  try {
    auto spec = mlisa::spec::TargetSpec::load(target, mlisa::spec::embedded_specs(target),
                                              mlisa::targets::all_builtins());
    const auto r = mlisa::spec::translate(*spec, mlisa::targets::all_builtins());
    const std::string tmp = std::string(argv[2]) + ".tmp";
    {
      std::ofstream out(tmp);
      out << r.code;
      if (!out) throw mlisa::InputError(fmt::format("cannot write {}", tmp));
    }
    // Rewrite only when it changed, so that an unchanged spec does not rebuild.
    std::ifstream old(argv[2]);
    std::string before((std::istreambuf_iterator<char>(old)), std::istreambuf_iterator<char>());
    if (before != r.code) std::rename(tmp.c_str(), argv[2]);
    else std::remove(tmp.c_str());
    if (argc > 3) {
      std::ofstream s(argv[3]);
      s << fmt::format("{}: {} functions, {} encodings\n", target, r.functions, r.encodings);
      s << "typed builtin calls:";
      for (const auto& [n, c] : r.typed) s << " " << n << "(" << c << ")";
      s << "\nbridged builtin calls:";
      for (const auto& [n, c] : r.bridged) s << " " << n << "(" << c << ")";
      s << "\n";
    }
  } catch (const mlisa::Error& e) {
    std::cerr << e.what() << "\n";
    return 1;
  }
  return 0;
}
