// Dependent pairs of the mve ML instructions (the hazards suite,
// mve_hazard_suite.cpp; docs/verify.md "The mve hazards suite").
//
// Nodes are the PRM rows (encodings) the ml suite's forms assemble to. The
// registers of a row are its PRM accesses mapped onto the architectural
// state a pair can share: Q (S[k] is part of Q[k DIV 4], D[k] of
// Q[k DIV 2]), R (operand-indexed; the fixed R[14] read of the low-overhead
// loop machinery is left out, no ML instruction in straight-line code
// depends on it), FPSCR (its fields, but LTPSIZE, which only loop
// instructions change), VPR.P0 and VPR.MASK. An ordered pair (i, j) is
// required for RAW when i writes a class j reads, WAR when i reads one j
// writes, WAW when both write one; except where the architecture forbids the
// two back to back (a VPT's block holds only predicable MVE instructions:
// no VPT, no scalar VMAXNM/VMINNM).
//
// A case of a pair sets every input (edge-biased as in the ml suite), runs
// the producer and then the consumer (inside a VPST or VPT block in the
// predicated variants; a consumer VPT is followed by one block
// instruction), and compares the whole state. The case is confirmed from
// its words: both are decoded, their PRM rows evaluated with the decoded
// fields to concrete registers, and the kind must hold between them.
#pragma once

#include "asm/word_isa.hpp"
#include "verify/hazards.hpp"
#include "verify/mve_cases.hpp"
#include "verify/prm.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mlisa::verify::mve_hazards {

using hazards::Kind;

struct Node {
  size_t row = 0;                // into the matrix's rows
  std::string key;               // "VMAX/T1"
  std::string family;            // "max", "across", "vcmp", ...
  std::vector<mve::Form> forms;  // the ml forms of this encoding
};

struct Pair {
  int producer = 0, consumer = 0;
  Kind kind = Kind::RAW;
  auto operator<=>(const Pair&) const = default;
};

struct Plan {
  std::vector<Node> nodes;
  std::vector<Pair> required;         // ordered by kind, producer family, producer, consumer
  std::vector<std::string> excluded;  // pairs the architecture forbids back to back, one line per pair
};

// The families in table order.
const std::vector<std::string>& families();

// The classes (above) a row reads or writes.
std::set<std::string> row_classes(const prm::Row& row, bool writes);

Plan plan(const prm::Matrix& m, const as::WordIsa& isa);

// The registers (class, element; element -1 for the whole class) a word
// reads and writes by its PRM row, with the decoded fields.
using Element = std::pair<std::string, int64_t>;
struct Effects {
  bool decoded = false;
  std::string key;
  std::set<Element> reads, writes;
};
Effects effects(const prm::Matrix& m, const as::WordIsa& isa, uint32_t word);
bool holds(Kind kind, const Effects& producer, const Effects& consumer);

// Case `variant` of a required pair. `producer_word` is the index of the
// producer in the case's words (the consumer follows); `confirmed` when
// the decoded words have the dependence.
struct PairCase {
  mve::GenCase g;
  size_t producer_word = 0;
  bool confirmed = false;
};
PairCase make_case(const prm::Matrix& m, const as::WordIsa& isa, const Plan& p, const Pair& pair,
                   uint64_t variant, uint64_t seed);

}  // namespace mlisa::verify::mve_hazards
