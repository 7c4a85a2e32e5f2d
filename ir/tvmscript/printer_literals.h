// Literal spellings shared by the TVMScript printer: Python's float repr and TVM's string escape.
#pragma once

#include <string>
#include <string_view>

namespace tirconf::ir {

// The shortest decimal that reads back to the same double, laid out as Python's repr() does
// ("0.1", "1e-05", "1e+16", "3.4028234663852886e+38", "2.0"). Infinities and NaNs come back as
// "inf", "-inf", "nan", "-nan".
std::string python_float_repr(double v);

// A float literal as TVM's PythonDocPrinter writes it: an integral value in fixed notation with
// one decimal ("2.0", "-0.0", "100000000000000000000.0"), any other with %.17g
// ("0.10000000000000001", "1.0000000000000001e-05"); both read back to the same double.
// Infinities and NaNs as its ostream writes them ("inf", "-nan"), to be wrapped in quotes:
// T.float32("inf").
std::string tvm_float_repr(double v);

// A double-quoted string literal escaped as TVM's support::StrEscape does: \" \\ \t \r \n, other
// bytes below 0x80 outside printable ASCII as \xHH. Deviation: TVM writes every byte of a UTF-8
// sequence as \xHH, which Python (and our reader) reads as one character each, so the text
// changes; we write the sequence's code point (\xHH, \uHHHH or \UHHHHHHHH), as Python's repr does.
std::string python_str_literal(std::string_view s);

} // namespace tirconf::ir
