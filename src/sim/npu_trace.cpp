// The PE table and the VCD waveform (see npu_trace.hpp).
#include "sim/npu_trace.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

namespace mlisa::sim {

namespace {

std::string idx(uint64_t i, uint64_t j) {
  if (i < 10 && j < 10) return fmt::format("{}{}", i, j);
  return fmt::format("[{}][{}]", i, j);
}

std::string acc_value(DType d, uint32_t v) {
  if (d == DType::Int8) return fmt::format("{}", static_cast<int32_t>(v));
  uint64_t bits = fp::to_f64_bits(fp::Format::F32, v);
  double x;
  std::memcpy(&x, &bits, sizeof x);
  return fmt::format("{:g}", x);
}

}  // namespace

void TraceTable::on_cycle(const CycleView& v, const SystolicArray& array) {
  n_ = array.size();
  const int n = n_;
  if (rows_.empty()) {
    std::vector<std::string> head = {"cycle", "t"};
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) head.push_back("PE" + idx(static_cast<uint64_t>(r), static_cast<uint64_t>(c)));
    head.push_back("load");
    head.push_back("out");
    rows_.push_back(std::move(head));
  }
  const bool tmul = v.tmul_op >= 0;
  if (tmul && v.tmul_op != last_tmul_) {
    rows_.push_back({fmt::format("-- op {}: {} (its cycle t=0 is cycle {})", v.tmul_op,
                                 sim::render(ops_[static_cast<size_t>(v.tmul_op)]), v.cycle)});
    last_tmul_ = v.tmul_op;
  }
  std::vector<std::string> row = {fmt::format("{}", v.cycle), tmul ? fmt::format("{}", v.tmul_cycle) : ""};
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      if (!tmul || !array.a_valid(r, c)) {
        row.push_back("-");
        continue;
      }
      const uint64_t i = v.tmul_cycle - static_cast<uint64_t>(r) - static_cast<uint64_t>(c);
      const std::string prod = fmt::format("a{}*b{}", idx(i, static_cast<uint64_t>(r)),
                                           idx(static_cast<uint64_t>(r), static_cast<uint64_t>(c)));
      std::string cell = r == 0 ? prod : "p+" + prod;
      if (r == n - 1) cell = fmt::format("c{}={}", idx(i, static_cast<uint64_t>(c)), cell);
      row.push_back(cell + "=" + acc_value(dtype_, array.psum_reg(r, c)));
    }
  if (v.ldtile_op >= 0) {
    const MxuOp& op = ops_[static_cast<size_t>(v.ldtile_op)];
    row.push_back(fmt::format("B row {} <- l0b[{}]{}", n - 1 - v.ldtile_cycle, op.l0 + (n - 1 - v.ldtile_cycle),
                              array.double_buffered() ? " (shadow)" : ""));
  } else {
    row.push_back("");
  }
  std::string out;
  for (int c = 0; c < n; ++c) {
    if (!tmul || !v.out_valid[c]) continue;
    const uint64_t i = v.tmul_cycle - static_cast<uint64_t>(c) - static_cast<uint64_t>(n);
    if (!out.empty()) out += ' ';
    out += fmt::format("c{}={}", idx(i, static_cast<uint64_t>(c)), acc_value(dtype_, v.out[c]));
  }
  row.push_back(out);
  rows_.push_back(std::move(row));
}

std::string TraceTable::render() const {
  if (rows_.empty()) return "";
  const size_t cols = rows_[0].size();
  std::vector<size_t> width(cols, 0);
  for (const auto& r : rows_)
    if (r.size() == cols)
      for (size_t i = 0; i < cols; ++i) width[i] = std::max(width[i], r[i].size());
  std::string s;
  for (const auto& r : rows_) {
    if (r.size() != cols) {
      s += r[0] + "\n";
      continue;
    }
    std::string line;
    for (size_t i = 0; i < cols; ++i) {
      if (i) line += " | ";
      line += r[i];
      if (i + 1 < cols) line.append(width[i] - r[i].size(), ' ');
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    s += line + "\n";
  }
  return s;
}

// ---- VCD ---------------------------------------------------------------------

VcdWriter::VcdWriter(std::ostream& out, int n, DType dtype) : out_(out), n_(n), dtype_(dtype) {
  lanes_ = std::min(n, kMaxLanes);
  const int in_w = dtype == DType::Int8 ? 8 : 16;
  out_ << "$version mlisa npu (tcore MXU cycle model) $end\n";
  out_ << "$timescale 1ns $end\n";
  out_ << fmt::format("$comment {}x{} {} array; one clock = 10 ns; lanes 0..{} shown $end\n", n, n, dtype_name(dtype),
                      lanes_ - 1);
  out_ << "$scope module mxu $end\n";
  clk_ = add("clk", 1);
  tmul_ = add("tmul_busy", 1);
  ldtile_ = add("ldtile_busy", 1);
  a_in_ = static_cast<int>(sigs_.size());
  for (int r = 0; r < lanes_; ++r) add(fmt::format("a_in_{}", r), in_w);
  a_valid_ = static_cast<int>(sigs_.size());
  for (int r = 0; r < lanes_; ++r) add(fmt::format("a_in_valid_{}", r), 1);
  c_out_ = static_cast<int>(sigs_.size());
  for (int c = 0; c < lanes_; ++c) add(fmt::format("c_out_{}", c), 32);
  c_valid_ = static_cast<int>(sigs_.size());
  for (int c = 0; c < lanes_; ++c) add(fmt::format("c_out_valid_{}", c), 1);
  const std::pair<int, int> picks[] = {{0, 0}, {0, n - 1}, {n / 2, n / 2}, {n - 1, 0}, {n - 1, n - 1}};
  for (const auto& p : picks)
    if (std::find(pes_.begin(), pes_.end(), p) == pes_.end()) pes_.push_back(p);
  pe_sigs_ = static_cast<int>(sigs_.size());
  for (const auto& [r, c] : pes_) {
    add(fmt::format("pe_{}_{}_a_reg", r, c), in_w);
    add(fmt::format("pe_{}_{}_psum_reg", r, c), 32);
  }
  out_ << "$upscope $end\n$enddefinitions $end\n";
  out_ << "#0\n$dumpvars\n";
  for (size_t i = 0; i < sigs_.size(); ++i) change(static_cast<int>(i), 0);
  out_ << "$end\n";
}

int VcdWriter::add(const std::string& name, int width) {
  // Identifiers: printable ASCII '!'..'~' without '#' and '$' (legal, but
  // easy to mistake for a time stamp or a keyword), base 92.
  static const std::string alphabet = [] {
    std::string a;
    for (char c = '!'; c <= '~'; ++c)
      if (c != '#' && c != '$') a += c;
    return a;
  }();
  size_t k = sigs_.size();
  std::string id;
  do {
    id += alphabet[k % alphabet.size()];
    k /= alphabet.size();
  } while (k);
  out_ << fmt::format("$var wire {} {} {} $end\n", width, id, name);
  sigs_.push_back({id, width, 0, false});
  return static_cast<int>(sigs_.size() - 1);
}

void VcdWriter::change(int i, uint64_t value) {
  Signal& s = sigs_[static_cast<size_t>(i)];
  if (s.written && s.last == value) return;
  s.written = true;
  s.last = value;
  if (s.width == 1) {
    out_ << (value ? '1' : '0') << s.id << '\n';
    return;
  }
  std::string bits;
  for (int b = s.width - 1; b >= 0; --b) bits += ((value >> b) & 1) ? '1' : '0';
  const size_t first = bits.find('1');
  out_ << 'b' << (first == std::string::npos ? std::string("0") : bits.substr(first)) << ' ' << s.id << '\n';
}

void VcdWriter::flush_registers(bool idle) {
  out_ << '#' << (last_cycle_ + 1) * 10 << '\n';
  for (size_t k = 0; k < pending_.size(); ++k) change(pe_sigs_ + static_cast<int>(k), pending_[k]);
  if (!idle) return;
  change(tmul_, 0);
  change(ldtile_, 0);
  for (int r = 0; r < lanes_; ++r) change(a_valid_ + r, 0);
  for (int c = 0; c < lanes_; ++c) change(c_valid_ + c, 0);
}

void VcdWriter::on_cycle(const CycleView& v, const SystolicArray& array) {
  // The edge values of cycle t are shown from its rising edge (time 10t); the
  // registers latched at the edge that ends it change at time 10(t+1).
  const bool contiguous = any_ && v.cycle == last_cycle_ + 1;
  if (any_) flush_registers(!contiguous);
  if (!contiguous) out_ << '#' << v.cycle * 10 << '\n';
  change(clk_, 1);
  change(tmul_, v.tmul_op >= 0);
  change(ldtile_, v.ldtile_op >= 0);
  for (int r = 0; r < lanes_; ++r) {
    change(a_in_ + r, v.left[r]);
    change(a_valid_ + r, v.left_valid[r]);
  }
  for (int c = 0; c < lanes_; ++c) {
    change(c_out_ + c, v.out[c]);
    change(c_valid_ + c, v.out_valid[c]);
  }
  out_ << '#' << v.cycle * 10 + 5 << '\n';
  change(clk_, 0);
  pending_.clear();
  for (const auto& [r, c] : pes_) {
    pending_.push_back(array.a_reg(r, c));
    pending_.push_back(array.psum_reg(r, c));
  }
  last_cycle_ = v.cycle;
  any_ = true;
}

void VcdWriter::finish() {
  if (!any_) return;
  flush_registers(true);
  out_ << '#' << (last_cycle_ + 1) * 10 + 5 << '\n';
}

}  // namespace mlisa::sim
