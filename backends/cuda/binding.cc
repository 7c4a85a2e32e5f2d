#include "backends/cuda/binding.h"

#include <dlpack/dlpack.h>

#include <unordered_map>

#include "runtime/ndarray.h"

namespace tirconf::backends::cuda {

namespace {

using runtime::ErrorClass;
using runtime::Outcome;

// The range of values an integer Var of dtype `t` can hold, for binding a field to it.
bool fits(int64_t v, ir::DataType t) {
  if (t.bits >= 64)
    return !t.is_uint() || v >= 0;
  if (t.is_uint())
    return v >= 0 && static_cast<uint64_t>(v) < (uint64_t{1} << t.bits);
  const int64_t half = int64_t{1} << (t.bits - 1);
  return v >= -half && v < half;
}

class Binder {
public:
  Binder(const ir::PrimFuncNode &f, const std::string &file) : f_(f), file_(file) {}

  // A binding error at the function, [rule].
  Outcome error(const std::string &message, const char *rule) const {
    return Outcome::error(ErrorClass::Binding, message, rule, {file_, f_.loc});
  }

  // One buffer field against the tensor's value: an IntImm or bound Var must equal it, an unbound
  // Var is bound to it if its dtype can hold it.
  std::optional<Outcome> field(const ir::PrimExpr &e, int64_t actual, const std::string &what,
                               const char *rule) {
    if (!e) {
      if (actual != 0)
        return error(what + " is " + std::to_string(actual) + " but the buffer requires 0", rule);
      return std::nullopt;
    }
    if (auto *c = ir::as<ir::IntImmNode>(e)) {
      if (c->value != actual)
        return error(what + " is " + std::to_string(actual) + " but the buffer requires " +
                         std::to_string(c->value),
                     rule);
      return std::nullopt;
    }
    auto *v = ir::as<ir::VarNode>(e);
    if (!v)
      throw LoweringError(what + ": a buffer field that is an expression (support.cc)");
    if (auto it = bound_.find(v); it != bound_.end()) {
      if (it->second != actual)
        return error(what + " is " + std::to_string(actual) + " but the buffer requires " +
                         std::to_string(it->second),
                     rule);
      return std::nullopt;
    }
    if (!fits(actual, v->dtype))
      return error(what + " is " + std::to_string(actual) + ", which does not fit " + v->name_hint +
                       " (" + ir::to_string(v->dtype) + ")",
                   rule);
    bound_[v] = actual;
    return std::nullopt;
  }

  std::optional<Outcome> buffer(const ir::Var &p, const ir::Buffer &b, const DLTensor &t) {
    const std::string arg = "argument " + param_name(f_, p) + ": ";
    // [bind.dtype]
    auto dtype = runtime::from_dl_datatype(t.dtype);
    if (!dtype || *dtype != b->dtype)
      return error(arg + "dtype is " + (dtype ? ir::to_string(*dtype) : std::string("unknown")) +
                       " but the buffer requires " + ir::to_string(b->dtype),
                   "bind.dtype");
    // [bind.ndim]
    const size_t n = b->shape.size();
    if (t.ndim != static_cast<int>(n))
      return error(arg + "ndim is " + std::to_string(t.ndim) + " but the buffer requires " +
                       std::to_string(n),
                   "bind.ndim");
    // [bind.shape] [bind.shape_var]
    for (size_t k = 0; k < n; ++k) {
      auto *v = ir::as<ir::VarNode>(b->shape[k]);
      const char *rule = v && bound_.count(v) ? "bind.shape_var" : "bind.shape";
      if (auto e = field(b->shape[k], t.shape[k], arg + "shape[" + std::to_string(k) + "]", rule))
        return e;
    }
    // [bind.strides] [bind.strides_compact] the tensor's strides when it has them, else the
    // compact ones of its shape.
    if (b->strides.empty()) {
      if (n > 0 && t.strides)
        return error(arg + "has " + std::to_string(n) + " strides but the buffer declares 0",
                     "bind.strides");
    } else if (b->strides.size() != n) {
      return error(arg + "has " + std::to_string(n) + " dimensions but the buffer declares " +
                       std::to_string(b->strides.size()) + " strides",
                   "bind.strides");
    } else {
      int64_t compact = 1;
      std::vector<int64_t> strides(n);
      for (size_t k = n; k-- > 0;) {
        strides[k] = t.strides ? t.strides[k] : compact;
        compact = static_cast<int64_t>(static_cast<uint64_t>(compact) *
                                       static_cast<uint64_t>(t.shape[k]));
      }
      const char *rule = t.strides ? "bind.strides" : "bind.strides_compact";
      for (size_t k = 0; k < n; ++k)
        if (auto e =
                field(b->strides[k], strides[k], arg + "strides[" + std::to_string(k) + "]", rule))
          return e;
    }
    // [bind.byte_offset] [bind.elem_offset]
    const int64_t size = b->dtype.bytes();
    if (t.byte_offset % static_cast<uint64_t>(size) != 0)
      return error(arg + "byte_offset " + std::to_string(t.byte_offset) +
                       " is not a multiple of the element size " + std::to_string(size),
                   "bind.byte_offset");
    return field(b->elem_offset, static_cast<int64_t>(t.byte_offset) / size, arg + "elem_offset",
                 "bind.elem_offset");
  }

  std::unordered_map<const ir::VarNode *, int64_t> bound_;

private:
  const ir::PrimFuncNode &f_;
  const std::string &file_;
};

} // namespace

std::string param_name(const ir::PrimFuncNode &f, const ir::Var &p) {
  ir::Buffer b = f.buffer_for(p);
  if (b && p->name_hint == b->name + "_handle")
    return b->name;
  return p->name_hint;
}

std::variant<KernelArguments, runtime::Outcome> bind_arguments(const KernelInfo &kernel,
                                                               std::span<runtime::Argument> args,
                                                               const std::string &file) {
  const ir::PrimFuncNode &f = *kernel.node;
  Binder binder(f, file);
  // [bind.arity]
  if (args.size() != f.params.size())
    return binder.error(std::to_string(args.size()) + " arguments passed but the function has " +
                            std::to_string(f.params.size()) + " parameters",
                        "bind.arity");
  // [bind.order] scalar params first ([bind.scalar_param]), then buffers in param order.
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    if (f.buffer_for(p))
      continue;
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const auto *v = std::get_if<runtime::Value>(&args[i]);
    if (!v)
      return binder.error(arg + "a tensor was passed for a scalar parameter", "bind.scalar_param");
    if (v->dtype() != p->dtype)
      return binder.error(arg + "a value of " + ir::to_string(v->dtype()) +
                              " was passed but the parameter is " + ir::to_string(p->dtype),
                          "bind.scalar_param");
    if (p->dtype.is_integer() && p->dtype.lanes == 1)
      binder.bound_[p.get()] = v->as_int64();
  }
  for (size_t i = 0; i < f.params.size(); ++i) {
    const ir::Var &p = f.params[i];
    ir::Buffer b = f.buffer_for(p);
    if (!b)
      continue;
    const std::string arg = "argument " + param_name(f, p) + ": ";
    const auto *t = std::get_if<runtime::NDArray *>(&args[i]);
    if (!t)
      return binder.error(arg + "a scalar was passed for a buffer parameter", "bind.scalar_param");
    if (!*t || !(*t)->valid())
      return binder.error(arg + "no tensor was passed", "bind.buffer_param");
    if (auto e = binder.buffer(p, b, *(*t)->dltensor()))
      return *e;
  }
  KernelArguments out;
  for (const KernelParam &k : kernel.params) {
    switch (k.kind) {
    case KernelParam::Kind::Buffer: {
      auto *t = *std::get_if<runtime::NDArray *>(&args[k.param]);
      out.words.push_back(reinterpret_cast<uint64_t>(t->dltensor()->data));
      out.tensors.push_back(k.param);
      break;
    }
    case KernelParam::Kind::Scalar: {
      const auto &v = *std::get_if<runtime::Value>(&args[k.param]);
      out.words.push_back(v.is_handle() ? 0 : v.bits(0));
      break;
    }
    case KernelParam::Kind::Field: {
      auto it = binder.bound_.find(k.var);
      if (it == binder.bound_.end())
        throw LoweringError("buffer field Var " + k.var->name_hint + " was not bound");
      out.words.push_back(static_cast<uint64_t>(it->second));
      break;
    }
    }
  }
  return out;
}

} // namespace tirconf::backends::cuda
