// PrimExprs: "Semantics / Evaluating PrimExprs", one VisitExpr_ per node kind. Each returns a C
// expression naming the value: a literal, a variable, or a temporary the statements emitted so
// far computed.
#include <cctype>

#include "backends/cuda/lowering.h"
#include "ir/builtins.h"

namespace tirconf::backends::cuda {

using ir::DataType;
using ir::ExprKind;
using runtime::ErrorClass;

namespace {

// [sem.expr.add] [sem.expr.sub] [sem.expr.mul] and the comparisons: C operators. Integer
// arithmetic goes through the wrap type ([sem.expr.int_wrap]).
const char *c_operator(ExprKind k) {
  switch (k) {
  case ExprKind::Add:
    return "+";
  case ExprKind::Sub:
    return "-";
  case ExprKind::Mul:
    return "*";
  case ExprKind::EQ:
    return "==";
  case ExprKind::NE:
    return "!=";
  case ExprKind::LT:
    return "<";
  case ExprKind::LE:
    return "<=";
  case ExprKind::GE:
    return ">=";
  case ExprKind::GT:
    return ">";
  default:
    return nullptr;
  }
}

// The division kinds: the prelude's helper for each, and the rule its divide-by-zero cites.
struct Division {
  ExprKind kind;
  const char *helper;
  const char *rule;
};
constexpr Division kDivisions[] = {
    {ExprKind::Div, "tirconf_div", "sem.expr.div"},
    {ExprKind::Mod, "tirconf_mod", "sem.expr.mod"},
    {ExprKind::FloorDiv, "tirconf_floordiv", "sem.expr.floordiv"},
    {ExprKind::FloorMod, "tirconf_floormod", "sem.expr.floormod"},
};
const Division *division_of(ExprKind k) {
  for (const auto &d : kDivisions)
    if (d.kind == k)
      return &d;
  return nullptr;
}

} // namespace

std::string FunctionLowering::VisitExpr_(const ir::VarNode *op) {
  return var(op);
}

std::string FunctionLowering::VisitExpr_(const ir::IntImmNode *op) {
  return int_literal(op->dtype, op->value);
}

std::string FunctionLowering::VisitExpr_(const ir::FloatImmNode *op) {
  c_type(op->dtype, op->loc);
  return float_literal(op->dtype, op->value);
}

// [sem.expr.stringimm] a handle to a NUL-terminated copy that lives for the whole run: a string
// literal, every byte but letters and digits written as an octal escape.
std::string FunctionLowering::VisitExpr_(const ir::StringImmNode *op) {
  std::string s = "((void *)\"";
  for (unsigned char c : op->value) {
    if (std::isalnum(c) != 0) {
      s += static_cast<char>(c);
    } else {
      const char octal[] = {'\\', static_cast<char>('0' + (c >> 6)),
                            static_cast<char>('0' + ((c >> 3) & 7)),
                            static_cast<char>('0' + (c & 7)), 0};
      s += octal;
    }
  }
  return s + "\")";
}

// [sem.expr.cast] C++ static_cast, refined: to bool is "!= 0" (NaN included,
// [sem.expr.cast.to_bool]); integer narrowing keeps the low bits ([sem.expr.cast.int_to_int]);
// int and float to float round to nearest ([sem.expr.cast.to_float]); float to int truncates
// ([sem.expr.cast.float_to_int]), CUDA's conversion saturating where the spec leaves it open.
std::string FunctionLowering::cast_lane(DataType to, DataType from, const std::string &v) {
  const std::string x = to_float(from, v); // float16 / bfloat16 widen exactly to float
  if (to.is_bool())
    return "(" + x + " != 0)";
  if (!is_narrow_float(to))
    return "(" + c_type(to) + ")(" + x + ")";
  // Into float16 / bfloat16 with one rounding: CUDA's conversions from each source type (going
  // through float would round twice for wide integers and doubles).
  const bool bf = to.is_bfloat();
  if (is_narrow_float(from) || (from.is_float() && from.bits == 32))
    return from_float(to, "(float)" + x);
  if (from.is_float())
    return std::string(bf ? "__double2bfloat16(" : "__double2half(") + x + ")";
  const char *kind =
      from.bits == 64 ? (from.is_uint() ? "ull" : "ll") : (from.is_uint() ? "uint" : "int");
  const std::string arg =
      from.bits == 64 ? x : std::string(from.is_uint() ? "(unsigned int)" : "(int)") + x;
  return std::string("__") + kind + (bf ? "2bfloat16_rn(" : "2half_rn(") + arg + ")";
}

std::string FunctionLowering::VisitExpr_(const ir::CastNode *op) {
  const std::string v = VisitExpr(op->value);
  if (op->dtype.is_void())
    return "0"; // a Void value: nothing to hold ([type.expr.var.tuple_empty])
  c_type(op->dtype, op->loc);
  // [sem.expr.cast.handle] a handle stays the same pointer; the integer 0 is the null pointer.
  if (op->dtype.is_handle() && op->value->dtype.is_handle())
    return v;
  if (op->dtype.is_handle() && ir::as<ir::IntImmNode>(op->value) &&
      ir::as<ir::IntImmNode>(op->value)->value == 0)
    return "((void *)0)";
  if (op->dtype.is_handle() || op->value->dtype.is_handle())
    throw UnsupportedError("a cast to or from a handle", op->loc);
  const DataType to = op->dtype.element_of(), from = op->value->dtype.element_of();
  return lanewise(op->dtype, {{v, op->value->dtype}},
                  [&](const auto &x) { return cast_lane(to, from, x[0]); });
}

// [sem.expr.select] [sem.expr.select.vector] all three operands evaluated, then one picked per
// lane.
std::string FunctionLowering::VisitExpr_(const ir::SelectNode *op) {
  const std::string c = VisitExpr(op->condition);
  const std::string t = VisitExpr(op->true_value);
  const std::string f = VisitExpr(op->false_value);
  return lanewise(
      op->dtype,
      {{c, op->condition->dtype}, {t, op->true_value->dtype}, {f, op->false_value->dtype}},
      [](const auto &x) { return "(" + x[0] + " ? " + x[1] + " : " + x[2] + ")"; });
}

// [sem.expr.bufferload]
std::string FunctionLowering::VisitExpr_(const ir::BufferLoadNode *op) {
  if (op->predicate)
    throw UnsupportedError("A.vload", op->loc);
  c_type(op->dtype, op->loc);
  if (op->dtype.lanes > 1)
    return load_lanes(op);
  const std::string off = offset(op->buffer, op->indices);
  const std::string e = element(op->buffer, off);
  return temp(op->dtype, op->dtype.is_bool() ? "(" + e + " != 0)" : e);
}

// [sem.expr.bufferload] [sem.stmt.bufferstore.vector] An access whose buffer has vector elements
// (E lanes) or whose last index is a vector (L lanes) covers E * L lanes: for index lane j, the E
// lanes of the element there. The indices are evaluated left to right first.
std::vector<std::string> FunctionLowering::lane_indices(const std::vector<ir::PrimExpr> &indices,
                                                        ir::SourceLoc loc) {
  std::vector<std::string> idx;
  for (size_t k = 0; k < indices.size(); ++k) {
    const ir::PrimExpr &i = indices[k];
    if (i->dtype.lanes > 1 && k + 1 != indices.size())
      throw UnsupportedError("a vector index before the last", loc);
    idx.push_back(i->dtype.lanes > 1 ? "(int64_t)" + VisitExpr(i) + ".v[tirconf_j]" : index64(i));
  }
  return idx;
}

std::string FunctionLowering::load_lanes(const ir::BufferLoadNode *op) {
  const ir::Buffer &b = op->buffer;
  const std::vector<std::string> idx = lane_indices(op->indices, op->loc);
  const int e = b->dtype.lanes;
  const int l = op->indices.empty() ? 1 : op->indices.back()->dtype.lanes;
  const std::string r = declare(op->dtype);
  open("for (int tirconf_j = 0; tirconf_j < " + std::to_string(l) + "; ++tirconf_j)");
  const std::string off = offset_of(b, idx);
  const std::string lane = "((" + storage_type(b->dtype, b->loc) + " *)" + var(b->data.get()) +
                           ")[" + off + " * " + std::to_string(e) + " + tirconf_e]";
  line("for (int tirconf_e = 0; tirconf_e < " + std::to_string(e) + "; ++tirconf_e)");
  line("  " + r + ".v[tirconf_j * " + std::to_string(e) +
       " + tirconf_e] = " + (b->dtype.is_bool() ? "(" + lane + " != 0)" : lane) + ";");
  close();
  return r;
}

void FunctionLowering::store_lanes(const ir::BufferStoreNode *op, const std::string &value) {
  const ir::Buffer &b = op->buffer;
  const std::vector<std::string> idx = lane_indices(op->indices, op->loc);
  const int e = b->dtype.lanes;
  const int l = op->indices.empty() ? 1 : op->indices.back()->dtype.lanes;
  const std::string v = value + ".v[tirconf_j * " + std::to_string(e) + " + tirconf_e]";
  open("for (int tirconf_j = 0; tirconf_j < " + std::to_string(l) + "; ++tirconf_j)");
  const std::string off = offset_of(b, idx);
  line("for (int tirconf_e = 0; tirconf_e < " + std::to_string(e) + "; ++tirconf_e)");
  line("  ((" + storage_type(b->dtype, b->loc) + " *)" + var(b->data.get()) + ")[" + off + " * " +
       std::to_string(e) + " + tirconf_e] = " + (b->dtype.is_bool() ? "(uint8_t)" + v : v) + ";");
  close();
}

// [sem.expr.ramp] base + i * stride, wrapping.
std::string FunctionLowering::VisitExpr_(const ir::RampNode *op) {
  const DataType t = op->dtype.element_of();
  if (!t.is_integer() || t.is_bool())
    throw UnsupportedError("a Ramp of " + ir::to_string(t), op->loc);
  const std::string base = VisitExpr(op->base);
  const std::string stride = VisitExpr(op->stride);
  const std::string u = wrap_type(t);
  return lanewise(op->dtype, {{base, op->base->dtype}, {stride, op->stride->dtype}},
                  [&](const auto &x) {
                    return "(" + c_type(t) + ")((" + u + ")" + x[0] + " + (" + u + ")" + x[1] +
                           " * (" + u + ")tirconf_l)";
                  });
}

// [sem.expr.broadcast]
std::string FunctionLowering::VisitExpr_(const ir::BroadcastNode *op) {
  const std::string v = VisitExpr(op->value);
  return lanewise(op->dtype, {{v, op->value->dtype}}, [](const auto &x) { return x[0]; });
}

// [sem.expr.shuffle] lane i is lane indices[i] of the vectors concatenated.
std::string FunctionLowering::VisitExpr_(const ir::ShuffleNode *op) {
  std::vector<std::pair<std::string, int>> lanes; // every lane of the concatenation
  for (const auto &v : op->vectors) {
    const std::string x = VisitExpr(v);
    for (int k = 0; k < v->dtype.lanes; ++k)
      lanes.push_back({v->dtype.lanes > 1 ? x + ".v[" + std::to_string(k) + "]" : x, k});
  }
  std::vector<std::string> picks;
  for (const auto &i : op->indices) {
    VisitExpr(i);
    auto *c = ir::as<ir::IntImmNode>(i);
    if (!c)
      throw UnsupportedError("a Shuffle with a run-time index", op->loc);
    if (c->value < 0 || static_cast<size_t>(c->value) >= lanes.size())
      throw UnsupportedError("a Shuffle index out of range (unspec.shuffle_index_range)", op->loc);
    picks.push_back(lanes[static_cast<size_t>(c->value)].first);
  }
  if (op->dtype.lanes == 1)
    return temp(op->dtype, picks.at(0));
  const std::string r = declare(op->dtype);
  for (size_t k = 0; k < picks.size(); ++k)
    line(r + ".v[" + std::to_string(k) + "] = " + picks[k] + ";");
  return r;
}

// [sem.expr.let] value once, bound for the body.
std::string FunctionLowering::VisitExpr_(const ir::LetNode *op) {
  const std::string v = VisitExpr(op->value);
  auto saved = vars_.find(op->var.get()) != vars_.end()
                   ? std::optional<std::string>(vars_[op->var.get()])
                   : std::nullopt;
  if (op->var->dtype.is_void()) {
    vars_[op->var.get()] = "0";
  } else {
    const std::string name = bind(op->var);
    line("const " + c_type(op->var->dtype, op->loc) + " " + name + " = " + v + ";");
  }
  std::string body = VisitExpr(op->body);
  if (saved)
    vars_[op->var.get()] = *saved;
  else
    vars_.erase(op->var.get());
  return body;
}

std::string FunctionLowering::VisitExpr_(const ir::CallNode *op) {
  if (op->callee)
    return call(op);
  return builtin(op);
}

std::string FunctionLowering::binary(const ir::BinaryNode *op) {
  if (op->kind == ExprKind::And || op->kind == ExprKind::Or)
    return logical(op, op->kind == ExprKind::And);
  c_type(op->a->dtype, op->loc);
  const std::string a = VisitExpr(op->a);
  const std::string b = VisitExpr(op->b);
  if (division_of(op->kind))
    return division(op, a, b);
  const DataType t = op->a->dtype.element_of();
  const std::vector<std::pair<std::string, DataType>> ops = {{a, op->a->dtype}, {b, op->b->dtype}};
  if (op->kind == ExprKind::Min || op->kind == ExprKind::Max) {
    // [sem.expr.min] [sem.expr.max]; a NaN operand is unspecified (unspec.float_minmax_nan).
    const char *cmp = op->kind == ExprKind::Min ? " < " : " > ";
    return lanewise(op->dtype, ops, [&](const auto &x) {
      return "(" + to_float(t, x[0]) + cmp + to_float(t, x[1]) + " ? " + x[0] + " : " + x[1] + ")";
    });
  }
  const char *o = c_operator(op->kind);
  if (!o)
    throw LoweringError("binary node without an operator");
  if (ir::is_comparison(op->kind))
    return lanewise(op->dtype, ops, [&](const auto &x) {
      return "(" + to_float(t, x[0]) + " " + o + " " + to_float(t, x[1]) + ")";
    });
  if (t.is_integer()) {
    const std::string u = wrap_type(t);
    return lanewise(op->dtype, ops, [&](const auto &x) {
      return wrap(t, "(" + u + ")" + x[0] + " " + o + " (" + u + ")" + x[1]);
    });
  }
  // [sem.expr.float_ieee] one IEEE operation, rounded on its own (no contraction: nvrtc.cc).
  return lanewise(op->dtype, ops, [&](const auto &x) {
    return from_float(t, "(" + to_float(t, x[0]) + " " + o + " " + to_float(t, x[1]) + ")");
  });
}

// [sem.expr.div] [sem.expr.mod] [sem.expr.floordiv] [sem.expr.floormod]: an integer zero divisor
// is a divide-by-zero error (in any lane); float Div is IEEE division, float FloorDiv
// floor(x / y).
std::string FunctionLowering::division(const ir::BinaryNode *op, const std::string &a,
                                       const std::string &b) {
  const DataType t = op->a->dtype.element_of();
  const std::vector<std::pair<std::string, DataType>> ops = {{a, op->a->dtype}, {b, op->b->dtype}};
  const Division &kind = *division_of(op->kind);
  const std::string helper = kind.helper;
  if (t.is_floating()) {
    if (op->kind == ExprKind::Mod)
      throw LoweringError("Mod of float operands");
    if (op->kind == ExprKind::Div)
      return lanewise(op->dtype, ops, [&](const auto &x) {
        return from_float(t, "(" + to_float(t, x[0]) + " / " + to_float(t, x[1]) + ")");
      });
    return lanewise(op->dtype, ops,
                    [&](const auto &x) { return helper + "(" + x[0] + ", " + x[1] + ")"; });
  }
  auto *constant = ir::as<ir::IntImmNode>(op->b);
  if (!constant || constant->value == 0) {
    const int s = site(ErrorClass::DivideByZero, kind.rule, op->loc, "integer divide by zero");
    if (op->b->dtype.lanes > 1) {
      line("for (int tirconf_l = 0; tirconf_l < " + std::to_string(op->b->dtype.lanes) +
           "; ++tirconf_l)");
      line("  if (" + b + ".v[tirconf_l] == 0) TIRCONF_FAIL(" + std::to_string(s) + ", 0, 0);");
    } else {
      fail_if(b + " == 0", s);
    }
  }
  return lanewise(op->dtype, ops,
                  [&](const auto &x) { return helper + "(" + x[0] + ", " + x[1] + ")"; });
}

// [sem.expr.and] [sem.expr.or] scalar And / Or evaluate b only when a does not decide; vector
// ones evaluate both (whether b's lanes are evaluated is unspecified:
// unspec.vector_logical_side_effects).
std::string FunctionLowering::logical(const ir::BinaryNode *op, bool is_and) {
  const std::string a = VisitExpr(op->a);
  if (op->dtype.lanes != 1) {
    const std::string b = VisitExpr(op->b);
    return lanewise(op->dtype, {{a, op->a->dtype}, {b, op->b->dtype}}, [&](const auto &x) {
      return "(" + x[0] + (is_and ? " && " : " || ") + x[1] + ")";
    });
  }
  const std::string r = "t" + std::to_string(temps_++);
  line("bool " + r + " = " + a + ";");
  open(is_and ? "if (" + r + ")" : "if (!" + r + ")");
  const std::string b = VisitExpr(op->b);
  line(r + " = " + b + ";");
  close();
  return r;
}

#define TIR_BINARY_KIND(Name, op_text)                                                             \
  std::string FunctionLowering::VisitExpr_(const ir::Name##Node *op) {                             \
    return binary(op);                                                                             \
  }
#define TIR_EXPR_KIND(Name)
#include "ir/node_kinds.def"

std::string FunctionLowering::VisitExpr_(const ir::NotNode *op) {
  const std::string a = VisitExpr(op->a);
  return lanewise(op->dtype, {{a, op->a->dtype}}, [](const auto &x) { return "!" + x[0]; });
}

} // namespace tirconf::backends::cuda
