// A minimal JUnit XML writer for `tirconf test --junit` and `tirconf conform --junit`: one
// testcase per conformance case or file, classname the file (test) or the spec rule it tests
// (conform); a failure is a nonconformance, an error a fault of the implementation's adapter.
#pragma once

#include <string>
#include <vector>

namespace tirconf::tools {

class JUnitReport {
public:
  enum class Result { Pass, Failure, Skipped, Error };
  void add(std::string file, std::string name, Result r, std::string message);
  // Writes atomically (temporary file, then rename), so a failed run leaves no partial report.
  bool write(const std::string &path) const;

private:
  struct Case {
    std::string file, name;
    Result result;
    std::string message;
  };
  std::vector<Case> cases_;
};

} // namespace tirconf::tools
