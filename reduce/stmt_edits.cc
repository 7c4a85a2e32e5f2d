// Statement edits: deleting, unwrapping, and simplifying loops and blocks.
#include "ir/expr.h"
#include "ir/substitute.h"
#include "reduce/passes.h"
#include "reduce/site_walk.h"

namespace tirconf::reduce {

namespace {

using namespace ir;

Stmt no_op(SourceLoc loc) {
  return std::make_shared<EvaluateNode>(make_int32(0), loc);
}

bool is_no_op(const Stmt &s) {
  const auto *e = as<EvaluateNode>(s);
  const auto *imm = e ? as<IntImmNode>(e->value) : nullptr;
  return imm && imm->value == 0;
}

bool is_const_true(const PrimExpr &e) {
  const auto *imm = as<IntImmNode>(e);
  return imm && imm->value == 1;
}

// The statement deleted (left as T.evaluate(0), which tidy() removes from sequences), then each
// half of a sequence of four or more.
class DeleteWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t stmt_options(const Stmt &s) override {
    size_t n = is_no_op(s) ? 0 : 1;
    if (const auto *seq = as<SeqStmtNode>(s); seq && seq->seq.size() >= 4)
      n += 2;
    return n;
  }
  Stmt stmt_option(const Stmt &s, size_t i) override {
    if (i == 0 && !is_no_op(s))
      return no_op(s->loc);
    const auto *seq = as<SeqStmtNode>(s);
    const size_t half = seq->seq.size() / 2;
    const bool keep_second = i == (is_no_op(s) ? 0 : 1);
    std::vector<Stmt> kept(
        keep_second ? seq->seq.begin() + static_cast<long>(half) : seq->seq.begin(),
        keep_second ? seq->seq.end() : seq->seq.begin() + static_cast<long>(half));
    return std::make_shared<SeqStmtNode>(std::move(kept), s->loc);
  }
};

// A statement replaced by what it wraps, each bound variable replaced by its value (a loop's by
// its first value, a thread's by 0, a block's iteration variables by their bindings).
class UnwrapWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t stmt_options(const Stmt &s) override {
    switch (s->kind) {
    case StmtKind::AttrStmt:
      // A realize_scope attribute is how a BufferRealize inside it gets its storage scope:
      // without it the realize cannot be written down.
      return as<AttrStmtNode>(s)->attr_key == "realize_scope" ? 0 : 1;
    case StmtKind::For:
    case StmtKind::LetStmt:
    case StmtKind::AssertStmt:
    case StmtKind::Allocate:
    case StmtKind::DeclBuffer:
    case StmtKind::BufferRealize:
    case StmtKind::BlockRealize:
      return 1;
    case StmtKind::IfThenElse:
      return as<IfThenElseNode>(s)->else_case ? 2 : 1;
    default:
      return 0;
    }
  }
  Stmt stmt_option(const Stmt &s, size_t i) override {
    switch (s->kind) {
    case StmtKind::For: {
      const auto *op = as<ForNode>(s);
      return substitute(op->body, {{op->loop_var.get(), op->min}});
    }
    case StmtKind::LetStmt: {
      const auto *op = as<LetStmtNode>(s);
      return substitute(op->body, {{op->var.get(), op->value}});
    }
    case StmtKind::AttrStmt: {
      const auto *op = as<AttrStmtNode>(s);
      if (Var v = op->bound_var())
        return substitute(op->body, {{v.get(), make_int(v->dtype, 0)}});
      return op->body;
    }
    case StmtKind::AssertStmt:
      return as<AssertStmtNode>(s)->body;
    case StmtKind::Allocate:
      return as<AllocateNode>(s)->body;
    case StmtKind::DeclBuffer:
      return as<DeclBufferNode>(s)->body;
    case StmtKind::BufferRealize:
      return as<BufferRealizeNode>(s)->body;
    case StmtKind::IfThenElse: {
      const auto *op = as<IfThenElseNode>(s);
      return i == 0 ? op->then_case : op->else_case;
    }
    case StmtKind::BlockRealize: {
      const auto *op = as<BlockRealizeNode>(s);
      VarMap bind;
      for (size_t k = 0; k < op->block->iter_vars.size() && k < op->iter_values.size(); ++k)
        bind[op->block->iter_vars[k]->var.get()] = op->iter_values[k];
      return substitute(op->block->body, bind);
    }
    default:
      return s;
    }
  }
};

Stmt with_for(const ForNode &op, PrimExpr min, PrimExpr extent, ForKind kind, IterVar binding,
              Annotations annotations) {
  return std::make_shared<ForNode>(op.loop_var, std::move(min), std::move(extent), kind, op.body,
                                   std::move(binding), std::move(annotations), op.loc);
}

// A loop with one iteration, half its iterations, starting at 0, serial, unannotated.
class LoopWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  enum Option { One, Half, FromZero, Serial, Plain };
  std::vector<Option> options(const ForNode &op) {
    std::vector<Option> o;
    const auto *ext = as<IntImmNode>(op.extent);
    if (ext && ext->value > 1)
      o.push_back(One);
    if (ext && ext->value >= 4)
      o.push_back(Half);
    if (const auto *mn = as<IntImmNode>(op.min); mn && mn->value != 0)
      o.push_back(FromZero);
    if (op.for_kind != ForKind::Serial)
      o.push_back(Serial);
    if (!op.annotations.empty())
      o.push_back(Plain);
    return o;
  }
  size_t stmt_options(const Stmt &s) override {
    const auto *op = as<ForNode>(s);
    return op ? options(*op).size() : 0;
  }
  Stmt stmt_option(const Stmt &s, size_t i) override {
    const auto &op = *as<ForNode>(s);
    switch (options(op)[i]) {
    case One:
      return with_for(op, op.min, make_int(op.extent->dtype, 1), op.for_kind, op.thread_binding,
                      op.annotations);
    case Half:
      return with_for(op, op.min, make_int(op.extent->dtype, as<IntImmNode>(op.extent)->value / 2),
                      op.for_kind, op.thread_binding, op.annotations);
    case FromZero:
      return with_for(op, make_int(op.min->dtype, 0), op.extent, op.for_kind, op.thread_binding,
                      op.annotations);
    case Serial:
      return with_for(op, op.min, op.extent, ForKind::Serial, nullptr, op.annotations);
    case Plain:
      return with_for(op, op.min, op.extent, op.for_kind, op.thread_binding, {});
    }
    return s;
  }
};

Block with_block(const BlockNode &b, Stmt init, std::vector<Buffer> alloc,
                 std::vector<MatchBufferRegion> match, Annotations annotations) {
  return std::make_shared<BlockNode>(b.iter_vars, b.reads, b.writes, b.name_hint, b.body,
                                     std::move(init), std::move(alloc), std::move(match),
                                     std::move(annotations), b.loc);
}

// A block without its predicate, init, one of its allocations or match_buffers, or annotations.
class BlockWalk : public SiteWalk {
public:
  using SiteWalk::SiteWalk;

protected:
  size_t stmt_options(const Stmt &s) override {
    const auto *op = as<BlockRealizeNode>(s);
    if (!op)
      return 0;
    const BlockNode &b = *op->block;
    return (is_const_true(op->predicate) ? 0 : 1) + (b.init ? 1 : 0) + b.alloc_buffers.size() +
           b.match_buffers.size() + (b.annotations.empty() ? 0 : 1);
  }
  Stmt stmt_option(const Stmt &s, size_t i) override {
    const auto *op = as<BlockRealizeNode>(s);
    const BlockNode &b = *op->block;
    Block block = op->block;
    PrimExpr predicate = op->predicate;
    if (!is_const_true(op->predicate) && i-- == 0) {
      predicate = make_bool(true);
    } else if (b.init && i-- == 0) {
      block = with_block(b, nullptr, b.alloc_buffers, b.match_buffers, b.annotations);
    } else if (i < b.alloc_buffers.size()) {
      auto alloc = b.alloc_buffers;
      alloc.erase(alloc.begin() + static_cast<long>(i));
      block = with_block(b, b.init, std::move(alloc), b.match_buffers, b.annotations);
    } else if ((i -= b.alloc_buffers.size()) < b.match_buffers.size()) {
      auto match = b.match_buffers;
      match.erase(match.begin() + static_cast<long>(i));
      block = with_block(b, b.init, b.alloc_buffers, std::move(match), b.annotations);
    } else {
      block = with_block(b, b.init, b.alloc_buffers, b.match_buffers, {});
    }
    return std::make_shared<BlockRealizeNode>(op->iter_values, predicate, block, op->loc);
  }
};

} // namespace

std::optional<Candidate> delete_statement(const Candidate &c, size_t site) {
  return apply_walk(c, DeleteWalk(site));
}
std::optional<Candidate> unwrap_statement(const Candidate &c, size_t site) {
  return apply_walk(c, UnwrapWalk(site));
}
std::optional<Candidate> simplify_loop(const Candidate &c, size_t site) {
  return apply_walk(c, LoopWalk(site));
}
std::optional<Candidate> simplify_block(const Candidate &c, size_t site) {
  return apply_walk(c, BlockWalk(site));
}

} // namespace tirconf::reduce
