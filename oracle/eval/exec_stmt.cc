// The plain nodes of LetStmt, AttrStmt (hints), AssertStmt, BufferStore, DeclBuffer, SeqStmt,
// IfThenElse and Evaluate, and compile_stmt choosing the node for every statement kind. Each node
// starts with the rule it implements. Faster equivalents for scalar shapes are fast paths
// (fast_paths.h, fast_stmt.cc), not here.
#include "oracle/eval/exec_stmt.h"

#include "oracle/eval/trap.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::Value;

// ---------------------------------------------------------------- shared by allocating statements

ScopedAllocation::~ScopedAllocation() {
  while (!binds_.empty())
    binds_.pop_back();
  for (auto it = views_.rbegin(); it != views_.rend(); ++it)
    f_.views[static_cast<size_t>(it->first)] = std::move(it->second);
  for (auto it = registered_.rbegin(); it != registered_.rend(); ++it)
    f_.registered[static_cast<size_t>(it->first)] = it->second;
  for (uint64_t a : allocs_)
    f_.m.memory.release(a);
}

void ScopedAllocation::register_view(int buffer, View v) {
  const size_t i = static_cast<size_t>(buffer);
  views_.emplace_back(buffer, std::move(f_.views[i]));
  registered_.emplace_back(buffer, f_.registered[i]);
  finalize(v);
  f_.views[i] = std::move(v);
  f_.registered[i] = 1;
}

Value buffer_handle(uint64_t alloc, int64_t byte_offset) {
  runtime::HandleValue h;
  h.kind = runtime::HandleValue::Kind::Buffer;
  h.allocation = alloc;
  h.byte_offset = byte_offset;
  return Value::handle(std::move(h));
}

bool fits(DataType e, int64_t v) {
  if (!e.is_integer())
    return false;
  if (e.bits >= 64)
    return e.is_int() || v >= 0;
  if (e.is_uint())
    return v >= 0 && v < (int64_t{1} << e.bits);
  return v >= -(int64_t{1} << (e.bits - 1)) && v < (int64_t{1} << (e.bits - 1));
}

namespace {

// ---------------------------------------------------------------- 2. LetStmt

// [sem.stmt.letstmt] value once, bound to var for body.
class LetStmt final : public CStmt {
public:
  LetStmt(Compiler &c, const ir::LetStmtNode *op)
      : CStmt(op), value_(c.expr(op->value)), slot_(c.var(op->var.get())), body_(c.stmt(op->body)),
        hits_(c.counter("sem.stmt.letstmt")),
        // [sem.stmt.letstmt.pointer] a handle is bound unchanged whatever the pointee type.
        pointer_hits_(c.counter(op->var->type_annotation.is_pointer() ? "sem.stmt.letstmt.pointer"
                                                                      : nullptr)) {}
  void exec(Frame &f) const override {
    bump(hits_);
    bump(pointer_hits_);
    Value v = value_->value(f);
    ScopedSlot bind(f, slot_);
    f.set(slot_, v);
    body_->run(f);
  }

private:
  CExprPtr value_;
  int slot_;
  CStmtPtr body_;
  uint64_t *hits_, *pointer_hits_;
};

// ---------------------------------------------------------------- 3. AttrStmt
// thread_extent and virtual_thread are parallel loops: exec_loops.cc.

// [sem.stmt.attrstmt] a compiler hint: just the body. [sem.stmt.attr.volatile_scope] likewise.
class AttrHint final : public CStmt {
public:
  AttrHint(Compiler &c, const ir::AttrStmtNode *op)
      : CStmt(op), body_(c.stmt(op->body)),
        hits_(c.counter(op->attr_key == "volatile_scope" ? "sem.stmt.attr.volatile_scope"
                                                         : "sem.stmt.attrstmt")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    body_->run(f);
  }

private:
  CStmtPtr body_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 4. AssertStmt

// [sem.stmt.assert] body if the condition is 1, else an assert error with the message.
class AssertStmt final : public CStmt {
public:
  AssertStmt(Compiler &c, const ir::AssertStmtNode *op)
      : CStmt(op), cond_(c.expr(op->condition)), body_(c.stmt(op->body)),
        hits_(c.counter("sem.stmt.assert")) {
    if (const auto *s = ir::as<ir::StringImmNode>(op->message))
      text_ = s->value;
    else if (op->message)
      message_ = c.expr(op->message);
  }
  void exec(Frame &f) const override {
    bump(hits_);
    if (eval_cond(f, *cond_)) {
      body_->run(f);
      return;
    }
    // An int32 message prints its value.
    std::string message = message_ ? runtime::to_string(message_->value(f)) : text_;
    trap_error(runtime::ErrorClass::Assert, message, "sem.stmt.assert", f.m.where(loc));
  }

private:
  CExprPtr cond_;
  CStmtPtr body_;
  std::string text_;
  CExprPtr message_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 5. BufferStore

// [sem.stmt.bufferstore] value first, then the indices left to right, then the element at that
// index tuple (lanes elements of a vector dtype); [sem.stmt.bufferstore.nullary] no indices: the
// one element; [sem.stmt.bufferstore.vector] a vector last index: chunk j (buffer-lanes lanes)
// goes to index lane j.
class BufferStore final : public CStmt {
public:
  BufferStore(Compiler &c, const ir::BufferStoreNode *op)
      : CStmt(op), value_(c.expr(op->value)), buffer_(c.buffer(op->buffer.get())),
        dtype_(op->buffer->dtype) {
    for (const auto &i : op->indices)
      idx_.push_back(c.expr(i));
    const bool vector_index = !idx_.empty() && idx_.back()->type.lanes > 1;
    hits_ = c.counter(idx_.empty()   ? "sem.stmt.bufferstore.nullary"
                      : vector_index ? "sem.stmt.bufferstore.vector"
                                     : "sem.stmt.bufferstore");
  }
  void exec(Frame &f) const override {
    Value v = value_->value(f);
    std::vector<Value> idx;
    idx.reserve(idx_.size());
    for (const auto &i : idx_)
      idx.push_back(i->value(f));
    const size_t n = idx.size();
    const int il = n == 0 ? 1 : idx[n - 1].lanes();
    const int bl = dtype_.lanes;
    if (v.is_handle() || v.is_void() || v.lanes() != il * bl ||
        v.element_type() != dtype_.element_of())
      trap_invalid("type.stmt.bufferstore.value_lanes", f.m.where(loc),
                   "storing " + ir::to_string(v.dtype()) + " into a buffer of " +
                       ir::to_string(dtype_));
    bump(hits_);
    std::vector<int64_t> at(n);
    for (size_t k = 0; k + 1 < n; ++k)
      at[k] = index_value(idx[k], 0);
    uint64_t lanes[Value::kMaxLanes];
    for (int j = 0; j < il; ++j) {
      if (n > 0)
        at[n - 1] = index_value(idx[n - 1], j);
      for (int k = 0; k < bl; ++k)
        lanes[k] = v.bits(j * bl + k);
      f.m.store(f.view(buffer_, loc), at.data(), n, lanes, loc);
    }
  }

private:
  CExprPtr value_;
  int buffer_;
  DataType dtype_;
  std::vector<CExprPtr> idx_;
  uint64_t *hits_;
};

// ---------------------------------------------------------------- 8-11

// [sem.stmt.declbuffer] nothing but body; the buffer views memory its data Var already holds.
class DeclBuffer final : public CStmt {
public:
  DeclBuffer(Compiler &c, const ir::DeclBufferNode *op)
      : CStmt(op), body_(c.stmt(op->body)), hits_(c.counter("sem.stmt.declbuffer")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    body_->run(f);
  }

private:
  CStmtPtr body_;
  uint64_t *hits_;
};

// [sem.stmt.seqstmt] in list order.
class SeqStmt final : public CStmt {
public:
  SeqStmt(Compiler &c, const ir::SeqStmtNode *op)
      : CStmt(op), hits_(c.counter("sem.stmt.seqstmt")) {
    for (const auto &s : op->seq)
      seq_.push_back(c.stmt(s));
  }
  void exec(Frame &f) const override {
    bump(hits_);
    for (const auto &s : seq_)
      s->run(f);
  }

private:
  std::vector<CStmtPtr> seq_;
  uint64_t *hits_;
};

// [sem.stmt.ifthenelse] then_case if 1, else else_case when present.
class IfThenElse final : public CStmt {
public:
  IfThenElse(Compiler &c, const ir::IfThenElseNode *op)
      : CStmt(op), cond_(c.expr(op->condition)), then_(c.stmt(op->then_case)),
        else_(op->else_case ? c.stmt(op->else_case) : nullptr),
        hits_(c.counter("sem.stmt.ifthenelse")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    if (eval_cond(f, *cond_))
      then_->run(f);
    else if (else_)
      else_->run(f);
  }

private:
  CExprPtr cond_;
  CStmtPtr then_, else_;
  uint64_t *hits_;
};

// [sem.stmt.evaluate] evaluated fully (errors and effects kept), value discarded.
class Evaluate final : public CStmt {
public:
  Evaluate(Compiler &c, const ir::EvaluateNode *op)
      : CStmt(op), value_(discarding(c, op->value)), hits_(c.counter("sem.stmt.evaluate")) {}
  void exec(Frame &f) const override {
    bump(hits_);
    value_->value(f);
  }

private:
  static CExprPtr discarding(Compiler &c, const ir::PrimExpr &value) {
    const ir::CallNode *saved = c.discarded_call;
    c.discarded_call = value->kind == ir::ExprKind::Call
                           ? static_cast<const ir::CallNode *>(value.get())
                           : nullptr;
    CExprPtr compiled = c.expr(value);
    c.discarded_call = saved;
    return compiled;
  }
  CExprPtr value_;
  uint64_t *hits_;
};

CStmtPtr compile_store(Compiler &c, const ir::BufferStoreNode *op) {
  if (op->predicate) {
    // [unspec.predicated_access] TVM's masked vector store, outside the spec.
    class PredicatedStore final : public CStmt {
    public:
      explicit PredicatedStore(const ir::StmtNode *s) : CStmt(s) {}
      void exec(Frame &f) const override {
        trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.predicated_access", f.m.where(loc),
                         "a store with a lane predicate (A.vstore)");
      }
    };
    return std::make_unique<PredicatedStore>(op);
  }
  for (size_t k = 0; k < op->indices.size(); ++k) {
    const DataType t = op->indices[k]->dtype;
    if (!t.is_integer() || (k + 1 < op->indices.size() && t.lanes != 1)) {
      class Invalid final : public CStmt {
      public:
        Invalid(const ir::StmtNode *s, const char *rule) : CStmt(s), rule_(rule) {}
        void exec(Frame &f) const override {
          trap_invalid(rule_, f.m.where(loc), "bad buffer index");
        }

      private:
        const char *rule_;
      };
      return std::make_unique<Invalid>(op, t.is_integer() ? "type.stmt.bufferstore.index_scalar"
                                                          : "type.stmt.bufferstore.index_int");
    }
  }
  return std::make_unique<BufferStore>(c, op);
}

} // namespace

CStmtPtr compile_stmt(Compiler &c, const ir::Stmt &s) {
  const ir::StmtNode *n = s.get();
  switch (n->kind) {
  case ir::StmtKind::LetStmt:
    return std::make_unique<LetStmt>(c, static_cast<const ir::LetStmtNode *>(n));
  case ir::StmtKind::AttrStmt: {
    const auto *op = static_cast<const ir::AttrStmtNode *>(n);
    if (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread")
      return compile_loop(c, s);
    return std::make_unique<AttrHint>(c, op);
  }
  case ir::StmtKind::AssertStmt:
    return std::make_unique<AssertStmt>(c, static_cast<const ir::AssertStmtNode *>(n));
  case ir::StmtKind::BufferStore:
    return compile_store(c, static_cast<const ir::BufferStoreNode *>(n));
  case ir::StmtKind::DeclBuffer:
    return std::make_unique<DeclBuffer>(c, static_cast<const ir::DeclBufferNode *>(n));
  case ir::StmtKind::SeqStmt:
    return std::make_unique<SeqStmt>(c, static_cast<const ir::SeqStmtNode *>(n));
  case ir::StmtKind::IfThenElse:
    return std::make_unique<IfThenElse>(c, static_cast<const ir::IfThenElseNode *>(n));
  case ir::StmtKind::Evaluate:
    return std::make_unique<Evaluate>(c, static_cast<const ir::EvaluateNode *>(n));
  case ir::StmtKind::For:
  case ir::StmtKind::While:
    return compile_loop(c, s);
  default:
    return compile_block(c, s);
  }
}

} // namespace tirconf::oracle::eval
