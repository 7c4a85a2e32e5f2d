// One description of every node's fields (Walker), used twice: pairwise for equality and with
// both sides the same node for hashing, so the two can never disagree about what is compared.
#include "ir/structural_equal.h"

#include <bit>
#include <cstring>
#include <functional>
#include <unordered_map>

#include "ir/functor.h"

namespace tirconf::ir {
namespace {

template <class R> class Walker {
public:
  explicit Walker(R &r) : r_(r) {}

  bool expr(const PrimExpr &a, const PrimExpr &b) {
    if (!a || !b)
      return r_.value(a == nullptr, b == nullptr);
    if (!r_.value(a->kind, b->kind) || !r_.value(a->dtype, b->dtype))
      return fail(a, b);
    if (!expr_fields(a, b))
      return fail(a, b);
    return true;
  }

  bool stmt(const Stmt &a, const Stmt &b) {
    if (!a || !b)
      return r_.value(a == nullptr, b == nullptr);
    if (!r_.value(a->kind, b->kind))
      return fail(a, b);
    if (!stmt_fields(a, b))
      return fail(a, b);
    return true;
  }

  bool var(const Var &a, const Var &b) {
    if (!a || !b)
      return r_.value(a == nullptr, b == nullptr);
    return r_.var(a.get(), b.get(), [&] {
      return r_.value(a->dtype, b->dtype) && type(a->type_annotation, b->type_annotation) &&
             r_.value(a->size_var, b->size_var);
    });
  }

  bool buffer(const Buffer &a, const Buffer &b) {
    if (!a || !b)
      return r_.value(a == nullptr, b == nullptr);
    return r_.buffer(a.get(), b.get(), [&] {
      return var(a->data, b->data) && r_.value(a->dtype, b->dtype) && exprs(a->shape, b->shape) &&
             list(a->axis_separators, b->axis_separators,
                  [&](const IntImm &x, const IntImm &y) { return expr(x, y); }) &&
             exprs(a->strides, b->strides) && expr(a->elem_offset, b->elem_offset) &&
             r_.value(a->data_alignment, b->data_alignment) &&
             r_.value(a->offset_factor, b->offset_factor) &&
             r_.value(a->buffer_type, b->buffer_type);
    });
  }

  bool func(const PrimFunc &a, const PrimFunc &b) {
    if (!list(a->params, b->params, [&](const Var &x, const Var &y) { return var(x, y); }))
      return false;
    if (!list(a->buffer_map, b->buffer_map, [&](const auto &x, const auto &y) {
          return var(x.first, y.first) && buffer(x.second, y.second);
        }))
      return false;
    if (!r_.value(a->ret_type.has_value(), b->ret_type.has_value()))
      return false;
    if (a->ret_type && !type(*a->ret_type, *b->ret_type))
      return false;
    return annotations(a->attrs, b->attrs) && stmt(a->body, b->body);
  }

  bool module(const IRModule &a, const IRModule &b) {
    return r_.value(a->is_module, b->is_module) &&
           list(a->functions, b->functions, [&](const auto &x, const auto &y) {
             return r_.value(x.first->name_hint, y.first->name_hint) && func(x.second, y.second);
           });
  }

private:
  template <class T, class F>
  bool list(const std::vector<T> &a, const std::vector<T> &b, F &&each) {
    if (!r_.value(a.size(), b.size()))
      return false;
    for (size_t i = 0; i < a.size(); ++i)
      if (!each(a[i], b[i]))
        return false;
    return true;
  }
  bool exprs(const std::vector<PrimExpr> &a, const std::vector<PrimExpr> &b) {
    return list(a, b, [&](const PrimExpr &x, const PrimExpr &y) { return expr(x, y); });
  }
  bool type(const Type &a, const Type &b) { return r_.value(a, b); }
  bool range(const Range &a, const Range &b) {
    return expr(a.min, b.min) && expr(a.extent, b.extent);
  }
  bool ranges(const std::vector<Range> &a, const std::vector<Range> &b) {
    return list(a, b, [&](const Range &x, const Range &y) { return range(x, y); });
  }
  bool region(const BufferRegion &a, const BufferRegion &b) {
    return buffer(a.buffer, b.buffer) && ranges(a.region, b.region);
  }
  bool regions(const std::vector<BufferRegion> &a, const std::vector<BufferRegion> &b) {
    return list(a, b, [&](const BufferRegion &x, const BufferRegion &y) { return region(x, y); });
  }
  bool iter_var(const IterVar &a, const IterVar &b) {
    if (!a || !b)
      return r_.value(a == nullptr, b == nullptr);
    if (!r_.value(a->dom.has_value(), b->dom.has_value()))
      return false;
    if (a->dom && !range(*a->dom, *b->dom))
      return false;
    return var(a->var, b->var) && r_.value(a->iter_type, b->iter_type) &&
           r_.value(a->thread_tag, b->thread_tag);
  }
  bool attr_value(const AttrValue &a, const AttrValue &b) {
    if (!r_.value(a.is_list, b.is_list) || !r_.value(a.is_dict, b.is_dict) ||
        !r_.value(a.object, b.object))
      return false;
    if (a.is_expr())
      return expr(a.expr, b.expr);
    // A lambda's parameters come first: they map on first sight, as definitions do.
    auto entries = [&](const auto &x, const auto &y) {
      return r_.value(x.first, y.first) && attr_value(x.second, y.second);
    };
    return list(a.list, b.list,
                [&](const AttrValue &x, const AttrValue &y) { return attr_value(x, y); }) &&
           list(a.dict, b.dict, entries);
  }
  bool annotations(const Annotations &a, const Annotations &b) {
    return list(a, b, [&](const auto &x, const auto &y) {
      return r_.value(x.first, y.first) && attr_value(x.second, y.second);
    });
  }

  template <class T> bool fail(const T &a, const T &b) {
    r_.mismatch(a->kind, a->loc, b->loc);
    return false;
  }

  bool expr_fields(const PrimExpr &a, const PrimExpr &b) {
    switch (a->kind) {
    case ExprKind::Var:
      return var(cast<VarNode>(a), cast<VarNode>(b));
    case ExprKind::IntImm:
      return r_.value(as<IntImmNode>(a)->value, as<IntImmNode>(b)->value);
    case ExprKind::FloatImm:
      return r_.value(std::bit_cast<uint64_t>(as<FloatImmNode>(a)->value),
                      std::bit_cast<uint64_t>(as<FloatImmNode>(b)->value));
    case ExprKind::StringImm:
      return r_.value(as<StringImmNode>(a)->value, as<StringImmNode>(b)->value);
    case ExprKind::Cast:
      return expr(as<CastNode>(a)->value, as<CastNode>(b)->value);
    case ExprKind::Select: {
      auto *x = as<SelectNode>(a), *y = as<SelectNode>(b);
      return expr(x->condition, y->condition) && expr(x->true_value, y->true_value) &&
             expr(x->false_value, y->false_value);
    }
    case ExprKind::BufferLoad: {
      auto *x = as<BufferLoadNode>(a), *y = as<BufferLoadNode>(b);
      return buffer(x->buffer, y->buffer) && exprs(x->indices, y->indices) &&
             expr(x->predicate, y->predicate);
    }
    case ExprKind::Ramp: {
      auto *x = as<RampNode>(a), *y = as<RampNode>(b);
      return expr(x->base, y->base) && expr(x->stride, y->stride) && r_.value(x->lanes, y->lanes);
    }
    case ExprKind::Broadcast: {
      auto *x = as<BroadcastNode>(a), *y = as<BroadcastNode>(b);
      return expr(x->value, y->value) && r_.value(x->lanes, y->lanes);
    }
    case ExprKind::Let: {
      auto *x = as<LetNode>(a), *y = as<LetNode>(b);
      return expr(x->value, y->value) && var(x->var, y->var) && expr(x->body, y->body);
    }
    case ExprKind::Call: {
      auto *x = as<CallNode>(a), *y = as<CallNode>(b);
      if (!r_.value(x->op, y->op) || !r_.value(x->callee == nullptr, y->callee == nullptr))
        return false;
      if (x->callee && !r_.value(x->callee->name_hint, y->callee->name_hint))
        return false;
      return exprs(x->args, y->args);
    }
    case ExprKind::Shuffle: {
      auto *x = as<ShuffleNode>(a), *y = as<ShuffleNode>(b);
      return exprs(x->vectors, y->vectors) && exprs(x->indices, y->indices);
    }
    case ExprKind::Not:
      return expr(as<NotNode>(a)->a, as<NotNode>(b)->a);
#define TIR_BINARY_KIND(Name, op) case ExprKind::Name:
#include "ir/node_kinds.def"
      {
        auto *x = static_cast<const BinaryNode *>(a.get()),
             *y = static_cast<const BinaryNode *>(b.get());
        return expr(x->a, y->a) && expr(x->b, y->b);
      }
    }
    return false;
  }

  bool stmt_fields(const Stmt &a, const Stmt &b) {
    switch (a->kind) {
    case StmtKind::LetStmt: {
      auto *x = as<LetStmtNode>(a), *y = as<LetStmtNode>(b);
      return expr(x->value, y->value) && var(x->var, y->var) && stmt(x->body, y->body);
    }
    case StmtKind::AttrStmt: {
      auto *x = as<AttrStmtNode>(a), *y = as<AttrStmtNode>(b);
      if (!r_.value(x->node.index(), y->node.index()) || !r_.value(x->attr_key, y->attr_key))
        return false;
      bool node_ok = std::visit(
          [&](const auto &n) {
            using T = std::decay_t<decltype(n)>;
            const auto &m = std::get<T>(y->node);
            if constexpr (std::is_same_v<T, std::monostate>)
              return true;
            else if constexpr (std::is_same_v<T, PrimExpr>)
              return expr(n, m);
            else if constexpr (std::is_same_v<T, IterVar>)
              return iter_var(n, m);
            else if constexpr (std::is_same_v<T, AttrValue>)
              return attr_value(n, m);
            else
              return buffer(n, m);
          },
          x->node);
      return node_ok && expr(x->value, y->value) && stmt(x->body, y->body);
    }
    case StmtKind::AssertStmt: {
      auto *x = as<AssertStmtNode>(a), *y = as<AssertStmtNode>(b);
      return expr(x->condition, y->condition) && expr(x->message, y->message) &&
             stmt(x->body, y->body);
    }
    case StmtKind::BufferStore: {
      auto *x = as<BufferStoreNode>(a), *y = as<BufferStoreNode>(b);
      return buffer(x->buffer, y->buffer) && expr(x->value, y->value) &&
             exprs(x->indices, y->indices) && expr(x->predicate, y->predicate);
    }
    case StmtKind::BufferRealize: {
      auto *x = as<BufferRealizeNode>(a), *y = as<BufferRealizeNode>(b);
      return buffer(x->buffer, y->buffer) && ranges(x->bounds, y->bounds) &&
             expr(x->condition, y->condition) && stmt(x->body, y->body);
    }
    case StmtKind::Allocate: {
      auto *x = as<AllocateNode>(a), *y = as<AllocateNode>(b);
      return var(x->buffer_var, y->buffer_var) && r_.value(x->dtype, y->dtype) &&
             exprs(x->extents, y->extents) && expr(x->condition, y->condition) &&
             exprs(x->const_data, y->const_data) && annotations(x->annotations, y->annotations) &&
             stmt(x->body, y->body);
    }
    case StmtKind::DeclBuffer: {
      auto *x = as<DeclBufferNode>(a), *y = as<DeclBufferNode>(b);
      return buffer(x->buffer, y->buffer) && stmt(x->body, y->body);
    }
    case StmtKind::SeqStmt:
      return list(as<SeqStmtNode>(a)->seq, as<SeqStmtNode>(b)->seq,
                  [&](const Stmt &x, const Stmt &y) { return stmt(x, y); });
    case StmtKind::IfThenElse: {
      auto *x = as<IfThenElseNode>(a), *y = as<IfThenElseNode>(b);
      return expr(x->condition, y->condition) && stmt(x->then_case, y->then_case) &&
             stmt(x->else_case, y->else_case);
    }
    case StmtKind::Evaluate:
      return expr(as<EvaluateNode>(a)->value, as<EvaluateNode>(b)->value);
    case StmtKind::For: {
      auto *x = as<ForNode>(a), *y = as<ForNode>(b);
      return expr(x->min, y->min) && expr(x->extent, y->extent) && var(x->loop_var, y->loop_var) &&
             r_.value(x->for_kind, y->for_kind) && iter_var(x->thread_binding, y->thread_binding) &&
             annotations(x->annotations, y->annotations) && stmt(x->body, y->body);
    }
    case StmtKind::While: {
      auto *x = as<WhileNode>(a), *y = as<WhileNode>(b);
      return expr(x->condition, y->condition) && stmt(x->body, y->body);
    }
    case StmtKind::Block: {
      auto *x = as<BlockNode>(a), *y = as<BlockNode>(b);
      return list(x->iter_vars, y->iter_vars,
                  [&](const IterVar &p, const IterVar &q) { return iter_var(p, q); }) &&
             r_.value(x->name_hint, y->name_hint) &&
             list(x->alloc_buffers, y->alloc_buffers,
                  [&](const Buffer &p, const Buffer &q) { return buffer(p, q); }) &&
             list(x->match_buffers, y->match_buffers,
                  [&](const MatchBufferRegion &p, const MatchBufferRegion &q) {
                    return region(p.source, q.source) && buffer(p.buffer, q.buffer);
                  }) &&
             regions(x->reads, y->reads) && regions(x->writes, y->writes) &&
             annotations(x->annotations, y->annotations) && stmt(x->init, y->init) &&
             stmt(x->body, y->body);
    }
    case StmtKind::BlockRealize: {
      auto *x = as<BlockRealizeNode>(a), *y = as<BlockRealizeNode>(b);
      return exprs(x->iter_values, y->iter_values) && expr(x->predicate, y->predicate) &&
             stmt(x->block, y->block);
    }
    }
    return false;
  }

  R &r_;
};

// Equality: builds the Var and Buffer bijections as it goes.
struct EqualReducer {
  std::unordered_map<const void *, const void *> lr, rl;
  std::string first_mismatch;

  template <class T> bool value(const T &a, const T &b) { return a == b; }
  template <class T, class F> bool map(const T *a, const T *b, F &&fields) {
    auto ia = lr.find(a), ib = rl.find(b);
    if (ia != lr.end() || ib != rl.end())
      return ia != lr.end() && ib != rl.end() && ia->second == b && ib->second == a;
    lr[a] = b;
    rl[b] = a;
    return fields();
  }
  template <class F> bool var(const VarNode *a, const VarNode *b, F &&fields) {
    return map(a, b, fields);
  }
  template <class F> bool buffer(const BufferNode *a, const BufferNode *b, F &&fields) {
    return map(a, b, fields);
  }
  template <class K> void mismatch(K kind, SourceLoc la, SourceLoc lb) {
    if (!first_mismatch.empty())
      return;
    first_mismatch = std::string(kind_name(kind)) + " differs (left " + std::to_string(la.line) +
                     ":" + std::to_string(la.col) + ", right " + std::to_string(lb.line) + ":" +
                     std::to_string(lb.col) + ")";
  }
};

// Hashing: Vars and Buffers hash as the order in which they are first met.
struct HashReducer {
  size_t h = 0x9e3779b97f4a7c15ULL;
  std::unordered_map<const void *, size_t> seen;

  void mix(size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); }

  template <class T> bool value(const T &a, const T &) {
    if constexpr (std::is_same_v<T, DataType>)
      mix(static_cast<size_t>(a.code) | (size_t(a.bits) << 8) | (size_t(a.lanes) << 16));
    else if constexpr (std::is_same_v<T, Type>)
      mix(std::hash<std::string>()(to_string(a)));
    else if constexpr (std::is_enum_v<T>)
      mix(static_cast<size_t>(a));
    else
      mix(std::hash<T>()(a));
    return true;
  }
  template <class T, class F> bool map(const T *a, F &&fields) {
    auto it = seen.find(a);
    if (it != seen.end()) {
      mix(it->second);
      return true;
    }
    size_t index = seen.size();
    seen[a] = index;
    mix(index);
    return fields();
  }
  template <class F> bool var(const VarNode *a, const VarNode *, F &&fields) {
    return map(a, fields);
  }
  template <class F> bool buffer(const BufferNode *a, const BufferNode *, F &&fields) {
    return map(a, fields);
  }
  template <class K> void mismatch(K, SourceLoc, SourceLoc) {}
};

} // namespace

bool structural_equal(const PrimExpr &a, const PrimExpr &b) {
  EqualReducer r;
  return Walker<EqualReducer>(r).expr(a, b);
}
bool structural_equal(const Stmt &a, const Stmt &b) {
  EqualReducer r;
  return Walker<EqualReducer>(r).stmt(a, b);
}
bool structural_equal(const PrimFunc &a, const PrimFunc &b) {
  EqualReducer r;
  return Walker<EqualReducer>(r).func(a, b);
}
bool structural_equal(const IRModule &a, const IRModule &b) {
  EqualReducer r;
  return Walker<EqualReducer>(r).module(a, b);
}

std::string structural_diff(const PrimFunc &a, const PrimFunc &b) {
  EqualReducer r;
  if (Walker<EqualReducer>(r).func(a, b))
    return "";
  return r.first_mismatch.empty() ? "function signatures differ" : r.first_mismatch;
}
std::string structural_diff(const IRModule &a, const IRModule &b) {
  EqualReducer r;
  if (Walker<EqualReducer>(r).module(a, b))
    return "";
  return r.first_mismatch.empty() ? "module functions or signatures differ" : r.first_mismatch;
}

size_t structural_hash(const PrimExpr &e) {
  HashReducer r;
  Walker<HashReducer>(r).expr(e, e);
  return r.h;
}
size_t structural_hash(const Stmt &s) {
  HashReducer r;
  Walker<HashReducer>(r).stmt(s, s);
  return r.h;
}
size_t structural_hash(const PrimFunc &f) {
  HashReducer r;
  Walker<HashReducer>(r).func(f, f);
  return r.h;
}
size_t structural_hash(const IRModule &m) {
  HashReducer r;
  Walker<HashReducer>(r).module(m, m);
  return r.h;
}

} // namespace tirconf::ir
