// What the mve suites share (src/verify/mve_suite.cpp defines it): the forms
// of the ML instructions, the edge-biased operand generators, the register
// state by name, our engine's side of a case, and a suite base that runs
// generated cases on our engine and on QEMU or on the results recorded from
// it (--oracle, --record, --vectors). The ml suite (one instruction per
// case) and the hazards suite (dependent pairs, mve_hazard_suite.cpp) are
// its two users.
#pragma once

#include "targets/machines.hpp"
#include "verify/oracle_suite.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/suite.hpp"

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace mlisa::verify::mve {

using qemu_mve::State;

// ---- forms ------------------------------------------------------------------

enum class Shape {
  QQQ,   // <Qd>, <Qn>, <Qm>
  QQ,    // <Qda>, <Qm>
  RQ,    // <Rda>, <Qm> (across vector)
  RQQ,   // <Rda>, <Qn>, <Qm> (VMLADAV)
  SSS,   // <Sd>, <Sn>, <Sm>
  DDD,   // <Dd>, <Dn>, <Dm>
  CMPQ,  // <fc>, <Qn>, <Qm> (VCMP)
  CMPR,  // <fc>, <Qn>, <Rm> or ZR (VCMP)
  VPTQ,  // VPT<mask> <fc>, <Qn>, <Qm> and the block it starts
  VPTR,  // VPT<mask> <fc>, <Qn>, <Rm> or ZR and its block
  NONE,  // no operands (VPNOT)
  R,     // <Rn> (VCTP)
  QQR,   // <Qd>, <Qn>, <Rm> (VADD/VSUB/VMUL with a scalar)
};

struct Form {
  std::string name;  // the operation's name
  std::string base;  // the mnemonic before the VPT suffix
  std::string dt;    // the data type suffix
  Shape shape;
  char type;  // 's' signed, 'u' unsigned, 'f' floating-point ('i' sign-agnostic)
  int esize;
  bool predicable() const {
    return shape != Shape::SSS && shape != Shape::DDD && shape != Shape::VPTQ && shape != Shape::VPTR;
  }
  bool vpt() const { return shape == Shape::VPTQ || shape == Shape::VPTR; }
  bool fp() const { return type == 'f'; }
};

// Every form of the ml suite, in its table order. The forms before
// VADD/VSUB/VMUL are the ML instructions proper (the hazards suite's
// producers and consumers); is_elementwise_arith tells the others.
std::vector<Form> ml_forms();
bool is_elementwise_arith(const Form& f);  // VADD, VSUB, VMUL (integer and floating-point)

// ---- operand generators -------------------------------------------------------

uint64_t mix(uint64_t x);

struct Rng {
  uint64_t s;
  uint64_t next() { return s = mix(s); }
  uint64_t below(uint64_t n) { return next() % n; }
  bool chance(uint64_t one_in) { return below(one_in) == 0; }
};

uint64_t mask_of(int esize);
// An integer lane of `e` bits, leaning to the edges (0, 1, -1, min, max, ...).
uint64_t int_lane(Rng& r, int e, bool extreme);
// A floating-point lane of `e` bits leaning to class `cls` (kFpClasses).
uint64_t fp_lane(Rng& r, int e, const std::string& cls);
bool is_nan(uint64_t v, int e);
uint64_t sign_bit(int e);  // of an FP format of e bits

// The classes a case can lean to.
extern const char* const kFpClasses[8];
extern const char* const kIntClasses[3];

uint64_t get_lane(const State& s, int q, int lane, int e);
void set_lane(State& s, int q, int lane, int e, uint64_t v);

std::string reg_name(char c, int n);  // r14 is "lr"
int pick_gpr(Rng& r);                 // R0-R12 or LR
uint32_t random_fpscr(Rng& r);
uint32_t random_p0(Rng& r, int esize);

// ---- the register state by name --------------------------------------------------

std::string value_of(const State& s, const std::string& reg);  // full-width hex
std::vector<std::string> all_registers();                      // in table order
bool set_value(State& s, const std::string& reg, const std::string& hex);

// One generated case.
struct GenCase {
  qemu_mve::Case c;
  std::string text;                        // the instructions, as mlisa exec takes them ("a; b")
  std::string cls;                         // the operand class
  std::vector<std::string> reads, writes;  // registers named in the detail
  bool nan = false;
  std::string unrunnable;  // set when the operation has no case to run: why (each case fails with it)
  bool alias = false;      // ... unless the operation is an alias whose words another one runs: they pass
  // Set: the case was checked without QEMU (how, and what ours did), and
  // whether it passed; QEMU does not run it.
  std::string checked;
  bool checked_ok = false;
};

// Our engine's side of a case.
struct Ours {
  bool faulted = false;
  std::string fault;       // the message
  std::string fault_name;  // UNDEFINED, UNPREDICTABLE, UsageFault (NOCP), ...
  State out;
};
Ours run_ours(targets::MveMachine& machine, const qemu_mve::Case& c);  // through the machine interface

// ---- a suite of generated cases against QEMU ------------------------------------


class OracleSuite : public Suite {
 public:
  OracleSuite(std::string name, std::string description);
  ~OracleSuite() override;

  std::string name() const override { return name_; }
  std::string target() const override { return "mve"; }
  std::string description() const override { return description_; }
  bool set_option(const std::string& key, const std::string& value) override;
  CaseOutcome run_case(size_t op, uint64_t index, uint64_t seed) const override;
  void run_range(size_t op, uint64_t begin, uint64_t end, uint64_t seed, CaseSink& sink) const override;

 protected:
  // Case `index` of operation `op`: inputs, text (instructions separated by
  // "; "), class, the registers to show; `nan` set. Words are filled in by
  // the caller.
  virtual GenCase make_case(size_t op, uint64_t index, uint64_t seed) const = 0;
  const targets::mve::Target& shared_target() const;
  // "qemu" or "stored", after --oracle auto and --record.
  std::string resolved_oracle() const;

 private:
  std::vector<qemu_mve::Result> stored_results(size_t op, uint64_t begin, const std::vector<qemu_mve::Case>& batch,
                                               uint64_t seed) const;
  void record(size_t op, uint64_t begin, const std::vector<qemu_mve::Case>& batch,
              const std::vector<qemu_mve::Result>& results, uint64_t seed) const;
  CaseOutcome compare(const GenCase& g, const Ours& ours, const qemu_mve::Result& q, uint64_t seed,
                      const std::string& oracle) const;

  std::string name_, description_;
  OracleOptions options_;
  std::string spec_dir_;  // --spec-dir: specs over the embedded ones
  mutable std::once_flag load_once_;
  mutable targets::mve::Target target_;
  StoredVectors vectors_;
};

}  // namespace mlisa::verify::mve
