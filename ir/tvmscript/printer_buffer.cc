// Buffers (TVM's tir/buffer.cc): the arguments of a buffer declaration (T.Buffer,
// T.match_buffer, T.alloc_buffer, T.decl_buffer), which Vars a buffer defines inline
// (`A.data`, `A.strides[0]`), and buffer indices and regions.
#include "ir/tvmscript/printer_internal.h"
#include "ir/tvmscript/printer_literals.h"

namespace tirconf::ir::printer {

Printer::BufferAttrs Printer::buffer_attrs(const Buffer &b, Frame &frame, VarDef mode) {
  BufferAttrs r;
  std::vector<std::string> def_lhs, def_rhs;
  std::unordered_map<const VarNode *, int> use_count;
  auto count = [&](const PrimExpr &e) {
    uses_var(e, [&](const VarNode *v) {
      ++use_count[v];
      return false;
    });
  };
  if (b->elem_offset)
    count(b->elem_offset);
  if (b->data)
    count(b->data);
  for (const auto &e : b->strides)
    count(e);
  for (const auto &e : b->shape)
    count(e);
  auto new_var = [&](const PrimExpr &e) -> const VarNode * {
    auto *v = as<VarNode>(e);
    return v && !defined(v) ? v : nullptr;
  };
  auto out_of_line = [&](const VarNode *v) {
    // Deviation: TVM declares it in `frame` even when it is used outside (a match_buffer shape
    // Var used after the block); it goes where all its uses are.
    Frame &f = outer(frame, lowest_def_frame(v, SameStmt::Outer));
    if (&f != &frame) {
      std::string name = define_var(v, f);
      f.stmts.push_back(line(name + " = " + var_creation(v, name)));
      return;
    }
    def_lhs.push_back(define_var(v, frame));
    def_rhs.push_back(var_creation(v, def_lhs.back()));
  };
  auto try_inline = [&](const VarNode *v, std::string suffix) {
    if (use_count[v] == 1) {
      define_inline(v, frame, b, std::move(suffix));
      return true;
    }
    out_of_line(v);
    return false;
  };
  // Step 1: shape; a new Var in it is declared on its own line first.
  std::vector<std::string> shape;
  for (const auto &e : b->shape) {
    if (auto *v = new_var(e))
      out_of_line(v);
    shape.push_back(expr(e));
  }
  r.shape = tuple_text(shape);
  // Step 2: dtype; float32 is the default.
  if (b->dtype != DataType::Float(32))
    r.dtype = dtype_literal(b->dtype);
  // Step 3: data; a buffer that defines its storage prints no data=.
  bool inline_data = false;
  if (auto *v = new_var(b->data)) {
    if (mode >= VarDef::DataPointer)
      inline_data = try_inline(v, ".data");
    else
      out_of_line(v);
  }
  KwargScope kwargs(this); // everything below is a keyword argument
  if (!inline_data)
    r.kwargs.push_back({"data", expr(b->data)});
  // Step 4: strides; a new Var used once is defined by the buffer and printed as its name.
  if (!b->strides.empty()) {
    std::vector<std::string> strides;
    for (size_t i = 0; i < b->strides.size(); ++i) {
      const PrimExpr &e = b->strides[i];
      if (auto *v = new_var(e)) {
        if (try_inline(v, ".strides[" + std::to_string(i) + "]")) {
          strides.push_back(python_str_literal(v->name_hint));
          continue;
        }
      }
      strides.push_back(expr(e));
    }
    r.kwargs.push_back({"strides", tuple_text(strides)});
  }
  // Step 5: elem_offset; a new Var is defined by the buffer and needs offset_factor.
  bool needs_factor = false;
  if (auto *i = as<IntImmNode>(b->elem_offset)) {
    if (i->value != 0)
      r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
  } else if (auto *v = new_var(b->elem_offset)) {
    // Deviation: when the Var also appears elsewhere in the buffer, TVM declares it but prints
    // no elem_offset=, so it would not read back; it is printed here.
    if (!try_inline(v, ".elem_offset"))
      r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
    needs_factor = true;
  } else if (b->elem_offset) {
    r.kwargs.push_back({"elem_offset", expr(b->elem_offset)});
  }
  // Steps 6-10: scope, align, offset_factor, buffer_type, axis_separators.
  if (!is_global_scope(b->scope()))
    r.kwargs.push_back({"scope", python_str_literal(b->scope())});
  if (b->data_alignment != 64)
    r.kwargs.push_back({"align", std::to_string(b->data_alignment)});
  if (needs_factor || b->offset_factor != 1)
    r.kwargs.push_back({"offset_factor", std::to_string(b->offset_factor)});
  if (b->buffer_type != BufferType::Default)
    r.kwargs.push_back({"buffer_type", "\"auto\""});
  if (!b->axis_separators.empty()) {
    std::vector<std::string> s;
    for (const auto &e : b->axis_separators)
      s.push_back(expr(e));
    r.kwargs.push_back({"axis_separators", list_text(s)});
  }
  if (def_lhs.size() == 1)
    frame.stmts.push_back(line(def_lhs[0] + " = " + def_rhs[0]));
  else if (def_lhs.size() > 1)
    frame.stmts.push_back(line(join(def_lhs) + " = " + join(def_rhs)));
  return r;
}

// A Buffer used where nothing declared it gets `X = T.Buffer(...)` in the innermost frame that
// covers all its uses (for example right after the T.allocate of its storage).
std::string Printer::buffer_doc(const Buffer &b) {
  if (!b)
    return "None";
  if (standalone_)
    return b->name;
  if (!defined(b.get())) {
    Frame &f = lowest_def_frame(b.get(), SameStmt::Inner);
    std::string lhs = define_buffer(b.get(), f);
    std::string rhs = buffer_decl(b, "Buffer", {}, f, VarDef::DataPointer);
    f.stmts.push_back(line(lhs + " = " + rhs));
  }
  return doc_of(b.get());
}

namespace {

// A Cast or a Call, which TVM's simplifier may fold to a constant out of its dtype's range.
bool has_cast_or_call(const PrimExpr &e) {
  struct Finder : IRVisitor {
    bool found = false;
    void VisitExpr_(const CastNode *) override { found = true; }
    void VisitExpr_(const CallNode *) override { found = true; }
  } f;
  f.VisitExpr(e);
  return f.found;
}

} // namespace

// A constant start whose stop (start + lanes * stride) leaves the index dtype's range would
// print as a wrapped-around stop, a slice of no elements: such a Ramp prints as T.Ramp.
static bool constant_stop_fits(const RampNode &r, int64_t stride) {
  const auto *base = as<IntImmNode>(r.base);
  if (!base || !r.base->dtype.is_int())
    return true;
  const int bits = r.base->dtype.bits;
  const __int128 stop =
      static_cast<__int128>(base->value) + static_cast<__int128>(r.lanes) * stride;
  const __int128 max = (static_cast<__int128>(1) << (bits - 1)) - 1;
  return stop <= max;
}

// BufferIndices: a Ramp index with a constant stride prints as a slice.
// Deviation: TVM reads a slice through Buffer.__getitem__, which takes the lanes from
// `analyzer.simplify((stop - start + step - 1) // step)`: wrong for a negative step (A[7:3:-1]
// has 6 lanes there), and an error where the simplifier folds a narrowing Cast or a shift of
// constants out of the target's range; in a keyword argument a slice without a step is a
// BufferRegion. These Ramps print as `A[T.Ramp(base, stride, lanes)]`, which both parsers read
// as the Ramp.
std::vector<std::string> Printer::buffer_indices(const std::vector<PrimExpr> &indices) {
  std::vector<std::string> out;
  for (const auto &e : indices) {
    if (auto *r = as<RampNode>(e)) {
      auto *s = as<IntImmNode>(r->stride);
      if (s && s->value > 0 && !in_kwarg() && !has_cast_or_call(r->base) &&
          constant_stop_fits(*r, s->value)) {
        std::string start = expr(r->base);
        std::string stop = expr(tvm_add(r->base, tvm_mul(make_int32(r->lanes), r->stride)));
        std::string text = start + ":" + stop;
        if (s->value != 1)
          text += ":" + expr(r->stride);
        out.push_back(text);
        continue;
      }
    }
    out.push_back(expr(e));
  }
  return out;
}

// BufferSlices: an extent of one prints as the index alone.
std::string Printer::region_doc(const BufferRegion &r) {
  std::string buf = buffer_doc(r.buffer);
  std::vector<std::string> idx;
  for (const Range &rg : r.region) {
    std::string mn = expr(rg.min);
    if (!rg.extent || is_one(rg.extent))
      idx.push_back(mn);
    else
      idx.push_back(mn + ":" + expr(range_end(rg.min, rg.extent)));
  }
  return index_text(buf, idx);
}

std::string Printer::buffer_decl(const Buffer &b, std::string_view method,
                                 std::vector<std::string> args, Frame &frame, VarDef mode) {
  BufferAttrs a = buffer_attrs(b, frame, mode);
  args.push_back(a.shape);
  if (a.dtype)
    args.push_back(*a.dtype);
  return call_text("T." + std::string(method), args, a.kwargs);
}

std::string Printer::index_text(const std::string &buf, const std::vector<std::string> &idx) {
  return buf + (idx.empty() ? "[()]" : "[" + join(idx) + "]");
}

} // namespace tirconf::ir::printer
