// An expression replaced by the value the oracle computed for it: the pass C-Reduce cannot have,
// since it needs an interpreter. The value is observed by running a probe of the program in
// which the statement that evaluates the expression first stores it (once) into an extra output
// buffer.
#include "ir/expr.h"
#include "oracle/eval/interpreter.h"
#include "reduce/passes.h"
#include "reduce/site_walk.h"
#include "runner/arguments.h"

namespace tirconf::reduce {

namespace {

using namespace ir;

bool observable(const PrimExpr &e) {
  const DataType t = e->dtype;
  return t.lanes == 1 && t.code != TypeCode::Handle && e->kind != ExprKind::IntImm &&
         e->kind != ExprKind::FloatImm && e->kind != ExprKind::StringImm;
}

// The site-th observable expression in the order every edit numbers sites (site_walk.h), and
// the innermost statement whose own fields hold it; with `by` set, that expression replaced.
class ObserveWalk : public SiteWalk {
public:
  explicit ObserveWalk(size_t site, PrimExpr by = nullptr) : SiteWalk(site), by_(std::move(by)) {}
  PrimExpr expr;
  const StmtNode *owner = nullptr;

  Stmt VisitStmt(const Stmt &s) override {
    const StmtNode *outer = current_;
    current_ = s.get();
    Stmt out = SiteWalk::VisitStmt(s);
    current_ = outer;
    return out;
  }

protected:
  size_t expr_options(const PrimExpr &e) override { return observable(e) ? 1 : 0; }
  PrimExpr expr_option(const PrimExpr &e, size_t) override {
    expr = e;
    owner = current_;
    return by_ ? by_ : e;
  }

private:
  PrimExpr by_;
  const StmtNode *current_ = nullptr;
};

// `owner` preceded by: if flag[0] == 0 { probe[0] = e; flag[0] = 1 }.
class InsertProbe : public IRMutator {
public:
  InsertProbe(const StmtNode *owner, PrimExpr e, Buffer probe, Buffer flag)
      : owner_(owner), e_(std::move(e)), probe_(std::move(probe)), flag_(std::move(flag)) {}
  Stmt VisitStmt(const Stmt &s) override {
    if (s.get() != owner_)
      return IRMutator::VisitStmt(s);
    const PrimExpr zero = make_int32(0);
    Stmt record = std::make_shared<SeqStmtNode>(std::vector<Stmt>{
        std::make_shared<BufferStoreNode>(probe_, e_, std::vector<PrimExpr>{zero}),
        std::make_shared<BufferStoreNode>(flag_, make_int32(1), std::vector<PrimExpr>{zero})});
    Stmt once = std::make_shared<IfThenElseNode>(
        make_binary(ExprKind::EQ, make_buffer_load(flag_, {zero}), zero), record, nullptr);
    return std::make_shared<SeqStmtNode>(std::vector<Stmt>{once, s});
  }

private:
  const StmtNode *owner_;
  PrimExpr e_;
  Buffer probe_, flag_;
};

Buffer scalar_buffer(const std::string &name, DataType t) {
  auto b = std::make_shared<BufferNode>();
  b->data = make_var(name + "_data", Type::Pointer(Type::Prim(t)));
  b->dtype = t;
  b->shape = {make_int32(1)};
  b->elem_offset = make_int32(0);
  b->name = name;
  return b;
}

runner::Arg zero_tensor(const std::string &name, DataType t) {
  runner::Arg a;
  a.name = name;
  a.is_tensor = true;
  a.tensor.dtype = t;
  a.tensor.shape = {1};
  return a;
}

// The value `e` (of `f`, the entry) first takes when the candidate runs, as a constant.
std::optional<PrimExpr> observe(const Candidate &c, const PrimFuncNode &f,
                                const ObserveWalk &found) {
  const Buffer probe = scalar_buffer("reduce_probe", found.expr->dtype);
  const Buffer flag = scalar_buffer("reduce_probe_flag", DataType::Int(32));
  auto g = std::make_shared<PrimFuncNode>(f);
  g->body = InsertProbe(found.owner, found.expr, probe, flag).VisitStmt(f.body);
  for (const Buffer &b : {probe, flag}) {
    const Var handle = make_var(b->name + "_param", DataType::Handle());
    g->params.push_back(handle);
    g->buffer_map.emplace_back(handle, b);
  }
  const IRModule m = with_function(c.module, &f, g);
  std::vector<runner::Arg> args = c.args;
  args.push_back(zero_tensor(probe->name, probe->dtype));
  args.push_back(zero_tensor(flag->name, flag->dtype));
  auto call = runner::prepare_call(*g, args, "probe.py");
  if (!call.call)
    return std::nullopt;
  oracle::RunOptions options;
  options.file = "probe.py";
  const runtime::Outcome o = oracle::run(m, c.func, call.call->args, options);
  if (!o.is_ok())
    return std::nullopt;
  const runtime::NDArray *seen = o.ok().find(flag->name);
  const runtime::NDArray *value = o.ok().find(probe->name);
  if (!seen || !value || seen->get(0).as_int64() != 1)
    return std::nullopt;
  const runtime::Value v = value->get(0);
  const DataType t = found.expr->dtype;
  if (t.is_floating())
    return PrimExpr(std::make_shared<FloatImmNode>(t, v.as_double()));
  if (t.is_uint() && v.as_int64() < 0)
    return std::nullopt; // above INT64_MAX: not an IntImm this IR writes
  return PrimExpr(make_int(t, v.as_int64()));
}

} // namespace

std::optional<Candidate> to_observed_value(const Candidate &c, size_t site) {
  const PrimFunc f = c.module->lookup(c.func);
  if (!f)
    return std::nullopt;
  ObserveWalk found(site);
  found.VisitStmt(f->body);
  if (!found.expr)
    return std::nullopt;
  // A Block's own fields (iteration domains, regions) are not where a probe can go.
  const bool probe_fits = found.owner && found.owner->kind != StmtKind::Block;
  const std::optional<PrimExpr> value = probe_fits ? observe(c, *f, found) : std::nullopt;
  if (!value)
    return c; // not evaluated on these arguments: nothing to try at this site
  ObserveWalk replace(site, *value);
  ir::Stmt body = replace.VisitStmt(f->body);
  return Candidate{tidy(with_function(c.module, f.get(), with_body(*f, std::move(body)))), c.func,
                   c.args};
}

} // namespace tirconf::reduce
