// Placeholder definitions; being replaced by the real library.
#include "core/fp.hpp"
#include <stdexcept>
namespace mlisa::fp {
std::optional<Format> parse_format(std::string_view name) { throw std::logic_error("parse_format: not yet implemented"); }
const char* rounding_name(Rounding r) { throw std::logic_error("rounding_name: not yet implemented"); }
std::optional<Rounding> parse_rounding(std::string_view name) { throw std::logic_error("parse_rounding: not yet implemented"); }
std::string flags_to_string(uint32_t flags) { throw std::logic_error("flags_to_string: not yet implemented"); }
std::optional<uint32_t> parse_flags(std::string_view text) { throw std::logic_error("parse_flags: not yet implemented"); }
FPType classify(Format f, uint64_t op, const FPCR& fpcr) { throw std::logic_error("classify: not yet implemented"); }
bool is_nan(Format f, uint64_t op) { throw std::logic_error("is_nan: not yet implemented"); }
uint64_t FPZero(Format f, bool sign) { throw std::logic_error("FPZero: not yet implemented"); }
uint64_t FPInfinity(Format f, bool sign) { throw std::logic_error("FPInfinity: not yet implemented"); }
uint64_t FPMaxNormal(Format f, bool sign) { throw std::logic_error("FPMaxNormal: not yet implemented"); }
uint64_t FPDefaultNaN(Format f) { throw std::logic_error("FPDefaultNaN: not yet implemented"); }
uint64_t FPAbs(Format f, uint64_t op) { throw std::logic_error("FPAbs: not yet implemented"); }
uint64_t FPNeg(Format f, uint64_t op) { throw std::logic_error("FPNeg: not yet implemented"); }
uint64_t FPAdd(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPAdd: not yet implemented"); }
uint64_t FPSub(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPSub: not yet implemented"); }
uint64_t FPMul(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMul: not yet implemented"); }
uint64_t FPDiv(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPDiv: not yet implemented"); }
uint64_t FPSqrt(Format f, uint64_t op, Context& ctx) { throw std::logic_error("FPSqrt: not yet implemented"); }
uint64_t FPMulAdd(Format f, uint64_t addend, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMulAdd: not yet implemented"); }
uint64_t FPMax(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMax: not yet implemented"); }
uint64_t FPMin(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMin: not yet implemented"); }
uint64_t FPMaxNum(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMaxNum: not yet implemented"); }
uint64_t FPMinNum(Format f, uint64_t op1, uint64_t op2, Context& ctx) { throw std::logic_error("FPMinNum: not yet implemented"); }
uint32_t FPCompare(Format f, uint64_t op1, uint64_t op2, bool signal_nans, Context& ctx) { throw std::logic_error("FPCompare: not yet implemented"); }
bool FPProcessNaNs(Format f, uint64_t op1, uint64_t op2, Context& ctx, uint64_t* result) { throw std::logic_error("FPProcessNaNs: not yet implemented"); }
bool FPProcessNaNs3(Format f, uint64_t op1, uint64_t op2, uint64_t op3, Context& ctx,
                    uint64_t* result) { throw std::logic_error("FPProcessNaNs3: not yet implemented"); }
uint64_t FPConvert(Format from, Format to, uint64_t op, Context& ctx, Rounding rounding) { throw std::logic_error("FPConvert: not yet implemented"); }
uint64_t FPToFixed(Format from, uint64_t op, int fbits, bool is_unsigned, int int_width,
                   Context& ctx, Rounding rounding) { throw std::logic_error("FPToFixed: not yet implemented"); }
uint64_t FixedToFP(Format to, uint64_t op, int fbits, bool is_unsigned, int int_width,
                   Context& ctx, Rounding rounding) { throw std::logic_error("FixedToFP: not yet implemented"); }
uint64_t to_f64_bits(Format f, uint64_t op) { throw std::logic_error("to_f64_bits: not yet implemented"); }
FPCR FPCR::from_bits(uint32_t) { return {}; }
uint32_t FPCR::to_bits() const { return 0; }
}
