#include "core/number_parse.hpp"

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

}  // namespace mlisa
