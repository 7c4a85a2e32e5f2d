#include "ir/builtins.h"

namespace tirconf::ir {

const std::vector<BuiltinInfo> &builtin_table() {
  using R = BuiltinResult;
  static const std::vector<BuiltinInfo> table = {
      {"tir.ret", "ret", 1, R::SameAsFirstArg},
      {"tir.if_then_else", "if_then_else", 3, R::SameAsSecondArg},
      {"tir.likely", "likely", 1, R::SameAsFirstArg},
      {"tir.bitwise_and", "bitwise_and", 2, R::SameAsFirstArg},
      {"tir.bitwise_or", "bitwise_or", 2, R::SameAsFirstArg},
      {"tir.bitwise_xor", "bitwise_xor", 2, R::SameAsFirstArg},
      {"tir.bitwise_not", "bitwise_not", 1, R::SameAsFirstArg},
      {"tir.shift_left", "shift_left", 2, R::SameAsFirstArg},
      {"tir.shift_right", "shift_right", 2, R::SameAsFirstArg},
      {"tir.popcount", "popcount", 1, R::SameAsFirstArg},
      {"tir.exp", "exp", 1, R::SameAsFirstArg},
      {"tir.exp2", "exp2", 1, R::SameAsFirstArg},
      {"tir.exp10", "exp10", 1, R::SameAsFirstArg},
      {"tir.log", "log", 1, R::SameAsFirstArg},
      {"tir.log2", "log2", 1, R::SameAsFirstArg},
      {"tir.log10", "log10", 1, R::SameAsFirstArg},
      {"tir.log1p", "log1p", 1, R::SameAsFirstArg},
      {"tir.sqrt", "sqrt", 1, R::SameAsFirstArg},
      {"tir.rsqrt", "rsqrt", 1, R::SameAsFirstArg},
      {"tir.fabs", "fabs", 1, R::SameAsFirstArg},
      {"tir.floor", "floor", 1, R::SameAsFirstArg},
      {"tir.ceil", "ceil", 1, R::SameAsFirstArg},
      {"tir.round", "round", 1, R::SameAsFirstArg},
      {"tir.trunc", "trunc", 1, R::SameAsFirstArg},
      {"tir.nearbyint", "nearbyint", 1, R::SameAsFirstArg},
      {"tir.pow", "pow", 2, R::SameAsFirstArg},
      {"tir.fmod", "fmod", 2, R::SameAsFirstArg},
      {"tir.copysign", "copysign", 2, R::SameAsFirstArg},
      {"tir.hypot", "hypot", 2, R::SameAsFirstArg},
      {"tir.atan2", "atan2", 2, R::SameAsFirstArg},
      {"tir.tanh", "tanh", 1, R::SameAsFirstArg},
      {"tir.sigmoid", "sigmoid", 1, R::SameAsFirstArg},
      {"tir.erf", "erf", 1, R::SameAsFirstArg},
      {"tir.sin", "sin", 1, R::SameAsFirstArg},
      {"tir.cos", "cos", 1, R::SameAsFirstArg},
      {"tir.tan", "tan", 1, R::SameAsFirstArg},
      {"tir.asin", "asin", 1, R::SameAsFirstArg},
      {"tir.acos", "acos", 1, R::SameAsFirstArg},
      {"tir.atan", "atan", 1, R::SameAsFirstArg},
      {"tir.sinh", "sinh", 1, R::SameAsFirstArg},
      {"tir.cosh", "cosh", 1, R::SameAsFirstArg},
      {"tir.isnan", "isnan", 1, R::BoolOfFirstArg},
      {"tir.isinf", "isinf", 1, R::BoolOfFirstArg},
      {"tir.isfinite", "isfinite", 1, R::BoolOfFirstArg},
      // tvm/tir/op.py builds these with an explicit dtype (call_intrin / call_extern); the
      // reader builds them as TVM does (builder_calls.cc), not through builtin_call.
      {"tir.reinterpret", "reinterpret", 1, R::ExplicitFirst},
      {"tir.call_extern", "call_extern", kVariadic, R::ExplicitFirst},
      {"tir.call_pure_extern", "call_pure_extern", kVariadic, R::ExplicitFirst},
      {"tir.assume", "assume", 1, R::Bool},
      {"tir.ldexp", "ldexp", 2, R::SameAsFirstArg},
      {"tir.nextafter", "nextafter", 2, R::SameAsFirstArg},
  };
  return table;
}

const BuiltinInfo *find_builtin_by_op(std::string_view op) {
  for (const auto &b : builtin_table())
    if (b.op == op)
      return &b;
  return nullptr;
}

const BuiltinInfo *find_builtin_by_script(std::string_view script_name) {
  for (const auto &b : builtin_table())
    if (b.script == script_name)
      return &b;
  return nullptr;
}

std::optional<DataType> builtin_result_dtype(const BuiltinInfo &info,
                                             const std::vector<PrimExpr> &args) {
  switch (info.result) {
  case BuiltinResult::SameAsFirstArg:
    if (args.empty())
      return std::nullopt;
    return args[0]->dtype;
  case BuiltinResult::SameAsSecondArg:
    if (args.size() < 2)
      return std::nullopt;
    return args[1]->dtype;
  case BuiltinResult::BoolOfFirstArg:
    if (args.empty())
      return std::nullopt;
    return DataType::Bool(args[0]->dtype.lanes);
  case BuiltinResult::Bool:
    return DataType::Bool();
  case BuiltinResult::ExplicitFirst:
    return std::nullopt;
  }
  return std::nullopt;
}

} // namespace tirconf::ir
