#include "oracle/eval/lanes.h"

#include <string>

#include "oracle/eval/trap.h"
#include "oracle/numeric/float_ops.h"
#include "oracle/numeric/integer.h"
#include "oracle/numeric/lane.h"

namespace tirconf::oracle::eval {

namespace num = oracle::numeric;
using ir::DataType;
using ir::ExprKind;
using runtime::Value;

namespace {

const char *op_text(ExprKind k) {
  switch (k) {
  case ExprKind::Div:
    return " / ";
  case ExprKind::Mod:
    return " % ";
  case ExprKind::FloorDiv:
    return " // ";
  case ExprKind::FloorMod:
    return " floormod ";
  case ExprKind::Min:
    return " min ";
  case ExprKind::Max:
    return " max ";
  default:
    return " ? ";
  }
}

[[noreturn]] void fault(Machine &m, const num::LaneResult &r, ExprKind k, DataType e, uint64_t a,
                        uint64_t b, ir::SourceLoc l) {
  m.hit(r.rule.empty() ? "sem.expr.binary" : r.rule.data());
  std::string detail = ir::to_string(e) + " " + runtime::lane_to_string(e, a) + op_text(k) +
                       runtime::lane_to_string(e, b);
  throw Trap{num::to_outcome(r, m.where(l), r.fault == num::Fault::DivideByZero ? "" : detail)};
}

uint64_t int_lane(Machine &m, ExprKind k, DataType e, uint64_t a, uint64_t b, ir::SourceLoc l) {
  num::LaneResult r;
  switch (k) {
  case ExprKind::Add:
    return num::int_add(e, a, b);
  case ExprKind::Sub:
    return num::int_sub(e, a, b);
  case ExprKind::Mul:
    return num::int_mul(e, a, b);
  case ExprKind::Div:
    r = num::int_div(e, a, b);
    break;
  case ExprKind::Mod:
    r = num::int_mod(e, a, b);
    break;
  case ExprKind::FloorDiv:
    r = num::int_floordiv(e, a, b);
    break;
  case ExprKind::FloorMod:
    r = num::int_floormod(e, a, b);
    break;
  case ExprKind::Min:
    return num::int_min(e, a, b);
  case ExprKind::Max:
    return num::int_max(e, a, b);
  default:
    trap_invalid("sem.expr.binary", m.where(l), "not an arithmetic operator");
  }
  if (!r.ok())
    fault(m, r, k, e, a, b, l);
  return r.bits;
}

uint64_t float_lane(Machine &m, ExprKind k, DataType e, uint64_t a, uint64_t b, ir::SourceLoc l) {
  num::LaneResult r;
  switch (k) {
  case ExprKind::Add:
    return num::float_add(e, a, b);
  case ExprKind::Sub:
    return num::float_sub(e, a, b);
  case ExprKind::Mul:
    return num::float_mul(e, a, b);
  case ExprKind::Div:
    return num::float_div(e, a, b);
  case ExprKind::FloorDiv:
    return num::float_floordiv(e, a, b);
  case ExprKind::FloorMod:
    return num::float_floormod(e, a, b);
  case ExprKind::Min:
    r = num::float_min(e, a, b);
    break;
  case ExprKind::Max:
    r = num::float_max(e, a, b);
    break;
  case ExprKind::Mod:
    // type.expr.mod.int rejects a float Mod before running.
    trap_invalid("type.expr.mod.int", m.where(l), "Mod of float operands");
  default:
    trap_invalid("sem.expr.binary", m.where(l), "not an arithmetic operator");
  }
  if (!r.ok())
    fault(m, r, k, e, a, b, l);
  return r.bits;
}

num::CmpOp cmp_of(ExprKind k) {
  switch (k) {
  case ExprKind::EQ:
    return num::CmpOp::EQ;
  case ExprKind::NE:
    return num::CmpOp::NE;
  case ExprKind::LT:
    return num::CmpOp::LT;
  case ExprKind::LE:
    return num::CmpOp::LE;
  case ExprKind::GE:
    return num::CmpOp::GE;
  default:
    return num::CmpOp::GT;
  }
}

void require_same(Machine &m, const Value &a, const Value &b, ir::SourceLoc l) {
  if (a.dtype() != b.dtype() || !(a.dtype().is_integer() || a.dtype().is_floating()))
    trap_invalid("type.expr.binary.match", m.where(l),
                 "operands of " + ir::to_string(a.dtype()) + " and " + ir::to_string(b.dtype()));
}

} // namespace

uint64_t arith_lane(Machine &m, ExprKind k, DataType e, uint64_t a, uint64_t b, ir::SourceLoc l) {
  return e.is_floating() ? float_lane(m, k, e, a, b, l) : int_lane(m, k, e, a, b, l);
}

uint64_t compare_lane(ExprKind k, DataType e, uint64_t a, uint64_t b) {
  return e.is_floating() ? num::float_compare(cmp_of(k), e, a, b)
                         : num::int_compare(cmp_of(k), e, a, b);
}

Value apply_arith(Machine &m, ExprKind k, const Value &a, const Value &b, ir::SourceLoc l) {
  require_same(m, a, b, l);
  const DataType e = a.element_type();
  Value r = Value::zeros(a.dtype());
  const bool is_float = e.is_floating();
  for (int i = 0; i < a.lanes(); ++i)
    r.set_bits(i, is_float ? float_lane(m, k, e, a.bits(i), b.bits(i), l)
                           : int_lane(m, k, e, a.bits(i), b.bits(i), l));
  return r;
}

Value apply_compare(Machine &m, ExprKind k, const Value &a, const Value &b, ir::SourceLoc l) {
  require_same(m, a, b, l);
  const DataType e = a.element_type();
  const num::CmpOp op = cmp_of(k);
  Value r = Value::zeros(DataType::Bool(a.lanes()));
  for (int i = 0; i < a.lanes(); ++i)
    r.set_bits(i, e.is_floating() ? num::float_compare(op, e, a.bits(i), b.bits(i))
                                  : num::int_compare(op, e, a.bits(i), b.bits(i)));
  return r;
}

} // namespace tirconf::oracle::eval
