// index.html for a campaign report: one self-contained page (inline CSS and
// SVG, no scripts, fonts or other files) with, per suite, the table, a chart
// of cases and failures per operation and one per operand class.
#pragma once

#include "verify/campaign.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace mlisa::verify {

// Escapes & < > " ' for HTML text and attribute values.
std::string html_escape(std::string_view text);

// One bar group of a chart: its label and two counts.
struct ChartBar {
  std::string label;
  uint64_t cases = 0;
  uint64_t failed = 0;
};

// A horizontal bar chart, cases and failures side by side on a log scale.
std::string svg_bar_chart(const std::string& title, const std::vector<ChartBar>& bars);

std::string render_html(const CampaignResult& result);

}  // namespace mlisa::verify
