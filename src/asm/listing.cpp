#include "asm/listing.hpp"

#include "asm/solver.hpp"
#include "core/parallel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

namespace mlisa::as {

namespace {

constexpr std::string_view kEncoding = ".encoding";

class Parser {
 public:
  Parser(const Isa& isa, std::string_view text, const std::string& file) : isa_(isa), file_(file), text_(text) {
    // Comments become spaces so offsets stay those of the source.
    for (size_t i = 0; i + 1 < text_.size(); ++i) {
      if (text_[i] == '/' && text_[i + 1] == '/') {
        while (i < text_.size() && text_[i] != '\n') text_[i++] = ' ';
      }
    }
    src_ = text;
    line_starts_.push_back(0);
    for (size_t i = 0; i < src_.size(); ++i)
      if (src_[i] == '\n') line_starts_.push_back(i + 1);
  }

  std::vector<BundleText> run() {
    std::vector<BundleText> out;
    for (;;) {
      skip(true);
      if (pos_ >= text_.size()) break;
      if (text_[pos_] == '{') {
        out.push_back(bundle());
      } else if (isa_.single_slot()) {
        out.push_back(line());
      } else {
        error(pos_, "expected '{' to open a bundle");
      }
    }
    return out;
  }

 private:
  // Where off lies. The line's text only for an error here: kept for every
  // instruction and bundle, its copies were a fifth of the time to assemble
  // a listing (assemble_listing adds it to an error it reports).
  SourceLocation loc(size_t off, bool with_text = false) const {
    SourceLocation l;
    l.file = file_;
    const auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), off);
    const size_t line = static_cast<size_t>(it - line_starts_.begin());  // 1-based
    const size_t start = line_starts_[line - 1];
    size_t end = src_.find('\n', start);
    if (end == std::string_view::npos) end = src_.size();
    l.line = static_cast<int>(line);
    if (with_text) l.text = std::string(src_.substr(start, end - start));
    l.col = static_cast<int>(off - start) + 1;
    return l;
  }

  [[noreturn]] void error(size_t off, const std::string& msg) const { throw InputError(loc(off, true), msg); }

  void skip(bool newlines) {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_])) && (newlines || text_[pos_] != '\n'))
      ++pos_;
  }

  // Offset of the first non-space character of [from, to).
  size_t first_char(size_t from, size_t to) const {
    while (from < to && std::isspace(static_cast<unsigned char>(text_[from]))) ++from;
    return from;
  }

  // `name=value, ...` in [from, to).
  void constraints(size_t from, size_t to, std::vector<ConstraintText>& out) {
    size_t p = from;
    int depth = 0;
    size_t start = from;
    auto one = [&](size_t a, size_t b) {
      const size_t s = first_char(a, b);
      const std::string_view item = trim(std::string_view(text_).substr(s, b - s));
      if (item.empty()) error(s, "expected name=value after .encoding");
      const size_t eq = item.find('=');
      if (eq == std::string_view::npos || trim(item.substr(0, eq)).empty() || trim(item.substr(eq + 1)).empty())
        error(s, fmt::format("expected name=value, not '{}'", item));
      out.push_back({std::string(trim(item.substr(0, eq))), std::string(trim(item.substr(eq + 1))), loc(s), std::nullopt});
    };
    for (; p < to; ++p) {
      const char c = text_[p];
      if (c == '(' || c == '[') ++depth;
      else if (c == ')' || c == ']') --depth;
      else if (c == ',' && depth == 0) {
        one(start, p);
        start = p + 1;
      }
    }
    one(start, to);
  }

  // An item [from, to): `.encoding ...` or `slot: insn`.
  void item(size_t from, size_t to, BundleText& b) {
    from = first_char(from, to);
    std::string_view t = trim(std::string_view(text_).substr(from, to - from));
    if (t.empty()) return;
    if (t.starts_with(kEncoding) && (t.size() == kEncoding.size() || std::isspace(static_cast<unsigned char>(t[kEncoding.size()])))) {
      constraints(from + kEncoding.size(), from + t.size(), b.constraints);
      return;
    }
    const size_t colon = t.find(':');
    if (colon != std::string_view::npos && isa_.find_slot(trim(t.substr(0, colon))) >= 0) {
      const size_t at = first_char(from + colon + 1, from + t.size());
      b.insns.push_back({std::string(trim(t.substr(0, colon))), std::string(trim(t.substr(colon + 1))), loc(at)});
      return;
    }
    if (isa_.single_slot()) {
      b.insns.push_back({"", std::string(t), loc(from)});
      return;
    }
    error(from, fmt::format("expected 'slot: instruction', not '{}'", t));
  }

  BundleText bundle() {
    BundleText b;
    const size_t open = pos_;
    b.loc = loc(open);
    ++pos_;
    int depth = 0;
    size_t start = pos_;
    for (;; ++pos_) {
      if (pos_ >= text_.size()) error(open, "unclosed bundle: expected '}'");
      const char c = text_[pos_];
      if (c == '(' || c == '[' || c == '{') ++depth;
      else if ((c == ')' || c == ']') && depth > 0) --depth;
      else if (c == '}' && depth > 0) --depth;
      else if (c == '}' || ((c == ';' || c == '\n') && depth == 0)) {
        item(start, pos_, b);
        start = pos_ + 1;
        if (c == '}') break;
      }
    }
    ++pos_;
    skip(false);
    size_t eol = text_.find('\n', pos_);
    if (eol == std::string::npos) eol = text_.size();
    const std::string_view rest = trim(std::string_view(text_).substr(pos_, eol - pos_));
    if (!rest.empty()) {
      if (!rest.starts_with(kEncoding)) error(pos_, fmt::format("unexpected '{}' after the bundle", rest));
      constraints(pos_ + kEncoding.size(), eol, b.constraints);
    }
    pos_ = eol;
    return b;
  }

  BundleText line() {
    BundleText b;
    size_t eol = text_.find('\n', pos_);
    if (eol == std::string::npos) eol = text_.size();
    b.loc = loc(pos_);
    const std::string_view l(std::string_view(text_).substr(pos_, eol - pos_));
    const size_t enc = l.find(kEncoding);
    const size_t insn_end = enc == std::string_view::npos ? l.size() : enc;
    b.insns.push_back({"", std::string(trim(l.substr(0, insn_end))), loc(pos_)});
    if (enc != std::string_view::npos) constraints(pos_ + enc + kEncoding.size(), eol, b.constraints);
    pos_ = eol;
    return b;
  }

  const Isa& isa_;
  std::string file_;
  std::string text_;
  std::string_view src_;
  std::vector<size_t> line_starts_;
  size_t pos_ = 0;
};

}  // namespace

std::vector<BundleText> parse_listing(const Isa& isa, std::string_view text, const std::string& file) {
  return Parser(isa, text, file).run();
}

std::string render_bundle(const Isa& isa, const BundleText& bundle) {
  std::string out;
  if (isa.single_slot() && bundle.insns.size() == 1) {
    out = bundle.insns[0].text;
  } else {
    out.push_back('{');
    for (size_t i = 0; i < bundle.insns.size(); ++i)
      out += fmt::format("{}{}: {}", i ? "; " : " ", bundle.insns[i].slot, bundle.insns[i].text);
    out += " }";
  }
  for (size_t i = 0; i < bundle.constraints.size(); ++i) {
    out += i ? ", " : " .encoding ";
    out += bundle.constraints[i].render();
  }
  return out;
}

std::string render_listing(const Isa& isa, const std::vector<BundleText>& bundles) {
  std::string out;
  for (const auto& b : bundles) out += render_bundle(isa, b) + "\n";
  return out;
}

void rethrow_with_line(const InputError& e, std::string_view text) {
  SourceLocation l = e.location();
  if (!l.text.empty() || l.line < 1) throw e;
  size_t start = 0;
  for (int line = 1; line < l.line && start != std::string_view::npos; ++line) {
    start = text.find('\n', start);
    if (start != std::string_view::npos) ++start;
  }
  if (start == std::string_view::npos) throw e;
  const size_t end = text.find('\n', start);
  l.text = std::string(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
  throw InputError(std::move(l), e.message());
}

std::vector<Word> assemble_listing(const Isa& isa, std::string_view text, const std::string& file) {
  try {
    const std::vector<BundleText> bundles = parse_listing(isa, text, file);
    std::vector<Word> out(bundles.size());
    parallel_for(bundles.size(), [&](size_t i) { out[i] = assemble(isa, bundles[i]).word; });
    return out;
  } catch (const InputError& e) {
    rethrow_with_line(e, text);
  }
}

std::string label_name(uint64_t offset) { return offset == 0 ? "entry" : fmt::format("L_{:04x}", offset); }

}  // namespace mlisa::as
