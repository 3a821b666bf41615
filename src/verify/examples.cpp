#include "verify/examples.hpp"

#include <fmt/format.h>

#include <filesystem>

#ifndef MLISA_VECTOR_DIR
#define MLISA_VECTOR_DIR "tests/vectors"
#endif

namespace mlisa::verify {

std::string example_path(const std::string& name) {
  return (std::filesystem::path(MLISA_VECTOR_DIR).parent_path().parent_path() / "examples" / (name + ".s")).string();
}

std::string escape_output(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (c == '\n') out += "\\n";
    else if (c < 0x20 || c >= 0x7f) out += fmt::format("\\x{:02x}", c);
    else out += static_cast<char>(c);
  }
  return out;
}

}  // namespace mlisa::verify
