// Small pieces for writing HTML and SVG as text.
#pragma once

#include <string>
#include <string_view>

namespace tirconf::report {

// `s` with &, <, >, " and ' escaped: safe as element text and inside a quoted attribute.
std::string escape_html(std::string_view s);

// A number as text with at most `decimals` digits after the point ("12.5", "3").
std::string format_number(double v, int decimals);

} // namespace tirconf::report
