// Blocks (TVM's tir/block.cc): `with T.block(name):` with its iter vars (T.axis.* and
// T.axis.remap), predicate, reads, writes, annotations, alloc_buffers, match_buffers and init.
#include <algorithm>

#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

StmtDocs Printer::print_block(const BlockNode *block, const BlockRealizeNode *realize) {
  FrameScope frame(this, block);
  // The loops around the block (and those nested directly in them): an iter var bound to one
  // of them over the same range joins T.axis.remap.
  std::unordered_map<const VarNode *, const ForNode *> loops;
  for (Frame *fr : frames_)
    for (const ForNode *l = fr->loop; l; l = as<ForNode>(l->body))
      loops.emplace(l->loop_var.get(), l);

  std::vector<size_t> remap;
  auto remappable = [&](size_t i) {
    if (!realize || i >= realize->iter_values.size())
      return false;
    const IterVarNode &iv = *block->iter_vars[i];
    if (iv.iter_type != IterVarType::DataPar && iv.iter_type != IterVarType::CommReduce)
      return false;
    auto *v = as<VarNode>(realize->iter_values[i]);
    if (!v || !iv.dom)
      return false;
    auto it = loops.find(v);
    // Deviation: T.axis.remap gives the block var the loop var's dtype; TVM does not check it.
    return it != loops.end() && iv.var->dtype == v->dtype &&
           deep_equal(it->second->min, iv.dom->min) &&
           deep_equal(it->second->extent, iv.dom->extent);
  };
  auto print_single = [&](size_t i) {
    const IterVarNode &iv = *block->iter_vars[i];
    std::string kind;
    switch (iv.iter_type) {
    case IterVarType::DataPar:
      kind = "spatial";
      break;
    case IterVarType::CommReduce:
      kind = "reduce";
      break;
    case IterVarType::Ordered:
      kind = "scan";
      break;
    case IterVarType::Opaque:
      kind = "opaque";
      break;
    default:
      kind = to_string(iv.iter_type);
      break; // not a block iter var kind; TVM fails
    }
    std::string dom = "None";
    if (iv.dom) {
      if (zero_min_implied(iv.dom->min, iv.dom->extent))
        dom = expr(iv.dom->extent);
      else
        dom = tuple_text({expr(iv.dom->min), expr(range_end(iv.dom->min, iv.dom->extent))});
    }
    std::vector<std::string> args = {dom};
    if (realize && i < realize->iter_values.size())
      args.push_back(expr(realize->iter_values[i]));
    // Deviation: TVM never prints dtype=; the parser makes an int Var as wide as the widest of
    // the domain and int32, so any other dtype is spelled out.
    Kwargs kw;
    if (iv.dom && iv.dom->min && iv.dom->extent && iv.var) {
      int bits = std::max({32, int(iv.dom->min->dtype.bits), int(iv.dom->extent->dtype.bits)});
      if (iv.var->dtype != DataType::Int(bits))
        kw.push_back({"dtype", dtype_literal(iv.var->dtype)});
    }
    std::string rhs = call_text("T.axis." + kind, args, kw);
    frame->stmts.push_back(line(define_var(iv.var.get(), *frame) + " = " + rhs));
  };
  auto flush_remap = [&]() {
    if (remap.empty())
      return;
    if (remap.size() == 1) {
      print_single(remap[0]);
    } else {
      std::vector<std::string> lhs, vals;
      std::string kinds;
      for (size_t i : remap) {
        lhs.push_back(define_var(block->iter_vars[i]->var.get(), *frame));
        vals.push_back(expr(realize->iter_values[i]));
        kinds += block->iter_vars[i]->iter_type == IterVarType::DataPar ? "S" : "R";
      }
      frame->stmts.push_back(
          line(join(lhs) + " = " +
               call_text("T.axis.remap", {python_str_literal(kinds), list_text(vals)})));
    }
    remap.clear();
  };
  for (size_t i = 0; i < block->iter_vars.size(); ++i) {
    if (remappable(i)) {
      remap.push_back(i);
    } else {
      flush_remap();
      print_single(i);
    }
  }
  flush_remap();

  if (realize && realize->predicate && !is_one(realize->predicate))
    frame->stmts.push_back(line(call_text("T.where", {expr(realize->predicate)})));
  std::vector<std::string> reads, writes;
  for (const auto &r : block->reads)
    reads.push_back(region_doc(r));
  frame->stmts.push_back(line(call_text("T.reads", reads)));
  for (const auto &w : block->writes)
    writes.push_back(region_doc(w));
  frame->stmts.push_back(line(call_text("T.writes", writes)));
  if (!block->annotations.empty())
    frame->stmts.push_back(line(call_text("T.block_attr", {dict_doc(block->annotations)})));
  for (const Buffer &b : block->alloc_buffers) {
    std::string lhs = define_buffer(b.get(), *frame);
    std::string rhs = buffer_decl(b, "alloc_buffer", {}, *frame, VarDef::DataPointer);
    frame->stmts.push_back(line(lhs + " = " + rhs));
  }
  for (const MatchBufferRegion &m : block->match_buffers) {
    std::string lhs = define_buffer(m.buffer.get(), *frame);
    std::string src = region_doc(m.source);
    std::string rhs = buffer_decl(m.buffer, "match_buffer", {src}, *frame, VarDef::MatchBuffer);
    frame->stmts.push_back(line(lhs + " = " + rhs));
  }
  if (block->init) {
    FrameScope init(this, block->init.get());
    as_doc_body(block->init, *init);
    StmtDocs init_body = std::move(init->stmts);
    frame->stmts.push_back(scope("with T.init()", std::move(init_body)));
  }
  as_doc_body(block->body, *frame);
  Kwargs kw;
  if (!realize)
    kw.push_back({"no_realize", "True"});
  return {scope("with " + call_text("T.block", {python_str_literal(block->name_hint)}, kw),
                std::move(frame->stmts))};
}

StmtDocs Printer::VisitStmt_(const BlockNode *op) {
  return print_block(op, nullptr);
}
StmtDocs Printer::VisitStmt_(const BlockRealizeNode *op) {
  return print_block(op->block.get(), op);
}

} // namespace tirconf::ir::printer
