// "Variable Scoping" and the binding sites it lists, in the spec's order (PrimFunc, Let/LetStmt,
// BlockRealize, For, Allocate, BufferRealize, AttrStmt, Block), plus the binding done by
// buffer_map and match_buffers ("Semantics of Statements" 1 and 14) and where buffers may be
// used. Each fault is reported once per Var or Buffer per function.
#include "oracle/typecheck/scoping.h"

#include <unordered_map>
#include <unordered_set>

#include "ir/functor.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

namespace {

std::string where(SourceLoc l) {
  if (!l.known())
    return "";
  return " (first bound at " + std::to_string(l.line) + ":" + std::to_string(l.col) + ")";
}

class ScopeChecker : public ExprFunctor<void(const PrimExpr &)>,
                     public StmtFunctor<void(const Stmt &)> {
public:
  explicit ScopeChecker(Context &ctx) : ctx_(ctx) {}

  // ---------------------------------------------------------------- PrimFunc
  void Func(const PrimFunc &f) {
    Context::LocScope here(ctx_, f->loc);
    // [scope.bind.param] params are in scope for the whole body.
    for (const auto &p : f->params)
      Bind(p, p ? p->loc : SourceLoc{});
    // [scope.bind.buffer_map] a buffer_map buffer's data, and the Vars of its shape, strides and
    // elem_offset not bound yet, are bound from the DLTensor argument.
    for (const auto &[param, buf] : f->buffer_map) {
      if (!buf)
        continue;
      Context::LocScope at_buf(ctx_, buf->loc);
      if (buf->data && buf->data != param)
        Bind(buf->data, buf->loc);
      BindLayout(buf);
    }
    AnnotationUses(f->attrs);
    S(f->body);
  }

private:
  // ---------------------------------------------------------------- scope state
  size_t Mark() const { return stack_.size(); }
  void PopTo(size_t mark) {
    while (stack_.size() > mark) {
      live_.erase(stack_.back());
      stack_.pop_back();
    }
  }

  void Bind(const Var &v, SourceLoc site) {
    if (!v)
      return;
    // Named, not a structured binding: the lambda below uses it, which clang 14 cannot capture.
    const auto inserted = bound_.emplace(v.get(), ctx_.at(site));
    const auto it = inserted.first;
    const bool fresh = inserted.second;
    // [scope.ssa] bound once in the whole PrimFunc.
    ctx_.require(fresh, "scope.ssa", site, [&] {
      return "Var " + v->name_hint + " is bound a second time" + where(it->second);
    });
    // [scope.immutable] rebinding a Var inside its own scope would give it a second value.
    ctx_.require(!live_.count(v.get()), "scope.immutable", site, [&] {
      return "Var " + v->name_hint + " is rebound inside the scope that binds it";
    });
    if (live_.insert(v.get()).second)
      stack_.push_back(v.get());
  }

  bool Live(const VarNode *v) const { return live_.count(v) != 0; }

  void Use(const VarNode *v) {
    if (Live(v) || !reported_.insert(v).second)
      return;
    SourceLoc here{}; // a Var node is shared by all its uses; report at the enclosing node
    if (use_rule_) {
      ctx_.require(false, use_rule_, here,
                   [&] { return "Var " + v->name_hint + " is not in scope here" + use_what_; });
    } else if (auto it = bound_.find(v); it != bound_.end()) {
      // [scope.lexical] its binding site's body has ended.
      ctx_.require(false, "scope.lexical", here, [&] {
        return "Var " + v->name_hint + " is used outside the scope that binds it" +
               where(it->second);
      });
    } else {
      // [scope.unbound] nothing binds it here.
      ctx_.require(false, "scope.unbound", here,
                   [&] { return "Var " + v->name_hint + " is not bound here"; });
    }
  }

  // [scope.buffer.out_of_scope] a buffer is usable only where its data Var is in scope.
  void UseBuffer(const Buffer &b) {
    if (!b || !b->data || Live(b->data.get()) || !reported_buffers_.insert(b.get()).second)
      return;
    ctx_.require(false, "scope.buffer.out_of_scope", SourceLoc{}, [&] {
      return "Buffer " + b->name + " is used where its data Var " + b->data->name_hint +
             " is not in scope";
    });
  }

  // Within the guard's lifetime, out-of-scope Vars are reported under `rule`.
  struct UseRule {
    UseRule(ScopeChecker &s, const char *rule, std::string what) : s_(s) {
      s_.use_rule_ = rule;
      s_.use_what_ = std::move(what);
    }
    ~UseRule() {
      s_.use_rule_ = nullptr;
      s_.use_what_.clear();
    }
    ScopeChecker &s_;
  };

  // shape, strides and elem_offset of a buffer being matched (buffer_map, match_buffers,
  // BufferRealize): a Var not in scope is bound here, anything else is a use.
  void BindLayout(const Buffer &b) {
    auto one = [&](const PrimExpr &e) {
      if (!e)
        return;
      if (auto v = cast<VarNode>(e); v && !Live(v.get()))
        Bind(v, b->loc);
      else
        E(e);
    };
    for (const auto &e : b->shape)
      one(e);
    for (const auto &e : b->strides)
      one(e);
    one(b->elem_offset);
  }

  // shape, strides and elem_offset of a buffer that binds none of them.
  void UseLayout(const Buffer &b) {
    for (const auto &e : b->shape)
      E(e);
    for (const auto &e : b->strides)
      E(e);
    E(b->elem_offset);
  }

  void RangeUses(const ir::Range &r) {
    Context::LocScope here(ctx_, r.loc);
    E(r.min);
    E(r.extent);
  }
  void RegionUses(const BufferRegion &r) {
    Context::LocScope here(ctx_, r.loc);
    UseBuffer(r.buffer);
    for (const auto &range : r.region)
      RangeUses(range);
  }
  void AnnotationUses(const ir::Annotations &a) {
    for (const auto &[key, value] : a)
      for_each_expr(value, [this](const PrimExpr &e) { E(e); });
  }

  void E(const PrimExpr &e) {
    if (!e)
      return;
    Context::LocScope here(ctx_, e->kind == ExprKind::Var ? SourceLoc{} : e->loc);
    VisitExpr(e);
  }
  void S(const Stmt &s) {
    if (!s)
      return;
    Context::LocScope here(ctx_, s->loc);
    VisitStmt(s);
  }

  // ---------------------------------------------------------------- expressions
  void VisitExpr_(const VarNode *op) override { Use(op); }
  void VisitExpr_(const IntImmNode *) override {}
  void VisitExpr_(const FloatImmNode *) override {}
  void VisitExpr_(const StringImmNode *) override {}
  void VisitExpr_(const CastNode *op) override { E(op->value); }
  void VisitExpr_(const SelectNode *op) override {
    E(op->condition);
    E(op->true_value);
    E(op->false_value);
  }
  void VisitExpr_(const BufferLoadNode *op) override {
    UseBuffer(op->buffer);
    for (const auto &i : op->indices)
      E(i);
  }
  void VisitExpr_(const RampNode *op) override {
    E(op->base);
    E(op->stride);
  }
  void VisitExpr_(const BroadcastNode *op) override { E(op->value); }
  void VisitExpr_(const LetNode *op) override {
    E(op->value);
    size_t m = Mark();
    // [scope.bind.let] var is in scope in body only.
    Bind(op->var, op->loc);
    E(op->body);
    PopTo(m);
  }
  void VisitExpr_(const CallNode *op) override {
    for (const auto &a : op->args)
      E(a);
    if (!op->callee)
      return;
    // [scope.globalvar] Every GlobalVar of the module is in scope everywhere (recursion too).
    const PrimFunc *target = nullptr;
    bool found = false;
    for (const auto &[g, f] : ctx_.module()->functions)
      if (g == op->callee || (g && g->name_hint == op->callee->name_hint)) {
        found = true;
        target = &f;
        break;
      }
    // [scope.globalvar.defined]
    if (!ctx_.require(found, "scope.globalvar.defined", op->loc, [&] {
          return "Call: " + op->callee->name_hint + " is not a function of the module";
        }))
      return;
    // [sem.expr.call.nonprim] the named function is a PrimFunc.
    ctx_.require(*target != nullptr, "sem.expr.call.nonprim", op->loc,
                 [&] { return "Call: " + op->callee->name_hint + " is not a PrimFunc"; });
  }
  void VisitExpr_(const ShuffleNode *op) override {
    for (const auto &v : op->vectors)
      E(v);
    for (const auto &i : op->indices)
      E(i);
  }
#define TIR_BINARY_KIND(Name, op_)                                                                 \
  void VisitExpr_(const Name##Node *op) override {                                                 \
    E(op->a);                                                                                      \
    E(op->b);                                                                                      \
  }
#include "ir/node_kinds.def"
  void VisitExpr_(const NotNode *op) override {
    E(op->a);
  }

  // ---------------------------------------------------------------- statements
  void VisitStmt_(const LetStmtNode *op) override {
    E(op->value);
    size_t m = Mark();
    // [scope.bind.letstmt] var is in scope in body only.
    Bind(op->var, op->loc);
    S(op->body);
    PopTo(m);
  }

  void VisitStmt_(const AttrStmtNode *op) override {
    const PrimExpr *node_expr = std::get_if<PrimExpr>(&op->node);
    const IterVar *node_iv = std::get_if<IterVar>(&op->node);
    if (node_iv && *node_iv && (*node_iv)->dom)
      RangeUses(*(*node_iv)->dom);
    E(op->value);
    if (Var v = op->bound_var()) {
      size_t m = Mark();
      // [scope.bind.attr_thread] thread_extent / virtual_thread bind their node Var in body.
      Bind(v, op->loc);
      S(op->body);
      PopTo(m);
      return;
    }
    if (op->attr_key == "volatile_scope" && node_expr && as<VarNode>(*node_expr)) {
      const VarNode *v = as<VarNode>(*node_expr);
      bool before = bound_.count(v) != 0;
      S(op->body);
      // [scope.attr_volatile] the Var is bound inside the body.
      ctx_.require(!before && bound_.count(v), "scope.attr_volatile", op->loc, [&] {
        return "AttrStmt volatile_scope: " + v->name_hint + " is not bound inside its body";
      });
      return;
    }
    // Any other key: the node is only information for the compiler, but a PrimExpr there still
    // refers to Vars, which must be in scope.
    if (node_expr)
      E(*node_expr);
    S(op->body);
  }

  void VisitStmt_(const AssertStmtNode *op) override {
    E(op->condition);
    E(op->message);
    S(op->body);
  }

  void VisitStmt_(const BufferStoreNode *op) override {
    UseBuffer(op->buffer);
    E(op->value);
    for (const auto &i : op->indices)
      E(i);
  }

  void VisitStmt_(const BufferRealizeNode *op) override {
    size_t m = Mark();
    if (op->buffer) {
      // [scope.bind.bufferrealize] binds data and the fresh Vars of shape, strides, elem_offset.
      Bind(op->buffer->data, op->loc);
      BindLayout(op->buffer);
    }
    for (const auto &r : op->bounds)
      RangeUses(r);
    E(op->condition);
    S(op->body);
    PopTo(m);
  }

  void VisitStmt_(const AllocateNode *op) override {
    E(op->condition);
    for (const auto &e : op->extents)
      E(e);
    size_t m = Mark();
    // [scope.bind.allocate] buffer_var is in scope in body only.
    Bind(op->buffer_var, op->loc);
    AnnotationUses(op->annotations);
    S(op->body);
    PopTo(m);
  }

  void VisitStmt_(const DeclBufferNode *op) override {
    if (const Buffer &b = op->buffer) {
      // [scope.declbuffer] not a binding site: data and layout Vars are already in scope.
      UseRule rule(*this, "scope.declbuffer", " (DeclBuffer " + b->name + " binds nothing)");
      if (b->data)
        Use(b->data.get());
      UseLayout(b);
    }
    S(op->body);
  }

  void VisitStmt_(const SeqStmtNode *op) override {
    for (const auto &s : op->seq)
      S(s);
  }

  void VisitStmt_(const IfThenElseNode *op) override {
    E(op->condition);
    S(op->then_case);
    S(op->else_case);
  }

  void VisitStmt_(const EvaluateNode *op) override {
    E(op->value);
  }

  void VisitStmt_(const ForNode *op) override {
    E(op->min);
    E(op->extent);
    // The thread_binding IterVar is information for the compiler; its var is neither bound nor
    // used (TVM gives it a fresh Var of its own).
    if (op->thread_binding && op->thread_binding->dom)
      RangeUses(*op->thread_binding->dom);
    size_t m = Mark();
    // [scope.bind.for] loop_var is in scope in body only, not in min and extent.
    Bind(op->loop_var, op->loc);
    AnnotationUses(op->annotations);
    S(op->body);
    PopTo(m);
  }

  void VisitStmt_(const WhileNode *op) override {
    E(op->condition);
    S(op->body);
  }

  void VisitStmt_(const BlockNode *op) override {
    BlockScope(op, false);
  }

  void VisitStmt_(const BlockRealizeNode *op) override {
    for (const auto &v : op->iter_values)
      E(v);
    E(op->predicate);
    if (op->block) {
      Context::LocScope here(ctx_, op->block->loc);
      BlockScope(op->block.get(), true);
    }
  }

  // A Block, with its iter vars bound when a BlockRealize runs it.
  void BlockScope(const BlockNode *op, bool realized) {
    for (const auto &iv : op->iter_vars)
      if (iv && iv->dom)
        RangeUses(*iv->dom);
    size_t m = Mark();
    if (realized)
      for (const auto &iv : op->iter_vars)
        // [scope.bind.blockrealize] iter vars are in scope while the block runs.
        if (iv)
          Bind(iv->var, iv->loc.known() ? iv->loc : op->loc);
    for (const auto &b : op->alloc_buffers) {
      if (!b)
        continue;
      // [scope.block.alloc_no_unbound] alloc_buffers bind no layout Vars.
      UseRule rule(*this, "scope.block.alloc_no_unbound",
                   " (alloc_buffer " + b->name + " of block " + op->name_hint + " binds no Var)");
      Context::LocScope at_buf(ctx_, b->loc);
      UseLayout(b);
    }
    // [scope.bind.block_buffers] the data of alloc_buffers and match_buffers, for body and init.
    for (const auto &b : op->alloc_buffers)
      if (b)
        Bind(b->data, b->loc.known() ? b->loc : op->loc);
    for (const auto &mb : op->match_buffers) {
      Context::LocScope at_match(ctx_, mb.loc);
      RegionUses(mb.source);
      if (!mb.buffer)
        continue;
      Bind(mb.buffer->data, mb.loc);
      // [scope.bind.match_buffer_vars] unbound layout Vars are bound by the match.
      BindLayout(mb.buffer);
    }
    for (const auto &r : op->reads)
      RegionUses(r);
    for (const auto &r : op->writes)
      RegionUses(r);
    AnnotationUses(op->annotations);
    S(op->init);
    S(op->body);
    PopTo(m);
  }

  Context &ctx_;
  std::unordered_map<const VarNode *, SourceLoc> bound_; // every Var bound so far, and where
  std::unordered_set<const VarNode *> live_;             // in scope now
  std::vector<const VarNode *> stack_;                   // live_ in binding order
  std::unordered_set<const VarNode *> reported_;
  std::unordered_set<const BufferNode *> reported_buffers_;
  const char *use_rule_ = nullptr;
  std::string use_what_;
};

} // namespace

void check_scoping(Context &ctx, const PrimFunc &f) {
  if (f)
    ScopeChecker(ctx).Func(f);
}

} // namespace tirconf::oracle::typecheck
