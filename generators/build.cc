#include "generators/build.h"

namespace tirconf::gen::build {

PrimExpr splat_int(DataType t, int64_t v) {
  PrimExpr s = int_imm(t.element_of(), v);
  return t.lanes > 1 ? broadcast(s, t.lanes) : s;
}

PrimExpr splat_float(DataType t, double v) {
  PrimExpr s = float_imm(t.element_of(), v);
  return t.lanes > 1 ? broadcast(s, t.lanes) : s;
}

// As TVMScript builds sequences (SeqStmt::Flatten): nested ones spliced, Evaluate(0) no-ops
// dropped, an empty sequence is Evaluate(0).
Stmt seq(std::vector<Stmt> stmts) {
  std::vector<Stmt> flat;
  auto add = [&](const Stmt &s) {
    if (auto *ev = ir::as<ir::EvaluateNode>(s))
      if (auto *imm = ir::as<ir::IntImmNode>(ev->value); imm && imm->value == 0)
        return;
    flat.push_back(s);
  };
  for (auto &s : stmts) {
    if (!s)
      continue;
    if (auto *q = ir::as<ir::SeqStmtNode>(s)) {
      for (const auto &x : q->seq)
        add(x);
    } else {
      add(s);
    }
  }
  if (flat.empty())
    return evaluate(i32(0));
  if (flat.size() == 1)
    return flat.front();
  return std::make_shared<ir::SeqStmtNode>(std::move(flat));
}

Stmt for_loop(ir::Var v, PrimExpr min, PrimExpr extent, ir::ForKind kind, Stmt body,
              ir::IterVar thread_binding) {
  return std::make_shared<ir::ForNode>(std::move(v), std::move(min), std::move(extent), kind,
                                       std::move(body), std::move(thread_binding),
                                       ir::Annotations{});
}

ir::Var pointer_var(std::string name, DataType element, std::string scope) {
  // A Bool buffer is stored as int8 [type.stmt.allocate.annot].
  DataType storage = element == DataType::Bool() ? DataType::Int(8) : element;
  return ir::make_var(std::move(name),
                      ir::Type::Pointer(ir::Type::Prim(storage), std::move(scope)));
}

ir::Buffer buffer(std::string name, DataType t, std::vector<PrimExpr> shape, ir::Var data) {
  auto b = std::make_shared<ir::BufferNode>();
  b->name = name;
  b->dtype = t;
  b->shape = std::move(shape);
  b->data = data ? std::move(data) : pointer_var(name, t);
  // elem_offset has the dtype of the first dimension, as TVMScript's T.Buffer makes it.
  b->elem_offset = ir::make_int(b->shape.empty() ? DataType::Int(32) : b->shape.front()->dtype, 0);
  return b;
}

} // namespace tirconf::gen::build
