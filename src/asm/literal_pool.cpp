#include "asm/literal_pool.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <tuple>
#include <vector>

namespace mlisa::as {

std::string expand_literal_loads(std::string_view text, std::string_view comment, const LiteralRule& rule) {
  static const std::regex load(R"(^(\s*(?:[A-Za-z_.$][\w.$]*:\s*)*)([A-Za-z][\w.]*)\s+(\w+)\s*,\s*=\s*(.*?)\s*$)");
  static const std::regex section(R"(^\s*(\.text|\.data|\.bss|\.section\s+[^\s,;]+[^;]*?)\s*$)");
  static const std::regex ltorg(R"(^\s*\.(?:ltorg|pool)\s*$)");
  if (text.find('=') == std::string_view::npos) return std::string(text);
  struct Word {
    std::string value, label;
    unsigned size;
  };
  struct Pool {
    std::string enter;  // the directive that enters the section
    std::vector<Word> words;
  };
  std::map<std::string, Pool> pools;  // by section name
  std::vector<std::string> order;     // sections in the order of their first pool word
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
  size_t at = 0;
  while (at <= text.size()) {
    size_t nl = text.find('\n', at);
    if (nl == std::string_view::npos) nl = text.size();
    std::string line(text.substr(at, nl - at));
    const std::string code = line.substr(0, line.find(comment));
    std::smatch m;
    if (std::regex_match(code, m, section)) {
      const std::string d = m[1];
      current = d.rfind(".section", 0) == 0 ? d.substr(8 + d.substr(8).find_first_not_of(" \t")) : d;
      current = current.substr(0, current.find_first_of(" \t,"));
      if (!pools.count(current)) pools[current].enter = d;
    } else if (std::regex_match(code, m, ltorg)) {
      line = pools.count(current) && !pools[current].words.empty() ? flush(pools[current]) : "";
    } else if (std::regex_match(code, m, load)) {
      const std::string prefix = m[1], mnemonic = m[2], reg = m[3], value = m[4];
      const LiteralLoad how = rule(mnemonic, reg, value);
      if (!how.instead.empty()) {
        line = prefix + how.instead;
      } else if (how.size) {
        Pool& p = pools[current];
        if (p.enter.empty()) p.enter = current == ".text" ? ".text" : ".section " + current;
        if (std::find(order.begin(), order.end(), current) == order.end()) order.push_back(current);
        const auto same = std::find_if(p.words.begin(), p.words.end(), [&](const Word& w) { return w.value == value && w.size == how.size; });
        std::string label = same == p.words.end() ? fmt::format(".Lmlisa_literal{}", labels++) : same->label;
        if (same == p.words.end()) p.words.push_back({value, label, how.size});
        line = fmt::format("{}{} {}, {}", prefix, mnemonic, reg, label);
      }
    }
    out += line;
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
