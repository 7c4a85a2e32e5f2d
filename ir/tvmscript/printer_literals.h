// Literal spellings shared by the TVMScript printer: Python's float repr and TVM's string escape.
#pragma once

#include <string>
#include <string_view>

namespace tirconf::ir {

// The shortest decimal that reads back to the same double, laid out as Python's repr() does
// ("0.1", "1e-05", "1e+16", "3.4028234663852886e+38", "2.0"). Deviation: TVM prints %.17g
// ("0.10000000000000001") or fixed notation for integral values; both read back to the same
// double, Python's form is shorter. Infinities and NaNs come back as "inf", "-inf", "nan",
// "-nan" (what TVM's ostream prints, to be wrapped in quotes: T.float32("inf")).
std::string python_float_repr(double v);

// A double-quoted string literal escaped as TVM's support::StrEscape does: \" \\ \t \r \n, other
// bytes outside printable ASCII as \xHH.
std::string python_str_literal(std::string_view s);

} // namespace tirconf::ir
