#include "oracle/typecheck/const_fold.h"

#include <limits>

#include "ir/buffer.h"
#include "ir/functor.h"
#include "oracle/arith/simplify.h"

namespace tirconf::oracle::typecheck {
namespace {

using namespace ir;

bool is_int_scalar(DataType t) {
  return t.is_integer() && t.lanes == 1;
}

// The value v (any 64-bit pattern) as a value of the integer type t: the low t.bits bits,
// sign-extended for Int and zero-extended for UInt (TIR integers wrap, "Binary ops" 2).
int64_t wrap(uint64_t v, DataType t) {
  int bits = t.bits;
  if (bits == 0 || bits >= 64)
    return static_cast<int64_t>(v);
  uint64_t mask = (uint64_t{1} << bits) - 1;
  v &= mask;
  if (t.is_int() && ((v >> (bits - 1)) & 1))
    v |= ~mask;
  return static_cast<int64_t>(v);
}

uint64_t u(int64_t v) {
  return static_cast<uint64_t>(v);
}

// Adds k * b into a, with coefficients wrapped to t.
void accumulate(LinearForm &a, const LinearForm &b, int64_t k, DataType t) {
  a.constant = wrap(u(a.constant) + u(b.constant) * u(k), t);
  for (const auto &[atom, c] : b.terms) {
    int64_t add = wrap(u(c) * u(k), t);
    bool merged = false;
    for (auto &term : a.terms)
      if (exact_equal(term.first, atom)) {
        term.second = wrap(u(term.second) + u(add), t);
        merged = true;
        break;
      }
    if (!merged)
      a.terms.emplace_back(atom, add);
  }
  std::erase_if(a.terms, [](const auto &term) { return term.second == 0; });
}

// Re-reads every coefficient as a value of t (after a Cast or between dtypes).
LinearForm rewrap(LinearForm f, DataType t) {
  LinearForm out;
  accumulate(out, f, 1, t);
  return out;
}

LinearForm constant(int64_t v) {
  LinearForm f;
  f.constant = v;
  return f;
}

LinearForm atom(const PrimExpr &e) {
  LinearForm f;
  f.terms.emplace_back(e, 1);
  return f;
}

bool same_form(const LinearForm &a, const LinearForm &b) {
  LinearForm d = a;
  accumulate(d, b, -1, DataType::Int(64));
  return d.terms.empty() && d.constant == 0;
}

// Comparison of two constants of type t.
bool less(int64_t a, int64_t b, DataType t) {
  return t.is_uint() ? u(a) < u(b) : a < b;
}

// Integer division and remainder on constants of type t with TIR's rules ("Binary ops" 6-9).
// nullopt for division by zero and for INT_MIN / -1 (unspecified, unspec.int_min_div).
std::optional<int64_t> divide(ExprKind k, int64_t a, int64_t b, DataType t) {
  if (b == 0 || t.bits == 0)
    return std::nullopt;
  if (t.is_uint()) {
    uint64_t x = u(a), y = u(b);
    bool rem = k == ExprKind::Mod || k == ExprKind::FloorMod;
    return wrap(rem ? x % y : x / y, t);
  }
  if (b == -1 && a == wrap(u(1) << (t.bits >= 64 ? 63 : t.bits - 1), t))
    return std::nullopt;
  int64_t q = a / b, r = a % b; // C++: truncating, as TIR's Div and Mod
  switch (k) {
  case ExprKind::Div:
    return wrap(u(q), t);
  case ExprKind::Mod:
    return wrap(u(r), t);
  case ExprKind::FloorDiv:
    return wrap(u((r != 0 && ((r < 0) != (b < 0))) ? q - 1 : q), t);
  case ExprKind::FloorMod:
    return wrap(u((r != 0 && ((r < 0) != (b < 0))) ? r + b : r), t);
  default:
    return std::nullopt;
  }
}

// A Cast between integer types that keeps every value of the source (so the form carries over).
bool value_preserving(DataType from, DataType to) {
  if (from.is_int() && to.is_int())
    return to.bits >= from.bits;
  if (from.is_uint() && to.is_uint())
    return to.bits >= from.bits;
  if (from.is_uint() && to.is_int())
    return to.bits > from.bits;
  return false;
}

class Linearizer : public ExprFunctor<std::optional<LinearForm>(const PrimExpr &)> {
public:
  std::optional<LinearForm> Of(const PrimExpr &e) {
    if (!e || !is_int_scalar(e->dtype))
      return std::nullopt;
    return VisitExpr(e);
  }

protected:
  using R = std::optional<LinearForm>;

  R Const(const PrimExpr &e) {
    auto f = Of(e);
    if (f && f->is_constant())
      return f;
    return std::nullopt;
  }

  R VisitExpr_(const VarNode *op) override { return atom(op->shared_from_this()); }
  R VisitExpr_(const IntImmNode *op) override { return constant(wrap(u(op->value), op->dtype)); }
  R VisitExpr_(const FloatImmNode *op) override { return std::nullopt; }
  R VisitExpr_(const StringImmNode *op) override { return std::nullopt; }
  R VisitExpr_(const CastNode *op) override {
    auto self = op->shared_from_this();
    if (!op->value || !is_int_scalar(op->value->dtype))
      return atom(self);
    auto f = Of(op->value);
    if (!f)
      return atom(self);
    if (f->is_constant())
      return constant(wrap(u(f->constant), op->dtype));
    if (value_preserving(op->value->dtype, op->dtype))
      return rewrap(*f, op->dtype);
    return atom(self);
  }
  R VisitExpr_(const SelectNode *op) override {
    if (auto c = Const(op->condition))
      return Of(c->constant ? op->true_value : op->false_value);
    auto t = Of(op->true_value), f = Of(op->false_value);
    if (t && f && same_form(*t, *f))
      return t;
    return atom(op->shared_from_this());
  }
  R VisitExpr_(const BufferLoadNode *op) override { return atom(op->shared_from_this()); }
  R VisitExpr_(const RampNode *op) override { return std::nullopt; }
  R VisitExpr_(const BroadcastNode *op) override { return std::nullopt; }
  R VisitExpr_(const LetNode *op) override { return atom(op->shared_from_this()); }
  R VisitExpr_(const CallNode *op) override { return atom(op->shared_from_this()); }
  R VisitExpr_(const ShuffleNode *op) override { return std::nullopt; }

  R VisitExpr_(const AddNode *op) override { return AddSub(op, 1); }
  R VisitExpr_(const SubNode *op) override { return AddSub(op, -1); }
  R AddSub(const BinaryNode *op, int64_t sign) {
    auto a = Of(op->a), b = Of(op->b);
    if (!a || !b)
      return atom(op->shared_from_this());
    LinearForm r = rewrap(*a, op->dtype);
    accumulate(r, *b, sign, op->dtype);
    return r;
  }
  R VisitExpr_(const MulNode *op) override {
    auto a = Of(op->a), b = Of(op->b);
    if (a && b && b->is_constant()) {
      LinearForm r;
      accumulate(r, *a, b->constant, op->dtype);
      return r;
    }
    if (a && b && a->is_constant()) {
      LinearForm r;
      accumulate(r, *b, a->constant, op->dtype);
      return r;
    }
    return atom(op->shared_from_this());
  }
  R Division(const BinaryNode *op) {
    auto a = Of(op->a), b = Const(op->b);
    if (a && b) {
      if (a->is_constant()) {
        if (auto v = divide(op->kind, a->constant, b->constant, op->dtype))
          return constant(*v);
      } else if (b->constant > 0) {
        // Every coefficient a multiple of the divisor: exact, assuming no overflow (see header).
        int64_t k = b->constant;
        bool exact = a->constant % k == 0;
        for (const auto &[at, c] : a->terms)
          exact = exact && c % k == 0;
        if (exact) {
          if (op->kind == ExprKind::Mod || op->kind == ExprKind::FloorMod)
            return constant(0);
          LinearForm r;
          r.constant = a->constant / k;
          for (const auto &[at, c] : a->terms)
            r.terms.emplace_back(at, c / k);
          return r;
        }
      }
    }
    return atom(op->shared_from_this());
  }
  R VisitExpr_(const DivNode *op) override { return Division(op); }
  R VisitExpr_(const ModNode *op) override { return Division(op); }
  R VisitExpr_(const FloorDivNode *op) override { return Division(op); }
  R VisitExpr_(const FloorModNode *op) override { return Division(op); }
  R MinMax(const BinaryNode *op, bool is_min) {
    auto a = Of(op->a), b = Of(op->b);
    if (a && b && a->is_constant() && b->is_constant()) {
      bool a_less = less(a->constant, b->constant, op->dtype);
      return constant(is_min == a_less ? a->constant : b->constant);
    }
    if (a && b && same_form(*a, *b))
      return a;
    return atom(op->shared_from_this());
  }
  R VisitExpr_(const MinNode *op) override { return MinMax(op, true); }
  R VisitExpr_(const MaxNode *op) override { return MinMax(op, false); }

  R Compare(const BinaryNode *op) {
    auto a = Of(op->a), b = Of(op->b);
    if (!a || !b || !a->is_constant() || !b->is_constant())
      return atom(op->shared_from_this());
    DataType t = op->a->dtype;
    int64_t x = a->constant, y = b->constant;
    bool r = false;
    switch (op->kind) {
    case ExprKind::EQ:
      r = x == y;
      break;
    case ExprKind::NE:
      r = x != y;
      break;
    case ExprKind::LT:
      r = less(x, y, t);
      break;
    case ExprKind::LE:
      r = !less(y, x, t);
      break;
    case ExprKind::GT:
      r = less(y, x, t);
      break;
    case ExprKind::GE:
      r = !less(x, y, t);
      break;
    default:
      return atom(op->shared_from_this());
    }
    return constant(r ? 1 : 0);
  }
  R VisitExpr_(const EQNode *op) override { return Compare(op); }
  R VisitExpr_(const NENode *op) override { return Compare(op); }
  R VisitExpr_(const LTNode *op) override { return Compare(op); }
  R VisitExpr_(const LENode *op) override { return Compare(op); }
  R VisitExpr_(const GTNode *op) override { return Compare(op); }
  R VisitExpr_(const GENode *op) override { return Compare(op); }
  R VisitExpr_(const AndNode *op) override {
    auto a = Const(op->a), b = Const(op->b);
    if (a && !a->constant)
      return constant(0);
    if (a && b)
      return constant(b->constant ? 1 : 0);
    return atom(op->shared_from_this());
  }
  R VisitExpr_(const OrNode *op) override {
    auto a = Const(op->a), b = Const(op->b);
    if (a && a->constant)
      return constant(1);
    if (a && b)
      return constant(b->constant ? 1 : 0);
    return atom(op->shared_from_this());
  }
  R VisitExpr_(const NotNode *op) override {
    if (auto a = Const(op->a))
      return constant(a->constant ? 0 : 1);
    return atom(op->shared_from_this());
  }
};

class ExactEqual : public ExprFunctor<bool(const PrimExpr &, const PrimExpr &)> {
public:
  bool Eq(const PrimExpr &a, const PrimExpr &b) {
    if (a == b)
      return true;
    if (!a || !b || a->kind != b->kind || a->dtype != b->dtype)
      return false;
    return VisitExpr(a, b);
  }

protected:
  bool Eqs(const std::vector<PrimExpr> &a, const std::vector<PrimExpr> &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!Eq(a[i], b[i]))
        return false;
    return true;
  }
  template <class T> static const T *other(const PrimExpr &b) {
    return static_cast<const T *>(b.get());
  }

  bool VisitExpr_(const VarNode *op, const PrimExpr &b) override { return false; } // identity only
  bool VisitExpr_(const IntImmNode *op, const PrimExpr &b) override {
    return op->value == other<IntImmNode>(b)->value;
  }
  bool VisitExpr_(const FloatImmNode *op, const PrimExpr &b) override {
    double x = op->value, y = other<FloatImmNode>(b)->value;
    return x == y || (x != x && y != y);
  }
  bool VisitExpr_(const StringImmNode *op, const PrimExpr &b) override {
    return op->value == other<StringImmNode>(b)->value;
  }
  bool VisitExpr_(const CastNode *op, const PrimExpr &b) override {
    return Eq(op->value, other<CastNode>(b)->value);
  }
  bool VisitExpr_(const SelectNode *op, const PrimExpr &b) override {
    auto *o = other<SelectNode>(b);
    return Eq(op->condition, o->condition) && Eq(op->true_value, o->true_value) &&
           Eq(op->false_value, o->false_value);
  }
  bool VisitExpr_(const BufferLoadNode *op, const PrimExpr &b) override {
    auto *o = other<BufferLoadNode>(b);
    return op->buffer == o->buffer && Eqs(op->indices, o->indices);
  }
  bool VisitExpr_(const RampNode *op, const PrimExpr &b) override {
    auto *o = other<RampNode>(b);
    return op->lanes == o->lanes && Eq(op->base, o->base) && Eq(op->stride, o->stride);
  }
  bool VisitExpr_(const BroadcastNode *op, const PrimExpr &b) override {
    auto *o = other<BroadcastNode>(b);
    return op->lanes == o->lanes && Eq(op->value, o->value);
  }
  bool VisitExpr_(const LetNode *op, const PrimExpr &b) override {
    auto *o = other<LetNode>(b);
    return op->var == o->var && Eq(op->value, o->value) && Eq(op->body, o->body);
  }
  bool VisitExpr_(const CallNode *op, const PrimExpr &b) override {
    auto *o = other<CallNode>(b);
    return op->op == o->op && op->callee == o->callee && Eqs(op->args, o->args);
  }
  bool VisitExpr_(const ShuffleNode *op, const PrimExpr &b) override {
    auto *o = other<ShuffleNode>(b);
    return Eqs(op->vectors, o->vectors) && Eqs(op->indices, o->indices);
  }
#define TIR_BINARY_KIND(Name, op_)                                                                 \
  bool VisitExpr_(const Name##Node *op, const PrimExpr &b) override {                              \
    auto *o = other<Name##Node>(b);                                                                \
    return Eq(op->a, o->a) && Eq(op->b, o->b);                                                     \
  }
#include "ir/node_kinds.def"
  bool VisitExpr_(const NotNode *op, const PrimExpr &b) override {
    return Eq(op->a, other<NotNode>(b)->a);
  }
};

} // namespace

std::optional<LinearForm> linearize(const PrimExpr &e) {
  return Linearizer().Of(e);
}

std::optional<int64_t> fold_constant(const PrimExpr &e) {
  auto f = linearize(e);
  if (f && f->is_constant())
    return f->constant;
  return std::nullopt;
}

namespace {
// The verified simplifier (oracle/arith/simplify.h) rewrites with the catalog's rules proven at
// the expression's dtype, so that FloorDiv/FloorMod terms the linear form cannot look into
// become atoms it can compare ((x + 16) % 8 becomes x % 8). Its output refines its input, so
// wherever both sides evaluate they are equal when their simplified forms are.
PrimExpr simplified(const PrimExpr &e) {
  thread_local arith::Simplifier s;
  return s.simplify(e);
}
} // namespace

bool prove_equal(const PrimExpr &a, const PrimExpr &b) {
  auto fa = linearize(a), fb = linearize(b);
  if (fa && fb && same_form(*fa, *fb))
    return true;
  PrimExpr sa = simplified(a), sb = simplified(b);
  if (sa == a && sb == b)
    return false;
  fa = linearize(sa);
  fb = linearize(sb);
  return fa && fb && same_form(*fa, *fb);
}

bool prove_equal(const PrimExpr &a, int64_t value) {
  auto f = linearize(a);
  if (f && same_form(*f, constant(value)))
    return true;
  PrimExpr sa = simplified(a);
  if (sa == a)
    return false;
  f = linearize(sa);
  return f && same_form(*f, constant(value));
}

bool exact_equal(const PrimExpr &a, const PrimExpr &b) {
  return ExactEqual().Eq(a, b);
}

} // namespace tirconf::oracle::typecheck
