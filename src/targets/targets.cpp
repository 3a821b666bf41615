#include "targets/targets.hpp"

#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "targets/mve/builtins.hpp"
#include "targets/tcore/machine.hpp"

#include <fmt/format.h>

namespace mlisa::targets {

void add_target_builtins(spec::BuiltinTable& table) {
  tcore::add_builtins(table);
  mve::add_builtins(table);
}

const spec::BuiltinTable& all_builtins() {
  static const spec::BuiltinTable table = [] {
    spec::BuiltinTable t;
    spec::add_standard_builtins(t);
    spec::add_fp_builtins(t);
    spec::add_engine_builtins(t);
    add_target_builtins(t);
    return t;
  }();
  return table;
}

LoadedTarget load_bundle_target(const std::string& target, const std::optional<std::string>& spec_dir) {
  auto sources = spec::specs_with_dir(target, spec_dir);
  if (sources.empty()) {
    std::string known;
    for (const auto& t : spec::embedded_targets()) known += (known.empty() ? "" : ", ") + t;
    throw InputError(fmt::format("unknown target '{}' (known: {})", target, known.empty() ? "none" : known));
  }
  LoadedTarget out;
  out.spec = spec::TargetSpec::load(target, std::move(sources), all_builtins());
  out.isa = build_isa(*out.spec);
  return out;
}

}  // namespace mlisa::targets
