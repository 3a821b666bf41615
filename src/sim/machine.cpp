#include "sim/machine.hpp"

#include "core/diag.hpp"
#include "core/fp.hpp"
#include "core/fp_literal.hpp"
#include "core/number_parse.hpp"
#include "core/number_parse.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstring>

namespace mlisa::sim {

using spec::Bits;

void StepResult::rethrow() const {
  if (kind == Kind::Faulted) throw Fault(fault, message);
}

StepResult Machine::run(uint64_t max_steps) {
  for (uint64_t n = 0; n < max_steps; ++n) {
    StepResult r = step();
    if (!r.ok()) return r;
  }
  StepResult r;
  r.kind = StepResult::Kind::Faulted;
  r.fault = "step limit";
  r.pc = pc();
  r.message = fmt::format("{} instructions run without the program ending", max_steps);
  return r;
}

const RegisterInfo* Machine::find_register(std::string_view name) const {
  const std::vector<RegisterInfo>& table = registers();
  if (indexed_ != table.data() || indexed_size_ != table.size()) {
    index_.clear();
    for (size_t i = 0; i < table.size(); ++i) index_.emplace(table[i].name, i);
    indexed_ = table.data();
    indexed_size_ = table.size();
  }
  // Names are looked up as they come (lower case, the common case) before
  // they are lowered.
  auto it = index_.find(std::string(name));
  if (it == index_.end()) it = index_.find(to_lower(name));
  return it == index_.end() ? nullptr : &table[it->second];
}

const RegisterInfo& Machine::register_info(std::string_view name) const {
  if (const RegisterInfo* r = find_register(name)) return *r;
  throw InputError(fmt::format("unknown {} register '{}' (valid: {})", target(), name, register_names()));
}

namespace {

// "r12" -> ("r", 12), "za[3]" -> ("za[", 3); a name without a number at
// its end -> (name, -1).
std::pair<std::string, long> split_number(std::string name) {
  if (!name.empty() && name.back() == ']') name.pop_back();
  size_t i = name.size();
  while (i > 0 && std::isdigit(static_cast<unsigned char>(name[i - 1]))) --i;
  if (i == name.size() || i == 0) return {name, -1};
  return {name.substr(0, i), std::stol(name.substr(i))};
}

}  // namespace

std::string Machine::register_names() const {
  std::string out;
  const auto& regs = registers();
  for (size_t i = 0; i < regs.size();) {
    auto [stem, first] = split_number(regs[i].name);
    size_t j = i + 1;
    long last = first;
    if (first >= 0)
      while (j < regs.size()) {
        auto [s, n] = split_number(regs[j].name);
        if (s != stem || n != last + 1) break;
        last = n;
        ++j;
      }
    const bool bracket = !stem.empty() && stem.back() == '[';
    const std::string range = bracket ? fmt::format("{}{}-{}]", stem, first, last)
                                      : fmt::format("{}{}-{}{}", stem, first, stem, last);
    out += (out.empty() ? "" : ", ") + (last > first ? range : regs[i].name);
    i = j;
  }
  return out;
}

namespace {

// One lane: `nan` (default NaN), `snan` (the signalling NaN with only the
// top fraction bit below the quiet bit set), `snan:0x..`/`nan:0x..`/`0x..`
// (raw bits), `inf`, `-inf`, decimals; integers for s/u/i/x types.
uint64_t parse_lane(const std::string& text, const std::string& type, uint32_t esize) {
  const std::string v = to_lower(text);
  const bool is_float = type[0] == 'f' || type == "bf16";
  if (v.rfind("snan:", 0) == 0 || v.rfind("nan:", 0) == 0) {
    uint64_t out = 0;
    if (!is_float || parse_hex(v.substr(v.find(':') + 1), static_cast<int>(esize), out) != ParseStatus::Ok)
      throw InputError(fmt::format("lane '{}': expected {}:0x... with at most {} bits", text, v.substr(0, v.find(':')), esize));
    return out;
  }
  if (v.rfind("0x", 0) == 0) {
    uint64_t out = 0;
    if (parse_hex(v, static_cast<int>(esize), out) != ParseStatus::Ok)
      throw InputError(fmt::format("lane '{}' is not a hex pattern of at most {} bits", text, esize));
    return out;
  }
  if (is_float) {
    const fp::Format f = type == "bf16" ? fp::Format::BF16
                         : esize == 16  ? fp::Format::F16
                         : esize == 32  ? fp::Format::F32
                                        : fp::Format::F64;
    const auto t = fp::traits(f);
    const uint64_t quiet = uint64_t{1} << (t.frac_bits - 1);
    if (v == "nan") return fp::FPDefaultNaN(f);
    if (v == "snan") return (fp::FPInfinity(f, false)) | (quiet >> 1);
    if (v == "inf" || v == "+inf") return fp::FPInfinity(f, false);
    if (v == "-inf") return fp::FPInfinity(f, true);
    if (const auto bits = fp::decimal_to_format(v, f)) return *bits;
    throw InputError(fmt::format("malformed number '{}'", text));
  }
  uint64_t out = 0;
  const bool is_signed = type[0] == 's' || type[0] == 'i';
  if (parse_integer(v, static_cast<int>(esize), is_signed, out) != ParseStatus::Ok)
    throw InputError(fmt::format("lane '{}' is not a {} value", text, type));
  return out;
}

// VALUE as a register of w bits: 0x hex (at most w bits) or a decimal integer.
Bits parse_value(const std::string& reg, const std::string& value, uint32_t w) {
  Bits out = Bits::zeros(w);
  uint64_t lo = 0;
  std::string digits = to_lower(value);
  if (digits.rfind("0x", 0) != 0) {
    // A decimal integer, signed or unsigned; a negative one fills the register's upper bits.
    const int bits = static_cast<int>(std::min<uint32_t>(w, 64));
    if (parse_integer(digits, bits, true, lo) != ParseStatus::Ok && parse_integer(digits, bits, false, lo) != ParseStatus::Ok)
      throw InputError(fmt::format("--set {}: '{}' is neither a 0x hex value nor an integer of {} bits (or give lanes: "
                                   "{}.f32=...)",
                                   reg, value, w, reg));
    out.set_slice(0, Bits(static_cast<uint32_t>(bits), lo));
    if (w > 64 && !digits.empty() && digits[0] == '-') out.set_slice(64, Bits::ones(w - 64));
    return out;
  }
  digits = digits.substr(2);
  if (digits.empty() || digits.size() > static_cast<size_t>((w + 3) / 4))
    throw InputError(fmt::format("--set {}: '{}' does not fit in {} bits", reg, value, w));
  for (size_t end = digits.size(), chunk = 0; end > 0; ++chunk) {
    const size_t start = end > 16 ? end - 16 : 0;
    const uint32_t at = static_cast<uint32_t>(chunk) * 64;
    if (parse_hex("0x" + digits.substr(start, end - start), static_cast<int>(std::min<uint32_t>(64, w - at)), lo) !=
        ParseStatus::Ok)
      throw InputError(fmt::format("--set {}: '{}' is not a hex value of at most {} bits", reg, value, w));
    out.set_slice(at, Bits(std::min<uint32_t>(64, w - at), lo));
    end = start;
  }
  return out;
}

}  // namespace

void set_register(Machine& m, const std::string& item) {
  const size_t eq = item.find('=');
  if (eq == std::string::npos) throw UsageError(fmt::format("--set '{}': expected REG=VALUE", item));
  std::string reg = to_lower(trim(std::string_view(item).substr(0, eq)));
  const std::string value(trim(std::string_view(item).substr(eq + 1)));
  std::string type;
  if (const size_t dot = reg.find('.'); dot != std::string::npos) {
    type = reg.substr(dot + 1);
    reg = reg.substr(0, dot);
  }
  const RegisterInfo& info = m.register_info(reg);
  const uint32_t w = info.width;
  Bits out = Bits::zeros(w);
  if (type.empty()) {
    out = parse_value(reg, value, w);
  } else {
    static const std::vector<std::string> types = {"s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "i8", "i16",
                                                   "i32", "i64", "x8", "x16", "x32", "x64", "f16", "f32", "f64", "bf16"};
    if (std::find(types.begin(), types.end(), type) == types.end())
      throw InputError(fmt::format("--set {}.{}: unknown lane type (s8..s64, u8..u64, i8..i64, x8..x64, f16, f32, f64)", reg, type));
    const uint32_t esize = static_cast<uint32_t>(std::stoul(type.substr(type == "bf16" ? 2 : 1)));
    if (esize > w) throw InputError(fmt::format("--set {}.{}: lanes wider than the register", reg, type));
    const auto lanes = split_top(value, ',');
    if (lanes.empty()) throw InputError(fmt::format("--set {}.{}: no lanes given", reg, type));
    if (lanes.size() > w / esize)
      throw InputError(fmt::format("--set {}.{}: {} lanes given, the register has {}", reg, type, lanes.size(), w / esize));
    for (size_t i = 0; i < lanes.size(); ++i)
      out.set_slice(static_cast<uint32_t>(i) * esize, Bits(esize, parse_lane(std::string(lanes[i]), type, esize)));
  }
  if (info.write_mask != ~uint64_t{0} && w <= 64) {
    const uint64_t old = m.get(info.name).low64();
    out = Bits(w, (out.low64() & info.write_mask) | (old & ~info.write_mask));
  }
  try {
    m.set(info.name, out);
  } catch (const InputError& e) {
    throw InputError("--set " + e.message());
  }
}

}  // namespace mlisa::sim
