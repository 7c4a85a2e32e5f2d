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

std::string dtype_str(DataType t) {
  return to_string(t);
}
std::string dtype_literal(DataType t) {
  return python_str_literal(to_string(t));
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
