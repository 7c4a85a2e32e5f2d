// PrimFunc invocation and DLTensor binding; see invoke.h for the two kinds of caller.
#include "oracle/eval/invoke.h"

#include <cstring>
#include <optional>

#include "oracle/eval/exec_stmt.h"
#include "oracle/eval/trap.h"
#include "oracle/numeric/integer.h"

namespace tirconf::oracle::eval {

using ir::DataType;
using runtime::ErrorClass;
using runtime::HandleValue;
using runtime::Value;

namespace {

// What a buffer param is bound from: a DLTensor (entry) or a handle (call).
struct Source {
  DataType dtype;
  bool shape_known = false;
  std::vector<int64_t> shape;
  std::optional<std::vector<int64_t>> strides; // null strides: compact
  int64_t byte_offset = 0;                     // DLTensor byte_offset
  Allocation *alloc = nullptr;                 // call: the handle's allocation
  int64_t handle_byte_offset = 0;              // call: the handle's offset
  runtime::NDArray *tensor = nullptr;          // entry
};

struct Bound {
  size_t param; // index in the function's params
  int slot;     // the buffer's slot
  const ir::BufferNode *buffer;
  Source src;
  View view; // alloc filled in later for tensors
};

class Binder {
public:
  Binder(Machine &m, Frame &f, ir::SourceLoc loc) : m(m), f(f), loc(loc) {}

  [[noreturn]] void fail(const std::string &arg, const std::string &what, const char *rule) {
    m.hit(rule);
    trap_error(ErrorClass::Binding, "argument " + arg + ": " + what, rule, m.where(loc));
  }

  // One field of the buffer against the value the argument has there (bind.shape & co.): `e`
  // is the field as written (null: none), `code` its compiled form, `var` its slot when it is a
  // bare Var, `deps` the slots of its Vars.
  void bind_field(const std::string &arg, const ir::PrimExpr &e, const CExpr *code, int var,
                  const std::vector<int> &deps, int64_t actual, const std::string &field,
                  const char *imm_rule, const char *var_rule) {
    if (!e) {
      if (actual != 0)
        fail(arg, field + " is " + std::to_string(actual) + " but the buffer requires 0", imm_rule);
      return;
    }
    if (var >= 0 && !f.bound(var)) {
      m.hit(imm_rule);
      const ir::VarNode *v = f.plan.vars[static_cast<size_t>(var)].var;
      if (!fits(v->dtype, actual))
        fail(arg,
             field + " is " + std::to_string(actual) + ", which does not fit " + v->name_hint +
                 " (" + ir::to_string(v->dtype) + ")",
             imm_rule);
      f.set_int(var, actual);
      return;
    }
    const char *rule = ir::as<ir::IntImmNode>(e) ? imm_rule : var_rule;
    if (!f.all_bound(deps))
      fail(arg, field + " cannot be bound: it is an expression of unbound variables", rule);
    m.hit(rule);
    const int64_t want = eval_int(f, *code);
    if (want != actual)
      fail(arg,
           field + " is " + std::to_string(actual) + " but the buffer requires " +
               std::to_string(want),
           rule);
  }

  // Checks and binds one buffer param (spec 2.4, in TVM's order: dtype, ndim, shape, strides,
  // byte_offset / elem_offset); returns its view, without the allocation for a tensor.
  View bind_buffer(const std::string &arg, int slot, const Source &s) {
    const BufferPlan &bp = f.plan.buffers[static_cast<size_t>(slot)];
    const ir::BufferNode *b = bp.buffer;
    m.hit("bind.buffer_param");
    // [bind.dtype]
    m.hit("bind.dtype");
    if (s.dtype != b->dtype)
      fail(arg,
           "dtype is " + ir::to_string(s.dtype) + " but the buffer requires " +
               ir::to_string(b->dtype),
           "bind.dtype");
    View v;
    v.dtype = b->dtype;
    // [bind.ndim] [bind.shape] [bind.shape_var]
    if (s.shape_known) {
      m.hit("bind.ndim");
      if (s.shape.size() != b->shape.size())
        fail(arg,
             "ndim is " + std::to_string(s.shape.size()) + " but the buffer requires " +
                 std::to_string(b->shape.size()),
             "bind.ndim");
      for (size_t i = 0; i < b->shape.size(); ++i)
        bind_field(arg, b->shape[i], bp.shape[i].get(), bp.shape_vars[i], bp.shape_deps[i],
                   s.shape[i], "shape[" + std::to_string(i) + "]", "bind.shape", "bind.shape_var");
      v.shape = s.shape;
    } else {
      m.hit("bind.shape");
      for (size_t i = 0; i < b->shape.size(); ++i) {
        if (!f.all_bound(bp.shape_deps[i]))
          fail(arg, "shape[" + std::to_string(i) + "] cannot be bound from a handle argument",
               "bind.shape");
        v.shape.push_back(eval_int(f, *bp.shape[i]));
      }
    }
    // [bind.strides] [bind.strides_compact]
    const std::vector<int64_t> compact = compact_strides(v.shape);
    if (s.strides) {
      m.hit("bind.strides");
      if (b->strides.size() != s.strides->size())
        fail(arg,
             "has " + std::to_string(s.strides->size()) + " strides but the buffer declares " +
                 std::to_string(b->strides.size()),
             "bind.strides");
      for (size_t i = 0; i < b->strides.size(); ++i)
        bind_field(arg, b->strides[i], bp.strides[i].get(), bp.stride_vars[i], bp.stride_deps[i],
                   (*s.strides)[i], "strides[" + std::to_string(i) + "]", "bind.strides",
                   "bind.strides");
      v.strides = *s.strides;
    } else {
      m.hit("bind.strides_compact");
      if (!b->strides.empty() && b->strides.size() != v.shape.size())
        fail(arg,
             "is compact but the buffer declares " + std::to_string(b->strides.size()) +
                 " strides for " + std::to_string(v.shape.size()) + " dimensions",
             "bind.strides_compact");
      for (size_t i = 0; i < b->strides.size(); ++i)
        bind_field(arg, b->strides[i], bp.strides[i].get(), bp.stride_vars[i], bp.stride_deps[i],
                   compact[i], "strides[" + std::to_string(i) + "] (compact)",
                   "bind.strides_compact", "bind.strides_compact");
      v.strides = compact;
    }
    // [bind.byte_offset] [bind.elem_offset]
    const int64_t size = b->dtype.bytes();
    const int64_t unit = b->dtype.element_of().bytes();
    const int64_t offset = s.tensor ? s.byte_offset : s.handle_byte_offset;
    m.hit("bind.byte_offset");
    if (size <= 0 || unit <= 0 || offset % (s.tensor ? size : unit) != 0)
      fail(arg,
           std::string(s.tensor ? "byte_offset " : "handle offset ") + std::to_string(offset) +
               " is not a multiple of the element size " + std::to_string(s.tensor ? size : unit),
           "bind.byte_offset");
    m.hit("bind.elem_offset");
    bind_field(arg, b->elem_offset, bp.elem_offset.get(), bp.elem_offset_var, bp.elem_offset_deps,
               s.tensor ? offset / size : 0, "elem_offset", "bind.elem_offset", "bind.elem_offset");
    v.base = offset / unit;
    v.alloc = s.alloc;
    return v;
  }

  Machine &m;
  Frame &f;
  ir::SourceLoc loc;
};

// [bind.noalias] [unspec.dltensor_alias]
[[noreturn]] void alias(Machine &m, const std::string &a, const std::string &b, ir::SourceLoc loc) {
  m.hit("bind.noalias");
  m.hit("unspec.dltensor_alias");
  trap_unspecified(runtime::UnspecifiedClass::Any, "unspec.dltensor_alias", m.where(loc),
                   "arguments " + a + " and " + b + " alias");
}

// The slots [first, last) a view can reach.
std::pair<int64_t, int64_t> span_of(const View &v) {
  __int128 hi = 0;
  for (size_t k = 0; k < v.shape.size(); ++k) {
    if (v.shape[k] <= 0)
      return {v.base, v.base};
    hi += static_cast<__int128>(v.shape[k] - 1) * v.strides[k];
  }
  __int128 last = v.base + (hi + 1) * v.dtype.lanes;
  return {v.base, last > INT64_MAX ? INT64_MAX : static_cast<int64_t>(last)};
}

// Runs the bound frame's body; tir.ret ends it with a value (builtin.ret).
Value run_body(Frame &f) {
  // [sem.stmt.primfunc.return] the tir.ret value, else Void; the frame's scope ends here.
  f.m.hit("sem.stmt.primfunc.return");
  try {
    if (f.plan.body)
      f.plan.body->run(f);
  } catch (ReturnSignal &r) {
    return std::move(r.value);
  }
  return Value();
}

struct DepthGuard {
  Machine &m;
  DepthGuard(Machine &m, ir::SourceLoc loc) : m(m) {
    if (m.call_depth >= m.options.call_depth_limit) {
      // [sem.stmt.limit] the recursion budget.
      m.hit("sem.stmt.limit");
      trap_error(ErrorClass::Limit, "call depth budget exhausted", "sem.stmt.limit", m.where(loc));
    }
    ++m.call_depth;
  }
  ~DepthGuard() { --m.call_depth; }
};

void bind_scalars(Binder &bd, const ir::PrimFuncNode &func,
                  const std::vector<const Value *> &scalars) {
  // [bind.order] scalar params first.
  bd.m.hit("bind.order");
  for (size_t i = 0; i < func.params.size(); ++i) {
    const ir::Var &p = func.params[i];
    if (func.buffer_for(p))
      continue;
    // [sem.stmt.primfunc.params] [bind.scalar_param]
    bd.m.hit("sem.stmt.primfunc.params");
    bd.m.hit("bind.scalar_param");
    const Value *v = scalars[i];
    if (!v)
      bd.fail(param_display_name(func, p), "a tensor was passed for a scalar parameter",
              "bind.scalar_param");
    if (v->dtype() != p->dtype)
      bd.fail(param_display_name(func, p),
              "a value of " + ir::to_string(v->dtype()) + " was passed but the parameter is " +
                  ir::to_string(p->dtype),
              "bind.scalar_param");
    bd.f.set(bd.f.plan.param_slots[i], *v);
  }
}

void check_arity(Machine &m, const ir::PrimFuncNode &func, size_t n, ir::SourceLoc loc) {
  // [bind.arity]
  m.hit("bind.arity");
  if (n != func.params.size())
    trap_error(ErrorClass::Binding,
               std::to_string(n) + " arguments passed but the function has " +
                   std::to_string(func.params.size()) + " parameters",
               "bind.arity", m.where(loc));
}

} // namespace

std::string param_display_name(const ir::PrimFuncNode &func, const ir::Var &param) {
  ir::Buffer b = func.buffer_for(param);
  if (b && param->name_hint == b->name + "_handle")
    return b->name;
  return param->name_hint;
}

Value call_entry(Machine &m, const ir::PrimFuncNode &func, std::span<Argument> args) {
  // [sem.stmt.primfunc] params from the arguments, buffers from their DLTensors, body, return.
  m.hit("sem.stmt.primfunc");
  DepthGuard depth(m, func.loc);
  check_arity(m, func, args.size(), func.loc);
  const FuncPlan &plan = m.plan(func);
  Frame f(m, plan);
  Binder bd(m, f, func.loc);
  std::vector<const Value *> scalars(args.size(), nullptr);
  for (size_t i = 0; i < args.size(); ++i)
    if (auto *v = std::get_if<Value>(&args[i]))
      scalars[i] = v;
  bind_scalars(bd, func, scalars);
  // Buffers in param order ([bind.order]), each from its DLTensor ([sem.stmt.primfunc.layout]).
  std::vector<Bound> bound;
  for (size_t i = 0; i < func.params.size(); ++i) {
    const ir::Var &p = func.params[i];
    const int slot = plan.param_buffers[i];
    if (slot < 0)
      continue;
    auto *const *tp = std::get_if<runtime::NDArray *>(&args[i]);
    runtime::NDArray *t = tp ? *tp : nullptr;
    if (!tp)
      bd.fail(param_display_name(func, p), "a scalar was passed for a buffer parameter",
              "bind.scalar_param");
    if (!t || !t->valid())
      bd.fail(param_display_name(func, p), "no tensor was passed", "bind.buffer_param");
    const DLTensor &dl = *t->dltensor();
    Source s;
    s.tensor = t;
    auto dt = runtime::from_dl_datatype(dl.dtype);
    if (!dt)
      bd.fail(param_display_name(func, p), "has a dtype this suite does not know", "bind.dtype");
    s.dtype = *dt;
    s.shape_known = true;
    for (int k = 0; k < dl.ndim; ++k)
      s.shape.push_back(dl.shape[k]);
    if (dl.strides)
      s.strides = std::vector<int64_t>(dl.strides, dl.strides + dl.ndim);
    s.byte_offset = static_cast<int64_t>(dl.byte_offset);
    View v = bd.bind_buffer(param_display_name(func, p), slot, s);
    bound.push_back(
        {i, slot, plan.buffers[static_cast<size_t>(slot)].buffer, std::move(s), std::move(v)});
  }
  for (size_t i = 0; i < bound.size(); ++i)
    for (size_t j = i + 1; j < bound.size(); ++j) {
      const runtime::NDArray *a = bound[i].src.tensor;
      const runtime::NDArray *c = bound[j].src.tensor;
      const std::byte *a0 = a->storage();
      const std::byte *c0 = c->storage();
      if (a == c || (a0 < c0 + c->storage_bytes() && c0 < a0 + a->storage_bytes()))
        alias(m, bound[i].buffer->name, bound[j].buffer->name, func.loc);
    }
  // The tensors' memory as allocations; written slots are copied back when the call ends,
  // however it ends ([sem.stmt.primfunc.outputs]).
  m.hit("sem.stmt.primfunc.layout");
  struct Backing {
    Machine &m;
    std::vector<Bound> &bound;
    ~Backing() {
      for (auto &bd : bound) {
        Allocation *a = bd.view.alloc;
        if (!a)
          continue;
        const size_t unit = static_cast<size_t>(a->unit);
        std::byte *base = bd.src.tensor->storage();
        for (size_t w = 0; w < a->shadow.size(); ++w)
          for (uint64_t bits = a->shadow[w]; bits; bits &= bits - 1) {
            const size_t s = w * 64 + static_cast<size_t>(__builtin_ctzll(bits));
            std::memcpy(base + s * unit, a->data.data() + s * unit, unit);
          }
        m.memory.release(a->id);
      }
    }
  } backing{m, bound};
  m.hit("sem.stmt.primfunc.outputs");
  for (auto &bd : bound) {
    const DataType e = bd.buffer->dtype.element_of();
    const int64_t unit = e.bytes();
    const int64_t slots = static_cast<int64_t>(bd.src.tensor->storage_bytes()) / unit;
    Allocation &a = m.memory.allocate(e, slots, true);
    a.layout_known = true; // [sem.stmt.primfunc.layout]
    // An empty tensor may have no storage, and memcpy takes no null pointer, even for 0 bytes.
    if (slots > 0)
      std::memcpy(a.data.data(), bd.src.tensor->storage(), static_cast<size_t>(slots * unit));
    if (e.is_bool())
      for (auto &byte : a.data)
        byte = byte != std::byte{0} ? std::byte{1} : std::byte{0};
    bd.view.alloc = &a;
    finalize(bd.view);
    Value h = buffer_handle(a.id, 0);
    f.set(plan.param_slots[bd.param], h);
    const int data = plan.buffers[static_cast<size_t>(bd.slot)].data_slot;
    if (data >= 0)
      f.set(data, h);
    f.views[static_cast<size_t>(bd.slot)] = bd.view;
    f.registered[static_cast<size_t>(bd.slot)] = 1;
  }
  return run_body(f);
}

Value call_primfunc(Machine &m, const ir::PrimFuncNode &func, const std::string &name,
                    const std::vector<Value> &args, ir::SourceLoc call_loc) {
  DepthGuard depth(m, call_loc);
  check_arity(m, func, args.size(), call_loc);
  const FuncPlan &plan = m.plan(func);
  Frame f(m, plan);
  Binder bd(m, f, call_loc);
  std::vector<const Value *> scalars(args.size());
  for (size_t i = 0; i < args.size(); ++i)
    scalars[i] = &args[i];
  bind_scalars(bd, func, scalars);
  std::vector<Bound> bound;
  for (size_t i = 0; i < func.params.size(); ++i) {
    const ir::Var &p = func.params[i];
    const int slot = plan.param_buffers[i];
    if (slot < 0)
      continue;
    const ir::BufferNode *b = plan.buffers[static_cast<size_t>(slot)].buffer;
    const Value &h = args[i];
    Allocation *a = nullptr;
    if (h.is_handle() && h.as_handle().kind == HandleValue::Kind::Buffer)
      a = m.memory.find(h.as_handle().allocation);
    if (!a)
      bd.fail(param_display_name(func, p),
              "expected a handle to live buffer memory, got " + runtime::to_string(h),
              "bind.buffer_param");
    Source s;
    s.dtype = a->elem.with_lanes(b->dtype.lanes);
    s.alloc = a;
    s.handle_byte_offset = h.as_handle().byte_offset;
    View v = bd.bind_buffer(param_display_name(func, p), slot, s);
    f.set(plan.param_slots[i], h);
    const int data = plan.buffers[static_cast<size_t>(slot)].data_slot;
    if (data >= 0)
      f.set(data, h);
    bound.push_back({i, slot, b, std::move(s), std::move(v)});
  }
  for (size_t i = 0; i < bound.size(); ++i)
    for (size_t j = i + 1; j < bound.size(); ++j) {
      if (bound[i].view.alloc != bound[j].view.alloc)
        continue;
      auto [a0, a1] = span_of(bound[i].view);
      auto [b0, b1] = span_of(bound[j].view);
      if (a0 < b1 && b0 < a1)
        alias(m, bound[i].buffer->name, bound[j].buffer->name, call_loc);
    }
  for (auto &b : bound) {
    finalize(b.view);
    f.views[static_cast<size_t>(b.slot)] = std::move(b.view);
    f.registered[static_cast<size_t>(b.slot)] = 1;
  }
  (void)name;
  return run_body(f);
}

} // namespace tirconf::oracle::eval
