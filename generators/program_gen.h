// The generators' entry point: a random IRModule (main plus helper PrimFuncs it calls) together
// with arguments for main, from a profile and a choice sequence. Same inputs, same program,
// byte for byte. Every program type-checks and, on its arguments, runs without any behaviour the
// spec leaves unspecified and without run-time errors: its oracle outcome is `ok`.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "generators/choices.h"
#include "generators/profile.h"
#include "ir/module.h"

namespace tirconf::gen {

// One argument of main in the test format (corpus/FORMAT.md `args`): literals as written.
struct ArgSpec {
  std::string name;
  bool is_tensor = false;
  ir::DataType dtype;
  std::vector<int64_t> shape;    // tensor
  std::vector<std::string> data; // tensor: flat row-major, vector lanes flat
  std::string scalar;            // scalar parameter
};

struct GeneratedProgram {
  ir::IRModule module;
  std::string entry = "main";
  std::vector<ArgSpec> args; // in parameter order
};

GeneratedProgram generate_program(ChoiceSource &choices, const Profile &profile);
GeneratedProgram generate_program(uint64_t seed, const Profile &profile);

// A datatype drawn by the profile's dtype weights (a vector one when `vectors` and the profile
// allows vectors).
ir::DataType generate_dtype(ChoiceSource &choices, const Profile &profile, bool vectors);
// A closed expression of dtype t (no free Vars, no buffers): constants, every operator, casts,
// Let, Select, builtins; evaluating it is free of unspecified behaviour and of errors.
ir::PrimExpr generate_expression(ChoiceSource &choices, const Profile &profile, ir::DataType t);

// A one-function module whose main stores `value` (an expression with no free Vars) into
// out[0]; how expression generators are run on their own.
ir::IRModule wrap_expression(const ir::PrimExpr &value);

} // namespace tirconf::gen
