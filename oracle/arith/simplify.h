// The verified simplifier: rewrites integer scalar expressions bottom-up to a fixpoint with
//   - constant folding, with the oracle's own arithmetic (oracle/numeric), never folding an
//     operation that faults (a zero divisor stays in the tree: its error is the program's);
//   - the catalog's rewrite rules (spec/rewrites), only at dtypes where the rule is claimed valid
//     (which `tirconf prove` checks with Z3), their side conditions decided exactly on constants
//     and with constant-interval bounds (oracle/arith/interval.h) on sub-expressions.
//
// Why it is sound: the prover checks each rule with its pattern variables standing for values.
// A sub-expression that can fault is not a value (it may raise an error or be unspecified, and a
// rule may drop, duplicate or reorder it), so a rule is applied only when every sub-expression
// its variables bind cannot fault, as far as the bounds can tell. Replacing a sub-expression by
// one that refines it refines the whole expression, since operands are evaluated in order.
//
// Termination: a rewrite is kept only if it does not grow the tree and, at equal size, produces
// a form not seen before at that node; the number of rewrites per call is capped as well.
#pragma once

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "ir/expr.h"
#include "oracle/arith/interval.h"
#include "oracle/arith/rewrite_rules.h"

namespace tirconf::oracle::arith {

struct SimplifyOptions {
  const RuleSet *rules = nullptr; // null: the embedded catalog
  // Also apply rules claimed invalid at the dtype: a deliberately broken simplifier, so that
  // tests and `simplify-check --impl tirconf-unsound` can show the checker catches it.
  bool include_invalid = false;
  uint64_t max_rewrites = 20000; // per simplify() call
};

struct SimplifyStats {
  uint64_t rewrites = 0; // rule applications kept
  uint64_t folds = 0;    // constant folds
  std::map<std::string, uint64_t> by_rule;
};

class Simplifier {
public:
  explicit Simplifier(SimplifyOptions options = {});

  // Bounds the caller knows for a Var (a loop variable's range), used by side conditions.
  void set_var_bound(const ir::Var &v, Interval i);

  // The simplified form of e (e itself when nothing applies). Non-integer and vector
  // expressions are returned unchanged.
  ir::PrimExpr simplify(const ir::PrimExpr &e);

  const SimplifyStats &stats() const { return stats_; }

private:
  ir::PrimExpr visit(const ir::PrimExpr &e);
  ir::PrimExpr rewrite(ir::PrimExpr e);
  ir::PrimExpr fold(const ir::PrimExpr &e);
  bool try_rule(const RewriteRule &r, const ir::PrimExpr &e, ir::PrimExpr &out);

  SimplifyOptions opts_;
  std::map<ir::ExprKind, std::vector<const RewriteRule *>> index_; // by the lhs's operator
  std::map<const ir::VarNode *, Interval> var_bounds_;
  Bounds bounds_;
  // Per simplify() call, keyed by node; the first PrimExpr keeps the key's node alive.
  std::unordered_map<const ir::ExprNode *, std::pair<ir::PrimExpr, ir::PrimExpr>> memo_;
  uint64_t budget_ = 0;
  // The forms being rewritten on the current chain of rewrite() calls (see rewrite()).
  static constexpr size_t kMaxRewriteDepth = 64;
  std::vector<ir::PrimExpr> active_;
  SimplifyStats stats_;
};

// Number of nodes of a tree (the simplifier's size measure).
size_t node_count(const ir::PrimExpr &e);

} // namespace tirconf::oracle::arith
