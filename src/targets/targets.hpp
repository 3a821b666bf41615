// The targets mlisa knows, for the tools: each target's builtins (the natives
// its specs reach registers and memory through) and, for bundle targets, the
// assembler's bit model built from its specs.
#pragma once

#include "asm/spec_isa.hpp"
#include "asm/word_isa.hpp"
#include "spec/builtins.hpp"
#include "spec/specfile.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlisa::targets {

// Adds every target's natives (tcore: MemRead32, MemWrite32, the matrix-unit
// and DMA stubs) to a table.
void add_target_builtins(spec::BuiltinTable& table);

// The standard, FP and engine builtins plus every target's natives: what the
// spec files of any target are checked against.
const spec::BuiltinTable& all_builtins();

// A loaded bundle target: its specs and its assembler model.
struct LoadedTarget {
  std::unique_ptr<spec::TargetSpec> spec;
  std::unique_ptr<as::SpecIsa> isa;
};

// Loads the target's specs (embedded, merged with --spec-dir) and builds its
// Isa. Throws mlisa::InputError for an unknown target, a target without a
// bundle, or a spec error.
LoadedTarget load_bundle_target(const std::string& target, const std::optional<std::string>& spec_dir = std::nullopt);

// A loaded single-word target (mve, sme2): its specs and its assembler and
// decoder, with the architecture features the target implements.
struct LoadedWordTarget {
  std::unique_ptr<spec::TargetSpec> spec;
  std::unique_ptr<as::WordIsa> isa;
};
// `rules`: what the target says that the generic engine does not (T32's, A64's).
LoadedWordTarget load_word_target(const std::string& target, const std::optional<std::string>& spec_dir,
                                  const std::vector<std::string>& features, std::unique_ptr<as::TargetRules> rules);

// A target's name for its alias (armv8.1-m.main+mve.fp is mve, armv9-a+sme2
// is sme2); any other name unchanged.
std::string canonical_target(const std::string& name);
// mve and sme2 (and their aliases).
bool is_word_target(const std::string& name);
// A single-word target by name, with the features it implements.
LoadedWordTarget load_word_target(const std::string& name, const std::optional<std::string>& spec_dir);

}  // namespace mlisa::targets
