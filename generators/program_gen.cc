// Modules: helper PrimFuncs first (scalar, recursive, buffer-rewriting), then main with buffer
// and scalar parameters, symbolic shapes bound from arguments, an optional root block with
// alloc_buffers, and an optional return value.
#include "generators/program_gen.h"

#include "generators/build.h"
#include "generators/func_gen.h"
#include "generators/inputs.h"

namespace tirconf::gen {

using ir::DataType;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

namespace {

ir::GlobalVar global_var(std::string name) {
  return std::make_shared<ir::GlobalVarNode>(ir::GlobalVarNode{std::move(name), {}});
}

// A buffer parameter as TVMScript's `A: T.Buffer(...)` builds it: a handle param A_handle.
ir::Var handle_param(const std::string &buffer_name) {
  return ir::make_var(buffer_name + "_handle", DataType::Handle());
}

BufferInfo param_info(ir::Buffer buf, std::vector<Dim> dims) {
  BufferInfo bi;
  bi.buffer = std::move(buf);
  bi.dims = std::move(dims);
  bi.pins.resize(bi.dims.size());
  bi.elem = Facts::full(bi.buffer->dtype.element_of());
  bi.is_param = true;
  return bi;
}

Stmt with_root(FuncGen &g, Stmt body) {
  if (!g.used_blocks && g.root_alloc_buffers.empty())
    return body;
  // The implicit root block TVMScript adds around a function that has blocks or alloc_buffers.
  auto root = std::make_shared<ir::BlockNode>(
      std::vector<ir::IterVar>{}, std::vector<ir::BufferRegion>{}, std::vector<ir::BufferRegion>{},
      "root", body, nullptr, g.root_alloc_buffers, std::vector<ir::MatchBufferRegion>{},
      ir::Annotations{});
  return std::make_shared<ir::BlockRealizeNode>(std::vector<PrimExpr>{},
                                                b::int_imm(DataType::Bool(), 1), root);
}

// A function callable from outside the module, as front-ends make them: global_symbol = name.
void mark_global(ir::PrimFuncNode &f, const std::string &name) {
  ir::AttrValue v;
  v.expr = b::string_imm(name);
  f.attrs.emplace_back("global_symbol", v);
}

void pick_style(Rand &r, const Profile &p, FuncGen &g) {
  switch (FunctionStyle(r.pick(p.function_style))) {
  case FunctionStyle::Blocks:
    g.style_blocks = true, g.style_lowered = false;
    break; // schedulable TIR
  case FunctionStyle::Lowered:
    g.style_blocks = false, g.style_lowered = true;
    break; // lowered TIR
  case FunctionStyle::Both:
  default:
    g.style_blocks = g.style_lowered = true;
    break; // both
  }
}

// Scalar helper: f(x0, x1, ...) -> t, pure.
std::shared_ptr<ir::PrimFuncNode> scalar_helper(Rand &r, const Profile &p, ModuleState &m,
                                                Callee &k) {
  FuncGen g(r, p, m, 60);
  g.style_blocks = false;
  g.ret_type = k.ret;
  Ctx c;
  auto f = std::make_shared<ir::PrimFuncNode>();
  for (DataType t : k.params) {
    ir::Var v = ir::make_var(g.fresh("x"), t);
    f->params.push_back(v);
    c.scalars.push_back({v, Facts::full(t)});
  }
  c.may_return = true;
  g.func_scalars = c.scalars;
  std::vector<Stmt> stmts;
  if (r.percent(p.chances.helper_has_body))
    stmts.push_back(g.body(c, 2));
  stmts.push_back(
      b::evaluate(b::builtin(k.ret, "tir.ret", {g.expr(k.ret, p.limits.expr_depth, c).e})));
  f->body = b::seq(std::move(stmts));
  f->ret_type = ir::Type::Prim(k.ret);
  k.work = 60 - g.work_left() + 2;
  return f;
}

// rec(n, acc) -> t: returns acc once n <= 0, else rec(n - 1, f(acc, n)); callers bound n.
std::shared_ptr<ir::PrimFuncNode> recursive_helper(Rand &r, const Profile &p, ModuleState &m,
                                                   Callee &k) {
  FuncGen g(r, p, m, 40);
  g.style_blocks = false;
  g.ret_type = k.ret;
  Ctx c;
  ir::Var n = ir::make_var("n", DataType::Int(32));
  ir::Var acc = ir::make_var("acc", k.ret);
  c.scalars = {{n, Facts::of_int(1, p.limits.recursion_depth)}, {acc, Facts::full(k.ret)}};
  TExpr next = g.expr(k.ret, 2, c);
  auto f = std::make_shared<ir::PrimFuncNode>();
  f->params = {n, acc};
  // [builtin.ret] from inside the branch; [sem.expr.call.primfunc] recursion.
  Stmt base = b::if_then_else(b::bin(ir::ExprKind::LE, n, b::i32(0)),
                              b::evaluate(b::builtin(k.ret, "tir.ret", {acc})));
  PrimExpr again = b::call(k.ret, k.gv, {b::sub(n, b::i32(1)), next.e});
  f->body = b::seq({base, b::evaluate(b::builtin(k.ret, "tir.ret", {again}))});
  f->ret_type = ir::Type::Prim(k.ret);
  k.work = static_cast<uint64_t>(p.limits.recursion_depth + 1) * (40 - g.work_left() + 3);
  return f;
}

// g(A, s...): rewrites its buffer parameter in place; called with a caller's buffer's data.
std::shared_ptr<ir::PrimFuncNode> buffer_helper(Rand &r, const Profile &p, ModuleState &m,
                                                Callee &k) {
  FuncGen g(r, p, m, 200);
  g.style_blocks = false;
  Ctx c;
  auto f = std::make_shared<ir::PrimFuncNode>();
  std::vector<PrimExpr> shape;
  std::vector<Dim> dims;
  for (int64_t e : k.buffer_shape) {
    shape.push_back(b::i32(e));
    dims.push_back(Dim{b::i32(e), e, e, nullptr});
  }
  ir::Buffer buf = b::buffer("A", k.buffer_dtype, shape);
  ir::Var h = handle_param("A");
  f->params.push_back(h);
  f->buffer_map.emplace_back(h, buf);
  c.buffers.push_back(param_info(buf, dims));
  for (size_t i = 1; i < k.params.size(); ++i) {
    ir::Var v = ir::make_var(g.fresh("s"), k.params[i]);
    f->params.push_back(v);
    c.scalars.push_back({v, Facts::full(k.params[i])});
  }
  g.func_scalars = c.scalars;
  f->body = g.body(c, p.limits.statements);
  k.work = 200 - g.work_left() + 2;
  return f;
}

} // namespace

GeneratedProgram generate_program(uint64_t seed, const Profile &profile) {
  SeededChoices src(seed);
  return generate_program(src, profile);
}

GeneratedProgram generate_program(ChoiceSource &choices, const Profile &p) {
  Rand r(choices);
  ModuleState ms;
  auto mod = std::make_shared<ir::IRModuleNode>();

  // ---- helpers, callable from everything generated after them
  const int helpers = p.features.calls ? static_cast<int>(r.range(0, p.limits.functions - 1)) : 0;
  FuncGen naming(r, p, ms, 0);
  for (int i = 0; i < helpers; ++i) {
    Callee k;
    k.gv = global_var("f" + std::to_string(i));
    const HelperKind kind = HelperKind(r.pick(p.helper_kind));
    std::shared_ptr<ir::PrimFuncNode> f;
    if (kind == HelperKind::Recursive && p.features.recursion) {
      k.kind = Callee::Kind::Recursive;
      k.ret = naming.pick_scalar_dtype(false);
      k.params = {DataType::Int(32), k.ret};
      f = recursive_helper(r, p, ms, k);
    } else if (kind == HelperKind::Buffer) {
      k.kind = Callee::Kind::Buffer;
      k.buffer_dtype = naming.pick_scalar_dtype(false);
      const int dims = static_cast<int>(r.range(1, 2));
      for (int d = 0; d < dims; ++d)
        k.buffer_shape.push_back(r.range(1, 8));
      k.params = {DataType::Handle()};
      for (int s = static_cast<int>(r.below(2)); s > 0; --s)
        k.params.push_back(naming.pick_scalar_dtype(false));
      f = buffer_helper(r, p, ms, k);
    } else {
      k.kind = Callee::Kind::Scalar;
      k.ret = naming.pick_scalar_dtype(false);
      for (int s = static_cast<int>(r.range(1, 3)); s > 0; --s)
        k.params.push_back(naming.pick_scalar_dtype(true));
      f = scalar_helper(r, p, ms, k);
    }
    mark_global(*f, k.gv->name_hint);
    mod->functions.emplace_back(k.gv, f);
    ms.callees.push_back(std::move(k));
  }

  // ---- main's signature
  FuncGen g(r, p, ms, static_cast<uint64_t>(p.limits.work));
  g.is_main = true;
  pick_style(r, p, g);
  if (p.features.int64_indices && r.percent(p.chances.main_int64_indices))
    g.index_t = DataType::Int(64);
  auto f = std::make_shared<ir::PrimFuncNode>();
  Ctx c;
  InputPlan plan;
  // Symbolic dimensions: a shape Var bound from a buffer argument, or also a scalar parameter
  // the caller passes (checked against the buffer, [bind.shape_var]).
  std::vector<std::pair<ir::Var, bool>> shape_vars; // (var, is a parameter)
  if (p.features.symbolic_shapes && r.percent(p.chances.main_symbolic_shapes)) {
    const int n = static_cast<int>(r.range(1, 2));
    for (int i = 0; i < n; ++i) {
      ir::Var v = ir::make_var(g.fresh("n"), g.index_t);
      shape_vars.emplace_back(v, r.percent(p.chances.shape_var_is_param));
      const int64_t value = r.range(1, p.limits.symbolic_extent);
      plan.shape_values.emplace_back(v.get(), value);
      g.shape_dims.push_back(Dim{v, 1, p.limits.symbolic_extent, v.get()});
    }
  }
  const int nbuf = static_cast<int>(r.range(1, p.limits.buffer_params));
  std::vector<int64_t> extents; // of the constant dimensions so far
  for (int i = 0; i < nbuf; ++i) {
    DataType t = g.pick_scalar_dtype(true);
    if (p.features.vectors && p.features.vector_dtype_buffers && !t.is_bool() &&
        r.percent(p.chances.vector_dtype_buffer))
      t = t.with_lanes(g.pick_lanes()); // [sem.expr.bufferload] of a vector-dtype buffer
    std::vector<Dim> dims;
    const int nd = r.percent(p.chances.zero_dim_buffer)
                       ? 0
                       : static_cast<int>(r.range(1, p.limits.buffer_dims));
    int64_t elems = t.lanes;
    for (int d = 0; d < nd; ++d) {
      if (!g.shape_dims.empty() && r.percent(p.chances.symbolic_dim) &&
          elems * p.limits.symbolic_extent <= p.limits.buffer_elements) {
        Dim sd = g.shape_dims[r.below(g.shape_dims.size())];
        dims.push_back(sd);
        elems *= sd.hi;
        continue;
      }
      const int64_t room = std::max<int64_t>(1, p.limits.buffer_elements / elems);
      int64_t e = 0;
      if (r.percent(p.chances.dim_reuses_extent)) {
        // Operators' shapes share extents (matmul's (M, K) and (K, N)), so that one loop
        // variable indexes several buffers.
        std::vector<int64_t> fit;
        for (int64_t x : extents)
          if (x <= room)
            fit.push_back(x);
        if (!fit.empty())
          e = fit[r.below(fit.size())];
      }
      if (e == 0)
        e = r.range(1, std::min<int64_t>(room, 16));
      extents.push_back(e);
      dims.push_back(g.const_dim(e));
      elems *= e;
    }
    std::vector<PrimExpr> shape;
    for (const auto &d : dims)
      shape.push_back(d.extent);
    const std::string name = std::string(1, static_cast<char>('A' + i));
    ir::Buffer buf = b::buffer(name, t, shape);
    ir::Var h = handle_param(name);
    f->params.push_back(h);
    f->buffer_map.emplace_back(h, buf);
    c.buffers.push_back(param_info(buf, dims));
  }
  // A shape Var no buffer uses would be unbound unless it is a parameter: keep only bound ones.
  std::vector<Dim> bound_dims;
  for (const auto &[v, is_param] : shape_vars) {
    bool used = is_param;
    for (const auto &bi : c.buffers)
      for (const auto &d : bi.dims)
        used |= d.sym == v.get();
    if (!used)
      continue;
    for (const auto &d : g.shape_dims)
      if (d.sym == v.get())
        bound_dims.push_back(d);
    if (is_param)
      f->params.push_back(v);
    c.scalars.push_back({v, Facts::of_int(1, p.limits.symbolic_extent)});
  }
  g.shape_dims = bound_dims;
  const int nscalar = static_cast<int>(r.range(0, p.limits.scalar_params));
  for (int i = 0; i < nscalar; ++i) {
    DataType t = g.pick_scalar_dtype(true);
    ir::Var v = ir::make_var(g.fresh("s"), t);
    f->params.push_back(v);
    c.scalars.push_back({v, Facts::full(t)}); // [sem.stmt.primfunc.params]
  }
  g.func_scalars = c.scalars;
  if (p.features.returns && r.percent(p.chances.main_returns_value)) {
    g.ret_type = g.pick_scalar_dtype(false);
    f->ret_type = ir::Type::Prim(g.ret_type);
    c.may_return = true;
  }

  // ---- main's body: root alloc_buffers filled first, then statements, then the return.
  std::vector<Stmt> stmts;
  if (g.style_blocks && r.percent(p.chances.root_alloc_buffers)) {
    const int n = static_cast<int>(r.range(1, 2));
    for (int i = 0; i < n; ++i) {
      DataType t = g.pick_scalar_dtype(true);
      std::vector<Dim> dims = g.scratch_shape();
      std::vector<PrimExpr> shape;
      for (const auto &d : dims)
        shape.push_back(d.extent);
      ir::Buffer buf = b::buffer(g.fresh("W"), t, shape);
      g.root_alloc_buffers.push_back(buf);
      c.buffers.push_back(g.fresh_buffer_info(buf, dims, c)); // [sem.stmt.block.alloc]
      stmts.push_back(p.features.stores_outside_blocks ? g.fill(c.buffers.back(), c)
                                                       : g.fill_block(c.buffers.back(), c));
      c.buffers.back().initialized = true;
    }
  }
  stmts.push_back(g.body(c, p.limits.statements));
  if (!g.ret_type.is_void())
    stmts.push_back(b::evaluate(
        b::builtin(g.ret_type, "tir.ret", {g.expr(g.ret_type, p.limits.expr_depth, c).e})));
  f->body = with_root(g, b::seq(std::move(stmts)));
  mark_global(*f, "main");
  mod->functions.emplace_back(global_var("main"), f);
  mod->is_module = mod->functions.size() > 1;

  GeneratedProgram out;
  out.module = mod;
  out.args = make_arguments(r, p, *f, plan);
  return out;
}

DataType generate_dtype(ChoiceSource &choices, const Profile &p, bool vectors) {
  Rand r(choices);
  ModuleState ms;
  FuncGen g(r, p, ms, 0);
  const bool vec = vectors && p.features.vectors && r.percent(p.chances.standalone_vector_dtype);
  return g.pick_dtype(vec ? g.pick_lanes() : 1, true);
}

PrimExpr generate_expression(ChoiceSource &choices, const Profile &p, DataType t) {
  Rand r(choices);
  ModuleState ms;
  FuncGen g(r, p, ms, static_cast<uint64_t>(p.limits.work));
  Ctx c;
  return g.expr(t, p.limits.expr_depth, c).e;
}

ir::IRModule wrap_expression(const PrimExpr &expr) {
  // Bool is stored as int8 here: a bool vector has no DLPack tensor dtype.
  PrimExpr value =
      expr->dtype.is_bool() ? b::cast(DataType::Int(8, expr->dtype.lanes), expr) : expr;
  auto f = std::make_shared<ir::PrimFuncNode>();
  ir::Buffer out = b::buffer("out", value->dtype, {b::i32(1)});
  ir::Var h = handle_param("out");
  f->params.push_back(h);
  f->buffer_map.emplace_back(h, out);
  f->body = b::store(out, value, {b::i32(0)});
  auto mod = std::make_shared<ir::IRModuleNode>();
  mod->functions.emplace_back(global_var("main"), f);
  mod->is_module = false;
  return mod;
}

} // namespace tirconf::gen
