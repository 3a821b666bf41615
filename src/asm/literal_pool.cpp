#include "asm/literal_pool.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <vector>

namespace mlisa::as {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }
bool space(char c) { return c == ' ' || c == '\t'; }

// The section a directive line enters (`.text`, `.data`, `.bss`, `.section
// NAME, ...`), or "".
std::string_view section_entered(std::string_view code) {
  if (code == ".text" || code == ".data" || code == ".bss") return code;
  if (!code.starts_with(".section") || code.size() < 10 || !space(code[8]) || code.find(';') != std::string_view::npos) return {};
  std::string_view name = trim(code.substr(8));
  return name.substr(0, std::min(name.find_first_of(" \t,"), name.size()));
}

// Where the statement starts after the labels before it (`a: b: ldr ...`).
size_t after_labels(std::string_view code) {
  size_t p = 0;
  auto skip_space = [&] {
    while (p < code.size() && space(code[p])) ++p;
  };
  skip_space();
  for (;;) {
    size_t q = p;
    if (q < code.size() && (std::isalpha(static_cast<unsigned char>(code[q])) || code[q] == '_' || code[q] == '.' || code[q] == '$'))
      while (q < code.size() && word_char(code[q])) ++q;
    if (q == p || q >= code.size() || code[q] != ':') return p;
    p = q + 1;
    skip_space();
  }
}

// `label: ... <mnemonic> <reg>, =<value>[; more]`: the parts, or false. Read
// by hand, not by std::regex, whose matcher recurses per character (a long
// line would overflow the stack). `rest` is what follows the first
// statement (`; nop`), kept after what replaces it.
struct LoadLine {
  std::string_view prefix, mnemonic, reg, value, rest;
  size_t eq = 0;  // where the `=` stands
};
bool read_load(std::string_view code, LoadLine& out) {
  size_t p = after_labels(code);
  auto skip_space = [&] {
    while (p < code.size() && space(code[p])) ++p;
  };
  out.prefix = code.substr(0, p);
  const size_t m = p;
  if (p >= code.size() || !std::isalpha(static_cast<unsigned char>(code[p]))) return false;
  while (p < code.size() && (std::isalnum(static_cast<unsigned char>(code[p])) || code[p] == '_' || code[p] == '.')) ++p;
  out.mnemonic = code.substr(m, p - m);
  if (p >= code.size() || !space(code[p])) return false;
  skip_space();
  const size_t r = p;
  while (p < code.size() && (std::isalnum(static_cast<unsigned char>(code[p])) || code[p] == '_')) ++p;
  if (p == r) return false;
  out.reg = code.substr(r, p - r);
  skip_space();
  if (p >= code.size() || code[p] != ',') return false;
  ++p;
  skip_space();
  if (p >= code.size() || code[p] != '=') return false;
  out.eq = p;
  const std::string_view after = code.substr(p + 1);
  const size_t end = std::min(after.find(';'), after.size());
  out.value = trim(after.substr(0, end));
  out.rest = after.substr(end);
  return true;
}

}  // namespace

bool LiteralPools::statement(std::string_view code, size_t origin, const Constant& constant, std::vector<Line>& out) {
  out.clear();
  const std::string_view t = trim(code);
  if (const std::string_view name = section_entered(t); !name.empty()) {
    current_ = std::string(name);
    Pool& p = pools_[current_];
    if (p.enter.empty()) p.enter = std::string(t);
    return false;
  }
  const size_t at = after_labels(code);
  if (const std::string_view directive = trim(code.substr(at)); directive == ".ltorg" || directive == ".pool") {
    if (at > 0) out.push_back({std::string(trim(code.substr(0, at))), origin});  // its labels stay where the pool starts
    if (auto it = pools_.find(current_); it != pools_.end()) flush(it->second, out);
    return true;
  }
  LoadLine load;
  if (code.find('=') == std::string_view::npos || !read_load(code, load)) return false;
  const std::optional<int64_t> value = constant(load.value);
  const LiteralLoad how = rule_(load.mnemonic, load.reg, value);
  if (!how.instead.empty()) {
    out.push_back({fmt::format("{}{}{}", load.prefix, how.instead, load.rest), origin});
    return true;
  }
  if (!how.size) return false;
  // The word holds the value the load sees (a constant redefined later keeps it).
  const std::string written = value ? std::to_string(*value) : std::string(load.value);
  Pool& p = pools_[current_];
  if (p.enter.empty()) p.enter = current_ == ".text" ? ".text" : ".section " + current_;
  if (p.words.empty()) p.origin = origin;
  if (std::find(order_.begin(), order_.end(), current_) == order_.end()) order_.push_back(current_);
  const auto same = std::find_if(p.words.begin(), p.words.end(), [&](const Word& w) { return w.value == written && w.size == how.size; });
  const std::string label = same == p.words.end() ? fmt::format(".Lmlisa_literal{}", labels_++) : same->label;
  const size_t value_at = static_cast<size_t>(load.value.data() - code.data());
  if (same == p.words.end()) p.words.push_back({written, label, how.size, origin, value ? 0 : value_at});
  // The load as written up to its `=`, the label in place of `=VALUE`.
  out.push_back({fmt::format("{}{}{}", code.substr(0, load.eq), label, load.rest), origin, load.eq, load.eq});
  return true;
}

void LiteralPools::flush(Pool& p, std::vector<Line>& out) {
  for (const Word& w : p.words) {
    out.push_back({fmt::format(".balign {}, 0", w.size), w.origin});
    const std::string head = fmt::format("{}: {} ", w.label, w.size == 8 ? ".quad" : ".word");
    out.push_back({head + w.value, w.origin, w.was ? head.size() : 0, w.was});
  }
  p.words.clear();
}

std::vector<LiteralPools::Line> LiteralPools::rest() {
  std::vector<Line> out;
  for (const std::string& name : order_) {
    Pool& p = pools_[name];
    if (p.words.empty()) continue;
    out.push_back({p.enter, p.origin});
    flush(p, out);
  }
  return out;
}

}  // namespace mlisa::as
