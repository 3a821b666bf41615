#include "asm/word_decoder.hpp"

#include <algorithm>
#include <bit>
#include <map>

namespace mlisa::as {

namespace {

// Candidate lists at or below this size become leaves rather than be split on
// a bit some of them leave open (which copies the others into both children).
constexpr size_t kSmallLeaf = 2;
// A bound on the tree's size for pathological specs: past it, nodes become leaves.
constexpr size_t kMaxNodes = 1u << 16;

}  // namespace

WordDecoder::WordDecoder(const spec::TargetSpec& spec) {
  for (const auto& in : spec.instructions())
    for (const auto& enc : in.encodings) (enc.width <= 64 ? all_ : wide_).push_back({&in, &enc});
  std::vector<uint32_t> widths;
  for (const Candidate& c : all_)
    if (std::find(widths.begin(), widths.end(), c.enc->width) == widths.end()) widths.push_back(c.enc->width);
  for (uint32_t w : widths) {
    std::vector<uint32_t> cands;
    for (uint32_t i = 0; i < all_.size(); ++i)
      if (all_[i].enc->width == w) cands.push_back(i);
    roots_.emplace_back(w, build(std::move(cands), 0, w));
  }
}

uint32_t WordDecoder::build(std::vector<uint32_t> cands, uint64_t tested, uint32_t width) {
  const uint32_t self = static_cast<uint32_t>(nodes_.size());
  nodes_.emplace_back();
  auto mask_of = [&](uint32_t i) { return all_[i].enc->fixed_mask.low64(); };
  auto value_of = [&](uint32_t i) { return all_[i].enc->fixed_value.low64(); };
  auto make_leaf = [&] {
    nodes_[self].leaf_first = static_cast<uint32_t>(leaves_.size());
    nodes_[self].leaf_count = static_cast<uint32_t>(cands.size());
    for (uint32_t i : cands) leaves_.push_back(all_[i]);
    return self;
  };
  if (cands.size() <= 1 || nodes_.size() >= kMaxNodes) return make_leaf();

  const uint64_t width_mask = width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1;
  uint64_t common = width_mask & ~tested;
  for (uint32_t i : cands) common &= mask_of(i);

  std::map<uint64_t, std::vector<uint32_t>> groups;  // value -> candidates, each in spec order
  uint64_t split = common;
  if (common) {
    for (uint32_t i : cands) groups[value_of(i) & common].push_back(i);
  } else {
    if (cands.size() <= kSmallLeaf) return make_leaf();
    // The untested position fixed in the most candidates.
    int best = -1;
    size_t best_count = 0;
    for (uint32_t b = 0; b < width; ++b) {
      const uint64_t bit = uint64_t{1} << b;
      if (tested & bit) continue;
      size_t n = 0;
      for (uint32_t i : cands) n += (mask_of(i) & bit) != 0;
      if (n > best_count) best = static_cast<int>(b), best_count = n;
    }
    if (best < 0) return make_leaf();  // every fixed bit tested: the candidates overlap
    split = uint64_t{1} << best;
    for (uint64_t v : {uint64_t{0}, split})
      for (uint32_t i : cands)
        if (!(mask_of(i) & split) || (value_of(i) & split) == v) groups[v].push_back(i);
  }
  std::vector<std::pair<uint64_t, uint32_t>> children;
  for (auto& [v, g] : groups) children.emplace_back(v, build(std::move(g), tested | split, width));
  nodes_[self].mask = split;
  nodes_[self].children = std::move(children);
  return self;
}

std::span<const WordDecoder::Candidate> WordDecoder::candidates(const spec::Bits& word) const {
  if (word.width() > 64) return wide_;
  const uint32_t* node = nullptr;
  for (const auto& [w, root] : roots_)
    if (w == word.width()) node = &root;
  if (!node) return {};
  const uint64_t x = word.low64();
  uint32_t n = *node;
  while (nodes_[n].mask) {
    const Node& nd = nodes_[n];
    const uint64_t key = x & nd.mask;
    const auto it = std::lower_bound(nd.children.begin(), nd.children.end(), key,
                                     [](const std::pair<uint64_t, uint32_t>& c, uint64_t k) { return c.first < k; });
    if (it == nd.children.end() || it->first != key) return {};
    n = it->second;
  }
  return std::span<const Candidate>(leaves_).subspan(nodes_[n].leaf_first, nodes_[n].leaf_count);
}

std::vector<WordDecoder::Candidate> WordDecoder::linear(const spec::TargetSpec& spec, const spec::Bits& word) {
  std::vector<Candidate> out;
  for (const auto& in : spec.instructions())
    for (const auto& enc : in.encodings)
      if (enc.width == word.width() && enc.matches(word)) out.push_back({&in, &enc});
  return out;
}

size_t WordDecoder::depth_of(uint32_t node) const {
  size_t d = 0;
  for (const auto& c : nodes_[node].children) d = std::max(d, depth_of(c.second));
  return d + 1;
}

size_t WordDecoder::depth() const {
  size_t d = 0;
  for (const auto& r : roots_) d = std::max(d, depth_of(r.second));
  return d;
}

}  // namespace mlisa::as
