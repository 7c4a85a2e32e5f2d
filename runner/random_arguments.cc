#include "runner/random_arguments.h"

#include <optional>

#include "ir/substitute.h"
#include "ir/tvmscript/printer.h"
#include "ir/visitor.h"
#include "oracle/arith/simplify.h"

namespace tirconf::runner {

using ir::DataType;

namespace {

// Past this, a trial would spend its time copying data rather than running the program.
constexpr int64_t kMaxArgumentBytes = int64_t{256} << 20;
// Redraws of the shape Vars when a dimension comes out negative (`n - 4` with n = 2).
constexpr int kShapeDraws = 16;

// The Vars of an expression, in order of first appearance.
class CollectVars : public ir::IRVisitor {
public:
  explicit CollectVars(std::vector<const ir::VarNode *> &out) : out_(out) {}
  void VisitExpr_(const ir::VarNode *op) override {
    for (const auto *v : out_)
      if (v == op)
        return;
    out_.push_back(op);
  }

private:
  std::vector<const ir::VarNode *> &out_;
};

// The layout of one buffer argument.
struct Layout {
  std::vector<int64_t> shape;
  std::vector<int64_t> strides; // empty: compact
  int64_t elem_offset = 0;
};

class Maker {
public:
  Maker(const ir::PrimFuncNode &func, SplitMix64 &r) : func_(func), r_(r) {}

  RandomCall make() {
    RandomCall out;
    std::vector<const ir::VarNode *> shape_vars;
    for (const auto &p : func_.params) {
      const ir::Buffer b = func_.buffer_for(p);
      if (!b && !p->dtype.is_integer() && !p->dtype.is_floating()) {
        out.reason = "parameter " + p->name_hint + " is a " + ir::to_string(p->dtype) +
                     " that is not a buffer: tirconf cannot make a value for it";
        return out;
      }
      if (b && !b->dtype.is_integer() && !b->dtype.is_floating()) {
        out.reason = "buffer " + b->name + " holds " + ir::to_string(b->dtype) +
                     ": tirconf cannot make tensors of it";
        return out;
      }
      if (b)
        for (const auto &d : b->shape)
          CollectVars(shape_vars).VisitExpr(d);
    }
    std::vector<Layout> layouts;
    bool drawn = false;
    for (int draw = 0; draw < kShapeDraws && !drawn; ++draw) {
      values_.clear();
      for (const auto *v : shape_vars)
        values_[v] = ir::make_int(v->dtype, r_.range(1, 8));
      auto shaped = shapes();
      if (!shaped.why.empty()) {
        out.reason = shaped.why;
        return out;
      }
      drawn = shaped.layouts.has_value();
      if (drawn)
        layouts = std::move(*shaped.layouts);
    }
    if (!drawn) {
      out.reason = "a buffer dimension is negative for every value of its shape variables tried";
      return out;
    }
    int64_t bytes = 0;
    for (size_t i = 0, k = 0; i < func_.params.size(); ++i) {
      const ir::Buffer b = func_.buffer_for(func_.params[i]);
      if (!b)
        continue;
      Layout &l = layouts[k++];
      if (!strides_and_offset(*b, l, out.reason))
        return out;
      int64_t n = b->dtype.bytes();
      for (int64_t d : l.shape)
        n = d == 0 || n <= kMaxArgumentBytes / d ? n * d : kMaxArgumentBytes + 1;
      bytes += n;
      if (bytes > kMaxArgumentBytes) {
        out.reason = "the buffer arguments would take more than " +
                     std::to_string(kMaxArgumentBytes >> 20) + " MiB";
        return out;
      }
    }
    return build(layouts);
  }

private:
  // An integer expression once the Vars drawn so far have values, with the oracle's arithmetic
  // (the simplifier folds constants exactly as the evaluator computes them).
  std::optional<int64_t> value_of(const ir::PrimExpr &e) {
    ir::PrimExpr folded = simplifier_.simplify(ir::substitute(e, values_));
    if (const auto *imm = ir::as<ir::IntImmNode>(folded))
      return imm->value;
    return std::nullopt;
  }

  // Every buffer parameter's shape, in parameter order: nothing when a dimension is negative
  // (the Vars are drawn again), `why` when one is not a constant.
  struct Shapes {
    std::optional<std::vector<Layout>> layouts;
    std::string why;
  };
  Shapes shapes() {
    Shapes out;
    std::vector<Layout> layouts;
    for (const auto &p : func_.params) {
      const ir::Buffer b = func_.buffer_for(p);
      if (!b)
        continue;
      Layout l;
      for (size_t k = 0; k < b->shape.size(); ++k) {
        auto v = value_of(b->shape[k]);
        if (!v) {
          out.why = "shape[" + std::to_string(k) + "] of buffer " + b->name + " (" +
                    ir::print_expr(b->shape[k]) + ") is no constant once its variables have values";
          return out;
        }
        if (*v < 0)
          return out;
        l.shape.push_back(*v);
      }
      layouts.push_back(std::move(l));
    }
    out.layouts = std::move(layouts);
    return out;
  }

  // [bind.strides_compact] [bind.elem_offset] what a compact tensor binds an unbound Var to;
  // any other declared value is given as it is.
  bool strides_and_offset(const ir::BufferNode &b, Layout &l, std::string &why) {
    if (!b.strides.empty()) {
      if (b.strides.size() != l.shape.size()) {
        why = "buffer " + b.name + " declares " + std::to_string(b.strides.size()) +
              " strides for " + std::to_string(l.shape.size()) + " dimensions";
        return false;
      }
      std::vector<int64_t> compact(l.shape.size(), 1);
      for (size_t k = l.shape.size(); k-- > 1;)
        compact[k - 1] = compact[k] * l.shape[k];
      for (size_t k = 0; k < b.strides.size(); ++k) {
        const auto *var = ir::as<ir::VarNode>(b.strides[k]);
        if (var && !values_.count(var))
          values_[var] = ir::make_int(var->dtype, compact[k]);
        auto v = value_of(b.strides[k]);
        if (!v || *v < 0) {
          why = "stride " + std::to_string(k) + " of buffer " + b.name + " (" +
                ir::print_expr(b.strides[k]) + ") is " +
                (v ? "negative" : "no constant once its variables have values");
          return false;
        }
        l.strides.push_back(*v);
      }
      if (l.strides == compact)
        l.strides.clear();
    }
    if (b.elem_offset) {
      const auto *var = ir::as<ir::VarNode>(b.elem_offset);
      if (var && !values_.count(var))
        values_[var] = ir::make_int(var->dtype, 0);
      auto v = value_of(b.elem_offset);
      if (!v || *v < 0) {
        why = "elem_offset of buffer " + b.name + " (" + ir::print_expr(b.elem_offset) + ") is " +
              (v ? "negative" : "no constant once its variables have values");
        return false;
      }
      l.elem_offset = *v;
    }
    return true;
  }

  RandomCall build(const std::vector<Layout> &layouts) {
    RandomCall out;
    auto call = std::make_unique<CallArguments>();
    // Tensors first: args point into call->tensors, which must not grow afterwards.
    for (size_t i = 0, k = 0; i < func_.params.size(); ++i) {
      const ir::Buffer b = func_.buffer_for(func_.params[i]);
      if (!b)
        continue;
      const Layout &l = layouts[k++];
      runtime::NDArray a =
          l.strides.empty() && l.elem_offset == 0
              ? runtime::NDArray(b->dtype, l.shape)
              : runtime::NDArray::strided(b->dtype, l.shape, l.strides,
                                          static_cast<uint64_t>(l.elem_offset * b->dtype.bytes()));
      for (int64_t e = 0; e < a.size(); ++e)
        a.set(e, random_value(r_, b->dtype));
      call->tensors.push_back({func_.arg_name(func_.params[i]), std::move(a)});
    }
    for (size_t i = 0, k = 0; i < func_.params.size(); ++i) {
      const ir::Var &p = func_.params[i];
      if (func_.buffer_for(p)) {
        call->args.emplace_back(&call->tensors[k++].array);
        continue;
      }
      // [bind.shape_var] a parameter that is also a shape Var must equal the dimension.
      auto it = values_.find(p.get());
      if (it == values_.end()) {
        call->args.emplace_back(random_value(r_, p->dtype));
        continue;
      }
      const int64_t v = ir::as<ir::IntImmNode>(it->second)->value;
      try {
        call->args.emplace_back(runtime::Value::from_int64(p->dtype, v));
      } catch (const std::out_of_range &) {
        out.reason = "parameter " + p->name_hint + " (" + ir::to_string(p->dtype) +
                     ") cannot hold the value " + std::to_string(v) + " of its dimension";
        return out;
      }
    }
    out.call = std::move(call);
    return out;
  }

  const ir::PrimFuncNode &func_;
  SplitMix64 &r_;
  ir::VarMap values_; // shape, stride and elem_offset Vars with the values drawn for them
  oracle::arith::Simplifier simplifier_;
};

} // namespace

RandomCall random_arguments(const ir::PrimFuncNode &func, SplitMix64 &r) {
  return Maker(func, r).make();
}

std::unique_ptr<CallArguments> copy_arguments(const CallArguments &c) {
  auto out = std::make_unique<CallArguments>();
  out->tensors = c.tensors;
  for (const auto &a : c.args) {
    const auto *t = std::get_if<runtime::NDArray *>(&a);
    if (!t) {
      out->args.push_back(a);
      continue;
    }
    runtime::NDArray *copy = nullptr;
    for (size_t k = 0; k < c.tensors.size(); ++k)
      if (&c.tensors[k].array == *t)
        copy = &out->tensors[k].array;
    out->args.emplace_back(copy);
  }
  return out;
}

std::vector<Arg> describe_arguments(const ir::PrimFuncNode &func, const CallArguments &c) {
  std::vector<Arg> out;
  for (size_t i = 0; i < func.params.size() && i < c.args.size(); ++i) {
    Arg a;
    a.name = func.arg_name(func.params[i]);
    if (const auto *t = std::get_if<runtime::NDArray *>(&c.args[i]); t && *t) {
      const runtime::NDArray &array = **t;
      a.is_tensor = true;
      a.tensor.dtype = array.dtype();
      a.tensor.shape = array.shape();
      a.tensor.has_data = true;
      const DataType element = array.dtype().element_of();
      for (int64_t e = 0; e < array.size(); ++e) {
        const runtime::Value v = array.get(e);
        for (int lane = 0; lane < v.lanes(); ++lane)
          a.tensor.data.push_back(runtime::lane_to_string(element, v.bits(lane)));
      }
    } else if (const auto *v = std::get_if<runtime::Value>(&c.args[i])) {
      a.scalar = runtime::to_string(*v);
    }
    out.push_back(std::move(a));
  }
  return out;
}

} // namespace tirconf::runner
