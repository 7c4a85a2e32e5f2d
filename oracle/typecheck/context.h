// The checker's shared state: where diagnostics go, the one `require` every rule goes through,
// and the nearest known source location (a node built by code has no location, so a failure is
// reported at the nearest enclosing node that has one).
//
// Conventions used throughout oracle/typecheck:
//   ctx : Context     e : PrimExpr     s : Stmt     t : DataType     b : Buffer     v : Var
#pragma once

#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "ir/diagnostic.h"
#include "ir/module.h"

namespace tirconf::oracle::typecheck {

class Context {
public:
  Context(const ir::IRModule &m, std::string_view file) : module_(m), file_(file) {}

  // Records a diagnostic citing `rule` at `loc` (or the nearest enclosing known location) unless
  // `cond` holds, and returns `cond`. `message` is a string or a callable returning one; the
  // callable is only invoked on failure, so passing checks cost nothing. A diagnostic identical
  // to one already recorded (same rule, place and message) is dropped: a shared sub-tree or a
  // buffer used in many places is reported once.
  template <class Msg>
  bool require(bool cond, std::string_view rule, ir::SourceLoc loc, Msg &&message) {
    if (cond)
      return true;
    if constexpr (std::is_invocable_v<Msg>)
      report(rule, loc, std::string(std::forward<Msg>(message)()));
    else
      report(rule, loc, std::string(std::forward<Msg>(message)));
    return false;
  }

  // `l` if it is known, else the innermost enclosing known location.
  ir::SourceLoc at(ir::SourceLoc l) const;

  // While alive, `l` (if known) is the location failures inside fall back to.
  class LocScope {
  public:
    LocScope(Context &ctx, ir::SourceLoc l) : ctx_(ctx), pushed_(l.known()) {
      if (pushed_)
        ctx_.locs_.push_back(l);
    }
    ~LocScope() {
      if (pushed_)
        ctx_.locs_.pop_back();
    }
    LocScope(const LocScope &) = delete;
    LocScope &operator=(const LocScope &) = delete;

  private:
    Context &ctx_;
    bool pushed_;
  };

  const ir::IRModule &module() const { return module_; }
  ir::Diagnostics take() { return std::move(diags_); }
  const ir::Diagnostics &diagnostics() const { return diags_; }

private:
  void report(std::string_view rule, ir::SourceLoc loc, std::string message);

  const ir::IRModule &module_;
  std::string file_;
  std::vector<ir::SourceLoc> locs_;
  ir::Diagnostics diags_;
  std::set<std::tuple<std::string, uint32_t, uint32_t, std::string>> seen_;
};

// Short spellings used in messages.
std::string str(ir::DataType t);
std::string str(const ir::Type &t);
std::string describe(const ir::PrimExpr &e); // "Var n", "IntImm 3", "Add", ...
std::string lanes(int n);                    // "1 lane", "4 lanes"

} // namespace tirconf::oracle::typecheck
