// Short constructors for the IR nodes the generators build (ir/ has the nodes; these only save
// the make_shared noise). Every result is well-typed when its operands are.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/module.h"

namespace tirconf::gen::build {

using ir::DataType;
using ir::PrimExpr;
using ir::Stmt;

inline PrimExpr int_imm(DataType t, int64_t v) {
  return ir::make_int(t, v);
}
inline PrimExpr i32(int64_t v) {
  return ir::make_int32(v);
}
inline PrimExpr float_imm(DataType t, double v) {
  return std::make_shared<ir::FloatImmNode>(t, v);
}
// A constant of t (scalar or Broadcast for vectors): an Int/UInt value or a float.
PrimExpr splat_int(DataType t, int64_t v);
PrimExpr splat_float(DataType t, double v);
inline PrimExpr bin(ir::ExprKind k, PrimExpr a, PrimExpr b) {
  return ir::make_binary(k, std::move(a), std::move(b));
}
inline PrimExpr add(PrimExpr a, PrimExpr b) {
  return bin(ir::ExprKind::Add, std::move(a), std::move(b));
}
inline PrimExpr sub(PrimExpr a, PrimExpr b) {
  return bin(ir::ExprKind::Sub, std::move(a), std::move(b));
}
inline PrimExpr mul(PrimExpr a, PrimExpr b) {
  return bin(ir::ExprKind::Mul, std::move(a), std::move(b));
}
inline PrimExpr lt(PrimExpr a, PrimExpr b) {
  return bin(ir::ExprKind::LT, std::move(a), std::move(b));
}
inline PrimExpr land(PrimExpr a, PrimExpr b) {
  return bin(ir::ExprKind::And, std::move(a), std::move(b));
}
inline PrimExpr select(PrimExpr c, PrimExpr t, PrimExpr f) {
  return std::make_shared<ir::SelectNode>(std::move(c), std::move(t), std::move(f));
}
inline PrimExpr cast(DataType t, PrimExpr v) {
  return std::make_shared<ir::CastNode>(t, std::move(v));
}
inline PrimExpr broadcast(PrimExpr v, int lanes) {
  return std::make_shared<ir::BroadcastNode>(std::move(v), lanes);
}
inline PrimExpr ramp(PrimExpr base, PrimExpr stride, int lanes) {
  return std::make_shared<ir::RampNode>(std::move(base), std::move(stride), lanes);
}
inline PrimExpr let(ir::Var v, PrimExpr value, PrimExpr body) {
  return std::make_shared<ir::LetNode>(std::move(v), std::move(value), std::move(body));
}
inline PrimExpr lnot(PrimExpr a) {
  return std::make_shared<ir::NotNode>(std::move(a));
}
inline PrimExpr builtin(DataType t, std::string op, std::vector<PrimExpr> args) {
  return std::make_shared<ir::CallNode>(t, std::move(op), nullptr, std::move(args));
}
inline PrimExpr call(DataType t, ir::GlobalVar g, std::vector<PrimExpr> args) {
  return std::make_shared<ir::CallNode>(t, "", std::move(g), std::move(args));
}
inline PrimExpr load(ir::Buffer b, std::vector<PrimExpr> idx) {
  return ir::make_buffer_load(std::move(b), std::move(idx));
}
inline PrimExpr string_imm(std::string s) {
  return std::make_shared<ir::StringImmNode>(std::move(s));
}

inline Stmt store(ir::Buffer b, PrimExpr v, std::vector<PrimExpr> idx) {
  return std::make_shared<ir::BufferStoreNode>(std::move(b), std::move(v), std::move(idx));
}
inline Stmt evaluate(PrimExpr e) {
  return std::make_shared<ir::EvaluateNode>(std::move(e));
}
// A SeqStmt of the statements, flattening nested SeqStmts; one statement stands alone.
Stmt seq(std::vector<Stmt> stmts);
inline Stmt if_then_else(PrimExpr c, Stmt t, Stmt e = nullptr) {
  return std::make_shared<ir::IfThenElseNode>(std::move(c), std::move(t), std::move(e));
}
inline Stmt let_stmt(ir::Var v, PrimExpr value, Stmt body) {
  return std::make_shared<ir::LetStmtNode>(std::move(v), std::move(value), std::move(body));
}
Stmt for_loop(ir::Var v, PrimExpr min, PrimExpr extent, ir::ForKind kind, Stmt body,
              ir::IterVar thread_binding = nullptr);
// A compact buffer of `shape` over `data` (a fresh pointer Var when null), elem_offset 0.
ir::Buffer buffer(std::string name, DataType t, std::vector<PrimExpr> shape,
                  ir::Var data = nullptr);
ir::Var pointer_var(std::string name, DataType element, std::string scope = "global");

} // namespace tirconf::gen::build
