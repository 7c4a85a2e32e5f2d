#include "ir/diagnostic.h"

namespace tirconf::ir {

std::string format(const Diagnostic &d) {
  std::string s = d.file.empty() ? "<input>" : d.file;
  s += ":" + std::to_string(d.loc.line) + ":" + std::to_string(d.loc.col) + ": error";
  if (!d.rule.empty())
    s += "[" + d.rule + "]";
  return s + ": " + d.message;
}

} // namespace tirconf::ir
