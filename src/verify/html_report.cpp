#include "verify/html_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>

namespace mlisa::verify {

std::string html_escape(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default: out += c;
    }
  }
  return out;
}

// ---- charts -------------------------------------------------------------

namespace {

constexpr int kBarArea = 420;   // pixels for the longest bar
constexpr int kBarHeight = 9;   // each of the two bars of a group
constexpr int kGroupHeight = 26;
constexpr int kTop = 30;        // room for the title and legend

// Log scale: 0 -> 0, max -> kBarArea.
double bar_length(uint64_t value, uint64_t max) {
  if (value == 0 || max == 0) return 0;
  return std::max(1.0, kBarArea * std::log10(1.0 + value) / std::log10(1.0 + max));
}

int label_width(const std::vector<ChartBar>& bars) {
  size_t longest = 0;
  for (const auto& b : bars) longest = std::max(longest, b.label.size());
  return std::clamp(static_cast<int>(longest) * 7 + 12, 80, 320);
}

std::string bar(const char* cls, double x, double y, double length, const std::string& tip) {
  return fmt::format("<rect class=\"{}\" x=\"{:.1f}\" y=\"{:.1f}\" width=\"{:.1f}\" height=\"{}\"><title>{}</title></rect>",
                     cls, x, y, length, kBarHeight, html_escape(tip));
}

std::string bar_group(const ChartBar& b, int row, int left, uint64_t max) {
  double y = kTop + row * kGroupHeight;
  double cases = bar_length(b.cases, max), failed = bar_length(b.failed, max);
  std::string out = fmt::format("<text class=\"label\" x=\"{}\" y=\"{:.1f}\">{}</text>", left - 6, y + kBarHeight + 3,
                                html_escape(b.label));
  out += bar("cases", left, y, cases, fmt::format("{}: {} cases", b.label, b.cases));
  out += fmt::format("<text class=\"value\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", left + cases + 4, y + kBarHeight - 1, b.cases);
  out += bar("failed", left, y + kBarHeight + 1, failed, fmt::format("{}: {} failed", b.label, b.failed));
  if (b.failed)
    out += fmt::format("<text class=\"value bad\" x=\"{:.1f}\" y=\"{:.1f}\">{}</text>", left + failed + 4,
                       y + 2 * kBarHeight, b.failed);
  return out;
}

}  // namespace

std::string svg_bar_chart(const std::string& title, const std::vector<ChartBar>& bars) {
  uint64_t max = 0;
  for (const auto& b : bars) max = std::max({max, b.cases, b.failed});
  int left = label_width(bars);
  int width = left + kBarArea + 90;
  int height = kTop + static_cast<int>(bars.size()) * kGroupHeight + 6;
  std::string out = fmt::format(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart\" width=\"{0}\" height=\"{1}\" viewBox=\"0 0 {0} {1}\" "
      "role=\"img\" aria-label=\"{2}\">",
      width, height, html_escape(title));
  out += fmt::format("<text class=\"title\" x=\"0\" y=\"14\">{} (log scale)</text>", html_escape(title));
  out += fmt::format("<rect class=\"cases\" x=\"{0}\" y=\"5\" width=\"10\" height=\"10\"/>"
                     "<text class=\"legend\" x=\"{1}\" y=\"14\">cases</text>"
                     "<rect class=\"failed\" x=\"{2}\" y=\"5\" width=\"10\" height=\"10\"/>"
                     "<text class=\"legend\" x=\"{3}\" y=\"14\">failed</text>",
                     width - 150, width - 136, width - 80, width - 66);
  for (size_t i = 0; i < bars.size(); ++i) out += bar_group(bars[i], static_cast<int>(i), left, max);
  return out + "</svg>\n";
}

// ---- the page -----------------------------------------------------------

namespace {

constexpr const char* kStyle = R"(
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em auto; max-width: 60em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: .2em; margin-top: 2em; }
.ok { color: #1a7f37; } .bad { color: #c62828; fill: #c62828; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: .2em .8em; border-bottom: 1px solid #e4e4e4; }
th { text-align: right; background: #f4f4f4; } th:first-child, td:first-child { text-align: left; }
td { text-align: right; font-variant-numeric: tabular-nums; }
tr.total td { font-weight: bold; border-top: 2px solid #999; }
tr.failing td:last-child { color: #c62828; font-weight: bold; }
svg.chart { display: block; margin: 1em 0; font-size: 11px; }
svg .cases { fill: #4a7ab8; } svg .failed { fill: #d32f2f; }
svg .label { text-anchor: end; } svg .title { font-weight: bold; font-size: 12px; }
code { background: #f4f4f4; padding: 0 .3em; }
li { margin: .3em 0; }
)";

std::string coverage_cell(const std::optional<CoverageCounts>& c, bool lines) {
  if (!c) return "<td>-</td>";
  const uint32_t hit = lines ? c->lines_hit : c->branches_hit, all = lines ? c->lines : c->branches;
  return fmt::format("<td>{}/{}</td>", hit, all);
}

std::string table_row(const OperationResult& op, const char* cls, bool coverage) {
  std::string cells = fmt::format("<td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td>", html_escape(op.name),
                                  op.cases, op.nan_cases, op.passed, op.failed);
  if (coverage) cells += coverage_cell(op.coverage, true) + coverage_cell(op.coverage, false);
  return fmt::format("<tr class=\"{}\">{}</tr>\n", cls, cells);
}

std::string suite_table(const SuiteResult& s) {
  const bool coverage =
      std::any_of(s.operations.begin(), s.operations.end(), [](const auto& op) { return op.coverage.has_value(); });
  std::string out = "<table>\n<tr><th>operation</th><th>cases</th><th>NaN cases</th><th>passed</th><th>failed</th>";
  out += coverage ? "<th>lines</th><th>branches</th></tr>\n" : "</tr>\n";
  OperationResult total;
  total.name = "total";
  for (const auto& op : s.operations) {
    out += table_row(op, op.failed ? "failing" : "", coverage);
    OperationResult counts = op;
    counts.coverage.reset();  // operations run different pseudocode: no sum
    add_counts(total, counts);
  }
  return out + table_row(total, "total", coverage) + "</table>\n";
}

std::vector<ChartBar> operation_bars(const SuiteResult& s) {
  std::vector<ChartBar> bars;
  for (const auto& op : s.operations) bars.push_back({op.name, op.cases, op.failed});
  return bars;
}

std::vector<ChartBar> class_bars(const SuiteResult& s) {
  std::map<std::string, ClassCounts> classes;
  for (const auto& op : s.operations)
    for (const auto& [name, c] : op.classes) {
      classes[name].cases += c.cases;
      classes[name].failed += c.failed;
    }
  std::vector<ChartBar> bars;
  for (const auto& [name, c] : classes) bars.push_back({name.empty() ? "(none)" : name, c.cases, c.failed});
  return bars;
}

std::string suite_failures(const SuiteResult& s, uint64_t seed) {
  std::string out;
  for (const auto& op : s.operations)
    for (const auto& f : op.failures)
      out += fmt::format("<li><b>{}</b> case {}: {}<br><code>{}</code></li>\n", html_escape(op.name), f.index,
                         html_escape(f.detail), html_escape(repro_command(s.name, op.name, f.index, seed)));
  return out.empty() ? "" : "<h3>First failures</h3>\n<ul>\n" + out + "</ul>\n";
}

std::string suite_section(const SuiteResult& s, uint64_t seed) {
  std::string out = fmt::format("<section>\n<h2>{} <small>(target {})</small></h2>\n<p>{}</p>\n", html_escape(s.name),
                                html_escape(s.target), html_escape(s.description));
  out += suite_table(s);
  out += svg_bar_chart("Cases and failures per operation", operation_bars(s));
  out += svg_bar_chart("Cases and failures per operand class", class_bars(s));
  return out + suite_failures(s, seed) + "</section>\n";
}

std::string summary(const CampaignResult& r) {
  uint64_t failed = r.total_failed();
  std::string verdict = failed ? fmt::format("<span class=\"bad\">{} of {} cases failed</span>", failed, r.total_cases())
                               : fmt::format("<span class=\"ok\">all {} cases passed</span>", r.total_cases());
  std::string shard = r.shard.n > 1 ? fmt::format(", shard {}/{}", r.shard.k, r.shard.n) : "";
  if (!r.merged_shards.empty()) shard = fmt::format(", {} of {} shards merged", r.merged_shards.size(), r.shard.n);
  return fmt::format("<p>{} &mdash; mlisa {}, seed {}{}, {:.1f} s</p>\n", verdict, html_escape(r.mlisa_version), r.seed,
                     shard, r.elapsed_seconds);
}

}  // namespace

std::string render_html(const CampaignResult& result) {
  std::string out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                    "<title>mlisa verification report</title>\n<style>";
  out += kStyle;
  out += "</style>\n</head>\n<body>\n<h1>mlisa verification report</h1>\n";
  out += summary(result);
  for (const auto& s : result.suites) out += suite_section(s, result.seed);
  return out + "</body>\n</html>\n";
}

}  // namespace mlisa::verify
