// An instruction trace (docs/trace.md): `mlisa run --trace FILE
// [--trace-format text|jsonl]`. For each instruction the address, the word,
// the disassembly, the beat mask where VPT or tail predication applies, every
// register whose value it changed (compared before and after, by the
// Target's trace_registers) and every memory access (reads, instruction
// fetches left out, and writes, with the value).
//
// text: per instruction QEMU's `-d exec,cpu` block (a `Trace` line, the
// registers before the instruction as QEMU prints them) followed by our lines,
// each starting with a space: `  mask`, `  reg NAME=VALUE`, `  read ADDR SIZE
// VALUE`, `  write ADDR SIZE VALUE`. `grep '^[A-Z]'` of both files diffs
// against QEMU's -singlestep -d exec,cpu,nochain log (docs/trace.md).
// jsonl: one JSON object per instruction.
#pragma once

#include "sim/gdb_stub.hpp"

#include <cstdio>
#include <string>
#include <vector>

namespace mlisa::sim {

class Tracer {
 public:
  enum class Format { Text, Jsonl };
  // Opens `path` for writing ("-": stdout). Throws mlisa::InputError when it
  // cannot.
  Tracer(const std::string& path, Format format);
  ~Tracer();
  Tracer(const Tracer&) = delete;
  Tracer& operator=(const Tracer&) = delete;

  // Runs one instruction of the target and writes its record. A fault is
  // recorded (`  fault NAME`) and rethrown.
  void step(gdb::Target& target);

 private:
  void write(const std::string& s);
  std::FILE* out_ = nullptr;
  bool close_ = false;
  Format format_;
  std::vector<std::vector<uint8_t>> before_;  // the trace registers after the last step
  std::vector<int> regnums_;
  std::vector<std::string> names_;
};

// A target whose steps go through a tracer (--gdb with --trace).
class TracedTarget : public gdb::Target {
 public:
  TracedTarget(gdb::Target& inner, Tracer& tracer) : inner_(inner), tracer_(tracer) {}
  std::string architecture() const override { return inner_.architecture(); }
  const std::vector<gdb::Feature>& features() const override { return inner_.features(); }
  std::vector<uint8_t> read_register(int regnum) override { return inner_.read_register(regnum); }
  bool write_register(int regnum, const std::vector<uint8_t>& bytes) override {
    return inner_.write_register(regnum, bytes);
  }
  Memory& memory() override { return inner_.memory(); }
  uint64_t pc() override { return inner_.pc(); }
  void step() override { tracer_.step(inner_); }
  std::optional<int> exit_status() const override { return inner_.exit_status(); }

 private:
  gdb::Target& inner_;
  Tracer& tracer_;
};

}  // namespace mlisa::sim
