// The QEMU oracle of the mve target: runs batches of single-instruction cases
// on QEMU's Cortex-M55 (the mps3-an547 board) and returns the architectural
// state after each case.
//
// One image per batch: a vector table (initial SP in DTCM, the reset handler,
// every fault vector to a handler that reports the faulting case), a reset
// handler that enables CP10/CP11 in CPACR (then DSB, ISB), and per case
// straight-line code that loads the case's inputs (Q0-Q7, FPSCR, VPR,
// R0-R12, LR) from a table, runs the case's instruction words (emitted as
// .inst.w, so QEMU runs the bits our assembler produced), and pushes the same
// state to a results table. At the end the image writes the results table to
// a host file in one block (semihosting SYS_OPEN/SYS_WRITE/SYS_CLOSE), prints
// a marker with SYS_WRITE0 and stops with SYS_EXIT (ADP_Stopped_ApplicationExit).
//
// Everything lives in a private temporary directory that is removed
// afterwards. docs/mve.md ("The QEMU oracle") describes the image and the suite on top.
#pragma once

#include "verify/oracle_suite.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mlisa::verify::qemu_mve {

// The state a case loads and stores, in the image's table layout (260
// bytes, little-endian words): Q0..Q7 (word k of Qn, bits 32k+31..32k, at
// q[4n+k]), FPSCR, VPR, R0..R12, LR, APSR (N Z C V Q and GE, the bits MRS
// reads), and the 64 bytes of the memory window at kWindow.
struct State {
  std::array<uint32_t, 32> q{};
  uint32_t fpscr = 0;
  uint32_t vpr = 0;
  std::array<uint32_t, 14> r{};  // R0..R12, then R14
  uint32_t apsr = 0;
  std::array<uint32_t, 16> mem{};  // the window, word k at kWindow + 4k
  // Results only (not in the inputs table): where a case run in the landing
  // zone went, the address of the zone's trap it reached (0 for a case run
  // in a straight line).
  uint32_t pc = 0;
  bool operator==(const State&) const = default;
};
inline constexpr size_t kStateBytes = 260;
// A results record: the state, the landing PC, then 1 when the case took a
// fault the image recovered from (the next case ran after it), its IPSR and
// CFSR.
inline constexpr size_t kResultBytes = kStateBytes + 16;
// The APSR bits a case compares: N, Z, C, V, Q (31:27) and GE (19:16).
inline constexpr uint32_t kApsrMask = 0xF80F0000u;
// The memory window in DTCM that a case's loads and stores reach: its
// address registers point into it; SP points at kCaseSp inside it (the
// window's middle, 8-byte aligned). Around it lies scratch memory that no
// results record reaches, so stray offsets land there and not in the
// results.
inline constexpr uint32_t kWindow = 0x20060000;
inline constexpr uint32_t kWindowBytes = 64;
inline constexpr uint32_t kCaseSp = kWindow + 32;
// pack and unpack: the kStateBytes of an inputs record (pc is not there).
void pack(const State& s, uint8_t* out);
State unpack(const uint8_t* in);

// The landing zone (ITCM, below the inputs table): instructions that branch
// or read the PC run in it, at Case::pc near its middle. Every other
// halfword of it is a trap, a UDF (T1) whose immediate varies with the
// address (zone_halfword), so that wherever a branch lands the next
// instruction traps; QEMU's fault handler records that address and resumes
// the case (docs/verify.md, "The mve isa suite"), our side reads its PC.
// Literal loads and TBB/TBH tables in the zone read the same halfwords on
// both sides.
inline constexpr uint32_t kZone = 0x0003f000;
inline constexpr uint32_t kZoneBytes = 0x1000;
inline constexpr uint32_t kZoneMiddle = kZone + kZoneBytes / 2;
uint16_t zone_halfword(uint32_t address);
// The SP of a case run in the zone: below the window, so that QEMU's
// exception frame (the trap) lands in scratch memory and not in the window,
// and farther than a zone case's load from a window register reaches (VLDR:
// 1020 bytes).
inline constexpr uint32_t kZoneSp = kWindow - 0x800;

// One case: the inputs and the T32 words to run in order (a 32-bit word's
// first halfword in bits 31:16, as `.inst.w` takes it; a value below
// 0x10000 is a 16-bit instruction, as no 32-bit T32 word is).
struct Case {
  State in;
  std::vector<uint32_t> words;
  // 0: the words run in a straight line (at an address of the image's);
  // else their address in the landing zone, where the run ends at a trap.
  uint32_t pc = 0;
  uint32_t sp = kCaseSp;
  // WFI: QEMU 7.2 halts until an exception is pending, for ever with none.
  // The image pends PendSV with PRIMASK set before the words (its NVIC
  // raises the wake-up whatever PRIMASK says, and PRIMASK keeps PendSV from
  // being taken), so the WFI returns at once as on ours, and clears it after.
  bool wake = false;
};

// What QEMU did with a case: the state after it, or the fault it took
// (the exception number from IPSR and the CFSR).
struct Result {
  bool faulted = false;
  uint32_t exception = 0;
  uint32_t cfsr = 0;
  State out;
};

// A failure of the oracle itself (verify/oracle_suite.hpp).
using OracleError = verify::OracleError;

struct Tools {
  std::string qemu;  // qemu-system-arm
  std::string gcc;   // arm-none-eabi-gcc
};
// Looks both up on PATH; nullopt (and why) when one is missing.
std::optional<Tools> find_tools(std::string* why = nullptr);

// Cases per image: the results table must fit DTCM (512 KiB) and the code
// plus the inputs ITCM (512 KiB).
inline constexpr size_t kMaxBatch = 1000;

// The image of a batch (at most kMaxBatch cases): assembly source that
// .incbin's `inputs_path` and writes the results to `results_path`, the
// linker script, and the inputs table.
std::string image_source(const std::vector<Case>& cases, const std::string& inputs_path,
                         const std::string& results_path);
std::string linker_script();
std::vector<uint8_t> input_table(const std::vector<Case>& cases);

// The results file of an image of n cases: a 16-byte header (the index of
// the case running when the image stopped, n when all finished; 1 if a
// fault stopped it; IPSR; CFSR) and n results records (kResultBytes). A
// case's fault is recorded in its record and the next case runs; a fault
// the image cannot return from (a second one in the same case, or one whose
// frame failed to stack) stops it, and the results after it are absent.
// Throws OracleError when the file is malformed.
struct ParsedResults {
  uint32_t stopped_at = 0;
  bool faulted = false;
  uint32_t exception = 0;
  uint32_t cfsr = 0;
  std::vector<Result> results;  // the first `stopped_at` cases
};
ParsedResults parse_results(const std::vector<uint8_t>& blob, size_t n);

// Runs the cases under QEMU (images of up to kMaxBatch cases; after a fault
// the batch resumes at the next case). Throws OracleError.
std::vector<Result> run(const Tools& tools, const std::vector<Case>& cases, double timeout_seconds = 120);

}  // namespace mlisa::verify::qemu_mve
