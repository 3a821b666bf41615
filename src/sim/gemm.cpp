// The GEMM tiling driver, references, operands and CSV (see gemm.hpp).
#include "sim/gemm.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>

#include "core/diag.hpp"
#include "core/fp_literal.hpp"
#include "core/number_parse.hpp"

namespace mlisa::sim {

namespace {

int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

double bits_to_double(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

double input_value(DType d, uint16_t v) {
  if (d == DType::Int8) return static_cast<int8_t>(v & 0xff);
  return bits_to_double(fp::to_f64_bits(fp::Format::BF16, v));
}

}  // namespace

GemmPlan plan_gemm(const NpuConfig& config, int64_t m, int64_t k, int64_t n) {
  check_config(config);
  if (m <= 0 || k <= 0 || n <= 0)
    throw UsageError(fmt::format("GEMM dimensions must be positive (got M={}, K={}, N={})", m, k, n));
  GemmPlan p;
  p.config = config;
  p.m = m;
  p.k = k;
  p.n = n;
  const int64_t N = config.n;
  const int64_t kt_count = ceil_div(k, N), nt_count = ceil_div(n, N);
  p.kp = kt_count * N;
  p.np = nt_count * N;
  const uint64_t eb = static_cast<uint64_t>(input_bytes(config.dtype));
  const unsigned __int128 a_bytes = static_cast<unsigned __int128>(m) * p.kp * eb;
  const unsigned __int128 b_bytes = static_cast<unsigned __int128>(p.kp) * p.np * eb;
  const unsigned __int128 c_bytes = static_cast<unsigned __int128>(m) * p.np * kAccBytes;
  const unsigned __int128 total = a_bytes + b_bytes + c_bytes;
  if (total > kMaxMemoryBytes)
    throw UsageError(fmt::format("GEMM {}x{}x{} needs {:.3g} bytes of memory (padded A, B and C); the limit is {}", m,
                                 k, n, static_cast<double>(total), kMaxMemoryBytes));
  p.a_addr = 0;
  p.b_addr = static_cast<uint64_t>(a_bytes);
  p.c_addr = static_cast<uint64_t>(a_bytes + b_bytes);
  p.mem_bytes = static_cast<uint64_t>(total);
  p.macs = static_cast<uint64_t>(m) * static_cast<uint64_t>(k) * static_cast<uint64_t>(n);
  p.ideal_cycles = (p.macs + static_cast<uint64_t>(N * N) - 1) / static_cast<uint64_t>(N * N);

  if (config.l0b_rows < N)
    throw UsageError(fmt::format("L0B has {} rows, too few for one B tile (LDTILE reads {} rows)", config.l0b_rows, N));
  uint64_t kc = std::min<uint64_t>(static_cast<uint64_t>(kt_count), config.l0b_rows / N);
  kc = std::min<uint64_t>(kc, config.l0a_rows);  // at least one row of each A tile must fit
  const uint64_t mt = std::min<uint64_t>({static_cast<uint64_t>(m), config.l0c_rows, config.l0a_rows / kc});
  p.kc = static_cast<uint32_t>(kc);
  p.mt = static_cast<uint32_t>(mt);

  const int64_t chunks = ceil_div(kt_count, static_cast<int64_t>(kc));
  const int64_t m_blocks = ceil_div(m, static_cast<int64_t>(mt));
  const bool a_resident = m_blocks == 1 && chunks == 1;  // A loaded once for all column strips
  const bool b_resident = chunks == 1;                   // a B strip loaded once for all row blocks
  const double op_count = (a_resident ? kt_count : 0) + static_cast<double>(nt_count) * (b_resident ? 1 : 0) +
                          static_cast<double>(nt_count) * static_cast<double>(m_blocks) *
                              ((b_resident ? 0 : chunks) + (a_resident ? 0 : kt_count) + 2.0 * kt_count + 1);
  if (op_count > kMaxOps)
    throw UsageError(fmt::format("GEMM {}x{}x{} would take {:.3g} MXU ops with these buffers (limit {}); use deeper "
                                 "buffers or a larger array",
                                 m, k, n, op_count, kMaxOps));
  auto dma_a = [&](int64_t m0, int64_t rows, int64_t kt, int64_t slot) {
    p.ops.push_back(dma_l0a(static_cast<uint32_t>(slot * mt), p.a_addr + (m0 * p.kp + kt * N) * eb,
                            static_cast<uint32_t>(rows), p.kp * eb));
  };
  auto dma_b = [&](int64_t kt0, int64_t count, int64_t nt) {
    p.ops.push_back(dma_l0b(0, p.b_addr + (kt0 * N * p.np + nt * N) * eb, static_cast<uint32_t>(count * N), p.np * eb));
  };
  if (a_resident)
    for (int64_t kt = 0; kt < kt_count; ++kt) dma_a(0, m, kt, kt);
  for (int64_t nt = 0; nt < nt_count; ++nt) {
    if (b_resident) dma_b(0, kt_count, nt);
    for (int64_t mb = 0; mb < m_blocks; ++mb) {
      const int64_t m0 = mb * static_cast<int64_t>(mt);
      const int64_t rows = std::min<int64_t>(static_cast<int64_t>(mt), m - m0);
      for (int64_t ch = 0; ch < chunks; ++ch) {
        const int64_t kt0 = ch * static_cast<int64_t>(kc);
        const int64_t count = std::min<int64_t>(static_cast<int64_t>(kc), kt_count - kt0);
        if (!b_resident) dma_b(kt0, count, nt);
        if (!a_resident)
          for (int64_t j = 0; j < count; ++j) dma_a(m0, rows, kt0 + j, j);
        for (int64_t j = 0; j < count; ++j) {
          p.ops.push_back(ldtile(static_cast<uint32_t>(j * N)));
          p.ops.push_back(tmul(static_cast<uint32_t>(j * mt), 0, static_cast<uint32_t>(rows), kt0 + j > 0));
        }
      }
      p.ops.push_back(dma_mem(p.c_addr + (m0 * p.np + nt * N) * kAccBytes, 0, static_cast<uint32_t>(rows),
                              static_cast<uint64_t>(p.np) * kAccBytes));
    }
  }
  return p;
}

void write_operands(const GemmPlan& p, const Gemm& g, std::vector<uint8_t>& mem) {
  const int eb = input_bytes(g.dtype);
  auto put = [&](uint64_t addr, uint16_t v) {
    mem[addr] = static_cast<uint8_t>(v);
    if (eb == 2) mem[addr + 1] = static_cast<uint8_t>(v >> 8);
  };
  std::fill(mem.begin(), mem.begin() + static_cast<int64_t>(std::min<uint64_t>(p.mem_bytes, mem.size())), 0);
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.k; ++j) put(p.a_addr + static_cast<uint64_t>(i * p.kp + j) * eb, g.a.v[i * p.k + j]);
  for (int64_t i = 0; i < p.k; ++i)
    for (int64_t j = 0; j < p.n; ++j) put(p.b_addr + static_cast<uint64_t>(i * p.np + j) * eb, g.b.v[i * p.n + j]);
}

std::vector<uint32_t> read_result(const GemmPlan& p, const std::vector<uint8_t>& mem) {
  std::vector<uint32_t> c(static_cast<size_t>(p.m * p.n));
  for (int64_t i = 0; i < p.m; ++i)
    for (int64_t j = 0; j < p.n; ++j) {
      const uint8_t* q = &mem[p.c_addr + static_cast<uint64_t>(i * p.np + j) * kAccBytes];
      c[i * p.n + j] = uint32_t{q[0]} | uint32_t{q[1]} << 8 | uint32_t{q[2]} << 16 | uint32_t{q[3]} << 24;
    }
  return c;
}

GemmRun run_gemm(const NpuConfig& config, const Gemm& g, CycleObserver* observer) {
  NpuConfig cfg = config;
  cfg.dtype = g.dtype;
  GemmRun r;
  r.plan = plan_gemm(cfg, g.m(), g.k(), g.n());
  Npu npu(cfg, r.plan.mem_bytes);
  write_operands(r.plan, g, npu.memory());
  r.stats = npu.run(r.plan.ops, observer);
  r.c = read_result(r.plan, npu.memory());
  return r;
}

std::vector<uint32_t> reference_int8(const Gemm& g) {
  const int64_t m = g.m(), k = g.k(), n = g.n();
  std::vector<uint32_t> c(static_cast<size_t>(m * n), 0);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t kk = 0; kk < k; ++kk) {
      const int32_t a = static_cast<int8_t>(g.a.v[i * k + kk] & 0xff);
      uint32_t* row = &c[i * n];
      const uint16_t* b = &g.b.v[kk * n];
      for (int64_t j = 0; j < n; ++j) row[j] += static_cast<uint32_t>(a * static_cast<int8_t>(b[j] & 0xff));
    }
  return c;
}

std::vector<uint32_t> reference_bf16(const Gemm& g, int array_n) {
  const int64_t m = g.m(), k = g.k(), n = g.n(), N = array_n;
  const int64_t tiles = ceil_div(k, N);
  std::vector<uint32_t> c(static_cast<size_t>(m * n), 0);
  fp::Context ctx{mxu_fpcr(), 0};
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      uint64_t acc = 0;
      for (int64_t t = 0; t < tiles; ++t) {
        uint64_t psum = 0;  // +0 enters the top of the column
        for (int64_t r = 0; r < N; ++r) {
          const int64_t kk = t * N + r;
          const uint64_t a = kk < k ? uint64_t{g.a.v[i * k + kk]} << 16 : 0;
          const uint64_t b = kk < k ? uint64_t{g.b.v[kk * n + j]} << 16 : 0;
          psum = fp::FPMulAdd(fp::Format::F32, psum, a, b, ctx);
        }
        acc = t == 0 ? psum : fp::FPAdd(fp::Format::F32, acc, psum, ctx);
      }
      c[i * n + j] = static_cast<uint32_t>(acc);
    }
  return c;
}

double bf16_max_rel_error(const Gemm& g, const std::vector<uint32_t>& c) {
  const int64_t m = g.m(), k = g.k(), n = g.n();
  double worst = 0;
  std::vector<double> a(g.a.v.size()), b(g.b.v.size());
  for (size_t i = 0; i < a.size(); ++i) a[i] = input_value(DType::BF16, g.a.v[i]);
  for (size_t i = 0; i < b.size(); ++i) b[i] = input_value(DType::BF16, g.b.v[i]);
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      double sum = 0, mag = 0;
      for (int64_t kk = 0; kk < k; ++kk) {
        const double p = a[i * k + kk] * b[kk * n + j];
        sum += p;
        mag += std::fabs(p);
      }
      const double got = bits_to_double(fp::to_f64_bits(fp::Format::F32, c[i * n + j]));
      double err;
      if (!std::isfinite(got) || !std::isfinite(sum))
        err = (std::isnan(got) && std::isnan(sum)) || got == sum ? 0 : INFINITY;
      else if (mag == 0)
        err = got == 0 ? 0 : INFINITY;
      else
        err = std::fabs(got - sum) / mag;
      worst = std::max(worst, err);
    }
  return worst;
}

GemmCheck check_gemm(const Gemm& g, const std::vector<uint32_t>& c, int array_n) {
  GemmCheck r;
  const std::vector<uint32_t> want = g.dtype == DType::Int8 ? reference_int8(g) : reference_bf16(g, array_n);
  const int64_t n = g.n();
  for (size_t i = 0; i < want.size(); ++i) {
    if (i < c.size() && c[i] == want[i]) continue;
    if (r.mismatches++ == 0)
      r.first_mismatch = fmt::format("C[{}][{}]: expected {}, got {}", static_cast<int64_t>(i) / n,
                                     static_cast<int64_t>(i) % n, format_acc(g.dtype, want[i]),
                                     i < c.size() ? format_acc(g.dtype, c[i]) : std::string("nothing"));
  }
  r.ok = r.mismatches == 0 && c.size() == want.size();
  if (g.dtype == DType::BF16) r.max_rel_error = bf16_max_rel_error(g, c);
  return r;
}

Gemm random_gemm(DType dtype, int64_t m, int64_t k, int64_t n, uint64_t seed) {
  Gemm g;
  g.dtype = dtype;
  uint64_t state = seed ^ 0x6d78755f67656d6dull;  // "mxu_gemm"
  auto fill = [&](Matrix& x, int64_t rows, int64_t cols) {
    x.rows = rows;
    x.cols = cols;
    x.v.resize(static_cast<size_t>(rows * cols));
    for (auto& e : x.v) {
      const uint64_t r = splitmix64(state);
      if (dtype == DType::Int8) {
        e = static_cast<uint16_t>(r & 0xff);
      } else {
        const uint16_t sign = static_cast<uint16_t>((r >> 8) & 1);
        const uint16_t exp = static_cast<uint16_t>(127 - 4 + ((r >> 9) & 7));
        e = static_cast<uint16_t>(sign << 15 | exp << 7 | (r & 0x7f));
      }
    }
  };
  fill(g.a, m, k);
  fill(g.b, k, n);
  return g;
}

// ---- CSV ---------------------------------------------------------------------

namespace {

std::string_view trim(std::string_view s, size_t& offset) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t' || s[b] == '\r')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r')) --e;
  offset = b;
  return s.substr(b, e - b);
}

}  // namespace

Matrix parse_matrix_csv(std::string_view text, const std::string& file, DType dtype) {
  Matrix mtx;
  int line_no = 0;
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    if (nl == std::string_view::npos) nl = text.size();
    const std::string_view line = text.substr(pos, nl - pos);
    pos = nl + 1;
    ++line_no;
    size_t lead;
    const std::string_view body = trim(line, lead);
    if (body.empty() || body[0] == '#') continue;
    auto fail = [&](size_t col, const std::string& msg) -> InputError {
      std::string shown(line);
      if (!shown.empty() && shown.back() == '\r') shown.pop_back();
      return InputError(SourceLocation{file, line_no, static_cast<int>(col) + 1, shown}, msg);
    };
    int64_t cols = 0;
    size_t start = 0;
    while (true) {
      size_t comma = line.find(',', start);
      if (comma == std::string_view::npos) comma = line.size();
      size_t off;
      const std::string_view field = trim(line.substr(start, comma - start), off);
      const size_t col = start + off;
      if (field.empty()) throw fail(col, "empty value");
      uint16_t v = 0;
      if (dtype == DType::Int8) {
        uint64_t out = 0;
        switch (parse_integer(field, 8, true, out)) {
          case ParseStatus::Ok: v = static_cast<uint16_t>(out & 0xff); break;
          case ParseStatus::OutOfRange:
            throw fail(col, fmt::format("value {} is outside the int8 range -128..127", field));
          case ParseStatus::TooWide: throw fail(col, fmt::format("bit pattern {} is wider than 8 bits", field));
          default: throw fail(col, fmt::format("'{}' is not an integer", field));
        }
      } else {
        if (field.size() > 2 && field[0] == '0' && (field[1] == 'x' || field[1] == 'X')) {
          uint64_t out = 0;
          switch (parse_hex(field, 16, out)) {
            case ParseStatus::Ok: v = static_cast<uint16_t>(out); break;
            case ParseStatus::TooWide: throw fail(col, fmt::format("bit pattern {} is wider than 16 bits", field));
            default: throw fail(col, fmt::format("'{}' is not a hex bit pattern", field));
          }
        } else if (iequals(field, "inf") || iequals(field, "+inf") || iequals(field, "infinity")) {
          v = 0x7f80;
        } else if (iequals(field, "-inf") || iequals(field, "-infinity")) {
          v = 0xff80;
        } else if (iequals(field, "nan")) {
          v = 0x7fc0;
        } else if (const auto bits = fp::decimal_to_format(field, fp::Format::BF16)) {
          v = static_cast<uint16_t>(*bits);
        } else {
          throw fail(col, fmt::format("'{}' is not a number (a decimal, inf, nan or a 0x bit pattern)", field));
        }
      }
      mtx.v.push_back(v);
      ++cols;
      if (comma >= line.size()) break;
      start = comma + 1;
    }
    if (mtx.rows == 0) {
      mtx.cols = cols;
    } else if (cols != mtx.cols) {
      throw fail(lead, fmt::format("row has {} values, but the first row has {}", cols, mtx.cols));
    }
    ++mtx.rows;
  }
  if (mtx.rows == 0) throw InputError(SourceLocation{file, 0, 0, ""}, "no matrix rows");
  return mtx;
}

Matrix read_matrix_csv(const std::string& path, DType dtype) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(fmt::format("cannot open '{}'", path));
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_matrix_csv(ss.str(), path, dtype);
}

std::string format_input(DType dtype, uint16_t v) {
  if (dtype == DType::Int8) return fmt::format("{}", static_cast<int8_t>(v & 0xff));
  return fmt::format("{:.9g} ({:#06x})", input_value(dtype, v), v);
}

std::string format_acc(DType dtype, uint32_t v) {
  if (dtype == DType::Int8) return fmt::format("{}", static_cast<int32_t>(v));
  return fmt::format("{:.9g} ({:#010x})", bits_to_double(fp::to_f64_bits(fp::Format::F32, v)), v);
}

std::string format_result_csv(const std::vector<uint32_t>& c, int64_t m, int64_t n, DType dtype) {
  std::string s;
  for (int64_t i = 0; i < m; ++i) {
    for (int64_t j = 0; j < n; ++j) {
      if (j) s += ',';
      const uint32_t v = c[i * n + j];
      if (dtype == DType::Int8) {
        s += fmt::format("{}", static_cast<int32_t>(v));
      } else {
        const double d = bits_to_double(fp::to_f64_bits(fp::Format::F32, v));
        s += std::isnan(d) ? std::string("nan") : fmt::format("{:.9g}", d);
      }
    }
    s += '\n';
  }
  return s;
}

}  // namespace mlisa::sim
