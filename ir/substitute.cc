#include "ir/substitute.h"

#include "ir/mutator.h"

namespace tirconf::ir {

namespace {

class Substituter : public IRMutator {
public:
  explicit Substituter(const VarMap &map) : map_(map) {}

protected:
  PrimExpr VisitExpr_(const VarNode *op) override {
    auto it = map_.find(op);
    return it == map_.end() ? IRMutator::VisitExpr_(op) : it->second;
  }

private:
  const VarMap &map_;
};

} // namespace

PrimExpr substitute(const PrimExpr &e, const VarMap &map) {
  return map.empty() ? e : Substituter(map).VisitExpr(e);
}

Stmt substitute(const Stmt &s, const VarMap &map) {
  return map.empty() ? s : Substituter(map).VisitStmt(s);
}

} // namespace tirconf::ir
