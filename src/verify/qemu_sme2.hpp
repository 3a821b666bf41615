// The QEMU oracle of the sme2 target: runs batches of single-instruction
// cases on QEMU's AArch64 user-mode emulator (qemu-aarch64 -cpu max with SME)
// at one streaming vector length per run and returns what each case left.
//
// One static Linux program per batch, assembled with llvm-mc-19 and linked
// with ld.lld: its own _start sets the SVL with prctl(PR_SME_SET_VL), checks
// it with RDSVL, enters Streaming SVE mode with ZA (SMSTART), and per case
// loads FPCR, FPSR, the Z and P registers the case names and the rows of one
// ZA tile (.S or .D) from an input table (.incbin), runs the case's instruction words
// (emitted as .inst, so QEMU runs the bits our assembler produced), and
// stores FPSR, the Z and P registers it asks for and the tile's rows to a results
// table. At the end it writes the table to a file with raw syscalls (openat,
// write, close) and exits 0.
//
// QEMU 7.2 runs SME (BFMOPA/BFMOPS, LDR/STR ZA) and SVE2 (BFMLALB/BFMLALT,
// also in Streaming SVE mode) but not SME2. docs/sme2.md ("The QEMU oracle").
#pragma once

#include "verify/oracle_suite.hpp"

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlisa::verify::qemu_sme2 {

// A failure of the oracle itself (verify/oracle_suite.hpp).
using OracleError = verify::OracleError;

struct Tools {
  std::string qemu;  // qemu-aarch64
  std::string mc;    // llvm-mc-19
  std::string ld;    // ld.lld
};
// Looks them up on PATH; nullopt (and why) when one is missing.
std::optional<Tools> find_tools(std::string* why = nullptr);

// A register's bytes, little-endian (lane 0 first): SVL/8 bytes for Z, SVL/64
// for P.
struct Reg {
  int number = 0;
  std::vector<uint8_t> bytes;
};

struct Case {
  uint64_t fpcr = 0, fpsr = 0;
  std::vector<Reg> z, p;            // loaded before the instruction
  int tile = -1;                    // a ZA tile whose rows are loaded and stored, or -1
  int tile_esize = 32;              // its elements' size: 32 (ZA0-ZA3.S) or 64 (ZA0-ZA7.D)
  std::vector<uint8_t> tile_rows;   // SVL/tile_esize rows of SVL/8 bytes, row 0 first
  std::vector<uint32_t> words;      // the instructions, in order
  std::vector<int> z_out;           // Z registers stored afterwards
  std::vector<int> p_out;           // P registers stored after them
};

struct Result {
  uint64_t fpsr = 0;
  std::vector<std::vector<uint8_t>> z_out;  // in Case::z_out order
  std::vector<std::vector<uint8_t>> p_out;  // in Case::p_out order
  std::vector<uint8_t> tile_rows;           // when Case::tile >= 0
};

// The program of a batch at streaming vector length `svl`: assembly source
// that .incbin's `inputs_path` and writes the results to `results_path`, and
// its input table. Exposed for tests.
std::string program_source(int svl, const std::vector<Case>& cases, const std::string& inputs_path,
                           const std::string& results_path);
std::vector<uint8_t> input_table(int svl, const std::vector<Case>& cases);
// The results file of a batch: a 16-byte header (SVL in bytes as RDSVL read
// it, the number of cases finished) and each case's record. Throws
// OracleError when it is malformed or short.
std::vector<Result> parse_results(int svl, const std::vector<Case>& cases, const std::vector<uint8_t>& blob);

// Cases per program (keeps the program and the tables a few MB at SVL 2048).
inline constexpr size_t kMaxBatch = 2000;

// Runs the cases at SVL `svl` (128..2048) under QEMU. Throws OracleError.
std::vector<Result> run(const Tools& tools, int svl, const std::vector<Case>& cases, double timeout_seconds = 300);

}  // namespace mlisa::verify::qemu_sme2
