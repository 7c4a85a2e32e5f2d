// Small pieces for writing the report as text: HTML, SVG, words.
#pragma once

#include <string>
#include <string_view>

namespace tirconf::report {

// `s` with &, <, >, " and ' escaped: safe as element text and inside a quoted attribute.
std::string escape_html(std::string_view s);

// A number as text with at most `decimals` digits after the point ("12.5", "3").
std::string format_number(double v, int decimals);

// "1 campaign", "3 campaigns".
std::string count_of(size_t n, std::string_view noun);

} // namespace tirconf::report
