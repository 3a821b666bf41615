#include "targets/targets.hpp"

#include "core/diag.hpp"
#include "spec/engine.hpp"
#include "targets/mve/builtins.hpp"
#include "targets/mve/machine.hpp"
#include "targets/sme2/machine.hpp"
#include "targets/tcore/machine.hpp"

#include <fmt/format.h>

namespace mlisa::targets {

void add_target_builtins(spec::BuiltinTable& table) {
  tcore::add_builtins(table);
  mve::add_builtins(table);
  sme2::add_builtins(table);
}

const spec::BuiltinTable& all_builtins() {
  static const spec::BuiltinTable table = [] {
    spec::BuiltinTable t = spec::language_builtins();
    add_target_builtins(t);
    return t;
  }();
  return table;
}

namespace {

std::vector<spec::SpecSource> target_sources(const std::string& target, const std::optional<std::string>& spec_dir) {
  auto sources = spec::specs_with_dir(target, spec_dir);
  if (sources.empty()) {
    std::string known;
    for (const auto& t : spec::embedded_targets()) known += (known.empty() ? "" : ", ") + t;
    throw InputError(fmt::format("unknown target '{}' (known: {})", target, known.empty() ? "none" : known));
  }
  return sources;
}

}  // namespace

LoadedTarget load_bundle_target(const std::string& target, const std::optional<std::string>& spec_dir) {
  LoadedTarget out;
  out.spec = spec::TargetSpec::load(target, target_sources(target, spec_dir), all_builtins());
  out.isa = as::build_isa(*out.spec, &all_builtins());
  return out;
}

LoadedWordTarget load_word_target(const std::string& target, const std::optional<std::string>& spec_dir,
                                  const std::vector<std::string>& features, std::unique_ptr<as::TargetRules> rules) {
  LoadedWordTarget out;
  out.spec = spec::TargetSpec::load(target, target_sources(target, spec_dir), all_builtins());
  out.isa = std::make_unique<as::WordIsa>(*out.spec, all_builtins(), std::move(rules));
  for (const std::string& f : features) out.isa->features().insert(f);
  return out;
}

std::string canonical_target(const std::string& name) {
  if (name == "armv8.1-m.main+mve.fp") return "mve";
  if (name == "armv9-a+sme2") return "sme2";
  return name;
}

bool is_word_target(const std::string& name) {
  const std::string t = canonical_target(name);
  return t == "mve" || t == "sme2";
}

LoadedWordTarget load_word_target(const std::string& name, const std::optional<std::string>& spec_dir) {
  const std::string t = canonical_target(name);
  if (t == "mve") return mve::load(spec_dir);
  if (t == "sme2") return sme2::load(spec_dir);
  throw InputError(fmt::format("'{}' is not a single-word target (mve, sme2)", name));
}

}  // namespace mlisa::targets
