// The parser of the pseudocode language: the ASL dialect printed in the Arm
// manuals, both the Armv8-M style and ASL 1.0 of the current A-profile manual.
// Blocks are delimited by indentation. Errors throw mlisa::InputError with the
// file, line, column and source line.
#pragma once

#include "spec/ast.hpp"

namespace mlisa::spec {

// Top-level declarations (the shared pseudocode of a target, helper functions
// in a spec file): functions, procedures, getters and setters with bodies or as
// bare prototypes (implemented by builtins), enumerations, records, bitfield
// types, type aliases, global variables and constants. Appended to `module`.
void parse_declarations(Module& module, const SourceSet& sources, uint32_t file);

// A block of statements made of lines [first_line, last_line] (1-based, inclusive)
// of a file: a decode or operation section of a spec file. Indentation is
// relative to the first non-blank line.
Block parse_block(Module& module, const SourceSet& sources, uint32_t file, uint32_t first_line,
                  uint32_t last_line);

// For `mlisa spec eval`: statements, where the last one may be an expression
// without a semicolon, whose value is the result (null when there is none).
struct EvalProgram {
  Block block;
  Expr* result = nullptr;
};
EvalProgram parse_eval(Module& module, const SourceSet& sources, uint32_t file);

// A single expression spanning the whole file (tests, command-line options).
Expr* parse_expression(Module& module, const SourceSet& sources, uint32_t file);

}  // namespace mlisa::spec
