// The isa suite (target mve): every encoding of isa/mve checked against
// QEMU's Cortex-M55 from the specs alone (the Security Extension's against
// the manual).
//
// The operations are the encodings themselves (no table of shapes here):
// one per encoding of every instruction, named `<instruction>.<encoding>`
// ("add_register.t3"). A case draws a word from the encoding's diagram
// (fixed bits as drawn, should-be bits at their given values, every field
// random) until the word decodes to that encoding and its decode pseudocode
// runs to its end (words whose decode says UNDEFINED, UNPREDICTABLE or SEE
// are drawn again), then random state leaning to the edges: R0-R12 and LR,
// Q0-Q7, FPSCR, P0, APSR (N Z C V Q GE) and a 64-byte memory window. The
// registers an instruction's text puts in brackets (its address) point into
// the window, and SP points at its middle, so loads and stores reach memory
// both sides hold alike. Both engines run the word, and the whole state is
// compared (src/verify/qemu_mve.hpp has the image).
//
// How a case runs follows from what the encoding does (Way, way_of):
// in a straight line; in the landing zone, for branches and PC readers
// (labels moved into the zone by the assembler, the landing address
// compared); followed by instructions that show what an IT or VPT block,
// an MSR or a CPS did; or, for the Security Extension's encodings, which
// QEMU's Secure AN547 cannot check for a model without the Extension,
// against the manual's behaviour (check_by_manual). docs/verify.md ("The
// mve isa suite") has the details.
#include "core/diag.hpp"
#include "targets/machines.hpp"
#include "verify/forms.hpp"
#include "verify/mve_cases.hpp"
#include "verify/qemu_mve.hpp"
#include "verify/suite.hpp"

#include <fmt/format.h>

#include <cctype>
#include <cstring>
#include <mutex>
#include <set>

namespace mlisa::verify::mve {

namespace {

using spec::Bits;

// The first word of an instruction's name, upper case ("ADD (register)" -> "ADD").
std::string head_word(const std::string& name) {
  std::string w;
  for (char c : name) {
    if (c == ' ' || c == ',' || c == '(') break;
    w += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  }
  return w;
}

// How a case of an encoding runs.
enum class Way {
  Line,    // in a straight line of the image's code
  Zone,    // in the landing zone: it branches or reads the PC; the trap it reaches is compared too
  Block,   // followed by instructions that show what it did: an IT or VPT block's, an MRS of what MSR or CPS wrote
  Manual,  // not on QEMU: the manual's behaviour without the Security Extension, which QEMU's Secure AN547 cannot show
};

Way way_of(const spec::InstructionSpec& inst, const spec::Encoding& enc) {
  static const std::set<std::string> kZone = {"B",   "BL",    "BX", "BLX", "BXNS", "BLXNS", "CBZ",    "CBNZ",
                                              "TBB", "TBH",   "LE", "LETP", "WLS", "WLSTP", "BF",    "BFL",
                                              "BFX", "BFLX", "BFCSEL"};
  static const std::set<std::string> kBlock = {"IT", "VPT", "VPST", "MSR", "CPS"};
  static const std::set<std::string> kManual = {"VLLDM", "VLSTM", "VSCCLRM", "SG", "TT", "TTT", "TTA", "TTAT"};
  const std::string head = head_word(inst.name);
  if (kManual.count(head)) return Way::Manual;
  if (kBlock.count(head)) return Way::Block;
  if (kZone.count(head)) return Way::Zone;
  for (const auto& op : enc.operands)
    if (op.kind == spec::OperandKind::Label) return Way::Zone;
  return Way::Line;
}

// Lower-case words of a text: registers, mnemonics, numbers.
std::vector<std::string> tokens(const std::string& text) {
  std::vector<std::string> out;
  std::string cur;
  for (char c : text + " ") {
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      cur += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    } else {
      if (!cur.empty()) out.push_back(cur);
      cur.clear();
    }
  }
  return out;
}

// 'r' (R0-R12, LR as r14), 'q' or 0 for a token; n its number.
char register_of(const std::string& tok, int& n) {
  if (tok == "lr") return n = 14, 'r';
  if (tok.size() < 2 || (tok[0] != 'r' && tok[0] != 'q')) return 0;
  for (size_t i = 1; i < tok.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(tok[i]))) return 0;
  n = std::stoi(tok.substr(1));
  if (tok[0] == 'r' && n > 12) return 0;
  if (tok[0] == 'q' && n > 7) return 0;
  return tok[0];
}

// Whether the registers in an address ([r1, r2]) are all different: a base
// that is also its own offset would point outside the window, where QEMU's
// board has memory and devices that ours does not.
bool distinct_address_registers(const std::string& text) {
  const size_t open = text.find('['), close = text.find(']');
  if (open == std::string::npos || close == std::string::npos || close < open) return true;
  const auto inside = tokens(text.substr(open + 1, close - open - 1));
  std::set<std::string> seen;
  for (const std::string& tok : inside) {
    int n = 0;
    if ((register_of(tok, n) || tok == "sp") && !seen.insert(tok).second) return false;
  }
  return true;
}

uint32_t gpr_value(Rng& r) {
  static const uint32_t kEdges[] = {0, 1, 2, 0xffffffffu, 0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu,
                                    0x0000ffffu, 0xffff0000u, 0x00008000u, 0x000000ffu, 31, 32, 33, 0x55555555u};
  if (r.chance(3)) return kEdges[r.below(std::size(kEdges))];
  if (r.chance(4)) return static_cast<uint32_t>(r.below(64));
  return static_cast<uint32_t>(r.next());
}

// The instructions after an IT or VPT block opener (the harness's, not
// drawn): each shows whether it ran. An IT block's are integer and scalar
// FP (MVE instructions in an IT block are CONSTRAINED UNPREDICTABLE); its
// first sets flags that the later conditions then read. A VPT block's are
// MVE instructions on different element sizes.
const std::vector<std::string> kItFollowers = {"adds.w r0, r0, r1", "vadd.f32 s0, s1, s2", "eor.w r2, r2, #0x55",
                                               "add.w r3, r3, #1"};
const std::vector<std::string> kVptFollowers = {"vadd.i8 q0, q0, q1", "veor q2, q2, q3", "vadd.i32 q4, q4, q5",
                                                "vsub.i16 q6, q6, q7"};

// The special register an MSR text writes, as MRS names it (APSR_nzcvq is APSR).
std::string msr_register(const std::vector<std::string>& toks) {
  std::string reg = toks.size() >= 3 ? toks[toks.size() - 2] : "";
  for (const char* suffix : {"_nzcvqg", "_nzcvq", "_g"})
    if (reg.size() > std::strlen(suffix) && reg.compare(reg.size() - std::strlen(suffix), std::string::npos, suffix) == 0)
      return reg.substr(0, reg.size() - std::strlen(suffix));
  return reg;
}

// What follows a Block case's word: the block's instructions, or MRS of
// what MSR or CPS wrote (into R12, R11: the compared state has no special
// registers).
std::vector<std::string> followers(const spec::InstructionSpec& inst, const std::string& text) {
  const std::string head = head_word(inst.name);
  if (head == "IT") return kItFollowers;
  if (head == "CPS") return {"mrs r11, primask", "mrs r12, faultmask"};
  if (head == "MSR") return {"mrs r12, " + msr_register(tokens(text))};
  return kVptFollowers;
}

// The loads and stores of several registers, whose base comes first.
const char* const kMultiple[] = {"ldm", "stm", "vldm", "vstm", "fldm", "fstm"};

// An address in the window: word-aligned around its middle, now and then
// off by one to three bytes where `unaligned`.
uint32_t window_address(Rng& r, bool unaligned) {
  uint32_t a = qemu_mve::kWindow + 16 + 4 * static_cast<uint32_t>(r.below(9));
  if (unaligned && r.chance(8)) a += static_cast<uint32_t>(1 + r.below(3));
  return a;
}

class IsaSuite final : public OracleSuite {
 public:
  IsaSuite()
      : OracleSuite("isa",
                    "mve: every encoding of the specs, random valid words and edge-leaning state (registers, APSR, "
                    "FPSCR, P0, a memory window) vs QEMU's Cortex-M55, whole state bit for bit (branches in a landing "
                    "zone, blocks with followers; the Security Extension's against the manual)") {}

  std::vector<std::string> operations() const override {
    std::vector<std::string> names;
    for (const Op& o : ops()) names.push_back(o.name);
    return names;
  }
  uint64_t default_cases() const override { return 200; }

 protected:
  GenCase make_case(size_t op, uint64_t index, uint64_t seed) const override {
    const Op& o = ops().at(op);
    Rng r{mix(seed ^ mix(op * 0x100000001b3ull + index))};
    GenCase g;
    g.cls = "random";
    std::lock_guard lock(isa_mutex_);
    const as::WordIsa& isa = *shared_target().isa;
    const spec::Encoding* claimed_by = nullptr;  // another encoding that decoded a draw
    for (int attempt = 0;; ++attempt) {
      if (attempt == 1024) {
        if (claimed_by) {
          // An alias page: every word of it is claimed by an earlier
          // encoding, which runs (and is checked as) that one.
          g.cls = "alias";
          g.unrunnable = fmt::format("alias: its words decode as {}", claimed_by->name);
          g.alias = true;
          return g;
        }
        g.unrunnable = fmt::format("no word of {} {} runs in 1024 draws: its decode always ends early "
                                   "(UNDEFINED, UNPREDICTABLE, SEE){}",
                                   o.inst->name, o.enc->name,
                                   o.way == Way::Zone ? " or it never lands in the landing zone" : "");
        return g;
      }
      const uint64_t w = forms::draw_word(*o.enc, r);
      Bits bits(o.enc->width, w);
      const spec::Encoding* decoded = isa.decode(bits);
      if (decoded != o.enc) {
        if (decoded) claimed_by = decoded;
        continue;
      }
      // A zone case's address: the zone's middle, word-aligned or not.
      const uint32_t pc = o.way == Way::Zone ? qemu_mve::kZoneMiddle + 2 * static_cast<uint32_t>(r.below(2)) : 0;
      std::string text;
      if (o.way == Way::Zone) {
        // A label operand: its target moved into the zone (the assembler
        // places it; the other fields stay as drawn).
        std::optional<uint64_t> target;
        as::PrintContext pctx;
        pctx.address = pc;
        pctx.name_target = [&](uint64_t t) -> std::optional<std::string> {
          target = t;
          return "target";
        };
        // The syntax that names the target as a label, if one does.
        for (const std::string& t : isa.print_all(*o.enc, bits, pctx, false))
          if (t.find("target") != std::string::npos) {
            text = t;
            break;
          }
        if (target && text.empty()) target.reset();
        if (target && (*target < qemu_mve::kZone || *target >= qemu_mve::kZone + qemu_mve::kZoneBytes)) {
          const uint64_t align = r.chance(2) ? 4 : r.chance(2) ? 2 : 1;
          const uint64_t to = qemu_mve::kZone + r.below(qemu_mve::kZoneBytes / align) * align;
          as::AsmContext actx;
          actx.address = pc;
          actx.min_width = o.enc->width;
          actx.resolve = [&](std::string_view sym) -> std::optional<int64_t> {
            if (sym == "target") return static_cast<int64_t>(to);
            return std::nullopt;
          };
          try {
            const auto a = isa.assemble(text, actx);
            if (a.enc != o.enc) continue;
            bits = a.word;
          } catch (const Error&) {
            continue;
          }
        }
        // Every label it names lies in the zone.
        bool outside = false;
        pctx.name_target = [&](uint64_t t) -> std::optional<std::string> {
          outside = outside || t < qemu_mve::kZone || t >= qemu_mve::kZone + qemu_mve::kZoneBytes;
          return "target";
        };
        for (const std::string& t : isa.print_all(*o.enc, bits, pctx, false)) (void)t;
        if (outside) continue;
        as::PrintContext at;
        at.address = pc;
        text = isa.print(*o.enc, bits, at);
      } else {
        text = isa.print(*o.enc, bits);
      }
      if (text.empty()) continue;
      const auto toks = tokens(text);
      if (o.way != Way::Zone && std::find(toks.begin(), toks.end(), "pc") != toks.end()) continue;
      // In the zone, SP is where QEMU's trap stacks its frame (and below it
      // lie earlier cases' frames): a word that names SP is drawn again.
      if (o.way == Way::Zone && std::find(toks.begin(), toks.end(), "sp") != toks.end()) continue;
      if (!distinct_address_registers(text)) continue;
      // BKPT 0xAB is a semihosting call on QEMU and on ours.
      if (head_word(o.inst->name) == "BKPT" && (bits.low64() & 0xff) == 0xab) continue;

      g.c.words = {static_cast<uint32_t>(bits.low64())};
      g.c.pc = pc;
      g.c.wake = head_word(o.inst->name) == "WFI";
      if (pc) g.c.sp = qemu_mve::kZoneSp;
      g.text = text;
      if (o.way == Way::Block)
        for (const std::string& f : followers(*o.inst, text))
          g.c.words.push_back(static_cast<uint32_t>(isa.assemble(f).word.low64()));
      // State: in the zone, drawn again until our engine lands in the zone
      // (away from the case's own words) or faults; QEMU's trap takes it
      // there.
      bool landed = o.way != Way::Zone;
      for (int tries = 0; tries < 16 && !landed; ++tries) {
        draw_state(g, r);
        const Ours ours = run_ours(probe(), g.c);
        const uint32_t end = pc + static_cast<uint32_t>(bits.width() / 8);
        // A branch to an even address (EPSR.T clear) is drawn again: the
        // manual takes INVSTATE at the target; QEMU 7.2 takes a fault of
        // the fetch or UNALIGNED, for a target in the zone too.
        landed = (ours.faulted && ours.fault_name != "UsageFault (INVSTATE)") || (ours.out.pc >= qemu_mve::kZone && ours.out.pc < qemu_mve::kZone + qemu_mve::kZoneBytes &&
                                  (ours.out.pc < pc || ours.out.pc >= end));
      }
      if (!landed) continue;
      if (o.way != Way::Zone) draw_state(g, r);
      break;
    }

    // What a reproducer sets and shows: the registers the text names, the flags.
    const auto toks = tokens(g.text);
    std::set<std::string> named;
    for (const std::string& tok : toks) {
      int n = 0;
      const char c = register_of(tok, n);
      if (c) named.insert(reg_name(c, n));
    }
    for (const std::string& reg : named) {
      g.reads.push_back(reg);
      g.writes.push_back(reg);
    }
    for (const char* reg : {"apsr", "fpscr"}) {
      g.reads.push_back(reg);
      g.writes.push_back(reg);
    }
    if (g.c.pc) g.writes.push_back("pc");
    // The text runs as it is under `mlisa exec` (the reproducer): the words,
    // then their disassembly as a comment.
    std::string words, shown = g.text;
    for (uint32_t w : g.c.words)
      words += fmt::format("{}.inst.{} 0x{:0{}x}", words.empty() ? "" : "; ", w < 0x10000 ? "n" : "w", w, w < 0x10000 ? 4 : 8);
    if (o.way == Way::Block)
      for (const std::string& f : followers(*o.inst, shown)) shown += "; " + f;
    // A zone case ran at its zone address: the reproducer runs it there (--at).
    g.text = fmt::format("{} @ {}", words, shown);
    // The class says how the case ran (the report counts cases by class).
    g.cls = o.way == Way::Zone     ? "landing zone"
            : o.way == Way::Block  ? "with followers"
            : o.way == Way::Manual ? "manual (no Security Extension)"
                                   : "straight line";
    if (o.way == Way::Manual) check_by_manual(g, *o.inst, toks);
    return g;
  }

 private:
  // Random state leaning to the edges; the registers a text puts in
  // brackets point into the window. A zone case's registers lean to the
  // zone's addresses too (the targets of BX, BLX).
  void draw_state(GenCase& g, Rng& r) const {
    State& s = g.c.in;
    s = State{};
    for (auto& v : s.r) {
      v = gpr_value(r);
      if (g.c.pc && r.chance(3)) v = (qemu_mve::kZone + static_cast<uint32_t>(r.below(qemu_mve::kZoneBytes))) | (r.chance(4) ? 0u : 1u);
    }
    for (int q = 0; q < 8; ++q) {
      const int e = 8 << r.below(3);
      const bool fp = e > 8 && r.chance(2);
      for (int lane = 0; lane < 128 / e; ++lane)
        set_lane(s, q, lane, e, fp ? fp_lane(r, e, kFpClasses[r.below(std::size(kFpClasses))]) : int_lane(r, e, r.chance(2)));
    }
    s.fpscr = random_fpscr(r);
    s.vpr = random_p0(r, 8 << r.below(3));
    s.apsr = static_cast<uint32_t>(r.next()) & qemu_mve::kApsrMask;
    for (auto& m : s.mem) m = r.chance(4) ? gpr_value(r) : static_cast<uint32_t>(r.next());

    // Address registers: the first register in brackets (or the base of a
    // load or store multiple) points into the window; later ones in
    // brackets are small offsets.
    const auto toks = tokens(g.text);
    const std::string& mnemonic = toks.empty() ? std::string() : toks.front();
    // Vector loads and stores at an address not aligned to their elements
    // take an UNALIGNED UsageFault in the manual and not in QEMU 7.2
    // (docs/known-differences.md): their bases stay aligned.
    const bool unaligned = mnemonic.empty() || mnemonic[0] != 'v';
    std::set<std::string> pointers;
    auto make_pointer = [&](const std::string& tok) {
      int n = 0;
      const char c = register_of(tok, n);
      if (c == 'r') {
        s.r[static_cast<size_t>(n == 14 ? 13 : n)] = window_address(r, unaligned);
      } else if (c == 'q') {
        for (int lane = 0; lane < 4; ++lane) set_lane(s, n, lane, 32, window_address(r, false));
      } else {
        return;
      }
      pointers.insert(tok);
    };
    const bool multiple = std::any_of(std::begin(kMultiple), std::end(kMultiple),
                                      [&](const char* m) { return mnemonic.rfind(m, 0) == 0; });
    if (multiple)
      if (toks.size() > 1) make_pointer(toks[1]);
    const size_t open = g.text.find('['), close = g.text.find(']');
    if (open != std::string::npos && close != std::string::npos && close > open) {
      const auto inside = tokens(g.text.substr(open + 1, close - open - 1));
      bool first = true;
      for (const std::string& tok : inside) {
        int n = 0;
        const char c = register_of(tok, n);
        if (!c && tok != "sp" && tok != "pc") continue;
        if (first) {
          make_pointer(tok);
        } else if (!pointers.count(tok)) {
          if (c == 'r') s.r[static_cast<size_t>(n == 14 ? 13 : n)] = static_cast<uint32_t>(r.below(16));
          if (c == 'q')
            for (int lane = 0; lane < 4; ++lane) set_lane(s, n, lane, 32, r.below(16));
        }
        first = false;
      }
    }
    // MSR values the board can take back between cases: CONTROL with nPRIV
    // clear (unprivileged code could not restore the board) and FPCA, SFPA
    // set (else the image's own FP instructions after the case would open
    // a new FP context, FPSCR from FPDSCR); stack limits below DTCM (QEMU
    // checks the image's own pushes against them; the model does not check
    // stack limits: docs/known-differences.md).
    if (mnemonic == "msr" && toks.size() >= 3) {
      int n = 0;
      if (register_of(toks.back(), n) == 'r') {
        uint32_t& v = s.r[static_cast<size_t>(n == 14 ? 13 : n)];
        const std::string reg = msr_register(toks);
        if (reg == "control") v = (v & ~1u) | 0xCu;
        if (reg == "msplim" || reg == "psplim") v &= 0x1fffffffu;
      }
    }
  }

  // The manual's behaviour without the Security Extension, which our model
  // implements and QEMU's AN547 (Secure, with the Extension) cannot show.
  // VLLDM, VLSTM, VSCCLRM: UNDEFINED outside Secure state, before the
  // coprocessor check (the manual; QEMU takes the same path in Non-secure
  // state: translate-m-nocp.c), so a UsageFault (UNDEFINSTR). TT, TTT: with
  // no MPU enabled and no SAU, every address answers MRVALID 0, R and RW 1
  // (0x000C0000), the rest of the state unchanged. (TTA, TTAT are
  // UNDEFINED in their decode without the Extension: no word draws.) SG: a
  // NOP without the Extension (the manual; QEMU's reading too, for
  // Non-secure memory).
  void check_by_manual(GenCase& g, const spec::InstructionSpec& inst, const std::vector<std::string>& toks) const {
    const Ours ours = run_ours(probe(), g.c);
    const std::string head = head_word(inst.name);
    std::string expected, got = ours.faulted ? ours.fault_name : "no fault";
    if (head == "TT") {
      int d = 0;
      State want = g.c.in;
      want.pc = 0;
      if (toks.size() >= 3 && register_of(toks[toks.size() - 2], d) == 'r') want.r[static_cast<size_t>(d == 14 ? 13 : d)] = 0x000C0000;
      expected = fmt::format("{} = 0x000c0000, nothing else changed", toks.size() >= 3 ? toks[toks.size() - 2] : "Rd");
      g.checked_ok = !ours.faulted && ours.out == want;
      if (!ours.faulted) got = fmt::format("{} = {}{}", toks.size() >= 3 ? toks[toks.size() - 2] : "Rd",
                                           value_of(ours.out, reg_name('r', d)), ours.out == want ? "" : ", other state changed");
    } else if (head == "SG") {
      State want = g.c.in;
      want.pc = 0;
      expected = "nothing changed (a NOP)";
      g.checked_ok = !ours.faulted && ours.out == want;
      if (!ours.faulted && ours.out != want) got = "state changed";
    } else {
      expected = "UsageFault (UNDEFINSTR)";
      g.checked_ok = ours.faulted && ours.fault_name == expected;
    }
    if (ours.faulted && (ours.fault_name == "UNPREDICTABLE" || ours.fault_name == "CONSTRAINED UNPREDICTABLE")) {
      g.checked_ok = true;
      expected = ours.fault_name;
    }
    std::string sets;
    for (int n = 0; n < 14; ++n) sets += fmt::format(" --set {}=0x{:08x}", reg_name('r', n == 13 ? 14 : n), g.c.in.r[static_cast<size_t>(n)]);
    g.checked = fmt::format("'{}': checked against the manual without the Security Extension (QEMU's AN547 runs Secure): "
                            "expected {}, ours: {}; ours: mlisa exec --target mve{} '{}'",
                            g.text, expected, got, sets, g.text);
  }

  targets::MveMachine& probe() const {
    if (!probe_) probe_ = std::make_unique<targets::MveMachine>(*shared_target().isa);
    return *probe_;
  }
  mutable std::unique_ptr<targets::MveMachine> probe_;  // our engine, for the zone cases' draws (under isa_mutex_)

  struct Op {
    const spec::InstructionSpec* inst;
    const spec::Encoding* enc;
    std::string name;
    Way way;
  };
  const std::vector<Op>& ops() const {
    std::call_once(ops_once_, [&] {
      for (const auto& inst : shared_target().spec->instructions())
        for (const auto& enc : inst.encodings)
          ops_.push_back({&inst, &enc, forms::form_id(inst, enc), way_of(inst, enc)});
    });
    return ops_;
  }
  mutable std::once_flag ops_once_;
  mutable std::vector<Op> ops_;
  mutable std::mutex isa_mutex_;  // the shared WordIsa's engine runs one decode at a time
};

}  // namespace
}  // namespace mlisa::verify::mve

namespace mlisa::verify {

std::unique_ptr<Suite> make_mve_isa_suite() { return std::make_unique<mve::IsaSuite>(); }

}  // namespace mlisa::verify
