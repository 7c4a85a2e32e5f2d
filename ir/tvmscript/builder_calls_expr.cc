// Scalar dtype constructors (T.int32(), T.handle(...)), the expression node constructors of
// tvm.tir.expr (T.Add, T.Cast, T.Ramp, ...; no constant folding) and the casts.
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// ---------------------------------------------------------------- scalar dtype constructors

// T.handle(), or T.handle("float32", "shared") for a pointer.
Value handle_var(CallSite &c) {
  Params p = c.bind({"dtype", "storage_scope", "is_size_var"}, 2);
  Type t = Type::Prim(DataType::Handle());
  if (given(p[0])) {
    std::string scope = given(p[1]) ? str_of(*p[1], "storage_scope", c.loc) : "global";
    DataType elem = p[0]->kind == Value::Kind::Tir && dtype_from_name(p[0]->s)
                        ? *dtype_from_name(p[0]->s)
                        : dtype_of(*p[0], c.loc);
    t = Type::Pointer(Type::Prim(elem), scope);
  }
  return c.expr(make_var(c.hint(), t, c.loc));
}

Value void_var(CallSite &c) {
  Params p = c.bind({"expr", "is_size_var"}, 1);
  if (given(p[0]))
    fail(c.loc, "T.void(x) is not supported");
  return c.expr(make_var(c.hint(), Type::Tuple(), c.loc));
}

// ---------------------------------------------------------------- expression node constructors

Value cast_node(CallSite &c) {
  Params p = c.bind({"dtype", "value"});
  DataType t = dtype_of(c.required(p[0], "dtype"), c.loc);
  return c.expr(
      std::make_shared<CastNode>(t, c.b.to_prim(c.required(p[1], "value"), c.loc), c.loc));
}

Value select_node(CallSite &c) {
  Params p = c.bind({"condition", "true_value", "false_value"});
  PrimExpr cond = cond_of(c.b, c.required(p[0], "condition"), c.loc);
  PrimExpr t = c.b.to_prim(c.required(p[1], "true_value"), c.loc);
  PrimExpr f = c.b.to_prim(c.required(p[2], "false_value"), c.loc);
  return c.expr(std::make_shared<SelectNode>(cond, t, f, c.loc));
}

Value ramp_node(CallSite &c) {
  Params p = c.bind({"base", "stride", "lanes"});
  PrimExpr base = c.b.to_prim(c.required(p[0], "base"), c.loc);
  const Value &sv = c.required(p[1], "stride");
  PrimExpr stride =
      sv.is_number() ? c.b.adapt_literal(sv, base->dtype, c.loc) : c.b.to_prim(sv, c.loc);
  if (stride->dtype != base->dtype && (as<IntImmNode>(stride) || as<FloatImmNode>(stride)))
    stride = cast_to(base->dtype, stride, c.loc);
  return c.expr(
      std::make_shared<RampNode>(base, stride, lanes_of(c.required(p[2], "lanes"), c.loc), c.loc));
}

Value broadcast_node(CallSite &c) {
  Params p = c.bind({"value", "lanes"});
  PrimExpr v = c.b.to_prim(c.required(p[0], "value"), c.loc);
  return c.expr(
      std::make_shared<BroadcastNode>(v, lanes_of(c.required(p[1], "lanes"), c.loc), c.loc));
}

Value shuffle_node(CallSite &c) {
  Params p = c.bind({"vectors", "indices"});
  std::vector<PrimExpr> vecs = expr_list(c.b, c.required(p[0], "vectors"), "a vector", c.loc);
  std::vector<PrimExpr> idx = expr_list(c.b, c.required(p[1], "indices"), "a lane index", c.loc);
  if (idx.size() > 65535)
    fail(c.loc, "T.Shuffle takes at most 65535 indices");
  // An empty shuffle is representable (the checker rejects it: type.expr.shuffle.nonempty).
  DataType elem = vecs.empty() ? DataType::Int(32) : vecs[0]->dtype.element_of();
  DataType t = elem.with_lanes(std::max<int>(1, static_cast<int>(idx.size())));
  return c.expr(std::make_shared<ShuffleNode>(t, std::move(vecs), std::move(idx), c.loc));
}

// T.Add(a, b), T.EQ(a, b), ...: the node as written, operands unconverted.
template <ExprKind K> Value binary_node(CallSite &c) {
  Params p = c.bind({"a", "b"});
  PrimExpr a = c.b.to_prim(c.required(p[0], "a"), c.loc);
  PrimExpr b = c.b.to_prim(c.required(p[1], "b"), c.loc);
  return c.expr(make_binary(K, a, b, c.loc));
}

Value not_node(CallSite &c) {
  Params p = c.bind({"a"});
  return c.expr(std::make_shared<NotNode>(cond_of(c.b, c.required(p[0], "a"), c.loc), c.loc));
}

// T.IntImm(dtype, value) / T.FloatImm(dtype, value). Deviation: TVM's constructors reject a
// non-int IntImm / non-float FloatImm / vector dtype; we build the node as written and leave it
// to the checker (type.expr.intimm.*).
const Value &imm_operands(CallSite &c, DataType &t) {
  Params p = c.bind({"dtype", "value"});
  t = dtype_of(c.required(p[0], "dtype"), c.loc);
  const Value &v = c.required(p[1], "value");
  if (!v.is_number())
    fail(loc_of(v, c.loc), "T." + c.fn + " expects a number");
  return v;
}

Value int_imm_node(CallSite &c) {
  DataType t;
  const Value &v = imm_operands(c, t);
  __int128 x = v.kind == Value::Kind::Float
                   ? static_cast<__int128>(std::isfinite(v.f) && std::fabs(v.f) < 9e18 ? v.f : 0)
                   : (v.kind == Value::Kind::Bool ? v.b : v.i);
  if (x < std::numeric_limits<int64_t>::min() || x > std::numeric_limits<int64_t>::max())
    fail(loc_of(v, c.loc), "integer constant does not fit in int64");
  return c.expr(make_int(t, static_cast<int64_t>(x), c.loc));
}

Value float_imm_node(CallSite &c) {
  DataType t;
  const Value &v = imm_operands(c, t);
  double x = v.kind == Value::Kind::Float
                 ? v.f
                 : static_cast<double>(v.kind == Value::Kind::Bool ? v.b : v.i);
  return c.expr(float_imm(t, x, c.loc));
}

Value string_imm_node(CallSite &c) {
  Params p = c.bind({"value"});
  return c.expr(
      std::make_shared<StringImmNode>(str_of(c.required(p[0], "value"), "value", c.loc), c.loc));
}

Value var_node(CallSite &c, const Arg &name, const Arg &dtype) {
  std::string n = given(name) ? str_of(*name, "name", c.loc) : c.hint();
  return c.expr(make_var(n, dtype_of(c.required(dtype, "dtype"), c.loc), c.loc));
}
// tvm.tir.Var(name, dtype)
Value var_class(CallSite &c) {
  Params p = c.bind({"name", "dtype"});
  return var_node(c, p[0], p[1]);
}
// T.var(dtype, name)
Value var_function(CallSite &c) {
  Params p = c.bind({"dtype", "name"});
  return var_node(c, p[1], p[0]);
}

// T.Let(body, where={v: value})
Value let_node(CallSite &c) {
  Params p = c.bind({"expr", "where"});
  PrimExpr body = c.b.to_prim(c.required(p[0], "expr"), c.loc);
  const Value &where = c.required(p[1], "where");
  if (where.kind != Value::Kind::Dict || where.elements().size() != 2)
    fail(loc_of(where, c.loc), "T.Let only allows `where` to have exactly one element");
  Var v = cast<VarNode>(c.b.to_prim(where.elements()[0], c.loc));
  if (!v)
    fail(loc_of(where, c.loc), "the key of T.Let's `where` must be a Var");
  PrimExpr value = c.b.to_prim(where.elements()[1], c.loc);
  return c.expr(std::make_shared<LetNode>(v, value, body, c.loc));
}

// ---------------------------------------------------------------- casts

// tvm::cast, which folds constants (T.Cast builds the node as written).
Value cast_op(CallSite &c) {
  Params p = c.bind({"value", "dtype"});
  DataType t = dtype_of(c.required(p[1], "dtype"), c.loc);
  return c.expr(cast_to(t, c.b.to_prim(c.required(p[0], "value"), c.loc), c.loc));
}

// _dtype_forward: T.reinterpret("float32", x) or T.reinterpret(x, dtype="float32").
Value reinterpret_op(CallSite &c) {
  Params p = c.bind({"dtype", "value"});
  DataType t = dtype_of(c.required(p[0], "dtype"), c.loc);
  PrimExpr v = c.b.to_prim(c.required(p[1], "value"), c.loc);
  if (v->dtype == t)
    return c.expr(v); // tvm::reinterpret returns the value itself
  return c.expr(
      std::make_shared<CallNode>(t, "tir.reinterpret", nullptr, std::vector<PrimExpr>{v}, c.loc));
}

constexpr CallEntry kDtypeCalls[] = {
    {"handle", handle_var},
    {"void", void_var},
};

constexpr CallEntry kExprNodeCalls[] = {
    {"Cast", cast_node},
    {"Select", select_node},
    {"Ramp", ramp_node},
    {"ramp", ramp_node},
    {"Broadcast", broadcast_node},
    {"broadcast", broadcast_node},
    {"Shuffle", shuffle_node},
    {"Add", binary_node<ExprKind::Add>},
    {"Sub", binary_node<ExprKind::Sub>},
    {"Mul", binary_node<ExprKind::Mul>},
    {"Div", binary_node<ExprKind::Div>},
    {"Mod", binary_node<ExprKind::Mod>},
    {"FloorDiv", binary_node<ExprKind::FloorDiv>},
    {"FloorMod", binary_node<ExprKind::FloorMod>},
    {"Min", binary_node<ExprKind::Min>},
    {"Max", binary_node<ExprKind::Max>},
    {"EQ", binary_node<ExprKind::EQ>},
    {"NE", binary_node<ExprKind::NE>},
    {"LT", binary_node<ExprKind::LT>},
    {"LE", binary_node<ExprKind::LE>},
    {"GT", binary_node<ExprKind::GT>},
    {"GE", binary_node<ExprKind::GE>},
    {"And", binary_node<ExprKind::And>},
    {"Or", binary_node<ExprKind::Or>},
    {"Not", not_node},
    {"IntImm", int_imm_node},
    {"FloatImm", float_imm_node},
    {"StringImm", string_imm_node},
    {"Var", var_class},
    {"var", var_function},
    {"Let", let_node},
};

constexpr CallEntry kCastCalls[] = {
    {"cast", cast_op},
    {"reinterpret", reinterpret_op},
};

} // namespace

// The dtype constructors of ir.py's func_gen: T.int32() declares a Var (named by the
// assignment), T.int32(x) converts x.
Value scalar_constructor(CallSite &c, DataType dt) {
  Params p = c.bind({"expr", "is_size_var"}, 1);
  if (!given(p[0])) {
    auto v = std::make_shared<VarNode>(c.hint(), Type::Prim(dt), c.loc);
    v->size_var = given(p[1]) && bool_of(*p[1], "is_size_var", c.loc);
    return c.expr(Var(std::move(v)));
  }
  Value v = *p[0];
  if (v.kind == Value::Kind::Str) {
    // func_gen: float(expr) for "inf", "-inf", "nan" and numbers in strings.
    std::string s = v.s;
    std::string low;
    for (char ch : s)
      low += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    double d;
    if (low == "inf" || low == "+inf" || low == "infinity")
      d = INFINITY;
    else if (low == "-inf" || low == "-infinity")
      d = -INFINITY;
    else if (low == "nan" || low == "+nan" || low == "-nan")
      d = NAN;
    else {
      char *end = nullptr;
      d = std::strtod(s.c_str(), &end);
      if (s.empty() || end != s.c_str() + s.size())
        fail(loc_of(v, c.loc), "could not convert string to float: '" + s + "'");
    }
    v = Value::floating(d, v.loc);
  }
  if (v.is_number()) {
    // FFI conversion (int -> int32/int64, float -> float32), then tvm::cast, which folds.
    if (v.kind == Value::Kind::Float && dt.element_of().is_integer() && !std::isfinite(v.f))
      fail(loc_of(v, c.loc), "cannot convert a non-finite float to " + to_string(dt));
    return c.expr(make_const(dt, v, c.loc));
  }
  return c.expr(cast_to(dt, c.b.to_prim(v, loc_of(v, c.loc)), c.loc));
}

std::span<const CallEntry> dtype_calls() {
  return kDtypeCalls;
}
std::span<const CallEntry> expr_node_calls() {
  return kExprNodeCalls;
}
std::span<const CallEntry> cast_calls() {
  return kCastCalls;
}

} // namespace tirconf::ir::script
