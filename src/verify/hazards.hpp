// Data-hazard test programs from the PRM (seed 002, section 3), for tcore.
//
// Nodes are (encoding, slot) pairs of the PRM whose data operands the
// generator can wire (register files through reg and choice operands, and
// memory). An ordered pair (i, j) with a gap g is required for each hazard
// kind the PRM allows: RAW when i writes a class j reads, WAR when i reads a
// class j writes, WAW when both write one. RAW(i, j) holds exactly when
// WAR(j, i) does, so the graph of required pairs is symmetric, every vertex is
// balanced, and an Eulerian circuit (Hierholzer) of each component covers
// every edge with one instruction per edge: about one instruction per pair,
// against two per pair when every pair is emitted on its own (the seed's
// traversal of every edge).
//
// The program keeps one test register per class (s1, v1, p1) and one scratch
// address (s28) so that consecutive test instructions always depend on each
// other (a second source of the same class reads the entropy register s30 or v30,
// so values keep changing); gaps are empty bundles (or bundles holding only observers).
// Before the Euler segments, the setup and a set of probes meet each bypass
// path, interlock and mux of the pipelined tcore early: a RAW pair per
// (producer unit, consumer unit) at gaps 0..4, predicated producers (p3 false,
// p2 true), back-to-back writers, a fresh p1 guarding each unit, a DMA store to
// a just-written address (docs/pipeline.md, "Fault coverage"). Every
// value a test instruction writes is copied, in the next bundle, by an
// observer in a free vector slot (vbcast for S, vmov for V, a predicated
// vbcast for P) and stored to the results region (base s29) in a later bundle
// whose vls slot is free; test stores land in the scratch region. An
// end-of-run dump of memory therefore compares two implementations.
//
// Coverage is computed by check(), which decodes the assembled words and
// recomputes, from the PRM rows and the decoded fields, which instructions
// read and write which register elements, and which ordered pairs at which
// gaps have a real dependence (no intervening write of the element).
#pragma once

#include "asm/model.hpp"
#include "asm/spec_isa.hpp"
#include "verify/prm.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace mlisa::verify::hazards {

enum class Kind : uint8_t { RAW, WAR, WAW };
const char* kind_name(Kind k);

struct Node {
  size_t row = 0;    // index into the matrix's rows
  std::string slot;
  std::string name;  // "SADD/Sadd@s0"
};

struct Item {
  int producer = 0, consumer = 0;  // node indices
  Kind kind = Kind::RAW;
  int gap = 0;                     // bundles strictly between them
  auto operator<=>(const Item&) const = default;
};

struct Plan {
  std::vector<Node> nodes;
  std::vector<std::string> excluded;  // "BR/Br: writes BranchTaken, a class the generator cannot wire"
  int gap_lo = 0, gap_hi = 0;
  std::set<Item> required;
  // The edges of the graph (ordered node pairs with at least one kind), for the generator.
  std::vector<std::vector<int>> successors;
};

Plan plan(const prm::Matrix& m, const as::SpecIsa& isa, int gap_lo, int gap_hi);

// Hierholzer: an Eulerian circuit of each component of a balanced directed
// graph (loops allowed), as a sequence of vertices; consecutive vertices are
// the edges, each exactly once. Components follow each other.
std::vector<std::vector<int>> euler_circuits(const std::vector<std::vector<int>>& successors);

struct Segment {
  int gap = 0;
  std::vector<int> nodes;
};

struct Program {
  std::string assembly;          // GNU-as source for mlisa as --target tcore
  size_t bundles = 0;
  size_t test_instructions = 0;  // instructions of the hazard sequences
  size_t observer_instructions = 0;
  size_t other_instructions = 0; // setup, base updates, nops, halt
  size_t unobserved = 0;         // values no observer could copy (should be 0)
  uint32_t scratch_base = 0, results_base = 0, results_end = 0;
  size_t memory_bytes = 0;       // memory a run needs
};

struct GenOptions {
  uint64_t seed = 1;
};

Program generate(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, const std::vector<Segment>& segments,
                 const GenOptions& o);

struct Coverage {
  std::set<Item> covered;          // required items found in the program
  size_t required = 0;
  size_t by_kind_required[3] = {0, 0, 0}, by_kind_covered[3] = {0, 0, 0};
  std::vector<Item> missed() const;
  std::vector<Item> missed_items;
};

// Decodes `words` (the code of an assembled program) and recomputes coverage.
Coverage check(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, const std::vector<as::Word>& words);

// The whole flow: Euler segments per gap, check, one patch segment per missed
// item, check again. `words` receives the assembled code.
struct Result {
  Program program;
  Coverage coverage;
  size_t patch_segments = 0;
  size_t baseline_instructions = 0;  // every required (i, j) pair emitted on its own: 2 per pair and gap
};
Result run(const prm::Matrix& m, const as::SpecIsa& isa, int gap_lo, int gap_hi, const GenOptions& o,
           std::vector<as::Word>* words = nullptr);

std::string item_text(const Plan& p, const Item& it);

// A random program of the plan's nodes (the baseline of the hazard suite):
// the same setup and test registers, then `instructions` random nodes, one
// per bundle, each followed by 0..4 empty bundles at random, and halt; no
// observers (the whole final state is compared).
std::string random_program(const prm::Matrix& m, const as::SpecIsa& isa, const Plan& p, size_t instructions,
                           uint64_t seed);

}  // namespace mlisa::verify::hazards
