// The decision tree of a single-word target's encodings (mve, sme2), built
// once from the diagrams' fixed bits, the way QEMU's decodetree builds one
// from its patterns.
//
// A node splits on a set of bit positions: when some positions are fixed in
// every encoding left, on all of them (one child per value they take); when
// none is, on the one position fixed in the most encodings (two children; an
// encoding whose diagram leaves it open goes to both). A leaf holds the
// encodings left, in spec order, once their fixed bits are all tested or when
// a split no longer narrows them. The leaf a word reaches therefore holds
// every encoding whose fixed bits match it (and maybe a few that do not), in
// the manual's order: the caller tries them in turn exactly as a scan of the
// whole spec would (the first whose decode runs to its end wins; a SEE or
// UNDEFINED moves on), so the priority between overlapping encodings is the
// spec's.
#pragma once

#include "spec/specfile.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace mlisa::as {

class WordDecoder {
 public:
  struct Candidate {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;
  };

  explicit WordDecoder(const spec::TargetSpec& spec);

  // The candidates for a word, in spec order: a superset of the encodings of
  // the word's width whose fixed bits match it (check Encoding::matches).
  std::span<const Candidate> candidates(const spec::Bits& word) const;

  // The reference: every encoding of the spec whose width and fixed bits
  // match the word, in spec order.
  static std::vector<Candidate> linear(const spec::TargetSpec& spec, const spec::Bits& word);

  size_t node_count() const { return nodes_.size(); }
  size_t depth() const;

 private:
  struct Node {
    uint64_t mask = 0;  // the positions this node splits on (0: a leaf)
    // Children by value of (word & mask): sorted (value, node) pairs.
    std::vector<std::pair<uint64_t, uint32_t>> children;
    uint32_t leaf_first = 0, leaf_count = 0;  // a leaf: its slice of leaves_
  };
  uint32_t build(std::vector<uint32_t> cands, uint64_t tested, uint32_t width);
  size_t depth_of(uint32_t node) const;

  std::vector<Candidate> all_;      // every encoding of width <= 64, in spec order
  std::vector<Candidate> leaves_;   // the leaves' candidates, one slice per leaf
  std::vector<Node> nodes_;
  std::vector<std::pair<uint32_t, uint32_t>> roots_;  // (width, root node)
  std::vector<Candidate> wide_;     // encodings wider than 64 bits: scanned linearly
};

}  // namespace mlisa::as
