// Expressions: what TVM's ExprEvaluator (python/tvm/script/parser/core/evaluator.py) computes,
// with Python semantics for Python values and TVM's operator overloads for PrimExprs
// (python/tvm/tir/expr.py ExprOp, python/tvm/script/parser/tir/operation.py).
#include <cfloat>
#include <cmath>
#include <limits>

#include "ir/builtins.h"
#include "ir/tvmscript/builder.h"
#include "ir/tvmscript/linear.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

const char *kind_name(Value::Kind k) {
  switch (k) {
  case Value::Kind::None:
    return "None";
  case Value::Kind::Bool:
    return "bool";
  case Value::Kind::Int:
    return "int";
  case Value::Kind::Float:
    return "float";
  case Value::Kind::Str:
    return "str";
  case Value::Kind::List:
    return "list";
  case Value::Kind::Tuple:
    return "tuple";
  case Value::Kind::Dict:
    return "dict";
  case Value::Kind::Slice:
    return "slice";
  case Value::Kind::Expr:
    return "PrimExpr";
  case Value::Kind::Buffer:
    return "Buffer";
  case Value::Kind::Region:
    return "BufferRegion";
  case Value::Kind::Tir:
    return "T function";
  case Value::Kind::Ir:
    return "I function";
  case Value::Kind::ClassModule:
    return "IRModule";
  case Value::Kind::GlobalFunc:
    return "GlobalVar";
  case Value::Kind::Frame:
    return "scope";
  case Value::Kind::Lambda:
    return "function";
  case Value::Kind::Object:
    return "object";
  case Value::Kind::IterVar:
    return "IterVar";
  case Value::Kind::BufferMethod:
    return "method";
  }
  return "?";
}

namespace {

constexpr __int128 kI64Min = std::numeric_limits<int64_t>::min();
constexpr __int128 kI64Max = std::numeric_limits<int64_t>::max();

bool truthy(const Value &v) {
  switch (v.kind) {
  case Value::Kind::None:
    return false;
  case Value::Kind::Bool:
    return v.b;
  case Value::Kind::Int:
    return v.i != 0;
  case Value::Kind::Float:
    return v.f != 0;
  case Value::Kind::Str:
    return !v.s.empty();
  case Value::Kind::List:
  case Value::Kind::Tuple:
  case Value::Kind::Dict:
    return !v.elements().empty();
  default:
    return true;
  }
}

bool is_python(const Value &v) {
  return v.is_number() || v.kind == Value::Kind::Str || v.kind == Value::Kind::None;
}

__int128 as_int(const Value &v) {
  return v.kind == Value::Kind::Bool ? (v.b ? 1 : 0) : v.i;
}
double as_double(const Value &v) {
  if (v.kind == Value::Kind::Float)
    return v.f;
  return static_cast<double>(as_int(v));
}

// Python floor division and modulo on ints.
__int128 floordiv(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0)))
    --q;
  return q;
}
__int128 floormod(__int128 a, __int128 b) {
  return a - floordiv(a, b) * b;
}

[[noreturn]] void overflow(SourceLoc loc) {
  fail(loc, "integer constant expression overflows");
}

Value py_binop(BinOpKind op, const Value &a, const Value &b, SourceLoc loc) {
  bool fl = a.kind == Value::Kind::Float || b.kind == Value::Kind::Float;
  if (op == BinOpKind::Div)
    fl = true;
  if (op == BinOpKind::Pow && !fl && as_int(b) < 0)
    fl = true;
  if (fl) {
    if (op == BinOpKind::LShift || op == BinOpKind::RShift || op == BinOpKind::BitAnd ||
        op == BinOpKind::BitOr || op == BinOpKind::BitXor || op == BinOpKind::MatMult)
      fail(loc, std::string("unsupported operand type(s) for ") + spelling(op) + ": 'float'");
    double x = as_double(a), y = as_double(b);
    switch (op) {
    case BinOpKind::Add:
      return Value::floating(x + y, loc);
    case BinOpKind::Sub:
      return Value::floating(x - y, loc);
    case BinOpKind::Mult:
      return Value::floating(x * y, loc);
    case BinOpKind::Div:
      if (y == 0)
        fail(loc, "division by zero");
      return Value::floating(x / y, loc);
    case BinOpKind::FloorDiv:
      if (y == 0)
        fail(loc, "float floor division by zero");
      return Value::floating(std::floor(x / y), loc);
    case BinOpKind::Mod: {
      if (y == 0)
        fail(loc, "float modulo by zero");
      double m = std::fmod(x, y);
      if (m != 0 && ((m < 0) != (y < 0)))
        m += y;
      return Value::floating(m, loc);
    }
    case BinOpKind::Pow:
      return Value::floating(std::pow(x, y), loc);
    default:
      break;
    }
    fail(loc, "unsupported operator on floats");
  }
  __int128 x = as_int(a), y = as_int(b), r = 0;
  switch (op) {
  case BinOpKind::Add:
    if (__builtin_add_overflow(x, y, &r))
      overflow(loc);
    break;
  case BinOpKind::Sub:
    if (__builtin_sub_overflow(x, y, &r))
      overflow(loc);
    break;
  case BinOpKind::Mult:
    if (__builtin_mul_overflow(x, y, &r))
      overflow(loc);
    break;
  case BinOpKind::FloorDiv:
  case BinOpKind::Mod:
    if (y == 0)
      fail(loc, "integer division or modulo by zero");
    if (y == -1) {
      if (op == BinOpKind::Mod)
        return Value::integer(0, loc);
      if (__builtin_sub_overflow(static_cast<__int128>(0), x, &r))
        overflow(loc);
      break;
    }
    r = op == BinOpKind::FloorDiv ? floordiv(x, y) : floormod(x, y);
    break;
  case BinOpKind::Pow: {
    r = 1;
    for (__int128 k = 0; k < y; ++k) {
      if (__builtin_mul_overflow(r, x, &r))
        overflow(loc);
      if (r == 0 || r == 1)
        break;
      if (r == -1 && x == -1) {
        r = (y % 2 == 0) ? 1 : -1;
        break;
      }
    }
    break;
  }
  case BinOpKind::LShift:
    if (y < 0)
      fail(loc, "negative shift count");
    if (x == 0)
      break;
    if (y >= 127)
      overflow(loc);
    r = x;
    for (__int128 k = 0; k < y; ++k)
      if (__builtin_mul_overflow(r, static_cast<__int128>(2), &r))
        overflow(loc);
    break;
  case BinOpKind::RShift:
    if (y < 0)
      fail(loc, "negative shift count");
    r = y >= 127 ? (x < 0 ? -1 : 0) : (x >> static_cast<int>(y));
    break;
  case BinOpKind::BitAnd:
    r = x & y;
    break;
  case BinOpKind::BitOr:
    r = x | y;
    break;
  case BinOpKind::BitXor:
    r = x ^ y;
    break;
  default:
    fail(loc, std::string("unsupported operand type(s) for ") + spelling(op) + ": 'int'");
  }
  return Value::integer(r, loc);
}

bool py_compare(CmpOpKind op, const Value &a, const Value &b, SourceLoc loc) {
  if (a.is_number() && b.is_number()) {
    bool fl = a.kind == Value::Kind::Float || b.kind == Value::Kind::Float;
    if (fl) {
      double x = as_double(a), y = as_double(b);
      switch (op) {
      case CmpOpKind::Eq:
        return x == y;
      case CmpOpKind::NotEq:
        return x != y;
      case CmpOpKind::Lt:
        return x < y;
      case CmpOpKind::LtE:
        return x <= y;
      case CmpOpKind::Gt:
        return x > y;
      case CmpOpKind::GtE:
        return x >= y;
      default:
        break;
      }
    } else {
      __int128 x = as_int(a), y = as_int(b);
      switch (op) {
      case CmpOpKind::Eq:
        return x == y;
      case CmpOpKind::NotEq:
        return x != y;
      case CmpOpKind::Lt:
        return x < y;
      case CmpOpKind::LtE:
        return x <= y;
      case CmpOpKind::Gt:
        return x > y;
      case CmpOpKind::GtE:
        return x >= y;
      default:
        break;
      }
    }
  }
  if (a.kind == Value::Kind::Str && b.kind == Value::Kind::Str) {
    switch (op) {
    case CmpOpKind::Eq:
      return a.s == b.s;
    case CmpOpKind::NotEq:
      return a.s != b.s;
    case CmpOpKind::Lt:
      return a.s < b.s;
    case CmpOpKind::LtE:
      return a.s <= b.s;
    case CmpOpKind::Gt:
      return a.s > b.s;
    case CmpOpKind::GtE:
      return a.s >= b.s;
    default:
      break;
    }
  }
  if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) {
    bool eq = a.kind == b.kind && a.kind == Value::Kind::None;
    return op == CmpOpKind::Eq ? eq : !eq;
  }
  fail(loc, std::string("'") + spelling(op) + "' is not supported between '" + kind_name(a.kind) +
                "' and '" + kind_name(b.kind) + "'");
}

// Sign-extends or truncates like TVM's GetFoldResultInt64Repr.
int64_t wrap_to(DataType t, uint64_t x) {
  if (t.bits < 64)
    x &= (uint64_t{1} << t.bits) - 1;
  if (t.is_int() && t.bits < 64) {
    uint64_t m = uint64_t{1} << (t.bits - 1);
    x = (x ^ m) - m;
  }
  return static_cast<int64_t>(x);
}

// A Python int / PrimExpr of signed-int dtype (TVM's _dtype_is_int, for the `/` check).
bool int_like(const Value &v) {
  if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool)
    return true;
  if (v.kind == Value::Kind::Expr)
    return v.expr->dtype.is_int();
  if (v.kind == Value::Kind::Region)
    return v.buffer && v.buffer->dtype.is_int();
  return false;
}

} // namespace

PrimExpr float_imm(DataType t, double v, SourceLoc loc) {
  return std::make_shared<FloatImmNode>(t, v, loc);
}

PrimExpr builtin_call(std::string_view op, std::vector<PrimExpr> args, SourceLoc loc) {
  const BuiltinInfo *info = find_builtin_by_op(op);
  DataType t = args.empty() ? DataType::Int(32) : args[0]->dtype;
  if (info)
    if (auto d = builtin_result_dtype(*info, args))
      t = *d;
  return std::make_shared<CallNode>(t, std::string(op), nullptr, std::move(args), loc);
}

// ---------------------------------------------------------------- conversions

PrimExpr Builder::int_imm(__int128 v, SourceLoc loc) {
  if (v >= std::numeric_limits<int32_t>::min() && v <= std::numeric_limits<int32_t>::max())
    return make_int(DataType::Int(32), static_cast<int64_t>(v), loc);
  if (v >= kI64Min && v <= kI64Max)
    return make_int(DataType::Int(64), static_cast<int64_t>(v), loc);
  fail(loc, "integer constant does not fit in int64");
}

PrimExpr Builder::to_prim(const Value &v, SourceLoc loc, const char *what) {
  switch (v.kind) {
  case Value::Kind::Int:
    return int_imm(v.i, loc);
  case Value::Kind::Bool:
    return make_bool(v.b, loc);
  case Value::Kind::Float:
    return float_imm(DataType::Float(32), v.f, loc);
  case Value::Kind::Str:
    return std::make_shared<StringImmNode>(v.s, loc);
  case Value::Kind::Expr:
    return v.expr;
  case Value::Kind::Region: {
    std::vector<PrimExpr> idx = store_indices(v.buffer, v.elements(), loc);
    return make_buffer_load(v.buffer, std::move(idx), loc);
  }
  default:
    break;
  }
  fail(loc, std::string("expected ") + what + ", got " + kind_name(v.kind));
}

PrimExpr Builder::adapt_literal(const Value &lit, DataType target, SourceLoc loc) {
  DataType elem = target.element_of();
  PrimExpr s;
  if (elem.is_integer() && lit.kind != Value::Kind::Float) {
    __int128 v = as_int(lit);
    if (v < kI64Min || v > kI64Max)
      fail(loc, "integer constant does not fit in int64");
    s = make_int(elem, static_cast<int64_t>(v), loc);
  } else if (elem.is_floating()) {
    s = float_imm(elem, as_double(lit), loc);
  } else {
    s = to_prim(lit, loc);
  }
  if (target.lanes > 1 && s->dtype == elem)
    s = std::make_shared<BroadcastNode>(s, target.lanes, loc);
  return s;
}

std::pair<PrimExpr, PrimExpr> Builder::match_operands(const Value &a, const Value &b,
                                                      SourceLoc loc) {
  bool la = a.is_number(), lb = b.is_number();
  if (la && !lb) {
    PrimExpr y = to_prim(b, loc);
    return {adapt_literal(a, y->dtype, loc), y};
  }
  if (!la && lb) {
    PrimExpr x = to_prim(a, loc);
    return {x, adapt_literal(b, x->dtype, loc)};
  }
  return {to_prim(a, loc), to_prim(b, loc)};
}

PrimExpr Builder::difference(const Value &stop, const Value &start, SourceLoc loc) {
  if ((stop.kind == Value::Kind::Int || stop.kind == Value::Kind::Bool) &&
      (start.kind == Value::Kind::Int || start.kind == Value::Kind::Bool)) {
    __int128 r;
    if (__builtin_sub_overflow(as_int(stop), as_int(start), &r))
      overflow(loc);
    return int_imm(r, loc);
  }
  // TVM computes loop and domain extents in C++ (`stop - start` on PrimExprs), so a Python
  // literal here is an int32 IntImm, not a constant that adapts to the other operand, and
  // integer operands of different widths meet at the wider one (BinaryOpMatchTypes), with a
  // constant simply re-typed.
  PrimExpr s = to_prim(stop, stop.loc.known() ? stop.loc : loc, "a loop bound");
  PrimExpr b = to_prim(start, start.loc.known() ? start.loc : loc, "a loop bound");
  if (s->dtype.is_integer() && b->dtype.is_integer() && s->dtype.is_scalar() &&
      b->dtype.is_scalar() && s->dtype.bits != b->dtype.bits) {
    auto widen = [&](PrimExpr &narrow, DataType wide) {
      if (auto *imm = as<IntImmNode>(narrow))
        narrow = make_int(wide, imm->value, narrow->loc);
      else
        narrow = std::make_shared<CastNode>(wide, narrow, narrow->loc);
    };
    if (s->dtype.bits < b->dtype.bits)
      widen(s, b->dtype.with_lanes(1));
    else
      widen(b, s->dtype.with_lanes(1));
  }
  if (auto d = constant_difference(s, b))
    return make_int(s->dtype, *d, loc);
  if (auto *z = as<IntImmNode>(b); z && z->value == 0)
    return s;
  return make_binary(ExprKind::Sub, s, b, loc);
}

std::vector<PrimExpr> Builder::store_indices(const Buffer &buf, const std::vector<Value> &idx,
                                             SourceLoc loc) {
  std::vector<PrimExpr> out;
  out.reserve(idx.size());
  for (size_t d = 0; d < idx.size(); ++d) {
    const Value &v = idx[d];
    if (v.kind != Value::Kind::Slice) {
      out.push_back(to_prim(v, v.loc.known() ? v.loc : loc, "a buffer index"));
      continue;
    }
    const auto &parts = v.elements(); // lower, upper, step
    SourceLoc sl = v.loc.known() ? v.loc : loc;
    Value start = parts[0].kind == Value::Kind::None ? Value::integer(0, sl) : parts[0];
    Value stop = parts[1];
    if (stop.kind == Value::Kind::None) {
      if (d >= buf->shape.size())
        fail(sl, "slice without an end on a dimension the buffer does not have");
      stop = Value::of(buf->shape[d], sl);
    }
    __int128 step = 1;
    if (parts[2].kind != Value::Kind::None) {
      const Value &st = parts[2];
      if (st.kind == Value::Kind::Int || st.kind == Value::Kind::Bool)
        step = as_int(st);
      else if (st.kind == Value::Kind::Expr && as<IntImmNode>(st.expr))
        step = as<IntImmNode>(st.expr)->value;
      else
        fail(sl, "slice step must be a constant integer");
      if (step == 0)
        fail(sl, "slice step cannot be zero");
    }
    // A constant bound, written as a Python number or bool or as a typed literal: TVM prints
    // the bool start of `A[1 > 8:2]` as `A[T.bool(False):2]`, and reads either as 2 lanes.
    auto constant_bound = [](const Value &b) -> std::optional<__int128> {
      if (b.kind == Value::Kind::Int || b.kind == Value::Kind::Bool)
        return as_int(b);
      if (b.kind == Value::Kind::Expr)
        if (const auto *imm = as<IntImmNode>(b.expr))
          return imm->value;
      return std::nullopt;
    };
    std::optional<int64_t> diff;
    const auto constant_stop = constant_bound(stop), constant_start = constant_bound(start);
    if (constant_stop && constant_start) {
      __int128 r = *constant_stop - *constant_start;
      if (r >= kI64Min && r <= kI64Max)
        diff = static_cast<int64_t>(r);
    } else {
      auto [s, b] = match_operands(stop, start, sl);
      diff = constant_difference(s, b);
    }
    if (!diff)
      fail(sl, "the length of this slice is not a constant (stop - start must be a constant number "
               "of lanes)");
    // Python's len(range(start, stop, step)). Deviation: TVM (Buffer.__getitem__ and
    // T.buffer_store) computes (stop - start + step - 1) // step, the same for positive steps but
    // two lanes too many for negative ones (A[7:3:-1] -> 6 lanes); we keep Python's meaning.
    __int128 lanes = step > 0 ? floordiv(static_cast<__int128>(*diff) + step - 1, step)
                              : floordiv(static_cast<__int128>(*diff) + step + 1, step);
    if (lanes < 1)
      fail(sl, "slice selects no elements");
    if (lanes > 65535)
      fail(sl, "slice is too long for a vector index");
    PrimExpr base = to_prim(start, sl, "a slice start");
    if (lanes == 1) {
      out.push_back(base);
      continue;
    }
    if (step < kI64Min || step > kI64Max)
      overflow(sl);
    PrimExpr stride = make_int(base->dtype.element_of(), static_cast<int64_t>(step), sl);
    out.push_back(std::make_shared<RampNode>(base, stride, static_cast<int>(lanes), sl));
  }
  return out;
}

BufferRegion Builder::to_region(const Value &v, SourceLoc loc) {
  BufferRegion r;
  r.loc = loc;
  if (v.kind == Value::Kind::Expr) {
    auto *load = as<BufferLoadNode>(v.expr);
    if (!load)
      fail(loc, "expected a buffer region such as A[0:4, i], got an expression");
    r.buffer = load->buffer;
    for (const auto &idx : load->indices) {
      if (idx->dtype.lanes != 1)
        fail(loc, "a vector index cannot describe a buffer region");
      r.region.push_back(Range{idx, make_int(idx->dtype, 1, loc), loc});
    }
    return r;
  }
  if (v.kind != Value::Kind::Region)
    fail(loc, std::string("expected a buffer region such as A[0:4, i], got ") + kind_name(v.kind));
  r.buffer = v.buffer;
  const auto &idx = v.elements();
  for (size_t d = 0; d < idx.size(); ++d) {
    const Value &x = idx[d];
    SourceLoc xl = x.loc.known() ? x.loc : loc;
    if (x.kind != Value::Kind::Slice) {
      PrimExpr e = to_prim(x, xl, "a buffer index");
      r.region.push_back(Range{e, make_int(e->dtype.element_of(), 1, xl), xl});
      continue;
    }
    const auto &parts = x.elements();
    if (parts[2].kind != Value::Kind::None) {
      const Value &st = parts[2];
      bool one = (st.kind == Value::Kind::Int && st.i == 1) ||
                 (st.kind == Value::Kind::Expr && as<IntImmNode>(st.expr) &&
                  as<IntImmNode>(st.expr)->value == 1);
      if (!one)
        fail(xl, "a strided slice cannot describe a buffer region");
    }
    Value start = parts[0].kind == Value::Kind::None ? Value::integer(0, xl) : parts[0];
    Value stop = parts[1];
    if (stop.kind == Value::Kind::None) {
      if (d >= v.buffer->shape.size())
        fail(xl, "slice without an end on a dimension the buffer does not have");
      stop = Value::of(v.buffer->shape[d], xl);
    }
    PrimExpr min = to_prim(start, xl, "a slice start");
    r.region.push_back(Range{min, difference(stop, start, xl), xl});
  }
  return r;
}

// ---------------------------------------------------------------- evaluation

namespace {

bool is_python_builtin(std::string_view n) {
  static constexpr std::string_view names[] = {
      "len", "int",        "float",   "str",   "bool",  "min", "max",
      "abs", "print",      "list",    "tuple", "dict",  "zip", "enumerate",
      "sum", "isinstance", "getattr", "type",  "round", "pow"};
  for (auto x : names)
    if (x == n)
      return true;
  return false;
}

} // namespace

static Value eval_name(Builder &b, const PyExpr *e, bool callee) {
  if (const Value *v = b.lookup(e->id)) {
    Value r = *v;
    r.loc = e->loc;
    return r;
  }
  if (b.lenient_shape_names && b.in_function())
    return Value::of(b.implicit_shape_var(e->id, e->loc), e->loc);
  std::string n(e->id);
  if (callee) {
    if (is_python_builtin(e->id))
      fail(e->loc, "Python builtin '" + n + "' is not supported in TVMScript");
    fail(e->loc, "undefined name '" + n + "'");
  }
  if (b.in_function()) {
    if (const bool *was_buffer = b.name_expired(e->id)) {
      if (*was_buffer)
        fail(e->loc, "buffer '" + n + "' is used outside the scope that declares it",
             "scope.buffer.out_of_scope");
      fail(e->loc, "'" + n + "' is used outside the scope that binds it", "scope.lexical");
    }
    fail(e->loc, "undefined variable '" + n + "'", "scope.unbound");
  }
  fail(e->loc, "undefined name '" + n + "'");
}

static Value eval_attribute(Builder &b, const PyExpr *e) {
  const PyExpr *base_e = e->a;
  Value base = base_e->kind == PyExprKind::Name ? eval_name(b, base_e, true) : b.eval(base_e);
  std::string attr(e->id);
  switch (base.kind) {
  case Value::Kind::Tir:
  case Value::Kind::Ir:
    return Value::member(base.kind, base.s.empty() ? attr : base.s + "." + attr, e->loc);
  case Value::Kind::ClassModule: {
    Value r = b.global_function(e->id, e->loc);
    return r;
  }
  case Value::Kind::Buffer: {
    const Buffer &buf = base.buffer;
    if (attr == "data")
      return Value::of(PrimExpr(buf->data), e->loc);
    if (attr == "dtype")
      return Value::str(to_string(buf->dtype), e->loc);
    if (attr == "name")
      return Value::str(buf->name, e->loc);
    if (attr == "elem_offset")
      return Value::of(buf->elem_offset, e->loc);
    if (attr == "shape" || attr == "strides") {
      std::vector<Value> items;
      for (const auto &x : attr == "shape" ? buf->shape : buf->strides)
        items.push_back(Value::of(x, e->loc));
      return Value::seq(Value::Kind::Tuple, std::move(items), e->loc);
    }
    if (attr == "vload" || attr == "vstore") {
      Value m = Value::member(Value::Kind::BufferMethod, attr, e->loc);
      m.buffer = buf;
      return m;
    }
    fail(e->loc, "Buffer has no attribute '" + attr + "' in TVMScript");
  }
  case Value::Kind::Expr:
    if (attr == "dtype")
      return Value::str(to_string(base.expr->dtype), e->loc);
    fail(e->loc, "PrimExpr has no attribute '" + attr + "' in TVMScript");
  default:
    fail(e->loc,
         std::string("'") + kind_name(base.kind) + "' object has no attribute '" + attr + "'");
  }
}

Value Builder::eval(const PyExpr *e) {
  SourceLoc loc = e->loc;
  switch (e->kind) {
  case PyExprKind::Name:
    return eval_name(*this, e, false);
  case PyExprKind::Constant:
    switch (e->ckind) {
    case ConstKind::None:
      return Value::none(loc);
    case ConstKind::Bool:
      return Value::boolean(e->bval, loc);
    case ConstKind::Int:
      return Value::integer(e->ival, loc);
    case ConstKind::Float:
      return Value::floating(e->fval, loc);
    case ConstKind::Str:
      return Value::str(*e->sval, loc);
    case ConstKind::Ellipsis:
      fail(loc, "'...' is not supported in TVMScript");
    }
    break;
  case PyExprKind::Attribute:
    return eval_attribute(*this, e);
  case PyExprKind::Call:
    return eval_call(e, nullptr);
  case PyExprKind::Subscript:
    return eval_subscript(e);
  case PyExprKind::Slice:
    fail(loc, "a slice is only allowed inside a subscript");
  case PyExprKind::Tuple:
  case PyExprKind::List: {
    std::vector<Value> items;
    items.reserve(e->elts.size());
    for (const PyExpr *x : e->elts)
      items.push_back(eval(x));
    return Value::seq(e->kind == PyExprKind::Tuple ? Value::Kind::Tuple : Value::Kind::List,
                      std::move(items), loc);
  }
  case PyExprKind::Dict: {
    std::vector<Value> items;
    for (size_t i = 0; i < e->elts.size(); ++i) {
      items.push_back(eval(e->elts[i]));
      items.push_back(eval(e->values[i]));
    }
    return Value::seq(Value::Kind::Dict, std::move(items), loc);
  }
  case PyExprKind::BinOp: {
    Value a = eval(e->a);
    Value b = eval(e->b);
    return binop(e->binop, a, b, loc);
  }
  case PyExprKind::UnaryOp:
    return unaryop(e->unop, eval(e->a), loc);
  case PyExprKind::BoolOp: {
    Value acc = eval(e->elts[0]);
    for (size_t i = 1; i < e->elts.size(); ++i)
      acc = boolop(e->boolop, acc, eval(e->elts[i]), loc);
    return acc;
  }
  case PyExprKind::Compare: {
    if (e->cmpops.size() != 1)
      fail(loc, "chained comparisons (a < b < c) are not supported in TVMScript");
    Value a = eval(e->a);
    Value b = eval(e->elts[0]);
    return compare(e->cmpops[0], a, b, loc);
  }
  case PyExprKind::Lambda: {
    Value r = Value::make(Value::Kind::Lambda, loc);
    r.lambda = e;
    return r;
  }
  case PyExprKind::IfExp: {
    Value cond = eval(e->a);
    Value yes = eval(e->b);
    Value no = eval(e->c);
    if (!is_python(cond) && !cond.is_sequence())
      fail(loc, "a conditional expression needs a Python condition; use T.Select or T.if_then_else "
                "for a PrimExpr");
    return truthy(cond) ? yes : no;
  }
  }
  fail(loc, "unsupported expression");
}

Value Builder::call_lambda(const Value &lambda, const std::vector<Value> &args, SourceLoc loc) {
  const PyExpr *lam = lambda.lambda;
  if (lam->elts.size() != args.size())
    fail(loc, "the lambda takes " + std::to_string(lam->elts.size()) + " parameters, given " +
                  std::to_string(args.size()));
  push_scope();
  for (size_t i = 0; i < args.size(); ++i)
    bind(lam->elts[i]->id, args[i]);
  Value r = eval(lam->a);
  pop_scope();
  return r;
}

Value Builder::eval_subscript(const PyExpr *e) {
  SourceLoc loc = e->loc;
  Value base = eval(e->a);
  const PyExpr *s = e->b;
  std::vector<const PyExpr *> parts;
  if (s->kind == PyExprKind::Tuple)
    parts.assign(s->elts.begin(), s->elts.end());
  else
    parts.push_back(s);
  if (base.kind == Value::Kind::Buffer) {
    std::vector<Value> idx;
    bool has_slice = false;
    for (const PyExpr *p : parts) {
      if (p->kind == PyExprKind::Slice) {
        has_slice = true;
        std::vector<Value> pieces;
        for (const PyExpr *x : {p->a, p->b, p->c})
          pieces.push_back(x ? eval(x) : Value::none(p->loc));
        idx.push_back(Value::seq(Value::Kind::Slice, std::move(pieces), p->loc));
      } else {
        idx.push_back(eval(p));
      }
    }
    if (has_slice) {
      Value r = Value::seq(Value::Kind::Region, std::move(idx), loc);
      r.buffer = base.buffer;
      return r;
    }
    std::vector<PrimExpr> indices;
    indices.reserve(idx.size());
    for (const Value &v : idx)
      indices.push_back(to_prim(v, v.loc, "a buffer index"));
    return Value::of(make_buffer_load(base.buffer, std::move(indices), loc), loc);
  }
  if (base.kind == Value::Kind::Tir && (base.s == "Buffer" || base.s == "buffer")) {
    // Deprecated T.Buffer[shape, dtype] spelling.
    CallArgs args;
    args.loc = loc;
    if (s->kind == PyExprKind::Tuple && s->elts.size() >= 2 &&
        s->elts[1]->kind == PyExprKind::Constant && s->elts[1]->ckind == ConstKind::Str) {
      for (const PyExpr *p : s->elts)
        args.args.push_back(eval(p));
    } else {
      args.args.push_back(eval(s));
    }
    return call_tir(base.s, args, nullptr);
  }
  if (base.is_sequence()) {
    if (parts.size() != 1 || s->kind == PyExprKind::Slice)
      fail(loc, "only integer indexing of a list or tuple is supported");
    Value i = eval(s);
    if (i.kind != Value::Kind::Int && i.kind != Value::Kind::Bool)
      fail(i.loc, "list and tuple indices must be integers");
    __int128 n = static_cast<__int128>(base.elements().size());
    __int128 k = as_int(i);
    if (k < 0)
      k += n;
    if (k < 0 || k >= n)
      fail(i.loc, "index out of range");
    Value r = base.elements()[static_cast<size_t>(k)];
    r.loc = loc;
    return r;
  }
  fail(loc, std::string("'") + kind_name(base.kind) + "' object is not subscriptable");
}

Value Builder::eval_call(const PyExpr *e, const NameHints *names) {
  const PyExpr *f = e->a;
  Value callee = f->kind == PyExprKind::Name ? eval_name(*this, f, true) : eval(f);
  CallArgs args;
  args.loc = e->loc;
  args.args.reserve(e->elts.size());
  // Undefined names in a buffer shape become new int32 Vars (see implicit_shape_var).
  int lenient_pos = -1;
  if (callee.kind == Value::Kind::Tir) {
    if ((callee.s == "Buffer" || callee.s == "buffer") && in_param_annotation)
      lenient_pos = 0;
    if (callee.s == "match_buffer")
      lenient_pos = 1;
  }
  for (size_t i = 0; i < e->elts.size(); ++i) {
    bool saved = lenient_shape_names;
    if (static_cast<int>(i) == lenient_pos)
      lenient_shape_names = true;
    args.args.push_back(eval(e->elts[i]));
    lenient_shape_names = saved;
  }
  for (const auto &[k, v] : e->keywords) {
    bool saved = lenient_shape_names;
    if (lenient_pos >= 0 && k == "shape")
      lenient_shape_names = true;
    args.kwargs.emplace_back(k, eval(v));
    lenient_shape_names = saved;
  }
  switch (callee.kind) {
  case Value::Kind::Tir:
    if (callee.s.empty())
      fail(f->loc, "the module T is not callable");
    return call_tir(callee.s, args, names);
  case Value::Kind::GlobalFunc:
    return call_global(callee, args);
  case Value::Kind::BufferMethod:
    return call_buffer_method(callee, args);
  case Value::Kind::Lambda:
    fail(f->loc, "a lambda is only read as the combiner of T.comm_reducer");
  case Value::Kind::Ir:
    fail(f->loc, "I." + callee.s + " is only supported as the @I.ir_module decorator");
  default:
    break;
  }
  fail(f->loc, std::string("'") + kind_name(callee.kind) + "' object is not callable");
}

// ---------------------------------------------------------------- operators

Value Builder::binop(BinOpKind op, const Value &a, const Value &b, SourceLoc loc) {
  if (a.is_number() && b.is_number())
    return py_binop(op, a, b, loc);
  if (op == BinOpKind::Add && a.kind == Value::Kind::Str && b.kind == Value::Kind::Str)
    return Value::str(a.s + b.s, loc);
  bool ok_a = a.is_number() || a.is_prim_like(), ok_b = b.is_number() || b.is_prim_like();
  if (!ok_a || !ok_b)
    fail(loc, std::string("unsupported operand types for ") + spelling(op) + ": '" +
                  kind_name(a.kind) + "' and '" + kind_name(b.kind) + "'");
  if (op == BinOpKind::Div && int_like(a) && int_like(b))
    fail(loc, "integer division with '/' is ambiguous in TVMScript; use '//' (floor division) or "
              "T.truncdiv");
  if (op == BinOpKind::Pow)
    fail(loc, "'**' is not supported on PrimExprs; use T.pow");
  if (op == BinOpKind::MatMult)
    fail(loc, "'@' is not supported on PrimExprs");
  auto [x, y] = match_operands(a, b, loc);
  switch (op) {
  case BinOpKind::Add:
    return Value::of(make_binary(ExprKind::Add, x, y, loc), loc);
  case BinOpKind::Sub:
    return Value::of(make_binary(ExprKind::Sub, x, y, loc), loc);
  case BinOpKind::Mult:
    return Value::of(make_binary(ExprKind::Mul, x, y, loc), loc);
  case BinOpKind::Div:
    return Value::of(make_binary(ExprKind::Div, x, y, loc), loc);
  case BinOpKind::FloorDiv:
    return Value::of(make_binary(ExprKind::FloorDiv, x, y, loc), loc);
  case BinOpKind::Mod:
    return Value::of(make_binary(ExprKind::FloorMod, x, y, loc), loc);
  case BinOpKind::LShift:
    return Value::of(builtin_call("tir.shift_left", {x, y}, loc), loc);
  case BinOpKind::RShift:
    return Value::of(builtin_call("tir.shift_right", {x, y}, loc), loc);
  case BinOpKind::BitAnd:
    return Value::of(builtin_call("tir.bitwise_and", {x, y}, loc), loc);
  case BinOpKind::BitOr:
    return Value::of(builtin_call("tir.bitwise_or", {x, y}, loc), loc);
  case BinOpKind::BitXor:
    return Value::of(builtin_call("tir.bitwise_xor", {x, y}, loc), loc);
  default:
    break;
  }
  fail(loc, "unsupported operator");
}

Value Builder::compare(CmpOpKind op, const Value &a, const Value &b, SourceLoc loc) {
  if (op == CmpOpKind::Is || op == CmpOpKind::IsNot || op == CmpOpKind::In ||
      op == CmpOpKind::NotIn)
    fail(loc, std::string("'") + spelling(op) + "' is not supported in TVMScript");
  if (is_python(a) && is_python(b))
    return Value::boolean(py_compare(op, a, b, loc), loc);
  bool ok_a = a.is_number() || a.is_prim_like(), ok_b = b.is_number() || b.is_prim_like();
  if (!ok_a || !ok_b)
    fail(loc, std::string("'") + spelling(op) + "' is not supported between '" + kind_name(a.kind) +
                  "' and '" + kind_name(b.kind) + "'");
  auto [x, y] = match_operands(a, b, loc);
  ExprKind k = ExprKind::EQ;
  switch (op) {
  case CmpOpKind::Eq:
    k = ExprKind::EQ;
    break;
  case CmpOpKind::NotEq:
    k = ExprKind::NE;
    break;
  case CmpOpKind::Lt:
    k = ExprKind::LT;
    break;
  case CmpOpKind::LtE:
    k = ExprKind::LE;
    break;
  case CmpOpKind::Gt:
    k = ExprKind::GT;
    break;
  case CmpOpKind::GtE:
    k = ExprKind::GE;
    break;
  default:
    break;
  }
  return Value::of(make_binary(k, x, y, loc), loc);
}

Value Builder::boolop(BoolOpKind op, const Value &a, const Value &b, SourceLoc loc) {
  if (is_python(a) && is_python(b)) {
    if (op == BoolOpKind::And)
      return truthy(a) ? b : a;
    return truthy(a) ? a : b;
  }
  auto operand = [&](const Value &v) -> PrimExpr {
    if (v.kind == Value::Kind::Bool)
      return make_bool(v.b, loc);
    if (v.is_prim_like())
      return to_prim(v, loc);
    fail(loc, std::string("'") + (op == BoolOpKind::And ? "and" : "or") +
                  "' needs boolean PrimExprs, got " + kind_name(v.kind));
  };
  PrimExpr x = operand(a), y = operand(b);
  if (x->dtype.lanes > 1 || y->dtype.lanes > 1)
    return Value::of(
        builtin_call(op == BoolOpKind::And ? "tir.bitwise_and" : "tir.bitwise_or", {x, y}, loc),
        loc);
  return Value::of(make_binary(op == BoolOpKind::And ? ExprKind::And : ExprKind::Or, x, y, loc),
                   loc);
}

PrimExpr Builder::negate(const PrimExpr &x, SourceLoc loc) {
  DataType t = x->dtype;
  // TVM: x * const(-1, dtype), constant-folded by TryConstFold<Mul> for int and 32/64-bit floats.
  if (auto *imm = as<IntImmNode>(x); imm && t.is_int()) {
    return make_int(t, wrap_to(t, uint64_t{0} - static_cast<uint64_t>(imm->value)), loc);
  }
  if (auto *f = as<FloatImmNode>(x); f && t.is_float() && (t.bits == 32 || t.bits == 64)) {
    double v = f->value;
    if (t.bits == 32 && std::isfinite(v)) {
      if (std::fabs(v) > FLT_MAX)
        return float_imm(t, v > 0 ? -INFINITY : INFINITY, loc);
      return float_imm(t, static_cast<double>(static_cast<float>(v) * -1.0f), loc);
    }
    return float_imm(t, -v, loc);
  }
  PrimExpr minus_one;
  DataType elem = t.element_of();
  if (elem.is_floating())
    minus_one = float_imm(elem, -1.0, loc);
  else if (elem.is_integer())
    minus_one = make_int(elem, -1, loc);
  else
    fail(loc, "cannot negate a value of type " + to_string(t));
  if (t.lanes > 1)
    minus_one = std::make_shared<BroadcastNode>(minus_one, t.lanes, loc);
  return make_binary(ExprKind::Mul, x, minus_one, loc);
}

Value Builder::unaryop(UnaryOpKind op, const Value &v, SourceLoc loc) {
  switch (op) {
  case UnaryOpKind::Not:
    if (is_python(v) || v.is_sequence())
      return Value::boolean(!truthy(v), loc);
    return Value::of(std::make_shared<NotNode>(to_prim(v, loc), loc), loc);
  case UnaryOpKind::USub:
    if (v.kind == Value::Kind::Float)
      return Value::floating(-v.f, loc);
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool) {
      __int128 r;
      if (__builtin_sub_overflow(static_cast<__int128>(0), as_int(v), &r))
        overflow(loc);
      return Value::integer(r, loc);
    }
    if (v.is_prim_like())
      return Value::of(negate(to_prim(v, loc), loc), loc);
    break;
  case UnaryOpKind::UAdd:
    if (v.kind == Value::Kind::Float)
      return v;
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool)
      return Value::integer(as_int(v), loc);
    if (v.is_prim_like())
      fail(loc, "unary '+' is not supported on PrimExprs");
    break;
  case UnaryOpKind::Invert:
    if (v.kind == Value::Kind::Int || v.kind == Value::Kind::Bool)
      return Value::integer(~as_int(v), loc);
    if (v.is_prim_like()) {
      PrimExpr x = to_prim(v, loc);
      if (x->dtype.is_floating())
        fail(loc, "Cannot use ~ operator on float type Expr.");
      return Value::of(builtin_call("tir.bitwise_not", {x}, loc), loc);
    }
    break;
  }
  fail(loc, std::string("bad operand type for unary operator: '") + kind_name(v.kind) + "'");
}

} // namespace tirconf::ir::script
