// Conformance test files (corpus/FORMAT.md): one TVMScript file whose module docstring is
// YAML front matter naming the rules tested, the arguments and the expected outcome.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/module.h"

namespace tirconf::runner {

// A value in front matter, kept as written ("1.5", "nan", "true", "-7") until the interpreter
// gives it a dtype.
using Literal = std::string;

struct TensorArg {
  ir::DataType dtype;
  std::vector<int64_t> shape;
  std::vector<Literal> data; // flat row-major, lanes flat; empty: zero-filled
  bool has_data = false;
};

struct Arg {
  std::string name;
  bool is_tensor = false;
  TensorArg tensor; // when is_tensor
  Literal scalar;   // otherwise
  ir::SourceLoc loc;
};

struct Expectation {
  enum class Kind { Values, Invalid, Error, Unspecified };
  Kind kind = Kind::Values;
  std::string outcome_class; // Error: divide-by-zero|assert|binding|limit; Unspecified: ...|any
  std::vector<std::pair<std::string, std::vector<Literal>>> buffers; // Values
  std::optional<Literal> return_value;                               // Values
  std::optional<int> tolerance_ulp;
  ir::SourceLoc loc;
};

struct TestCase {
  std::vector<Arg> args;
  Expectation expect;
  ir::SourceLoc loc;
};

struct TestFile {
  std::string path;
  std::string description;
  std::vector<std::string> rules;
  std::string func; // entry PrimFunc; resolved default when absent
  std::vector<TestCase> cases;
  bool has_front_matter = false;
  bool expects_invalid() const {
    return !cases.empty() && cases.front().expect.kind == Expectation::Kind::Invalid;
  }
};

const std::vector<std::string> &error_classes();       // divide-by-zero, assert, binding, limit
const std::vector<std::string> &unspecified_classes(); // out-of-bounds, ..., any

// Parses front matter. `docstring_loc` is where the docstring's text starts in the file, so that
// diagnostics point into the file. Returns diagnostics naming the field on malformed input.
struct FrontMatterResult {
  TestFile file;
  ir::Diagnostics diagnostics;
};
FrontMatterResult parse_front_matter(const std::string &path, const std::string &docstring,
                                     ir::SourceLoc docstring_loc);

// Parses a standalone argument file for `tirconf run`: JSON (or YAML) mapping parameter names
// to values exactly as a test case's `args`, optionally wrapped as {"args": {...}}.
struct ArgsResult {
  std::vector<Arg> args;
  ir::Diagnostics diagnostics;
};
ArgsResult parse_args_document(const std::string &path, const std::string &text);

// The entry function a test file means: `func` if given, else the only function, else "main".
std::string entry_function(const TestFile &t, const ir::IRModule &m);

} // namespace tirconf::runner
