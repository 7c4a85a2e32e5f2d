// Buffer accesses whose indices are inside the buffer by construction ([unspec.oob] cannot
// happen): loop variables whose range fits the dimension, small offsets of them, constants, or
// any integer expression wrapped with FloorMod by the extent. In a parallel region the index of a
// pinned dimension stays inside this iteration's slice (context.h), so no two iterations touch
// one element ([unspec.conflict.parallel] [unspec.conflict.vectorized] [unspec.conflict.thread]).
#include "generators/build.h"
#include "generators/func_gen.h"

namespace tirconf::gen {

using ir::DataType;
using ir::ExprKind;
using ir::PrimExpr;
namespace b = build;

PrimExpr FuncGen::affine(const Pin &p) const {
  PrimExpr e;
  for (const auto &t : p.terms) {
    PrimExpr term = t.coef == 1 ? PrimExpr(t.var) : b::mul(t.var, idx(t.coef));
    e = e ? b::add(e, term) : term;
  }
  if (!e)
    return idx(p.constant);
  if (p.constant > 0)
    return b::add(e, idx(p.constant));
  if (p.constant < 0)
    return b::sub(e, idx(-p.constant));
  return e;
}

TExpr FuncGen::index_for(const Dim &d, int64_t reserve, const Ctx &c) {
  // Values allowed: [0, hi] with hi = d.lo - 1 - reserve (symbolic: below the shape Var).
  const i128 hi = d.lo - 1 - reserve;
  std::vector<const ScalarInfo *> fitting;
  for (const auto &s : c.scalars) {
    if (s.var->dtype != index_t)
      continue;
    if (s.facts.within(0, hi) || (reserve == 0 && d.sym && s.below == d.sym && s.facts.lo >= 0))
      fitting.push_back(&s);
  }
  const IndexSource way = IndexSource(r_.pick(p_.index_source));
  if (!fitting.empty() && (way == IndexSource::Variable || way == IndexSource::VariablePlusOne)) {
    const ScalarInfo *s = fitting[r_.below(fitting.size())];
    // i + k still fits when i's range leaves room (stencil-style neighbours).
    if (way == IndexSource::VariablePlusOne && s->facts.hi + 1 <= hi && !s->below)
      return {b::add(s->var, idx(1)), int_add(index_t, s->facts, Facts::exact(1))};
    return {s->var, s->facts};
  }
  if (way != IndexSource::Wrapped && hi >= 0) {
    int64_t v = static_cast<int64_t>(r_.range(0, static_cast<int64_t>(std::min<i128>(hi, 64))));
    return {idx(v), Facts::exact(v)};
  }
  // Anything, wrapped: floormod(e, m) is in [0, m) for m >= 1 ([sem.expr.floormod]).
  TExpr e = expr(index_t, 1, c);
  if (e.f.within(0, hi))
    return e;
  if (reserve == 0 && d.sym)
    return {b::bin(ExprKind::FloorMod, e.e, d.extent), Facts::of_int(0, d.hi - 1)};
  if (hi < 0)
    return {idx(0), Facts::exact(0)};
  if (r_.percent(p_.chances.index_clamp)) {
    // A clamp, as TVM's bound-checking code writes it: min(max(e, 0), hi).
    PrimExpr cl =
        b::bin(ExprKind::Min, b::bin(ExprKind::Max, e.e, idx(0)), idx(static_cast<int64_t>(hi)));
    return {cl, Facts::of_int(0, hi)};
  }
  return {b::bin(ExprKind::FloorMod, e.e, idx(static_cast<int64_t>(hi + 1))), Facts::of_int(0, hi)};
}

bool FuncGen::access(const BufferInfo &buf, int lanes, const Ctx &c, std::vector<PrimExpr> &out) {
  out.clear();
  const size_t n = buf.dims.size();
  if (n == 0)
    return lanes == 1; // [sem.expr.bufferload.nullary] [sem.stmt.bufferstore.nullary]
  for (size_t k = 0; k < n; ++k) {
    const Dim &d = buf.dims[k];
    const bool vector_here = k + 1 == n && lanes > 1;
    const Pin *pin = buf.pins[k].empty() ? nullptr : &buf.pins[k].back();
    if (pin) {
      // Inside this iteration's slice [base, base + width).
      PrimExpr base = affine(*pin);
      const int64_t room = pin->width - (vector_here ? lanes : 1);
      if (room < 0)
        return false;
      PrimExpr at = base;
      if (room > 0) {
        TExpr off = index_for(Dim{idx(room + 1), room + 1, room + 1, nullptr}, 0, c);
        if (!(ir::as<ir::IntImmNode>(off.e) && ir::as<ir::IntImmNode>(off.e)->value == 0))
          at = b::add(base, off.e);
      }
      out.push_back(vector_here ? b::ramp(at, idx(1), lanes) : at);
      continue;
    }
    if (!vector_here) {
      out.push_back(index_for(d, 0, c).e);
      continue;
    }
    // [sem.expr.bufferload.vector] [sem.stmt.bufferstore.vector] a Ramp over the last dimension.
    if (d.sym)
      return false;
    int64_t stride = r_.percent(p_.chances.ramp_stride_one) ? 1 : 2;
    if ((lanes - 1) * stride >= d.lo)
      stride = 1;
    if ((lanes - 1) * stride >= d.lo)
      return false;
    TExpr base = index_for(d, (lanes - 1) * stride, c);
    out.push_back(b::ramp(base.e, idx(stride), lanes));
  }
  return true;
}

TExpr FuncGen::load(DataType t, const Ctx &c) {
  // [sem.expr.bufferload] an element of a readable buffer of t's element type; a vector t reads
  // consecutive elements or, for a vector-dtype buffer, whole elements.
  std::vector<const BufferInfo *> cands;
  for (const auto &bi : c.buffers) {
    const DataType bt = bi.buffer->dtype;
    if (!c.can_read(bi) || bt.code != t.code || bt.bits != t.bits || t.lanes % bt.lanes != 0)
      continue;
    if (t.lanes / bt.lanes > 1 && bi.dims.empty())
      continue;
    cands.push_back(&bi);
  }
  if (cands.empty())
    return {};
  const BufferInfo &bi = *cands[r_.below(cands.size())];
  note_access(bi, false);
  const int index_lanes = t.lanes / bi.buffer->dtype.lanes;
  std::vector<PrimExpr> idx;
  if (!access(bi, index_lanes, c, idx)) {
    if (index_lanes == 1 || bi.buffer->dtype.lanes != 1 || !access(bi, 1, c, idx))
      return {};
    // A scalar element broadcast to the lanes asked for.
    return {b::broadcast(b::load(bi.buffer, idx), t.lanes), bi.elem};
  }
  return {b::load(bi.buffer, idx), bi.elem};
}

} // namespace tirconf::gen
