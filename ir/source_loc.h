// Where a node came from in TVMScript text; 0 means "not from text" (built by code).
#pragma once

#include <cstdint>

namespace tirconf::ir {

struct SourceLoc {
  uint32_t line = 0; // 1-based
  uint32_t col = 0;  // 1-based, in bytes
  bool known() const { return line != 0; }
};

} // namespace tirconf::ir
