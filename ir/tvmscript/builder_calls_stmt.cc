// The function, loops, and the statements that open a scope or stand alone: T.func_attr,
// T.serial ... T.grid, T.launch_thread, T.env_thread, T.attr, T.Assert, T.LetStmt, T.let,
// T.realize, T.evaluate (ir.py's function, loop and statement sections).
#include <algorithm>

#include "ir/tvmscript/builder_calls.h"
#include "ir/tvmscript/reader_error.h"

namespace tirconf::ir::script {

namespace {

// ---------------------------------------------------------------- the function

Value prim_func(CallSite &c) {
  fail(c.loc, "T.prim_func is only supported as a decorator");
}

// T.func_attr(attrs): the function's attributes, given before any scope is opened.
Value func_attr(CallSite &c) {
  Params p = c.bind({"attrs"});
  Builder::FuncState &f = c.b.func(c.loc);
  if (!c.b.top_is_function())
    fail(c.loc, "T.func_attr must be called at the top of a PrimFunc");
  Annotations attrs = annotations_of(c.b, c.required(p[0], "attrs"), c.loc);
  for (auto &[k, v] : attrs) {
    if (k == "global_symbol" && f.is_private)
      fail(c.loc,
           "A private function may not have the kGlobalSymbol (\"global_symbol\") attribute.");
    for (const auto &[k2, v2] : f.attrs)
      if (k2 == k)
        fail(c.loc, "Duplicate prim func annotation for key = \"" + k + "\"");
    f.attrs.emplace_back(k, v);
  }
  return Value::none(c.loc);
}

// ---------------------------------------------------------------- loops

// for i in T.serial(start, stop, annotations) and its kin; T.thread_binding(start, stop, thread,
// annotations) also takes the thread as its second argument: T.thread_binding(n, "threadIdx.x").
template <ForKind K> Value loop(CallSite &c) {
  constexpr bool tb = K == ForKind::ThreadBinding;
  const SourceLoc loc = c.loc;
  Params p = tb ? c.bind({"start", "stop", "thread", "annotations"}, 3)
                : c.bind({"start", "stop", "annotations"}, 2);
  Value start = c.required(p[0], "start");
  const Value start_arg = start;
  Arg stop = p[1];
  std::string thread;
  if (tb) {
    if (!given(p[2])) {
      if (!stop || stop->kind != Value::Kind::Str)
        fail(loc, "Thread cannot be None for thread_binding");
      thread = stop->s;
      stop.v = nullptr;
    } else {
      thread = str_of(*p[2], "thread", loc);
    }
  }
  if (!given(stop)) {
    stop.v = &start_arg;
    if (start.is_prim_like())
      start = Value::of(make_int(c.b.to_prim(start, loc)->dtype, 0, loc), loc);
    else
      start = Value::integer(0, loc);
  }
  LoopSpec ls;
  ls.min = c.b.to_prim(start, loc_of(start, loc), "a loop bound");
  ls.extent = c.b.difference(*stop, start, loc_of(*stop, loc));
  const Arg &ann = p[tb ? 3 : 2];
  if (given(ann))
    ls.annotations = annotations_of(c.b, *ann, loc);
  ls.kind = K;
  ls.thread = thread;
  int bits = std::max(ls.min->dtype.bits, ls.extent->dtype.bits);
  ls.dtype = DataType(ls.min->dtype.code, bits);
  auto f = c.frame(FrameSpec::Kind::For);
  f->loops.push_back(std::move(ls));
  return c.frame_value(f);
}

// for i, j in T.grid(n, m): serial loops from zero, one per extent.
Value grid(CallSite &c) {
  if (!c.args.kwargs.empty())
    fail(c.loc, "T.grid() takes no keyword arguments");
  if (c.args.args.empty())
    fail(c.loc, "T.grid() needs at least one extent");
  auto f = c.frame(FrameSpec::Kind::For);
  for (const Value &v : c.args.args) {
    LoopSpec ls;
    ls.extent = c.b.to_prim(v, loc_of(v, c.loc), "a loop extent");
    ls.dtype = ls.extent->dtype;
    ls.min = ls.dtype.is_integer() && ls.dtype.lanes == 1 ? PrimExpr(make_int(ls.dtype, 0, c.loc))
                                                          : PrimExpr(make_int32(0, c.loc));
    f->loops.push_back(std::move(ls));
  }
  return c.frame_value(f);
}

// ---------------------------------------------------------------- statements

// T.launch_thread("threadIdx.x", n) or T.launch_thread(v, n) with v from T.env_thread.
Value launch_thread(CallSite &c) {
  Params p = c.bind({"thread", "extent"});
  const Value &th = c.required(p[0], "thread");
  auto f = c.frame(FrameSpec::Kind::LaunchThread);
  f->value = c.b.to_prim(c.required(p[1], "extent"), c.loc, "a thread extent");
  if (th.kind == Value::Kind::Str) {
    f->name = th.s;
  } else if (th.kind == Value::Kind::Expr && as<VarNode>(th.expr)) {
    Var v = cast<VarNode>(th.expr);
    bool found = false;
    for (const auto &[var, tag] : c.b.func(c.loc).env_threads)
      if (var == v) {
        f->var = v;
        f->name = tag;
        found = true;
      }
    if (!found)
      fail(loc_of(th, c.loc), v->name_hint + " is not an env_thread created using T.env_thread.");
  } else {
    fail(loc_of(th, c.loc), "T.launch_thread expects a thread tag string or a T.env_thread Var");
  }
  return c.frame_value(f);
}

// v = T.env_thread("threadIdx.x"): a thread Var for a later T.launch_thread.
Value env_thread(CallSite &c) {
  Params p = c.bind({"thread_tag", "dtype"});
  std::string tag = str_of(c.required(p[0], "thread_tag"), "thread_tag", c.loc);
  DataType t = given(p[1]) ? dtype_of(*p[1], c.loc) : DataType::Int(32);
  Var v = make_var(c.hint(), t, c.loc);
  c.b.func(c.loc).env_threads.emplace_back(v, tag);
  return c.expr(v);
}

// T.attr(node, key, value): an AttrStmt scope.
Value attr(CallSite &c) {
  Params p = c.bind({"node", "attr_key", "value"});
  auto f = c.frame(FrameSpec::Kind::Attr);
  const Value &node = c.required(p[0], "node");
  switch (node.kind) {
  case Value::Kind::None:
    break;
  case Value::Kind::Buffer:
    f->attr_node = node.buffer;
    break;
  case Value::Kind::Object:
    f->attr_node = *node.object;
    break;
  case Value::Kind::IterVar:
    f->attr_node = node.iter_var;
    break;
  default:
    f->attr_node = c.b.to_prim(node, loc_of(node, c.loc), "an attribute node");
    break;
  }
  f->name = str_of(c.required(p[1], "attr_key"), "attr_key", c.loc);
  f->value = c.b.to_prim(c.required(p[2], "value"), c.loc, "an attribute value");
  return c.frame_value(f);
}

// T.Assert(condition, message): an AssertStmt scope (`assert cond, msg` is the same).
Value assert_stmt(CallSite &c) {
  Params p = c.bind({"condition", "message"});
  auto f = c.frame(FrameSpec::Kind::Assert);
  f->cond = cond_of(c.b, c.required(p[0], "condition"), c.loc);
  f->message = c.b.to_prim(c.required(p[1], "message"), c.loc, "an assert message");
  return c.frame_value(f);
}

// x = T.LetStmt(value, type_annotation, var=): a LetStmt scope.
Value let_stmt(CallSite &c) {
  Params p = c.bind({"value", "type_annotation", "var"}, 2);
  auto f = c.frame(FrameSpec::Kind::Let);
  f->value = c.b.to_prim(c.required(p[0], "value"), c.loc);
  if (given(p[1]))
    f->let_type = c.b.annotation_type(*p[1], c.loc);
  if (given(p[2])) {
    f->var = cast<VarNode>(c.b.to_prim(*p[2], loc_of(*p[2], c.loc)));
    if (!f->var)
      fail(loc_of(*p[2], c.loc), "var= must be a Var");
  }
  return c.frame_value(f);
}

// T.let(v, value, body): a Let expression with a body, else a LetStmt scope binding v.
Value let(CallSite &c) {
  Params p = c.bind({"v", "value", "body"});
  Var v = cast<VarNode>(c.b.to_prim(c.required(p[0], "v"), c.loc));
  if (!v)
    fail(c.loc, "T.let expects a Var");
  PrimExpr value = c.b.to_prim(c.required(p[1], "value"), c.loc);
  if (given(p[2]))
    return c.expr(std::make_shared<LetNode>(v, value, c.b.to_prim(*p[2], c.loc), c.loc));
  auto f = c.frame(FrameSpec::Kind::Let);
  f->var = v;
  f->value = value;
  return c.frame_value(f);
}

// T.realize(A[0:n], scope, condition): a BufferRealize scope.
Value realize(CallSite &c) {
  Params p = c.bind({"buffer_slice", "storage_scope", "condition"});
  auto f = c.frame(FrameSpec::Kind::Realize);
  f->region = c.b.to_region(c.required(p[0], "buffer_slice"), c.loc);
  f->name = str_of(c.required(p[1], "storage_scope"), "storage_scope", c.loc);
  f->cond = given(p[2]) ? cond_of(c.b, *p[2], c.loc) : make_bool(true, c.loc);
  return c.frame_value(f);
}

// T.evaluate(value): an Evaluate statement, added where the call stands.
Value evaluate(CallSite &c) {
  Params p = c.bind({"value"});
  const Value &v = c.required(p[0], "value");
  c.b.add_stmt(std::make_shared<EvaluateNode>(c.b.to_prim(v, loc_of(v, c.loc)), c.loc));
  return Value::none(c.loc);
}

constexpr CallEntry kFunctionCalls[] = {
    {"prim_func", prim_func},
    {"func_attr", func_attr},
};

constexpr CallEntry kLoopCalls[] = {
    {"serial", loop<ForKind::Serial>},
    {"parallel", loop<ForKind::Parallel>},
    {"vectorized", loop<ForKind::Vectorized>},
    {"unroll", loop<ForKind::Unrolled>},
    {"thread_binding", loop<ForKind::ThreadBinding>},
    {"grid", grid},
};

constexpr CallEntry kStatementCalls[] = {
    {"launch_thread", launch_thread},
    {"env_thread", env_thread},
    {"attr", attr},
    {"Assert", assert_stmt},
    {"LetStmt", let_stmt},
    {"let", let},
    {"realize", realize},
    {"evaluate", evaluate},
};

} // namespace

std::span<const CallEntry> function_calls() {
  return kFunctionCalls;
}
std::span<const CallEntry> loop_calls() {
  return kLoopCalls;
}
std::span<const CallEntry> statement_calls() {
  return kStatementCalls;
}

} // namespace tirconf::ir::script
