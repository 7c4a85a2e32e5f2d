// The operator functions and intrinsics of tvm.tir.op (T.min, T.floordiv, T.if_then_else,
// T.abs, T.assume, T.call_extern, the math builtins, ...). Unlike the node constructors, these
// match their operands' dtypes first (BinaryOpMatchTypes) and some fold constants.
#include <cmath>
#include <limits>
#include <optional>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// ---------------------------------------------------------------- operator functions

// T.min(a, b), T.floordiv(a, b), ...: the node of the matched operands.
template <ExprKind K> Value binary_op(CallSite &c) {
  Params p = c.bind({"a", "b"});
  auto [a, b] = c.b.match_operands(c.required(p[0], "a"), c.required(p[1], "b"), c.loc);
  return c.expr(make_binary(K, a, b, c.loc));
}

Value ret_op(CallSite &c) {
  Params p = c.bind({"val"});
  PrimExpr v = c.b.to_prim(c.required(p[0], "val"), c.loc);
  return c.expr(builtin_call("tir.ret", {v}, c.loc));
}

Value if_then_else_op(CallSite &c) {
  Params p = c.bind({"cond", "t", "f"});
  PrimExpr cond = cond_of(c.b, c.required(p[0], "cond"), c.loc);
  auto [t, f] = c.b.match_operands(c.required(p[1], "t"), c.required(p[2], "f"), c.loc);
  return c.expr(builtin_call("tir.if_then_else", {cond, t, f}, c.loc));
}

// tvm::abs: Select(x >= 0, x, 0 - x) on ints, tir.fabs on floats, x on uints.
Value abs_op(CallSite &c) {
  Params p = c.bind({"x"});
  PrimExpr x = c.b.to_prim(c.required(p[0], "x"), c.loc);
  DataType t = x->dtype;
  if (t.is_int()) {
    if (auto *imm = as<IntImmNode>(x)) {
      if (imm->value == std::numeric_limits<int64_t>::min())
        return c.expr(x);
      return c.expr(make_int(t, imm->value < 0 ? -imm->value : imm->value, c.loc));
    }
    PrimExpr zero = make_int(t.element_of(), 0, c.loc);
    if (t.lanes > 1)
      zero = std::make_shared<BroadcastNode>(zero, t.lanes, c.loc);
    return c.expr(std::make_shared<SelectNode>(make_binary(ExprKind::GE, x, zero, c.loc), x,
                                               make_binary(ExprKind::Sub, zero, x, c.loc), c.loc));
  }
  if (t.is_floating()) {
    if (auto *f = as<FloatImmNode>(x))
      return c.expr(float_imm(t, std::fabs(f->value), c.loc));
    return c.expr(builtin_call("tir.fabs", {x}, c.loc));
  }
  if (t.is_uint())
    return c.expr(x);
  fail(c.loc, "Data type " + to_string(t) + " not supported for absolute op");
}

// ---------------------------------------------------------------- intrinsics
// Builtins whose TVM signature is not "same dtype as the first argument" (tvm/tir/op.py); the
// Call is built as TVM builds it and ir/builtins.h / the checker judge the op.

Value assume_op(CallSite &c) {
  Params p = c.bind({"cond"});
  PrimExpr cond = cond_of(c.b, c.required(p[0], "cond"), c.loc);
  return c.expr(std::make_shared<CallNode>(DataType::Bool(), "tir.assume", nullptr,
                                           std::vector<PrimExpr>{cond}, c.loc));
}

// call_intrin(x1.dtype, op, x1, x2): no operand matching.
Value first_operand_dtype(CallSite &c, const char *op) {
  Params p = c.bind({"x1", "x2"});
  PrimExpr x1 = c.b.to_prim(c.required(p[0], "x1"), c.loc);
  PrimExpr x2 = c.b.to_prim(c.required(p[1], "x2"), c.loc);
  return c.expr(
      std::make_shared<CallNode>(x1->dtype, op, nullptr, std::vector<PrimExpr>{x1, x2}, c.loc));
}
Value nextafter_op(CallSite &c) {
  return first_operand_dtype(c, "tir.nextafter");
}
Value ldexp_op(CallSite &c) {
  return first_operand_dtype(c, "tir.ldexp");
}

// Call(dtype, tir.call_extern, [func_name, *args]); dtype first (or dtype=).
Value extern_call(CallSite &c, const char *op) {
  const std::string &fn = c.fn;
  if (c.args.args.empty() && c.args.kwargs.empty())
    fail(c.loc, "T." + fn + "() needs a dtype and a function name");
  std::vector<Value> pos = c.args.args;
  const Value *dt = nullptr;
  for (const auto &[k, v] : c.args.kwargs) {
    if (k != "dtype")
      fail(loc_of(v, c.loc),
           "T." + fn + "() got an unexpected keyword argument '" + std::string(k) + "'");
    dt = &v;
  }
  Value dtype_value;
  if (!dt) {
    if (pos.empty())
      fail(c.loc, "T." + fn + "() needs a dtype");
    dtype_value = pos.front();
    pos.erase(pos.begin());
    dt = &dtype_value;
  }
  DataType t = dtype_of(*dt, c.loc);
  if (pos.empty())
    fail(c.loc, "T." + fn + "() needs a function name");
  std::vector<PrimExpr> a;
  for (const Value &v : pos)
    a.push_back(c.b.to_prim(v, loc_of(v, c.loc)));
  return c.expr(std::make_shared<CallNode>(t, op, nullptr, std::move(a), c.loc));
}
Value call_extern_op(CallSite &c) {
  return extern_call(c, "tir.call_extern");
}
Value call_pure_extern_op(CallSite &c) {
  return extern_call(c, "tir.call_pure_extern");
}

// T.call_intrin(dtype, "tir.name", *args): the Call as written, no operand matching or folding
// (tvm.tir.call_intrin). The printer writes a builtin this way where T.<name> would not build
// the same Call.
Value call_intrin_op(CallSite &c) {
  for (const auto &[k, v] : c.args.kwargs)
    fail(loc_of(v, c.loc),
         "T.call_intrin() got an unexpected keyword argument '" + std::string(k) + "'");
  if (c.args.args.size() < 2)
    fail(c.loc, "T.call_intrin() needs a dtype and an op name");
  DataType t = dtype_of(c.args.args[0], c.loc);
  std::string op = str_of(c.args.args[1], "the op name", c.loc);
  std::vector<PrimExpr> a;
  for (size_t i = 2; i < c.args.args.size(); ++i)
    a.push_back(c.b.to_prim(c.args.args[i], loc_of(c.args.args[i], c.loc)));
  return c.expr(std::make_shared<CallNode>(t, std::move(op), nullptr, std::move(a), c.loc));
}

constexpr CallEntry kOperatorCalls[] = {
    {"min", binary_op<ExprKind::Min>},
    {"max", binary_op<ExprKind::Max>},
    {"truncdiv", binary_op<ExprKind::Div>},
    {"truncmod", binary_op<ExprKind::Mod>},
    {"floordiv", binary_op<ExprKind::FloorDiv>},
    {"floormod", binary_op<ExprKind::FloorMod>},
    {"ret", ret_op},
    {"if_then_else", if_then_else_op},
    {"abs", abs_op},
    {"fabs", abs_op},
};

constexpr CallEntry kIntrinsicCalls[] = {
    {"assume", assume_op},
    {"nextafter", nextafter_op},
    {"ldexp", ldexp_op},
    {"call_extern", call_extern_op},
    {"call_pure_extern", call_pure_extern_op},
    {"call_intrin", call_intrin_op},
};

} // namespace

// _op_wrapper: the catalogued arity, dtype= dropped, two operands matched.
Value catalog_builtin(CallSite &c, const BuiltinInfo &info) {
  const std::string &fn = c.fn;
  // _op_wrapper drops dtype=; nothing else is accepted.
  for (const auto &[k, v] : c.args.kwargs)
    if (k != "dtype")
      fail(loc_of(v, c.loc),
           "T." + fn + "() got an unexpected keyword argument '" + std::string(k) + "'");
  if (static_cast<int>(c.args.args.size()) != info.arity)
    fail(c.loc, "T." + fn + "() takes " + std::to_string(info.arity) + " argument(s), got " +
                    std::to_string(c.args.args.size()));
  std::vector<PrimExpr> a;
  if (info.arity == 2) {
    auto [x, y] = c.b.match_operands(c.args.args[0], c.args.args[1], c.loc);
    a = {x, y};
  } else {
    for (const Value &v : c.args.args)
      a.push_back(c.b.to_prim(v, loc_of(v, c.loc)));
  }
  // tvm::likely returns a constant condition itself (src/tir/op/op.cc).
  if (info.op == "tir.likely" && as<IntImmNode>(a[0]))
    return c.expr(a[0]);
  return c.expr(builtin_call(info.op, std::move(a), c.loc));
}

// TVM's builtins outside the spec: the Call as tvm/tir/op.py builds it, no operand matching; the
// dtype, where the call names one, first (or `dtype=`) or, for tvm_struct_get, last.
Value tvm_builtin(CallSite &c, const BuiltinInfo &info) {
  const std::string &fn = c.fn;
  std::vector<Value> pos = c.args.args;
  std::optional<Value> dtype_value;
  for (const auto &[k, v] : c.args.kwargs) {
    if (k != "dtype")
      fail(loc_of(v, c.loc),
           "T." + fn + "() got an unexpected keyword argument '" + std::string(k) + "'");
    dtype_value = v;
  }
  bool explicit_dtype =
      info.result == BuiltinResult::ExplicitFirst || info.result == BuiltinResult::ExplicitLast;
  if (explicit_dtype && !dtype_value) {
    if (pos.empty())
      fail(c.loc, "T." + fn + "() needs a dtype");
    if (info.result == BuiltinResult::ExplicitFirst) {
      dtype_value = pos.front();
      pos.erase(pos.begin());
    } else {
      dtype_value = pos.back();
      pos.pop_back();
    }
  }
  if (!info.accepts(pos.size()))
    fail(c.loc, "T." + fn + "() takes " + std::to_string(info.arity) + " argument(s), got " +
                    std::to_string(pos.size()));
  std::vector<PrimExpr> a;
  for (const Value &v : pos)
    a.push_back(c.b.to_prim(v, loc_of(v, c.loc)));
  if (explicit_dtype) {
    DataType t = dtype_of(*dtype_value, c.loc);
    return c.expr(
        std::make_shared<CallNode>(t, std::string(info.op), nullptr, std::move(a), c.loc));
  }
  return c.expr(builtin_call(info.op, std::move(a), c.loc));
}

std::span<const CallEntry> operator_calls() {
  return kOperatorCalls;
}
std::span<const CallEntry> intrinsic_calls() {
  return kIntrinsicCalls;
}

} // namespace tirconf::ir::script
