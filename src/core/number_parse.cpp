#include "core/number_parse.hpp"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace mlisa {

namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

uint64_t mask_of(int width) { return width >= 64 ? ~uint64_t{0} : (uint64_t{1} << width) - 1; }

}  // namespace

ParseStatus parse_hex(std::string_view text, int width, uint64_t& out) {
  if (text.size() < 3 || text[0] != '0' || (text[1] != 'x' && text[1] != 'X')) return ParseStatus::Malformed;
  uint64_t v = 0;
  bool wide = false;
  for (size_t i = 2; i < text.size(); ++i) {
    int d = hex_digit(text[i]);
    if (d < 0) return ParseStatus::Malformed;
    if (v >> 60) wide = true;  // a set bit would be shifted out of 64
    v = (v << 4) | static_cast<uint64_t>(d);
  }
  if (wide || (v & ~mask_of(width))) return ParseStatus::TooWide;
  out = v;
  return ParseStatus::Ok;
}

ParseStatus parse_integer(std::string_view text, int width, bool is_signed, uint64_t& out) {
  if (text.size() >= 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) return parse_hex(text, width, out);
  size_t i = 0;
  bool neg = false;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) {
    neg = text[i] == '-';
    ++i;
  }
  if (i == text.size()) return ParseStatus::Malformed;
  // Magnitude limit: 2^(width-1) for a negative signed value, 2^(width-1)-1 for a
  // positive signed value, 2^width-1 unsigned.
  uint64_t limit = is_signed ? (neg ? uint64_t{1} << (width - 1) : (uint64_t{1} << (width - 1)) - 1) : mask_of(width);
  uint64_t v = 0;
  bool over = false;
  for (; i < text.size(); ++i) {
    char c = text[i];
    if (c < '0' || c > '9') return ParseStatus::Malformed;
    uint64_t d = static_cast<uint64_t>(c - '0');
    if (d > limit || v > (limit - d) / 10) over = true;
    else v = v * 10 + d;
  }
  if (over) return ParseStatus::OutOfRange;
  if (neg && !is_signed) return v == 0 ? (out = 0, ParseStatus::Ok) : ParseStatus::OutOfRange;
  out = (neg ? (~v + 1) : v) & mask_of(width);
  return ParseStatus::Ok;
}

size_t scan_integer(std::string_view text, uint64_t& magnitude, bool& negative) {
  size_t n = 0;
  negative = false;
  if (n < text.size() && (text[n] == '-' || text[n] == '+')) negative = text[n++] == '-';
  const bool hex = text.size() > n + 2 && text[n] == '0' && (text[n + 1] == 'x' || text[n + 1] == 'X') &&
                   hex_digit(text[n + 2]) >= 0;
  if (hex) n += 2;
  const size_t digits = n;
  while (n < text.size() && (hex ? hex_digit(text[n]) >= 0 : (text[n] >= '0' && text[n] <= '9'))) ++n;
  if (n == digits) return 0;
  const auto r = std::from_chars(text.data() + digits, text.data() + n, magnitude, hex ? 16 : 10);
  return r.ec == std::errc() ? n : 0;
}

size_t decimal_float_extent(std::string_view s) {
  auto digit = [&](size_t i) { return i < s.size() && s[i] >= '0' && s[i] <= '9'; };
  size_t n = 0;
  if (n < s.size() && (s[n] == '-' || s[n] == '+')) ++n;
  const size_t first = n;
  while (digit(n)) ++n;
  const size_t whole = n - first;
  size_t frac = 0;
  if (n < s.size() && s[n] == '.') {
    ++n;
    while (digit(n)) ++n, ++frac;
  }
  if (whole == 0 && frac == 0) return 0;
  if (n < s.size() && (s[n] == 'e' || s[n] == 'E')) {
    size_t m = n + 1;
    if (m < s.size() && (s[m] == '-' || s[m] == '+')) ++m;
    const size_t exp_digits = m;
    while (digit(m)) ++m;
    if (m > exp_digits) n = m;
  }
  return n;
}

size_t scan_decimal_float(std::string_view s, double& value) {
  const size_t n = decimal_float_extent(s);
  if (n == 0) return 0;
  // strtod of a copy: the token alone, without a '+' (its grammar takes one, but be plain).
  const std::string token(s.substr(s[0] == '+' ? 1 : 0, s[0] == '+' ? n - 1 : n));
  char* end = nullptr;
  value = std::strtod(token.c_str(), &end);
  return end == token.c_str() + token.size() ? n : 0;
}

std::string to_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::optional<NumberedName> numbered_name(std::string_view name) {
  size_t d = name.size();
  while (d > 0 && name[d - 1] >= '0' && name[d - 1] <= '9') --d;
  const size_t digits = name.size() - d;
  if (digits == 0 || digits > 9 || (digits > 1 && name[d] == '0')) return std::nullopt;
  uint32_t n = 0;
  for (size_t i = d; i < name.size(); ++i) n = n * 10 + static_cast<uint32_t>(name[i] - '0');
  return NumberedName{name.substr(0, d), n};
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i]))) return false;
  return true;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

std::string strip_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text)
    if (!std::isspace(static_cast<unsigned char>(c))) out += c;
  return out;
}

std::vector<std::string_view> split_top(std::string_view text, char sep) {
  std::vector<std::string_view> out;
  text = trim(text);
  if (text.empty()) return out;
  int depth = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '(' || c == '[' || c == '{') ++depth;
    else if (c == ')' || c == ']' || c == '}') --depth;
    else if (c == sep && depth == 0) {
      out.push_back(trim(text.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(trim(text.substr(start)));
  return out;
}

std::string hex_le(std::span<const uint8_t> bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out = "0x";
  out.reserve(2 + 2 * bytes.size());
  for (size_t i = bytes.size(); i-- > 0;) {
    out += digits[bytes[i] >> 4];
    out += digits[bytes[i] & 0xf];
  }
  return out;
}

}  // namespace mlisa
