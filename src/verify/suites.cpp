#include "verify/suite.hpp"

namespace mlisa::verify {

// The one table of suites; each target issue adds its line.
std::vector<std::unique_ptr<Suite>> registered_suites() {
  std::vector<std::unique_ptr<Suite>> suites;
  suites.push_back(make_fp_suite());
  suites.push_back(make_mxu_suite());
  suites.push_back(make_mve_ml_suite());
  suites.push_back(make_mve_isa_suite());
  suites.push_back(make_mve_examples_suite());
  suites.push_back(make_sme2_za_suite());
  suites.push_back(make_sme2_examples_suite());
  suites.push_back(make_mve_hazard_suite());
  suites.push_back(make_engines_suite());
  suites.push_back(make_sme2_engines_suite());
  suites.push_back(make_tcore_engines_suite());
  return suites;
}

}  // namespace mlisa::verify
