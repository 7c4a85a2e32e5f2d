// Conventions: see eval_expr.h. Each case starts with the rule it implements.
#include "oracle/eval/exec_stmt.h"

#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::Value;

// ---------------------------------------------------------------- 2. LetStmt

void Executor::VisitStmt_(const ir::LetStmtNode* op) {
  // [sem.stmt.letstmt] value once, bound to var for body.
  m.hit("sem.stmt.letstmt");
  Value v = ev.eval(op->value);
  // [sem.stmt.letstmt.pointer] a handle is bound unchanged whatever the pointee type.
  if (op->var->type_annotation.is_pointer()) m.hit("sem.stmt.letstmt.pointer");
  ScopedBind bind(f.env, op->var.get(), std::move(v));
  exec(op->body);
}

// ---------------------------------------------------------------- 3. AttrStmt
// thread_extent and virtual_thread are parallel loops: exec_loops.cc.

// ---------------------------------------------------------------- 4. AssertStmt

void Executor::VisitStmt_(const ir::AssertStmtNode* op) {
  // [sem.stmt.assert] body if the condition is 1, else an assert error with the message.
  m.hit("sem.stmt.assert");
  if (ev.eval_cond(op->condition)) {
    exec(op->body);
    return;
  }
  std::string message;
  if (const auto* s = ir::as<ir::StringImmNode>(op->message)) {
    message = s->value;
  } else if (op->message) {
    Value v = ev.eval(op->message);  // an int32 message prints its value
    message = runtime::to_string(v);
  }
  trap_error(runtime::ErrorClass::Assert, message, "sem.stmt.assert", m.where(op->loc));
}

// ---------------------------------------------------------------- 5. BufferStore

void Executor::VisitStmt_(const ir::BufferStoreNode* op) {
  // [sem.stmt.bufferstore] value first, then the indices left to right.
  Value v = ev.eval(op->value);
  std::vector<Value> idx;
  idx.reserve(op->indices.size());
  for (const auto& i : op->indices) {
    idx.push_back(ev.eval(i));
    if (!idx.back().dtype().is_integer())
      trap_invalid("type.stmt.bufferstore.index_int", m.where(op->loc), "non-integer buffer index");
  }
  const ir::BufferNode* b = op->buffer.get();
  const size_t n = idx.size();
  for (size_t k = 0; k + 1 < n; ++k)
    if (idx[k].lanes() != 1) trap_invalid("type.stmt.bufferstore.index_scalar", m.where(op->loc), "vector index before the last");
  const int il = n == 0 ? 1 : idx[n - 1].lanes();
  const int bl = b->dtype.lanes;
  if (v.is_handle() || v.is_void() || v.lanes() != il * bl || v.element_type() != b->dtype.element_of())
    trap_invalid("type.stmt.bufferstore.value_lanes", m.where(op->loc),
                 "storing " + ir::to_string(v.dtype()) + " into a buffer of " + ir::to_string(b->dtype));
  if (n == 0) m.hit("sem.stmt.bufferstore.nullary");       // [sem.stmt.bufferstore.nullary]
  else if (il > 1) m.hit("sem.stmt.bufferstore.vector");    // [sem.stmt.bufferstore.vector]
  else m.hit("sem.stmt.bufferstore");
  std::vector<int64_t> at(n);
  for (size_t k = 0; k + 1 < n; ++k) at[k] = Evaluator::index_value(idx[k], 0);
  uint64_t lanes[Value::kMaxLanes];
  // [sem.stmt.bufferstore.vector] chunk j (buffer-lanes lanes) goes to index lane j.
  for (int j = 0; j < il; ++j) {
    if (n > 0) at[n - 1] = Evaluator::index_value(idx[n - 1], j);
    for (int k = 0; k < bl; ++k) lanes[k] = v.bits(j * bl + k);
    m.store(ev.view_of(b, op->loc), at.data(), n, lanes, op->loc);
  }
}

// ---------------------------------------------------------------- 8-11

void Executor::VisitStmt_(const ir::DeclBufferNode* op) {
  // [sem.stmt.declbuffer] nothing but body; the buffer views memory its data Var already holds.
  m.hit("sem.stmt.declbuffer");
  exec(op->body);
}

void Executor::VisitStmt_(const ir::SeqStmtNode* op) {
  // [sem.stmt.seqstmt] in list order.
  m.hit("sem.stmt.seqstmt");
  for (const auto& s : op->seq) exec(s);
}

void Executor::VisitStmt_(const ir::IfThenElseNode* op) {
  // [sem.stmt.ifthenelse] then_case if 1, else else_case when present.
  m.hit("sem.stmt.ifthenelse");
  if (ev.eval_cond(op->condition))
    exec(op->then_case);
  else if (op->else_case)
    exec(op->else_case);
}

void Executor::VisitStmt_(const ir::EvaluateNode* op) {
  // [sem.stmt.evaluate] evaluated fully (errors and effects kept), value discarded.
  m.hit("sem.stmt.evaluate");
  ev.eval(op->value);
}

}  // namespace tirconf::oracle::eval
