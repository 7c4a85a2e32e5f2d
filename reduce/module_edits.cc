// Edits of the module and of the call: functions, parameters, buffer shapes and argument data.
#include <algorithm>
#include <optional>
#include <set>

#include "ir/expr.h"
#include "ir/mutator.h"
#include "ir/visitor.h"
#include "reduce/passes.h"

namespace tirconf::reduce {

namespace {

using namespace ir;

// Every reference to one buffer replaced by another (same data Var, another shape), and with
// `drop_dim` set, that dimension's index or range left out of each access.
class BufferReplacer : public IRMutator {
public:
  BufferReplacer(const BufferNode *from, Buffer to, std::optional<size_t> drop_dim = std::nullopt)
      : from_(from), to_(std::move(to)), drop_dim_(drop_dim) {}

protected:
  Buffer swap(const Buffer &b) const { return b.get() == from_ ? to_ : b; }
  template <class T> std::vector<T> cut(const Buffer &b, std::vector<T> xs) const {
    if (b.get() == from_ && drop_dim_ && *drop_dim_ < xs.size())
      xs.erase(xs.begin() + static_cast<long>(*drop_dim_));
    return xs;
  }
  BufferRegion swap(const BufferRegion &r) const {
    return {swap(r.buffer), cut(r.buffer, r.region), r.loc};
  }

  PrimExpr VisitExpr_(const BufferLoadNode *op) override {
    bool changed = false;
    auto idx = VisitExprs(op->indices, &changed);
    if (!changed && op->buffer.get() != from_)
      return op->shared_from_this();
    return std::make_shared<BufferLoadNode>(op->dtype, swap(op->buffer),
                                            cut(op->buffer, std::move(idx)), op->loc);
  }
  Stmt VisitStmt_(const BufferStoreNode *op) override {
    bool changed = false;
    auto v = VisitExpr(op->value);
    auto idx = VisitExprs(op->indices, &changed);
    if (!changed && v == op->value && op->buffer.get() != from_)
      return op->shared_from_this();
    return std::make_shared<BufferStoreNode>(swap(op->buffer), v, cut(op->buffer, std::move(idx)),
                                             op->loc);
  }
  Stmt VisitStmt_(const DeclBufferNode *op) override {
    return std::make_shared<DeclBufferNode>(swap(op->buffer), VisitStmt(op->body), op->loc);
  }
  Stmt VisitStmt_(const AttrStmtNode *op) override {
    AttrNodeRef node = op->node;
    if (const auto *b = std::get_if<Buffer>(&node))
      node = swap(*b);
    return std::make_shared<AttrStmtNode>(node, op->attr_key, VisitExpr(op->value),
                                          VisitStmt(op->body), op->loc);
  }
  Stmt VisitStmt_(const BlockNode *op) override {
    std::vector<BufferRegion> reads, writes;
    for (const auto &r : op->reads)
      reads.push_back(swap(r));
    for (const auto &w : op->writes)
      writes.push_back(swap(w));
    std::vector<MatchBufferRegion> match;
    for (const auto &m : op->match_buffers)
      match.push_back({m.buffer, swap(m.source), m.loc});
    return std::make_shared<BlockNode>(op->iter_vars, std::move(reads), std::move(writes),
                                       op->name_hint, VisitStmt(op->body),
                                       op->init ? VisitStmt(op->init) : nullptr, op->alloc_buffers,
                                       std::move(match), op->annotations, op->loc);
  }

private:
  const BufferNode *from_;
  Buffer to_;
  std::optional<size_t> drop_dim_;
};

template <class Args> auto arg_named(Args &args, const std::string &name) -> decltype(&args[0]) {
  for (auto &a : args)
    if (a.name == name)
      return &a;
  return nullptr;
}

// A tensor's flat data cut to a smaller shape: the elements whose index along `dim` is below
// `keep` (all lanes of each).
std::vector<runner::Literal> cut(const runner::TensorArg &t, size_t dim, int64_t keep) {
  std::vector<runner::Literal> out;
  const int64_t lanes = std::max<int64_t>(1, t.dtype.lanes);
  int64_t inner = lanes;
  for (size_t d = dim + 1; d < t.shape.size(); ++d)
    inner *= t.shape[d];
  const int64_t outer_block = t.shape[dim] * inner;
  for (int64_t at = 0; at + outer_block <= static_cast<int64_t>(t.data.size()); at += outer_block)
    out.insert(out.end(), t.data.begin() + at, t.data.begin() + at + keep * inner);
  return out;
}

struct ShapeSite {
  size_t param;
  size_t dim;
};

// The (buffer parameter, dimension) pairs a shrink can apply to: compact buffers of constant
// shape whose dimension is above 1 and whose argument is a tensor of that shape.
std::vector<ShapeSite> shape_sites(const Candidate &c, const PrimFuncNode &f) {
  std::vector<ShapeSite> sites;
  for (size_t p = 0; p < f.buffer_map.size(); ++p) {
    const Buffer &b = f.buffer_map[p].second;
    const runner::Arg *a = arg_named(c.args, b->name);
    if (!b->strides.empty() || !a || !a->is_tensor || a->tensor.shape.size() != b->shape.size())
      continue;
    for (size_t d = 0; d < b->shape.size(); ++d) {
      const auto *ext = as<IntImmNode>(b->shape[d]);
      if (ext && ext->value > 1 && a->tensor.shape[d] == ext->value)
        sites.push_back({p, d});
    }
  }
  return sites;
}

} // namespace

std::optional<Candidate> drop_function(const Candidate &c, size_t site) {
  // Only a function no other function calls: a call of a missing one would not even read.
  class Callees : public IRVisitor {
  public:
    std::set<std::string> names;

  protected:
    void VisitExpr_(const CallNode *op) override {
      if (op->callee)
        names.insert(op->callee->name_hint);
      IRVisitor::VisitExpr_(op);
    }
  };
  size_t seen = 0;
  for (size_t i = 0; i < c.module->functions.size(); ++i) {
    const std::string &name = c.module->functions[i].first->name_hint;
    if (name == c.func)
      continue;
    Callees callees;
    for (size_t k = 0; k < c.module->functions.size(); ++k)
      if (k != i)
        callees.VisitStmt(c.module->functions[k].second->body);
    if (callees.names.count(name) || seen++ != site)
      continue;
    auto m = std::make_shared<IRModuleNode>(*c.module);
    m->functions.erase(m->functions.begin() + static_cast<long>(i));
    return Candidate{m, c.func, c.args};
  }
  return std::nullopt;
}

std::optional<Candidate> drop_parameter(const Candidate &c, size_t site) {
  for (size_t i = 0; i < c.module->functions.size(); ++i) {
    const PrimFunc &f = c.module->functions[i].second;
    if (site >= f->params.size()) {
      site -= f->params.size();
      continue;
    }
    const Var param = f->params[site];
    auto g = std::make_shared<PrimFuncNode>(*f);
    g->params.erase(g->params.begin() + static_cast<long>(site));
    std::erase_if(g->buffer_map, [&](const auto &pb) { return pb.first == param; });
    auto m = std::make_shared<IRModuleNode>(*c.module);
    m->functions[i].second = g;
    Candidate out{m, c.func, c.args};
    // The entry's argument goes with its parameter; another function's callers no longer fit
    // it, which the checker tells.
    if (c.module->functions[i].first->name_hint == c.func)
      std::erase_if(out.args, [&](const runner::Arg &a) { return a.name == f->arg_name(param); });
    return out;
  }
  return std::nullopt;
}

std::optional<Candidate> shrink_buffer(const Candidate &c, size_t site) {
  const PrimFunc f = c.module->lookup(c.func);
  if (!f)
    return std::nullopt;
  const std::vector<ShapeSite> sites = shape_sites(c, *f);
  if (site >= sites.size())
    return std::nullopt;
  const auto [p, dim] = sites[site];
  const Buffer &old = f->buffer_map[p].second;
  const int64_t extent = as<IntImmNode>(old->shape[dim])->value;
  const int64_t keep = extent / 2;
  auto shrunk = std::make_shared<BufferNode>(*old);
  shrunk->shape[dim] = make_int(old->shape[dim]->dtype, keep);
  auto g = std::make_shared<PrimFuncNode>(*f);
  g->buffer_map[p].second = shrunk;
  g->body = BufferReplacer(old.get(), shrunk).VisitStmt(f->body);
  const IRModule m = with_function(c.module, f.get(), g);
  Candidate out{m, c.func, c.args};
  runner::Arg *a = arg_named(out.args, old->name);
  if (a->tensor.has_data)
    a->tensor.data = cut(a->tensor, dim, keep);
  a->tensor.shape[dim] = keep;
  return out;
}

std::optional<Candidate> drop_unit_dimension(const Candidate &c, size_t site) {
  const PrimFunc f = c.module->lookup(c.func);
  if (!f)
    return std::nullopt;
  for (size_t p = 0; p < f->buffer_map.size(); ++p) {
    const Buffer &old = f->buffer_map[p].second;
    const runner::Arg *a = arg_named(c.args, old->name);
    if (!old->strides.empty() || old->shape.size() < 2 || !a || !a->is_tensor ||
        a->tensor.shape.size() != old->shape.size())
      continue;
    for (size_t d = 0; d < old->shape.size(); ++d) {
      const auto *ext = as<IntImmNode>(old->shape[d]);
      if (!ext || ext->value != 1 || site-- != 0)
        continue;
      auto fewer = std::make_shared<BufferNode>(*old);
      fewer->shape.erase(fewer->shape.begin() + static_cast<long>(d));
      auto g = std::make_shared<PrimFuncNode>(*f);
      g->buffer_map[p].second = fewer;
      g->body = BufferReplacer(old.get(), fewer, d).VisitStmt(f->body);
      const IRModule m = with_function(c.module, f.get(), g);
      Candidate out{m, c.func, c.args};
      runner::Arg *na = arg_named(out.args, old->name);
      na->tensor.shape.erase(na->tensor.shape.begin() + static_cast<long>(d));
      return out;
    }
  }
  return std::nullopt;
}

std::optional<Candidate> drop_return(const Candidate &c, size_t site) {
  // The entry's return value: its type gone, each `return v` a no-op (tidied away).
  class Returns : public IRMutator {
  protected:
    Stmt VisitStmt_(const EvaluateNode *op) override {
      const auto *call = as<CallNode>(op->value);
      if (call && call->is_builtin("tir.ret"))
        return std::make_shared<EvaluateNode>(make_int32(0), op->loc);
      return IRMutator::VisitStmt_(op);
    }
  };
  const PrimFunc f = c.module->lookup(c.func);
  if (site != 0 || !f || !f->ret_type)
    return std::nullopt;
  auto g = std::make_shared<PrimFuncNode>(*f);
  g->ret_type.reset();
  g->body = Returns().VisitStmt(f->body);
  const IRModule m = with_function(c.module, f.get(), g);
  return Candidate{tidy(m), c.func, c.args};
}

std::optional<Candidate> zero_argument(const Candidate &c, size_t site) {
  size_t seen = 0;
  for (size_t i = 0; i < c.args.size(); ++i) {
    const runner::Arg &a = c.args[i];
    const bool zero =
        a.is_tensor ? !a.tensor.has_data || std::all_of(a.tensor.data.begin(), a.tensor.data.end(),
                                                        [](const auto &v) { return v == "0"; })
                    : a.scalar == "0" || a.scalar == "null" || a.scalar.empty();
    if (zero || seen++ != site)
      continue;
    Candidate out = c;
    runner::Arg &z = out.args[i];
    if (z.is_tensor)
      std::fill(z.tensor.data.begin(), z.tensor.data.end(), "0");
    else
      z.scalar = "0";
    return out;
  }
  return std::nullopt;
}

} // namespace tirconf::reduce
