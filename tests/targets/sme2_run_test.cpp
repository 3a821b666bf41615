// mlisa run --target sme2 as a process: a small program (loop, call, frame,
// loads and stores, SME1 streaming code, write, exit) with hand-worked
// output, the same program built with clang-19 under qemu-aarch64 with
// identical output, examples/bf16_gemm.s against an fp32 reference and MPFR
// references computed here from the inputs' definition, and faults.
#include "support/files.hpp"
#include "support/run_mlisa.hpp"

#include <gtest/gtest.h>

#include <fmt/format.h>
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace mlisa::test {
namespace {

std::string data(const std::string& name) { return std::string(MLISA_SOURCE_DIR) + "/tests/targets/data/" + name; }
std::string example(const std::string& name) { return std::string(MLISA_SOURCE_DIR) + "/examples/" + name; }

bool have(const char* tool) { return std::system(fmt::format("command -v {} > /dev/null 2>&1", tool).c_str()) == 0; }

std::string tmp(const std::string& name) { return ::testing::TempDir() + "sme2_run_" + std::to_string(::getpid()) + "_" + name; }

// Builds a static Linux program with clang-19 and lld; "" when it fails.
std::string build_elf(const std::string& source, const std::string& name) {
  const std::string elf = tmp(name + ".elf");
  const std::string cmd = fmt::format(
      "clang-19 --target=aarch64-linux-gnu -march=armv9-a+sme2+sme-i16i64+sve2+i8mm+bf16+fp16+rcpc3 -nostdlib -static -fuse-ld=lld -I {} {} -o {} "
      "2>&1",
      std::filesystem::path(source).parent_path().string(), source, elf);
  return std::system(cmd.c_str()) == 0 ? elf : "";
}

std::pair<std::string, int> run_qemu(const std::string& elf) {
  const std::string out = tmp("qemu.out");
  const int rc = std::system(fmt::format("timeout 30 qemu-aarch64 -cpu max,sme512=on {} > {} 2>&1", elf, out).c_str());
  std::ifstream f(out);
  std::stringstream ss;
  ss << f.rdbuf();
  return {ss.str(), WIFEXITED(rc) ? WEXITSTATUS(rc) : -1};
}

std::string hex8(uint32_t v) { return fmt::format("{:08x}\n", v); }

// The program's output by hand: sum 1..10 = 0x37, SVL/8 bytes, SVL/32 words,
// the word at byte 4 of the second array vector (the data's word SVL/32 + 1,
// or 0 past the 16 words), then words 0-2 through a three-element predicate.
std::string expected_program_output(int svl) {
  const uint32_t words[16] = {0x11111111, 0x22222222, 0x33333333, 0x44444444, 0x55555555, 0x66666666,
                              0x77777777, 0x88888888, 0x99999999, 0xaaaaaaaa, 0xbbbbbbbb, 0xcccccccc,
                              0xdddddddd, 0xeeeeeeee, 0xffffffff, 0x12345678};
  const int w = svl / 32 + 1;
  return hex8(55) + hex8(static_cast<uint32_t>(svl / 8)) + hex8(static_cast<uint32_t>(svl / 32)) +
         hex8(w < 16 ? words[w] : 0) + hex8(words[0]) + hex8(words[1]) + hex8(words[2]);
}

TEST(Sme2Run, ProgramOutputAndExitStatus) {
  for (int svl : {128, 256, 512, 2048}) {
    const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", std::to_string(svl), data("sme2_program.s")});
    EXPECT_EQ(r.exit_code, 7) << r.err;
    EXPECT_EQ(r.out, expected_program_output(svl)) << "SVL " << svl;
    EXPECT_NE(r.err.find("exit status 7 after"), std::string::npos) << r.err;
  }
  const RunResult j = run_mlisa({"--json", "run", "--target", "armv9-a+sme2", data("sme2_program.s"), "--show", "x20"});
  EXPECT_EQ(j.exit_code, 7) << j.err;
  EXPECT_NE(j.out.find("\"x20\": \"0x0000000000000037\""), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"exit_status\": 7"), std::string::npos) << j.out;
}

TEST(Sme2Run, SameOutputAsQemu) {
  if (!have("clang-19") || !have("ld.lld") || !have("qemu-aarch64")) GTEST_SKIP() << "clang-19, ld.lld or qemu-aarch64 absent";
  const std::string elf = build_elf(data("sme2_program.s"), "program");
  ASSERT_FALSE(elf.empty());
  const auto [qemu_out, qemu_rc] = run_qemu(elf);
  ASSERT_EQ(qemu_rc, 7) << qemu_out;
  // QEMU's streaming vector length (its default for the process) is the
  // second line; run ours at the same one.
  const int svl = 8 * std::stoi(qemu_out.substr(9, 8), nullptr, 16);
  const RunResult ours = run_mlisa({"run", "--target", "sme2", "--svl", std::to_string(svl), data("sme2_program.s")});
  EXPECT_EQ(ours.out, qemu_out);
  EXPECT_EQ(ours.exit_code, qemu_rc) << ours.err;
  const RunResult from_elf = run_mlisa({"run", "--target", "sme2", "--svl", std::to_string(svl), elf});
  EXPECT_EQ(from_elf.out, qemu_out) << from_elf.err;
  EXPECT_EQ(from_elf.exit_code, qemu_rc);
}

// A program's output under mlisa run, from its source and from clang-19's
// ELF, and the ELF's under qemu-aarch64 where it is installed: each the
// recorded output, exit status 0.
void expect_runs_as_recorded(const std::string& source, const std::string& name, const std::vector<std::string>& options,
                             const std::string& recorded) {
  auto mlisa_run = [&](const std::string& program) {
    std::vector<std::string> args{"run", "--target", "sme2"};
    args.insert(args.end(), options.begin(), options.end());
    args.push_back(program);
    return run_mlisa(args);
  };
  const RunResult ours = mlisa_run(source);
  EXPECT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_EQ(ours.out, recorded);
  if (!have("clang-19") || !have("ld.lld") || !have("qemu-aarch64")) GTEST_SKIP() << "clang-19, ld.lld or qemu-aarch64 absent";
  const std::string elf = build_elf(source, name);
  ASSERT_FALSE(elf.empty());
  const auto [qemu_out, qemu_rc] = run_qemu(elf);
  EXPECT_EQ(qemu_rc, 0);
  EXPECT_EQ(qemu_out, recorded);
  const RunResult from_elf = mlisa_run(elf);
  EXPECT_EQ(from_elf.out, recorded) << from_elf.err;
}

// Logical immediates, wide moves, bitfield moves, EXTR, multiply high, shifts
// by a register, division, scalar floating point (arithmetic, compares,
// conversions, and the FPSR flags they raise) and the
// byte, halfword and unscaled loads and stores, CLZ/CLS/RBIT/REV and FRINT<r>
// over eight inputs, then MRS and MSR of the system registers, the vector
// length counts, MOVA of single ZA slices, SIMD&FP pairs, LD1R<T> under partial
// predicates, MUL/SMULH/UMULH (vectors, unpredicated), and single SIMD&FP loads, stores and FMOV: the
// output qemu-aarch64 7.2 -cpu max,sme512=on printed for the program
// (data/sme2_a64_ops.qemu.out), from the source and from clang-19's ELF; and
// QEMU itself, where it is installed.
TEST(Sme2Run, A64OperationsAsQemu) {
  const std::string recorded = slurp(data("sme2_a64_ops.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 8 * 146 + 15 + 32 + 56 + 8);
  expect_runs_as_recorded(data("sme2_a64_ops.s"), "a64_ops", {"--svl", "512"}, recorded);
}

// Literal loads (LDR and LDRSW (literal) of W, X, S, D and Q registers) and
// GNU as's `ldr Xt|Wt, =VALUE` with its pools: the output qemu-aarch64 7.2
// printed for the program built by clang-19 (data/sme2_literals.qemu.out;
// by hand, LDRSW of 0x80000001 is ffffffff80000001), from the source and
// from clang's ELF; and QEMU itself, where it is installed.
TEST(Sme2Run, LiteralLoadsAsQemu) {
  const std::string recorded = slurp(data("sme2_literals.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 16);
  EXPECT_EQ(recorded.substr(2 * 17, 17), "ffffffff80000001\n");
  expect_runs_as_recorded(data("sme2_literals.s"), "literals", {}, recorded);
}

// The logical (shifted register) instructions and the conditional selects with
// their aliases over four pairs of inputs: the output qemu-aarch64 7.2 printed
// for the program built by clang-19 (data/sme2_logical.qemu.out; by hand, the
// second pair's first line is 0x8000000000000000 AND (0x8000000000000000 LSL 3),
// 0), from the source and from clang's ELF; and QEMU itself, where it is installed.
TEST(Sme2Run, LogicalAndConditionalSelectsAsQemu) {
  const std::string recorded = slurp(data("sme2_logical.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 4 * 22);
  EXPECT_EQ(recorded.substr(22 * 17, 17), "0000000000000000\n");
  expect_runs_as_recorded(data("sme2_logical.s"), "logical", {}, recorded);
}

// Advanced SIMD: ADD/SUB, the logical instructions, the modified immediates,
// DUP, INS, UMOV and SMOV over four pairs of inputs (data/sme2_neon.s), and
// the permutes, narrowing moves, table lookups and reductions over five
// (data/sme2_neon_perm.s): the output qemu-aarch64 7.2 printed for each
// program built by clang-19, from the source and from clang's ELF; and QEMU
// itself, where it is installed. By hand: the first pair's AND is
// 0x0123456789abcdef AND 0x1111111111111111 = 0x0101010101010101 (line 9),
// and its UZP1 .8b takes the even bytes of V2:V1, 11 11 11 11 23 67 ab ef.
TEST(Sme2Run, AdvancedSimdAsQemu) {
  const std::string recorded = slurp(data("sme2_neon.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 4 * (2 * 30 + 9) + 2 * 18);  // Q registers print two lines
  EXPECT_EQ(recorded.substr(8 * 17, 17), "0101010101010101\n");
  expect_runs_as_recorded(data("sme2_neon.s"), "neon", {}, recorded);
  const std::string perm = slurp(data("sme2_neon_perm.qemu.out"));
  ASSERT_EQ(std::count(perm.begin(), perm.end(), '\n'), 1710);
  EXPECT_EQ(perm.substr(0, 17), "111111112367abef\n");
  expect_runs_as_recorded(data("sme2_neon_perm.s"), "neon_perm", {}, perm);
}

// Advanced SIMD integer shifts and compares (data/sme2_neon_shift.s) and
// floating point, run twice, with FPCR = 0 and with DN, FZ, FZ16 and RMode
// towards minus infinity (data/sme2_neon_fp.s): the output qemu-aarch64 7.2
// printed for each program built by clang-19, from the source and from
// clang's ELF; and QEMU itself, where it is installed. By hand: SSHL .16b of
// the first pair shifts V1's bytes ef cd ab 89 67 45 23 01 by V2's signed
// bytes -1 -128 64 17 16 8 7 1: f7 ff 00 00 00 00 80 02, the low doubleword
// 028000000000fff7.
TEST(Sme2Run, AdvancedSimdShiftsAndFloatingPointAsQemu) {
  const std::string shifts = slurp(data("sme2_neon_shift.qemu.out"));
  ASSERT_EQ(std::count(shifts.begin(), shifts.end(), '\n'), 1680);
  EXPECT_EQ(shifts.substr(0, 17), "028000000000fff7\n");
  expect_runs_as_recorded(data("sme2_neon_shift.s"), "neon_shift", {}, shifts);
  const std::string fp = slurp(data("sme2_neon_fp.qemu.out"));
  ASSERT_EQ(std::count(fp.begin(), fp.end(), '\n'), 4386);
  expect_runs_as_recorded(data("sme2_neon_fp.s"), "neon_fp", {}, fp);
}

// Advanced SIMD integer arithmetic (data/sme2_neon_int.s: multiplies, widening,
// doubling, saturating, halving, absolute differences, maxima, ...) and the
// structure loads and stores (data/sme2_neon_mem.s: LD1-LD4, ST1-ST4, LDnR,
// lanes, every address form): the output qemu-aarch64 7.2 printed for each
// program built by clang-19, from the source and from clang's ELF; and QEMU
// itself, where it is installed. By hand: MUL .4h of the first pair is each
// halfword of 0x0123456789abcdef times 0x1111, low 16 bits: 0x665372d77f5b8bdf
// (line 3); `ld1 { v0.16b }, [x21]` at table + 3 of the table whose byte i is
// 0x20 + i reads 0x2a29282726252423 first (line 1).
TEST(Sme2Run, AdvancedSimdIntegerAndStructuresAsQemu) {
  const std::string arith = slurp(data("sme2_neon_int.qemu.out"));
  ASSERT_EQ(std::count(arith.begin(), arith.end(), '\n'), 1756);
  EXPECT_EQ(arith.substr(2 * 17, 17), "665372d77f5b8bdf\n");
  expect_runs_as_recorded(data("sme2_neon_int.s"), "neon_int", {}, arith);
  const std::string mem = slurp(data("sme2_neon_mem.qemu.out"));
  ASSERT_EQ(std::count(mem.begin(), mem.end(), '\n'), 445);
  EXPECT_EQ(mem.substr(0, 17), "2a29282726252423\n");
  expect_runs_as_recorded(data("sme2_neon_mem.s"), "neon_mem", {}, mem);
}

// ORV/EORV/ANDV, MOVPRFX (predicated), CPY (scalar and SIMD&FP scalar), the
// predicated shifts by an immediate, LDNT1/STNT1, the vector-plus-immediate
// gathers and scatters and every SVE prefetch form, under four predicates (the
// program's header says what it prints).
TEST(Sme2Run, SveReductionsNonTemporalAndVectorPlusImmediateAsQemu) {
  const std::string recorded = slurp(data("sme2_sve_more.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 2673);
  EXPECT_EQ(recorded.substr(recorded.size() - 17), "000000000000005f\n");
  expect_runs_as_recorded(data("sme2_sve_more.s"), "sve_more", {"--svl", "512"}, recorded);
}

// The Advanced SIMD shifts by a register of doubleword scalars with amounts
// at and past 64 both ways, over values at the limits (mlisa stopped on a
// 128-bit overflow there): qemu-aarch64 7.2's output
// (data/sme2_shift_limits.qemu.out; by hand, UQSHL of -1 by 64 saturates,
// lines 15 and 18, and URSHL of -1 by -64 is 1, line 49).
TEST(Sme2Run, ShiftsByRegisterPastTheElementAsQemu) {
  const std::string recorded = slurp(data("sme2_shift_limits.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 451);
  EXPECT_EQ(recorded.substr(14 * 17, 17), "ffffffffffffffff\n");
  EXPECT_EQ(recorded.substr(17 * 17, 17), "0000000008000000\n");
  EXPECT_EQ(recorded.substr(48 * 17, 17), "0000000000000001\n");
  expect_runs_as_recorded(data("sme2_shift_limits.s"), "shift_limits", {}, recorded);
}

// LDP/STP (each address form) and the non-temporal LDNP/STNP of W, X, S,
// D and Q registers, and PRFM (literal): qemu-aarch64 7.2's output
// (data/sme2_pairs.qemu.out; by hand, ldnp w10, w11, [x20, #4] reads
// 0x07a9ed8f and 0x4ab7d5f1, the first two lines).
TEST(Sme2Run, PairLoadsAndStoresAsQemu) {
  const std::string recorded = slurp(data("sme2_pairs.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 106);
  EXPECT_EQ(recorded.substr(0, 34), "0000000007a9ed8f\n000000004ab7d5f1\n");
  expect_runs_as_recorded(data("sme2_pairs.s"), "pairs", {"--svl", "512"}, recorded);
}

// SVE and SVE2 shifts (by immediate and by vector, predicated; SRI, SLI),
// the wide-element compares, WHILEGE/GT/HS/HI, WHILERW/WR, EXT and SPLICE
// (constructive) and REVD under three predicates, over limits and rounding
// ties: the output qemu-aarch64 7.2 printed (data/sme2_sve2_shift.qemu.out;
// the program's header gives the values worked by hand, e.g. ASRD .b #1 of
// 0x81 is 0xc1), from the source, from clang-19's ELF and QEMU itself.
TEST(Sme2Run, Sve2ShiftsComparesAndLoopsAsQemu) {
  const std::string recorded = slurp(data("sme2_sve2_shift.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 8093);
  expect_runs_as_recorded(data("sme2_sve2_shift.s"), "sve2_shift", {"--svl", "512"}, recorded);
}

// SVE2 integer multiplies (MUL, MLA, MLS indexed; SQDMULH, SQRDMULH,
// SQRDMLAH, SQRDMLSH; the widening multiplies and multiply-adds, PMUL,
// PMULLB/T), the predicated saturating and pairwise arithmetic, and the
// widening and narrowing adds over element limits and arbitrary data:
// qemu-aarch64 7.2's output (data/sme2_sve2_mul.qemu.out; hand-worked
// values in the header, e.g. SQDMULH .b of 0x80 by itself saturates to 0x7f).
TEST(Sme2Run, Sve2IntegerMultipliesAndWideningAsQemu) {
  const std::string recorded = slurp(data("sme2_sve2_mul.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 9761);
  EXPECT_EQ(recorded.substr(recorded.size() - 17), "000000000000005f\n");
  expect_runs_as_recorded(data("sme2_sve2_mul.s"), "sve2_mul", {"--svl", "512"}, recorded);
}

// SVE and SVE2 complex arithmetic (FCMLA, FCADD, CMLA, SQRDCMLAH, CDOT,
// CADD, SQCADD), FMLALB/T and FMLSLB/T, USDOT/SUDOT, the integer and
// BFloat16 matrix multiplies, over limits, NaNs, infinities and denormals,
// then again under FPCR.FZ, FZ16 and DN: qemu-aarch64 7.2's output
// (data/sme2_sve2_cplx.qemu.out; hand-worked values in the header, e.g.
// CADD .b #90 of the first pair is 0x6f41).
TEST(Sme2Run, Sve2ComplexAndMatrixAsQemu) {
  const std::string recorded = slurp(data("sme2_sve2_cplx.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 1771);
  EXPECT_EQ(recorded.substr(recorded.size() - 17), "000000000000005f\n");
  expect_runs_as_recorded(data("sme2_sve2_cplx.s"), "sve2_cplx", {"--svl", "512"}, recorded);
}

// SVE2 HISTCNT, HISTSEG, MATCH, NMATCH; FTSMUL, FTSSEL, FTMAD, FEXPA under
// the default FPCR and FZ, FZ16, DN; PSEL (in Streaming mode), ADDSPL, TBX,
// XAR; the twelve saturating narrowing shifts (SQSHRNB ... SQRSHRUNT) and
// SQADD/UQADD/SQSUB/UQSUB (immediate): qemu-aarch64 7.2's output
// (data/sme2_sve2_misc.qemu.out; hand-worked values in the header, e.g.
// SQSUB .b #255 and UQADD .h #65280).
TEST(Sme2Run, Sve2MiscellaneousAsQemu) {
  const std::string recorded = slurp(data("sme2_sve2_misc.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 1818);
  EXPECT_EQ(recorded.substr(recorded.size() - 17), "000000000000005f\n");
  expect_runs_as_recorded(data("sme2_sve2_misc.s"), "sve2_misc", {"--svl", "512"}, recorded);
}

// The unprivileged loads and stores (LDTR ... STTRH, at EL0 their LDUR/STUR
// counterparts) and SYS at EL0 (DC ZVA zeroing QEMU's 512-byte block) as
// qemu-aarch64 7.2 runs them (the first 84 lines), then SMLAL/SMLSL/UMLAL/
// UMLSL into ZA, which QEMU 7.2 does not run: those lines were computed by
// data/sme2_base_more_ref.py from the manual's definition. By hand: ldtrsb
// x of 0x80 is 0xffffffffffffff80; smlal of 0x7fff by 0x8000 adds 0xc0008000.
TEST(Sme2Run, UnprivilegedAccessesSysAndLongMultiplyAddsIntoZa) {
  const std::string expected = slurp(data("sme2_base_more.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 613);
  EXPECT_EQ(expected.substr(expected.size() - 17), "000000000000005f\n");
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_base_more.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// SVE first-fault and no-fault loads (LDFF1*, LDNF1*) with SETFFR, RDFFR,
// RDFFRS and WRFFR, the LDNT1 gathers and STNT1 scatters (vector plus
// scalar), LD1RQ* (scalar plus scalar), under four predicates: qemu-aarch64
// 7.2's output (data/sme2_sve_ffr.qemu.out; hand-worked values in the
// header, e.g. RDFFRS with FFR = 0x0000000fffffffff sets NZCV to 0xa0000000).
TEST(Sme2Run, FirstFaultNoFaultAndNonTemporalLoadsAsQemu) {
  const std::string recorded = slurp(data("sme2_sve_ffr.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 3678);
  EXPECT_EQ(recorded.substr(recorded.size() - 17), "000000000000005f\n");
  expect_runs_as_recorded(data("sme2_sve_ffr.s"), "sve_ffr", {"--svl", "512"}, recorded);
}

// First-fault and no-fault loads that run past the end of memory: the
// elements from the first that would fault are zero and FFR is cleared from
// there, as qemu-aarch64 7.2 runs them (data/sme2_sve_ffr_fault.qemu.out; by
// hand: LDFF1B 40 bytes before the end gives FFR 0x000000ffffffffff and a
// first doubleword 0xdfdedddcdbdad9d8).
TEST(Sme2Run, FirstFaultLoadsPastTheEndOfMemoryAsQemu) {
  const std::string recorded = slurp(data("sme2_sve_ffr_fault.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 46);
  EXPECT_EQ(recorded.substr(0, 17), "dfdedddcdbdad9d8\n");
  EXPECT_EQ(recorded.substr(8 * 17, 17), "000000ffffffffff\n");
  expect_runs_as_recorded(data("sme2_sve_ffr_fault.s"), "sve_ffr_fault", {"--svl", "512"}, recorded);
}

// INCP ... UQDECP (scalar and vector), TBL of two tables, and SVE2p1's
// two-vector SQRSHRN/UQRSHRN/SQRSHRUN and 2-way SDOT/UDOT: qemu-aarch64
// 7.2's output but for the SVE2p1 sections, which it does not run: those
// lines come from data/sme2_sve_more2_ref.py, written from the manual's
// definitions. By hand: SDOT (2-way) word 0 wraps to 0x80003fff.
TEST(Sme2Run, PredicateCountsTwoTableTblAndSve2p1AsTheDefinition) {
  const std::string expected = slurp(data("sme2_sve_more2.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 1441);
  EXPECT_EQ(expected.substr(expected.size() - 17), "000000000000005f\n");
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_sve_more2.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// SME2 multiply-add long-long into ZA (SMLALL ... SUMLALL), the dot
// products into ZA (SDOT/UDOT 2- and 4-way, USDOT, SUDOT, SVDOT, UVDOT,
// USVDOT, SUVDOT) and SMOPA's kin into .D tiles, .S and .D groups, which QEMU
// 7.2 does not run: the expected output was computed by
// data/sme2_za_long_ref.py from the manual's definitions. By hand: the first
// SMLALL's ZA0 word 0 is 0xb03e1aed + (-84 * -128) = 0xb03e44ed.
TEST(Sme2Run, LongLongMultiplyAddsAndDotProductsIntoZaAsTheDefinition) {
  const std::string expected = slurp(data("sme2_za_long.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 9200);
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_za_long.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// PTRUES, PFIRST, PNEXT, CTERMEQ/NE, INSR, SQINC ... UQDEC{H,W,D} (vector),
// SVE2 SQABS/SQNEG/URECPE/URSQRTE, FRECPX, FLOGB, the SVE2 FP pairwise and
// FCVTX/FCVTXNT/FCVTLT/FCVTNT under four FPCRs, BFMLALB/T: qemu-aarch64
// 7.2's output (the first 2,706 lines); then BFMLSLB/T, FDOT (2-way), the
// multi-vector narrowings, SQDMULH and FCVT/FCVTN, which QEMU 7.2 does not
// run: from data/sme2_sve_more3_ref.py, written from the manual's definitions
// (its BFMLALB model reproduces QEMU's lines). By hand: FRECPX of +0.0 (half)
// is 0x7800; FCVTX rounds to odd (0x3f800001).
TEST(Sme2Run, PredicatesSve2UnaryPairwiseAndSme2NarrowingAsQemuAndTheDefinition) {
  const std::string expected = slurp(data("sme2_sve_more3.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 3771);
  EXPECT_EQ(expected.substr(expected.size() - 17), "000000000000005f\n");
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_sve_more3.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// ADDHA and ADDVA into .D tiles (FEAT_SME_I16I64): qemu-aarch64 7.2's output
// (data/sme2_addha64.qemu.out). By hand: ZA5.D row 0 is 0, 3, 6, then -1.
TEST(Sme2Run, AddhaAddvaIntoDoublewordTilesAsQemu) {
  const std::string recorded = slurp(data("sme2_addha64.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 129);
  EXPECT_EQ(recorded.substr(0, 4 * 17), "0000000000000000\n0000000000000003\n0000000000000006\nffffffffffffffff\n");
  expect_runs_as_recorded(data("sme2_addha64.s"), "addha64", {"--svl", "512"}, recorded);
}

// SME2 multi-vector FMAX/FMIN/FMAXNM/FMINNM, SMAX ... UMIN, the clamps, ZT0
// (LDR, STR, ZERO, LUTI2, LUTI4), ADD/SUB into ZA and SDOT/UDOT, which QEMU 7.2
// does not run: the expected output was computed by data/sme2_multi_ref.py
// from the manual's definitions, apart from mlisa (it writes the program and
// the output). By hand: FMAX .h of +inf, -0, 1.0, -1.0 with a quiet NaN, a
// quiet NaN, the largest denormal and -4.0 is 7e00, 7e00, 3c00, bc00.
TEST(Sme2Run, MultiVectorOperationsAsTheDefinition) {
  const std::string expected = slurp(data("sme2_multi_ops.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 3654);
  EXPECT_EQ(expected.substr(0, 17), "bc003c007e007e00\n");
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_multi_ops.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// Base A64 added for compiled code (data/sme2_a64_more.s: ADC/SBC and their
// flags, the LSE atomics, CAS/CASP, the exclusives and the ordered loads and
// stores, barriers, CRC32, LDPSW) and the floating-point and SVE forms clang
// emits (data/sme2_fp_more.s: half precision, FNMUL, FCCMP, FRECPX, FRINT32/64,
// BFCVT, FMOV of a doubleword's top half, the scalar saturating narrows; SVE
// INC/DEC of vectors, ADR, CLS ... NOT, EOR3 and its kin, SHRNB ..., under
// three FPCRs): the output qemu-aarch64 7.2 printed for each program built by
// clang-19, from the source and from clang's ELF; and QEMU itself, where it is
// installed. Both were written by helpers; by hand: the first pair's ADCS with
// carry set, 0x0123456789abcdef + 0xfedcba9876543210 + 1 = 2^64, is 0 with Z
// and C set (lines 25, 26).
TEST(Sme2Run, A64AtomicsCarryCrcAndHalfPrecisionAsQemu) {
  const std::string more = slurp(data("sme2_a64_more.qemu.out"));
  ASSERT_EQ(std::count(more.begin(), more.end(), '\n'), 1156);
  EXPECT_EQ(more.substr(24 * 17, 2 * 17), "0000000000000000\n0000000060000000\n");
  expect_runs_as_recorded(data("sme2_a64_more.s"), "a64_more", {}, more);
  const std::string fp = slurp(data("sme2_fp_more.qemu.out"));
  ASSERT_EQ(std::count(fp.begin(), fp.end(), '\n'), 4247);
  expect_runs_as_recorded(data("sme2_fp_more.s"), "fp_more", {"--svl", "512"}, fp);
}

// The hint space runs on (PACIASP/AUTIASP leave LR as it was) and FABS, FNEG,
// FSQRT, FMOV of half precision (data/sme2_hints_half.s): the output
// qemu-aarch64 7.2 printed for the program built by clang-19, from the source
// and from clang's ELF; and QEMU itself, where it is installed. By hand: the
// square root of the smallest denormal, 2^-24, is 2^-12, 0x0c00 (line 4).
TEST(Sme2Run, HintsAndHalfPrecisionAsQemu) {
  const std::string recorded = slurp(data("sme2_hints_half.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 1 + 8 * 4 + 1);
  EXPECT_EQ(recorded.substr(3 * 17, 17), "0000000000000c00\n");
  expect_runs_as_recorded(data("sme2_hints_half.s"), "hints_half", {}, recorded);
}

// The Advanced SIMD dot products and matrix multiply-accumulates (integer and
// BF16) and the LRCPC2 loads and stores (data/sme2_neon_dot.s), and SME's
// ADDHA/ADDVA (data/sme2_addha.s): the output qemu-aarch64 7.2 printed for
// each program built by clang-19, from the source and from clang's ELF; and
// QEMU itself, where it is installed. Helpers wrote both; by hand: SDOT .4s of
// the first pair adds 17 * (-17 - 51 - 85 - 119) to 0x5a5a5a5a: 0x5a5a484a.
TEST(Sme2Run, DotProductsAndAddhaAsQemu) {
  const std::string dot = slurp(data("sme2_neon_dot.qemu.out"));
  ASSERT_EQ(std::count(dot.begin(), dot.end(), '\n'), 274);
  EXPECT_EQ(dot.substr(0, 17), "5a5a682a5a5a484a\n");
  expect_runs_as_recorded(data("sme2_neon_dot.s"), "neon_dot", {}, dot);
  const std::string addha = slurp(data("sme2_addha.qemu.out"));
  ASSERT_EQ(std::count(addha.begin(), addha.end(), '\n'), 1152);
  expect_runs_as_recorded(data("sme2_addha.s"), "addha", {"--svl", "512"}, addha);
}

// SME2's 2-way SMOPA and kin, BMOPA, ADD (to vectors), ZIP, UZP, SUNPK, SEL,
// SRSHL, SQCVT, SQRSHR and the multi-vector conversions, which QEMU 7.2 does
// not run: the expected output was computed by data/sme2_multi_more_ref.py
// from the manual's definitions (a helper wrote both).
TEST(Sme2Run, MoreMultiVectorOperationsAsTheDefinition) {
  const std::string expected = slurp(data("sme2_multi_more.expected"));
  ASSERT_EQ(std::count(expected.begin(), expected.end(), '\n'), 2696);
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_multi_more.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, expected);
}

// SME2's multi-vector LDNT1/STNT1 (consecutive and strided, 2 and 4 registers,
// immediate and scalar offsets), which QEMU 7.2 does not run: the expected
// output is what qemu-aarch64 printed for data/sme2_multi_nt_ref.s, which
// moves the same elements with single-vector SVE LD1/ST1 under ordinary
// predicates (both programs from data/sme2_multi_nt_gen.py; a helper wrote
// them). mlisa runs both to that output, and QEMU the reference where installed.
TEST(Sme2Run, MultiVectorNonTemporalAsTheirSveReference) {
  const std::string recorded = slurp(data("sme2_multi_nt.qemu.out"));
  ASSERT_EQ(std::count(recorded.begin(), recorded.end(), '\n'), 3072);
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", data("sme2_multi_nt.s")});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, recorded);
  expect_runs_as_recorded(data("sme2_multi_nt_ref.s"), "multi_nt_ref", {"--svl", "512"}, recorded);
}

// Kernels in C with the SME and SVE ACLE, compiled by clang-19 -O2: the code a
// compiler writes around SME runs as under qemu-aarch64 7.2 (its recorded
// output, data/<kernel>.qemu.out, and QEMU itself), from clang's ELF, from
// clang's assembly, and assembled by mlisa and linked.
//   sme2_gemm_kernel  a BF16 GEMM tile (BFMOPA, MOVA) in a locally-streaming frame;
//   sme2_f32_kernel   an FP32 FMOPA GEMM stored and reloaded through ST1W/LD1W tile
//                     slices, BFCVT and ST1H, SVE BFDOT and BFMLALB/T, LD1SB, ST1B,
//                     NEG, MUL (immediate) and SCVTF (fixed-point);
//   sme2_sve_kernel   SVE loops of an int8/fp32 kernel in Streaming mode: FADDV,
//                     FMAXV, FMLA, FMAX/FMUL, FRINTA, FCVTZS, SMIN/SMAX, SDOT,
//                     SCVTF, FCMGT, SEL, and the predicate spills (STR/LDR P);
//   sme2_bits_kernel  integer and bitwise SVE loops: AND/ORR/EOR with bitmask
//                     immediates, AND/EOR/BIC of vectors, CMP<cc> (immediate),
//                     CPY (immediate), MAD, MSB, MLA, FMAD and FNMSB, predicate
//                     logic and permutes;
//   sme2_struct_kernel interleaved data with partial tails: LD2W/ST2W, LD3B,
//                     LD4B/ST4B, LD2D/ST3D, UUNPKLO, UZP1, REV, TBL, LSL/ASR
//                     by vectors; outside Streaming mode the gathers LD1W
//                     (SXTW #2) and LD1B (UXTW), the scatter ST1D (LSL #3),
//                     and UMULL in the index arithmetic;
//   sme2_brk_kernel   the propagating breaks BRKPA, BRKPB and BRKN over a family of
//                     predicates, with PTEST of their results.
class Sme2CompiledKernel : public ::testing::TestWithParam<const char*> {};

TEST_P(Sme2CompiledKernel, RunsAsQemu) {
  if (!have("clang-19") || !have("ld.lld")) GTEST_SKIP() << "clang-19 or ld.lld absent";
  const std::string kernel = GetParam();
  const std::string source = data(kernel + ".c");
  const std::string flags =
      "--target=aarch64-linux-gnu -march=armv9-a+sme2 -O2 -fno-vectorize -fno-slp-vectorize -ffreestanding "
      "-fno-builtin-memcpy -fno-builtin-memset";
  const std::string elf = tmp(kernel + ".elf");
  const std::string cmd = fmt::format("clang-19 {} -nostdlib -static -fuse-ld=lld {} -o {} 2>&1", flags, source, elf);
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream f(data(kernel + ".qemu.out"));
  std::stringstream recorded;
  recorded << f.rdbuf();
  const RunResult ours = run_mlisa({"run", "--target", "sme2", "--svl", "512", elf});
  EXPECT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_EQ(ours.out, recorded.str());
  // clang-19's assembly (ADRP with :lo12:, .p2align, .type, .size): run from
  // source, and assembled into an object that ld.lld links.
  const std::string s = tmp(kernel + ".s");
  const std::string to_s = fmt::format("clang-19 {} -S {} -o {} 2>&1", flags, source, s);
  ASSERT_EQ(std::system(to_s.c_str()), 0) << to_s;
  const RunResult from_source = run_mlisa({"run", "--target", "sme2", "--svl", "512", s});
  EXPECT_EQ(from_source.exit_code, 0) << from_source.err;
  EXPECT_EQ(from_source.out, recorded.str());
  const std::string obj = tmp(kernel + ".o"), linked = tmp(kernel + "_mlisa.elf");
  const RunResult assembled = run_mlisa({"as", "--target", "sme2", s, "-o", obj});
  ASSERT_EQ(assembled.exit_code, 0) << assembled.err;
  ASSERT_EQ(std::system(fmt::format("ld.lld -static {} -o {}", obj, linked).c_str()), 0);
  const RunResult from_object = run_mlisa({"run", "--target", "sme2", "--svl", "512", linked});
  EXPECT_EQ(from_object.out, recorded.str()) << from_object.err;
  if (!have("qemu-aarch64")) return;
  const auto [qemu_out, qemu_rc] = run_qemu(elf);
  EXPECT_EQ(qemu_rc, 0);
  EXPECT_EQ(qemu_out, recorded.str());
  const auto [qemu_linked_out, qemu_linked_rc] = run_qemu(linked);
  EXPECT_EQ(qemu_linked_out, recorded.str());
}

INSTANTIATE_TEST_SUITE_P(Clang, Sme2CompiledKernel, ::testing::Values("sme2_gemm_kernel", "sme2_f32_kernel", "sme2_sve_kernel",
                                                                     "sme2_bits_kernel", "sme2_struct_kernel", "sme2_brk_kernel"));

// The 4-way integer outer products (SMOPA, UMOPA, SUMOPA, USMOPA and the
// subtracting forms) in an int8 GEMM with partial predicates. QEMU 7.2 gets
// SMOPA (4-way) wrong (QEMU issue 2083: its 4x4 case gives 0x6e, 0x1de, ...
// where the manual's definition gives 110, 134, ...), so the oracle is the
// same file built for the host, whose tiles are plain C loops of the manual's
// definition (data/sme2_int8_kernel.host.out, and the host build itself).
TEST(Sme2Int8Kernel, RunsAsTheManualDefinesIt) {
  if (!have("clang-19") || !have("ld.lld")) GTEST_SKIP() << "clang-19 or ld.lld absent";
  const std::string source = data("sme2_int8_kernel.c");
  const std::string recorded = slurp(data("sme2_int8_kernel.host.out"));
  const std::string elf = tmp("int8.elf"), s = tmp("int8.s"), obj = tmp("int8.o"), linked = tmp("int8_mlisa.elf");
  const std::string flags =
      "--target=aarch64-linux-gnu -march=armv9-a+sme2 -O2 -fno-vectorize -fno-slp-vectorize -ffreestanding "
      "-fno-builtin-memcpy -fno-builtin-memset";
  ASSERT_EQ(std::system(fmt::format("clang-19 {} -nostdlib -static -fuse-ld=lld {} -o {} 2>&1", flags, source, elf).c_str()), 0);
  const RunResult ours = run_mlisa({"run", "--target", "sme2", "--svl", "512", elf});
  EXPECT_EQ(ours.exit_code, 0) << ours.err;
  EXPECT_EQ(ours.out, recorded);
  ASSERT_EQ(std::system(fmt::format("clang-19 {} -S {} -o {} 2>&1", flags, source, s).c_str()), 0);
  ASSERT_EQ(run_mlisa({"as", "--target", "sme2", s, "-o", obj}).exit_code, 0);
  ASSERT_EQ(std::system(fmt::format("ld.lld -static {} -o {}", obj, linked).c_str()), 0);
  EXPECT_EQ(run_mlisa({"run", "--target", "sme2", "--svl", "512", linked}).out, recorded);
  if (!have("cc")) return;
  const std::string host = tmp("int8_host");
  ASSERT_EQ(std::system(fmt::format("cc -O1 {} -o {} && {} > {}.out", source, host, host, host).c_str()), 0);
  EXPECT_EQ(slurp(host + ".out"), recorded);
}

// --- examples/bf16_gemm.s ---------------------------------------------------

constexpr int M = 8, N = 128, K = 32;
float a_val(int i, int k) { return static_cast<float>((i * K + k) * 37 % 101 - 50) / 16.0f; }
float b_val(int k, int j) { return static_cast<float>((k * N + j) * 53 % 97 - 48) / 32.0f; }
float c0_val(int i, int j) { return static_cast<float>((i * N + j) % 13 - 6) / 3.0f; }
uint32_t bits_of(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// The example's C after the run, from its printed lines.
struct GemmOutput {
  std::vector<uint32_t> row0, row7;
  uint32_t checksum = 0, macs = 0;
};
GemmOutput parse_gemm(const std::string& out) {
  GemmOutput g;
  std::istringstream in(out);
  std::string line;
  auto words = [](const std::string& l, size_t from) {
    std::vector<uint32_t> v;
    std::istringstream s(l.substr(from));
    std::string w;
    while (s >> w) v.push_back(static_cast<uint32_t>(std::stoul(w, nullptr, 16)));
    return v;
  };
  while (std::getline(in, line)) {
    if (line.rfind("c[0][0:8]", 0) == 0) g.row0 = words(line, 9);
    if (line.rfind("c[7][120:128]", 0) == 0) g.row7 = words(line, 13);
    if (line.rfind("checksum ", 0) == 0) g.checksum = words(line, 9).at(0);
    if (line.rfind("za multiply-accumulates ", 0) == 0) g.macs = words(line, 24).at(0);
  }
  return g;
}

// fp32: each step c + a*b rounded once (a*b of two bf16 values is exact in
// fp32, so this is the fused step BFMLAL performs), k in order.
std::vector<float> fp32_reference() {
  std::vector<float> c(M * N);
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float acc = c0_val(i, j);
      for (int k = 0; k < K; ++k) acc = acc + a_val(i, k) * b_val(k, j);
      c[static_cast<size_t>(i * N + j)] = acc;
    }
  return c;
}

// MPFR: the same sequence with each step an exact fused multiply-add
// rounded to binary32 (mpfr_fma at 24 bits; every value is far from the
// subnormal range), and the exact dot product rounded once.
void mpfr_references(std::vector<float>& stepwise, std::vector<double>& exact) {
  stepwise.assign(M * N, 0);
  exact.assign(M * N, 0);
  mpfr_t acc, a, b, sum, prod;
  mpfr_inits2(24, acc, a, b, static_cast<mpfr_ptr>(nullptr));
  mpfr_inits2(200, sum, prod, static_cast<mpfr_ptr>(nullptr));
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      mpfr_set_flt(acc, c0_val(i, j), MPFR_RNDN);
      mpfr_set_flt(sum, c0_val(i, j), MPFR_RNDN);
      for (int k = 0; k < K; ++k) {
        mpfr_set_flt(a, a_val(i, k), MPFR_RNDN);
        mpfr_set_flt(b, b_val(k, j), MPFR_RNDN);
        mpfr_fma(acc, a, b, acc, MPFR_RNDN);
        mpfr_mul(prod, a, b, MPFR_RNDN);
        mpfr_add(sum, sum, prod, MPFR_RNDN);
      }
      stepwise[static_cast<size_t>(i * N + j)] = mpfr_get_flt(acc, MPFR_RNDN);
      exact[static_cast<size_t>(i * N + j)] = mpfr_get_d(sum, MPFR_RNDN);
    }
  mpfr_clears(acc, a, b, sum, prod, static_cast<mpfr_ptr>(nullptr));
}

void expect_gemm_output(const GemmOutput& g, const std::vector<float>& ref, const std::string& what) {
  ASSERT_EQ(g.row0.size(), 8u) << what;
  ASSERT_EQ(g.row7.size(), 8u) << what;
  uint32_t sum = 0;
  for (float f : ref) sum += bits_of(f);
  for (int j = 0; j < 8; ++j) {
    EXPECT_EQ(g.row0[static_cast<size_t>(j)], bits_of(ref[static_cast<size_t>(j)])) << what << " c[0][" << j << "]";
    EXPECT_EQ(g.row7[static_cast<size_t>(j)], bits_of(ref[static_cast<size_t>(7 * N + 120 + j)])) << what << " c[7][" << 120 + j << "]";
  }
  EXPECT_EQ(g.checksum, sum) << what;
  EXPECT_EQ(g.macs, static_cast<uint32_t>(M * N * K)) << what;
}

TEST(Sme2Gemm, MatchesFp32AndMpfrReferences) {
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "512", example("bf16_gemm.s")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const GemmOutput g = parse_gemm(r.out);
  const std::vector<float> fp32 = fp32_reference();
  std::vector<float> stepwise;
  std::vector<double> exact;
  mpfr_references(stepwise, exact);
  expect_gemm_output(g, fp32, "fp32 reference");
  expect_gemm_output(g, stepwise, "MPFR stepwise reference");
  // Against the exact dot product rounded once: K + 1 roundings each within
  // half an ulp of the running sum, bounded by (K + 1) * 2^-24 * sum |terms|.
  size_t differ = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double mag = std::fabs(c0_val(i, j));
      for (int k = 0; k < K; ++k) mag += std::fabs(static_cast<double>(a_val(i, k)) * b_val(k, j));
      const size_t e = static_cast<size_t>(i * N + j);
      EXPECT_LE(std::fabs(static_cast<double>(fp32[e]) - exact[e]), (K + 1) * std::ldexp(mag, -24)) << i << "," << j;
      differ += static_cast<double>(fp32[e]) != static_cast<float>(exact[e]);
    }
  RecordProperty("elements_differing_from_exact_rounding", static_cast<int>(differ));
  // The multiply-adds the machine counted and the instructions it ran: 128
  // per BFMLAL VGx4 (4 groups x 2 vectors x 16 lanes).
  EXPECT_NE(r.err.find("32768 ZA multiply-accumulates"), std::string::npos) << r.err;
}

TEST(Sme2Gemm, RefusesAnotherVectorLength) {
  const RunResult r = run_mlisa({"run", "--target", "sme2", "--svl", "256", example("bf16_gemm.s")});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("needs an SVL of 512"), std::string::npos) << r.out;
}

TEST(Sme2Gemm, ClangBuildRunsTheSame) {
  if (!have("clang-19") || !have("ld.lld")) GTEST_SKIP() << "clang-19 or ld.lld absent";
  const std::string elf = build_elf(example("bf16_gemm.s"), "gemm");
  ASSERT_FALSE(elf.empty());
  const RunResult from_s = run_mlisa({"run", "--target", "sme2", example("bf16_gemm.s")});
  const RunResult from_elf = run_mlisa({"run", "--target", "sme2", elf});
  EXPECT_EQ(from_elf.exit_code, 0) << from_elf.err;
  EXPECT_EQ(from_elf.out, from_s.out);
}

// --- faults and bad input ------------------------------------------------------

std::string write_source(const std::string& name, const std::string& text) {
  const std::string path = tmp(name);
  std::ofstream(path) << text;
  return path;
}

TEST(Sme2Run, FaultsAndBadInput) {
  const std::string spin = write_source("spin.s", "    .text\n_start:\n    b _start\n");
  RunResult r = run_mlisa({"run", "--target", "sme2", "--max-steps", "100", spin});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("step limit"), std::string::npos) << r.err;

  const std::string abort = write_source("abort.s", "    .text\n_start:\n    mov x1, #0x1000\n    ldr x0, [x1]\n");
  r = run_mlisa({"run", "--target", "sme2", abort});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("DataAbort (Translation)"), std::string::npos) << r.err;

  const std::string trap = write_source("trap.s", "    .text\n_start:\n    bfmlal za.s[w8, 0:1], z0.h, z0.h\n");
  r = run_mlisa({"run", "--target", "sme2", trap});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("SMEAccessTrap (Streaming)"), std::string::npos) << r.err;

  const std::string za_off = write_source("zaoff.s", "    .text\n_start:\n    smstart sm\n    ldr za[w12, 0], [sp]\n");
  r = run_mlisa({"run", "--target", "sme2", za_off});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("SMEAccessTrap (InactiveZA)"), std::string::npos) << r.err;

  // BRK (a compiler's __builtin_trap) stops the run, where Linux sends SIGTRAP; HLT is UNDEFINED.
  const std::string brk = write_source("brk.s", "    .text\n_start:\n    nop\n    brk #0x3e8\n");
  r = run_mlisa({"run", "--target", "sme2", brk});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("Breakpoint"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("BRK #0x3e8"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("at pc 0x"), std::string::npos) << r.err;
  const std::string hlt = write_source("hlt.s", "    .text\n_start:\n    hlt #0\n");
  r = run_mlisa({"run", "--target", "sme2", hlt});
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("UNDEFINED"), std::string::npos) << r.err;

  const std::string bad = write_source("bad.s", "    .text\n_start:\n    ldr za[w8, 0], [x0]\n");
  r = run_mlisa({"run", "--target", "sme2", bad});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("bad.s:3:"), std::string::npos) << r.err;

  r = run_mlisa({"run", "--target", "sme2", "--svl", "384", spin});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("power of two"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace mlisa::test
