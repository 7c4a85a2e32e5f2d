// Binding checks as data (binding.h): building them from a PrimFunc's buffer params
// (spec/rules/invocation.yaml) and running them on the host.
#include "backends/llvm/binding.h"

#include <dlpack/dlpack.h>

#include "backends/llvm/lowering.h"
#include "ir/visitor.h"
#include "runtime/ndarray.h"

namespace tirconf::backends::llvm_jit {

using ir::DataType;
using runtime::ErrorClass;
using Field = BindingCheck::Field;
using Compare = BindingCheck::Compare;

int BoundVars::slot(const ir::VarNode *v) const {
  auto it = slots_.find(v);
  return it == slots_.end() ? -1 : it->second;
}

bool BoundVars::all_bound(const ir::PrimExpr &e) const {
  struct Walk : ir::IRVisitor {
    const BoundVars &bound;
    bool ok = true;
    explicit Walk(const BoundVars &b) : bound(b) {}
    void VisitExpr_(const ir::VarNode *op) override {
      if (!bound.contains(op))
        ok = false;
    }
  } w(*this);
  w.VisitExpr(e);
  return w.ok;
}

namespace {

// The range of an integer type as i64 bounds: whether a 64-bit extent fits a Var of type t.
std::pair<int64_t, int64_t> int_range(DataType t) {
  if (t.bits >= 64)
    return {t.is_int() ? INT64_MIN : 0, INT64_MAX};
  if (t.is_int())
    return {-(int64_t{1} << (t.bits - 1)), (int64_t{1} << (t.bits - 1)) - 1};
  return {0, (int64_t{1} << t.bits) - 1};
}

BindingCheck check(FieldRef from, Compare compare, int site) {
  BindingCheck c;
  c.field = from.field;
  c.compare = compare;
  c.param = from.param;
  c.k = from.k;
  c.elem_bytes = from.elem_bytes;
  c.site = site;
  return c;
}

} // namespace

BindingCheck field_check(const ir::PrimExpr &field, FieldRef from, BoundVars &bound,
                         const std::string &what, const char *rule, ir::SourceLoc loc,
                         const SiteAdder &add_site) {
  if (!field)
    return check(
        from, Compare::Equal,
        add_site(ErrorClass::Binding, rule, loc, what + " is {a} but the buffer requires 0"));
  auto *v = ir::as<ir::VarNode>(field);
  if (v && !bound.contains(v)) {
    // A fresh Var takes the value, if its dtype can hold it.
    if (!v->dtype.is_integer() || v->dtype.lanes != 1)
      throw LoweringError("buffer field Var " + v->name_hint + " is not an integer scalar");
    BindingCheck c = check(from, Compare::Fits,
                           add_site(ErrorClass::Binding, rule, loc,
                                    what + " is {a}, which does not fit " + v->name_hint + " (" +
                                        ir::to_string(v->dtype) + ")"));
    std::tie(c.lo, c.hi) = int_range(v->dtype);
    c.u64 = v->dtype.bits == 64 && v->dtype.is_uint();
    c.expr = field;
    c.var = v;
    c.slot = bound.next_slot++;
    bound.add(v, c.slot);
    return c;
  }
  if (!bound.all_bound(field))
    return check(FieldRef{Field::None, from.param}, Compare::Fail,
                 add_site(ErrorClass::Binding, rule, loc,
                          what + " cannot be bound: it is an expression of unbound variables"));
  const int site =
      add_site(ErrorClass::Binding, rule, loc, what + " is {a} but the buffer requires {b}");
  if (auto *imm = ir::as<ir::IntImmNode>(field)) {
    BindingCheck c = check(from, Compare::Equal, site);
    c.value = imm->value;
    return c;
  }
  // A bound Var the host keeps (an integer scalar) is compared there; anything else is an
  // expression for generated code.
  const int slot = v ? bound.slot(v) : -1;
  BindingCheck c = check(from, slot >= 0 ? Compare::EqualVar : Compare::EqualExpr, site);
  c.expr = field;
  c.var = v;
  c.slot = slot;
  return c;
}

EntryBinding plan_entry_binding(const ir::PrimFuncNode &f, const SiteAdder &add_site) {
  EntryBinding out;
  BoundVars bound;
  // [bind.order] scalar params first ([sem.stmt.primfunc.params]); the host keeps the integer
  // ones, which buffer fields may name.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    if (f.buffer_for(p))
      continue;
    if (p->dtype.is_integer() && p->dtype.lanes == 1) {
      out.scalar_slots.push_back({static_cast<uint32_t>(i), bound.next_slot});
      bound.add(p.get(), bound.next_slot++);
    } else {
      bound.add(p.get());
    }
  }
  // Then buffers in param order, each from its DLTensor ([bind.buffer_param]).
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    ir::Buffer buf = f.buffer_for(p);
    if (!buf)
      continue;
    const uint32_t param = static_cast<uint32_t>(i);
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const ir::SourceLoc loc = buf->loc.known() ? buf->loc : f.loc;
    auto add = [&](BindingCheck c) { out.checks.push_back(std::move(c)); };
    auto fixed = [&](Field field, Compare compare, int64_t value, int site) {
      BindingCheck c = check({field, param}, compare, site);
      c.value = value;
      add(c);
    };
    bound.add(p.get());
    if (buf->data)
      bound.add(buf->data.get());
    // [bind.dtype]
    auto want = runtime::to_dl_datatype(buf->dtype);
    if (!want)
      throw UnsupportedError("a buffer parameter of dtype " + ir::to_string(buf->dtype), loc);
    const uint64_t packed =
        uint64_t{want->code} | (uint64_t{want->bits} << 8) | (uint64_t{want->lanes} << 16);
    fixed(
        Field::DType, Compare::Equal, static_cast<int64_t>(packed),
        add_site(ErrorClass::Binding, "bind.dtype", loc,
                 arg + "dtype is {dtype:a} but the buffer requires " + ir::to_string(buf->dtype)));
    // [bind.ndim]
    const size_t n = buf->shape.size();
    fixed(Field::NDim, Compare::Equal, static_cast<int64_t>(n),
          add_site(ErrorClass::Binding, "bind.ndim", loc,
                   arg + "ndim is {a} but the buffer requires " + std::to_string(n)));
    // [bind.shape] [bind.shape_var]
    for (size_t k = 0; k < n; ++k) {
      auto *v = ir::as<ir::VarNode>(buf->shape[k]);
      add(field_check(buf->shape[k], {Field::Shape, param, static_cast<uint32_t>(k)}, bound,
                      arg + "shape[" + std::to_string(k) + "]",
                      v && bound.contains(v) ? "bind.shape_var" : "bind.shape", loc, add_site));
    }
    // [bind.strides] [bind.strides_compact]: the tensor's strides when it has them, else the
    // compact row-major ones of its shape.
    if (buf->strides.empty()) {
      if (n > 0)
        fixed(Field::HasStrides, Compare::Equal, 0,
              add_site(ErrorClass::Binding, "bind.strides", loc,
                       arg + "has " + std::to_string(n) + " strides but the buffer declares 0"));
    } else if (buf->strides.size() != n) {
      fixed(Field::None, Compare::Fail, 0,
            add_site(ErrorClass::Binding, "bind.strides", loc,
                     arg + "has " + std::to_string(n) + " dimensions but the buffer declares " +
                         std::to_string(buf->strides.size()) + " strides"));
    } else {
      for (size_t k = 0; k < n; ++k)
        add(field_check(buf->strides[k], {Field::Stride, param, static_cast<uint32_t>(k)}, bound,
                        arg + "strides[" + std::to_string(k) + "]", "bind.strides", loc, add_site));
    }
    // [bind.byte_offset] [bind.elem_offset]
    const int64_t size = buf->dtype.bytes();
    fixed(Field::ByteOffset, Compare::MultipleOf, size,
          add_site(ErrorClass::Binding, "bind.byte_offset", loc,
                   arg + "byte_offset {a} is not a multiple of the element size " +
                       std::to_string(size)));
    add(field_check(buf->elem_offset, {Field::ElemOffset, param, 0, size}, bound,
                    arg + "elem_offset", "bind.elem_offset", loc, add_site));
  }
  out.slots = bound.next_slot;
  out.host_runs = true;
  for (const auto &c : out.checks)
    if (c.compare == Compare::EqualExpr)
      out.host_runs = false;
  return out;
}

namespace {

// The field a check reads from a DLTensor. Arithmetic wraps, as the generated code's does.
int64_t read_field(const BindingCheck &c, const DLTensor &t) {
  switch (c.field) {
  case Field::DType:
    return int64_t{t.dtype.code} | (int64_t{t.dtype.bits} << 8) | (int64_t{t.dtype.lanes} << 16);
  case Field::NDim:
    return t.ndim;
  case Field::HasStrides:
    return t.strides ? 1 : 0;
  case Field::Shape:
    return t.shape[c.k];
  case Field::Stride: {
    if (t.strides)
      return t.strides[c.k];
    uint64_t compact = 1;
    for (int j = static_cast<int>(c.k) + 1; j < t.ndim; ++j)
      compact *= static_cast<uint64_t>(t.shape[j]);
    return static_cast<int64_t>(compact);
  }
  case Field::ByteOffset:
    return static_cast<int64_t>(t.byte_offset);
  case Field::ElemOffset:
    return static_cast<int64_t>(t.byte_offset / static_cast<uint64_t>(c.elem_bytes));
  case Field::None:
    return 0;
  }
  return 0;
}

} // namespace

std::optional<BindingFailure> run_on_host(const EntryBinding &b,
                                          std::span<const runtime::Argument> args) {
  std::vector<int64_t> slots(static_cast<size_t>(b.slots), 0);
  // A scalar's lane bits extended to 64 by its dtype, as the generated code's index() does.
  for (const auto &[param, slot] : b.scalar_slots) {
    const runtime::Value &v = std::get<runtime::Value>(args[param]);
    const int bits = v.dtype().bits;
    uint64_t x = v.bits(0);
    if (bits < 64) {
      x &= (uint64_t{1} << bits) - 1;
      if (v.dtype().is_int() && (x >> (bits - 1)) != 0)
        x |= ~uint64_t{0} << bits;
    }
    slots[static_cast<size_t>(slot)] = static_cast<int64_t>(x);
  }
  // Checks run in order and the first that fails ends the binding, so a field is read only
  // once the checks it depends on passed (shape[k] after ndim).
  for (const BindingCheck &c : b.checks) {
    const DLTensor &t = *(*std::get_if<runtime::NDArray *>(&args[c.param]))->dltensor();
    const int64_t actual = read_field(c, t);
    auto fail = [&](int64_t detail_b) { return BindingFailure{c.site, {actual, detail_b}}; };
    switch (c.compare) {
    case Compare::Equal:
      if (actual != c.value)
        return fail(c.value);
      break;
    case Compare::EqualVar: {
      const int64_t want = slots[static_cast<size_t>(c.slot)];
      if (actual != want)
        return fail(want);
      break;
    }
    case Compare::Fits:
      if (c.u64 ? actual < 0 : (actual < c.lo || actual > c.hi))
        return fail(0);
      slots[static_cast<size_t>(c.slot)] = actual;
      break;
    case Compare::MultipleOf:
      if (static_cast<uint64_t>(actual) % static_cast<uint64_t>(c.value) != 0)
        return fail(0);
      break;
    case Compare::Fail:
      return fail(0);
    case Compare::EqualExpr: // never in a list the host runs
      throw LoweringError("the host cannot compare a buffer field with an expression");
    }
  }
  return std::nullopt;
}

} // namespace tirconf::backends::llvm_jit
