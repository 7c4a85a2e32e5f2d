// Line and column in JSON text, for diagnostics about JSON inputs: nlohmann's parser reports a
// byte offset for syntax errors and nothing for well-formed text of the wrong shape.
#pragma once

#include <cstddef>
#include <string>

namespace tirconf::report {

struct TextLocation {
  int line = 1;
  int column = 1;
};

// The line and column (1-based) of byte `offset`.
TextLocation location_of_offset(const std::string &text, size_t offset);

// Where the value at JSON pointer `pointer` ("/files/3/rules") starts in well-formed `text`; the
// deepest existing value on the way when the pointer names something absent.
TextLocation locate_pointer(const std::string &text, const std::string &pointer);

} // namespace tirconf::report
