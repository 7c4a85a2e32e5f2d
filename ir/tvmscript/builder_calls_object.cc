// Objects TVMScript makes for attributes and AttrStmt nodes: T.target, T.comm_reducer (with its
// lambda), T.iter_var. They matter to TVM's compiler, not to the program's meaning; they are kept
// as written (ir::AttrValue) so that they print back as they were read.
#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

Value object_value(AttrValue v, SourceLoc loc) {
  Value r = Value::make(Value::Kind::Object, loc);
  r.object = std::make_shared<const AttrValue>(std::move(v));
  return r;
}

// T.target("llvm") or T.target({"kind": "cuda", ...}), optionally with host=.
Value target(CallSite &c) {
  Params p = c.bind({"target", "host"});
  AttrValue t;
  t.object = "T.target";
  t.list.push_back(attr_value(c.b, c.required(p[0], "target"), c.loc));
  if (given(p[1]))
    fail(c.loc, "T.target(..., host=...) is not supported by this TVMScript reader");
  return object_value(std::move(t), c.loc);
}

// T.comm_reducer(combiner, identity): TVM calls the combiner on Vars x0.., y0.. whose dtypes are
// the identity elements'; the Vars take the lambda's parameter names.
Value comm_reducer(CallSite &c) {
  Params p = c.bind({"combiner", "identity"});
  const Value &combiner = c.required(p[0], "combiner");
  if (combiner.kind != Value::Kind::Lambda)
    fail(loc_of(combiner, c.loc), "T.comm_reducer needs a lambda as its combiner");
  std::vector<PrimExpr> identity = expr_list(c.b, c.required(p[1], "identity"), "identity", c.loc);
  const PyExpr *lam = combiner.lambda;
  if (lam->elts.size() != 2 * identity.size())
    fail(combiner.loc, "the combiner takes " + std::to_string(lam->elts.size()) + " parameters; " +
                           std::to_string(identity.size()) +
                           " identity elements need twice as many");
  AttrValue fn;
  fn.object = kLambda;
  std::vector<Value> args;
  for (size_t i = 0; i < lam->elts.size(); ++i) {
    DataType t = identity[i % identity.size()]->dtype;
    Var v = make_var(std::string(lam->elts[i]->id), t, lam->elts[i]->loc);
    args.push_back(Value::of(PrimExpr(v), lam->elts[i]->loc));
    AttrValue param;
    param.expr = v;
    fn.list.push_back(std::move(param));
  }
  Value result = c.b.call_lambda(combiner, args, c.loc);
  AttrValue body;
  if (result.kind == Value::Kind::Tuple) {
    body.is_list = true;
    for (const Value &x : result.elements()) {
      AttrValue e;
      e.expr = c.b.to_prim(x, loc_of(x, c.loc));
      body.list.push_back(std::move(e));
    }
  } else {
    body.expr = c.b.to_prim(result, loc_of(result, c.loc));
  }
  if ((body.is_list ? body.list.size() : 1) != identity.size())
    fail(combiner.loc, "the combiner returns a different number of values than the identity has");
  fn.list.push_back(std::move(body));
  AttrValue ids;
  ids.is_list = true;
  for (const auto &e : identity) {
    AttrValue x;
    x.expr = e;
    ids.list.push_back(std::move(x));
  }
  AttrValue r;
  r.object = "T.comm_reducer";
  r.list = {std::move(fn), std::move(ids)};
  return object_value(std::move(r), c.loc);
}

// T.iter_var(var, dom, iter_type, thread_tag)
Value iter_var(CallSite &c) {
  Params p = c.bind({"v", "dom", "iter_type", "thread_tag"});
  const Value &v = c.required(p[0], "v");
  if (v.kind != Value::Kind::Expr || !as<VarNode>(v.expr))
    fail(loc_of(v, c.loc), "T.iter_var needs a Var");
  if (given(p[1]))
    fail(loc_of(*p[1], c.loc),
         "T.iter_var with a domain is not supported by this TVMScript reader");
  std::string type = str_of(c.required(p[2], "iter_type"), "iter_type", c.loc);
  std::optional<IterVarType> it;
  for (int k = 0; k <= static_cast<int>(IterVarType::Tensorized); ++k)
    if (type == to_string(static_cast<IterVarType>(k)))
      it = static_cast<IterVarType>(k);
  if (!it)
    fail(loc_of(*p[2], c.loc), "unknown iter_type \"" + type + "\"");
  std::string tag = given(p[3]) ? str_of(*p[3], "thread_tag", c.loc) : "";
  Value r = Value::make(Value::Kind::IterVar, c.loc);
  r.iter_var = std::make_shared<const IterVarNode>(
      IterVarNode{std::nullopt, cast<VarNode>(v.expr), *it, std::move(tag), c.loc});
  return r;
}

constexpr CallEntry kObjectCalls[] = {
    {"target", target},
    {"comm_reducer", comm_reducer},
    {"iter_var", iter_var},
};

} // namespace

std::span<const CallEntry> object_calls() {
  return kObjectCalls;
}

} // namespace tirconf::ir::script
