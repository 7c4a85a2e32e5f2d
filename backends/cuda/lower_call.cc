// Calls between PrimFuncs ([sem.expr.call.primfunc]): each called PrimFunc becomes a __device__
// function of its own ABI, run in the calling thread; and the recursion budget.
#include <algorithm>

#include "backends/cuda/binding.h"
#include "backends/cuda/lowering.h"

namespace tirconf::backends::cuda {

using ir::DataType;
using runtime::ErrorClass;

std::string ModuleLowering::callable(const std::string &name) {
  if (requested_.insert(name).second)
    pending_.push_back(name);
  return "tirconf_c_" + identifier(name);
}

void ModuleLowering::finish(std::string &out) {
  while (!pending_.empty()) {
    const std::string name = pending_.back();
    pending_.pop_back();
    ir::PrimFunc f = m->lookup(name);
    if (!f)
      throw LoweringError("call of " + name + ", which is not a PrimFunc of the module");
    FunctionLowering(*this, *f, name, false).emit_callable(out);
  }
}

// [sem.stmt.limit] a call at a depth over the budget is a limit error.
void FunctionLowering::depth_check() {
  fail_if(call_depth_ + " > st->depth_limit",
          site(ErrorClass::Limit, "sem.stmt.limit", f_.loc, "call depth budget exhausted"));
}

void FunctionLowering::emit_callable(std::string &out) {
  call_depth_ = "depth";
  // Each call is one thread's own and may recur: its allocations are its own too (local arrays
  // or the heap), never the module's static arrays.
  level_ = Level::Thread;
  ret_ = ret_dtype(f_);
  std::string params = "TirconfStatus *st, int32_t depth";
  for (const auto &p : f_.params) {
    if (f_.buffer_for(p))
      params += ", void *" + bind(p);
    else
      params += ", " + c_type(p->dtype, f_.loc) + " " + bind(p);
  }
  if (ret_)
    params += ", " + c_type(*ret_, f_.loc) + " *ret_slot";
  const std::string name = "tirconf_c_" + identifier(name_);
  ml_.prototypes += "__device__ int32_t " + name + "(" + params + ");\n";
  depth_check();
  bind_call_params();
  if (f_.body)
    VisitStmt(f_.body);
  line("return 0;");
  out += "__device__ int32_t " + name + "(" + params + ") {\n" + prologue_ + body_ + "}\n\n";
}

// A buffer param called with a handle binds like a DLTensor with that data pointer, null strides
// and byte_offset 0, whose shape must follow from the buffer's own declaration (IntImms, or Vars
// the scalar params bound): a handle carries no shape ([bind.shape], [bind.strides_compact],
// [bind.elem_offset]).
void FunctionLowering::bind_call_params() {
  for (const auto &p : f_.params) {
    ir::Buffer b = f_.buffer_for(p);
    if (!b)
      continue;
    const std::string arg = "argument " + param_name(f_, p) + ": ";
    if (b->data && !vars_.count(b->data.get()))
      vars_[b->data.get()] = var(p.get());
    std::vector<std::string> shape;
    bool known = true;
    for (size_t k = 0; k < b->shape.size() && known; ++k) {
      auto *v = ir::as<ir::VarNode>(b->shape[k]);
      if (ir::as<ir::IntImmNode>(b->shape[k]) || (v && vars_.count(v))) {
        shape.push_back(index64(b->shape[k]));
        continue;
      }
      fail_if("true", site(ErrorClass::Binding, "bind.shape", b->loc,
                           arg + "shape[" + std::to_string(k) +
                               "] cannot be bound from a handle argument"));
      known = false;
    }
    if (!known)
      continue;
    // The compact strides of the shape, each checked against a declared stride or binding it.
    if (!b->strides.empty()) {
      std::string compact = "1ll";
      std::vector<std::string> compacts(shape.size());
      for (size_t k = shape.size(); k-- > 0;) {
        compacts[k] = compact;
        compact = temp(DataType::Int(64),
                       "(int64_t)((uint64_t)" + compact + " * (uint64_t)" + shape[k] + ")");
      }
      for (size_t k = 0; k < b->strides.size() && k < compacts.size(); ++k) {
        auto *v = ir::as<ir::VarNode>(b->strides[k]);
        if (v && !vars_.count(v)) {
          line("const " + c_type(v->dtype) + " " + bind(ir::cast<ir::VarNode>(b->strides[k])) +
               " = (" + c_type(v->dtype) + ")" + compacts[k] + ";");
          continue;
        }
        const std::string want = index64(b->strides[k]);
        fail_if(want + " != " + compacts[k],
                site(ErrorClass::Binding, "bind.strides_compact", b->loc,
                     arg + "strides[" + std::to_string(k) +
                         "] (compact) is {a} but the buffer "
                         "requires {b}"),
                compacts[k], want);
      }
    }
    if (auto *v = ir::as<ir::VarNode>(b->elem_offset); v && !vars_.count(v)) {
      line("const " + c_type(v->dtype) + " " + bind(ir::cast<ir::VarNode>(b->elem_offset)) +
           " = 0;");
    } else if (b->elem_offset) {
      const std::string want = index64(b->elem_offset);
      fail_if(want + " != 0",
              site(ErrorClass::Binding, "bind.elem_offset", b->loc,
                   arg + "elem_offset is 0 but the buffer requires {b}"),
              "0", want);
    }
  }
}

// [sem.expr.call.primfunc] the arguments left to right, then the call; a failure in the callee
// ends the caller too (it is recorded already).
std::string FunctionLowering::call(const ir::CallNode *op) {
  const std::string &name = op->callee->name_hint;
  ir::PrimFunc callee = ml_.m->lookup(name);
  if (!callee)
    throw LoweringError("call of " + name + ", which is not a PrimFunc of the module");
  std::vector<std::string> values;
  for (const auto &a : op->args)
    values.push_back(VisitExpr(a));
  const std::string none = op->dtype.is_void() ? "0" : "(" + c_type(op->dtype) + ")0";
  // [bind.arity]
  if (op->args.size() != callee->params.size()) {
    fail_if("true", site(ErrorClass::Binding, "bind.arity", op->loc,
                         std::to_string(op->args.size()) +
                             " arguments passed but the function "
                             "has " +
                             std::to_string(callee->params.size()) + " parameters"));
    return none;
  }
  std::string args = "st, " + call_depth_ + " + 1";
  for (size_t i = 0; i < callee->params.size(); ++i) {
    const ir::Var &p = callee->params[i];
    const DataType given = op->args[i]->dtype;
    const std::string arg = "argument " + param_name(*callee, p) + ": ";
    if (ir::Buffer buf = callee->buffer_for(p)) {
      // [bind.buffer_param] [bind.dtype] a handle to memory of the buffer's element type: the
      // type the handle Var was declared with (support.cc rejects handles of unknown origin).
      if (!given.is_handle()) {
        fail_if("true", site(ErrorClass::Binding, "bind.buffer_param", op->loc,
                             arg + "expected a handle to live buffer memory, got a value of " +
                                 ir::to_string(given)));
        return none;
      }
      if (auto *v = ir::as<ir::VarNode>(op->args[i]);
          v && v->type_annotation.is_pointer() && v->type_annotation.element->is_prim()) {
        const DataType have = v->type_annotation.element->dtype.element_of();
        const DataType need = buf->dtype.element_of();
        // Bool allocations may be declared as pointers to int8 (type.stmt.allocate).
        const bool bool_bytes = (have == DataType::Int(8) && need.is_bool()) ||
                                (have.is_bool() && need == DataType::Int(8));
        if (have != need && !bool_bytes) {
          fail_if("true",
                  site(ErrorClass::Binding, "bind.dtype", op->loc,
                       arg + "dtype is " + ir::to_string(have.with_lanes(buf->dtype.lanes)) +
                           " but the buffer requires " + ir::to_string(buf->dtype)));
          return none;
        }
      }
    } else if (given != p->dtype) { // [bind.scalar_param]
      fail_if("true", site(ErrorClass::Binding, "bind.scalar_param", op->loc,
                           arg + "a value of " + ir::to_string(given) +
                               " was passed but the parameter is " + ir::to_string(p->dtype)));
      return none;
    }
    args += ", " + values[i];
  }
  const std::string fn = ml_.callable(name);
  const auto rt = ret_dtype(*callee);
  if (!op->dtype.is_void() && (!rt || *rt != op->dtype))
    throw UnsupportedError("a call whose value the callee does not return with tir.ret", op->loc);
  if (!rt) {
    line("if (" + fn + "(" + args + ") != 0) return 1;");
    return none;
  }
  const std::string r = declare(*rt);
  line(r + " = " + (rt->is_handle() ? std::string("0") : "(" + c_type(*rt) + ")0") + ";");
  line("if (" + fn + "(" + args + ", &" + r + ") != 0) return 1;");
  return op->dtype.is_void() ? "0" : r;
}

} // namespace tirconf::backends::cuda
