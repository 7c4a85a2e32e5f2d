// "Typing Rules for Statements", in the spec's order (1. LetStmt ... 14. BlockRealize), plus the
// structural requirements the statement semantics add (catalog entries citing "Semantics of
// Statements"). Every expression inside is typed by expr_rules.cc first.
#include "ir/visitor.h"
#include "oracle/typecheck/typer.h"

namespace tirconf::oracle::typecheck {

using namespace ir;

void Typer::stmt(const Stmt &s) {
  if (!s || (s.use_count() > 1 && !done_stmts_.insert(s.get()).second))
    return; // see expr()
  Context::LocScope here(ctx_, s->loc);
  VisitStmt(s);
}

// ---------------------------------------------------------------- 1. LetStmt
void Typer::VisitStmt_(const LetStmtNode *op) {
  expr(op->value);
  if (op->var)
    check_var(op->var.get());
  if (op->var && op->value) {
    DataType v = op->var->dtype, x = op->value->dtype;
    const std::string &name = op->var->name_hint;
    if (op->var->type_annotation.is_pointer()) {
      // [type.stmt.letstmt.pointer] a non-void handle; the element type is not checked.
      ctx_.require(x.code == TypeCode::Handle && x.bits != 0, "type.stmt.letstmt.pointer", op->loc,
                   [&] {
                     return "LetStmt: " + name + " is a pointer but the value is " + str(x) +
                            ", not a handle";
                   });
    } else {
      // [type.stmt.letstmt.match]
      ctx_.require(v == x, "type.stmt.letstmt.match", op->loc, [&] {
        return "LetStmt: " + name + " is " + str(v) + " but the value is " + str(x);
      });
    }
  }
  stmt(op->body);
}

// ---------------------------------------------------------------- 2. AttrStmt
void Typer::VisitStmt_(const AttrStmtNode *op) {
  // [type.stmt.attrstmt.valid] No datatype constraint apart from the three keys below.
  const PrimExpr *node_expr = std::get_if<PrimExpr>(&op->node);
  const IterVar *node_iv = std::get_if<IterVar>(&op->node);
  if (node_expr)
    expr(*node_expr);
  if (node_iv)
    check_itervar(*node_iv);
  if (auto *b = std::get_if<Buffer>(&op->node))
    check_buffer(*b);
  expr(op->value);
  bool node_is_var = node_expr && as<VarNode>(*node_expr);
  const std::string &key = op->attr_key;
  if (key == "thread_extent" || key == "virtual_thread") {
    // [type.stmt.attrstmt.thread_node] a Var, or an IterVar (what T.launch_thread builds).
    ctx_.require(node_is_var || (node_iv && *node_iv && (*node_iv)->var),
                 "type.stmt.attrstmt.thread_node", op->loc,
                 [&] { return "AttrStmt " + key + ": node is not a Var or an IterVar"; });
    // [type.stmt.attrstmt.thread_value] the number of threads is an IntImm.
    ctx_.require(
        op->value && as<IntImmNode>(op->value), "type.stmt.attrstmt.thread_value", op->loc, [&] {
          return "AttrStmt " + key + ": value is " + describe(op->value) + ", not an IntImm";
        });
  } else if (key == "volatile_scope") {
    // [type.stmt.attrstmt.volatile_node]
    ctx_.require(node_is_var, "type.stmt.attrstmt.volatile_node", op->loc,
                 "AttrStmt volatile_scope: node is not a Var");
  }
  stmt(op->body);
}

// ---------------------------------------------------------------- 3. AssertStmt
void Typer::VisitStmt_(const AssertStmtNode *op) {
  expr(op->condition);
  expr(op->message);
  // [type.stmt.assert.cond]
  if (op->condition)
    ctx_.require(is_bool_scalar(op->condition->dtype), "type.stmt.assert.cond", op->loc, [&] {
      return "AssertStmt: condition is " + str(op->condition->dtype) + ", not a bool scalar";
    });
  // [type.stmt.assert.message] a StringImm or an int32 expression.
  if (op->message)
    ctx_.require(as<StringImmNode>(op->message) || op->message->dtype == DataType::Int(32),
                 "type.stmt.assert.message", op->loc, [&] {
                   return "AssertStmt: message is " + str(op->message->dtype) +
                          ", neither a StringImm nor int32";
                 });
  stmt(op->body);
}

// ---------------------------------------------------------------- 4. BufferStore
void Typer::VisitStmt_(const BufferStoreNode *op) {
  expr(op->value);
  for (const auto &i : op->indices)
    expr(i);
  if (!op->buffer)
    return;
  check_buffer(op->buffer);
  const auto &idx = op->indices;
  const std::string &name = op->buffer->name;
  // [type.stmt.bufferstore.index_scalar] [type.stmt.bufferstore.index_int]
  // [type.stmt.bufferstore.index_same] (code and bit width) [type.stmt.bufferstore.arity]
  check_indices(op->buffer, idx,
                {"BufferStore", "type.stmt.bufferstore.index_scalar",
                 "type.stmt.bufferstore.index_int", "type.stmt.bufferstore.index_same",
                 "type.stmt.bufferstore.arity", true},
                op->loc);
  if (!op->value)
    return;
  DataType v = op->value->dtype, b = op->buffer->dtype;
  // [type.stmt.bufferstore.value_lanes] lanes = last index lanes x buffer lanes.
  int index_lanes = idx.empty() || !idx.back() ? 1 : idx.back()->dtype.lanes;
  ctx_.require(v.lanes == index_lanes * b.lanes, "type.stmt.bufferstore.value_lanes", op->loc, [&] {
    int n = index_lanes * b.lanes;
    return "BufferStore " + name + ": value is " + str(v) + " but the store writes " +
           std::to_string(n) + (n == 1 ? " lane of " : " lanes of ") + str(b.element_of());
  });
  // [type.stmt.bufferstore.value_elem] the buffer's code and bits (no implicit conversion).
  ctx_.require(
      v.code == b.code && v.bits == b.bits, "type.stmt.bufferstore.value_elem", op->loc, [&] {
        return "BufferStore " + name + ": value is " + str(v) + " but the buffer holds " + str(b);
      });
}

// ---------------------------------------------------------------- 5. BufferRealize
void Typer::VisitStmt_(const BufferRealizeNode *op) {
  if (op->buffer)
    check_buffer(op->buffer);
  for (const auto &r : op->bounds)
    check_range(r);
  expr(op->condition);
  // [type.stmt.bufferrealize.cond]
  if (op->condition)
    ctx_.require(
        is_bool_scalar(op->condition->dtype), "type.stmt.bufferrealize.cond", op->loc, [&] {
          return "BufferRealize: condition is " + str(op->condition->dtype) + ", not a bool scalar";
        });
  // [type.stmt.bufferrealize.bounds] Int/UInt scalars, all of one datatype.
  std::optional<DataType> first;
  for (const auto &r : op->bounds)
    for (const PrimExpr &e : {r.min, r.extent}) {
      if (!e)
        continue;
      DataType t = e->dtype;
      if (!ctx_.require(is_int_or_uint_scalar(t), "type.stmt.bufferrealize.bounds", op->loc, [&] {
            return "BufferRealize: bound " + str(t) + " is not an Int or UInt scalar";
          }))
        continue;
      if (!first)
        first = t;
      ctx_.require(t == *first, "type.stmt.bufferrealize.bounds", op->loc,
                   [&] { return "BufferRealize: bounds mix " + str(*first) + " and " + str(t); });
    }
  stmt(op->body);
}

// ---------------------------------------------------------------- 6. Allocate
void Typer::VisitStmt_(const AllocateNode *op) {
  if (op->buffer_var)
    check_var(op->buffer_var.get());
  check_dtype(op->dtype, op->loc, "Allocate");
  for (const auto &e : op->extents)
    expr(e);
  expr(op->condition);
  check_annotations(op->annotations);
  if (op->buffer_var) {
    // [type.stmt.allocate.annot] PointerType(PrimType(dtype)), or PointerType(PrimType(int8)) for
    // a bool scalar dtype.
    const Type &ann = op->buffer_var->type_annotation;
    bool prim_ptr = ann.is_pointer() && ann.element && ann.element->is_prim();
    bool ok = prim_ptr && (ann.element->dtype == op->dtype ||
                           (is_bool_scalar(op->dtype) && ann.element->dtype == DataType::Int(8)));
    ctx_.require(ok, "type.stmt.allocate.annot", op->loc, [&] {
      return "Allocate " + op->buffer_var->name_hint + ": annotation " + str(ann) +
             " is not a pointer to " + str(op->dtype);
    });
  }
  std::optional<DataType> first;
  for (size_t k = 0; k < op->extents.size(); ++k) {
    if (!op->extents[k])
      continue;
    DataType t = op->extents[k]->dtype;
    // [type.stmt.allocate.extents_scalar]
    ctx_.require(t.lanes == 1, "type.stmt.allocate.extents_scalar", op->loc, [&] {
      return "Allocate: extent " + std::to_string(k) + " is " + str(t) + ", not a scalar";
    });
    // [type.stmt.allocate.extents_int] Int/UInt, all of one code and bit width.
    if (!ctx_.require(t.is_integer(), "type.stmt.allocate.extents_int", op->loc, [&] {
          return "Allocate: extent " + std::to_string(k) + " is " + str(t) + ", not Int or UInt";
        }))
      continue;
    if (!first)
      first = t;
    ctx_.require(t.code == first->code && t.bits == first->bits, "type.stmt.allocate.extents_int",
                 op->loc,
                 [&] { return "Allocate: extents mix " + str(*first) + " and " + str(t); });
  }
  // [type.stmt.allocate.cond]
  if (op->condition)
    ctx_.require(is_bool_scalar(op->condition->dtype), "type.stmt.allocate.cond", op->loc, [&] {
      return "Allocate: condition is " + str(op->condition->dtype) + ", not a bool scalar";
    });
  stmt(op->body);
}

// ---------------------------------------------------------------- 7. DeclBuffer
void Typer::VisitStmt_(const DeclBufferNode *op) {
  // [type.stmt.declbuffer.valid] Only the buffer's own rules.
  if (op->buffer)
    check_buffer(op->buffer);
  stmt(op->body);
}

// ---------------------------------------------------------------- 8. SeqStmt
void Typer::VisitStmt_(const SeqStmtNode *op) {
  // [type.stmt.seqstmt.valid] Each statement on its own.
  for (const auto &s : op->seq)
    stmt(s);
}

// ---------------------------------------------------------------- 9. IfThenElse
void Typer::VisitStmt_(const IfThenElseNode *op) {
  expr(op->condition);
  // [type.stmt.ifthenelse.cond]
  if (op->condition)
    ctx_.require(is_bool_scalar(op->condition->dtype), "type.stmt.ifthenelse.cond", op->loc, [&] {
      return "IfThenElse: condition is " + str(op->condition->dtype) + ", not a bool scalar";
    });
  stmt(op->then_case);
  stmt(op->else_case);
}

// ---------------------------------------------------------------- 10. Evaluate
void Typer::VisitStmt_(const EvaluateNode *op) {
  // [type.stmt.evaluate.valid] Any datatype.
  expr(op->value);
}

// ---------------------------------------------------------------- 11. For
namespace {
// The first While statement anywhere below a statement, or null.
const WhileNode *find_while(const Stmt &s) {
  struct Finder : IRVisitor {
    const WhileNode *found = nullptr;
    void VisitStmt_(const WhileNode *op) override {
      if (!found)
        found = op;
    }
  } f;
  if (s)
    f.VisitStmt(s);
  return f.found;
}
} // namespace

void Typer::VisitStmt_(const ForNode *op) {
  if (op->loop_var)
    check_var(op->loop_var.get());
  expr(op->min);
  expr(op->extent);
  if (op->thread_binding)
    check_itervar(op->thread_binding);
  check_annotations(op->annotations);
  if (op->loop_var && op->min && op->extent) {
    DataType v = op->loop_var->dtype;
    const std::string &name = op->loop_var->name_hint;
    struct Part {
      const char *what;
      const PrimExpr &e;
    };
    const Part parts[] = {{"min", op->min}, {"extent", op->extent}};
    // [type.stmt.for.scalar]
    bool ok = ctx_.require(v.lanes == 1, "type.stmt.for.scalar", op->loc, [&] {
      return "For: loop_var " + name + " is " + str(v) + ", not a scalar";
    });
    // [type.stmt.for.int]
    ok &= ctx_.require(v.is_integer(), "type.stmt.for.int", op->loc, [&] {
      return "For: loop_var " + name + " is " + str(v) + ", not Int or UInt";
    });
    for (const auto &p : parts) {
      DataType t = p.e->dtype;
      bool part_ok = ctx_.require(t.lanes == 1, "type.stmt.for.scalar", op->loc, [&] {
        return "For " + name + ": " + p.what + " is " + str(t) + ", not a scalar";
      });
      part_ok &= ctx_.require(t.is_integer(), "type.stmt.for.int", op->loc, [&] {
        return "For " + name + ": " + p.what + " is " + str(t) + ", not Int or UInt";
      });
      if (!ok || !part_ok)
        continue;
      // [type.stmt.for.bits] no wider than the loop_var.
      if (!ctx_.require(t.bits <= v.bits, "type.stmt.for.bits", op->loc, [&] {
            return "For " + name + ": " + p.what + " is " + str(t) +
                   ", wider than the loop_var's " + str(v);
          }))
        continue;
      // [type.stmt.for.promote] a narrower IntImm takes the loop_var's datatype.
      DataType promoted = as<IntImmNode>(p.e) && t.bits < v.bits ? v : t;
      // [type.stmt.for.match]
      ctx_.require(promoted == v, "type.stmt.for.match", op->loc, [&] {
        return "For " + name + ": " + p.what + " is " + str(t) + " but the loop_var is " + str(v);
      });
    }
  }
  if (op->for_kind == ForKind::Vectorized) {
    // [type.stmt.for.vectorized_min] the IntImm 0.
    auto *mn = op->min ? as<IntImmNode>(op->min) : nullptr;
    ctx_.require(mn && mn->value == 0, "type.stmt.for.vectorized_min", op->loc, [&] {
      return "vectorized For: min is " + describe(op->min) + ", not the IntImm 0";
    });
    // [type.stmt.for.vectorized_extent] an IntImm of at least 1.
    auto *ext = op->extent ? as<IntImmNode>(op->extent) : nullptr;
    ctx_.require(ext && ext->value >= 1, "type.stmt.for.vectorized_extent", op->loc, [&] {
      return "vectorized For: extent is " + describe(op->extent) + ", not an IntImm of at least 1";
    });
    // [type.stmt.for.vectorized_no_while]
    if (const WhileNode *w = find_while(op->body))
      ctx_.require(false, "type.stmt.for.vectorized_no_while", w->loc,
                   "While inside the body of a vectorized For");
  }
  stmt(op->body);
}

// ---------------------------------------------------------------- 12. While
void Typer::VisitStmt_(const WhileNode *op) {
  expr(op->condition);
  if (op->condition) {
    // [type.stmt.while.cond] an Int or UInt scalar; bool is a UInt.
    ctx_.require(is_int_or_uint_scalar(op->condition->dtype), "type.stmt.while.cond", op->loc, [&] {
      return "While: condition is " + str(op->condition->dtype) + ", not an Int or UInt scalar";
    });
    // [type.stmt.while.cond_not_imm]
    ctx_.require(!as<IntImmNode>(op->condition), "type.stmt.while.cond_not_imm", op->loc,
                 [&] { return "While: condition is the literal " + describe(op->condition); });
  }
  stmt(op->body);
}

// ---------------------------------------------------------------- 13. Block
void Typer::check_block(const BlockNode *op) {
  bool reduction = false;
  for (const auto &iv : op->iter_vars) {
    if (!iv)
      continue;
    check_itervar(iv);
    reduction |= iv->iter_type == IterVarType::CommReduce;
    // [type.stmt.block.itervar_int] an Int or UInt scalar var.
    if (iv->var)
      ctx_.require(is_int_or_uint_scalar(iv->var->dtype), "type.stmt.block.itervar_int", op->loc,
                   [&] {
                     return "Block " + op->name_hint + ": iter var " + iv->var->name_hint + " is " +
                            str(iv->var->dtype) + ", not an Int or UInt scalar";
                   });
  }
  for (const auto &b : op->alloc_buffers)
    check_buffer(b);
  for (const auto &m : op->match_buffers)
    check_match_buffer(m);
  for (const auto &r : op->reads)
    check_region(r);
  for (const auto &r : op->writes)
    check_region(r);
  check_annotations(op->annotations);
  // [type.stmt.block.reduce_dom] with an init, every reduce iter var has a domain.
  if (op->init && reduction)
    for (const auto &iv : op->iter_vars)
      if (iv && iv->iter_type == IterVarType::CommReduce)
        ctx_.require(iv->dom.has_value(), "type.stmt.block.reduce_dom", op->loc, [&] {
          return "Block " + op->name_hint + ": reduce iter var " +
                 (iv->var ? iv->var->name_hint : std::string("?")) + " has no domain";
        });
  stmt(op->init);
  stmt(op->body);
}

void Typer::VisitStmt_(const BlockNode *op) {
  check_block(op);
}

// ---------------------------------------------------------------- 14. BlockRealize
void Typer::VisitStmt_(const BlockRealizeNode *op) {
  for (const auto &v : op->iter_values)
    expr(v);
  expr(op->predicate);
  // [type.stmt.blockrealize.predicate] bool.
  if (op->predicate)
    ctx_.require(is_bool(op->predicate->dtype), "type.stmt.blockrealize.predicate", op->loc, [&] {
      return "BlockRealize: predicate is " + str(op->predicate->dtype) + ", not bool";
    });
  if (op->block) {
    const auto &ivs = op->block->iter_vars;
    // [type.stmt.blockrealize.value_count]
    ctx_.require(
        op->iter_values.size() == ivs.size(), "type.stmt.blockrealize.value_count", op->loc, [&] {
          return "BlockRealize: " + std::to_string(op->iter_values.size()) + " values for " +
                 std::to_string(ivs.size()) + " iter vars of block " + op->block->name_hint;
        });
    // [type.stmt.blockrealize.value_dtype] each value has its iter var's datatype.
    for (size_t k = 0; k < std::min(ivs.size(), op->iter_values.size()); ++k) {
      const PrimExpr &v = op->iter_values[k];
      if (!v || !ivs[k] || !ivs[k]->var)
        continue;
      ctx_.require(
          v->dtype == ivs[k]->var->dtype, "type.stmt.blockrealize.value_dtype", op->loc, [&] {
            return "BlockRealize: value " + std::to_string(k) + " is " + str(v->dtype) +
                   " but iter var " + ivs[k]->var->name_hint + " is " + str(ivs[k]->var->dtype);
          });
    }
  }
  stmt(op->block);
}

} // namespace tirconf::oracle::typecheck
