#include "asm/number.hpp"

#include "core/number_parse.hpp"

#include <fmt/format.h>

namespace mlisa::as {

namespace {

template <typename... Args>
void say(std::string* why, fmt::format_string<Args...> f, Args&&... args) {
  if (why) *why = fmt::format(f, std::forward<Args>(args)...);  // formatted only when asked for
}

}  // namespace

std::string NumType::name() const {
  switch (kind) {
    case NumKind::Signed: return fmt::format("s{}", width);
    case NumKind::Unsigned: return fmt::format("u{}", width);
    case NumKind::Hex: return fmt::format("x{}", width);
  }
  return "?";
}

bool parse_number(NumType t, std::string_view text, uint64_t& out, std::string* why) {
  const bool is_signed = t.kind == NumKind::Signed;
  const auto st = parse_integer(text, static_cast<int>(t.width), is_signed, out);
  switch (st) {
    case ParseStatus::Ok: return true;
    case ParseStatus::Malformed: say(why, "'{}' is not a number", text); return false;
    case ParseStatus::TooWide: say(why, "{} does not fit in {} bits", text, t.width); return false;
    case ParseStatus::OutOfRange: say(why, "{} is out of range for {}", text, t.name()); return false;
  }
  return false;
}

}  // namespace mlisa::as
