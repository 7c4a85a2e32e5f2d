// For loops of every kind, thread launches and While loops. Parallel, vectorized and thread-bound
// iterations form a region: enter_region decides which slice of each writable buffer an
// iteration owns (context.h), which is what keeps [unspec.conflict.parallel]
// [unspec.conflict.vectorized] [unspec.conflict.thread] from happening.
#include "generators/build.h"
#include "generators/func_gen.h"

namespace tirconf::gen {

using ir::DataType;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

namespace {

const char *const kThreadTags[] = {"blockIdx.x", "threadIdx.x", "blockIdx.y", "threadIdx.y",
                                   "vthread"};

bool parallel_kind(ir::ForKind k) {
  return k == ir::ForKind::Parallel || k == ir::ForKind::Vectorized ||
         k == ir::ForKind::ThreadBinding;
}

} // namespace

std::string FuncGen::free_thread_tag(const Ctx &c, bool vthread_ok) {
  std::vector<std::string> free;
  for (const char *t : kThreadTags) {
    if (!vthread_ok && std::string_view(t) == "vthread")
      continue;
    bool used = false;
    for (const auto &u : c.thread_tags)
      used |= u == t;
    if (!used)
      free.push_back(t);
  }
  if (free.empty())
    return "";
  return free[r_.below(free.size())];
}

Ctx FuncGen::enter_region(const Ctx &c, const ScalarInfo &v, int64_t vmin, int64_t extent,
                          const ir::VarNode *extent_sym, const ir::BufferNode *force,
                          size_t force_dim) {
  Ctx r = c;
  const int region = c.regions;
  r.regions++;
  r.may_return = false;
  auto aliased = [&](const BufferInfo &bi) {
    // A match_buffer and its source name the same memory: pinning one slice of each separately
    // would let one iteration write what another reads through the other name. Both stay
    // read-only in the region.
    if (bi.region_of)
      return true;
    for (const auto &o : r.buffers)
      if (o.region_of == bi.buffer)
        return true;
    return false;
  };
  for (auto &bi : r.buffers) {
    const bool forced = bi.buffer.get() == force;
    if (!forced && (!bi.initialized || !c.can_write(bi) || aliased(bi) ||
                    r_.percent(p_.chances.region_buffer_read_only)))
      continue; // read-only here
    const size_t n = bi.dims.size();
    for (size_t t = 0; t < n; ++t) {
      const size_t k = forced ? force_dim : (t + static_cast<size_t>(r_.below(n))) % n;
      const Dim &d = bi.dims[k];
      Pin pin;
      pin.region = region;
      if (forced) {
        // The element the iteration computes: index v - vmin, one element wide.
        pin.terms = {{v.var, 1}};
        pin.constant = -vmin;
        pin.width = 1;
        pin.base = d.sym ? Facts::of_int(0, d.hi - 1) : Facts::of_int(0, extent - 1);
        if (!bi.pins[k].empty()) {
          // Inside the outer slice: v indexes within it.
          const Pin &outer = bi.pins[k].back();
          pin.terms.insert(pin.terms.begin(), outer.terms.begin(), outer.terms.end());
          pin.constant += outer.constant;
          pin.base = int_add(DataType::Int(64), outer.base, pin.base);
        }
      } else if (!bi.pins[k].empty()) {
        // A sub-slice of the slice an enclosing region gave this iteration.
        const Pin &outer = bi.pins[k].back();
        if (extent_sym || extent > outer.width)
          continue;
        const int64_t w = r_.range(1, outer.width / extent);
        const int64_t off = r_.range(0, outer.width - extent * w);
        pin.terms = outer.terms;
        pin.terms.push_back({v.var, w});
        pin.constant = outer.constant + off - vmin * w;
        pin.width = w;
        pin.base =
            int_add(DataType::Int(64), outer.base, Facts::of_int(off, off + (extent - 1) * w));
      } else if (extent_sym) {
        if (d.sym != extent_sym || vmin != 0)
          continue;
        pin.terms = {{v.var, 1}};
        pin.width = 1;
        pin.base = Facts::of_int(0, d.hi - 1);
      } else {
        if (d.lo < extent)
          continue;
        const int64_t w = r_.percent(p_.chances.slice_width_one) ? 1 : r_.range(1, d.lo / extent);
        const int64_t off =
            r_.percent(p_.chances.slice_offset_zero) ? 0 : r_.range(0, d.lo - extent * w);
        pin.terms = {{v.var, w}};
        pin.constant = off - vmin * w;
        pin.width = w;
        pin.base = Facts::of_int(off, off + (extent - 1) * w);
      }
      bi.pins[k].push_back(std::move(pin));
      break;
    }
  }
  return r;
}

ForKindChoice FuncGen::pick_for_kind(const Ctx &c, const Dim &d, bool serial_only) {
  ForKindChoice k = pick_allowed(r_, p_.for_kind, [&](ForKindChoice k) {
    switch (k) {
    case ForKindChoice::Serial:
      return true;
    case ForKindChoice::Unrolled:
      return !d.sym && d.lo <= 16;
    case ForKindChoice::Parallel:
      return !serial_only && (p_.features.nested_parallel || !c.in_parallel);
    // [type.stmt.for.vectorized_extent] a constant extent; small, as vector widths are.
    case ForKindChoice::Vectorized:
      return !serial_only && !d.sym && d.lo <= 16 &&
             (p_.features.nested_parallel || !c.in_vectorized);
    case ForKindChoice::ThreadBinding:
      return !serial_only && p_.features.threads && !free_thread_tag(c, false).empty();
    default:
      return false;
    }
  });
  return k == ForKindChoice::kCount ? ForKindChoice::Serial : k;
}

Stmt FuncGen::loop_nest(const Ctx &c) {
  // A nest that often walks the shape of some buffer, as real kernels do, so that loop
  // variables fit that buffer's dimensions as indices.
  const int levels = static_cast<int>(r_.range(1, p_.limits.loop_nest));
  const BufferInfo *shape_of = nullptr;
  if (!c.buffers.empty() && r_.percent(p_.chances.loop_nest_over_buffer))
    shape_of = &c.buffers[r_.below(c.buffers.size())];
  struct Level {
    ir::Var v;
    int64_t min;
    Dim d;
    ir::ForKind kind;
    std::string tag;
  };
  std::vector<Level> nest;
  Ctx inner = c;
  inner.depth++;
  for (int l = 0; l < levels; ++l) {
    Dim d;
    if (shape_of && static_cast<size_t>(l) < shape_of->dims.size() &&
        r_.percent(p_.chances.loop_extent_from_buffer)) {
      d = as_extent(shape_of->dims[static_cast<size_t>(l)]);
    } else {
      const int64_t e = r_.range(1, p_.limits.loop_extent);
      d = const_dim(e);
    }
    // Keep the estimated work inside the budget: shrink constant extents, drop symbolic ones.
    const uint64_t room = work_left() / std::max<uint64_t>(1, inner.mult) / 2;
    if (static_cast<uint64_t>(d.hi) > room) {
      const int64_t e = std::max<int64_t>(1, static_cast<int64_t>(std::min<uint64_t>(room, 4)));
      d = const_dim(e);
    }
    const ir::ForKind kind = static_cast<ir::ForKind>(pick_for_kind(inner, d, false));
    int64_t min = 0;
    if ((kind == ir::ForKind::Serial || kind == ir::ForKind::Parallel ||
         kind == ir::ForKind::Unrolled) &&
        !d.sym && r_.percent(p_.chances.loop_nonzero_min))
      min = r_.range(1, 4);
    ir::Var v = ir::make_var(fresh("i"), index_t);
    ScalarInfo si{v, Facts::of_int(min, min + d.hi - 1), min == 0 ? d.sym : nullptr};
    inner.scalars.push_back(si);
    std::string tag;
    if (parallel_kind(kind)) {
      // [sem.stmt.for.parallel] [sem.stmt.for.vectorized] [sem.stmt.for.thread_binding]
      inner = enter_region(inner, si, min, d.lo, d.sym);
      if (kind == ir::ForKind::Vectorized)
        inner.in_vectorized = true;
      if (kind == ir::ForKind::Parallel)
        inner.in_parallel = true;
      if (kind == ir::ForKind::ThreadBinding) {
        tag = free_thread_tag(inner, false);
        inner.thread_tags.push_back(tag);
      }
    }
    inner.mult *= static_cast<uint64_t>(d.hi);
    nest.push_back({v, min, d, kind, tag});
  }
  // [sem.stmt.for.range] [sem.stmt.for.serial] [sem.stmt.for.unrolled]
  Stmt s = body(inner, p_.limits.statements);
  for (size_t l = nest.size(); l-- > 0;) {
    const Level &lv = nest[l];
    PrimExpr extent = lv.d.extent;
    ir::IterVar tb;
    if (lv.kind == ir::ForKind::ThreadBinding)
      tb = std::make_shared<ir::IterVarNode>(ir::IterVarNode{
          std::nullopt, ir::make_var("iter", index_t), ir::IterVarType::ThreadIndex, lv.tag, {}});
    s = b::for_loop(lv.v, idx(lv.min), extent, lv.kind, s, tb);
  }
  return s;
}

Stmt FuncGen::launch_thread(const Ctx &c) {
  // [sem.stmt.attr.thread_extent] [sem.stmt.attr.virtual_thread]: value parallel runs of body.
  const std::string tag = free_thread_tag(c, true);
  if (tag.empty())
    return nullptr;
  const uint64_t room = work_left() / std::max<uint64_t>(1, c.mult) / 2;
  const int64_t e = std::min<int64_t>(r_.range(1, std::min(p_.limits.loop_extent, 8)),
                                      static_cast<int64_t>(room));
  if (e < 1)
    return nullptr;
  ir::Var v = ir::make_var(fresh(tag == "vthread"          ? "vt"
                                 : tag.substr(0, 1) == "b" ? "bx"
                                                           : "tx"),
                           index_t);
  ScalarInfo si{v, Facts::of_int(0, e - 1), nullptr};
  Ctx inner = c;
  inner.depth++;
  inner.scalars.push_back(si);
  inner = enter_region(inner, si, 0, e, nullptr);
  inner.thread_tags.push_back(tag);
  inner.mult *= static_cast<uint64_t>(e);
  Stmt s = body(inner, p_.limits.statements);
  auto iv = std::make_shared<ir::IterVarNode>(
      ir::IterVarNode{ir::Range{idx(0), idx(e), {}}, v, ir::IterVarType::ThreadIndex, tag, {}});
  return std::make_shared<ir::AttrStmtNode>(ir::AttrNodeRef{ir::IterVar(iv)},
                                            tag == "vthread" ? "virtual_thread" : "thread_extent",
                                            idx(e), s);
}

Stmt FuncGen::while_loop(const Ctx &c) {
  // [sem.stmt.while] with a counter in its own one-element buffer, read-only to the body and
  // bumped at the end of each trip, so it stops after `trips` iterations.
  const int64_t trips = r_.range(1, p_.limits.while_trips);
  if (!afford(c.mult * static_cast<uint64_t>(trips) * 4))
    return nullptr;
  ir::Buffer cnt = b::buffer(fresh("k"), DataType::Int(32), {b::i32(1)});
  BufferInfo ci = fresh_buffer_info(cnt, {Dim{b::i32(1), 1, 1, nullptr}}, c);
  ci.initialized = true;
  ci.writable = false;
  ci.elem = Facts::of_int(0, trips);
  Ctx inner = c;
  inner.depth++;
  inner.mult *= static_cast<uint64_t>(trips);
  inner.buffers.push_back(ci);
  PrimExpr at0 = b::load(cnt, {b::i32(0)});
  Stmt loop = std::make_shared<ir::WhileNode>(
      b::lt(at0, b::i32(trips)), b::seq({body(inner, p_.limits.statements),
                                         b::store(cnt, b::add(at0, b::i32(1)), {b::i32(0)})}));
  Stmt init = b::store(cnt, b::i32(0), {b::i32(0)});
  return std::make_shared<ir::AllocateNode>(
      cnt->data, DataType::Int(32), std::vector<PrimExpr>{b::i32(1)},
      b::int_imm(DataType::Bool(), 1),
      std::make_shared<ir::DeclBufferNode>(cnt, b::seq({init, loop})), ir::Annotations{});
}

} // namespace tirconf::gen
