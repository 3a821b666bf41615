// GEMM through the tiling driver: int8 exact, bf16 bit-exact against the
// ordered reference, buffer-size errors, the analytic model against the cycle
// model on random shapes, and CSV parsing.
#include <gtest/gtest.h>

#include <chrono>
#include <random>

#include "core/diag.hpp"
#include "sim/gemm.hpp"
#include "verify/suite.hpp"

using namespace mlisa::sim;

namespace {

NpuConfig config(int n, bool db = false) {
  NpuConfig c;
  c.n = n;
  c.double_buffer = db;
  return c;
}

}  // namespace

TEST(Gemm, Int8MatchesReferenceOnRaggedShapes) {
  std::mt19937_64 rng(1);
  for (int trial = 0; trial < 60; ++trial) {
    NpuConfig c = config(2 + static_cast<int>(rng() % 9), rng() & 1);
    const int64_t m = 1 + rng() % 40, k = 1 + rng() % 40, n = 1 + rng() % 40;
    // Sometimes small buffers, so the driver chunks K and blocks M.
    if (rng() & 1) {
      c.l0b_rows = static_cast<uint32_t>(c.n * (1 + rng() % 3));
      c.l0a_rows = static_cast<uint32_t>(1 + rng() % 50);
      c.l0c_rows = static_cast<uint32_t>(1 + rng() % 20);
    }
    Gemm g = random_gemm(DType::Int8, m, k, n, rng());
    SCOPED_TRACE(testing::Message() << "N=" << c.n << " M=" << m << " K=" << k << " Nc=" << n << " l0a=" << c.l0a_rows
                                    << " l0b=" << c.l0b_rows << " l0c=" << c.l0c_rows);
    GemmRun r = run_gemm(c, g);
    GemmCheck chk = check_gemm(g, r.c, c.n);
    EXPECT_TRUE(chk.ok) << chk.first_mismatch;
    EXPECT_EQ(r.stats.cycles, analytic_run(r.plan.config, r.plan.mem_bytes, r.plan.ops).cycles);
  }
}

TEST(Gemm, Bf16BitExactAgainstOrderedReference) {
  std::mt19937_64 rng(2);
  for (int trial = 0; trial < 30; ++trial) {
    NpuConfig c = config(2 + static_cast<int>(rng() % 7), rng() & 1);
    const int64_t m = 1 + rng() % 24, k = 1 + rng() % 40, n = 1 + rng() % 24;
    if (rng() & 1) {
      c.l0b_rows = static_cast<uint32_t>(c.n);
      c.l0a_rows = static_cast<uint32_t>(1 + rng() % 30);
    }
    Gemm g = random_gemm(DType::BF16, m, k, n, rng());
    GemmRun r = run_gemm(c, g);
    GemmCheck chk = check_gemm(g, r.c, c.n);
    EXPECT_TRUE(chk.ok) << chk.first_mismatch;
    EXPECT_LT(chk.max_rel_error, 1e-5);  // fp32 accumulation of exact products
  }
}

// Rounding is observable: the array's order (per K tile, tiles added) differs
// from a sequential sum over K, and the check really is bit-exact.
TEST(Gemm, Bf16OrderMatters) {
  Gemm g;
  g.dtype = DType::BF16;
  // With N=2 the K tiles are {k0,k1} and {k2}: tile 0 is 2^-24 + 2^-24 = 2^-23,
  // tile 1 is 1, and C = 2^-23 + 1 exactly. Summing 1 first would round it away.
  g.a = {1, 3, {0x3380, 0x3380, 0x3f80}};  // 2^-24, 2^-24, 1.0
  g.b = {3, 1, {0x3f80, 0x3f80, 0x3f80}};  // 1.0
  GemmRun r = run_gemm(config(2), g);
  EXPECT_EQ(r.c[0], 0x3f800001u);
  EXPECT_TRUE(check_gemm(g, r.c, 2).ok);
  GemmRun r4 = run_gemm(config(4), g);  // one tile: 2^-24 + 2^-24 + 1 in row order
  EXPECT_EQ(r4.c[0], 0x3f800001u);
  // An accumulator that is wrong in the last place is caught.
  std::vector<uint32_t> bad = r.c;
  bad[0] ^= 1;
  GemmCheck chk = check_gemm(g, bad, 2);
  EXPECT_FALSE(chk.ok);
  EXPECT_NE(chk.first_mismatch.find("C[0][0]"), std::string::npos);
}

TEST(Gemm, Bf16FlagsPerTmul) {
  Gemm g;
  g.dtype = DType::BF16;
  g.a = {1, 2, {0x3f80, 0x3380}};  // 1 + 2^-24 is inexact in fp32
  g.b = {2, 1, {0x3f80, 0x3f81}};
  GemmRun r = run_gemm(config(2), g);
  EXPECT_NE(r.stats.flags & mlisa::fp::flag::IXC, 0u);
}

TEST(Gemm, PlanErrors) {
  EXPECT_THROW(plan_gemm(config(4), 0, 4, 4), mlisa::UsageError);
  EXPECT_THROW(plan_gemm(config(4), 4, -1, 4), mlisa::UsageError);
  NpuConfig c = config(8);
  c.l0b_rows = 7;
  try {
    plan_gemm(c, 8, 8, 8);
    ADD_FAILURE();
  } catch (const mlisa::UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("L0B has 7 rows, too few for one B tile"), std::string::npos) << e.what();
  }
  EXPECT_THROW(plan_gemm(config(1), 4, 4, 4), mlisa::UsageError);
  EXPECT_THROW(plan_gemm(config(300), 4, 4, 4), mlisa::UsageError);
  EXPECT_THROW(plan_gemm(config(2), 1 << 20, 1 << 20, 4), mlisa::UsageError);  // memory
}

TEST(Gemm, PlanShape) {
  GemmPlan p = plan_gemm(config(4), 6, 9, 5);  // K -> 12, N -> 8
  EXPECT_EQ(p.kp, 12);
  EXPECT_EQ(p.np, 8);
  EXPECT_EQ(p.mt, 6u);
  EXPECT_EQ(p.kc, 3u);
  EXPECT_EQ(p.macs, 6u * 9 * 5);
  // A resident (3 DMAs), per column strip: B DMA, 3 x (LDTILE, TMUL), C DMA.
  EXPECT_EQ(p.ops.size(), 3u + 2 * (1 + 6 + 1));
  EXPECT_EQ(render(p.ops[0]), "dma.l0a l0a[0], mem[0x0], rows=6, stride=0xc");
  EXPECT_EQ(render(p.ops[4]), "ldtile l0b[0]");
  EXPECT_EQ(render(p.ops[5]), "tmul l0a[0], l0c[0], rows=6, acc=0");
  EXPECT_EQ(render(p.ops[7]), "tmul l0a[6], l0c[0], rows=6, acc=1");
}

// The analytic model gives the cycle model's schedule (every op's start and
// length), total and traffic, on thousands of random shapes and configurations.
TEST(Gemm, AnalyticEqualsCycleOnRandomShapes) {
  std::mt19937_64 rng(3);
  const auto t0 = std::chrono::steady_clock::now();
  int runs = 0;
  for (; runs < 2500; ++runs) {
    NpuConfig c = config(2 + static_cast<int>(rng() % 7), rng() & 1);
    c.dtype = DType::Int8;
    c.l0b_rows = static_cast<uint32_t>(c.n * (1 + rng() % 4));
    c.l0a_rows = static_cast<uint32_t>(1 + rng() % 64);
    c.l0c_rows = static_cast<uint32_t>(1 + rng() % 32);
    c.dma_bytes_per_cycle = static_cast<uint32_t>(1 + rng() % 64);
    c.dma_latency = static_cast<uint32_t>(rng() % 40);
    const int64_t m = 1 + rng() % 48, k = 1 + rng() % 40, n = 1 + rng() % 40;
    GemmPlan p = plan_gemm(c, m, k, n);
    Npu npu(c, p.mem_bytes);
    RunStats cyc = npu.run(p.ops);
    RunStats an = analytic_run(c, p.mem_bytes, p.ops);
    ASSERT_EQ(cyc.cycles, an.cycles) << "run " << runs;
    ASSERT_EQ(cyc.ops.size(), an.ops.size());
    for (size_t i = 0; i < cyc.ops.size(); ++i) {
      ASSERT_EQ(cyc.ops[i].start, an.ops[i].start) << "run " << runs << " op " << i << " " << render(p.ops[i]);
      ASSERT_EQ(cyc.ops[i].cycles, an.ops[i].cycles) << "run " << runs << " op " << i;
    }
    EXPECT_EQ(cyc.l0a.read, an.l0a.read);
    EXPECT_EQ(cyc.l0c.write, an.l0c.write);
    EXPECT_EQ(cyc.mem.read, an.mem.read);
    EXPECT_EQ(cyc.array_macs, an.array_macs);
  }
  // Random hand-made streams too (not only the driver's), including LDTILE
  // back to back and TMULs without a LDTILE.
  for (int s = 0; s < 500; ++s, ++runs) {
    NpuConfig c = config(2 + static_cast<int>(rng() % 4), rng() & 1);
    c.l0a_rows = c.l0b_rows = c.l0c_rows = 64;
    c.dma_latency = static_cast<uint32_t>(rng() % 10);
    std::vector<MxuOp> ops;
    const int len = 1 + static_cast<int>(rng() % 12);
    for (int i = 0; i < len; ++i) {
      switch (rng() % 4) {
        case 0: ops.push_back(ldtile(static_cast<uint32_t>(rng() % (64 - c.n + 1)))); break;
        case 1:
        case 2: ops.push_back(tmul(0, 0, static_cast<uint32_t>(1 + rng() % 40), rng() & 1)); break;
        default: ops.push_back(dma_l0a(0, 0, static_cast<uint32_t>(1 + rng() % 8), 0)); break;
      }
    }
    Npu npu(c, 4096);
    RunStats cyc = npu.run(ops);
    RunStats an = analytic_run(c, 4096, ops);
    ASSERT_EQ(cyc.cycles, an.cycles) << render(ops);
    for (size_t i = 0; i < ops.size(); ++i) ASSERT_EQ(cyc.ops[i].start, an.ops[i].start) << render(ops);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  RecordProperty("runs", runs);
  EXPECT_LT(secs, 20.0) << "keep this test fast";
}

// ---- CSV ---------------------------------------------------------------------

namespace {

void expect_csv_error(const std::string& text, DType d, int line, int col, const std::string& must_contain) {
  try {
    parse_matrix_csv(text, "m.csv", d);
    ADD_FAILURE() << "no error for: " << text;
  } catch (const mlisa::InputError& e) {
    EXPECT_EQ(e.location().file, "m.csv");
    EXPECT_EQ(e.location().line, line) << e.what();
    EXPECT_EQ(e.location().col, col) << e.what();
    EXPECT_NE(std::string(e.what()).find(must_contain), std::string::npos) << e.what();
    EXPECT_EQ(std::string(e.what()).rfind("m.csv:" + std::to_string(line) + ":" + std::to_string(col) + ": error: ", 0), 0u)
        << e.what();
  }
}

}  // namespace

TEST(Csv, ParsesInt8AndBf16) {
  Matrix a = parse_matrix_csv("# a comment\n1, -2,3\n\n 127,-128 , 0x7f\n", "a.csv", DType::Int8);
  EXPECT_EQ(a.rows, 2);
  EXPECT_EQ(a.cols, 3);
  EXPECT_EQ(a.v, (std::vector<uint16_t>{1, 0xfe, 3, 127, 0x80, 0x7f}));
  Matrix b = parse_matrix_csv("1.0,0x3f80,-2\r\ninf,-inf,1e-45\r\n", "b.csv", DType::BF16);
  EXPECT_EQ(b.v, (std::vector<uint16_t>{0x3f80, 0x3f80, 0xc000, 0x7f80, 0xff80, 0x0000}));
  // Round to nearest even: 1 + 2^-8 is halfway between 1 and 1 + 2^-7.
  EXPECT_EQ(parse_matrix_csv("1.00390625", "x", DType::BF16).v[0], 0x3f80);
  EXPECT_EQ(parse_matrix_csv("1.01171875", "x", DType::BF16).v[0], 0x3f82);
  EXPECT_EQ(parse_matrix_csv("1.0039062500001", "x", DType::BF16).v[0], 0x3f81);
  EXPECT_EQ(parse_matrix_csv("1e39", "x", DType::BF16).v[0], 0x7f80);              // overflow
  EXPECT_EQ(parse_matrix_csv("9.183549615799121e-41", "x", DType::BF16).v[0], 0x0001);  // 2^-133
}

TEST(Csv, ErrorsHaveLocations) {
  expect_csv_error("1,2\n3,x\n", DType::Int8, 2, 3, "'x' is not an integer");
  expect_csv_error("1,2\n  3\n", DType::Int8, 2, 3, "row has 1 values, but the first row has 2");
  expect_csv_error("1, 200\n", DType::Int8, 1, 4, "value 200 is outside the int8 range -128..127");
  expect_csv_error("-129\n", DType::Int8, 1, 1, "outside the int8 range");
  expect_csv_error("1,,2\n", DType::Int8, 1, 3, "empty value");
  expect_csv_error("1.5,0x12345\n", DType::BF16, 1, 5, "wider than 16 bits");
  expect_csv_error("1.5\n2..5\n", DType::BF16, 2, 1, "not a number");
  expect_csv_error("0x1ff\n", DType::Int8, 1, 1, "wider than 8 bits");
  EXPECT_THROW(parse_matrix_csv("\n# only a comment\n", "e.csv", DType::Int8), mlisa::InputError);
}

// The verify suite's cases pass (a few per operation; the campaign runs more).
TEST(Gemm, MxuSuiteCasesPass) {
  auto suite = mlisa::verify::make_mxu_suite();
  EXPECT_EQ(suite->target(), "tcore");
  EXPECT_EQ(suite->name(), "mxu");
  for (size_t op = 0; op < suite->operations().size(); ++op)
    for (uint64_t i = 0; i < 4; ++i) {
      auto out = suite->run_case(op, i, 99);
      EXPECT_TRUE(out.passed) << suite->operations()[op] << " case " << i << ": " << out.detail;
    }
}
