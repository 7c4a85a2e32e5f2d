// The builtin Ops the IR knows by name: how TVMScript spells them and how a call's dtype follows
// from its arguments. Semantics live in the oracle (and in spec/rules/builtins.yaml), not here.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ir/expr.h"

namespace tirconf::ir {

enum class BuiltinResult : uint8_t {
  SameAsFirstArg,   // math and bitwise builtins, tir.ret, tir.likely
  SameAsSecondArg,  // tir.if_then_else(cond, t, f)
  BoolOfFirstArg,   // isnan/isinf/isfinite: bool with the argument's lanes
};

struct BuiltinInfo {
  std::string_view op;      // "tir.sqrt"
  std::string_view script;  // "sqrt", as in T.sqrt
  int arity;                // number of arguments
  BuiltinResult result;
};

const std::vector<BuiltinInfo>& builtin_table();
const BuiltinInfo* find_builtin_by_op(std::string_view op);
const BuiltinInfo* find_builtin_by_script(std::string_view script_name);

// The dtype a call of `info` with these args has; nullopt if there are too few args.
std::optional<DataType> builtin_result_dtype(const BuiltinInfo& info,
                                             const std::vector<PrimExpr>& args);

inline constexpr std::string_view kRetOp = "tir.ret";

}  // namespace tirconf::ir
