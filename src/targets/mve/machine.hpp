// The mve target run from its specs: Armv8.1-M with FP and MVE (docs/mve.md).
//
// The machine holds the pseudocode globals of isa/mve/shared*.isa in a spec
// engine, and the board's memory (ITCM 0x00000000 and DTCM 0x20000000, 512
// KiB each, as QEMU's mps3-an547; any other address is a BusFault). It runs
// T32 instructions: a step fetches the halfword at the PC (_R[15]) and, when
// its top five bits are 0b11101, 0b11110 or 0b11111, the second halfword of
// a 32-bit instruction; decodes the word (WordIsa); runs the encoding's
// decode and operation; and for a beat-wise instruction (one whose operation
// calls GetCurInstrBeat) runs the operation for beats 0 to 3 in order,
// calling VPTAdvance after each beat. The four beats of an instruction finish
// before the next instruction starts (no beat overlap). Then, unless the
// instruction branched (BranchTo), the PC moves past it, and unless it was
// an IT, the IT state advances (ITAdvance). Floating-point exceptions
// accumulate in FPSCR. BKPT 0xAB is served as Arm semihosting
// (builtins.hpp).
#pragma once

#include "asm/word_isa.hpp"
#include "asm/word_program.hpp"
#include "spec/compiled.hpp"
#include "spec/engine.hpp"
#include "targets/mve/builtins.hpp"
#include "targets/targets.hpp"

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlisa::targets::mve {

// The architecture features the specs see (IsFeatureImplemented). The
// assembler and the disassembler take Armv8.1-M Mainline with every
// extension llvm-mc-19 and GNU as 2.40 take for it, the Security Extension
// included (load() below); the machine is a Cortex-M55 configured without
// it (docs/known-differences.md), so TTA, BXNS and the _NS special registers
// assemble but do not run.
inline const std::vector<std::string> kImplementedFeatures = {"FEAT_T32", "FEAT_FP", "FEAT_FP16", "FEAT_MVE",
                                                              "FEAT_MVE_FP"};
inline const std::vector<std::string> kArchitectureFeatures = [] {
  std::vector<std::string> f = kImplementedFeatures;
  f.push_back("FEAT_SECURITY");
  return f;
}();

// The specs of the mve target (embedded, or merged with --spec-dir) and their
// assembler, with the architecture's features (the suites that draw the
// words the machine runs take the machine's).
using Target = LoadedWordTarget;
Target load(const std::optional<std::string>& spec_dir = std::nullopt,
            const std::vector<std::string>& features = kArchitectureFeatures);

class Machine {
 public:
  explicit Machine(const as::WordIsa& isa);
  // The engine points at host_ (target_state): not copyable or movable.
  Machine(const Machine&) = delete;
  Machine& operator=(const Machine&) = delete;

  static constexpr uint32_t kItcmBase = 0x00000000, kDtcmBase = 0x20000000, kTcmSize = 512 * 1024;
  // The memories of QEMU's mps3-an547 (hw/arm/mps2-tz.c, the SSE-300's
  // TCMs): RAM but for the QSPI flash, a ROM whose writes do nothing. Each
  // also shows at its address with bit 28 set (the SSE-300's secure aliases;
  // the 2 GiB of DDR already span 0x70000000). Checked by mve_memory_map.s.
  struct BoardMemory {
    const char* name;
    uint32_t base, size;
    bool rom;
  };
  static constexpr BoardMemory kBoardMemories[] = {
      {"ITCM", kItcmBase, kTcmSize, false},        {"SRAM", 0x01000000, 2u << 20, false},
      {"DTCM", kDtcmBase, kTcmSize, false},        {"SRAM 2", 0x21000000, 4u << 20, false},
      {"QSPI", 0x28000000, 8u << 20, true},        {"DDR", 0x60000000, 2u << 30, false}};

  // The reset state: every register zero, EPSR.T 1, FPSCR.LTPSIZE 4, VPR 0;
  // with fp_enabled CPACR.CP10 and CP11 are 0b11 (full access), else 0 (any
  // FP or MVE instruction then takes a UsageFault, NOCP). Memory is zeroed.
  void reset(bool fp_enabled = true);

  // Places a program in memory and sets SP and PC. An ELF executable starts
  // as the hardware (and QEMU) does, whatever its entry symbol: from the
  // vector table at VTOR (0 at reset), SP = word 0, PC = word 1 (its bit 0
  // is EPSR.T), LR = 0xFFFFFFFF. A program assembled here (FILE.s, an ELF
  // object, a raw image) starts at its _start symbol when it has one, with
  // SP the top of DTCM, else from a vector table at VTOR. Exceptions are
  // taken through the vector table when the program started from it or has
  // one that reads as such (an initial SP in DTCM, an odd reset vector);
  // otherwise every fault stops the run.
  // Throws mlisa::InputError when a segment lies outside the board's
  // memories (kBoardMemories) or there is no entry point.
  void load(const as::ProgramImage& image);
  // Where FILE.s sections go: code in ITCM, data in DTCM.
  static as::LinkLayout layout() { return {kItcmBase, kDtcmBase}; }

  // Runs one instruction word at the PC (as if fetched there). A
  // synchronous exception (a fault, SVC, an UNDEFINED instruction) is taken
  // as the architecture takes it when the program started from its vector
  // table and the table has a handler for it (shared_exc.isa: the fault may
  // escalate to a HardFault): the context is stacked and the handler runs
  // next. Otherwise (no handler, a lockup, no vector table) it throws
  // mlisa::Fault with the architectural name ("UsageFault (UNDEFINSTR)",
  // "BusFault (PRECISERR)", "HardFault (escalated from UsageFault (NOCP))")
  // and the PC, the word and its disassembly. UNPREDICTABLE and CONSTRAINED
  // UNPREDICTABLE words stop the run too. A semihosting SYS_EXIT ends the
  // program: exit_status() is then set. After the instruction: an
  // EXC_RETURN value branched to in Handler mode returns from the
  // exception; SysTick counts; a pending PendSV or SysTick of enough
  // priority is taken. A fault handler (HardFault, MemManage, BusFault,
  // UsageFault) whose instruction branches to itself stops the run with the
  // fault that entered it (a `b .` handler would spin for ever).
  void execute(const spec::Bits& word);
  // Assembles and runs one instruction.
  void execute(const std::string& text);
  // Fetches and runs the instruction at the PC.
  void step();
  // The instruction and encoding a word decodes to (both null when none
  // does), from the machine's decode cache.
  std::pair<const spec::InstructionSpec*, const spec::Encoding*> decoded(const spec::Bits& word) {
    const Decoded& d = decode(word);
    return {d.inst, d.enc};
  }

  // Steps until SYS_EXIT (true) or max_steps instructions (false).
  bool run(uint64_t max_steps);
  std::optional<int> exit_status() const { return host_.exit_status; }

  // Registers by name: r0-r15 (sp, lr, pc), s0-s31, d0-d15, q0-q7, fpscr,
  // vpr, apsr, cpacr, control, vtor, ipsr, msp, psp, primask, basepri,
  // faultmask, epsr. Width: 32, 32, 64, 128, 32...
  static int width_of(const std::string& name);  // 0 when unknown
  spec::Bits get(const std::string& name) const;
  void set(const std::string& name, const spec::Bits& value);

  // The board's memory, which MemA/MemU reach through _Mem, and the
  // semihosting console (Host::write; by default Host::output collects it).
  sim::Memory& memory() { return host_.memory; }
  Host& host() { return host_; }

  spec::Engine& engine() { return engine_; }
  uint64_t instructions = 0;
  // Whether the last instruction run ran by beats (GetCurInstrBeat), as a
  // trace shows it.
  bool ran_by_beats() const { return instructions != 0 && beatwise_instruction_ == instructions; }

  // Which engine runs the pseudocode: the code compiled from the specs at
  // build time (the default, spec::default_engine_kind(); docs/compiled.md)
  // or the interpreter. Specs that differ from the compiled ones (--spec-dir)
  // and pseudocode coverage (engine().coverage) run on the interpreter.
  void set_engine(spec::EngineKind kind);
  spec::EngineKind engine_kind() const { return compiled_ ? spec::EngineKind::Compiled : spec::EngineKind::Interpreter; }

 private:
  struct Decoded {
    const spec::InstructionSpec* inst = nullptr;
    const spec::Encoding* enc = nullptr;  // null: no encoding decodes the word (why says so)
    bool is_it = false;
    bool should_be_undefined = false;  // its should-be bits are not canonical, and the rules make that UNDEFINED
    std::string why;
    std::unique_ptr<spec::CompiledDecode> compiled;  // its compiled decode and operation
  };
  // Calls a pseudocode procedure or function on the engine running.
  spec::Value call(const spec::FunctionDecl& fn, std::vector<spec::Value> args = {}) const;
  // The same for the procedures called on every instruction or beat: their
  // compiled code is looked up once (set_engine) and the argument vector is
  // reused, so the call allocates nothing.
  struct Hot {
    const spec::FunctionDecl* decl = nullptr;
    spec::CompiledTarget::ProcFn proc0 = nullptr;     // its compiled code, when it takes no argument
    spec::CompiledTarget::ProcIntFn proc1 = nullptr;  // or one integer
  };
  // Held: run() or execute_at() knows that compiled code runs them
  // (flags_typed_, no coverage) and holds the globals.
  template <bool Held = false>
  void call_hot(const Hot& h) const {
    if (Held || (h.proc0 && !engine_.coverage)) compiled_->call(h.proc0, Held);
    else call_hot_slow(h, std::nullopt);
  }
  template <bool Held = false>
  void call_hot(const Hot& h, int arg) const {
    if (Held || (h.proc1 && !engine_.coverage)) compiled_->call(h.proc1, spec::Int{arg}, Held);
    else call_hot_slow(h, arg);
  }
  [[gnu::noinline]] void call_hot_slow(const Hot& h, std::optional<int> arg) const;
  // The decoding of a word: from the direct-mapped cache inline, else from
  // decoded_ (decoding it the first time).
  const Decoded& decode(const spec::Bits& word) {
    const Decoded* d = decoded_recently(word);
    return d ? *d : decode_slow(word, decode_key(word));
  }
  static uint64_t decode_key(const spec::Bits& word) { return uint64_t{word.width()} << 32 | word.low64(); }
  static size_t recent_index(uint64_t key) { return (key ^ (key >> 12) ^ (key >> 32)) % kRecent; }
  // The direct-mapped cache's entry for a word, or null.
  const Decoded* decoded_recently(const spec::Bits& word) const {
    const uint64_t key = decode_key(word);
    const RecentDecode& r = recent_[recent_index(key)];
    return r.key == key ? r.d : nullptr;
  }
  [[gnu::noinline]] const Decoded& decode_slow(const spec::Bits& word, uint64_t key);
  // execute() of a word fetched at `address` (the PC, which step() has read).
  void execute_at(uint32_t address, const spec::Bits& word);
  // The run of a decoded word from its decode on: Held when compiled code
  // holds the globals and the flags around an instruction are typed
  // (flags_typed_), so that they are read and written as machine words.
  // Checked: the word's decoding is compiled and not UNDEFINED (refetch made
  // sure), so those checks are left out. size: the word's bytes; is_it:
  // d.is_it (both as the caller holds them nearest).
  template <bool Held, bool Checked = false>
  [[gnu::always_inline]] void run_decoded(uint32_t address, const spec::Bits& word, const Decoded& d, uint32_t size,
                                          bool is_it);
  // One beat of an instruction (its only run unless it is beat-wise).
  template <bool Held>
  [[gnu::always_inline]] void run_beat(const spec::Bits& word, const Decoded& d, bool compiled) {
    if (compiled) {
      compiled_->run(*d.compiled, Held);
    } else {
      std::vector<spec::Value> frame = isa_.spec().frame_for(*d.enc, word);
      engine_.run({&d.enc->decode, &d.enc->operation}, frame);
    }
  }
  template <bool Held>
  void set_beat(int beat, bool beatwise) {
    if constexpr (Held) {
      beat_g_.held<uint64_t>() = static_cast<uint64_t>(beat);
      beatwise_g_.held<bool>() = beatwise;
    } else {
      beat_g_.set_word(static_cast<uint64_t>(beat));
      beatwise_g_.set_boolean(beatwise);
    }
  }
  // What an exception out of an instruction's run does (called in a catch
  // block): the exception taken, or the run stopped (a Fault thrown). True
  // when the instruction still finishes (PC and IT state move on): it ended
  // as a NOP, or the program exited.
  [[gnu::cold]] bool instruction_threw(uint32_t address, const spec::Bits& word, const Decoded& d);
  // run() while compiled code holds the globals and the flags are typed
  // (flags_typed_, no coverage): the instructions fetched through
  // fetched_, without step()'s and execute_at()'s checks; any other
  // instruction by step().
  bool run_held(uint64_t max_steps);
  // In front of the decode cache, for run_held: the instruction last run at
  // an address (by a hash of it), a compiled one, checked against the bytes
  // in memory before it runs again (a store may have changed the code).
  static constexpr uint8_t kNoBytes[4] = {};
  struct Fetched {
    // An empty entry: its bytes never match what it points at.
    uint32_t address = 1;
    uint32_t bytes = ~0u, mask = ~0u;  // the 2 or 4 bytes of the instruction, little-endian
    uint8_t size = 0;                  // 2 or 4
    bool is_it = false;                // d->is_it
    // Where its bytes are in memory: 4 bytes of a region (map_memory forgets
    // every entry before it frees the regions).
    const uint8_t* at = kNoBytes;
    const Decoded* d = nullptr;
    spec::Bits word;
  };
  static constexpr size_t kFetched = 4096;
  std::vector<Fetched> fetched_ = std::vector<Fetched>(kFetched);
  // The entry for the instruction at an address, or null when run_held must
  // step() it (outside memory, within 4 bytes of a region's end, not a
  // compiled word).
  const Fetched* fetched(uint32_t address) {
    Fetched& f = fetched_[(address >> 1) % kFetched];
    if (f.address == address) {
      uint32_t bytes;
      std::memcpy(&bytes, f.at, 4);  // the host is little-endian
      if (((bytes ^ f.bytes) & f.mask) == 0) return &f;
    }
    return refetch(address, f);
  }
  [[gnu::noinline]] const Fetched* refetch(uint32_t address, Fetched& f);
  // The instruction at an address, for errors: its listing, or its bytes.
  [[gnu::cold]] std::string describe(uint32_t address, const spec::Bits& word, const spec::Encoding* enc) const;
  // Takes the UsageFault of an UNDEFINED instruction (UFSR.UNDEFINSTR).
  [[gnu::cold]] void take_undefined(uint32_t address, const spec::Bits& word, const spec::Encoding* enc,
                                    const std::string& why);
  void map_memory();
  int slot(const char* name) const;
  const spec::FunctionDecl& procedure(const char* name) const;
  spec::Value& global(int s) const { return engine_.globals()[static_cast<size_t>(s)]; }
  uint32_t pc() const;
  void set_pc(uint32_t address);

  // Takes exception n (synchronous: return_address is the faulting
  // instruction's, or the next one's for SVC) or throws the Fault that
  // stops the run; `what` describes the instruction.
  void take_exception(int n, const std::string& cause, uint32_t return_address, const std::string& what,
                      const std::string& detail, std::optional<uint32_t> tail_chain = std::nullopt);
  // After an instruction: exception return, SysTick, pending exceptions.
  // Inline: the common case (no branch, SysTick off, nothing pending) is
  // three loads and a test.
  template <bool Held = false>
  void after_instruction(uint32_t address) {
    if (Held ? pc_changed_g_.held<bool>() : pc_changed_g_.boolean()) {
      // after_branch's cases: a branch to itself, or to an EXC_RETURN value
      // (0xFF in the top byte) in Handler mode.
      const uint32_t to = pc();
      if (to == address || ((to >> 24) == 0xffu && ipsr_g_.word() != 0)) after_branch(address);
    }
    if ((Held ? syst_csr_g_.held<uint64_t>() : syst_csr_g_.word()) & 1u) count_systick();
    if (Held ? pending_g_.held_any(16) : pending_g_.any(16)) take_pending();
  }
  // The rare paths, out of line: an instruction that branched (an exception
  // return, a fault handler looping on itself), a pending exception.
  [[gnu::noinline]] void after_branch(uint32_t address);
  [[gnu::noinline]] void take_pending();
  [[gnu::noinline]] void count_systick();
  uint32_t read_word(uint32_t address) const;

  const as::WordIsa& isa_;
  bool vectors_ = false;  // the program started from its vector table: exceptions go to its handlers
  std::pair<std::string, std::string> last_fault_;  // the last fault taken: its name and what happened
  int ipsr_, pending_, syst_csr_, sp_other_;
  const spec::FunctionDecl* exception_entry_ = nullptr;
  const spec::FunctionDecl* exception_return_ = nullptr;
  const spec::FunctionDecl* tail_chain_ = nullptr;
  const spec::FunctionDecl* sync_target_ = nullptr;
  const spec::FunctionDecl* pending_to_take_ = nullptr;
  const spec::FunctionDecl* systick_count_ = nullptr;
  const spec::FunctionDecl* using_psp_ = nullptr;
  mutable spec::Engine engine_;
  Host host_;
  int r_, q_, apsr_, fpscr_, vpr_, cpacr_, control_, beat_, beatwise_, pc_changed_, epsr_;
  const spec::FunctionDecl* vpt_advance_ = nullptr;
  const spec::FunctionDecl* it_advance_ = nullptr;
  const spec::FunctionDecl* check_thumb_ = nullptr;
  Hot vpt_advance_hot_, it_advance_hot_, check_thumb_hot_;
  // The globals read or written around every instruction (set_engine).
  spec::GlobalRef r_g_, fpscr_g_, pc_changed_g_, beat_g_, beatwise_g_, pending_g_, syst_csr_g_, ipsr_g_, itstate_g_;
  // EPSR.T was 1 when the last instruction started and nothing since can
  // have changed it (run_decoded<true> then leaves CheckThumbState out).
  bool thumb_known_ = false;
  // The count (instructions) of the last instruction that ran by beats.
  uint64_t beatwise_instruction_ = 0;
  // The compiled code holds PC, _PCChanged, _CurrentBeat, _BeatWise,
  // SYST_CSR, ExceptionPending and ITSTATE typed.
  bool flags_typed_ = false;
  std::unordered_map<uint64_t, Decoded> decoded_;  // by width << 32 | word
  // In front of decoded_: a direct-mapped cache of its entries (the map's
  // nodes do not move), by a hash of the key.
  struct RecentDecode {
    uint64_t key = ~uint64_t{0};
    const Decoded* d = nullptr;
  };
  static constexpr size_t kRecent = 4096;
  std::vector<RecentDecode> recent_ = std::vector<RecentDecode>(kRecent);
  std::unique_ptr<spec::CompiledBinding> compiled_;
};

}  // namespace mlisa::targets::mve
