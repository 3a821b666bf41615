#include "asm/template.hpp"

#include <cctype>

namespace mlisa::as {

namespace {

using Item = TemplateItem;

std::vector<Item> parse_items(std::string_view t, size_t& i, bool nested) {
  std::vector<Item> items;
  std::string lit;
  auto flush = [&] {
    if (!lit.empty()) items.push_back({Item::Kind::Lit, normalise_text(lit), {}});
    lit.clear();
  };
  while (i < t.size()) {
    const char c = t[i];
    if (c == '}' && nested) {
      ++i;
      break;
    }
    if (c == '{') {
      flush();
      // A brace that begins with a space and holds a dash is a register list.
      const size_t close = t.find('}', i);
      const std::string_view body = close == std::string_view::npos ? std::string_view() : t.substr(i + 1, close - i - 1);
      const bool spaced = !body.empty() && body[0] == ' ' && body.back() == ' ';
      if (spaced && body.find('-') != std::string_view::npos && body.find('<') != std::string_view::npos) {
        const size_t lt = body.find('<'), gt = body.find('>', lt), dash = body.find('-', gt);
        // The element suffix: a literal (`.H`), or a literal and a table operand (`.<T>`).
        Item list{Item::Kind::List, std::string(body.substr(lt + 1, gt - lt - 1)), {}};
        size_t at = 0;
        list.items = parse_items(body.substr(gt + 1, dash - gt - 1), at, false);
        items.push_back(std::move(list));
        i = close + 1;
        continue;
      }
      ++i;
      if (spaced) {
        // `{ <ZAt><HV>.S[<Ws>, <offs>] }`: braces the text writes (a list of one tile slice).
        // Normalised text has no space just inside braces: the spaces go.
        std::vector<Item> inner = parse_items(t, i, true);
        for (Item* edge : {inner.empty() ? nullptr : &inner.front(), inner.empty() ? nullptr : &inner.back()})
          if (edge && edge->kind == Item::Kind::Lit) {
            while (!edge->text.empty() && edge->text.front() == ' ') edge->text.erase(0, 1);
            while (!edge->text.empty() && edge->text.back() == ' ') edge->text.pop_back();
          }
        std::erase_if(inner, [](const Item& x) { return x.kind == Item::Kind::Lit && x.text.empty(); });
        items.push_back({Item::Kind::Lit, "{", {}});
        for (Item& x : inner) items.push_back(std::move(x));
        items.push_back({Item::Kind::Lit, "}", {}});
        continue;
      }
      Item opt{Item::Kind::Optional, "", parse_items(t, i, true)};
      // `{<Rd>,}`: an optional first register, the next one when omitted.
      if (opt.items.size() == 2 && opt.items[0].kind == Item::Kind::Operand && opt.items[1].kind == Item::Kind::Lit &&
          opt.items[1].text == ",") {
        opt.same_as_next = true;
        opt.items.push_back({Item::Kind::Same, opt.items[0].text, {}});
        // The space after it: none follows a comma in normalised text.
        size_t j = i;
        while (j < t.size() && t[j] == ' ') ++j;
        i = j;
      }
      items.push_back(std::move(opt));
      continue;
    }
    if (c == '<') {
      flush();
      const size_t e = t.find('>', i);
      items.push_back({Item::Kind::Operand, std::string(t.substr(i + 1, e - i - 1)), {}});
      i = e + 1;
      continue;
    }
    lit += c;
    ++i;
  }
  flush();
  return items;
}

}  // namespace

std::string normalise_text(std::string_view s, bool keep_case, std::vector<size_t>* origin) {
  // ASCII only: the C library's locale-aware isspace/tolower cost more than the rest of a line.
  auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  auto sticky = [](char c) { return c == ',' || c == '[' || c == ']' || c == '#'; };
  std::string out;
  out.reserve(s.size());
  bool pending = false;  // a run of spaces not yet written
  size_t space_at = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (space(c)) {
      if (!pending) space_at = i;
      pending = true;
      continue;
    }
    if (!keep_case && c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    // One space between two characters, none next to , [ ] # nor inside { }.
    if (pending && !out.empty() && !sticky(c) && !sticky(out.back()) && c != '}' && out.back() != '{') {
      out += ' ';
      if (origin) origin->push_back(space_at);
    }
    pending = false;
    out += c;
    if (origin) origin->push_back(i);
    // `#0x0` as `#0`: a syntax's literal zero (`LSL #0`) in llvm-objdump's hex spelling.
    if (c == '#' && i + 3 < s.size() && s[i + 1] == '0' && (s[i + 2] == 'x' || s[i + 2] == 'X')) {
      size_t j = i + 3;
      while (j < s.size() && s[j] == '0') ++j;
      const bool zero = j > i + 3 && (j == s.size() || !(std::isalnum(static_cast<unsigned char>(s[j])) || s[j] == '_' || s[j] == '.'));
      if (zero) {
        out += '0';
        if (origin) origin->push_back(i + 1);
        i = j - 1;
      }
    }
  }
  // Kept: a literal may end with the space before an operand.
  if (pending && (out.empty() || !sticky(out.back()))) {
    out += ' ';
    if (origin) origin->push_back(space_at);
  }
  return out;
}

std::vector<TemplateItem> parse_template(std::string_view syntax) {
  size_t i = 0;
  return parse_items(syntax, i, false);
}

}  // namespace mlisa::as
