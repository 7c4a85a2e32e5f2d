// Variable bindings of one PrimFunc activation ("Variable Scoping"): Vars are identified by node,
// each bound at most once at a time (scope.ssa), so a hash map with scoped bind/unbind is the
// whole environment. A recursive call gets a fresh Env, so the same Var may be bound in two
// activations at once. ScopedBind restores whatever was there before (nothing, under SSA).
#pragma once

#include <optional>
#include <unordered_map>

#include "ir/expr.h"
#include "runtime/value.h"

namespace tirconf::oracle::eval {

class Env {
 public:
  const runtime::Value* find(const ir::VarNode* v) const {
    auto it = vars_.find(v);
    return it == vars_.end() ? nullptr : &it->second;
  }
  runtime::Value* find_mutable(const ir::VarNode* v) {
    auto it = vars_.find(v);
    return it == vars_.end() ? nullptr : &it->second;
  }
  bool bound(const ir::VarNode* v) const { return vars_.count(v) != 0; }
  // Binds (or rebinds) v; returns the stored value, which stays put until v is unbound.
  runtime::Value& set(const ir::VarNode* v, runtime::Value value);
  void erase(const ir::VarNode* v) { vars_.erase(v); }

 private:
  std::unordered_map<const ir::VarNode*, runtime::Value> vars_;
};

// Binds a Var for the lifetime of this object (a scope of Let, LetStmt, For, BlockRealize, ...).
class ScopedBind {
 public:
  ScopedBind(Env& env, const ir::VarNode* v, runtime::Value value);
  ~ScopedBind();
  ScopedBind(const ScopedBind&) = delete;
  ScopedBind& operator=(const ScopedBind&) = delete;
  // The bound slot, for loops that rebind the same Var every iteration.
  runtime::Value& slot() { return *slot_; }

 private:
  Env& env_;
  const ir::VarNode* var_;
  runtime::Value* slot_;
  std::optional<runtime::Value> previous_;
};

}  // namespace tirconf::oracle::eval
