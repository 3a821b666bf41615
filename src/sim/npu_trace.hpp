// Looking into the cycle model: a per-cycle table of the PEs (as in the
// seed's 2x2 example) and a VCD waveform (IEEE 1364, for GTKWave).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "sim/npu.hpp"

namespace mlisa::sim {

// The per-cycle PE table. Each cell says what the PE computed in that cycle,
// with indices local to the TMUL (A is the TMUL's M x N tile, B the loaded
// tile): "a10*b00=15" in row 0, "p+a11*b10=43" below it (p is the partial sum
// from above), "c10=p+..." in the bottom row; "-" for an idle PE. The last
// columns list what LDTILE loads and what leaves the bottom ("c00=19").
class TraceTable : public CycleObserver {
 public:
  static constexpr int kMaxArray = 8;
  static constexpr uint64_t kMaxCycles = 5000;

  TraceTable(const std::vector<MxuOp>& ops, DType dtype) : ops_(ops), dtype_(dtype) {}
  void on_cycle(const CycleView& v, const SystolicArray& array) override;
  // The table, columns aligned, with a heading line per TMUL.
  std::string render() const;

 private:
  const std::vector<MxuOp>& ops_;
  DType dtype_;
  int n_ = 0;
  int64_t last_tmul_ = -1;
  std::vector<std::vector<std::string>> rows_;  // a row with one cell is a heading
};

// The waveform: clk, the left-edge A inputs and their valid bits, the
// bottom-edge C outputs and their valid bits (the first kMaxLanes rows and
// columns), the a_reg and psum_reg of a few PEs (corners and centre), and
// whether a TMUL or LDTILE is in flight. One clock is 10 time units
// (timescale 1 ns): clk rises at 10t. Edge values of cycle t show from 10t,
// registers latched at the end of cycle t from 10(t+1). Cycles in which the
// array is idle (a DMA) are skipped: busy and valid bits drop to 0 for them.
class VcdWriter : public CycleObserver {
 public:
  static constexpr int kMaxLanes = 16;
  static constexpr uint64_t kMaxCycles = 200000;  // the CLI refuses longer runs

  VcdWriter(std::ostream& out, int n, DType dtype);
  void on_cycle(const CycleView& v, const SystolicArray& array) override;
  void finish();  // the final time stamp

 private:
  struct Signal {
    std::string id;
    int width;
    uint64_t last;
    bool written;
  };
  int add(const std::string& name, int width);
  void change(int sig, uint64_t value);
  void flush_registers(bool idle);

  std::ostream& out_;
  int n_;
  DType dtype_;
  std::vector<Signal> sigs_;
  std::vector<std::pair<int, int>> pes_;  // the PEs whose registers are shown
  int clk_ = 0, tmul_ = 0, ldtile_ = 0, a_in_ = 0, a_valid_ = 0, c_out_ = 0, c_valid_ = 0, pe_sigs_ = 0;
  int lanes_ = 0;
  uint64_t last_cycle_ = 0;
  bool any_ = false;
  std::vector<uint64_t> pending_;  // registers latched at the end of the last cycle
};

}  // namespace mlisa::sim
