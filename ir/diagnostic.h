// Diagnostics shared by the reader, the checker and the tools:
//   file:line:col: error[rule.id]: message
// rule is empty for syntax errors that no spec rule covers.
#pragma once

#include <string>
#include <vector>

#include "ir/source_loc.h"

namespace tirconf::ir {

struct Diagnostic {
  std::string file;
  SourceLoc loc;
  std::string rule;
  std::string message;
};

std::string format(const Diagnostic &d);

using Diagnostics = std::vector<Diagnostic>;

} // namespace tirconf::ir
