// The instruction reference of a target, generated from its specs
// (docs/reference/: `mlisa spec doc --target T`, `make docs`), and the pieces
// `mlisa spec show` prints an instruction with.
#pragma once

#include "asm/spec_isa.hpp"
#include "spec/specfile.hpp"

#include <string>
#include <vector>

namespace mlisa::targets {

// One generated file: its path relative to the reference folder and its Markdown.
struct ManualPage {
  std::string path;
  std::string text;
};

// The reference of a target. A bundle target (tcore) is one page, `T.md`:
// the bundle (width, shared fields, slots, rules), then every instruction.
// A single-word target (mve, sme2) is a folder `T/`: README.md (the groups
// with their counts, every instruction, every mnemonic with the page that
// holds it, aliases marked), one page per group (per instruction: summary,
// aliases, each encoding's diagram, syntaxes, operands and decode, then the
// operation) and shared.md (the shared pseudocode).
std::vector<ManualPage> reference_pages(const spec::TargetSpec& ts);

// The same reference as one Markdown document (links within it), for stdout.
std::string reference_document(const spec::TargetSpec& ts);

// The manual of a bundle target (the one page of reference_pages).
std::string bundle_manual(const as::SpecIsa& isa);

// An encoding's diagram as a box, the manual's way: bit numbers above (a `|`
// where the diagram has one, each part numbered from its top bit down to 0:
// 15..0 | 15..0 for a 32-bit T32 encoding), each fixed bit, should-be bit
// and field in its columns. One string per line.
std::vector<std::string> draw_diagram(const spec::Encoding& enc);

// An operand mapping as the spec writes it (`reg Q D:Qd`, `table sz '0'=F32 ...`).
std::string describe_operand(const spec::OperandMap& op);

// A bit pattern as written in a spec: most significant first, `x` for don't-care.
std::string pattern_text(const spec::BitPattern& p);

// Lines [first, last] of a source file, the common indentation replaced by
// `indent` spaces (blank lines empty); none when first is 0.
std::vector<std::string> source_lines(const spec::SourceSet& sources, uint32_t file, uint32_t first, uint32_t last,
                                      size_t indent);

}  // namespace mlisa::targets
