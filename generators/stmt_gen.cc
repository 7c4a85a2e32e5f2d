// Statements: sequences, stores, control flow, scopes that bind (LetStmt, AssertStmt, Allocate,
// DeclBuffer, BufferRealize), attributes, calls and returns. Loops are in loop_gen.cc, blocks in
// block_gen.cc. A statement that binds something takes the rest of its sequence as its body, the
// way TVMScript's `x = ...`, `assert`, `T.allocate` and `T.decl_buffer` read.
#include "generators/build.h"
#include "generators/func_gen.h"
#include "generators/literals.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

namespace {

bool binds_rest(StmtChoice k) {
  switch (k) {
  case StmtChoice::Let:
  case StmtChoice::Assert:
  case StmtChoice::Allocate:
  case StmtChoice::DeclBuffer:
  case StmtChoice::Realize:
    return true;
  default:
    return false;
  }
}

const char *const kPragmas[] = {"pragma_unroll_explicit", "pragma_auto_unroll_max_step",
                                "pragma_hint", "storage_alignment"};

} // namespace

Stmt FuncGen::body(const Ctx &c, int max_stmts) {
  std::vector<Stmt> out;
  const int n = static_cast<int>(r_.range(1, std::max(1, max_stmts)));
  for (int i = 0; i < n; ++i) {
    // Scopes that bind a name take the remaining statements as their body.
    Stmt s;
    StmtChoice k = StmtChoice::kCount;
    if (c.depth < p_.limits.stmt_depth && r_.percent(p_.chances.scope_statement)) {
      k = pick_allowed(r_, p_.stmt, [&](StmtChoice k) {
        if (!binds_rest(k))
          return false;
        if (k == StmtChoice::Allocate || k == StmtChoice::DeclBuffer || k == StmtChoice::Realize)
          return style_lowered;
        return true;
      });
    }
    if (k != StmtChoice::kCount) {
      s = scope_stmt(k, c, n - i - 1);
      if (s) {
        out.push_back(s);
        break;
      }
    }
    out.push_back(stmt(c));
  }
  return b::seq(std::move(out));
}

Stmt FuncGen::stmt(const Ctx &c) {
  charge(c.mult);
  const bool deep = c.depth >= p_.limits.stmt_depth;
  const bool loose_stores = p_.features.stores_outside_blocks || !style_blocks || c.in_block;
  for (int attempt = 0; attempt < 4; ++attempt) {
    StmtChoice k = pick_allowed(r_, p_.stmt, [&](StmtChoice k) {
      if (binds_rest(k))
        return false;
      switch (k) {
      case StmtChoice::Store:
        return loose_stores;
      case StmtChoice::Evaluate:
        return true;
      case StmtChoice::Return:
        return c.may_return && !ret_type.is_void();
      case StmtChoice::Call:
        return p_.features.calls;
      case StmtChoice::Block:
      case StmtChoice::Reduction:
        return !deep && style_blocks;
      case StmtChoice::LaunchThread:
        return !deep && p_.features.threads && style_lowered;
      case StmtChoice::While:
        return !deep && !c.in_vectorized && style_lowered;
      case StmtChoice::GpuKernel:
        return !deep && p_.features.threads && style_lowered && c.regions == 0 && !c.in_block &&
               (p_.features.nested_kernels || (is_main && c.depth == 0));
      default:
        return !deep;
      }
    });
    Stmt s;
    switch (k) {
    case StmtChoice::Store:
      s = store(c);
      break;
    case StmtChoice::Loop:
      s = loop_nest(c);
      break;
    case StmtChoice::If:
      s = if_stmt(c);
      break;
    case StmtChoice::Evaluate:
      s = evaluate_stmt(c);
      break;
    case StmtChoice::While:
      s = while_loop(c);
      break;
    case StmtChoice::Block:
      s = block_stage(c, false);
      break;
    case StmtChoice::Reduction:
      s = block_stage(c, true);
      break;
    case StmtChoice::Attr:
      s = attr_stmt(c);
      break;
    case StmtChoice::LaunchThread:
      s = launch_thread(c);
      break;
    case StmtChoice::Call:
      s = call_stmt(c);
      break;
    case StmtChoice::Return:
      s = return_stmt(c);
      break;
    case StmtChoice::GpuKernel:
      s = gpu_kernel(c);
      break;
    default:
      break;
    }
    if (s)
      return s;
  }
  Stmt s = loose_stores ? store(c) : block_stage(c, false);
  return s ? s : evaluate_stmt(c);
}

Stmt FuncGen::store(const Ctx &c) {
  // [sem.stmt.bufferstore] value first, then the indices; the element written is inside the
  // buffer and, in a region, inside this iteration's slice.
  std::vector<const BufferInfo *> cands;
  for (const auto &bi : c.buffers)
    if (bi.initialized && c.can_write(bi))
      cands.push_back(&bi);
  if (cands.empty())
    return nullptr;
  const BufferInfo &bi = *cands[r_.below(cands.size())];
  int lanes = 1;
  // [dtype.lanes] the value has the buffer's lanes times the index's, 64 at most.
  if (p_.features.vectors && !bi.dims.empty() && r_.percent(p_.chances.vector_store))
    lanes = pick_lanes(kMaxLanes / bi.buffer->dtype.lanes);
  std::vector<PrimExpr> idx;
  if (!access(bi, lanes, c, idx)) {
    lanes = 1;
    if (!access(bi, 1, c, idx))
      return nullptr;
  }
  note_access(bi, true);
  const DataType vt = bi.buffer->dtype.with_lanes(bi.buffer->dtype.lanes * lanes);
  TExpr v = expr(vt, static_cast<int>(r_.range(0, p_.limits.expr_depth)), c);
  return b::store(bi.buffer, v.e, std::move(idx));
}

Stmt FuncGen::publish(const PrimExpr &value, const Ctx &c, const ir::BufferNode *prefer) {
  // A store of `value` as store() makes one, into a scalar buffer of its dtype.
  std::vector<const BufferInfo *> cands;
  for (const auto &bi : c.buffers)
    if (bi.initialized && c.can_write(bi) && bi.buffer->dtype == value->dtype) {
      if (bi.buffer.get() == prefer) {
        cands = {&bi};
        break;
      }
      cands.push_back(&bi);
    }
  if (cands.empty())
    return nullptr;
  const BufferInfo &bi = *cands[r_.below(cands.size())];
  std::vector<PrimExpr> idx;
  if (!access(bi, 1, c, idx))
    return nullptr;
  note_access(bi, true);
  return b::store(bi.buffer, value, std::move(idx));
}

Stmt FuncGen::if_stmt(const Ctx &c) {
  // [sem.stmt.ifthenelse] either branch is fine: neither can be unspecified.
  TExpr cond = expr(DataType::Bool(), static_cast<int>(r_.range(1, p_.limits.expr_depth)), c);
  Ctx inner = c;
  inner.depth++;
  Stmt t = body(inner, std::max(1, p_.limits.statements / 2));
  Stmt e = r_.percent(p_.chances.else_branch) ? body(inner, std::max(1, p_.limits.statements / 2))
                                              : nullptr;
  return b::if_then_else(cond.e, t, e);
}

Stmt FuncGen::evaluate_stmt(const Ctx &c) {
  // [sem.stmt.evaluate] the value is computed and dropped.
  switch (EvaluateKind(r_.pick(p_.evaluate_kind))) {
  case EvaluateKind::Note:
    return b::evaluate(
        b::string_imm("note " + std::to_string(r_.below(100)))); // [sem.expr.stringimm]
  case EvaluateKind::NullHandle:
    // [sem.expr.cast.handle] an integer 0 cast to a handle is the null pointer.
    return b::evaluate(b::cast(DataType::Handle(), b::int_imm(DataType::Int(64), 0)));
  case EvaluateKind::Assume:
    // [builtin.assume] with a condition that holds ([unspec.assume_false] cannot happen).
    return b::evaluate(b::builtin(DataType::Bool(), "tir.assume", {true_condition(c)}));
  case EvaluateKind::Expression:
  default:
    return b::evaluate(expr(pick_scalar_dtype(true), 2, c).e);
  }
}

Stmt FuncGen::attr_stmt(const Ctx &c) {
  // [sem.stmt.attrstmt] a compiler hint around a nested body.
  Ctx inner = c;
  inner.depth++;
  Stmt s = body(inner, std::max(1, p_.limits.statements / 2));
  const char *key = kPragmas[r_.below(std::size(kPragmas))];
  return std::make_shared<ir::AttrStmtNode>(ir::AttrNodeRef{PrimExpr(b::i32(0))}, key,
                                            b::i32(r_.range(0, 16)), s);
}

Stmt FuncGen::call_stmt(const Ctx &c) {
  // [sem.expr.call.primfunc] a PrimFunc that rewrites a buffer of ours in place. Only outside
  // regions the buffer is not private to, since the callee writes every element.
  std::vector<std::pair<const Callee *, const BufferInfo *>> cands;
  for (const auto &k : m_.callees) {
    if (k.kind != Callee::Kind::Buffer)
      continue;
    for (const auto &bi : c.buffers) {
      if (!bi.initialized || !c.can_write(bi) || bi.created_depth != c.regions || bi.is_match)
        continue;
      if (bi.buffer->dtype != k.buffer_dtype || !bi.static_shape() ||
          bi.dims.size() != k.buffer_shape.size())
        continue;
      bool same = true;
      for (size_t i = 0; i < bi.dims.size(); ++i)
        same &= bi.dims[i].lo == k.buffer_shape[i];
      if (same)
        cands.emplace_back(&k, &bi);
    }
  }
  if (cands.empty())
    return nullptr;
  auto [k, bi] = cands[r_.below(cands.size())];
  if (!afford(c.mult * k->work))
    return nullptr;
  charge(c.mult * k->work);
  std::vector<PrimExpr> args{bi->buffer->data};
  for (size_t i = 1; i < k->params.size(); ++i)
    args.push_back(expr(k->params[i], 1, c).e);
  return b::evaluate(b::call(DataType::Void(), k->gv, std::move(args)));
}

Stmt FuncGen::return_stmt(const Ctx &c) {
  // [builtin.ret] an early return from serial code: ends the function with this value.
  TExpr cond = expr(DataType::Bool(), 2, c);
  TExpr v = expr(ret_type, 2, c);
  return b::if_then_else(cond.e, b::evaluate(b::builtin(ret_type, "tir.ret", {v.e})));
}

Stmt FuncGen::scope_stmt(StmtChoice k, const Ctx &c, int rest) {
  Ctx inner = c;
  inner.depth++;
  switch (k) {
  case StmtChoice::Let: {
    // [sem.stmt.letstmt] a scalar bound for the rest of the sequence.
    DataType t = pick_scalar_dtype(true);
    TExpr v = expr(t, static_cast<int>(r_.range(0, p_.limits.expr_depth)), c);
    ir::Var var = ir::make_var(fresh("x"), t);
    inner.scalars.push_back({var, v.f});
    Stmt s = body(inner, rest + 1);
    if (r_.percent(p_.chances.volatile_scope_let)) {
      // [sem.stmt.attr.volatile_scope] naming the Var the LetStmt inside binds.
      return std::make_shared<ir::AttrStmtNode>(ir::AttrNodeRef{PrimExpr(var)}, "volatile_scope",
                                                b::i32(1), b::let_stmt(var, v.e, s));
    }
    return b::let_stmt(var, v.e, s);
  }
  case StmtChoice::Assert: {
    // [sem.stmt.assert] a condition that holds, so the body always runs.
    PrimExpr cond = true_condition(c);
    Stmt s = body(inner, rest + 1);
    return std::make_shared<ir::AssertStmtNode>(
        cond, b::string_imm("check " + std::to_string(r_.below(1000))), s);
  }
  case StmtChoice::Allocate:
  case StmtChoice::DeclBuffer:
  case StmtChoice::Realize:
    return scratch(k, c, rest);
  default:
    return nullptr;
  }
}

} // namespace tirconf::gen
