// The hazards suite (target tcore): the generated data-hazard programs
// (hazards.hpp) run on each faulty pipeline of the catalogue
// (targets/tcore/faults.hpp) and on the ISA-level machine, beside random
// programs of the same lengths (docs/pipeline.md, "Fault coverage").
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace mlisa::verify {

struct HazardFaultResult {
  std::string fault, unit, description;
  bool data_hazard = true;
  bool detected = false;
  uint64_t instructions_to_detect = 0;  // instructions retired until the state first differed
  std::string how;                      // the first difference
  bool baseline_detected = false;
  uint64_t baseline_instructions_to_detect = 0;
};

struct HazardSuiteOptions {
  uint64_t seed = 1;
  std::vector<std::pair<int, int>> gaps = {{0, 0}, {1, 1}, {2, 2}, {3, 4}};  // one program per range, in order
  std::vector<std::string> only;  // fault names; empty: the whole catalogue
  unsigned jobs = 1;              // threads running the faults; 0: one per core
};

struct HazardSuiteReport {
  std::vector<HazardFaultResult> faults;
  uint64_t hazard_instructions = 0, baseline_instructions = 0;  // of all programs
  size_t programs = 0;
};

HazardSuiteReport run_hazard_suite(const HazardSuiteOptions& options);
std::string hazard_report_json(const HazardSuiteReport& r);
std::string hazard_report_text(const HazardSuiteReport& r);

}  // namespace mlisa::verify
