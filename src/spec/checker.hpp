// The checker: resolves every name of the typed tree, assigns frame slots,
// infers types and checks bit widths where they are known statically (the
// engine checks the rest at run time). The first error throws
// mlisa::InputError as file:line:col with the source line and a caret.
#pragma once

#include "spec/ast.hpp"
#include "spec/builtins.hpp"
#include "spec/parser.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::spec {

// Names the checker accepts without a declaration: architecture feature names
// (FEAT_MVE) and decode outcomes (Decode_UNDEF), which become string constants.
bool is_implicit_name(const std::string& name);

class Checker {
 public:
  Checker(Module& module, const SourceSet& sources, const BuiltinTable& builtins);
  ~Checker();

  // Resolves the module's types, globals and function bodies. Call once, after
  // every file of the module is parsed.
  void check_module();

  // Checks blocks that run in one frame (an instruction's decode then operation
  // sections). `predeclared` are the encoding fields, given slots 0.. in order.
  // Returns the frame size.
  int32_t check_blocks(const std::vector<std::pair<std::string, Type>>& predeclared,
                       const std::vector<Block*>& blocks);

  // Checks an eval program; returns the frame size.
  int32_t check_eval(EvalProgram& program);

 private:
  struct Impl;
  Impl& names();
  Module& module_;
  const SourceSet& sources_;
  const BuiltinTable& builtins_;
  std::unique_ptr<Impl> names_;  // the module-level names, kept between blocks
  size_t names_stamp_ = 0;
};

// Evaluates a constant integer expression already checked (literals, constants,
// arithmetic on them); returns false when it is not constant.
bool fold_integer(const Expr& e, Int* out);

}  // namespace mlisa::spec
