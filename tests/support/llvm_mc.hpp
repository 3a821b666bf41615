// llvm-mc-19 as an oracle for encodings: the bytes it gives each line of a
// source, so that a test compares them with what our assembler produces.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mlisa::test {

bool have_llvm_mc();

// `args` are the triple and features, e.g. "-triple=aarch64 -mattr=+sme2".
// One entry per encoded line, as llvm-mc prints it: "0x13,0x28,0x20,0xc1".
std::vector<std::string> llvm_mc_encodings(const std::string& args, const std::string& source);

// Bytes in llvm-mc's spelling: "0x13,0x28,0x20,0xc1".
std::string llvm_mc_bytes(const std::vector<uint8_t>& bytes);

// llvm-mc-19 --disassemble of bytes in llvm_mc_bytes spelling: the
// instruction lines it prints, tabs as spaces, trimmed.
std::vector<std::string> llvm_mc_disassemble(const std::string& args, const std::string& bytes);

// Expects every form (one instruction each) to encode as llvm-mc encodes it;
// `ours` gives our bytes for a form in llvm_mc_bytes spelling.
void expect_forms_match_llvm_mc(const std::string& args, const std::vector<std::string>& forms,
                                const std::function<std::string(const std::string&)>& ours);

}  // namespace mlisa::test
