// Small IR helpers the printer's files share (TVM's tir/utils.h and ExprDeepEqual).
#include <cmath>

#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

bool is_const_int(const PrimExpr &e, int64_t v) {
  auto *i = as<IntImmNode>(e);
  return i && i->value == v;
}
bool is_zero(const PrimExpr &e) {
  return is_const_int(e, 0);
}
bool is_one(const PrimExpr &e) {
  return is_const_int(e, 1);
}

// Deviation: TVM's DataType parser does not know "boolx4" (its printer writes bool vectors as
// uint1x4, which both readers read as the bool vector).
std::string dtype_str(DataType t) {
  if (t.is_bool() && t.lanes > 1)
    return "uint1x" + std::to_string(t.lanes);
  return to_string(t);
}

// python/tvm/script/ir_builder/tir/ir.py defines the scalar constructors and, for the int,
// uint and float widths only, the vectors of 4 to 64 lanes (`_lanes = [4, 8, 16, 32, 64]`).
bool has_tvm_dtype_constructor(DataType t) {
  if (t.lanes == 1)
    return parse_dtype(to_string(t)) == t;
  bool lanes = t.lanes == 4 || t.lanes == 8 || t.lanes == 16 || t.lanes == 32 || t.lanes == 64;
  bool width = t.bits == 8 || t.bits == 16 || t.bits == 32 || t.bits == 64;
  switch (t.code) {
  case TypeCode::Int:
  case TypeCode::UInt:
    return lanes && width;
  case TypeCode::Float:
    return lanes && t.bits >= 16 && width;
  case TypeCode::BFloat:
  case TypeCode::Handle:
    return false;
  }
  return false;
}
std::string dtype_literal(DataType t) {
  return python_str_literal(dtype_str(t));
}

namespace {

class DeepEqual : public ExprFunctor<bool(const PrimExpr &, const PrimExpr &)> {
public:
  bool operator()(const PrimExpr &a, const PrimExpr &b) {
    if (a == b)
      return true;
    if (!a || !b || a->kind != b->kind || a->dtype != b->dtype)
      return false;
    return VisitExpr(a, b);
  }

private:
  bool all(const std::vector<PrimExpr> &a, const std::vector<PrimExpr> &b) {
    if (a.size() != b.size())
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!(*this)(a[i], b[i]))
        return false;
    return true;
  }
  template <class T> static const T *other(const PrimExpr &b) {
    return static_cast<const T *>(b.get());
  }

protected:
  bool VisitExpr_(const VarNode *a, const PrimExpr &b) override { return a == b.get(); }
  bool VisitExpr_(const IntImmNode *a, const PrimExpr &b) override {
    return a->value == other<IntImmNode>(b)->value;
  }
  bool VisitExpr_(const FloatImmNode *a, const PrimExpr &b) override {
    double x = a->value, y = other<FloatImmNode>(b)->value;
    return x == y || (std::isnan(x) && std::isnan(y));
  }
  bool VisitExpr_(const StringImmNode *a, const PrimExpr &b) override {
    return a->value == other<StringImmNode>(b)->value;
  }
  bool VisitExpr_(const CastNode *a, const PrimExpr &b) override {
    return (*this)(a->value, other<CastNode>(b)->value);
  }
  bool VisitExpr_(const SelectNode *a, const PrimExpr &b) override {
    auto *y = other<SelectNode>(b);
    return (*this)(a->condition, y->condition) && (*this)(a->true_value, y->true_value) &&
           (*this)(a->false_value, y->false_value);
  }
  bool VisitExpr_(const BufferLoadNode *a, const PrimExpr &b) override {
    auto *y = other<BufferLoadNode>(b);
    return a->buffer == y->buffer && all(a->indices, y->indices);
  }
  bool VisitExpr_(const RampNode *a, const PrimExpr &b) override {
    auto *y = other<RampNode>(b);
    return a->lanes == y->lanes && (*this)(a->base, y->base) && (*this)(a->stride, y->stride);
  }
  bool VisitExpr_(const BroadcastNode *a, const PrimExpr &b) override {
    auto *y = other<BroadcastNode>(b);
    return a->lanes == y->lanes && (*this)(a->value, y->value);
  }
  bool VisitExpr_(const LetNode *a, const PrimExpr &b) override {
    auto *y = other<LetNode>(b);
    return a->var == y->var && (*this)(a->value, y->value) && (*this)(a->body, y->body);
  }
  bool VisitExpr_(const CallNode *a, const PrimExpr &b) override {
    auto *y = other<CallNode>(b);
    return a->op == y->op && a->callee == y->callee && all(a->args, y->args);
  }
  bool VisitExpr_(const ShuffleNode *a, const PrimExpr &b) override {
    auto *y = other<ShuffleNode>(b);
    return all(a->vectors, y->vectors) && all(a->indices, y->indices);
  }
#define TIR_BINARY_KIND(Name, op)                                                                  \
  bool VisitExpr_(const Name##Node *a, const PrimExpr &b) override {                               \
    auto *y = other<Name##Node>(b);                                                                \
    return (*this)(a->a, y->a) && (*this)(a->b, y->b);                                             \
  }
#include "ir/node_kinds.def"
  bool VisitExpr_(const NotNode *a, const PrimExpr &b) override {
    return (*this)(a->a, other<NotNode>(b)->a);
  }
};

} // namespace

bool deep_equal(const PrimExpr &a, const PrimExpr &b) {
  return DeepEqual()(a, b);
}

bool has_vars(const PrimExpr &e) {
  return uses_var(e, [](const VarNode *) { return true; });
}

bool is_global_scope(const std::string &s) {
  return s.empty() || s == "global";
}

} // namespace tirconf::ir::printer
