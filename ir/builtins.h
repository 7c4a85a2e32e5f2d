// The builtin Ops the IR knows by name: how TVMScript spells them and how a call's dtype follows
// from its arguments. Semantics live in the oracle (and in spec/rules/builtins.yaml), not here.
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "ir/expr.h"

namespace tirconf::ir {

enum class BuiltinResult : uint8_t {
  SameAsFirstArg,  // math and bitwise builtins, tir.ret, tir.likely
  SameAsSecondArg, // tir.if_then_else(cond, t, f)
  BoolOfFirstArg,  // isnan/isinf/isfinite: bool with the argument's lanes
  Bool,            // tir.assume: a bool scalar, whatever the argument
  // The dtype is an explicit argument of the TVMScript call, written before the others
  // (`T.reinterpret("float32", x)`, `T.call_extern("int32", "f", x)`): TVM's
  // TScriptDtypePrintLocation::kFirst. It is not part of the Call's args, and no rule derives it.
  ExplicitFirst,
  // The same, written after the others (`T.tvm_struct_get(arr, 0, 5, "int32")`): kLast.
  ExplicitLast,
  // One dtype whatever the arguments (BuiltinInfo::fixed): `T.address_of(A[0])` is a handle.
  Fixed,
};

// The arity of call_extern / call_pure_extern: the function name (a StringImm), then any number
// of arguments.
inline constexpr int kVariadic = -1;
// Any number of arguments, none included (`T.tvm_stack_make_shape()`, TVM's builtins outside
// the spec whose arity the reader does not judge).
inline constexpr int kAnyArity = -2;

struct BuiltinInfo {
  std::string_view op;     // "tir.sqrt"
  std::string_view script; // "sqrt", as in T.sqrt
  int arity;               // number of arguments (the Call's args), kVariadic or kAnyArity
  BuiltinResult result;
  DataType fixed{}; // the result when `result` is Fixed
  // Whether the spec lists this builtin. TVM's others (GPU intrinsics, packed calls, address_of,
  // ...) are read and printed as TVM does; the checker does not judge their arguments and the
  // oracle runs only those it has a rule of its own for.
  bool in_spec = true;

  bool variadic() const { return arity < 0; }
  // Whether a Call of this builtin with `n` args has the right number of them.
  bool accepts(size_t n) const {
    if (arity == kAnyArity)
      return true;
    return variadic() ? n >= 1 : n == static_cast<size_t>(arity);
  }
};

// The spec's builtins, then TVM's others (tvm/tir/op.py: their names, arities and dtypes).
const std::vector<BuiltinInfo> &builtin_table();
const BuiltinInfo *find_builtin_by_op(std::string_view op);
const BuiltinInfo *find_builtin_by_script(std::string_view script_name);

// The dtype a call of `info` with these args has; nullopt if there are too few args, or if the
// dtype is not derived from the args (ExplicitFirst).
std::optional<DataType> builtin_result_dtype(const BuiltinInfo &info,
                                             const std::vector<PrimExpr> &args);

inline constexpr std::string_view kRetOp = "tir.ret";

} // namespace tirconf::ir
