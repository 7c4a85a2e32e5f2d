// Expressions (TVM's tir/expr.cc and tir/ir.cc): literals, Vars (declared where first needed),
// node constructors, and operators printed as Python operators where the parser builds the
// same node back.
#include <cmath>
#include <limits>

#include "ir/builtins.h"
#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

namespace {

// Whether TVM's operator for `k` (tvm::add, tvm::floordiv, tvm::less, ...), which the parser
// applies to `a <op> b`, returns exactly Node(a, b): same dtypes (no casts inserted) and no
// constant folding. expr.cc prints the operator only then, else `T.Add(a, b)` and so on.
bool tvm_op_keeps(ExprKind k, const PrimExpr &a, const PrimExpr &b) {
  if (a->dtype != b->dtype)
    return false;
  auto *pa = as<IntImmNode>(a), *pb = as<IntImmNode>(b);
  auto *fa = as<FloatImmNode>(a), *fb = as<FloatImmNode>(b);
  DataType t = a->dtype;
  bool fold_ff = fa && fb && (t.bits == 32 || t.bits == 64);
  auto iv = [](const IntImmNode *p, int64_t v) { return p && p->value == v; };
  auto fv = [](const FloatImmNode *p, double v) { return p && p->value == v; };
  bool index_types = t.is_int() && t.lanes == 1 && (t.bits == 32 || t.bits == 64);
  switch (k) {
  case ExprKind::Add:
    return !((pa && pb) || iv(pa, 0) || iv(pb, 0) || fold_ff || fv(fa, 0) || fv(fb, 0));
  case ExprKind::Sub:
    return !((pa && pb) || iv(pb, 0) || fold_ff || fv(fb, 0));
  case ExprKind::Mul:
    return !((pa && pb) || iv(pa, 0) || iv(pa, 1) || iv(pb, 0) || iv(pb, 1) || fold_ff ||
             fv(fa, 0) || fv(fa, 1) || fv(fb, 0) || fv(fb, 1));
  case ExprKind::Div: // a zero divisor makes TVM's div fail; T.Div is the safe spelling then
    return !((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0) || fold_ff || fv(fa, 0) ||
             fv(fb, 1) || fv(fb, 0));
  case ExprKind::FloorDiv:
    if (!t.is_integer())
      return false; // tvm::floordiv rejects floats
    return !((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0));
  case ExprKind::FloorMod:
    if (!t.is_integer())
      return false;
    return !(index_types && ((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0)));
  case ExprKind::Mod: // tvm::truncmod folds index types only, and accepts floats
    return !(index_types && ((pa && pb) || iv(pa, 0) || iv(pb, 1) || iv(pb, 0)));
  case ExprKind::Min:
  case ExprKind::Max:
    // tvm::min and tvm::max fold two constants and return `a` for the same operand twice
    // (a Var printed twice is one object to the parser).
    return !((pa && pb) || (fa && fb) || (as<VarNode>(a) && a == b));
  case ExprKind::EQ:
  case ExprKind::NE:
  case ExprKind::LT:
  case ExprKind::LE:
  case ExprKind::GE:
  case ExprKind::GT:
    return !((pa && pb) || (fa && fb));
  case ExprKind::And:
  case ExprKind::Or:
    // Deviation: the parser turns `and`/`or` of vectors into T.bitwise_and/or, which TVM's
    // printer does not account for; vectors keep T.And/T.Or.
    return t.is_bool() && t.lanes == 1 && !pa && !pb;
  default:
    return false;
  }
}

bool is_index_type(DataType t) {
  return t.is_int() && t.lanes == 1 && (t.bits == 32 || t.bits == 64);
}

// Whether TVM's T.<name>(args) (its tvm.tir.op function, src/tir/op/op.cc) builds exactly this
// Call. It folds constants (T.if_then_else(T.bool(True), a, b) is a, T.floor(T.float32(1.5)) is
// 1.0, T.shift_left(a, 0) is a, T.shift_left(a, 32) an error), rewrites operands (T.isnan of a
// float16 casts it to float32) and refuses some (T.pow and T.fabs of a bfloat16).
// Deviation: TVM prints T.<name> whatever the operands; where that would not build this Call,
// the Call is written `T.call_intrin("dtype", "tir.name", args...)`, which both parsers read as
// the Call itself. Not for T.isinf and T.isfinite: TVM always expands them
// (`T.fabs(x) == inf and not T.isnan(x)`), and its well-formedness check refuses a Call of
// tir.isinf or tir.isfinite however written (no TCallEffectKind).
bool tvm_builtin_keeps(const CallNode *op, const BuiltinInfo &b) {
  const std::vector<PrimExpr> &a = op->args;
  if (!b.accepts(a.size()))
    return false;
  if (b.result != BuiltinResult::ExplicitFirst && b.result != BuiltinResult::ExplicitLast) {
    auto rt = builtin_result_dtype(b, a);
    if (!rt || *rt != op->dtype)
      return false;
  }
  if (!b.in_spec)
    return true; // TVM's other builtins fold nothing
  std::string_view n = b.op;
  auto imm = [](const PrimExpr &e) { return as<IntImmNode>(e) || as<FloatImmNode>(e); };
  if (n == "tir.if_then_else")
    return a[0]->dtype == DataType::Bool() && !as<IntImmNode>(a[0]) && a[1]->dtype == a[2]->dtype;
  if (n == "tir.likely")
    return !as<IntImmNode>(a[0]);
  if (n == "tir.bitwise_and" || n == "tir.bitwise_or" || n == "tir.bitwise_xor" ||
      n == "tir.shift_left" || n == "tir.shift_right") {
    DataType t = a[0]->dtype;
    if (!t.is_integer() || !a[1]->dtype.is_integer() || t != a[1]->dtype)
      return false;
    auto *pa = as<IntImmNode>(a[0]);
    auto *pb = as<IntImmNode>(a[1]);
    if (!is_index_type(t))
      return true;
    if (pa && pb)
      return false;
    // A constant shift amount outside [0, bits) is refused, and 0 returns the operand.
    bool shift = n == "tir.shift_left" || n == "tir.shift_right";
    return !(shift && pb && (pb->value <= 0 || pb->value >= t.bits));
  }
  if (n == "tir.bitwise_not" || n == "tir.popcount")
    return a[0]->dtype.is_integer();
  if (n == "tir.fabs") // tvm::abs
    return a[0]->dtype.is_float() && !imm(a[0]);
  if (n == "tir.floor" || n == "tir.ceil" || n == "tir.round" || n == "tir.trunc" ||
      n == "tir.nearbyint")
    return a[0]->dtype.is_floating() && !imm(a[0]);
  if (n == "tir.pow")
    return a[0]->dtype.is_float() && a[0]->dtype == a[1]->dtype;
  if (n == "tir.isnan")
    return a[0]->dtype.is_float() && a[0]->dtype.bits != 16 && !imm(a[0]);
  if (n == "tir.reinterpret")
    return a[0]->dtype != op->dtype;
  return true;
}

// Deviation: TVM prints every IntImm and FloatImm as `T.<dtype>(value)` (or a bare literal),
// which the parser reads as a constant *converted* to the dtype: `T.int32(1.0)` is an IntImm,
// `T.float32(1)` a FloatImm and `T.int32x4(1)` a Broadcast. An IntImm whose dtype is not a scalar
// integer, a FloatImm whose dtype is not a scalar float, and a dtype with no `T.<dtype>`
// constructor (int7, handle) print as the node constructors `T.IntImm("float32", 1)` and
// `T.FloatImm("int32x4", 1.0)`, which keep the dtype as written.
bool has_scalar_constructor(DataType t) {
  auto parsed = parse_dtype(to_string(t));
  return t.lanes == 1 && parsed && *parsed == t;
}

} // namespace

ExprDoc Printer::call(std::string_view callee, const std::vector<PrimExpr> &args) {
  std::vector<std::string> a;
  for (const auto &x : args)
    a.push_back(expr(x));
  return atom(call_text(callee, a));
}

std::string Printer::attr_value(const AttrValue &v) {
  if (v.is_expr())
    return expr(v.expr);
  if (v.is_lambda())
    return lambda_text(v);
  std::vector<std::string> e;
  for (const auto &x : v.list)
    e.push_back(attr_value(x));
  if (v.is_list)
    return list_text(e);
  if (v.is_dict) {
    std::vector<std::string> items;
    for (const auto &[k, x] : v.dict)
      items.push_back(python_str_literal(k) + ": " + attr_value(x));
    return "{" + join(items) + "}";
  }
  return call_text(v.object, e);
}

// `lambda x, y: x + y`; a tuple result is parenthesised. The parameters are defined in a frame
// of their own, so that the body names them and nothing outside sees them.
std::string Printer::lambda_text(const AttrValue &v) {
  FrameScope f(this, &v);
  std::vector<std::string> params;
  for (size_t i = 0; i + 1 < v.list.size(); ++i)
    if (auto *var = as<VarNode>(v.list[i].expr))
      params.push_back(define_var(var, *f));
  const AttrValue &body = v.list.back();
  std::string result;
  if (body.is_list) {
    std::vector<std::string> e;
    for (const auto &x : body.list)
      e.push_back(expr(x.expr));
    result = "(" + join(e) + ")";
  } else {
    result = expr(body.expr);
  }
  return "lambda " + join(params) + ": " + result;
}

std::string Printer::dict_doc(const Annotations &a) {
  std::vector<std::string> items;
  for (const auto &[k, v] : a)
    items.push_back(python_str_literal(k) + ": " + attr_value(v));
  return "{" + join(items) + "}";
}

ExprDoc Printer::VisitExpr_(const VarNode *op) {
  if (standalone_)
    return atom(op->name_hint.empty() ? "v" : op->name_hint);
  if (!defined(op)) {
    Frame &f = lowest_def_frame(op, SameStmt::Outer);
    std::string lhs = define_var(op, f);
    f.stmts.push_back(line(lhs + " = " + var_creation(op, lhs)));
  }
  return atom(doc_of(op));
}

ExprDoc Printer::VisitExpr_(const IntImmNode *op) {
  DataType t = op->dtype;
  bool in_int32 = op->value >= std::numeric_limits<int32_t>::min() &&
                  op->value <= std::numeric_limits<int32_t>::max();
  // A bare literal reads back as int32 only when it fits; a wider one becomes int64.
  if (t == DataType::Int(32) && in_int32)
    return atom(std::to_string(op->value));
  if (t == DataType::Bool()) {
    // Deviation: TVM prints any non-zero value as True; other values than 0 and 1 stay numbers.
    if (op->value == 0 || op->value == 1)
      return atom(std::string("T.bool(") + (op->value ? "True" : "False") + ")");
    return atom("T.bool(" + std::to_string(op->value) + ")");
  }
  if (t.is_integer() && has_scalar_constructor(t))
    return atom("T." + dtype_str(t) + "(" + std::to_string(op->value) + ")");
  return atom(call_text("T.IntImm", {dtype_literal(t), std::to_string(op->value)}));
}

ExprDoc Printer::VisitExpr_(const FloatImmNode *op) {
  DataType t = op->dtype;
  std::string v = tvm_float_repr(op->value);
  // Deviation: T.float64(1e300) converts the Python float to a float32 constant first, which
  // TVM refuses beyond float32's range ("Literal value ... exceeds maximum of float32");
  // T.FloatImm("float64", 1e300) keeps it.
  bool beyond_float32 =
      std::isfinite(op->value) && std::fabs(op->value) > std::numeric_limits<float>::max();
  if (t.is_floating() && has_scalar_constructor(t) && !beyond_float32) {
    if (std::isnan(op->value) || std::isinf(op->value))
      v = "\"" + v + "\"";
    return atom("T." + dtype_str(t) + "(" + v + ")");
  }
  // TVM never prints T.FloatImm, so its argument takes Python's shorter spelling.
  v = python_float_repr(op->value);
  // T.FloatImm takes a Python number, not the strings T.float32("inf") accepts; 1e999 is
  // Python's (and the reader's) infinity, and inf - inf a NaN. Which NaN is the machine's: the
  // reader folds the text with the same double arithmetic, so the sign is chosen to match (the
  // payload of another NaN is not kept, as with T.float32("nan")).
  if (std::isnan(op->value)) {
    volatile double big = std::numeric_limits<double>::infinity();
    double machine_nan = big - big;
    v = std::signbit(machine_nan) == std::signbit(op->value) ? "1e999 - 1e999" : "-(1e999 - 1e999)";
  } else if (std::isinf(op->value))
    v = op->value < 0 ? "-1e999" : "1e999";
  return atom(call_text("T.FloatImm", {dtype_literal(t), v}));
}

ExprDoc Printer::VisitExpr_(const StringImmNode *op) {
  return atom(python_str_literal(op->value));
}

ExprDoc Printer::VisitExpr_(const CastNode *op) {
  return atom(call_text("T.Cast", {dtype_literal(op->dtype), expr(op->value)}));
}

ExprDoc Printer::VisitExpr_(const SelectNode *op) {
  return call("T.Select", {op->condition, op->true_value, op->false_value});
}

ExprDoc Printer::VisitExpr_(const BufferLoadNode *op) {
  std::string buf = buffer_doc(op->buffer);
  if (op->predicate) {
    std::vector<std::string> idx;
    for (const auto &i : op->indices)
      idx.push_back(expr(i));
    return atom(
        call_text(buf + ".vload", {list_text(idx)}, {{"predicate", kwarg_expr(op->predicate)}}));
  }
  return atom(index_text(buf, buffer_indices(op->indices)));
}

ExprDoc Printer::VisitExpr_(const RampNode *op) {
  return atom(call_text("T.Ramp", {expr(op->base), expr(op->stride), std::to_string(op->lanes)}));
}

ExprDoc Printer::VisitExpr_(const BroadcastNode *op) {
  return atom(call_text("T.Broadcast", {expr(op->value), std::to_string(op->lanes)}));
}

// The Let's Var is declared (`v = T.int32()`) before the statement that holds it.
ExprDoc Printer::VisitExpr_(const LetNode *op) {
  std::string var = expr(op->var);
  std::string value = kwarg_expr(op->value);
  std::string body = expr(op->body);
  return atom(call_text("T.Let", {body}, {{"where", "{" + var + ": " + value + "}"}}));
}

ExprDoc Printer::VisitExpr_(const CallNode *op) {
  auto as_written = [&] {
    std::vector<std::string> a = {dtype_literal(op->dtype), python_str_literal(op->op)};
    for (const auto &x : op->args)
      a.push_back(expr(x));
    return atom(call_text("T.call_intrin", a));
  };
  std::string callee;
  if (op->callee) {
    const std::string &g = op->callee->name_hint;
    callee = mod_ && !mod_->name.empty() && mod_->functions.count(g) ? mod_->name + "." + g : g;
  } else if (const BuiltinInfo *b = find_builtin_by_op(op->op)) {
    if (!tvm_builtin_keeps(op, *b))
      return as_written();
    callee = "T." + std::string(b->script);
    // TScriptDtypePrintLocation::kFirst: `T.reinterpret("float32", x)`.
    if (b->result == BuiltinResult::ExplicitFirst) {
      std::vector<std::string> a = {dtype_literal(op->dtype)};
      for (const auto &x : op->args)
        a.push_back(expr(x));
      return atom(call_text(callee, a));
    }
    if (b->result == BuiltinResult::ExplicitLast) {
      std::vector<std::string> a;
      for (const auto &x : op->args)
        a.push_back(expr(x));
      a.push_back(dtype_literal(op->dtype));
      return atom(call_text(callee, a));
    }
  } else {
    // Deviation: an op outside the catalog (made by T.call_intrin("int32", "tir.anything")) has
    // no T.<name> the reader knows, nor a TVM spelling (TVM's ops are registered).
    return as_written();
  }
  return call(callee, op->args);
}

ExprDoc Printer::VisitExpr_(const ShuffleNode *op) {
  std::vector<std::string> v, i;
  for (const auto &x : op->vectors)
    v.push_back(expr(x));
  for (const auto &x : op->indices)
    i.push_back(expr(x));
  return atom(call_text("T.Shuffle", {list_text(v), list_text(i)}));
}

ExprDoc Printer::print_binary(ExprKind k, const BinaryNode *op) {
  ExprDoc a = VisitExpr(op->a), b = VisitExpr(op->b);
  bool keeps = tvm_op_keeps(k, op->a, op->b);
  if (in_kwarg()) {
    // Python's own `and`/`or` call bool() on a PrimExpr, and `1 < x` is evaluated as `x > 1`.
    bool bare_lhs = op->a->dtype == DataType::Int(32) && as<IntImmNode>(op->a);
    if (k == ExprKind::And || k == ExprKind::Or)
      keeps = false;
    if (bare_lhs && (k == ExprKind::EQ || k == ExprKind::NE || k == ExprKind::LT ||
                     k == ExprKind::LE || k == ExprKind::GE || k == ExprKind::GT))
      keeps = false;
  }
  auto sugar = [&](std::string_view sym, int prec, std::string_view fn) {
    return keeps ? binary(a, sym, b, prec) : atom(call_text(fn, {a.text, b.text}));
  };
  switch (k) {
  case ExprKind::Add:
    return sugar("+", kPrecAdd, "T.Add");
  case ExprKind::Sub:
    return sugar("-", kPrecAdd, "T.Sub");
  case ExprKind::Mul:
    return sugar("*", kPrecMult, "T.Mul");
  case ExprKind::Div:
    // Python's `/` on two integers is an error in TVMScript; T.Div is truncating division.
    keeps = keeps && !(op->a->dtype.is_integer() && op->b->dtype.is_integer());
    return sugar("/", kPrecMult, "T.Div");
  case ExprKind::Mod:
    return atom(call_text(keeps ? "T.truncmod" : "T.Mod", {a.text, b.text}));
  case ExprKind::FloorDiv:
    return sugar("//", kPrecMult, "T.FloorDiv");
  case ExprKind::FloorMod:
    return sugar("%", kPrecMult, "T.FloorMod");
  // Deviation: TVM prints T.min / T.max / T.truncmod whatever the operands, and reads two
  // constants back folded; the node constructors keep the node.
  case ExprKind::Min:
    return atom(call_text(keeps ? "T.min" : "T.Min", {a.text, b.text}));
  case ExprKind::Max:
    return atom(call_text(keeps ? "T.max" : "T.Max", {a.text, b.text}));
  case ExprKind::EQ:
    return sugar("==", kPrecCmp, "T.EQ");
  case ExprKind::NE:
    return sugar("!=", kPrecCmp, "T.NE");
  case ExprKind::LT:
    return sugar("<", kPrecCmp, "T.LT");
  case ExprKind::LE:
    return sugar("<=", kPrecCmp, "T.LE");
  case ExprKind::GE:
    return sugar(">=", kPrecCmp, "T.GE");
  case ExprKind::GT:
    return sugar(">", kPrecCmp, "T.GT");
  case ExprKind::And:
    return sugar("and", kPrecAnd, "T.And");
  case ExprKind::Or:
    return sugar("or", kPrecOr, "T.Or");
  default:
    return atom("?");
  }
}

#define TIR_BINARY_KIND(Name, op_)                                                                 \
  ExprDoc Printer::VisitExpr_(const Name##Node *op) {                                              \
    return print_binary(ExprKind::Name, op);                                                       \
  }
#include "ir/node_kinds.def"

// `not 1` or `not "s"` would be evaluated by Python itself, so a bare literal operand gets T.Not.
ExprDoc Printer::VisitExpr_(const NotNode *op) {
  ExprDoc a = VisitExpr(op->a);
  if (in_kwarg()) // Python's own `not` calls bool() on a PrimExpr
    return atom(call_text("T.Not", {a.text}));
  if (op->a->dtype == DataType::Int(32) && as<IntImmNode>(op->a))
    return atom(call_text("T.Not", {a.text}));
  if (as<StringImmNode>(op->a))
    return atom(call_text("T.Not", {a.text}));
  return {"not " + parens_if(a, a.prec < kPrecNot), kPrecNot};
}

} // namespace tirconf::ir::printer
