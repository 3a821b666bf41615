#include "asm/literal_pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <cctype>
#include <vector>

namespace mlisa::as {

namespace {

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$'; }
bool space(char c) { return c == ' ' || c == '\t'; }

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && (space(s.back()) || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// The section a directive line enters (`.text`, `.data`, `.bss`, `.section
// NAME, ...`), or "".
std::string_view section_entered(std::string_view code) {
  if (code == ".text" || code == ".data" || code == ".bss") return code;
  if (!code.starts_with(".section") || code.size() < 10 || !space(code[8]) || code.find(';') != std::string_view::npos) return {};
  std::string_view name = trimmed(code.substr(8));
  return name.substr(0, std::min(name.find_first_of(" \t,"), name.size()));
}

// `label: ... <mnemonic> <reg>, =<value>`: the parts, or false. Read by hand,
// not by std::regex, whose matcher recurses per character (a long line
// would overflow the stack).
struct LoadLine {
  std::string_view prefix, mnemonic, reg, value;
};
bool read_load(std::string_view code, LoadLine& out) {
  size_t p = 0;
  auto skip_space = [&] {
    while (p < code.size() && space(code[p])) ++p;
  };
  skip_space();
  // Labels before the instruction.
  for (;;) {
    size_t q = p;
    if (q < code.size() && (std::isalpha(static_cast<unsigned char>(code[q])) || code[q] == '_' || code[q] == '.' || code[q] == '$'))
      while (q < code.size() && word_char(code[q])) ++q;
    if (q == p || q >= code.size() || code[q] != ':') break;
    p = q + 1;
    skip_space();
  }
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
  out.value = trimmed(code.substr(p + 1));
  return true;
}

}  // namespace

std::string expand_literal_loads(std::string_view text, std::string_view comment, const LiteralRule& rule) {
  if (text.find('=') == std::string_view::npos) return std::string(text);
  struct Word {
    std::string value, label;
    unsigned size;
  };
  struct Pool {
    std::string enter;  // the directive that enters the section
    std::vector<Word> words;
  };
  std::map<std::string, Pool, std::less<>> pools;  // by section name
  std::vector<std::string> order;                  // sections in the order of their first pool word
  std::string current = ".text";
  int labels = 0;
  auto flush = [&](Pool& p) {
    std::string out;
    for (const Word& w : p.words)
      out += fmt::format("{}.balign {}, 0; {}: {} {}", out.empty() ? "" : "; ", w.size, w.label, w.size == 8 ? ".quad" : ".word", w.value);
    p.words.clear();
    return out;
  };
  std::string out;
  out.reserve(text.size());
  size_t at = 0;
  while (at <= text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(at, nl - at);
    const std::string_view code = trimmed(line.substr(0, line.find(comment)));
    std::string replaced;
    bool replace = false;
    LoadLine load;
    if (const std::string_view name = section_entered(code); !name.empty()) {
      current = std::string(name);
      if (!pools.count(current)) pools[current].enter = std::string(code);
    } else if (code == ".ltorg" || code == ".pool") {
      replace = true;
      if (pools.count(current) && !pools[current].words.empty()) replaced = flush(pools[current]);
    } else if (read_load(line.substr(0, line.find(comment)), load)) {
      const LiteralLoad how = rule(load.mnemonic, load.reg, load.value);
      if (!how.instead.empty()) {
        replace = true;
        replaced = fmt::format("{}{}", load.prefix, how.instead);
      } else if (how.size) {
        Pool& p = pools[current];
        if (p.enter.empty()) p.enter = current == ".text" ? ".text" : ".section " + current;
        if (std::find(order.begin(), order.end(), current) == order.end()) order.push_back(current);
        const auto same = std::find_if(p.words.begin(), p.words.end(), [&](const Word& w) { return w.value == load.value && w.size == how.size; });
        const std::string label = same == p.words.end() ? fmt::format(".Lmlisa_literal{}", labels++) : same->label;
        if (same == p.words.end()) p.words.push_back({std::string(load.value), label, how.size});
        replace = true;
        replaced = fmt::format("{}{} {}, {}", load.prefix, load.mnemonic, load.reg, label);
      }
    }
    if (replace) out += replaced;
    else out += line;
    if (nl == text.size()) break;
    out += '\n';
    at = nl + 1;
  }
  // What no .ltorg placed: at the end of its section.
  for (const std::string& name : order)
    if (!pools[name].words.empty()) out += fmt::format("\n{}; {}\n", pools[name].enter, flush(pools[name]));
  return out;
}

}  // namespace mlisa::as
