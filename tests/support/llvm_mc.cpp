#include "support/llvm_mc.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <fstream>
#include <regex>

namespace mlisa::test {

bool have_llvm_mc() { return std::system("llvm-mc-19 --version > /dev/null 2>&1") == 0; }

namespace {

// A file of its own for each call: ctest runs test processes side by side.
std::string unique_file(const char* suffix) {
  std::string path = ::testing::TempDir() + "llvm_mc_XXXXXX" + suffix;
  const int fd = ::mkstemps(path.data(), static_cast<int>(std::strlen(suffix)));
  if (fd < 0) throw std::runtime_error("mkstemps failed for " + path);
  ::close(fd);
  return path;
}

}  // namespace

std::vector<std::string> llvm_mc_encodings(const std::string& args, const std::string& source) {
  const std::string in = unique_file(".s");
  const std::string out = unique_file(".txt");
  std::ofstream(in) << source << "\n";
  const std::string cmd = "llvm-mc-19 " + args + " -show-encoding " + in + " > " + out + " 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::vector<std::string> encodings;
  {
    std::ifstream f(out);
    static const std::regex encoding(R"(encoding: \[([^\]]*)\])");
    std::smatch m;
    for (std::string line; std::getline(f, line);)
      if (std::regex_search(line, m, encoding)) encodings.push_back(m[1]);
  }
  std::remove(in.c_str());
  std::remove(out.c_str());
  return encodings;
}

std::vector<std::string> llvm_mc_disassemble(const std::string& args, const std::string& bytes) {
  const std::string in = unique_file(".txt");
  const std::string out = unique_file(".s");
  std::ofstream(in) << bytes << "\n";
  const std::string cmd = "llvm-mc-19 --disassemble " + args + " " + in + " > " + out + " 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::vector<std::string> lines;
  {
    std::ifstream f(out);
    for (std::string line; std::getline(f, line);) {
      for (char& c : line)
        if (c == '\t') c = ' ';
      const size_t b = line.find_first_not_of(' ');
      if (b == std::string::npos || line[b] == '.') continue;  // blank, or a directive (.text)
      const size_t e = line.find_last_not_of(' ');
      std::string text = line.substr(b, e - b + 1);
      // One space between the mnemonic and its operands.
      const size_t sp = text.find(' ');
      if (sp != std::string::npos) text.erase(sp + 1, text.find_first_not_of(' ', sp) - sp - 1);
      lines.push_back(text);
    }
  }
  std::remove(in.c_str());
  std::remove(out.c_str());
  return lines;
}

std::string llvm_mc_bytes(const std::vector<uint8_t>& bytes) {
  std::string s;
  char byte[8];
  for (uint8_t b : bytes) {
    std::snprintf(byte, sizeof byte, "%s0x%02x", s.empty() ? "" : ",", b);
    s += byte;
  }
  return s;
}

void expect_forms_match_llvm_mc(const std::string& args, const std::vector<std::string>& forms,
                                const std::function<std::string(const std::string&)>& ours) {
  std::string source;
  for (const auto& f : forms) source += f + "\n";
  const auto theirs = llvm_mc_encodings(args, source);
  ASSERT_EQ(theirs.size(), forms.size());
  for (size_t i = 0; i < forms.size(); ++i) EXPECT_EQ(ours(forms[i]), theirs[i]) << forms[i];
}

}  // namespace mlisa::test
