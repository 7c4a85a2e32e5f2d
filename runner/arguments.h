// Turning a test case's args (or a `tirconf run` argument file) into the arguments of a
// PrimFunc call, and a case's expectation into the Outcome it expects.
#pragma once

#include <memory>
#include <optional>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/module.h"
#include "runner/testfile.h"
#include "runtime/argument.h"
#include "runtime/outcome.h"

namespace tirconf::runner {

// The tensors and scalars of one call. `args` points into `tensors`, so keep them together.
struct CallArguments {
  std::vector<runtime::NamedArray> tensors; // one per buffer parameter, named after it
  std::vector<runtime::Argument> args;      // one per parameter, in parameter order

  CallArguments() = default;
  CallArguments(const CallArguments &) = delete; // args hold pointers into tensors
  CallArguments(CallArguments &&) = default;
};

struct PreparedCall {
  std::unique_ptr<CallArguments> call; // null on error
  ir::Diagnostics errors;              // each names the file, location and field
};

// How arguments that do not fit the parameters are treated.
enum class ArgMatching {
  // `tirconf run`: every parameter needs exactly one value of its kind; anything else is bad
  // input, reported with the field.
  Strict,
  // Conformance tests of PrimFunc invocation: the arguments are passed as written (missing ones
  // left out, unknown ones appended, a scalar where a tensor is expected and vice versa), so
  // that the implementation's own binding checks (bind.*) decide.
  AsWritten,
};

// Matches `args` to the parameters of `func` by name (arg_name or the Var's name): a buffer
// parameter takes {dtype, shape[, data]}, a scalar parameter a literal of its dtype.
PreparedCall prepare_call(const ir::PrimFuncNode &func, const std::vector<Arg> &args,
                          const std::string &path, ArgMatching matching = ArgMatching::Strict);

// The outcome `expect` describes, with buffer dtypes and shapes taken from the case's arguments
// and the return value typed by the function's ret_type. Errors name the field.
struct ExpectedOutcome {
  std::optional<runtime::Outcome> outcome;
  ir::Diagnostics errors;
};
ExpectedOutcome expected_outcome(const ir::PrimFuncNode &func, const TestCase &c,
                                 const std::string &path);

} // namespace tirconf::runner
