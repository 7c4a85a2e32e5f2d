// "Builtin Calls": the spec's core typing gives a Call only its declared dtype
// (type.expr.call.result) and defers builtins to a separate document; spec/rules/builtins.yaml is
// that document for the builtins ir/builtins.h knows. Here: each known builtin's argument count,
// argument datatypes and result datatype. Unknown ops are unchecked (unspec.builtin_unlisted is
// about their behavior, not their typing).
#include "ir/builtins.h"
#include "oracle/typecheck/typer.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

namespace {

enum class Sig : uint8_t {
  Any,         // tir.ret: any one value
  IfThenElse,  // bool scalar condition, two arms of one datatype
  BoolArg,     // tir.likely: a bool
  IntSame,     // bitwise and/or/xor: Int/UInt operands of one datatype
  IntArgs,     // bitwise_not, popcount, shifts: Int/UInt operands
  FloatMath,   // float math: Float/BFloat operands of one datatype
  Classify,    // isnan/isinf/isfinite: bool result with the argument's lanes
  Reinterpret, // reinterpret: same total bits (bits x lanes) as the declared dtype
  Ldexp,       // ldexp: a Float/BFloat value and an Int/UInt exponent
  Element,     // address_of: a BufferLoad of one element
  Scope,       // tvm_storage_sync: a storage scope name first
  AccessPtr,   // tvm_access_ptr: type_annotation(T), a handle, three integers
};

struct BuiltinRule {
  std::string_view op;
  const char *rule; // the builtin's own catalog entry
  Sig sig;
};

// Every builtin of ir/builtins.h with the catalog rule that defines it.
constexpr BuiltinRule kRules[] = {
    {"tir.ret", "builtin.ret", Sig::Any},
    {"tir.if_then_else", "builtin.if_then_else", Sig::IfThenElse},
    {"tir.likely", "builtin.likely", Sig::BoolArg},
    {"tir.assume", "builtin.assume", Sig::BoolArg},
    {"tir.reinterpret", "builtin.reinterpret", Sig::Reinterpret},
    {"tir.bitwise_and", "builtin.bitwise_and", Sig::IntSame},
    {"tir.bitwise_or", "builtin.bitwise_or", Sig::IntSame},
    {"tir.bitwise_xor", "builtin.bitwise_xor", Sig::IntSame},
    {"tir.bitwise_not", "builtin.bitwise_not", Sig::IntArgs},
    {"tir.shift_left", "builtin.shift_left", Sig::IntArgs},
    {"tir.shift_right", "builtin.shift_right", Sig::IntArgs},
    {"tir.popcount", "builtin.popcount", Sig::IntArgs},
    {"tir.clz", "builtin.clz", Sig::IntArgs},
    {"tir.address_of", "builtin.address_of", Sig::Element},
    {"tir.ignore_loop_partition", "builtin.ignore_loop_partition", Sig::BoolArg},
    {"tir.start_profile_intrinsic", "builtin.profile_intrinsic", Sig::IntArgs},
    {"tir.end_profile_intrinsic", "builtin.profile_intrinsic", Sig::IntArgs},
    {"tir.tvm_storage_sync", "builtin.storage_sync", Sig::Scope},
    {"tir.type_annotation", "builtin.type_annotation", Sig::Any},
    {"tir.tvm_access_ptr", "builtin.tvm_access_ptr", Sig::AccessPtr},
    {"tir.exp", "builtin.exp", Sig::FloatMath},
    {"tir.exp2", "builtin.exp2", Sig::FloatMath},
    {"tir.exp10", "builtin.exp10", Sig::FloatMath},
    {"tir.log", "builtin.log", Sig::FloatMath},
    {"tir.log2", "builtin.log2", Sig::FloatMath},
    {"tir.log10", "builtin.log10", Sig::FloatMath},
    {"tir.log1p", "builtin.log1p", Sig::FloatMath},
    {"tir.sqrt", "builtin.sqrt", Sig::FloatMath},
    {"tir.rsqrt", "builtin.rsqrt", Sig::FloatMath},
    {"tir.fabs", "builtin.fabs", Sig::FloatMath},
    {"tir.floor", "builtin.floor", Sig::FloatMath},
    {"tir.ceil", "builtin.ceil", Sig::FloatMath},
    {"tir.round", "builtin.round", Sig::FloatMath},
    {"tir.trunc", "builtin.trunc", Sig::FloatMath},
    {"tir.nearbyint", "builtin.nearbyint", Sig::FloatMath},
    {"tir.pow", "builtin.pow", Sig::FloatMath},
    {"tir.fmod", "builtin.fmod", Sig::FloatMath},
    {"tir.copysign", "builtin.copysign", Sig::FloatMath},
    {"tir.hypot", "builtin.hypot", Sig::FloatMath},
    {"tir.atan2", "builtin.atan2", Sig::FloatMath},
    {"tir.nextafter", "builtin.nextafter", Sig::FloatMath},
    {"tir.ldexp", "builtin.ldexp", Sig::Ldexp},
    {"tir.tanh", "builtin.tanh", Sig::FloatMath},
    {"tir.sigmoid", "builtin.sigmoid", Sig::FloatMath},
    {"tir.erf", "builtin.erf", Sig::FloatMath},
    {"tir.sin", "builtin.sin", Sig::FloatMath},
    {"tir.cos", "builtin.cos", Sig::FloatMath},
    {"tir.tan", "builtin.tan", Sig::FloatMath},
    {"tir.asin", "builtin.asin", Sig::FloatMath},
    {"tir.acos", "builtin.acos", Sig::FloatMath},
    {"tir.atan", "builtin.atan", Sig::FloatMath},
    {"tir.sinh", "builtin.sinh", Sig::FloatMath},
    {"tir.cosh", "builtin.cosh", Sig::FloatMath},
    {"tir.isnan", "builtin.isnan", Sig::Classify},
    {"tir.isinf", "builtin.isinf", Sig::Classify},
    {"tir.isfinite", "builtin.isfinite", Sig::Classify},
};

const BuiltinRule *find_rule(std::string_view op) {
  for (const auto &r : kRules)
    if (r.op == op)
      return &r;
  return nullptr;
}

} // namespace

void Typer::check_builtin(const CallNode *op) {
  const BuiltinInfo *info = find_builtin_by_op(op->op);
  const BuiltinRule *rule = find_rule(op->op);
  if (!info || !rule)
    return;
  const std::string &name = op->op;
  const auto &args = op->args;
  for (const auto &a : args)
    if (!a)
      return;
  // Argument count, under the builtin's own rule.
  if (!ctx_.require(info->accepts(args.size()), rule->rule, op->loc, [&] {
        return name + ": takes " + std::to_string(info->arity) + " argument" +
               (info->arity == 1 ? "" : "s") + ", got " + std::to_string(args.size());
      }))
    return;
  const char *result_rule = rule->rule;
  bool args_ok = true; // the result is only compared when the arguments are well-typed
  switch (rule->sig) {
  case Sig::Any:
    break;
  case Sig::IfThenElse: {
    // [builtin.if_then_else] a bool scalar condition and arms of one datatype.
    DataType c = args[0]->dtype, t = args[1]->dtype, f = args[2]->dtype;
    args_ok &= ctx_.require(is_bool_scalar(c), "builtin.if_then_else", op->loc, [&] {
      return name + ": condition is " + str(c) + ", not a bool scalar";
    });
    args_ok &= ctx_.require(t == f, "builtin.if_then_else", op->loc,
                            [&] { return name + ": arms are " + str(t) + " and " + str(f); });
    break;
  }
  case Sig::BoolArg:
    // [builtin.likely] [builtin.assume] [builtin.ignore_loop_partition] a bool argument.
    args_ok &= ctx_.require(is_bool(args[0]->dtype), rule->rule, op->loc, [&] {
      return name + ": argument is " + str(args[0]->dtype) + ", not bool";
    });
    break;
  case Sig::IntSame:
  case Sig::IntArgs:
    // [builtin.bitwise_and] [builtin.bitwise_or] [builtin.bitwise_xor] [builtin.bitwise_not]
    // [builtin.shift_left] [builtin.shift_right] [builtin.popcount] [builtin.clz]
    // [builtin.profile_intrinsic]: Int/UInt operands.
    for (size_t k = 0; k < args.size(); ++k)
      args_ok &= ctx_.require(args[k]->dtype.is_integer(), rule->rule, op->loc, [&] {
        return name + ": argument " + std::to_string(k) + " is " + str(args[k]->dtype) +
               ", not Int or UInt";
      });
    if (rule->sig == Sig::IntSame && args_ok)
      args_ok &= ctx_.require(args[0]->dtype == args[1]->dtype, rule->rule, op->loc, [&] {
        return name + ": operands are " + str(args[0]->dtype) + " and " + str(args[1]->dtype);
      });
    break;
  case Sig::FloatMath:
    // [builtin.math.typing] Float/BFloat arguments of one datatype, which is the result's.
    result_rule = "builtin.math.typing";
    for (size_t k = 0; k < args.size(); ++k)
      args_ok &= ctx_.require(args[k]->dtype.is_floating(), "builtin.math.typing", op->loc, [&] {
        return name + ": argument " + std::to_string(k) + " is " + str(args[k]->dtype) +
               ", not Float or BFloat";
      });
    for (size_t k = 1; k < args.size() && args_ok; ++k)
      args_ok &=
          ctx_.require(args[k]->dtype == args[0]->dtype, "builtin.math.typing", op->loc, [&] {
            return name + ": arguments are " + str(args[0]->dtype) + " and " + str(args[k]->dtype);
          });
    break;
  case Sig::Element: {
    // [builtin.address_of] the address of one element: a BufferLoad with scalar indices.
    const auto *load = ir::as<BufferLoadNode>(args[0]);
    args_ok &= ctx_.require(load && !load->predicate &&
                                (load->indices.empty() || load->indices.back()->dtype.lanes == 1),
                            rule->rule, op->loc,
                            [&] { return name + ": argument is not a load of one element"; });
    break;
  }
  case Sig::Scope:
    // [builtin.storage_sync] the storage scope it orders, named by a string.
    args_ok &= ctx_.require(!args.empty() && ir::as<StringImmNode>(args[0]), rule->rule, op->loc,
                            [&] { return name + ": the first argument is not a scope name"; });
    break;
  case Sig::AccessPtr: {
    // [builtin.tvm_access_ptr] the element type as a type_annotation call, the data handle, and
    // integer offset, extent and read/write mask.
    const auto *t = ir::as<CallNode>(args[0]);
    args_ok &= ctx_.require(t && t->op == "tir.type_annotation", rule->rule, op->loc, [&] {
      return name + ": the first argument is not a T.type_annotation";
    });
    args_ok &= ctx_.require(args[1]->dtype.is_handle(), rule->rule, op->loc,
                            [&] { return name + ": the data argument is not a handle"; });
    for (size_t k = 2; k < 5; ++k)
      args_ok &= ctx_.require(
          args[k]->dtype.is_integer() && args[k]->dtype.lanes == 1, rule->rule, op->loc,
          [&] { return name + ": argument " + std::to_string(k) + " is not an integer scalar"; });
    break;
  }
  case Sig::Classify:
    // [builtin.isnan] [builtin.isinf] [builtin.isfinite]: bool with the argument's lanes.
    break;
  case Sig::Reinterpret: {
    // [builtin.reinterpret] the same bit pattern seen as the declared dtype: equal total bits.
    DataType from = args[0]->dtype, to = op->dtype;
    args_ok &= ctx_.require(from.bits * from.lanes == to.bits * to.lanes, rule->rule, op->loc, [&] {
      return name + ": " + str(from) + " and " + str(to) + " differ in total bits";
    });
    break;
  }
  case Sig::Ldexp:
    // [builtin.ldexp] a Float/BFloat value scaled by an Int/UInt power of two; yields the value's
    // type.
    args_ok &= ctx_.require(args[0]->dtype.is_floating(), rule->rule, op->loc, [&] {
      return name + ": value is " + str(args[0]->dtype) + ", not Float or BFloat";
    });
    args_ok &= ctx_.require(args[1]->dtype.is_integer(), rule->rule, op->loc, [&] {
      return name + ": exponent is " + str(args[1]->dtype) + ", not Int or UInt";
    });
    break;
  }
  // The call's declared dtype is the one the builtin yields.
  if (auto expect = builtin_result_dtype(*info, args); expect && args_ok)
    ctx_.require(op->dtype == *expect, result_rule, op->loc, [&] {
      return name + ": declared dtype " + str(op->dtype) + " but it yields " + str(*expect);
    });
}

} // namespace tirconf::oracle::typecheck
