#include "support/llvm_mc.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <regex>

namespace mlisa::test {

bool have_llvm_mc() { return std::system("llvm-mc-19 --version > /dev/null 2>&1") == 0; }

std::vector<std::string> llvm_mc_encodings(const std::string& args, const std::string& source) {
  const std::string in = ::testing::TempDir() + "llvm_mc_in.s";
  const std::string out = ::testing::TempDir() + "llvm_mc_out.txt";
  std::ofstream(in) << source << "\n";
  const std::string cmd = "llvm-mc-19 " + args + " -show-encoding " + in + " > " + out + " 2>&1";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream f(out);
  std::vector<std::string> encodings;
  static const std::regex encoding(R"(encoding: \[([^\]]*)\])");
  std::smatch m;
  for (std::string line; std::getline(f, line);)
    if (std::regex_search(line, m, encoding)) encodings.push_back(m[1]);
  return encodings;
}

}  // namespace mlisa::test
