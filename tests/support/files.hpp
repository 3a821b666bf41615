// Files for tests that run the real binary: reading one whole, and a
// temporary folder removed when the test ends.
#pragma once

#include <filesystem>
#include <string>

namespace mlisa::test {

// The bytes of a file ("" when it cannot be read).
std::string slurp(const std::filesystem::path& p);

// A fresh folder under the system's temporary directory, named after the
// process and the running test, removed with everything in it at the end.
struct TempDir {
  std::filesystem::path path;
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `text` to path/name (creating folders) and returns the file's path.
  std::string write(const std::string& name, const std::string& text) const;
};

}  // namespace mlisa::test
