// Statements (TVM's tir/stmt.cc): sequences, scopes that print concisely as the last statement
// of a body (`x = T.allocate(...)`) or as `with`, and the rest.
#include <type_traits>
#include <variant>

#include "ir/builtins.h"
#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

namespace {

// Allocate directly followed by DeclBuffer of a buffer over the same storage, with the same
// dtype and shape: printed as one `T.decl_buffer` (IsAllocateDeclBufferPattern in stmt.cc).
const DeclBufferNode *allocate_decl_buffer(const AllocateNode *op) {
  auto *decl = as<DeclBufferNode>(op->body);
  if (!decl || !decl->buffer)
    return nullptr;
  const BufferNode &b = *decl->buffer;
  if (b.data != op->buffer_var || b.dtype != op->dtype || !is_one(op->condition) ||
      !op->annotations.empty() || op->extents.size() != b.shape.size())
    return nullptr;
  for (size_t i = 0; i < op->extents.size(); ++i)
    if (!deep_equal(op->extents[i], b.shape[i]))
      return nullptr;
  return decl;
}

} // namespace

// AsDocBody: the statements of a body, the last one allowed to open a scope concisely.
// Deviation: TVM prints a SeqStmt nested in a SeqStmt through its own frame, letting its last
// statement scope concisely over the rest of the outer sequence; nested sequences are
// flattened here.
void Printer::as_doc_body(const Stmt &s, Frame &f) {
  std::vector<Stmt> seq;
  flatten(s, seq);
  for (size_t i = 0; i < seq.size(); ++i) {
    f.allow_concise = i + 1 == seq.size();
    StmtDocs d = VisitStmt(seq[i]);
    for (auto &x : d)
      f.stmts.push_back(std::move(x));
  }
}

void Printer::flatten(const Stmt &s, std::vector<Stmt> &out) {
  if (auto *seq = as<SeqStmtNode>(s)) {
    for (const auto &x : seq->seq)
      flatten(x, out);
  } else if (s) {
    out.push_back(s);
  }
}

// DoConciseScoping: the last statement of a body opens its scope without `with`.
StmtDocs Printer::concise_or_scope(const std::optional<std::string> &lhs, const std::string &rhs,
                                   StmtDocs body, bool concise) {
  if (concise) {
    body.insert(body.begin(), line(lhs ? *lhs + " = " + rhs : rhs));
    return body;
  }
  return {scope("with " + rhs + (lhs ? " as " + *lhs : ""), std::move(body))};
}

// Only reached for a SeqStmt that is not a body of anything (bodies go through as_doc_body).
StmtDocs Printer::VisitStmt_(const SeqStmtNode *op) {
  bool outer = concise();
  std::vector<Stmt> seq;
  for (const auto &s : op->seq)
    flatten(s, seq);
  StmtDocs out;
  for (size_t i = 0; i < seq.size(); ++i) {
    cur().allow_concise = outer && i + 1 == seq.size();
    for (auto &x : VisitStmt(seq[i]))
      out.push_back(std::move(x));
  }
  cur().allow_concise = outer;
  return out;
}

StmtDocs Printer::VisitStmt_(const EvaluateNode *op) {
  if (auto *c = as<CallNode>(op->value); c && c->is_builtin(kRetOp) && c->args.size() == 1)
    return {line("return " + expr(c->args[0]))};
  std::string v = expr(op->value);
  if (as<CallNode>(op->value))
    return {line(v)};
  return {line(call_text("T.evaluate", {v}))};
}

StmtDocs Printer::VisitStmt_(const LetStmtNode *op) {
  bool is_concise = concise();
  // Deviation: TVM declares the Var here even when it is also used outside this statement (the
  // later use then gets a declaration of its own, a different Var when read back); such a Var
  // is declared first, where all its uses are, and bound with `T.LetStmt(value, var=x)`.
  if (!defined(op->var.get()) && !encloses_all_uses(op, op->var.get())) {
    Frame &f = lowest_def_frame(op->var.get(), SameStmt::Outer);
    std::string name = define_var(op->var.get(), f);
    f.stmts.push_back(line(name + " = " + var_creation(op->var.get(), name)));
  }
  std::optional<std::string> type;
  if (!op->var->type_annotation.is_void_tuple())
    type = type_doc(op->var->type_annotation);
  // Deviation: `x: T.float32x2 = v` names a constructor TVM's T namespace lacks; without the
  // annotation both parsers give the Var the value's dtype, which is the same.
  const Type &ann = op->var->type_annotation;
  if (ann.is_prim() && !has_tvm_dtype_constructor(ann.dtype) && ann.dtype == op->var->dtype &&
      op->value && op->value->dtype == op->var->dtype)
    type.reset();
  std::string rhs = expr(op->value);
  FrameScope f(this, op);
  bool var_defined = defined(op->var.get());
  if (!var_defined)
    define_var(op->var.get(), *f);
  std::string lhs = expr(op->var);
  as_doc_body(op->body, *f);
  StmtDocs body = std::move(f->stmts);
  if (var_defined)
    return {scope("with " + call_text("T.LetStmt", {rhs}, {{"var", lhs}}), std::move(body))};
  if (is_concise) {
    body.insert(body.begin(), line(lhs + (type ? ": " + *type : "") + " = " + rhs));
    return body;
  }
  if (type && !op->var->type_annotation.is_prim())
    return {scope("with " + call_text("T.LetStmt", {rhs, *type}) + " as " + lhs, std::move(body))};
  return {scope("with " + call_text("T.LetStmt", {rhs}) + " as " + lhs, std::move(body))};
}

StmtDocs Printer::VisitStmt_(const AssertStmtNode *op) {
  bool is_concise = concise();
  std::string cond = expr(op->condition), msg = expr(op->message);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  StmtDocs body = std::move(f->stmts);
  if (is_concise) {
    body.insert(body.begin(), line("assert " + cond + ", " + msg));
    return body;
  }
  return {scope("with " + call_text("T.Assert", {cond, msg}), std::move(body))};
}

StmtDocs Printer::VisitStmt_(const WhileNode *op) {
  std::string cond = expr(op->condition);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  return {scope("while " + cond, std::move(f->stmts))};
}

StmtDocs Printer::decl_buffer_doc(const DeclBufferNode *op, VarDef mode) {
  bool is_concise = concise();
  std::string rhs = buffer_decl(op->buffer, "decl_buffer", {}, cur(), mode);
  FrameScope f(this, op);
  std::string lhs = define_buffer(op->buffer.get(), *f);
  as_doc_body(op->body, *f);
  return concise_or_scope(lhs, rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const DeclBufferNode *op) {
  return decl_buffer_doc(op, VarDef::None);
}

StmtDocs Printer::VisitStmt_(const IfThenElseNode *op) {
  std::string cond = expr(op->condition);
  StmtDoc d{StmtDoc::Kind::If, cond, {}, {}};
  if (op->then_case) {
    FrameScope f(this, op->then_case.get());
    as_doc_body(op->then_case, *f);
    d.body = std::move(f->stmts);
  }
  if (op->else_case) {
    FrameScope f(this, op->else_case.get());
    as_doc_body(op->else_case, *f);
    d.orelse = std::move(f->stmts);
  }
  return {std::move(d)};
}

StmtDocs Printer::VisitStmt_(const AllocateNode *op) {
  bool is_concise = concise();
  if (!op->is_const())
    if (auto *decl = allocate_decl_buffer(op))
      return decl_buffer_doc(decl, VarDef::DataPointer);
  std::vector<std::string> args;
  if (op->is_const()) {
    args = allocate_const_args(op);
  } else {
    std::vector<std::string> extents;
    for (const auto &e : op->extents)
      extents.push_back(expr(e));
    const Type &t = op->buffer_var->type_annotation;
    std::string scope_name =
        t.is_pointer() && !t.storage_scope.empty() ? t.storage_scope : "global";
    args = {list_text(extents), dtype_literal(op->dtype), python_str_literal(scope_name)};
    if (!is_one(op->condition))
      args.push_back(expr(op->condition));
  }
  Kwargs kw;
  if (!op->annotations.empty()) {
    KwargScope k(this);
    kw.push_back({"annotations", dict_doc(op->annotations)});
  }
  // The storage Var is defined in the enclosing frame, as TVM does.
  std::string lhs = define_var(op->buffer_var.get(), cur());
  FrameScope f(this, op);
  std::string rhs = call_text(op->is_const() ? "T.allocate_const" : "T.allocate", args, kw);
  as_doc_body(op->body, *f);
  return concise_or_scope(lhs, rhs, std::move(f->stmts), is_concise);
}

// T.allocate_const's arguments: the data as Python numbers, floats with 17 significant digits
// as TVM writes an NDArray's (tvm_float_repr), the dtype, the extents.
std::vector<std::string> Printer::allocate_const_args(const AllocateNode *op) {
  std::vector<std::string> data, extents;
  for (const auto &x : op->const_data) {
    if (auto *i = as<IntImmNode>(x))
      data.push_back(std::to_string(i->value));
    else if (auto *f = as<FloatImmNode>(x))
      data.push_back(tvm_float_repr(f->value));
  }
  for (const auto &e : op->extents)
    extents.push_back(expr(e));
  return {list_text(data), dtype_literal(op->dtype), list_text(extents)};
}

std::string Printer::realize_doc(const BufferRealizeNode *op,
                                 const std::optional<std::string> &value) {
  std::string buf = buffer_doc(op->buffer);
  std::vector<std::string> bounds;
  for (const Range &r : op->bounds)
    bounds.push_back(expr(r.min) + ":" + expr(range_end(r.min, r.extent)));
  std::vector<std::string> args = {index_text(buf, bounds)};
  if (value)
    args.push_back(*value);
  Kwargs kw;
  if (!is_one(op->condition))
    kw.push_back({"condition", kwarg_expr(op->condition)});
  return call_text("T.realize", args, kw);
}

StmtDocs Printer::VisitStmt_(const BufferRealizeNode *op) {
  bool is_concise = concise();
  std::string rhs = realize_doc(op, std::nullopt);
  FrameScope f(this, op);
  as_doc_body(op->body, *f);
  return concise_or_scope(std::nullopt, rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const AttrStmtNode *op) {
  bool is_concise = concise();
  std::optional<std::string> lhs, rhs;
  const VarNode *define_v = nullptr;
  Stmt body = op->body;
  if (op->attr_key == "realize_scope") {
    auto *realize = as<BufferRealizeNode>(op->body);
    auto *buf = std::get_if<Buffer>(&op->node);
    if (realize && buf && realize->buffer == *buf) {
      rhs = realize_doc(realize, expr(op->value));
      body = realize->body;
    }
  }
  if (op->attr_key == "thread_extent" || op->attr_key == "virtual_thread") {
    if (auto *ivp = std::get_if<IterVar>(&op->node); ivp && *ivp && (*ivp)->var) {
      // DocsifyLaunchThread: `tx = T.launch_thread("threadIdx.x", n)` when this statement
      // encloses every use of the thread variable.
      const IterVarNode &iv = **ivp;
      const VarNode *v = iv.var.get();
      std::string var_doc;
      if (defined(v)) {
        var_doc = expr(iv.var);
      } else if (encloses_all_uses(op, v) && op->value && v->dtype == op->value->dtype) {
        // Deviation: the string form makes a Var of the extent's dtype; TVM uses it whatever
        // the Var's dtype, here a Var of another dtype goes through T.env_thread.
        var_doc = python_str_literal(iv.thread_tag);
        define_v = v;
      } else {
        Frame &f = lowest_def_frame(v, SameStmt::Outer);
        std::string name = define_var(v, f);
        // T.env_thread makes an int32 Var unless told otherwise.
        Kwargs dtype;
        if (v->dtype != DataType::Int(32))
          dtype.emplace_back("dtype", dtype_literal(v->dtype));
        f.stmts.push_back(line(
            name + " = " + call_text("T.env_thread", {python_str_literal(iv.thread_tag)}, dtype)));
        var_doc = name;
      }
      rhs = call_text("T.launch_thread", {var_doc, expr(op->value)});
    }
  }
  if (!rhs) {
    std::string node = std::visit(
        [&](const auto &n) -> std::string {
          using N = std::decay_t<decltype(n)>;
          if constexpr (std::is_same_v<N, std::monostate>)
            return "None";
          else if constexpr (std::is_same_v<N, PrimExpr>)
            return expr(n);
          else if constexpr (std::is_same_v<N, Buffer>)
            return buffer_doc(n);
          else if constexpr (std::is_same_v<N, AttrValue>)
            return attr_value(n);
          else {
            if (!n)
              return "None";
            std::string dom = "None";
            if (n->dom)
              dom = call_text("T.Range",
                              {expr(n->dom->min), expr(range_end(n->dom->min, n->dom->extent))});
            return call_text("T.iter_var",
                             {expr(n->var), dom, python_str_literal(to_string(n->iter_type)),
                              python_str_literal(n->thread_tag)});
          }
        },
        op->node);
    rhs = call_text("T.attr", {node, python_str_literal(op->attr_key), expr(op->value)});
  }
  FrameScope f(this, op);
  if (define_v)
    lhs = define_var(define_v, *f);
  as_doc_body(body, *f);
  return concise_or_scope(lhs, *rhs, std::move(f->stmts), is_concise);
}

StmtDocs Printer::VisitStmt_(const BufferStoreNode *op) {
  std::string buf = buffer_doc(op->buffer);
  std::string value = expr(op->value);
  if (op->predicate) {
    std::vector<std::string> idx;
    for (const auto &i : op->indices)
      idx.push_back(expr(i));
    return {line(call_text(buf + ".vstore", {list_text(idx), value},
                           {{"predicate", kwarg_expr(op->predicate)}}))};
  }
  // Deviation: `A[i] = 0` reads as a constant of what A[i] holds (T.buffer_store casts a
  // number), so an int32 constant stored as anything else (ill-typed,
  // type.stmt.bufferstore.value_elem) keeps its type written out, as TVM does not.
  const int lanes = op->indices.empty() ? 1 : op->indices.back()->dtype.lanes;
  const DataType stored = op->buffer->dtype.with_lanes(op->buffer->dtype.lanes * lanes);
  auto *imm = as<IntImmNode>(op->value);
  if (imm && imm->dtype == DataType::Int(32) && stored != imm->dtype)
    value = "T.int32(" + std::to_string(imm->value) + ")";
  return {line(index_text(buf, buffer_indices(op->indices)) + " = " + value)};
}

} // namespace tirconf::ir::printer
