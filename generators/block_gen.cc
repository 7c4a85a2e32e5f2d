// Blocks, as schedulable TIR writes them: a loop nest whose innermost statement is a
// BlockRealize binding each block iter var to one loop variable, the block reading only its iter
// vars (never the loops outside it), with T.reads/T.writes, optional alloc_buffers (filled first),
// a match_buffer over a region of a visible buffer, a T.where that always holds, and for
// reductions a T.init.
#include <algorithm>

#include "generators/build.h"
#include "generators/func_gen.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
using ir::Stmt;
namespace b = build;

void FuncGen::note_access(const BufferInfo &bi, bool write) {
  const ir::Buffer &named = bi.region_of ? bi.region_of : bi.buffer;
  for (auto &log : access_log) {
    bool seen = false;
    for (auto &a : log)
      if (a.buffer == named) {
        a.write |= write;
        seen = true;
      }
    if (!seen)
      log.push_back({named, write});
  }
}

namespace {

std::vector<ir::BufferRegion> regions(const std::vector<FuncGen::Access> &log, const Ctx &outside,
                                      bool writes) {
  // Whole-buffer regions of what the block touched, for buffers visible outside it.
  std::vector<ir::BufferRegion> out;
  for (const auto &a : log) {
    if (writes && !a.write)
      continue;
    const BufferInfo *bi = nullptr;
    for (const auto &x : outside.buffers)
      if (x.buffer == a.buffer)
        bi = &x;
    if (!bi)
      continue;
    ir::BufferRegion r;
    r.buffer = a.buffer;
    for (const auto &d : bi->dims)
      r.region.push_back(ir::Range{b::int_imm(d.extent->dtype, 0), d.extent, {}});
    out.push_back(std::move(r));
  }
  return out;
}

} // namespace

Stmt FuncGen::block_stage(const Ctx &c, bool reduction) {
  // The buffer the stage computes: a reduction updates one element per spatial instance.
  std::vector<const BufferInfo *> targets;
  for (const auto &bi : c.buffers) {
    // Not a buffer visible under two names (a match_buffer and its source): its loops pin the
    // target, which only works for a buffer with one name (loop_gen.cc, enter_region).
    bool aliased = bi.is_match;
    for (const auto &o : c.buffers)
      aliased |= o.region_of == bi.buffer;
    if (bi.initialized && c.can_write(bi) && !bi.dims.empty() && !aliased)
      targets.push_back(&bi);
  }
  if (reduction && targets.empty())
    return nullptr;
  const BufferInfo *target =
      targets.empty() || (!reduction && r_.percent(p_.chances.block_without_target))
          ? nullptr
          : targets[r_.below(targets.size())];

  struct Level {
    ir::Var loop, iter;
    Dim d; // the iter var's domain (the loop's extent unless fused)
    ir::ForKind kind;
    std::string tag;
    bool reduce;
    // Fused: two serial loops `loop` (d.lo / inner_extent) and `inner` (inner_extent) bound as
    // iter = loop * inner_extent + inner, as a split loop's block binding reads.
    ir::Var inner;
    int64_t inner_extent = 0;
  };
  std::vector<Level> nest;
  Ctx loops = c;
  loops.depth++;
  const uint64_t budget = work_left() / 2;
  // Spatial levels: one per target dimension (capped by limits.loop_nest), else a few loops.
  const size_t spatial =
      target ? std::min<size_t>(target->dims.size(), static_cast<size_t>(p_.limits.loop_nest))
             : static_cast<size_t>(r_.range(1, std::min(2, p_.limits.loop_nest)));
  for (size_t l = 0; l < spatial; ++l) {
    Dim d;
    if (target) {
      d = as_extent(target->dims[l]);
      if (!target->pins[l].empty()) {
        const int64_t w = target->pins[l].back().width; // only this iteration's slice
        d = const_dim(w);
      }
    } else {
      const int64_t e = r_.range(1, std::min(p_.limits.loop_extent, 8));
      d = const_dim(e);
    }
    if (loops.mult * static_cast<uint64_t>(d.hi) > budget)
      return nullptr;
    const ir::ForKind kind = static_cast<ir::ForKind>(pick_for_kind(loops, d, false));
    int64_t split = 0;
    const bool independent = !p_.features.dependent_block_instances;
    if (!independent && !d.sym && (kind == ir::ForKind::Serial || kind == ir::ForKind::Unrolled) &&
        r_.percent(p_.chances.block_loop_split))
      for (int64_t f : {4, 2, 3})
        if (d.lo % f == 0 && d.lo > f)
          split = f;
    if (split) {
      // [sem.stmt.blockrealize] an iter var bound to a loop expression: the split i * f + j.
      ir::Var outer = ir::make_var(fresh("i"), index_t), inner = ir::make_var(fresh("i"), index_t);
      loops.scalars.push_back({outer, Facts::of_int(0, d.lo / split - 1), nullptr});
      loops.scalars.push_back({inner, Facts::of_int(0, split - 1), nullptr});
      loops.mult *= static_cast<uint64_t>(d.hi);
      Level lv{outer, ir::make_var(fresh("v"), index_t), d, kind, "", false, {}, 0};
      lv.inner = inner;
      lv.inner_extent = split;
      nest.push_back(lv);
      continue;
    }
    ir::Var v = ir::make_var(fresh("i"), index_t);
    ScalarInfo si{v, Facts::of_int(0, d.hi - 1), d.sym};
    loops.scalars.push_back(si);
    std::string tag;
    if (kind != ir::ForKind::Serial && kind != ir::ForKind::Unrolled) {
      // The loop's iterations compute distinct elements of the target.
      loops = enter_region(loops, si, 0, d.lo, d.sym, target ? target->buffer.get() : nullptr, l);
      if (kind == ir::ForKind::Vectorized)
        loops.in_vectorized = true;
      if (kind == ir::ForKind::Parallel)
        loops.in_parallel = true;
      if (kind == ir::ForKind::ThreadBinding) {
        tag = free_thread_tag(loops, false);
        loops.thread_tags.push_back(tag);
      }
    } else if (independent) {
      // Each instance computes its own elements, as a parallel loop's iterations do, so that
      // the block's instances are independent along every spatial iter var.
      loops = enter_region(loops, si, 0, d.lo, d.sym, target ? target->buffer.get() : nullptr, l);
    }
    loops.mult *= static_cast<uint64_t>(d.hi);
    nest.push_back({v, ir::make_var(fresh("v"), index_t), d, kind, tag, false, {}, 0});
  }
  if (reduction) {
    // Reduce levels run in order ([sem.stmt.block.init] needs the domain minimum first).
    const int n = static_cast<int>(r_.range(1, 2));
    for (int l = 0; l < n; ++l) {
      int64_t e = 0;
      if (r_.percent(p_.chances.reduce_extent_from_buffer)) {
        // As matmul's k spans a dimension of A: the reduce iter var indexes it without wrapping.
        std::vector<int64_t> extents;
        for (const auto &bi : c.buffers)
          if (bi.initialized && bi.buffer != target->buffer)
            for (const auto &d : bi.dims)
              if (!d.sym && d.lo <= p_.limits.loop_extent)
                extents.push_back(d.lo);
        if (!extents.empty())
          e = extents[r_.below(extents.size())];
      }
      if (e == 0)
        e = r_.range(1, std::min(p_.limits.loop_extent, 8));
      if (loops.mult * static_cast<uint64_t>(e) > budget)
        e = 1;
      Dim d = const_dim(e);
      const ir::ForKind kind = static_cast<ir::ForKind>(pick_for_kind(loops, d, true));
      ir::Var v = ir::make_var(fresh("k"), index_t);
      loops.scalars.push_back({v, Facts::of_int(0, e - 1), nullptr});
      loops.mult *= static_cast<uint64_t>(e);
      nest.push_back({v, ir::make_var(fresh("vk"), index_t), d, kind, "", true, {}, 0});
    }
  }

  // The block sees its iter vars, the function's parameters and the buffers of the loops'
  // context, with slices re-expressed through the iter vars bound to the loop variables.
  Ctx blk = loops;
  blk.in_block = true;
  blk.may_return = false;
  blk.scalars = func_scalars;
  for (const auto &lv : nest) {
    if (lv.inner) {
      blk.scalars.push_back({lv.iter, Facts::of_int(0, lv.d.lo - 1), nullptr});
      continue;
    }
    const ScalarInfo *outer = nullptr;
    for (const auto &s : loops.scalars)
      if (s.var == lv.loop)
        outer = &s;
    blk.scalars.push_back({lv.iter, outer->facts, outer->below});
  }
  std::vector<BufferInfo> visible;
  for (auto bi : loops.buffers) {
    bool ok = true;
    for (auto &per_dim : bi.pins)
      for (auto &p : per_dim)
        for (auto &t : p.terms) {
          // Fused loops are never region variables, so no pin names them.
          auto it = std::find_if(nest.begin(), nest.end(),
                                 [&](const Level &lv) { return lv.loop == t.var && !lv.inner; });
          if (it == nest.end())
            ok = false;
          else
            t.var = it->iter;
        }
    if (ok)
      visible.push_back(std::move(bi));
  }
  blk.buffers = std::move(visible);

  access_log.emplace_back();
  std::vector<Stmt> stmts;
  std::vector<ir::Buffer> allocs;
  // match_buffers are set up before anything runs: their regions see no alloc_buffer.
  // match_buffer: a region of a visible buffer, aliased ([sem.stmt.block.match_buffer]).
  std::vector<ir::MatchBufferRegion> matches;
  if (r_.percent(p_.chances.block_match_buffer)) {
    std::vector<size_t> srcs;
    for (size_t i = 0; i < blk.buffers.size(); ++i) {
      const auto &bi = blk.buffers[i];
      if (bi.initialized && !bi.dims.empty() && !bi.is_match && bi.buffer->dtype.lanes == 1 && true)
        srcs.push_back(i);
    }
    if (!srcs.empty()) {
      const BufferInfo src = blk.buffers[srcs[r_.below(srcs.size())]];
      ir::BufferRegion region;
      region.buffer = src.buffer;
      std::vector<Dim> dims;
      for (size_t k = 0; k < src.dims.size(); ++k) {
        const Dim &d = src.dims[k];
        PrimExpr min;
        int64_t ext;
        if (!src.pins[k].empty()) {
          // Inside this iteration's slice.
          const Pin &p = src.pins[k].back();
          ext = r_.range(1, p.width);
          Pin shifted = p;
          shifted.constant += r_.range(0, p.width - ext);
          min = affine(shifted);
        } else if (d.sym) {
          region.region.push_back(ir::Range{b::int_imm(d.extent->dtype, 0), d.extent, {}});
          dims.push_back(d);
          continue;
        } else {
          ext = r_.range(1, d.lo);
          min = index_for(const_dim(d.lo - ext + 1), 0, blk).e;
        }
        region.region.push_back(ir::Range{min, idx(ext), {}});
        dims.push_back(const_dim(ext));
      }
      // Leading unit dimensions may be left out of the matched buffer's shape.
      size_t drop = 0;
      while (drop + 1 < dims.size() && dims[drop].lo == 1 && dims[drop].hi == 1 &&
             r_.percent(p_.chances.match_buffer_drop_unit_dim))
        ++drop;
      dims.erase(dims.begin(), dims.begin() + static_cast<long>(drop));
      std::vector<PrimExpr> shape;
      for (const auto &d : dims)
        shape.push_back(d.extent);
      // [type.other.matchbuffer.scope] the matched buffer lives where its source does.
      const std::string name = fresh("M");
      ir::Buffer m = b::buffer(name, src.buffer->dtype, shape,
                               b::pointer_var(name, src.buffer->dtype, src.buffer->scope()));
      // offset_factor=1, as TVMScript's match_buffer writes it: elem_offset is a Var bound by
      // the match (its value is an implementation detail nothing here reads).
      auto mb = std::make_shared<ir::BufferNode>(*m);
      mb->elem_offset = ir::make_var("elem_offset", index_t);
      m = mb;
      matches.push_back(ir::MatchBufferRegion{m, region, {}});
      BufferInfo mi = fresh_buffer_info(m, dims, blk);
      mi.initialized = true;
      mi.writable = blk.can_write(src);
      mi.is_match = true;
      mi.region_of = src.buffer;
      mi.elem = src.elem;
      blk.buffers.push_back(std::move(mi));
    }
  }

  // alloc_buffers: private to each block instance, filled before anything reads them.
  if (style_lowered == false && r_.percent(p_.chances.block_alloc_buffer)) {
    std::vector<Dim> dims = scratch_shape();
    int64_t elems = 1;
    for (const auto &d : dims)
      elems *= d.hi;
    if (afford(blk.mult * static_cast<uint64_t>(elems))) {
      DataType t = pick_scalar_dtype(true);
      std::vector<PrimExpr> shape;
      for (const auto &d : dims)
        shape.push_back(d.extent);
      ir::Buffer buf = b::buffer(fresh("L"), t, shape);
      allocs.push_back(buf);
      blk.buffers.push_back(fresh_buffer_info(buf, dims, blk)); // [sem.stmt.block.alloc]
      stmts.push_back(fill(blk.buffers.back(), blk));
      blk.buffers.back().initialized = true;
    }
  }
  Stmt init;
  if (reduction) {
    // [sem.stmt.block.init] T[v] = init once per element, then T[v] = T[v] op f(...).
    const BufferInfo *tgt = nullptr;
    for (const auto &bi : blk.buffers)
      if (bi.buffer == target->buffer)
        tgt = &bi;
    if (!tgt) {
      access_log.pop_back();
      return nullptr;
    }
    std::vector<PrimExpr> at;
    for (size_t k = 0; k < tgt->dims.size(); ++k) {
      PrimExpr v = k < spatial ? PrimExpr(nest[k].iter) : idx(0);
      if (!tgt->pins[k].empty()) {
        const Pin &p = tgt->pins[k].back();
        PrimExpr base = affine(p);
        // A pin made by this stage's own loop already names the element; an enclosing region's
        // pin is a slice the iter var walks.
        const bool own = p.region >= c.regions;
        v = own || k >= spatial ? base : b::add(base, nest[k].iter);
      }
      at.push_back(v);
    }
    const DataType t = tgt->buffer->dtype;
    note_access(*tgt, true);
    // init runs before the body, so before the fill of the block's alloc_buffers.
    Ctx init_ctx = blk;
    for (auto &bi : init_ctx.buffers)
      if (std::find(allocs.begin(), allocs.end(), bi.buffer) != allocs.end())
        bi.initialized = false;
    init = b::store(tgt->buffer, expr(t, 1, init_ctx).e, at);
    TExpr cur{b::load(tgt->buffer, at), tgt->elem};
    TExpr f = expr(t, static_cast<int>(r_.range(1, p_.limits.expr_depth)), blk);
    PrimExpr upd;
    const ReductionOp op = ReductionOp(r_.pick(p_.reduction_op));
    if (op == ReductionOp::Add || (t.element_of().is_bool()))
      upd = b::add(cur.e, f.e);
    else if (op == ReductionOp::Mul)
      upd = b::mul(cur.e, f.e);
    else {
      if (t.is_floating()) {
        cur = clean_float(cur, blk);
        f = clean_float(f, blk);
      }
      upd = b::bin(op == ReductionOp::Max ? ExprKind::Max : ExprKind::Min, cur.e, f.e);
    }
    stmts.push_back(b::store(tgt->buffer, upd, at));
  } else {
    blk.depth++;
    stmts.push_back(body(blk, p_.limits.statements));
  }
  std::vector<Access> log = std::move(access_log.back());
  access_log.pop_back();
  // What the block touched is touched by the blocks around it as well.
  for (const auto &a : log)
    for (auto &outer : access_log) {
      bool seen = false;
      for (auto &o : outer)
        if (o.buffer == a.buffer)
          o.write |= a.write, seen = true;
      if (!seen)
        outer.push_back(a);
    }

  std::vector<ir::IterVar> ivs;
  std::vector<PrimExpr> values;
  for (const auto &lv : nest) {
    ivs.push_back(std::make_shared<ir::IterVarNode>(
        ir::IterVarNode{ir::Range{idx(0), lv.d.extent, {}},
                        lv.iter,
                        lv.reduce ? ir::IterVarType::CommReduce : ir::IterVarType::DataPar,
                        "",
                        {}}));
    values.push_back(lv.inner ? b::add(b::mul(lv.loop, idx(lv.inner_extent)), lv.inner)
                              : PrimExpr(lv.loop));
  }
  std::vector<ir::BufferRegion> reads = regions(log, c, false), writes = regions(log, c, true);
  auto block =
      std::make_shared<ir::BlockNode>(ivs, reads, writes, fresh("blk"), b::seq(std::move(stmts)),
                                      init, allocs, matches, ir::Annotations{});
  // [sem.stmt.blockrealize] with a predicate that always holds ([unspec.block_predicate_false]
  // cannot happen): a bound every loop variable respects.
  PrimExpr pred = b::int_imm(DataType::Bool(), 1);
  if (r_.percent(p_.chances.block_predicate) && !nest.front().d.sym && !nest.front().inner) {
    const Level &lv = nest.front();
    pred = b::lt(lv.loop, idx(lv.d.lo + static_cast<int64_t>(r_.below(3))));
  }
  used_blocks = true;
  Stmt s = std::make_shared<ir::BlockRealizeNode>(values, pred, block);
  for (size_t l = nest.size(); l-- > 0;) {
    const Level &lv = nest[l];
    ir::IterVar tb;
    if (lv.kind == ir::ForKind::ThreadBinding)
      tb = std::make_shared<ir::IterVarNode>(ir::IterVarNode{
          std::nullopt, ir::make_var("iter", index_t), ir::IterVarType::ThreadIndex, lv.tag, {}});
    if (lv.inner) {
      s = b::for_loop(lv.inner, idx(0), idx(lv.inner_extent), lv.kind, s);
      s = b::for_loop(lv.loop, idx(0), idx(lv.d.lo / lv.inner_extent), lv.kind, s);
      continue;
    }
    s = b::for_loop(lv.loop, idx(0), lv.d.extent, lv.kind, s, tb);
  }
  return s;
}

Stmt FuncGen::fill_block(const BufferInfo &target, const Ctx &c) {
  // Every element written once, by the block instance its iter vars name; the value reads only
  // iter vars, parameters and readable buffers (the target is not yet readable).
  charge(c.mult * static_cast<uint64_t>(target.max_elements()));
  Ctx blk = c;
  blk.depth++;
  blk.in_block = true;
  blk.may_return = false;
  blk.scalars = func_scalars;
  std::vector<ir::Var> loops;
  std::vector<ir::IterVar> ivs;
  std::vector<PrimExpr> at;
  for (const auto &dim : target.dims) {
    const Dim d = as_extent(dim);
    ir::Var loop = ir::make_var(fresh("f"), index_t), iter = ir::make_var(fresh("v"), index_t);
    blk.scalars.push_back({iter, Facts::of_int(0, d.hi - 1), d.sym});
    blk.mult *= static_cast<uint64_t>(d.hi);
    loops.push_back(loop);
    at.push_back(iter);
    ivs.push_back(std::make_shared<ir::IterVarNode>(
        ir::IterVarNode{ir::Range{idx(0), d.extent, {}}, iter, ir::IterVarType::DataPar, "", {}}));
  }
  access_log.emplace_back();
  TExpr v = expr(target.buffer->dtype, static_cast<int>(r_.range(0, p_.limits.expr_depth)), blk);
  note_access(target, true);
  std::vector<Access> log = std::move(access_log.back());
  access_log.pop_back();
  for (const auto &a : log)
    for (auto &outer : access_log) {
      bool seen = false;
      for (auto &o : outer)
        if (o.buffer == a.buffer)
          o.write |= a.write, seen = true;
      if (!seen)
        outer.push_back(a);
    }
  std::vector<ir::BufferRegion> reads;
  for (auto &r : regions(log, c, false))
    if (r.buffer != target.buffer) // written here, never read
      reads.push_back(std::move(r));
  auto block = std::make_shared<ir::BlockNode>(
      ivs, reads, regions(log, c, true), fresh("blk"), b::store(target.buffer, v.e, at), nullptr,
      std::vector<ir::Buffer>{}, std::vector<ir::MatchBufferRegion>{}, ir::Annotations{});
  used_blocks = true;
  Stmt s = std::make_shared<ir::BlockRealizeNode>(std::vector<PrimExpr>(loops.begin(), loops.end()),
                                                  b::int_imm(DataType::Bool(), 1), block);
  for (size_t k = loops.size(); k-- > 0;)
    s = b::for_loop(loops[k], idx(0), as_extent(target.dims[k]).extent, ir::ForKind::Serial, s);
  return s;
}

} // namespace tirconf::gen
