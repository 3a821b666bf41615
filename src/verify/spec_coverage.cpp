#include "verify/spec_coverage.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace mlisa::verify {

CoverageCounts coverage_counts(const spec::Coverage& coverage, const std::vector<const spec::Block*>& blocks,
                               const spec::SourceSet& sources) {
  const spec::Coverage::Summary s = coverage.summarize(blocks);
  auto where = [&](const spec::Loc& loc) {
    const std::string file = loc.file < sources.size() ? sources.name(loc.file) : "?";
    return fmt::format("{}:{}", file, loc.line);
  };
  CoverageCounts out{s.lines, s.lines_hit, s.branches, s.branches_hit, {}};
  for (const spec::Loc& l : s.missed_lines) out.missed.push_back(where(l));
  for (const auto& [loc, arm] : s.missed_branches) out.missed.push_back(fmt::format("{} arm {}", where(loc), arm));
  std::sort(out.missed.begin(), out.missed.end());
  out.missed.erase(std::unique(out.missed.begin(), out.missed.end()), out.missed.end());
  return out;
}

}  // namespace mlisa::verify
