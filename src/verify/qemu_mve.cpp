#include "verify/qemu_mve.hpp"

#include "verify/subprocess.hpp"

#include <fmt/format.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

namespace mlisa::verify::qemu_mve {

namespace {

constexpr size_t kHeaderBytes = 16;
// Fixed addresses (the linker script places the sections there), so that the
// per-case addresses are constants and not symbol offsets that MOVW/MOVT
// relocations cannot carry: code from 0 in ITCM, the inputs table higher in
// ITCM, the semihosting arguments, the header and the results in DTCM.
constexpr uint32_t kInputs = 0x00040000;
constexpr uint32_t kWriteArgs = 0x20000000;
constexpr uint32_t kHeader = 0x20000010;
constexpr uint32_t kResults = kHeader + kHeaderBytes;
// The landing zone's control words (scratch DTCM, below the zone cases'
// stack): the address to resume the case at, 1 while a zone case runs, the
// trap's address the handler found, the first and the last-plus-one address
// of the case's own words, and the routine that puts the zone's traps back
// over them.
constexpr uint32_t kZoneControl = kWindow - 0x1000;
// A fault's control words (beside the zone's): the address of the next
// case, the index plus one of the last case that faulted, and the address
// of its exception frame.
constexpr uint32_t kFaultControl = kZoneControl + 0x20;

uint32_t get32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 | static_cast<uint32_t>(p[2]) << 16 |
         static_cast<uint32_t>(p[3]) << 24;
}

void put32(uint8_t* p, uint32_t v) {
  for (int i = 0; i < 4; ++i) p[i] = static_cast<uint8_t>(v >> (8 * i));
}

using subprocess::on_path;
using subprocess::ProcessResult;
using subprocess::quote_asm;
using subprocess::TempDir;

void write_or_fail(const std::string& path, const void* data, size_t size) {
  try {
    subprocess::write_file(path, data, size);
  } catch (const subprocess::ToolError& e) {
    throw OracleError(e.what());
  }
}

ProcessResult run_or_fail(const std::vector<std::string>& argv, const TempDir& dir, const std::string& tag,
                          double timeout_seconds) {
  try {
    return subprocess::run_process(argv, dir, tag, timeout_seconds);
  } catch (const subprocess::ToolError& e) {
    throw OracleError(e.what());
  }
}

// movw/movt of an expression into a register (no literal pools).
std::string load_address(const char* reg, uint64_t value) {
  return fmt::format("    movw {0}, #0x{1:x}\n    movt {0}, #0x{2:x}\n", reg, value & 0xffff, (value >> 16) & 0xffff);
}
std::string load_address(const char* reg, const std::string& expr) {
  return fmt::format("    movw {0}, #:lower16:({1})\n    movt {0}, #:upper16:({1})\n", reg, expr);
}

constexpr const char* kMarker = "mlisa-mve-done";

// One image: run cases, write the results file; returns the parsed results.
ParsedResults run_image(const Tools& tools, const std::vector<Case>& cases, double timeout_seconds) {
  TempDir dir("qemu-mve");
  const std::string inputs = dir.file("inputs.bin"), results = dir.file("results.bin");
  const std::string source = dir.file("image.s"), script = dir.file("image.ld"), elf = dir.file("image.elf");
  const std::vector<uint8_t> table = input_table(cases);
  write_or_fail(inputs, table.data(), table.size());
  const std::string text = image_source(cases, inputs, results);
  write_or_fail(source, text.data(), text.size());
  const std::string ld = linker_script();
  write_or_fail(script, ld.data(), ld.size());

  ProcessResult cc = run_or_fail({tools.gcc, "-mcpu=cortex-m55", "-mfloat-abi=hard", "-mthumb", "-nostartfiles",
                                  "-nostdlib", "-T", script, source, "-o", elf},
                                 dir, "gcc", timeout_seconds);
  if (cc.timed_out || cc.exit_code != 0)
    throw OracleError(fmt::format("arm-none-eabi-gcc failed on the test image{}: {}",
                                  cc.timed_out ? " (timeout)" : "", cc.err));
  ProcessResult q = run_or_fail({tools.qemu, "-M", "mps3-an547", "-nographic", "-monitor", "none", "-serial", "none",
                                 "-semihosting-config", "enable=on,target=native", "-kernel", elf},
                                dir, "qemu", timeout_seconds);
  if (q.timed_out)
    throw OracleError(fmt::format("qemu-system-arm did not finish a batch of {} cases in {} s", cases.size(),
                                  timeout_seconds));
  if (q.exit_code != 0 || (q.out + q.err).find(kMarker) == std::string::npos)
    throw OracleError(fmt::format("qemu-system-arm failed (exit {}): {}{}", q.exit_code, q.out, q.err));
  std::ifstream in(results, std::ios::binary);
  if (!in) throw OracleError("qemu-system-arm wrote no results file");
  std::vector<uint8_t> blob((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return parse_results(blob, cases.size());
}

}  // namespace

uint16_t zone_halfword(uint32_t address) {
  return static_cast<uint16_t>(0xDE00u | ((address * 0x9E3779B1u) >> 24));
}

void pack(const State& s, uint8_t* out) {
  for (size_t i = 0; i < 32; ++i) put32(out + 4 * i, s.q[i]);
  put32(out + 128, s.fpscr);
  put32(out + 132, s.vpr);
  for (size_t i = 0; i < 14; ++i) put32(out + 136 + 4 * i, s.r[i]);
  put32(out + 192, s.apsr);
  for (size_t i = 0; i < 16; ++i) put32(out + 196 + 4 * i, s.mem[i]);
}

State unpack(const uint8_t* in) {
  State s;
  for (size_t i = 0; i < 32; ++i) s.q[i] = get32(in + 4 * i);
  s.fpscr = get32(in + 128);
  s.vpr = get32(in + 132);
  for (size_t i = 0; i < 14; ++i) s.r[i] = get32(in + 136 + 4 * i);
  s.apsr = get32(in + 192);
  for (size_t i = 0; i < 16; ++i) s.mem[i] = get32(in + 196 + 4 * i);
  return s;
}

std::optional<Tools> find_tools(std::string* why) {
  auto qemu = on_path("qemu-system-arm");
  auto gcc = on_path("arm-none-eabi-gcc");
  if (qemu && gcc) return Tools{*qemu, *gcc};
  if (why)
    *why = fmt::format("{} not found on PATH", !qemu && !gcc ? "qemu-system-arm and arm-none-eabi-gcc"
                                               : !qemu       ? "qemu-system-arm"
                                                             : "arm-none-eabi-gcc");
  return std::nullopt;
}

std::vector<uint8_t> input_table(const std::vector<Case>& cases) {
  std::vector<uint8_t> out(cases.size() * kStateBytes);
  for (size_t i = 0; i < cases.size(); ++i) pack(cases[i].in, out.data() + i * kStateBytes);
  return out;
}

std::string linker_script() {
  return fmt::format(
      "SECTIONS {{\n"
      "  .text 0x00000000 : {{ KEEP(*(.vectors)) *(.text*) *(.rodata*) }}\n"
      "  .zone 0x{:08x} : {{ KEEP(*(.zone)) }}\n"
      "  .inputs 0x{:08x} : {{ KEEP(*(.inputs)) }}\n"
      "  .bss 0x{:08x} (NOLOAD) : {{ *(.bss*) }}\n"
      "  ASSERT(SIZEOF(.text) <= 0x{:x}, \"the code reaches the landing zone\")\n"
      "  ASSERT(ADDR(.inputs) + SIZEOF(.inputs) <= 0x80000, \"the inputs overflow ITCM\")\n"
      "  ASSERT(ADDR(.bss) + SIZEOF(.bss) <= 0x{:08x}, \"the results reach the scratch memory around the window\")\n"
      "}}\n",
      kZone, kInputs, kWriteArgs, kZone, kWindow - 0x8000);
}

std::string image_source(const std::vector<Case>& cases, const std::string& inputs_path,
                         const std::string& results_path) {
  if (cases.size() > kMaxBatch) throw OracleError(fmt::format("a batch holds at most {} cases", kMaxBatch));
  const size_t n = cases.size();
  std::string s;
  s += "@ Generated by mlisa (src/verify/qemu_mve.cpp): one case after another, then the results file.\n"
       "    .syntax unified\n    .thumb\n";
  // Vector table: the initial SP (top of DTCM, unused: every case sets SP),
  // reset, and every other exception to `fault`.
  s += "    .section .vectors, \"a\"\n    .word 0x20080000\n    .word reset + 1\n";
  for (int v = 2; v < 16; ++v) s += "    .word fault + 1\n";
  s += "    .text\n    .thumb_func\nreset:\n";
  // CPACR: CP10 and CP11 full access, before any FP or MVE instruction.
  s += load_address("r0", 0xE000ED88);
  s += "    ldr r1, [r0]\n    orr r1, r1, #(0xF << 20)\n    str r1, [r0]\n    dsb\n    isb\n";
  s += load_address("r1", kHeader);
  s += "    movs r0, #0\n    str r0, [r1, #4]\n    str r0, [r1, #8]\n    str r0, [r1, #12]\n";
  s += load_address("r1", kFaultControl);
  s += "    str r0, [r1, #4]\n";
  // A case's words as the halfwords memory holds, in order.
  auto halfwords = [](const std::vector<uint32_t>& words) {
    std::vector<uint16_t> out;
    for (uint32_t w : words) {
      if (w >= 0x10000) out.push_back(static_cast<uint16_t>(w >> 16));
      out.push_back(static_cast<uint16_t>(w));
    }
    return out;
  };
  for (size_t i = 0; i < n; ++i) {
    const Case& c = cases[i];
    s += fmt::format("@ case {}\n", i);
    s += fmt::format("    movw r0, #{}\n", i);
    s += load_address("r1", kHeader);
    s += "    str r0, [r1]\n";
    // Where a recovered fault resumes: the next case.
    s += load_address("r1", kFaultControl);
    s += load_address("r2", fmt::format("next_{}", i));
    s += "    str r2, [r1]\n";
    // The system registers a case may write (MSR, CPS) as at reset, so that
    // no case sees another's: masks, the process stack and the stack limits,
    // CONTROL (its FPCA and SFPA come back with the FP loads below).
    s += "    movs r0, #0\n    msr primask, r0\n    msr basepri, r0\n    msr faultmask, r0\n    msr psp, r0\n"
         "    msr msplim, r0\n    msr psplim, r0\n    msr control, r0\n    isb\n";
    if (c.wake) {
      s += "    movs r0, #1\n    msr primask, r0\n";
      s += load_address("r1", 0xE000ED04);
      s += "    mov r0, #0x10000000\n    str r0, [r1]\n    dsb\n    isb\n";
    }
    const std::vector<uint16_t> code = halfwords(c.words);
    if (c.pc) {
      // The words into the zone, the control words for the handler.
      s += load_address("r1", c.pc);
      for (size_t k = 0; k < code.size(); ++k) s += fmt::format("    movw r2, #0x{:04x}\n    strh r2, [r1, #{}]\n", code[k], 2 * k);
      s += load_address("r1", kZoneControl);
      s += load_address("r2", fmt::format("resume_{}", i));
      s += "    bic r2, r2, #1\n    str r2, [r1]\n    movs r2, #1\n    str r2, [r1, #4]\n    movs r2, #0\n    str r2, [r1, #8]\n";
      s += load_address("r2", c.pc);
      s += "    str r2, [r1, #12]\n";
      s += load_address("r2", c.pc + 2 * code.size());
      s += "    str r2, [r1, #16]\n";
      s += load_address("r2", fmt::format("restore_{}", i));
      s += "    str r2, [r1, #20]\n    dsb\n    isb\n";
    }
    // The window's bytes and APSR first, while registers are free; SP in the
    // window; then the registers, R0 last.
    s += load_address("r0", kInputs + i * kStateBytes);
    s += "    add r1, r0, #196\n";
    s += load_address("r2", kWindow);
    s += "    ldm r1!, {r3-r10}\n    stm r2!, {r3-r10}\n    ldm r1!, {r3-r10}\n    stm r2!, {r3-r10}\n";
    s += "    ldr r1, [r0, #192]\n    msr APSR_nzcvqg, r1\n";
    s += load_address("r1", c.sp);
    s += "    mov sp, r1\n";
    s += "    vldm r0!, {d0-d15}\n    ldm r0!, {r1, r2}\n    vmsr fpscr, r1\n    vmsr vpr, r2\n"
         "    ldm r0, {r0-r12, lr}\n";
    if (c.pc) {
      // Into the zone; its trap's handler resumes here.
      s += fmt::format("    b.w zone + 0x{:x}\nresume_{}:\n", c.pc - kZone, i);
    } else {
      for (uint32_t w : c.words)
        s += w < 0x10000 ? fmt::format("    .inst.n 0x{:04x}\n", w) : fmt::format("    .inst.w 0x{:08x}\n", w);
    }
    // SP: the state's end in the case's results record (push stores
    // downwards), from a literal, as every register holds a result.
    s += fmt::format("    ldr.w sp, 1f\n    b 2f\n    .align 2\n1:  .word 0x{:08x}\n2:\n", kResults + i * kResultBytes + 192);
    s += "    push {r0-r12, lr}\n    vmrs r0, fpscr\n    vmrs r1, vpr\n    push {r0, r1}\n    vpush {d0-d15}\n";
    s += "    mrs r0, apsr\n    str r0, [sp, #192]\n    add r1, sp, #196\n";
    s += load_address("r2", kWindow);
    s += "    ldm r2!, {r3-r10}\n    stm r1!, {r3-r10}\n    ldm r2!, {r3-r10}\n    stm r1!, {r3-r10}\n";
    if (c.pc) {
      // The trap's address into the record; the zone as it was.
      s += load_address("r1", kZoneControl);
      s += fmt::format("    ldr r0, [r1, #8]\n    str r0, [sp, #{}]\n    movs r0, #0\n    str r0, [r1, #4]\n", kStateBytes);
      // The zone's traps back over the case's words: a routine the fault
      // clean-up calls too (through the zone control's word 5).
      s += fmt::format("    bl restore_{0}\n    b 5f\n    .thumb_func\nrestore_{0}:\n", i);
      s += load_address("r1", c.pc);
      for (size_t k = 0; k < code.size(); ++k)
        s += fmt::format("    movw r2, #0x{:04x}\n    strh r2, [r1, #{}]\n", zone_halfword(c.pc + 2 * static_cast<uint32_t>(k)), 2 * k);
      s += "    dsb\n    isb\n    bx lr\n5:\n";
    }
    if (c.wake) {  // PendSV no longer pending (PENDSVCLR), before the next case clears PRIMASK
      s += load_address("r1", 0xE000ED04);
      s += "    mov r0, #0x08000000\n    str r0, [r1]\n    dsb\n    isb\n";
    }
    s += fmt::format("    .thumb_func\nnext_{}:\n", i);
  }
  s += fmt::format("    movw r0, #{}\n", n);
  s += load_address("r1", kHeader);
  s += "    str r0, [r1]\n    b finish\n";
  // A fault: record it (status 1, IPSR, CFSR) and write what finished.
  s += "    .thumb_func\nfault:\n";
  // A zone case's trap: a UDF (CFSR.UNDEFINSTR alone) in the zone, not at
  // the case's own words. Its address is recorded, CFSR cleared, and the
  // exception returns to the case's resume label (the frame, on MSP, is
  // restored as it was).
  s += load_address("r1", kZoneControl);
  s += "    ldr r0, [r1, #4]\n    cmp r0, #1\n    bne.w real_fault\n";
  s += load_address("r2", 0xE000ED28);
  s += "    ldr r3, [r2]\n    cmp r3, #0x10000\n    bne.w real_fault\n";
  s += "    ldr r0, [sp, #24]\n";
  s += load_address("r12", kZone);
  s += "    cmp r0, r12\n    blo.w real_fault\n";
  s += load_address("r12", kZone + kZoneBytes);
  s += "    cmp r0, r12\n    bhs.w real_fault\n";
  s += "    ldr r12, [r1, #12]\n    cmp r0, r12\n    blo 3f\n    ldr r12, [r1, #16]\n    cmp r0, r12\n    blo.w real_fault\n";
  s += "3:  str r0, [r1, #8]\n    str r3, [r2]\n";
  s += load_address("r2", 0xE000ED2C);
  s += "    mov r3, #0x40000000\n    str r3, [r2]\n";
  s += "    ldr r0, [r1]\n    str r0, [sp, #24]\n    movs r0, #0\n    str r0, [r1, #4]\n    bx lr\n";
  // Any other fault: recorded in the case's record (1, IPSR, CFSR), CFSR
  // and HFSR cleared, and the exception returns to the next case, on the
  // stack its frame is on. A second fault in the same case, or a frame that
  // failed to stack (MSTKERR, STKERR, STKOF), stops the image as before.
  s += "real_fault:\n";
  s += load_address("r1", kFaultControl);
  s += load_address("r2", kHeader);
  s += "    ldr r0, [r2]\n    adds r0, #1\n    ldr r3, [r1, #4]\n    cmp r0, r3\n    beq.w stop_fault\n";
  s += load_address("r2", 0xE000ED28);
  s += "    ldr r3, [r2]\n";
  s += load_address("r12", 0x00101010);
  s += "    tst r3, r12\n    bne.w stop_fault\n";
  s += "    str r0, [r1, #4]\n    subs r0, #1\n";
  s += load_address("r12", kResultBytes);
  s += "    mul r0, r0, r12\n";
  s += load_address("r12", kResults + kStateBytes + 4);
  s += "    add r0, r0, r12\n    mov r12, #1\n    str r12, [r0]\n    mrs r12, ipsr\n    str r12, [r0, #4]\n"
       "    str r3, [r0, #8]\n    str r3, [r2]\n";
  s += load_address("r2", 0xE000ED2C);
  s += "    ldr r3, [r2]\n    str r3, [r2]\n";
  s += "    tst lr, #4\n    ite eq\n    moveq r3, sp\n    mrsne r3, psp\n";
  // Only a frame in the scratch memory around the window (the cases' SP):
  // the clean-up below zeroes it.
  s += load_address("r12", kZoneControl + 0x100);
  s += "    cmp r3, r12\n    blo.w stop_fault\n";
  s += load_address("r12", kWindow + 0x40);
  s += "    cmp r3, r12\n    bhs.w stop_fault\n";
  s += "    str r3, [r1, #8]\n";
  s += load_address("r0", "fault_cleanup");
  s += "    bic r0, r0, #1\n    str r0, [r3, #24]\n    mov r0, #0x01000000\n    str r0, [r3, #28]\n";
  s += "    bx lr\n";
  // Back in Thread mode: the frame's memory zeroed (scratch memory reads as
  // zero on both sides, and a later case's stray load may reach it), a zone
  // case's words turned back into the zone's traps, then the next case.
  s += "    .thumb_func\nfault_cleanup:\n";
  s += load_address("r1", kFaultControl);
  s += "    ldr r0, [r1, #8]\n    movs r2, #0\n    movs r3, #28\n1:  str r2, [r0], #4\n    subs r3, #1\n    bne 1b\n";
  s += load_address("r1", kZoneControl);
  s += "    ldr r0, [r1, #4]\n    cmp r0, #1\n    bne 3f\n    movs r0, #0\n    str r0, [r1, #4]\n"
       "    ldr r0, [r1, #20]\n    blx r0\n3:\n";
  s += load_address("r1", kFaultControl);
  s += "    ldr r0, [r1]\n    orr r0, r0, #1\n    bx r0\n";
  s += "stop_fault:\n";
  s += load_address("r1", kHeader);
  s += "    movs r0, #1\n    str r0, [r1, #4]\n    mrs r0, ipsr\n    str r0, [r1, #8]\n";
  s += load_address("r2", 0xE000ED28);
  s += "    ldr r0, [r2]\n    str r0, [r1, #12]\n";
  // SYS_OPEN(path, "wb", length), SYS_WRITE(handle, header, bytes),
  // SYS_CLOSE(handle), SYS_WRITE0(marker), SYS_EXIT(ApplicationExit).
  s += "finish:\n";
  s += load_address("r1", "open_args");
  s += "    movs r0, #0x01\n    bkpt 0xab\n";
  s += load_address("r1", kWriteArgs);
  s += "    str r0, [r1]\n";
  s += load_address("r2", kHeader);
  s += "    str r2, [r1, #4]\n";
  s += load_address("r2", kHeaderBytes + n * kResultBytes);
  s += "    str r2, [r1, #8]\n    movs r0, #0x05\n    bkpt 0xab\n";
  s += load_address("r1", kWriteArgs);
  s += "    movs r0, #0x02\n    bkpt 0xab\n";
  s += load_address("r1", "marker");
  s += "    movs r0, #0x04\n    bkpt 0xab\n";
  s += "    movs r0, #0x18\n";
  s += load_address("r1", 0x20026);
  s += "    bkpt 0xab\n1:  b 1b\n";
  // The zone: traps everywhere (a case's words are written in and out).
  s += "    .section .zone, \"ax\"\n    .thumb_func\nzone:\n";
  for (uint32_t a = kZone; a < kZone + kZoneBytes; a += 16) {
    s += "    .hword ";
    for (uint32_t k = 0; k < 8; ++k) s += fmt::format("{}0x{:04x}", k ? ", " : "", zone_halfword(a + 2 * k));
    s += "\n";
  }
  s += "    .section .inputs, \"a\"\ninputs:\n";
  s += fmt::format("    .incbin {}\n", quote_asm(inputs_path));
  s += "    .section .rodata\n    .align 2\nopen_args:\n    .word path\n    .word 5\n";
  s += fmt::format("    .word {}\n", results_path.size());
  s += fmt::format("path:\n    .asciz {}\n", quote_asm(results_path));
  s += fmt::format("marker:\n    .asciz \"{}\\n\"\n", kMarker);
  s += "    .bss\nwrite_args:\n    .space 16\nheader:\n    .space 16\nresults:\n";
  s += fmt::format("    .space {}\n", n * kResultBytes);
  return s;
}

ParsedResults parse_results(const std::vector<uint8_t>& blob, size_t n) {
  if (blob.size() != kHeaderBytes + n * kResultBytes)
    throw OracleError(fmt::format("the results file has {} bytes, expected {} for {} cases", blob.size(),
                                  kHeaderBytes + n * kResultBytes, n));
  ParsedResults r;
  r.stopped_at = get32(blob.data());
  r.faulted = get32(blob.data() + 4) == 1;
  r.exception = get32(blob.data() + 8) & 0x1ff;
  r.cfsr = get32(blob.data() + 12);
  if (r.stopped_at > n || (!r.faulted && r.stopped_at != n) || (r.faulted && r.stopped_at == n))
    throw OracleError(fmt::format("the results file says it stopped at case {} of {}{}", r.stopped_at, n,
                                  r.faulted ? " after a fault" : ""));
  for (size_t i = 0; i < r.stopped_at; ++i) {
    const uint8_t* record = blob.data() + kHeaderBytes + i * kResultBytes;
    Result one;
    if (get32(record + kStateBytes + 4) == 1) {
      one.faulted = true;
      one.exception = get32(record + kStateBytes + 8) & 0x1ff;
      one.cfsr = get32(record + kStateBytes + 12);
    } else {
      one.out = unpack(record);
      one.out.pc = get32(record + kStateBytes);
    }
    r.results.push_back(one);
  }
  return r;
}

std::vector<Result> run(const Tools& tools, const std::vector<Case>& cases, double timeout_seconds) {
  std::vector<Result> out;
  out.reserve(cases.size());
  size_t next = 0;
  while (next < cases.size()) {
    const size_t count = std::min(kMaxBatch, cases.size() - next);
    std::vector<Case> batch(cases.begin() + static_cast<ptrdiff_t>(next),
                            cases.begin() + static_cast<ptrdiff_t>(next + count));
    ParsedResults p = run_image(tools, batch, timeout_seconds);
    for (Result& one : p.results) out.push_back(one);
    next += p.results.size();
    if (p.faulted) {
      Result f;
      f.faulted = true;
      f.exception = p.exception;
      f.cfsr = p.cfsr;
      out.push_back(f);
      ++next;
    }
  }
  return out;
}

}  // namespace mlisa::verify::qemu_mve
