#include "backends/cuda/launch.h"

#include <algorithm>

#include "ir/visitor.h"

namespace tirconf::backends::cuda {

namespace {

const char *const kAxisIndex[] = {"threadIdx.x", "threadIdx.y", "threadIdx.z",
                                  "blockIdx.x",  "blockIdx.y",  "blockIdx.z"};
const char *const kAxisDim[] = {"blockDim.x", "blockDim.y", "blockDim.z",
                                "gridDim.x",  "gridDim.y",  "gridDim.z"};

// Whether an expression reads no memory and calls nothing: every thread computes the same value
// from it, whenever it runs.
bool reads_no_memory(const ir::PrimExpr &e) {
  struct Finder : ir::IRVisitor {
    bool found = false;
    void VisitExpr_(const ir::BufferLoadNode *op) override { found = true; }
    void VisitExpr_(const ir::CallNode *op) override { found = true; }
  } finder;
  finder.VisitExpr(e);
  return !finder.found;
}

const ir::IntImmNode *constant(const ir::PrimExpr &e) {
  return ir::as<ir::IntImmNode>(e);
}

} // namespace

int launch_axis(const std::string &tag) {
  for (int i = 0; i < 6; ++i)
    if (tag == kAxisIndex[i])
      return i;
  return -1;
}
const char *axis_index(int axis) {
  return kAxisIndex[axis];
}
const char *axis_dim(int axis) {
  return kAxisDim[axis];
}

LaunchPlan plan_launch(const ir::PrimFuncNode &f) {
  return plan_launch(f.body);
}

LaunchPlan plan_launch(const ir::Stmt &body) {
  LaunchPlan plan;
  std::array<bool, 6> used{};
  ir::Stmt s = body;
  // Follows the chain from the top while each statement has one body every thread may run.
  while (s) {
    if (auto *d = ir::as<ir::DeclBufferNode>(s)) {
      s = d->body;
    } else if (auto *br = ir::as<ir::BlockRealizeNode>(s)) {
      // A block without iter vars or init whose predicate is a constant (TVM's root block).
      const ir::BlockNode &b = *br->block;
      auto *pred = constant(br->predicate);
      if (!b.iter_vars.empty() || b.init || !b.match_buffers.empty() ||
          (br->predicate && (!pred || pred->value == 0)))
        break;
      s = b.body;
    } else if (auto *a = ir::as<ir::AllocateNode>(s)) {
      auto *c = constant(a->condition);
      if (!c || c->value == 0)
        break;
      s = a->body;
    } else if (auto *l = ir::as<ir::LetStmtNode>(s)) {
      if (!reads_no_memory(l->value))
        break;
      s = l->body;
    } else if (auto *at = ir::as<ir::AttrStmtNode>(s)) {
      if (at->attr_key == "thread_extent") {
        auto *iv = std::get_if<ir::IterVar>(&at->node);
        const int axis = iv && *iv ? launch_axis((*iv)->thread_tag) : -1;
        auto *ext = constant(at->value);
        if (axis < 0 || used[static_cast<size_t>(axis)] || !ext || ext->value < 1)
          break;
        used[static_cast<size_t>(axis)] = true;
        plan.launched[at] = axis;
        auto &dim = axis < 3 ? plan.block[static_cast<size_t>(axis)]
                             : plan.grid[static_cast<size_t>(axis - 3)];
        dim = ext->value;
      } else if (at->attr_key == "virtual_thread") {
        break;
      }
      s = at->body;
    } else if (auto *loop = ir::as<ir::ForNode>(s)) {
      if (loop->for_kind != ir::ForKind::ThreadBinding || !loop->thread_binding)
        break;
      const int axis = launch_axis(loop->thread_binding->thread_tag);
      auto *ext = constant(loop->extent);
      if (axis < 0 || used[static_cast<size_t>(axis)] || !ext || ext->value < 1 ||
          !reads_no_memory(loop->min))
        break;
      used[static_cast<size_t>(axis)] = true;
      plan.launched[loop] = axis;
      auto &dim = axis < 3 ? plan.block[static_cast<size_t>(axis)]
                           : plan.grid[static_cast<size_t>(axis - 3)];
      dim = ext->value;
      s = loop->body;
    } else {
      break;
    }
  }
  // Caps: a stride loop covers whatever is left over.
  for (size_t i = 0; i < 3; ++i) {
    plan.block[i] = std::min(plan.block[i], kMaxBlock[i]);
    plan.grid[i] = std::min(plan.grid[i], kMaxGrid[i]);
  }
  while (plan.block[0] * plan.block[1] * plan.block[2] > kMaxThreadsPerBlock) {
    auto big = std::max_element(plan.block.begin(), plan.block.end());
    *big = (*big + 1) / 2;
  }
  return plan;
}

} // namespace tirconf::backends::cuda

namespace tirconf::backends::cuda {

namespace {

// The statement a wrapper every thread may run alike wraps, or null when `s` is none: the
// prefix of an entry's body that each of its launches runs again (constant allocations, so that
// each launch finds the same __device__ array; LetStmts reading no memory, so that each computes
// the same value).
ir::Stmt wrapped(const ir::Stmt &s) {
  if (auto *d = ir::as<ir::DeclBufferNode>(s))
    return d->body;
  if (auto *a = ir::as<ir::AllocateNode>(s)) {
    auto *c = constant(a->condition);
    if (!c || c->value == 0 || a->is_const())
      return nullptr;
    for (const auto &e : a->extents)
      if (!constant(e))
        return nullptr;
    return a->body;
  }
  if (auto *l = ir::as<ir::LetStmtNode>(s))
    return reads_no_memory(l->value) ? l->body : nullptr;
  if (auto *at = ir::as<ir::AttrStmtNode>(s))
    return at->attr_key == "thread_extent" || at->attr_key == "virtual_thread" ? nullptr : at->body;
  if (auto *br = ir::as<ir::BlockRealizeNode>(s)) {
    const ir::BlockNode &b = *br->block;
    auto *pred = constant(br->predicate);
    if (!b.iter_vars.empty() || b.init || !b.match_buffers.empty() ||
        (br->predicate && (!pred || pred->value == 0)))
      return nullptr;
    for (const auto &buf : b.alloc_buffers)
      for (const auto &e : buf->shape)
        if (!constant(e))
          return nullptr;
    return b.body;
  }
  return nullptr;
}

// The wrapper `s` around another body.
ir::Stmt rewrap(const ir::Stmt &s, ir::Stmt body) {
  if (auto *d = ir::as<ir::DeclBufferNode>(s))
    return std::make_shared<const ir::DeclBufferNode>(d->buffer, std::move(body), d->loc);
  if (auto *a = ir::as<ir::AllocateNode>(s))
    return std::make_shared<const ir::AllocateNode>(
        a->buffer_var, a->dtype, a->extents, a->condition, std::move(body), a->annotations, a->loc);
  if (auto *l = ir::as<ir::LetStmtNode>(s))
    return std::make_shared<const ir::LetStmtNode>(l->var, l->value, std::move(body), l->loc);
  if (auto *at = ir::as<ir::AttrStmtNode>(s))
    return std::make_shared<const ir::AttrStmtNode>(at->node, at->attr_key, at->value,
                                                    std::move(body), at->loc);
  auto *br = ir::as<ir::BlockRealizeNode>(s);
  const ir::BlockNode &b = *br->block;
  auto block = std::make_shared<const ir::BlockNode>(b.iter_vars, b.reads, b.writes, b.name_hint,
                                                     std::move(body), b.init, b.alloc_buffers,
                                                     b.match_buffers, b.annotations, b.loc);
  return std::make_shared<const ir::BlockRealizeNode>(br->iter_values, br->predicate, block,
                                                      br->loc);
}

// One statement of an entry's body with the wrappers around it (outermost first).
struct Item {
  std::vector<ir::Stmt> chain;
  ir::Stmt stmt;
};

ir::Stmt rewrap_all(const std::vector<ir::Stmt> &chain, ir::Stmt body) {
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    body = rewrap(*it, std::move(body));
  return body;
}

// The statements the body runs in order: sequences flattened, wrappers every thread may run alike
// kept as each statement's chain, and an AssertStmt as its check (an assert of an empty body)
// followed by its body's statements, which is what it runs ([sem.stmt.assert]).
void flatten(const ir::Stmt &s, std::vector<ir::Stmt> &chain, std::vector<Item> &out) {
  if (auto *seq = ir::as<ir::SeqStmtNode>(s)) {
    for (const auto &t : seq->seq)
      flatten(t, chain, out);
  } else if (auto *a = ir::as<ir::AssertStmtNode>(s)) {
    auto nothing = std::make_shared<const ir::EvaluateNode>(ir::make_int32(0), a->loc);
    out.push_back({chain, std::make_shared<const ir::AssertStmtNode>(a->condition, a->message,
                                                                     nothing, a->loc)});
    flatten(a->body, chain, out);
  } else if (ir::Stmt inner = wrapped(s); inner && !plan_launch(s).any()) {
    chain.push_back(s);
    flatten(inner, chain, out);
    chain.pop_back();
  } else {
    out.push_back({chain, s});
  }
}

} // namespace

std::vector<ir::Stmt> plan_entry(const ir::PrimFuncNode &f) {
  if (!f.body)
    return {f.body};
  std::vector<ir::Stmt> chain;
  std::vector<Item> items;
  flatten(f.body, chain, items);
  // Each statement with a launch nest of its own is a launch; consecutive others under the same
  // wrappers, one launch of one thread.
  struct Part {
    std::vector<ir::Stmt> chain, stmts;
    bool launched;
  };
  std::vector<Part> parts;
  bool any_launched = false;
  for (const auto &item : items) {
    const bool launched = plan_launch(rewrap_all(item.chain, item.stmt)).any();
    any_launched |= launched;
    if (launched || parts.empty() || parts.back().launched || parts.back().chain != item.chain)
      parts.push_back({item.chain, {}, launched});
    parts.back().stmts.push_back(item.stmt);
  }
  if (parts.size() < 2 || !any_launched)
    return {f.body};
  std::vector<ir::Stmt> bodies;
  for (auto &part : parts) {
    ir::Stmt body = part.stmts.size() == 1
                        ? part.stmts[0]
                        : std::make_shared<const ir::SeqStmtNode>(part.stmts, part.stmts[0]->loc);
    bodies.push_back(rewrap_all(part.chain, std::move(body)));
  }
  return bodies;
}

} // namespace tirconf::backends::cuda
